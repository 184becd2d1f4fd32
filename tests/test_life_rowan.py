"""A twentieth person's life in chats (tests/fixtures/rowan), written blind in session 37: no rule, no
recall code and no other fixture's answers or chats read. Rowan Hale (they/them), a seasonal ranger at
Glacier living in employee housing in West Glacier, leaves the park for a rented room in Missoula and a
winter job at a gear shop, breaks up with Sky, adopts a heeler (Juniper), stops being vegetarian, student
teaches through the University of Montana's credential program, then teaches 7th grade science at Lincoln
Middle School in Bend, Oregon: a rented cabin, then a small house in Larkspur, a Subaru for the Tacoma, a
new therapist, an Oregon credit union, a new climbing gym, a principal for a boss, and Jordan. They write
to the assistant as a journal: dated entries ("Tues 4/18 —", "Sunday night."), past-tense story and
feelings, "Dear whoever reads this", an ask at the end or none; changes are told as what happened
("Today was my last day at Glacier", "We moved to Bend", "Closed on a small house in Bend today").

Measured blind (session 37, the real model): 4 of 16 changes found (Glacier -> Bitterroot Outfitters,
student teacher -> science teacher, Tacoma -> Subaru, vegetarian -> not), 2 false items, the current
value first for 12 of 20 questions, 3 of 4 foreign questions flagged ("do I play an instrument" finds
the mock-interview role-play). The fake embedder: the same 4 found and 2 false, 14 of 20 first ("where
do I climb" by luck: the Bend cover letter says "basalt"), 0 of 4 foreign flagged.

The two false items are each a step of their own life the key does not name, not something of others:
the ranger entry ("I'm a seasonal park ranger ... My supervisor Deb") -> "Today was my last day at
Glacier" (leaving the park), and the Missoula entry that names the gear shop ("Got a job at Bitterroot
Outfitters") -> "I'm a student teacher at Washington Middle School". They are held as a ceiling: no
other item may open. These are floors: a general rule may raise them, none may lower them, and nothing
they say of others (Sky's and Jordan's jobs, Tess's divorce, students moving), nothing dreamt, written
in the novel (Wren and Cal move and get jobs), planned or imagined (the Highline hike, the Yellowstone
job), pasted (the housing memo), listed (a house for sale) or said in character (a mock interview)
may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 4  # changes found today (either embedder)
RANK1_FAKE = 14  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (12 of 20): each must stay first
    "what's my job",
    "what do I drive",
    "where do I bank",
    "am I vegetarian",
    "where was I born",
    "what's my sister's name",
    "what am I allergic to",
    "where did I get my bachelor's",
    "what month is my birthday",
    "what's my dog's name",
    "what phone carrier am I on",
    "what was my major",
]
UNFLAGGED_REAL = ["do I play an instrument"]  # the foreign questions that find something close today
FALSE_TODAY = (  # the new statements of today's false items (true steps the key leaves out): no other may open
    "Thursday 10/12. Today was my last day at Glacier.",
    "4/9 — Got my placement. I'm a student teacher at Washington Middle School",
)


def _beyond_today(false_items: list[str]) -> list[str]:
    return [f for f in false_items if not f.startswith(FALSE_TODAY)]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.ROWAN)


def test_nothing_they_say_of_others_dream_write_or_paste_opens_an_item(measured):
    assert _beyond_today(measured["false_items"]) == []
    assert measured["changes"] == 16


def test_what_is_read_of_them_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_their_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    # lifefloors.hold_with_the_real_model wants no false item at all; theirs are held to today's two
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.ROWAN)
    assert _beyond_today(result["false_items"]) == []
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
