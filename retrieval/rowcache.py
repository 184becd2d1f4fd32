"""The rows a warm process has read for recall, kept while the store is as it was.

Recall reads a hundred candidate rows a query, with their conversation places, and a warm process
(`quire serve`, the eval harness, a library caller) meets the same rows again and again. It keeps
them per database while memory/db.CHANGES_SQL, read first by every recall, gives what it gave
when they were read: a commit by another process or connection, or any row this connection
writes, empties the cache (the statement runs only when the WAL index moved: memory/db.py
`FileDatabase.change_counters`). The one write it outlives is recall's own access count (`counted`):
that changes only access_count and last_accessed, which no kept row holds, and adds one audit row,
so the pair it leaves behind is known (memory/access.py tells it, written at once or behind).

The kept row dicts are handed to every recall that meets them again: a reader copies one before
it changes it (as `_present` does with what a hit shows).

A small home is read whole once the store has stood still for a few recalls (a warm process that
answers query after query): every row with its place in one read, then each filter's rowids in one
more; from then on a recall at the same state reads no candidate row at all (at 10k memories 40%
of a query's ~200 candidates were new to the cache, 0.5 ms a recall; the whole read costs about
40 ms). A store that moves drops it with everything else, and `Payback` keeps a process that writes
between every few recalls from paying for whole reads it never earns back.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from memory import access, payback, textcache
from memory.db import CHANGES_SQL, Database, tracks_changes
from memory.payback import Payback

# Rows kept per database, all filters together (about 1 kB each with their content); the oldest
# go first. A 20k-memory home fits; a bigger one keeps what its recent queries met.
ROWS_MAX = 20_000
# Read whole: homes whose rowids stay below this (about 1 kB a row held), when `Payback` says so
# (the recalls before read their candidates as usual).
WHOLE_ROWS_MAX = 20_000
WHOLE_AFTER = payback.FIRST  # the recall at one state that reads whole, to begin with (`Payback`)
# Rows read whole that one later recall earns back: ~4 us a row to read, ~0.4 ms of candidate
# reads spared a recall (10k memories).
ROWS_A_RECALL_EARNS = 100


Filter = tuple[str, tuple[Any, ...]]
Place = tuple[str, int, bool]


Entry = tuple[dict[str, Any], Place | None]  # a row and its conversation place
# The rows a filter admits by rowid, the places of those that are conversation turns by memory id,
# the rowids of those turns, and a mask by rowid of the rows admitted (True: admitted; a rowid past
# its end is not): a byte a rowid, which a recall reads its candidates' admission from after its
# vector scan has left the rows' dict out of the CPU's caches (50 candidates: 25 -> 6 us).
Admitted = tuple[dict[int, dict[str, Any]], dict[str, Place], frozenset[int], np.ndarray]


def _admitted(every: dict[int, Entry], rowids: frozenset[int]) -> Admitted:
    rows, placed, turns = {}, {}, []
    for rowid, (row, place) in every.items():
        if rowid in rowids:
            rows[rowid] = row
            if place is not None:
                placed[row["id"]] = place
                turns.append(rowid)
    mask = np.zeros(max(every, default=0) + 1, dtype=bool)
    mask[list(rows)] = True
    return rows, placed, frozenset(turns), mask


@dataclass
class RowCache:
    """One database's candidate rows per filter, each with its place (None: it failed the filter)."""

    token: tuple[Any, ...] | None = None
    rows: dict[Filter, dict[int, Entry | None]] = field(default_factory=dict)
    size: int = 0
    first: tuple[Any, ...] | None = None  # recall's first reads at `token`
    memos: dict[str, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    payback: Payback = field(default_factory=Payback)  # recalls at `token`, and when to read the home whole
    every: dict[int, Entry] | None = None  # every row of a home read whole at `token` (see `whole_due`)
    # With `every`: each filter's admitted rows by rowid and the places of those in a conversation
    # by memory id, made once a filter (a recall takes both as they are: `Admitted`).
    admitted: dict[Filter, Admitted] = field(default_factory=dict)
    made: Any = None  # with `every`: what the reader made of all of its rows at once (recall: fusion's arrays)

    def at(self, token: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """Start a recall at `token` (the row of CHANGES_SQL): a moved store drops everything kept;
        the first reads of the recall before when it did not move (see `ends`)."""
        with self.lock:
            if token != self.token:
                self._empty(token)
                self.payback.moved()
            self.payback.use()
            return self.first

    def drop(self) -> None:
        """Keep nothing read so far (a memory was forgotten: memory/textcache.py)."""
        with self.lock:
            self._empty(None)

    def _empty(self, token: tuple[Any, ...] | None) -> None:
        self.token, self.size, self.first, self.every, self.made = token, 0, None, None, None
        self.rows.clear()
        self.memos.clear()
        self.admitted.clear()

    def whole_due(self, token: tuple[Any, ...], where: Filter, corpus: int | None) -> tuple[bool, bool]:
        """(read every row now, read the rowids `where` admits now): a home of at most WHOLE_ROWS_MAX
        rowids (`corpus`, the highest), when `Payback` says so at an unchanged `token`."""
        with self.lock:
            if token != self.token or corpus is None or corpus > WHOLE_ROWS_MAX:
                return False, False
            if self.every is None:
                return self.payback.due(), self.payback.due()
            return False, where not in self.admitted

    def fill(
        self,
        token: tuple[Any, ...],
        every: dict[int, Entry] | None,
        where: Filter,
        admitted: frozenset[int] | None,
        made: Any = None,
    ) -> None:
        """Keep every row of the home (with `made`, what the reader made of them) and the rowids
        `where` admits, read at `token` (either may be None: read before)."""
        with self.lock:
            if token != self.token:
                return
            if every is not None:
                self.every, self.made = every, made
                self.payback.read(worth=len(every) // ROWS_A_RECALL_EARNS)
            if admitted is not None and self.every is not None:
                self.admitted[where] = _admitted(self.every, admitted)

    def ends(self, token: tuple[Any, ...], first: tuple[Any, ...]) -> None:
        """Keep what recall's first reads gave at `token` (the change logs' ends, the corpus size,
        the lexical index's state): while the store does not move, neither do they."""
        with self.lock:
            if token == self.token:
                self.first = first

    def whole(
        self, where: Filter
    ) -> tuple[dict[int, dict[str, Any]], dict[str, Place], frozenset[int], np.ndarray, Any] | None:
        """(the rows `where` admits, their places, the rowids of those turns, their mask by rowid, what
        the reader made of every row) of a home read whole at this token, else None. Shared by every
        recall at this token: read, never change."""
        with self.lock:
            admitted = self.admitted.get(where)
            return (*admitted, self.made) if admitted is not None and self.every is not None else None

    def split(self, where: Filter, rowids: list[int]) -> tuple[dict[int, Entry | None], list[int]]:
        """(the kept entries of `rowids` under `where`; the rowids not kept)."""
        kept = self.rows.get(where, {})
        found = {r: kept[r] for r in rowids if r in kept}
        return found, [r for r in rowids if r not in found]

    def keep(
        self,
        token: tuple[Any, ...],
        where: Filter,
        read: list[int],
        found: list[dict[str, Any]],
        places: dict[str, Place],
    ) -> None:
        """Keep what one read of `read` under `where` gave (`found`, with the places of its ids),
        unless the store moved since `token`."""
        with self.lock:
            if token != self.token:
                return
            kept = self.rows.setdefault(where, {})
            got = {row["rowid"]: row for row in found}
            for r in read:
                row = got.get(r)
                kept[r] = None if row is None else (row, places.get(row["id"]))
            self.size += len(read)
            if self.size > ROWS_MAX:
                for entries in self.rows.values():
                    while entries and self.size > ROWS_MAX * 3 // 4:
                        del entries[next(iter(entries))]
                        self.size -= 1

    def memo(self, token: tuple[Any, ...], key: str, read: Callable[[], Any]) -> Any:
        """What `read` gives, read once while the store stays at `token` (a read that does not
        depend on the query: the open life changes, whether a table holds any row)."""
        with self.lock:
            if token == self.token and key in self.memos:
                return self.memos[key]
        value = read()
        with self.lock:
            if token == self.token:
                self.memos[key] = value
        return value

    def counted(self, before: tuple[Any, ...], changes: int, rows: dict[int, tuple[int, str]] | None) -> None:
        """Access counts were written (memory/access.py: recall's own, at once or behind): `changes`
        changes after `before`, the row of CHANGES_SQL read just before in the same hold of the
        connection. The kept rows still hold; those of a home read whole count it as the store does
        (`rows`: rowid -> (accesses added, time); None: which rows is not known, read whole again)."""
        with self.lock:
            if before != self.token:
                return
            self.token = (before[0], before[1] + changes)
            if rows is None:
                self.every, self.made = None, None
                self.admitted.clear()
            every = self.every or {}
            for rowid, (added, at) in (rows or {}).items():
                entry = every.get(rowid)
                if entry is not None and "access_count" in entry[0]:
                    entry[0]["access_count"] += added
                    entry[0]["last_accessed"] = at


_caches: weakref.WeakKeyDictionary[Database, RowCache] = weakref.WeakKeyDictionary()


def _drop_all() -> None:
    # Emptied in place: access.listen holds each cache (a new one per drop would pile up there).
    for cache in list(_caches.values()):
        cache.drop()


textcache.on_drop(_drop_all)  # a forget: no row read before it is kept (memory/textcache.py)


def of(db: Database) -> RowCache | None:
    """The cache of `db`, or None when its changes cannot be told (memory/db.py, tracks_changes)."""
    if not tracks_changes(db):
        return None
    cache = _caches.get(db)
    if cache is None:
        cache = _caches.setdefault(db, RowCache())
        access.listen(db, cache.counted)
    return cache


def query() -> tuple[str, tuple[Any, ...]]:
    """The read that says whether the store moved (for a batch of reads)."""
    return CHANGES_SQL, ()
