"""A thirty-second person's life in chats (tests/fixtures/wilma), written blind in session 44: no rule, no
recall code and no other fixture's answers or chats read. Wilma Jorgensen, a retired farm wife and RN in her
seventies who TYPES EVERYTHING IN CAPITALS (names included, few apostrophes, double spaces), sells the farm six
miles north of Aurora, Nebraska, moves to a little house in York, then closes on a condo in Sioux Falls near
her daughter. Her doctor changes twice (Halverson, Kaur, Okafor), her pharmacy (Aurora Drug to Hy-Vee), church
(St Johns to Our Saviors Lutheran), bank (Hamilton County Bank to Voyage Federal Credit Union), phone (the
Windstream landline to Consumer Cellular), car (Buick LaCrosse to Chevy Equinox), dog (Skipper put down, Biscuit
adopted), card club (pinochle to bridge), hearing aids (Miracle Ear to Costco's), blood pressure pill
(metoprolol to amlodipine) and Medicare plan (Mutual of Omaha Plan F to Humana Advantage); a widow, she finds a
gentleman friend (Walt); she takes on and steps down from a Pink Lady shift. Around her own changes: a
grandson's two jobs and apartment, her daughters' moves and jobs, a friend's new bank, a granddaughter's wedding
and move, a church bulletin, a recipe, a bank merger letter and an obituary pasted, her own Christmas letter,
plans (Sioux Falls before she goes, Arizona, Tucson) and a question about marrying Walt.

Measured blind (session 44, persona39), either embedder: 4 of 16 changes found (the condo in Sioux Falls, Dr
Kaur, the Equinox, and the amlodipine, the last only because the false "car: mg" item lists the metoprolol
statement among its earlier values), 3 false items of 6 open. The false items, as the import names them:
  - car: mg -> buick lacrosse ("MY 2009 BUICK LACROSSE HAS 161,000 MILES ..."): "METOPROLOL 25 MG" read as
    an MG car, then superseded by the Buick;
  - car: chevy equinox -> mg ("DR OKAFOR TOOK ME OFF THE METOPROLOL AND PUT ME ON AMLODIPINE 5 MG ..."): a
    dose read as a car again;
  - doctor: dr kaur -> dr okafor (the same amlodipine message): the true doctor change, paired with the pill
    change rather than her first visit ("I SAW MY NEW DOCTOR TODAY, DR OKAFOR AT SANFORD ...").
The current value first: 12 of 19 questions with the fake embedder, 11 of 19 with the real model. Foreign
questions flagged: 4 of 5 with the real model ("DID I EVER BREAK A BONE?" finds Skipper limping), 0 of 5 with
the fake. A lowercased copy (sentence case, names lowercase) reads the same (3 found, the same 3 false): her
capitals are not what is missed. These are floors: a general rule may raise them, none may lower them, and the
false items may only go (none other may come).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 4  # changes found today (either embedder)
RANK1_FAKE = 12  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (11 of 19): each must stay first
    "WHERE DO I LIVE NOW?",
    "WHO IS MY DOCTOR NOW?",
    "WHAT PHONE COMPANY AM I WITH?",
    "WHAT IS MY DOGS NAME?",
    "WHAT HEARING AIDS DO I WEAR NOW?",
    "WHAT BLOOD PRESSURE PILL AM I ON?",
    "WHAT MEDICARE PLAN DO I HAVE?",
    "WHERE WAS I BORN?",
    "WHAT AM I ALLERGIC TO?",
    "WHAT IS MY SISTERS NAME?",
    "WHAT MONTH DID ARNE AND I GET MARRIED?",
]
UNFLAGGED_REAL = ["DID I EVER BREAK A BONE?"]  # finds "OUR OLD BORDER COLLIE SKIPPER IS 14 AND HE IS LIMPING ..."
FALSE_TODAY = {  # the statements of today's false items (each may go, none other may come)
    "MY 2009 BUICK LACROSSE HAS 161,000 MILES",
    "DR OKAFOR TOOK ME OFF THE METOPROLOL AND PUT ME ON AMLODIPINE 5 MG",
}
FALSE_MOST = 3


def _only_known_false(items: list[str]) -> None:
    assert len(items) <= FALSE_MOST
    assert [s for s in items if not any(s.startswith(known) for known in FALSE_TODAY)] == []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.WILMA)


def test_only_todays_false_items_open_and_none_of_what_she_says_of_others(measured):
    _only_known_false(measured["false_items"])
    assert measured["changes"] == 16


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.WILMA)
    _only_known_false(result["false_items"])
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
