"""An option given twice on the command line: refused, not last-wins, on every command."""

from __future__ import annotations

import json

import click
import pytest

from quire.cli import cli as group
from quire.cli.app import QuireCommand, QuireSubGroup

NOTE = "We moved the ledger to PostgreSQL sixteen for its transactional DDL"


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["recall", "ledger", "-k", "3", "-k", "5"], "-k"),
        (["recall", "ledger", "--space", "a", "--space", "b"], "--space"),
        (["recall", "ledger", "--json", "--json"], "--json"),
        (["capture", NOTE, "--type", "fact", "--type", "decision"], "--type"),
        (["spaces", "add", "x", "--description", "a", "--description", "b"], "--description"),
        (["map", "some-page", "--json", "--json"], "--json"),  # under a group of its own class
    ],
)
def test_a_single_valued_option_given_twice_is_a_usage_error_naming_it(cli, cli_json, args, named):
    # Before: click kept the last value without a word (`-k 3 -k 5` recalled 5).
    cli_json("capture", NOTE)
    result = cli(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert f"Error: {named} is given more than once; give it once" in result.stderr
    assert result.stdout == ""
    assert cli_json("status")["total"] == 1  # the capture given twice stored nothing


def test_options_meant_to_repeat_still_do(cli, cli_json):
    data = cli_json("capture", NOTE, "--entity", "ledger", "--entity", "PostgreSQL")
    assert set(cli_json("show", data["id"])["entities"]) == {"ledger", "PostgreSQL"}
    assert cli("recall", "ledger", "-k", "3", "--help").exit_code == 0
    assert cli("recall", "ledger", "-k", "3", "-k", "5", "--help").exit_code == 0  # help wins, as before


def test_every_command_and_group_refuses_a_repeat():
    # The guard sits in the classes every command is made of; a command made another way would skip it.
    def walk(cmd: click.Command, path: str):
        yield path, cmd
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                yield from walk(sub, f"{path} {name}")

    for path, cmd in walk(group, "quire"):
        assert isinstance(cmd, (QuireCommand, QuireSubGroup)), path


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["recall", "ledger", "-k3", "-k", "5"], "-k"),  # a short option with its value attached
        (["recall", "ledger", "-k", "3", "-k5"], "-k"),
        (["recall", "ledger", "--space=a", "--space", "b"], "--space"),  # --name=value is the option too
        (["recall", "ledger", "--space", "a", "--space="], "--space"),
        (["bench", "ui", "--pages", "--no-pages"], "--pages / --no-pages"),  # a flag's two names are one option
        (["bench", "ui", "--no-pages", "--no-pages"], "--pages / --no-pages"),
    ],
)
def test_every_spelling_of_an_option_counts_once(cli, args, named):
    result = cli(*args)
    assert result.exit_code == 2 and f"Error: {named} is given more than once; give it once" in result.stderr
    assert result.stdout == ""


def test_a_value_that_looks_like_an_option_is_a_value(cli, cli_json):
    # The parser decides what is an option, as click does when it runs the command: a value spelled
    # like the option (or after `--`) is never counted as the option given again.
    def stored(*args: str) -> dict:
        result = cli("capture", "--json", *args)
        assert result.exit_code == 0, result.stderr
        return cli_json("show", json.loads(result.stdout)["id"])

    said = "--type decision is how the ledger move to PostgreSQL was tagged"
    shown = stored("--type", "fact", "--", said)
    assert shown["content"] == said and shown["type"] == "fact"
    said = "-k 3 asks recall for three results, not the default ten"
    assert stored("--", said)["content"] == said
    assert cli("spaces", "add", "odd", "--description", "--description").exit_code == 0
    assert {s["name"]: s for s in cli_json("spaces", "list")["spaces"]}["odd"]["description"] == "--description"
    assert cli("recall", "ledger", "-k", "3", "--", "-k", "5").exit_code == 0  # after `--`: query words
    assert cli("recall", "ledger", "--type", "fact", "--type", "decision").exit_code == 0  # multiple=True


# -- a usage error is one line --------------------------------------------------------------------


def _every_command(cmd: click.Command, words: list[str]):
    if isinstance(cmd, click.Group):
        for name, sub in cmd.commands.items():
            yield from _every_command(sub, [*words, name])
    else:
        yield words, cmd


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # in the operation's words, naming the flag typed where the library names the field (`k`)
        (
            ["recall", "ledger", "-k", "0"],
            "Error: invalid recall parameters: -k: must be at least 1; give a whole number from 1 to 1000",
        ),
        (["recall"], "Error: Missing argument 'QUERY...'; see `quire recall --help`"),
        (["nosuch"], "Error: No such command 'nosuch'; see `quire --help`"),
        (["--bogus"], "Error: No such option '--bogus'; see `quire --help`"),
        (["curate", "accept", "abc"], None),
        (
            ["recall", "ledger", "-k", "3", "-k", "5"],
            "Error: -k is given more than once; give it once; see `quire recall --help`",
        ),
    ],
)
def test_a_usage_error_is_one_line_naming_the_help_to_read(cli, args, said):
    # Before: click's usage line, a hint and a blank line came first, four lines for one mistake.
    result = cli(*args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    if said is not None:
        assert result.stderr.strip() == said.replace("`quire", "`cli")  # CliRunner names the program after the function


def test_every_command_gives_an_unknown_option_one_line():
    runner = click.testing.CliRunner()
    for words, _ in _every_command(group, []):
        result = runner.invoke(group, [*words, "--no-such-option"])
        assert result.exit_code == 2, words
        assert result.stderr.count("\n") == 1 and "--no-such-option" in result.stderr, (words, result.stderr)


@pytest.mark.parametrize(
    ("args", "value"),
    [(["show", "-5"], "-5"), (["tombstones", "lift", "-1"], "-1"), (["map", "dismiss", "notes", "-x"], "-x")],
)
def test_a_value_read_as_an_option_is_told_how_to_give_it(cli, args, value):
    # The other routes answer what the value is wrong for ("no memory '-5'"); the CLI read it as an
    # option it does not have and said only that.
    result = cli(*args)
    assert result.exit_code == 2
    assert f"(to give {value} as a value, put `--` before it)" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_mistyped_long_option_gets_no_such_hint(cli):
    result = cli("recall", "ledger", "--kk", "3")
    assert result.exit_code == 2 and "put `--` before it" not in result.output and "--kk" in result.output


def test_a_value_after_the_double_dash_reaches_the_operation(cli):
    result = cli("show", "--", "-5")
    assert result.exit_code == 1 and "no memory '-5'" in result.output


def test_a_lone_surrogate_in_an_id_flag_is_named_as_every_route_names_it(cli):
    # The library, the service and MCP name the surrogate; the CLI's own check of --over said only
    # "is not a memory id".
    result = cli("curate", "accept", "1", "--over", "mem_\ud800x")
    assert result.exit_code == 2
    assert "holds an unpaired surrogate (U+D800)" in result.output and "is not a memory id" not in result.output
