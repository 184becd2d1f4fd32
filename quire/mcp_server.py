"""`quire mcp`: quire's operations as MCP tools over stdio, each declaring its effects.

The tools are generated from quire.ops: the operations marked `mcp=True`, with their names,
titles, descriptions, parameter schemas (types, bounds, enums) and effects. Every tool goes
through `quire.client.call` with actor "mcp": through `quire serve` when it runs, else through one
Session kept open in this process. The effects are declared with MCP tool
annotations so a host can confirm by effect (ask the person before anything that is not
read-only):

    read-only      recall, curate_list, page_read, page_search, status
    local write    capture (not destructive; idempotent: an exact duplicate is a no-op)
    destructive    curate_accept, curate_dismiss, forget

Nothing leaves the machine (openWorldHint false everywhere). Two settings in config.toml bound
what an agent may do: `[agents] disabled_tools` (not listed, and calling them fails like any
unknown tool) and `[agents] read_only = true` (only the read-only tools are offered). Identity and
preference changes an agent proposes always wait in the review queue, whatever it asks: that is
not a setting (memory/correction.py holds them for every actor, a person at the CLI included).
No tool takes or returns a token or a secret: the gate refuses credentials in captures and says
which kind it saw, never the value.
"""

from __future__ import annotations

import inspect
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from memory.errors import QuireError
from memory.home import Home, load_settings, resolve_home
from quire import client, ops

ACTOR = "mcp"

INSTRUCTIONS = """quire is the person's local memory and wiki. Use `recall` before answering questions about the
person, their projects, decisions and preferences; use `capture` to keep one small, self-contained fact,
decision, preference or lesson worth remembering (no secrets: credentials are refused). Changes to who the
person is or what they prefer (identity, preference) never apply directly: they wait in the review queue
for the person (`curate_list`). Tools marked destructive change or remove what the person has; ask first."""


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


# An operation's effect (quire.ops) as MCP annotations. Every write quire offers is idempotent: an
# exact duplicate capture is a no-op, accept/dismiss/forget say "unchanged" the second time.
EFFECTS: dict[str, Effects] = {
    "read": Effects(read_only=True),
    "write": Effects(read_only=False, destructive=False, idempotent=True),
    "destructive": Effects(read_only=False, destructive=True, idempotent=True),
}


def _refuse_rejected(result: dict[str, Any]) -> dict[str, Any]:
    # A refused capture is a result on the CLI (exit 1); an agent gets a tool error it cannot miss.
    if result.get("status") == "rejected":
        from mcp.server.mcpserver.exceptions import ToolError

        raise ToolError(f"rejected: {result.get('reason')} ({result.get('detail')}); nothing was stored")
    return result


AFTER: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {"capture": _refuse_rejected}


class Tools:
    """Runs one operation for a tool call: through the service, else through the kept local Session."""

    def __init__(self, home: Home | None = None, call: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None):
        self.home = home or resolve_home()
        self.local = client.Local(self.home, actor=ACTOR, keep=True)
        self._call = call or (lambda op, params: client.call(op, params, actor=ACTOR, home=self.home, local=self.local))

    def run(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        from mcp.server.mcpserver.exceptions import ToolError

        try:
            result = self._call(op, {k: v for k, v in params.items() if v is not None})
        except QuireError as exc:
            raise ToolError(str(exc)) from None
        except Exception as exc:  # a bug: the agent gets the type, the person's terminal the traceback
            print(f"quire mcp: {op} failed\n{traceback.format_exc()}", file=sys.stderr, flush=True)
            raise ToolError(
                f"quire failed on {op} ({type(exc).__name__}); the MCP server's stderr has details"
            ) from None
        return result

    def __getattr__(self, name: str) -> Callable[..., dict[str, Any]]:
        """`tools.recall(query=...)`: each offered operation as a method, with the tool's signature."""
        spec = ops.OPS.get(name)
        if spec is None or not spec.mcp:
            raise AttributeError(name)
        return self.function(name)

    def function(self, name: str) -> Callable[..., dict[str, Any]]:
        """The tool function of operation `name`: its signature is the request model's fields (types,
        bounds, enums, descriptions), so the MCP schema is generated from quire.ops."""
        spec = ops.OPS[name]
        parameters = []
        for field_name, info in spec.request.model_fields.items():
            extra: dict[str, Any] = {"description": info.description}
            default: Any = inspect.Parameter.empty
            if info.default_factory is not None:
                extra["default_factory"] = info.default_factory  # a fresh list per call, as in the model
            elif not info.is_required():
                default = info.default
            annotation = _ANNOTATED[(info.annotation, *info.metadata, Field(**extra))]
            parameters.append(
                inspect.Parameter(field_name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
            )

        after = AFTER.get(name, lambda result: result)

        def tool(**params: Any) -> dict[str, Any]:
            return after(self.run(name, params))

        tool.__name__ = name
        tool.__doc__ = spec.fn.__doc__
        tool.__signature__ = inspect.Signature(parameters, return_annotation=dict[str, Any])  # type: ignore[attr-defined]
        return tool


_ANNOTATED: Any = Annotated  # subscripted with values built at run time (a type checker reads no type there)


def offered() -> dict[str, ops.Op]:
    """The operations offered as tools, in the order a client lists them."""
    return {name: spec for name, spec in ops.OPS.items() if spec.mcp}


def build(home: Home | None = None, *, tools: Tools | None = None, warn: Callable[[str], None] | None = None) -> Any:
    """The MCP server with every tool the person did not disable in config.toml."""
    from mcp.server.mcpserver import MCPServer

    home = home or resolve_home()
    warn = warn or (lambda line: print(f"warning: {line}", file=sys.stderr, flush=True))
    settings = load_settings(home).agents
    disabled = set(settings.disabled_tools)
    known = offered()
    unknown = sorted(disabled - set(known))
    if unknown:
        warn(f"config.toml [agents] disabled_tools names unknown tools {', '.join(unknown)}; known: {', '.join(known)}")
    tools = tools or Tools(home)
    server = MCPServer("quire", instructions=INSTRUCTIONS, log_level="WARNING")
    _refuse_unknown_arguments(server)
    for name, spec in known.items():
        effects = EFFECTS[spec.effect]
        if name in disabled or (settings.read_only and not effects.read_only):
            continue
        server.add_tool(
            tools.function(name),
            name=name,
            title=spec.title,
            description=spec.description,
            annotations=effects.annotations(spec.title),
        )
    return server


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
    takes = ", ".join(known) or "no arguments"
    return f"{name} does not take {', '.join(map(repr, unknown))}; it takes: {takes}. Nothing was done"


def _refuse_unknown_arguments(server: Any) -> None:
    """The SDK drops arguments a tool's signature lacks before the tool runs; an agent's typo
    (`space_name` for `space`) would then be obeyed as if it were absent. Refuse it instead."""
    from mcp.server.mcpserver.exceptions import ToolError

    original = server.call_tool

    async def call_tool(name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        refusal = unknown_arguments(name, arguments or {})
        if refusal:
            raise ToolError(refusal)
        spec = ops.OPS.get(name)
        if spec is not None:
            # The operation's own strict validation first, in quire's words: the SDK's would coerce
            # `k: "5"` and `explain: "yes"` (which the CLI refuses) and speak pydantic with a URL.
            try:
                ops.parse(spec.request, name, arguments or {})
            except QuireError as exc:
                raise ToolError(f"{exc}. Nothing was done") from None
        return await original(name, arguments, context)

    server.call_tool = call_tool


def run(home: Home | None = None) -> None:
    """Serve over stdio until the client closes the connection."""
    home = home or resolve_home()
    tools = Tools(home)
    try:
        build(home, tools=tools).run("stdio")
    finally:
        tools.local.close()
