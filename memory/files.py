"""Files quire writes outside the database: one atomic write, one lock.

`atomic_write` is how every derived or state file lands (pages, the vector cache, snapshots'
manifests, the serve token, eval caches): a temp file in the same folder, fsync, rename over the
target, fsync the folder. A reader sees the old file or the new one, never half of one, and a
crash after the call returns loses nothing. `lock` is the one advisory lock (flock): one rebuild
per home, one `quire serve` per home.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

TEMP_PREFIX = ".quire-"
Writer = Callable[[BinaryIO], object]


def fsync_dir(folder: Path) -> None:
    """Make the renames in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(
    path: Path,
    data: bytes | str | Writer,
    *,
    sync_dir: bool = True,
    mode: int | None = None,
    prefix: str = TEMP_PREFIX,
) -> None:
    """Temp file in the same folder, fsync, rename over `path`, then fsync the folder.

    `data` is the bytes (str: UTF-8) or a function that writes them to a binary file. `mode` sets
    the permissions before any byte is written (0o600 for a secret). With sync_dir=False the caller
    fsyncs the folder once after a batch of renames: each rename is still atomic, only its
    durability waits for that one folder fsync.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=".tmp")
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            if callable(data):
                data(fh)
            else:
                fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    if sync_dir:
        fsync_dir(path.parent)


def lock(path: Path, *, attempts: int = 10) -> int | None:
    """Take an exclusive flock on `path` (created 0600): its descriptor, or None when another
    process holds it. Closing the descriptor releases the lock.

    A holder that removes the file when it finishes (serve.json) may do so between our open and
    our flock; the lock is then on a file nobody else sees, so the open is retried."""
    for _ in range(attempts):
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        try:
            current: int | None = os.stat(path).st_ino
        except FileNotFoundError:
            current = None
        if current == os.fstat(fd).st_ino:
            return fd
        os.close(fd)
    raise BlockingIOError(f"could not take {path}: it is removed and created again as we open it")
