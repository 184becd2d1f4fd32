"""Speed benchmarks. Each prints figures next to a baseline measured in the same run.

Never a timed test: a slow machine changes the numbers, not the verdict.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

_SUBJECTS = ["the sync service", "our billing API", "the storage layer", "the mobile app", "the search index",
             "the nightly job", "the design system", "the release train", "the auth gateway", "the data pipeline",
             "Ana's team", "the staging cluster", "the onboarding flow", "the metrics dashboard", "the CLI"]
_VERBS = ["moved to", "now depends on", "was rewritten in", "stopped using", "started caching", "is blocked by",
          "should migrate to", "keeps failing on", "was benchmarked against", "needs a review of"]
_OBJECTS = ["PostgreSQL 16", "a Rust worker", "libSQL with WAL", "a Redis cluster", "the new ORM", "gRPC streaming",
            "S3 lifecycle rules", "a cron schedule", "feature flags", "OpenTelemetry traces", "a message queue",
            "the old monolith", "TypeScript strict mode", "a read replica", "WebAssembly plugins"]
_TAILS = ["after the outage in {m}", "because latency doubled in {m}", "as agreed in the {m} planning",
          "since the audit in {m}", "to cut costs before {m}", "per the incident review of {m}"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]


def synthetic_memories(n: int, seed: int = 7) -> list[str]:
    """n distinct, realistic-looking one-sentence memories (deterministic)."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        text = (f"{rng.choice(_SUBJECTS).capitalize()} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)} "
                f"{rng.choice(_TAILS).format(m=rng.choice(_MONTHS))} (ticket {rng.randint(100, 99999)})")
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def _cold(args: list[str], env: dict[str, str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def capture(sizes: list[int]) -> dict[str, Any]:
    """Import throughput at each size vs raw encode throughput of the same model, plus cold starts."""
    from memory.embed import embed_text, load_embedder
    from memory.session import Session
    from memory.home import Home

    model = load_embedder()
    texts = synthetic_memories(max(sizes))
    sample = [embed_text(None, "", t) for t in texts[: min(max(sizes), 2000)]]
    model.encode(sample[:64])  # warm-up: first batch pays one-off costs
    start = time.perf_counter()
    model.encode(sample, batch_size=64)
    raw_rate = len(sample) / (time.perf_counter() - start)

    rows = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            dump = Path(tmp) / "bench.jsonl"
            dump.write_text("\n".join(json.dumps({"content": t}) for t in texts[:size]) + "\n", encoding="utf-8")
            s = Session(Home(Path(tmp) / "home"), actor="bench")
            s._embedder = model  # the model is already loaded; the pipeline is what is measured
            start = time.perf_counter()
            report = s.import_path(dump)
            seconds = time.perf_counter() - start
            s.close()
        rate = report.stored / seconds
        rows.append({"memories": size, "stored": report.stored, "seconds": round(seconds, 2),
                     "per_second": round(rate, 1), "vs_raw_encode": round(rate / raw_rate, 3)})

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "QUIRE_HOME": str(Path(tmp) / "home")}
        quire = [sys.executable, "-m", "wiki.cli"]
        subprocess.run([*quire, "status"], env=env, capture_output=True, check=False)  # create the db first
        python_pass = _cold([sys.executable, "-c", "pass"], env)
        deferred = _cold([*quire, "capture", "--defer-embed", "Cold start probe for the deferred capture path"], env)
        embedded = _cold([*quire, "capture", "Cold start probe for the embedding capture path"], env, runs=2)
    return {
        "model": model.model_id,
        "raw_encode_per_second": round(raw_rate, 1),
        "raw_encode_sample": len(sample),
        "import": rows,
        "cold_start_seconds": {"python -c pass": round(python_pass, 3),
                               "quire capture --defer-embed": round(deferred, 3),
                               "quire capture (loads the model)": round(embedded, 3)},
        "goal": "import keeps >= 80% of raw encode throughput; light commands never import torch",
    }


def render_capture(d: dict[str, Any]) -> str:
    lines = [f"model {d['model']}: raw encode {d['raw_encode_per_second']}/s (batch 64, {d['raw_encode_sample']} texts)", ""]
    lines.append(f"{'memories':>9}  {'seconds':>8}  {'import/s':>9}  {'vs raw':>7}")
    for r in d["import"]:
        lines.append(f"{r['memories']:>9}  {r['seconds']:>8}  {r['per_second']:>9}  {r['vs_raw_encode']:>7.0%}")
    lines.append("")
    for name, sec in d["cold_start_seconds"].items():
        lines.append(f"cold start  {name:<34} {sec:.3f} s")
    return "\n".join(lines)
