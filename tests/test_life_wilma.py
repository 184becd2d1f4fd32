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

After session 44's life47 (memory/life.py's block "session 44: a life in capitals (wilma)", each class tested in
other words in tests/test_life_wilma_classes.py): 16 of 16 found, 0 false items, the current value first for 18 of
19 with either embedder, 4 of 5 foreign flagged with the real model ("DID I EVER BREAK A BONE?" now finds Biscuit).
A number and a unit beside a medicine is a dose, not an MG car; "took me off X and put me on Y" is Y; her first
visit to Dr Okafor is the doctor's change; a wedding dated decades back ("ARNE AND I GOT MARRIED IN JUNE OF 1970")
is no "married" now (read so, it opened two false items around her widowhood). Still not first: "WHERE DID I WORK AS A
NURSE?" (a fact said once inside a canning question: "I WAS A NURSE FOR 38 YEARS AT MEMORIAL HOSPITAL ...", no
rule reads a past job so; the Pink Lady sign-up comes first).

After session 45's life51 (memory/life.py's block "session 45: what was still wrong (life51)", tested in other words
in tests/test_life_s45.py): the current value first for 19 of 19 with the fake embedder. "I WAS A NURSE FOR 38 YEARS
AT MEMORIAL HOSPITAL" is a job held for years and done with ("past job:nurse"), which "WHERE DID I WORK AS A NURSE?"
asks; a club of another kind than a card game's (a garden club, a quilting guild, a book club, a Red Hat chapter, a
walking group) is read as its kind ("garden club"), and a club joined is no employer (none of hers: her club is
pinochle then bridge, still 16 of 16 found, 0 false).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 16  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder (18 before life51)
RANK1_REAL = [  # the real model's, today (18 of 19): each must stay first
    "WHERE DO I LIVE NOW?",
    "WHO IS MY DOCTOR NOW?",
    "WHAT PHARMACY DO I USE?",
    "WHAT CHURCH DO I BELONG TO NOW?",
    "WHERE DO I BANK NOW?",
    "WHAT PHONE COMPANY AM I WITH?",
    "WHAT CAR DO I DRIVE?",
    "WHAT IS MY DOGS NAME?",
    "WHAT CARD CLUB AM I IN?",
    "AM I SEEING ANYBODY?",
    "AM I STILL A PINK LADY AT THE HOSPITAL?",
    "WHAT HEARING AIDS DO I WEAR NOW?",
    "WHAT BLOOD PRESSURE PILL AM I ON?",
    "WHAT MEDICARE PLAN DO I HAVE?",
    "WHERE WAS I BORN?",
    "WHAT AM I ALLERGIC TO?",
    "WHAT IS MY SISTERS NAME?",
    "WHAT MONTH DID ARNE AND I GET MARRIED?",
]
UNFLAGGED_REAL = ["DID I EVER BREAK A BONE?"]  # finds "I GOT A LITTLE SHIH TZU FROM THE YORK ANIMAL SHELTER ..."


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.WILMA)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 16


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.WILMA, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
