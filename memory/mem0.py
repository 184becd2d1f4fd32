"""mem0's export: what its `get_all` returns, saved as JSON, a list of memories (v1) or an object
{"results": [...]} (v2, the platform API), each {"id", "memory", "user_id" | "agent_id", "created_at",
"updated_at", ...}. mem0 keeps short facts it extracted about its user, mostly without a subject
("Lives in Boston", "Married to Priya"): `as_person` says each as the person's own words for the
reading of their life only; the stored text stays as mem0 had it.

Only reading lives here; memory/importer.py lands what it yields (`import_mem0`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory import files, jsonstream, life
from memory.errors import InvalidInput

TEXT = "memory"  # the key of a memory's text, the one mem0 is told by
_RESULTS = "results"
_OWN_KEYS = frozenset({"id", "hash", "user_id", "agent_id"})


def looks_like(keys: set[str], head: bytes) -> bool:
    """A mem0 export by its first keys (a list's first memory, or v2's top object with its results)."""
    if TEXT in keys:  # (the keys are read up to "memory": the others may come after it)
        return bool(keys & _OWN_KEYS) or re.search(rb'"(?:id|hash|user_id|agent_id)"\s*:', head) is not None
    said = re.search(rb'"memory"\s*:', head) or re.search(rb'"results"\s*:\s*\[\s*\]', head)
    return _RESULTS in keys and said is not None  # ({"results": []}: an account with no memories)


@dataclass(frozen=True)
class Memory:
    """One mem0 memory read whole: its text as mem0 had it, its stored times, and whose it is."""

    where: str
    id: str
    text: str
    created: str | None
    updated: str | None
    user: str | None
    agent: str | None


Fail = Callable[[str, str], None]  # (where, why): a bad memory, nothing of it kept
When = Callable[[Any, str, bool], str | None]  # (a time as written, where, warn if unusable) -> its stored time


def _expand(path: tuple[Any, ...]) -> bool:
    return path in ((), (_RESULTS,))


def _items(path: Path, fail: Fail) -> Iterator[tuple[int, Any]]:
    """(number, item) of each memory in the file, streamed (one memory held at a time)."""
    n = 0
    try:
        with files.utf8_stream(files.open_regular(path), strict=False, name=path.name) as fh:
            for at, value in jsonstream.walk(fh, _expand):
                if value is jsonstream.OPEN or value is jsonstream.CLOSE:
                    continue
                if (len(at) == 1 and isinstance(at[0], int)) or (len(at) == 2 and at[0] == _RESULTS):
                    n += 1
                    yield n, value
    except InvalidInput as exc:  # the JSON breaks: the memories before it landed
        fail(path.name, f"{exc} after memory {n}; the memories before it were read, fix the file and import again")


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def memories(path: Path, fail: Fail, when: When) -> Iterator[Memory]:
    """Each good memory of the file in its order, a bad one `fail`ed naming it; `when` reads its times."""
    for n, item in _items(path, fail):
        where = f"{path.name} memory {n}"
        if isinstance(item, jsonstream.Bad):
            fail(where, item.reason)
            continue
        if not isinstance(item, dict):
            fail(where, "is not a JSON object {...}; a mem0 memory is one")
            continue
        key = item.get("id")
        if isinstance(key, (str, int)) and not isinstance(key, bool) and str(key).strip():
            where = f"{path.name} memory {n} (id {str(key)[:40]})"
        else:
            fail(where, "has no id; mem0 gives every memory one")
            continue
        text = item.get(TEXT)
        if not isinstance(text, str) or not text.strip():
            fail(where, f'has no text ("{TEXT}" is {_kind(text)}); export it from mem0 again')
            continue
        yield Memory(
            where, str(key), text, when(item.get("created_at"), where, True),
            when(item.get("updated_at"), where, False), _text(item.get("user_id")), _text(item.get("agent_id")),
        )  # fmt: skip


def _kind(value: Any) -> str:
    """What a memory's text is instead, in JSON's words ("a number", "an object")."""
    if value is None or isinstance(value, str):
        return "missing" if value is None else "empty"
    if isinstance(value, bool):
        return "true or false"
    return {int: "a number", float: "a number", list: "a list", dict: "an object"}.get(type(value), "not a text")


def owners(path: Path) -> Counter[str]:
    """The user_ids of the file's memories, with how many each has (a first pass, streamed)."""
    found: Counter[str] = Counter()
    for _, item in _items(path, lambda _w, _r: None):
        if isinstance(item, dict) and (user := _text(item.get("user_id"))) is not None:
            found[user] += 1
    return found


def as_person(text: str) -> str:
    """A mem0 memory said as the person's own words, for reading their life only ("Lives in Boston" ->
    "I live in Boston", "Married to Priya" -> "I am married to Priya", "Name is Alex" -> "My name is
    Alex"): `life.subjectless`, the reading every route's text gets; a memory with a subject of its own
    ("User ...", "I ...", "Sister lives ...") is left as it is."""
    return life.subjectless(text)
