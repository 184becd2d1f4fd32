"""The vector cache: memory-mapped on a cold load, caught up incrementally, never trusted blindly."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from memory import vectors
from memory.embed import DIM, FakeEmbedder, to_blob
from memory.models import parse_payload
from memory.vectors import VectorIndex, cache_path

TEXTS = [
    "The nightly rebuild runs at two in the morning",
    "Ana owns the payments API and its webhooks",
    "We moved the sync service to libSQL with WAL",
    "The staging cluster keeps failing on gRPC streaming",
    "Prefer the train over driving to the Porto office",
    "The billing API started caching invoices in Redis",
]
MODEL = FakeEmbedder().model_id


@pytest.fixture
def filled(session):
    ids = [session.capture(parse_payload({"content": t})).id for t in TEXTS]
    return session, ids


def _ranking(index: VectorIndex, text: str) -> list[tuple[str, float]]:
    return [(i, round(s, 5)) for i, s in index.search(FakeEmbedder().encode([text])[0], 10)]


def _fresh(db) -> VectorIndex:
    return VectorIndex.load(db, MODEL)  # no cache folder: built from the database


def test_cold_load_maps_the_saved_matrix_and_ranks_like_the_database(filled, tmp_path):
    session, _ = filled
    VectorIndex.load(session.db, MODEL).save(session.db, tmp_path)
    cold = VectorIndex.load(session.db, MODEL, tmp_path)
    assert cold.mapped and len(cold) == len(TEXTS)
    for text in TEXTS:
        assert _ranking(cold, text) == _ranking(_fresh(session.db), text)


def test_changes_after_the_save_are_applied_without_copying_the_mapped_matrix(filled, tmp_path):
    session, ids = filled
    VectorIndex.load(session.db, MODEL).save(session.db, tmp_path)
    on_disk = np.load(next(tmp_path.glob("*.f32.npy"))).copy()
    new = session.capture(parse_payload({"content": "The auth gateway is blocked by the old monolith"})).id
    session.db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (ids[0],))
    moved = FakeEmbedder().encode(["Completely different words about gardening and tomatoes"])[0]
    session.db.execute("UPDATE memories SET embedding = ? WHERE id = ?", (to_blob(moved), ids[1]))

    cold = VectorIndex.load(session.db, MODEL, tmp_path)
    assert cold.mapped  # the new row went to the tail, the changed row to a private page
    found = dict(cold.search(FakeEmbedder().encode(["auth gateway monolith"])[0], 10))
    assert new in found and ids[0] not in found
    assert cold.search(moved, 1)[0][0] == ids[1]
    for text in [*TEXTS, "gardening tomatoes"]:
        assert _ranking(cold, text) == _ranking(_fresh(session.db), text)
    assert np.array_equal(np.load(next(tmp_path.glob("*.f32.npy"))), on_disk)  # the file is untouched


def test_a_later_save_compacts_and_removes_only_its_own_old_matrix(filled, tmp_path):
    session, ids = filled
    index = VectorIndex.load(session.db, MODEL)
    index.save(session.db, tmp_path)
    other = tmp_path / f"{cache_path(tmp_path, MODEL).stem}.x.aaaaaaaaaaaa.f32.npy"  # a model named "<id>.x"
    other.write_bytes(b"another model's matrix")
    session.db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (ids[2],))
    index.refresh(session.db)
    index.save(session.db, tmp_path)
    mine = [p for p in tmp_path.glob("*.f32.npy") if p != other]
    assert len(mine) == 1 and other.exists()
    cold = VectorIndex.load(session.db, MODEL, tmp_path)
    assert len(cold.rowids) == len(TEXTS) - 1 and ids[2] not in set(cold.ids.tolist())


DAMAGE = [
    "truncate_meta",
    "delete_matrix",
    "shrink_matrix",
    "other_database",
    "delete_signs",
    "truncate_signs",
    "stale_signs",
    "stale_int8",
    "stale_rowids",
    "delete_ids",
    "stale_ids",
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_or_foreign_cache_is_rebuilt_from_the_database(filled, tmp_path, damage):
    session, _ = filled
    VectorIndex.load(session.db, MODEL).save(session.db, tmp_path)
    meta, matrix = cache_path(tmp_path, MODEL), next(tmp_path.glob("*.f32.npy"))
    signs, int8 = next(tmp_path.glob("*.b1.npy")), next(tmp_path.glob("*.i8.npy"))
    if damage == "truncate_meta":
        meta.write_bytes(meta.read_bytes()[:40])
    elif damage == "delete_matrix":
        matrix.unlink()
    elif damage == "shrink_matrix":
        np.save(matrix, np.zeros((2, 384), dtype=np.float32))
    elif damage == "delete_signs":
        signs.unlink()
    elif damage == "truncate_signs":
        signs.write_bytes(signs.read_bytes()[:-16])
    elif damage == "stale_signs":  # right shape, bits of other rows (a file left from another save)
        np.save(signs, ~np.load(signs))
    elif damage == "stale_int8":
        np.save(int8, np.load(int8)[::-1])
    elif damage == "stale_rowids":  # the row arrays are files of their own now: each checked
        rowids = next(tmp_path.glob("*.rowid.npy"))
        np.save(rowids, np.load(rowids) + 1)
    elif damage == "delete_ids":
        next(tmp_path.glob("*.id.npy")).unlink()
    elif damage == "stale_ids":
        ids = next(tmp_path.glob("*.id.npy"))
        np.save(ids, np.load(ids)[::-1])
    else:
        session.db.execute("UPDATE meta SET value = 'another-db' WHERE key = 'db_id'")
    cold = VectorIndex.load(session.db, MODEL, tmp_path)
    assert not cold.mapped
    for text in TEXTS:
        assert _ranking(cold, text) == _ranking(_fresh(session.db), text)


def test_session_restart_reads_the_persisted_cache(filled):
    from memory.session import Session

    session, _ = filled
    session.persist_vectors(min_changes=0)
    with Session(actor="test") as again:
        index = again.vectors()
        assert index.mapped and len(index) == len(TEXTS)


def test_tail_in_many_blocks_reads_and_updates_like_one_matrix(monkeypatch):
    from memory import vectors

    monkeypatch.setattr(vectors, "TAIL_BLOCK", 7)
    rng = np.random.default_rng(11)
    rows = rng.standard_normal((40, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    index = vectors.VectorIndex("m", 384)
    index.add(list(range(1, 11)), [f"m{i}" for i in range(10)], rows[:10])
    _ = index.matrix  # rows 1-10 become the base, the rest arrive as a tail of several blocks
    for lo, hi in ((10, 13), (13, 29), (29, 40)):
        index.add(list(range(lo + 1, hi + 1)), [f"m{i}" for i in range(lo, hi)], rows[lo:hi])
    assert len(index._tails) > 2 and max(len(b) for b in index._tails) <= 7
    rows[20] = rows[3]  # an update of a row inside a tail block
    index.add([21], ["m20"], rows[20:21])
    query = rows[3]
    assert np.allclose(index.scores(query), rows @ query, atol=1e-6)
    assert np.allclose(index.vectors_at(np.array([35, 2, 20, 11])), rows[[35, 2, 20, 11]])
    assert np.allclose(index.approx_scores(query), rows @ query, atol=1e-2)
    [(positions, _)] = index.above(query, 0.99)
    assert sorted(positions.tolist()) == [3, 20]
    assert np.allclose(index.matrix, rows) and not index._tails


def test_per_row_arrays_grow_in_place_and_read_as_if_concatenated(monkeypatch):
    """rowids, ids, scales and liveness are appended into spare room (`_append`), not copied whole
    each batch: after batches of every size, an id wider than the rest, updates, drops and a
    rebuilt array in between, they equal the arrays made in one piece, and an array read before
    an append still holds its own rows."""
    monkeypatch.setattr(vectors, "TAIL_BLOCK", 5)  # the spare room: full buffers move often
    rng = np.random.default_rng(3)
    rows = rng.standard_normal((60, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    names = [f"m{i}" if i != 33 else "mem_" + "x" * 40 for i in range(60)]  # one id past 32 characters
    index = vectors.VectorIndex("m", 384)
    bounds = [0, 1, 2, 9, 10, 21, 30, 33, 34, 47, 60]
    earlier = None
    for lo, hi in itertools.pairwise(bounds):
        index.add(list(range(lo + 1, hi + 1)), names[lo:hi], rows[lo:hi])
        if hi == 21:
            earlier = index.ids.copy(), index.ids
            index._drop(5)
            index.add([8], ["m7"], rows[7:8])  # an update of a row already there
        if hi == 30:
            index.rowids = index.rowids.copy()  # another path set the array: the next append copies it
    whole = vectors.VectorIndex("m", 384)
    whole.add(list(range(1, 61)), names, rows)
    whole._drop(5)
    assert np.array_equal(index.rowids, whole.rowids) and np.array_equal(index.ids, whole.ids)
    assert np.array_equal(index.scale, whole.scale) and np.array_equal(index.alive, whole.alive)
    assert index.ids.dtype == whole.ids.dtype and index.ids[33] == names[33]
    assert earlier is not None and np.array_equal(earlier[0], earlier[1])
    query = rows[12]
    assert index.search(query, 5) == whole.search(query, 5)


def _bits_agree(index: VectorIndex, text: str) -> None:
    """The index's Hamming distances equal those of its own float32 rows' signs, row by row."""
    query = FakeEmbedder().encode([text])[0]
    live = np.flatnonzero(index.alive)
    expected = ((index.vectors_at(live) > 0) != (query > 0)).sum(axis=1)
    assert np.array_equal(index.hamming(query)[live], expected)


def test_sign_bits_follow_captures_forgets_and_reembeds(filled, tmp_path, monkeypatch):
    from memory.erase import forget
    from retrieval import tuning, vector

    session, ids = filled
    VectorIndex.load(session.db, MODEL).save(session.db, tmp_path)
    new = session.capture(parse_payload({"content": "The auth gateway is blocked by the old monolith"})).id
    forget(session.db, ids[0], actor="test")
    moved = FakeEmbedder().encode(["Completely different words about gardening and tomatoes"])[0]
    session.db.execute("UPDATE memories SET embedding = ? WHERE id = ?", (to_blob(moved), ids[1]))  # a re-embed

    cold = VectorIndex.load(session.db, MODEL, tmp_path)  # mapped files + the changes since
    assert cold.mapped
    monkeypatch.setattr(tuning, "SIGN_BITS_FROM", 0)
    for index in (cold, _fresh(session.db)):
        for text in [*TEXTS, "gardening tomatoes", "auth gateway"]:
            _bits_agree(index, text)
        found = [index.ids[index.positions_of(np.array([r]))[0]] for r, _ in vector.search_unfiltered(index, moved, 10)]
        assert found[0] == ids[1] and new in found and ids[0] not in found
    cold.save(session.db, tmp_path)  # the updated rows and bits reach the files
    again = VectorIndex.load(session.db, MODEL, tmp_path)
    assert again.mapped and not again._tails1
    for text in [*TEXTS, "gardening tomatoes"]:
        _bits_agree(again, text)


def test_full_tail_blocks_move_to_disk_and_read_like_memory(monkeypatch, tmp_path):
    from memory import vectors

    monkeypatch.setattr(vectors, "TAIL_BLOCK", 8)
    rng = np.random.default_rng(5)
    rows = rng.standard_normal((30, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    on_disk, in_memory = vectors.VectorIndex("m", 384, spill_dir=tmp_path), vectors.VectorIndex("m", 384)
    for index in (on_disk, in_memory):
        for lo, hi in ((0, 5), (5, 19), (19, 30)):
            index.add(list(range(lo + 1, hi + 1)), [f"m{i}" for i in range(lo, hi)], rows[lo:hi])
    assert sum(isinstance(b, np.memmap) for b in on_disk._tails) == 3  # the full blocks; the last is partial
    assert not any(isinstance(b, np.memmap) for b in in_memory._tails)
    assert not list(tmp_path.iterdir())  # unnamed files: nothing to clean up after a crash
    rows[10] = rows[2]  # an update inside a block on disk, then its pages dropped: the update stays
    on_disk.add([11], ["m10"], rows[10:11])
    on_disk.release()
    [(positions, _)] = on_disk.above(rows[2], 0.99)
    assert sorted(positions.tolist()) == [2, 10]
    query = rows[7]
    assert np.allclose(on_disk.scores(query), rows @ query, atol=1e-6)
    assert on_disk.search(query, 5) == in_memory.search(query, 5)


def test_a_chat_import_saves_the_cache_the_next_command_maps(session):
    from memory.session import Session

    session.import_path(Path(__file__).parent / "fixtures" / "chats" / "chat.jsonl")
    count = session.db.scalar("SELECT count(*) FROM memories WHERE embedding IS NOT NULL")
    with Session(actor="test") as again:
        index = again.vectors()
        assert index.mapped and len(index) == count > 0  # read from the saved files, nothing rebuilt


def test_a_refresh_still_sees_changes_to_rows_this_process_added(session):
    index = session.vectors()
    ids = [session.capture(parse_payload({"content": t})).id for t in TEXTS]  # added in-process
    session.db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (ids[0],))  # another writer
    session.db.execute("UPDATE memories SET embedding = NULL WHERE id = ?", (ids[1],))
    assert session.vectors() is index
    found = {i for i, _ in index.search(FakeEmbedder().encode([TEXTS[0]])[0], 10)}
    assert found == set(ids[2:])
    assert _ranking(index, TEXTS[3]) == _ranking(_fresh(session.db), TEXTS[3])


def test_a_cold_load_reads_metadata_of_one_size_and_maps_every_row_array(session, tmp_path):
    """What a cold command reads whole does not grow with the index: the row arrays (rowids, ids,
    liveness, scales) are mapped like the matrices, and the metadata file is the same size."""
    rng = np.random.default_rng(3)
    sizes = {}
    for n in (50, 5000):
        folder = tmp_path / str(n)
        index = VectorIndex(MODEL)
        rows = rng.standard_normal((n, 384)).astype(np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        index.add(list(range(1, n + 1)), [f"mem_{i:012d}" for i in range(n)], rows)
        index.save(session.db, folder)
        sizes[n] = cache_path(folder, MODEL).stat().st_size
        cold = VectorIndex.load(session.db, MODEL, folder)
        assert cold.from_cache and len(cold) == n
        assert all(isinstance(a, np.memmap) for a in (cold.rowids, cold.ids, cold.alive, cold.scale))
        assert str(cold.ids[n - 1]) == f"mem_{n - 1:012d}" and int(cold.rowids[n - 1]) == n
    assert sizes[50] == sizes[5000]


def test_a_home_whose_cache_was_deleted_writes_it_again_on_the_next_command(filled):
    from memory.session import Session

    session, _ = filled
    session.close()
    for path in session.cache_dir.glob("vectors-*"):
        path.unlink()
    with Session(actor="test") as again:
        assert not again.vectors().from_cache  # rebuilt from the rows, once
    with Session(actor="test") as again:
        assert again.vectors().from_cache and again.vectors().mapped


@pytest.mark.parametrize("tail", [False, True])
def test_a_small_index_scanned_again_and_again_is_held_in_int8_and_ranks_to_the_same_bits(filled, tmp_path, tail):
    session, ids = filled
    VectorIndex.load(session.db, MODEL).save(session.db, tmp_path)
    moved = FakeEmbedder().encode(["Completely different words about gardening and tomatoes"])[0]
    session.db.execute("UPDATE memories SET embedding = ? WHERE id = ?", (to_blob(moved), ids[1]))
    if tail:
        session.capture(parse_payload({"content": "The auth gateway is blocked by the old monolith"}))
    cold = VectorIndex.load(session.db, MODEL, tmp_path)  # mapped, a written row (and a tail)
    query = FakeEmbedder().encode(["payments webhooks"])[0]
    positions, cosines = cold.best(query, 10)
    assert cold.mapped and bool(cold._tails) == tail and cold._held() is None
    for _ in range(vectors.HOLD_AFTER):
        cold.best(query, 10)
    assert cold._held() is not None and not cold._tails  # the int8 rows packed, the tail folded in
    held_positions, held_cosines = cold.best(query, 10)
    assert held_positions.tolist() == positions.tolist() and held_cosines.tobytes() == cosines.tobytes()
    fresh = _fresh(session.db)
    assert [cold.ids[p] for p in held_positions] == [fresh.ids[p] for p in fresh.best(query, 10)[0]]
    assert held_cosines.tobytes() == fresh.best(query, 10)[1].tobytes()  # and the bits of an index never held
    cold.release()  # the written int8 row of the still-mapped int8 copy keeps its page
    assert cold.search(moved, 1)[0][0] == ids[1] and _ranking(cold, "gardening") == _ranking(fresh, "gardening")
    assert np.array_equal(cold._base8, VectorIndex.load(session.db, MODEL)._base8)


def test_a_row_written_or_added_after_the_index_is_held_is_ranked_as_written(filled, monkeypatch):
    monkeypatch.setattr(vectors, "HOLD_WORTH", 0)  # every hold earns itself back: held again at the third scan
    session, ids = filled
    index = VectorIndex.load(session.db, MODEL)
    query = FakeEmbedder().encode(["gardening tomatoes"])[0]
    index.prepare()  # as `quire serve` does before its first request
    assert index._held() is not None
    moved = FakeEmbedder().encode(["Completely different words about gardening and tomatoes"])[0]
    session.db.execute("UPDATE memories SET embedding = ? WHERE id = ?", (to_blob(moved), ids[2]))
    index.refresh(session.db)
    assert index.search(query, 1)[0][0] == ids[2]  # the packed rows went with the write
    new = session.capture(parse_payload({"content": "Tomatoes want gardening in the sun"})).id
    index.refresh(session.db)
    for _ in range(vectors.HOLD_AFTER):
        assert new in dict(index.search(query, 3))
    assert index._held() is not None and _ranking(index, "gardening") == _ranking(_fresh(session.db), "gardening")


@pytest.mark.parametrize("worth", [vectors.HOLD_WORTH, 0])
def test_a_process_writing_between_every_few_scans_stops_paying_to_hold(filled, monkeypatch, worth):
    monkeypatch.setattr(vectors, "HOLD_WORTH", worth)  # 0: the control, where every hold pays back
    session, _ = filled
    index = VectorIndex.load(session.db, MODEL)
    query = FakeEmbedder().encode(["gardening tomatoes"])[0]
    holds = []
    real = VectorIndex._hold
    monkeypatch.setattr(VectorIndex, "_hold", lambda self: (holds.append(1), real(self))[1])
    for i in range(30):
        for _ in range(4):
            index.search(query, 3)
        session.capture(parse_payload({"content": f"A new note about the garden, number {i}"}))
        index.refresh(session.db)
    assert len(holds) == (1 if worth else 30)  # at the 3rd scan; then it waits for a 6th, never reached


def test_equal_rows_tie_to_the_bit_and_rank_by_rowid_wherever_they_sit():
    rng = np.random.default_rng(4)
    index = VectorIndex(MODEL)
    rows = rng.standard_normal((4099, DIM)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    query = rows[17] + 0.5 * rows[4098]
    query /= np.linalg.norm(query)
    rows[[3, 2048, 4097, 4098]] = rows[17]  # the same vector early, mid-way and among the last rows
    index.add(list(range(1, len(rows) + 1)), [f"m{i}" for i in range(len(rows))], rows)
    for held in (False, True):
        while held and index._held() is None:
            index.best(query, 5)
        positions, cosines = index.best(query, 5)
        assert positions.tolist() == [3, 17, 2048, 4097, 4098] and len(set(cosines.tolist())) == 1


def test_the_exact_ranking_holds_however_far_the_fast_scan_is_within_its_slack(monkeypatch):
    rng = np.random.default_rng(9)
    query = np.zeros(DIM, dtype=np.float32)
    query[0] = 1
    # 300 rows whose cosines to the query step down by 3e-6 (a thirtieth of the slack: pushed by most
    # of it, a row moves past the 30 rows next to it), the rest far below.
    wanted = np.concatenate([0.5 - 3e-6 * np.arange(300), rng.uniform(-0.3, 0.3, 2700)])
    fill = rng.standard_normal((3000, DIM))
    fill[:, 0] = 0
    fill /= np.linalg.norm(fill, axis=1, keepdims=True)
    rows = (wanted[:, None] * query + np.sqrt(1 - wanted**2)[:, None] * fill).astype(np.float32)
    index = VectorIndex(MODEL)
    index.add(list(range(1, 3001)), [f"m{i}" for i in range(3000)], rows)
    exact = vectors.exact_cosines(rows, query)
    expected = np.lexsort((np.arange(3000), -exact))[:50].tolist()
    real = VectorIndex.scores
    # A fast scan off by nearly its slack, in the worst direction: the true 41st to 50th rows
    # pushed down, the next ones up.
    order = np.argsort(-exact, kind="stable")
    push = np.zeros(3000, dtype=np.float32)
    push[order[40:50]], push[order[50:200]] = -0.9 * vectors.SCAN_SLACK, 0.9 * vectors.SCAN_SLACK
    monkeypatch.setattr(VectorIndex, "scores", lambda self, q: real(self, q) + push)
    assert index.best(query, 50)[0].tolist() == expected
    monkeypatch.setattr(vectors, "SCAN_SLACK", np.float32(0))  # the control: no slack, rows are lost
    assert index.best(query, 50)[0].tolist() != expected


def test_the_control_a_big_index_stays_mapped(filled, tmp_path, monkeypatch):
    session, _ = filled
    monkeypatch.setattr(vectors, "HOLD_ROWS_MAX", len(TEXTS) - 1)
    VectorIndex.load(session.db, MODEL).save(session.db, tmp_path)
    cold = VectorIndex.load(session.db, MODEL, tmp_path)
    for _ in range(vectors.HOLD_AFTER + 2):
        cold.scores(FakeEmbedder().encode(["payments"])[0])
    assert cold.mapped


def test_a_scan_runs_on_one_blas_thread_even_when_numpy_came_up_on_every_core(monkeypatch):
    from memory import blas

    if not blas.tellable():
        pytest.skip("numpy is not on an OpenBLAS that takes a per-thread count here")
    setter = blas._local_threads()
    before = setter(2)  # as if numpy had been imported before quire set OPENBLAS_NUM_THREADS
    told = []

    def spied(count):
        told.append((count, setter(count)))
        return told[-1][1]

    monkeypatch.setattr(blas, "_local_threads", lambda: spied)
    try:
        index = VectorIndex(MODEL)
        rows = np.eye(8, DIM, dtype=np.float32)
        index.add(list(range(1, 9)), [f"m{i}" for i in range(8)], rows)
        assert index.search(rows[3], 1)[0][0] == "m3"
        assert told[:2] == [(1, 2), (2, 1)]  # one thread for the scan, the caller's two again after
    finally:
        setter(before)


@pytest.mark.parametrize("held", [False, True])
def test_a_query_of_another_width_is_named_not_passed_to_a_kernel(filled, held):
    session, _ = filled
    index = VectorIndex.load(session.db, MODEL)
    if held:
        index.prepare()
    assert (index._held() is not None) == held
    with pytest.raises(ValueError, match=f"shape \\(5,\\); this index holds {DIM}-d vectors"):
        index.search(np.ones(5, dtype=np.float32), 3)
    assert index.search(FakeEmbedder().encode(["payments"])[0], 3)  # the index still answers


def test_a_big_index_ranks_from_a_sampled_cut_as_from_every_row_ties_and_all():
    # (8,192 rows: past the size where `best` partitions only the rows over a cut read from every
    # TOP_SAMPLE-th estimate) copies of the 50th-best row sit on both sides of the cut, and the answer is still
    # the exact ranking of every row, to the bit, held in int8 or not
    rng = np.random.default_rng(12)
    rows = rng.standard_normal((8192, DIM)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    query = rows[7] + rows[900]
    query /= np.linalg.norm(query)
    fiftieth = int(np.argsort(-vectors.exact_cosines(rows, query), kind="stable")[49])
    rows[[16, 4001, 8190]] = rows[fiftieth]
    exact = vectors.exact_cosines(rows, query)
    expected = np.lexsort((np.arange(len(rows)), -exact))[:50]
    index = VectorIndex(MODEL)
    index.add(list(range(1, len(rows) + 1)), [f"m{i}" for i in range(len(rows))], rows)
    for held in (False, True):
        while held and index._held() is None:
            index.best(query, 50)
        positions, cosines = index.best(query, 50)
        assert positions.tolist() == expected.tolist() and cosines.tobytes() == exact[expected].tobytes()


@pytest.mark.parametrize("sampled_highest", [False, True])  # True: the cut lets fewer than k through, every row is read
def test_the_k_best_estimates_are_those_argpartition_picks_nan_and_ties_included(sampled_highest):
    rng = np.random.default_rng(5)
    values = rng.standard_normal(10_000).astype(np.float32)
    values[[3, 77, 5000]] = np.nan  # counted largest, as argpartition sorts them
    values[rng.choice(10_000, 200)] = values[rng.choice(10_000)]  # a run of equal values
    if sampled_highest:  # every sampled position holds a value over every other: the cut is the 8th of all
        values[:: vectors.TOP_SAMPLE] = 10 + np.arange(len(values[:: vectors.TOP_SAMPLE]), dtype=np.float32)
    found = vectors._k_best(values, 50)
    picked = np.argpartition(values, len(values) - 50)[-50:]
    assert np.all(found[1:] > found[:-1])  # ascending, no position twice
    assert np.array_equal(np.sort(values[found]), np.sort(values[picked]), equal_nan=True)


def test_a_tail_block_grown_a_batch_at_a_time_holds_what_one_piece_holds(monkeypatch):
    """The last tail block takes each batch into its spare rows (`_grown`), not a copy of it all:
    after batches that fill, cross and restart blocks, with an update in between, every row reads
    as in an index built in one piece, and a block read before a batch still holds its own rows."""
    monkeypatch.setattr(vectors, "TAIL_BLOCK", 16)
    rng = np.random.default_rng(5)
    rows = rng.standard_normal((70, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    index = vectors.VectorIndex("m", 384)
    index.add([1, 2], ["m0", "m1"], rows[:2])
    _ = index.matrix  # rows 1-2 the base; the rest a tail
    earlier = None
    for lo, hi in itertools.pairwise([2, 5, 6, 18, 19, 40, 41, 70]):
        index.add(list(range(lo + 1, hi + 1)), [f"m{i}" for i in range(lo, hi)], rows[lo:hi])
        if hi == 19:
            earlier = index._tails[-1], index._tails[-1].copy()
            rows[10] = rows[60]  # an update of a row inside a grown block
            index.add([11], ["m10"], rows[10:11])
    assert earlier is not None and np.array_equal(earlier[0], earlier[1])
    assert all(len(block) <= 16 for block in index._tails)
    assert np.array_equal(index.vectors_at(np.arange(70)), rows)
    whole = vectors.VectorIndex("m", 384)
    whole.add(list(range(1, 71)), [f"m{i}" for i in range(70)], rows)
    assert index.search(rows[60], 3) == whole.search(rows[60], 3)
    assert np.array_equal(index.matrix, rows)
