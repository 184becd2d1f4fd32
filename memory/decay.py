"""Decay and trust: effective confidence fades with disuse, by tier; pin and confirm stop it.

    effective_confidence = confidence × 1/(1 + rate × days) × (1 + 0.1 × ln(1 + access_count))

`days` counts whole days from last_accessed, else created_at; `rate` per day comes from the tier
(`tiers.DECAY_RATE`: Protected 0.001, Standard 0.01, Ephemeral 0.05) and is 0 for a confirmed or
pinned memory. Hyperbolic, as in Wenlan: value halves after 1/rate days without use.

A turn imported from a conversation (it has a row in `session_turns`) decays at CONVERSATION_RATE,
the Protected rate, whatever its type: it is a record of what was said on a date, not a belief
that goes stale, so years of chats stay findable (what changed later is for supersede and as-of).
The clock starts at import (created_at), never at the message's own date.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memory import audit, clock, supersede, tiers
from memory.db import Database, dicts_in
from memory.errors import Forgotten, InvalidInput, NotFound, Superseded
from memory.store import LIVE

_DIGITS = 6  # stored precision: sub-micro changes are not worth a write
CONVERSATION_RATE = tiers.DECAY_RATE[tiers.Tier.PROTECTED]


@dataclass(frozen=True)
class DecayReport:
    scanned: int
    updated: int
    at: str

    def as_json(self) -> dict[str, Any]:
        return {"scanned": self.scanned, "updated": self.updated, "at": self.at}


@dataclass(frozen=True)
class TrustChange:
    """Outcome of pin / unpin / confirm: `changed` is False when it was already so."""

    memory_id: str
    changed: bool
    message: str
    effective_confidence: float


def rate_for(memory_type: str, *, confirmed: bool, pinned: bool) -> float:
    if confirmed or pinned:
        return 0.0
    return tiers.DECAY_RATE[tiers.tier_of(memory_type)]


def effective_confidence(confidence: float, rate: float, days: float, access_count: int) -> float:
    recency = 1.0 / (1.0 + rate * max(days, 0.0))
    access = 1.0 + 0.1 * math.log1p(max(access_count, 0))
    return confidence * recency * access


def _value(row: dict[str, Any], now: datetime) -> float:
    rate = rate_for(row["memory_type"], confirmed=row["stability"] == "confirmed", pinned=bool(row["pinned"]))
    if row.get("from_chat"):
        rate = min(rate, CONVERSATION_RATE)
    # Whole days: the value moves once a day, so two routes read a second apart show the same
    # figure (a fraction of a day moved the sixth digit between the CLI's and MCP's answers).
    days = math.floor(clock.days_between(row["last_accessed"] or row["created_at"], now))
    return effective_confidence(float(row["confidence"]), rate, days, int(row["access_count"] or 0))


_FIELDS = (
    "id, memory_type, confidence, effective_confidence, stability, pinned, last_accessed, created_at, access_count, "
    "EXISTS(SELECT 1 FROM session_turns st WHERE st.memory_id = memories.id) AS from_chat"
)


def current(db: Database, ids: list[str], seen: dict[str, tuple[int, str | None]] | None = None) -> dict[str, float]:
    """The effective confidence of each memory now, by the formula above, for every route to show
    alike: the stored column is what the last `decay` run (or pin, confirm, unpin) wrote, so a
    memory not used for a year showed its day-one value until the nightly run, and confirming it
    "changed" nothing. `seen`: id -> (access_count, last_accessed) as a recall hit shows them (the
    reads before its own, which a warm process may still hold unwritten), used instead of the row's."""
    now = clock.now()
    rows = dicts_in(db, f"SELECT {_FIELDS} FROM memories WHERE {LIVE} AND id IN ({{marks}})", ids) if ids else []
    for row in rows:
        if seen and row["id"] in seen:
            row["access_count"], row["last_accessed"] = seen[row["id"]]
    return {row["id"]: round(_value(row, now), _DIGITS) for row in rows}


def run(db: Database, *, actor: str) -> DecayReport:
    """Recompute effective_confidence for every live memory; one transaction, one audit row."""
    now = clock.now()
    with db.transaction():
        rows = db.dicts(f"SELECT {_FIELDS} FROM memories WHERE {LIVE}")
        changes = []
        for row in rows:
            value = round(_value(row, now), _DIGITS)
            if value != round(float(row["effective_confidence"]), _DIGITS):
                changes.append((value, row["id"]))
        if changes:
            db.executemany("UPDATE memories SET effective_confidence = ? WHERE id = ?", changes)
            audit.record(db, actor, "decay", "store", "memories", scanned=len(rows), updated=len(changes))
    return DecayReport(len(rows), len(changes), clock.iso(now))


def _refuse_replaced(db: Database, memory_id: str, action: str) -> None:
    """A pin or a confirm of a version a newer one replaced would vouch for what the person has
    since said otherwise, and change nothing recall shows: refused naming the current version, in
    the words an edit of it is refused in (memory.supersede). Unpinning one stays allowed."""
    found = supersede.replaced(db, memory_id)
    if found is not None:
        by, current = found
        raise Superseded(
            f"{supersede.replaced_words(memory_id, by, current)}; {action} {current} instead. Nothing was changed"
        )


# Why a memory cannot be pinned or confirmed, and what to do instead. Not "capture it again": a
# forgotten text's tombstone refuses it, and a rejected one was the person's call.
_NOT_CURRENT = {
    "pending_revision": "accept it with `quire curate` first",
    "forgotten": "it was forgotten on purpose and its text erased; find a current memory with `quire recall QUERY`",
    "rejected": "the person rejected it in review; find a current memory with `quire recall QUERY`",
}


def _set(
    db: Database,
    memory_id: str,
    *,
    actor: str,
    action: str,
    column: str,
    value: object,
    done: str,
    vouches: bool = False,
) -> TrustChange:
    """Set one trust column; `vouches` (pin, confirm): a replaced version is refused, in the same transaction."""
    with db.transaction():
        row = db.one(f"SELECT {_FIELDS}, status FROM memories WHERE id = ?", (memory_id,))
        if row is None:
            raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
        if row["status"] in _NOT_CURRENT:
            error = Forgotten if row["status"] == "forgotten" else InvalidInput
            raise error(f"{memory_id} is {row['status']}; {_NOT_CURRENT[row['status']]}")
        if vouches:
            _refuse_replaced(db, memory_id, action)
        if row[column] == value:
            return TrustChange(memory_id, False, f"{memory_id} was already {done}", float(row["effective_confidence"]))
        row[column] = value
        eff = round(_value(row, clock.now()), _DIGITS)
        db.execute(
            f"UPDATE memories SET {column} = ?, effective_confidence = ?, updated_at = ?, version = version + 1 "
            "WHERE id = ?",
            (value, eff, clock.now_iso(), memory_id),
        )
        audit.record(db, actor, action, "memory", memory_id, effective_confidence=round(eff, 6))
    return TrustChange(memory_id, True, f"{memory_id} {done} (effective confidence {eff:.3f})", eff)


def pin(db: Database, memory_id: str, *, actor: str) -> TrustChange:
    """Pinned memories never decay."""
    return _set(db, memory_id, actor=actor, action="pin", column="pinned", value=1, done="pinned", vouches=True)


def unpin(db: Database, memory_id: str, *, actor: str) -> TrustChange:
    return _set(db, memory_id, actor=actor, action="unpin", column="pinned", value=0, done="unpinned")


def confirm(db: Database, memory_id: str, *, actor: str) -> TrustChange:
    """A person vouches for the memory: stability 'confirmed', no more decay."""
    return _set(
        db,
        memory_id,
        actor=actor,
        action="confirm",
        column="stability",
        value="confirmed",
        done="confirmed",
        vouches=True,
    )
