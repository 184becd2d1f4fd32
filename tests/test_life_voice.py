"""Values of no closed list read in a person's own voice: a doctor's or a dentist's name after a title
("dr patel"), a place of work after "work at" / "started at" / "a job at", the kids' school ("st
marys"), a pet said by its name ("a cat named miso"), a habit given up with the "I" dropped ("quit the
gym"), typed in lower case and without apostrophes ("im", "ive", "dont"). Written in voices of no
fixture: a bus driver in Sheffield who never capitalises, a pharmacist in Cork, a student in Leeds;
and the look-alikes that must read nothing (someone else's, a question, a plan, a negation, the past,
a time or a place that is no employer)."""

from __future__ import annotations

import pytest

import quire
from memory import life, review
from tests.conftest import chat_turns


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


# -- each new reading, in lower case without apostrophes ------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a doctor or a dentist after a title
        ("my dentist is dr patel now, shes lovely", "dentist", "dr patel"),
        ("my dentist is doctor patel", "dentist", "dr patel"),  # one title however it is typed
        ("switched to a new gp, dr okafor, after the practice merged", "doctor", "dr okafor"),
        ("ive registered with a new gp, dr. ruth calloway, near the depot", "doctor", "dr ruth calloway"),
        ("my physio dr. mensah says my knee needs another 6 weeks", "physiotherapist", "dr mensah"),
        ("dr adeyemi is my gp and she wont give me antibiotics", "doctor", "dr adeyemi"),
        ("the surgery put me with dr okafor and she wants bloods done", "doctor", "dr okafor"),
        ("the dentist i go to now is dr lee, how often should i get a scale and polish", "dentist", "dr lee"),
        # a place of work
        ("i work at tesco now, nights mostly", "employer", "tesco"),
        ("started at the council in march and the pension is decent", "employer", "council"),
        ("ive started at the council, first payslip friday", "employer", "council"),
        ("got a job at aldi last week, whats a normal first day like", "employer", "aldi"),
        ("im a pharmacist at boots now, the one on patrick st", "employer", "boots"),
        ("im working for the east valley senior center", "employer", "east valley senior center"),
        ("ive been hired at stagecoach", "employer", "stagecoach"),
        ("my new job at the co-op is all early starts", "employer", "co-op"),
        # a diary line of the first days, in a text that speaks of work
        ("first shift at the co-op done, my feet are wrecked after work", "employer", "co-op"),
        # the kids' school
        ("the kids go to st marys now and the uniform is a fortune", "kids school", "st marys"),
        ("the kids are at oakwood primary since september", "kids school", "oakwood primary"),
        # a pet, by its name
        ("we got a cat named miso and she hides under the bed", "cat", "miso"),
        ("we adopted a little rescue puppy called biscuit last week", "dog", "biscuit"),
        # a habit given up, the "I" dropped
        ("quit the gym, doing yoga now", "schedule:gym", "stopped"),
        # "im", "ive" without apostrophes open what "I'm", "I've" open
        ("im on day shifts now", "shift", "day"),
        ("ive gone pescatarian, fish twice a week", "diet", "pescatarian"),
    ],
)
def test_a_value_said_in_lower_case_without_apostrophes_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("lower", "capitalised", "attribute"),
    [
        ("my dentist is dr patel now", "My dentist is Dr. Patel now", "dentist"),
        ("i switched to a new gp, dr okafor", "I switched to a new GP, Dr Okafor", "doctor"),
        ("i work at tesco now", "I work at Tesco now", "employer"),
        ("ive started at the council", "I've started at the Council", "employer"),
        ("the kids go to st marys now", "The kids go to St Marys now", "kids school"),
        ("we got a cat named miso", "We got a cat named Miso", "cat"),
    ],
)
def test_the_same_value_is_read_in_lower_case_and_capitalised(lower, capitalised, attribute):
    assert _read(lower).get(attribute) and _read(lower).get(attribute) == _read(capitalised).get(attribute)


# -- the look-alikes: someone else's, a question, a plan, a negation, the past ---------------------


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's
        ("my sisters dentist is dr patel", "dentist"),
        ("karens husband mike started at intel in chandler", "employer"),
        ("my son works at tesco on saturdays", "employer"),
        ("my sisters kids go to st marys", "kids school"),
        ("my friend got a cat named miso", "cat"),
        ("my husband quit the gym", "schedule:gym"),
        # a question
        ("is dr patel a good dentist?", "dentist"),
        ("should i switch to a new gp, dr okafor?", "doctor"),
        ("do you think i should work at tesco?", "employer"),
        ("should the kids go to st marys?", "kids school"),
        # a plan or a wish
        ("im going to switch to a new gp, dr okafor", "doctor"),
        ("i might work at tesco over the summer", "employer"),
        ("thinking of getting a job at aldi", "employer"),
        ("were getting a cat named miso next month", "cat"),
        # a negation
        ("i dont work at tesco anymore", "employer"),  # an ending (tests/test_life_endings.py), no employer now
        ("i never got a job at aldi in the end", "employer"),
        # the past
        ("i used to work at tesco", "employer"),
        ("my dentist used to be dr patel", "dentist"),
        ("we had a dog called rusty", "dog"),
        ("i lost my job at the engineering company", "employer"),  # an ending: no employer now
        # not a new one: one more, or an old one
        ("we got a second dog called nouille", "dog"),
        ("my old dog rusty", "dog"),
    ],
)
def test_what_is_not_the_persons_own_now_reads_nothing(text, attribute):
    said = {s.attribute: s for s in life.read.__wrapped__(text)}.get(attribute)
    assert said is None or life.ended(said), _read(text)  # none, or that it ended


@pytest.mark.parametrize(
    "text",
    [
        # a time, a place at home, an amount or a kind of place: no employer
        "i work at home on fridays",
        "i work at night",
        "im working at the weekend",
        "i work for myself",
        "i work at a bakery",
        "i work at the moment, so text me",
        "i started at the bottom",
        "i started at 9 and finished at 5",
        "i am a solicitor with more than 10 years experience",
        # a route, not a job
        "i started at the museum of modern art and then made my way to the guggenheim",
        # a first day somewhere that is no work
        "my first day at the gym and my legs are gone",
    ],
)
def test_a_time_or_a_place_that_is_no_employer_reads_no_employer(text):
    assert "employer" not in _read(text), _read(text)


def test_a_person_is_named_only_after_a_title_in_lower_case():
    assert "dentist" not in _read("my dentist is really nice")
    assert "dentist" not in _read("my dentist is patel")  # no title: a word, not a name
    assert _read("my dentist is dr patel who is lovely")["dentist"] == "dr patel"  # the name ends


# -- through `quire import` and the library: a change said in lower case opens one item -------------


def test_a_change_of_dentist_said_in_lower_case_supersedes_the_old_one_on_import(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "my dentist is dr patel, is a filling every 2 years normal"),
            ("2024-03-05", "my sisters dentist is dr khan and she swears by her"),
            ("2024-06-05", "should i switch to a new dentist, dr khan? idk"),
            ("2024-09-05", "switched to a new dentist, dr okafor, how often should i get a scale and polish"),
        ],
    )
    cli_json("import", str(path))
    changed = [(i.old, i.new) for i in review.open_items(db)] + [
        (r["old"], r["new"])
        for r in db.dicts(
            "SELECT o.content AS old, n.content AS new FROM memories o JOIN memories n ON n.id = o.superseded_by "
            "WHERE o.status = 'superseded'"
        )
    ]
    assert len(changed) == 1  # a fact: the new dentist supersedes the old at once, or waits for review
    assert "dr patel" in changed[0][0] and "dr okafor" in changed[0][1]


def test_a_change_of_employer_said_in_lower_case_waits_for_review_through_the_library(quire_home):
    with quire.open(quire_home) as q:
        q.capture("i work at tesco now, nights mostly", type="identity")
        q.capture("my son works at aldi on saturdays", type="identity")
        q.capture("started at the council in march and the pension is decent", type="identity")
        items = q.review().items
    assert len(items) == 1
    assert "tesco" in items[0]["old"] and "council" in items[0]["new"]
