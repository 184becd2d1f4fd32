"""A fork server for `python -m quire.cli` runs in tests: the imports paid once, every run a real process.

`python -m tests.zygote` imports the CLI and the modules its commands load, then reads one JSON request
per line on stdin. For each it forks; the child points fds 0/1/2 at /dev/null and the request's files,
replaces its environment and argv, and runs `quire.cli` exactly as `python -m quire.cli` does (runpy,
run_name "__main__"), or a request's `code` as `python -c code` runs it (a library call killed at a
crash point, without the ~1 s of a fresh interpreter importing the life rules each time), so it
exits like that interpreter would: the SystemExit status, threads joined, atexit, flushed streams
(only the freeing of every object after that is skipped). A failpoint's os._exit(137) kills the
child on the spot, without cleanup, as before. The server answers with the child's pid (so a caller
past its timeout can SIGKILL it) and then its exit status.

Only for runs whose point is what the command does to the home (crash points, exit codes): a test of
what a fresh interpreter imports (`quire --help` stays light) must keep its own subprocess.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import json
import os
import pkgutil
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from memory import life, patterns, tokens, vocab
from wiki import synth

ROOT = Path(__file__).resolve().parent.parent
# What the commands of tests/test_trust_crash.py load (import, rebuild, forget, backup, restore, store,
# sync, capture, encrypt, decrypt): importing them once is most of a run's cost. No model, no torch:
# QUIRE_EMBEDDER=fake. libsql, the server client (aiohttp: ~100 ms), numpy.ma (numpy's file reader)
# and the cipher are each imported lazily by a command, so once per run unless here.
PRELOAD = (
    "quire.cli",
    "quire.client",
    "quire.ops",
    "memory.session",
    "memory.capture",
    "memory.chats",
    "memory.doctor",
    "memory.transfer",
    "memory.encryption",
    "quire.privacy",
    "wiki.rebuild",
    "libsql",
    "libsql_client.hrana.conn",
    "aiohttp",
    "sqlite3",
    "numpy",
    "numpy.ma",
)
# And every module of these (~0.3 s once): a command imports its noun's modules lazily (`recall` loads
# retrieval.recall, `serve` quire.service, ~0.05-0.1 s a run). None reads the environment at import,
# and none starts a thread (checked below). Not eval: its baselines load what no command here needs.
PACKAGES = ("memory", "retrieval", "wiki", "quire")


def _serve() -> dict | None:
    """The server loop; returns (only in a forked child) the request that child is to run."""
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            return request
        print(json.dumps({"pid": pid}), flush=True)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}), flush=True)
    return None


def _become(request: dict) -> None:
    """In the child: the streams, environment, argv and cwd of a fresh `python -m quire.cli ...`."""
    for fd, path, mode in (
        (0, request.get("stdin") or os.devnull, os.O_RDONLY),
        (1, request["stdout"], os.O_WRONLY),
        (2, request["stderr"], os.O_WRONLY),
    ):
        target = os.open(path, mode)
        os.dup2(target, fd)
        os.close(target)
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - fd 0 lives as long as the process
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = ["-c" if request.get("code") else "-m", *request["args"]]


def _threads() -> int:
    """Native threads too (a library's pool), not only Python's."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return threading.active_count()


def warm() -> None:
    """What a process makes at its first read and keeps, made once here for every child: each pattern
    `memory.patterns.lazy` compiles at its first use, each life rule's needles (`life._rule_needles`) and the
    spelling pass's dictionary and index.
    Without it every forked run that reads a sentence (a capture, an import) made them again, ~0.2 s of
    a short run's CPU; a made pattern answers as the lazy one does (tests/test_patterns.py). The lists
    (places, names, aliases) are `functools.cache`d reads of the package's data: the same made here."""
    for found in gc.get_objects():
        if isinstance(found, patterns._Lazy):
            found.search  # noqa: B018 - the first use compiles it and binds its methods
    for at, (_, _, pattern, _) in enumerate(life._RULES):
        life._rule_needles(at, pattern)
    life._s45k_index(), vocab.model_words()  # (session 45) the spelling pass's index and dictionary
    # (session 46) the lists' names and every place's (pycountry's too): ~0.35 s of each run that
    # reads a place, 60 times over in a crash test. Each is made of the package's data files alone.
    vocab.names(), vocab._places(), vocab._translated(), vocab._regions(), vocab._provinces(), vocab._parts()
    tokens._alias_groups(), life._s45k_names(), life._s45k_listed(), synth._abstract(), synth._cased()
    # and the words every match of a pattern `life._may_hold` looks for holds (~0.05 s a short run)
    for pattern in (life._A_CASE, life._PASTED_AFTER, life._ROLE_PLAY, life._WORK, *(g[0] for g in life._BY_OPENER)):
        if pattern is not None:
            life._may_hold(pattern, "")


def main() -> None:
    for name in PRELOAD:
        importlib.import_module(name)
    for package in PACKAGES:
        path = importlib.import_module(package).__path__
        for found in pkgutil.walk_packages(path, f"{package}."):
            if not found.name.endswith(".__main__"):  # (`python -m quire.cli` would run the CLI here)
                importlib.import_module(found.name)
    warm()
    threads = _threads()
    if threads != 1:  # a fork copies only this thread: a lock another one holds would hang the child
        raise SystemExit(f"tests.zygote: {threads} threads after the imports; a fork needs exactly one")
    # What the imports made is never garbage: frozen, a child's collections skip it, and its exit
    # no longer writes the collector's marks into every page it shares with this process (copying
    # each one) -- half a run's time for a short command.
    gc.freeze()
    request = _serve()
    if request is not None:
        _become(request)
        _run_and_exit(request.get("code"))


def _run_and_exit(code_text: str | None = None) -> None:
    """`python -m quire.cli` (or `python -c code_text`), then its interpreter's exit up to the point where
    only memory is left: the status SystemExit (or an uncaught exception) gives, threads joined, atexit,
    streams flushed. What an interpreter does past that (freeing every module's objects) is skipped with
    os._exit: here it wrote into each page shared with the fork server, most of a short run's time, and
    no Python program may count on it (objects alive at exit are not promised a __del__)."""
    try:
        if code_text:
            exec(compile(code_text, "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
        else:
            runpy.run_module("quire.cli", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as stop:
        code = _status(stop.code)
    except KeyboardInterrupt:
        sys.excepthook(*sys.exc_info())
        code = -signal.SIGINT
    except BaseException as exc:
        # `python -c`'s traceback starts at the script's line: the exec frame here is not shown
        if code_text and exc.__traceback__:
            exc.with_traceback(exc.__traceback__.tb_next)  # (the hook prints the exception's own)
        sys.excepthook(type(exc), exc, exc.__traceback__)
        code = 1
    # What the interpreter runs first at exit: threading's own exit hooks (a thread pool's idle
    # workers told to end), then a wait for every non-daemon thread; only then atexit.
    threading._shutdown()  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    if code == -signal.SIGINT:  # as CPython exits on an uncaught KeyboardInterrupt: killed by SIGINT
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    os._exit(code)


def _status(code: object) -> int:
    """The exit status `sys.exit(code)` gives: None is 0, an int itself, anything else printed and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


class Zygote:
    """The test side: `run(args, env=..., timeout=...)` -> subprocess.CompletedProcess, as subprocess.run gives."""

    def __init__(self, env: dict[str, str]):
        self._dir = Path(tempfile.mkdtemp(prefix="quire-zygote-"))
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tests.zygote"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        self._n = 0
        self._buffer = b""

    def run(
        self,
        args: list[str],
        *,
        env: dict[str, str],
        input: str | None = None,
        timeout: float = 180,
        code: str | None = None,
    ) -> subprocess.CompletedProcess:
        """`python -m quire.cli *args`, or with `code` `python -c code *args`, forked from the server."""
        self._n += 1
        out, err, stdin = (self._dir / f"{self._n}.{s}" for s in ("out", "err", "in"))
        out.touch()
        err.touch()
        if input is not None:
            stdin.write_text(input, encoding="utf-8")
        request = {"args": args, "env": env, "cwd": str(ROOT), "stdout": str(out), "stderr": str(err), "code": code}
        request["stdin"] = str(stdin) if input is not None else None
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.write(json.dumps(request).encode() + b"\n")
        self._proc.stdin.flush()
        pid = json.loads(self._read_line(timeout))["pid"]  # the first waits for the imports too
        try:
            code = json.loads(self._read_line(timeout))["returncode"]
        except subprocess.TimeoutExpired:
            os.kill(pid, signal.SIGKILL)
            self._read_line(30)
            raise subprocess.TimeoutExpired(["quire", *args], timeout) from None
        result = subprocess.CompletedProcess(["quire", *args], code, out.read_text(), err.read_text())
        for f in (out, err, stdin):
            f.unlink(missing_ok=True)
        return result

    def _read_line(self, timeout: float) -> bytes:
        """One line of the server's answers, within `timeout` (its own buffer: select sees only the pipe)."""
        assert self._proc.stdout
        fd = self._proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise subprocess.TimeoutExpired("tests.zygote", timeout)
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError(f"tests.zygote died (exit {self._proc.wait()})")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line

    def close(self) -> None:
        if self._proc.stdin:
            self._proc.stdin.close()
        self._proc.wait(30)
        for f in self._dir.iterdir():
            f.unlink()
        self._dir.rmdir()


if __name__ == "__main__":
    main()
