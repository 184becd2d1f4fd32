"""Forget: gone from every recall channel, tombstoned against re-capture, liftable only by a person."""

from __future__ import annotations

import json

import pytest

from memory import erase, review, tombstones
from memory.capture import Rejected, Stored
from memory.embed import FakeEmbedder
from memory.errors import InvalidInput, NotFound
from memory.vectors import VectorIndex

SECRET = "Project Falcon launches on the fourteenth of March in Lisbon"
OTHER = "Project Falcon has a budget review every quarter with finance"


def test_forgotten_memory_is_absent_from_every_recall_channel(session, cap):
    from retrieval import graph, lexical
    from retrieval.recall import search
    from retrieval.scope import Filter

    db = session.db
    vectors = session.vectors()  # a warm cache, loaded before the forget: it must catch up
    gone = cap(SECRET, entities=["Project Falcon"])
    kept = cap(OTHER, entities=["Project Falcon"])
    query = "Project Falcon launches Lisbon"
    assert gone.id in {h.id for h in search(session, query, touch=False).hits}

    res = erase.forget(db, gone.id, actor="cli", reason="not mine to keep")
    assert res.changed
    rowid = db.scalar("SELECT rowid FROM memories WHERE id = ?", (gone.id,))
    # lexical: the FTS index itself no longer holds it (not just a filter)
    assert rowid not in [r for r, _ in lexical.search_unfiltered(db, lexical.terms(query), 50)]
    assert db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'Lisbon'") == 0
    # vector: the warm cache drops it on refresh, a cold load never has it, the embedding is gone
    vectors.refresh(db)
    assert gone.id not in [i for i, _ in vectors.search(FakeEmbedder().encode([SECRET])[0], 10)]
    cold = VectorIndex.load(db, FakeEmbedder().model_id)
    assert gone.id not in set(cold.ids[cold.alive].tolist()) and kept.id in set(cold.ids[cold.alive].tolist())
    assert db.scalar("SELECT embedding IS NULL FROM memories WHERE id = ?", (gone.id,)) == 1
    # graph: the entity still links it in SQL, but recall's filter never reaches it
    where, params = Filter().sql()
    ranked = graph.search(db, query, where, params, 50).ranked
    assert rowid not in [r for r, _ in ranked] and ranked
    # the whole recall, every channel, explain on
    hits = search(session, query, touch=False, explain=True).hits
    assert gone.id not in {h.id for h in hits} and kept.id in {h.id for h in hits}
    assert session.status()["by_status"].get("forgotten") == 1


def test_forget_tombstones_the_text_and_capture_names_the_tombstone(db, cap):
    gone = cap(SECRET)
    res = erase.forget(db, gone.id, actor="cli")
    for actor in ("cli", "mcp", "import"):
        again = cap("  project falcon LAUNCHES on the fourteenth of March in Lisbon. ", actor=actor)
        assert isinstance(again, Rejected) and again.reason == "tombstoned"
        assert f"tombstone {res.tombstone_id}" in again.detail and "quire tombstones lift" in again.detail


def test_forgotten_text_cannot_come_back_through_import(db, tmp_path, cli, cap):
    gone = cap(SECRET)
    erase.forget(db, gone.id, actor="cli")
    path = tmp_path / "notes.jsonl"
    path.write_text(json.dumps({"content": SECRET}) + "\n")
    report = json.loads(cli("import", str(path), "--json").stdout)
    assert (report["stored"], report["rejected"]) == (0, 1)


def test_forget_is_idempotent(db, cap):
    gone = cap(SECRET)
    first = erase.forget(db, gone.id, actor="cli")
    audit_rows = db.scalar("SELECT count(*) FROM audit_log")
    second = erase.forget(db, gone.id, actor="cli")
    assert first.changed and not second.changed and second.tombstone_id == first.tombstone_id
    assert db.scalar("SELECT count(*) FROM audit_log") == audit_rows
    with pytest.raises(NotFound):
        erase.forget(db, "mem_nope", actor="cli")


def test_lift_lets_the_text_back_but_the_memory_stays_forgotten(db, cap):
    gone = cap(SECRET)
    tomb = erase.forget(db, gone.id, actor="cli").tombstone_id
    res = tombstones.lift(db, tomb, actor="cli")
    assert res.changed and not tombstones.lift(db, tomb, actor="cli").changed
    row = db.one("SELECT lifted_at, lifted_by FROM tombstones WHERE id = ?", (tomb,))
    assert row["lifted_at"] and row["lifted_by"] == "cli"
    assert db.scalar("SELECT status FROM memories WHERE id = ?", (gone.id,)) == "forgotten"
    again = cap(SECRET)
    assert isinstance(again, Stored) and again.id != gone.id
    # forgetting the new copy tombstones it afresh
    assert erase.forget(db, again.id, actor="cli").tombstone_id != tomb


def test_an_agent_can_never_lift_a_tombstone(db, cap):
    gone = cap(SECRET)
    tomb = erase.forget(db, gone.id, actor="cli").tombstone_id
    with pytest.raises(InvalidInput):
        tombstones.lift(db, tomb, actor="mcp")
    assert db.scalar("SELECT lifted_at FROM tombstones WHERE id = ?", (tomb,)) is None
    assert isinstance(cap(SECRET, actor="mcp"), Rejected)


def test_forgetting_a_pending_revision_closes_its_review_item(db, cap):
    old = cap("I prefer tabs for indentation in all my Python code", type="preference")
    new = cap("I prefer spaces for indentation in all my Python code", type="preference", supersedes=old.id)
    [item] = review.open_items(db)
    erase.forget(db, new.id, actor="cli")
    assert review.get(db, item.id).status == "dismissed" and review.open_items(db) == []


def test_forgetting_the_old_side_keeps_the_revision_open(db, cap):
    old = cap("I prefer tabs for indentation in all my Python code", type="preference")
    new = cap("I prefer spaces for indentation in all my Python code", type="preference", supersedes=old.id)
    [item] = review.open_items(db)
    erase.forget(db, old.id, actor="cli")
    assert review.get(db, item.id).is_open
    res = review.accept(db, item.id, actor="cli")
    assert "nothing was retired" in res.message
    assert db.scalar("SELECT status FROM memories WHERE id = ?", (new.id,)) == "active"
    assert db.scalar("SELECT status FROM memories WHERE id = ?", (old.id,)) == "forgotten"


def test_forget_and_tombstones_cli(db, cli, cli_json, cap):
    gone = cap(SECRET)
    out = cli("forget", gone.id, "--reason", "private")
    assert out.exit_code == 0 and "forgot" in out.stdout
    assert "nothing changed" in cli("forget", gone.id).stdout
    [t] = cli_json("tombstones", "list")["tombstones"]
    assert (t["memory_id"], t["kind"], t["reason"]) == (gone.id, "forget", "private")
    assert t["preview"].startswith("Project Fal") and len(t["preview"]) <= 12  # a stub, not the text
    assert cli_json("tombstones", "lift", str(t["id"]))["changed"] is True
    assert cli_json("tombstones", "list")["tombstones"] == []
    assert len(cli_json("tombstones", "list", "--all")["tombstones"]) == 1
    missing = cli("forget", "mem_missing")
    assert missing.exit_code == 1 and "quire recall" in missing.stderr


def test_forgetting_text_quoted_in_json_keeps_every_json_column_readable(db, cap):
    """The forgotten words are cut out of the JSON's text values, never across its structure: a
    run that reads on through a key ("... in Berlin" + "now") once cut a review item's payload into
    broken JSON, and the queue could no longer be listed."""
    other = cap("My sister has a garden with three apple trees")
    said = cap("I moved and I live in Berlin now with my partner")
    payload = {
        "new": "I moved and I live in Berlin",
        "now": "Berlin now with my partner",
        "old": "Paris was home before",
        "candidates": [{"id": said.id, "text": "I moved and I live in Berlin now with my partner"}],
        "reason": "life_change",
    }
    item = review.enqueue(db, "revision", [other.id, "mem_elsewhere"], payload, actor="cli")
    erase.forget(db, said.id, actor="cli")
    raw = db.scalar("SELECT payload FROM review_queue WHERE id = ?", (item,))
    kept = json.loads(raw)  # still JSON
    assert set(kept) == set(payload) and kept["reason"] == "life_change" and kept["old"] == "Paris was home before"
    assert "Berlin" not in raw and "partner" not in raw
    assert kept["candidates"][0]["id"] == said.id and tombstones.FORGOTTEN in kept["candidates"][0]["text"]
    assert [i.id for i in review.open_items(db)] == [item]  # the queue lists again
    # every JSON column of the store still parses
    for table, column in (("review_queue", "payload"), ("audit_log", "detail")):
        for (value,) in db.rows(f"SELECT {column} FROM {table} WHERE {column} IS NOT NULL"):
            json.loads(value)


def test_cut_runs_in_json_leaves_plain_text_and_other_json_as_they_were():
    runs = erase.grams(["meet me at the old mill at nine"])
    assert erase.cut_json_runs('{"a": "nothing here"}', runs) == '{"a": "nothing here"}'
    assert erase.cut_json_runs("meet me at the old mill", runs) == tombstones.FORGOTTEN  # not JSON: as text
    cut = erase.cut_json_runs('{"b": ["meet me at the", "old mill"], "a": 3}', runs)
    assert json.loads(cut) == {"b": [tombstones.FORGOTTEN, "old mill"], "a": 3}
    assert erase.cut_json_runs('{"k": "meet me at"', runs) == '{"k": "[forgotten]"'  # broken JSON: as text


def test_issue4_tombstones_list_shows_the_reason_forget_was_given(cli, cap):
    # `quire forget ID [--reason TEXT]`, then `quire tombstones list`: the reason was kept and shown
    # only with --json; the table a person reads left it out.
    gone = cap(SECRET)
    assert cli("forget", gone.id, "--reason", "asked to by the client").exit_code == 0
    listed = cli("tombstones", "list")
    assert listed.exit_code == 0
    [row] = [line for line in listed.stdout.splitlines() if gone.id in line]
    assert row.rstrip().endswith("asked to by the client"), listed.stdout


def test_issue21_a_hand_edited_page_left_one_memory_is_not_said_to_have_none(cli, cli_json, quire_home):
    # Issue 21's forget row (two facts about one entity, `rebuild`, `forget` one) on a page a person
    # had edited: the removal waits for the person, and its item said "none of its memories are
    # left" while the other fact was still active and cited on the page.
    for text in (
        "Zorbalina Kestrelworth told me in confidence that the merger closes in April",
        "Zorbalina Kestrelworth leads the quarterly planning for the data group",
    ):
        assert cli("capture", text, "--entity", "Zorbalina Kestrelworth").exit_code == 0
    assert cli("rebuild").exit_code == 0
    page = quire_home / "wiki" / "zorbalina-kestrelworth.md"
    page.write_text(page.read_text() + "\nA line the person added by hand.\n")
    [hit] = [h for h in cli_json("recall", "merger closes in April")["results"] if "merger" in h["content"]]
    assert cli("forget", hit["id"]).exit_code == 0
    assert cli("rebuild").exit_code == 0
    [item] = cli_json("curate", "list")["items"]
    said = cli("curate", "show", str(item["id"])).stdout
    assert "none of its memories are left" not in said and "too few are left" in said, said
