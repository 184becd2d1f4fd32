"""The `quire` command line: parse flags into an operation's request, call it, render the response.

Every command that touches the store runs one operation of `quire.ops` through `call` (the warm
service when `quire serve` runs, else in this process), the same operation the service and MCP
run. `@uses(op, ...)` names it (and which flag feeds which request field), so the drift guard
(tests/test_api.py) can prove the flags' choices and bounds are the request model's. The commands
that are not an operation are listed in NOT_OPS with the reason.

Results go to stdout (a table, or JSON with --json); warnings, logs and progress to stderr.
Exit codes: 0 success, 1 a domain error (the message says what to do), 2 a usage error.

Imports inside commands are on purpose, and only here: `quire --help` and `quire capture
--defer-embed` must start fast, so this module loads click and the error classes only; each
command loads what it needs (the client and ops; eval, bench, service and mcp pull numpy, the
model or the MCP SDK).
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


# Commands that are not an operation of quire.ops, and why (the drift guard holds this list to the tree).
NOT_OPS: dict[str, str] = {
    "curate": "the interactive walk: a loop in the terminal that runs curate_list/show/accept/dismiss",
    "serve": "starts, stops or inspects the service itself",
    "mcp": "runs the MCP server, whose tools are the operations",
    "schedule": "renders or writes the person's cron line or systemd units; reads and writes no store",
    "eval": "benchmarks and goldens in throwaway homes (eval/), never the person's store",
    "bench": "speed benchmarks in throwaway homes, some starting their own service (eval/bench.py)",
    "store": "moves the store file itself between this machine and a libSQL server: no session may hold it open",
}


def uses(op: str, **fields: str | None) -> Callable[[Any], Any]:
    """Mark a command as the skin of operation `op`; `fields` maps a flag whose name differs from the
    request field it feeds (None: a flag of the rendering, such as --json, feeds none)."""

    def mark(cmd: Any) -> Any:
        cmd.quire_op = op
        cmd.quire_fields = {"json_": None, **fields}
        return cmd

    return mark


def call(op: str, params: dict[str, Any], *, actor: str = "cli", progress: Any = None) -> dict[str, Any]:
    """Run an operation: through `quire serve` when it runs, else in this process."""
    # quire.client pulls the ops, pydantic and the driver: imported here so `--help` stays fast.
    from quire import client

    return client.call(op, params, actor=actor, progress=progress)


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
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
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


# -- chat import helpers (issue 12) --


class ChatProgress:
    """Conversations and messages read so far, on one stderr line (only drawn on a terminal)."""

    def __init__(self) -> None:
        self.tty, self.drawn = sys.stderr.isatty(), False

    def __call__(self, conversations: int, messages: int) -> None:
        if self.tty:
            click.echo(f"\rimporting: {conversations} conversations, {messages} messages", err=True, nl=False)
            self.drawn = True

    def close(self) -> None:
        if self.drawn:
            click.echo("", err=True)


def _context_text(d: dict) -> str:
    """recall --context: each hit from a conversation with the turns around it (the hit marked >)."""
    blocks = []
    for i, h in enumerate(d["results"], start=1):
        if not h.get("context"):
            continue
        lines = [f"\n[{i}] {h['session_title'] or h['session_id']} (turn {h['position']})"]
        for t in h["context"]:
            mark = ">" if t["id"] == h["id"] else " "
            lines.append(f"  {mark} #{t['position']} {t['speaker']}: {' '.join(t['content'].split())[:200]}")
        blocks.append("\n".join(lines))
    return "".join(blocks)


def _import_text(d: dict) -> str:
    line = (
        f"imported {d['stored']} new, {d['duplicates']} already present, {d['rejected']} rejected, "
        f"{len(d['errors'])} bad units"
    )
    if "conversations" not in d:
        return line
    dropped = ", ".join(f"{n} {reason}" for reason, n in sorted(d["dropped"].items())) or "none"
    kept = ", ".join(f"{n} {reason}" for reason, n in sorted(d["kept_anyway"].items()))
    return (
        f"{line}\n{d['conversations']} conversations ({d['sessions']} sessions), {d['messages']} messages: "
        f"{d['skipped_roles']} of a role not imported, {d['empty']} empty; the gate dropped: {dropped}"
        + (f"; kept although the gate would drop them: {kept}" if kept else "")
    )


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


@uses("capture", text="content", file="content", type_="type")
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
    content = _read_content(text, file)
    data = call(
        "capture",
        {
            "content": content,
            "type": type_,
            "fields": _parse_fields(fields),
            "space": space,
            "entities": list(entities),
            "supersedes": supersedes,
            "valid_from": valid_from,
            "source": source,
            "defer_embed": defer_embed,
        },
    )
    if not json_:
        for w in data["warnings"]:
            warn(w)
    if data["status"] == "rejected":  # an error: on stderr even with --json (the JSON still on stdout)
        if json_:
            emit(data, True)
        click.echo(f"Error: rejected: {data['reason']} ({data['detail']})", err=True)
        sys.exit(1)
    emit(data, json_, _capture_text)


def _capture_text(d: dict[str, Any]) -> str:
    if d["status"] == "queued":
        return f"queued {d['queued']}"
    return f"{d['status']} {d['id']}" if d["id"] else f"rejected: {d['reason']} ({d['detail']})"


@uses("import", format_="format")
@cli.command("import")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--space", help="Space for units that name none.")
@click.option("--defer-embed", is_flag=True, help="Store now, embed later with `quire reembed`.")
@click.option(
    "--format",
    "format_",
    type=click.Choice(["auto", "chatgpt", "claude", "chat-jsonl", "jsonl", "markdown"]),
    default="auto",
    show_default=True,
    help="What PATH holds; auto reads it to tell.",
)
@click.option(
    "--roles",
    type=click.Choice(["user", "all"]),
    default="user",
    show_default=True,
    help="Chats: keep your (and other people's) messages only, or the assistant's too.",
)
@click.option("--keep-all", is_flag=True, help="Chats: keep messages the gate calls too short or noise (counted).")
@json_option
def import_(path, space, defer_embed, format_, roles, keep_all, json_):
    """Import captures (JSONL), a folder of Markdown notes, or a chat export (ChatGPT, Claude, chat JSONL)."""
    from memory.chats import CHAT_FORMATS, detect_format  # only to pick the progress line

    shown = detect_format(path) if format_ == "auto" and path.exists() else format_
    bar = ChatProgress() if shown in CHAT_FORMATS else Progress("importing")
    # Absolute: the service may run in another folder; the importer names units by file name.
    params = {
        "path": str(path.absolute()),
        "space": space,
        "defer_embed": defer_embed,
        "format": format_,
        "roles": roles,
        "keep_all": keep_all,
    }
    report = call("import", params, actor="import", progress=bar)
    bar.close()
    for line in report["errors"]:
        click.echo(f"error: {line}", err=True)
    if not json_:
        for line in report["warnings"][:50]:
            warn(line)
        more = len(report["warnings"]) - 50
        if report.get("warnings_omitted"):  # a chat import lists the first warnings and counts the rest
            hidden = max(more, 0) + report["warnings_omitted"]
            warn(f"... and {hidden} more warnings (--json lists the first {len(report['warnings'])})")
        elif more > 0:
            warn(f"... and {more} more warnings (use --json to see all)")
    emit(report, json_, _import_text)
    if report["errors"]:
        sys.exit(1)


# -- spaces, status, reembed -----------------------------------------------------------------


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


def _status_text(d: dict) -> str:
    lines = [
        f"home:        {d['home']}",
        f"database:    {d['database']} (schema {d['schema_version']})",
        f"wiki:        {d['wiki']}",
        f"model:       {d['model']}"
        + (f"  ({d['needs_embedding']} memories need `quire reembed`)" if d["needs_embedding"] else ""),
        f"memories:    {d['total']} total; " + ", ".join(f"{k} {v}" for k, v in d["by_status"].items()),
        "by type:     " + (", ".join(f"{k} {v}" for k, v in d["by_type"].items()) or "-"),
        "by space:    " + (", ".join(f"{k} {v}" for k, v in d["by_space"].items()) or "-"),
        f"spaces:      {', '.join(d['spaces']) or '-'}"
        + (f" (default: {d['default_space']})" if d["default_space"] else ""),
        f"reviews:     {d['open_reviews']} open",
        f"rejected:    {d['rejected_captures']} captures; tombstones: {d['tombstones']}",
    ]
    return "\n".join(lines)


@uses("status")
@cli.command()
@json_option
def status(json_):
    """Counts by type, space and status; schema version, model and paths."""
    emit(call("status", {}), json_, _status_text)


@uses("reembed")
@cli.command()
@click.option("--all", "everything", is_flag=True, help="Re-embed every memory, not only pending or stale ones.")
@json_option
def reembed(everything, json_):
    """Embed deferred captures, and re-embed memories made with another model."""
    bar = Progress("embedding")
    result = call("reembed", {"everything": everything}, progress=bar.step)
    bar.close()
    for w in result["warnings"]:
        warn(w)
    emit(result, json_, lambda d: f"embedded {d['embedded']} memories with {d['model']}")


# -- recall (retrieval/) ---------------------------------------------------------------------


def _snippet(text: str, width: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"


def _window_text(w: dict) -> str:
    from datetime import datetime, timedelta

    start = w["start"][:10] if w["start"] else "…"
    end = (
        (datetime.fromisoformat(w["end"].replace("Z", "+00:00")) - timedelta(seconds=1)).date().isoformat()
        if w["end"]
        else "…"
    )
    return f"{w['cue']!r}: {start} to {end}"


def _recall_text(d: dict, explain: bool) -> str:
    """The recall table (from `recall --json`); with --explain, channels matched (rank) and priors applied."""
    head = f"scope: {d['scope']}" + (f"; as of {d['as_of']}" if d["as_of"] else "")
    if d["window"]:
        head += f"; time cue {_window_text(d['window'])} ({d['window']['mode']})"
    if not d["results"]:
        return f"{head}\nno memories match {d['query']!r}; try other words, --all-spaces, or drop --type"
    headers = ["#", "score", "type", "space", "date", "id", "memory"]
    rows = []
    for i, h in enumerate(d["results"], start=1):
        kind = h["type"] + (" (archived)" if h["status"] == "archived" else "")
        row = [i, f"{h['score']:.3f}", kind, h["space"] or "-", h["date"], h["id"], _snippet(h["content"])]
        if explain:
            row.append(" ".join(f"{c}#{r}" for c, r in h["channels"].items()))
            row.append(" ".join(f"{m}x{v:g}" for m, v in h["multipliers"].items()) or "-")
        rows.append(row)
    if explain:
        headers += ["channels", "priors"]
        head += f"\nterms: {' '.join(d['terms']) or '-'}" + (
            f"; entities: {', '.join(d['entities'])}" if d["entities"] else ""
        )
    pages = "".join(f"\npage {p['slug']}: {p['title']} (cites {', '.join(p['cites'])})" for p in d.get("pages", []))
    return head + "\n" + table(rows, headers) + pages


@uses("recall", types="types")
@cli.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--space", help="Only this space ('uncategorized' = memories without a space).")
@click.option("--all-spaces", is_flag=True, help="Search every space (default: the default space if set, else all).")
@click.option("--type", "types", multiple=True, type=click.Choice(TYPES), help="Only this type (repeatable).")
@click.option("-k", "k", default=10, show_default=True, type=click.IntRange(1, 1000), help="How many results.")
@click.option("--as-of", metavar="DATE", help="What was current at DATE (YYYY-MM-DD = end of that day).")
@click.option("--explain", is_flag=True, help="Show the channels that matched and the priors applied.")
@click.option(
    "--context",
    default=0,
    type=click.IntRange(0, 50),
    metavar="N",
    help="With each hit from an imported conversation, show the N turns before and after it.",
)
@json_option
def recall(query, space, all_spaces, types, k, as_of, explain, context, json_):
    """Find memories by meaning, words, entities and time ("what did we decide about X last month")."""
    if space and all_spaces:
        raise click.UsageError("give --space or --all-spaces, not both")
    data = call(
        "recall",
        {
            "query": " ".join(query),
            "space": space,
            "all_spaces": all_spaces,
            "types": list(types),
            "k": k,
            "as_of": as_of,
            "explain": explain,
            **({"context": context} if context else {}),
        },
    )
    for w in data["warnings"]:
        warn(w)
    emit(data, json_, lambda d: _recall_text(d, explain) + _context_text(d))


@cli.group("eval")
def eval_group():
    """Retrieval benchmarks (quire beside BM25 and dense, same run) and the ranking goldens."""


_data_option = click.option(
    "--data",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Benchmark file (default: the dev file in shared/data).",
)
_limit_option = click.option("--limit", type=click.IntRange(1), help="Score only the first N questions.")
_gated_option = click.option(
    "--gated",
    is_flag=True,
    help="Apply the gate's too_short/noise verdicts too (default: count them, keep every scored unit).",
)


@eval_group.command("locomo")
@_data_option
@click.option(
    "--granularity",
    type=click.Choice(["turn", "session"]),
    default="turn",
    show_default=True,
    help="turn: evidence turns in the top k turns; session: evidence sessions in the top k sessions.",
)
@_limit_option
@_gated_option
@json_option
def eval_locomo(data, granularity, limit, gated, json_):
    """LoCoMo: evidence recall@5/10/25/50 over dialog turns (or @1/3/5/10 over sessions), per category."""
    from eval.systems import compare, format_report

    emit(compare("locomo", data, limit=limit, granularity=granularity, keep_all=not gated), json_, format_report)


@eval_group.command("longmemeval")
@_data_option
@click.option("--granularity", type=click.Choice(["turn", "session"]), default="turn", show_default=True)
@click.option(
    "--protocol",
    type=click.Choice(["official", "wenlan"]),
    default="official",
    show_default=True,
    help="official: user turns, recall_all/ndcg_any; wenlan: + answer turns, recall@5/mrr/ndcg.",
)
@_limit_option
@_gated_option
@json_option
def eval_longmemeval(data, granularity, protocol, limit, gated, json_):
    """LongMemEval (oracle or S): quire vs BM25 and dense under the chosen protocol."""
    from eval.systems import compare, format_report

    if protocol == "wenlan" and granularity != "turn":
        raise click.UsageError("the wenlan protocol is turn-level only")
    report = compare("longmemeval", data, limit=limit, granularity=granularity, protocol=protocol, keep_all=not gated)
    emit(report, json_, format_report)


@eval_group.command("goldens")
@click.option("--refresh", is_flag=True, help="Rewrite the current snapshot after an intended ranking change.")
@json_option
def eval_goldens(refresh, json_):
    """Compare fixture rankings with the anchor (RBO >= 0.85) and current (>= 0.95) goldens."""
    from eval import goldens

    report = goldens.check(refresh=refresh)
    emit(report, json_, goldens.render)
    if not refresh and not (report["anchor"]["passed"] and report["current"]["passed"]):
        sys.exit(1)


# issue 9: the review queue's load and catch rate
@eval_group.command("contradictions")
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder holding locomo-dev.json and longmemeval-oracle-dev.json (default: shared/data).",
)
@json_option
def eval_contradictions(data, json_):
    """Open review items per 1,000 imported facts (LoCoMo turns, a templated fixture) and the share
    of LongMemEval knowledge-update changes the contradiction check catches."""
    from eval import contradictions
    from eval.harness import data_dir

    result = contradictions.run(data or data_dir())
    emit(contradictions.as_json(result), json_, lambda _: contradictions.render(result))


# -- curation, correction, forget, log (memory/) -----------------------------------------------


def _changed(d: dict) -> str:
    return d["message"] + ("" if d["changed"] else " (nothing changed)")


@cli.group(invoke_without_command=True)
@click.pass_context
def curate(ctx):
    """Walk the review queue one item at a time (in a terminal), or list/show/accept/dismiss items."""
    if ctx.invoked_subcommand is not None:
        return
    from quire import client, ops
    from quire import curate as curate_mod

    local = client.Local(actor="cli", keep=True)  # one Session for the whole walk when no service runs
    try:
        items = [ops.item_from_json(i) for i in client.call("curate_list", {}, local=local)["items"]]
        if not items:
            click.echo("nothing to review: the queue is empty")
            return
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            click.echo(curate_mod.render_list(items))
            click.echo(
                f"{len(items)} open; resolve with `quire curate accept ID [--choice ...]` or `quire curate dismiss ID` "
                "(details: `quire curate show ID`), or run `quire curate` in a terminal to walk them"
            )
            return
        summary = curate_mod.walk_terminal(lambda op, params: client.call(op, params, local=local))
    finally:
        local.close()
    click.echo(summary.text())


@uses("curate_list", everything="all")
@curate.command("list")
@click.option("--all", "everything", is_flag=True, help="Include resolved items.")
@json_option
def curate_list(everything, json_):
    """List open review items (oldest first)."""
    from quire import ops
    from quire.curate import render_list

    data = call("curate_list", {"all": everything})
    emit(data, json_, lambda d: render_list([ops.item_from_json(i) for i in d["items"]]))


@uses("curate_show")
@curate.command("show")
@click.argument("item_id", type=int)
@json_option
def curate_show(item_id, json_):
    """Show one item: old vs new, type, tier, confidence, dates, sources."""
    from quire.curate import render_details

    data = call("curate_show", {"item_id": item_id})
    emit(data, json_, lambda d: render_details(d, color=sys.stdout.isatty()))


@uses("curate_accept", edited_text="text")
@curate.command("accept")
@click.argument("item_id", type=int)
@click.option(
    "--choice",
    type=click.Choice(["keep_new", "keep_old", "keep_both"]),
    help="For contradictions: which to keep (default keep_new).",
)
@click.option("--text", "edited_text", metavar="TEXT", help="Accept with this text instead of the proposed one.")
@json_option
def curate_accept(item_id, choice, edited_text, json_):
    """Accept an item (idempotent: says whether anything changed)."""
    emit(call("curate_accept", {"item_id": item_id, "choice": choice, "text": edited_text}), json_, _changed)


@uses("curate_dismiss")
@curate.command("dismiss")
@click.argument("item_id", type=int)
@json_option
def curate_dismiss(item_id, json_):
    """Dismiss an item (idempotent). A dismissed change is tombstoned and cannot come back silently."""
    emit(call("curate_dismiss", {"item_id": item_id}), json_, _changed)


@uses("history")
@cli.command()
@click.argument("memory_id")
@json_option
def history(memory_id, json_):
    """A memory's version chain in both directions, with dates and statuses."""
    emit(
        call("history", {"memory_id": memory_id}),
        json_,
        lambda d: "\n".join(
            f"{'*' if v['id'] == d['id'] else ' '} {v['valid_from'][:10]} -> "
            f"{(v['valid_to'] or '')[:10] or 'now':<10}  "
            f"{v['status']:<16} {v['id']}  {v['type']}  {' '.join(v['content'].split())[:60]}"
            + "".join(f"  [review #{r['id']} {r['kind']} {r['status']}]" for r in v["reviews"])
            + (
                f"\n{'':14}edited at review; captured as: {' '.join(v['captured'].split())[:60]}"
                if v["captured"]
                else ""
            )
            for v in d["versions"]
        ),
    )


@uses("forget")
@cli.command()
@click.argument("memory_id")
@click.option("--reason", default="", help="Why (kept with the tombstone).")
@json_option
def forget(memory_id, reason, json_):
    """Forget a memory everywhere and tombstone its text so it cannot be captured again."""
    emit(call("forget", {"memory_id": memory_id, "reason": reason}), json_, _changed)


@uses("tombstones_list")
@cli.group("tombstones", invoke_without_command=True)
@click.pass_context
def tombstones_group(ctx):
    """List or lift tombstones (fingerprints of forgotten or dismissed memories)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(tombstones_list)


@uses("tombstones_list", everything="all")
@tombstones_group.command("list")
@click.option("--all", "everything", is_flag=True, help="Include lifted tombstones.")
@json_option
def tombstones_list(everything=False, json_=False):
    """Tombstones in force (oldest first)."""
    emit(
        call("tombstones_list", {"all": everything}),
        json_,
        lambda d: (
            table(
                [
                    (
                        t["id"],
                        t["kind"],
                        t["memory_id"],
                        t["created_at"][:10],
                        "lifted" if t["lifted_at"] else "",
                        t["preview"][:50],
                    )
                    for t in d["tombstones"]
                ],
                ("id", "kind", "memory", "created", "", "text"),
            )
            if d["tombstones"]
            else "no tombstones"
        ),
    )


@uses("tombstones_lift")
@tombstones_group.command("lift")
@click.argument("tombstone_id", type=int)
@json_option
def tombstones_lift(tombstone_id, json_):
    """Let a tombstoned text be captured again (the forgotten memory stays forgotten)."""
    emit(call("tombstones_lift", {"tombstone_id": tombstone_id}), json_, _changed)


@uses("log")
@cli.command("log")
@click.option("--since", metavar="DATE", help="Only entries at or after DATE (YYYY-MM-DD or ISO time).")
@click.option("--id", "subject_id", metavar="ID", help="Only entries about this id.")
@click.option("-n", "limit", type=click.IntRange(1), default=50, show_default=True, help="Newest N entries.")
@json_option
def log_(since, subject_id, limit, json_):
    """The audit log (append-only, never trimmed): who changed what, when."""
    emit(
        call("log", {"since": since, "subject_id": subject_id, "limit": limit}),
        json_,
        lambda d: (
            "\n".join(
                f"{e['at']}  {e['actor']:<8} {e['action']:<16} {e['subject_kind']}:{e['subject_id']}  "
                + " ".join(f"{k}={v}" for k, v in e["detail"].items() if v not in (None, "", [], {}))
                for e in d["entries"]
            )
            or "no audit entries"
        ),
    )


@uses("decay")
@cli.command()
@json_option
def decay(json_):
    """Recompute effective confidence for every memory (tier rates; none when confirmed or pinned)."""
    emit(call("decay", {}), json_, lambda d: f"decay: {d['updated']} of {d['scanned']} memories updated")


def _trust(action: str, memory_id: str, json_: bool) -> None:
    emit(call(action, {"memory_id": memory_id}), json_, _changed)


@uses("pin")
@cli.command()
@click.argument("memory_id")
@json_option
def pin(memory_id, json_):
    """Pin a memory: it never decays."""
    _trust("pin", memory_id, json_)


@uses("unpin")
@cli.command()
@click.argument("memory_id")
@json_option
def unpin(memory_id, json_):
    """Unpin a memory: it decays with its tier again (unless confirmed)."""
    _trust("unpin", memory_id, json_)


@uses("confirm")
@cli.command()
@click.argument("memory_id")
@json_option
def confirm(memory_id, json_):
    """Confirm a memory (stability 'confirmed'): you vouch for it, so it stops decaying."""
    _trust("confirm", memory_id, json_)


# -- the wiki: rebuild, pages, maps, lint (wiki/) ---------------------------------------------


def _rebuild_text(d: dict) -> str:
    text = (
        f"rebuild: {d['written']} written, {d['unchanged']} unchanged, {d['revisions']} revisions queued, "
        f"{d['skipped']} skipped, {d['removed']} removed in {d['seconds']:.2f} s"
    )
    if d["hand_edits"] or d["deletions"]:
        text += f"\nhand edits kept: {', '.join(d['hand_edits'] + d['deletions'])}"
    if d["repaired"]:
        text += f"\nfinished {d['repaired']} writes an interrupted rebuild left undone"
    return text + (f"\nsnapshot: {d['snapshot']} (undo with `quire rollback`)" if d["snapshot"] else "")


@uses("rebuild")
@cli.command("rebuild")
@json_option
def rebuild_cmd(json_):
    """Rebuild the wiki; only pages whose memories changed are written (the nightly job)."""
    bar = Progress("writing pages")
    summary = call("rebuild", {}, actor="rebuild", progress=bar)
    bar.close()
    for line in summary["warnings"]:
        warn(line)
    emit(summary, json_, _rebuild_text)


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


@cli.command("schedule")
@click.option("--print", "print_", is_flag=True, help="Print the cron line and systemd units (the default).")
@click.option("--install", is_flag=True, help="Write the systemd user timer + service files.")
@click.option(
    "--dir",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the units (default ~/.config/systemd/user).",
)
@click.option("--at", default="03:17", show_default=True, help="Time of day, HH:MM.")
@json_option
def schedule_cmd(print_, install, folder, at, json_):
    """Print or install the nightly `quire rebuild` (cron line or systemd user timer)."""
    from memory.home import resolve_home
    from quire import schedule as schedule_mod

    plan = schedule_mod.build(resolve_home().root, at=at)
    if not install:
        emit(
            plan.as_json(),
            json_,
            lambda d: (
                f"# cron (crontab -e):\n{d['cron']}\n\n"
                f"# ~/.config/systemd/user/{schedule_mod.UNIT}.service\n{d['service']}\n"
                f"# ~/.config/systemd/user/{schedule_mod.UNIT}.timer\n{d['timer']}"
            ),
        )
        return
    result = schedule_mod.install(plan, folder)
    emit(
        result,
        json_,
        lambda d: f"wrote {d['service']}\nwrote {d['timer']}\nenable it with:\n  " + "\n  ".join(d["next_steps"]),
    )


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
    """Show, search or restore pages."""


@uses("page_read")
@page_group.command("show")
@click.argument("slug")
@json_option
def page_show(slug, json_):
    """A page: owner, sources and their status, changelog, open revisions, then its text."""
    emit(call("page_read", {"slug": slug}), json_, _page_text)


@uses("page_search")
@page_group.command("search")
@click.argument("query", nargs=-1, required=True)
@click.option("--space", help="Only pages of this space ('uncategorized' = pages without a space).")
@click.option("-k", "k", default=10, show_default=True, type=click.IntRange(1, 200), help="How many pages.")
@json_option
def page_search(query, space, k, json_):
    """Pages whose title, summary or body hold the words (title counts most); no model is loaded."""
    emit(
        call("page_search", {"query": " ".join(query), "space": space, "k": k}),
        json_,
        lambda d: (
            table([(r["slug"], f"{r['score']:.3f}", r["title"][:50]) for r in d["results"]], ("slug", "score", "title"))
            if d["results"]
            else f"no page matches {d['query']!r}; try other words or `quire recall`"
        ),
    )


def _page_text(d: dict) -> str:
    sources = ", ".join(f"[{r['marker']}] {r['memory_id']} ({r['status']})" for r in d["sources"]) or "-"
    head = (
        f"{d['title']}  ({d['slug']}, {d['kind']}, {d['owner']}-owned, {d['status']}, version {d['version']})\n"
        f"file: {d['path']}\nsources: {sources}\n"
    )
    if d["open_revisions"]:
        head += f"open revisions: {', '.join(map(str, d['open_revisions']))} (see `quire curate`)\n"
    return head + "\n" + d["body"]


@uses("page_restore")
@page_group.command("restore")
@click.argument("slug")
def page_restore(slug):
    """Bring back a page whose file you deleted (the next rebuild writes it)."""
    d = call("page_restore", {"slug": slug})
    click.echo(d["message"] if d["changed"] else f"unchanged: {d['message']}")


class _MapGroup(click.Group):
    """`quire map PAGE` shows a map; `quire map dismiss|pin|accept PAGE NODE` changes one node."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["show", *args]
        return super().parse_args(ctx, args)


@cli.group("map", cls=_MapGroup)
def map_group():
    """Page maps: `quire map PAGE`, `quire map dismiss|pin|accept PAGE NODE`."""


def _map_text(d: dict) -> str:
    lines = [f"map of {d['page']} (revision {d['revision']})"]
    for n in d["nodes"]:
        flags = (
            n["status"]
            + (", pinned" if n["pinned"] else "")
            + (", dangling" if n.get("ref_state") == "dangling" else "")
        )
        lines.append(f"{'  ' * n['depth']}{n['id']}  {n['ref_kind']}: {n['label'] or n['ref_id']}  [{flags}]")
    return "\n".join(lines)


@uses("map_show")
@map_group.command("show", hidden=True)
@click.argument("page")
@json_option
def map_show(page, json_):
    """Show the map of PAGE (a slug)."""
    emit(call("map_show", {"page": page}), json_, _map_text)


def _map_change(action: str, page: str, node: str, base_revision: int | None, json_: bool) -> None:
    emit(
        call(f"map_{action}", {"page": page, "node": node, "base_revision": base_revision}),
        json_,
        lambda d: d["message"] if d["changed"] else f"unchanged: {d['message']}",
    )


_base_option = click.option(
    "--revision", "base_revision", type=int, help="Fail with a conflict unless the map is still at this revision."
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


# -- agents: serve, mcp -----------------------------------------------------------------------


def _serve_status_text(d: dict) -> str:
    if not d["running"]:
        return f"quire serve is not running for {d['home']}; start it with `quire serve`"
    head = f"quire serve: {d['url']} (pid {d['pid']}) for {d['home']}, since {d['started_at']}"
    if not d.get("answering"):
        return head + f"\n  not answering ({d.get('problem', 'no reply')}); stop it with `quire serve --stop`"
    return head + (
        f"\n  model {d['model'] or 'not loaded'}; {d['requests']} requests served, "
        f"{d['in_flight']} in flight; up {d['uptime_s']:.0f} s"
    )


@cli.command()
@click.option(
    "--host", help="Interface to listen on (default 127.0.0.1; anything else is reachable from other machines)."
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
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
        emit(client.service_status(), json_, _serve_status_text)
        return
    if host is not None and host not in service.LOOPBACK:
        warn(
            f"listening on {host}: other machines that reach this port can try the token; "
            "keep the default (127.0.0.1) unless you need remote access"
        )

    def ready(svc) -> None:
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


@bench.command("recall")
@click.option("--sizes", default="1000,10000,100000", show_default=True, help="Corpus sizes to measure.")
@click.option("--queries", type=click.IntRange(5), default=50, show_default=True, help="Warm queries per size.")
@click.option(
    "--cold-runs", type=click.IntRange(1), default=3, show_default=True, help="Cold `quire recall` runs per size."
)
@click.option(
    "--synthetic",
    default="1000000",
    show_default=True,
    help="Rows of synthetic vector matrices for the vector channel alone ('' to skip).",
)
@json_option
def bench_recall(sizes, queries, cold_runs, synthetic, json_):
    """Warm recall p50/p95 vs numpy brute force and rank-bm25 on the same corpus; cold `quire recall`;
    the vector channel alone on a synthetic 1M matrix."""
    from eval import bench as bench_mod

    result = bench_mod.recall(
        [int(x) for x in sizes.split(",") if x.strip()],
        queries=queries,
        cold_runs=cold_runs,
        synthetic_sizes=tuple(int(x) for x in synthetic.split(",") if x.strip()),
    )
    emit(result, json_, bench_mod.render_recall)


@bench.command("import")
@click.option("--messages", type=click.IntRange(10), default=100_000, show_default=True, help="Messages in the export.")
@json_option
def bench_import(messages, json_):
    """`quire import` of a generated ChatGPT export: messages/s vs raw encode, peak RSS, re-run."""
    from eval import bench as bench_mod

    emit(bench_mod.import_chats(messages), json_, bench_mod.render_import)


@bench.command("serve")
@click.option("--memories", type=click.IntRange(1), default=500, show_default=True, help="Memories in the temp home.")
@click.option("--runs", type=click.IntRange(1), default=5, show_default=True, help="`quire recall` calls per side.")
@json_option
def bench_serve(memories, runs, json_):
    """`quire recall` end to end with `quire serve` up vs cold (real model; the goal is >= 10x)."""
    from eval import bench as bench_mod

    emit(bench_mod.serve(memories=memories, runs=runs), json_, bench_mod.render_serve)


@bench.command("rebuild")
@click.option("--sizes", default="1000,10000", show_default=True, help="Corpus sizes (memories) to rebuild.")
@json_option
def bench_rebuild(sizes, json_):
    """Full rebuild vs a rebuild after one new memory (goal: < 5% of full); synthetic vectors."""
    from eval import bench as bench_mod

    emit(bench_mod.rebuild([int(x) for x in sizes.split(",") if x.strip()]), json_, bench_mod.render_rebuild)


# issue 13: cold start


@bench.command("cold")
@click.option("--sizes", default="10000", show_default=True, help="Memories in each temp home.")
@click.option("--runs", type=click.IntRange(1), default=5, show_default=True, help="Runs per command.")
@click.option(
    "--torch-runs", type=click.IntRange(0), default=1, show_default=True, help="Cold recalls on sentence-transformers."
)
@json_option
def bench_cold(sizes, runs, torch_runs, json_):
    """Each cold command's wall time next to `python -c pass` and `quire --help` (real model)."""
    from eval import bench as bench_mod

    result = bench_mod.cold([int(x) for x in sizes.split(",") if x.strip()], runs=runs, torch_runs=torch_runs)
    emit(result, json_, bench_mod.render_cold)


# -- the store on a libSQL server (issue 11) -------------------------------------------------


def _transfer_text(d: dict[str, Any]) -> str:
    rows = [(t["table"], t["rows"], t["digest"][:16], "ok" if t["matches"] else "MISMATCH") for t in d["tables"]]
    head = f"{d['source']} -> {d['target']}: {d['rows']} rows, " + ("verified" if d["verified"] else "NOT VERIFIED")
    return head + "\n" + table(rows, ["table", "rows", "sha256", "check"])


@uses("sync")
@cli.command("sync")
@json_option
def sync_(json_):
    """Send captures queued while the libSQL server was unreachable (each applied once)."""
    data = call("sync", {})
    emit(
        data,
        json_,
        lambda d: (
            "".join(
                f"{i['key']}: {i['outcome'].replace('_', ' ')}"
                + (f" {i['id']}" if i["id"] else "")
                + (f" ({i['reason']}: {i['detail']})" if i["reason"] else "")
                + "\n"
                for i in d.get("items", [])
            )
            + (
                f"sent {d['sent']}, already applied {d['already_applied']}, refused {d.get('refused', 0)}, "
                f"failed {len(d['failed'])}, still queued {d['queued']}"
                + (f" ({d['stopped']})" if d["stopped"] else "")
            )
        ),
    )
    if data["failed"] or data["stopped"]:
        sys.exit(1)


@cli.group("store")
def store_group():
    """Move a home between a local file and a libSQL server (sqld)."""


@store_group.command("push")
@click.argument("url")
@click.option("--force", is_flag=True, help="Wipe a server that already holds a home.")
@json_option
def store_push(url, force, json_):
    """Copy this home's local file to an empty server at URL (ws://HOST:PORT), then verify."""
    from memory import transfer
    from memory.home import resolve_home, store_token

    home = resolve_home()
    data = transfer.push(home, url, token=store_token(home), force=force).as_dict()
    emit(data, json_, _transfer_text)
    if not data["verified"]:
        sys.exit(1)


@store_group.command("pull")
@click.argument("url", required=False)
@click.option("--force", is_flag=True, help="Replace a local file that holds data (kept as a .replaced copy).")
@json_option
def store_pull(url, force, json_):
    """Copy a server (URL, else QUIRE_DB_URL / [store] url) into this home's local file, then verify."""
    from memory import transfer
    from memory.home import load_settings, resolve_home, store_token, store_url

    home = resolve_home()
    url = url or store_url(home, load_settings(home))
    if not url:
        raise InvalidInput("store pull needs a server: give its URL, or set QUIRE_DB_URL / [store] url")
    data = transfer.pull(home, url, token=store_token(home), force=force).as_dict()
    emit(data, json_, _transfer_text)
    if not data["verified"]:
        sys.exit(1)


@bench.command("store")
@click.option("--size", type=click.IntRange(10), default=10_000, show_default=True, help="Memories in each store.")
@click.option("--queries", type=click.IntRange(5), default=200, show_default=True, help="Recall queries per store.")
@click.option("--queued", type=click.IntRange(1), default=1000, show_default=True, help="Queued captures to sync.")
@json_option
def bench_store(size, queries, queued, json_):
    """Capture latency and recall p50/p95, embedded file vs sqld on loopback; time to sync queued captures."""
    from eval import bench_store as bench_mod

    emit(bench_mod.run(size=size, queries=queries, queued=queued), json_, bench_mod.render)


if __name__ == "__main__":  # pragma: no cover
    main()
