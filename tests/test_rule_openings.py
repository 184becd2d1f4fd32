"""A rule's regex is tried only where one of its matches may start (memory/needles.openings, read by
life._matches): the same matches as searching the whole sentence, so the reading is the same."""

from __future__ import annotations

import functools
import re

import pytest

from memory import life, needles
from tests import held
from tests.test_needles import _fixture_sentences


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        # "^": at 0 only where the text opens as a head does (session 49: the heads after "^", not just True)
        (r"(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am) a", ({"i'm", "i a"}, ("i a", "i'm"))),
        (r"\b(?:[Ss]ince|[Aa]fter) I", ({"sin", "aft"}, False)),
        (r"(?:I|we)(?: have|'ve)? (?:moved|left)", ({"i ", "i'", "we"}, False)),  # optional; six heads cut to two
        (r"^(?:so |and )*moved", (set(), ("and", "mov", "so "))),  # anchored only: a match starts at 0, so opened
        (r"(?:ab)+c", ({"ab"}, False)),  # a repeat's first pass opens it, then the start ends
        (r"a?b", None),  # "b" alone: one character tells nothing
        (r"(?:\d+|abc)", None),
        (r"(?m)^moved", None),  # "^" after every newline: not at 0 only
        (r"(?:caſe|case)", None),  # "ſ" matches an ASCII "s" under IGNORECASE
    ],
)
def test_where_a_match_of_a_pattern_may_start(pattern, expected):
    found = needles.openings(re.compile(pattern, re.IGNORECASE))
    assert found == (None if expected is None else (frozenset(expected[0]), expected[1]))


def test_many_heads_are_cut_to_two_characters():
    heads, zero = needles.openings(re.compile(r"I (?:am|can|do|feel|got|had) x")) or (frozenset(), True)
    assert (heads, zero) == (frozenset({"i "}), False)  # six heads "i a" ... "i h": one look for "i "


@functools.cache
def _prepared() -> held.Sentences:
    return held.Sentences(_fixture_sentences()[::4])


def _differ(rules: list[tuple[int, re.Pattern[str]]], sentences: held.Sentences) -> list[tuple[int, str]]:
    """(rule, sentence) where a match starts where the rule's openings say none may, or where `life._matches`
    finds other matches than `finditer`: each rule searched in the sentences that may match it (`held`)."""
    out = []
    for at, pattern in rules:
        tail = life._rule_needles(at, pattern)  # (its openings made with its needles, from one parse)
        opening = life._OPENINGS[at]
        for i in sentences.may_match(held.words(pattern)):
            sentence, low = sentences.sentences[i], sentences.lows[i]
            if needles.absent(low, tail):
                continue  # (`life._stated` runs no rule whose needles a sentence lacks: tests/test_needles.py)
            spans = [m.span() for m in pattern.finditer(sentence)]
            if low is not None and opening is not None:
                heads, zero = opening
                if any(not (start == 0 and zero) and not low.startswith(tuple(heads), start) for start, _ in spans):
                    out.append((at, sentence))
            if [m.span() for m in life._matches(at, pattern, sentence, low)] != spans:
                out.append((at, sentence))
    return out


_RULES = [(at, rule[2]) for at, rule in enumerate(life._RULES)]


def test_every_rule_finds_on_the_fixture_sentences_what_searching_finds():
    """Every rule on a quarter of the fixture sentences (all of them: ~40 s), each where its needles pass it."""
    sentences = _prepared()
    assert sum(1 for _, pattern in _RULES[:200] for s in sentences.sentences[:300] if pattern.search(s)) > 10
    assert _differ(_RULES, sentences) == []
    assert sum(life._OPENINGS[at] is not None for at, _ in _RULES) > len(_RULES) // 2  # most are tried where they open


def test_near_misses_read_as_before():
    """A rule's heads inside a word, in another case, at 0 by its "^", twice in a sentence: the same matches."""
    sentences = held.Sentences(
        [
            "Moved to Leeds last month.",
            "So moved to Leeds in May",
            "api moved to Rust; I moved to Leeds",
            "MY wife and I moved to Leeds, then I moved to York",
            "Since joining Acme I've been busy",
            "Ever since I joined Acme",
            "aim to live in Leeds",
        ]
    )
    assert _differ(_RULES, sentences) == []


_READ = [
    "Moved to Leeds last month.",
    "I'm now living in Leeds and I work at Acme.",
    "so i moved to leeds in may and my new job at acme starts monday",
    "We moved to York in June, I'm a nurse there now.",
]


def test_the_texts_read_the_same_searching_every_place(monkeypatch):
    """Controls: texts that hold the rules' heads read what searching each rule along them reads."""
    life.read.cache_clear()
    tried_where_they_may_start = [life.read(text) for text in _READ]
    assert any(tried_where_they_may_start)  # they do state something
    monkeypatch.setattr(life, "_matches", lambda at, pattern, sentence, low: pattern.finditer(sentence))
    life.read.cache_clear()
    assert [life.read(text) for text in _READ] == tried_where_they_may_start
    life.read.cache_clear()


def test_control_a_head_left_out_is_caught(monkeypatch):
    """The check above bites: with "i'm" gone from a rule's openings, a match opening "I'm" is missed."""
    sentences = ["I'm a nurse at the Royal Infirmary.", "I'm now living in Leeds.", "I'm vegan now."]
    at, pattern, sentence = next(
        (at, p, s)
        for at, p in _RULES
        if (o := needles.openings(p)) is not None and "i'm" in o[0]
        for s in sentences
        if (m := p.search(s)) is not None and m.group(0).startswith("I'm")
    )
    heads, _ = needles.openings(pattern) or (frozenset(), False)
    broken = (frozenset(heads - {"i'm"}), False)
    assert _differ([(at, pattern)], held.Sentences([sentence])) == []
    life._rule_needles(at, pattern)
    monkeypatch.setitem(life._OPENINGS, at, broken)
    assert _differ([(at, pattern)], held.Sentences([sentence])) != []
