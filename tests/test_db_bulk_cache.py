"""memory.db.bulk_cache: an import's transactions keep their dirty pages in memory until COMMIT
(none spilled to the WAL and read back), and the store's own cache size comes back after."""

from __future__ import annotations

import os

from memory.db import FileDatabase, bulk_cache

ROWS = 800  # ~800 pages of 2 KB rows (one a page): over SQLite's default 2,000 KiB, under 4,000


def _db(tmp_path) -> FileDatabase:
    db = FileDatabase(tmp_path / "t.db")
    db.script("CREATE TABLE t(id INTEGER PRIMARY KEY, body BLOB)")
    return db


def _wal_growth_before_commit(db: FileDatabase) -> int:
    """Bytes the WAL grew by inside one large transaction, before its COMMIT."""
    wal = f"{db.path}-wal"
    before = os.path.getsize(wal) if os.path.exists(wal) else 0
    with db.transaction():
        db.executemany("INSERT INTO t(body) VALUES (?)", [(os.urandom(2100),) for _ in range(ROWS)])
        grown = os.path.getsize(wal) - before
    return grown


def test_a_bulk_write_spills_no_page_to_the_wal_before_its_commit(tmp_path):
    db = _db(tmp_path)
    with bulk_cache(db):
        assert _wal_growth_before_commit(db) == 0
    assert db.scalar("SELECT count(*) FROM t") == ROWS
    db.close()


def test_the_same_write_with_the_default_cache_spills(tmp_path):
    """The control: without bulk_cache SQLite writes dirty pages out before the COMMIT."""
    db = _db(tmp_path)
    assert _wal_growth_before_commit(db) > 0
    db.close()


def test_the_cache_size_the_store_had_comes_back(tmp_path):
    db = _db(tmp_path)
    default = db.scalar("PRAGMA cache_size")
    with bulk_cache(db, 6000):
        assert db.scalar("PRAGMA cache_size") == -6000
    assert db.scalar("PRAGMA cache_size") == default
    db.execute("PRAGMA cache_size=-3000")  # one set by hand is kept too, not reset to SQLite's default
    with bulk_cache(db):
        pass
    assert db.scalar("PRAGMA cache_size") == -3000
    db.close()
