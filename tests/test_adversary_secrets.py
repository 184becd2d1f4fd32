"""Secrets, by class: a credential in any text a person hands quire never lands in quire's own
copies. Here: a key pasted into a page file of the vault by hand."""

from __future__ import annotations

from pathlib import Path

import quire

KEY = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"


def holding(home: Path, needle: str) -> list[str]:
    """Every file under the home whose bytes hold `needle`."""
    return sorted(
        str(p.relative_to(home)) for p in home.rglob("*") if p.is_file() and needle.encode() in p.read_bytes()
    )


def test_a_key_pasted_into_a_page_file_stays_out_of_quires_copies(cli, cli_json, quire_home):
    # Before: the hand edit was stored whole: the pages table and its history (quire.db), the next
    # rebuild's snapshot, `page show`, and `page_read` for every agent and device.
    cli_json("capture", "We moved the ledger to PostgreSQL 16 for its transactional DDL", "--entity", "ledger")
    cli_json("capture", "The ledger nightly export runs at two in the morning", "--entity", "ledger")
    assert cli("rebuild").exit_code == 0
    page = quire_home / "wiki" / "ledger.md"
    page.write_text(page.read_text() + f"\n- The deploy token is {KEY} for the CI runner\n")
    result = cli("rebuild")
    assert result.exit_code == 0
    assert "ledger: the hand edit holds a credential (github_token)" in result.stderr
    assert holding(quire_home, KEY) == ["wiki/ledger.md"]  # the person's own file, and nothing else
    cli_json("capture", "We moved the ledger backups to the Frankfurt bucket last week", "--entity", "ledger")
    assert cli("rebuild").exit_code == 0  # queues a revision of the person's page and snapshots it
    assert holding(quire_home, KEY) == ["wiki/ledger.md"]
    assert cli("rollback").exit_code == 0
    assert holding(quire_home, KEY) == ["wiki/ledger.md"]
    shown = cli_json("page", "show", "ledger")["body"]
    assert "The deploy token is [REDACTED:github_token] for the CI runner" in shown and KEY not in shown
    with quire.open(quire_home) as q:
        assert KEY not in q.page("ledger").body


def test_a_note_named_after_a_key_leaves_no_key_in_the_import_log(quire_home, tmp_path):
    # Before: the note was refused (its source holds the key) but the import log kept its path.
    notes = tmp_path / "notes"
    (notes / KEY).mkdir(parents=True)
    (notes / KEY / "tax.md").write_text("The tax runbook lives in the ops wiki under the accounting section.\n")
    (notes / f"{KEY}.md").write_text("The audit runbook lives in the ops wiki under the compliance section.\n")
    (notes / "payroll.md").write_text("The payroll runbook lives in the ops wiki under the people section.\n")
    with quire.open(quire_home) as q:
        report = q.import_path(notes)
        assert report.stored == 1 and report.rejected == 2
        assert q.import_path(notes).stored == 0  # a re-run finds what it did
    assert holding(quire_home, KEY) == []


def test_a_write_queued_offline_holds_no_key_and_passes_the_gate_first(server, tmp_path):
    # Before: with the server down, supersede, curate_accept's edit and forget's reason were queued
    # as sent: a key in them landed in outbox.db in plain text, and a too-short supersede was
    # acknowledged as queued only to fail at sync.
    from memory.errors import InvalidInput
    from quire import ops
    from tests.server_homes import device
    from tests.test_offline import cap

    s = device(tmp_path, "laptop", server.url)
    old = cap(s, "The deploy freeze starts on the fifteenth of December")
    pref = cap(s, "I prefer the train over driving for weekend trips to the coast", type="preference")
    newer = "I prefer driving over the train for weekend trips now that we own a car"
    cap(s, newer, type="preference", supersedes=pref.id)
    s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    try:
        refused = [
            ("supersede", {"memory_id": old.id, "content": f"The deploy freeze key is {KEY} for December"}),
            ("supersede", {"memory_id": old.id, "content": "The freeze", "fields": {}}),
            ("curate_accept", {"item_id": 1, "text": f"I prefer cycling along the river, key {KEY}"}),
        ]
        for op, params in refused:
            try:
                ops.run(s, op, params)
            except InvalidInput as exc:
                assert "credential_leak" in str(exc) or "too_short" in str(exc), exc
            else:
                raise AssertionError(f"{op} was queued: {params}")
        queued = ops.run(s, "forget", {"memory_id": old.id, "reason": f"it held {KEY}"})
        assert queued["status"] == "queued"
        assert s.outbox.count_writes() == 1
    finally:
        s.close()
    assert holding(tmp_path / "laptop", KEY) == []
