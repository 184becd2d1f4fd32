"""A job held at a place is held there, whatever the job and with "the" before the place's name (session 51). 34 of
40 common jobs ("I'm a cashier at Tesco", "I'm a waitress at Nando's") read no employer: only the jobs of `_ROLE` were
read before a place. And "I'm a nurse at the Royal Free", "I work as a nurse for
the NHS", "I'm an engineer at the BBC" read the role and no employer (the rules of "I'm a <job> at <Place>" took a
name only right after "at", "for" or "with"), while "I work at the BBC" read it. Through the CLI, the library and
an import."""

from __future__ import annotations

import pytest

import quire
from memory import life
from tests.import_formats import write


def _employer(text: str) -> list[str]:
    return [s.value for s in life.read(text) if s.attribute == "employer"]


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I'm a nurse at the Royal Free", "royal free"),
        ("I'm a nurse for the NHS.", "nhs"),
        ("I'm a nurse with the NHS", "nhs"),
        ("I work as a nurse for the NHS", "nhs"),
        ("I work as a nurse part-time for the NHS", "nhs"),  # when it is worked, then the place (trust50's leftover)
        ("I'm an engineer at the BBC", "bbc"),
        ("I'm a lawyer with the Ministry of Justice", "ministry of justice"),
        ("I'm now a nurse at the Royal Free", "royal free"),
        ("I'm a nurse at The Royal Free", "royal free"),
    ],
)
def test_a_job_at_the_name_is_the_employer(text, employer):
    assert _employer(text) == [employer]


@pytest.mark.parametrize(
    "text",
    [
        "I'm a student at the University of Leeds",  # a school, not a job (the university)
        "I'm a developer at the same company as my wife",  # no name after "the"
        "I'm a nurse at the moment",
        "I'm a lawyer with the best of them",
    ],
)
def test_control_no_name_after_the_is_no_employer(text):
    assert _employer(text) == []


JOBS = [
    "cashier", "waiter", "waitress", "bartender", "receptionist", "cleaner", "paramedic", "firefighter", "dentist",
    "surgeon", "pilot", "flight attendant", "secretary", "clerk", "courier", "sales assistant", "hairdresser", "tutor",
    "cook", "security guard", "warehouse worker", "care worker", "social worker", "librarian", "midwife", "server",
    "producer", "nanny", "vet", "radiographer",
]  # fmt: skip


@pytest.mark.parametrize("job", JOBS)
def test_a_common_job_at_a_place_is_the_employer(job):
    article = "an" if job[0] in "aeiou" else "a"
    for text in (f"I'm {article} {job} at Tesco.", f"I work as {article} {job} at Tesco"):
        assert _employer(text) == ["tesco"]
        assert [s.value for s in life.read(text) if s.attribute == "role"] == [job]


@pytest.mark.parametrize(
    "text",
    [
        "I'm a keen baker.",  # a hobby or a trait, no place
        "I'm a good cook at home.",
        "I'm a terrible cook at the best of times.",
        "I'm a pilot at heart.",
        "I'm a carer for my mum.",
        "I'm a carer for Mum.",  # family
        "I'm a better cook than Tom.",
        "I'm a fan of the pilot at Ryanair.",  # someone else's job
        "I'm a friend of the nurse at Guy's.",
    ],
)
def test_control_a_job_word_without_a_place_is_no_employer(text):
    assert _employer(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I'm a keen baker.",
        "I'm a good cook at home.",
        "I'm a terrible cook at the best of times.",
        "I'm a better cook than Tom.",
        "I'm a fan of the pilot at Ryanair.",
    ],
)
def test_control_a_hobby_or_someone_elses_job_is_no_role(text):
    assert [s.value for s in life.read(text) if s.attribute == "role"] == []


OLD = "I work at Google on the search team."
NEW = "I'm an engineer at the BBC these days"


def _employer_changes(home) -> list[tuple[str, str]]:
    with quire.open(home) as q:
        items = q.review().items
    return [(i["payload"]["was"], i["payload"]["now"]) for i in items if i["payload"].get("attribute") == "employer"]


def test_on_the_cli(cli, quire_home):
    assert cli("capture", OLD).exit_code == 0
    assert cli("capture", NEW).exit_code == 0
    assert _employer_changes(quire_home) == [("Google", "BBC")]


def test_through_the_library(quire_home):
    with quire.open(quire_home) as q:
        q.capture(OLD)
        q.capture(NEW)
    assert _employer_changes(quire_home) == [("Google", "BBC")]


@pytest.mark.parametrize("fmt", ["jsonl", "chatgpt"])
def test_from_an_import(cli, quire_home, tmp_path, fmt):
    path = write(fmt, tmp_path / "export", [("Work", [OLD, NEW])])
    assert cli("import", str(path)).exit_code == 0
    with quire.open(quire_home) as q:
        items = [(i["kind"], i["old"], i["new"]) for i in q.review().items]
    assert items == [("revision", OLD, NEW)]
