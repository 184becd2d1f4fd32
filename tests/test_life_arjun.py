"""A twentieth person's life in chats (tests/fixtures/arjun), written blind in session 37: no rule, no
recall code and no other fixture's answers or chats read. Arjun Mehta, born in Jaipur, a manual tester at
Wipro in a Koramangala PG (Bengaluru), shifts to an HSR Layout flat with flatmates, joins Infosys in Pune
(Hinjewadi) as an SDET, gets engaged to Kavya and marries her, and moves to Dublin (Rathmines) on a
Critical Skills permit as a senior SDET at a fintech, Ledgerly; three managers, Jio to Airtel to Three
Ireland, cult.fit to Flyefit, the Pulsar sold, pure veg to eggetarian (AIB is a second bank beside HDFC:
a fact, not a change). He writes Hinglish: "abhi Pune mein hoon", "joined Infosys finally", "we shifted
to HSR Layout last month only", "I am having one Pulsar 150", "do the needful", a few Devanagari words.

Measured blind (session 37, the real model): 3 of 18 changes found (the manager Sunil -> Priyanka, Jio ->
Airtel, pure veg -> eggetarian), 3 false items of 6 open, the current value first for 8 of 17 questions,
4 of 5 foreign questions flagged ("which party I voted for" finds his "office party" turn). The fake
embedder: the same 3 found, 3 false, 8 first, 0 of 5 flagged. The false items (blind): his Rathmines
flat, his wedding ("Kavya and I got married", whose key pair is engaged -> married) and "mummy asked
what is my job actually. I am tester" (a restatement) each open an item the key does not name. The
floors: a general rule may raise them, none may lower them or add a false item, and nothing
he says of others (his cousin's job hunt, his parents' Udaipur plan, a cricketer's move, Kavya's new
job), nothing considered or imagined ("if I go Canada", a 3BHK plan), nothing of a test user or a
mock-interview role-play, nothing pasted (a Naukri post, an HR offer-letter template, a flat listing)
and no Bollywood plot may open one.

Session 37, life36 (the Hinglish register, memory/life.py `_HINGLISH`, tested in other words in
tests/test_life_hinglish.py; "tester" after "manual tester" is the same role, `life.same`): 15 of 18
found, 0 false items, 12 of 17 first with the real model (12 with the fake one), 4 of 5 flagged. The key
now names "I am senior SDET at Ledgerly" (his goals form, 2025-03-03) as the senior SDET change and the
move to Ledgerly: the first turn that says either, two weeks before the one the blind key named.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 15  # changes found today (either embedder); 3 blind
RANK1_FAKE = 12  # questions whose first result states the current value, fake embedder; 8 blind
RANK1_REAL = [  # the real model's, today (12 of 17): each must stay first
    "am I married or single",
    "do I have a bike",
    "where I am born",
    "what is my sister name",
    "what I am allergic to",
    "which college I did B.Tech from",
    "when is my birthday",
    "which bank I use in Ireland",
    # session 37, life36 (memory/life.py `_HINGLISH`): "Dublin mein settle ho rahe hain", "my manager here is Ciarán"
    "which city I am living in",
    "who is my manager",
    # and life36's carrier and employer without an article: "took Three Ireland sim", "I am senior SDET at X"
    "which company I am working in",
    "which mobile network I am using",
]
UNFLAGGED_REAL: list[str] = []  # the foreign questions that find something close today (session 41: none)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.ARJUN)


def test_nothing_he_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 18


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.ARJUN, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
