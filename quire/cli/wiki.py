"""Commands on the wiki: rebuild, rollback, schedule, pages, page, map and lint."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from memory.errors import InvalidInput, QuireError
from quire.cli.app import (
    Bounded,
    Chosen,
    GivenPath,
    QuireSubGroup,
    call,
    cli,
    emit,
    given_text,
    json_option,
    query_words,
    uses,
    warn,
)
from quire.cli.render import (
    Progress,
    map_text,
    page_text,
    rebuild_text,
    schedule_install_text,
    schedule_remove_text,
    schedule_status_text,
    schedule_text,
    table,
)


@uses("rebuild", if_due=None, log=None)
@cli.command("rebuild")
@click.option(
    "--if-due", is_flag=True, help="Only when the last successful rebuild is older than the last scheduled night."
)
@click.option("--log", "log", is_flag=True, help="Also write the outcome line to the home's rotated rebuild.log.")
@click.option("--full", is_flag=True, help="Plan every page and hash every page file (not only what changed).")
@json_option
def rebuild_cmd(if_due, log, full, json_):
    """Rebuild the wiki; only pages whose memories changed are written (the nightly job)."""
    from memory.home import resolve_home
    from wiki import nightly

    home = resolve_home().root
    if if_due and not nightly.due_now(home):
        click.echo("rebuild: not due (the last one succeeded after the last scheduled night)", err=True)
        return
    bar = Progress("writing pages")
    try:
        summary = call("rebuild", {"full": full}, actor="rebuild", progress=bar)
    except Exception as exc:
        if log:
            nightly.log_line(home, nightly.outcome_line(None, str(exc)))
        raise
    finally:
        bar.close()
    if log:
        nightly.log_line(home, nightly.outcome_line(summary, None))
    for line in summary["warnings"]:
        warn(line)
    if summary.get("plan_reason"):  # the full plan, and why the incremental one could not be trusted
        click.echo(f"rebuild: full plan: {summary['plan_reason']}", err=True)
    if if_due:  # the nightly job also keeps the last few verified backups (memory.doctor)
        from memory import doctor

        try:
            made = doctor.nightly_backup(resolve_home())
            if made:
                click.echo(f"backup: {made['path']} ({made['memories']} memories, verified)", err=True)
        except QuireError as exc:
            warn(f"backup: {exc}")
    emit(summary, json_, rebuild_text)


@uses("rollback")
@cli.command("rollback")
@json_option
def rollback_cmd(json_):
    """Undo the last rebuild from its snapshot (hand edits and map decisions are kept)."""
    emit(
        call("rollback", {}),
        json_,
        lambda d: (
            f"rolled back rebuild {d['run']} (snapshot {d['snapshot']}): {len(d['restored'])} page(s) restored"
            + (f"; kept {', '.join(d['kept'])} (yours)" if d["kept"] else "")
        ),
    )


def _time_of_day(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--at: blank, or no time of day (25:99, ２３:００), is a usage error (exit 2) alike; "25:99" was exit 1."""
    value = given_text("give a time of day as HH:MM (24-hour), e.g. --at 03:17")(ctx, param, value)
    if value is not None:
        from wiki import nightly  # light: the overdue notice loads it on every command

        try:
            nightly.parse_at(value)
        except InvalidInput:
            raise click.BadParameter(
                f"{value!r} is not a time of day; use HH:MM (24-hour), e.g. --at 03:17", ctx, param
            ) from None
    return value


@cli.command("schedule")
@click.option("--print", "print_", is_flag=True, help="Print the files for every platform (the default).")
@click.option("--install", is_flag=True, help="Write this platform's files and enable the job.")
@click.option("--remove", is_flag=True, help="Disable the job and delete its files.")
@click.option("--status", "status_", is_flag=True, help="The last run, its outcome, the next run.")
@click.option(
    "--platform",
    type=Chosen(["systemd", "launchd", "cron"]),
    help="Scheduler (default: launchd on macOS, systemd where systemctl exists, else cron).",
)
@click.option(
    "--dir",
    "folder",
    type=GivenPath(file_okay=False, path_type=Path),
    help="Where to write the files (default ~/.config/systemd/user or ~/Library/LaunchAgents).",
)
@click.option(
    "--at",
    default="03:17",
    show_default=True,
    callback=lambda ctx, param, value: _time_of_day(ctx, param, value),
    help="Time of day, HH:MM (local).",
)
@click.option("--no-enable", is_flag=True, help="Only write the files; do not call systemctl, launchctl or crontab.")
@json_option
def schedule_cmd(print_, install, remove, status_, platform, folder, at, no_enable, json_):
    """Print, install, remove or check the nightly `quire rebuild --if-due` (launchd, systemd, cron)."""
    from memory.home import resolve_home
    from quire import schedule as schedule_mod

    if sum((print_, install, remove, status_)) > 1:
        raise click.UsageError("give one of --print, --install, --remove, --status")
    plan = schedule_mod.build(resolve_home().root, at=at)
    platform = platform or schedule_mod.default_platform()
    if install:
        emit(schedule_mod.install(plan, platform, folder, enable=not no_enable), json_, schedule_install_text)
    elif remove:
        emit(schedule_mod.remove(plan, platform, folder, enable=not no_enable), json_, schedule_remove_text)
    elif status_:
        state = schedule_mod.status(plan, platform, folder)
        emit(state, json_, schedule_status_text)
        if not state["scheduled"]:  # `quire schedule --status || quire schedule --install` in a script
            fix = "install it" if not state["scheduler"] else "its files are missing; install them again"
            raise QuireError(f"no nightly rebuild is scheduled for {plan.home}: {fix} with `quire schedule --install`")
    else:
        emit(plan.as_json(), json_, schedule_text)


@uses("pages")
@cli.command("pages")
@json_option
def pages_cmd(json_):
    """List the wiki's pages."""
    emit(
        call("pages", {}),
        json_,
        lambda d: (
            table(
                [
                    (r["slug"], r["title"][:40], r["space"] or "-", r["kind"], r["owner"], r["status"], r["sources"])
                    for r in d["pages"]
                ],
                ("slug", "title", "space", "kind", "owner", "status", "sources"),
            )
            if d["pages"]
            else "no pages yet; run `quire rebuild`"
        ),
    )


@cli.group("page")
def page_group():
    """List, show, search or restore pages."""


page_group.add_command(pages_cmd, "list")  # `quire page list` is `quire pages`: where a person looks first


@uses("page_read")
@page_group.command("show")
@click.argument("slug")
@json_option
def page_show(slug, json_):
    """A page: owner, sources and their status, changelog, open revisions, then its text."""
    emit(call("page_read", {"slug": slug}), json_, page_text)


@uses("page_search")
@page_group.command("search")
@click.argument("query", nargs=-1, required=True, callback=query_words)
@click.option("--space", help="Only pages of this space ('uncategorized' = pages without a space).")
@click.option("-k", "k", default=10, show_default=True, type=Bounded(1, 200), help="How many pages.")
@json_option
def page_search(query, space, k, json_):
    """Pages whose title or aliases, summary or body hold the words (those two count most); no model is loaded."""
    emit(
        call("page_search", {"query": " ".join(query), "space": space, "k": k}),
        json_,
        lambda d: (
            table([(r["slug"], f"{r['score']:.3f}", r["title"][:50]) for r in d["results"]], ("slug", "score", "title"))
            if d["results"]
            else f"no page matches {d['query']!r}; try other words or `quire recall`"
        ),
    )


@uses("page_restore")
@page_group.command("restore")
@click.argument("slug")
@json_option
def page_restore(slug, json_):
    """Bring back a page whose file you deleted (the next rebuild writes it)."""
    emit(
        call("page_restore", {"slug": slug}),
        json_,
        lambda d: d["message"] if d["changed"] else f"unchanged: {d['message']}",
    )


class _MapGroup(QuireSubGroup):
    """`quire map PAGE` shows a map; `quire map dismiss|pin|accept PAGE NODE` changes one node."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["show", *args]
        return super().parse_args(ctx, args)


@cli.group("map", cls=_MapGroup)
def map_group():
    """Page maps: `quire map PAGE`, `quire map dismiss|pin|accept PAGE NODE`."""


@uses("map_show")
@map_group.command("show", hidden=True)
@click.argument("page")
@json_option
def map_show(page, json_):
    """Show the map of PAGE (a slug)."""
    emit(call("map_show", {"page": page}), json_, map_text)


def _map_change(action: str, page: str, node: str, base_revision: int | None, json_: bool) -> None:
    emit(
        call(f"map_{action}", {"page": page, "node": node, "base_revision": base_revision}),
        json_,
        lambda d: d["message"] if d["changed"] else f"unchanged: {d['message']}",
    )


_base_option = click.option(
    "--revision",
    "base_revision",
    type=Bounded(0, 2**63 - 1),
    help="Fail with a conflict unless the map is still at this revision.",
)


@uses("map_dismiss")
@map_group.command("dismiss")
@click.argument("page")
@click.argument("node")
@_base_option
@json_option
def map_dismiss(page, node, base_revision, json_):
    """Dismiss NODE (and its branch) for good: no rebuild brings it back."""
    _map_change("dismiss", page, node, base_revision, json_)


@uses("map_pin")
@map_group.command("pin")
@click.argument("page")
@click.argument("node")
@_base_option
@json_option
def map_pin(page, node, base_revision, json_):
    """Pin NODE."""
    _map_change("pin", page, node, base_revision, json_)


@uses("map_accept")
@map_group.command("accept")
@click.argument("page")
@click.argument("node")
@_base_option
@json_option
def map_accept(page, node, base_revision, json_):
    """Make a suggested NODE active (also undoes a dismissal)."""
    _map_change("accept", page, node, base_revision, json_)


@uses("lint")
@cli.command("lint")
@json_option
def lint_cmd(json_):
    """Check the vault: citations and footnotes, frontmatter, wikilinks, orphans, gone memories, stale pages."""
    report = call("lint", {})
    emit(
        report,
        json_,
        lambda d: "\n".join(
            [f"{f['severity']:7}  {f['code']:20}  {f['page']}: {f['detail']}" for f in d["findings"]]
            + [f"{d['pages']} pages: {d['errors']} errors, {d['warnings']} warnings"]
        ),
    )
    if report["errors"]:
        click.echo(f"Error: lint found {report['errors']} error(s) in the vault; fix the pages listed above", err=True)
        sys.exit(1)
