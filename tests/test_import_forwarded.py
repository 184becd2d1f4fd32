"""A message forwarded in Telegram is the words of whoever wrote it first (`forwarded_from`), not of
the person who passed it on: Maria's "I moved to Berlin last week", forwarded by you, had been read
as your own move, your home changed in About me and a review item opened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire


def _chat(path: Path, first: str | None = "Maria Costa") -> Path:
    base = {"type": "message", "from": "Tom", "from_id": "user1"}
    msgs = [
        {**base, "id": 1, "date_unixtime": "1709287200", "text": "I live in Leeds, near the canal"},
        {**base, "id": 2, "date_unixtime": "1709287300", "forwarded_from": first,
         "text": "I moved to Berlin last week, the new flat is in Kreuzberg"},
        {"type": "message", "id": 3, "date_unixtime": "1709287400", "from": "Anna", "from_id": "user2",
         "text": "Oh nice, tell Maria congratulations from me"},
    ]  # fmt: skip
    out = path / "result.json"
    out.write_text(json.dumps({"name": "Anna", "type": "personal_chat", "id": 7, "messages": msgs}))
    return out


@pytest.mark.parametrize("me", [{"me": "Tom"}, {}], ids=["--me", "told by the chat's name"])
def test_a_forwarded_message_is_the_words_of_who_wrote_it(tmp_path: Path, me):
    with quire.open(tmp_path / "home") as q:
        report = q.import_path(_chat(tmp_path), **me)
        hits = q.recall("moved to Berlin Kreuzberg", k=1, detail=True).results
    assert report.changes == []
    assert hits[0].content.startswith("I moved to Berlin") and hits[0].speaker == "Maria Costa"
    assert hits[0].type == "note"


def test_a_message_forwarded_from_a_hidden_name_is_nobodys_you_know(tmp_path: Path):
    # Telegram writes "forwarded_from": null for a sender who hides their name when forwarded.
    with quire.open(tmp_path / "home") as q:
        report = q.import_path(_chat(tmp_path, None), me="Tom")
        hits = q.recall("moved to Berlin Kreuzberg", k=1, detail=True).results
    assert report.changes == [] and hits[0].speaker == "unknown" and hits[0].type == "note"
