"""Every whole-number parameter of every operation, one outcome on every route: the library
(`quire.open`), `quire serve`'s HTTP, MCP and the CLI (in process and through the service) take or
refuse the same value alike, in the same line, and a refusal changes nothing stored. The text
fields have theirs in tests/test_route_errors.py (`HOSTILE`)."""

from __future__ import annotations

import html
import json
import sqlite3
from types import SimpleNamespace
from urllib.parse import quote

import pytest

import quire
from memory.errors import QuireError
from quire import ops
from tests.test_route_errors import (
    _cli_argv,
    _on_mcp,
    _request,
    _said,
    _same,
    _same_for_an_agent,
    _same_on_the_command_line,
    _seeded,
    _served,
)
from tests.ui_home import Browserless, start

ODD = {
    "negative": -1,
    "zero": 0,
    "past int64": 2**63,
    "below int64": -(2**63) - 1,
    "huge": 10**30,
    "a fraction": 1.5,
    "true": True,
    "numeral text": "7",
    "words": "12abc",
}


def _number_fields() -> list[tuple[str, str]]:
    found = []
    for name, spec in ops.OPS.items():
        for field, info in spec.request.model_fields.items():
            shape = str(info.annotation)
            if "int" in shape and "str" not in shape and "Literal" not in shape:
                found.append((name, field))
    return found


def _stored(home) -> str:
    """Every row of the store, as text: what a refusal must leave as it was (access counts aside)."""
    con = sqlite3.connect(home / "quire.db")
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        skip = {"access_log", "memory_access"}
        dump = {
            t: con.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall()
            for t in tables
            if t not in skip and not t.startswith(("sqlite_", "vec"))
        }
    finally:
        con.close()
    return json.dumps(dump, default=str, sort_keys=True)


@pytest.mark.parametrize(("op", "field"), _number_fields(), ids=[f"{o}.{f}" for o, f in _number_fields()])
def test_every_number_of_every_operation_gets_one_outcome_on_every_route(tmp_path, monkeypatch, cli, op, field):
    routes = ("library", "service", "mcp", "cli", "cli via serve")
    homes = {route: tmp_path / route.replace(" ", "-") for route in routes}
    names = {route: _with_a_node(home, _seeded(home)) for route, home in homes.items()}
    monkeypatch.setenv("QUIRE_HOME", str(homes["cli via serve"]))
    behind_cli = start()
    monkeypatch.setenv("QUIRE_HOME", str(homes["service"]))
    running = start()
    wire = SimpleNamespace(info={"port": running.port}, token=(homes["service"] / "serve.token").read_text().strip())
    try:
        for label, value in ODD.items():
            said, before = {}, {route: _stored(home) for route, home in homes.items()}
            with quire.open(homes["library"]) as q:
                said["library"] = _said(
                    lambda q=q, label=label, value=value: q.run(op, **_params(op, field, value, names["library"]))
                )
            said["service"] = _served(wire, op, _params(op, field, value, names["service"]))
            status = said["service"][1]
            said["service"] = said["service"][0]
            _same(op, label, said, status, names)
            if ops.OPS[op].mcp:
                params = _params(op, field, value, names["mcp"])
                said["mcp"], _ = _on_mcp(homes["mcp"], op, params, names["mcp"])
                _same_for_an_agent(op, label, said["library"], said["mcp"], names, params)
            if label not in ("true", "numeral text"):  # a command line has only words: "7" is the number 7 there
                for route in ("cli", "cli via serve"):
                    argv = _cli_argv(op, _params(op, field, str(value), names[route]))
                    if argv is not None:
                        monkeypatch.setenv("QUIRE_HOME", str(homes[route]))
                        done = cli(*argv)
                        _same_on_the_command_line(op, field, label, said["library"], done, names, route)
            if said["library"][0] != "ok":
                after = {route: _stored(home) for route, home in homes.items()}
                assert after == before, (op, field, label)  # a refusal changes nothing stored, on any route
    finally:
        running.stop()
        behind_cli.stop()


def _with_a_node(home, names: dict[str, str]) -> dict[str, str]:
    """The seeded page's second map node (its first child, not the page itself), by id: node ids
    differ by home, and "n1" named a node in one home and none in another."""
    with quire.open(home) as q:
        nodes = q.run("map_show", page=names["PAGE"]).model_dump()["nodes"]
    return {**names, "NODE": nodes[1]["id"]}


def _params(op: str, field: str, value, names: dict[str, str]) -> dict:
    params = _request(op, field, "", names)
    if "node" in params:
        params["node"] = names["NODE"]
    params[field] = value
    return params


# -- a number typed as words: the CLI and the screens read only ASCII digits ------------------------

TYPED = ["١٢", "７", "1_000", "+5", "٣"]


@pytest.mark.parametrize("typed", TYPED)
def test_a_number_typed_in_another_script_or_python_s_spelling_is_refused_as_the_library_refuses_it(
    tmp_path, monkeypatch, cli, typed
):
    # Before: the CLI and the screens read "١٢", "７", "1_000" and "+5" with Python's int() (12, 7,
    # 1000, 5) where the library, the service and MCP refuse the same text as no whole number: `-k
    # ١٢` gave twelve results, and /review/١ showed item 1.
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    names = _seeded(home)
    with quire.open(home) as q:
        with pytest.raises(QuireError, match="k: must be a whole number"):
            q.run("recall", query="staging", k=typed)
        items = q.run("curate_list", ids_only=True).model_dump()["ids"]
    assert items, "the seeded home has a review item"
    done = cli("recall", "-k", typed, "--", "staging")
    assert done.exit_code == 2 and "invalid recall parameters: -k: must be a whole number" in done.stderr, done.stderr
    shown = cli("curate", "show", typed)
    assert shown.exit_code == 2 and "item_id: must be a whole number" in shown.stderr, shown.stderr
    running = start()
    try:
        web = Browserless(running).sign_in()
        status, _, body = web.request("GET", f"/recall?q=staging&k={quote(typed)}")
        assert status == 400 and "k: must be a whole number" in html.unescape(body), (status, body[-600:])
        status, _, body = web.request("GET", f"/review/{quote(typed)}")
        assert status in (400, 404) and f"item {items[0]} of" not in body, (status, body[-600:])
        assert web.request("GET", "/review/1")[0] == 200
    finally:
        running.stop()
    assert names
