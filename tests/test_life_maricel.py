"""A thirty-fourth person's life in chats (tests/fixtures/maricel), written blind in session 45: no rule, no
recall code and no other fixture's answers or chats read. Maricel "Cel" Dizon, a nursing board passer from
Ormoc who works in a call centre, types Taglish (Tagalog-English code-switching: po/opo, haha, charot, sana
all, ung/nmn/lng/kc/d2, typos, some whole messages in English). She goes from a bedspace in Teachers Village,
Quezon City to a studio in Lahug near Cebu IT Park to the staff housing in Al Murabba, Riyadh; from a CSR at
Teleperformance (graveyard shift, TL Sir Rodel) to team lead there, to a team lead at TaskUs on dayshift, to
a staff nurse at Dallah Hospital (head nurse Ma'am Lorna). She switches BDO to BPI, GCash to Maya, Globe to
Smart to STC, Anytime Fitness to Gold's Gym, Dr. Santos to Dra. Lim, a Honda Click to an NMAX, her puspin
Mingming (left with her nanay) for an aspin, Chuchay, and her jowa Jerome for Carlo. Around her own changes:
her ate's move to Calgary, her kuya's new job, a friend's new bank and Facebook post, a pamangkin's essay,
a GCash SMS, a Dubai job offer she turns down, a DMW advisory, a Makati condo plan and two Dubai what-ifs.

Measured blind (session 45, persona41): 0 of 17 changes found and 0 review items open, with either embedder
(no Taglish change statement is read: "lumipat na ako sa Cebu!!", "Smart na ako ngayon kc ang hina ng Globe",
"si Carlo na jowa ko ngayon", "nag-NMAX na ako"...), so no false item either. The current value first: 3 of 19
questions with the fake embedder (the IELTS score, her nanay's birthday, and her position, first only through
the pasted Dubai offer's "Staff Nurse", an offer she turned down), 4 of 19 with the real model (those three
and her jowa). Foreign questions flagged: 0 of 5 with either embedder (a Taglish question always finds
something close). These are floors: a general rule may raise them, none may lower them, and no false item may
come.

After session 45's life53 (a block of rules that reads each life area in Tagalog and Taglish, of her only:
memory/life.py `_S45T_`, tests/test_life_maricel_classes.py): 17 of 17 changes found and no false item, with either
embedder; the current value first for 17 of 19 questions with either (a remittance service now read and asked:
"Enjaz na lng ako"; not where she is from, said only as her nanay's town, nor the year she passed the nursing
board, said once in passing); foreign questions flagged: 0 of 5 with the fake embedder, 2 of 5 with the real model
("ano blood type ko?" now asks what the English one asks; "ilan tattoo ko?" asks a thing said by its word, which no
turn of hers holds: `life.by_its_words`); the other three still find a turn of hers close by its Tagalog function
words.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 17  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 17  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (17 of 19): each must stay first
    "san na nga ako nakatira ngayon?",
    "saan ako nagtatrabaho ngayon?",
    "ano position ko sa work ngayon?",
    "sino boss ko ngayon?",
    "anong shift ko ngayon?",
    "Which bank ang gamit ko ngayon?",
    "anong e-wallet gamit ko?",
    "What's my phone network now?",
    "sino jowa ko ngayon?",
    "san ako nag-gygym?",
    "may alaga ba ako?",
    "sino dentist ko ngayon?",
    "anong motor ko ngayon?",
    "ano allergy ko ulit?",
    "What was my IELTS score?",
    "kailan birthday ni nanay?",
    "ano gamit ko pang padala kay nanay ngayon?",
]
UNFLAGGED_REAL = [  # the real model finds something close for these foreign questions today
    "What's my zodiac sign?",
    "anong paborito kong anime?",
    "ano size ng sapatos ko?",
]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.MARICEL)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 17


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.MARICEL, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
