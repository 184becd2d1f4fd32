"""Writes that could not reach the libSQL server, and the server's record of writes applied.

Two tables in two places:

- `outbox` lives in a small local file, home/outbox.db: a capture made while the server is
  unreachable is stored there at once (acknowledged as `queued`) and sent by `quire sync` or by
  the next command that reaches the server.
- Besides captures, every other write a person makes on a server home queues the same way while
  the server is unreachable: the entry's kind is the operation's name (`forget`, `pin`,
  `curate_accept`, ...) and its payload the operation's request (`{"params": ...}`); `quire sync`
  runs it on the server inside one transaction with its key, in order (see memory/session.py).
- `applied_writes` (migration 7) lives on the server: each write from the outbox carries an
  idempotency key claimed in the same transaction as the write, so a send whose outcome was
  unknown (the link dropped after COMMIT left) is retried safely: the second send finds the key.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory import clock, files, integrity
from memory.db import Database, FileDatabase, RemoteDatabase
from memory.errors import InvalidInput, StoreError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
)"""
SEND_LIMIT = 10_000  # one `quire sync` sends at most this many (bounded); run it again for more
AUTO_ATTEMPTS = 3  # other commands stop retrying an entry the server refused this often; `quire sync` still does


# How a queued write other than a capture is applied on the server: kind -> fn(session, kind,
# params) -> result. quire.ops registers one per operation that queues offline (the memory layer
# cannot import the operations; a process that never imported them leaves those entries queued).
APPLIERS: dict[str, Callable[[Any, str, dict[str, Any]], dict[str, Any]]] = {}


# Blind bookkeeping writes made while reading a replica (recall's access counts and their audit
# row): their statements wait here and are sent, DEFER_BATCH entries per server transaction, with
# the next sync. They carry no user text beyond what the audit row records.
DEFERRED = "deferred"
DEFER_BATCH = 200


def new_key() -> str:
    return "w_" + uuid.uuid4().hex


@dataclass(frozen=True)
class Queued:
    """A capture kept in the outbox (the server was unreachable); it has no memory id yet."""

    key: str
    warnings: tuple[str, ...] = ()
    status: str = "queued"
    id: str | None = None


@dataclass(frozen=True)
class Entry:
    seq: int
    key: str
    kind: str
    payload: dict[str, Any]
    queued_at: str
    attempts: int
    last_error: str | None


class Outbox:
    """The local queue of one home. The file is created by the first queued write, not before."""

    def __init__(self, path: Path, *, key: str | None = None):
        self.path = path
        self.key = key  # an encrypted home's key: the queue holds memory text too
        self._db: Database | None = None
        self.damaged: str | None = None  # why the file failed its open check (reads then see an empty queue)

    def _open(self, create: bool) -> Database | None:
        if self._db is None:
            if not create and not self.path.exists():
                return None
            if self.damaged:
                return None
            files.private_dir(self.path.parent)
            files.refuse_not_database(self.path, "the outbox of captures waiting for the server")
            # WAL + NORMAL sync: a committed enqueue survives a killed process.
            try:
                db = FileDatabase(self.path, configure=False, encryption_key=self.key)
            except StoreError as exc:
                self.damaged = integrity.damaged_message(self.path, [str(exc)], integrity.OUTBOX_FIX)
                return None
            try:
                integrity.open_check(db, self.path, fix=integrity.OUTBOX_FIX)  # a damaged outbox is never written to
                db.configure()
                # A sent or refused entry's bytes are zeroed as it is deleted, not left in free pages.
                db.execute("PRAGMA secure_delete = ON")
                db.execute(_SCHEMA)
            except integrity.Damaged as exc:
                db.close()
                self.damaged = str(exc)
                return None
            except BaseException:
                db.close()
                raise
            path = self.path
            db.after_close = lambda: integrity.stamp(path)
            self._db = db
        return self._db

    def enqueue(self, key: str, kind: str, payload: dict[str, Any]) -> None:
        db = self._open(create=True)
        if db is None:  # damaged: the write is refused, not queued into a broken file
            raise integrity.Damaged(f"{self.damaged}; the {kind} was not queued")
        with db.transaction():
            db.execute(
                "INSERT OR IGNORE INTO outbox(key, kind, payload, queued_at) VALUES (?, ?, ?, ?)",
                (key, kind, json.dumps(payload, ensure_ascii=False, sort_keys=True), clock.now_iso()),
            )

    def said(self) -> str:
        """The queue in words, for a line that says the server is out of reach: how many writes
        wait, or that the file is damaged (its writes cannot be counted, and none are queued)."""
        queued = self.count()
        if self.damaged:
            return f"the outbox cannot be read: {self.damaged}; no write is queued until it is moved aside"
        return (
            f"{queued} write(s) queued in {self.path} "
            "(writes still queue; `quire sync` sends them once the server answers)"
        )

    def count(self, *, max_attempts: int | None = None) -> int:
        db = self._open(create=False)
        if db is None:
            return 0
        return int(db.scalar("SELECT count(*) FROM outbox WHERE attempts < ?", (max_attempts or 1 << 62,)))

    def pending(self, limit: int = SEND_LIMIT, *, max_attempts: int | None = None) -> list[Entry]:
        """Oldest first; `max_attempts` leaves out entries the server refused that often."""
        return self._entries("attempts < ?", (max_attempts or 1 << 62, limit))

    def done(self, key: str) -> None:
        db = self._open(create=False)
        if db is not None:
            with db.transaction():
                db.execute("DELETE FROM outbox WHERE key = ?", (key,))

    def failed(self, key: str, error: str) -> None:
        """Keep the entry (nothing is dropped silently) with the reason it was refused."""
        db = self._open(create=False)
        if db is not None:
            with db.transaction():
                db.execute(
                    "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE key = ?", (error[:500], key)
                )

    def count_writes(self) -> int:
        """Queued writes a person made (recall's deferred access counts left out)."""
        db = self._open(create=False)
        if db is None:
            return 0
        return int(db.scalar("SELECT count(*) FROM outbox WHERE kind != ?", (DEFERRED,)))

    def count_held(self) -> int:
        """Queued writes a send left with a reason (held for a person, or refused and kept): what
        `quire sync` shows, as automatic sends skip them or keep failing."""
        db = self._open(create=False)
        if db is None:
            return 0
        return int(db.scalar("SELECT count(*) FROM outbox WHERE kind != ? AND last_error IS NOT NULL", (DEFERRED,)))

    def deferred(self, limit: int = DEFER_BATCH) -> list[Entry]:
        """The oldest deferred bookkeeping entries (sent in one transaction per batch)."""
        return self._entries("kind = ?", (DEFERRED, limit))

    def _entries(self, where: str, params: tuple[object, ...]) -> list[Entry]:
        """Entries matching `where` (the last parameter is the limit), oldest first."""
        db = self._open(create=False)
        if db is None:
            return []
        rows = db.rows(
            "SELECT seq, key, kind, payload, queued_at, attempts, last_error FROM outbox "
            f"WHERE {where} ORDER BY seq LIMIT ?",
            params,
        )
        return [Entry(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6]) for r in rows]

    def drop(self, keys: list[str]) -> list[Entry]:
        """Take the entries of `keys` out of the queue unsent, all or none (a person's choice: a
        write the server will never take); the entries dropped, oldest first. InvalidInput naming
        a key that is not queued (sent or dropped already), and nothing is dropped."""
        db = self._open(create=False)
        if db is None and self.damaged:
            raise integrity.Damaged(f"{self.damaged}; nothing was dropped")
        marks = ",".join("?" * len(keys))
        found = self._entries(f"key IN ({marks})", (*keys, len(keys))) if db is not None else []
        missing = [k for k in keys if k not in {e.key for e in found}]
        if missing:
            raise InvalidInput(
                f"no queued write {missing[0]} on this device: sent or dropped already, or never queued here; "
                "nothing was dropped (`quire sync list` names the writes still queued)"
            )
        if db is not None:
            with db.transaction():
                db.executemany("DELETE FROM outbox WHERE key = ?", [(k,) for k in keys])
        return found

    def done_many(self, keys: list[str]) -> None:
        db = self._open(create=False)
        if db is not None and keys:
            with db.transaction():
                db.executemany("DELETE FROM outbox WHERE key = ?", [(k,) for k in keys])

    def forgotten(self) -> set[str]:
        """Memory ids a queued `forget` names: hidden on this device until the server erases them."""
        db = self._open(create=False)
        if db is None:
            return set()
        rows = db.rows("SELECT payload FROM outbox WHERE kind = 'forget'")
        return {str(json.loads(r[0]).get("params", {}).get("memory_id")) for r in rows}

    def hold(self, key: str, error: str, attempts: int) -> None:
        """Keep the entry but stop automatic sends retrying it (a conflict a person must see)."""
        db = self._open(create=False)
        if db is not None:
            with db.transaction():
                db.execute(
                    "UPDATE outbox SET attempts = max(attempts, ?), last_error = ? WHERE key = ?",
                    (attempts, error[:500], key),
                )

    def compact(self, *, vacuum: bool = False) -> None:
        """After a sync: fold the write-ahead log into the file and truncate it (the log still
        holds the pages of deleted entries), and VACUUM when the queue is empty or `vacuum` (after
        a drop: a dropped capture's text leaves no free page behind)."""
        db = self._open(create=False)
        if db is None:
            return
        with contextlib.suppress(StoreError):
            if vacuum or not self.count():
                db.execute("VACUUM")
            db.rows("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


# -- on the server -------------------------------------------------------------------------------


def applied(db: Database | RemoteDatabase, key: str) -> dict[str, Any] | None:
    """The recorded result of the write with this key, None if it was never applied."""
    raw = db.scalar("SELECT result FROM applied_writes WHERE key = ?", (key,))
    return None if raw is None else json.loads(raw)


def claim(db: Database | RemoteDatabase, key: str, kind: str, result: dict[str, Any]) -> None:
    """Record the key; must run inside the write's own transaction (a duplicate key fails it)."""
    if not db.in_transaction:
        raise RuntimeError("outbox.claim outside a transaction: the write and its key must commit together")
    db.execute(
        "INSERT INTO applied_writes(key, kind, result, applied_at) VALUES (?, ?, ?, ?)",
        (key, kind, json.dumps(result, sort_keys=True, default=str), clock.now_iso()),
    )
