"""A write the server will never take leaves the outbox only when a person drops it: `quire sync
drop KEY`, all or none, offline too. Before, such a write (an offline capture into a space the
server has not got) failed at every `quire sync`, each exiting 1, with no command to take it out."""

from __future__ import annotations

import pytest

import quire
from memory.models import parse_payload
from quire import ops
from tests.server_homes import device, restart

pytestmark = pytest.mark.timeout(180)

FIRST = "The staging database gets rebuilt every Sunday night at eleven"
SECOND = "The release train leaves every second Tuesday after the freeze"
DEAD = "ws://127.0.0.1:9"  # nothing listens: every write queues


def queued_keys(cli, monkeypatch, *texts: str) -> list[str]:
    monkeypatch.setenv("QUIRE_DB_URL", DEAD)
    keys = []
    for text in texts:
        out = cli("capture", text)
        assert out.exit_code == 0, out.output
        keys.append(out.stdout.split()[-1])
    return keys


def test_a_queued_write_is_dropped_offline_and_its_text_leaves_the_outbox(cli, cli_json, monkeypatch, quire_home):
    first, second = queued_keys(cli, monkeypatch, FIRST, SECOND)
    listed = cli_json("sync", "list")  # offline too: the queue, oldest first, without its texts
    assert [w["key"] for w in listed["writes"]] == [first, second] and listed["queued"] == 2
    assert FIRST not in str(listed) and cli("sync", "list").stdout.startswith(f"{first}: capture queued ")
    out = cli("sync", "drop", first)
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [
        out.stdout.splitlines()[0],
        "still queued 1",
    ] and out.stdout.startswith(f"dropped {first}: capture queued ")
    kept = b"".join(f.read_bytes() for f in quire_home.glob("outbox.db*"))  # the file and its log
    assert FIRST.encode() not in kept  # no free page keeps the text
    assert SECOND.encode() in (quire_home / "outbox.db").read_bytes()
    again = cli("sync", "drop", first)
    assert again.exit_code == 1 and f"no queued write {first}" in again.stderr and "nothing was dropped" in again.stderr
    report = cli_json("sync", "drop", second, second)  # a key given twice is dropped once
    assert [d["key"] for d in report["dropped"]] == [second] and report["queued"] == 0


def test_a_drop_naming_one_key_not_queued_drops_none(cli, monkeypatch, quire_home):
    [key] = queued_keys(cli, monkeypatch, FIRST)
    for args, code, says in (
        ((key, "w_" + "0" * 32), 1, "no queued write w_" + "0" * 32),
        # a key that cannot be one is refused by its form: a usage error (docs/trust.md, exit codes)
        ((key, "bogus"), 2, "is not a queued write's key"),
        ((key, "w_" + "A" * 32), 2, "is not a queued write's key"),
        ((), 2, "Missing argument"),
    ):
        out = cli("sync", "drop", *args)
        assert out.exit_code == code and says in out.stderr, (args, out.output)
        assert len([ln for ln in out.stderr.splitlines() if ln.strip()]) == 1
    assert FIRST.encode() in (quire_home / "outbox.db").read_bytes()
    assert quire.open(quire_home).run("sync_drop", keys=[key]).model_dump()["queued"] == 0  # the library's route


def test_a_write_the_server_refuses_for_ever_is_dropped_and_sync_is_clean_again(server, tmp_path):
    s = device(tmp_path, "laptop", server.url)
    s.capture(parse_payload({"content": SECOND}))
    s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    queued = ops.run(s, "capture", {"content": FIRST, "space": "garden"})  # no such space on the server
    s.close()
    server = restart(server)
    try:
        s = device(tmp_path, "laptop", server.url)
        try:
            report = ops.run(s, "sync", {})
            assert [f["key"] for f in report["failed"]] == [queued["queued"]] and report["queued"] == 1
            dropped = ops.run(s, "sync_drop", {"keys": [queued["queued"]]})
            assert dropped["dropped"][0]["error"] and dropped["queued"] == 0
            assert ops.run(s, "sync_list", {})["writes"] == []
            again = ops.run(s, "sync", {})
            assert again["failed"] == [] and again["queued"] == 0
            assert [r["content"] for r in ops.run(s, "recent", {})["results"]] == [SECOND]  # nothing else landed
        finally:
            s.close()
    finally:
        server.stop()


def test_sync_on_a_home_whose_store_is_a_file_says_there_is_nothing_to_send(cli, quire_home):
    # Before: "sent 0, already applied 0, refused 0, failed 0, still queued 0", as if a server were set.
    assert cli("capture", "We moved the ledger to PostgreSQL 16 for its transactional DDL").exit_code == 0
    out = cli("sync")
    assert out.exit_code == 0 and "nothing to send: this home's store is a local file" in out.stdout
    assert "QUIRE_DB_URL" in out.stdout and "sent 0" not in out.stdout
