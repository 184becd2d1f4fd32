"""The rows a warm recall keeps (retrieval/rowcache.py): the hits of a recall that reads every row
again, and never stale after a write by this connection, another connection or another process."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
import threading
import time

import pytest

from memory import erase
from memory.capture import capture_many
from memory.db import CHANGES_SQL, FileDatabase
from memory.embed import FakeEmbedder
from memory.models import CapturePayload, parse_payload
from memory.payback import Payback
from retrieval import rowcache
from retrieval.recall import count_access, recall
from retrieval.scope import ALL_SPACES

WORDS = ["sync", "service", "billing", "deploy", "cache", "ticket", "review", "Oslo", "Ana", "backup"]
QUERIES = ["sync service", "billing deploy", "cache ticket review", "Oslo backup", "Ana", "deploy backup sync"]


@pytest.fixture
def seeded(session):
    rng = random.Random(4)
    texts = list(dict.fromkeys(" ".join(rng.sample(WORDS, rng.randint(2, 5))) + f" note {i}" for i in range(150)))
    payloads = [CapturePayload(content=t) for t in texts]
    capture_many(session.db, payloads, actor="test", embedder=FakeEmbedder, check=False)
    session._embedder = FakeEmbedder()
    return session


def _hits(session, query, **kw):
    found = recall(session, query, scope=ALL_SPACES, k=8, touch=False, **kw)
    return [(h.id, h.score, h.channels, h.multipliers, h.pinned, h.effective_confidence) for h in found]


def _asked(session):
    # Two filters side by side (as_of moves the filter's parameters): each keeps its own rows.
    return [_hits(session, q, **kw) for q in QUERIES for kw in ({}, {"as_of": "2000-01-01"}, {})]


@pytest.mark.parametrize("rows_max", [rowcache.ROWS_MAX, 40])
def test_kept_rows_give_the_hits_of_a_recall_that_reads_them_again(seeded, monkeypatch, rows_max):
    monkeypatch.setattr(rowcache, "ROWS_MAX", rows_max)  # 40: the oldest rows go while recalls run
    warm = [_asked(seeded) for _ in range(3)]
    assert 0 < rowcache.of(seeded.db).size <= rows_max  # the rows were kept (and answered the later rounds)
    monkeypatch.setattr(rowcache, "of", lambda db: None)
    cold = _asked(seeded)
    assert warm == [cold, cold, cold]
    assert any(cold) and not all(cold)  # the as_of filter admits nothing: the filters were kept apart


@pytest.fixture(params=["candidates read", "home read whole"])
def warm_rounds(request):
    """Recalls before the write: fewer than rowcache.WHOLE_AFTER (each reads its candidates) or
    enough that the small home was read whole (every row and the filter's rowids)."""
    return 2 if request.param == "candidates read" else rowcache.WHOLE_AFTER + 1


def _pinned_after(session, write, rounds=2) -> tuple[bool, bool]:
    """(pinned shown before the write, after): the first hit of a query, pinned by `write(id)`."""
    for _ in range(rounds):
        first = recall(session, "billing deploy", scope=ALL_SPACES, k=5, touch=False)[0]
    if rounds > rowcache.WHOLE_AFTER:
        assert rowcache.of(session.db).every is not None  # the recalls were answered from the whole home
    write(first.id)
    after = {h.id: h.pinned for h in recall(session, "billing deploy", scope=ALL_SPACES, k=5, touch=False)}
    return first.pinned, after[first.id]


def test_a_write_by_another_connection_is_seen_on_the_next_recall(seeded, warm_rounds):
    def write(mid):
        other = FileDatabase(seeded.db.path)
        other.execute("UPDATE memories SET pinned = 1 WHERE id = ?", (mid,))
        other.close()

    assert _pinned_after(seeded, write, warm_rounds) == (False, True)


def test_a_write_by_another_process_is_seen_on_the_next_recall(seeded, warm_rounds):
    code = (
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        "c.execute('UPDATE memories SET pinned = 1 WHERE id = ?', (sys.argv[2],)); c.commit()"
    )

    def write(mid):
        subprocess.run([sys.executable, "-c", code, str(seeded.db.path), mid], check=True)

    assert _pinned_after(seeded, write, warm_rounds) == (False, True)


def test_a_write_by_this_connection_is_seen_on_the_next_recall(seeded, warm_rounds):
    def write(mid):
        seeded.db.execute("UPDATE memories SET pinned = 1 WHERE id = ?", (mid,))

    assert _pinned_after(seeded, write, warm_rounds) == (False, True)


def test_a_write_rolled_back_after_a_recall_inside_it_is_not_kept(seeded, warm_rounds):
    class Undo(Exception):
        pass

    def write(mid):
        with pytest.raises(Undo), seeded.db.transaction():
            seeded.db.execute("UPDATE memories SET pinned = 1 WHERE id = ?", (mid,))
            inside = recall(seeded, "billing deploy", scope=ALL_SPACES, k=5, touch=False)
            assert {h.id: h.pinned for h in inside}[mid]
            raise Undo

    assert _pinned_after(seeded, write, warm_rounds) == (False, False)


def test_access_counts_reach_the_store_and_the_kept_rows_outlive_them(seeded):
    db = seeded.db
    rounds = rowcache.WHOLE_AFTER + 3  # the later recalls answer from the home read whole
    shown = [
        [h.access_count for h in recall(seeded, "cache ticket review", scope=ALL_SPACES, k=4)] for _ in range(rounds)
    ]
    assert shown == [[n] * 4 for n in range(rounds)]  # the count before each recall
    assert rowcache.of(db).every is not None
    hits = recall(seeded, "cache ticket review", scope=ALL_SPACES, k=4, touch=False)
    ids = [h.id for h in hits]
    counts = dict(db.rows("SELECT id, access_count FROM memories WHERE access_count > 0"))
    assert counts == dict.fromkeys(ids, rounds)
    stored = dict(db.rows("SELECT id, last_accessed FROM memories WHERE access_count > 0"))
    assert {h.id: h.last_accessed for h in hits} == stored  # the time each row shows is the stored one
    # The cache followed its own write exactly: it stands for the store as it is now.
    assert rowcache.of(db).token == tuple(db.rows(CHANGES_SQL)[0])


def test_a_small_home_read_whole_gives_the_hits_of_recalls_that_read_their_candidates(seeded, monkeypatch):
    warm = [_asked(seeded) for _ in range(3)]
    assert rowcache.of(seeded.db).every is not None and len(rowcache.of(seeded.db).admitted) == 2
    monkeypatch.setattr(rowcache, "WHOLE_ROWS_MAX", 0)  # the control: no home is read whole
    rowcache.of(seeded.db).at(("moved",))
    partial = [_asked(seeded) for _ in range(3)]
    assert rowcache.of(seeded.db).every is None
    assert warm == partial


def test_an_access_counted_without_its_rows_is_read_again(seeded):
    for _ in range(rowcache.WHOLE_AFTER + 1):
        hits = recall(seeded, "billing deploy", scope=ALL_SPACES, k=3, touch=False)
    assert rowcache.of(seeded.db).every is not None
    count_access(seeded, [h.id for h in hits], "billing deploy")  # a budgeted answer counts what it showed
    again = recall(seeded, "billing deploy", scope=ALL_SPACES, k=3, touch=False)
    assert [h.access_count for h in again] == [h.access_count + 1 for h in hits]


def test_the_query_encoded_on_its_own_thread_gives_the_same_hits(seeded, monkeypatch):
    from retrieval import vector

    monkeypatch.setattr(vector, "CORES", 1)  # the control: one core, every encode on this thread
    threads = []
    real = vector._encoded

    def spied(*args, **kw):
        threads.append(threading.current_thread().name)
        return real(*args, **kw)

    monkeypatch.setattr(vector, "_encoded", spied)
    inline = [_asked(seeded) for _ in range(2)]
    assert threads and not any(name.startswith("quire-vector") for name in threads)
    threads.clear()
    monkeypatch.setattr(vector, "SOON_ENCODE_S", 0.0)
    monkeypatch.setattr(vector, "CORES", 2)
    assert [_asked(seeded) for _ in range(2)] == inline
    assert threads and all(name.startswith("quire-vector") for name in threads)


def test_a_slow_encoder_goes_to_the_worker_and_a_fast_one_stays_on_the_caller(monkeypatch):
    from retrieval import vector

    monkeypatch.setattr(vector, "CORES", 2)

    class Slow(FakeEmbedder):
        def encode(self, texts, batch_size=64):
            time.sleep(2 * vector.SOON_ENCODE_S)
            return super().encode(texts, batch_size)

    where = []
    real = vector._encoded
    monkeypatch.setattr(vector, "_encoded", lambda *a: (where.append(threading.current_thread().name), real(*a))[1])
    slow, fast = Slow(), FakeEmbedder()
    for model in (slow, slow, fast, fast):  # never timed: the worker; then as the last encode took
        assert vector.encoding(model, "billing deploy")().shape == (model.dim,)
    assert [name.startswith("quire-vector") for name in where] == [True, True, True, False]
    monkeypatch.setattr(vector, "CORES", 1)  # the control: one core, nothing to run beside
    where.clear()
    vector.encoding(Slow(), "billing deploy")()
    assert not where[0].startswith("quire-vector")


def test_an_encoder_that_fails_on_the_vector_thread_fails_the_recall(seeded, monkeypatch):
    from retrieval import vector

    monkeypatch.setattr(vector, "SOON_ENCODE_S", 0.0)
    monkeypatch.setattr(vector, "CORES", 2)

    class Broken(FakeEmbedder):
        def encode(self, texts, batch_size=64):
            raise RuntimeError("the encoder broke")

    seeded._embedder = Broken()
    with pytest.raises(RuntimeError, match="the encoder broke"):
        recall(seeded, "billing deploy", scope=ALL_SPACES, k=3)


def test_reads_whole_wait_longer_while_they_do_not_pay_back_and_not_once_they_do():
    policy = Payback()
    for expected in (rowcache.WHOLE_AFTER, 2 * rowcache.WHOLE_AFTER, 4 * rowcache.WHOLE_AFTER):
        uses = 0
        while not policy.due():
            policy.use()
            uses += 1
        assert uses == expected
        policy.read(worth=100)
        policy.use()  # one recall after the read, then the store moves: not earned
        policy.moved()
    for _ in range(policy.after):
        policy.use()
    policy.read(worth=10)
    for _ in range(10):
        policy.use()
    policy.moved()  # earned: the next state reads whole at once again
    assert policy.after == rowcache.WHOLE_AFTER


def test_a_process_that_writes_between_every_few_recalls_stops_reading_the_home_whole(seeded, monkeypatch):
    monkeypatch.setattr(rowcache, "ROWS_A_RECALL_EARNS", 1)  # as if the home were big: a read earns back slowly
    reads = []
    real = rowcache.RowCache.fill

    def counted(self, token, every, where, admitted, made=None):
        if every is not None:
            reads.append(len(every))
        return real(self, token, every, where, admitted, made)

    monkeypatch.setattr(rowcache.RowCache, "fill", counted)
    for i in range(40):
        for q in QUERIES[:4]:
            recall(seeded, q, scope=ALL_SPACES, k=3, touch=False)
        seeded.capture(parse_payload({"content": f"a fresh note about the deploy backup number {i}"}))
    assert 1 <= len(reads) <= 3  # the first read did not pay back; the next states waited, and then some


def test_priors_kept_in_a_home_read_whole_follow_the_tuning_they_were_made_under(seeded, monkeypatch):
    from retrieval import tuning

    seeded.db.execute("UPDATE memories SET effective_confidence = 0.25 WHERE rowid % 3 = 0")
    for _ in range(rowcache.WHOLE_AFTER + 1):
        _asked(seeded)
    assert rowcache.of(seeded.db).every is not None
    monkeypatch.setattr(tuning, "CONFIDENCE_EXP", 2.0)  # as `quire eval` tries a knob in one process
    warm = _asked(seeded)
    monkeypatch.setattr(rowcache, "of", lambda db: None)  # the control: nothing kept
    assert warm == _asked(seeded)


@pytest.mark.parametrize("defer", [False, True])
def test_a_capture_between_recalls_is_found_by_a_query_encoded_early(seeded, monkeypatch, defer):
    from retrieval import vector

    monkeypatch.setattr(vector, "SOON_ENCODE_S", 0.0)  # every encode on the worker, started before the first reads
    monkeypatch.setattr(vector, "CORES", 2)
    for _ in range(3):
        recall(seeded, "billing deploy", scope=ALL_SPACES, k=5)
    text = "Zanzibar quokka observatory telescope calibration notes"
    seeded.capture(parse_payload({"content": text}), defer_embed=defer)  # deferred: the recall embeds it first
    hits = recall(seeded, text, scope=ALL_SPACES, k=5, explain=True)
    assert hits[0].content == text and "vector" in hits[0].channels  # the new row, found by the vector channel too
    assert seeded.held_vectors() is not None and len(seeded.vectors().rowids) == len(seeded.held_vectors().rowids)


def _fusable_rows(rng: random.Random, n: int) -> list[dict]:
    """Rows as a home read whole holds them: priors kept (fusion.keep_priors) and the tie made."""
    from datetime import UTC, datetime

    from retrieval import fusion
    from retrieval import recall as recall_module

    now, made_under = datetime(2025, 1, 1, tzinfo=UTC), fusion.tuning_now()
    rows = []
    for rowid in range(1, n + 1):
        row = {
            "rowid": rowid,
            "id": f"m{rowid}",
            "valid_from": f"2024-0{rng.randint(1, 3)}-0{rng.randint(1, 3)}T00:00:00Z",  # many equal
            "effective_confidence": rng.choice([1.0, 0.5, 0.25]),
            "stability": rng.choice(["new", "confirmed"]),
            "pinned": rng.random() < 0.1,
            "status": "active",
            "memory_type": "fact",
            "asks": rng.randint(0, 1),
            "stops": 1,
            "content": "x",
        }
        fusion.keep_priors(row, now, made_under)
        row["tie"] = recall_module._tie(row)
        rows.append(row)
    return rows


class _FusedRun:
    def __init__(self, rows, held):
        self.rows, self.held, self.ranks = {row["rowid"]: row for row in rows}, held, {}


def test_fusion_over_the_arrays_of_a_home_read_whole_gives_the_loops_floats_ties_and_order():
    from datetime import UTC, datetime

    from retrieval import fusion
    from retrieval import recall as recall_module

    rng = random.Random(5)
    rows = _fusable_rows(rng, 400)
    made_under = fusion.tuning_now()
    assert made_under, "the test needs the priors kept (tuning.RECENCY_EXP == 0)"
    held = recall_module._Held.of(rows, made_under)
    now = datetime(2025, 1, 1, tzinfo=UTC)
    ties = 0
    for trial in range(40):
        ids = rng.sample(range(1, 401), 150)
        rankings = {"lexical": ids[:50], "vector": ids[30:80], "graph": ids[70:75] if trial % 2 else []}
        rankings["vector"][:2] = rankings["lexical"][1::-1]  # ranked 1, 2 and 2, 1: equal sums
        weights = {"lexical": 1.0, "vector": 1.0 if trial % 3 else rng.uniform(0.1, 2), "graph": rng.uniform(0.1, 1)}
        scores, _ = fusion.rrf(rankings, weights)
        unique, summed = fusion.rrf_arrays(rankings, weights)
        assert dict(zip(unique.tolist(), summed.tolist(), strict=True)) == scores  # bit for bit
        loop = recall_module._fuse(_FusedRun(rows, None), rankings, weights, now, None, False)
        arrays = recall_module._fuse(_FusedRun(rows, held), rankings, weights, now, None, False)
        assert arrays == loop
        ties += sum(a[1] == b[1] for a, b in itertools.pairwise(loop))
    assert ties  # equal scores met, and ordered alike
    # The control: the tie order reversed, the arrays put equal scores the other way round.
    turned = recall_module._Held(made_under, held.product, held.tie[::-1].copy(), held.rows, held.mults)
    weights = {"lexical": 1.0, "vector": 1.0}
    loop = recall_module._fuse(_FusedRun(rows, None), rankings, weights, now, None, False)
    assert recall_module._fuse(_FusedRun(rows, turned), rankings, weights, now, None, False) != loop


def test_a_recall_over_a_home_read_whole_fuses_over_its_arrays(seeded, monkeypatch):
    from retrieval import recall as recall_module

    used = []
    real = recall_module._Held.fused
    monkeypatch.setattr(recall_module._Held, "fused", lambda self, *a: used.append(1) or real(self, *a))
    for _ in range(rowcache.WHOLE_AFTER + 2):
        _asked(seeded)
    assert rowcache.of(seeded.db).every is not None and used


def test_a_home_of_chats_and_notes_read_whole_gives_the_hits_of_recalls_that_read_their_candidates(
    seeded, tmp_path, monkeypatch
):
    # A home read whole holds the places of all its turns; a query that meets notes only must rank as
    # one whose candidates hold no turn (the priors that read places, and those they gate, stay out).
    lines = [
        {
            "conversation": "deploy-with-bot",
            "speaker": "me",
            "role": "user",
            "text": "Ana moved the billing deploy to Oslo.",
        },
        {
            "conversation": "deploy-with-bot",
            "speaker": "bot",
            "role": "assistant",
            "text": "Noted, the deploy runs from Oslo.",
        },
        {"conversation": "lemons", "speaker": "Rui", "role": "user", "text": "Our lemon trees by the fence flowered."},
        {"conversation": "lemons", "speaker": "Mia", "role": "user", "text": "Lovely, the lemon trees at last!"},
    ]
    export = tmp_path / "chat.jsonl"
    export.write_text("".join(json.dumps({**line, "time": "2024-03-02"}) + "\n" for line in lines), encoding="utf-8")
    seeded.import_path(export, roles="user")
    queries = [*QUERIES, "lemon trees fence", "Oslo billing deploy Ana"]

    def asked():
        return [_hits(seeded, q) for q in queries]

    warm = [asked() for _ in range(rowcache.WHOLE_AFTER + 2)]
    kept = rowcache.of(seeded.db)
    assert kept.every is not None and any(placed for _, placed, *_ in kept.admitted.values())
    monkeypatch.setattr(rowcache, "WHOLE_ROWS_MAX", 0)  # the control: no home is read whole
    kept.at(("moved",))
    partial = [asked() for _ in range(rowcache.WHOLE_AFTER + 2)]
    assert rowcache.of(seeded.db).every is None
    assert warm == partial


@pytest.mark.parametrize("learned", [True, False])
def test_a_home_read_whole_knows_its_words_so_new_queries_tokenize_nothing(seeded, monkeypatch, learned):
    from retrieval import lexical

    lexical._TOKENS.drop()  # (the process's cache: what earlier tests left in it)
    if not learned:  # the control: a whole read that hands no words over
        monkeypatch.setattr(lexical, "learn", lambda words: 0)
    for _ in range(rowcache.WHOLE_AFTER + 1):
        _asked(seeded)
    assert rowcache.of(seeded.db).every is not None
    calls = []
    real = lexical._Tokenizer._tokenized
    monkeypatch.setattr(lexical._Tokenizer, "_tokenized", lambda self, words: calls.append(words) or real(self, words))
    for q in ["ticket Oslo note 17", "backup review note 41", "Ana cache note 88"]:  # the home's words, asked first
        recall(seeded, q, scope=ALL_SPACES, k=8, touch=False)
    assert (calls == []) is learned


def test_words_that_would_not_fit_the_cache_are_not_learned(monkeypatch):
    from retrieval import lexical

    monkeypatch.setattr(lexical, "TOKENS_KEPT", len(lexical._TOKENS.known) + 2)
    assert lexical.learn(["zyxwv", "qwertz", "asdfgh"]) == 0  # three would push older words out
    assert "zyxwv" not in lexical._TOKENS.known
    assert lexical.learn(["zyxwv"]) == 1 and lexical._TOKENS.terms("zyxwv") == ("zyxwv",)


def test_a_memory_forgotten_in_a_home_read_whole_never_comes_back(seeded):
    """(rec25) A home read whole admits its candidates from a mask by rowid (rowcache.Admitted): a forget moves
    the store, the mask goes with the rest, and the forgotten memory is never a hit again, warm or not."""
    for _ in range(rowcache.WHOLE_AFTER + 1):
        first = recall(seeded, "billing deploy", scope=ALL_SPACES, k=5, touch=False)[0]
    assert rowcache.of(seeded.db).every is not None  # answered from the whole home
    erase.forget(seeded.db, first.id, actor="test")
    for _ in range(rowcache.WHOLE_AFTER + 2):  # read whole again at the new state, then answered from it
        hits = recall(seeded, "billing deploy", scope=ALL_SPACES, k=5, touch=False)
        assert first.id not in [h.id for h in hits] and len(hits) == 5
    assert rowcache.of(seeded.db).every is not None
