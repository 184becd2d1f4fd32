"""Decay and trust: the effective-confidence formula, the decay pass, pin / unpin / confirm."""

from __future__ import annotations

import math

import pytest

from memory import audit, decay
from memory.errors import InvalidInput


def eff(db, mid):
    return db.scalar("SELECT effective_confidence FROM memories WHERE id = ?", (mid,))


def test_formula():
    assert decay.effective_confidence(0.7, 0.01, 0, 0) == pytest.approx(0.7)
    assert decay.effective_confidence(0.7, 0.01, 100, 0) == pytest.approx(0.35)  # halves after 1/rate days
    assert decay.effective_confidence(0.5, 0.05, 20, 0) == pytest.approx(0.25)
    assert decay.effective_confidence(0.9, 0.001, 1000, 0) == pytest.approx(0.45)
    assert decay.effective_confidence(0.7, 0.0, 5000, 0) == pytest.approx(0.7)
    assert decay.effective_confidence(0.7, 0.01, 0, 9) == pytest.approx(0.7 * (1 + 0.1 * math.log(10)))


def test_rates_by_tier_and_zero_when_confirmed_or_pinned():
    assert decay.rate_for("preference", confirmed=False, pinned=False) == 0.001
    assert decay.rate_for("fact", confirmed=False, pinned=False) == 0.01
    assert decay.rate_for("note", confirmed=False, pinned=False) == 0.05
    assert decay.rate_for("note", confirmed=True, pinned=False) == 0.0
    assert decay.rate_for("fact", confirmed=False, pinned=True) == 0.0


def test_run_decays_by_tier_from_creation_or_last_access(db, monkeypatch, cap):
    monkeypatch.setenv("QUIRE_NOW", "2024-01-01T00:00:00Z")
    note = cap("Pick up the dry cleaning before the shop closes on Friday").id
    fact = cap("The staging cluster has three worker nodes in one region", type="fact").id
    pref = cap("I prefer reading long documents as printed paper copies", type="preference").id
    used = cap("The on-call rotation hands over every Monday at ten", type="fact").id
    db.execute("UPDATE memories SET access_count = 4, last_accessed = '2024-03-11T00:00:00Z' WHERE id = ?", (used,))
    monkeypatch.setenv("QUIRE_NOW", "2024-04-10T00:00:00Z")  # 100 days later
    report = decay.run(db, actor="cli")
    assert (report.scanned, report.updated) == (4, 4)
    assert eff(db, note) == pytest.approx(0.5 / (1 + 0.05 * 100), abs=1e-6)
    assert eff(db, fact) == pytest.approx(0.7 / 2, abs=1e-6)
    assert eff(db, pref) == pytest.approx(0.9 / 1.1, abs=1e-6)
    assert eff(db, used) == pytest.approx(0.7 / (1 + 0.01 * 30) * (1 + 0.1 * math.log(5)), abs=1e-6)
    [entry] = [e for e in audit.entries(db) if e.action == "decay"]
    assert entry.detail == {"scanned": 4, "updated": 4}
    again = decay.run(db, actor="cli")  # nothing moved: no writes, no audit row
    assert again.updated == 0 and [e.action for e in audit.entries(db)].count("decay") == 1


def test_confirmed_and_pinned_memories_do_not_decay(db, monkeypatch, cap):
    monkeypatch.setenv("QUIRE_NOW", "2024-01-01T00:00:00Z")
    a = cap("The staging cluster has three worker nodes in one region", type="fact").id
    b = cap("The on-call rotation hands over every Monday at ten", type="fact").id
    c = cap("The CI pipeline caches dependencies between runs for speed", type="fact").id
    assert decay.confirm(db, a, actor="cli").changed
    assert decay.pin(db, b, actor="cli").changed
    monkeypatch.setenv("QUIRE_NOW", "2025-01-01T00:00:00Z")
    decay.run(db, actor="cli")
    assert eff(db, a) == pytest.approx(0.7) and eff(db, b) == pytest.approx(0.7)
    assert eff(db, c) < 0.2
    res = decay.unpin(db, b, actor="cli")
    assert res.changed and res.effective_confidence == pytest.approx(eff(db, c))


def test_pin_unpin_confirm_are_idempotent_and_audited(db, cap):
    mid = cap("The staging cluster has three worker nodes in one region", type="fact").id
    assert [decay.pin(db, mid, actor="cli").changed for _ in range(2)] == [True, False]
    assert [decay.unpin(db, mid, actor="cli").changed for _ in range(2)] == [True, False]
    assert [decay.confirm(db, mid, actor="cli").changed for _ in range(2)] == [True, False]
    actions = [e.action for e in audit.entries(db, subject_id=mid)]
    assert [a for a in actions if a in ("pin", "unpin", "confirm")] == ["pin", "unpin", "confirm"]
    assert db.scalar("SELECT stability FROM memories WHERE id = ?", (mid,)) == "confirmed"


def test_a_pending_revision_cannot_be_confirmed_around_the_queue(db, cap):
    old = cap("I prefer tabs for indentation in all my Python code", type="preference").id
    new = cap("I prefer spaces for indentation in all my Python code", type="preference", supersedes=old).id
    with pytest.raises(InvalidInput, match="quire curate"):
        decay.confirm(db, new, actor="cli")


def test_decay_and_trust_cli(db, cli, cli_json, cap):
    mid = cap("The staging cluster has three worker nodes in one region", type="fact").id
    assert set(cli_json("decay")) == {"scanned", "updated", "at"}
    assert cli_json("pin", mid)["changed"] is True
    out = cli("pin", mid)
    assert out.exit_code == 0 and "already pinned" in out.stdout and "nothing changed" in out.stdout
    assert cli_json("confirm", mid)["changed"] is True
    assert cli_json("unpin", mid)["changed"] is True
    assert cli("confirm", "mem_missing").exit_code == 1
