"""quire.ops: one function per operation, returning exactly the dict the CLI prints with --json."""

from __future__ import annotations

import json

import pytest

from memory import audit
from memory.errors import InvalidInput, NotFound
from quire import ops

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"
SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def cap(session, content, **params):
    return ops.capture(session, {"content": content, **params})


def test_capture_returns_the_cli_json_shape(session, cli_json):
    mine = cap(session, "The nightly wiki rebuild runs at two in the morning", type="fact")
    assert mine["status"] == "stored" and mine["id"].startswith("mem_") and mine["pending_embed"] is False
    theirs = cli_json("capture", "The staging cluster moved to the new region in March")
    assert set(mine) == set(theirs)
    dup = cap(session, "The nightly wiki rebuild runs at two in the morning", type="fact")
    assert (dup["status"], dup["id"]) == ("duplicate", mine["id"])


def test_capture_defer_embed_leaves_it_pending(session):
    data = cap(session, "Retro notes go into the team wiki under the sprint page", defer_embed=True)
    assert data["pending_embed"] is True
    assert session.db.scalar("SELECT embedding IS NULL FROM memories WHERE id = ?", (data["id"],)) == 1


def test_a_credential_is_a_rejection_that_never_echoes_the_secret(session):
    data = cap(session, f"the deploy bot uses the token {SECRET} for pushes")
    assert data["status"] == "rejected" and data["reason"] == "credential_leak"
    assert SECRET not in json.dumps(data)
    stored = session.db.scalar("SELECT content_redacted FROM rejected_captures")
    assert SECRET not in stored and session.db.scalar("SELECT count(*) FROM memories") == 0


def test_bad_parameters_name_the_field_not_the_value(session):
    with pytest.raises(InvalidInput, match="token: unknown key") as err:
        cap(session, "The design review moved to Thursday afternoons", token=SECRET)
    assert SECRET not in str(err.value)
    with pytest.raises(InvalidInput, match="invalid recall parameters: k") as err:
        ops.recall(session, {"query": "design review", "k": SECRET})
    assert SECRET not in str(err.value)
    with pytest.raises(InvalidInput, match="unknown parameter; allowed: memory_id, reason"):
        ops.forget(session, {"memory_id": "mem_x", "secret": "x"})
    with pytest.raises(InvalidInput, match="unknown operation 'drop'"):
        ops.run(session, "drop", {})


def test_recall_is_the_cli_recall_json(session, cli_json):
    cap(session, "The staging cluster moved to the new region in March", entities=["staging"])
    cap(session, "Billing invoices are generated on the first of every month")
    mine = ops.recall(session, {"query": "staging cluster region", "k": 5, "detail": True})
    assert next(r["content"] for r in mine["results"]).startswith("The staging cluster")
    theirs = cli_json("recall", "staging cluster region", "-k", "5")  # the CLI shows the full record
    # The first recall counted its own access, and effective confidence (as of now) counts reads.
    drop = ("access_count", "last_accessed", "effective_confidence")
    assert [{k: v for k, v in r.items() if k not in drop} for r in mine["results"]] == [
        {k: v for k, v in r.items() if k not in drop} for r in theirs["results"]
    ]
    assert {k: v for k, v in mine.items() if k != "results"} == {k: v for k, v in theirs.items() if k != "results"}


def test_recall_rejects_space_with_all_spaces(session):
    with pytest.raises(InvalidInput, match="not both"):
        ops.recall(session, {"query": "x y z", "space": "work", "all_spaces": True})


def test_an_agent_preference_change_waits_for_review_and_accept_applies_it(session):
    session.actor = "mcp"
    old = cap(session, TABS, type="preference")
    new = cap(session, SPACES, type="preference")  # contradicts a Protected memory: held
    assert any("held for review" in w for w in new["warnings"])
    assert session.db.scalar("SELECT status FROM memories WHERE id = ?", (new["id"],)) == "pending_revision"
    items = ops.curate_list(session, {})["items"]
    assert [(i["kind"], i["new_id"], i["old_id"], i["created_by"]) for i in items] == [
        ("revision", new["id"], old["id"], "mcp")
    ]
    shown = ops.curate_show(session, {"item_id": items[0]["id"]})
    assert shown["new_memory"]["status"] == "pending_revision" and shown["old_memory"]["tier"] == "protected"
    first = ops.curate_accept(session, {"item_id": items[0]["id"]})
    assert first["changed"] is True and first["status"] == "accepted"
    again = ops.curate_accept(session, {"item_id": items[0]["id"]})
    assert again["changed"] is False
    statuses = dict(session.db.rows("SELECT id, status FROM memories"))
    assert statuses == {old["id"]: "superseded", new["id"]: "active"}
    assert ops.curate_list(session, {})["items"] == []
    assert len(ops.curate_list(session, {"all": True})["items"]) == 1
    resolved = [e for e in audit.entries(session.db) if e.action == "accept"]
    assert [e.actor for e in resolved] == ["mcp"]


def test_a_person_preference_change_is_held_too(session):
    # The Protected rule is the same on every route; a person accepts it in `quire curate`.
    session.actor = "cli"
    cap(session, TABS, type="preference")
    new = cap(session, SPACES, type="preference")
    assert session.db.scalar("SELECT status FROM memories WHERE id = ?", (new["id"],)) == "pending_revision"


def test_dismiss_rejects_and_tombstones_the_proposed_change(session):
    session.actor = "mcp"
    cap(session, TABS, type="preference")
    new = cap(session, SPACES, type="preference")
    item = ops.curate_list(session, {})["items"][0]["id"]
    assert ops.curate_dismiss(session, {"item_id": item})["changed"] is True
    assert session.db.scalar("SELECT status FROM memories WHERE id = ?", (new["id"],)) == "rejected"
    assert cap(session, SPACES, type="preference")["reason"] == "tombstoned"
    with pytest.raises(NotFound):
        ops.curate_dismiss(session, {"item_id": 999})


def test_forget_tombstones_and_is_idempotent(session):
    mid = cap(session, "The old wiki lived on a shared drive until last spring")["id"]
    first = ops.forget(session, {"memory_id": mid, "reason": "wrong"})
    assert first["changed"] is True and first["tombstone_id"]
    assert ops.forget(session, {"memory_id": mid})["changed"] is False
    assert cap(session, "The old wiki lived on a shared drive until last spring")["reason"] == "tombstoned"
    with pytest.raises(NotFound):
        ops.forget(session, {"memory_id": "mem_nope"})


def test_status_is_session_status(session):
    cap(session, "The nightly wiki rebuild runs at two in the morning")
    status = ops.status(session, {})
    # the op adds what the app knows beside the store: the nightly rebuild, and config it cannot use
    assert {k: v for k, v in status.items() if k not in ("nightly", "config_problems")} == session.status()
    assert status["config_problems"] == []
    assert status["nightly"]["last_run"] is None and status["nightly"]["due"] in (True, False)
    with pytest.raises(InvalidInput):
        ops.status(session, {"verbose": True})


def test_page_read_and_search(session, cli_json):
    from wiki.rebuild import rebuild

    for i in range(3):
        cap(session, f"Postgres replica number {i} streams changes from the primary server.", entities=["Postgres"])
    cap(session, "Billing invoices are generated on the first of every month")
    rebuild(session)
    found = ops.page_search(session, {"query": "postgres replica"})
    assert found["results"] and found["results"][0]["slug"] == "postgres"
    assert set(found["results"][0]["matched"]) == {"postgres", "replica"}
    assert ops.page_search(session, {"query": "kubernetes helm"})["results"] == []
    page = ops.page_read(session, {"slug": "postgres"})
    assert page == cli_json("page", "show", "postgres")
    assert "Postgres replica number 0" in page["body"]
    with pytest.raises(NotFound):
        ops.page_read(session, {"slug": "nope"})


def test_item_from_json_round_trips(session):
    from memory import review

    session.actor = "mcp"
    cap(session, TABS, type="preference")
    cap(session, SPACES, type="preference")
    item = review.open_items(session.db)[0]
    assert ops.item_from_json(json.loads(json.dumps(item.as_json()))) == item


def test_every_op_output_is_json(session):
    cap(session, "The nightly wiki rebuild runs at two in the morning")
    for op, params in [
        ("status", {}),
        ("curate_list", {}),
        ("recall", {"query": "nightly rebuild"}),
        ("page_search", {"query": "nightly"}),
    ]:
        data = ops.run(session, op, params)
        assert json.loads(json.dumps(data)) == data
