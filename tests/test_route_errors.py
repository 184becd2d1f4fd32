"""One typed error, one answer on every route: the library raises it, the CLI prints its one line
with its exit code whether a `quire serve` runs or not, the service answers it with the status its
class carries (memory/errors.py) and the screens with the same, and MCP returns it as a tool error
that starts with the same text. A home that cannot answer now (a libSQL server that refuses
connections, a model that cannot be loaded) is 503 with what to do, on the API as on the screens;
never a generic 500, and the CLI through the service never runs it a second time in process."""

from __future__ import annotations

import html
import json
import re
from types import SimpleNamespace

import click
import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory import errors
from memory.errors import QuireError
from memory.home import Home
from quire import client, mcp_server, ops
from quire.cli import cli as quire_cli
from quire.cli.app import shown, unhidden
from quire.ui.words import screen_words
from tests.conftest import wording
from tests.test_adversary_routes import _replaced_meanwhile, served_post
from tests.test_adversary_values import http_post
from tests.test_api import leaf_commands
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


# -- every text of every operation: one outcome, one line, on every route ---------------------------------

HOSTILE = {
    "empty": "",
    "blank": "  \t ",
    "nul": "tabs\x00spaces",
    "control": "\x01\x1b[2J\x7f",
    "huge": "x" * 100_000,
    "other script": "مرحبا بالعالم \u202eabc 歯医者",
    "dots": "../../etc/passwd",
    "emoji zwj": "👩\u200d👩\u200d👧\u200d👦 family dinner ✈️",
    "cjk": "歯医者の予約は火曜日の午後三時です",
    "year 0": "0000-01-01",
    "leap second": "9999-12-31T23:59:60",
    "feb 30": "2024-02-30",
}
SEEDED = "SEEDED"  # replaced by the seeded memory's id (or page's slug) in a base request


def _text_fields() -> list[tuple[str, str]]:
    """(op, field) for every field of every operation that takes a text or a list of texts."""
    found = []
    for name, spec in ops.OPS.items():
        for field, info in spec.request.model_fields.items():
            shape = str(info.annotation)
            if "str" in shape and "Literal" not in shape and "dict" not in shape:
                found.append((name, field))
    return found


# The other parameters of each operation (a text field under test replaces its own).
BASES = {
    "capture": {"content": "The release train leaves every second Tuesday morning"},
    "supersede": {"memory_id": SEEDED, "content": "The staging cluster moved to the Dublin region in June"},
    "recall": {"query": "staging"},
    "page_search": {"query": "staging"},
    "import": {"path": "HOME/notes.jsonl"},
    "sync_drop": {"keys": ["w_" + "0" * 32]},
    "curate_accept": {"item_id": 1},
    "spaces_add": {"name": "home"},
    **{op: {"memory_id": SEEDED} for op in ("forget", "history", "memory_show", "pin", "unpin", "confirm")},
    **{op: {"slug": "PAGE"} for op in ("page_read", "page_restore")},
    "map_show": {"page": "PAGE"},
    **{f"map_{verb}": {"page": "PAGE", "node": "n1"} for verb in ("dismiss", "pin", "accept")},
}


def _seeded(home) -> dict[str, str]:
    with quire.open(home) as q:
        q.add_space("work")
        old = q.capture("I prefer tabs over spaces for indentation in the monorepo", type="preference").id
        q.capture("I prefer four spaces over tabs for indentation in the monorepo", type="preference", supersedes=old)
        mid = q.capture("The staging cluster moved to the Frankfurt region in May", entities=["Frankfurt"]).id
        q.rebuild()
        slug = q.run("pages").model_dump()["pages"][0]["slug"]
    (home / "notes.jsonl").write_text('{"content": "The billing service runs on Postgres with nightly backups"}\n')
    return {SEEDED: mid, "PAGE": slug, "HOME": str(home)}


def _request(op: str, field: str, value: str, names: dict[str, str]) -> dict:
    params = {}
    for key, given in BASES.get(op, {}).items():
        if isinstance(given, str):
            for marker, real in names.items():
                given = given.replace(marker, real)
        params[key] = given
    shape = str(ops.OPS[op].request.model_fields[field].annotation)
    params[field] = [value] if shape.startswith("list") else value
    return params


def _said(fn) -> tuple[str, str, object]:
    """("ok", the result's status, the result) or (the error's class, its line, the error)."""
    try:
        result = fn()
    except (ToolError, QuireError) as exc:
        return type(exc).__name__, str(exc), exc
    data = result if isinstance(result, dict) else getattr(result, "structured_content", None) or result.model_dump()
    return "ok", str(data.get("status", "")), data


def _plain(line: str, names: dict[str, str]) -> str:
    """A line with this home's ids and paths put back as their markers (each route has its own home)."""
    for marker, real in names.items():
        line = line.replace(real, marker)
    return line


# What a stored text reads back as, by operation: (the reading operation, its request from the
# write's answer, the keys compared).
READ_BACK = {
    "capture": ("memory_show", lambda r: {"memory_id": r["id"]}, ("content", "title", "source", "entities", "space")),
    "supersede": ("memory_show", lambda r: {"memory_id": r["id"]}, ("content", "source")),
    "spaces_add": ("spaces_list", lambda r: {}, ("spaces",)),
    "forget": ("tombstones_list", lambda r: {"all": True}, ("tombstones",)),
}
KEPT = ("memory_id", "preview", "reason")  # of a tombstone: who made it and its salted fingerprint differ by home


def _read_back(op: str, run, answer: dict, names: dict[str, str]) -> object:
    if op not in READ_BACK or answer.get("status") in ("rejected", "duplicate"):
        return None
    read, params, keys = READ_BACK[op]
    data = run(read, params(answer))
    if op == "forget":
        data = {"tombstones": [{k: t[k] for k in KEPT} for t in data["tombstones"]]}
    return _plain(json.dumps({k: data.get(k) for k in keys}, sort_keys=True), names)


@pytest.mark.parametrize(("op", "field"), _text_fields(), ids=[f"{o}.{f}" for o, f in _text_fields()])
def test_every_text_field_of_every_operation_gets_one_outcome_on_every_route(tmp_path, monkeypatch, cli, op, field):
    # Each route in its own copy of one seeded home, all the hostile values one after the other: what
    # one route refuses every route refuses, with the same class and line (the service with the status
    # of its class, MCP in its own words: `explained`, the CLI as a terminal shows it), and what one
    # stores every route stores alike.
    routes = ("library", "service", "mcp", "cli", "cli via serve")
    homes = {route: tmp_path / route.replace(" ", "-") for route in routes}
    names = {route: _seeded(home) for route, home in homes.items()}
    monkeypatch.setenv("QUIRE_HOME", str(homes["cli via serve"]))
    behind_cli = start()
    monkeypatch.setenv("QUIRE_HOME", str(homes["service"]))
    running = start()
    wire = SimpleNamespace(info={"port": running.port}, token=(homes["service"] / "serve.token").read_text().strip())
    try:
        for label, value in HOSTILE.items():
            said, stored = {}, {}
            said["library"], stored["library"] = _on_the_library(homes["library"], op, field, value, names["library"])
            said["service"], stored["service"], status = _on_the_service(wire, op, field, value, names["service"])
            _same(op, label, said, status, names)
            if ops.OPS[op].mcp:
                params = _request(op, field, value, names["mcp"])
                said["mcp"], stored["mcp"] = _on_mcp(homes["mcp"], op, params, names["mcp"])
                _same_for_an_agent(op, label, said["library"], said["mcp"], names, params)
            for route in ("cli", "cli via serve"):
                argv = _cli_argv(op, _request(op, field, value, names[route]))
                if argv is not None:
                    monkeypatch.setenv("QUIRE_HOME", str(homes[route]))
                    done = cli(*argv)
                    said[route] = ("ok" if done.exit_code == 0 else "refused", "", _json(done.stdout))
                    _same_on_the_command_line(op, field, label, said["library"], done, names, route)
            assert len({v for v in stored.values() if v is not None}) <= 1, (op, field, label, stored)
            for route, (kind, _, answer) in said.items():  # a new version's id, named alike in later lines
                if kind == "ok" and isinstance(answer, dict) and isinstance(answer.get("id"), str):
                    names[route][f"NEW-{label}"] = answer["id"]
    finally:
        running.stop()
        behind_cli.stop()


def _on_the_library(home, op: str, field: str, value: str, names: dict[str, str]) -> tuple[tuple, object]:
    with quire.open(home) as q:
        said = _said(lambda: q.run(op, **_request(op, field, value, names)))
        if said[0] != "ok":
            return said, None
        return said, _read_back(op, lambda read, params: q.run(read, **params).model_dump(), said[2], names)


def _on_the_service(wire, op: str, field: str, value: str, names: dict[str, str]) -> tuple[tuple, object, int]:
    said, status = _served(wire, op, _request(op, field, value, names))
    if said[0] != "ok":
        return said, None, status
    return said, _read_back(op, lambda read, params: _served(wire, read, params)[0][2], said[2], names), status


def _on_mcp(home, op: str, params: dict, names: dict[str, str]) -> tuple[tuple, object]:
    said = _said(lambda: _mcp_call(home, op, params))
    read = READ_BACK.get(op, ("",))[0]
    if said[0] != "ok" or read not in ops.OPS or not ops.OPS[read].mcp:  # tombstones are no agent's to list
        return said, None
    return said, _read_back(op, lambda name, given: _said(lambda: _mcp_call(home, name, given))[2], said[2], names)


def _cli_argv(op: str, params: dict) -> list[str] | None:
    """The command line that sends `params` to `op` (its command's arguments and flags, as `@uses`
    maps them), or None when a parameter has no flag (capture's title and cue: the CLI takes neither)."""
    path, cmd = next((p, c) for p, c in sorted(leaf_commands(quire_cli).items()) if getattr(c, "quire_op", None) == op)
    renames = cmd.quire_fields
    by_field: dict[str, click.Parameter] = {}
    for param in cmd.params:
        field = renames.get(param.name, param.name)
        if field and (field not in by_field or isinstance(param, click.Argument)):
            by_field[field] = param
    options, arguments = [], []
    for field, value in params.items():
        param = by_field.get(field)
        if param is None:
            return None
        values = value if isinstance(value, list) else [value]
        if isinstance(param, click.Argument):
            arguments += [str(v) for v in values]
        elif getattr(param, "is_flag", False):
            options += [param.opts[0]] if value else []
        else:
            options += [a for v in values for a in (param.opts[0], str(v))]
    json_flag = ["--json"] if any(p.name == "json_" for p in cmd.params) else []
    return [*path.split(), *json_flag, *options, "--", *arguments]


def _same_on_the_command_line(
    op: str, field: str, label: str, library: tuple, result, names: dict[str, dict[str, str]], route: str
) -> None:
    """The CLI's answer, in process or through the service: exit 0 for what the library did, else the
    library's line (as a terminal shows it), one line, exit 1 (2 for a value refused before any call)."""
    (kind, line, _), where = library, (op, label, route)
    if kind == "ok":
        assert result.exit_code == (1 if line == "rejected" else 0), (where, result.exit_code, result.stderr)
        return
    assert result.exit_code in (1, 2) and result.stderr.count("\n") == 1, (where, result.exit_code, result.stderr)
    if (op, field) in CLI_OWN:
        return
    expected = f"Error: {shown(unhidden(_plain(line, names['library'])))}"
    said = _plain(result.stderr.rstrip("\n"), names[route])
    if result.exit_code == 2:  # a usage error says where the command's help is, after the same line
        said = re.sub(r"; see `[^`]*--help`$", "", said)
    # the CLI names the flag typed (`-k`), the library the field (`k`): the rest is one wording
    assert wording(said) == wording(expected), (where, said, expected)


# A PATH the CLI reads in the folder it runs in, where the operation takes only a whole path: the CLI
# sends another request (the whole path it made), and a blank one is a usage error with the CLI's own fix
# ("give the file or folder to import", not "(a whole path)"): refused alike, in its own words.
CLI_OWN = {("import", "path")}


def _json(out: str) -> object:
    try:
        return json.loads(out)
    except ValueError:
        return None


def _served(wire, op: str, params: dict) -> tuple[tuple[str, str, object], int]:
    status, data = http_post(wire, op, json.dumps({"params": params}).encode())
    if status == 200:
        return ("ok", str(data["result"].get("status", "")), data["result"]), status
    return (data["error"]["type"], data["error"]["message"], data["error"]), status


def _same(op: str, label: str, said: dict, status: int, names: dict[str, dict[str, str]]) -> None:
    (kind, line, exc), (served_kind, served_line, _) = said["library"], said["service"]
    where = (op, label)
    assert _plain(line, names["library"]) == _plain(served_line, names["service"]), (where, line, served_line)
    if kind == "ok":
        assert served_kind == "ok" and status == 200, (where, said)
        return
    assert "\n" not in line and 0 < len(line) <= errors.MAX_MESSAGE + 10, (where, line)
    assert isinstance(exc, QuireError) and status == exc.status, (where, status, kind)
    assert getattr(errors, served_kind) in type(exc).__mro__, (where, served_kind, kind)  # its nearest known class


def _same_for_an_agent(
    op: str, label: str, library: tuple, mcp: tuple, names: dict[str, dict[str, str]], params: dict
) -> None:
    """MCP's answer is the library's in an agent's words: a request outside the operation's model is
    refused before it runs (`mcp_server.refusal`), anything else as `explained`."""
    (kind, line, exc), (mcp_kind, mcp_line, _) = library, mcp
    where = (op, label)
    if kind == "ok" and line == "rejected":  # a refused capture is a result here, a tool error to an agent
        assert mcp_kind == "ToolError" and mcp_line.startswith("rejected: "), (where, mcp)
    elif kind == "ok":
        assert mcp_kind == "ok" and mcp_line == line, (where, mcp)
    else:
        before = mcp_server.refusal(op, params, {op: ops.OPS[op]}, set())
        expected = _plain(mcp_server.explained(op, exc), names["library"]) if before is None else before
        expected = _plain(expected, names["mcp"])
        assert mcp_kind == "ToolError" and _plain(mcp_line, names["mcp"]) == expected, (where, mcp_line, expected)
