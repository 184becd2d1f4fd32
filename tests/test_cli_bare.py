"""A group typed without its command: `quire page`, `quire bench` printed "Error: Usage: quire page
[OPTIONS] ..." and the whole help on stderr, an error line that was no line (session 42). Now one
line naming the commands it takes (exit 2, a usage mistake); `quire` alone, a person's first
command, prints the help as `quire --help` does (exit 0)."""

from __future__ import annotations

import re

import click
import pytest

from quire.cli import cli as group


def _groups_run_with_a_command() -> list[str]:
    ctx = click.Context(group, info_name="quire")
    names = []
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        if isinstance(sub, click.Group) and not sub.invoke_without_command:
            names.append(name)
    return names


def test_quire_alone_prints_the_help_on_stdout(cli):
    bare, asked = cli(), cli("--help")
    assert bare.exit_code == 0 and bare.stdout == asked.stdout and "Commands:" in bare.stdout
    assert bare.stderr == ""


@pytest.mark.parametrize("name", _groups_run_with_a_command())
def test_a_group_without_its_command_is_one_line_naming_its_commands(cli, name):
    done = cli(name)
    sub = group.get_command(click.Context(group, info_name="quire"), name)
    assert isinstance(sub, click.Group)
    commands = sub.list_commands(click.Context(sub, info_name=name))
    line = done.stderr.strip()
    assert done.exit_code == 2 and done.stdout == "" and "\n" not in line
    said = re.fullmatch(rf"Error: `(\w+) {name}` needs a command: (.+); see `\1 {name} --help`", line)
    assert said is not None and "Usage:" not in line  # (the runner's program is "cli", a shell's "quire")
    assert all(c in said.group(2) for c in commands)


def test_the_groups_that_take_a_command_are_found():
    assert {"page", "map", "store", "bench", "eval"} <= set(_groups_run_with_a_command())
