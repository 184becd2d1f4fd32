"""A fourteenth person's life in chats (tests/fixtures/tunde), written blind in session 35: no rule, no
recall code and no other fixture's answers or chats read. Tunde, a Nigerian junior doctor in the UK,
goes from FY2 at Leeds General to CT1/CT2 in Sheffield to ST3 cardiology at Wythenshawe, changes
clinical supervisor, gets his ILR, marries Funmi, moves from a hospital room in Leeds to a two-bed in
Sale, and changes bank, car, carrier, gym, GP and church, starts running and gives up energy drinks.
He writes terse lowercase British-Nigerian English in NHS shorthand ("abeg", "e don do", "CS", "ST3"),
and says each change inside a request ("now that I'm ST3", "ILR came through", "married 2 weeks now",
"everything's in barclays now").

Measured blind (session 35, the real model): 3 of 15 changes found, 0 false items, the current value
first for 9 of 23 questions, 3 of 5 foreign questions flagged. After life25's general rules
(memory/life.py's `_DOCTOR`, tested in other words in tests/test_life_doctor.py): 13 of 16 found (the
key holds one more true change since: "first week as a registrar", the step between FY2 and ST3, an
ST3 being a registrar; tests/fixtures/tunde/make.py says which), 0 false, 17 of 23 first with the real
model (18 with the fake one). Not read: "my girlfriend funmi" (a partner named by the word is no
relationship yet: read so, marisol's "my boyfriend Ray" after her divorce opened an item and took "am I
still married" from the divorce), "running 3 times a week now" after "i only lift" (a second sport is
no change of the first). Session 36 (life27, tests/test_life_forms27.py): his blood group listed on a
wallet card ("i'm allergic to penicillin ..., O negative, next of kin funmi"), his degree's school on his
CV ("MBBS University of Ibadan 2018"), his mum named without "my" ("mummy is folake adeyemi") and his
girlfriend before her "'s" ("my girlfriend funmi's birthday") are read: 20 first with the fake embedder,
21 of 23 with the real model. "now that I'm ST3" is read (as it was) but is one grade with "first week as a
registrar" a fortnight before, so it opens no item of its own. "married 2 weeks now" after "my girlfriend
funmi's birthday" is a change of the partner since life31 (tests/test_life_forms31.py): 15 found with either
embedder, 0 false. These are floors: a general rule may raise them, none may lower them, and nothing he says
of others (exam vignettes' patients with homes, jobs and habits, his brother's move, his mother's and his
wife's new jobs, a colleague's rotation), nothing considered or declined (Monzo, a BMW, a fellowship offer,
"if i get the manchester job") and nothing pasted (a rota email, a friend's tenancy and Home Office letter, a
church notice) may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 15  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 20  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today: each must stay first
    "where do i work now",
    "what city do i live in",
    "what grade am i",
    "who's my clinical supervisor",
    "what's my visa status",
    "am i married",
    "where do i live",
    "who do i bank with",
    "what car do i drive",
    "what church do i go to",
    "who's my GP",
    "what gym am i a member of",
    "who's my phone network",
    "do i still drink energy drinks",
    "when's my birthday",
    "what am i allergic to",
    "what's my brother's name",
    # session 36 (life27): his mum named without "my", his degree's school on his CV, his blood group on a
    # wallet card, his girlfriend named before her "'s" (she is his wife now)
    "what's my mum's name",
    "where did i go to medical school",
    "what's my blood group",
    "what's my wife's name",
]
# the foreign questions that find something close today (the blind measure's two): none other may
# (session 43: weak43: a master's asks its level, no MBBS; session 44: life46: the landlord, who someone is, is not
# answered by a cosine alone where no turn that close names anyone: his letting agent's turn met it at 0.431)
UNFLAGGED_REAL: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.TUNDE)


def test_nothing_he_says_of_patients_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 17


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.TUNDE, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
