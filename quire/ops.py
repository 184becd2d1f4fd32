"""Every operation an outside caller may run, defined once: `op(session, request) -> response model`.

The library API (`quire.open`), the CLI, the warm service (`quire serve`) and MCP are four skins over
this registry (`OPS`): each operation has a pydantic request model (extra="forbid": parameters come
from a person's flags or an agent's tool call), a pydantic response model that the operation returns
(every key declared; `run_model` gives the model to the library, `run` its dict, exactly what the CLI
prints with --json), an effect (read / write / destructive) and a one-line title. The MCP
tools, their JSON schemas, bounds, enums and effect annotations are generated from it; the service
dispatches it; the CLI parses flags into a request, calls `quire.client.call` and renders.
The actor recorded in the audit log is `session.actor`.

Module level stays light (pydantic, no numpy, torch or networkx): every CLI command imports this
module, so the ops whose work pulls numpy or networkx (recall, rebuild, lint, maps) import it in
their body; `--help` and `capture --defer-embed` stay fast that way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError

from memory import audit, clock, conversations, outbox, review, spaces, store, tombstones
from memory import decay as decay_mod
from memory.errors import InvalidInput, NotFound, QuireError, Unreachable
from memory.history import chain
from memory.models import CapturePayload, MemoryType, parse_payload, plain_message, render_validation
from memory.outbox import Queued
from wiki import forget as forgetting
from wiki import nightly, pages, resolve

if TYPE_CHECKING:
    from memory.session import Session

Effect = Literal["read", "write", "destructive"]
Progress = Callable[..., None]


class Request(BaseModel):
    """An operation's parameters, as a person or agent writes them."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Response(BaseModel):
    """An operation's result; every key is declared, so a renamed or new key is a visible change.

    Read it by attribute (`result.id`) or, like the dict `--json` prints, by key (`result["id"]`;
    a key the operation left out, as the JSON leaves it out, is a KeyError)."""

    model_config = ConfigDict(extra="forbid")
    # A read answered from this device's replica of a libSQL server that could not be synced
    # when it last was and how old it is (the CLI prints one stderr line too).
    replica: dict[str, Any] | None = None

    def __getitem__(self, key: str) -> Any:
        if key not in self.model_fields_set:
            raise KeyError(key)
        return getattr(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.model_fields_set


Rows = list[dict[str, Any]]
R = TypeVar("R", bound=BaseModel)
MAX_ID = 2**63 - 1  # SQLite's largest integer: a row id past it cannot exist (and would overflow the driver)


@dataclass(frozen=True)
class Op:
    """One operation: what it takes, returns and does, and the function that does it."""

    name: str
    title: str
    effect: Effect
    request: type[BaseModel]
    response: type[BaseModel]
    fn: Callable[..., BaseModel]  # returns an instance of `response`
    mcp: bool = False  # offered to agents as an MCP tool
    exclusive: bool = False  # runs alone in the service although it only reads (bookkeeping writes)
    long: bool = False  # may run for minutes (import, rebuild, reembed): the client waits longer
    progress: bool = False  # takes a progress callback on the in-process path
    own_outbox: bool = False  # sends the outbox itself: the in-process Session must not send it on open

    @property
    def writes(self) -> bool:
        return self.effect != "read"

    @property
    def description(self) -> str:
        return " ".join((self.fn.__doc__ or "").split())

    def __call__(self, session: Session, params: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
        return run(session, self.name, params, **kw)

    def model(self, session: Session, params: dict[str, Any] | None = None, **kw: Any) -> BaseModel:
        return run_model(session, self.name, params, **kw)


OPS: dict[str, Op] = {}


def op(
    name: str,
    title: str,
    effect: Effect,
    request: type[BaseModel],
    response: type[BaseModel],
    **flags: bool,
) -> Callable[[Callable[..., BaseModel]], Op]:
    """Register `fn(session, request) -> response` as operation `name`."""

    def register(fn: Callable[..., BaseModel]) -> Op:
        if name in OPS:
            raise ValueError(f"operation {name} is defined twice")
        OPS[name] = spec = Op(name, title, effect, request, response, fn, **flags)
        return spec

    return register


def parse(model: type[BaseModel], name: str, params: Any) -> Any:
    """Validate `params` into `model`; InvalidInput naming fields, never echoing values."""
    if params is not None and not isinstance(params, dict):
        raise InvalidInput(f"{name}: parameters must be a JSON object")
    # None means "not given" on every skin (an unset flag, an omitted MCP argument).
    data = {k: v for k, v in (params or {}).items() if v is not None}
    try:
        # Strict on every route: JSON from HTTP and MCP gets no coercion the CLI would refuse
        # (`k: true`, `k: "5"`, `explain: "yes"`); click has already typed the CLI's flags.
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        if model is CaptureRequest:  # the capture payload keeps its own messages ("invalid capture: ...")
            raise InvalidInput(render_validation(exc)) from None
        raise InvalidInput(_describe(model, name, exc)) from None


def _describe(model: type[BaseModel], name: str, exc: ValidationError) -> str:
    # Field names and messages only: the rejected values are the caller's data (maybe a secret).
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "params"
        msg = plain_message(err)
        if err["type"] == "extra_forbidden":
            msg = "unknown parameter; allowed: " + ", ".join(model.model_fields)
        parts.append(f"{where}: {msg}")
    return f"invalid {name} parameters: " + "; ".join(parts)


def run_model(
    session: Session, name: str, params: dict[str, Any] | None, *, progress: Progress | None = None
) -> BaseModel:
    """Run one named operation: validate the request, do it, return its response model."""
    spec = OPS.get(name)
    if spec is None:
        raise InvalidInput(f"unknown operation {name!r}; known: {', '.join(OPS)}")
    request = parse(spec.request, name, params)
    if session.remote and name in QUEUES_OFFLINE:
        return _write_or_queue(session, spec, request, progress)
    with session.route(spec.effect):
        result = checked(spec, _call(spec, session, request, progress))
        if spec.effect == "read":
            result = _as_seen_here(session, spec, result)
    return result


def run(
    session: Session, name: str, params: dict[str, Any] | None, *, progress: Progress | None = None
) -> dict[str, Any]:
    """Run one named operation and give its response as the dict every skin renders (--json)."""
    return dump(run_model(session, name, params, progress=progress))


def checked(spec: Op, result: Any) -> BaseModel:
    """`result` as an instance of the operation's response model; anything else is a bug in quire."""
    if isinstance(result, spec.response):
        return result
    try:  # a dict (a test double, an op written before ops returned models) is held to the same model
        data = result.model_dump(exclude_unset=True) if isinstance(result, BaseModel) else result
        return spec.response.model_validate(data)
    except ValidationError as exc:
        raise QuireError(
            f"{spec.name} returned a result outside its response model {spec.response.__name__} ({_misfit(exc)}); "
            "a bug in quire: declare the key in quire/ops.py"
        ) from None


def dump(response: BaseModel) -> dict[str, Any]:
    """The response as the skins render it: the keys the operation set, in declaration order (an
    optional key the operation left out stays out of the JSON, as it always has)."""
    return response.model_dump(exclude_unset=True)


def respond(model: type[R], data: dict[str, Any]) -> R:
    """A library result (a dict of the declared keys) as response `model`; a key the model does not
    declare is a bug in quire, raised as QuireError rather than returned to the caller."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise QuireError(
            f"{model.__name__} does not fit the result ({_misfit(exc)}); "
            "a bug in quire: declare the key in quire/ops.py"
        ) from None


def _misfit(exc: ValidationError) -> str:
    """Where a result left its model, by key (never the values: they are the person's memories)."""
    kinds = {"extra_forbidden": "undeclared key", "missing": "missing key"}
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")  # a new key is the usual case
    found = [f"{kinds.get(e['type'], e['type'])} {'.'.join(str(p) for p in e['loc'])}" for e in errors]
    return ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")


def _call(spec: Op, session: Session, request: Any, progress: Progress | None) -> Any:
    return spec.fn(session, request, progress=progress) if spec.progress else spec.fn(session, request)


# -- several devices: writes that queue offline, reads from the replica ----------------

# The writes a person makes that wait in the outbox while the libSQL server is unreachable (capture
# has its own path in Session.capture). Each runs on the server inside one transaction with its
# idempotency key (import: content-idempotent, the key after it), online too, so a send whose answer
# was lost is never applied twice.
QUEUES_OFFLINE = frozenset(
    {"import", "forget", "curate_accept", "curate_dismiss", "pin", "unpin", "confirm", "supersede"}
)


def _write_or_queue(session: Session, spec: Op, request: Any, progress: Progress | None) -> BaseModel:
    params = request.model_dump(mode="json")
    if spec.name == "import":
        from pathlib import Path

        params["path"] = str(Path(params["path"]).expanduser().absolute())  # sync may run elsewhere
    key = outbox.new_key()
    made: list[BaseModel] = []

    def write() -> dict[str, Any]:
        made.append(checked(spec, _call(spec, session, request, progress)))
        return dump(made[-1])  # what applied_writes records for the key

    try:
        with session.route("write"):
            result, _ = session.apply_write(key, spec.name, write, atomic=spec.name != "import")
    except Unreachable:
        # Committed or not is unknown when the link died mid-write: the key makes the later send a
        # no-op if it was.
        return QueuedResponse.model_validate(session.queue_write(key, spec.name, params))
    return made[-1] if made else checked(spec, result)


def _apply_queued(session: Session, kind: str, params: dict[str, Any]) -> dict[str, Any]:
    """Run a queued write on the server (memory.outbox.APPLIERS): the same function, the same checks."""
    spec = OPS[kind]
    request = parse(spec.request, kind, params)
    with session.route("write"):
        return dump(checked(spec, _call(spec, session, request, None)))


def _as_seen_here(session: Session, spec: Op, response: BaseModel) -> BaseModel:
    """A read as this device sees it: memories a queued forget names are left out (they are erased
    on the server at the next sync), and an answer from a replica that could not be synced says so."""
    hidden = session.forgotten_here()
    note = session.replica_note()
    if not hidden and note is None:
        return response
    result = dump(response)
    if hidden and result.get("id") in hidden:
        raise NotFound(f"{result['id']} is forgotten on this device; the server erases it at the next `quire sync`")
    if hidden:
        result = _without(result, hidden)
    if note is not None:
        result = {**result, "replica": note}
    return checked(spec, result)


def _without(value: Any, hidden: set[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, hidden) for k, v in value.items()}
    if isinstance(value, list):
        return [
            _without(v, hidden)
            for v in value
            if not (isinstance(v, dict) and (v.get("id") in hidden or v.get("memory_id") in hidden))
        ]
    return value


def request_schema(name: str) -> dict[str, Any]:
    """The JSON schema of an operation's parameters (what MCP publishes and the service lists)."""
    return OPS[name].request.model_json_schema()


def catalog() -> dict[str, dict[str, Any]]:
    """Every operation with its title, effect, description and request schema (GET /v1/ops)."""
    return {
        name: {
            "title": spec.title,
            "effect": spec.effect,
            "mcp": spec.mcp,
            "description": spec.description,
            "params": request_schema(name),
        }
        for name, spec in OPS.items()
    }


# -- requests --------------------------------------------------------------------------------------


class NoParams(Request):
    pass


class CaptureRequest(CapturePayload):
    """The capture payload (memory.models owns it: the same for CLI flags, JSONL lines and MCP) plus
    `defer_embed`."""

    defer_embed: StrictBool = Field(default=False, description="Store now, embed later (no model load; fast).")


class RecallRequest(Request):
    query: str = Field(min_length=1, max_length=2000, description="What to look for; time cues like 'last week' work.")
    space: str | None = Field(default=None, description="Only this space ('uncategorized' = no space).")
    all_spaces: bool = Field(default=False, description="Search every space.")
    types: list[MemoryType] = Field(default_factory=list, description="Only these memory types.")
    k: int = Field(default=10, ge=1, le=1000, description="How many results.")
    as_of: str | None = Field(default=None, description="What was current at this date (YYYY-MM-DD).")
    explain: bool = Field(default=False, description="Include the channels that matched and the priors applied.")
    context: int = Field(
        default=0, ge=0, le=50, description="With each hit from a conversation, the N turns before and after it."
    )
    no_floor: bool = Field(
        default=False,
        description="Return the k best even when nothing comes close to the query (by default an empty list).",
    )
    detail: bool = Field(
        default=False,
        description="Each hit's full record (channels, priors, confidence, access counts, pages); "
        "default: id, content, type, date, space, score (and session and speaker for a chat turn).",
    )
    max_chars: int | None = Field(
        default=None,
        ge=200,
        le=1_000_000,
        description="Fit the answer's JSON in this many characters: the lowest hits are left out, never a word cut.",
    )


class ListRequest(Request):
    all: bool = Field(default=False, description="Include resolved items.")
    ids_only: bool = Field(
        default=False, description="Only the open items' ids, oldest first, without their texts (`ids`; `items` empty)."
    )


class ItemRequest(Request):
    item_id: int = Field(ge=1, le=MAX_ID, description="The review item's id.")


class AcceptRequest(ItemRequest):
    choice: Literal["keep_new", "keep_old", "keep_both"] | None = Field(
        default=None, description="For contradictions: which to keep (default keep_new)."
    )
    text: str | None = Field(
        default=None, max_length=20_000, description="Accept with this text instead of the proposed one."
    )


class MemoryRequest(Request):
    memory_id: str = Field(min_length=1, max_length=100, description="The memory's id (mem_...).")


class ForgetRequest(MemoryRequest):
    reason: str = Field(default="", max_length=1000, description="Why; kept with the tombstone.")


class PageRequest(Request):
    slug: str = Field(
        min_length=1,
        max_length=200,
        description="The page's slug, title or file name (ledger-service, 'Ledger service', ledger-service.md).",
    )


class PageSearchRequest(Request):
    query: str = Field(min_length=1, max_length=2000, description="Words to look for in titles, summaries, bodies.")
    space: str | None = Field(default=None, description="Only pages of this space.")
    k: int = Field(default=10, ge=1, le=200, description="How many pages.")


class ImportRequest(Request):
    path: str = Field(min_length=1, max_length=4096, description="A JSONL file of captures or a folder of notes.")
    space: str | None = Field(default=None, description="Space for units that name none.")
    defer_embed: bool = Field(default=False, description="Store now, embed later with `quire reembed`.")
    format: Literal["auto", "chatgpt", "claude", "chat-jsonl", "jsonl", "markdown"] = Field(
        default="auto", description="What the path holds; auto reads it to tell."
    )
    roles: Literal["user", "all"] = Field(
        default="user",
        description="Chats: keep the person's (and other people's) messages only, or the assistant's too.",
    )
    keep_all: bool = Field(default=False, description="Chats: keep messages the gate calls too short or noise.")


class SpaceAddRequest(Request):
    name: str = Field(min_length=1, max_length=64, description="The space's name.")
    default: bool = Field(default=False, description="Make it the default space for captures.")
    description: str = Field(default="", max_length=1000, description="What belongs in this space.")


class ReembedRequest(Request):
    everything: bool = Field(default=False, description="Re-embed every memory, not only pending or stale ones.")


class TombstoneListRequest(Request):
    all: bool = Field(default=False, description="Include lifted tombstones.")


class TombstoneRequest(Request):
    tombstone_id: int = Field(ge=1, le=MAX_ID, description="The tombstone's id.")


class LogRequest(Request):
    since: str | None = Field(default=None, max_length=64, description="Only entries at or after this date or time.")
    subject_id: str | None = Field(default=None, max_length=200, description="Only entries about this id.")
    limit: int = Field(default=50, ge=1, le=100_000, description="Newest N entries.")


class MapRequest(Request):
    page: str = Field(min_length=1, max_length=200, description="The page's slug.")


class PagesRequest(Request):
    limit: int | None = Field(default=None, ge=1, le=10_000, description="At most N pages (default: every page).")
    offset: int = Field(default=0, ge=0, le=10_000_000, description="Skip the first N (with limit: one screen).")


class EntitiesRequest(Request):
    limit: int = Field(default=200, ge=1, le=10_000, description="Most-named N entities.")


class MapChangeRequest(MapRequest):
    node: str = Field(min_length=1, max_length=200, description="The node's id or reference.")
    base_revision: int | None = Field(
        default=None, ge=0, le=MAX_ID, description="Fail with a conflict unless the map is still at this revision."
    )


# -- responses -------------------------------------------------------------------------------------


class CaptureResponse(Response):
    """memory.capture.outcome_json: id, status, reason and warnings always; the rest per outcome."""

    id: str | None = Field(description="The memory's id (the existing one for a duplicate); None if refused.")
    status: Literal["stored", "duplicate", "rejected", "queued"]
    reason: str | None = Field(description="Why it was refused (credential_leak, too_short, tombstoned, ...).")
    warnings: list[str]
    detail: str | None = None  # rejected: the reason in words
    similar_to: str | None = None  # rejected as a near copy: of which memory
    pending_embed: bool | None = None  # stored: the vector comes later (`defer_embed`, no model)
    near_duplicate_of: str | None = None  # stored, but close to this memory
    queued: str | None = None  # the outbox key when the libSQL server was unreachable


class RecallWindow(Response):
    """The time window read from the query ("last week"): what matched and the dates it spans."""

    cue: str
    start: str
    end: str
    mode: str


class RecallTurn(Response):
    """A stored turn of the conversation around a hit (recall with `context`)."""

    position: int
    speaker: str
    id: str
    content: str


class RecallHit(Response):
    """One recalled memory in full (`detail`: retrieval.recall.Hit.as_json), with why it ranked where it did."""

    id: str
    content: str
    type: str
    space: str | None
    score: float
    date: str
    channels: dict[str, int]  # channel -> rank in it (1 = best)
    multipliers: dict[str, float]  # the priors that moved the score
    status: str
    title: str
    valid_from: str
    valid_to: str | None
    confidence: float
    effective_confidence: float
    stability: str
    pinned: bool
    entities: list[str]
    access_count: int
    last_accessed: str | None
    source: str
    session_id: str | None
    position: int | None
    session_title: str
    awaiting_review: dict[str, Any] | None  # one side of a life change waiting for review: item, side, other
    speaker: str | None = None  # who said it, for a turn of a conversation
    signals: dict[str, float] | None = None  # raw channel scores (explain only)
    context: list[RecallTurn] | None = None  # the turns around a chat hit (context > 0 only)
    truncated: bool | None = None  # max_chars: the first hit alone was too long, its text cut at a space


class CompactTurn(Response):
    speaker: str
    text: str


class CompactHit(Response):
    """One recalled memory as an agent reads it by default (compact_recall)."""

    id: str
    text: str
    type: str
    date: str
    space: str | None
    score: float
    status: str | None = None  # only when it is not plain active (an archived decision is history)
    session: str | None = None  # a turn of a conversation: its title and who said it
    speaker: str | None = None
    context: list[CompactTurn] | None = None
    channels: dict[str, int] | None = None  # explain
    multipliers: dict[str, float] | None = None
    truncated: bool | None = None


class RecallPage(Response):
    """A wiki page (in scope) that cites some of the hits."""

    slug: str
    title: str
    cites: list[str]


class RecallResponse(Response):
    """retrieval.recall.Recalled.as_json with `detail`; else compact_recall, which leaves out the
    empty as_of, window and warnings, terms, entities and pages, and has CompactHit results."""

    query: str
    scope: str
    as_of: str | None = None
    window: RecallWindow | None = None
    terms: list[str] | None = None
    entities: list[str] | None = None
    warnings: list[str] = []
    results: list[CompactHit] | list[RecallHit]
    floor: float | None = None  # the relevance floor for the model (None when none applies)
    best: float | None = None  # the best evidence any candidate had
    nothing_close: bool | None = None  # detail: nothing reached the floor
    pages: list[RecallPage] | None = None
    message: str | None = None  # nothing close: says so in words
    trimmed: int | None = None  # max_chars: how many of the lowest hits were left out


class SyncResponse(Response):
    store: str
    sent: int
    already_applied: int
    refused: int
    failed: Rows
    queued: int
    stopped: str | None
    items: Rows
    writes: Rows = []  # each queued write other than a capture: key, kind, outcome, detail
    bookkeeping: int = 0  # access counts recalls on the replica deferred, sent now


class QueuedResponse(Response):
    """A write kept in the outbox because the libSQL server was unreachable."""

    status: Literal["queued"]
    queued: str  # the outbox key: `quire sync` applies it once
    op: str
    message: str
    errors: list[str]
    warnings: list[str]


class NightlyState(Response):
    """wiki.nightly.state: the last rebuild on this device and the schedule."""

    last_run: str | None
    last_outcome: str | None  # ok | failed
    last_line: str | None
    last_success: str | None
    at: str  # the schedule's local time of day, HH:MM
    scheduler: str | None  # systemd | launchd | cron, once `quire schedule --install` ran
    installed_at: str | None
    due: bool
    next_run: str | None
    log: str


class StatusResponse(Response):
    """memory.session.Session.status, with memory.store.counts."""

    home: str
    database: str
    queued_writes: int  # captures in the outbox, waiting for the libSQL server
    wiki: str
    schema_version: int
    model: str
    embedded_with: dict[str, int]
    needs_embedding: int
    spaces: list[str]
    default_space: str | None
    open_reviews: int
    total: int
    by_status: dict[str, int]
    by_type: dict[str, int]
    by_space: dict[str, int]
    pending_embed: int
    rejected_captures: int
    tombstones: int
    entities: int
    outbox_damaged: str | None = None  # why the outbox failed its open check (only when it did)
    nightly: NightlyState  # the last rebuild on this device (wiki.nightly.state)


class ItemsResponse(Response):
    items: Rows
    ids: list[int] | None = None  # ids_only


class ItemDetailsResponse(Response):
    """memory.review.details: the item (ReviewItem.as_json) and, for a revision or contradiction,
    both memories' type, tier, confidence, dates and sources."""

    id: int
    kind: str
    status: str
    old: str
    new: str
    subject_ids: list[str]
    reason: Any
    old_id: str | None
    new_id: str | None
    choice: str | None
    note: str
    created_at: str
    created_by: str
    resolved_at: str | None
    resolved_by: str | None
    payload: dict[str, Any]
    old_memory: dict[str, Any] | None = None
    new_memory: dict[str, Any] | None = None


class ResolutionResponse(Response):
    item_id: int
    changed: bool
    message: str
    status: str


class ChangeResponse(Response):
    changed: bool
    message: str
    tombstone_id: int | None = None


class TrustResponse(Response):
    memory_id: str
    changed: bool
    message: str
    effective_confidence: float


class PageResponse(Response):
    slug: str
    id: str
    title: str
    space: str | None
    kind: str
    entity: str | None
    owner: str
    status: str
    version: int
    path: str
    summary: str | None
    updated_at: str | None
    sources: Rows
    changelog: Rows
    history: Rows
    open_revisions: list[int]
    body: str


class PageSearchResponse(Response):
    query: str
    terms: list[str]
    results: Rows


class PagesResponse(Response):
    pages: Rows
    total: int


class PageRestoreResponse(Response):
    slug: str
    changed: bool
    message: str


class ImportResponse(Response):
    """memory.importer.ImportReport (JSONL, Markdown); a chat export adds memory.chats.ChatReport's counts."""

    stored: int
    duplicates: int
    rejected: int
    errors: list[str]
    warnings: list[str]
    ids: list[str]
    format: str | None = None  # chats from here on: chatgpt, claude, chat-jsonl
    conversations: int | None = None
    messages: int | None = None
    skipped_roles: int | None = None  # messages of a role not imported
    empty: int | None = None
    dropped: dict[str, int] | None = None  # gate reason -> messages dropped
    kept_anyway: dict[str, int] | None = None  # keep_all: gate reason -> messages kept anyway
    sessions: int | None = None
    near_duplicates: int | None = None
    damaged: int | None = None  # conversations skipped for damage in the file (each named in errors)
    warnings_omitted: int | None = None  # warnings past the kept number: counted, not listed
    changes: list[str] | None = None  # changes in the person's life the chats mention (memory.correction.heard)


class SpacesResponse(Response):
    spaces: Rows


class SpaceAddResponse(Response):
    name: str
    changed: bool
    default: bool


class ReembedResponse(Response):
    embedded: int
    model: str
    warnings: list[str]


class HistoryResponse(Response):
    id: str
    current: str | None
    versions: Rows


class EntitiesResponse(Response):
    total: int
    entities: Rows


class TombstonesResponse(Response):
    tombstones: Rows


class LogResponse(Response):
    entries: Rows


class DecayResponse(Response):
    scanned: int
    updated: int
    at: str


class RebuildDecay(Response):
    """The decay pass of a rebuild: its report, or why it was skipped (it runs every 12 hours)."""

    scanned: int | None = None
    updated: int | None = None
    at: str | None = None
    skipped: str | None = None


class RebuildResponse(Response):
    """wiki.rebuild.Summary."""

    written: int
    unchanged: int
    revisions: int
    skipped: int
    removed: int
    repaired: int
    index: str  # written | unchanged
    hand_edits: list[str]
    deletions: list[str]
    pages: int
    memories: int
    seconds: float
    snapshot: str | None
    run: int | None
    decay: RebuildDecay | None  # the decay pass the rebuild ran first
    embedded: int  # deferred captures embedded before planning
    prose: int  # pages given model prose
    prose_rejected: int
    warnings: list[str]


class RollbackResponse(Response):
    run: int
    snapshot: str
    restored: list[str]
    kept: list[str]


class MapResponse(Response):
    """wiki.pagemap.show."""

    page: str
    page_id: str
    title: str
    revision: int
    generated_at: str | None
    nodes: Rows
    edges: Rows


class MapChangeResponse(Response):
    page: str
    node: dict[str, Any]
    changed: bool
    message: str
    revision: int
    affected: list[Any]


class LintResponse(Response):
    pages: int
    errors: int
    warnings: int
    findings: Rows


# -- memories --------------------------------------------------------------------------------------


def _payload(p: CaptureRequest) -> CapturePayload:
    """The validated payload without `defer_embed`. Not validated a second time: validation cleans
    the text and notes what it changed (private attributes), which a second pass would not see."""
    fields = {name: getattr(p, name) for name in CapturePayload.model_fields}
    payload = CapturePayload.model_construct(_fields_set=p.model_fields_set - {"defer_embed"}, **fields)
    if p.__pydantic_private__:
        payload.__pydantic_private__ = dict(p.__pydantic_private__)
    return payload


@op("capture", "Capture a memory", "write", CaptureRequest, CaptureResponse, mcp=True)
def capture(session: Session, p: CaptureRequest) -> CaptureResponse:
    """Store one memory. An exact duplicate returns the existing id and writes nothing. Credentials,
    too-short or noise text are refused (a result, not an error). A change to a Protected memory
    (identity, preference) is held in the review queue for the person: the warnings name the item."""
    from memory.capture import outcome_json  # memory.capture pulls numpy: not on the CLI's startup path

    payload = _payload(p)
    outcome = session.capture(payload, defer_embed=p.defer_embed)
    result = outcome_json(cast(Any, outcome))  # a queued outcome has the id, status and warnings too
    if isinstance(outcome, Queued):  # the server was unreachable: kept in the local outbox
        result["queued"] = outcome.key
    return respond(CaptureResponse, result)


@op("recall", "Recall memories", "read", RecallRequest, RecallResponse, mcp=True, exclusive=True)
def recall(session: Session, p: RecallRequest) -> RecallResponse:
    """Find memories by meaning, words, entities and time; best first. Each hit is compact: id,
    text, type, date, space, score (and session and speaker for a turn of a conversation); `detail`
    gives the full record. No hit close enough: "results" is empty and "message" says so."""
    from retrieval.recall import search  # numpy and the model: not on the CLI's startup path

    if p.space and p.all_spaces:
        raise InvalidInput("give space or all_spaces, not both")
    result = search(
        session,
        p.query,
        scope=p.space,
        all_spaces=p.all_spaces,
        types=list(p.types) or None,
        k=p.k,
        as_of=p.as_of,
        explain=p.explain,
        context=p.context,
        no_floor=p.no_floor,
    )
    full = result.as_json()
    answer = full if p.detail else compact_recall(session, full, explain=p.explain)
    return respond(RecallResponse, within_budget(nothing_close(answer), p.max_chars))


@op("forget", "Forget a memory", "destructive", ForgetRequest, ChangeResponse, mcp=True)
def forget(session: Session, p: ForgetRequest) -> ChangeResponse:
    """Forget a memory everywhere and tombstone its text so it cannot be captured again (only the
    person can lift a tombstone). Destructive: confirm with the person first."""
    return respond(
        ChangeResponse, asdict(forgetting.forget(session, p.memory_id, actor=session.actor, reason=p.reason))
    )


@op("status", "quire status", "read", NoParams, StatusResponse, mcp=True)
def status(session: Session, p: NoParams) -> StatusResponse:
    """Counts by type, space and status; open reviews; schema version, model and paths; the last
    rebuild on this device and whether the nightly one is due."""
    return respond(StatusResponse, {**session.status(), "nightly": nightly.state(session.home.root)})


@op("import", "Import captures", "write", ImportRequest, ImportResponse, long=True, progress=True)
def import_(session: Session, p: ImportRequest, progress: Progress | None = None) -> ImportResponse:
    """Import a JSONL file of captures or a folder of Markdown notes (the path as this machine sees it)."""
    from pathlib import Path

    from memory.chats import detect_format  # the chat importers pull numpy: not on the startup path

    path = Path(p.path)
    fmt = detect_format(path) if p.format == "auto" and path.exists() else p.format
    report = session.import_path(
        path,
        defer_embed=p.defer_embed,
        space=p.space,
        progress=progress,
        format=fmt,
        roles=p.roles,
        keep_all=p.keep_all,
    )
    return respond(ImportResponse, report.as_json())


@op("reembed", "Re-embed memories", "write", ReembedRequest, ReembedResponse, long=True, progress=True)
def reembed(session: Session, p: ReembedRequest, progress: Progress | None = None) -> ReembedResponse:
    """Embed deferred captures, and re-embed memories made with another model."""
    return respond(ReembedResponse, session.reembed(everything=p.everything, progress=progress))


@op("history", "A memory's history", "read", MemoryRequest, HistoryResponse, mcp=True)
def history(session: Session, p: MemoryRequest) -> HistoryResponse:
    """A memory's version chain in both directions, with dates and statuses."""
    return respond(HistoryResponse, chain(session.db, p.memory_id).as_json())


@op("entities_list", "List entities", "read", EntitiesRequest, EntitiesResponse)
def entities_list(session: Session, p: EntitiesRequest) -> EntitiesResponse:
    """Entities with how many live memories name each, most named first."""
    return respond(EntitiesResponse, store.entity_counts(session.db, limit=p.limit))


@op("log", "The audit log", "read", LogRequest, LogResponse)
def log(session: Session, p: LogRequest) -> LogResponse:
    """The audit log (append-only, never trimmed): who changed what, when."""
    since = clock.normalize_when(p.since) if p.since else None
    found = audit.entries(session.db, since=since, subject_id=p.subject_id, limit=p.limit)
    return respond(LogResponse, {"entries": [asdict(e) for e in found]})


@op("decay", "Recompute decay", "write", NoParams, DecayResponse)
def decay(session: Session, p: NoParams) -> DecayResponse:
    """Recompute effective confidence for every memory (tier rates; none when confirmed or pinned)."""
    return respond(DecayResponse, decay_mod.run(session.db, actor=session.actor).as_json())


@op("pin", "Pin a memory", "write", MemoryRequest, TrustResponse, mcp=True)
def pin(session: Session, p: MemoryRequest) -> TrustResponse:
    """Pin a memory: it never decays."""
    return respond(TrustResponse, asdict(decay_mod.pin(session.db, p.memory_id, actor=session.actor)))


@op("unpin", "Unpin a memory", "write", MemoryRequest, TrustResponse)
def unpin(session: Session, p: MemoryRequest) -> TrustResponse:
    """Unpin a memory: it decays with its tier again (unless confirmed)."""
    return respond(TrustResponse, asdict(decay_mod.unpin(session.db, p.memory_id, actor=session.actor)))


@op("confirm", "Confirm a memory", "write", MemoryRequest, TrustResponse, mcp=True)
def confirm(session: Session, p: MemoryRequest) -> TrustResponse:
    """Confirm a memory (stability 'confirmed'): you vouch for it, so it stops decaying."""
    return respond(TrustResponse, asdict(decay_mod.confirm(session.db, p.memory_id, actor=session.actor)))


# -- spaces and tombstones -------------------------------------------------------------------------


@op("spaces_list", "List spaces", "read", NoParams, SpacesResponse, mcp=True)
def spaces_list(session: Session, p: NoParams) -> SpacesResponse:
    """Spaces with their memory counts."""
    rows = [
        {"name": sp.name, "default": sp.is_default, "memories": sp.memories, "description": sp.description}
        for sp in spaces.all_spaces(session.db)
    ]
    return respond(SpacesResponse, {"spaces": rows})


@op("spaces_add", "Add a space", "write", SpaceAddRequest, SpaceAddResponse)
def spaces_add(session: Session, p: SpaceAddRequest) -> SpaceAddResponse:
    """Add a space (or make an existing one the default)."""
    changed = spaces.add(session.db, p.name, description=p.description, default=p.default, actor=session.actor)
    return respond(SpaceAddResponse, {"name": p.name, "changed": changed, "default": p.default})


@op("tombstones_list", "List tombstones", "read", TombstoneListRequest, TombstonesResponse)
def tombstones_list(session: Session, p: TombstoneListRequest) -> TombstonesResponse:
    """Tombstones in force (oldest first); `all` includes lifted ones."""
    return respond(
        TombstonesResponse,
        {"tombstones": [t.as_json() for t in tombstones.all_tombstones(session.db, include_lifted=p.all)]},
    )


@op("tombstones_lift", "Lift a tombstone", "write", TombstoneRequest, ChangeResponse)
def tombstones_lift(session: Session, p: TombstoneRequest) -> ChangeResponse:
    """Let a tombstoned text be captured again (the forgotten memory stays forgotten)."""
    return respond(ChangeResponse, asdict(tombstones.lift(session.db, p.tombstone_id, actor=session.actor)))


# -- the review queue ------------------------------------------------------------------------------


@op("curate_list", "List review items", "read", ListRequest, ItemsResponse, mcp=True)
def curate_list(session: Session, p: ListRequest) -> ItemsResponse:
    """Review items waiting for the person (oldest first): kind, old vs new text, ids."""
    if p.ids_only:
        if p.all:
            raise InvalidInput("ids_only lists the open items; give it without all")
        return respond(ItemsResponse, {"items": [], "ids": review.open_ids(session.db)})
    items = review.all_items(session.db) if p.all else review.open_items(session.db)
    return respond(ItemsResponse, {"items": [i.as_json() for i in items]})


@op("curate_show", "Show a review item", "read", ItemRequest, ItemDetailsResponse)
def curate_show(session: Session, p: ItemRequest) -> ItemDetailsResponse:
    """One item with both memories' type, tier, confidence, dates and sources."""
    return respond(ItemDetailsResponse, review.details(session.db, review.get(session.db, p.item_id)))


@op("curate_accept", "Accept a review item", "destructive", AcceptRequest, ResolutionResponse, mcp=True)
def curate_accept(session: Session, p: AcceptRequest) -> ResolutionResponse:
    """Accept a review item: the proposed change replaces the current memory. Idempotent (says
    whether anything changed). Destructive: it is the person's decision; confirm with them first."""
    res = resolve.accept(session, p.item_id, choice=p.choice, edited_text=p.text)
    return respond(ResolutionResponse, asdict(res))


@op("curate_dismiss", "Dismiss a review item", "destructive", ItemRequest, ResolutionResponse, mcp=True)
def curate_dismiss(session: Session, p: ItemRequest) -> ResolutionResponse:
    """Dismiss a review item: a proposed change is rejected and tombstoned. Idempotent.
    Destructive: confirm with the person first."""
    return respond(ResolutionResponse, asdict(resolve.dismiss(session, p.item_id)))


def item_from_json(data: dict[str, Any]) -> review.ReviewItem:
    """Rebuild a ReviewItem from its `as_json()` dict (to render a list that came over the wire)."""
    return review.ReviewItem(
        id=int(data["id"]),
        kind=data["kind"],
        subject_ids=tuple(data.get("subject_ids") or ()),
        payload=dict(data.get("payload") or {}),
        status=data["status"],
        choice=data.get("choice"),
        note=data.get("note") or "",
        created_at=data["created_at"],
        created_by=data["created_by"],
        resolved_at=data.get("resolved_at"),
        resolved_by=data.get("resolved_by"),
    )


# -- the wiki --------------------------------------------------------------------------------------


@op("rebuild", "Rebuild the wiki", "write", NoParams, RebuildResponse, long=True, progress=True)
def rebuild(session: Session, p: NoParams, progress: Progress | None = None) -> RebuildResponse:
    """Rebuild the wiki; only pages whose memories changed are written (the nightly job)."""
    from wiki import rebuild as rebuild_mod  # networkx and numpy: not on the CLI's startup path

    try:
        result = rebuild_mod.rebuild(session, actor=session.actor, progress=progress).as_json()
    except QuireError as exc:
        nightly.record_run(session.home.root, None, str(exc))
        raise
    nightly.record_run(session.home.root, result)
    return respond(RebuildResponse, result)


@op("rollback", "Undo the last rebuild", "destructive", NoParams, RollbackResponse)
def rollback(session: Session, p: NoParams) -> RollbackResponse:
    """Undo the last rebuild from its snapshot (hand edits and map decisions are kept)."""
    from wiki import rebuild as rebuild_mod  # networkx and numpy: not on the CLI's startup path

    return respond(RollbackResponse, rebuild_mod.rollback(session, actor=session.actor).as_json())


@op("pages", "List pages", "read", PagesRequest, PagesResponse, mcp=True)
def pages_list(session: Session, p: PagesRequest) -> PagesResponse:
    """The wiki's pages (the index excepted); `limit` and `offset` page through a large wiki."""
    return respond(
        PagesResponse,
        {"pages": pages.listing(session.db, limit=p.limit, offset=p.offset), "total": pages.listed(session.db)},
    )


@op("page_read", "Read a wiki page", "read", PageRequest, PageResponse, mcp=True)
def page_read(session: Session, p: PageRequest) -> PageResponse:
    """A wiki page by slug, title or file name: body (Markdown citing memories as [^mN] footnotes),
    sources and their status, changelog, history and open revisions."""
    return respond(PageResponse, pages.details(session.db, page_slug(session, p.slug), session.wiki_dir))


@op("page_restore", "Restore a deleted page", "write", PageRequest, PageRestoreResponse)
def page_restore(session: Session, p: PageRequest) -> PageRestoreResponse:
    """Bring back a page whose file was deleted (the next rebuild writes it)."""
    changed = pages.restore(session.db, p.slug, actor=session.actor)
    message = f"restored {p.slug}; run `quire rebuild` to write it" if changed else f"{p.slug} was not deleted"
    return respond(PageRestoreResponse, {"slug": p.slug, "changed": changed, "message": message})


@op("page_search", "Search wiki pages", "read", PageSearchRequest, PageSearchResponse, mcp=True)
def page_search(session: Session, p: PageSearchRequest) -> PageSearchResponse:
    """Wiki pages matching the words, best first (slug, title, summary); title counts most."""
    return respond(PageSearchResponse, pages.search(session.db, p.query, space=p.space, k=p.k))


def page_slug(session: Session, ref: str) -> str:
    """The slug of the page `ref` names (slug, title or file name); NotFound naming the way to find one."""
    slug = pages.find_slug(session.db, ref)
    if slug is None:
        raise NotFound(f"no page {ref!r} (by slug, title or file name); list pages with `quire pages`")
    return slug


@op("map_show", "Show a page map", "read", MapRequest, MapResponse)
def map_show(session: Session, p: MapRequest) -> MapResponse:
    """The map of a page: revision, every node (dismissed ones too) with its state, edges."""
    from wiki import pagemap  # networkx: not on the CLI's startup path

    return respond(MapResponse, pagemap.show(session.db, p.page))


def _map_change(session: Session, action: str, p: MapChangeRequest) -> dict[str, Any]:
    from wiki import pagemap  # networkx: not on the CLI's startup path

    result = pagemap.change(session.db, p.page, p.node, action, actor=session.actor, base_revision=p.base_revision)
    return {
        "page": result.page,
        "node": result.node.as_json(),
        "changed": result.changed,
        "message": result.message,
        "revision": result.revision,
        "affected": list(result.affected),
    }


@op("map_dismiss", "Dismiss a map node", "destructive", MapChangeRequest, MapChangeResponse)
def map_dismiss(session: Session, p: MapChangeRequest) -> MapChangeResponse:
    """Dismiss a node (and its branch) for good: no rebuild brings it back."""
    return respond(MapChangeResponse, _map_change(session, "dismiss", p))


@op("map_pin", "Pin a map node", "write", MapChangeRequest, MapChangeResponse)
def map_pin(session: Session, p: MapChangeRequest) -> MapChangeResponse:
    """Pin a node."""
    return respond(MapChangeResponse, _map_change(session, "pin", p))


@op("map_accept", "Accept a map node", "write", MapChangeRequest, MapChangeResponse)
def map_accept(session: Session, p: MapChangeRequest) -> MapChangeResponse:
    """Make a suggested node active (also undoes a dismissal)."""
    return respond(MapChangeResponse, _map_change(session, "accept", p))


# -- the store on a libSQL server ------------------------------------------------------


@op("sync", "Send the outbox", "write", NoParams, SyncResponse, long=True, own_outbox=True)
def sync(session: Session, p: NoParams) -> SyncResponse:
    """Send the captures queued while the libSQL server was unreachable, oldest first (each applied once)."""
    return respond(SyncResponse, session.sync())


@op("lint", "Check the vault", "read", NoParams, LintResponse)
def lint(session: Session, p: NoParams) -> LintResponse:
    """Check the vault: citations and footnotes, frontmatter, wikilinks, orphans, gone memories, stale pages."""
    from wiki import lint as lint_mod  # the staleness check plans a rebuild (networkx)

    return respond(LintResponse, lint_mod.run(session.db, session.wiki_dir).as_json())


# -- agents: compact recall and navigation --------------------------------------------
#
# What an agent reads is paid for in its context: recall answers compactly by default (the full
# record with `detail`), and the navigation ops read one thing at a time (a memory, its pages,
# what changed lately). Each is an operation, so the CLI, the service, the library and MCP share it.

# A compact hit: the full record's key -> the compact one ("text": what the memory says).
COMPACT_KEYS = {"id": "id", "content": "text", "type": "type", "date": "date", "space": "space", "score": "score"}


def compact_recall(session: Session, full: dict[str, Any], *, explain: bool = False) -> dict[str, Any]:
    """A recall answer an agent can afford: each hit is its id, text, type, date, space and score,
    with the session title and speaker for a turn of a conversation (and its status when it is not
    plain active, its context turns and ranking channels when asked for)."""
    hits = full["results"]
    # retrieval.recall names the speaker of a turn; an older hit without the key is looked up
    turns = [h["id"] for h in hits if h.get("session_id") and "speaker" not in h]
    said = conversations.speakers_of(session.db, turns) if turns else {}
    results = []
    for hit in hits:
        row = {short: hit[key] for key, short in COMPACT_KEYS.items()}
        row["score"] = round(hit["score"], 3)
        if hit.get("status") not in (None, "active"):
            row["status"] = hit["status"]  # an archived decision is history, not the current answer
        if hit.get("session_id"):
            row["session"] = hit.get("session_title") or ""
            row["speaker"] = hit["speaker"] if "speaker" in hit else said.get(hit["id"], "")
        if "context" in hit:
            row["context"] = [{"speaker": t["speaker"], "text": t["content"]} for t in hit["context"]]
        if explain:
            row["channels"], row["multipliers"] = hit["channels"], hit["multipliers"]
        results.append(row)
    out = {"query": full["query"], "scope": full["scope"]}
    out.update({key: full[key] for key in ("as_of", "window", "warnings") if full.get(key)})
    out["results"] = results
    if full.get("nothing_close") or not results:  # the relevance floor held them back: say how close
        out.update({key: full[key] for key in ("floor", "best", "nothing_close") if key in full})
    return out


def nothing_close(result: dict[str, Any]) -> dict[str, Any]:
    """An empty answer says so in words, with the nearest score when a relevance floor held it back."""
    if result["results"] and not result.get("nothing_close"):
        return result
    message = f"nothing close to {result['query']!r}"
    if result.get("best") is not None and result.get("floor") is not None:
        message += f" (best {result['best']}, floor {result['floor']}"
        message += "; these are the nearest anyway)" if result["results"] else "; no_floor: true shows the nearest)"
    return {**result, "message": message}


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _cut_at_word(text: str, room: int) -> str:
    """`text` cut to at most `room` characters at a space (never inside a word), with an ellipsis;
    the first word whole when no space falls inside the room."""
    if len(text) <= room:
        return text
    head = text[: max(room - 1, 0) + 1]
    cut = head.rfind(" ")
    kept = head[:cut] if cut > 0 else text.split(" ", 1)[0]
    return kept.rstrip() + "…"


def within_budget(result: dict[str, Any], max_chars: int | None) -> dict[str, Any]:
    """Trim the hit list (lowest first) so the answer's JSON fits `max_chars`; a hit's text is
    never cut inside a word (only the first hit, when it alone is too long, is shortened at a space)."""
    if max_chars is None:
        return result
    envelope = _size({**result, "results": [], "trimmed": 0})
    kept: Rows = []
    used = envelope
    for hit in result["results"]:
        size = _size(hit) + (1 if kept else 0)
        if used + size > max_chars:
            if not kept:
                key = "text" if "text" in hit else "content"
                cut = {**hit, "truncated": True}
                room = len(hit[key]) - (used + _size(cut) - max_chars)
                kept.append({**cut, key: _cut_at_word(hit[key], room)})
            break
        kept.append(hit)
        used += size
    trimmed = len(result["results"]) - len(kept)
    return {**result, "results": kept, **({"trimmed": trimmed} if trimmed else {})}


class MemoryShowRequest(MemoryRequest):
    pass


class MemoryShowResponse(Response):
    id: str
    content: str
    type: str
    space: str | None
    status: str
    title: str
    fields: dict[str, Any]
    entities: list[str]
    confidence: float
    effective_confidence: float
    stability: str
    pinned: bool
    valid_from: str
    valid_to: str | None
    created_at: str
    supersedes: str | None
    superseded_by: str | None
    source: str
    source_agent: str
    near_duplicate_of: str | None
    pages: Rows
    reviews: Rows


@op("memory_show", "Show a memory", "read", MemoryShowRequest, MemoryShowResponse, mcp=True)
def memory_show(session: Session, p: MemoryShowRequest) -> MemoryShowResponse:
    """One memory by id: its full record, the wiki pages that cite it (slug, title, and marker N:
    the page cites it as [^mN]) and the review items about it. Ids come from recall, recent and history."""
    m = store.get(session.db, p.memory_id)
    return respond(
        MemoryShowResponse,
        {
            "id": m.id,
            "content": m.content,
            "type": m.memory_type,
            "space": m.space,
            "status": m.status,
            "title": m.title,
            "fields": m.fields,
            "entities": list(m.entities),
            "confidence": m.confidence,
            "effective_confidence": m.effective_confidence,
            "stability": m.stability,
            "pinned": m.pinned,
            "valid_from": m.valid_from,
            "valid_to": m.valid_to,
            "created_at": m.created_at,
            "supersedes": m.supersedes,
            "superseded_by": m.superseded_by,
            "source": m.source,
            "source_agent": m.source_agent,
            "near_duplicate_of": m.near_duplicate_of,
            "pages": pages.cited_by(session.db, m.id),
            "reviews": [
                {"id": i.id, "kind": i.kind, "status": i.status} for i in review.items_for_memory(session.db, m.id)
            ],
        },
    )


class RecentRequest(Request):
    since: str | None = Field(
        default=None, max_length=64, description="Only changes at or after this date or time (YYYY-MM-DD)."
    )
    days: int = Field(default=7, ge=1, le=36500, description="Without since: the last N days (7 = this week).")
    space: str | None = Field(default=None, description="Only this space ('uncategorized' = no space).")
    types: list[MemoryType] = Field(default_factory=list, description="Only these memory types.")
    limit: int = Field(default=20, ge=1, le=500, description="Newest N changes.")


class RecentResponse(Response):
    since: str
    results: Rows
    message: str | None = None


@op("recent", "Recent memories", "read", RecentRequest, RecentResponse, mcp=True)
def recent(session: Session, p: RecentRequest) -> RecentResponse:
    """Memories captured or changed lately, newest change first, with their status (active,
    pending_revision = waiting for the person, superseded, archived): "what changed this week"."""
    since = clock.normalize_when(p.since) if p.since else clock.iso(clock.now() - timedelta(days=p.days))
    space: str | bool | None = False
    if p.space is not None:
        space = None if p.space.lower() == spaces.UNCATEGORIZED else spaces.require(session.db, p.space)
    rows = store.recent(session.db, since, space=space, types=list(p.types) or None, limit=p.limit)
    out: dict[str, Any] = {"since": since, "results": rows}
    if not rows:
        out["message"] = f"nothing captured or changed since {since[:10]}"
    return respond(RecentResponse, out)


class SupersedeRequest(MemoryRequest):
    content: str = Field(min_length=1, max_length=20_000, description="The new text that replaces the memory's.")
    fields: dict[str, str | bool | int | float] = Field(
        default_factory=dict, description="Structured fields of the new version (as capture takes them)."
    )
    valid_from: str | None = Field(default=None, max_length=64, description="When the new version became true.")


class SupersedeResponse(Response):
    id: str | None
    status: str
    supersedes: str
    applied: bool
    review_item: int | None
    message: str
    warnings: list[str]


@op("supersede", "Supersede a memory", "destructive", SupersedeRequest, SupersedeResponse, mcp=True)
def supersede(session: Session, p: SupersedeRequest) -> SupersedeResponse:
    """Replace a memory with a new version (same type, space and entities; the old one stays in its
    history). A change to an identity or preference is never applied by this call: it waits in the
    review queue until the person accepts it. Destructive: confirm with the person first."""
    from memory.capture import outcome_json  # memory.capture pulls numpy: not on the CLI's startup path

    old = store.get(session.db, p.memory_id)
    if old.status != "active":
        # Only the current version is replaced; capture would store the text beside a pending,
        # superseded or forgotten one as an unrelated memory.
        current = chain(session.db, old.id).current
        instead = f"supersede the current version {current} instead" if current else "capture it as a new memory"
        raise InvalidInput(f"{old.id} is {old.status}, not the current version; {instead}. Nothing was stored")
    data: dict[str, Any] = {
        "content": p.content,
        "type": old.memory_type,
        "space": old.space or spaces.UNCATEGORIZED,
        "entities": list(old.entities),
        "fields": p.fields,
        "supersedes": old.id,
    }
    if p.valid_from:
        data["valid_from"] = p.valid_from
    payload = parse_payload(data)
    result = outcome_json(cast(Any, session.capture(payload)))
    if result["status"] == "rejected":
        raise InvalidInput(f"supersede refused: {result['reason']} ({result.get('detail')}); nothing was stored")
    new_id = result["id"]
    if result["status"] == "duplicate" and (new_id == old.id or store.get(session.db, new_id).supersedes != old.id):
        # The text is already stored (as this memory or another one): no version was made.
        same = "its current text" if new_id == old.id else f"the text of {new_id}"
        return respond(
            SupersedeResponse,
            {
                "id": new_id,
                "status": "duplicate",
                "supersedes": old.id,
                "applied": False,
                "review_item": None,
                "message": f"nothing changed: that is {same}; supersede {old.id} with a different text",
                "warnings": result["warnings"],
            },
        )
    now = store.get(session.db, new_id).status if new_id else "not stored"
    waiting = [
        i.id for i in review.items_for_memory(session.db, new_id or "") if i.is_open and i.kind != "page_revision"
    ]
    applied = now == "active" and not waiting
    if waiting:
        message = (
            f"{new_id} waits for the person's review (item {waiting[0]}): {old.id} stays current until they accept it"
        )
    elif applied:
        message = f"{new_id} is current; {old.id} is kept in its history"
    else:
        message = f"{new_id} is {now}; {old.id} is unchanged"
    return respond(
        SupersedeResponse,
        {
            "id": new_id,
            "status": result["status"],
            "supersedes": old.id,
            "applied": applied,
            "review_item": waiting[0] if waiting else None,
            "message": message,
            "warnings": result["warnings"],
        },
    )


WRITES = frozenset(name for name, spec in OPS.items() if spec.writes)
# Run one at a time in the service: writes, and reads that do bookkeeping writes (recall embeds
# deferred captures and counts accesses: a repeat cannot harm it, so it is not in WRITES).
EXCLUSIVE = WRITES | {name for name, spec in OPS.items() if spec.exclusive}


def _register_appliers() -> None:
    for name in QUEUES_OFFLINE:
        outbox.APPLIERS[name] = _apply_queued


_register_appliers()
