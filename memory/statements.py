"""What the person's own memories state, by attribute: the `statements` table.

One row a (memory, attribute) that `memory.life.read` reads in a typed memory's content (identity,
preference or fact: "my first month as GPM" states role). Recall reads it as a channel of its own
(retrieval/recall.py `_stated`): a statement of the attribute a question asks is among the
candidates however far its vector and its words are from the question's. Recall's ranking reads
them too, in place of a typed candidate's text (`_says`: reading the text again compiled about 320
of the rules in a cold `quire recall` of a life question), while the rows are this quire's
reading (`current`); a memory of another type (a note, a chat turn) has no rows and its text is read.
Filled as the memory is typed, in the same transaction: a typed capture (memory/capture.py) and a
person's own chat turn or note read for their life (memory/correction.heard, with the reading it makes anyway); an edit
writes its rows again (memory/review.py), a forget deletes them (memory/erase.py,
memory/tombstones.py). Hidden memories (history, a dismissed change, another space, after an
as-of moment) keep their rows: recall's filter hides them, as it does in every channel.

The rows are the reading of the rules of the quire that wrote them. `READING` numbers that reading and
the home keeps the number its rows were read with (meta `statements_reading`); a rebuild (the nightly
job) whose quire reads with a newer one reads every live typed memory again (`reread`), in batches that
each commit with a cursor, so a killed run leaves each memory's rows old or new and the next one goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence

from memory import audit, meta
from memory.db import Database, execute_in, insert_many, rows_in

# The memory types a statement of the person's life is typed as (memory/life.TYPES, read here
# without importing the rules: a migration creates the table before anything reads it).
TYPES = ("identity", "preference", "fact")
_TYPED = "m.memory_type IN (" + ", ".join(f"'{t}'" for t in TYPES) + ")"

_LIVE = "m.status NOT IN ('forgotten', 'rejected')"  # memory.store.LIVE (store imports the rules)

_INSERT = "INSERT OR IGNORE INTO statements(memory_id, attribute) VALUES (?, ?)"

# The version of the reading the rows hold (what `memory.life.read` states of a text). Bump it with
# any change of the rules: tests/test_statements_reading.py recomputes a digest of them and fails
# naming this constant. A number, not a digest taken at run time: the devices of one server home can
# run different quires, and only an order tells the older one to leave the newer one's reading alone
# (each would otherwise read every memory again, with its own rules, every night).
READING = 31
_READ_KEY = "statements_reading"  # meta: the version every live typed memory's rows were read with
_CURSOR_KEY = "statements_rereading"  # meta: "<version> <rowid>", a re-read done up to that memory
BATCH = 500  # memories a batch: read outside the transaction, so its size costs the write lock nothing


def record(db: Database, found: Iterable[tuple[str, Iterable[str]]]) -> None:
    """Keep the attributes each memory states ((memory id, attributes), inside the caller's transaction)."""
    rows = sorted({(mid, attribute) for mid, attributes in found for attribute in attributes if attribute})
    if rows:
        insert_many(db, _INSERT, rows)


def rewrite(db: Database, memory_id: str, attributes: Iterable[str]) -> None:
    """A memory's attributes as its text now states them (its text was edited)."""
    drop(db, [memory_id])
    record(db, [(memory_id, attributes)])


def drop(db: Database, memory_ids: Sequence[str]) -> None:
    """Forget what the memories stated (a forget: the attribute names can hold names, "inès school")."""
    execute_in(db, "DELETE FROM statements WHERE memory_id IN ({marks})", list(memory_ids))


def of(db: Database, memory_id: str) -> list[str]:
    """The attributes a memory is recorded as stating, sorted."""
    return [str(r[0]) for r in db.rows("SELECT attribute FROM statements WHERE memory_id = ? ORDER BY 1", (memory_id,))]


def of_each(db: Database, memory_ids: Sequence[str]) -> dict[str, frozenset[str]]:
    """The attributes each of the memories is recorded as stating (one chunked read): every id asked
    for is in the answer, an empty set for one that states nothing (or has no rows at all)."""
    found: dict[str, set[str]] = {str(mid): set() for mid in memory_ids}
    for mid, attribute in rows_in(
        db, "SELECT memory_id, attribute FROM statements WHERE memory_id IN ({marks})", sorted(found)
    ):
        found[str(mid)].add(str(attribute))
    return {mid: frozenset(attributes) for mid, attributes in found.items()}


def newest(db: Database, wanted: Sequence[str], where: str, params: Sequence[object], limit: int) -> list[int]:
    """The rowids of the newest `limit` typed memories (by the time they were said, then stored) that
    state one of `wanted` and pass recall's filter `where` (over `memories m`, with `params`)."""
    if not wanted or limit <= 0:
        return []
    found = rows_in(
        db,
        "SELECT DISTINCT m.rowid, m.valid_from FROM statements s JOIN memories m ON m.id = s.memory_id "
        f"WHERE s.attribute IN ({{marks}}) AND {_TYPED} AND {where} ORDER BY m.valid_from DESC, m.rowid DESC LIMIT ?",
        sorted(set(wanted)),
        after=(*params, limit),
    )
    # (several chunks of attributes: each chunk's newest, merged)
    best = sorted({(str(when), int(rowid)) for rowid, when in found}, reverse=True)
    return [rowid for _, rowid in best[:limit]]


def attributes_ending(db: Database, suffix: str) -> list[str]:
    """The attributes the home's statements hold that end with `suffix` (" school": each child's school
    read by the child's name, "ava school"), for a question that asks them all ("the kids")."""
    rows = db.rows("SELECT DISTINCT attribute FROM statements WHERE attribute LIKE ?", ("%" + suffix,))
    return [str(attribute) for (attribute,) in rows]


def backfill(db: Database, read: Callable[[str], Iterable[str]], *, progress_from: int = 5000) -> int:
    """Record what every live typed memory states (a home made before the table: its migration),
    with progress on stderr past `progress_from` memories. Returns how many memories state something."""
    todo = db.rows(
        f"SELECT m.id, m.content FROM memories m WHERE {_TYPED} AND m.status NOT IN ('forgotten', 'rejected')"
    )
    shown = len(todo) >= progress_from
    stating = 0
    batch: list[tuple[str, Iterable[str]]] = []
    for i, (mid, content) in enumerate(todo, 1):
        said = tuple(read(str(content)))
        if said:
            stating += 1
            batch.append((str(mid), said))
        if len(batch) >= 500 or i == len(todo):
            record(db, batch)
            batch = []
        if shown and (i % 5000 == 0 or i == len(todo)):
            end = "\n" if i == len(todo) else ""
            print(f"\rreading what {len(todo)} memories state: {i}", end=end, file=sys.stderr, flush=True)
    return stating


# -- reading again with newer rules -------------------------------------------------------------


def recorded(db: Database) -> int:
    """The version of the reading the home's rows were read with (0: unknown, read before it was kept)."""
    value = meta.get(db, _READ_KEY) or ""
    return int(value) if value.isascii() and value.isdigit() else 0


def current(db: Database) -> bool:
    """Whether the home's rows are this quire's reading, so that a reader may take a typed memory's
    rows for what `memory.life.read` says of its text: not while a re-read with these rules is still
    due (some rows are the older rules'), nor after a newer quire's (another device of a server home:
    its rules read them)."""
    return recorded(db) == READING


def pending(db: Database, version: int = READING) -> int | None:
    """How many live typed memories a re-read with `version` has still to read (None: none is due,
    the home's reading is this one or a newer quire's)."""
    if recorded(db) >= version:
        return None
    after = _cursor(db, version)
    if after is None:
        return None
    return int(db.scalar(f"SELECT count(*) FROM memories m WHERE {_TYPED} AND {_LIVE} AND m.rowid > ?", (after,)))


def _cursor(db: Database, version: int) -> int | None:
    """Where a re-read with `version` goes on from (the rowid read last; 0: from the start). None while
    a newer quire's re-read is under way (another device of a server home: its rules win)."""
    return cursor(db, _CURSOR_KEY, version)


def cursor(db: Database, key: str, version: int) -> int | None:
    """Where a run over the memories with rules `version` goes on from, as meta `key` holds it ("<version>
    <rowid>": the rowid done last; 0: from the start, or a value this quire did not write). None while a
    newer quire's run is under way (another device of a server home: its rules win). Shared by the
    re-read here and the hearing again of memory/rehear.py."""
    value = meta.get(db, key) or ""
    kept, _, rowid = value.partition(" ")
    if not (kept.isascii() and kept.isdigit() and rowid.isascii() and rowid.isdigit()):
        return 0  # none, or not one this quire wrote: from the start
    if int(kept) > version:
        return None
    return int(rowid) if int(kept) == version else 0


def read_now(db: Database) -> None:
    """Record that every live typed memory's rows are this quire's reading (they were all just read)."""
    meta.put(db, _READ_KEY, str(READING))


def reread(
    db: Database,
    read: Callable[[str], Iterable[str]],
    *,
    version: int = READING,
    actor: str = "rebuild",
    batch: int = BATCH,
    progress_from: int = 5000,
) -> int | None:
    """Read what every live typed memory states again when the home's rows were read with an older
    version than `version` (one meta read when not): `batch` memories at a time, read outside any
    transaction and written in one that moves the cursor past them, so a run killed halfway leaves
    every memory's rows either old or new and the next run (on any device of a server home) goes on
    from there. The version is recorded when the last batch is done. Progress on stderr past
    `progress_from` memories. Returns how many memories were read (None: nothing was due)."""
    left = pending(db, version)
    if left is None:
        return None
    said = f"reading again what {left} memories state"
    return in_batches(lambda: _next(db, read, version, batch, actor), said if left >= progress_from else "")


def in_batches(step: Callable[[], int | None], said: str = "") -> int:
    """Run `step` (one batch: how many it did, None when the run is over) until the run is over; the
    count so far on stderr after `said` ("" for none) every 5,000. How many were done in all."""
    done = 0
    while (n := step()) is not None:
        done += n
        if said and done % 5000 < n:
            print(f"\r{said}: {done}", end="", file=sys.stderr, flush=True)
    if said:
        print(f"\r{said}: {done}", file=sys.stderr, flush=True)
    return done


_BATCH_SQL = (
    f"SELECT m.rowid, m.id, m.content FROM memories m WHERE {_TYPED} AND {_LIVE} AND m.rowid > ? "
    "ORDER BY m.rowid LIMIT ?"
)


def _next(db: Database, read: Callable[[str], Iterable[str]], version: int, size: int, actor: str) -> int | None:
    """One batch: the memories past the cursor read (outside a transaction: about 2 ms a chat turn, the
    write lock is not held for it), then written in one transaction that moves the cursor past them;
    the batch is taken in a transaction of its own (on a server home's replica, only a transaction
    reads the server: the replica's copy of the cursor could stay behind it, a batch taken for ever).
    Returns how many were written (0: another device moved the cursor meanwhile, so look again); None
    when the run is over: the version recorded, or a newer reading recorded or under way (another
    device's quire), which this quire's older rules leave alone."""
    with db.transaction():  # a short one, for the store as it is: a replica's own reads may be behind
        after = _cursor(db, version) if recorded(db) < version else None
        rows = db.rows(_BATCH_SQL, (after, size)) if after is not None else []
    if after is None:
        return None
    texts = {str(mid): str(content) for _, mid, content in rows}
    said = {mid: tuple(read(text)) for mid, text in texts.items()}
    with db.transaction():
        if recorded(db) >= version or _cursor(db, version) != after:
            return 0
        if not rows:
            meta.put(db, _READ_KEY, str(version))
            meta.drop(db, _CURSOR_KEY)
            audit.record(db, actor, "statements_reread", "store", "memories", reading=version)
            return None
        # as they are now: a memory forgotten meanwhile keeps no rows, one edited in place is read again
        now = rows_in(
            db,
            f"SELECT m.id, m.content FROM memories m WHERE m.id IN ({{marks}}) AND {_TYPED} AND {_LIVE}",
            list(texts),
        )
        fresh = [
            (str(mid), said[str(mid)] if texts[str(mid)] == str(content) else tuple(read(str(content))))
            for mid, content in now
        ]
        drop(db, [mid for mid, _ in fresh])
        record(db, fresh)
        meta.put(db, _CURSOR_KEY, f"{version} {int(rows[-1][0])}")
        return len(rows)
