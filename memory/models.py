"""What a person or agent may write (pydantic, strict) and what quire hands back (frozen)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memory.errors import InvalidInput

MemoryType = Literal["identity", "preference", "decision", "fact", "lesson", "gotcha", "note"]
TYPES: tuple[str, ...] = ("identity", "preference", "decision", "fact", "lesson", "gotcha", "note")

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

FieldValue = str | bool | int | float
_SPACE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def valid_space_name(name: str) -> str:
    if not _SPACE_NAME.match(name):
        raise InvalidInput(
            f"bad space name {name!r}: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit"
        )
    return name


class CapturePayload(BaseModel):
    """One capture, as a person or agent writes it (CLI flags, a JSONL line, an MCP call)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    # The descriptions are what an agent reads in the MCP tool's schema (wiki.ops generates it).
    content: str = Field(
        min_length=1, max_length=20_000, description="The memory: one self-contained statement (5+ words)."
    )
    type: MemoryType = Field(default="note", description="Memory type; identity and preference are Protected.")
    fields: dict[str, FieldValue] = Field(
        default_factory=dict,
        description="Structured fields for the type, e.g. preference: {preference, applies_when}; "
        "decision: {decision, context}; fact/lesson/gotcha/identity: {claim}.",
    )
    space: str | None = Field(default=None, description="Space to store into (default: the default space).")
    entities: list[str] = Field(default_factory=list, max_length=32, description="Names this memory is about.")
    supersedes: str | None = Field(default=None, description="Id of the memory this one corrects or replaces.")
    valid_from: str | None = Field(default=None, description="When it became true (YYYY-MM-DD); default now.")
    title: str | None = Field(default=None, max_length=200, description="A title (default: its first words).")
    cue: str | None = Field(default=None, max_length=500, description="A retrieval cue (default: from the type).")
    source: str = Field(default="", max_length=1000, description="Where it came from (conversation, URL, file).")
    confidence: float | None = Field(default=None, ge=0.0, le=1.0, description="0..1; capped by the type's tier.")

    @field_validator("fields")
    @classmethod
    def _known_fields(cls, value: dict[str, FieldValue], info) -> dict[str, FieldValue]:
        memory_type = info.data.get("type", "note")
        required, optional = SCHEMAS.get(memory_type, ((), ()))
        allowed = set(required) | set(optional)
        unknown = sorted(set(value) - allowed)
        if unknown:
            hint = ", ".join(sorted(allowed)) or "none"
            raise ValueError(f"unknown field(s) {', '.join(unknown)} for type {memory_type}; allowed: {hint}")
        return value

    @field_validator("entities")
    @classmethod
    def _clean_entities(cls, value: list[str]) -> list[str]:
        cleaned = [v.strip() for v in value if v and v.strip()]
        for name in cleaned:
            if len(name) > 120:
                raise ValueError("an entity name is longer than 120 characters")
        return cleaned

    @field_validator("space")
    @classmethod
    def _space_name(cls, value: str | None) -> str | None:
        return value if value is None else valid_space_name(value)


def parse_payload(data: dict) -> CapturePayload:
    """Validate a capture payload; raise InvalidInput with a compact one-line message."""
    try:
        return CapturePayload.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput(render_validation(exc)) from None


def render_validation(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "payload"
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "literal_error" and where == "type":
            msg = f"unknown type; use one of {', '.join(TYPES)}"
        elif err["type"] == "extra_forbidden":
            msg = "unknown key; allowed keys: " + ", ".join(CapturePayload.model_fields)
        parts.append(f"{where}: {msg}")
    return "invalid capture: " + "; ".join(parts)


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
    fields: dict = field(default_factory=dict)
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
