"""Spaces: named partitions of memories. A capture into an unknown space is refused."""

from __future__ import annotations

from dataclasses import dataclass

from memory import audit, clock, gate
from memory.db import Database
from memory.errors import InvalidInput, UnknownSpace
from memory.models import valid_space_name
from memory.store import live
from memory.tokens import fold

UNCATEGORIZED = "uncategorized"


@dataclass(frozen=True)
class Space:
    name: str
    description: str
    is_default: bool
    memories: int


def all_spaces(db: Database) -> list[Space]:
    rows = db.rows(
        "SELECT s.name, s.description, s.is_default, "
        f"(SELECT count(*) FROM memories m WHERE m.space = s.name AND {live('m')}) "
        "FROM spaces s ORDER BY s.name"
    )
    return [Space(r[0], r[1], bool(r[2]), int(r[3])) for r in rows]


def names(db: Database) -> list[str]:
    return [r[0] for r in db.rows("SELECT name FROM spaces ORDER BY name")]


def stored_name(db: Database, name: str) -> str | None:
    """The name a space is stored under: `name` itself, else the one space whose name differs from it
    only in case ("Work" is the space "work", as an entity's name is matched whatever its case), else None."""
    if db.scalar("SELECT 1 FROM spaces WHERE name = ?", (name,)):
        return name
    # Space names are ASCII (valid_space_name), so SQL's lower() is the whole case fold.
    found = db.rows("SELECT name FROM spaces WHERE lower(name) = lower(?)", (name,))
    return str(found[0][0]) if len(found) == 1 else None


def add(db: Database, name: str, *, description: str = "", default: bool = False, actor: str = "cli") -> bool:
    """Create a space (or update its default flag, or its description when one is given); returns
    True when something changed. A name that differs from a space's only in case is that space."""
    name = valid_space_name(name)
    for what, text in (("name", name), ("description", description)):
        found = gate.find_credentials(text)
        if found:  # never stored: the space's name and description are read back everywhere
            raise InvalidInput(f"the space {what} holds a credential ({found[0][0]}); remove it and run again")
    if name.lower() == UNCATEGORIZED:
        raise InvalidInput(f"'{UNCATEGORIZED}' is reserved for memories without a space; pick another name")
    with db.transaction():
        name = stored_name(db, name) or name
        existing = db.one("SELECT is_default, description FROM spaces WHERE name = ?", (name,))
        changed = existing is None
        if existing is None:
            db.execute(
                "INSERT INTO spaces(name, description, is_default, created_at) VALUES (?, ?, 0, ?)",
                (name, description, clock.now_iso()),
            )
            audit.record(db, actor, "space_add", "space", name, description=description)
        elif description and description != existing["description"]:
            # The new description of a space that exists was acknowledged and dropped without a word.
            db.execute("UPDATE spaces SET description = ? WHERE name = ?", (description, name))
            audit.record(db, actor, "space_describe", "space", name, description=description)
            changed = True
        if default and not (existing and existing["is_default"]):
            db.execute("UPDATE spaces SET is_default = (name = ?)", (name,))
            audit.record(db, actor, "space_default", "space", name)
            changed = True
    return changed


def default_space(db: Database) -> str | None:
    found = db.scalar("SELECT name FROM spaces WHERE is_default = 1")
    return None if found is None else str(found)


def require(db: Database, name: str) -> str:
    """The name if the space exists, else UnknownSpace naming the fix."""
    sent, name = name, fold(name)  # as valid_space_name reads it: "ｗｏｒｋ" is "work"
    stored = stored_name(db, name)
    if stored is not None:
        return stored
    valid_space_name(sent)  # a name no space can have says so (as sent), not "create it"
    known = ", ".join(names(db)) or "none yet"
    raise UnknownSpace(f"unknown space {name!r} (known: {known}); create it with `quire spaces add {name}`")


def resolve_write_space(db: Database, requested: str | None) -> str | None:
    """Explicit space (must exist) > the default space > uncategorized (None)."""
    if requested is not None:
        if requested.lower() == UNCATEGORIZED:
            return None
        return require(db, requested)
    return default_space(db)
