"""The library API (`quire.open`): the fourth skin over the ops registry gives what the CLI and the
service give, typed; the embedder passed in is the one used; a bad argument is InvalidInput."""

from __future__ import annotations

import json
import re
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import quire
from memory.embed import FakeEmbedder
from memory.errors import InvalidInput, NotFound, QuireError
from memory.home import Home
from quire import ops
from tests.conftest import in_threads

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"
NOTES = [
    ("Postgres replica number one streams changes from the primary server.", ["Postgres"]),
    ("Postgres replica number two streams changes from the primary server.", ["Postgres"]),
    ("Postgres replica number three lags behind the primary during backups.", ["Postgres"]),
    ("Billing invoices are generated on the first of every month", []),
]


# -- the exported names ----------------------------------------------------------------------------


def test_the_package_exports_exactly_its_public_names():
    assert sorted(quire.__all__) == ["InvalidInput", "NotFound", "Quire", "QuireError", "__version__", "open"]
    namespace: dict[str, Any] = {}
    exec("from quire import *", namespace)
    assert {k for k in namespace if k != "__builtins__"} == set(quire.__all__)
    assert quire.InvalidInput is InvalidInput and issubclass(quire.NotFound, quire.QuireError)
    assert quire.open.__module__ == "quire.api" and re.fullmatch(r"\d+\.\d+\.\d+", quire.__version__)


# -- one result on every skin ----------------------------------------------------------------------


def _scenario(run) -> dict[str, Any]:
    """capture, recall, the review queue, rebuild: through `run(op, params) -> dict`."""
    out: dict[str, Any] = {"captures": []}
    for text, entities in NOTES:
        out["captures"].append(run("capture", {"content": text, "entities": entities}))
    out["captures"].append(run("capture", {"content": NOTES[0][0], "entities": ["Postgres"]}))  # a duplicate
    out["captures"].append(run("capture", {"content": TABS, "type": "preference"}))
    out["captures"].append(run("capture", {"content": SPACES, "type": "preference"}))  # held for review
    out["recall"] = run("recall", {"query": "postgres replica primary", "k": 3, "explain": True, "detail": True})
    out["compact"] = run("recall", {"query": "postgres replica primary", "k": 3, "detail": False})
    out["review"] = run("curate_list", {})
    item = out["review"]["items"][0]["id"]
    out["shown"] = run("curate_show", {"item_id": item})
    out["accepted"] = run("curate_accept", {"item_id": item})
    out["again"] = run("curate_accept", {"item_id": item})
    out["rebuild"] = {k: v for k, v in run("rebuild", {}).items() if k != "seconds"}
    out["after"] = run("recall", {"query": "indentation", "k": 2, "detail": True})
    return out


def _normalized(data: dict[str, Any], home: Path) -> str:
    """The same story in another home: ids renumbered by first appearance, the home's path named."""
    text = json.dumps(data, ensure_ascii=False, default=str).replace(str(home), "HOME")
    seen: dict[str, str] = {}
    # A snapshot's name holds a random part too (wiki/snapshot.py: devices sharing a store never take one name).
    text = re.sub(r"(\d{8}T\d{6}Z)-[0-9a-f]{8}-(\d{4})", r"\1-RANDOM-\2", text)
    return re.sub(r"\b(?:mem|page)_[0-9a-f]{12}\b", lambda m: seen.setdefault(m.group(0), f"id{len(seen)}"), text)


@pytest.fixture
def homes(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", "2026-03-01T10:00:00")

    def make(name: str) -> Path:
        home = tmp_path / name
        monkeypatch.setenv("QUIRE_HOME", str(home))
        return home

    return make


def _command(op: str, params: dict[str, Any]) -> list[str]:
    """The `quire` command line for one step of the scenario."""
    if op == "capture":
        args = ["capture", params["content"], *(a for e in params.get("entities", []) for a in ("--entity", e))]
        return args + (["--type", params["type"]] if "type" in params else [])
    if op == "recall":
        flags = [*(["--explain"] if params.get("explain") else []), "--detail" if params["detail"] else "--compact"]
        return ["recall", params["query"], "-k", str(params["k"]), *flags]
    if op.startswith("curate_"):
        return ["curate", op.removeprefix("curate_"), *([str(params["item_id"])] if "item_id" in params else [])]
    assert op == "rebuild"
    return ["rebuild"]


def test_library_cli_and_service_give_the_same_result(homes, cli_json, monkeypatch):
    from quire import client, service

    lib_home = homes("library")
    with quire.open(lib_home, actor="cli") as q:
        library = _scenario(lambda op, params: ops.dump(q.run(op, **params)))

    cli_home = homes("cli")  # the CLI in process (no service running)
    cli = _scenario(lambda op, params: cli_json(*_command(op, params)))
    assert not (cli_home / "serve.json").exists()

    serve_home = homes("serve")  # the same commands, answered by `quire serve`
    svc = service.Service(Home(serve_home))
    runner = threading.Thread(target=svc.serve_forever)
    runner.start()
    try:
        with monkeypatch.context() as m:
            m.setattr(client, "Local", None)  # an in-process fallback would fail: the service answers all
            served = _scenario(lambda op, params: cli_json(*_command(op, params)))
    finally:
        svc.stop()
        runner.join(30)
    with quire.open(serve_home) as q:
        assert q.status().total == 6

    assert library["captures"][-1]["warnings"] and library["accepted"]["changed"] is True
    assert library["rebuild"]["written"] >= 2 and library["recall"]["results"][0]["signals"]
    assert _normalized(library, lib_home) == _normalized(cli, cli_home) == _normalized(served, serve_home)


def test_an_agent_over_mcp_gets_what_the_library_returns(homes):
    """MCP offers a subset (no rebuild, no curate_show); on it, the same functions give the same result."""
    from quire import mcp_server

    def agent(run) -> dict[str, Any]:
        out = {"captures": [run("capture", {"content": t, "entities": e}) for t, e in NOTES]}
        out["held"] = [run("capture", {"content": TABS, "type": "preference"})]
        out["held"].append(run("capture", {"content": SPACES, "type": "preference"}))
        out["recall"] = run("recall", {"query": "postgres replica primary", "k": 3, "explain": True})
        out["review"] = run("curate_list", {})
        out["accepted"] = run("curate_accept", {"item_id": out["review"]["items"][0]["id"]})
        out["after"] = run("recall", {"query": "indentation", "k": 2})
        return out

    lib_home = homes("library")
    with quire.open(lib_home, actor="mcp") as q:
        # what an agent reads differs in words only: the next steps are named as tool calls
        library = agent(lambda op, params: mcp_server.for_agents(ops.dump(q.run(op, **params))))
    mcp_home = homes("mcp")
    tools = mcp_server.Tools(Home(mcp_home))
    try:
        over_mcp = agent(lambda op, params: tools.function(op)(**params).structured_content)
    finally:
        tools.local.close()
    assert library["review"]["items"][0]["created_by"] == "mcp" and "text" in library["recall"]["results"][0]
    assert any("curate_accept(item_id=" in w for w in library["held"][1]["warnings"])
    assert _normalized(library, lib_home) == _normalized(over_mcp, mcp_home)


def test_the_cli_prints_what_the_library_returns(homes, cli_json):
    home = homes("one")
    with quire.open(home) as q:
        q.capture(NOTES[0][0], entities=["Postgres"])
        mine = q.recall("postgres replica", k=5, detail=True)
        theirs = cli_json("recall", "postgres replica", "-k", "5")
        # the CLI's recall counted one more access (and effective confidence, as of now, counts reads);
        # the rest is the same, key for key
        drop = ("access_count", "last_accessed", "effective_confidence")
        ours = ops.dump(mine)
        assert [{k: v for k, v in r.items() if k not in drop} for r in ours["results"]] == [
            {k: v for k, v in r.items() if k not in drop} for r in theirs["results"]
        ]
        assert list(ours) == list(theirs) and list(ours["results"][0]) == list(theirs["results"][0])


# -- typed results ---------------------------------------------------------------------------------


def test_every_method_returns_its_operations_response_model(tmp_path):
    with quire.open(tmp_path / "h") as q:
        stored = q.capture(NOTES[0][0], type="fact", entities=["Postgres"])
        assert type(stored) is ops.CaptureResponse and stored.status == "stored" and stored.id.startswith("mem_")
        assert stored.pending_embed is False and stored.detail is None
        for text, entities in NOTES[1:]:
            q.capture(text, entities=entities)
        found = q.recall("postgres replica", k=2)
        assert type(found) is ops.RecallResponse and len(found.results) == 2
        hit = found.results[0]
        assert isinstance(hit, ops.CompactHit) and "Postgres replica" in hit.text and hit.score > 0
        full = q.recall("postgres replica", k=2, detail=True, explain=True).results[0]
        assert isinstance(full, ops.RecallHit) and full.content == hit.text and full.signals
        assert found.terms is None and q.recall("postgres replica", detail=True).terms == ["postgres", "replica"]
        built = q.rebuild()
        assert type(built) is ops.RebuildResponse and built.written >= 1 and built.index == "written"
        status = q.status()
        assert type(status) is ops.StatusResponse and status.total == 4 and status.by_type == {"fact": 1, "note": 3}
        slug = q.pages().pages[0]["slug"]
        assert q.page(slug).slug == slug and q.page_search("postgres").results
        assert q.history(stored.id).id == stored.id
        assert q.pin(stored.id).changed is True and q.unpin(stored.id).changed is True
        assert q.review().items == [] and q.lint().pages >= 1
        assert q.forget(stored.id, reason="test").changed is True


def test_every_operation_returns_an_instance_of_its_response_model(session):
    """The registry's contract, checked on the functions themselves: each declares its model."""
    for name, spec in ops.OPS.items():
        assert spec.fn.__annotations__["return"] == spec.response.__name__, name
        assert spec.response.model_config.get("extra") == "forbid", name
    result = ops.run_model(session, "capture", {"content": NOTES[3][0]})
    assert type(result) is ops.CaptureResponse
    assert ops.run(session, "status", {}) == ops.dump(ops.run_model(session, "status", {}))


def test_an_operation_that_returns_a_stray_key_is_a_bug_not_an_answer(session, monkeypatch):
    real = ops.OPS["status"]

    def leaky(s, p):
        return {**ops.dump(real.fn(s, p)), "debug": 1}

    monkeypatch.setitem(ops.OPS, "status", ops.Op(**{**vars(real), "fn": leaky}))
    with pytest.raises(QuireError, match="status returned a result outside its response model"):
        ops.run(session, "status", {})


# -- the embedder passed in ------------------------------------------------------------------------


class Recording:
    """A fake model of its own (not the QUIRE_EMBEDDER one): records every text it encodes."""

    model_id = "test:recording"
    dim = FakeEmbedder.dim

    def __init__(self) -> None:
        self.texts: list[str] = []
        self._inner = FakeEmbedder()

    def encode(self, texts, batch_size: int = 64) -> np.ndarray:
        self.texts += list(texts)
        return self._inner.encode(texts, batch_size)


def test_the_embedder_passed_in_is_the_one_used(tmp_path, monkeypatch):
    def no_model():
        raise AssertionError("the configured model was loaded although one was passed in")

    monkeypatch.setattr("memory.session.load_embedder", no_model)
    model = Recording()
    with quire.open(tmp_path / "h", embedder=model) as q:
        for text, entities in NOTES:
            q.capture(text, entities=entities)
        assert any(NOTES[0][0] in t for t in model.texts)
        q.recall("which replica lags behind", k=3)
        assert any("which replica lags behind" in t for t in model.texts)
        status = q.status()
        assert status.model == "test:recording" and status.embedded_with == {"test:recording": 4}
        assert status.needs_embedding == 0  # measured against the model in use, not QUIRE_EMBEDDER's
        assert q.rebuild().embedded == 0
    with quire.open(tmp_path / "h2", embedder=model) as q:
        q.capture("The staging cluster moved to the new region in March", defer_embed=True)
        assert q.status().needs_embedding == 1
        assert q.reembed().model == "test:recording" and q.status().needs_embedding == 0


@pytest.mark.parametrize(
    "embedder",
    [
        object(),
        type("NoDim", (), {"model_id": "x", "encode": lambda s, t: t})(),
        type("Dim0", (Recording,), {"dim": 0})(),
    ],
)
def test_an_embedder_that_is_not_one_is_refused_at_open(tmp_path, embedder):
    with pytest.raises(InvalidInput, match="embedder needs"):
        quire.open(tmp_path / "h", embedder=embedder)
    assert not (tmp_path / "h").exists()


# -- bad arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda q: q.recall(""), "query"),
        (lambda q: q.recall("x y", k=0), "k"),
        (lambda q: q.recall("x y", k="ten"), "k"),
        (lambda q: q.recall("x y", space="work", all_spaces=True), "not both"),
        (lambda q: q.recall("x y", colour="red"), "unknown parameter"),
        (lambda q: q.capture(None), "content"),
        (lambda q: q.capture(42), "content"),
        (lambda q: q.capture("The design review moved to Thursday", type="gossip"), "type"),
        (lambda q: q.capture("The design review moved to Thursday", token="x"), "unknown key"),
        (lambda q: q.accept(0), "item_id"),
        (lambda q: q.accept(1, choice="all"), "choice"),
        (lambda q: q.import_path(123), "path"),
        (lambda q: q.run("drop"), "unknown operation"),
        (lambda q: q.run(7), "operation must be a name"),
        (lambda q: q.history(""), "memory_id"),
    ],
)
def test_a_bad_argument_is_invalid_input_and_changes_nothing(tmp_path, call, match):
    with quire.open(tmp_path / "h") as q:
        q.capture(NOTES[0][0])
        before = ops.dump(q.status())
        with pytest.raises(InvalidInput, match=match):
            call(q)
        assert ops.dump(q.status()) == before


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"home": 5}, "home must be"),
        ({"home": " "}, "home is empty"),
        ({"home": "a\x00b"}, "home holds a NUL"),  # was a bare ValueError from the OS layer
        # The service's rule for who changed what, on the library too: a NUL was cut in the audit
        # log ("a\x00b" read back "a"), a newline split `quire log`'s lines, 5,000 characters fit.
        *[
            ({"actor": a}, "actor must be a short lowercase name")
            for a in ["a\x00b", "ok\nnext", "x" * 33, "My Agent", "", "\ud800"]
        ],
    ],
)
def test_a_bad_home_or_actor_is_invalid_input(tmp_path, kwargs, match):
    with pytest.raises(InvalidInput, match=match):
        quire.open(**{"home": tmp_path / "h", **kwargs})
    assert not (tmp_path / "h").exists() or "home" in kwargs


def test_a_home_that_is_a_file_is_named_as_the_home_the_caller_gave(tmp_path, monkeypatch):
    # It said "point QUIRE_HOME at a folder" to a caller who passed home= (and QUIRE_HOME unset).
    monkeypatch.delenv("QUIRE_HOME", raising=False)
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"home .*notes\.txt is a file, not a folder; give a folder") as caught:
        quire.open(tmp_path / "notes.txt")
    assert "QUIRE_HOME" not in str(caught.value)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_actor_the_rule_allows_is_the_one_the_audit_log_keeps(tmp_path):
    with quire.open(tmp_path / "h", actor="my-agent_2") as q:
        q.capture("I keep my passport in the blue drawer of the hall cabinet")
        assert [e["actor"] for e in q.log()["entries"]][-1:] == ["my-agent_2"]


def test_an_unknown_id_is_not_found(tmp_path):
    with quire.open(tmp_path / "h") as q:
        with pytest.raises(NotFound):
            q.review_item(999)
        with pytest.raises(NotFound):
            q.forget("mem_000000000000")


def test_a_closed_quire_says_so_instead_of_crashing(tmp_path):
    q = quire.open(tmp_path / "h")
    with q:
        q.capture(NOTES[0][0])
    q.close()  # a second close is harmless
    with pytest.raises(QuireError, match="is closed; open it again"):
        q.recall("postgres replica")
    with quire.open(tmp_path / "h") as again:
        assert again.status().total == 1


def test_the_documented_example_prints_what_the_docs_say(tmp_path, capsys):
    doc = (Path(__file__).resolve().parent.parent / "docs" / "library.md").read_text(encoding="utf-8")
    code, printed = re.findall(r"```(?:python)?\n(.*?)```", doc, flags=re.S)[:2]
    assert code.count("\n") <= 10  # the ten-line example
    exec(compile(code.replace("/tmp/quire-demo", str(tmp_path / "demo")), "docs/library.md", "exec"), {})
    assert capsys.readouterr().out == printed


def test_the_readme_example_is_the_documented_one_and_runs_on_a_home_of_one_type(tmp_path, capsys):
    """A person runs the README's example on their own home, where the hits often share a type: the
    compact answer then gives the type once in `defaults`, so the example must read hits filled back in."""
    root = Path(__file__).resolve().parent.parent
    pattern = r"```python\n(.*?)```"
    readme = re.findall(pattern, (root / "README.md").read_text(encoding="utf-8"), flags=re.S)[0]
    library = re.findall(pattern, (root / "docs" / "library.md").read_text(encoding="utf-8"), flags=re.S)[0]
    assert readme == library  # one example, so the two cannot drift apart
    with quire.open(tmp_path / "demo") as q:
        q.capture("We chose Python for the engine because the whole team knows it", type="decision")
        q.capture("We chose Markdown for the pages so that Obsidian can read them", type="decision")
    exec(compile(readme.replace("/tmp/quire-demo", str(tmp_path / "demo")), "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "decision  We chose libSQL for the store because it embeds" in out
    assert "None" not in out


def test_the_readme_chat_jsonl_line_imports_as_a_memory(tmp_path):
    """The one-line chat JSONL example a person copies from the README lands, not refused as too short."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    (line,) = re.findall(r"`(\{\"conversation\": .*?\})`", readme)
    (tmp_path / "chat.jsonl").write_text(line + "\n", encoding="utf-8")
    with quire.open(tmp_path / "h") as q:
        report = q.import_path(tmp_path / "chat.jsonl")
        assert (report.stored, report.rejected) == (1, 0)


def test_a_result_reads_by_key_like_the_json_it_prints(tmp_path):
    with quire.open(tmp_path / "h") as q:
        stored = q.capture(NOTES[0][0])
        assert stored["id"] == stored.id and stored["pending_embed"] is False
        with pytest.raises(KeyError):
            stored["detail"]  # left out of the JSON of a stored capture, so not a key here either
        assert "pending_embed" in stored and "detail" not in stored
        hit = q.recall("postgres replica", k=1).results[0]
        assert hit["text"] == hit.text == NOTES[0][0]
        with pytest.raises(KeyError):
            hit["session"]  # not a turn of a conversation
        assert q.status()["total"] == 1


def test_import_quire_loads_no_model_runtime_and_no_numpy():
    import subprocess
    import sys

    from tests.conftest import ROOT

    probe = (
        "import sys, quire; print(sorted(m for m in ('numpy', 'torch', 'onnxruntime', 'networkx') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_import_and_the_review_queue_through_the_library(tmp_path):
    notes = tmp_path / "notes.jsonl"
    lines = [{"content": t, "entities": e} for t, e in NOTES] + [
        {"content": "x"},
        {"content": TABS, "type": "preference"},
    ]
    notes.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    seen: list[Any] = []
    with quire.open(tmp_path / "h") as q:
        report = q.import_path(notes, progress=lambda *a: seen.append(a))
        assert type(report) is ops.ImportResponse and (report.stored, report.rejected) == (5, 1)
        assert report.format is None and len(report.ids) == 5 and seen  # a JSONL report has no chat counts
        assert q.import_path(notes).stored == 0  # a re-run stores nothing twice
        held = q.capture(SPACES, type="preference")
        item = q.review().items[0]
        assert item["new_id"] == held.id and q.review_item(item["id"]).new_memory["status"] == "pending_revision"
        assert q.dismiss(item["id"]).changed is True and q.dismiss(item["id"]).changed is False
        assert q.review().items == [] and len(q.review(all=True).items) == 1
        assert q.capture(SPACES, type="preference").reason == "tombstoned"
        again = q.capture("I prefer two spaces for indentation in all my Python code", type="preference")
        accepted = q.accept(q.review().items[0]["id"])
        assert accepted.status == "accepted" and q.show(again.id).status == "active"


# -- the JSON keeps its keys and their order ----------------------------------------------------


def test_every_response_dumps_to_the_library_dict_it_was_made_from(session, tmp_path, monkeypatch):
    """A model with a key declared out of place would reorder the --json output, silently: each
    operation's dict (as memory/, retrieval/ and wiki/ build it) and the model's dump must be the
    same JSON, byte for byte, over a scenario that reaches every optional key we know of."""
    import shutil

    made: list[tuple[str, dict[str, Any], Any]] = []
    real = ops.respond

    def spy(model, data):
        result = real(model, data)
        made.append((model.__name__, data, result))
        return result

    for module in list(sys.modules.values()):  # each noun of quire/ops/ calls the respond it imported
        if module.__name__.startswith("quire.ops") and getattr(module, "respond", None) is real:
            monkeypatch.setattr(module, "respond", spy)
    monkeypatch.setenv("QUIRE_NOW", "2026-03-01T10:00:00")
    run = lambda op, **p: ops.run(session, op, p)  # noqa: E731
    session.actor = "mcp"
    run("spaces_add", name="work", description="job things")
    first = run("capture", content=NOTES[0][0], type="fact", entities=["Postgres"])
    run("capture", content=NOTES[0][0], type="fact", entities=["Postgres"])  # duplicate
    run("capture", content="the deploy bot uses the token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")
    run("capture", content="ok")
    run("capture", content="Retro notes go into the team wiki under the sprint page", defer_embed=True)
    for text, entities in NOTES[1:]:
        run("capture", content=text, entities=entities, space="work")
    run("capture", content=TABS, type="preference")
    run("capture", content=SPACES, type="preference")
    chats = tmp_path / "chats"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "chats", chats)
    for export in sorted(chats.iterdir()):
        run("import", path=str(export))
    jsonl = tmp_path / "c.jsonl"
    jsonl.write_text('{"content": "The staging cluster moved to the new region in March"}\n{"content": "x"}\nnope\n')
    run("import", path=str(jsonl))
    for params in (
        {"query": "postgres replica primary"},
        {"query": "postgres replica primary", "detail": True, "explain": True},
        {"query": "what did we choose last week", "all_spaces": True, "detail": True},
        {"query": "store", "space": "work", "types": ["note"], "as_of": "2026-02-15", "detail": True},
        {"query": "what did they say about the trip", "context": 2, "all_spaces": True},
        {"query": "what did they say about the trip", "context": 2, "all_spaces": True, "detail": True},
        {"query": "postgres replica primary", "max_chars": 300},
        {"query": "postgres replica primary", "max_chars": 2000, "detail": True},
        {"query": "zebra quantum marmalade"},
        {"query": "zebra quantum marmalade", "detail": True},
    ):
        run("recall", **params)
    run("status")
    items = run("curate_list")["items"]
    for item in items:
        run("curate_show", item_id=item["id"])
    run("curate_accept", item_id=items[0]["id"])
    if len(items) > 1:
        run("curate_dismiss", item_id=items[-1]["id"])
    run("history", memory_id=first["id"])
    run("memory_show", memory_id=first["id"])
    run("pin", memory_id=first["id"])
    run("decay")
    run("reembed")
    run("recent")
    run("rebuild")
    slug = run("pages")["pages"][0]["slug"]
    run("page_read", slug=slug)
    run("page_search", query="postgres replica")
    node = run("map_show", page=slug)["nodes"][-1]["id"]
    run("map_pin", page=slug, node=node)
    run("lint")
    run("log", limit=5)
    run("supersede", memory_id=first["id"], content="Postgres replica number one now streams from the new primary")
    run("forget", memory_id=first["id"], reason="test")
    run("tombstones_list")
    run("spaces_list")
    monkeypatch.setenv("QUIRE_NOW", "2026-03-03T10:00:00")
    run("rebuild")  # with its decay pass
    run("rollback")

    assert {name for name, _, _ in made} >= {
        "CaptureResponse",
        "RecallResponse",
        "StatusResponse",
        "RebuildResponse",
        "ImportResponse",
        "ItemDetailsResponse",
        "MapResponse",
        "MemoryShowResponse",
    }
    for name, data, model in made:
        assert json.dumps(ops.dump(model), default=str) == json.dumps(data, default=str), name


def test_a_misfit_names_the_keys_never_the_values():
    with pytest.raises(QuireError) as err:
        ops.respond(ops.PageRestoreResponse, {"slug": "a", "changed": True, "message": "m", "note": "my secret diary"})
    assert "undeclared key note" in str(err.value) and "secret" not in str(err.value)
    assert "quire/ops/" in str(err.value)


# -- one Quire shared between threads ----------------------------------------------------------------


class _Holding(FakeEmbedder):
    """FakeEmbedder that stops inside `encode` on a text holding "hold": an operation under way."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.go = threading.Event(), threading.Event()

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        if any("hold" in t for t in texts):
            self.inside.set()
            assert self.go.wait(10)
        return super().encode(texts, batch_size)


def _second_call_waits(q: quire.Quire, embedder: _Holding) -> bool:
    """Whether a second thread's call waited while the first one's capture was under way."""
    first = threading.Thread(target=q.capture, args=("hold this note about the garden shed",))
    first.start()
    assert embedder.inside.wait(10)
    done = threading.Event()
    second = threading.Thread(target=lambda: (q.status(), done.set()))
    second.start()
    waited = not done.wait(0.5)
    embedder.go.set()
    first.join(10)
    second.join(10)
    assert done.is_set()
    return waited


def test_a_shared_quire_runs_one_call_at_a_time(tmp_path):
    embedder = _Holding()
    with quire.open(tmp_path / "home", embedder=embedder) as q:
        assert _second_call_waits(q, embedder)


def test_control_without_the_lock_the_second_call_runs_beside_the_first(tmp_path):
    class _NoLock:
        def __enter__(self) -> None:
            return None

        def __exit__(self, *exc: object) -> None:
            return None

    embedder = _Holding()
    with quire.open(tmp_path / "home", embedder=embedder) as q:
        q._lock = _NoLock()  # type: ignore[assignment]
        assert not _second_call_waits(q, embedder)


def test_threads_capturing_and_recalling_on_one_quire_lose_nothing(tmp_path):
    """Before the lock, two recalls folding the vector index at once broke it (a broadcast error),
    and close() then failed to save the vector cache (an IndexError)."""
    q = quire.open(tmp_path / "home", embedder=FakeEmbedder())

    def work(n: int) -> None:
        for i in range(40):
            q.capture(f"thread {n} note {i}: the {['kiln', 'loom', 'lathe'][i % 3]} needs oil on day {i}")
            q.recall(f"{['kiln', 'loom', 'lathe'][(n + i) % 3]} oil", k=5)

    assert in_threads(work, 4) == []
    status = q.status()
    assert status.total == 160 and sum(status.embedded_with.values()) == 160
    q.close()
    with quire.open(tmp_path / "home", embedder=FakeEmbedder()) as again:
        hits = again.recall("thread 2 note 7 lathe oil", k=200, all_spaces=True).results
        assert len(hits) >= 150


def test_a_python_date_or_datetime_is_taken_for_a_time_as_its_iso_text(tmp_path, monkeypatch):
    # Before: q.recall(..., as_of=datetime(...)) was refused as "must be text".
    from datetime import UTC, date, datetime

    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    with quire.open(tmp_path / "h") as q:
        old = q.capture("The office moved to the Harbour building in Leith", valid_from=date(2023, 5, 1)).id
        new = q.capture("The office moved to the Quayside tower in Newcastle", valid_from="2024-02-01").id
        assert q.show(old).valid_from.startswith("2023-05-01")
        given = q.recall("where is the office", as_of=datetime(2023, 6, 1, tzinfo=UTC))
        assert given.model_dump() == q.recall("where is the office", as_of="2023-06-01T00:00:00+00:00").model_dump()
        naive = q.recall("where is the office", as_of=datetime(2023, 6, 1))  # naive: UTC, as a naive text is
        assert naive.model_dump() == q.recall("where is the office", as_of="2023-06-01T00:00:00").model_dump()
        assert {h["id"] for h in q.recent(since=date(2020, 1, 1)).results} >= {old, new}


@pytest.mark.parametrize("empty", ["", "  ", Path("")], ids=["str", "blank", "Path"])
def test_an_empty_import_path_is_refused_as_the_cli_refuses_it(tmp_path, monkeypatch, cli, empty):
    """`q.import_path(Path(""))` imported every note of the folder the caller ran in (Path("") is
    Path(".")), and "" said `path: must not be empty`; both now give the CLI's one line, nothing stored."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stray.md").write_text("# Stray\n\nThe boiler service is due in May every single year\n")
    out = cli("import", "")
    assert out.exit_code == 2 and "is empty; give the file or folder to import" in out.stderr
    with quire.open(tmp_path / "h") as q:
        with pytest.raises(InvalidInput, match=r"^path is empty; give the file or folder to import") as caught:
            q.import_path(empty)
        assert "\n" not in str(caught.value) and q.status().total == 0


def test_an_empty_path_as_home_is_refused_not_the_folder_run_in(tmp_path, monkeypatch):
    """`quire.open(Path(""))` made a home (quire.db, wiki/) in the folder the caller ran in."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InvalidInput, match=r"home is empty; .*pass Path\.cwd\(\)"):
        quire.open(Path(""))
    assert list(tmp_path.iterdir()) == []


def test_run_takes_a_path_as_its_text_and_still_refuses_the_empty_one(tmp_path, monkeypatch):
    """`q.run("import", path=Path(...))` said `path: must be text` (a date is taken as its ISO text
    there, a Path was not); Path("") is "." there, refused as not a whole path, nothing imported."""
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "boiler.md").write_text("# Boiler\n\nThe boiler service is due in May every single year\n")
    with quire.open(tmp_path / "h") as q:
        with pytest.raises(InvalidInput, match=r"'\.' is not a whole path"):
            q.run("import", path=Path(""))
        assert q.status().total == 0
        assert q.run("import", path=notes).stored == 1
