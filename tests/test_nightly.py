"""The nightly rebuild's record: due or not, a missed night caught up and announced, a log that
rotates, and `quire status` showing it; plus the everyday edges a person touches."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from wiki import nightly

FACT = "The ledger service settles payments every night at two in the morning"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_due_is_once_per_scheduled_slot(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    record = nightly.Record(at="03:00", last_success="2026-03-10T03:05:00+00:00")
    assert not nightly.is_due(record, at("2026-03-10T12:00:00"))  # ran after today's slot
    assert not nightly.is_due(record, at("2026-03-11T02:59:00"))  # tomorrow's slot not reached
    assert nightly.is_due(record, at("2026-03-11T03:00:00"))
    assert nightly.is_due(record, at("2026-03-14T09:00:00"))  # a laptop closed for three nights: one run
    assert nightly.is_due(nightly.Record(), at("2026-03-11T03:00:00"))  # never ran


def test_overdue_notice_only_for_a_scheduled_home_after_a_day():
    now = at("2026-03-12T10:00:00")
    fresh = nightly.Record(scheduler="cron", last_success="2026-03-12T03:00:00+00:00")
    stale = nightly.Record(scheduler="cron", last_success="2026-03-09T03:00:00+00:00")
    assert nightly.overdue_notice(fresh, now) is None
    assert nightly.overdue_notice(nightly.Record(last_success="2026-01-01T00:00:00+00:00"), now) is None
    notice = nightly.overdue_notice(stale, now)
    assert notice and "3 days ago" in notice and "quire rebuild --if-due" in notice


def test_a_damaged_record_reads_as_empty(tmp_path):
    (tmp_path / nightly.STATE).write_text('{"at": "99:99", "last_success": 5, "scheduler": ["x"]')
    assert nightly.read(tmp_path) == nightly.Record()
    (tmp_path / nightly.STATE).write_text('{"at": null, "last_success": 5}')
    assert nightly.read(tmp_path).at == nightly.DEFAULT_AT


def test_every_route_records_the_rebuild_and_status_shows_it(cli, cli_json, quire_home):
    assert cli("capture", FACT).exit_code == 0
    assert cli_json("status")["nightly"]["last_run"] is None
    assert cli("rebuild").exit_code == 0
    state = cli_json("status")["nightly"]
    assert state["last_outcome"] == "ok" and state["last_success"] == state["last_run"]
    assert "written" in state["last_line"]
    assert "rebuild:     last " in cli("status").stdout


def test_the_recorded_run_says_what_the_rebuild_said_in_its_words(cli, quire_home):
    """`schedule --status` and the log read as the rebuild line does ("revisions queued"), not in a
    word found nowhere else ("revision cards")."""
    assert cli("capture", FACT).exit_code == 0
    said = cli("rebuild").stdout
    assert "0 revisions queued" in said
    recorded = cli("schedule", "--status").stdout
    assert "0 revisions queued" in recorded and "revision cards" not in recorded


def test_library_rebuild_is_recorded_too(quire_home):
    import quire

    with quire.open(quire_home) as q:
        q.capture(FACT)
        q.rebuild()
    assert nightly.read(quire_home).last_outcome == "ok"


def test_if_due_skips_a_fresh_rebuild_and_runs_a_missed_one(cli, quire_home, monkeypatch):
    assert cli("capture", FACT).exit_code == 0
    first = cli("rebuild", "--if-due", "--log")
    assert first.exit_code == 0 and "written" in first.stdout
    again = cli("rebuild", "--if-due", "--log")
    assert again.exit_code == 0 and "not due" in again.stderr and again.stdout == ""
    record = nightly.read(quire_home)
    old = (datetime.fromisoformat(record.last_success) - timedelta(days=3)).isoformat()
    (quire_home / nightly.STATE).write_text(json.dumps({**record.__dict__, "last_success": old}))
    assert "written" in cli("rebuild", "--if-due", "--log").stdout
    log = (quire_home / nightly.LOG).read_text().splitlines()
    assert len(log) == 2 and all(" ok: " in line for line in log)


def test_a_missed_night_is_announced_by_the_next_command(cli, quire_home):
    nightly.set_schedule(quire_home, at="03:17", scheduler="systemd")
    record = nightly.read(quire_home)
    stale = (datetime.now(UTC) - timedelta(days=2, hours=1)).isoformat()
    (quire_home / nightly.STATE).write_text(json.dumps({**record.__dict__, "last_success": stale}))
    result = cli("status", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["nightly"]["due"] is True
    assert result.stderr.count("\n") == 1 and "2 days ago" in result.stderr and "--if-due" in result.stderr


def test_a_failed_rebuild_is_recorded_and_logged(cli, quire_home):
    assert cli("capture", FACT).exit_code == 0
    (quire_home / "wiki").write_text("not a folder")
    result = cli("rebuild", "--log")
    assert result.exit_code == 1
    record = nightly.read(quire_home)
    assert record.last_outcome == "failed" and record.last_success is None
    assert " failed: " in (quire_home / nightly.LOG).read_text()


def test_the_log_rotates(tmp_path, monkeypatch):
    monkeypatch.setattr(nightly, "LOG_BYTES", 400)
    for i in range(60):
        nightly.log_line(tmp_path, f"ok: run {i}")
    logs = sorted(p.name for p in tmp_path.glob("rebuild.log*"))
    assert logs == ["rebuild.log", "rebuild.log.1", "rebuild.log.2", "rebuild.log.3"]
    assert sum(p.stat().st_size for p in tmp_path.glob("rebuild.log*")) < 4 * 400 + 200
    assert "run 59" in (tmp_path / "rebuild.log").read_text()


# -- the everyday edges ----------------------------------------------------------------------------


def test_an_empty_quire_home_is_an_error_not_the_default(cli, monkeypatch):
    monkeypatch.setenv("QUIRE_HOME", "")
    result = cli("status")
    assert result.exit_code == 1 and "QUIRE_HOME is set but empty" in result.stderr


def test_serve_status_exits_1_when_nothing_runs(cli):
    result = cli("serve", "--status")
    assert result.exit_code == 1
    as_json = cli("serve", "--status", "--json")
    assert as_json.exit_code == 1 and json.loads(as_json.stdout)["running"] is False


def test_schedule_status_exits_1_when_nothing_is_scheduled(cli, tmp_path):
    # The sibling of `serve --status`: "scheduler: none installed" (or its unit files deleted) exited 0,
    # so `quire schedule --status || quire schedule --install` never installed anything.
    for args in (("schedule", "--status"), ("schedule", "--status", "--json")):
        result = cli(*args)
        assert result.exit_code == 1 and "no nightly rebuild is scheduled" in result.stderr, result.stderr
        assert "`quire schedule --install`" in result.stderr and result.stderr.count("\n") == 1
    units = tmp_path / "units"
    where = ("--platform", "systemd", "--dir", str(units))
    assert cli("schedule", "--install", *where, "--no-enable").exit_code == 0
    installed = cli("schedule", "--status", *where, "--json")
    assert installed.exit_code == 0 and json.loads(installed.stdout)["scheduled"] is True
    next(units.glob("*.timer")).unlink()  # deleted by hand: the timer no longer runs anything
    gone = cli("schedule", "--status", *where)
    assert gone.exit_code == 1 and "its files are missing" in gone.stderr and "missing:" in gone.stdout


def test_a_field_given_twice_is_a_usage_error(cli, cli_json):
    result = cli("capture", FACT, "--type", "fact", "--field", "claim=one", "--field", "claim=two")
    assert result.exit_code == 2 and "given twice" in result.stderr
    assert cli_json("status")["total"] == 0


def test_broken_front_matter_is_imported_with_a_warning(cli, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "ledger.md").write_text("---\ntitle: [unclosed\n---\n\n" + FACT + "\n")
    result = cli("import", str(notes))
    assert result.exit_code == 0
    assert "ledger.md" in result.stderr and "not valid YAML" in result.stderr


@pytest.mark.parametrize("front", ["title: [Ledger, Service]", "title:\n  name: Ledger", "title: &t [x]"])
def test_a_title_that_parses_but_is_no_text_is_imported_with_a_warning(cli, cli_json, tmp_path, front):
    # The sibling of `title: [unclosed`: YAML that parses, but whose title is a list or a mapping,
    # was imported under the file name as title without a word.
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "ledger.md").write_text(f"---\n{front}\n---\n\n" + FACT + "\n")
    result = cli("import", str(notes))
    assert result.exit_code == 0 and cli_json("status")["total"] == 1
    assert "ledger.md: frontmatter `title:` is a list or mapping, not text" in result.stderr, result.stderr
    assert "taken from the heading or file name" in result.stderr


@pytest.mark.parametrize(
    "title, forbidden",
    [
        ("%%comment%%", "%%"),
        ("<script>alert(1)</script>", "<script>"),
        ("#heading", "|#"),
        ("[[Injected]]", "[[Injected]]"),
    ],
)
def test_index_titles_are_inert(cli, tmp_path, quire_home, title, forbidden):
    notes = tmp_path / "notes"
    notes.mkdir()
    body = f"---\ntitle: {json.dumps(title)}\n---\n\n{FACT}.\n\n"
    body += "The ledger service retries failed settlements three times.\n\n"
    (notes / "note.md").write_text(body + "The ledger service writes its report to the finance share.\n")
    assert cli("import", str(notes)).exit_code == 0
    assert cli("rebuild").exit_code == 0
    index = (quire_home / "wiki" / "index.md").read_text()
    links = [line for line in index.splitlines() if line.startswith("- [[")]
    assert links and not any(forbidden in line for line in links), links


def test_invisible_characters_never_reach_a_page_or_the_terminal(cli, cli_json, quire_home):
    sneaky = "The ledger \u202eecivres\u202c settles\u200b payments every night at two"
    captured = cli_json("capture", sneaky)
    assert any("invisible" in w for w in captured["warnings"])
    assert cli("rebuild").exit_code == 0
    for page in (quire_home / "wiki").glob("*.md"):
        text = page.read_text()
        assert "\u202e" not in text and "\u200b" not in text
    shown = cli("recall", "ledger payments night")
    assert "\u202e" not in shown.stdout and "\u200b" not in shown.stdout


def test_joiners_that_scripts_and_emoji_need_are_kept(cli_json):
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # the ZWNJ is part of the word
    joined = f"Our family {family} visits the ledger office in Tehran {persian}"
    stored = cli_json("capture", joined)
    assert not any("invisible" in w for w in stored["warnings"])
    history = cli_json("history", stored["id"])
    assert joined in json.dumps(history, ensure_ascii=False)
