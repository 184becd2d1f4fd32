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

import codecs
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO, cast

import ijson

from memory import files, text
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


class NotJson(JsonBroken):
    """The stream breaks at its very first character (a note, a .txt, a NUL byte): another kind of file
    altogether, not a JSON file torn or cut short (an empty file is cut short)."""


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


# yajl's messages in a person's words (its own wording, and for bad UTF-8 a copy of the bytes around
# the fault, had reached the import's error line: "lexical error: invalid string in json text.").
_YAJL_SAYS = (
    ("invalid character inside string", "a control character inside a text (JSON wants it escaped)"),
    ("invalid bytes in utf8 string", "bytes that are not UTF-8 inside a text"),
    ("occurs before a character which it may not", "a backslash escape JSON does not know"),
    ("character occurs after '\\u'", "a backslash escape JSON does not know (\\u wants four hex digits)"),
    ("invalid string in json text", "a word JSON does not know (only true, false, null or a quoted text)"),
    ("invalid char in json text", "a character JSON does not allow there"),
    ("invalid object key", "a key that is not a quoted text"),
    ("trailing garbage", "something after the end of the JSON"),
    ("premature eof", "the file ends early"),  # _ENDS_EARLY
    ("i expect ',' or '}'", "a missing ',' or '}' after a value"),
    ("i expect ',' or ']'", "a missing ',' or ']' after a value"),
    ("numeric (floating point) overflow", "a number too large"),
    ("integer overflow", "a number too large"),
)


_ENDS_EARLY = "the file ends early"  # an empty or cut file: a download cut short, never another kind


def _in_words(exc: BaseException) -> str:
    """What is wrong at the fault, in words (never the parser's, nor the file's bytes)."""
    raw = exc.args[0] if exc.args else ""
    said = (raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)).casefold()
    return next((words for needle, words in _YAJL_SAYS if needle in said), "invalid JSON")


def _events(fh: BinaryIO) -> Iterator[tuple[str, Any]]:
    parsed = ijson.basic_parse(fh, use_float=True)
    try:
        yield next(parsed)  # the first event apart: a break there is another kind of file
    except StopIteration:
        return
    except ijson.JSONError as exc:
        said = _in_words(exc)
        raise (JsonBroken if said == _ENDS_EARLY else NotJson)(said) from None
    except ValueError as exc:
        raise JsonBroken(str(exc)[:160]) from None
    try:
        yield from parsed
    except ijson.JSONError as exc:
        raise JsonBroken(_in_words(exc)) from None
    except ValueError as exc:  # a number past Python's digit limit, and the like
        raise JsonBroken(str(exc)[:160]) from None


_MORE = object()  # `_Builder.step`: the value is not complete yet


class _Builder:
    """One array item assembled from events by an explicit stack, every limit checked per event.

    A part that breaks a limit is skipped to its end by counting brackets (`skip` containers still
    open): the whole item (then a `Bad`), or one compacted child (a `Bad` in its place)."""

    def __init__(self, root: Any, limits: tuple[int, int, int], compact: dict[str, Compact]):
        self.max_depth, self.max_string, self.max_children = limits
        self.compact = compact
        self.stack: list[Any] = [root]
        self.keys: list[Any] = [None]
        self.problem = ""
        self.skip = 0
        self.in_child = False  # the part skipped is one compacted child (the item goes on), not the item

    def attach(self, value: Any) -> None:
        parent = self.stack[-1]
        if len(self.stack) == 2 and self.keys[0] in self.compact:
            value = self.compact[self.keys[0]](self.keys[-1] if isinstance(parent, dict) else len(parent), value)
        if isinstance(parent, dict):
            parent[self.keys[-1]] = value
        else:
            parent.append(value)

    def skipped(self, event: str) -> Any:
        """One event inside the part being skipped: the item's `Bad` when the item itself ends."""
        if event in ("start_map", "start_array"):
            self.skip += 1
        elif event in ("end_map", "end_array"):
            self.skip -= 1
            if not self.skip:
                if not self.in_child:
                    return Bad(self.problem)
                del self.stack[2:], self.keys[2:]
                self.attach(Bad(self.problem))
        return _MORE

    def run(self, events: Iterator[tuple[str, Any]]) -> Any:
        """Take events until the item is complete: the item (or its `Bad`); _MORE if the events end.
        One loop with the stack in locals, not a method call an event (a ChatGPT export is ~40 events
        a message: reading one went from 0.029 to 0.025 ms a message, yajl's own part 0.005)."""
        stack, keys, compact = self.stack, self.keys, self.compact
        max_depth, max_string, max_children = self.max_depth, self.max_string, self.max_children
        # The open container and whether it is an object, kept in locals as it changes (a push or a
        # pop), not read from the stack for every event: ~0.2 us an event, ~40 events a ChatGPT message.
        top = stack[-1]
        in_map = type(top) is dict
        for event, value in events:
            if self.skip:
                done = self.skipped(event)
                if done is not _MORE:
                    return done
                top = stack[-1]  # (a compacted child skipped: the item's stack was cut back to it)
                in_map = type(top) is dict
                continue
            if event == "map_key":  # (only ever inside an object)
                if value in top:  # json would keep the last one
                    said = f"the key {str(value)[:80]!r} appears twice"
                    self.problem = f"{said} in one object (an edited or damaged file)"
                    self.in_child, self.skip = False, len(stack)
                else:
                    keys[-1] = value
                continue
            if event == "start_map" or event == "start_array":
                if len(stack) < max_depth:
                    top = {} if event == "start_map" else []
                    in_map = event == "start_map"
                    stack.append(top)
                    keys.append(None)
                else:
                    self.refuse(f"nested more than {self.max_depth} levels deep", opening=True)
                continue
            if event == "end_map" or event == "end_array":
                value = stack.pop()
                keys.pop()
                if not stack:
                    return value
                top = stack[-1]
                in_map = type(top) is dict
            elif isinstance(value, str) and len(value) > max_string:
                self.refuse(f"a text of {len(value):,} characters, over the {max_string:,} limit", opening=False)
                continue
            if len(top) >= max_children:
                self.problem = f"a list or object of more than {self.max_children:,} entries"
                self.in_child, self.skip = False, len(stack)
            elif len(stack) == 2 and keys[0] in compact:
                self.attach(value)
            elif in_map:  # `attach`, inline: no compacted child here
                top[keys[-1]] = value
            else:
                top.append(value)
        return _MORE

    def refuse(self, problem: str, *, opening: bool) -> None:
        """Skip the part past a limit: the compacted child it is in, else the whole item."""
        self.problem = problem
        self.in_child = len(self.stack) >= 2 and self.keys[0] in self.compact
        self.skip = len(self.stack) - (2 if self.in_child else 0) + opening
        if not self.skip:  # a text too long, directly a compacted child
            self.attach(Bad(problem))


def _value(
    event: str,
    value: Any,
    events: Iterator[tuple[str, Any]],
    limits: tuple[int, int, int],
    compact: dict[str, Compact],
) -> Any:
    if event not in ("start_map", "start_array"):
        if isinstance(value, str) and len(value) > limits[1]:
            return Bad(f"a text of {len(value):,} characters, over the {limits[1]:,} limit")
        return value
    builder = _Builder({} if event == "start_map" else [], limits, compact)
    try:
        done = builder.run(events)
        if done is not _MORE:
            return done
    except JsonBroken as exc:
        if builder.skip:
            raise JsonBroken(f"{builder.problem}, and the file breaks inside it ({exc})") from None
        raise
    raise JsonBroken("the JSON ends inside an item")


OPEN = object()  # `walk`: a container it goes into was opened at this path
CLOSE = object()  # `walk`: that container closed


def walk(
    fh: BinaryIO,
    expand: Callable[[tuple[Any, ...]], bool],
    *,
    max_depth: int = MAX_DEPTH,
    max_string: int = MAX_STRING,
    max_children: int = MAX_CHILDREN,
) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """A JSON document streamed as (path, value) pairs, for arrays nested inside objects (a Telegram
    export's `chats.list[].messages[]`): a container whose path `expand` accepts is gone into (OPEN
    at its path, then its children, then CLOSE), any other value is built whole with every limit
    checked as its events arrive (a `Bad` when it breaks one). A path is the keys and indexes from
    the top, () for the document itself. JsonBroken where the JSON breaks."""
    events = _events(fh)
    limits = (max_depth, max_string, max_children)
    path: list[Any] = []  # the keys and indexes to the open container gone into
    frames: list[list[Any]] = []  # per container gone into: [is an object, the key or the next index]
    for event, value in events:
        if frames and event in ("end_map", "end_array"):
            frames.pop()
            yield tuple(path), CLOSE
            if not frames:
                break
            path.pop()
            continue
        if frames and event == "map_key":
            frames[-1][1] = value
            continue
        here = (*path, frames[-1][1]) if frames else ()
        if frames and not frames[-1][0]:
            frames[-1][1] += 1
        if event in ("start_map", "start_array") and len(frames) < max_depth and expand(here):
            if frames:
                path.append(here[-1])
            frames.append([event == "start_map", None if event == "start_map" else 0])
            yield here, OPEN
            continue
        yield here, _value(event, value, events, limits, {})
        if not frames:
            break
    for _ in events:  # trailing garbage is an error of the stream
        pass


FIRST_KEYS_BYTES = 8 << 20  # what `first_keys` reads at most (200,000 events of an export are about this)


class _Capped(io.RawIOBase):
    """The first `cap` bytes of `fh`, then an end (a parser sees a torn file)."""

    def __init__(self, fh: BinaryIO, cap: int):
        super().__init__()
        self._fh, self._left = fh, cap

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._fh.read(min(len(buffer), self._left)) if self._left > 0 else b""
        self._left -= len(data)
        buffer[: len(data)] = data
        return len(data)


def first_keys(fh: BinaryIO, wanted: frozenset[str], *, limit: int = 200_000) -> set[str]:
    """Keys of the first object (at the top or as the first item of a top-level array), read as
    events until one of `wanted` shows, `limit` events pass or FIRST_KEYS_BYTES are read; a torn file
    gives what came before. The byte cap holds for one value: a 300 MB first line (one string) was
    parsed whole, held in memory and in time growing as its square (60 MB: 9 s), twice per import."""
    keys: set[str] = set()
    depth = 0
    top = -1  # the depth at which the first object's keys sit
    capped = io.BufferedReader(_Capped(fh, FIRST_KEYS_BYTES), 1 << 16)
    try:
        for n, (event, value) in enumerate(ijson.basic_parse(capped, use_float=True)):
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


# -- reading on past damage ----------------------------------------------------------------------


class BadByte(InvalidInput):
    """A byte that is not UTF-8, at `offset` in the stream."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


class Checked(io.RawIOBase):
    """Bytes of `fh` passed on only as far as they are UTF-8: at the first byte that is not, a
    `BadByte` naming its offset (`base` + where it is in `fh`). At most `length` bytes are read,
    and `prefix`/`suffix` framing them (one item read alone as a list of one)."""

    def __init__(
        self, fh: BinaryIO, *, base: int = 0, length: int | None = None, prefix: bytes = b"", suffix: bytes = b""
    ):
        super().__init__()
        self._fh, self._base, self._left = fh, base, length
        self._fed = 0
        self.consumed = 0  # bytes taken from `fh`, the one a BadByte is in included
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._out = prefix
        self._suffix = suffix
        self._eof = False
        self._tail = b""  # the last bytes seen: a surrogate escape cut by a read is judged whole
        self._judged = 0  # stream offset before which every high surrogate escape was judged

    def readable(self) -> bool:
        return True

    def _more(self, size: int) -> bytes:
        want = size if self._left is None else min(size, self._left)
        data = self._fh.read(want) if want > 0 else b""
        if self._left is not None:
            self._left -= len(data)
        pending = len(self._decoder.getstate()[0])
        self.consumed += len(data)
        try:
            self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            at = self._base + self._fed - pending
            raise BadByte(files.encoding_problem(exc.object, exc, offset=at), at + exc.start) from None
        self._lone_high(data)
        self._fed += len(data)
        if not data:
            self._eof = True
            data, self._suffix = self._suffix, b""
        return data

    def _lone_high(self, data: bytes) -> None:
        """A BadByte at a high surrogate escape (`\\ud800`) not followed by a low one: the parser
        would turn it into `?` without a word, so it is damage like a byte that is not UTF-8."""
        scan = self._tail + data
        origin = self._fed - len(self._tail)  # where scan[0] is in `fh`
        for m in _HIGH.finditer(scan):
            at = origin + m.start()
            if at < self._judged:
                continue
            if data and len(scan) - m.end() < 6:
                break  # its other half may come with the next read: the tail keeps it
            self._judged = at + 1
            back = m.start()
            while back > 0 and scan[back - 1] == 0x5C:  # the backslashes before it
                back -= 1
            if (m.start() - back) % 2 or _LOW.match(scan, m.end()):
                continue  # an escaped backslash then text, or a whole pair
            at += self._base
            escape = m.group().decode()
            raise BadByte(f"the JSON {text.unpaired(chr(int(escape[2:], 16)), f'byte {at:,}')}", at)
        start = max(0, len(scan) - 12)
        while start > 0 and len(scan) - start < 4096 and scan[start - 1 : start] == b"\\":
            start -= 1
        self._tail = scan[start:]

    def readinto(self, buffer: Any) -> int:
        while not self._out and not self._eof:
            self._out = self._more(max(len(buffer), 1 << 16))
        if not self._out and self._suffix:
            self._out, self._suffix = self._suffix, b""
        n = min(len(buffer), len(self._out))
        buffer[:n] = self._out[:n]
        self._out = self._out[n:]
        return n


_HIGH = re.compile(rb"\\u[dD][89abAB][0-9a-fA-F]{2}")
_LOW = re.compile(rb"\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def checked(fh: BinaryIO, **framing: Any) -> BinaryIO:
    """`Checked` behind a buffer (ijson reads it in large pieces)."""
    return cast(BinaryIO, io.BufferedReader(Checked(fh, **framing), 1 << 16))


_OUTSIDE = re.compile(rb'["\[\]{},]')
_INSIDE = re.compile(rb'["\\]')


@dataclass(frozen=True)
class Span:
    """Where one top-level item's bytes lie: [start, end); `closed` is False for one the file ends inside."""

    start: int
    end: int
    closed: bool
    body: tuple[int, int] | None = None  # [start, end) of the value itself, when whole: not the bytes around it


def item_spans(fh: BinaryIO) -> Iterator[Span]:
    """The byte spans of the top-level array's items, told by quotes, escapes, brackets and commas
    alone, so a byte that is not UTF-8, a broken escape or a control character inside a text does
    not stop it: where the JSON parser stopped, the items after the damaged one are found here.
    Scalars count as items (as `array_items` counts them); a blank span (`[]`, a trailing comma)
    is given too, and reads as no item."""
    depth, inside, escaped, start, offset = 0, False, False, -1, 0
    body = [-1, -1]  # where the current item's value opens and closes

    def span(end: int, closed: bool) -> Span:
        whole = closed and start <= body[0] < body[1] <= end
        return Span(start, end, closed, (body[0], body[1]) if whole else None)

    while chunk := fh.read(1 << 20):
        i = 1 if escaped else 0
        escaped = False
        while True:
            found = (_INSIDE if inside else _OUTSIDE).search(chunk, i)
            if found is None:
                break
            j = found.start()
            c = chunk[j : j + 1]
            i = j + 1
            if inside:
                if c == b"\\":
                    escaped, i = i >= len(chunk), i + 1
                else:
                    inside = False
                    if depth == 1:
                        body[1] = offset + i
            elif c == b'"':
                inside = True
                if depth == 1 and body[0] < 0:
                    body[0] = offset + j
            elif c in (b"[", b"{"):
                depth += 1
                if depth == 1:
                    if c != b"[":
                        return  # not a list: nothing to find
                    start = offset + i
                elif depth == 2 and body[0] < 0:
                    body[0] = offset + j
            elif c in (b"]", b"}"):
                depth -= 1
                if depth == 0:
                    yield span(offset + j, True)
                    return
                if depth == 1:
                    body[1] = offset + i
            elif depth == 1:  # a comma between two items
                yield span(offset + j, True)
                start, body[:] = offset + i, [-1, -1]
        offset += len(chunk)
    if depth >= 1:
        yield span(offset, depth == 1 and not inside)
