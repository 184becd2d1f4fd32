"""Telegram Desktop's JSON export in: one chat's result.json and the whole account's, plain or
zipped, streamed a message at a time; service messages left out, the person's own turns told by
--me or by the account's personal_information, edits superseding, re-imports adding nothing, and
a damaged file refused before anything is stored."""

from __future__ import annotations

import io
import json
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import pytest

from memory import chats, telegram


def _msg(ident: int, sender: str | None, text: Any, *, day: int = 5, minute: int = 0, **more: Any) -> dict:
    stamp = 1672876800 + (day - 5) * 86400 + 14 * 3600 + minute * 60  # 2023-01-0N 14:MM UTC
    out = {"id": ident, "type": "message", "date": f"2023-01-{day:02d}T15:{minute:02d}:00"}
    out["date_unixtime"] = str(stamp)
    if sender is not None:
        # The account's own user (personal_information's user_id 1, `_account`) is user1 in every chat.
        sender_id = "user1" if sender == "Tom Builder" else f"user{2 + sum(map(ord, sender)) % 10_000}"
        out.update({"from": sender, "from_id": sender_id})
    out.update({"text": text, "text_entities": [], **more})
    return out


def _service(ident: int, action: str = "pin_message") -> dict:
    out = {"id": ident, "type": "service", "date": "2023-01-05T15:00:00", "date_unixtime": "1672930800"}
    return {**out, "actor": "Anna Kowalska", "actor_id": "user1", "action": action, "text": "", "text_entities": []}


ANNA = [
    _service(1, "phone_call"),
    _msg(2, "Anna Kowalska", "Are you coming to the party on Saturday?", minute=1),
    _msg(
        3,
        "Tom Builder",
        [
            "I live in Lisbon now, the flat is on ",
            {"type": "bold", "text": "Rua das Flores"},
            ", see ",
            {"type": "link", "text": "https://example.org/map"},
        ],
        minute=2,
    ),
    _msg(4, "Anna Kowalska", "", minute=3, photo="photos/photo_1.jpg", width=1280, height=960),
    _msg(5, "Anna Kowalska", "Bring the lemon cake, the one from the bakery on Długa street", minute=4),
    _msg(6, "Anna Kowalska", "", minute=5, file="stickers/sticker.webp", media_type="sticker", sticker_emoji="🎉"),
    _msg(7, "Tom Builder", "Nice photo of the new balcony", minute=6, photo="photos/photo_2.jpg"),
]


def _chat(messages: list[dict], *, name: str = "Anna Kowalska", ident: int = 4242, kind: str = "personal_chat") -> dict:
    return {"name": name, "type": kind, "id": ident, "messages": messages}


def _account(*chat_list: dict, first: str = "Tom", last: str = "Builder", left: tuple[dict, ...] = ()) -> dict:
    return {
        "about": "Here is the data you requested.",
        "personal_information": {"user_id": 1, "first_name": first, "last_name": last, "phone_number": "+351"},
        "contacts": {"about": "...", "list": [{"first_name": "Anna", "last_name": "Kowalska", "date": "2022-01-01"}]},
        "chats": {"about": "...", "list": list(chat_list)},
        "left_chats": {"about": "...", "list": list(left)},
    }


def _write(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _turns(db) -> list[tuple]:
    return db.rows(
        "SELECT s.title, st.position, st.speaker, m.content, m.valid_from FROM session_turns st "
        "JOIN sessions s ON s.id = st.session_id JOIN memories m ON m.id = st.memory_id "
        "WHERE m.status = 'active' ORDER BY s.title, st.position"
    )


def _kind_of(db, like: str) -> str:
    return db.scalar("SELECT memory_type FROM memories WHERE content LIKE ?", (like,))


def test_one_chat_lands_as_a_session_between_its_senders(session, tmp_path):
    path = _write(tmp_path / "ChatExport_2023-01-06" / "result.json", _chat(ANNA))
    assert chats.detect_format(path) == "telegram"
    report = session.import_path(path)
    assert (report.format, report.errors, report.conversations, report.messages) == ("telegram", [], 1, 6)
    assert report.empty == 2  # the photo and the sticker without a caption; the service message is no message
    assert _turns(session.db) == [
        ("Anna Kowalska", 0, "Anna Kowalska", "Are you coming to the party on Saturday?", "2023-01-05T14:01:00Z"),
        (
            "Anna Kowalska",
            1,
            "Tom Builder",
            "I live in Lisbon now, the flat is on Rua das Flores, see https://example.org/map",
            "2023-01-05T14:02:00Z",
        ),
        (
            "Anna Kowalska",
            3,
            "Anna Kowalska",
            "Bring the lemon cake, the one from the bakery on Długa street",
            "2023-01-05T14:04:00Z",
        ),
        ("Anna Kowalska", 5, "Tom Builder", "Nice photo of the new balcony", "2023-01-05T14:06:00Z"),
    ]
    # without --me, the chat named for Anna: Tom, its other sender, is the person who exported it
    assert _kind_of(session.db, "I live in Lisbon%") == "identity"
    again = session.import_path(path)
    assert (again.stored, again.duplicates, again.errors) == (0, 4, [])


def test_the_account_export_reads_every_chat_and_knows_who_you_are(session, tmp_path):
    saved = _chat([_msg(1, "Tom Builder", "Passport renewal appointment is on the 14th at 9")], name="", ident=1)
    saved["type"] = "saved_messages"
    group = _chat(
        [_msg(10, "Аня", "Встречаемся в субботу в семь у фонтана"), _msg(11, "山田", "土曜日の七時に駅で会いましょう")],
        name="Семья 家族",
        ident=-100500,
        kind="private_supergroup",
    )
    empty = _chat([], name="Nobody said anything", ident=77)
    left = _chat([_msg(20, "Ben", "The climbing gym closes at ten on Fridays")], name="Climbing", ident=88)
    path = _write(tmp_path / "DataExport" / "result.json", _account(_chat(ANNA), saved, group, empty, left=(left,)))
    assert chats.detect_format(path) == "telegram"
    report = session.import_path(path)
    assert report.errors == [] and report.conversations == 5 and report.stored == 8
    assert any("'Tom Builder'" in w and "personal_information" in w and "--me" in w for w in report.warnings)
    titles = {t for (t,) in session.db.rows("SELECT title FROM sessions")}
    assert titles == {"Anna Kowalska", "Saved Messages", "Семья 家族", "Nobody said anything", "Climbing"}
    assert _kind_of(session.db, "I live in Lisbon%") != "note"  # Tom's own words are read as his life
    assert {c for (c,) in session.db.rows("SELECT content FROM memories")} >= {
        "Встречаемся в субботу в семь у фонтана",
        "土曜日の七時に駅で会いましょう",
    }


def test_me_names_another_sender_and_then_the_export_is_not_asked(session, tmp_path):
    path = _write(tmp_path / "result.json", _account(_chat(ANNA)))
    report = session.import_path(path, me="Anna Kowalska")
    assert not [w for w in report.warnings if "personal_information" in w]
    assert _kind_of(session.db, "I live in Lisbon%") == "note"  # Tom's life is not the person's now


def test_a_one_chat_export_then_the_account_export_adds_nothing(session, tmp_path):
    session.import_path(_write(tmp_path / "a" / "result.json", _chat(ANNA)))
    report = session.import_path(_write(tmp_path / "b" / "result.json", _account(_chat(ANNA))))
    assert (report.stored, report.errors) == (0, [])
    assert session.db.scalar("SELECT count(*) FROM sessions") == 1


def test_a_later_export_adds_only_what_is_new_and_an_edit_supersedes(session, tmp_path):
    session.import_path(_write(tmp_path / "june" / "result.json", _chat(ANNA)))
    later = [dict(m) for m in ANNA]
    later[4] = {**later[4], "text": "Bring the lemon cake, the one from the bakery on Floriańska street"}
    later[4]["edited"], later[4]["edited_unixtime"] = "2023-01-05T15:09:00", "1672931340"
    later.append(_msg(8, "Anna Kowalska", "The party moved to Sunday at eight in the evening", minute=9))
    report = session.import_path(_write(tmp_path / "july" / "result.json", _chat(later)))
    assert (report.stored, report.errors) == (2, [])
    old = session.db.rows("SELECT status FROM memories WHERE content LIKE '%Długa street'")
    assert old == [("superseded",)]
    assert [t[3] for t in _turns(session.db)][2] == "Bring the lemon cake, the one from the bakery on Floriańska street"
    again = session.import_path(tmp_path / "july" / "result.json")
    assert (again.stored, again.errors) == (0, [])


def test_a_zip_of_the_export_folder_is_read_by_its_result_json(session, tmp_path):
    path = tmp_path / "Telegram export.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("ChatExport_2023-01-06/result.json", json.dumps(_chat(ANNA)))
        archive.writestr("ChatExport_2023-01-06/photos/photo_1.jpg", b"\xff\xd8\xff")
        archive.writestr("ChatExport_2023-01-06/messages.html", "<html></html>")
    assert chats.detect_format(path) == "telegram"
    report = session.import_path(path)
    assert (report.format, report.stored, report.errors) == ("telegram", 4, [])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"name": "Anna", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "mess', "ends early"),
        ('{"name": "Anna", "type": "personal_chat", "id": 1, "messages": [{"id": 1,, }]}', "JSON is damaged"),
        ('{"about": "x", "personal_information": {}, "chats": {"about": "x", "list": []}}', "holds no chat"),
    ],
)
def test_a_damaged_export_is_one_error_line_and_nothing_stored(cli, session, tmp_path, text, said):
    path = tmp_path / "result.json"
    path.write_text(text, encoding="utf-8")
    out = cli("import", "--format", "telegram", str(path))
    assert out.exit_code == 1 and said in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Export" in out.stderr
    assert session.db.scalar("SELECT count(*) FROM memories") == 0
    assert session.db.scalar("SELECT count(*) FROM sessions") == 0


def test_a_tear_late_in_a_big_export_stores_nothing(session, tmp_path):
    many = [_msg(i, "Anna Kowalska", f"Message number {i} about the garden shed roof") for i in range(1, 600)]
    whole = json.dumps(_account(_chat(ANNA), _chat(many, ident=5)), indent=1)
    path = tmp_path / "result.json"
    path.write_text(whole[: len(whole) - 300], encoding="utf-8")
    with pytest.raises(Exception, match="nothing was imported"):
        session.import_path(path)
    assert session.db.scalar("SELECT count(*) FROM memories") == 0


def test_not_a_telegram_export_with_format_telegram_names_the_fix(cli, tmp_path):
    path = tmp_path / "result.json"
    path.write_text('[{"mapping": {}}]', encoding="utf-8")
    out = cli("import", "--format", "telegram", str(path))
    assert out.exit_code == 1 and "not a Telegram export" in out.stderr and "Export Telegram data" in out.stderr


def test_hostile_messages_cost_only_themselves(session, tmp_path):
    messages = [
        _msg(1, "Anna\u202e Kowalska", "Before\x00 the odd ones, the meeting is on Thursday"),
        "not a message",
        _msg(2, None, "From a deleted account: the keys are with the neighbour"),
        {**_msg(3, "Anna Kowalska", "x"), "text": {"type": "bold"}},
        _msg(4, "Anna Kowalska", "After the odd ones, bring the blue folder", date_unixtime="4102444800"),
    ]
    messages[2]["from"] = None
    report = session.import_path(_write(tmp_path / "result.json", _chat(messages)))
    assert any("the message is a text, not an object" in e for e in report.errors)
    assert any("in the future" in w for w in report.warnings)
    contents = {t[2]: t[3] for t in _turns(session.db)}
    assert contents["Anna Kowalska"] == "After the odd ones, bring the blue folder"
    assert contents["Deleted Account"] == "From a deleted account: the keys are with the neighbour"
    assert "Before the odd ones, the meeting is on Thursday" in {t[3] for t in _turns(session.db)}


def test_flags_that_do_not_apply_are_refused(cli, tmp_path):
    path = _write(tmp_path / "result.json", _chat(ANNA))
    out = cli("import", "--date-order", "dmy", str(path))
    assert out.exit_code == 2 and "--date-order applies to a WhatsApp chat" in out.stderr


def test_a_long_chat_is_read_a_message_at_a_time():
    # A chat of 20,000 messages (about 8 MB of JSON) read through: what is held at once is one
    # message, not the chat (a reader that built the chat first held all of it).
    body = json.dumps(
        _account(_chat([_msg(i, "Anna", f"{i} " + "garden shed roof " * 20) for i in range(20_000)])), indent=1
    ).encode()
    assert len(body) > 8_000_000
    tracemalloc.start()
    try:
        count = 0
        for chat in telegram.chats(io.BytesIO(body)):
            for said in chat.messages:
                count += isinstance(said, telegram.Said)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 20_000
    assert peak < 1_000_000, f"{peak:,} bytes held at the peak"


def test_an_older_export_without_unix_times_keeps_the_local_time_as_written(session, tmp_path):
    messages = [_msg(1, "Anna", "The boiler service is booked for Tuesday morning")]
    del messages[0]["date_unixtime"]
    session.import_path(_write(tmp_path / "result.json", _chat(messages)))
    assert _turns(session.db)[0][4] == "2023-01-05T15:00:00Z"


def test_a_one_line_export_and_every_route_read_it_the_same(cli, session, quire_home, tmp_path):
    import quire

    path = tmp_path / "result.json"
    path.write_text(json.dumps(_account(_chat(ANNA))), encoding="utf-8")  # minified: one line
    assert chats.detect_format(path) == "telegram"
    with quire.open(quire_home) as q:
        report = q.run("import", path=str(path))
    assert (report["format"], report["stored"], report["errors"]) == ("telegram", 4, [])
    out = cli("import", "--json", str(path))
    assert out.exit_code == 0 and json.loads(out.stdout)["duplicates"] == 4


def test_a_chat_name_with_control_characters_is_cleaned_and_said(session, tmp_path):
    report = session.import_path(_write(tmp_path / "result.json", _chat(ANNA[:3], name="Anna\x00\u202e Kowalska")))
    assert session.db.scalar("SELECT title FROM sessions") == "Anna Kowalska"
    assert any("control character" in w for w in report.warnings)


def test_the_html_export_is_named_with_its_fix(cli, tmp_path):
    # Telegram Desktop exports HTML unless JSON is chosen: "cannot tell the format" did not say what to do.
    path = tmp_path / "ChatExport_2023-01-06" / "messages2.html"
    path.parent.mkdir()
    path.write_text("<!DOCTYPE html><html><head><title>Exported Data</title></head><body></body></html>")
    out = cli("import", str(path))
    assert out.exit_code == 1 and "HTML export" in out.stderr and "format JSON" in out.stderr


def test_walk_checks_each_item_against_the_limits_and_reads_on():
    from memory import jsonstream

    # The containers walked into are the path to the items; each item is built with the limits
    # checked (its own depth counted from itself), one past them a Bad, the next read as usual.
    doc = b'{"name": "A", "messages": [{"text": "short"}, {"text": "far too long a text"}, [[[[1]]]], 7]}'
    seen = list(jsonstream.walk(io.BytesIO(doc), lambda p: len(p) < 2, max_string=10, max_depth=3))
    items = [v for p, v in seen if len(p) == 2]
    assert items[0] == {"text": "short"} and items[3] == 7
    assert isinstance(items[1], jsonstream.Bad) and "over the 10 limit" in items[1].reason
    assert isinstance(items[2], jsonstream.Bad) and "nested more than 3" in items[2].reason
    assert seen[-1] == ((), jsonstream.CLOSE)


def test_a_one_chat_export_of_a_personal_chat_takes_the_other_sender_as_you(session, tmp_path):
    """A chat's ⋮ → Export chat history has no personal_information: the chat is named for the other
    person, so the other sender is you (said in a warning). It had read no one's turns as the
    person's: "I live in Lisbon now" reached no About me."""
    report = session.import_path(_write(tmp_path / "result.json", _chat(ANNA)))
    assert report.mine == 2, report  # Tom's two messages
    assert any("the chat is with 'Anna Kowalska'" in w and "'Tom Builder'" in w for w in report.warnings)


@pytest.mark.parametrize(
    "chat",
    [
        _chat(ANNA, kind="private_group"),  # a group: no one is the other
        _chat(ANNA, name="Marta"),  # named for no sender
        _chat([*ANNA, _msg(9, "Marta", "Hi all, Marta here", minute=9)]),  # a third sender
    ],
)
def test_a_group_or_a_chat_named_otherwise_takes_no_one_as_you(session, tmp_path, chat):
    report = session.import_path(_write(tmp_path / "result.json", chat))
    assert report.mine == 0 and not any("read as yours" in w for w in report.warnings), report


def test_a_personal_chat_export_is_parsed_twice_not_three_times_to_tell_who_you_are(session, tmp_path, monkeypatch):
    # The first pass (that checks the whole file before anything lands) notes the first chat's kind,
    # name and senders: the other sender is told from it, not from a pass of its own.
    from memory import jsonstream

    walks = []
    real = jsonstream.walk

    def counted(fh, expand):
        walks.append(expand)
        return real(fh, expand)

    monkeypatch.setattr(jsonstream, "walk", counted)
    report = session.import_path(_write(tmp_path / "result.json", _chat(ANNA)))
    assert report.mine == 2 and any("the chat is with 'Anna Kowalska'" in w for w in report.warnings)
    # owner() stops at the first chat's "messages" (a one-chat export names no owner); survey; chats
    assert len(walks) == 3, walks


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"# A note\n\nThe boiler was serviced.\n", "not a Telegram export"),
        (b"\x00", "is binary data, not text"),  # as a file of NULs of any size is (files.refuse_binary)
        (b"12/31/23, 9:15 PM - Anna: Hi\n", "not a Telegram export"),
    ],
)
def test_a_file_of_another_kind_given_as_telegram_is_no_damaged_export(cli, tmp_path, body, said):
    """A note, one NUL byte or a WhatsApp chat given as Telegram is said to be no Telegram export, or
    no text (it had been called 'the export's JSON is damaged'); a cut export stays damaged (the test above)."""
    path = tmp_path / "result.json"
    path.write_bytes(body)
    out = cli("import", "--format", "telegram", str(path))
    assert out.exit_code == 1 and said in out.stderr and "JSON is damaged" not in out.stderr
