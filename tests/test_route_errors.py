"""One typed error, one answer on every route: the library raises it, the CLI prints its one line
with its exit code whether a `quire serve` runs or not, the service answers it with the status its
class carries (memory/errors.py) and the screens with the same, and MCP returns it as a tool error
that starts with the same text. A home that cannot answer now (a libSQL server that refuses
connections, a model that cannot be loaded) is 503 with what to do, on the API as on the screens;
never a generic 500, and the CLI through the service never runs it a second time in process."""

from __future__ import annotations

import html
import re

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory import errors
from memory.errors import QuireError
from memory.home import Home
from quire import client, mcp_server, ops
from quire.ui.words import screen_words
from tests.test_adversary_routes import _replaced_meanwhile, served_post
from tests.test_trust_routes import _mcp_call
from tests.ui_home import Browserless, seed, start

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
        # No screen needs the model (recall falls back to words): only the store's refusal is shown.
        page_status, page = _screen(running, "/recall?q=ledger") if how == "server down" else (0, "")
    finally:
        running.stop()
    assert (served.exit_code, served.stderr) == (here.exit_code, here.stderr)
    if how == "server down":  # the same line, in the screen's words
        assert page_status == 503 and screen_words(line) in page, page[-600:]


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


# -- the screens say what a person does there, never an operation's or a field's name --------------------

# What no screen may show a person: an operation's name, a request field's Python identifier, a CLI
# command not said to be for a terminal, a path into quire's code.
OP_NAMES = re.compile(r"\b(?:" + "|".join(n for n in ops.OPS if "_" in n) + r")\b")
INTERNAL = re.compile(r"\b(?:item_id|memory_id|as_of|types\.\d|invalid \w+ parameters)\b|quire/\w+|\.py\b")
CLI_ONLY = re.compile(r"`quire [^`]*`(?! in a terminal)")


def _card_says(running, path: str, form: dict | None = None) -> tuple[int, str]:
    web = Browserless(running).sign_in()
    status, _, page = web.post(path, form) if form is not None else web.request("GET", path)
    found = re.search(r"<main>(.*)</main>", page, re.S)
    return status, " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[1] if found else page)).split())


def _unlike_a_screen(said: str) -> list[str]:
    return OP_NAMES.findall(said) + INTERNAL.findall(said) + CLI_ONLY.findall(said)


def test_a_refused_accept_on_the_review_screen_names_the_buttons_that_fix_it(tmp_path, monkeypatch):
    # Before: "... dismiss it to keep b (`quire curate dismiss 1`), or accept it over b if this edit still
    # holds (`quire curate accept 1 --over b`)": commands for a terminal, on a screen that has the buttons.
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    old, _, b, first = _replaced_meanwhile(home)
    running = start()
    try:
        status, said = _card_says(running, f"/review/{first}", {"action": "accept", "confirm": "yes"})
    finally:
        running.stop()
    assert status == 409 and f"{old} was already superseded by {b}" in said, said
    assert f"Dismiss on item {first}'s card (/review/{first})" in said, said
    assert f"Replace {b} on item {first}'s card (/review/{first})" in said, said
    assert not _unlike_a_screen(said), said


@pytest.mark.parametrize(
    ("path", "form", "status", "says"),
    [
        # Before: "invalid curate_show parameters: item_id: must be at most 9223372036854775807".
        ("/review/99999999999999999999", None, 400, "item number: must be at most 9223372036854775807"),
        ("/review/99999999999999999999", {"action": "accept"}, 400, "item number: must be at most"),
        # Before: "invalid curate_accept parameters: over: is not a memory id ...".
        ("/review/{item}", {"action": "accept", "over": "../etc"}, 400, "the version to replace: is not a memory id"),
        ("/review/{item}", {"action": "accept", "over": "x" * 200}, 400, "the version to replace: is longer than 100"),
        # Before: "the version to replace is the one `quire curate show 1` names".
        ("/review/{item}", {"action": "accept", "over": "mem_0123456789ab"}, 404, "(/review/{item})"),
        # Before: "invalid recall parameters: types.0: must be one of ..." and "as_of: cannot read the date".
        ("/recall?q=billing&type=bogus", None, 400, "type: must be one of identity"),
        ("/recall?q=billing&as_of=2026-02-30", None, 400, "as of: cannot read the date '2026-02-30'"),
        ("/recall?q=%00", None, 400, "search words: must not be empty"),
        # Before: "list pages with `quire pages`", "find ids with `quire recall QUERY` or `quire log`".
        ("/page/..%2Fetc", None, 404, "list pages with the pages screen (/pages)"),
        ("/memory/mem_0123456789ab", None, 404, "find ids with the recall screen (/recall) or `quire log` in a"),
        ("/memory/mem_0123456789ab/pin", {}, 404, "find ids with the recall screen (/recall)"),
    ],
)
def test_a_screen_s_refusal_is_in_the_screen_s_words(path, form, status, says):
    running = seed(start(), rebuild=False)
    item = running.items[0]
    try:
        got, said = _card_says(running, path.format(item=item), form)
    finally:
        running.stop()
    assert got == status and says.format(item=item) in said, (got, said)
    assert not _unlike_a_screen(said), said


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        ("invalid curate_show parameters: item_id: must be at least 1", "item number: must be at least 1"),
        ("invalid recall parameters: k: must be at least 1; as_of: bad", "k: must be at least 1; as of: bad"),
        ("dismiss it (`quire curate dismiss 7`)", "dismiss it (Dismiss on item 7's card (/review/7))"),
        ("resolve it with `quire curate`", "resolve it with the review screen (/review)"),
        ("run `quire sync` once it answers", "run `quire sync` in a terminal once it answers"),
        ("pin it (`quire pin mem_0123456789ab`)", "pin it (Pin on /memory/mem_0123456789ab)"),
        ("a text that names nothing: k: 5; over: there", "a text that names nothing: k: 5; over: there"),
    ],
)
def test_screen_words_rewrite_only_what_the_library_names(message, shown):
    assert screen_words(message) == shown
