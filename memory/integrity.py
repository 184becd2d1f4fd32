"""One open check for every database quire writes: the home's file and the outbox.

A damaged file (bytes overwritten on disk, a torn copy) must never be written to: SQLite happily
appends to the pages it can still read, and the damage spreads. `open_check` runs SQLite's
`quick_check` on open unless the file is exactly as quire itself last left it: the fingerprint
(size, mtime, change time and inode of the file and of its WAL) is recorded beside it when a connection closes
cleanly (`stamp`), so a command after a command costs one stat, and a file changed by anything
else (a disk error, `dd`, a restore by hand, a killed process) is checked in full before use.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

from memory.db import Database
from memory.errors import InvalidInput, StoreError
from memory.files import atomic_write, read_kept


class Damaged(StoreError):
    """The database failed its integrity check: nothing was written to it."""


STAMP_LIMIT = 4096  # a few numbers


def stamp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.checked")


def fingerprint(path: Path) -> list[list[int] | None]:
    """(size, mtime_ns, ctime_ns, inode) of the file and its WAL; None for a part that is not there.
    The change time moves with every write and cannot be set back (`os.utime`, `touch -r` and restore
    tools set the mtime only), so bytes overwritten in place with the old mtime put back still differ.

    An empty WAL counts as none: it holds no frames, and opening a WAL-mode file creates one, so
    the check (which runs after the driver opened the file) would otherwise never match the stamp
    a clean close left, and every command would pay a quick_check that reads the whole database
    (100k memories: 1.6-2.9 s of a cold `quire recall`)."""
    out: list[list[int] | None] = []
    for suffix in ("", "-wal"):
        try:
            st = os.stat(f"{path}{suffix}")
        except OSError:
            out.append(None)
            continue
        out.append(None if suffix and st.st_size == 0 else [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino])
    return out


def problems(db: Database, *, full: bool = False, limit: int = 20) -> list[str]:
    """What SQLite's quick_check (or, with `full`, integrity_check) finds; [] for a whole file."""
    pragma = "integrity_check" if full else "quick_check"
    try:
        found = [str(r[0]) for r in db.rows(f"PRAGMA {pragma}({int(limit)})")]
    except StoreError:
        # "the key is wrong" only where a key opens the file: on a plain home it sent people looking for one
        keyed = " (or the key is wrong)" if getattr(db, "encrypted", False) else ""
        return [f"SQLite finds it malformed: pages overwritten, torn or unreadable{keyed}"]
    return [] if found == ["ok"] else found


BACKUP_DIR = "backups"  # home/backups/, beside the database (memory/doctor.py makes them)


def backups_of(path: Path) -> list[Path]:
    """The finished backups of the database at `path`, newest first (temp files of a killed backup are not)."""
    folder = path.parent / BACKUP_DIR
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("quire-*.db") if p.is_file()), reverse=True)


def restore_fix(path: Path) -> str:
    """What to do about a damaged database at `path`, as this home stands: the newest backup when there is
    one; else what can still be done (another copy of the memories, SQLite's own salvage). Every command
    said "`quire restore` a backup" to a home that had none."""
    found = backups_of(path)
    if found:
        return f"`quire restore {found[0]}` (the newest backup; `quire doctor --json` lists them all)"
    return (
        "no backup in this home: if another device or a server holds the memories, `quire store pull --force`; "
        f"else keep {path.name} as it is (a copy aside) and save what SQLite can still read of it with "
        f"`sqlite3 {path.name} .dump > salvage.sql`"
    )


# `quire restore` puts back the database, never the outbox: a damaged outbox is moved aside.
OUTBOX_FIX = "move it aside: captures queue again into a new one"


def damaged_message(path: Path, found: list[str], fix: str) -> str:
    first = found[0][:160] if found else "unknown damage"
    return (
        f"{path} is damaged ({first}); nothing was written to it. Run `quire doctor` for the full check "
        f"and what to do ({fix})"
    )


def _stamped(path: Path) -> object:
    """The fingerprint quire recorded when it last left the file (None: none, or not one quire wrote)."""
    try:
        return json.loads(read_kept(stamp_path(path), limit=STAMP_LIMIT) or b"null")
    except (OSError, ValueError, InvalidInput):  # a FIFO there hung every command; anything odd: the full check
        return None


def emptied(path: Path) -> str | None:
    """Why a file quire left holding pages is now empty (0 bytes), or None. SQLite takes an empty file
    for a new database: a store cut to nothing (a full disk, a sync tool, a copy that failed) was
    opened as a new home, `status` and `doctor` said all was well, a rebuild removed every page from
    the vault and the next capture wrote a new store over the file a person would recover from."""
    current = fingerprint(path)
    if current[0] is None or current[0][0] != 0:
        return None
    trusted = _stamped(path)
    was = trusted[0] if isinstance(trusted, list) and trusted else None
    if not (isinstance(was, list) and was and isinstance(was[0], int) and was[0] > 0):
        return None  # never left holding anything: a new database (or a first command killed at its start)
    return f"it is empty (0 bytes) where quire left {was[0]} bytes: cut short by a full disk, a sync tool or a copy"


def open_check(db: Database, path: Path, *, fix: str | None = None) -> None:
    """Damaged (nothing written) unless the file passes quick_check or is as quire last left it; `fix`
    (default: `restore_fix`, worked out only when the file is damaged) is the way back it names."""
    if cut := emptied(path):
        raise Damaged(damaged_message(path, [cut], fix or restore_fix(path)))
    current = fingerprint(path)
    if current[0] is None or current[0][0] == 0:
        return  # a new database: nothing to check yet
    trusted = _stamped(path)
    if trusted == current:
        return
    found = problems(db)
    for _ in range(MOVING_RECHECKS):  # a file another quire is making or migrating right now
        if not found or fingerprint(path) == current:
            break  # whole, or damaged and still: damage does not change by itself
        time.sleep(MOVING_WAIT_S)
        current = fingerprint(path)
        found = problems(db)
    if found:
        raise Damaged(damaged_message(path, found, fix or restore_fix(path)))
    stamp(path)


# Two quires opening a new home at once: one read the file while the other was writing its first
# pages and took it for damaged. A file that moved while it was checked is checked again.
MOVING_RECHECKS = 20
MOVING_WAIT_S = 0.1


def stamp(path: Path) -> None:
    """Record the file as quire leaves it (called after a clean close, and after a check passes)."""
    with contextlib.suppress(OSError):  # no stamp only means the next open checks in full
        atomic_write(stamp_path(path), json.dumps(fingerprint(path)), sync_dir=False, mode=0o600)


def forget_stamp(path: Path) -> None:
    """The next open checks in full (after a restore or a move of the file)."""
    with contextlib.suppress(FileNotFoundError):
        stamp_path(path).unlink()
