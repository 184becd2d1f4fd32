"""Session 44's import surfaces, by class: a folder of plain-text notes (one rule of what a note is named),
a torn JSON list's message true for its first, a middle and its last item, and a WhatsApp contact whose
name holds ': ' imported before it was read whole."""

from __future__ import annotations

import json

import pytest

from memory.home import Home
from memory.session import Session


def active(home) -> list[str]:
    if not (home / "quire.db").exists():
        return []
    with Session(Home(home)) as s:
        return sorted(str(r[0]) for r in s.db.rows("SELECT content FROM memories WHERE status = 'active'"))


def _text_notes(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("I moved to Leeds in May with my sister.\n", encoding="utf-8")
    (folder / "b.txt").write_text("My dentist is Dr Hale on Park Road.\n", encoding="utf-8")
    return folder


# -- 1. a folder of .txt notes -----------------------------------------------------------------------


def test_a_folder_of_text_notes_said_to_be_notes_lands_once(cli, tmp_path, quire_home):
    folder = _text_notes(tmp_path)
    out = cli("import", str(folder), "--format", "markdown", "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["stored"] == 2
    assert active(quire_home) == ["I moved to Leeds in May with my sister.", "My dentist is Dr Hale on Park Road."]
    again = cli("import", str(folder), "--format", "markdown", "--defer-embed", "--json")
    assert json.loads(again.stdout)["stored"] == 0 and len(active(quire_home)) == 2


def test_a_folder_of_text_notes_not_said_names_the_flag_and_stores_nothing(cli, tmp_path, quire_home):
    folder = _text_notes(tmp_path)
    out = cli("import", str(folder))
    assert out.exit_code == 1 and active(quire_home) == []
    (line,) = out.stderr.strip().splitlines()
    assert "2 plain-text files (.txt)" in line and "--format markdown" in line


def test_text_files_beside_notes_are_left_out_unless_said_and_said_so(cli, tmp_path, quire_home):
    folder = _text_notes(tmp_path)
    (folder / "c.md").write_text("The boiler was serviced in March by Tom.\n", encoding="utf-8")
    out = cli("import", str(folder), "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert active(quire_home) == ["The boiler was serviced in March by Tom."]
    assert any("left out 2 plain-text files" in w for w in json.loads(out.stdout)["warnings"])
    said = cli("import", str(folder), "--format", "markdown", "--defer-embed", "--json")
    assert json.loads(said.stdout)["stored"] == 2 and len(active(quire_home)) == 3
    assert not any("plain-text" in w for w in json.loads(said.stdout)["warnings"])


def test_a_markdown_folder_alone_says_nothing_of_text_files(cli, tmp_path, quire_home):
    # the control: no .txt beside the notes, no warning about them
    folder = tmp_path / "vault"
    folder.mkdir()
    (folder / "c.md").write_text("The boiler was serviced in March by Tom.\n", encoding="utf-8")
    out = cli("import", str(folder), "--defer-embed", "--json")
    assert out.exit_code == 0 and json.loads(out.stdout)["warnings"] == []


def test_a_text_note_renamed_is_the_same_note(cli, tmp_path, quire_home):
    # one rule of what a note is named: a .txt note moved is found as a moved note, not stored again
    folder = _text_notes(tmp_path)
    assert cli("import", str(folder), "--format", "markdown", "--defer-embed").exit_code == 0
    (folder / "a.txt").rename(folder / "leeds.txt")
    out = cli("import", str(folder), "--format", "markdown", "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["stored"] == 0 and len(active(quire_home)) == 2
    with Session(Home(quire_home)) as s:
        row = s.db.one("SELECT source FROM memories WHERE content LIKE 'I moved to Leeds%'")
    assert row is not None and row["source"] == "leeds.txt"


def test_a_folder_of_text_notes_through_the_library(tmp_path, quire_home):
    import quire

    folder = _text_notes(tmp_path)
    with quire.open() as q:
        assert q.import_path(folder, format="markdown", defer_embed=True).stored == 2
    assert len(active(quire_home)) == 2


# -- 3. a torn JSON list says what was read --------------------------------------------------------------

A = '{"content": "I moved to Leeds in May with my sister."}'
B = '{"content": "My dentist is Dr Hale on Park Road."}'
C = '{"content": "The boiler was serviced in March by Tom."}'


@pytest.mark.parametrize(
    ("body", "item", "said", "landed"),
    [
        ('[{"content": "I moved to Leeds', 1, "no item was read", 0),  # the first item torn
        (f'[{A}, {{"content": "My dentist is Dr Hale}}, {C}]', 2, "the item before it was read, none after it", 1),
        (f'[{A}, {B}, {{"content": "The boiler', 3, "the 2 items before it were read, none after it", 2),
    ],
)
def test_a_torn_list_says_truly_what_was_read(cli, tmp_path, quire_home, body, item, said, landed):
    path = tmp_path / "captures.json"
    path.write_text(body, encoding="utf-8")
    out = cli("import", str(path), "--defer-embed", "--json")
    assert out.exit_code == 1
    (error,) = json.loads(out.stdout)["errors"]
    assert error.startswith(f"captures.json item {item}: the file ends inside this item") and said in error
    assert len(active(quire_home)) == landed
    assert ("before it" in error) == (item > 1)  # the control: nothing "before" the first item


def test_a_damaged_item_is_named_an_item_not_a_line(cli, tmp_path, quire_home):
    path = tmp_path / "captures.json"
    path.write_text(f'[{A}, {{"content": "My dentist is Dr Hale", {C}]', encoding="utf-8")
    out = cli("import", str(path), "--defer-embed", "--json")
    (error,) = json.loads(out.stdout)["errors"]
    assert error.startswith("captures.json item 2: invalid JSON") and "fix that item" in error
    lines = tmp_path / "captures.jsonl"  # the control: a JSONL line is still a line
    lines.write_text(A + "\n{not json\n", encoding="utf-8")
    (error,) = json.loads(cli("import", str(lines), "--defer-embed", "--json").stdout)["errors"]
    assert error.startswith("captures.jsonl:2: invalid JSON") and "fix that line" in error


# -- 2. a WhatsApp contact named with ': ', imported before it was read whole ------------------------------

WORK_ANA = """\
12/01/2024, 09:00 - Work: Ana: Did you send the quarterly report to finance yet?
12/01/2024, 09:05 - Ben Costa: Yes, I sent it this morning with the appendix attached
12/01/2024, 09:07 - Work: Ana: Great, then we can close the ticket for the audit today
12/01/2024, 09:09 - Ben Costa: note: the audit team wants the raw files too
"""
WHOLE = [
    ("Ben Costa", "Yes, I sent it this morning with the appendix attached"),
    ("Ben Costa", "note: the audit team wants the raw files too"),
    ("Work: Ana", "Did you send the quarterly report to finance yet?"),
    ("Work: Ana", "Great, then we can close the ticket for the audit today"),
]


def _cut_import(tmp_path, monkeypatch, text: str = WORK_ANA):
    """The chat imported as before session 43: every contact's name cut at its first colon."""
    import quire
    from memory import whatsapp

    path = tmp_path / "WhatsApp Chat with Work: Ana.txt"
    path.write_text(text, encoding="utf-8")
    with monkeypatch.context() as m:
        m.setattr(whatsapp._Joined, "names", lambda self: {})
        with quire.open() as q:
            assert q.import_path(path, defer_embed=True).stored == 4
    return path


def turns(home) -> list[tuple[str, str]]:
    with Session(Home(home)) as s:
        return sorted(
            (str(r[0]), str(r[1]))
            for r in s.db.rows(
                "SELECT st.speaker, m.content FROM session_turns st JOIN memories m ON m.id = st.memory_id "
                "WHERE m.status = 'active'"
            )
        )


def test_a_contact_cut_at_its_colon_before_is_named_whole_on_reimport_once(tmp_path, quire_home, monkeypatch):
    import quire

    path = _cut_import(tmp_path, monkeypatch)
    assert ("Work", "Ana: Did you send the quarterly report to finance yet?") in turns(quire_home)
    with quire.open() as q:
        again = q.import_path(path, defer_embed=True)
        assert again.stored == 2 and again.edited == 0
        assert any("2 messages imported before under 'Work'" in w for w in again.warnings)
        assert turns(quire_home) == WHOLE and len(active(quire_home)) == 4  # no message twice
        with Session(Home(quire_home)) as s:
            old = s.db.rows("SELECT content FROM memories WHERE status = 'superseded' ORDER BY content")
            (people,) = s.db.one("SELECT participants FROM sessions").values()
        assert [r[0] for r in old] == [
            "Ana: Did you send the quarterly report to finance yet?",
            "Ana: Great, then we can close the ticket for the audit today",
        ]  # kept in history
        assert json.loads(people) == ["Ben Costa", "Work: Ana"]
        third = q.import_path(path, defer_embed=True)
        assert third.stored == 0 and not any("imported before under" in w for w in third.warnings)
    assert turns(quire_home) == WHOLE


def test_what_the_person_changed_of_a_cut_message_stays_theirs(tmp_path, quire_home, monkeypatch):
    import quire

    path = _cut_import(tmp_path, monkeypatch)
    with Session(Home(quire_home)) as s:
        rows = {r[1]: r[0] for r in s.db.rows("SELECT id, content FROM memories")}
    edited = rows["Ana: Great, then we can close the ticket for the audit today"]
    forgotten = rows["Ana: Did you send the quarterly report to finance yet?"]
    mine = "Ana: Great, we close the audit ticket today and celebrate after"
    with quire.open() as q:
        q.supersede(edited, mine)
        q.forget(forgotten, reason="not mine to keep")
        again = q.import_path(path, defer_embed=True)
    assert again.stored == 0
    assert active(quire_home) == sorted([mine, WHOLE[0][1], WHOLE[1][1]])  # neither came back under the whole name


def test_a_chat_without_a_colon_in_a_name_reimports_untouched(cli, tmp_path, quire_home):
    # the control: nothing cut, nothing read whole, nothing superseded
    path = tmp_path / "WhatsApp Chat with Ana.txt"
    path.write_text(WORK_ANA.replace("Work: Ana", "Ana"), encoding="utf-8")
    assert cli("import", str(path), "--defer-embed").exit_code == 0
    again = cli("import", str(path), "--defer-embed", "--json")
    report = json.loads(again.stdout)
    assert report["stored"] == 0 and not any("imported before under" in w for w in report["warnings"])
    with Session(Home(quire_home)) as s:
        assert s.db.one("SELECT count(*) AS n FROM memories WHERE status = 'superseded'")["n"] == 0


# -- a conversation id twice in one export -----------------------------------------------------------------


def _chatgpt(key: str, text: str, at: int) -> dict:
    node = {"id": "a", "author": {"role": "user"}, "content": {"content_type": "text", "parts": [text]}}
    message = {**node, "create_time": at}
    return {
        "id": key,
        "title": "T",
        "create_time": at,
        "mapping": {"a": {"id": "a", "message": message, "children": []}},
    }


def _telegram(key: int, text: str, first: int) -> dict:
    message = {"id": first, "type": "message", "date": "2024-01-01T00:00:00", "date_unixtime": "1704067200"}
    return {"name": "Ana", "type": "personal_chat", "id": key, "messages": [{**message, "from": "Ana", "text": text}]}


LEEDS, DENTIST = "I moved to Leeds in May with my sister.", "My dentist is Dr Hale on Park Road."


@pytest.mark.parametrize("fmt", ["chatgpt", "telegram"])
@pytest.mark.parametrize("same", [True, False])
def test_a_conversation_id_twice_in_one_export_is_named_not_merged(cli, tmp_path, quire_home, fmt, same):
    # `same` False is the control: two ids, two conversations, each message at its place, no error
    second = 1 if same else 2
    if fmt == "chatgpt":
        path = tmp_path / "conversations.json"
        body: object = [_chatgpt("c1", LEEDS, 1714555800), _chatgpt(f"c{second}", DENTIST, 1714555900)]
    else:
        path = tmp_path / "result.json"
        body = {"chats": {"list": [_telegram(5, LEEDS, 1), _telegram(4 + second, DENTIST, 10)]}}
    path.write_text(json.dumps(body), encoding="utf-8")
    for _ in range(2):  # a re-run says it again, and stores nothing twice
        out = cli("import", str(path), "--defer-embed", "--json")
        errors = json.loads(out.stdout)["errors"]
        assert out.exit_code == (1 if same else 0) and len(errors) == (1 if same else 0)
        if same:
            assert ": it has the id of a conversation before it in the file" in errors[0]
        # every stored message has its place in a session: none was left without one
        with Session(Home(quire_home)) as s:
            placed = s.db.rows("SELECT m.content FROM memories m JOIN session_turns st ON st.memory_id = m.id")
        assert sorted(r[0] for r in placed) == active(quire_home)
        assert active(quire_home) == sorted([LEEDS] if same else [LEEDS, DENTIST])


# -- a path the format given cannot read: said truly, before any path is imported ---------------------------


def test_a_folder_given_to_a_chat_format_is_refused_before_the_paths_before_it_land(tmp_path, quire_home):
    # the library's route (the CLI refuses it as a usage mistake, exit 2, before it calls the operation)
    import quire
    from memory.errors import InvalidInput

    chat = tmp_path / "family.jsonl"
    line = {"conversation": "family", "speaker": "Ana", "role": "user", "text": LEEDS, "time": "2024-05-01T09:30:00Z"}
    chat.write_text(json.dumps(line) + "\n", encoding="utf-8")
    folder = _text_notes(tmp_path)
    with quire.open() as q:
        with pytest.raises(InvalidInput) as refused:
            q.import_path([chat, folder], format="chat-jsonl", defer_embed=True)
        assert active(quire_home) == []  # (the chat landed, then the folder was refused)
        assert str(refused.value) == (
            f"{folder} is a folder, and --format chat-jsonl reads a file: pass a .jsonl file, one message a line"
        )
        assert q.import_path(chat, format="chat-jsonl", defer_embed=True).stored == 1  # the control
    assert active(quire_home) == [LEEDS]


def test_a_messenger_folder_given_its_format_is_read(cli, tmp_path, quire_home):
    # the CLI refused `--format messenger` on the unzipped download, which auto (and the docs) read
    thread = tmp_path / "export" / "your_facebook_activity" / "messages" / "inbox" / "ana_123"
    thread.mkdir(parents=True)
    said = [("Ana", 1714555800000, LEEDS), ("Tom", 1714555700000, "Where do you live these days, Ana?")]
    messages = [{"sender_name": who, "timestamp_ms": at, "content": text} for who, at, text in said]
    body = {"participants": [{"name": "Ana"}, {"name": "Tom"}], "messages": messages, "title": "Ana"}
    (thread / "message_1.json").write_text(json.dumps(body), encoding="utf-8")
    out = cli("import", str(tmp_path / "export"), "--format", "messenger", "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["stored"] == 2
    notes = cli("import", str(_text_notes(tmp_path)), "--format", "whatsapp")  # the control: a file format
    assert notes.exit_code == 2 and "whatsapp reads a file" in notes.stderr


def test_a_note_given_as_jsonl_is_told_to_be_a_note(cli, tmp_path, quire_home):
    note = tmp_path / "leeds.md"
    note.write_text(LEEDS + "\n", encoding="utf-8")
    out = cli("import", str(note), "--format", "jsonl")
    assert out.exit_code == 1 and active(quire_home) == []
    (line,) = out.stderr.strip().splitlines()
    assert "is a Markdown note, and --format jsonl reads a file of captures" in line and "--format markdown" in line


# -- a chat import killed at every crash point ---------------------------------------------------------------


def _chat_state(home) -> tuple:
    """What a person relies on, without times or ids: each memory's text, status and vector; each place of a
    session, its speaker and text; the sessions' participants."""
    from tests.test_trust_crash import _rows

    db = home / "quire.db"
    memories = _rows(db, "SELECT content, status, embedding IS NOT NULL FROM memories ORDER BY content, status")
    places = _rows(
        db,
        "SELECT s.conversation, st.position, st.part, st.speaker, m.content FROM session_turns st "
        "JOIN sessions s ON s.id = st.session_id JOIN memories m ON m.id = st.memory_id ORDER BY 1, 2, 3",
    )
    return memories, places, _rows(db, "SELECT conversation, participants FROM sessions ORDER BY 1")


@pytest.mark.timeout(1800)
def test_a_chat_import_killed_at_every_point_lands_the_rest_once(tmp_path):
    from tests.test_trust_crash import _every_point, _run

    template = tmp_path / "template"
    template.mkdir()
    assert _run(template, "capture", "The garden shed roof was fixed by Tom in April").returncode == 0
    chat = tmp_path / "in" / "WhatsApp Chat with Work: Ana.txt"
    chat.parent.mkdir()
    chat.write_text(WORK_ANA, encoding="utf-8")
    export = tmp_path / "in" / "conversations.json"
    export.write_text(json.dumps([_chatgpt("c1", LEEDS, 1714555800), _chatgpt("c2", DENTIST, 1714555900)]))

    def check(home, line):
        assert _chat_state(home) == _chat_state(tmp_path / "probe"), line

    assert _every_point(template, tmp_path, ("import", str(chat), str(export)), check) >= 4
    memories, places, _ = _chat_state(tmp_path / "probe")
    assert len(memories) == 7 and all(embedded for *_, embedded in memories)  # the control: the probe landed all
    assert len(places) == 6


# -- what a path holds that is not read: said, not left out without a word -----------------------------------


def test_a_zip_of_two_chats_names_both_and_stores_nothing(cli, tmp_path, quire_home):
    import zipfile

    chats = {
        "WhatsApp Chat with Ana.txt": f"12/01/2024, 09:00 - Ana: {LEEDS}\n12/01/2024, 09:05 - Tom: Great news!\n",
        "WhatsApp Chat with Ben.txt": f"12/01/2024, 09:00 - Ben: {DENTIST}\n12/01/2024, 09:05 - Tom: Thanks, Ben.\n",
    }
    both = tmp_path / "chats.zip"
    with zipfile.ZipFile(both, "w") as z:
        for name, text in chats.items():
            z.writestr(name, text)
    out = cli("import", str(both), "--defer-embed")
    assert out.exit_code == 1 and active(quire_home) == []  # (Ana's chat landed, Ben's was left out unsaid)
    (line,) = out.stderr.strip().splitlines()
    assert "holds 2 exports (WhatsApp Chat with Ana.txt, WhatsApp Chat with Ben.txt)" in line and "unzip it" in line
    one = tmp_path / "one.zip"  # the control: a zip of one chat lands
    with zipfile.ZipFile(one, "w") as z:
        z.writestr("WhatsApp Chat with Ana.txt", chats["WhatsApp Chat with Ana.txt"])
    assert cli("import", str(one), "--defer-embed").exit_code == 0 and LEEDS in active(quire_home)


def test_a_linked_folder_in_a_vault_is_said_to_be_left_out(cli, tmp_path, quire_home):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "boiler.md").write_text("The boiler is in the attic above the landing.\n", encoding="utf-8")
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "leeds.md").write_text(LEEDS + "\n", encoding="utf-8")
    (vault / "linked").symlink_to(elsewhere)
    (vault / "loop").symlink_to(vault)
    out = cli("import", str(vault), "--defer-embed", "--json")
    assert out.exit_code == 0 and active(quire_home) == [LEEDS]
    warned = [w for w in json.loads(out.stdout)["warnings"] if "link" in w]
    assert warned == [
        "left out 2 links (linked, loop) to a folder: a linked folder is not read (it may loop, or lead out of the "
        "folder); import the folder it links to itself"
    ]
    assert cli("import", str(elsewhere), "--defer-embed").exit_code == 0  # as it says
    assert len(active(quire_home)) == 2


# -- odd dates ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("year", ["0001", "0099", "099"])
def test_a_whatsapp_year_written_whole_before_100_is_no_moment(cli, tmp_path, quire_home, year):
    path = tmp_path / "WhatsApp Chat with Far.txt"
    path.write_text(
        f"01/01/{year}, 09:00 - Tom: {DENTIST}\n12/01/2024, 09:05 - Far: {LEEDS}\n13/01/2024, 09:00 - Far: Fine.\n",
        encoding="utf-8",
    )
    out = cli("import", str(path), "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert any(":1: a date with a year before 100 is no moment" in w for w in json.loads(out.stdout)["warnings"])
    with Session(Home(quire_home)) as s:
        row = s.db.one("SELECT valid_from FROM memories WHERE content = ?", (DENTIST,))
    assert row is not None and not row["valid_from"].startswith(("2001", "2099"))  # (it was 2001-01-01)


def test_a_whatsapp_two_digit_year_is_still_this_century(cli, tmp_path, quire_home):
    # the control: "24" is 2024, as WhatsApp writes it
    path = tmp_path / "WhatsApp Chat with Near.txt"
    path.write_text(f"12/01/24, 09:00 - Near: {LEEDS}\n12/01/24, 09:05 - Tom: {DENTIST}\n", encoding="utf-8")
    assert cli("import", str(path), "--defer-embed").exit_code == 0
    with Session(Home(quire_home)) as s:
        row = s.db.one("SELECT valid_from FROM memories WHERE content = ?", (DENTIST,))
    assert row is not None and row["valid_from"].startswith("2024-01-12")


@pytest.mark.parametrize(
    ("body", "said", "landed"),
    [
        (f"[{A}, {B},", "the file ends before its list closes with ] (cut short?); the 2 items in it were read", 2),
        ("[", "the file ends before its list closes with ] (cut short?); no item was read", 0),
        (f"[{A}] [{B}]", "the file goes on after its list closes with ], and what follows is not read", 1),
    ],
)
def test_a_list_cut_after_an_item_or_followed_by_more_says_so(cli, tmp_path, quire_home, body, said, landed):
    path = tmp_path / "captures.json"
    path.write_text(body, encoding="utf-8")
    out = cli("import", str(path), "--defer-embed", "--json")
    assert out.exit_code == 1  # (it was 0, the rest of the file unread without a word)
    (error,) = json.loads(out.stdout)["errors"]
    assert error.startswith(f"captures.json: {said}")
    assert len(active(quire_home)) == landed


@pytest.mark.parametrize("tail", ["", "\n", "\n\n  \n"])
def test_a_whole_list_with_blanks_after_it_is_no_error(cli, tmp_path, quire_home, tail):
    # the control: a list closed, then only blanks
    path = tmp_path / "captures.json"
    path.write_text(f"[\n  {A},\n  {B}\n]{tail}", encoding="utf-8")
    out = cli("import", str(path), "--defer-embed", "--json")
    assert out.exit_code == 0 and json.loads(out.stdout)["errors"] == []
    assert len(active(quire_home)) == 2


@pytest.mark.timeout(1800)
def test_a_reimport_naming_a_contact_whole_killed_at_every_point_ends_as_never_killed(tmp_path, monkeypatch):
    from tests.test_trust_crash import _every_point

    template = tmp_path / "template"
    monkeypatch.setenv("QUIRE_HOME", str(template))
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    chat = _cut_import(tmp_path, monkeypatch)  # as before session 43: "Work" said "Ana: ..."

    def check(home, line):
        assert _chat_state(home) == _chat_state(tmp_path / "probe"), line

    assert _every_point(template, tmp_path, ("import", str(chat)), check) >= 2
    _, places, _ = _chat_state(tmp_path / "probe")
    assert {speaker for _, _, _, speaker, _ in places} == {"Ben Costa", "Work: Ana"}  # the control: named whole


@pytest.mark.timeout(1800)
def test_a_reimport_of_an_edited_message_killed_at_every_point_ends_as_never_killed(tmp_path):
    # the sibling: an edit's new memory was stored and the run killed before its place moved to it; the
    # re-run found the message imported and left the place on the old, superseded memory
    from tests.test_trust_crash import _every_point, _run

    template = tmp_path / "template"
    template.mkdir()
    chat = tmp_path / "in" / "WhatsApp Chat with Ana.txt"
    chat.parent.mkdir()
    text = WORK_ANA.replace("Work: Ana", "Ana")
    chat.write_text(text, encoding="utf-8")
    assert _run(template, "import", str(chat)).returncode == 0
    edit = "close the audit ticket today <This message was edited>"
    chat.write_text(text.replace("close the ticket for the audit today", edit), encoding="utf-8")

    def check(home, line):
        assert _chat_state(home) == _chat_state(tmp_path / "probe"), line

    assert _every_point(template, tmp_path, ("import", str(chat)), check) >= 2
    _, places, _ = _chat_state(tmp_path / "probe")
    assert ("Ana", "Great, then we can close the audit ticket today") in [(p[3], p[4]) for p in places]  # the control


def _life_state(home) -> tuple:
    from tests.test_trust_crash import _rows

    db = home / "quire.db"
    memories = _rows(db, "SELECT content, memory_type, status FROM memories ORDER BY content")
    items = _rows(db, "SELECT kind, status FROM review_queue ORDER BY id")
    return memories, items, _rows(db, "SELECT key FROM meta WHERE key LIKE 'importing:%'")


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("kind", ["chat", "notes", "captures"])
def test_a_life_change_in_an_import_killed_at_every_point_is_heard_by_the_rerun(tmp_path, kind):
    # killed after a batch was stored and before it was heard, the re-run found the turns imported and
    # never heard them: no About me line, no review item for the move, until a newer quire's reading
    from tests.test_trust_crash import _every_point, _run

    template = tmp_path / "template"
    template.mkdir()
    assert _run(template, "capture", "The garden shed roof was fixed by Tom in April").returncode == 0
    said = ["I live in Leeds with my sister and our two cats.", "I moved to York last week, the new flat is lovely."]
    if kind == "chat":
        path = tmp_path / "in" / "conversations.json"
        path.parent.mkdir()
        path.write_text(json.dumps([_chatgpt(f"c{i}", text, 1704067200 + i * 10**7) for i, text in enumerate(said)]))
    elif kind == "captures":  # a file of captures, both notes (the default type): heard as notes captured alone
        path = tmp_path / "in" / "caps.jsonl"
        path.parent.mkdir()
        path.write_text("".join(json.dumps({"content": text}) + "\n" for text in said), encoding="utf-8")
    else:
        path = tmp_path / "in" / "journal"
        path.mkdir(parents=True)
        for i, text in enumerate(said):
            (path / f"2024-0{i + 1}-01.md").write_text(text + "\n", encoding="utf-8")

    def check(home, line):
        assert _life_state(home) == _life_state(tmp_path / "probe"), line

    assert _every_point(template, tmp_path, ("import", str(path), "--defer-embed"), check) >= 4
    memories, items, marks = _life_state(tmp_path / "probe")
    assert [t for c, t, _ in memories if c in said] == ["identity", "identity"] and [s for _, s in items] == ["pending"]
    assert marks == []  # the control: a run that ends leaves no mark


def test_a_cut_chat_downloaded_again_under_another_name_is_named_whole_not_stored_twice(
    tmp_path, quire_home, monkeypatch
):
    import quire

    # her messages lead the chat: Ben's one among its first cannot tell it is the same chat alone
    text = WORK_ANA.replace(
        "12/01/2024, 09:09 - Ben Costa: note: the audit team wants the raw files too\n",
        "12/01/2024, 09:09 - Work: Ana: The audit team wants the raw files from the March run too\n",
    )
    path = _cut_import(tmp_path, monkeypatch, text)
    again = path.with_name("WhatsApp Chat with Work: Ana (1).txt")  # downloaded again
    again.write_text(text, encoding="utf-8")
    with quire.open() as q:
        report = q.import_path(again, defer_embed=True)
    assert report.stored == 3 and len(active(quire_home)) == 4  # (a second session held every message again)
    assert [speaker for speaker, _ in turns(quire_home)] == ["Ben Costa", "Work: Ana", "Work: Ana", "Work: Ana"]


def test_a_whatsapp_chat_of_notices_only_is_told_as_one(cli, tmp_path, quire_home):
    notices = (
        "12/01/2024, 09:00 - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.\n"
        '12/01/2024, 09:01 - Ana created group "Trip"\n'
    )
    chat = tmp_path / "WhatsApp Chat with Trip.txt"
    chat.write_text(notices, encoding="utf-8")
    out = cli("import", str(chat))
    assert out.exit_code == 1 and active(quire_home) == []
    (line,) = out.stderr.strip().splitlines()  # (it was "cannot tell the format; pass --format ...")
    assert "holds no WhatsApp message" in line and "only WhatsApp's own notices" in line
    other = tmp_path / "log.txt"  # the control: the same lines in a file not named as a chat tell nothing
    other.write_text(notices, encoding="utf-8")
    assert "cannot tell the format" in cli("import", str(other)).stderr


@pytest.mark.parametrize("name", ["vault/a.md", "vault/a.markdown"])
def test_a_zip_of_notes_is_told_as_notes_by_the_one_rule(cli, tmp_path, quire_home, name):
    # the zip's check named .md only: a vault of .markdown notes zipped was "a zip without a conversations.json"
    import zipfile

    path = tmp_path / "notes.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(name, LEEDS + "\n")
    out = cli("import", str(path))
    assert out.exit_code == 1 and active(quire_home) == []
    assert "is a zip of Markdown notes; unzip it and import the folder" in out.stderr


@pytest.mark.parametrize("said", [[], ["--format", "markdown"]])
def test_a_whatsapp_chat_beside_notes_is_named_not_read_as_a_note(cli, tmp_path, quire_home, said):
    # the plain-text warning told the person to read a chat's .txt as notes with --format markdown
    folder = _text_notes(tmp_path)  # (a.txt, b.txt: notes when said)
    (folder / "c.md").write_text("The boiler was serviced in March by Tom.\n", encoding="utf-8")
    chat = folder / "WhatsApp Chat with Ana.txt"
    chat.write_text(f"12/01/2024, 09:00 - Ana: {DENTIST}\n12/01/2024, 09:05 - Tom: Thanks, Ana.\n", encoding="utf-8")
    out = cli("import", str(folder), *said, "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    warnings = json.loads(out.stdout)["warnings"]
    assert (
        "left out 1 WhatsApp chat (WhatsApp Chat with Ana.txt): a chat is not a note; import each itself"
        in " ".join(warnings)
    )
    assert any("left out 2 plain-text files" in w for w in warnings) == (not said)  # the control: .txt notes
    assert len(active(quire_home)) == (3 if said else 1)  # (Ana's chat was two notes' paragraphs)


# -- a bad input changes nothing stored ----------------------------------------------------------------------


def _everything(home) -> list:
    """Every row of every table (the import's mark in meta too)."""
    import sqlite3

    db = sqlite3.connect(home / "quire.db")
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return [(t, sorted(map(repr, db.execute(f'SELECT * FROM "{t}"')))) for t in tables]
    finally:
        db.close()


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("empty.jsonl", ""),
        ("blank.json", "  \n\t\n"),
        ("result.json", "   \n"),
        ("result.json", '{"chats": {"list": [{"id": 5, "name": "Ana", "type": "personal_chat", "messages": ['),
        ("conversations.json", '[{"id": "c1", "title": "T", "mapping": {"a": NaN}}]'),
        ("WhatsApp Chat with Trip.txt", "12/01/2024, 09:00 - Messages and calls are end-to-end encrypted.\n"),
        ("captures.json", '[{"content": "I moved to Leeds'),
        ("zero.zip", ""),
    ],
)
def test_a_refused_or_torn_input_changes_nothing_stored(cli, tmp_path, quire_home, name, body):
    assert cli("capture", "The garden shed roof was fixed by Tom in April", "--defer-embed").exit_code == 0
    before = _everything(quire_home)
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    out = cli("import", str(path), "--defer-embed")
    assert out.exit_code == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    after = _everything(quire_home)
    changed = [t for t, rows in after if rows != dict(before).get(t) and t != "meta"]
    assert changed == []
    # meta: no import's mark left behind (a session's first opening records the reading: `life_heard`)
    assert [m for m in dict(after)["meta"] if "life_heard" not in m] == [
        m for m in dict(before)["meta"] if "life_heard" not in m
    ]
