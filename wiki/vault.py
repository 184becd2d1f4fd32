"""The vault on disk: safe slugs, paths that cannot leave the vault, atomic writes, the run lock.

Every file quire writes goes through `atomic_write` (temp file in the same folder, fsync,
rename, fsync of the folder), so a reader or a crash sees either the old bytes or the new ones.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from memory import files
from memory.errors import Conflict, InvalidInput
from memory.files import fsync_dir as fsync_dir  # the one fsync of a folder (rebuild uses it here)
from memory.home import folder_writable

MAX_SLUG = 80  # characters of any slug
# UTF-8 bytes of a slug in another script ("москва", "東京"): with "-NN" and ".md" it stays inside
# the shortest common file name limit (eCryptfs, 143 bytes; most file systems take 255).
MAX_SLUG_BYTES = 120
MAX_PAGE_BYTES = 50_000_000  # as a Markdown note an import reads (memory.importer.MAX_NOTE_BYTES)
# Names that are unsafe or taken as a file stem: Windows devices, vault internals, quire's own index.
RESERVED = frozenset(
    {"con", "prn", "aux", "nul", "clock"}
    | {f"com{i}" for i in range(10)}
    | {f"lpt{i}" for i in range(10)}
    | {"index", "git", "obsidian", "trash", "snapshots"}
)
_SLUG_OK = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?\Z")  # not "$": it takes "x\n"
TEMP_PREFIX = ".quire-"


def slugify(title: str) -> str:
    """A lowercase file stem: letters, digits and single dashes, never reserved, <= 80 characters.

    A title in the Latin script is transliterated to ASCII ("Über Café" is uber-cafe); one with
    letters of another script keeps them, NFC and lowercased ("Москва" is москва, "東京 2024" is
    東京-2024), so a person whose wiki is in Hebrew, Arabic, Chinese, Japanese, Russian, Greek, Thai
    or Hindi reads its file names (`page-e7eeec07.md` was every such page). A title with no letter
    or digit at all ("🙂🙂") gets a short hash so it stays distinct.
    """
    slug = _script_slug(title) if _other_script(title) else _ascii_slug(title)
    if not slug:
        slug = "page-" + hashlib.sha1(title.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    if slug in RESERVED:
        slug = f"{slug}-page"
    return slug


# An apostrophe or an ampersand inside a word joins it ("Son's kindergarten" is sons-kindergarten,
# "McDonald's" mcdonalds, "H&M" hm): a dash there ("son-s-kindergarten", "h-m") read as two words.
_INNER_APOSTROPHE = re.compile(r"(?<=\w)['’ʼ&](?=\w)")


def _ascii_slug(title: str) -> str:
    text = unicodedata.normalize("NFKD", _INNER_APOSTROPHE.sub("", title))
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return slug[:MAX_SLUG].strip("-")


def _latin(char: str) -> str:
    """The ASCII letters or digits a character stands for ("é" is e, "ｌ" is l); "" for none."""
    return unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")


def _other_script(title: str) -> bool:
    """Whether the title holds a letter or digit that is not Latin (no ASCII stands for it)."""
    return any(unicodedata.category(c)[0] in "LN" and not _latin(c).isalnum() for c in title)


def _script_slug(title: str) -> str:
    """The slug of a title with letters of another script: NFKC, lowercased; a Latin letter as
    ASCII, another script's letters, marks and digits kept; format characters (RTL marks, zero-width
    joiners) dropped; anything else one dash. Cut to MAX_SLUG characters and MAX_SLUG_BYTES bytes,
    never inside a letter and its marks."""
    out: list[str] = []
    for c in unicodedata.normalize("NFKC", _INNER_APOSTROPHE.sub("", title)).lower():
        kind = unicodedata.category(c)
        latin = _latin(c).lower()
        if c.isascii() or latin.isalnum():
            out.append(latin if latin.isalnum() else "-")
        elif kind[0] in "LN" or (kind[0] == "M" and out and not out[-1].isascii()):
            out.append(c)
        elif kind != "Cf" and kind[0] != "M":
            out.append("-")
    slug = re.sub(r"-{2,}", "-", unicodedata.normalize("NFC", "".join(out))).strip("-")
    return cut(slug, MAX_SLUG_BYTES)


def cut(slug: str, max_bytes: int) -> str:
    """The slug cut to at most MAX_SLUG characters and `max_bytes` UTF-8 bytes, never between a
    letter and its marks (a Hindi or Thai vowel sign left alone), without a dash at its end."""
    size = 0
    end = 0
    for end, c in enumerate(slug[:MAX_SLUG], start=1):
        size += len(c.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            end -= 1
            break
    else:
        end = min(len(slug), MAX_SLUG)
    if end < len(slug) and unicodedata.category(slug[end])[0] == "M":
        while end > 0 and unicodedata.category(slug[end - 1])[0] == "M":
            end -= 1
        end = max(end - 1, 0)  # the letter the marks belong to goes with them
    return slug[:end].strip("-")


def numbered(base: str, n: int) -> str:
    """The n-th slug for a title whose slug is taken ("ledger-2", "москва-3"), inside the bounds."""
    tail = f"-{n}"
    return f"{cut(base, MAX_SLUG_BYTES - len(tail))[: MAX_SLUG - len(tail)].rstrip('-')}{tail}"


def slug_key(slug: str) -> str:
    """What a file system that ignores case and Unicode normalisation (macOS, Windows) sees of a
    slug or file stem: two slugs with one key would be one file there."""
    return unicodedata.normalize("NFC", slug).casefold()


def valid_slug(slug: str) -> bool:
    """A slug `slugify` could give: ASCII (`_SLUG_OK`), or NFC lowercase letters, marks, digits
    and dashes of any script within MAX_SLUG characters and MAX_SLUG_BYTES bytes; never reserved."""
    if _SLUG_OK.match(slug):
        return slug not in RESERVED
    return (
        0 < len(slug) <= MAX_SLUG
        and len(slug.encode("utf-8", "surrogatepass")) <= MAX_SLUG_BYTES
        and not slug.isascii()
        and unicodedata.normalize("NFC", slug) == slug
        and slug[0] != "-"
        and slug[-1] != "-"
        and unicodedata.category(slug[0])[0] != "M"
        and all(_slug_char(c) for c in slug)
    )


def _slug_char(c: str) -> bool:
    if c.isascii():
        return c in "abcdefghijklmnopqrstuvwxyz0123456789-"
    return unicodedata.category(c)[0] in "LMN" and c.lower() == c and not _latin(c).isalnum()


def page_path(vault: Path, slug: str, *, allow_index: bool = False) -> Path:
    """The file of `slug` inside `vault`; refuses anything that would resolve elsewhere."""
    if not (valid_slug(slug) or (allow_index and slug == "index")):
        raise InvalidInput(
            f"{slug!r} is not a safe page slug; use lowercase letters, digits and dashes (as `quire pages` lists)"
        )
    root = _resolved(str(vault))
    # The final component is not resolved: a rename replaces a symlink itself, never its target.
    # A valid slug has no separator, so the file's folder is the resolved vault itself.
    path = root / f"{slug}.md"
    if path.parent != root or path.name != f"{slug}.md":
        raise InvalidInput(f"page {slug!r} would be written outside the vault {root}; refusing")
    return path


@functools.lru_cache(maxsize=16)
def _resolved(folder: str) -> Path:
    return Path(folder).resolve()


def writable(folder: Path) -> bool:
    """Writable by intent (owner write bit) and by access, as memory.home judges the home folder."""
    return folder_writable(folder)


def digest(data: bytes | str) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()


def require_folder(vault: Path) -> None:
    """Refuse a vault path that exists but is not a folder (a file, a socket), in plain words."""
    if vault.exists() and not vault.is_dir():
        raise InvalidInput(
            f"the vault {vault} is a file, not a folder; move the file away or set wiki_dir in config.toml"
        )


def read_bytes(path: Path, *, outside: Literal["refuse", "skip"] = "refuse") -> bytes | None:
    """A page file's bytes, None when there is none. A folder, FIFO, device or socket in its place
    (or a symlink to one) is refused in one line naming the fix (read, a folder raised
    IsADirectoryError and a FIFO blocked the rebuild for ever); O_NONBLOCK so opening a FIFO does
    not wait for a writer. A file past MAX_PAGE_BYTES (a symlink to some huge file) is refused
    before it is all read: it was read whole, into memory. A symlink to a file outside the vault is
    refused (`_leaves_the_vault`), or with `outside="skip"` (a forget's scrub) taken as no page file."""
    fix = "move it out of the vault (or delete it), then run the command again"
    if _leaves_the_vault(path):
        if outside == "skip":  # not a copy of quire's: a forget has nothing of its own to scrub there
            return None
        raise InvalidInput(
            f"{path} is a symlink to {os.readlink(path)}, outside the vault, where quire keeps a page file: "
            "quire reads no file outside the vault as a hand edit; put a copy of the note there instead of the link"
        )
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        fd = -1
    if fd < 0 or not stat.S_ISREG(os.fstat(fd).st_mode):
        if fd >= 0:
            os.close(fd)
        raise InvalidInput(f"{path} is {files.kind(path)}, where quire keeps a page file: {fix}")
    if _linked_outside(path, os.fstat(fd)):
        os.close(fd)
        if outside == "skip":
            return None
        raise InvalidInput(
            f"{path} is a hard link to a file outside the vault, where quire keeps a page file: quire reads no "
            "file outside the vault as a hand edit; put a copy of the note there instead of the link"
        )
    with os.fdopen(fd, "rb") as fh:
        return files.read_limited(fh, path, MAX_PAGE_BYTES, fix=f"more than a page file holds: {fix}")


def _leaves_the_vault(path: Path) -> bool:
    """Whether the page file `path` is a symlink to a file outside its folder (the vault): a synced
    vault may hold `notes.md -> ~/.ssh/id_ed25519`, and a hand edit read through it would store the
    key in the page's history. A link to another file of the vault is a note's alias and is read."""
    if not os.path.islink(path):
        return False
    target = Path(os.path.realpath(path))
    return not target.is_relative_to(Path(os.path.realpath(path.parent)))


def _linked_outside(path: Path, st: os.stat_result) -> bool:
    """Whether the page file has hard links the vault does not hold: `ln ~/.ssh/id_ed25519
    vault/kafka.md` is a regular file to every other check, and was read into the page's history
    as the person's edit. Links between the vault's own notes are aliases, as symlinks are; the
    vault is walked only for a file with more than one link, which quire never makes."""
    if st.st_nlink <= 1:
        return False
    root = Path(os.path.realpath(path.parent))
    inside = 0
    for folder, _dirs, names in os.walk(root):
        for name in names:
            with contextlib.suppress(OSError):
                other = os.lstat(os.path.join(folder, name))
                inside += (other.st_ino, other.st_dev) == (st.st_ino, st.st_dev)
    return inside < st.st_nlink


def atomic_write(path: Path, data: bytes | str, *, sync_dir: bool = True) -> None:
    """memory.files.atomic_write with the vault's temp prefix (so `clean_temp` finds a killed write's)."""
    files.atomic_write(path, data, sync_dir=sync_dir, prefix=TEMP_PREFIX)


def remove(path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def clean_temp(folder: Path) -> int:
    """Delete temp files a killed writer left behind (they never replaced anything)."""
    if not folder.is_dir():
        return 0
    count = 0
    for leftover in folder.glob(f"{TEMP_PREFIX}*.tmp"):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()
            count += 1
    return count


def yaml_str(value: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML; line separators escaped too)."""
    return json.dumps(value, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


@contextlib.contextmanager
def run_lock(home_root: Path, what: str = "rebuild") -> Iterator[None]:
    """One rebuild/rollback at a time per home: an exclusive flock on $QUIRE_HOME/rebuild.lock."""
    files.private_dir(home_root)
    path = home_root / "rebuild.lock"
    fd = files.lock(path)
    if fd is None:
        holder = (read_bytes(path) or b"").decode("ascii", "replace").strip()[:64] or "unknown"
        raise Conflict(
            f"another quire rebuild or rollback is running (pid {holder}, lock {path}); "
            f"wait for it to finish, then run `quire {what}` again"
        )
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the flock
