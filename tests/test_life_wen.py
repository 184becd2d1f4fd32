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
These are floors: a general rule may raise them, none may lower them, and none of the three false items
may come back once gone; nothing she says of others (her sister's engagement, her mum's move to Steveston,
Marcus's new job), nothing pasted (a job ad, a recruiter's pitch, her landlord's notice, her sister's speech
draft, her cousin's cover letter), nothing imagined (Toronto, a dog someday), nothing of a role-play
candidate and her keeping her surname may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 2  # changes found blind (either embedder)
FALSE_TODAY = [  # the false items blind (either embedder): none other may open, and these may only go
    "I joined Bolder Climbing Community in Calgary. they want a two line member bio for their newsletter, "
    "can you write one, I'm a beginner and a pharmacist",
    "LinkedIn post pls: we opened Riverside Family Pharmacy today, my own independent pharmacy in Bridgeland! "
    "thank Marcus, my parents, the ATB team. I'm the owner and pharmacist",
    "help me write an email to our mortgage broker, she asked for a letter confirming my employment. "
    "I'm pharmacy manager at London Drugs since July 2023, salary attached",
]
RANK1_FAKE = 13  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, blind (12 of 20): each must stay first
    "who's my boss?",
    "am I married?",
    "who's my phone carrier?",
    "what car do I drive?",
    "where do I work out?",
    "do I have a pet?",  # first today through the old "coworker's cat" turn, not the adoption
    "which college am I registered with?",
    "where was I born?",
    "what's my sister's name?",
    "what drugs am I allergic to?",
    "what's my cat called?",
    "what languages do I speak?",
]
UNFLAGGED_REAL = ["do I play an instrument?"]  # the foreign questions that find something close today


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.WEN)


def test_nothing_she_drafts_for_others_pastes_or_imagines_opens_an_item_beyond_todays(measured):
    assert [t for t in measured["false_items"] if t not in FALSE_TODAY] == []
    assert measured["changes"] == 17


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.WEN)
    assert [t for t in result["false_items"] if t not in FALSE_TODAY] == []
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
