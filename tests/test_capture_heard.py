"""A note a person captures is read for their life as a paragraph of their imported notes is.

Before: "I moved to Chicago last month, new apartment in Logan Square" in an imported Markdown note opened a
review item (home: Boston -> Chicago), captured as a note by `quire capture`, the library or MCP it opened nothing.
"""

from __future__ import annotations

import re

import anyio
import pytest

import quire
from memory import review
from memory.capture import capture_many
from memory.embed import FakeEmbedder
from memory.home import Home
from memory.models import parse_payload
from quire import mcp_server
from tests.server_homes import device, restart

BOSTON = "I live in Boston with my wife Sarah and our two kids"
CHICAGO = "I moved to Chicago last month, new apartment in Logan Square"


def _capture(route: str, quire_home, cli_json, content: str, **payload) -> list[str]:
    """Capture `content` by `route` (its outcome's warnings)."""
    if route == "cli":
        flags = [f"--{k}={v}" for k, v in payload.items()]
        return cli_json("capture", content, *flags)["warnings"]
    if route == "mcp":
        server = mcp_server.build(Home(quire_home))

        async def main():
            return await server.call_tool("capture", {"content": content, **payload})

        answer = anyio.run(main)
        return answer.structured_content["warnings"]
    with quire.open(quire_home) as q:
        return q.capture(content, **payload).warnings


def _changes(quire_home) -> list[tuple[str, str]]:
    with quire.open(quire_home) as q:
        return [(i.old, i.new) for i in review.open_items(q.session.db)]


def _ids(said: list[str]) -> list[str]:
    """The change each line names, ids left out (MCP words the accept for an agent: `curate_accept(item_id=1)`)."""
    return [re.sub(r"mem_[0-9a-f]{12}", "mem_X", s).split(" (`")[0].split(" (curate_accept")[0] for s in said]


@pytest.mark.parametrize("route", ["library", "cli", "mcp"])
def test_a_captured_note_opens_the_review_item_an_imported_note_opens(route, quire_home, cli_json, tmp_path):
    _capture(route, quire_home, cli_json, BOSTON, type="identity")
    said = _capture(route, quire_home, cli_json, CHICAGO)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)]
    # The import of the same note says it in the same words.
    imported = tmp_path / "imported"
    with quire.open(imported) as q:
        q.capture(BOSTON, type="identity")
        (tmp_path / "journal.md").write_text(CHICAGO + "\n")
        report = q.import_path(tmp_path / "journal.md")
    changed = [w for w in _ids(report.warnings) if "changes" in w]
    assert changed and set(changed) <= set(_ids(said)), (report.warnings, said)


@pytest.mark.parametrize(
    "control",
    [
        "My sister moved to Denver last month with her husband",  # someone else's move
        "We might move to Denver next year, still deciding",  # a plan, not a change
        # (session 46: an agent's "User moved" is the person's: tests/test_life_agent_classes.py)
        "A user on Reddit moved to Chicago last month with the family",  # another user's move
    ],
)
def test_a_note_that_states_no_change_of_the_persons_life_opens_nothing(control, quire_home, cli_json):
    _capture("cli", quire_home, cli_json, BOSTON, type="identity")
    said = _capture("cli", quire_home, cli_json, control)
    assert _changes(quire_home) == [] and not [w for w in said if "changes" in w], said


def test_the_same_note_captured_twice_opens_one_item(quire_home, cli_json):
    _capture("cli", quire_home, cli_json, BOSTON, type="identity")
    first = _capture("library", quire_home, cli_json, CHICAGO)
    again = _capture("cli", quire_home, cli_json, CHICAGO)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)]
    assert any("review item" in w for w in first) and not any("review item" in w for w in again), again


def test_a_one_line_fact_is_superseded_by_a_captured_note(quire_home, cli_json):
    old = cli_json("capture", "My dentist is Dr Lee on Elm Street", "--type", "fact")["id"]
    said = _capture("cli", quire_home, cli_json, "I switched dentists last week, my dentist is Dr Patel now")
    assert cli_json("show", old)["status"] == "superseded"
    assert any("supersedes" in w for w in said), said


def test_capture_many_does_not_hear_a_note(db):
    """Benchmarks and evals seed through capture_many: hearing is the single capture's (Session.capture)."""
    capture_many(db, [parse_payload({"content": BOSTON, "type": "identity"})], embedder=FakeEmbedder)
    capture_many(db, [parse_payload({"content": CHICAGO})], embedder=FakeEmbedder, actor="import")
    assert review.open_items(db) == []


def test_a_note_stored_but_never_heard_is_heard_when_captured_again(quire_home, cli_json):
    """A capture killed after its commit and before its hearing left the note stored, unheard: the person's
    capture of it again (a duplicate, its id given back) hears it then, once."""
    _capture("cli", quire_home, cli_json, BOSTON, type="identity")
    with quire.open(quire_home) as q:  # the note as the killed capture left it: stored, never heard
        capture_many(q.session.db, [parse_payload({"content": CHICAGO})], embedder=FakeEmbedder)
    assert _changes(quire_home) == []
    said = _capture("cli", quire_home, cli_json, CHICAGO)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)] and any("review item" in w for w in said), said
    again = _capture("library", quire_home, cli_json, CHICAGO)  # (the control: heard once, not twice)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)] and not any("review item" in w for w in again), again


@pytest.mark.timeout(300)
def test_a_note_queued_offline_is_heard_once_at_sync(server, tmp_path):
    desk = device(tmp_path, "desk", server.url)
    try:
        assert quire.ops.run(desk, "capture", {"content": BOSTON, "type": "identity"})["status"] == "stored"
    finally:
        desk.close()
    server.stop()
    desk = device(tmp_path, "desk", server.url)
    try:
        queued = quire.ops.run(desk, "capture", {"content": CHICAGO})
        assert queued.get("queued"), queued
    finally:
        desk.close()
    server = restart(server)
    try:
        desk = device(tmp_path, "desk", server.url)  # opening sends the outbox
        try:
            again = quire.ops.run(desk, "sync", {})
            assert again["sent"] == 0
            pairs = [(i.old, i.new) for i in review.open_items(desk.db)]
        finally:
            desk.close()
        assert pairs == [(BOSTON, CHICAGO)]
    finally:
        server.stop()


def test_a_note_captured_on_a_server_home_is_heard_in_its_transaction(store, quire_home, cli_json):
    """The file and a libSQL server (`_capture_once`: the capture, its hearing and its outbox key commit together)."""
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    said = _capture("library", quire_home, cli_json, CHICAGO)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)] and any("review item" in w for w in said), said
