"""Access counts a warm process writes behind: recall's bookkeeping, a batch at a time.

Every recall counts an access on its hits (memories.access_count and last_accessed, one audit row
with the query). Written at once that is a write transaction per recall: 0.37 ms of a 2-3 ms
warm recall at 10k memories, and about 40 kB of WAL, since every hit's row carries its embedding.
A warm process (`quire serve`, `quire mcp`, which call `enable`) keeps the counts here instead and
writes them in one transaction when FLUSH_RECALLS recalls wait or the oldest has waited
FLUSH_SECONDS (checked as each recall adds its own), before any other operation runs, and when
the session closes. Each audit row keeps its recall's time, actor and query; last_accessed is
the latest recall's time. What a hit shows counts what waits here, so an answer reads as if each
count had been written at once. A process killed before it writes loses the counts that waited
(bookkeeping, never a memory). A query that waited while a memory was forgotten (by another
process: this one writes before it forgets) is written as tombstones.FORGOTTEN, as forget leaves a
recall's query: the forgotten text can leave no copy here.

Only a store file whose changes this process can tell (memory/db.tracks_changes): a server home's
replica already keeps its reads' writes in the outbox (memory/session.py).
"""

from __future__ import annotations

import json
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from memory import audit
from memory.db import CHANGES_SQL, Database, FileDatabase, execute_in
from memory.tombstones import FORGOTTEN

FLUSH_RECALLS = 32
FLUSH_SECONDS = 2.0
WAITING_MAX = 10_000  # recalls kept while writes fail (a locked or read-only store); the oldest go first

# Each recall's own statement, as recall writes it at once, in the order they ran (so the latest
# time is what stays): one statement a recall over its ten hits took 0.08 ms a row where one a row
# took 0.04-0.1 ms each (the statement's own cost); an id whose row is gone changes nothing.
_COUNT_SQL = "UPDATE memories SET access_count = access_count + 1, last_accessed = ? WHERE id IN ({marks})"


@dataclass(frozen=True)
class Waiting:
    """One recall's count: its hits (ids, and rowids where known: None each otherwise), query, actor, time."""

    ids: tuple[str, ...]
    rowids: tuple[int | None, ...]
    query: str  # as the audit row keeps it (redacted and cut by the caller)
    actor: str
    at: str
    since: float = field(default_factory=time.monotonic)


# What a write of the waiting counts tells a cache of the store's rows (retrieval/rowcache.py):
# the store's change counters read just before it, the changes it made, and per rowid the count
# added and the time (None: a count was written for a row whose rowid was not known).
Listener = Callable[[tuple[Any, ...], int, dict[int, tuple[int, str]] | None], None]


@dataclass
class Behind:
    """One database's waiting counts."""

    waiting: list[Waiting] = field(default_factory=list)
    counts: dict[str, tuple[int, str]] = field(default_factory=dict)  # id -> (recalls waiting, latest time)
    listeners: list[Listener] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, entry: Waiting) -> bool:
        """Keep one recall's count; True when it is time to write (see the module's docstring)."""
        with self.lock:
            self.waiting.append(entry)
            for mid in entry.ids:
                n, last = self.counts.get(mid, (0, ""))
                self.counts[mid] = (n + 1, max(last, entry.at))
            while len(self.waiting) > WAITING_MAX:
                self._forget(self.waiting.pop(0))
            return len(self.waiting) >= FLUSH_RECALLS or time.monotonic() - self.waiting[0].since >= FLUSH_SECONDS

    def pending(self, ids: list[str]) -> dict[str, tuple[int, str]]:
        """id -> (counts waiting, the latest recall's time), for those of `ids` that wait."""
        with self.lock:
            return {mid: self.counts[mid] for mid in ids if mid in self.counts}

    def take(self) -> list[Waiting]:
        with self.lock:
            taken, self.waiting, self.counts = self.waiting, [], {}
            return taken

    def give_back(self, entries: list[Waiting]) -> None:
        """Entries a failed write took: waiting again, before anything added since."""
        with self.lock:
            later, self.waiting = self.waiting, []
            self.counts = {}
            for entry in [*entries, *later][-WAITING_MAX:]:
                self.waiting.append(entry)
                for mid in entry.ids:
                    n, last = self.counts.get(mid, (0, ""))
                    self.counts[mid] = (n + 1, max(last, entry.at))

    def _forget(self, entry: Waiting) -> None:
        for mid in entry.ids:
            n, last = self.counts[mid]
            if n <= 1:
                del self.counts[mid]
            else:
                self.counts[mid] = (n - 1, last)


_behind: weakref.WeakKeyDictionary[Database, Behind] = weakref.WeakKeyDictionary()
_listeners: weakref.WeakKeyDictionary[Database, list[Listener]] = weakref.WeakKeyDictionary()


def enable(db: Database) -> None:
    """Write `db`'s access counts behind from now on (a store file only; see the module's docstring)."""
    if isinstance(db, FileDatabase):
        _behind.setdefault(db, Behind())


def of(db: Database) -> Behind | None:
    """The waiting counts of `db` when they are written behind, else None (recall writes at once)."""
    return _behind.get(db)


def listen(db: Database, listener: Listener) -> None:
    """Call `listener` after every write of `db`'s counts, this module's and recall's own."""
    found = _listeners.setdefault(db, [])
    if listener not in found:
        found.append(listener)


def tell(db: Database, before: tuple[Any, ...], changes: int, counted: dict[int, tuple[int, str]] | None) -> None:
    """Tell the listeners of `db` that a write of access counts made `changes` changes after `before`."""
    for listener in list(_listeners.get(db, ())):
        listener(before, changes, counted)


def flush(db: Database) -> int:
    """Write every count waiting for `db` in one transaction; how many recalls' counts were written.
    A write that fails leaves them waiting (and raises)."""
    behind = _behind.get(db)
    entries = behind.take() if behind is not None else []
    if behind is None or not entries:
        return 0
    try:
        before, per_id = _write(db, entries)
    except BaseException:
        behind.give_back(entries)
        raise
    counted: dict[int, tuple[int, str]] | None = {}
    for entry in entries:
        for mid, rowid in zip(entry.ids, entry.rowids, strict=True):
            if rowid is None or counted is None:
                counted = None  # a row whose rowid is not known: a cache of the rows cannot follow
                break
            counted[rowid] = per_id[mid]
    tell(db, before, sum(len(entry.ids) for entry in entries) + len(entries), counted)  # rows updated, audit rows
    return len(entries)


def _write(db: Database, entries: list[Waiting]) -> tuple[tuple[Any, ...], dict[str, tuple[int, str]]]:
    """The counts and their audit rows in one transaction; (the change counters just before, id ->
    (count, latest time))."""
    per_id: dict[str, tuple[int, str]] = {}
    for entry in entries:
        for mid in entry.ids:
            n, last = per_id.get(mid, (0, ""))
            per_id[mid] = (n + 1, max(last, entry.at))
    with db.batched([(CHANGES_SQL, ()), ("SELECT max(created_at) FROM tombstones", ())]) as found:
        forgotten = found[1][0][0] or ""
        for entry in entries:
            execute_in(db, _COUNT_SQL, list(entry.ids), before=(entry.at,))
        audit.record_many(db, [_audit_row(e, forgotten) for e in entries])
    return tuple(found[0][0]), per_id


def settle_deferred(statements: list[list[Any]], forgotten: str) -> list[list[Any]]:
    """A replica read's deferred bookkeeping (memory/session.py) as the server may take it now:
    the query of a recall made before the latest forget (`forgotten`: the newest tombstone's time)
    written as FORGOTTEN, the rule `_audit_row` keeps for counts written behind. Queued on a
    device while another forgot what it found, it landed with its words beside the memory's id."""
    out = []
    for sql, params in statements:
        if sql == audit.INSERT_SQL and len(params) == 6 and params[2] == "recall_access" and forgotten >= params[0]:
            detail = json.loads(params[5])
            if detail.get("query"):
                detail["query"] = FORGOTTEN
                params = [*params[:5], json.dumps(detail, sort_keys=True, default=str)]
        out.append([sql, params])
    return out


def _audit_row(entry: Waiting, forgotten: str) -> tuple[str, ...]:
    # A memory forgotten since this recall (its tombstone is as new or newer): the query may hold its words.
    query = FORGOTTEN if entry.query and forgotten >= entry.at else entry.query
    values = audit.row(entry.actor, "recall_access", "memory", entry.ids[0], ids=list(entry.ids), query=query)
    return (entry.at, *values[1:])
