"""The life reading's work grows with the text, not with its square: a pasted blob or a long run of
sentences must not stall a capture or an import. Found (session 48): one 1,000-letter word after "I moved
to" took 3.7 s and 560 MB (its two-letter deletions for the spelling pass: 500,000 strings), and 1,100
sentences of "I moved to Porto." took 1.6 s (each clause searched the whole text for a gym word). Bounded
by counting the work, not by a clock."""

from __future__ import annotations

import random
import re

import pytest

from memory import life


def test_an_overlong_word_is_no_misspelling_and_makes_no_deletions(monkeypatch):
    def refuse(word: str, most: int) -> set[str]:
        raise AssertionError(f"deletions of a {len(word)}-letter word")

    monkeypatch.setattr(life, "_s45k_near", refuse)
    rng = random.Random(1)
    blob = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(1000))
    assert life._s45k_word(blob) is None
    assert life.read(f"I moved to {blob}") == ()


def test_control_a_misspelt_word_is_still_read(monkeypatch):
    """The bound is exact: a word within reach of the index's longest is still weighed."""
    assert len("apartmint") <= life._s45k_longest() + 2
    assert life._s45k_word("apartmint") == "apartment"


class _Counting:
    def __init__(self, pattern: re.Pattern[str]):
        self.pattern, self.calls = pattern, 0

    def search(self, text: str):
        self.calls += 1
        return self.pattern.search(text)


@pytest.mark.parametrize("sentences", [10, 400])
def test_the_gates_of_a_long_text_are_read_once(monkeypatch, sentences):
    gates = {attribute: _Counting(gate) for attribute, gate in life._S45K_GATED.items()}
    monkeypatch.setattr(life, "_S45K_GATED", gates)
    life._s45k_read("I moved to Porto. " * sentences)
    assert {a: g.calls for a, g in gates.items()} == dict.fromkeys(gates, 1)


def test_control_a_gated_reading_still_reads():
    said = life._s45k_read("ok so i switched gyms, i joined planet fitness last week")
    assert [s.attribute for s in said] == ["gym"]
