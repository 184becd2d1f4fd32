"""Forgetting a version of a supersede chain (docs/forget.md, "A version of a chain"): the store is
left as if that version had never been captured. Forgetting the current one makes the version it
replaced current again (said in the forget's answer); forgetting one in the middle links the
versions on either side of it. On every route: the CLI here, the ops (MCP, serve) run the same."""

from __future__ import annotations

import json

import pytest

NINE = "The team standup happens every morning at nine thirty sharp"
TEN = "The team standup happens every morning at ten fifteen now"
ELEVEN = "The team standup moved to eleven in the morning after the reorg"


def _chain(cli_json, *texts: str, kind: str = "fact") -> list[str]:
    ids = [cli_json("capture", texts[0], "--type", kind)["id"]]
    for text in texts[1:]:
        ids.append(cli_json("supersede", ids[-1], text)["id"])
    return ids


@pytest.mark.parametrize("kind", ["fact", "decision"])  # a decision's old version is archived, not superseded
def test_forgetting_the_current_version_makes_the_one_it_replaced_current_again(cli, cli_json, kind):
    nine, ten = _chain(cli_json, NINE, TEN, kind=kind)
    done = cli_json("forget", ten)
    assert nine in done["message"] and "current again" in done["message"]
    shown = cli_json("show", nine)
    assert shown["status"] == "active" and shown["superseded_by"] is None and shown["valid_to"] is None
    found = [h["id"] for h in cli_json("recall", "team standup morning")["results"]]
    assert found[:1] == [nine]
    history = cli_json("history", nine)
    assert history["current"] == nine
    assert cli_json("capture", NINE, "--type", kind)["id"] == nine  # the same text again: it is current


def test_forgetting_a_middle_version_links_the_versions_on_either_side(cli, cli_json):
    nine, ten, eleven = _chain(cli_json, NINE, TEN, ELEVEN)
    done = cli_json("forget", ten)
    assert "current again" not in done["message"]
    assert cli_json("show", nine)["superseded_by"] == eleven
    assert cli_json("show", nine)["status"] == "superseded"
    chain = [v["id"] for v in cli_json("history", eleven)["versions"]]
    assert chain[0] == nine and chain[-1] == eleven and cli_json("history", eleven)["current"] == eleven


def test_forgetting_an_old_version_leaves_the_current_one_alone(cli, cli_json):
    nine, ten = _chain(cli_json, NINE, TEN)
    assert "current again" not in cli_json("forget", nine)["message"]
    assert cli_json("show", ten)["status"] == "active"
    assert json.loads(cli("recall", "team standup", "--json").stdout)["results"][0]["id"] == ten
