"""A thirteenth person's life in chats (tests/fixtures/marisol), written blind in session 34: no rule, no
recall code and no other fixture's answers or chats read. Marisol, a restaurant general manager in
Kissimmee, separates and divorces, takes back her maiden name, moves to an apartment in Orlando and
buys a condo in Winter Park, gets her real estate licence and leaves the restaurant for one brokerage
and then another (a new broker), gets engaged to Ray, and changes car, bank, carrier, church, doctor,
pharmacy and medication and quits smoking. She writes in English with Spanish dropped in ("mi mamá",
"ay bendito", "pues"), runs sentences together with "...", and says each change inside a request
("since the condo in Winter Park closed", "my first month with Lakeside & Palm", "now that im
licensed").

Measured blind (session 34, the real model): 6 of 15 changes found, 2 false items, the current value
first for 17 of 22 questions, 3 of 4 foreign questions flagged. After life23's general rules (memory/life.py,
tested in other words in tests/test_life_midlife.py; memory/correction.py's statements said between an
item's two sides, tests/test_life_said_between.py): 15 of 19 found (the key holds four more true changes
since, each the step between two of its own: Orlando between the house and the condo, separated before
divorced, Sunstate before Lakeside & Palm), 0 false, 22 of 22 first with the real model (19 with the fake
one), 4 of 4 foreign questions flagged ("what's my passport number" asked of her: nothing states it). These are
floors: a general rule may raise them, none may lower them, and nothing she says of others (her
ex-husband's move and job, her sister's job, her son's dorm and car, her daughter's schools, a coworker
leaving, her mother's move), nothing considered and dropped (Tampa, a regional manager job, SoFi, a
Pilot), nothing of a listing or an exam question, and nothing pasted (a custody order, a client's
email, a lease, a buyer-broker agreement) may open an item.

Session 35 (life24, tests/test_life_forms24.py): 19 of 19, 0 false, 22 of 22 first. A partner named by the
word for them ("my husband Héctor", then "my fiancé Ray and I"), a church gone to ("we've been going to Vida
Nueva since June") and by its congregation's doings ("the Lenten fish fry at St. Rose of Lima"), and the
changes that skip a step counted through the item that lists the earlier value (`eval.lifechanges`).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 19  # changes found today, either embedder (the patterns and vocabularies do not depend on it; 15 before life24)
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (all 22): each must stay first
    "where do I live now",
    "what's my last name",
    "am I still married",
    "who's my partner",
    "where do I work",
    "who's my broker",
    "what do I do for work",
    "what car do I drive",
    "which bank am I with",
    "who's my phone carrier",
    "what church do I go to",
    "who's my doctor",
    "which pharmacy do I use",
    "what medication am I on",
    "do I smoke",
    "where was I born",
    "what's my son's name",
    "what's my daughter's name",
    "what's my mom's name",
    "when is my birthday",
    "what am I allergic to",
    "where does my sister live",
]
UNFLAGGED_REAL: list[str] = []  # the foreign questions that find something close today: none may


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.MARISOL)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 19


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.MARISOL, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
