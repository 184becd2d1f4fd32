"""What the class tests of a person's life share: turns imported a month apart as a chat, and the first
memory recall gives for a question."""

from __future__ import annotations

from pathlib import Path

import quire
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.conftest import chat_turns


def imported(session, tmp_path: Path, turns: list[str]) -> None:
    """The person's turns as one chat, the 5th of each month from January 2024, in this order."""
    days = [f"2024-{n + 1:02d}-05T10:00:00Z" for n in range(len(turns))]
    session.import_path(chat_turns(tmp_path / "c.jsonl", list(zip(days, turns, strict=True))))


def first(session, query: str) -> str:
    """The text recall ranks first for `query` (every space, no floor), or "" for none."""
    hits = search(session, query, k=5, touch=False, scope=ALL_SPACES, no_floor=True).hits
    return hits[0].content if hits else ""


def review_items(home: Path) -> list[tuple[str, str, str]]:
    """The review queue's items as (kind, old text, new text), in its order."""
    with quire.open(home) as q:
        return [(i["kind"], i["old"], i["new"]) for i in q.review().items]


def employer_changes(home: Path) -> list[tuple[str, str]]:
    """The queue's changes of employer as (was, now)."""
    with quire.open(home) as q:
        items = q.review().items
    return [(i["payload"]["was"], i["payload"]["now"]) for i in items if i["payload"].get("attribute") == "employer"]
