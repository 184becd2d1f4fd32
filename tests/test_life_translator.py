"""A ninth person's life in chats (tests/fixtures/translator), written blind after session 21: no
rule, no recall code and no other fixture's answers or chats read. Magda, a Polish translator and
young mother, leaves Berlin-Neukölln for Wrocław with her partner and daughter and goes in-house;
fourteen things change, each said in passing inside a terse question, with "rn", "tbh", "w/", emoji
and Polish words ("since we're back in wroclaw for good", "the new mieszkanie on kosciuszki", "my
lekarz rodzinny here is dr. nowak", "pani kowalczyk, my dentystka here", "everything i have is in
mbank now", "married 3 weeks now").

Measured blind (the real model): 0 of 14 changes found, 0 false items, the current value first for
3 of 22 questions (her carrier, her car, her sister's name), 2 of 4 foreign questions flagged ("what
musical instrument do I play" answers with a line about giving birth, "what's my car's license
plate number" with the Fabia). The fake embedder: 0 found, 0 false, 4 of 22 first, 0 of 4 flagged.
These are floors: a general rule that starts reading her may raise them, none may lower them, and
nothing she says in passing (her sister's move and job offer, her partner's brother's job and his
own offer, a move and a wedding announced before they happen, a bank she asks about, a friend's
dog, her mother's carrier, a pasted clinic notice naming doctors she never saw, a landlord's letter
naming the next tenants, a kindergarten notice naming a new teacher) may open an item.

Session 25 (general rules, each tested in other words in tests/test_life_forms.py): 7 of 14 found,
13 of 22 first (real model), 11 of 22 (fake).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

# changes found today (either embedder): lexiconnect -> brightpath since life17, sertraline -> escitalopram
# since life20 (a medicine asked about at the dose she is on)
FOUND = 9
RANK1_FAKE = 11  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today: each must stay first
    "which mobile network am I on",
    "what car do we drive",
    "what's my sister's name",
    # read from the closed vocabularies (memory/vocab.py: a city, a bank, a phone)
    "what city do I live in",
    "which bank am I with",
    "what phone do I have",
    # her first week at Brightpath, typed in lower case (memory/life.py `_LOW_PLACE`)
    "who do I work for",
    # read by general rules written after (memory/life.py: a doctor's noun in the person's first language,
    # "X, my <noun>", a prescribing doctor, an activity done now, married or not, a pet named before its
    # noun; questions about a medicine, a marriage, a pet)
    "who is my family doctor",
    "who is my dentist",
    "what sport do I do",
    "am I married",
    "what pet do we have",
    "what antidepressant do I take",
    # a relation named by a name ("my son greg", "my mama danuta": memory/life.kin_named)
    "what's my mom's name",
    # a daughter said by what only a child has ("zosia (2.5) starts at her kita": memory/life.kin_implied, life20)
    "what's my daughter's name",
]
UNFLAGGED_REAL: list[str] = []  # none finds something close since life24 (a car's plate asks the plate, `life.asked`)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.TRANSLATOR)


def test_nothing_she_says_in_passing_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 14


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.TRANSLATOR, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
