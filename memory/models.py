"""What a person or agent may write (pydantic, strict) and what quire hands back (frozen)."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticKnownError

from memory import clock, text
from memory.errors import InvalidInput
from memory.tokens import fold

MemoryType = Literal["identity", "preference", "decision", "fact", "lesson", "gotcha", "note"]
TYPES: tuple[str, ...] = ("identity", "preference", "decision", "fact", "lesson", "gotcha", "note")

# What `import` reads, the one list every route offers (the import request's choices, the CLI's
# `--format`): it was written out twice, in quire's request and in the CLI's choices. "auto", the
# chat readers (memory/chats.py's CHAT_FORMATS, in its order) and the importer's own two;
# tests/test_adversary_formats.py holds it to the formats the importer reads.
ImportFormat = Literal[
    "auto", "chatgpt", "claude", "whatsapp", "telegram", "messenger", "chat-jsonl", "jsonl", "markdown", "mem0"
]
IMPORT_FORMATS: tuple[str, ...] = get_args(ImportFormat)

# type -> (required fields, optional fields); missing required fields warn, never block.
_CLAIM = (("claim",), ("source", "verified", "domain"))
SCHEMAS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "identity": (("claim",), ("evidence", "since")),
    "preference": (("preference", "applies_when"), ("strength", "alternatives_rejected")),
    "decision": (("decision", "context"), ("alternatives_considered", "date", "reversible")),
    "fact": _CLAIM,
    "lesson": _CLAIM,
    "gotcha": _CLAIM,
    "note": ((), ()),
}

# A question each memory answers; embedded with the content so questions find it.
CUES: dict[str, str] = {
    "identity": "Who is the user in terms of {claim}?",
    "preference": "What does the user prefer regarding {preference}?",
    "decision": "What was decided about {decision} and why?",
    "fact": "What do I know about {claim}?",
    "lesson": "What was learned about {claim}?",
    "gotcha": "What is the pitfall with {claim}?",
    "note": "",
}
# The field that stands for the memory's subject when the caller gave no fields.
_SUBJECT = {"identity": "claim", "preference": "preference", "decision": "decision"}

# A field's value is stored as JSON: NaN and Infinity are no JSON (`show --json` printed `NaN`).
FieldValue = str | bool | int | Annotated[float, Field(allow_inf_nan=False)]


def _when(value: str) -> str:
    try:
        return clock.normalize_when(value)
    except InvalidInput as exc:
        raise ValueError(str(exc)) from None


def _as_of_as_sent(value: str) -> str:
    try:
        clock.as_of(value)
    except InvalidInput as exc:
        raise ValueError(str(exc)) from None
    return value


# Every date a person or agent gives (valid_from, as_of, since), on every route: read by one policy
# (memory/clock.py), an empty or blank one refused in its words; it was "now" for valid_from,
# "cannot read the date ''" for as_of and "must not be empty" for log's since.
When = Annotated[str, AfterValidator(_when)]


def _when_as_sent(value: str) -> str:
    _when(value)
    return value


def read_to_the_second(name: str, sent: str | None, read: str | None) -> list[str]:
    """The warning for a date a person or agent gave as a bound (recall's as_of, recent's and log's
    since) with a fraction of a second, read to the second as every stored time is; [] without one."""
    if sent is None or read is None or not clock.to_the_second(sent):
        return []
    return [f"{name}: {sent.strip()!r} has a fraction of a second, which quire does not keep: read as {read}"]


# A date checked as `When` is but handed on as sent, for a capture made from it (supersede's valid_from)
# to store it and say in its warnings what storing it dropped (a fraction of a second).
WhenAsSent = Annotated[str, AfterValidator(_when_as_sent)]
# When, where a date alone is the end of that day: checked here, handed on as sent, for the operation to
# read (`clock.as_of`) and say what reading it dropped (a fraction of a second), as a capture's valid_from.
AsOf = Annotated[str, AfterValidator(_as_of_as_sent)]

CONTENT_MAX = 20_000  # characters of a memory's text, counted as it is stored (after the text policy)
# What to do with a text longer than one memory, said wherever one is refused (capture, supersede, an
# accept's text, a file or stdin given to capture: it said only "is longer than 20000 characters").
# What quire offers: a Markdown note imports as one memory a paragraph, a longer paragraph in parts.
TOO_LONG_FIX = (
    "split it into several memories, or save it as a Markdown note and `quire import` it "
    "(each paragraph becomes a memory, a longer one lands in parts)"
)

# Every length limit's refusal says what to do, on every route and op, from here: the field's own fix,
# else the generic one (a title, a query, an entity or a space's description past its limit once said
# only that it was too long).
_A_MEMORY_ID = "memory ids look like mem_1a2b3c4d5e6f; find them with `quire recall QUERY`"
LENGTH_FIXES: dict[str, str] = {
    "content": TOO_LONG_FIX,
    "text": TOO_LONG_FIX,  # an accept's edited text: a memory's text
    "query": "shorten it to the words that matter (a question or a few keywords)",
    "memory_id": _A_MEMORY_ID,
    "subject_id": _A_MEMORY_ID,
    "supersedes": _A_MEMORY_ID,
    "me": "give your name as the chat shows your messages, e.g. --me 'Jan Kowalski'",
}


def too_long(limit: int, field: object = None, what: str = "characters") -> str:
    """ "is longer than N characters; what to do", the one wording of a length refusal."""
    fix = LENGTH_FIXES.get(str(field), f"shorten it to {limit} {what} or fewer")
    return f"is longer than {limit} {what}; {fix}"


def _stored_within(value: str) -> str:
    """A memory's text sent to replace one (supersede, accept --text): within CONTENT_MAX as capture
    counts it, once the text policy has made CR LF one character and removed the controls. Counted
    as sent, a Windows file's 20,005 characters with CR LFs were stored by capture and refused by
    supersede. Left as sent: capture cleans it, with its warnings."""
    if len(value) <= CONTENT_MAX:
        return value
    try:
        stored = text.clean(value).text
    except InvalidInput:  # a lone surrogate: capture names it, in its one wording
        return value
    if len(stored) > CONTENT_MAX:
        raise ValueError(too_long(CONTENT_MAX, "content"))
    return value


def _something_stored(value: str) -> str:
    """A memory's text sent to replace one that the text policy cleans to nothing (a NUL, controls,
    zero-width or bidi characters only) is empty, refused as "" is: before the memory is even looked
    up, so every route and every id gives the one refusal. An accept's `--text "\x00"` was an edit
    refused by the gate as too short (and logged as a refused write); a supersede's named a missing
    memory for a made-up id and an empty text for a real one."""
    if value and not text.first_surrogate(value) and not text.visible(text.clean_text(value)).strip():
        raise PydanticKnownError("string_too_short", {"min_length": 1})
    return value


MemoryText = Annotated[str, AfterValidator(_stored_within), AfterValidator(_something_stored)]
_SPACE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")  # not "$": it takes "work\n"


ENTITY_NAME_MAX = 120
ENTITIES_MAX = 32  # names one memory may give
MEMORY_ID_MAX = 100
_MEMORY_ID = re.compile(r"[A-Za-z0-9_-]+\Z")  # what capture makes (mem_ + hex), imports and replicas too


def id_problem(value: str) -> str | None:
    """Why `value` cannot be a memory id (None when it can), in the words every route refuses it with."""
    if not value:
        return "is empty"
    if text.first_surrogate(value):  # named as on every field (the CLI's own check said "is not a memory id")
        return text.unpaired(value)
    if len(value) > MEMORY_ID_MAX:
        return too_long(MEMORY_ID_MAX, "memory_id")
    if not _MEMORY_ID.match(value):
        return "is not a memory id (letters, digits, '_' or '-', like mem_1a2b3c4d5e6f)"
    return None


BLANK_QUERY = "must not be empty; give the words to look for, such as 'dentist appointment'"


def query_problem(value: str) -> str | None:
    """Why `value` cannot be a query (None when it can), in the words every route refuses it with:
    empty or blank, or only control or invisible characters (a NUL, U+200B, a BOM), which was
    answered with the best hits of nothing. A lone surrogate is left to the text's own refusal."""
    if text.first_surrogate(value):
        return None
    if not value.strip():
        return BLANK_QUERY
    if not text.visible(text.clean_text(value)).strip():
        return BLANK_QUERY.replace("empty", "empty (it holds only control or invisible characters)", 1)
    return None


# Characters of a person's name, one limit wherever one is taken: --me (whose schema said 4,096), a chat
# JSONL line's speaker, a Telegram or Messenger sender (cut at WhatsApp's 80 before: a 100-character
# name given to --me matched none of its messages), as an entity's name.
ME_MAX = ENTITY_NAME_MAX


def me_name(value: str) -> str:
    """An import's `me`, checked: the name a chat shows the person's own messages under, its
    control and invisible characters removed and its spacing collapsed; InvalidInput naming the
    fix for an empty or overlong one (the same words on every route)."""
    if text.first_surrogate(value):
        raise InvalidInput("me: holds a lone surrogate, which is no character; give your name as the chat shows it")
    name = " ".join(text.visible(text.clean_text(value)).split())
    if not name:
        raise InvalidInput("me: is empty; give your name as the chat shows your messages, e.g. --me 'Jan Kowalski'")
    if len(name) > ME_MAX:
        raise InvalidInput(f"me: {too_long(ME_MAX, 'me')}")
    return name


def valid_space_name(name: str) -> str:
    """The space's name, folded (`tokens.fold`: "ｗｏｒｋ" is the space "work" on every route), or InvalidInput."""
    sent, name = name, fold(name)
    # A bidi override or a zero-width character is never part of a name typed on purpose: "wo\u202erk" was
    # added as the space "work" without a word (fullwidth "ｗｏｒｋ" folds to "work": an input method's).
    if not _SPACE_NAME.match(name) or text.INVISIBLE.search(sent):
        # As sent, and as read when folding changed it: a name of invisible characters only read as ''.
        shown = f"{sent!r}" if sent == name else f"{sent!r} (read as {name!r})"
        raise InvalidInput(
            f"bad space name {shown}: use 1-64 ASCII letters (a-z, A-Z), digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return name


# A date and the names of a space and of a memory are not texts: the text policy leaves them as sent,
# for their own check to read or refuse. A NUL, BEL or BOM removed with a warning here ("2024-03-01\x00"
# stored 2024-03-01, "wo\x00rk" stored into work, "mem_...\x07" replaced mem_...) was refused by every
# other field and op taking one (supersede's valid_from, recall's as_of and space, recent's since,
# supersede's and show's memory id), and by MCP's check of capture's valid_from.
_NOT_TEXT = frozenset({"valid_from", "space", "supersedes"})


def plain(value: str) -> bool:
    """Whether `text.clean` returns `value` as it is, without a note, told without building its
    `Cleaned` (~0.7 us; an import cleans ~6 values a message): ASCII without a control character.
    A tab or line break (kept by `clean`) is left to it: this only tells, memory/text.py decides."""
    return value.isascii() and not text.CONTROL.search(value)


def _kept(key: object, value: object) -> bool:
    """Whether the text policy leaves `value` as it is: `_as_sent`, a `plain` text or an empty list (told
    at once: most of a capture's values, a chat turn's entities among them, each a call into clean_tree before)."""
    return (type(value) is str and plain(value)) or value == [] or _as_sent(key, value)


def _as_sent(key: object, value: object) -> bool:
    """Whether the text policy leaves `value` alone (a lone surrogate still gets its one wording)."""
    return key in _NOT_TEXT and isinstance(value, str) and not text.first_surrogate(value)


def _names_made_one_line(names: object) -> list[str]:
    """What the capture acknowledges of an entity name stored other than sent: a line break, tab or
    run of spaces inside it made one space ("Acme\nCorp" is stored "Acme Corp"; the ends are trimmed
    as every field's are)."""
    if not isinstance(names, list):
        return []
    changed = [n for n in names if isinstance(n, str) and n.strip() and " ".join(n.split()) != n.strip()]
    made = "the line break, tab or run of spaces inside the name sent made one space (a name is one line)"
    return [f"entities: {' '.join(n.split())!r} is stored with {made}" for n in changed]


class CapturePayload(BaseModel):
    """One capture, as a person or agent writes it (CLI flags, a JSONL line, an MCP call)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    # The descriptions are what an agent reads in the MCP tool's schema (quire.ops generates it).
    content: str = Field(
        min_length=1, max_length=CONTENT_MAX, description="The memory: one self-contained statement (5+ words)."
    )
    type: MemoryType = Field(default="note", description="Memory type; identity and preference are Protected.")
    fields: dict[str, FieldValue] = Field(
        default_factory=dict,
        description="Structured fields for the type, e.g. preference: {preference, applies_when}; "
        "decision: {decision, context}; fact/lesson/gotcha/identity: {claim}.",
    )
    space: str | None = Field(default=None, description="Space to store into (default: the default space).")
    entities: list[str] = Field(
        default_factory=list, max_length=ENTITIES_MAX, description="Names this memory is about."
    )
    supersedes: str | None = Field(default=None, description="Id of the memory this one corrects or replaces.")
    valid_from: When | None = Field(default=None, description="When it became true (YYYY-MM-DD); default now.")
    title: str | None = Field(default=None, max_length=200, description="A title (default: its first words).")
    cue: str | None = Field(default=None, max_length=500, description="A retrieval cue (default: from the type).")
    source: str = Field(default="", max_length=1000, description="Where it came from (conversation, URL, file).")
    confidence: float | None = Field(
        default=None, ge=0.0, le=1.0, allow_inf_nan=False, description="0..1; capped by the type's tier."
    )
    # What the text policy changed (removed controls...), reported as capture warnings.
    _text_notes: tuple[str, ...] = PrivateAttr(default=())
    # The space's name as sent ("ｗｏｒｋ", "Work"), for the capture to say which space it is filed in.
    _space_sent: str | None = PrivateAttr(default=None)

    @model_validator(mode="wrap")
    @classmethod
    def _text_policy(cls, data: Any, handler: ModelWrapValidatorHandler[CapturePayload]) -> CapturePayload:
        """Every string goes through the one text policy (memory/text.py) before validation."""
        notes: list[str] = []
        if isinstance(data, dict):
            data = {k: v if _kept(k, v) else text.clean_tree(v, notes, what=str(k)) for k, v in data.items()}
            dropped = clock.to_the_second(data.get("valid_from"))
            notes += [f"valid_from: {dropped}"] if dropped else []
            notes += _names_made_one_line(data.get("entities"))
        model = handler(data)
        sent = data.get("space") if isinstance(data, dict) else None
        # Into pydantic's private dict at once (its __setattr__ does the same, ~0.3 us a value, twice a chat turn).
        private = model.__pydantic_private__
        if private is None:
            model._text_notes = tuple(dict.fromkeys(notes))
            model._space_sent = sent.strip() if isinstance(sent, str) else None
        else:
            private["_text_notes"] = tuple(dict.fromkeys(notes)) if notes else ()
            private["_space_sent"] = sent.strip() if isinstance(sent, str) else None
        return model

    @field_validator("fields")
    @classmethod
    def _known_fields(cls, value: dict[str, FieldValue], info: ValidationInfo) -> dict[str, FieldValue]:
        memory_type = info.data.get("type", "note")
        required, optional = SCHEMAS.get(memory_type, ((), ()))
        allowed = set(required) | set(optional)
        # A field's name is the schema's, folded ("ｄｅｃｉｓｉｏｎ" is "decision"); its value is kept as sent.
        folded = {fold(k): v for k, v in value.items()}
        if len(folded) < len(value):
            raise ValueError("two field names are the same name once folded (fullwidth or plain); keep one")
        value = folded
        unknown = sorted(set(value) - allowed)
        if unknown:
            hint = ", ".join(sorted(allowed)) or "none"
            raise ValueError(f"unknown field(s) {', '.join(unknown)} for type {memory_type}; allowed: {hint}")
        # A field's text is part of the memory (embedded, read, shown): no longer than its content may be.
        # Unbounded, a 4,000,000-character claim was stored after 17 s and 1.4 GB (session 48).
        for key, said in value.items():
            if isinstance(said, str) and len(said) > CONTENT_MAX:
                raise ValueError(f"field {key} {too_long(CONTENT_MAX)}")
        return value

    @field_validator("entities")
    @classmethod
    def _clean_entities(cls, value: list[str]) -> list[str]:
        # A name is one line: a paste's line break or tab inside it broke `quire entities`, the
        # rebuild's lines and the page's title and aliases ("Acme\nCorp" is "Acme Corp").
        if any(not v or not v.strip() for v in value):  # "--entity $NAME" with NAME unset: said, not dropped
            raise ValueError("an entity name is empty; give the name, or leave the entity out")
        cleaned = [" ".join(v.split()) for v in value]
        for name in cleaned:
            if len(name) > ENTITY_NAME_MAX:
                raise ValueError(f"an entity name {too_long(ENTITY_NAME_MAX)}")
        return cleaned

    @field_validator("title", "cue")
    @classmethod
    def _one_line_title(cls, value: str | None, info: ValidationInfo) -> str | None:
        # As an entity name: one line (the default title is the text's first line). Given but blank
        # (a template's empty slot, "\x07" the text policy emptied) was a title derived without a
        # word; refused as a blank entity or supersedes is, on every route that takes it.
        if value is not None and not value.strip():
            what = "the text's first words" if info.field_name == "title" else "made from its type and fields"
            raise ValueError(f"is empty; give a {info.field_name}, or leave it out (it is then {what})")
        return " ".join(value.split()) if value is not None and info.field_name == "title" else value

    @field_validator("supersedes")
    @classmethod
    def _supersedes_id(cls, value: str | None) -> str | None:
        # An empty one ("--supersedes $ID" with ID unset) was read as none: a second, unlinked memory.
        # One past MEMORY_ID_MAX is refused by its length, as memory_id and subject_id are: it was looked
        # up and echoed whole in a "no such memory" (exit 1). Any other id no memory has is refused as
        # NotFound by capture, naming it (as supersede, show and forget name one).
        if value is not None and not value:
            raise ValueError("is empty; give the id of the memory this one replaces, or leave it out")
        if value is not None and len(value) > MEMORY_ID_MAX:
            raise ValueError(too_long(MEMORY_ID_MAX, "supersedes"))
        return value

    @field_validator("space")
    @classmethod
    def _space_name(cls, value: str | None) -> str | None:
        return value if value is None else valid_space_name(value)

    @property
    def text_notes(self) -> tuple[str, ...]:
        """What the text policy changed (`_text_notes`), read from pydantic's private dict: the
        attribute itself goes through BaseModel.__getattr__ (2.5 us a read, once a chat turn)."""
        private = self.__pydantic_private__
        notes: tuple[str, ...] = private["_text_notes"] if private else ()
        return notes

    def other_texts(self) -> list[tuple[str, str]]:
        """Every text of the capture but its content, as (field, value): what the credential gate
        checks besides the content (memory/gate.py `check`)."""
        out = [(name, getattr(self, name) or "") for name in ("source", "title", "cue", "space", "supersedes")]
        out += [("entity", name) for name in self.entities]
        for key, value in self.fields.items():
            out += [(f"field {key}", key), (f"field {key}", value if isinstance(value, str) else "")]
        return [(name, value) for name, value in out if value]


# The payload's field names, read once: the class's `model_fields` is a property (1 us a read, once a
# key set to None: a chat turn has two).
_PAYLOAD_FIELDS = frozenset(CapturePayload.model_fields)


def parse_payload(data: dict[str, Any]) -> CapturePayload:
    """Validate a capture payload; raise InvalidInput with a compact one-line message. A key set to
    null is a key not given, as on every op route (quire.ops.registry.parse): a JSONL line's
    `"type": null` was refused where the library, the CLI, MCP and the service store a note."""
    data = {k: v for k, v in data.items() if v is not None or k not in _PAYLOAD_FIELDS}
    try:
        return CapturePayload.model_validate(data)
    except ValidationError as exc:
        raise refused_capture(list(exc.errors())) from None


_PLAIN = {
    "missing": "is required",
    "string_type": "must be text",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "dict_type": "must be an object of key: value pairs",
    "list_type": "must be a list",
    "model_type": "must be an object of key: value pairs",
    "scalar_type": "must be text, a number, or true or false",
}


def plain_message(err: Mapping[str, Any]) -> str:
    """One validation error in plain words (pydantic's wording and documentation links removed)."""
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind == "string_unicode":  # a JSON "\\ud800" escape (HTTP, MCP) or a str with half a UTF-16 pair
        return text.unpaired(err.get("input"))
    if kind == "too_short" and isinstance(err.get("input"), str):  # a text's min_length on an optional field
        kind = "string_too_short"
    if kind == "string_too_short":
        return (
            "must not be empty" if ctx.get("min_length") == 1 else f"needs at least {ctx.get('min_length')} characters"
        )
    if kind == "string_too_long":
        return too_long(int(ctx.get("max_length") or 0), _field_of(err))
    if kind == "too_short":
        least = ctx.get("min_length")
        return "must not be empty; give at least one" if least == 1 else f"needs at least {least} items"
    if kind == "too_long":
        return f"has more than {ctx.get('max_length')} items; give at most {ctx.get('max_length')}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be at least {ctx.get('ge', ctx.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be at most {ctx.get('le', ctx.get('lt'))}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}".replace("'", "")
    if kind in ("value_error", "assertion_error"):  # quire's own validators: their words
        return str(err.get("msg", "is not valid")).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return "is not valid"  # any other pydantic wording ("Input should be ...") is not quire's


def _field_of(err: Mapping[str, Any]) -> object:
    """The field an error is about: the last name in its place (`fields.claim` is claim's)."""
    names = [p for p in err.get("loc") or () if isinstance(p, str)]
    return names[-1] if names else None


_UNION_MEMBER = re.compile(r"^(constrained-)?(str|bool|int|float)$")


def one_per_value(errors: list[Any]) -> list[dict[str, Any]]:
    """pydantic's errors with one per value: a value that fits no member of a union (a field's
    str | bool | int | float) is reported once per member ("fields.claim.constrained-str: must be
    text; fields.claim.bool: must be true or false; ..."); here once, as what it must be."""
    out: list[dict[str, Any]] = []
    unions: dict[tuple[Any, ...], dict[str, Any]] = {}
    for err in errors:
        loc = tuple(err["loc"])
        if len(loc) > 1 and isinstance(loc[-1], str) and _UNION_MEMBER.match(loc[-1]):
            if loc[:-1] not in unions:
                unions[loc[:-1]] = {**err, "loc": loc[:-1], "type": "scalar_type"}
                out.append(unions[loc[:-1]])
            if err["type"] == "finite_number":  # a float it was: say what is wrong with it
                unions[loc[:-1]]["type"] = "finite_number"
            continue
        out.append(err)
    return out


MAX_CLAUSES = 5  # one refusal names this many bad values, then counts the rest


def near_key(key: Any, allowed: Iterable[str]) -> str | None:
    """The allowed key `key` was meant as: the same letters in another width, case or with spaces
    (`ｃｏｎｔｅｎｔ`, `Content`, ` content `), or a near spelling (`contnet`); None when none is close."""
    keys = list(allowed)
    folded = "".join(fold(str(key)).casefold().split()).replace("-", "_")
    if folded in keys:
        return folded
    close = difflib.get_close_matches(folded, keys, n=1, cutoff=0.8)
    return close[0] if close else None


def _what_to_give(err: Mapping[str, Any], allowed: Iterable[str]) -> str:
    """For an empty text ("must not be empty"), what to give instead (`what_to_give`)."""
    short = err["type"] == "string_too_short" or (err["type"] == "too_short" and isinstance(err.get("input"), str))
    if not short or (err.get("ctx") or {}).get("min_length") != 1 or len(err["loc"]) != 1:
        return ""
    return what_to_give(allowed.get(err["loc"][0]) if isinstance(allowed, Mapping) else None)


_NUMBER_ERRORS = frozenset(
    {"greater_than_equal", "greater_than", "less_than_equal", "less_than", "int_parsing", "int_type", "int_from_float"}
    | {"float_parsing", "float_type", "finite_number"}
)


def _range_to_give(err: Mapping[str, Any], allowed: Iterable[str]) -> str:
    """For a number out of its field's bounds, or no number, "; give a whole number from 1 to 36500":
    the whole range and what to type, where "days: must be at least 1" named one end only."""
    if err["type"] not in _NUMBER_ERRORS or len(err["loc"]) != 1 or not isinstance(allowed, Mapping):
        return ""
    info = allowed.get(err["loc"][0])
    low = high = None
    for bound in getattr(info, "metadata", None) or ():
        low = getattr(bound, "ge", getattr(bound, "gt", low))
        high = getattr(bound, "le", getattr(bound, "lt", high))
    if low is None and high is None:
        return ""
    whole = isinstance(low if low is not None else high, int) and not isinstance(low, bool)
    kind = "a whole number" if whole else "a number"
    if high is None or high >= 2**31:  # a row id's bound (2**63 - 1) is no range a person types within
        return f"; give {kind} of {low} or more"
    if low is None:
        return f"; give {kind} of {high} or less"
    return f"; give {kind} from {low} to {high}"


def what_to_give(info: Any) -> str:
    """ "; give ..." from a field's own description ("The page's slug, title or file name ..."), the
    words an agent reads in the schema; "" for a description that does not name a thing."""
    said = getattr(info, "description", None) or ""
    if not said.startswith(("The ", "A ", "An ")):
        return ""
    optional = callable(getattr(info, "is_required", None)) and not info.is_required()
    return f"; give {said[0].lower()}{said[1:].rstrip('.')}" + (", or leave it out" if optional else "")


def key_clauses(
    errors: list[dict[str, Any]], allowed: Iterable[str], unknown: str
) -> list[tuple[dict[str, Any], str, str]]:
    """(error, where, what) for each error: an unknown key named as written (quoted when it has spaces or
    letters beyond ASCII) with the key it was probably meant as, else `unknown` (the allowed keys,
    listed once: a chat line given as a capture had repeated the list for each of its five keys);
    a required key such a near miss was meant as is not also reported missing (one cause, one clause)."""
    keys = list(allowed)
    listed = False
    meant = {
        near_key(err["loc"][-1], keys): err["loc"][:-1]
        for err in errors
        if err["type"] == "extra_forbidden" and err["loc"]
    }
    out = []
    for err in errors:
        where = ".".join(str(p) for p in err["loc"])
        if err["type"] == "missing" and err["loc"] and meant.get(str(err["loc"][-1])) == err["loc"][:-1]:
            continue
        if err["type"] != "extra_forbidden" or not err["loc"]:
            out.append((err, where, plain_message(err) + _what_to_give(err, allowed) + _range_to_give(err, allowed)))
            continue
        key = str(err["loc"][-1])
        shown = key if key.isascii() and key.strip() == key and " " not in key else json.dumps(key, ensure_ascii=False)
        where = ".".join([*(str(p) for p in err["loc"][:-1]), shown])
        near = near_key(key, keys)
        what = f"unknown key; did you mean {near}? (a key is written exactly so: lowercase, no spaces)"
        if not near:
            what, listed = (unknown.split(";")[0] if listed else unknown), True
        out.append((err, where, what))
    return out


def clauses(parts: list[str]) -> str:
    """Validation clauses joined on one line: a list of 10,000 bad items is not 10,000 clauses."""
    shown = "; ".join(parts[:MAX_CLAUSES])
    return shown + (f"; and {len(parts) - MAX_CLAUSES} more" if len(parts) > MAX_CLAUSES else "")


# A clause of a refusal: the field's location as pydantic gives it (("types", 1), ("fields", "claim")),
# how the library names it ("types.1"; None: the words name no field), and what is wrong and what to give.
Clause = tuple[tuple[Any, ...], str | None, str]
# How a skin names a field: (location, the library's name) -> the name it says (None: none).
Naming = Callable[[tuple[Any, ...], str | None], str | None]


class FieldsRefused(InvalidInput):
    """A request refused for the values of named fields. Each clause keeps its field's location, so
    each skin names it its own way (`said`): the library, the service and MCP the parameter sent
    ("types.1"), the CLI the flag typed ("--type"); its text is the library's."""

    def __init__(self, head: str, refused: Iterable[Clause], empty: str = "params") -> None:
        self.head, self.clauses, self.empty = head, tuple(refused), empty
        super().__init__(self.said(lambda loc, where: where))

    def said(self, name: Naming) -> str:
        """The refusal with each field named by `name`."""
        parts = []
        for loc, where, what in self.clauses:
            named = name(loc, where)
            parts.append(what if named is None and where is None else f"{named or self.empty}: {what}")
        return f"{self.head}: {clauses(parts)}" if self.head else clauses(parts)


def refused_capture(errors: list[Any]) -> FieldsRefused:
    """A capture's validation errors as its refusal, each clause with its field's location."""
    refused: list[Clause] = []
    unknown = "unknown key; allowed keys: " + ", ".join(CapturePayload.model_fields)
    for err, where, msg in key_clauses(one_per_value(errors), CapturePayload.model_fields, unknown):
        if err["type"] == "literal_error" and where == "type":
            msg = f"unknown type; use one of {', '.join(TYPES)}"
        refused.append((tuple(err["loc"]), where or "payload", msg))
    return FieldsRefused("invalid capture", refused, empty="payload")


def missing_fields(memory_type: str, fields: dict[str, FieldValue]) -> list[str]:
    required, _ = SCHEMAS.get(memory_type, ((), ()))
    return [f for f in required if f not in fields or fields[f] in ("", None)]


def retrieval_cue(memory_type: str, fields: dict[str, FieldValue], content: str) -> str:
    """Fill the type's cue template from the fields, falling back to a short content lead."""
    template = CUES.get(memory_type, "")
    if not template:
        return ""
    key = template[template.index("{") + 1 : template.index("}")]
    subject = fields.get(key)
    if subject in (None, ""):
        subject = _lead(content)
    return template.replace("{" + key + "}", str(subject))


def _lead(content: str, words: int = 8) -> str:
    tokens = content.split()
    lead = " ".join(tokens[:words]).rstrip(".,;:!?")
    return lead + ("…" if len(tokens) > words else "")


def title_for(content: str) -> str:
    first = content.strip().splitlines()[0] if content.strip() else ""
    return first if len(first) <= 80 else first[:77].rstrip() + "…"


@dataclass(frozen=True)
class Memory:
    """A stored memory as read back from the database."""

    id: str
    content: str
    memory_type: str
    space: str | None
    status: str
    confidence: float
    effective_confidence: float
    stability: str
    pinned: bool
    valid_from: str
    valid_to: str | None
    created_at: str
    title: str = ""
    retrieval_cue: str = ""
    fields: dict[str, Any] = field(default_factory=dict[str, Any])
    entities: tuple[str, ...] = ()
    supersedes: str | None = None
    superseded_by: str | None = None
    supersede_mode: str = "hide"
    source: str = ""
    source_agent: str = "cli"
    access_count: int = 0
    last_accessed: str | None = None
    embedded: bool = False
    near_duplicate_of: str | None = None
