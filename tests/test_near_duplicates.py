"""Which memories count as near duplicates: same space, active, cosine >= NEAR_DUPLICATE only.

Run on both first passes of `VectorIndex.above` (float32 scan, int8 bound then float32), so a
candidate the int8 pass drops or a row the database filter lets through shows up here.
"""

from __future__ import annotations

import numpy as np
import pytest

from memory import spaces, vectors
from memory.capture import NEAR_DUPLICATE, Stored, capture
from memory.embed import FakeEmbedder
from memory.models import parse_payload
from memory.vectors import VectorIndex

PROBE = "We chose libSQL for the store because it keeps vectors inline with rows"
CLOSE = [
    "We chose libSQL for our store since it keeps vectors inline with rows",
    "We chose libSQL for the store because it keeps the vectors inline with rows",
    "We chose libSQL for the store as it keeps vectors inline with the rows",
]


def fake():
    return FakeEmbedder()


def store(db, content, **kw):
    out = capture(db, parse_payload({"content": content, **kw}), embedder=fake)
    assert isinstance(out, Stored)
    return out.id


@pytest.fixture(params=["float32", "int8"])
def first_pass(request, monkeypatch):
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0 if request.param == "int8" else 10**9)
    return request.param


def _distractors(db):
    """A close memory in another space, one superseded, one forgotten: none may count."""
    spaces.add(db, "work", actor="test")
    other_space = store(db, PROBE, space="work")
    superseded = store(db, CLOSE[1])
    forgotten = store(db, CLOSE[2])
    db.execute("UPDATE memories SET status = 'superseded' WHERE id = ?", (superseded,))
    db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (forgotten,))
    return {other_space, superseded, forgotten}


def test_other_space_superseded_and_forgotten_are_not_near_duplicates(db, first_pass):
    embedder = FakeEmbedder()
    sims = embedder.encode(CLOSE[1:]) @ embedder.encode([PROBE])[0]
    assert (sims >= NEAR_DUPLICATE).all()  # each would count if it were an active memory of this space
    _distractors(db)
    probe = capture(db, parse_payload({"content": PROBE}), embedder=fake)
    assert isinstance(probe, Stored)
    assert probe.near_duplicate_of is None and not probe.warnings
    assert db.scalar("SELECT near_duplicate_of FROM memories WHERE id = ?", (probe.id,)) is None


def test_the_active_same_space_memory_is_found_among_distractors(db, first_pass):
    ignored = _distractors(db)
    active = store(db, CLOSE[0])
    probe = capture(db, parse_payload({"content": PROBE}), embedder=fake)
    assert probe.near_duplicate_of == active and active not in ignored
    assert any(active in w for w in probe.warnings)


def test_superseded_memory_is_not_flagged_against_its_successor(db, first_pass):
    old = store(db, CLOSE[0])
    new = capture(db, parse_payload({"content": PROBE, "supersedes": old}), embedder=fake)
    assert isinstance(new, Stored) and new.near_duplicate_of is None


def test_above_matches_a_brute_force_scan_on_both_passes(monkeypatch):
    rng = np.random.default_rng(3)
    dim, n, k = 384, 3000, 6
    queries = rng.standard_normal((k, dim)).astype(np.float32)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    noise = rng.standard_normal((n, dim)).astype(np.float32)
    owner = rng.integers(k, size=n)
    noise -= (noise * queries[owner]).sum(axis=1, keepdims=True) * queries[owner]
    noise /= np.linalg.norm(noise, axis=1, keepdims=True)
    target = rng.uniform(0.6, 0.9, size=n).astype(np.float32)  # many rows just either side of 0.75
    rows = target[:, None] * queries[owner] + np.sqrt(1 - target**2)[:, None] * noise
    rows = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    rows[4] = queries[0]  # rowid 5: identical to a query, then dropped
    index = VectorIndex("m", dim)
    half = n // 2  # rows in both the base matrix and the in-memory tail
    index.add(list(range(1, half + 1)), [f"mem_{i}" for i in range(half)], rows[:half])
    assert len(index.matrix) == half
    index.add(list(range(half + 1, n + 1)), [f"mem_{i}" for i in range(half, n)], rows[half:])
    index._drop(5)  # a dead row never counts
    exact = rows @ queries.T
    for first in (10**9, 0):
        monkeypatch.setattr(vectors, "QUANTIZED_FROM", first)
        found = index.above(queries, NEAR_DUPLICATE)
        for j in range(k):
            want = {p for p in np.flatnonzero(exact[:, j] >= NEAR_DUPLICATE) if index.alive[p]}
            positions, sims = found[j]
            assert set(positions.tolist()) == want
            assert np.allclose(sims, exact[positions, j], atol=1e-5)
    assert not index.alive[4] and all(4 not in positions for positions, _ in found)
