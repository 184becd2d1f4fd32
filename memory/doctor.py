"""`quire doctor`, `quire backup`, `quire restore`: the full check, a verified copy, and the way back.

- doctor runs SQLite's full `integrity_check` on the home's database (or the server's) and on the
  outbox, compares the schema record with the tables it holds, and lists the backups; each
  problem comes with what to do.
- backup copies the database while it stays usable: `VACUUM INTO` (SQLite's online, consistent
  copy) for a plaintext home; for an encrypted one the file itself under a write lock after a
  checkpoint (VACUUM INTO would write plaintext). The copy lands as a temp file beside the others,
  is opened and checked in full and its memories counted against the source, and only then
  renamed into home/backups/; a kill at any moment leaves at most a temp file the next backup
  removes. `keep` prunes the oldest (the nightly rebuild keeps the last few).
- restore checks the chosen backup in full, keeps the current file aside, and switches with one
  rename; the next open checks the restored file again.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory import clock, failpoints, files, integrity, migrations, rehear, statements
from memory.db import SERVER_RESTORE, SQLITE_HEADER, UPGRADE_FIX, Database, FileDatabase
from memory.errors import InvalidInput, NotFound, SchemaTooNew, StoreError, Unreachable
from memory.files import TEMP_PREFIX, fsync_dir, private_dir
from memory.home import Home, describe_store, home_key, open_db, open_store, store_url

BACKUP_DIR = integrity.BACKUP_DIR
KEEP_NIGHTLY = 7  # backups the nightly rebuild keeps


def backups_dir(home: Home) -> Path:
    return home.root / BACKUP_DIR


def list_backups(home: Home) -> list[Path]:
    """Finished backups, newest first (temp files of a killed backup are not backups)."""
    return integrity.backups_of(home.db_path)


# What quire keeps beside the store when it replaces it: `store pull --force` (quire.db.replaced-<time>)
# and `quire restore` (quire.db.before-restore-<time>). Copies of the person's data as backups are.
KEPT_ASIDE = (".replaced-*", ".before-restore-*")


def kept_aside(home: Home) -> list[Path]:
    """The database files kept beside the store (`KEPT_ASIDE`; their -wal / -shm left out): forget
    and encryption reach them as they reach backups."""
    db_path = home.db_path
    found = {
        p
        for pattern in KEPT_ASIDE
        for p in db_path.parent.glob(db_path.name + pattern)
        if p.is_file() and not p.name.endswith(("-wal", "-shm"))
    }
    return sorted(found)


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.ok, "detail": self.detail, "fix": self.fix}


@dataclass
class DoctorReport:
    store: str
    checks: list[Check] = field(default_factory=list)
    backups: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "store": self.store,
            "checks": [c.as_dict() for c in self.checks],
            "backups": self.backups,
        }


STATEMENTS_SCHEMA = 24  # the migration that made the statements table


def _schema_check(db: Database) -> Check:
    version = migrations.current(db)
    newest = migrations.latest()
    tables = {r[0] for r in db.rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version > newest:
        return Check("schema", False, f"version {version}, newer than this quire ({newest})", UPGRADE_FIX)
    if ("applied_writes" in tables and version < 7) or ("memories" in tables and version == 0):
        return Check(
            "schema",
            False,
            f"the schema record says version {version} but the database holds later tables "
            "(its user_version was changed outside quire)",
            "restore a backup; or, if nothing else was changed, set it back with the version a backup shows",
        )
    return Check("schema", True, f"version {version} of {newest}")


def _reading_check(db: Database) -> list[Check]:
    """A note (not a failure) when what typed memories state waits to be read again with this quire's
    newer rules (memory/statements.reread): the next rebuild does it."""
    if not STATEMENTS_SCHEMA <= migrations.current(db) <= migrations.latest():
        return []  # before the table (opening the home makes it, read with these rules) or a newer quire's
    left = statements.pending(db)
    if not left:
        checks = [Check("statements", True, f"read with this quire's rules (reading {statements.READING})")]
    else:
        was = statements.recorded(db)
        before = f"reading {was}" if was else "rules older than the record of them"
        checks = [
            Check(
                "statements",
                True,
                f"pending: what {left} typed memor{'y states' if left == 1 else 'ies state'} was read with {before}; "
                f"the next rebuild (the nightly job) reads it again with reading {statements.READING}",
                "`quire rebuild` does it now",
            )
        ]
    return [*checks, *_hearing_check(db)]


def _hearing_check(db: Database) -> list[Check]:
    """A note (not a failure) when the person's own untyped turns wait to be heard again with this
    quire's newer rules (memory/rehear.py): the next rebuild does it. Nothing when none waits."""
    left = rehear.pending(db)
    if not left:
        return []
    was = rehear.recorded(db)
    before = f"reading {was}" if was else "rules older than the record of them"
    return [
        Check(
            "hearing",
            True,
            f"pending: {left} untyped turn{'' if left == 1 else 's'} of yours (imported chats and notes) "
            f"{'was' if left == 1 else 'were'} heard with {before}; the next rebuild (the nightly job) hears "
            f"{'it' if left == 1 else 'them'} again with reading {statements.READING} (a change said opens its item)",
            "`quire rebuild` does it now",
        )
    ]


def doctor(home: Home, config_problems: Sequence[str] = ()) -> DoctorReport:
    """Every check, each with what to do; nothing is written to a database that fails.
    `config_problems`: what config.toml names that the app layer knows quire does not have (an
    unknown tool in `[agents] disabled_tools`), each a failed `config` check."""
    report = DoctorReport(describe_store(home))
    report.backups = [str(p) for p in list_backups(home)]
    if home.root.exists() and not home.root.is_dir():
        report.checks.append(Check("home", False, f"{home.root} is a file", "point QUIRE_HOME at a folder"))
        return report
    report.checks.append(Check("home", True, str(home.root)))
    report.checks += [Check("config", False, said, "fix config.toml as the line says") for said in config_problems]
    if store_url(home) is not None:
        try:
            db: Database = open_store(home)
        except StoreError as exc:
            # Unreachable or refused: the server and the token; a newer quire's schema: this quire
            # (never a restore, which would put an older home over the newer one); else the database.
            token = isinstance(exc, Unreachable) or "token" in str(exc)
            fix = "check the server and the token" if token else SERVER_RESTORE
            fix = UPGRADE_FIX if isinstance(exc, SchemaTooNew) else fix
            report.checks.append(Check("database", False, str(exc), fix))
            return report
        try:
            found = integrity.problems(db, full=True)
            report.checks.append(
                Check(
                    "database",
                    not found,
                    "; ".join(found) or "integrity_check: ok",
                    "" if not found else SERVER_RESTORE,
                )
            )
            report.checks.append(_schema_check(db))
            report.checks += _reading_check(db)
        finally:
            db.close()
    elif home.db_path.exists():
        report.checks += _file_checks(home, home.db_path, "database", home_key(home))
    else:
        report.checks.append(Check("database", True, f"{home.db_path} does not exist yet (a new home)"))
    outbox = home.root / "outbox.db"
    if outbox.exists():
        report.checks += _file_checks(home, outbox, "outbox", home_key(home), schema=False)
    if not report.backups:
        report.checks.append(Check("backups", True, "none yet", "`quire backup` makes one (rebuild keeps the last 7)"))
    else:
        report.checks.append(Check("backups", True, f"{len(report.backups)}, newest {Path(report.backups[0]).name}"))
    return report


def _file_checks(home: Home, path: Path, name: str, key: str | None, *, schema: bool = True) -> list[Check]:
    fix = (
        integrity.restore_fix(home.db_path)  # what every command that meets the damage says too
        if name == "database"
        else (
            f"move {path} aside (its queued captures are lost unless it is repaired with `sqlite3 .recover`); "
            "captures queue again into a new one"
        )
    )
    try:
        files.refuse_not_database(path, f"its {name}")  # a FIFO or a folder there passed every check
        db = FileDatabase(path, configure=False, encryption_key=key)
    except StoreError as exc:
        return [Check(name, False, str(exc), fix)]
    found = ["not checked"]  # stamped whole only once the full check found nothing
    try:
        if key is not None and not _key_reads(db):
            # An encrypted file the key cannot read fails integrity_check as damage would: name the
            # key first, as every other command does, not a repair that gives up a whole file.
            return [Check(name, False, f"the key does not open {path}", f"{KEY_FIX}; if that key is right: {fix}")]
        cut = integrity.emptied(path)
        found = [cut] if cut else integrity.problems(db, full=True)
        if found:
            return [Check(name, False, "; ".join(found[:5]), fix)]
        checks = [Check(name, True, f"{path}: integrity_check ok")]
        if schema:
            checks.append(_schema_check(db))
            checks += _reading_check(db)
        return checks
    finally:
        db.close()
        if not found:
            integrity.stamp(path)


KEY_FIX = "check QUIRE_KEY or key_file (the key this home was encrypted with) and run `quire doctor` again"


def _key_reads(db: Database) -> bool:
    """Does the key read the file's first page (where a wrong key fails, before any table)?"""
    try:
        db.scalar("SELECT count(*) FROM sqlite_master")
    except StoreError:
        return False
    return True


# -- backup and restore ---------------------------------------------------------------------------


def _count(path: Path, key: str | None) -> tuple[list[str], int | None, int]:
    """What the full check finds, the memories (None without a memories table) and the schema version."""
    db = FileDatabase(path, configure=False, encryption_key=key, private=False)  # maybe a file of the person's
    try:
        cut = integrity.emptied(path)
        found = [cut] if cut else integrity.problems(db, full=True)
        if found:
            return found, 0, 0
        if not db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'memories'"):
            return [], None, 0
        return [], int(db.scalar("SELECT count(*) FROM memories") or 0), migrations.current(db)
    finally:
        db.close()


def _restorable(source: Path, key: str | None) -> int:
    """The memories in `source`, once it is a whole quire database this home can open; a StoreError
    saying which it is not (a text file or random bytes read as "damaged too", an empty file or
    another program's database as "lacks part of quire's schema ... run `quire doctor`")."""
    other = "choose another (`quire doctor` lists this home's backups)"
    try:
        with open(source, "rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StoreError(f"cannot read {source} ({exc.strerror}); make it readable by you, or {other}") from None
    if not head:
        raise StoreError(f"{source} is empty: it is not a quire backup; {other}")
    _same_kind(source, head, key)
    found, count, version = _count(source, key)
    if found and head != SQLITE_HEADER:  # an encrypted file's header is ciphertext: wrong key and damage look alike
        raise StoreError(
            f"{source} is not a backup this home can open (not a database, or made with another key); {other}"
        )
    if found:
        raise StoreError(f"{source} is damaged ({found[0][:120]}); {other}")
    if count is None:
        raise StoreError(f"{source} is a database but not a quire one (it holds no memories table); {other}")
    if version > migrations.latest():
        raise StoreError(f"{source} was written by a newer quire (schema {version}); upgrade quire to restore it")
    return count


def _same_kind(source: Path, head: bytes, key: str | None) -> None:
    """A restore puts the backup back as it is, it does not convert: a plaintext backup into an
    encrypted home (read as "damaged" before) or an encrypted one into a plaintext home (read as
    "not a database at all") is refused saying which is which and how to proceed."""
    if key is None and head != SQLITE_HEADER:  # an encrypted file's header is ciphertext, as random bytes are
        raise StoreError(
            f"{source} is not a quire backup (not a database at all), or an encrypted one while this home is not "
            f"encrypted; a restore does not convert: to restore an encrypted backup, `quire encrypt` this home "
            f"with the key it was made with first (docs/privacy.md), or choose a plaintext backup"
        )
    if key is not None and head == SQLITE_HEADER:
        found, count, _ = _count(source, None)
        if not found and count is not None:
            raise StoreError(
                f"{source} is a plaintext backup ({count} memories) and this home is encrypted; a restore does not "
                f"convert: run `quire decrypt`, restore it, then `quire encrypt` again, or choose an encrypted backup"
            )


def backup(home: Home, *, keep: int | None = None) -> dict[str, Any]:
    """A verified copy of the home's database in home/backups/; `keep` prunes older ones."""
    if store_url(home) is not None:
        raise InvalidInput(
            "this home's store is a libSQL server: back it up on the server (its own snapshots), or "
            "`quire store pull` into another home and back that up"
        )
    if not home.db_path.exists():
        raise NotFound(f"{home.db_path} does not exist: nothing to back up (check QUIRE_HOME)")
    folder = backups_dir(home)
    folder.mkdir(mode=0o700, exist_ok=True)
    for stale in folder.glob(f"{TEMP_PREFIX}*"):  # a killed backup's temp file
        stale.unlink(missing_ok=True)
    key = home_key(home)
    source = open_db(home)  # the open check: a damaged database is not copied as if it were whole
    stamp = clock.now().strftime("%Y%m%dT%H%M%SZ")
    final = folder / f"quire-{stamp}.db"
    for n in range(2, 1000):  # two backups in one second keep both
        if not final.exists():
            break
        final = folder / f"quire-{stamp}-{n}.db"
    tmp = folder / f"{TEMP_PREFIX}{final.name}.tmp"
    try:
        before = int(source.scalar("SELECT count(*) FROM memories") or 0)
        if key is None:
            source.execute("VACUUM INTO ?", (str(tmp),))
        else:
            _locked_copy(source, home.db_path, tmp)
        failpoints.hit("backup.copied")
    finally:
        source.close()
    try:
        os.chmod(tmp, 0o600)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        found, after, _ = _count(tmp, key)
        if found or after is None or after < before:
            raise StoreError(
                f"the backup failed its check ({'; '.join(found[:2]) or f'{after} of {before} memories'}); "
                "nothing was kept: run `quire doctor`"
            )
        failpoints.hit("backup.verified")
        os.replace(tmp, final)
        failpoints.hit("backup.renamed")
        fsync_dir(folder)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    pruned = []
    if keep is not None:
        for old in list_backups(home)[max(keep, 1) :]:
            old.unlink(missing_ok=True)
            pruned.append(str(old))
    return {"path": str(final), "memories": after, "bytes": final.stat().st_size, "pruned": pruned, "verified": True}


def nightly_backup(home: Home) -> dict[str, Any] | None:
    """The nightly rebuild's backup: the last KEEP_NIGHTLY kept; None for a store on a server."""
    if store_url(home) is not None or not home.db_path.exists():
        return None
    return backup(home, keep=KEEP_NIGHTLY)


def _locked_copy(db: Database, path: Path, tmp: Path) -> None:
    """The file's bytes with no writer between: checkpoint the WAL into it, then copy under BEGIN
    IMMEDIATE (writers wait; a commit that slipped in before the lock means one more round)."""
    for _ in range(5):
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with db.transaction():
            wal = Path(f"{path}-wal")
            if wal.exists() and wal.stat().st_size:
                continue
            shutil.copyfile(path, tmp)
            return
    raise StoreError(f"{path} is being written too often to copy it now; try `quire backup` again")


def restore(home: Home, source: Path) -> dict[str, Any]:
    """Put a backup in place of the home's database: checked in full first, the current file kept
    aside (quire.db.before-restore-<time>), one rename to switch."""
    if store_url(home) is not None:
        raise InvalidInput("this home's store is a libSQL server: `quire store push --force` a restored home instead")
    source = Path(source)
    try:
        regular = source.is_file()
    except OSError:  # a name too long for the file system was a traceback: named as every path is
        files.stat_input(source)
        raise
    if not regular:
        raise NotFound(f"{source} is not a file; `quire doctor` lists the backups of this home")
    count = _restorable(source, home_key(home))
    private_dir(home.root)
    staged = home.root / f"{TEMP_PREFIX}restore.db.tmp"
    shutil.copyfile(source, staged)
    os.chmod(staged, 0o600)
    with open(staged, "rb+") as fh:
        os.fsync(fh.fileno())
    failpoints.hit("restore.staged")
    kept = None
    if home.db_path.exists():
        kept = home.db_path.with_name(f"{home.db_path.name}.before-restore-{clock.now().strftime('%Y%m%dT%H%M%SZ')}")
        for side in ("", "-wal"):  # second names for the current file and its WAL: nothing copied or lost
            with contextlib.suppress(FileNotFoundError, FileExistsError):
                os.link(f"{home.db_path}{side}", f"{kept}{side}")
    for side in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{home.db_path}{side}").unlink()
    integrity.forget_stamp(home.db_path)
    os.replace(staged, home.db_path)
    failpoints.hit("restore.renamed")
    fsync_dir(home.root)
    return {"restored": str(source), "memories": count, "previous": str(kept) if kept else None}
