"""Entities (people, projects, tools ...) and their links to memories."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from memory import clock, tokens
from memory.db import Database, insert_many, rows_in

# Latin letters with no decomposition that are a plain letter with a mark all the same ("Łódź" is written
# "Lodz", Turkish "ı" is "i" to a keyboard without it); "ß" is already "ss" by the case fold.
_BARE = str.maketrans({"ı": "i", "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ŀ": "l", "ŧ": "t"})


def _marked(base: str) -> bool:
    """Whether a mark on this letter is folded away: a Latin or Greek letter's ("é", "ά"), not a mark
    that makes another letter of its script (Japanese "が" is not "か", Russian "й" is not "и", a
    Devanagari virama makes a conjunct)."""
    return base < "\u0250" or "\u1e00" <= base < "\u1f00" or "\u0370" <= base < "\u0400" or "\u1f00" <= base < "\u2000"


def key(name: str) -> str:
    """The one spelling two names share when they are the same name: memory.tokens.name_key ("ＡＰＩ"
    is "API", case and spacing aside) less the marks on Latin and Greek letters ("İzmir" is "Izmir",
    "Kraków" "Krakow", "São Paulo" "Sao Paulo", "Łódź" "Lodz"). For the key only: an entity shows as
    its name was first written."""
    folded = tokens.name_key(name)
    if folded.isascii():
        return folded
    out: list[str] = []
    for c in unicodedata.normalize("NFD", folded.translate(_BARE)):
        if unicodedata.combining(c) and out and _marked(out[-1]):
            continue
        out.append(c)
    return unicodedata.normalize("NFC", "".join(out))


def ensure(db: Database, name: str, kind: str = "concept") -> int:
    """The entity id for `name`, creating it if needed (call inside a transaction)."""
    found = db.scalar("SELECT id FROM entities WHERE name_key = ?", (key(name),))
    if found is not None:
        return int(found)
    db.execute(
        "INSERT INTO entities(name, name_key, kind, created_at) VALUES (?, ?, ?, ?)",
        (name.strip(), key(name), kind, clock.now_iso()),
    )
    return int(db.scalar("SELECT id FROM entities WHERE name_key = ?", (key(name),)))


def link_many(db: Database, links: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Link each (memory id, entity names): a new name becomes an entity spelt as it first appears.
    The names are looked up in one query (a chat import's batch names the same few speakers 256
    times) and the links written in one statement."""
    names: dict[str, str] = {}
    for _, ns in links:
        for n in ns:
            names.setdefault(key(n), n)
    found = {
        k: int(i)
        for k, i in rows_in(db, "SELECT name_key, id FROM entities WHERE name_key IN ({marks})", sorted(names))
    }
    for k, name in names.items():
        if k not in found:
            found[k] = ensure(db, name)
    pairs = [(memory_id, found[key(n)]) for memory_id, ns in links for n in ns]
    if pairs:
        insert_many(db, "INSERT OR IGNORE INTO memory_entities(memory_id, entity_id) VALUES (?, ?)", pairs)


def drop_names(db: Database, memory_id: str, names: Sequence[str]) -> None:
    """Take these names off a memory (call inside a transaction); the entities themselves stay."""
    if names:
        db.executemany(
            "DELETE FROM memory_entities WHERE memory_id = ? AND entity_id IN "
            "(SELECT id FROM entities WHERE name_key = ?)",
            [(memory_id, key(n)) for n in names],
        )


def of_memory(db: Database, memory_id: str) -> tuple[str, ...]:
    rows = db.rows(
        "SELECT e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
        "WHERE me.memory_id = ? ORDER BY e.name",
        (memory_id,),
    )
    return tuple(r[0] for r in rows)


def all_names(db: Database) -> dict[str, int]:
    """name_key -> entity id, for matching entity names in text."""
    return {r[0]: int(r[1]) for r in db.rows("SELECT name_key, id FROM entities")}


def spelt(db: Database, names: Sequence[str]) -> dict[str, str]:
    """name_key -> the stored spelling, of the entities these names are (those already stored)."""
    keys = sorted({key(n) for n in names})
    found = rows_in(db, "SELECT name_key, name FROM entities WHERE name_key IN ({marks})", keys)
    return {str(k): str(n) for k, n in found}


def filed_under(given: str, stored: str) -> str:
    """The warning for a name filed under the entity another spelling of it made: names that differ
    only in case, in width and compatibility forms or in accents ("Ｂｏｂ", "bob", "Bob"; "ﬁona", "fiona";
    "Izmir", "İzmir") are one entity, shown as first written. Said, where the merge was silent."""
    return (
        f"entity {given!r} is filed under {stored!r}, as that name was first written (names that differ only "
        "in case, width, compatibility forms or accents are one entity)"
    )
