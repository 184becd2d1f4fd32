"""Session 35's forms of a life (life24): the reading's misses the thirteen people left, each written as
a class in other words, with the look-alikes that must stay unread.

- A partner named by the word for them ("my husband Héctor", then "I want to say my fiancé Ray and I are
  taking our time": in a wish as in a fact, the words take him for granted) is who the partner is: a
  change of partner, not of whether the person is married (marisol's partner; "am I still married"
  stays the divorce). Not someone else's, an ex, one asked about, or one not named.
- A church gone to as a habit ("we've been going to Vida Nueva since June, its non-denominational"; "we
  go to Cornerstone Baptist now") or by what its congregation does at a saint's church ("the Lenten
  fish fry at St. Rose of Lima"); not a plan, a visit, once, or someone else's (marisol's church).
  "been going to" and "started going to" are a habit, no plan (`_HEDGE`).
- A game or an art given up ("I quit my tuesday night bowling league", "gave up karate", "I stopped
  going to my thursday yoga class") ends its schedule; two activities said apart are no change (the
  retiree's bowling and pickleball: nothing he says ends the bowling, and nothing reads it).
- A question naming an instrument ("what kind of guitar do I play"), a team supported ("which football
  club do I support") or a car's plate asks for that, so a history that never says one has nothing
  close (three of the ten foreign questions recall answered).
- A change that skips a step (the house, then an apartment, then a condo): the last item lists the
  house among the earlier values its accept moves to history, so `quire eval life` counts the house ->
  condo change found through it (marisol's home and employer).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import lifechanges
from memory import life
from tests.test_life_kinds import _export


def _fixture(path: Path, chats: list[tuple[str, str, str]], changes: list[tuple[str, str]]) -> Path:
    path.mkdir()
    _export(path / "chatgpt.json", chats)
    _export(path / "claude.json", [("2020-01-01", "hello", "what's a good name for a sourdough starter")])
    key = {
        "changes": [
            {"attribute": "home", "from": a, "to": b, "question": "where do I live", "current": b} for a, b in changes
        ]
    }
    (path / "answers.json").write_text(json.dumps(key))
    return path


def test_a_change_that_skips_a_step_is_found_through_the_last_item(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    house, flat, condo = (
        "I live in Leeds, in a little terrace near Hyde Park.",
        "We moved to York last month and the flat is tiny.",
        "I moved to Bath last week, the condo finally closed.",
    )
    chats = [("2021-03-01", "home", house), ("2022-03-01", "move", flat), ("2023-03-01", "move", condo)]
    fixture = _fixture(tmp_path / "p", chats, [(house, flat), (flat, condo), (house, condo)])
    result = lifechanges.run(fixture)
    assert result["found"] == 3, result["missed"]
    assert result["false_items"] == []


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("help me write the post, I want to say my fiancé Ray and I are taking our time with the wedding", "ray"),
        ("I work nights so my husband Héctor usually does homework with her", "héctor"),
        ("my fiance arjun and i got engaged last sunday at my parents place", "arjun"),
        ("My fiancée Madelyn was angry at me tonight.", "madelyn"),
        ("my wife anna and i are off to porto next week", "anna"),
        ("Ana and I have been together for 5 years", "ana"),
        ("if my husband John gets the job we'll move", "john"),
    ],
)
def test_a_partner_named_by_the_word_for_them_is_read(text, partner):
    said = {s.attribute: s.value for s in life.read(text)}
    assert said.get("partner") == partner, said


@pytest.mark.parametrize(
    "text",
    [
        "my sister's husband Tom is a chef in Tampa",
        "her fiancé Mark works at Disney",
        "my ex-husband Héctor picked up the kids",
        "is my fiancé Ray invited?",
        "i'm giving a speech for my brother and his fiancée Ana",
        "my fiancé and I are looking at venues",
        "I think my wife actually surprised me with a pair of Allen Edmonds",
        "By the way, my partner and I are planning to move in together",
        "like the one where my partner proposed to me",
        "i'm so done, my partner clearly doesn't respect me",
        "my partner and i argued again, he never listens",
    ],
)
def test_a_partner_of_someone_else_an_ex_asked_or_unnamed_is_not_read(text):
    assert "partner" not in {s.attribute for s in life.read(text)}


def test_a_new_partner_named_is_a_change_of_partner_not_of_marriage():
    husband = life.read("I work nights so my husband Héctor usually does homework with her")
    divorced = life.read("the divorce was final yesterday... I'm officially divorced.")
    fiance = life.read("help me write the post, I want to say my fiancé Ray and I are taking our time")
    assert [(a.value, b.value) for a, b in life.changes(husband, fiance)] == [("héctor", "ray")]
    assert life.changes(divorced, fiance) == []  # ("am I still married": still the divorce)


@pytest.mark.parametrize(
    ("text", "church"),
    [
        ("we've been going to Vida Nueva since June, its non-denominational and the kids love it", "vida nueva"),
        ("we started going to Hillsong last month, it's a church", "hillsong"),
        ("we've been going to Grace Church since June", "grace church"),
        ("we go to Cornerstone Baptist now", "cornerstone baptist"),
        ("i go to st albert the great now", "st albert"),
        (
            "they asked me to make the flyer for the Lenten fish fry at St. Rose of Lima because I cook",
            "st rose of lima",
        ),
        ("bible study at Holy Family on wednesdays is my favourite", "holy family"),
    ],
)
def test_a_church_gone_to_is_read(text, church):
    said = {s.attribute: s.value for s in life.read(text)}
    assert said.get("church") == church, said


@pytest.mark.parametrize(
    "text",
    [
        "we're going to Grace Church on Sunday for the baptism",
        "should we start going to Vida Nueva? its non-denominational",
        "my mom has been going to Vida Nueva since June, its a church",
        "my client's fish fry at St Rose of Lima needs a flyer",
        "we went to the fish fry at St Rose of Lima last year",
        "we've been going to Costco since June, it's cheaper",
        "we go to Target after church",
        "the wedding is at St Mary's, we've been going to the rehearsals",
    ],
)
def test_a_church_planned_visited_or_theirs_is_not_read(text):
    assert "church" not in {s.attribute for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "schedule"),
    [
        ("gave up bowling and got hooked on pickleball at the rec center", "schedule:bowling"),
        ("I quit the bowling league, got hooked on pickleball now", "schedule:bowling"),
        ("i quit my tuesday night bowling league", "schedule:bowling"),
        ("I don't go to the bowling league anymore", "schedule:bowling"),
        ("I stopped going to my thursday yoga class", "schedule:yoga"),
        ("I quit karate class after the knee surgery", "schedule:karate"),
        ("I've taken up pickleball instead of bowling", "schedule:bowling"),
    ],
)
def test_a_game_given_up_ends_its_schedule(text, schedule):
    said = {s.attribute: s.value for s in life.read(text)}
    assert said.get(schedule) == "stopped", said


@pytest.mark.parametrize(
    "text",
    [
        "my buddy quit bowling when he moved to florida",
        "i stopped bowling balls down the hall lol",
        "he gave up karate",
        "I stopped going to the gym for a week with the flu",
    ],
)
def test_a_game_someone_else_gave_up_or_a_pause_ends_nothing(text):
    assert not [s for s in life.read(text) if s.value == "stopped"]


def test_two_activities_said_apart_are_no_change():
    bowling = life.read("my tuesday night bowling league at poelking lanes changed its handicap to 90% of 220")
    pickleball = life.read("got hooked on pickleball at the rec center, play mon wed fri at 7 before it gets hot")
    assert life.changes(bowling, pickleball) == []


@pytest.mark.parametrize(
    ("text", "is_the", "and_not"),
    [
        ("I'm a huge Cubs fan, is the season over", "team", "cubs"),
        ("I support Leeds United", "team", "leeds united"),
        ("I've always supported Arsenal, we lost the derby again", "team", "arsenal"),
        ("I'm a huge Taylor Swift fan", None, None),
        ("I support the proposal", None, None),
        ("my dad is a Celtic fan and the match is on", None, None),
        ("I support Ukraine", None, None),
    ],
)
def test_a_team_supported_is_read_in_a_sentence_of_sport(text, is_the, and_not):
    said = {s.attribute: s.value for s in life.read(text)}
    assert said.get("team") == (and_not if is_the else None), said


@pytest.mark.parametrize(
    ("question", "asks", "not_asks"),
    [
        ("what kind of guitar do I play", "schedule:guitar", None),
        ("do I still play the piano", "schedule:piano", None),
        ("which football club do I support", "team", None),
        ("which football club do I support", "football club", None),
        ("who do I root for in the nfl", "team", None),
        ("what's my car's license plate number", "license plate", "car"),
        ("whats my cars license plate", "license plate", "car"),
    ],
)
def test_a_question_names_the_instrument_team_or_plate_it_asks_for(question, asks, not_asks):
    asked = life.asked(question)
    assert asks in asked and (not_asks is None or not_asks not in asked), asked


@pytest.mark.parametrize("question", ["how do I tune a guitar?", "what is a guitar", "which team do I work on"])
def test_a_question_about_an_instrument_or_a_team_in_general_asks_for_none(question):
    assert not {a for a in life.asked(question) if a.startswith("schedule:") or a == "team"}


def test_a_team_stated_answers_which_team_do_i_support():
    assert life.matches(life.asked("which football club do I support"), life.read("I support Leeds United"))
    assert life.matches(
        life.asked("what's my favorite football team"), life.read("I'm a huge Cubs fan, the season is long")
    )


def test_engaged_moves_to_married_and_no_line_of_someone_else_moves_it_back():
    engaged = life.read("my fiance arjun and i got engaged last sunday at my parents place in jayanagar")
    married = life.read("six weeks into being married and i still haven't sent thank you notes to arjun's side")
    assert [(a.value, b.value) for a, b in life.changes(engaged, married)] == [("engaged", "married")]
    for foreign in (
        "divya got engaged last week to her colleague from thoughtworks and i can't go",
        "help me reply to this client email:\n\n'Hi, my fiancé Sam and I are looking for a 2 bed'\n\nthanks",
        "my sister's fiancé Tom wants a toast, can you write one",
    ):
        assert life.changes(married + engaged[1:], life.read(foreign)) == [], foreign
