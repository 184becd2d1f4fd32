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

The false item is his energy change read against the wrong turn: "Having switched the gas and electricity
to Octopus Energy at the start of the month" (January 2023) opens nothing, and British Gas is paired
with a bill two years later ("My Octopus bill for the flat has arrived ..."), which the key does not name.
The value it records (Octopus) is right; the statement it pairs is not the one that made the change.

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

FOUND = 4  # changes found today (either embedder)
RANK1_FAKE = 15  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (15 of 22): each must stay first
    "Could you remind me where I am living at present?",
    "Who is my GP these days?",
    "Which tablet do I take for my blood pressure?",
    "Which car did I buy to replace the Volvo?",
    "Which company is my mobile telephone with?",
    "With whom do I bank now?",
    "Have I a companion or partner at present?",
    "Which company supplies my gas and electricity?",
    "Which church do I attend on a Sunday?",
    "Where was I born?",
    "At which university did I read engineering?",
    "In what year did Margaret and I marry?",
    "What am I allergic to?",
    "What is my brother's name?",
    "What is my son's wife called?",
]
UNFLAGGED_REAL = ["How did I vote in the referendum?", "Do I play golf?"]  # close today: none other may be
FALSE_TODAY = [  # British Gas -> Octopus paired with a later bill, not the switch (see the docstring)
    "Dear ChatGPT,\n\nMy Octopus bill for the flat has arrived and it is £96 for January, which seems high for"
    " two rooms. The heating is electric storage heaters, which I have never had before. Could you explain how"
    " they are meant to be used, so that I am not paying daytime rates?\n\nKind regards,\nHarold"
]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.HAROLD)


def test_nothing_he_says_of_his_relatives_writes_for_others_or_pastes_opens_an_item(measured):
    assert [f for f in measured["false_items"] if f not in FALSE_TODAY] == []
    assert measured["changes"] == 14


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.HAROLD)
    assert [f for f in result["false_items"] if f not in FALSE_TODAY] == []
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
