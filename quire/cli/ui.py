"""`quire ui`: the screens in a browser, served by this home's `quire serve` (started if need be)."""

from __future__ import annotations

import click

from quire.cli.app import cli, emit, json_option


@cli.command("ui")
@click.option("--no-open", "no_open", is_flag=True, help="Print the one-time sign-in URL instead of opening a browser.")
@json_option
def ui(no_open, json_):
    """Open the review queue, recall, memories, pages and status in a browser.

    Reuses the running `quire serve` (or starts one in the background; stop it with `quire serve
    --stop`) and opens a one-time URL on 127.0.0.1 that signs this browser in. The URL works once,
    within two minutes.
    """
    import webbrowser

    from quire.ui import launch  # the client and the service's launcher: not on `--help`'s path

    found = launch.sign_in_url()
    if not no_open and not webbrowser.open(found["url"]):
        click.echo("quire ui: no browser could be opened; open this URL yourself:", err=True)
        no_open = True
    if json_:
        emit(found, True)
        return
    if no_open:
        click.echo(found["url"])
    started = f"started quire serve (pid {found['pid']})" if found["started"] else f"quire serve (pid {found['pid']})"
    click.echo(f"quire ui: {started}; the link works once, within {found['expires_in_s']:.0f} s", err=True)
