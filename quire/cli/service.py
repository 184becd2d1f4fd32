"""`quire serve` (the warm service) and `quire mcp` (the MCP server over stdio)."""

from __future__ import annotations

import json
import sys

import click

from memory.text import CONTROL
from quire.cli.app import Bounded, cli, emit, json_option, warn
from quire.cli.render import (
    serve_status_text,
)


def _one_host(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A host on one line: a control character or space inside is a usage error, not a lookup of
    a name no machine has (`127.0.0.1\n` from a paste)."""
    if value is not None and (CONTROL.search(value.strip()) or any(c.isspace() for c in value.strip())):
        raise click.BadParameter(f"{value!r} holds a space, line break or control character; give the host alone")
    if value is not None and not value.strip():
        # before: a blank host listened on 127.0.0.1 under a warning that it was "listening on : ..."
        raise click.BadParameter("is empty; leave --host out to listen on 127.0.0.1, or give an address")
    return None if value is None else value.strip()


@cli.command()
@click.option(
    "--host",
    callback=_one_host,
    help="Interface to listen on (default 127.0.0.1; anything else is reachable from other machines).",
)
@click.option(
    "--port",
    type=Bounded(0, 65535),
    default=0,
    show_default=True,
    help="Port; 0 picks a free one (recorded in $QUIRE_HOME/serve.json).",
)
@click.option("--stop", "stop_", is_flag=True, help="Stop the running service (requests in flight finish first).")
@click.option("--status", "status_", is_flag=True, help="Say whether a service runs for this home and answers.")
@json_option
def serve(host, port, stop_, status_, json_):
    """Keep the model, vectors and graph warm; the CLI and `quire mcp` use it while it runs.

    Local only (127.0.0.1) and token-protected ($QUIRE_HOME/serve.token, owner-only). Runs in the
    foreground until Ctrl-C, SIGTERM or `quire serve --stop`.
    """
    import os

    from quire import client, service

    if stop_ and status_:
        raise click.UsageError("give --stop or --status, not both")
    if stop_:
        emit(service.stop(), json_, lambda d: d["message"])
        return
    if status_:
        found = client.service_status()
        emit(found, json_, serve_status_text)
        if not found["running"] or not found.get("answering", False):
            sys.exit(1)  # `quire serve --status && …` in a script means "it runs"
        return

    def ready(svc) -> None:
        # warned once it listens: a host that is no address here is refused in one line, no warning before it
        if host is not None and host not in service.LOOPBACK:
            warn(
                f"listening on {host}: other machines that reach this port can try the token; "
                "keep the default (127.0.0.1) unless you need remote access"
            )
        if json_:  # one line, so a script can read it and go
            click.echo(
                json.dumps(
                    {"url": svc.url, "host": svc.host, "port": svc.port, "pid": os.getpid(), "home": str(svc.home.root)}
                )
            )
            sys.stdout.flush()
        click.echo(
            f"quire serve: {svc.url} (pid {os.getpid()}) for {svc.home.root}; stop with Ctrl-C or `quire serve --stop`",
            err=True,
        )

    service.run(host=host or "127.0.0.1", port=port, ready=ready)
    click.echo("quire serve: stopped", err=True)


@cli.command()
def mcp():
    """Serve quire's tools to an MCP client over stdio (through `quire serve` when it runs).

    Each tool declares its effects (read-only, local write, destructive). Tools listed in
    config.toml `[agents] disabled_tools` are not offered (`read_only = true` offers only the read-only
    ones); Protected changes an agent proposes
    always wait in the review queue.
    """
    from quire import mcp_server

    mcp_server.run()
