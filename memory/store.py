"""Reading memory rows, and the few writes every other module shares."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

from memory import conversations, entities, names
from memory.db import Database, dicts_in, rows_in
from memory.errors import NotFound
from memory.models import Memory, title_for

# Statuses a normal recall may return ('archived' = a superseded decision, shown muted).
VISIBLE = ("active", "archived")
# The one predicate for rows that still count (everything but what was erased or refused): counts,
# embedding and the vector cache, decay. Use `live("m")` where the table has an alias.
LIVE = "status NOT IN ('forgotten','rejected')"
# Its complement, for reading the few rows that no longer count through the status index, and
# the same statuses for rows already read.
GONE = "status IN ('forgotten','rejected')"
GONE_STATUSES = frozenset(("forgotten", "rejected"))
# A version chain's past ('archived' = a superseded decision): text the person has moved on from. A
# capture in the same words states it again (A -> B -> A), it is not a duplicate of it.
HISTORY_STATUSES = frozenset(("superseded", "archived"))
HISTORY = "status IN ('superseded','archived')"


def live(alias: str = "") -> str:
    """LIVE for a table alias (`m.status NOT IN ...`)."""
    return f"{alias}.{LIVE}" if alias else LIVE


COLUMNS = (
    "id, content, memory_type, space, status, confidence, effective_confidence, stability, pinned, "
    "valid_from, valid_to, created_at, title, retrieval_cue, structured_fields, supersedes, superseded_by, "
    "supersede_mode, source, source_agent, access_count, last_accessed, embedding IS NOT NULL, near_duplicate_of"
)


def _memory(row: dict[str, Any], names: tuple[str, ...]) -> Memory:
    return Memory(
        id=row["id"],
        content=row["content"],
        memory_type=row["memory_type"],
        space=row["space"],
        status=row["status"],
        confidence=row["confidence"],
        effective_confidence=row["effective_confidence"],
        stability=row["stability"],
        pinned=bool(row["pinned"]),
        valid_from=row["valid_from"],
        valid_to=row["valid_to"],
        created_at=row["created_at"],
        title=row["title"],
        retrieval_cue=row["retrieval_cue"],
        fields=json.loads(row["structured_fields"] or "{}"),
        entities=names,
        supersedes=row["supersedes"],
        superseded_by=row["superseded_by"],
        supersede_mode=row["supersede_mode"],
        source=row["source"],
        source_agent=row["source_agent"],
        access_count=row["access_count"],
        last_accessed=row["last_accessed"],
        embedded=bool(row["embedding IS NOT NULL"]),
        near_duplicate_of=row["near_duplicate_of"],
    )


def get(db: Database, memory_id: str) -> Memory:
    row = db.one(f"SELECT {COLUMNS} FROM memories WHERE id = ?", (memory_id,))
    if row is None:
        raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
    return _memory(row, entities.of_memory(db, memory_id))


def get_many(db: Database, ids: list[str]) -> dict[str, Memory]:
    """Memories by id (missing ids are left out), entities included, in one round trip each."""
    if not ids:
        return {}
    rows = dicts_in(db, f"SELECT {COLUMNS} FROM memories WHERE id IN ({{marks}})", ids)
    names: dict[str, list[str]] = {}
    for mid, name in rows_in(
        db,
        "SELECT me.memory_id, e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
        "WHERE me.memory_id IN ({marks}) ORDER BY e.name",
        ids,
    ):
        names.setdefault(mid, []).append(name)
    return {r["id"]: _memory(r, tuple(names.get(r["id"], ()))) for r in rows}


def any_live(db: Database) -> bool:
    """Whether the home holds any memory that is not gone (one row read, not a count)."""
    return db.scalar(f"SELECT 1 FROM memories WHERE {LIVE} LIMIT 1") is not None


def counts(db: Database) -> dict[str, Any]:
    # One scan of idx_memories_status (status, space, memory_type) for the three breakdowns; three
    # GROUP BYs read it three times (about 200 ms of `quire status` at 100k memories).
    by_status: dict[str, int] = {}
    by_type: dict[str, int] = {}
    by_space: dict[str | None, int] = {}
    for status, space, mtype, n in db.rows(
        "SELECT status, space, memory_type, count(*) FROM memories GROUP BY 1, 2, 3"
    ):
        by_status[status] = by_status.get(status, 0) + int(n)
        if status not in GONE_STATUSES:
            by_type[mtype] = by_type.get(mtype, 0) + int(n)
            by_space[space] = by_space.get(space, 0) + int(n)
    return {
        "total": sum(by_status.values()),
        "by_status": {k: by_status[k] for k in sorted(by_status)},
        "by_type": {k: by_type[k] for k in sorted(by_type)},
        # SQL's order: no space (NULL) first
        "by_space": {
            (k or "uncategorized"): by_space[k] for k in sorted(by_space, key=lambda k: (k is not None, k or ""))
        },
        "pending_embed": int(db.scalar(f"SELECT count(*) FROM memories WHERE embedding IS NULL AND {LIVE}")),
        "rejected_captures": int(db.scalar("SELECT count(*) FROM rejected_captures")),
        "tombstones": int(db.scalar("SELECT count(*) FROM tombstones WHERE lifted_at IS NULL")),
        "entities": int(db.scalar("SELECT count(*) FROM entities")),
    }


def entity_counts(db: Database, *, limit: int = 200) -> dict[str, Any]:
    """How many entities there are, and the `limit` most named (by live memories), most named first."""
    # Every link counted from the link index, less the links of the few gone memories (read through
    # the status index): a join that checked each linked memory's status read 50k table rows at 100k.
    links = {int(e): int(n) for e, n in db.rows("SELECT entity_id, count(*) FROM memory_entities GROUP BY 1")}
    for e, n in db.rows(
        "SELECT me.entity_id, count(*) FROM memories m JOIN memory_entities me ON me.memory_id = m.id "
        f"WHERE m.{GONE} GROUP BY 1"
    ):
        links[int(e)] = links.get(int(e), 0) - int(n)
    everyone = db.rows("SELECT id, name, kind, name_key FROM entities")
    everyone.sort(key=lambda r: (-links.get(int(r[0]), 0), r[3]))
    shown = everyone[:limit]
    kinds = entity_kinds(db, [(int(r[0]), str(r[3]), str(r[2])) for r in shown])
    return {
        "total": len(everyone),
        "entities": [{"name": r[1], "kind": kinds.get(int(r[0])), "memories": links.get(int(r[0]), 0)} for r in shown],
    }


KIND_TEXTS = 8  # the newest live texts of an entity its kind is read from


def entity_kinds(db: Database, found: list[tuple[int, str, str]]) -> dict[int, str]:
    """What each (id, name key, stored kind) entity is, where the data says so: a person who spoke
    in a conversation between people; else the kind its memories' texts give the name ("Dr. Weber",
    "Brightline Labs", "in Porto": memory/names.py); else the kind stored for it. An entity nothing
    tells about has none (every entity was stored as "concept", a kind that said nothing)."""
    people = {entities.key(p) for p in conversations.people(db)} if found else set()
    texts: dict[int, list[str]] = {}
    for eid, content in rows_in(
        db,
        "SELECT me.entity_id, m.content FROM memory_entities me JOIN memories m ON m.id = me.memory_id "
        f"WHERE me.entity_id IN ({{marks}}) AND m.{LIVE} ORDER BY m.rowid DESC",
        [e for e, _, _ in found],
    ):
        kept = texts.setdefault(int(eid), [])
        if len(kept) < KIND_TEXTS:
            kept.append(str(content))
    out: dict[int, str] = {}
    for eid, key, stored in found:
        votes = Counter(
            n.kind for n in itertools.chain(*names.extract_all(texts.get(eid, []))) if entities.key(n.name) == key
        )
        votes.pop("thing", None)
        kind = "person" if key in people else votes.most_common(1)[0][0] if votes else stored
        if kind and kind != "concept":
            out[eid] = kind
    return out


def recent(
    db: Database, since: str, *, space: str | bool | None = False, types: list[str] | None = None, limit: int = 20
) -> list[dict[str, Any]]:
    """Memories created or changed at or after `since` (newest change first): what an agent asks
    for as "what changed this week". space=False: every space; None: the uncategorized ones.
    Forgotten and rejected rows are left out (their text is gone or was never kept)."""
    sql = (
        "SELECT id, content, memory_type AS type, space, status, created_at, updated_at, supersedes, superseded_by "
        f"FROM memories WHERE {LIVE} AND updated_at >= ?"
    )
    args: list[Any] = [since]
    if space is None:
        sql += " AND space IS NULL"
    elif isinstance(space, str):
        sql += " AND space = ?"
        args.append(space)
    if types:
        sql += f" AND memory_type IN ({', '.join('?' for _ in types)})"
        args += list(types)
    sql += " ORDER BY updated_at DESC, rowid DESC LIMIT ?"
    return db.dicts(sql, (*args, limit))


def export(
    db: Database, *, space: str | bool | None = False, leave_out: frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """Every current memory (status active), oldest first, as a line `quire import` takes back: its
    text, type, fields, space, entities, title (when not the one its text gives), source and
    valid_from, each as stored, so the same policy applied again changes nothing. Versions,
    trust (pins, confirms, reads) and a chat turn's place in its conversation stay behind.
    space=False: every space; None: the uncategorized ones; `leave_out`: ids not to give (forgotten
    on this device, not yet on the server)."""
    sql, args = "SELECT id FROM memories WHERE status = 'active'", []
    if space is None:
        sql += " AND space IS NULL"
    elif isinstance(space, str):
        sql, args = sql + " AND space = ?", [space]
    ids = [row[0] for row in db.rows(sql + " ORDER BY created_at, rowid", args) if row[0] not in leave_out]
    found = get_many(db, ids)
    return [_export_line(found[mid]) for mid in ids if mid in found]


def _export_line(m: Memory) -> dict[str, Any]:
    line: dict[str, Any] = {"content": m.content, "type": m.memory_type}
    line |= {"fields": m.fields} if m.fields else {}
    line |= {"space": m.space} if m.space else {}
    line |= {"entities": list(m.entities)} if m.entities else {}
    line |= {"title": m.title} if m.title != title_for(m.content) else {}
    line |= {"source": m.source} if m.source else {}
    return line | {"valid_from": m.valid_from}
