"""`quire mcp` driven by the official MCP client (stdio_client + ClientSession) in a subprocess."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from memory.home import Home
from tests.conftest import ROOT
from tests.test_service import Blackhole, Served

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"
SECRET = "sk-" + "proj" + "Zx81Qw27Er64Ty93Ui05Op36As" + "Df72Gh"

READ_ONLY = {
    "recall",
    "memory_show",
    "history",
    "recent",
    "spaces_list",
    "pages",
    "curate_list",
    "page_read",
    "page_search",
    "status",
}
WRITES = {"capture", "pin", "confirm"}
DESTRUCTIVE = {"supersede", "curate_accept", "curate_dismiss", "forget"}


def run_mcp(home: Path, scenario, *, timeout: float = 120, errlog: Path | None = None, env: dict | None = None):
    """Start `python -m quire.cli mcp` for `home`, initialise, run `scenario(session)`, return its value
    (`env` adds to the server's environment: `{"QUIRE_EMBEDDER": "minilm"}` for the real model)."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "quire.cli", "mcp"],
        cwd=str(ROOT),
        env={"QUIRE_HOME": str(home), "QUIRE_EMBEDDER": "fake", **(env or {})},
    )
    errlog = errlog or home.parent / "mcp-stderr.txt"

    async def main():
        with open(errlog, "a") as err, anyio.fail_after(timeout):
            async with stdio_client(params, errlog=err) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return await scenario(session)

    return anyio.run(main)


def data(result) -> dict:
    assert not result.is_error, result.content[0].text if result.content else result
    return result.structured_content


def text(result) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


def test_tools_are_listed_with_their_declared_effects(quire_home):
    async def scenario(s):
        return (await s.list_tools()).tools

    tools = {t.name: t for t in run_mcp(quire_home, scenario)}
    assert set(tools) == READ_ONLY | DESTRUCTIVE | WRITES
    for name in READ_ONLY:
        a = tools[name].annotations
        assert a.read_only_hint is True and a.open_world_hint is False, name
    for name in DESTRUCTIVE:
        a = tools[name].annotations
        assert (a.read_only_hint, a.destructive_hint, a.open_world_hint) == (False, True, False), name
    for name in WRITES:
        a = tools[name].annotations
        assert (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint) == (
            False,
            False,
            True,
            False,
        ), name
    schema = tools["capture"].input_schema
    assert schema["required"] == ["content"]
    assert "preference" in schema["properties"]["type"]["enum"]
    every_param = {p for t in tools.values() for p in t.input_schema.get("properties", {})}
    assert not {p for p in every_param if "token" in p or "secret" in p or "key" in p}


def test_capture_and_recall_as_the_mcp_actor(quire_home):
    async def scenario(s):
        stored = data(
            await s.call_tool(
                "capture",
                {
                    "content": "The staging cluster moved to the new region in March",
                    "type": "fact",
                    "entities": ["staging"],
                },
            )
        )
        dup = data(
            await s.call_tool(
                "capture", {"content": "The staging cluster moved to the new region in March", "type": "fact"}
            )
        )
        found = data(await s.call_tool("recall", {"query": "where is the staging cluster", "k": 3}))
        shown = data(await s.call_tool("memory_show", {"memory_id": stored["id"]}))
        status = data(await s.call_tool("status", {}))
        return stored, dup, found, shown, status

    stored, dup, found, shown, status = run_mcp(quire_home, scenario)
    assert stored["status"] == "stored" and (dup["status"], dup["id"]) == ("duplicate", stored["id"])
    assert found["results"][0]["id"] == stored["id"] and shown["entities"] == ["staging"]
    assert status["total"] == 1
    from memory import audit
    from memory.session import Session

    with Session(Home(quire_home)) as s:
        assert s.db.scalar("SELECT source_agent FROM memories WHERE id = ?", (stored["id"],)) == "mcp"
        assert {e.actor for e in audit.entries(s.db) if e.action in ("capture", "recall_access")} == {"mcp"}


@pytest.mark.parametrize("via", ["in_process", "service"])
def test_an_agent_walks_a_review_item(quire_home, via):
    service = Served(quire_home) if via == "service" else None

    async def scenario(s):
        old = data(
            await s.call_tool(
                "capture",
                {
                    "content": TABS,
                    "type": "preference",
                    "fields": {"preference": "tabs", "applies_when": "Python code"},
                },
            )
        )
        new = data(
            await s.call_tool(
                "capture",
                {
                    "content": SPACES,
                    "type": "preference",
                    "supersedes": old["id"],
                    "fields": {"preference": "spaces", "applies_when": "Python code"},
                },
            )
        )
        before = data(await s.call_tool("recall", {"query": "indentation Python", "k": 5}))
        queue = data(await s.call_tool("curate_list", {}))
        item = queue["items"][0]["id"]
        accepted = data(await s.call_tool("curate_accept", {"item_id": item}))
        again = data(await s.call_tool("curate_accept", {"item_id": item}))
        after = data(await s.call_tool("recall", {"query": "indentation Python", "k": 5}))
        # A contradiction without `supersedes` is held too: the agent cannot slip past review.
        light = data(
            await s.call_tool(
                "capture", {"content": "I prefer a light editor theme when coding at night", "type": "preference"}
            )
        )
        dark = data(
            await s.call_tool(
                "capture", {"content": "I prefer a dark editor theme when coding at night", "type": "preference"}
            )
        )
        held = data(await s.call_tool("curate_list", {}))
        dismissed = data(await s.call_tool("curate_dismiss", {"item_id": held["items"][0]["id"]}))
        status = data(await s.call_tool("status", {}))
        return old, new, before, queue, accepted, again, after, light, dark, held, dismissed, status

    try:
        old, new, before, queue, accepted, again, after, light, dark, held, dismissed, status = run_mcp(
            quire_home, scenario
        )
        served = service.requests() if service else 0
    finally:
        if service:
            service.stop()
    assert any("review item" in w for w in new["warnings"])
    assert [r["id"] for r in before["results"]] == [old["id"]]  # the change is not current yet
    assert [(i["kind"], i["old_id"], i["new_id"], i["created_by"]) for i in queue["items"]] == [
        ("revision", old["id"], new["id"], "mcp")
    ]
    assert accepted["changed"] is True and again["changed"] is False
    assert [r["id"] for r in after["results"]] == [new["id"]]
    assert any("held for review" in w for w in dark["warnings"])
    assert [(i["old_id"], i["new_id"]) for i in held["items"]] == [(light["id"], dark["id"])]
    assert dismissed["changed"] is True and status["open_reviews"] == 0
    if service:
        assert served >= 12  # every tool call went through the service


def test_disabled_tools_are_not_offered_and_cannot_be_called(quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text('[agents]\ndisabled_tools = ["forget", "curate_accept"]\n')

    async def scenario(s):
        names = {t.name for t in (await s.list_tools()).tools}
        stored = data(
            await s.call_tool("capture", {"content": "The old wiki lived on a shared drive until last spring"})
        )
        refused = await s.call_tool("forget", {"memory_id": stored["id"]})
        return names, stored, refused

    names, stored, refused = run_mcp(quire_home, scenario)
    assert "forget" not in names and "curate_accept" not in names and "curate_dismiss" in names
    assert refused.is_error and "Unknown tool" in text(refused)
    from memory.session import Session

    with Session(Home(quire_home)) as s:
        assert s.db.scalar("SELECT status FROM memories WHERE id = ?", (stored["id"],)) == "active"


def test_read_only_setting_offers_only_read_only_tools(quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text("[agents]\nread_only = true\n")

    async def scenario(s):
        listed = (await s.list_tools()).tools
        refused = await s.call_tool("capture", {"content": "Agents in read-only mode must not be able to store this"})
        return listed, refused

    listed, refused = run_mcp(quire_home, scenario)
    assert {t.name for t in listed} == READ_ONLY
    assert all(t.annotations.read_only_hint for t in listed)
    assert refused.is_error and "Unknown tool" in text(refused)


def test_credentials_and_the_serve_token_never_leave(quire_home, tmp_path):
    service = Served(quire_home)
    token = service.token
    errlog = tmp_path / "mcp-err.txt"

    async def scenario(s):
        outputs = [await s.call_tool("capture", {"content": f"the billing service calls the API with {SECRET} daily"})]
        stored = await s.call_tool("capture", {"content": "Billing invoices are generated on the first of every month"})
        outputs.append(stored)
        mid = stored.structured_content["id"]
        for name, args in [
            ("recall", {"query": "billing API key"}),
            ("status", {}),
            ("curate_list", {"all": True}),
            ("page_search", {"query": "billing"}),
            ("page_read", {"slug": "billing"}),
            ("forget", {"memory_id": mid}),
            ("curate_dismiss", {"item_id": 1}),
        ]:
            outputs.append(await s.call_tool(name, args))
        return outputs

    try:
        outputs = run_mcp(quire_home, scenario, errlog=errlog)
    finally:
        service.stop()
    rejected = outputs[0]
    assert rejected.is_error and "credential_leak" in text(rejected) and "nothing was stored" in text(rejected)
    everything = json.dumps([o.model_dump(mode="json") for o in outputs]) + errlog.read_text()
    assert SECRET not in everything and token not in everything
    from memory.session import Session

    with Session(Home(quire_home)) as s:
        assert SECRET not in s.db.scalar("SELECT content_redacted FROM rejected_captures")
        assert s.db.scalar("SELECT source_agent FROM rejected_captures") == "mcp"


def test_an_mcp_write_is_not_retried_when_the_service_drops_it(quire_home):
    hole = Blackhole("close")
    hole.install(quire_home)

    async def scenario(s):
        return await s.call_tool("capture", {"content": "The release train leaves every second Tuesday morning"})

    try:
        result = run_mcp(quire_home, scenario)
    finally:
        hole.close()
    assert result.is_error and "unknown" in text(result) and "recall" in text(result)
    assert hole.count == 1
    from memory.session import Session

    with Session(Home(quire_home)) as s:
        assert s.db.scalar("SELECT count(*) FROM memories") == 0


def test_an_argument_a_tool_does_not_take_is_refused_not_ignored(quire_home):
    # The CLI and the service refuse unknown parameters (extra="forbid"); over MCP a typo such as
    # `space_name` must not be obeyed as if the argument were absent, nor store anything.
    async def scenario(s):
        typo = await s.call_tool(
            "capture", {"content": "The build cache is pruned every Sunday night", "space_name": "work"}
        )
        recall = await s.call_tool("recall", {"query": "build cache", "k": 3, "all_space": True})
        status = data(await s.call_tool("status", {}))
        return typo, recall, status

    typo, recall, status = run_mcp(quire_home, scenario)
    assert typo.is_error and "space_name" in text(typo) and "Nothing was done" in text(typo)
    assert recall.is_error and "all_space" in text(recall)
    assert status["total"] == 0
