"""`quire mcp`: quire's operations as MCP tools over stdio, each declaring its effects.

The tools are generated from quire.ops: the operations marked `mcp=True`, with their names,
titles, descriptions, parameter schemas (types, bounds, enums) and effects. Every tool goes
through `quire.client.call` with actor "mcp": through `quire serve` when it runs, else through one
Session kept open in this process. The effects are declared with MCP tool
annotations so a host can confirm by effect (ask the person before anything that is not
read-only):

    read-only      recall, memory_show, history, recent, spaces_list, pages, page_read, page_search,
                   curate_list, status
    local write    capture, pin, confirm (not destructive; idempotent: an exact duplicate capture is
                   a no-op, a second pin or confirm says "unchanged")
    destructive    supersede, curate_accept, curate_dismiss, forget

Pages are resources at quire://page/<slug> (Markdown), memories at quire://memory/<id> (JSON);
the prompt `quire_memory` tells an agent when to capture, which type to choose and how to cite.
A refusal is one line that names the call that would succeed (never a CLI command: the library's
messages name `quire ...` commands for a person, and `next_call` rewrites them for an agent).

Nothing leaves the machine (openWorldHint false everywhere). Two settings in config.toml bound
what an agent may do: `[agents] disabled_tools` (not listed, and calling them fails like any
unknown tool) and `[agents] read_only = true` (only the read-only tools are offered). Identity and
preference changes an agent proposes always wait in the review queue, whatever it asks: that is
not a setting (memory/correction.py holds them for every actor, a person at the CLI included).
No tool takes or returns a token or a secret: the gate refuses credentials in captures and says
which kind it saw, never the value.
"""

from __future__ import annotations

import difflib
import importlib.metadata
import inspect
import json
import os
import re
import sys
import threading
import traceback
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any, BinaryIO, TextIO, cast

from pydantic import Field, TypeAdapter, ValidationError, WithJsonSchema

from memory import text
from memory.errors import Conflict, InvalidInput, ModelUnavailable, NotFound, QuireError, SchemaTooNew, StoreError
from memory.home import Home, load_settings, resolve_home
from quire import client, ops

ACTOR = "mcp"
PROMPT_NAME = "quire_memory"

INSTRUCTIONS = """quire is the person's local memory and wiki. Use `recall` before answering questions about the
person, their projects, decisions and preferences (compact hits; `memory_show` for one memory in full, with
the wiki pages that cite it; `detail: true` for every field); use `capture` to keep one small,
self-contained fact, decision, preference or lesson worth remembering (no secrets: credentials are
refused), and `supersede` when one changed. `recent` lists what changed lately, `page_read` reads a wiki
page by slug, title or file name. Changes to who the person is or what they prefer (identity, preference)
never apply directly: they wait in the review queue for the person (`curate_list`). Tools marked
destructive change or remove what the person has; ask first. The prompt `quire_memory` has the details."""

PROMPT = """You have the person's memory through quire's tools. Use it like this.

When to recall: before answering anything about the person, their work, projects, decisions, preferences
or past conversations, call `recall` with the question in their words (time cues such as "last week"
work). An answer saying "nothing close" means quire does not know: say so, do not guess.

When to capture: when the person states something durable and worth having next time (a decision and
its reason, a preference, a fact about their setup, a lesson learnt, a pitfall), call `capture` once,
with one self-contained sentence that makes sense without this conversation. Do not capture small talk,
what you said, what is already in a recall hit, or anything secret (keys and passwords are refused).

Which type:
- identity: who the person is (role, where they live, what they do). Protected.
- preference: how they like things done ({preference, applies_when}). Protected.
- decision: a choice made, with its reason ({decision, context}).
- fact: something true about their world ({claim}).
- lesson: something learnt from experience ({claim}).
- gotcha: a pitfall to avoid ({claim}).
- note: anything else worth keeping.

When something changed: call `supersede` with the old memory's id and the new text (not a second
capture). Identity and preference changes never apply at once: they wait for the person
(`curate_list` shows them); tell the person it is waiting, and keep answering from the current one.

How to cite: name the memory ids you used, e.g. "(quire mem_4b478565da6a)", and for a wiki page its
resource, e.g. quire://page/ledger-service; `memory_show` lists the pages that cite a memory. Quote
what the memory says rather than paraphrasing it as certain when its score is low.

Ask the person before any tool marked destructive (supersede, forget, curate_accept, curate_dismiss)."""


@dataclass(frozen=True)
class Effects:
    read_only: bool
    destructive: bool = False
    idempotent: bool = True

    def annotations(self, title: str) -> Any:
        from mcp.types import ToolAnnotations

        if self.read_only:
            return ToolAnnotations(title=title, read_only_hint=True, open_world_hint=False)
        return ToolAnnotations(
            title=title,
            read_only_hint=False,
            destructive_hint=self.destructive,
            idempotent_hint=self.idempotent,
            open_world_hint=False,
        )


# Messages from the library name `quire ...` commands and `--flags` for a person at a terminal;
# over MCP each becomes the tool call that does it. A command no tool runs stays in the sentence as
# the person's, so it still reads ("run `quire doctor` to check it" had become "run the person (it is
# not an agent's tool) to check it"). tests/test_mcp_agents.py checks every such command in the code.
def _the_persons(m: re.Match[str]) -> str:
    """`quire doctor --json` -> quire doctor (a terminal command for the person): no backticks and no
    flags (an agent reads `--x` as its own argument), the words of the command kept."""
    words = " ".join(w for w in m[1].split() if not w.startswith("-"))
    return f"quire {words} (a terminal command for the person)"


NEXT_CALLS: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...] = (
    (r"`quire recall[^`]*`", "recall(query=...)"),
    (r"`quire log[^`]*`", "recent(days=7)"),
    (r"`quire curate accept (\S+?) --over (\S+?)`", r"curate_accept(item_id=\1, over='\2') once the person agrees"),
    (r"`quire curate accept (\S+?)`", r"curate_accept(item_id=\1) once the person agrees"),
    (r"`quire curate dismiss (\S+?)`", r"curate_dismiss(item_id=\1) once the person agrees"),
    (r"accept it with `quire curate`(?: first)?", "the person must accept it first (curate_list() shows the item)"),
    (r"`quire curate[^`]*`", "curate_list()"),
    (
        r"create it with `quire spaces add (\S+?)`",
        r"retry with one of those or without space (spaces_list() lists them; only the person adds \1)",
    ),
    (r"`quire spaces add (\S+?)`", r"a known space (spaces_list() lists them; only the person adds \1)"),
    (r"`quire spaces`", "spaces_list()"),
    (r"`quire pages`", "pages()"),
    (r"`quire confirm (\S+?)`", r"confirm(memory_id='\1')"),
    (r"`quire forget` one of them", "forget(memory_id=...) one of them once the person agrees"),
    (r"`quire forget[^`]*`", "forget(memory_id=...) once the person agrees"),
    (r"`quire map[^`]*`", "page_read(slug=...)"),
    (r"`quire status[^`]*`", "status()"),
    (r"or save it as a Markdown note and `quire import` it \([^)]*\)", "each in its own capture(content=...) call"),
    (r"`quire ([^`]*)`", _the_persons),
    (r"; capture it as a new memory", "; call capture(content=...) to keep it as a new memory"),
    (r"supersede the current version (\S+) instead", r"call supersede(memory_id='\1', content=...) instead"),
    (r"--supersedes\b", "supersedes"),
    (r"\(--compact\)", "(detail: false)"),
)
# A `--flag` is the tool's argument of that name, but inside a command of another program the person
# runs (a pip command in backticks) it stays as written: `--force-reinstall` had become force_reinstall.
_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z-]*)")


def _argument_names(part: str) -> str:
    return _FLAG.sub(lambda m: m[1].replace("-", "_"), part)


def next_call(message: str) -> str:
    """A library message as an agent should read it: each CLI command named in it rewritten as the
    tool call that does it, on one line."""
    for pattern, replacement in NEXT_CALLS:
        message = re.sub(pattern, replacement, message)
    parts = message.split("`")
    for i, part in enumerate(parts):
        if i % 2 == 0 or part.startswith("--"):  # outside backticks, or a flag alone in them
            parts[i] = _argument_names(part)
    return " ".join("`".join(parts).split())


_CALL = re.compile(r"\b[a-z_]+\(")
# What to try next after an error that names no call of its own, by kind of error.
RETRY = {
    NotFound: "call {call} again with an id or name that exists",
    InvalidInput: "call {call} again with that fixed (it takes: {takes})",
    Conflict: "read it again and retry {op}",
    SchemaTooNew: "no retry helps: the person must upgrade quire on this device",  # before StoreError, its base
    StoreError: "retry {op} later; status() shows the store",
    ModelUnavailable: "the person must fix the embedding model; status() shows it",
}


def explained(op: str, exc: QuireError) -> str:
    """An error from operation `op` on one line, ending with the call that would succeed."""
    message = next_call(str(exc))
    if _CALL.search(message):
        return message
    takes = ", ".join(ops.OPS[op].request.model_fields) if op in ops.OPS else ""
    hint = next((h for kind, h in RETRY.items() if isinstance(exc, kind)), "status() shows the store")
    call = signature(op) if op in ops.OPS else op
    return f"{message}; {hint.format(op=op, call=call, takes=takes or 'no arguments')}"


# An operation's effect (quire.ops) as MCP annotations. Every write quire offers is idempotent: an
# exact duplicate capture is a no-op, pin/confirm/accept/dismiss/forget say "unchanged" the second
# time, and a repeated supersede finds the version it made.
EFFECTS: dict[str, Effects] = {
    "read": Effects(read_only=True),
    "write": Effects(read_only=False, destructive=False, idempotent=True),
    "destructive": Effects(read_only=False, destructive=True, idempotent=True),
}


# What an agent should do instead of a capture the gate refused.
INSTEAD = {
    "credential_leak": "call capture(content=...) again without the secret (say where it is kept, never its value)",
    "too_short": "call capture(content=...) with one self-contained sentence that makes sense on its own",
    "noise_pattern": "call capture(content=...) only for a durable fact, decision, preference or lesson",
    "tombstoned": "the person forgot it, or dismissed this change, on purpose: do not capture it again",
}


def _refuse_rejected(result: dict[str, Any]) -> dict[str, Any]:
    # A refused capture is a result on the CLI (exit 1); an agent gets a tool error it cannot miss.
    if result.get("status") == "rejected":
        from mcp.server.mcpserver.exceptions import ToolError

        reason = str(result.get("reason"))
        instead = INSTEAD.get(reason, "call capture(content=...) with something else")
        # its warnings too (what the text policy removed): the tool error is all an agent sees of it
        noted = "".join(f"; {w}" for w in result.get("warnings") or ())
        raise ToolError(next_call(f"rejected: {reason} ({result.get('detail')}); nothing was stored{noted}; {instead}"))
    return result


AFTER: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {"capture": _refuse_rejected}


class Tools:
    """Runs one operation for a tool call: through the service, else through the kept local Session."""

    def __init__(self, home: Home | None = None, call: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None):
        self.home = home or resolve_home()
        self.local = client.Local(self.home, actor=ACTOR, keep=True)
        self.outdated: SchemaTooNew | None = None  # a newer quire migrated the store: the server stops
        self._call = call or (lambda op, params: client.call(op, params, actor=ACTOR, home=self.home, local=self.local))

    def run(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        from mcp.server.mcpserver.exceptions import ToolError

        try:
            result = self._call(op, {k: v for k, v in params.items() if v is not None})
        except QuireError as exc:
            if isinstance(exc, SchemaTooNew) and self.outdated is None:
                self.outdated = exc  # every call from now on would be refused: answer this one, then stop
            raise ToolError(explained(op, exc)) from None
        except Exception as exc:  # a bug: the agent gets the type, the person's terminal the traceback
            print(f"quire mcp: {op} failed\n{traceback.format_exc()}", file=sys.stderr, flush=True)
            raise ToolError(
                f"quire failed on {op} ({type(exc).__name__}, a bug in quire; the MCP server's stderr has details); "
                "status() shows the store, the person can report it"
            ) from None
        return for_agents(result)

    def __getattr__(self, name: str) -> Callable[..., dict[str, Any]]:
        """`tools.recall(query=...)`: each offered operation as a method, with the tool's signature."""
        spec = ops.OPS.get(name)
        if spec is None or not spec.mcp:
            raise AttributeError(name)
        return self.function(name)

    def function(self, name: str) -> Callable[..., dict[str, Any]]:
        """The tool function of operation `name`: its signature is the request model's fields (types,
        bounds, enums, descriptions), so the MCP schema is generated from quire.ops."""
        tool = self.runner(name)
        tool.__signature__ = _signature(ops.OPS[name])  # type: ignore[attr-defined]
        return tool

    def runner(self, name: str) -> Callable[..., dict[str, Any]]:
        """What a call of tool `name` runs, given the arguments the SDK checked against its schema."""
        after = AFTER.get(name, lambda result: result)

        def tool(**params: Any) -> Any:
            return answer(after(self.run(name, params)))

        tool.__name__ = name
        tool.__doc__ = ops.OPS[name].fn.__doc__
        return tool


def _signature(spec: ops.Op) -> inspect.Signature:
    """A tool function's signature: one keyword parameter per field of the operation's request model."""
    parameters = []
    for field_name, info in spec.request.model_fields.items():
        extra: dict[str, Any] = {"description": info.description}
        default: Any = inspect.Parameter.empty
        if info.default_factory is not None:
            extra["default_factory"] = info.default_factory  # a fresh list per call, as in the model
        elif not info.is_required():
            default = info.default
        annotation = _ANNOTATED[(Any, WithJsonSchema(_published(info)), Field(**extra))]
        parameters.append(
            inspect.Parameter(field_name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
        )
    return inspect.Signature(parameters, return_annotation=dict[str, Any])


def _published(info: Any) -> dict[str, Any]:
    """A request field's JSON schema (its type, bounds, enum), published in the tool's signature but not
    checked by the SDK: `refusal` has judged the arguments by the request model (ops.parse), as every
    route does. The SDK's second check of the raw argument refused what the model takes, as no other
    route did: a content over 20,000 characters only by its CR LFs (the text policy makes them LF), a
    recall query by its trailing spaces (stripped), a valid_from holding a NUL; in words naming no fix."""
    field = _ANNOTATED[(info.annotation, *info.metadata)] if info.metadata else info.annotation
    schema: dict[str, Any] = TypeAdapter(field).json_schema()
    if isinstance(info.json_schema_extra, dict):  # a bound checked by a validator (models.MemoryText)
        schema.update(info.json_schema_extra)
    return schema


def for_agents(result: dict[str, Any]) -> dict[str, Any]:
    """A result's warnings and message with the CLI commands they name rewritten as tool calls
    ("accept it with `quire curate accept 3`" -> "curate_accept(item_id=3) once the person agrees")."""
    out = dict(result)
    if isinstance(out.get("warnings"), list):
        out["warnings"] = [next_call(w) if isinstance(w, str) else w for w in out["warnings"]]
    if isinstance(out.get("message"), str):
        out["message"] = next_call(out["message"])
    return out


def answer(result: dict[str, Any]) -> Any:
    """A tool's result as the structured content, and the same JSON without indentation as its
    text (the SDK indents it by two spaces: a third of a compact recall's bytes was whitespace)."""
    from mcp.types import CallToolResult, TextContent

    text = json.dumps(result, ensure_ascii=False, separators=(",", ":"), default=str)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=result)


_ANNOTATED: Any = Annotated  # subscripted with values built at run time (a type checker reads no type there)


def offered() -> dict[str, ops.Op]:
    """The operations offered as tools, in the order a client lists them."""
    return {name: spec for name, spec in ops.OPS.items() if spec.mcp}


def build(home: Home | None = None, *, tools: Tools | None = None, warn: Callable[[str], None] | None = None) -> Any:
    """The MCP server with every tool the person did not disable in config.toml; InvalidInput when
    `[agents] disabled_tools` names a tool quire does not have. (`warn` is kept for callers: nothing
    is only warned about any more.)"""
    from mcp.server.mcpserver import MCPServer

    home = home or resolve_home()
    settings = load_settings(home).agents
    disabled = set(settings.disabled_tools)
    known = offered()
    if problems := ops.config_problems(home):
        # A typo ("forgett") would leave the tool the person meant to take away offered: refuse to
        # start, in the words `quire status` and `quire doctor` show (the file, the key, the one meant, the fix).
        raise InvalidInput(problems[0])
    tools = tools or Tools(home)
    listed = {
        name: spec
        for name, spec in known.items()
        if name not in disabled and not (settings.read_only and not EFFECTS[spec.effect].read_only)
    }
    server = MCPServer(
        "quire",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        version=version(),
        tools=[_schema(spec).model_copy(update={"fn": tools.runner(name)}) for name, spec in listed.items()],
    )
    _refuse_before_running(server, listed, disabled)
    _explain_protocol_errors(server, listed)
    _resources_and_prompt(server, tools, listed)
    return server


_SCHEMAS: dict[ops.Op, Any] = {}


def _schema(spec: ops.Op) -> Any:
    """The SDK's Tool of an operation, with the pydantic models that check its arguments, generated from
    the request model once a process (~3 ms an operation, most of building a server) and copied with
    each server's own function: `quire mcp` builds one, the tests hundreds."""
    from mcp.server.mcpserver.tools import Tool

    if spec not in _SCHEMAS:

        def shape(**params: Any) -> Any:  # only its signature is read: each server's copy runs its own
            raise AssertionError(f"tool {spec.name} run without a server")

        shape.__signature__ = _signature(spec)  # type: ignore[attr-defined]
        shape.__name__ = shape.__qualname__ = spec.name  # the schemas' titles ("captureArguments")
        shape.__doc__ = spec.fn.__doc__
        _SCHEMAS[spec] = Tool.from_function(
            shape,
            name=spec.name,
            title=spec.title,
            description=spec.description,
            annotations=EFFECTS[spec.effect].annotations(spec.title),
        )
    return _SCHEMAS[spec]


def version() -> str:
    """quire's installed version (serverInfo.version); "unknown" when run from a tree never installed."""
    try:
        return importlib.metadata.version("quire")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _echo(value: Any) -> str:
    """What the caller sent, quoted on one line and short (a name can be anything an agent typed)."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return repr(text if len(text) <= 60 else text[:60] + "…")


def signature(name: str) -> str:
    """A tool call an agent can copy: the tool and its required arguments (`recall(query=...)`)."""
    spec = ops.OPS[name]
    required = [field for field, info in spec.request.model_fields.items() if info.is_required()]
    return f"{name}({', '.join(f'{field}=...' for field in required)})"


# basic-memory's tool names (what an agent used to it reaches for) -> quire's tool that does it.
ALIASES = {
    "write_note": "capture",
    "read_note": "memory_show",
    "edit_note": "supersede",
    "delete_note": "forget",
    "search_notes": "recall",
    "search": "recall",
    "recent_activity": "recent",
    "list_directory": "pages",
    "build_context": "memory_show",
    "read_page": "page_read",
}


def nearest_tool(name: str, offered_now: dict[str, ops.Op]) -> str | None:
    """The offered tool an unknown name most likely meant (a typo, another server's name), or None."""
    alias = ALIASES.get(name.lower())
    if alias in offered_now:
        return alias
    close = difflib.get_close_matches(name.lower(), list(offered_now), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_tool(name: str, offered_now: dict[str, ops.Op], disabled: set[str]) -> str:
    """The refusal of a tool that is not offered, on one line naming the calls that are."""
    offered = ", ".join(offered_now)
    if name in disabled:
        why = "the person disabled it in config.toml [agents]"
        return f"Unknown tool {_echo(name)} ({why}); the tools offered: {offered}"
    if name in ops.OPS and ops.OPS[name].mcp:
        return (
            f"Unknown tool {_echo(name)} (it changes what the person has and [agents] read_only is set); "
            f"the tools offered: {offered}"
        )
    # An operation of the registry MCP leaves to the person (export, import, ...): said so, where it
    # read as a name quire does not have; docs/agents.md gives each one's reason.
    persons = isinstance(name, str) and name in ops.OPS
    why = "the person's operation, not offered to agents" if persons else "no such tool"
    near = nearest_tool(name, offered_now) if isinstance(name, str) else None
    if near:
        return f"Unknown tool {_echo(name)} ({why}); did you mean {signature(near)}? tools offered: {offered}"
    example = signature("recall" if "recall" in offered_now else next(iter(offered_now), "status"))
    return f"Unknown tool {_echo(name)} ({why}); call one of the tools offered, e.g. {example}: {offered}"


def unknown_arguments(name: str, arguments: dict[str, Any]) -> str | None:
    """The refusal for arguments an operation does not take, as the CLI and the service refuse them
    (`extra="forbid"`); None when every argument is known."""
    spec = ops.OPS.get(name)
    if spec is None:
        return None
    known = spec.request.model_fields
    unknown = sorted(set(arguments) - set(known))
    if not unknown:
        return None
    takes = f"it takes: {', '.join(known)}" if known else "it takes no arguments"
    names = ", ".join(map(_echo, unknown[:5])) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
    return f"{name} does not take {names}; call {signature(name)} ({takes}). Nothing was done"


def invalid(name: str, exc: QuireError) -> str:
    """A request outside an operation's model, as the call to make instead."""
    takes = ", ".join(ops.OPS[name].request.model_fields) or "no arguments"
    return next_call(f"{exc}; call {signature(name)} again with those fixed (it takes: {takes}). Nothing was done")


def refusal(name: str, arguments: dict[str, Any], offered_now: dict[str, ops.Op], disabled: set[str]) -> str | None:
    """Why a call cannot run, on one line naming the call that would, or None when it can: a tool
    that is not offered, an argument it does not take, a value outside its bounds."""
    if name not in offered_now:
        return unknown_tool(name, offered_now, disabled)
    unknown = unknown_arguments(name, arguments)
    if unknown:
        return unknown
    try:
        ops.parse(ops.OPS[name].request, name, arguments)
    except QuireError as exc:
        return invalid(name, exc)
    return None


def _refuse_before_running(server: Any, offered_now: dict[str, ops.Op], disabled: set[str]) -> None:
    """Refuse a call before the SDK sees it: the SDK drops arguments a tool's signature lacks (an
    agent's typo `space_name` for `space` would be obeyed as if absent), coerces `k: "5"` and
    `explain: "yes"` (which the CLI refuses) and answers a bad value with pydantic's many-line report.
    Each refusal here is one line naming the call that would succeed; so is what the SDK raises
    itself (its "Error executing tool <name>: " prefix dropped)."""
    from mcp.server.mcpserver.exceptions import ToolError

    original = server.call_tool

    async def call_tool(name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        why = refusal(name, arguments or {}, offered_now, disabled)
        if why:
            raise ToolError(why)
        given = {key: value for key, value in (arguments or {}).items() if value is not None}  # null: not given
        try:
            return await original(name, given, context)
        except ToolError as exc:
            raise ToolError(_sdk_tool_error(name, exc)) from None

    server.call_tool = call_tool


def _sdk_tool_error(name: str, exc: Exception) -> str:
    from mcp.server.mcpserver.exceptions import UnexpectedToolError

    cause = exc.__cause__
    if isinstance(exc, UnexpectedToolError):  # a crash: its text stays on the server, as the SDK keeps it
        return f"quire failed on {name}, a bug in quire (the MCP server's stderr has details); status() shows the store"
    if isinstance(cause, ValidationError):  # the SDK's own check of the arguments (ours passed them)
        fields = ", ".join(sorted({".".join(map(str, e["loc"])) or "arguments" for e in cause.errors()}))
        return f"invalid {name} arguments ({fields}); call {signature(name)} again with those fixed. Nothing was done"
    text = str(cause) if cause is not None and str(cause) else str(exc)
    return " ".join(text.split())


# What each MCP request quire answers needs, for an agent whose request the SDK could not read.
REQUESTS = {
    "tools/call": 'tools/call needs {{"name": a tool, "arguments": an object}}, e.g. {example}; '
    "the tools offered: {tools}",
    "resources/read": 'resources/read needs {{"uri": "quire://page/<slug>" or "quire://memory/<id>"}} (pages() lists '
    "the slugs, recall(query=...) finds ids)",
    "prompts/get": 'prompts/get needs {{"name": "quire_memory"}} and no arguments',
}
METHODS = (
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "prompts/list",
    "prompts/get",
    "ping",
)


def protocol_error(method: str, offered_now: dict[str, ops.Op], *, unknown_method: bool = False) -> str:
    """The one line for a request the SDK refused before any tool ran: a method quire does not
    answer, or parameters of the wrong shape."""
    if unknown_method:
        close = difflib.get_close_matches(method, METHODS, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
        return f"no method {_echo(method)}; {hint}quire answers: {', '.join(METHODS)}"
    template = REQUESTS.get(method)
    if template is None:
        return f"invalid parameters for {method}; call it without parameters (tools/list shows the tools)"
    example = '{"name": "recall", "arguments": {"query": "..."}}' if "recall" in offered_now else "tools/list"
    return template.format(example=example, tools=", ".join(offered_now))


def _explain_protocol_errors(server: Any, offered_now: dict[str, ops.Op]) -> None:
    """The SDK's own refusals of a request (parameters of the wrong shape, a method it does not
    know) are "Invalid request parameters" with nothing to go on: each becomes one line naming the
    request that would succeed. A middleware, so it sees every request before any handler."""
    from mcp.shared.exceptions import MCPError
    from mcp.types import INVALID_PARAMS, METHOD_NOT_FOUND

    async def explain(ctx: Any, call_next: Any) -> Any:
        try:
            return await call_next(ctx)
        except ValidationError:
            raise MCPError(INVALID_PARAMS, protocol_error(ctx.method, offered_now)) from None
        except MCPError as exc:
            if exc.error.code == METHOD_NOT_FOUND:
                raise MCPError(METHOD_NOT_FOUND, protocol_error(ctx.method, offered_now, unknown_method=True)) from None
            if exc.error.code == INVALID_PARAMS and exc.error.message == "Invalid request parameters":
                raise MCPError(INVALID_PARAMS, protocol_error(ctx.method, offered_now)) from None
            raise

    server.middleware.append(explain)


def _resources_and_prompt(server: Any, tools: Tools, offered_now: dict[str, ops.Op]) -> None:
    """Pages as quire://page/<slug> (Markdown), memories as quire://memory/<id> (JSON), every page
    listed; and the prompt that teaches an agent how to use quire. A resource reads through the same
    operation as its tool (page_read, memory_show), so a disabled tool disables its resource too."""
    from mcp.server.mcpserver.exceptions import ResourceError

    def read(op: str, params: dict[str, Any]) -> dict[str, Any]:
        try:
            return tools.run(op, params)
        except Exception as exc:  # ToolError from Tools.run: already one line naming the next call
            raise ResourceError(str(exc)) from None

    if "page_read" in offered_now:
        _page_resources(server, tools, offered_now, read)
    if "memory_show" in offered_now:

        @server.resource(
            "quire://memory/{memory_id}",
            name="memory",
            title="A memory",
            description="One memory's full record as JSON (the pages citing it included).",
            mime_type="application/json",
        )
        def memory(memory_id: str) -> str:
            return json.dumps(read("memory_show", {"memory_id": memory_id}), ensure_ascii=False)

    _explain_resources_and_prompts(server, offered_now)

    @server.prompt(
        name=PROMPT_NAME,
        title="How to use quire's memory",
        description="When to recall and capture, which memory type to choose, and how to cite memories and pages.",
    )
    def quire_memory() -> str:
        return PROMPT


def _page_resources(
    server: Any, tools: Tools, offered_now: dict[str, ops.Op], read: Callable[[str, dict[str, Any]], dict[str, Any]]
) -> None:
    """The page template, and every page listed by resources/list beside the templates."""
    from mcp.types import Resource

    @server.resource(
        "quire://page/{slug}",
        name="page",
        title="A wiki page",
        description="A wiki page's Markdown (with [N] citations of memory ids), by slug, title or file name.",
        mime_type="text/markdown",
    )
    def page(slug: str) -> str:
        return str(read("page_read", {"slug": slug})["body"])

    original_list = server.list_resources

    async def list_resources() -> list[Any]:
        listed = await original_list()
        try:
            rows = tools.run("pages", {})["pages"] if "pages" in offered_now else []
        except Exception:  # the store is unreachable: the templates still say how to read a page
            rows = []
        return listed + [
            Resource(
                uri=f"quire://page/{row['slug']}",
                name=row["slug"],
                title=row["title"],
                description=f"wiki page ({row['kind']}, {row['sources']} sources)",
                mime_type="text/markdown",
            )
            for row in rows
        ]

    server.list_resources = list_resources


def resource_refusal(uri: str, offered_now: dict[str, ops.Op]) -> str:
    """An unknown resource URI as the reads that would succeed."""
    reads = []
    if "page_read" in offered_now:
        reads.append("quire://page/<slug> (pages() lists the slugs)")
    if "memory_show" in offered_now:
        reads.append("quire://memory/<id> (recall(query=...) finds ids)")
    if not reads:
        return f"no resource {_echo(uri)}; the person disabled page_read and memory_show, which resources read through"
    return f"no resource {_echo(uri)}; read {' or '.join(reads)}"


def prompt_refusal(name: Any, arguments: Any) -> str | None:
    """Why prompts/get cannot answer (an unknown name, arguments the prompt does not take), or None."""
    get = f'prompts/get {{"name": "{PROMPT_NAME}"}}'
    if name != PROMPT_NAME:
        return f"Unknown prompt {_echo(name)}; did you mean {PROMPT_NAME!r}? get it with {get} (no arguments)"
    if arguments:
        return f"the prompt {PROMPT_NAME!r} takes no arguments; get it with {get} and none"
    return None


def _explain_resources_and_prompts(server: Any, offered_now: dict[str, ops.Op]) -> None:
    """An unknown resource or prompt refused in one line that names what to read instead (the SDK
    says "Unknown resource: <uri>", and for a prompt given arguments "Error rendering prompt" with a
    traceback on stderr)."""
    from mcp.server.mcpserver.exceptions import ResourceNotFoundError
    from mcp.shared.exceptions import MCPError
    from mcp.types import INVALID_PARAMS

    read_resource, get_prompt = server.read_resource, server.get_prompt

    async def read(uri: Any, context: Any = None) -> Any:
        try:
            return await read_resource(uri, context)
        except ResourceNotFoundError:
            raise ResourceNotFoundError(resource_refusal(str(uri), offered_now)) from None

    async def prompt(name: str, arguments: dict[str, Any] | None = None, context: Any = None) -> Any:
        why = prompt_refusal(name, arguments)
        if why:
            raise MCPError(INVALID_PARAMS, why)
        return await get_prompt(name, arguments, context)

    server.read_resource, server.get_prompt = read, prompt


def run(home: Home | None = None) -> None:
    """Serve over stdio until the client closes the connection, or until a newer quire migrated the
    store: that call is answered with the refusal, then it stops and raises it (one line, exit 1),
    as `quire serve` does."""
    import anyio

    home = home or resolve_home()
    tools = Tools(home)
    try:
        _refuse_a_newer_store(tools)
        anyio.run(_serve_stdio, build(home, tools=tools), tools)
    finally:
        tools.local.close()
    if tools.outdated is not None:
        raise tools.outdated


def _refuse_a_newer_store(tools: Tools) -> None:
    """A store a newer quire already migrated stops the server before its handshake (one line,
    exit 1), as `quire serve` refuses to start on one: every tool would be refused. Anything else
    the first read meets (a server out of reach, a missing key) is left to each call to report,
    which the agent reads; the read opens the session the calls keep."""
    try:
        tools.local.run("status", {})  # the store itself, not a running service (which checks its own)
    except SchemaTooNew:
        raise
    except QuireError:
        pass


async def _serve_stdio(server: Any, tools: Tools | None = None) -> None:
    """The SDK's `run("stdio")`, with every line it cannot read answered (it drops them: an agent
    whose request held a lone surrogate, or lacked "jsonrpc", waited for a reply forever), and an
    end once `tools` is outdated, after its refusal is written (a blocked read of the next request
    is abandoned: the SDK's own would keep the server up until the client closed stdin)."""
    import anyio
    from mcp.server.stdio import stdio_server

    lowlevel = server._lowlevel_server  # what MCPServer.run_stdio_async runs; tests/test_adversary_routes.py
    wire, restore = _wire_stdin()
    out, restore_out = _wire_stdout()
    try:
        with anyio.CancelScope() as scope:
            stdin, stdout = _Lines(_Screened(wire)), _Out(out, scope, tools)
            async with stdio_server(stdin=cast(Any, stdin), stdout=cast(Any, stdout)) as (read_stream, write_stream):
                answering = _Answering(read_stream, write_stream)
                await lowlevel.run(answering, write_stream, lowlevel.create_initialization_options())
    finally:
        restore_out()
        restore()


def _wire_stdin() -> tuple[BinaryIO, Callable[[], None]]:
    """The requests on a private descriptor, and fd 0 on the null device while serving, as the
    SDK's own stdin does (given ours, it leaves fd 0 alone): a tool, a child or a passphrase prompt
    reads EOF, never an agent's next request. The second item puts fd 0 back."""
    private = os.dup(0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    # closefd=False: the reader thread may still wait on it as the server ends; never closed under it
    wire = cast(BinaryIO, os.fdopen(private, "rb", closefd=False))

    def restore() -> None:
        os.dup2(private, 0)

    return wire, restore


def _wire_stdout() -> tuple[TextIO, Callable[[], None]]:
    """The replies on a private descriptor, and fd 1 on stderr while serving, as the SDK's own
    stdout does (given ours, it leaves fd 1 alone): a stray print never corrupts the wire."""
    sys.stdout.flush()
    private = os.dup(1)
    os.dup2(2, 1)
    out = cast(TextIO, open(private, "w", encoding="utf-8", closefd=False))  # noqa: SIM115 - kept for the server's life

    def restore() -> None:
        out.flush()
        os.dup2(private, 1)
        os.close(private)

    return out, restore


class _Lines:
    """The screened request lines as the SDK's reader iterates them, read by a daemon thread: a
    server that has to stop neither waits for the client's next line nor is kept alive by the read
    (anyio's worker threads are joined at exit)."""

    def __init__(self, inner: _Screened):
        self._inner = inner

    async def __aiter__(self) -> AsyncIterator[str]:
        import anyio
        import anyio.from_thread
        import anyio.lowlevel

        send, receive = anyio.create_memory_object_stream[str](0)
        token = anyio.lowlevel.current_token()

        def pump() -> None:
            try:
                while line := self._inner.readline():
                    anyio.from_thread.run(send.send, line, token=token)
                anyio.from_thread.run_sync(send.close, token=token)
            except (OSError, RuntimeError, anyio.BrokenResourceError, anyio.ClosedResourceError):
                pass  # the server ended first (its loop is gone or it stopped reading): nothing waits for more

        threading.Thread(target=pump, name="quire-mcp-stdin", daemon=True).start()
        async with receive:
            async for line in receive:
                yield line


class _Out:
    """The SDK's writer's stdout: once a reply is flushed and the store turned out newer than this
    quire (`tools.outdated`), the server ends (`scope` cancelled): every later call would be refused."""

    def __init__(self, out: TextIO, scope: Any, tools: Tools | None):
        self._out, self._scope, self._tools = out, scope, tools

    async def write(self, data: str) -> None:
        import anyio

        await anyio.to_thread.run_sync(self._out.write, data)  # a client slow to read blocks a thread, not the loop

    async def flush(self) -> None:
        import anyio

        await anyio.to_thread.run_sync(self._out.flush)
        if self._tools is not None and self._tools.outdated is not None:
            self._scope.cancel()


REFUSED = "quire_refused_line"  # what `_Screened` puts in place of a line it refuses
_HEAD_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,200}")')  # an oversized line's id, from its start


class _Screened:
    """The stdin lines, each read first by quire: a line that is not UTF-8 (the SDK's reader put
    U+FFFD in place of its bytes, and the text was stored so), or whose JSON holds a key twice
    (the SDK's parser keeps the last one: `"k": 1, "k": 50` ran with 50), reaches the SDK as
    `{"jsonrpc", "id", REFUSED: why}`, which it refuses and `unreadable` answers with the
    request's id: the request is never run."""

    def __init__(self, inner: BinaryIO):
        self._inner = inner

    def readline(self, size: int = -1) -> str:
        raw = self._inner.readline(client.MAX_BODY + 1)
        if len(raw) > client.MAX_BODY and not raw.endswith(b"\n"):  # read to its end, never hold it
            while (rest := self._inner.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass
            found = _HEAD_ID.search(raw[:65536])
            why = f"that line is over the {client.MAX_BODY:,}-byte limit of one request; send less. Nothing was done"
            return self._refused(f'{{"id": {found.group(1).decode("utf-8", "replace")}}}' if found else "", why)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            why = f"that line is not UTF-8 text (byte 0x{raw[exc.start : exc.start + 1].hex()} at offset {exc.start})"
            return self._refused(raw.decode("utf-8", "replace"), f"{why}; send UTF-8. Nothing was done")
        try:
            text.json_loads(line)
        except text.DuplicateKey as exc:
            return self._refused(line, f"{exc}; nothing was done")
        except (ValueError, RecursionError):  # not JSON: the SDK refuses it and `unreadable` says so
            pass
        return line

    @staticmethod
    def _refused(line: str, why: str) -> str:
        try:
            rid = _first_id(line)
        except (ValueError, RecursionError):
            rid = None
        return json.dumps({"jsonrpc": "2.0", "id": rid, REFUSED: why}) + "\n"

    def close(self) -> None:
        pass  # the buffer is sys.stdin's, not ours to close


def _first_id(line: str) -> Any:
    """The request's id from a line holding a duplicate key (the first one when `id` is the key),
    or None when it has none a reply can carry."""
    objects: list[list[tuple[str, Any]]] = []

    def keep(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        objects.append(pairs)  # inner objects first: the request itself comes last
        return dict(pairs)

    json.loads(line, object_pairs_hook=keep)
    ids = [value for key, value in objects[-1] if key == "id"]
    rid = ids[0] if ids else None
    if isinstance(rid, str) and _lone_surrogate(rid) is not None:
        return None  # no reply can carry it (it cannot be written as UTF-8)
    return rid if isinstance(rid, (int, str)) and not isinstance(rid, bool) else None


class _Answering:
    """The stdio read stream, answering (in one line, with the request's id) each line the SDK's
    parser refused instead of passing the exception on to be dropped."""

    def __init__(self, inner: Any, write: Any):
        self._inner, self._write = inner, write

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self._inner.receive()
            if not isinstance(item, Exception):
                return item
            reply = unreadable(item)
            if reply is not None:
                from mcp.shared.message import SessionMessage

                await self._write.send(SessionMessage(reply))

    def __aiter__(self) -> _Answering:
        return self

    async def __anext__(self) -> Any:
        import anyio

        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        await self._inner.aclose()

    def close(self) -> None:
        self._inner.close()

    async def __aenter__(self) -> _Answering:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


REQUEST_SHAPE = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "recall", "arguments": {...}}}'


def unreadable(exc: Exception) -> Any:
    """The JSON-RPC error answering a line the SDK could not read (`exc`, its parser's error), or
    None for a notification (nothing waits for its answer)."""
    from mcp.types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError

    message = _sent(exc)
    if message is not None and isinstance(message.get(REFUSED), str):  # `_Screened` set it aside
        rid = message.get("id")
        if not isinstance(rid, (int, str)) or isinstance(rid, bool):
            rid = None  # no id that can be read: answered with a null id, as a line that is not JSON
        return JSONRPCError(jsonrpc="2.0", id=rid, error=ErrorData(code=INVALID_REQUEST, message=message[REFUSED]))
    if message is None:
        error = ErrorData(
            code=PARSE_ERROR, message=f"that line is not JSON; send one JSON-RPC request a line: {REQUEST_SHAPE}"
        )
        return JSONRPCError(jsonrpc="2.0", id=None, error=error)
    rid = message.get("id")
    if isinstance(rid, bool) or not isinstance(rid, (int, str)) or _lone_surrogate(rid) is not None:
        return None
    where = _lone_surrogate(message)
    if where is not None:
        said = f"{where or 'the request'} {text.unpaired(message)}"
    else:
        said = f"not a JSON-RPC 2.0 request quire can read; send {REQUEST_SHAPE}. Nothing was done"
    return JSONRPCError(jsonrpc="2.0", id=rid, error=ErrorData(code=INVALID_REQUEST, message=said))


def _sent(exc: Exception) -> dict[str, Any] | None:
    """The object the refused line held (read by Python's json, which takes what the SDK's parser
    refuses, lone surrogates included), or None when it is not a JSON object at all."""
    errors = exc.errors() if isinstance(exc, ValidationError) else []
    for err in errors:
        value = err.get("input")
        if err["type"] == "json_invalid" and isinstance(value, str):
            try:
                value = json.loads(value)
            except (ValueError, RecursionError):
                return None
        if isinstance(value, dict):
            return value
    return None


def _lone_surrogate(value: Any, where: str = "") -> str | None:
    """The path of the first string (key or value) in `value` holding a lone surrogate, else None."""
    if isinstance(value, str):
        return where if any("\ud800" <= c <= "\udfff" for c in value) else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        path = f"{where}.{key}" if where else str(key)
        if isinstance(key, str) and _lone_surrogate(key) is not None:
            return where or "a key"
        found = _lone_surrogate(item, path)
        if found is not None:
            return found
    return None
