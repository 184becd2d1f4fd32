"""The entity graph per device: a saved cache caught up from `graph_changes`, identical to
a full read after captures, forgets, supersedes and entity changes; a lost or damaged cache is a full
read. On the embedded file and on sqld."""

from __future__ import annotations

from memory import clock, erase
from retrieval import graph
from retrieval.scope import Filter


def _state(g):
    edges = sorted(tuple(sorted(e)) for e in g.relation_graph().edges) if g.edges else []
    return g.names, g.keys, g.edges, edges


def _relate(db, a, b):
    with db.transaction():
        db.execute(
            "INSERT INTO relations(from_entity, to_entity, relation_type, created_at) VALUES (?, ?, 'related_to', ?)",
            (a, b, clock.now_iso()),
        )


def _entity(db, name):
    return int(db.scalar("SELECT id FROM entities WHERE name_key = ?", (name.casefold(),)))


def test_a_refreshed_graph_is_identical_to_a_full_read(store, session, tmp_path, cap):
    db = session.db
    cache = tmp_path / "graph-cache"
    first = cap("Ada Lovelace wrote the first program for the Analytical Engine", entities=["Ada", "Engine"])
    cap("Charles Babbage designed the Analytical Engine in London", entities=["Babbage", "Engine"])
    _relate(db, _entity(db, "Ada"), _entity(db, "Babbage"))
    with db.transaction():
        db.execute("INSERT INTO entities(name, name_key, kind, created_at) VALUES ('Old', 'old', 'concept', 'x')")
    saved = graph.EntityGraph.load(db, cache)
    saved.save(db, cache)
    assert graph.cache_path(cache).exists()

    # captures with new entities, a forget, a supersede, a renamed and a deleted entity, relations
    # added, moved and removed: all after the cache was written
    third = cap("Grace Hopper wrote the first compiler for the Harvard Mark I", entities=["Grace", "Mark I"])
    erase.forget(db, first.id, actor="test", reason="test")
    cap("Babbage designed the Difference Engine too", entities=["Babbage", "Difference Engine"])
    cap("Grace Hopper popularised the word bug at Harvard", entities=["Grace", "Harvard"], supersedes=third.id)
    _relate(db, _entity(db, "Grace"), _entity(db, "Harvard"))
    _relate(db, _entity(db, "Babbage"), _entity(db, "Difference Engine"))
    with db.transaction():
        db.execute("UPDATE entities SET name_key = 'mark one', name = 'Mark One' WHERE name_key = 'mark i'")
        relation = db.scalar("SELECT min(id) FROM relations")
        db.execute("UPDATE relations SET to_entity = ? WHERE id = ?", (_entity(db, "Grace"), relation))
        db.execute("DELETE FROM relations WHERE to_entity = ?", (_entity(db, "Difference Engine"),))
        db.execute("INSERT INTO entities(name, name_key, kind, created_at) VALUES ('Tmp', 'tmp', 'concept', 'x')")
        db.execute("DELETE FROM entities WHERE name_key IN ('tmp', 'old')")

    refreshed = graph.EntityGraph.load(db, cache)
    fresh = graph.EntityGraph.load(db, None)
    assert refreshed.saved_seq is not None  # it came from the cache, not a full read
    assert _state(refreshed) == _state(fresh)
    assert "mark one" in refreshed.names and "mark i" not in refreshed.names and "tmp" not in refreshed.names
    assert "old" in saved.names and "old" not in refreshed.names
    # it read the change log and the changed rows only, far fewer than a full read
    full_rows = db.scalar("SELECT count(*) FROM entities") + db.scalar("SELECT count(*) FROM relations")
    changes = db.scalar("SELECT count(DISTINCT kind || row_id) FROM graph_changes WHERE seq > ?", (saved.seq,))
    assert refreshed.rows_read <= 1 + 2 * changes and fresh.rows_read == 1 + full_rows

    # a warm graph caught up in place gives the same searches as a fresh one
    where, params = Filter().sql()
    graph._graphs[db] = saved
    warm = graph.search(db, "Grace Hopper and Babbage at Harvard", where, params, 20, cache)
    assert _state(saved) == _state(fresh)
    graph._graphs.pop(db)
    cold = graph.search(db, "Grace Hopper and Babbage at Harvard", where, params, 20)
    assert warm == cold and warm.ranked


def test_a_deleted_or_damaged_cache_falls_back_to_a_full_read(store, session, tmp_path, cap):
    db = session.db
    cache = tmp_path / "graph-cache"
    cap("Ada Lovelace wrote the first program for the Analytical Engine", entities=["Ada", "Engine"])
    _relate(db, _entity(db, "Ada"), _entity(db, "Engine"))
    graph.EntityGraph.load(db, cache).save(db, cache)
    path = graph.cache_path(cache)
    fresh = graph.EntityGraph.load(db, None)

    path.write_text('{"format": 1, "db_id": "', encoding="utf-8")  # cut short
    damaged = graph.EntityGraph.load(db, cache)
    assert damaged.saved_seq is None and _state(damaged) == _state(fresh)

    path.write_text('{"format": 1, "db_id": "another", "seq": 0, "entities": [], "relations": []}', encoding="utf-8")
    foreign = graph.EntityGraph.load(db, cache)
    assert foreign.saved_seq is None and _state(foreign) == _state(fresh)

    path.unlink()
    gone = graph.EntityGraph.load(db, cache)
    assert gone.saved_seq is None and _state(gone) == _state(fresh)

    # a change log pruned past the cache's position: a full read, not a partial catch-up
    graph.EntityGraph.load(db, cache).save(db, cache)
    cap("Babbage designed the Difference Engine", entities=["Babbage"])
    with db.transaction():
        db.execute("DELETE FROM graph_changes")
    cap("Grace Hopper wrote a compiler", entities=["Grace"])
    pruned = graph.EntityGraph.load(db, cache)
    assert pruned.saved_seq is None and "babbage" in pruned.names
    assert _state(pruned) == _state(graph.EntityGraph.load(db, None))


def test_recall_writes_the_graph_cache_under_the_session_cache_dir(store, session, cap):
    from retrieval.recall import search

    db = session.db
    cap("Ada Lovelace wrote the first program for the Analytical Engine", entities=["Ada Lovelace"])
    assert search(session, "Ada Lovelace", touch=False).hits
    cached = graph.EntityGraph.load(db, session.cache_dir)
    assert cached.saved_seq == cached.seq and "ada lovelace" in cached.names


def test_push_and_pull_carry_the_graph_change_log_and_a_pulled_home_reads_the_same_graph(
    sqld_url, quire_home, cli_json, tmp_path
):
    import os

    from memory.session import Session

    cli_json("capture", "Ada Lovelace wrote the first program", "--entity", "Ada Lovelace", "--entity", "Engine")
    cli_json("capture", "Babbage designed the Analytical Engine", "--entity", "Babbage", "--entity", "Engine")
    pushed = cli_json("store", "push", sqld_url)
    assert pushed["verified"]
    assert "graph_changes" in {t["table"] for t in pushed["tables"]}
    with Session(actor="test") as local:
        mine = graph.EntityGraph.load(local.db, None)
    other = tmp_path / "other"
    os.environ["QUIRE_HOME"] = str(other)
    try:
        assert cli_json("store", "pull", sqld_url)["verified"]
        with Session(actor="test") as pulled:
            theirs = graph.EntityGraph.load(pulled.db, pulled.cache_dir)
            assert theirs.seq == mine.seq and _state(theirs) == _state(mine)
    finally:
        os.environ["QUIRE_HOME"] = str(quire_home)
