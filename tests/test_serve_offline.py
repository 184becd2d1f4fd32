"""`quire serve` and `quire ui` on a server home while the server is down (issue 24): they start,
answer reads from this device's replica and say how old it is, and writes queue in the outbox as the
CLI's do offline. Real sqld on loopback, one per test (these tests stop it)."""

from __future__ import annotations

import html
import json
import time

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory.errors import Unreachable
from memory.outbox import Outbox
from quire import client, ops
from tests import ui_home
from tests.server_homes import device, restart
from tests.test_trust_routes import _mcp_call

LEDGER = "The ledger moved to PostgreSQL sixteen for its transactional DDL"
PAYMENTS = "The payments API returns 429 above one hundred requests a second"


@pytest.fixture
def offline_home(server, tmp_path, monkeypatch):
    """A device that captured two memories and read once (so it has a replica), then the server stopped."""
    s = device(tmp_path, "laptop", server.url)
    with s:
        ids = [ops.run(s, "capture", {"content": text, "type": "decision"})["id"] for text in (LEDGER, PAYMENTS)]
        assert len(ops.run(s, "recall", {"query": "ledger"})["results"]) >= 1  # the replica syncs here
    server.stop()
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "laptop"))
    return ids


def test_serve_starts_offline_answers_reads_from_the_replica_and_queues_writes(offline_home, tmp_path):
    ledger, payments = offline_home
    served = ui_home.start()
    try:
        found = client.call("recall", {"query": "ledger transactional"})  # the CLI's route through the service
        assert found["results"][0]["id"] == ledger
        assert found["replica"]["offline"] is True and "unreachable" in found["replica"]["message"]
        queued = client.call("capture", {"content": "The staging database restarts every Sunday at four"})
        assert queued["status"] == "queued"
        assert client.call("forget", {"memory_id": payments})["status"] == "queued"
        ids = [h["id"] for h in client.call("recall", {"query": "payments API requests"})["results"]]
        assert payments not in ids  # hidden on this device at once, as the CLI hides it
        # The browser screens answer too, and say the answer came from the replica.
        browser = ui_home.Browserless(served).sign_in()
        status, _, page = browser.request("GET", "/recall?q=ledger+transactional")
        assert status == 200 and ledger in page and "replica" in page
    finally:
        served.stop()
    assert Outbox(tmp_path / "laptop" / "outbox.db").count_writes() == 2  # both wait for the server, nothing lost


def test_serve_with_no_replica_yet_starts_and_refuses_reads_in_one_line(tmp_path, monkeypatch):
    home = tmp_path / "fresh"
    home.mkdir()
    (home / "config.toml").write_text('[store]\nurl = "ws://127.0.0.1:9"\n')  # nothing listens on the discard port
    monkeypatch.setenv("QUIRE_HOME", str(home))
    served = ui_home.start()
    try:
        with pytest.raises(Unreachable) as refused:
            client.call("recall", {"query": "ledger"})
        assert "\n" not in str(refused.value) and "queued" in str(refused.value)
        assert client.call("capture", {"content": LEDGER})["status"] == "queued"
    finally:
        served.stop()
    assert Outbox(home / "outbox.db").count_writes() == 1


def test_a_serve_started_offline_writes_to_the_server_once_it_is_back(offline_home, server, tmp_path):
    # A service that started while the server was down kept queueing every capture after the server
    # came back (a fresh CLI process connects again; the warm service never tried).
    served = ui_home.start()
    try:
        assert (
            client.call("capture", {"content": "The staging database restarts every Sunday at four"})["status"]
            == "queued"
        )
        server = restart(server)

        time.sleep(2.1)  # the service tries the server again at most every 2 s
        done = client.call("capture", {"content": "The release train leaves every second Tuesday morning"})
        assert done["status"] == "stored", done
        assert Outbox(tmp_path / "laptop" / "outbox.db").count_writes() == 0  # what waited went first
    finally:
        served.stop()
        server.stop()


NO_REPLICA_FIX = (
    "reads need the server until this device has its replica, made by the first command run while "
    "the server answers (`quire status` will do)"
)


def _screen(served, path: str) -> tuple[int, str]:
    """A signed-in browser's GET (signed in by hand: the status screen the helper reads is refused too)."""
    web = ui_home.Browserless(served)
    url = served.ticket()
    status, headers, _ = web.request("GET", url[url.index("/login") :], cookie=False)
    assert status == 200, status
    web.cookie = headers["set-cookie"].split(";")[0]
    status, _, page = web.request("GET", path)
    return status, html.unescape(page)


def test_a_device_with_no_replica_yet_is_told_how_to_get_one_on_every_route(server, tmp_path, monkeypatch, cli):
    # Before: "cannot be reached ... or work offline; 0 write(s) queued": a device that never reached
    # the server cannot read offline, and nothing said so, nor how it gets its replica.
    with device(tmp_path, "laptop", server.url) as laptop:  # another device wrote to the server
        ledger = ops.run(laptop, "capture", {"content": LEDGER, "type": "decision"})["id"]
    home = tmp_path / "phone"
    home.mkdir()
    (home / "config.toml").write_text(f'[store]\nurl = "{server.url}"\n')
    monkeypatch.setenv("QUIRE_HOME", str(home))
    server.stop()
    with pytest.raises(Unreachable) as refused, quire.open(home) as q:
        q.recall("ledger transactional")
    said = {"library": str(refused.value)}
    result = cli("recall", "ledger transactional")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    said["cli"] = result.stderr
    with pytest.raises(ToolError) as tool:
        _mcp_call(home, "recall", {"query": "ledger transactional"})
    said["mcp"] = str(tool.value)
    served = ui_home.start()
    try:
        result = cli("recall", "ledger transactional")
        assert result.exit_code == 1 and served.svc.requests > 0, result.stderr
        said["cli via serve"] = result.stderr
        status, said["ui"] = _screen(served, "/recall?q=ledger+transactional")
        assert status >= 400
    finally:
        served.stop()
    for route, line in said.items():  # an agent is told of the tool, not the command
        words = {"mcp": "status()", "ui": "the status screen (/status)"}  # each route's own way to run it
        fix = NO_REPLICA_FIX.replace("`quire status`", words.get(route, "`quire status`"))
        assert fix in line, (route, line)
    # What it says works: one `quire status` while the server answers, and this device reads offline
    # (a replica made by a status had no record of the server's store id, and reads still failed).
    server = restart(server)
    made = cli("status")
    assert made.exit_code == 0, made.stderr
    server.stop()
    found = cli("recall", "ledger transactional", "--json")
    assert found.exit_code == 0, found.stderr
    answer = json.loads(found.stdout)
    assert answer["replica"]["offline"] is True and answer["results"][0]["id"] == ledger


def test_a_device_that_keeps_no_replica_says_its_reads_wait_for_the_server(tmp_path, monkeypatch, cli):
    home = tmp_path / "phone"
    home.mkdir()
    (home / "config.toml").write_text('[store]\nurl = "ws://127.0.0.1:9"\nreplica = false\n')
    monkeypatch.setenv("QUIRE_HOME", str(home))
    result = cli("recall", "ledger")
    assert result.exit_code == 1 and "keeps no replica to read offline (`[store] replica = false`" in result.stderr
    assert "until this device has its replica" not in result.stderr
