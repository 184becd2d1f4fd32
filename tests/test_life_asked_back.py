"""A statement asked back is a question, not a fact (life17): "I'm a nurse, right?", "I live in
Paris, don't I?", "I work at Google, correct?" say nothing of the person; the same words said plainly
still do, a question after a statement does not unsay the statement, and a relation named in a tagged
sentence is still named (LongMemEval: "Since my friend Emily is having twins, ..., right?")."""

from __future__ import annotations

import time

import pytest

import quire
from memory import life
from tests.conftest import chat_turns, life_changes


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


@pytest.mark.parametrize(
    "text",
    [
        "I'm a nurse, right?",
        "I live in Paris, don't I?",
        "I work at Google, correct?",
        "I'm a nurse, no?",
        "I live in Paris, eh?",
        "I live in Paris, isn't it?",
        "I work at Google, is that right?",
        "I moved to Lisbon, didn't I?",
        "I'm vegetarian, aren't I?",
        "I live in Paris. Right?",  # the tag in a sentence of its own
        "I'm a nurse. Correct?",
        "je vis à Paris, n'est-ce pas ?",
        "ich wohne in Berlin, oder?",
        "i live in paris right?",
        "I drive a Honda Civic, yeah?",
        "I bank with Monzo, don't I?",  # a closed list's name (memory/vocab.py) asked back
    ],
)
def test_a_statement_asked_back_reads_nothing(text):
    assert _read(text) == {}, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I'm a nurse.", "role", "nurse"),
        ("I live in Paris, right? I'm a nurse.", "role", "nurse"),  # the next sentence is said
        ("I moved to Lisbon last week, any tips?", "home", "lisbon"),  # a question after a statement
        ("I moved to Lisbon, no kidding!", "home", "lisbon"),
        ("I work at Google, right now on the ads team.", "employer", "google"),
        ("I'm a nurse, right? No, I'm a doctor.", "role", "doctor"),
    ],
)
def test_a_statement_beside_a_question_is_still_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("my sister Ola lives in Lyon, doesn't she?", "sister"),
        ("Since my friend Emily is having twins, I should look into baby bathtubs, right?", "friend"),
    ],
)
def test_a_tag_asks_back_what_is_said_of_a_relation_not_their_name(text, relation):
    assert life.kin_named.__wrapped__(text) == frozenset([relation])


def test_a_tag_question_opens_no_change_on_import(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05T10:00:00Z", "I live in Paris and I work as a nurse at the Salpetriere."),
            ("2024-03-05T10:00:00Z", "I live in Lyon now, don't I? My friend keeps saying so."),
            ("2024-04-05T10:00:00Z", "I'm a teacher, right? That's what the form says."),
        ],
    )
    cli_json("import", str(path))
    assert life_changes(db) == []


def test_a_tag_question_opens_no_change_through_the_library(quire_home):
    with quire.open(quire_home) as q:
        q.capture("I live in Paris and work as a nurse at the hospital", type="identity")
        q.capture("I live in Lyon now, don't I? That is what the letter says.", type="identity")
        assert q.review().items == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "my dentist of 30 years, dr huffman, says i need a crown, $1400. medicare dont cover dental right?",
            "dentist",
            "dr huffman",
        ),
        ("I'm a nurse. I live in Paris, don't I?", "role", "nurse"),
        ("I work at Acme; my boss is Tom, right?", "employer", "acme"),
    ],
)
def test_a_tag_asks_back_only_its_own_clause(text, attribute, value):
    """A lower-case run-on is one sentence ("$1400." ends none): the tag at its end asks back the
    clause after the last stop, not the dentist said before it (the retiree's dentist had been lost)."""
    assert _read(text).get(attribute) == value, _read(text)


def test_a_long_run_of_spaces_before_a_question_mark_is_read_at_once():
    """A tag is looked for in the end of a sentence only: 5,000 spaces before a "?" took 52 s, and the
    cost grew with the square of the run. A complexity guard, not a speed measure: 20,000 spaces would
    take that search some 800 s, a linear one milliseconds, so the bound is a thousand times the
    expected time and no slow machine comes near it."""
    started = time.monotonic()
    assert _read("I live in Paris" + " " * 20_000 + "?") == {}  # (a sentence over 400 characters states nothing)
    assert time.monotonic() - started < 60
