"""A twenty-fifth person's life in chats (tests/fixtures/ray), written blind in session 39: no rule, no
recall code and no other fixture's answers or chats read. Ray Dubois, an over-the-road truck driver who
dictates nearly every message by voice: long run-ons with no punctuation, homophones ("there flatbeds",
"I new", "right a text", "the first brake"), numbers spelled out ("a twenty twenty one", "fifty three
foot"), "okay so" / "so yeah", a dictated "period" or "comma" left in. He goes from Lafayette to
Beaumont (moving in with Denise) to a house in Lake Charles; from a company driver for Werner (a
Freightliner, a dry van, Angie his driver manager) to leased on with Landstar in his own Peterbilt 579
(flatbed, nobody dispatching him) to his own authority (a reefer, Marcus his dispatcher); from single to
Denise, engaged, married; and changes doctor, blood pressure pill, diet, phone carrier, bank and CDL
endorsements, and gets a rat terrier.

Measured blind (session 39, the real model): 3 of 18 changes found (bank Chase -> Neches Federal, phone
AT&T -> Verizon, lisinopril -> amlodipine), 2 false items, the current value first for 12 of 21 questions,
2 of 5 foreign questions flagged. The fake embedder: the same 3 found and the same 2 false items, 9 of 21
first, 0 of 5 foreign flagged. The two false items, both pairing a true change's turn with the wrong one:
- "my new doctor here in Beaumont is Dr. Nguyen ..." opens home "Lafayette Louisiana -> Beaumont" (the
  move, "so I moved in with Denise in Beaumont", is not read; the doctor's place is taken for his home);
- "well I got my own authority now Dubois Trucking LLC ... I hired a dispatcher named Marcus ..." opens
  bank "Neches Federal Credit Union -> Marcus" (his dispatcher read as his bank).
These are floors: a general rule may raise them and must not lower them, the false items may only go
(none may be added), and nothing he says of others (a driver's lease with Prime, his ex-wife's remarriage,
his daughter's move to Houston and her Tacoma), nothing of a load (a load to Beaumont before he lived there,
Dallas to Memphis, a receiver's address in Shreveport, a broker's rate confirmation pasted whole), nothing
wondered or read aloud (going back to company driving, a Knight-Swift job posting, a Kenworth if he won the
lottery) and nothing said in a DOT inspection role-play as a Swift driver may open an item.

After his classes (session 39, life40: memory/life.py's block "Dictated run-ons", memory/vocab.py `_a_person` and
`_HERE_OF_A_THING`, tested in other words in tests/test_life_run_ons.py), the real model: 10 of 18 found, 0 false
items, 17 of 21 first, 2 of 5 foreign flagged; the fake embedder 10 found, 0 false, 15 of 21 first. Still unread:
the trailer (dry van, flatbed, reefer), the dispatcher (Angie, nobody, Marcus), the diet, the CDL's hazmat, "ain't
been with nobody" as no partner, and the truck's old side (a company Freightliner said inside a question).

Session 41 (weak41: memory/life.py's block "a trucker's run-ons (ray)" and its questions, tested in other words in
tests/test_life_s41.py), the real model: 18 of 18 found, 0 false items, 20 of 21 first ("what's my dog's name"
still finds the Kayla text: "his name is Boudreaux" is read as no dog's name), 5 of 5 foreign flagged; the fake
embedder 18 found, 0 false, 20 of 21 first.

Session 42 (weak42, tests/test_life_s42.py): a pet got in a dialect's words or by its breed and named in the
sentence ("I got me a rat terrier ... his name is Boudreaux"): 21 of 21 first with the real model.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 18  # changes found today (either embedder; session 41: 10 before)
RANK1_FAKE = 20  # questions whose first result states the current value, fake embedder (session 41: 15 before)
RANK1_REAL = [  # the real model's, today (21 of 21, session 42): each must stay first
    "who am I hauling for now",
    "what kind of diet am I on",
    "what's my boy's name",
    "where do I live at now",
    "what truck am I driving",
    "what kind of trailer am I pulling",
    "who's dispatching me",
    "who am I with",
    "am I married or just engaged",
    "who's my doctor",
    "what blood pressure pill am I on",
    "who's my phone with",
    "where do I bank",
    "what endorsements I got on my CDL",
    "do I got a dog",
    "where was I born at",
    "what branch was I in",
    "what's my daughter's name",
    "what's my dog's name",
    "what am I allergic to",
    "what's the name of my trucking company",
]
UNFLAGGED_REAL: list[str] = []  # the foreign questions that find something close today (session 41: none)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.RAY)


def test_nothing_he_says_of_others_of_a_load_or_in_role_play_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 18


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_no_false_item_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.RAY, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
