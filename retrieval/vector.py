"""The vector channel: cosine of the query against the cached embedding matrix.

The matrix is `memory.vectors.VectorIndex` (kept in step with the database by `vector_changes`);
embeddings are unit length, so a dot product is the cosine. Past QUANTIZED_FROM rows the whole
index is ranked on its int8 copies first and the best RERANK_FACTOR x limit candidates are then
scored exactly on float32, so the scores handed on are exact cosines and only the order beyond
the candidates is approximate (an int8 cosine is within ~2e-3 of the exact one). Past
tuning.SIGN_BITS_FROM rows even the int8 scan is too slow (384 MB at 1M rows), so a shortlist of
the rows whose sign bits are nearest the query's (Hamming distance, 48 MB at 1M) goes first and
only the shortlist's int8 rows are scored.
"""

from __future__ import annotations

import functools
import os
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from typing import Any

import numpy as np

from memory import onnx_model
from memory.vectors import QUANTIZED_FROM, VectorIndex, exact_cosines
from retrieval import tuning

RERANK_FACTOR = 2
RERANK_EXTRA = 64
# The cores this process may run on, counted once (os.cpu_count() cost ~17 us, twice a recall).
CORES = onnx_model.CORES


def search_unfiltered(index: VectorIndex, query: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """(rowid, cosine) best first over every live row."""
    if len(index.rowids) >= tuning.SIGN_BITS_FROM:
        return _shortlist_pass(index, query, limit)
    if len(index.rowids) >= QUANTIZED_FROM:
        return _two_pass(index, query, limit)
    positions, cosines = index.best(query, limit)
    # tolist: Python ints and floats of the same values, made in C (not one by one in a loop)
    return list(zip(index.rowids[positions].tolist(), cosines.tolist(), strict=True))


def first_cut(index: VectorIndex, depth: int, over: int) -> int:
    """How many rows to rank first of an over-fetch of `over` when `depth` usually do: `depth` where
    the ranking is exact (its first rows are the over-fetch's first rows, so the rest can wait until
    admission needs them), all `over` past QUANTIZED_FROM (the int8 pass re-ranks a number of
    candidates that grows with the limit: its first rows depend on it)."""
    return depth if len(index.rowids) < QUANTIZED_FROM else over


def _two_pass(index: VectorIndex, query: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """int8 first pass over every row, exact float32 re-rank of the best candidates."""
    approx = index.approx_scores(query)
    live = None if index.alive.all() else np.flatnonzero(index.alive)
    if live is not None:
        approx = approx[live]
    return _rerank(index, query, approx, live, limit)


def _rerank(
    index: VectorIndex, query: np.ndarray, approx: np.ndarray, positions: np.ndarray | None, limit: int
) -> list[tuple[int, float]]:
    """Exact float32 cosines of the best RERANK_FACTOR x limit + RERANK_EXTRA rows by `approx`
    (the approximate scores of `positions`, or of every position when None), best first."""
    want = min(len(approx), limit * RERANK_FACTOR + RERANK_EXTRA)
    if want <= 0:
        return []
    candidates = np.argpartition(-approx, want - 1)[:want] if want < len(approx) else np.arange(len(approx))
    positions = candidates if positions is None else positions[candidates]
    exact = exact_cosines(index.vectors_at(positions), query)
    rowids = index.rowids[positions]
    best = np.lexsort((rowids, -exact))[:limit]  # ties: lower rowid first, as in the exact scan
    return [(int(rowids[i]), float(exact[i])) for i in best]


def _shortlist_pass(index: VectorIndex, query: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """Sign-bit shortlist, int8 scores of the shortlist only, exact float32 re-rank of the best;
    the int8 pass over every row when the shortlist does not hold (`shortlist`)."""
    held = shortlist(index, query, limit)
    if held is None:
        return _two_pass(index, query, limit)
    return _rerank(index, query, held[1], held[0], limit)


def shortlist(index: VectorIndex, query: np.ndarray, limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(positions, int8 cosines) of the live rows whose sign bits are nearest the query's, or None
    when the shortlist's own edge says it may have cut off a top row: if the best int8 score among
    its farthest rows (Hamming distance within SIGN_BITS_EDGE of the cut) comes within
    SIGN_BITS_MARGIN of its SIGN_BITS_RANK-th best, similarity has not yet fallen off at the cut, and rows just outside
    could rank too (a query with no clear neighbours)."""
    distance = index.hamming(query)
    distance[~index.alive] = index.dim + 1  # dead rows sort after every live one
    want = max(limit * RERANK_FACTOR + RERANK_EXTRA, int(len(distance) * tuning.SIGN_BITS_SHORTLIST))
    positions = _nearest(distance, want, index.dim)
    positions = positions[index.alive[positions]]
    approx = index.approx_scores_at(positions, query)
    if len(positions) == int(index.alive.sum()):  # nothing was cut off
        return positions, approx
    near = distance[positions]
    rank = min(tuning.SIGN_BITS_RANK, limit, len(approx))
    kth = -np.partition(-approx, rank - 1)[rank - 1]
    edge = near >= int(near.max()) - tuning.SIGN_BITS_EDGE
    if approx[edge].max() + tuning.SIGN_BITS_MARGIN >= kth:
        return None
    return positions, approx


def _nearest(distance: np.ndarray, want: int, dim: int) -> np.ndarray:
    """Positions of at least `want` smallest distances (0..dim + 1), in position order: every
    row up to the distance where the count reaches `want` (ties at that edge kept, so the result
    does not depend on row order); a histogram and one comparison, cheaper than a partition."""
    if want >= len(distance):
        return np.arange(len(distance))
    counts = np.cumsum(np.bincount(distance, minlength=dim + 2))
    edge = int(np.searchsorted(counts, want))
    if counts[edge] > 4 * want:  # a huge tie (many identical codes): cap it, ties then fall arbitrarily
        return np.sort(np.argpartition(distance, want - 1)[:want])
    return np.flatnonzero(distance <= edge)


def search_among(index: VectorIndex, query: np.ndarray, rowids: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """(rowid, cosine) best first among `rowids` (a set computed in SQL)."""
    if len(index.rowids) == 0:
        return []
    positions, cosines = index.best(query, limit, index.positions_of(np.sort(np.asarray(rowids, dtype=np.int64))))
    return list(zip(index.rowids[positions].tolist(), cosines.tolist(), strict=True))


def vectors_of(index: VectorIndex, rowids: list[int]) -> np.ndarray:
    """The stored vectors of `rowids` that are in the index (for pseudo-relevance feedback)."""
    if not rowids:
        return np.zeros((0, index.dim), dtype=np.float32)
    positions = index.positions_of(np.sort(np.asarray(rowids, dtype=np.int64)))
    return index.vectors_at(positions)


def encoding(model: Any, text: str) -> Callable[[], np.ndarray]:
    """`text`'s vector under way: a call that waits for it (once; it raises what the encoder raised).

    The encode runs on a thread of its own, beside the caller's lexical and graph channels (their
    SQL and Python hold the GIL; onnxruntime lets it go), when this encoder's last query took at
    least SOON_ENCODE_S and the machine has a second core; otherwise on the caller, when the vector
    is asked for. The scan of the index is always the caller's (`search_unfiltered`)."""
    if not _soon_pays(model):
        return functools.cache(lambda: _encoded(model, text))
    started = threading.Event()

    def run() -> np.ndarray:
        started.set()
        return _encoded(model, text)

    running: Future[np.ndarray] = _worker().submit(run)
    # Let the worker in first: this thread would otherwise keep the GIL until it waits for the
    # vector (Python hands it over every 5 ms), and the encode would start only then.
    started.wait()
    return running.result


# A query's encode goes to the worker when this encoder's last one took at least this long. The
# model takes ~6 ms a query, outside the GIL: the caller's channels (1-2 ms) run meanwhile. A
# cheaper encoder (a lookup, a test's fake) stays on the caller: a hand-off costs two thread
# wake-ups and the caller waits while the worker holds the GIL; at 10k memories on a 2-core VM a
# warm recall took 4.4 ms with a 0.2 ms encode on the worker and 2.9 ms without (in turns, one process).
SOON_ENCODE_S = 0.001
_encode_took: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


def _encoded(model: Any, text: str) -> np.ndarray:
    """`model.encode([text])[0]`, timed for `_soon_pays`."""
    start = time.perf_counter()
    found: np.ndarray = model.encode([text])[0]
    with suppress(TypeError):  # an encoder that takes no weak reference is never timed
        _encode_took[model] = time.perf_counter() - start
    return found


def _soon_pays(model: Any) -> bool:
    """Whether a query's encode goes to the worker: a second core, and this encoder slow (or never timed)."""
    if CORES < 2:
        return False
    try:
        took = _encode_took.get(model)
    except TypeError:
        took = None
    return took is None or took >= SOON_ENCODE_S


_pool: tuple[int, ThreadPoolExecutor] | None = None
_pool_lock = threading.Lock()


def _worker() -> ThreadPoolExecutor:
    """The process's query-encoding thread (made again in a forked child, whose threads did not come along)."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool[0] != os.getpid():
            _pool = (os.getpid(), ThreadPoolExecutor(max_workers=2, thread_name_prefix="quire-vector"))
        return _pool[1]
