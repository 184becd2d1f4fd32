"""Session 38's faces, by class: the same input sent to the library, the CLI, `quire serve` (its API
and its screens) and MCP gets the same outcome in the same words, and a refusal changes nothing.

- An id a person pastes with a space or line break around it is read as the id on every operation:
  a queued write's key was the one id refused for it (its request model was not the shared one).
- A list that must not be empty says so in words ("keys: needs at least 1 items" before)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

import quire
from quire import ops
from quire.ops.registry import Request
from tests.test_adversary_s36_acknowledged import refused_on
from tests.test_adversary_values import http_post
from tests.test_sync_drop import FIRST, queued_keys
from tests.ui_home import start


@pytest.mark.parametrize("route", ["library", "cli", "service"])
def test_a_queued_writes_key_pasted_with_spaces_around_it_is_dropped_on_every_route(
    cli, monkeypatch, quire_home, route
):
    # Before: " w_...\n" (a key copied from `quire sync list` with its line end) was "keys.0: is not a
    # queued write's key", while a memory id pasted the same way is read as the id on every operation.
    [key] = queued_keys(cli, monkeypatch, FIRST)
    pasted = f"  {key}\n"
    if route == "library":
        with quire.open(quire_home) as q:
            dropped = q.run("sync_drop", keys=[pasted]).model_dump()
    elif route == "cli":
        out = cli("sync", "drop", "--json", pasted)
        assert out.exit_code == 0, out.output
        dropped = json.loads(out.stdout)
    else:
        running = start()
        try:
            wire = SimpleNamespace(info={"port": running.port}, token=(quire_home / "serve.token").read_text().strip())
            status, data = http_post(wire, "sync_drop", json.dumps({"params": {"keys": [pasted]}}).encode())
        finally:
            running.stop()
        assert status == 200, data
        dropped = data["result"]
    assert [d["key"] for d in dropped["dropped"]] == [key] and dropped["queued"] == 0
    assert FIRST.encode() not in (quire_home / "outbox.db").read_bytes()


def test_every_operation_reads_its_text_fields_as_every_other_does():
    # The shared request base strips a value's ends and refuses an unknown field: an operation on a
    # model of its own drifted (sync_drop refused " w_..." that every id field takes).
    own = {
        name
        for name, spec in ops.OPS.items()
        if not issubclass(spec.request, Request) and spec.request.model_config.get("str_strip_whitespace") is not True
    }
    assert own == set(), own


@pytest.mark.parametrize("route", ["library", "service"])
def test_an_empty_list_is_refused_in_words(quire_home, route):
    said = refused_on(route, quire_home, "sync_drop", {"keys": []})
    assert said == "invalid sync_drop parameters: keys: must not be empty; give at least one", said
