"""Reference rankers: BM25, dense cosine, and their RRF fusion.

A ranker is `query -> list of every unit id, best first`. A system factory (what
`eval.harness.run` takes) is `Task -> ranker`; `bm25_system` and `dense_system` are ready-made.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
from rank_bm25 import BM25Okapi

from eval.datasets import Task, Unit

__all__ = [
    "Embedder",
    "Ranker",
    "bm25_ranker",
    "bm25_system",
    "dense_ranker",
    "dense_system",
    "rrf_ranker",
    "tokenize",
]

Ranker = Callable[[str], list[str]]

_TOKEN = re.compile(r"[a-z0-9]+")


class Embedder(Protocol):
    """quire's embedder protocol (memory/embed.py): rows L2-normalised, float32, shape (n, d)."""

    def encode(self, texts: list[str]) -> np.ndarray: ...


def tokenize(text: str) -> list[str]:
    """Lowercase `[a-z0-9]+` tokens: the "BM25 lower" of benchmarks.md (the official LongMemEval
    `split(" ")` is case- and punctuation-sensitive and scores 6-12 points lower)."""
    return _TOKEN.findall(text.lower())


def _order(scores: np.ndarray, ids: Sequence[str]) -> list[str]:
    # Stable sort on -score: ties keep haystack order, so runs are deterministic.
    return [ids[i] for i in np.argsort(-scores, kind="stable")]


def bm25_ranker(units: Sequence[Unit]) -> Ranker:
    """BM25Okapi (rank_bm25 defaults: k1=1.5, b=0.75, epsilon=0.25) over `tokenize`."""
    ids = [u.id for u in units]
    if not ids:
        return lambda query: []
    bm25 = BM25Okapi([tokenize(u.text) for u in units])

    def rank(query: str) -> list[str]:
        return _order(np.asarray(bm25.get_scores(tokenize(query)), dtype=float), ids)

    return rank


def dense_ranker(units: Sequence[Unit], embedder: Embedder) -> Ranker:
    """Cosine ranking over all units; the haystack is embedded once, each query on demand."""
    ids = [u.id for u in units]
    if not ids:
        return lambda query: []
    doc_vecs = np.asarray(embedder.encode([u.text for u in units]), dtype=np.float32)

    def rank(query: str) -> list[str]:
        q = np.asarray(embedder.encode([query]), dtype=np.float32)[0]
        # Embeddings are L2-normalised, so the dot product is the cosine.
        return _order(doc_vecs @ q, ids)

    return rank


def rrf_ranker(rankers: Sequence[Ranker], k: int = 60) -> Ranker:
    """Reciprocal rank fusion, score = sum 1 / (k + rank), as in the benchmarks.md RRF baseline."""

    def rank(query: str) -> list[str]:
        scores: dict[str, float] = {}
        for ranker in rankers:
            for r, uid in enumerate(ranker(query), start=1):
                scores[uid] = scores.get(uid, 0.0) + 1.0 / (k + r)
        # sorted() is stable: ties keep the first ranker's order.
        return sorted(scores, key=lambda uid: -scores[uid])

    return rank


def bm25_system(task: Task) -> Ranker:
    """System factory for `eval.harness.run`: BM25 over the task's units."""
    return bm25_ranker(task.units)


def dense_system(embedder: Embedder) -> Callable[[Task], Ranker]:
    """System factory for `eval.harness.run`: cosine over `embedder` embeddings."""
    return lambda task: dense_ranker(task.units, embedder)
