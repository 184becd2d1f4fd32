"""Forget and tombstones: a forgotten or dismissed memory's fingerprint blocks it from coming back.

The fingerprint is the memory's normalised-content hash (`memories.content_hash`), so a later
capture or import of the same text is refused as `tombstoned` (capture.py checks it) until a
person lifts the tombstone. Lifting never un-forgets the memory: it only lets the text be
captured again. Capture never lifts a tombstone, and agents cannot lift one at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory import audit, clock, gate
from memory.db import Database
from memory.errors import InvalidInput, NotFound

LIFTERS = ("cli", "person")  # only a person at the keyboard lifts a tombstone
PREVIEW_CHARS = 80


@dataclass(frozen=True)
class Tombstone:
    id: int
    fingerprint: str
    memory_id: str | None
    kind: str
    reason: str
    preview: str
    created_at: str
    created_by: str
    lifted_at: str | None
    lifted_by: str | None

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "fingerprint": self.fingerprint,
            "memory_id": self.memory_id,
            "kind": self.kind,
            "reason": self.reason,
            "preview": self.preview,
            "created_at": self.created_at,
            "created_by": self.created_by,
            "lifted_at": self.lifted_at,
            "lifted_by": self.lifted_by,
        }


@dataclass(frozen=True)
class Change:
    """Outcome of forget / lift: `changed` is False when it was already so."""

    changed: bool
    message: str
    tombstone_id: int | None = None


_COLUMNS = "id, fingerprint, memory_id, kind, reason, preview, created_at, created_by, lifted_at, lifted_by"


def _preview(content: str) -> str:
    text = " ".join(gate.redact(content).split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"


def add(db: Database, memory_id: str, *, kind: str, reason: str, actor: str) -> int:
    """Tombstone a memory's fingerprint (reusing a live tombstone for it); returns the tombstone id."""
    row = db.one("SELECT content, content_hash FROM memories WHERE id = ?", (memory_id,))
    if row is None:
        raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
    with db.transaction():
        live = db.scalar(
            "SELECT id FROM tombstones WHERE fingerprint = ? AND lifted_at IS NULL", (row["content_hash"],)
        )
        if live is not None:
            return int(live)
        tomb = int(
            db.execute(
                "INSERT INTO tombstones(fingerprint, memory_id, kind, reason, preview, created_at, created_by) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (row["content_hash"], memory_id, kind, reason, _preview(row["content"]), clock.now_iso(), actor),
            )
        )
        audit.record(
            db,
            actor,
            "tombstone",
            "tombstone",
            str(tomb),
            memory_id=memory_id,
            kind=kind,
            fingerprint=row["content_hash"],
        )
    return tomb


def forget(db: Database, memory_id: str, *, actor: str, reason: str = "") -> Change:
    """Mark a memory forgotten (out of FTS, vectors, graph, pages) and tombstone its content."""
    from memory import review

    with db.transaction():
        row = db.one("SELECT status, content_hash FROM memories WHERE id = ?", (memory_id,))
        if row is None:
            raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
        live = db.scalar(
            "SELECT id FROM tombstones WHERE fingerprint = ? AND lifted_at IS NULL", (row["content_hash"],)
        )
        if row["status"] == "forgotten" and live is not None:
            return Change(False, f"{memory_id} was already forgotten (tombstone {live})", int(live))
        if row["status"] != "forgotten":
            # The embedding goes too: a forgotten memory must not come back through any vector path.
            db.execute(
                "UPDATE memories SET status = 'forgotten', embedding = NULL, embed_model = NULL, updated_at = ?, "
                "version = version + 1 WHERE id = ?",
                (clock.now_iso(), memory_id),
            )
            audit.record(db, actor, "forget", "memory", memory_id, reason=reason, was=row["status"])
        tomb = add(db, memory_id, kind="forget", reason=reason, actor=actor)
        closed = review.close_for_forgotten(db, memory_id, actor=actor)
    extra = f"; closed review item(s) {', '.join(map(str, closed))}" if closed else ""
    return Change(
        True,
        f"forgot {memory_id}; tombstone {tomb} refuses the same text from now on "
        f"(undo with `quire tombstones lift {tomb}`){extra}",
        tomb,
    )


def lift(db: Database, tombstone_id: int, *, actor: str) -> Change:
    """Let the tombstoned text be captured again (the forgotten memory stays forgotten)."""
    if actor not in LIFTERS:
        raise InvalidInput(
            f"only a person can lift a tombstone (actor {actor!r}); run `quire tombstones lift {tombstone_id}`"
        )
    with db.transaction():
        row = db.one(f"SELECT {_COLUMNS} FROM tombstones WHERE id = ?", (int(tombstone_id),))
        if row is None:
            raise NotFound(f"no tombstone {tombstone_id}; list them with `quire tombstones list`")
        if row["lifted_at"]:
            return Change(
                False,
                f"tombstone {tombstone_id} was already lifted ({row['lifted_at']} by {row['lifted_by']})",
                int(tombstone_id),
            )
        db.execute(
            "UPDATE tombstones SET lifted_at = ?, lifted_by = ? WHERE id = ?",
            (clock.now_iso(), actor, int(tombstone_id)),
        )
        audit.record(db, actor, "lift", "tombstone", str(tombstone_id), memory_id=row["memory_id"])
    return Change(
        True,
        f"lifted tombstone {tombstone_id}: the same text may be captured again "
        f"({row['memory_id'] or 'the memory'} stays forgotten)",
        int(tombstone_id),
    )


def all_tombstones(db: Database, *, include_lifted: bool = False) -> list[Tombstone]:
    where = "" if include_lifted else "WHERE lifted_at IS NULL"
    return [Tombstone(**r) for r in db.dicts(f"SELECT {_COLUMNS} FROM tombstones {where} ORDER BY id")]
