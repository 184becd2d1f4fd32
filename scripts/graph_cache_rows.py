#!/usr/bin/env python3
"""Rows the entity graph reads per cold command: 10k memories, 2 entities each from a pool
of 3,000, 1,000 relations. Before the graph cache every cold command read every entities row, and every
relations row when the query named an entity; now the first reads them once and writes graph.json,
and the next (after one capture naming a new entity) reads the change log since. Run from the repo:
`.venv/bin/python scripts/graph_cache_rows.py`."""

from __future__ import annotations

import random
import tempfile
import time
import weakref
from pathlib import Path

from memory import clock
from memory.capture import capture, capture_many
from memory.embed import FakeEmbedder
from memory.home import Home
from memory.models import CapturePayload, parse_payload
from memory.session import Session
from retrieval import graph
from retrieval.scope import Filter

QUERY = "Entity 12 and Entity 40"


def cold_search(db, where, params, cache_dir):
    graph._graphs = weakref.WeakKeyDictionary()  # as in a new process
    result = graph.search(db, QUERY, where, params, 50, cache_dir)
    return result, graph._graphs[db].rows_read


def best(fn, n=20):
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rnd = random.Random(7)
    pool = [f"Entity {i}" for i in range(3000)]
    with tempfile.TemporaryDirectory() as tmp, Session(Home(Path(tmp) / "home"), actor="bench") as s:
        db = s.db
        payloads = [
            CapturePayload(content=f"memory {i} about {rnd.random()} things", entities=rnd.sample(pool, 2))
            for i in range(10000)
        ]
        # check=False: synthetic rows whose only job is to make the store this big for a timing; the gate and the
        # duplicate and contradiction checks would only slow the seeding (they are timed in `quire bench import`).
        capture_many(db, payloads, actor="bench", embedder=FakeEmbedder, check=False, batch_size=2000)
        ids = [r[0] for r in db.rows("SELECT id FROM entities")]
        with db.transaction():
            for _ in range(1000):
                a, b = rnd.sample(ids, 2)
                db.execute(
                    "INSERT INTO relations(from_entity, to_entity, created_at) VALUES (?, ?, ?)",
                    (a, b, clock.now_iso()),
                )
        where, params = Filter().sql()
        n_e, n_r = db.scalar("SELECT count(*) FROM entities"), db.scalar("SELECT count(*) FROM relations")
        _, first = cold_search(db, where, params, s.cache_dir)
        payload = parse_payload({"content": "one capture naming Someone New", "entities": ["Someone New", "Entity 12"]})
        capture(db, payload, actor="bench", embedder=FakeEmbedder)
        result, after = cold_search(db, where, params, s.cache_dir)
        fresh, _ = cold_search(db, where, params, None)
        assert result == fresh
        size = (s.cache_dir / "graph.json").stat().st_size
        full = best(lambda: graph.EntityGraph.load(db, None))
        cached = best(lambda: graph.EntityGraph.load(db, s.cache_dir))
        print(f"entities {n_e}, relations {n_r}")
        print(f"before: {n_e + n_r} rows (+ 2 stamp rows, 1 probe row) on every cold command")
        print(f"after: first cold command (no cache) {first} rows; the next, after one capture, {after} rows")
        print(f"graph.json {size / 1e3:.0f} kB; load best of 20: full read {full * 1e3:.1f} ms, ", end="")
        print(f"cache + changes {cached * 1e3:.1f} ms ({full / cached:.1f}x)")


if __name__ == "__main__":
    main()
