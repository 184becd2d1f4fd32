"""Hinglish and Indian English (session 37, the rules of memory/life.py `_HINGLISH`), in other words than
tests/fixtures/arjun: Hindi function words around an English place ("abhi Noida mein hoon"), a home by
the kind of flat taken ("took a 2BHK in Baner"), "staying in a PG in X", an engagement said without
"I", a manager "here", the role SDET, and a role said again a word fewer. Controls: a cousin's or
mummy-papa's lives, a plan, test data a tester writes, a pasted job post, a film plot."""

from __future__ import annotations

import pytest

from memory import life
from memory.life import Said


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("abhi Noida mein hoon, sector 62 side. need a list of things for the flat", "noida"),
        ("hum aajkal Chennai mein hi hain", None),  # ("hain": the verb of the first person is "hoon")
        ("joined last week. Hyderabad mein settle ho rahe hain slowly, pg is far from office", "hyderabad"),
        ("I am staying in a PG in Indiranagar and the warden wants ID proof", "indiranagar"),
        ("took a 2BHK in Baner, near the highway. need furniture list under 50k", "baner"),
        ("we finally rented a flat in Ranelagh, 1 bed", "ranelagh"),
    ],
)
def test_a_home_said_in_hinglish_is_read(text, home):
    assert _read(text).get("home") == home


@pytest.mark.parametrize(
    "text",
    [
        "bhaiya Noida mein hai, he shifted last year",
        "mummy papa Udaipur mein settle ho rahe hain after retirement",
        "my cousin took a 1BHK in Wakad for his job",
        "if I took a flat in Baner then the commute is long?",
        "create test data: user Rahul, city Chennai, address Chennai mein",
        "in the film, hero took a flat in Bandra and falls for the neighbour",
    ],
)
def test_someone_elses_a_plan_or_test_data_names_no_home(text):
    assert "home" not in _read(text)


def test_an_engagement_said_without_i_is_read_and_a_cousins_is_not():
    assert _read("engaged to Meera yesterday!! ring ceremony was in Lucknow")["relationship"] == "engaged"
    assert "relationship" not in _read("my cousin got engaged to Riya last week, need a gift idea")
    assert "relationship" not in _read("the hero gets engaged to Simran in the second half")


def test_a_manager_named_here_is_read():
    assert _read("my manager here is Siobhán, very chill. need a leave email")["manager"] == "siobhán"


def test_the_role_sdet_is_read_in_capitals_and_not_from_a_pasted_post():
    assert _read("at TCS I am SDET now, they want a framework")["role"] == "sdet"
    assert _read("I am the senior SDET here so I have to plan it")["role"] == "senior sdet"
    assert "role" not in _read("create test data: user Rahul, city Chennai, role SDET")
    assert "role" not in _read("is this job good for me? 'Job Title: SDET II. Location: Pune. Experience: 3-6 yrs.'")


def test_a_role_said_again_a_word_fewer_is_the_same_role_but_a_level_is_a_change():
    def role(value: str) -> Said:
        return Said("role", value, value, "identity")

    assert life.same(role("manual tester"), role("tester"))
    assert life.same(role("backend developer"), role("developer"))
    assert not life.same(role("sdet"), role("senior sdet"))
    assert not life.same(role("tester"), role("lead tester"))
    assert not life.same(role("tester"), role("sdet"))


def test_a_gym_and_a_carrier_taken_without_an_article_are_read():
    assert _read("I took cult.fit membership for 3 months, Koramangala centre")["gym"] == "cult fit"
    assert _read("took Vodafone sim at the airport, 20 euro prepaid")["phone provider"] == "vodafone"
    assert "phone provider" not in _read("took Rahul sim to the shop for his KYC")
    assert "gym" not in _read("my brother took cult.fit membership last week")


def test_a_firm_after_a_role_without_its_article_or_joined_finally_is_the_employer():
    assert _read("I am manual tester at Cognizant, need test cases for a login page")["employer"] == "cognizant"
    assert _read("kal se new office. joined Accenture finally, Whitefield campus")["employer"] == "accenture"
    assert "employer" not in _read("I am tester in Chennai, need a flat near OMR")  # (a city is no firm)
    assert "employer" not in _read("bhaiya joined TCS finally, mummy is happy")  # (his)
    assert "employer" not in _read("joined Flyefit finally, 35 euro a month")  # (a gym)
    assert _read("create test data: user Rahul, city Chennai, company Wipro, designation SDET, joined 2021") == {}
