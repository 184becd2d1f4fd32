"""The vector channel: cosine of the query against the cached embedding matrix.

The matrix is `memory.vectors.VectorIndex` (kept in step with the database by `vector_changes`);
embeddings are unit length, so a dot product is the cosine. Past QUANTIZED_FROM rows the whole
index is ranked on its int8 copies first and the best RERANK_FACTOR x limit candidates are then
scored exactly on float32, so the scores handed on are exact cosines and only the order beyond
the candidates is approximate (an int8 cosine is within ~2e-3 of the exact one).
"""

from __future__ import annotations

import numpy as np

from memory.vectors import QUANTIZED_FROM, VectorIndex, top_k

RERANK_FACTOR = 2
RERANK_EXTRA = 64


def _top(index: VectorIndex, sims: np.ndarray, positions: np.ndarray, limit: int) -> list[int]:
    if len(positions) == 0 or limit <= 0:
        return []
    return [int(positions[i]) for i in top_k(sims[positions], index.rowids[positions], limit)]


def search_unfiltered(index: VectorIndex, query: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """(rowid, cosine) best first over every live row."""
    if len(index.rowids) >= QUANTIZED_FROM:
        return _two_pass(index, query, limit)
    sims = index.scores(query)
    if len(sims) == 0:
        return []
    positions = np.flatnonzero(index.alive)
    return [(int(index.rowids[p]), float(sims[p])) for p in _top(index, sims, positions, limit)]


def _two_pass(index: VectorIndex, query: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """int8 first pass over every row, exact float32 re-rank of the best candidates."""
    approx = index.approx_scores(query)
    live = None if index.alive.all() else np.flatnonzero(index.alive)
    if live is not None:
        approx = approx[live]
    want = min(len(approx), limit * RERANK_FACTOR + RERANK_EXTRA)
    if want <= 0:
        return []
    candidates = np.argpartition(-approx, want - 1)[:want] if want < len(approx) else np.arange(len(approx))
    positions = candidates if live is None else live[candidates]
    exact = index.vectors_at(positions) @ np.asarray(query, dtype=np.float32)
    rowids = index.rowids[positions]
    best = np.lexsort((rowids, -exact))[:limit]  # ties: lower rowid first, as in the exact scan
    return [(int(rowids[i]), float(exact[i])) for i in best]


def search_among(index: VectorIndex, query: np.ndarray, rowids: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """(rowid, cosine) best first among `rowids` (a set computed in SQL)."""
    sims = index.scores(query)
    if len(sims) == 0:
        return []
    positions = index.positions_of(np.sort(np.asarray(rowids, dtype=np.int64)))
    return [(int(index.rowids[p]), float(sims[p])) for p in _top(index, sims, positions, limit)]


def vectors_of(index: VectorIndex, rowids: list[int]) -> np.ndarray:
    """The stored vectors of `rowids` that are in the index (for pseudo-relevance feedback)."""
    if not rowids:
        return np.zeros((0, index.dim), dtype=np.float32)
    positions = index.positions_of(np.sort(np.asarray(rowids, dtype=np.int64)))
    return index.vectors_at(positions)
