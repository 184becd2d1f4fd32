"""A tenth person's life in chats (tests/fixtures/priya), written blind in session 32: no rule, no
recall code and no other fixture's answers or chats read. Priya, a product manager, leaves Bangalore
for London, a flatshare in Whitechapel and then a flat in Walthamstow; she changes employer, role,
manager, visa, bank, carrier, sport, diet, commute, GP and car, and marries. She dictates: long
lowercase run-ons with no punctuation, in Indian English and Hinglish ("only", "itself", "yaar",
"kindly do the needful"), each change said in passing inside a request ("now that we're in
walthamstow", "since joining paysora two weeks back", "my first month as GPM", "six weeks into
being married", "so i'm eggetarian now").

Measured blind (session 32, the real model): 1 of 14 changes found, 0 false items, the current
value first for 11 of 22 questions, 3 of 4 foreign questions flagged; "which city do I live in",
"where do I live", "what's my diet", "where did I grow up" and "where did I do my MBA" came back
empty (no rule read a statement of hers, and the hard "nothing states it" stood however close a
cosine came). After `tuning.STATED_ANYWAY`: 13 of 22 first. After life19's general rules for a
dictated life (memory/life.py `_DICTATED`, tested in other words in tests/test_life_dictated.py):
13 of 14 found, 18 of 22 first (either embedder), 0 false. Session 33 (the statements of what a
question asks as a channel of their own, and the city a part of it is in): 21 of 22 first with the
real model, 20 with the fake one. These are floors: a general rule that starts reading her may
raise them, none may lower them, and nothing she says of others (her
mother's dose and insulin, her sister's move and engagement, her father's retirement, a colleague's
move, her husband's new job), nothing announced before it happens or considered and dropped (the
move, the wedding, Manchester, an offer declined, a bank she asks about) and nothing pasted (a
landlord's email, an HR policy, an offer letter for a hire) may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 13  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 20  # questions whose first result states the current value, fake embedder (18 before session 33)
RANK1_REAL = [  # the real model's, today: each must stay first
    "who is my manager",
    "which bank do I use",
    "which mobile network am I on",
    "what exercise do I do",
    "what car do I have",
    "what's my sister's name",
    "what am I allergic to",
    "what's my mother tongue",
    "what's my husband's name",
    "when is my birthday",
    "where do I work",
    "what's my diet",
    # read by the rules session 32 wrote after (life19: memory/life.py `_DICTATED`)
    "where do I live",
    "what visa am I on",
    "am I married",
    "how do I get to work",
    "who is my GP",
    "where did I do my MBA",
    # session 33: the statements channel (retrieval/recall._stated) and the city named (`_city_named`)
    "what is my job title",
    "where did I grow up",
    "which city do I live in",
]
UNFLAGGED_REAL: list[str] = []  # none finds something close since life24 (a team supported, `life.asked`)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.PRIYA)


def test_nothing_she_says_of_others_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 14


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.PRIYA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
