"""Stability tiers: what a memory type may do without a person, and how fast trust fades."""

from __future__ import annotations

from enum import StrEnum


class Tier(StrEnum):
    PROTECTED = "protected"  # identity, preference: never changed without a person
    STANDARD = "standard"  # fact, decision, lesson, gotcha: changes apply, unconfirmed
    EPHEMERAL = "ephemeral"  # untyped notes: changes apply silently


_TIER_OF = {
    "identity": Tier.PROTECTED,
    "preference": Tier.PROTECTED,
    "fact": Tier.STANDARD,
    "decision": Tier.STANDARD,
    "lesson": Tier.STANDARD,
    "gotcha": Tier.STANDARD,
    "note": Tier.EPHEMERAL,
}

CEILING = {Tier.PROTECTED: 0.90, Tier.STANDARD: 0.70, Tier.EPHEMERAL: 0.50}

# Per-day decay rates (wenlan decay.rs); 0 once confirmed or pinned.
DECAY_RATE = {Tier.PROTECTED: 0.001, Tier.STANDARD: 0.01, Tier.EPHEMERAL: 0.05}


def tier_of(memory_type: str) -> Tier:
    return _TIER_OF.get(memory_type, Tier.EPHEMERAL)


def confidence_for(memory_type: str, requested: float | None = None) -> float:
    """Store-time confidence: the caller's value clamped to the tier ceiling, else the ceiling."""
    ceiling = CEILING[tier_of(memory_type)]
    if requested is None:
        return ceiling
    return max(0.0, min(float(requested), ceiling))


def supersede_mode(memory_type: str) -> str:
    """Decisions keep their history visible (archive); everything else hides the old row."""
    return "archive" if memory_type == "decision" else "hide"
