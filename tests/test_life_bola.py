"""A twenty-fifth person's life in chats (tests/fixtures/bola), written blind in session 39: no rule, no
recall code and no other fixture's answers or chats read. Bolanle "Bola" Adeyemi, a Nigerian-British
hairdresser in south London, goes from renting a chair at Glamour Hair in Peckham (Auntie Shola's salon) to
owning Crown & Glory Hair Studio, separates from her husband Tunde, moves with the kids from a flat on
Bellenden Road to a rented house in Nunhead and then to her own house in Thornton Heath, has a new partner,
Kola, and takes a second job as a part-time NVQ assessor at Lewisham College (line manager Diane Henry).
Her own bank (Barclays -> Monzo), phone (EE -> giffgaff), GP, car (Corsa -> Toyota Previa), church, gym
(Zumba -> PureGym) and diet (swallow every day -> low carb) change too. Most of her chats are the salon's,
and the salon says "we": it moves to a bigger unit on Rye Lane while she moves house, its account goes to
Tide while hers goes to Monzo, it changes card machine and supplier and takes on a stylist; none of that,
nor an Instagram caption in its voice, a job ad, a pasted lease clause, a client's move to Dubai, her
sister's new job, her son's new school, her ex's move, a second branch she only imagines or a training
role-play in which she plays a client, may open an item. She writes warm, quick, phone-typed
Nigerian-British English with Yoruba and pidgin ("abeg", "o", "wahala", "omo", "sha", "abi").

Measured blind (session 39, the real model): 3 of 14 changes found (married -> separated, Barclays ->
Monzo, Corsa -> Previa), 1 false item, the current value first for 14 of 20 questions, 3 of 5 foreign
questions flagged ("what star sign am I" finds the card-machine sign at the till, "do I play any musical
instrument" the training role-play). The fake embedder: the same 3 found and the same false item, 12 of 20
first, 0 of 5 flagged. These are floors: a general rule may raise them, none may lower them.

The false item was the key's framing more than a misreading: it paired "my husband Tunde's 40th" (January
2023) with "my partner Kola is taking me to a wedding" (claim partner: Tunde -> Kola), while the key's
partner step to Kola started from "me and Tunde have separated" (the relationship's, not the partner's). The
partner does go Tunde -> Kola: the key starts that step from "my husband Tunde" since (session 39).

After her classes (session 39, memory/life.py's block "A business's 'we' beside its owner's life", tested in
tests/test_life_business_owner.py: a chair rented, working for herself then a second job, a manager named
with where, a house rented by its kind, a GP registered with, "I'm with X now, the church near the house", a
gym by its class, a staple eaten every day, a qualification by its level; memory/vocab.py: an ended contract
is not the carrier): the real model 14 of 14 found, 0 false items, 18 of 20 first, 3 of 5 flagged; the fake
embedder 14 of 14, 0 false, 17 of 20 first. Left: "what's my salon called" (named only as a name chosen,
"Crown & Glory Hair Studio!!! that's it"), "what's my daughter's name" (said only as "Dami (12) and Tolu
(9)"), and the two foreign questions below.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 14  # changes found today (either embedder)
RANK1_FAKE = 18  # questions whose first result states the current value, fake embedder (18 since session 42: weak42)
RANK1_REAL = [  # the real model's, today (18 of 20): each must stay first
    "am I still renting a chair or what do I do now",
    "who do I work for apart from my salon",
    "who is my boss now",
    "where do I live now",
    "am I still with Tunde",
    "who is my partner",
    "who do I bank with personally",
    "which network is my phone on",
    "which GP surgery am I with",
    "what car do I drive",
    "which church do I go to",
    "where do I exercise",
    "what's my diet like these days",
    "where was I born",
    "how old was I when I came to London",
    "what's my sister's name",
    "what am I allergic to",
    "what hairdressing qualification do I have",
]
UNFLAGGED_REAL = ["do I play any musical instrument"]  # (session 41: "what star sign am I" flagged)
#  # none other may find something close


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.BOLA)


def test_nothing_the_salon_says_as_we_nor_what_others_do_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 14


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_no_false_item_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.BOLA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
