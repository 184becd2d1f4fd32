"""`quire bench privacy`: what encryption at rest costs, against a plaintext home in the same run.

Two homes of the same synthetic memories, one plaintext and one encrypted with a key from
QUIRE_KEY, measured in turns (so a busy machine slows both alike): an import, single captures,
warm recalls in one session, cold recalls (a new session each: the encrypted home has no vector
cache on disk, so it reads every vector from the database), and a full rebuild. Goal: every
ratio under 1.15.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from eval.bench import synthetic_memories
from memory import encryption, keys
from memory.home import Home
from memory.models import CapturePayload
from memory.session import Session
from retrieval.recall import search
from wiki.rebuild import rebuild
from wiki.snapshot import snapshots_dir

KEY = "bench-privacy-key-0123456789abcdef"


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _home(root: Path, texts: list[str], encrypted: bool) -> Home:
    home = Home(root)
    root.mkdir(parents=True)
    Session(home).close()  # create and migrate
    if encrypted:
        encryption.encrypt(home, "key", sealed=[snapshots_dir(root)])
    return home


def _import(home: Home, texts: list[str]) -> float:
    path = home.root / "import.jsonl"
    path.write_text("".join(json.dumps({"content": t}) + "\n" for t in texts), encoding="utf-8")
    with Session(home, actor="bench") as session:
        return _timed(lambda: session.import_path(path))


def _captures(home: Home, texts: list[str]) -> float:
    with Session(home, actor="bench") as session:
        session.embedder()
        return _timed(lambda: [session.capture(CapturePayload(content=t)) for t in texts])


def _warm(home: Home, queries: list[str]) -> float:
    with Session(home, actor="bench") as session:
        search(session, queries[0], k=10)  # the caches loaded
        return _timed(lambda: [search(session, q, k=10) for q in queries]) / len(queries)


def _cold(home: Home, queries: list[str]) -> float:
    times = []
    for q in queries:
        start = time.perf_counter()
        with Session(home, actor="bench") as session:
            search(session, q, k=10)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _rebuild(home: Home) -> float:
    with Session(home, actor="bench") as session:
        return _timed(lambda: rebuild(session, prose=False))


def run(size: int = 2000, rounds: int = 3) -> dict[str, Any]:
    """Each figure is the minimum over `rounds` turns per home (the plaintext home goes first)."""
    texts = synthetic_memories(size + 200)
    queries = [t.split(" (ticket")[0] for t in texts[:30]]
    previous = os.environ.get("QUIRE_KEY")
    os.environ["QUIRE_KEY"] = KEY
    figures: dict[str, dict[str, list[float]]] = {"plain": {}, "encrypted": {}}
    try:
        with tempfile.TemporaryDirectory(prefix="quire-bench-privacy-") as tmp:
            for n in range(rounds):
                for kind in ("plain", "encrypted"):
                    home = _home(Path(tmp) / f"{kind}-{n}", texts, kind == "encrypted")
                    row = figures[kind]
                    row.setdefault("import_s", []).append(_import(home, texts[:size]))
                    row.setdefault("capture_s", []).append(_captures(home, texts[size : size + 20]))
                    row.setdefault("warm_recall_ms", []).append(_warm(home, queries) * 1000)
                    row.setdefault("cold_recall_ms", []).append(_cold(home, queries[:5]) * 1000)
                    row.setdefault("rebuild_s", []).append(_rebuild(home))
                    keys.forget_unlocked(home.root)
    finally:
        if previous is None:
            os.environ.pop("QUIRE_KEY", None)
        else:
            os.environ["QUIRE_KEY"] = previous
    best = {kind: {k: min(v) for k, v in row.items()} for kind, row in figures.items()}
    ratios = {k: best["encrypted"][k] / best["plain"][k] for k in best["plain"] if best["plain"][k] > 0}
    return {"size": size, "rounds": rounds, "plain": best["plain"], "encrypted": best["encrypted"], "ratios": ratios}


def render(d: dict[str, Any]) -> str:
    lines = [f"encryption at rest, {d['size']} memories, best of {d['rounds']} turns each (goal: ratio < 1.15)"]
    lines.append(f"{'':18}{'plaintext':>12}{'encrypted':>12}{'ratio':>8}")
    for key, ratio in d["ratios"].items():
        lines.append(f"{key:18}{d['plain'][key]:12.3f}{d['encrypted'][key]:12.3f}{ratio:8.2f}")
    return "\n".join(lines)
