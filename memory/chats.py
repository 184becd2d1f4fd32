"""Chat exports in: ChatGPT and Claude `conversations.json`, and a generic chat JSONL.

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
assistant (an AI), system or tool (never imported); `speaker` defaults to the role; `time` is an
ISO date or date-time; `title` (optional) names the conversation. Lines of one conversation
should be consecutive and in order.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import ijson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory import audit, clock, conversations, gate
from memory import text as text_policy
from memory.capture import Duplicate, EmbedderSource, Outcome, Rejected, Stored, capture_stream
from memory.db import Database
from memory.errors import InvalidInput, QuireError
from memory.models import CapturePayload, parse_payload
from memory.vectors import VectorIndex

CHAT_FORMATS = ("chatgpt", "claude", "chat-jsonl")
Roles = Literal["user", "all"]
# Gate reasons `keep_all` waives: the protocol of a benchmark scores every turn, "ok, see you!"
# included. A credential is never kept (capture refuses to waive it).
KEEP_ALL_WAIVES = frozenset({"too_short", "noise_pattern"})
CUE_CHARS = 300  # how much of the previous turn becomes the cue (see retrieval/tuning.py)
BATCH = 256  # messages per capture batch (one transaction, one embedding call)
_JSONL_GROUP = 5000  # a conversation longer than this is imported in slices
# Warning lines kept in a report: a big export of similar messages flags tens of thousands of
# near-duplicates (98% of the benchmark's 100k), ~0.3 KB each in memory and in the JSON; they
# are counted in full (`near_duplicates`, `warnings_omitted`), and the first ones listed.
WARNINGS_KEPT = 200


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


@dataclass
class Conversation:
    key: str
    title: str
    time: str | None
    where: str
    messages: list[Message] = field(default_factory=list)


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
    kept_anyway: Counter[str] = field(default_factory=Counter)  # keep_all: gate reason -> count it waived
    sessions: set[str] = field(default_factory=set)
    near_duplicates: int = 0  # stored, and flagged as near another memory
    warnings_omitted: int = 0  # warnings past WARNINGS_KEPT: counted, not listed

    def warn(self, line: str) -> None:
        if len(self.warnings) < WARNINGS_KEPT:
            self.warnings.append(line)
        else:
            self.warnings_omitted += 1

    def as_json(self) -> dict[str, Any]:
        return {
            "stored": self.stored,
            "duplicates": self.duplicates,
            "rejected": self.rejected,
            "errors": self.errors,
            "warnings": self.warnings,
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
            "warnings_omitted": self.warnings_omitted,
        }


# -- reading -----------------------------------------------------------------------------------


_EPOCH = re.compile(r"^\s*\d{1,12}(\.\d*)?\s*$")  # Unix seconds written as a string by some converters
FUTURE_SLACK = timedelta(days=1)  # clocks and time zones differ; later than this is not when a message was sent


def _read_time(value: Any) -> tuple[str | None, str | None]:
    """(stored time, None), or (None, why not) for a value that is there but unusable; (None, None) if absent.

    Unix seconds (ChatGPT; also as a string of digits) or an ISO string (Claude, JSONL), within
    quire's date range and not in the future (a message is not sent later than it is imported)."""
    if value is None or value == "":
        return None, None
    hint = "use ISO 8601 (e.g. 2024-05-01T09:30Z) or Unix seconds"
    try:
        if isinstance(value, bool):
            raise ValueError(value)
        if isinstance(value, str) and _EPOCH.match(value):
            value = float(value)
        if isinstance(value, (int, float)) or hasattr(value, "as_integer_ratio"):
            moment = datetime.fromtimestamp(float(value), UTC)
            if not clock.in_range(moment):
                raise ValueError(value)
            stored = clock.iso(moment)
        elif isinstance(value, str):
            stored = clock.normalize_when(value)
        else:
            raise ValueError(value)
    except (InvalidInput, ValueError, OverflowError, OSError):
        return None, f"cannot read the time {str(value)[:40]!r}; {hint}"
    if clock.parse_when(stored) > clock.now() + FUTURE_SLACK:
        return None, f"the time {str(value)[:40]!r} is in the future; a message's time is when it was sent"
    return stored, None


def _when(value: Any) -> str | None:
    """The stored time of `value`, or None if absent or unusable (see `_read_time`)."""
    return _read_time(value)[0]


def _message_time(value: Any, where: str, report: ChatReport) -> str | None:
    """A message's time; an unusable one is reported as a warning and the conversation's time used."""
    stored, problem = _read_time(value)
    if problem:
        report.warn(f"{where}: {problem}; the conversation's time (else the import time) is used")
    return stored


def _clean(text: Any) -> str:
    """The one text policy (memory/text.py) for names, titles and messages read from an export."""
    if not isinstance(text, str):
        return ""
    try:
        return text_policy.clean_text(text).strip()
    except InvalidInput:
        return text.strip()  # an unpaired surrogate: the capture payload refuses it, reported per message


def _json_items(path: Path, report: ChatReport) -> Iterator[tuple[int, Any]]:
    """Top-level array items, streamed; a torn or invalid file is reported where it broke.

    Only whole conversations are yielded: one cut off by the tear is not imported at all."""
    n = 0
    try:
        with path.open("rb") as fh:
            start = fh.read(1 << 12).lstrip()[:1]
            if not start:
                raise InvalidInput(f"{path.name} is empty; export the conversations again and import that file")
            if start != b"[":
                raise InvalidInput(
                    f"{path.name}: not a list of conversations (it starts with {start.decode('latin-1')!r}); "
                    "a ChatGPT or Claude conversations.json is a JSON list [...]: import that file"
                )
            fh.seek(0)
            for n, item in enumerate(ijson.items(fh, "item", use_float=True), start=1):
                yield n, item
    except ijson.JSONError as exc:
        first = (str(exc).splitlines() or ["invalid JSON"])[0].strip()
        landed = f"the {n} whole conversation{'s' if n > 1 else ''} before it landed" if n else "nothing was imported"
        report.errors.append(
            f"{path.name}: the JSON breaks after conversation {n} ({first}): a download cut short or a damaged "
            f"file; {landed}: get the export again and re-run (what landed is skipped)"
        )
    except OSError as exc:
        raise InvalidInput(f"cannot read {path} ({exc.strerror}); check the path and its permissions") from None


def _other_format(conv: Any, expected: str) -> None:
    """The first conversation of the other export format: one error naming the fix, before anything lands."""
    if isinstance(conv, dict) and expected == "chatgpt" and "chat_messages" in conv:
        raise InvalidInput("this is a Claude export, not a ChatGPT one; use --format claude (or leave --format out)")
    if isinstance(conv, dict) and expected == "claude" and "mapping" in conv:
        raise InvalidInput("this is a ChatGPT export, not a Claude one; use --format chatgpt (or leave --format out)")


def read_chatgpt(path: Path, report: ChatReport) -> Iterator[Conversation]:
    """ChatGPT `conversations.json`: follow the branch that ends at `current_node`."""
    for n, conv in _json_items(path, report):
        where = f"{path.name}: conversation {n}"
        if n == 1:
            _other_format(conv, "chatgpt")
        if not isinstance(conv, dict) or not isinstance(conv.get("mapping"), dict):
            report.errors.append(f"{where}: not a ChatGPT conversation (no 'mapping'); skipped")
            continue
        key = str(conv.get("conversation_id") or conv.get("id") or f"#{n}")
        out = Conversation(key, _clean(conv.get("title")), _when(conv.get("create_time")), where)
        for position, node in enumerate(_branch(conv["mapping"], conv.get("current_node"))):
            msg = node.get("message") if isinstance(node, dict) else None
            if not isinstance(msg, dict):
                continue
            role = str((msg.get("author") or {}).get("role") or "")
            content: dict[str, Any] = msg["content"] if isinstance(msg.get("content"), dict) else {}
            hidden = (msg.get("metadata") or {}).get("is_visually_hidden_from_conversation")
            kind = content.get("content_type", "text")
            if role not in ("user", "assistant") or hidden or kind not in ("text", "multimodal_text"):
                continue  # system prompts, tool calls and results, custom instructions, reasoning
            if msg.get("recipient") not in (None, "all"):
                continue  # an assistant message addressed to a tool
            parts = content.get("parts") or []
            text = "\n".join(_clean(p) for p in parts if _clean(p))
            speaker = "user" if role == "user" else str((msg.get("author") or {}).get("name") or "ChatGPT")
            at = f"{where} message {position}"
            out.messages.append(
                Message(position, speaker, role, text, _message_time(msg.get("create_time"), at, report), at)
            )
        yield out


def _branch(mapping: dict[str, Any], current: Any) -> list[dict[str, Any]]:
    """The nodes from the root to `current_node` (else the newest leaf), in order; cycles cut."""
    if current not in mapping:
        leaves = [n for n in mapping.values() if isinstance(n, dict) and not n.get("children")]
        current = leaves[-1].get("id") if leaves else None
    chain, seen = [], set()
    while current in mapping and current not in seen:
        seen.add(current)
        node = mapping[current]
        if not isinstance(node, dict):
            break
        chain.append(node)
        current = node.get("parent")
    return chain[::-1]


def read_claude(path: Path, report: ChatReport) -> Iterator[Conversation]:
    """Claude `conversations.json`: `chat_messages` of sender human/assistant, in order."""
    for n, conv in _json_items(path, report):
        where = f"{path.name}: conversation {n}"
        if n == 1:
            _other_format(conv, "claude")
        if not isinstance(conv, dict) or not isinstance(conv.get("chat_messages"), list):
            report.errors.append(f"{where}: not a Claude conversation (no 'chat_messages'); skipped")
            continue
        key = str(conv.get("uuid") or f"#{n}")
        out = Conversation(key, _clean(conv.get("name")), _when(conv.get("created_at")), where)
        for position, msg in enumerate(conv["chat_messages"]):
            if not isinstance(msg, dict):
                report.errors.append(f"{where} message {position}: not an object; skipped")
                continue
            sender = msg.get("sender")
            if sender not in ("human", "assistant"):
                continue
            text = _clean(msg.get("text"))
            if not text and isinstance(msg.get("content"), list):
                blocks = [b.get("text") for b in msg["content"] if isinstance(b, dict) and b.get("type") == "text"]
                text = "\n".join(_clean(b) for b in blocks if _clean(b))
            role = "user" if sender == "human" else "assistant"
            speaker = "user" if role == "user" else "Claude"
            at = f"{where} message {position}"
            out.messages.append(
                Message(position, speaker, role, text, _message_time(msg.get("created_at"), at, report), at)
            )
        yield out


class ChatLine(BaseModel):
    """One line of the generic chat JSONL."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    conversation: str = Field(min_length=1, max_length=500)
    text: str
    speaker: str | None = Field(default=None, max_length=120)
    role: Literal["user", "assistant", "system", "tool"] = "user"
    time: str | None = None
    title: str | None = Field(default=None, max_length=200)


def read_chat_jsonl(path: Path, report: ChatReport) -> Iterator[Conversation]:
    """Generic chat JSONL, one message per line; consecutive lines of a conversation form it."""
    positions: dict[str, int] = {}
    group: Conversation | None = None
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise InvalidInput(f"cannot read {path} ({exc.strerror}); check the path and its permissions") from None
    with fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                line = ChatLine.model_validate(json.loads(raw.decode("utf-8")))
            except UnicodeDecodeError:
                report.errors.append(f"{where}: not UTF-8 text; re-save the file as UTF-8")
                continue
            except json.JSONDecodeError as exc:
                report.errors.append(f"{where}: invalid JSON ({exc.msg} at column {exc.colno})")
                continue
            except ValidationError as exc:
                report.errors.append(f"{where}: {_line_error(exc)}")
                continue
            time, problem = _read_time(line.time)
            if problem:
                report.errors.append(f"{where}: {problem}")
                continue
            conv = _clean(line.conversation) or "-"
            if group is not None and (group.key != conv or len(group.messages) >= _JSONL_GROUP):
                yield group
                group = None
            if group is None:
                group = Conversation(conv, _clean(line.title) or conv, time, where)
            position = positions.get(conv, 0)
            positions[conv] = position + 1
            if line.role in ("system", "tool"):
                continue
            speaker = _clean(line.speaker) or line.role
            group.messages.append(Message(position, speaker, line.role, _clean(line.text), time, where))
    if group is not None:
        yield group


def _line_error(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "line"
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown key; allowed keys: " + ", ".join(ChatLine.model_fields)
        elif err["type"] == "missing":
            msg = "missing (conversation and text are required)"
        parts.append(f"{where}: {msg}")
    return "invalid chat line: " + "; ".join(parts)


_READERS: dict[str, Callable[[Path, ChatReport], Iterator[Conversation]]] = {
    "chatgpt": read_chatgpt,
    "claude": read_claude,
    "chat-jsonl": read_chat_jsonl,
}


MAX_EXPORT_DEPTH = 64  # a ChatGPT message node nests about 8 levels; far deeper is hostile


def _first_keys(path: Path, limit: int = 200_000) -> set[str]:
    """Keys of the first JSON object, read as a stream up to a key that tells an export (a torn or
    huge file reads no further than that)."""
    keys: set[str] = set()
    try:
        with path.open("rb") as fh:
            for n, (prefix, event, value) in enumerate(ijson.parse(fh)):
                if event == "map_key" and prefix in ("", "item"):
                    keys.add(str(value))
                    if value in _EXPORT_KEYS:
                        break
                if n >= limit or (event == "end_map" and prefix in ("", "item")):
                    break
    except ijson.JSONError:
        pass  # torn: what was read before the tear still tells the format
    return keys


_EXPORT_KEYS = frozenset({"mapping", "chat_messages", "conversations"})


def detect_format(path: Path) -> str:
    """chatgpt | claude | chat-jsonl | jsonl | markdown, from what the file holds (not its name)."""
    if path.is_dir():
        return "markdown"
    try:
        with path.open("rb") as fh:
            head = fh.read(1 << 16)
    except OSError as exc:
        raise InvalidInput(f"cannot read {path} ({exc.strerror}); check the path and its permissions") from None
    if not head.strip() and len(head) < 1 << 16:
        raise InvalidInput(f"{path} is empty: nothing to import; check the path (a chat export's conversations.json)")
    start = head.lstrip()[:1]
    if start == b"[" and (path.suffix.lower() in (".jsonl", ".ndjson") or head.lstrip()[1:].lstrip()[:1] != b"{"):
        return "jsonl"  # not an array of conversations: the JSONL importer reports each bad line by number
    if start == b"[" and text_policy.json_depth_exceeds(head, MAX_EXPORT_DEPTH):
        raise InvalidInput(f"{path}: nested more than {MAX_EXPORT_DEPTH} levels deep; this is not a chat export")
    if start == b"[":
        keys = _first_keys(path)  # from the stream: a file torn inside its first conversation still tells
        if "mapping" in keys:
            return "chatgpt"
        if "chat_messages" in keys:
            return "claude"
        raise InvalidInput(
            f"{path}: a JSON array that is neither a ChatGPT nor a Claude export; pass --format to say what it is"
        )
    if start == b"{":
        line = head.lstrip().split(b"\n", 1)[0]
        try:
            data = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            data = None
        if isinstance(data, dict) and "conversation" in data and "text" in data:
            return "chat-jsonl"
        if data is None and not text_policy.json_depth_exceeds(head, MAX_EXPORT_DEPTH):
            keys = _first_keys(path)  # a pretty-printed object: its first line is only "{"
        else:  # one line of JSONL (a deep one is refused by line, by the JSONL importer)
            keys = set(data) if isinstance(data, dict) else set()
        if _EXPORT_KEYS & keys:
            raise InvalidInput(
                f"{path}: one JSON object, not the list of conversations an export holds; a ChatGPT or Claude "
                "conversations.json is a JSON list [...]: import that file (or put the conversations in a list)"
            )
        return "jsonl"
    if path.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        return "jsonl"  # the JSONL importer reports each bad line by number
    raise InvalidInput(
        f"{path}: cannot tell the format; pass --format chatgpt|claude|chat-jsonl|jsonl, or a folder of Markdown notes"
    )


# -- what becomes a memory -----------------------------------------------------------------------


def between_people(conv: Conversation) -> bool:
    """Two or more people and no assistant: each turn answers the previous one.

    The one rule for the context cue (measured in retrieval/tuning.py): between people, a turn
    ("Yes, in Lisbon!") means little without the turn it answers, so the previous turn is its
    cue; a person's turn to an assistant stands alone, and a cue there only dilutes it.
    """
    roles = {m.role for m in conv.messages}
    return "assistant" not in roles and len({m.speaker for m in conv.messages}) >= 2


def split_text(text: str, limit: int = MAX_PART) -> list[str]:
    """A message longer than a capture may be, cut at paragraph, line or word boundaries."""
    parts: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = max(rest.rfind("\n\n", 0, limit), rest.rfind("\n", 0, limit), rest.rfind(" ", 0, limit))
        cut = cut if cut > limit // 2 else limit
        parts.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    if rest:
        parts.append(rest)
    return [p for p in parts if p]


@dataclass(frozen=True)
class _Unit:
    session: str
    position: int
    part: int
    speaker: str
    where: str
    key: tuple[str, str]
    payload: CapturePayload


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
) -> ChatReport:
    """Import a chat export as sessions of memories. progress(conversations, messages) after each batch.

    roles: "user" keeps the person's own messages (and, between people, everyone's: they are all
    someone's words, not an assistant's); "all" keeps the assistant's too. keep_all waives the
    gate's too_short and noise_pattern (what it waived is counted in `kept_anyway`).
    """
    if fmt not in _READERS:
        raise InvalidInput(f"unknown chat format {fmt!r}; use one of {', '.join(CHAT_FORMATS)}")
    path = Path(path)
    if not path.is_file():
        raise InvalidInput(f"{path} is not a file; pass the export's conversations.json (or a chat .jsonl)")
    report = ChatReport(format=fmt)
    source = f"{fmt}:{path.resolve()}"
    waive = KEEP_ALL_WAIVES if keep_all else frozenset()

    def batches() -> Iterator[tuple[list[_Unit], list[CapturePayload], list[tuple[str, str]]]]:
        pending: list[_Unit] = []
        spans: dict[str, conversations.SessionSpan] = {}
        for conv in _READERS[fmt](path, report):
            report.conversations += 1
            span, units = _units(conv, source, roles, space, report)
            spans[span.conversation] = _merge(spans.get(span.conversation), span)
            if keep_all:
                for unit in units:
                    verdict = gate.check(unit.payload.content)
                    if verdict.reason in KEEP_ALL_WAIVES:
                        report.kept_anyway[verdict.reason] += 1
            pending.extend(units)
            if len(pending) >= BATCH:
                # Sessions first, so a killed import leaves sessions whose turns a re-run links.
                _upsert_sessions(db, spans, report, actor, pending[0].session)
                yield pending, [u.payload for u in pending], [u.key for u in pending]
                pending, spans = [], {}
        if spans:  # conversations with nothing to keep still become sessions
            _upsert_sessions(db, spans, report, actor, pending[0].session if pending else None)
        if pending:
            yield pending, [u.payload for u in pending], [u.key for u in pending]

    # One batch is encoded while the next is read and stored (memory/capture.py `capture_stream`).
    for units, done in capture_stream(
        db,
        batches(),
        actor=actor,
        embedder=embedder,
        defer_embed=defer_embed,
        vectors=vectors,
        waive=waive,
    ):
        _landed(db, units, done, report, actor)
        if progress:
            progress(report.conversations, report.messages)
    return report


def _upsert_sessions(
    db: Database, spans: dict[str, conversations.SessionSpan], report: ChatReport, actor: str, subject: str | None
) -> None:
    with db.transaction():
        for span in spans.values():
            sid = conversations.upsert_session(db, span)
            report.sessions.add(sid)
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
    )


def _units(
    conv: Conversation, source: str, roles: Roles, space: str | None, report: ChatReport
) -> tuple[conversations.SessionSpan, list[_Unit]]:
    times = [m.time for m in conv.messages if m.time] or ([conv.time] if conv.time else [])
    span = conversations.SessionSpan(
        source,
        conv.key,
        conv.title,
        min(times) if times else None,
        max(times) if times else None,
        tuple(dict.fromkeys(m.speaker for m in conv.messages)),
        any(m.role == "assistant" for m in conv.messages),
        len(conv.messages),
    )
    sid = conversations.session_id(source, conv.key)
    cue_from_previous = between_people(conv)
    units: list[_Unit] = []
    previous = ""
    for msg in conv.messages:
        report.messages += 1
        cue = " ".join(previous.split())[:CUE_CHARS] if cue_from_previous else ""
        previous = msg.text
        if msg.role == "assistant" and roles == "user":
            report.skipped_roles += 1
            continue
        if not msg.text:
            report.empty += 1
            continue
        label = (conv.title or conv.key)[:200]
        for part, text in enumerate(split_text(msg.text)):
            data = {
                "content": text,
                "type": "note",
                "entities": [msg.speaker],
                "valid_from": msg.time or conv.time,
                "cue": cue or None,
                "source": f"{label} #{msg.position}" + (f".{part}" if part else ""),
                "space": space,
            }
            try:
                payload = parse_payload({k: v for k, v in data.items() if v is not None})
            except InvalidInput as exc:
                report.errors.append(f"{msg.where}: {exc}")
                continue
            digest = hashlib.sha256(f"{conv.key}\x00{msg.position}\x00{part}\x00{text}".encode()).hexdigest()[:24]
            units.append(_Unit(sid, msg.position, part, msg.speaker, msg.where, (source, digest), payload))
    return span, units


def _landed(
    db: Database, units: list[_Unit], outcomes: list[Outcome] | QuireError, report: ChatReport, actor: str
) -> None:
    """Count a batch's outcomes into the report and place its turns in their sessions."""
    if isinstance(outcomes, QuireError):
        report.errors.append(
            f"{units[0].where}: {outcomes}; this batch of {len(units)} messages was not imported: "
            "re-run the import to add them (what landed is skipped)"
        )
        return
    links = []
    for unit, outcome in zip(units, outcomes, strict=True):
        if isinstance(outcome, Stored):
            report.stored += 1
            report.ids.append(outcome.id)
            report.near_duplicates += outcome.near_duplicate_of is not None
            for w in outcome.warnings:
                if not w.startswith("kept although"):
                    report.warn(f"{unit.where}: {w}")
        elif isinstance(outcome, Duplicate):
            report.duplicates += 1
        elif isinstance(outcome, Rejected):
            report.rejected += 1
            report.dropped[outcome.reason] += 1
        if outcome.id:
            links.append((unit.session, unit.position, unit.part, outcome.id, unit.speaker))
    with db.transaction():
        conversations.link_turns(db, links)
        audit.record(db, actor, "link_turns", "batch", units[0].session, count=len(links))
