"""Version chains: which memory is current, and linking a new version over an old one.

Below both the review queue (accepting a revision links it) and correction (a supersede links
it), so neither reaches the other to do it.
"""

from __future__ import annotations

from typing import Any

from memory import audit, clock
from memory.db import Database
from memory.errors import Superseded


def row(db: Database, memory_id: str | None) -> dict[str, Any] | None:
    if not memory_id:
        return None
    return db.one(
        "SELECT id, content, memory_type, structured_fields, space, status, valid_from, supersedes, superseded_by "
        "FROM memories WHERE id = ?",
        (memory_id,),
    )


def current_version(db: Database, memory_id: str) -> str:
    """Follow `superseded_by` from a memory to the current version of its chain."""
    seen = {memory_id}
    current = memory_id
    while True:
        row = db.one("SELECT status, superseded_by FROM memories WHERE id = ?", (current,))
        if row is None or row["status"] not in ("superseded", "archived") or not row["superseded_by"]:
            return current
        if row["superseded_by"] in seen or len(seen) > 1000:
            return current
        current = row["superseded_by"]
        seen.add(current)


def replaced(db: Database, memory_id: str) -> tuple[str, str] | None:
    """(the version that replaced `memory_id`, the current version of its chain), or None when it
    is the current version (or no version at all)."""
    found = db.one("SELECT status, superseded_by FROM memories WHERE id = ?", (memory_id,))
    if found is None or found["status"] not in ("superseded", "archived") or not found["superseded_by"]:
        return None
    return str(found["superseded_by"]), current_version(db, memory_id)


def replaced_words(memory_id: str, by: str, current: str) -> str:
    """The start of every refusal of an edit of a replaced memory, on every route."""
    now = "" if current == by else f" (its current version is {current})"
    return f"{memory_id} was already superseded by {by}{now}"


def refuse_replaced(db: Database, memory_id: str, edit: str = "") -> None:
    """Superseded when `memory_id` was already replaced by a newer version: an edit of it would
    retire that version unseen (a person's later word, maybe another device's). Every route that
    takes a `supersedes` comes here (capture, the supersede op, imports, queued edits), so each is
    refused in the same words; `edit`, the text, is quoted when it is not in front of the person.
    (Accepting a review item whose memory was replaced since is refused in these words too: memory.review.)"""
    found = replaced(db, memory_id)
    if found is None:
        return
    by, current = found
    said = f" (the edit: {edit if len(edit) <= 200 else edit[:200] + '…'!r})" if edit else ""
    raise Superseded(
        f"{replaced_words(memory_id, by, current)}; supersede {current} instead if this edit still holds{said}. "
        "Nothing was stored"
    )


def link(db: Database, new_id: str, old_id: str | None, *, actor: str) -> tuple[str | None, str]:
    """Make `new_id` the current version of `old_id`'s chain; returns (retired id or None, note).

    `old_id` must be the current version: one replaced meanwhile is refused (Superseded, as
    `refuse_replaced`), never followed to the newer version and that one retired unseen; a caller
    that means the newer one (a person who saw it) names it. The old row is never deleted: it gets
    valid_to (= the new row's valid_from), superseded_by and status 'archived' (decisions) or
    'superseded'. Call inside a transaction.
    """
    new = row(db, new_id)
    if new is None or not old_id or current_version(db, old_id) == new_id:  # already so
        return None, ""
    refuse_replaced(db, old_id)
    target = row(db, old_id)
    if target is None:
        return None, ""
    mode = "archive" if "decision" in (new["memory_type"], target["memory_type"]) else "hide"
    now = clock.now_iso()
    db.execute(
        "UPDATE memories SET supersedes = ?, supersede_mode = ?, updated_at = ? WHERE id = ?",
        (old_id, mode, now, new_id),
    )
    if target["status"] != "active":
        audit.record(
            db,
            actor,
            "supersede",
            "memory",
            old_id,
            by=new_id,
            mode=mode,
            applied=False,
            why=f"old is {target['status']}",
        )
        return None, f"{old_id} is {target['status']}, so nothing was retired"
    db.execute(
        "UPDATE memories SET status = ?, valid_to = ?, superseded_by = ?, updated_at = ?, version = version + 1 "
        "WHERE id = ?",
        ("archived" if mode == "archive" else "superseded", new["valid_from"], new_id, now, old_id),
    )
    audit.record(db, actor, "supersede", "memory", old_id, by=new_id, mode=mode, valid_to=new["valid_from"])
    return old_id, ""


def mend_after_forget(db: Database, memory_id: str, was: str, *, actor: str) -> list[str]:
    """Close the chain around a version being forgotten (docs/forget.md): the store is left as if it
    had never been captured. The version it replaced (`superseded_by` it, superseded or archived) is
    current again when the forgotten one was current (`was`: its status before the forget), and
    points past it to the next version when it was replaced itself. Returns the ids made current
    again. Call inside the forget's transaction."""
    older = [
        str(r[0])
        for r in db.rows(
            "SELECT id FROM memories WHERE superseded_by = ? AND status IN ('superseded', 'archived')", (memory_id,)
        )
    ]
    if not older:
        return []
    now = clock.now_iso()
    newer = db.scalar("SELECT superseded_by FROM memories WHERE id = ?", (memory_id,))
    if was in ("superseded", "archived") and newer:
        for old in older:
            db.execute(
                "UPDATE memories SET superseded_by = ?, updated_at = ?, version = version + 1 WHERE id = ?",
                (newer, now, old),
            )
            audit.record(db, actor, "supersede", "memory", old, by=newer, mode="relinked", forgotten=memory_id)
        db.execute("UPDATE memories SET supersedes = ? WHERE id = ? AND supersedes = ?", (older[0], newer, memory_id))
        return []
    if was != "active":
        return []
    for old in older:
        db.execute(
            "UPDATE memories SET status = 'active', valid_to = NULL, superseded_by = NULL, updated_at = ?, "
            "version = version + 1 WHERE id = ?",
            (now, old),
        )
        audit.record(db, actor, "reinstate", "memory", old, because=f"{memory_id} was forgotten")
    return older
