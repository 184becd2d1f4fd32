"""Chat exports in: ChatGPT, Claude and chat JSONL as sessions; idempotent, resumable, bad units reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memory import chats, gate, review
from memory.models import CapturePayload
from retrieval import tuning
from retrieval.recall import _agreed_first, _PriorInput, recall
from retrieval.scope import ALL_SPACES

FIXTURES = Path(__file__).parent / "fixtures" / "chats"


def _turns(db) -> list[tuple]:
    return db.rows(
        "SELECT s.conversation, st.position, st.speaker, m.content, m.valid_from, m.retrieval_cue "
        "FROM session_turns st JOIN sessions s ON s.id = st.session_id JOIN memories m ON m.id = st.memory_id "
        "ORDER BY s.conversation, st.position"
    )


@pytest.mark.parametrize(
    ("name", "fmt"), [("chatgpt.json", "chatgpt"), ("claude.json", "claude"), ("chat.jsonl", "chat-jsonl")]
)
def test_format_is_detected_from_the_content(tmp_path, name, fmt):
    copy = tmp_path / "export.txt"  # the name says nothing
    shutil.copy(FIXTURES / name, copy)
    assert chats.detect_format(copy) == fmt


@pytest.mark.parametrize("text", ["[]", "[ ]\n", "\ufeff[\n]\n"])
def test_an_export_with_no_conversations_is_named_as_such(cli, tmp_path, text):
    # An account with no chats exports `[]`: it was read as capture JSONL and refused as a bad line
    # ("each line must be a JSON object"), which names no fix.
    path = tmp_path / "conversations.json"
    path.write_text(text, encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: {path} is an empty list: no conversations to import; check it is the export you meant"
    ]


@pytest.mark.parametrize("name", ["captures.jsonl", "captures.ndjson", "captures.json"])
def test_lines_after_a_first_line_that_is_an_empty_list_still_land(cli, tmp_path, name):
    # Found by the deep fuzz profile: a JSONL file whose first line is `[]` was taken for an empty chat
    # export ("is an empty list: no conversations to import"), and its good lines were never read.
    good = "The fuzzing harness imported this good line safely"
    path = tmp_path / name
    path.write_text("[]\n" + json.dumps({"content": good}) + "\n", encoding="utf-8")
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 1  # the first line is a bad unit, said by its number
    report = json.loads(result.stdout)
    assert report["stored"] == 1 and report["errors"] == [f"{name}:1: each line must be a JSON object"]
    assert result.stderr.strip().splitlines() == [f"error: {name}:1: each line must be a JSON object"]
    lone = tmp_path / ("lone" + path.suffix)
    lone.write_text("[]\n", encoding="utf-8")
    said = cli("import", str(lone)).stderr
    assert ("empty list" in said) == (path.suffix == ".json")  # the control: a lone `[]` export is named as one


@pytest.mark.parametrize(
    "first", ["[[Projects]]", "[Home](index.md) / [Work](work.md)", "{draft}", "[x] sent the form", "[]"]
)
@pytest.mark.parametrize("name", ["note.md", "Note.MARKDOWN"])
def test_a_markdown_note_that_opens_with_a_bracket_is_a_note(cli, tmp_path, first, name):
    # A note opening with an Obsidian link, a Markdown link or a brace was sniffed as JSON and refused
    # ("--format markdown takes a folder of notes or one .md note, jsonl a file"): its name says what it is.
    said = "The ledger moved to PostgreSQL 16 for its transactional DDL last spring"
    path = tmp_path / name
    path.write_text(f"{first}\n\n{said}\n", encoding="utf-8")
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["stored"] == 1
    assert chats.detect_format(path) == "markdown"
    copy = tmp_path / "export.txt"  # the control: the same bytes under a name that says nothing are sniffed
    copy.write_text(f"[{json.dumps({'title': 'x', 'mapping': {}})}]", encoding="utf-8")
    assert chats.detect_format(copy) == "chatgpt"


def test_a_chat_jsonl_whose_first_message_is_longer_than_the_head_read_is_still_chat_jsonl(session, tmp_path):
    # The first line was parsed from the first 64 KB only: a longer one (a pasted log) did not
    # parse, the file was taken for captures, and every line was refused ("conversation: unknown key").
    log = "\n".join(f"12:00:{i % 60:02d} worker-{i} connection reset by peer" for i in range(3000))
    first = {"conversation": "crash", "text": f"Here is the log:\n```\n{log}\n```"}
    second = {"conversation": "crash", "text": "It was the connection pool; raising it to 40 fixed the crash."}
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    assert len(json.dumps(first)) > 1 << 16
    assert chats.detect_format(path) == "chat-jsonl"
    report = session.import_path(path)
    assert report.stored > 2 and not report.errors


def _claude_branches(leaf: str | None) -> list[dict]:
    root = "00000000-0000-4000-8000-000000000000"

    def msg(uuid: str, parent: str, sender: str, text: str, minute: int) -> dict:
        when = f"2024-05-01T10:{minute:02d}:00Z"
        return {"uuid": uuid, "parent_message_uuid": parent, "sender": sender, "text": text, "created_at": when}

    conv = {
        "uuid": "conv-1",
        "name": "Moving",
        "created_at": "2024-05-01T10:00:00Z",
        "chat_messages": [
            msg("m1", root, "human", "I live in Berlin and I work as a nurse at the Charité hospital.", 0),
            msg("m2", "m1", "assistant", "Berlin has good transport for shift work.", 1),
            msg("m3", root, "human", "I live in Hamburg and I work as a nurse at the UKE hospital.", 2),  # m1 edited
            msg("m4", "m3", "assistant", "Hamburg has good transport for shift work.", 3),
            msg("m5", "m4", "human", "Which district near the UKE hospital is quiet enough for night shifts?", 4),
        ],
    }
    return [{**conv, "current_leaf_message_uuid": leaf} if leaf else conv]


@pytest.mark.parametrize("leaf", ["m5", None])
def test_claude_follows_the_current_branch_of_an_edited_message(session, tmp_path, leaf):
    # A Claude export lists both versions of an edited message, each naming its parent; read in
    # array order, the abandoned "Berlin" landed beside "Hamburg" and opened a life-change item.
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(_claude_branches(leaf)), encoding="utf-8")
    session.import_path(path, roles="all")
    texts = [t[3] for t in _turns(session.db)]
    assert not any("Berlin" in t for t in texts), texts
    assert sum("Hamburg" in t for t in texts) == 2 and any("night shifts" in t for t in texts)
    assert review.open_items(session.db) == []


def test_claude_export_without_parents_keeps_every_message(session, tmp_path):
    convs = _claude_branches("m5")
    for m in convs[0]["chat_messages"]:
        del m["parent_message_uuid"]
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(convs), encoding="utf-8")
    assert session.import_path(path, roles="all").stored == 5


def test_chatgpt_follows_the_current_branch_and_skips_system_tool_and_empty(session):
    report = session.import_path(FIXTURES / "chatgpt.json", roles="all")
    turns = _turns(session.db)
    texts = [t[3] for t in turns]
    assert not any("abandoned first draft" in t for t in texts)  # the regenerated-away branch
    assert any(t.startswith("Not ruined") for t in texts)  # the assistant reply on the current branch
    assert "I moved the jar next to the radiator" in " ".join(texts)  # text part of a multimodal message
    assert report.dropped == {"too_short": 1}  # "ok thanks"
    first = next(t for t in turns if t[3].startswith("My rye"))
    assert first[4] == "2024-05-01T08:01:00Z" and first[2] == "user"
    title, people, assistant = session.db.rows(
        "SELECT title, participants, with_assistant FROM sessions WHERE conversation LIKE '%0001'"
    )[0]
    assert title == "Sourdough starter troubleshooting" and json.loads(people) == ["user", "ChatGPT"] and assistant


def test_chatgpt_voice_mode_keeps_what_was_said(session, tmp_path):
    # A voice-mode message is multimodal_text with an audio pointer and an audio_transcription part
    # holding the words; the parts were read as strings only, and the message counted as empty.
    voice = {
        "content_type": "multimodal_text",
        "parts": [
            {"content_type": "real_time_user_audio_video_asset_pointer", "audio_asset_pointer": {"size_bytes": 150798}},
            {
                "content_type": "audio_transcription",
                "text": "My new manager is Priya and she starts on Monday.",
                "direction": "in",
            },
        ],
    }
    root = {"id": "r", "message": None, "parent": None, "children": ["u"]}
    user = {
        "id": "u",
        "parent": "r",
        "children": [],
        "message": {"id": "u", "author": {"role": "user"}, "content": voice},
    }
    export = [
        {"title": "Voice chat", "create_time": 1714550400.0, "mapping": {"r": root, "u": user}, "current_node": "u"}
    ]
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    report = session.import_path(path)
    assert report.stored == 1 and report.empty == 0
    assert [t[3] for t in _turns(session.db)] == ["My new manager is Priya and she starts on Monday."]


def test_default_roles_keep_the_persons_own_messages(session):
    report = session.import_path(FIXTURES / "claude.json")
    texts = [t[3] for t in _turns(session.db)]
    assert report.skipped_roles == 1 and report.empty == 1
    assert not any(t.startswith("Wider tyres") for t in texts)
    assert any("steel touring frame" in t for t in texts)  # empty `text`, read from the content blocks
    assert report.conversations == 2 and len(report.sessions) == 2


def test_chat_jsonl_reports_bad_lines_and_lands_the_rest(session):
    report = session.import_path(FIXTURES / "chat.jsonl")
    assert [e.split(":")[1] for e in report.errors] == ["5", "6", "7"]
    assert "sometime next week" in report.errors[1] and "mood" in report.errors[2]
    assert report.stored == 5 and report.dropped == {"too_short": 1}  # "yes!"
    assert session.db.scalar("SELECT count(*) FROM rejected_captures") == 1


def test_previous_turn_is_the_cue_between_people_only(session):
    session.import_path(FIXTURES / "chat.jsonl", roles="all")
    cue = {(t[0], t[1]): t[5] for t in _turns(session.db)}
    # the turn it answers, with who said it, then who says this one: the names are embedded with it
    assert cue[("family-group", 1)].startswith("Ana: Grandpa's 80th birthday")
    assert cue[("family-group", 1)].endswith("Saturday at seven.\nBruno:")
    assert cue[("family-group", 0)] == "Ana:"
    assert cue[("notes-with-bot", 0)] == ""  # a person and an assistant: turns stand alone


def test_reimport_adds_nothing(session):
    first = session.import_path(FIXTURES / "chat.jsonl")
    before = (_turns(session.db), session.db.scalar("SELECT count(*) FROM memories"))
    again = session.import_path(FIXTURES / "chat.jsonl")
    # the message the gate refused is refused again (not "already present"); nothing is written for it
    assert (first.stored, first.rejected) == (5, 1)
    assert (again.stored, again.duplicates, again.rejected) == (0, 5, 1)
    assert (_turns(session.db), session.db.scalar("SELECT count(*) FROM memories")) == before
    assert session.db.scalar("SELECT count(*) FROM rejected_captures") == 1


def test_a_killed_import_picks_up_where_it_stopped(session, monkeypatch, tmp_path):
    export = tmp_path / "long.jsonl"
    lines = [
        {
            "conversation": f"c{i // 4}",
            "speaker": "Ana" if i % 2 else "Bruno",
            "text": f"Message {i} about the garden shed roof repair",
        }
        for i in range(20)
    ]
    export.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    monkeypatch.setattr(chats, "BATCH", 4)
    real, calls = chats.conversations.link_turns, {"n": 0}

    def dies_on_third(db, rows):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt  # killed after the third batch was stored, before it was linked
        real(db, rows)

    monkeypatch.setattr(chats.conversations, "link_turns", dies_on_third)
    with pytest.raises(KeyboardInterrupt):
        session.import_path(export)
    # Batches 1-3 landed, each with its vectors (memory/capture.py `capture_stream` writes a batch's
    # rows with them); batch 4 was read and being encoded, and nothing of it was stored.
    landed = session.db.scalar("SELECT count(*) FROM memories")
    assert landed == 12 and session.db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 0
    monkeypatch.setattr(chats.conversations, "link_turns", real)
    report = session.import_path(export)
    assert session.db.scalar("SELECT count(*) FROM memories") == 20
    assert report.stored == 20 - landed and len(_turns(session.db)) == 20  # the stored-unlinked batch is linked now
    assert sorted(t[1] for t in _turns(session.db) if t[0] == "c2") == [0, 1, 2, 3]
    # and the re-run leaves nothing pending
    assert session.db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 0


def test_a_torn_export_keeps_the_conversations_before_the_tear(session, tmp_path):
    text = (FIXTURES / "claude.json").read_text(encoding="utf-8")
    torn = tmp_path / "conversations.json"
    torn.write_text(text[: text.index('"c0ffee00-0000-4000-8000-00000000000b"')], encoding="utf-8")
    report = session.import_path(torn, format="claude")
    assert report.stored == 2 and report.errors and "conversation 2 is cut off" in report.errors[0]


def test_long_message_is_split_not_lost():
    text = ("word " * 9000).strip()  # 44,999 characters
    parts = chats.split_text(text, 20_000)
    assert len(parts) == 3 and all(len(p) <= 20_000 for p in parts)
    assert " ".join(parts) == text


def test_a_long_pasted_log_is_split_at_lines_and_each_part_keeps_its_code_block():
    # A 560 KB log pasted in a fence had been cut at the last space before 20,000 characters: each
    # part after the first began mid-line without its fence, and the pages read it as prose.
    lines = [
        f"2024-01-0{i % 9 + 1} 12:00:{i % 60:02d} ERROR worker-{i} connection reset retry {i}" for i in range(6000)
    ]
    text = "Here is the log from the crash:\n```log\n" + "\n".join(lines) + "\n```\nWhat went wrong?"
    parts = chats.split_text(text, 20_000)
    assert len(parts) > 10 and all(len(p) <= 20_000 for p in parts)
    for part in parts:
        assert part.count("```") == 2, part[:80]  # opened (or reopened) and closed in every part
    assert all(p.startswith("```log\n2024-") for p in parts[1:])  # at a line, the fence reopened
    body = [line for p in parts for line in p.splitlines() if not line.startswith("```")]
    assert body == ["Here is the log from the crash:", *lines, "What went wrong?"]


def test_keep_all_counts_what_the_gate_would_drop(session):
    report = session.import_path(FIXTURES / "chat.jsonl", keep_all=True)
    assert report.kept_anyway == {"too_short": 1} and report.dropped == {} and report.stored == 6


def test_recall_json_carries_session_and_context(cli, cli_json):
    assert cli("import", str(FIXTURES / "chat.jsonl")).exit_code == 1  # three bad lines, the rest landed
    data = cli_json("recall", "who picks up aunt Ines from the station", "--context", "1")
    hit = next(h for h in data["results"] if h["content"].startswith("I will pick aunt Ines up"))
    assert hit["session_id"].startswith("ses_") and hit["position"] == 4
    assert [t["position"] for t in hit["context"]] == [3, 4]
    text = cli("recall", "who picks up aunt Ines from the station", "--context", "1").stdout
    assert "> #4 Ana: I will pick aunt Ines up" in text


def test_forgotten_turn_leaves_a_gap_in_context(session, cli, cli_json):
    cli("import", str(FIXTURES / "chat.jsonl"))
    data = cli_json("recall", "aunt Ines train station", "--context", "2")
    asked = next(h for h in data["results"] if h["content"].startswith("Can someone pick up"))
    assert cli("forget", asked["id"]).exit_code == 0
    data = cli_json("recall", "who picks up aunt Ines", "--context", "2")
    for hit in data["results"]:
        assert all(not t["content"].startswith("Can someone pick up") for t in hit.get("context", []))


def test_imported_turns_do_not_decay_into_invisibility(session, monkeypatch):
    from memory import decay
    from memory.capture import capture
    from memory.models import parse_payload

    monkeypatch.setenv("QUIRE_NOW", "2025-01-01")
    session.import_path(FIXTURES / "chat.jsonl")
    note = capture(session.db, parse_payload({"content": "The spare key for the shed hangs behind the door"}))
    monkeypatch.setenv("QUIRE_NOW", "2026-01-01")  # a year without use
    decay.run(session.db, actor="test")
    chat = session.db.scalar(
        "SELECT min(effective_confidence) FROM memories WHERE id IN (SELECT memory_id FROM session_turns)"
    )
    plain = session.db.scalar("SELECT effective_confidence FROM memories WHERE id = ?", (note.id,))
    assert chat > 0.35 and plain < 0.05  # the same type, but a record of what was said keeps its weight


def test_only_sessions_between_people_lift_their_turns(cli, cli_json):
    cli("import", str(FIXTURES / "chat.jsonl"), "--roles", "all")
    data = cli_json("recall", "boiler service contract aunt Ines station", "-k", "10")
    lifted = {h["content"][:20]: "session" in h["multipliers"] for h in data["results"]}
    assert lifted["Remind me that the b"] is False and lifted["Noted: the boiler se"] is False  # with an assistant
    assert lifted["Can someone pick up "] is True  # between Ana and Bruno


def test_the_benchmark_export_is_a_chatgpt_export_of_that_many_messages(tmp_path):
    from eval.bench import write_chatgpt_export

    export = tmp_path / "conversations.json"
    write_chatgpt_export(export, 45, per_conversation=20)
    report = chats.ChatReport()
    convs = list(chats.read_chatgpt(export, report))
    assert chats.detect_format(export) == "chatgpt" and not report.errors
    assert [len(c.messages) for c in convs] == [20, 20, 5]
    assert {m.role for c in convs for m in c.messages} == {"user", "assistant"}


def test_with_an_assistant_a_sessions_further_turns_make_room_for_other_sessions(cli, cli_json, monkeypatch):
    from retrieval import tuning

    monkeypatch.setattr(tuning, "SESSION_SPREAD", 0.75)  # off by default (retrieval/tuning.py says why)
    cli("import", str(FIXTURES / "chat.jsonl"), "--roles", "all")
    data = cli_json("recall", "boiler service contract renews October Calor", "-k", "10")
    bot = [h for h in data["results"] if h["session_title"] == "notes-with-bot"]
    assert len(bot) == 2 and "spread" not in bot[0]["multipliers"] and bot[1]["multipliers"]["spread"] < 1
    assert all("spread" not in h["multipliers"] for h in data["results"] if h["session_title"] != "notes-with-bot")


def test_control_characters_never_cut_a_message_short(session, tmp_path):
    export = tmp_path / "odd.jsonl"
    line = {
        "conversation": "../../etc/passwd",
        "speaker": "Zoë",
        "text": "Null \x00 byte\x07 inside a message about the shed roof",
    }
    export.write_text(json.dumps(line) + "\n", encoding="utf-8")
    session.import_path(export)
    assert [t[3] for t in _turns(session.db)] == ["Null  byte inside a message about the shed roof"]
    assert session.db.scalar("SELECT title FROM sessions") == "../../etc/passwd"  # a key, never a path


@pytest.mark.model
def test_the_demo_export_recalls_the_fix_with_its_context_using_the_real_model(cli_json, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    sample = Path(__file__).resolve().parents[1] / "wiki" / "sample" / "conversations.json"
    report = cli_json("import", str(sample))
    assert report["stored"] == 6 and report["dropped"] == {"too_short": 1} and report["skipped_roles"] == 3
    data = cli_json("recall", "which train did I book to Porto", "-k", "2", "--context", "2")
    assert {h["session_title"] for h in data["results"]} == {"Weekend in Porto"}  # both of my turns there
    hit = next(h for h in data["results"] if "Alfa Pendular" in h["content"])
    assert [t["position"] for t in hit["context"]] == [1, 3]  # the earlier turn of mine, then this one


def test_a_deeply_nested_export_is_refused_without_parsing_it(cli, db, tmp_path):
    # An array of objects looks like an export; nesting this deep would make a streaming parser
    # build a prefix per level (quadratic memory) before it found anything to import.
    path = tmp_path / "conversations.json"
    path.write_text('[{"mapping": ' + "[" * 100_000 + "\n")
    result = cli("import", str(path), "--defer-embed")
    assert result.exit_code == 1
    assert "nested more than" in result.stderr
    assert db.scalar("SELECT count(*) FROM memories") == 0


def _chat(path: Path, conversation: str, turns: list[tuple[str, str, str]]) -> Path:
    with path.open("a", encoding="utf-8") as fh:
        for speaker, role, text in turns:
            line = {"conversation": conversation, "speaker": speaker, "role": role, "text": text, "time": "2024-03-02"}
            fh.write(json.dumps(line) + "\n")
    return path


def test_with_an_assistant_the_persons_opening_message_comes_first(session, tmp_path):
    # The opening message says what the chat is about; a follow-up with the same words is about the answer.
    said = [
        ("me", "user", "I planted three lemon trees from the Oakdale nursery along the south fence."),
        ("bot", "assistant", "Lemon trees like full sun and well-drained soil."),
        ("me", "user", "Which fertiliser do lemon trees from a nursery like the Oakdale one need along a fence?"),
    ]
    export = _chat(tmp_path / "chat.jsonl", "garden-with-bot", said)
    neighbours = [("Rui", "user", "Our Oakdale nursery lemon trees by the fence finally flowered.")]
    neighbours.append(("Mia", "user", "Nice!"))
    _chat(export, "garden-with-neighbour", neighbours)
    session.import_path(export, roles="user")
    hits = recall(session, "lemon trees Oakdale nursery fence", scope=ALL_SPACES, touch=False)
    bot = [h for h in hits if h.session_title == "garden-with-bot"]
    assert [h.position for h in bot] == [0, 2]
    assert "opening" in bot[0].multipliers and "opening" not in bot[1].multipliers
    assert all("opening" not in h.multipliers for h in hits if h.session_title != "garden-with-bot")  # between people


PORTO = [
    ("me", "user", "Planning a weekend in Porto with my partner in June; we both prefer the train from Lisbon."),
    ("bot", "assistant", "The Alfa Pendular from Lisboa Santa Apolonia takes about three hours to Porto Campanha."),
    ("me", "user", "Booked the 10:09 Alfa Pendular on Friday and a guesthouse in Ribeira for two nights."),
]


def _porto(session, tmp_path) -> None:
    session.import_path(_chat(tmp_path / "chat.jsonl", "Weekend in Porto", PORTO), roles="user")


def test_a_question_about_what_the_person_did_finds_the_turn_where_the_chat_came_to_it(store, session, tmp_path):
    # Issue 20's named case: "which train did I book to Porto" asks what the chat came to. The opener
    # (lifted as the chat's opening) holds "train" and "Porto" but no booking; the later turn holds
    # "booked", and the two hold every word of the question: the later turn goes right above it.
    _porto(session, tmp_path)
    hits = recall(session, "which train did I book to Porto", k=2, scope=ALL_SPACES, touch=False)
    assert hits[0].content.startswith("Booked the 10:09 Alfa Pendular")
    assert "handoff" in hits[0].multipliers and "opening" not in hits[0].multipliers
    assert hits[1].content.startswith("Planning a weekend in Porto")  # right below, its own lift kept
    assert hits[1].multipliers["opening"] == tuning.OPENING_LIFT


def test_the_opener_keeps_its_place_without_the_hand_off(session, tmp_path, monkeypatch):
    # Control: the same home and question without the hand-off rank the opener first (the test above bites).
    monkeypatch.setattr(tuning, "OPENING_HANDOFF", False)
    _porto(session, tmp_path)
    hits = recall(session, "which train did I book to Porto", k=1, scope=ALL_SPACES, touch=False)
    assert hits[0].content.startswith("Planning a weekend in Porto")


@pytest.mark.parametrize(
    "query",
    [
        "trains to Porto",  # nothing the person did: the opener says what the chat is about
        "what did I plan for Porto",  # what the person did is in the opener itself
        "which train did I book to Porto for the concert",  # no turn holds "concert": not completed
    ],
)
def test_the_opener_stays_first_where_no_later_turn_completes_it(session, tmp_path, query):
    _porto(session, tmp_path)
    hits = recall(session, query, k=1, scope=ALL_SPACES, touch=False)
    assert hits[0].content.startswith("Planning a weekend in Porto")


CLASS = [
    ("me", "user", "Portuguese class: my Portuguese lessons and Portuguese homework moved to Wednesday."),
    ("bot", "assistant", "Wednesday evenings leave the weekend free."),
    ("me", "user", "The teacher wants us to read one news article in Portuguese every week, as homework for class."),
]
TEACHERS = [
    "My sister works as a maths teacher at a school in Braga",
    "The pottery teacher moved the course to the old market hall",
    "Our yoga teacher recommends stretching every morning before work",
    "A teacher from the choir lent me a book about Fado",
]


@pytest.mark.parametrize("handoff", [True, False])
def test_a_later_turn_holding_every_word_of_the_question_goes_above_its_opener(session, tmp_path, handoff, monkeypatch):
    # "who is my Portuguese teacher": the opener says "Portuguese" three times (and is lifted), the
    # later turn holds both words; "teacher" is common in this home, so without the hand-off (the
    # control) the opener is first.
    monkeypatch.setattr(tuning, "OPENING_HANDOFF", handoff)
    session.import_path(_chat(tmp_path / "chat.jsonl", "Portuguese class", CLASS), roles="user")
    for text in TEACHERS:
        session.capture(CapturePayload(content=text, type="fact"))
    hits = recall(session, "who is my Portuguese teacher", k=2, scope=ALL_SPACES, touch=False)
    order = [h.content[:12] for h in hits]
    assert order == (["The teacher ", "Portuguese c"] if handoff else ["Portuguese c", "The teacher "])


def _priors(words: tuple[str, ...], rows: dict[str, str], openers: list[str], agreed: str) -> _PriorInput:
    listed = [{"id": mid, "content": text} for mid, text in rows.items()]
    return _PriorInput(None, listed, {}, (), words=words, found={"openers": openers}, agreed=agreed)  # type: ignore[arg-type]


def test_the_memory_both_channels_put_first_goes_above_an_opener_only_its_lift_put_over_it():
    # "which grade did I get for the Portuguese homework" on the demo: the answer was first by words
    # and by meaning, and ranked third under two openers of the Portuguese chats lifted x1.5.
    rows = {
        "answer": "Mrs. Duarte gave the Portuguese homework back with a B+",
        "opener": "My Portuguese class moved from Monday to Wednesday evenings",
        "fuller": "My Portuguese homework grade came back today",  # holds as many words: keeps its place
        "strong": "Portuguese class notes",  # above it without the lift: stays
    }
    given = _priors(("grade", "portuguese", "homework"), rows, ["opener", "fuller", "strong"], "answer")
    score = {"answer": 1.0, "opener": 1.2, "fuller": 1.3, "strong": 1.6}
    moves = _agreed_first(given, score)
    assert list(moves) == ["answer"] and 1.2 < moves["answer"][0] < 1.3
    assert _agreed_first(_priors(given.words, rows, ["opener"], None), score) == {}  # the channels disagree


FLAKY = [
    ("me", "user", "The refund integration test fails about one run in ten on CI but never on my laptop."),
    ("bot", "assistant", "Look for time, order or network dependence."),
    ("me", "user", "It was the test relying on wall-clock midnight; freezing the clock with a fixture fixed it."),
]


@pytest.mark.parametrize(
    ("title", "first"), [("Flaky integration test", "It was the t"), ("Refund test", "The refund i")]
)
def test_the_chats_title_counts_toward_what_the_opener_and_a_later_turn_hold(session, tmp_path, title, first):
    # "how did we fix the flaky refund test": "flaky" is only in the title. With it, the opener, the
    # fix and the title hold every word and the fix comes first; under another title (the control)
    # nothing completes the question and the opener stays first.
    session.import_path(_chat(tmp_path / "chat.jsonl", title, FLAKY), roles="user")
    hits = recall(session, "how did we fix the flaky refund test", k=1, scope=ALL_SPACES, touch=False)
    assert hits[0].content.startswith(first)


def test_a_turn_that_names_things_ranks_above_one_that_only_talks(session, tmp_path, monkeypatch):
    # Two follow-ups on the same words: the one with a number, a date and a name states the fact.
    said = [
        ("me", "user", "Hello, I need some help with my garden this spring."),
        ("bot", "assistant", "Happy to help with the garden."),
        ("me", "user", "Thanks, that helps, now tell me more about pruning lemon trees along the fence."),
        ("bot", "assistant", "Prune lemon trees after the last frost."),
        ("me", "user", "I pruned 3 lemon trees along the fence on 12 March with Rui from Oakdale."),
    ]
    session.import_path(_chat(tmp_path / "chat.jsonl", "garden-with-bot", said), roles="user")

    def later_turns() -> list:
        hits = recall(session, "pruning lemon trees along the fence", scope=ALL_SPACES, touch=False)
        return [h for h in hits if h.position in (2, 4)]

    lifted = later_turns()
    assert [h.position for h in lifted] == [4, 2]
    assert lifted[0].multipliers["specific"] > 1 and "specific" not in lifted[1].multipliers
    monkeypatch.setattr(tuning, "SPECIFIC_LIFT", 0.0)
    assert [h.position for h in later_turns()] == [2, 4]  # the words alone prefer the one that talks


def test_names_count_as_specifics_in_any_cased_script(session, tmp_path):
    said = [
        ("me", "user", "Привет, расскажи про поездку."),
        ("bot", "assistant", "Конечно."),
        ("me", "user", "Мы ездили в Казань с Ольгой и Élodie, было здорово."),
        ("me", "user", "Мы ездили туда весной, было здорово и весело."),
        ("me", "user", "We flew with NASA; my iPhone died. Paris was nice."),  # no name inside a sentence
    ]
    session.import_path(_chat(tmp_path / "chat.jsonl", "trip-with-bot", said), roles="user")
    hits = {h.position: h for h in recall(session, "ездили было здорово", scope=ALL_SPACES, touch=False)}
    assert hits[2].multipliers["specific"] > 1 and "specific" not in hits[3].multipliers
    hits = {h.position: h for h in recall(session, "NASA iPhone Paris", scope=ALL_SPACES, touch=False)}
    assert "specific" not in hits[4].multipliers


# -- an adversary's exports: a clear one-line error naming the fix, or a per-unit report ---------


def _nothing_stored(db) -> bool:
    return db.scalar("SELECT count(*) FROM memories") == 0 and db.scalar("SELECT count(*) FROM sessions") == 0


def _one_line_error(result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize("fmt", ["auto", "chatgpt", "claude", "chat-jsonl"])
def test_an_empty_file_is_refused_in_one_line_and_nothing_changes(cli, db, tmp_path, fmt):
    path = tmp_path / "conversations.json"
    path.write_bytes(b"")
    result = cli("import", str(path), "--format", fmt)
    assert result.exit_code == 1 and "is empty" in _one_line_error(result)
    assert _nothing_stored(db)


def test_a_download_cut_inside_the_first_conversation_is_still_known_and_lands_nothing(cli, db, tmp_path):
    text = (FIXTURES / "chatgpt.json").read_text(encoding="utf-8")
    torn = tmp_path / "conversations.json"
    torn.write_text(text[: len(text) // 3], encoding="utf-8")  # no conversation is whole
    assert chats.detect_format(torn) == "chatgpt"  # from the keys read before the tear
    result = cli("import", str(torn), "--format", "auto")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "download cut short" in errors[0] and "nothing was imported" in errors[0]
    assert "right here" not in result.stderr  # ijson's multi-line message is cut to its first line
    assert _nothing_stored(db)


@pytest.mark.parametrize(
    ("shape", "fmt"), [("wrapped", "auto"), ("one", "auto"), ("wrapped", "claude"), ("pretty", "auto")]
)
def test_an_object_instead_of_the_list_of_conversations_is_refused(cli, db, tmp_path, shape, fmt):
    conversations = json.loads((FIXTURES / "claude.json").read_text(encoding="utf-8"))
    data = conversations[0] if shape == "one" else {"conversations": conversations}
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data, indent=2 if shape == "pretty" else None), encoding="utf-8")
    result = cli("import", str(path), "--format", fmt)
    assert result.exit_code == 1 and "JSON list [...]" in _one_line_error(result)
    assert _nothing_stored(db)


@pytest.mark.parametrize(
    ("name", "wrong", "right"), [("claude.json", "chatgpt", "claude"), ("chatgpt.json", "claude", "chatgpt")]
)
def test_the_other_exports_format_is_refused_before_anything_lands(cli, db, name, wrong, right):
    result = cli("import", str(FIXTURES / name), "--format", wrong)
    assert result.exit_code == 1 and f"use --format {right}" in _one_line_error(result)
    assert _nothing_stored(db)


def test_a_folder_without_notes_is_refused(cli, db, tmp_path):
    (tmp_path / "export").mkdir()
    (tmp_path / "export" / "conversations.json").write_text("[]", encoding="utf-8")  # the file, not its folder
    result = cli("import", str(tmp_path / "export"))
    said = _one_line_error(result)
    assert (
        result.exit_code == 1 and f"no .md notes but a chat export: import {tmp_path}/export/conversations.json" in said
    )
    result = cli("import", str(tmp_path / "export"), "--format", "chatgpt")  # a usage mistake: exit 2
    assert result.exit_code == 2 and "is a folder; pass the file" in _one_line_error(result)
    assert _nothing_stored(db)


def test_a_dotdot_path_is_the_same_export_as_its_plain_path(cli_json, db, tmp_path, monkeypatch):
    (tmp_path / "a" / "b").mkdir(parents=True)
    shutil.copy(FIXTURES / "claude.json", tmp_path / "a" / "conversations.json")
    monkeypatch.chdir(tmp_path / "a" / "b")
    first = cli_json("import", "../conversations.json")
    again = cli_json("import", str(tmp_path / "a" / "conversations.json"))
    assert first["stored"] > 0 and again["stored"] == 0 and again["duplicates"] == first["stored"]


def _claude(messages: list[dict]) -> list[dict]:
    return [
        {
            "uuid": "odd-1",
            "name": "Odd times",
            "created_at": "2024-05-01T10:00:00Z",
            "chat_messages": [{"sender": "human", **m} for m in messages],
        }
    ]


def test_odd_times_keep_the_message_and_say_which_time_was_used(session, tmp_path):
    cases = {
        "an epoch float for the hose repair": 1714557600.5,
        "an epoch string for the bicycle chain": "1714644000",
        "no time at all for the greenhouse glass": None,
        "year zero for the compost heap turning": "0000-01-01T00:00:00Z",
        "the far future for the fence painting": "9999-12-31T23:59:59Z",
        "an epoch past year 9999 for the gutter cleaning": 1e15,
    }
    path = tmp_path / "conversations.json"
    path.write_text(
        json.dumps(_claude([{"text": f"Notes on {t}", "created_at": v} for t, v in cases.items()])), encoding="utf-8"
    )
    report = session.import_path(path)
    assert report.stored == len(cases) and not report.errors
    when = {c.removeprefix("Notes on "): v for c, v in session.db.rows("SELECT content, valid_from FROM memories")}
    assert when["an epoch float for the hose repair"] == "2024-05-01T10:00:00Z"
    assert when["an epoch string for the bicycle chain"] == "2024-05-02T10:00:00Z"
    fallback = [
        t for t in cases if t not in ("an epoch float for the hose repair", "an epoch string for the bicycle chain")
    ]
    assert all(when[t] == "2024-05-01T10:00:00Z" for t in fallback)  # the conversation's time
    warned = [w for w in report.warnings if "is used" in w]
    assert [w.split(" message ")[1].split(":")[0] for w in warned] == ["3", "4", "5"]  # not the absent one
    assert "in the future" in warned[1]


def test_a_future_time_in_chat_jsonl_is_reported_by_line(session, tmp_path):
    path = tmp_path / "chat.jsonl"
    lines = [
        {
            "conversation": "c",
            "speaker": "Ana",
            "text": "The boiler was serviced on Tuesday morning",
            "time": "2024-05-01",
        },
        {
            "conversation": "c",
            "speaker": "Ana",
            "text": "The boiler will explode in the year 9999",
            "time": "9999-01-01",
        },
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = session.import_path(path)
    assert report.stored == 1 and len(report.errors) == 1 and report.errors[0].startswith("chat.jsonl:2: ")
    assert "in the future" in report.errors[0]


def test_a_5_mb_message_lands_whole_in_parts_and_odd_scripts_read_back(session, tmp_path):
    words = [f"shed{i % 977} roof{i % 613} felt{i % 389}" for i in range(240_000)]
    huge = " ".join(words)
    assert len(huge) > 5_000_000
    mixed = "Nul \x00 here, RTL שלום עולם مرحبا بالعالم and emoji 🏠🔧👩🏽‍🔧 about the shed roof felt"
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(_claude([{"text": huge}, {"text": mixed}]), ensure_ascii=False), encoding="utf-8")
    report = session.import_path(path, defer_embed=True)
    assert not report.errors and report.rejected == 0
    turns = session.db.rows(
        "SELECT st.position, m.content FROM session_turns st JOIN memories m ON m.id = st.memory_id "
        "ORDER BY st.position, st.part"
    )
    parts = [text for position, text in turns if position == 0]
    assert len(parts) > 250 and " ".join(parts) == huge and all(len(p) <= chats.MAX_PART for p in parts)
    assert [text for position, text in turns if position == 1] == [mixed.replace("\x00", "")]


def test_warnings_past_the_cap_are_counted_not_listed(session, tmp_path, monkeypatch):
    monkeypatch.setattr(chats, "WARNINGS_KEPT", 1)
    path = tmp_path / "conversations.json"
    texts = ["the hose repair", "the bicycle chain", "the greenhouse glass"]
    path.write_text(
        json.dumps(_claude([{"text": f"Notes on {t} for the weekend", "created_at": "0000-01-01"} for t in texts])),
        encoding="utf-8",
    )
    data = session.import_path(path).as_json()
    assert data["stored"] == 3 and len(data["warnings"]) == 1 and data["warnings_omitted"] >= 2  # two more times


def test_a_memory_said_in_two_chats_shows_the_place_it_ranked_by(session, tmp_path):
    # The same words said in two chats are one memory with two places. A hit shows the earliest
    # position (the place the priors read), not the chat whose random id happens to sort last.
    pairs = [("alpha", "beta"), ("beta", "alpha"), ("gamma", "delta"), ("delta", "gamma")]
    shown = []
    for n, (first, second) in enumerate(pairs):
        said = f"The spare key to flat {n + 2} in Lisbon is with Marta from the bakery downstairs."
        export = tmp_path / f"chat{n}.jsonl"
        _chat(export, f"{first}-{n}", [("Ana", "user", said), ("Rui", "user", "Good to know.")])
        _chat(export, f"{second}-{n}", [("Ana", "user", "Morning!"), ("Rui", "user", "Hi."), ("Ana", "user", said)])
        session.import_path(export, roles="user")
        hits = recall(session, f"spare key flat {n + 2} Lisbon Marta", scope=ALL_SPACES, touch=False)
        hit = next(h for h in hits if h.content == said)
        shown.append((hit.session_title, hit.position))
    assert shown == [(f"{first}-{n}", 0) for n, (first, _) in enumerate(pairs)]


@pytest.mark.parametrize("placeholder", [0, -1, "0", 5])
def test_an_epoch_placeholder_is_no_time_and_says_so(session, tmp_path, placeholder):
    """A create_time of 0 or -1 (an exporter's "no time"), or a small number in a time field, dated
    messages to 1970 without a word; now the conversation's time is used, with a warning."""
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(_claude([{"text": "Notes on the shed roof repair", "created_at": placeholder}])))
    report = session.import_path(path)
    assert report.stored == 1
    assert session.db.scalar("SELECT valid_from FROM memories") == "2024-05-01T10:00:00Z"
    assert any("before 1990" in w and "is used" in w for w in report.warnings), report.warnings


@pytest.mark.parametrize("over", [1, 12, 60, 400, 999])
def test_a_long_paragraph_just_past_the_limit_keeps_its_last_words(over):
    """A message or note paragraph a few words past one memory's limit had its last part cut to those
    words, which the gate then dropped as too short to be a memory (adv23: 2 of 4,000 words lost)."""
    words = [f"w{i:05d}" for i in range((20_000 + over) // 7 + 1)]  # 7 characters a word with its space
    text = " ".join(words)
    assert 20_000 < len(text) <= 20_000 + over + 7
    parts = chats.split_text(text, 20_000)
    assert len(parts) == 2 and all(len(p) <= 20_000 for p in parts)
    assert min(len(p.split()) for p in parts) >= gate.MIN_WORDS * 20  # no part the gate could drop
    assert " ".join(parts) == text


def test_a_note_paragraph_past_the_limit_lands_whole_in_parts(session, tmp_path):
    words = [f"word{i:05d}" for i in range(2013)]  # 20,129 characters: a tail of a dozen words
    vault = tmp_path / "notes"
    vault.mkdir()
    (vault / "long.md").write_text(" ".join(words) + "\n", encoding="utf-8")
    report = session.import_path(vault)
    assert report.stored == 2 and report.rejected == 0 and report.warnings == []
    stored = [r[0] for r in session.db.rows("SELECT content FROM memories ORDER BY content")]
    assert sorted(" ".join(stored).split()) == sorted(words)


@pytest.mark.parametrize(
    ("odd", "says"),
    [
        ({"sender": "system"}, "its sender is 'system', not human or assistant"),
        ({}, "its sender is null, not human or assistant"),
        ({"sender": 7}, "its sender is a number, not human or assistant"),
        ({"sender": "human", "text": 5}, "its text is a number, not a text"),
    ],
)
def test_a_claude_message_no_reader_keeps_is_said_not_left_out(cli, tmp_path, odd, says):
    # A Claude message from neither sender was left out without a word, and one whose text was a number was
    # counted as an empty message: each is an error naming its place now, and the others land.
    good = "The boiler was serviced in March by the usual engineer from town"
    messages = [
        {"uuid": "m1", "sender": "human", "text": good, "created_at": "2024-05-01T09:00:00Z"},
        {"uuid": "m2", "text": "What the odd message said, which is never kept", **odd},
    ]
    conv = {"uuid": "c1", "name": "House", "created_at": "2024-05-01T09:00:00Z", "chat_messages": messages}
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps([conv]), encoding="utf-8")
    result = cli("import", str(path), "--format", "claude", "--defer-embed", "--json")
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["stored"] == 1
    assert report["errors"] == [f"conversations.json: conversation 1 message 1: {says}; skipped"]
