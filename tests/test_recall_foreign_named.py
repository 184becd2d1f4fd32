"""A question about the person's own attribute that nothing states and nothing names is nothing close
(retrieval/recall._evidence, `_named`). An attribute of two words ("shoe size") is named by a memory
that holds both, not one ("I need new shoes" had found something close for "what is my shoe size"), and
"which musical instrument I play" (a second-language question, no "do") asks for the instrument, which
"I play football on sundays" neither names nor states.
"""

from __future__ import annotations

import pytest

from memory import life
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put

FILLERS = (
    "I need new shoes for the wedding, my old shoe fell apart on the stairs",
    "the size of the flat is fine for two of us, the kitchen is small",
    "I play football on sundays with the lads from work",
    "help me plan a three day trip to Porto on a budget",
)


@pytest.fixture
def judged(session, monkeypatch):
    """Every floor cleared by any cosine and none close enough to stand without a statement: what decides
    is whether a memory names or states what is asked (the fake embedder's cosines tell nothing apart)."""
    monkeypatch.setitem(tuning.FLOOR, "fake-hash-384", {k: -0.5 for k in ("threaded", "alone", "unworded", "weak")})
    monkeypatch.setattr(tuning, "STATED_ANYWAY", 1.01)
    for text in FILLERS:
        put(session, text)
    return session


def found(session, query: str) -> list[str]:
    return [h.content for h in search(session, query, k=5, touch=False, scope=ALL_SPACES).hits]


def test_one_word_of_a_two_word_attribute_is_nothing_close(judged):
    assert life.asked("what is my shoe size") == frozenset(["shoe size"])
    assert found(judged, "what is my shoe size") == []  # "shoe" in one memory, "size" in another


def test_control_a_memory_holding_both_words_is_found(judged):
    put(judged, "shoe size chart for kids, EU against UK sizes")  # names it, though no rule reads a size
    assert found(judged, "what is my shoe size")[:1] == ["shoe size chart for kids, EU against UK sizes"]


def test_which_musical_instrument_i_play_is_asked_and_play_alone_is_nothing_close(judged):
    assert life.asked("which musical instrument I play") == frozenset(["instrument"])
    assert found(judged, "which musical instrument I play") == []


def test_control_an_instrument_played_answers_it(judged):
    said = "I play the cello in a community orchestra on tuesdays"
    put(judged, said)  # a note: found (it states the instrument), ranked by its words and vector
    assert said in found(judged, "which musical instrument I play")
