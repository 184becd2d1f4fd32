"""A batch's near-duplicate decisions against an exhaustive scan, on random and adversarial vectors:
exact duplicates, pairs a hair either side of NEAR_DUPLICATE, ties, other spaces, supersedes and
cued turns. The batch's own members (`capture._in_batch`) and the index's near-top
(`VectorIndex.top_above`, both first passes) must name what reading every pair names."""

from __future__ import annotations

import numpy as np
import pytest

from memory import capture, vectors
from memory.capture import NEAR_DUPLICATE, _Staged
from memory.vectors import VectorIndex

DIM = 384


def _unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _at_cosine(base: np.ndarray, cos: float, rng: np.random.Generator) -> np.ndarray:
    """A unit vector at cosine `cos` to the unit vector `base` (to float32's rounding)."""
    other = rng.standard_normal(DIM).astype(np.float64)
    other -= other @ base * base
    other /= np.linalg.norm(other)
    return (cos * base + np.sqrt(1 - cos * cos) * other).astype(np.float32)


def _adversarial(n: int, seed: int) -> np.ndarray:
    """Random unit rows, then exact duplicates, rows a hair over and under the threshold to earlier
    ones, and tied pairs (one row repeated twice, so two members are equally close)."""
    rng = np.random.default_rng(seed)
    rows = _unit(rng.standard_normal((n, DIM)))
    for i in range(1, n):
        kind = rng.integers(0, 6)
        j = int(rng.integers(0, i))
        base = rows[j].astype(np.float64)
        if kind == 0:
            rows[i] = rows[j]  # an exact duplicate
        elif kind == 1:
            rows[i] = _at_cosine(base, NEAR_DUPLICATE + float(rng.choice([-2e-6, -1e-7, 0.0, 1e-7, 2e-6])), rng)
        elif kind == 2:
            rows[i] = _at_cosine(base, float(rng.uniform(0.7, 0.99)), rng)
    return rows


def _walk(staged: list[_Staged], sims: np.ndarray) -> dict[int, tuple[str, float] | None]:
    """The decision as a walk of every earlier member, one pair at a time (what `_in_batch` replaced)."""
    out: dict[int, tuple[str, float] | None] = {}
    for i, item in enumerate(staged):
        if not (sims[i, :i] >= NEAR_DUPLICATE).any():
            continue
        best = None
        for j in np.flatnonzero(sims[i, :i] >= NEAR_DUPLICATE):
            if (
                staged[j].space == item.space
                and staged[j].id != item.supersedes
                and not item.cued_by(staged[j].content)
                and item.repeats(staged[j].content)
            ):
                sim = float(sims[i, j])
                if best is None or sim > best[1]:
                    best = (staged[j].id, sim)
        out[i] = best
    return out


def _staged(n: int, seed: int) -> list[_Staged]:
    """Members in two spaces (and none), some superseding an earlier member, some chat turns
    between people whose cue is an earlier member's words."""
    rng = np.random.default_rng(seed)
    out: list[_Staged] = []
    for i in range(n):
        space = [None, "work", "home"][int(rng.integers(0, 3))] if rng.random() < 0.3 else None
        supersedes = out[int(rng.integers(0, i))].id if i and rng.random() < 0.05 else None
        content = f"turn {i} about the garden and the shed"
        cue = ""
        if i and rng.random() < 0.1:  # a turn between people: its cue names the speakers and quotes one before
            earlier = out[int(rng.integers(0, i))]
            cue = f"Anna to Ben, after {earlier.content}"
            content = earlier.content if rng.random() < 0.5 else f"something else entirely {i}"
        out.append(_Staged(f"mem_{i:04d}", i + 1, content, space, supersedes, cue, content))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_batchs_own_members_are_decided_as_a_walk_of_every_pair(seed):
    rows = _adversarial(256, seed)
    sims = rows @ rows.T
    staged = _staged(256, seed)
    decided = capture._in_batch(staged, sims)
    walked = _walk(staged, sims)
    assert decided == walked
    assert sum(v is not None for v in walked.values()) > 40  # the batch is full of close pairs


def test_a_batch_without_close_pairs_decides_nothing():
    rows = _unit(np.eye(DIM, dtype=np.float32)[:200])
    assert capture._in_batch(_staged(200, 9), rows @ rows.T) == {}


def test_ties_go_to_the_earliest_member():
    rng = np.random.default_rng(5)
    base = _unit(rng.standard_normal((1, DIM)))[0]
    rows = np.stack([base, base, base])
    staged = [_Staged(f"m{i}", i + 1, "t", None, None) for i in range(3)]
    assert capture._in_batch(staged, rows @ rows.T)[2] == ("m0", float((rows @ rows.T)[2, 0]))


@pytest.fixture(params=["float32", "int8"])
def first_pass(request, monkeypatch):
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0 if request.param == "int8" else 10**9)
    return request.param


@pytest.mark.parametrize("seed", [11, 12])
def test_the_near_top_holds_every_row_over_its_floor_and_the_best(first_pass, seed):
    """Every live row at an exhaustive cosine >= the floor is listed (the best among them), and
    no row over the threshold is lost: the floor never passes the best row's cosine."""
    rows = _adversarial(3000, seed)
    index = VectorIndex("m", DIM)
    index.add(list(range(1, 2745)), [f"m{r}" for r in range(1, 2745)], rows[:2744])
    batch = rows[2744:]
    exhaustive = vectors.exact_cosines  # one order of summation, as the scan re-scores
    for (positions, sims, floor), query in zip(index.top_above(batch, NEAR_DUPLICATE), batch, strict=True):
        every = exhaustive(rows[:2744], query)
        # Listed rows are over the threshold; a float32 first pass lists BLAS products, whose last
        # bit may differ from the one summation order (rows a hair from the threshold).
        assert floor >= NEAR_DUPLICATE and (every[positions] >= NEAR_DUPLICATE - 1e-6).all()
        if not (every >= NEAR_DUPLICATE + 1e-6).any():
            continue
        assert floor <= every.max() + 1e-4
        wanted = set(np.flatnonzero(every >= floor + 1e-4).tolist())
        assert wanted <= set(positions.tolist())
        assert every.max() - sims.max() <= 1e-5
