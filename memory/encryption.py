"""Encryption at rest for a whole home: turn it on, change its key, or turn it off, each verified
before it reports success (`quire encrypt`, `rekey`, `decrypt`; `quire.privacy` adds the check that
no service holds the home open).

What is covered: the database and the outbox (libSQL's own encryption, rekeyed in place), the
rebuild snapshots (sealed; `memory.keys`), and the vector and graph caches (deleted: an encrypted
home writes its vector cache sealed, and keeps the graph in memory only; a rekey or decrypt
deletes the sealed cache of the old key). Logs hold counts, never memory text. The vault stays plaintext.

A conversion is crash-safe: each database file is copied to `<name>.plain-backup` before its key
changes, the backups are removed only after everything is verified, and a run that finds
backups left by a killed one undoes it (the backups put back) if the marker still names the old
key, or finishes it if the files already open with the key the marker names. No other command
opens a home while backups are there (`memory.home.open_store`).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from memory import db as dbmod
from memory import keys
from memory.doctor import kept_aside, list_backups
from memory.errors import Conflict, InvalidInput, QuireError, StoreError
from memory.files import TEMP_PREFIX, atomic_write, lock, private_dir
from memory.home import Home, load_settings, open_db

Method = Literal["key", "keyring", "passphrase"]
BACKUP = keys.CONVERSION_BACKUP


@dataclass
class Conversion:
    home: str
    method: str | None
    files: list[str] = field(default_factory=list)  # database files rekeyed
    sealed: int = 0  # snapshot files sealed (or opened, for decrypt)
    caches_removed: int = 0
    backups: int = 0  # `quire backup` copies given the new key (or opened, for decrypt)
    memories: int = 0  # counted before and after: the same, or the conversion fails
    recovery_key: str | None = None  # printed once; never stored

    def as_json(self) -> dict[str, Any]:
        return {
            "home": self.home,
            "method": self.method,
            "files": self.files,
            "sealed": self.sealed,
            "caches_removed": self.caches_removed,
            "backups": self.backups,
            "memories": self.memories,
            "recovery_key": self.recovery_key,
        }


def _databases(home: Home) -> list[Path]:
    return [p for p in (home.db_path, home.root / "outbox.db") if p.exists() and p.stat().st_size]


def _guard(home: Home) -> int:
    private_dir(home.root)
    fd = lock(home.root / "rebuild.lock")  # the wiki's run lock: no rebuild or rollback meanwhile
    if fd is None:
        raise Conflict("a rebuild or another conversion is running on this home; wait for it, then run this again")
    return fd


def _recover(home: Home, sealed: list[Path]) -> bool:
    """A killed conversion left copies: undo it, or finish it when it was past its marker (True)."""
    backups = sorted(home.root.glob(f"*{BACKUP}"))
    if not backups:
        return False
    targets = [b.with_name(b.name.removesuffix(BACKUP)) for b in backups]
    key = keys.data_key(home.root, load_settings(home).key_file) if keys.marker(home.root) else None
    if not all(_opens(path, key) for path in targets):
        _restore_backups(home)
        return False
    if key is not None:  # files an encrypt had not sealed yet
        _seal_clear(sealed, keys.Sealer.for_key(key))
    elif (given := keys.given_key(load_settings(home).key_file)) is not None:  # a decrypt had not opened yet
        _reseal(home, sealed, keys.Sealer.for_key(given), None)
    _drop_caches(home)  # a cache of either key or in clear: rebuilt from the database
    _finish(home)
    return True


def _opens(path: Path, key: str | None) -> bool:
    """Is the file in the state the marker names (plaintext, or encrypted under `key`)?"""
    if key is None or dbmod.plaintext_file(path):
        return key is None and dbmod.plaintext_file(path)
    try:
        db = dbmod.FileDatabase(path, encryption_key=key)
        try:
            db.scalar("SELECT count(*) FROM sqlite_master")
        finally:
            db.close()
    except QuireError:
        return False
    return True


def _seal_clear(sealed: list[Path], sealer: keys.Sealer) -> None:
    for path in sorted(p for folder in sealed if folder.is_dir() for p in folder.rglob("*")):
        if path.is_file() and not keys.is_sealed(raw := path.read_bytes()):
            atomic_write(path, sealer.seal(raw), sync_dir=False)


def _restore_backups(home: Home) -> None:
    """Before its marker changed, a killed conversion is undone: its copies put back."""
    for backup in sorted(home.root.glob(f"*{BACKUP}")):
        target = backup.with_name(backup.name.removesuffix(BACKUP))
        for side in (Path(f"{target}-wal"), Path(f"{target}-shm")):
            side.unlink(missing_ok=True)
        backup.replace(target)


def _names(home: Home) -> list[str]:
    return [str(p) for p in _databases(home)]


def _memories(home: Home) -> int:
    if not home.db_path.exists():  # a server home keeps only its outbox here
        return 0
    db = open_db(home)
    try:
        return int(db.scalar("SELECT count(*) FROM memories") or 0)
    finally:
        db.close()


def _alone(home: Home, key: str | None) -> None:
    """Conflict, before anything changes, while another process has a database of the home open."""
    for path in _databases(home):
        dbmod.leave_wal(path, key)


def _rekey_all(home: Home, old: str | None, new: str | None) -> list[str]:
    done = []
    for path in _databases(home):
        shutil.copyfile(path, Path(f"{path}{BACKUP}"))
        dbmod.rekey(path, old, new)
        if (new is None) != dbmod.plaintext_file(path):
            raise StoreError(f"{path} did not change its encryption; the backup {path}{BACKUP} is kept")
        done.append(str(path))
    return done


def _reseal(home: Home, sealed: list[Path], old: keys.Sealer | None, new: keys.Sealer | None) -> int:
    """Seal, reseal or open every file under the `sealed` folders (the wiki's snapshots)."""
    changed = 0
    for path in sorted(p for folder in sealed if folder.is_dir() for p in folder.rglob("*")):
        if not path.is_file():
            continue
        raw = path.read_bytes()
        plain = old.open(raw) if old is not None and keys.is_sealed(raw) else raw
        atomic_write(path, new.seal(plain) if new is not None else plain, sync_dir=False)
        changed += 1
    return changed


def _convert_backups(home: Home, old: str | None, new: str | None) -> int:
    """`quire backup`'s copies take the new key too: a plaintext copy of an encrypted home, or one
    the old key still opens after a rekey, is the leak the conversion was for. One at a time, on a
    temp copy renamed over it; a copy the old key does not open (made before an earlier change) is
    left as it is."""
    changed = 0
    for path in [*list_backups(home), *kept_aside(home)]:
        if (old is None) != dbmod.plaintext_file(path):
            continue
        tmp = path.with_name(f"{TEMP_PREFIX}{path.name}.rekey.tmp")
        shutil.copyfile(path, tmp)
        if Path(f"{path}-wal").exists():  # the file `quire restore` set aside keeps its WAL
            shutil.copyfile(f"{path}-wal", f"{tmp}-wal")
        try:
            dbmod.rekey(tmp, old, new)
        except QuireError:
            tmp.unlink(missing_ok=True)
            continue
        finally:
            for side in ("-wal", "-shm"):
                Path(f"{tmp}{side}").unlink(missing_ok=True)
        os.replace(tmp, path)
        Path(f"{path}-wal").unlink(missing_ok=True)
        changed += 1
    return changed


def _drop_caches(home: Home) -> int:
    """Vector and graph caches hold embeddings and names: not kept for an encrypted home."""
    removed = 0
    if home.cache_dir.is_dir():
        for entry in home.cache_dir.iterdir():
            if entry.name == "onnx":  # the model's export, nothing of the person's
                continue
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed += 1
    return removed


def _drop_sealed_caches(home: Home) -> int:
    """Every sealed cache (vectors, the wiki's cluster states and plan) is under the old key: it
    would only fail its tag and be rebuilt, and meanwhile the old key would still open it."""
    found = list(home.cache_dir.rglob("*.sealed")) if home.cache_dir.is_dir() else []
    for path in found:
        path.unlink(missing_ok=True)
    return len(found)


def _finish(home: Home) -> None:
    for backup in home.root.glob(f"*{BACKUP}"):
        backup.unlink()


def encrypt(home: Home, method: Method, *, sealed: list[Path], passphrase: str | None = None) -> Conversion:
    """Encrypt a plaintext home. `key`: the key is QUIRE_KEY or the config's key_file, every time."""
    fd = _guard(home)
    try:
        if _recover(home, sealed) and keys.encrypted(home.root):  # a killed encrypt, finished now
            return Conversion(str(home.root), method, memories=_memories(home), files=_names(home))
        if keys.encrypted(home.root):
            raise InvalidInput("this home is already encrypted; use `quire rekey` to change its key")
        if method == "key":
            data_key = keys.given_key(load_settings(home).key_file)
            if data_key is None:
                raise InvalidInput("--key needs the key in QUIRE_KEY or in key_file (config.toml); set one and retry")
            keys.new_given_key(data_key)
        else:
            data_key = keys.new_data_key()
        before = _memories(home)
        _alone(home, None)
        record, recovery = keys.protect(method, data_key, passphrase=passphrase, home=home.root)
        report = Conversion(str(home.root), method, memories=before, recovery_key=recovery)
        report.files = _rekey_all(home, None, data_key)
        keys.write_marker(home.root, record)
        keys.remember(home.root, data_key)
        report.sealed = _reseal(home, sealed, None, keys.Sealer.for_key(data_key))
        report.backups = _convert_backups(home, None, data_key)
        report.caches_removed = _drop_caches(home)
        _verify(home, before, data_key)
        _finish(home)
        return report
    finally:
        os.close(fd)


def refuse_a_rekey_a_given_key_hides(key_file: str | None) -> None:
    """QUIRE_KEY or key_file always wins over the key store and a passphrase, so a rekey to either
    while one is set could never be opened with its new key: refused before anything changes (the
    CLI asks this before it prompts for a new passphrase)."""
    if keys.given_key(key_file) is not None:
        raise InvalidInput(
            "QUIRE_KEY or key_file is set and always wins over a passphrase or the key store, so a new key "
            "could not be used: `quire decrypt` with it set, then unset it and `quire encrypt --passphrase` "
            "(or --keyring); nothing was changed"
        )


def rekey(home: Home, method: Method, *, sealed: list[Path], passphrase: str | None = None) -> Conversion:
    """Change an encrypted home's key (and how it is found); the old key must open it now."""
    fd = _guard(home)
    try:
        _recover(home, sealed)
        if not keys.encrypted(home.root):
            raise InvalidInput("this home is not encrypted; use `quire encrypt`")
        settings = load_settings(home)
        if method == "key":
            raise InvalidInput(
                "to change a QUIRE_KEY / key_file key: `quire decrypt` with the old key, then `quire encrypt --key`"
            )
        refuse_a_rekey_a_given_key_hides(settings.key_file)
        old_key = keys.data_key(home.root, settings.key_file)
        assert old_key is not None
        before = _memories(home)
        _alone(home, old_key)
        new_key = keys.new_data_key()
        record, recovery = keys.protect(method, new_key, passphrase=passphrase, home=home.root)
        report = Conversion(str(home.root), method, memories=before, recovery_key=recovery)
        report.files = _rekey_all(home, old_key, new_key)
        keys.write_marker(home.root, record)
        keys.remember(home.root, new_key)
        report.sealed = _reseal(home, sealed, keys.Sealer.for_key(old_key), keys.Sealer.for_key(new_key))
        report.backups = _convert_backups(home, old_key, new_key)
        report.caches_removed = _drop_sealed_caches(home)
        _verify(home, before, new_key)
        _finish(home)
        return report
    finally:
        os.close(fd)


def decrypt(home: Home, *, sealed: list[Path]) -> Conversion:
    """Turn encryption off: the database and outbox back to plaintext, snapshots opened."""
    fd = _guard(home)
    try:
        if _recover(home, sealed) and not keys.encrypted(home.root):  # a killed decrypt, finished now
            return Conversion(str(home.root), None, memories=_memories(home), files=_names(home))
        record = keys.marker(home.root)
        if record is None:
            raise InvalidInput("this home is not encrypted; nothing to do")
        old_key = keys.data_key(home.root, load_settings(home).key_file)
        assert old_key is not None
        before = _memories(home)
        _alone(home, old_key)
        report = Conversion(str(home.root), None, memories=before)
        report.files = _rekey_all(home, old_key, None)
        (home.root / keys.MARKER).unlink()
        keys.forget_unlocked(home.root)
        if record["method"] == "keyring":
            keys.keyring_forget(home.root)
        report.sealed = _reseal(home, sealed, keys.Sealer.for_key(old_key), None)
        report.backups = _convert_backups(home, old_key, None)
        report.caches_removed = _drop_sealed_caches(home)
        _verify(home, before, None)
        _finish(home)
        return report
    finally:
        os.close(fd)


def _verify(home: Home, before: int, key: str | None) -> None:
    """Open the home as the next command will (its key found the usual way) and count again."""
    for path in _databases(home):
        if (key is None) != dbmod.plaintext_file(path):
            raise StoreError(f"{path} is not in the state the conversion promised; the backup is kept beside it")
    after = _memories(home)
    if after != before:
        raise StoreError(f"the database holds {after} memories after the conversion, {before} before; backups kept")
