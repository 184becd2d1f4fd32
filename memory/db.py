"""The only module that talks to a libSQL driver.

`Database` is the interface every library function takes (a `typing.Protocol`); two classes
implement it, neither inheriting from the other: `FileDatabase` wraps the embedded `libsql` driver
(one file), `RemoteDatabase` wraps `libsql-client` speaking hrana over `ws://` to a libSQL server
(sqld). Both turn driver errors into quire's own exceptions and always roll back after a failure
(a failed statement left inside an implicit transaction would hold locks other processes need).
What the two share (nested transactions, `one`, `scalar`, `insert`) is module functions over
the interface, not a base class.

The embedded driver raises a bare ValueError for every SQL error, has no dict parameters and a
cumulative rowcount; libsql-client raises LibsqlError with a code, and a dropped or refused
connection as an aiohttp/OS error, which becomes `Unreachable`.
"""

from __future__ import annotations

import asyncio
import base64
import errno
import hashlib
import os
import re
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from memory import failpoints, files, text
from memory.errors import Conflict, InvalidInput, QuireError, SchemaTooNew, StoreError, Unreachable

BUSY_TIMEOUT_S = 10.0
# WAL pages written before SQLite copies them back into the file (its default: 1,000, 4 MB). A
# bulk write (an import: about 1 MB a batch of 256 messages) checkpointed every few batches and
# wrote the same index pages back again each time: 32 MB saves ~4% of an import's own CPU. The
# WAL goes when the last connection closes, and erasure truncates it at once (memory/erase.py).
WAL_CHECKPOINT_PAGES = 8192
# A bulk write's page cache, in KiB (SQLite's default: 2,000). An import batch's transaction dirties
# more pages than the default holds (a page a memory, one in each of two indexes keyed by a hash), so
# SQLite spilled them to the WAL mid-transaction and read them back. At 100k messages 4 MB cut the
# pwrites from 1.34M to 1.01M (no spill) and the preads from 1.29M to 0.84M for ~2 MB of peak RSS;
# 8 MB read 0.60M but cost ~6 MB, and the import's peak is within 15 MB of its 500 MB budget.
BULK_CACHE_KIB = 4000


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
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreError(
            f"{path} is not a quire database or is damaged; run `quire doctor` (it names the fix: "
            "`quire restore` from a backup)"
        )
    return _common(msg, str(path))


# A server home refuses `quire restore`: its database comes back by a push of a restored home.
SERVER_RESTORE = "restore the server from a backup (`quire store push --force` from a whole home)"


def _common(msg: str, label: str, *, remote: bool = False) -> QuireError:
    """The driver's other messages in words that say what to do (never the driver's own); `remote`:
    `label` is a server, whose fix is never `quire restore`."""
    low = msg.lower()
    if any(w in low for w in ("datatype mismatch", "int too large", "integer overflow", "overflow", "out of range")):
        return InvalidInput("a number is out of the range the database can store (at most 9223372036854775807)")
    if "too large" in low:  # a result past the server's response limit: RemoteDatabase reads it in pages
        return StoreError(f"database error: {msg}")
    if "unable to open" in low or "cannot open" in low:
        return StoreError(
            f"cannot open the database {label}: its folder is missing, not a folder, or not readable; "
            "point QUIRE_HOME at a folder you own"
        )
    if "already exists" in low:
        return StoreError(
            f"the database {label} records an older schema version than the tables it holds (it was changed "
            "outside quire, e.g. its user_version set back); run `quire doctor`, then "
            + (SERVER_RESTORE if remote else "`quire restore` a backup")
        )
    if "disk i/o" in low or "disk is full" in low or "database or disk is full" in low:
        return StoreError(f"the disk under {label} failed or is full; free space or check the disk, then retry")
    if "no such table" in low or "no such column" in low:
        return StoreError(
            f"the database {label} lacks part of quire's schema (changed outside quire?); run `quire doctor`"
        )
    return StoreError(f"the database {label} refused the operation ({msg[:160]}); run `quire doctor` to check it")


@runtime_checkable
class Database(Protocol):
    """A connection to one quire database, a file or a server: what every library function takes."""

    @property
    def remote(self) -> bool:
        """True for a libSQL server (then `identity()` names it)."""

    @property
    def label(self) -> str:
        """What to call it in a message: the file's path, or the server's URL without its token."""

    @property
    def path(self) -> Path:
        """The database file, or for a server a path inside the local home (the vault and caches sit beside it)."""

    @property
    def round_trips(self) -> int:
        """Messages sent to a server so far (0 for a file)."""

    @property
    def broken(self) -> bool:
        """The link died (a server); open a new connection to reconnect."""

    @property
    def in_transaction(self) -> bool: ...

    def configure(self) -> None: ...

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    def dicts(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

    def one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None: ...

    def rows_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]: ...

    def dicts_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[dict[str, Any]]]: ...

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any: ...

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int | None: ...

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    def changes(self) -> int: ...

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None: ...

    def script(self, sql: str) -> None: ...

    def transaction(self) -> AbstractContextManager[Database]: ...

    def batched(
        self, reads: Sequence[tuple[str, Sequence[Any]]] = ()
    ) -> AbstractContextManager[list[list[tuple[Any, ...]]]]: ...

    def close(self) -> None: ...


# -- what both connections share: functions over the interface, not a base class ---------------


class _Connection(Database, Protocol):
    """The state `_transaction` and `_new_rowid` work on (both classes have it)."""

    _lock: threading.RLock
    _depth: int
    _holding: bool

    def _begin(self) -> None: ...

    def _commit(self) -> None: ...

    def _recover(self) -> None: ...


def _first(found: list[Any]) -> Any:
    return found[0] if found else None


def _answerable(db: _Connection) -> None:
    if db._holding:
        raise RuntimeError("batched() holds writes until it ends: a read or a row id inside it cannot be answered")


def _new_rowid(db: _Connection, sql: str, params: Sequence[Any]) -> int:
    _answerable(db)
    rowid = db.execute(sql, params)
    if rowid is None:
        raise StoreError("the database gave no row id for an insert; run `quire status` to check the store")
    return int(rowid)


@contextmanager
def _transaction(db: _Connection) -> Iterator[Database]:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception. Nests (inner is a no-op)."""
    with db._lock:
        if db._depth:
            db._depth += 1
            try:
                yield db
            finally:
                db._depth -= 1
            return
        db._begin()
        db._depth = 1
        try:
            yield db
        except BaseException:
            db._depth = 0
            db._recover()
            raise
        db._depth = 0
        db._commit()


# -- a newer schema under an open connection --------------------------------------------------

# A long-lived process (quire serve, quire mcp) keeps its connection while a newer quire on another
# device or in another process migrates the store: from `watch_schema` on, every write transaction
# reads the schema version under its own lock (nothing is written under a schema this quire does
# not know), and reads look again at most this often (a server read costs a round trip).
SCHEMA_RECHECK_S = 2.0
USER_VERSION_SQL = "SELECT user_version FROM pragma_user_version"
# The same check as one statement that fails on a newer schema (json() of a non-JSON text is the
# runtime error a plain SELECT can raise), so a server batch runs it right after its BEGIN and the
# writes behind it only if it passed: no extra round trip.
SCHEMA_GUARD_SQL = (
    "SELECT CASE WHEN user_version > ? THEN json('newer schema') ELSE user_version END FROM pragma_user_version"
)


UPGRADE_FIX = "upgrade quire on this device (in its checkout: git pull, then make install)"


def schema_too_new(label: str, version: int, known: int) -> SchemaTooNew:
    """The refusal of a store whose schema is newer than this quire's, on open or later."""
    return SchemaTooNew(
        f"{label} has schema version {version} but this quire knows only up to {known}; "
        f"{UPGRADE_FIX} — the database was left untouched"
    )


def _recheck_due(db: Any) -> bool:
    """Whether a read outside a transaction should look at the schema version again."""
    return db.schema_known is not None and not db._depth and time.monotonic() - db._schema_seen > SCHEMA_RECHECK_S


# -- a file ------------------------------------------------------------------------------------


class FileDatabase:
    """A connection to one quire database file, with explicit transactions."""

    remote = False
    round_trips = 0  # messages sent to a server (none for a file; RemoteDatabase counts them)
    _holding = False  # inside batched()
    schema_known: int | None = None  # the newest schema this quire knows, once watched
    _schema_seen = 0.0  # monotonic time of the last look at the schema version
    _wal = False  # in WAL mode, as `configure` set it
    _shm: int | None = None  # a descriptor of the -shm file, read for the WAL index header (`change_counters`)
    _counters: tuple[bytes, tuple[Any, ...]] | None = None  # (that header, CHANGES_SQL's row) read after it

    @property
    def broken(self) -> bool:
        """A local file never loses its link (a remote store's can)."""
        return False

    def __init__(
        self, path: Path | str, *, configure: bool = True, encryption_key: str | None = None, private: bool = True
    ):
        """`private`: the file (and its -wal, -shm) made owner-only; False for a file of the
        person's own that quire only reads (a backup given to `quire restore`)."""
        import libsql  # light (30 ms); kept here so nothing else imports the driver

        self.path = Path(path)
        self.encrypted = encryption_key is not None
        self.label = str(self.path)
        self._lock = threading.RLock()
        self._depth = 0
        if str(self.path) != ":memory:" and not self.path.parent.exists():
            raise StoreError(f"folder {self.path.parent} does not exist; create it or set QUIRE_HOME")
        try:
            str(self.path).encode("utf-8")
        except UnicodeEncodeError:  # bytes the OS handed over that are not UTF-8: the driver cannot take them
            shown = str(self.path).encode("utf-8", "backslashreplace").decode()
            raise InvalidInput(f"{shown} is not a UTF-8 path, which the database driver needs; rename it") from None
        try:
            if encryption_key is None:
                self._conn = libsql.connect(str(self.path), isolation_level=None, timeout=BUSY_TIMEOUT_S)
            else:
                self._conn = libsql.connect(
                    str(self.path), isolation_level=None, timeout=BUSY_TIMEOUT_S, encryption_key=encryption_key
                )
        except (ValueError, OverflowError) as exc:
            raise _translate(exc, self.path) from None
        if private and str(self.path) != ":memory:":
            files.owner_only(self.path)  # before WAL: SQLite gives -wal and -shm the file's mode
        if configure:
            self.configure()

    def configure(self) -> None:
        """WAL (checkpointed every WAL_CHECKPOINT_PAGES), NORMAL sync, foreign keys, busy timeout (kept apart
        so a version check can come first)."""
        try:
            self._conn.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
            mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchall()
            self._wal = bool(mode) and str(mode[0][0]).lower() == "wal"  # (`change_counters` reads its index)
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_PAGES}")
            self._conn.execute("PRAGMA foreign_keys=ON")
        except (ValueError, OverflowError) as exc:
            raise _translate(exc, self.path) from None

    # -- reading -------------------------------------------------------------------------

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """All rows as tuples."""
        with self._lock:
            self._answerable()
            if _recheck_due(self):
                self._schema_check()
            try:
                found: list[tuple[Any, ...]] = self._conn.execute(sql, tuple(params)).fetchall()
                return found
            except (ValueError, OverflowError) as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def dicts(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """All rows as dicts keyed by column name."""
        with self._lock:
            self._answerable()
            if _recheck_due(self):
                self._schema_check()
            try:
                cur = self._conn.execute(sql, tuple(params))
                names = [d[0] for d in cur.description or ()]
                return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
            except (ValueError, OverflowError) as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        first: dict[str, Any] | None = _first(self.dicts(sql, params))
        return first

    def rows_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """The rows of each of several independent reads (a server answers them in one round trip)."""
        return [self.rows(sql, params) for sql, params in queries]

    def dicts_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[dict[str, Any]]]:
        """`rows_many`, each row a dict keyed by column name."""
        return [self.dicts(sql, params) for sql, params in queries]

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = _first(self.rows(sql, params))
        return None if row is None else row[0]

    # -- writing -------------------------------------------------------------------------

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int | None:
        """Run one statement; returns lastrowid (meaningful after an INSERT)."""
        with self._lock:
            if self.schema_known is not None and not self._depth:
                self._schema_check()  # a statement on its own: no transaction checked for it
            try:
                rowid: int | None = self._conn.execute(sql, tuple(params)).lastrowid
                return rowid
            except (ValueError, OverflowError) as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT; the new row's id."""
        return _new_rowid(self, sql, params)

    def changes(self) -> int:
        """Rows changed by the last statement (the driver's rowcount is cumulative)."""
        return int(self.scalar("SELECT changes()"))

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None:
        with self._lock:
            if self.schema_known is not None and not self._depth:
                self._schema_check()
            try:
                self._conn.executemany(sql, [tuple(p) for p in seq])
            except (ValueError, OverflowError) as exc:
                self._recover()
                raise _translate(exc, self.path) from None

    def script(self, sql: str) -> None:
        """Statement by statement: the driver's executescript skips a failing statement silently."""
        for statement in split_statements(sql):
            self.execute(statement)

    def transaction(self) -> AbstractContextManager[Database]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception. Nests (inner is a no-op)."""
        return _transaction(self)

    @contextmanager
    def batched(self, reads: Sequence[tuple[str, Sequence[Any]]] = ()) -> Iterator[list[list[tuple[Any, ...]]]]:
        """A transaction of writes whose results nobody reads (no `insert`, no reads inside): on a
        server the statements are held and sent with their BEGIN and COMMIT in one round trip.
        `reads`: independent reads run just before the writes (in the same round trip); the list
        this yields holds their rows once the block has ended. The file refuses a read inside the
        block too, so a misuse fails in the file's tests as well."""
        with self._lock:
            found = self.rows_many(reads)
            if self._depth:  # inside another transaction: part of it, statement by statement
                yield found
                return
            with self.transaction():
                self._holding = True
                try:
                    yield found
                finally:
                    self._holding = False

    def change_counters(self) -> tuple[Any, ...]:
        """The row of CHANGES_SQL, the statement run only when the WAL index header moved since it last
        ran. SQLite rewrites that header (its change counter, frame count, checksums or salts) at every
        commit of any connection or process and at every WAL restart; read before the statement, an
        unchanged header says no commit came after what the statement gave, and a write of this
        connection outside a transaction commits (or is rolled back: the rows stand). A read of 96
        bytes, ~2 us, where the statement cost 40-90 us of a warm recall (the driver's code cold by then)."""
        with self._lock:
            head = self._wal_head() if not self._depth else None
            seen = self._counters
            if head is not None and seen is not None and head == seen[0] and not _recheck_due(self):
                self._answerable()
                return seen[1]
            row = tuple(self.rows(CHANGES_SQL)[0])
            self._counters = (head, row) if head is not None else None
            return row

    def _wal_head(self) -> bytes | None:
        """The WAL index header (both copies, as SQLite lays out the -shm file's first 96 bytes) when
        the copies agree and say it is in use; None otherwise, or for an encrypted store or one not in WAL mode."""
        if self._shm is None:
            if self.encrypted or not self._wal:  # (a store in another journal mode: any -shm is stale)
                return None
            try:  # (made by this connection's first read; WAL mode keeps it while the connection is open)
                self._shm = os.open(f"{self.path}-shm", os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return None
        try:
            head = os.pread(self._shm, 2 * _WAL_HEADER, 0)
        except OSError:
            return None
        if len(head) != 2 * _WAL_HEADER or head[:_WAL_HEADER] != head[_WAL_HEADER:] or head[12] != 1:
            return None  # being written (the copies differ), or not initialised (isInit)
        return head if int.from_bytes(head[:4], sys.byteorder) == _WAL_VERSION else None

    def _answerable(self) -> None:
        _answerable(self)

    def _begin(self) -> None:
        self._control("BEGIN IMMEDIATE")
        if self.schema_known is None:
            return
        try:  # under the write lock: no migration can land between this look and the COMMIT
            self._schema_check()
        except QuireError:
            with suppress(ValueError):
                self._conn.execute("ROLLBACK")
            raise

    def watch_schema(self, known: int) -> None:
        """Refuse a schema newer than `known` from now on (SchemaTooNew), however long this stays open."""
        self.schema_known, self._schema_seen = known, time.monotonic()

    def _schema_check(self) -> None:
        try:
            version = int(self._conn.execute("PRAGMA user_version").fetchall()[0][0] or 0)
        except (ValueError, OverflowError) as exc:
            self._recover()
            raise _translate(exc, self.path) from None
        self._schema_seen = time.monotonic()
        if self.schema_known is not None and version > self.schema_known:
            raise schema_too_new(self.label, version, self.schema_known)

    def _commit(self) -> None:
        failpoints.hit("commit.before")
        self._control("COMMIT")
        failpoints.hit("commit.after")

    def _control(self, sql: str) -> None:
        try:
            self._conn.execute(sql)
        except (ValueError, OverflowError) as exc:
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

    after_close: Any = None  # called once the connection is closed cleanly (memory.integrity's stamp)

    def close(self) -> None:
        with self._lock:
            self._counters = None
            if self._shm is not None:
                with suppress(OSError):
                    os.close(self._shm)
                self._shm = None
            closed = False
            with suppress(ValueError, AttributeError):
                self._conn.close()
                closed = True
            hook, self.after_close = self.after_close, None
            if closed and hook is not None:
                hook()


# How far a file has moved, as one connection sees it: PRAGMA data_version changes when another
# connection commits, total_changes() whenever this one writes a row (rolled back or not; trigger
# rows too). While both are as they were, every table reads as it did.
CHANGES_SQL = "SELECT (SELECT data_version FROM pragma_data_version), total_changes()"
# The WAL index header (sqlite3 wal.c WalIndexHdr): 48 bytes, the first four its version, byte 12 isInit.
_WAL_HEADER = 48
_WAL_VERSION = 3007000


def change_counters(db: Database) -> tuple[Any, ...]:
    """The row of CHANGES_SQL (a file reads it only when its WAL index moved: `FileDatabase.change_counters`)."""
    return db.change_counters() if isinstance(db, FileDatabase) else tuple(db.rows(CHANGES_SQL)[0])


def tracks_changes(db: Database) -> bool:
    """Whether CHANGES_SQL says when `db` changed: a file, outside a transaction (inside one, what
    is read may yet be rolled back, and total_changes() does not go back). Not a server (each read
    may reach another connection) nor a replica (its sync writes the file under the reader)."""
    return isinstance(db, FileDatabase) and not db.in_transaction


# -- IN lists ----------------------------------------------------------------------------------

# Bound values per statement for an IN list: SQLite refuses more than 32766 (999 before 3.32);
# 500 leaves room for the statement's other parameters on any build.
CHUNK = 500


SQLITE_HEADER = b"SQLite format 3\x00"


def plaintext_file(path: Path) -> bool:
    """Does the file start with SQLite's header (an encrypted one is opaque from its first byte)?"""
    try:
        with path.open("rb") as fh:
            return fh.read(16) == SQLITE_HEADER
    except OSError:
        return False


def leave_wal(path: Path, key: str | None) -> None:
    """Take a database file out of WAL mode (as `rekey` needs it), or Conflict when another process
    has it open: SQLite keeps WAL then without a word, and the rekey failed only after the conversion
    had copied its backup ("Rekeying is not supported in WAL journal mode; run `quire doctor`"), which
    left every other command refused and, run again, put that stale copy back over what was written since."""
    held = Conflict(
        f"another process has {path} open (a `quire mcp` an agent app runs, or a `quire curate` walk); "
        "close it, then run this again; nothing was changed"
    )
    mode = _out_of_wal(path, key, busy=held)  # busy: held open, not written
    if mode is None or str(mode[0]).lower() == "wal":
        raise held


def _out_of_wal(path: Path, key: str | None, *, then: str = "", busy: QuireError | None = None) -> Any:
    """Open the file with `key` (not configured), checkpoint its WAL and take it out of WAL mode, then
    run the PRAGMA `then`; the journal mode SQLite reports. What the driver raises is translated
    (`_translate`), a busy database as `busy` when given. One place for both `leave_wal` and `rekey`."""
    db = FileDatabase(path, configure=False, encryption_key=key)
    try:
        with db._lock:
            try:
                db._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                mode = db._conn.execute("PRAGMA journal_mode=DELETE").fetchone()
                if then:
                    db._conn.execute(then)
            except ValueError as exc:
                said = _translate(exc, path)
                raise (busy if busy is not None and isinstance(said, Conflict) else said) from None
    finally:
        db.close()
    return mode


def rekey(path: Path, old_key: str | None, new_key: str | None) -> int:
    """Re-encrypt a database file in place (None: plaintext), then reopen it with the new key and
    run the integrity check; returns its row count of `sqlite_master` as a sanity figure. The file
    must not be open elsewhere. WAL is checkpointed and left first: rekey cannot run in WAL mode."""
    _out_of_wal(path, old_key, then="PRAGMA rekey=" + _sql_text(new_key or ""))
    check = FileDatabase(path, configure=False, encryption_key=new_key)
    try:
        verdict = check.scalar("PRAGMA integrity_check")
        if verdict != "ok":
            raise StoreError(f"{path} failed its integrity check after the key change ({verdict}); restore the backup")
        objects = int(check.scalar("SELECT count(*) FROM sqlite_master"))
        check.configure()
    finally:
        check.close()
    return objects


def _sql_text(value: str) -> str:
    """A string literal for a PRAGMA, which takes no bound parameters."""
    return "'" + value.replace("'", "''") + "'"


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


# Bound values per multi-row INSERT (`insert_many`): a chat import's batch of 256 memories (25
# values a row) in one statement. Under the 32766 SQLite allows since 3.32; every libSQL, the
# embedded driver's (3.45) and a server's, is newer.
VALUES_PARAMS = 8192


@contextmanager
def bulk_cache(db: Database, kib: int = BULK_CACHE_KIB) -> Iterator[None]:
    """A file store's page cache at `kib` KiB for a bulk write (an import), put back as it was after.
    Other stores keep theirs (a server's cache is its own)."""
    if not isinstance(db, FileDatabase):
        yield
        return
    before = int(db.scalar("PRAGMA cache_size"))
    db.execute(f"PRAGMA cache_size={-int(kib)}")
    try:
        yield
    finally:
        with suppress(QuireError):  # a closed or broken store has no cache to put back
            db.execute(f"PRAGMA cache_size={before}")


def insert_many(db: Database, sql: str, rows: Sequence[Sequence[Any]], *, returning: str = "") -> list[tuple[Any, ...]]:
    """`executemany` of an INSERT whose one row of VALUES ends `sql`, as multi-row INSERTs of up to
    VALUES_PARAMS values each, inside the caller's transaction. The embedded driver prepares the
    statement again for every row of an executemany, its triggers' programs included (the
    memories INSERT with its FTS5 and change-log triggers: 0.15 ms a row, 0.07 this way). SQLite
    inserts a VALUES list row by row, in order: each row sees the ones before it (OR IGNORE, the
    triggers, the rowids) as one statement a row does. `returning`: the columns of each inserted
    row to return (a RETURNING clause; the rows in no set order), not read back after."""
    found: list[tuple[Any, ...]] = []
    for statement, params, _ in _statements(sql, rows):
        if returning:
            found += db.rows(f"{statement} RETURNING {returning}", params)
        else:
            db.execute(statement, params)
    return found


def insert_numbered(db: Database, sql: str, rows: Sequence[Sequence[Any]], largest: str) -> list[int] | None:
    """`insert_many` into a rowid table without AUTOINCREMENT that no trigger writes to, with each row's
    rowid in order, told without a RETURNING clause (~3 us a row of a chat import's memories): SQLite
    numbers a statement's rows one past the largest rowid before it, in order, unless that is 2**63 - 1.
    `largest` reads the table's largest rowid before each statement; the statement's last rowid must
    agree. None, the rows inserted all the same, where it cannot be told so (the caller reads them back):
    a store other than a file (a server's or a replica's writes are not numbered where this reads), or a
    last rowid that disagrees."""
    if not isinstance(db, FileDatabase):
        insert_many(db, sql, rows)
        return None
    found: list[int] | None = []
    for statement, params, n in _statements(sql, rows):
        before = int(db.scalar(largest) or 0)
        last = db.execute(statement, params)
        if found is None or before >= _LARGEST_ROWID - n or last != before + n:
            found = None
        else:
            found += range(before + 1, last + 1)
    return found


_LARGEST_ROWID = 2**63 - 1


def _statements(sql: str, rows: Sequence[Sequence[Any]]) -> Iterator[tuple[str, list[Any], int]]:
    """`insert_many`'s multi-row INSERTs of `rows`: each statement, its values and its count of rows."""
    head, keyword, row = sql.rpartition("VALUES")
    row = row.strip()
    width = row.count("?")
    if not keyword or not (row.startswith("(") and row.endswith(")")) or not width:
        raise ValueError(f"insert_many takes an INSERT ending in one row of VALUES, not {sql[:80]!r}")
    per = max(1, VALUES_PARAMS // width)
    for start in range(0, len(rows), per):
        chunk = rows[start : start + per]
        if any(len(r) != width for r in chunk):
            raise ValueError(f"insert_many: a row without the {width} values of {sql[:80]!r}")
        yield (*_values(head, row, chunk), len(chunk))


def _values(head: str, row: str, chunk: Sequence[Sequence[Any]]) -> tuple[str, list[Any]]:
    """A multi-row INSERT of `chunk` by the one-row template `row`: a column with the same value in
    every row (a batch's instant, its space, its model, a NULL) is bound once, as ?1, ?2, ..., and
    each row binds only what varies. The embedded driver binds a value in ~1.3 us, so a chat batch's
    memories bind half as many. The first row numbers every value (?k+1, ...); a plain ? in a later
    row takes the number after the largest before it, so the rows' values follow in order. The
    statement's text comes from the code's template only; every value is still bound."""
    columns = list(zip(*chunk, strict=True))
    same = [i for i, col in enumerate(columns) if len(chunk) > 1 and _constant(col)]
    if not same:
        return f"{head}VALUES {', '.join([row] * len(chunk))}", [v for r in chunk for v in r]
    number = {col: n for n, col in enumerate(same, start=1)}
    varying = [i for i in range(len(columns)) if i not in number]
    first = dict(number) | {col: n for n, col in enumerate(varying, start=len(same) + 1)}
    pieces = row.split("?")
    head_row = pieces[0] + "".join(f"?{first[i]}{piece}" for i, piece in enumerate(pieces[1:]))
    marks = [f"?{number[i]}" if i in number else "?" for i in range(len(columns))]
    rest = pieces[0] + "".join(mark + piece for mark, piece in zip(marks, pieces[1:], strict=True))
    params = [columns[i][0] for i in same]
    if len(varying) == 1:
        params += columns[varying[0]]
    elif varying:
        pick = itemgetter(*varying)
        params += [v for r in chunk for v in pick(r)]
    return f"{head}VALUES {', '.join([head_row] + [rest] * (len(chunk) - 1))}", params


def _constant(column: Sequence[Any]) -> bool:
    """Whether every value of `column` is the same value of the same type (1, 1.0 and True are not;
    nor 0.0 and -0.0, which compare equal)."""
    first = column[0]
    try:
        if len(column) > 1 and column[1] != first:  # most columns (ids, texts) differ at once: no set of them
            return False
        if len(set(column)) != 1:
            return False
    except (TypeError, ValueError):  # an unhashable value (an array compares elementwise): bound per row
        return False
    return len({type(v) for v in column}) == 1 and not (type(first) is float and first == 0)


def in_queries(
    sql: str, values: Sequence[Any], *, before: Sequence[Any] = (), after: Sequence[Any] = ()
) -> list[tuple[str, list[Any]]]:
    """The statements `rows_in` would run, one per chunk (for `gather`)."""
    return [_in_list(sql, chunk, before, after) for chunk in chunked(values)]


def gather(db: Database, groups: Sequence[Sequence[tuple[str, Sequence[Any]]]]) -> list[list[tuple[Any, ...]]]:
    """Several independent reads in one `rows_many` (one round trip on a server): each group is a
    list of statements (one query, or the chunks of `in_queries`); returns each group's rows."""
    return regroup(groups, db.rows_many([q for group in groups for q in group]))


def gather_dicts(db: Database, groups: Sequence[Sequence[tuple[str, Sequence[Any]]]]) -> list[list[dict[str, Any]]]:
    """`gather`, each row a dict keyed by column name."""
    return regroup(groups, db.dicts_many([q for group in groups for q in group]))


def regroup(groups: Sequence[Sequence[Any]], found: list[list[Any]]) -> list[list[Any]]:
    """The rows of the flattened `groups` (one list per statement), concatenated per group."""
    out: list[list[Any]] = []
    at = 0
    for group in groups:
        out.append([row for part in found[at : at + len(group)] for row in part])
        at += len(group)
    return out


def split_statements(sql: str) -> list[str]:
    """`;`-separated SQL as complete statements (triggers, quoted `;` included), by SQLite's own rule."""
    import sqlite3

    out, buffer = [], ""
    for piece in sql.split(";"):
        buffer = f"{buffer};{piece}" if buffer else piece
        if sqlite3.complete_statement(buffer + ";"):
            if buffer.strip():
                out.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        out.append(buffer.strip())
    return out


# -- the libSQL server (sqld) over hrana/ws ------------------------------------------------------

CONNECT_TIMEOUT_S = 5.0  # a server that has not answered the handshake by then counts as offline
STATEMENT_TIMEOUT_S = 60.0  # one statement (a 10k-row read is a few MB); past it the link is dead
_BEGIN_RETRIES = 50  # sqld answers a contended BEGIN IMMEDIATE with SQLITE_BUSY at once
_BATCH_STMTS = 200  # statements per hrana batch in executemany
_PAGE_ROWS = 2000  # rows per page when a result is too large for one response


# A host name's labels (no '%': libSQL's Rust URI parser panicked on "ws://%41:80", a traceback-like
# abort with exit 120; no empty label: "h..x" failed in the IDNA codec as "refused the operation"),
# or an [IPv6] address; a path of RFC 3986 characters ("ws://h:80/a b" panicked the same way).
_HOST = re.compile(r"[A-Za-z0-9_~-]+(?:\.[A-Za-z0-9_~-]+)*\.?|\[[0-9A-Fa-f:.]+\]")
_PATH = re.compile(r"[A-Za-z0-9._~!$&'()*+,;=:@/%-]*")


def _split(url: str) -> urllib.parse.SplitResult | None:
    """The URL's parts, or None when it cannot be one (a bad bracket, port or host character)."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
        parts.port  # noqa: B018 -- raises on a port out of range or not a number
    except ValueError:
        return None
    host = parts.netloc.rpartition("@")[2]
    if parts.port is not None or host.endswith(":"):
        host = host.rsplit(":", 1)[0]
    return parts if _HOST.fullmatch(host) and _PATH.fullmatch(parts.path) else None


def _named(char: str) -> str:
    """A control character as a person reads it: 'a line break (\\n)', 'a tab (\\t)', 'U+0000'."""
    names = {"\n": "a line break (\\n)", "\r": "a carriage return (\\r)", "\t": "a tab (\\t)"}
    return names.get(char, f"the control character U+{ord(char):04X}")


def redact(url: str) -> str:
    """The URL without user info or query (where a token could hide): safe to print or log."""
    parts = _split(url)
    if parts is None:
        return "(an unreadable URL)"
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address keeps its brackets
    if parts.port:
        host = f"{host}:{parts.port}"
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, "", ""))


def ws_url(url: str) -> str:
    """Check and normalise a server URL: ws:// or wss:// (libsql:// is wss, `?tls=0` makes it ws)."""
    inner = text.CONTROL.search(url.strip())
    if inner:  # urlsplit drops a tab or line break inside without a word: "ws://h:80\n80" became ws://h:8080
        raise StoreError(
            f"the server URL holds {_named(inner.group())} at character {inner.start() + 1} (a paste or a file "
            "read with its line break?); give it on one line, as ws://HOST:PORT"
        )
    parts = _split(url)
    if parts is None:
        raise StoreError(
            "the server URL is not readable (a host may hold letters, digits, '.', '-' and an [IPv6] address, "
            "a port 1-65535, a path no space); use ws://HOST:PORT"
        )
    scheme = parts.scheme.lower()
    query = urllib.parse.parse_qs(parts.query)
    if scheme == "libsql":
        scheme = "ws" if query.get("tls") == ["0"] else "wss"
    if scheme in ("http", "https"):
        raise StoreError(
            f"{redact(url)}: quire needs interactive transactions, which libSQL offers over WebSocket only; "
            f"use ws://{parts.netloc} (or wss:// with TLS)"
        )
    if scheme not in ("ws", "wss") or not parts.hostname:
        raise StoreError(f"{redact(url)!r} is not a libSQL server URL; use ws://HOST:PORT (or wss://HOST)")
    return urllib.parse.urlunsplit((scheme, parts.netloc, parts.path, "", ""))


def _plain(value: Any) -> Any:
    """A parameter as hrana takes it (numpy scalars and bools to Python numbers)."""
    if isinstance(value, bool):
        return int(value)
    if value is None or isinstance(value, str | int | float | bytes):
        return value
    if hasattr(value, "item"):  # numpy scalar
        return value.item()
    return bytes(memoryview(value))


# A hrana value as Python, by one dict lookup. libsql-client's own conversion builds a Row object
# per row and runs a chain of type tests per value: under cProfile, 55 warm recalls on sqld at 10k
# memories (~2,000 values each) took 1.40 M function calls and 13.7 ms CPU per recall with it,
# 0.67 M and 10.1 ms with this (wall 38.1 -> 26.0 ms per recall, the file 23.7 / 18.2 ms beside it).
_FROM_PROTO: dict[str, Any] = {
    "null": lambda v: None,
    "text": lambda v: v["value"],
    "integer": lambda v: int(v["value"]),
    "float": lambda v: float(v["value"]),
    "blob": lambda v: base64.b64decode(v["base64"] + "===="),
}


@dataclass(frozen=True)
class _Answer:
    """One statement's result, converted once into plain tuples."""

    columns: tuple[str, ...]
    rows: list[tuple[Any, ...]]
    last_insert_rowid: int | None

    @classmethod
    def of(cls, res: dict[str, Any]) -> _Answer:
        convert = _FROM_PROTO
        try:
            rows = [tuple([convert[v["type"]](v) for v in row]) for row in res["rows"]]
        except KeyError as exc:
            raise StoreError(f"database error: the server sent a value of unknown type {exc}") from None
        rowid = res.get("last_insert_rowid")
        return cls(tuple(c["name"] or "" for c in res["cols"]), rows, None if rowid is None else int(rowid))


def _translate_remote(exc: BaseException, label: str) -> QuireError:
    msg = getattr(exc, "explanation", None) or str(exc) or type(exc).__name__
    low = msg.lower()
    if getattr(exc, "status", None) in (401, 403) or any(w in low for w in ("unauthorized", "authentication", "jwt")):
        return StoreError(f"the server {label} refused the token; check QUIRE_DB_TOKEN or the token file")
    code = getattr(exc, "code", "")  # read after status: on aiohttp's errors it is a deprecated alias of it
    if code == "SQLITE_BUSY" or "database is locked" in low or "database is busy" in low:
        return Conflict(f"the server {label} is busy (another quire is writing); try again")
    if code in ("TRANSACTION_TIMEOUT", "TRANSACTION_CLOSED", "STREAM_CLOSED"):
        return Unreachable(
            f"the server {label} ended the transaction ({code.lower()}); nothing of it was kept, try again"
        )
    if code in ("CLIENT_CLOSED", "HRANA_WEBSOCKET_ERROR", "HRANA_PROTO_ERROR") or isinstance(
        exc, OSError | asyncio.TimeoutError | ConnectionError
    ):
        return unreachable(label, exc)
    if "aiohttp" in type(exc).__module__:
        return unreachable(label, exc)
    return _common(msg, label, remote=True)


def unreachable(label: str, exc: BaseException) -> Unreachable:
    """Unreachable in quire's words: what the server did (nothing listens, no answer in time, not a
    libSQL server, ...) and what to do; never aiohttp's or the OS's text (a status line's bytes, a
    repr of a socket address)."""
    return Unreachable(
        f"the server {label} cannot be reached: {_what_happened(exc)}. Check that sqld runs there and "
        "the URL (QUIRE_DB_URL, [store] url or the URL given) is right, or work offline"
    )


def _what_happened(exc: BaseException) -> str:
    """What a failed connection or exchange amounts to, from the exception's type and fields."""
    names = {c.__name__ for c in type(exc).__mro__}
    status = getattr(exc, "status", None)
    os_error = getattr(exc, "os_error", None) or (exc if isinstance(exc, OSError) else None)
    errno_ = getattr(os_error, "errno", None)
    if names & {"TimeoutError", "ServerTimeoutError"} or isinstance(exc, asyncio.TimeoutError):
        return "it did not answer in time (a server that is slow, stopped or behind a firewall)"
    if names & {"ClientConnectorDNSError", "gaierror"} or "name resolution" in str(os_error).lower():
        return "its host name does not resolve"
    if names & {"ClientSSLError", "SSLError", "ClientConnectorCertificateError"}:
        return "the TLS handshake failed (wss:// to a server without TLS, or a certificate this device does not trust)"
    if isinstance(status, int) and status > 0 and "WSServerHandshakeError" in names:
        return f"something answers there, but not as a libSQL server (HTTP {status} to its WebSocket request)"
    if "ClientResponseError" in names and status == 400:
        return "something answers there, but not in HTTP (is it a libSQL server's port?)"
    if errno_ in (errno.ECONNREFUSED,) or "ConnectionRefusedError" in names:
        return "nothing listens there (connection refused)"
    if errno_ in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return "its network cannot be reached from this device"
    closed = getattr(exc, "code", "") in ("HRANA_WEBSOCKET_ERROR", "CLIENT_CLOSED") and "closed" in str(exc).lower()
    if closed or names & {"ServerDisconnectedError", "ConnectionResetError", "BrokenPipeError", "ClientOSError"}:
        return "it closed the connection"
    if getattr(exc, "code", "") == "HRANA_PROTO_ERROR" or names & {"WSMessageTypeError", "ClientPayloadError"}:
        return "it does not speak libSQL's protocol (hrana over WebSocket)"
    low = str(exc).lower()  # the replica's driver says it in text only
    for words, said in _SAID:
        if any(w in low for w in words):
            return said
    return f"the connection failed ({type(exc).__name__})"


_SAID = (
    (("refused",), "nothing listens there (connection refused)"),
    (("timeout", "timed out"), "it did not answer in time (a server that is slow, stopped or behind a firewall)"),
    (("dns", "resolve"), "its host name does not resolve"),
    (("handshake", "protocol"), "it does not speak libSQL's protocol"),
)


class _Loop:
    """An asyncio loop on a daemon thread (libsql-client is async): a session left unclosed by a
    crash must not keep the process alive at exit, which the client's own non-daemon thread would."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="quire-libsql", daemon=True)
        self.thread.start()

    def run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def close(self) -> None:
        if self.loop.is_closed():
            return

        async def cancel_rest() -> None:
            rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in rest:
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        with suppress(Exception):
            self.run(cancel_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        if not self.thread.is_alive():
            self.loop.close()


class RemoteDatabase:
    """A connection to one quire database on a libSQL server: one hrana stream over one WebSocket.

    A Database to every caller (it implements the protocol; it shares no state or base with
    FileDatabase), so the libraries take either without knowing which.

    One stream is one server-side connection, so the embedded semantics carry over unchanged:
    BEGIN IMMEDIATE ... COMMIT as plain statements, `changes()`, per-connection pragmas. The
    public libsql-client API opens a stream per statement and sends a bare BEGIN, so this uses
    its hrana layer directly (pinned libsql-client 0.3.1) on a daemon-thread event loop (`_Loop`).
    """

    remote = True
    _holding = False  # inside batched()
    schema_known: int | None = None  # the newest schema this quire knows, once watched
    _schema_seen = 0.0  # monotonic time of the last look at the schema version

    def __init__(self, url: str, *, token: str | None = None, anchor: Path, timeout_s: float = CONNECT_TIMEOUT_S):
        self.url = ws_url(url)
        self.label = redact(self.url)
        self.path = anchor  # a path inside the local home: the vault and caches live next to it
        self._token = token
        self._lock = threading.RLock()
        self._depth = 0
        self._broken: Unreachable | None = None
        self._paged: set[str] = set()
        self._held: list[tuple[str, list[Any]]] | None = None  # statements of an open batched()
        self.round_trips = 0
        self._loop = _Loop()
        self._session: Any = None
        self._conn: Any = None
        self._stream: Any = None
        try:
            self._call(self._connect(), timeout_s)
        except BaseException:
            self.close()
            raise

    async def _connect(self) -> None:
        import aiohttp
        from libsql_client.hrana.conn import HranaConn

        class _Conn(HranaConn):  # type: ignore[misc]  # the client ships no types
            async def _do_connect(self, session: aiohttp.ClientSession, url: str) -> Any:
                # max_msg_size=0: reading every embedding of 10k memories is one ~20 MB message.
                return await session.ws_connect(url, protocols=["hrana2"], autoclose=False, max_msg_size=0)

        self._session = aiohttp.ClientSession()
        try:
            self._conn = _Conn(self._session, self.url, self._token)
            await self._conn.wait_connected()
            self._stream = self._conn.open_stream()
            await self._stream.execute({"sql": "SELECT 1", "want_rows": True})
        except Exception:
            await self._refused_over_http()
            raise

    async def _refused_over_http(self) -> None:
        """Raise a 401 if the server answers but refuses our token (or its absence).

        sqld closes a WebSocket whose hello it refuses, and the close can arrive before the
        hello_error that says why: the failure then looks like an unreachable server, and a
        capture would be queued behind a token that will never work. One plain HTTP request
        tells the two apart; if it fails too, the original error stands."""
        import aiohttp

        base = self.url.replace("ws://", "http://", 1).replace("wss://", "https://", 1).rstrip("/")
        headers = {"Authorization": f"Bearer {self._token}"} if self._token else {}
        try:
            async with self._session.post(f"{base}/v2/pipeline", json={"requests": []}, headers=headers) as reply:
                status, info = reply.status, reply.request_info
        except Exception:
            return
        if status in (401, 403):
            raise aiohttp.ClientResponseError(info, (), status=status, message="unauthorized")

    def _call(self, coro: Any, timeout_s: float = STATEMENT_TIMEOUT_S) -> Any:
        async def bounded() -> Any:
            return await asyncio.wait_for(coro, timeout_s)

        self.round_trips += 1
        try:
            return self._loop.run(bounded())
        except Exception as exc:
            raise _translate_remote(exc, self.label) from None

    def _usable(self) -> None:
        if self._broken is not None:
            raise self._broken
        _answerable(self)

    def configure(self) -> None:
        """Foreign keys on (sqld's default too); WAL and sync are the server's business."""
        self.execute("PRAGMA foreign_keys=ON")

    def _result(self, sql: str, params: Sequence[Any]) -> Any:
        from libsql_client.hrana.convert import _stmt_to_proto

        self._usable()
        stmt = _stmt_to_proto(sql, [_plain(p) for p in params])

        async def run() -> Any:
            return await self._stream.execute(stmt)

        try:
            return _Answer.of(self._call(run()))
        except Unreachable as exc:
            self._broken = exc  # the stream (and any open transaction on it) is gone
            raise self._read_only_token() or exc from None
        except StoreError:
            self._recover()
            raise

    def _send(self, steps: list[dict[str, Any]]) -> Any:
        """One hrana batch; a lost connection marks the stream broken (an open transaction and
        the outcome of a COMMIT inside the batch are then unknown)."""

        async def run() -> Any:
            return await self._stream.batch({"steps": steps})

        try:
            return self._call(run())
        except Unreachable as exc:
            self._broken = exc
            raise self._read_only_token() or exc from None

    def _read_only_token(self) -> StoreError | None:
        """sqld closes the WebSocket of a read-only token that sends a write, which looks like an
        unreachable server (and a capture would be queued behind a token that can never write).
        A no-op write over plain HTTP tells the two apart: 403 is the token, anything else stands."""
        import aiohttp

        base = self.url.replace("ws://", "http://", 1).replace("wss://", "https://", 1).rstrip("/")
        headers = {"Authorization": f"Bearer {self._token}"} if self._token else {}
        probe = {"requests": [{"type": "execute", "stmt": {"sql": "DELETE FROM meta WHERE 0"}}, {"type": "close"}]}

        async def ask() -> int:
            timeout = aiohttp.ClientTimeout(total=3)
            async with (
                aiohttp.ClientSession(timeout=timeout) as session,
                session.post(f"{base}/v2/pipeline", json=probe, headers=headers) as reply,
            ):
                return reply.status

        try:
            status = self._loop.run(asyncio.wait_for(ask(), 4))
        except Exception:
            return None
        if status != 403:
            return None
        return StoreError(
            f"the server {self.label} refused to write: the token is read-only; nothing was written or queued. "
            "Use a token with write access (QUIRE_DB_TOKEN or the token file)"
        )

    # -- reading -------------------------------------------------------------------------

    def _read(self, sql: str, params: Sequence[Any]) -> tuple[tuple[str, ...], list[tuple[Any, ...]]]:
        """Columns and rows; a result past the server's response limit (sqld: ~10 MB, e.g. every
        embedding of 10k memories) is read again in pages of the same query (remembered per SQL)."""
        if sql not in self._paged:
            try:
                result = self._result(sql, params)
                return result.columns, result.rows
            except StoreError as exc:
                head = (sql.split(None, 1) or [""])[0].upper()
                if "too large" not in str(exc).lower() or head not in ("SELECT", "WITH"):
                    raise
                self._paged.add(sql)
        columns: tuple[str, ...] = ()
        out: list[tuple[Any, ...]] = []
        size = _PAGE_ROWS
        while True:
            try:
                page = self._result(f"SELECT * FROM ({sql}) LIMIT ? OFFSET ?", (*params, size, len(out)))
            except StoreError as exc:
                if "too large" not in str(exc).lower() or size <= 1:
                    raise
                size //= 2
                continue
            columns = page.columns or columns
            out.extend(page.rows)
            if len(page.rows) < size:
                return columns, out

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            self._watch_reads()
            return self._read(sql, params)[1]

    def rows_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        return [rows for _, rows in self._many(queries)]

    def dicts_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[dict[str, Any]]]:
        return [[dict(zip(columns, r, strict=True)) for r in rows] for columns, rows in self._many(queries)]

    def _many(
        self, queries: Sequence[tuple[str, Sequence[Any]]]
    ) -> list[tuple[tuple[str, ...], list[tuple[Any, ...]]]]:
        """One hrana batch of independent reads (no conditions: each runs whatever the others do).
        A result past the response limit is read again alone, in pages (`_read`)."""
        from libsql_client.hrana.convert import _error_from_proto, _stmt_to_proto

        if len(queries) < 2 or any(sql in self._paged for sql, _ in queries):
            with self._lock:
                self._watch_reads()
                return [self._read(sql, params) for sql, params in queries]
        with self._lock:
            self._usable()
            self._watch_reads()
            steps = [{"stmt": _stmt_to_proto(sql, [_plain(p) for p in params])} for sql, params in queries]
            result = self._send(steps)
            out: list[tuple[tuple[str, ...], list[tuple[Any, ...]]]] = []
            for (sql, params), res, err in zip(queries, result["step_results"], result["step_errors"], strict=True):
                if err is None:
                    found = _Answer.of(res)
                    out.append((found.columns, found.rows))
                    continue
                failed = _translate_remote(_error_from_proto(err), self.label)
                if "too large" not in str(failed).lower():
                    self._recover()
                    raise failed
                out.append(self._read(sql, params))
            return out

    def dicts(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            self._watch_reads()
            columns, rows = self._read(sql, params)
            return [dict(zip(columns, r, strict=True)) for r in rows]

    def one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        first: dict[str, Any] | None = _first(self.dicts(sql, params))
        return first

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = _first(self.rows(sql, params))
        return None if row is None else row[0]

    # -- writing -------------------------------------------------------------------------

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int | None:
        with self._lock:
            if self._held is not None:
                self._held.append((sql, [_plain(p) for p in params]))
                return None
            if self.schema_known is not None and not self._depth:
                return self._guarded(sql, params).last_insert_rowid  # a statement on its own
            rowid: int | None = self._result(sql, params).last_insert_rowid
            return rowid

    # -- the schema guard (see SCHEMA_GUARD_SQL) ----------------------------------------

    def watch_schema(self, known: int) -> None:
        """Refuse a schema newer than `known` from now on (SchemaTooNew), however long this stays open."""
        self.schema_known, self._schema_seen = known, time.monotonic()

    def _guard_step(self, after: int | None = None) -> dict[str, Any]:
        from libsql_client.hrana.convert import _stmt_to_proto

        step: dict[str, Any] = {"stmt": {**_stmt_to_proto(SCHEMA_GUARD_SQL, [self.schema_known]), "want_rows": False}}
        if after is not None:
            step["condition"] = {"type": "ok", "step": after}
        return step

    def _watch_reads(self) -> None:
        if _recheck_due(self):
            self._schema_seen = time.monotonic()
            found = self._result(USER_VERSION_SQL, ()).rows
            self._refuse_newer(int(found[0][0] or 0) if found else 0)

    def _refuse_newer(self, version: int | None = None, failed: Any = None) -> None:
        """SchemaTooNew when the server's schema is newer than this quire's; `failed`: the guard
        step's error, raised as it is when the version turns out not to be the cause."""
        from libsql_client.hrana.convert import _error_from_proto

        if version is None:
            found = self._result(USER_VERSION_SQL, ()).rows
            version = int(found[0][0] or 0) if found else 0
        if self.schema_known is not None and version > self.schema_known:
            raise schema_too_new(self.label, version, self.schema_known)
        if failed is not None:
            raise _translate_remote(_error_from_proto(failed), self.label)

    def _guarded(self, sql: str, params: Sequence[Any]) -> _Answer:
        """One statement on its own, run only if the guard before it in the same batch passed."""
        from libsql_client.hrana.convert import _error_from_proto, _stmt_to_proto

        self._usable()
        stmt = {"condition": {"type": "ok", "step": 0}, "stmt": _stmt_to_proto(sql, [_plain(p) for p in params])}
        result = self._send([self._guard_step(), stmt])
        guard, failed = result["step_errors"]
        if guard is not None:
            self._refuse_newer(failed=guard)
        self._schema_seen = time.monotonic()
        if failed is not None:
            self._recover()
            raise _translate_remote(_error_from_proto(failed), self.label)
        return _Answer.of(result["step_results"][1])

    @contextmanager
    def batched(self, reads: Sequence[tuple[str, Sequence[Any]]] = ()) -> Iterator[list[list[tuple[Any, ...]]]]:
        """Hold the writes, then send `reads`, BEGIN IMMEDIATE, the writes and COMMIT as one hrana
        batch (the BEGIN only if every read succeeded, each later step only if the one before did;
        a failure rolls back): one round trip, and a server that dies halfway leaves all of the
        writes or none. Inside another transaction: plain statements."""
        with self._lock:
            found: list[list[tuple[Any, ...]]] = []
            if self._depth:  # inside another transaction: part of it, statement by statement
                found.extend(self.rows_many(reads))
                yield found
                return
            self._usable()
            self._held, self._depth, self._holding = [], 1, True
            try:
                yield found
                held = self._held
            finally:
                self._held, self._depth, self._holding = None, 0, False
            if not held:
                found.extend(self.rows_many(reads))
            elif any(sql in self._paged for sql, _ in reads):  # a read too large for one answer
                found.extend(self.rows_many(reads))
                self._send_held(held, ())
            else:
                found.extend(self._send_held(held, reads))

    def _send_held(
        self, held: list[tuple[str, list[Any]]], reads: Sequence[tuple[str, Sequence[Any]]]
    ) -> list[list[tuple[Any, ...]]]:
        from libsql_client.hrana.convert import _error_from_proto, _stmt_to_proto

        steps: list[dict[str, Any]] = [{"stmt": _stmt_to_proto(sql, [_plain(p) for p in ps])} for sql, ps in reads]
        begin: dict[str, Any] = {"stmt": {"sql": "BEGIN IMMEDIATE", "want_rows": False}}
        if reads:
            begin["condition"] = {"type": "and", "conds": [{"type": "ok", "step": i} for i in range(len(reads))]}
        steps.append(begin)
        guarded = self.schema_known is not None
        if guarded:  # the writes run only if it passes (each step waits on the one before)
            steps.append(self._guard_step(after=len(steps) - 1))
        for sql, params in held:
            steps.append(
                {
                    "condition": {"type": "ok", "step": len(steps) - 1},
                    "stmt": {**_stmt_to_proto(sql, params), "want_rows": False},
                }
            )
        steps.append(
            {"condition": {"type": "ok", "step": len(steps) - 1}, "stmt": {"sql": "COMMIT", "want_rows": False}}
        )
        commit = {"type": "ok", "step": len(steps) - 1}
        steps.append({"condition": {"type": "not", "cond": commit}, "stmt": {"sql": "ROLLBACK", "want_rows": False}})

        delay = 0.005
        failpoints.hit("commit.before")
        for attempt in range(_BEGIN_RETRIES):
            result = self._send(steps)  # (a lost answer: committed or not is unknown, as for any COMMIT)
            errors = result["step_errors"][:-1]  # the ROLLBACK's own error (none was open) is no news
            first = next((e for e in errors if e is not None), None)
            if first is None:
                failpoints.hit("commit.after")
                return [_Answer.of(res).rows for res in result["step_results"][: len(reads)]]
            if guarded and errors.index(first) == len(reads) + 1:
                self._refuse_newer(failed=first)  # the ROLLBACK at the end closed the transaction
            failed = _translate_remote(_error_from_proto(first), self.label)
            if "too large" in str(failed).lower() and errors.index(first) < len(reads):
                # A read too large for one answer ran and nothing else did: read it in pages, then write.
                found = self.rows_many(reads)
                self._send_held(held, ())
                return found
            # A busy BEGIN ran nothing (every later step waited on it): the same retry as _begin.
            busy_begin = errors[len(reads)] is not None and errors.index(first) == len(reads)
            if not (isinstance(failed, Conflict) and busy_begin) or attempt == _BEGIN_RETRIES - 1:
                raise failed
            time.sleep(delay)
            delay = min(delay * 2, 0.25)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT; the new row's id."""
        return _new_rowid(self, sql, params)

    def changes(self) -> int:
        return int(self.scalar("SELECT changes()"))

    def transaction(self) -> AbstractContextManager[Database]:
        """BEGIN IMMEDIATE ... COMMIT on the stream, rolled back on any exception. Nests."""
        return _transaction(self)

    @property
    def in_transaction(self) -> bool:
        return self._depth > 0

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None:
        """In hrana batches (one round trip per _BATCH_STMTS rows), inside one transaction."""
        with self._lock, self.transaction():
            for start in range(0, len(seq), _BATCH_STMTS):
                self._batch(sql, seq[start : start + _BATCH_STMTS])

    def _batch(self, sql: str, chunk: Sequence[Sequence[Any]]) -> None:
        from libsql_client.hrana.convert import _error_from_proto, _stmt_to_proto

        self._usable()
        steps: list[dict[str, Any]] = []
        for i, params in enumerate(chunk):
            stmt = {**_stmt_to_proto(sql, [_plain(p) for p in params]), "want_rows": False}
            steps.append({"stmt": stmt, **({"condition": {"type": "ok", "step": i - 1}} if i else {})})
        result = self._send(steps)
        for err in result["step_errors"]:
            if err is not None:  # later steps did not run (their condition failed)
                raise _translate_remote(_error_from_proto(err), self.label)

    def script(self, sql: str) -> None:
        self._usable()

        async def run() -> None:
            await self._stream.sequence(sql)

        with self._lock:
            try:
                self._call(run())
            except Unreachable as exc:
                self._broken = exc
                raise
            except StoreError:
                self._recover()
                raise

    def _commit(self) -> None:
        failpoints.hit("commit.before")
        self._result("COMMIT", ())
        failpoints.hit("commit.after")

    def _begin(self) -> None:
        # Bounded retry: BEGIN changes nothing, so repeating it after SQLITE_BUSY is always safe.
        delay = 0.005
        for attempt in range(_BEGIN_RETRIES):
            try:
                self._begin_once()
                return
            except Conflict:
                if attempt == _BEGIN_RETRIES - 1:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 0.25)

    def _begin_once(self) -> None:
        """BEGIN IMMEDIATE, and the schema guard in the same batch (no extra round trip)."""
        from libsql_client.hrana.convert import _error_from_proto

        if self.schema_known is None:
            self._result("BEGIN IMMEDIATE", ())
            return
        self._usable()
        result = self._send([{"stmt": {"sql": "BEGIN IMMEDIATE", "want_rows": False}}, self._guard_step(after=0)])
        begun, guard = result["step_errors"]
        if begun is not None:
            raise _translate_remote(_error_from_proto(begun), self.label)
        self._schema_seen = time.monotonic()
        if guard is not None:
            self._recover()  # nothing was written: the transaction just begun is rolled back
            self._refuse_newer(failed=guard)

    @property
    def broken(self) -> bool:
        """The link died; this object stays unusable (open a new one to reconnect)."""
        return self._broken is not None

    def _recover(self) -> None:
        if self._depth or self._broken is not None:
            return
        with suppress(StoreError):
            self._call(self._rollback_if_open())

    async def _rollback_if_open(self) -> None:
        # hrana has no in_transaction flag; a ROLLBACK outside a transaction is a harmless error.
        with suppress(Exception):
            await self._stream.execute({"sql": "ROLLBACK", "want_rows": False, "args": [], "named_args": []})

    def identity(self) -> str:
        """A file-name-safe id of this server and database (never the token)."""
        db_id = ""
        with suppress(StoreError):
            db_id = str(self.scalar("SELECT value FROM meta WHERE key = 'db_id'") or "")
        return hashlib.sha256(f"{self.label}\\0{db_id}".encode()).hexdigest()[:16]

    def close(self) -> None:
        with self._lock:
            session, conn = self._session, self._conn

            async def shut() -> None:
                if conn is not None:
                    await conn.close()
                if session is not None:
                    await session.close()

            with suppress(Exception):  # closing a dead link must not raise
                self._loop.run(asyncio.wait_for(shut(), 5))
            self._loop.close()


# -- this device's embedded replica of a server ----------------------------------------

REPLICA_SUFFIXES = ("", "-wal", "-shm", "-client_wal_index", "-info")  # every file of one replica
SYNC_INTERVAL_S = 30.0  # the driver also pulls on its own this often while a session is open


def _quiet_driver() -> None:
    """The replication driver logs to stdout (it would corrupt --json): off."""
    import os

    os.environ["RUST_LOG"] = "off"


class ReplicaDatabase:
    """This device's embedded replica of a libSQL server's database, kept by libSQL's own
    replication (`libsql-experimental`: `connect(path, sync_url=...)` + `sync()`).

    quire only reads it. Writes made through it go to `writer()` (the server connection, which
    raises Unreachable when there is none): a transaction and everything inside it runs there, and
    the replica syncs before the next read, so a read after a write sees it. `batched()` writes are
    blind by contract (nobody reads their results: recall's access counts): they are handed to
    `defer`, which keeps them in the outbox until the next sync, online or not.

    With the server down the driver cannot open the file (it handshakes at connect), so it is
    opened read-only with SQLite (`file:...?mode=ro`): FTS5 works there; libSQL's vector functions
    do not, and no read uses them (vectors come from numpy over the stored blobs)."""

    remote = False

    def __init__(self, path: Path, sync_url: str, *, token: str | None = None, writer: Any = None, defer: Any = None):
        self.path = Path(path)
        self.sync_url = sync_url
        self.label = f"{self.path} (replica of {redact(sync_url)})"
        self.encrypted = False
        self._token = token
        self._writer = writer
        self._defer = defer
        self._lock = threading.RLock()
        self._depth = 0
        self._conn: Any = None  # sqlite3, read-only: every read
        self._syncer: Any = None  # libsql-experimental: the replication (sync) only
        self._sync_lock = threading.Lock()
        self.online = False
        self.dirty = False  # a write went to the server since the last sync
        self._blind = 0
        self.synced_at: float | None = None  # wall clock of the last sync this process made

    # -- opening and syncing ------------------------------------------------------------------

    def open(self) -> None:
        """Connect and sync; rebuild from the server a replica that is damaged or lost its data
        file; with the server down, open what is on disk read-only (Unreachable if there is none)."""
        with self._lock:
            self._close_conn()
            try:
                self._connect_and_sync()
            except Unreachable:
                self._open_read_only()
                raise
            except StoreError:
                self.remove_files()  # damaged, or its data file is gone while its index stayed
                self._connect_and_sync()

    def _connect_and_sync(self) -> None:
        _quiet_driver()
        import libsql_experimental

        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = libsql_experimental.connect(
                str(self.path), sync_url=self.sync_url, auth_token=self._token or "", sync_interval=SYNC_INTERVAL_S
            )
        except ValueError as exc:
            raise self._replication_error(exc) from None
        files.owner_only(self.path)
        try:
            conn.sync()
            # A replica whose data file was deleted while its frame index stayed "syncs" to nothing.
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchall():
                raise StoreError(f"{self.path} holds no quire database after a sync; rebuilding it")
        except ValueError as exc:
            with suppress(Exception):
                conn.close()
            raise self._replication_error(exc) from None
        except StoreError:
            with suppress(Exception):
                conn.close()
            raise
        self._syncer, self.online, self.dirty = conn, True, False
        self.synced_at = time.time()
        self._open_read_only()
        if self._conn is None:  # the driver reads its frames, SQLite cannot read the file: damaged
            self._close_conn()
            raise StoreError(f"{self.path} cannot be read after a sync; rebuilding it")

    def _replication_error(self, exc: Exception) -> QuireError:
        low = str(exc).lower()
        if any(w in low for w in ("connect", "handshake", "timeout", "unavailable", "refused", "sync error")):
            return unreachable(redact(self.sync_url), exc)
        if any(w in low for w in ("unauthorized", "401", "403", "jwt")):
            return StoreError(f"the server {redact(self.sync_url)} refused the token; check QUIRE_DB_TOKEN")
        return StoreError(f"the replica {self.path} cannot be used ({str(exc)[:120]})")

    def _open_read_only(self) -> None:
        """The connection every read uses, online or not: SQLite, read-only (it can neither write
        nor checkpoint the file the replication driver keeps; a statement costs a third of the
        driver's own)."""
        import sqlite3

        if self._conn is not None:
            return
        if not self.path.exists() or not self.path.stat().st_size:
            return
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            conn.execute("SELECT 1 FROM meta LIMIT 1").fetchall()
        except sqlite3.Error:
            return  # damaged too: nothing to answer from until the server answers
        self._conn = conn

    def sync(self) -> None:
        """Pull what the server has (bounded: the driver gives up after about 3 s); reopen (and
        rebuild from the server) a replica that is offline, diverged or damaged."""
        with self._lock:
            if not self.online or self._syncer is None:
                self.open()
                return
            try:
                self.pull()
            except StoreError:
                self.open()  # diverged or damaged: rebuilt from the server

    def pull(self) -> None:
        """Only the replication step (safe beside reads, e.g. on a background thread: it touches
        the driver's connection alone). Unreachable when the server does not answer."""
        with self._sync_lock:
            syncer = self._syncer
            if syncer is None:
                raise Unreachable(f"{self.label} is not connected to its server")
            try:
                syncer.sync()
            except ValueError as exc:
                failed = self._replication_error(exc)
                if isinstance(failed, Unreachable):
                    self.online = False  # keep reading what we have
                raise failed from None
            self.dirty = False
            self.synced_at = time.time()

    @property
    def readable(self) -> bool:
        return self._conn is not None

    def remove_files(self) -> None:
        self._close_conn()
        for suffix in REPLICA_SUFFIXES:
            with suppress(FileNotFoundError):
                Path(f"{self.path}{suffix}").unlink()

    def _close_conn(self) -> None:
        with self._sync_lock:
            self._close_both()

    def _close_both(self) -> None:
        for conn in (self._conn, self._syncer):
            if conn is not None:
                with suppress(Exception):
                    conn.close()
        self._conn, self._syncer, self.online = None, None, False

    # -- reading: local, except inside a transaction (that runs on the server) ---------------

    round_trips = 0  # the server's connection counts its own; the replica sends none

    @property
    def broken(self) -> bool:
        return False

    def configure(self) -> None:
        """Nothing to set: the replication driver owns the file's settings."""

    def one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        found = self.dicts(sql, params)
        return found[0] if found else None

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return _first([r[0] for r in self.rows(sql, params)[:1]])

    def rows_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        return [self.rows(sql, params) for sql, params in queries]

    def dicts_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[dict[str, Any]]]:
        return [self.dicts(sql, params) for sql, params in queries]

    def changes(self) -> int:
        return self._server().changes()

    def _server(self) -> Database:
        if self._writer is None:
            raise Unreachable(f"{self.label} is read-only here")
        db: Database = self._writer()
        return db

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self._local(sql, params)[1]]

    def dicts(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        names, found = self._local(sql, params)
        return [dict(zip(names, r, strict=True)) for r in found]

    def _local(self, sql: str, params: Sequence[Any]) -> tuple[list[str], list[Any]]:
        import sqlite3

        if self._depth:
            server = self._server()
            found = server.dicts(sql, params)
            names = list(found[0]) if found else []
            return names, [tuple(d.values()) for d in found]
        with self._lock:
            if self._conn is None:
                raise Unreachable(f"{self.label} has no copy on this device yet and the server cannot be reached")
            try:
                cur = self._conn.execute(sql, tuple(params))
                return [d[0] for d in cur.description or ()], cur.fetchall()
            except (ValueError, sqlite3.Error) as exc:
                raise _translate(exc, self.path) from None

    # -- writing: on the server -----------------------------------------------------------------

    def _wrote(self) -> None:
        # A later read must see this write: the replica syncs first. Not for batched() writes,
        # which nobody reads back (recall's access counts would make every next recall sync).
        if not self._blind:
            self.dirty = True

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int | None:
        self._wrote()
        return self._server().execute(sql, params)

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._wrote()
        return self._server().insert(sql, params)

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None:
        self._wrote()
        self._server().executemany(sql, seq)

    def script(self, sql: str) -> None:
        self._wrote()
        self._server().script(sql)

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        server = self._server()
        with self._lock, server.transaction():
            self._depth += 1
            self.dirty = True
            try:
                yield self
            finally:
                self._depth -= 1

    @contextmanager
    def batched(self, reads: Sequence[tuple[str, Sequence[Any]]] = ()) -> Iterator[list[list[tuple[Any, ...]]]]:
        """Blind writes (nobody reads their results): the reads run here, the writes are handed to
        `defer` (the session queues them in the outbox, sent on the next sync: no round trip on
        the read path, none lost offline). Without `defer`, they go to the server."""
        if self._depth:
            with self._server().batched(reads) as found:
                yield found
            return
        self._blind += 1  # audit.record checks it runs inside a transaction: this block is one
        try:
            if self._defer is None:
                with self._server().batched(reads) as found:
                    yield found
                return
            found = self.rows_many(reads)
            holder = _Holding()
            held, self._writer = self._writer, lambda: holder
            try:
                yield found
            finally:
                self._writer = held
            if holder.statements:
                self._defer(holder.statements)
        finally:
            self._blind -= 1

    @property
    def in_transaction(self) -> bool:
        return self._depth > 0 or self._blind > 0

    def identity(self) -> str:
        return hashlib.sha256(f"{redact(self.sync_url)}\\0replica".encode()).hexdigest()[:16]

    def close(self) -> None:
        with self._lock:
            self._close_conn()


class _Holding:
    """Stands in for the server inside a deferred batched() block: keeps the statements."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list[Any]]] = []

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.statements.append((sql, [_plain(p) for p in params]))

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None:
        for params in seq:
            self.execute(sql, params)


if TYPE_CHECKING:  # mypy holds both classes to the protocol here, where neither names it as a base

    def _both_are_databases(file: FileDatabase, server: RemoteDatabase, replica: ReplicaDatabase) -> list[Database]:
        return [file, server, replica]
