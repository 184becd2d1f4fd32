"""A third person's life in chats (tests/fixtures/analyst, written after quire was tuned on the
first two people): a data analyst who moves from Manchester to Edinburgh, in her own phrasings
("we've relocated", "I've just started at", "I bank with", "I've taken up X instead of Y").

Before the rules were widened for her, her history opened 3 of its 11 changes and put the current
value first for 6 of her 15 questions: a turn that holds the question's words ("I live for
weekends like this one") outranked "We've relocated to Edinburgh", which holds none of them. Each
sentence that failed her is pinned below, with what must stay unread beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import lifechanges
from memory import life

FIXTURE = Path(__file__).parent / "fixtures" / "analyst"
KEY = json.loads((FIXTURE / "answers.json").read_text())


@pytest.fixture(scope="module")
def measured() -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(lifechanges.ANALYST)


def test_each_change_is_found_and_no_chatter_opens_an_item(measured):
    assert measured["missed"] == []
    assert measured["found"] == len(KEY["changes"])
    assert measured["false_items"] == []


@pytest.mark.parametrize(
    "question",
    [
        "which city do I live in",
        "where do I work",
        "what diet do I follow",
        "who is our broadband provider",
        "what phone do I have",
        "who is my therapist",
        "do we rent or own our home",
    ],
)
def test_the_current_value_answers_first(measured, question):
    (asked,) = [a for a in measured["asked"] if a["question"] == question]
    assert asked["rank1"], asked


def test_the_review_queue_holds_her_changes_and_nothing_said_in_passing(cli_json):
    for name in ("chatgpt.json", "claude.json"):
        cli_json("import", str(FIXTURE / name))
    items = cli_json("curate", "list")
    news = [i["new"] for i in (items["items"] if isinstance(items, dict) else items)]
    for quiet in KEY["quiet"]:
        assert not any(quiet in n for n in news), quiet
    for expected in ("We've relocated to Edinburgh", "I've just started at Skyscanner", "fully vegan"):
        assert any(expected in n for n in news), (expected, news)


@pytest.mark.model
def test_with_the_real_model_every_answer_comes_first_and_foreign_questions_are_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.ANALYST)
    assert result["false_items"] == [] and result["missed"] == []
    assert [a["question"] for a in result["asked"] if not a["rank1"]] == []
    # someone else's city: the turn that names them, not a turn that holds "live"
    assert {"where do my parents live", "where does my brother live"} <= {a["question"] for a in result["asked"]}
    # no memory says "dentist" and none states one: nothing, though "We're going to Leicester" holds "go"
    assert [f["question"] for f in result["foreign_asked"] if not f["flagged"]] == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I work at the Co-op Bank as a data analyst.", "employer", "co-op bank"),
        ("I've been fully vegan since New Year.", "diet", "vegan"),
        ("Our broadband is Virgin Media and it drops every evening.", "internet", "virgin media"),
        ("We switched our broadband to Vodafone when we moved.", "internet", "vodafone"),
        ("We switched our energy to Octopus Energy.", "energy", "octopus energy"),
        ("I bank with Monzo.", "bank", "monzo"),
        ("I moved my current account to Starling because Monzo froze my card.", "bank", "starling"),
        ("I switched my phone to Lebara.", "phone provider", "lebara"),
        ("I play five-a-side football on Tuesdays.", "schedule:football", "tuesday"),
        ("I've taken up bouldering instead of football.", "schedule:football", "stopped"),
        ("I have a Pixel 6 and the night photos look blurry.", "phone", "pixel 6"),
        ("I switched to an iPhone 15 and I miss call screening.", "phone", "iphone 15"),
        ("I have a MacBook Air M2.", "laptop", "macbook air m2"),
        ("I started seeing a new therapist here, Dr. Iain Fraser.", "therapist", "dr iain fraser"),
        ("I registered with a new GP, Dr Shah.", "doctor", "dr shah"),
        ("We rent a two-bed there with my boyfriend.", "tenure", "rent"),
    ],
)
def test_a_statement_of_her_life_is_read(text, attribute, value):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(attribute) == value, found


@pytest.mark.parametrize(
    "text",
    [
        "My brother Arjun just moved to Leeds for a job at Sky.",
        "If we moved to Edinburgh, would we need a car?",
        "I'm thinking about going vegan.",
        "I got an offer from Skyscanner in Edinburgh!",
        "Tom works at the BBC and might get moved to Glasgow.",
        "I live for weekends like this one.",
        "I have an iPhone case that broke.",  # an accessory, not the phone
        "I bought an iPhone 15 for my son.",  # someone else's phone
        "I got my mum an iPhone 15.",
        "Tom has a Pixel 6.",
        "I found a dentist I like, Dr. Patel.",  # "I" is no name
        "I started seeing a therapist.",  # no one named
        "My sister switched her bank to Monzo.",
        "We switched our broadband to fibre.",  # a kind, not a supplier
        "I used to play football on Tuesdays.",
        "I am vegan-curious.",
    ],
)
def test_what_states_nothing_of_hers_is_not_read(text):
    read = {(s.attribute, s.value) for s in life.read(text)}
    assert not {a for a, _ in read} & {"home", "employer", "diet", "bank", "internet", "phone", "dentist", "therapist"}
    assert not {a for a, _ in read if a.startswith("schedule:")}, read


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what diet do I follow", "diet"),
        ("who is our broadband provider", "internet"),
        ("which bank do I use", "bank"),
        ("what phone do I have", "phone"),
        ("which sport do I do", "schedule:class"),
        ("where do my parents live", "other:parents"),
    ],
)
def test_a_question_names_what_it_asks(question, attribute):
    assert attribute in life.asked(question)


def test_her_pasted_sql_and_words_of_talk_title_no_page(cli, cli_json):
    """Her query pasted without fences gave pages "GROUP BY", "ORDER BY", "HAVING SUM", "DESC" and
    "AS"; "New Year" gave "Year"; topics were titled "First" and "Use BigQuery"."""
    for name in ("chatgpt.json", "claude.json"):
        cli_json("import", str(FIXTURE / name))
    assert cli("rebuild").exit_code == 0
    listed = cli_json("pages")
    titles = {p["title"] for p in (listed["pages"] if isinstance(listed, dict) else listed)}
    assert not titles & {"GROUP BY", "ORDER BY", "HAVING SUM", "DESC", "AS", "Year", "First", "Use BigQuery"}, titles
    assert {"Skyscanner", "Manchester", "Mango"} <= titles
    entities = cli_json("entities")
    named = {e["name"] for e in (entities["entities"] if isinstance(entities, dict) else entities)}
    assert not named & {"GROUP BY", "ORDER BY", "HAVING SUM", "DESC", "Year"}, named
