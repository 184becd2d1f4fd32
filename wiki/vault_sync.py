"""The vault of one device when several devices share a libSQL server.

Pages (bodies, hand edits, history) are canonical in the shared database; each device keeps its
own vault folder. Before a rebuild scans the vault for a person's edits, this brings the device's
files up to what the database holds, using a per-device record (`cache/vault-seen.json`: page id
-> the hash this device last wrote or saw) to tell apart:

- a file this device never had, or one untouched here since the database moved on (another
  device's rebuild or hand edit): refreshed from the database, not mistaken for a deletion or an
  edit made here;
- a file changed here since this device last saw it: left alone, so the scan records it as this
  person's hand edit (canonical from then on, for every device).

Only pages whose database row changed since this device's record are touched, so a rebuild with
nothing new from other devices reads no page bodies. The embedded file needs none of this (one
device, one vault).
"""

from __future__ import annotations

import json
from pathlib import Path

from memory import files
from memory.db import Database, RemoteDatabase
from memory.errors import InvalidInput
from wiki import pages, vault

SEEN_LIMIT = 256 << 20  # a page id and a digest a page: far past any vault


def state_path(cache_dir: Path) -> Path:
    return cache_dir / "vault-seen.json"


def load(cache_dir: Path) -> dict[str, str]:
    try:
        data = json.loads(files.read_kept(state_path(cache_dir), limit=SEEN_LIMIT) or b"{}")
    except (OSError, ValueError, InvalidInput):
        return {}  # derived state: a lost record only means files compare against the database
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def save(cache_dir: Path, seen: dict[str, str]) -> None:
    files.atomic_write(state_path(cache_dir), json.dumps(seen, sort_keys=True), prefix=".vault-seen-")


def materialize(db: Database | RemoteDatabase, root: Path, cache_dir: Path) -> list[str]:
    """Refresh this device's files from the shared pages; returns the slugs written or removed."""
    seen = load(cache_dir)
    # What this device wrote or saw of any page: a file holding one of them is quire's text, even
    # under another page's slug (a page that took the slug of one the wiki no longer keeps: its
    # heir, wiki/heirs.py, finds the old page's text in the file here).
    quires = set(seen.values())
    touched: list[str] = []
    for page in pages.all_pages(db):
        if page.version == 0 or page.pending_write or seen.get(page.id) == page.seen_hash:
            continue  # unchanged since this device looked, or an interrupted write the rebuild repairs
        path = page.path(root)
        raw = vault.read_bytes(path)
        here = vault.digest(raw) if raw is not None else None
        if here is not None and here not in quires and here != page.seen_hash:
            continue  # changed on this device since it last looked: the scan records the person's edit
        if page.status in ("deleted", "removed"):
            if raw is not None and vault.remove(path):
                touched.append(page.slug)
            seen.pop(page.id, None)
            continue
        if here != page.seen_hash and page.body is not None:
            files.private_dir(root)
            vault.atomic_write(path, page.body)
            touched.append(page.slug)
        seen[page.id] = page.seen_hash or ""
    save(cache_dir, seen)
    return touched


def record(db: Database | RemoteDatabase, root: Path, cache_dir: Path) -> None:
    """After a rebuild: remember which database version each of this device's files holds."""
    seen = load(cache_dir)
    for page in pages.all_pages(db):
        raw = vault.read_bytes(page.path(root))
        if raw is not None and page.seen_hash and vault.digest(raw) == page.seen_hash:
            seen[page.id] = page.seen_hash
        elif raw is None and page.status in ("deleted", "removed"):
            seen.pop(page.id, None)
    save(cache_dir, seen)
