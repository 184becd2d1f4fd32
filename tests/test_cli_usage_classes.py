"""The CLI's usage errors by class, over every command: a blank required argument and a number out
of an operation's bounds are usage errors (exit 2, one line), refused before any call, in the words
the library, the service and MCP refuse the same value with; and the browser screens answer a store
that cannot be reached with 503 and what to do."""

from __future__ import annotations

import html
import re

import click
import pytest

import quire
from memory.errors import InvalidInput
from quire import client
from quire.cli import cli as quire_cli
from quire.cli.app import Bounded, Chosen, flag_of
from quire.ui.words import screen_words
from tests.test_adversary_routes import served_post
from tests.test_api import leaf_commands
from tests.ui_home import Browserless, start

BASE = "The staging cluster moved to the Frankfurt region in May"
MID = "mem_0123456789ab"

# Every argument that takes a text, by command: (the argument's position, the command's arguments with
# that one blank as BLANK, the operation and its parameters, or None for a command that runs none).
BLANK = object()
ARGUMENTS = {
    ("show", "memory_id"): (["show", BLANK], "memory_show", {"memory_id": BLANK}),
    ("history", "memory_id"): (["history", BLANK], "history", {"memory_id": BLANK}),
    ("forget", "memory_id"): (["forget", BLANK], "forget", {"memory_id": BLANK}),
    ("pin", "memory_id"): (["pin", BLANK], "pin", {"memory_id": BLANK}),
    ("unpin", "memory_id"): (["unpin", BLANK], "unpin", {"memory_id": BLANK}),
    ("confirm", "memory_id"): (["confirm", BLANK], "confirm", {"memory_id": BLANK}),
    ("capture", "text"): (["capture", BLANK], "capture", {"content": BLANK}),
    ("supersede", "memory_id"): (["supersede", BLANK, BASE], "supersede", {"memory_id": BLANK, "content": BASE}),
    ("supersede", "text"): (["supersede", MID, BLANK], "supersede", {"memory_id": MID, "content": BLANK}),
    ("recall", "query"): (["recall", BLANK], "recall", {"query": BLANK}),
    ("page show", "slug"): (["page", "show", BLANK], "page_read", {"slug": BLANK}),
    ("page restore", "slug"): (["page", "restore", BLANK], "page_restore", {"slug": BLANK}),
    ("page search", "query"): (["page", "search", BLANK], "page_search", {"query": BLANK}),
    ("map show", "page"): (["map", "show", BLANK], "map_show", {"page": BLANK}),
    **{
        (f"map {verb}", "page"): (["map", verb, BLANK, "n1"], f"map_{verb}", {"page": BLANK, "node": "n1"})
        for verb in ("dismiss", "pin", "accept")
    },
    **{
        (f"map {verb}", "node"): (["map", verb, "ledger", BLANK], f"map_{verb}", {"page": "ledger", "node": BLANK})
        for verb in ("dismiss", "pin", "accept")
    },
    ("spaces add", "name"): (["spaces", "add", BLANK], "spaces_add", {"name": BLANK}),
    ("sync drop", "keys"): (["sync", "drop", BLANK], "sync_drop", {"keys": [BLANK]}),
    ("import", "paths"): (["import", BLANK], None, "is empty; give the file or folder to import"),
    ("restore", "backup_file"): (["restore", BLANK], None, "is empty; give the file"),
    ("store push", "url"): (["store", "push", BLANK], None, "is empty; give the server's URL, such as ws://HOST:PORT"),
    ("store pull", "url"): (["store", "pull", BLANK], None, "is empty; give the server's URL, such as ws://HOST:PORT"),
}
# A text (a memory's, a query): one of invisible characters and controls is as empty as "".
TEXTS = {"content", "query", "text"}


def _with(value, blank: str):
    if value is BLANK:
        return blank
    if isinstance(value, list):
        return [_with(v, blank) for v in value]
    if isinstance(value, dict):
        return {k: _with(v, blank) for k, v in value.items()}
    return value


def test_the_table_holds_every_argument_of_every_command():
    """A new command with a text argument joins the table (and so this class of check)."""
    found = {
        (path, p.name)
        for path, cmd in leaf_commands(quire_cli).items()
        for p in cmd.params
        if isinstance(p, click.Argument) and not isinstance(p.type, click.IntRange)
    }
    assert found == set(ARGUMENTS), found ^ set(ARGUMENTS)


CASES = [
    (where, blank)
    for where in ARGUMENTS
    for blank in ("", " \t ", *(("\u200b\x00\u202e",) if where[1] in TEXTS else ()))
]


@pytest.mark.parametrize(("where", "blank"), CASES, ids=[f"{w[0]}-{w[1]}-{n}" for n, (w, _) in enumerate(CASES)])
def test_a_blank_argument_is_a_usage_error_in_the_operations_words(quire_home, cli, monkeypatch, where, blank):
    # Before: `quire show ""`, `quire capture ""`, `quire page show ""` and every other operation's
    # argument but a query exited 1 (the operation's InvalidInput, as a domain error), after a call.
    argv, op, params = ARGUMENTS[where]
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact")
        before = q.status().model_dump(exclude={"replica"})
        if op is not None:  # the library's (the service's, MCP's) refusal of the same value
            with pytest.raises(InvalidInput) as refused:
                q.run(op, **_with(params, blank))
            says = str(refused.value)
        else:
            says = params

    def no_call(*args, **kwargs):
        raise AssertionError(f"{where}: called {args[0]} for a blank argument")

    monkeypatch.setattr(client, "call", no_call)
    result = cli(*_with(argv, blank))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
    if op is not None:
        assert result.stderr.strip() == f"Error: {says}", result.stderr
    else:
        assert says in result.stderr, result.stderr
    with quire.open(quire_home) as q:
        assert q.status().model_dump(exclude={"replica"}) == before


def test_a_blank_argument_is_refused_alike_by_the_service(quire_home):
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact")
        with pytest.raises(InvalidInput) as refused:
            q.run("memory_show", memory_id=" ")
    status, data = served_post(quire_home, "memory_show", {"memory_id": " "})
    assert status == 400 and data["error"] == {"type": "InvalidInput", "message": str(refused.value)}, data


# -- ranges ------------------------------------------------------------------------------------------

# The command line before a ranged flag or argument, and the operation's other parameters.
RANGED_COMMANDS = {
    "recall": (["recall", "staging"], {"query": "staging"}),
    "page search": (["page", "search", "staging"], {"query": "staging"}),
    "entities": (["entities"], {}),
    "recent": (["recent"], {}),
    "log": (["log"], {}),
    "tombstones lift": (["tombstones", "lift"], {}),
    "curate list": (["curate", "list"], {}),
    "curate show": (["curate", "show"], {}),
    "curate accept": (["curate", "accept"], {}),
    "curate dismiss": (["curate", "dismiss"], {}),
    **{
        f"map {verb}": (["map", verb, "ledger", "n1"], {"page": "ledger", "node": "n1"})
        for verb in ("dismiss", "pin", "accept")
    },
}


def _ranged() -> list[tuple[str, click.Parameter]]:
    return [
        (path, p)
        for path, cmd in leaf_commands(quire_cli).items()
        if getattr(cmd, "quire_op", None)
        for p in cmd.params
        if isinstance(p.type, click.IntRange)
    ]


def test_every_ranged_value_of_an_operation_is_worded_by_the_operation():
    assert {path for path, _ in _ranged()} == set(RANGED_COMMANDS)
    assert [f"{path} {p.name}" for path, p in _ranged() if not isinstance(p.type, Bounded)] == []


RANGES = [
    (path, p.name, bad)
    for path, p in _ranged()
    for bad in (p.type.min - 1, *((p.type.max + 1,) if p.type.max is not None else ()), "abc")
]


@pytest.mark.parametrize(("path", "name", "bad"), RANGES, ids=[f"{p}-{n}-{b}" for p, n, b in RANGES])
def test_a_value_out_of_range_is_worded_as_the_operation_words_it(quire_home, cli, monkeypatch, path, name, bad):
    # Before: "Invalid value for '-k': 0 is not in the range 1<=x<=1000", where the library, the
    # service and MCP say "invalid recall parameters: k: must be at least 1".
    cmd = leaf_commands(quire_cli)[path]
    param = next(p for p in cmd.params if p.name == name)
    field = cmd.quire_fields.get(name, name)
    argv, params = RANGED_COMMANDS[path]
    with pytest.raises(InvalidInput) as refused, quire.open(quire_home) as q:
        q.run(cmd.quire_op, **params, **{field: bad})
    monkeypatch.setattr(client, "call", lambda *a, **k: pytest.fail("called the operation with a bad value"))
    given = ["--", str(bad)] if isinstance(param, click.Argument) else [param.opts[0], str(bad)]
    result = cli(*argv, *given)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
    said = str(refused.value)  # the library names the field; the CLI the flag a person typed, else alike
    flag = f"{flag_of(param)}: " if isinstance(param, click.Option) else f"{field}: "
    assert result.stderr.strip() == f"Error: {said.replace(f'parameters: {field}: ', f'parameters: {flag}', 1)}"


def test_a_number_within_range_still_runs(quire_home, cli):
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact")
    result = cli("recall", "staging", "-k", "1000", "--json")
    assert result.exit_code == 0, result.stderr


# -- the screens -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/recall?q=ledger", "/review", "/pages", "/status", f"/memory/{MID}"])
def test_a_screen_shows_an_unreachable_server_as_503_saying_what_to_do(tmp_path, monkeypatch, path):
    # Before: 409 ("conflict": someone changed it first, reload), for a server that is down.
    home = tmp_path / "fresh"
    home.mkdir()
    (home / "config.toml").write_text('[store]\nurl = "ws://127.0.0.1:9"\n')  # nothing listens on the discard port
    monkeypatch.setenv("QUIRE_HOME", str(home))
    served = start()
    try:
        web = Browserless(served)
        url = served.ticket()
        status, headers, _ = web.request("GET", url[url.index("/login") :], cookie=False)
        assert status == 200, status
        web.cookie = headers["set-cookie"].split(";")[0]
        status, headers, page = web.request("GET", path)
    finally:
        served.stop()
    said = html.unescape(page)
    assert status == 503 and headers.get("retry-after") == "30", (status, said[-600:])
    assert "Server unreachable" in said and "the first command run while the server answers" in said, said[-600:]


def _screen_says(path: str) -> tuple[int, str]:
    served = start()
    try:
        status, _, page = Browserless(served).sign_in().request("GET", path)
    finally:
        served.stop()
    return status, html.unescape(page)


@pytest.mark.parametrize(
    ("segment", "memory_id", "status"),
    # An id no memory can have ("\x00", "../etc") is refused for its form, as every route refuses it (400).
    [("%20", " ", 400), ("x" * 101, "x" * 101, 400), ("%00", "\x00", 400), ("..%2Fetc", "../etc", 400)],
)
def test_a_memory_s_address_is_judged_by_the_operation_as_on_every_route(quire_home, segment, memory_id, status):
    # Before: the screen matched the id against its own pattern first, undecoded: `/memory/%20` was
    # "no memory '%20'; memory ids look like ..." (404) where every other route says the id is
    # empty (400), and an id past 100 characters was not found here, too long elsewhere.
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact")
        with pytest.raises(quire.QuireError) as refused:
            q.run("memory_show", memory_id=memory_id)
    got, page = _screen_says(f"/memory/{segment}")
    assert got == status and screen_words(str(refused.value)) in page, (got, page[-600:])
    # The screen's words, not the CLI's: a command no screen runs is said to be for a terminal.
    assert not re.search(r"`quire [^`]*`(?! in a terminal)", page) and "memory_id" not in page, page[-600:]


@pytest.mark.parametrize(
    ("path", "op", "params"),
    [
        ("/recall?q=staging&k=abc", "recall", {"query": "staging", "k": "abc"}),
        ("/pages?from=1.5", "pages", {"offset": "1.5"}),
    ],
)
def test_a_screen_s_number_that_is_none_is_refused_in_the_operation_s_words(quire_home, path, op, params):
    # Before: "k must be a whole number, not 'abc'", where the service and MCP say "k: must be a whole number".
    with pytest.raises(InvalidInput) as refused, quire.open(quire_home) as q:
        q.run(op, **params)
    got, page = _screen_says(path)
    assert got == 400 and screen_words(str(refused.value)) in page, (got, page[-600:])
    assert f"invalid {op} parameters" not in page and "offset" not in page, page[-600:]


# -- choices -----------------------------------------------------------------------------------------

CHOICE_COMMANDS = {  # the command line before a choice, and the operation's other parameters
    "capture": (["capture", BASE], {"content": BASE}),
    "import": (["import", "notes.jsonl"], {"path": "/tmp/notes.jsonl"}),
    "recall": (["recall", "staging"], {"query": "staging"}),
    "recent": (["recent"], {}),
    "curate accept": (["curate", "accept", "1"], {"item_id": 1}),
}


def _choices() -> list[tuple[str, click.Parameter]]:
    return [
        (path, p)
        for path, cmd in leaf_commands(quire_cli).items()
        if getattr(cmd, "quire_op", None)
        for p in cmd.params
        if isinstance(p.type, click.Choice)
    ]


def test_every_choice_of_an_operation_is_worded_by_the_operation():
    assert {path for path, _ in _choices()} == set(CHOICE_COMMANDS)
    assert [f"{path} {p.name}" for path, p in _choices() if not isinstance(p.type, Chosen)] == []


CHOSEN = [(path, p.name, bad) for path, p in _choices() for bad in ("bogus", p.type.choices[0].upper(), "")]


@pytest.mark.parametrize(("path", "name", "bad"), CHOSEN, ids=[f"{p}-{n}-{b!r}" for p, n, b in CHOSEN])
def test_a_value_that_is_no_choice_is_worded_as_the_operation_words_it(quire_home, cli, monkeypatch, path, name, bad):
    # Before: "Invalid value for '--type': 'essay' is not one of 'identity', ...", where the library, the
    # service and MCP say "invalid capture: type: unknown type; use one of identity, ...".
    cmd = leaf_commands(quire_cli)[path]
    param = next(p for p in cmd.params if p.name == name)
    field = cmd.quire_fields.get(name, name)
    argv, params = CHOICE_COMMANDS[path]
    with pytest.raises(InvalidInput) as refused, quire.open(quire_home) as q:
        q.run(cmd.quire_op, **params, **{field: [bad] if param.multiple else bad})
    monkeypatch.setattr(client, "call", lambda *a, **k: pytest.fail("called the operation with a bad value"))
    result = cli(*argv, param.opts[-1], bad)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
    said = re.sub(rf"(parameters|capture): {field}(\.0)?: ", rf"\1: {flag_of(param)}: ", str(refused.value), count=1)
    assert result.stderr.strip() == f"Error: {said}", result.stderr  # the flag typed, where the library names a field


# -- commands that run no operation -------------------------------------------------------------------


def _own_values() -> list[tuple[str, click.Parameter]]:
    """Every number or choice flag of a command that runs no operation (`backup --keep`, `serve --port`,
    `schedule --platform`, the benchmarks')."""
    return [
        (path, p)
        for path, cmd in leaf_commands(quire_cli).items()
        if not getattr(cmd, "quire_op", None)
        for p in cmd.params
        if isinstance(p, click.Option) and isinstance(p.type, click.IntRange | click.Choice)
    ]


OWN = [
    (path, p.opts[-1], bad)
    for path, p in _own_values()
    for bad in (
        ("bogus",)
        if isinstance(p.type, click.Choice)
        else ("abc", p.type.min - 1, *((p.type.max + 1,) if p.type.max is not None else ()))
    )
]


def test_every_number_or_choice_of_a_command_is_worded_as_an_operations_is():
    assert [f"{path} {p.name}" for path, p in _own_values() if not isinstance(p.type, Bounded | Chosen)] == []


@pytest.mark.parametrize(("path", "flag", "bad"), OWN, ids=[f"{p}-{f}-{b}" for p, f, b in OWN])
def test_a_bad_number_or_choice_names_the_flag_and_what_to_give(quire_home, cli, path, flag, bad):
    # Before: click's own words, "Invalid value for '--keep': 'abc' is not a valid integer range" and
    # "-1 is not in the range 0<=x<=65535", where an operation's flag says "must be at least 1; give a
    # whole number from 1 to 1000".
    cmd = leaf_commands(quire_cli)[path]
    param = next(p for p in cmd.params if flag in p.opts)
    result = cli(*path.split(), flag, str(bad))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
    said = result.stderr.strip()
    assert said.startswith(f"Error: {flag}: ") and "Invalid value" not in said, said
    if isinstance(param.type, click.Choice):
        assert "must be one of " + ", ".join(param.type.choices[:-1]) + f" or {param.type.choices[-1]}" in said
    else:
        low, high = param.type.min, param.type.max
        assert (f"from {low} to {high}" if high is not None else f"of {low} or more") in said, said
        assert ("must be a whole number" if bad == "abc" else "must be at ") in said, said


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["capture", "-f", ""], "Error: --file: is empty; give the file to read the memory from"),
        (["capture", "x", "--field", "nokey"], "Error: --field: 'nokey' is not key=value"),
        (["schedule", "--at", ""], "Error: --at: is empty; give a time of day"),
    ],
)
def test_a_flag_a_command_checks_itself_is_named_as_typed(quire_home, cli, argv, says):
    result = cli(*argv)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
    assert result.stderr.startswith(says), result.stderr


@pytest.mark.parametrize("typed", ["", "   ", "\u200b", "\x00\u202e"])
def test_an_edit_typed_blank_in_the_walk_cancels_as_an_empty_line_does(monkeypatch, typed):
    # Before: only "" and spaces cancelled; a zero-width space alone was sent as the edit and refused.
    from quire import curate

    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    assert curate._edit_text("old", edit=lambda t: t, prompt=lambda *a, **k: typed) is None
    assert curate._edit_text("old", edit=lambda t: t, prompt=lambda *a, **k: " new text \u200b") == "new text \u200b"
