"""A twenty-seventh person's life in chats (tests/fixtures/harold), written blind in session 40: no rule, no
recall code and no other fixture's answers or chats read. Harold Pennington, a retired British civil
engineer of 74, widowed, writes to the assistant as he would write a letter ("Dear ChatGPT,", "Good
morning,", long paragraphs, "Kind regards, Harold"), now and then a whole message in capitals, and pastes
emails with their headers. He goes from the family house on Kingsland Road (Shrewsbury) to a bungalow in
Church Stretton and then a flat at Wyndham Court, an assisted-living development there; from Dr Khan to
Dr Ellison, amlodipine to losartan, a Volvo V70 to a Honda Jazz automatic to no car at all, BT Mobile to
Tesco Mobile, Lloyds to Nationwide, British Gas to Octopus, St Chad's to St Laurence's, Mr Price to
Mrs Okafor (dentist), bowls to the U3A local history group; he becomes the bowls club's treasurer and,
at 76, has a companion, Jean.

Measured blind (session 40, the real model): 4 of 14 changes found (losartan, Tesco Mobile, Nationwide,
"I have sold the Jazz and no longer drive"), 1 false item, the current value first for 15 of 22
questions, 2 of 5 foreign questions unflagged ("How did I vote in the referendum?" finds "I have been
voted in as treasurer"; "Do I play golf?" finds "I no longer play bowls"). The fake embedder: the same 4
found, the same false item, 15 of 22 first, 0 of 5 foreign questions flagged.

The false item was his energy change read against the wrong turn: "Having switched the gas and electricity
to Octopus Energy at the start of the month" (January 2023) opened nothing, and British Gas was paired
with a bill two years later ("My Octopus bill for the flat has arrived ...").

After his classes (session 40, life41: memory/life.py's block "Letters from a retired widower", with
`_having_done`, `_granted`, `_TRAINED_AS`, the concession of `_BUT_I`, a saint's name ending at its "'s",
"a letter from" no draft, and memory/vocab.py `_KEPT_AFTER`, tested in other words in
tests/test_life_letters.py), the real model: 14 of 14 found, 0 false items, 20 of 22 first, 3 of 5 foreign
flagged ("How did I vote in the referendum?" still finds "I have been voted in as treasurer", "Do I play
golf?" still finds "I no longer play bowls"); the fake embedder 14 found, 0 false, 20 of 22 first. Still
not first: "Which town am I living in now?" (the key's: the flat at Wyndham Court is the answer, and it is
first) and "Since when have I been a member of the National Trust?" (no rule reads a membership's year).

These are floors: a general rule may raise them, none may lower them, and nothing he says of his
relatives (Sarah's new post and bank, Michael's move to Wellington and his new car, Ellie at Durham,
Ronald's care home and his new GP), nothing he writes for someone else (a letter in Ronald's name to
change Ronald's bank, a eulogy), nothing pasted (the council's bin letter, Sarah's email), nothing
considered or imagined (a move to Leeds, a quiz riddle), nor a crossword clue may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 14  # changes found today (either embedder)
RANK1_FAKE = 21  # questions whose first result states the current value, fake embedder (session 43: the town)
RANK1_REAL = [  # the real model's, today (22 of 22): each must stay first
    "Which town am I living in now?",  # (session 43: weak43) the town said before the flat at Wyndham Court
    "Could you remind me where I am living at present?",
    "Who is my GP these days?",
    "Which tablet do I take for my blood pressure?",
    "Which car did I buy to replace the Volvo?",
    "Do I still drive a car?",
    "Which company is my mobile telephone with?",
    "With whom do I bank now?",
    "Have I a companion or partner at present?",
    "What is my chief pastime these days?",
    "Do I hold any voluntary post?",
    "Which company supplies my gas and electricity?",
    "Which church do I attend on a Sunday?",
    "Who is my dentist?",
    "Where was I born?",
    "At which university did I read engineering?",
    "Which firm did I spend my career with?",
    "In what year did Margaret and I marry?",
    "What am I allergic to?",
    "What is my brother's name?",
    "What is my son's wife called?",
    "Since when have I been a member of the National Trust?",  # (session 41: a membership's year)
]
UNFLAGGED_REAL: list[str] = []  # (session 41: the referendum's vote and golf flagged) none may be close


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.HAROLD)


def test_nothing_he_says_of_his_relatives_writes_for_others_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 14


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_no_false_item_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.HAROLD, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
