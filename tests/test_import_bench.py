"""`quire bench import` runs end to end on a tiny export and reports both ratios (fake embedder)."""

from __future__ import annotations

import json

from eval import bench


def test_bench_import_reports_wall_and_cpu_ratios_and_an_idle_rerun(cli):
    result = cli("bench", "import", "--messages", "40", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["stored"] == 40 and data["rerun_stored"] == 0
    assert data["per_second"] > 0 and data["raw_encode_per_second"] > 0 and data["vs_raw_encode"] > 0
    assert data["import_cpu_ms"] > 0 and data["raw_encode_cpu_ms"] > 0 and data["cpu_vs_raw_encode"] > 0
    assert data["peak_rss_mb"] > 0
    # The import's own work is its CPU beside encoding, and the goal's budget for it follows from raw encode's.
    assert abs(data["own_cpu_ms"] - (data["import_cpu_ms"] - data["raw_encode_cpu_ms"])) <= 0.011
    budget = data["cores"] / (0.95 * data["raw_encode_per_second"]) * 1e3 - data["raw_encode_cpu_ms"]
    assert abs(data["own_cpu_budget_ms"] - budget) <= 0.05
    assert data["raw_encode_cores"] > 0


def test_bench_import_reads_raw_encode_while_the_import_is_stopped():
    """Raw encode is read again every `every` seconds of the import with the import stopped, and the
    stopped seconds are not the import's: its seconds are what it ran, its rate follows from them."""
    data = bench.import_chats(40, every=0.05)
    assert data["stored"] == 40
    # before, at least one while the child ran (its interpreter alone starts in more than 0.05 s), after
    assert len(data["raw_encode_samples"]) >= 3
    assert data["import_paused_seconds"] > 0
    mean = sum(data["raw_encode_samples"]) / len(data["raw_encode_samples"])
    assert abs(data["raw_encode_per_second"] - mean) <= 0.1 * len(data["raw_encode_samples"])
