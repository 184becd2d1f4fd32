"""The warm phrase postings of the lexical channel: the same rows and scores as FTS5's own bm25
statement, to the bit and in the same order (ties included), and never stale after a write."""

from __future__ import annotations

import random
import threading

import pytest

from memory.capture import capture_many
from memory.embed import FakeEmbedder
from memory.models import CapturePayload, parse_payload
from retrieval import lexical, tuning
from retrieval.recall import recall
from retrieval.scope import ALL_SPACES

WORDS = ["sync", "service", "billing", "e-mail", "deploy", "deployed", "cache", "Zoë", "Москва", "ticket", "review"]


def _seed(session, n=600, seed=3):
    rng = random.Random(seed)
    texts = list(
        dict.fromkeys(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))) + f" {i % 7}" for i in range(n))
    )
    capture_many(
        session.db, [CapturePayload(content=t) for t in texts], actor="test", embedder=FakeEmbedder, check=False
    )


def _state(db):
    return tuple(db.rows(lexical.STATE_SQL)[0])


def _queries():
    rng = random.Random(5)
    fixed = ["sync service", "e-mail deploy", "deployed deploy cache", "zoë москва", "ticket", "review billing sync"]
    return fixed + [" ".join(rng.sample(WORDS, rng.randint(1, 4))) for _ in range(40)]


@pytest.mark.parametrize("and_first_from", [tuning.LEXICAL_AND_FIRST_POSTINGS, 50])
def test_warm_postings_give_fts5s_rows_and_scores_exactly(session, monkeypatch, and_first_from):
    monkeypatch.setattr(tuning, "LEXICAL_AND_FIRST_POSTINGS", and_first_from)
    _seed(session)
    db = session.db
    state = _state(db)
    lexical.search_unfiltered(db, ["sync"], 10, state=state)  # the first look at this state: FTS5 answers
    ties = 0
    for q in _queries():
        words = lexical.terms(q)
        for limit, enough in ((200, 50), (12, 12), (3, 1)):
            plain = lexical.search_unfiltered(db, words, limit, enough=enough)
            warm = lexical.search_unfiltered(db, words, limit, enough=enough, state=state)
            assert warm == plain, q
            ties += len(plain) - len({s for _, s in plain})
    assert ties > 100  # the seeded rows tie a lot: the tie order is what is checked
    assert lexical._warm[db].phrases  # and the postings did answer


def test_a_write_between_recalls_is_found_at_once(session):
    _seed(session, n=200)
    for _ in range(3):  # the state is seen twice: the warm postings answer from the third recall
        assert recall(session, "zebra", scope=ALL_SPACES, k=5, touch=False)
    fresh = session.capture(parse_payload({"content": "zebra crossing near the office"})).id
    found = {h.id: h.channels for h in recall(session, "zebra", scope=ALL_SPACES, k=5, touch=False)}
    assert found[fresh].get("lexical") == 1
    session.db.execute("UPDATE memories SET status = 'rejected' WHERE id = ?", (fresh,))
    assert fresh not in [h.id for h in recall(session, "zebra", scope=ALL_SPACES, k=5, touch=False)]


def test_an_edit_that_keeps_the_counts_still_moves_the_state(session):
    _seed(session, n=50)
    db = session.db
    mid = db.rows("SELECT id FROM memories ORDER BY rowid LIMIT 1")[0][0]
    before = _state(db)
    db.execute("UPDATE memories SET content = 'walrus ' || substr(content, 7) WHERE id = ?", (mid,))
    assert _state(db) != before


def test_no_warm_postings_inside_a_write_transaction(session):
    _seed(session, n=50)
    db = session.db
    state = _state(db)
    lexical.search_unfiltered(db, ["sync"], 10, state=state)
    lexical.search_unfiltered(db, ["sync"], 10, state=state)
    with db.transaction():
        db.execute(
            "UPDATE memories SET content = 'sync sync sync sync' WHERE rowid = (SELECT max(rowid) FROM memories)"
        )
        top = lexical.search_unfiltered(db, ["sync"], 1, state=state)  # FTS5's pending terms: not in either record
        assert top == lexical.search_unfiltered(db, ["sync"], 1)


def test_reads_side_by_side_share_the_postings_safely(session, monkeypatch):
    monkeypatch.setattr(lexical, "WARM_POSTINGS_MAX", 300)  # small: threads also evict each other's words
    _seed(session)
    db = session.db
    state = _state(db)
    asked = [lexical.terms(q) for q in _queries()]
    plain = [lexical.search_unfiltered(db, words, 50) for words in asked]
    lexical.search_unfiltered(db, ["sync"], 10, state=state)
    failures: list[str] = []

    def reader(offset: int) -> None:
        for i in range(len(asked)):
            j = (i + offset) % len(asked)
            if lexical.search_unfiltered(db, asked[j], 50, state=state) != plain[j]:
                failures.append(" ".join(asked[j]))

    threads = [threading.Thread(target=reader, args=(n * 7,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
