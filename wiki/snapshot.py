"""Snapshots of the pages a rebuild is about to change, and `quire rollback` from them.

A snapshot is the pre-image of exactly the pages a rebuild changes (their rows as JSON and their
files) under $QUIRE_HOME/snapshots/<ts>-<random>-<n>/ (the random part: devices sharing a store
never take one name); the last KEEP_SNAPSHOTS are kept. `rollback`
undoes the newest run from its snapshot while keeping every human decision (hand edits,
deletions, map dismissals, pins, accepts). `scrub` rewrites forgotten text inside snapshots, so
no rollback can bring it back.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from secrets import token_hex
from typing import Any

from memory import audit, clock, files
from memory.db import Database, dicts_in
from memory.errors import NotFound, StoreError
from memory.keys import Sealer, is_sealed
from wiki import pages, vault

KEEP_SNAPSHOTS = 5
SNAPSHOT_TABLES = ("pages", "page_sources", "page_maps", "page_map_nodes", "page_map_edges", "page_changelog")


# -- snapshots ---------------------------------------------------------------------------------


def snapshots_dir(home_root: Path) -> Path:
    return home_root / "snapshots"


def _snapshot_number(path: Path) -> int:
    try:
        return int(path.name.rsplit("-", 1)[1])
    except (IndexError, ValueError):
        return -1


def list_snapshots(home_root: Path) -> list[Path]:
    """Complete snapshots, oldest first."""
    folder = snapshots_dir(home_root)
    if not folder.is_dir():
        return []
    found = [
        p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".") and (p / "manifest.json").exists()
    ]
    return sorted(found, key=_snapshot_number)


def _store(path: Path, data: bytes, sealer: Sealer | None) -> None:
    """One file of a snapshot, owner-only (pre-images hold page text); the folder lands by one rename."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as fh:
        fh.write(sealer.seal(data) if sealer else data)


def _load(path: Path, sealer: Sealer | None) -> bytes:
    data = files.read_cache(path)  # a FIFO there hung the rollback
    return sealer.open(data) if sealer else data


def take_snapshot(db: Database, root: Path, home_root: Path, page_ids: list[str], sealer: Sealer | None = None) -> str:
    """Pre-images of the pages about to change: their rows (JSON) and files. Written to a hidden
    folder and renamed into place, so a snapshot is either complete or absent. An encrypted home
    passes its `sealer`: the pre-images hold page text, so they are sealed like the database."""
    folder = snapshots_dir(home_root)
    files.private_dir(folder)
    for stale in folder.glob(".tmp-*"):
        shutil.rmtree(stale, ignore_errors=True)
    existing = [_snapshot_number(p) for p in folder.iterdir() if p.is_dir()]
    # A random part between the time and the number: devices sharing a store each number their own
    # snapshots, and two rebuilds in one second on two devices took one name, so a device rolled back
    # another's rebuild with a snapshot of its own. The number stays last (`_snapshot_number`).
    stamp = clock.now().strftime("%Y%m%dT%H%M%SZ")
    name = f"{stamp}-{token_hex(4)}-{max(existing, default=0) + 1:04d}"
    tmp = folder / f".tmp-{name}"
    files.private_dir(tmp / "files")
    tables: dict[str, list[dict]] = {}
    for table in SNAPSHOT_TABLES:
        column = "id" if table == "pages" else "page_id"
        tables[table] = dicts_in(db, f"SELECT * FROM {table} WHERE {column} IN ({{marks}})", page_ids)
    held: dict[str, str | None] = {}
    for row in tables["pages"]:
        path = vault.page_path(root, row["slug"], allow_index=row["kind"] == "index")
        raw = vault.read_bytes(path)  # the one reader of a page file: a FIFO there hung the snapshot
        if raw is not None:
            kept, secrets = pages.held_secrets(row["slug"], raw.decode("utf-8", errors="replace"))
            _store(tmp / "files" / path.name, kept.encode("utf-8") if secrets else raw, sealer)
            held[row["id"]] = path.name
        else:
            held[row["id"]] = None
    _store(tmp / "tables.json", json.dumps(tables, ensure_ascii=False, sort_keys=True).encode("utf-8"), sealer)
    manifest = {"name": name, "vault": str(root), "created_at": clock.now_iso(), "page_ids": page_ids, "files": held}
    _store(tmp / "manifest.json", json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"), None)
    vault.fsync_dir(tmp)
    tmp.rename(folder / name)
    vault.fsync_dir(folder)
    _prune(home_root)
    return name


def _prune(home_root: Path) -> None:
    complete = list_snapshots(home_root)
    for old in complete[:-KEEP_SNAPSHOTS]:
        shutil.rmtree(old, ignore_errors=True)


# -- rollback ----------------------------------------------------------------------------------


@dataclass
class RollbackReport:
    run: int
    snapshot: str
    restored: list[str] = field(default_factory=list)  # slugs whose file and rows came back
    kept: list[str] = field(default_factory=list)  # slugs left alone: a person owns them

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def rollback(session, *, actor: str = "cli") -> RollbackReport:
    """Undo the newest rebuild that changed the wiki (run it again to go one rebuild further back)."""
    db: Database = session.db
    root: Path = session.wiki_dir
    home_root: Path = session.home.root
    with vault.run_lock(home_root, "rollback"):
        run = db.one(
            "SELECT id, snapshot FROM wiki_runs WHERE status != 'rolled_back' AND snapshot IS NOT NULL "
            "ORDER BY id DESC LIMIT 1"
        )
        if run is None:
            raise NotFound("nothing to roll back: no rebuild has changed the wiki yet (or all were rolled back)")
        folder = snapshots_dir(home_root) / run["snapshot"]
        if not (folder / "manifest.json").exists():
            # A shared store's runs are every device's: the newest may be another's, its snapshot there.
            elsewhere = " or another device sharing the store ran it (roll it back there)" if session.remote else ""
            raise NotFound(
                f"the snapshot {run['snapshot']} of rebuild {run['id']} is not in this home: it is gone (quire "
                f"keeps the last {KEEP_SNAPSHOTS}){elsewhere}; nothing was changed"
            )
        files.private_dir(root)
        vault.clean_temp(root)
        finished = _finish_killed(db, root, home_root, session.sealer, actor=actor)
        if finished is not None:
            return finished
        pages.scan(db, root, actor=actor)  # record hand edits first: they are kept, never rolled back
        manifest, tables, datas = _read(
            folder, session.sealer, f"the snapshot {run['snapshot']} of rebuild {run['id']}"
        )
        report = RollbackReport(int(run["id"]), run["snapshot"])
        writes: list[tuple[Path, bytes | None]] = []
        with db.transaction():
            for page_id in manifest["page_ids"]:
                outcome = _restore_page(db, root, page_id, tables, datas[page_id], writes)
                if outcome:
                    (report.restored if outcome[0] == "restored" else report.kept).append(outcome[1])
            db.execute(
                "UPDATE wiki_runs SET status = 'rolled_back', finished_at = coalesce(finished_at, ?) WHERE id = ?",
                (clock.now_iso(), run["id"]),
            )
            audit.record(
                db,
                actor,
                "rollback",
                "wiki_run",
                str(run["id"]),
                snapshot=run["snapshot"],
                restored=report.restored,
                kept=report.kept,
            )
        for path, data in writes:
            if data is None:
                vault.remove(path)
            else:
                vault.atomic_write(path, data, sync_dir=False)
        vault.fsync_dir(root)
        with db.transaction():
            db.execute("UPDATE pages SET pending_write = 0, prev_hash = NULL WHERE pending_write = 1")
    return report


def _finish_killed(
    db: Database, root: Path, home_root: Path, sealer: Sealer | None, *, actor: str
) -> RollbackReport | None:
    """A rollback killed after its commit, before all its files were written, left its pages waiting
    (pending, their newest version the rollback's). Its rerun writes them from the same snapshot and
    reports that rollback, rather than undoing one more rebuild the person never asked to undo."""
    waiting = db.rows(
        "SELECT p.id, p.slug, p.kind FROM pages p WHERE p.pending_write = 1 AND EXISTS (SELECT 1 FROM page_history h "
        "WHERE h.page_id = p.id AND h.version = p.version AND h.edited_by = 'rollback') ORDER BY p.slug"
    )
    last = db.scalar("SELECT subject_id FROM audit_log WHERE action = 'rollback' ORDER BY id DESC LIMIT 1")
    run = db.one("SELECT id, snapshot FROM wiki_runs WHERE id = ?", (int(last),)) if waiting and last else None
    folder = snapshots_dir(home_root) / str(run["snapshot"]) if run is not None else None
    if run is None or folder is None or not (folder / "manifest.json").exists():
        return None
    _, _, datas = _read(folder, sealer, f"the snapshot {run['snapshot']} of rebuild {run['id']}")
    report = RollbackReport(int(run["id"]), run["snapshot"])
    for page_id, slug, kind in waiting:
        if page_id not in datas:
            continue
        path = vault.page_path(root, slug, allow_index=kind == "index")
        data = datas[page_id]
        if data is None:
            vault.remove(path)
        else:
            vault.atomic_write(path, data, sync_dir=False)
        report.restored.append(slug)
    vault.fsync_dir(root)
    with db.transaction():
        db.execute("UPDATE pages SET pending_write = 0, prev_hash = NULL WHERE pending_write = 1")
        audit.record(db, actor, "rollback_finish", "wiki_run", str(run["id"]), restored=report.restored)
    return report


def _read(folder: Path, sealer: Sealer | None, what: str) -> tuple[dict, dict, dict[str, bytes | None]]:
    """A snapshot's manifest, tables and page files, all read before anything is restored: a
    damaged one (cut short, edited, a file gone) stopped the rollback with a traceback, part of its
    pages' rows already replaced in the open transaction."""
    try:
        # `quire encrypt` seals a snapshot taken before it whole, its manifest with it
        manifest = json.loads(_load(folder / "manifest.json", sealer).decode("utf-8"))
        tables = json.loads(_load(folder / "tables.json", sealer).decode("utf-8"))
        datas: dict[str, bytes | None] = {}
        for page_id in manifest["page_ids"]:
            name = manifest["files"].get(page_id)
            datas[page_id] = _load(folder / "files" / Path(name).name, sealer) if name else None
        if not isinstance(tables, dict):
            raise TypeError("tables.json is not an object")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StoreError(
            f"{what} is damaged ({_why_damaged(exc)}); nothing was changed: put the "
            f"folder back from a backup of {folder.parent} to roll it back, or carry on with `quire rebuild`"
        ) from None
    return manifest, tables, datas


def _why_damaged(exc: Exception) -> str:
    """What is wrong with a snapshot, in plain words (Python's own wording, "'utf-8' codec can't
    decode byte 0x92 in position 0", reached the person before)."""
    if isinstance(exc, UnicodeDecodeError):
        return f"a file is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})"
    if isinstance(exc, json.JSONDecodeError):
        return f"a file is not valid JSON (line {exc.lineno}, column {exc.colno})"
    if isinstance(exc, OSError):
        return f"{Path(exc.filename).name if exc.filename else 'a file'}: {(exc.strerror or 'cannot be read').lower()}"
    if isinstance(exc, KeyError):
        return f"the manifest has no {exc.args[0]!r}" if exc.args else "the manifest is missing a key"
    return "its manifest or tables are not what a snapshot holds"


def _rows(tables: dict, table: str, page_id: str) -> list[dict]:
    column = "id" if table == "pages" else "page_id"
    return [r for r in tables.get(table, []) if r[column] == page_id]


def _insert(db: Database, table: str, row: dict) -> None:
    cols = list(row)
    db.execute(f"INSERT INTO {table}({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", [row[c] for c in cols])


def _restore_page(
    db: Database,
    root: Path,
    page_id: str,
    tables: dict,
    data: bytes | None,
    writes: list[tuple[Path, bytes | None]],
) -> tuple[str, str] | None:
    current = db.one("SELECT * FROM pages WHERE id = ?", (page_id,))
    if current is None:
        return None
    last_logged = max((r["id"] for r in _rows(tables, "page_changelog", page_id)), default=0)
    touched = db.scalar(
        "SELECT 1 FROM page_changelog WHERE page_id = ? AND human = 1 AND id > ? LIMIT 1", (page_id, last_logged)
    )
    if current["owner"] == "human" or current["status"] == "deleted" or touched:
        return ("kept", current["slug"])  # a person's page or decision since the run: it stays
    before = _rows(tables, "pages", page_id)
    path = vault.page_path(root, current["slug"], allow_index=current["kind"] == "index")
    version = int(current["version"]) + 1
    now = clock.now_iso()
    if before:
        old = dict(before[0])
        seen = vault.digest(data) if data is not None else None
        if data is not None:
            # The file is the truth of what was on disk; if it is not what the row says quire wrote
            # (the snapshot caught an unfinished write), the next rebuild must write it again.
            if seen != old.get("written_hash"):
                old["input_hash"] = ""
            old["body"] = data.decode("utf-8", errors="replace")
        old.update(
            version=version,
            updated_at=now,
            pending_write=1,
            prev_hash=current["prev_hash"] if current["pending_write"] else current["seen_hash"],
            seen_hash=seen,
            written_hash=seen if data is not None else old.get("written_hash"),
        )
        if data is None and old["status"] == "active":
            old["status"] = "removed"  # it had never been written
        path = _take_back_slug(db, root, page_id, str(old["slug"]), current)
        sets = ", ".join(f"{c} = ?" for c in old if c != "id")
        db.execute(f"UPDATE pages SET {sets} WHERE id = ?", [old[c] for c in old if c != "id"] + [page_id])
        body = old["body"] if data is not None else ""
    else:  # the run created this page: it goes away again
        db.execute(
            "UPDATE pages SET status = 'removed', pending_write = 1, "
            "prev_hash = CASE WHEN pending_write = 1 THEN prev_hash ELSE seen_hash END, seen_hash = NULL, "
            "input_hash = '', version = ?, updated_at = ? WHERE id = ?",
            (version, now, page_id),
        )
        body = ""
    db.execute("DELETE FROM page_sources WHERE page_id = ?", (page_id,))
    for row in _rows(tables, "page_sources", page_id):
        _insert(db, "page_sources", row)
    _restore_map(db, page_id, tables)
    pages.add_history(db, page_id, version, body, edited_by="rollback")
    pages.add_changelog(db, page_id, version, edited_by="rollback", summary="rolled back to the state before a rebuild")
    writes.append((path, data))
    return ("restored", path.stem)


def _take_back_slug(db: Database, root: Path, page_id: str, slug: str, current: dict) -> Path:
    """The run handed this page's slug on to its heir (wiki/heirs.py): the heir, which the rollback
    removes, takes the slug this page had meanwhile, and this page its own back. Its file's path."""
    holder = db.scalar("SELECT id FROM pages WHERE slug = ? AND id != ?", (slug, page_id))
    if holder is not None:
        db.execute("UPDATE pages SET slug = ? WHERE id = ?", (f"~{page_id}", page_id))  # unique, for a moment
        db.execute("UPDATE pages SET slug = ? WHERE id = ?", (current["slug"], holder))
    return vault.page_path(root, slug, allow_index=current["kind"] == "index")


def _restore_map(db: Database, page_id: str, tables: dict) -> None:
    """Map rows back to the snapshot, except nodes a person decided on (kept as they are now)."""
    kept = {
        r["id"]: r
        for r in db.dicts("SELECT * FROM page_map_nodes WHERE page_id = ? AND decided_by IS NOT NULL", (page_id,))
    }
    kept_fps = {r["fingerprint"] for r in kept.values()}
    current_rev = int(db.scalar("SELECT revision FROM page_maps WHERE page_id = ?", (page_id,)) or 0)
    db.execute("DELETE FROM page_map_edges WHERE page_id = ?", (page_id,))
    db.execute("DELETE FROM page_map_nodes WHERE page_id = ? AND decided_by IS NULL", (page_id,))
    restored_ids = set(kept)
    for row in _rows(tables, "page_map_nodes", page_id):
        if row["id"] in kept or row["fingerprint"] in kept_fps:
            continue
        _insert(db, "page_map_nodes", row)
        restored_ids.add(row["id"])
    for row in _rows(tables, "page_map_edges", page_id):
        if row["from_node"] in restored_ids and row["to_node"] in restored_ids:
            _insert(db, "page_map_edges", row)
    before = _rows(tables, "page_maps", page_id)
    db.execute("DELETE FROM page_maps WHERE page_id = ?", (page_id,))
    if before or kept:
        row = (
            dict(before[0])
            if before
            else {"page_id": page_id, "map_schema": 1, "generated_at": None, "created_at": clock.now_iso()}
        )
        # Never reuse a revision number: an editor holding an old base must still get a Conflict.
        row.update(revision=max(current_rev, int(row.get("revision") or 0)) + 1, updated_at=clock.now_iso())
        _insert(db, "page_maps", row)


def scrub(home_root: Path, pieces: list[str], replacement: str, sealer: Sealer | None = None) -> int:
    """Rewrite `pieces` (longest first) in every snapshot file, sealed ones too; returns the files changed."""
    folder = snapshots_dir(home_root)
    if not folder.is_dir() or not pieces:
        return 0
    changed = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        try:
            raw = path.read_bytes()
            sealed = is_sealed(raw)
            if sealed and sealer is None:
                raise StoreError(f"{path} is sealed and this home has no key open; forget needs the key")
            text = (sealer.open(raw) if sealed and sealer else raw).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        new = text
        for piece in pieces:
            new = new.replace(piece, replacement)
        if new != text:
            data = new.encode("utf-8")
            vault.atomic_write(path, sealer.seal(data) if sealed and sealer else data)
            changed += 1
    return changed
