"""A recall on a home that holds nothing says so, the same on every route: "try other words" had
sent a new person (the CLI, the UI and an agent alike) looking for words when there was nothing
stored to find."""

from __future__ import annotations

import json

import quire
from quire import ops
from quire.ops.search import EMPTY_HOME
from tests.test_mcp_agents import served, tool
from tests.ui_home import Browserless, start


def test_a_recall_on_an_empty_home_says_nothing_is_stored_on_every_route(quire_home, cli):
    home = quire.open(quire_home)
    try:
        answer = home.recall("where do I live")
        assert answer.results == [] and answer.empty_home is True and answer.message == EMPTY_HOME
    finally:
        home.close()
    text = cli("recall", "where do I live").stdout
    assert EMPTY_HOME in text and "quire import FILE" in text and "try other words" not in text
    data = json.loads(cli("recall", "where do I live", "--json").stdout)
    assert data["empty_home"] is True and data["message"] == EMPTY_HOME
    with served(quire_home) as server:
        assert tool(server, "recall", {"query": "where do I live"})["message"] == EMPTY_HOME
    ui = start()
    try:
        _, _, body = Browserless(ui).sign_in().request("GET", "/recall?q=where+do+I+live")
    finally:
        ui.stop()
    assert "Nothing is stored in this home yet" in body and "Try other words" not in body


def test_once_anything_is_stored_an_empty_answer_is_nothing_close_again(quire_home, cli, session):
    cli("capture", "The espresso machine at the office needs descaling every month or it tastes bitter")
    answer = ops.recall(session, {"query": "quantum chromodynamics lattice gauge", "types": ["lesson"]})
    assert "empty_home" not in answer and answer["message"].startswith("nothing close to")
    assert "try other words" in cli("recall", "quantum chromodynamics", "--type", "lesson").stdout  # none stored
    forgotten = json.loads(cli("recall", "espresso machine descaling", "--json").stdout)["results"][0]["id"]
    assert cli("forget", forgotten).exit_code == 0  # all gone again: nothing stored to find
    assert json.loads(cli("recall", "espresso machine", "--json").stdout).get("empty_home") is True


def test_an_empty_answer_names_only_the_ways_out_this_recall_left_open(quire_home, cli):
    """adv20: "try other words, --all-spaces, or drop --type" came back on a recall given no --type
    and kept to no space."""
    cli("spaces", "add", "work", "--default")
    cli("capture", "The espresso machine at the office needs descaling every month or it tastes bitter")
    assert cli("recall", "zzz", "--type", "lesson").stdout.endswith("try other words, --all-spaces or no --type\n")
    assert cli("recall", "zzz", "--type", "lesson", "--all-spaces").stdout.endswith("try other words or no --type\n")
    before = cli("recall", "espresso machine", "--as-of", "2001-01-01").stdout  # nothing was stored then
    assert before.endswith("try other words or --all-spaces\n") and "--type" not in before
    everywhere = cli("recall", "espresso machine", "--as-of", "2001-01-01", "--all-spaces").stdout
    assert everywhere.endswith("try other words\n")
