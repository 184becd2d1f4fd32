"""A relative asked about by the family word the person calls them ("what does mummy do for work", "how
old is nana", "where does the missus work", "what does my other half do"): read as the relation
(memory/life.about_someone_else: "other:mother"), so recall puts first what the person said of that
relative (retrieval/recall._states: a memory that names the relation by any word for it), as it does
for "what does my mother do for work". Someone else's relative ("my friend Sara's mum") is not the
person's: the control.
"""

from __future__ import annotations

import pytest

from memory import life
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put


def first(session, query: str) -> str | None:
    hits = search(session, query, k=5, touch=False, scope=ALL_SPACES).hits
    return hits[0].content if hits else None


def fillers(session) -> None:
    """Memories that hold the questions' words and say nothing of any relative."""
    for text in (
        "what does a product owner do for work in a small agile team",
        "I work from home on fridays now, the office is too far",
        "where does the bus to the airport leave from, and how old is the timetable",
        "how old is too old to start learning the piano seriously",
        "what does the work permit cost for a year in Canada",
        "where does the time go, I live for the weekends now",
    ):
        put(session, text)


@pytest.mark.parametrize(
    ("query", "relation"),
    [
        ("what does baba do for work", "father"),
        ("what does mummy do for work", "mother"),
        ("where does mommy live now", "mother"),
        ("what does my mama do for a living", "mother"),
        ("how old is nana", "grandmother"),
        ("how old is my gran", "grandmother"),
        ("where does my nan live", "grandmother"),
        ("how old is granny", "grandmother"),
        ("where does grandpa live now", "grandfather"),
        ("what does daddy do for work", "father"),
        ("what does my pop do for work", "father"),
        ("where does my bro live", "brother"),
        ("what does my sis do for work", "sister"),
        ("what does my hubby do for work", "husband"),
        ("what is my hubby's job", "husband"),
        ("where does the missus work", "wife"),
        ("where does the wife work", "wife"),
        ("what does my wifey do for work", "wife"),
        ("what does my other half do for work", "partner"),
        ("how old is my mother", "mother"),
        ("how old is mum", "mother"),
    ],
)
def test_a_family_word_asks_about_the_relation(query, relation):
    assert life.asked(query) == frozenset([f"other:{relation}"])


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ("what's my da's name", "name:father"),
        ("what's my gran's name", "name:grandmother"),
        ("what's my bro called", "name:brother"),
        ("what's the missus's name", "name:partner"),
        ("what is my hubby called", "name:partner"),
    ],
)
def test_a_family_word_in_a_name_question_asks_the_name(query, asked):
    assert asked in life.asked(query)


@pytest.mark.parametrize(
    "query",
    [
        "what is NaN in javascript",  # "nan", "pop", "bro", "sis": a relative only after my or our
        "what does pop mean in python",
        "which pop songs do I like",
        "what does sis do in the unix shell",
        "what did the wife of bath say",
        "what does my job pay",
        "how old is the universe",
        "what do I do for work",
    ],
)
def test_a_word_that_is_no_relative_here_asks_about_no_one(query):
    assert not any(a.startswith("other:") for a in life.asked(query))


@pytest.mark.parametrize(
    ("who", "text", "named"),
    [
        ("mother", "My mum works as a teacher", True),
        ("grandmother", "my nana turned 90 last week", True),
        ("nana", "my grandma turned 90 last week", True),
        ("partner", "my other half works nights at the depot", True),
        ("wife", "the missus started at the bank on monday", True),
        ("brother", "my bro moved to Leeds", True),
        ("brother", "bro that is wild", False),  # addressed, not a brother
        ("father", "pop music is great for running", False),
        ("mother", "My friend Sara's mum is a nurse", False),  # someone else's
        ("mother", "her mum is a nurse at the Royal", False),
        ("mother", "my friends' mum drove us home", False),
    ],
)
def test_the_person_s_relative_is_named_by_any_word_for_them_and_no_one_else_s(who, text, named):
    assert life.names_relation(who, text) is named


def test_what_the_person_said_of_mum_answers_mummy_first(session):
    fillers(session)
    put(session, "My mum works as a teacher at St Mary's primary school, year 4 this term")
    put(session, "ideas for a 90th birthday party for my nana, she loves gardening and bingo")
    put(session, "my other half just started as a night nurse at the Royal")
    assert "teacher" in first(session, "what does mummy do for work")
    assert "teacher" in first(session, "what does my mother do for work")  # the path the family word now reaches
    assert "90th" in first(session, "how old is gran")
    assert "night nurse" in first(session, "what does the wife do for work")


def test_control_someone_else_s_mum_is_not_the_person_s(session):
    fillers(session)
    put(session, "what does my friend Sara's mum do for work? she does shifts as a nurse, Sara says")
    mine = "My mum teaches year 4 at St Mary's"
    put(session, mine)
    for query in ("what does mummy do for work", "what does my mum do for work"):
        assert first(session, query) == mine
