"""A thirty-sixth person's life in chats (tests/fixtures/kayla), written blind in session 45: no rule, no
recall code and no other fixture's answers or chats read. Kayla Tsosie, a line cook at a grill on Central in
Albuquerque, becomes an HVAC apprentice at Sandia Air Mechanical (a new boss, the EPA 608), moves to an
apartment in Santa Fe, switches Wells Fargo for Nusenda and Verizon for Cricket, trades her Civic for a used
F-150, leaves Marcus for Jaylen, loses her cat and adopts a dog, and takes a new doctor, gym, softball league,
church, medication (Zoloft to Lexapro) and insurance (Blue Cross to Presbyterian). She spells by ear and never
the same way twice ("mooved", "apartmint", "mangager", "docter", "Verison", "wells fargoe", "newsenda",
"crikcet"), few capitals, run-ons, emoji; the assistant spells right. Around her own changes: her cousin's
new job, her mom's move, a coworker's new truck, a Denver daydream, a pasted job posting, lease clause,
landlord text and recall notice.

Measured blind (session 45, persona43): 1 of 16 changes found (the medication), 1 false item of 1 open:
  - "my f150 ac is blowing warm lol the hvac girl with broken ac. is it the compresser": her truck's a/c
    question (the car change Civic -> F-150 is hers, but paired with this turn, not with "bought a used
    ford f150", so the key's step is not found and the item counts as false).
The current value first: 11 of 19 questions with the fake embedder, 12 of 19 with the real model. Foreign
questions flagged: 1 of 5 with the real model (0 of 5 with the fake). These are floors: a general rule may
raise them, none may lower them, and the false items may only go (none other may come).

After session 45's life54 (memory/life.py's block "spelling by ear (kayla)", each class tested in other words in
tests/test_life_kayla_classes.py): a misspelt word is read as the rules' key word or the list's name it is one slip
of the ear from ("mooved", "apartmint", "mangager", "docter", "insurence", "verison", "wells fargoe", "crikcet"),
in statements and questions, and her lower-case run-ons' car bought, bank and carrier switched to, insurer, gym,
league, place, new doctor, boss and boyfriend are read. The key now lists her break-up as a change of its own
(Marcus -> broke up -> Jaylen, as ines's and rowan's keys do): 17 changes. 13 of 17 found (either embedder), 0
false items; the current value first for 16 of 20 with the fake embedder, 18 of 20 with the real model; 1 of 5
foreign questions flagged with the real model. Not found: her role (apprentice: no rule reads "line cook" or
"apprentice" as a role), the EPA 608 passed, the pet (a cat and a dog are two attributes), the church (the old
one is said only as a potluck "at calvery ... after servise"). Still not first (real model): "am i still with
marcus" (the Jaylen turn comes first) and "what med am i on for anxiety" (the new doctor's turn).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 13  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 16  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (18 of 20): each must stay first
    "where do i live now",
    "where do i work",
    "whats my job",
    "whos my boss",
    "do i have my epa cert",
    "what bank am i with",
    "whos my phone carrier",
    "what do i drive",
    "whos my boyfriend",
    "do i have a pet",
    "whos my docter",
    "what gym do i go to",
    "what leage am i in",
    "what church do i go to",
    "whats my insurence",
    "where was i born",
    "what am i alergic to",
    "whats my sisters name",
]
UNFLAGGED_REAL = [  # foreign questions the real model finds something close to today
    "whats my blood tipe",
    "what hi school did i go to",
    "whats my favrite movie",
    "did i ever brake a bone",
]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.KAYLA)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 17


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.KAYLA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
