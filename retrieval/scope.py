"""Which memories a recall may see: a space scope and a row filter, both compiled to SQL.

Every channel (lexical, vector, graph) applies the same `Filter.sql()` before it ranks, so a
memory outside the scope can never surface, whichever channel found it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from memory import spaces
from memory.db import Database
from memory.errors import InvalidInput
from memory.models import TYPES
from memory.store import VISIBLE

# Statuses an --as-of recall may return: what was current then, even if replaced since.
AS_OF_VISIBLE = ("active", "archived", "superseded")


@dataclass(frozen=True)
class Scope:
    """All spaces, one named space, or the memories without a space (uncategorized)."""

    kind: Literal["all", "space", "uncategorized"]
    name: str | None = None

    @property
    def label(self) -> str:
        return {"all": "all spaces", "uncategorized": spaces.UNCATEGORIZED}.get(self.kind, self.name or "")

    def sql(self, column: str = "m.space") -> tuple[str, tuple[Any, ...]]:
        if self.kind == "space":
            return f"{column} = ?", (self.name,)
        if self.kind == "uncategorized":
            return f"{column} IS NULL", ()
        return "1", ()


ALL_SPACES = Scope("all")
UNCATEGORIZED = Scope("uncategorized")


def resolve(db: Database, space: str | Scope | None = None, *, all_spaces: bool = False) -> Scope:
    """The scope a recall runs in.

    Explicit `space` (a name, or 'uncategorized' for memories without one) > `all_spaces` >
    the default space when one is set > all spaces. An unknown name raises UnknownSpace.
    """
    if isinstance(space, Scope):
        return space
    if space is not None and all_spaces:
        raise InvalidInput("give either a space or all spaces, not both")
    if all_spaces:
        return ALL_SPACES
    if space is not None:
        if space.lower() == spaces.UNCATEGORIZED:
            return UNCATEGORIZED
        return Scope("space", spaces.require(db, space))
    default = spaces.default_space(db)
    return Scope("space", default) if default else ALL_SPACES


@dataclass(frozen=True)
class Filter:
    """Scope + status + type + valid-time predicates over `memories m`."""

    scope: Scope = ALL_SPACES
    types: tuple[str, ...] = ()
    as_of: str | None = None  # ISO time: what was current then
    window: tuple[str | None, str | None] | None = None  # valid_from in [start, end) (hard filter)

    def sql(self) -> tuple[str, tuple[Any, ...]]:
        clauses: list[str] = []
        params: list[Any] = []
        scope_sql, scope_params = self.scope.sql()
        clauses.append(scope_sql)
        params += scope_params
        statuses = AS_OF_VISIBLE if self.as_of else VISIBLE
        clauses.append(f"m.status IN ({','.join('?' * len(statuses))})")
        params += statuses
        if self.types:
            clauses.append(f"m.memory_type IN ({','.join('?' * len(self.types))})")
            params += self.types
        if self.as_of:
            clauses.append("m.valid_from <= ? AND (m.valid_to IS NULL OR m.valid_to > ?)")
            params += [self.as_of, self.as_of]
        if self.window:
            start, end = self.window
            if start:
                clauses.append("m.valid_from >= ?")
                params.append(start)
            if end:
                clauses.append("m.valid_from < ?")
                params.append(end)
        return " AND ".join(clauses), tuple(params)


def check_types(types: tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(types or ()))
    unknown = [t for t in chosen if t not in TYPES]
    if unknown:
        raise InvalidInput(f"unknown type {', '.join(unknown)}; use one of {', '.join(TYPES)}")
    return chosen
