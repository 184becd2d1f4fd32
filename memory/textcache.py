"""What a process keeps of what memories say: pure functions of a text cached (words, bigrams,
names, life statements) and per-database word counts. A forget empties all of it: in the process
that forgot at once (`drop`, from memory.erase), and in a long-running one (quire serve, quire mcp,
a library caller) at its next operation after another process forgot (`moved`, from
Session.catch_up_forgets). Nothing of a forgotten text is served or held after its forget.

A cache of a text goes through `text_cache`; any other keeper of memory words registers its
emptying with `on_drop`."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# re's own cache of compiled patterns holds each pattern's text, and a pattern built from a memory's words (a page
# title's name: wiki/synth.py `_its_own_s`) would keep them after its forget
_drops: list[Callable[[], None]] = [re.purge]
_seen: dict[str, int] = {}  # a store's count of forgotten memories when this process last looked
_lock = threading.Lock()


def text_cache(maxsize: int) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """`functools.lru_cache(maxsize)`, emptied by every forget."""

    def wrap(fn: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        _drops.append(cached.cache_clear)
        return cached

    return wrap


def on_drop(drop: Callable[[], None]) -> None:
    """Run `drop` at every forget (a cache of memory words that is not a `text_cache`)."""
    _drops.append(drop)


def drop() -> None:
    """Empty every cache of memory texts and words."""
    with _lock:
        for clear in _drops:
            clear()


def moved(store: str, forgotten: int) -> bool:
    """`store` counts `forgotten` memories now: whether that moved since this process last looked
    (another process forgot one; never looked counts as moved: what is held may predate a forget)."""
    with _lock:
        before = _seen.get(store)
        _seen[store] = forgotten
    return before != forgotten
