"""Run retrieval systems over benchmark tasks and report metrics.

    python -m eval.harness locomo --systems bm25,dense
    python -m eval.harness lme-oracle --protocol wenlan --json out.json

A system is a factory `Task -> (query -> ranked unit ids)`, built once per task (one haystack),
then queried with every question of that task.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from eval import baselines as B
from eval import metrics as M
from eval.datasets import LOCOMO_CATEGORIES, Task, load_locomo, load_longmemeval
from memory.embed import load_embedder

__all__ = [
    "LME_OFFICIAL",
    "LME_WENLAN",
    "LOCOMO",
    "LOCOMO_SESSION",
    "Metric",
    "SystemFactory",
    "format_table",
    "main",
    "run",
]

SystemFactory = Callable[[Task], Callable[[str], list[str]]]


@dataclass(frozen=True)
class Metric:
    """A named per-question metric `fn(ranked, gold) -> float` and how to report its mean."""

    name: str
    fn: Callable[[Sequence[str], Sequence[str]], float]
    percent: bool = True  # report mean * 100
    decimals: int = 1


# Official LoCoMo recall accuracy at the paper's k (Table 3), in percent.
LOCOMO = tuple(Metric(f"recall@{k}", partial(M.locomo_recall, k=k)) for k in (5, 10, 25, 50))

# LoCoMo at session granularity: the share of evidence sessions among the top k sessions.
LOCOMO_SESSION = tuple(Metric(f"recall@{k}", partial(M.locomo_recall, k=k)) for k in (1, 3, 5, 10))

# What LongMemEval's print_retrieval_metrics.py prints, in percent.
LME_OFFICIAL = (
    Metric("recall_all@5", partial(M.recall_all, k=5)),
    Metric("recall_all@10", partial(M.recall_all, k=10)),
    Metric("ndcg_any@5", partial(M.ndcg_any, k=5)),
    Metric("ndcg_any@10", partial(M.ndcg_any, k=10)),
)

# Wenlan's README triple plus the standard NDCG next to it (benchmarks.md §4.3).
LME_WENLAN = (
    Metric("recall@5", partial(M.fractional_recall, k=5)),
    Metric("mrr@10", partial(M.mrr, k=10), percent=False, decimals=3),
    Metric("ndcg@10", partial(M.ndcg_wenlan, k=10), percent=False, decimals=3),
    Metric("ndcg_std@10", partial(M.ndcg_standard, k=10), percent=False, decimals=3),
)

# Report order: LoCoMo paper column order, then LongMemEval types; unknown ones after.
_CATEGORY_ORDER = [LOCOMO_CATEGORIES[c] for c in (4, 1, 2, 3, 5)] + [
    "single-session-user",
    "single-session-assistant",
    "single-session-preference",
    "knowledge-update",
    "temporal-reasoning",
    "multi-session",
]


def _truncate(tasks: Sequence[Task], limit: int | None) -> list[Task]:
    """Keep tasks in order until `limit` questions in total; the last task may be cut short."""
    if limit is None:
        return list(tasks)
    out, left = [], limit
    for task in tasks:
        if left <= 0:
            break
        if len(task.questions) > left:
            task = replace(task, questions=task.questions[:left])
        out.append(task)
        left -= len(task.questions)
    return out


def _summary(metric: Metric, values: Sequence[float]) -> float:
    value = M.mean(values) * (100.0 if metric.percent else 1.0)
    return round(value, metric.decimals)


def run(
    tasks: Sequence[Task],
    systems: Mapping[str, SystemFactory],
    metrics_spec: Sequence[Metric],
    limit: int | None = None,
    progress: bool = True,
    keep_scores: bool = False,
) -> dict:
    """Score every system on every question and average.

    Returns {"questions": N, "systems": {name: {metric: value}},
    "per_category": {name: {category: {metric: value}}}, "categories": {category: n},
    "metrics": {metric: {"percent", "decimals"}}, "seconds": {name: build+query time}}.
    Values are means, x100 when the metric is a percentage, rounded to its decimals.
    With keep_scores, "scores": {name: {metric: [per-question value]}} and "question_ids" are
    added (unrounded fractions, for paired comparisons).
    """
    tasks = _truncate(tasks, limit)
    scores, seconds, categories, question_ids = _score_all(tasks, systems, metrics_spec, progress)
    present = set(categories)
    order = [c for c in _CATEGORY_ORDER if c in present]
    order += [c for c in dict.fromkeys(categories) if c not in order]
    report = {
        "questions": len(categories),
        "systems": {name: {m.name: _summary(m, scores[name][m.name]) for m in metrics_spec} for name in systems},
        "per_category": {
            name: {
                cat: {
                    m.name: _summary(m, [v for v, c in zip(scores[name][m.name], categories, strict=True) if c == cat])
                    for m in metrics_spec
                }
                for cat in order
            }
            for name in systems
        },
        "categories": {cat: categories.count(cat) for cat in order},
        "metrics": {m.name: {"percent": m.percent, "decimals": m.decimals} for m in metrics_spec},
        "seconds": {name: round(s, 2) for name, s in seconds.items()},
    }
    if keep_scores:
        report["scores"] = scores
        report["question_ids"] = question_ids
    return report


def _score_all(
    tasks: Sequence[Task], systems: Mapping[str, SystemFactory], metrics_spec: Sequence[Metric], progress: bool
) -> tuple[dict[str, dict[str, list[float]]], dict[str, float], list[str], list[str]]:
    """Every system on every question: per system and metric the per-question values, per system
    the build and query time, and each question's category and id (in the same order)."""
    scores: dict[str, dict[str, list[float]]] = {name: {m.name: [] for m in metrics_spec} for name in systems}
    seconds = {name: 0.0 for name in systems}
    categories: list[str] = []
    question_ids: list[str] = []
    width = len(str(len(tasks)))
    for i, task in enumerate(tasks, start=1):
        if progress:
            print(f"\r[{i:>{width}}/{len(tasks)}] {task.name:<40}", end="", file=sys.stderr, flush=True)
        for name, factory in systems.items():
            start = time.perf_counter()
            ranker = factory(task)
            for q in task.questions:
                ranked = ranker(q.text)
                for m in metrics_spec:
                    scores[name][m.name].append(m.fn(ranked, q.gold))
            seconds[name] += time.perf_counter() - start
        categories.extend(q.category for q in task.questions)
        question_ids.extend(q.id for q in task.questions)
    if progress and tasks:
        print(file=sys.stderr)
    return scores, seconds, categories, question_ids


def _grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Plain-text table: first column left-aligned, the rest right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    return "\n".join([line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)])


def format_table(report: dict, per_category: bool = True) -> str:
    """Systems side by side (one column each), then one per-category block per metric."""
    names = list(report["systems"])
    fmt_spec = report.get("metrics", {})
    metric_names = list(next(iter(report["systems"].values()), {}))

    def cell(metric: str, value: float) -> str:
        return f"{value:.{fmt_spec.get(metric, {}).get('decimals', 3)}f}"

    parts = [f"questions: {report['questions']}"]
    parts.append(
        _grid(
            ["metric", *names],
            [[m, *(cell(m, report["systems"][n][m]) for n in names)] for m in metric_names],
        )
    )
    cats = report.get("categories", {})
    if per_category and len(cats) > 1:
        for m in metric_names:
            rows = [
                [f"{cat} ({n})", *(cell(m, report["per_category"][s][cat][m]) for s in names)]
                for cat, n in cats.items()
            ]
            parts.append(_grid([m, *names], rows))
    return "\n\n".join(parts)


# --------------------------------------------------------------------------- CLI


def data_dir() -> Path:
    """QUIRE_EVAL_DATA, else the dev split in ../shared/data beside the repository."""
    return Path(os.environ.get("QUIRE_EVAL_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


_DATA = data_dir()
_FILES = {
    "locomo": "locomo-dev.json",
    "lme-oracle": "longmemeval-oracle-dev.json",
    "lme-s": "longmemeval-s-dev.json.xz",
}


def _latest(factory: SystemFactory) -> SystemFactory:
    """Reuse the ranker built for the current task, so rrf does not re-embed what dense did."""
    memo: dict[str, Callable[[str], list[str]]] = {}

    def build(task: Task) -> Callable[[str], list[str]]:
        if task.name not in memo:
            memo.clear()  # keep one task's index at a time
            memo[task.name] = factory(task)
        return memo[task.name]

    return build


def _systems(spec: str) -> dict[str, SystemFactory]:
    # Heavy imports (the embedding model) happen only when a dense system is asked for.

    wanted = [s.strip() for s in spec.split(",") if s.strip()]
    known = ("bm25", "dense", "rrf")
    unknown = [s for s in wanted if s not in known]
    if unknown:
        raise SystemExit(f"unknown system(s): {', '.join(unknown)}; choose from {', '.join(known)}")
    bm25 = _latest(B.bm25_system)
    table: dict[str, SystemFactory] = {"bm25": bm25}
    if {"dense", "rrf"} & set(wanted):
        dense = _latest(B.dense_system(load_embedder()))
        table["dense"] = dense
        table["rrf"] = lambda t: B.rrf_ranker([bm25(t), dense(t)])
    return {s: table[s] for s in wanted}


def main(argv: Sequence[str] | None = None) -> int:
    """CLI: load a dev set, run the chosen baselines, print the table (and optionally JSON)."""
    p = argparse.ArgumentParser(prog="python -m eval.harness", description=__doc__.split("\n")[0])
    p.add_argument("dataset", choices=sorted(_FILES))
    p.add_argument("--data", type=Path, help=f"data file (default: {_DATA}/<dataset file>)")
    p.add_argument("--systems", default="bm25", help="comma list of bm25, dense, rrf")
    p.add_argument("--granularity", choices=["turn", "session"], default="turn")
    p.add_argument("--protocol", choices=["official", "wenlan"], default="official")
    p.add_argument("--limit", type=int, help="max questions in total")
    p.add_argument("--json", type=Path, help="also write the report here")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)

    path = args.data or _DATA / _FILES[args.dataset]
    if args.dataset == "locomo":
        tasks, spec = load_locomo(path), LOCOMO
    else:
        tasks = load_longmemeval(path, args.granularity, args.protocol)
        spec = LME_WENLAN if args.protocol == "wenlan" else LME_OFFICIAL
    report = run(tasks, _systems(args.systems), spec, limit=args.limit, progress=not args.quiet)
    print(format_table(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
