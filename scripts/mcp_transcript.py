"""Drive `quire mcp` with the official MCP client and print every request and response.

    .venv/bin/python scripts/mcp_transcript.py            # temp home with the sample, fake embedder (fast)
    .venv/bin/python scripts/mcp_transcript.py --real     # the real all-MiniLM-L6-v2 model
    .venv/bin/python scripts/mcp_transcript.py --home DIR # an existing home (writes to it!)
    .venv/bin/python scripts/mcp_transcript.py --measure --home .quire-demo
                                                          # bytes of k=10 recalls, compact and detail

The session (what tests/test_agent_session.py checks): the tools with their effects, the prompt,
capture a preference, find it, supersede it (it waits for the person), read the page that cites a
memory, what changed this week, an unanswerable question ("nothing close": in an empty space, and
with --real in the whole home), refusals that name the next call (an unknown memory, a tool name
mistyped), and a capture holding a credential refused without echoing it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parent.parent
UNANSWERABLE = "what is the airspeed velocity of an unladen swallow"
FAKE_KEY = "sk-" + "live" + "4f9QWERTYuiop1234ASDFghjk"  # shaped like a key; not a real one
QUERIES = (
    "how do we run database migrations",
    "what did we decide about the payments api",
    "how did we fix the postgres connection errors",
    "what editor do I use",
    "train or car for trips",
)


def show(direction: str, what: str, payload) -> None:
    body = json.dumps(payload, indent=2, ensure_ascii=False, default=str)
    print(f"{direction} {what}\n" + "\n".join("    " + line for line in body.splitlines()) + "\n")


async def call(session: ClientSession, name: str, args: dict) -> dict:
    show("->", f"tools/call {name}", args)
    result = await session.call_tool(name, args)
    if result.is_error:
        show("<-", f"{name} (isError)", [getattr(c, "text", "") for c in result.content])
        return {}
    out = result.structured_content or {}
    if name == "page_read":  # keep the transcript short: the page's head, not all of it
        out = {**out, "body": out.get("body", "")[:400] + "…", "history": "…", "changelog": "…"}
    show("<-", f"{name} ({len(result.content[0].text.encode())} bytes)", out)
    return result.structured_content or {}


def server(home: Path, real: bool) -> StdioServerParameters:
    env = {"QUIRE_HOME": str(home), "PYTHONPATH": str(ROOT)}  # the SDK passes no QUIRE_HOME of its own
    if not real:
        env["QUIRE_EMBEDDER"] = "fake"
    return StdioServerParameters(command=sys.executable, args=["-m", "quire.cli", "mcp"], env=env, cwd=str(ROOT))


# The set-up's commands run in one interpreter, each as `quire ARGS` runs it, stopping at the first that fails:
# a fresh interpreter a command paid its start-up (~1 s) five times, most of the script's time.
SET_UP = (
    ("spaces", "add", "work", "--default"),
    ("spaces", "add", "home"),
    ("spaces", "add", "garden"),
    ("import", "wiki/sample/memories.jsonl"),
    ("rebuild",),
)
RUN_SET_UP = """
import json, sys
from quire.cli.app import cli
for args in json.loads(sys.argv[1]):
    try:
        cli.main(args, prog_name="quire")
    except SystemExit as done:
        if done.code:
            raise
"""


def set_up(home: Path, real: bool) -> None:
    """What the person does first: two spaces, the sample memories, a rebuilt wiki."""
    env = {**os.environ, "QUIRE_HOME": str(home), "PYTHONPATH": str(ROOT)}
    if not real:
        env["QUIRE_EMBEDDER"] = "fake"
    steps = json.dumps(SET_UP)
    subprocess.run([sys.executable, "-c", RUN_SET_UP, steps], cwd=ROOT, env=env, check=True, capture_output=True)


async def transcript(home: Path, real: bool) -> None:
    with anyio.fail_after(300):
        async with stdio_client(server(home, real)) as (read, write), ClientSession(read, write) as session:
            init = await session.initialize()
            show("<-", "initialize", {"server": init.server_info.model_dump(exclude_none=True)})
            tools = (await session.list_tools()).tools
            show(
                "<-",
                "tools/list",
                [{"name": t.name, **t.annotations.model_dump(by_alias=True, exclude_none=True)} for t in tools],
            )
            prompt = await session.get_prompt("quire_memory")
            show("<-", "prompts/get quire_memory", [*prompt.messages[0].content.text.splitlines()[:6], "…"])
            old = await call(
                session,
                "capture",
                {
                    "content": "I prefer dark roast coffee brewed in a moka pot every morning",
                    "type": "preference",
                    "fields": {"preference": "dark roast from a moka pot", "applies_when": "morning coffee"},
                },
            )
            await call(session, "recall", {"query": "how do I like my morning coffee", "k": 3})
            await call(
                session,
                "supersede",
                {
                    "memory_id": old.get("id"),
                    "content": "I prefer green tea instead of coffee in the morning since March",
                    "fields": {"preference": "green tea", "applies_when": "morning drink"},
                },
            )
            await call(session, "curate_list", {})
            hit = await call(session, "recall", {"query": "how do we run database migrations", "k": 10})
            first = (hit.get("results") or [{}])[0].get("id")
            shown = await call(session, "memory_show", {"memory_id": first})
            if shown.get("pages"):
                await call(session, "page_read", {"slug": shown["pages"][0]["slug"]})
            await call(session, "recent", {"days": 7, "limit": 5})
            await call(session, "recall", {"query": UNANSWERABLE, "space": "garden"})  # an empty space
            if real:  # the relevance floor is the real model's: nothing in the home comes close
                await call(session, "recall", {"query": UNANSWERABLE, "k": 10})
            await call(session, "memory_show", {"memory_id": "mem_000000000000"})
            await call(session, "recal", {"query": "coffee"})
            await call(session, "capture", {"content": f"The billing job authenticates with {FAKE_KEY} every night"})


async def measure(home: Path, real: bool) -> None:
    """Bytes of a k=10 recall over MCP (the text block; the structured copy is the same JSON)."""
    async with stdio_client(server(home, real)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for query in QUERIES:
            sizes = []
            for detail in (False, True):
                result = await session.call_tool("recall", {"query": query, "k": 10, "detail": detail})
                sizes.append(len(result.content[0].text.encode()))
            print(f"k=10 {query!r}: compact {sizes[0]} B, detail {sizes[1]} B")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", type=Path, help="QUIRE_HOME to use (default: a new temp folder with the sample)")
    parser.add_argument("--real", action="store_true", help="use the real embedding model")
    parser.add_argument("--measure", action="store_true", help="print the bytes of k=10 recalls instead")
    args = parser.parse_args()
    run = measure if args.measure else transcript
    if args.home:
        anyio.run(run, args.home.absolute(), args.real or args.measure)
        return
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        set_up(home, args.real)
        anyio.run(run, home, args.real)


if __name__ == "__main__":
    main()
