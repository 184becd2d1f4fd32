"""The only module that talks to the libSQL driver.

The driver raises a bare ValueError for every SQL error, has no dict parameters and a
cumulative rowcount; this module hides all of that behind `Database`, turns driver errors into
quire's own exceptions and always rolls back after a failure (a failed statement left inside
an implicit transaction would hold locks other processes need).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from memory.errors import Conflict, QuireError, StoreError

BUSY_TIMEOUT_S = 10.0


def _translate(exc: Exception, path: Path) -> QuireError:
    msg = str(exc)
    low = msg.lower()
    if "database is locked" in low or "database is busy" in low:
        return Conflict(f"the database {path} is busy (another quire is writing); try again")
    if "readonly" in low or "read-only" in low:
        return StoreError(
            f"cannot write {path}: the file or its folder is read-only; "
            "fix the permissions or point QUIRE_HOME at a writable folder"
        )
    if "not a database" in low or "malformed" in low:
        return StoreError(f"{path} is not a quire database or is damaged; restore it from a backup")
    return StoreError(f"database error: {msg}")


class Database:
    """A connection to one quire database file, with explicit transactions."""

    def __init__(self, path: Path | str, *, configure: bool = True):
        import libsql  # light (30 ms); kept here so nothing else imports the driver

        self.path = Path(path)
        self._lock = threading.RLock()
        self._depth = 0
        if str(self.path) != ":memory:" and not self.path.parent.exists():
            raise StoreError(f"folder {self.path.parent} does not exist; create it or set QUIRE_HOME")
        try:
            self._conn = libsql.connect(str(self.path), isolation_level=None, timeout=BUSY_TIMEOUT_S)
        except ValueError as exc:
            raise _translate(exc, self.path) from None
        if configure:
            self.configure()

    def configure(self) -> None:
        """WAL, NORMAL sync, foreign keys, busy timeout (kept apart so a version check can come first)."""
        try:
            self._conn.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
        except ValueError as exc:
            raise _translate(exc, self.path) from None

    # -- reading -------------------------------------------------------------------------

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """All rows as tuples."""
        with self._lock:
            try:
                found: list[tuple[Any, ...]] = self._conn.execute(sql, tuple(params)).fetchall()
                return found
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def dicts(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """All rows as dicts keyed by column name."""
        with self._lock:
            try:
                cur = self._conn.execute(sql, tuple(params))
                names = [d[0] for d in cur.description or ()]
                return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        found = self.dicts(sql, params)
        return found[0] if found else None

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        found = self.rows(sql, params)
        return found[0][0] if found else None

    # -- writing -------------------------------------------------------------------------

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int | None:
        """Run one statement; returns lastrowid (meaningful after an INSERT)."""
        with self._lock:
            try:
                rowid: int | None = self._conn.execute(sql, tuple(params)).lastrowid
                return rowid
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT; the new row's id."""
        rowid = self.execute(sql, params)
        if rowid is None:
            raise StoreError("the database gave no row id for an insert; run `quire status` to check the store")
        return int(rowid)

    def changes(self) -> int:
        """Rows changed by the last statement (the driver's rowcount is cumulative)."""
        return int(self.scalar("SELECT changes()"))

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None:
        with self._lock:
            try:
                self._conn.executemany(sql, [tuple(p) for p in seq])
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def script(self, sql: str) -> None:
        with self._lock:
            try:
                self._conn.executescript(sql)
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception. Nests (inner is a no-op)."""
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self
                finally:
                    self._depth -= 1
                return
            try:
                self._conn.execute("BEGIN IMMEDIATE")
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None
            self._depth = 1
            try:
                yield self
            except BaseException:
                self._depth = 0
                self._recover()
                raise
            self._depth = 0
            try:
                self._conn.execute("COMMIT")
            except ValueError as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    @property
    def in_transaction(self) -> bool:
        return self._depth > 0

    def _recover(self) -> None:
        # Never leave a failed statement's implicit transaction open: it would hold locks.
        if self._depth:
            return  # the enclosing transaction() rolls back
        try:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
        except ValueError:
            pass

    def close(self) -> None:
        with self._lock, suppress(ValueError, AttributeError):
            self._conn.close()


# -- IN lists ----------------------------------------------------------------------------------

# Bound values per statement for an IN list: SQLite refuses more than 32766 (999 before 3.32);
# 500 leaves room for the statement's other parameters on any build.
CHUNK = 500


def chunked(values: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    """`values` in slices of at most `size`."""
    for start in range(0, len(values), size):
        yield values[start : start + size]


def _in_list(sql: str, chunk: Sequence[Any], before: Sequence[Any], after: Sequence[Any]) -> tuple[str, list[Any]]:
    copies = sql.count("{marks}")
    return sql.replace("{marks}", ",".join("?" * len(chunk))), [*before, *list(chunk) * copies, *after]


def rows_in(
    db: Database, sql: str, values: Sequence[Any], *, before: Sequence[Any] = (), after: Sequence[Any] = ()
) -> list[tuple[Any, ...]]:
    """Rows of `sql` for every value: each `{marks}` in it stands for a `?` list that takes one chunk
    of `values`; `before` and `after` are the parameters on either side of the lists. The query runs
    once per chunk, so an ORDER BY or an aggregate holds within a chunk (group by the listed column)."""
    found: list[tuple[Any, ...]] = []
    for chunk in chunked(values):
        found += db.rows(*_in_list(sql, chunk, before, after))
    return found


def dicts_in(
    db: Database, sql: str, values: Sequence[Any], *, before: Sequence[Any] = (), after: Sequence[Any] = ()
) -> list[dict[str, Any]]:
    """`rows_in`, each row a dict keyed by column name."""
    found: list[dict[str, Any]] = []
    for chunk in chunked(values):
        found += db.dicts(*_in_list(sql, chunk, before, after))
    return found


def execute_in(
    db: Database, sql: str, values: Sequence[Any], *, before: Sequence[Any] = (), after: Sequence[Any] = ()
) -> None:
    """Run a write over every value, a chunk at a time (inside the caller's transaction)."""
    for chunk in chunked(values):
        db.execute(*_in_list(sql, chunk, before, after))
