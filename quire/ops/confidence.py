"""How far a memory is trusted: decay, pin, unpin, confirm."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from memory import decay as decay_mod
from quire.ops.registry import (
    MemoryRequest,
    NoParams,
    Response,
    op,
    respond,
)

if TYPE_CHECKING:
    from memory.session import Session


class TrustResponse(Response):
    memory_id: str
    changed: bool
    message: str
    effective_confidence: float


class DecayResponse(Response):
    scanned: int
    updated: int
    at: str


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
