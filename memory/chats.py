"""Chat exports in: ChatGPT and Claude `conversations.json`, WhatsApp's exported chats (memory/whatsapp.py),
Telegram Desktop's JSON export (memory/telegram.py), Messenger's and Instagram's JSON export
(memory/messenger.py), and a generic chat JSONL.

Every format is read as a stream of conversations (ijson for the JSON arrays, one line at a
time for JSONL), so a 200 MB export is never held in memory. Each message worth keeping goes
through the normal capture pipeline (payload validation, gate, tombstones, duplicates, batch
embedding) as a `note` whose valid_from is the message time, linked to its speaker as an entity,
and placed in its session (memory/conversations.py). A bad message or conversation is reported by
where it is and why; the rest lands. Re-running adds nothing (the import log); a killed import
picks up where it stopped.

The generic chat JSONL, one message per line:
    {"conversation": "trip-2024", "speaker": "Ana", "role": "user", "text": "...", "time": "2024-05-01T09:30:00Z"}
`conversation` and `text` are required; `role` is user (a person: you, or someone you talk with),
assistant (an AI), system or tool (never imported), in any case or width; `speaker` defaults to the role; `time` is an
ISO date or date-time; `title` (optional) names the conversation. Lines of one conversation
should be consecutive and in order.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import stat
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta, tzinfo
from functools import partial
from itertools import islice
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, NamedTuple, cast

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr, ValidationError, field_validator

from memory import (
    audit,
    clock,
    conversations,
    correction,
    files,
    gate,
    jsonstream,
    life,
    mem0,
    messenger,
    rehear,
    review,
    telegram,
    tokens,
    whatsapp,
)
from memory import text as text_policy
from memory.capture import (
    WAIVED,
    Duplicate,
    EmbedderSource,
    Outcome,
    Rejected,
    Stored,
    capture_stream,
    logged_keys,
    unlog,
)
from memory.db import Database, rows_in
from memory.errors import InvalidInput, QuireError
from memory.models import ME_MAX, CapturePayload, clauses, key_clauses, me_name, one_per_value, parse_payload, plain
from memory.vectors import VectorIndex

CHAT_FORMATS = ("chatgpt", "claude", "whatsapp", "telegram", "messenger", "chat-jsonl")
Roles = Literal["user", "all"]
# Gate reasons `keep_all` waives: the protocol of a benchmark scores every turn, "ok, see you!"
# included. A credential is never kept (capture refuses to waive it).
KEEP_ALL_WAIVES = frozenset({"too_short", "noise_pattern"})
BATCH = 256  # messages per capture batch (one transaction, one embedding call)
_JSONL_GROUP = 5000  # a conversation longer than this is imported in slices
# Warning lines kept in a report: a big export of similar messages flags tens of thousands of
# near-duplicates (98% of the benchmark's 100k), ~0.3 KB each in memory and in the JSON; they
# are counted in full (`near_duplicates`, `warnings_omitted`), and the first ones listed.
WARNINGS_KEPT = 200
CREDENTIAL_LINES = 50  # error lines naming a message refused for a credential; the rest in one line


def _content_limit() -> int:
    for rule in CapturePayload.model_fields["content"].metadata:
        if getattr(rule, "max_length", None):
            return int(rule.max_length)
    return 20_000


MAX_PART = _content_limit()


@dataclass(frozen=True)
class Message:
    position: int  # 0-based, counting every message of the conversation
    speaker: str
    role: str  # user | assistant
    text: str
    time: str | None  # stored ISO, or None
    where: str  # "file:line" or "file: conversation N message M", for reports
    # Whether the export says the message was edited: None where it cannot say (a changed text at
    # the same place is then taken for an edit by its words, `_edited`); WhatsApp marks its edits,
    # and its places shift when a later export drops the oldest messages.
    edited: bool | None = None
    mine: bool | None = None  # the person's own, by an id the export gives (Telegram's from_id); None: by name


@dataclass
class Conversation:
    key: str
    title: str
    time: str | None
    where: str
    messages: list[Message] = field(default_factory=list)
    part: int = 0  # a long conversation comes in slices of SLICE messages: 0 is the first
    total: int | None = None  # messages of the whole conversation, when known before its slices
    between: bool | None = None  # between people (see between_people), judged on the whole conversation
    previous: str = ""  # the text of the message before this slice (the first one's cue)


@dataclass
class ChatReport:
    """What an import did; the same keys as the JSONL/Markdown report, plus the chat counts."""

    stored: int = 0
    duplicates: int = 0
    rejected: int = 0
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    format: str = ""
    conversations: int = 0
    messages: int = 0
    skipped_roles: int = 0  # messages of a role not imported (--roles user drops the assistant)
    empty: int = 0
    dropped: Counter[str] = field(default_factory=Counter)  # gate reason -> count
    kept_anyway: Counter[str] = field(default_factory=Counter)  # keep_all: gate reason -> stored although it says so
    # keep_all: gate reason -> messages read that it waived (stored, or already present): what the
    # gate would have dropped (eval/systems.py), not in the report a person reads
    waived: Counter[str] = field(default_factory=Counter)
    sessions: set[str] = field(default_factory=set)
    near_duplicates: int = 0  # stored, and flagged as near another memory
    damaged: int = 0  # conversations skipped for damage in the file (a bad byte, a tear), each named in errors
    warnings_omitted: int = 0  # warnings past WARNINGS_KEPT: counted, not listed
    changes: list[str] = field(default_factory=list)  # changes in the person's life (correction.heard)
    credentials: int = 0  # messages refused for a credential (the first CREDENTIAL_LINES are errors)
    mine: int = 0  # messages by the sender `me` names (not in as_json: a warning says when none is)
    between: int = 0  # conversation slices between people (where `me` tells the person's turns)
    # sessions this import names another owner of than an earlier import did (--me given now, or another):
    # their turns already in are heard as the new owner's (`_landed`), as a first import with it hears them
    claimed: set[str] = field(default_factory=set)
    notices: int = 0  # WhatsApp's and Telegram's own lines (joins, pins, calls): nobody's words, counted, not stored
    redated: int = 0  # messages imported before whose time this export reads otherwise: moved to it (`_redate`)
    edited: int = 0  # stored messages that are edits of ones imported before: each supersedes the old text
    undated: int = 0  # messages with no time, in a conversation with none: dated to the import (a warning says)
    # (cut name, whole name) -> messages of a contact named with ': ' read whole now (`_read_whole`; a warning says)
    whole: Counter[tuple[str, str]] = field(default_factory=Counter)

    def warn(self, line: str) -> None:
        if len(self.warnings) < WARNINGS_KEPT:
            self.warnings.append(line)
        else:
            self.warnings_omitted += 1

    def refuse(self, line: str) -> None:
        """A message refused for a credential: an error line, the first CREDENTIAL_LINES listed and
        the rest counted in one line (an export can paste a key a thousand times)."""
        self.credentials += 1
        if self.credentials <= CREDENTIAL_LINES:
            self.errors.append(line)
        elif self.credentials == CREDENTIAL_LINES + 1:
            self.errors.append(
                "more messages hold a credential: each is refused and counted in dropped (credential_leak); "
                "remove the keys from the export and import again"
            )

    def as_json(self) -> dict[str, Any]:
        return {
            "stored": self.stored,
            "duplicates": self.duplicates,
            "rejected": self.rejected,
            # a refused message's error line (and the one line for those past CREDENTIAL_LINES) is a
            # unit counted in rejected already, not a bad unit besides
            "bad_units": len(self.errors) - min(self.credentials, CREDENTIAL_LINES + 1),
            # (a key in a file's, a chat's or a sender's name is said as its kind in every line, never shown)
            "errors": [gate.redact(line) for line in self.errors],
            "warnings": [gate.redact(line) for line in self.warnings],
            "ids": self.ids,
            "format": self.format,
            "conversations": self.conversations,
            "messages": self.messages,
            "skipped_roles": self.skipped_roles,
            "empty": self.empty,
            "dropped": dict(self.dropped),
            "kept_anyway": dict(self.kept_anyway),
            "sessions": len(self.sessions),
            "near_duplicates": self.near_duplicates,
            "damaged": self.damaged,
            "warnings_omitted": self.warnings_omitted,
            "changes": self.changes,
            "redated": self.redated,
            "edited": self.edited,
            "notices": self.notices,
        }


# -- reading -----------------------------------------------------------------------------------


# Unix seconds (or milliseconds) written as a string by some converters
_EPOCH = re.compile(r"^\s*\d{1,13}(\.\d*)?\s*$")
FUTURE_SLACK = timedelta(days=1)  # clocks and time zones differ; later than this is not when a message was sent
# The latest time a message may have been sent, as one import last read it (`import_chats` sets the cell):
# the clock is read again only for a moment past it (clock.now cost ~2 us a message, most of it QUIRE_NOW's
# lookup). Within an import the clock only moves on (or stays pinned), so a moment within an earlier bound is
# within the current one: the same answer as reading the clock for every message.
_LATEST: ContextVar[list[datetime | None] | None] = ContextVar("quire_chat_latest", default=None)


# Unix seconds before 1990: what an exporter writes for "no time" (0, -1), or a small number in a
# field of another kind; read as times they dated messages to 1970 without a word.
_EARLIEST_SECONDS = 631_152_000
_EARLIEST = datetime.fromtimestamp(_EARLIEST_SECONDS, UTC)
# Unix time this large is milliseconds where seconds belong (JavaScript's Date.now(), a converter's
# output): as seconds it is past the year 21,000, as milliseconds 1990 or later, the moment meant. A
# smaller number past quire's range (253402300800: the year 10000) is seconds, refused with the range.
_MILLISECONDS = _EARLIEST_SECONDS * 1000


class _Placeholder(ValueError):
    """A time before 1990 (`_EARLIEST_SECONDS`), as seconds or as ISO text: no time, not a moment."""


def read_time(value: Any) -> tuple[str | None, str | None]:
    """(stored time, None), or (None, why not) for a value that is there but unusable; (None, None) if absent.

    Unix seconds (ChatGPT; also as a string of digits; milliseconds read as such) or an ISO string
    (Claude, JSONL), within quire's date range and not in the future (a message is not sent later
    than it is imported)."""
    if value is None or value == "":
        return None, None
    hint = "use ISO 8601 (e.g. 2024-05-01T09:30Z) or Unix seconds"
    try:
        if isinstance(value, bool):
            raise ValueError(value)
        if isinstance(value, str) and _EPOCH.match(value):
            value = float(value)
        if isinstance(value, (int, float)) or hasattr(value, "as_integer_ratio"):
            seconds = float(value) / (1000 if abs(float(value)) >= _MILLISECONDS else 1)
            if seconds < _EARLIEST_SECONDS:  # 0 or -1: a placeholder, not when it was sent
                raise _Placeholder(value)
            moment = _moment(seconds)
            stored = clock.iso(moment)
            moment = moment.replace(microsecond=0)  # what the stored text reads back as, not parsed again
        elif isinstance(value, str):
            stored = clock.normalize_when(value)
            moment = clock.parse_when(stored)
        else:
            raise ValueError(value)
        if moment < _EARLIEST:  # the same placeholder as ISO text ("1970-01-01T00:00:00Z")
            raise _Placeholder(value)
    except _Placeholder:
        return None, f"the time {str(value)[:40]!r} is not when a message was sent (before 1990); {hint}"
    except clock.OutOfRange:  # read, but outside the range: said with it, as `--valid-from 0001-01-01` is
        return None, f"the time {str(value)[:40]!r} is outside the supported range ({clock.RANGE}); {hint}"
    except (InvalidInput, ValueError, OverflowError, OSError):
        return None, f"cannot read the time {str(value)[:40]!r}; {hint}"
    if _too_late(moment):
        return None, f"the time {str(value)[:40]!r} is in the future; a message's time is when it was sent"
    return stored, None


def _too_late(moment: datetime) -> bool:
    """Whether `moment` is past now and FUTURE_SLACK (`_LATEST`: the clock read again only past its last bound)."""
    cell = _LATEST.get()
    if cell is None:
        return moment > clock.now() + FUTURE_SLACK
    latest = cell[0]
    if latest is None or moment > latest:
        latest = cell[0] = clock.now() + FUTURE_SLACK
    return moment > latest


def _moment(value: float) -> datetime:
    """Unix seconds as a UTC moment; clock.OutOfRange past quire's range (ValueError for NaN)."""
    if value != value:  # NaN
        raise ValueError(value)
    try:
        moment = datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        raise clock.OutOfRange(f"{value} seconds is outside the supported range ({clock.RANGE})") from None
    if not clock.in_range(moment):
        raise clock.OutOfRange(f"{value} seconds is outside the supported range ({clock.RANGE})")
    return moment


def _when(value: Any) -> str | None:
    """The stored time of `value`, or None if absent or unusable (see `read_time`)."""
    return read_time(value)[0]


def _message_time(value: Any, where: str, report: ChatReport) -> str | None:
    """A message's time; an unusable one is reported as a warning and the conversation's time used."""
    stored, problem = read_time(value)
    if problem:
        report.warn(f"{where}: {problem}; the conversation's time (else the import time) is used")
    return stored


# What `_clean` removed during one import (`import_chats` sets it): characters by kind ("control",
# "invisible") and texts by what they were ("message", "title"). The readers clean deep inside
# their parsing, before a message or its conversation exists to carry a note; the import says it
# once, in counts (`_removed_warnings`), as a JSONL capture or a note warns, not a line a message.
_REMOVED: ContextVar[Counter[str] | None] = ContextVar("quire_chat_removed", default=None)


def _clean(text: Any, what: str = "message") -> str:
    """The one text policy (memory/text.py) for names, titles and messages read from an export;
    what it removes is counted for the import's warning."""
    if not isinstance(text, str):
        return ""
    if plain(text):  # nothing to remove or count
        return " ".join(text.split()) if what == "title" else text.strip()
    try:
        cleaned = text_policy.clean(text)
    except InvalidInput:
        return text.strip()  # an unpaired surrogate: the capture payload refuses it, reported per message
    removed = _REMOVED.get()
    if (cleaned.controls or cleaned.invisible) and removed is not None:
        removed["control"] += cleaned.controls
        removed["invisible"] += cleaned.invisible
        removed[what] += 1
    if what == "title":  # a label, one line: "Trip<newline>planning" named the session and every source
        return " ".join(cleaned.text.split())
    return cleaned.text.strip()


def _removed_warnings(name: str, removed: Counter[str]) -> list[str]:
    """One warning a kind of character removed, with the counts (JSONL and notes warn the same)."""
    texts = ", ".join(f"{n} {what}{'s' if n > 1 else ''}" for what, n in sorted(removed.items()) if what in _TEXTS)
    lines = []
    for kind, label in (("control", "(NUL or similar) that cannot be stored"), ("invisible", _INVISIBLE)):
        if removed[kind]:
            plural = "s" if removed[kind] > 1 else ""
            lines.append(f"{name}: removed {removed[kind]} {kind} character{plural} {label} (in {texts})")
    return lines


_TEXTS = ("message", "title", "name")
_INVISIBLE = "(bidi override or zero-width)"


MAX_EXPORT_BYTES = 8 << 30  # an export (or a zip member) past 8 GiB is refused while it is read
SLICE = 1000  # messages per Conversation handed on: a 300,000-message conversation is never held as units
_EXPORT_NAME = "conversations.json"
_TELEGRAM_NAME = "result.json"


@dataclass(frozen=True)
class Source:
    """Where an export's bytes come from: a regular file, or conversations.json inside a .zip."""

    path: Path
    member: str | None = None

    @property
    def name(self) -> str:
        """As messages name it: a credential in a file's name is said as its kind, never shown."""
        return gate.redact(f"{self.path.name}!{self.member}" if self.member else self.path.name)

    @property
    def identity(self) -> str:
        """The import log's source (a zip's member is named, so two exports in one zip differ)."""
        return f"{self.path.resolve()}!{self.member}" if self.member else str(self.path.resolve())

    def raw(self) -> BinaryIO:
        if self.member is None:
            return files.open_regular(self.path)
        archive = zipfile.ZipFile(files.open_regular(self.path))
        try:
            info = archive.getinfo(self.member)
            if info.file_size > MAX_EXPORT_BYTES:
                raise InvalidInput(f"{self.name} unpacks to {info.file_size:,} bytes, over the 8 GiB limit")
            return cast(BinaryIO, _Closing(archive.open(info), archive))
        except BaseException:
            archive.close()
            raise

    def open(self, *, strict: bool = True) -> BinaryIO:
        """UTF-8 bytes (BOM skipped, UTF-16 transcoded; with `strict` any other byte an InvalidInput
        at its offset)."""
        return files.utf8_stream(self.raw(), strict=strict, limit=MAX_EXPORT_BYTES, name=self.name)


class _Closing(io.RawIOBase):
    """A zip member's stream that closes its archive with it."""

    def __init__(self, inner: IO[bytes], archive: zipfile.ZipFile | None):
        super().__init__()
        self._inner, self._archive = inner, archive  # None: the archive stays open for its next member

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        try:
            return self._inner.read(size)
        except (zipfile.BadZipFile, EOFError, OSError, zlib.error) as exc:
            raise InvalidInput(f"the zip is damaged ({exc}); download the export again") from None

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        with suppress(Exception):
            self._inner.close()
            if self._archive is not None:
                self._archive.close()
        super().close()


def source_of(path: Path) -> Source:
    """The Source for `path`: the file itself, or the conversations.json inside a .zip export."""
    st = files.stat_input(path)
    files.refuse_special(path, st)
    if not stat.S_ISREG(st.st_mode):
        raise InvalidInput(f"{path} is not a file; pass the export's conversations.json, its .zip, or a chat .jsonl")
    with files.open_regular(path) as fh:
        magic = fh.read(4)
    if magic == b"PK\x05\x06":  # the end-of-archive mark first: a zip of no files (a download that failed)
        raise InvalidInput(f"{path} is an empty zip: nothing to import; download the export again")
    is_zip = magic == b"PK\x03\x04"
    if not is_zip:
        return Source(path)
    try:
        with zipfile.ZipFile(files.open_regular(path)) as archive:
            names = [n for n in archive.namelist() if not n.endswith("/")]
    except (zipfile.BadZipFile, OSError) as exc:
        raise InvalidInput(f"{path} is a damaged zip ({exc}); download the export again") from None

    def shallowest(names: Iterable[str]) -> list[str]:
        return sorted(names, key=lambda n: (n.count("/"), n))

    found = shallowest(n for n in names if n.rsplit("/", 1)[-1] == _EXPORT_NAME)
    # Telegram Desktop's export folder, zipped: result.json beside the photos and files.
    result = shallowest(n for n in names if n.rsplit("/", 1)[-1] == _TELEGRAM_NAME)
    # WhatsApp's zip (iOS shares one): the chat's text beside its media.
    chat = shallowest(n for n in names if _WHATSAPP_MEMBER.fullmatch(n.rsplit("/", 1)[-1]))
    if not found and not result and not chat:
        threads = shallowest(n for n in names if messenger.MEMBER.search(n))
        if threads:  # Messenger's or Instagram's export: memory/messenger.py reads the zip whole
            return Source(path, threads[0])
    if not found and not result and not chat and any(n.lower().endswith(NOTE_SUFFIXES) for n in names):
        raise InvalidInput(f"{path} is a zip of Markdown notes; unzip it and import the folder (quire import FOLDER)")
    if not found and not result and not chat:
        raise InvalidInput(
            f"{path} is a zip without a {_EXPORT_NAME}, a Telegram {_TELEGRAM_NAME} or a WhatsApp chat (_chat.txt); "
            "a ChatGPT or Claude export holds the first, Telegram's the second, WhatsApp's the third: pass that "
            "zip, or the file unpacked"
        )
    _refuse_several(path, [*found, *result, *chat])
    return Source(path, (found or result or chat)[0])


def _refuse_several(path: Path, exports: list[str]) -> None:
    """A zip holding two exports or more (two WhatsApp chats zipped together): each named, not the first
    read and the others left out without a word."""
    if len(exports) < 2:
        return
    shown = ", ".join(_clean(name, "title") for name in exports[:3]) + (", ..." if len(exports) > 3 else "")
    raise InvalidInput(
        f"{path} holds {len(exports)} exports ({shown}), and an import reads one a zip: unzip it and import "
        "each (several paths may be given at once)"
    )


_TELEGRAM_HTML = re.compile(r"messages\d*\.html", re.IGNORECASE)
_WHATSAPP_MEMBER = re.compile(r"_chat\.txt|WhatsApp[^/]*\.txt", re.IGNORECASE)


def chat_named(name: str) -> bool:
    """Whether a file's name is a WhatsApp chat's (its Export chat's .txt, iOS's _chat.txt)."""
    return _WHATSAPP_MEMBER.fullmatch(name) is not None


def _items(
    source: Source, report: ChatReport, compact: dict[str, jsonstream.Compact]
) -> Iterator[tuple[int, list[Any]]]:
    """Top-level array items, streamed with every limit checked as it arrives (memory/jsonstream.py);
    an item past a limit is reported and skipped.

    Where the file is damaged (a byte that is not UTF-8, a broken escape, a control character, a
    tear), the conversation holding the damage is skipped, reported with its place, and counted
    in `damaged`; every conversation after it is still read (`_read_on`). Only whole
    conversations are yielded: one cut off by the end of the file is not imported at all."""
    n = 0
    try:
        with source.open(strict=False) as raw:
            _check_head(raw, source)
            for item in jsonstream.array_items(jsonstream.checked(raw), compact=compact):
                n += 1
                yield from _handed(source, report, n, item)
                del item
            return
    except (jsonstream.JsonBroken, jsonstream.BadByte) as exc:
        broke: InvalidInput = exc
    except InvalidInput as exc:
        if n == 0:
            raise
        report.errors.append(f"{exc}; {_before(n)}, nothing after it")
        return
    yield from _read_on(source, report, compact, n, broke)


def _check_head(fh: BinaryIO, source: Source) -> None:
    head = fh.peek(1 << 12).lstrip()[:1]  # type: ignore[attr-defined]
    if not head:
        raise InvalidInput(
            f"{source.name} is empty: nothing to import; export the conversations again and import that file"
        )
    if head != b"[":
        raise InvalidInput(
            f"{source.name}: not a list of conversations (it starts with {head.decode('latin-1')!r}); "
            "a ChatGPT or Claude conversations.json is a JSON list [...]: import that file"
        )


def _handed(source: Source, report: ChatReport, n: int, item: Any) -> Iterator[tuple[int, list[Any]]]:
    if isinstance(item, jsonstream.Bad):
        report.errors.append(f"{source.name}: conversation {n}: {item.reason}; skipped")
        return
    # Handed over in a box the reader empties: this frame must not keep a huge
    # conversation's tree alive while its slices are stored.
    box = [item]
    del item
    yield n, box


def _read_on(
    source: Source, report: ChatReport, compact: dict[str, jsonstream.Compact], done: int, broke: InvalidInput
) -> Iterator[tuple[int, list[Any]]]:
    """After the parser stopped at damage with `done` conversations read: the items' places are
    found by brackets and quotes alone (`jsonstream.item_spans`), and each later one is read on
    its own, so damage costs the conversation that holds it and no other."""
    damages = _Damages(source.name, report)
    with source.open(strict=False) as scan, source.open(strict=False) as data:
        at = 0
        for n, span in enumerate(jsonstream.item_spans(scan), 1):
            if n <= done:
                continue
            _skip(data, span.start - at)
            lo, hi = span.body or (span.start, span.end)  # bytes around the value are not part of it
            stray = _skip(data, lo - span.start)
            window = jsonstream.Checked(data, base=lo, length=hi - lo, prefix=b"[", suffix=b"]")
            try:
                for item in jsonstream.array_items(io.BufferedReader(window, 1 << 16), compact=compact):
                    yield from _handed(source, report, n, item)
                    del item
            except (jsonstream.JsonBroken, jsonstream.BadByte) as exc:
                report.damaged += 1
                damages.note(n, _damage(source, n, span, exc))
            at = lo + window.consumed
            if at == hi:
                stray += _skip(data, span.end - hi)
                at = span.end
            if stray:
                damages.note(
                    n,
                    f"{source.name}: {stray:,} stray byte{'s are' if stray > 1 else ' is'} not JSON around "
                    f"conversation {n} (bytes {span.start:,}-{span.end:,}); ignored, and the conversation read: "
                    "remove them there (or get the export again)",
                )
    damages.close()
    if not damages.lines:  # the damage is after the last conversation: all of them were read
        report.errors.append(
            f"{source.name}: the JSON breaks after conversation {done} ({broke}); every conversation before "
            "it was read: if the export holds more, get it again and re-run (what landed is skipped)"
        )


DAMAGE_LISTED = 50  # damage lines given one by one; past this, the rest are counted in one line


@dataclass
class _Damages:
    """The error lines of the damage in one file: the first DAMAGE_LISTED, then one line counting the rest."""

    name: str
    report: ChatReport
    lines: int = 0
    unlisted: int = 0
    first: int = 0  # the first and last conversation not listed
    last: int = 0

    def note(self, n: int, line: str) -> None:
        self.lines += 1
        if self.lines <= DAMAGE_LISTED:
            self.report.errors.append(line)
            return
        self.unlisted += 1
        self.first, self.last = self.first or n, n

    def close(self) -> None:
        if self.unlisted:
            self.report.errors.append(
                f"{self.name}: {self.unlisted:,} more damaged places, in conversations {self.first} to {self.last}, "
                f"are not listed (the first {DAMAGE_LISTED} are); each is handled like those: get the export "
                "again (or fix them) and re-run (what landed is skipped)"
            )


def _before(n: int) -> str:
    """The conversations read before a damaged one, said truly of one ("the 1 conversations ... were")."""
    return "the conversation before it was read" if n == 1 else f"the {n:,} conversations before it were read"


def _damage(source: Source, n: int, span: jsonstream.Span, exc: InvalidInput) -> str:
    if not span.closed:
        before = _before(n - 1) if n > 1 else "nothing was imported"
        return (
            f"{source.name}: conversation {n} is cut off: the file ends inside it, at byte {span.end:,} ({exc}): "
            f"a download cut short; {before}: get the export again and re-run (what landed is skipped)"
        )
    return (
        f"{source.name}: conversation {n} (bytes {span.start:,}-{span.end:,}) is damaged ({exc}); skipped, and "
        "every other conversation read: fix it there (or get the export again) and re-run (what landed is skipped)"
    )


def _skip(fh: BinaryIO, count: int) -> int:
    """Skip `count` bytes of `fh`; how many of them are not JSON whitespace."""
    stray = 0
    while count > 0:
        got = fh.read(min(count, 1 << 20))
        if not got:
            break
        count -= len(got)
        stray += len(got.translate(None, b" \t\r\n"))
    return stray


def _other_format(conv: Any, expected: str) -> None:
    """The first conversation of the other export format: one error naming the fix, before anything lands."""
    if isinstance(conv, dict) and expected == "chatgpt" and "chat_messages" in conv:
        raise InvalidInput("this is a Claude export, not a ChatGPT one; use --format claude (or leave --format out)")
    if isinstance(conv, dict) and expected == "claude" and "mapping" in conv:
        raise InvalidInput("this is a ChatGPT export, not a Claude one; use --format chatgpt (or leave --format out)")


def _kind(value: Any) -> str:
    names = {str: "a text", int: "a number", float: "a number", bool: "true/false", list: "a list", dict: "an object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


class _Node(NamedTuple):
    """A ChatGPT mapping node, kept small: one conversation's tree is held as these, not as JSON."""

    parent: str | None
    leaf: bool
    record: tuple[str, str, str, Any] | str | None  # (role, speaker, text, raw time) | why it is bad | skipped


def _chatgpt_node(key: Any, node: Any) -> _Node:
    """A node's parent and, if it holds a message to import, its record; a malformed one says why."""
    if isinstance(node, jsonstream.Bad):
        return _Node(None, True, node.reason)
    if not isinstance(node, dict):
        return _Node(None, True, f"the node is {_kind(node)}, not an object")
    parent = node.get("parent")
    children = node.get("children")
    leaf = not children
    if parent is not None and not isinstance(parent, str):
        return _Node(None, leaf, f"'parent' is {_kind(parent)}, not a node id")
    msg = node.get("message")
    if msg is None:
        return _Node(parent, leaf, None)
    try:
        return _Node(parent, leaf, _chatgpt_message(msg))
    except _Malformed as exc:
        return _Node(parent, leaf, str(exc))


class _Malformed(Exception):
    """One message's shape is not a ChatGPT message's (the reason is the text)."""


def _field(container: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = container.get(key)
    if value is not None and not isinstance(value, kind):
        raise _Malformed(f"'{key}' is {_kind(value)}, not {what}")
    return value


def _role(value: str) -> str:
    """A role or sender as the formats name them, whatever its case or width: "USER", "Ｕｓｅｒ" and
    "Human" were skipped without a word by the exports and refused by the chat JSONL."""
    return tokens.name_key(value)


def _chatgpt_message(msg: Any) -> tuple[str, str, str, Any] | None:
    if not isinstance(msg, dict):
        raise _Malformed(f"'message' is {_kind(msg)}, not an object")
    author = _field(msg, "author", dict, "an object with a 'role'") or {}
    role = _role(_field(author, "role", str, "a text") or "")
    content = _field(msg, "content", dict, "an object with 'parts'") or {}
    metadata = _field(msg, "metadata", dict, "an object") or {}
    kind = content.get("content_type", "text")
    if role not in ("user", "assistant") or metadata.get("is_visually_hidden_from_conversation"):
        return None  # system prompts, tool calls and results, custom instructions
    if kind not in ("text", "multimodal_text"):
        return None  # reasoning, code, browsing
    if msg.get("recipient") not in (None, "all"):
        return None  # an assistant message addressed to a tool
    parts = _field(content, "parts", list, "a list of texts") or []
    said = [_clean(_part_text(p)) for p in parts]
    text = "\n".join(c for c in (*_files_named(metadata.get("attachments"), "name"), *said) if c)
    name = _field(author, "name", str, "a text")
    speaker = "user" if role == "user" else (_clean(name, "name") or "ChatGPT")
    return role, speaker, text, msg.get("create_time")


def _files_named(entries: Any, key: str) -> list[str]:
    """The files a message carries, named as WhatsApp names one ("Lease.pdf (file attached)"), to
    go above its words: ChatGPT's `metadata.attachments` (`name`), Claude's `attachments` and
    `files` (`file_name`). A file sent without words had landed as nothing; the names were lost."""
    if not isinstance(entries, list):
        return []
    named = (_clean(e.get(key), "name") for e in entries if isinstance(e, dict) and isinstance(e.get(key), str))
    return [f"{n} (file attached)" for n in dict.fromkeys(named) if n]


def _part_text(part: Any) -> Any:
    """A part's text: a string, or what was said in voice mode (an `audio_transcription` part; the
    audio and image pointers beside it hold none). A voice conversation had been read as empty."""
    if isinstance(part, dict) and part.get("content_type") == "audio_transcription":
        return part.get("text")
    return part


def _slices(conv: Conversation, records: Iterator[Message], *, total: int, between: bool) -> Iterator[Conversation]:
    """`conv` with its messages handed on SLICE at a time (each slice a Conversation of the same key)."""
    part, batch, previous = 0, [], ""
    for msg in records:
        batch.append(msg)
        if len(batch) >= SLICE:
            yield replace(conv, messages=batch, part=part, total=total, between=between, previous=previous)
            previous, part, batch = batch[-1].text, part + 1, []
    if batch or part == 0:
        yield replace(conv, messages=batch, part=part, total=total, between=between, previous=previous)


def _between(roles: set[str], speakers: set[str]) -> bool:
    return "assistant" not in roles and len(speakers) >= 2


def read_chatgpt(path: Path | Source, report: ChatReport) -> Iterator[Conversation]:
    """ChatGPT `conversations.json` (or its .zip): follow the branch that ends at `current_node`."""
    source = path if isinstance(path, Source) else source_of(Path(path))
    for n, box in _items(source, report, {"mapping": _chatgpt_node}):
        conv = box.pop()
        where = f"{source.name}: conversation {n}"
        if n == 1:
            _other_format(conv, "chatgpt")
        if not isinstance(conv, dict) or not isinstance(conv.get("mapping"), dict):
            report.errors.append(f"{where}: not a ChatGPT conversation (no 'mapping'); skipped")
            continue
        mapping: dict[str, _Node] = conv["mapping"]
        current = conv.get("current_node")
        if current is not None and not isinstance(current, str):
            report.errors.append(f"{where}: 'current_node' is {_kind(current)}, not a node id; the newest leaf is used")
            current = None
        key = conv.get("conversation_id") or conv.get("id")
        key = str(key) if isinstance(key, str | int) and not isinstance(key, bool) else f"#{n}"
        out = Conversation(key, _clean(conv.get("title"), "title"), _when(conv.get("create_time")), where)
        chain = _branch(mapping, current)
        kept = []
        for position, node_id in enumerate(chain):
            record = mapping[node_id].record
            if isinstance(record, str):
                report.errors.append(f"{where} message {position} (node {node_id[:40]!r}): {record}; skipped")
            elif record is not None:
                kept.append((position, record))
        del mapping, chain, conv  # the records are all that is needed now
        roles = {r[1][0] for r in kept}
        speakers = {r[1][1] for r in kept}

        def messages(kept: list[tuple[int, tuple[str, str, str, Any]]] = kept, where: str = where) -> Iterator[Message]:
            for i in range(len(kept)):
                (position, (role, speaker, text, time)), kept[i] = kept[i], None  # type: ignore[call-overload]
                at = f"{where} message {position}"
                yield Message(position, speaker, role, text, _message_time(time, at, report), at)

        yield from _slices(out, messages(), total=len(kept), between=_between(roles, speakers))


def _branch(mapping: dict[str, _Node], current: str | None) -> list[str]:
    """The node ids from the root to `current_node` (else the newest leaf), in order; cycles cut."""
    if current not in mapping:
        leaves = [k for k, n in mapping.items() if n.leaf]
        current = leaves[-1] if leaves else None
    chain, seen = [], set()
    while current is not None and current in mapping and current not in seen:
        seen.add(current)
        chain.append(current)
        current = mapping[current].parent
    return chain[::-1]


_ClaudeRecord = tuple[str, str, Any, str | None, str | None]  # role, text, raw time, uuid, parent's uuid


def _claude_message(index: Any, msg: Any) -> _ClaudeRecord | str:
    """(role, text, raw time, uuid, parent's uuid) of a chat_messages entry, or why it is bad (a sender
    neither human nor assistant, a text that is no text: each reported, never left out unsaid)."""
    if isinstance(msg, jsonstream.Bad):
        return msg.reason
    if not isinstance(msg, dict):
        return f"the message is {_kind(msg)}, not an object"
    said_by = msg.get("sender")
    sender = _role(said_by) if isinstance(said_by, str) else None
    if sender not in ("human", "assistant"):  # (a Claude export has no other: a message left out is said)
        named = repr(said_by[:40]) if isinstance(said_by, str) else _kind(said_by)
        return f"its sender is {named}, not human or assistant"
    if msg.get("text") is not None and not isinstance(msg.get("text"), str):
        return f"its text is {_kind(msg.get('text'))}, not a text"  # (it was counted as an empty message)
    text = _clean(msg.get("text"))
    content = msg.get("content")
    if not text and isinstance(content, list):
        blocks = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        text = "\n".join(c for c in (_clean(b) for b in blocks) if c)
    files = [*_files_named(msg.get("attachments"), "file_name"), *_files_named(msg.get("files"), "file_name")]
    text = "\n".join(dict.fromkeys(c for c in (*files, text) if c))
    ids = [v if isinstance(v, str) and v else None for v in (msg.get("uuid"), msg.get("parent_message_uuid"))]
    return ("user" if sender == "human" else "assistant"), text, msg.get("created_at"), ids[0], ids[1]


def _claude_branch(kept: list[tuple[int, _ClaudeRecord]], leaf: Any) -> list[tuple[int, _ClaudeRecord]]:
    """The messages on the conversation's current branch, in order. A Claude export lists every
    version of an edited or regenerated message in one array, each naming its parent
    (`parent_message_uuid`): the branch runs from `current_leaf_message_uuid` (else the last
    message) back to the root. Without parents (an older, linear export), or when a parent is
    missing (a message skipped as damaged), every message is kept: nothing is lost."""
    at = {r[3]: r for _, r in kept if r[3]}
    if not at or not any(r[4] for _, r in kept):
        return kept
    node = leaf if isinstance(leaf, str) and leaf in at else kept[-1][1][3]
    chain: set[str] = set()
    while node in at and node not in chain:
        chain.add(node)
        node = at[node][4]
    if node is not None and node not in chain and node != _CLAUDE_ROOT:
        return kept  # the walk left the messages read: keep them all
    return [(position, r) for position, r in kept if r[3] in chain]


_CLAUDE_ROOT = "00000000-0000-4000-8000-000000000000"  # the parent a conversation's first message names


def read_claude(path: Path | Source, report: ChatReport) -> Iterator[Conversation]:
    """Claude `conversations.json` (or its .zip): `chat_messages` of sender human/assistant, in order."""
    source = path if isinstance(path, Source) else source_of(Path(path))
    for n, box in _items(source, report, {"chat_messages": _claude_message}):
        conv = box.pop()
        where = f"{source.name}: conversation {n}"
        if n == 1:
            _other_format(conv, "claude")
        if not isinstance(conv, dict) or not isinstance(conv.get("chat_messages"), list):
            report.errors.append(f"{where}: not a Claude conversation (no 'chat_messages'); skipped")
            continue
        key = conv.get("uuid")
        key = str(key) if isinstance(key, str | int) and not isinstance(key, bool) else f"#{n}"
        out = Conversation(key, _clean(conv.get("name"), "title"), _when(conv.get("created_at")), where)
        kept = []
        for position, record in enumerate(conv["chat_messages"]):
            if isinstance(record, str):
                report.errors.append(f"{where} message {position}: {record}; skipped")
            elif record is not None:
                kept.append((position, record))
        kept = _claude_branch(kept, conv.get("current_leaf_message_uuid"))
        del conv
        roles = {r[0] for _, r in kept}
        speakers = {("user" if role == "user" else "Claude") for role in roles}

        def messages(kept: list[tuple[int, _ClaudeRecord]] = kept, where: str = where) -> Iterator[Message]:
            for i in range(len(kept)):
                (position, (role, text, time, _, _)), kept[i] = kept[i], None  # type: ignore[call-overload]
                speaker = "user" if role == "user" else "Claude"
                at = f"{where} message {position}"
                yield Message(position, speaker, role, text, _message_time(time, at, report), at)

        yield from _slices(out, messages(), total=len(kept), between=_between(roles, speakers))


class ChatLine(BaseModel):
    """One line of the generic chat JSONL."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    conversation: str = Field(min_length=1, max_length=500)
    text: str
    speaker: str | None = Field(default=None, max_length=ME_MAX)  # a person's name: --me's limit
    role: Literal["user", "assistant", "system", "tool"] = "user"
    # ISO text or Unix seconds, as the refusal of a bad one says (a JSON number was refused as "not text")
    time: StrictStr | StrictInt | StrictFloat | None = None
    title: str | None = Field(default=None, max_length=200)

    @field_validator("role", mode="before")
    @classmethod
    def _role_name(cls, value: Any) -> Any:
        return _role(value) if isinstance(value, str) else value


MAX_LINE_BYTES = (
    1_000_000  # one line of any import (JSONL, chat JSONL, WhatsApp); a message is split at 20,000 characters
)


def line_too_long() -> str:
    """The one wording of a line past MAX_LINE_BYTES, in every reader of lines (it had three)."""
    return f"a line over the {MAX_LINE_BYTES:,}-byte limit; split it up (it was left out, the other lines were read)"


def lines(fh: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) of each line, read with the limit checked as it is read: a line past
    `limit` bytes is (number, None) and its rest is skipped without being held."""
    number = 0
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith(b"\n"):
            while True:  # skip the rest of the overlong line
                rest = fh.readline(1 << 20)
                if not rest or rest.endswith(b"\n"):
                    break
            yield number, None
            continue
        yield number, line


def read_chat_jsonl(path: Path, report: ChatReport, whose: bool = False) -> Iterator[Conversation]:
    """Generic chat JSONL, one message per line; consecutive lines of a conversation form it. `whose` (no --me
    given): a conversation of named senders only is read as WhatsApp's is (`_jsonl_whose`)."""
    positions: dict[str, int] = {}
    group: Conversation | None = None
    seen = 0
    said_user: set[str] = set()  # the conversations a line of which says "role": "user" itself
    warned: set[str] = set()
    name = gate.redact(Path(path).name)  # (as `Source.name`: a line's place is written to the audit log on a redate)
    fh = files.utf8_stream(files.open_regular(Path(path)), strict=False, name=name)
    with fh:
        for number, raw in lines(fh, MAX_LINE_BYTES):
            where = f"{name}:{number}"
            if raw is not None and not raw.strip():
                continue
            seen += 1
            if raw is None:
                report.errors.append(f"{where}: {line_too_long()}")
                continue
            try:
                if text_policy.json_depth_exceeds(raw, 8):
                    raise InvalidInput("nested more than 8 levels deep; a chat line is a flat JSON object")
                line = ChatLine.model_validate(text_policy.json_loads(files.decode(raw)))
            except InvalidInput as exc:
                report.errors.append(f"{where}: {exc}")
                continue
            except json.JSONDecodeError as exc:
                report.errors.append(f"{where}: {text_policy.json_error(exc)}")
                continue
            except ValidationError as exc:
                report.errors.append(f"{where}: {_line_error(exc)}")
                continue
            # A line the person wrote: an empty time is refused as an empty valid_from is (an
            # export's missing time is absent, `read_time`).
            time, problem = read_time(line.time) if line.time != "" else (None, f"time: {clock.EMPTY}")
            if problem:
                report.errors.append(f"{where}: {problem}")
                continue
            conv = _clean(line.conversation, "name") or "-"
            part = 0
            if group is not None and (group.key != conv or len(group.messages) >= _JSONL_GROUP):
                part = group.part + 1 if group.key == conv else 0
                yield _jsonl_whose(group, group.key in said_user, report, warned) if whose else group
                group = None
            if group is None:
                group = Conversation(conv, _clean(line.title, "title") or conv, time, where, part=part)
            position = positions.get(conv, 0)
            positions[conv] = position + 1
            if line.role in ("system", "tool"):
                continue
            speaker = _clean(line.speaker, "name") or line.role
            if line.role == "user" and "role" in line.model_fields_set:
                said_user.add(conv)
            group.messages.append(Message(position, speaker, line.role, _clean(line.text), time, where))
    if not seen:  # as a file of 0 bytes: nothing to import (a JSONL capture file says the same)
        raise InvalidInput(f"{path} holds only blank lines: nothing to import; check the path")
    if group is not None:
        yield _jsonl_whose(group, group.key in said_user, report, warned) if whose else group


def _jsonl_whose(conv: Conversation, said_user: bool, report: ChatReport, warned: set[str]) -> Conversation:
    """A chat JSONL conversation of named senders only (no assistant, no role for a speaker), read without --me as
    a WhatsApp chat of those senders is: one sender's is no one's ("I moved to Porto" from Rui alone had opened a
    review item in the person's life) unless its lines say `"role": "user"` themselves (the file's own word that
    the writer is the person); between two, in a conversation named for one, the other's is the person's
    (`_the_other`); else none. A warning names --me, once a conversation."""
    speakers = {m.speaker for m in conv.messages}
    if not speakers or any(m.role != "user" or m.speaker.casefold() in _ROLE_SPEAKERS for m in conv.messages):
        return conv  # (with an assistant, or a speaker named by a role: the person is the user, as ever)
    if said_user and len({tokens.name_key(s) for s in speakers}) == 1:
        return conv
    told = report if conv.key not in warned else ChatReport()  # (a long conversation's later slices: said once)
    warned.add(conv.key)
    title = gate.redact(conv.title)  # (a title holding a credential is refused, and no warning repeats it)
    named = {s for s in speakers if gate.redact(s) == s}  # (a sender holding one: each message of theirs refused)
    other = _the_other(title, named, conv.where, told)
    if other is None:
        _untold(title, named, conv.where, told)
    mine = tokens.name_key(other) if other is not None else None  # (None: no one's, a sender keyed '' too)
    conv.messages[:] = [replace(m, mine=mine is not None and tokens.name_key(m.speaker) == mine) for m in conv.messages]
    return conv


def _line_error(exc: ValidationError) -> str:
    """One line in quire's words (pydantic's "String should have at most 120 characters" and
    "Input should be 'user', ..." were passed through)."""
    parts = []
    unknown = "unknown key; allowed keys: " + ", ".join(ChatLine.model_fields)
    for err, where, msg in key_clauses(one_per_value(exc.errors()), ChatLine.model_fields, unknown):
        where = where or "line"
        if err["type"] == "missing":
            msg = "missing (conversation and text are required)"
        elif err["type"] == "scalar_type" or where == "time":
            msg = "must be an ISO 8601 text (e.g. 2024-05-01T09:30Z) or Unix seconds"
        parts.append(f"{where}: {msg}")
    return "invalid chat line: " + clauses(parts)


def _text_lines(
    source: Source, report: ChatReport | None = None, *, strict: bool = False
) -> Iterator[tuple[int, str | None]]:
    """(line number, text) of a text export; None for a line past MAX_LINE_BYTES (not held: an
    error in `report` when given). `strict`: a byte that is not UTF-8 (nor UTF-16 with its BOM) is
    an InvalidInput naming where, as the first pass reads it (nothing is stored yet)."""
    with source.open(strict=strict) as fh:
        for number, raw in lines(fh, MAX_LINE_BYTES):
            if raw is None and report is not None:
                report.errors.append(f"{source.name}:{number}: {line_too_long()}")
            yield number, None if raw is None else raw.decode("utf-8", errors="replace")


def read_whatsapp(
    path: Path | Source,
    report: ChatReport,
    order: str | None = None,
    zone: tzinfo | None = None,
    whose: bool = False,
) -> Iterator[Conversation]:
    """WhatsApp's exported chat (its .txt, or the zip holding it): one conversation between its
    senders, read twice: once for the date order (memory/whatsapp.py; `order`, dmy | mdy | ymd,
    when the person gives it) and the senders, once for the messages, their wall-clock times read
    in `zone` (None: the machine's local time). `whose` (no --me given): in a chat named for one of
    its two senders the other one's messages are the person's (`_the_other`), told by that first pass."""
    source = path if isinstance(path, Source) else source_of(Path(path))
    found = _surveyed(source, report, order)
    chat = whatsapp.title(source.path.name, source.member, source.path.parent.name)
    strayed = whatsapp.strays(found, found.order)
    speakers = whatsapp.speakers(found, strayed)
    other = _the_other(chat, speakers, source.name, report) if whose else None
    # a chat of one sender no one was told the person's is none of it ("" is no one's key)
    mine = (
        tokens.name_key(other)
        if other is not None
        else ""
        if whose and _untold(chat, speakers, source.name, report)
        else None
    )
    name = _clean(chat, "title")[:200] or "WhatsApp chat"
    conv = Conversation(name, name, _when(whatsapp.instant(found.first, zone)), source.name)

    def records() -> Iterator[Message]:
        notices: Counter[str] = Counter()
        for said in whatsapp.messages(_text_lines(source, report), found.order, notices, strayed, found.joined):
            where = f"{source.name}:{said.line}"
            if said.cut:
                report.errors.append(
                    f"{where}: a message of more than {whatsapp.MESSAGE_MAX:,} characters; the rest was left out"
                )
            if said.problem:
                report.warn(f"{where}: {said.problem}; the chat's first time is used")
            time = _message_time(whatsapp.instant(said.time, zone), where, report) if said.time else None
            speaker = _clean(said.speaker, "name") or "unknown"  # at most whatsapp.SENDER_MAX
            by_me = tokens.name_key(speaker) == mine if mine is not None else None
            yield Message(said.position, speaker, "user", _clean(said.text), time, where, said.edited, by_me)
        report.notices += notices["notice"]

    total = found.messages - len(strayed)
    yield from _slices(conv, records(), total=total, between=len(speakers) >= 2)


def _surveyed(source: Source, report: ChatReport, order: str | None) -> whatsapp.Survey:
    """The first pass over a WhatsApp chat (`whatsapp.survey`), read in `order` when given;
    InvalidInput for a file that holds no message."""
    # WhatsApp writes UTF-8: a file that is not (saved again as Latin-1 or Windows-1252) is refused in
    # one line before anything lands, not stored with "Caf\ufffd" where "Café" was said.
    found = whatsapp.survey(_text_lines(source, strict=True))
    if not found.messages:
        raise InvalidInput(
            f"{source.name} holds no WhatsApp message (a line such as '12/31/23, 9:15 PM - Anna: Hi'), only "
            "WhatsApp's own notices or nothing; "
            "pass the .txt or .zip that WhatsApp's Export chat made"
        )
    if order is not None:
        found = whatsapp.ordered(found, order)
    if found.guessed:
        report.warn(
            f"{source.name}: every date in it reads as well day-first (31/12) as month-first (12/31); "
            "read day-first: if your phone writes month-first (12/31), give --date-order mdy (importing it again "
            "with it moves the messages already in to their dates)"
        )
    return found


def read_telegram(
    path: Path | Source,
    report: ChatReport,
    zone: tzinfo | None = None,
    me_id: str | None = None,
    whose: bool = False,
) -> Iterator[Conversation]:
    """Telegram Desktop's JSON export (result.json, or a zip holding it): each chat a conversation
    (memory/telegram.py), read twice: once whole, to check it and count each chat's messages (a
    damaged file imports nothing), once for the messages, one at a time. A message with no
    `date_unixtime` has only its local `date`, read in `zone` (None: the machine's); one whose
    `from_id` is `me_id` (the account's own user) is the person's, whatever name it shows. `whose`
    (no --me, no owner named): a one-chat export of a personal chat is named for the other person,
    so the other sender is you (`_the_other`), told by the first pass."""
    source = path if isinstance(path, Source) else source_of(Path(path))
    try:
        with source.open(strict=False) as fh:
            if not fh.peek(1 << 12).strip():  # type: ignore[attr-defined]
                raise InvalidInput(f"{source.name} is empty: nothing to import; check the path ({telegram.FIX})")
            found = telegram.survey(fh)
    except InvalidInput as exc:
        raise InvalidInput(str(exc) if str(exc).startswith(source.name) else f"{source.name}: {exc}") from None
    if not found.totals:
        raise InvalidInput(f"{source.name} holds no chat: nothing to import; {telegram.FIX}")
    pair = telegram.personal(found) if whose and me_id is None else None
    other = _the_other(*pair, source.name, report) if pair is not None else None
    if pair is not None and other is None and len(found.totals) == 1:  # (a one-chat export only Rui wrote in: said;
        _untold(*pair, source.name, report)  # an account's export holds more chats than the one a warning could name)
    mine = tokens.name_key(other) if other is not None else None
    with source.open(strict=False) as fh:
        for chat, total in zip(telegram.chats(fh), found.totals, strict=False):
            where = f"{source.name}: chat {chat.number}"
            conv = Conversation(chat.key, _clean(chat.title, "title")[:200] or f"Telegram chat {chat.key}", None, where)
            records = _telegram_messages(chat, where, report, zone, me_id, mine)
            yield from _slices(conv, records, total=total, between=chat.kind != telegram.SAVED)


def _telegram_messages(
    chat: telegram.Chat,
    where: str,
    report: ChatReport,
    zone: tzinfo | None = None,
    me_id: str | None = None,
    mine: str | None = None,
) -> Iterator[Message]:
    """A chat's messages; the person's (`Message.mine`) told by their user id `me_id`, else by the
    `tokens.name_key` of their name `mine`, else left to --me (None)."""
    for said in chat.messages:
        if said is telegram.NOTICE:
            report.notices += 1
            continue
        if isinstance(said, str):
            report.errors.append(f"{where}: {said}; skipped")
            continue
        at = f"{where} message {said.id}"
        speaker = _clean(said.speaker, "name")[:ME_MAX] or "unknown"
        local = isinstance(said.time, str) and not _EPOCH.match(said.time)  # `date`, the machine's wall clock
        time = _message_time(whatsapp.instant(said.time, zone) if local else said.time, at, report)
        by_me = said.sender_id == me_id if me_id is not None and said.sender_id is not None else None
        if by_me is None and mine is not None:
            by_me = tokens.name_key(speaker) == mine
        if said.forwarded_from is not None:  # passed on, not said: "I moved to Berlin" is its writer's move
            speaker, by_me = _clean(said.forwarded_from, "name")[:ME_MAX] or speaker, False
        yield Message(said.position, speaker, "user", _clean(said.text), time, at, said.edited, by_me)


def read_messenger(path: Path | Source, report: ChatReport) -> Iterator[Conversation]:
    """Messenger's or Instagram's JSON export (a zip, its folder, or one thread's message_N.json):
    each thread a conversation between its participants (memory/messenger.py), its files read twice:
    once whole, to check them and count the messages (a damaged or cut-off file skips its thread,
    named, and every other thread lands), once for the messages, oldest first (Meta writes them
    newest first: the last file first, each file's messages turned round; one file is held at a
    time, never the thread)."""
    origin = path.path if isinstance(path, Source) else Path(path)
    export = messenger.find(origin)
    for member in export.outside[:20]:
        report.warn(f"{origin.name}: {member[:200]!r} is named outside the zip ('../' or an absolute path); left out")
    seen: dict[str, str] = {}
    with _ExportFiles(export) as opened:
        for thread in export.threads:
            yield from _messenger_thread(opened, thread, origin.name, report, seen)


class _ExportFiles:
    """The files of a Messenger export, its zip opened once: a download with its photos lists tens
    of thousands of files, whose directory took a tenth of a second to read each time a thread's
    file was opened."""

    def __init__(self, export: messenger.Export):
        self.export = export
        self.archive: zipfile.ZipFile | None = None

    def __enter__(self) -> _ExportFiles:
        if self.export.zip is not None:
            try:
                self.archive = zipfile.ZipFile(files.open_regular(self.export.zip))
            except (zipfile.BadZipFile, OSError) as exc:
                raise InvalidInput(f"{self.export.zip.name}: a damaged zip ({exc}); download it again") from None
        return self

    def __exit__(self, *_: object) -> None:
        if self.archive is not None:
            self.archive.close()

    def open(self, file: str) -> BinaryIO:
        """The file's bytes, checked as UTF-8 as they are read."""
        if self.archive is None:
            return Source(Path(file)).open(strict=True)
        info = self.archive.getinfo(file)
        if info.file_size > MAX_EXPORT_BYTES:
            raise InvalidInput(f"it unpacks to {info.file_size:,} bytes, over the 8 GiB limit")
        raw = cast(BinaryIO, _Closing(self.archive.open(info), None))
        return files.utf8_stream(raw, strict=True, limit=MAX_EXPORT_BYTES, name=file.rsplit("/", 1)[-1])


def _messenger_heads(
    opened: _ExportFiles, thread: messenger.Thread, name: str, report: ChatReport
) -> list[messenger.Head] | None:
    """Each of the thread's files read whole (message_1.json first), or None, with the error, when
    one is damaged, cut off or missing: the thread is then skipped whole (its places would shift)."""
    where = f"{name}: {thread.shown}"
    missing = messenger.gaps(thread)
    if missing:
        report.errors.append(f"{where}: {missing}; this conversation was not imported, every other one was")
        report.damaged += 1
        return None
    heads = []
    for n, file in thread.files:
        try:
            with opened.open(file) as fh:
                heads.append(messenger.head(fh, whole=True))
        except messenger.NotMeta as exc:
            report.errors.append(
                f"{name}: {messenger.shown(thread, n)} cannot be read: {exc}; this conversation was skipped"
            )
            report.damaged += 1
            return None
        except InvalidInput as exc:
            report.errors.append(
                f"{name}: {messenger.shown(thread, n)} is damaged or cut off ({exc}); this conversation was skipped, "
                f"every other one imported: {messenger.FIX} (or fix that file) and re-run (what landed is skipped)"
            )
            report.damaged += 1
            return None
    return heads


def _messenger_thread(
    opened: _ExportFiles, thread: messenger.Thread, name: str, report: ChatReport, seen: dict[str, str]
) -> Iterator[Conversation]:
    heads = _messenger_heads(opened, thread, name, report)
    if heads is None:
        return
    key = messenger.thread_key(heads[0].thread_path, thread.folder)
    if key in seen:  # the same conversation twice in what was given (two downloads in one folder)
        report.warn(
            f"{name}: {thread.shown} is the conversation {seen[key]} holds (thread {key[:80]!r}); left out: "
            "import each download on its own"
        )
        return
    seen[key] = thread.shown
    report.notices += sum(h.notices for h in heads)
    people = [p for p in (_clean(p, "name") for p in heads[0].participants) if p]
    title = _clean(heads[0].title, "title")[:200] or ", ".join(people)[:200] or key
    where = f"{name}: {thread.shown}"
    conv = Conversation(key, title, None, where)
    records = _messenger_messages(opened, thread, heads, name, report)
    # A thread is between people even when its participants list only you (the others' accounts deleted).
    yield from _slices(conv, records, total=sum(h.messages for h in heads), between=True)


def _messenger_messages(
    opened: _ExportFiles, thread: messenger.Thread, heads: list[messenger.Head], name: str, report: ChatReport
) -> Iterator[Message]:
    """The thread's messages, oldest first: its files from the last, each file's messages turned round."""
    position = 0
    for (n, file), head in reversed(list(zip(thread.files, heads, strict=True))):
        at = f"{name}: {messenger.shown(thread, n)}"
        for held in _messenger_blocks(opened, file, head.messages + head.notices, at, report):
            while held:
                index, said = held.pop()
                if said is messenger.NOTICE:
                    continue
                if isinstance(said, str):
                    report.errors.append(f"{at} message {index}: {said}; skipped")
                    continue
                where = f"{at} message {index}"
                speaker = _clean(said.speaker, "name")[:ME_MAX] or "unknown"
                time = _message_time(said.time, where, report)
                yield Message(position, speaker, "user", _clean(said.text), time, where)
                position += 1


MESSENGER_BLOCK = 10_000  # messages of one file held at a time (Meta writes at most this many a file)


def _messenger_blocks(
    opened: _ExportFiles, file: str, items: int, at: str, report: ChatReport
) -> Iterator[list[tuple[int, messenger.Said | str]]]:
    """A file's messages in blocks of MESSENGER_BLOCK, the last (oldest) block first, each in the
    file's order: a file longer than a block (not as Meta writes them) is read once a block, so what
    is held is a block whatever the file's size."""
    for start in reversed(range(0, max(items, 1), MESSENGER_BLOCK)):
        try:
            with opened.open(file) as fh:
                yield list(islice(messenger.messages(fh, start), MESSENGER_BLOCK))
        except InvalidInput as exc:  # changed since the first read
            report.errors.append(f"{at}: {exc}; the rest of this conversation was not imported: re-run the import")
            return


_READERS: dict[str, Callable[[Any, ChatReport], Iterator[Conversation]]] = {
    "chatgpt": read_chatgpt,
    "claude": read_claude,
    "whatsapp": read_whatsapp,
    "telegram": read_telegram,
    "messenger": read_messenger,
    "chat-jsonl": read_chat_jsonl,
}


MAX_EXPORT_DEPTH = jsonstream.MAX_DEPTH
NOTE_SUFFIXES = (".md", ".markdown")  # a Markdown note, told by its name (memory/importer.py reads it)
_EXPORT_KEYS = frozenset({"mapping", "chat_messages", "conversations"})
_OBJECT_KEYS = (
    _EXPORT_KEYS | telegram.ACCOUNT_KEYS | messenger.KEYS | {"messages", "results"}
)  # looked for in one object


def _array_format(path: Path, head: bytes, keys: set[str]) -> str:
    """The format of a file that opens with `[`: an export by the keys of its first conversation."""
    rest = head.lstrip()[1:].lstrip()
    if path.suffix.lower() in (".jsonl", ".ndjson"):
        return "jsonl"  # named lines: a first line `[]` is one bad line, the lines after it still land
    if rest[:1] == b"]" and not rest[1:].strip():  # an account with no chats exports []
        raise InvalidInput(f"{path} is an empty list: no conversations to import; check it is the export you meant")
    if rest[:1] != b"{" and not keys & _EXPORT_KEYS:  # `[]` and more lines, a bad byte before the first item
        return "jsonl"  # not an array of conversations: the JSONL importer reports each bad line by number
    if "mapping" in keys:
        return "chatgpt"
    if "chat_messages" in keys:
        return "claude"
    if mem0.looks_like(keys, head):
        return "mem0"
    if "content" in keys:
        return "jsonl"  # a JSON list of captures (memory/importer.py `is_json_document`)
    raise InvalidInput(
        f"{path}: a JSON array that is neither a ChatGPT nor a Claude export; pass --format to say what it is"
    )


def chat_flags_misused(
    format: str,
    *,
    roles: str,
    keep_all: bool,
    path: Path,
    me: str | None = None,
    date_order: str | None = None,
    timezone: str | None = None,
) -> str:
    """The line refusing a flag on a format it does not apply to ("" when fine): --keep-all,
    --roles all or --me on captures or notes (they read a chat's messages, and on a JSONL file or
    notes did nothing: the short line the person asked to keep was counted as rejected, without a
    word why), and --date-order on anything but a WhatsApp chat (the other formats write their dates
    in one order, or as Unix seconds)."""
    if date_order is not None and format != "whatsapp":
        return (
            f"--date-order applies to a WhatsApp chat, and {path.name or path} is read as {format}; leave it out, "
            "or give --format whatsapp if it is a WhatsApp chat"
        )
    if timezone is not None and format not in _LOCAL_TIMES:
        return (
            f"--timezone applies to a WhatsApp chat or a Telegram export (their times are a clock's), and "
            f"{path.name or path} is read as {format}, whose times are instants; leave it out"
        )
    flags = (("--keep-all", keep_all), ("--roles all", roles == "all"), ("--me", me is not None))
    asked = [flag for flag, given in flags if given]
    if format in CHAT_FORMATS or not asked or (format == "mem0" and asked == ["--me"]):
        return ""  # (mem0: --me picks the user_id whose memories are the person's)
    what = "a JSONL file of captures" if format == "jsonl" else "Markdown notes"
    verb = "apply" if len(asked) > 1 else "applies"
    return (
        f"{' and '.join(asked)} {verb} to a chat export, and {path.name or path} is read as {what}; leave "
        f"{'them' if len(asked) > 1 else 'it'} out, or give --format {_CHAT_FORMAT_WORDS} if it is a chat"
    )


_LOCAL_TIMES = ("whatsapp", "telegram")  # formats whose times may be a wall clock's, read in a time zone
_CHAT_FORMAT_WORDS = ", ".join(CHAT_FORMATS[:-1]) + " or " + CHAT_FORMATS[-1]  # what a refusal suggests to --format


def _member_format(source: Source, keys: set[str], head: bytes) -> str:
    """The format of a zip's export member, by its keys or its first lines."""
    if not head.strip():
        raise InvalidInput(f"{source.name} is empty: nothing to import; {empty_fix(Path(source.member or ''))}")
    if head.lstrip()[:1] == b"{" and telegram.looks_like(keys):
        return "telegram"
    if "mapping" in keys:
        return "chatgpt"
    if "chat_messages" in keys:
        return "claude"
    if whatsapp.looks_like(head.decode("utf-8", errors="replace")):
        return "whatsapp"
    raise InvalidInput(
        f"{source.name} is neither a ChatGPT, Claude or Telegram export nor a WhatsApp chat; pass --format to say what "
        "it is"
    )


_WHATSAPP_FIX = "export the chat again from WhatsApp (the chat's menu, More, Export chat) and import its .txt or .zip"


def empty_fix(path: Path) -> str:
    """What to do about an empty export, by the name it has: the export it should have been."""
    name = path.name.lower()
    if name == _TELEGRAM_NAME:
        return telegram.FIX
    if name.endswith(".txt") and (_WHATSAPP_MEMBER.fullmatch(path.name) or "whatsapp" in name):
        return _WHATSAPP_FIX
    return "check the path (a chat export's conversations.json, a WhatsApp chat's .txt, Telegram's result.json)"


EXPORT_NAMES = (_EXPORT_NAME, _TELEGRAM_NAME)  # the file an unpacked ChatGPT, Claude or Telegram export is read by


def export_in(folder: Path) -> Path | None:
    """The chat export a folder holds, in it or one folder down (a ChatGPT or Telegram export
    unpacked, a WhatsApp chat's zip unzipped), for naming the file to import; None if none."""
    for where in (folder, *sorted(p for p in _entries(folder) if p.is_dir())):
        for entry in sorted(_entries(where)):
            if entry.is_file() and (entry.name.lower() in EXPORT_NAMES or _WHATSAPP_MEMBER.fullmatch(entry.name)):
                return entry
    return None


def _entries(folder: Path) -> list[Path]:
    try:
        return list(islice(folder.iterdir(), 10_000))  # a folder of a million photos is not looked through whole
    except OSError:
        return []


def detect_format(path: Path) -> str:
    """chatgpt | claude | whatsapp | telegram | messenger | chat-jsonl | jsonl | markdown, from what the file
    holds (not its name; a .md note is Markdown whatever it opens with); a folder is Markdown notes, or a
    Messenger or Instagram export."""
    path = Path(path)
    st = files.stat_input(path)
    files.refuse_special(path, st)
    if stat.S_ISDIR(st.st_mode):
        return "messenger" if messenger.in_folder(path) else "markdown"
    files.refuse_binary(path, st)  # binary data is that, not "cannot tell the format"
    if path.suffix.lower() in NOTE_SUFFIXES:
        return "markdown"  # a note may open with "[[Projects]]", "[link](url)" or "{draft}": no JSON for that
    source = source_of(path)
    if source.member and messenger.MEMBER.search(source.member):
        return "messenger"  # told by the files' places: a damaged first thread still imports
    try:
        with source.open(strict=False) as fh:  # a Latin-1 export is still told by its keys
            head = fh.peek(1 << 16)[: 1 << 16]  # type: ignore[attr-defined]
            start = head.lstrip()[:1]
            # an array's first item: the export keys, and a capture's (a JSON list of captures)
            wanted = _OBJECT_KEYS if start == b"{" else _EXPORT_KEYS | {"content", mem0.TEXT}
            keys = jsonstream.first_keys(fh, wanted) if start in (b"[", b"{") else set()
        if start == b"[" and not keys & _EXPORT_KEYS:  # the parser stopped early (a bad byte): look at the text
            keys |= {k for k in _EXPORT_KEYS if re.search(rb'"' + k.encode() + rb'"\s*:', head)}
    except InvalidInput:
        if source.member:
            raise
        return "jsonl"  # not UTF-8 or a damaged head: the JSONL importer reports each bad line by number
    if source.member:
        return _member_format(source, keys, head)
    if not head.strip():
        raise InvalidInput(f"{path} is empty: nothing to import; {empty_fix(path)}")
    if start == b"[" and not keys & _EXPORT_KEYS and whatsapp.looks_like(head.decode("utf-8", errors="replace")):
        return "whatsapp"  # iOS's _chat.txt unpacked from its zip: "[28.11.23, 18:41:03] Mama: ..."
    if start == b"[":
        return _array_format(path, head, keys)
    if start == b"{":
        line = head.lstrip().split(b"\n", 1)[0]
        try:
            data = json.loads(line.decode("utf-8")) if not text_policy.json_depth_exceeds(line, 8) else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            data = None
        if isinstance(data, dict):  # one line of JSONL (a deep one is refused by line, by the JSONL importer)
            keys = set(data)
        # (a first line longer than the head is not read whole above: told by `first_keys`' streamed keys)
        if {"conversation", "text"} <= keys:
            return "chat-jsonl"
        if messenger.looks_like(keys) or (messenger.FILE.fullmatch(path.name) and keys == {"messages"}):
            return "messenger"
        if telegram.looks_like(keys):
            return "telegram"
        if mem0.looks_like(keys, head):
            return "mem0"
        if _EXPORT_KEYS & keys:
            raise InvalidInput(
                f"{path}: one JSON object, not the list of conversations an export holds; a ChatGPT or Claude "
                "conversations.json is a JSON list [...]: import that file (or put the conversations in a list)"
            )
        return "jsonl"
    return _text_format(path, head)


def _text_format(path: Path, head: bytes) -> str:
    """The format of a file that is no JSON: a WhatsApp chat by its lines, else by its name."""
    text = head.decode("utf-8", errors="replace")
    if whatsapp.looks_like(text) or (whatsapp.headed(text) and _WHATSAPP_MEMBER.fullmatch(path.name)):
        return "whatsapp"  # (a chat of WhatsApp's notices only: its reader says there is no one's message)
    if path.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        return "jsonl"  # the JSONL importer reports each bad line by number
    if path.suffix.lower() in NOTE_SUFFIXES:  # one note: as its folder would import it
        return "markdown"
    if _TELEGRAM_HTML.fullmatch(path.name):  # Telegram Desktop's default export format is HTML
        raise InvalidInput(f"{path}: Telegram's HTML export cannot be read; {telegram.FIX}")
    raise InvalidInput(
        f"{path}: cannot tell the format; pass --format chatgpt|claude|whatsapp|telegram|chat-jsonl|jsonl, "
        "or --format markdown to import it as a note"
    )


# -- what becomes a memory -----------------------------------------------------------------------


def between_people(conv: Conversation) -> bool:
    """Two or more people and no assistant: each turn answers the previous one.

    The one rule for the context cue (measured in retrieval/tuning.py): between people, a turn
    ("Yes, in Lisbon!") means little without the turn it answers, so the previous turn is its
    cue; a person's turn to an assistant stands alone, and a cue there only dilutes it.
    """
    if conv.between is not None:
        return conv.between
    roles = {m.role for m in conv.messages}
    return "assistant" not in roles and len({m.speaker for m in conv.messages}) >= 2


# A Markdown code fence line: its indent, the fence (``` or ~~~, three or more) and the info string.
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)


_TAIL = 1000  # characters: a last part shorter than this is balanced against the one before it


def split_text(text: str, limit: int = MAX_PART) -> list[str]:
    """A message longer than a capture may be, cut at a paragraph, else a line, else a word
    boundary in its second half. A cut inside a fenced code block (a pasted log or script) closes
    the fence in that part and opens it again in the next, so each part keeps its code a code block
    (a cut log had lost its fence and been read as prose: one 20,000-character paragraph a page)."""
    parts: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = _cut(rest, limit - 8)  # room for the closing fence
        if len(rest) - cut < _TAIL:
            # The last part would be a few words, which the gate drops as too short to be a memory
            # (a paragraph of 20,050 characters lost its last sentence): cut it in halves instead.
            cut = _cut(rest, len(rest) // 2 + 1)
        part, rest = rest[:cut].strip(), rest[cut:].strip()
        fence = _open_fence(part)
        if fence is not None and len(fence[1]) < limit // 4:
            part, rest = f"{part}\n{fence[0]}", f"{fence[1]}\n{rest}"
        parts.append(part)
    if rest:
        parts.append(rest)
    return [p for p in parts if p]


def _cut(text: str, limit: int) -> int:
    for boundary in ("\n\n", "\n", " "):
        at = text.rfind(boundary, 0, limit)
        if at > limit // 2:
            return at
    return limit


def _open_fence(text: str) -> tuple[str, str] | None:
    """(the fence, its opening line) of a code block `text` leaves open, None when every one closes."""
    opened: tuple[str, str] | None = None
    for match in _FENCE.finditer(text):
        fence, info = match.group(1), match.group(2)
        if opened is None:
            opened = (fence, match.group(0).strip())
        elif fence[0] == opened[0][0] and len(fence) >= len(opened[0]) and not info.strip():
            opened = None
    return opened


@dataclass(frozen=True)
class _Unit:
    session: str
    position: int
    part: int
    speaker: str
    where: str
    key: tuple[str, str]
    payload: CapturePayload
    own: bool = False  # the person's own words to an assistant (memory/life.py reads them)
    may_edit: bool = True  # a changed text at its place may be an edit of the message stored there
    was: tuple[str, str] | None = None  # a WhatsApp contact named with ': ': its cut reading (speaker, unit key)
    whole: bool = False  # it supersedes the memory of its cut reading (`_read_whole`)
    other: bool = False  # (session 45) said on the person's account by another writer (`_writers`): not theirs


def import_chats(
    db: Database,
    path: Path,
    fmt: str,
    *,
    roles: Roles = "user",
    keep_all: bool = False,
    actor: str = "import",
    embedder: EmbedderSource | None = None,
    defer_embed: bool = False,
    space: str | None = None,
    vectors: VectorIndex | None = None,
    progress: Callable[[int, int], None] | None = None,
    me: str | None = None,
    date_order: str | None = None,
    timezone: str | None = None,
) -> ChatReport:
    """Import a chat export as sessions of memories. progress(conversations, messages) after each batch.

    roles: "user" keeps the person's own messages (and, between people, everyone's: they are all
    someone's words, not an assistant's); "all" keeps the assistant's too. keep_all waives the
    gate's too_short and noise_pattern (what it waived is counted in `kept_anyway`). me: the
    sender whose messages are the person's own in a chat between people (a WhatsApp chat, chat
    JSONL): what they say of their life is read as a chat with an assistant's is (memory/life.py).
    date_order (dmy | mdy | ymd, else told from the file) and timezone (IANA, else the machine's):
    how a WhatsApp chat's dates and clock times (a Telegram export's local ones) are read. The format
    and flags are as `importer.checked` passed them (the one check of an import's flags)."""
    reader = _reader(fmt, me=me, date_order=date_order, timezone=timezone)
    origin, source = _origin(Path(path), fmt)
    report = ChatReport(format=fmt)
    named, reader = _whose(fmt, origin, me, report, reader)
    mine = tokens.name_key(named) if named is not None else None
    aligns = fmt in ("whatsapp", "telegram", "messenger")  # a later export may leave out the oldest messages
    read = _Read(db, source, roles, space, keep_all, actor, _stored_elsewhere(db, fmt, source), mine, aligns)
    removed: Counter[str] = Counter()
    reset = _REMOVED.set(removed)
    latest = _LATEST.set([None])
    again = rehear.killed_before(db, read.source)  # (a run killed before it heard its turns: `_landed`)
    try:
        # One batch is encoded while the next is read and stored (memory/capture.py `capture_stream`).
        for units, done in capture_stream(
            db,
            _marked(db, read.source, read.batches(reader(origin, report), report)),
            actor=actor,
            embedder=embedder,
            defer_embed=defer_embed,
            vectors=vectors,
            waive=KEEP_ALL_WAIVES if keep_all else frozenset(),
        ):
            _landed(db, units, done, report, actor, again)
            if progress:
                progress(report.conversations, report.messages)
        rehear.end_import(db, read.source)  # (not on an error: the next run hears what this one may not have)
    finally:
        _REMOVED.reset(reset)
        _LATEST.reset(latest)
    report.warnings[:0] = _removed_warnings(Path(path).name, removed)
    _closing_warnings(Path(path).name, named, report)
    return report


def _marked(db: Database, source: str, batches: Iterator[Any]) -> Iterator[Any]:
    """The batches, the import marked under way (`rehear.begin_import`) before the first is stored: an
    export refused before any (damaged, empty) leaves nothing behind."""
    for n, batch in enumerate(batches):
        if n == 0:
            rehear.begin_import(db, source)
        yield batch


def _closing_warnings(name: str, named: str | None, report: ChatReport) -> None:
    """What the whole import tells once: no message from the sender named yours, messages dated to the import."""
    if named is not None and not report.mine and report.between:  # with an assistant, the person's turns are known
        report.warn(
            f"{name}: no message is from {named!r}, so none was read as yours; give --me the "
            "name the chat shows your messages under"
        )
    for (cut, whole), n in report.whole.items():
        report.warn(
            f"{name}: {n:,} message{'s' if n != 1 else ''} imported before under {cut!r} (the contact's name cut at "
            f"its first ': ') {'are' if n != 1 else 'is'} said by {whole!r} now, the name's end gone from the text; "
            "each old text is kept in `quire history`"
        )
    if report.undated:  # an export that gives no time at all: the import's moment is no time anything was said
        many = report.undated != 1
        report.warn(
            f"{name}: {report.undated:,} message{'s' if many else ''} and {'their' if many else 'its'} conversation "
            f"carry no time, so they are dated to this import ({clock.now_iso()[:10]}); if the file should say "
            "when they were sent, fix it there (ISO 8601 or Unix seconds) and import again"
        )


_Reader = Callable[[Any, ChatReport], Iterator[Conversation]]


def _whose(
    fmt: str, origin: Path | Source, me: str | None, report: ChatReport, reader: _Reader
) -> tuple[str | None, _Reader]:
    """The name of the sender whose messages are the person's (--me, else the account's owner), and
    the reader told the owner's id where the export gives one. Without either, the reader itself
    takes the other sender of a chat named for one of two (`_the_other`) from its first pass."""
    if me is not None:
        return me_name(me), reader
    named, me_id = _owner(fmt, origin, report)
    if me_id is not None:  # only a Telegram export names its owner: read_telegram's
        reader = partial(cast(Any, reader), me_id=me_id)
    if (named is not None or me_id is not None) and fmt in _LOCAL_TIMES:  # no other sender is taken for you
        reader = partial(cast(Any, reader), whose=False)
    return named, reader


def _owner(fmt: str, origin: Path | Source, report: ChatReport) -> tuple[str | None, str | None]:
    """The person a Telegram account export names (`personal_information`), whose messages are then
    theirs without --me, said in a warning: their name (None: a name --me would refuse) and their
    user id as a message's `from_id` gives it, which tells their messages from a namesake's; (None,
    None) for any other export."""
    if fmt == "messenger":
        return _messenger_owner(Path(origin.path if isinstance(origin, Source) else origin), report), None
    if fmt != "telegram" or not isinstance(origin, Source):
        return None, None
    with origin.open(strict=False) as fh:
        found = telegram.owner(fh)
    if found is None:
        return None, None
    try:
        named = me_name(found.name) if found.name is not None else None
    except InvalidInput:
        named = None
    if named is not None or found.id is not None:
        who = " ".join(
            part for part in (repr(named) if named else "", f"(user id {found.id[4:]})" if found.id else "") if part
        )
        report.warn(
            f"{origin.name}: the messages from {who}, as the export's personal_information names you, "
            "are read as yours (what you say of your life reaches About me); give --me NAME to name another sender"
        )
    return named, found.id


def _messenger_owner(path: Path, report: ChatReport) -> str | None:
    """The person who downloaded a Messenger or Instagram export: the one participant of every
    thread, said in a warning; where two are in every thread (one chat, or every chat with the same
    person), the one a chat between two is not named for. None, with a warning naming --me, when
    the export does not tell."""
    with _ExportFiles(messenger.find(path)) as opened:
        return _messenger_owner_in(opened, path, report)


def _messenger_owner_in(opened: _ExportFiles, path: Path, report: ChatReport) -> str | None:
    counts: Counter[str] = Counter()
    spelled: dict[str, str] = {}
    pair, threads = None, 0
    for thread in opened.export.threads:
        try:
            with opened.open(thread.files[0][1]) as fh:
                spellings = [_clean(n, "name") for n in messenger.head(fh).participants]
        except InvalidInput:
            continue  # the reader names it
        people = {tokens.name_key(p): p for p in spellings if p}
        threads += bool(people)
        counts.update(people.keys())
        for key, spelling in people.items():
            spelled.setdefault(key, spelling)
        pair = pair or (thread if len(people) == 2 else None)
    common = sorted(key for key, n in counts.items() if n == threads and threads)
    if len(common) == 1:
        with suppress(InvalidInput):
            named = me_name(spelled[common[0]])
            report.warn(
                f"{path.name}: the messages from {named!r}, the one person in every conversation of the export, are "
                "read as yours (what you say of your life reaches About me); give --me NAME to name another sender"
            )
            return named
    if len(common) == 2 and pair is not None:
        with suppress(InvalidInput), opened.open(pair.files[0][1]) as fh:
            title = _clean(messenger.head(fh, whole=True).title, "title")
            other = _the_other(title, [spelled[k] for k in common], f"{path.name}: {pair.shown}", report)
            if other is not None:
                return other
    if threads:  # (no thread could be read: the errors say why, and there is no one to tell apart)
        report.warn(
            f"{path.name}: cannot tell which sender is you (no one person is in every conversation); give --me "
            "with your name as the chats show it, so what you say of your life reaches About me"
        )
    return None


def _untold(chat: str, said: Iterable[str], where: str, report: ChatReport) -> bool:
    """Whether a chat no one was told the person's sender of (`_the_other` found none) is one sender's: then no
    message is the person's ("WhatsApp Chat with Rui.txt", or "... with Family.txt", where only Rui wrote: Rui's
    move had opened a review item in the person's life), as in a group, whose messages are read sender by sender
    (none the person's without --me). Either way a warning says none was read as the person's and names --me (a
    name holding a key is said as its kind, as every line of the report is: `ChatReport.as_json`)."""
    senders = sorted({tokens.name_key(n): n for n in (_clean(s, "name") for s in said) if n}.values())
    if len(senders) == 1 and tokens.name_key(senders[0]) == tokens.name_key(_clean(chat, "title")):
        report.warn(  # (session 47) named for its one sender: a chat with them
            f"{where}: the chat is with {senders[0]!r}, its one sender, so no message of it is read as yours; "
            f"give --me {senders[0]!r} if {senders[0]!r} is you"
        )
    elif len(senders) == 1:
        report.warn(
            f"{where}: {senders[0]!r} is the one sender of a chat named {_clean(chat, 'title')!r}, which does not "
            f"tell whether {senders[0]!r} is you, so nothing of it is read for your life; give --me {senders[0]!r} "
            f"if {senders[0]!r} is you"
        )
    elif senders:
        report.warn(
            f"{where}: cannot tell which sender is you (the chat is named for none of "
            f"{', '.join(map(repr, senders))}), so nothing of it is read for your life; give --me with your name "
            "as the chat shows it"
        )
    return len(senders) == 1


def _the_other(chat: str, said: Iterable[str], where: str, report: ChatReport) -> str | None:
    """The sender of a chat between two who is not the one it is named for ("WhatsApp Chat with
    Anna.txt", a Telegram one-chat export of a personal chat): the other sender is you, said in a
    warning; None for a group, a chat named otherwise, or a name --me would refuse. `quire import
    "WhatsApp Chat with Anna.txt"`, as the README shows it, had read no one's turns as the person's."""
    chat = _clean(chat, "title")
    senders = {tokens.name_key(s): s for s in sorted({_clean(s, "name") for s in said})}  # one sender however written
    others = [s for key, s in senders.items() if key != tokens.name_key(chat)]
    if len(senders) != 2 or len(others) != 1:
        return None
    try:
        named = me_name(others[0])
    except InvalidInput:
        return None
    report.warn(
        f"{where}: the chat is with {chat!r}, so the messages from {named!r} are read as yours "
        "(what you say of your life reaches About me); give --me NAME to name another sender"
    )
    return named


def _reader(
    fmt: str, *, me: str | None, date_order: str | None, timezone: str | None
) -> Callable[[Any, ChatReport], Iterator[Conversation]]:
    """The reader of `fmt`, told the flags that apply to it (`importer.checked` refused the others)."""
    if fmt == "chat-jsonl":
        return partial(read_chat_jsonl, whose=me is None)
    if fmt not in _LOCAL_TIMES:
        return _READERS[fmt]
    zone = whatsapp.time_zone(timezone) if timezone is not None else whatsapp.machine_zone()
    if fmt == "telegram":
        return partial(read_telegram, zone=zone, whose=me is None)
    return partial(read_whatsapp, order=date_order, zone=zone, whose=me is None)


def _origin(path: Path, fmt: str) -> tuple[Path | Source, str]:
    """What the reader of `fmt` reads (a file, or a zip's conversations.json) and the import log's source."""
    # The source is stored (sessions, import log): a key in the export's path is kept redacted, as
    # the other formats keep theirs (redaction is stable: a re-import finds the same sessions).
    if fmt == "messenger":  # a folder, a zip or one thread's file: memory/messenger.py finds the threads
        return path, gate.redact(f"{fmt}:{path.resolve()}")
    found = source_of(path)  # refuses a FIFO, a device, a folder, a loop; finds a zip's member
    if fmt != "chat-jsonl":
        return found, gate.redact(f"{fmt}:{found.identity}")
    if found.member:
        raise InvalidInput(f"{path} is a zip: --format chat-jsonl reads a .jsonl file; unpack it first")
    return path, gate.redact(f"{fmt}:{path.resolve()}")


# Exports whose conversation ids are their own, the same in every download. Not WhatsApp's: a chat
# is told by its file's name alone, which two chats may share.
_OWN_IDS = ("chatgpt", "claude", "telegram", "messenger")
# Exports whose chat is told by its name and its first messages (`_Read._stored_before`): a file of
# another name or place holding one already stored is that chat again.
_BY_NAME = ("whatsapp",)
# Exports that hold each conversation id once: a copy is skipped, named (`_Read._a_copy`).
_UNIQUE_IDS = ("chatgpt", "claude", "telegram")


def _stored_elsewhere(db: Database, fmt: str, source: str) -> dict[str, str]:
    """Conversations of a ChatGPT or Claude export already stored from another file (an earlier
    download, or the same file moved), by their export id: the source their session was made under.
    The next download is the same conversations, so an edit is caught and no second session made."""
    if fmt not in _OWN_IDS:
        return {}  # a chat .jsonl names its conversations itself ("bake"): only its file tells them apart
    known: dict[str, str] = {}
    # A range on the (source, conversation) index; the earliest session of a conversation wins.
    for conversation, found in db.rows(
        "SELECT conversation, source FROM sessions WHERE source > ? AND source < ? AND source != ? "
        "ORDER BY created_at DESC, rowid DESC",  # not the random id: the same one in every home
        (f"{fmt}:", f"{fmt};", source),
    ):
        known[conversation] = found
    return known


def _sources_of(db: Database, fmt: str, source: str, conversation: str) -> list[str]:
    """The other files a conversation of `fmt` named `conversation` was stored from, earliest first."""
    return [
        str(found)
        for (found,) in db.rows(
            "SELECT source FROM sessions WHERE source > ? AND source < ? AND source != ? AND conversation = ? "
            "ORDER BY created_at, rowid",
            (f"{fmt}:", f"{fmt};", source, conversation),
        )
    ]


@dataclass(frozen=True)
class _Read:
    """Conversations turned into batches of units to capture, sessions upserted ahead of their turns."""

    db: Database
    source: str
    roles: Roles
    space: str | None
    keep_all: bool
    actor: str
    elsewhere: dict[str, str]  # export id -> the source its stored session was made under
    me: str | None = None  # `tokens.name_key` of the sender whose turns are the person's own, in a chat between people
    aligns: bool = False  # a later export may drop the oldest messages (WhatsApp): its places are found anew
    shifts: dict[str, int] = field(default_factory=dict)  # conversation key -> places its messages moved by
    seen: set[str] = field(default_factory=set)  # the export ids read so far (`_a_copy`)
    copy: list[str | None] = field(default_factory=lambda: [None])  # the id of the copy being skipped
    owners: set[str] = field(default_factory=set)  # the account's owner as another writer named her (`_writers`)

    def source_of(self, conv: Conversation) -> str:
        """The source conv's session is keyed by: an earlier file's when it was stored from one
        (a key "#n" is a place in this file, not an export id)."""
        if conv.key.startswith("#"):
            return self.source
        return self.elsewhere.get(conv.key, self.source)

    def batches(
        self, convs: Iterator[Conversation], report: ChatReport
    ) -> Iterator[tuple[list[_Unit], list[CapturePayload], list[tuple[str, str]]]]:
        pending: list[_Unit] = []
        spans: dict[str, conversations.SessionSpan] = {}
        self.owners.update(correction.owners_named(self.db))  # (session 45: another export of the account's)
        for conv in convs:
            report.conversations += conv.part == 0
            if self._a_copy(conv, report):
                continue
            if self.source.split(":", 1)[0] in _BY_NAME and conv.part == 0 and conv.key not in self.elsewhere:
                self._stored_before(conv)
            if self.aligns:
                conv = self._aligned(conv)
            span, units = _units(conv, self.source_of(conv), self.roles, self.space, report, self.me, self.owners)
            spans[span.conversation] = _merge(spans.get(span.conversation), span)
            if self.keep_all:
                self._count_waived(units, report)
            pending.extend(units)
            if len(pending) >= BATCH:
                # Sessions first, so a killed import leaves sessions whose turns a re-run links.
                _upsert_sessions(self.db, spans, report, self.actor, pending[0].session)
                spans = {}
                while len(pending) >= BATCH:  # a slice of a long conversation: BATCH at a time
                    batch, pending = _edited(self.db, pending[:BATCH]), pending[BATCH:]
                    yield batch, [u.payload for u in batch], [u.key for u in batch]
        if spans:  # conversations with nothing to keep still become sessions
            _upsert_sessions(self.db, spans, report, self.actor, pending[0].session if pending else None)
        if pending:
            pending = _edited(self.db, pending)
            yield pending, [u.payload for u in pending], [u.key for u in pending]

    def _a_copy(self, conv: Conversation, report: ChatReport) -> bool:
        """A ChatGPT, Claude or Telegram conversation with the export id of one before it in the file (an export
        holds each once): skipped and named. Read as the same conversation, its messages took the first
        one's places, and a place held already linked none of them to their session."""
        if self.source.split(":", 1)[0] not in _UNIQUE_IDS:
            return False
        if conv.part == 0:
            self.copy[0] = conv.key if conv.key in self.seen else None
            self.seen.add(conv.key)
            if self.copy[0] is not None:  # (the id itself is not said: it may hold a key, `_refuse_secrets`)
                report.errors.append(
                    f"{conv.where}: it has the id of a conversation before it in the file (an export holds each "
                    "once); skipped: remove the copy, or give it an id of its own if it is another conversation, "
                    "and import again (what landed is skipped)"
                )
        return self.copy[0] is not None and self.copy[0] == conv.key

    def _stored_before(self, conv: Conversation) -> None:
        """A chat with no ids of its own (WhatsApp) stored from another file: downloaded again ("WhatsApp
        Chat with Anna (1).txt"), moved, or unzipped from the zip imported before. It is the same chat
        when a session of its name holds its first messages (their sender and words, two at least):
        two chats with people of one name share a name, not what was said in them. A message of a contact
        named with ': ' is met in either reading: whole, or as an import before read it (`_cut_reading`)."""
        forms = [_forms(m.speaker, split_text(m.text)[0]) for m in conv.messages[:ALIGN_BY] if m.text]
        first: set[tuple[str, str]] = set().union(*forms) if forms else set()
        marks = ", ".join("?" * len(first))
        for found in _sources_of(self.db, self.source.split(":", 1)[0], self.source, conv.key) if first else []:
            session = conversations.session_id(found, conv.key)
            held = {
                (str(sp), str(ct))
                for _, sp, ct in self.db.rows(ALIGN_SQL.format(marks=marks), (session, *[t for _, t in first]))
            }
            if sum(1 for f in forms if f & held) >= min(2, len(forms)):
                self.elsewhere[conv.key] = found
                return

    def _aligned(self, conv: Conversation) -> Conversation:
        """`conv` with its messages at the places they were stored at before: an export that dropped
        its chat's oldest messages (WhatsApp keeps the newest 40,000) numbers them from 0 again, and
        a message stored at 0 is not at 0 now."""
        if conv.part == 0:
            self.shifts[conv.key] = _shift(self.db, conversations.session_id(self.source_of(conv), conv.key), conv)
        shift = self.shifts.get(conv.key, 0)
        if not shift:
            return conv
        return replace(conv, messages=[replace(m, position=m.position + shift) for m in conv.messages])

    @staticmethod
    def _count_waived(units: list[_Unit], report: ChatReport) -> None:
        for unit in units:
            verdict = gate.check(unit.payload.content)
            if verdict.reason in KEEP_ALL_WAIVES:
                report.waived[verdict.reason] += 1


ALIGN_BY = 8  # a conversation's first messages looked for among its stored turns
ALIGN_SQL = (
    "SELECT st.position, st.speaker, m.content FROM session_turns st JOIN memories m ON m.id = st.memory_id "
    "WHERE st.session_id = ? AND st.part = 0 AND m.content IN ({marks})"
)


def _shift(db: Database, session: str, conv: Conversation) -> int:
    """How many places the first messages of `conv` moved since its session was stored: the shift
    most of its first ALIGN_BY messages (two at least) agree on, by their text and sender; 0 for a
    new session or one read in place."""
    first = [(m.position, m.speaker, split_text(m.text)[0]) for m in conv.messages[:ALIGN_BY] if m.text]
    if not first:
        return 0
    stored: dict[tuple[str, str], list[int]] = {}
    for position, speaker, content in db.rows(
        ALIGN_SQL.format(marks=", ".join("?" * len(first))), (session, *[t for _, _, t in first])
    ):
        stored.setdefault((speaker, content), []).append(int(position))
    votes = Counter(at - position for position, speaker, text in first for at in stored.get((speaker, text), ()))
    best = max(votes.items(), key=lambda kv: (kv[1], -abs(kv[0])), default=(0, 0))
    return best[0] if best[1] >= 2 and votes[0] < best[1] else 0


def _upsert_sessions(
    db: Database, spans: dict[str, conversations.SessionSpan], report: ChatReport, actor: str, subject: str | None
) -> None:
    with db.transaction():
        told = conversations.owners(db, [conversations.session_id(sp.source, sp.conversation) for sp in spans.values()])
        for span in spans.values():
            sid = conversations.upsert_session(db, span)
            report.sessions.add(sid)
            if span.owner and sid in told and told[sid] != span.owner:
                report.claimed.add(sid)
        audit.record(db, actor, "import_sessions", "batch", subject or sid, count=len(spans))


def _merge(old: conversations.SessionSpan | None, new: conversations.SessionSpan) -> conversations.SessionSpan:
    if old is None:
        return new
    starts = [t for t in (old.started_at, new.started_at) if t]
    ends = [t for t in (old.ended_at, new.ended_at) if t]
    return conversations.SessionSpan(
        old.source,
        old.conversation,
        old.title or new.title,
        min(starts) if starts else None,
        max(ends) if ends else None,
        old.participants + tuple(p for p in new.participants if p not in old.participants),
        old.with_assistant or new.with_assistant,
        old.messages + new.messages,
        new.owner or old.owner,
    )


def _span(conv: Conversation, source: str) -> conversations.SessionSpan:
    """What the conversation tells of its session (its owner is told by its turns: `_units`)."""
    times = [m.time for m in conv.messages if m.time] or ([conv.time] if conv.time else [])
    return conversations.SessionSpan(
        source,
        conv.key,
        conv.title,
        min(times) if times else None,
        max(times) if times else None,
        # A speaker name holding a credential: that speaker's messages are refused by the gate
        # (the name is their entity); the session keeps the name redacted.
        tuple(dict.fromkeys(gate.redact(s) for s in dict.fromkeys(m.speaker for m in conv.messages))),
        any(m.role == "assistant" for m in conv.messages),
        conv.total if conv.total is not None else len(conv.messages),
    )


def _units(
    conv: Conversation,
    source: str,
    roles: Roles,
    space: str | None,
    report: ChatReport,
    me: str | None = None,
    owners: set[str] | None = None,
) -> tuple[conversations.SessionSpan, list[_Unit]]:
    _refuse_secrets(conv, report)
    span = _span(conv, source)
    sid = conversations.session_id(source, conv.key)
    cue_from_previous = between_people(conv)
    report.between += (told := _told(conv, me, cue_from_previous))
    units: list[_Unit] = []
    previous, said_by = conv.previous, ""
    others = _writers(conv, set() if owners is None else owners) if not cue_from_previous else frozenset()
    owner: str | None = None  # the speaker of the person's own turns in a chat between people
    entity: dict[str, list[str]] = {}  # speaker -> its entities: a conversation has a few speakers, many turns
    for msg in conv.messages:
        report.messages += 1
        # The turn before is this one's cue: a credential in it (that turn is refused) is redacted here.
        cue = conversations.turn_cue(previous, msg.speaker, said_by) if cue_from_previous else ""
        previous, said_by = msg.text, msg.speaker
        if msg.role == "assistant" and roles == "user":
            report.skipped_roles += 1
            continue
        if not msg.text:
            report.empty += 1
            continue
        by_me = msg.mine if msg.mine is not None else me is not None and tokens.name_key(msg.speaker) == me
        report.mine += by_me
        owner = _owner_after(owner, msg.speaker, by_me, told, cue_from_previous)
        label = (conv.title or conv.key)[:200]
        if msg.speaker not in entity:
            entity[msg.speaker] = _speaker_entity(msg.speaker, cue_from_previous)
        parts = split_text(msg.text)
        for part, text in enumerate(parts):
            data = {
                "content": text,
                "type": "note",
                "entities": list(entity[msg.speaker]),
                "valid_from": msg.time or conv.time,
                "cue": cue or None,
                "source": f"{label} #{msg.position}" + (f".{part}" if part else ""),
                "space": space,
            }
            try:
                payload = parse_payload(data)  # (which drops the keys set to None)
            except InvalidInput as exc:
                report.errors.append(f"{msg.where}: {exc}")
                continue
            digest = _digest(conv.key, msg.position, part, text)
            own = msg.role == "user" and (not told or by_me) and msg.position not in others
            edit = msg.edited is not False
            was = _cut_reading(source, conv.key, msg, text) if len(parts) == 1 else None
            at = (sid, msg.position, part, msg.speaker, msg.where, (source, digest))
            units.append(_Unit(*at, payload, own, edit, was, other=msg.position in others))
    return replace(span, owner=owner), units


def _owner_after(owner: str | None, speaker: str, by_me: bool, told: bool, between: bool) -> str | None:
    """The session's owner after a turn: the person's sender once a turn is theirs (a name holding a
    credential: its messages are refused, none to hear again); '' in a chat of one sender read sender by
    sender until then (none of it the person's: memory/rehear.py hears it not)."""
    if by_me and told and not owner and gate.redact(speaker) == speaker:
        return speaker
    return "" if told and owner is None and not between else owner


def _told(conv: Conversation, me: str | None, between: bool) -> bool:
    """Whether a turn is the person's only when its sender is theirs (--me, or the reader's `mine`): between
    people, and (session 47) in a chat of named senders with one sender when the person is known ("WhatsApp
    Chat with Rui" where only Rui wrote, imported with --me Ana: none of it is Ana's life)."""
    if between:
        return True
    named = all(m.role != "assistant" and m.speaker.casefold() not in _ROLE_SPEAKERS for m in conv.messages)
    return named and (me is not None or any(m.mine is not None for m in conv.messages))


def _forms(speaker: str, text: str) -> set[tuple[str, str]]:
    """A message's (sender, words), and, for a contact named with ': ', as an import before cut them."""
    cut, sep, end = speaker.partition(": ")
    return {(speaker, text), (cut, f"{end}: {text}")} if sep else {(speaker, text)}


def _digest(key: str, position: int, part: int, text: str) -> str:
    """A message part's unit key in the import log."""
    return hashlib.sha256(f"{key}\x00{position}\x00{part}\x00{text}".encode()).hexdigest()[:24]


def _cut_reading(source: str, key: str, msg: Message, text: str) -> tuple[str, str] | None:
    """How a WhatsApp import before session 43 read a message of a contact whose name holds ': '
    ("Work: Ana"): cut at the first colon, Work said "Ana: Hi". (That speaker, that reading's unit key), so
    a re-import finds the memory it gave (`_read_whole`); None for any other message."""
    cut, sep, end = msg.speaker.partition(": ")
    if not sep or not source.startswith("whatsapp:"):
        return None
    return cut, _digest(key, msg.position, 0, f"{end}: {text}")


EDIT_OVERLAP = 0.34  # shared words (Jaccard) above which a changed message at a place is its edit


# The turns already stored at a batch's places. `+m.status`: without it SQLite (no ANALYZE stats)
# takes idx_memories_status as selective and walks every active memory, probing each for a turn of
# these sessions: 0.1 s a batch at 30k memories, so an import (and a re-import) grew as N squared.
EDITED_SQL = (
    "SELECT st.session_id, st.position, st.part, st.memory_id, st.speaker, m.content FROM session_turns st "
    "JOIN memories m ON m.id = st.memory_id WHERE +m.status = 'active' AND st.session_id IN ({marks})"
)


def _edited(db: Database, units: list[_Unit]) -> list[_Unit]:
    """A message edited in place in the export (same conversation, place and speaker, new words):
    its new text supersedes the memory that held the old one, and takes its place in the
    conversation (`_landed` relinks it). A message that only moved (its place now holds another
    message: few words shared) is not an edit."""
    found = {
        (sid, int(pos), int(part)): (mid, speaker, content)
        for sid, pos, part, mid, speaker, content in rows_in(db, EDITED_SQL, sorted({u.session for u in units}))
    }
    units = _read_whole(db, units, found)
    if not found:
        return units
    out = []
    for unit in units:
        old = found.get((unit.session, unit.position, unit.part))
        if old is not None and old[1] == unit.speaker and unit.may_edit and not unit.payload.supersedes:
            changed = gate.content_hash(old[2]) != gate.content_hash(unit.payload.content)
            if changed and correction.word_jaccard(old[2], unit.payload.content) >= EDIT_OVERLAP:
                unit = replace(unit, payload=unit.payload.model_copy(update={"supersedes": old[0]}))
        out.append(unit)
    return out


def _read_whole(
    db: Database, units: list[_Unit], found: dict[tuple[str, int, int], tuple[str, str, str]]
) -> list[_Unit]:
    """A WhatsApp chat imported before its contacts named with ': ' were read whole: "Work" said "Ana: Hi"
    there, "Work: Ana" says "Hi" now. The memory that cut reading gave, still at its place under the cut
    name, is superseded by the whole one (its old text kept in `quire history`, the place relinked to the
    whole name); one the person changed since (edited, forgotten) is theirs: the message is taken as the
    one imported then, and nothing is stored for it (its place's speaker is named whole all the same)."""
    cut = [u for u in units if u.was is not None]
    # (and their whole reading's: one imported whole already is read as any message is)
    logged = logged_keys(db, [k for u in cut if u.was for k in ((u.key[0], u.was[1]), u.key)]) if cut else {}
    if not logged:
        return units
    out = []
    for unit in units:
        then = (unit.key[0], unit.was[1]) if unit.was else None
        if then is None or then not in logged or not unit.was or unit.key in logged:
            out.append(unit)
            continue
        held = found.get((unit.session, unit.position, unit.part))
        if held is not None and held[0] == logged[then] and held[1] == unit.was[0] and not unit.payload.supersedes:
            whole = unit.payload.model_copy(update={"supersedes": held[0]})
            out.append(replace(unit, payload=whole, whole=True, may_edit=False))
        else:  # (its memory is not the cut reading's any more: the import log's key says it was imported)
            out.append(replace(unit, key=then, whole=True))
    return out


# Names a chat gives a role, not a person: "user", "human", the assistant and the exporting tool.
_ROLE_SPEAKERS = frozenset(["user", "human", "system", "tool", "me", "you", *conversations.ASSISTANT_SPEAKERS])


def _writers(conv: Conversation, owners: set[str]) -> frozenset[int]:
    """(session 45: glenda) The positions of a chat's user turns another writer on the person's account said: from a
    turn saying so ("vern here on glendas account", "this is her husband") or speaking of the owner by the name such
    a turn gave her (`owners`, learnt as the import goes: "my wife glenda says") until one saying the person is back
    ("ok glenda again"; `life.writer_of`), within the conversation."""
    other: str | None = None
    said: set[int] = set()
    for msg in conv.messages:
        if msg.role == "user" and msg.text:
            owners |= life.owner_named(msg.text)
            other = life.writer_of(msg.text, other, frozenset(owners))
            if other is not None:
                said.add(msg.position)
    return frozenset(said)


def _said_by_others(units: list[_Unit], outcomes: list[Outcome]) -> list[str]:
    """The memory ids of the turns stored that another writer on the person's account said (`_writers`)."""
    return [o.id for u, o in zip(units, outcomes, strict=True) if u.other and isinstance(o, Stored) and o.id]


def _speaker_entity(speaker: str, between: bool) -> list[str]:
    """The speaker as the turn's entity only between people ("Caroline" is someone the talk is
    about); a person's turn to an assistant names no one by its speaker, and "user" or "ChatGPT"
    linked to every turn listed a role as the most named entity of a chat history."""
    if between and speaker.strip() and speaker.casefold() not in _ROLE_SPEAKERS:
        return [speaker]
    # A name holding a credential is the turn's entity all the same: the gate refuses the turn by it.
    return [speaker] if gate.redact(speaker) != speaker else []


def _recue(db: Database, moved: list[tuple[str, int, int, str, str]]) -> None:
    """The turn after an edited message took the old text as its cue: it takes the new one (and is
    embedded again, as its vector holds the cue)."""
    for sid, position, _, new_id, _ in moved:
        row = db.one(
            "SELECT n.id, n.retrieval_cue, o.content AS old, m.content AS new, st.speaker, sb.speaker AS before "
            "FROM session_turns st JOIN memories n ON n.id = st.memory_id JOIN memories m ON m.id = ? "
            "JOIN memories o ON o.id = m.supersedes "
            "LEFT JOIN session_turns sb ON sb.session_id = st.session_id AND sb.position = ? AND sb.part = 0 "
            "WHERE st.session_id = ? AND st.position = ? AND st.part = 0",
            (new_id, position, sid, position + 1),
        )
        if row is None or not row["retrieval_cue"]:
            continue
        speaker, before = row["speaker"] or "", row["before"] or ""
        was = (conversations.turn_cue(row["old"], speaker, before), conversations.cue_of(row["old"]))
        if row["retrieval_cue"] in was:  # the old text's cue, named (or from before the names)
            cue = conversations.turn_cue(row["new"], speaker, before)
            db.execute(
                "UPDATE memories SET retrieval_cue = ?, embedding = NULL, embed_model = NULL WHERE id = ?",
                (cue, row["id"]),
            )
            # After the cue (whose update drops a stale fold): the index holds the new cue's fold.
            db.execute("UPDATE memories SET lex_cue = ? WHERE id = ?", (tokens.lexical(cue), row["id"]))


# The places of a batch's conversations that hold an edit waiting for review (pending_revision).
PENDING_SQL = (
    "SELECT st.session_id, st.position, st.part, m.id, m.supersedes FROM session_turns st "
    "JOIN memories m ON m.id = st.memory_id WHERE m.status = 'pending_revision' AND st.session_id IN ({marks})"
)


def _taken_back(db: Database, units: list[_Unit], outcomes: list[Outcome], actor: str) -> list[str]:
    """A message edited in the export while the edit waits for review (a protected memory), then
    edited back to its old text: the old memory is what it says again, so the waiting edit is taken
    back (memory/review.py `taken_back`) and the place is the old memory's once more."""
    pending = {
        (sid, int(pos), int(part)): (mid, old)
        for sid, pos, part, mid, old in rows_in(db, PENDING_SQL, sorted({u.session for u in units}))
    }
    lines = []
    for unit, outcome in zip(units, outcomes, strict=True):
        waiting = pending.get((unit.session, unit.position, unit.part))
        if waiting is None or not isinstance(outcome, Duplicate) or outcome.id != waiting[1]:
            continue
        note = f"taken back: the message reads {outcome.id}'s text again"
        closed = review.taken_back(db, waiting[0], actor=actor, note=note)
        unlog(db, waiting[0])
        conversations.relink_turns(db, [(unit.session, unit.position, unit.part, outcome.id, unit.speaker)])
        items = f"; review item(s) {', '.join(map(str, closed))} closed" if closed else ""
        lines.append(f"{unit.where}: the edit {waiting[0]} was {note}{items}")
    return lines


# `+status`: without it SQLite takes idx_memories_status and walks every active memory (see EDITED_SQL).
REDATE_SQL = "SELECT id, valid_from, source FROM memories WHERE +status = 'active' AND id IN ({marks})"


def _redate(db: Database, units: list[_Unit], outcomes: list[Outcome], actor: str) -> int:
    """Messages imported before whose time this run reads otherwise (a WhatsApp chat given the
    --date-order it was not guessed in, an export whose times moved by a timezone): the memory each
    stored takes the time read now, in place (`memory_redate`, as a note's corrected day does in
    memory/importer.py), and its session's span follows. Only a memory stored from this very place
    (its source names it): the same words said at another place keep the time they were said at."""
    wanted: dict[tuple[str, str | None], _Unit] = {
        (o.id, u.payload.source): u
        for u, o in zip(units, outcomes, strict=True)
        if isinstance(o, Duplicate) and o.logged and u.payload.valid_from
    }
    if not wanted:
        return 0
    now, sessions, moved = clock.now_iso(), set(), 0
    stored = {(mid, source): before for mid, before, source in rows_in(db, REDATE_SQL, sorted({m for m, _ in wanted}))}
    for key, unit in wanted.items():  # in the chat's order: the audit reads as the messages ran
        before = stored.get(key)
        after = clock.normalize_when(str(unit.payload.valid_from))
        if before is None or before == after:
            continue
        mid = key[0]
        db.execute(
            "UPDATE memories SET valid_from = ?, updated_at = ?, version = version + 1 WHERE id = ?", (after, now, mid)
        )
        audit.record(db, actor, "memory_redate", "memory", mid, before=before, after=after, source=unit.where)
        sessions.add(unit.session)
        moved += 1
    for sid in sorted(sessions):
        conversations.respan(db, sid)
    return moved


def _refuse_secrets(conv: Conversation, report: ChatReport) -> None:
    """A credential in a conversation's title or id is never kept: the title is dropped and the
    id replaced by a digest of it (stable, so a re-import finds the same session), each with an
    error that names the kind and the place, never the secret."""
    found = gate.find_credentials(conv.title)
    if found:
        report.errors.append(
            f"{conv.where}: the conversation title holds a credential ({found[0][0]}); not kept (the messages "
            "land): remove the key from the title and import again"
        )
        conv.title = ""
    found = gate.find_credentials(conv.key)
    if found:
        report.errors.append(
            f"{conv.where}: the conversation id holds a credential ({found[0][0]}); replaced by a digest (the "
            "messages land): remove the key from the export and import again"
        )
        conv.key = "redacted-" + hashlib.sha256(conv.key.encode("utf-8")).hexdigest()[:16]


def _unheard(db: Database, units: list[_Unit], outcomes: list[Outcome], claimed: set[str]) -> list[tuple[str, str]]:
    """The person's turns already in (id, text), of the sessions `claimed`, still untouched: a killed run's,
    which it may not have heard, or an earlier import's that was not told they were the person's (the
    same file imported again with --me)."""
    logged = [
        (o.id or "", u.payload.content)
        for u, o in zip(units, outcomes, strict=True)
        if u.own and u.session in claimed and _logged(o)
    ]
    fresh = rehear.untouched(db, [mid for mid, _ in logged]) if logged else set()
    return [(mid, text) for mid, text in logged if mid in fresh]


def _logged(outcome: Outcome) -> bool:
    return isinstance(outcome, Duplicate) and outcome.logged and bool(outcome.id)


def _places_moved(
    db: Database, units: list[_Unit], outcomes: list[Outcome], moved: list[tuple[str, int, int, str, str]]
) -> None:
    """The places of a batch's edited messages (and names read whole) pointed at their new memories, the
    turn after each cued by the new text (inside the batch's transaction)."""
    conversations.relink_turns(db, moved)
    conversations.rename_turns(
        db,
        [
            (u.speaker, u.session, u.position, u.part, u.was[0])
            for u, o in zip(units, outcomes, strict=True)
            if u.whole and u.was and isinstance(o, Duplicate)
        ],
    )
    for cut in {(u.session, u.was[0]) for u in units if u.was}:
        conversations.drop_participant(db, *cut)  # (once none of the session's turns is the cut name's)
    _recue(db, moved)


# The places whose memory a logged message's memory supersedes (`_unfinished`).
UNFINISHED_SQL = (
    "SELECT m.id, st.session_id, st.position, st.part FROM memories m "
    "JOIN session_turns st ON st.memory_id = m.supersedes WHERE m.id IN ({marks})"
)


def _unfinished(db: Database, units: list[_Unit], outcomes: list[Outcome]) -> list[tuple[str, int, int, str, str]]:
    """Places a killed import left on a message's old memory: the new one (an edit, a name read whole) was
    stored and logged, the relink after it never ran, and the re-run finds the message imported. Only
    the import's own new memory moves a place (one the person wrote supersedes nothing the log gave)."""
    logged = {
        (u.session, u.position, u.part, o.id): u
        for u, o in zip(units, outcomes, strict=True)
        if isinstance(o, Duplicate) and o.logged and o.id
    }
    if not logged:
        return []
    out = []
    for mid, sid, position, part in rows_in(db, UNFINISHED_SQL, sorted({key[3] for key in logged})):
        unit = logged.get((str(sid), int(position), int(part), str(mid)))
        if unit is not None:
            out.append((unit.session, unit.position, unit.part, str(mid), unit.speaker))
    return out


def _landed(
    db: Database,
    units: list[_Unit],
    outcomes: list[Outcome] | QuireError,
    report: ChatReport,
    actor: str,
    again: bool = False,
) -> None:
    """Count a batch's outcomes into the report and place its turns in their sessions."""
    if isinstance(outcomes, QuireError):
        report.errors.append(
            f"{units[0].where}: {outcomes}; this batch of {len(units)} messages was not imported: "
            "re-run the import to add them (what landed is skipped)"
        )
        return
    links, moved = [], []
    for unit, outcome in zip(units, outcomes, strict=True):
        if isinstance(outcome, Stored) and unit.payload.supersedes:  # a message edited in place, or read whole
            moved.append((unit.session, unit.position, unit.part, outcome.id, unit.speaker))
            if unit.whole and unit.was:
                report.whole[(unit.was[0], unit.speaker)] += 1
            else:
                report.edited += 1
        if isinstance(outcome, Stored):
            report.stored += 1
            report.ids.append(outcome.id)
            # dated to this import: counted where it lands (a re-run dated nothing today), once a message
            report.undated += unit.part == 0 and unit.payload.valid_from is None
            report.near_duplicates += outcome.near_duplicate_of is not None
            for w in outcome.warnings:
                if w.startswith(WAIVED):  # counted, not listed: kept only where this run stored it
                    report.kept_anyway[w.removeprefix(WAIVED).split(" ", 1)[0]] += 1
                else:
                    report.warn(f"{unit.where}: {w}")
        elif isinstance(outcome, Duplicate):
            report.duplicates += 1
        elif isinstance(outcome, Rejected):
            report.rejected += 1
            report.dropped[outcome.reason] += 1
            if outcome.reason == "credential_leak":  # the person must act: an error (exit 1) on every format
                report.refuse(gate.import_refusal(unit.where, outcome.detail))
        if outcome.id:
            links.append((unit.session, unit.position, unit.part, outcome.id, unit.speaker))
    moved += _unfinished(db, units, outcomes)
    with db.transaction():
        conversations.link_turns(db, links)
        _places_moved(db, units, outcomes, moved)
        report.changes += _taken_back(db, units, outcomes, actor)
        report.redated += _redate(db, units, outcomes, actor)
        audit.record(db, actor, "link_turns", "batch", units[0].session, count=len(links))
    # What the person says about their own life becomes identity, preference or fact, and a
    # change of it supersedes or waits for review (memory/correction.heard).
    own = [(o.id, u.payload.content) for u, o in zip(units, outcomes, strict=True) if u.own and isinstance(o, Stored)]
    correction.said_by_another(db, _said_by_others(units, outcomes), actor=actor)  # (session 45: glenda)
    own += _unheard(db, units, outcomes, report.claimed if not again else {u.session for u in units})
    for line in correction.heard(db, own, actor=actor):
        report.changes.append(line)
