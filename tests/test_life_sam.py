"""A sixteenth person's life in chats (tests/fixtures/sam), written blind in session 36: no rule, no
recall code and no other fixture's answers or chats read. Sam Reyes, a young trans man, goes from a house
off Bissonnet (Houston) with two roommates to an apartment in the Heights with his boyfriend Marco, then,
single again, to his sister's place in Stone Oak (San Antonio); from barista at Bayou Bean (dashing for
DoorDash, then Uber on top) through a pharmacy tech certificate to a CVS, then University Hospital with a
new supervisor; his legal name changes in court, he asks for he/him at work, and he changes car, carrier,
insurance, doctor and bank and adopts a second cat. He writes fast US texting: lowercase, "lol", "ngl",
"rn", "w" (with), "abt", "im", sentences with no "I" ("switched to visible", "got the job at ...").

Measured blind (session 36): 2 of 17 changes found (the Corolla and the CVS), 3 false items, the current
value first for 10 of 24 questions with the real model (7 with the fake embedder), 4 of 5 foreign
questions flagged with the real model (0 of 5 with the fake). The three false items: "i still work at
bayou tho" (a restatement of the barista job) read as a new employer "bayou tho" against the barista
turn; the CVS hire then paired against that "bayou tho" turn instead of the barista one; the Corolla
paired against "my civic finally died" instead of "my 2009 civic" (both are his Civic: the key names the
first, the item lists it among the earlier values, so the change counts found and the item false).
These are floors: a general rule may raise them, none may lower them, no false item may be added, and
nothing he says of others (his sister's divorce and dating bio, his mom's move to Monterrey, his
roommates' new job and move, his ex's promotion), nothing pasted (a DoorDash order, a practice
prescription, a listing of a flat and of a job), nothing of his D&D blacksmith in Waterdeep (told, and
played) and nothing imagined or planned (Austin, his own place next summer) may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 2  # changes found today (either embedder)
RANK1_FAKE = 7  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (10 of 24): each must stay first
    "am i dating anyone rn",
    "what apps do i drive for",
    "what was i studying in school",
    "what car do i drive",
    "where was i born",
    "whats my sisters name",
    "what am i allergic to",
    "when is my bday",
    "what high school did i go to",
    "whats my older cats name",
]
UNFLAGGED_REAL = ["do i have any tattoos"]  # the foreign questions that find something close today: none other may
FALSE_TODAY = (  # the false items blind (the docstring says why each is false): none may be added
    "ok so i switched to the pharmacy tech certificate at san jac",
    "bought a used corolla!!",
    "PASSED THE PTCB!!! and i got hired at the CVS",
)


def _no_new_false_item(result: dict) -> None:
    assert len(result["false_items"]) <= len(FALSE_TODAY)
    assert [t for t in result["false_items"] if not t.startswith(FALSE_TODAY)] == []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.SAM)


def test_nothing_he_says_of_others_pastes_plays_or_imagines_opens_an_item(measured):
    _no_new_false_item(measured)
    assert measured["changes"] == 17


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    # lifefloors.hold_with_the_real_model asks for no false item at all; he has three today
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.SAM)
    _no_new_false_item(result)
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
