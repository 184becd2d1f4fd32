"""A WhatsApp chat's times are its phone's wall clock: each message is stored as the moment it was
in the machine's time zone, or in the one --timezone names; a time the clock skipped or repeated
(daylight saving) lands without a fault, and a zone that is no zone is refused before anything."""

from __future__ import annotations

import json

import pytest

CHAT = (
    "30/12/23, 21:15 - Anna: Are you coming to the party on Saturday at the new flat?\n"
    "14/07/24, 09:00 - Tom: The summer house in Hel is booked for the first week of August\n"
)


def _times(db) -> list[str]:
    return [t for (t,) in db.rows("SELECT valid_from FROM memories WHERE status = 'active' ORDER BY valid_from")]


def test_times_are_read_in_the_machines_time_zone(session, tmp_path, zone):
    zone("Europe/Warsaw")
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(CHAT, encoding="utf-8")
    assert session.import_path(path).stored == 2
    # Winter: UTC+1; summer: UTC+2.
    assert _times(session.db) == ["2023-12-30T20:15:00Z", "2024-07-14T07:00:00Z"]
    span = session.db.one("SELECT started_at, ended_at FROM sessions")
    assert (span["started_at"], span["ended_at"]) == ("2023-12-30T20:15:00Z", "2024-07-14T07:00:00Z")


def test_timezone_names_the_zone_and_a_reimport_moves_the_messages(cli, session, quire_home, tmp_path, zone):
    import quire

    zone("UTC")
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(CHAT, encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0
    assert _times(session.db) == ["2023-12-30T21:15:00Z", "2024-07-14T09:00:00Z"]
    out = cli("import", "--timezone", "America/New_York", "--json", str(path))
    assert out.exit_code == 0, out.stderr
    assert (json.loads(out.stdout)["stored"], json.loads(out.stdout)["redated"]) == (0, 2)
    assert _times(session.db) == ["2023-12-31T02:15:00Z", "2024-07-14T13:00:00Z"]
    with quire.open(quire_home) as q:
        back = q.run("import", path=str(path), timezone="Asia/Tokyo")
    assert (back.stored, back.redated) == (0, 2)
    assert _times(session.db) == ["2023-12-30T12:15:00Z", "2024-07-14T00:00:00Z"]


def test_a_time_the_clock_skipped_or_repeated_lands(session, tmp_path):
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(
        "31/03/24, 02:30 - Anna: The clocks went forward and the baby woke up at half past two\n"
        "27/10/24, 02:30 - Tom: Autumn: we moved every clock in the flat an hour back, even the oven's\n",
        encoding="utf-8",
    )
    report = session.import_path(path, timezone="Europe/Berlin")
    assert (report.stored, report.errors) == (2, [])
    # Skipped: read with the offset before the change (+1); repeated: its first time (+2).
    assert _times(session.db) == ["2024-03-31T01:30:00Z", "2024-10-27T00:30:00Z"]


NO_ZONES = [
    "Mars/Olympus",
    "../../etc/passwd",
    "/etc/localtime",
    "Europe",
    "",
    "UTC\x00",
    "Europe/War\nsaw",
    "x" * 5000,
]


@pytest.mark.parametrize("name", NO_ZONES)
def test_a_zone_that_is_no_zone_is_refused_on_every_route(cli, session, quire_home, tmp_path, name):
    import quire

    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(CHAT, encoding="utf-8")
    out = cli("import", "--timezone", name, str(path))
    assert out.exit_code == 2, out.stderr
    assert "time zone" in out.stderr and "Europe/Warsaw" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    with quire.open(quire_home) as q, pytest.raises(Exception, match="Europe/Warsaw"):
        q.run("import", path=str(path), timezone=name)
    with pytest.raises(Exception, match="Europe/Warsaw"):
        session.import_path(path, timezone=name)
    assert session.db.scalar("SELECT count(*) FROM memories") == 0


def test_timezone_is_refused_where_times_are_instants(cli, session, tmp_path):
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps({"conversation": "c", "text": "We fly to Porto on Friday morning"}) + "\n")
    out = cli("import", "--timezone", "Europe/Warsaw", str(path))
    assert out.exit_code == 2 and "--timezone applies to a WhatsApp chat or a Telegram export" in out.stderr
    assert session.db.scalar("SELECT count(*) FROM memories") == 0


def test_a_telegram_message_with_only_its_local_date_is_read_in_the_zone(session, tmp_path):
    local = {"id": 1, "type": "message", "date": "2023-01-05T15:00:00", "from": "Anna"}
    local["text"] = "The boiler in the cellar is fixed at last"
    stamped = {"id": 2, "type": "message", "date": "2023-01-05T15:05:00", "from": "Anna"}
    stamped["date_unixtime"] = "1672927500"  # the instant: 14:05 UTC, whatever the zone
    stamped["text"] = "The plumber charged us two hundred for it"
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"name": "Anna", "type": "personal_chat", "id": 7, "messages": [local, stamped]}))
    assert session.import_path(path, timezone="Europe/Warsaw").stored == 2
    assert _times(session.db) == ["2023-01-05T14:00:00Z", "2023-01-05T14:05:00Z"]
