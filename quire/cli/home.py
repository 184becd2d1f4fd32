"""Commands on the home itself: status, spaces, and encryption at rest (encrypt, rekey, decrypt)."""

from __future__ import annotations

import sys

import click

from quire.cli.app import call, cli, emit, json_option, uses
from quire.cli.render import (
    status_text,
    table,
)


@uses("spaces_list")
@cli.group(invoke_without_command=True)
@json_option
@click.pass_context
def spaces(ctx, json_=False):
    """List or add spaces (named partitions of memories)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(spaces_list, json_=json_)


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
@json_option
def spaces_add(name, default, description, json_):
    """Add a space (or make an existing one the default, or give it the description sent)."""
    emit(
        call("spaces_add", {"name": name, "description": description, "default": default}),
        json_,
        lambda d: f"{'added' if d['changed'] else 'unchanged'}: {d['name']}{' (default)' if d['default'] else ''}",
    )


@uses("status")
@cli.command()
@json_option
def status(json_):
    """Counts by type, space and status; schema version, model and paths."""
    emit(call("status", {}), json_, status_text)


def _method(keyring_: bool, passphrase: bool, key: bool, *, rekey: bool = False) -> tuple[str, str | None]:
    """The key method a person chose (or the OS key store when it has a backend), and a passphrase
    (said when there is no key store, so the prompt is not a surprise)."""
    from memory import keys

    if sum((keyring_, passphrase, key)) > 1:
        raise click.UsageError("give one of --keyring, --passphrase, --key")
    if not (keyring_ or passphrase or key):
        keyring_ = keys.keyring_available()
        passphrase = not keyring_
        if passphrase:
            hint = "" if rekey else " (for a script or server: QUIRE_KEY=... quire encrypt --key)"
            click.echo(f"this machine has no OS key store: the key comes from a passphrase{hint}", err=True)
    if passphrase:
        return "passphrase", keys.new_passphrase(_asked_passphrase(rekey))
    return ("keyring" if keyring_ else "key"), None


def _asked_passphrase(rekey: bool) -> str:
    """A new passphrase, typed twice; with nothing to read it from (stdin closed or not a terminal:
    a script, a cron job) a one-line error naming the way that needs no prompt, not click's bare
    "Aborted!"."""
    try:
        phrase: str = click.prompt("new passphrase", hide_input=True, confirmation_prompt=True, err=True)
    except click.Abort:
        if sys.stdin is not None and sys.stdin.isatty():
            raise  # the person pressed Ctrl-C or Ctrl-D at the prompt
        how = "quire decrypt, then QUIRE_KEY=... quire encrypt --key" if rekey else "QUIRE_KEY=... quire encrypt --key"
        raise click.ClickException(f"no passphrase typed (no terminal to ask it on); for a script: {how}") from None
    return phrase


def _conversion_text(d: dict) -> str:
    lines = [f"{'encrypted' if d['method'] else 'decrypted'}: {', '.join(d['files']) or 'no database file here'}"]
    lines.append(
        f"{d['memories']} memories verified; {d['sealed']} snapshot files, {d['backups']} backups, "
        f"{d['caches_removed']} caches"
    )
    if d["recovery_key"]:
        lines.append(f"recovery key (shown once; keep it somewhere safe): {d['recovery_key']}")
    return "\n".join(lines)


_key_options = [
    click.option("--keyring", "keyring_", is_flag=True, help="Keep the key in the OS key store (the default)."),
    click.option("--passphrase", is_flag=True, help="Derive the key from a passphrase (Argon2id); asked at each use."),
]


def _with(options):
    def apply(fn):
        for option in reversed(options):
            fn = option(fn)
        return fn

    return apply


@cli.command()
@_with(_key_options)
@click.option("--key", is_flag=True, help="Use the key in QUIRE_KEY or the config's key_file (scripts, servers).")
@json_option
def encrypt(keyring_, passphrase, key, json_):
    """Encrypt this home at rest: database, outbox, snapshots; caches kept in memory only."""
    from memory.home import resolve_home, trusted_home
    from quire import privacy

    trusted_home(resolve_home())  # before a passphrase is asked for (twice) only to be refused
    method, phrase = _method(keyring_, passphrase, key)
    emit(privacy.encrypt(resolve_home(), method, passphrase=phrase).as_json(), json_, _conversion_text)


@cli.command()
@_with(_key_options)
@json_option
def rekey(keyring_, passphrase, json_):
    """Give an encrypted home a new key (the current key must open it)."""
    from memory.encryption import refuse_a_rekey_a_given_key_hides
    from memory.home import load_settings, resolve_home, trusted_home
    from quire import privacy

    trusted_home(resolve_home())  # before a passphrase is asked for (twice) only to be refused
    refuse_a_rekey_a_given_key_hides(load_settings(resolve_home()).key_file)  # so is one QUIRE_KEY hides
    method, phrase = _method(keyring_, passphrase, False, rekey=True)
    emit(privacy.rekey(resolve_home(), method, passphrase=phrase).as_json(), json_, _conversion_text)


@cli.command()
@json_option
def decrypt(json_):
    """Turn encryption at rest off for this home (the current key must open it)."""
    from memory.home import resolve_home
    from quire import privacy

    emit(privacy.decrypt(resolve_home()).as_json(), json_, _conversion_text)
