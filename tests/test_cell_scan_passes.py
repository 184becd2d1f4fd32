"""The cell scan in two passes (every cell's estimates first, the floors raised once, then the
pairs that may reach them) lists what the scan that raised the floors cell by cell listed: the
same positions, cosines and floors, bit for bit, on random and adversarial batches."""

from __future__ import annotations

import numpy as np
import pytest

from memory import bounds, cells, quantized, vectors
from memory.vectors import VectorIndex, _FirstPass, _int8_slack

DIM = 384


def _old_cell_pairs(first, rows, row_scale, live, among, floor, peak):
    """The per-cell step as it stood before the two passes (memory/vectors.py, session 34)."""
    qscale = first.qscale[among]
    if first.int8:
        slack = _int8_slack(peak, first.half, first.q_bound[among])
        est = np.multiply(quantized.dots_shifted(rows, first.q8t[:, among]), row_scale[:, None], dtype=np.float32)
    else:
        slack, est = first.slack[among], rows @ np.ascontiguousarray(first.queries_t[:, among])
    if live is not None and not live.all():
        est[~live] = -np.inf
    raised = np.maximum(floor[among], est.max(axis=0) * qscale - slack)
    floor[among] = raised
    flat = np.flatnonzero(est >= ((raised - slack) / qscale)[None, :])
    sub, c = np.divmod(flat, est.shape[1])
    best = est.ravel()[flat]
    return sub, among[c], best, best * qscale[c] + slack[c]


def _old_cell_scan(index: VectorIndex, queries: np.ndarray, threshold: float):
    """`top_above` over the cells as it stood: the floors raised cell by cell."""
    queries = np.asarray(queries, dtype=np.float32)
    k = len(queries)
    floor = np.full(k, np.float32(threshold), dtype=np.float32)
    first = _FirstPass(queries, index.dim, int8=len(index.rowids) >= vectors.QUANTIZED_FROM and quantized.pays(k))
    pending, held, settled = [], 0, []
    every_live = bool(index.alive.all())
    for positions, moved, among, scale, peak, _ in index._cells_now().probed(queries):
        rows = moved if first.int8 else index._gather(positions, release=True)
        live = None if every_live else index.alive[positions]
        pairs = _old_cell_pairs(first, rows, scale, live, among, floor, peak)
        pending.append((positions[pairs[0]], *pairs[1:]))
        held += len(pairs[0])
        if held >= vectors.RESCORE_PAIRS:
            settled.append(index._settled(pending, queries, floor, exact=first.int8))
            pending, held = [], 0
    settled.append(index._settled(pending, queries, floor, exact=first.int8))
    pos, who, sims = (np.concatenate(parts) for parts in zip(*settled, strict=True))
    keep = sims >= floor[who]
    hits = vectors._per_query([pos[keep]], [who[keep].astype(np.int32)], [sims[keep]], floor, k)
    return [(p, s, f) for (p, s), f in zip(hits, floor.tolist(), strict=True)]


def _unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def _rows(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((24, DIM)).astype(np.float32)
    return _unit(centres[rng.integers(0, 24, n)] + 0.35 * rng.standard_normal((n, DIM)).astype(np.float32))


def _index(rows: np.ndarray) -> VectorIndex:
    index = VectorIndex("m", DIM)
    for lo in range(0, len(rows), 4096):
        part = rows[lo : lo + 4096]
        rowids = list(range(1 + lo, 1 + lo + len(part)))
        index.add(rowids, [f"m{r}" for r in rowids], part)
    return index


def _near(rows: np.ndarray, cosine: float, seed: int) -> np.ndarray:
    """A unit vector at exactly `cosine` (in float64) to each row."""
    rng = np.random.default_rng(seed)
    other = rng.standard_normal(rows.shape)
    other -= (other * rows).sum(axis=1, keepdims=True) * rows
    other /= np.linalg.norm(other, axis=1, keepdims=True)
    return (cosine * rows.astype(np.float64) + np.sqrt(1 - cosine**2) * other).astype(np.float32)


def _batches(rows: np.ndarray, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    old = rows[rng.choice(len(rows), 256, replace=False)]
    return [
        _rows(256, seed + 100),  # fresh rows of the same topics
        old.copy(),  # exact duplicates
        np.concatenate([_near(old[:128], 0.75 + 1e-7, seed), _near(old[128:], 0.75 - 1e-7, seed + 1)]),
        np.concatenate([old[:64], old[:64], _near(old[64:192], 0.9, seed + 2)]),  # twins inside the batch
        _unit(rng.standard_normal((256, DIM)).astype(np.float32)),  # nothing near
    ]


@pytest.fixture(params=["float32", "int8"])
def first_pass(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(cells, "CELLS_FROM", 4000)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 250)
    if request.param == "int8":
        monkeypatch.setattr(vectors, "QUANTIZED_FROM", 4000)
    return str(request.param)


def _same(new: list, old: list) -> None:
    assert len(new) == len(old)
    for (p1, s1, f1), (p2, s2, f2) in zip(new, old, strict=True):
        assert np.float32(f1).tobytes() == np.float32(f2).tobytes()
        assert p1.tolist() == p2.tolist()
        assert s1.tobytes() == s2.tobytes()


@pytest.mark.parametrize("seed", [1, 2])
def test_two_passes_list_what_the_cell_by_cell_scan_listed(first_pass, seed):
    rows = _rows(6000, seed)
    index = _index(rows)
    for batch in _batches(rows, seed):
        _same(index.top_above(batch, 0.75), _old_cell_scan(index, batch, 0.75))
        assert index._cells is not None


def test_dead_rows_and_a_low_threshold_alike(first_pass):
    rows = _rows(6000, 3)
    index = _index(rows)
    index.top_above(rows[:256], 0.75)  # the cells made before the rows die
    for rowid in range(1, 6001, 3):
        index._drop(rowid)
    for batch in _batches(rows, 3):
        for threshold in (0.75, 0.2, -1.0):  # -1: every probed row is over the threshold
            _same(index.top_above(batch, threshold), _old_cell_scan(index, batch, threshold))


def test_a_batch_whose_cells_are_all_dead(first_pass):
    rows = _rows(6000, 4)
    index = _index(rows)
    batch = rows[:256].copy()
    index.top_above(batch, 0.75)
    for rowid in range(1, 6001):
        index._drop(rowid)
    new = index.top_above(batch, 0.75)
    _same(new, _old_cell_scan(index, batch, 0.75))
    assert all(len(p) == 0 for p, _, _ in new)


def test_the_prefix_bound_is_over_every_cosine():
    """bounds.project's coordinates and tail bound each pair's cosine from above, whatever the
    directions: fitted ones, and ones fitted on other rows (a sample that says little)."""
    rows = np.concatenate([_rows(3000, 5), _unit(np.random.default_rng(5).standard_normal((500, DIM)))])
    queries = np.concatenate([rows[:200], _near(rows[200:400], 0.999, 6), _unit(-rows[400:600])])
    for sample in (rows[:1000], _rows(50, 9)):
        along = bounds.directions(sample)
        bound = bounds.project(rows, along) @ bounds.project(queries, along).T
        exact = rows.astype(np.float64) @ queries.astype(np.float64).T
        assert (bound.astype(np.float64) + 1e-5 >= exact).all()


def test_prefix_bounds_list_what_the_int8_scan_lists(monkeypatch):
    """The bounded scan (`VectorIndex._bounded_scan`) against the int8 scan of every probed pair,
    on rows with exact duplicates (equal cosines: ties broken alike) and queries 1e-7 either side
    of the threshold and of their best neighbour."""
    monkeypatch.setattr(cells, "CELLS_FROM", 4000)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 250)
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 4000)
    rows = _rows(5000, 7)
    rows = np.concatenate([rows, rows[:600], rows[:100]])  # each of the first 100 rows three times
    index = _index(rows)
    rng = np.random.default_rng(7)
    old = rows[rng.choice(700, 256, replace=False)]
    batches = [
        *_batches(rows, 7),
        old.copy(),
        np.concatenate([_near(old[:128], 0.9 + 1e-7, 8), _near(old[128:], 0.9 - 1e-7, 9)]),
    ]
    index._drop(5)
    for batch in batches:
        index.bounded = False
        before = index.top_above(batch, 0.75)
        index.bounded = True
        _same(index.top_above(batch, 0.75), before)


@pytest.mark.parametrize("scan", ["float32", "int8", "cells"])
def test_prefix_bounds_list_what_every_scan_lists(monkeypatch, scan):
    """Below the cells too: the bounded scan of every row lists what `_scan`'s blocks list, on
    the float32 pass (the same BLAS products: a small block's whole, as `_scan` makes it) and the
    int8 one, with tail blocks of 1,000 rows (the last holds 1, a small product)."""
    monkeypatch.setattr(vectors, "TAIL_BLOCK", 1000)
    monkeypatch.setattr(cells, "CELLS_FROM", 2000 if scan == "cells" else 10**9)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 150)
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 10**9 if scan == "float32" else 2000)
    rows = _rows(2700, 11)
    rows = np.concatenate([rows, rows[:300], rows[:1]])  # duplicates: ties
    index = VectorIndex("m", DIM)
    index.cells_from = cells.CELLS_FROM
    for lo in range(0, len(rows), 256):
        part = rows[lo : lo + 256]
        rowids = list(range(1 + lo, 1 + lo + len(part)))
        index.add(rowids, [f"m{r}" for r in rowids], part)
    assert len(index._tails[-1]) == 1
    index._drop(7)
    around_last = _near(np.repeat(rows[-1:], 64, axis=0), 0.95, 12)  # read in the one-row block
    for batch in [*_batches(rows, 11), rows[-64:].copy(), around_last]:
        index.bounded = False
        before = index.top_above(batch, 0.75)
        index.bounded = True
        _same(index.top_above(batch, 0.75), before)
    assert (index._placed is None) == (scan == "cells")


@pytest.mark.parametrize("scan", ["int8", "cells"])
def test_a_degenerate_batch_lists_what_the_scan_lists(monkeypatch, scan):
    """Rows that are a few vectors repeated (an export of one message again and again): more pairs
    reach each floor than a bounded scan takes (BOUNDED_PAIRS a query), and the scan of every pair
    lists them, the floors untouched by the bounded pass before it."""
    monkeypatch.setattr(cells, "CELLS_FROM", 2000 if scan == "cells" else 10**9)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 150)
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 2000)
    few = _rows(4, 13)
    rows = few[np.arange(3000) % 4]
    index = _index(rows)
    index.cells_from = cells.CELLS_FROM
    batch = np.concatenate([few[np.arange(128) % 4], _near(few[np.arange(128) % 4], 0.99, 14)])
    index.bounded = False
    before = index.top_above(batch, 0.75)
    index.bounded = True
    first = _FirstPass(batch, DIM, int8=True)
    floor = np.full(len(batch), np.float32(0.75), dtype=np.float32)
    assert index._bounded_scan(batch, first, floor) is None
    assert (floor == np.float32(0.75)).all()
    _same(index.top_above(batch, 0.75), before)
    assert sum(len(p) for p, _, _ in before) > vectors.BOUNDED_PAIRS * len(batch)


def _every_reaching(read, cut):
    """The pairs a bounded scan's units list, compared row by row for every query: (positions,
    queries, units, bounds), row-major within a unit (the order before session 51)."""
    pos, who, unit, high = [], [], [], []
    for i, (positions, among, bound) in enumerate(read):
        c, sub = np.nonzero(bound >= cut[among][:, None])
        pos += positions[sub].tolist()
        who += among[c].tolist()
        unit += [i] * len(sub)
        high += bound[c, sub].tolist()
    return pos, who, unit, high


@pytest.mark.parametrize("subset", [1, 100])  # the reaching queries alone, or the whole unit
@pytest.mark.parametrize("copied", [False, True])
def test_only_queries_whose_best_bound_reaches_their_cut_are_compared_and_the_pairs_are_the_same(
    copied, subset, monkeypatch
):
    """`vectors._reaching` compares row by row only the queries whose best bound in a unit reaches
    their cut (or the whole unit, where many do); the pairs listed are every pair at or over its
    cut (a tie included), in the same order, and a query whose best is just under its cut (the
    control) lists none."""
    monkeypatch.setattr(vectors, "SUBSET", subset)
    rng = np.random.default_rng(51)
    cut = np.array([0.9, 0.8, 0.7, 0.95], dtype=np.float32)
    first = rng.uniform(0.0, 0.6, (3, 40)).astype(np.float32)
    first[0, 7] = np.nextafter(np.float32(0.9), np.float32(0))  # query 0: just under its cut
    first[1, [3, 30]] = [np.float32(0.8), np.float32(0.83)]  # query 1: a tie with its cut and one over
    first[2, :] = np.float32(0.75)  # query 2: every row reaches
    second = rng.uniform(0.0, 0.5, (2, 25)).astype(np.float32)  # no query of this unit reaches
    third = rng.uniform(0.9, 1.0, (1, 10)).astype(np.float32)  # query 3 reaches on some rows
    read = [
        (np.arange(100, 140), np.array([0, 1, 2]), first),
        (np.arange(200, 225), np.array([1, 3]), second),
        (np.arange(300, 310), np.array([3]), third),
    ]
    tops = [bound.max(axis=1) for _, _, bound in read]
    copies = [rng.integers(0, 256, (len(p), 8), dtype=np.uint8) for p, _, _ in read] if copied else [None] * 3
    found = vectors._reaching(read, tops, cut, copies, 8)
    assert found is not None
    at, owners, unit, high, rows8 = found
    pos, who, units, bounds_ = _every_reaching(read, cut)
    assert at.tolist() == pos and owners.tolist() == who and unit.tolist() == units
    assert high.tolist() == bounds_
    assert 0 not in owners.tolist()  # the control
    assert sorted(at[owners == 1].tolist()) == [103, 130]
    if copied:
        expected = np.concatenate([copies[u][p - read[u][0][0]][None] for p, u in zip(at, unit, strict=True)])
        assert rows8 is not None and (rows8 == expected).all()
    else:
        assert rows8 is None
    assert vectors._reaching(read[1:2], tops[1:2], cut, copies[1:2], 8) is None
