"""A thirtieth person's life in chats (tests/fixtures/ava), written blind in session 43: no rule, no
recall code and no other fixture's answers or chats read. Ava Lindqvist, a QA tester at a game studio
(Driftwood Interactive) turned UX writer at a fintech (Ledgerline), comes out during the history: her
early chats are signed "Alex" ("hi it's alex again", "Alex Lindqvist (he/him)"), then she goes by Ava
(she/her), then her legal name change goes through ("i'm officially ava lindqvist"). Her home goes from a
room in a shared house in Portland's Hawthorne district to her own studio in Sellwood to a one-bedroom on
Seattle's Capitol Hill with her girlfriend Priya (single, then dating, then living together); her role
from QA tester to UX writer to senior UX writer, with a new manager at Ledgerline; her HRT from her GP to
Alder Street Clinic and from estradiol pills to injections; her bank (Rivermark to BECU), carrier (Mint
Mobile to Visible), climbing gym (The Circuit to Seattle Bouldering Project); she sells her Honda Fit,
adopts a second cat (Tofu, beside Miso) and stops DMing her Thursday D&D group to just play. She writes
dry lowercase with parentheses, em-dashes and D&D jokes, and pastes bug reports and code from work. Around
her own changes: her rogue's new name and new home, her friend Jules's name change and move, her sister
Karin's new job and bank, Priya's new job, a pasted listing, a Vancouver BC plan, a hypothetical, an HR
policy email, a cover letter in a friend's first person, and a bug report with test-account data.

Measured blind (session 43, persona38), either embedder: 0 of 18 changes found, 1 false item of 1 open.
The false item, as the import names it: "role: qa contractor -> senior ux writer" (the turn "marcus just
told me i got promoted to senior ux writer!! ..."): a true change of her role, but paired past the UX
writer title she held in between ("officially a ux writer now"), so neither key step is found. None of
her own changes of name, pronouns, home, employer, manager, partner, clinic, medication, bank, carrier,
gym, car, pet or hobby is read; nothing she says of others, plans, pastes or plays opens an item.
The current value first: 12 of 22 questions with the real model, 10 of 22 with the fake embedder. Foreign
questions flagged: 4 of 5 with the real model (the SAT question finds "8 months vs like 3 weeks. easy
math. even for a qa tester"), 0 of 5 with the fake. These are floors: a general rule may raise them, none
may lower them, and the false item may only go (none other may come).

After session 43's life45 (memory/life.py's block "A name changed, and a life said in lowercase asides", each
class tested in other words in tests/test_life_ava_classes.py): why nothing was found was systemic: she names
everything in lower case (banks, managers, neighbourhoods, employers, clinics, gyms), which the rules read only
with a capital, and says some of it without "I"; one side of each change was read, never both. Now 13 of 18 found,
0 false items (the role's middle step, "officially a ux writer now", is read), the current value first for 18 of
22 with the real model and the fake embedder, 4 of 5 foreign flagged with the real model (0 of 5 fake). Still not
found: her pronouns (the "from" is an email signature she pastes), the estradiol pills to injections (read as
"estradiol valerate", which `same` holds the same medicine as "estradiol"), the carrier ("done, switched to
visible" pairs with "i've been on mint mobile for years" of the same chat, not the key's earlier statement: left
unread), the second cat (a count, "a second cat", from "my cat miso": no count said) and the DM stepped down.

After session 44's life46 (memory/life.py's block "session 44", tested in other words in tests/test_life_s44.py): 16
of 18 found, 0 false items, the current value first for 20 of 22 with either embedder, 5 of 5 foreign flagged with
the real model. Estradiol pills to injections is a change (a medicine in another form: "estradiol valerate" after
"estradiol"), the second cat is one added ("my cat miso (orange, chaotic, 4)" read as her cat; "a second cat ...
named tofu" makes "miso and tofu", an item that says the addition), the DM given up is a volunteer role handed on
("i DM for a group", "i finally quit DMing"; her aside "i'm still the dm, for my sins" is left unread, as the change
would pair with it and not the statement the key names), and "what did i get on the SAT?" asks an exam, which no
turn names. Still not found: the pronouns' side, the carrier.

Session 45 (life51) looked at both as classes and left them, for one reason: each has a statement of the old or new
value between the key's two. The pronouns: a pronoun set in brackets after the person's own name ("Alex Lindqvist
(he/him)" in the signature she drafts, "so i go by ava now (she/her)") is one class; read, it reads both, and
he/him -> she/her then pairs with the go-by turn (August 2023), a month before the key's "i'm she/her now" (September
2023), which restates it: found by the key only through an item it calls false. The carrier: "done, switched to
visible and ported my number" (a change said after "done," with no subject) is unread, and read it pairs with "i've
been on mint mobile for years but the service ... is garbage" two minutes before it in the same chat, not with the key's
"i'm on mint mobile ($15/mo, 5gb)" of February 2023: the same value, restated, so the item's old side is the newer
line and the eval calls it false. Not reading the premise ("X for years but ... what's a cheap carrier") would lose a
true statement of the carrier to fit the key.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 16  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 20  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (20 of 22): each must stay first
    "what name do i go by?",
    "what's my legal name now?",
    "what are my pronouns?",
    "who do i work for?",
    "what's my job title?",
    "who's my manager at work?",
    "am i seeing anyone?",
    "where do i go for my hrt?",
    "what estradiol am i on?",
    "where do i bank?",
    "which climbing gym do i go to?",
    "do i still have a car?",
    "where was i born?",
    "where did i go to college?",
    "what's my sister's name?",
    "what am i allergic to?",
    "what month is my birthday?",
    "what's my shoe size?",
    # session 44 (life46): the second cat, the DM given up
    "what pets do i have?",
    "am i still the DM for my thursday group?",
]
UNFLAGGED_REAL: list[str] = []  # (session 44: the SAT asks an exam now, which no turn names: flagged)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.AVA)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 18


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.AVA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
