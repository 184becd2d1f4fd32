"""Driver errors and damaged files: one open check, one error seam, and the way back.

A database that fails its check is never written to by any command; a damaged outbox never
blocks `status`; `quire doctor` names what is wrong and what to do; `quire backup` makes a
verified copy and `quire restore` puts it back; no driver message reaches a person unmapped.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _home_with_memories(cli, tmp_path, n: int = 60):
    lines = tmp_path / "facts.jsonl"
    lines.write_text(
        "".join(
            json.dumps({"content": f"Fact {i} about the warehouse inventory system, shelf {i} in aisle {i % 7}"}) + "\n"
            for i in range(n)
        )
    )
    assert cli("import", str(lines), "--defer-embed").exit_code == 0


def _damage(path, size: int = 16 * 1024) -> None:
    """16 KiB of random bytes in the middle of the file (the reproduction)."""
    total = path.stat().st_size
    with path.open("r+b") as fh:
        fh.seek(total // 2)
        fh.write(os.urandom(size))


# -- damaged files ----------------------------------------------------------------------------------


def test_a_damaged_database_is_never_written_by_capture(cli, quire_home, tmp_path):
    _home_with_memories(cli, tmp_path)
    db = quire_home / "quire.db"
    _damage(db)
    before = _digest(db)
    status = cli("status")
    capture = cli("capture", "A capture into a damaged database must not be stored anywhere at all")
    assert capture.exit_code == 1 and "stored" not in capture.stdout
    assert "damaged" in capture.stderr and "quire doctor" in capture.stderr
    assert status.exit_code == 1 and "damaged" in status.stderr
    for args in (("import", str(tmp_path / "facts.jsonl")), ("rebuild",), ("forget", "mem_x"), ("recall", "aisle")):
        result = cli(*args)
        assert result.exit_code == 1 and "damaged" in result.stderr, args
    assert _digest(db) == before  # not one byte written, by any command
    assert not (quire_home / "quire.db-wal").exists() or (quire_home / "quire.db-wal").stat().st_size == 0


def test_doctor_names_the_damage_and_restore_brings_the_backup_back(cli, quire_home, tmp_path):
    _home_with_memories(cli, tmp_path)
    made = json.loads(cli("backup", "--json").stdout)
    assert made["verified"] and made["memories"] == 60
    ok = cli("doctor", "--json")
    assert ok.exit_code == 0 and json.loads(ok.stdout)["ok"]
    _damage(quire_home / "quire.db")
    sick = cli("doctor")
    assert sick.exit_code == 1 and "FAIL  database" in sick.stdout and f"quire restore {made['path']}" in sick.stdout
    restored = cli("restore", made["path"], "--json")
    assert restored.exit_code == 0, restored.stderr
    data = json.loads(restored.stdout)
    assert data["memories"] == 60 and data["previous"] and os.path.exists(data["previous"])
    assert cli("capture", "After the restore a capture lands in the whole file again").exit_code == 0
    assert json.loads(cli("status", "--json").stdout)["total"] == 61
    assert cli("doctor").exit_code == 0


def test_a_damaged_backup_is_refused_by_restore(cli, quire_home, tmp_path):
    _home_with_memories(cli, tmp_path, 30)
    made = json.loads(cli("backup", "--json").stdout)
    from pathlib import Path

    _damage(Path(made["path"]), 8 * 1024)
    before = _digest(quire_home / "quire.db")
    result = cli("restore", made["path"])
    assert result.exit_code == 1 and "damaged" in result.stderr
    assert _digest(quire_home / "quire.db") == before


def test_backup_keep_prunes_the_oldest(cli, tmp_path):
    _home_with_memories(cli, tmp_path, 5)
    paths = [json.loads(cli("backup", "--json").stdout)["path"] for _ in range(3)]
    assert len(set(paths)) == 3  # two in one second are both kept
    last = json.loads(cli("backup", "--keep", "2", "--json").stdout)
    assert len(last["pruned"]) == 2 and not any(os.path.exists(p) for p in last["pruned"])


def test_a_damaged_outbox_does_not_block_status_and_is_never_written(cli, quire_home, tmp_path):
    _home_with_memories(cli, tmp_path, 5)
    outbox = quire_home / "outbox.db"
    outbox.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    before = _digest(outbox)
    status = cli("status", "--json")
    assert status.exit_code == 0, status.stderr
    assert "damaged" in json.loads(status.stdout)["outbox_damaged"]
    text = cli("status")
    assert text.exit_code == 0 and "outbox:      DAMAGED" in text.stdout
    assert cli("capture", "A local capture does not need the outbox at all, damaged or not").exit_code == 0
    assert _digest(outbox) == before
    sick = cli("doctor")
    assert sick.exit_code == 1 and "FAIL  outbox" in sick.stdout


def test_a_damaged_outbox_refuses_to_queue_an_offline_capture(cli, quire_home, monkeypatch):
    quire_home.mkdir(parents=True, exist_ok=True)
    outbox = quire_home / "outbox.db"
    outbox.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    before = _digest(outbox)
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    result = cli("capture", "An offline capture that cannot be queued into a damaged outbox")
    assert result.exit_code == 1 and "queued" not in result.stdout and "damaged" in result.stderr
    assert _digest(outbox) == before


def test_issue21_a_damaged_outbox_on_a_server_home_blocks_no_read(sqld_url, cli, quire_home, monkeypatch):
    """Issue 21: "a damaged `outbox.db` blocks every command, `status` included" (overwrite 16 KiB
    mid-file). On a server home `recall` (whose access counts a replica read defers into the
    outbox) still failed, with "the capture was not queued": a read answers and the file is untouched."""
    monkeypatch.setenv("QUIRE_DB_URL", sqld_url)
    assert cli("capture", "The staging cluster in Frankfurt runs the blue deployment pipeline").exit_code == 0
    assert cli("recall", "staging cluster Frankfurt").exit_code == 0  # this device's replica exists
    outbox = quire_home / "outbox.db"
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    assert cli("capture", "An offline capture queued so that the outbox file exists").exit_code == 0
    monkeypatch.setenv("QUIRE_DB_URL", sqld_url)
    _damage(outbox)
    before = _digest(outbox)
    for args in (("status",), ("recall", "staging cluster Frankfurt"), ("log",), ("curate", "list"), ("pages",)):
        result = cli(*args)
        assert result.exit_code == 0, (args, result.stderr)
        assert "capture was not queued" not in result.stderr, args
    found = cli("recall", "staging cluster Frankfurt", "--json")
    assert "Frankfurt" in json.loads(found.stdout)["results"][0]["content"]
    assert _digest(outbox) == before
    sent = cli("sync")  # it holds a queued capture it cannot read: not "sent 0, ... still queued 0"
    assert sent.exit_code == 1 and "damaged" in sent.stderr and "sent 0" not in sent.stdout, sent.stdout
    assert "quire doctor" in sent.stderr and sent.stderr.count("\n") == 1, sent.stderr
    assert _digest(outbox) == before


def test_a_damaged_outbox_is_never_counted_as_an_empty_queue_nor_sent_to_restore(cli, quire_home, monkeypatch):
    """Offline, `status` had said "0 write(s) queued" of an outbox that holds writes it cannot read,
    and the refused capture named `quire restore`, which puts back the database, not the outbox."""
    quire_home.mkdir(parents=True, exist_ok=True)
    outbox = quire_home / "outbox.db"
    outbox.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    before = _digest(outbox)
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    status = cli("status")
    assert status.exit_code == 1 and status.stderr.count("\n") == 1, status.stderr
    assert "0 write(s) queued" not in status.stderr and "damaged" in status.stderr, status.stderr
    refused = cli("capture", "An offline capture that cannot be queued into a damaged outbox")
    assert refused.exit_code == 1 and "quire restore" not in refused.stderr, refused.stderr
    assert "aside" in refused.stderr and "quire doctor" in refused.stderr, refused.stderr
    assert _digest(outbox) == before


# -- driver errors ----------------------------------------------------------------------------------


def test_log_with_the_largest_integer_is_a_range_not_a_datatype_mismatch(cli):
    result = cli("log", "-n", "9223372036854775807")
    assert result.exit_code in (1, 2)
    assert "datatype mismatch" not in result.stderr and "database error" not in result.stderr
    assert "100000" in result.stderr or "range" in result.stderr


def test_a_home_that_is_a_file_is_named_as_such(tmp_path):
    home = tmp_path / "afile"
    home.write_text("")
    result = run_quire("status", env={"QUIRE_HOME": str(home), "QUIRE_EMBEDDER": "fake"})
    assert result.returncode == 1
    assert "Unable to open connection" not in result.stderr and ": 14" not in result.stderr
    assert "is a file, not a folder" in result.stderr


@pytest.mark.parametrize(
    "message",
    [
        "datatype mismatch",
        "Unable to open connection to local database /x/quire.db: 14",
        "table applied_writes already exists",
        "disk I/O error",
        "no such table: memories",
        "something new the driver says",
    ],
)
def test_no_driver_message_reaches_a_person_unmapped(message):
    from pathlib import Path

    from memory.db import _translate, _translate_remote

    for err in (_translate(ValueError(message), Path("/x/quire.db")), _translate_remote(ValueError(message), "ws://h")):
        assert "database error:" not in str(err) and str(err) != message
        assert any(w in str(err).lower() for w in ("quire", "range", "retry"))  # it says what to do


def test_a_server_schema_set_back_to_6_is_named_with_the_fix_a_server_home_has(sqld_url, cli, monkeypatch, quire_home):
    """The line named `quire restore`, which a server home refuses ("`quire store push --force` a
    restored home instead"), and doctor said "check the server and the token"."""
    from memory.db import RemoteDatabase

    monkeypatch.setenv("QUIRE_DB_URL", sqld_url)
    assert cli("capture", "A capture on the server about the release train schedule").exit_code == 0
    db = RemoteDatabase(sqld_url, anchor=quire_home / "x.db")
    try:
        db.execute("PRAGMA user_version = 6")
    finally:
        db.close()
    result = cli("status")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "already exists" not in result.stderr and "quire doctor" in result.stderr
    assert "quire restore" not in result.stderr and "quire store push --force" in result.stderr, result.stderr
    doctor = cli("doctor")
    assert doctor.exit_code == 1 and "check the server and the token" not in doctor.stdout, doctor.stdout
    assert "quire restore" not in doctor.stdout, doctor.stdout


def test_a_read_only_token_is_not_reported_as_unreachable(tmp_path, monkeypatch, cli):
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from eval.sqld import Server

    key = Ed25519PrivateKey.generate()
    pem = tmp_path / "jwt.pem"
    pem.write_bytes(
        key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )

    def token(access: str) -> str:
        b64 = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()  # noqa: E731
        header, claims = json.dumps({"alg": "EdDSA", "typ": "JWT"}).encode(), json.dumps({"a": access}).encode()
        signed = f"{b64(header)}.{b64(claims)}"
        return f"{signed}.{b64(key.sign(signed.encode()))}"

    with Server(tmp_path / "srv", jwt_key_file=pem) as server:
        monkeypatch.setenv("QUIRE_DB_URL", server.url)
        monkeypatch.setenv("QUIRE_DB_TOKEN", token("rw"))
        assert cli("capture", "With a write token the capture is stored on the server").exit_code == 0
        monkeypatch.setenv("QUIRE_DB_TOKEN", token("ro"))
        result = cli("capture", "With a read-only token the capture is refused, not queued")
        assert result.exit_code == 1, result.stdout
        assert "queued" not in result.stdout and "unreachable" not in result.stderr
        assert "read-only" in result.stderr


def test_a_file_quire_closed_cleanly_is_not_read_in_full_on_the_next_open(cli, quire_home, tmp_path, monkeypatch):
    """The open check is one stat after a command that ended cleanly: opening a WAL file creates an
    empty WAL before the check runs, and that must not count as a change (else every cold command
    reads the whole database: seconds at 100k memories)."""
    from memory import integrity
    from memory.session import Session

    _home_with_memories(cli, tmp_path)
    assert cli("recall", "aisle").exit_code == 0  # a command that writes (access counts), then closes
    checks = []
    real = integrity.problems
    monkeypatch.setattr(integrity, "problems", lambda db, **kw: checks.append(1) or real(db, **kw))
    with Session() as session:
        assert session.status()["total"] == 60
    with Session() as session:
        session.db.execute("UPDATE memories SET title = 'x' WHERE rowid = 1")  # quire's own write, stamped at close
    Session().close()
    assert checks == []
    stat = (quire_home / "quire.db").stat()
    os.utime(quire_home / "quire.db", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))  # touched by something else
    Session().close()
    assert checks == [1]  # checked in full again, once


def test_bytes_overwritten_with_the_mtime_put_back_are_still_caught_before_capture(cli, quire_home, tmp_path):
    """The stamp a clean close leaves must not vouch for a file whose bytes changed since, even when
    the size is the same and the writer put the old mtime back (a restore tool, `touch -r`, a
    disk image tool): the change time moves with every write, and no one can set it back."""
    _home_with_memories(cli, tmp_path)
    assert cli("status").exit_code == 0  # a clean close: the stamp is written
    db = quire_home / "quire.db"
    stat = db.stat()
    _damage(db)
    os.utime(db, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert db.stat().st_size == stat.st_size and db.stat().st_mtime_ns == stat.st_mtime_ns
    before = _digest(db)
    capture = cli("capture", "A capture into a damaged database must not be stored anywhere at all")
    assert capture.exit_code == 1 and "damaged" in capture.stderr and "stored" not in capture.stdout
    assert _digest(db) == before


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "is empty: it is not a quire backup"),
        (b"remember to water the plants\n", "is not a quire backup (not a database at all)"),
        (bytes(range(256)) * 40, "is not a quire backup (not a database at all)"),
        ("other-app", "is a database but not a quire one"),
        ("newer", "was written by a newer quire (schema 9999); upgrade quire"),
    ],
)
def test_restore_of_a_file_that_is_no_quire_backup_says_so_and_keeps_the_database(
    cli, quire_home, tmp_path, content, says
):
    # Before: "<file> is damaged too (SQLite finds it malformed ...)" for text and random bytes, and
    # "lacks part of quire's schema ...; run `quire doctor`" for an empty file or another program's database.
    _home_with_memories(cli, tmp_path, 5)
    source = tmp_path / "chosen.db"
    if content == "other-app":
        sqlite3.connect(source).execute("CREATE TABLE notes(body TEXT)").connection.commit()
    elif content == "newer":
        source = Path(json.loads(cli("backup", "--json").stdout)["path"])
        with contextlib.closing(sqlite3.connect(source)) as db:
            db.execute("PRAGMA user_version = 9999")
    else:
        source.write_bytes(content)
    before = _digest(quire_home / "quire.db")
    result = cli("restore", str(source))
    assert result.exit_code == 1 and says in result.stderr, result.stderr
    assert "damaged" not in result.stderr and "doctor`" not in result.stderr.split(says)[0]
    assert _digest(quire_home / "quire.db") == before
    assert not list(quire_home.glob("quire.db.before-restore-*"))
    assert json.loads(cli("status", "--json").stdout)["total"] == 5


@pytest.mark.parametrize("moving", [True, False])
def test_a_file_another_quire_is_writing_is_checked_again_not_called_damaged(tmp_path, monkeypatch, moving):
    # Two quires opening a new home at once: one ran its quick check while the other wrote the first
    # pages and said "damaged ... nothing was written" (CI, test_two_quires_opening_a_new_home_...).
    # A file that moved while it was checked is checked again; one that stays put (the control:
    # real damage does not change by itself) is damaged at once.
    from memory import integrity

    path = tmp_path / "quire.db"
    path.write_bytes(b"x" * 4096)
    seen = iter(range(1000))
    answers = iter([["malformed"], []]) if moving else iter(lambda: ["malformed"], None)
    monkeypatch.setattr(integrity, "fingerprint", lambda p: [[4096, next(seen) if moving else 0, 0, 0], None])
    monkeypatch.setattr(integrity, "problems", lambda db: next(answers))
    monkeypatch.setattr(integrity, "MOVING_WAIT_S", 0.0)
    if moving:
        integrity.open_check(None, path)
    else:
        with pytest.raises(integrity.Damaged, match="malformed"):
            integrity.open_check(None, path)


def test_restore_of_a_backup_whose_name_holds_a_line_break_says_so_on_one_line(cli, cli_json, quire_home, tmp_path):
    """`quire restore` printed the backup's path as given: a line break in it split "restored ..." in two."""
    cli_json("capture", "The boiler service is due in May every single year")
    made = Path(cli_json("backup")["path"])
    odd = tmp_path / "my\nbackup.db"
    odd.write_bytes(made.read_bytes())
    out = cli("restore", str(odd))
    assert out.exit_code == 0, out.stderr
    assert len(out.stdout.splitlines()) == 1 and "my\\nbackup.db (1 memories)" in out.stdout, out.stdout


def test_a_file_sqlite_cannot_read_names_the_key_only_where_a_key_opens_it():
    """ "(or the key is wrong)" on a home with no key sent people looking for one (found by blind10)."""
    from memory import integrity
    from memory.errors import StoreError

    class Unreadable:
        def __init__(self, encrypted: bool):
            self.encrypted = encrypted

        def rows(self, sql, params=()):
            raise StoreError("file is not a database")

    plain, keyed = integrity.problems(Unreadable(False)), integrity.problems(Unreadable(True))
    assert "malformed" in plain[0] and "key" not in plain[0]
    assert "the key is wrong" in keyed[0]
