"""Knobs that generalise: every recall knob judged on two folds of the dev data.

Each haystack is imported once (through `quire import`'s path, eval/systems.QuireSystem) and then
asked with every variant: a variant sets some retrieval/tuning.py knobs for its questions only.

    LoCoMo   dev conversations, fold A = 1st, 3rd, 5th, fold B = 2nd, 4th (recall@10 over turns);
             `locomo_limit` questions of each conversation, taken at an even stride
    LME-S    LongMemEval_S dev, `lme_limit` questions at an even stride; fold A = even, B = odd:
             turns, official protocol: recall_all@5; sessions (each at the rank of its best turn,
             or by the whole-session signal): recall_any@5 and recall_all@5, beside dense over
             whole sessions (each session's text embedded with the same MiniLM: MemPalace's raw mode)

A knob stays only if turning it off costs both folds (docs/folds.md). `quire eval folds` prints it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from eval import baselines
from eval import metrics as M
from eval.datasets import Task, load_locomo, load_longmemeval
from eval.harness import data_dir
from eval.systems import EmbeddingCache, QuireSystem
from memory.embed import load_embedder
from retrieval import tuning

# name -> the knobs it sets (the base is today's tuning.py)
VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "opening 1.0": {"OPENING_LIFT": 1.0},
    "specific off": {"SPECIFIC_LIFT": 0.0},
    "hub 1.0": {"HUB_MATCH": 1.0},
    "session lift off": {"SESSION_WEIGHT": 0.0},
    "neighbour off": {"NEIGHBOUR_WEIGHT": 0.0},
    "prf off": {"PRF_WEIGHT": 0.0},
    "question off": {"QUESTION_PENALTY": 0.0},
    "asked off": {"ASKED_SHARE": 0.0},
    "whole session 0.3": {"SESSION_WHOLE": 0.3},
    "whole session 0.6": {"SESSION_WHOLE": 0.6},
}


@contextmanager
def knobs(values: dict[str, Any]):
    old = {k: getattr(tuning, k) for k in values}
    try:
        for k, v in values.items():
            setattr(tuning, k, v)
        yield
    finally:
        for k, v in old.items():
            setattr(tuning, k, v)


def _spread(items: Sequence[Any], limit: int | None) -> list[Any]:
    """About `limit` items taken at an even stride (the dev files are grouped by category: the
    first 30 LongMemEval_S questions are all single-session-user)."""
    if not limit or limit >= len(items):
        return list(items)
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def _ask(system: QuireSystem, task: Task, questions: Sequence[Any]) -> dict[str, list[list[str]]]:
    rank = system(task)
    out: dict[str, list[list[str]]] = {}
    for name, values in VARIANTS.items():
        with knobs(values):
            out[name] = [rank(q.text) for q in questions]
    return out


def locomo(path: Path, cache: EmbeddingCache, limit: int | None) -> dict[str, dict[str, float]]:
    tasks = load_locomo(path)
    system = QuireSystem(cache, k=50)  # what `quire eval locomo` asks (the channels' depth follows k)
    folds: dict[str, dict[str, list[float]]] = {v: {"A": [], "B": []} for v in VARIANTS}
    try:
        for n, task in enumerate(tasks):
            questions = _spread(task.questions, limit)
            for name, ranked in _ask(system, task, questions).items():
                folds[name]["AB"[n % 2]] += [
                    M.locomo_recall(r, q.gold, 10) for r, q in zip(ranked, questions, strict=True)
                ]
    finally:
        system.close()
    return {v: {f: round(100 * M.mean(x), 1) for f, x in by.items()} for v, by in folds.items()}


def lme_s(path: Path, cache: EmbeddingCache, limit: int | None) -> dict[str, Any]:
    turns = _spread(load_longmemeval(path, "turn", "official"), limit)
    names = {t.name for t in turns}
    whole = {t.name: t for t in load_longmemeval(path, "session", "official") if t.name in names}
    system = QuireSystem(cache, k=50)
    metrics: dict[str, Callable[[Sequence[str], Sequence[str]], float]] = {
        "turn recall_all@5": lambda r, g: M.recall_all(r, g, 5),
        "session recall_any@5": lambda r, g: M.recall_any(r, g, 5),
        "session recall_all@5": lambda r, g: M.recall_all(r, g, 5),
    }
    folds: dict[str, dict[str, dict[str, list[float]]]] = {
        v: {m: {"A": [], "B": []} for m in metrics} for v in [*VARIANTS, "dense over sessions"]
    }
    try:
        for n, task in enumerate(turns):
            fold = "AB"[n % 2]
            question = task.questions[0]
            session_of = {u.id: u.session or u.id for u in task.units}
            stask = whole.get(task.name)
            session_gold = stask.questions[0].gold if stask else tuple({session_of.get(g, g) for g in question.gold})
            for name, (ranked,) in _ask(system, task, [question]).items():
                by_session = list(dict.fromkeys(session_of.get(t, t) for t in ranked))
                folds[name]["turn recall_all@5"][fold].append(metrics["turn recall_all@5"](ranked, question.gold))
                for m in ("session recall_any@5", "session recall_all@5"):
                    folds[name][m][fold].append(metrics[m](by_session, session_gold))
            if stask:
                dense = baselines.dense_ranker(stask.units, cache)(stask.questions[0].text)
                for m in ("session recall_any@5", "session recall_all@5"):
                    folds["dense over sessions"][m][fold].append(metrics[m](dense, session_gold))
    finally:
        system.close()
    return {
        v: {m: {f: round(100 * M.mean(x), 1) if x else None for f, x in by.items()} for m, by in ms.items()}
        for v, ms in folds.items()
    }


def run(data: Path | None = None, locomo_limit: int | None = 100, lme_limit: int | None = 60) -> dict[str, Any]:
    data = data or data_dir()
    started = time.perf_counter()
    model = load_embedder()
    out: dict[str, Any] = {"limits": {"locomo_per_conversation": locomo_limit, "lme_s_questions": lme_limit}}
    lcache = EmbeddingCache(model, "locomo-dev")
    try:
        out["locomo"] = locomo(data / "locomo-dev.json", lcache, locomo_limit)
    finally:
        lcache.save()
    scache = EmbeddingCache(model, "longmemeval-s-dev")
    try:
        out["lme_s"] = lme_s(data / "longmemeval-s-dev.json.xz", scache, lme_limit)
    finally:
        scache.save()
    out["model"] = model.model_id
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def render(result: dict[str, Any]) -> str:
    lim = result["limits"]
    lines = [
        f"model {result['model']}; LoCoMo dev: {lim['locomo_per_conversation']} questions a conversation; "
        f"LongMemEval_S dev: {lim['lme_s_questions']} questions, at an even stride ({result['seconds']} s)",
        "",
        "variant              LoCoMo R@10 A/B   LME-S turn all@5 A/B   session any@5 A/B   session all@5 A/B",
    ]
    lme = cast(dict[str, Any], result["lme_s"])
    for name in [*VARIANTS, "dense over sessions"]:
        lo = result["locomo"].get(name)
        lo_text = f"{lo['A']:>5}/{lo['B']:<5}" if lo else "    -      "
        ls = lme[name]

        def pair(metric: str, ls: dict[str, Any] = ls) -> str:
            a, b = ls[metric]["A"], ls[metric]["B"]
            return f"{a if a is not None else '-':>5}/{b if b is not None else '-':<5}"

        lines.append(
            f"{name:<20} {lo_text:<17} {pair('turn recall_all@5'):<22} {pair('session recall_any@5'):<19} "
            f"{pair('session recall_all@5')}"
        )
    return "\n".join(lines)


if __name__ == "__main__":  # python -m eval.folds [LOCOMO_LIMIT LME_LIMIT]
    import json
    import sys

    args = [int(a) for a in sys.argv[1:3]]
    res = run(None, *args)
    print(render(res))
    Path("/tmp/quire-folds.json").write_text(json.dumps(res))
