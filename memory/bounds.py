"""Prefix bounds: a proved upper bound on a row's cosine with a query from a few numbers a row, so a
batch's near-duplicate scan reads int8 dots and exact cosines only where the bound reaches the floor.

The rows' principal directions (of their second moment, on a sample) hold most of a row's length in
the first DIMS (real chat turns: 85% at 48 of 384). Each row keeps its DIMS coordinates along them
and the length of the rest (its tail); for orthonormal directions P, x.q = (Px).(Pq) + (x - Px).(q -
Pq) <= (Px).(Pq) + |x - Px| |q - Pq| (Cauchy-Schwarz), which is one product of DIMS + 1 columns: an
eighth of the 384. On a templated import a memory's best neighbour sits near 0.95-1.0 and the other
rows' bounds fall below it (2-5 rows a memory reach it, of the 8,000 its cells hold). The bound holds
for any orthonormal directions, so the sample decides how much it prunes, never what a scan finds.
The cells (memory/cells.py) keep each row's coordinates beside its int8 copy; below them an index
keeps every row's in position order (`Placed`), derived and in memory only like the cells: fitted
from FIT_FROM rows, fitted again as the index grows, dropped whenever rows move (`VectorIndex`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

DIMS = 48  # coordinates a row keeps (and its tail's length): 196 bytes a row, 20 MB at 100k rows
# What the float32 bound may be off by, beside the true one (~1e-5: 49 float32 products of
# rounded coordinates), and what a scan's computed cosines may be above the true ones (an
# exact_cosines sum, 4.6e-5; an int8 cosine less its slack is below it by construction): a pair is
# passed over only when its bound is this far under the floor.
MARGIN = np.float32(3e-4)


def directions(sample: np.ndarray) -> np.ndarray:
    """The DIMS principal directions of a sample's second moment (dim x DIMS, orthonormal columns,
    float64), largest first."""
    sample = np.asarray(sample, dtype=np.float32)
    # The moment in float32 (a quarter of the time): the directions need only be orthonormal for
    # the bound to hold, which eigh gives them whatever the moment's rounding.
    _, vectors = np.linalg.eigh((sample.T @ sample).astype(np.float64))  # ascending: the largest last
    found: np.ndarray = np.ascontiguousarray(vectors[:, ::-1][:, : min(DIMS, sample.shape[1])])
    return found


def project(vectors: np.ndarray, along: np.ndarray) -> np.ndarray:
    """Each vector's coordinates `along` the directions, then its tail's length: float64
    arithmetic (the tail from the squared lengths, exact to ~1e-8 there), stored float32; PIECE
    rows at a time, so the float64 copies stay ~3 MB whatever the rows."""
    vectors = np.atleast_2d(vectors)
    out = np.empty((len(vectors), along.shape[1] + 1), dtype=np.float32)
    for lo in range(0, len(vectors), PIECE):
        v = np.asarray(vectors[lo : lo + PIECE], dtype=np.float64)
        head = v @ along
        squared = np.einsum("ij,ij->i", v, v) - np.einsum("ij,ij->i", head, head)
        out[lo : lo + len(v), :-1] = head
        out[lo : lo + len(v), -1] = np.sqrt(np.maximum(squared, 0.0)) + 1e-7
    return out


def projected(positions: np.ndarray, rows: Callable[[np.ndarray], np.ndarray], along: np.ndarray) -> np.ndarray:
    """`project` of the rows at `positions` (read through `rows`), a row a column, PIECE rows read
    at a time: a big extend never holds its float32 rows whole (8,192 rows: 12 MB)."""
    out = np.empty((along.shape[1] + 1, len(positions)), dtype=np.float32)
    for lo in range(0, len(positions), PIECE):
        out[:, lo : lo + PIECE] = project(rows(positions[lo : lo + PIECE]), along).T
    return out


PIECE = 1024  # rows projected at a time: 3 MB of float64 (8,192 had held 25 MB each time)
FIT_FROM = 2048  # rows from which a batch's scan of every row reads prefix bounds (`Placed`)
REFIT = 4  # the directions are fitted again when the index has grown this many times since
SAMPLE = 4096  # rows they are fitted on
SEED = 25  # the sample: the same rows give the same directions
CHUNK = 8192  # rows projected at a time (the float64 products stay a few MB)


class Placed:
    """Every row's coordinates and tail (`project`) in position order, for a scan of every row
    below the cells (memory/cells.py keeps its own beside each cell's rows)."""

    def __init__(self, along: np.ndarray, fitted_at: int):
        self.along = along
        self.fitted_at = fitted_at  # index rows when the directions were fitted
        self.rows = 0  # positions below this are placed
        self._buffer = np.zeros((along.shape[1] + 1, FIT_FROM), dtype=np.float32)  # a row a column

    @classmethod
    def fit(cls, n: int, rows: Callable[[np.ndarray], np.ndarray]) -> Placed:
        """Directions for an index of n rows, from a sample read through `rows`; no row placed yet."""
        picked = np.sort(np.random.default_rng(SEED).choice(n, min(n, SAMPLE), replace=False))
        return cls(directions(rows(picked)), n)

    def extend(self, upto: int, rows: Callable[[np.ndarray], np.ndarray]) -> None:
        """Place the positions from `self.rows` to `upto` (their vectors read through `rows`)."""
        for lo in range(self.rows, upto, CHUNK):
            hi = min(upto, lo + CHUNK)
            if hi > self._buffer.shape[1]:
                grown = np.empty((len(self._buffer), max(2 * self._buffer.shape[1], hi)), dtype=np.float32)
                grown[:, :lo] = self._buffer[:, :lo]
                self._buffer = grown
            self._buffer[:, lo:hi] = projected(np.arange(lo, hi, dtype=np.int64), rows, self.along)
        self.rows = max(self.rows, upto)

    def at(self, rows: slice) -> np.ndarray:
        """The placed rows' coordinates and tails, a row a column."""
        placed: np.ndarray = self._buffer[:, : self.rows][:, rows]
        return placed
