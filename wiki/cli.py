"""The `quire` command line: parse, call one library function, render.

Results go to stdout (a table, or JSON with --json); warnings, logs and progress to stderr.
Exit codes: 0 success, 1 a domain error (the message says what to do), 2 a usage error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from memory.errors import InvalidInput, QuireError
from memory.models import TYPES

# -- plumbing --------------------------------------------------------------------------------


class QuireGroup(click.Group):
    """Turns quire's domain errors into one-line messages with exit code 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except QuireError as exc:
            raise click.ClickException(str(exc)) from None


def session(actor: str = "cli"):
    from memory.session import Session

    return Session(actor=actor)


def emit(data: Any, as_json: bool, text: Callable[[Any], str] | None = None) -> None:
    """Print a result: JSON (stable keys) or its text rendering."""
    if as_json or text is None:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
    else:
        out = text(data)
        if out:
            click.echo(out)


def warn(message: str) -> None:
    click.echo(f"warning: {message}", err=True)


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str:
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr (only drawn on a terminal)."""

    def __init__(self, label: str, total: int | None = None):
        self.label, self.total, self.done = label, total, 0
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int | None = None) -> None:
        self.done, self.total = done, total if total is not None else self.total
        if self.tty:
            if self.total:
                width = 30
                filled = int(width * self.done / max(self.total, 1))
                bar = "#" * filled + "-" * (width - filled)
                click.echo(f"\r{self.label} [{bar}] {self.done}/{self.total}", err=True, nl=False)
            else:
                click.echo(f"\r{self.label} {self.done}", err=True, nl=False)

    def step(self, n: int) -> None:
        self(self.done + n)

    def close(self) -> None:
        if self.tty and self.done:
            click.echo("", err=True)


json_option = click.option("--json", "json_", is_flag=True, help="Print JSON instead of a table.")


@click.group(cls=QuireGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="quire")
def cli() -> None:
    """quire: a local-first personal wiki engine with a memory layer.

    Capture small typed memories, recall them with hybrid search, curate corrections, and
    rebuild a cited Markdown wiki. Data lives in $QUIRE_HOME (default ~/.quire).
    """


def main() -> None:
    cli(prog_name="quire")


# -- capture & import ------------------------------------------------------------------------


def _parse_fields(values: Sequence[str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{item!r} is not key=value (e.g. --field claim='uses uv')", param_hint="--field")
        fields[key.strip()] = value.strip()
    return fields


def _read_content(text: str | None, file: Path | None) -> str:
    if text is not None and file is not None:
        raise click.UsageError("give the memory either as TEXT or with -f FILE, not both")
    if file is not None:
        try:
            raw = file.read_bytes()
        except OSError as exc:
            raise InvalidInput(f"cannot read {file} ({exc.strerror}); check the path and its permissions") from None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(f"{file} is not UTF-8 text; re-save it as UTF-8") from None
    if text is None or text == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise click.UsageError("give the memory as TEXT, with -f FILE, or on stdin")
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput("stdin is not UTF-8 text; re-encode it as UTF-8") from None
    return text


@cli.command()
@click.argument("text", required=False)
@click.option("-f", "--file", type=click.Path(dir_okay=False, path_type=Path), help="Read the memory from a file.")
@click.option("--type", "type_", type=click.Choice(TYPES), default="note", show_default=True, help="Memory type.")
@click.option("--field", "fields", multiple=True, metavar="KEY=VALUE", help="A structured field (repeatable).")
@click.option("--space", help="Space to store into (default: the default space, else uncategorized).")
@click.option("--entity", "entities", multiple=True, help="An entity this memory is about (repeatable).")
@click.option("--supersedes", metavar="ID", help="The memory this one corrects or replaces.")
@click.option("--valid-from", metavar="DATE", help="When this became true (YYYY-MM-DD); default now.")
@click.option("--source", default="", help="Where this came from (a URL, file, conversation).")
@click.option("--defer-embed", is_flag=True, help="Store now, embed later (no model load; fast).")
@json_option
def capture(text, file, type_, fields, space, entities, supersedes, valid_from, source, defer_embed, json_):
    """Capture one memory from TEXT, -f FILE, or stdin."""
    from memory.capture import Rejected, outcome_json
    from memory.models import parse_payload

    content = _read_content(text, file)
    payload = parse_payload({
        "content": content, "type": type_, "fields": _parse_fields(fields), "space": space,
        "entities": list(entities), "supersedes": supersedes, "valid_from": valid_from, "source": source,
    })
    with session() as s:
        outcome = s.capture(payload, defer_embed=defer_embed)
    data = outcome_json(outcome)
    if not json_:
        for w in outcome.warnings:
            warn(w)
    emit(data, json_, lambda d: f"{d['status']} {d['id']}" if d["id"] else f"rejected: {d['reason']} ({d['detail']})")
    if isinstance(outcome, Rejected):
        sys.exit(1)


@cli.command("import")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--space", help="Space for units that name none.")
@click.option("--defer-embed", is_flag=True, help="Store now, embed later with `quire reembed`.")
@json_option
def import_(path, space, defer_embed, json_):
    """Import a JSONL file of captures or a folder of Markdown notes."""
    bar = Progress("importing")
    with session(actor="import") as s:
        report = s.import_path(path, defer_embed=defer_embed, space=space, progress=bar)
    bar.close()
    for line in report.errors:
        click.echo(f"error: {line}", err=True)
    if not json_:
        for line in report.warnings[:50]:
            warn(line)
        if len(report.warnings) > 50:
            warn(f"... and {len(report.warnings) - 50} more warnings (use --json to see all)")
    emit(report.as_json(), json_, lambda d: (
        f"imported {d['stored']} new, {d['duplicates']} already present, {d['rejected']} rejected, "
        f"{len(d['errors'])} bad units"))
    if report.errors:
        sys.exit(1)


# -- spaces, status, reembed -----------------------------------------------------------------


@cli.group(invoke_without_command=True)
@click.pass_context
def spaces(ctx):
    """List or add spaces (named partitions of memories)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(spaces_list)


@spaces.command("list")
@json_option
def spaces_list(json_=False):
    """List spaces with their memory counts."""
    from memory import spaces as spaces_mod

    with session() as s:
        rows = [{"name": sp.name, "default": sp.is_default, "memories": sp.memories, "description": sp.description}
                for sp in spaces_mod.all_spaces(s.db)]
    emit({"spaces": rows}, json_, lambda d: table(
        [(r["name"] + (" *" if r["default"] else ""), r["memories"], r["description"]) for r in d["spaces"]],
        ("space", "memories", "description")) if d["spaces"] else "no spaces yet; add one with `quire spaces add NAME`")


@spaces.command("add")
@click.argument("name")
@click.option("--default", "default", is_flag=True, help="Make it the default space for captures.")
@click.option("--description", default="", help="What belongs in this space.")
def spaces_add(name, default, description):
    """Add a space (or make an existing one the default)."""
    from memory import spaces as spaces_mod

    with session() as s:
        changed = spaces_mod.add(s.db, name, description=description, default=default, actor="cli")
    click.echo(f"{'added' if changed else 'unchanged'}: {name}{' (default)' if default else ''}")


def _status_text(d: dict) -> str:
    lines = [
        f"home:        {d['home']}",
        f"database:    {d['database']} (schema {d['schema_version']})",
        f"wiki:        {d['wiki']}",
        f"model:       {d['model']}" + (f"  ({d['needs_embedding']} memories need `quire reembed`)" if d["needs_embedding"] else ""),
        f"memories:    {d['total']} total; " + ", ".join(f"{k} {v}" for k, v in d["by_status"].items()),
        "by type:     " + (", ".join(f"{k} {v}" for k, v in d["by_type"].items()) or "-"),
        "by space:    " + (", ".join(f"{k} {v}" for k, v in d["by_space"].items()) or "-"),
        f"spaces:      {', '.join(d['spaces']) or '-'}" + (f" (default: {d['default_space']})" if d["default_space"] else ""),
        f"reviews:     {d['open_reviews']} open",
        f"rejected:    {d['rejected_captures']} captures; tombstones: {d['tombstones']}",
    ]
    return "\n".join(lines)


@cli.command()
@json_option
def status(json_):
    """Counts by type, space and status; schema version, model and paths."""
    with session() as s:
        data = s.status()
    emit(data, json_, _status_text)


@cli.command()
@click.option("--all", "everything", is_flag=True, help="Re-embed every memory, not only pending or stale ones.")
@json_option
def reembed(everything, json_):
    """Embed deferred captures, and re-embed memories made with another model."""
    bar = Progress("embedding")
    with session() as s:
        result = s.reembed(everything=everything, progress=bar.step)
    bar.close()
    for w in result["warnings"]:
        warn(w)
    emit(result, json_, lambda d: f"embedded {d['embedded']} memories with {d['model']}")


# -- recall (retrieval/) ---------------------------------------------------------------------


# -- curation, correction, forget, log (memory/) -----------------------------------------------


# -- the wiki: rebuild, pages, maps, lint (wiki/) ---------------------------------------------


# -- agents: serve, mcp -----------------------------------------------------------------------


# -- benchmarks ------------------------------------------------------------------------------


@cli.group()
def bench():
    """Speed benchmarks that print figures (ratios against baselines run in the same process)."""


@bench.command("capture")
@click.option("--sizes", default="1000,10000", show_default=True, help="Import sizes to measure.")
@json_option
def bench_capture(sizes, json_):
    """Import throughput vs raw encode throughput, and cold start vs `python -c pass`."""
    from eval import bench as bench_mod

    result = bench_mod.capture([int(x) for x in sizes.split(",") if x.strip()])
    emit(result, json_, bench_mod.render_capture)


if __name__ == "__main__":  # pragma: no cover
    main()
