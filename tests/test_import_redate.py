"""A chat imported again with its times read otherwise (WhatsApp's day and month swapped by
--date-order, an export whose times differ by a timezone): the same messages move to their
corrected times, nothing is stored twice, and the report says how many moved."""

from __future__ import annotations

import json

BOTH_WAYS = (
    "03/04/24, 10:00 - Ana: We land at 10 in Porto on the morning flight\n"
    "03/04/24, 10:05 - Rui: I will wait at arrivals with the car and the dog\n"
    "05/04/24, 18:30 - Ana: The hotel on Rua das Flores is booked for three nights\n"
)


def _days(db) -> list[tuple[str, str]]:
    return db.rows(
        "SELECT m.content, m.valid_from FROM session_turns st JOIN memories m ON m.id = st.memory_id "
        "WHERE m.status = 'active' ORDER BY st.position"
    )


def test_a_whatsapp_chat_imported_again_with_date_order_moves_its_messages(session, tmp_path):
    path = tmp_path / "WhatsApp Chat with Rui.txt"
    path.write_text(BOTH_WAYS, encoding="utf-8")
    first = session.import_path(path)  # read day-first, a guess the warning names
    assert first.stored == 3 and [w for w in first.warnings if "--date-order mdy" in w]
    assert _days(session.db)[0][1] == "2024-04-03T10:00:00Z"
    again = session.import_path(path, date_order="mdy")
    assert (again.stored, again.duplicates, again.redated) == (0, 3, 3)
    assert [d for _, d in _days(session.db)] == [
        "2024-03-04T10:00:00Z",
        "2024-03-04T10:05:00Z",
        "2024-05-04T18:30:00Z",
    ]
    assert session.db.scalar("SELECT count(*) FROM memories") == 3
    span = session.db.one("SELECT started_at, ended_at FROM sessions")
    assert (span["started_at"], span["ended_at"]) == ("2024-03-04T10:00:00Z", "2024-05-04T18:30:00Z")
    moved = session.db.rows("SELECT detail FROM audit_log WHERE action = 'memory_redate'")
    assert len(moved) == 3 and json.loads(moved[0][0])["before"] == "2024-04-03T10:00:00Z"
    third = session.import_path(path, date_order="mdy")
    assert (third.stored, third.redated) == (0, 0)


def test_redating_is_said_alike_by_the_cli_and_the_library(cli, quire_home, tmp_path):
    import quire

    path = tmp_path / "WhatsApp Chat with Rui.txt"
    path.write_text(BOTH_WAYS, encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0
    out = cli("import", "--date-order", "mdy", str(path))
    assert out.exit_code == 0, out.stderr
    assert "3 already present moved to the time this export gives them" in out.stdout
    with quire.open(quire_home) as q:
        back = q.run("import", path=str(path), date_order="dmy")
    assert (back.stored, back.redated) == (0, 3)
    out = cli("import", "--date-order", "dmy", "--json", str(path))
    assert json.loads(out.stdout)["redated"] == 0


def test_the_same_words_at_another_place_keep_their_own_time(session, tmp_path):
    path = tmp_path / "WhatsApp Chat with Rui.txt"
    said = "Thanks a lot for the tip about the ferry to Vila Nova"
    path.write_text(
        f"03/04/24, 10:00 - Ana: {said}\n03/04/24, 10:05 - Rui: The ferry leaves from the old quay\n"
        f"04/04/24, 09:00 - Ana: {said}\n",
        encoding="utf-8",
    )
    session.import_path(path)  # 3 April, 3 April, 4 April (day-first)
    again = session.import_path(path, date_order="mdy")  # 4 March, 4 March, 4 April
    assert again.redated == 2
    assert dict(session.db.rows("SELECT content, valid_from FROM memories"))[said] == "2024-03-04T10:00:00Z"


def _telegram(stamped: bool) -> dict:
    messages = []
    said = [(9, "The boiler man comes on Tuesday morning"), (10, "I paid the deposit for the flat on Rua das Flores")]
    for n, (hour, text) in enumerate(said):
        msg = {"id": n + 1, "type": "message", "date": f"2023-01-05T{hour:02d}:00:00", "from": "Anna", "text": text}
        if stamped:  # the export's machine was at UTC+1: the instant is an hour before its local time
            msg["date_unixtime"] = str(1672909200 + (hour - 9) * 3600 - 3600)
        messages.append(msg)
    return {"name": "Anna", "type": "personal_chat", "id": 77, "messages": messages}


def test_a_telegram_export_whose_times_moved_by_a_timezone_moves_its_messages(session, tmp_path):
    path = tmp_path / "result.json"
    path.write_text(json.dumps(_telegram(stamped=False)), encoding="utf-8")
    assert session.import_path(path).stored == 2
    path.write_text(json.dumps(_telegram(stamped=True)), encoding="utf-8")
    again = session.import_path(path)
    assert (again.stored, again.duplicates, again.redated) == (0, 2, 2)
    assert sorted(d for (d,) in session.db.rows("SELECT valid_from FROM memories")) == [
        "2023-01-05T08:00:00Z",
        "2023-01-05T09:00:00Z",
    ]


def test_redating_keys_on_the_outcome_saying_it_was_stored_from_this_place_not_on_its_words(session, tmp_path):
    from memory.capture import Duplicate
    from memory.chats import _redate, _Unit
    from memory.models import parse_payload

    path = tmp_path / "WhatsApp Chat with Rui.txt"
    path.write_text(BOTH_WAYS, encoding="utf-8")
    session.import_path(path)
    mid, source = session.db.rows("SELECT id, source FROM memories ORDER BY valid_from LIMIT 1")[0]
    payload = parse_payload({"content": "x", "type": "note", "valid_from": "2024-03-04T10:00:00Z", "source": source})
    unit = _Unit("s", 0, 0, "Ana", "chat:1", ("src", "digest"), payload)
    # The same words from another cause (a warning reworded, another route's duplicate): no move.
    worded = Duplicate(mid, ("already imported from this source",))
    with session.db.transaction():
        assert _redate(session.db, [unit], [worded], "import") == 0
    # The outcome that says so, whatever its warning reads: moved.
    with session.db.transaction():
        assert _redate(session.db, [unit], [Duplicate(mid, (), logged=True)], "import") == 1
    assert session.db.scalar("SELECT valid_from FROM memories WHERE id = ?", (mid,)) == "2024-03-04T10:00:00Z"
