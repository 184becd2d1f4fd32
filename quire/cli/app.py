"""The `quire` command line: parse flags into an operation's request, call it, render the response.

Every command that touches the store runs one operation of `quire.ops` through `call` (the warm
service when `quire serve` runs, else in this process), the same operation the service and MCP
run. `@uses(op, ...)` names it (and which flag feeds which request field), so the drift guard
(tests/test_api.py) can prove the flags' choices and bounds are the request model's. The commands
that are not an operation are listed in NOT_OPS with the reason.

Results go to stdout (a table, or JSON with --json); warnings, logs and progress to stderr.
Exit codes: 0 success, 1 a domain error (the message says what to do), 2 a usage error.

Imports inside commands are on purpose, and only in this package: `quire --help` and `quire capture
--defer-embed` must start fast, so this module loads click and the error classes only; each
command loads what it needs (the client and ops; eval, bench, service and mcp pull numpy, the
model or the MCP SDK).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any

import click

from memory.credentials import redact
from memory.errors import QuireError
from memory.files import private_umask
from memory.models import FieldsRefused, query_problem
from memory.text import escaped, visible, whole_number

# -- plumbing --------------------------------------------------------------------------------


def refuse_repeated_options(cmd: click.Command, ctx: click.Context, args: list[str]) -> None:
    """A single-valued option given twice (`-k 3 -k 5`, `--space a --space b`, `--pin --no-pin`) is a
    usage error naming it: click kept the last one without a word. `multiple=True` and counting
    options are meant to repeat; eager ones (--help, --version) end the command before it runs."""
    if ctx.resilient_parsing:
        return
    _, _, order = cmd.make_parser(ctx).parse_args(args=list(args))  # the parser alone: no callback runs
    if any(param.is_eager for param in order):
        return  # `-k 3 -k 5 --help` shows the help
    seen: set[click.Parameter] = set()
    for param in order:
        if not isinstance(param, click.Option) or param.multiple or param.count:
            continue
        if param in seen:
            names = " / ".join(param.opts + param.secondary_opts)
            raise click.UsageError(f"{names} is given more than once; give it once", ctx)
        seen.add(param)


class QuireCommand(click.Command):
    """Every command: an option given twice is refused (refuse_repeated_options)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeated_options(self, ctx, args)
        return super().parse_args(ctx, args)


class QuireSubGroup(click.Group):
    """A group under `quire` (`spaces`, `curate`, `page` ...): the same refusal for its own options,
    and its commands and groups made of these classes."""

    command_class = QuireCommand
    group_class: type[click.Group] | type[type] = type  # a group under this one is of this class too

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeated_options(self, ctx, args)
        return super().parse_args(ctx, args)


class OneLineUsage(click.UsageError):
    """A usage error in one line on stderr, with the help to read in it (exit 2): click's own puts
    the usage and a hint on lines of their own before it, four lines for one mistake. A credential in
    what it echoes is redacted, as in every domain error's line (memory/errors.py)."""

    def show(self, file: Any = None) -> None:
        help_at = f"; see `{self.ctx.command_path} --help`" if self.ctx is not None else ""
        message = redact(self.format_message())
        said = message.rstrip(".") if help_at else message
        click.echo(shown(f"Error: {said}{help_at}"), file=file, err=file is None)


def one_line(exc: click.UsageError) -> OneLineUsage:
    message = exc.format_message()
    group = exc.ctx.command if exc.ctx is not None else None
    if isinstance(exc, click.exceptions.NoArgsIsHelpError) and isinstance(group, click.Group):
        # `quire page` with no command: click's message is the whole help, and it printed as "Error: Usage: ..."
        names = group.list_commands(exc.ctx) if exc.ctx is not None else []
        choices = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)
        message = f"`{exc.ctx.command_path if exc.ctx else 'quire'}` needs a command: {choices}"
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter):
        # "--keep: must be at least 1; give ...", the operations' wording, where click said "Invalid value
        # for '--keep': 0 is not in the range 1<=x<=1000" (its words for a command that runs no operation).
        hint = flag_of(exc.param) if exc.param is not None else exc.param_hint
        if isinstance(hint, str):
            message = f"{hint}: {exc.message}"
    if isinstance(exc, click.NoSuchOption) and exc.ctx is not None and _takes_values(exc.ctx.command, exc.option_name):
        # `quire show -5`, `quire tombstones lift -1`: meant as the value, read as an option; every other
        # route answers what the value is wrong for ("no memory '-5'").
        message = f"{message.rstrip('.')} (to give {exc.option_name} as a value, put `--` before it)"
    return OneLineUsage(message, exc.ctx)  # exit code 2, as every usage error's


def flag_of(param: click.Parameter) -> str:
    """How a person types the parameter: its long option (`--file` of `-f/--file`), or an argument's name."""
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return (param.metavar or param.name or "argument").upper()


def _takes_values(command: click.Command, name: str) -> bool:
    """Whether `name` may have been meant as one of `command`'s arguments: it takes some, and the
    name is no long option ("--kk" is a mistyped option, "-5" or "-x" may be a value)."""
    return not name.startswith("--") and any(isinstance(p, click.Argument) for p in command.params)


class QuireGroup(QuireSubGroup):
    """Turns quire's domain errors into one-line messages with exit code 1, and usage errors
    (its own and every command's) into one line with exit code 2."""

    group_class = QuireSubGroup  # the error mapping and the overdue notice are the top group's alone

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:  # `quire` alone: a person's first command
            click.echo(exc.ctx.get_help() if exc.ctx is not None else "see `quire --help`")
            raise SystemExit(0) from None
        except click.UsageError as exc:  # `quire --bogus`
            raise one_line(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except QuireError as exc:
            said = _UsageSaid if exc.exit_code == 2 else click.ClickException
            raise said(shown(unhidden(str(exc)))) from None  # it may echo what was typed
        except OneLineUsage:
            raise
        except click.UsageError as exc:  # a command's: a bad value, a missing argument, no such command
            raise one_line(exc) from None

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name, cmd, rest = super().resolve_command(ctx, args)
        if name not in ("rebuild", "schedule") and "--help" not in rest and "-h" not in rest:
            overdue_notice()
        return name, cmd, rest


class _UsageSaid(click.ClickException):
    """A usage mistake the operation could tell only by reading what it was given (`UsageMistake`: a
    chat's flag on notes): its one line, as a domain error's, with a usage error's exit code."""

    exit_code = 2


def overdue_notice() -> None:
    """One stderr line when the scheduled nightly rebuild has not succeeded for over a day."""
    # memory.home and wiki.nightly are light (no numpy): imported here to keep `--help` minimal.
    from memory import clock
    from memory.home import resolve_home
    from wiki import nightly

    try:
        notice = nightly.overdue_notice(nightly.read(resolve_home().root), clock.now())
    except QuireError:
        return  # a bad QUIRE_HOME: the command itself says what to do
    if notice:
        click.echo(f"note: {notice}", err=True)


# Commands that are not an operation of quire.ops, and why (the drift guard holds this list to the tree).


NOT_OPS: dict[str, str] = {
    "curate": "the interactive walk: a loop in the terminal that runs curate_list/show/accept/dismiss",
    "serve": "starts, stops or inspects the service itself",
    "ui": "finds or starts the service and opens the browser at a one-time sign-in URL it mints",
    "mcp": "runs the MCP server, whose tools are the operations",
    "schedule": "renders or writes the person's cron line or systemd units; reads and writes no store",
    "eval": "benchmarks and goldens in throwaway homes (eval/), never the person's store",
    "bench": "speed benchmarks in throwaway homes, some starting their own service (eval/bench.py)",
    "store": "moves the store file itself between this machine and a libSQL server: no session may hold it open",
    "encrypt": "rekeys the store files themselves (quire.privacy): no session may hold them open",
    "rekey": "rekeys the store files themselves (quire.privacy): no session may hold them open",
    "decrypt": "rekeys the store files themselves (quire.privacy): no session may hold them open",
    "doctor": "checks the database file itself: a damaged one cannot be opened by a session at all",
    "backup": "copies the database file itself (memory.doctor), verified before it counts",
    "restore": "replaces the database file itself: no session may hold it open",
}


class ParameterUsage(OneLineUsage):
    """A parameter the operation itself would refuse, refused before the call in the operation's own
    words (the library's, the service's, MCP's line), as the usage error it is here (exit 2), each
    field the refusal names given as the flag a person typed (`flagged`)."""

    def __init__(self, refused: str | FieldsRefused, ctx: click.Context | None = None) -> None:
        super().__init__(flagged(refused, ctx), ctx)

    def show(self, file: Any = None) -> None:
        click.echo(shown(f"Error: {self.format_message()}"), file=file, err=file is None)


def flagged(refused: str | FieldsRefused, ctx: click.Context | None) -> str:
    """An operation's refusal with each field it names named as the flag that feeds it ("--type: ...",
    "--as-of: ..."), from the field each clause carries (`FieldsRefused`): the person typed no `types.0`
    (a second --type's bad value was named `types.0` too), no `fields.claim` (`--field claim`). Only a
    flag given is named (capture's `content` comes from TEXT or --file); arguments keep the field's name."""
    if isinstance(refused, str):
        return refused
    flags = _flags_given(ctx)

    def name(loc: tuple[Any, ...], where: str | None) -> str | None:
        flag = flags.get(str(loc[0])) if loc else None
        if flag is None:
            return where
        keys = [str(part) for part in loc[1:] if not isinstance(part, int)]  # a list's index: the flag's Nth use
        return " ".join([flag, *keys])

    return refused.said(name)


def _flags_given(ctx: click.Context | None) -> dict[str, str]:
    """Request field -> the flag the person typed for it, of the running command's operation."""
    if ctx is None or getattr(ctx.command, "quire_op", None) is None:
        return {}
    renames = getattr(ctx.command, "quire_fields", {})
    return {
        renames.get(p.name, p.name): flag_of(p)
        for p in ctx.command.params
        if isinstance(p, click.Option) and p.name and renames.get(p.name, p.name) and _given(ctx, p)
    }


def query_words(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """A click callback for a query's words: a blank one (`quire recall ""`, only spaces, a NUL, a
    zero-width space) is a usage error (exit 2) in the line every other route refuses it with."""
    problem = query_problem(" ".join(value))
    if problem:
        raise ParameterUsage(
            f"invalid {getattr(ctx.command, 'quire_op', ctx.info_name)} parameters: query: {problem}", ctx
        )
    return value


class _OpWords(click.ParamType):
    """A flag's or argument's type whose refusal is a usage error (exit 2) in the words the running
    command's operation refuses the same value with on every other route (the library, the service,
    MCP), not click's; a command that runs no operation says it in the same form (`refusal`), after the
    flag's name ("--keep: must be at least 1; give a whole number from 1 to 1000")."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            said = _refusal_of(value, param, ctx)
            if said is None:  # no operation: the same words, the flag named (`one_line`)
                raise click.BadParameter(self.refusal(value), ctx, param) from None
            raise ParameterUsage(said, ctx) from None

    def refusal(self, value: Any) -> str:
        """What is wrong with `value` and what to give, as an operation says it."""
        return "is not valid"


class Bounded(_OpWords, click.IntRange):
    """A whole number an operation takes (`-k`, `--limit`, ITEM_ID), within its request field's bounds
    (tests/test_api.py holds them equal): out of them, or no whole number, it is refused as the
    operation refuses it ("invalid recall parameters: k: must be at least 1"), where click said "0 is
    not in the range 1<=x<=1000". Only ASCII digits are a number (`memory.text.whole_number`)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and whole_number(value) is None:
            said = _refusal_of(value, param, ctx)
            if said is not None:
                raise ParameterUsage(said, ctx)
            self.fail(self.refusal(value), param, ctx)
        return super().convert(value, param, ctx)

    def refusal(self, value: Any) -> str:
        number = whole_number(value) if isinstance(value, str) else value
        low, high = self.min, self.max
        if not isinstance(number, int):
            said = "must be a whole number"
        elif low is not None and number < low:
            said = f"must be at least {low}"
        else:
            said = f"must be at most {high}"
        if high is None:
            return f"{said}; give a whole number of {low} or more"
        if low is None:
            return f"{said}; give a whole number of {high} or less"
        return f"{said}; give a whole number from {low} to {high}"


class OpText(_OpWords, click.types.StringParamType):
    """A text flag the operation's request model judges (`--over`, `--me`): a value it refuses (empty,
    not an id, too long, a NUL) is a usage error (exit 2) before any call, in the line the library,
    the service and MCP refuse it with, where each flag had words of its own ("Invalid value for
    '--over': is empty; ... (`quire curate show ID` names it)")."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        value = super().convert(value, param, ctx)
        said = _refusal_of(value, param, ctx)
        if said is not None:
            raise ParameterUsage(said, ctx)
        return value


class Chosen(_OpWords, click.Choice):
    """One of an operation's choices (`--type`, `--format`, `--choice`), the request field's own
    (tests/test_api.py): another value is refused as the operation refuses it ("invalid capture:
    type: unknown type; use one of identity, ..."), where click said "'essay' is not one of ..."."""

    def refusal(self, value: Any) -> str:
        names = [str(c) for c in self.choices]
        return "must be one of " + (f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0])


def _refusal_of(value: Any, param: click.Parameter | None, ctx: click.Context | None) -> FieldsRefused | None:
    """How the running command's operation refuses `value` for `param`'s field (None: no operation)."""
    if ctx is None or param is None or param.name is None:
        return None
    op = getattr(ctx.command, "quire_op", None)
    if op is None:
        return None
    field = getattr(ctx.command, "quire_fields", {}).get(param.name, param.name)
    # "0", "-1", "10000000": the number the operation is sent; "abc", "1.5", "١٢" stay text, refused
    # as the operation refuses a value that is no whole number.
    if isinstance(param.type, click.IntRange) and isinstance(value, str) and whole_number(value) is not None:
        value = whole_number(value)
    from quire import ops  # pydantic and the request models: not on `--help`'s path

    return ops.refused_fields(op, {field: [value] if param.multiple else value}, {field})


class GivenPath(click.Path):
    """A path option or argument that refuses an empty or blank value: click reads "" as Path("."),
    so `--dir "$UNSET"` wrote into, removed from or read the folder the command ran in."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            kind = "folder" if not self.file_okay else "file"
            self.fail(f"is empty; give the {kind} (an empty path would be the folder the command ran in)", param, ctx)
        if self.exists and isinstance(value, str) and missing_path(value):
            # One rule for a path the caller gave to be read: missing is a usage error (exit 2) naming its
            # flag or argument, in one wording (click said "Directory 'x.json' does not exist" of a file).
            self.fail(f"{echoed(value)} does not exist; check the path", param, ctx)
        if self.exists and isinstance(value, str) and not _statable(value):
            return self.coerce_path_result(value)  # too long, a NUL: the command's own check names it (exit 1)
        return super().convert(value, param, ctx)


def _lstat_refusal(given: str) -> OSError | ValueError | None:
    """What reading the path's own entry raised (nothing: it is there, a dangling symlink included)."""
    try:
        os.lstat(given)
    except (OSError, ValueError) as exc:
        return exc
    return None


def _statable(given: str) -> bool:
    """Whether the file system can take the name at all (not too long, no NUL), there or not."""
    return isinstance(_lstat_refusal(given), FileNotFoundError | type(None))


def missing_path(given: str) -> bool:
    """Whether nothing is at the path a person gave (the usage error every path argument and flag
    refuses it as, exit 2): not a dangling symlink, which is named as such, nor a name the file system
    cannot take (too long, a NUL), which the command's own check names."""
    return isinstance(_lstat_refusal(given), FileNotFoundError)


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

    refuse_given_values(op, params)
    return client.call(op, params, actor=actor, progress=progress)


def _blank(value: Any) -> bool:
    """An argument given empty, blank or with only control or invisible characters (NUL, U+200B)."""
    if isinstance(value, tuple):
        return any(_blank(v) for v in value)
    return isinstance(value, str) and query_problem(value) is not None


def refuse_given_values(op: str, params: dict[str, Any]) -> None:
    """A value the person typed that the operation's request refuses by its form alone, reading no
    store (blank, a date that cannot be read or is out of range, a space name no space can have, a
    field the type lacks, a text past its length), is a usage error (exit 2), refused before any call
    in the line the operation refuses it with on every other route (the library, the service and MCP
    say it as InvalidInput, 400). A well-formed value the store refuses (no such memory, an unknown
    space, the gate) stays a domain error (exit 1). `quire recall x --as-of 2026-02-30` and
    `--space ../x` exited 1 where `--as-of ""` and `--space ""` exited 2."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return
    renames = getattr(ctx.command, "quire_fields", {})
    given = {renames.get(p.name, p.name) or "" for p in ctx.command.params if p.name and _given(ctx, p)}
    given.discard("")
    if given:
        from quire import ops  # pydantic and the request models: not on `--help`'s path

        said = ops.refused_fields(op, params, given)
        if said is not None:
            raise ParameterUsage(said, ctx)


def _given(ctx: click.Context, param: click.Parameter) -> bool:
    """Whether the person gave this argument or option (not an option's default)."""
    if isinstance(param, click.Argument):
        return True
    source = ctx.get_parameter_source(param.name or "")
    return source in (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)


def given_text(fix: str) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """A click callback for a text argument of a command that runs no operation (a server's URL): an
    empty or blank one is a usage error (exit 2) naming `fix`, as an operation's argument is."""

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None and _blank(value):
            raise click.BadParameter(f"is empty; {fix}", ctx, param)
        return value

    return check


def emit(data: Any, as_json: bool, text: Callable[[Any], str] | None = None) -> None:
    """Print a result: JSON (stable keys) or its text rendering."""
    note = data.get("replica") if isinstance(data, dict) else None
    if isinstance(note, dict) and note.get("offline") is True and note.get("message"):  # read from a stale replica
        warn(str(note["message"]))
    if isinstance(data, dict) and data.get("status") == "queued" and "op" in data:  # a write kept offline
        text = _queued_text
        if not as_json:  # what it could not do here at once (a vault file an offline forget could not scrub)
            for line in data.get("warnings") or []:
                warn(str(line))
    if as_json or text is None:
        said = json.dumps(data, indent=2, ensure_ascii=False, default=str)
        # The same value, written as \uXXXX: a bidi control or C1 character read in a terminal acts.
        write_out(_JSON_HIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", said))
    else:
        out = text(data)
        if out:
            write_out(shown(out))  # stored before the text policy removed them, or from a server


def emit_lines(rows: list[dict[str, Any]]) -> None:
    """JSON Lines, one object a line (what `quire import` reads), hidden characters escaped as `--json` escapes them."""
    for row in rows:
        said = json.dumps(row, ensure_ascii=False)
        write_out(_JSON_HIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", said))


class OutputFailed(QuireError):
    """stdout could not take a result."""


def write_out(line: str) -> None:
    """A result's line on stdout. One stdout cannot take (`quire export > file` on a full disk, an I/O
    error) is one error line and exit 1, where it was a traceback: the person learns the file is cut
    short. A pipe closed by its reader (`| head`) stays click's, quiet."""
    if sys.stdout is None:  # `quire export >&-`: click writes nowhere, and the command said nothing and exited 0
        raise OutputFailed("stdout is closed, so the result went nowhere; run the command with its output open")
    try:
        click.echo(line)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputFailed(
            f"could not write the result to stdout ({exc.strerror or type(exc).__name__}), so what was written is "
            "incomplete; free some space or write it elsewhere, and run the command again"
        ) from None


def _queued_text(d: dict[str, Any]) -> str:
    return f"queued {d['queued']}: {d['message']}"


def warn(message: str) -> None:
    click.echo(shown(f"warning: {message}"), err=True)


# Direction marks (LRM, RLM, ALM): not in memory.text's INVISIBLE, since a capture keeps them (right-to-
# left text needs them), but a terminal line is no place for them: they move what is shown around.
_MARKS = re.compile("[\u200e\u200f\u061c]")
# Every control character but a line break and a tab: an escape sequence (\x1b[2J clears the screen,
# \x1b]0;… retitles the window), a carriage return that overwrites the line, C1 (\x9b is CSI).
_TERMINAL_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


# What `--json` writes as an escape (JSON's own \uXXXX, so a program reads the same value): C1
# controls, bidi controls and marks, zero-width characters, line and paragraph separators.
_JSON_HIDDEN = re.compile("[\x80-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def unhidden(message: str) -> str:
    """An error line with the invisible characters it echoes shown as their escapes (\\u200b), not
    removed as `shown` removes them from stored text: `quire import "$DIR/\\u200b"` said "Error:
    /home/me/notes/ does not exist", naming a folder that exists."""
    return _HIDDEN_IN_ERRORS.sub(lambda m: f"\\u{ord(m.group()):04x}", message)


def echoed(value: str) -> str:
    """A value a person typed, echoed on an error's one line: a line break or another control character
    as its escape (\\n: a second line would read as quire's own), an invisible one as `unhidden` shows
    it; a joiner an emoji or a script needs stays."""
    return unhidden(escaped(value))


# What `shown` would remove (memory.text's INVISIBLE and the direction marks); a zero-width joiner or
# non-joiner, which `shown` keeps (an emoji sequence, Persian or Hindi text), stays as it is.
_HIDDEN_IN_ERRORS = re.compile("[\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f\u2060\u061c\ufeff]")


def shown(text: str) -> str:
    """Text for a terminal, from the store or echoed from input: the characters that reorder or hide
    what it shows are removed (bidi overrides, isolates, zero-width, direction marks), every other
    control character is shown as its escape (\\x1b), never acted on. --json gives the value whole."""
    text = _MARKS.sub("", visible(text))
    if "\r\n" in text:  # a line break as an editor on Windows saves it (a hand-edited page): a line break
        text = text.replace("\r\n", "\n")
    if _TERMINAL_CONTROL.search(text):
        text = _TERMINAL_CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode(), text)
    return text


json_option = click.option("--json", "json_", is_flag=True, help="Print JSON instead of a table.")


@click.group(cls=QuireGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="quire")
def cli() -> None:
    """quire: a local-first personal wiki engine with a memory layer.

    Capture small typed memories, recall them with hybrid search, curate corrections, and
    rebuild a cited Markdown wiki. Data lives in $QUIRE_HOME (default ~/.quire).
    """
    private_umask()  # every file this command (or serve, mcp, ui) writes is owner-only (docs/privacy.md)


def main() -> None:
    cli(prog_name="quire")
