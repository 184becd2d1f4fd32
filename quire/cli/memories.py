"""Commands on memories: capture, import, history, forget, pin / unpin / confirm, decay, reembed,
tombstones and the audit log."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from memory import clock, refusals
from memory.errors import InvalidInput
from memory.models import CONTENT_MAX, IMPORT_FORMATS, TOO_LONG_FIX, TYPES, FieldsRefused
from quire.cli.app import (
    Bounded,
    Chosen,
    OpText,
    ParameterUsage,
    call,
    cli,
    echoed,
    emit,
    emit_lines,
    json_option,
    missing_path,
    shown,
    uses,
    warn,
)
from quire.cli.render import (
    ImportProgress,
    Progress,
    capture_text,
    changed_text,
    import_text,
    import_warnings,
    on_one_line,
    table,
)


def _parse_fields(values: Sequence[str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{item!r} is not key=value (e.g. --field claim='uses uv')", param_hint="--field")
        if key.strip() in fields:
            raise click.BadParameter(f"{key.strip()!r} is given twice; give each field once", param_hint="--field")
        fields[key.strip()] = value.strip()
    return fields


# A file or stdin past a megabyte is refused unread: no memory holds it, and the fix is the same.
_PAST_A_MEMORY = f"a memory holds at most {CONTENT_MAX:,} characters: {TOO_LONG_FIX}"
_READS = "capture reads the memory as text"


def _read_content(text: str | None, file: str | None) -> str:
    if text is not None and file is not None:
        raise click.UsageError("give the memory either as TEXT or with -f FILE, not both")
    from memory import files  # stdlib only: the capture fast path stays fast

    limit = 1_000_000  # a capture is at most 20,000 characters; past a megabyte it is not one
    if file is not None:
        if not file.strip():  # `-f "$NOTE"` with NOTE unset was read as the folder "." ("is a folder, not a file")
            raise click.BadParameter("is empty; give the file to read the memory from", param_hint="--file")
        if missing_path(file):  # a path given that does not exist: a usage error (exit 2), as --data's
            raise click.BadParameter(f"{echoed(file)} does not exist; check the path", param_hint="--file")
        # Past a megabyte, no memory: a usage error (exit 2), as a text past 20,000 characters is, unread.
        if _size(file) > limit:
            said = f"{file} is over the {limit:,}-byte limit; {_PAST_A_MEMORY}"
            refused = FieldsRefused("invalid capture", [(("content",), "content", said)])
            raise ParameterUsage(refused, click.get_current_context(silent=True))  # named as --file
        # Only a regular file (a FIFO would hang, /dev/zero never end), through the one decoder; one that
        # is no text (a PNG, NULs, UTF-16 without its BOM) named as import names it, not "Latin-1?" or
        # stored with its NULs removed.
        raw = files.read_regular(Path(file), limit=limit, fix=_PAST_A_MEMORY)
        files.refuse_not_text(raw, file, _READS)
        return files.decode(raw)
    if text is None or text == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise click.UsageError("give the memory as TEXT, with -f FILE, or on stdin")
        data = sys.stdin.buffer.read(limit + 1) if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        if len(data) > limit:
            raise ParameterUsage(f"invalid capture: content: stdin holds more than {limit:,} bytes; {_PAST_A_MEMORY}")
        files.refuse_not_text(data, "stdin", _READS, "send the memory's words, as UTF-8")
        try:
            return files.decode(data)
        except InvalidInput as exc:
            raise InvalidInput(f"stdin: {exc}") from None
    return text


def _size(file: str) -> int:
    """A regular file's size (0 for anything else: its read says what it is)."""
    try:
        st = os.stat(file)
    except (OSError, ValueError):
        return 0
    return st.st_size if stat.S_ISREG(st.st_mode) else 0


@uses("capture", text="content", file="content", type_="type")
@cli.command()
@click.argument("text", required=False)
@click.option("-f", "--file", type=click.Path(dir_okay=False), help="Read the memory from a file.")
@click.option("--type", "type_", type=Chosen(TYPES), default="note", show_default=True, help="Memory type.")
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
        click.echo(shown(f"Error: rejected: {refusals.refusal(data['reason'], data['detail'])}"), err=True)
        sys.exit(1)
    emit(data, json_, capture_text)


@uses("import", format_="format", paths="path")  # PATH... feeds path and paths
@cli.command("import")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--space", help="Space for units that name none.")
@click.option("--defer-embed", is_flag=True, help="Store now, embed later with `quire reembed`.")
@click.option(
    "--format",
    "format_",
    type=Chosen(IMPORT_FORMATS),
    default="auto",
    show_default=True,
    help="What each PATH holds; auto reads each to tell.",
)
@click.option(
    "--roles",
    type=Chosen(["user", "all"]),
    default="user",
    show_default=True,
    help="Chats: keep your (and other people's) messages only, or the assistant's too.",
)
@click.option("--keep-all", is_flag=True, help="Chats: keep messages the gate calls too short or noise (counted).")
@click.option(
    "--me",
    metavar="NAME",
    type=OpText(),  # a usage mistake: exit 2, refused before any path is read, in the library's words
    help="Chats between people (WhatsApp, Telegram, Messenger, Instagram, chat JSONL): your name as the chat "
    "shows your messages; "
    "what you say of your life in them is read as About me. Not needed for a WhatsApp chat with one other "
    "person (the file names them: the other sender is you), a Telegram one-chat export of one, or a Telegram "
    "account export. A mem0 export of several users: your user_id.",
)
@click.option(
    "--date-order",
    type=Chosen(["dmy", "mdy", "ymd"]),
    help="WhatsApp: how the chat's dates are written (31/12/24 dmy, 12/31/24 mdy, 2024/12/31 ymd); "
    "told from the file when left out. A chat imported before moves to the dates read so.",
)
@click.option(
    "--timezone",
    metavar="AREA/CITY",
    type=OpText(),  # an unknown zone is a usage mistake: exit 2, in the library's words
    help="WhatsApp, Telegram: the time zone the chat's clock times were written in (e.g. Europe/Warsaw); "
    "the machine's when left out. A chat imported before moves to the times read so.",
)
@json_option
def import_(paths, space, defer_embed, format_, roles, keep_all, me, date_order, timezone, json_):
    """Import captures (JSONL), Markdown notes (a folder or one note), or a chat export (ChatGPT, Claude,
    WhatsApp, Telegram, Messenger or Instagram, chat JSONL).

    Several files or folders import one after the other, with one report.
    """
    given = [_import_path(path, format_) for path in paths]
    bar = ImportProgress()  # a chat's conversations, or lines or notes: the operation tells which it read
    # Absolute: the service may run in another folder; the importer names units by file name.
    whole = [str(path.absolute()) for path in given]
    params = {
        "path": whole[0],
        "space": space,
        "defer_embed": defer_embed,
        "format": format_,
        "roles": roles,
        "keep_all": keep_all,
        "me": me,
        "date_order": date_order,
        "timezone": timezone,
        "paths": whole[1:],
    }
    report = call("import", params, actor="import", progress=bar)
    bar.close()
    for line in report["errors"]:
        click.echo(shown(f"error: {line}"), err=True)
    if not json_:
        for line in import_warnings(report):
            warn(line)
    emit(report, json_, import_text)
    if report["errors"]:
        sys.exit(1)


def _import_path(given: str, format_: str) -> Path:
    """One PATH of `quire import`, checked by its name before anything is imported (a usage mistake is
    exit 2, for any of them). What it holds is the operation's to tell, once, on every route: a chat's
    flag on notes is refused there (`UsageMistake`, exit 2 here too)."""
    if not given.strip():  # Path("") is ".": the folder the command ran in was imported, every note in it
        raise click.BadParameter("is empty; give the file or folder to import", param_hint="PATH")
    if any("\udc80" <= c <= "\udcff" for c in given):  # bytes that are not UTF-8, as the OS handed them over
        said = given.encode("utf-8", "backslashreplace").decode()[:200]
        raise click.BadParameter(f"{said} is not a UTF-8 name; rename it and import again", param_hint="PATH")
    path = Path(given)
    if given == "-" and not path.exists():  # capture's stdin: import reads files (it said "…/- does not exist")
        raise click.BadParameter(
            "- (stdin) is not read by import; save it to a file first (`quire export > memories.jsonl`) "
            "and import that file",
            param_hint="PATH",
        )
    from quire import ops

    if missing_path(given):
        # A path given that does not exist: a usage error (exit 2) naming PATH, as every path argument's
        # and flag's (capture -f, restore, eval --data); the operation on other routes says it as InvalidInput.
        raise click.BadParameter(
            f"{echoed(given)} does not exist; pass a .jsonl file, a chat export (or its .zip), or Markdown notes",
            param_hint="PATH",
        )
    refused = ops.refusal("import", {"path": str(path.absolute())}, {"path"})
    if refused:  # a path past 4096 characters: in the operation's words, before this process reads it
        raise InvalidInput(refused)
    try:
        path.exists()
    except OSError:  # a name too long for the file system: named before anything else reads it
        from memory import files

        files.stat_input(path)
        raise
    # A usage mistake, not the data's: exit 2. (Messenger's export is read as its folder too: it was refused here.)
    if format_ not in ("auto", "markdown", "messenger") and path.is_dir():
        raise click.BadParameter(
            f"{format_} reads a file and {path} is a folder; pass the file, or --format markdown for a folder of notes",
            param_hint="--format",
        )
    return path


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


@uses("entities_list")
@cli.command("entities")
@click.option("-n", "--limit", type=Bounded(1, 10_000), default=200, show_default=True, help="Most named N.")
@json_option
def entities(limit, json_):
    """Entities with how many live memories name each, most named first."""
    emit(
        call("entities_list", {"limit": limit}),
        json_,
        lambda d: (
            table([(e["name"], e["kind"] or "-", e["memories"]) for e in d["entities"]], ["entity", "kind", "memories"])
            + (f"\n(the {len(d['entities'])} most named of {d['total']})" if d["total"] > len(d["entities"]) else "")
        ),
    )


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
            f"{'*' if v['id'] == d['id'] else ' '} {clock.local_day(v['valid_from'])} -> "
            f"{clock.local_day(v['valid_to']) or 'now':<10}  "
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


@uses("memory_show")
@cli.command("show")
@click.argument("memory_id")
@json_option
def show(memory_id, json_):
    """One memory in full: text, type, dates, trust, fields, the pages that cite it, its review items."""

    def text(d: dict[str, Any]) -> str:
        lines = [
            f"{d['id']}  {d['type']}  {d['status']}  space {d['space'] or 'uncategorized'}",
            d["content"],
            # days on this machine's clock: a message said at 00:30 in Berlin is on its own day (--json: UTC)
            f"valid {clock.local_day(d['valid_from'])} -> {clock.local_day(d['valid_to']) or 'now'}; "
            f"captured {clock.local_day(d['created_at'])}"
            f" by {d['source_agent']}; confidence {d['confidence']:.2f} (effective {d['effective_confidence']:.2f})"
            f" · {d['stability']}" + (" · pinned" if d["pinned"] else ""),
        ]
        lines += [f"{k}: {v}" for k, v in d["fields"].items()]
        lines += [f"entities: {', '.join(d['entities'])}"] if d["entities"] else []
        lines += [f"supersedes {d['supersedes']}"] if d["supersedes"] else []
        lines += [f"superseded by {d['superseded_by']}"] if d["superseded_by"] else []
        lines += [f"cited on page {p['slug']} [{p['marker']}]: {p['title']}" for p in d["pages"]]
        lines += [f"review #{r['id']} {r['kind']} {r['status']}" for r in d["reviews"]]
        return "\n".join(lines)

    emit(call("memory_show", {"memory_id": memory_id}), json_, text)


@uses("recent", types="types")
@cli.command()
@click.option("--since", metavar="DATE", help="Only changes at or after DATE (default: the last --days days).")
@click.option("--days", default=7, show_default=True, type=Bounded(1, 36500), help="Without --since: N days.")
@click.option("--space", help="Only this space ('uncategorized' = memories without a space).")
@click.option("--type", "types", multiple=True, type=Chosen(TYPES), help="Only this type (repeatable).")
@click.option("--limit", default=20, show_default=True, type=Bounded(1, 500), help="Newest N changes.")
@json_option
def recent(since, days, space, types, limit, json_):
    """Memories captured or changed lately, newest first ("what changed this week")."""
    data = call("recent", {"since": since, "days": days, "space": space, "types": list(types), "limit": limit})
    for w in data.get("warnings") or []:
        warn(w)
    rows = [
        (r["updated_at"][:10], r["status"], r["id"], r["type"], r["space"] or "-", " ".join(r["content"].split())[:60])
        for r in data["results"]
    ]
    emit(data, json_, lambda d: d.get("message") or table(rows, ["changed", "status", "id", "type", "space", "text"]))


@uses("export")
@cli.command()
@click.option("--space", help="Only this space ('uncategorized' = memories without a space).")
@json_option
def export(space, json_):
    """Every current memory as JSON Lines that `quire import` takes back into any home with the same
    spaces (`quire export > memories.jsonl`): text, type, fields, space, entities, title, source,
    valid_from. Versions, trust and conversations stay behind; `quire backup` keeps everything."""
    data = call("export", {"space": space})
    if json_:
        emit(data, True)
    else:
        emit_lines(data["memories"])


@uses("supersede", text="content")
@cli.command()
@click.argument("memory_id")
@click.argument("text")
@click.option("--field", "fields", multiple=True, metavar="KEY=VALUE", help="A structured field (repeatable).")
@click.option("--valid-from", metavar="DATE", help="When the new version became true (YYYY-MM-DD); default now.")
@json_option
def supersede(memory_id, text, fields, valid_from, json_):
    """Replace a memory with a new version (same type, space, entities). An identity or preference
    change waits in the review queue (`quire curate`) until you accept it."""
    params = {"memory_id": memory_id, "content": text, "fields": _parse_fields(fields), "valid_from": valid_from}
    data = call("supersede", params)
    for w in data["warnings"]:
        warn(w)
    emit(data, json_, lambda d: d["message"])


@uses("forget")
@cli.command()
@click.argument("memory_id")
@click.option("--reason", default="", help="Why (kept with the tombstone).")
@json_option
def forget(memory_id, reason, json_):
    """Forget a memory everywhere and tombstone its text so it cannot be captured again."""
    emit(call("forget", {"memory_id": memory_id, "reason": reason}), json_, changed_text)


@uses("tombstones_list")
@cli.group("tombstones", invoke_without_command=True)
@json_option
@click.pass_context
def tombstones_group(ctx, json_=False):
    """List or lift tombstones (fingerprints of forgotten or dismissed memories)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(tombstones_list, json_=json_)


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
                        t["reason"][:60],  # `forget --reason` was kept and shown only in --json
                    )
                    for t in d["tombstones"]
                ],
                ("id", "kind", "memory", "created", "", "text", "reason"),
            )
            if d["tombstones"]
            else "no tombstones"
        ),
    )


@uses("tombstones_lift")
@tombstones_group.command("lift")
@click.argument("tombstone_id", type=Bounded(1, 2**63 - 1))
@json_option
def tombstones_lift(tombstone_id, json_):
    """Let a tombstoned text be captured again (the forgotten memory stays forgotten)."""
    emit(call("tombstones_lift", {"tombstone_id": tombstone_id}), json_, changed_text)


@uses("log")
@cli.command("log")
@click.option("--since", metavar="DATE", help="Only entries at or after DATE (YYYY-MM-DD or ISO time).")
@click.option("--id", "subject_id", metavar="ID", help="Only entries about this id.")
@click.option("-n", "limit", type=Bounded(1, 100_000), default=50, show_default=True, help="Newest N entries.")
@json_option
def log_(since, subject_id, limit, json_):
    """The audit log (append-only, never trimmed): who changed what, when."""
    data = call("log", {"since": since, "subject_id": subject_id, "limit": limit})
    for w in data.get("warnings") or []:
        warn(w)
    emit(
        data,
        json_,
        lambda d: (
            "\n".join(
                f"{e['at']}  {e['actor']:<8} {e['action']:<16} {e['subject_kind']}:{e['subject_id']}  "
                + " ".join(f"{k}={on_one_line(v)}" for k, v in e["detail"].items() if v not in (None, "", [], {}))
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
    emit(call(action, {"memory_id": memory_id}), json_, changed_text)


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
