"""The process environment pinned for the length of an eval or a bench, then put back as it was."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def pinned(**values: str) -> Iterator[None]:
    """Set these variables (QUIRE_EMBEDDER="fake", QUIRE_NOW=...) inside the block; afterwards each
    has its old value again, or is unset if it was."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
