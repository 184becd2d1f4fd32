"""`quire curate`: render review items and walk them one key at a time in a terminal.

The decisions themselves live in `memory.review`; this module only shows an item (kind, old vs
new as a word diff, type, tier, confidence, dates, sources) and maps keys to accept / dismiss.
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

import click

from memory import clock, review
from memory import text as text_policy
from memory.errors import QuireError, SchemaTooNew, Superseded
from memory.models import query_problem
from quire.ops import item_from_json

KEYS = {
    "a": "accept",
    "d": "dismiss",
    "s": "skip",
    "e": "edit",
    "q": "quit",
    "o": "keep old",
    "m": "machine's page",
    "r": "accept over the version that replaced the old one",
}
MAX_DIFF_CHARS = 4000


CONTEXT_LINES = 2  # unchanged lines shown around each changed line of a page
MAX_DIFF_LINES = 400


def diff_parts(old: str, new: str) -> list[tuple[str, str]]:
    """Old vs new as (kind, text) runs: kind is "same", "removed" or "added". Text of one line goes
    word by word (runs of words); text of several lines (a page) goes line by line, each run one
    line ending in a newline, a long unchanged stretch one "same" run saying how many lines."""
    if "\n" in old.strip() or "\n" in new.strip():
        return _line_parts(old, new)
    a, b = old.split(), new.split()
    parts: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(("same", " ".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            parts.append(("removed", " ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            parts.append(("added", " ".join(b[j1:j2])))
    return parts


def _line_parts(old: str, new: str) -> list[tuple[str, str]]:
    a, b = old.splitlines(), new.splitlines()
    parts: list[tuple[str, str]] = []
    shown = 0  # lines of `old` up to here are shown or counted
    for group in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_grouped_opcodes(CONTEXT_LINES):
        parts += _unchanged(a[shown : group[0][1]])
        for op, i1, i2, j1, j2 in group:
            if op == "equal":
                parts += [("same", line + "\n") for line in a[i1:i2]]
                continue
            parts += [("removed", line + "\n") for line in a[i1:i2]]
            parts += [("added", line + "\n") for line in b[j1:j2]]
        shown = group[-1][2]
    return parts + _unchanged(a[shown:])


def _unchanged(lines: list[str]) -> list[tuple[str, str]]:
    """Unchanged lines between two changes: one is shown, more are counted."""
    if len(lines) <= 1:
        return [("same", line + "\n") for line in lines]
    return [("same", f"… {len(lines)} unchanged lines\n")]


def word_diff(old: str, new: str, *, color: bool = False) -> str:
    """Old vs new for a terminal: one line word by word, removed words as [-x-] and added as {+y+};
    a text of several lines line by line, removed lines `- `, added `+ `, unchanged `  ` (red/green
    on a terminal). A control or invisible character is shown escaped, never acted on."""
    parts = diff_parts(old, new)
    if parts and parts[0][1].endswith("\n"):
        return _lines_shown(parts, color=color)
    out: list[str] = []
    for kind, shown in parts:
        run = text_policy.escaped(shown)
        if kind == "same":
            out.append(run)
        elif kind == "removed":
            out.append(click.style(f"[-{run}-]", fg="red") if color else f"[-{run}-]")
        else:
            out.append(click.style(f"{{+{run}+}}", fg="green") if color else f"{{+{run}+}}")
    text = " ".join(out)
    return text if len(text) <= MAX_DIFF_CHARS else text[:MAX_DIFF_CHARS] + " …"


def _lines_shown(parts: list[tuple[str, str]], *, color: bool) -> str:
    marks = {"same": ("  ", None), "removed": ("- ", "red"), "added": ("+ ", "green")}
    lines = []
    for kind, run in parts[:MAX_DIFF_LINES]:
        mark, fg = marks[kind]
        line = mark + text_policy.escaped(run[:-1])
        lines.append(click.style(line, fg=fg) if color and fg else line)
    if len(parts) > MAX_DIFF_LINES:
        lines.append(f"… {len(parts) - MAX_DIFF_LINES} more lines of the change (`--json` holds both texts whole)")
    return "\n    ".join(lines)


def _side(label: str, m: dict[str, Any] | None) -> str:
    if not m:
        return f"  {label}  (gone)"
    bits = [
        f"{m['memory_type']} ({m['tier']})",
        f"confidence {m['confidence']:.2f} (effective {m['effective_confidence']:.2f})",
        m["stability"],
        m["status"],
        f"valid from {clock.local_day(m['valid_from'])}",
        f"captured {clock.local_day(m['created_at'])} by {m['source_agent']}",
    ]
    if m.get("source"):
        bits.append(f"source: {text_policy.escaped(str(m['source']))}")  # stored apart from the cleaned text
    return f"  {label}  {m['id']}  " + " · ".join(bits)


def claim(item: review.ReviewItem) -> str:
    """What a change of the person's life changes, in a few words ("home: berlin → wroclaw"), for
    an item the import or a capture queued on reading it (payload attribute, was, now); else "".
    Two chat turns that say it rarely share words: their word diff alone does not tell."""
    p = item.payload
    attribute, was, now = p.get("attribute"), p.get("was"), p.get("now")
    if not (isinstance(attribute, str) and isinstance(was, str) and isinstance(now, str)):
        return ""
    return " ".join(f"{attribute.replace(':', ' ')}: {was} → {now}".split())


def what_accept_does(item: review.ReviewItem, current: str | None = None) -> str:
    """What each key does to `item`; `current`: the version that replaced its old memory since it was
    queued (`curate_show`'s old_current), when one did."""
    p = item.payload
    if item.kind == "revision":
        return f"accept: {p.get('new_id')} replaces {p.get('old_id')} and is confirmed; dismiss: " + _dismiss_does(
            item, current
        )
    if item.kind == "contradiction":
        return (
            f"accept: keep new ({p.get('new_id')} supersedes {p.get('old_id')}); o: keep old "
            f"({p.get('new_id')} retired); dismiss: keep both"
        )
    if p.get("merged"):
        return (
            "accept: write what changed into the page, your edits kept (a merge); m / --choice machine: the "
            "machine's own page instead; dismiss: keep the page as it is"
        )
    return "accept: write the machine's version of the page; dismiss: keep the page as it is"


def _dismiss_does(item: review.ReviewItem, current: str | None) -> str:
    new = item.payload.get("new_id")
    if not item.payload.get("pending"):
        return "both stay as they are"
    if current:
        return f"{new} is rejected, its text not tombstoned ({current} replaced the old one since)"
    return f"{new} is rejected and its text tombstoned"


def render_details(info: dict[str, Any], *, position: str = "", color: bool = False) -> str:
    """One item as a person reads it before deciding, from the `curate_show` operation's dict."""
    item = item_from_json(info)
    head = f"{position + ' ' if position else ''}{item.kind} #{item.id}"
    reason = item.payload.get("reason")
    if reason:
        head += (
            f" ({text_policy.escaped(str(reason))}"
            + (f", overlap {item.payload['overlap']:.2f}" if "overlap" in item.payload else "")
            + ")"
        )
    head += f" · queued {item.created_at[:16].replace('T', ' ')} by {item.created_by} · {item.status}"
    lines = [click.style(head, bold=True) if color else head]
    if item.kind in ("revision", "contradiction"):
        lines += [_side("old", info.get("old_memory")), _side("new", info.get("new_memory"))]
        if info.get("old_current"):  # a person replaced the old one since: accepting replaces that version
            lines.append(
                f"  now   {item.payload.get('old_id')} was replaced by {info['old_current']} since this was queued; "
                f"accept it over that one with `quire curate accept {item.id} --over {info['old_current']}`"
            )
    else:
        where = item.payload.get("slug") or item.payload.get("page") or ", ".join(item.subject_ids)
        lines.append(f"  page  {text_policy.escaped(str(where))}")
    said = text_policy.escaped(claim(item))  # from the item's payload, stored apart from the cleaned texts
    lines += [
        *([f"  claim {said}"] if said else []),
        "  change:",
        "    " + word_diff(item.old, item.new, color=color),
        "  " + what_accept_does(item, info.get("old_current")),
    ]
    return "\n".join(lines)


def render_list(items: list[review.ReviewItem]) -> str:
    if not items:
        return "nothing to review: the queue is empty"
    lines = []
    for item in items:
        # A page's name: its proposed text began with its frontmatter ('--- title: "About me" aliases: ...').
        # A hand edit may hold an escape sequence.
        preview = text_policy.escaped(" ".join(_lead(item).split()))
        preview = preview if len(preview) <= 60 else preview[:59] + "…"
        lines.append(f"#{item.id:<4} {item.kind:<13} {item.status:<9} {clock.local_day(item.created_at)}  {preview}")
    return "\n".join(lines)


def _lead(item: review.ReviewItem) -> str:
    """What a line of `curate list` says of an item: a life change's claim, then the new text; a
    page's revision, the page and why."""
    said = claim(item)
    if said:
        return f"{said} · {item.new}"
    if item.kind == "page_revision":
        p = item.payload
        where = p.get("slug") or p.get("page") or ", ".join(item.subject_ids)
        return f"page {where}" + (f" ({p['reason']})" if p.get("reason") else "")
    return item.new


@dataclass
class WalkSummary:
    accepted: int = 0
    dismissed: int = 0
    skipped: int = 0
    remaining: int = 0
    quit_early: bool = False
    messages: list[str] = field(default_factory=list)

    def count(self, res: dict[str, Any], echo: Callable[..., Any]) -> None:
        """One decision's outcome, counted and said."""
        if res["status"] == "accepted":
            self.accepted += 1
        else:
            self.dismissed += 1
        self.messages.append(res["message"])
        echo(res["message"])

    def text(self) -> str:
        return (
            f"done: {self.accepted} accepted, {self.dismissed} dismissed, {self.skipped} skipped; "
            f"{self.remaining} still open" + (" (`quire curate` to continue)" if self.remaining else "")
        )


def _edit_text(current: str, *, edit: Callable[..., str | None], prompt: Callable[..., str]) -> str | None:
    """The person's version of the new text: $EDITOR when set, else a one-line prompt."""
    if os.environ.get("VISUAL") or os.environ.get("EDITOR"):
        edited = edit(current)
        return _given(edited)
    # No default: Enter on an empty line cancels (it used to accept the proposal unedited).
    return _given(prompt("new text (empty line cancels)", default="", show_default=False))


def _given(typed: str | None) -> str | None:
    """What the person typed, or None (cancelled) when it is blank: empty, spaces, or only controls or
    invisible characters (a zero-width space pasted alone was sent, and refused as an empty text,
    where an empty line cancels the edit)."""
    return typed.strip() if typed and query_problem(typed) is None else None


class TerminalKeys:
    """Single keypresses from a terminal, held in cbreak mode (no echo, no line buffering).

    The mode is set once for the whole walk and never with a flush, so keys typed ahead of the
    prompt are kept (click.getchar switches per key with TCSAFLUSH and drops them).
    """

    def __init__(self, fd: int | None = None):
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.pending = ""
        self.saved: list[Any] | None = None

    def __enter__(self) -> TerminalKeys:
        import termios

        self.saved = termios.tcgetattr(self.fd)
        self._keys_mode()
        return self

    def _keys_mode(self) -> None:
        """cbreak, with ^C read as the byte \\x03 (q) rather than sent as SIGINT: a signal racing the
        prompt was lost in CI, and it flushes keys typed ahead; a ^C typed during an operation is read
        once it ends. ^Z and ^\\ still signal."""
        import termios
        import tty

        tty.setcbreak(self.fd, termios.TCSANOW)
        mode = termios.tcgetattr(self.fd)
        mode[6][termios.VINTR] = bytes([os.fpathconf(self.fd, "PC_VDISABLE")])
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)

    def __exit__(self, *exc: object) -> None:
        import termios

        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def __call__(self) -> str:
        while not self.pending:
            data = os.read(self.fd, 64).decode("utf-8", errors="replace")
            if not data:
                return ""  # end of input
            if not data.startswith("\x1b"):  # arrow and function keys: ignored whole
                self.pending = data
        key, self.pending = self.pending[0], self.pending[1:]
        return key

    @contextmanager
    def cooked(self) -> Iterator[None]:
        """Normal line editing for a prompt or an editor, then back to single keys."""
        import termios

        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
        try:
            yield
        finally:
            self.pending = ""
            self._keys_mode()


Call = Callable[[str, dict[str, Any]], dict[str, Any]]


def walk_terminal(call: Call) -> WalkSummary:
    """`walk` on the real terminal (stdin), in color."""
    try:
        import termios  # noqa: F401  (POSIX only)
    except ImportError:
        return walk(call, color=True)
    with TerminalKeys() as keys:
        return walk(call, color=True, getkey=keys, cooked=keys.cooked)


def _open_items(call: Call) -> list[review.ReviewItem]:
    return [item_from_json(i) for i in call("curate_list", {})["items"]]


def walk(
    call: Call,
    *,
    color: bool = False,
    getkey: Callable[[], str] = click.getchar,
    echo: Callable[..., Any] = click.echo,
    prompt: Callable[..., str] = click.prompt,
    edit: Callable[..., str | None] = click.edit,
    cooked: Callable[[], AbstractContextManager[Any]] = nullcontext,
) -> WalkSummary:
    """Walk open items one by one: a=accept d=dismiss s=skip e=edit (then accept) o=keep old q=quit,
    r=accept over the version that replaced the old memory since the item was queued (`--over`).

    Every read and decision is an operation run through `call` (quire.client.call: the warm service
    when it runs), the same ones `quire curate show|accept|dismiss` run.
    ^C anywhere quits with the summary (on a terminal it is read as a key, so an operation under way
    ends first); a decision interrupted half-way (SIGINT) rolls back whole.
    """
    summary = WalkSummary()
    items = _open_items(call)
    try:
        for n, queued in enumerate(items, start=1):
            info = call("curate_show", {"item_id": queued.id})
            item = item_from_json(info)
            if not item.is_open:  # resolved elsewhere while we walked
                continue
            echo("")
            echo(render_details(info, position=f"[{n}/{len(items)}]", color=color))
            seen = _Seen(item, info.get("old_current"))
            if not _decide(call, seen, summary, getkey=getkey, echo=echo, prompt=prompt, edit=edit, cooked=cooked):
                summary.quit_early = True
                break
    except KeyboardInterrupt:
        echo("")
        summary.quit_early = True
    summary.remaining = len(_open_items(call))
    return summary


@dataclass(frozen=True)
class _Seen:
    """An item as its card showed it: `current` is the version that replaced its old memory since it
    was queued (the card names it; `r` replaces that one and no other)."""

    item: review.ReviewItem
    current: str | None = None


def _keys_line(seen: _Seen) -> str:
    item = seen.item
    keys = "[a]ccept [d]ismiss [s]kip [e]dit [q]uit" + (" [o] keep old" if item.kind == "contradiction" else "")
    keys += f" [r] accept over {seen.current}" if seen.current else ""
    return keys + (" [m] machine's page" if item.payload.get("merged") else "")


def _wrong_choice(seen: _Seen, key: str) -> str:
    """Why a choice key does not fit this item ("" when it does)."""
    item = seen.item
    if key == "o" and item.kind != "contradiction":
        return "'o' (keep old) is for contradictions; press d to dismiss this change"
    if key == "m" and item.kind != "page_revision":
        return "'m' (the machine's page) is for page revisions; press a or d"
    if key == "r" and not seen.current:
        return "'r' (accept over a newer version) is for a change whose memory was replaced since; press a or d"
    return ""


def _choose(call: Call, seen: _Seen, key: str) -> dict[str, Any]:
    """Run the accept a choice key stands for (a, o, m, r)."""
    choice = {"a": None, "o": "keep_old", "m": "machine", "r": None}[key]
    over = seen.current if key == "r" else None
    return call("curate_accept", {"item_id": seen.item.id, "choice": choice, "over": over})


def _say_error(echo: Callable[..., Any], exc: QuireError, seen: _Seen) -> None:
    """A refused choice, said; the item is asked again. A store a newer quire migrated ends the walk
    instead (one line, exit 1): every choice from now on would be refused the same way."""
    if isinstance(exc, SchemaTooNew):
        raise exc
    echo(f"error: {exc}")
    if isinstance(exc, Superseded) and seen.current and f"--over {seen.current}" in str(exc):
        echo(f"(here: press r to accept it over {seen.current}, d to dismiss it)")


def _decide(
    call: Call,
    seen: _Seen,
    summary: WalkSummary,
    *,
    getkey: Callable[[], str],
    echo: Callable[..., Any],
    prompt: Callable[..., str],
    edit: Callable[..., str | None],
    cooked: Callable[[], AbstractContextManager[Any]],
) -> bool:
    """Read keys until this item is decided or skipped; False when the person quits."""
    item, keys = seen.item, _keys_line(seen)
    while True:
        echo(f"{keys} > ", nl=False)
        try:
            key = (getkey() or "q").lower()
        except EOFError:
            key = "q"
        key = "q" if key in ("\x03", "\x04") else key  # ^C / ^D where the terminal does not signal
        echo(key if key.isprintable() else "")
        if key == "q":
            return False
        if key == "s":
            summary.skipped += 1
            return True
        try:
            if key in ("a", "o", "m", "r"):
                wrong = _wrong_choice(seen, key)
                if wrong:
                    echo(wrong)
                    continue
                res = _choose(call, seen, key)
            elif key == "d":
                res = call("curate_dismiss", {"item_id": item.id})
            elif key == "e":
                try:
                    with cooked():
                        text = _edit_text(item.new, edit=edit, prompt=prompt)
                except (click.Abort, EOFError, KeyboardInterrupt):
                    echo("")
                    return False  # ^C / ^D at the prompt: the item stays as it is, the walk ends
                if text is None:
                    echo("edit cancelled (nothing typed or changed); the item is untouched, choose again")
                    continue
                res = call("curate_accept", {"item_id": item.id, "text": text})
            else:
                echo(f"unknown key {key!r}; " + ", ".join(f"{k}={v}" for k, v in KEYS.items()))
                continue
        except QuireError as exc:
            _say_error(echo, exc, seen)
            continue
        summary.count(res, echo)
        return True
