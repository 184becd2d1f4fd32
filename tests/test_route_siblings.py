"""Today's four behaviours (back to an earlier value, the compatibility fold, a key in an import,
the hand-off in recall) on the devices a server home has: the offline outbox and the embedded
replica. Real sqld on loopback (each test stops its own)."""

from __future__ import annotations

import json

import pytest

from memory import migrations
from memory.errors import SchemaTooNew
from memory.models import parse_payload
from quire import ops
from tests.import_formats import write
from tests.server_homes import device, restart
from tests.test_import_siblings import BOILER, GHP, KEYED, SHED, _errors

pytestmark = pytest.mark.timeout(180)

FOLDED = "ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ happens every ninety days for payments"


def _newer(number: int):
    """A migration this quire does not know (a newer quire's)."""
    return (f"m{number:03d}_newer", lambda db: None)


def test_an_older_quire_refuses_a_newer_replica_offline_as_it_does_online(server, tmp_path, monkeypatch):
    # Before: online an older quire refused the server a newer one had migrated (SchemaTooNew), but
    # with the server down it answered from its replica of that newer schema, without a word.
    newer = migrations.latest() + 1
    monkeypatch.setitem(migrations.MIGRATIONS, newer, _newer(newer))
    s = device(tmp_path, "laptop", server.url)  # the newer quire migrates the server
    try:
        mid = s.capture(parse_payload({"content": FOLDED, "type": "fact"})).id
        assert ops.run(s, "recall", {"query": "API key rotation"})["results"][0]["id"] == mid
    finally:
        s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    try:  # the control: the quire that knows the schema still answers offline from its replica
        found = ops.run(s, "recall", {"query": "API key rotation"})
        assert found["results"][0]["id"] == mid and found["replica"]["offline"] is True
    finally:
        s.close()
    monkeypatch.delitem(migrations.MIGRATIONS, newer)  # now an older quire on the same device
    s = device(tmp_path, "laptop", server.url)
    try:
        with pytest.raises(SchemaTooNew, match=f"schema version {newer} but this quire knows only up to {newer - 1}"):
            ops.run(s, "recall", {"query": "API key rotation"})
    finally:
        s.close()


@pytest.mark.parametrize("fmt", ["jsonl", "markdown", "chat-jsonl"])
def test_a_queued_import_with_a_key_says_its_error_line_at_the_sync(server, tmp_path, monkeypatch, cli, fmt):
    # Before: an import queued offline whose file held a key was "sent" at `quire sync`, exit 0, the
    # refused unit dropped without a word, where the same import online says one error line, exit 1.
    monkeypatch.setenv("QUIRE_DB_URL", server.url)
    path = write(fmt, tmp_path / "in", [("Home", [KEYED, BOILER, SHED])])
    server.stop()
    queued = cli("import", str(path), "--format", fmt, "--json")
    assert queued.exit_code == 0 and json.loads(queued.stdout)["status"] == "queued", queued.stderr
    server = restart(server)
    try:
        synced = cli("sync", "--json")
        assert synced.exit_code == 1, (synced.stdout, synced.stderr)
        body = json.loads(synced.stdout)
        errors = _errors(synced)
        assert len(errors) == 1 and "holds a credential (github_token" in errors[0], errors
        assert "remove the key" in errors[0] and GHP not in synced.stdout + synced.stderr
        assert [w["outcome"] for w in body["writes"]] == ["sent"] and body["queued"] == 0
        assert body["errors"] == [errors[0].removeprefix("error: ")]
        found = cli("recall", "garden shed roof felt", "--json")
        assert SHED in found.stdout and GHP not in found.stdout
        # The control: the same file imported online says the same line (and stores nothing new).
        online = cli("import", str(path), "--format", fmt, "--json")
        assert online.exit_code == 1 and _errors(online) == errors, online.stderr
    finally:
        server.stop()


def test_a_queued_import_sent_by_another_command_keeps_its_error_line_for_the_sync(server, tmp_path, monkeypatch, cli):
    # Any command that reaches the server sends the queue first, and its answer is that command's:
    # the import's error line was thrown away, and `quire sync` then had nothing to say (exit 0).
    monkeypatch.setenv("QUIRE_DB_URL", server.url)
    path = write("jsonl", tmp_path / "in", [("Home", [KEYED, BOILER, SHED])])
    server.stop()
    assert cli("import", str(path), "--json").exit_code == 0
    server = restart(server)
    try:
        found = cli("recall", "garden shed roof felt", "--json")  # sends the queued import first
        assert found.exit_code == 0 and SHED in found.stdout and GHP not in found.stdout
        status = json.loads(cli("status", "--json").stdout)
        assert status["queued_writes"] == 1 and status["queued_held"] == 1  # held for the sync
        assert "1 held with a reason: run `quire sync`" in cli("status").stdout
        synced = cli("sync", "--json")
        assert synced.exit_code == 1, (synced.stdout, synced.stderr)
        errors = _errors(synced)
        assert len(errors) == 1 and "holds a credential (github_token" in errors[0], errors
        assert [w["outcome"] for w in json.loads(synced.stdout)["writes"]] == ["already_applied"]
        again = cli("sync", "--json")  # said once: the queue is empty now
        assert again.exit_code == 0 and _errors(again) == [] and json.loads(again.stdout)["queued"] == 0
        assert "outbox:" not in cli("status").stdout
        results = json.loads(cli("recall", "garden shed roof felt", "--json").stdout)["results"]
        assert [r["content"] for r in results].count(SHED) == 1  # stored once
    finally:
        server.stop()


def test_a_queued_import_without_a_key_syncs_clean(server, tmp_path, monkeypatch, cli):
    # The control: nothing refused, nothing said, exit 0.
    monkeypatch.setenv("QUIRE_DB_URL", server.url)
    path = write("jsonl", tmp_path / "in", [("Home", [BOILER, SHED])])
    server.stop()
    assert cli("import", str(path), "--json").exit_code == 0
    server = restart(server)
    try:
        synced = cli("sync", "--json")
        assert synced.exit_code == 0 and _errors(synced) == [], synced.stderr
        assert json.loads(synced.stdout).get("errors", []) == []
    finally:
        server.stop()
