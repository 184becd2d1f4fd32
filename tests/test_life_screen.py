"""The searches `life.read` runs on every text are passed over only where they cannot match: the words within
each, told in one pass a text (`life._screen`), and a CEFR level's two characters (`life._a_level`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory import life, text
from tests.test_needles import _fixture_sentences

_SCREENED = [
    life._ROLE_PLAY,
    life._WORK,
    life._A_CASE,
    life._INTRODUCES,
    life._PARTNER_GATE,
    life._S45L_GROUP_WORDS,
    life._S45K_SAYS,
]


def test_every_screened_search_is_told_by_the_one_pass():
    _, index = life._screen()
    assert all((search.pattern, search.flags) in index for search in _SCREENED)


def test_a_level_is_looked_for_only_where_a_level_is_written():
    sentences = [*_fixture_sentences(), "my German is A2", "B1 passed!", "I have B2 in Polish", "A1B2", "a2 b1"]
    levels = [s for s in sentences if life._A_LEVEL.search(s)]
    assert len(levels) >= 3  # the search does match
    assert [s for s in levels if not life._a_level(s)] == []
    assert not life._a_level("I passed the exam")  # control: no level written, no search


def test_texts_holding_the_screened_words_read_as_before():
    """Controls: a level, a partner, a job's words and a class introduced still read."""
    life.read.cache_clear()
    assert [s.attribute for s in life.read("I passed B1! DTZ.")] == ["german level"]
    assert "partner" in {s.attribute for s in life.read("My husband Tomasz and I live in Krakow.")}
    assert "german level" not in {s.attribute for s in life.read("My son passed B1 in German.")}  # (not mine)
    assert not life._may_hold(life._PARTNER_GATE, "I moved to Lisbon last year")  # (no word of it: no search)
    assert life._may_hold(life._PARTNER_GATE, "my HUSBAND and I")  # (any case: the needles are lowercased)
    assert life._may_hold(life._INTRODUCES, "Ich habe eine Klasse, ça va")  # (not ASCII: always searched)


_PIECES = [
    "SELECT",
    "def",
    "at",
    "File",
    '"',
    "Error:",
    "Warning: ",
    "==",
    "=",
    ">",
    "-",
    ":",
    ";",
    "{",
    "}",
    ")",
    "(",
    "):",
    "&&",
    "|",
    "+",
    "$",
    ">>>",
    "x",
    "I",
    "moved",
    " ",
    "\t",
    "    ",
    "Traceback (most",
    "from",
    "import",
]


def _code_line_searched(line: str) -> bool:
    return text._CODE_LINE.match(line, len(line) - len(line.lstrip(" \t"))) is not None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=10).map("".join))
def test_a_line_is_code_where_the_pattern_says_so(line):
    """`text.code_line` passes over a line only where `_CODE_LINE` cannot match it (`_may_be_code`)."""
    assert text.code_line(line) == _code_line_searched(line)


def test_every_fixture_line_is_code_where_the_pattern_says_so():
    lines = [line for s in _fixture_sentences() for line in s.split("\n")]
    assert sum(map(_code_line_searched, lines)) > 0  # code is found
    assert [line for line in lines if text.code_line(line) != _code_line_searched(line)] == []
    assert text.code_line("counts = {}") and text.code_line("SELECT id FROM t;")  # controls: code
    assert not text.code_line("I moved to Leeds in May (ticket 42)")
