"""The review queue: list, show, accept, dismiss."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, Field

from memory import models, review
from memory.errors import InvalidInput
from memory.models import MEMORY_ID_MAX
from quire.ops.registry import (
    MAX_ID,
    Request,
    Response,
    Rows,
    op,
    respond,
)
from wiki import resolve

if TYPE_CHECKING:
    from memory.session import Session


class ListRequest(Request):
    all: bool = Field(default=False, description="Include resolved items.")
    ids_only: bool = Field(
        default=False, description="Only the open items' ids, oldest first, without their texts (`ids`; `items` empty)."
    )
    limit: int | None = Field(
        default=None, ge=1, le=10_000, description="At most N open items (default: every one; an agent: 20 a call)."
    )
    offset: int = Field(default=0, ge=0, le=10_000_000, description="Skip the first N open items (with limit: a page).")


class ItemRequest(Request):
    item_id: int = Field(ge=1, le=MAX_ID, description="The review item's id.")


# What to do about a malformed `over`, on every route (the CLI's --over says the same, exit 2).
OVER_FIX = "give the id of the version that replaced the old memory (a refused accept names it), or leave it out"


def _version(value: str) -> str:
    problem = models.id_problem(value)
    if problem:
        raise ValueError(f"{problem}; {OVER_FIX}")
    return value


class AcceptRequest(ItemRequest):
    choice: Literal["keep_new", "keep_old", "keep_both", "machine"] | None = Field(
        default=None,
        description="For contradictions: which to keep (default keep_new); for a page revision, "
        "machine writes the machine's own page instead of the one with your edits merged in.",
    )
    text: models.MemoryText | None = Field(
        default=None,
        min_length=1,  # "" was taken as an edit to nothing (refused as too short) or, queued offline, as none
        description="The text to accept instead of the proposed one.",
        json_schema_extra={"maxLength": models.CONTENT_MAX},
    )
    over: Annotated[str, AfterValidator(_version)] | None = Field(
        default=None,
        max_length=MEMORY_ID_MAX,
        description="When the memory the item changes was replaced since it was queued (the accept is refused, "
        "naming the current version): that current version's id, to replace it with the item's change after all.",
    )


class ItemsResponse(Response):
    items: Rows
    ids: list[int] | None = None  # ids_only
    total: int | None = None  # limit or offset: how many open items there are in all


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
    # The current version of the old memory's chain when a person replaced it since the item was
    # queued: accepting is refused unless `over` names it (curate_accept).
    old_current: str | None = None


class ResolutionResponse(Response):
    item_id: int
    changed: bool
    message: str
    status: str


@op("curate_list", "List review items", "read", ListRequest, ItemsResponse, mcp=True)
def curate_list(session: Session, p: ListRequest) -> ItemsResponse:
    """Review items waiting for the person (oldest first): kind, old vs new text, ids."""
    if p.ids_only:
        if p.all:
            raise InvalidInput("ids_only lists the open items; give it without all")
        return respond(ItemsResponse, {"items": [], "ids": review.open_ids(session.db)})
    if (p.limit is not None or p.offset) and (p.all or p.ids_only):
        raise InvalidInput("limit and offset page through the open items; give them without all or ids_only")
    if p.all:
        return respond(ItemsResponse, {"items": [i.as_json() for i in review.all_items(session.db)]})
    items = review.open_items(session.db, limit=p.limit, offset=p.offset)
    paged = {"total": len(review.open_ids(session.db))} if p.limit is not None or p.offset else {}
    return respond(ItemsResponse, {"items": [i.as_json() for i in items], **paged})


@op("curate_show", "Show a review item", "read", ItemRequest, ItemDetailsResponse)
def curate_show(session: Session, p: ItemRequest) -> ItemDetailsResponse:
    """One item with both memories' type, tier, confidence, dates and sources."""
    return respond(ItemDetailsResponse, review.details(session.db, review.get(session.db, p.item_id)))


@op("curate_accept", "Accept a review item", "destructive", AcceptRequest, ResolutionResponse, mcp=True)
def curate_accept(session: Session, p: AcceptRequest) -> ResolutionResponse:
    """Accept a review item: the proposed change replaces the current memory. Idempotent (says
    whether anything changed). Destructive: it is the person's decision; confirm with them first."""
    res = resolve.accept(session, p.item_id, choice=p.choice, edited_text=p.text, over=p.over)
    return respond(ResolutionResponse, asdict(res))


@op("curate_dismiss", "Dismiss a review item", "destructive", ItemRequest, ResolutionResponse, mcp=True)
def curate_dismiss(session: Session, p: ItemRequest) -> ResolutionResponse:
    """Dismiss a review item: a proposed change is rejected and tombstoned (not when a later version
    replaced what it would change since it was queued). Idempotent.
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
