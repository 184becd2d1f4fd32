"""Every command that prints a result has --json (results on stdout, stable keys): a drift guard
over the whole command tree, so a new command (or a group that runs bare, as `quire curate` lists
the queue when stdin is not a terminal) cannot ship without it. Session 42 found `quire curate
--json` refused as an unknown option while `quire curate` printed the open items."""

from __future__ import annotations

import json

import click

from quire.cli import cli

# Commands that print no result to read: `quire mcp` speaks MCP's own JSON-RPC on stdio.
NO_RESULT = {("mcp",)}


def _tree(cmd: click.Command, ctx: click.Context, path: tuple[str, ...] = ()):
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            assert sub is not None
            yield from _tree(sub, click.Context(sub, parent=ctx, info_name=name), (*path, name))


def without_json(root: click.Command) -> list[str]:
    """The commands that run (a leaf, or a group that runs bare) and print a result, without --json."""
    missing = []
    for path, cmd in _tree(root, click.Context(root, info_name="quire")):
        runs = not isinstance(cmd, click.Group) or cmd.invoke_without_command
        if path and runs and path not in NO_RESULT and not any("--json" in p.opts for p in cmd.params):
            missing.append(" ".join(path))
    return missing


def test_every_command_that_prints_a_result_has_json():
    assert without_json(cli) == []


def test_the_guard_bites_on_a_command_or_a_bare_group_without_json():
    @click.group()
    def root() -> None: ...

    @root.group(invoke_without_command=True)
    def queue() -> None: ...

    @queue.command()
    @click.option("--json", "json_", is_flag=True)
    def show(json_: bool) -> None: ...

    @root.command()
    def count() -> None: ...

    assert without_json(root) == ["count", "queue"]


def test_bare_curate_json_is_the_list_and_a_misplaced_flag_is_a_usage_error(cli_json, cli):
    cli("capture", "I live in Lisbon now, in a flat in Alfama", "--type", "identity")
    cli("capture", "I moved to Porto this spring, near the river", "--type", "identity")
    listed = cli_json("curate", "list")
    bare = json.loads(cli("curate", "--json").stdout)
    assert bare == listed and len(bare["items"]) == 1
    wrong = cli("curate", "--json", "list")
    assert wrong.exit_code == 2 and "put --json after the command" in wrong.stderr
