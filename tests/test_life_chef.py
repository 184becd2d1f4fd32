"""A sixth person's life in chats (tests/fixtures/chef), written blind: an Irish chef who moves
from Limerick to Galway, in Hiberno-English ("we've finally escaped to Galway", "Maura does the
kids now", "the new surgery put me with Dr Okafor", "we're PTSB customers now", "got the keys to
our own place").

Measured blind, after the rules of the teacher and the developer (the real model): 0 of 13 changes
found, the current value first for 6 of 19 questions, 3 of 4 foreign questions flagged. Rules
general enough to write were added (moving by "escaping", having been somewhere "nearly ten years",
a job taken after handing in one's notice, a role without an article, the children's school and
who minds them, a GP named before "has been our GP", being "put with" a doctor, wages paid into a
bank, a landlord as renting, the keys to one's own place, one energy supply however named); then 5
of 13 and 10 of 19. Then phrasing families, each tested in other words in tests/test_life.py (a bank
named as one: "we're X customers now"; a trade plied in a business: "I'm cooking in X's"; a title
"on the rota"; a sport "packed in" or gone to on a weekday; a habit "most mornings"; an instrument
played on a night, and "so that's my X night"): 10 of 13 and 14 of 19. NOT_READ pins the rest: the
next person will say things no rule covers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import lifechanges
from memory import life
from tests import lifefloors

FIXTURE = Path(__file__).parent / "fixtures" / "chef"
KEY = json.loads((FIXTURE / "answers.json").read_text())

# Read since life20 (tests/test_life_unread_old.py): "the 09 Octavia failed the NCT" (a car by its year,
# the subject of its upkeep), "eir broadband keeps dropping" and "virgin media fella came and hooked us
# up" (a supplier by its trouble, one that set the person up), "our electric ireland bill" (energy
# suppliers in memory/data/carriers.txt).
NOT_READ: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.CHEF)


def test_what_the_rules_read_is_found_and_nothing_said_in_passing_opens_an_item(measured):
    assert measured["missed"] == NOT_READ
    assert measured["false_items"] == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("we've been in Limerick nearly ten years and never seen a storm like it", "home", "limerick"),
        ("we've finally escaped to Galway!! van came thursday", "home", "galway"),
        ("handed my notice in and I'm at Tully's on Quay St from monday", "employer", "tully's"),
        ("I’m only sous chef so I don't get a say", "role", "sous chef"),
        ("Ruairí and Saoirse are both in Scoil Mhuire", "kids school", "scoil mhuire"),
        (
            "the pair of them are in Knocknacarra Educate Together since september",
            "kids school",
            "knocknacarra educate together",
        ),
        ("Bernie down the road minds the kids after school, 3 hours a day", "childminder", "bernie"),
        ("Maura does the kids now, 3 til 6", "childminder", "maura"),
        ("Dr Hennessy in Castletroy has been our GP for years", "doctor", "dr hennessy"),
        ("the new surgery put me with Dr Okafor", "doctor", "dr okafor"),
        ("we got a 191 Sportage", "car", "sportage"),
        ("we're with Flogas for gas and electric these days", "energy", "flogas"),
        ("my wages go into Ulster Bank", "bank", "ulster bank"),
        ("we're PTSB customers now since ulster bank shut up shop", "bank", "ptsb"),
        ("I'm cooking in Mulcahy's on Catherine St", "employer", "mulcahy's"),
        ("they’ve put me running the kitchen in Tully's, head chef on the rota and all", "role", "head chef"),
        ("rolled my ankle at five-a-side wednesdays", "schedule:five-a-side", "wednesday"),
        ("packed in the five-a-side, knees are gone.", "schedule:five-a-side", "stopped"),
        ("I do the sea swim at Blackrock most mornings now instead", "schedule:swimming", "morning"),
        ("I play bodhrán at the trad session in Hogan's on a tuesday night", "schedule:bodhrán", "tuesday"),
        ("the session in Naughton's is thursdays so thats my bodhrán night sorted", "schedule:bodhrán", "thursday"),
        ("our landlord in Limerick is selling up", "tenure", "rent"),
        ("got the keys to our own place in Knocknacarra friday", "tenure", "own"),
    ],
)
def test_a_statement_of_his_life_is_read(text, attribute, value):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(attribute) == value, found


@pytest.mark.parametrize(
    "text",
    [
        "say we did end up in Galway some day",
        "my brother Donal's after moving to Calgary",
        "my mate Podge is after buying a house in Ennis",
        "might switch to Energia",
        "a Dr Walsh at the out of hours saw Ruairí",
        "our landlord is selling up",  # the landlord said something: still renting, and no one named
        "we gave the keys to our landlord",
    ],
)
def test_what_states_nothing_of_his_is_not_read(text):
    read = {(s.attribute, s.value) for s in life.read(text)}
    assert not {a for a, _ in read} & {"home", "employer", "doctor", "energy", "bank", "childminder"}, read
    assert ("tenure", "own") not in read


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what school do the kids go to", "kids school"),
        ("who minds the kids after school", "childminder"),
        ("who do we pay for gas and electricity", "energy"),
        ("what bank are my wages paid into", "bank"),
        ("what are we driving", "car"),
        ("what night do I play bodhrán", "schedule:bodhrán"),
        ("where does my mam live", "other:mother"),
    ],
)
def test_a_question_names_what_it_asks(question, attribute):
    assert attribute in life.asked(question)


def test_what_i_do_for_exercise_asks_no_job():
    assert "role" not in life.asked("what do I do for exercise")


@pytest.mark.model
def test_with_the_real_model_the_car_he_states_answers_what_are_we_driving(monkeypatch):
    # "the Octavia finally gave up the ghost and we got a 191 Sportage" met the question at 0.22,
    # under the "unworded" floor (0.23): nothing close, though the turn states the car he drives now.
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifefloors.measured(lifechanges.CHEF, "minilm")  # one import a worker for both tests
    asked = {a["question"]: a for a in result["asked"]}
    assert asked["what are we driving"]["rank1"], asked["what are we driving"]
    # (session 41: weak41) "which company is the car insured with" asks his car insurance, which nothing states and
    # no turn names (it had found "people keep telling me to get a newer car")
    assert [f["question"] for f in result["foreign_asked"] if not f["flagged"]] == []


@pytest.mark.model
def test_with_the_real_model_the_broadband_he_has_now_answers_whos_our_broadband_with(monkeypatch):
    # "eir broadband" then "virgin media fella came and hooked us up": the rules read neither, and the
    # older turn (it says "broadband") ranked first; by meaning both are about the broadband, and the
    # newer goes first (recall._newest_of_kind).
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifefloors.measured(lifechanges.CHEF, "minilm")  # one import a worker for both tests
    asked = {a["question"]: a for a in result["asked"]}
    assert asked["who's our broadband with"]["rank1"], asked["who's our broadband with"]
    assert result["false_items"] == []
