"""`quire doctor`, `quire backup`, `quire restore`: the full check, a verified copy, the way back.

None is an operation of quire.ops: they work on the database file itself (a damaged one cannot be
opened by a session at all, and a restore must not run while a session holds the file).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from quire.cli.app import Bounded, GivenPath, cli, emit, json_option
from quire.cli.render import on_one_line


def _doctor_text(d: dict) -> str:
    lines = [f"store:   {d['store']}"]
    for check in d["checks"]:
        mark = "ok  " if check["ok"] else "FAIL"
        lines.append(f"{mark}  {check['name']}: {check['detail']}")
        if check["fix"] and not check["ok"]:
            lines.append(f"      what to do: {check['fix']}")
    lines.append("all checks pass" if d["ok"] else "problems found: see `what to do` above")
    return "\n".join(lines)


@cli.command()
@json_option
def doctor(json_):
    """Check the database and the outbox in full (SQLite's integrity_check); name what to do."""
    from memory import doctor as doctor_mod
    from memory.home import resolve_home
    from quire.ops.home import config_problems

    home = resolve_home()
    report = doctor_mod.doctor(home, config_problems(home)).as_dict()
    emit(report, json_, _doctor_text)
    if not report["ok"]:
        sys.exit(1)


@cli.command()
@click.option("--keep", type=Bounded(1, 1000), help="Keep only the newest N backups (older ones removed).")
@json_option
def backup(keep, json_):
    """Copy the database into home/backups/ while it stays usable; the copy is checked before it counts."""
    from memory import doctor as doctor_mod
    from memory.home import resolve_home

    data = doctor_mod.backup(resolve_home(), keep=keep)
    emit(data, json_, lambda d: f"backup {d['path']}: {d['memories']} memories, verified")


@cli.command()
@click.argument("backup_file", type=GivenPath(exists=True, dir_okay=False, path_type=Path))
@json_option
def restore(backup_file, json_):
    """Put a backup in place of the database (checked first; the current file is kept aside)."""
    from memory import doctor as doctor_mod
    from memory.home import resolve_home
    from quire import privacy

    home = resolve_home()
    privacy.free(home)
    data = doctor_mod.restore(home, backup_file)
    privacy.settle(home)  # the vault the store before wrote, told from the person's while the record says how
    emit(
        data,
        json_,
        lambda d: (
            f"restored {on_one_line(d['restored'])} ({d['memories']} memories)"
            + (f"; the previous file is kept as {on_one_line(d['previous'])}" if d["previous"] else "")
        ),
    )
