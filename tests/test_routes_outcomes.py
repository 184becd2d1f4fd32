"""Every typed outcome carries its warnings on every route: the library (`quire.open`), the service,
MCP, the CLI (text and --json) in process and through `quire serve`. Before, a capture the text
policy cleaned ("removed 1 control character") that then came back Duplicate or Rejected (a
tombstone) said only "exact duplicate": the person never learnt their text had been changed."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

import quire
from memory.errors import QuireError
from tests.test_adversary_values import http_post
from tests.test_trust_routes import _mcp_call
from tests.ui_home import start

BASE = "The boiler is serviced every October by Hans from the village"
NOISY = "The boiler is serviced\x07 every October by Hans from the village"
REMOVED = "content: removed 1 control character"
ROUTES = ("library", "service", "mcp", "cli", "cli via serve")


def _library(home, params: dict) -> dict:
    try:
        with quire.open(home) as q:
            return q.run("capture", **params).model_dump()
    except QuireError as exc:  # a refusal, as the service answers one
        return {"error": str(exc)}


def _mcp(home, params: dict) -> dict:
    from mcp.server.mcpserver.exceptions import ToolError

    try:
        return _mcp_call(home, "capture", params).structured_content
    except ToolError as exc:  # a refused capture is a tool error to an agent: its line carries the warnings
        return {"status": "rejected", "said": str(exc)}


def _said(answer: dict) -> str:
    return json.dumps(answer, ensure_ascii=False)


@pytest.fixture
def routes(tmp_path, monkeypatch, cli):
    """capture(route, params) -> (the answer as JSON, what the CLI's text said) on each route's own home."""
    homes = {route: tmp_path / route.replace(" ", "-") for route in ROUTES}
    for home in homes.values():
        home.mkdir(mode=0o700)
    monkeypatch.setenv("QUIRE_HOME", str(homes["cli via serve"]))
    behind_cli = start()
    monkeypatch.setenv("QUIRE_HOME", str(homes["service"]))
    running = start()
    wire = SimpleNamespace(info={"port": running.port}, token=(homes["service"] / "serve.token").read_text().strip())

    def capture(route: str, params: dict, *, text: bool = False) -> tuple[str, str]:
        home = homes[route]
        if route == "library":
            return _said(_library(home, params)), ""
        if route == "service":
            _, data = http_post(wire, "capture", json.dumps({"params": params}).encode())
            return _said(data), ""
        if route == "mcp":
            return _said(_mcp(home, params)), ""
        monkeypatch.setenv("QUIRE_HOME", str(home))
        done = cli("capture", "--json", "--", params["content"])
        if not text:
            return done.stdout + done.stderr, ""
        again = cli("capture", "--", params["content"])  # the same outcome again, as a terminal shows it
        return done.stdout + done.stderr, again.stdout + again.stderr

    yield SimpleNamespace(capture=capture, homes=homes)
    running.stop()
    behind_cli.stop()


@pytest.mark.parametrize("route", ROUTES)
def test_a_cleaned_capture_that_comes_back_duplicate_still_says_what_was_removed(routes, route):
    first, _ = routes.capture(route, {"content": BASE})
    assert '"stored"' in first, first
    again, text = routes.capture(route, {"content": NOISY}, text=True)
    assert '"duplicate"' in again and REMOVED in again, (route, again)
    if route.startswith("cli"):
        assert REMOVED in text and "duplicate" in text, text


@pytest.mark.parametrize("route", ROUTES)
def test_a_cleaned_capture_refused_by_a_tombstone_still_says_what_was_removed(routes, route):
    first, _ = routes.capture(route, {"content": BASE})
    mid = json.loads(first)
    mid = mid.get("id") or mid["result"]["id"]
    with quire.open(routes.homes[route]) as q:
        q.run("forget", memory_id=mid)
    again, text = routes.capture(route, {"content": NOISY}, text=True)
    assert "tombstone" in again and REMOVED in again, (route, again)
    if route.startswith("cli"):
        assert REMOVED in text, text


def test_a_cleaned_capture_queued_offline_says_what_was_removed_now(tmp_path, monkeypatch, cli):
    # Before: "queued in the outbox" alone; the removal was never said, not even at the sync.
    home = tmp_path / "down"
    home.mkdir(mode=0o700)
    (home / "config.toml").write_text('[store]\nurl = "ws://127.0.0.1:9"\n')  # nothing listens there
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        queued = q.run("capture", content=NOISY).model_dump()
    assert queued["status"] == "queued" and REMOVED in queued["warnings"][0], queued
    done = cli("capture", "--json", "--", NOISY)
    assert done.exit_code == 0 and REMOVED in json.loads(done.stdout)["warnings"][0], done.stdout
    refused = cli("capture", "--json", "--", "ok\x07")  # refused before the outbox: its note too
    assert '"rejected"' in refused.stdout and REMOVED in refused.stdout, refused.stdout


# -- a blank title or cue, given: refused on every route, as a blank entity or --supersedes is --------


@pytest.mark.parametrize("field", ["title", "cue"])
@pytest.mark.parametrize("blank", ["", "   ", "\t\n", "\x07"])
def test_a_blank_title_or_cue_given_is_refused_on_every_route_and_nothing_is_stored(
    routes, tmp_path, monkeypatch, cli, field, blank
):
    # Before: the library, the service and MCP stored the memory with a title (or cue) derived from
    # its words, without a word, where the CLI refuses every other blank-but-given value
    # (`--entity ""`, `--supersedes ""`, `--space ""`): given and empty is a mistake, said.
    params = {"content": BASE, field: blank}
    for route in ("library", "service", "mcp"):
        said, _ = routes.capture(route, params)
        assert f"{field}: is empty; give a {field}, or leave it out" in said, (route, said)
        assert '"stored"' not in said, (route, said)
        with quire.open(routes.homes[route]) as q:
            assert q.run("status").model_dump()["total"] == 0, route
    # The CLI takes no --title or --cue: a JSONL line is how it sends one, refused there alike.
    lines = tmp_path / "lines.jsonl"
    lines.write_text(json.dumps(params) + "\n")
    monkeypatch.setenv("QUIRE_HOME", str(routes.homes["cli"]))
    done = cli("import", str(lines), "--json")
    assert done.exit_code == 1 and f"{field}: is empty; give a {field}" in done.stderr, done.stderr
