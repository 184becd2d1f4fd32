"""State files quire keeps for itself holding a value in range for its type but impossible for the
store: read as no record (look at everything again), never as a promise that skips work. Before, a
row id past the store's last one in forgets-seen.json (10**18) made every later forget be taken as
already cleaned up after, so its text stayed in this device's snapshots and vault for good."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory import erase
from tests.test_synth import add, rebuild

SECRET = "Marisol Quenby from HR told me in confidence about the reorganisation plans"


def _snapshot_text(home: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in (home / "snapshots").rglob("*") if p.is_file())


@pytest.mark.parametrize("last", [10**18, 2**63 - 1, "next"])
def test_a_forget_record_past_the_store_is_looked_at_again(session, db, quire_home, last):
    add(session, SECRET, entities=["Marisol Quenby"])
    rebuild(session)
    add(session, "The payments API returns 429 when a merchant sends too many requests", entities=["payments"])
    rebuild(session)  # its snapshot holds the pages before: the secret's
    assert "in confidence" in _snapshot_text(quire_home)
    seen = session.state_dir / "forgets-seen.json"
    mid = db.scalar("SELECT id FROM memories WHERE content = ?", (SECRET,))
    record: dict[str, object] = {"last": last}
    if last == "next":  # a record from another store: the row id this forget takes, of another memory there
        record = {"last": int(db.scalar("SELECT coalesce(max(id), 0) FROM audit_log")) + 1, "memory": "mem_elsewhere"}
    seen.write_text(json.dumps(record))
    erase.forget(db, mid, actor="test")  # another device's forget: the rows only, through the shared store
    rebuild(session)
    assert "in confidence" not in _snapshot_text(quire_home)
    assert "in confidence" not in "".join(p.read_text() for p in session.wiki_dir.glob("*.md"))


@pytest.mark.parametrize(
    "record",
    [
        {"last_success": "2024-01-01T00:00:00", "scheduler": "cron", "installed_at": "2024-01-01T00:00:00"},
        {"last_success": "9999-12-31T23:59:59+00:00", "scheduler": "cron"},
        {"last_success": "0001-01-01T00:00:00+14:00", "scheduler": "cron"},
    ],
)
def test_a_nightly_record_with_a_time_quire_never_writes_is_no_success(cli, cli_json, quire_home, record):
    # Before: a time without its offset was a TypeError traceback on every command (the overdue
    # notice), and a success in the year 9999 made `rebuild --if-due` say "not due" for ever.
    quire_home.mkdir(mode=0o700, exist_ok=True)
    (quire_home / "nightly.json").write_text(json.dumps(record))
    (quire_home / "nightly.json").chmod(0o600)
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    status = cli("status")
    assert status.exit_code == 0 and "Traceback" not in status.stderr, status.stderr
    assert cli_json("schedule", "--status")["due"] is True
    done = cli("rebuild", "--if-due")
    assert done.exit_code == 0 and "not due" not in done.stderr + done.stdout, done.stderr


@pytest.mark.timeout(180)
@pytest.mark.parametrize(
    "state",
    [
        {"store_id": "../../../escaped", "synced_at": 1},
        {"store_id": "0123456789abcdef/../../x"},
        {"store_id": "", "synced_at": 1e300},
        {"store_id": 7, "synced_at": "yesterday"},
        {"synced_at": -1e300},
    ],
)
def test_a_replica_record_quire_never_writes_keeps_offline_reads_inside_the_home(server, tmp_path, state):
    # Before: a store id with "../" put this store's caches outside the home's cache folder, and a
    # sync time past any clock (or not a number) was a traceback on every offline read.
    from memory.errors import Unreachable
    from quire import ops
    from tests.server_homes import device

    s = device(tmp_path, "laptop", server.url)
    mid = ops.run(s, "capture", {"content": "The VPN gateway moved to the Frankfurt region last month"})["id"]
    ops.run(s, "recall", {"query": "VPN gateway"})
    folder = s.replica_path.parent
    s.close()
    server.stop()
    known = json.loads((folder / "state.json").read_text())
    (folder / "state.json").write_text(json.dumps({**known, **state}))
    s = device(tmp_path, "laptop", server.url)
    try:
        try:
            out = ops.run(s, "recall", {"query": "VPN gateway Frankfurt"})
            assert out["results"][0]["id"] == mid and out["replica"]["offline"] is True
        except Unreachable:  # the store's id is not known here (the record holds none quire wrote)
            assert "store_id" in state
        try:
            inside = s.state_dir.resolve().is_relative_to(s.home.cache_dir.resolve())
        except Unreachable:
            inside = True  # no store id known here: said, not guessed
        assert inside, s.state_dir
    finally:
        s.close()


def test_a_serve_record_no_running_serve_holds_sends_no_token_to_whoever_has_its_port(quire_home, cli):
    # serve.json is the service's lock for its lifetime: one nobody holds was left by a killed
    # service, and its pid alive now is another process (pids are reused). Before, the CLI sent the
    # service token to whatever listened on the port it names.
    import http.server
    import os
    import threading

    heard: list[str] = []

    class Listener(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            heard.append(str(self.headers.get("Authorization")))
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'{"result": {}}')

        do_GET = do_POST

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Listener)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        assert cli("capture", "the boiler is serviced every October").exit_code == 0
        (quire_home / "serve.json").write_text(
            json.dumps({"pid": os.getpid(), "host": "127.0.0.1", "port": other.server_address[1]})
        )
        (quire_home / "serve.token").write_text("the-service-token\n")
        for name in ("serve.json", "serve.token"):
            (quire_home / name).chmod(0o600)
        done = cli("status", "--json")
        assert done.exit_code == 0 and json.loads(done.stdout)["total"] == 1, (done.stdout, done.stderr)
        assert not heard, heard
    finally:
        other.shutdown()
