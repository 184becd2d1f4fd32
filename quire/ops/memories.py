"""Operations on memories one at a time: capture, forget, import, reembed, history, show, recent,
supersede, and the tombstones forgetting leaves."""

from __future__ import annotations

from dataclasses import asdict
from datetime import timedelta
from pathlib import PurePath
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import AfterValidator, Field, StrictBool

from memory import clock, refusals, review, spaces, store, tombstones
from memory import decay as decay_mod
from memory.errors import Forgotten, InvalidInput, QuireError, Refused
from memory.history import chain
from memory.models import (
    CONTENT_MAX,
    ME_MAX,
    CapturePayload,
    FieldValue,
    ImportFormat,
    Memory,
    MemoryText,
    MemoryType,
    WhenAsSent,
    me_name,
    parse_payload,
    read_to_the_second,
    what_to_give,
)
from memory.outbox import Queued
from memory.supersede import refuse_replaced
from memory.whatsapp import ZONE_MAX, time_zone
from quire.ops.registry import (
    AFTER_QUEUED,
    MAX_ID,
    ChangeResponse,
    MemoryRequest,
    Progress,
    Request,
    Response,
    Rows,
    SpaceName,
    StoredText,
    op,
    respond,
)
from wiki import forget as forgetting
from wiki import pages

if TYPE_CHECKING:
    from memory.session import Session


class CaptureRequest(CapturePayload):
    """The capture payload (memory.models owns it: the same for CLI flags, JSONL lines and MCP) plus
    `defer_embed`."""

    defer_embed: StrictBool = Field(default=False, description="Store now, embed later (no model load; fast).")


class ForgetRequest(MemoryRequest):
    reason: StoredText = Field(default="", max_length=1000, description="Why; kept with the tombstone.")


def _whole_path(value: str) -> str:
    # A relative path is read in the folder of the process that runs the import: the caller's on
    # the library and the CLI (each makes it whole first), a `quire serve` or `quire mcp` started
    # elsewhere on the service and MCP, so the same request imported another file, or none.
    if "\x00" not in value and not PurePath(value).is_absolute():  # a NUL is named by the path's own check
        raise ValueError(
            f"{value[:200]!r} is not a whole path; give it from the root (e.g. /home/me/conversations.json): "
            "the import is read by the process that runs it, which may be a service in another folder"
        )
    return value


def _me(value: str) -> str:
    try:
        return me_name(value)
    except InvalidInput as exc:
        raise ValueError(str(exc).removeprefix("me: ")) from None


def _zone(value: str) -> str:
    try:
        time_zone(value)
    except InvalidInput as exc:
        raise ValueError(str(exc)) from None
    return value


MAX_IMPORT_PATHS = 10_000  # a shell's glob of a chat-export folder, not a list of every file on the disk


class ImportRequest(Request):
    path: Annotated[str, AfterValidator(_whole_path)] = Field(
        min_length=1, max_length=4096, description="A JSONL file of captures or a folder of notes (a whole path)."
    )
    # A name no space can have ("", "bad name!") is refused here, before an offline import is queued with it
    # (it failed at every sync after); whether the space exists is the store's to say (importer.import_path).
    space: SpaceName | None = Field(default=None, description="Space for units that name none.")
    defer_embed: bool = Field(default=False, description="Store now, embed later with `quire reembed`.")
    format: ImportFormat = Field(default="auto", description="What the path holds; auto reads it to tell.")
    roles: Literal["user", "all"] = Field(
        default="user",
        description="Chats: keep the person's (and other people's) messages only, or the assistant's too.",
    )
    keep_all: bool = Field(default=False, description="Chats: keep messages the gate calls too short or noise.")
    me: Annotated[str, AfterValidator(_me)] | None = Field(
        default=None,
        max_length=ME_MAX,  # a person's name, one limit on every route (chat JSONL's speaker, an entity's name)
        description="Chats between people (WhatsApp, Telegram, chat JSONL): your name as the chat shows your messages; "
        "what you say of your life in them is read as About me. Not needed for a WhatsApp chat with one other "
        "person (the file names them: the other sender is you), a Telegram one-chat export of one, or a Telegram "
        "account export. A mem0 export of several users: your user_id.",
    )
    date_order: Literal["dmy", "mdy", "ymd"] | None = Field(
        default=None,
        description="WhatsApp: how the chat's dates are written (31/12/24 dmy, 12/31/24 mdy, 2024/12/31 ymd); "
        "told from the file when left out (day-first, with a warning, when every date reads both ways).",
    )
    timezone: Annotated[str, AfterValidator(_zone)] | None = Field(
        default=None,
        max_length=ZONE_MAX,
        description="WhatsApp, Telegram: the IANA time zone (Area/City, e.g. Europe/Warsaw) the chat's clock "
        "times were written in; the machine's when left out. Each message is stored as the moment it was.",
    )
    paths: list[Annotated[str, Field(min_length=1, max_length=4096), AfterValidator(_whole_path)]] = Field(
        default_factory=list,
        max_length=MAX_IMPORT_PATHS,
        description="More files or folders to import after `path`, one after the other, in one report.",
    )


class ReembedRequest(Request):
    everything: bool = Field(default=False, description="Re-embed every memory, not only pending or stale ones.")


class TombstoneListRequest(Request):
    all: bool = Field(default=False, description="Include lifted tombstones.")


class TombstoneRequest(Request):
    tombstone_id: int = Field(ge=1, le=MAX_ID, description="The tombstone's id.")


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


class ImportResponse(Response):
    """memory.importer.ImportReport (JSONL, Markdown); a chat export adds memory.chats.ChatReport's counts."""

    stored: int
    duplicates: int
    rejected: int
    bad_units: int  # units not imported for an error (a unit refused for a credential is in rejected only)
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
    redated: int | None = None  # messages imported before, moved to the time this export gives them
    edited: int | None = None  # stored messages that are edits of ones imported before (each supersedes the old)
    notices: int | None = None  # a chat app's own lines (joins, pins, calls): nobody's words, counted, not stored


class ReembedResponse(Response):
    embedded: int
    model: str
    warnings: list[str]


class HistoryResponse(Response):
    id: str
    current: str | None
    versions: Rows


class TombstonesResponse(Response):
    tombstones: Rows


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


@op("forget", "Forget a memory", "destructive", ForgetRequest, ChangeResponse, mcp=True)
def forget(session: Session, p: ForgetRequest) -> ChangeResponse:
    """Forget a memory everywhere and tombstone its text so it cannot be captured again (only the
    person can lift a tombstone). Destructive: confirm with the person first."""
    return respond(
        ChangeResponse, asdict(forgetting.forget(session, p.memory_id, actor=session.actor, reason=p.reason))
    )


def _forget_here(session: Session, params: dict[str, Any]) -> list[str]:
    """A forget queued offline takes the memory's text out of this device's vault files and
    snapshots at once (wiki/forget.py scrub_here); what stops that is a warning, and the forget stays
    queued (the sync scrubs them again)."""
    try:
        with session.route("read"):
            forgetting.scrub_here(session, str(params["memory_id"]))
    except (QuireError, OSError) as exc:
        why = f"{exc.filename}: {exc.strerror}" if isinstance(exc, OSError) else str(exc).split("; ")[0]
        return [
            f"the vault files on this device still hold its text ({why}); "
            "the sync erases it, and the `quire rebuild` after it cuts it from the vault"
        ]
    return []


AFTER_QUEUED["forget"] = _forget_here


@op("import", "Import captures", "write", ImportRequest, ImportResponse, long=True, progress=True)
def import_(session: Session, p: ImportRequest, progress: Progress | None = None) -> ImportResponse:
    """Import a JSONL file of captures or a folder of Markdown notes (the path as this machine sees it)."""
    from pathlib import Path

    from memory.chats import CHAT_FORMATS  # numpy: not on the startup path
    from memory.importer import checked  # the same

    # Each path is checked (`importer.checked`: the path, the format it holds, a chat's flag on what is
    # no chat, a usage mistake: exit 2) before any is read: a missing second file imported the first,
    # then refused; and a name too long for the file system is refused in words.
    flags: dict[str, Any] = {"roles": p.roles, "keep_all": p.keep_all, "me": p.me, "date_order": p.date_order}
    flags["timezone"] = p.timezone
    everything = [(Path(given), checked(Path(given), p.format, **flags)) for given in [p.path, *p.paths]]
    reports = []
    for path, fmt in everything:
        # The progress a skin draws is of what the path holds: a chat's conversations, or lines or notes.
        told = getattr(progress, "for_chat", None)
        report = session.import_path(
            path,
            defer_embed=p.defer_embed,
            space=p.space,
            progress=told(fmt in CHAT_FORMATS) if callable(told) else progress,
            # "markdown" said is not "markdown" read from a folder: only said, a folder's .txt files are notes
            format=p.format if fmt == "markdown" else fmt,
            **flags,
        )
        reports.append(report.as_json())
    return respond(ImportResponse, reports[0] if len(reports) == 1 else merged_reports(reports))


def merged_reports(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Several imports as one report: counts added, lists joined in order (each error and warning
    names its file), the gate's reasons added, the formats named once each."""
    out: dict[str, Any] = {}
    for report in reports:
        for key, value in report.items():
            if key == "format":
                continue
            if isinstance(value, bool) or value is None:
                out.setdefault(key, value)
            elif isinstance(value, int):
                out[key] = out.get(key, 0) + value
            elif isinstance(value, list):
                out[key] = [*out.get(key, []), *value]
            elif isinstance(value, dict):
                into = out.setdefault(key, {})
                for reason, n in value.items():
                    into[reason] = into.get(reason, 0) + n
            else:
                out.setdefault(key, value)
    formats = sorted({str(r["format"]) for r in reports if r.get("format")})
    if formats:
        out["format"] = ", ".join(formats)
    return out


@op("reembed", "Re-embed memories", "write", ReembedRequest, ReembedResponse, long=True, progress=True)
def reembed(session: Session, p: ReembedRequest, progress: Progress | None = None) -> ReembedResponse:
    """Embed deferred captures, and re-embed memories made with another model."""
    return respond(ReembedResponse, session.reembed(everything=p.everything, progress=progress))


@op("history", "A memory's history", "read", MemoryRequest, HistoryResponse, mcp=True)
def history(session: Session, p: MemoryRequest) -> HistoryResponse:
    """A memory's version chain in both directions, with dates and statuses."""
    return respond(HistoryResponse, chain(session.db, p.memory_id).as_json())


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
            # as of now, as every route shows it (the stored value is the last decay run's)
            "effective_confidence": decay_mod.current(session.db, [m.id]).get(m.id, m.effective_confidence),
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
    since: WhenAsSent | None = Field(
        default=None, max_length=64, description="Only changes at or after this date or time (YYYY-MM-DD)."
    )
    days: int = Field(default=7, ge=1, le=36500, description="Without since: the last N days (7 = this week).")
    space: SpaceName | None = Field(default=None, description="Only this space ('uncategorized' = no space).")
    types: list[MemoryType] = Field(default_factory=list, description="Only these memory types.")
    limit: int = Field(default=20, ge=1, le=500, description="Newest N changes.")


class RecentResponse(Response):
    since: str
    results: Rows
    message: str | None = None
    warnings: list[str] | None = None  # what reading `since` dropped (a fraction of a second)


@op("recent", "Recent memories", "read", RecentRequest, RecentResponse, mcp=True)
def recent(session: Session, p: RecentRequest) -> RecentResponse:
    """Memories captured or changed lately, newest change first, with their status (active,
    pending_revision = waiting for the person, superseded, archived): "what changed this week"."""
    since = clock.normalize_when(p.since) if p.since is not None else clock.iso(clock.now() - timedelta(days=p.days))
    space: str | bool | None = False
    if p.space is not None:
        space = None if p.space.lower() == spaces.UNCATEGORIZED else spaces.require(session.db, p.space)
    rows = store.recent(session.db, since, space=space, types=list(p.types) or None, limit=p.limit)
    out: dict[str, Any] = {"since": since, "results": rows}
    if not rows:
        out["message"] = f"nothing captured or changed since {since[:10]}"
    if said := read_to_the_second("since", p.since, since):
        out["warnings"] = said
    return respond(RecentResponse, out)


class ExportRequest(Request):
    space: SpaceName | None = Field(default=None, description="Only this space ('uncategorized' = no space).")


class ExportResponse(Response):
    total: int
    memories: Rows  # each a line `quire import` takes back (memory.store.export)


@op("export", "Export memories", "read", ExportRequest, ExportResponse)
def export(session: Session, p: ExportRequest) -> ExportResponse:
    """Every current memory, oldest first, as the lines `import` takes back into any home: text,
    type, fields, space, entities, title, source and valid_from, as stored. Versions, trust and
    conversations stay behind (a backup keeps everything: `quire backup`)."""
    space: str | bool | None = False
    if p.space is not None:
        space = None if p.space.lower() == spaces.UNCATEGORIZED else spaces.require(session.db, p.space)
    # An export carries no ids, so the registry cannot leave out what a forget queued here names: done here.
    rows = store.export(session.db, space=space, leave_out=frozenset(session.forgotten_here()))
    return respond(ExportResponse, {"total": len(rows), "memories": rows})


class SupersedeRequest(MemoryRequest):
    content: MemoryText = Field(
        min_length=1,
        description="The new text that replaces the memory's.",
        json_schema_extra={"maxLength": CONTENT_MAX},
    )
    fields: dict[str, FieldValue] = Field(
        default_factory=dict, description="Structured fields of the new version (as capture takes them)."
    )
    valid_from: WhenAsSent | None = Field(default=None, max_length=64, description="When the new version became true.")


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
    old = store.get(session.db, p.memory_id)
    result = _capture_version(session, old, p)
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


def _applied_before(session: Session, old: Memory, p: SupersedeRequest) -> dict[str, Any] | None:
    """This very edit, sent again after it was applied (a process killed before it answered, an
    answer lost on the way back): `old`'s replacement is current and holds this text and these
    fields. The first run's outcome, as capture answers a text it holds (a duplicate), not a refusal
    to supersede what it made itself; None for any other edit."""
    newer = store.get(session.db, old.superseded_by) if old.superseded_by else None
    if newer is None or newer.status != "active" or newer.supersedes != old.id or newer.fields != p.fields:
        return None
    try:
        said = parse_payload({"content": p.content, "type": old.memory_type}).content  # as the text policy stores it
    except InvalidInput:
        return None
    if said != newer.content:
        return None
    return {"id": newer.id, "status": "duplicate", "warnings": [f"{old.id} was already superseded by this text"]}


def _capture_version(session: Session, old: Memory, p: SupersedeRequest) -> dict[str, Any]:
    """Capture `p.content` as the next version of `old` (its type, space and entities): the capture's
    outcome; InvalidInput, with nothing stored, when `old` is not current or the capture is refused."""
    from memory.capture import outcome_json  # memory.capture pulls numpy: not on the CLI's startup path

    if old.status == "forgotten":  # forgotten on purpose (here or on another device): no edit brings it back
        raise Forgotten(
            f"{old.id} is forgotten; it was forgotten on purpose and its text erased, so no edit of it is kept "
            "(nor stored as a new memory: that would bring its words back); find a current memory with "
            "`quire recall QUERY`. Nothing was stored"
        )
    if old.status != "active":
        # Only the current version is replaced; capture would store the text beside a pending,
        # superseded or forgotten one as an unrelated memory.
        current = chain(session.db, old.id).current
        if old.status in ("superseded", "archived") and current:
            again = _applied_before(session, old, p)
            if again is not None:
                return again
            # Another edit (on another device, while this one queued its own offline) came first: a
            # conflict, reported once by `quire sync` and dropped, never failing at every sync.
            refuse_replaced(session.db, old.id, p.content)
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
    try:
        payload = parse_payload(data)
    except InvalidInput as exc:  # the text cleaned to nothing (a NUL, bidi controls only): this op's words
        said = str(exc).removeprefix("invalid capture: ")
        fixes = (what_to_give(m.model_fields["content"]) for m in (CapturePayload, SupersedeRequest))
        said = said.replace(next(fixes), next(fixes))  # what this op takes, as its own refusal says
        raise InvalidInput(f"invalid supersede parameters: {said}") from None
    result = outcome_json(cast(Any, session.capture(payload)))
    if result["status"] == "rejected":  # the capture wrote the rejection log's line (rolled back on a server)
        raise Refused(
            f"supersede refused: {refusals.refusal(result['reason'], result.get('detail'))}",
            reason=result["reason"],
            detail=result.get("detail") or "",
            text=None if result["reason"] == "tombstoned" else p.content,
            space=data["space"],
            recorded=True,
        )
    return result
