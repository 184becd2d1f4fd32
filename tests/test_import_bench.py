"""`quire bench import` runs end to end on a tiny export and reports both ratios (fake embedder)."""

from __future__ import annotations

import json
import threading
import time

from eval import bench, threads
from eval.threads import ThreadClock


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


def test_bench_import_says_where_the_cpu_went_by_thread(cli):
    """The import's CPU by thread kind: its main thread did the storing; the kinds add up to about its whole CPU."""
    data = json.loads(cli("bench", "import", "--messages", "40", "--json").stdout)
    threads = data["threads_cpu_ms"]
    assert threads["main"] > 0
    # /proc counts each thread in clock ticks (10 ms), its start and end each rounded down: a tick of slack a
    # thread, spread over the 40 messages; a kind counted twice would be twice the whole
    assert sum(threads.values()) <= data["import_cpu_ms"] * 1.05 + 20 * 10 / data["stored"]


def test_the_thread_clock_keeps_a_thread_that_ended_and_sorts_by_kind():
    done = threading.Event()

    def spin() -> None:
        end = time.thread_time() + 0.6
        while time.thread_time() < end:
            pass
        done.set()

    clock = ThreadClock().start()
    worker = threading.Thread(target=spin, name="quire-onnx_0")
    worker.start()
    worker.join()
    time.sleep(threads.EVERY * 2)  # (its last sample was taken before it ended)
    kinds = clock.stop()
    assert done.is_set()
    assert kinds.get("quire-onnx", 0.0) >= 0.1  # its 0.6 s, less the part after the last sample
    assert "bench-clock" not in kinds


def test_control_a_clock_without_proc_measures_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(threads, "TASKS", tmp_path / "absent")
    assert ThreadClock().start().stop() == {}
