"""`quire bench recall` runs end to end on a tiny corpus and reports figures beside its baselines."""

from __future__ import annotations

import json


def test_bench_recall_reports_quire_beside_baselines(cli):
    result = cli("bench", "recall", "--sizes", "300", "--queries", "5", "--cold-runs", "1", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    (row,) = data["sizes"]
    assert row["memories"] == 300
    for name in ("quire_recall", "numpy_bruteforce", "rank_bm25_scan"):
        assert 0 < row[name]["p50_ms"] <= row[name]["p95_ms"]
    assert row["cold_quire_recall_s"] > 0
    text = cli("bench", "recall", "--sizes", "200", "--queries", "5", "--cold-runs", "1")
    assert "quire p50" in text.stdout and "goal:" in text.stdout
