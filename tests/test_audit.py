"""The audit log: one row per mutation, in the mutation's transaction, never trimmed; `quire log`."""

from __future__ import annotations

import json

import pytest

from memory import audit, decay, erase, review, tombstones
from memory.errors import StoreError

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"


def actions(db, subject=None):
    return [e.action for e in audit.entries(db, subject_id=subject, limit=10_000)]


def test_every_curation_mutation_appends_a_row(db, cap):
    a = cap("The staging cluster has three worker nodes in one region", type="fact").id
    b = cap("The staging cluster has five worker nodes in one region", type="fact", supersedes=a).id
    old = cap(TABS, type="preference").id
    new = cap(SPACES, type="preference", supersedes=old, actor="mcp").id
    [item] = review.open_items(db)
    review.accept(db, item.id, actor="cli")
    n = cap("I prefer two spaces for indentation in all my Python code", type="preference", supersedes=new).id
    [item2] = review.open_items(db)
    review.dismiss(db, item2.id, actor="cli")
    forgotten = erase.forget(db, b, actor="cli")
    tombstones.lift(db, forgotten.tombstone_id, actor="cli")
    decay.pin(db, new, actor="cli")  # the current version (a replaced one is refused: test_trust_replaced_versions)
    decay.confirm(db, a, actor="cli")
    got = actions(db)
    for expected in (
        "capture",
        "supersede",
        "propose_revision",
        "enqueue",
        "confirm",
        "accept",
        "reject",
        "tombstone",
        "dismiss",
        "forget",
        "lift",
        "pin",
    ):
        assert expected in got, expected
    assert [e.actor for e in audit.entries(db, subject_id=new) if e.action == "capture" and e.subject_id == new] == [
        "mcp"
    ]
    assert "dismiss" in actions(db, str(item2.id)) and "reject" in actions(db, n)


def test_a_failed_mutation_leaves_no_audit_row(db):
    class Failing:
        def accept(self, db, item):  # writes, then fails: nothing of it may stay, audit row included
            db.execute("UPDATE review_queue SET note = 'half-done' WHERE id = ?", (item.id,))
            raise RuntimeError("disk full")

        def dismiss(self, db, item):
            raise AssertionError("not called")

    item = review.enqueue(db, "page_revision", ["p"], {"old": "a", "new": "b"}, actor="rebuild")
    before = db.scalar("SELECT count(*) FROM audit_log")
    with pytest.raises(RuntimeError):
        review.accept(db, item, actor="cli", handlers={"page_revision": Failing()})
    assert db.scalar("SELECT count(*) FROM audit_log") == before
    got = review.get(db, item)
    assert (got.status, got.note) == ("pending", "")


def test_record_outside_a_transaction_is_refused(db):
    with pytest.raises(RuntimeError):
        audit.record(db, "cli", "capture", "memory", "x")


def test_the_log_is_append_only(db, cap):
    cap(TABS, type="preference")
    with pytest.raises(StoreError, match="append-only"):
        db.execute("UPDATE audit_log SET actor = 'someone-else'")
    with pytest.raises(StoreError, match="append-only"):
        db.execute("DELETE FROM audit_log")


def test_log_cli_filters(db, cli, cli_json, monkeypatch, cap):
    monkeypatch.setenv("QUIRE_NOW", "2024-01-01T00:00:00Z")
    first = cap("The staging cluster has three worker nodes in one region", type="fact").id
    monkeypatch.setenv("QUIRE_NOW", "2024-02-01T00:00:00Z")
    second = cap("The staging cluster has five worker nodes in one region", type="fact", supersedes=first).id
    entries = cli_json("log")["entries"]
    assert {"id", "at", "actor", "action", "subject_kind", "subject_id", "detail"} <= set(entries[0])
    since = cli_json("log", "--since", "2024-01-15")["entries"]
    assert since and all(e["at"] >= "2024-01-15" for e in since)
    about_first = cli_json("log", "--id", first)["entries"]
    assert {e["action"] for e in about_first} >= {"capture", "supersede"}
    assert any(e["subject_id"] == second for e in about_first)  # named in the detail of the second capture
    assert len(cli_json("log", "-n", "2")["entries"]) == 2
    text = cli("log", "--id", first).stdout
    assert "supersede" in text and f"memory:{first}" in text
    assert cli("log", "--since", "yesterday-ish").exit_code == 2  # a date that cannot be read: usage
    assert json.loads(cli("log", "--since", "2030-01-01", "--json").stdout) == {"entries": []}


@pytest.mark.parametrize("reason", ["too\nprivate", "a\rb", "tab\there", "the \u202eesrever office"])
def test_log_prints_one_line_an_entry_whatever_a_detail_holds(cli, cli_json, reason):
    # Before: a forget reason with a line break (stored as given) split its entry across lines of
    # `quire log`, and a bidi override in it reversed the rest of the line on the terminal.
    mid = cli_json("capture", "The garden shed was painted green by the neighbours last summer")["id"]
    assert cli("forget", mid, "--reason", reason).exit_code == 0
    out = cli("log", "--id", mid).stdout.splitlines()
    (line,) = [entry for entry in out if " forget " in entry]
    assert len(out) == len(cli_json("log", "--id", mid)["entries"])
    assert reason.encode("unicode_escape").decode() in line and "\u202e" not in line
