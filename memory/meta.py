"""The `meta` table: one text value a key, the home's own markers (its id, the embedding model, the
reading version, the wiki plan's token, the decay pass's last run...). Every module reads and
writes it through here, so a key's upsert is written once, not once a caller.

Values are text; a caller that keeps a number parses it and treats what it cannot parse as unset
(another quire, or a hand, may have written the row)."""

from __future__ import annotations

from memory.db import Database

DB_ID = "db_id"  # made by the first migration: which database a cache or a plan was made from


def get(db: Database, key: str) -> str | None:
    """The value kept under `key` (None: never kept)."""
    value = db.scalar("SELECT value FROM meta WHERE key = ?", (key,))
    return None if value is None else str(value)


def put(db: Database, key: str, value: str) -> None:
    """Keep `value` under `key`, replacing what was there."""
    db.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value)
    )


def put_new(db: Database, key: str, value: str) -> str:
    """Keep `value` under `key` unless a value is there already; the value kept either way."""
    db.execute("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING", (key, value))
    return get(db, key) or value


def drop(db: Database, key: str) -> None:
    db.execute("DELETE FROM meta WHERE key = ?", (key,))


def db_id(db: Database) -> str:
    """This database's identity ('' before its first migration): a cache or record copied next to
    another database must not be used there."""
    return get(db, DB_ID) or ""
