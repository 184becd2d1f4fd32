"""A sixteenth person's life in chats (tests/fixtures/sam), written blind in session 36: no rule, no
recall code and no other fixture's answers or chats read. Sam Reyes, a young trans man, goes from a house
off Bissonnet (Houston) with two roommates to an apartment in the Heights with his boyfriend Marco, then,
single again, to his sister's place in Stone Oak (San Antonio); from barista at Bayou Bean (dashing for
DoorDash, then Uber on top) through a pharmacy tech certificate to a CVS, then University Hospital with a
new supervisor; his legal name changes in court, he asks for he/him at work, and he changes car, carrier,
insurance, doctor and bank and adopts a second cat. He writes fast US texting: lowercase, "lol", "ngl",
"rn", "w" (with), "abt", "im", sentences with no "I" ("switched to visible", "got the job at ...").

Measured blind (session 36): 2 of 17 changes found (the Corolla and the CVS), 3 false items, the current
value first for 10 of 24 questions with the real model (7 with the fake embedder), 4 of 5 foreign
questions flagged with the real model (0 of 5 with the fake). The three false items: "i still work at
bayou tho" (a restatement of the barista job) read as a new employer "bayou tho" against the barista
turn; the CVS hire then paired against that "bayou tho" turn instead of the barista one; the Corolla
paired against "my civic finally died" instead of "my 2009 civic" (both are his Civic: the key named the
first, the item lists it among the earlier values, so the change counted found and the item false).

After life29's rules for a texter's register (memory/life.py's `_TEXTING`, tested in other words in
tests/test_life_texting.py: "I" dropped at a sentence's start, "w" for "with", a trailing "tho", a gig
added "too", "im he/him", "a san antonio resident", "me and marco got our own apartment"): 16 of 17
found, 0 false, 21 of 24 first with the real model (19 with the fake embedder), 4 of 5 foreign
questions flagged (with a relation named a sentence later, "... my mom. ... her name is rosa", and "a
second cat" read as a count, "4 cat trees" not). The key's car change now names "my civic finally
died" (the newest statement of the Civic, which the item pairs the Corolla with, as a reviewer needs
it) instead of the first. "we adopted a second cat" after "its just me and frijol" (of "my cat frijol")
is a change of the count of pets since life31 (tests/test_life_forms31.py): 17 found with either embedder.
These are floors: a general rule may raise them, none may lower them, no false item may be added, and
nothing he says of others (his sister's divorce and dating bio, his mom's move to Monterrey, his
roommates' new job and move, his ex's promotion), nothing pasted (a DoorDash order, a practice
prescription, a listing of a flat and of a job), nothing of his D&D blacksmith in Waterdeep (told, and
played) and nothing imagined or planned (Austin, his own place next summer) may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 17  # changes found today (either embedder)
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (21 of 24): each must stay first
    "whats my legal name",
    "what pronouns do i use at work",
    "what city do i live in rn",
    "am i dating anyone rn",
    "what apps do i drive for",
    "where do i work rn",
    "whos my boss rn",
    "what was i studying in school",
    "what car do i drive",
    "whats my phone carrier",
    "what health insurance do i have",
    "whos my doctor",
    "what bank do i use",
    "where was i born",
    "whats my sisters name",
    "what am i allergic to",
    "when is my bday",
    "what high school did i go to",
    "whats my older cats name",
    "how many cats do i have",
    "whats my moms name",
]
UNFLAGGED_REAL = ["do i have any tattoos"]  # the foreign questions that find something close today: none other may


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.SAM)


def test_nothing_he_says_of_others_pastes_plays_or_imagines_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 17


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.SAM, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
