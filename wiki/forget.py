"""Forget across the wiki: the memory layer rewrites the database (memory/tombstones.py); this
module adds the forms pages render (escaped sentences), then rewrites the vault files and the
snapshots, so neither a rebuild, a `rollback` nor a `page restore` can bring the text back.

A vault file rewritten here gets its new digest recorded as what quire wrote and saw, so the
next rebuild does not take the rewrite for a hand edit.
"""

from __future__ import annotations

from pathlib import Path

from memory import audit, erase, tombstones
from memory.db import Database
from wiki import render, snapshot, synth, vault


def forget(session, memory_id: str, *, actor: str, reason: str = "") -> tombstones.Change:
    db: Database = session.db
    row = db.one("SELECT content FROM memories WHERE id = ?", (memory_id,))
    rendered = []
    if row is not None and row["content"] != tombstones.FORGOTTEN:
        parts = synth.sentences(row["content"])
        rendered = [render.escape(p) for p in parts] + [render.escape(row["content"])]
        rendered += [p for p in render.rendered_forms(row["content"]) if p not in rendered]  # code kept as lines
    pieces = tombstones.needles(db, memory_id) if row is not None else []
    change = erase.forget(db, memory_id, actor=actor, reason=reason, extra=rendered)
    if change.changed:
        everything = sorted(set(pieces) | set(tombstones.expand(rendered)), key=lambda p: (-len(p), p))
        _scrub_vault(db, session.wiki_dir, everything, actor=actor, memory_id=memory_id)
        snapshot.scrub(session.home.root, everything, tombstones.FORGOTTEN, session.sealer)
    return change


def _scrub_vault(db: Database, root: Path, pieces: list[str], *, actor: str, memory_id: str) -> None:
    if not root.is_dir() or not pieces:
        return
    for path in sorted(root.glob("*.md")):
        old = vault.read_bytes(path)
        if old is None:
            continue
        try:
            text = old.decode("utf-8")
        except UnicodeDecodeError:
            continue
        new = text
        for piece in pieces:
            new = new.replace(piece, tombstones.FORGOTTEN)
        if new == text:
            continue
        vault.atomic_write(path, new)
        before, after = vault.digest(old), vault.digest(new)
        with db.transaction():
            for column in ("seen_hash", "written_hash", "prev_hash"):
                db.execute(f"UPDATE pages SET {column} = ? WHERE {column} = ?", (after, before))
            audit.record(db, actor, "forget_file", "page_file", path.name, memory_id=memory_id, hash=after)
