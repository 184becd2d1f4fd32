"""A sixteenth person's life in chats (tests/fixtures/maeve), written blind in session 36: no rule, no
recall code and no other fixture's answers or chats read. Maeve Ó Súilleabháin, a solicitor in Cork for
thirty-four years, widowed, retires at 61, sells the family home in Douglas and moves to an apartment in
Kinsale, then with Declan (met through the sea swimmers) to a cottage outside Schull; she becomes a
part-time mediator, then chair of a befriending charity's board; changes GP twice (Aherne, Keohane,
Hegarty), bank twice (AIB, Revolut, a credit union), car (an old Volvo to an electric Kia), health
insurer (VHI to Laya) and mobile (Eir to Three), takes up sea swimming, joins a choir and leaves it, and
adopts a rescue lurcher. She writes to the assistant as if writing letters: "Dear ChatGPT," or "Good
morning," openings, long formal sentences in the passive voice, "I have been appointed chair of...",
"I have now relocated to...", "We are now both patients of...", "we" for Declan and herself, dates like
"the 14th of November", sign-offs ("Kind regards, Maeve", "Many thanks, M."), never a contraction.

Measured blind (session 36, the real model): 3 of 15 changes found (AIB to Revolut, the choir left, Eir
to Three), 0 false items (3 items open, all true), the current value first for 10 of 23 questions, 3 of
5 foreign questions flagged ("What is my blood group?" finds her blood pressure letter to Dr. Aherne,
"What is my favourite film?" her class reunion). The fake embedder: 3 found, 0 false, 12 of 23 first,
0 of 5 flagged. Missed: both homes (Kinsale, Schull), both roles (mediator, chair), Declan, both GPs
(Keohane, Hegarty), the credit union, the Kia, sea swimming, the lurcher and Laya. These are floors: a
general rule may raise them, none may lower them, and nothing she says of others (her son's and
daughter-in-law's move to Toronto and their new posts, her sister's retirement, a friend's nursing
home, Declan's boat, a charity's new chief executive), nothing considered or imagined (Portugal "were I
to move", Clonakilty "considering"), nothing pasted (an estate agent's comparable sales, a listing she
did not take, a friend's will naming addresses, a character reference naming a trainee's firm) and
nothing said in a role-play (a landlord of Barrack Street) may open an item.

After the formal register's rules (session 36, life28: memory/life.py's `_FORMAL`, tested in other words in
tests/test_life_formal.py), the real model: 14 of 15 changes found, 0 false items (14 open), the current
value first for 19 of 23 questions, 3 of 5 foreign questions flagged; the fake embedder: 14 found, 0 false,
18 of 23 first. Sea swimming taken up after "my only exercise is a walk along the Marina" is a change of
her exercise since life31 (tests/test_life_forms31.py): 15 found with either embedder, and what exercise
she takes first with the real model (20 of 23). Not first: where she moved when the Douglas house was sold
and the work she took up after retiring (questions of a time before now: the newest statement comes
first), her doctor when she lived in Kinsale (and, before life31, what exercise she takes).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 15  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 18  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (20 of 23): each must stay first
    "Where do I live at present?",
    "What position do I hold at present?",
    "Am I seeing anyone at present?",
    "Who is my general practitioner now?",
    "Into which account was my pension paid after I left AIB?",
    "With whom do I bank at present?",
    "What car do I drive?",
    "What exercise do I take?",  # (life31: the sea swimming, a change of her exercise)
    "Do I still sing in the choir?",
    "Have we a dog?",
    "Who is my health insurer?",
    "Which company provides my mobile telephone?",
    "Where did I grow up?",
    "What was my late husband's name?",
    "What is my son's name?",
    "What is my sister's name?",
    "When is my birthday?",
    "To what am I allergic?",
    "Where did I study law?",
    "What is the dog called?",
]
UNFLAGGED_REAL = [  # the foreign questions that find something close today: none other may
    "What is my blood group?",
]  # (retr39: "What is my favourite film?", a film held by no memory, is nothing close: recall._nothing_states)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.MAEVE)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 15


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.MAEVE, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
