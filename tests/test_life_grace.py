"""A twenty-third person's life in chats (tests/fixtures/grace), written blind in session 38: no rule, no
recall code and no other fixture's answers or chats read. Grace Mensah, a Ghanaian-American claims adjuster
in Columbus, Ohio, divorced, two teenagers, becomes the main caregiver for her mother (dementia). Most of
what she writes is other people's lives: her mother's (assisted living, then memory care, a new
neurologist, new medicines, Medicaid), her son's (Ohio State, a new major, his own apartment), her
daughter's (a new school, a permit, a job at Kroger), her ex-husband's (remarried, moved to Atlanta), her
sister's (promoted, a bigger house). Her own changes come inside that talk: Nationwide -> a remote
workers' comp examiner job at Meridian Claims Administrators (a new supervisor), full time -> part time ->
full time remote, a house in Reynoldsburg -> a condo in Westerville, Camry -> a used Odyssey, her own
doctor, bank, church, phone carrier and gym, rice every day -> low carb, her CPCU, and a boyfriend, Kwame.
She types on her phone late at night: long run-ons, mostly lowercase, "Lord", now and then "abeg".

Measured blind (session 38, the real model; the fake embedder reads the same items): 2 of 15 changes
found (her manager Deb -> Tom Kessler, her carrier Verizon -> Mint Mobile), 5 false items of 7, the
current value first for 15 of 21 questions (11 with the fake embedder), 2 of 5 foreign questions flagged.
The five false items (each text is the item's new statement; `quire curate show` pairs them so):
  employer "Amazon" -> Meridian: the old side is the role-played claimant's line ("I live on Maple Avenue
    in Gahanna and I drive for Amazon"), not her Nationwide job;
  car Camry -> "Odyssey 2019": the new side is the van she is only pricing ("is that fair price"), not
    "bought the used Odyssey" two weeks later;
  bank "Nationwide" -> Kemba: the old side is her new-job turn ("I left Nationwide"), Nationwide read as a bank;
  phone provider Mint Mobile -> Verizon: "ok I called Verizon, everything is closed" read as going back;
  bank "Nationwide" -> Huntington: "my take home from Nationwide ... I bank with Huntington" against her
    "I'm full time in the office at Nationwide" (her employer read as her bank).
After her classes (session 38, life38: memory/life.py's block "Other people's lives around a caregiver",
memory/vocab.py `_not_had`, tested in other words in tests/test_life_caregiver.py): 14 of 15 changes found (the
diet's old side, "I eat rice nearly every day of my life", states no diet), 0 false items, the current value
first for 20 of 21 questions with the real model (17 with the fake embedder), 2 of 5 foreign questions flagged.
These are floors: a general rule may raise them, none may lower them, and no false item may be added.
Session 39 (life39, bola's classes: a staple eaten every day is a diet): 15 of 15 found, either embedder.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 15  # changes found (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder (session 41)
RANK1_REAL = [  # the real model's (21 of 21, session 41): each must stay first
    "who do I work for now",
    "what is my job now",
    "who is my supervisor",
    "am I full time or part time",
    "where do I live now",
    "what car do I drive",
    "who is my doctor",
    "what bank do I use",
    "what church do I go to",
    "who is my phone with",
    "am I seeing anybody",
    "what am I eating these days, what diet am I on",
    "did I get my CPCU",
    "where do I work out",
    "where was I born",
    "how old was I when we came to America",
    "what is my sister's name",
    "what am I allergic to",
    "where did I do my BA",
    "what's my mother's name",
    "what are my children's names",  # (session 41: "my kids. Kofi is 17 and Ama is 14")
]
# the foreign questions that find something close today: none may (retr39: tattoos, the vote and the
# instrument, held by no memory, are nothing close: recall._nothing_states)
UNFLAGGED_REAL: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.GRACE)


def test_no_false_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 15


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_no_false_item_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.GRACE, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
