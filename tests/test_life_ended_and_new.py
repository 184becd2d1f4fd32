"""An ending and what came instead in one sentence (life17): "I no longer live in Paris but in Lyon",
"I don't work at Acme anymore, I'm at Initech now", "we left Berlin for Vienna" give the new home or
employer (a change from the old), not an ending alone or nothing; a trip, a reason or a place that is
no home reads as before."""

from __future__ import annotations

import pytest

import quire
from memory import life
from tests.conftest import about_now, chat_turns, life_changes


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I no longer live in Paris but in Lyon", "home", "lyon"),
        ("I don't live in Paris anymore, we're in Lyon now", "home", "lyon"),
        ("we don't live in berlin any more, we live in vienna", "home", "vienna"),
        ("I don't work at Acme anymore, I'm at Initech now", "employer", "initech"),
        ("I don't work at Acme anymore, I work for Initech now", "employer", "initech"),
        ("I'm no longer at Acme but at Initech", "employer", "initech"),
        ("we left Berlin for Vienna", "home", "vienna"),
        ("we left berlin for vienna last year", "home", "vienna"),
        ("we swapped London for Lisbon in March", "home", "lisbon"),
        ("I left Google for Meta last month", "employer", "meta"),
        ("I left Acme for Initech", "employer", "initech"),
    ],
)
def test_an_ending_and_the_new_value_in_one_sentence_read_the_new(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I no longer live in Paris", "home", "left paris"),
        ("I no longer live in Paris but I miss it", "home", "left paris"),
        ("I don't work at Acme anymore, I'm at home now", "employer", "left acme"),  # home is no employer
        ("I don't work at Acme anymore, I'm in Lyon now", "employer", "left acme"),
        ("I don't work at Acme anymore, I'm at a loss", "employer", "left acme"),
    ],
)
def test_an_ending_with_no_new_value_stays_an_ending(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I left Paris for Rome for a week",
        "we left London for the weekend",
        "we left Paris for two weeks",
        "I left Google for a startup",
        "I left Google for Paris",
        "if we left Berlin for Vienna, would the kids cope?",
        "I might leave Acme for Initech",
        "my sister left Berlin for Vienna",
    ],
)
def test_a_trip_a_plan_or_someone_else_leaving_gives_no_new_home_or_employer(text):
    read = _read(text)
    assert read.get("home") in (None, "left paris") and read.get("employer") in (None, "left google"), read


def test_the_new_value_is_a_change_and_now_shows_it(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-05T10:00:00Z", "I live in Paris and I work at Acme on the data team."),
            ("2024-03-05T10:00:00Z", "I no longer live in Paris but in Lyon, the flat is lovely."),
            ("2024-05-05T10:00:00Z", "I don't work at Acme anymore, I'm at Initech now, same team size."),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 2, changed
    assert {new.split(",")[0] for _, new in changed} == {
        "I no longer live in Paris but in Lyon",
        "I don't work at Acme anymore",
    }
    now = about_now(cli_json)
    assert "Lyon" in now and "Initech" in now, now


def test_we_left_berlin_for_vienna_opens_one_review_item_through_the_library(quire_home):
    with quire.open(quire_home) as q:
        q.capture("We live in Berlin, in a small flat in Neukölln with the cat", type="identity")
        q.capture("we left Berlin for Vienna in the spring and the kids love it", type="identity")
        items = q.review().items
    assert len(items) == 1
    assert "Berlin" in items[0]["old"] and "Vienna" in items[0]["new"]


# -- a freelancer's work and who it comes from -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("quick q, most of my work rn comes from lexiconnect, an agency in hamburg", "lexiconnect"),
        ("most of my work comes from Acme these days", "acme"),
        ("my main client is Brightpath", "brightpath"),
        ("I freelance for Acme", "acme"),
        ("i'm freelancing for lexiconnect, a small agency", "lexiconnect"),
    ],
)
def test_who_a_freelancers_work_comes_from_is_the_employer(text, value):
    assert _read(text).get("employer") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "most of my work comes from home",
        "most of my work comes from referrals",
        "most of my work comes from Google searches",
        "my main client is a bakery",
        "most of my income comes from the pension",
    ],
)
def test_where_work_comes_from_that_is_no_firm_is_no_employer(text):
    assert "employer" not in _read(text), _read(text)


def test_the_translators_agency_then_her_new_team_is_a_change(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2022-03-01T10:00:00Z", "quick q, most of my work rn comes from lexiconnect, an agency in hamburg"),
            ("2023-09-01T10:00:00Z", "first week at brightpath's localization team and i have to do standups at work"),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "lexiconnect" in changed[0][0] and "brightpath" in changed[0][1], changed
