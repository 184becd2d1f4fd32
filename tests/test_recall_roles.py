"""A question about the person ("where do I work", "where do I live") is answered by what they said as
themselves, not by a turn that is mostly a part they play (a role-play from its request on) or a story's
text they paste: `memory.life.played` reads it once, at import (`memory.correction.heard` marks the turn),
and recall ranks such a turn x tuning.PLAYED_PART for a question about "my"/"I" (`recall._own_voice`).
A question about the role-play or the story itself still finds it first.

And a question of a thing no memory speaks of ("what instrument do I play", "do I have any tattoos") is
"nothing close" though a turn of the person's life comes near it by meaning (`recall._nothing_states`,
tuning.STATED_UNNAMED), while a thing spoken of in other words is not: a dog said by its breed ("my blue
heeler Boone"), an insurer named beside one word of it ("does TK pay for fillings", "the insurance job").
"""

from __future__ import annotations

import json

import pytest

from memory import life
from memory.correction import PLAYED_FIELDS
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.conftest import chat_turns
from tests.test_recall import put

# (the person's own turns to an assistant, a month apart; hers state nothing of the attribute asked, as most
# turns do not: a typed statement of it goes first anyway, `recall._asked_first`)
PLAYED_JOB = (
    "let's role-play an interview so I can practise. you be the recruiter and ask me things. ok I'm the "
    "candidate now: my job is head pastry chef at the Ritz, my job is mostly early shifts and my job title "
    "is pastry chef"
)
OWN_JOB = "long week. I teach year 5 at Hillside Primary and parents evening ran until nine"
STORY_HOME = (
    "Here's the opening of my new story, first person:\n\n'I live in a lighthouse on Rathlin Island, I have "
    "lived in the lighthouse all my life, and where I live the wind never stops.'\n\nDoes it hook you?"
)
# (her own turn that states no home: "my flat in Leith" is her home read since session 42, and would rank first
# without the mark, which the control below shows is what lifts her turn)
OWN_HOME = "the windows of my flat rattle all night when the wind is up in Leith, any fix"


def imported(session, tmp_path, turns: list[str]) -> None:
    days = [f"2024-{n + 1:02d}-05T10:00:00Z" for n in range(len(turns))]
    session.import_path(chat_turns(tmp_path / "c.jsonl", list(zip(days, turns, strict=True))))


def first(session, query: str) -> str | None:
    hits = search(session, query, k=5, touch=False, scope=ALL_SPACES, no_floor=True).hits
    return hits[0].content if hits else None


def fields_of(session, content: str) -> dict[str, str]:
    rows = session.db.dicts("SELECT structured_fields FROM memories WHERE content = ?", (content,))
    return json.loads(rows[0]["structured_fields"])


def test_a_role_play_and_a_pasted_story_are_marked_at_import_and_her_own_turns_are_not(session, tmp_path):
    imported(session, tmp_path, [PLAYED_JOB, OWN_JOB, STORY_HOME, OWN_HOME])
    assert fields_of(session, PLAYED_JOB) == fields_of(session, STORY_HOME) == json.loads(PLAYED_FIELDS)
    assert "voice" not in fields_of(session, OWN_JOB) and fields_of(session, OWN_HOME) == {}


@pytest.mark.parametrize(
    ("query", "played", "own"),
    [
        ("what is my job", PLAYED_JOB, OWN_JOB),  # a job played in an interview's practice
        ("where do I live", STORY_HOME, OWN_HOME),  # a home in a story's first person
    ],
)
def test_her_own_words_rank_above_a_part_she_plays(session, tmp_path, query, played, own):
    imported(session, tmp_path, [played, own])
    assert first(session, query) == own


@pytest.mark.parametrize(
    ("query", "played", "own"),
    [("what is my job", PLAYED_JOB, OWN_JOB), ("where do I live", STORY_HOME, OWN_HOME)],
)
def test_control_without_the_mark_the_part_she_plays_ranks_first(session, tmp_path, monkeypatch, query, played, own):
    monkeypatch.setattr(tuning, "PLAYED_PART", 1.0)  # (the ranking before: the played turn holds more of the words)
    imported(session, tmp_path, [played, own])
    assert first(session, query) == played


def test_control_a_question_about_the_role_play_itself_finds_it(session, tmp_path):
    imported(session, tmp_path, [PLAYED_JOB, OWN_JOB])
    assert first(session, "what job did I play in the role-play interview") == PLAYED_JOB


def test_control_a_turn_of_her_own_that_mentions_a_story_is_not_marked():
    assert not life.played("I finished the story for the anthology today and I moved to Leith last week")
    assert life.played(STORY_HOME) and life.played(PLAYED_JOB)


# -- a thing no memory speaks of ---------------------------------------------------------------------------

LIFE = (
    "I yelled at my mother tonight because she asked me eleven times where her purse was",
    "I passed my exam, I'm officially qualified now, three years of studying at midnight",
    "help me plan a week of dinners for me and my daughter for under eighty dollars",
)


@pytest.fixture
def near(session, monkeypatch):
    """Every cosine comes near (over every floor and over STATED_ANYWAY, as a turn of a life meets a
    question about a thing it never speaks of at 0.30 to 0.35 with the real model) and none as near as
    STATED_UNNAMED: what decides is whether a memory speaks of what is asked."""
    monkeypatch.setitem(tuning.FLOOR, "fake-hash-384", {k: -0.5 for k in ("threaded", "alone", "unworded", "weak")})
    monkeypatch.setattr(tuning, "STATED_ANYWAY", -0.9)
    monkeypatch.setattr(tuning, "STATED_UNNAMED", 1.01)
    for text in LIFE:
        put(session, text)
    return session


def judged(session, query: str) -> tuple[bool, list[str]]:
    found = search(session, query, k=5, touch=False, scope=ALL_SPACES)
    return found.nothing_close, [h.content for h in found.hits]


@pytest.mark.parametrize(
    "query",
    [
        "what instrument do I play",
        "do I play an instrument?",  # (asked as the instrument, not as a yes or a no)
        "do I have any tattoos",
        "what is my favourite film",
        "who did I vote for last time",  # (a vote no rule reads: nothing speaks of one)
    ],
)
def test_a_thing_no_memory_speaks_of_is_nothing_close(near, query):
    assert judged(near, query) == (True, [])


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("do I play an instrument?", "band practice tonight, my cello needs new strings before the concert"),
        ("who did I vote for last time", "I voted Green in the council election and I'd do it again"),
    ],
)
def test_control_a_thing_spoken_of_is_found(near, query, said):
    put(near, said)
    closed, hits = judged(near, query)
    assert not closed and said in hits


@pytest.mark.parametrize("query", ["what instrument do I play", "do I have any tattoos"])
def test_control_as_near_as_stated_unnamed_it_is_found(near, monkeypatch, query):
    monkeypatch.setattr(tuning, "STATED_UNNAMED", -0.9)  # (the judgement before: any cosine over STATED_ANYWAY)
    assert judged(near, query)[0] is False


def test_a_dog_said_by_its_breed_is_an_answer(near, monkeypatch):
    said = "my blue heeler boone is 7 n limpin on his back left leg since yesterday"  # (no rule reads it: typed so)
    put(near, said)
    assert life.names_a_kind("dog", said) and not life.names_a_kind("cat", said)
    closed, hits = judged(near, "what's my dog's name")
    assert not closed and said in hits
    monkeypatch.setattr(life, "names_a_kind", lambda kind, text: False)  # control: the breed unread, nothing names it
    assert judged(near, "what's my dog's name") == (True, [])


def test_an_insurer_named_beside_a_word_of_it_is_an_answer(near):
    said = "my dentist says I need a filling, does TK pay for the white ones or only amalgam"
    put(near, said)
    put(near, "said no to the insurance job in Munich, the team felt off")
    closed, hits = judged(near, "who is my health insurance with")
    assert not closed and said in hits


def test_control_with_no_word_of_it_held_anywhere_the_insurer_is_nothing_close(near):
    put(near, "my dentist says I need a filling, does TK pay for the white ones or only amalgam")
    assert judged(near, "who is my health insurance with") == (True, [])  # (TK is no word of it; no rule reads it)


def test_control_a_tattoo_spoken_of_is_found(near):
    said = "thinking about covering my old tattoos on my forearm, is laser painful"
    put(near, said)
    closed, hits = judged(near, "do I have any tattoos")
    assert not closed and said in hits
