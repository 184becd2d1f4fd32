"""Crash points for tests: a process killed at an exact step, every step in turn.

Every commit (`memory.db`: just before and just after COMMIT), every durable file write
(`memory.files.atomic_write`: after the temp file's fsync, after its rename) and the named steps
of backup, restore, push and pull call `hit(kind)`. Nothing happens unless the environment asks:

    QUIRE_FAILPOINT_TRACE=/path   append one line per point reached ("<n> <kind>")
    QUIRE_FAILPOINT=<n>           die (os._exit(137), no cleanup, like SIGKILL) at the n-th point
    QUIRE_FAILPOINT=<kind>        die at the first point of that kind (e.g. push.staged)
    QUIRE_FAILPOINT=<kind>:<n>    die at the n-th point of that kind

A test records the trace of a command once, then runs it again killed at 1, 2, ... N and checks
what the next run finds (tests/test_trust_crash.py). The cost when unset is one dict lookup.
"""

from __future__ import annotations

import os

ENV = "QUIRE_FAILPOINT"
TRACE = "QUIRE_FAILPOINT_TRACE"
KILLED = 137  # the exit status a SIGKILL gives, so callers treat it as one

_seen: dict[str, int] = {}
_total = 0


def hit(kind: str) -> None:
    """A crash point of `kind` is reached: trace it, and die here if the environment says so."""
    spec = os.environ.get(ENV)
    trace = os.environ.get(TRACE)
    if not spec and not trace:
        return
    global _total
    _total += 1
    _seen[kind] = _seen.get(kind, 0) + 1
    if trace:
        with open(trace, "a", encoding="utf-8") as fh:
            fh.write(f"{_total} {kind}\n")
    if spec and _matches(spec, kind):
        os._exit(KILLED)


def _matches(spec: str, kind: str) -> bool:
    if spec.isdigit():
        return _total == int(spec)
    name, _, nth = spec.partition(":")
    return name == kind and _seen[kind] == (int(nth) if nth.isdigit() else 1)
