"""What older memories state, read again when the reading's rules change (memory/statements.reread).

A home keeps the version of the reading its `statements` rows were made with; a rebuild (the nightly
job) whose quire reads with a newer one reads every live typed memory again, in batches that each
commit with a cursor, and records the version when the last is done. Older rules are simulated here
as they look in a home: the rows a newer reading gives deleted (or replaced by others) and an older
version recorded. Each finding has its control.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from memory import doctor, life, statements
from memory.capture import capture_many
from memory.failpoints import KILLED
from memory.home import Home
from memory.models import parse_payload
from memory.session import Session
from tests.conftest import run_code_forked
from tests.server_homes import device
from tests.test_recall import put
from tests.test_recall_stated import SAID, fillers, hits_of
from wiki import rebuild as rebuild_mod

ROOT = Path(__file__).resolve().parent.parent
HOME = "I live in Lisbon now, the flat in Alfama"


def stated(text: str) -> list[str]:
    return [said.attribute for said in life.read(text)]


def as_older_rules(db, memory_ids, *, version: int = statements.READING - 1, rows=()) -> None:
    """The home as an older reading left it: the memories' rows are `rows` (default: none, a reading
    that stated nothing), and the home records `version`."""
    with db.transaction():
        statements.drop(db, list(memory_ids))
        statements.record(db, [(mid, rows) for mid in memory_ids])
        db.execute(
            "INSERT INTO meta(key, value) VALUES ('statements_reading', ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (str(version),),
        )


def test_the_nightly_rebuild_reads_an_older_home_again_and_recall_then_finds_the_statement(session, cli):
    fillers(session, 60)
    said = put(session, SAID, type="identity")
    as_older_rules(session.db, [said])
    assert said not in [h.id for h in hits_of(session)]  # the control: the older reading stated nothing
    note = json.loads(cli("doctor", "--json").stdout)
    (check,) = [c for c in note["checks"] if c["name"] == "statements"]
    assert check["ok"] and check["detail"].startswith("pending: what 1 typed memory")
    summary = rebuild_mod.rebuild(session)
    assert summary.restated == 1 and statements.recorded(session.db) == statements.READING
    assert statements.of(session.db, said) == ["role"]
    found = hits_of(session)
    assert found[0].id == said and found[0].channels == {"stated": 1}  # only the channel brings it
    note = json.loads(cli("doctor", "--json").stdout)
    (check,) = [c for c in note["checks"] if c["name"] == "statements"]
    assert check["detail"].startswith("read with this quire's rules")


def test_the_cli_rebuild_reads_again_and_says_how_many(session, cli):
    said = put(session, SAID, type="identity")
    other = put(session, HOME, type="identity")
    as_older_rules(session.db, [said, other], rows=("diet",))  # an older reading stated something else
    out = json.loads(cli("rebuild", "--json").stdout)
    assert out["restated"] == 2
    assert statements.of(session.db, said) == ["role"] and statements.of(session.db, other) == ["home"]
    assert json.loads(cli("rebuild", "--json").stdout)["restated"] is None  # done once


def test_the_library_rebuild_reads_again_too(quire_home):
    import quire

    with quire.open(quire_home) as q:
        said = q.capture(SAID, type="identity").id
    with Session(actor="test") as session:
        as_older_rules(session.db, [said])
    with quire.open(quire_home) as q:
        assert q.rebuild().restated == 1
        assert q.rebuild().restated is None
    with Session(actor="test") as session:
        assert statements.of(session.db, said) == ["role"]


def test_the_same_version_reads_nothing(session, monkeypatch):
    said = put(session, SAID, type="identity")
    assert statements.reread(session.db, stated) is None  # a new home: read with this quire's rules
    as_older_rules(session.db, [said], version=statements.READING)  # rows gone, but the version current

    def refuse(text: str) -> list[str]:
        raise AssertionError(f"read again: {text!r}")

    assert statements.reread(session.db, refuse) is None
    monkeypatch.setattr(rebuild_mod, "_stated", refuse)
    assert rebuild_mod.rebuild(session).restated is None
    assert statements.of(session.db, said) == []  # nothing was read: the rows stay as they were
    # the control: one version older, and the same call reads
    as_older_rules(session.db, [said])
    with pytest.raises(AssertionError, match="read again"):
        statements.reread(session.db, refuse)


def test_a_reading_that_fails_does_not_stop_the_rebuild_and_is_tried_again(session, monkeypatch):
    said = put(session, SAID, type="identity")
    as_older_rules(session.db, [said])

    def broken(text: str) -> list[str]:
        raise IndexError("a rule's bug")

    reading = rebuild_mod._stated
    monkeypatch.setattr(rebuild_mod, "_stated", broken)
    summary = rebuild_mod.rebuild(session)
    assert summary.restated is None and summary.written >= 1  # the wiki was rebuilt all the same
    assert any("reading what memories state again stopped (IndexError)" in w for w in summary.warnings)
    assert statements.pending(session.db) == 1 and statements.of(session.db, said) == []
    monkeypatch.setattr(rebuild_mod, "_stated", reading)  # the rules mended
    assert rebuild_mod.rebuild(session).restated == 1
    assert statements.of(session.db, said) == ["role"]


def test_only_live_typed_memories_are_read_and_a_forget_stays_forgotten(session, cli):
    said = put(session, SAID, type="identity")
    gone = put(session, HOME, type="identity")
    # A note no one heard (one `capture_many` stored: an import of captures, a benchmark): a captured one is heard.
    note = capture_many(session.db, [parse_payload({"content": "my first month as GPM, a note of it"})])[0].id
    assert cli("forget", gone).exit_code == 0
    as_older_rules(session.db, [said])
    assert statements.reread(session.db, stated) == 1
    assert statements.of(session.db, gone) == [] and statements.of(session.db, note) == []
    assert statements.of(session.db, said) == ["role"]


def test_what_changes_while_a_batch_is_read_is_written_as_it_is_now(session, cli):
    # A batch is read outside its transaction (the write lock is not held for the reading): a forget
    # or an edit that lands meanwhile is what the batch writes from, not the text it read before.
    from memory import review

    put(session, "I am a backend engineer at Acme, on the payments team", type="identity")
    edited = put(session, "I am a product manager at Acme now, on the same team", type="identity")
    gone = put(session, HOME, type="identity")
    (item,) = review.open_items(session.db)
    as_older_rules(session.db, [edited, gone], rows=("older-reading",))
    landed = []

    def read_while_others_write(text: str) -> list[str]:
        if not landed:
            landed.append(text)
            assert cli("forget", gone).exit_code == 0
            with session.db.transaction():
                review.accept(
                    session.db, item.id, actor="test", edited_text="I moved to Lisbon last week, a flat in Alfama"
                )
        return stated(text)

    assert statements.reread(session.db, read_while_others_write) == 3
    assert statements.of(session.db, gone) == []  # the forget took its rows, and nothing put them back
    assert statements.of(session.db, edited) == ["home"]  # what the edit says, not the role read before it


def test_another_device_moving_the_cursor_meanwhile_is_not_written_over(session):
    ids = [put(session, f"{HOME}, number {i}", type="identity") for i in range(4)]
    as_older_rules(session.db, ids)
    rowids = [session.db.scalar("SELECT rowid FROM memories WHERE id = ?", (mid,)) for mid in ids]
    moved = []

    def read_while_another_device_reads(text: str) -> list[str]:
        if not moved:  # another device wrote the first two meanwhile, and moved the cursor past them
            moved.append(text)
            with session.db.transaction():
                statements.record(session.db, [(ids[0], ["other-device"]), (ids[1], ["other-device"])])
                session.db.execute(
                    "INSERT INTO meta(key, value) VALUES ('statements_rereading', ?)",
                    (f"{statements.READING} {rowids[1]}",),
                )
        return stated(text)

    assert statements.reread(session.db, read_while_another_device_reads, batch=2) == 2
    assert [statements.of(session.db, mid) for mid in ids] == [["other-device"]] * 2 + [["home"]] * 2
    assert statements.recorded(session.db) == statements.READING


def test_progress_on_stderr_past_the_threshold(session, capsys):
    ids = [put(session, f"{HOME}, number {i}", type="identity") for i in range(5)]
    as_older_rules(session.db, ids)
    assert statements.reread(session.db, stated, batch=2, progress_from=5) == 5
    assert "reading again what 5 memories state: 5" in capsys.readouterr().err
    as_older_rules(session.db, ids)
    assert statements.reread(session.db, stated, batch=2, progress_from=6) == 5
    assert capsys.readouterr().err == ""  # under it: quiet


# -- killed halfway ---------------------------------------------------------------------------

_KILLABLE = (
    "import sys\n"
    "from memory import life, statements\n"
    "from memory.db import FileDatabase\n"
    "db = FileDatabase(sys.argv[1])\n"
    "print(statements.reread(db, lambda t: [s.attribute for s in life.read(t)], batch=2))\n"
    "db.close()\n"
)


def _reread_process(path: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """The reread in a process of its own, killed where `env` says: forked from the tests' fork server
    (a fresh interpreter spent ~1 s importing and compiling the life rules, ~40 times a run)."""
    return run_code_forked(
        _KILLABLE,
        str(path),
        env={**{k: v for k, v in os.environ.items() if not k.startswith("QUIRE_")}, "PYTHONPATH": str(ROOT), **env},
    )


def _rows_of(path: Path) -> dict[str, tuple[str, ...]]:
    conn = sqlite3.connect(path)
    try:
        found: dict[str, list[str]] = {}
        for mid, attribute in conn.execute("SELECT memory_id, attribute FROM statements ORDER BY 1, 2"):
            found.setdefault(mid, []).append(attribute)
        return {mid: tuple(attributes) for mid, attributes in found.items()}
    finally:
        conn.close()


def _version_of(path: Path) -> str | None:
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'statements_reading'").fetchone()
        return row[0] if row else None
    finally:
        conn.close()


@pytest.mark.timeout(900)  # two processes a crash point, about 20 points
def test_a_reread_killed_at_every_commit_leaves_each_memory_old_or_new_and_the_next_run_finishes(session, tmp_path):
    texts = [
        SAID,
        HOME,
        "I work at Paysora now, on the payments team",
        "I have been vegetarian since March last year",
        "I am a charge nurse on the night ward",
        "the dog walker comes on Tuesdays at noon",
    ]
    ids = [put(session, text, type="identity") for text in texts]
    as_older_rules(session.db, ids, rows=("older-reading",))
    new = {mid: tuple(stated(text)) for mid, text in zip(ids, texts, strict=True)}
    assert sum(1 for rows in new.values() if rows) >= 4  # the control: the new reading differs for most
    path = session.home.db_path
    session.close()
    template = path.read_bytes()
    trace = tmp_path / "trace.txt"
    probe = _reread_process(path, {"QUIRE_FAILPOINT_TRACE": str(trace)})
    assert probe.returncode == 0 and probe.stdout.strip() == "6", probe.stderr
    points = [line.split()[0] for line in trace.read_text().splitlines()]
    assert len(points) >= 8  # three batches of two and the record: a commit's before and after each
    resumed = set()
    for n in points:
        path.write_bytes(template)
        killed = _reread_process(path, {"QUIRE_FAILPOINT": n})
        assert killed.returncode == KILLED, (n, killed.stderr)
        rows = _rows_of(path)
        for mid in ids:  # each memory's rows are the old reading's or the new one's, never gone
            assert rows.get(mid, ()) in {("older-reading",), new[mid]}, (n, mid, rows.get(mid))
        again = _reread_process(path, {})
        assert again.returncode == 0, (n, again.stderr)
        resumed.add(again.stdout.strip())
        assert {mid: _rows_of(path).get(mid, ()) for mid in ids} == new, n
        assert _version_of(path) == str(statements.READING), n
    # the next run goes on from the last batch committed (6 left before any, 4 after one, 2 after two,
    # 0 after the last; None once the version is recorded), not from the start
    assert resumed == {"6", "4", "2", "0", "None"}


# -- a server home: several devices, one reading ------------------------------------------------


def _doctor_note(root: Path) -> str:
    (check,) = [c for c in doctor.doctor(Home(root)).checks if c.name == "statements"]
    assert check.ok
    return check.detail


def test_a_server_home_is_read_again_by_one_device_only(tmp_path, sqld_url, quire_home):
    laptop = device(tmp_path, "laptop", sqld_url)
    phone = device(tmp_path, "phone", sqld_url)
    try:
        said = put(laptop, SAID, type="identity")
        as_older_rules(laptop.db, [said])
        assert "pending" in _doctor_note(tmp_path / "laptop")
        assert rebuild_mod.rebuild(phone).restated == 1
        assert _doctor_note(tmp_path / "laptop").startswith("read with this quire's rules")
        assert statements.of(laptop.db, said) == ["role"]
        assert rebuild_mod.rebuild(laptop).restated is None  # the phone did it for both
    finally:
        laptop.close()
        phone.close()


def test_an_older_quire_on_another_device_leaves_the_newer_reading_alone(tmp_path, sqld_url, quire_home):
    newer, older = statements.READING + 1, statements.READING
    laptop = device(tmp_path, "laptop", sqld_url)
    phone = device(tmp_path, "phone", sqld_url)
    try:
        ids = [put(laptop, f"{HOME}, number {i}", type="identity") for i in range(3)]
        as_older_rules(laptop.db, ids, version=older - 1)  # both quires would read this home again
        # the laptop's newer quire is halfway (killed after its first batch): the phone's older one waits
        laptop.db.execute("INSERT INTO meta(key, value) VALUES ('statements_rereading', ?)", (f"{newer} 0",))
        assert statements.pending(phone.db, older) is None
        assert statements.reread(phone.db, stated, version=older) is None
        assert statements.reread(laptop.db, stated, version=newer) == 3
        assert statements.recorded(phone.db) == newer
        as_older_rules(laptop.db, ids, version=newer, rows=("newer-reading",))
        assert statements.reread(phone.db, stated, version=older) is None  # never back to the older rules
        assert all(statements.of(phone.db, mid) == ["newer-reading"] for mid in ids)
        # the control: the same older quire reads a home whose recorded reading is older still
        as_older_rules(laptop.db, ids, version=older - 1)
        assert statements.reread(phone.db, stated, version=older) == 3
    finally:
        laptop.close()
        phone.close()


def test_a_new_home_has_nothing_pending(session, cli):
    """A home made by this quire read its (no) memories with this quire's rules: doctor says so at once
    and the first rebuild reads nothing again (control: the same home with the version unrecorded)."""
    put(session, HOME, type="identity")
    assert statements.recorded(session.db) == statements.READING
    assert statements.pending(session.db) is None
    with session.db.transaction():
        session.db.execute("DELETE FROM meta WHERE key = 'statements_reading'")
    assert statements.pending(session.db) == 1
