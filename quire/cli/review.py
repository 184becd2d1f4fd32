"""`quire curate`: the review queue, walked interactively or scripted (list / show / accept / dismiss)."""

from __future__ import annotations

import sys

import click

from quire.cli.app import Bounded, Chosen, OpText, call, cli, emit, json_option, shown, uses
from quire.cli.render import (
    changed_text,
)


@cli.group(invoke_without_command=True)
@json_option
@click.pass_context
def curate(ctx, json_):
    """Walk the review queue one item at a time (in a terminal), or list/show/accept/dismiss items.
    With --json, the open items as `quire curate list --json` prints them (no walk)."""
    if ctx.invoked_subcommand is not None:
        if json_:  # `quire curate --json accept 3`: the flag belongs to the command
            raise click.UsageError(f"put --json after the command: `quire curate {ctx.invoked_subcommand} ... --json`")
        return
    from quire import client, ops
    from quire import curate as curate_mod

    if json_:  # a reading, as every reading command has it
        emit(call("curate_list", {}), True)
        return
    local = client.Local(actor="cli", keep=True)  # one Session for the whole walk when no service runs
    try:
        items = [ops.item_from_json(i) for i in client.call("curate_list", {}, local=local)["items"]]
        if not items:
            click.echo("nothing to review: the queue is empty")
            return
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            click.echo(shown(curate_mod.render_list(items)))
            click.echo(
                f"{len(items)} open; resolve with `quire curate accept ID [--choice ...]` or `quire curate dismiss ID` "
                "(details: `quire curate show ID`), or run `quire curate` in a terminal to walk them"
            )
            return
        summary = curate_mod.walk_terminal(lambda op, params: client.call(op, params, local=local))
    finally:
        local.close()
    click.echo(shown(summary.text()))


@uses("curate_list", everything="all")
@curate.command("list")
@click.option("--all", "everything", is_flag=True, help="Include resolved items.")
@click.option("--limit", type=Bounded(1, 10_000), help="At most N open items (a page of a long queue).")
@click.option("--offset", type=Bounded(0, 10_000_000), default=0, help="Skip the first N open items.")
@json_option
def curate_list(everything, limit, offset, json_):
    """List open review items (oldest first)."""
    from quire import ops
    from quire.curate import render_list

    data = call("curate_list", {"all": everything, "limit": limit, "offset": offset})

    def text(d: dict) -> str:
        shown_ = render_list([ops.item_from_json(i) for i in d["items"]])
        if d.get("total") is None:
            return shown_
        return f"{shown_}\n{len(d['items'])} of {d['total']} open items from #{offset + 1} in the queue's order"

    emit(data, json_, text)


@uses("curate_show")
@curate.command("show")
@click.argument("item_id", type=Bounded(1, 2**63 - 1))
@json_option
def curate_show(item_id, json_):
    """Show one item: old vs new, type, tier, confidence, dates, sources."""
    from quire.curate import render_details

    data = call("curate_show", {"item_id": item_id})
    emit(data, json_, lambda d: render_details(d, color=sys.stdout.isatty()))


@uses("curate_accept", edited_text="text")
@curate.command("accept")
@click.argument("item_id", type=Bounded(1, 2**63 - 1))
@click.option(
    "--choice",
    type=Chosen(["keep_new", "keep_old", "keep_both", "machine"]),
    help="For contradictions: which to keep (default keep_new); for a page revision, machine writes the "
    "machine's own page instead of the one with your edits merged in.",
)
@click.option("--text", "edited_text", metavar="TEXT", help="Accept with this text instead of the proposed one.")
@click.option(
    "--over",
    metavar="ID",
    type=OpText(),
    help="The current version, when the memory the item changes was replaced since it was queued (the accept "
    "is refused, naming it): replace that one with the item's change after all.",
)
@json_option
def curate_accept(item_id, choice, edited_text, over, json_):
    """Accept an item (idempotent: says whether anything changed)."""
    params = {"item_id": item_id, "choice": choice, "text": edited_text, "over": over}
    emit(call("curate_accept", params), json_, changed_text)


@uses("curate_dismiss")
@curate.command("dismiss")
@click.argument("item_id", type=Bounded(1, 2**63 - 1))
@json_option
def curate_dismiss(item_id, json_):
    """Dismiss an item (idempotent). A dismissed change is tombstoned and cannot come back silently
    (unless a later version replaced what it would change: then nothing is tombstoned)."""
    emit(call("curate_dismiss", {"item_id": item_id}), json_, changed_text)
