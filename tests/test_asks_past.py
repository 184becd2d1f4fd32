"""Which questions ask what a thing of the person's life was before (memory/life.asks_past): such a
question lifts no current value. "Originally" asks the past, except beside "from": an origin is
timeless, and "where is my family from originally" asks where they come from, not a former value."""

from __future__ import annotations

import pytest

from memory import life


@pytest.mark.parametrize(
    "question",
    [
        "where is my family from originally",
        "where is my family from, originally",
        "where am I originally from",
        "where are my parents originally from?",
        "Where is my dad from originally",
    ],
)
def test_an_origin_asked_with_originally_is_no_question_of_the_past(question):
    assert not life.asks_past(question)


@pytest.mark.parametrize(
    "question",
    [
        "where did I originally work",
        "what was my job originally",
        "what did I originally study",
        "where did I live before",
        "who was my previous manager",
        "what car did I used to drive",
    ],
)
def test_control_a_former_value_asked_is_a_question_of_the_past(question):
    assert life.asks_past(question)
