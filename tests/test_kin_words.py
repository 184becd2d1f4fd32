"""A relation however the person writes it, and a compound that only holds its word: the blind
priya fixture's "what health condition does my mother have" was answered by "my mother tongue is
tamil" (it holds "mother") over "my amma has type 2 diabetes" (amma: her mother, in Tamil)."""

from __future__ import annotations

import pytest

from memory import life


@pytest.mark.parametrize(
    ("who", "text"),
    [
        ("mother", "my amma has type 2 diabetes since 2019"),
        ("mother", "amma's hba1c came 8.2 this time"),
        ("mother", "My mum moved to Leeds last spring"),
        ("mother", "my ma is in hospital again"),
        ("father", "appa retired from BHEL last month after 34 years"),
        ("sister", "my akka is moving to Pune for work"),
        ("sister", "my sisters dog keeps barking"),
    ],
)
def test_a_relation_is_named_by_any_word_for_it(who, text):
    assert life.names_relation(who, text)


@pytest.mark.parametrize(
    ("who", "text"),
    [
        ("mother", "my mother tongue is tamil but i cant write it"),
        ("mother", "Mother Nature had other plans for the picnic"),
        ("mother", "the MA degree takes two years"),  # "ma" names a mother only after my or our
        ("brother", "Big Brother is on tonight"),
        ("sister", "our sister company in Dublin handles payroll"),
        ("mother", "my motherboard died"),
    ],
)
def test_a_compound_that_only_holds_the_word_names_no_one(who, text):
    assert not life.names_relation(who, text)


def test_the_mother_is_asked_about_by_her_own_word_not_the_mother_tongue(session):
    from quire import ops

    for text in (
        "my mother tongue is tamil but i cant write it properly only speak it at home",
        "my amma has type 2 diabetes since 2019 and her sugar levels are going up again",
        "help me plan a three day trip to Goa with friends in december on a budget",
    ):
        ops.capture(session, {"content": text})
    hits = ops.recall(session, {"query": "what health condition does my mother have", "k": 3})["results"]
    assert hits and "type 2 diabetes" in hits[0]["text"]
    assert life.about_someone_else("what does my amma do for work") == "mother"


@pytest.mark.parametrize(
    "text",
    [
        "my mother tongue is tamil but i cant write it properly",
        "My mother tongue is Polish, so the grammar is hard",
        "our sister company Acme handles payroll",
        "my brother in arms Dave served with me in Kandahar",
    ],
)
def test_a_compound_names_no_relation_by_a_name(text):
    # The priya home's About me listed "Mother: Tongue" (kin_names read "my mother tongue").
    assert life.kin_names(text) == ()


def test_control_a_relation_named_beside_a_compound_is_still_read():
    assert life.kin_names("my mother tongue is tamil and my sister Divya speaks it better") == (("sister", "Divya"),)
