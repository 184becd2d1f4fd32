"""Where quire keeps its files, its settings, and how a database gets opened."""

from __future__ import annotations

import functools
import os
import re
import stat
import tomllib
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memory import files, integrity, keys, migrations, text
from memory.db import Database, FileDatabase, RemoteDatabase, plaintext_file, redact, ws_url
from memory.errors import InvalidInput, SchemaTooNew, StoreError
from memory.models import key_clauses


@dataclass(frozen=True)
class Home:
    root: Path

    @property
    def db_path(self) -> Path:
        return self.root / "quire.db"

    @property
    def config_path(self) -> Path:
        return self.root / "config.toml"

    @functools.cached_property
    def cache_dir(self) -> Path:
        return self.root / "cache"  # (made once: a warm recall asks for it, a path join each time was 1% of one)


def resolve_home() -> Home:
    """QUIRE_HOME, else ~/.quire."""
    raw = os.environ.get("QUIRE_HOME")
    if raw is not None and not raw.strip():
        raise InvalidInput("QUIRE_HOME is set but empty; unset it to use ~/.quire, or set it to a folder")
    if raw is not None and text.CONTROL.search(raw):  # a paste's line break would make a second home beside the first
        raise InvalidInput("QUIRE_HOME holds a line break or control character; set it to the folder, on one line")
    root = Path(raw).expanduser() if raw else Path.home() / ".quire"
    try:
        str(root).encode("utf-8")
    except UnicodeEncodeError:  # the OS handed over bytes that are not UTF-8; the driver takes UTF-8 paths only
        shown = str(root).encode("utf-8", "backslashreplace").decode()
        where = "QUIRE_HOME" if raw else "the home folder"
        message = f"{where} {shown} is not a UTF-8 path; rename the folder, or point QUIRE_HOME elsewhere"
        raise InvalidInput(message) from None
    return Home(root.absolute())


# config.toml's values are TOML's own types, held strictly as on every route: `read_only = "yes"` or
# `timeout_s = true` (read as 1 second) are mistakes to name, not to guess at.


def one_line_value(value: str | None, what: str) -> str | None:
    """A config value that names a path, a URL or a name: a control character in it (a line break
    from a paste) is refused, never removed or joined (which would name another file or host)."""
    if value is not None and (text.CONTROL.search(value) or value != text.clean_text(value) or len(value) > 4096):
        raise ValueError(f"holds a line break or control character, or is too long; give {what} on one line")
    return value


def not_blank(value: str | None, what: str, *, instead: str = "remove the line to use the default") -> str | None:
    """A config path or name set to nothing (`wiki_dir = ""`, `key_file = "  "`) is refused, as an empty
    QUIRE_HOME is: "" was taken as unset (the default vault, no key file) and blanks as a folder named
    by spaces inside the home, both without a word."""
    if value is not None and not value.strip():
        raise ValueError(f"is empty; give {what}, or {instead}")
    return one_line_value(value, what)


class LLMSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    endpoint: str
    model: str = "local"
    api_key_env: str | None = None
    timeout_s: float = Field(default=60.0, ge=1, le=3600, allow_inf_nan=False)

    @field_validator("endpoint", "model", "api_key_env")
    @classmethod
    def _one_line(cls, value: str | None) -> str | None:
        return not_blank(value, "the value", instead="remove the [llm] table")

    @field_validator("endpoint")
    @classmethod
    def _web(cls, value: str) -> str:
        # urllib opens file:// and ftp:// too: `endpoint = "file:///..."` read a local file as the
        # model's answer, and one with no scheme ("127.0.0.1:8080/v1") failed at every page instead.
        parts = urllib.parse.urlsplit(value)
        if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
            raise ValueError("must be an http:// or https:// URL, e.g. http://127.0.0.1:8080/v1")
        return value


class AgentSettings(BaseModel):
    """What an agent (MCP) may do. Protected changes an agent proposes always wait for a person:
    that is not a setting."""

    model_config = ConfigDict(extra="forbid", strict=True)
    disabled_tools: list[str] = Field(default_factory=list)
    read_only: bool = False  # offer agents only the read-only tools


class StoreSettings(BaseModel):
    """`[store]`: where the database lives. No url = the embedded file home/quire.db."""

    model_config = ConfigDict(extra="forbid", strict=True)
    url: str | None = None  # ws://host:port of a libSQL server (sqld); QUIRE_DB_URL wins
    token_file: str | None = None  # a 0600 file holding the auth token; QUIRE_DB_TOKEN wins
    replica: bool = True  # reads from an embedded replica on this device (never for an encrypted home)

    @field_validator("url")
    @classmethod
    def _one_line(cls, value: str | None) -> str | None:
        return one_line_value(value, "a plain path or ws://HOST:PORT")  # blank: store_url's own error

    @field_validator("token_file")
    @classmethod
    def _a_usable_path(cls, value: str | None) -> str | None:
        return not_blank(value, "a plain path")


class Settings(BaseModel):
    """config.toml; every key is optional."""

    model_config = ConfigDict(extra="forbid", strict=True)
    wiki_dir: str | None = None
    key_file: str | None = None  # an encrypted home's key, in a 0600 file (QUIRE_KEY wins)
    llm: LLMSettings | None = None
    agents: AgentSettings = Field(default_factory=AgentSettings)
    store: StoreSettings = Field(default_factory=StoreSettings)

    @field_validator("wiki_dir", "key_file")
    @classmethod
    def _a_usable_path(cls, value: str | None) -> str | None:
        return not_blank(value, "a plain path")


CONFIG_LIMIT = 1 << 20  # config.toml is a few lines; a megabyte is a mistake, not a config
TOKEN_LIMIT = 64 << 10


def trusted_home(home: Home) -> None:
    """A home folder that group or others can write (or another user owns) is refused, not used:
    they could swap its config.toml or serve.json for their own. So is a home inside a folder they
    can write (without the sticky bit /tmp has) or own, up to `/`: they could rename the home away
    and put their own in its place. Read bits are left as they are (a privacy matter, not a
    takeover; what quire writes inside is owner-only). So is a home holding a folder others can
    write (its cache, snapshots, backups). A missing home is created 0700. Checked
    where a home's settings are read and where the client reads serve.json, so every route (CLI,
    `quire.open`, `quire serve`, `--stop`, MCP) refuses the same way."""
    files.refuse_untrusted(home.root, InvalidInput, what="the quire home ")
    if inside := files.untrusted_inside(home.root):  # its cache, snapshots, backups: what quire reads back
        raise InvalidInput(f"{inside[0]} in the quire home {inside[1]}, so quire does not use the home; {inside[2]}")


def load_settings(home: Home) -> Settings:
    trusted_home(home)
    path = home.config_path
    if not path.exists():
        return Settings()
    # Whoever could write it would choose the server the home writes to, the token and key files, the vault.
    files.refuse_untrusted(path, InvalidInput)
    try:
        # The one reader and decoder every input goes through (a FIFO or /dev/zero named config.toml is
        # refused, a BOM or UTF-16 read, another encoding named).
        raw = files.read_regular(path, limit=CONFIG_LIMIT, fix="a config is a few lines; check it is the right file")
        source = files.decode(raw)
        data = tomllib.loads(source)
        return Settings.model_validate(data)
    except InvalidInput as exc:
        raise InvalidInput(f"{path}: {exc}; fix or remove it") from None
    except tomllib.TOMLDecodeError as exc:
        said = _toml_line(source, str(exc))
        raise InvalidInput(f"{path} is not valid TOML ({exc}{said}); fix or remove it") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        allowed = _keys_at(Settings, first["loc"][:-1])
        unknown = "unknown key; allowed keys: " + ", ".join(allowed)
        [(_, where, msg)] = key_clauses([dict(first)], allowed, unknown)
        raise InvalidInput(f"{path}: {where}: {msg}; fix the file (see README, Configuration)") from None


def _keys_at(model: type[BaseModel], loc: Sequence[Any]) -> list[str]:
    """The keys the table at `loc` of config.toml takes (a near-miss key is named with the one meant)."""
    for part in loc:
        field = model.model_fields.get(str(part))
        tables = (get_args(field.annotation) or (field.annotation,)) if field is not None else ()
        inner = next((t for t in tables if isinstance(t, type) and issubclass(t, BaseModel)), None)
        if inner is None:  # `[llm]` is `LLMSettings | None`: its table is the model in the union
            return []
        model = inner
    return list(model.model_fields)


def _toml_line(source: str, message: str) -> str:
    """The line a TOML error points at, quoted: `Cannot overwrite a value (at line 3, column 6)`
    alone does not say that `url` is the key set twice."""
    found = re.search(r"at line (\d+)", message)
    lines = source.splitlines()
    if not found or not 0 < int(found.group(1)) <= len(lines):
        return ""
    said = lines[int(found.group(1)) - 1].strip()[:120]
    twice = " sets a key (or table) set before; keep one" if "overwrite" in message or "twice" in message else ""
    return f": {said!r}{twice}"


def wiki_dir(home: Home, settings: Settings | None = None) -> Path:
    """The vault (`wiki_dir`, default home/wiki), checked by `trusted_vault` before anyone uses it."""
    settings = settings or load_settings(home)
    vault = home.root / "wiki"
    if settings.wiki_dir:
        # A relative wiki_dir is relative to the home that holds config.toml, not to wherever the
        # command happens to run (which would scatter vaults across working directories).
        chosen = Path(settings.wiki_dir).expanduser()
        vault = chosen.absolute() if chosen.is_absolute() else (home.root / chosen).absolute()
    not_quires_own(vault, home)
    trusted_vault(vault)
    return vault


# Folders quire fills and empties on its own (encrypt and forget clear the cache, snapshots and
# backups are pruned and read back by rollback and restore): never a vault, nor inside one of them.
OWN_FOLDERS = ("cache", "snapshots", "backups")


def not_quires_own(vault: Path, home: Home) -> None:
    """A vault that is the home itself or one of quire's own folders is refused before a page is
    written: `quire encrypt` empties the cache, pages and hand edits with it."""
    try:
        root, target = home.root.resolve(), vault.resolve()
    except (OSError, RuntimeError):  # a link loop: trusted_vault names it
        return
    if target == Path(target.anchor) or target == Path.home().resolve():
        # a rebuild writes index.md and a page per name into it (adv18 found `wiki_dir = "/"` wrote /index.md)
        where = "the filesystem root" if target == Path(target.anchor) else "your home folder"
        raise InvalidInput(
            f"the vault {vault} is {where}, where a rebuild would write its pages among your files; set wiki_dir "
            f"to a folder of its own in config.toml (the default is {home.root / 'wiki'})"
        )
    mine = [root] + [root / name for name in OWN_FOLDERS]
    hit = next((f for f in mine if f == target or (f != root and f in target.parents)), None)
    if hit is not None:
        raise InvalidInput(
            f"the vault {vault} is quire's own folder ({'the home' if hit == root else hit.name}), which quire "
            f"empties or reads back on its own; set wiki_dir to a folder of its own in config.toml "
            f"(the default is {home.root / 'wiki'})"
        )


def trusted_vault(vault: Path) -> None:
    """A vault that group or others can write (or another user owns), or one inside a folder they
    can write or own, is refused as the home is: quire writes the wiki into it and reads the
    person's hand edits back from it, so whoever can write a page there would speak as the person.
    Others may read it (Obsidian, a sync tool): the fix takes their write bit only (`chmod go-w`)."""
    files.refuse_untrusted(vault, InvalidInput, what="the vault ", shared=True)


def folder_writable(path: Path) -> bool:
    """Writable by intent: owner write bit set (so a chmod'ed home counts even for root) and access."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    need = os.W_OK | os.X_OK if stat.S_ISDIR(mode) else os.W_OK
    return bool(mode & stat.S_IWUSR) and os.access(path, need)


def store_url(home: Home, settings: Settings | None = None) -> str | None:
    """The libSQL server this home uses (QUIRE_DB_URL, else `[store] url`), or None for the file.

    QUIRE_DB_URL belongs to the home QUIRE_HOME names: the temporary homes eval and the benches
    make must never write into a shared server because the variable happened to be set."""
    env = os.environ.get("QUIRE_DB_URL") if home.root == resolve_home().root else None
    raw: str | None
    if env is not None:
        raw, where = env, "QUIRE_DB_URL"
    else:
        raw, where = (settings or load_settings(home)).store.url, f"[store] url in {home.config_path}"
    if raw is None:
        return None
    # Set, but to nothing one can see (`export QUIRE_DB_URL=$SERVER` with SERVER unset, `url = ""`, blanks):
    # the local file would take writes meant for a server without a word, as an empty QUIRE_HOME took ~/.quire.
    if not raw.strip():
        raise StoreError(f"{where} is blank; give ws://host:port, or unset it to use this home's own file")
    return server_url(raw, where)


def server_url(raw: str, where: str = "") -> str:
    """A server URL as given (an argument, QUIRE_DB_URL, `[store] url`), checked and normalised;
    StoreError naming `where` it came from, since that is where it is fixed."""
    try:
        return ws_url(raw)
    except StoreError as exc:
        if not where:
            raise
        raise StoreError(f"{where}: {exc}") from None


def store_token(home: Home, settings: Settings | None = None) -> str | None:
    """QUIRE_DB_TOKEN, else the token file (`[store] token_file`, default home/store.token).

    The file must be private (0600): a token readable by others is refused, not used."""
    env = os.environ.get("QUIRE_DB_TOKEN")
    if env is not None and not env.strip():
        # Set to nothing: the server would be asked with no token (or the token file's) without a word.
        raise StoreError("QUIRE_DB_TOKEN is blank; give the server's token, or unset it to use the token file")
    if env:
        return _one_line_token(env.strip(), "QUIRE_DB_TOKEN")
    configured = (settings or load_settings(home)).store.token_file
    path = Path(configured).expanduser() if configured else home.root / "store.token"
    if not path.exists():
        if configured:
            raise StoreError(f"the token file {path} does not exist; create it (chmod 600) or fix [store] token_file")
        return None
    files.refuse_untrusted(path, StoreError, what="the token file ", secret=True)
    try:
        token = files.decode(files.read_regular(path, limit=TOKEN_LIMIT, fix="put only the token in it")).strip()
    except InvalidInput as exc:
        raise StoreError(f"the token file {path}: {exc}") from None
    if not token:  # as a blank QUIRE_DB_TOKEN is: the server was asked with no token without a word
        raise StoreError(
            f"the token file {path} is empty; write the server's token into it, or remove it to connect without one"
        )
    return _one_line_token(token, f"the token file {path}")


def _one_line_token(token: str, where: str) -> str:
    """A token with a line break or control character inside is refused: it would break the
    request's header (the driver's own error) or be cut where the break is."""
    if text.CONTROL.search(token):
        raise StoreError(f"{where} holds a line break or control character inside the token; keep it on one line")
    return token


def open_remote(url: str, home: Home, *, token: str | None = None, migrate: bool = True) -> RemoteDatabase:
    """Connect to a libSQL server and bring its schema up to date (same barrier as the file)."""
    ensure_root(home)
    db = RemoteDatabase(url, token=token, anchor=home.db_path)
    try:
        migrations.check_not_newer(db)
        db.configure()
        if migrate:
            migrations.apply(db)
        db.watch_schema(migrations.latest())  # a newer quire may migrate it while this stays open
    except BaseException:
        db.close()
        raise
    return db


def ensure_root(home: Home) -> None:
    root = home.root
    if root.exists() and not root.is_dir():
        raise StoreError(
            f"QUIRE_HOME {root} is a file, not a folder; point QUIRE_HOME at a folder (a missing one is created)"
        )
    if not root.exists():
        try:
            files.private_dir(root)  # its missing parents 0700 too (mkdir(parents=True) gives them the umask's)
        except OSError as exc:
            raise StoreError(f"cannot create {root} ({exc.strerror}); set QUIRE_HOME to a writable folder") from None
        trusted_home(home)  # another user may have made a missing parent first: checked as made, before any write


def open_store(home: Home | None = None, settings: Settings | None = None) -> Database | RemoteDatabase:
    """The home's database: the server named by QUIRE_DB_URL / `[store] url`, else the file."""
    home = home or resolve_home()
    settings = settings or load_settings(home)
    if any(home.root.glob(f"*{keys.CONVERSION_BACKUP}")):
        # the copies a conversion keeps until it is verified: it was killed, or it is running
        raise StoreError(
            "a `quire encrypt`, `rekey` or `decrypt` of this home did not finish; run the same command "
            "again to finish or undo it (nothing was written)"
        )
    url = store_url(home, settings)
    if url is None:
        return open_db(home)
    return open_remote(url, home, token=store_token(home, settings))


def describe_store(home: Home, settings: Settings | None = None) -> str:
    """Where the data lives, safe to print (a server URL without its token)."""
    url = store_url(home, settings)
    return redact(url) if url else str(home.db_path)


def home_key(home: Home) -> str | None:
    """The data key of an encrypted home (memory.keys finds it), None for a plaintext one."""
    if not (home.root / keys.MARKER).exists():
        return None
    return keys.data_key(home.root, load_settings(home).key_file)


def open_db(home: Home | None = None) -> Database:
    """Open (creating if needed) and migrate the database; refuse a newer schema untouched."""
    home = home or resolve_home()
    root = home.root
    ensure_root(home)
    files.refuse_not_database(home.db_path, "its database")
    if not folder_writable(root) or (home.db_path.exists() and not folder_writable(home.db_path)):
        raise StoreError(f"{root} is read-only; make it writable (chmod u+w) or set QUIRE_HOME to another folder")
    key = home_key(home)
    if key is None and home.db_path.exists() and home.db_path.stat().st_size and not plaintext_file(home.db_path):
        raise StoreError(
            f"{home.db_path} is encrypted or damaged and this home has no {keys.MARKER}; if you encrypted it, "
            "restore that file from a backup and set QUIRE_KEY, else run `quire doctor`"
        )
    try:
        db = FileDatabase(home.db_path, configure=False, encryption_key=key)
    except StoreError:
        if key is None:
            raise
        raise keys.KeyWrong(f"the key does not open {home.db_path}; check QUIRE_KEY or key_file") from None
    try:
        try:
            migrations.check_not_newer(db)  # before any PRAGMA that could touch the file
        except SchemaTooNew:
            raise  # the key opened it (it read the version): a newer quire's home, not a wrong key
        except StoreError:
            if key is None:
                raise
            raise keys.KeyWrong(f"the key does not open {home.db_path}; check QUIRE_KEY or key_file") from None
        integrity.open_check(db, home.db_path)  # before anything writes (configure sets WAL, apply migrates)
        db.configure()
        migrations.apply(db)
        db.watch_schema(migrations.latest())  # another process's newer quire may migrate the file later
    except BaseException:
        db.close()
        raise
    path = home.db_path
    db.after_close = lambda: integrity.stamp(path)
    return db
