"""Operations on the store as a whole: status, spaces, the audit log, entities."""

from __future__ import annotations

import difflib
from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated

from pydantic import AfterValidator, Field

from memory import audit, clock, models, spaces, store, text
from memory.home import Home, Settings, load_settings
from memory.models import WhenAsSent, read_to_the_second
from quire.ops.registry import (
    OPS,
    NoParams,
    OneLineText,
    Request,
    Response,
    Rows,
    SpaceName,
    op,
    respond,
)
from wiki import nightly

if TYPE_CHECKING:
    from memory.session import Session


class SpaceAddRequest(Request):
    # A name no space can have ("../etc") is refused with the request, as every other op's space is:
    # a usage error on the CLI (exit 2), where `quire spaces add ../etc` alone exited 1.
    name: SpaceName = Field(min_length=1, max_length=64, description="The space's name.")
    default: bool = Field(default=False, description="Make it the default space for captures.")
    description: OneLineText = Field(default="", max_length=1000, description="What belongs in this space.")


# What an id in the audit log is, for a refusal of one no entry can be about.
_SUBJECT_FORM = "an id is a memory's (mem_1a2b3c4d5e6f), a review item's or tombstone's number, or a space's name"


def _subject_id(value: str) -> str:
    """An id that no entry can be about (a control, bidi or zero-width character, a lone surrogate) is a
    usage error naming the form of an id: `quire log --id "a\x01b"` said "no audit entries" (exit 0)."""
    if text.first_surrogate(value):
        raise ValueError(text.unpaired(value))
    bad = text.CONTROL.search(value) or text.INVISIBLE.search(value)
    if bad:
        raise ValueError(f"holds the character U+{ord(bad.group()):04X}, which no id holds; {_SUBJECT_FORM}")
    return value


class LogRequest(Request):
    since: WhenAsSent | None = Field(
        default=None, max_length=64, description="Only entries at or after this date or time."
    )
    # An empty id is refused as an empty `since` is: "" (or blanks) matched nothing and filtered nothing,
    # so a careless `quire log --id ""` printed the whole log as if it were about that id.
    subject_id: Annotated[str, AfterValidator(_subject_id)] | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        description="The id whose entries to show (a memory's, a review item's or a space's name).",
    )
    limit: int = Field(default=50, ge=1, le=100_000, description="Newest N entries.")


class EntitiesRequest(Request):
    limit: int = Field(default=200, ge=1, le=10_000, description="Most-named N entities.")


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
    queued_held: int = 0  # of them, held or refused with a reason `quire sync` shows
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
    config_problems: list[str] = []  # what config.toml names that quire does not have (config_problems)
    nightly: NightlyState  # the last rebuild on this device (wiki.nightly.state)


class SpacesResponse(Response):
    spaces: Rows


class SpaceAddResponse(Response):
    name: str
    changed: bool
    default: bool


class EntitiesResponse(Response):
    total: int
    entities: Rows


class LogResponse(Response):
    entries: Rows
    warnings: list[str] | None = None  # what reading `since` dropped (a fraction of a second)


@op("status", "quire status", "read", NoParams, StatusResponse, mcp=True)
def status(session: Session, p: NoParams) -> StatusResponse:
    """Counts by type, space and status; open reviews; schema version, model and paths; the last
    rebuild on this device and whether the nightly one is due."""
    said = {
        "config_problems": config_problems(session.home, session.settings),
        "nightly": nightly.state(session.home.root),
    }
    return respond(StatusResponse, {**session.status(), **said})


def config_problems(home: Home, settings: Settings | None = None) -> list[str]:
    """What config.toml names that quire does not have, each a line naming the fix. The reader refuses
    a bad key or value at once; a closed set it cannot know (`[agents] disabled_tools`: the tools are
    the registry's) was met only by `quire mcp`, so `quire status` and `quire doctor` said all was well
    while a typo ("forgett") left the tool the person meant to take away offered to agents."""
    settings = settings or load_settings(home)
    known = [name for name, spec in OPS.items() if spec.mcp]
    unknown = sorted(set(settings.agents.disabled_tools) - set(known))
    if not unknown:
        return []
    said = []
    for name in unknown:
        near = difflib.get_close_matches(name.strip().lower(), known, n=1, cutoff=0.6)
        said.append(f"{name!r}" + (f" (did you mean {near[0]}?)" if near else ""))
    return [
        f"{home.config_path}: agents.disabled_tools: no tool is named {', '.join(said)}; "
        f"the tools are {', '.join(known)}; fix the file (see README, Configuration)"
    ]


@op("entities_list", "List entities", "read", EntitiesRequest, EntitiesResponse)
def entities_list(session: Session, p: EntitiesRequest) -> EntitiesResponse:
    """Entities with how many live memories name each, most named first."""
    return respond(EntitiesResponse, store.entity_counts(session.db, limit=p.limit))


@op("log", "The audit log", "read", LogRequest, LogResponse)
def log(session: Session, p: LogRequest) -> LogResponse:
    """The audit log (append-only, never trimmed): who changed what, when."""
    since = clock.normalize_when(p.since) if p.since else None
    found = audit.entries(session.db, since=since, subject_id=p.subject_id, limit=p.limit)
    said = read_to_the_second("since", p.since, since)
    return respond(LogResponse, {"entries": [asdict(e) for e in found], **({"warnings": said} if said else {})})


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
    """Add a space (or make an existing one the default, or give it the description sent)."""
    changed = spaces.add(session.db, p.name, description=p.description, default=p.default, actor=session.actor)
    # The name the space is stored under ("ｗｏｒｋ" and "Work" are "work"), not the spelling sent.
    name = spaces.stored_name(session.db, models.valid_space_name(p.name)) or p.name
    return respond(SpaceAddResponse, {"name": name, "changed": changed, "default": p.default})
