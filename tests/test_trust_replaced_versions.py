"""A pin or a confirm of a version a newer one replaced is refused on every route, naming the current
version, in the words an edit of a replaced memory is refused in; nothing changes. Before, both
succeeded: the person vouched for what they had since said otherwise, and recall showed no change.
Unpinning such a version stays allowed (a pin set before it was replaced can be taken off)."""

from __future__ import annotations

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory.errors import QuireError
from tests.test_trust_routes import _mcp_call

OLD = "The ledger service settles payments every night at two in the morning"
NEW = "The ledger service settles payments every night at three in the morning"


@pytest.fixture
def versions(quire_home):
    with quire.open(quire_home) as q:
        old = q.capture(OLD, type="fact").id
        new = q.supersede(old, NEW).id
        before = q.show(old).model_dump()
    return old, new, before


def _refusal(route, quire_home, cli, action, memory_id) -> str:
    if route == "library":
        with pytest.raises(QuireError) as caught, quire.open(quire_home) as q:
            q.run(action, memory_id=memory_id)
        return str(caught.value)
    if route == "cli":
        done = cli(action, memory_id)
        assert done.exit_code == 1 and done.stderr.count("\n") == 1, done.stderr
        return done.stderr.removeprefix("Error: ").strip()
    with pytest.raises(ToolError) as caught:
        _mcp_call(quire_home, action, {"memory_id": memory_id})
    return str(caught.value)


@pytest.mark.parametrize("route", ["library", "cli", "mcp"])
@pytest.mark.parametrize("action", ["pin", "confirm"])
def test_a_replaced_version_is_not_pinned_or_confirmed(quire_home, cli, versions, route, action):
    old, new, before = versions
    said = _refusal(route, quire_home, cli, action, old)
    assert said.startswith(f"{old} was already superseded by {new}; {action} {new} instead"), said
    with quire.open(quire_home) as q:
        assert q.show(old).model_dump() == before
        assert not q.show(new).pinned


def test_control_the_current_version_is_pinned_and_the_old_one_unpinned(quire_home, cli, versions):
    old, new, _ = versions
    assert cli("pin", new).exit_code == 0
    assert cli("unpin", old).exit_code == 0  # allowed: nothing to vouch for
    with quire.open(quire_home) as q:
        assert q.show(new).pinned
