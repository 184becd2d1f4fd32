"""The store on a libSQL server: sending the outbox."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated

from pydantic import AfterValidator, Field

from quire.ops.registry import (
    NoParams,
    Request,
    Response,
    Rows,
    op,
    respond,
)

if TYPE_CHECKING:
    from memory.session import Session


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
    errors: list[str] = []  # the error lines of the writes sent: an import's refused units, as online
    bookkeeping: int = 0  # access counts recalls on the replica deferred, sent now


# The keys `quire sync` prints for the writes it sent or kept ("w_" and 32 hex digits: memory/outbox.new_key).
def _outbox_key(value: str) -> str:
    if not re.fullmatch(r"w_[0-9a-f]{32}", value):
        raise ValueError(
            "is not a queued write's key (w_ and 32 hex digits, as `quire sync` or the queued write printed it)"
        )
    return value


OutboxKey = Annotated[str, AfterValidator(_outbox_key)]


class DropRequest(Request):  # the shared base: a key pasted with a space around it is read as every id is
    keys: list[OutboxKey] = Field(min_length=1, max_length=100)


class DropResponse(Response):
    dropped: Rows  # key, kind, queued_at, attempts, error (the server's last refusal, if any)
    queued: int


class OutboxResponse(Response):
    writes: Rows  # key, kind, queued_at, attempts, error (the server's last refusal, if any)
    queued: int


@op("sync_list", "List queued writes", "read", NoParams, OutboxResponse, own_outbox=True)
def sync_list(session: Session, p: NoParams) -> OutboxResponse:
    """The writes waiting in this device's outbox, oldest first, each with its key and the server's
    last refusal (if any): what `quire sync` would send, and `quire sync drop` takes out. Works offline."""
    return respond(OutboxResponse, session.queued_writes())


@op("sync_drop", "Drop queued writes unsent", "write", DropRequest, DropResponse, own_outbox=True)
def sync_drop(session: Session, p: DropRequest) -> DropResponse:
    """Take writes queued while the server was unreachable out of the outbox, unsent (all or none):
    one the server will never take, which would fail every `quire sync`. Works offline."""
    return respond(DropResponse, session.drop_queued(list(dict.fromkeys(p.keys))))


@op("sync", "Send the outbox", "write", NoParams, SyncResponse, long=True, own_outbox=True)
def sync(session: Session, p: NoParams) -> SyncResponse:
    """Send the captures queued while the libSQL server was unreachable, oldest first (each applied once)."""
    return respond(SyncResponse, session.sync())
