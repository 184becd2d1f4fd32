"""A question anchored in time (memory/life.anchored, retrieval/recall._anchored): "who was my dentist
when I lived in York", "what did I take up after I retired", "where was my first hospital job", "where
did me and priya live" ask the value of a time another statement names (or the earliest), not the
newest. They had ranked the value of now first (session 36: maeve's Kinsale GP, sam's first pharmacy).
Controls: the same homes asked of the present still get the newest. And the shapes a second-language
writer asks in ("which music instrument I play", "which size of shoes I need", "we have tattoos?") are
the attribute they ask; "blood group" is named by no "blood pressure" (recall._naming)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory import life
from memory.home import Home
from memory.session import Session
from retrieval.recall import _naming, search
from retrieval.scope import ALL_SPACES
from tests.conftest import chat_turns

EMPLOYERS = [
    ("2021-02-01T10:00:00Z", "I have moved to York for the new job."),
    ("2021-05-01T10:00:00Z", "I work at Aviva as a claims handler."),
    ("2022-09-01T10:00:00Z", "We have now moved to Bath, a flat near the Circus."),
    ("2022-11-01T10:00:00Z", "I have joined Hiscox as a claims handler."),
]
RETIRED = [
    ("2020-01-10T10:00:00Z", "I work as an accountant at a firm in Exeter."),
    ("2021-04-10T10:00:00Z", "I have been retired since the end of March."),
    ("2021-10-10T10:00:00Z", "I have been appointed secretary of the allotment society."),
    ("2023-03-10T10:00:00Z", "I have been elected treasurer of the bowls club."),
]
JOBS = [
    ("2019-06-01T10:00:00Z", "i got a job at luigis as a waiter"),
    ("2020-08-01T10:00:00Z", "got hired at the royal infirmary as a hospital porter!!"),
    ("2022-02-01T10:00:00Z", "started at st james hospital today as a theatre assistant"),
]
SHARED = [
    ("2019-09-01T10:00:00Z", "i live with two flatmates in hyde park"),
    ("2021-07-01T10:00:00Z", "me and priya got our own place in roundhay!!"),
    ("2023-01-01T10:00:00Z", "im living with my parents in otley now"),
]


def _first(home: Path, tmp_path: Path, turns: list[tuple[str, str]], questions: list[str]) -> list[str]:
    """The first hit of each question, in a home that imported `turns` (the fake embedder)."""
    with Session(Home(home), actor="import") as s:
        s.import_path(chat_turns(tmp_path / "chats.jsonl", turns))
        return [search(s, q, scope=ALL_SPACES, k=3, touch=False).hits[0].content for q in questions]


def test_the_value_while_another_statement_held_is_the_one_said_then(quire_home, tmp_path):
    then, now = _first(quire_home, tmp_path, EMPLOYERS, ["Where did I work when I lived in York?", "Where do I work?"])
    assert "Aviva" in then
    assert "Hiscox" in now  # control: the present is the newest


def test_the_value_after_a_change_is_the_next_one_not_the_latest(quire_home, tmp_path):
    after, now = _first(
        quire_home, tmp_path, RETIRED, ["What post did I take on after I retired?", "What position do I hold now?"]
    )
    assert "secretary" in after
    assert "treasurer" in now


def test_the_first_is_the_earliest_said_of_the_kind_asked(quire_home, tmp_path):
    hospital, first, now = _first(
        quire_home, tmp_path, JOBS, ["where was my first hospital job", "where was my first job", "where do i work"]
    )
    assert "royal infirmary" in hospital  # (not the restaurant before it, nor the hospital of now)
    assert "luigis" in first
    assert "st james" in now


def test_me_and_someone_asks_where_the_two_lived(quire_home, tmp_path):
    (shared,) = _first(quire_home, tmp_path, SHARED, ["where did me and priya live"])
    assert "roundhay" in shared


@pytest.mark.parametrize(
    ("question", "how", "words"),
    [
        ("Who was my dentist when I lived in York?", "during", ("york",)),
        ("what car did we have while we were living in Leeds", "during", ("leeds",)),
        ("What post did I take on after I retired?", "after", ("retired",)),
        ("Where did we go when the Harrogate flat was sold?", "after", ("harrogate",)),
        ("which bank did I use before I moved to Bristol", "before", ("bristol",)),
        ("where was my first hospital job", "first", ("hospital",)),
        ("where did marco and i live", "during", ("marco",)),
        ("where did i live in japan", "in", ("japan",)),  # a place of then, not a time (the one parser)
        ("where did i live after the barracks", "after", ("barracks",)),
    ],
)
def test_an_anchor_is_read_with_the_words_its_statement_holds(question, how, words):
    anchor = life.anchored(question)
    assert anchor is not None and (anchor.how, anchor.words) == (how, words)


@pytest.mark.parametrize(
    "question", ["who is my dentist", "where do me and priya live", "what did I do after lunch?", "when did I retire"]
)
def test_control_a_question_of_now_or_of_a_moment_is_anchored_in_nothing(question):
    assert life.anchored(question) is None


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("Who was my dentist when I lived in York?", "dentist"),
        ("Where did we move to when the Harrogate flat was sold?", "home"),
        ("where was my first hospital job", "employer"),
        ("where did me and priya live", "home"),
        ("Into which account was my salary paid after I left Barclays?", "bank"),
        ("what music instruments we play", "instrument"),
        ("what size of boots I need", "shoe size"),
        ("we have tattoos?", "tattoos"),
    ],
)
def test_the_question_is_read_for_what_it_asks(question, attribute):
    assert attribute in life.asked(question)


def test_a_word_of_an_attribute_names_it_only_in_the_querys_compound():
    assert _naming("blood type", ["blood", "group"]) == {"blood", "group"}  # no "blood pressure"
    assert _naming("blood type", ["blood", "type"]) == {"blood", "type"}
    assert _naming("favourite:film", ["favourite", "film"]) == {"film"}
