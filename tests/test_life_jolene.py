"""A thirtieth person's life in chats (tests/fixtures/jolene), written blind in session 43: no rule, no
recall code and no other fixture's answers or chats read. Jolene Tan, a Singaporean accounts executive at
an audit firm, stays with her parents in Bedok, then rents a room in Tampines with Marcus ("shifted to
tampines already"), then shifts into their own Punggol BTO after key collection. She joins Marina Union
Bank's finance team as a financial analyst, gets a new boss (Rachel Seah, after Kelvin leaves) and is
promoted to senior analyst; Marcus goes from boyfriend to fiance ("marcus propose already") to husband
(the ROM); she moves her salary from POSB to OCBC, ports her number from Singtel to SIMBA, trades the
ActiveSG gym for a spin studio and pottery for bouldering, registers with a Punggol GP, loses her hamster
and adopts a cat. She keeps her surname; her best friend takes her husband's. She writes quick
Singlish-flavoured lowercase ("already" closing a change, "stay" for live, "got" for have), office English
in the drafts she pastes. Around her own changes: her brother's NS, camp, girlfriend and new DBS account,
a colleague's resignation letter (a new employer), her mother's new polyclinic, a condo listing, two HDB
letters, her boss's farewell email, a payslip, a wedding invitation, her best friend's first-person
wedding speech (a new surname and home), a role-played announcement as her boss, a DBS plan and a quiz.

Measured blind (session 43, persona37), either embedder: 2 of 15 changes found (both role steps: accounts
executive -> financial analyst -> senior analyst), 2 false items of 4 open. The false items, as the import
names them:
  - relationship: dating marcus -> married ("we ROM already last saturday at the ROM building! so marcus
    officially my husband now haha ..."): a true change, but paired with the boyfriend past the proposal
    ("marcus propose already", the fiance step, not read), so neither key step is found;
  - partner: marcus -> birthday ("my husband birthday next week, first one as married ..."): a birthday
    read as a new partner.
Not read at all: both moves, the employer, the new boss, the bank, the telco, the gym, the GP, the hobby
and both pet steps. The current value first: 12 of 19 questions with the real model, 9 of 19 with the
fake embedder. Foreign questions flagged: 2 of 5 with the real model (0 of 5 with the fake). These are
floors: a general rule may raise them, none may lower them, and the false items may only go (none other
may come).

After her classes (session 43, life44: memory/life.py's block "Singlish, and a life said with 'already'",
tested in other words in tests/test_life_singlish.py): 15 of 15 found, 0 false items, 19 of 19 first with
either embedder, 3 of 5 foreign questions flagged with the real model (a dropped "do" read: "which football club
i support?"). The floors below are those.

Session 44 (life46, tests/test_life_s44.py): "which primary school i went to?" and "what i score for my o levels?"
ask a primary school and an exam's results, which a person says only in their words; none of hers holds them (a
letter alone, the "o" of "kopi o kosong", names nothing), and a cosine alone (0.413, the CPF plan's "my OA")
answers neither: 5 of 5 foreign questions flagged with the real model.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 15  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (19 of 19): each must stay first
    "where i stay now ah?",
    "which company i working at now?",
    "what's my job title now?",
    "who's my boss now?",
    "marcus is my what now, bf or husband?",
    "which bank my salary go in now?",
    "which telco i using now?",
    "where i go exercise now?",
    "which clinic i go when sick now?",
    "what hobby i doing these days?",
    "got pet or not now?",
    "which hospital i born in?",
    "which poly i went?",
    "what's my blood type?",
    "what my mum's name?",
    "what am i allergic to ah?",
    "what's my CPF goal?",
    "my brother name what?",
    "did i change my surname after marriage?",
]
# (session 44: life46: a primary school and an exam's results are asked now, said only in their own words, which
# no turn of hers holds: the O levels had met a savings plan's "my OA" at 0.413, and "kopi o kosong" held their "o")
UNFLAGGED_REAL: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.JOLENE)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 15


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.JOLENE, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
