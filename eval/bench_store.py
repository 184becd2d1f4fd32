"""`quire bench store`: the embedded file against sqld on loopback, in one run, same corpus.

Per store: the corpus is captured into a temp home (the file) and copied to a fresh sqld with
`transfer.copy` (the push path), then: single-capture latency through `Session.capture` (gate,
duplicate check, embedding, audit and the idempotency key on sqld), warm recall p50/p95 (vector
cache and entity names per device, caught up from the change log), and the time `quire sync`
takes to send `queued` captures from the outbox. A third store, `replica`, is a device of the same
server home reading through its embedded replica as read operations do. The stores
take turns query by query, so the ratio holds under a changing machine load. Vectors come from
the hash embedder the other benches use, so the store is what is measured, not the model.
"""

from __future__ import annotations

import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from eval import env
from eval.bench import _bench_queries, _percentiles, _RandomEmbedder, synthetic_memories
from eval.sqld import Server
from memory import outbox, transfer
from memory.capture import capture_many
from memory.home import Home
from memory.models import CapturePayload
from memory.session import Session
from retrieval.recall import recall as run_recall
from retrieval.scope import ALL_SPACES

CAPTURES = 30


def _session(home_dir: Path, url: str | None, embedder: Any) -> Any:
    home_dir.mkdir(parents=True, exist_ok=True)
    if url:
        (home_dir / "config.toml").write_text(f'[store]\nurl = "{url}"\n')
    s = Session(Home(home_dir), actor="bench")
    s._embedder = embedder
    return s


def _measure(stores: dict[str, Any], asked: list[str], texts: list[str]) -> dict[str, dict[str, Any]]:
    """Recall and capture timings per store, the stores taking turns query by query (and leading
    in turn), so a change in the machine's load falls on both alike instead of on one store's run."""

    def reading(name: str) -> Any:
        # The replica store is a server home whose reads run as the read operations do.
        return stores[name].route("read") if name == "replica" else nullcontext()

    for q in asked[:5]:  # warm-up: vector cache, entity names
        for name, s in stores.items():
            with reading(name):
                run_recall(s, q, scope=ALL_SPACES, k=10)
    names = list(stores)
    warm: dict[str, list[float]] = {name: [] for name in names}
    caps: dict[str, list[float]] = {name: [] for name in names}
    trips = {name: s.db.round_trips for name, s in stores.items()}
    for i, q in enumerate(asked):
        for name in names if i % 2 == 0 else names[::-1]:
            with reading(name):
                start = time.perf_counter()
                run_recall(stores[name], q, scope=ALL_SPACES, k=10)
                warm[name].append(time.perf_counter() - start)
    # messages to the server per recall (0 for the file)
    trips = {name: (s.db.round_trips - trips[name]) / len(asked) for name, s in stores.items()}
    writers = [name for name in names if name != "replica"]  # the replica's writes are the server's
    for i in range(CAPTURES):
        payload = CapturePayload(content=f"Bench capture {i}: {texts[i % len(texts)]} (variant {i})")
        for name in writers if i % 2 == 0 else writers[::-1]:
            start = time.perf_counter()
            out = stores[name].capture(payload)
            caps[name].append(time.perf_counter() - start)
            assert out.status == "stored", out
    return {
        name: {
            "recall": _percentiles(warm[name]),
            "capture": _percentiles(caps[name] or caps["sqld"]),
            "recall_round_trips": round(trips[name], 2),
        }
        for name in names
    }


def run(size: int = 10_000, queries: int = 200, queued: int = 1000) -> dict[str, Any]:
    embedder = _RandomEmbedder()
    texts = synthetic_memories(size)
    asked = _bench_queries(texts, queries)
    result: dict[str, Any] = {"size": size, "queries": queries, "captures": CAPTURES, "queued": queued}
    with env.pinned(QUIRE_EMBEDDER="fake"), tempfile.TemporaryDirectory() as tmp, Server(Path(tmp) / "sqld") as server:
        local = _session(Path(tmp) / "file", None, embedder)
        start = time.perf_counter()
        payloads = [CapturePayload(content=t) for t in texts]
        # check=False: synthetic rows whose only job is to make the store this big for a timing; the gate and the
        # duplicate and contradiction checks would only slow the seeding (they are timed in `quire bench import`).
        capture_many(local.db, payloads, actor="bench", embedder=lambda: embedder, check=False, batch_size=2000)
        result["seed_s"] = round(time.perf_counter() - start, 2)

        remote = _session(Path(tmp) / "device", server.url, embedder)
        start = time.perf_counter()
        report = transfer.copy(local.db, remote.db)
        result["push_s"] = round(time.perf_counter() - start, 2)
        result["push_verified"] = report.verified
        remote.close()
        remote = _session(Path(tmp) / "device", server.url, embedder)  # a device that saw nothing yet
        # Another device of the same server home reading from its embedded replica;
        # remote itself reads the server (the bench calls recall directly, outside the operations).
        replica = _session(Path(tmp) / "replica", server.url, embedder)

        result.update(_measure({"file": local, "sqld": remote, "replica": replica}, asked, texts))
        local.close()
        replica.close()

        for i in range(queued):
            remote.outbox.enqueue(outbox.new_key(), "capture", {"content": f"Queued offline note {i}: {texts[i]}"})
        start = time.perf_counter()
        sent = remote.sync()
        result["sync_s"] = round(time.perf_counter() - start, 2)
        result["sync_sent"] = sent["sent"]
        remote.close()
    f, r = result["file"], result["sqld"]
    result["recall_p50_ratio"] = round(r["recall"]["p50_ms"] / max(f["recall"]["p50_ms"], 1e-6), 2)
    result["recall_p95_ratio"] = round(r["recall"]["p95_ms"] / max(f["recall"]["p95_ms"], 1e-6), 2)
    result["capture_p50_ratio"] = round(r["capture"]["p50_ms"] / max(f["capture"]["p50_ms"], 1e-6), 2)
    rep = result["replica"]
    result["replica_recall_p50_ratio"] = round(rep["recall"]["p50_ms"] / max(f["recall"]["p50_ms"], 1e-6), 2)
    result["replica_recall_p95_ratio"] = round(rep["recall"]["p95_ms"] / max(f["recall"]["p95_ms"], 1e-6), 2)
    return result


def render(d: dict[str, Any]) -> str:
    lines = [f"{d['size']} memories; {d['queries']} recall queries and {d['captures']} captures per store"]
    lines.append(f"{'store':<8} {'capture p50':>12} {'p95':>8} {'recall p50':>11} {'p95':>8}")
    for name in ("file", "sqld", "replica"):
        m = d[name]
        lines.append(
            f"{name:<8} {m['capture']['p50_ms']:>10.2f}ms {m['capture']['p95_ms']:>6.2f}ms "
            f"{m['recall']['p50_ms']:>9.2f}ms {m['recall']['p95_ms']:>6.2f}ms"
        )
    lines.append(
        f"sqld/file: recall p50 {d['recall_p50_ratio']}x, p95 {d['recall_p95_ratio']}x (goal < 2x); "
        f"capture p50 {d['capture_p50_ratio']}x; round trips per recall on sqld: {d['sqld']['recall_round_trips']}"
    )
    lines.append(
        f"replica/file: recall p50 {d['replica_recall_p50_ratio']}x, p95 {d['replica_recall_p95_ratio']}x "
        f"(goal < 1.2x); messages to the server per recall from the replica: {d['replica']['recall_round_trips']}"
    )
    lines.append(
        f"push {d['size']} memories to sqld: {d['push_s']} s (verified: {d['push_verified']}); "
        f"sync {d['sync_sent']} queued captures: {d['sync_s']} s"
    )
    return "\n".join(lines)
