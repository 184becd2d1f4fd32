"""A twentieth person's life in chats (tests/fixtures/wen), written blind in session 37: no rule, no recall
code and no other fixture's answers or chats read. Wen Zhao, a Chinese-Canadian community pharmacist, uses
the assistant almost only to draft things (emails, texts, LinkedIn posts, a bio, a toast, landlord notices,
a complaint, an out-of-office), and her own changes are said inside the asks: "write a short LinkedIn post
saying I've joined London Drugs as pharmacy manager after 4 years at Shoppers", "help me tell my landlord
I'm moving out of the Kitsilano place end of June", "make this sound less stiff: Hi Dr Patel, I'm your new
patient, I just moved to Calgary...". Kitsilano (Vancouver) to a Beltline rental to a condo in Bridgeland
(Calgary); Shoppers staff pharmacist to London Drugs pharmacy manager to the owner of her own pharmacy;
boyfriend Marcus to fiancé to husband (she keeps her surname); RBC to ATB, Fido to Telus, Dr. Lam to
Dr Patel, a Civic to a RAV4, a Kitsilano gym to a climbing gym, no pets to a cat, the BC college to the
Alberta one.

Measured blind (session 37, the real model): 2 of 17 changes found (Fido -> Telus, Civic -> RAV4), 3 false
items, the current value first for 12 of 20 questions, 4 of 5 foreign questions flagged ("do I play an
instrument?" finds the role-play interview). The fake embedder: 2 of 17, the same 3 false items, 13 of 20
first, 0 of 5 flagged. The false items, all three from reading her work (the LinkedIn post for London Drugs
was read as her employer, but paired with nothing before it):
- "I joined Bolder Climbing Community in Calgary ... I'm a beginner and a pharmacist" read as a new
  employer, against the London Drugs LinkedIn post (Bolder is her climbing gym);
- "LinkedIn post pls: we opened Riverside Family Pharmacy today ... I'm the owner and pharmacist" read as
  a new role against the Bolder bio's "a pharmacist" (a true change, paired with the wrong old statement);
- "help me write an email to our mortgage broker ... I'm pharmacy manager at London Drugs since July 2023"
  read as a new role against the Bolder bio (a restatement of the role she took in July 2023).
After the drafting register (session 37, life35: memory/life.py "Drafting register", tests/test_life_drafting.py),
with the real model: 16 of 17 changes found, no false item, 19 of 20 first, 4 of 5 foreign questions flagged
(the fake embedder: 16 of 17, none false, 19 of 20). Missed: the city, Kitsilano -> "I just moved to Calgary"
(the Beltline rental said before it is in Calgary, so the draft's "Calgary" says less than it: no change of
home, and no attribute "city" apart from the home). Not first: "where did I study pharmacy?" (the technician
posting first; "UBC pharmacy 2016" in her bio's facts states no degree the rules read).
These are floors: a general rule may raise them, none may lower them, and no false item may come back;
nothing she says of others (her sister's engagement, her mum's move to Steveston,
Marcus's new job), nothing pasted (a job ad, a recruiter's pitch, her landlord's notice, her sister's speech
draft, her cousin's cover letter), nothing imagined (Toronto, a dog someday), nothing of a role-play
candidate and her keeping her surname may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 16  # changes found (either embedder): 2 blind
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder (13 blind)
RANK1_REAL = [  # the real model's (19 of 20; 12 blind): each must stay first
    "who do I work for now?",
    "what's my job title?",
    "what city do I live in?",
    "where do I live now?",
    "who's my boss?",
    "am I married?",
    "which bank am I with?",
    "who's my phone carrier?",
    "who's my family doctor?",
    "what car do I drive?",
    "where do I work out?",
    "do I have a pet?",
    "which college am I registered with?",
    "where was I born?",
    "where did I grow up?",
    "what's my sister's name?",
    "what drugs am I allergic to?",
    "what's my cat called?",
    "what languages do I speak?",
]
UNFLAGGED_REAL: list[str] = []  # the foreign questions that find something close today (retr39: none)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.WEN)


def test_nothing_she_drafts_for_others_pastes_or_imagines_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 17


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.WEN, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
