"""What the person's own memories state, by attribute: the `statements` table.

One row a (memory, attribute) that `memory.life.read` reads in a typed memory's content (identity,
preference or fact: "my first month as GPM" states role). Recall reads it as a channel of its own
(retrieval/recall.py `_stated`): a statement of the attribute a question asks is among the
candidates however far its vector and its words are from the question's. Filled as the memory is
typed, in the same transaction: a typed capture (memory/capture.py) and a person's own chat turn or
note read for their life (memory/correction.heard, with the reading it makes anyway); an edit
writes its rows again (memory/review.py), a forget deletes them (memory/erase.py,
memory/tombstones.py). Hidden memories (history, a dismissed change, another space, after an
as-of moment) keep their rows: recall's filter hides them, as it does in every channel.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence

from memory.db import Database, execute_in, insert_many, rows_in

# The memory types a statement of the person's life is typed as (memory/life.TYPES, read here
# without importing the rules: a migration creates the table before anything reads it).
TYPES = ("identity", "preference", "fact")
_TYPED = "m.memory_type IN (" + ", ".join(f"'{t}'" for t in TYPES) + ")"

_INSERT = "INSERT OR IGNORE INTO statements(memory_id, attribute) VALUES (?, ?)"


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
