"""A memory's version chain: what it replaced, what replaced it, and proposals around it.

The chain is every memory reachable through `supersedes` / `superseded_by` in either direction
(pending and rejected revisions included), in valid-time order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memory import review
from memory.db import Database, dicts_in
from memory.errors import NotFound

MAX_CHAIN = 500


@dataclass(frozen=True)
class Version:
    id: str
    memory_type: str
    status: str
    stability: str
    content: str
    valid_from: str
    valid_to: str | None
    created_at: str
    supersedes: str | None
    superseded_by: str | None
    source_agent: str
    reviews: tuple[tuple[int, str, str], ...] = ()  # (item id, kind, status)
    captured: str | None = None  # the text as captured, when a person edited it at review

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.memory_type,
            "status": self.status,
            "stability": self.stability,
            "content": self.content,
            "valid_from": self.valid_from,
            "valid_to": self.valid_to,
            "created_at": self.created_at,
            "supersedes": self.supersedes,
            "superseded_by": self.superseded_by,
            "source_agent": self.source_agent,
            "reviews": [{"id": i, "kind": k, "status": s} for i, k, s in self.reviews],
            "captured": self.captured,
        }


@dataclass(frozen=True)
class History:
    focus: str
    versions: tuple[Version, ...]

    @property
    def current(self) -> str | None:
        """The chain's current version (active), if any."""
        return next((v.id for v in reversed(self.versions) if v.status == "active"), None)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.focus, "current": self.current, "versions": [v.as_json() for v in self.versions]}


_FIELDS = (
    "id, memory_type, status, stability, content, valid_from, valid_to, created_at, supersedes, superseded_by, "
    "source_agent"
)


def chain(db: Database, memory_id: str) -> History:
    """Every version linked to `memory_id`, oldest valid_from first."""
    if db.scalar("SELECT 1 FROM memories WHERE id = ?", (memory_id,)) is None:
        raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
    rows: dict[str, dict[str, Any]] = {}
    asked: set[str] = set()
    frontier = {memory_id}
    while frontier and len(rows) < MAX_CHAIN:
        ids = sorted(frontier)
        asked |= frontier
        found = dicts_in(
            db,
            f"SELECT rowid AS seq, {_FIELDS} FROM memories "
            "WHERE id IN ({marks}) OR supersedes IN ({marks}) OR superseded_by IN ({marks})",
            ids,
        )
        frontier = set()
        for row in found:
            if row["id"] in rows:
                continue
            rows[row["id"]] = row
            frontier |= {x for x in (row["id"], row["supersedes"], row["superseded_by"]) if x} - asked
    versions = []
    for row in sorted(rows.values(), key=lambda r: (r["valid_from"], r["created_at"], r["seq"])):
        items = review.items_for_memory(db, row["id"])
        reviews = tuple((i.id, i.kind, i.status) for i in items)
        captured = review.captured_text(items, row["id"])
        versions.append(Version(**{k: v for k, v in row.items() if k != "seq"}, reviews=reviews, captured=captured))
    return History(memory_id, tuple(versions))
