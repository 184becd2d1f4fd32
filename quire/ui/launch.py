"""`quire ui`: find (or start) this home's `quire serve`, ask it for a one-time sign-in URL.

The URL is minted over the bearer-token API (only the person who can read serve.token gets one),
works once, within two minutes, and only under 127.0.0.1. A service started here runs in the
background, detached from the terminal, logging to $QUIRE_HOME/serve.log; stop it with
`quire serve --stop`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

from memory import files
from memory.errors import QuireError
from memory.home import Home, ensure_root, resolve_home
from quire import client

START_TIMEOUT_S = 120.0  # the first start loads the model and packs the vector cache
TAIL_BYTES = 4096  # the end of serve.log a failed start reports its last line from
TAIL_LINE_CHARS = 1000  # a longer last line is not quire's one-line error: cut at a word, marked
SERVE_LOG_BYTES = 1 << 20  # serve.log moves to serve.log.1 (.2) past a megabyte, at the next start


def _ask(home: Home) -> dict[str, Any] | None:
    try:
        status, data = client.request(home, "POST", "/ui/ticket", {}, writes=False, what="ui", read_timeout=10)
    except client._NotServed:
        return None
    if status == 200 and isinstance(data, dict) and "result" in data:
        return dict(data["result"])
    if status == 404:
        raise QuireError(
            "the running quire serve has no screens (it is older than `quire ui`); "
            "restart it with `quire serve --stop` and run `quire ui` again"
        )
    raise client.error_from(data)


def start_service(home: Home) -> subprocess.Popen[bytes]:
    """Start `quire serve` for this home in the background."""
    ensure_root(home)
    # A FIFO there blocked `quire ui`, a symlink got the log; every start appends, so it rotates as
    # rebuild.log does (it grew for ever: each background start and each failed request's traceback).
    log = files.open_log(home.root / "serve.log", rotate_at=SERVE_LOG_BYTES, keep=2)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "quire.cli", "serve"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,  # outlives this command and its terminal's ^C
        )
    finally:
        log.close()
    return proc


def sign_in_url(home: Home | None = None, *, start: bool = True, timeout: float = START_TIMEOUT_S) -> dict[str, Any]:
    """{url, started, pid, ...}: a one-time sign-in URL from the running service, started if need be."""
    home = home or resolve_home()
    found = _ask(home)
    if found is not None:
        running = client.endpoint(home)
        return {**found, "started": False, "pid": running.pid if running else None}
    if not start:
        raise QuireError("no quire serve is running for this home; start it with `quire serve`")
    proc = start_service(home)
    pid = proc.pid
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _ask(home)
        if found is not None:
            return {**found, "started": True, "pid": pid}
        if proc.poll() is not None:
            tail = _log_tail(home)
            raise QuireError(f"quire serve did not start ({tail}); see {home.root / 'serve.log'}")
        time.sleep(0.1)
    raise QuireError(
        f"quire serve (pid {pid}) did not answer within {timeout:g} s; see {home.root / 'serve.log'}, "
        "or stop it with `quire serve --stop`"
    )


def _log_tail(home: Home) -> str:
    """The last line of serve.log (which every start appends to): its end is read, not all of it."""
    try:
        handle = files.open_kept(home.root / "serve.log")
        if handle is None:
            return "no log"
        with handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - TAIL_BYTES))
            lines = handle.read(TAIL_BYTES).decode("utf-8", "replace").strip().splitlines()
    except (OSError, QuireError):
        return "no log"
    if not lines:
        return "no log"
    last = lines[-1]  # quire's own one-line error, whole: its end names the fix
    return last if len(last) <= TAIL_LINE_CHARS else last[:TAIL_LINE_CHARS].rsplit(" ", 1)[0] + "…"
