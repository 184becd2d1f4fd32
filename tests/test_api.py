"""The drift guard of the one API: the CLI, the warm service and MCP expose the same operations
(quire.ops.OPS) with the same parameter schemas, bounds and enums. Each check is a function over
plain inputs, so each has a control test that feeds it a synthetic drift and watches it bite."""

from __future__ import annotations

import ast
import json
import threading
import typing
from pathlib import Path
from typing import Any

import anyio
import click
import pytest
from pydantic import BaseModel, Field

from memory.errors import QuireError
from memory.home import Home
from quire import client, mcp_server, ops

ROOT = Path(__file__).resolve().parent.parent


# -- the CLI -------------------------------------------------------------------------------------


def leaf_commands(group: click.Group, prefix: tuple[str, ...] = ()) -> dict[str, click.Command]:
    """'curate accept' -> its command, for every command that runs something (groups that only
    hold subcommands are left out; a group that runs on its own, like `quire curate`, is kept)."""
    found: dict[str, click.Command] = {}
    for name, cmd in group.commands.items():
        path = (*prefix, name)
        if isinstance(cmd, click.Group):
            found.update(leaf_commands(cmd, path))
            if cmd.invoke_without_command:
                found[" ".join(path)] = cmd
        else:
            found[" ".join(path)] = cmd
    return found


def route_problems(commands: dict[str, click.Command], registry: dict[str, Any], not_ops: dict[str, str]) -> list[str]:
    """Commands that neither name an operation nor are a listed exception, and the reverse."""
    problems = []
    for path, cmd in commands.items():
        op = getattr(cmd, "quire_op", None)
        if op is None and path not in not_ops and path.split()[0] not in not_ops:
            problems.append(f"{path}: no operation and not in NOT_OPS")
        if op is not None and op not in registry:
            problems.append(f"{path}: names unknown operation {op}")
        if op is not None and path in not_ops:
            problems.append(f"{path}: is an operation and in NOT_OPS")
    listed = {p for p in commands} | {p.split()[0] for p in commands}
    problems += [f"NOT_OPS lists {p}, which is no command" for p in not_ops if p not in listed]
    used = {getattr(c, "quire_op", None) for c in commands.values()}
    problems += [f"operation {name} has no CLI command" for name in registry if name not in used]
    return problems


def _literal_values(annotation: Any) -> set[Any] | None:
    """The choices a field allows (Literal, list[Literal], Literal | None), else None."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return set(typing.get_args(annotation))
    for arg in typing.get_args(annotation):
        if arg is not type(None):
            values = _literal_values(arg)
            if values is not None:
                return values
    return None


def _bounds(info: Any) -> tuple[Any, Any]:
    lo = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
    hi = next((m.le for m in info.metadata if hasattr(m, "le")), None)
    return lo, hi


def flag_problems(path: str, cmd: click.Command, request: type[BaseModel]) -> list[str]:
    """A flag's choices and bounds must be its request field's; every required field has a flag."""
    renames = getattr(cmd, "quire_fields", {"json_": None})
    problems, fed = [], set()
    for param in cmd.params:
        if param.name in renames and renames[param.name] is None:
            continue
        field = renames.get(param.name, param.name)
        info = request.model_fields.get(field)
        if info is None:
            problems.append(f"{path}: flag {param.name} feeds no field of {request.__name__}")
            continue
        fed.add(field)
        allowed = _literal_values(info.annotation)
        if isinstance(param.type, click.Choice) and set(param.type.choices) != allowed:
            problems.append(f"{path}: {param.name} offers {sorted(param.type.choices)}, the op takes {allowed}")
        if allowed is not None and not isinstance(param.type, click.Choice):
            problems.append(f"{path}: {param.name} takes any value, the op only {sorted(allowed)}")
        if isinstance(param.type, click.IntRange):
            lo, hi = _bounds(info)
            if (param.type.min, param.type.max) != (lo, hi):
                problems.append(f"{path}: {param.name} is {param.type.min}..{param.type.max}, the op {lo}..{hi}")
    missing = [name for name, info in request.model_fields.items() if info.is_required() and name not in fed]
    problems += [f"{path}: required field {name} has no flag" for name in missing]
    return problems


def all_flag_problems() -> list[str]:
    from quire.cli import cli

    problems = []
    for path, cmd in leaf_commands(cli).items():
        op = getattr(cmd, "quire_op", None)
        if op is not None:
            problems += flag_problems(path, cmd, ops.OPS[op].request)
    return problems


def test_every_command_runs_an_operation_or_is_a_listed_exception():
    from quire.cli import NOT_OPS, cli

    assert route_problems(leaf_commands(cli), ops.OPS, NOT_OPS) == []
    assert all(len(reason) > 20 for reason in NOT_OPS.values())


def test_route_guard_catches_a_command_that_opens_its_own_session():
    from quire.cli import NOT_OPS, cli

    group = click.Group("quire", commands=dict(cli.commands))
    group.add_command(click.Command("sneaky", callback=lambda: None))
    problems = route_problems(leaf_commands(group), {**ops.OPS, "orphan": ops.OPS["status"]}, NOT_OPS)
    assert "sneaky: no operation and not in NOT_OPS" in problems
    assert "operation orphan has no CLI command" in problems


def test_flags_have_the_request_models_choices_and_bounds():
    assert all_flag_problems() == []


def test_flag_guard_catches_a_bound_or_a_choice_that_drifted():
    @click.command()
    @click.argument("query")
    @click.option("-k", "k", type=click.IntRange(1, 100))
    @click.option("--type", "types", type=click.Choice(["fact", "note"]), multiple=True)
    @click.option("--stray")
    def recall(query, k, types, stray):
        pass

    problems = flag_problems("recall", recall, ops.RecallRequest)
    assert "recall: k is 1..100, the op 1..1000" in problems
    assert any(p.startswith("recall: types offers ['fact', 'note']") for p in problems)
    assert "recall: flag stray feeds no field of RecallRequest" in problems

    @click.command()
    def forget():
        pass

    assert flag_problems("forget", forget, ops.ForgetRequest) == ["forget: required field memory_id has no flag"]


def test_every_write_is_never_retried_and_runs_alone():
    assert {n for n, s in ops.OPS.items() if s.effect != "read"} == ops.WRITES
    assert {"capture", "forget", "curate_accept", "curate_dismiss", "import", "rebuild"} <= ops.WRITES
    assert ops.WRITES <= ops.EXCLUSIVE and "recall" in ops.EXCLUSIVE


# -- MCP -----------------------------------------------------------------------------------------


def listed_tools(home: Path) -> list[Any]:
    server = mcp_server.build(Home(home), warn=lambda line: None)
    return anyio.run(server.list_tools)


def mcp_problems(tools: list[Any], registry: dict[str, ops.Op]) -> list[str]:
    """Each tool is an operation offered to agents, with its schema, title, description and effect."""
    offered = {name: spec for name, spec in registry.items() if spec.mcp}
    problems = []
    names = [t.name for t in tools]
    if names != list(offered):
        problems.append(f"tools {names} are not the offered operations {list(offered)}")
    for tool in tools:
        spec = registry.get(tool.name)
        if spec is None:
            continue
        mine = spec.request.model_json_schema()
        for key in ("properties", "required"):
            if tool.input_schema.get(key) != mine.get(key):
                problems.append(f"{tool.name}: schema {key} differ from {spec.request.__name__}")
        if (tool.title, tool.description) != (spec.title, spec.description):
            problems.append(f"{tool.name}: title or description differ from the operation's")
        a = tool.annotations
        want = mcp_server.EFFECTS[spec.effect]
        if a.read_only_hint != want.read_only or (not want.read_only and a.destructive_hint != want.destructive):
            problems.append(f"{tool.name}: annotations say {a}, the operation is {spec.effect}")
    return problems


def test_mcp_tools_are_generated_from_the_operations(quire_home):
    tools = listed_tools(quire_home)
    assert mcp_problems(tools, ops.OPS) == []
    recall = next(t for t in tools if t.name == "recall")
    assert recall.input_schema["properties"]["k"]["maximum"] == 1000  # one set of bounds (was 100 over MCP)


def test_mcp_guard_catches_a_hand_written_tool(quire_home):
    tools = listed_tools(quire_home)

    class Narrower(ops.RecallRequest):
        k: int = Field(default=10, ge=1, le=100)

    drifted = {**ops.OPS, "recall": ops.OPS["recall"].__class__(**{**vars(ops.OPS["recall"]), "request": Narrower})}
    assert "recall: schema properties differ from Narrower" in mcp_problems(tools, drifted)
    destructive = {**ops.OPS, "status": ops.OPS["status"].__class__(**{**vars(ops.OPS["status"]), "effect": "write"})}
    assert any(p.startswith("status: annotations say") for p in mcp_problems(tools, destructive))
    assert any("are not the offered operations" in p for p in mcp_problems(tools[:-1], ops.OPS))


# -- the service ---------------------------------------------------------------------------------


def test_the_service_dispatches_the_same_operations_with_the_same_schemas(quire_home):
    from quire import service

    svc = service.Service(Home(quire_home))
    runner = threading.Thread(target=svc.serve_forever)
    runner.start()
    try:
        status, data = client.request(Home(quire_home), "GET", "/ops", None, writes=False, what="ops")
    finally:
        svc.stop()
        runner.join(30)
    assert status == 200
    assert data["result"] == json.loads(json.dumps(ops.catalog()))
    assert set(data["result"]) == set(ops.OPS)


# -- one contract, defined once ------------------------------------------------------------------


def test_a_result_outside_its_response_model_is_a_bug_not_an_answer(session, monkeypatch):
    monkeypatch.setitem(
        ops.OPS, "history", ops.Op(**{**vars(ops.OPS["history"]), "fn": lambda s, p: {"id": "m", "versions": []}})
    )
    with pytest.raises(QuireError, match="history returned a result outside its response model"):
        ops.run(session, "history", {"memory_id": "mem_x"})


def test_every_request_forbids_unknown_parameters():
    for name, spec in ops.OPS.items():
        assert spec.request.model_config.get("extra") == "forbid", name
        assert spec.response.model_config.get("extra") in ("forbid", "allow"), name


def test_the_memory_types_are_defined_once():
    """Only memory/models.py spells out the memory types; every skin takes them from there."""
    spelled = []
    for file in sorted(ROOT.glob("[mrwe]*/**/*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) >= 5:
                values = {e.value for e in node.elts if isinstance(e, ast.Constant)}
                if {"identity", "preference", "decision", "lesson", "gotcha"} <= values:
                    spelled.append(f"{file.relative_to(ROOT)}:{node.lineno}")
    assert spelled and all(s.startswith("memory/models.py:") for s in spelled), spelled


# -- the route: one for every command, writes never replayed ------------------------------------


def test_no_write_operation_is_replayed_after_a_transport_failure(quire_home):
    """Every write the CLI now sends to the service (spaces, pins, maps, rebuild, import...) keeps
    the never-retry rule: a dropped connection is an unknown outcome, not a second attempt."""
    from tests.test_service import Blackhole

    hole = Blackhole("close")
    hole.install(quire_home)
    try:
        for n, name in enumerate(sorted(ops.WRITES), start=1):
            with pytest.raises(client.Unknown, match=f"outcome of {name} is unknown"):
                client.call(name, {})
            assert hole.count == n, name  # sent once, and not run in process either
        (quire_home / "serve.json").unlink()
        assert client.call("status", {})["total"] == 0 and client.call("spaces_list", {}) == {"spaces": []}
    finally:
        hole.close()


def test_the_cli_opens_no_session_of_its_own():
    """Every store access of the CLI goes through quire.client (the service, else in process)."""
    for path in sorted((ROOT / "quire" / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module is not None
        } | {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert not imported & {"memory.session", "memory.db", "memory.review", "memory.tombstones", "wiki.pages"}
        names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        assert "Session" not in names, path.name


def test_every_command_over_an_operation_prints_its_result_as_json(cli, cli_json):
    # `quire spaces add` and `quire page restore` had no --json ("No such option", exit 2), where every
    # other command over an operation prints the operation's response with it.
    from quire.cli import cli as cli_group

    missing = [
        name
        for name, cmd in leaf_commands(cli_group).items()
        if getattr(cmd, "quire_op", None) and not any(p.name == "json_" for p in cmd.params)
    ]
    assert missing == []
    assert cli_json("spaces", "add", "work") == {"name": "work", "changed": True, "default": False}
    cli("capture", "The ledger service stores invoices in PostgreSQL", "--entity", "ledger")
    cli("capture", "The ledger service runs the nightly reconciliation", "--entity", "ledger")
    assert cli("rebuild").exit_code == 0
    assert cli_json("page", "restore", "ledger")["changed"] is False
    assert cli_json("spaces")["spaces"][0]["name"] == "work"  # the groups that list when run alone too
    assert cli_json("tombstones")["tombstones"] == []
