"""A sixteenth person's life in chats (tests/fixtures/olena), written blind in session 36: no rule, no
recall code and no other fixture's answers or chats read. Olena, a Ukrainian accountant, leaves Kharkiv
in March 2022 with her son for Kraków (a hostel, then a room at a Polish family's; temporary protection
and a PESEL; a warehouse, then bookkeeping assistant under a new boss; PKO, Play, a Polish family doctor),
then in 2023 goes to Leipzig (a §24 residence permit, German A2 -> B1 -> B2, a Minijob in a bakery, a flat
in Gohlis, Sparkasse, Aldi Talk, a Hausarzt, then an accountant at a Steuerberater office under a new boss,
and a used Skoda). She writes English as a second language shaped by Ukrainian and Russian: no articles
("I work now in warehouse"), "I am living here from May", "yesterday I have got result", "already" and
"still" where Ukrainian puts them, "me 41", "how is called my doctor", and Polish and German words.

Measured blind (session 36, the real model): 4 of 16 changes found (bank, carrier, doctor, manager), 5
false items of 9 open, the current value first for 11 of 17 questions, 2 of 5 foreign questions flagged.
The fake embedder: the same 4 found and 5 false, 10 of 17 first ("what is name of my мама" finds her
test-data table), 0 of 5 flagged. The false items, old -> new as the item pairs them:
her "accountant" (Kharkiv) -> "bookkeeping assistant" (Kraków), a true change of role the key words as
employer steps through the warehouse; "I live in Kharkiv" -> "We are living in Leipzig from May", a true
move whose old value is stale (Kraków, never read as her home, was between); "I live in Kharkiv" ->
"We live in Saltivka" (a district of Kharkiv, the same home); Leipzig -> Dresden from a role-play line
she writes as a customer ("Ich bin Frau Schmidt, ich wohne in Dresden"); Dresden -> Kharkiv from "we
moved to Kharkiv when I was 7" (her childhood). These are floors: a general rule may raise them, none may
lower them, no new false item may appear, and nothing she says of others (her husband's unit, her
mother's flat, her mother-in-law's move, a friend's asylum case, her son's schools), nothing pasted (a
Jobcenter letter to a friend, a friend's CV), nothing considered (flat listings, a job she refused, "if
war ends") and no test data may open one.

After session 36 (life30: English without articles, `_NO_ARTICLES`; a childhood home is none now; a
dialogue line practised in German is a part played; districts of Kharkiv, Kraków and Leipzig are their
city; a firm named after its kind, "in bakery now, Bäckerei Körner"), with the real model: 12 of 17
changes found, no false item (of 12 open), the current value first for 16 of 17 questions, 2 of 5
foreign questions flagged; the fake embedder 12 found, no false item, 15 first. The key has one change
more (17): accountant (Kharkiv) -> bookkeeping assistant (Kraków), a true change of her role the blind
key stepped through as employers (make.py says why).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 12  # changes found (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 15  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's (16 of 17): each must stay first
    "where I work now",
    "in which city I live now",
    "who is my boss",
    "which status I have, what document",
    "which level is my German",
    "in which bank I have account",
    "which is my mobile operator",
    "how is called my doctor",
    "we have car?",
    "where I was born",
    "how is called my sister",
    "what is name of my мама",
    "which university I finished",
    "on what I have allergy",
    "in which month is my birthday",
    "when is birthday of Maksym",
]
UNFLAGGED_REAL = [  # the foreign questions that find something close today: none other may
    "which size of shoes I wear",
    "which music instrument I play",
    "I have tattoo?",
]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.OLENA)


def test_nothing_she_says_of_others_considers_pastes_or_plays_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 17


def test_what_is_read_of_her_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.OLENA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
