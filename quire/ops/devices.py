"""The store on a libSQL server: sending the outbox."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quire.ops.registry import (
    NoParams,
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


@op("sync", "Send the outbox", "write", NoParams, SyncResponse, long=True, own_outbox=True)
def sync(session: Session, p: NoParams) -> SyncResponse:
    """Send the captures queued while the libSQL server was unreachable, oldest first (each applied once)."""
    return respond(SyncResponse, session.sync())
