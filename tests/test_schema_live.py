"""A newer quire migrates the store while an older one keeps it open (quire serve, quire mcp, a
library Session): the older one refuses from then on (SchemaTooNew, as on open) and writes
nothing under the schema it does not know. Each test has its control: a process at the same
version writing beside it changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from memory import db as dbmod
from memory import doctor, migrations
from memory.db import FileDatabase
from memory.errors import SchemaTooNew
from memory.home import Home, open_db, open_remote
from memory.session import Session
from quire import ops
from tests.conftest import ROOT
from tests.conftest import run_forked as run_quire  # a real process: its exit status and stderr
from tests.server_homes import device
from tests.test_mcp import data, run_mcp, text
from tests.test_service import Served, post

pytestmark = pytest.mark.timeout(180)

FIRST = "The staging cluster moved to the new region in March last year"
SAME = "The billing service retries a failed webhook three times before giving up"
LATER = "The nightly backup now runs at two in the morning instead of midnight"


def _origin(db) -> None:
    """A newer quire's migration: a column its writes must fill (an older quire's rows would lack it)."""
    db.execute("ALTER TABLE memories ADD COLUMN origin TEXT NOT NULL DEFAULT ''")


def _migrate_newer(monkeypatch, migrate) -> int:
    """Run `migrate()` as a newer quire (one more migration), then be this quire again."""
    newer = migrations.latest() + 1
    monkeypatch.setitem(migrations.MIGRATIONS, newer, ("m_newer_origin", _origin))
    try:
        migrate()
    finally:
        monkeypatch.delitem(migrations.MIGRATIONS, newer)
    return newer


def _refusal(newer: int) -> str:
    return f"schema version {newer} but this quire knows only up to {newer - 1}; upgrade quire on this device"


def _count(path) -> int:
    raw = FileDatabase(path)  # no version check: the test reads what is there
    try:
        return int(raw.scalar("SELECT count(*) FROM memories"))
    finally:
        raw.close()


def _capture(s: Session, content: str) -> str:
    return ops.run(s, "capture", {"content": content, "type": "fact"})["id"]


@pytest.fixture
def recheck_now(monkeypatch):
    monkeypatch.setattr(dbmod, "SCHEMA_RECHECK_S", 0.0, raising=False)  # reads look every time (the bound is 2 s)


# -- the library: a file home and a server home ----------------------------------------------


def test_a_file_session_refuses_a_schema_migrated_under_it(quire_home, monkeypatch, recheck_now):
    # Before: the Session kept reading and capturing into a quire.db a newer quire had migrated.
    home = Home(quire_home)
    with Session(home) as s:
        mid = _capture(s, FIRST)
        with Session(home) as other:  # the control: another process at the same version writes
            _capture(other, SAME)
        assert ops.run(s, "recall", {"query": "billing webhook retries"})["results"]
        _capture(s, LATER)
        newer = _migrate_newer(monkeypatch, lambda: open_db(home).close())
        with pytest.raises(SchemaTooNew, match=_refusal(newer)):
            _capture(s, "The payments team switched the ledger to a new database engine")
        with pytest.raises(SchemaTooNew, match=_refusal(newer)):
            ops.run(s, "recall", {"query": "staging cluster region"})
        with pytest.raises(SchemaTooNew, match=_refusal(newer)):
            ops.run(s, "pin", {"memory_id": mid})
    assert _count(home.db_path) == 3


def test_a_server_session_refuses_a_schema_a_newer_device_migrated(server, tmp_path, monkeypatch):
    # Before: a laptop's Session kept writing to the server after another device's newer quire
    # migrated it (its open refused the newer schema; an open connection never looked again).
    laptop = device(tmp_path, "laptop", server.url)
    try:
        _capture(laptop, FIRST)
        desk = device(tmp_path, "desk", server.url)  # the control: a device at the same version
        try:
            _capture(desk, SAME)
        finally:
            desk.close()
        _capture(laptop, LATER)
        assert ops.run(laptop, "recall", {"query": "billing webhook retries"})["results"]
        newer = _migrate_newer(monkeypatch, lambda: device(tmp_path, "phone", server.url).close())
        with pytest.raises(SchemaTooNew, match=_refusal(newer)):
            _capture(laptop, "The ledger moved to a new database engine last spring")
        with pytest.raises(SchemaTooNew, match=_refusal(newer)):
            ops.run(laptop, "recall", {"query": "staging cluster region"})  # the replica synced: newer
        assert laptop.outbox.count_writes() == 0  # refused, not queued to be sent later
    finally:
        laptop.close()
    raw = dbmod.RemoteDatabase(server.url, anchor=tmp_path / "reader")  # no version check: what is there
    try:
        assert raw.scalar("SELECT count(*) FROM memories") == 3
    finally:
        raw.close()


@pytest.mark.parametrize("where", ["file", "server"])
def test_every_way_a_connection_writes_checks_the_schema(where, sqld_url, tmp_path, monkeypatch, recheck_now):
    # A transaction, a batched() block (one message to a server), a statement on its own, a read.
    home = Home(tmp_path / "h")
    opened = (lambda: open_db(home)) if where == "file" else (lambda: open_remote(sqld_url, home))
    db = opened()
    try:
        db.execute("INSERT INTO meta(key, value) VALUES ('k0', 'v')")  # the control, before
        with db.transaction():
            db.execute("INSERT INTO meta(key, value) VALUES ('k1', 'v')")
        with db.batched():
            db.execute("INSERT INTO meta(key, value) VALUES ('k2', 'v')")
        assert db.scalar("SELECT count(*) FROM meta WHERE key LIKE 'k_'") == 3
        newer = _migrate_newer(monkeypatch, lambda: opened().close())
        for write in (_in_transaction, _in_batch, _on_its_own):
            with pytest.raises(SchemaTooNew, match=_refusal(newer)):
                write(db)
        with pytest.raises(SchemaTooNew, match=_refusal(newer)):
            db.scalar("SELECT count(*) FROM meta")
        assert not db.in_transaction
    finally:
        db.close()
    check = FileDatabase(home.db_path) if where == "file" else dbmod.RemoteDatabase(sqld_url, anchor=home.db_path)
    try:
        assert check.scalar("SELECT count(*) FROM meta WHERE key LIKE 'k_'") == 3  # nothing written after
        assert check.scalar("PRAGMA user_version") == newer
    finally:
        check.close()


def _in_transaction(db) -> None:
    with db.transaction():
        db.execute("INSERT INTO meta(key, value) VALUES ('k3', 'v')")


def _in_batch(db) -> None:
    with db.batched():
        db.execute("INSERT INTO meta(key, value) VALUES ('k4', 'v')")


def _on_its_own(db) -> None:
    db.execute("INSERT INTO meta(key, value) VALUES ('k5', 'v')")


# -- quire serve and quire mcp: long-lived processes on a file home ----------------------------


def test_quire_serve_refuses_a_file_another_process_migrated(quire_home, monkeypatch):
    # Before: `quire serve` kept answering and storing captures in a quire.db that another
    # process's newer quire had migrated under it.
    svc = Served(quire_home)
    try:
        port, token = svc.info["port"], svc.token
        code, body = post(port, "/v1/ops/capture", {"params": {"content": FIRST, "type": "fact"}}, token)
        assert code == 200, body
        with Session(Home(quire_home)) as other:  # the control: another process at the same version
            _capture(other, SAME)
        code, body = post(port, "/v1/ops/capture", {"params": {"content": LATER, "type": "fact"}}, token)
        assert code == 200, body
        newer = _migrate_newer(monkeypatch, lambda: open_db(Home(quire_home)).close())
        capture = {"params": {"content": "The ledger moved to a new database engine", "type": "fact"}}
        code, body = post(port, "/v1/ops/capture", capture, token)
        assert code == 503 and body["error"]["type"] == "SchemaTooNew", body
        assert _refusal(newer) in body["error"]["message"]
        # Every request from now on would be refused: it stops (before, it kept running, refusing
        # them all) with the refusal as its one error line, exit 1, and lets go of the home.
        assert svc.proc.wait(30) == 1
        lines = [line for line in svc.proc.stderr.read().decode().splitlines() if line.strip()]
        assert lines[-1].startswith("Error: ") and _refusal(newer) in lines[-1], lines
        assert not (quire_home / "serve.json").exists() and not (quire_home / "serve.token").exists()
        found = run_quire("recall", "staging cluster", env={"QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "fake"})
        assert found.returncode == 1 and _refusal(newer) in found.stderr, found.stderr
    finally:
        svc.stop()
    assert _count(Home(quire_home).db_path) == 3


def test_quire_mcp_refuses_a_file_another_process_migrated(quire_home, monkeypatch):
    # Before: the MCP server (one Session for its whole life) stored an agent's capture in a
    # quire.db a newer quire had migrated under it.
    home = Home(quire_home)

    async def scenario(s):
        first = data(await s.call_tool("capture", {"content": FIRST, "type": "fact"}))
        with Session(home) as other:  # the control: another process at the same version
            _capture(other, SAME)
        later = data(await s.call_tool("capture", {"content": LATER, "type": "fact"}))
        newer = _migrate_newer(monkeypatch, lambda: open_db(home).close())
        refused = await s.call_tool("capture", {"content": "The ledger moved to a new database engine", "type": "fact"})
        return first, later, newer, refused

    first, later, newer, refused = run_mcp(quire_home, scenario)
    assert first["status"] == later["status"] == "stored"
    assert refused.is_error and _refusal(newer) in text(refused), text(refused)
    assert "no retry helps: the person must upgrade quire on this device" in text(refused)
    assert _count(home.db_path) == 3


@pytest.mark.parametrize("newer", [True, False])
def test_doctor_on_a_server_a_newer_quire_migrated_says_upgrade_never_restore(server, tmp_path, monkeypatch, newer):
    # `quire doctor` on a server home at a newer schema named the fix for a damaged server: restore it
    # with `store push --force` from a whole home, which puts this older home over the newer one.
    # The control: at this quire's schema the database check passes.
    if newer:
        latest = migrations.latest() + 1
        monkeypatch.setitem(migrations.MIGRATIONS, latest, (f"m{latest:03d}_newer", lambda db: None))
    device(tmp_path, "phone", server.url).close()  # migrates the server (to N+1 under the newer quire)
    if newer:
        monkeypatch.delitem(migrations.MIGRATIONS, latest)
    laptop = tmp_path / "laptop"  # an older quire's device: only its config, doctor opens the server
    laptop.mkdir()
    (laptop / "config.toml").write_text(f'[store]\nurl = "{server.url}"\n')
    found = {c.name: c for c in doctor.doctor(Home(tmp_path / "laptop")).checks}
    assert found["database"].ok is not newer, found["database"]
    if newer:
        assert "upgrade quire" in found["database"].fix and "push --force" not in found["database"].fix


def _start_mcp(quire_home):
    """`quire mcp` on the home in a child process, its three streams piped (stdin left open)."""
    return subprocess.Popen(
        [sys.executable, "-m", "quire.cli", "mcp"],
        cwd=str(ROOT),
        env={**os.environ, "QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "fake"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_quire_mcp_stops_with_one_line_once_a_newer_quire_migrated(quire_home, monkeypatch):
    # Before: after answering the refusal, `quire mcp` stayed up (its client kept a server that
    # would refuse every call) until the client closed stdin. Now it answers that call, then
    # stops with the refusal as its one error line, exit 1, as `quire serve` does; stdin stays open.
    home = Home(quire_home)
    proc = _start_mcp(quire_home)

    def ask(rid: int, method: str, params: dict) -> dict:
        proc.stdin.write(
            (json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}) + "\n").encode()
        )
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    def capture(rid: int, content: str) -> dict:
        return ask(rid, "tools/call", {"name": "capture", "arguments": {"content": content, "type": "fact"}})["result"]

    try:
        ask(
            1,
            "initialize",
            {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
        )
        proc.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        assert not capture(2, FIRST)["isError"]
        with Session(home) as other:  # the control: another process at the same version changes nothing
            _capture(other, SAME)
        assert not capture(3, LATER)["isError"]
        assert proc.poll() is None
        newer = _migrate_newer(monkeypatch, lambda: open_db(home).close())
        refused = capture(4, "The ledger moved to a new database engine")
        assert refused["isError"] and _refusal(newer) in refused["content"][0]["text"]
        assert proc.wait(30) == 1
        lines = [line for line in proc.stderr.read().decode().splitlines() if line.strip()]
        assert lines[-1].startswith("Error: ") and _refusal(newer) in lines[-1], lines
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert _count(home.db_path) == 3


def test_quire_mcp_will_not_start_on_a_store_a_newer_quire_migrated(quire_home, monkeypatch):
    # `quire serve` refuses to start on such a store; `quire mcp` did the handshake and listed its
    # tools, every one of which would then be refused. Now it stops before the handshake: one
    # line, exit 1, stdin still open (the client has not closed it).
    home = Home(quire_home)
    with Session(home) as first:
        _capture(first, FIRST)
    newer = _migrate_newer(monkeypatch, lambda: open_db(home).close())
    proc = _start_mcp(quire_home)
    try:
        assert proc.wait(30) == 1
        lines = [line for line in proc.stderr.read().decode().splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("Error: ") and _refusal(newer) in lines[0], lines
        assert proc.stdout.read() == b""  # no handshake was answered
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert _count(home.db_path) == 1


def test_quire_mcp_starts_on_a_store_it_can_open_and_answers_the_handshake(quire_home):
    # The control: the start-up read passes on a store of this version, and the server answers.
    proc = _start_mcp(quire_home)
    try:
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        proc.stdin.write(
            (json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}) + "\n").encode()
        )
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["result"]["serverInfo"]
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()
