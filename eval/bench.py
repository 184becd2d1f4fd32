"""Speed benchmarks. Each prints figures next to a baseline measured in the same run.

Never a timed test: a slow machine changes the numbers, not the verdict.
"""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from eval import env
from memory import access, audit, chats, decay, onnx_model, review, spaces
from memory.capture import capture_many
from memory.embed import MiniLMEmbedder, configured_model_id, embed_text, load_embedder, to_blob
from memory.home import Home
from memory.models import CapturePayload
from memory.session import Session
from memory.vectors import VectorIndex
from retrieval import tuning, vector
from retrieval.recall import recall as run_recall
from retrieval.scope import ALL_SPACES
from wiki import pages as wiki_pages
from wiki.rebuild import rebuild as run_rebuild

_SUBJECTS = [
    "the sync service",
    "our billing API",
    "the storage layer",
    "the mobile app",
    "the search index",
    "the nightly job",
    "the design system",
    "the release train",
    "the auth gateway",
    "the data pipeline",
    "Ana's team",
    "the staging cluster",
    "the onboarding flow",
    "the metrics dashboard",
    "the CLI",
]
_VERBS = [
    "moved to",
    "now depends on",
    "was rewritten in",
    "stopped using",
    "started caching",
    "is blocked by",
    "should migrate to",
    "keeps failing on",
    "was benchmarked against",
    "needs a review of",
]
_OBJECTS = [
    "PostgreSQL 16",
    "a Rust worker",
    "libSQL with WAL",
    "a Redis cluster",
    "the new ORM",
    "gRPC streaming",
    "S3 lifecycle rules",
    "a cron schedule",
    "feature flags",
    "OpenTelemetry traces",
    "a message queue",
    "the old monolith",
    "TypeScript strict mode",
    "a read replica",
    "WebAssembly plugins",
]
_TAILS = [
    "after the outage in {m}",
    "because latency doubled in {m}",
    "as agreed in the {m} planning",
    "since the audit in {m}",
    "to cut costs before {m}",
    "per the incident review of {m}",
]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]


def synthetic_memories(n: int, seed: int = 7) -> list[str]:
    """n distinct, realistic-looking one-sentence memories (deterministic)."""
    rng = random.Random(seed)
    out: list[Any] = []
    seen: set[Any] = set()
    while len(out) < n:
        text = (
            f"{rng.choice(_SUBJECTS).capitalize()} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)} "
            f"{rng.choice(_TAILS).format(m=rng.choice(_MONTHS))} (ticket {rng.randint(100, 99999)})"
        )
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
    model = load_embedder()
    texts = synthetic_memories(max(sizes))
    sample = [embed_text(None, "", t) for t in texts[: min(max(sizes), 2000)]]
    raw_rate = _encode_rate(model, sample)
    reference_rate = None
    if type(model).__name__ == "OnnxMiniLMEmbedder":  # the same weights on sentence-transformers, same run
        reference_rate = _encode_rate(MiniLMEmbedder(), sample)

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
        rows.append(
            {
                "memories": size,
                "stored": report.stored,
                "seconds": round(seconds, 2),
                "per_second": round(rate, 1),
                "vs_raw_encode": round(rate / raw_rate, 3),
                "vs_raw_sentence_transformers": round(rate / reference_rate, 3) if reference_rate else None,
            }
        )

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "QUIRE_HOME": str(Path(tmp) / "home")}
        quire = [sys.executable, "-m", "quire.cli"]
        subprocess.run([*quire, "status"], env=env, capture_output=True, check=False)  # create the db first
        python_pass = _cold([sys.executable, "-c", "pass"], env)
        deferred = _cold([*quire, "capture", "--defer-embed", "Cold start probe for the deferred capture path"], env)
        embedded = _cold([*quire, "capture", "Cold start probe for the embedding capture path"], env, runs=2)
    return {
        "model": model.model_id,
        "encoder": type(model).__name__,
        "raw_encode_per_second": round(raw_rate, 1),
        "raw_sentence_transformers_per_second": round(reference_rate, 1) if reference_rate else None,
        "raw_encode_sample": len(sample),
        "import": rows,
        "cold_start_seconds": {
            "python -c pass": round(python_pass, 3),
            "quire capture --defer-embed": round(deferred, 3),
            "quire capture (loads the model)": round(embedded, 3),
        },
        "goal": "import >= 1.2x raw sentence-transformers encode throughput; light commands import no model runtime",
    }


def _encode_rate(model, sample: list[str]) -> float:
    model.encode(sample[:64])  # warm-up: first batch pays one-off costs
    start = time.perf_counter()
    model.encode(sample, batch_size=64)
    return len(sample) / (time.perf_counter() - start)


def render_capture(d: dict[str, Any]) -> str:
    lines = [
        f"model {d['model']} on {d['encoder']}: raw encode {d['raw_encode_per_second']}/s "
        f"(batch 64, {d['raw_encode_sample']} texts)",
    ]
    st = d.get("raw_sentence_transformers_per_second")
    if st:
        lines.append(f"same weights on sentence-transformers, same run: raw encode {st}/s")
    lines += ["", f"{'memories':>9}  {'seconds':>8}  {'import/s':>9}  {'vs raw':>7}  {'vs raw s-t':>10}"]
    for r in d["import"]:
        vs_st = r.get("vs_raw_sentence_transformers")
        lines.append(
            f"{r['memories']:>9}  {r['seconds']:>8}  {r['per_second']:>9}  {r['vs_raw_encode']:>7.0%}  "
            + (f"{vs_st:>9.2f}x" if vs_st else f"{'-':>10}")
        )
    lines.append("")
    for name, sec in d["cold_start_seconds"].items():
        lines.append(f"cold start  {name:<34} {sec:.3f} s")
    return "\n".join(lines)


# -- recall ------------------------------------------------------------------------------------


class _RandomEmbedder:
    """Unit vectors derived from a hash of the text: makes 100k memories feasible without the model.

    It claims the configured model's id, so a later cold `quire recall` (which loads the real
    model) reads these rows as already embedded.
    """

    dim = 384

    def __init__(self) -> None:
        self.model_id = configured_model_id()
        self._ready: dict[str, Any] = {}

    def prepare(self, texts: list[str]) -> None:
        """Make the vectors of `texts` now, so that encoding them later costs a lookup: the queries
        a timing asks, whose vectors the numpy scan it is set beside is given made (a model's
        time is no part of either search's; this stand-in's ~70 us was 4% of a warm recall)."""
        self._ready.update(zip(texts, self._made(texts), strict=True))

    def encode(self, texts, batch_size: int = 64):
        import numpy as np

        if texts and all(t in self._ready for t in texts):
            return np.stack([self._ready[t] for t in texts])
        return self._made(texts)

    def _made(self, texts):
        import hashlib

        import numpy as np

        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
            vec = np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
            out[i] = vec / np.linalg.norm(vec)
        return out


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {
        "p50_ms": round(pick(0.50) * 1000, 2),
        "p95_ms": round(pick(0.95) * 1000, 2),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 2),
    }


def _bench_queries(texts: list[str], n: int, seed: int = 11) -> list[str]:
    """Queries of 2-4 content words taken from random memories (so every one has matches)."""
    rng = random.Random(seed)
    queries = []
    for _ in range(n):
        words = [w.strip("().,") for w in rng.choice(texts).split() if len(w) > 3 and not w[0].isdigit()]
        queries.append(" ".join(rng.sample(words, min(len(words), rng.randint(2, 4)))))
    return queries


def recall(
    sizes: list[int],
    queries: int = 50,
    cold_runs: int = 3,
    synthetic_sizes: tuple[int, ...] = (),
    cold_homes: tuple[int, ...] = (),
) -> dict[str, Any]:
    """Warm in-process recall latency per corpus size next to numpy brute force and rank-bm25
    scans of the same corpus, plus the cold `quire recall` wall time (real model load included);
    then the vector channel alone over synthetic matrices of `synthetic_sizes` rows, and the cold
    `quire recall` again in homes of `cold_homes` memories written straight into the tables."""
    embedder = _RandomEmbedder()
    texts = synthetic_memories(max(sizes))
    asked = _bench_queries(texts, queries)
    embedder.prepare(asked)  # the queries' vectors made before the clock, as the numpy scan's are
    rows = [_recall_row(size, texts, asked, embedder, cold_runs) for size in sizes]
    synthetic = [_synthetic_vector_row(n, queries, kind) for n in synthetic_sizes for kind in QUERY_NOISE]
    return {
        "queries": queries,
        "k": 10,
        "touch": True,
        "model_for_cold": embedder.model_id,
        "sizes": rows,
        "synthetic": synthetic,
        "cold": _cold_rows(rows, asked[0], cold_runs, cold_homes),
        "cold_goal": "cold quire recall at 100k within 1.3x of 10k; at 1M under 1.5 s",
        "goal": (
            "warm quire recall p50 within 3x of the numpy scan at 10k and 1.3x at 100k; "
            "the vector channel at 1M < 150 ms p50"
        ),
        "note": (
            "vectors are hash-seeded random unit vectors (no model), the queries' made before the clock for quire "
            "and the numpy scan alike; the cold run loads the real model"
        ),
    }


def _cold_rows(rows: list[dict[str, Any]], query: str, runs: int, cold_homes: tuple[int, ...]) -> list[dict[str, Any]]:
    """The cold `quire recall` of every size side by side: the captured homes', then homes of
    `cold_homes` memories written straight into the tables; each against the smallest."""
    cold = [
        {"memories": r["memories"], "built": "capture", "cold_quire_recall_s": r["cold_quire_recall_s"]} for r in rows
    ]
    cold += [_cold_home_row(n, query, runs) for n in cold_homes]
    base = cold[0]["cold_quire_recall_s"] if cold else 0
    for r in cold:
        r["vs_smallest"] = round(r["cold_quire_recall_s"] / base, 2) if base else None
    return cold


def _recall_row(
    size: int, texts: list[str], asked: list[str], embedder: _RandomEmbedder, cold_runs: int
) -> dict[str, Any]:
    """One corpus size of `recall`: a store of `size` memories, timed warm, against the scans, and cold."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Home(Path(tmp) / "home")
        s = Session(home, actor="bench")
        s._embedder = embedder
        s.write_behind()  # a warm process's recalls, as `quire serve` and `quire mcp` run them (memory/access.py)
        start = time.perf_counter()
        payloads = [CapturePayload(content=t) for t in texts[:size]]
        # check=False: synthetic rows whose only job is to make the store this big for a timing; the gate and the
        # duplicate and contradiction checks would only slow the seeding (they are timed in `quire bench import`).
        capture_many(s.db, payloads, actor="bench", embedder=lambda: embedder, check=False, batch_size=2000)
        seed_s = time.perf_counter() - start
        for q in asked[:5]:  # warm-up: vector cache, FTS pages, entity names
            run_recall(s, q, scope=ALL_SPACES, k=10)
        # Wall clock and CPU seconds (every thread of the process) of each: on a busy machine the
        # wall clock of a recall, which gives up the core at every read, mostly measures the wait.
        warm, warm_cpu = [], []
        for q in asked:
            start, cpu = time.perf_counter(), time.process_time()
            run_recall(s, q, scope=ALL_SPACES, k=10)
            warm.append(time.perf_counter() - start)
            warm_cpu.append(time.process_time() - cpu)

        qvecs = embedder.encode(asked)
        matrix = s.vectors().matrix.copy()
        brute, brute_cpu = _bruteforce_times(matrix, qvecs)
        channel = _vector_channel_times(s.vectors(), qvecs)
        flushed = {
            "numpy_bruteforce": _percentiles(_flushed_times(lambda qv: _numpy_scan(matrix, qv), qvecs)),
            "vector_channel": _percentiles(
                _flushed_times(lambda qv: vector.search_unfiltered(s.vectors(), qv, 200), qvecs)
            ),
        }
        packed_mb = round(s.vectors().packed_bytes / 1e6, 1)
        lexical = _bm25_times(texts[:size], asked)
        s.close()  # persists the vector cache, as a CLI run would

        env = {**os.environ, "QUIRE_HOME": str(home.root)}
        cold = _cold([sys.executable, "-m", "quire.cli", "recall", asked[0], "--all-spaces"], env, runs=cold_runs)
    row: dict[str, Any] = {
        "memories": size,
        "seed_seconds": round(seed_s, 1),
        "quire_recall": _percentiles(warm),
        "numpy_bruteforce": _percentiles(brute),
        "quire_recall_cpu": _percentiles(warm_cpu),
        "numpy_bruteforce_cpu": _percentiles(brute_cpu),
        "vector_channel": _percentiles(channel),
        "caches_flushed": flushed,
        "int8_packed_mb": packed_mb,
        "rank_bm25_scan": _percentiles(lexical),
        "cold_quire_recall_s": round(cold, 2),
    }
    row["quire_vs_numpy_p50"] = round(row["quire_recall"]["p50_ms"] / row["numpy_bruteforce"]["p50_ms"], 2)
    row["quire_vs_numpy_cpu_p50"] = round(
        row["quire_recall_cpu"]["p50_ms"] / max(row["numpy_bruteforce_cpu"]["p50_ms"], 0.01), 2
    )
    return row


def _bruteforce_times(matrix: Any, qvecs: Any) -> tuple[list[float], list[float]]:
    """Seconds per query of the numpy scan, wall clock and CPU: every similarity, then the top 10 in order."""
    brute, cpu_times = [], []
    for qv in qvecs:
        start, cpu = time.perf_counter(), time.process_time()
        _numpy_scan(matrix, qv)
        brute.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
    return brute, cpu_times


def _bm25_times(texts: list[str], asked: list[str]) -> list[float]:
    """Seconds per query of a rank-bm25 scan over `texts` (the index built once, untimed)."""
    import numpy as np
    from rank_bm25 import BM25Okapi

    bm25 = BM25Okapi([t.lower().split() for t in texts])
    lexical = []
    for q in asked:
        start = time.perf_counter()
        scores = bm25.get_scores(q.lower().split())
        np.argpartition(-scores, 9)[:10]
        lexical.append(time.perf_counter() - start)
    return lexical


def render_recall(d: dict[str, Any]) -> str:
    lines = [
        f"warm recall latency, {d['queries']} queries, k={d['k']} (quire counts accesses: touch={d['touch']}; "
        f"written behind, a batch every {access.FLUSH_RECALLS} recalls or {access.FLUSH_SECONDS:g} s, as "
        "`quire serve` and `quire mcp` do: the batch's recall pays it, so see the mean)",
        "",
    ]
    lines.append(
        f"{'memories':>9}  {'quire p50':>9}  {'p95':>7}  {'mean':>7}  {'numpy p50':>9}  {'p95':>7}  {'bm25 p50':>9}  "
        f"{'p95':>8}  {'cold quire recall':>17}"
    )
    for r in d["sizes"]:
        q, n, b = r["quire_recall"], r["numpy_bruteforce"], r["rank_bm25_scan"]
        lines.append(
            f"{r['memories']:>9}  {q['p50_ms']:>7.2f}ms  {q['p95_ms']:>5.2f}ms  {q.get('mean_ms', 0):>5.2f}ms  "
            f"{n['p50_ms']:>7.2f}ms  {n['p95_ms']:>5.2f}ms  {b['p50_ms']:>7.1f}ms  {b['p95_ms']:>6.1f}ms  "
            f"{r['cold_quire_recall_s']:>16.2f}s"
        )
    lines.append("")
    lines.append(
        f"{'memories':>9}  {'quire/numpy p50':>15}  {'vector channel p50':>18}  {'p95':>7}  {'int8 rows packed':>16}"
    )
    for r in d["sizes"]:
        v, packed = r["vector_channel"], r.get("int8_packed_mb", 0)
        lines.append(
            f"{r['memories']:>9}  {r['quire_vs_numpy_p50']:>14.2f}x  {v['p50_ms']:>16.2f}ms  {v['p95_ms']:>5.2f}ms  "
            f"{(f'{packed} MB' if packed else 'no'):>16}"
        )
    lines.append(f"{'':>9}  (int8 rows packed: onnxruntime's pre-packed copy a warm process keeps, memory/vectors.py)")
    lines += _render_flushed(d)
    if all("quire_recall_cpu" in r for r in d["sizes"]):
        lines += [
            "",
            f"{'memories':>9}  {'quire CPU p50':>13}  {'p95':>7}  {'numpy CPU p50':>13}  {'p95':>7}  {'ratio':>6}",
        ]
        for r in d["sizes"]:
            q, n = r["quire_recall_cpu"], r["numpy_bruteforce_cpu"]
            lines.append(
                f"{r['memories']:>9}  {q['p50_ms']:>11.2f}ms  {q['p95_ms']:>5.2f}ms  {n['p50_ms']:>11.2f}ms  "
                f"{n['p95_ms']:>5.2f}ms  {r['quire_vs_numpy_cpu_p50']:>5.2f}x"
            )
        lines.append(f"{'':>9}  (CPU seconds of every thread: what a busy machine's wall clock hides in waiting)")
    lines += _render_synthetic(d)
    lines += _render_cold(d)
    lines += ["", f"goal: {d['goal']}", d["note"]]
    return "\n".join(lines)


def _render_flushed(d: dict[str, Any]) -> list[str]:
    """The two scans with the caches emptied before each query (none in a report made before them)."""
    if not all("caches_flushed" in r for r in d["sizes"]):
        return []
    lines = ["", f"{'memories':>9}  {'caches flushed before each query: numpy p50':>44}  {'vector channel p50':>18}"]
    for r in d["sizes"]:
        n, v = r["caches_flushed"]["numpy_bruteforce"], r["caches_flushed"]["vector_channel"]
        lines.append(f"{r['memories']:>9}  {n['p50_ms']:>42.2f}ms  {v['p50_ms']:>16.2f}ms")
    lines.append(
        f"{'':>9}  (a recall's own reads push the rows out between queries; back-to-back scans keep them cached)"
    )
    return lines


def _render_synthetic(d: dict[str, Any]) -> list[str]:
    """The vector channel alone over synthetic matrices (none when none was measured)."""
    if not d.get("synthetic"):
        return []
    lines = ["", "vector channel alone over a synthetic matrix (" + d["synthetic"][0]["what"] + ")"]
    lines.append(
        f"{'rows':>9}  {'queries':>12}  {'channel p50':>11}  {'p95':>8}  {'numpy p50':>9}  {'ratio':>6}  "
        f"{'top-10 same':>11}  {'shortlist held':>14}  {'RSS MB (heap + mapped)':>22}  {'cache load':>10}"
    )
    for r in d["synthetic"]:
        c, n = r["vector_channel"], r["numpy_bruteforce"]
        lines.append(
            f"{r['rows']:>9}  {r['queries'] + ' (' + str(r['query_cosine_to_source']) + ')':>12}  "
            f"{c['p50_ms']:>9.1f}ms  {c['p95_ms']:>6.1f}ms  {n['p50_ms']:>7.1f}ms  "
            f"{r['channel_vs_numpy_p50']:>5.2f}x  {r['top10_agreement']:>10.1%}  {r['shortlist_held']:>13.0%}  "
            f"{r['rss_mb']:>8} ({r['rss_anon_mb']} + {r['rss_file_mb']})  {r['cache_load_ms']:>8.1f}ms"
        )
    f = d["synthetic"][0]["file_mb"]
    lines.append(
        f"{'':>9}  (files: sign bits {f['b1']} MB, int8 {f['i8']} MB, float32 {f['f32']} MB; queries (cosine to "
        "the row each came from); shortlist held = share of queries answered from the sign-bit shortlist, "
        "the rest took the full int8 pass; RSS measured after the channel's queries, before the numpy scan)"
    )
    return lines


def _render_cold(d: dict[str, Any]) -> list[str]:
    """The cold `quire recall` of every size, side by side (none when no size was measured)."""
    if not d.get("cold"):
        return []
    lines = ["", "cold `quire recall` (a new process: model load, cache map, one query), side by side"]
    lines.append(f"{'memories':>9}  {'home built by':>22}  {'cold quire recall':>17}  {'vs smallest':>11}")
    for r in d["cold"]:
        built = "capture_many" if r["built"] == "capture" else "rows written directly"
        lines.append(f"{r['memories']:>9}  {built:>22}  {r['cold_quire_recall_s']:>16.2f}s  {r['vs_smallest']:>10.2f}x")
    lines.append(f"goal: {d['cold_goal']}")
    return lines


def _seed_rows(root: Path, n: int, seed: int = 17, chunk: int = 20_000) -> None:
    """A home of n memories written straight into the tables (as `_seed_wiki` does) with random
    unit vectors under the configured model id, and its vector cache saved: a 1M home in minutes,
    where `capture_many` would take most of an hour. What a cold recall reads is the same as in a
    captured home: the database, its FTS index and change logs, the cache files."""
    import hashlib

    import numpy as np

    rng = np.random.default_rng(seed)
    model = configured_model_id()
    texts = synthetic_memories(n, seed=seed)
    with Session(Home(root), actor="bench") as s:
        db = s.db
        # This connection only: the random content hashes land all over their index, which outgrows
        # SQLite's 2 MB page cache within the first 100k rows (then every insert reads pages back).
        db.execute("PRAGMA cache_size = -1000000")
        index = VectorIndex(model, spill_dir=s.home.cache_dir)
        for lo in range(0, n, chunk):
            part = texts[lo : lo + chunk]
            vecs = rng.standard_normal((len(part), 384)).astype(np.float32)
            vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            ids = [f"mem_r{lo + i:011d}" for i in range(len(part))]
            when = "2026-03-01T08:00:00Z"
            with db.transaction():
                db.executemany(
                    "INSERT INTO memories(id, content, memory_type, confidence, effective_confidence, content_hash, "
                    "valid_from, created_at, updated_at, embedding, embed_model) "
                    "VALUES (?, ?, 'note', 0.7, 0.7, ?, ?, ?, ?, ?, ?)",
                    [
                        (mid, t, hashlib.sha256(t.encode()).hexdigest(), when, when, when, to_blob(v), model)
                        for mid, t, v in zip(ids, part, vecs, strict=True)
                    ],
                )
                found = dict(db.rows("SELECT id, rowid FROM memories WHERE id >= ? AND id <= ?", (ids[0], ids[-1])))
            index.add([found[mid] for mid in ids], ids, vecs)
        with db.transaction():
            audit.record(db, "bench", "seed", "store", "memories", count=n)
        index.seq = int(db.scalar("SELECT coalesce(max(seq), 0) FROM vector_changes"))
        index.save(db, s.home.cache_dir)


def _cold_home_row(n: int, query: str, runs: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "home"
        start = time.perf_counter()
        _seed_rows(root, n)
        seeded = time.perf_counter() - start
        env = {**os.environ, "QUIRE_HOME": str(root)}
        cold = _cold([sys.executable, "-m", "quire.cli", "recall", query, "--all-spaces"], env, runs=runs)
    return {"memories": n, "built": "rows", "seed_seconds": round(seeded, 1), "cold_quire_recall_s": round(cold, 2)}


FLUSH_BYTES = 64 << 20  # twice this machine's L3 (32 MB): reading it leaves none of a scan's rows cached


def _flushed_times(run: Any, qvecs: Any) -> list[float]:
    """Seconds per query of `run(qv)` with the CPU caches emptied before each (a FLUSH_BYTES read):
    the state a scan's rows are in inside a recall, whose other reads push them out between
    queries, where back-to-back scans keep them in the last-level cache."""
    import numpy as np

    junk = np.ones(FLUSH_BYTES // 4, dtype=np.float32)
    out = []
    for qv in qvecs:
        junk.sum()
        start = time.perf_counter()
        run(qv)
        out.append(time.perf_counter() - start)
    return out


def _numpy_scan(matrix: Any, qv: Any) -> Any:
    """The baseline: every similarity, then the top 10 in order."""
    import numpy as np

    sims = matrix @ qv
    top = np.argpartition(-sims, 9)[:10]
    return top[np.argsort(-sims[top])]


def _vector_channel_times(index, qvecs, limit: int = 200) -> list[float]:
    """recall's vector channel (retrieval.vector.search_unfiltered, depth 50 x overfetch 4) per query."""
    out = []
    for qv in qvecs:
        start = time.perf_counter()
        vector.search_unfiltered(index, qv, limit)
        out.append(time.perf_counter() - start)
    return out


def _rss_mb() -> dict[str, float]:
    """Resident memory: total, anonymous (heap) and file-backed (mapped cache pages touched)."""
    out = {"total": float("nan"), "anon": float("nan"), "file": float("nan")}
    names = {"VmRSS:": "total", "RssAnon:": "anon", "RssFile:": "file"}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            key = names.get(line.split(":")[0] + ":")
            if key:
                out[key] = round(int(line.split()[1]) / 1024, 1)
    return out


# Query noise of the synthetic rows, per component of a unit row (norm x sqrt(384) ~ 19.6):
# "clear" puts a query at cosine ~0.71 to the row it came from (the 1,230 LoCoMo + LongMemEval oracle
# dev questions, encoded by MiniLM, reach their best dev turn at cosine 0.53 / 0.64 / 0.74 at the
# 10th / 50th / 90th percentile), "noise" at ~0.17, where the top 10 differ from the next rows by
# less than the int8 rounding: the pessimistic case (the sign-bit shortlist's guard refuses it).
QUERY_NOISE = {"clear": 0.05, "noise": 0.3}


def _synthetic_vector_row(n: int, queries: int, kind: str = "clear", seed: int = 13) -> dict[str, Any]:
    """n clustered random unit vectors saved as a vector cache, loaded (memory-mapped) as a cold
    command would, then searched by recall's vector channel; beside it a numpy float32 scan of
    the same matrix. RSS is the process's resident memory after the channel's queries, before
    the numpy scan touches every float32 page."""
    import gc

    import numpy as np

    rng = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory() as tmp, Session(Home(Path(tmp) / "home"), actor="bench") as s:
        files = _save_clustered(s, n, rng)
        gc.collect()
        before = _rss_mb()
        began = time.perf_counter()
        loaded = VectorIndex.load(s.db, "synthetic", s.home.cache_dir)
        load_ms = (time.perf_counter() - began) * 1000
        picks = rng.integers(0, n, queries)
        noise = QUERY_NOISE[kind] * rng.standard_normal((queries, 384)).astype(np.float32)
        qvecs = loaded.vectors_at(picks) + noise
        qvecs = (qvecs / np.linalg.norm(qvecs, axis=1, keepdims=True)).astype(np.float32)
        _vector_channel_times(loaded, qvecs[:3])  # warm-up: first touch of the pages
        channel = _vector_channel_times(loaded, qvecs)
        rss = _rss_mb()
        held = sum(n >= tuning.SIGN_BITS_FROM and vector.shortlist(loaded, qv, 200) is not None for qv in qvecs) / len(
            qvecs
        )

        brute, same = _bruteforce_agreement(loaded, qvecs)
    c, b = _percentiles(channel), _percentiles(brute)
    return {
        "rows": n,
        "queries": kind,
        "query_cosine_to_source": round(float(1 / np.sqrt(1 + 384 * QUERY_NOISE[kind] ** 2)), 2),
        "what": "VectorIndex saved and reloaded from its cache files, retrieval.vector.search_unfiltered "
        "limit 200; no SQL, FTS or fusion",
        "shortlist_held": round(held, 3),
        "vector_channel": c,
        "numpy_bruteforce": b,
        "channel_vs_numpy_p50": round(c["p50_ms"] / b["p50_ms"], 2),
        "top10_agreement": round(float(np.mean(same)), 4),
        "rss_mb": round(rss["total"] - before["total"], 1),
        "rss_anon_mb": round(rss["anon"] - before["anon"], 1),
        "rss_file_mb": round(rss["file"] - before["file"], 1),
        "file_mb": {kind: round(size / 1e6, 1) for kind, size in files.items()},
        "cache_load_ms": round(load_ms, 1),
    }


def _save_clustered(s: Session, n: int, rng: Any) -> dict[str, int]:
    """n clustered random unit vectors saved as the vector cache of `s`; bytes per cache file kind."""
    import numpy as np

    index = VectorIndex("synthetic")
    centres = rng.standard_normal((max(1, n // 50), 384)).astype(np.float32)
    for start in range(0, n, 100_000):  # in blocks: bounded temporary memory
        m = min(100_000, n - start)
        block = centres[rng.integers(0, len(centres), m)] + rng.standard_normal((m, 384)).astype(np.float32)
        block /= np.linalg.norm(block, axis=1, keepdims=True)
        index.add(list(range(start + 1, start + m + 1)), [f"m{i}" for i in range(start, start + m)], block)
        del block
    index.save(s.db, s.home.cache_dir)
    return {kind: sum(f.stat().st_size for f in s.home.cache_dir.glob(f"*.{kind}.npy")) for kind in ("f32", "i8", "b1")}


def _bruteforce_agreement(loaded: VectorIndex, qvecs: Any) -> tuple[list[float], list[float]]:
    """Seconds per query of a numpy float32 scan, and how much of its top 10 the vector channel shares."""
    import numpy as np

    matrix = loaded.matrix
    brute, same = [], []
    for qv in qvecs:
        begin = time.perf_counter()
        sims = matrix @ qv
        top = np.argpartition(-sims, 9)[:10]
        top = top[np.argsort(-sims[top])]
        brute.append(time.perf_counter() - begin)
        got = [r for r, _ in vector.search_unfiltered(loaded, qv, 200)[:10]]
        same.append(len(set(got) & {int(loaded.rowids[p]) for p in top}) / 10)
    return brute, same


# -- quire serve: recall end to end, warm service vs cold process ------------------------------

_SERVE_QUERIES = [
    "what moved to PostgreSQL 16",
    "why is the auth gateway blocked",
    "the nightly job cron schedule",
    "which team uses feature flags",
    "what happened after the outage in March",
]


def _timed(args: list[str], env: dict[str, str], timeout: float = 600) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    return time.perf_counter() - start, done


def _ids(done: subprocess.CompletedProcess) -> list[str]:
    try:
        return [r["id"] for r in json.loads(done.stdout)["results"]]
    except (ValueError, KeyError, TypeError):
        return []


def _service_requests(quire: list[str], env: dict[str, str]) -> int:
    done = subprocess.run([*quire, "serve", "--status", "--json"], env=env, capture_output=True, text=True, timeout=60)
    try:
        return int(json.loads(done.stdout).get("requests", 0))
    except (ValueError, TypeError):
        return 0


def _seed_by_import(quire: list[str], env: dict[str, str], dump: Path, memories: int) -> None:
    """`memories` synthetic memories into the home of `env`, through `quire import` of `dump`."""
    dump.write_text(
        "\n".join(json.dumps({"content": t}) for t in synthetic_memories(memories)) + "\n", encoding="utf-8"
    )
    seeded = subprocess.run(
        [*quire, "import", str(dump), "--json"], env=env, capture_output=True, text=True, timeout=1800
    )
    if seeded.returncode != 0:
        raise RuntimeError(f"seeding failed: {seeded.stderr.strip()[-300:]}")


def serve(memories: int = 500, runs: int = 5) -> dict[str, Any]:
    """`quire recall --json` as a subprocess, `runs` times cold and `runs` times with `quire serve` up.

    Real model (QUIRE_EMBEDDER is cleared), a temp home seeded with synthetic memories. Also times
    the service's start-up (model + vectors + warm-up recall) and the client floor (`quire --help`).
    """
    quire = [sys.executable, "-m", "quire.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("QUIRE_EMBEDDER", "QUIRE_NOW")}
        env["QUIRE_HOME"] = str(Path(tmp) / "home")
        _seed_by_import(quire, env, Path(tmp) / "seed.jsonl", memories)
        queries = [_SERVE_QUERIES[i % len(_SERVE_QUERIES)] for i in range(runs)]
        floor = statistics.median(_timed([*quire, "--help"], env)[0] for _ in range(3))

        cold: list[Any] = []
        cold_ids: dict[Any, Any] = {}
        for q in queries:
            seconds, done = _timed([*quire, "recall", q, "--json"], env)
            cold.append(seconds)
            cold_ids.setdefault(q, _ids(done))

        start = time.perf_counter()
        proc = subprocess.Popen(
            [*quire, "serve", "--json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            line = proc.stdout.readline() if proc.stdout else ""  # the ready line, after the warm-up
            startup = time.perf_counter() - start
            if not line:
                raise RuntimeError(f"quire serve did not start: {(proc.stderr.read() if proc.stderr else '')[-300:]}")
            before = _service_requests(quire, env)
            warm, same = [], True
            for q in queries:
                seconds, done = _timed([*quire, "recall", q, "--json"], env)
                warm.append(seconds)
                same = same and _ids(done)[:5] == cold_ids[q][:5]
            served = _service_requests(quire, env) - before
        finally:
            _stop_serve(quire, env, proc)
    cold_s, warm_s = statistics.median(cold), statistics.median(warm)
    return {
        "memories": memories,
        "runs": runs,
        "cold_recall_seconds": round(cold_s, 3),
        "served_recall_seconds": round(warm_s, 3),
        "speedup": round(cold_s / warm_s, 1),
        "goal": ">= 10x",
        "service_startup_seconds": round(startup, 2),
        "client_floor_seconds": round(floor, 3),
        "recalls_through_service": served,
        "same_top5": same,
        "cold_all": [round(x, 3) for x in cold],
        "served_all": [round(x, 3) for x in warm],
    }


def render_serve(d: dict[str, Any]) -> str:
    verdict = "met" if d["speedup"] >= 10 else "NOT met"
    lines = [
        f"quire recall end to end, {d['memories']} memories, median of {d['runs']} subprocess calls (real model)",
        f"  cold (loads the model):     {d['cold_recall_seconds']:.3f} s",
        f"  with quire serve up:        {d['served_recall_seconds']:.3f} s",
        f"  speedup:                    {d['speedup']}x (goal {d['goal']}: {verdict})",
        f"  client floor (quire --help): {d['client_floor_seconds']:.3f} s",
        f"  service start-up (warm):    {d['service_startup_seconds']:.2f} s, paid once",
        f"  same top-5 both ways:       {'yes' if d['same_top5'] else 'NO'}",
    ]
    if d["recalls_through_service"] < d["runs"]:
        lines.append(
            f"  note: only {d['recalls_through_service']} of {d['runs']} recalls went through the service; "
            "`quire recall` must call quire.client.call('recall', ...)"
        )
    return "\n".join(lines)


# -- rebuild (wiki/) ---------------------------------------------------------------------------


def _seed_wiki(db, n: int, *, seed: int = 5) -> None:
    """n synthetic memories written straight into the tables, with random unit vectors around
    topic centres: half carry an entity (~10 memories each -> entity pages), most of the rest
    sit near one of n/40 centres (-> clusters), a few are noise (-> monthly notes pages)."""
    import hashlib

    import numpy as np

    rng = np.random.default_rng(seed)
    texts = synthetic_memories(n, seed=seed)
    spaces.add(db, "work", actor="bench")
    model = configured_model_id()
    centres = rng.standard_normal((max(1, n // 40), 384)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    n_entities = max(1, n // 20)
    rows, links = [], []
    for i, text in enumerate(texts):
        kind = i % 10
        if kind < 5:
            vec = rng.standard_normal(384)
            links.append((f"mem_b{i:011d}", 1 + int(rng.integers(n_entities))))
        elif kind < 9:
            vec = centres[int(rng.integers(len(centres)))] * 6.0 + rng.standard_normal(384) * 0.18
        else:
            vec = rng.standard_normal(384)
        vec = (vec / np.linalg.norm(vec)).astype(np.float32)
        when = f"2026-{1 + i * 12 // n:02d}-{1 + i % 28:02d}T08:00:00Z"
        mtype = ("fact", "decision", "lesson", "gotcha", "note", "preference")[i % 6]
        rows.append(
            (
                f"mem_b{i:011d}",
                text,
                mtype,
                "work" if i % 3 else None,
                hashlib.sha256(text.encode()).hexdigest(),
                when,
                when,
                when,
                to_blob(vec),
                model,
            )
        )
    with db.transaction():
        db.executemany(
            "INSERT INTO entities(id, name, name_key, kind, created_at) "
            "VALUES (?, ?, ?, 'concept', '2026-01-01T00:00:00Z')",
            [(e, f"Topic {e}", f"topic {e}") for e in range(1, n_entities + 1)],
        )
        db.executemany(
            "INSERT INTO memories(id, content, memory_type, space, confidence, effective_confidence, content_hash, "
            "valid_from, created_at, updated_at, last_accessed, embedding, embed_model) "
            "VALUES (?, ?, ?, ?, 0.7, 0.7, ?, ?, ?, ?, NULL, ?, ?)",
            [(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9]) for r in rows],
        )
        db.executemany("INSERT INTO memory_entities(memory_id, entity_id) VALUES (?, ?)", links)
        audit.record(db, "bench", "seed", "store", "memories", count=n)


def _timed_rebuild(session, *, full: bool = False) -> tuple[float, Any]:
    start = time.perf_counter()
    summary = run_rebuild(session, actor="bench", prose=False, full=full)
    return time.perf_counter() - start, summary


REBUILD_GOALS = {10_000: 0.02, 100_000: 0.01}  # +1 memory, as a share of a full rebuild


def _plus_one(session, n: int, *, full: bool, loose: bool = False) -> tuple[float, Any]:
    """One new memory on an entity page that exists (`loose`: with no entity, for a cluster, About
    me or Notes page), then a rebuild (the incremental plan, or with `full` the full plan: what every
    rebuild cost before wiki/incremental.py)."""
    session.capture(
        CapturePayload(
            content=f"Topic 1 review {n}: the nightly export now runs after the backup window closes.",
            entities=[] if loose else ["Topic 1"],
        ),
        defer_embed=True,
    )
    session.embed_pending()  # the embedding is not what is measured
    return _timed_rebuild(session, full=full)


CHAT_SHARE = 4  # a chat home: one memory in this many is a turn of an imported chat export


def _chat_home(session, size: int, root: Path) -> None:
    """A home of `size` memories, one in CHAT_SHARE of them the turns of a generated ChatGPT export
    (person and assistant alternating) imported as `quire import` does, the rest seeded as usual."""
    turns = max(2, size // CHAT_SHARE)
    _seed_wiki(session.db, size - turns)
    export = root / "conversations.json"
    write_chatgpt_export(export, turns, seed=11)
    session.import_path(export, roles="all")


def rebuild(sizes: list[int], *, chats: bool = False) -> dict[str, Any]:
    """Full rebuild at each size, then a rebuild with nothing new, then +1 memory rebuilt with the
    full plan (`--full`) and +1 memory with the incremental plan, side by side in the same home
    with QUIRE_NOW pinned. The decay pass runs at most every 12 hours, so only the full rebuild pays
    it here; its cost is reported apart. With `chats`, each size also on a chat home (`_chat_home`)."""
    rows = []
    with env.pinned(QUIRE_NOW="2026-12-31T00:00:00Z"):
        for size in sizes:
            for chat in (False, True) if chats else (False,):
                rows.append(_rebuild_row(size, chat))
    return {
        "rebuild": rows,
        "goal": "a rebuild after one new memory costs < 2% of a full rebuild at 10k memories, < 1% at 100k",
    }


def _rebuild_row(size: int, chat: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(Home(Path(tmp) / "home"), actor="bench")
        s._embedder = _RandomEmbedder()  # vectors claim the configured model; no model load
        try:
            if chat:
                _chat_home(s, size, Path(tmp))
            else:
                _seed_wiki(s.db, size)
            full_s, full = _timed_rebuild(s)
            same_s, same = _timed_rebuild(s)
            plan_s, planned = _plus_one(s, 1, full=True)
            inc_s, inc = _plus_one(s, 2, full=False)
            loose_s, loose = _plus_one(s, 3, full=False, loose=True)
            files = len(list(s.wiki_dir.glob("*.md")))
            turns = int(s.db.scalar("SELECT count(DISTINCT memory_id) FROM session_turns") or 0)
            start = time.perf_counter()
            decay.run(s.db, actor="bench")  # what a rebuild adds when its 12-hour decay pass is due
            decay_s = time.perf_counter() - start
        finally:
            s.close()
    goal = min((g for n, g in REBUILD_GOALS.items() if size >= n), default=None)
    return {
        "memories": size,
        "chat_turns": turns,
        "pages": full.pages,
        "files": files,
        "full_seconds": round(full_s, 3),
        "full_written": full.written,
        "unchanged_seconds": round(same_s, 3),
        "unchanged_written": same.written,
        "full_plan_seconds": round(plan_s, 3),
        "full_plan_written": planned.written,
        "incremental_seconds": round(inc_s, 3),
        "incremental_written": inc.written,
        "incremental_plan": inc.plan,
        "incremental_plan_reason": inc.plan_reason,
        "incremental_vs_full": round(inc_s / full_s, 4) if full_s else None,
        "loose_seconds": round(loose_s, 3),
        "loose_plan": loose.plan,
        "loose_plan_reason": loose.plan_reason,
        "loose_vs_full": round(loose_s / full_s, 4) if full_s else None,
        "full_plan_vs_full": round(plan_s / full_s, 4) if full_s else None,
        "goal": goal,
        "goal_met": (inc_s / full_s < goal) if goal is not None and full_s else None,
        "decay_seconds": round(decay_s, 3),
    }


def render_rebuild(d: dict[str, Any]) -> str:
    lines = [
        f"{'memories':>9}  {'turns':>6}  {'pages':>6}  {'full s':>8}  {'no-change s':>11}  "
        f"{'+1 --full s':>11}  {'+1 memory s':>11}  "
        f"{'written':>7}  {'plan':>11}  {'+1 vs full':>10}  {'goal':>9}"
    ]
    for r in d["rebuild"]:
        goal = "-" if r["goal"] is None else f"<{r['goal']:.0%} " + ("met" if r["goal_met"] else "MISSED")
        lines.append(
            f"{r['memories']:>9}  {r['chat_turns']:>6}  {r['pages']:>6}  {r['full_seconds']:>8.3f}  "
            f"{r['unchanged_seconds']:>11.3f}  "
            f"{r['full_plan_seconds']:>11.3f}  {r['incremental_seconds']:>11.3f}  {r['incremental_written']:>7}  "
            f"{r['incremental_plan']:>11}  {r['incremental_vs_full']:>10.2%}  {goal:>9}"
        )
        if r["incremental_plan_reason"]:
            lines.append(f"  +1 memory took the full plan at {r['memories']}: {r['incremental_plan_reason']}")
        lines.append(
            f"  +1 memory with no entity (cluster, About me or Notes): {r['loose_seconds']:.3f} s, "
            f"{r['loose_vs_full']:.2%} of full, {r['loose_plan']} plan"
            + (f" ({r['loose_plan_reason']})" if r["loose_plan_reason"] else "")
        )
    lines.append(
        "decay pass (run by a rebuild at most every 12 h): "
        + ", ".join(f"{r['decay_seconds']:.3f} s at {r['memories']}" for r in d["rebuild"])
    )
    lines.append(f"goal: {d['goal']}")
    return "\n".join(lines)


# -- import of a chat export --------------------------------------------------------


def write_chatgpt_export(path: Path, messages: int, per_conversation: int = 20, seed: int = 3) -> int:
    """Stream a ChatGPT-format conversations.json of `messages` messages (user and assistant
    alternating) to `path`, one conversation at a time; returns its size in bytes."""
    texts = synthetic_memories(messages, seed=seed)
    with path.open("w", encoding="utf-8") as fh:
        fh.write("[")
        for c, start in enumerate(range(0, messages, per_conversation)):
            mapping: dict[str, Any] = {}
            parent = None
            for i, text in enumerate(texts[start : start + per_conversation]):
                node = f"c{c}-{i}"
                mapping[node] = {
                    "id": node,
                    "parent": parent,
                    "children": [],
                    "message": {
                        "id": node,
                        "author": {"role": "user" if i % 2 == 0 else "assistant", "name": None, "metadata": {}},
                        "create_time": 1_700_000_000 + 600 * (start + i),
                        "content": {"content_type": "text", "parts": [text]},
                        "metadata": {},
                        "recipient": "all",
                    },
                }
                if parent:
                    mapping[parent]["children"].append(node)
                parent = node
            conv = {"title": f"Conversation {c}", "create_time": 1_700_000_000 + 600 * start, "id": f"conv-{c}"}
            conv.update(mapping=mapping, current_node=parent)
            fh.write(("," if c else "") + json.dumps(conv))
        fh.write("]\n")
    return path.stat().st_size


RAW_EVERY = 60.0  # seconds of import between raw encode samples (`import_chats`), the import paused for each


def _import_child(
    export: Path, home: Path, *, paused: Callable[[], object] | None = None, every: float = RAW_EVERY
) -> dict[str, Any]:
    """`quire import --roles all --json` in a fresh process, the model loaded (and one text encoded)
    before the clock starts: its seconds and CPU seconds (every thread), the load's, the peak RSS in
    bytes and the report. Timing the load inside the child, rather than subtracting a second
    process's load, keeps a small import's figures from going negative on load noise.

    `paused`: called every `every` seconds with the child stopped (SIGSTOP, then SIGCONT), so a
    baseline can be measured in the same minutes as the import without sharing its cores; the
    stopped seconds are taken off the import's (`paused_seconds`), its CPU is its own either way."""
    code = (
        "import json, resource, sys, time\n"
        "from eval.threads import ThreadClock\n"
        "from memory.embed import load_embedder\n"
        "from quire.cli import cli\n"
        "def cpu():\n"
        "    use = resource.getrusage(resource.RUSAGE_SELF)\n"
        "    return use.ru_utime + use.ru_stime\n"
        "t0, c0 = time.perf_counter(), cpu()\n"
        "load_embedder().encode(['warm up'])\n"
        "clock = ThreadClock().start()\n"
        "start, c1, began = time.perf_counter(), cpu(), time.time()\n"
        "try:\n"
        "    cli.main(['import', sys.argv[1], '--roles', 'all', '--json'], standalone_mode=False)\n"
        "finally:\n"
        "    probe = {'seconds': time.perf_counter() - start, 'cpu': cpu() - c1, 'threads': clock.stop(),\n"
        "             'load_seconds': start - t0, 'load_cpu': c1 - c0, 'span': [began, time.time()],\n"
        "             'rss': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}\n"
        "    print(json.dumps(probe), file=sys.stderr)\n"
    )
    env = {**os.environ, "QUIRE_HOME": str(home)}
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(export)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    pauses: list[tuple[float, float]] = []  # (from, to) on the wall clock, as the child's span is
    while True:
        try:  # (communicate again after a timeout loses no output)
            out, err = child.communicate(timeout=every if paused is not None else None)
            break
        except subprocess.TimeoutExpired:
            if paused is not None and child.poll() is None:
                pauses.append(_while_stopped(child, paused))
    if child.returncode != 0:
        raise RuntimeError(f"the import failed: {err.strip()[-300:]}")
    probe: dict[str, Any] = json.loads(err.strip().splitlines()[-1])
    probe["report"] = json.loads(out)
    began, ended = probe.pop("span")
    # Only what overlapped the import's clock: a stop that began as the child printed its probe took nothing off it.
    probe["paused_seconds"] = sum((max(0.0, min(to, ended) - max(at, began)) for at, to in pauses), 0.0)
    probe["seconds"] -= probe["paused_seconds"]
    probe["pauses"] = len(pauses)
    return probe


def _while_stopped(child: subprocess.Popen, call: Callable[[], object]) -> tuple[float, float]:
    """`call()` with `child` stopped: the wall-clock span it was stopped for."""
    start = time.time()
    child.send_signal(signal.SIGSTOP)
    try:
        time.sleep(0.05)  # the signal is delivered asynchronously: every thread of it stopped first
        call()
    finally:
        child.send_signal(signal.SIGCONT)
    return start, time.time()


def _raw_encode(model: Any, sample: list[str]) -> tuple[float, float]:
    """(texts a second, CPU seconds a text): the faster of the import's batches one call each
    and the whole sample in one call (where the encoder's threads never wait between calls,
    and it sorts 2,048 texts by length, not 256: less padding)."""

    def timed(calls: list[list[str]]) -> tuple[float, float]:
        start, cpu = time.perf_counter(), time.process_time()
        for texts in calls:
            model.encode(texts)
        return len(sample) / (time.perf_counter() - start), (time.process_time() - cpu) / len(sample)

    batched = timed([sample[lo : lo + chats.BATCH] for lo in range(0, len(sample), chats.BATCH)])
    return max(batched, timed([sample]))


IMPORT_GOAL = 0.95  # of raw encode's rate (issue 25)


def _own_work(raw_rate: float, raw_cpu: float, cpu_each: float) -> dict[str, Any]:
    """What the import spends beside encoding (CPU a message), and the most the goal leaves for it:
    at IMPORT_GOAL of raw encode's rate a message may take CORES / (IMPORT_GOAL x raw rate) of CPU
    in all, every core busy the whole time. Where raw encode keeps every core busy already (its
    cores), that is raw CPU x (1 / IMPORT_GOAL - 1)."""
    return {
        "own_cpu_ms": round((cpu_each - raw_cpu) * 1e3, 2),
        "own_cpu_budget_ms": round((onnx_model.CORES / (IMPORT_GOAL * raw_rate) - raw_cpu) * 1e3, 2),
        "raw_encode_cores": round(raw_rate * raw_cpu, 2),
        "cores": onnx_model.CORES,
    }


def _by_thread(threads: dict[str, float], stored: int) -> dict[str, float]:
    """Where the import's CPU went, ms a stored message by thread kind (eval/threads.py): its main thread (reading,
    the gate, the database, the near-duplicate check, the life reading), the encoder's runs (quire-onnx) and the
    calls that feed them (quire-encode)."""
    return {kind: round(cpu * 1e3 / max(stored, 1), 3) for kind, cpu in sorted(threads.items())}


def import_chats(messages: int = 100_000, *, every: float = RAW_EVERY) -> dict[str, Any]:
    """`quire import` of a generated ChatGPT export: messages/s beside raw encode of the same texts
    in this run, and the import process's peak RSS. The child loads the model before its clock
    starts (the load is reported apart), so the rate is the pipeline's.

    Raw encode is the import's own call: the same encoder on the same kind of text, the faster of
    batches of the import's size (chats.BATCH, each encoded 64 at a time) and one call for the
    whole sample. Beside the wall-clock ratio (the
    goal's), the CPU seconds of both (every thread of the process): CPU an encoded text against CPU
    a stored message, a ratio the drifting load of a shared machine moves much less (it gives no
    credit for the encoding overlapping the database work)."""
    model = load_embedder()
    sample = [embed_text(None, "", t) for t in synthetic_memories(min(messages, 2048), seed=3)]
    model.encode(sample[:64])

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        tiny, big = root / "tiny.json", root / "conversations.json"
        write_chatgpt_export(tiny, 2)
        size = write_chatgpt_export(big, messages)
        # Raw encode before the import, every `every` seconds of it (the import stopped meanwhile,
        # its stopped seconds not counted) and after, averaged: the speed of a shared VM's cores
        # drifts by several percent over minutes (raw encode alone read 325.5/s in one run and 350.9/s
        # in the next, the import 305.2/s and 304.4/s), and readings at the ends alone moved the ratio
        # with the drift, not with the import.
        samples = [_raw_encode(model, sample)]
        tiny_run = _import_child(tiny, root / "home-tiny")
        run = _import_child(big, root / "home", paused=lambda: samples.append(_raw_encode(model, sample)), every=every)
        samples.append(_raw_encode(model, sample))
        again = _import_child(big, root / "home")  # idempotent: nothing new
    report = run["report"]
    raw_rate = statistics.fmean(r for r, _ in samples)
    raw_cpu = statistics.fmean(c for _, c in samples)
    rate = report["stored"] / max(run["seconds"], 1e-9)
    cpu_each = run["cpu"] / max(report["stored"], 1)
    return {
        "model": model.model_id,
        "messages": messages,
        "export_mb": round(size / 1e6, 1),
        "raw_encode_per_second": round(raw_rate, 1),
        "raw_encode_samples": [round(r, 1) for r, _ in samples],
        "raw_encode_cpu_ms": round(raw_cpu * 1e3, 2),
        "import_paused_seconds": round(run["paused_seconds"], 1),
        "raw_every_seconds": every,
        "stored": report["stored"],
        "rejected": report["rejected"],
        "seconds": round(run["seconds"] + run["load_seconds"], 1),
        "model_load_seconds": round(run["load_seconds"], 1),
        "per_second": round(rate, 1),
        "vs_raw_encode": round(rate / raw_rate, 3),
        "import_cpu_ms": round(cpu_each * 1e3, 2),
        "cpu_vs_raw_encode": round(raw_cpu / max(cpu_each, 1e-12), 3),
        **_own_work(raw_rate, raw_cpu, cpu_each),
        "threads_cpu_ms": _by_thread(run["threads"], report["stored"]),
        "peak_rss_mb": round(run["rss"] / 1e6, 1),
        "peak_rss_tiny_import_mb": round(tiny_run["rss"] / 1e6, 1),
        "rerun_seconds": round(again["seconds"] + again["load_seconds"], 1),
        "rerun_stored": again["report"]["stored"],
        "goal": f"import >= {IMPORT_GOAL} of raw encode throughput; peak RSS < 500 MB at 100k messages",
    }


def render_import(d: dict[str, Any]) -> str:
    raw = d["raw_encode_samples"]
    return "\n".join(
        [
            f"model {d['model']}: raw encode {d['raw_encode_per_second']}/s (the faster of batches of 256 as the "
            "import's and one call for all, same texts, same run; the mean of "
            f"{len(raw)} readings, {min(raw)}-{max(raw)}/s: "
            f"before the import, every {d['raw_every_seconds']:g} s of it with the import stopped, after)",
            f"export: {d['messages']} messages, {d['export_mb']} MB (ChatGPT format); imported with --roles all",
            f"import: {d['stored']} stored in {d['seconds']} s ({d['model_load_seconds']} s of it loading the model; "
            f"{d['import_paused_seconds']} s stopped for the readings not counted): "
            f"{d['per_second']} messages/s = {d['vs_raw_encode']:.0%} of raw encode",
            f"CPU (every thread): {d['import_cpu_ms']} ms a stored message against {d['raw_encode_cpu_ms']} ms "
            f"an encoded text = {d['cpu_vs_raw_encode']:.0%} (load moves it less than wall time)",
            f"the import's own work (CPU beside encoding): {d['own_cpu_ms']} ms a message; raw encode keeps "
            f"{d['raw_encode_cores']} of {d['cores']} cores busy, so {IMPORT_GOAL} of its rate leaves at most "
            f"{d['own_cpu_budget_ms']} ms",
            "by thread, ms a message: "
            + (", ".join(f"{k} {v}" for k, v in d["threads_cpu_ms"].items()) or "not measured (no /proc)")
            + f" (raw encode: {d['raw_encode_cpu_ms']} a text, every thread)",
            f"peak RSS of the import process: {d['peak_rss_mb']} MB "
            f"(a 2-message import: {d['peak_rss_tiny_import_mb']} MB)",
            f"re-run: {d['rerun_stored']} stored in {d['rerun_seconds']} s",
            f"goal: {d['goal']}",
        ]
    )


# -- cold start: each first command in a fresh process, beside `python -c pass` -----

_COLD_QUERY = "why is the auth gateway blocked"
# A question of the person's life (memory/life.asked: home), and what the home has said of it: typed
# statements, whose readings recall takes from the statements table (retrieval/recall._says).
_COLD_LIFE_QUERY = "where do I live now"
_COLD_LIFE = (
    ("I moved to Lisbon last week, the flat in Alfama finally worked out", "identity"),
    ("My dentist is Dr Silva, near the office", "fact"),
    ("I work as a backend engineer on the payments team", "identity"),
    ("I prefer window seats on long flights", "preference"),
)


def _seed_home(root: Path, size: int) -> None:
    """A home with `size` synthetic memories under the configured model id (random unit vectors:
    no model load while seeding) and its vector cache saved, as a person's home would have; with a
    few typed statements of their life (`_COLD_LIFE`) for the life question."""
    embedder = _RandomEmbedder()
    with Session(Home(root), actor="bench") as s:
        s._embedder = embedder
        payloads = [CapturePayload(content=t) for t in synthetic_memories(size)]
        payloads += [CapturePayload(content=t, type=kind) for t, kind in _COLD_LIFE]
        # check=False: synthetic rows whose only job is to make the store this big for a timing; the gate and the
        # duplicate and contradiction checks would only slow the seeding (they are timed in `quire bench import`).
        capture_many(s.db, payloads, actor="bench", embedder=lambda: embedder, check=False, batch_size=2000)
        s.vectors()
        s.persist_vectors(min_changes=0)


def _spread(args: list[str], env: dict[str, str], runs: int) -> dict[str, Any]:
    times, failed = [], None
    for run in range(runs):
        # "{run}" makes each capture's text new: a repeat would be refused as a duplicate
        seconds, done = _timed([a.replace("{run}", str(run)) for a in args], env)
        times.append(seconds)
        if done.returncode != 0 and failed is None:
            failed = done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
    out = {
        "min_s": round(min(times), 3),
        "median_s": round(statistics.median(times), 3),
        "max_s": round(max(times), 3),
        "runs": runs,
    }
    if failed:
        out["failed"] = failed[0][:200]
    return out


def cold(sizes: list[int], runs: int = 5, torch_runs: int = 1) -> dict[str, Any]:
    """Wall time of each cold command as a subprocess (real model, QUIRE_EMBEDDER cleared) next to
    `python -c pass` and `quire --help`, in one temp home per size; min/median/max of `runs`."""
    quire = [sys.executable, "-m", "quire.cli"]
    export = onnx_model.ensure_export()  # made once per install; its one-off cost is not a cold start
    rows = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            env = {k: v for k, v in os.environ.items() if k not in ("QUIRE_EMBEDDER", "QUIRE_ENCODER", "QUIRE_NOW")}
            env["QUIRE_HOME"] = str(Path(tmp) / "home")
            start = time.perf_counter()
            _seed_home(Path(env["QUIRE_HOME"]), size)
            seeded = time.perf_counter() - start
            commands = {
                "python -c pass": ([sys.executable, "-c", "pass"], env, runs),
                "quire --help": ([*quire, "--help"], env, runs),
                "quire status": ([*quire, "status"], env, runs),
                "quire capture --defer-embed": (
                    [*quire, "capture", "--defer-embed", "Cold probe {run}: the deferred path"],
                    env,
                    runs,
                ),
                "quire recall (onnx)": ([*quire, "recall", _COLD_QUERY, "--all-spaces"], env, runs),
                "quire recall, a life question (onnx)": (
                    [*quire, "recall", _COLD_LIFE_QUERY, "--all-spaces"],
                    env,
                    runs,
                ),
                "quire capture (onnx, embeds)": (
                    [*quire, "capture", "Cold probe {run}: the backup job is blocked"],
                    env,
                    runs,
                ),
            }
            if torch_runs:
                torch_env = {**env, "QUIRE_ENCODER": "torch"}
                commands["quire recall (sentence-transformers)"] = (
                    [*quire, "recall", _COLD_QUERY, "--all-spaces"],
                    torch_env,
                    torch_runs,
                )
            timings = {name: _spread(args, e, n) for name, (args, e, n) in commands.items()}
        base = timings["python -c pass"]["median_s"]
        for t in timings.values():
            t["vs_python"] = round(t["median_s"] / base, 1) if base else None
        rows.append({"memories": size, "seed_seconds": round(seeded, 1), "commands": timings})
    return {
        "onnx_export": str(export),
        "onnx_export_mb": round(export.stat().st_size / 1e6, 1),
        "sizes": rows,
        "goal": "recall and capture cold: < 1.5 s at 10k memories, < 2.5 s at 100k, on 2 cores",
    }


def render_cold(d: dict[str, Any]) -> str:
    lines = [f"cold commands as subprocesses (median of the runs shown); ONNX export {d['onnx_export_mb']} MB", ""]
    for row in d["sizes"]:
        lines.append(f"{row['memories']} memories (seeded in {row['seed_seconds']} s)")
        lines.append(f"  {'command':<38} {'min':>7} {'median':>7} {'max':>7} {'runs':>4}  {'x python':>8}")
        for name, t in row["commands"].items():
            lines.append(
                f"  {name:<38} {t['min_s']:>6.3f}s {t['median_s']:>6.3f}s {t['max_s']:>6.3f}s {t['runs']:>4}  "
                f"{t['vs_python']:>7}x" + (f"  FAILED: {t['failed']}" if "failed" in t else "")
            )
        lines.append("")
    lines.append(f"goal: {d['goal']}")
    return "\n".join(lines)


# -- the browser screens ------------------------------------------------------------

UI_QUERIES = [
    "billing API latency",
    "what moved to PostgreSQL 16",
    "the auth gateway outage",
    "Rust worker rewrite",
    "feature flags in the mobile app",
    "read replica for the search index",
]


def _seed_reviews(db, memories: int, items: int) -> list[int]:
    """`items` open contradiction items between neighbouring synthetic memories."""
    ids = []
    for i in range(items):
        old, new = f"mem_b{(2 * i) % memories:011d}", f"mem_b{(2 * i + 1) % memories:011d}"
        payload = {"old_id": old, "new_id": new, "old": f"old claim {i}", "new": f"new claim {i}", "reason": "bench"}
        ids.append(review.enqueue(db, "contradiction", [old, new], payload, actor="bench"))
    return ids


class _Browser:
    """A signed-in HTTP client of a running `quire serve` (what a browser sends, nothing more), and
    the same service's token API (what the CLI sends), for the baseline."""

    def __init__(self, home: Path):
        import http.client

        state = json.loads((home / "serve.json").read_text(encoding="utf-8"))
        self.port = int(state["port"])
        self.token = (home / "serve.token").read_text(encoding="utf-8").strip()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        status, _, body = self._send("POST", "/v1/ui/ticket", {"Authorization": f"Bearer {self.token}"}, b"{}")
        url = json.loads(body)["result"]["url"]
        status, headers, _ = self._send("GET", url[url.index("/login") :], {})
        if status != 200:
            raise RuntimeError(f"sign-in failed: HTTP {status}")
        self.cookie = headers["set-cookie"].split(";")[0]

    def _send(self, method: str, path: str, headers: dict[str, str], body: bytes | None = None):
        self.conn.request(method, path, body=body, headers={"Host": f"127.0.0.1:{self.port}", **headers})
        res = self.conn.getresponse()
        data = res.read()
        return res.status, {k.lower(): v for k, v in res.getheaders()}, data.decode("utf-8", "replace")

    def get(self, path: str) -> tuple[float, float, str]:
        """(server ms from its Server-Timing, round trip ms, body) of one screen."""
        start = time.perf_counter()
        status, headers, body = self._send("GET", path, {"Cookie": self.cookie})
        wall = (time.perf_counter() - start) * 1000
        if status != 200:
            raise RuntimeError(f"GET {path}: HTTP {status}")
        server = float(headers.get("server-timing", "app;dur=nan").split("dur=")[-1])
        return server, wall, body

    def ops(self, calls: list[tuple[str, dict[str, Any]]]) -> float:
        """Round-trip ms of the screen's operations through the token API, one after another."""
        start = time.perf_counter()
        for op, params in calls:
            body = json.dumps({"params": params, "actor": "bench"}).encode()
            status, _, text = self._send(
                "POST",
                f"/v1/ops/{op}",
                {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
                body,
            )
            if status != 200:
                raise RuntimeError(f"{op}: HTTP {status} {text[:200]}")
        return (time.perf_counter() - start) * 1000


def _ui_screens(item_ids: list[int], memories: int, slugs: list[str]) -> dict[str, Any]:
    """Each screen: request i -> (its path, the operations it runs with their parameters)."""
    from urllib.parse import quote

    rng = random.Random(17)
    first = item_ids[0]

    def review(i: int) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
        return "/review", [("curate_list", {"ids_only": True}), ("curate_show", {"item_id": first})]

    def review_item(i: int) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
        item = item_ids[rng.randrange(len(item_ids))]
        return f"/review/{item}", [("curate_list", {"ids_only": True}), ("curate_show", {"item_id": item})]

    def recall(i: int) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
        q = UI_QUERIES[i % len(UI_QUERIES)]
        params = {"query": q, "explain": True, "detail": True, "k": 10, "all_spaces": True}
        return f"/recall?q={quote(q)}&space=*", [("spaces_list", {}), ("recall", params)]

    def memory(i: int) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
        mid = f"mem_b{rng.randrange(memories):011d}"
        return f"/memory/{mid}", [("memory_show", {"memory_id": mid}), ("history", {"memory_id": mid})]

    def page(i: int) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
        slug = slugs[rng.randrange(len(slugs))]
        return f"/page/{slug}", [("page_read", {"slug": slug}), ("map_show", {"page": slug})]

    screens: dict[str, Any] = {
        "review": review,
        "review_item": review_item,
        "recall": recall,
        "memory": memory,
        "pages": lambda i: ("/pages", [("pages", {"limit": 200, "offset": 0})]),
        "page": page if slugs else None,
        "entities": lambda i: ("/entities", [("entities_list", {"limit": 200})]),
        "spaces": lambda i: ("/spaces", [("spaces_list", {})]),
        "status": lambda i: ("/status", [("status", {})]),
    }
    return screens


def ui(memories: int = 100_000, items: int = 1000, runs: int = 30, pages: bool = True) -> dict[str, Any]:
    """Each screen of `quire ui`: server time p50/p95 over `runs` requests through a running
    `quire serve`, in a temp home of `memories` synthetic memories and `items` open review items,
    next to the same operations called through the token API (what `quire ... --json` costs)."""
    import re

    quire = [sys.executable, "-m", "quire.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        env = {**os.environ, "QUIRE_HOME": str(home)}
        env.pop("QUIRE_NOW", None)
        started = time.perf_counter()
        with Session(Home(home), actor="bench") as s:
            _seed_wiki(s.db, memories)
            item_ids = _seed_reviews(s.db, memories, items)
            if pages:
                run_rebuild(s, actor="bench", prose=False)
            n_pages = wiki_pages.listed(s.db)
        seed_s = time.perf_counter() - started
        proc = subprocess.Popen([*quire, "serve", "--json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        load_before = os.getloadavg()[0]
        try:
            if not (proc.stdout.readline() if proc.stdout else b""):
                said = proc.stderr.read() if proc.stderr else b""
                raise RuntimeError(f"quire serve did not start: {said[-300:]!r}")
            browser = _Browser(home)
            slugs = re.findall(r'href="/page/([^"]+)"', browser.get("/pages")[2])
            screens = _ui_screens(item_ids, memories, slugs).items()
            rows = [_screen_row(browser, name, make, runs) for name, make in screens if make is not None]
        finally:
            _stop_serve(quire, env, proc)
    return {
        "memories": memories,
        "open_items": items,
        "pages": n_pages,
        "runs": runs,
        "seed_seconds": round(seed_s, 1),
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "cores": os.cpu_count(),
        "goal": "p50 < 100 ms on every screen",
        "met": all(r["met"] for r in rows),
        "screens": rows,
    }


def _screen_row(browser: _Browser, name: str, make: Any, runs: int) -> dict[str, Any]:
    """One screen of `ui`: `runs` requests of it (after two to warm), each next to its operations."""
    for i in range(2):  # warm: the first request of a kind pays for imports and templates
        browser.get(make(i)[0])
    server, wall, api = [], [], []
    for i in range(runs):  # the screen and its operations in turns, so both see the same load
        path, calls = make(i)
        ms, rt, _ = browser.get(path)
        server.append(ms)
        wall.append(rt)
        api.append(browser.ops(calls))
    p50 = statistics.median(server)
    return {
        "screen": name,
        "p50_ms": round(p50, 1),
        "p95_ms": round(sorted(server)[min(len(server) - 1, int(0.95 * len(server)))], 1),
        "round_trip_p50_ms": round(statistics.median(wall), 1),
        "ops_api_p50_ms": round(statistics.median(api), 1),
        "met": p50 < 100,
    }


def _stop_serve(quire: list[str], env: dict[str, str], proc: subprocess.Popen[Any]) -> None:
    """Stop the `quire serve` of `proc` the way a person would, killing it only when it does not go."""
    subprocess.run([*quire, "serve", "--stop"], env=env, capture_output=True, timeout=120)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def render_ui(d: dict[str, Any]) -> str:
    head = (
        f"quire ui at {d['memories']} memories, {d['open_items']} open review items, {d['pages']} pages "
        f"({d['runs']} requests a screen; server time from Server-Timing; load average "
        f"{d['load_average'][0]} -> {d['load_average'][1]} on {d['cores']} cores)"
    )
    lines = [
        head,
        f"{'screen':<12} {'p50 ms':>8} {'p95 ms':>8} {'round trip':>11} {'its ops via API':>16}  goal < 100 ms",
    ]
    for r in d["screens"]:
        lines.append(
            f"{r['screen']:<12} {r['p50_ms']:>8.1f} {r['p95_ms']:>8.1f} {r['round_trip_p50_ms']:>11.1f} "
            f"{r['ops_api_p50_ms']:>16.1f}  " + ("met" if r["met"] else "NOT MET")
        )
    lines.append("goal met on every screen" if d["met"] else "goal NOT met on every screen")
    return "\n".join(lines)
