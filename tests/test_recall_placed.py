"""A question of the past anchored in a place or a thing of then, not a time (memory/life.anchored, its placed forms):
"where did i live in germany" asks the home that held while the person spoke of Germany, though no
statement of a home names the country (the town does); "where did i live after the barracks" asks the home
after the one that names the barracks. Both had ranked the home of now first (session 36: kai's Japan and
San Diego). Controls: the same history asked of now still gets the newest home; a place no text names
moves nothing. And a thing asked by its verb or a word of its kind ("what did i ride", "who was my
foreman", "whats my rank", "where did i work out") is the attribute its statements read
(memory/life._ASKS_KIND_WORD): "work out" is no work."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory import life
from memory.home import Home
from memory.session import Session
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.conftest import chat_turns

# (the country is named only in texts of other things; each home names its town)
ABROAD = [
    ("2019-03-01T10:00:00Z", "still in the barracks on Fort Hood so no rent to pay"),
    ("2019-09-01T10:00:00Z", "moved into a 1br in killeen with my buddy"),
    ("2020-02-01T10:00:00Z", "got orders to germany, leaving in may"),
    ("2020-06-01T10:00:00Z", "moved into a flat in Vilseck, rent is fine"),
    ("2020-08-01T10:00:00Z", "first weekend in germany, what should we see near nuremberg"),
    ("2020-12-01T10:00:00Z", "christmas markets in germany are something else"),
    ("2021-09-01T10:00:00Z", "got a townhouse in tacoma, way bigger than the last place"),
]


def _first(home: Path, tmp_path: Path, turns: list[tuple[str, str]], questions: list[str]) -> list[str]:
    """The first hit of each question, in a home that imported `turns` (the fake embedder)."""
    with Session(Home(home), actor="import") as s:
        s.import_path(chat_turns(tmp_path / "chats.jsonl", turns))
        return [search(s, q, scope=ALL_SPACES, k=3, touch=False).hits[0].content for q in questions]


def test_a_place_of_the_past_asks_the_value_that_held_while_it_was_spoken_of(quire_home, tmp_path):
    there, now = _first(quire_home, tmp_path, ABROAD, ["where did i live in germany", "where do i live now"])
    assert "Vilseck" in there  # (not killeen, where the orders to germany were said)
    assert "tacoma" in now  # control: the present is the newest


def test_after_a_thing_of_then_asks_the_next_value(quire_home, tmp_path):
    (after,) = _first(quire_home, tmp_path, ABROAD, ["where did i live after the barracks"])
    assert "killeen" in after


def test_control_a_place_no_text_names_moves_nothing(quire_home, tmp_path):
    (nowhere,) = _first(quire_home, tmp_path, ABROAD, ["where did i live in portugal"])
    assert "tacoma" in nowhere


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what did i ride back then", "car"),
        ("who was my foreman on the last site", "manager"),
        ("whats my rank", "rank"),
        ("what was my last command", "command"),
        ("where did we work out before the move", "gym"),
        ("where do i go to school", "university"),
    ],
)
def test_a_thing_asked_by_its_verb_or_a_word_of_its_kind(question, attribute):
    assert attribute in life.asked(question)


def test_control_work_out_is_no_employer_and_work_still_is():
    assert "employer" not in life.asked("where did i work out")
    assert "employer" in life.asked("where did i work in 2019")


@pytest.mark.parametrize(
    "question",
    [
        "where do I climb",
        "where did we lift",
        "where I exercise",
        "where do i usually climb",
        "where we currently boulder",
    ],
)
def test_where_the_person_keeps_fit_is_the_gym_in_every_register(question):
    # (one pattern for the journal's, the second-language and the kind word's "where do I ...")
    assert "gym" in life.asked(question)


@pytest.mark.parametrize("question", ["where do I live", "where did I study", "who do I train", "where do I work"])
def test_control_where_else_the_person_goes_is_no_gym(question):
    assert "gym" not in life.asked(question)


# (a question of only function words: "where am i from" had the newest turn holding "am" and "i" lifted)
ORIGIN = [
    ("2021-01-01T10:00:00Z", "born and raised in Kumasi, came to Leeds for uni in 2015"),
    ("2023-05-01T10:00:00Z", "started a pottery class on tuesdays, am i too old for this lol"),
    ("2023-09-01T10:00:00Z", "where am i supposed to park at the new hospital, the staff car park is full"),
    ("2024-02-01T10:00:00Z", "i keep my old climbing shoes under the bed"),
    ("2024-06-01T10:00:00Z", "i keep my old climbing shoes on the shoe rack in the hall now"),
]


def test_a_question_of_function_words_is_restated_by_no_newer_turn(quire_home, tmp_path):
    origin, kept = _first(
        quire_home, tmp_path, ORIGIN, ["where am i from", "where do i keep my old climbing shoes now"]
    )
    assert "Kumasi" in origin
    assert "shoe rack" in kept  # control: a thing named by its words is still answered by the newest restating it


# (a statement the rules read that holds none of the question's words: "where do i go to school" had a
# musing that holds "go" and "school" lifted over it as a restatement)
SCHOOL = [
    (
        "2022-01-01T10:00:00Z",
        "thinking i should go back to school for nursing, or just stay at the warehouse. pros and cons",
    ),
    ("2023-09-01T10:00:00Z", "started the nursing program at Riverside CC today, clinicals start in spring"),
]


def test_a_turn_holding_the_words_goes_not_above_the_statement_read(quire_home, tmp_path):
    (school,) = _first(quire_home, tmp_path, SCHOOL, ["where do i go to school"])
    assert "Riverside CC" in school


# (any attribute, not a home: the supervisor of the time the person spoke of Aberdeen)
SITES = [
    ("2019-03-01T10:00:00Z", "my new supervisor is Dave Pryce, solid guy"),
    ("2020-05-01T10:00:00Z", "got the contract in aberdeen, starting on the rigs in june"),
    ("2020-07-01T10:00:00Z", "my new supervisor is Callum Reid, bit of a shouter"),
    ("2020-11-01T10:00:00Z", "aberdeen is freezing in november, what do i layer under overalls"),
    ("2021-02-01T10:00:00Z", "last month in aberdeen, the rotation ends in march"),
    ("2022-01-01T10:00:00Z", "my new supervisor is Priya Shah, way calmer"),
]


def test_a_place_of_the_past_asks_any_attribute_of_then(quire_home, tmp_path):
    there, now = _first(quire_home, tmp_path, SITES, ["who was my supervisor in aberdeen", "who is my supervisor now"])
    assert "Callum" in there
    assert "Priya" in now
