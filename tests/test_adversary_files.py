"""Files quire writes, by class: every file that holds memories, or anything derived from them, is
owner-only (files 0600, folders 0700), whether quire made the home or it existed already, whatever
the umask, on the CLI and the library route (docs/privacy.md). Before, in a home folder that
already existed, quire.db, its snapshots and its folders were 0644/0755 under the usual umask."""

from __future__ import annotations

import os
import stat

import pytest

import quire
from memory import files
from tests.conftest import run_forked

NOTES = [
    "The lisbon office opens at nine every weekday morning",
    "The lisbon office moved to the riverside building last spring",
    "The lisbon office has twelve desks and one meeting room",
]


def loose(home) -> list[str]:
    """Every path under `home` that anyone but the owner may read, write or list."""
    out = []
    for path in [home, *home.rglob("*")]:
        try:
            mode = stat.S_IMODE(path.lstat().st_mode)
        except FileNotFoundError:  # gone since it was listed (a replica's -wal its pull closed, on a busy machine)
            continue
        if path != home and mode & 0o077:
            out.append(f"{oct(mode)} {path.relative_to(home)}")
    return out


@pytest.fixture
def open_umask():
    before = os.umask(0o022)
    yield
    os.umask(before)


def test_the_library_writes_owner_only_files_into_a_home_that_existed(quire_home, open_umask):
    quire_home.mkdir(mode=0o755)
    with quire.open(quire_home) as q:
        for text in NOTES:
            q.capture(text, entities=["Lisbon"])
        q.rebuild()
        q.capture("The lisbon office closes at six every weekday evening", entities=["Lisbon"])
        q.rebuild()
        assert (quire_home / "quire.db-wal").exists()  # open: the WAL and shm are there, and private
        assert loose(quire_home) == []
    assert any((quire_home / "snapshots").iterdir())
    assert loose(quire_home) == []


def test_every_cli_command_writes_owner_only_files_into_a_home_that_existed(quire_home, open_umask):
    quire_home.mkdir(mode=0o755)
    for text in NOTES:
        assert run_forked("capture", text, "--entity", "Lisbon").returncode == 0
    for args in (("rebuild",), ("backup",), ("capture", "The lisbon office closes at six each evening"), ("rebuild",)):
        done = run_forked(*args)
        assert done.returncode == 0, done.stderr
    assert (quire_home / "backups").is_dir() and (quire_home / "snapshots").is_dir()
    assert loose(quire_home) == []


def test_a_database_left_readable_by_others_is_made_owner_only_when_opened(quire_home, open_umask):
    with quire.open(quire_home) as q:
        q.capture(NOTES[0])
    os.chmod(quire_home / "quire.db", 0o644)  # as an older quire left it, and the copy a restore kept
    kept = quire_home / "quire.db.before-restore-20261201T231123Z"
    kept.write_bytes((quire_home / "quire.db").read_bytes())
    os.chmod(kept, 0o644)
    with quire.open(quire_home) as q:
        assert q.status().total == 1
    assert stat.S_IMODE((quire_home / "quire.db").stat().st_mode) == 0o600
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_private_dir_makes_missing_parents_owner_only_and_leaves_an_existing_folder(tmp_path, open_umask):
    chosen = tmp_path / "vault"
    chosen.mkdir(mode=0o755)
    files.private_dir(chosen / "a" / "b")
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o755  # the person's folder, as they made it
    assert {stat.S_IMODE(p.stat().st_mode) for p in (chosen / "a", chosen / "a" / "b")} == {0o700}


def test_a_server_home_keeps_its_replica_and_caches_owner_only(quire_home, sqld_url, open_umask, monkeypatch):
    # Before: the replica's state.json was 0644 and the folder of the graph cache 0755.
    quire_home.mkdir(mode=0o755)
    monkeypatch.setenv("QUIRE_DB_URL", sqld_url)
    with quire.open(quire_home) as q:
        for text in NOTES:
            q.capture(text, entities=["Lisbon"])
        assert q.recall("lisbon office").results
    assert list(quire_home.glob("cache/replica-*/state.json"))
    assert loose(quire_home) == []
