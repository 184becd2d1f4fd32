"""Hostile input by class, through every route: the library, the CLI in-process, the CLI through
`quire serve`, the service's HTTP, MCP and the browser's recall screen. Each input gets the same
outcome class on each: answered, or refused in one line that names what to give instead, with the
CLI's exit code of its kind (2 usage, 1 domain), and nothing stored is changed by a refusal."""

from __future__ import annotations

import html
import json
from urllib.parse import urlencode

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory.errors import QuireError
from quire import ops
from quire.client import MAX_BODY
from tests.conftest import wording
from tests.test_adversary_routes import BASE, ROUTES, _answer, _argv, served_post
from tests.test_trust_routes import _mcp_call
from tests.ui_home import Browserless, start

QUERY_FIX = "give the words to look for, such as 'dentist appointment'"
DATE_FIX = "use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS from 1000-01-01 to 9999-12-31"
CONTENT_FIX = "give the memory: one self-contained statement (5+ words)"
TEN_MB = "dentist " * (10 * 1024 * 1024 // 8)

# (op, params, outcome, what every refusal names (None: the route's own words), the CLI's exit code:
# 2 for what the request refuses by its form, as tests/test_adversary_s35_exit_codes.py holds every flag to)
CASES = [
    ("recall", {"query": ""}, "refused", QUERY_FIX, 2),
    ("recall", {"query": " \t "}, "refused", QUERY_FIX, 2),
    ("recall", {"query": "\x00"}, "refused", QUERY_FIX, 2),
    ("recall", {"query": "\x01\x02\x1b"}, "refused", QUERY_FIX, 2),
    ("recall", {"query": "\u200b\ufeff\u202e"}, "refused", QUERY_FIX, 2),
    ("recall", {"query": "x" * 2001}, "refused", "is longer than 2000 characters", 2),
    ("recall", {"query": "موعد طبيب الأسنان يوم الثلاثاء"}, "ok", None, 0),
    ("recall", {"query": "歯医者の予約はいつですか"}, "ok", None, 0),
    ("recall", {"query": "../../etc/passwd"}, "ok", None, 0),
    ("recall", {"query": "staging", "as_of": "0000-00-00"}, "refused", DATE_FIX, 2),
    ("recall", {"query": "staging", "as_of": "2026-02-30"}, "refused", DATE_FIX, 2),
    ("recall", {"query": "staging", "as_of": "9999-12-31"}, "ok", None, 0),
    ("recall", {"query": "staging", "as_of": "2026-03-01T10:00:00+05:30"}, "ok", None, 0),
    ("recall", {"query": "staging", "k": 0}, "refused", None, 2),
    ("recall", {"query": "staging", "k": -1}, "refused", None, 2),
    ("recall", {"query": "staging", "k": 10**12}, "refused", None, 2),
    # A blank text given as the CLI's argument is a usage error (exit 2) there, as a blank query is.
    ("capture", {"content": ""}, "refused", CONTENT_FIX, 2),
    ("capture", {"content": "\u200b\u202e\x00"}, "refused", CONTENT_FIX, 2),
    ("capture", {"content": BASE, "valid_from": "0000-00-00"}, "refused", DATE_FIX, 2),
    ("capture", {"content": BASE, "valid_from": "2026-02-30"}, "refused", DATE_FIX, 2),
    ("capture", {"content": TEN_MB}, "refused", None, 2),
]
IDS = [f"{op}-{n}" for n, (op, *_) in enumerate(CASES)]


def _ui_answer(params: dict) -> tuple[str, str]:
    """The recall screen's answer: ("ok", "") or ("refused", the page's text)."""
    running = start()
    try:
        web = Browserless(running).sign_in()
        fields = {"q": params["query"], **({"as_of": params["as_of"]} if "as_of" in params else {})}
        fields |= {"k": str(params["k"])} if "k" in params else {}
        status, _, body = web.request("GET", "/recall?" + urlencode(fields))
    finally:
        running.stop()
    assert status in (200, 400), (status, body[-500:])
    return ("ok", "") if status == 200 else ("refused", html.unescape(body))


def _cli(cli, op: str, params: dict, exit_code: int, argv: list[str] | None = None) -> tuple[str, str]:
    result = cli(*(argv or _argv(op, params)))
    assert result.exit_code == exit_code and result.stderr.count("\n") <= 1, (result.exit_code, result.stderr)
    return ("ok", "") if result.exit_code == 0 else ("refused", result.stderr)


@pytest.mark.parametrize(("op", "params", "outcome", "fix", "exit_code"), CASES, ids=IDS)
def test_each_hostile_input_gets_one_outcome_class_on_every_route(
    tmp_path, monkeypatch, cli, op, params, outcome, fix, exit_code
):
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture(BASE, type="fact")
        q.capture("The dentist appointment is on Tuesday at nine in the morning", type="note")
        before = q.status().model_dump(exclude={"replica"})
    answers = {route: _answer(route, home, cli, op, params) for route in ("library", "mcp", "service")}
    answers["cli"] = _cli(cli, op, params, exit_code)
    running = start()
    try:
        before_requests = running.svc.requests
        answers["cli via serve"] = _cli(cli, op, params, exit_code)
        # A usage error is the CLI's own, before any call, and a request too large for the service
        # is refused before it is sent; anything else went through the service.
        sent = exit_code != 2 and len(json.dumps({"params": params})) < MAX_BODY
        assert (running.svc.requests > before_requests) == sent, running.svc.requests
    finally:
        running.stop()
    assert set(answers) == set(ROUTES)
    assert answers["cli via serve"] == answers["cli"]  # the same line, whether a service runs or not
    if op == "recall" and params["query"].strip():  # a blank box is the screen's empty form (below)
        answers["ui"] = _ui_answer(params)
    assert {route: kind for route, (kind, _) in answers.items()} == dict.fromkeys(answers, outcome), answers
    if fix is not None:
        for route, (_, said) in answers.items():
            assert fix in str(said), (route, said)
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


@pytest.mark.parametrize("blank", ["", "   "])
def test_the_recall_screen_shows_its_empty_form_for_a_blank_box(tmp_path, monkeypatch, blank):
    """The screen searches as a person types: a box emptied again shows the form, no hits and no
    refusal (the other routes refuse a blank query; here there is no query yet)."""
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "home"))
    with quire.open(tmp_path / "home") as q:
        q.capture(BASE, type="fact")
    running = start()
    try:
        status, _, body = Browserless(running).sign_in().request("GET", "/recall?" + urlencode({"q": blank}))
    finally:
        running.stop()
    assert status == 200 and 'class="hit"' not in body and "not accepted" not in body


def test_a_blank_page_search_is_a_usage_error_in_the_library_s_words(quire_home, cli):
    with pytest.raises(quire.InvalidInput) as caught, quire.open(quire_home) as q:
        q.run("page_search", query="\u200b")
    said = str(caught.value)
    assert said.startswith("invalid page_search parameters: query: must not be empty") and QUERY_FIX in said
    result = cli("page", "search", "\u200b")
    assert result.exit_code == 2 and result.stderr.strip() == f"Error: {said}", result.stderr


EMPTY = [  # an empty text on any op: refused on each route naming what to give, from the field's description
    ("page_read", {"slug": ""}, "slug: must not be empty; give the page's slug, title or file name"),
    ("memory_show", {"memory_id": "  "}, "memory_id: must not be empty; give the memory's id (mem_...)"),
    ("spaces_add", {"name": ""}, "name: must not be empty; give the space's name"),
    ("log", {"subject_id": " "}, "subject_id: must not be empty; give the id whose entries to show"),
    (
        "curate_accept",
        {"item_id": 1, "text": "   "},
        "text: must not be empty; give the text to accept instead of the proposed one, or leave it out",
    ),
    # Only controls, NULs, zero-width or bidi characters: empty once the text policy has cleaned it.
    # Before: the accept was an edit refused by the gate as too short, logged as a refused write; the
    # supersede of a made-up id said "no memory", of a real one "content: must not be empty".
    (
        "curate_accept",
        {"item_id": 1, "text": "\x00\u200b\x1b"},
        "text: must not be empty; give the text to accept instead of the proposed one, or leave it out",
    ),
    (
        "supersede",
        {"memory_id": "mem_0123456789ab", "content": "\u200b\u202e\x07"},
        "content: must not be empty; give the new text that replaces the memory's",
    ),
]


@pytest.mark.parametrize(("op", "params", "says"), EMPTY, ids=[op for op, *_ in EMPTY])
def test_an_empty_text_names_what_to_give_on_every_route(tmp_path, monkeypatch, op, params, says):
    # Before: "must not be empty", naming no fix; and `curate accept --text ""` was an edit to nothing
    # refused by the gate as too short ("too_short: 0 meaningful words"), logged as a refused write.
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        old = q.capture("I prefer tabs over spaces for indentation in the monorepo", type="preference").id
        q.capture("I prefer four spaces over tabs for indentation in the monorepo", type="preference", supersedes=old)
        before = q.status().model_dump(exclude={"replica"})
    routes = ("library", "mcp", "service") if ops.OPS[op].mcp else ("library", "service")  # MCP: agents' tools
    said = {route: _answer(route, home, None, op, params) for route in routes}
    for route, (kind, line) in said.items():
        assert kind == "refused" and says in str(line), (route, line)
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before
        assert q.run("curate_list").model_dump()["items"][0]["status"] == "pending"


def _id_answer(route: str, home, op: str, params: dict) -> tuple[str, str]:
    """("ok", the id a write answered) or ("refused", its line), on the library, MCP or the service."""
    if route in ("library", "mcp"):
        try:
            if route == "mcp":
                return "ok", _mcp_call(home, op, params).structured_content["id"]
            with quire.open(home) as q:
                return "ok", q.run(op, **params).model_dump()["id"]
        except (QuireError, ToolError) as exc:
            return "refused", str(exc)
    status, data = served_post(home, op, params)
    return ("ok", data["result"]["id"]) if status == 200 else ("refused", data["error"]["message"])


@pytest.mark.parametrize("route", ["library", "mcp", "service"])
def test_a_supersede_sent_again_after_it_was_applied_answers_as_the_first_did(tmp_path, monkeypatch, route):
    # Before: the same supersede sent again (its answer lost, its process killed after the commit) was
    # refused, "already superseded by <the version it made itself>; supersede that instead", exit 1,
    # where the same capture sent again answers "duplicate". Another text is still refused.
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        old = q.capture(BASE.replace("Frankfurt", "Dublin"), type="fact").id
        first = q.supersede(old, BASE).model_dump()
        before = q.status().model_dump(exclude={"replica"})
    kind, said = _id_answer(route, home, "supersede", {"memory_id": old, "content": BASE})
    assert (kind, said) == ("ok", first["id"]), said
    kind, said = _id_answer(route, home, "supersede", {"memory_id": old, "content": BASE + " again"})
    assert kind == "refused" and f"{old} was already superseded by {first['id']}" in str(said), said
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


TOO_LONG = "is too long for the file system"


@pytest.mark.parametrize("route", ["library", "service", "cli"])
@pytest.mark.parametrize("name", ["x" * 300, "a/" * 2100])
def test_an_import_path_too_long_is_refused_in_words_on_every_route(tmp_path, monkeypatch, cli, route, name):
    # Before: `path.exists()` raised OSError(ENAMETOOLONG) for a name past 255 bytes: a traceback in
    # the library and the CLI, a 500 from `quire serve`; past 4096 characters the CLI crashed where
    # the library refused "path: is longer than 4096 characters".
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    path = str(tmp_path / name)
    with quire.open(home) as q:
        q.capture(BASE, type="fact")
        before = q.status().model_dump(exclude={"replica"})
    says = TOO_LONG if len(path) <= 4096 else "invalid import parameters: path: is longer than 4096 characters"
    if route == "library":
        with pytest.raises(QuireError) as refused, quire.open(home) as q:
            q.run("import", path=path)
        said = str(refused.value)
    elif route == "cli":
        result = cli("import", name)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        said = result.stderr
    else:
        status, data = served_post(home, "import", {"path": path})
        assert status == 400, data
        said = data["error"]["message"]
    assert says in said, said
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


def test_a_backup_path_too_long_is_refused_in_words(tmp_path, monkeypatch, cli):
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "home"))
    with quire.open(tmp_path / "home") as q:
        q.capture(BASE, type="fact")
    result = cli("restore", str(tmp_path / ("x" * 300)))
    assert result.exit_code == 1 and TOO_LONG in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("hidden", ["\u200b", "\u202e", "\ufeff"])
def test_an_error_shows_the_invisible_character_it_echoes(tmp_path, monkeypatch, cli, hidden):
    # Before: the CLI removed it from the line, so `quire import "$DIR/\u200b"` said "Error: $DIR/
    # does not exist", naming a folder that exists; the library, the service and MCP keep it.
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "home"))
    path = tmp_path / f"notes{hidden}"
    with pytest.raises(QuireError) as refused, quire.open(tmp_path / "home") as q:
        q.run("import", path=str(path))
    result = cli("import", str(path))
    escape = f"\\u{ord(hidden):04x}"
    # A path given that does not exist is a usage error on the CLI (exit 2, naming PATH: adv27's one rule),
    # in the operation's words.
    assert result.exit_code == 2 and f"notes{escape} does not exist" in result.stderr, result.stderr
    assert result.stderr.strip().startswith("Error: PATH: " + str(refused.value).replace(hidden, escape))


# -- every other operation a person runs, the same hostile values, every route ------------------------

MADE_UP = "mem_0123456789ab"  # an id no memory has
# op -> (the command's words, its arguments in order, its flags by field)
SHAPES = {
    "memory_show": (["show"], ["memory_id"], {}),
    "history": (["history"], ["memory_id"], {}),
    "forget": (["forget"], ["memory_id"], {"reason": "--reason"}),
    "pin": (["pin"], ["memory_id"], {}),
    "page_read": (["page", "show"], ["slug"], {}),
    "log": (["log"], [], {"since": "--since", "limit": "-n", "subject_id": "--id"}),
    "recent": (["recent"], [], {"days": "--days", "since": "--since"}),
    "supersede": (["supersede"], ["memory_id", "content"], {"valid_from": "--valid-from"}),
    "curate_accept": (["curate", "accept"], ["item_id"], {"text": "--text"}),
    "curate_dismiss": (["curate", "dismiss"], ["item_id"], {}),
}
NO_MEMORY = "find ids with"
NO_PAGE = "(by slug, title or file name); list pages with"
# The CLI's exit code by the rule of tests/test_adversary_s35_exit_codes.py: 2 for a value the request
# refuses by its form (blank, unreadable date, past its length, a NUL where none is stored), 1 for what
# the store refuses (no such memory, page or item).
# An id of a form no memory has is a usage mistake (session 38, adv30: it was "no memory", exit 1).
NOT_AN_ID = "memory_id: is not a memory id (letters, digits, '_' or '-', like mem_1a2b3c4d5e6f)"
SIBLINGS = [  # (op, params, outcome, what every route's answer names, the CLI's exit code)
    ("memory_show", {"memory_id": ""}, "refused", "memory_id: must not be empty; give the memory's id", 2),
    ("memory_show", {"memory_id": "\x00"}, "refused", NOT_AN_ID, 2),
    ("memory_show", {"memory_id": "x" * 10_000}, "refused", "memory_id: is longer than 100 characters", 2),
    ("memory_show", {"memory_id": "../../etc/passwd"}, "refused", NOT_AN_ID, 2),
    ("history", {"memory_id": "\u200b\u202e"}, "refused", NOT_AN_ID, 2),
    ("history", {"memory_id": " \t "}, "refused", "memory_id: must not be empty", 2),
    ("forget", {"memory_id": "موعد"}, "refused", NOT_AN_ID, 2),
    ("forget", {"memory_id": MADE_UP, "reason": "dup\x00licate"}, "refused", "reason: holds a NUL character", 2),
    ("pin", {"memory_id": "歯医者👨\u200d👩\u200d👧"}, "refused", NOT_AN_ID, 2),
    ("page_read", {"slug": "../../etc/passwd"}, "refused", NO_PAGE, 1),
    ("page_read", {"slug": "\t"}, "refused", "slug: must not be empty; give the page's slug", 2),
    ("page_read", {"slug": "x" * 10_000}, "refused", "slug: is longer than 200 characters", 2),
    ("log", {"since": "2026-02-30"}, "refused", DATE_FIX, 2),
    ("log", {"since": "0000-00-00"}, "refused", DATE_FIX, 2),
    ("log", {"since": "9999-12-31"}, "ok", None, 0),
    ("log", {"limit": 0}, "refused", "invalid log parameters: limit: must be at least 1", 2),
    ("log", {"subject_id": "\x01\x1b[2J"}, "refused", "holds the character U+0001, which no id holds", 2),
    ("recent", {"days": 10**12}, "refused", "invalid recent parameters: days: must be at most 36500", 2),
    ("recent", {"since": "2026-13-01"}, "refused", DATE_FIX, 2),
    ("supersede", {"memory_id": MADE_UP, "content": BASE, "valid_from": "0000-00-00"}, "refused", DATE_FIX, 2),
    ("supersede", {"memory_id": MADE_UP, "content": "\u200b\x07"}, "refused", "content: must not be empty", 2),
    ("supersede", {"memory_id": MADE_UP, "content": "x" * 20_001}, "refused", "is longer than 20000 characters", 2),
    ("curate_accept", {"item_id": 0}, "refused", "invalid curate_accept parameters: item_id: must be at least 1", 2),
    ("curate_accept", {"item_id": 999, "text": "\x00\u200b"}, "refused", "text: must not be empty", 2),
    ("curate_dismiss", {"item_id": 2**63}, "refused", "item_id: must be at most 9223372036854775807", 2),
    ("curate_dismiss", {"item_id": 999}, "refused", "no review item 999", 1),
]


def _sibling_argv(op: str, params: dict) -> list[str]:
    words, arguments, flags = SHAPES[op]
    options = [a for field, flag in flags.items() if field in params for a in (flag, str(params[field]))]
    return [*words, "--json", *options, "--", *(str(params[field]) for field in arguments)]


def _routes_answer(home, cli, op: str, params: dict, exit_code: int) -> dict[str, tuple[str, str]]:
    said: dict[str, tuple[str, str]] = {}
    try:
        with quire.open(home) as q:
            q.run(op, **params)
        said["library"] = ("ok", "")
    except QuireError as exc:
        said["library"] = ("refused", str(exc))
    if ops.OPS[op].mcp:
        try:
            _mcp_call(home, op, params)
            said["mcp"] = ("ok", "")
        except ToolError as exc:
            said["mcp"] = ("refused", str(exc))
    said["cli"] = _cli(cli, op, params, exit_code, argv=_sibling_argv(op, params))
    status, data = served_post(home, op, params)
    said["service"] = ("ok", "") if status == 200 else ("refused", data["error"]["message"])
    running = start()
    try:
        before = running.svc.requests
        said["cli via serve"] = _cli(cli, op, params, exit_code, argv=_sibling_argv(op, params))
        assert (running.svc.requests > before) == (exit_code != 2), running.svc.requests  # a usage error: no call
    finally:
        running.stop()
    return said


@pytest.mark.parametrize(
    ("op", "params", "outcome", "fix", "exit_code"), SIBLINGS, ids=[f"{c[0]}-{n}" for n, c in enumerate(SIBLINGS)]
)
def test_every_operation_gets_one_outcome_class_for_a_hostile_value_on_every_route(
    tmp_path, monkeypatch, cli, op, params, outcome, fix, exit_code
):
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        old = q.capture("I prefer tabs over spaces for indentation in the monorepo", type="preference").id
        q.capture("I prefer four spaces over tabs for indentation in the monorepo", type="preference", supersedes=old)
        q.rebuild()
        before = q.status().model_dump(exclude={"replica", "nightly"})
    said = _routes_answer(home, cli, op, params, exit_code)
    assert {route: kind for route, (kind, _) in said.items()} == dict.fromkeys(said, outcome), said
    if fix is not None:
        for route, (_, line) in said.items():  # the CLI names the flag (`-n`) where the others name the field
            assert wording(fix) in wording(line), (route, line)
    assert said["cli via serve"] == said["cli"]
    with quire.open(home) as q:
        assert q.status().model_dump(exclude={"replica", "nightly"}) == before


def test_an_error_keeps_a_joiner_an_emoji_or_a_script_needs(quire_home, cli, tmp_path):
    name = "👨\u200d👩 می\u200cخواهم"
    result = cli("import", str(tmp_path / name))
    assert result.exit_code == 2 and f"{name} does not exist" in result.stderr, result.stderr
