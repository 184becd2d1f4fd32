"""When or how a person works said after "at" is no employer, and the place after it still is one; a role said of
the person at heart is no job (session 49: trust49). "i work at random times" read the employer "random times",
"I'm a student at heart" the role student, and "I work at speed at Stripe" no employer (only the first "at" was
tried). By every route a person's words come in: the library and the CLI's capture, and each import."""

from __future__ import annotations

import pytest

import quire
from memory import life
from tests.import_formats import write


def _employer(text: str) -> list[str]:
    return [s.value for s in life.read(text) if s.attribute == "employer"]


def _role(text: str) -> list[str]:
    return [s.value for s in life.read(text) if s.attribute == "role"]


# a lower-case phrase of when or how fast after "at": no employer
WHEN_NOT_WHERE = [
    "i work at random times",  # the reproduction
    "I work at odd hours",
    "I work at night",
    "i work at weekends",
    "I work at weird times",
    "I work at all hours",
    "I work at breakneck speed",
    "I now work at random times",
    "i work at odd hours lol",
    "Works at odd hours",
    "My job at odd hours",
    "I started at odd hours",
]

# the place said after when or how fast: the employer, as said without it
THE_PLACE_AFTER = [
    ("I work at speed at Stripe", "stripe"),  # the reproduction
    ("I work at pace at Google", "google"),
    ("I work at odd times at Tesco", "tesco"),
    ("i work at odd hours at stripe lol", "stripe"),
    ("I'm working at odd hours at Tesco", "tesco"),
    ("i work at my own pace at tesco", "tesco"),
    ("I work at night at Google", "google"),
    ("I work at the weekend at Tesco", "tesco"),
    ("I work at scale at Stripe", "stripe"),
]

# controls: a name after "at" still reads, capitals or not
CONTROLS = [
    ("I work at Google", "google"),
    ("i work at stripe", "stripe"),
    ("I work at Odd Hours", "odd hours"),  # (with capitals: a firm's name)
    ("I work at the Financial Times", "financial times"),
    ("I work nights at Google", "google"),
    ("i work weekends at Tesco", "tesco"),
]


@pytest.mark.parametrize("text", WHEN_NOT_WHERE)
def test_when_or_how_fast_after_at_is_no_employer(text):
    assert _employer(text) == []


@pytest.mark.parametrize(("text", "employer"), THE_PLACE_AFTER)
def test_the_place_after_when_or_how_fast_is_the_employer(text, employer):
    assert _employer(text) == [employer]


@pytest.mark.parametrize(("text", "employer"), CONTROLS)
def test_control_a_name_after_at_is_still_an_employer(text, employer):
    assert _employer(text) == [employer]


@pytest.mark.parametrize(
    "text",
    [
        "I work at night at the hospital",
        "I work at all hours at the hospital",
        "I work nights at the hospital",
        # a time, a home, a desk or no name after it: none either
        "I'm working at night at the moment",
        "I work at odd hours at home",
        "I work at pace at my desk",
        "I work at odd hours at the weekend",
        "I work at night at a bar",
        "I work at random times at uni",
    ],
)
def test_a_kind_of_place_after_when_is_no_employer_as_after_nights(text):
    """As "I work nights at the restaurant" (tests/test_life_midlife.py): a kind of place alone names none."""
    assert _employer(text) == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I volunteer at random times", "volunteer role", None),
        ("I volunteer at night", "volunteer role", None),
        ("I'm a student at odd hours", "university", None),
        ("I volunteer at odd hours at Oxfam", "volunteer role", "oxfam"),
        ("we volunteer at weekends at the shelter", "volunteer role", "shelter"),
        # controls: a place, in lower case or not, everyday word or not
        ("I volunteer at church", "volunteer role", "church"),
        ("i volunteer at oxfam", "volunteer role", "oxfam"),
        ("I'm a student at harvard", "university", "harvard"),
        ("I'm a student at UCL", "university", "ucl"),
    ],
)
def test_when_after_at_is_no_place_of_any_kind(text, attribute, value):
    """The same class where a volunteer role or a university stands after "at"."""
    assert [s.value for s in life.read(text) if s.attribute == attribute] == ([value] if value else [])


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I work for fun", "employer", None),
        ("I work for money", "employer", None),
        ("I work for love", "employer", None),
        ("i work for peanuts lol", "employer", None),
        ("I volunteer for fun", "volunteer role", None),
        # controls: someone or a firm worked for, in lower case or not
        ("I work for jeff", "employer", "jeff"),
        ("i work for stripe", "employer", "stripe"),
        ("I work for Fun", "employer", "fun"),  # (with a capital: a firm's name)
        ("i work for the council", "employer", "council"),
    ],
)
def test_what_a_person_works_for_is_no_one_they_work_for(text, attribute, value):
    """The same class after "for": a reward or a reason is no employer."""
    assert [s.value for s in life.read(text) if s.attribute == attribute] == ([value] if value else [])


AT_HEART = [
    "I'm a student at heart",  # the reproduction
    "I'm a teacher at heart",
    "im a student at heart",
    "I am a teacher at heart",
    "I'm still a student at heart",
    "i'm a nurse at heart lol",
    "I'm a PhD student at heart",
    "im a software engineer at heart",
    "I'm an engineer at heart, but I manage people now",
    "I work as a nurse at heart",
    "I'm a teacher in spirit",
    "I'm a nurse deep down",
    "I'm a nurse by nature",
    "I'm a nurse by training but I work in sales now",  # what they trained as (session 40)
]


@pytest.mark.parametrize("text", AT_HEART)
def test_a_role_held_at_heart_or_trained_for_is_no_job(text):
    assert _role(text) == []


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a student at UCL", "student"),
        ("I'm a teacher", "teacher"),
        ("I'm a nurse by trade", "nurse"),
        ("I'm a nurse by training but I'm a developer now", "developer"),
        ("I'm a teacher at heart, but these days I'm a developer at Stripe", "developer"),
    ],
)
def test_control_a_role_held_still_reads(text, role):
    assert _role(text) == [role]


def test_control_a_student_at_a_university_is_read_whole():
    assert {(s.attribute, s.value) for s in life.read("I'm a student at UCL")} >= {
        ("role", "student"),
        ("university", "ucl"),
    }


def test_the_job_after_a_role_at_heart_still_reads():
    assert _employer("I'm a student at heart but I work at Tesco") == ["tesco"]
    assert _role("I'm a student at heart but I work at Tesco") == []


def _changes(home) -> list[tuple[str, str, str]]:
    with quire.open(home) as q:
        return [(i["payload"]["attribute"], i["payload"]["was"], i["payload"]["now"]) for i in q.review().items]


OLD = "I work at Google on the search team."


@pytest.mark.parametrize(
    ("new", "changed"),
    [
        ("i work at random times", []),
        ("I work at speed at Stripe", [("employer", "Google", "Stripe")]),
    ],
)
def test_on_the_cli_and_the_library(cli, quire_home, new, changed):
    assert cli("capture", OLD).exit_code == 0
    assert cli("capture", new).exit_code == 0
    assert _changes(quire_home) == changed


@pytest.mark.parametrize(
    ("new", "changed"),
    [
        ("I'm a student at heart", []),
        ("I'm a teacher these days", [("role", "nurse", "teacher")]),
    ],
)
def test_a_role_at_heart_through_the_library(quire_home, new, changed):
    with quire.open(quire_home) as q:
        q.capture("I'm a nurse")
        q.capture(new)
    assert _changes(quire_home) == changed


@pytest.mark.parametrize("fmt", ["jsonl", "markdown", "chatgpt", "claude"])
@pytest.mark.parametrize(("new", "changed"), [("i work at odd hours", False), ("I work at pace at Stripe", True)])
def test_from_each_import(cli, quire_home, tmp_path, fmt, new, changed):
    path = write(fmt, tmp_path / "export", [("Work", [OLD, new])])
    assert cli("import", str(path)).exit_code == 0
    with quire.open(quire_home) as q:
        items = [(i["kind"], i["old"], i["new"]) for i in q.review().items]
    assert items == ([("revision", OLD, new)] if changed else [])
