"""Supersede and contradiction rules (filled in by the correction/curation work)."""

from __future__ import annotations

from memory.db import Database


def apply_supersede(db: Database, new_id: str, old_id: str, *, actor: str) -> list[str]:
    """Apply the tier rules for `new_id` superseding `old_id`; returns warnings."""
    return []


def check_contradictions(db: Database, memory_id: str, *, actor: str) -> list[str]:
    """Queue review items for likely contradictions of `memory_id`; returns warnings."""
    return []
