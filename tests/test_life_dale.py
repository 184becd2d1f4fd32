"""An eleventh person's life in chats (tests/fixtures/dale), written blind in session 33: no rule, no
recall code and no other fixture's answers or chats read. Dale, 61, an Army veteran, leaves the HVAC
firm he ran a crew for to run his own outfit and moves from San Antonio out to a lake town; he changes
employer, role, home, truck, bank, blood pressure pill, church, carrier, phone, VA doctor and
supplier, and quits dipping. He types on his phone: fragments, "n" for "and", dropped g's ("bein",
"movin"), no apostrophes ("its my own"), "teh", a word or a line in capitals ("i QUIT the dip"), "the
wife", "my bride", "grandbabies"; now and then his granddaughter types for him.

Measured blind (session 33, the real model): 1 of 12 changes found, 0 false items, the current value
first for 11 of 20 questions, 1 of 4 foreign questions flagged; "where do I live" came back empty.
After life21's general readings of a life typed on a phone (memory/life.py `_typed_out`,
`_PHONE_TYPED`, memory/vocab.py; tested in other words in tests/test_life_phone.py): 12 of 12 found,
0 false, 18 of 20 first with the real model (13 with the fake one), 2 of 4 foreign flagged. These are
floors: a general rule may raise them, none may lower them, and nothing he says of others (his wife's
retirement, his son's job and move, his daughter's divorce and move, a customer's propane, a buddy's
boat), nothing considered and not done (going out on his own before he does, a Ram he only thinks of,
Florida, a contract he turns down), no joke (a yacht on LBJ, married to his truck) and nothing pasted
(a VA letter, a customer's email, a price list) may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 12  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 13  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today: each must stay first
    "what blood pressure pill am I on",
    "who's my phone carrier",
    "what phone do I have",
    "do I still dip",
    "who's my doctor",
    "where did I grow up",
    "how many years was I in the army",
    "what rank did I retire at",
    "what's my blood type",
    "what's my dog's name",
    "what's my son's name",
    # read by the rules session 33 wrote after (life21: memory/life.py `_PHONE_TYPED`)
    "where do I live",
    "who do I work for",
    "what truck do I drive",
    "where do I bank",
    "what church do we go to",
    "where do I buy my equipment",
]
# the foreign questions that find something close today: none may (retr39: the instrument and the plate,
# held by no memory, are nothing close: recall._nothing_states)
UNFLAGGED_REAL: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.DALE)


def test_nothing_he_says_of_others_jokes_about_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 12


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.DALE, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
