"""Messages said in the same minute (WhatsApp's clock has no seconds) or the same second (a chat
export's) are in the order they were written: which one is the newer is the store's order, never
the order of their random ids. Two homes importing one export see the same changes and results."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import quire
from memory import capture, review

# Tom corrects himself within the minute: the second message is what holds.
CHAT = """\
12/03/2024, 09:15 - Anna: Hey! How is the new flat?
12/03/2024, 09:16 - Tom: I live in Leeds now, right by the station
12/03/2024, 09:16 - Tom: Sorry, typo. I live in York now, not Leeds
"""


@pytest.fixture(params=["ids rising", "ids falling"])
def ids(request, monkeypatch):
    """New memory ids that sort with the order of writing, or against it."""
    step = 1 if request.param == "ids rising" else -1
    counter = itertools.count(10**11 if step == 1 else 10**12 - 1, step)
    monkeypatch.setattr(capture, "new_id", lambda: f"mem_{next(counter):012x}")


def _chat(tmp_path: Path) -> Path:
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(CHAT, encoding="utf-8")
    return path


def test_a_correction_in_the_same_minute_is_the_newer_statement(session, tmp_path, ids):
    session.import_path(_chat(tmp_path))
    items = review.open_items(session.db)
    assert [(i.old, i.new) for i in items] == [
        ("I live in Leeds now, right by the station", "Sorry, typo. I live in York now, not Leeds")
    ]


def test_recall_puts_the_later_of_one_minute_first(quire_home, tmp_path, ids):
    with quire.open(quire_home) as q:
        q.import_path(_chat(tmp_path))
        hits = q.recall("where do I live", k=2, detail=True).results
    assert hits[0].content.startswith("Sorry, typo. I live in York")


def test_a_friends_correction_in_the_same_minute_answers_where_they_live(quire_home, tmp_path, ids):
    # Between people a friend's own statements answer "where does Anna live", the newest first
    # (retrieval/recall._said_by): newest among one minute's is the later written.
    chat = tmp_path / "WhatsApp Chat with Anna.txt"
    chat.write_text(
        "12/03/2024, 09:15 - Tom: Hey! How is the new flat?\n"
        "12/03/2024, 09:16 - Anna: I live in Leeds now, right by the station\n"
        "12/03/2024, 09:16 - Anna: Sorry, typo. I live in York now, not Leeds\n",
        encoding="utf-8",
    )
    with quire.open(quire_home) as q:
        q.import_path(chat)
        hits = q.recall("where does Anna live", k=2, detail=True).results
    assert hits[0].content.startswith("Sorry, typo. I live in York")
