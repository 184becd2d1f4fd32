"""Encryption at rest: where a home's key comes from, and sealing the files derived from memories.

The database and the outbox are encrypted by libSQL itself (`encryption_key`: SQLite3MultipleCiphers,
AES-256; FTS5 and WAL work inside). Files quire writes beside them that hold memory text
(rebuild snapshots) are sealed with AES-256-GCM under a key derived from the same data key; the
vector cache is one file sealed under a second derived key (`Sealer.for_cache`: a changed or
foreign file fails its tag and the cache is rebuilt from the database), and the graph cache is
not written at all (it is read from the database). The vault stays plaintext by design: Obsidian has to read it.

A home is encrypted when `encryption.json` sits in it. It names how the data key is found:

    key        the key itself comes from QUIRE_KEY or the config's `key_file` (0600), every time
    keyring    the OS key store holds it (service "quire", the home's path as user name)
    passphrase a passphrase, stretched by Argon2id (memory-hard), unwraps it

For `keyring` and `passphrase` a recovery key is printed once when the home is encrypted; it
unwraps the data key too (give it as QUIRE_KEY). QUIRE_KEY or `key_file` always win, so scripts,
tests and servers never see a prompt.

Errors: KeyMissing (the home is encrypted and no key was found), KeyWrong (a key was found and it
does not open the database), both InvalidInput so they exit 1 with one line saying what to do.
"""

from __future__ import annotations

import base64
import contextlib
import getpass
import json
import os
import secrets
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory.errors import InvalidInput, UsageMistake
from memory.files import atomic_write, decode, read_kept, read_regular, refuse_untrusted

MARKER = "encryption.json"
SERVICE = "quire"
SEAL_MAGIC = b"QSEAL1\n"
CONVERSION_BACKUP = ".plain-backup"  # beside each database file while `quire encrypt|rekey|decrypt` runs
RECOVERY_PREFIX = "quire-recovery-"
ARGON = {"time_cost": 3, "memory_cost": 64 * 1024, "parallelism": 1}  # 64 MiB, ~0.2 s here
# The shortest NEW secret a home takes (an existing home opens with whatever key it was given): a
# passphrase is stretched by Argon2id, a given key (QUIRE_KEY, key_file) is used as it is, so it must
# be long enough to be guessed by nobody: 16 characters, a random 64-bit word in hex at the least.
LEAST_PASSPHRASE = 8
LEAST_KEY = 16


class KeyMissing(InvalidInput):
    """The home is encrypted and no key was given."""


class KeyWrong(InvalidInput):
    """A key was given and it does not open the home."""


@dataclass(frozen=True)
class Sealer:
    """Seals and opens files with AES-256-GCM under a key derived from the data key."""

    file_key: bytes

    @classmethod
    def for_key(cls, data_key: str) -> Sealer:
        return cls(_derive(data_key.encode("utf-8"), b"quire file seal v1"))

    @classmethod
    def for_cache(cls, data_key: str) -> Sealer:
        """The caches' own key (vectors): a different derivation from the same data key."""
        return cls(_derive(data_key.encode("utf-8"), b"quire cache seal v1"))

    def seal(self, data: bytes | bytearray) -> bytes:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        nonce = secrets.token_bytes(12)
        return SEAL_MAGIC + nonce + AESGCM(self.file_key).encrypt(nonce, data, SEAL_MAGIC)

    def open(self, blob: bytes) -> bytes:
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        if not blob.startswith(SEAL_MAGIC):
            return blob  # written before the home was encrypted
        body = blob[len(SEAL_MAGIC) :]
        try:
            return AESGCM(self.file_key).decrypt(body[:12], body[12:], SEAL_MAGIC)
        except InvalidTag:
            raise KeyWrong(
                "a sealed file does not open with this home's key; it was damaged or sealed elsewhere"
            ) from None

    def open_sealed(self, blob: bytes) -> bytearray:
        """`open` into a writable buffer (no copy beyond the decryption), refusing a file that is
        not sealed: a cache is never trusted in clear."""
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        if not is_sealed(blob) or len(blob) < len(SEAL_MAGIC) + 12 + 16:
            raise KeyWrong("a file that must be sealed is not; it was replaced")
        body = memoryview(blob)[len(SEAL_MAGIC) :]
        out = bytearray(len(body) - 12 - 16)
        try:
            AESGCM(self.file_key).decrypt_into(body[:12], body[12:], SEAL_MAGIC, out)
        except InvalidTag:
            raise KeyWrong(
                "a sealed file does not open with this home's key; it was damaged or sealed elsewhere"
            ) from None
        return out


def is_sealed(blob: bytes) -> bool:
    return blob.startswith(SEAL_MAGIC)


def _derive(secret: bytes, info: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(secret)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"), validate=True)


def _wrap(wrapping: bytes, data_key: str) -> str:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = secrets.token_bytes(12)
    return _b64(nonce + AESGCM(wrapping).encrypt(nonce, data_key.encode("utf-8"), b"quire data key"))


def _unwrap(wrapping: bytes, wrapped: str) -> str | None:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    blob = _unb64(wrapped)
    try:
        return AESGCM(wrapping).decrypt(blob[:12], blob[12:], b"quire data key").decode("utf-8")
    except InvalidTag:
        return None


def stretch(passphrase: str, salt: bytes) -> bytes:
    """Argon2id: a passphrase becomes a wrapping key (memory-hard, so guessing is slow)."""
    from argon2.low_level import Type, hash_secret_raw

    return hash_secret_raw(passphrase.encode("utf-8"), salt, hash_len=32, type=Type.ID, **ARGON)


def new_data_key() -> str:
    return secrets.token_hex(32)


def new_recovery_key() -> str:
    raw = base64.b32encode(secrets.token_bytes(20)).decode("ascii")
    return RECOVERY_PREFIX + "-".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def _recovery_wrapping(recovery: str) -> bytes:
    return _derive(recovery.strip().upper().encode("ascii", "ignore"), b"quire recovery v1")


# -- the marker ----------------------------------------------------------------------------------


def marker(home: Path) -> dict[str, Any] | None:
    """The home's encryption record, or None for a plaintext home."""
    path = home / MARKER
    try:
        # a FIFO there hung every command of an encrypted home
        raw = read_kept(path, limit=64 << 10, fix="restore it from a backup of the home")
        if raw is None:
            return None
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        # Python's decoder words ("Expecting value: line 1 column 1 (char 0)") named no cause a person knows
        what = "is empty (0 bytes)" if not raw else f"is cut off or edited (not JSON at line {exc.lineno})"
        raise InvalidInput(f"{path} {what}; restore it from a backup of the home") from None
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"{path} is unreadable ({exc}); restore it from a backup of the home") from None
    if not isinstance(data, dict) or data.get("method") not in ("key", "keyring", "passphrase"):
        raise InvalidInput(f"{path} does not name a key method; restore it from a backup of the home")
    damaged = _damaged_entry(data)
    if damaged:
        raise InvalidInput(f"{path} holds a damaged {damaged} entry; restore it from a backup of the home")
    return data


def _damaged_entry(record: dict[str, Any]) -> str | None:
    """The first wrapped key (`recovery`, `passphrase`) or passphrase salt that is not what `quire
    encrypt` writes; a number or a cut-off value there was a traceback (AttributeError,
    binascii.Error, "Nonce must be between 8 and 128 bytes") when the key was unwrapped."""
    kdf = record.get("kdf")
    phrase = record["method"] == "passphrase"
    entries = (  # name, value, least bytes, whether the method needs it
        ("recovery", record.get("recovery"), 12 + 16, False),
        ("passphrase", record.get("passphrase"), 12 + 16, phrase),
        ("kdf salt", kdf.get("salt") if isinstance(kdf, dict) else None, 16, phrase),
    )
    for name, value, least, needed in entries:
        if value is None and not needed:
            continue
        try:
            raw = _unb64(value) if isinstance(value, str) else b""
        except ValueError:  # binascii.Error: not base64
            raw = b""
        if len(raw) < least:
            return name
    return None


def encrypted(home: Path) -> bool:
    return (home / MARKER).exists()


def write_marker(home: Path, record: dict[str, Any]) -> None:
    atomic_write(home / MARKER, json.dumps(record, indent=2) + "\n", mode=0o600)


def protect(
    method: str, data_key: str, *, passphrase: str | None = None, home: Path | None = None
) -> tuple[dict[str, Any], str | None]:
    """The marker for `method` and, for keyring / passphrase, the recovery key to print once."""
    record: dict[str, Any] = {"version": 1, "method": method}
    if method == "key":
        return record, None
    recovery = new_recovery_key()
    record["recovery"] = _wrap(_recovery_wrapping(recovery), data_key)
    if method == "passphrase":
        passphrase = new_passphrase(passphrase)
        salt = secrets.token_bytes(16)
        record["kdf"] = {"name": "argon2id", "salt": _b64(salt), **ARGON}
        record["passphrase"] = _wrap(stretch(passphrase, salt), data_key)
    elif method == "keyring":
        assert home is not None
        _keyring_set(home, data_key)
    return record, recovery


def new_passphrase(passphrase: str | None) -> str:
    """A passphrase a home is to be encrypted with, or UsageMistake (exit 2) when too short: the
    one rule the CLI's prompt and the library share."""
    if not passphrase or len(passphrase) < LEAST_PASSPHRASE:
        raise UsageMistake(
            f"the passphrase is too short: use at least {LEAST_PASSPHRASE} characters; nothing was changed"
        )
    return passphrase


def new_given_key(key: str) -> str:
    """A key from QUIRE_KEY or key_file that a home is to be encrypted with (`--key`), or
    UsageMistake when it is too short, or holds control characters (a key pasted with a stray
    escape could not be typed again to open the home)."""
    if len(key) < LEAST_KEY:
        raise UsageMistake(
            f"the key in QUIRE_KEY or key_file has {len(key)} characters: give at least {LEAST_KEY} "
            "(`python3 -c 'import secrets; print(secrets.token_hex(32))'` makes one); nothing was changed"
        )
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in key):
        raise UsageMistake(
            "the key in QUIRE_KEY or key_file holds control characters; give a key of printable characters"
        )
    return key


# -- finding the key -------------------------------------------------------------------------------


def key_file_value(path_text: str) -> str:
    path = Path(path_text).expanduser()
    try:
        info = path.stat()
    except OSError as exc:
        raise KeyMissing(f"key_file {path} cannot be read ({exc.strerror}); fix key_file in config.toml") from None
    if not stat.S_ISREG(info.st_mode):
        raise KeyMissing(f"key_file {path} is not a regular file; point key_file at a file holding the key")
    # Whoever can write it, or its folder, chooses the key.
    refuse_untrusted(path, KeyMissing, what="key_file ", secret=True)
    try:
        value = decode(read_regular(path, limit=64 << 10, fix="put only the key in it")).strip()
    except InvalidInput as exc:
        raise KeyMissing(f"key_file {path}: {exc}") from None
    if not value:
        raise KeyMissing(f"key_file {path} is empty; write the key into it")
    return value


def given_key(key_file: str | None) -> str | None:
    """QUIRE_KEY, else the config's key_file; None when neither is set."""
    env = os.environ.get("QUIRE_KEY")
    if env is not None:
        if not env.strip():
            raise KeyMissing("QUIRE_KEY is set but empty; unset it or give the key")
        return env.strip()
    return key_file_value(key_file) if key_file else None


_UNLOCKED: dict[Path, str] = {}  # a passphrase is asked once a process, not once a file


def data_key(home: Path, key_file: str | None, *, prompt: bool = True) -> str | None:
    """The key that opens this home's database, or None for a plaintext home."""
    record = marker(home)
    if record is None:
        return None
    if home in _UNLOCKED and os.environ.get("QUIRE_KEY") is None:
        return _UNLOCKED[home]
    found = _find(home, record, key_file, prompt)
    _UNLOCKED[home] = found
    return found


def forget_unlocked(home: Path) -> None:
    _UNLOCKED.pop(home, None)


def remember(home: Path, key: str) -> None:
    """The key a conversion just set: this process opens the home with it without asking again."""
    _UNLOCKED[home] = key


def _find(home: Path, record: dict[str, Any], key_file: str | None, prompt: bool) -> str:
    given = given_key(key_file)
    if given is not None:
        if given.startswith(RECOVERY_PREFIX) and "recovery" in record:
            found = _unwrap(_recovery_wrapping(given), record["recovery"])
            if found is None:
                raise KeyWrong("that recovery key does not open this home; check it character by character")
            return found
        return given
    if record["method"] == "keyring":
        found = _keyring_get(home)
        if found is not None:
            return found
        raise KeyMissing(
            "this home is encrypted and the OS key store has no key for it; "
            "set QUIRE_KEY to the recovery key printed by `quire encrypt`"
        )
    if record["method"] == "passphrase":
        if prompt and sys.stdin.isatty():
            phrase = getpass.getpass(f"passphrase for {home}: ")
            kdf = record["kdf"]
            wrapping = stretch(phrase, _unb64(kdf["salt"]))
            found = _unwrap(wrapping, record["passphrase"])
            if found is None:
                raise KeyWrong("wrong passphrase for this home; try again, or set QUIRE_KEY to the recovery key")
            return found
        raise KeyMissing(
            "this home is encrypted with a passphrase; run the command at a terminal to enter it, "
            "or set QUIRE_KEY (or key_file in config.toml) to the key or the recovery key"
        )
    raise KeyMissing(
        "this home is encrypted: set QUIRE_KEY to its key, or key_file in config.toml to a 0600 file holding it"
    )


def keyring_available() -> bool:
    """Is there an OS key store to use (not keyring's fail or null backend)?"""
    import keyring

    backend = keyring.get_keyring()
    return getattr(backend, "priority", 0) > 0 and "fail" not in type(backend).__module__


def _keyring_set(home: Path, value: str) -> None:
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(SERVICE, str(home), value)
    except KeyringError as exc:
        raise InvalidInput(
            f"the OS key store is not available ({exc}); use --passphrase, or QUIRE_KEY / --key-file for scripts"
        ) from None


def _keyring_get(home: Path) -> str | None:
    import keyring
    from keyring.errors import KeyringError

    try:
        return keyring.get_password(SERVICE, str(home))
    except KeyringError:
        return None


def keyring_forget(home: Path) -> None:
    import keyring
    from keyring.errors import KeyringError, PasswordDeleteError

    with contextlib.suppress(PasswordDeleteError, KeyringError):
        keyring.delete_password(SERVICE, str(home))
