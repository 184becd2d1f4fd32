"""CPU seconds of a process's threads by kind, sampled from /proc while it runs (`quire bench import`'s child):
where an import's CPU goes (its main thread, the encoder's threads), not only its total. Light on purpose (no
numpy): the child's peak RSS is one of the bench's figures."""

from __future__ import annotations

import os
import threading
from pathlib import Path

TASKS = Path("/proc/self/task")
EVERY = 0.25  # seconds between samples: a thread that ends (a pool's worker) loses at most this much of its CPU


def _kind(name: str) -> str:
    """A thread's kind by its name: "quire-onnx_0" and "quire-onnx_1" are one kind."""
    return name.split("_")[0] if name.startswith("quire-") else ("main" if name == "MainThread" else "other")


class ThreadClock:
    """Each thread's CPU seconds since `start`, kept after it ends (its last sample), summed by kind."""

    def __init__(self) -> None:
        self._tick = os.sysconf("SC_CLK_TCK")
        self._seen: dict[int, tuple[str, float]] = {}
        self._base: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bench-clock", daemon=True)

    def start(self) -> ThreadClock:
        self._sample()
        self._base = {tid: cpu for tid, (_, cpu) in self._seen.items()}
        self._thread.start()
        return self

    def stop(self) -> dict[str, float]:
        """CPU seconds by kind since `start` (empty where /proc is not there)."""
        self._stop.set()
        self._thread.join()
        self._sample()
        kinds: dict[str, float] = {}
        for tid, (name, cpu) in self._seen.items():
            if name != "bench-clock":
                kinds[_kind(name)] = kinds.get(_kind(name), 0.0) + cpu - self._base.get(tid, 0.0)
        return kinds

    def _run(self) -> None:
        while not self._stop.wait(EVERY):
            self._sample()

    def _sample(self) -> None:
        if not TASKS.is_dir():
            return
        names = {t.native_id: t.name for t in threading.enumerate()}
        for task in TASKS.iterdir():
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue  # (it ended between the listing and the read)
            tid = int(task.name)
            name = names.get(tid) or self._seen.get(tid, ("other", 0.0))[0]
            self._seen[tid] = (name, (int(fields[11]) + int(fields[12])) / self._tick)
