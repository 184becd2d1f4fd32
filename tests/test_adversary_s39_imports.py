"""A person's real export files, by class, on the import routes (session 39's adversary): the
same chat downloaded twice, a zip unpacked, times a careless tool writes, two imports at once."""

from __future__ import annotations

import json
import threading
import zipfile
from pathlib import Path

import pytest

from memory import clock, vectors
from memory.embed import FakeEmbedder
from memory.models import parse_payload
from memory.vectors import VectorIndex

ANNA = (
    "06/12/2025, 10:41 - Anna: I moved to Lisbon last month and love the new flat.\n"
    "06/12/2025, 10:45 - Tom: That sounds wonderful, send me photos of the balcony.\n"
)
LATER = ANNA + "13/12/2025, 09:00 - Anna: The balcony faces the river and gets sun all afternoon.\n"
IOS = (
    "[06/12/2025, 10:41:05] Anna: I moved to Lisbon last month and love the new flat.\n"
    "[06/12/2025, 10:45:00] Tom: That sounds wonderful, send me photos of the balcony.\n"
)


def _sessions(db) -> list[tuple]:
    """Each session's title and how many turns it holds."""
    return db.rows(
        "SELECT s.title, COUNT(st.memory_id) FROM sessions s JOIN session_turns st ON st.session_id = s.id "
        "GROUP BY s.id ORDER BY s.title"
    )


def _zip(path: Path, member: str, text: str) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(member, text)
    return path


@pytest.mark.parametrize(
    ("first", "again"),
    [
        ("WhatsApp Chat with Anna.txt", "WhatsApp Chat with Anna (1).txt"),  # Chrome's second download
        ("WhatsApp Chat with Anna.txt", "WhatsApp Chat with Anna(2).txt"),  # Firefox's
        ("WhatsApp Chat - Anna.zip", "WhatsApp Chat - Anna (1).zip"),  # iOS's zip, shared twice
    ],
)
def test_the_same_chat_downloaded_again_is_the_same_conversation(session, tmp_path, first, again):
    # A browser names a second download of one file "name (1).txt": the chat read as one with
    # "Anna (1)", a second session holding every turn again, and Tom's turns no longer the person's.
    def put(name: str, text: str) -> Path:
        if name.endswith(".zip"):
            return _zip(tmp_path / name, "_chat.txt", text.replace("06/12/2025, ", "[06/12/2025, "))
        (tmp_path / name).write_text(text, encoding="utf-8")
        return tmp_path / name

    if first.endswith(".zip"):
        older = _zip(tmp_path / first, "_chat.txt", IOS)
        newer = _zip(tmp_path / again, "_chat.txt", IOS + "[13/12/2025, 09:00:00] Anna: The balcony faces the river.\n")
    else:
        older, newer = put(first, ANNA), put(again, LATER)
    session.import_path(older)
    report = session.import_path(newer)
    assert (report.stored, report.duplicates) == (1, 2)
    assert _sessions(session.db) == [("Anna", 3)]
    assert any("'Tom' are read as yours" in w for w in report.warnings)


def test_an_unzipped_ios_chat_is_named_by_its_folder_as_its_zip_was(session, tmp_path):
    # iOS shares "WhatsApp Chat - Anna.zip"; unzipped (Finder, Files), its _chat.txt sits in a
    # folder of that name. Imported from there it was a chat named "_chat" (the zip's import of it
    # another session) and nobody's turns were the person's.
    folder = tmp_path / "WhatsApp Chat - Anna"
    folder.mkdir()
    (folder / "_chat.txt").write_text(IOS, encoding="utf-8")
    session.import_path(_zip(tmp_path / "WhatsApp Chat - Anna.zip", "_chat.txt", IOS))
    report = session.import_path(folder / "_chat.txt")
    assert (report.stored, report.duplicates) == (0, 2)
    assert _sessions(session.db) == [("Anna", 2)]
    assert any("'Tom' are read as yours" in w for w in report.warnings)


def test_two_chats_with_people_of_one_name_stay_two(session, tmp_path):
    # The control: the same file name, another chat (another Anna): its own session.
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "WhatsApp Chat with Anna.txt").write_text(ANNA, encoding="utf-8")
    other = ANNA.replace("Lisbon", "Porto").replace("photos of the balcony", "the address")
    (tmp_path / "b" / "WhatsApp Chat with Anna.txt").write_text(other, encoding="utf-8")
    session.import_path(tmp_path / "a" / "WhatsApp Chat with Anna.txt")
    report = session.import_path(tmp_path / "b" / "WhatsApp Chat with Anna.txt")
    assert (report.stored, report.duplicates) == (2, 0)
    assert _sessions(session.db) == [("Anna", 2), ("Anna", 2)]


def test_two_processes_saving_the_vector_cache_at_once_both_finish(session, tmp_path, monkeypatch):
    # Two imports into one home at once (or an import beside a capture): each saves the vector cache
    # at its end. The later one's cleanup removed the files the other had written and not yet named,
    # and that import ended in a traceback (FileNotFoundError reading them back) after storing all.
    for text in ("The nightly rebuild runs at two in the morning", "Ana owns the payments API and its webhooks"):
        session.capture(parse_payload({"content": text}))
    model = FakeEmbedder().model_id
    first, second = VectorIndex.load(session.db, model), VectorIndex.load(session.db, model)
    real, other = vectors._atomic, []

    def slow(folder, name, write):  # the first save pauses after its matrix, the other saves meanwhile
        real(folder, name, write)
        if name.endswith(".f32.npy") and not other:
            other.append(threading.Thread(target=second.save, args=(session.db, tmp_path)))
            other[0].start()
            other[0].join(timeout=1.0)

    monkeypatch.setattr(vectors, "_atomic", slow)
    first.save(session.db, tmp_path)
    other[0].join(timeout=30)
    assert not other[0].is_alive()
    cold = VectorIndex.load(session.db, model, tmp_path)
    assert cold.mapped and len(cold) == 2


MS = 1714550460000  # 2024-05-01T08:01:00Z in milliseconds, as JavaScript's Date.now() writes it


def _chatgpt(time, ctime) -> list[dict]:
    message = {"id": "n1", "author": {"role": "user"}, "create_time": time, "content": {"parts": [TEXT]}}
    return [
        {
            "title": "Garden",
            "create_time": ctime,
            "conversation_id": "c1",
            "current_node": "n1",
            "mapping": {"n1": {"id": "n1", "parent": None, "children": [], "message": message}},
        }
    ]


TEXT = "I planted tomatoes and basil on the balcony of my flat this weekend."


@pytest.mark.parametrize(
    ("fmt", "body"),
    [
        ("chatgpt", json.dumps(_chatgpt(MS, MS))),
        ("chatgpt", json.dumps(_chatgpt(str(MS), None))),
        ("chat-jsonl", json.dumps({"conversation": "garden", "text": TEXT, "time": MS}) + "\n"),
        (
            "claude",
            json.dumps(
                [
                    {
                        "uuid": "k1",
                        "name": "Garden",
                        "created_at": MS,
                        "chat_messages": [{"uuid": "m1", "sender": "human", "text": TEXT, "created_at": MS}],
                    }
                ]
            ),
        ),
    ],
)
def test_a_time_in_milliseconds_is_the_moment_meant_on_every_chat_route(session, tmp_path, fmt, body):
    # A tool that writes Date.now() gives milliseconds where seconds belong: read as seconds, the year
    # 56,000 was "outside the supported range" and the message dated to the import, warning per message.
    path = tmp_path / "export.json"
    path.write_text(body, encoding="utf-8")
    report = session.import_path(path, format=fmt)
    assert report.stored == 1 and report.warnings == []
    assert session.db.rows("SELECT valid_from FROM memories") == [("2024-05-01T08:01:00Z",)]


@pytest.mark.parametrize(
    ("fmt", "body", "said"),
    [
        ("chatgpt", json.dumps(_chatgpt(None, None)), "1 message and its conversation carry no time"),
        (
            "chat-jsonl",
            "".join(json.dumps({"conversation": "garden", "text": f"{TEXT} Day {n}."}) + "\n" for n in range(3)),
            "3 messages and their conversation carry no time",
        ),
    ],
)
def test_a_message_with_no_time_anywhere_is_said_to_be_dated_to_the_import(session, tmp_path, fmt, body, said):
    # A message with no time in a conversation with none was dated to the import's moment without a
    # word: "when was it said" then answers "today" for something said years ago.
    path = tmp_path / "export.json"
    path.write_text(body, encoding="utf-8")
    report = session.import_path(path, format=fmt)
    assert report.stored >= 1
    assert [w for w in report.warnings if "carry no time" in w] == [
        f"export.json: {said}, so they are dated to this import ({clock.now_iso()[:10]}); if the file should say "
        "when they were sent, fix it there (ISO 8601 or Unix seconds) and import again"
    ]
    # the same file again stores nothing, so it dates nothing today: no warning (it had said so again)
    again = session.import_path(path, format=fmt)
    assert again.stored == 0 and not [w for w in again.warnings if "carry no time" in w], again.warnings


def test_a_message_with_no_time_of_its_own_takes_its_conversations_without_a_warning(session, tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(_chatgpt(None, 1714550460)), encoding="utf-8")
    report = session.import_path(path)
    assert report.stored == 1 and report.warnings == []
    assert session.db.rows("SELECT valid_from FROM memories") == [("2024-05-01T08:01:00Z",)]


def test_a_later_export_with_an_edited_message_says_it_replaced_the_old_text(cli, quire_home, tmp_path):
    # Two downloads of one account: the newer has a message edited. Its new text supersedes the old
    # (kept in history), but the report said only "imported 2 new": an edit read as a new message.
    older, newer = tmp_path / "older.json", tmp_path / "newer.json"
    older.write_text(json.dumps(_chatgpt(1714550460, 1714550400)), encoding="utf-8")
    edited = _chatgpt(1714550460, 1714550400)
    edited[0]["mapping"]["n1"]["message"]["content"]["parts"] = [TEXT.replace("tomatoes", "peppers")]
    newer.write_text(json.dumps(edited), encoding="utf-8")
    assert cli("import", str(older)).exit_code == 0
    said = cli("import", str(newer))
    assert said.exit_code == 0
    assert "1 of them an edit of a message imported before: its old text is kept in `quire history`" in said.stdout
    again = json.loads(cli("import", str(newer), "--json").stdout)
    assert (again["stored"], again["edited"]) == (0, 0)


@pytest.mark.parametrize(
    ("sent", "lands"),
    [
        ({"file": "files/Lease_2019.pdf", "mime_type": "application/pdf"}, "Lease_2019.pdf (file attached)"),
        ({"file": "(File not included. Change data exporting settings to download.)"}, None),
        ({"file": "voice_messages/audio_1.ogg", "media_type": "voice_message"}, None),
    ],
)
def test_an_older_telegram_exports_document_is_named_by_its_path(session, tmp_path, sent, lands):
    # Telegram Desktop wrote `file_name` only from 2022 on; an older export's document sent without
    # words (only `file`, its path in the export) had landed as nothing, counted empty.
    base = {"type": "message", "date": "2021-03-01T10:03:00", "date_unixtime": "1614593000", "from": "Tom"}
    msgs = [{**base, "id": 1, "text": "Here are the papers for the flat we talked about on Friday"}]
    msgs.append({**base, "id": 2, "text": "", **sent})
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"name": "Anna", "type": "personal_chat", "id": 7, "messages": msgs}))
    report = session.import_path(path, keep_all=True)
    stored = [c for (c,) in session.db.rows("SELECT content FROM memories ORDER BY content")]
    assert (report.empty, [c for c in stored if "attached" in c]) == ((0, [lands]) if lands else (1, []))
