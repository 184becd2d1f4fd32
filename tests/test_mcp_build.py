"""Servers built one after another in one process (the service's MCP route, the tests): each tool's
schema is generated once a process and copied per server, so each server must still run its tools in
its own home, offer what its home's settings allow, and list the schema a fresh process lists."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio

from memory.home import Home
from quire import mcp_server
from tests.conftest import ROOT

LISTED = "import json, sys\nfrom tests.test_mcp_build import listed\nprint(json.dumps(listed(sys.argv[1])))"


def listed(home: str) -> dict:
    server = mcp_server.build(Home(Path(home)))
    return {t.name: t.model_dump(mode="json") for t in anyio.run(server.list_tools)}


def _call(server, name: str, arguments: dict) -> dict:
    async def main():
        return await server.call_tool(name, arguments)

    return anyio.run(main).structured_content


def test_each_server_runs_in_its_own_home_and_lists_what_a_fresh_process_lists(tmp_path):
    mine, kept = tmp_path / "mine", tmp_path / "kept"
    kept.mkdir(mode=0o700)
    (kept / "config.toml").write_text("[agents]\nread_only = true\n")
    first, read_only, again = (mcp_server.build(Home(h)) for h in (mine, kept, mine))
    text = "The allotment key hangs behind the blue shed door"
    assert _call(first, "capture", {"content": text})["status"] == "stored"
    assert _call(again, "status", {})["total"] == 1  # the same home through the server built later
    kept_status = _call(read_only, "status", {})  # never the home of the server built before it
    assert (kept_status["home"], kept_status["total"]) == (str(kept), 0)
    assert "capture" not in listed(str(kept)) and "capture" in listed(str(mine))
    fresh = subprocess.run(
        [sys.executable, "-c", LISTED, str(mine)], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert json.loads(fresh.stdout) == listed(str(mine))  # built a third time here, the schema of a first
    assert all(tool["input_schema"]["title"] == f"{name}Arguments" for name, tool in listed(str(mine)).items())
