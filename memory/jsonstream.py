"""Untrusted JSON arrays read as a stream, with limits checked on every event.

`json.loads` recurses per level and ijson's `items` builds a prefix string per level (memory
quadratic in depth: one 100,000-deep value in a 307 KB export used 24 GB). Here yajl's
`basic_parse` events (no prefixes) are assembled into values by an explicit stack, so depth,
string length and container size are checked as each event arrives, wherever in the file it is;
an item that breaks a limit is skipped to its end (counting brackets, building nothing) and
reported as a `Bad` item, and the next item is read as usual.

`compact` turns the children of one top-level key of each item (a ChatGPT `mapping`'s nodes, a
Claude `chat_messages` list) into small records as soon as each child is complete, so one huge
conversation costs its records, not its whole tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

import ijson

from memory.errors import InvalidInput

MAX_DEPTH = 64  # a ChatGPT message node nests about 8 levels; far deeper is hostile
MAX_STRING = 16_000_000  # characters in one JSON string (a message lands split in 20,000-character parts)
MAX_CHILDREN = 2_000_000  # keys of one object or items of one array (a 300,000-message mapping fits)


@dataclass(frozen=True)
class Bad:
    """An item that broke a limit; nothing of it is kept."""

    reason: str


Compact = Callable[[Any, Any], Any]  # (key or index, child value) -> record kept instead


class JsonBroken(InvalidInput):
    """The JSON stream itself is invalid (torn, not JSON): nothing after this point can be read."""


def array_items(
    fh: BinaryIO,
    *,
    max_depth: int = MAX_DEPTH,
    max_string: int = MAX_STRING,
    max_children: int = MAX_CHILDREN,
    compact: dict[str, Compact] | None = None,
) -> Iterator[Any]:
    """Each item of the top-level JSON array in `fh` (UTF-8 bytes), or a `Bad` for an item past a
    limit. InvalidInput if the document is not an array; JsonBroken where the JSON breaks."""
    events = _events(fh)
    first = next(events, None)
    if first is None:
        raise InvalidInput("the file holds no JSON")
    if first[0] != "start_array":
        raise InvalidInput("not a JSON list [...]")
    limits = (max_depth, max_string, max_children)
    for event, value in events:
        if event == "end_array":
            for _ in events:  # trailing garbage is an error of the stream; nothing more to yield
                pass
            return
        yield _value(event, value, events, limits, compact or {})


def _events(fh: BinaryIO) -> Iterator[tuple[str, Any]]:
    try:
        yield from ijson.basic_parse(fh, use_float=True)
    except ijson.JSONError as exc:
        first = (str(exc).splitlines() or ["invalid JSON"])[0].strip()
        raise JsonBroken(first[:160]) from None
    except ValueError as exc:  # a number past Python's digit limit, and the like
        raise JsonBroken(str(exc)[:160]) from None


def _value(
    event: str,
    value: Any,
    events: Iterator[tuple[str, Any]],
    limits: tuple[int, int, int],
    compact: dict[str, Compact],
) -> Any:
    max_depth, max_string, max_children = limits
    if event not in ("start_map", "start_array"):
        if isinstance(value, str) and len(value) > max_string:
            return Bad(f"a text of {len(value):,} characters, over the {max_string:,} limit")
        return value
    root: Any = {} if event == "start_map" else []
    stack: list[Any] = [root]
    keys: list[Any] = [None]
    problem = ""
    skip = 0  # containers still open inside the part being skipped
    in_child = False  # the part skipped is one compacted child (the item goes on), not the item

    def attach(value: Any) -> None:
        parent = stack[-1]
        if len(stack) == 2 and keys[0] in compact:
            value = compact[keys[0]](keys[-1] if isinstance(parent, dict) else len(parent), value)
        if isinstance(parent, dict):
            parent[keys[-1]] = value
        else:
            parent.append(value)

    try:
        for event, value in events:
            if skip:
                if event in ("start_map", "start_array"):
                    skip += 1
                elif event in ("end_map", "end_array"):
                    skip -= 1
                    if not skip:
                        if not in_child:
                            return Bad(problem)
                        del stack[2:], keys[2:]
                        attach(Bad(problem))
                continue
            if event == "map_key":
                keys[-1] = value
                continue
            opening = event in ("start_map", "start_array")
            if opening and len(stack) < max_depth:
                stack.append({} if event == "start_map" else [])
                keys.append(None)
                continue
            if event in ("end_map", "end_array"):
                value = stack.pop()
                keys.pop()
                if not stack:
                    return value
            if opening:
                problem = f"nested more than {max_depth} levels deep"
            elif isinstance(value, str) and len(value) > max_string:
                problem = f"a text of {len(value):,} characters, over the {max_string:,} limit"
            elif len(stack[-1]) >= max_children:
                problem = f"a list or object of more than {max_children:,} entries"
                in_child, skip = False, len(stack)
                continue
            else:
                attach(value)
                continue
            in_child = len(stack) >= 2 and keys[0] in compact
            skip = len(stack) - (2 if in_child else 0) + opening
            if not skip:  # a text too long, directly a compacted child
                attach(Bad(problem))
    except JsonBroken as exc:
        if skip:
            raise JsonBroken(f"{problem}, and the file breaks inside it ({exc})") from None
        raise
    raise JsonBroken("the JSON ends inside an item")


def first_keys(fh: BinaryIO, wanted: frozenset[str], *, limit: int = 200_000) -> set[str]:
    """Keys of the first object (at the top or as the first item of a top-level array), read as
    events until one of `wanted` shows or `limit` events pass; a torn file gives what came before."""
    keys: set[str] = set()
    depth = 0
    top = -1  # the depth at which the first object's keys sit
    try:
        for n, (event, value) in enumerate(ijson.basic_parse(fh, use_float=True)):
            if event in ("start_map", "start_array"):
                depth += 1
                if event == "start_map" and top < 0 and depth <= 2:
                    top = depth
            elif event in ("end_map", "end_array"):
                if depth == top:
                    break
                depth -= 1
            elif event == "map_key" and depth == top:
                keys.add(str(value))
                if value in wanted:
                    break
            if n >= limit or depth > MAX_DEPTH:
                break
    except (ijson.JSONError, ValueError):
        pass  # torn: what was read before the tear still tells the format
    return keys
