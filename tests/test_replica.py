"""Reads on a server home come from this device's embedded replica (libSQL
replication); with the server down they answer from it and say how old it is; a replica deleted or
damaged is rebuilt from the server. Real sqld on loopback, one per test (these tests stop it)."""

from __future__ import annotations

import json
import os
import time

import pytest

from eval.sqld import Server
from memory import session as session_mod
from memory.db import ReplicaDatabase
from memory.home import Home
from memory.session import Session
from quire import ops
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point
from tests.server_homes import device, restart

pytestmark = pytest.mark.timeout(180)


def cap(s: Session, text: str, **kw):
    return ops.run(s, "capture", {"content": text, **kw})


def trips(s: Session) -> int:
    return s._db.round_trips if s._db is not None else 0


def test_reads_come_from_the_replica_and_see_this_devices_writes(server, tmp_path):
    s = device(tmp_path, "laptop", server.url)
    try:
        first = cap(s, "The staging cluster runs three etcd members in two zones")["id"]
        found = ops.run(s, "recall", {"query": "etcd members staging"})  # right after the write: synced first
        assert found["results"][0]["id"] == first and "replica" not in found
        ops.run(s, "recall", {"query": "etcd members staging"})  # warm
        before = trips(s)
        for _ in range(5):
            ops.run(s, "recall", {"query": "etcd members staging"})
        # Nothing reaches the server: reads are local, access counts wait in the outbox.
        assert trips(s) == before
        before = trips(s)
        ops.run(s, "status", {})
        ops.run(s, "pages", {})
        ops.run(s, "history", {"memory_id": first})
        ops.run(s, "curate_list", {})
        assert trips(s) == before  # read on the replica: no message to the server
        assert (s.replica_path).exists()
    finally:
        s.close()


def test_another_devices_write_reaches_the_replica_within_the_bound(server, tmp_path, monkeypatch):
    a, b = device(tmp_path, "desk", server.url), device(tmp_path, "laptop", server.url)
    try:
        cap(a, "The desk machine builds the release artifacts on Fridays")
        assert ops.run(b, "recall", {"query": "release artifacts"})["results"]
        cap(a, "The laptop keeps a copy of the signing key in the hardware token")
        monkeypatch.setattr(session_mod, "STALE_AFTER_S", 0.0)  # the bound passed
        monkeypatch.setattr(session_mod, "HARD_STALE_S", 0.0)  # and the hard one: the read waits
        time.sleep(0.01)
        hits = ops.run(b, "recall", {"query": "signing key hardware token"})["results"]
        assert hits and "hardware token" in hits[0]["text"]
        cap(a, "The build cache is pruned every Sunday night by a cron job")
        monkeypatch.setattr(session_mod, "HARD_STALE_S", 3600.0)  # between the bounds: pulled beside the read
        ops.run(b, "status", {})
        b._puller.join(10)
        hits = ops.run(b, "recall", {"query": "build cache pruned Sunday"})["results"]
        assert hits and "Sunday" in hits[0]["text"]
    finally:
        a.close()
        b.close()


def test_with_the_server_down_reads_answer_from_the_replica_and_say_how_old(server, tmp_path, monkeypatch):
    s = device(tmp_path, "laptop", server.url)
    mid = cap(s, "The VPN gateway moved to the Frankfurt region last month")["id"]
    ops.run(s, "recall", {"query": "VPN gateway"})
    s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    try:
        for name, params in (
            ("recall", {"query": "VPN gateway Frankfurt"}),
            ("status", {}),
            ("pages", {}),
            ("history", {"memory_id": mid}),
            ("curate_list", {}),
            ("recent", {}),
        ):
            out = ops.run(s, name, params)
            note = out["replica"]
            assert note["offline"] is True and note["age_s"] >= 0 and note["synced_at"], name
        assert ops.run(s, "recall", {"query": "VPN gateway Frankfurt"})["results"][0]["id"] == mid
        assert ops.run(s, "status", {})["total"] >= 1
    finally:
        s.close()


def test_cli_json_stays_clean_and_the_age_is_one_stderr_line(server, tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "QUIRE_HOME": str(home), "QUIRE_DB_URL": server.url}
    done = run_quire("capture", "The backup bucket lives in the eu-west-1 account", "--json", env=env)
    assert done.returncode == 0, done.stderr
    up = run_quire("status", "--json", env=env)
    assert up.returncode == 0, up.stderr
    assert json.loads(up.stdout)["total"] == 1 and not up.stderr.strip()  # the driver's logs stay off stdout
    server.stop()
    down = run_quire("status", "--json", env=env)
    assert down.returncode == 0, down.stderr
    data = json.loads(down.stdout)
    assert data["total"] == 1 and data["replica"]["offline"] is True
    lines = [ln for ln in down.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "answered from this device's replica" in lines[0]
    text = run_quire("recall", "backup bucket", env=env)
    assert text.returncode == 0 and "eu-west-1" in text.stdout, text.stderr
    assert len([ln for ln in text.stderr.splitlines() if ln.strip()]) == 1


def test_no_replica_yet_and_the_server_down_is_one_line(tmp_path):
    from memory.errors import Unreachable

    srv = Server(tmp_path / "never")  # never started: nothing listens on its port
    s = device(tmp_path, "fresh", srv.url)
    try:
        with pytest.raises(Unreachable) as exc:
            ops.run(s, "recall", {"query": "anything at all"})
        assert "\n" not in str(exc.value) and "cannot be reached" in str(exc.value)
    finally:
        s.close()


@pytest.mark.parametrize("fault", ["deleted", "damaged", "data file deleted"])
def test_a_lost_or_damaged_replica_is_rebuilt_from_the_server(server, tmp_path, fault):
    s = device(tmp_path, "laptop", server.url)
    mid = cap(s, "The payroll export runs on the first working day of the month")["id"]
    ops.run(s, "recall", {"query": "payroll export"})
    path = s.replica_path
    s.close()
    if fault == "deleted":
        for suffix in ("", "-wal", "-shm", "-client_wal_index", "-info"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")
    elif fault == "damaged":
        for suffix in ("", "-wal"):
            if os.path.exists(f"{path}{suffix}"):
                with open(f"{path}{suffix}", "r+b") as fh:
                    fh.write(b"\x00garbage" * 512)
    else:
        os.remove(path)  # the frame index stays: the driver would "sync" to an empty file
        for suffix in ("-wal", "-shm"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")
    s = device(tmp_path, "laptop", server.url)
    try:
        hits = ops.run(s, "recall", {"query": "payroll export"})
        assert hits["results"][0]["id"] == mid and "replica" not in hits
        assert isinstance(s._replica, ReplicaDatabase) and s._replica.online
    finally:
        s.close()


@pytest.mark.parametrize("skew", [86_400, -86_400])
def test_a_clock_a_day_off_never_serves_a_stale_replica_as_fresh(server, tmp_path, monkeypatch, skew):
    a, b = device(tmp_path, "desk", server.url), device(tmp_path, "laptop", server.url)
    try:
        ops.run(b, "status", {})  # the laptop's replica exists and was just synced
        cap(a, "The on-call rotation schedule changes every Monday morning")
        real = time.time
        monkeypatch.setattr(time, "time", lambda: real() + skew)
        hits = ops.run(b, "recall", {"query": "on-call rotation schedule"})
        assert hits["results"] and "Monday" in hits["results"][0]["text"] and "replica" not in hits
    finally:
        a.close()
        b.close()


def test_the_replica_age_with_a_clock_moved_back_says_check_the_clock(server, tmp_path, monkeypatch):
    s = device(tmp_path, "laptop", server.url)
    cap(s, "The firewall rules are reviewed every quarter by the security team")
    ops.run(s, "recall", {"query": "firewall rules"})
    s.close()
    server.stop()
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() - 86_400)
    s = device(tmp_path, "laptop", server.url)
    try:
        note = ops.run(s, "recall", {"query": "firewall rules"})["replica"]
        assert note["age_s"] is None and "check the clock" in note["message"]
    finally:
        s.close()


def test_the_file_store_has_no_replica_and_no_queue(quire_home):
    s = Session(Home(quire_home))
    try:
        mid = cap(s, "The file store answers everything itself, no server involved")["id"]
        assert "replica" not in ops.run(s, "recall", {"query": "file store answers"})
        assert ops.run(s, "pin", {"memory_id": mid})["changed"] is True
        assert not s.outbox.path.exists() and not list(quire_home.glob("cache/replica-*"))
    finally:
        s.close()


def test_bookkeeping_writes_on_the_replica_path_wait_in_the_outbox_and_apply_once(server, tmp_path):
    """Recall's access counts on the replica path cost no round trip: queued, sent with the next sync."""
    s = device(tmp_path, "laptop", server.url)
    mid = cap(s, "The incident review template lives in the handbook")["id"]
    before = trips(s)
    ops.run(s, "recall", {"query": "incident review template"})
    assert trips(s) == before  # nothing sent to the server for that recall
    server_count = "SELECT access_count FROM memories WHERE id = ?"
    assert s._server_db().scalar(server_count, (mid,)) == 0
    assert ops.run(s, "status", {})["queued_writes"] == 0  # bookkeeping is not a person's write
    assert ops.run(s, "sync", {})["bookkeeping"] == 1
    assert s._server_db().scalar(server_count, (mid,)) == 1
    s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    ops.run(s, "recall", {"query": "incident review template"})  # offline: kept too
    s.close()
    server = restart(server)
    try:
        s = device(tmp_path, "laptop", server.url)  # opening it sends what waited
        try:
            assert s._server_db().scalar(server_count, (mid,)) == 2
            assert ops.run(s, "sync", {})["bookkeeping"] == 0  # once
        finally:
            s.close()
    finally:
        server.stop()


def test_an_encrypted_home_keeps_no_replica(server, tmp_path, monkeypatch):
    """A replica would hold an encrypted home's memories in clear: such a home reads the server."""
    monkeypatch.setattr(session_mod, "home_key", lambda home: "k" * 64)
    s = device(tmp_path, "vault", server.url)
    try:
        cap(s, "The encrypted home reads from the server, never from a plaintext copy")
        assert "replica" not in ops.run(s, "recall", {"query": "encrypted home reads"})
        assert not s.replica_path.exists()
    finally:
        s.close()


def test_only_an_offline_replica_answer_prints_the_warning(capsys):
    """`quire bench store` has a `replica` row too: that is a measurement, not a stale answer."""
    from quire.cli.app import emit

    emit({"replica": {"recall": {"p50_ms": 1.0}}}, True)
    assert capsys.readouterr().err == ""
    emit({"total": 1, "replica": {"offline": True, "message": "x is unreachable: answered from ..."}}, True)
    assert capsys.readouterr().err.strip() == "warning: x is unreachable: answered from ..."


def test_quire_serve_on_a_server_home_reads_the_replica_and_queues_writes(tmp_path, quire_home, server):
    """The warm service: reads from its replica with the server down, a forget queued and hidden at
    once, sent when the server is back (the service reconnects and sends what waited)."""
    from tests.test_service import Served

    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text(f'[store]\nurl = "{server.url}"\n')
    served = Served(quire_home)
    try:
        before = served.requests()
        mid = json.loads(run_quire("capture", "The blue-green switch happens at the load balancer", "--json").stdout)[
            "id"
        ]
        assert "load balancer" in run_quire("recall", "blue-green switch").stdout
        assert served.requests() == before + 2  # both went through the service
        server.stop()
        # The warm service learns the server is gone from a failed pull (started once the replica
        # is STALE_AFTER_S old, given up by the driver after ~3 s); every answer meanwhile is the replica's.
        deadline = time.monotonic() + 20
        while True:
            down = run_quire("recall", "blue-green switch")
            assert down.returncode == 0 and "load balancer" in down.stdout, down.stderr
            if "answered from this device's replica" in down.stderr or time.monotonic() > deadline:
                break
            time.sleep(1)
        assert "answered from this device's replica" in down.stderr
        gone = run_quire("forget", mid, "--json")
        assert gone.returncode == 0 and json.loads(gone.stdout)["status"] == "queued", gone.stderr
        assert "load balancer" not in run_quire("recall", "blue-green switch").stdout  # hidden at once
        server = restart(server)
        try:
            time.sleep(2.5)  # the service retries its link at most every 2 s
            report = json.loads(run_quire("sync", "--json").stdout)
            assert report["queued"] == 0, json.dumps(report)
            s = device(tmp_path, "observer", server.url)
            try:
                assert s._server_db().scalar("SELECT content FROM memories WHERE id = ?", (mid,)) != (
                    "The blue-green switch happens at the load balancer"
                )
            finally:
                s.close()
        finally:
            server.stop()
    finally:
        served.stop()
