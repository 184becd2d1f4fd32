"""What one device acknowledged reads back identical on another: two homes on one libSQL server
(the tests' sqld), the reader on its embedded replica. The hostile texts of
`tests/test_adversary_readback.py` (every class, the generated mixtures, the edges) are captured,
superseded, edited in review, confirmed and queued offline on the desk, and read on the laptop:
the stored text is the text policy's, byte for byte, and a refusal on one device stores nothing
on either."""

from __future__ import annotations

import pytest

import memory.session as session_mod
from memory.errors import QuireError
from memory.session import Session
from quire import ops
from tests.server_homes import device, restart
from tests.test_adversary_readback import CLASSED, EDGES, GENERATED, policy

pytestmark = pytest.mark.timeout(600)

SAMPLE = [*CLASSED, *GENERATED[:6], *EDGES]


@pytest.fixture
def fresh_reads(monkeypatch):
    """Every read on the laptop pulls the server first (the bound passed), as after a minute's wait."""
    monkeypatch.setattr(session_mod, "STALE_AFTER_S", 0.0)
    monkeypatch.setattr(session_mod, "HARD_STALE_S", 0.0)


def _try(s: Session, op: str, params: dict) -> tuple[str, object]:
    try:
        answer = ops.run(s, op, params)
    except QuireError as exc:
        return "refused", str(exc)
    if op == "capture" and answer["status"] not in ("stored", "queued"):
        return "refused", answer["reason"]
    return "ok", answer


def _on_laptop(b: Session, mid: str, word: str | None) -> set[str]:
    """The text of `mid` as the laptop reads it: show, history, and recall (compact and full)."""
    seen = {ops.run(b, "memory_show", {"memory_id": mid})["content"]}
    versions = ops.run(b, "history", {"memory_id": mid})["versions"]
    seen.add(next(v["content"] for v in versions if v["id"] == mid))
    if word:
        for detail in (False, True):
            hits = ops.run(b, "recall", {"query": word, "k": 50, "detail": detail})["results"]
            seen.update(h.get("text", h.get("content")) for h in hits if h["id"] == mid)
    return seen


def _word(text: str) -> str | None:
    found = [w for w in text.split() if w.startswith("quokka")]
    return found[0] if found else None


def test_a_capture_on_one_device_reads_back_identical_on_the_other(sqld_url, tmp_path, fresh_reads):
    a, b = device(tmp_path, "desk", sqld_url), device(tmp_path, "laptop", sqld_url)
    try:
        for text in SAMPLE:
            before = ops.run(b, "status", {})["total"]
            kind, answer = _try(a, "capture", {"content": text, "type": "fact"})
            expected = policy(text)
            if expected is None:
                assert kind == "refused", (text[:80], answer)
                assert ops.run(b, "status", {})["total"] == before  # nothing reached the server
                continue
            assert kind == "ok", (text[:80], answer)
            assert _on_laptop(b, answer["id"], _word(expected)) == {expected}, text[:80]
    finally:
        a.close()
        b.close()


def test_a_correction_and_a_review_edit_on_one_device_read_back_identical_on_the_other(sqld_url, tmp_path, fresh_reads):
    a, b = device(tmp_path, "desk", sqld_url), device(tmp_path, "laptop", sqld_url)
    try:
        for n, text in enumerate(SAMPLE):
            expected = policy(text)
            old = ops.run(a, "capture", {"content": f"The billing job runs nightly at three, item {n}", "type": "fact"})
            kind, answer = _try(a, "supersede", {"memory_id": old["id"], "content": text})
            assert kind == ("refused" if expected is None else "ok"), (text[:80], answer)
            if expected is not None:
                assert _on_laptop(b, answer["id"], None) == {expected}, text[:80]
            ops.run(a, "spaces_add", {"name": f"case{n}"})  # one preference per space: no change of another case's
            said = {"type": "preference", "space": f"case{n}"}
            pref = ops.run(a, "capture", {"content": f"I prefer the train for trips, case {n}", **said})
            change = f"I prefer driving for trips now, case {n}"
            ops.run(a, "capture", {"content": change, **said, "supersedes": pref["id"]})
            item = ops.run(a, "curate_list", {})["items"][-1]["id"]
            kind, answer = _try(a, "curate_accept", {"item_id": item, "text": text})
            assert kind == ("refused" if expected is None else "ok"), (text[:80], answer)
            current = ops.run(b, "history", {"memory_id": pref["id"]})["current"]
            if expected is not None:
                assert _on_laptop(b, current, None) == {expected}, text[:80]
            else:
                assert current == pref["id"] and ops.run(b, "curate_list", {})["items"][-1]["id"] == item
    finally:
        a.close()
        b.close()


def test_a_confirm_on_one_device_shows_the_same_confidence_on_the_other(sqld_url, tmp_path, fresh_reads, monkeypatch):
    a, b = device(tmp_path, "desk", sqld_url), device(tmp_path, "laptop", sqld_url)
    try:
        monkeypatch.setenv("QUIRE_NOW", "2026-01-01")
        mid = ops.run(a, "capture", {"content": "The staging cluster moved to Frankfurt in May", "type": "fact"})["id"]
        monkeypatch.setenv("QUIRE_NOW", "2026-12-01")
        desk = ops.run(a, "memory_show", {"memory_id": mid})["effective_confidence"]
        assert ops.run(b, "memory_show", {"memory_id": mid})["effective_confidence"] == desk < 0.2
        said = ops.run(a, "confirm", {"memory_id": mid})["effective_confidence"]
        assert ops.run(b, "memory_show", {"memory_id": mid})["effective_confidence"] == said == 0.7
    finally:
        a.close()
        b.close()


def test_captures_queued_offline_read_back_identical_after_sync(server, tmp_path):
    a = device(tmp_path, "desk", server.url)
    ops.run(a, "status", {})
    a.close()
    server.stop()
    a = device(tmp_path, "desk", server.url)  # the server down: every capture waits in the outbox
    queued: list[tuple[str, str]] = []
    try:
        for text in SAMPLE:
            kind, answer = _try(a, "capture", {"content": text, "type": "fact"})
            expected = policy(text)
            assert kind == ("refused" if expected is None else "ok"), (text[:80], answer)
            if expected is not None:
                assert answer["status"] == "queued" or answer.get("queued"), answer
                queued.append((expected, _word(expected) or ""))
        assert a.outbox.count_writes() == len(queued)  # a refusal queued nothing
    finally:
        a.close()
    server = restart(server)
    b = device(tmp_path, "laptop", server.url)
    try:
        a = device(tmp_path, "desk", server.url)  # opening sends the outbox
        assert a.outbox.count() == 0
        a.close()
        for expected, word in queued:
            hits = ops.run(b, "recall", {"query": word, "k": 50, "detail": True})["results"]
            mine = [h for h in hits if word in h["content"].split()]
            assert [h["content"] for h in mine] == [expected], word
            assert _on_laptop(b, mine[0]["id"], word) == {expected}, word
    finally:
        b.close()
        server.stop()


def test_an_export_on_a_device_leaves_out_a_memory_forgotten_there_while_offline(server, tmp_path):
    """An export's lines carry no ids, so the registry's filter of reads (what a queued forget names)
    could not reach them: the forgotten text was exported while every other read hid it."""
    a = device(tmp_path, "laptop", server.url)
    keep = ops.run(a, "capture", {"content": "The staging database is backed up every night at two"})["id"]
    gone = ops.run(a, "capture", {"content": "The old VPN password hint was the name of the office cat"})["id"]
    ops.run(a, "status", {})  # the replica, made while the server answers
    a.close()
    server.stop()
    a = device(tmp_path, "laptop", server.url)
    try:
        assert ops.run(a, "forget", {"memory_id": gone})["status"] == "queued"
        lines = ops.run(a, "export", {})["memories"]
        assert [line["content"] for line in lines] == [ops.run(a, "memory_show", {"memory_id": keep})["content"]]
    finally:
        a.close()
