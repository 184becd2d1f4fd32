"""`quire mcp`: quire's operations as MCP tools over stdio, each declaring its effects.

Every tool goes through `wiki.client.call` with actor "mcp": through `quire serve` when it runs,
else through one Session kept open in this process. The effects are declared with MCP tool
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

import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from memory.errors import QuireError
from memory.home import Home, load_settings, resolve_home

ACTOR = "mcp"

INSTRUCTIONS = """quire is the person's local memory and wiki. Use `recall` before answering questions about the
person, their projects, decisions and preferences; use `capture` to keep one small, self-contained fact,
decision, preference or lesson worth remembering (no secrets: credentials are refused). Changes to who the
person is or what they prefer (identity, preference) never apply directly: they wait in the review queue
for the person (`curate_list`). Tools marked destructive change or remove what the person has; ask first."""

MemoryType = Literal["identity", "preference", "decision", "fact", "lesson", "gotcha", "note"]


@dataclass(frozen=True)
class Effects:
    read_only: bool
    destructive: bool = False
    idempotent: bool = True

    def annotations(self, title: str):
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


READ = Effects(read_only=True)
LOCAL_WRITE = Effects(read_only=False, destructive=False, idempotent=True)
DESTRUCTIVE = Effects(read_only=False, destructive=True, idempotent=True)


class Tools:
    """The tool bodies; `call` runs one operation (the service, else the kept local Session)."""

    def __init__(self, home: Home | None = None, call: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None):
        from wiki import client

        self.home = home or resolve_home()
        self.local = client.Local(self.home, actor=ACTOR, keep=True)
        self._call = call or (lambda op, params: client.call(op, params, actor=ACTOR, home=self.home, local=self.local))

    def run(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        from mcp.server.mcpserver.exceptions import ToolError

        try:
            return self._call(op, {k: v for k, v in params.items() if v is not None})
        except QuireError as exc:
            raise ToolError(str(exc)) from None
        except Exception as exc:  # a bug: the agent gets the type, the person's terminal the traceback
            print(f"quire mcp: {op} failed\n{traceback.format_exc()}", file=sys.stderr, flush=True)
            raise ToolError(
                f"quire failed on {op} ({type(exc).__name__}); the MCP server's stderr has details"
            ) from None

    # -- memories ------------------------------------------------------------------------------

    def capture(
        self,
        content: Annotated[str, Field(description="The memory: one self-contained statement (5+ words).")],
        type: Annotated[MemoryType, Field(description="Memory type; identity and preference are Protected.")] = "note",
        fields: Annotated[
            dict[str, str | bool | int | float] | None,
            Field(
                description="Structured fields for the type, e.g. preference: {preference, applies_when}; "
                "decision: {decision, context}; fact/lesson/gotcha/identity: {claim}."
            ),
        ] = None,
        space: Annotated[str | None, Field(description="Space to store into (default: the default space).")] = None,
        entities: Annotated[list[str] | None, Field(description="Names this memory is about.")] = None,
        supersedes: Annotated[str | None, Field(description="Id of the memory this one corrects or replaces.")] = None,
        valid_from: Annotated[str | None, Field(description="When it became true (YYYY-MM-DD); default now.")] = None,
        source: Annotated[str, Field(description="Where it came from (conversation, URL, file).")] = "",
    ) -> dict[str, Any]:
        """Store one memory. An exact duplicate returns the existing id and writes nothing. Credentials,
        too-short or noise text are refused. A change to a Protected memory (identity, preference) is
        held in the review queue for the person: the result's warnings name the review item."""
        result = self.run(
            "capture",
            {
                "content": content,
                "type": type,
                "fields": fields or {},
                "space": space,
                "entities": entities or [],
                "supersedes": supersedes,
                "valid_from": valid_from,
                "source": source,
            },
        )
        if result.get("status") == "rejected":
            from mcp.server.mcpserver.exceptions import ToolError

            raise ToolError(f"rejected: {result.get('reason')} ({result.get('detail')}); nothing was stored")
        return result

    def recall(
        self,
        query: Annotated[str, Field(description="What to look for, in words; time cues like 'last week' work.")],
        space: Annotated[str | None, Field(description="Only this space ('uncategorized' = no space).")] = None,
        all_spaces: Annotated[bool, Field(description="Search every space.")] = False,
        types: Annotated[list[MemoryType] | None, Field(description="Only these memory types.")] = None,
        k: Annotated[int, Field(ge=1, le=100, description="How many results.")] = 10,
        as_of: Annotated[str | None, Field(description="What was current at this date (YYYY-MM-DD).")] = None,
    ) -> dict[str, Any]:
        """Find memories by meaning, words, entities and time; best first, with scores and dates."""
        return self.run(
            "recall",
            {
                "query": query,
                "space": space,
                "all_spaces": all_spaces or None,
                "types": types or None,
                "k": k,
                "as_of": as_of,
            },
        )

    def forget(
        self,
        memory_id: Annotated[str, Field(description="The memory's id (mem_...).")],
        reason: Annotated[str, Field(description="Why; kept with the tombstone.")] = "",
    ) -> dict[str, Any]:
        """Forget a memory everywhere and tombstone its text so it cannot be captured again (only the
        person can lift a tombstone). Destructive: confirm with the person first."""
        return self.run("forget", {"memory_id": memory_id, "reason": reason})

    def status(self) -> dict[str, Any]:
        """Counts by type, space and status; open reviews; schema version and model."""
        return self.run("status", {})

    # -- review queue ----------------------------------------------------------------------------

    def curate_list(
        self,
        all: Annotated[bool, Field(description="Include resolved items.")] = False,
    ) -> dict[str, Any]:
        """Review items waiting for the person (oldest first): kind, old vs new text, ids."""
        return self.run("curate_list", {"all": all or None})

    def curate_accept(
        self,
        item_id: Annotated[int, Field(ge=1, description="The review item's id.")],
        choice: Annotated[
            Literal["keep_new", "keep_old", "keep_both"] | None,
            Field(description="For contradictions: which to keep (default keep_new)."),
        ] = None,
        text: Annotated[str | None, Field(description="Accept with this text instead of the proposed one.")] = None,
    ) -> dict[str, Any]:
        """Accept a review item: the proposed change replaces the current memory. Idempotent (says whether
        anything changed). Destructive: it is the person's decision; confirm with them first."""
        return self.run("curate_accept", {"item_id": item_id, "choice": choice, "text": text})

    def curate_dismiss(
        self,
        item_id: Annotated[int, Field(ge=1, description="The review item's id.")],
    ) -> dict[str, Any]:
        """Dismiss a review item: a proposed change is rejected and tombstoned. Idempotent. Destructive:
        confirm with the person first."""
        return self.run("curate_dismiss", {"item_id": item_id})

    # -- pages -----------------------------------------------------------------------------------

    def page_read(
        self,
        slug: Annotated[str, Field(description="The page's slug (from page_search).")],
    ) -> dict[str, Any]:
        """A wiki page: body (Markdown with [N] citations), sources, changelog and history."""
        return self.run("page_read", {"slug": slug})

    def page_search(
        self,
        query: Annotated[str, Field(description="Words to look for in page titles, summaries and bodies.")],
        space: Annotated[str | None, Field(description="Only pages of this space.")] = None,
        k: Annotated[int, Field(ge=1, le=100, description="How many pages.")] = 10,
    ) -> dict[str, Any]:
        """Wiki pages matching the words, best first (slug, title, summary)."""
        return self.run("page_search", {"query": query, "space": space, "k": k})


# name -> (title, effects); the order is the order a client lists them in.
TOOLS: dict[str, tuple[str, Effects]] = {
    "capture": ("Capture a memory", LOCAL_WRITE),
    "recall": ("Recall memories", READ),
    "curate_list": ("List review items", READ),
    "curate_accept": ("Accept a review item", DESTRUCTIVE),
    "curate_dismiss": ("Dismiss a review item", DESTRUCTIVE),
    "forget": ("Forget a memory", DESTRUCTIVE),
    "page_read": ("Read a wiki page", READ),
    "page_search": ("Search wiki pages", READ),
    "status": ("quire status", READ),
}


def build(home: Home | None = None, *, tools: Tools | None = None, warn: Callable[[str], None] | None = None):
    """The MCP server with every tool the person did not disable in config.toml."""
    from mcp.server.mcpserver import MCPServer

    home = home or resolve_home()
    warn = warn or (lambda line: print(f"warning: {line}", file=sys.stderr, flush=True))
    settings = load_settings(home).agents
    disabled = set(settings.disabled_tools)
    unknown = sorted(disabled - set(TOOLS))
    if unknown:
        warn(f"config.toml [agents] disabled_tools names unknown tools {', '.join(unknown)}; known: {', '.join(TOOLS)}")
    tools = tools or Tools(home)
    server = MCPServer("quire", instructions=INSTRUCTIONS, log_level="WARNING")
    for name, (title, effects) in TOOLS.items():
        if name in disabled or (settings.read_only and not effects.read_only):
            continue
        fn = getattr(tools, name)
        server.add_tool(
            fn, name=name, title=title, description=(fn.__doc__ or "").strip(), annotations=effects.annotations(title)
        )
    return server


def run(home: Home | None = None) -> None:
    """Serve over stdio until the client closes the connection."""
    home = home or resolve_home()
    tools = Tools(home)
    try:
        build(home, tools=tools).run("stdio")
    finally:
        tools.local.close()
