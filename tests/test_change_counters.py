"""memory/db.FileDatabase.change_counters: CHANGES_SQL's row, its statement run only when the WAL index header
moved. Every commit moves it, by this connection, another connection or another process, after a WAL restart
too; while none comes, the row read before stands and no statement runs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from memory.db import CHANGES_SQL, FileDatabase


@pytest.fixture
def store(tmp_path):
    db = FileDatabase(tmp_path / "q.db")
    db.execute("CREATE TABLE t (a INTEGER)")
    db.execute("INSERT INTO t VALUES (1)")
    ran: list[str] = []
    real = db.rows

    def rows(sql, params=()):
        ran.append(sql)
        return real(sql, params)

    db.rows = rows  # what each read of the counters ran
    yield db, ran
    db.close()


def _read(db, ran) -> tuple[tuple, bool]:
    """(the counters, whether the statement ran), checked against the statement read right after."""
    before = len(ran)
    found = db.change_counters()
    ran_it = len(ran) > before
    assert found == tuple(FileDatabase.rows(db, CHANGES_SQL)[0])
    return found, ran_it


def test_a_store_that_stands_is_read_once(store):
    db, ran = store
    first, ran_first = _read(db, ran)
    assert ran_first
    assert [_read(db, ran) for _ in range(3)] == [(first, False)] * 3


def test_control_every_commit_moves_them(store, tmp_path):
    db, ran = store
    seen = [_read(db, ran)[0]]

    def commit_here():
        db.execute("INSERT INTO t VALUES (2)")

    def commit_by_another_connection():
        other = FileDatabase(tmp_path / "q.db")
        other.execute("INSERT INTO t VALUES (3)")
        other.close()

    def commit_by_another_process():
        code = (
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('INSERT INTO t VALUES (4)'); c.commit()"
        )
        subprocess.run([sys.executable, "-c", code, str(tmp_path / "q.db")], check=True)

    def commit_after_a_wal_restart():  # the WAL written again from its start: the same size, new salts
        other = FileDatabase(tmp_path / "q.db")
        other.rows("PRAGMA wal_checkpoint(RESTART)")
        other.execute("INSERT INTO t VALUES (5)")
        other.close()

    for commit in (commit_here, commit_by_another_connection, commit_by_another_process, commit_after_a_wal_restart):
        commit()
        found, ran_it = _read(db, ran)
        assert ran_it and found not in seen, commit.__name__
        seen.append(found)
        assert _read(db, ran) == (found, False)  # and stands again until the next
    assert db.rows("SELECT count(*) FROM t") == [(5,)]


def test_a_rolled_back_write_leaves_the_counters_read_before_and_the_rows_they_stand_for(store):
    db, ran = store
    first, _ = _read(db, ran)

    class Undo(Exception):
        pass

    with pytest.raises(Undo), db.transaction():
        db.execute("INSERT INTO t VALUES (9)")
        raise Undo
    before = len(ran)
    assert db.change_counters() == first and len(ran) == before  # nothing committed: no statement
    assert db.rows("SELECT a FROM t") == [(1,)]  # the rows any cache read at `first` holds


def test_an_in_memory_store_runs_the_statement_each_time():
    db = FileDatabase(":memory:")
    assert db.change_counters() == db.change_counters() == tuple(db.rows(CHANGES_SQL)[0])
    assert db._wal_head() is None


def test_a_store_not_in_wal_mode_reads_the_statement_whatever_a_stale_index_says(tmp_path):
    db = FileDatabase(tmp_path / "j.db", configure=False)  # (rollback journal: configure would set WAL)
    db.execute("CREATE TABLE t (a INTEGER)")
    header = bytearray(48)
    header[0:4] = (3007000).to_bytes(4, sys.byteorder)
    header[12] = 1  # isInit: an index as SQLite leaves one, left behind by an earlier WAL session
    (tmp_path / "j.db-shm").write_bytes(bytes(header) * 2 + b"\x00" * 32672)
    first = db.change_counters()
    db.execute("INSERT INTO t VALUES (1)")  # written through the rollback journal: the stale index stays
    assert db.change_counters() == tuple(db.rows(CHANGES_SQL)[0]) != first
    db.close()
