"""A first name the person states ("My name is Alex", an agent's "Name is Alex") is their name, as a full name was
("My name is Alex Smith"); the full name after the first is the same name said in full, another first name a
change. Children named in a list ("I have two kids, Maya and Leo") are each named, not the first alone."""

from __future__ import annotations

import pytest

import quire
from memory import life


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My name is Alex", "alex"),
        ("Name is Alex", "alex"),  # (an agent's note with no subject: `life.subjectless`)
        ("Hi, my name is Alex.", "alex"),
        ("My name is Alex and I live in Boston", "alex"),
        ("My first name is Alexandra", "alexandra"),
        ("My name is Alex Smith", "alex smith"),
    ],
)
def test_a_stated_name_is_the_persons(text, name):
    assert [s.value for s in life.read(text) if s.attribute == "name"] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "my name is on the lease",
        "My name is Mud around here",
        "His name is Alex",
        "My dog's name is Rex",
        "my name is alex",
    ],
)
def test_a_name_of_no_one_or_someone_elses_is_not_the_persons(text):
    assert [s for s in life.read(text) if s.attribute == "name"] == []


def test_a_first_name_then_the_full_name_is_one_name_and_another_is_a_change():
    alex, full, sam = (life.read(t)[0] for t in ("My name is Alex", "My name is Alex Smith", "My name is Sam"))
    assert life.same(alex, full) and life.same(full, alex)
    assert not life.same(alex, sam)
    assert not life.same(full, life.read("My name is Sam Smith")[0])


def test_a_first_name_changed_opens_a_review_item(quire_home):
    with quire.open(quire_home) as q:
        q.capture("My name is Alex, I moved here last year")
        q.capture("My name is Alex Smith, by the way")
        assert q.review().items == []
        q.capture("My name is Sam now, I changed it")
        assert [(i["payload"]["was"], i["payload"]["now"]) for i in q.review().items] == [("Alex Smith", "Sam")]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("I have two kids, Maya and Leo", [("kids", "Maya"), ("kids", "Leo")]),
        ("We have two children, Maya and Leo.", [("children", "Maya"), ("children", "Leo")]),
        ("My sons are Leo and Max", [("sons", "Leo"), ("sons", "Max")]),
        ("We have three children: Ana, Ben and Cy", [("children", "Ana"), ("children", "Ben"), ("children", "Cy")]),
        ("My kids Maya and Leo love the beach", [("kids", "Maya"), ("kids", "Leo")]),
    ],
)
def test_each_child_a_list_names_is_named(text, named):
    assert list(life.kin_names(text)) == named


@pytest.mark.parametrize(
    "text", ["I have two kids and I love them", "My kids and I went to Paris", "My kids are Maya and I"]
)
def test_a_list_of_no_names_names_no_child(text):
    assert life.kin_names(text) == ()
