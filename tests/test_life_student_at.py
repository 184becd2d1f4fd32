"""A student at a place studies there, not works there (session 51). "I'm a student at UCL" read the employer "ucl"
beside the university (the rule of "I'm a <job> at <Place>" holds "student" among its jobs), so a person who said
"I work at Google" and later "I'm a grad student at Stanford" had Google queued as replaced by Stanford. By every
route a person's words come in: tests/test_life_employer_routes.py."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str, attribute: str) -> list[str]:
    return [s.value for s in life.read(text) if s.attribute == attribute]


STUDENTS = [
    ("I'm a student at UCL", "ucl"),  # the reproduction
    ("I am a student at UCL.", "ucl"),
    ("I am student at UCL", "ucl"),  # the rule of a role said without its article
    ("I'm now a student at UCL", "ucl"),
    ("I'm a grad student at Stanford", "stanford"),
    ("I'm a phd student at UCL", "ucl"),
    ("I'm a masters student at Imperial", "imperial"),
    ("I'm a second-year student at UCL", "ucl"),
    ("I'm a medical student at King's College London", "king's college london"),
    ("I'm a student part-time at UCL", "ucl"),
    # (session 52) a university named after its place: the place read no university, and no employer either
    ("I'm a student at Oxford", "oxford"),
    ("I'm a junior at Michigan", "michigan"),
    ("I'm a grad student at Berkeley", "berkeley"),
    ("I'm a student at Leeds", "leeds"),
]


@pytest.mark.parametrize(("text", "university"), STUDENTS)
def test_a_student_at_a_place_is_its_university_and_no_employer(text, university):
    assert _read(text, "employer") == []
    assert _read(text, "university") == [university]


@pytest.mark.parametrize(
    "text",
    [
        "I'm a student at the moment",
        "I'm a student at the minute",
        "I'm a student at present",
        "I'm a student at heart",
    ],
)
def test_control_a_student_at_a_time_is_at_no_university(text):
    """(session 52) "at the moment" read the university "moment" (a place is read since this session)."""
    assert _read(text, "university") == []


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I'm a student nurse at St Mary's", "st mary's"),  # a nurse in training works on the ward
        ("I'm a nurse at St Mary's", "st mary's"),
        ("I'm a software engineer at Google", "google"),
        ("I'm a research assistant at UCL", "ucl"),  # employed by the university
        ("I'm a lecturer at UCL", "ucl"),
        ("I'm a student at UCL and I work at Tesco", "tesco"),
        ("I'm a student at heart but I work at Tesco", "tesco"),
        ("I am manual tester at Wipro", "wipro"),  # the rule of a role said without its article
        ("I work as a nurse at St Mary's", "st mary's"),
    ],
)
def test_control_a_job_at_a_place_is_still_the_employer(text, employer):
    assert _read(text, "employer") == [employer]
