"""A fifteenth person's life in chats (tests/fixtures/lucia), written blind in session 35: no rule, no
recall code and no other fixture's answers or chats read. Lucía, an Argentine QA engineer, goes from
Villa Crespo (Buenos Aires) to Lavapiés (Madrid) on a digital nomad visa, joins a Madrid travel-tech firm
as senior QA (a work permit, a new boss), then moves to Gràcia (Barcelona) as QA lead at a gaming studio,
and changes partner, bank, carrier, doctor and gym, adopts a cat, quits smoking and eats fish again. She
writes English as a second language with Spanish-shaped grammar: "I am living in Madrid since march",
"I have 34 years", "actually I work in ..." (currently), "my boss is called Jordi", "since two weeks",
"eventually" (maybe), "how is called my mum".

Measured blind (session 35, the real model): 4 of 14 changes found, 2 false items, the current value
first for 11 of 21 questions, 3 of 4 foreign questions flagged. After life26's rules for second-language
English (memory/life.py's `_SECOND_LANGUAGE`, tested in other words in tests/test_life_second_language.py):
15 of 16 found (the key holds two more true changes since, each the step before one of its own: her home
in Buenos Aires before Lavapiés, QA analyst before senior QA; "actually I live in gràcia" and "I am in
barcelona since one month" are one turn, one home said twice: one item, against Madrid), 0 false,
21 of 21 first with the real model (the fake embedder too), 3 of 4 foreign questions flagged ("I have
tattoos?" finds her Gràcia turn, as it did blind). These are floors: a general rule may raise them, none
may lower them, and nothing she says of others (her mum's move, her brother's and Núria's new jobs, her ex's
new girlfriend, a coworker's visa, a friend's wedding), nothing considered or imagined (a flat listing,
Glovo's offer, the lead position, Valencia "eventually", a cat "eventually"), nothing of a test persona
or a fake user in a bug report, nothing pasted (a lease naming the landlord) and nothing she asks to say
in Catalan may open an item.

Session 36 (life27): "actually I work in Monedita, is a fintech" reads as her employer then (memory/life.py's
`_WORK_IN_FIRM`, tested in other words in tests/test_life_forms27.py), and the key holds the true change it
makes, the step before one of its own (Monedita -> Viajalia, left out of the blind key): 17 of 17 found.

Session 52 (READING 28): "my boss gustavo will sign" reads her boss (a first name that opens a city's name,
"Gustavo A. Madero", is no longer that city), and the key holds the true change it makes, her boss at Monedita
then Carmen at Viajalia (left out of the blind key, as the step above was): 18 of 18 found.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 18  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 21  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (all 21): each must stay first
    "in which city I am living now",
    "what is my position in the work",
    "where I am living now",
    "where I am working now",
    "who is my boss",
    "I have girlfriend or boyfriend?",
    "which visa I have in spain",
    "what is my bank",
    "which company is my phone",
    "who is my doctor",
    "where I make sport",
    "what I eat, I am vegetarian?",
    "I have pets?",
    "where I was born",
    "how is called my brother",
    "in which month is my birthday",
    "to what I am allergic",
    "in which university I studied",
    "how is called my cat",
]
UNFLAGGED_REAL = ["I have tattoos?"]  # the foreign questions that find something close today: none other may


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.LUCIA)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 18


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.LUCIA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
