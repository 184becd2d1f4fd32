"""Cells: a coarse partition of a vector index's rows, so a big batch's near-duplicate scan reads
the rows near each memory, not every row.

Each row sits in the cell of its nearest centroid (spherical k-means on a sample of the rows);
a query is compared with the rows of its PROBES nearest cells only. Approximate by design: a
neighbour whose row lies in a farther cell is not seen. It serves the one scan that read every
row once a batch and grew with the store (an import's near-duplicate flags, a soft warning: see
memory/capture.py); recall and a single capture keep their exact scans. `quire bench cells`
prints the flags found and the neighbour named against the exact scan, on real chat turns.

The partition is derived and in memory only: made when the index passes CELLS_FROM rows, made
again when the index has doubled since (more cells for more rows), and extended with each added
row in between. Each cell holds an int8 copy of its rows (384 bytes a row, an eighth more at most
with the room its buffers grow into: 40-43 MB at 100k rows), since a batch's 256 memories read
every cell between them and gathering the rows from the index cost as much as the scan saved;
and its rows' prefix coordinates (196 bytes a row, 20-22 MB at 100k: memory/bounds.py), which a
batch's bounded scan reads first (`VectorIndex._bounded_scan`).
Positions are the index's: anything that moves rows (a load, a save's compaction, a rewritten
vector) drops the partition (`VectorIndex._cells`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from memory import bounds, quantized

CELLS_FROM = 32_768  # rows: below this the exact scan is cheap (0.1 ms a message at 20k)
ROWS_PER_CELL = 500  # about this many rows a cell: 200 cells at 100k
PROBES = 16  # cells read a query: 8,000 rows whatever the size (a twelfth of 100k)
TRAIN_ROWS_PER_CELL = 40  # the k-means sample: 40 rows a cell
ITERATIONS = 6  # k-means rounds over the sample
ASSIGN_ROWS = 8192  # rows assigned at a time (the products stay a few MB)
SEED = 20  # the sample and the first centroids: the same rows give the same cells
GROW_FROM = 16  # rows a cell's buffers start with
# A full cell's buffers grow by 1/GROWTH of its rows (or to the rows that arrive, if more):
# doubling left them a third empty on average (int8 rows and prefix coordinates: ~580 bytes a
# row, 20-60 MB unused at 100k rows). An eighth costs ~8 copies of each row over its life, not 1:
# a batch's 256 rows regrow ~3 cells of 760 rows at 100k (~1 MB copied a batch).
GROWTH = 8

Rows = Callable[[np.ndarray], np.ndarray]  # positions -> their vectors (float32 or int8), in order
# A probed cell (`Cells.probed`): positions, int8 rows shifted, queries, scales, the largest scale,
# the rows' prefix coordinates (memory/bounds.py), a row a column.
Probe = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.float32, np.ndarray]


class Cells:
    """Centroids (unit rows) and, per cell, its rows: their positions (ascending) and an int8 copy
    of each (`VectorIndex` copies), so a scan reads a cell as one block, never gathering rows
    from all over the index (a batch's queries read every cell between them)."""

    def __init__(self, centroids: np.ndarray, trained_at: int, along: np.ndarray | None = None):
        self.centroids = centroids
        # The directions of the rows' prefix bounds (`bounds.directions`), from the same sample.
        self.along = along if along is not None else bounds.directions(centroids)
        self.trained_at = trained_at  # index rows when the centroids were made
        self.rows = 0  # positions below this are placed
        count, dim = centroids.shape
        self._positions = [np.zeros(GROW_FROM, dtype=np.int64) for _ in range(count)]
        # The int8 rows as the wide kernel reads them (`quantized.shifted`): shifted once, not each scan.
        self._rows8 = [np.zeros((GROW_FROM, dim), dtype=np.uint8) for _ in range(count)]
        # Each row's int8 scale, and each cell's largest (its int8 bound): read once a cell and scan,
        # they were gathered from the index's and reduced again in every scan of the cell.
        self._scales = [np.zeros(GROW_FROM, dtype=np.float32) for _ in range(count)]
        self._peak = [np.float32(0)] * count
        # Each row's prefix coordinates and tail (`bounds.project`), for the bounded scan: a row a
        # column, so a cell's block is a query's product with a strided matrix (30 -> 21 us a cell).
        self._prefix = [np.zeros((self.along.shape[1] + 1, GROW_FROM), dtype=np.float32) for _ in range(count)]
        self._held = np.zeros(count, dtype=np.int64)  # rows in each cell (its buffers have room behind)

    @classmethod
    def train(cls, n: int, rows: Rows, per_cell: int | None = None, along: np.ndarray | None = None) -> Cells:
        """Centroids for an index of n rows (`per_cell` rows a cell, ROWS_PER_CELL unless given),
        from a sample read through `rows`; no row placed yet. `along`: the prefix directions to
        keep (a partition's before it, whose rows' coordinates are reused), else fitted on the sample."""
        count = max(2, n // (per_cell or ROWS_PER_CELL))
        rng = np.random.default_rng(SEED)
        picked = np.sort(rng.choice(n, min(n, count * TRAIN_ROWS_PER_CELL), replace=False))
        raw = np.asarray(rows(picked), dtype=np.float32)
        sample = _unit(raw)
        centroids = sample[rng.choice(len(sample), count, replace=False)].copy()
        for _ in range(ITERATIONS):
            nearest = np.argmax(sample @ centroids.T, axis=1)
            sums = np.zeros_like(centroids)
            np.add.at(sums, nearest, sample)
            filled = np.linalg.norm(sums, axis=1) > 0  # an empty cell keeps its centroid
            centroids[filled] = _unit(sums[filled])
        return cls(centroids, n, along if along is not None else bounds.directions(raw))

    def __len__(self) -> int:
        return len(self.centroids)

    @property
    def nbytes(self) -> int:
        held = zip(self._positions, self._rows8, self._scales, self._prefix, strict=True)
        return sum(p.nbytes + r.nbytes + c.nbytes + b.nbytes for p, r, c, b in held)

    def extend(self, upto: int, rows8: Rows, scales: Rows, rows: Rows, known: np.ndarray | None = None) -> None:
        """Place the positions from `self.rows` to `upto` (their int8 rows, scales and float32
        rows read through `rows8`, `scales` and `rows`). `known`: the prefix coordinates along
        `self.along` of the first positions (a row a column), taken instead of projecting them
        again: a partition made again as the index doubles re-placed every row from its float32
        vector (65k rows at 100k: their pages read back and projected in float64)."""
        for lo in range(self.rows, upto, ASSIGN_ROWS):
            positions = np.arange(lo, min(upto, lo + ASSIGN_ROWS), dtype=np.int64)
            block, scale = rows8(positions), np.asarray(scales(positions), dtype=np.float32)
            if known is not None and positions[-1] < known.shape[1]:
                prefix = known[:, positions[0] : positions[-1] + 1]
            else:
                prefix = bounds.projected(positions, rows, self.along)  # a row a column
            # The nearest centroid of a row is the same at any positive scale: int8 rows need no scale.
            nearest = np.argmax(block.astype(np.float32) @ self.centroids.T, axis=1)
            order = np.argsort(nearest, kind="stable")
            edges = np.searchsorted(nearest[order], np.arange(len(self) + 1))
            # Taken in cell order once, shifted and each cell's largest scale once: a batch's 256
            # rows go to ~100 cells, and numpy calls a cell were most of the upkeep.
            positions, moved, scale, prefix = (
                positions[order],
                quantized.shifted(block[order]),
                scale[order],
                prefix[:, order],
            )
            filled = np.flatnonzero(np.diff(edges))
            peaks = np.maximum.reduceat(scale, edges[filled]) if len(filled) else scale[:0]
            for cell, peak in zip(filled.tolist(), peaks.tolist(), strict=True):
                at = slice(int(edges[cell]), int(edges[cell + 1]))
                self._put(cell, positions[at], moved[at], scale[at], prefix[:, at], np.float32(peak))
        self.rows = max(self.rows, upto)

    def _put(
        self,
        cell: int,
        positions: np.ndarray,
        moved: np.ndarray,
        scales: np.ndarray,
        prefix: np.ndarray,
        peak: np.float32,
    ) -> None:
        """Append rows to a cell: int8 rows `quantized.shifted`, `peak` the largest of `scales`."""
        held, k = int(self._held[cell]), len(positions)
        if held + k > len(self._positions[cell]):  # an eighth more room: each row is copied O(1) times
            room = max(held + k, held + held // GROWTH, GROW_FROM)
            grown = np.empty(room, dtype=np.int64)
            grown[:held] = self._positions[cell][:held]
            grown8 = np.empty((room, moved.shape[1]), dtype=np.uint8)
            grown8[:held] = self._rows8[cell][:held]
            grown_scales = np.empty(room, dtype=np.float32)
            grown_scales[:held] = self._scales[cell][:held]
            grown_prefix = np.empty((len(prefix), room), dtype=np.float32)
            grown_prefix[:, :held] = self._prefix[cell][:, :held]
            self._positions[cell], self._rows8[cell], self._scales[cell] = grown, grown8, grown_scales
            self._prefix[cell] = grown_prefix
        self._positions[cell][held : held + k] = positions
        self._rows8[cell][held : held + k] = moved
        self._scales[cell][held : held + k] = scales
        self._prefix[cell][:, held : held + k] = prefix
        self._peak[cell] = max(self._peak[cell], peak)
        self._held[cell] = held + k

    def placed(self) -> np.ndarray:
        """Every placed row's prefix coordinates in position order, a row a column."""
        out = np.empty((self.along.shape[1] + 1, self.rows), dtype=np.float32)
        for positions, prefix, held in zip(self._positions, self._prefix, self._held.tolist(), strict=True):
            out[:, positions[:held]] = prefix[:, :held]
        return out

    def probed(self, queries: np.ndarray) -> Iterator[Probe]:
        """(positions of a cell's rows, their int8 rows `quantized.shifted`, the queries that read
        it, the rows' int8 scales, the largest of them, their prefix coordinates) for every cell
        with rows that some query reads: its PROBES nearest."""
        probes = min(PROBES, len(self))
        scores = queries @ self.centroids.T
        nearest = np.argpartition(-scores, probes - 1, axis=1)[:, :probes].ravel()
        order = np.argsort(nearest, kind="stable")
        edges = np.searchsorted(nearest[order], np.arange(len(self) + 1))
        owners = order // probes
        for cell in np.flatnonzero(np.diff(edges)):
            held = int(self._held[cell])
            if held:
                among = owners[edges[cell] : edges[cell + 1]]
                yield (
                    self._positions[cell][:held],
                    self._rows8[cell][:held],
                    among,
                    self._scales[cell][:held],
                    self._peak[cell],
                    self._prefix[cell][:, :held],
                )


def _unit(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    unit: np.ndarray = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), np.float32(1e-12))
    return unit
