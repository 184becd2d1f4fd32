"""One typed error, one answer on every route: the library raises it, the CLI prints its one line
with its exit code whether a `quire serve` runs or not, the service answers it with the status its
class carries (memory/errors.py) and the screens with the same, and MCP returns it as a tool error
that starts with the same text. A home that cannot answer now (a libSQL server that refuses
connections, a model that cannot be loaded) is 503 with what to do, on the API as on the screens;
never a generic 500, and the CLI through the service never runs it a second time in process."""

from __future__ import annotations

import html

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory import errors
from memory.errors import QuireError
from memory.home import Home
from quire import client, mcp_server
from tests.test_adversary_routes import served_post
from tests.test_trust_routes import _mcp_call
from tests.ui_home import Browserless, start

DOWN = 'url = "ws://127.0.0.1:9"'  # nothing listens on the discard port


def _down_home(tmp_path, monkeypatch):
    home = tmp_path / "down"
    home.mkdir(mode=0o700)
    (home / "config.toml").write_text(f"[store]\n{DOWN}\n")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    return home


def _library(home, op: str, params: dict) -> QuireError:
    with pytest.raises(QuireError) as refused, quire.open(home) as q:
        q.run(op, **params)
    return refused.value


def _argv(op: str, params: dict) -> list[str]:
    return {"recall": ["recall", "--", params.get("query", "")], "reembed": ["reembed"]}[op]


# (how the home is broken, the operation, its parameters, the error class, whether MCP offers it)
BROKEN = [
    ("server down", "recall", {"query": "ledger"}, errors.Unreachable),
    ("model unloadable", "reembed", {}, errors.ModelUnavailable),
]


def _break(how: str, tmp_path, monkeypatch):
    if how == "server down":
        return _down_home(tmp_path, monkeypatch)
    monkeypatch.setenv("QUIRE_EMBEDDER", "no-such-model")  # the service started here reads it too
    home = tmp_path / "home"
    with quire.open(home) as q:
        q.run("spaces_list")
    return home


@pytest.mark.parametrize(("how", "op", "params", "kind"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_home_that_cannot_answer_is_one_status_and_one_line_on_every_route(
    tmp_path, monkeypatch, cli, how, op, params, kind
):
    # Before: the service answered 500 (the status of a bug in quire) where the screens answered the
    # same error 503, and a client that reads 503 as "no service here" would run it again in process.
    home = _break(how, tmp_path, monkeypatch)
    said = _library(home, op, params)
    assert type(said) is kind or isinstance(said, kind), type(said)
    line = str(said)
    assert "\n" not in line and line
    here = cli(*_argv(op, params))
    assert (here.exit_code, here.stderr) == (1, f"Error: {line}\n")
    status, data = served_post(home, op, params)
    assert status == 503 and data["error"] == {"type": kind.__name__, "message": line}, (status, data)
    running = start()
    try:
        before = running.svc.requests
        monkeypatch.setattr(client.Local, "run", lambda *a, **k: pytest.fail("ran again in process"))
        served = cli(*_argv(op, params))
        assert running.svc.requests == before + 1
        page_status, page = _screen(running, "/recall?q=ledger") if how == "server down" else (503, line)
    finally:
        running.stop()
    assert (served.exit_code, served.stderr) == (here.exit_code, here.stderr)
    assert page_status == 503 and line in page, page[-600:]


def _screen(running, path: str) -> tuple[int, str]:
    """A screen's answer, signed in by the ticket alone (Browserless.sign_in reads /status, which
    cannot answer either)."""
    web = Browserless(running)
    url = running.ticket()
    status, headers, _ = web.request("GET", url[url.index("/login") :], cookie=False)
    assert status == 200, status
    web.cookie = headers["set-cookie"].split(";")[0]
    status, _, page = web.request("GET", path)
    return status, html.unescape(page)


def test_mcp_returns_an_unreachable_store_as_a_tool_error_with_the_library_s_line(tmp_path, monkeypatch):
    home = _down_home(tmp_path, monkeypatch)
    line = str(_library(home, "recall", {"query": "ledger"}))
    with pytest.raises(ToolError) as local:
        _mcp_call(home, "recall", {"query": "ledger"})
    running = start()
    try:
        with pytest.raises(ToolError) as served:
            _mcp_call(home, "recall", {"query": "ledger"})
    finally:
        running.stop()
    assert str(local.value) == str(served.value)
    assert str(local.value).startswith(mcp_server.next_call(line)), str(local.value)


def test_the_service_s_own_503_still_lets_the_client_run_in_process(tmp_path, monkeypatch):
    # The control: a service that is stopping answers 503 "quire serve is stopping" (type QuireError):
    # nothing ran there, so the client runs the operation itself.
    home = tmp_path / "home"
    with quire.open(home) as q:
        q.run("spaces_list")
    assert not client._unavailable({"error": {"type": "QuireError", "message": "quire serve is stopping"}})
    assert client._unavailable({"error": {"type": "Unreachable", "message": "the server cannot be reached"}})
    running = start()
    try:
        running.svc.stopping = True
        ran = []
        monkeypatch.setattr(client.Local, "run", lambda self, op, params, **kw: ran.append(op) or {"spaces": []})
        client.call("spaces_list", {}, home=Home(home))
        assert ran == ["spaces_list"]
    finally:
        running.svc.stopping = False
        running.stop()


def test_every_error_class_has_one_status_the_service_and_the_screens_both_answer():
    classes = [c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, QuireError)]
    found = {cls.__name__: cls.status for cls in classes}
    assert found["NotFound"] == 404 and found["InvalidInput"] == found["Refused"] == found["UnknownSpace"] == 400
    assert found["Conflict"] == found["Superseded"] == 409
    assert found["StoreError"] == found["Unreachable"] == found["SchemaTooNew"] == found["ModelUnavailable"] == 503
    assert found["QuireError"] == 500
