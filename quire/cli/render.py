"""How results look in a terminal: tables, progress lines and each command's text rendering."""

from __future__ import annotations

import itertools
import re
import shutil
import sys
from collections.abc import Sequence
from typing import Any

import click

from memory import text as text_policy
from retrieval import temporal, tuning


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


class ImportProgress:
    """`quire import`'s progress: the import operation, which tells what each path holds, asks it for
    the line of what it read (`for_chat`): a chat's conversations and messages, or lines or notes."""

    def __init__(self) -> None:
        self.drawn: list[Progress | ChatProgress] = []

    def __call__(self, done: int, total: int | None = None) -> None:  # a caller that tells nothing
        bar = self.drawn[0] if self.drawn else self.for_chat(False)
        if isinstance(bar, Progress):
            bar(done, total)
        else:
            bar(done, total or 0)

    def for_chat(self, chat: bool) -> Progress | ChatProgress:
        self.close()
        bar: Progress | ChatProgress = ChatProgress() if chat else Progress("importing")
        self.drawn = [bar]
        return bar

    def close(self) -> None:
        for bar in self.drawn:
            bar.close()
        self.drawn = []


def context_text(d: dict) -> str:
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


def import_text(d: dict) -> str:
    line = (
        f"imported {d['stored']} new, {d['duplicates']} already present, {d['rejected']} rejected, "
        f"{d['bad_units']} bad units"
    )
    if "conversations" not in d:
        return line
    return _chats_text(d, line) + "".join(f"\n{said}" for said in import_changes(d))


CHANGES_SHOWN = 12  # changes of the person's life an import's text output lists; --json has them all


def import_changes(d: dict[str, Any]) -> list[str]:
    """What the history said changed in the person's own life, each with its review item: an import
    that filled the review queue says so where the person looks (the JSON report always listed it)."""
    changes = d.get("changes") or []
    if not changes:
        return []
    waiting = sum("review item" in c for c in changes)
    head = f"{len(changes)} change{'s' * (len(changes) != 1)} read from this history"
    head += f", {waiting} waiting for your review (`quire curate` walks them)" if waiting else ""
    lines = [head + ":", *(f"  {_change(c)}" for c in changes[:CHANGES_SHOWN])]
    if len(changes) > CHANGES_SHOWN:
        lines.append(f"  ... and {len(changes) - CHANGES_SHOWN} more (`quire curate list`; --json lists every one)")
    return lines


# correction.heard's lines: "<new> changes <old> (<what>); review item N (`...`)", "<new> supersedes <old> (<what>)".
_WAITS = re.compile(r"mem_\w+ changes mem_\w+ \((.*)\); review item (\d+) \(`quire curate accept \d+`\)", re.S)
_APPLIED = re.compile(r"(mem_\w+) supersedes (mem_\w+) \((.*)\)", re.S)


def _change(line: str) -> str:
    """One change as a person reads it: what changed first, then where it waits (ids stay in --json)."""
    if waits := _WAITS.fullmatch(line):
        return f"{waits[1]}: review item {waits[2]}"
    if applied := _APPLIED.fullmatch(line):
        return f"{applied[3]}: applied ({applied[1]} supersedes {applied[2]})"
    return line


def _chats_text(d: dict, line: str) -> str:
    dropped = ", ".join(f"{n} {reason}" for reason, n in sorted(d["dropped"].items())) or "none"
    kept = ", ".join(f"{n} {reason}" for reason, n in sorted(d["kept_anyway"].items()))
    if d.get("edited"):
        line += (
            f" ({d['edited']} of them an edit of a message imported before: its old text is kept in `quire history`)"
        )
    return (
        f"{line}\n{d['conversations']} conversations ({d['sessions']} sessions), {d['messages']} messages: "
        f"{d['skipped_roles']} of a role not imported, {d['empty']} empty"
        + (f", {d['notices']} the app's own notices (joins, pins, calls)" if d.get("notices") else "")
        + f"; the gate dropped: {dropped}"
        + (f"; kept although the gate would drop them: {kept}" if kept else "")
        + (f"\n{d['damaged']} conversations damaged in the file, skipped (see the errors)" if d.get("damaged") else "")
        + (f"\n{d['redated']} already present moved to the time this export gives them" if d.get("redated") else "")
    )


WARNINGS_SHOWN = 50  # warning lines an import's text output lists; --json has the report's own
NEAR_LISTED = 3  # near-duplicate warnings listed one by one; past this, one line counts them
_NEAR = ": near_duplicate: "


def import_warnings(d: dict[str, Any]) -> list[str]:
    """The warning lines an import prints: the first WARNINGS_SHOWN, and the near-duplicates as one
    line past NEAR_LISTED of them (a chat history repeats itself: 47 such lines for a 528-message
    history, with advice for a single capture, buried every other warning)."""
    warnings = d["warnings"]
    near = [w for w in warnings if _NEAR in w]
    near_total = max(len(near), d.get("near_duplicates") or 0)
    omitted = d.get("warnings_omitted") or 0
    others = warnings
    if near_total > NEAR_LISTED:
        others = [w for w in warnings if _NEAR not in w]
        omitted = max(omitted - (near_total - len(near)), 0)  # the near-duplicates past the list: in their line
    lines = list(others[:WARNINGS_SHOWN])
    more = max(len(others) - WARNINGS_SHOWN, 0) + omitted
    if more:
        listed = f"--json lists the first {len(warnings)}" if d.get("warnings_omitted") else "use --json to see all"
        lines.append(f"... and {more} more warnings ({listed})")
    if near_total > NEAR_LISTED:
        lines.append(
            f"{near_total} imported memories are near-duplicates of earlier ones (near_duplicate), stored anyway; "
            "--json lists each with the memory it is near"
        )
    return lines


def capture_text(d: dict[str, Any]) -> str:
    if d["status"] == "queued":
        return f"queued {d['queued']}"
    return f"{d['status']} {d['id']}" if d["id"] else f"rejected: {d['reason']} ({d['detail']})"


def status_text(d: dict) -> str:
    lines = [
        f"home:        {d['home']}",
        f"database:    {d['database']} (schema {d['schema_version']})",
        f"wiki:        {d['wiki']}",
        f"model:       {d['model']}"
        + (f"  ({d['needs_embedding']} memories need `quire reembed`)" if d["needs_embedding"] else ""),
        "memories:    "
        + "; ".join([f"{d['total']} total", *[", ".join(f"{k} {v}" for k, v in d["by_status"].items())]]).rstrip("; "),
        "by type:     " + (", ".join(f"{k} {v}" for k, v in d["by_type"].items()) or "-"),
        "by space:    " + (", ".join(f"{k} {v}" for k, v in d["by_space"].items()) or "-"),
        f"spaces:      {', '.join(d['spaces']) or '-'}"
        + (f" (default: {d['default_space']})" if d["default_space"] else ""),
        f"reviews:     {d['open_reviews']} open",
        f"rejected:    {d['rejected_captures']} captures; tombstones: {d['tombstones']}",
        "rebuild:     " + nightly_text(d["nightly"]),
    ]
    if d.get("queued_writes"):
        held = d.get("queued_held") or 0
        why = f"; {held} held with a reason: run `quire sync` to see it" if held else "; `quire sync` sends them"
        lines.append(f"outbox:      {d['queued_writes']} write(s) queued for the server{why}")
    if d.get("outbox_damaged"):
        lines.append(f"outbox:      DAMAGED: {d['outbox_damaged']}")
    lines += [f"config:      PROBLEM: {said}" for said in d.get("config_problems") or ()]
    return "\n".join(lines)


def nightly_text(n: dict) -> str:
    last = f"last {n['last_run']} ({n['last_line']})" if n["last_run"] else "never run on this device"
    plan = f"; nightly via {n['scheduler']} at {n['at']}, next {n['next_run']}" if n["scheduler"] else "; not scheduled"
    return last + plan + ("; due now (`quire rebuild --if-due`)" if n["due"] and n["scheduler"] else "")


def schedule_text(d: dict) -> str:
    return (
        f"# cron (crontab -e), hourly so a sleeping laptop catches up:\n{d['cron']}\n\n"
        f"# ~/.config/systemd/user/{d['name']}.service\n{d['service']}\n"
        f"# ~/.config/systemd/user/{d['name']}.timer\n{d['timer']}\n"
        f"# ~/Library/LaunchAgents (macOS launchd agent)\n{d['plist']}"
    )


def schedule_install_text(d: dict) -> str:
    lines = [f"wrote {on_one_line(path)}" for path in d["written"]]
    if d["platform"] == "cron" and d["enabled"]:
        lines.append(f"added to your crontab:\n  {d['cron']}")
    if d["enabled"]:
        lines.append(f"the nightly rebuild is enabled ({d['platform']}); check it with `quire schedule --status`")
    elif d["platform"] == "cron":  # no file and no command to run: the line itself is the step
        lines.append(f"add this line to your crontab (`crontab -e`):\n  {d['cron']}")
    else:
        lines.append("enable it with:\n  " + "\n  ".join(on_one_line(step) for step in d["next_steps"]))
    return "\n".join(lines)


def schedule_remove_text(d: dict) -> str:
    removed = "\n".join(f"removed {on_one_line(what)}" for what in d["removed"])
    return removed or f"no {d['platform']} schedule was installed"


def schedule_status_text(d: dict) -> str:
    missing = [d["files"][k] for k, there in d["present"].items() if not there]
    return "\n".join(
        [
            f"scheduler:   {d['scheduler'] or 'none installed'}" + (f" (at {d['at']})" if d["scheduler"] else ""),
            f"last run:    {d['last_run'] or 'never'}" + (f": {d['last_line']}" if d["last_line"] else ""),
            f"last ok:     {d['last_success'] or 'never'}",
            f"next run:    {d['next_run'] or '-'}",
            f"due:         {'yes' if d['due'] else 'no'}",
            f"log:         {on_one_line(d['log'])}",
        ]
        + [f"missing:     {on_one_line(path)}" for path in missing if d["scheduler"] == d["platform"]]
    )


def on_one_line(value: Any) -> str:
    """A value inside a one-line entry (the audit log's details): a line break, tab, control or
    invisible character is shown escaped (\\n, \\u202e), never acted on by the terminal."""
    return text_policy.escaped(str(value))


def snippet(text: str, width: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"


def window_text(w: dict) -> str:
    return f"{w['cue']!r}: {temporal.days_shown(w['start'], w['end'])}"


def centred(text: str, words: Sequence[str], width: int) -> str:
    """`text` on one line in `width` characters, around the stretch that holds the most of the
    query's `words` (each counted once; the earliest such stretch), else its start. Centred on the
    first word alone, "which BBQ sauce am I currently obsessed with" showed "...another backyard
    BBQ soon..." of a turn that goes on "currently obsessed with Kansas City Masterpiece BBQ sauce"."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    at = _densest(flat.casefold(), [w.casefold() for w in words if w.strip()], width * 2 // 3)
    start = at - width // 3  # a third of the room before the match, the rest after it
    if start <= 0:
        return flat[: width - 1].rstrip() + "…"
    if start + width - 1 >= len(flat):
        return "…" + flat[len(flat) - (width - 1) :].lstrip()
    return "…" + flat[start : start + width - 2].strip() + "…"


_MOST_HITS = 200  # places of query words a snippet weighs (a 100 kB memory of one repeated word)


def _densest(low: str, words: list[str], reach: int) -> int:
    """Where the stretch of `reach` characters holding the most distinct `words` starts (0: none).
    A word counts where it starts a word of the text ("bbq" in "BBQ's", not "rib" in "tribute")."""
    places = sorted(
        (m.start(), w)
        for w in dict.fromkeys(words)
        for m in itertools.islice(re.finditer(r"(?<!\w)" + re.escape(w), low), _MOST_HITS)
    )[: _MOST_HITS * 2]
    best, at = 0, 0
    for i, (start, _) in enumerate(places):
        held = set()
        for p, w in places[i:]:
            if p > start + reach:
                break
            if p + len(w) <= start + reach:
                held.add(w)
        if len(held) > best:
            best, at = len(held), start
    return at


def recall_text(d: dict, explain: bool, columns: int | None = None, *, typed: bool = False) -> str:
    """The recall table (from `recall --json`), as wide as the terminal; a speaker column when a hit
    was said by someone other than the person (an assistant, another person); each memory's
    snippet centred on the first query word it holds. --explain adds channels and priors."""
    from quire.ops.search import under  # the ops pull pydantic: not on `--help`'s path

    head = f"scope: {d['scope']}" + (f"; as of {d['as_of']}" if d["as_of"] else "")
    if d["window"]:
        head += f"; time cue {window_text(d['window'])} ({d['window']['mode']})"
    if not d["results"]:
        if d.get("empty_home"):
            return f"{head}\n{d['message']} (quire capture TEXT, quire import FILE)"
        if d.get("nothing_close"):
            return (
                f"{head}\nnothing close to {d['query']!r} ("
                + (
                    "no memory in scope states it"  # a question about the person none answers
                    if d["best"] <= tuning.NOTHING_STATES
                    else f"best {under(d['best'], 3):.3f} under the floor {d['floor']:.3f}"  # never shown at it
                )
                + "); --no-floor shows the nearest anyway"
            )
        # only the ways out this recall left open: --all-spaces where it kept to a space, no --type where one was given
        ways = [
            "other words",
            *(["--all-spaces"] if d["scope"] != "all spaces" else []),
            *(["no --type"] if typed else []),
        ]
        tried = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]
        return f"{head}\nno memories match {d['query']!r}; try {tried}"
    speakers = any(h.get("speaker") not in (None, "", "user") for h in d["results"])
    headers = ["#", "score", "type", "space", "date", "id", *(["speaker"] if speakers else []), "memory"]
    rows = []
    for i, h in enumerate(d["results"], start=1):
        kind = h["type"] + (" (archived)" if h["status"] == "archived" else "")
        if h.get("awaiting_review"):
            kind += f" ({h['awaiting_review']['side'][:3]} #{h['awaiting_review']['item']})"
        row = [i, f"{h['score']:.3f}", kind, h["space"] or "-", h["date"], h["id"]]
        if speakers:
            row.append(h.get("speaker") or "-")
        row.append(h["content"])
        if explain:
            row.append(" ".join(f"{c}#{r}" for c, r in h["channels"].items()))
            row.append(" ".join(f"{m}x{v:g}" for m, v in h["multipliers"].items()) or "-")
        rows.append(row)
    if explain:
        headers += ["channels", "priors"]
        head += f"\nterms: {' '.join(d['terms']) or '-'}" + (
            f"; entities: {', '.join(d['entities'])}" if d["entities"] else ""
        )
    # The memory column takes what the terminal has left (at least 30 characters).
    at = headers.index("memory")
    used = sum(max(len(headers[i]), *(len(str(r[i])) for r in rows)) + 2 for i in range(len(headers)) if i != at)
    width = max(30, (columns or shutil.get_terminal_size((120, 24)).columns) - used)
    for r in rows:
        r[at] = centred(str(r[at]), d.get("terms", []), width)
    pages = "".join(f"\npage {p['slug']}: {p['title']} (cites {', '.join(p['cites'])})" for p in d.get("pages", []))
    return head + "\n" + table(rows, headers) + pages


def changed_text(d: dict) -> str:
    return d["message"] + ("" if d["changed"] else " (nothing changed)")


def rebuild_text(d: dict) -> str:
    text = (
        f"rebuild: {d['written']} written, {d['unchanged']} unchanged, {d['revisions']} revisions queued, "
        f"{d['skipped']} skipped, {d['removed']} removed in {d['seconds']:.2f} s"
    )
    if d["hand_edits"] or d["deletions"]:
        text += f"\nhand edits kept: {', '.join(d['hand_edits'] + d['deletions'])}"
    if d["repaired"]:
        # Files missing from the vault: a moved or new vault, or writes a killed rebuild left undone.
        text += f"\nput back {d['repaired']} page files missing from the vault (moved, new, or left unwritten)"
    return text + (f"\nsnapshot: {d['snapshot']} (undo with `quire rollback`)" if d["snapshot"] else "")


def page_text(d: dict) -> str:
    sources = ", ".join(f"[{r['marker']}] {r['memory_id']} ({r['status']})" for r in d["sources"]) or "-"
    head = (
        f"{d['title']}  ({d['slug']}, {d['kind']}, {d['owner']}-owned, {d['status']}, version {d['version']})\n"
        f"file: {d['path']}\nsources: {sources}\n"
    )
    if d["open_revisions"]:
        head += f"open revisions: {', '.join(map(str, d['open_revisions']))} (see `quire curate`)\n"
    return head + "\n" + d["body"]


def map_text(d: dict) -> str:
    lines = [f"map of {d['page']} (revision {d['revision']})"]
    for n in d["nodes"]:
        flags = (
            n["status"]
            + (", pinned" if n["pinned"] else "")
            + (", dangling" if n.get("ref_state") == "dangling" else "")
        )
        lines.append(f"{'  ' * n['depth']}{n['id']}  {n['ref_kind']}: {n['label'] or n['ref_id']}  [{flags}]")
    return "\n".join(lines)


def serve_status_text(d: dict) -> str:
    if not d["running"]:
        return f"quire serve is not running for {d['home']}; start it with `quire serve`"
    head = f"quire serve: {d['url']} (pid {d['pid']}) for {d['home']}, since {d['started_at']}"
    if not d.get("answering"):
        return head + f"\n  not answering ({d.get('problem', 'no reply')}); stop it with `quire serve --stop`"
    return head + (
        f"\n  model {d['model'] or 'not loaded'}; {d['requests']} requests served, "
        f"{d['in_flight']} in flight; up {d['uptime_s']:.0f} s"
    )


def sync_text(d: dict[str, Any]) -> str:
    """What `quire sync` sent, write by write, then the counts; on a home whose store is a local file
    (nothing ever queues) it says so, not a line of zeros."""
    lines = [
        f"{i['key']}: {i['outcome'].replace('_', ' ')}"
        + (f" {i['id']}" if i["id"] else "")
        + (f" ({i['reason']}: {i['detail']})" if i["reason"] else "")
        for i in d.get("items", [])
    ]
    lines += [  # the other writes queued offline: a conflict names the other decision
        f"{w['key']}: {w['kind']} {w['outcome'].replace('_', ' ')}"
        + (f" ({w['detail']})" if w.get("detail") and w["outcome"] != "sent" else "")
        for w in d.get("writes", [])
    ]
    if not lines and not d["queued"] and "://" not in str(d.get("store", "")):
        return (
            f"nothing to send: this home's store is a local file ({d['store']}); writes queue only while a "
            "libSQL server (QUIRE_DB_URL) is unreachable"
        )
    counts = (
        f"sent {d['sent']}, already applied {d['already_applied']}, refused {d.get('refused', 0)}, "
        f"failed {len(d['failed'])}, still queued {d['queued']}"
    )
    return "".join(line + "\n" for line in lines) + counts + (f" ({d['stopped']})" if d["stopped"] else "")


def _writes_text(writes: list[dict[str, Any]], verb: str) -> str:
    return "".join(
        f"{verb}{w['key']}: {w['kind']} queued {w['queued_at']}"
        + (f", refused {w['attempts']} time(s): {w['error']}" if w.get("error") else ", not sent yet")
        + "\n"
        for w in writes
    )


def queued_text(d: dict[str, Any]) -> str:
    """`quire sync list`: the writes waiting in the outbox, then how many."""
    return _writes_text(d["writes"], "") + f"queued {d['queued']}"


def dropped_text(d: dict[str, Any]) -> str:
    """`quire sync drop`: the writes taken out, then how many are still queued."""
    return _writes_text(d["dropped"], "dropped ") + f"still queued {d['queued']}"


def transfer_text(d: dict[str, Any]) -> str:
    rows = [(t["table"], t["rows"], t["digest"][:16], "ok" if t["matches"] else "MISMATCH") for t in d["tables"]]
    head = f"{d['source']} -> {d['target']}: {d['rows']} rows, " + ("verified" if d["verified"] else "NOT VERIFIED")
    kept = f"\nthe replaced file is kept as {d['previous']}" if d.get("previous") else ""
    return head + "\n" + table(rows, ["table", "rows", "sha256", "check"]) + kept
