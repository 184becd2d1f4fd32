"""An agent's session through MCP alone: the official SDK client over stdio,
QUIRE_HOME passed in the server's environment. The person set the home up beforehand (spaces, the
sample memories, a rebuilt wiki); from then on every step is a tool call, a resource or the prompt."""

from __future__ import annotations

import json

import pytest

from memory.home import Home
from quire import api, ops
from tests.conftest import ROOT
from tests.test_mcp import run_mcp

COFFEE = "I prefer dark roast coffee brewed in a moka pot every morning"
TEA = "I prefer green tea instead of coffee in the morning since March"
UNANSWERABLE = "what is the airspeed velocity of an unladen swallow"


def set_up_by_the_person(home):
    with api.open(home) as q:
        q.run("spaces_add", name="work", default=True)
        q.run("spaces_add", name="home")
        q.run("spaces_add", name="garden", description="nothing in it yet")
        q.import_path(ROOT / "wiki" / "sample" / "memories.jsonl")
        q.rebuild()


def data(result) -> dict:
    assert not result.is_error, result.content[0].text if result.content else result
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


def test_an_agent_captures_finds_supersedes_reads_a_page_lists_changes_and_hears_nothing_close(quire_home):
    set_up_by_the_person(quire_home)

    async def session(s):
        out: dict = {}
        out["prompt"] = (await s.get_prompt("quire_memory")).messages[0].content.text
        # 1. capture a preference
        out["stored"] = data(
            await s.call_tool(
                "capture",
                {
                    "content": COFFEE,
                    "type": "preference",
                    "fields": {"preference": "dark roast from a moka pot", "applies_when": "morning coffee"},
                },
            )
        )
        # 2. find it
        out["found"] = data(await s.call_tool("recall", {"query": "how do I like my morning coffee", "k": 10}))
        # 3. supersede it, and see it wait for the person
        old = out["stored"]["id"]
        out["superseded"] = data(
            await s.call_tool(
                "supersede",
                {
                    "memory_id": old,
                    "content": TEA,
                    "fields": {"preference": "green tea", "applies_when": "morning drink"},
                },
            )
        )
        out["still"] = data(
            await s.call_tool("recall", {"query": "coffee or tea in the morning", "k": 5, "types": ["preference"]})
        )
        out["queue"] = data(await s.call_tool("curate_list", {}))
        out["old"] = data(await s.call_tool("memory_show", {"memory_id": old}))
        # 4. read the page that cites a memory
        hit = data(await s.call_tool("recall", {"query": "how do we run database migrations", "k": 3}))["results"][0]
        out["hit"] = hit
        out["cited"] = data(await s.call_tool("memory_show", {"memory_id": hit["id"]}))
        slug = out["cited"]["pages"][0]["slug"]
        out["page"] = data(await s.call_tool("page_read", {"slug": slug}))
        out["resource"] = (await s.read_resource(f"quire://page/{slug}")).contents[0].text
        # 5. what changed this week
        out["week"] = data(await s.call_tool("recent", {"days": 7, "limit": 100}))
        # 6. an unanswerable question
        out["empty"] = data(await s.call_tool("recall", {"query": UNANSWERABLE, "space": "garden"}))
        out["unanswerable"] = data(await s.call_tool("recall", {"query": UNANSWERABLE, "k": 10}))
        return out

    out = run_mcp(quire_home, session)
    assert "supersede" in out["prompt"] and "cite" in out["prompt"]

    stored, old = out["stored"], out["stored"]["id"]
    assert stored["status"] == "stored"
    assert old in [h["id"] for h in out["found"]["results"]]
    found = next(h for h in out["found"]["results"] if h["id"] == old)
    assert (found["text"], found["type"]) == (COFFEE, "preference")
    assert len(json.dumps(out["found"], separators=(",", ":"))) < 2048  # k=10, compact

    sup = out["superseded"]
    assert sup["applied"] is False and sup["supersedes"] == old and "waits for the person" in sup["message"]
    assert old in [h["id"] for h in out["still"]["results"]]  # the old preference is still current
    assert sup["id"] not in [h["id"] for h in out["still"]["results"]]
    assert [(i["id"], i["old_id"], i["new_id"], i["created_by"]) for i in out["queue"]["items"]] == [
        (sup["review_item"], old, sup["id"], "mcp")
    ]
    assert out["old"]["status"] == "active" and sup["review_item"] in [r["id"] for r in out["old"]["reviews"]]

    cited, page = out["cited"], out["page"]
    marker = cited["pages"][0]["marker"]
    assert out["hit"]["id"] in [s["memory_id"] for s in page["sources"]]
    assert f"[^m{marker}]" in page["body"] and out["resource"] == page["body"]

    week = {r["id"]: r["status"] for r in out["week"]["results"]}
    assert week[old] == "active" and week[sup["id"]] == "pending_revision"
    assert len(week) == 34 + 2  # the person's import of the sample this week counts too

    assert out["empty"]["results"] == []
    assert out["empty"]["message"] == f"nothing close to {UNANSWERABLE!r}"
    if "floor" in out["unanswerable"]:  # the relevance floor: nothing clears it
        assert out["unanswerable"]["results"] == [] and out["unanswerable"]["message"].startswith("nothing close")

    # The person, afterwards: the agent's supersede waited, nothing changed until they accept it.
    with api.open(Home(quire_home).root) as q:
        assert q.show(old).status == "active"
        assert q.show(sup["id"]).status == "pending_revision"
        assert ops.OPS["curate_accept"](q.session, {"item_id": sup["review_item"]})["changed"] is True
        assert q.show(sup["id"]).status == "active" and q.show(old).status == "superseded"


@pytest.mark.model
def test_an_unanswerable_question_is_nothing_close_over_mcp_with_the_real_model(quire_home, monkeypatch):
    """The relevance floor is the real model's: the sample home answers a question about itself, and
    an unrelated one comes back empty, saying so, with no_floor to see the nearest anyway."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    set_up_by_the_person(quire_home)

    async def session(s):
        ask = {"query": UNANSWERABLE, "k": 10}
        return [
            data(await s.call_tool("recall", ask)),
            data(await s.call_tool("recall", {**ask, "no_floor": True})),
            data(await s.call_tool("recall", {"query": "how do we run database migrations", "k": 10})),
        ]

    empty, nearest, answered = run_mcp(quire_home, session, env={"QUIRE_EMBEDDER": "minilm", "HF_HUB_OFFLINE": "1"})
    assert empty["results"] == [] and empty["nothing_close"] is True and empty["best"] < empty["floor"]
    assert empty["message"].startswith(f"nothing close to {UNANSWERABLE!r} (best ")
    assert len(nearest["results"]) == 10 and nearest["message"].endswith("these are the nearest anyway)")
    assert "migrations" in answered["results"][0]["text"] and "message" not in answered
    assert len(json.dumps(answered, ensure_ascii=False, separators=(",", ":")).encode()) < 2000


def test_the_transcript_script_shows_every_step_of_the_session():
    """scripts/mcp_transcript.py (what docs/agents.md points a person to) runs start to finish."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "scripts/mcp_transcript.py"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    for step in (
        "-> tools/call capture",
        "-> tools/call recall",
        "-> tools/call supersede",
        "waits for the person",
        "-> tools/call page_read",
        "-> tools/call recent",
        "nothing close to",
        "did you mean recall(query=...)?",
        "rejected: credential_leak",
    ):
        assert step in out, step
    assert "sk-live" not in out.split("rejected: credential_leak")[1]  # the key is never echoed back
