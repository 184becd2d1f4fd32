"""The files quire keeps for itself in a home (caches, the rebuild's plan record, snapshots, the
nightly record), by class: something else in a file's place (a FIFO, a folder, valid JSON that is
not the object quire wrote) is a damaged cache (only a slower start) or one line naming the path
and the fix, never a hang or a traceback. Before, a FIFO in place of the vector or graph cache hung
every recall, one in place of the plan record or cluster states every rebuild, a folder where quire
writes a file was an IsADirectoryError traceback, and `[]` in nightly.json failed every command."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import run_forked

NOTES = [
    "Anna Kowalska moved the ledger to PostgreSQL sixteen for transactional DDL",
    "The payments API returns 429 when a merchant sends too many requests",
]


@pytest.fixture
def built(quire_home: Path) -> Path:
    """A home with two memories, a rebuild (its plan record, cluster states and snapshot) and a
    recall (its vector and graph caches) done."""
    for note in NOTES:
        assert run_forked("capture", note, "--type", "fact", "--entity", "ledger").returncode == 0
    assert run_forked("rebuild").returncode == 0
    assert run_forked("recall", "ledger").returncode == 0
    return quire_home


def _replace(path: Path, what: str) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()
    if what == "fifo":
        os.mkfifo(path, 0o600)
    else:
        path.mkdir(mode=0o700)


def _one_line_or_ok(done) -> None:
    assert "Traceback" not in done.stderr, done.stderr
    if done.returncode:
        assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.startswith("Error: ") and "move it away" in done.stderr, done.stderr


CACHES = ["graph.json", "vectors-*.npz", "vectors-*.id.npy", "wiki-plan.bin", "wiki-clusters.npz"]


@pytest.mark.parametrize("pattern", CACHES)
def test_a_fifo_in_place_of_a_cache_is_a_slower_start_not_a_hang(built, pattern):
    [path] = (built / "cache").glob(pattern)
    _replace(path, "fifo")
    for args in (["recall", "ledger", "--json"], ["rebuild"]):
        done = run_forked(*args, timeout=60)  # a hang is TimeoutExpired
        assert done.returncode == 0, (args, done.stderr)
    hits = json.loads(run_forked("recall", "ledger", "--json", timeout=60).stdout)
    assert any("ledger" in json.dumps(hit) for hit in hits.values() if isinstance(hit, list)), hits


@pytest.mark.parametrize("pattern", CACHES)
def test_a_folder_in_place_of_a_cache_is_one_line_naming_it(built, pattern):
    [path] = (built / "cache").glob(pattern)
    _replace(path, "folder")
    for args in (["recall", "ledger"], ["rebuild"], ["rollback"]):
        _one_line_or_ok(run_forked(*args, timeout=60))
    assert path.is_dir()  # what the person put there is left for them to move


@pytest.mark.parametrize("what", ["fifo", "folder"])
def test_a_snapshot_manifest_that_is_no_file_stops_the_rollback_in_words(built, what):
    [manifest] = (built / "snapshots").glob("*/manifest.json")
    _replace(manifest, what)
    done = run_forked("rollback", timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "is damaged (manifest.json: a" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("raw", ["[1, 2]", "null", '"due"', "3"])
def test_a_nightly_record_that_is_json_but_no_object_is_no_record(built, raw):
    (built / "nightly.json").write_text(raw)
    for args in (["status"], ["rebuild", "--if-due"]):
        done = run_forked(*args, timeout=60)
        assert done.returncode == 0 and "Traceback" not in done.stderr, (args, done.stderr)
    done = run_forked("schedule", "--status")  # exit 1: nothing is scheduled, said in its line
    assert "Traceback" not in done.stderr and "quire schedule --install" in done.stderr, done.stderr


def test_a_folder_in_place_of_the_nightly_record_is_one_line_naming_it(built):
    (built / "nightly.json").unlink()
    (built / "nightly.json").mkdir(mode=0o700)
    _one_line_or_ok(run_forked("rebuild", timeout=60))
    assert run_forked("status").returncode == 0


@pytest.mark.parametrize("raw", ['{"last": null}', '{"last": [1]}', '{"last": 1e400}', '{"last": {}}', "[7]"])
def test_a_forget_record_holding_no_row_id_is_looked_at_again_not_a_traceback(built, raw):
    (built / "cache" / "forgets-seen.json").write_text(raw)
    done = run_forked("rebuild", timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    "state",
    [
        {"pid": 10**20, "host": "127.0.0.1", "port": 1},  # past C's long: os.kill's OverflowError
        {"pid": 1, "host": "127.0.0.1\n", "port": 8},  # http.client's InvalidURL
        {"pid": 1, "host": "127.0.0.1", "port": 2**70},
    ],
)
def test_a_serve_record_quire_serve_never_writes_is_no_service(built, state):
    (built / "serve.json").write_text(json.dumps(state))
    (built / "serve.json").chmod(0o600)
    (built / "serve.token").write_text("token")
    (built / "serve.token").chmod(0o600)
    done = run_forked("recall", "ledger", "--json", timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "mem_" in done.stdout


@pytest.mark.parametrize("recovery", [5, "!!!", "", "QUJD"])
def test_a_damaged_recovery_entry_is_one_line_naming_the_fix(quire_home, recovery):
    quire_home.mkdir(mode=0o700)
    (quire_home / "encryption.json").write_text(json.dumps({"version": 1, "method": "key", "recovery": recovery}))
    (quire_home / "encryption.json").chmod(0o600)
    done = run_forked("status", env={"QUIRE_KEY": "quire-recovery-ABCD-EFGH"}, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "holds a damaged recovery entry; restore it from a backup" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("raw", ["", "\n\n", "   "])
def test_an_empty_token_file_is_refused_as_a_blank_quire_db_token_is(quire_home, raw):
    quire_home.mkdir(mode=0o700)
    (quire_home / "store.token").write_text(raw)
    (quire_home / "store.token").chmod(0o600)
    done = run_forked("status", env={"QUIRE_DB_URL": "ws://127.0.0.1:9"}, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "store.token is empty; write the server's token into it" in done.stderr, done.stderr
    blank = run_forked("status", env={"QUIRE_DB_URL": "ws://127.0.0.1:9", "QUIRE_DB_TOKEN": " "}, timeout=60)
    assert blank.returncode == done.returncode and "QUIRE_DB_TOKEN is blank" in blank.stderr


@pytest.mark.parametrize("which", ["key_file", "token_file", "config"])
def test_a_key_token_or_config_file_past_its_limit_names_a_fix_that_fits_it(quire_home, tmp_path, which):
    # Before: "... is over the 65,536-byte limit; split it up", the fix for an imported file.
    quire_home.mkdir(mode=0o700)
    big = tmp_path / "big"
    big.write_text("a" * 2_000_000)
    big.chmod(0o600)
    env = {}
    if which == "config":
        big.rename(quire_home / "config.toml")
    elif which == "key_file":
        (quire_home / "config.toml").write_text(f'key_file = "{big}"\n')
        (quire_home / "encryption.json").write_text('{"version": 1, "method": "key"}')
    else:
        (quire_home / "config.toml").write_text(f'[store]\ntoken_file = "{big}"\n')
        env = {"QUIRE_DB_URL": "ws://127.0.0.1:9"}
    for path in quire_home.iterdir():
        path.chmod(0o600)
    done = run_forked("status", env=env, timeout=60)
    assert done.returncode == 1 and "over the" in done.stderr, done.stderr
    assert "split it up" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
