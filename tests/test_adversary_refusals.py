"""A refused write, by class: the gate's refusal of a capture, a supersede or a review edit leaves
one redacted line in the rejection log, on a local home and on a server home alike, and changes
nothing else. Before, a supersede refused on a local home left a line (its capture wrote one), the
same supersede on a server home left none (refused before the server was asked), and a refused
edit never did."""

from __future__ import annotations

import pytest

import quire
from memory.errors import InvalidInput, Refused
from memory.models import parse_payload
from memory.session import Session
from tests.test_service import served  # noqa: F401  (the fixture)

KEY = "ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"
LEAK = f"The deploy key for the billing job is {KEY} from tonight on"


def rejection_log(home) -> list[dict]:
    with Session(actor="test") as s:
        return s.db.dicts("SELECT content_redacted, reason, source_agent FROM rejected_captures ORDER BY id")


@pytest.mark.parametrize(("text", "reason"), [("too short", "too_short"), (LEAK, "credential_leak")])
def test_a_refused_supersede_is_logged_once_redacted_on_every_store(quire_home, store, text, reason):
    with quire.open(quire_home) as q:
        old = q.capture("The lisbon office opens at nine every weekday morning", type="fact")
        with pytest.raises(Refused, match=f"supersede refused: {reason}"):
            q.supersede(old.id, text)
        assert q.show(old.id).status == "active" and q.status().total == 1
    log = rejection_log(quire_home)
    assert [row["reason"] for row in log] == [reason], (store, log)
    assert KEY not in str(log)


def test_a_refused_review_edit_is_logged_as_a_refused_capture_is(quire_home, store):
    with quire.open(quire_home) as q:
        old = q.capture("I prefer the train over driving for weekend trips", type="preference")
        q.supersede(old.id, "I prefer driving over the train for weekend trips now")
        item = q.review().items[0]
        item_id = item["id"] if isinstance(item, dict) else item.id
        with pytest.raises(InvalidInput, match="the edited text was refused"):
            q.accept(item_id, text=LEAK)
        assert [i["status"] if isinstance(i, dict) else i.status for i in q.review().items] == ["pending"]
    log = rejection_log(quire_home)
    assert [row["reason"] for row in log] == ["credential_leak"], (store, log)
    assert KEY not in str(log)


def test_a_refused_capture_and_a_refused_supersede_log_the_same_line(quire_home):
    with quire.open(quire_home) as q:
        old = q.capture("The lisbon office opens at nine every weekday morning", type="fact")
        assert q.capture(LEAK, type="fact").status == "rejected"
        with pytest.raises(Refused):
            q.supersede(old.id, LEAK)
    first, second = rejection_log(quire_home)
    assert first == second and KEY not in first["content_redacted"]


def test_a_refused_supersede_through_quire_serve_is_one_line_and_logged_once(served, cli, cli_json, quire_home):  # noqa: F811
    # The CLI rebuilds the service's error by its class name: Refused must be one the client can make.
    mid = cli_json("capture", "The lisbon office opens at nine every weekday morning", "--type", "fact")["id"]
    s = served()
    result = cli("supersede", mid, "too short")
    assert result.exit_code == 1, result.stderr
    assert result.stderr.strip().splitlines() == [
        "Error: supersede refused: too_short (2 meaningful words (need 5)); nothing was stored; "
        "write one sentence of 5 or more words that makes sense on its own (a bare link: say what it is)"
    ], result.stderr
    s.stop()
    assert [row["reason"] for row in rejection_log(quire_home)] == ["too_short"]


@pytest.mark.timeout(180)
def test_a_queued_supersede_the_server_refuses_leaves_the_outbox_logged_as_a_queued_capture(server, tmp_path):
    # Before: a supersede queued offline whose text the server refused at sync (a tombstone made
    # meanwhile) was "failed" and stayed queued for ever, failing at every sync; a queued capture
    # refused there is "refused", leaves the outbox, and is in the server's rejection log.
    from quire import ops
    from tests.server_homes import device, restart

    porto = "The porto office opens at ten every weekday morning"
    s = device(tmp_path, "laptop", server.url)
    old = s.capture(parse_payload({"content": "The lisbon office opens at nine every weekday morning"}))
    gone = s.capture(parse_payload({"content": porto}))
    ops.run(s, "forget", {"memory_id": gone.id, "reason": "wrong office"})  # a tombstone for that text
    s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    try:
        assert ops.run(s, "supersede", {"memory_id": old.id, "content": porto})["status"] == "queued"
    finally:
        s.close()
    server = restart(server)
    try:
        s = device(tmp_path, "laptop", server.url)  # opening it sends the outbox
        try:
            assert s.outbox.count_writes() == 0
            db = s._server_db()
            assert [r[0] for r in db.rows("SELECT reason FROM rejected_captures")] == ["tombstoned"]
            assert db.scalar("SELECT status FROM memories WHERE id = ?", (old.id,)) == "active"
        finally:
            s.close()
    finally:
        server.stop()
