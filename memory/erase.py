"""Forgetting a memory: its text rewritten out of every stored copy, its fingerprint tombstoned,
and the review items it makes moot closed. Above the tombstones and the review queue, which it
both uses (the queue tombstones a dismissed change, so the two could not live in either).
"""

from __future__ import annotations

import contextlib

from memory import audit, clock, review
from memory.db import Database
from memory.errors import NotFound, StoreError
from memory.tombstones import FORGOTTEN, Change, add, expand, live_for, needles, scrub


def forget(db: Database, memory_id: str, *, actor: str, reason: str = "", extra: list[str] | None = None) -> Change:
    """Forget a memory: out of FTS, vectors, graph and pages, every stored copy of its text
    rewritten (memory/tombstones.py says which), and its fingerprint tombstoned. `extra` adds forms of
    the text other layers render (a page's escaped sentences)."""
    if db.remote:
        # sqld refuses PRAGMA secure_delete and VACUUM over its protocol: the rows (and the FTS
        # segments, merged below) are rewritten; the server's free pages are the server's to reclaim.
        return _forget(db, memory_id, actor=actor, reason=reason, extra=extra)
    # Zero freed space as the rows are rewritten, so the old text is not left in free pages.
    db.execute("PRAGMA secure_delete = ON")
    try:
        return _forget(db, memory_id, actor=actor, reason=reason, extra=extra)
    finally:
        db.execute("PRAGMA secure_delete = OFF")
        # Pages freed earlier (before this forget, without secure_delete) may still hold the text:
        # VACUUM rewrites the file from live rows only; the checkpoint clears the write-ahead log.
        # A busy store keeps working; the rows themselves are rewritten.
        with contextlib.suppress(StoreError):
            db.execute("VACUUM")
            db.rows("PRAGMA wal_checkpoint(TRUNCATE)")


def _forget(db: Database, memory_id: str, *, actor: str, reason: str, extra: list[str] | None) -> Change:
    with db.transaction():
        row = db.one("SELECT status, content FROM memories WHERE id = ?", (memory_id,))
        if row is None:
            raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
        if row["content"] == FORGOTTEN:
            found = db.scalar(
                "SELECT id FROM tombstones WHERE memory_id = ? AND lifted_at IS NULL ORDER BY id DESC LIMIT 1",
                (memory_id,),
            )
            live = None if found is None else int(found)
        else:
            live = live_for(db, row["content"])
        if row["status"] == "forgotten" and (live is not None or row["content"] == FORGOTTEN):
            return Change(False, f"{memory_id} was already forgotten (tombstone {live})", live)
        captured = review.captured_text(review.items_for_memory(db, memory_id), memory_id)
        pieces = needles(db, memory_id, [captured] if captured else [])
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
        fingerprint = db.scalar("SELECT fingerprint FROM tombstones WHERE id = ?", (tomb,))
        db.execute(
            "UPDATE memories SET content = ?, title = '', retrieval_cue = '', structured_fields = '{}', source = '', "
            "content_hash = ? WHERE id = ?",
            (FORGOTTEN, fingerprint, memory_id),
        )
        db.execute("DELETE FROM memory_entities WHERE memory_id = ?", (memory_id,))
        scrub(db, sorted(set(pieces) | set(expand(extra or [])), key=lambda p: (-len(p), p)))
    closed_note = f"; closed review item(s) {', '.join(map(str, closed))}" if closed else ""
    return Change(
        True,
        f"forgot {memory_id}; tombstone {tomb} refuses the same text from now on "
        f"(undo with `quire tombstones lift {tomb}`){closed_note}",
        tomb,
    )
