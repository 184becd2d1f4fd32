"""The warm phrase postings of the lexical channel: the same rows and scores as FTS5's own bm25
statement, to the bit and in the same order (ties included), and never stale after a write."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from memory.capture import capture_many
from memory.embed import FakeEmbedder
from memory.errors import QuireError
from memory.models import CapturePayload, parse_payload
from retrieval import lexical, rowcache, tuning
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


# -- phrases scored here from their instances ------------------------------------------------


def _seed_varied(session, n=300, seed=9):
    """Rows whose words sit in every column, repeated, in rows long enough for two-byte lengths."""
    rng = random.Random(seed)
    payloads = []
    for i in range(n):
        body = " ".join(rng.choice(WORDS) for _ in range(rng.choice([2, 5, 9, 40, 150])))
        title = " ".join(rng.sample(WORDS, 2)) if i % 3 else None
        cue = " ".join(rng.sample(WORDS, 3)) if i % 4 else None
        payloads.append(CapturePayload(content=f"{body} {i}", title=title, cue=cue))
    capture_many(session.db, payloads, actor="test", embedder=FakeEmbedder, check=False)
    db = session.db
    db.execute("UPDATE memories SET status = 'forgotten' WHERE rowid % 17 = 0")  # rows gone from the index
    db.execute("DELETE FROM memories WHERE rowid % 23 = 0")


def _warm_at(db):
    warm = lexical._Warm()
    warm.answer(db, _state(db), ["sync"], False, 10, 10)
    return warm


def test_phrases_scored_here_are_fts5s_rows_and_scores_to_the_bit(session, monkeypatch):
    monkeypatch.setattr(lexical, "_exact", {})
    _seed_varied(session)
    db = session.db
    warm = _warm_at(db)
    scored = 0
    for word in [w.lower() for w in WORDS] + ["Deploying", "ZOE", "absent"]:
        mine = warm._scored(db, word)
        if word == "e-mail":  # two terms: a phrase, left to FTS5
            assert mine is None
            continue
        assert mine is not None, word
        fts5 = lexical._fts5_postings(db, word)
        assert mine[0].tolist() == fts5[0].tolist(), word
        assert mine[1].tobytes() == fts5[1].tobytes(), word
        scored += len(mine[0])
    assert scored > 500
    assert int(warm.lengths.max()) > 127  # two-byte varints were decoded


def test_a_process_whose_own_bm25_rounds_differently_keeps_fts5s(session, monkeypatch):
    monkeypatch.setattr(lexical, "_exact", {})
    real = lexical._bm25_postings

    def off_by_one_ulp(*args, **kw):
        ids, contrib, hits = real(*args, **kw)
        return ids, np.nextafter(contrib, np.inf), hits

    monkeypatch.setattr(lexical, "_bm25_postings", off_by_one_ulp)
    _seed_varied(session, n=80)
    db = session.db
    warm = _warm_at(db)
    first = warm.postings(db, "sync")
    assert lexical._exact == {"checked": False}
    assert first[1].tobytes() == lexical._fts5_postings(db, "sync")[1].tobytes()
    assert warm._scored(db, "cache") is None  # and nothing is scored here in this process again


def test_the_control_an_exact_scorer_is_kept(session, monkeypatch):
    monkeypatch.setattr(lexical, "_exact", {})
    _seed_varied(session, n=80)
    db = session.db
    _warm_at(db).postings(db, "sync")
    assert lexical._exact == {"checked": True}


def _declared(sql: str) -> tuple[tuple[str, ...], str]:
    """(columns, tokenizer) of a CREATE VIRTUAL TABLE ... USING fts5(...) statement."""
    inside = sql[sql.index("(") + 1 : sql.rindex(")")]
    parts = [p.strip() for p in inside.split(",")]
    tokenize = next(p.split("=", 1)[1].strip().strip("'\"") for p in parts if p.startswith("tokenize"))
    return tuple(p for p in parts if "=" not in p), tokenize


def test_the_scorer_reads_the_index_as_memories_fts_is_declared(session):
    sql = session.db.scalar("SELECT sql FROM sqlite_master WHERE name = 'memories_fts'")
    assert _declared(sql) == (lexical.COLUMNS, lexical.TOKENIZE)
    assert len(lexical.COLUMNS) == len(tuning.FTS_WEIGHTS)


def test_the_control_a_changed_declaration_is_caught():
    changed = "CREATE VIRTUAL TABLE memories_fts USING fts5(content, cue, title, tokenize = 'unicode61')"
    assert _declared(changed) != (lexical.COLUMNS, lexical.TOKENIZE)


@pytest.mark.parametrize(
    "data, expected",
    [(b"", []), (b"\x00\x7f", [0, 127]), (b"\x82\x2c\x01", [300, 1]), (b"\xff" * 8 + b"\x01", [(1 << 64) - 255])],
)
def test_varints_read_as_sqlite_writes_them(data, expected):
    assert lexical.varints(data) == expected


def test_a_cut_varint_is_refused():
    with pytest.raises(ValueError):
        lexical.varints(b"\x82")


def test_a_connection_that_cannot_make_the_instance_table_keeps_fts5s(session, monkeypatch):
    monkeypatch.setattr(lexical, "_exact", {})
    monkeypatch.setattr(lexical, "INSTANCE_DDL", "CREATE VIRTUAL TABLE temp.quire_fts_instance USING no_such_module()")
    _seed_varied(session, n=80)
    db = session.db
    lexical._instanced.discard(db)
    warm = _warm_at(db)
    assert warm._scored(db, "sync") is None
    assert warm.postings(db, "sync")[1].tobytes() == lexical._fts5_postings(db, "sync")[1].tobytes()


def test_fts5s_terms_of_a_word_and_a_long_word_is_not_kept():
    tokens = lexical._Tokenizer()
    assert tokens.terms("Deployed") == ("deploi",)
    assert tokens.terms("e-mail") == ("e", "mail")
    assert tokens.terms("naïve") == ("naiv",)
    assert tokens.terms("\u200b") == ()
    long = "x" * 5000
    assert tokens.terms(long) == (long,)
    assert long not in tokens.known and "Deployed" in tokens.known


def test_an_index_read_whole_gives_fts5s_rows_and_scores_to_the_bit(session, monkeypatch):
    monkeypatch.setattr(lexical, "_exact", {})
    _seed_varied(session)
    db = session.db
    warm = _warm_at(db)
    for _ in range(rowcache.WHOLE_AFTER):
        warm.answer(db, _state(db), ["sync"], False, 10, 10)
    warm._scored(db, "review")
    assert warm.whole is not None and len(warm.whole.terms) > 20  # read whole at this state
    for term in list(warm.whole.terms):
        ids, contrib = warm.whole.postings(term)
        fts5 = lexical._fts5_postings(db, term)
        assert ids.tolist() == fts5[0].tolist(), term
        assert contrib.tobytes() == fts5[1].tobytes(), term
    assert warm.whole.postings("absent")[0].size == 0


def test_a_big_index_is_not_read_whole(session, monkeypatch):
    monkeypatch.setattr(lexical, "WHOLE_TOKENS_MAX", 50)
    _seed_varied(session, n=80)
    db = session.db
    warm = _warm_at(db)
    for _ in range(rowcache.WHOLE_AFTER + 1):
        warm.answer(db, _state(db), ["sync"], False, 10, 10)
    assert warm._scored(db, "review") is not None and warm.whole is None


def test_a_search_at_a_new_state_drops_the_whole_index(session):
    _seed_varied(session, n=80)
    db = session.db
    warm = _warm_at(db)
    for _ in range(rowcache.WHOLE_AFTER + 1):
        warm.answer(db, _state(db), ["sync"], False, 10, 10)
    warm.answer(db, _state(db), ["cache"], False, 10, 10)  # a word met first: read from the whole index
    assert warm.whole is not None
    capture_many(db, [CapturePayload(content="a brand new sync memory about zebras")], actor="t", embedder=FakeEmbedder)
    assert warm.answer(db, _state(db), ["zebras"], False, 10, 10) is None and warm.whole is None
    for _ in range(warm.payback.after + 1):  # (the read before did not pay back: the next waits longer)
        warm.answer(db, _state(db), ["sync"], False, 10, 10)
    found = warm.answer(db, _state(db), ["zebras"], False, 10, 10)
    assert warm.whole is not None and found == lexical.search_unfiltered(db, ["zebras"], 10)
    assert found and found[0][0] == db.scalar("SELECT max(rowid) FROM memories")


def test_words_tokenized_together_get_the_terms_each_gets_alone():
    words = ["Deployed", "e-mail", "naïve", "\u200b", "Москва", "deployed", "Deployed", "x" * 5000]
    together = lexical._Tokenizer().terms_of(words)
    alone = [lexical._Tokenizer().terms(w) for w in words]
    assert together == alone and together[0] == ("deploi",) and together[1] == ("e", "mail")


def test_a_tokenizer_read_that_fails_leaves_no_word_behind_for_the_next(monkeypatch):
    tokens = lexical._Tokenizer()
    tokens.terms("warmup")
    real = tokens.db.rows

    def broken(sql, params=()):
        raise QuireError("the read failed")

    monkeypatch.setattr(tokens.db, "rows", broken)
    with pytest.raises(QuireError):
        tokens.terms_of(["deployed"])
    monkeypatch.setattr(tokens.db, "rows", real)
    assert tokens.terms_of(["billing", "e-mail"]) == [("bill",), ("e", "mail")]


def test_words_counted_in_the_index_held_whole_get_fts5s_counts(session, monkeypatch):
    monkeypatch.setattr(lexical, "_exact", {})
    _seed_varied(session)
    db = session.db
    monkeypatch.setitem(lexical._warm, db, _warm_at(db))
    warm = lexical._warm[db]
    for _ in range(rowcache.WHOLE_AFTER):
        warm.answer(db, _state(db), ["sync"], False, 10, 10)
    warm._scored(db, "review")
    assert warm.whole is not None and warm.whole.terms
    words = [w.lower() for w in WORDS] + ["Deploying", "ZOE", "absent", 'quo"te']
    lexical._df.pop(db, None)
    lexical.count_held(db, words, _state(db), 999)
    held = dict(lexical._df[db])
    assert "e-mail" not in held and 'quo"te' not in held  # two terms, a quote: left to FTS5's count
    assert len(held) >= len(WORDS)
    for word, (count, corpus) in held.items():
        fts5 = db.scalar(*lexical.count_queries([word])[0])
        assert (count, corpus) == (fts5, 999), word


def test_the_control_no_count_from_an_index_held_at_another_state(session, monkeypatch):
    _seed_varied(session, n=80)
    db = session.db
    monkeypatch.setitem(lexical._warm, db, _warm_at(db))
    warm = lexical._warm[db]
    for _ in range(rowcache.WHOLE_AFTER + 1):
        warm.answer(db, _state(db), ["sync"], False, 10, 10)
    warm._scored(db, "review")
    assert warm.whole is not None
    capture_many(db, [CapturePayload(content="a new sync memory about zebras")], actor="t", embedder=FakeEmbedder)
    lexical._df.pop(db, None)
    lexical.count_held(db, ["zebras", "sync"], _state(db), 999)
    assert not lexical._df.get(db)  # the index moved: the held one would count zebras 0


@pytest.mark.parametrize("n", [250, 800, 5000, 20_000])
def test_the_rows_over_the_cut_are_those_of_every_total_ties_kept(n):
    """(rec25) `_best` keeps the totals at or over the limit-th highest, read from a sampled cut past 4 x limit
    rows: the same positions as a partition of every total, ties at the cut included (many rows share a
    total: the same words, the same length)."""
    rng = np.random.default_rng(n)
    total = np.round(rng.gamma(2.0, 1.5, n), 2)  # rounded: runs of equal totals
    total[rng.choice(n, 40, replace=False)] = np.sort(total)[-200]  # a run at the 200th highest itself
    every = np.flatnonzero(-total <= np.partition(-total, 199)[199])
    assert lexical._over_cut(total, 200).tolist() == every.tolist() and len(every) > 200
