"""Calibrate recall's floor: own questions against foreign ones.

Each LoCoMo dev conversation's home is asked its own questions and the questions of the next
conversation (foreign: nothing there answers them; their names are of other people). For each
question the best evidence recall saw (retrieval.recall._evidence: the best cosine of its kind)
is kept; the curve says, for each floor, how many own questions come back empty and how many
foreign ones are flagged. The chosen point: the highest floor with at most 2% of own questions
empty (retrieval/tuning.FLOOR), for each kind.

`quire eval floor` prints it (QUIRE_EMBEDDER picks the model; unset: the real one).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eval.datasets import load_locomo, load_longmemeval
from eval.harness import data_dir
from eval.systems import EmbeddingCache, QuireSystem
from memory.embed import load_embedder
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES

OWN_EMPTY_MAX = 0.02
KINDS = {
    "threaded": "locomo-dev.json",
    "alone": "longmemeval-oracle-dev.json",
    "unworded": "longmemeval-oracle-dev.json",
    "weak": "longmemeval-oracle-dev.json",
}
# A question whose memories stand alone is judged by one of three floors: "unworded" when no memory
# in scope holds any of its words, "weak" when none holds half of them, else "alone"
# (retrieval.recall._evidence); each curve has its own.
_ALONE = frozenset(["alone", "unworded", "weak"])


def _tasks(kind: str, path: Path, limit: int | None) -> list[Any]:
    if kind == "threaded":  # as a person's chat export holds them, not the protocol's "<speaker> said, ..."
        return load_locomo(path, as_chat=True)
    return load_longmemeval(path, "turn", "official")[:limit]


def signals(kind: str, path: Path | None = None, limit: int | None = None) -> dict[str, Any]:
    """The best cosine of `kind` for every own and foreign question (of alone, unworded and weak, the
    questions the other kind judges are left out).

    threaded: each LoCoMo dev conversation asked its own questions (the first `limit`) and the next
    conversation's. alone: each LongMemEval oracle dev haystack (the first `limit`) asked its own
    question and the next haystack's (evidence sessions only, so nothing there answers it)."""
    path = path or data_dir() / KINDS[kind]
    tasks = _tasks(kind, path, limit)
    cache = EmbeddingCache(load_embedder(), path.name.split(".")[0])
    system = QuireSystem(cache, k=10)
    own: list[float] = []
    foreign: list[float] = []
    started = time.perf_counter()
    per_task = limit if kind == "threaded" else None
    try:
        for n, task in enumerate(tasks):
            system(task)
            session = system._session
            other = tasks[(n + 1) % len(tasks)]
            for questions, out in ((task.questions, own), (other.questions, foreign)):
                for q in questions[:per_task]:
                    found = search(session, q.text, scope=ALL_SPACES, k=1, touch=False, no_floor=True)
                    others = _ALONE - {kind} if kind in _ALONE else frozenset()
                    if kind in found.evidence or not others & found.evidence.keys():
                        # No floor at all (a time cue alone, or a question about the person that a
                        # memory states, under the floor in use: `recall._floor`): none would flag it.
                        unfloored = found.floor is None and bool(found.evidence)
                        out.append(1.0 if unfloored else found.evidence.get(kind, -1.0))
    finally:
        system.close()
        cache.save()
    return {"own": own, "foreign": foreign, "model": cache.model_id, "seconds": round(time.perf_counter() - started, 1)}


def curve(own: Sequence[float], foreign: Sequence[float], step: float = 0.01) -> list[dict]:
    """For floors at every step: the share of own questions left empty and of foreign ones flagged
    (none when either is empty: 120 LongMemEval haystacks give no foreign question "alone" now that
    the weak ones are judged apart)."""
    if not own or not foreign:
        return []
    a, b = sorted(own), sorted(foreign)
    out = []
    n = int(max(min(a[0], b[0]), -0.1) / step)  # (-1: no evidence at all, `recall._unstated`: below any floor)
    while n * step <= max(a[-1], b[-1]) + step:
        floor = round(n * step, 2)
        out.append(
            {
                "floor": floor,
                "own_empty": round(100 * sum(x < floor for x in a) / len(a), 1),
                "foreign_flagged": round(100 * sum(x < floor for x in b) / len(b), 1),
            }
        )
        n += 1
    return out


def choose(points: list[dict]) -> dict | None:
    ok = [p for p in points if p["own_empty"] <= 100 * OWN_EMPTY_MAX]
    return max(ok, key=lambda p: p["floor"]) if ok else None


def run(data: Path | None = None, limit: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kinds": {}}
    for kind, name in KINDS.items():
        found = signals(kind, (data / name) if data else None, limit)
        points = curve(found["own"], found["foreign"])
        out["model"] = found["model"]
        out["kinds"][kind] = {
            "data": name,
            "own_questions": len(found["own"]),
            "foreign_questions": len(found["foreign"]),
            "seconds": found["seconds"],
            "chosen": choose(points),
            "in_use": (tuning.FLOOR.get(found["model"]) or {}).get(kind),
            "curve": points,
        }
    return out


def render(result: dict[str, Any]) -> str:
    lines = [
        f"model {result['model']}; the floor: the highest with at most {100 * OWN_EMPTY_MAX:.0f}% of own "
        "questions empty"
    ]
    for kind, entry in result["kinds"].items():
        c = entry["chosen"]
        lines += [
            "",
            f"{kind} ({entry['data']}: {entry['own_questions']} own, {entry['foreign_questions']} foreign questions)",
            f"  chosen {c['floor']}: own empty {c['own_empty']}%, foreign flagged {c['foreign_flagged']}%"
            if c
            else "  chosen: none",
            f"  in use: {entry['in_use']}",
            "  floor  own empty %  foreign flagged %",
        ]
        points = [p for p in entry["curve"] if p["foreign_flagged"] > 0 and p["own_empty"] < 60]
        for p in points[:: max(1, len(points) // 20)]:
            lines.append(f"  {p['floor']:>5}  {p['own_empty']:>11}  {p['foreign_flagged']:>17}")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m eval.floor [LIMIT]
    import sys

    print(render(run(limit=int(sys.argv[1]) if len(sys.argv) > 1 else None)))
