"""Drive `quire mcp` with the official MCP client and print every request and response.

    .venv/bin/python scripts/mcp_transcript.py            # temp home, fake embedder (fast)
    .venv/bin/python scripts/mcp_transcript.py --real     # the real all-MiniLM-L6-v2 model
    .venv/bin/python scripts/mcp_transcript.py --home DIR # an existing home (writes to it!)

The session: list the tools with their declared effects, capture a preference, propose a
superseding preference (it waits for review), recall, walk the review item, and show that a
capture holding a credential is refused without echoing it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parent.parent
FAKE_KEY = "sk-" + "live" + "4f9QWERTYuiop1234ASDFghjk"  # shaped like a key; not a real one


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
    if name in ("recall",):  # keep the transcript short: the fields an agent reads first
        out = {
            **out,
            "results": [
                {k: r[k] for k in ("id", "type", "score", "date", "status", "content")} for r in out.get("results", [])
            ],
        }
    show("<-", name, out)
    return result.structured_content or {}


async def transcript(home: Path, real: bool) -> None:
    env = {"QUIRE_HOME": str(home)}
    if not real:
        env["QUIRE_EMBEDDER"] = "fake"
    params = StdioServerParameters(command=sys.executable, args=["-m", "quire.cli", "mcp"], env=env, cwd=str(ROOT))
    with anyio.fail_after(300):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            init = await session.initialize()
            show("<-", "initialize", {"server": init.server_info.name, "instructions": init.instructions})
            tools = (await session.list_tools()).tools
            show(
                "<-",
                "tools/list",
                [{"name": t.name, **t.annotations.model_dump(by_alias=True, exclude_none=True)} for t in tools],
            )
            old = await call(
                session,
                "capture",
                {
                    "content": "I prefer tabs for indentation in all my Python code",
                    "type": "preference",
                    "fields": {"preference": "tabs", "applies_when": "Python code"},
                },
            )
            await call(
                session,
                "capture",
                {
                    "content": "I prefer spaces for indentation in all my Python code",
                    "type": "preference",
                    "fields": {"preference": "spaces", "applies_when": "Python code"},
                    "supersedes": old.get("id"),
                },
            )
            await call(session, "recall", {"query": "how do I indent Python code", "k": 3})
            queue = await call(session, "curate_list", {})
            if queue.get("items"):
                await call(session, "curate_accept", {"item_id": queue["items"][0]["id"]})
            await call(session, "recall", {"query": "how do I indent Python code", "k": 3})
            await call(session, "capture", {"content": f"The billing job authenticates with {FAKE_KEY} every night"})
            await call(session, "status", {})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", type=Path, help="QUIRE_HOME to use (default: a new temp folder)")
    parser.add_argument("--real", action="store_true", help="use the real embedding model")
    args = parser.parse_args()
    if args.home:
        anyio.run(transcript, args.home.absolute(), args.real)
        return
    with tempfile.TemporaryDirectory() as tmp:
        anyio.run(transcript, Path(tmp) / "home", args.real)


if __name__ == "__main__":
    main()
