"""An export re-imported after one message was edited in place: the edit
supersedes the stale memory (which leaves recall) and takes its place in the conversation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memory import chats
from tests.conftest import ROOT

STALE = "My rye sourdough starter smells like nail polish remover after three days on the counter, is it ruined?"
EDITED = "My rye sourdough starter smells like nail polish remover after five days on the counter, is it ruined?"


def _chatgpt(tmp_path: Path, edited: bool) -> Path:
    path = tmp_path / "export" / "conversations.json"
    path.parent.mkdir(exist_ok=True)
    text = (ROOT / "tests" / "fixtures" / "chats" / "chatgpt.json").read_text()
    assert STALE in text
    path.write_text(text.replace(STALE, EDITED) if edited else text)
    return path


def _chat_jsonl(tmp_path: Path, edited: bool) -> Path:
    path = tmp_path / "export" / "chat.jsonl"
    path.parent.mkdir(exist_ok=True)
    lines = [
        {"conversation": "bake", "speaker": "Ana", "text": "We bake the rye loaves every Saturday morning at six"},
        {"conversation": "bake", "speaker": "Ben", "text": "Then the oven has to be preheated by half past five"},
        {"conversation": "bake", "speaker": "Ana", "text": EDITED if edited else STALE},
        {"conversation": "bake", "speaker": "Ben", "text": "Feed it twice a day for a week and it will recover"},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return path


@pytest.mark.parametrize("make,fmt", [(_chatgpt, "chatgpt"), (_chat_jsonl, "chat-jsonl")])
def test_an_edited_message_supersedes_the_stale_one_and_takes_its_place(cli, cli_json, tmp_path, make, fmt):
    path = make(tmp_path, edited=False)
    first = cli_json("import", str(path), "--format", fmt)
    assert first["stored"] >= 1
    make(tmp_path, edited=True)  # the same file, one message edited in place
    again = cli_json("import", str(path), "--format", fmt)
    assert again["stored"] == 1, again  # only the edit is new
    from memory.session import Session

    with Session() as s:
        rows = {r[0]: (r[1], r[2]) for r in s.db.rows("SELECT content, id, status FROM memories")}
        stale_id, stale_status = rows[STALE]
        edit_id, edit_status = rows[EDITED]
        assert stale_status == "superseded" and edit_status == "active"
        assert s.db.scalar("SELECT supersedes FROM memories WHERE id = ?", (edit_id,)) == stale_id
        turns = s.db.rows("SELECT memory_id FROM session_turns WHERE memory_id IN (?, ?)", (stale_id, edit_id))
        assert [t[0] for t in turns] == [edit_id]  # the edit sits where the stale message was
        cues = " ".join(r[0] for r in s.db.rows("SELECT retrieval_cue FROM memories WHERE status = 'active'"))
        assert "three days" not in cues  # the next turn's cue was the stale text
    hits = [h["id"] for h in cli_json("recall", "rye sourdough starter smells like nail polish remover")["results"]]
    assert edit_id in hits and stale_id not in hits
    third = cli_json("import", str(path), "--format", fmt)
    assert third["stored"] == 0  # a third run changes nothing


def test_a_moved_message_is_not_taken_for_an_edit(cli_json, tmp_path):
    path = _chat_jsonl(tmp_path, edited=False)
    cli_json("import", str(path), "--format", "chat-jsonl")
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    lines.insert(2, {"conversation": "bake", "speaker": "Ana", "text": "The bakery on the corner sells good rye flour"})
    shutil.copy(path, tmp_path / "before.jsonl")
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    cli_json("import", str(path), "--format", "chat-jsonl")
    from memory.session import Session

    with Session() as s:
        assert s.db.scalar("SELECT count(*) FROM memories WHERE status = 'superseded'") == 0


def test_the_edit_check_reads_the_batchs_conversations_not_every_memory(db):
    """Each import batch looks up the turns already stored at its places; the plan starts from
    those conversations' turns. Control: with a bare `m.status` SQLite walks every active memory
    (its status index looks selective without statistics), and an import grows as N squared."""

    def plan(sql: str) -> list[str]:
        sessions = [f"s{i}" for i in range(13)]  # a batch of 256 messages, 20 a conversation
        return [str(r[3]) for r in db.rows("EXPLAIN QUERY PLAN " + sql.format(marks=",".join("?" * 13)), sessions)]

    assert plan(chats.EDITED_SQL)[0].startswith("SEARCH st USING PRIMARY KEY (session_id=?)")
    bare = chats.EDITED_SQL.replace("+m.status", "m.status")
    assert bare != chats.EDITED_SQL and "idx_memories_status" in plan(bare)[0]


def test_the_next_download_of_an_export_under_another_name_is_the_same_conversations(cli_json, tmp_path):
    """A person re-imports a newer download (another zip name, or the file moved): ChatGPT's and
    Claude's conversation ids are the export's own, so the edit is still caught and no second
    session of the same conversation is made."""
    first = _chatgpt(tmp_path, edited=False)
    assert cli_json("import", str(first))["stored"] >= 1
    later = tmp_path / "download-2" / "conversations.json"
    later.parent.mkdir()
    later.write_text(first.read_text().replace(STALE, EDITED))
    again = cli_json("import", str(later))
    assert again["stored"] == 1, again
    from memory.session import Session

    with Session() as s:
        rows = {r[0]: (r[1], r[2]) for r in s.db.rows("SELECT content, id, status FROM memories")}
        assert rows[STALE][1] == "superseded" and rows[EDITED][1] == "active"
        sessions = s.db.rows("SELECT conversation, count(*) FROM sessions GROUP BY conversation HAVING count(*) > 1")
        assert sessions == [], sessions
    assert cli_json("import", str(later))["stored"] == 0


TAP = "The kitchen tap drips when the hot water runs for more than ten minutes."
TAP_FIXED = "The kitchen tap drips when the hot water runs for more than twelve minutes."
FRIDGE = "The fridge was bought in March and has a five year warranty."


def _note(folder: Path, *paragraphs: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "kitchen.md").write_text("# Kitchen\n\n" + "\n\n".join(paragraphs) + "\n")
    return folder


def _statuses() -> dict[str, tuple[str, str, str | None]]:
    from memory.session import Session

    with Session() as s:
        return {r[0]: (r[1], r[2], r[3]) for r in s.db.rows("SELECT content, id, status, supersedes FROM memories")}


def test_an_edited_paragraph_of_a_note_supersedes_its_old_memory(cli, cli_json, tmp_path):
    """`quire import notes/`, fix a word in one paragraph, import again: the old paragraph's memory
    is superseded (kept in history), not left beside a duplicate; a third run changes nothing."""
    notes = _note(tmp_path / "notes", TAP, FRIDGE)
    assert cli_json("import", str(notes))["stored"] == 2
    _note(notes, TAP_FIXED, FRIDGE)
    again = cli_json("import", str(notes))
    assert (again["stored"], again["duplicates"]) == (1, 1), again
    rows = _statuses()
    assert rows[TAP][1] == "superseded" and rows[TAP_FIXED][1] == "active"
    assert rows[TAP_FIXED][2] == rows[TAP][0] and rows[FRIDGE][1] == "active"
    chain = cli("history", rows[TAP_FIXED][0])
    assert chain.exit_code == 0 and rows[TAP][0] in chain.stdout
    assert cli_json("import", str(notes))["stored"] == 0


def test_a_new_or_deleted_paragraph_of_a_note_is_not_taken_for_an_edit(cli_json, tmp_path):
    """Control: a paragraph in other words is a new memory beside the old ones, a paragraph still
    in the note is never superseded by a similar new one, and one deleted from the note is kept."""
    notes = _note(tmp_path / "notes", TAP, FRIDGE)
    cli_json("import", str(notes))
    _note(notes, TAP, TAP_FIXED, "The oven timer beeps twice before the end of every baking programme.")
    assert cli_json("import", str(notes))["stored"] == 2
    rows = _statuses()
    assert {st for _, st, _ in rows.values()} == {"active"} and FRIDGE in rows, rows


@pytest.mark.parametrize("word", ["Ｏｆｅｎ", "stove"])
def test_the_next_turns_new_cue_is_indexed_as_its_fold(cli_json, tmp_path, word):
    # Between people the turn after an edited message takes the new text as its cue: a fullwidth cue
    # ("Ｏｆｅｎ") is indexed as its fold ("Ofen"), as a capture's is; a plain one (the control) holds none.
    lines = [
        {"conversation": "bake", "speaker": "Ana", "text": "We bake the rye loaves every Saturday morning at six"},
        {"conversation": "bake", "speaker": "Ben", "text": "Then the oven has to be preheated by half past five"},
        {"conversation": "bake", "speaker": "Ana", "text": "Feed the starter twice a day for a week and it recovers"},
    ]
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    cli_json("import", str(path), "--format", "chat-jsonl")
    lines[1]["text"] = f"Then the {word} has to be preheated by half past five"  # an edit in place
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    cli_json("import", str(path), "--format", "chat-jsonl")
    from memory import tokens
    from memory.session import Session

    with Session() as s:
        cue, lex = s.db.rows("SELECT retrieval_cue, lex_cue FROM memories WHERE content LIKE 'Feed the starter%'")[0]
        assert "half" in cue and lex == tokens.lexical(cue)
        found = s.db.rows("SELECT rowid FROM memories_fts WHERE memories_fts MATCH 'cue : ofen'")
        assert word in cue and bool(found) == (word == "Ｏｆｅｎ")


STANDUP = "Our team standup moved to 9:30 every weekday morning in the big room"
RETRIES = "The billing service retries failed webhooks three times with backoff"
RETRIES_FIVE = "The billing service retries failed webhooks five times with backoff"


def _jsonl(path: Path, *rows: dict[str, str]) -> Path:
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    return path


def test_an_edited_line_of_a_jsonl_file_supersedes_its_old_memory(cli, cli_json, tmp_path):
    """The sibling of the edited message and paragraph: `quire import notes.jsonl`, change one word of
    one line, import again. The edit supersedes the stale memory (history kept), which leaves recall;
    it was stored beside it, and the stale line ranked first."""
    notes = _jsonl(tmp_path / "notes.jsonl", {"content": STANDUP}, {"content": RETRIES})
    assert cli_json("import", str(notes))["stored"] == 2
    _jsonl(notes, {"content": STANDUP}, {"content": RETRIES_FIVE})
    again = cli_json("import", str(notes))
    assert (again["stored"], again["duplicates"]) == (1, 1), again
    rows = _statuses()
    assert rows[RETRIES][1] == "superseded" and rows[RETRIES_FIVE][1] == "active"
    assert rows[RETRIES_FIVE][2] == rows[RETRIES][0]
    found = cli_json("recall", "billing webhooks retries")["results"]
    assert [r["content"] for r in found].count(RETRIES) == 0 and found[0]["content"] == RETRIES_FIVE
    assert cli_json("import", str(notes))["stored"] == 0  # a third run changes nothing


def test_a_jsonl_line_written_again_in_other_bytes_or_moved_is_not_an_edit(cli_json, tmp_path):
    """Control: the same lines re-serialised (other spacing, keys reordered) and moved are already
    present, not edits of themselves; a new line in other words is a new memory; a deleted line's
    memory is kept; a line that names its own `supersedes` keeps it."""
    notes = _jsonl(tmp_path / "notes.jsonl", {"content": STANDUP}, {"content": RETRIES, "type": "fact"})
    cli_json("import", str(notes))
    notes.write_text(
        json.dumps({"type": "fact", "content": RETRIES}, indent=None, separators=(" ,", " : "))
        + "\n"
        + json.dumps({"content": STANDUP})
        + "\n"
    )
    again = cli_json("import", str(notes))
    assert (again["stored"], again["duplicates"]) == (0, 2), again
    other = "The staging database is restored from the nightly snapshot every Monday"
    _jsonl(notes, {"content": RETRIES, "type": "fact"}, {"content": other})
    assert cli_json("import", str(notes))["stored"] == 1
    rows = _statuses()
    assert {st for _, st, _ in rows.values()} == {"active"} and STANDUP in rows, rows


def test_an_edited_identity_line_waits_for_review_as_any_protected_change(cli_json, tmp_path):
    backend = "I work as a backend engineer at Acme on the payments platform"
    notes = _jsonl(tmp_path / "me.jsonl", {"content": backend, "type": "identity"})
    cli_json("import", str(notes))
    _jsonl(notes, {"content": backend.replace("backend engineer", "product manager"), "type": "identity"})
    cli_json("import", str(notes))
    items = cli_json("curate", "list")
    assert len(items["items"]) == 1 and "product manager" in json.dumps(items), items


def test_many_edited_lines_are_matched_by_their_words_not_every_pair(db):
    """A file rewritten whole: each new line is compared only with the old texts it could be an edit
    of (the prefix filter), and still finds the same best match as comparing every pair."""
    from memory import importer
    from memory.models import CapturePayload

    olds = [f"Ticket {n} of the ledger migration waits on the schema review by team {n % 7}" for n in range(400)]
    logged = [(f"k{n}", f"mem_{n:04d}", "active", text) for n, text in enumerate(olds)]
    edits = importer._Edits(db, logged, set())
    for n in (0, 17, 399):
        text = olds[n].replace("waits on", "is blocked by")
        unit = importer.Unit("x", ("src", f"new{n}"), CapturePayload(content=text))
        assert edits.marked(unit).payload.supersedes == f"mem_{n:04d}"
    hiking = CapturePayload(content="Completely different words about hiking boots")
    alien = importer.Unit("x", ("src", "alien"), hiking)
    assert edits.marked(alien).payload.supersedes is None


def _life_chat(path: Path, text: str) -> Path:
    line = {"conversation": "c-0", "role": "user", "text": text, "time": "2024-01-05", "title": "chat 0"}
    path.write_text(json.dumps(line) + "\n")
    return path


def test_a_life_statement_edited_back_while_its_change_waits_takes_the_change_back(cli_json, tmp_path):
    """'I live in Vienna' edited to Lisbon in the export (protected: the change waits as a review item),
    then back to Vienna before anyone decided. Before: the queue kept proposing Lisbon, the place
    pointed at it, and the export said Vienna. Now the item is closed (dismissed, saying why), the
    proposal rejected without a tombstone (nobody dismissed it: editing it to Lisbon again proposes
    it again), and the place is Vienna's once more."""
    from memory import review
    from memory.session import Session

    vienna = "I live in Vienna and love the coffee houses here."
    lisbon = "I live in Lisbon and love the coffee houses here."
    path = tmp_path / "c.jsonl"
    cli_json("import", str(_life_chat(path, vienna)))
    cli_json("import", str(_life_chat(path, lisbon)))
    with Session() as s:
        [item] = review.open_items(s.db)
        proposed = item.payload["new_id"]
    report = cli_json("import", str(_life_chat(path, vienna)))
    assert any("taken back" in line for line in report.get("changes", []) + report.get("warnings", [])), report
    with Session() as s:
        assert review.open_items(s.db) == []
        closed = review.get(s.db, item.id)
        assert closed.status == "dismissed" and "back" in (closed.note or "")
        assert s.db.scalar("SELECT status FROM memories WHERE id = ?", (proposed,)) == "rejected"
        assert s.db.scalar("SELECT count(*) FROM tombstones") == 0
        turn = s.db.scalar("SELECT m.content FROM session_turns st JOIN memories m ON m.id = st.memory_id")
        assert turn == vienna
    found = cli_json("recall", "which city do I live in")
    assert [h["content"] for h in found["results"]] == [vienna]
    cli_json("import", str(_life_chat(path, lisbon)))  # edited to Lisbon once more: proposed once more
    with Session() as s:
        [again] = review.open_items(s.db)
        assert s.db.scalar("SELECT content FROM memories WHERE id = ?", (again.payload["new_id"],)) == lisbon
