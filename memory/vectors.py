"""The vector cache: every embedded memory as one float32 matrix, for exact cosine search.

Built from the inline F32_BLOB embeddings, kept in step through `vector_changes` (filled by
triggers on every insert and on changes to embedding, model or status), and persisted under the
cache folder as a small .npz (rowids, ids, liveness, change-log position) plus the matrix as a
raw .npy that a cold command memory-maps: nothing is read or decoded until a scan touches it, and
the page cache is shared between processes. Beside it sit an int8 copy and the sign bits of
every row (`memory.quantized`) for the fast first passes of a search; the float32 rows re-rank
their best candidates exactly. The three files share one token in their names and are checked
against each other on load. Rows that arrive after the files were written go to a tail, so a
refresh never copies the mapped matrices.

Memory stays bounded however many rows arrive (a 100k-message import): a full tail block moves
to an unnamed file in the cache folder and is mapped like the base; the near-duplicate scan of a
write batch, which reads every row, drops its view of mapped pages afterwards (they stay in the
page cache, where the kernel can reclaim them); a refresh reads the changed rows in chunks and
never re-reads a vector this process added itself; a save streams rows to disk in chunks.
Derived state: deleting the cache files loses nothing.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import mmap
import re
import secrets
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from memory import blas, bounds, cells, files, keys, meta, payback, quantized
from memory.db import Database, rows_in
from memory.embed import DIM, from_blob
from memory.store import LIVE

_EXCLUDED = ("forgotten", "rejected")
# Where the change log starts and ends: what a refresh checks first. Two subqueries: SQLite reads
# a lone min() or max() off the index, but `SELECT min(seq), max(seq)` scans the whole log (10k
# memories: 2.24 ms against 0.03 ms per call, on every recall).
CHANGES_SQL = "SELECT (SELECT min(seq) FROM vector_changes), (SELECT coalesce(max(seq), 0) FROM vector_changes)"
QUANTIZED_FROM = 20_000  # below this a float32 scan is a few milliseconds: no int8 first pass
TAIL_BLOCK = 8192  # rows per tail block (12 MB of float32); a full block moves to disk when there is a cache folder
CHUNK = 8192  # rows per read of a refresh and per write of a save: their memory does not grow with the index
# A process's PACK_AFTER-th full int8 pass over the same base has onnxruntime pre-pack it
# (quantized.pack): 0.06-0.1 s and n x d bytes of memory at 100k rows (38 MB), then each pass
# costs 1.8-2.4 ms instead of 6-16 ms, so `quire serve`, MCP and a bench pay once and a one-shot
# `quire recall` never (3, not 2: a recall with pseudo-relevance feedback makes two passes). Past
# PACK_ROWS_MAX rows the channel's sign-bit shortlist reads only a few percent of the int8 rows,
# and the packed copy would be 100 MB and more.
PACK_AFTER = 3
PACK_ROWS_MAX = 250_000
# An index of at most HOLD_ROWS_MAX rows scanned again and again holds its int8 rows pre-packed by
# onnxruntime (3.8 MB at 10k rows) and each row's rounding error (`_held`): a query's candidates
# then come from int8 dots (0.1-0.2 ms at 10k) within a bound proved per row, instead of a float32
# scan of 15 MB (1.0 ms on OpenBLAS's row kernel, one thread, AMD EPYC), and only they are read in
# float32. Holding costs ~40 ms at 10k rows and saves ~0.7 ms a recall, both in proportion to the
# rows: HOLD_WORTH scans at one state earn it back, and `memory.payback.Payback` holds at the
# HOLD_AFTER-th scan, later and later while the store moves before that (a write drops the hold).
# A one-shot command never scans three times; `quire serve` holds at once (`prepare`).
HOLD_AFTER = payback.FIRST
HOLD_WORTH = 64
HOLD_ROWS_MAX = 20_000
# Queries at once from which a narrowed scan over a big index reads each query's nearest cells
# only (memory/cells.py): an import's batch (256) and its tail; a recall or one capture reads all.
CELL_QUERIES = 64
RESCORE_PAIRS = 8192  # (row, query) pairs re-scored exactly at a time by `above`: 12 MB of gathered rows
# 1: one .npz with the matrix inside (read whole); 2: .npz meta + mapped .npy matrices (float32, int8);
# 3: and the sign bits (.b1.npy); 4: the per-row arrays too (rowids, ids, liveness, scales), so a
# cold load reads a few hundred bytes of metadata whatever the size (3 read them out of the .npz:
# 28 MB at 100k rows, 280 MB at 1M, most of it the ids)
_FORMAT = 4
# The files that share a token: float32 rows, int8 rows, word-major sign bits, then the per-row arrays.
_KINDS = ("f32", "i8", "b1", "rowid", "id", "live", "scale")
SEALED_FORMAT = 1  # the one sealed file of an encrypted home (`save_sealed`)
CHECKED_ROWS = 32  # rows of a loaded cache whose int8 and sign copies are recomputed from float32


# Two float32 sums of the same 384 products, in different orders, differ by at most about
# 2 x 384 x 2^-24 (4.6e-5) for unit vectors: a float32 scan's estimate is within this of
# `exact_cosines`, and so is an int8 estimate beyond its proved rounding bound (`VectorIndex.best`).
# Rows are unit vectors (every encoder normalizes, memory/embed.py); a query of another length
# scales the slack with its norm.
SCAN_SLACK = np.float32(1e-4)


# `_k_best` reads a cut off every TOP_SAMPLE-th value and partitions only the values over it (about
# 2k of them) where an argpartition of every row's estimate took 84 of a 10k query's ~320 us.
TOP_SAMPLE = 16


def _k_best(values: np.ndarray, k: int) -> np.ndarray:
    """Positions of the `k` largest `values`, ascending (NaN counted largest and ties at the k-th
    taken either way, as by argpartition: `VectorIndex.best` gives the same answer for any k rows)."""
    n = len(values)
    if k >= n:
        return np.arange(n)
    if n >= 8 * TOP_SAMPLE * k:
        sample = values[::TOP_SAMPLE]
        r = 2 * k // TOP_SAMPLE + 2
        cut = np.partition(sample, len(sample) - r)[len(sample) - r]
        over = np.flatnonzero(~(values < cut))  # (`not less`: a NaN is over it, as argpartition sorts it last)
        if len(over) >= k:
            picked: np.ndarray = over[np.sort(np.argpartition(values[over], len(over) - k)[len(over) - k :])]
            return picked
    found: np.ndarray = np.sort(np.argpartition(values, n - k)[n - k :])
    return found


def exact_cosines(rows: np.ndarray, query: np.ndarray) -> np.ndarray:
    """The cosines quire ranks rows by: each row's dot with the query summed in one order, whatever
    the row's place, neighbours or alignment (numpy's einsum). A BLAS product takes rows in groups
    and the last ones apart, so a row's last bit there depends on where it sits: a cold scan and a
    gather of candidates would differ, and equal rows with them."""
    found: np.ndarray = np.einsum("ij,j->i", rows, np.asarray(query, dtype=np.float32))
    return found


# A row is a candidate when some query's score, over that query's cut, times the row's scale reaches
# 1 less this: the ratios are rounded float32 (a few 1e-7 off), so no row that reaches its cut is
# left out; the candidates are then compared with the cuts in the estimates' own arithmetic.
RATIO_MARGIN = np.float32(1e-5)


def _candidates(raw: np.ndarray, row_scale: np.ndarray | None, live: np.ndarray, cut: np.ndarray) -> np.ndarray:
    """The live rows of a block where some query's estimate may reach its cut (est = raw x the
    row's scale, or raw itself without scales): a superset of the rows the cuts keep.

    Two passes over the block's scores (each over its query's cut, then each row's largest)
    where comparing the estimates themselves took five (to float32, the row scales, the maxima
    of rows and of queries, the cut against every score of the rows near some query): the
    queries' cuts differ with their int8 scales, so a row's best estimate against the lowest cut
    kept 99% of the rows of a templated import. 100k rows x 256 queries: 112 -> ~40 ms CPU."""
    if not len(raw) or not (cut > 0).all():
        return np.flatnonzero(live)
    best = np.multiply(raw, np.float32(1) / cut, dtype=np.float32).max(axis=1)
    if row_scale is not None:
        best *= row_scale
    return np.flatnonzero(live & (best >= np.float32(1) - RATIO_MARGIN))


def _int8_slack(peak: np.float32, half: np.float32, q_bound: np.ndarray) -> np.ndarray:
    """How far each query's int8 cosine against a block's rows may be from the exact one.

    est = x8.q8 sx, so est sq is the int8 cosine, off the exact one by at most |e_x| + |e_q| +
    |e_x||e_q| for unit x, q (each component off by half its scale); the block's largest row
    bound stands for every row's (`peak`: the largest row scale), and 1e-4 covers float rounding.
    A query's scale and bound apply per column, so the rows are compared in est units against one
    cut per query."""
    row_bound = np.float32(peak * half)
    slack: np.ndarray = row_bound + q_bound + row_bound * q_bound + np.float32(1e-4)
    return slack


def _cell_estimates(
    first: _FirstPass, rows: np.ndarray, row_scale: np.ndarray, live: np.ndarray | None, among: np.ndarray
) -> np.ndarray:
    """One cell's estimates (rows x the queries `among` that read it), dead rows at -inf: int8
    dots times the rows' scales on an int8 pass (`rows` `quantized.shifted`), else the float32
    products of its rows. `live` None: every row is live."""
    est: np.ndarray
    if first.int8:
        est = np.multiply(quantized.dots_shifted(rows, first.q8t[:, among]), row_scale[:, None], dtype=np.float32)
    else:
        est = rows @ np.ascontiguousarray(first.queries_t[:, among])
    if live is not None and not live.all():
        est[~live] = -np.inf
    return est


def _cell_slack(first: _FirstPass, peaks: np.ndarray, among: np.ndarray) -> np.ndarray:
    """`_int8_slack` of every (cell, query) read, the cells' peaks repeated per query (the same
    float32 operations in the same order as one cell's); zero on a float32 pass."""
    if not first.int8:
        zero: np.ndarray = first.slack[among]
        return zero
    row_bound = peaks * first.half
    q_bound = first.q_bound[among]
    slack: np.ndarray = row_bound + q_bound + row_bound * q_bound + np.float32(1e-4)
    return slack


def _raise(floor: np.ndarray, who: np.ndarray, value: np.ndarray) -> None:
    """floor[q] = max(floor[q], every value of q), in place (`np.maximum.at`, which costs ~20 ms
    for a batch's 4,000 values, by one sort and one reduceat)."""
    order = np.argsort(who, kind="stable")
    ordered = who[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    queries = ordered[starts]
    floor[queries] = np.maximum(floor[queries], np.maximum.reduceat(value[order], starts))


def _rescored(rows32: np.ndarray, at: np.ndarray, queries: np.ndarray, owners: np.ndarray) -> np.ndarray:
    """Exact cosines of the candidate (row, query) pairs, a bounded slice at a time."""
    sims = np.empty(len(at), dtype=np.float32)
    for a in range(0, len(at), RESCORE_PAIRS):
        b = a + RESCORE_PAIRS
        sims[a:b] = np.einsum("ij,ij->i", rows32[at[a:b]], queries[owners[a:b]])
    return sims


def _whole_rows(block: np.ndarray) -> np.ndarray:
    """A C-ordered 2-D block seen as one element a row: numpy copies an indexed int8 row byte by
    byte, and a row as one element in one copy (125 rows of 384 int8: 18 -> 7 us)."""
    block = np.ascontiguousarray(block)
    rows: np.ndarray = block.view(np.dtype((np.void, block.shape[1] * block.itemsize)))[:, 0]
    return rows


SUBSET = 4  # `_reaching` compares a unit's reaching queries alone when at most 1/SUBSET of them reach


def _reaching(
    read: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
    tops: list[np.ndarray],
    cut: np.ndarray,
    copies: list[np.ndarray | None],
    dim: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None] | None:
    """The pairs of a bounded scan whose prefix bound reaches their query's cut, as (positions,
    queries, units, bounds, int8 rows from the cells' copies or None), unit by unit; None if none."""
    pos, who, unit, high, rows8 = [], [], [], [], []
    for i, ((positions, among, bound), top) in enumerate(zip(read, tops, strict=True)):
        # Only the queries whose best bound in the unit reaches their cut are compared row by row
        # (a templated import's batch: 274 of 4,096 query-cell pairs), in the same order; where
        # more than a quarter reach (a block of every row below the cells), the whole unit is
        # compared, no rows copied (a query under its cut has no pair over it).
        if len(near := np.flatnonzero(top >= cut[among])):
            if SUBSET * len(near) > len(among):
                near = np.arange(len(among))
            part = bound if len(near) == len(among) else bound[near]
            flat = np.flatnonzero(part >= cut[among[near]][:, None])
            c, sub = np.divmod(flat, bound.shape[1])
            pos.append(positions[sub])
            who.append(among[near[c]])
            unit.append(np.full(len(sub), i))
            high.append(part.ravel()[flat])
            if (copy := copies[i]) is not None:
                rows8.append(_whole_rows(copy)[sub])
    if not pos:
        return None
    copied = _unwhole(np.concatenate(rows8), dim) if len(rows8) == len(pos) else None
    at, owners = np.concatenate(pos).astype(np.int64), np.concatenate(who).astype(np.int64)
    return at, owners, np.concatenate(unit), np.concatenate(high), copied


def _unwhole(rows: np.ndarray, dim: int) -> np.ndarray:
    """`_whole_rows` of uint8 rows back as a (rows, dim) uint8 block."""
    block: np.ndarray = np.ascontiguousarray(rows).view(np.uint8).reshape(len(rows), dim)
    return block


def _ascending(positions: np.ndarray) -> bool:
    return len(positions) < 2 or bool((positions[1:] >= positions[:-1]).all())


def _per_query(
    hit_pos: list[np.ndarray], hit_query: list[np.ndarray], hit_sim: list[np.ndarray], floor: np.ndarray | None, k: int
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The blocks' hits as (positions, cosines) per query; with `floor` (a narrowed scan), the
    hits listed before the floor rose past them are dropped."""
    positions = np.concatenate(hit_pos) if hit_pos else np.zeros(0, dtype=np.int64)
    owners = np.concatenate(hit_query) if hit_query else np.zeros(0, dtype=np.int32)
    exact = np.concatenate(hit_sim) if hit_sim else np.zeros(0, dtype=np.float32)
    if floor is not None:
        kept = exact >= floor[owners]
        positions, owners, exact = positions[kept], owners[kept], exact[kept]
    by_query = np.argsort(owners, kind="stable")
    bounds = np.searchsorted(owners[by_query], np.arange(k + 1))
    return [(positions[by_query[a:b]], exact[by_query[a:b]]) for a, b in itertools.pairwise(bounds)]


class _FirstPass:
    """The first pass of a scan over one batch of queries: float32 products, or past
    QUANTIZED_FROM rows int8 dots with their error bounds (`_int8_slack`)."""

    def __init__(self, queries: np.ndarray, dim: int, *, int8: bool):
        self.int8 = int8
        k = len(queries)
        if int8:
            q8, self.qscale = quantized.quantize(queries)
            self.q8t = np.ascontiguousarray(q8.T)
            self.half = np.float32(np.sqrt(dim) / 2)
            self.q_bound = self.qscale * self.half
            self.q8 = q8.astype(np.int32)  # for pairs' dots one at a time (`VectorIndex._int8_lower`)
        else:
            self.queries_t = np.ascontiguousarray(queries.T)
            self.qscale = np.ones(k, dtype=np.float32)
            self.slack = np.zeros(k, dtype=np.float32)

    def candidates(
        self, part: np.ndarray, row_scale: np.ndarray, live: np.ndarray, floor: np.ndarray, *, moved: bool = False
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(rows, their estimates, slack) of a block's candidates for `floor`: est x qscale is
        within slack of the exact cosine (float32: est is the cosine, slack 0). Only the
        candidate rows' estimates are made, in the arithmetic every row's were made in before.
        `moved`: the int8 rows come `quantized.shifted`."""
        if not self.int8:
            raw = part @ self.queries_t
            at = _candidates(raw, None, live, floor)
            return at, raw[at], self.slack
        raw = quantized.dots_shifted(part, self.q8t) if moved else quantized.dots(part, self.q8t)
        slack = _int8_slack(row_scale.max(), self.half, self.q_bound)
        at = _candidates(raw, row_scale, live, (floor - slack) / self.qscale)
        est: np.ndarray = raw[at].astype(np.float32) * row_scale[at, None]
        return at, est, slack


# A unit of a bounded scan (`VectorIndex._bounded_units`): positions, the queries that read them,
# their largest int8 scale, their prefix rows, the float32 block `_scan` multiplies them in
# (segment rows, from, to, its first position; None in a cell), and a cell's int8 copy of its rows
# (`quantized.shifted`; None below the cells: the pairs' int8 rows are read from the index).
_Unit = tuple[
    np.ndarray, np.ndarray, np.float32, np.ndarray, tuple[np.ndarray, int, int, int] | None, np.ndarray | None
]
# A float32 block of at most this many rows x queries may run BLAS's small-matrix kernel, whose
# sums differ from the blocked kernel's in the last bit: a bounded scan multiplies it whole, as
# `_scan` does; other pairs' rows are multiplied together, at least PADDED_ROWS rows at once (the
# blocked kernel's sums do not depend on a row's place: tests/test_cell_scan_passes.py).
SMALL_PRODUCT = 1 << 14
# Pairs a query whose bound reaches its floor's lower bound, at most, for a bounded scan: a
# templated import has 2-5; past this the pairs' values one at a time cost more than the scan's
# products (an export of one message repeated: every earlier row), and the scan runs unbounded.
BOUNDED_PAIRS = 64
PADDED_ROWS = 256


class _PairValues:
    """The value each (row, query) pair of a bounded scan raises its query's floor by, made as
    `_scan` makes it: on the int8 pass the int8 cosine less its block's or cell's slack (the
    exact integer dot, the row's scale, the query's, `_int8_slack` of the unit's `peaks`, in the
    same float32 operations pair by pair), else the BLAS float32 product (`_products`)."""

    def __init__(
        self,
        index: VectorIndex,
        queries: np.ndarray,
        first: _FirstPass,
        peaks: np.ndarray,
        blocks: list[tuple[np.ndarray, int, int, int] | None],
    ):
        self.index, self.queries, self.first, self.peaks, self.blocks = index, queries, first, peaks, blocks

    def lower(self, at: np.ndarray, who: np.ndarray, unit: np.ndarray, copied: np.ndarray | None = None) -> np.ndarray:
        """The pairs' values: each is at most its cosine (int8: less a proved slack). `copied`: the
        pairs' int8 rows as their cells hold them (`quantized.shifted`), else read from the index."""
        if not self.first.int8:
            return self._products(at, who, unit)
        first = self.first
        if copied is not None:  # the same integers, in memory: no page of the index faulted in
            rows8 = np.bitwise_xor(copied, np.uint8(0x80)).view(np.int8)
        else:
            # release: scattered int8 rows fault in the mapped tail blocks' pages around each, which
            # stayed (a 100k import's batches held ~36 MB of them at the end)
            rows8 = self.index._gather(at, int8=True, release=True)
        raw = np.einsum("ij,ij->i", rows8.astype(np.int32), first.q8[who])
        est = raw.astype(np.float32) * self.index.scale[at]
        lower: np.ndarray = est * first.qscale[who] - _cell_slack(first, self.peaks[unit], who)
        return lower

    def cosines(self, at: np.ndarray, who: np.ndarray, lower: np.ndarray) -> np.ndarray:
        """The pairs' cosines as `_scan` lists them: exact on the int8 pass, else the products."""
        if not self.first.int8:
            return lower
        unique, inverse = np.unique(at, return_inverse=True)
        return _rescored(self.index._gather(unique, release=True), inverse, self.queries, who)

    def _products(self, at: np.ndarray, who: np.ndarray, unit: np.ndarray) -> np.ndarray:
        """The pairs' float32 products, bit for bit `_scan`'s: a small block's product whole (its
        kernel), the other pairs' rows gathered into one product of at least PADDED_ROWS rows."""
        out = np.empty(len(at), dtype=np.float32)
        k = len(self.queries)
        rest = np.ones(len(at), dtype=bool)
        for u in np.unique(unit).tolist():
            block = self.blocks[u]
            if block is not None and (block[2] - block[1]) * k <= SMALL_PRODUCT:
                rows32, lo, hi, start = block
                product = rows32[lo:hi] @ self.first.queries_t
                mine = unit == u
                out[mine] = product[at[mine] - start, who[mine]]
                rest &= ~mine
        if rest.any():
            unique, inverse = np.unique(at[rest], return_inverse=True)
            gathered = np.zeros((max(PADDED_ROWS, len(unique)), self.index.dim), dtype=np.float32)
            gathered[: len(unique)] = self.index._gather(unique, release=True)
            out[rest] = (gathered @ self.first.queries_t)[inverse, who[rest]]
        return out


class VectorIndex:
    """ids, rowids and the matching unit vectors of one embedding model.

    Rows sit in storage order (a mapped base, then the in-memory tail); `positions_of` finds
    rowids through a sorted view. Positions index `rowids`, `ids`, `alive` and `matrix` alike.
    """

    def __init__(self, model_id: str, dim: int = DIM, spill_dir: Path | None = None):
        self.model_id = model_id
        self.spill_dir = spill_dir  # where full tail blocks go (None: they stay in memory)
        self.dim = dim
        self.seq = 0
        self.rowids = np.zeros(0, dtype=np.int64)
        self.ids = np.zeros(0, dtype="U32")
        self.alive = np.zeros(0, dtype=bool)
        self._base = np.zeros((0, dim), dtype=np.float32)  # mapped from the cache file, or in memory
        self._base8 = np.zeros((0, dim), dtype=np.int8)  # int8 copies of the same rows
        self._base1 = quantized.signs(np.zeros((0, dim), dtype=np.float32))  # their sign bits, word-major
        # Rows added since, in blocks of at most TAIL_BLOCK rows: an append copies one partial
        # block, never everything added so far (an import would hold two copies at each batch).
        self._tails: list[np.ndarray] = []
        self._tails8: list[np.ndarray] = []
        # Sign bits of the tail, word-major like the base: (words, rows); 48 bytes a row, so they
        # stay in memory (100k added rows: 4.8 MB).
        self._tails1: list[np.ndarray] = []
        self.scale = np.zeros(0, dtype=np.float32)  # per-row int8 scale, every position
        # Buffers with spare room, by name: rowids, ids, scale and alive are their fronts (`_append`).
        self._room: dict[str, np.ndarray] = {}
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None  # (order, rowids[order])
        self._base_written = False  # a private (copy-on-write) page of the mapped base holds a change
        # The int8 base pre-packed (`_packed`): which base array it counts passes of, how many,
        # and the packed rows once built (None until then, or when packing was refused).
        self._pack_for: np.ndarray | None = None
        self._pack_passes = 0
        self._holding = payback.Payback()  # scans at this state of the rows, and when to hold them (`_held`)
        self._resid: np.ndarray | None = None  # each base row's int8 rounding error, in norm, once held (`_held`)
        self._pack_refused = False  # onnxruntime refused to pack this base (`_packed`)
        self._packed_rows: quantized.Packed | None = None
        # Rowids whose vector this process embedded and added since the last refresh: the refresh
        # checks their status only, instead of reading back the vectors it already holds.
        self._added: list[np.ndarray] = []
        self.from_cache = False  # loaded from a cache file (False: rebuilt from the database)
        self._cells: cells.Cells | None = None  # the rows' partition for a batch's scan (`_cells_now`)
        self._placed: bounds.Placed | None = None  # every row's prefix bounds below the cells (`_placed_now`)
        # From how many rows a batch reads cells, and how many rows a cell (`quire bench cells` sets
        # them to measure a store of another size; everything else keeps memory/cells.py's).
        self.cells_from = cells.CELLS_FROM
        self.cell_rows: int | None = None
        # A batch's narrow int8 scan reads prefix bounds first (`_bounded_scan`); False: the int8
        # scan of every pair it reads (the same floors and hits: tests compare the two).
        self.bounded = True

    def __len__(self) -> int:
        return int(self.alive.sum())

    @property
    def mapped(self) -> bool:
        """True while the base rows are read from the cache file by the OS (memory-mapped)."""
        return isinstance(self._base, np.memmap)

    @property
    def matrix(self) -> np.ndarray:
        """All rows as one matrix (folds the tail in: a copy, once, when rows were added)."""
        if self._tails:
            self._base = np.concatenate([self._base, *self._tails])
            self._base8 = np.concatenate([self._base8, *self._tails8])
            self._base1 = np.concatenate([self._base1, *self._tails1], axis=1)
            self._tails, self._tails8, self._tails1 = [], [], []
            self._pack_for, self._packed_rows = None, None  # packed from the old base: free it now
        return self._base

    def _segments(self, int8: bool = False) -> list[tuple[int, np.ndarray]]:
        """(first position, rows) of the base and each tail block, in storage order."""
        blocks = [self._base8, *self._tails8] if int8 else [self._base, *self._tails]
        out, offset = [], 0
        for block in blocks:
            if len(block):
                out.append((offset, block))
            offset += len(block)
        return out

    def _gather(self, positions: np.ndarray, int8: bool = False, *, release: bool = False) -> np.ndarray:
        """The rows at `positions`, in their order, from the base and the tail blocks. Each block
        takes the slice of the sorted positions that falls in it (a mask a block read every
        position once a block: 5x slower over a 100k import's dozen blocks), and rows are copied
        whole (`_whole_rows`). `release`: each mapped block's pages go as soon as its rows are
        copied (a scan's scattered reads fault in the pages around each row: kept, a batch's
        candidates over a 100k import held 186 MB of tail pages at once)."""
        positions = np.asarray(positions, dtype=np.int64)
        if not int8 and not release and not self._tails:  # one float32 block, one take (50 rows: 17 -> 3 us)
            rows: np.ndarray = np.take(np.asarray(self._base), positions, axis=0)
            return rows
        dtype = np.dtype(np.int8 if int8 else np.float32)
        out = np.empty((len(positions), self.dim), dtype=dtype)
        order = None if _ascending(positions) else np.argsort(positions, kind="stable")
        ordered = positions if order is None else positions[order]
        segments = self._segments(int8)
        cuts = np.searchsorted(ordered, [offset for offset, _ in segments] + [len(self.rowids)])
        into = _whole_rows(out)
        for (offset, block), lo, hi in zip(segments, cuts[:-1], cuts[1:], strict=True):
            if hi > lo:
                if order is None:  # straight into place: no second copy of the rows (a save's chunk: 12 MB)
                    np.take(_whole_rows(block), ordered[lo:hi] - offset, out=into[lo:hi])
                else:
                    into[order[lo:hi]] = _whole_rows(block)[ordered[lo:hi] - offset]
                if release:
                    self._release_block(block)
        return out

    def _code_segments(self) -> list[tuple[int, np.ndarray]]:
        """(first position, word-major codes) of the base and each tail block, in storage order."""
        out, offset = [], 0
        for block in [self._base1, *self._tails1]:
            if block.shape[1]:
                out.append((offset, block))
            offset += block.shape[1]
        return out

    def _codes_at(self, positions: np.ndarray) -> np.ndarray:
        """Word-major sign bits of the rows at `positions`."""
        positions = np.asarray(positions, dtype=np.int64)
        if not self._tails1:
            return np.ascontiguousarray(self._base1[:, positions])
        out = np.empty((self._base1.shape[0], len(positions)), dtype=np.uint64)
        for offset, block in self._code_segments():
            inside = (positions >= offset) & (positions < offset + block.shape[1])
            if inside.any():
                out[:, inside] = block[:, positions[inside] - offset]
        return out

    # -- building ----------------------------------------------------------------------------

    @classmethod
    def load(
        cls, db: Database, model_id: str, cache_dir: Path | None = None, sealer: keys.Sealer | None = None
    ) -> VectorIndex:
        """From the cache files when they are usable, else from the database; then catch up.

        With `sealer` (an encrypted home) the cache is the one sealed file in `cache_dir`, opened
        into memory, and full tail blocks never spill to disk (they would be raw float32 there)."""
        index = cls(model_id, spill_dir=None if sealer else cache_dir)
        meta = (sealed_path if sealer else cache_path)(cache_dir, model_id) if cache_dir else None
        if meta and meta.exists():  # read as damaged when it is no regular file (a FIFO hung recall)
            try:
                if sealer is not None:
                    index._read_sealed(db, meta, sealer)
                else:
                    index._read(db, meta)
            except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile, keys.KeyWrong):
                # a damaged, foreign, tampered or wrongly keyed cache is only a slower start
                index = cls(model_id, spill_dir=None if sealer else cache_dir)
        if not index.refresh(db):
            index._rebuild(db)
            index.from_cache = False
        return index

    def _read(self, db: Database, meta: Path) -> None:
        with np.load(io.BytesIO(files.read_cache(meta)), allow_pickle=False) as data:
            if int(data["format"]) != _FORMAT or str(data["model_id"]) != self.model_id:
                raise ValueError("cache written for another format or model")
            if str(data["db_id"]) != _db_id(db):
                raise ValueError("cache written for another database")
            seq, n = int(data["seq"]), int(data["rows"])
            matrix_file = meta.parent / str(data["matrix_file"])
            probe = data["probe_rowids"], data["probe_ids"]
        # Copy-on-write: an update to a cached row (or its liveness) changes this process's page only.
        mapped = {kind: _mapped(_sibling(matrix_file, kind)) for kind in _KINDS}
        self._adopt(seq, n, mapped)
        at = _probes(n)
        # The row files of another save (a swapped or stale file of the right shape) fail here:
        # the metadata holds the rowids and ids of CHECKED_ROWS rows spread over the file.
        if not (np.array_equal(self.rowids[at], probe[0]) and np.array_equal(self.ids[at], probe[1])):
            raise ValueError("cache row files do not match its metadata")
        if not self.alive[at].all():
            raise ValueError("cache liveness does not match a compacted save")
        _random_access(self._base)

    def _adopt(self, seq: int, n: int, arrays: dict[str, np.ndarray]) -> None:
        """Take loaded cache arrays (by kind) as this index, after checking they fit together."""
        base, base8, base1 = arrays["f32"], arrays["i8"], arrays["b1"]
        rowids, ids, alive, scale = arrays["rowid"], arrays["id"], arrays["live"], arrays["scale"]
        shape = (n, self.dim)
        if base.dtype != np.float32 or base.shape != shape or base8.dtype != np.int8 or base8.shape != shape:
            raise ValueError("cache matrix does not fit its metadata")
        if base1.dtype != np.uint64 or base1.shape != (self._base1.shape[0], n):
            raise ValueError("cache sign bits do not fit its metadata")
        if rowids.dtype != np.int64 or alive.dtype != np.bool_ or scale.dtype != np.float32 or ids.dtype.kind != "U":
            raise ValueError("cache row arrays have the wrong types")
        if not rowids.shape == ids.shape == alive.shape == scale.shape == (n,):
            raise ValueError("cache row arrays do not fit its metadata")
        _check_copies(base, base8, scale, base1)
        self.seq, self.rowids, self.ids, self.alive, self.scale = seq, rowids, ids, alive, scale
        self._base, self._base8, self._base1 = base, base8, base1
        self._base_written = False
        self._resid = None
        self._cells, self._placed = None, None
        self._holding.moved()
        self.from_cache = True

    def _read_sealed(self, db: Database, path: Path, sealer: keys.Sealer) -> None:
        """The sealed cache, opened (its GCM tag checked: KeyWrong when it was changed or sealed
        under another key) into memory; never a raw vector on disk. The arrays are views of the
        one decrypted buffer."""
        plain = sealer.open_sealed(files.read_cache(path))
        size = int.from_bytes(plain[:8], "little")
        head = json.loads(bytes(plain[8 : 8 + size]).decode("utf-8"))
        if not isinstance(head, dict) or head.get("format") != SEALED_FORMAT or head.get("model_id") != self.model_id:
            raise ValueError("sealed cache written for another format or model")
        if head.get("db_id") != _db_id(db):
            raise ValueError("sealed cache written for another database")
        arrays, start = {}, _data_start(size)
        for kind, dtype, shape, offset in head["arrays"]:
            count = int(np.prod(shape))
            arrays[kind] = np.frombuffer(plain, dtype=np.dtype(dtype), count=count, offset=start + offset).reshape(
                shape
            )
        self._adopt(int(head["seq"]), int(head["rows"]), arrays)

    def _rebuild(self, db: Database) -> None:
        self.seq = int(db.scalar("SELECT coalesce(max(seq), 0) FROM vector_changes"))
        rows = db.rows(
            "SELECT rowid, id, embedding FROM memories WHERE embedding IS NOT NULL AND embed_model = ? "
            f"AND {LIVE} ORDER BY rowid",
            (self.model_id,),
        )
        self.rowids = np.array([r[0] for r in rows], dtype=np.int64)
        self.ids = np.array([r[1] for r in rows], dtype="U32")
        self._base = _stack([r[2] for r in rows], self.dim)
        self._tails, self._tails8, self._tails1 = [], [], []
        self._base8, self.scale = quantized.quantize(self._base)
        self._base1 = quantized.signs(self._base)
        self.alive = np.ones(len(rows), dtype=bool)
        self._sorted = None
        self._resid = None
        self._cells, self._placed = None, None
        self._holding.moved()

    def refresh(self, db: Database, changes: tuple[Any, Any] | None = None) -> bool:
        """Apply changes recorded since `seq`; False when they were pruned (rebuild needed).

        changes: the row of CHANGES_SQL when the caller read it already (recall batches it with
        its other first reads: one round trip to a server instead of one per check)."""
        oldest, latest = changes if changes is not None else db.rows(CHANGES_SQL)[0]
        latest = int(latest)
        if latest == self.seq or (changes is not None and latest < self.seq):
            # (ends read before another caller caught this index up: nothing to apply)
            if latest == self.seq:
                self._added = []
            return True
        if self.seq == 0 and len(self.rowids) == 0:
            return False
        if oldest is None or int(oldest) > self.seq + 1:
            return False
        changed = np.array(
            [
                r[0]
                for r in db.rows(
                    "SELECT DISTINCT mem_rowid FROM vector_changes WHERE seq > ? AND seq <= ?", (self.seq, latest)
                )
            ],
            dtype=np.int64,
        )
        # A vector this process embedded is the one the row holds (the same model gives the same
        # vector): only its status and model are read back, never the 1.5 KB blob again.
        ours = np.isin(changed, np.concatenate(self._added)) if self._added else np.zeros(len(changed), dtype=bool)
        for lo in range(0, len(changed), CHUNK):
            part, mine = changed[lo : lo + CHUNK], ours[lo : lo + CHUNK]
            self._apply(db, part[mine].tolist(), with_vectors=False)
            self._apply(db, part[~mine].tolist(), with_vectors=True)
        self.seq = latest
        self._added = []
        return True

    def _apply(self, db: Database, changed: list[int], *, with_vectors: bool) -> None:
        if not changed:
            return
        rows = rows_in(
            db,
            "SELECT rowid, id, "
            + ("embedding" if with_vectors else "embedding IS NOT NULL")
            + ", embed_model, status FROM memories WHERE rowid IN ({marks})",
            changed,
        )
        present = {r[0] for r in rows}
        dropped = list(set(changed) - present)  # deleted rows
        revived, keep = [], []
        for rowid, mid, blob, model, status in rows:
            if not blob or model != self.model_id or status in _EXCLUDED:
                dropped.append(rowid)
            elif with_vectors:
                keep.append((rowid, mid, from_blob(blob)))
            else:
                revived.append(rowid)
        # Each rowid once (the changes are DISTINCT), so one lookup for all: `_drop` and `_revive`
        # a row at a time cost ~10 us each, every row of an import's batch.
        self._set_alive(dropped, False)
        self._set_alive(revived, True)
        if keep:
            self._put_many([k[0] for k in keep], [k[1] for k in keep], np.stack([k[2] for k in keep]))

    def _positions(self, rowids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(positions, found mask) of `rowids` in storage order (dead rows included)."""
        if self._sorted is None:
            order = np.argsort(self.rowids, kind="stable")
            self._sorted = (order, self.rowids[order])
        order, ordered = self._sorted
        if len(ordered) == 0:
            return np.zeros(len(rowids), dtype=np.int64), np.zeros(len(rowids), dtype=bool)
        at = np.clip(np.searchsorted(ordered, rowids), 0, len(ordered) - 1)
        return order[at], ordered[at] == rowids

    def _set_alive(self, rowids: list[int], alive: bool) -> None:
        """`_drop` (alive False) or `_revive` (True) of many rows at once."""
        if rowids:
            pos, found = self._positions(np.array(rowids, dtype=np.int64))
            self.alive[pos[found]] = alive

    def _drop(self, rowid: int) -> None:
        pos, found = self._positions(np.array([rowid], dtype=np.int64))
        if found[0]:
            self.alive[pos[0]] = False

    def _write_row(self, pos: int, vector: np.ndarray) -> None:
        row8, scale = quantized.quantize(vector)
        code = quantized.signs(vector)[:, 0]
        self.scale[pos] = scale[0]
        self._cells, self._placed = None, None  # the row may belong to another cell now
        if pos < len(self._base):
            self._base_written = self._base_written or self.mapped  # before the write: `release` reads it
            self._pack_for, self._packed_rows = None, None  # the packed copy no longer matches the rows
            self._holding.moved()
            self._base[pos], self._base8[pos], self._base1[:, pos] = vector, row8[0], code
            return
        pos -= len(self._base)
        for block, block8, block1 in zip(self._tails, self._tails8, self._tails1, strict=True):
            if pos < len(block):
                block[pos], block8[pos], block1[:, pos] = vector, row8[0], code
                return
            pos -= len(block)

    def _put_many(self, rowids: list[int], ids: list[str], vectors: np.ndarray) -> None:
        """Overwrite the rows already present; append the others to the tail (no copy of the base)."""
        wanted = np.asarray(rowids, dtype=np.int64)
        pos, found = self._positions(wanted)
        for i in np.flatnonzero(found):
            self._write_row(int(pos[i]), vectors[i])
            self.ids[pos[i]] = ids[i]
            self.alive[pos[i]] = True
        new = np.flatnonzero(~found)
        if not len(new):
            return
        self._resid = None
        self._holding.moved()
        width = max([self.ids.dtype.itemsize // 4, 32] + [len(ids[i]) for i in new])
        self._append("rowids", wanted[new])
        self._append("ids", np.array([ids[i] for i in new], dtype=f"U{width}"))
        added = np.asarray(vectors, dtype=np.float32)[new]
        added8, scale = quantized.quantize(added)
        added1 = quantized.signs(added)
        lo = 0
        while lo < len(added):
            # Fill the last block up to TAIL_BLOCK rows, so every block but the last is full.
            last = self._tails[-1] if self._tails else None
            room = TAIL_BLOCK - len(last) if last is not None and not isinstance(last, np.memmap) else 0
            if room > 0:
                rows, rows8 = added[lo : lo + room], added8[lo : lo + room]
                self._tails[-1] = _grown(self._tails[-1], rows)
                self._tails8[-1] = _grown(self._tails8[-1], rows8)
                self._tails1[-1] = np.concatenate([self._tails1[-1], added1[:, lo : lo + len(rows)]], axis=1)
            else:
                rows = added[lo : lo + TAIL_BLOCK]
                self._tails.append(_grown(None, rows))
                self._tails8.append(_grown(None, added8[lo : lo + TAIL_BLOCK]))
                self._tails1.append(np.ascontiguousarray(added1[:, lo : lo + TAIL_BLOCK]))
            lo += len(rows)
            if len(self._tails[-1]) >= TAIL_BLOCK:
                self._spill(len(self._tails) - 1)
        self._append("scale", scale)
        self._append("alive", np.ones(len(new), dtype=bool))
        self._sorted = None

    def _append(self, name: str, extra: np.ndarray) -> None:
        """The per-row array `name` with `extra` after it. The array is the front of a buffer with
        room behind it (`_room`), so an append writes the new rows only: concatenating copied every
        row at every batch of an import (0.055 ms a row added at 100k rows, 0.020 this way).
        An array another path set (a load, a rebuild), a wider id or a full buffer moves to a new
        buffer with TAIL_BLOCK rows to spare."""
        current, buffer = getattr(self, name), self._room.get(name)
        n, k = len(current), len(extra)
        dtype = np.result_type(current, extra) if name == "ids" else current.dtype
        if (
            buffer is None
            or current.base is not buffer
            or current.ctypes.data != buffer.ctypes.data  # the buffer's front, not a later part of it
            or buffer.dtype != dtype
            or len(buffer) < n + k
        ):
            buffer = np.empty(n + k + TAIL_BLOCK, dtype=dtype)
            buffer[:n] = current
            self._room[name] = buffer
        buffer[n : n + k] = extra
        setattr(self, name, buffer[: n + k])

    def add(self, rowids: list[int], ids: list[str], vectors: np.ndarray) -> None:
        """Add (or update) freshly embedded rows in-process (cheaper than re-reading them)."""
        if len(rowids):
            self._put_many(list(rowids), list(ids), np.asarray(vectors, dtype=np.float32))
            self._added.append(np.asarray(rowids, dtype=np.int64))

    def _spill(self, i: int) -> None:
        """Move tail block i to an unnamed file in the cache folder, mapped (its pages are the OS's)."""
        if self.spill_dir is None:
            return
        try:
            self._tails[i] = _to_disk(self._tails[i], self.spill_dir)
            self._tails8[i] = _to_disk(self._tails8[i], self.spill_dir)
        except OSError:
            pass  # a full or read-only disk: the block stays in memory, which is only bigger

    def release(self) -> None:
        """Drop this process's view of mapped rows (spilled blocks, an unchanged base): a scan
        that read every row does not keep them all resident. They stay in the page cache; the
        next read maps them again without touching the disk."""
        blocks = [*self._tails, *self._tails8]
        if not self._base_written:
            blocks += [self._base, self._base8, self._base1]
        for block in blocks:
            _drop_pages(block)

    def _release_block(self, block: np.ndarray) -> None:
        # A written base holds its changes in private copy-on-write pages: dropping them would
        # undo the changes, so a written base (float32 or int8) keeps its pages.
        if not self._base_written or (block is not self._base and block is not self._base8):
            _drop_pages(block)

    # -- searching ---------------------------------------------------------------------------

    def positions_of(self, rowids: np.ndarray) -> np.ndarray:
        """Positions of the given rowids that are in the index and alive."""
        if len(self.rowids) == 0 or len(rowids) == 0:
            return np.zeros(0, dtype=np.int64)
        pos, found = self._positions(np.asarray(rowids, dtype=np.int64))
        pos = pos[found]
        alive: np.ndarray = pos[self.alive[pos]]
        return alive

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Cosine of the query (a vector, or dim x k columns) against every row (dead rows included)."""
        query = np.asarray(query, dtype=np.float32)
        if len(self.rowids) == 0:
            return np.zeros((0, *query.shape[1:]), dtype=np.float32)
        with blas.threads(1) if query.ndim == 1 else contextlib.nullcontext():
            if not self._tails:
                base: np.ndarray = self._base @ query
                return base
            return np.concatenate([block @ query for _, block in self._segments()])

    def _held(self) -> tuple[quantized.Packed, np.ndarray] | None:
        """The int8 base pre-packed and each row's rounding error (|x - x8 * scale|), for an index of
        at most HOLD_ROWS_MAX rows scanned again and again (`_holding` says when); None before
        that, past HOLD_ROWS_MAX, or when onnxruntime refused to pack it."""
        if len(self.rowids) > HOLD_ROWS_MAX or len(self.rowids) == 0:
            return None
        if not self._tails and self._resid is not None and self._pack_for is self._base8:
            return (self._packed_rows, self._resid) if self._packed_rows is not None else None
        self._holding.use()
        return self._hold() if self._holding.due() else None

    def _hold(self) -> tuple[quantized.Packed, np.ndarray] | None:
        """Hold the rows now: the tail blocks folded into the base, its int8 rows packed, their errors."""
        self._holding.read(worth=HOLD_WORTH)
        matrix = self.matrix
        packed = self._packed(now=True, held=True)
        rows8 = self._base8.astype(np.float32)
        self._resid = np.linalg.norm(np.asarray(matrix) - rows8 * self.scale[:, None], axis=1).astype(np.float32)
        return (packed, self._resid) if packed is not None else None

    def approx_scores(self, query: np.ndarray) -> np.ndarray:
        """Cosine of a unit query against every row from the int8 copies (error about 2e-3)."""
        if len(self.rowids) == 0:
            return np.zeros(0, dtype=np.float32)
        q8, qscale = quantized.quantize(query)
        packed = self._packed()
        parts = [
            packed.dots(q8[0]) if packed is not None and block is self._base8 else quantized.dots(block, q8[0])
            for _, block in self._segments(int8=True)
        ]
        raw = parts[0] if len(parts) == 1 else np.concatenate(parts)
        approx: np.ndarray = raw.astype(np.float32) * (self.scale * qscale[0])
        return approx

    def _packed(self, now: bool = False, held: bool = False) -> quantized.Packed | None:
        """The base's int8 rows pre-packed, built on the PACK_AFTER-th full pass over the same base
        (a fold, a reload or a write to a base row starts the count again), or `now`; from
        QUANTIZED_FROM rows, where the int8 pass runs, or for a small index `held` (`_held`)."""
        base8 = self._base8
        if self._pack_for is not base8:
            self._pack_for, self._pack_passes, self._packed_rows, self._pack_refused = base8, 0, None, False
        self._pack_passes += 1
        due = now or self._pack_passes == PACK_AFTER
        wanted = (held or len(base8) >= QUANTIZED_FROM) and 0 < len(base8) <= PACK_ROWS_MAX
        if due and self._packed_rows is None and not self._pack_refused and wanted:
            self._packed_rows = quantized.pack(base8)  # None when refused: the plain kernel serves
            self._pack_refused = self._packed_rows is None
        return self._packed_rows

    @property
    def packed_bytes(self) -> int:
        """Memory held by onnxruntime's packed copy of the int8 base (0 when there is none)."""
        return self._packed_rows.rows * self.dim if self._packed_rows is not None else 0

    def prepare(self) -> None:
        """Pre-pack the int8 base now (a small index: hold it), for a process that will answer many
        queries (`quire serve`)."""
        if 0 < len(self.rowids) <= HOLD_ROWS_MAX:
            if self._held() is None and self._packed_rows is None and not self._pack_refused:
                self._hold()
        else:
            self._packed(now=True)

    def hamming(self, query: np.ndarray) -> np.ndarray:
        """Hamming distance (uint16) between the sign bits of a query and of every row (dead rows
        included): a 32nd of the bytes of the float32 scan, for a shortlist of the nearest rows."""
        out = np.empty(len(self.rowids), dtype=np.uint16)
        code = quantized.signs(query)[:, 0]
        for offset, block in self._code_segments():
            quantized.hamming(block, code, out[offset : offset + block.shape[1]])
        return out

    def approx_scores_at(self, positions: np.ndarray, query: np.ndarray) -> np.ndarray:
        """int8 cosines of a unit query against the rows at `positions` (reads only their int8 rows)."""
        positions = np.asarray(positions, dtype=np.int64)
        if len(positions) == 0:
            return np.zeros(0, dtype=np.float32)
        q8, qscale = quantized.quantize(query)
        raw = quantized.dots(self._gather(positions, int8=True), q8[0])
        approx: np.ndarray = raw.astype(np.float32) * (self.scale[positions] * qscale[0])
        return approx

    def vectors_at(self, positions: np.ndarray) -> np.ndarray:
        """The rows at `positions` (reads only those pages of a mapped base)."""
        return self._gather(positions)

    def above(self, queries: np.ndarray, threshold: float) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per query row: (positions, exact cosines) of the live rows at cosine >= threshold.

        Past QUANTIZED_FROM rows the first pass reads only the int8 copies (a quarter of the bytes
        a cold process pages in; an import batch's 256 queries run the u8 x s8 GEMM, 2.6x faster
        than BLAS float32) and keeps every row whose int8 cosine could reach the threshold under
        the worst-case rounding bound (each component is off by at most half its row's scale, the
        block's largest scale standing for all), so no row is missed; only those candidates'
        float32 rows are read and scored. A small index takes one float32 scan. Rows are taken in
        blocks so each score block stays small (2 MB int8, 32 MB float32).
        """
        hits, _ = self._scan(queries, threshold, narrow=False)
        return hits

    def top_above(self, queries: np.ndarray, threshold: float) -> list[tuple[np.ndarray, np.ndarray, float]]:
        """Per query row: (positions, exact cosines, floor): every live row at cosine >= floor is
        listed, and floor >= threshold is as high as the int8 bounds allow, so the list is the
        near-top only (a few rows, where `above` gives a templated import hundreds a memory).
        From CELL_QUERIES queries over an index of `cells_from` rows, "every live row" is every
        live row of each query's nearest cells (memory/cells.py): an import's batch stops reading
        every row, and a neighbour in a farther cell is not listed. A batch over bounds.FIT_FROM
        rows or more reads prefix bounds first (`_bounded_scan`): the same lists, from the few
        pairs whose bound reaches the floor.

        For a caller that wants the best hit passing some rule: walked best first, a hit at or
        above the floor that passes is the same answer as `above` gives; when none does, that
        query needs `above`. floor is the best live row's lower bound (its exact cosine on a
        float32 scan), raised block by block, so early blocks may list a few rows under it."""
        hits, floors = self._scan(queries, threshold, narrow=True)
        return [(positions, sims, floor) for (positions, sims), floor in zip(hits, floors, strict=True)]

    def _scan(
        self, queries: np.ndarray, threshold: float, *, narrow: bool
    ) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[float]]:
        """Per query (positions, exact cosines) of the live rows at or above its floor, and the
        floors: `threshold`, or with `narrow` raised to the best live row's lower bound."""
        queries = np.atleast_2d(np.asarray(queries, dtype=np.float32))
        k = len(queries)
        floor = np.full(k, np.float32(threshold), dtype=np.float32)
        if len(self.rowids) == 0 or k == 0:
            empty = [(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)) for _ in range(k)]
            return empty, floor.tolist()
        first = _FirstPass(queries, self.dim, int8=len(self.rowids) >= QUANTIZED_FROM and quantized.pays(k))
        narrowed = len(self.rowids) >= self.cells_from
        bounded = self.bounded and len(self.rowids) >= bounds.FIT_FROM and (first.int8 or not narrowed)
        if narrow and k >= CELL_QUERIES and bounded and (hits := self._bounded_scan(queries, first, floor)):
            return _per_query(*hits, floor, k), floor.tolist()
        if narrow and k >= CELL_QUERIES and narrowed:
            return _per_query(*self._cell_scan(queries, first, floor), floor, k), floor.tolist()
        # The int8 pass makes several passes over each block's scores (the cuts, the row maxima):
        # a 2 MB block stays in the core's L2 (30k rows x 256 queries: 60 ms CPU against 54 before
        # the candidate rows). BLAS float32 wants big products: 32 MB.
        block = max(1024, ((2 if first.int8 else 32) << 20) // (4 * k))
        hit_pos: list[np.ndarray] = []
        hit_query: list[np.ndarray] = []
        hit_sim: list[np.ndarray] = []  # 16 bytes a hit: many hits (a templated import) stay small
        segments = self._segments(int8=first.int8)
        floats = self._segments() if first.int8 else segments  # the float32 block of each one's rows
        for (offset, rows), (_, rows32) in zip(segments, floats, strict=True):
            for lo in range(0, len(rows), block):
                start = offset + lo
                part = rows[lo : lo + block]
                row_scale = self.scale[start : start + len(part)]
                at, est, slack = first.candidates(part, row_scale, self.alive[start : start + len(part)], floor)
                if narrow and len(at):  # the best live row of the block is at least this close to each query
                    floor = np.maximum(floor, est.max(axis=0) * first.qscale - slack)
                sub, c = np.nonzero(est >= ((floor - slack) / first.qscale)[None, :])
                r, sims = at[sub], est[sub, c]
                if first.int8:
                    sims = _rescored(rows32, lo + r, queries, c)
                keep = sims >= floor[c]
                hit_pos.append(r[keep].astype(np.int64) + start)
                hit_query.append(c[keep].astype(np.int32))
                hit_sim.append(sims[keep].astype(np.float32))
            # A write batch's scan reads every row, and the next batch reads them all again: each
            # block's pages go as soon as it is scanned (and the float32 rows its candidates were
            # re-scored on), so at most one block is resident.
            self._release_block(rows)
            if first.int8:
                self._release_block(rows32)
        return _per_query(hit_pos, hit_query, hit_sim, floor if narrow else None, k), floor.tolist()

    def _cell_scan(
        self, queries: np.ndarray, first: _FirstPass, floor: np.ndarray
    ) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
        """`_scan` narrowed over the rows of each query's nearest cells only (memory/cells.py):
        the hits (positions, query, exact cosine); `floor` is raised in place.

        Two passes. The first takes each cell's estimates whole (a cell is a few hundred rows and
        a few dozen queries, so each numpy call costs more than its arithmetic: three calls a
        cell) and keeps each query's best; the floors are raised from those once, over every
        cell. The second lists the pairs that may reach the final floors, in the cells where
        any can (on an import most cells hold none once the floors are up), and scores them
        exactly RESCORE_PAIRS at a time (`_settled`). The floors end where raising them cell by
        cell ended (a maximum), and a pair is kept by its exact cosine against them, so the hits
        are the same; fewer pairs are scored on the way."""
        every_live = bool(self.alive.all())  # once a batch (an import's rows all are), not a gather a cell
        read: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (positions, among, estimates) a cell
        tops, peaks = [], []
        for positions, moved, among, scale, peak, _ in self._cells_now().probed(queries):
            rows = moved if first.int8 else self._gather(positions, release=True)
            est = _cell_estimates(first, rows, scale, None if every_live else self.alive[positions], among)
            read.append((positions, among, est))
            tops.append(est.max(axis=0))
            peaks.append(peak)
        if not read:
            return [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int32)], [np.zeros(0, dtype=np.float32)]
        widths = np.array([len(among) for _, among, _ in read])
        among_all = np.concatenate([among for _, among, _ in read])
        qscale = first.qscale[among_all]
        slack = _cell_slack(first, np.repeat(np.array(peaks, dtype=np.float32), widths), among_all)
        _raise(floor, among_all, np.concatenate(tops) * qscale - slack)
        cut = (floor[among_all] - slack) / qscale
        reaching = np.logical_or.reduceat(np.concatenate(tops) >= cut, np.cumsum(widths) - widths)
        return self._cell_hits(read, reaching, (cut, qscale, slack, np.cumsum(widths) - widths), queries, first, floor)

    def _cell_hits(
        self,
        read: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
        reaching: np.ndarray,
        bounds: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
        queries: np.ndarray,
        first: _FirstPass,
        floor: np.ndarray,
    ) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
        """`_cell_scan`'s second pass: the pairs of the cells `reaching` whose estimate reaches its
        cut, in cell order and row-major within a cell, scored and kept against `floor`."""
        cut, qscale, slack, starts = bounds
        pending: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        held = 0  # pairs pending
        settled = []
        for i in np.flatnonzero(reaching).tolist():
            positions, among, est = read[i]
            at = slice(int(starts[i]), int(starts[i]) + len(among))
            flat = np.flatnonzero(est >= cut[at][None, :])
            sub, c = np.divmod(flat, est.shape[1])
            best = est.ravel()[flat]
            pending.append((positions[sub], among[c], best, best * qscale[at][c] + slack[at][c]))
            held += len(flat)
            if held >= RESCORE_PAIRS:
                settled.append(self._settled(pending, queries, floor, exact=first.int8))
                pending, held = [], 0
        settled.append(self._settled(pending, queries, floor, exact=first.int8))
        pos, who, sims = (np.concatenate(parts) for parts in zip(*settled, strict=True))
        keep = sims >= floor[who]
        return [pos[keep]], [who[keep].astype(np.int32)], [sims[keep]]

    def _settled(
        self,
        pending: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
        queries: np.ndarray,
        floor: np.ndarray,
        *,
        exact: bool,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The candidate pairs (position, query, estimate, its upper bound) that may still reach
        their query's floor, as (positions, queries, cosines) at or over it: scored exactly when
        the estimates were int8 (one gather of their rows), else the float32 products as they are."""
        if not pending:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        pos, who, sims, high = (np.concatenate(parts) for parts in zip(*pending, strict=True))
        open_ = high >= floor[who]
        pos, who, sims = pos[open_].astype(np.int64), who[open_], sims[open_]
        if exact and len(pos):
            unique, inverse = np.unique(pos, return_inverse=True)
            sims = _rescored(self._gather(unique, release=True), inverse, queries, who)
        keep = sims >= floor[who]
        return pos[keep], who[keep], sims[keep].astype(np.float32)

    def _bounded_scan(
        self, queries: np.ndarray, first: _FirstPass, floor: np.ndarray
    ) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]] | None:
        """`_scan`'s narrow floors and hits of a batch, read through prefix bounds (memory/bounds.py):
        every (row, query) pair the scan reads gets a proved upper bound on its cosine from one
        product of DIMS + 1 columns (an eighth of the 384; a cell's int8 dots cost ~4x that in
        calls); the floors and hits come from the pairs whose bound reaches a lower bound of their
        query's floor. The others can neither raise a floor (an int8 cosine less its slack, or a
        float32 product, is under the cosine plus MARGIN) nor reach one.

        The pairs are the scan's: every live row (`_scan`'s blocks) or, past `cells_from` rows,
        those of each query's nearest cells (`_cell_scan`'s); each pair's value raises the floor
        as there (the same operations on the same numbers: `_pair_values`), so the floors end bit
        for bit where the scan's end, and the hits are the pairs whose cosine reaches them. The
        lower bound of a query's floor is the value of its best-bounded pair, or the threshold.
        None, `floor` untouched, when more than BOUNDED_PAIRS a query reach it (many equal rows,
        a degenerate export): the scan of every pair makes those values faster, in bulk."""
        every_live = bool(self.alive.all())
        read: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (positions, among, bounds: queries x rows)
        tops, args, peaks, blocks, copies = [], [], [], [], []
        units, along = self._bounded_units(queries, first)
        projected = bounds.project(queries, along)  # rows: a unit's queries are a transposed copy (BLAS)
        for positions, among, peak, prefix, block, copy in units:
            bound = projected[among] @ prefix  # a query a row: argmax along rows (8x faster than columns)
            if not every_live:
                bound[:, ~self.alive[positions]] = -np.inf
            arg = bound.argmax(axis=1)
            read.append((positions, among, bound))
            tops.append(bound[np.arange(len(among)), arg])
            args.append(arg)
            peaks.append(peak)
            blocks.append(block)
            copies.append(copy if first.int8 else None)
        empty = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int32)], [np.zeros(0, dtype=np.float32)]
        if not read:
            return empty
        values = _PairValues(self, queries, first, np.array(peaks, dtype=np.float32), blocks)
        cut = self._lower_floor(tops, args, read, values, floor, copies) - bounds.MARGIN
        pairs = _reaching(read, tops, cut, copies, self.dim)
        if pairs is None:
            return empty
        at, owners, unit, high, copied = pairs
        if len(at) > BOUNDED_PAIRS * len(queries):
            return None
        lower = values.lower(at, owners, unit, copied)
        _raise(floor, owners, lower)
        # The floors are final: a pair whose bound is under its query's is no hit (its cosine is
        # under it too), and its float32 row is not read (a third of the pairs of a templated import).
        near = high >= floor[owners] - bounds.MARGIN
        at, owners, lower = at[near], owners[near], lower[near]
        sims = values.cosines(at, owners, lower)
        keep = sims >= floor[owners]
        return [at[keep]], [owners[keep].astype(np.int32)], [sims[keep]]

    def _lower_floor(
        self,
        tops: list[np.ndarray],
        args: list[np.ndarray],
        read: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
        values: _PairValues,
        floor: np.ndarray,
        copies: list[np.ndarray | None],
    ) -> np.ndarray:
        """A lower bound of each query's final floor: `floor`, raised by the value of the pair with
        the query's highest prefix bound (`tops`, its place in its unit in `args`, per unit read;
        a live row: dead rows bound at -inf)."""
        top, sub = np.concatenate(tops), np.concatenate(args)
        who = np.concatenate([among for _, among, _ in read])
        unit = np.repeat(np.arange(len(read)), [len(among) for _, among, _ in read])
        order = np.lexsort((-top, who))
        ordered = who[order]
        best = order[np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])]
        best = best[np.isfinite(top[best])]
        lower = floor.copy()
        if len(best):
            picked = list(zip(unit[best].tolist(), sub[best].tolist(), strict=True))
            where = np.array([read[u][0][j] for u, j in picked], dtype=np.int64)
            copied = None
            if copies[0] is not None:  # every unit is a cell, with its int8 copy
                copied = np.array([copies[u][j] for u, j in picked], dtype=np.uint8)
            _raise(lower, who[best], values.lower(where, who[best], unit[best], copied))
        return lower

    def _bounded_units(self, queries: np.ndarray, first: _FirstPass) -> tuple[Iterator[_Unit], np.ndarray]:
        """The units a bounded scan reads (positions, queries, largest int8 scale, prefix rows, the
        float32 block `_scan` multiplies them in) and the directions of their prefix rows."""
        if len(self.rowids) >= self.cells_from:
            partition = self._cells_now()
            probed = partition.probed(queries)
            cells_read = ((p, among, peak, prefix, None, moved) for p, moved, among, _, peak, prefix in probed)
            return cells_read, partition.along
        placed = self._placed_now()
        every = np.arange(len(queries))
        block = max(1024, ((2 if first.int8 else 32) << 20) // (4 * len(queries)))  # `_scan`'s blocks

        def units() -> Iterator[_Unit]:
            for offset, rows32 in self._segments():
                for lo in range(0, len(rows32), block):
                    start, stop = offset + lo, offset + min(len(rows32), lo + block)
                    peak = self.scale[start:stop].max()
                    block32 = (rows32, lo, lo + stop - start, start)
                    yield np.arange(start, stop), every, peak, placed.at(slice(start, stop)), block32, None

        return units(), placed.along

    def _placed_now(self) -> bounds.Placed:
        """Every row's prefix coordinates, fitted again when the index has grown REFIT times."""
        n = len(self.rowids)
        if self._placed is None or n >= bounds.REFIT * self._placed.fitted_at or self._placed.rows > n:
            self._placed = bounds.Placed.fit(n, lambda p: self._gather(p, release=True))
        self._placed.extend(n, lambda positions: self._gather(positions, release=True))
        return self._placed

    @property
    def cell_count(self) -> int:
        """Cells in the partition a batch's scan last read (0: none made)."""
        return len(self._cells) if self._cells is not None else 0

    def _cells_now(self) -> cells.Cells:
        """The partition of every row, made again when the index has doubled since it was made.
        A new partition keeps the prefix directions of what it replaces (the cells before it, or
        the coordinates below them) and takes its rows' coordinates from there: any orthonormal
        directions bound alike (memory/bounds.py), so only how much they prune could differ."""
        n = len(self.rowids)
        placed, self._placed = self._placed, None  # the cells hold their rows' prefix coordinates
        if self._cells is None or n >= 2 * self._cells.trained_at or self._cells.rows > n:
            along, known = None, None
            if self._cells is not None and self._cells.rows <= n:  # rows only added since: same positions
                along, known = self._cells.along, self._cells.placed()
            elif self._cells is None and placed is not None and placed.rows <= n:
                along, known = placed.along, placed.at(slice(0, placed.rows))
            self._cells = None  # the old partition goes before the new one fills
            self._cells = cells.Cells.train(n, lambda p: self._gather(p, release=True), self.cell_rows, along)
        else:
            known = None
        self._cells.extend(
            n,
            lambda positions: self._gather(positions, int8=True, release=True),
            lambda positions: self.scale[positions],
            lambda positions: self._gather(positions, release=True),
            known,
        )
        return self._cells

    def _int8_at(self, positions: np.ndarray) -> np.ndarray:
        return self._gather(positions, int8=True)

    def search(self, query: np.ndarray, k: int, rowids: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Top-k (id, cosine), optionally only among `rowids` (a scope computed in SQL)."""
        positions, cosines = self.best(query, k, None if rowids is None else self.positions_of(rowids))
        return list(zip(self.ids[positions].tolist(), cosines.tolist(), strict=True))

    def best(self, query: np.ndarray, k: int, positions: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(positions, exact cosines) of the k best live rows (of `positions`, when given), best first;
        equal cosines in rowid order. A fast pass estimates every row within a bound (`_estimates`);
        the k best estimates are scored by `exact_cosines` first, and the worst of those k exact
        cosines is a floor the k best reach: every other row whose bound reaches it is scored too,
        the rest cannot place. The same rows and bits however the pass ran; half the candidates
        of a floor made from the bounds alone (k - th best lower bound: at 10k, 110 rows against 226)."""
        query = np.asarray(query, dtype=np.float32)
        if query.shape != (self.dim,):  # named here, not as a kernel's shape error from onnxruntime
            raise ValueError(f"the query vector has shape {query.shape}; this index holds {self.dim}-d vectors")
        est, resid, a, b = self._estimates(query)
        if positions is None and not self.alive.all():
            positions = np.flatnonzero(self.alive)
        if positions is not None:
            est, resid = est[positions], None if resid is None else resid[positions]
        k = min(k, len(est))
        if k <= 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        first = _k_best(est, k)
        scored = exact_cosines(self._gather(first if positions is None else positions[first]), query)
        # A row whose bound (est + a x resid + b) falls below the k-th of `first` cannot beat nor tie it.
        floor = scored.min() - b
        if resid is None:
            reach = est >= floor
        else:
            bound = resid * a
            bound += est
            reach = bound >= floor
        reach[first] = False
        more = np.flatnonzero(reach)
        at = np.concatenate([first, more])
        if positions is not None:
            at = positions[at]
        if len(more):
            scored = np.concatenate([scored, exact_cosines(self._gather(at[k:]), query)])
        order = np.lexsort((self.rowids[at], -scored))[:k]
        return at[order], scored[order]

    def _estimates(self, query: np.ndarray) -> tuple[np.ndarray, np.ndarray | None, np.float32, np.float32]:
        """(every row's estimated cosine, resid, a, b): each estimate is within a x resid + b of
        `exact_cosines` (resid None: within b). int8 dots of a held index, off by at most
        |q| |r_x| + |r_q| (1 + |r_x|) = (|q| + |r_q|) |r_x| + |r_q| (Cauchy-Schwarz on the rounding
        errors r of the unit row x and of the query q; resid holds each |r_x|) plus the float
        rounding's slack; else a float32 scan, off by that slack alone. Kept as two numbers and the
        rows' errors, the bound costs two passes over the rows where it cost six."""
        length = np.float32(np.linalg.norm(query))
        rounding = np.float32(SCAN_SLACK * max(np.float32(1), length))
        held = self._held()
        if held is None:
            return self.scores(query), None, np.float32(0), rounding
        packed, resid = held
        q8, qscale = quantized.quantize_one(query)
        off = np.float32(np.linalg.norm(query - q8.astype(np.float32) * qscale))
        est: np.ndarray = packed.dots(q8).astype(np.float32) * (self.scale * qscale)
        return est, resid, np.float32(length + off), np.float32(off + rounding)

    # -- persisting --------------------------------------------------------------------------

    def save(self, db: Database, cache_dir: Path) -> Path:
        """Write the cache (the row files first, then the metadata that names them; each atomically).

        Compacts dead rows and puts rows in rowid order, streaming CHUNK rows at a time, then maps
        the written files as the base. A reader that opened the previous files keeps its
        mapping; files no longer named by the metadata are removed.
        """
        files.private_dir(cache_dir)
        meta = cache_path(cache_dir, self.model_id)
        with files.waited_lock(meta.with_name(f"{meta.stem}.lock")):  # two processes saving at once
            return self._save(db, meta)

    def _save(self, db: Database, meta: Path) -> Path:
        # The files written become the base and `_read_back` drops the cells and prefix bounds: dropped
        # first, the save's chunks are not held beside them (a 100k import's end: 60 MB less at its peak).
        self._cells, self._placed = None, None
        keep = self._kept()
        cache_dir = meta.parent
        matrix_name = f"{meta.stem}.{secrets.token_hex(6)}.f32.npy"
        named = {kind: _sibling(Path(matrix_name), kind).name for kind in _KINDS}
        base1 = self._codes_at(keep)  # 48 bytes a row: in memory whole (1M rows: 48 MB)
        every = len(keep) == len(self.rowids) and _ascending(keep)  # every row, in place: written as it is
        for kind, column in (("rowid", self.rowids), ("id", self.ids), ("live", self.alive), ("scale", self.scale)):
            _atomic(cache_dir, named[kind], _saver(column if every else column[keep]))  # one copy at a time
        _atomic(cache_dir, named["i8"], lambda fh: self._write_rows(fh, keep, int8=True))
        _atomic(cache_dir, named["b1"], lambda fh: np.save(fh, base1, allow_pickle=False))
        _atomic(cache_dir, named["f32"], lambda fh: self._write_rows(fh, keep, int8=False))
        self._read_back(cache_dir, named, len(keep))
        _atomic(
            cache_dir,
            meta.name,
            lambda fh: np.savez(
                fh,
                format=np.array(_FORMAT),
                model_id=np.array(self.model_id),
                db_id=np.array(_db_id(db)),
                seq=np.array(self.seq),
                rows=np.array(len(keep)),
                matrix_file=np.array(matrix_name),
                probe_rowids=self.rowids[_probes(len(keep))],
                probe_ids=self.ids[_probes(len(keep))],
            ),
        )
        _remove_unnamed(meta)
        return meta

    def _kept(self) -> np.ndarray:
        """Positions of the live rows in rowid order: what a save writes."""
        keep = np.flatnonzero(self.alive)
        ordered: np.ndarray = keep[np.argsort(self.rowids[keep], kind="stable")]
        return ordered

    def _read_back(self, cache_dir: Path, named: dict[str, str], n: int) -> None:
        """Map the files just written as the whole index (no tail: it went into them)."""
        mapped = {kind: np.load(cache_dir / named[kind], mmap_mode="c", allow_pickle=False) for kind in _KINDS}
        self.rowids, self.ids, self.alive, self.scale = mapped["rowid"], mapped["id"], mapped["live"], mapped["scale"]
        self._base, self._base8, self._base1 = mapped["f32"], mapped["i8"], mapped["b1"]
        _random_access(self._base)
        self._tails, self._tails8, self._tails1, self._sorted, self._base_written = [], [], [], None, False
        self._cells, self._placed = None, None

    def save_sealed(self, db: Database, cache_dir: Path, sealer: keys.Sealer) -> Path:
        """The cache of an encrypted home: every array in one file sealed with AES-256-GCM under a
        key derived from the home's key (`keys.Sealer.for_cache`), written atomically. Compacted
        like `save`; the index stays in memory (a sealed file cannot be mapped)."""
        keep = self._kept()
        arrays = {
            "f32": self._gather(keep),
            "i8": self._gather(keep, int8=True),
            "b1": self._codes_at(keep),
            "rowid": self.rowids[keep],
            "id": self.ids[keep],
            "live": self.alive[keep],
            "scale": self.scale[keep],
        }
        plain = _pack_sealed(
            {
                "format": SEALED_FORMAT,
                "model_id": self.model_id,
                "db_id": _db_id(db),
                "seq": self.seq,
                "rows": len(keep),
            },
            arrays,
        )
        path = sealed_path(cache_dir, self.model_id)
        files.atomic_write(path, sealer.seal(plain), prefix=".vectors-", mode=0o600)
        del plain
        self.rowids, self.ids, self.alive, self.scale = arrays["rowid"], arrays["id"], arrays["live"], arrays["scale"]
        self._base, self._base8, self._base1 = arrays["f32"], arrays["i8"], arrays["b1"]
        self._tails, self._tails8, self._tails1, self._sorted, self._base_written = [], [], [], None, False
        self._cells, self._placed = None, None
        return path

    def _write_rows(self, fh: Any, positions: np.ndarray, *, int8: bool) -> None:
        """The rows at `positions` as one .npy, CHUNK rows at a time (never the whole matrix in memory)."""
        dtype = np.dtype(np.int8 if int8 else "<f4")
        header = {
            "descr": np.lib.format.dtype_to_descr(dtype),
            "fortran_order": False,
            "shape": (len(positions), self.dim),
        }
        np.lib.format.write_array_header_1_0(fh, header)
        for lo in range(0, len(positions), CHUNK):
            fh.write(np.ascontiguousarray(self._gather(positions[lo : lo + CHUNK], int8=int8), dtype=dtype).data)
            self.release()


def _pack_sealed(head: dict[str, Any], arrays: dict[str, np.ndarray]) -> bytearray:
    """One buffer: the header's length, the header (JSON, naming each array's dtype, shape and
    offset in the data), then the data from the next 64-byte boundary, each array at one (views
    of the buffer load aligned)."""
    layout: list[list[Any]] = []
    offsets: list[int] = []
    size = 0
    for kind, values in arrays.items():
        layout.append([kind, values.dtype.str, list(values.shape), size])
        offsets.append(size)
        size += -(-values.nbytes // 64) * 64
    text = json.dumps({**head, "arrays": layout}).encode("utf-8")
    start = _data_start(len(text))
    out = bytearray(start + size)
    out[:8] = len(text).to_bytes(8, "little")
    out[8 : 8 + len(text)] = text
    for at, values in zip(offsets, arrays.values(), strict=True):
        np.frombuffer(out, dtype=values.dtype, count=values.size, offset=start + at)[:] = values.ravel()
    return out


def _data_start(header_bytes: int) -> int:
    return -(-(8 + header_bytes) // 64) * 64


def _saver(values: np.ndarray) -> files.Writer:
    def write(fh: Any) -> None:
        np.save(fh, values, allow_pickle=False)

    return write


def _probes(n: int) -> np.ndarray:
    """CHECKED_ROWS positions spread over n rows (the first and the last among them)."""
    return np.unique(np.linspace(0, n - 1, CHECKED_ROWS).astype(np.int64)) if n else np.zeros(0, dtype=np.int64)


def _check_copies(base: np.ndarray, base8: np.ndarray, scale: np.ndarray, base1: np.ndarray) -> None:
    """Recompute the int8 rows, scales and sign bits of CHECKED_ROWS rows spread over the file
    from their float32 rows: a copy written for another matrix (a stale or swapped file of the
    right shape) fails here instead of ranking wrongly. Reads a few pages of each file."""
    if not len(base):
        return
    at = _probes(len(base))
    rows = np.asarray(base[at])
    rows8, scales = quantized.quantize(rows)
    if not (np.array_equal(rows8, base8[at]) and np.array_equal(scales, scale[at])):
        raise ValueError("cache int8 rows do not match its float32 rows")
    if not np.array_equal(quantized.signs(rows), base1[:, at]):
        raise ValueError("cache sign bits do not match its float32 rows")


def _grown(block: np.ndarray | None, rows: np.ndarray) -> np.ndarray:
    """`block` with `rows` after it, as the first rows of a buffer of TAIL_BLOCK rows: written into
    the buffer's spare rows when `block` is such a view already, else copied into a new buffer. A
    tail block grows a batch at a time, and a copy of it all per batch (np.concatenate) moved
    ~8 MB a 256-message batch of an import. A view handed out before keeps its rows: only rows
    past its end are written."""
    held = 0 if block is None else len(block)
    buffer = None if block is None else block.base
    if not (
        isinstance(buffer, np.ndarray)
        and type(buffer) is np.ndarray
        and buffer.dtype == rows.dtype
        and buffer.shape[1:] == rows.shape[1:]
        and len(buffer) >= held + len(rows)
        and buffer.flags.c_contiguous
        and block is not None
        and block.ctypes.data == buffer.ctypes.data
    ):
        buffer = np.empty((max(TAIL_BLOCK, held + len(rows)), *rows.shape[1:]), dtype=rows.dtype)
        if block is not None:
            buffer[:held] = block
    buffer[held : held + len(rows)] = rows
    grown: np.ndarray = buffer[: held + len(rows)]
    return grown


def _drop_pages(block: np.ndarray) -> None:
    """Unmap the pages of a mapped block from this process (a no-op for one in memory)."""
    handle = getattr(block, "_mmap", None) if isinstance(block, np.memmap) else None
    if handle is not None and hasattr(mmap, "MADV_DONTNEED"):
        with contextlib.suppress(OSError, ValueError):
            handle.madvise(mmap.MADV_DONTNEED)


def _to_disk(block: np.ndarray, folder: Path) -> np.ndarray:
    """`block` copied into an unnamed file under `folder` (freed when the mapping goes) and mapped."""
    files.private_dir(folder)
    with tempfile.TemporaryFile(dir=folder, prefix=".vectors-tail-") as fh:
        fh.write(np.ascontiguousarray(block).data)  # the buffer itself: no second copy of the block
        fh.flush()
        # MAP_SHARED: updates go to the file, so dropping the pages (release) never loses one.
        return np.memmap(fh, dtype=block.dtype, mode="r+", shape=block.shape)


def _random_access(mapped: np.ndarray) -> None:
    """Searches read a few hundred scattered float32 rows: no read-ahead around each one when
    the file is not in the page cache yet (pages already cached may still be mapped around)."""
    handle = getattr(mapped, "_mmap", None)
    if handle is not None and hasattr(mmap, "MADV_RANDOM"):
        with contextlib.suppress(OSError, ValueError):
            handle.madvise(mmap.MADV_RANDOM)


def _atomic(folder: Path, name: str, write: files.Writer) -> None:
    files.atomic_write(folder / name, write, prefix=".vectors-")  # the one atomic write (memory/files.py)


def _mapped(path: Path) -> np.ndarray:
    """A cache's row file mapped copy-on-write; a FIFO or folder in its place (which np.load would
    wait on forever, or raise for) is a damaged cache."""
    if not files.regular(path):
        raise ValueError(f"{path.name} is no regular file")
    found: np.ndarray = np.load(path, mmap_mode="c", allow_pickle=False)
    return found


def _remove_unnamed(meta: Path) -> None:
    """Delete this model's matrix files that the metadata on disk no longer names.

    Read back after the rename, so of two racing writers neither deletes the file that won.
    """
    try:
        with np.load(meta, allow_pickle=False) as data:
            named = str(data["matrix_file"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return
    pattern = re.compile(re.escape(meta.stem) + r"\.[0-9a-f]{12}\.(" + "|".join(_KINDS) + r")\.npy")
    keep = {_sibling(Path(named), kind).name for kind in _KINDS}
    for old in meta.parent.iterdir():
        if pattern.fullmatch(old.name) and old.name not in keep and not old.is_dir():  # never read: left
            old.unlink(missing_ok=True)


def _sibling(matrix_file: Path, kind: str) -> Path:
    """The `kind` file (f32, i8, b1) that shares the float32 matrix file's token."""
    return matrix_file.with_name(matrix_file.name.removesuffix(".f32.npy") + f".{kind}.npy")


def _safe(model_id: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in model_id)


def cache_path(cache_dir: Path, model_id: str) -> Path:
    """The metadata file; the matrix sits beside it as `<stem>.<token>.f32.npy`."""
    return cache_dir / f"vectors-{_safe(model_id)}.npz"


def sealed_path(cache_dir: Path, model_id: str) -> Path:
    """The one sealed cache file of an encrypted home."""
    return cache_dir / f"vectors-{_safe(model_id)}.sealed"


def _db_id(db: Database) -> str:
    """Identity of the database (a cache copied next to another database must not be used)."""
    return meta.db_id(db)


def _stack(blobs: list[bytes], dim: int) -> np.ndarray:
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    flat = np.frombuffer(b"".join(blobs), dtype="<f4")
    return flat.reshape(len(blobs), -1).astype(np.float32, copy=True)
