"""A big batch's near-duplicate scan reads each memory's nearest cells (memory/cells.py), and finds
what the exact scan finds where the neighbours are close; the partition never outlives a re-layout."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from eval.bench import write_chatgpt_export
from memory import bounds, cells, vectors
from memory.home import Home
from memory.session import Session
from memory.vectors import VectorIndex

DIM = 384


def _clustered(n: int, topics: int, seed: int, spread: float = 0.35) -> np.ndarray:
    """Unit rows around `topics` random directions: the shape of a chat history (many turns on
    a few subjects), where a near duplicate sits with its topic."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((topics, DIM)).astype(np.float32)
    rows = centres[rng.integers(0, topics, n)] + spread * rng.standard_normal((n, DIM)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _index(rows: np.ndarray, first_rowid: int = 1) -> VectorIndex:
    index = VectorIndex("m", DIM)
    for lo in range(0, len(rows), 4096):
        part = rows[lo : lo + 4096]
        rowids = list(range(first_rowid + lo, first_rowid + lo + len(part)))
        index.add(rowids, [f"m{r}" for r in rowids], part)
    return index


def _best(top: list[tuple[np.ndarray, np.ndarray, float]], index: VectorIndex) -> list[str | None]:
    return [str(index.ids[p[np.argmax(s)]]) if len(p) else None for p, s, _ in top]


@pytest.fixture(params=["float32", "int8"])
def small_cells(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cells from 4,000 rows, 250 a cell; the first pass in float32 or (as past 20k rows) int8."""
    monkeypatch.setattr(cells, "CELLS_FROM", 4000)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 250)
    if request.param == "int8":
        monkeypatch.setattr(vectors, "QUANTIZED_FROM", 4000)


def _exact(index: VectorIndex, queries: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    with monkeypatch.context() as m:
        m.setattr(vectors, "CELL_QUERIES", 10**9)
        return _best(index.top_above(queries, 0.75), index)


def test_a_batch_over_a_big_index_finds_the_exact_scans_near_duplicates(small_cells, monkeypatch):
    rows = _clustered(6000, 24, seed=1)
    index = _index(rows[:5744])
    batch = rows[5744:]
    found = _best(index.top_above(batch, 0.75), index)
    assert index._cells is not None  # the cells were read, not every row
    exact = _exact(index, batch, monkeypatch)
    flagged = [e for e in exact if e is not None]
    assert len(flagged) > 200  # the batch is mostly near duplicates of earlier rows
    assert found == exact


def test_the_cosines_listed_are_the_rows_and_over_the_floor(small_cells):
    rows = _clustered(6000, 24, seed=2)
    index = _index(rows[:5744])
    batch = rows[5744:]
    for (positions, sims, floor), query in zip(index.top_above(batch, 0.75), batch, strict=True):
        assert floor >= 0.75
        assert (sims >= floor).all()
        # A float32 first pass (under QUANTIZED_FROM rows) lists its BLAS products: the last bit may differ.
        np.testing.assert_allclose(sims, vectors.exact_cosines(index._gather(positions), query), atol=1e-6)


def test_a_small_batch_or_a_small_index_reads_every_row(small_cells):
    rows = _clustered(6000, 24, seed=3)
    index = _index(rows[:5744])
    index.top_above(rows[5744:5800], 0.75)  # 56 memories: fewer than CELL_QUERIES
    assert index._cells is None
    small = _index(rows[:3000])
    small.top_above(rows[5744:], 0.75)  # under CELLS_FROM rows
    assert small._cells is None


def test_rows_added_after_the_cells_were_made_are_found(small_cells, monkeypatch):
    rows = _clustered(7000, 24, seed=4)
    index = _index(rows[:5000])
    index.top_above(rows[6744:], 0.75)  # makes the cells over 5,000 rows
    made = index._cells
    more = rows[5000:6744]
    index.add(list(range(5001, 6745)), [f"m{r}" for r in range(5001, 6745)], more)
    found = _best(index.top_above(more[:256] * 1.0, 0.75), index)
    assert index._cells is made  # extended, not made again
    assert found == _exact(index, more[:256], monkeypatch)
    assert all(f is not None for f in found)  # each new row is its own nearest: placed in a cell


def test_the_cells_go_when_rows_move(small_cells, monkeypatch, tmp_path: Path):
    """A save compacts the dead rows away (positions move); a rewritten vector may change cell:
    the partition is made again, never read with positions that name other rows now."""
    rows = _clustered(6000, 24, seed=5)
    index = _index(rows[:5744])
    batch = rows[5744:]
    index.top_above(batch, 0.75)
    for rowid in range(1, 2000, 3):
        index._drop(rowid)
    db = _FakeDb()
    index.save(db, tmp_path)  # type: ignore[arg-type]
    assert index._cells is None
    assert _best(index.top_above(batch, 0.75), index) == _exact(index, batch, monkeypatch)
    index.add([11], ["m11"], rows[5744:5745])  # row 11's vector rewritten
    assert index._cells is None


def test_dead_rows_are_never_listed(small_cells):
    rows = _clustered(6000, 24, seed=6)
    index = _index(rows[:5744])
    index.top_above(rows[5744:], 0.75)
    dead = set(range(1, 5745, 2))
    for rowid in dead:
        index._drop(rowid)
    for positions, _, _ in index.top_above(rows[5744:], 0.75):
        assert not set(index.rowids[positions].tolist()) & dead


def test_the_same_rows_make_the_same_cells(small_cells):
    rows = _clustered(5000, 24, seed=7)
    a, b = _index(rows), _index(rows)
    a.top_above(rows[:256], 0.75)
    b.top_above(rows[:256], 0.75)
    assert a._cells is not None and b._cells is not None
    np.testing.assert_array_equal(a._cells.centroids, b._cells.centroids)


class _FakeDb:
    """What `VectorIndex.save` asks of the database: the id that names its files."""

    def scalar(self, sql: str, params: tuple[object, ...] = ()) -> object:
        return "db-test"


def _imported(home: Path, export: Path) -> tuple[int, dict[str, str | None]]:
    """Import `export` into `home` (the library, as `quire import --roles all`): the near-duplicates
    counted, and each memory's text with the text of the memory it was flagged near."""
    with Session(Home(home), actor="test") as s:
        report = s.import_path(export, roles="all")
        near = dict(s.db.rows("SELECT id, near_duplicate_of FROM memories"))
        text = dict(s.db.rows("SELECT id, content FROM memories"))
    return report.near_duplicates, {text[i]: text.get(other) if other else None for i, other in near.items()}


def test_an_import_flags_what_the_exact_scan_flags(tmp_path: Path, monkeypatch):
    """Through an import (batches of 256): the memories flagged near another, and which other,
    are those of the same import with every row read (a templated export: most messages have a
    near duplicate, many of them hundreds)."""
    export = tmp_path / "conversations.json"
    write_chatgpt_export(export, 3000)
    monkeypatch.setattr(cells, "CELLS_FROM", 1000)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 100)
    counted, flagged = _imported(tmp_path / "cells", export)
    assert counted > 2000
    monkeypatch.setattr(vectors, "CELL_QUERIES", 10**9)
    exact_counted, exact = _imported(tmp_path / "exact", export)
    assert set(flagged) == set(exact)  # the same memories
    assert {t for t, o in flagged.items() if o} <= {t for t, o in exact.items() if o}  # no flag the exact scan lacks
    same = sum(flagged[t] == exact[t] for t in exact if exact[t])
    assert counted >= 0.99 * exact_counted
    assert same >= 0.97 * exact_counted


def test_a_partition_made_again_keeps_the_directions_and_lists_what_every_pair_lists(monkeypatch):
    """The cells made over the coordinates below them, then made again as the index doubles: each
    keeps the directions of what it replaces and takes its rows' coordinates from there (not
    projected again), and the bounded scan lists what the int8 scan of every probed pair lists."""
    monkeypatch.setattr(cells, "CELLS_FROM", 4000)
    monkeypatch.setattr(cells, "ROWS_PER_CELL", 250)
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 2000)
    rows = _clustered(9000, 24, seed=8)
    index = _index(rows[:3000])
    index.top_above(rows[8744:], 0.75)  # below the cells: every row's coordinates (`Placed`)
    below = index._placed
    assert below is not None
    steps = [(3000, 4200), (4200, 8500)]  # the cells made, then made again (8,500 >= 2 x 4,200)
    for lo, hi in steps:
        before = index._cells if index._cells is not None else below
        index.add(list(range(lo + 1, hi + 1)), [f"m{r}" for r in range(lo + 1, hi + 1)], rows[lo:hi])
        batch = np.concatenate([rows[hi - 128 : hi], rows[8744:8872]])
        index.bounded = False
        every_pair = index.top_above(batch, 0.75)
        made = index._cells
        assert made is not None and made is not before and made.trained_at == hi
        assert made.along is before.along
        index.bounded = True
        got = index.top_above(batch, 0.75)
        assert index._cells is made
        for (p1, s1, f1), (p2, s2, f2) in zip(got, every_pair, strict=True):
            assert p1.tolist() == p2.tolist() and s1.tobytes() == s2.tobytes() and f1 == f2
        fresh = bounds.projected(np.arange(hi), lambda p: rows[p], made.along)
        np.testing.assert_allclose(made.placed(), fresh, rtol=0, atol=1e-6)
