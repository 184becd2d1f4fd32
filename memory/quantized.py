"""int8 copies of unit vectors for a fast first pass, re-ranked exactly on float32 afterwards.

Each row is scaled by its own largest |component| to [-127, 127]; a dot product of two such
rows, times both scales, is the cosine to about 2e-3. numpy has no fast int8 matrix product, so
the scan runs onnxruntime's MatMulInteger kernel (int8 x int8 -> int32, SIMD, exact integer
arithmetic): a quarter of the bytes of the float32 scan and about a third of its time. Without
onnxruntime the same integers come from numpy (slower, same result).

Beside them, sign bits: one bit a component (48 bytes a 384-d row, a 32nd of float32), stored
word-major (word j of every row together) so the Hamming distance to a query is a few passes of
XOR and popcount over contiguous uint64 columns; the angle between two unit vectors is about
pi x Hamming / dim, so the nearest codes are a cheap shortlist for the int8 and float32 passes.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

# ModelProto of one node, MatMulInteger(rows[n, d] int8, query[d, k] int8) -> dots[n, k] int32,
# opset 17, as written by onnx.helper (tests/test_quantized.py rebuilds it and compares): kept
# as bytes so a cold command does not import the onnx package (~0.15 s) to make it.
_MODEL = (
    b'\x08\x08\x12\x05quire:}\n"\n\x04rows\n\x05query\x12\x04dots"\rMatMulInteger\x12\x08int8_dotZ\x18\n\x04rows'
    b"\x12\x10\n\x0e\x08\x03\x12\n\n\x03\x12\x01n\n\x03\x12\x01dZ\x19\n\x05query\x12\x10\n\x0e\x08\x03\x12\n\n\x03"
    b"\x12\x01d\n\x03\x12\x01kb\x18\n\x04dots\x12\x10\n\x0e\x08\x06\x12\n\n\x03\x12\x01n\n\x03\x12\x01kB\x04\n\x00\x10\x11"
)

# ModelProto of MatMulInteger(query[k, d] uint8, rows_t[d, n] int8, zero point 128) -> dots[k, n]
# int32: the rows are a constant (an initializer the caller supplies, replacing the 1 x 1
# placeholder), which onnxruntime pre-packs once for its u8 x s8 kernel (VNNI where the CPU has
# it), and the query is the int8 one shifted by +128 with 128 as its zero point, so the integers
# are the same exact dots. Measured at 100k x 384 on the 2-core machine, one thread, min / median:
# 1.8 / 2.4 ms per query against 6.0 / 15.9 ms for `_MODEL`, which receives the rows every call.
_PACKED_MODEL = (
    b'\x08\x08\x12\x05quire:\x93\x01\n*\n\x05query\n\x06rows_t\n\x04zero\x12\x04dots"\rMatMulInteger\x12\x0f'
    b"packed_int8_dot*\x11\x08\x01\x08\x01\x10\x03*\x01\x00B\x06rows_t*\x0c\x10\x02*\x02\x80\x01B\x04zeroZ\x19\n"
    b"\x05query\x12\x10\n\x0e\x08\x02\x12\n\n\x03\x12\x01k\n\x03\x12\x01db\x18\n\x04dots\x12\x10\n\x0e\x08\x06"
    b"\x12\n\n\x03\x12\x01k\n\x03\x12\x01nB\x04\n\x00\x10\x11"
)

# ModelProto of MatMulInteger(rows[n, d] uint8, query[d, k] int8, zero point 128) -> dots[n, k]
# int32: the same exact dots for many queries at once, the int8 rows shifted to uint8 (XOR 0x80 is
# +128) so onnxruntime runs its u8 x s8 GEMM (VNNI where the CPU has it) instead of the s8 x s8
# path. CPU ms for 32,768 rows x k queries, s8 x s8 / this / BLAS float32: k=1 2.6 / 5.2 / 2.4;
# 4: 7.8 / 7.8 / 9.4; 8: 10.9 / 4.1 / 10.0; 64: 49.2 / 9.3 / 39.7; 256: 208.5 / 28.3 / 74.2.
_WIDE_MODEL = (
    b'\x08\x08\x12\x05quire:\x96\x01\n(\n\x04rows\n\x05query\n\x04zero\x12\x04dots"\rMatMulInteger\x12'
    b"\rwide_int8_dot*\x0c\x10\x02*\x02\x80\x01B\x04zeroZ\x18\n\x04rows\x12\x10\n\x0e\x08\x02\x12\n\n"
    b"\x03\x12\x01n\n\x03\x12\x01dZ\x19\n\x05query\x12\x10\n\x0e\x08\x03\x12\n\n\x03\x12\x01d\n\x03"
    b"\x12\x01kb\x18\n\x04dots\x12\x10\n\x0e\x08\x06\x12\n\n\x03\x12\x01n\n\x03\x12\x01kB\x04\n\x00"
    b"\x10\x11"
)
WIDE_FROM = 8  # queries at once from which `_WIDE_MODEL` beats `_MODEL` (figures above)

_sessions: dict[bytes, Any] = {}
_session_lock = threading.Lock()


def quantize(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(int8 rows, float32 per-row scale) with vectors ~= rows * scale[:, None]."""
    vectors = np.atleast_2d(np.asarray(vectors, dtype=np.float32))
    peak = np.abs(vectors).max(axis=1) if vectors.size else np.zeros(len(vectors), dtype=np.float32)
    scale = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    rows = np.clip(np.rint(vectors / scale[:, None]), -127, 127).astype(np.int8)
    return rows, scale


def quantize_one(vector: np.ndarray) -> tuple[np.ndarray, np.float32]:
    """`quantize` of one vector: (its int8 row, its scale), the same bits. A recall quantizes its query
    once; numpy's cost a call is most of `quantize`'s on one row (15 us against 7)."""
    v = np.asarray(vector, dtype=np.float32).reshape(-1)
    peak = np.abs(v).max() if v.size else np.float32(0)
    scale = np.float32(peak / np.float32(127.0)) if peak > 0 else np.float32(1.0)  # (NaN: 1.0, as `quantize`)
    x = v / scale
    np.rint(x, out=x)
    np.maximum(x, -127, out=x)  # `quantize`'s clip, in place
    np.minimum(x, 127, out=x)
    return x.astype(np.int8), scale


def signs(vectors: np.ndarray) -> np.ndarray:
    """Sign bits, word-major: (ceil(d / 64), n) uint64, bit set where the component is > 0."""
    vectors = np.atleast_2d(np.asarray(vectors, dtype=np.float32))
    words = -(-vectors.shape[1] // 64)
    packed = np.zeros((len(vectors), words * 8), dtype=np.uint8)
    packed[:, : -(-vectors.shape[1] // 8)] = np.packbits(vectors > 0, axis=1)
    codes: np.ndarray = np.ascontiguousarray(packed.view(np.uint64).T)
    return codes


HAMMING_BLOCK = 1 << 18  # rows per pass: bounded temporaries (2 MB); smaller blocks measured no faster


def hamming(codes: np.ndarray, query: np.ndarray, out: np.ndarray) -> None:
    """Write into `out` (n uint16) the Hamming distance of each word-major code column to `query`
    (its words); one XOR and popcount per word over contiguous columns (numpy >= 2.0 bitwise_count)."""
    words, n = codes.shape
    x = np.empty(min(n, HAMMING_BLOCK), dtype=np.uint64)
    c = np.empty(len(x), dtype=np.uint8)
    for lo in range(0, n, HAMMING_BLOCK):
        hi = min(n, lo + HAMMING_BLOCK)
        acc, xs, cs = out[lo:hi], x[: hi - lo], c[: hi - lo]
        acc[:] = 0
        for j in range(words):
            np.bitwise_xor(codes[j, lo:hi], query[j], out=xs)
            np.bitwise_count(xs, out=cs)
            np.add(acc, cs, out=acc)


def _options() -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1  # like quire's BLAS: one core per query, cores are shared
    options.log_severity_level = 3
    return options


def _kernel(model: bytes = _MODEL) -> Any:
    """The onnxruntime session of one of the models above, or False without onnxruntime or when
    the session fails its probe (`_exact`)."""
    with _session_lock:
        if model not in _sessions:
            try:
                import onnxruntime as ort

                session = ort.InferenceSession(model, _options(), providers=["CPUExecutionProvider"])
                _sessions[model] = session if _exact(model, session) else False
            except Exception:  # no onnxruntime: numpy gives the same integers
                _sessions[model] = False
        return _sessions[model]


def _probe() -> tuple[np.ndarray, np.ndarray]:
    """int8 rows (8 x 384) and queries (384 x 8) with the extremes a kernel can get wrong: all
    +127 and all -127 rows and columns, alternating signs, then random values."""
    rng = np.random.default_rng(0)
    rows = rng.integers(-127, 128, (8, 384)).astype(np.int8)
    rows[0], rows[1], rows[2] = 127, -127, np.where(np.arange(384) % 2, 127, -127)
    queries = rng.integers(-127, 128, (384, 8)).astype(np.int8)
    queries[:, 0], queries[:, 1], queries[:, 2] = 127, -127, np.where(np.arange(384) % 2, -127, 127)
    return rows, queries


def _exact(model: bytes, session: Any) -> bool:
    """Whether `session` gives the exact integer dots on `_probe`. onnxruntime's u8 x s8 kernel on a
    CPU with AVX2 and no VNNI adds byte products in int16 pairs that saturate (255 x 127 x 2 >
    32767): the wide model then returns wrong dots (seen on an AMD EPYC with AVX2 only, onnxruntime
    1.31 and 1.32), and the int8 bounds of the near-duplicate scan would miss rows."""
    rows, queries = _probe()
    expected = rows.astype(np.int32) @ queries.astype(np.int32)
    if model == _WIDE_MODEL:
        feed = {"rows": rows.view(np.uint8) ^ np.uint8(0x80), "query": queries}
    else:
        feed = {"rows": rows, "query": queries}
    return bool(np.array_equal(session.run(None, feed)[0], expected))


def pays(queries: int) -> bool:
    """Whether int8 dots of this many queries at once cost less than a float32 product: always for
    fewer than WIDE_FROM, for more only on the wide kernel. Without it (refused by its probe on a CPU
    whose u8 x s8 kernel saturates, or no onnxruntime) 256 queries run the s8 x s8 kernel or numpy,
    about three times BLAS float32 (208.5 against 74.2 ms per 32,768 rows, at `_WIDE_MODEL`)."""
    return queries < WIDE_FROM or _kernel(_WIDE_MODEL) is not False


def shifted(rows: np.ndarray) -> np.ndarray:
    """int8 rows as the wide kernel reads them: uint8, +128 (XOR 0x80)."""
    moved: np.ndarray = np.ascontiguousarray(rows).view(np.uint8) ^ np.uint8(0x80)
    return moved


def dots(rows: np.ndarray, query8: np.ndarray) -> np.ndarray:
    """rows (n x d int8) @ query8 (d or d x k int8) as int32, exactly."""
    column = query8.ndim == 1
    q = np.ascontiguousarray(query8.reshape(len(query8), -1))
    if len(rows) == 0:
        out = np.zeros((0, q.shape[1]), dtype=np.int32)
    elif q.shape[1] >= WIDE_FROM and (kernel := _kernel(_WIDE_MODEL)) is not False:
        out = kernel.run(None, {"rows": shifted(rows), "query": q})[0]
    elif (kernel := _kernel()) is not False:
        out = kernel.run(None, {"rows": np.ascontiguousarray(rows), "query": q})[0]
    else:
        out = rows.astype(np.int32) @ q.astype(np.int32)
    return out[:, 0] if column else out


def dots_shifted(moved: np.ndarray, query8: np.ndarray) -> np.ndarray:
    """`dots` of rows kept `shifted` (a copy made once for many scans): the wide kernel reads them
    as they are, whatever the number of queries."""
    q = np.ascontiguousarray(query8.reshape(len(query8), -1))
    kernel = _kernel(_WIDE_MODEL)
    if kernel is False or not len(moved):
        return dots((moved ^ np.uint8(0x80)).view(np.int8), q)
    out: np.ndarray = kernel.run(None, {"rows": moved, "query": q})[0]
    return out


class Packed:
    """One int8 matrix pre-packed by onnxruntime (`pack`): its dots with a query cost a third to a
    sixth of `dots`, which hands the kernel the whole matrix on every call. The packed copy is
    onnxruntime's own (n x d bytes, anonymous memory), so it belongs to a process that answers
    many queries over the same rows."""

    def __init__(self, session: Any, rows: int):
        self._session = session
        self.rows = rows

    def dots(self, query8: np.ndarray) -> np.ndarray:
        """rows @ query8 (d int8) as int32, exactly: the same integers as `dots`."""
        moved = np.ascontiguousarray(query8, dtype=np.int8).view(np.uint8) ^ np.uint8(0x80)  # +128, as `shifted`
        out: np.ndarray = self._session.run(None, {"query": moved[None, :]})[0][0]
        return out


def pack(rows: np.ndarray) -> Packed | None:
    """`rows` (n x d int8) pre-packed, or None without onnxruntime, for an empty matrix, or when the
    runtime did not keep a packed copy of its own.

    The rows go in transposed, as a constant replacing the model's placeholder; once the session
    is built the transposed copy is zeroed and a probe must still give the exact dots before the
    copy is freed: proof the session reads its packed copy, not memory about to be released."""
    if len(rows) == 0 or _kernel() is False:
        return None
    import onnxruntime as ort

    transposed = np.ascontiguousarray(np.asarray(rows, dtype=np.int8).T)
    probe = np.where(rows[len(rows) // 2] == 0, 1, rows[len(rows) // 2]).astype(np.int8)
    expected = rows.astype(np.int32) @ probe.astype(np.int32)
    if not expected.any():  # zeros would also be what a session reading zeroed memory returns
        return None
    # The extreme query (+127 everywhere: 255 after the shift) is where a saturating u8 x s8
    # kernel goes wrong (`_exact`); the packed copy must give it exactly too.
    extreme = np.full(rows.shape[1], 127, dtype=np.int8)
    extreme_expected = rows.astype(np.int32) @ extreme.astype(np.int32)
    try:
        options = _options()
        value = ort.OrtValue.ortvalue_from_numpy(transposed)
        options.add_initializer("rows_t", value)
        session = ort.InferenceSession(_PACKED_MODEL, options, providers=["CPUExecutionProvider"])
        packed = Packed(session, len(rows))
        if not np.array_equal(packed.dots(probe), expected):
            return None
        if not np.array_equal(packed.dots(extreme), extreme_expected):
            return None
        transposed[:] = 0
        if not np.array_equal(packed.dots(probe), expected):
            return None  # the session still reads the caller's copy: not a packed kernel
    except Exception:  # an onnxruntime that cannot take the constant: `dots` serves every call
        return None
    return packed
