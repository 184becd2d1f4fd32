"""Which operations agents get is decided once per operation: an op without `mcp=True` is named in
docs/agents.md with the reason (export among them: the house rule is one operation on every route,
and export is left to the person, said why), and an agent calling one is told it is the person's,
not that quire has no such thing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mcp.server.mcpserver.exceptions import ToolError

from quire.ops import registry
from tests.test_trust_routes import _mcp_call

DOC = Path(__file__).resolve().parent.parent / "docs" / "agents.md"


def named_in_doc(text: str) -> set[str]:
    """The operations the "not offered" table of docs/agents.md names (its first column)."""
    section = text.split("### Operations agents are not offered", 1)[1].split("\n\n**", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([a-z_]+)`", row.split(" | ")[0])}


def not_offered() -> set[str]:
    return {name for name, spec in registry.OPS.items() if not spec.mcp}


def test_every_operation_not_offered_to_agents_is_named_with_its_reason():
    assert named_in_doc(DOC.read_text(encoding="utf-8")) == not_offered()
    assert "export" in not_offered()  # the decision this file records: export stays the person's


def test_the_check_sees_an_operation_left_out_of_the_table():
    # the control: the table without its export row no longer matches the registry
    text = DOC.read_text(encoding="utf-8")
    cut = "\n".join(line for line in text.splitlines() if not line.startswith("| `export` |"))
    assert not_offered() - named_in_doc(cut) == {"export"}


@pytest.mark.parametrize("name", ["export", "import", "log", "tombstones_lift"])
def test_an_agent_calling_a_persons_operation_is_told_so_and_given_a_call(quire_home, name):
    with pytest.raises(ToolError) as refused:
        _mcp_call(quire_home, name, {})
    said = str(refused.value)
    assert f"Unknown tool '{name}' (the person's operation, not offered to agents)" in said, said
    assert "recall(query=...)" in said or "did you mean" in said


def test_a_name_quire_does_not_have_is_still_no_such_tool(quire_home):
    with pytest.raises(ToolError) as refused:
        _mcp_call(quire_home, "exportt_all", {})
    assert "(no such tool)" in str(refused.value)
