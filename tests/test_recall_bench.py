"""`quire bench recall` runs end to end on a tiny corpus and reports figures beside its baselines.

The command's default synthetic matrix (1M rows, about 100 s) is for people measuring speed; here a
2,000-row one with the sign-bit threshold lowered takes the same code path (the shortlist, its guard,
the exact re-rank) in about a second."""

from __future__ import annotations

import json

import numpy as np

from eval.bench import _RandomEmbedder
from retrieval import tuning


def test_bench_recall_reports_quire_beside_baselines(cli, monkeypatch):
    monkeypatch.setattr(tuning, "SIGN_BITS_FROM", 1000)
    args = ("bench", "recall", "--queries", "5", "--cold-runs", "1", "--synthetic", "2000", "--cold-homes", "1500")
    result = cli(*args, "--sizes", "300", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    (row,) = data["sizes"]
    assert row["memories"] == 300
    for name in ("quire_recall", "numpy_bruteforce", "rank_bm25_scan"):
        assert 0 < row[name]["p50_ms"] <= row[name]["p95_ms"]
    assert row["cold_quire_recall_s"] > 0
    # the cold recall of every size side by side: the captured home, then one written row by row
    small, big = data["cold"]
    assert (small["memories"], small["built"], big["memories"], big["built"]) == (300, "capture", 1500, "rows")
    assert small["vs_smallest"] == 1.0 and big["cold_quire_recall_s"] > 0 and big["vs_smallest"] > 0
    # CPU seconds beside the wall clock: a busy machine's wall clock is mostly the wait for a core
    assert 0 < row["quire_recall_cpu"]["p50_ms"] <= row["quire_recall_cpu"]["p95_ms"]
    assert row["quire_vs_numpy_cpu_p50"] > 0
    # both scans again with the caches emptied before each query: the state a recall's scan is in
    for name in ("numpy_bruteforce", "vector_channel"):
        assert 0 < row["caches_flushed"][name]["p50_ms"] <= row["caches_flushed"][name]["p95_ms"]
    clear, noise = data["synthetic"]
    assert (clear["rows"], clear["queries"], noise["queries"]) == (2000, "clear", "noise")
    # clear queries are answered from the shortlist, noise-level ones by the full int8 pass: both exact
    assert clear["shortlist_held"] == 1.0 and noise["shortlist_held"] == 0.0
    assert clear["top10_agreement"] == noise["top10_agreement"] == 1.0
    text = cli(*args, "--sizes", "200")
    assert "quire p50" in text.stdout and "quire CPU p50" in text.stdout and "goal:" in text.stdout
    assert "vector channel alone over a synthetic matrix" in text.stdout
    assert "caches flushed before each query" in text.stdout
    assert "cold `quire recall`" in text.stdout and "rows written directly" in text.stdout


def test_the_queries_made_before_the_clock_are_the_vectors_made_on_the_spot():
    """The bench makes its queries' vectors before it times quire (as the numpy scan's are): the same
    vectors, bit for bit, as encoding them then; a text not prepared is still made."""
    asked = ["why is the auth gateway blocked", "mobile app review", "ticket 4242"]
    fresh = _RandomEmbedder().encode(asked)
    ready = _RandomEmbedder()
    ready.prepare(asked[:2])
    assert np.array_equal(ready.encode(asked[:2]), fresh[:2])
    assert np.array_equal(ready.encode(asked), fresh)  # one not prepared: all made as before
    assert np.array_equal(ready.encode([asked[1]]), fresh[1:2])
