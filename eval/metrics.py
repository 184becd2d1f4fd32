"""Per-question retrieval metrics: pure functions of (ranked ids, gold ids).

`ranked` is the system's ranking, best first (ids are assumed unique); `gold` the relevant ids.
Each function says which paper or code it reproduces, including its edge-case quirks, because
those quirks move published numbers by points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = [
    "fractional_recall",
    "locomo_recall",
    "mean",
    "mrr",
    "ndcg_any",
    "ndcg_standard",
    "ndcg_wenlan",
    "recall_all",
    "recall_any",
]


def locomo_recall(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    """LoCoMo `recall_acc` (snap-research/LoCoMo task_eval/evaluation.py).

    Fraction of evidence entries found in the top k, counted over the evidence *list* (a
    duplicated entry counts twice, as upstream). Empty evidence scores 1.0. Malformed evidence
    strings match nothing and count as misses.
    """
    if not gold:
        return 1.0
    top = set(ranked[:k])
    return sum(g in top for g in gold) / len(gold)


def recall_any(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """LongMemEval `recall_any@k` (src/retrieval/eval_utils.py): 1 if any gold id is in the top k.

    Empty gold -> 0.0 (Python `any([])`).
    """
    top = set(ranked[:k])
    return float(any(g in top for g in gold))


def recall_all(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """LongMemEval `recall_all@k`, the paper's "Recall@k": 1 if every gold id is in the top k.

    Empty gold -> 1.0 (Python `all([])`), as upstream; the official filter drops such questions.
    """
    top = set(ranked[:k])
    return float(all(g in top for g in gold))


def _dcg_any(rels: Sequence[float]) -> float:
    # LongMemEval's DCG: rel_1 + sum_{i>=2} rel_i / log2(i), i.e. ranks 1 and 2 weigh the same.
    return sum(r if i == 1 else r / math.log2(i) for i, r in enumerate(rels, start=1))


def ndcg_any(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """LongMemEval `ndcg_any@k` (src/retrieval/eval_utils.py `ndcg`).

    Binary gains, DCG = rel_1 + sum_{i>=2} rel_i / log2(i); the ideal ranks all gold ids first
    (assumes every gold id is in the corpus, true for LongMemEval). Empty gold -> 0.0.
    """
    gold_set = set(gold)
    ideal = _dcg_any([1.0] * min(k, len(gold_set)))
    if ideal == 0:
        return 0.0
    return _dcg_any([1.0 if r in gold_set else 0.0 for r in ranked[:k]]) / ideal


def fractional_recall(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """Wenlan `recall_at_k` (7xuanlu/wenlan eval/metrics.rs): |gold ∩ top k| / |gold|, as sets.

    Empty gold -> 0.0 (unlike `locomo_recall`, which gives 1.0).
    """
    gold_set = set(gold)
    if not gold_set:
        return 0.0
    return len(gold_set.intersection(ranked[:k])) / len(gold_set)


def mrr(ranked: Sequence[str], gold: Iterable[str], k: int = 10) -> float:
    """Reciprocal rank of the first gold id within the top k, else 0.

    Wenlan's MRR (eval/metrics.rs `mrr`) runs over its 10 returned results, hence k=10.
    """
    gold_set = set(gold)
    for i, r in enumerate(ranked[:k], start=1):
        if r in gold_set:
            return 1.0 / i
    return 0.0


def _dcg_std(rels: Sequence[float]) -> float:
    # Binary-gain form of (2^rel - 1) / log2(i + 1), ranks from 1.
    return sum(r / math.log2(i + 1) for i, r in enumerate(rels, start=1))


def ndcg_wenlan(ranked: Sequence[str], gold: Iterable[str], k: int, depth: int = 10) -> float:
    """Wenlan NDCG@k (eval/longmemeval.rs + metrics.rs `ndcg_at_k`): non-standard.

    Wenlan grades only the `depth` results its search returned (10) and builds the ideal DCG
    from those grades, so gold ids that were never retrieved do not lower the score: it is an
    upper bound on `ndcg_standard`. Gains are binary, discount log2(i + 1). No relevant id in the
    retrieved list -> 0.0.
    """
    gold_set = set(gold)
    retrieved = ranked[: max(depth, k)]
    grades = [1.0 if r in gold_set else 0.0 for r in retrieved]
    ideal = _dcg_std(sorted(grades, reverse=True)[:k])
    if ideal == 0:
        return 0.0
    return _dcg_std(grades[:k]) / ideal


def ndcg_standard(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """Standard binary NDCG@k (Järvelin & Kekäläinen; trec_eval): discount log2(i + 1), ideal from
    all gold ids, so a missed gold id lowers the score. Empty gold -> 0.0.
    """
    gold_set = set(gold)
    ideal = _dcg_std([1.0] * min(k, len(gold_set)))
    if ideal == 0:
        return 0.0
    return _dcg_std([1.0 if r in gold_set else 0.0 for r in ranked[:k]]) / ideal


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean; 0.0 for no values (an empty category, not an error)."""
    values = list(values)
    return sum(values) / len(values) if values else 0.0
