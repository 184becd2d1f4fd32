"""Files quire writes outside the database: one atomic write, one lock.

`atomic_write` is how every derived or state file lands (pages, the vector cache, snapshots'
manifests, the serve token, eval caches): a temp file in the same folder, fsync, rename over the
target, fsync the folder. A reader sees the old file or the new one, never half of one, and a
crash after the call returns loses nothing. `lock` is the one advisory lock (flock): one rebuild
per home, one `quire serve` per home.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import fcntl
import grp
import io
import os
import pwd
import shlex
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, cast

from memory import failpoints
from memory.errors import InvalidInput, QuireError, StoreError

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
    private_dir(path.parent)
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
        failpoints.hit("file.fsynced")
        try:
            os.replace(tmp, path)
        except OSError:
            if path.is_dir():  # a folder where quire keeps a file (IsADirectoryError): a traceback
                raise folder_in_place(path) from None
            raise
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    failpoints.hit("file.renamed")
    if sync_dir:
        fsync_dir(path.parent)


# -- owner only: every file quire writes holds memories, or is derived from them ------------------

PRIVATE_UMASK = 0o077  # files 0600, folders 0700, whatever the umask the process was started with


def private_umask() -> None:
    """Every file and folder this process creates from now on is owner-only: SQLite's and the
    driver's own files (-wal, -shm, a replica's index), copies, logs, folders. Set by the CLI (and
    so `quire serve`, `quire mcp`, `quire ui`) before anything is opened."""
    os.umask(PRIVATE_UMASK)


def private_dir(folder: Path) -> Path:
    """`folder` made (with its missing parents) owner-only; one that exists is left as it is (a
    vault or home the person chose and set up), unless others can write it or another user owns it:
    InvalidInput, and nothing is written into it (a sticky bit does not help: quire reads back what
    it writes there, and others could make a name it has not written yet). Every folder quire
    writes into comes through here (atomic_write, the home's cache, snapshots and state folders, the vault)."""
    missing = []
    step = folder
    while not step.exists() and step != step.parent:
        missing.append(step)
        step = step.parent
    for step in reversed(missing):  # mkdir(parents=True) would make the parents with the umask's mode
        with contextlib.suppress(FileExistsError):
            step.mkdir(mode=0o700)
    try:
        found = untrusted(folder, os.stat(folder), shared=True)
    except OSError:
        return folder  # the write that follows says why
    if found:
        raise InvalidInput(f"{folder} {found[0]}, so quire does not write into it; {found[1]}")
    return folder


def owner_only(path: Path) -> None:
    """`path` and its companions (`quire.db-wal`, `-shm`, a replica's `-info`, the copies a restore or
    a pull kept beside it, `quire.db.before-restore-*`, `.replaced-*`) made 0600 when
    anyone else may read them: a database created by the driver takes the umask (0644), and the
    library route (`quire.open`) runs under the host program's umask. SQLite gives a new -wal and
    -shm the database file's mode, so this runs right after the file is opened, before WAL."""
    try:
        found = [
            p
            for p in path.parent.iterdir()
            if p.name == path.name or p.name.startswith((f"{path.name}-", f"{path.name}."))
        ]
    except OSError:
        return
    for item in found:
        with contextlib.suppress(OSError):  # not ours (a read-only home), or gone meanwhile
            st = item.lstat()
            if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
                os.chmod(item, stat.S_IMODE(st.st_mode) & 0o700)


# -- trust: a file that steers quire (config, a token, a key, serve.json) or the home holding them --


def untrusted(
    path: Path, info: os.stat_result, *, secret: bool = False, shared: bool = False, above: bool = False
) -> tuple[str, str] | None:
    """Why quire must not trust `path` (its stat `info`, symlinks followed) and the command that
    fixes it, or None. It must be this user's own (or root's, as ssh allows) and not writable by
    group or others: whoever can write it chooses the server, the key or the folder quire uses. A
    secret (a token, a key) must not be readable by them either. The one rule for config.toml, the
    token file, key_file, serve.json, the home folder, the vault and every folder above them. A
    `shared` folder (the vault, a folder above the home) may stay readable by others: its fix
    takes their write bit only (`chmod go-w`). `above`: a folder above the home, which an owner
    outside this user namespace may own as root does (`outside_namespace`)."""
    private = "700" if stat.S_ISDIR(info.st_mode) else "600"
    if info.st_uid not in (os.geteuid(), 0) and not (above and outside_namespace(info.st_uid)):
        other = user_name(info.st_uid)
        said = f"{other}, uid {info.st_uid}" if other else f"uid {info.st_uid}"
        you = shlex.quote(user_name(os.geteuid()) or str(os.geteuid()))
        fix = "use a folder of your own" if shared else "copy it as yours"
        chmod = "" if shared else f" and run `chmod {private} {path}`"
        return f"belongs to another user ({said})", f"{fix} (or, as root, `chown {you} {path}`){chmod}"
    # The group's bits count only when the group holds someone else: a umask of 002 (Debian's and
    # Ubuntu's default for people, each with a group of their own) leaves folders group-writable.
    group = 0 if owners_own_group(info) else 0o070
    if info.st_mode & 0o002 or info.st_mode & group & 0o020:
        chmod = "go-w" if shared else private
        return "is writable by others (group or all users)", f"run `chmod {chmod} {path}`"
    if secret and (info.st_mode & 0o004 or info.st_mode & group & 0o040):
        return "is readable by others (group or all users)", f"run `chmod {private} {path}`"
    return None


# The kernel shows an owner that has no uid in this user namespace as its overflow uid (65534).
OVERFLOW_UID = Path("/proc/sys/kernel/overflowuid")
UID_MAP = Path("/proc/self/uid_map")


def outside_namespace(uid: int) -> bool:
    """Whether `uid` is the overflow uid standing for an owner outside this user namespace (a
    container's bind mount of the host's `/home`): true only when it is not mapped here, so no
    process of this namespace can be that owner, nor become it (setuid to an unmapped uid fails).
    On a host, or where 65534 is mapped (a container's own `nobody`, which daemons run as), it is
    another user like any other."""
    try:
        overflow = int(OVERFLOW_UID.read_text())
        mapped = [[int(n) for n in line.split()] for line in UID_MAP.read_text().splitlines() if line.strip()]
    except (OSError, ValueError):
        return False
    return uid == overflow and not any(len(m) == 3 and m[0] <= uid < m[0] + m[2] for m in mapped)


def owners_own_group(info: os.stat_result) -> bool:
    """Whether the group of a file is its owner's alone: their primary group, named as they are, with
    no other member (the group a user-private-group system makes for each person, as Debian's ssh
    allows for a group-writable home). Group bits then give nobody else anything."""
    try:
        owner = pwd.getpwuid(info.st_uid)
        group = grp.getgrgid(info.st_gid)
    except (KeyError, OSError):
        return False
    return owner.pw_gid == info.st_gid and group.gr_name == owner.pw_name and set(group.gr_mem) <= {owner.pw_name}


def user_name(uid: int) -> str | None:
    """The login name of `uid`, or None when the system knows none (a uid from another machine's
    archive, a container without its passwd entry)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except (KeyError, OSError):
        return None


def folders_above(path: Path) -> tuple[list[Path], list[Path]]:
    """The folders a lookup of `path` reads a name from, symlinks followed as the kernel follows
    them, and the symlinks it passes: whoever can rename an entry in one of those folders (or
    replace one of those links) can put another file, or another home, at `path`. A missing part
    ends the walk (what is made there later is checked when it is used)."""
    folders: list[Path] = []
    links: list[Path] = []
    pending = list(path.absolute().parts[1:])  # not normalised: a `..` after a symlink is the kernel's
    current = Path("/")
    while pending and len(links) <= 40:  # the kernel's own limit on links in one lookup
        name = pending.pop(0)
        if name in ("", "."):
            continue
        if name == "..":
            current = current.parent
            continue
        if current not in folders:
            folders.append(current)
        step = current / name
        try:
            info = os.lstat(step)
            target = os.readlink(step) if stat.S_ISLNK(info.st_mode) else ""
        except OSError:
            break
        if not target:
            current = step
            continue
        links.append(step)
        pending = list(Path(target).parts) + pending
        if os.path.isabs(target):
            current = Path("/")
            pending.pop(0)
    return folders, links


def loose_folder(folder: Path, info: os.stat_result) -> tuple[str, str] | None:
    """`untrusted` for a folder above the home (or above a file quire trusts): their write bit or
    another owner is what counts, and a sticky folder of this user's or root's passes (`/tmp`,
    1777): others write in it but cannot rename or remove what is not theirs, and the next step
    down (the home, a folder above it) is checked for its owner in turn."""
    rooted = info.st_uid in (os.geteuid(), 0) or outside_namespace(info.st_uid)
    if info.st_mode & stat.S_ISVTX and rooted:
        return None
    found = untrusted(folder, info, shared=True, above=True)
    if found and rooted:
        return found[0], f"{found[1]} (or `chmod +t {folder}`, as /tmp is)"
    return found


def untrusted_above(path: Path) -> tuple[Path, str, str] | None:
    """The first folder (or symlink) above `path` that another user could change, why, and the fix;
    None when each is this user's own or root's and not writable by group or others (`loose_folder`)."""
    folders, links = folders_above(path)
    for folder in folders:
        try:
            info = os.stat(folder)
        except OSError:
            continue  # gone meanwhile: the lookup of `path` itself fails and says so
        if found := loose_folder(folder, info):
            return folder, *found
    for link in links:  # a link's own mode means nothing; its owner can remove it from a sticky folder
        with contextlib.suppress(OSError):
            info = os.lstat(link)
            if info.st_uid not in (os.geteuid(), 0) and (found := untrusted(link, info, shared=True)):
                return link, f"is a symlink that {found[0]}", "replace it with a link of your own"
    return None


def untrusted_inside(folder: Path) -> tuple[Path, str, str] | None:
    """The first folder directly in `folder` that others can write (or another user owns), why, and
    the fix; None when there is none. For the home: quire reads its cache, snapshots and backups
    back from those folders, often before it writes there (where `private_dir` checks)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return None
    for entry in entries:
        with contextlib.suppress(OSError):  # gone meanwhile, or a dangling link: nothing to read from
            if entry.is_dir() and (found := untrusted(Path(entry.path), os.stat(entry.path), shared=True)):
                return Path(entry.path), *found
    return None


def refuse_untrusted(
    path: Path, error: type[QuireError], *, what: str = "", secret: bool = False, shared: bool = False
) -> None:
    """`error` naming `path` and the fix when quire must not trust it (`untrusted`, `shared` as
    there), or a folder above it (`untrusted_above`); nothing more when it is missing (each caller
    says what a missing one means, and the folders above it are checked all the same)."""
    try:
        info: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise error(f"{what}{path} cannot be read ({exc.strerror}); fix its permissions or remove it") from None
    if info is not None and any(test(info.st_mode) for test, _ in _KINDS):  # a device is writable by all:
        # `chmod` would follow the link to it, so the fix is to remove what is there, named as `kind` says.
        raise error(f"{what}{path} is {kind(path)}, not a regular file, so quire does not use it; remove it")
    found = untrusted(path, info, secret=secret, shared=shared) if info is not None else None
    if found:
        raise error(f"{what}{path} {found[0]}, so quire does not use it; {found[1]}")
    above = untrusted_above(path)
    if above:
        folder, why, fix = above
        raise error(
            f"{what}{path} is inside {folder}, which {why}, so quire does not use it "
            f"(another user could put their own in its place); {fix}"
        )


def lock(path: Path, *, attempts: int = 10) -> int | None:
    """Take an exclusive flock on `path` (created 0600): its descriptor, or None when another
    process holds it. Closing the descriptor releases the lock. Anything but a regular file in its
    place is refused (InvalidInput): the holder writes its pid or state into the file, through a
    symlink into whatever it names, and a FIFO would take the write and lose it.

    A holder that removes the file when it finishes (serve.json) may do so between our open and
    our flock; the lock is then on a file nobody else sees, so the open is retried."""
    for _ in range(attempts):
        fd = _open_to_write(path, os.O_RDWR, "a lock file")
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


@contextlib.contextmanager
def waited_lock(path: Path) -> Iterator[None]:
    """An exclusive flock on `path` (created 0600), waited for: one writer at a time of what it guards
    (the vector cache's files, whose save removes the files no metadata names: another process's,
    written and not yet named). Released when the block ends, or by the kernel when the holder dies."""
    fd = _open_to_write(path, os.O_RDWR, "a lock file")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def open_log(path: Path, *, rotate_at: int | None = None, keep: int = 3, adding: int = 0) -> BinaryIO:
    """`path` opened to append to (created 0600): serve.log, rebuild.log. Anything but a regular file
    there is refused as a lock file is (a FIFO would block the write for ever). With `rotate_at`, a
    log that `adding` more bytes would take past it moves to path.1 (.1 .. .keep, the oldest
    dropped) and a new one is opened: no log quire writes grows for ever."""
    fh = os.fdopen(_open_to_write(path, os.O_WRONLY | os.O_APPEND, "a log"), "ab")
    size = os.fstat(fh.fileno()).st_size
    if rotate_at is None or not size or size + adding < rotate_at:
        return fh
    fh.close()  # rotated first: the full log moves, a new one is opened
    for n in range(keep - 1, 0, -1):
        with contextlib.suppress(FileNotFoundError):
            os.replace(f"{path}.{n}", f"{path}.{n + 1}")
    os.replace(path, f"{path}.1")
    return os.fdopen(_open_to_write(path, os.O_WRONLY | os.O_APPEND, "a log"), "ab")


def _open_to_write(path: Path, flags: int, what: str) -> int:
    """A descriptor on the regular file `path` (created 0600), opened without following a symlink
    (quire would write into whatever file it names) or waiting on a FIFO; InvalidInput naming what
    is there instead, and `rm`."""
    try:
        fd = os.open(path, flags | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise
        fd = -1
    if fd < 0 or not stat.S_ISREG(os.fstat(fd).st_mode):
        if fd >= 0:
            os.close(fd)
        raise InvalidInput(f"{path} is {kind(path)}, where quire keeps {what}; remove it (`rm {path}`)")
    return fd


# -- reading: only regular files, one decoder ------------------------------------------------------

_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def stat_input(path: Path) -> os.stat_result:
    """The stat of a path quire was asked to read (following symlinks); InvalidInput naming what is
    wrong: missing, a dangling symlink, a symlink loop, no permission."""
    if "\x00" in str(path):  # os.stat raises ValueError for it: a traceback, or a 500 from quire serve
        raise InvalidInput(
            f"the path {str(path)[:80]!r} holds a NUL character, which no file name can hold; check the path"
        )
    try:
        return os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise InvalidInput(
                f"{path} is a symlink to {os.readlink(path)}, which does not exist; point it at the real file"
            ) from None
        raise InvalidInput(f"cannot read {path}: it does not exist; check the path") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InvalidInput(
                f"{path} is a symlink loop (following it comes back to itself); point it at the real file"
            ) from None
        if exc.errno == errno.ENAMETOOLONG:
            raise InvalidInput(f"the path {str(path)[:80]}... is too long for the file system") from None
        raise InvalidInput(f"cannot read {path} ({exc.strerror}); check the path and its permissions") from None


def kind(path: Path) -> str:
    """What is at `path`, in words, for a message about something that is not a regular file."""
    try:
        info = os.lstat(path)
    except OSError:
        return "missing"
    if stat.S_ISLNK(info.st_mode):
        try:
            info = os.stat(path)
        except OSError:
            return f"a symlink to {os.readlink(path)}, which cannot be followed"
        return f"a symlink to {kind(Path(os.path.realpath(path)))}"
    if stat.S_ISDIR(info.st_mode):
        return "a folder"
    return next((said for test, said in _KINDS if test(info.st_mode)), "a regular file")


def refuse_not_database(path: Path, what: str) -> None:
    """StoreError when something other than a regular file (a symlink to one is fine) is where
    quire keeps `what` (its database, its outbox): SQLite would take a FIFO or a folder there for
    a failed disk. Nothing there is fine (the file is made)."""
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:  # nothing there, a dangling symlink, or a file another quire made since
        try:
            regular = stat.S_ISREG(os.lstat(path).st_mode)  # a link (dangling) is not; a new file is
        except FileNotFoundError:
            regular = True  # nothing there: the file is made
        except OSError:
            regular = False
    except OSError:
        regular = False
    if not regular:
        raise StoreError(f"{path} is {kind(path)}, where quire keeps {what}; move it away, then run the command again")


def refuse_special(path: Path, st: os.stat_result) -> None:
    """InvalidInput for anything but a regular file or a folder (a FIFO would hang a read forever,
    /dev/zero would read until memory runs out)."""
    for test, kind in _KINDS:
        if test(st.st_mode):
            raise InvalidInput(
                f"{path} is {kind}, not a regular file; quire reads only regular files: copy it into one"
            )


def open_regular(path: Path) -> BinaryIO:
    """Open a regular file for reading, binary. FIFOs, devices, sockets, folders and symlinks to
    them are refused (InvalidInput, nothing read); the check is repeated on the open descriptor
    (O_NONBLOCK, so a FIFO swapped in between cannot block the open)."""
    st = stat_input(path)
    refuse_special(path, st)
    if stat.S_ISDIR(st.st_mode):
        raise InvalidInput(f"{path} is a folder, not a file")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InvalidInput(f"cannot read {path} ({exc.strerror}); check the path and its permissions") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        refuse_special(path, st)
        raise InvalidInput(f"{path} is not a regular file; quire reads only regular files")
    return os.fdopen(fd, "rb")


def read_regular(path: Path, *, limit: int, fix: str = "split it up") -> bytes:
    """The whole of a regular file of at most `limit` bytes (checked while reading, not trusted
    from its size: a file can grow while it is read); past it, InvalidInput naming `fix`."""
    with open_regular(path) as fh:
        return read_limited(fh, path, limit, fix=fix)


def read_limited(fh: BinaryIO, path: Path, limit: int, *, fix: str = "split it up") -> bytes:
    """The rest of `fh`, at most `limit` bytes: InvalidInput naming `path` and `fix` past it."""
    parts: list[bytes] = []
    size = 0
    # Read by the size it has (then in 1 MB steps if it grew): `read(limit + 1)` allocates the
    # whole limit first, 50 MB for every note of a Markdown folder.
    want = os.fstat(fh.fileno()).st_size + 1
    while size <= limit:
        chunk = fh.read(min(limit + 1 - size, want))
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
        want = 1 << 20
    data = parts[0] if len(parts) == 1 else b"".join(parts)
    if len(data) > limit:
        raise InvalidInput(f"{path} is over the {limit:,}-byte limit; {fix}")
    return data


def regular(path: Path) -> bool:
    """Whether `path` is a regular file (or a symlink to one): a cache quire keeps for itself is read
    only then, as a FIFO there hung the read (every recall, every rebuild) and a folder raised."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def remove_kept(path: Path) -> None:
    """Remove a file quire keeps for itself (a plan record, a cache) if it is there; a folder in
    its place is StoreError in words (os.unlink raised IsADirectoryError, a traceback)."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        if path.is_dir():  # IsADirectoryError (EPERM on macOS)
            raise folder_in_place(path) from None
        raise


def folder_in_place(path: Path) -> StoreError:
    """The one refusal for a folder where quire keeps a file of its own."""
    return StoreError(f"{path} is a folder, where quire keeps a file; move it away, then run the command again")


def read_cache(path: Path) -> bytes:
    """The bytes of a derived file quire keeps for itself (a cache, a plan record, a snapshot's
    file). Anything but a regular file there (a FIFO, which would hang the read, a folder) raises
    OSError, as a damaged file does, so the caller takes it for a damaged cache: only a slower start."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # before fdopen, whose error for a folder names the fd
        os.close(fd)
        raise OSError(errno.EINVAL, f"{kind(path)}, not a regular file", str(path))
    with os.fdopen(fd, "rb") as fh:
        return fh.read()


def open_kept(path: Path, *, fix: str = "") -> BinaryIO | None:
    """A file quire keeps for itself (serve.json, serve.token, a stamp, a record) opened for
    reading, or None when there is none. Anything else in its place (a FIFO, which would hang the
    read, a device, a folder, a dangling symlink) is InvalidInput naming it and `fix` (default: quire
    never makes one there, so remove it)."""
    try:
        return open_regular(path)
    except InvalidInput:
        if not os.path.lexists(path):
            return None
        found = kind(path)
        if found == "a regular file":  # made (renamed into place) since the open missed it, or unreadable
            return open_regular(path)  # once more: an unreadable one raises why
        fix = fix or f"remove it (`rm {path}`)"
        raise InvalidInput(f"{path} is {found}, not the file quire keeps there; {fix}") from None


def read_kept(path: Path, *, limit: int, fix: str = "") -> bytes | None:
    """The bytes of a file quire keeps for itself (`open_kept`), or None when there is none; more
    than `limit` (a symlink to some huge file) is InvalidInput too, found before it is all read."""
    handle = open_kept(path, fix=fix)
    if handle is None:
        return None
    with handle:
        return read_limited(
            handle, path, limit, fix=fix or f"quire keeps no file that large there; remove it (`rm {path}`)"
        )


_BOMS = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
SUPPORTED = "quire reads UTF-8, with or without a byte order mark, and UTF-16 with one"


def sniff(head: bytes) -> tuple[str, int]:
    """(encoding, BOM length) from the first bytes: utf-8 | utf-16-le | utf-16-be; InvalidInput for
    UTF-32 (which quire does not read)."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            if name.startswith("utf-32"):
                raise InvalidInput(f"the file is {name.upper()} text; re-save it as UTF-8 ({SUPPORTED})")
            return name, len(bom)
    return "utf-8", 0


def encoding_problem(raw: bytes, exc: UnicodeDecodeError, *, offset: int = 0) -> str:
    """The reason a unit is not UTF-8, naming what it looks like instead."""
    bad = raw[exc.start : exc.start + 1]
    if raw[:200].count(b"\x00") > len(raw[:200]) // 4:
        guess = "UTF-16 without a byte order mark"
    elif bad and bad[0] >= 0x80:
        guess = "Latin-1 or Windows-1252"
    else:
        guess = "another encoding"
    return (
        f"not UTF-8 text (byte 0x{bad.hex()} at offset {offset + exc.start:,}; it looks like {guess}); "
        f"re-save it as UTF-8 ({SUPPORTED})"
    )


BINARY_HEAD = 8000  # bytes read to tell a text from binary data, as git tells them
# Files that are never text, by their first bytes (a PNG named notes.json was read as 13 bad "lines").
_MAGIC = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"\xfd7zXZ", "xz-compressed data"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed data"),
    (b"\x7fELF", "a program"),
    (b"SQLite format 3\x00", "an SQLite database"),
)
# Control bytes no text holds (tab, line ends, form feed and ESC are text's); random bytes are 1/9 of them.
_CONTROL = bytes([*range(0, 9), *range(14, 27), *range(28, 32), 127])


def binary_kind(head: bytes) -> str | None:
    """What the first bytes of a file to import are when they are not text ("a PNG image", "UTF-16
    text without a byte order mark", "binary data"), or None for text: a known signature, a NUL at
    the start or in a quarter of the bytes, or control bytes in a sixteenth of them. A stray NUL or
    escape in text is not enough: that unit's own refusal says so and the rest lands."""
    if head.startswith(b"PK") or any(head.startswith(bom) for bom, name in _BOMS if not name.startswith("utf-32")):
        return None  # a zip (the chat exports' archives) is read by its own reader; UTF-16 with a BOM is text
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    nuls = head.count(b"\x00")
    even, odd = head[0::2].count(b"\x00"), head[1::2].count(b"\x00")
    if len(head) >= 4 and max(even, odd) > len(head) // 2 * 0.9 and min(even, odd) < len(head) // 20 + 1:
        order = "LE" if odd > even else "BE"  # ASCII in UTF-16: every other byte a NUL, the high one
        return f"UTF-16{order} text without a byte order mark"
    if head[:1] == b"\x00" or nuls > len(head) // 4:
        return "binary data"
    controls = len(head) - len(head.translate(None, _CONTROL))
    return "binary data" if controls * 16 > len(head) else None


def refuse_binary(path: Path, st: os.stat_result) -> None:
    """Refuse a regular file to import that is not text (`binary_kind` of its first BINARY_HEAD
    bytes), told from the head alone, before anything is read, by the importer and by the format's
    detection alike: a 1 GB sparse file (all NULs) was read whole, line by line, for 13 s before its
    first line was refused, and a small one (8,000 bytes or less) was "cannot tell the format"."""
    if not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        return
    with open_regular(path) as fh:
        head = fh.read(BINARY_HEAD)
    refuse_not_text(head, str(path), "import reads JSONL, Markdown notes, chat exports (JSON, text or their .zip)")


def refuse_not_text(
    head: bytes, name: str, reads: str, fix: str = "check the path, or re-save the text as UTF-8"
) -> None:
    """InvalidInput naming what `head` (a file's or stdin's first bytes) is when it is not text
    (`binary_kind`), with what the command reads (`reads`) and `fix`; nothing for text."""
    kind = binary_kind(head[:BINARY_HEAD])
    if kind is None:
        return
    if kind.startswith("UTF-16"):
        raise InvalidInput(f"{name} is {kind}; re-save it as UTF-8 (iconv -f {kind.split()[0]} -t UTF-8; {SUPPORTED})")
    if kind == "binary data":
        kind += ", not text (its first bytes are NULs or control bytes: a sparse, zeroed or damaged file)"
    else:
        kind += ", not text"
    if kind.endswith(("compressed data, not text", "archive, not text")):  # conversations.json.gz: unpack it
        fix = "unpack it first and give what it holds"
    raise InvalidInput(f"{name} is {kind}; {reads}: {fix}")


def decode(raw: bytes) -> str:
    """One unit's bytes (a note, a line, a whole small file) as text: a UTF-8 BOM stripped, UTF-16
    with a BOM decoded, anything else InvalidInput naming the encoding."""
    name, skip = sniff(raw[:4])
    try:
        return raw[skip:].decode(name)
    except UnicodeDecodeError as exc:
        if name != "utf-8":
            raise InvalidInput(
                f"damaged {name.upper()} text at offset {skip + exc.start:,}; re-save it as UTF-8"
            ) from None
        raise InvalidInput(encoding_problem(raw, exc)) from None


class Utf8Stream(io.RawIOBase):
    """A binary stream read as UTF-8 bytes: a UTF-8 BOM skipped, UTF-16 with a BOM transcoded,
    and, with `strict`, any byte that is not UTF-8 an InvalidInput at its offset (a JSON parser
    then never sees it). More than `limit` bytes read is an InvalidInput too."""

    def __init__(self, raw: BinaryIO, *, strict: bool = True, limit: int | None = None, name: str = "the file"):
        super().__init__()
        self._raw = raw
        self._name = name
        self._limit = limit
        self._read = 0
        self._out = b""
        head = raw.read(4)
        encoding, skip = sniff(head)
        self._head = head[skip:]
        self._offset = skip
        self._transcode = encoding != "utf-8"
        self._decoder = codecs.getincrementaldecoder(encoding)("strict") if (strict or self._transcode) else None
        self.encoding = encoding
        self._eof = False

    def readable(self) -> bool:
        return True

    def _chunk(self, size: int) -> bytes:
        data = self._head + self._raw.read(size)
        self._head = b""
        self._read += len(data)
        if self._limit is not None and self._read > self._limit:
            raise InvalidInput(f"{self._name} is over the {self._limit:,}-byte limit; split it up")
        if self._decoder is None:
            return data
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            if self._transcode:
                raise InvalidInput(
                    f"{self._name}: damaged {self.encoding.upper()} text near offset {self._offset:,}; "
                    "re-save it as UTF-8"
                ) from None
            raise InvalidInput(f"{self._name}: {encoding_problem(data, exc, offset=self._offset)}") from None
        self._offset += len(data)
        return text.encode("utf-8") if self._transcode else data

    def readinto(self, buffer: Any) -> int:
        want = len(buffer)
        while not self._out and not self._eof:
            self._out = self._chunk(max(want, 1 << 16))
            if not self._out:
                self._eof = True
        n = min(want, len(self._out))
        buffer[:n] = self._out[:n]
        self._out = self._out[n:]
        return n

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._raw.close()
        super().close()


def utf8_stream(raw: BinaryIO, *, strict: bool = True, limit: int | None = None, name: str = "the file") -> BinaryIO:
    """`Utf8Stream` behind a buffer (so lines and large reads are cheap)."""
    return cast(BinaryIO, io.BufferedReader(Utf8Stream(raw, strict=strict, limit=limit, name=name), 1 << 16))
