"""Several devices: `quire sync` (the offline outbox) and `quire store push|pull` (move the store)."""

from __future__ import annotations

import sys

import click

from memory.errors import InvalidInput
from quire.cli.app import call, cli, emit, given_text, json_option, shown, uses
from quire.cli.render import (
    dropped_text,
    queued_text,
    sync_text,
    transfer_text,
)


@uses("sync")
@cli.group("sync", invoke_without_command=True)
@json_option
@click.pass_context
def sync_(ctx, json_=False):
    """Send the writes queued while the libSQL server was unreachable (each applied once, in order);
    `quire sync drop KEY` takes one the server will never take out of the queue."""
    if ctx.invoked_subcommand is not None:
        return
    data = call("sync", {})
    for line in data.get("errors", []):  # as `quire import` says them online: one line each, exit 1
        click.echo(shown(f"error: {line}"), err=True)
    emit(data, json_, sync_text)
    if data["failed"]:
        click.echo(
            "a write the server will never take stays queued: `quire sync drop KEY` takes it out, unsent "
            "(`quire sync list` shows the queue)",
            err=True,
        )
    if data["failed"] or data["stopped"] or data.get("errors"):
        sys.exit(1)


@uses("sync_drop")
@sync_.command("drop")
@click.argument("keys", nargs=-1, required=True, metavar="KEY...")
@json_option
def sync_drop(keys, json_=False):
    """Take queued writes out of the outbox unsent, all or none: each KEY as `quire sync` printed it.
    For a write the server will never take (it fails every `quire sync`); works offline."""
    emit(call("sync_drop", {"keys": list(keys)}), json_, dropped_text)


@uses("sync_list")
@sync_.command("list")
@json_option
def sync_list(json_=False):
    """The writes waiting in this device's outbox, oldest first, with their keys (works offline)."""
    emit(call("sync_list", {}), json_, queued_text)


@cli.group("store")
def store_group():
    """Move a home between a local file and a libSQL server (sqld)."""


URL_FIX = "give the server's URL, such as ws://HOST:PORT"


def server_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A server URL typed as an argument: blank, or one no libSQL server can have by its form alone
    (`store pull /backups/quire.db`, `http://`, a line break inside), is a usage error (exit 2) naming
    URL, as every value the person typed that is refused reading nothing; it exited 1."""
    value = given_text(URL_FIX)(ctx, param, value)
    if value is None:
        return value
    from memory import db  # the driver's module: only when a URL is given
    from memory.errors import StoreError

    try:
        db.ws_url(value)
    except StoreError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    return value


@store_group.command("push")
@click.argument("url", callback=server_url)
@click.option("--force", is_flag=True, help="Wipe a server that already holds a home.")
@json_option
def store_push(url, force, json_):
    """Copy this home's local file to an empty server at URL (ws://HOST:PORT), then verify."""
    from memory import transfer
    from memory.home import resolve_home, store_token
    from quire import privacy  # the client: not on `--help`'s path

    home = resolve_home()
    privacy.free(home)  # a --force wiped the server a running service of a server home writes to
    data = transfer.push(home, url, token=store_token(home), force=force).as_dict()
    emit(data, json_, transfer_text)
    if not data["verified"]:
        sys.exit(1)


@store_group.command("pull")
@click.argument("url", required=False, callback=server_url)
@click.option("--force", is_flag=True, help="Replace a local file that holds data (kept as a .replaced copy).")
@json_option
def store_pull(url, force, json_):
    """Copy a server (URL, else QUIRE_DB_URL / [store] url) into this home's local file, then verify."""
    from memory import transfer
    from memory.home import load_settings, resolve_home, store_token, store_url
    from quire import privacy  # the session and the wiki: not on `--help`'s path

    home = resolve_home()
    url = url or store_url(home, load_settings(home))
    if not url:
        raise InvalidInput("store pull needs a server: give its URL, or set QUIRE_DB_URL / [store] url")
    # Refused while a `quire serve` holds the home, as restore is: the file was renamed away under it,
    # and what it acknowledged after the pull went to the replaced copy (or its removed log), not the store.
    privacy.free(home)
    data = transfer.pull(home, url, token=store_token(home), force=force).as_dict()
    if data["verified"]:
        privacy.settle(home)  # the vault the store before wrote, as after a restore
    emit(data, json_, transfer_text)
    if not data["verified"]:
        sys.exit(1)
