"""Routes, by class: every request an agent or a program can send gets an answer in quire's words,
whatever its bytes (a lone surrogate escape, a line that is not JSON-RPC, a body nested to the sky)."""

from __future__ import annotations

import html
import http.client
import json
import os
import threading
from types import SimpleNamespace

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory import text
from memory.errors import QuireError
from tests.conftest import mcp_over_stdio, wording
from tests.test_adversary_values import http_post
from tests.test_service import served  # noqa: F401  (the fixture)
from tests.test_trust_routes import _mcp_call
from tests.ui_home import Browserless, seed, start

INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
}


def stdio_answers(quire_home, lines: list[str], expected: int) -> dict:
    """Write raw lines to `quire mcp` and collect `expected` answers by id (None: a parse error)."""
    server = mcp_over_stdio(quire_home)
    killer = threading.Timer(30, server.kill)  # a request left unanswered fails the test, never hangs it
    killer.start()
    answers: dict = {}
    try:
        assert server.stdin and server.stdout
        opening = [json.dumps(INIT), json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"})]
        server.stdin.write("".join(line + "\n" for line in opening + lines))
        server.stdin.flush()
        while len(answers) < expected + 1 and (line := server.stdout.readline()):
            answer = json.loads(line)
            answers[answer.get("id")] = answer
        server.stdin.close()
        server.wait(30)
    finally:
        killer.cancel()
        server.kill()
    return answers


def call(n: int, tool: str, arguments: str) -> str:
    params = f'{{"name": "{tool}", "arguments": {arguments}}}'
    return f'{{"jsonrpc": "2.0", "id": {n}, "method": "tools/call", "params": {params}}}'


def test_mcp_answers_a_request_holding_a_lone_surrogate_instead_of_leaving_the_agent_waiting(quire_home):
    # Before: the SDK's parser refused the line, the server dropped it, and the agent waited forever;
    # the next request was answered as if nothing had happened.
    lines = [
        call(1, "recall", r'{"query": "where is the \ud800 ledger"}'),
        call(2, "forget", r'{"memory_id": "mem_0123456789ab", "reason": "a\udfffb"}'),
        call(3, "status", "{}"),
    ]
    answers = stdio_answers(quire_home, lines, expected=3)
    assert set(answers) >= {1, 2, 3}, answers
    for n, where, lone in ((1, "params.arguments.query", "\ud800"), (2, "params.arguments.reason", "\udfff")):
        message = answers[n]["error"]["message"]
        # the one wording of every route and field (memory.text.unpaired), after the field's name
        assert message == f"{where} {text.unpaired(lone)}", message
    assert answers[3]["result"]["isError"] is False


def test_mcp_answers_a_line_that_is_not_a_json_rpc_request(quire_home):
    lines = [
        '{"id": 4, "method": "tools/call", "params": {"name": "status", "arguments": {}}}',  # no "jsonrpc"
        "recall where is the ledger",  # not JSON
        call(5, "status", "{}"),
    ]
    answers = stdio_answers(quire_home, lines, expected=3)
    assert "JSON-RPC 2.0" in answers[4]["error"]["message"] and '"jsonrpc": "2.0"' in answers[4]["error"]["message"]
    assert answers[None]["error"]["code"] == -32700 and "not JSON" in answers[None]["error"]["message"]
    assert answers[5]["result"]["isError"] is False


def test_the_service_answers_a_body_nested_thousands_deep(served):  # noqa: F811
    # Before: RecursionError in the handler: the connection closed with no answer and a traceback
    # went to the service's stderr.
    s = served()
    for body in (b"[" * 100_000 + b"]" * 100_000, b'{"params": {"query": ' + b"[" * 50_000 + b"]" * 50_000 + b"}}"):
        conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
        conn.request("POST", "/v1/ops/recall", body=body, headers={"Authorization": f"Bearer {s.token}"})
        reply = conn.getresponse()
        data = json.loads(reply.read())
        conn.close()
        assert reply.status == 400 and "nested too deeply" in data["error"]["message"], data
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    conn.request("POST", "/v1/ops/status", body=b"{}", headers={"Authorization": f"Bearer {s.token}"})
    assert conn.getresponse().status == 200


@pytest.mark.parametrize(
    ("path", "says"),
    [("/pages?from=-5", "from: must be at least 0"), ("/pages?from=abc", "from: must be a whole number")],
)
def test_the_ui_refuses_a_pages_offset_the_other_routes_refuse(quire_home, path, says):
    # Before: from=-5 and from=abc were quietly the first page.
    s = start()
    try:
        web = Browserless(seed(s, rebuild=False)).sign_in()
        status, _, body = web.request("GET", path)
        assert status == 400 and says in html.unescape(body), body[-800:]
        assert web.request("GET", "/pages?from=0")[0] == 200
    finally:
        s.stop()


@pytest.mark.parametrize(("k", "says"), [("0", "k: must be at least 1"), ("abc", "k: must be a whole number")])
def test_the_ui_refuses_a_k_the_other_routes_refuse(quire_home, k, says):
    # Before: /recall?k=0 and ?k=abc quietly showed 10 hits.
    s = start()
    try:
        web = Browserless(seed(s)).sign_in()
        status, _, body = web.request("GET", f"/recall?q=billing&k={k}")
        assert status == 400 and says in html.unescape(body), body[-800:]
        status, _, _ = web.request("GET", "/recall?q=billing&k=3")
        assert status == 200
    finally:
        s.stop()


def test_the_service_refuses_a_parameter_put_beside_params(served):  # noqa: F811
    # Before: {"params": {"query": ...}, "k": 1} ran the op and dropped "k" without a word; every
    # other unknown key is refused, on every route.
    s = served()
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    body = json.dumps({"params": {"query": "where is the ledger"}, "k": 1}).encode()
    conn.request("POST", "/v1/ops/recall", body=body, headers={"Authorization": f"Bearer {s.token}"})
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    assert reply.status == 400 and "unknown key(s) 'k' in the request body" in data["error"]["message"], data


def test_the_ui_refuses_a_forget_reason_the_other_routes_refuse(quire_home):
    # Before: the screen cut the reason at 1000 characters and forgot the memory; the CLI, MCP and
    # the service refuse it ("reason: at most 1000 characters"), and nothing is forgotten.
    s = start()
    try:
        served = seed(s, rebuild=False)
        web = Browserless(served).sign_in()
        mid = next(iter(served.ids.values()))
        status, _, body = web.post(f"/memory/{mid}/forget", {"confirm": "yes", "reason": "why " * 300})
        assert status == 400 and "1000" in html.unescape(body), body[-800:]
        assert served.run("memory_show", memory_id=mid)["status"] == "active"
    finally:
        s.stop()


def test_mcp_keeps_the_agents_requests_away_from_fd_0(quire_home, tmp_path):
    # quire mcp reads the wire itself (to refuse a line the SDK would take), so it moves fd 0 to the
    # null device as the SDK does: a tool, a child process or a prompt reads EOF, never a request.
    from quire import mcp_server

    wire_end, fd0_end = os.pipe()
    saved = os.dup(0)
    os.dup2(wire_end, 0)
    os.close(wire_end)
    try:
        wire, restore = mcp_server._wire_stdin()
        os.write(fd0_end, b"a request\n")
        os.close(fd0_end)
        assert os.read(0, 100) == b""  # fd 0 is the null device while serving
        assert wire.readline() == b"a request\n"
        restore()
        assert os.read(0, 100) == b""  # the wire is back on fd 0 (its writer closed: EOF)
    finally:
        os.dup2(saved, 0)
        os.close(saved)


@pytest.mark.parametrize(
    ("method", "path", "use"),
    [
        ("PUT", "/v1/ops/status", "POST"),
        ("DELETE", "/v1/ops/forget", "POST"),
        ("GET", "/v1/ops/status", "POST"),
        ("OPTIONS", "/v1/service", "GET"),
    ],
)
def test_the_service_answers_another_method_in_json_naming_the_one_to_use(served, method, path, use):  # noqa: F811
    # Before: http.server's 501 HTML page for PUT/DELETE/OPTIONS, and 404 "no such endpoint" for a GET
    # of an operation that is there.
    s = served()
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    conn.request(method, path, body=b"{}", headers={"Authorization": f"Bearer {s.token}"})
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    assert reply.status == 405 and reply.getheader("Allow") == use, data
    assert data["error"]["message"].startswith(f"{method} is not how {path} is called; send {use}"), data


# -- one battery, five routes ------------------------------------------------------------------------

BASE = "The staging cluster moved to the Frankfurt region in May"
BATTERY = [
    {"content": ""},
    {"content": "  \t "},
    {"content": BASE + "\x00 and\x07 the\x1b[31m red\x85 next"},
    {"content": BASE + " \u202egnp.exe and\u200b the\ufeff rest"},
    {"content": BASE + " \ud800"},
    {"content": "word " * 5000},
    {"content": "東京のステージングクラスタは五月にフランクフルトへ移動しました"},
    {"content": "نقلنا مجموعة الاختبار إلى منطقة فرانكفورت في شهر مايو الماضي"},
    {"content": BASE + " 👨\u200d👩\u200d👧\u200d👦 and the Hauptstraße office"},
    {"content": BASE, "entities": ["Ａｃｍｅ", "acme", "  ", "Ac\x00me"]},
    {"content": BASE, "entities": ["x" * 121]},
    {"content": BASE, "space": "../work"},
    {"content": BASE, "space": "WORK"},
    {"content": BASE, "space": "nosuch"},
    {"content": BASE, "source": "../../etc/passwd\x00"},
    {"content": BASE, "supersedes": "../mem_0123456789ab"},
    {"content": BASE, "valid_from": "2024-02-30"},
    {"content": BASE, "valid_from": "9999-12-31T23:59:60"},
    {"content": BASE, "valid_from": "0000-01-01"},
    {"content": BASE, "valid_from": "1e10"},
    {"content": BASE, "valid_from": "2024-03-01T00:30:00+14:00"},
    {"content": BASE, "valid_from": "2024-03-01T23:30:00-12:00"},
    {"content": BASE, "valid_from": "2024-03-01T10:00:00"},
    {"content": BASE, "type": "fact", "fields": {"ｃｌａｉｍ": "ａ\x00b"}},
    {"content": BASE, "type": "fact", "fields": {"nope": "x"}},
    # over a bound as sent, within it once CR LF is LF, a NUL or zero-width space gone, the ends stripped
    {"content": (BASE + " and then some more\r\n") * 260},
    {"content": BASE, "source": "notes\u200b/" * 143},
    {"content": " " * 200 + BASE + " in the spring" * 1420},
]
FLAGS = {"type": "--type", "space": "--space", "supersedes": "--supersedes", "valid_from": "--valid-from"}
FLAGS |= {"source": "--source", "k": "-k", "as_of": "--as-of"}
TEXT = {"capture": "content", "recall": "query"}  # the CLI's argument


def _argv(op: str, params: dict) -> list[str]:
    args = [op, "--json"]
    for key, value in params.items():
        if key in ("entities", "types"):
            args += [a for name in value for a in ("--entity" if key == "entities" else "--type", name)]
        elif key == "fields":
            args += [a for k, v in value.items() for a in ("--field", f"{k}={v}")]
        elif key != TEXT[op]:
            args += [FLAGS[key], str(value)]
    return [*args, "--", params[TEXT[op]]]


def _record(q, mid: str, params: dict) -> tuple:
    r = q.show(mid)
    return (r.content, r.title, r.space, r.entities, r.fields, r.source, r.valid_from if "valid_from" in params else "")


def _what(op: str, result: dict) -> object:
    """What a route answered, comparable across homes: the new memory's id, or the texts recalled."""
    return result["id"] if op == "capture" else tuple(r.get("content", r.get("text")) for r in result["results"])


def _cli_answer(op: str, result) -> tuple[str, object]:
    assert result.exit_code in (0, 1, 2) and result.stderr.count("\n") <= 1, result.stderr
    if result.exit_code == 0:
        return "ok", _what(op, json.loads(result.stdout))
    return "refused", result.stderr.strip().removeprefix("Error: ")


def _alike(route: str, home, cli, op: str, params: dict) -> tuple[str, object]:
    """`_answer`, a refusal with the field or flag it names written WHERE, to compare routes: the CLI
    names the flag typed (`--as-of`), the others the parameter (`as_of`)."""
    kind, said = _answer(route, home, cli, op, params)
    return (kind, wording(said)) if kind == "refused" and isinstance(said, str) else (kind, said)


def _answer(route: str, home, cli, op: str, params: dict) -> tuple[str, object]:
    """One route's answer: ("ok", what it answered) or ("refused", its one line)."""
    if route == "library":
        try:
            with quire.open(home) as q:
                return "ok", _what(op, q.run(op, **params).model_dump())
        except QuireError as exc:
            return "refused", str(exc)
    if route == "cli":
        return _cli_answer(op, cli(*_argv(op, params)))
    if route == "mcp":
        try:
            return "ok", _what(op, _mcp_call(home, op, params).structured_content)
        except ToolError as exc:  # the hint after "; call capture(" is MCP's own
            return "refused", str(exc).split(f"; call {op}(")[0]
    if route == "cli via serve":
        running = start()
        try:
            before = running.svc.requests
            result = cli(*_argv(op, params))
            answer = _cli_answer(op, result)
            # it went through the service, unless the CLI refused it as a usage error before any call
            assert running.svc.requests > before or result.exit_code == 2
            return answer
        finally:
            running.stop()
    status, data = served_post(home, op, params)
    return ("ok", _what(op, data["result"])) if status == 200 else ("refused", data["error"]["message"])


def served_post(home, op: str, params: dict) -> tuple[int, dict]:
    """`op` posted to a `quire serve` started for it on `home` (stopped after): (status, answer)."""
    running = start()
    try:
        wire = SimpleNamespace(info={"port": running.port}, token=(home / "serve.token").read_text().strip())
        return http_post(wire, op, json.dumps({"params": params}).encode())
    finally:
        running.stop()


ROUTES = ("library", "cli", "mcp", "service", "cli via serve")


@pytest.mark.parametrize("params", BATTERY, ids=[f"capture-{n}" for n in range(len(BATTERY))])
def test_the_same_capture_gets_the_same_answer_on_every_route(tmp_path, monkeypatch, cli, params):
    # Each route in its own home holding one memory: what one route stores, every route stores
    # identically (after the documented text policy); what one refuses, every route refuses in the
    # same words (MCP adds its own hint), and the memory already there is untouched.
    answers, records = {}, {}
    for route in ROUTES:
        home = tmp_path / route.replace(" ", "-")
        monkeypatch.setenv("QUIRE_HOME", str(home))
        with quire.open(home) as q:
            q.add_space("work")
            kept = q.capture("The lisbon office opens at nine every weekday morning", entities=["Lisbon"]).id
            before = q.show(kept).model_dump()
        answers[route] = _alike(route, home, cli, "capture", params)
        with quire.open(home) as q:
            assert q.show(kept).model_dump() == before, route
            if answers[route][0] == "ok":
                records[route] = _record(q, str(answers[route][1]), params)
    assert len({kind for kind, _ in answers.values()}) == 1, answers
    if records:
        assert len(set(map(repr, records.values()))) == 1, records
    else:
        lines = {route: said for route, (_, said) in answers.items() if route != "mcp"}
        assert len(set(lines.values())) == 1, lines
        # MCP names its own fix (a tool to call, not a command to run): the fault is the same.
        # (and "supersedes", where the others say the CLI's "--supersedes").
        assert str(answers["mcp"][1]).split(";")[0] == str(answers["library"][1]).split(";")[0].lstrip("-"), answers


RECALL = [
    {"query": "   "},
    {"query": "\x00\u202e\u200b"},
    {"query": "STRASSE office"},
    {"query": "ＳＴＡＧＩＮＧ ｃｌｕｓｔｅｒ"},
    {"query": "staging", "space": "WORK"},
    {"query": "staging", "space": "../work"},
    {"query": "staging", "space": "nosuch"},
    {"query": "staging", "types": ["fact", "fact"]},
    {"query": "staging", "as_of": "2024-02-30"},
    {"query": "staging", "as_of": "9999-12-31T23:59:60"},
    {"query": "staging", "as_of": "0000-01-01"},
    {"query": "staging", "as_of": "1e10"},
    {"query": "staging", "as_of": "2030-03-01T00:30:00+14:00"},
    {"query": "staging", "as_of": "2030-03-01T10:00:00"},
    {"query": "staging", "k": 1000},
    {"query": "staging" + " " * 2000},
]


@pytest.mark.parametrize("params", RECALL, ids=[f"recall-{n}" for n in range(len(RECALL))])
def test_the_same_recall_gets_the_same_answer_on_every_route(tmp_path, monkeypatch, cli, params):
    # The read side of the battery: the same memories found in the same order, or the same refusal,
    # on each route; a read never changes what is stored.
    answers = {}
    for route in ROUTES:
        home = tmp_path / route.replace(" ", "-")
        monkeypatch.setenv("QUIRE_HOME", str(home))
        with quire.open(home) as q:
            q.add_space("work")
            q.capture(BASE, type="fact", space="work")
            q.capture("The Hauptstraße office opens at nine every weekday morning", type="fact")
            before = q.status().model_dump(exclude={"replica"})
        answers[route] = _alike(route, home, cli, "recall", params)
        with quire.open(home) as q:
            assert q.status().model_dump(exclude={"replica"}) == before, route
    assert len({repr(answer) for route, answer in answers.items() if route != "mcp"}) == 1, answers
    kind, said = answers["library"]
    assert answers["mcp"][0] == kind and (kind == "ok" or str(answers["mcp"][1]).split(";")[0] == said.split(";")[0])


# -- an edit of a memory another version already replaced ---------------------------------------------


@pytest.mark.parametrize("route", ROUTES)
def test_a_capture_that_supersedes_a_replaced_memory_is_refused_naming_its_replacement(
    tmp_path, monkeypatch, cli, route
):
    # Before: `capture --supersedes A`, A already superseded by B, quietly retired B (the later word,
    # maybe another device's) with a warning. Now it is refused on every route in one line that names
    # B and says to supersede it instead; nothing is stored. The control: superseding B is applied.
    home = tmp_path / route.replace(" ", "-")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        old = q.capture("The team standup happens at nine in the morning daily", type="fact").id
        new = q.capture("The team standup happens at ten in the morning daily", type="fact", supersedes=old).id
        before = q.status().total
    edit = {"content": "The team standup happens at eleven in the morning daily", "type": "fact", "supersedes": old}
    kind, said = _answer(route, home, cli, "capture", edit)
    assert kind == "refused", said
    assert str(said).startswith(f"{old} was already superseded by {new}; supersede {new} instead"), said
    with quire.open(home) as q:
        assert q.status().total == before and q.show(new).status == "active"
    kind, said = _answer(route, home, cli, "capture", {**edit, "supersedes": new})
    assert kind == "ok", said
    with quire.open(home) as q:
        assert q.show(new).status == "superseded"


# -- a lone surrogate: one wording on every route and field ----------------------------------------

PHRASE = "holds an unpaired surrogate (U+D800"
FIX = "half of a character whose other half is missing; replace it with the character meant (or delete it)"


@pytest.mark.parametrize(
    ("op", "params"),
    [
        ("capture", {"content": BASE + " \ud800"}),
        ("capture", {"content": BASE, "entities": ["Ac\ud800me"]}),
        ("capture", {"content": BASE, "type": "fact", "fields": {"claim": "a\ud800"}}),
        ("recall", {"query": "staging \ud800"}),
        ("forget", {"memory_id": "mem_0123456789ab", "reason": "the day \ud800 job"}),
    ],
)
@pytest.mark.parametrize("route", ["library", "service", "mcp"])
def test_a_lone_surrogate_is_named_in_one_wording_on_every_route_and_field(quire_home, route, op, params):
    # Before: three wordings ("...re-save the input as UTF-8", "...send it as UTF-8", "a lone
    # surrogate escape ... replace it"), by route and field. Now one (memory.text.unpaired), naming
    # the fix, after the field's name; nothing stored.
    with quire.open(quire_home) as q:
        before = q.status().model_dump(exclude={"replica"})
    if route == "library":
        with pytest.raises(QuireError) as refused, quire.open(quire_home) as q:
            q.run(op, **params)
        said = str(refused.value)
    elif route == "mcp":
        with pytest.raises(ToolError) as refused:
            _mcp_call(quire_home, op, params)
        said = str(refused.value)
    else:
        status, data = served_post(quire_home, op, params)
        assert status == 400, data
        said = data["error"]["message"]
    assert PHRASE in said and FIX in said and "\n" not in said, said
    with quire.open(quire_home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


def test_a_lone_surrogate_in_an_import_line_gets_the_same_wording(quire_home, tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_text('{"content": "The staging cluster moved to the \\ud800 Frankfurt region in May"}\n')
    with quire.open(quire_home) as q:
        errors = q.run("import", path=str(path)).model_dump()["errors"]
    assert len(errors) == 1 and PHRASE in errors[0] and FIX in errors[0], errors


# -- an empty date: refused in one wording on every date field and route ------------------------------

EMPTY_DATE = "the date is empty; use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS from 1000-01-01 to 9999-12-31, or leave it out"


@pytest.mark.parametrize("blank", ["", "   "])
@pytest.mark.parametrize(
    ("op", "params"),
    [("capture", {"content": BASE, "valid_from": None}), ("recall", {"query": "staging", "as_of": None})],
)
@pytest.mark.parametrize("route", ROUTES)
def test_an_empty_date_is_refused_in_one_wording_on_every_route(tmp_path, monkeypatch, cli, route, op, params, blank):
    # Before: `valid_from ""` silently meant now, `as_of ""` was "cannot read the date ''" and
    # log's `since ""` "must not be empty". Now one refusal names the field and the forms.
    home = tmp_path / route.replace(" ", "-")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture("The lisbon office opens at nine every weekday morning")
        before = q.status().model_dump(exclude={"replica"})
    field = "valid_from" if op == "capture" else "as_of"
    kind, said = _alike(route, home, cli, op, {**params, field: blank})
    assert kind == "refused" and f"WHERE: {EMPTY_DATE}" in str(said), (kind, said)
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


@pytest.mark.parametrize("blank", ["", "   "])
def test_an_empty_date_is_refused_alike_by_recent_log_supersede_and_an_import_line(quire_home, tmp_path, blank):
    path = tmp_path / "lines.jsonl"
    path.write_text(
        json.dumps({"content": "The staging cluster moved to Oslo in the spring", "valid_from": blank}) + "\n"
    )
    with quire.open(quire_home) as q:
        kept = q.capture("The lisbon office opens at nine every weekday morning").id
        for op, params, field in (
            ("recent", {"since": blank}, "since"),
            ("log", {"since": blank}, "since"),
            (
                "supersede",
                {"memory_id": kept, "content": "The lisbon office opens at ten", "valid_from": blank},
                "valid_from",
            ),
        ):
            with pytest.raises(QuireError) as refused:
                q.run(op, **params)
            assert f"{field}: {EMPTY_DATE}" in str(refused.value), refused.value
        report = q.run("import", path=str(path)).model_dump()
        assert (
            report["stored"] == 0 and len(report["errors"]) == 1 and f"valid_from: {EMPTY_DATE}" in report["errors"][0]
        )
        assert q.status().total == 1


@pytest.mark.parametrize("blank", ["", "   "])
def test_an_empty_time_on_a_chat_line_is_refused_as_an_empty_valid_from_is(quire_home, tmp_path, blank):
    # Before: "" was a message without a time (it landed), "   " was "cannot read the time".
    path = tmp_path / "chat.jsonl"
    lines = [
        {"conversation": "c1", "speaker": "Caroline", "text": "I moved to the new flat near the river", "time": blank},
        {
            "conversation": "c1",
            "speaker": "Melanie",
            "text": "How is the commute to the office now",
            "time": "2024-05-01",
        },
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with quire.open(quire_home) as q:
        report = q.run("import", path=str(path), format="chat-jsonl").model_dump()
    assert report["errors"] == [f"chat.jsonl:1: time: {EMPTY_DATE}"], report["errors"]
    assert report["stored"] == 1


def test_an_import_line_that_supersedes_a_replaced_memory_is_refused_as_capture_is(quire_home, tmp_path):
    # The JSONL `supersedes` field: the same refusal, for that line only (the others land).
    with quire.open(quire_home) as q:
        old = q.capture("The team standup happens at nine in the morning daily", type="fact").id
        new = q.capture("The team standup happens at ten in the morning daily", type="fact", supersedes=old).id
        path = tmp_path / "lines.jsonl"
        lines = [
            {"content": "The team standup happens at eleven in the morning daily", "supersedes": old},
            {"content": "The release train leaves every second Tuesday at noon"},
        ]
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
        report = q.run("import", path=str(path)).model_dump()
        assert report["stored"] == 1 and len(report["errors"]) == 1, report
        assert f"{old} was already superseded by {new}; supersede {new} instead" in report["errors"][0]
        assert q.show(new).status == "active"


# -- accepting a queued change whose memory a person replaced meanwhile -------------------------------


def _replaced_meanwhile(home) -> tuple[str, str, str, int]:
    """(old, its queued change a, b: the person's later word that replaced old, a's item)."""
    with quire.open(home) as q:
        old = q.capture("I prefer tabs for indentation in all my Python code", type="preference").id
        a = q.capture("I prefer spaces for indentation in all my Python code", type="preference", supersedes=old).id
        b = q.capture("I prefer two spaces for indentation in Python code", type="preference", supersedes=old).id
        first, second = (int(i["id"]) for i in q.run("curate_list").model_dump()["items"])
        q.run("curate_accept", item_id=second)
    return old, a, b, first


def _queue_state(home) -> tuple:
    with quire.open(home) as q:
        items = q.run("curate_list", all=True).model_dump()["items"]
        mems = {m: q.show(m).status for i in items for m in i["subject_ids"]}
        return q.status().model_dump(exclude={"replica"}), mems, [(i["id"], i["status"]) for i in items]


def _accept_on(route: str, home, cli, item: int, over: str | None = None) -> tuple[str, str]:
    params = {"item_id": item, **({"over": over} if over else {})}
    argv = ["curate", "accept", str(item), "--json", *(["--over", over] if over else [])]
    if route == "library":
        try:
            with quire.open(home) as q:
                return "ok", q.run("curate_accept", **params).model_dump()["message"]
        except QuireError as exc:
            return "refused", str(exc)
    if route == "cli":
        done = cli(*argv)
        assert done.exit_code in (0, 1) and done.stderr.count("\n") <= 1, done.stderr
        return ("ok", done.stdout) if done.exit_code == 0 else ("refused", done.stderr.strip().removeprefix("Error: "))
    if route == "mcp":
        try:
            return "ok", str(_mcp_call(home, "curate_accept", params).structured_content)
        except ToolError as exc:
            return "refused", str(exc)
    running = start()
    try:
        if route == "cli via serve":
            before = running.svc.requests
            answer = _accept_on("cli", home, cli, item, over)
            assert running.svc.requests > before  # it went through the service
            return answer
        if route == "ui":
            web = Browserless(running).sign_in()
            status, _, body = web.post(f"/review/{item}", {"action": "accept", "confirm": "yes", "over": over or ""})
            return ("ok", body) if status == 303 else ("refused", html.unescape(body))
        wire = SimpleNamespace(info={"port": running.port}, token=(home / "serve.token").read_text().strip())
        status, data = http_post(wire, "curate_accept", json.dumps({"params": params}).encode())
        return ("ok", data["result"]["message"]) if status == 200 else ("refused", data["error"]["message"])
    finally:
        running.stop()


@pytest.mark.parametrize("route", [*ROUTES, "ui"])
def test_accepting_a_change_whose_memory_was_replaced_meanwhile_is_refused_on_every_route(
    tmp_path, monkeypatch, cli, route
):
    # Before: accepting the queued change of `old` followed old's chain to b (the person's later
    # word, accepted since) and retired b, a "meanwhile" note the only trace. Now every route refuses
    # it in capture's words for an edit of a replaced memory, naming b; nothing stored changes and
    # the item stays open. A person who saw b names it (`over`) to replace it after all.
    home = tmp_path / route.replace(" ", "-")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    old, a, b, first = _replaced_meanwhile(home)
    before = _queue_state(home)
    kind, said = _accept_on(route, home, cli, first)
    assert kind == "refused", said
    assert f"{old} was already superseded by {b}; accepting review item {first} would retire {b} unseen" in said
    if route == "mcp":  # the next call, as an agent makes it
        assert f"curate_accept(item_id={first}, over='{b}') once the person agrees" in said, said
    assert _queue_state(home) == before
    if route == "ui":  # the card says what happened and its accept button names b
        running = start()
        try:
            _, _, card = Browserless(running).sign_in().request("GET", f"/review/{first}")
        finally:
            running.stop()
        assert f'was replaced by <a href="/memory/{b}">{b}</a> since this was queued' in card
        assert f'name="over" value="{b}"' in card and f"Replace {b}" in card
    kind, said = _accept_on(route, home, cli, first, over=b)
    assert kind == "ok", said
    with quire.open(home) as q:
        assert (q.show(b).status, q.show(a).status) == ("superseded", "active")
        assert q.run("curate_show", item_id=first).model_dump()["status"] == "accepted"
    kind, said = _accept_on(route, home, cli, first)  # the same accept again (another device): a no-op
    assert kind == "ok" and (route == "ui" or "already accepted" in said), said


# -- a date holding a control or invisible character: refused alike by every date field and route -------

UNREADABLE = "use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS from 1000-01-01 to 9999-12-31"


@pytest.mark.parametrize("date", ["2024-03-01\x00", "2024-03-\x0701", "\ufeff2024-03-01", "2024-03-01\u200b"])
@pytest.mark.parametrize("route", ROUTES)
def test_a_date_holding_a_control_character_is_refused_by_capture_on_every_route(
    tmp_path, monkeypatch, cli, route, date
):
    # Before: capture ran its valid_from through the text policy for memory texts (the NUL, BEL, BOM
    # or zero-width space removed, "2024-03-01" stored with a warning) on the library, the CLI and
    # the service, while MCP refused it as "invalid capture arguments (valid_from)" naming no fix,
    # and supersede's valid_from, recall's as_of, recent's and log's since refused it as a date they
    # cannot read. Now capture refuses it in those words on every route; nothing is stored.
    home = tmp_path / route.replace(" ", "-")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        kept = q.capture("The lisbon office opens at nine every weekday morning").id
        before = q.status().model_dump(exclude={"replica"})
        with pytest.raises(QuireError) as supersede:
            q.run("supersede", memory_id=kept, content="The lisbon office opens at ten", valid_from=date)
    said_elsewhere = str(supersede.value).removeprefix("invalid supersede parameters: ")
    assert said_elsewhere == f"valid_from: cannot read the date {date!r}; {UNREADABLE}", said_elsewhere
    kind, said = _alike(route, home, cli, "capture", {"content": BASE, "valid_from": date})
    where = said_elsewhere.replace("valid_from: ", "WHERE: ", 1)  # `_answer` writes the field or flag as WHERE
    assert kind == "refused" and where in str(said), (kind, said)
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


@pytest.mark.parametrize("params", [{"title": "Frankfurt\r\n" * 19}, {"cue": "staging\x00 " * 56}])
def test_a_title_or_cue_within_its_bound_once_cleaned_is_stored_alike_on_every_route(
    tmp_path, monkeypatch, cli, params
):
    # The fields the CLI has no flag for, on the routes that take them. Before: MCP refused them as
    # "invalid capture arguments (title)" (its SDK counted the CR LFs and NULs the text policy removes).
    records = {}
    for route in ("library", "mcp", "service"):
        home = tmp_path / route
        monkeypatch.setenv("QUIRE_HOME", str(home))
        kind, mid = _answer(route, home, cli, "capture", {"content": BASE, **params})
        assert kind == "ok", (route, mid)
        with quire.open(home) as q:
            records[route] = _record(q, str(mid), params)
    assert len(set(map(repr, records.values()))) == 1, records


@pytest.mark.parametrize(
    ("field", "value"),
    [("space", "wo\x00rk"), ("space", "work\x1b[31m"), ("supersedes", "{kept}\x07"), ("supersedes", "\x00{kept}")],
)
@pytest.mark.parametrize("route", ROUTES)
def test_a_space_or_id_holding_a_control_character_is_refused_by_capture_as_by_the_other_ops(
    tmp_path, monkeypatch, cli, route, field, value
):
    # Before: capture cleaned its space and supersedes like a memory's text ("wo\x00rk" stored into
    # work, "mem_...\x07" replaced mem_..., with a warning) while recall, recent and page search
    # refused that space as a bad space name, and supersede, show and forget that id as no memory.
    # Now capture refuses them in those words on every route; nothing is stored.
    home = tmp_path / route.replace(" ", "-")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.add_space("work")
        kept = q.capture("The lisbon office opens at nine every weekday morning", type="fact").id
        value = value.format(kept=kept)
        before = q.status().model_dump(exclude={"replica"})
        with pytest.raises(QuireError) as elsewhere:
            if field == "space":
                q.run("recall", query="lisbon", space=value)
            else:
                q.run("supersede", memory_id=value, content="The lisbon office opens at ten every weekday")
    # the same fault in each op's words: recall's bad space name; supersede's "no memory 'ID'", capture's
    # "--supersedes ID: no such memory" (the id escaped alike)
    # (each op's refusal names its field its own way since adv27: "invalid recall parameters: space: ...")
    said_there = str(elsewhere.value).split(";")[0].split("space: ", 1)[-1]
    words = said_there if field == "space" else repr(value)[1:-1] + ": no such memory"
    kind, said = _answer(route, home, cli, "capture", {"content": BASE, "type": "fact", field: value})
    assert kind == "refused" and words in str(said), (kind, said, words)
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before
        assert q.show(kept).status == "active"
