"""A person's days are their machine's: a chat message said at 00:30 on 31 December in Berlin is
stored as 23:30Z the 30th and shown, found and paged on the 31st (TZ names the zone); JSON keeps the
instant with its offset. Under TZ=UTC (the tests' default) nothing moves."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from memory import clock
from retrieval import temporal
from tests.ui_home import Browserless, start

NEW_YEAR = (
    "31/12/2023, 00:30 - Anna: The fireworks over the river were wonderful tonight\n"
    "31/12/2023, 23:50 - Tom: Ten minutes to midnight, the fireworks are about to start\n"
)


@pytest.fixture
def berlin(zone):
    zone("Europe/Berlin")


def _chat(tmp_path):
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(NEW_YEAR, encoding="utf-8")
    return path


def test_recall_and_show_give_the_day_it_was_said_here_json_the_instant(cli, tmp_path, berlin):
    assert cli("import", str(_chat(tmp_path))).exit_code == 0
    found = json.loads(cli("recall", "fireworks", "--json").stdout)["results"]
    by_text = {r["content"][:14]: r for r in found}
    anna, tom = by_text["The fireworks "], by_text["Ten minutes to"]
    assert (anna["valid_from"], anna["date"]) == ("2023-12-30T23:30:00Z", "2023-12-31")
    assert (tom["valid_from"], tom["date"]) == ("2023-12-31T22:50:00Z", "2023-12-31")  # not the next day
    table = cli("recall", "fireworks").stdout
    assert "2023-12-31" in table and "2023-12-30" not in table
    shown = cli("show", anna["id"]).stdout
    assert "valid 2023-12-31 -> now" in shown


def test_a_day_named_in_a_query_is_the_day_here(cli, tmp_path, berlin):
    window = temporal.parse("fireworks on 31 December 2023", datetime(2024, 3, 1, tzinfo=UTC)).window
    assert window is not None and (window.start, window.end) == (
        clock.midnight(2023, 12, 31),
        clock.midnight(2024, 1, 1),
    )
    # matched widened to the UTC day too, where a day given alone is stored
    assert window.sql() == ("2023-12-30T23:00:00Z", "2024-01-01T00:00:00Z")
    assert window.describe() == "'on 31 December 2023': 2023-12-31 to 2023-12-31"
    assert cli("import", str(_chat(tmp_path))).exit_code == 0
    out = json.loads(cli("recall", "fireworks on 31 December 2023", "--json").stdout)
    assert {r["date"] for r in out["results"]} == {"2023-12-31"}
    assert len(out["results"]) == 2


def test_under_utc_the_days_are_the_stored_ones():
    assert clock.local_day("2023-12-30T23:30:00Z") == "2023-12-30"
    assert clock.local_day("2023-12-30") == "2023-12-30"
    assert clock.local_day("not a date at all") == "not a date"
    assert clock.local_day(None) == ""


def test_a_machine_zone_that_is_no_zone_reads_as_the_c_librarys(monkeypatch):
    monkeypatch.setenv("TZ", "../../etc/passwd")
    assert clock.machine_zone() is None
    assert clock.local_day("2023-12-30T23:30:00Z") == "2023-12-30"  # the C library reads it as UTC


def test_a_day_given_alone_is_that_day_west_of_utc_too(cli, tmp_path, zone):
    # New York, UTC-5: a day given alone is stored at its UTC midnight (19:00 the day before here);
    # it is shown as the day given, and a query naming that day finds it beside a chat's messages.
    zone("America/New_York")
    out = cli("capture", "--valid-from", "2023-12-31", "--json", "The fireworks were cancelled for the storm")
    assert out.exit_code == 0, out.stderr
    chat = tmp_path / "WhatsApp Chat with Anna.txt"
    chat.write_text(
        "31/12/2023, 19:30 - Anna: The fireworks start at midnight anyway, the storm passed\n", encoding="utf-8"
    )
    assert cli("import", str(chat)).exit_code == 0
    found = json.loads(cli("recall", "fireworks on 31 December 2023", "--json").stdout)["results"]
    assert sorted((r["valid_from"], r["date"]) for r in found) == [
        ("2023-12-31T00:00:00Z", "2023-12-31"),
        ("2024-01-01T00:30:00Z", "2023-12-31"),
    ]
    assert "2023-12-31 to 2023-12-31" in cli("recall", "fireworks on 31 December 2023").stdout
    window = temporal.parse("on 31 December 2023", datetime(2024, 3, 1, tzinfo=UTC)).window
    assert window is not None
    assert window.contains(datetime(2023, 12, 31, tzinfo=UTC)) and window.contains(
        datetime(2024, 1, 1, 0, 30, tzinfo=UTC)
    )


def test_the_browser_screens_give_the_day_it_was_said_here_as_the_cli_does(cli, tmp_path, berlin):
    """The UI's memory screen had cut a date to its UTC day (2023-12-30 for a message said at 00:30 on
    the 31st in Berlin) while `quire show` gave the 31st: one operation, two days."""
    assert cli("import", str(_chat(tmp_path))).exit_code == 0
    (anna,) = [r for r in json.loads(cli("recall", "fireworks", "--json").stdout)["results"] if "river" in r["content"]]
    served = start()
    try:
        status, _, body = Browserless(served).sign_in().request("GET", f"/memory/{anna['id']}")
    finally:
        served.stop()
    assert status == 200
    assert "2023-12-31 – now" in body and "2023-12-30" not in body, body
