"""A long review queue read a page at a time: `curate_list` over MCP returned every open item whole
(about 1 KB each, so 1 MB at a thousand), with no way to ask for fewer (adv21 found it)."""

from __future__ import annotations

import json

import pytest

from memory.errors import InvalidInput
from quire import ops
from tests.test_mcp_agents import served, tool


def _queue(session, n: int) -> None:
    """n open review items: a held identity change each."""
    for i in range(n):
        ops.capture(session, {"content": f"I work at Company{i} as a data engineer", "type": "identity"})
        ops.capture(session, {"content": f"I work at Other{i} as a product manager now", "type": "identity"})


def test_the_open_items_are_read_a_page_at_a_time_on_every_route(session, cli):
    _queue(session, 3)
    every = ops.curate_list(session, {})["items"]
    assert len(every) >= 3 and "total" not in ops.curate_list(session, {})  # no limit: every item, as before
    page = ops.curate_list(session, {"limit": 2, "offset": 1})
    assert [i["id"] for i in page["items"]] == [i["id"] for i in every[1:3]] and page["total"] == len(every)
    with served(session.home.root) as server:
        over_mcp = tool(server, "curate_list", {"limit": 2, "offset": 1})
    assert [i["id"] for i in over_mcp["items"]] == [i["id"] for i in page["items"]]
    assert over_mcp["total"] == len(every)
    data = json.loads(cli("curate", "list", "--limit", "2", "--offset", "1", "--json").stdout)
    assert [i["id"] for i in data["items"]] == [i["id"] for i in page["items"]] and data["total"] == len(every)
    text = cli("curate", "list", "--limit", "1").stdout
    assert f"1 of {len(every)} open items from #1" in text


def test_a_page_past_the_end_is_empty_and_paging_resolved_items_is_refused(session, cli):
    _queue(session, 1)
    assert ops.curate_list(session, {"limit": 5, "offset": 1000})["items"] == []
    with pytest.raises(InvalidInput, match="without all or ids_only"):
        ops.curate_list(session, {"limit": 5, "all": True})
    assert cli("curate", "list", "--limit", "0").exit_code == 2  # a usage error, nothing read
