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

The two false items were each a step of their own life the key did not name, not something of others:
the ranger entry ("I'm a seasonal park ranger ... My supervisor Deb") -> "Today was my last day at
Glacier" (leaving the park ends Deb as their supervisor), and the Missoula entry that names the gear shop
("Got a job at Bitterroot Outfitters") -> "I'm a student teacher at Washington Middle School" (the
spring's placement is where they work; "Back to folding fleece at Bitterroot" in the summer says they had
left the shop). The key has both steps since session 37 (life34): 18 changes.

After session 37 (life34: a journal's register, tests/test_life_journal.py: a dated entry's heading, a
room rented, a cabin rented, a house closed on, a bank opened, a membership got, a new therapist started
with, "Jordan and I have been dating", a principal, a dream told): 18 of 18 found, no false item, 20 of 20
first with the fake embedder; with the real model 18 of 18, no false item, 20 of 20 first and 3 of 4
foreign questions flagged (the mock interview still answers "do I play an instrument"). These are
floors: a general rule may raise them, none may lower them, and nothing they say of others (Sky's and
Jordan's jobs, Tess's divorce, students moving), nothing dreamt, written in the novel (Wren and Cal move
and get jobs), planned or imagined (the Highline hike, the Yellowstone job), pasted (the housing memo),
listed (a house for sale) or said in character (a mock interview) may open an item.

Session 42 (weak42): a breakup ends the partner, as dani's and ines's keys read theirs ("Sky and I broke up" is no
partner now): the key has the step (Sky -> the breakup -> Jordan, "am I still with Sky": the breakup), 19 changes,
19 of 19 found, no false item, 21 of 21 first with the fake embedder and the real model.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 19  # changes found (either embedder), of 19
RANK1_FAKE = 21  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's (21 of 21, session 42): each must stay first
    "where do I live these days",
    "what town am I in now",
    "who do I work for",
    "what's my job",
    "who's my boss",
    "am I still with Sky",
    "who am I seeing",
    "do I have a dog",
    "what do I drive",
    "who's my therapist",
    "where do I bank",
    "where do I climb",
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
UNFLAGGED_REAL: list[str] = []  # the foreign questions that find something close (retr39: the instrument none)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.ROWAN)


def test_nothing_they_say_of_others_dream_write_or_paste_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 19


def test_what_is_read_of_them_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_their_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.ROWAN, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
