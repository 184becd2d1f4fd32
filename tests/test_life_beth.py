"""A twenty-ninth person's life in chats (tests/fixtures/beth), written blind in session 42: no rule, no
recall code and no other fixture's answers or chats read. Beth Kowalski, an Army spouse and dental
hygienist with two kids, goes from on-post housing at Fort Bragg (renamed Fort Liberty and back while she
stays in the same quarters) through three weeks in the TLF to a rental in Freihung near Vilseck, Germany,
then (orders to Fort Hood cancelled for Fort Carson, three weeks in a hotel) to a house she buys in
Colorado Springs. Her job goes from a Fayetteville practice to a contract post at the Rose Barracks dental
clinic to a Colorado Springs practice, her license from North Carolina to Colorado, the kids' school twice,
her car twice (Odyssey, Touran, Highlander), her carrier twice (Verizon, o2, T-Mobile), Tricare twice
(Prime, Overseas, Select); she opens a Sparkasse account, hands off the FRG leader role, rehomes her cat and
adopts a dog. She writes tidy, polite full sentences heavy with military acronyms. Around her own changes:
Mike's orders, promotion, deployment and new unit, his NCOER bullets, an FRG newsletter, a housing office
email, a friend's first-person resume, a neighbour's new house, Ava's first-person story, a hypothetical
Hawaii BAH question, a dental therapy plan.

Measured blind (session 42, persona36), either embedder: 3 of 18 changes found (both car steps and the
Sparkasse account), 4 false items of 7 open. The false items, as the import names them:
  - phone provider: Verizon -> T-Mobile ("We switched to T-Mobile when we landed ..."): a true change of
    carrier, but paired past the o2 SIM she had in between ("I got a German SIM with o2"), so neither key
    step is found;
  - car: Toyota Highlander -> Colorado ("My Colorado license came through this morning! ..."): her license
    read as a car;
  - home: Fort Bragg -> Germany ("We landed in Germany on Thursday and the kids are wide awake ..."): a
    landing read as a new home (her home is the Freihung lease, three weeks later, not read);
  - home: Germany -> Colorado Springs ("We closed on our house in Colorado Springs today ..."): the true
    move, paired with the landing rather than the Freihung lease.
The current value first: 11 of 18 questions with the real model, 9 of 18 with the fake embedder. Foreign
questions flagged: 5 of 5 with the real model (0 of 5 with the fake). These are floors: a general rule may
raise them, none may lower them, and the false items may only go (none other may come).

After session 42's life43 (memory/life.py's block "An Army spouse's chats", each class tested in other words in
tests/test_life_military.py): 17 of 18 found, 0 false items, the current value first for 14 of 18 with the real
model (13 with the fake), 5 of 5 foreign flagged. The one not found is the key's "bank: Navy Federal ->
Sparkasse", by decision: "I opened a German account at the Sparkasse ... so we can pay the rent" is an account
beside the one she keeps (everything else stays with Navy Federal, which the key also asks as a fact), read as
"second bank", no switch. Still not first (real model): the license's state (a CE-hours turn comes first), the
kids' school (the Hood-to-Carson turn), the orders after Germany (the Germany orders' turn) and the credit union
(nothing close: the Navy Federal turn is a budget, with or without an item open).

After the lead's question forms (session 42, `tests/test_asked_every_attribute.py`: a credit union is a bank, a
Tricare plan an insurance, a license asked by its state, where orders sent us, the kids' school asks each child's
school read by name): 17 of 18 first with the fake embedder, 18 of 18 with the real model.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 17  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 17  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (18 of 18): each must stay first
    "Which state is my hygiene license in?",
    "What school do the kids go to?",
    "Where did our orders after Germany end up sending us?",
    "Which credit union have we always banked with?",
    "Where do we live now?",
    "Where am I working these days?",
    "What car do we drive?",
    "Which phone carrier are we with?",
    "Which German bank did I open an account with?",
    "Which Tricare plan are we on?",
    "Am I still the FRG leader?",
    "Do we have a pet?",
    "Where was I born?",
    "Where did I do my hygiene degree?",
    "What am I allergic to?",
    "What is my sister's name?",
    "What month is our wedding anniversary?",
    "Who is Ava's teacher?",
]
UNFLAGGED_REAL: list[str] = []  # the real model flags every foreign question today


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.BETH)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 18


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.BETH, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
