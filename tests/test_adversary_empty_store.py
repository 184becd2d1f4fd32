"""A store cut to zero bytes (a full disk, a sync tool, a copy that failed) is damage, not a new home.

Before: SQLite opened the empty file as a new database. `quire status` said 0 memories, `quire doctor`
said "all checks pass", `quire rebuild` removed every page from the vault, and the next capture wrote
a new store over the file a person would have recovered from."""

from __future__ import annotations

import json

import pytest

import quire
from memory.errors import StoreError

FACTS = [
    "The deploy pipeline moved to the new build farm today",
    "The build farm runs twelve runners for the deploy pipeline",
]


@pytest.fixture
def emptied(quire_home, cli):
    for fact in FACTS:
        assert cli("capture", fact, "--entity", "build farm").exit_code == 0
    assert cli("rebuild").exit_code == 0
    assert cli("backup").exit_code == 0
    (quire_home / "quire.db").write_bytes(b"")
    return quire_home


def pages(home) -> list[str]:
    return sorted(p.name for p in (home / "wiki").glob("*.md"))


def test_every_command_refuses_an_emptied_store_and_writes_nothing(emptied, cli):
    vault = pages(emptied)
    assert "build-farm.md" in vault
    for args in (
        ["status"],
        ["recall", "build farm"],
        ["rebuild"],
        ["capture", "A new fact about the billing service"],
    ):
        done = cli(*args)
        assert done.exit_code == 1, (args, done.stdout)
        [line] = done.stderr.strip().splitlines()
        # The way back this home has: its newest backup, by name.
        assert "is empty (0 bytes) where quire left" in line and "`quire restore " in line, line
        assert f"{emptied / 'backups'}" in line and "(the newest backup" in line, line
    assert (emptied / "quire.db").stat().st_size == 0  # never written over
    assert pages(emptied) == vault  # the vault kept every page


def test_doctor_names_the_empty_store_and_the_backup_that_restores_it(emptied, cli):
    done = cli("doctor", "--json")
    assert done.exit_code == 1
    checks = {c["name"]: c for c in json.loads(done.stdout)["checks"]}
    assert checks["database"]["ok"] is False and "empty (0 bytes)" in checks["database"]["detail"]
    assert "quire restore" in checks["database"]["fix"]
    assert cli("status").exit_code == 1  # doctor did not stamp the empty file as whole
    [backup] = (emptied / "backups").glob("*.db")
    assert cli("restore", str(backup)).exit_code == 0
    assert json.loads(cli("status", "--json").stdout)["total"] == len(FACTS)


def test_the_library_refuses_it_too(emptied):
    with pytest.raises(StoreError, match=r"is empty \(0 bytes\)"), quire.open(emptied) as q:
        q.run("status")
    assert (emptied / "quire.db").stat().st_size == 0


def test_an_empty_file_quire_never_left_holding_anything_is_still_a_new_home(quire_home, cli):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "quire.db").write_bytes(b"")  # a first command killed right after creating it
    assert cli("capture", FACTS[0]).exit_code == 0
    assert cli("doctor").exit_code == 0


def test_an_emptied_outbox_is_named_not_taken_for_an_empty_queue(quire_home, cli, monkeypatch):
    # Before: the queued capture was gone without a word, and the next one queued into a new file.
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")  # nothing listens: captures queue
    assert cli("capture", FACTS[0]).stdout.startswith("queued")
    (quire_home / "outbox.db").write_bytes(b"")
    done = cli("capture", FACTS[1])
    assert done.exit_code == 1
    assert "outbox.db is damaged (it is empty (0 bytes) where quire left" in done.stderr
    assert "move it aside" in done.stderr
    assert (quire_home / "outbox.db").stat().st_size == 0


@pytest.mark.parametrize(
    ("raw", "said"),
    [("", "is empty (0 bytes)"), ('{"version": 1, "method": "ke', "is cut off or edited (not JSON at line 1)")],
)
def test_a_cut_encryption_record_says_so_not_the_json_decoders_words(quire_home, raw, said):
    # Before: "is unreadable (Expecting value: line 1 column 1 (char 0))".
    from tests.conftest import run_forked

    quire_home.mkdir(mode=0o700)
    (quire_home / "encryption.json").write_text(raw)
    (quire_home / "encryption.json").chmod(0o600)
    done = run_forked("status", env={"QUIRE_KEY": "quire-recovery-ABCD-EFGH"}, timeout=60)
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert f"encryption.json {said}; restore it from a backup of the home" in done.stderr, done.stderr
    assert "Expecting" not in done.stderr
    assert (quire_home / "encryption.json").read_text() == raw
