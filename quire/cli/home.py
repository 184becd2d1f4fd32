"""Commands on the home itself: status and spaces."""

from __future__ import annotations

import click

from quire.cli.app import call, cli, emit, json_option, uses
from quire.cli.render import (
    status_text,
    table,
)


@uses("spaces_list")
@cli.group(invoke_without_command=True)
@click.pass_context
def spaces(ctx):
    """List or add spaces (named partitions of memories)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(spaces_list)


@uses("spaces_list")
@spaces.command("list")
@json_option
def spaces_list(json_=False):
    """List spaces with their memory counts."""
    emit(
        call("spaces_list", {}),
        json_,
        lambda d: (
            table(
                [(r["name"] + (" *" if r["default"] else ""), r["memories"], r["description"]) for r in d["spaces"]],
                ("space", "memories", "description"),
            )
            if d["spaces"]
            else "no spaces yet; add one with `quire spaces add NAME`"
        ),
    )


@uses("spaces_add")
@spaces.command("add")
@click.argument("name")
@click.option("--default", "default", is_flag=True, help="Make it the default space for captures.")
@click.option("--description", default="", help="What belongs in this space.")
def spaces_add(name, default, description):
    """Add a space (or make an existing one the default)."""
    d = call("spaces_add", {"name": name, "description": description, "default": default})
    click.echo(f"{'added' if d['changed'] else 'unchanged'}: {d['name']}{' (default)' if d['default'] else ''}")


@uses("status")
@cli.command()
@json_option
def status(json_):
    """Counts by type, space and status; schema version, model and paths."""
    emit(call("status", {}), json_, status_text)
