"""Reading memory rows, and the few writes every other module shares."""

from __future__ import annotations

import json
from typing import Any

from memory import entities
from memory.db import Database, dicts_in, rows_in
from memory.errors import NotFound
from memory.models import Memory

# Statuses a normal recall may return ('archived' = a superseded decision, shown muted).
VISIBLE = ("active", "archived")
# The one predicate for rows that still count (everything but what was erased or refused): counts,
# embedding and the vector cache, decay. Use `live("m")` where the table has an alias.
LIVE = "status NOT IN ('forgotten','rejected')"


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


def counts(db: Database) -> dict[str, Any]:
    def by(col: str) -> dict[str, int]:
        return {
            (k if k is not None else "uncategorized"): int(n)
            for k, n in db.rows(f"SELECT {col}, count(*) FROM memories GROUP BY {col} ORDER BY {col}")
        }

    return {
        "total": int(db.scalar("SELECT count(*) FROM memories")),
        "by_status": by("status"),
        "by_type": {
            k: int(n)
            for k, n in db.rows(f"SELECT memory_type, count(*) FROM memories WHERE {LIVE} GROUP BY 1 ORDER BY 1")
        },
        "by_space": {
            (k or "uncategorized"): int(n)
            for k, n in db.rows(f"SELECT space, count(*) FROM memories WHERE {LIVE} GROUP BY 1 ORDER BY 1")
        },
        "pending_embed": int(db.scalar(f"SELECT count(*) FROM memories WHERE embedding IS NULL AND {LIVE}")),
        "rejected_captures": int(db.scalar("SELECT count(*) FROM rejected_captures")),
        "tombstones": int(db.scalar("SELECT count(*) FROM tombstones WHERE lifted_at IS NULL")),
        "entities": int(db.scalar("SELECT count(*) FROM entities")),
    }


def entity_counts(db: Database, *, limit: int = 200) -> dict[str, Any]:
    """How many entities there are, and the `limit` most named (by live memories), most named first."""
    rows = db.dicts(
        "SELECT e.name, e.kind, count(m.id) AS memories FROM entities e "
        "LEFT JOIN memory_entities me ON me.entity_id = e.id "
        f"LEFT JOIN memories m ON m.id = me.memory_id AND {live('m')} "
        "GROUP BY e.id ORDER BY memories DESC, e.name_key LIMIT ?",
        (limit,),
    )
    return {
        "total": int(db.scalar("SELECT count(*) FROM entities")),
        "entities": [{"name": r["name"], "kind": r["kind"], "memories": int(r["memories"])} for r in rows],
    }


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
