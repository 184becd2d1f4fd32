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
