"""Migrations: numbered, one transaction each with their record, refuse a newer schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from memory import migrations, transfer
from memory.db import FileDatabase
from memory.errors import SchemaTooNew, StoreError
from tests.conftest import ROOT

EXPECTED_TABLES = {
    "migrations",
    "meta",
    "spaces",
    "memories",
    "memories_fts",
    "rejected_captures",
    "tombstones",
    "audit_log",
    "entities",
    "memory_entities",
    "relations",
    "vector_changes",
    "import_log",
}
MEMORY_COLUMNS = {
    "id",
    "content",
    "memory_type",
    "structured_fields",
    "retrieval_cue",
    "title",
    "space",
    "confidence",
    "effective_confidence",
    "stability",
    "pinned",
    "supersedes",
    "superseded_by",
    "supersede_mode",
    "status",
    "content_hash",
    "near_duplicate_of",
    "valid_from",
    "valid_to",
    "created_at",
    "updated_at",
    "access_count",
    "last_accessed",
    "source",
    "source_agent",
    "embedding",
    "embed_model",
    "version",
}


def test_blank_database_gets_every_migration(tmp_path):
    db = FileDatabase(tmp_path / "q.db")
    applied = migrations.apply(db)
    assert applied == sorted(migrations.MIGRATIONS)
    assert migrations.current(db) == migrations.latest()
    tables = {r[0] for r in db.rows("SELECT name FROM sqlite_master WHERE type IN ('table')")}
    assert tables >= EXPECTED_TABLES
    columns = {r[1] for r in db.rows("PRAGMA table_info(memories)")}
    assert columns >= MEMORY_COLUMNS
    recorded = [r[0] for r in db.rows("SELECT number FROM migrations ORDER BY number")]
    assert recorded == applied
    assert migrations.apply(db) == []  # idempotent


def test_a_blank_database_migrated_holds_no_row_of_data(tmp_path):
    # `store push` migrates an empty server, then empties every data table before the copy, and the
    # audit log refuses a DELETE: a migration that wrote an audit row on a blank store broke every push.
    db = FileDatabase(tmp_path / "q.db")
    migrations.apply(db)
    counts = {t: db.scalar(f"SELECT count(*) FROM {t}") for t in transfer.DATA_TABLES}
    assert counts == dict.fromkeys(transfer.DATA_TABLES, 0)


def test_upgrade_from_first_migration(tmp_path):
    db = FileDatabase(tmp_path / "q.db")
    migrations.apply(db, up_to=1)
    assert migrations.current(db) == 1
    migrations.apply(db)
    assert migrations.current(db) == migrations.latest()


def test_failed_migration_rolls_back_with_its_record(tmp_path, monkeypatch):
    db = FileDatabase(tmp_path / "q.db")
    migrations.apply(db)
    number = migrations.latest() + 1

    def broken(d):
        d.execute("CREATE TABLE half_done (x)")
        d.execute("THIS IS NOT SQL")

    monkeypatch.setitem(migrations.MIGRATIONS, number, ("broken", broken))
    with pytest.raises(StoreError):  # the driver's error, as quire reports it
        migrations.apply(db)
    assert migrations.current(db) == number - 1
    assert db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'") == 0
    assert db.scalar("SELECT count(*) FROM migrations WHERE number = ?", (number,)) == 0


def test_newer_schema_is_refused(tmp_path):
    db = FileDatabase(tmp_path / "q.db")
    db.execute("PRAGMA user_version = 999")
    with pytest.raises(SchemaTooNew, match="upgrade quire"):
        migrations.apply(db)


def test_duplicate_migration_number_is_refused():
    with pytest.raises(ValueError, match="registered twice"):
        migrations.migration(1)(lambda d: None)


def test_audit_log_is_append_only(db):
    from memory import audit

    with db.transaction():
        audit.record(db, "test", "probe", "thing", "1")
    with pytest.raises(Exception, match="append-only"):
        db.execute("DELETE FROM audit_log")
    with pytest.raises(Exception, match="append-only"):
        db.execute("UPDATE audit_log SET actor = 'x'")


def test_audit_outside_transaction_is_a_bug(db):
    from memory import audit

    with pytest.raises(RuntimeError, match="outside a transaction"):
        audit.record(db, "test", "probe", "thing", "1")


def test_two_quires_opening_a_new_home_at_once_both_work(tmp_path, quire_home):
    # Both find no schema and migrate: the second waits for the first's transaction, and must then
    # see the migration done (it ran it again: "records an older schema version" and exit 1).
    command = [sys.executable, "-m", "quire.cli", "status", "--json"]
    for attempt in range(3):
        home = tmp_path / f"home-{attempt}"
        home.mkdir()  # an empty folder made for it (a new home quire creates itself is locked while made)
        env = {**os.environ, "QUIRE_HOME": str(home)}
        pipe = subprocess.PIPE
        runs = [subprocess.Popen(command, cwd=ROOT, env=env, stdout=pipe, stderr=pipe) for _ in "ab"]
        outs = [run.communicate(timeout=120) for run in runs]
        assert [run.returncode for run in runs] == [0, 0], [err.decode()[:200] for _, err in outs]
        assert all(json.loads(out)["schema_version"] == migrations.latest() for out, _ in outs)


def test_a_migration_applied_by_another_quire_while_this_one_waited_is_not_run_again(tmp_path, monkeypatch):
    # Two quires open a new home at once: both read version 0, one migrates, the other waits for
    # its lock and then must find the work done (it re-ran migration 1: "already exists").
    db = FileDatabase(tmp_path / "q.db")
    migrations.apply(db)
    monkeypatch.setattr(migrations, "check_not_newer", lambda _db: 0)  # the version read before the wait
    assert migrations.apply(db) == []
    assert migrations.current(db) == migrations.latest()
