"""Where quire keeps its files, its settings, and how a database gets opened."""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memory import migrations, text
from memory.db import Database
from memory.errors import InvalidInput, StoreError
from memory.models import plain_message


@dataclass(frozen=True)
class Home:
    root: Path

    @property
    def db_path(self) -> Path:
        return self.root / "quire.db"

    @property
    def config_path(self) -> Path:
        return self.root / "config.toml"

    @property
    def cache_dir(self) -> Path:
        return self.root / "cache"


def resolve_home() -> Home:
    """QUIRE_HOME, else ~/.quire."""
    raw = os.environ.get("QUIRE_HOME")
    root = Path(raw).expanduser() if raw else Path.home() / ".quire"
    return Home(root.absolute())


class LLMSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    endpoint: str
    model: str = "local"
    api_key_env: str | None = None
    timeout_s: float = 60.0


class AgentSettings(BaseModel):
    """What an agent (MCP) may do. Protected changes an agent proposes always wait for a person:
    that is not a setting."""

    model_config = ConfigDict(extra="forbid")
    disabled_tools: list[str] = Field(default_factory=list)
    read_only: bool = False  # offer agents only the read-only tools


class Settings(BaseModel):
    """config.toml; every key is optional."""

    model_config = ConfigDict(extra="forbid")
    wiki_dir: str | None = None
    llm: LLMSettings | None = None
    agents: AgentSettings = Field(default_factory=AgentSettings)

    @field_validator("wiki_dir")
    @classmethod
    def _a_usable_path(cls, value: str | None) -> str | None:
        # The text policy would remove control characters; in a path that names another folder.
        if value is not None and (value != text.clean_text(value) or len(value) > 4096):
            raise ValueError("wiki_dir holds control characters or is too long; give a plain folder path")
        return value


def load_settings(home: Home) -> Settings:
    path = home.config_path
    if not path.exists():
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return Settings.model_validate(data)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"{path} is not valid TOML ({exc}); fix or remove it") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        msg = plain_message(first)
        raise InvalidInput(f"{path}: {where}: {msg}; fix the file (see README, Configuration)") from None


def wiki_dir(home: Home, settings: Settings | None = None) -> Path:
    settings = settings or load_settings(home)
    if settings.wiki_dir:
        # A relative wiki_dir is relative to the home that holds config.toml, not to wherever the
        # command happens to run (which would scatter vaults across working directories).
        chosen = Path(settings.wiki_dir).expanduser()
        return chosen.absolute() if chosen.is_absolute() else (home.root / chosen).absolute()
    return home.root / "wiki"


def folder_writable(path: Path) -> bool:
    """Writable by intent: owner write bit set (so a chmod'ed home counts even for root) and access."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    need = os.W_OK | os.X_OK if stat.S_ISDIR(mode) else os.W_OK
    return bool(mode & stat.S_IWUSR) and os.access(path, need)


def open_db(home: Home | None = None) -> Database:
    """Open (creating if needed) and migrate the database; refuse a newer schema untouched."""
    home = home or resolve_home()
    root = home.root
    if not root.exists():
        try:
            root.mkdir(parents=True, mode=0o700)
        except OSError as exc:
            raise StoreError(f"cannot create {root} ({exc.strerror}); set QUIRE_HOME to a writable folder") from None
    if not folder_writable(root) or (home.db_path.exists() and not folder_writable(home.db_path)):
        raise StoreError(f"{root} is read-only; make it writable (chmod u+w) or set QUIRE_HOME to another folder")
    db = Database(home.db_path, configure=False)
    try:
        migrations.check_not_newer(db)  # before any PRAGMA that could touch the file
        db.configure()
        migrations.apply(db)
    except BaseException:
        db.close()
        raise
    return db
