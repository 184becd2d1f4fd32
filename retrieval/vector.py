"""The vector channel: exact cosine of the query against the cached embedding matrix.

The matrix is `memory.vectors.VectorIndex` (kept in step with the database by `vector_changes`);
embeddings are unit length, so a dot product is the cosine.
"""

from __future__ import annotations

import numpy as np

from memory.vectors import VectorIndex


def _top(sims: np.ndarray, positions: np.ndarray, limit: int) -> list[int]:
    if len(positions) == 0 or limit <= 0:
        return []
    sub = sims[positions]
    k = min(limit, len(positions))
    top = np.argpartition(-sub, k - 1)[:k]
    top = top[np.lexsort((positions[top], -sub[top]))]  # ties: lower rowid position first
    return [int(positions[i]) for i in top]


def search_unfiltered(index: VectorIndex, query: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """(rowid, cosine) best first over every live row."""
    sims = index.scores(query)
    if len(sims) == 0:
        return []
    positions = np.flatnonzero(index.alive)
    return [(int(index.rowids[p]), float(sims[p])) for p in _top(sims, positions, limit)]


def search_among(index: VectorIndex, query: np.ndarray, rowids: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """(rowid, cosine) best first among `rowids` (a set computed in SQL)."""
    sims = index.scores(query)
    if len(sims) == 0:
        return []
    positions = index.positions_of(np.sort(np.asarray(rowids, dtype=np.int64)))
    return [(int(index.rowids[p]), float(sims[p])) for p in _top(sims, positions, limit)]


def vectors_of(index: VectorIndex, rowids: list[int]) -> np.ndarray:
    """The stored vectors of `rowids` that are in the index (for pseudo-relevance feedback)."""
    if not rowids:
        return np.zeros((0, index.dim), dtype=np.float32)
    positions = index.positions_of(np.sort(np.asarray(rowids, dtype=np.int64)))
    found: np.ndarray = index.matrix[positions]
    return found
