"""Exit codes by class, over every value flag and argument of every command that runs an operation:
a value the person typed that the operation's request refuses by its form alone (blank, a date that
cannot be read or is out of range, a space name no space can have, a number out of bounds, a text
past its length) is a usage error, exit 2, in the line every other route refuses it with; a
well-formed value the store refuses (no such memory, an unknown space) is a domain error, exit 1.
Either is one line, no traceback, and nothing stored changes."""

from __future__ import annotations

import click
import pytest

import quire
from memory.text import whole_number
from quire import ops
from quire.cli import cli as quire_cli
from tests.conftest import wording
from tests.test_api import leaf_commands

BASE = "The staging cluster moved to the Frankfurt region in May"
OTHER = "The nightly backup of the billing database runs at four in the morning"
MID = "mem_0123456789ab"

# The arguments each command is run with (as typed) and the operation's parameters they make.
ARGUMENTS: dict[str, tuple[dict[str, str], dict[str, object]]] = {
    "sync drop": ({"keys": "k1"}, {"keys": ["k1"]}),
    "spaces add": ({"name": "lab"}, {"name": "lab"}),
    "capture": ({"text": OTHER}, {"content": OTHER}),
    **{verb: ({"memory_id": MID}, {"memory_id": MID}) for verb in ("history", "show", "forget", "pin", "unpin")},
    "confirm": ({"memory_id": MID}, {"memory_id": MID}),
    "supersede": ({"memory_id": MID, "text": OTHER}, {"memory_id": MID, "content": OTHER}),
    "tombstones lift": ({"tombstone_id": "1"}, {"tombstone_id": 1}),
    "recall": ({"query": "staging"}, {"query": "staging"}),
    "page search": ({"query": "staging"}, {"query": "staging"}),
    **{f"curate {verb}": ({"item_id": "1"}, {"item_id": 1}) for verb in ("show", "accept", "dismiss")},
    "page show": ({"slug": "ledger"}, {"slug": "ledger"}),
    "page restore": ({"slug": "ledger"}, {"slug": "ledger"}),
    "map show": ({"page": "ledger"}, {"page": "ledger"}),
    **{
        f"map {verb}": ({"page": "ledger", "node": "n1"}, {"page": "ledger", "node": "n1"})
        for verb in ("dismiss", "pin", "accept")
    },
}
# A refused capture is logged, redacted, by design (docs/secrets.md): the rest is what "nothing changed" means.
LOGGED = {"replica", "nightly", "rejected_captures"}
SKIPPED = {"file", "paths", "json_"}  # a file's path (tests/test_adversary_files.py); the rendering's flag

HOSTILE = [
    "",
    " \t ",
    "\x00",
    "2026-02-30",
    "0000-01-01",
    "9999-12-31",
    "-1",
    "99999999999999999999",
    "\u0661\u0662",  # Arabic-Indic digits
    "../x",
    "x" * 100_000,
    "\u202eevil\u200b",
]


def _walked() -> list[tuple[str, click.Parameter]]:
    return [
        (path, p)
        for path, cmd in leaf_commands(quire_cli).items()
        if getattr(cmd, "quire_op", None)
        for p in cmd.params
        if p.name not in SKIPPED
        and not getattr(p, "is_flag", False)
        and not isinstance(p.type, click.Choice)  # choices: tests/test_cli_usage_classes.py
        and path != "import"  # its values are read with a file: tests/test_adversary_formats.py
    ]


WALKED = _walked()


def test_every_command_with_a_value_is_in_the_table():
    """A new command whose arguments the walk cannot make joins ARGUMENTS (and so this class of check)."""
    commands = leaf_commands(quire_cli)
    needs = {path for path, _ in WALKED if any(isinstance(q, click.Argument) for q in commands[path].params)}
    assert needs <= set(ARGUMENTS), needs - set(ARGUMENTS)


def _sent(param: click.Parameter, value: str) -> object:
    """The value as the CLI hands it to the operation."""
    if param.name in ("fields",):
        value = f"claim={value}"
        return {"claim": value.partition("=")[2].strip()}
    if isinstance(param.type, click.IntRange) and whole_number(value) is not None:
        return whole_number(value)
    if param.name == "query":  # its words, joined
        return value
    return [value] if param.multiple or param.nargs == -1 else value


def _argv(path: str, param: click.Parameter, value: str) -> list[str]:
    cmd = leaf_commands(quire_cli)[path]
    typed = dict(ARGUMENTS.get(path, ({}, {}))[0])
    options: list[str] = []
    if isinstance(param, click.Argument):
        typed[param.name] = value
    else:
        options = [param.opts[0], f"claim={value}" if param.name == "fields" else value]
        if path == "capture" and param.name == "fields":
            options = ["--type", "fact", *options]
    arguments = [typed[p.name] for p in cmd.params if isinstance(p, click.Argument)]
    return [*path.split(), *options, "--", *arguments]


@pytest.mark.parametrize(("path", "param"), WALKED, ids=[f"{p}-{q.name}" for p, q in WALKED])
def test_a_hostile_value_is_usage_when_its_form_is_refused_else_domain(quire_home, cli, path, param):
    # Before: `quire recall x --as-of 2026-02-30`, `--as-of 0000-01-01`, `--space ../x`, `log --since
    # garbage`, `quire spaces add ../etc`, `capture --valid-from 2026-13-01` exited 1 (a domain error)
    # where the same flag given blank exited 2, though the operation refused both by the request's form.
    cmd = leaf_commands(quire_cli)[path]
    field = cmd.quire_fields.get(param.name, param.name)
    base = dict(ARGUMENTS.get(path, ({}, {}))[1])
    if path == "capture" and param.name == "fields":
        base["type"] = "fact"
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact")
    for value in HOSTILE:
        with quire.open(quire_home) as q:
            before = q.status().model_dump(exclude=LOGGED)
        refusal = ops.refusal(cmd.quire_op, {**base, field: _sent(param, value)}, {field})
        result = cli(*_argv(path, param, value))
        said = (path, param.name, value[:20], result.exit_code, result.stderr[-300:])
        assert "Traceback" not in result.stderr, said
        if refusal is not None:
            assert result.exit_code == 2, said
            assert wording(result.stderr.strip()) == wording(f"Error: {refusal}".replace("\x00", "\\x00")), said
        else:
            assert result.exit_code in (0, 1), said
        if result.exit_code:
            # one error line, last; a refused capture may first say what its text's cleaning removed
            # (tests/test_routes_outcomes.py: a refusal by a tombstone still says it)
            *notes, error = result.stderr.strip().split("\n")
            assert error.startswith("Error: ") and all(n.startswith("warning: ") for n in notes), said
            with quire.open(quire_home) as q:
                assert q.status().model_dump(exclude=LOGGED) == before, said
