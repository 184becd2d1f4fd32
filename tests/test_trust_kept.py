"""Files quire keeps for itself in the home (serve.json, serve.token, the lock files): a FIFO, a
device, a folder or a symlink in their place is refused in one line naming it, never waited on or
written through, and a leftover another user owns is neither used nor removed."""

from __future__ import annotations

import json
import os
import re
import stat
import tracemalloc

import pytest

from memory import integrity, keys
from memory.errors import InvalidInput, QuireError
from memory.home import Home
from quire import client, service
from quire.ui import launch
from tests.conftest import run_forked
from tests.test_trust_wire import _stand_in
from wiki import nightly, vault_sync

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")


def _in_place(path, what: str) -> None:
    """Put `what` (fifo, folder, dangling symlink) where quire keeps `path`."""
    if what == "fifo":
        os.mkfifo(path, 0o600)
    elif what == "folder":
        path.mkdir(mode=0o700)
    else:
        path.symlink_to(path.parent / "nowhere")


@pytest.mark.timeout(30)  # on the old code the client waited for a writer for ever
@pytest.mark.parametrize("what", ["fifo", "folder", "dangling"])
def test_a_fifo_or_folder_named_serve_token_is_refused_not_waited_on(quire_home, what):
    listener, got, thread = _stand_in(quire_home)
    token = quire_home / "serve.token"
    _in_place(token, what)
    try:
        with pytest.raises(InvalidInput, match=r"serve\.token is .*, not the file quire keeps there; remove it") as exc:
            client.call("status", {}, home=Home(quire_home))
        assert "\n" not in str(exc.value) and got == []
        # Control: a token quire serve would have written (0600) is sent.
        token.rmdir() if what == "folder" else token.unlink()
        token.write_text("the-token")
        token.chmod(0o600)
        assert client.call("status", {}, home=Home(quire_home))["total"] == 0
    finally:
        thread.join(timeout=30)
        listener.close()
    assert len(got) == 1 and b"Bearer the-token" in got[0]


@pytest.mark.timeout(30)
@pytest.mark.parametrize("what", ["fifo", "folder"])
def test_a_fifo_or_folder_named_serve_json_is_refused_on_every_route(cli, quire_home, what):
    # Before: a FIFO hung every command (read_text waits for a writer), `quire serve` failed with
    # OSError on it, and a folder was taken for "no service".
    quire_home.mkdir(parents=True)
    state = quire_home / "serve.json"
    _in_place(state, what)
    said = f"{state} is {'a FIFO (named pipe)' if what == 'fifo' else 'a folder'}"
    with pytest.raises(InvalidInput, match=re.escape(f"{said}, not the file quire keeps there")):
        client.endpoint(Home(quire_home))
    for args in [("status",), ("serve", "--stop")]:
        result = cli(*args)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, (args, result.stderr)
        assert said in result.stderr and f"rm {state}" in result.stderr, (args, result.stderr)
    with pytest.raises(InvalidInput, match=re.escape(said)):
        service.Service(Home(quire_home), port=0, log=lambda line: None)
    assert os.path.lexists(state)


def test_a_serve_json_symlink_is_not_written_through_by_quire_serve(quire_home, tmp_path):
    # Before: quire serve opened it following the link, truncated the file it named and wrote its state there.
    quire_home.mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("precious\n")
    (quire_home / "serve.json").symlink_to(victim)
    with pytest.raises(InvalidInput, match=r"serve\.json is a symlink to a regular file, where quire keeps a lock"):
        service.Service(Home(quire_home), port=0, log=lambda line: None)
    assert victim.read_text() == "precious\n"


def test_a_rebuild_lock_symlink_is_not_written_through(cli, quire_home, tmp_path):
    # Before: the rebuild truncated the file rebuild.lock pointed at and wrote its pid there.
    quire_home.mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("precious\n")
    (quire_home / "rebuild.lock").symlink_to(victim)
    result = cli("rebuild")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "rebuild.lock is a symlink to a regular file, where quire keeps a lock file" in result.stderr
    assert victim.read_text() == "precious\n"


def _leftover(quire_home, loose: str) -> tuple:
    """A serve.json and serve.token a killed service left (nobody holds them), made loose: another
    user's (`foreign`, `token`: the token alone) or writable by others (`writable`)."""
    quire_home.mkdir(parents=True, exist_ok=True)
    state = quire_home / "serve.json"
    state.write_text(json.dumps({"pid": 999999, "host": "127.0.0.1", "port": 9}))
    token = quire_home / "serve.token"
    token.write_text("old-token")
    for path in (state, token):
        path.chmod(0o600)
    if loose == "writable":
        state.chmod(0o666)
    elif loose == "foreign":
        os.chown(state, 4321, 4321)
    else:
        os.chown(token, 4321, 4321)
    return state, token


@pytest.mark.parametrize("loose", ["writable", "foreign", "token"])
def test_serve_stop_removes_no_leftover_it_must_not_trust(cli, quire_home, loose):
    # Before: `quire serve --stop` with no service running removed serve.json and serve.token
    # whoever owned them.
    if loose != "writable" and os.geteuid() != 0:
        pytest.skip("giving a file to another user takes root")
    state, token = _leftover(quire_home, loose)
    before = (state.read_bytes(), token.read_bytes())
    result = cli("serve", "--stop")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    named = token if loose == "token" else state
    assert f"{named} " in result.stderr and "neither uses nor removes it" in result.stderr, result.stderr
    assert f"rm {named}" in result.stderr
    assert (state.read_bytes(), token.read_bytes()) == before
    # Control: the same leftovers, yours and private, are removed.
    for path in (state, token):
        os.chown(path, os.geteuid(), os.getegid())
        path.chmod(0o600)
    result = cli("serve", "--stop")
    assert result.exit_code == 0 and "removed a stale serve.json" in result.stdout, result.output
    assert not state.exists() and not token.exists()


@ROOT_ONLY
def test_quire_serve_does_not_take_over_a_leftover_another_user_owns(quire_home):
    # Before: it locked the other user's file and wrote its own state into it (then every client
    # refused that serve.json as another user's).
    state, token = _leftover(quire_home, "foreign")
    before = state.read_bytes()
    with pytest.raises(QuireError, match=r"serve\.json belongs to another user .* neither uses nor removes it"):
        service.Service(Home(quire_home), port=0, log=lambda line: None)
    assert state.read_bytes() == before and state.stat().st_uid == 4321 and token.read_text() == "old-token"


# -- the records and stamps quire keeps in the home: read without waiting -------------------------


@pytest.mark.timeout(30)  # on the old code every one of these waited for a writer for ever
def test_a_fifo_named_nightly_json_does_not_hang_every_command(cli_json, quire_home):
    # It is read for the overdue notice before any command runs (and before the home is checked).
    quire_home.mkdir(parents=True)
    os.mkfifo(quire_home / "nightly.json", 0o600)
    assert cli_json("status")["total"] == 0
    assert nightly.read(quire_home) == nightly.Record()


@pytest.mark.timeout(30)
def test_a_fifo_in_place_of_the_database_stamp_means_the_full_check(cli, cli_json, quire_home):
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    stamp = integrity.stamp_path(quire_home / "quire.db")
    stamp.unlink()
    os.mkfifo(stamp, 0o600)
    assert cli_json("status")["total"] == 1
    assert stat.S_ISREG(os.lstat(stamp).st_mode)  # checked in full, then stamped again


@pytest.mark.timeout(30)
def test_a_fifo_in_place_of_the_encryption_record_is_named_with_the_fix(cli, quire_home):
    quire_home.mkdir(parents=True)
    marker = quire_home / keys.MARKER
    os.mkfifo(marker, 0o600)
    result = cli("status")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert f"{marker} is a FIFO (named pipe), not the file quire keeps there" in result.stderr
    assert "restore it from a backup of the home" in result.stderr and "rm " not in result.stderr


@pytest.mark.timeout(30)
def test_a_fifo_in_place_of_the_forgets_seen_record_does_not_hang_the_rebuild(cli, cli_json, quire_home):
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    seen = quire_home / "cache" / "forgets-seen.json"
    seen.parent.mkdir(exist_ok=True)
    seen.unlink(missing_ok=True)
    os.mkfifo(seen, 0o600)
    assert cli_json("rebuild")["written"] >= 1


@pytest.mark.timeout(30)
def test_the_other_device_records_are_read_without_waiting(session, quire_home):
    # vault-seen.json (a server home's record of the files it wrote) and a replica's state.json.
    cache = quire_home / "cache"
    cache.mkdir(exist_ok=True)
    os.mkfifo(vault_sync.state_path(cache), 0o600)
    assert vault_sync.load(cache) == {}
    state = session.replica_path.parent / "state.json"
    state.parent.mkdir(parents=True)
    os.mkfifo(state, 0o600)
    assert session._replica_state() == {}


# -- the logs quire appends to --------------------------------------------------------------------


@pytest.mark.timeout(30)  # on the old code opening a FIFO to append waited for a reader for ever
@pytest.mark.parametrize("what", ["fifo", "symlink"])
def test_a_fifo_or_symlink_in_place_of_a_log_is_refused_not_written(quire_home, tmp_path, what):
    # serve.log (`quire ui` starts the service logging there) and rebuild.log (the nightly job's).
    quire_home.mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("precious\n")
    for name in ("serve.log", "rebuild.log"):
        log = quire_home / name
        os.mkfifo(log, 0o600) if what == "fifo" else log.symlink_to(victim)
    kind = "a FIFO (named pipe)" if what == "fifo" else "a symlink to a regular file"
    with pytest.raises(InvalidInput, match=re.escape(f"serve.log is {kind}, where quire keeps a log; remove it")):
        launch.start_service(Home(quire_home))
    with pytest.raises(InvalidInput, match=re.escape(f"rebuild.log is {kind}, where quire keeps a log; remove it")):
        nightly.log_line(quire_home, "ok: rebuilt")
    assert victim.read_text() == "precious\n"


def test_a_failed_start_reads_the_end_of_serve_log_not_all_of_it(quire_home):
    # serve.log grows with every start; the last line was found by reading the whole file into memory.
    quire_home.mkdir(parents=True)
    log = quire_home / "serve.log"
    with log.open("wb") as fh:
        fh.truncate(64 << 20)  # 64 MB (sparse: costs no disk)
        fh.seek(0, os.SEEK_END)
        fh.write(b"\nError: cannot listen on 127.0.0.1:1\n")
    tracemalloc.start()
    try:
        assert launch._log_tail(Home(quire_home)) == "Error: cannot listen on 127.0.0.1:1"
        assert tracemalloc.get_traced_memory()[1] < 1 << 20
    finally:
        tracemalloc.stop()


# -- the database and the outbox ------------------------------------------------------------------


@pytest.mark.timeout(30)
@pytest.mark.parametrize("name", ["quire.db", "outbox.db"])
@pytest.mark.parametrize("what", ["fifo", "folder"])
def test_a_fifo_or_folder_where_a_database_is_kept_is_named_not_taken_for_a_failed_disk(cli, quire_home, name, what):
    # Before: "the disk under .../quire.db failed or is full; free space or check the disk".
    quire_home.mkdir(parents=True)
    path = quire_home / name
    _in_place(path, what)
    result = cli("status")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    kind = "a FIFO (named pipe)" if what == "fifo" else "a folder"
    assert f"{path} is {kind}, where quire keeps" in result.stderr and "move it away" in result.stderr
    assert "disk" not in result.stderr
    path.rmdir() if what == "folder" else path.unlink()
    assert cli("status").exit_code == 0  # control


@pytest.mark.timeout(30)
def test_doctor_fails_a_fifo_where_the_database_is_kept(cli, quire_home):
    # Before: "ok database: .../quire.db: integrity_check ok" and "all checks pass".
    quire_home.mkdir(parents=True)
    os.mkfifo(quire_home / "quire.db", 0o600)
    result = cli("doctor")
    assert result.exit_code == 1, result.output
    assert "is a FIFO (named pipe), where quire keeps its database" in result.stdout, result.stdout


def test_serve_log_is_rotated_as_rebuild_log_is(quire_home, monkeypatch):
    # The sibling of issue 26's "rebuild.log grows forever": every background start of `quire serve`
    # (`quire ui`) appends to serve.log, and so does each failed request's traceback; it was never rotated.
    quire_home.mkdir(parents=True)
    log = quire_home / "serve.log"
    log.write_bytes(b"x" * launch.SERVE_LOG_BYTES)
    monkeypatch.setattr(launch.subprocess, "Popen", lambda *args, **kwargs: object())
    launch.start_service(Home(quire_home))
    assert log.stat().st_size == 0
    assert (quire_home / "serve.log.1").stat().st_size == launch.SERVE_LOG_BYTES
    log.write_bytes(b"y" * launch.SERVE_LOG_BYTES)
    launch.start_service(Home(quire_home))
    assert (quire_home / "serve.log.2").read_bytes()[:1] == b"x" and (quire_home / "serve.log.1").read_bytes()[
        :1
    ] == b"y"
    log.write_bytes(b"z" * 10)  # below the limit: kept, appended to
    launch.start_service(Home(quire_home))
    assert log.read_bytes() == b"z" * 10 and not (quire_home / "serve.log.3").exists()


def test_quire_ui_says_in_full_why_the_service_did_not_start(quire_home):
    # `quire ui` reported serve.log's last line cut at 300 characters, mid-word: "... (writes still
    # queue; `quire sync` sends )": the fix it names was lost. (A server that is down no longer stops
    # it: the service answers from the replica, tests/test_serve_offline.py; a URL that is none does.)
    url = f"ftp://{'a' * 350}:9"
    env = {"QUIRE_HOME": str(quire_home), "QUIRE_DB_URL": url, "QUIRE_EMBEDDER": "fake"}
    result = run_forked("ui", "--no-open", env=env)
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "quire serve did not start" in result.stderr
    assert f"{url}' is not a libSQL server URL; use ws://HOST:PORT (or wss://HOST))" in result.stderr, result.stderr


def test_quire_ui_starts_on_a_server_home_while_the_server_is_down(quire_home):
    env = {"QUIRE_HOME": str(quire_home), "QUIRE_DB_URL": "ws://127.0.0.1:9", "QUIRE_EMBEDDER": "fake"}
    try:
        result = run_forked("ui", "--no-open", env=env)
        assert result.returncode == 0, result.stderr
        assert "/login?ticket=" in result.stdout
    finally:
        assert run_forked("serve", "--stop", env=env).returncode == 0
