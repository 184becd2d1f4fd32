"""The int8 first pass: exact integer dots, and a two-pass ranking equal to the exact scan."""

from __future__ import annotations

import numpy as np
import pytest

from memory import quantized, vectors
from memory.vectors import VectorIndex
from retrieval import tuning, vector

# onnxruntime's u8 x s8 kernel saturates on a CPU with AVX2 and no VNNI (quantized._exact), and then
# nothing may pack: these tests need a CPU where it is exact (the refusal is tested on every CPU).
U8S8_EXACT = quantized._kernel(quantized._WIDE_MODEL) is not False
needs_exact_u8s8 = pytest.mark.skipif(not U8S8_EXACT, reason="onnxruntime's u8 x s8 kernel saturates on this CPU")


def test_the_embedded_kernel_is_the_graph_onnx_helper_writes():
    from onnx import TensorProto, helper

    rows = helper.make_tensor_value_info("rows", TensorProto.INT8, ["n", "d"])
    query = helper.make_tensor_value_info("query", TensorProto.INT8, ["d", "k"])
    dots = helper.make_tensor_value_info("dots", TensorProto.INT32, ["n", "k"])
    node = helper.make_node("MatMulInteger", ["rows", "query"], ["dots"])
    graph = helper.make_graph([node], "int8_dot", [rows, query], [dots])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="quire")
    model.ir_version = 8
    assert model.SerializeToString() == quantized._MODEL


@pytest.mark.parametrize("use_kernel", [True, False])
def test_dots_are_exact_integers(monkeypatch, use_kernel):
    if not use_kernel:
        monkeypatch.setattr(quantized, "_kernel", lambda model=None: False)
    rng = np.random.default_rng(3)
    rows = rng.integers(-127, 128, (513, 384)).astype(np.int8)
    q = rng.integers(-127, 128, 384).astype(np.int8)
    assert np.array_equal(quantized.dots(rows, q), rows.astype(np.int32) @ q.astype(np.int32))
    assert quantized.dots(rows[:0], q).shape == (0,)
    rows[0], rows[1] = 127, -127  # the extremes survive the uint8 shift of the wide kernel
    for k in (quantized.WIDE_FROM - 1, quantized.WIDE_FROM, 256):
        many = rng.integers(-127, 128, (384, k)).astype(np.int8)
        assert np.array_equal(quantized.dots(rows, many), rows.astype(np.int32) @ many.astype(np.int32))


def test_the_embedded_wide_kernel_is_the_graph_onnx_helper_writes():
    from onnx import TensorProto, helper

    rows = helper.make_tensor_value_info("rows", TensorProto.UINT8, ["n", "d"])
    query = helper.make_tensor_value_info("query", TensorProto.INT8, ["d", "k"])
    dots = helper.make_tensor_value_info("dots", TensorProto.INT32, ["n", "k"])
    node = helper.make_node("MatMulInteger", ["rows", "query", "zero"], ["dots"])
    zero = helper.make_tensor("zero", TensorProto.UINT8, [], [128])
    graph = helper.make_graph([node], "wide_int8_dot", [rows, query], [dots], initializer=[zero])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="quire")
    model.ir_version = 8
    assert model.SerializeToString() == quantized._WIDE_MODEL


def test_quantize_keeps_cosines_within_two_thousandths():
    rng = np.random.default_rng(4)
    v = rng.standard_normal((200, 384)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    rows, scale = quantized.quantize(v)
    approx = (rows.astype(np.float32) * scale[:, None]) @ v[0]
    assert np.abs(approx - v @ v[0]).max() < 2e-3
    zero_rows, zero_scale = quantized.quantize(np.zeros((1, 384), dtype=np.float32))
    assert not zero_rows.any() and zero_scale[0] == 1.0


def _index(n: int, seed: int = 5) -> tuple[VectorIndex, np.ndarray]:
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((20, 384))
    v = centres[rng.integers(0, 20, n)] + 0.6 * rng.standard_normal((n, 384))  # clustered, near ties
    v = (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)
    index = VectorIndex("m")
    half = n // 2
    index.add(list(range(1, half + 1)), [f"m{i}" for i in range(half)], v[:half])
    _ = index.matrix  # fold: the first half is the base, the rest a tail
    index.add(list(range(half + 1, n + 1)), [f"m{i}" for i in range(half, n)], v[half:])
    return index, v


def test_two_pass_ranking_equals_the_exact_scan(monkeypatch):
    index, v = _index(3000)
    index.alive[::7] = False  # forgotten rows stay out of both
    monkeypatch.setattr(vector, "QUANTIZED_FROM", 0)
    for q in v[[1, 500, 2999]] + 0.01:
        q = (q / np.linalg.norm(q)).astype(np.float32)
        fast = vector.search_unfiltered(index, q, 200)
        monkeypatch.setattr(vector, "QUANTIZED_FROM", 10**9)
        exact = vector.search_unfiltered(index, q, 200)
        monkeypatch.setattr(vector, "QUANTIZED_FROM", 0)
        assert [r for r, _ in fast] == [r for r, _ in exact]
        assert np.allclose([s for _, s in fast], [s for _, s in exact], atol=1e-6)
        assert all((r - 1) % 7 for r, _ in fast)


def test_an_updated_row_is_requantized(monkeypatch):
    index, v = _index(400)
    monkeypatch.setattr(vector, "QUANTIZED_FROM", 0)
    target = v[10] * -1
    index.add([3], ["m2"], target[None, :])  # row 3 (base) now points the other way
    assert vector.search_unfiltered(index, target, 1)[0][0] == 3
    index.add([390], ["m389"], target[None, :])  # a tail row too
    assert {r for r, _ in vector.search_unfiltered(index, target, 2)} == {3, 390}


def test_sign_bits_are_the_component_signs():
    rng = np.random.default_rng(6)
    v = rng.standard_normal((70, 384)).astype(np.float32)
    v[3] = 0.0  # a zero component is not positive
    codes = quantized.signs(v)
    assert codes.shape == (6, 70) and codes.dtype == np.uint64
    out = np.empty(70, dtype=np.uint16)
    quantized.hamming(codes, quantized.signs(v[5])[:, 0], out)
    assert np.array_equal(out, ((v > 0) != (v[5] > 0)).sum(axis=1))


def _clear_index(n: int, seed: int) -> tuple[VectorIndex, np.ndarray]:
    """Small clusters (20 rows each), so a query near a row has clear neighbours, as real ones do."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((n // 20, 384))
    v = centres[rng.integers(0, len(centres), n)] + 0.8 * rng.standard_normal((n, 384))
    v = (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)
    index = VectorIndex("m")
    half = n // 2
    index.add(list(range(1, half + 1)), [f"m{i}" for i in range(half)], v[:half])
    _ = index.matrix  # the first half is the base, the rest a tail
    index.add(list(range(half + 1, n + 1)), [f"m{i}" for i in range(half, n)], v[half:])
    return index, v


@pytest.mark.parametrize("kind", ["clear", "near_ties"])
def test_sign_bit_shortlist_ranks_like_the_exact_scan(monkeypatch, kind):
    index, v = _clear_index(20_000, seed=8) if kind == "clear" else _index(20_000, seed=8)
    index.alive[::5] = False
    rng = np.random.default_rng(9)
    held = 0
    for limit in (10, 200):
        for i in rng.integers(0, len(v), 12):
            q = v[i] + 0.02 * rng.standard_normal(384)
            q = (q / np.linalg.norm(q)).astype(np.float32)
            held += vector.shortlist(index, q, limit) is not None
            monkeypatch.setattr(tuning, "SIGN_BITS_FROM", 0)
            fast = vector.search_unfiltered(index, q, limit)
            monkeypatch.setattr(tuning, "SIGN_BITS_FROM", 10**9)
            monkeypatch.setattr(vector, "QUANTIZED_FROM", 10**9)
            exact = vector.search_unfiltered(index, q, limit)
            monkeypatch.setattr(vector, "QUANTIZED_FROM", 20_000)
            assert [r for r, _ in fast[:10]] == [r for r, _ in exact[:10]]
            assert np.allclose([s for _, s in fast[:10]], [s for _, s in exact[:10]], atol=1e-6)
            assert all((r - 1) % 5 for r, _ in fast)
    if kind == "clear":  # the shortlist itself answered, not the fallback
        assert held >= 20


def test_a_tie_of_many_identical_codes_keeps_the_shortlist_bounded():
    distance = np.full(10_000, 3, dtype=np.uint16)
    distance[:10] = 1
    picked = vector._nearest(distance, 100, 384)
    assert len(picked) == 100 and set(range(10)) <= set(picked.tolist())
    assert len(vector._nearest(distance, 20_000, 384)) == 10_000


def test_the_embedded_packed_kernel_is_the_graph_onnx_helper_writes():
    from onnx import TensorProto, helper

    constants = [
        helper.make_tensor("rows_t", TensorProto.INT8, [1, 1], [0]),  # the placeholder `pack` replaces
        helper.make_tensor("zero", TensorProto.UINT8, [], [128]),
    ]
    query = helper.make_tensor_value_info("query", TensorProto.UINT8, ["k", "d"])
    dots = helper.make_tensor_value_info("dots", TensorProto.INT32, ["k", "n"])
    node = helper.make_node("MatMulInteger", ["query", "rows_t", "zero"], ["dots"])
    graph = helper.make_graph([node], "packed_int8_dot", [query], [dots], initializer=constants)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="quire")
    model.ir_version = 8
    assert model.SerializeToString() == quantized._PACKED_MODEL


@needs_exact_u8s8
def test_packed_dots_are_the_same_exact_integers():
    rng = np.random.default_rng(12)
    rows = rng.integers(-127, 128, (3001, 384)).astype(np.int8)
    packed = quantized.pack(rows)
    assert packed is not None and packed.rows == 3001
    for q in [rng.integers(-127, 128, 384).astype(np.int8), np.full(384, -127, np.int8), np.zeros(384, np.int8)]:
        assert np.array_equal(packed.dots(q), quantized.dots(rows, q))


def test_pack_refuses_what_it_cannot_prove(monkeypatch):
    assert quantized.pack(np.zeros((0, 384), np.int8)) is None
    # every dot zero: a session reading freed memory could not be told from a packed one
    assert quantized.pack(np.zeros((50, 384), np.int8)) is None
    monkeypatch.setattr(quantized, "_kernel", lambda model=None: False)  # no onnxruntime
    assert quantized.pack(np.ones((50, 384), np.int8)) is None


@needs_exact_u8s8
def test_the_base_is_packed_after_a_few_full_passes_and_scores_do_not_move(monkeypatch):
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0)
    index, v = _index(3000)
    q = v[7]
    first = [index.approx_scores(q) for _ in range(vectors.PACK_AFTER - 1)]
    assert index._packed_rows is None  # a one-shot command (two passes with feedback) never packs
    packed = index.approx_scores(q)
    assert index._packed_rows is not None
    assert all(np.array_equal(f, packed) for f in first) and np.array_equal(packed, index.approx_scores(q))


@needs_exact_u8s8
def test_a_write_to_a_packed_base_row_is_seen(monkeypatch):
    """The packed copy is a snapshot: a changed base row must drop it, or the int8 pass keeps
    ranking the old vector (this fails when `_write_row` does not forget the packed rows)."""
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0)
    monkeypatch.setattr(vector, "QUANTIZED_FROM", 0)
    index, v = _index(3000)
    target = -v[10]
    for _ in range(3):
        index.approx_scores(target)
    assert index._packed_rows is not None
    index.add([3], ["m2"], target[None, :])  # a base row now points at the target
    assert index.approx_scores(target)[2] > 0.99
    assert vector.search_unfiltered(index, target, 1)[0][0] == 3
    _ = index.matrix  # folding the tail in makes a new base: the old packed rows go at once
    assert index._packed_rows is None
    folded = index.approx_scores(target)
    assert folded[2] > 0.99 and np.allclose(folded, index.matrix @ target, atol=1e-2)


@needs_exact_u8s8
def test_prepare_holds_a_small_index_at_once_and_packs_a_big_one_only_in_range(monkeypatch):
    small, _ = _index(3000)
    small.prepare()
    assert small._held() is not None and small._packed_rows.rows == len(small._base8)  # held in int8 at once
    monkeypatch.setattr(vectors, "HOLD_ROWS_MAX", 100)  # as if big: packed only where the int8 pass runs
    index, _ = _index(3000)
    index.prepare()
    assert index._packed_rows is None  # below QUANTIZED_FROM no int8 pass runs, so nothing to pack
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0)
    index.prepare()
    assert index._packed_rows is not None and index._packed_rows.rows == len(index._base8)
    monkeypatch.setattr(vectors, "PACK_ROWS_MAX", 100)
    _ = index.matrix
    index.prepare()
    assert index._packed_rows is None  # past PACK_ROWS_MAX the packed copy would cost too much memory


class _Saturating:
    """A session whose u8 x s8 sums saturate like onnxruntime's AVX2 kernel without VNNI."""

    def run(self, _names, feed):
        rows = feed["rows"].astype(np.int32)
        if feed["rows"].dtype == np.uint8:
            rows = rows - 128
        exact = rows @ feed["query"].astype(np.int32)
        return [np.clip(exact, -32768, 32767)]


class _Exact:
    def run(self, _names, feed):
        rows = feed["rows"].astype(np.int32)
        if feed["rows"].dtype == np.uint8:
            rows = rows - 128
        return [rows @ feed["query"].astype(np.int32)]


@pytest.mark.parametrize("model", [quantized._MODEL, quantized._WIDE_MODEL])
def test_a_kernel_that_saturates_is_refused_and_dots_stay_exact(monkeypatch, model):
    assert quantized._exact(model, _Exact())  # control: the probe passes an exact kernel
    assert not quantized._exact(model, _Saturating())
    monkeypatch.setattr(quantized, "_sessions", {})
    import onnxruntime as ort

    monkeypatch.setattr(ort, "InferenceSession", lambda *a, **k: _Saturating())
    assert quantized._kernel(model) is False
    rng = np.random.default_rng(5)
    rows = rng.integers(-127, 128, (64, 384)).astype(np.int8)
    rows[0] = 127
    many = np.full((384, 16), 127, dtype=np.int8)
    assert np.array_equal(quantized.dots(rows, many), rows.astype(np.int32) @ many.astype(np.int32))


@needs_exact_u8s8
@pytest.mark.parametrize("length", [1.0, 3.0])  # a library caller's query need not be of unit length
def test_a_held_index_ranks_by_int8_as_by_float32_and_its_rounding_bound_is_what_keeps_it_exact(monkeypatch, length):
    rng = np.random.default_rng(12)
    query = rng.standard_normal(384)
    query /= np.linalg.norm(query)
    # 300 rows whose cosines step down by 3e-5, far finer than int8's rounding (~1e-2), the rest below.
    wanted = np.concatenate([0.5 - 3e-5 * np.arange(300), rng.uniform(-0.3, 0.3, 2700)])
    fill = rng.standard_normal((3000, 384))
    fill -= (fill @ query)[:, None] * query
    fill /= np.linalg.norm(fill, axis=1, keepdims=True)
    rows = (wanted[:, None] * query + np.sqrt(1 - wanted**2)[:, None] * fill).astype(np.float32)
    query = (length * query).astype(np.float32)
    index = vectors.VectorIndex("m")
    index.add(list(range(1, 3001)), [f"m{i}" for i in range(3000)], rows)
    exact = vectors.exact_cosines(rows, query)
    expected = np.lexsort((np.arange(3000), -exact))[:100]
    cold = index.best(query, 100)
    index.prepare()
    assert index._held() is not None
    held = index.best(query, 100)
    assert held[0].tolist() == cold[0].tolist() == expected.tolist() and held[1].tobytes() == cold[1].tobytes()
    real = vectors.VectorIndex._estimates

    def unbounded(self, q):  # the control: int8 estimates taken as if they were float32's
        est, _, _, _ = real(self, q)
        return est, None, np.float32(0), vectors.SCAN_SLACK

    monkeypatch.setattr(vectors.VectorIndex, "_estimates", unbounded)
    assert index.best(query, 100)[0].tolist() != expected.tolist()


def test_quantize_one_gives_quantize_bits():
    rng = np.random.default_rng(7)
    vectors_ = [rng.standard_normal(384).astype(np.float32) * np.float32(10.0**e) for e in range(-6, 3)]
    vectors_ += [np.zeros(384, dtype=np.float32), np.full(384, -0.5, dtype=np.float32), np.round(vectors_[6] * 4) / 4]
    vectors_ += [rng.standard_normal(n).astype(np.float32) for n in (1, 7, 64)]
    for v in vectors_:
        rows, scales = quantized.quantize(v)
        row, scale = quantized.quantize_one(v)
        assert np.array_equal(row, rows[0]) and row.dtype == np.int8
        assert scale.tobytes() == scales[0].tobytes() and isinstance(scale, np.float32)


def test_control_quantize_one_of_another_vector_differs():
    v = np.linspace(-1, 1, 384, dtype=np.float32)
    assert not np.array_equal(quantized.quantize_one(v)[0], quantized.quantize_one(v[::-1])[0])
