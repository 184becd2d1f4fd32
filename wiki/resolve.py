"""Resolving review items of every kind: the layer that knows both the memories and the pages.

`memory.review` resolves the kinds it owns (revisions, contradictions) and takes a handler for the
kinds the wiki owns (page revisions); this module passes the wiki's handler, bound to the session's
vault. Every caller that resolves an item (the ops, so the CLI, the service, MCP and the
interactive `quire curate` walk) comes through here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memory import review
from memory.db import Database
from wiki import pages

if TYPE_CHECKING:  # memory.session pulls numpy: the CLI's path to the warm service stays without it
    from memory.session import Session


@dataclass(frozen=True)
class PageRevisions:
    """accept writes the proposed (or edited) page text into the vault; dismiss keeps the page."""

    root: Path

    def accept(self, db: Database, item: review.ReviewItem) -> str:
        return pages.apply_revision(db, item, self.root)

    def dismiss(self, db: Database, item: review.ReviewItem) -> str:
        return pages.dismiss_revision(db, item)


def handlers(session: Session) -> dict[str, review.KindHandler]:
    return {"page_revision": PageRevisions(session.wiki_dir)}


def accept(
    session: Session,
    item_id: int,
    *,
    choice: str | None = None,
    edited_text: str | None = None,
    over: str | None = None,
) -> review.Resolution:
    """Accept an item of any kind as `session.actor` (idempotent); `over`: see memory.review.accept."""
    return review.accept(
        session.db,
        item_id,
        actor=session.actor,
        choice=choice,
        edited_text=edited_text,
        handlers=handlers(session),
        over=over,
    )


def dismiss(session: Session, item_id: int) -> review.Resolution:
    """Dismiss an item of any kind as `session.actor` (idempotent)."""
    return review.dismiss(session.db, item_id, actor=session.actor, handlers=handlers(session))
