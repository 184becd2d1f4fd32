"""A fourth person's life in chats (tests/fixtures/teacher), written blind by another engineer
who read no rule and no other fixture's answers: a chemistry teacher who moves from Adelaide to
Hobart, in casual Australian English ("we shifted down to Hobart", "finally caved and got a pixel
8", "Dr Ruth Calloway is who I see there now", "we're officially homeowners").

Measured before any rule was written for her (the real model): 0 of 12 changes found, the current
value first for 6 of 18 questions, 3 of 4 foreign questions flagged. The rules then widened are
general (a car or phone named by its model in any case, a supplier "with" someone, a trip to
school, a role that heads something); what is still not read is pinned in NOT_READ, so a rule
that starts reading it says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import lifechanges
from memory import life

FIXTURE = Path(__file__).parent / "fixtures" / "teacher"
KEY = json.loads((FIXTURE / "answers.json").read_text())

# "moved everything over to ING in the end" is read since ING is a bank by name (memory/life.py
# `_BANKS`); "the only pottery studio ... runs on sunday afternoons so that's my pottery day now" changes
# "started a wheel throwing class tuesday nights" (a wheel throwing class is pottery, and a class's day
# is read with no "on" before it: tests/test_life_passing.py).
NOT_READ: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(lifechanges.TEACHER)


def test_each_change_the_rules_can_read_is_found_and_no_chatter_opens_an_item(measured):
    assert measured["missed"] == NOT_READ
    assert measured["false_items"] == []


@pytest.mark.model
def test_with_the_real_model_the_current_value_comes_first(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.TEACHER)
    wrong = {a["question"] for a in result["asked"] if not a["rank1"]}
    # (a kelpie named without the word "dog" and a blood type said as "O negative" are read: "our kelpie
    # Biscuit", "I'm O negative", memory/life.py `_IN_PASSING`)
    assert wrong == set(), wrong
    assert "what am I allergic to" not in wrong  # the allergy sits in a turn whose GP changed since
    assert [f["question"] for f in result["foreign_asked"] if not f["flagged"]] == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("we’ve lived in Adelaide 6 yrs and done the Barossa to death.", "home", "adelaide"),
        ("we shifted down to Hobart last week 🎉", "home", "hobart"),
        (
            "hey so I teach chem at Norwood Hills High and my yr 11s are doing titrations",
            "employer",
            "norwood hills high",
        ),
        ("survived my first two weeks teaching at St Brigid's College 😅", "employer", "st brigid's college"),
        ("I’m the year 9 coordinator this year", "role", "year 9 coordinator"),
        ("as of this term I’m head of science here 😬", "role", "head of science"),
        ("saw a locum today bc Dr Mehta (my usual GP) was away", "doctor", "dr mehta"),
        ("Dr Ruth Calloway is who I see there now.", "doctor", "dr ruth calloway"),
        ("the aircon in my 2012 corolla is blowing warm air", "car", "corolla"),
        ("we traded the corolla in for a RAV4 hybrid.", "car", "rav4 hybrid"),
        ("my galaxy s21 keeps saying storage full", "phone", "galaxy s21"),
        ("finally caved and got a pixel 8, the s21 battery was cooked.", "phone", "pixel 8"),
        ("our internet's with Aussie Broadband and it's usually fine", "internet", "aussie broadband"),
        ("we signed up with Superloop for the nbn at the new place", "internet", "superloop"),
        ("my everyday account and savings are both with commbank, whats the easiest", "bank", "commbank"),
        ("I play netball thursday nights in a social comp", "schedule:netball", "thursday"),
        ("gave netball away when we moved and I’ve joined a rowing club.", "schedule:netball", "stopped"),
        ("it's a 35 min drive to school each way", "commute", "car"),
        ("no more car commute!! I walk to school now", "commute", "foot"),
        ("routine inspection at our rental in Unley next week", "tenure", "rent"),
        ("settlement went through friday and we’re officially homeowners!!", "tenure", "own"),
    ],
)
def test_a_statement_of_her_life_is_read(text, attribute, value):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(attribute) == value, found


@pytest.mark.parametrize(
    "text",
    [
        "I have lived in Paris before.",  # not still
        "my rental car is a Kia",
        "I'm the head of the household",
        "I teach at Sunday school",
        "my golf lesson got moved",  # a Golf is a car only with its maker
        "I bought a polo shirt",
        "my old iPhone 11 is in a drawer",  # the old one
        "my mum got a pixel 8",
        "and got a kia for my son",
        "I gave up on him",
        "kind of tempted to switch to Up or ING for the better savings rate",
        "my sister Niamh just moved to Perth for a nursing job",
        "if we ever moved to Melbourne would a teacher's salary actually cover rent there?",
    ],
)
def test_what_states_nothing_of_hers_is_not_read(text):
    read = {s.attribute for s in life.read(text)}
    assert not read & {"home", "employer", "role", "car", "phone", "bank", "tenure", "internet"}, read
    assert not [s for s in life.read(text) if s.value == "stopped"], read


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("who's my gp", "doctor"),
        ("what car have I got", "car"),
        ("what phone am I using", "phone"),
        ("who's our internet with", "internet"),
        ("which bank am I with", "bank"),
        ("what day is pottery", "schedule:pottery"),
        ("how do I get to school", "commute"),
        ("what's my dog called", "dog"),
    ],
)
def test_a_question_names_what_it_asks(question, attribute):
    assert attribute in life.asked(question)


def test_a_college_named_for_its_saint_keeps_its_name():
    from memory import names

    assert [n.name for n in names.extract("my first two weeks teaching at St Brigid's College, kids are lovely")] == [
        "St Brigid's College"
    ]
    assert "Tom's" not in {n.name for n in names.extract("Dev met Tom's dog at the park")}
