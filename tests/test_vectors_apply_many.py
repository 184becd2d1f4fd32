"""A refresh marks the changed rows dead or alive in one lookup (`VectorIndex._set_alive`), not a
lookup a row: the same liveness as the row-at-a-time walk, on random and adversarial changes
(deleted rows, rowids the index never held, other models, forgotten and rejected rows, revived ones)."""

from __future__ import annotations

import numpy as np
import pytest

from memory.vectors import _EXCLUDED, VectorIndex

DIM = 8


class _Rows:
    """What `_apply` reads: (rowid, id, has a vector, model, status) of the rowids asked for."""

    def __init__(self, table: dict[int, tuple[str, bool, str, str]]):
        self.table = table

    def rows(self, sql: str, params: list[int]) -> list[tuple[object, ...]]:
        return [(r, *self.table[r]) for r in params if r in self.table]


def _index(n: int, rng: np.random.Generator) -> VectorIndex:
    index = VectorIndex("m", DIM)
    vectors = rng.standard_normal((n, DIM)).astype(np.float32)
    index.add(
        list(range(1, n + 1)), [f"m{r}" for r in range(1, n + 1)], vectors / np.linalg.norm(vectors, axis=1)[:, None]
    )
    return index


def _walked(index: VectorIndex, changed: list[int], table: dict[int, tuple[str, bool, str, str]]) -> np.ndarray:
    """The liveness the walk a row at a time left (`_drop` / revive per row, as before)."""
    alive = index.alive.copy()
    order = np.argsort(index.rowids, kind="stable")
    ordered = index.rowids[order]

    def put(rowid: int, value: bool) -> None:
        at = int(np.clip(np.searchsorted(ordered, rowid), 0, len(ordered) - 1))
        if ordered[at] == rowid:
            alive[order[at]] = value

    for rowid in set(changed) - set(table):
        put(rowid, False)
    for rowid in changed:
        if rowid in table:
            _, blob, model, status = table[rowid]
            put(rowid, bool(blob) and model == index.model_id and status not in _EXCLUDED)
    return alive


@pytest.mark.parametrize("seed", range(6))
def test_liveness_after_a_refresh_is_the_row_at_a_time_walks(seed):
    rng = np.random.default_rng(seed)
    index = _index(500, rng)
    index.alive[rng.random(500) < 0.3] = False  # some dead already (a forget, a supersede)
    changed = sorted(set(rng.integers(-5, 560, 200).tolist()))  # rowids it never held among them
    statuses = ["active", "active", "superseded", *_EXCLUDED]
    table = {
        r: (f"m{r}", bool(rng.random() < 0.9), "m" if rng.random() < 0.85 else "other", str(rng.choice(statuses)))
        for r in changed
        if rng.random() < 0.8  # the rest were deleted
    }
    expected = _walked(index, changed, table)
    index._apply(_Rows(table), changed, with_vectors=False)  # type: ignore[arg-type]
    assert index.alive.tolist() == expected.tolist()


def test_no_change_and_every_row_dropped():
    index = _index(50, np.random.default_rng(9))
    index._apply(_Rows({}), [], with_vectors=False)  # type: ignore[arg-type]
    assert index.alive.all()
    index._apply(_Rows({}), list(range(1, 51)), with_vectors=False)  # type: ignore[arg-type]
    assert not index.alive.any()
