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
test-data table), 0 of 5 flagged. The false items (FALSE_TODAY), old -> new as the item pairs them:
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
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 4  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 10  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (11 of 17): each must stay first
    "who is my boss",
    "in which bank I have account",
    "which is my mobile operator",
    "how is called my doctor",
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
FALSE_TODAY = (  # the false items' new statements today (how each opens): none other may open
    "I got it! from this month I am bookkeeping assistant in small biuro rachunkowe",
    "We are living in Leipzig from May. Now we stay at cousin of Andriy",
    "Everybody talks about war now. Maksym heard at school and asks me. We live in Saltivka",
    "Guten Tag. Ich bin Frau Schmidt, ich wohne in Dresden",
    "I was born in Poltava, we moved to Kharkiv when I was 7.",
)


def _beyond_today(false_items: list[str]) -> list[str]:
    return [f for f in false_items if not f.startswith(FALSE_TODAY)]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.OLENA)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item_beyond_todays(measured):
    assert _beyond_today(measured["false_items"]) == []
    assert measured["changes"] == 16


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    # lifefloors.hold_with_the_real_model asks for no false item at all; she has five today
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.OLENA)
    assert _beyond_today(result["false_items"]) == []
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
