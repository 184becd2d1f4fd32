"""OpenBLAS's thread count for the calling thread alone, for the scans quire makes one query at a time.

quire's packages set OPENBLAS_NUM_THREADS=1 before numpy loads (memory/__init__.py), but a library
caller that imported numpy first has OpenBLAS on every core: a 10k-row scan then spreads over both
cores of a 2-core machine, its threads spin for a core after each call (a 0.4 ms scan took 8-12 ms
on a busy machine, and a warm recall's CPU doubled), and the caller's own work waits. The count is
set per thread (OpenBLAS 0.3.27+, which numpy's wheels ship), so the caller's other BLAS calls are
left as they were. With numpy on another BLAS (MKL, Accelerate) nothing changes.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

# OpenBLAS's per-thread setter, under the names numpy's wheels export it.
_LOCAL_THREADS = ("openblas_set_num_threads_local", "openblas_set_num_threads_local64_")


@contextmanager
def threads(count: int) -> Iterator[None]:
    """This thread's BLAS calls on at most `count` threads meanwhile (as it was, after)."""
    setter = _local_threads()
    before = setter(count) if setter is not None else None
    try:
        yield
    finally:
        if setter is not None and before is not None:
            setter(before)


def tellable() -> bool:
    """Whether the BLAS numpy loaded takes a per-thread count (OpenBLAS 0.3.27+)."""
    return _local_threads() is not None


@functools.cache
def _local_threads() -> Any:
    """OpenBLAS's per-thread setter (returns the count before), found once; None without one."""
    for library in _openblas_files():
        try:
            found = ctypes.CDLL(str(library))
        except OSError:
            continue
        for name in _LOCAL_THREADS:
            setter = getattr(found, name, None)
            if setter is not None:
                setter.argtypes, setter.restype = [ctypes.c_int], ctypes.c_int
                return setter
    return None


def _openblas_files() -> list[Path]:
    """The OpenBLAS numpy loaded: its wheels keep it beside the package (numpy.libs, or .dylibs)."""
    root = Path(np.__file__).parent
    return sorted([*root.parent.glob("numpy.libs/*openblas*"), *root.glob(".dylibs/*openblas*")], key=lambda p: p.name)
