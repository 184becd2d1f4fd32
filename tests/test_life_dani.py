"""A twenty-eighth person's life in chats (tests/fixtures/dani), written blind in session 41: no rule, no
recall code and no other fixture's answers or chats read. Dani Reyes (legal name Daniela), they/them, a
singer-songwriter and guitarist, goes from a duplex in East Austin to a room in a shared house in East
Nashville and BACK to Austin (an apartment off South Congress); from lead guitar in The Low Tide to solo
to singer of Velvet Static; from bartending to teaching guitar at a music shop to full-time music; signs
with Ruby Hollow Records and then the deal falls through (still independent); gets a booking agent and
then another; splits with Marco and dates Jess; trades a Honda Element for a Ford Transit, a marketplace
plan for the union's, Dani Reyes for DANI RAE, an old doctor for a new one, and adopts a dog. They write
fast lowercase late at night in music shorthand ("gig", "load-in", "capo 3", "rn") and paste what is not
their life: first-person lyrics (a mill job quit, a move to Memphis, a lover left for a drummer), a stale
third-person bio, a tour itinerary, an agency's email about its new office, a video treatment's
character, a verse "as if i were a coal miner", an open-mic announcement; and their old drummer's move
and new band, Jess's new job, six weeks on tour, a month in Marfa, a week on a couch in LA, and a move to
LA only thought about.

Measured blind (session 41, the real model): 2 of 16 changes found (the dog and the van), 1 false item,
the current value first for 15 of 24 questions, 5 of 5 foreign questions flagged. The fake embedder: 2 of
16, the same false item, 12 of 24 first, 0 of 5 flagged. The false item is "home: nashville -> austin",
old "i signed with ruby hollow records!! ... small indie label here in nashville", new "biscuit has decided
6am is walk time now that we're back in austin ...": the move back is real, but the key's change is the
East Nashville room -> "new apartment off south congress", and the item's old side is a label
announcement. These are floors: a general rule may raise them, none may lower them, and no other false
item may appear: nothing they sing, paste, imagine or say of others may open one.

After session 41's life42 (memory/life.py's block "A touring songwriter's chats", each class tested in other
words in tests/test_life_music.py): 16 of 16 found, 0 false items, the current value first for 22 of 24 with
the real model (20 with the fake), 5 of 5 foreign flagged. Still not first: "am i still with marco" (the turn
that says he stays in Austin comes before the split) and "how old was i when i got my first guitar" (another
turn of that conversation).

Session 42 (weak42, tests/test_life_s42.py): "am i still with X" asks the partner after the statements naming X
(the split first) and the age a first came at is read ("i got my first guitar at 12"): 24 of 24 first with the
real model, 22 with the fake.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 16  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 22  # questions whose first result states the current value, fake embedder (22 since session 42: weak42)
RANK1_REAL = [  # the real model's, today (24 of 24, session 42): each must stay first
    "what part of nashville was i living in",
    "where do i live now",
    "after i left the low tide was i in a band or solo",
    "what band am i in rn",
    "where did i teach guitar",
    "do i still have a day job",
    "what label am i on",
    "who was my first booking agent",
    "who's my booking agent now",
    "am i still with marco",
    "who am i dating",
    "what do i drive",
    "what health insurance do i have",
    "what name am i releasing music under",
    "do i have a pet",
    "who's my doctor",
    "where was i born",
    "how old was i when i got my first guitar",
    "where did i go to college",
    "what am i allergic to",
    "whats my sisters name",
    "which ear has the tinnitus",
    "whats my legal name",
    "whats my dogs name",
]
UNFLAGGED_REAL: list[str] = []  # every foreign question finds nothing close with the real model today


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.DANI)


def test_nothing_they_sing_paste_imagine_or_say_of_others_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 16


def test_what_is_read_of_them_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_their_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.DANI, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
