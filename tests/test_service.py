"""`quire serve` and quire.client: token, one service per home, stop, fallback, no retried writes."""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import json
import os
import re
import selectors
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from memory import errors, files
from memory.errors import NotFound, QuireError
from memory.home import Home
from quire import client
from tests.conftest import ROOT
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"


class Served:
    """A `quire serve --json` subprocess on 127.0.0.1, port 0."""

    def __init__(self, home: Path, timeout: float = 60):
        self.home = home
        self.env = {**os.environ, "QUIRE_HOME": str(home)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "quire.cli", "serve", "--json"],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        line = self._line(timeout)
        if not line:
            self.stop()
            raise AssertionError(f"quire serve did not start: {self.proc.stderr.read().decode()[-2000:]}")
        self.info = json.loads(line)

    def _line(self, timeout: float) -> bytes:
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        deadline, buf = time.monotonic() + timeout, b""
        while not buf.endswith(b"\n") and time.monotonic() < deadline:
            if not sel.select(timeout=max(0.0, deadline - time.monotonic())):
                break
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                break
            buf += chunk
        sel.close()
        return buf.strip()

    @property
    def token(self) -> str:
        return (self.home / "serve.token").read_text().strip()

    def requests(self) -> int:
        """Operations the service ran (its own status endpoint is not counted)."""
        return client.service_status(Home(self.home))["requests"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            run_quire("serve", "--stop", env=self.env, timeout=60)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for pipe in (self.proc.stdout, self.proc.stderr):
            pipe.close()


@pytest.fixture
def served(quire_home):
    started: list[Served] = []

    def start(home: Path | None = None) -> Served:
        s = Served(home or quire_home)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


def post(port: int, path: str, body: dict, token: str | None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token is not None else {})
    conn.request("POST", path, body=json.dumps(body), headers=headers)
    resp = conn.getresponse()
    data = json.loads(resp.read() or b"{}")
    conn.close()
    return resp.status, data


# -- the service itself -----------------------------------------------------------------------------


def test_requests_without_the_token_are_refused(served, quire_home):
    s = served()
    token_file = quire_home / "serve.token"
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    assert len(s.token) >= 32 and s.info["host"] == "127.0.0.1"
    port = s.info["port"]
    status, data = post(port, "/v1/ops/status", {"params": {}}, None)
    assert status == 401 and s.token not in json.dumps(data)
    assert post(port, "/v1/ops/status", {"params": {}}, "wrong-" + s.token)[0] == 401
    assert post(port, "/v1/ops/status", {"params": {}}, s.token[:-1])[0] == 401
    status, data = post(port, "/v1/ops/status", {"params": {}}, s.token)
    assert status == 200 and data["result"]["total"] == 0
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/v1/service")
    assert conn.getresponse().status == 401
    conn.close()


def test_errors_cross_the_wire_with_their_type(served):
    s = served()
    status, data = post(s.info["port"], "/v1/ops/curate_show", {"params": {"item_id": 42}}, s.token)
    assert status == 404 and data["error"]["type"] == "NotFound" and "quire curate list" in data["error"]["message"]
    status, data = post(s.info["port"], "/v1/ops/capture", {"params": {"content": "x", "type": "bogus"}}, s.token)
    assert status == 400 and data["error"]["type"] == "InvalidInput"
    with pytest.raises(NotFound, match="no review item 42"):
        client.call("curate_show", {"item_id": 42})


def test_cli_capture_goes_through_the_service(served, quire_home):
    s = served()
    before = s.requests()
    done = run_quire("capture", "The staging cluster moved to the new region in March", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "stored"
    assert s.requests() == before + 1  # operations only; the status call is not one
    rejected = run_quire("capture", "ok thanks", "--json")
    assert rejected.returncode == 1 and json.loads(rejected.stdout)["reason"] == "too_short"
    bad = run_quire("capture", "--type", "note", "--field", "claim=x", "The field is not allowed for notes at all")
    # a field the type lacks is refused by the request's form before the call: a usage error (exit 2)
    assert bad.returncode == 2 and "unknown field(s) claim" in bad.stderr


def test_one_service_per_home_status_and_stop(served, quire_home):
    s = served()
    second = run_quire("serve", timeout=60)
    assert second.returncode == 1
    assert "already running" in second.stderr and f"pid {s.info['pid']}" in second.stderr
    shown = run_quire("serve", "--status", "--json")
    info = json.loads(shown.stdout)
    assert info["running"] and info["answering"] and info["port"] == s.info["port"] and info["model"] == "fake-hash-384"
    assert s.token not in shown.stdout
    stopped = run_quire("serve", "--stop")
    assert stopped.returncode == 0 and f"stopped quire serve (pid {s.info['pid']})" in stopped.stdout
    assert s.proc.wait(timeout=30) == 0
    assert not (quire_home / "serve.json").exists() and not (quire_home / "serve.token").exists()
    assert json.loads(run_quire("serve", "--status", "--json").stdout)["running"] is False
    assert "no quire serve is running" in run_quire("serve", "--stop").stdout


def test_sigterm_stops_cleanly_and_a_new_service_can_start(served, quire_home):
    s = served()
    s.proc.send_signal(signal.SIGTERM)
    assert s.proc.wait(timeout=30) == 0
    assert not (quire_home / "serve.json").exists()
    t = served()
    assert t.info["pid"] != s.info["pid"] and client.call("status", {})["total"] == 0


def test_a_stale_serve_json_is_ignored_and_cleaned(quire_home, served):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait(timeout=30)
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "serve.json").write_text(json.dumps({"pid": dead.pid, "host": "127.0.0.1", "port": 9}))
    assert (
        client.call("capture", {"content": "The nightly wiki rebuild runs at two in the morning"})["status"] == "stored"
    )
    cleaned = run_quire("serve", "--stop")
    assert "removed a stale serve.json" in cleaned.stdout and not (quire_home / "serve.json").exists()
    served()  # starts fine afterwards


def refused(port: int) -> bool:
    """Nothing listens on 127.0.0.1:port any more (the service closed its socket)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except ConnectionRefusedError:
        return True
    except ConnectionResetError:  # reached the socket as it closed: ask again
        return False
    return False


def test_stop_lets_an_in_flight_write_finish(quire_home, monkeypatch):
    from quire import ops, service

    svc = service.Service(Home(quire_home))
    real = ops.OPS["capture"]
    entered, release = threading.Event(), threading.Event()

    def slow_capture(session, params):
        entered.set()
        assert release.wait(30)
        return real.fn(session, params)

    monkeypatch.setitem(ops.OPS, "capture", dataclasses.replace(real, fn=slow_capture))
    server = threading.Thread(target=svc.serve_forever)
    server.start()
    got: dict = {}
    writer = threading.Thread(
        target=lambda: got.update(
            client.call("capture", {"content": "The release train leaves every second Tuesday morning"})
        )
    )
    writer.start()
    try:
        assert entered.wait(10)
        svc.stop()
        deadline = time.monotonic() + 20
        while not refused(svc.port) and time.monotonic() < deadline:
            time.sleep(0.01)
        # stopped accepting (its socket closed) while the write is still held, not cut
        assert refused(svc.port) and writer.is_alive() and server.is_alive() and not got
    finally:
        release.set()
        writer.join(20)
        svc.stop()
        server.join(20)
    assert not server.is_alive() and got["status"] == "stored"
    assert not (quire_home / "serve.json").exists()
    from memory.session import Session

    with Session(Home(quire_home)) as s:
        assert s.db.scalar("SELECT count(*) FROM memories WHERE id = ?", (got["id"],)) == 1


def test_a_stop_wakes_the_accept_loop_at_once_and_a_started_request_finishes():
    """The loop polls for nothing: under a poll_interval of an hour a shutdown returns at once, while
    the request it accepted still runs, and server_close() then waits for that request's answer."""
    from http.server import BaseHTTPRequestHandler

    from quire import service

    started, release = threading.Event(), threading.Event()

    class Held(BaseHTTPRequestHandler):
        def do_GET(self):
            started.set()
            release.wait(30)
            self.send_response(200)
            self.send_header("Content-Length", "4")
            self.end_headers()
            self.wfile.write(b"done")

        def log_message(self, *args):
            pass

    httpd = service._Server(("127.0.0.1", 0), Held)
    loop = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 3600}, daemon=True)
    loop.start()
    got: dict = {}

    def ask() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", httpd.server_port, timeout=30)
        conn.request("GET", "/")
        resp = conn.getresponse()
        got.update(status=resp.status, body=resp.read())
        conn.close()

    asker = threading.Thread(target=ask, daemon=True)
    asker.start()
    try:
        assert started.wait(30)
        stopper = threading.Thread(target=httpd.shutdown, daemon=True)
        stopper.start()
        stopper.join(20)
        assert not stopper.is_alive() and not loop.is_alive() and not got
    finally:
        release.set()
        httpd.server_close()  # joins the request's thread
    asker.join(30)
    assert got == {"status": 200, "body": b"done"}
    httpd.shutdown()  # a second stop, the loop long gone, returns too


# -- two writers at once ----------------------------------------------------------------------------

WRITER = """
import sys
from quire import client
name, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    out = client.call("capture", {"content": f"Agent {name} logged build observation number {i} for the pipeline"},
                      actor=name)
    assert out["status"] == "stored", out
"""


def test_two_agents_capturing_at_once_lose_nothing(served, quire_home):
    s = served()
    n = 15
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, name, str(n)],
            cwd=ROOT,
            env=s.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for name in ("agent-a", "agent-b")
    ]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    assert s.requests() == 2 * n  # every capture went through the service
    from memory import audit
    from memory.session import Session

    with Session(Home(quire_home)) as session:
        assert session.db.scalar("SELECT count(*) FROM memories WHERE status = 'active'") == 2 * n
        rows = [e for e in audit.entries(session.db, limit=1000) if e.action == "capture"]
        assert sorted(e.actor for e in rows) == ["agent-a"] * n + ["agent-b"] * n
        by_actor = dict(session.db.rows("SELECT source_agent, count(*) FROM memories GROUP BY 1"))
        assert by_actor == {"agent-a": n, "agent-b": n}


# -- the client: same answers, fallback, never a retried write --------------------------------------

_MEM = re.compile(r"mem_[0-9a-f]{12}")


def _normalise(value, home: Path):
    text = json.dumps(value, sort_keys=True).replace(str(home), "HOME")
    seen: dict[str, str] = {}
    return json.loads(_MEM.sub(lambda m: seen.setdefault(m.group(0), f"MEM{len(seen)}"), text))


def _script(home: Home) -> list:
    out = []
    first = client.call("capture", {"content": TABS, "type": "preference"}, home=home)
    out.append(first)
    steps = [
        ("capture", {"content": SPACES, "type": "preference", "supersedes": first["id"]}),
        ("capture", {"content": "The staging cluster moved to the new region in March", "entities": ["staging"]}),
        ("capture", {"content": TABS, "type": "preference"}),
        ("capture", {"content": "ok thanks"}),
        ("recall", {"query": "indentation preference python", "explain": True}),
        ("curate_list", {}),
        ("curate_show", {"item_id": 1}),
        ("curate_accept", {"item_id": 1}),
        ("curate_accept", {"item_id": 1}),
        ("curate_dismiss", {"item_id": 1}),
        ("forget", {"memory_id": first["id"], "reason": "test"}),
        ("forget", {"memory_id": "mem_000000000000"}),
        ("status", {}),
        ("page_search", {"query": "staging"}),
        ("page_read", {"slug": "nope"}),
        ("recall", {"query": "staging cluster", "k": 0}),
    ]
    for op, params in steps:
        try:
            out.append(client.call(op, params, home=home))
        except QuireError as exc:  # its public class (memory.errors), as the wire names it
            public = next(c for c in type(exc).__mro__ if getattr(errors, c.__name__, None) is c)
            out.append({"raised": public.__name__, "message": str(exc)})
    return out


def test_same_json_with_and_without_the_service(tmp_path, monkeypatch, served):
    monkeypatch.setenv("QUIRE_NOW", "2025-06-01T12:00:00Z")
    with_service, without = Home(tmp_path / "a"), Home(tmp_path / "b")
    s = served(with_service.root)
    a = _script(with_service)
    assert s.requests() >= 17
    assert client.endpoint(without) is None
    b = _script(without)
    assert _normalise(a, with_service.root) == _normalise(b, without.root)
    assert any(step.get("raised") == "Conflict" for step in a)  # the dismiss after accept
    # The CLI prints the same JSON either way.
    cli_a = run_quire(
        "capture",
        "Billing invoices are generated on the first of every month",
        "--json",
        env={"QUIRE_HOME": str(with_service.root)},
    )
    cli_b = run_quire(
        "capture",
        "Billing invoices are generated on the first of every month",
        "--json",
        env={"QUIRE_HOME": str(without.root)},
    )
    assert _normalise(json.loads(cli_a.stdout), with_service.root) == _normalise(json.loads(cli_b.stdout), without.root)


def test_without_a_service_the_cli_runs_in_process(cli_json, quire_home):
    assert not (quire_home / "serve.json").exists()
    assert cli_json("capture", "The nightly wiki rebuild runs at two in the morning")["status"] == "stored"


class Blackhole:
    """Takes one request per connection and never answers: closes at once, or hangs until stopped."""

    def __init__(self, mode: str):
        self.mode, self.count, self.done = mode, 0, threading.Event()
        self.locks: list[int] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while not self.done.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            threading.Thread(target=self._take, args=(conn,), daemon=True).start()

    def _take(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        with contextlib.suppress(OSError):
            conn.recv(65536)
        self.count += 1
        if self.mode == "hang":
            self.done.wait(10)
        conn.close()

    def install(self, home: Path) -> None:
        home.mkdir(parents=True, exist_ok=True)
        (home / "serve.json").write_text(json.dumps({"pid": os.getpid(), "host": "127.0.0.1", "port": self.port}))
        (home / "serve.token").write_text("not-a-real-token")
        (home / "serve.token").chmod(0o600)  # as the service writes it: a looser one is refused, not sent
        lock = files.lock(home / "serve.json")  # held, as a running service holds it (one nobody holds is stale)
        assert lock is not None
        self.locks.append(lock)

    def close(self) -> None:
        for lock in self.locks:
            os.close(lock)
        self.done.set()
        self.thread.join(5)
        self.sock.close()


@pytest.mark.parametrize("mode", ["close", "hang"])
def test_a_write_is_never_retried_after_a_transport_failure(quire_home, monkeypatch, mode):
    monkeypatch.setattr(client, "READ_TIMEOUT_S", 0.5)
    hole = Blackhole(mode)
    hole.install(quire_home)
    try:
        with pytest.raises(client.Unknown, match="outcome of capture is unknown") as err:
            client.call("capture", {"content": "The release train leaves every second Tuesday morning"})
        assert "quire log -n 5" in str(err.value) and "not retried" in str(err.value)
        assert hole.count == 1
        (quire_home / "serve.json").unlink()
        assert client.call("status", {})["total"] == 0  # nothing was written in process either
        hole.install(quire_home)
        data = client.call("status", {})  # a read falls back in process
        assert data["total"] == 0 and hole.count == 2
    finally:
        hole.close()


def test_unknown_outcome_exits_1_from_the_cli(quire_home):
    hole = Blackhole("close")
    hole.install(quire_home)
    try:
        done = run_quire("capture", "The release train leaves every second Tuesday morning")
    finally:
        hole.close()
    assert done.returncode == 1 and "outcome of capture is unknown" in done.stderr


def test_nothing_listening_means_in_process_even_for_writes(quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    free = socket.create_server(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()  # nobody listens there now: the request cannot have been sent
    (quire_home / "serve.json").write_text(json.dumps({"pid": os.getpid(), "host": "127.0.0.1", "port": port}))
    (quire_home / "serve.token").write_text("whatever")
    (quire_home / "serve.token").chmod(0o600)
    assert (
        client.call("capture", {"content": "The nightly wiki rebuild runs at two in the morning"})["status"] == "stored"
    )


def test_a_refused_token_runs_in_process(served, quire_home):
    served()
    (quire_home / "serve.token").write_text("stale-token")
    before_ok = client.service_status(Home(quire_home))
    assert before_ok["answering"] is False
    assert (
        client.call("capture", {"content": "The nightly wiki rebuild runs at two in the morning"})["status"] == "stored"
    )


PROBE = """
import json, sys
from quire.cli import cli
try:
    cli(["capture", "The probe checks that the client path stays light", "--json"], prog_name="quire",
        standalone_mode=False)
except SystemExit:
    pass
from quire import client
client.call("recall", {"query": "client path light"})
client.call("status", {})
print("HEAVY=" + json.dumps([m for m in ("numpy", "torch", "networkx", "sentence_transformers") if m in sys.modules]))
"""


def test_the_client_path_imports_nothing_heavy(served):
    s = served()
    before = s.requests()
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=s.env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "HEAVY=[]" in done.stdout
    assert s.requests() == before + 3  # capture, recall, status


def test_history_through_the_service_shows_the_text_captured_before_an_edit(served, quire_home):
    """The same answer as in-process: the edited text is current, the captured one is in history."""

    def ok(*args: str) -> dict:
        done = run_quire(*args, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    old = ok("capture", TABS, "--type", "preference")["id"]
    new = ok("capture", SPACES, "--type", "preference", "--supersedes", old)["id"]
    s = served()
    before = s.requests()
    item = ok("curate", "list")["items"][0]["id"]
    ok("curate", "accept", str(item), "--text", "I prefer four spaces for indentation in Python code")
    via_service = ok("history", new)
    assert s.requests() > before  # the calls went through the service
    s.stop()
    in_process = ok("history", new)
    assert via_service == in_process
    version = next(v for v in in_process["versions"] if v["id"] == new)
    assert version["captured"] == SPACES and version["content"].startswith("I prefer four spaces")
