"""Access counts written behind by a warm process (memory/access.py): what a person or agent reads
is the same as with every count written at once, and nothing waits past the next operation, the
session's end, a forget or a failed write."""

from __future__ import annotations

import json
import random

import pytest

from memory import access, audit
from memory.capture import capture_many
from memory.db import FileDatabase
from memory.embed import FakeEmbedder
from memory.errors import StoreError
from memory.home import Home
from memory.models import CapturePayload
from memory.session import Session
from quire import client, ops
from retrieval import rowcache
from retrieval.recall import recall
from retrieval.scope import ALL_SPACES
from tests.test_service import Served

WORDS = ["sync", "service", "billing", "deploy", "cache", "ticket", "review", "Oslo", "Ana", "backup"]
QUERIES = ["sync service", "billing deploy", "cache ticket review", "Oslo backup", "Ana", "deploy backup sync"]


def _seed(session):
    rng = random.Random(4)
    texts = list(dict.fromkeys(" ".join(rng.sample(WORDS, rng.randint(2, 5))) + f" note {i}" for i in range(150)))
    capture_many(
        session.db, [CapturePayload(content=t) for t in texts], actor="test", embedder=FakeEmbedder, check=False
    )
    session._embedder = FakeEmbedder()


def _stored(db):
    """The counts and audit rows as stored, memories named by their text (ids differ between homes)."""
    text = dict(db.rows("SELECT id, content FROM memories"))
    counts = sorted(
        (text[mid], n, at)
        for mid, n, at in db.rows("SELECT id, access_count, last_accessed FROM memories WHERE access_count > 0")
    )
    audits = [
        (actor, [text[mid] for mid in json.loads(detail)["ids"]], json.loads(detail)["query"])
        for actor, detail in db.rows("SELECT actor, detail FROM audit_log WHERE action = 'recall_access' ORDER BY id")
    ]
    return counts, audits


def _asked(session, rounds):
    shown = []
    for i in range(rounds):
        hits = recall(session, QUERIES[i % len(QUERIES)], scope=ALL_SPACES, k=4)
        shown.append([(h.content, h.access_count, h.last_accessed) for h in hits])
    return shown


@pytest.fixture
def homes(tmp_path, monkeypatch):
    """Two homes with the same memories: one writing each count at once, one writing them behind."""
    monkeypatch.setenv("QUIRE_NOW", "2026-03-04T05:06:07Z")  # both stamp the same times
    monkeypatch.setattr(access, "FLUSH_SECONDS", 3600.0)  # batches by count only, however slow the machine
    made = []
    for name in ("at-once", "behind"):
        monkeypatch.setenv("QUIRE_HOME", str(tmp_path / name))
        s = Session(actor="test")
        _seed(s)
        made.append(s)
    made[1].write_behind()
    yield made
    for s in made:
        s.close()


def test_counts_written_behind_read_back_as_counts_written_at_once(homes):
    at_once, behind = homes
    rounds = access.FLUSH_RECALLS + rowcache.WHOLE_AFTER + 7  # one batch written mid-way, the rest at close
    shown = [_asked(s, rounds) for s in homes]
    assert shown[0] == shown[1]  # every hit showed the same count and time, waiting or not
    assert any(count >= 5 for hits in shown[1] for _, count, _ in hits)
    assert rowcache.of(behind.db).every is not None  # the home read whole followed the written batch
    waiting = _stored(behind.db)
    assert len(waiting[1]) == access.FLUSH_RECALLS  # the first batch, written when it was due
    behind.flush_access()
    assert _stored(behind.db) == _stored(at_once.db)  # counts, times, one audit row a recall, in order


def test_any_other_operation_writes_the_waiting_counts_first(homes):
    _, behind = homes
    hits = recall(behind, "billing deploy", scope=ALL_SPACES, k=3)
    assert _stored(behind.db) == ([], [])  # waiting
    ops.run(behind, "memory_show", {"memory_id": hits[0].id})
    counts, audits = _stored(behind.db)
    assert len(audits) == 1 and sorted(c for c, _, _ in counts) == sorted(h.content for h in hits)
    assert behind.db.scalar("SELECT access_count FROM memories WHERE id = ?", (hits[0].id,)) == 1


def test_the_session_end_writes_the_waiting_counts(homes):
    _, behind = homes
    path = behind.db.path
    recall(behind, "cache ticket review", scope=ALL_SPACES, k=3)
    behind.close()
    other = FileDatabase(path)
    try:
        counts, audits = _stored(other)
        assert len(counts) == 3 and [a[0] for a in audits] == ["test"]
    finally:
        other.close()


def test_a_query_that_waited_while_a_memory_was_forgotten_elsewhere_is_not_written(homes):
    _, behind = homes
    recall(behind, "Oslo backup", scope=ALL_SPACES, k=3)
    other = Session(behind.home, actor="cli")  # another process's forget
    victim = other.db.scalar("SELECT id FROM memories WHERE content LIKE '%Oslo%' LIMIT 1")
    ops.run(other, "forget", {"memory_id": victim})
    other.close()
    behind.flush_access()
    assert [a[2] for a in _stored(behind.db)[1]] == ["[forgotten]"]


def test_the_control_a_query_with_no_forget_meanwhile_is_written(homes):
    _, behind = homes
    recall(behind, "Oslo backup", scope=ALL_SPACES, k=3)
    behind.flush_access()
    assert [a[2] for a in _stored(behind.db)[1]] == ["Oslo backup"]


def test_a_write_that_fails_leaves_the_counts_waiting_and_the_recall_answers(homes, monkeypatch):
    at_once, behind = homes

    def refused(*args, **kw):
        raise StoreError("database is locked")

    monkeypatch.setattr(behind.db, "executemany", refused)
    monkeypatch.setattr(audit, "insert_many", refused)  # the audit rows go in multi-row INSERTs
    rounds = access.FLUSH_RECALLS + 3
    shown = _asked(behind, rounds)  # the due write failed: no recall did
    assert shown == _asked(at_once, rounds)
    assert _stored(behind.db) == ([], [])
    monkeypatch.undo()
    behind.flush_access()
    assert _stored(behind.db) == _stored(at_once.db)


def test_a_session_that_does_not_ask_writes_each_count_at_once(session):
    _seed(session)
    recall(session, "billing deploy", scope=ALL_SPACES, k=3)
    assert len(_stored(session.db)[0]) == 3 and access.of(session.db) is None


def _counts_shown(home):
    found = client.call("recall", {"query": "NAS backups", "detail": True}, home=home)
    return [r["access_count"] for r in found["results"]]


def test_through_quire_serve_counts_read_back_and_reach_the_log(quire_home):
    service = Served(quire_home)
    home = Home(quire_home)
    try:
        for text in ("The backup job copies the vault to the NAS at night", "The NAS keeps thirty nightly backups"):
            client.call("capture", {"content": text}, home=home)
        seen = [_counts_shown(home) for _ in range(3)]
        assert seen == [[0, 0], [1, 1], [2, 2]]  # counted as each recall ran, though written behind
        actions = [e["action"] for e in client.call("log", {}, home=home)["entries"]]
        assert actions.count("recall_access") == 3  # written before the log was read
        _counts_shown(home)
    finally:
        service.stop()
    with Session(home) as s:  # the service's end wrote the last one
        assert s.db.scalar("SELECT count(*) FROM audit_log WHERE action = 'recall_access'") == 4


def test_a_written_batch_keeps_the_home_read_whole(homes):
    _, behind = homes
    _asked(behind, rowcache.WHOLE_AFTER + 1)
    kept = rowcache.of(behind.db)
    whole = kept.every
    assert whole is not None
    _asked(behind, access.FLUSH_RECALLS + 2)  # a batch is written on the way
    assert len(_stored(behind.db)[1]) == access.FLUSH_RECALLS
    assert kept.every is whole  # the cache followed the write, rows and counts, and read nothing again


def test_counts_that_waited_long_enough_are_written_by_the_next_recall(homes, monkeypatch):
    _, behind = homes
    recall(behind, "billing deploy", scope=ALL_SPACES, k=3)
    assert _stored(behind.db) == ([], [])
    monkeypatch.setattr(access, "FLUSH_SECONDS", 0.0)  # the oldest has waited its time
    recall(behind, "Oslo backup", scope=ALL_SPACES, k=3)
    assert len(_stored(behind.db)[1]) == 2
