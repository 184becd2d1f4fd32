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

import ctypes
import functools
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from memory import onnx_model
from memory.vectors import QUANTIZED_FROM, VectorIndex, top_k
from retrieval import tuning

RERANK_FACTOR = 2
RERANK_EXTRA = 64
# The vector channel of an index of at least this many rows runs on a thread of its own (`soon`).
SOON_FROM = 2048
# The cores this process may run on, counted once (os.cpu_count() cost ~17 us, twice a recall).
CORES = onnx_model.CORES


def _top(index: VectorIndex, sims: np.ndarray, positions: np.ndarray, limit: int) -> list[int]:
    if len(positions) == 0 or limit <= 0:
        return []
    return [int(positions[i]) for i in top_k(sims[positions], index.rowids[positions], limit)]


def search_unfiltered(
    index: VectorIndex, query: np.ndarray, limit: int, sims: np.ndarray | None = None
) -> list[tuple[int, float]]:
    """(rowid, cosine) best first over every live row (`sims`: `index.scores(query)`, when made already)."""
    if len(index.rowids) >= tuning.SIGN_BITS_FROM:
        return _shortlist_pass(index, query, limit)
    if len(index.rowids) >= QUANTIZED_FROM:
        return _two_pass(index, query, limit)
    sims = index.scores(query) if sims is None else sims
    if len(sims) == 0:
        return []
    if index.alive.all():  # every row: rank them in place (no copy of the scores through a position list)
        best = top_k(sims, index.rowids, limit)
        # tolist: Python ints and floats of the same values, made in C (not one by one in a loop)
        return list(zip(index.rowids[best].tolist(), sims[best].tolist(), strict=True))
    positions = np.flatnonzero(index.alive)
    return [(int(index.rowids[p]), float(sims[p])) for p in _top(index, sims, positions, limit)]


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
    exact = index.vectors_at(positions) @ np.asarray(query, dtype=np.float32)
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


def soon(
    index: VectorIndex, encode: Callable[[], np.ndarray], limit: int
) -> Callable[[], tuple[np.ndarray, list[tuple[int, float]]]]:
    """`encode()` and `search_unfiltered` of what it gives, on a thread of their own where the machine
    has a second core and the index is worth it (SOON_FROM rows): the caller runs the lexical and
    graph channels meanwhile (their SQL and Python hold the GIL; the encoder's and BLAS's runs let
    it go), and the scan, which streams every row through its core's caches, leaves the caller's
    own caches warm. Returns a call that waits for (query vector, candidates) and raises what they
    raised; a caller that gets there while the float32 scan is under way takes its chunks from the
    end (`_Split`). The index must not change until then (the caller caught it up and holds it)."""

    started, ready = threading.Event(), threading.Event()
    shared: list[_Split] = []

    def both(alone: bool = False) -> tuple[np.ndarray, list[tuple[int, float]]]:
        started.set()
        try:
            query = encode()
            block = index.block() if len(index.rowids) < QUANTIZED_FROM and not alone else None
            if block is None or not _split_exact(block, query):
                return query, search_unfiltered(index, query, limit)
            split = _Split(block, query)
            shared.append(split)
            ready.set()
            split.work(front=True)
            return query, search_unfiltered(index, query, limit, sims=split.wait())
        finally:
            ready.set()

    if not soon_pays(index):
        done = both(alone=True)
        return lambda: done
    running: Future[tuple[np.ndarray, list[tuple[int, float]]]] = _worker().submit(both)
    # Let the worker in first: this thread would otherwise keep the GIL until it waits for the
    # answer (Python hands it over every 5 ms), and the worker would start only then. Once under
    # way it lets the GIL go in the encoder's run and in BLAS, where the two threads overlap.
    started.wait()

    def answer() -> tuple[np.ndarray, list[tuple[int, float]]]:
        ready.wait()
        if shared:
            with blas_threads(1):
                shared[0].work(front=False)
        return running.result()

    return answer


# Rows a chunk of a split scan: a multiple of every row block a BLAS kernel takes at once, so each
# row's dot is made as in one call over the whole block (`_split_exact` checks it once a process).
SPLIT_ROWS = 1024


class _Split:
    """One query's float32 scan of a block in chunks of SPLIT_ROWS: the worker takes them from the
    front, the caller (once its own channels are done) from the back, each on one BLAS thread. No
    thread spins waiting for a core (OpenBLAS's own threads did, 10 ms for a 0.6 ms scan on a busy
    machine), and the caller's core does not sit idle while the worker scans alone."""

    def __init__(self, block: np.ndarray, query: np.ndarray) -> None:
        self.block, self.query = block, np.asarray(query, dtype=np.float32)
        self.sims = np.empty(len(block), dtype=np.float32)
        self.front, self.back = 0, -(-len(block) // SPLIT_ROWS)  # chunks not yet taken: [front, back)
        self.running = 0
        self.lock = threading.Condition()

    def work(self, *, front: bool) -> None:
        """Score chunks from one end until none is left."""
        while (chunk := self._take(front)) is not None:
            lo = chunk * SPLIT_ROWS
            try:
                np.matmul(self.block[lo : lo + SPLIT_ROWS], self.query, out=self.sims[lo : lo + SPLIT_ROWS])
            finally:  # a chunk that raised is still counted out: the other thread must not wait for it forever
                with self.lock:
                    self.running -= 1
                    self.lock.notify_all()

    def _take(self, front: bool) -> int | None:
        with self.lock:
            if self.front >= self.back:
                return None
            self.running += 1
            if front:
                self.front += 1
                return self.front - 1
            self.back -= 1
            return self.back

    def wait(self) -> np.ndarray:
        """Every chunk's scores, once the chunks the caller took are done too."""
        with self.lock:
            self.lock.wait_for(lambda: self.running == 0)
        return self.sims


_split_checked: dict[str, bool] = {}


def _split_exact(block: np.ndarray, query: np.ndarray) -> bool:
    """Whether scores made chunk by chunk are this BLAS's scores of the block in one call, to the bit:
    asked once a process (the answer stands for every block: the kernel is the process's)."""
    known = _split_checked.get("exact")
    if known is None:
        query = np.asarray(query, dtype=np.float32)
        rows = block[: min(len(block), 3 * SPLIT_ROWS + 5)]
        split = _Split(rows, query)
        split.work(front=True)
        known = _split_checked["exact"] = bool((split.wait() == rows @ query).all())
    return known


def soon_pays(index: VectorIndex) -> bool:
    """Whether `soon` runs on a thread of its own for `index` (SOON_FROM rows, a second core)."""
    return len(index.rowids) >= SOON_FROM and CORES >= 2


_pool: tuple[int, ThreadPoolExecutor] | None = None
_pool_lock = threading.Lock()


def _worker() -> ThreadPoolExecutor:
    """The process's vector-channel threads (made again in a forked child, whose threads did not come along)."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool[0] != os.getpid():
            pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="quire-vector", initializer=one_blas_thread)
            _pool = (os.getpid(), pool)
        return _pool[1]


# OpenBLAS's count of threads for the calling thread alone (OpenBLAS 0.3.27+; numpy's wheels ship it,
# under these names). Its rows are split between threads whole, so one thread gives the same bits.
_LOCAL_THREADS = ("openblas_set_num_threads_local", "openblas_set_num_threads_local64_")


@contextmanager
def blas_threads(count: int) -> Iterator[None]:
    """This thread's BLAS calls on at most `count` threads meanwhile (as it was, after)."""
    setter = _local_threads()
    before = setter(count) if setter is not None else None
    try:
        yield
    finally:
        if setter is not None and before is not None:
            setter(before)


def one_blas_thread() -> bool:
    """Run this thread's BLAS calls on this thread alone; whether the BLAS could be told.

    The vector channel's worker runs while the caller's thread works on the other core: a scan
    spread over both cores by OpenBLAS took the caller's core for its whole length (the caller
    waited 2 ms for a 0.6 ms scan at 10k rows), and on a busy machine its threads spinning for a
    core made a 0.6 ms scan 10 ms. With numpy on another BLAS (MKL, Accelerate) nothing changes."""
    setter = _local_threads()
    if setter is None:
        return False
    setter(1)
    return True


@functools.cache
def _local_threads() -> Any:
    """OpenBLAS's per-thread setter (returns the count before), found once; None without one."""
    for library in _openblas_files():
        try:
            found = ctypes.CDLL(str(library))
        except OSError:
            continue
        for name in _LOCAL_THREADS:
            setter = getattr(found, name, None)
            if setter is not None:
                setter.argtypes, setter.restype = [ctypes.c_int], ctypes.c_int
                return setter
    return None


def _openblas_files() -> list[Path]:
    """The OpenBLAS numpy loaded: its wheels keep it beside the package (numpy.libs, or .dylibs)."""
    root = Path(np.__file__).parent
    return sorted([*root.parent.glob("numpy.libs/*openblas*"), *root.glob(".dylibs/*openblas*")], key=lambda p: p.name)
