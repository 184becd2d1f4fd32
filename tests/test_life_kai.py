"""An eighteenth person's life in chats (tests/fixtures/kai), written blind in session 36: no rule, no
recall code and no other fixture's answers or chats read. Kai Nakamura-Silva, a Navy Aviation Machinist's
Mate from Hilo, goes from the barracks on North Island to a 2br in Chula Vista while on the USS Theodore
Roosevelt, PCSes to NAF Atsugi (HSM-77, a new chief, a house in Yamato, a PCX scooter, Rakuten Mobile, the
base gym), is frocked to AD2 and marries Leilani, then separates (DD-214), moves to Aiea, studies A&P at
Honolulu CC on the GI Bill and is hired by Hawaiian Airlines (a lead, HMSA through work after Tricare and
VA health care, a used 4Runner, Verizon, a boxing gym). Navy Federal stays his bank throughout. He writes
terse military shorthand: lowercase, "w", "thru", "rn", "idk", CAPS for emphasis, PCS, LPO, chief, CO,
underway, liberty, TAD, BAH, frocked, DD-214.

Measured blind (session 36, the real model): 1 of 19 changes found (24 Hour Fitness -> the base gym at
Atsugi), 2 false items, the current value first for 14 of 27 questions, 4 of 5 foreign questions flagged
("do i have any tattoos" finds his 96 request to his LPO). The fake embedder: 1 found, the same 2 false
items, 14 of 27 first.

The two false items are true changes read a step short: "picked up a used 4Runner" is paired with "my
2016 Tacoma" (car: Tacoma -> 4Runner) and "switched to Verizon" with "im on T-Mobile" (phone provider:
T-Mobile -> Verizon), because the steps between ("bought a used PCX scooter", "got a Rakuten Mobile sim")
are not read as his car or his carrier; the key's changes are PCX -> 4Runner and Rakuten -> Verizon.
They may go (a rule that reads the middle step), none may be added.

Session 36 (life32, a life said without "I": `_SUBJECTLESS` in memory/life.py): 16 of 19 found with the
fake embedder and with the real model, 16 of 27 first (the real model: 17), 4 of 5 foreign flagged, no
false item (the scooter and the Rakuten sim are read, so both steps are the key's). Still missed: "got
married to Leilani" ("my gf Leilani" is not read as dating her), "hired at Hawaiian Airlines" (his Navy
employer is said only in a question), "taking HMSA thru work" (left unread: the VA enrolment arrives after
it in the import, and Tricare -> HMSA would open an item a step short).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 16  # changes found today (the fake embedder; the blind measure found 1)
RANK1_FAKE = 16  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (17 of 27; 14 blind): each must stay first
    "where do i live now",
    "what gym do i go to",
    "where do i work now",
    "where was my last duty station",
    "whos my supervisor now",
    "am i married",
    "what do i drive now",
    "what phone carrier did i have in japan",
    "whos my phone carrier now",
    "what health care did i have right after i got out",
    "where was i born",
    "whats my moms name",
    "whats my brothers name",
    "what am i allergic to",
    "where did i do boot camp",
    "whens my bday",
    "what bank do i use",
]
UNFLAGGED_REAL = ["do i have any tattoos"]  # the foreign questions that find something close today: none other may


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.KAI)


def test_nothing_he_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []  # (blind: two, each a true change read a step short)
    assert measured["changes"] == 19


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.KAI, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
