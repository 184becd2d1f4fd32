"""What quire trusts on disk: config.toml, the store's token file, key_file, serve.json and the home
folder holding them must be the user's own and not writable by group or others (a token or a key
not readable either), by one rule (memory.files.untrusted), on every route that opens a home."""

from __future__ import annotations

import grp
import json
import os
import pwd
import re
import subprocess
import threading
from pathlib import Path

import pytest

import quire
from memory import doctor, files, keys
from memory.errors import InvalidInput, QuireError, StoreError
from memory.home import Home, ensure_root, load_settings, store_token
from memory.session import Session
from quire import client, mcp_server, service
from tests.conftest import run_forked, shared_group
from tests.test_synth import add
from tests.test_synth import rebuild as synth_rebuild
from wiki import forget as forgetting
from wiki import pages, snapshot
from wiki import vault as vault_mod
from wiki.rebuild import _open_vault as open_vault

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
KEY = "correct-horse-battery-staple-9"


@ROOT_ONLY
def test_a_key_file_another_user_owns_is_refused_and_yours_is_used(cli, cli_json, quire_home, tmp_path):
    # Before: only its mode was checked, so a 0600 key file another user owns (and so can rewrite) was used.
    key_file = tmp_path / "quire.key"
    key_file.write_text(KEY + "\n")
    key_file.chmod(0o600)
    os.chown(key_file, 4321, 4321)
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'key_file = "{key_file}"\n')
    refused = cli("encrypt", "--key")
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1, refused.stderr
    assert f"key_file {key_file} belongs to another user (uid 4321)" in refused.stderr
    assert f"chmod 600 {key_file}" in refused.stderr and not (quire_home / keys.MARKER).exists()
    os.chown(key_file, os.geteuid(), os.getegid())  # control: the same file, yours, is used
    assert cli_json("encrypt", "--key")["method"] == "key"


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o640])
def test_a_key_file_others_can_write_or_read_is_refused(others_group, cli, quire_home, tmp_path, mode):
    key_file = tmp_path / "quire.key"
    key_file.write_text(KEY + "\n")
    key_file.chmod(mode)
    with pytest.raises(keys.KeyMissing, match=f"chmod 600 {key_file}"):
        keys.key_file_value(str(key_file))
    key_file.chmod(0o600)
    assert keys.key_file_value(str(key_file)) == KEY


def _given_away(home, name: str, text: str, uid: int):
    """`home`/`name` holding `text`, 0600, owned by the user `uid` (the tests that need it run as root)."""
    home.mkdir(parents=True, exist_ok=True)
    path = home / name
    path.write_text(text)
    path.chmod(0o600)
    os.chown(path, uid, uid)
    return path


@ROOT_ONLY
def test_a_token_file_another_user_owns_is_refused_and_yours_is_used(quire_home):
    # Before: a 0600 store.token another user owns was sent to the server as this home's credential.
    token = _given_away(quire_home, "store.token", "the-token\n", 4321)
    with pytest.raises(StoreError, match=r"the token file .* belongs to another user \(uid 4321\).*chmod 600"):
        store_token(Home(quire_home))
    os.chown(token, os.geteuid(), os.getegid())
    assert store_token(Home(quire_home)) == "the-token"


@pytest.mark.parametrize("mode", [0o620, 0o640, 0o604])
def test_a_token_file_others_can_write_or_read_is_refused(others_group, quire_home, mode):
    quire_home.mkdir(parents=True)
    token = quire_home / "store.token"
    token.write_text("the-token\n")
    token.chmod(mode)
    with pytest.raises(StoreError, match=f"chmod 600 {token}"):
        store_token(Home(quire_home))


@ROOT_ONLY
def test_a_serve_json_another_user_owns_is_not_followed(quire_home):
    state = _given_away(
        quire_home, "serve.json", json.dumps({"pid": os.getpid(), "host": "127.0.0.1", "port": 9}), 4321
    )
    with pytest.raises(QuireError, match="belongs to another user"):
        client.endpoint(Home(quire_home))
    os.chown(state, os.geteuid(), os.getegid())
    held = files.lock(state)  # as a running service holds it (one nobody holds is stale: no service)
    assert held is not None
    try:
        assert client.endpoint(Home(quire_home)) is not None
    finally:
        os.close(held)
    assert client.endpoint(Home(quire_home)) is None


def test_one_rule_for_every_file_quire_trusts(others_group, tmp_path):
    path = tmp_path / "f"
    path.write_text("x")
    for mode, plain, secret in [(0o600, True, True), (0o644, True, False), (0o400, True, True), (0o660, False, False)]:
        path.chmod(mode)
        assert (files.untrusted(path, path.stat()) is None) is plain, oct(mode)
        assert (files.untrusted(path, path.stat(), secret=True) is None) is secret, oct(mode)
    tmp_path.chmod(0o777)
    assert files.untrusted(tmp_path, tmp_path.stat()) == (
        "is writable by others (group or all users)",
        f"run `chmod 700 {tmp_path}`",
    )
    tmp_path.chmod(0o700)


@ROOT_ONLY
def test_the_chown_it_suggests_names_the_user_when_the_system_knows_them(quire_home):
    # Before: `chown 0 ...` and "(uid 65534)": numbers where the system had names for both users.
    config = _given_away(quire_home, "config.toml", "", 65534)
    me = pwd.getpwuid(os.geteuid()).pw_name
    known = pwd.getpwuid(65534).pw_name
    with pytest.raises(InvalidInput) as exc:
        load_settings(Home(quire_home))
    assert f"belongs to another user ({known}, uid 65534)" in str(exc.value)
    assert f"`chown {me} {config}`" in str(exc.value)
    # Control: a uid the system has no name for is said as the number.
    unknown = next(uid for uid in range(4321, 5000) if not _named(uid))
    os.chown(config, unknown, unknown)
    with pytest.raises(InvalidInput, match=rf"belongs to another user \(uid {unknown}\)"):
        load_settings(Home(quire_home))


def _named(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


# -- the home folder -------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o757, 0o1777])
def test_a_home_others_can_write_is_refused_on_every_route(others_group, cli, quire_home, mode):
    # Before: used as any other; whoever could write it could swap its config.toml or serve.json.
    quire_home.mkdir(parents=True)
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    before = (quire_home / "quire.db").read_bytes()
    quire_home.chmod(mode)
    said = f"the quire home {quire_home} is writable by others"
    for args in [("status",), ("capture", "another"), ("recall", "boiler"), ("serve", "--stop"), ("backup",)]:
        result = cli(*args)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, (args, result.stderr)
        assert said in result.stderr and f"chmod 700 {quire_home}" in result.stderr, (args, result.stderr)
    with pytest.raises(InvalidInput, match=said):
        quire.open(quire_home)
    with pytest.raises(InvalidInput, match=said):
        mcp_server.build(Home(quire_home))
    with pytest.raises(InvalidInput, match=said):
        service.Service(Home(quire_home), port=0, log=lambda line: None)
    assert not (quire_home / "serve.json").exists() and (quire_home / "quire.db").read_bytes() == before
    quire_home.chmod(0o700)  # control: the same home, private, is used
    assert cli("status").exit_code == 0


def test_a_home_others_can_write_is_refused_by_the_cli_process(quire_home):
    quire_home.mkdir(parents=True)
    quire_home.chmod(0o777)
    result = run_forked("status", env={"QUIRE_HOME": str(quire_home)})
    assert result.returncode == 1 and f"chmod 700 {quire_home}" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("mode", [0o700, 0o755, 0o750, 0o711])
def test_a_home_others_may_only_read_is_used_as_before(cli_json, quire_home, mode):
    quire_home.mkdir(parents=True)
    quire_home.chmod(mode)
    try:
        assert cli_json("status")["total"] == 0
        assert load_settings(Home(quire_home)) is not None
    finally:
        quire_home.chmod(0o700)


@ROOT_ONLY
def test_a_home_another_user_owns_is_refused(cli, quire_home):
    quire_home.mkdir(parents=True, mode=0o700)
    os.chown(quire_home, 4321, 4321)
    result = cli("status")
    assert result.exit_code == 1 and "belongs to another user (uid 4321)" in result.stderr, result.stderr
    os.chown(quire_home, os.geteuid(), os.getegid())
    assert cli("status").exit_code == 0


@pytest.mark.parametrize("loose", ["writable", "foreign"])
def test_serve_stop_signals_no_pid_a_loose_serve_json_names(cli, quire_home, loose):
    # serve.json names the pid `quire serve --stop` sends SIGTERM to: one that another user could
    # have written is refused (exit 1, the file named) and the pid is left running.
    if loose == "foreign" and os.geteuid() != 0:
        pytest.skip("giving a file to another user takes root")
    quire_home.mkdir(parents=True)
    victim = subprocess.Popen(["sleep", "60"])
    state = quire_home / "serve.json"
    state.write_text(json.dumps({"pid": victim.pid, "host": "127.0.0.1", "port": 9}))
    held = files.lock(state)  # as a running service holds it
    try:
        if loose == "writable":
            state.chmod(0o666)
        else:
            os.chown(state, 4321, 4321)
        result = cli("serve", "--stop")
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        assert f"{state} " in result.stderr and "quire will not send" in result.stderr
        assert victim.poll() is None and state.exists()
        # Control: the same file, yours and private, is followed (the pid is signalled; a thread
        # reaps it, as a service's own exit would end it, so --stop sees it gone).
        os.chown(state, os.geteuid(), os.getegid())
        state.chmod(0o600)
        reaper = threading.Thread(target=victim.wait)
        reaper.start()
        assert cli("serve", "--stop").exit_code == 0
        reaper.join(timeout=30)
        assert victim.returncode == -15
    finally:
        victim.kill()
        victim.wait()
        if held is not None:
            os.close(held)


@pytest.mark.parametrize("command", ["encrypt", "rekey"])
def test_encrypt_refuses_a_home_others_can_write_before_asking_for_a_passphrase(cli, quire_home, command):
    # Before: the new passphrase was asked for (and confirmed) first, then the home refused.
    quire_home.mkdir(parents=True)
    quire_home.chmod(0o777)
    try:
        result = cli(command, "--passphrase", input="correct horse battery\ncorrect horse battery\n")
        assert result.exit_code == 1 and "passphrase" not in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1 and f"chmod 700 {quire_home}" in result.stderr
        assert not list(quire_home.iterdir())
    finally:
        quire_home.chmod(0o700)


# -- the folders above the home --------------------------------------------------------------------


def _every_route_refuses(cli, home, said: str) -> None:
    """CLI (status, capture, recall, serve --stop, backup), `quire.open`, MCP and `quire serve` all
    refuse `home` with `said` in one line, exit 1."""
    for args in [("status",), ("capture", "another"), ("recall", "boiler"), ("serve", "--stop"), ("backup",)]:
        result = cli(*args)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, (args, result.stderr)
        assert said in result.stderr, (args, result.stderr)
    with pytest.raises(InvalidInput, match=re.escape(said)):
        quire.open(home)
    with pytest.raises(InvalidInput, match=re.escape(said)):
        mcp_server.build(Home(home))
    with pytest.raises(InvalidInput, match=re.escape(said)):
        service.Service(Home(home), port=0, log=lambda line: None)
    with pytest.raises(InvalidInput, match=re.escape(said)):
        client.endpoint(Home(home))


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o757])
def test_a_home_inside_a_folder_others_can_write_is_refused_on_every_route(others_group, cli, quire_home, mode):
    # Before: only the home itself was checked; whoever can write its folder can rename the home
    # away and put their own (its config.toml, serve.json) in its place.
    above = quire_home.parent
    quire_home.mkdir(parents=True)
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    before = (quire_home / "quire.db").read_bytes()
    above.chmod(mode)
    try:
        said = f"the quire home {quire_home} is inside {above}, which is writable by others"
        _every_route_refuses(cli, quire_home, said)
        assert f"chmod go-w {above}" in cli("status").stderr
        assert not (quire_home / "serve.json").exists() and (quire_home / "quire.db").read_bytes() == before
    finally:
        above.chmod(0o700)
    assert cli("status").exit_code == 0  # control: the same folder, not writable by others


def test_a_home_inside_a_sticky_folder_is_used_as_in_tmp(cli_json, quire_home):
    # /tmp (1777): others write in it, but cannot rename or remove what is not theirs.
    quire_home.mkdir(parents=True)
    quire_home.parent.chmod(0o1777)
    try:
        assert cli_json("status")["total"] == 0
    finally:
        quire_home.parent.chmod(0o700)


def test_a_folder_far_above_the_home_counts_and_a_new_home_is_not_made_there(cli, quire_home, monkeypatch):
    home = quire_home.parent / "a" / "b" / "home"
    home.parent.mkdir(parents=True)
    loose = quire_home.parent / "a"
    loose.chmod(0o777)
    monkeypatch.setenv("QUIRE_HOME", str(home))
    try:
        result = cli("capture", "the boiler is serviced every October")
        assert result.exit_code == 1 and f"is inside {loose}, which is writable by others" in result.stderr
        assert not home.exists()  # refused before the missing home was made
    finally:
        loose.chmod(0o700)
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    assert home.stat().st_mode & 0o777 == 0o700


def test_a_home_reached_through_a_symlink_is_checked_where_it_really_is(cli, quire_home, monkeypatch):
    # ~/.quire -> /data/quire: the folders above the link's target count as much as the link's own.
    real = quire_home.parent / "shared" / "quire"
    real.mkdir(parents=True, mode=0o700)
    link = quire_home.parent / "link"
    link.symlink_to(real)
    monkeypatch.setenv("QUIRE_HOME", str(link))
    real.parent.chmod(0o777)
    try:
        result = cli("status")
        assert result.exit_code == 1 and f"is inside {real.parent}, which is writable by others" in result.stderr
    finally:
        real.parent.chmod(0o700)
    assert cli("status").exit_code == 0


@ROOT_ONLY
def test_a_home_inside_a_folder_another_user_owns_is_refused(cli, quire_home):
    quire_home.mkdir(parents=True)
    above = quire_home.parent
    os.chown(above, 4321, 4321)
    try:
        said = f"the quire home {quire_home} is inside {above}, which belongs to another user (uid 4321)"
        _every_route_refuses(cli, quire_home, said)
    finally:
        os.chown(above, os.geteuid(), os.getegid())
    assert cli("status").exit_code == 0


@ROOT_ONLY
def test_a_home_made_under_a_folder_another_user_made_first_is_refused_as_made(quire_home):
    # Checked before a missing home is made, and again once it is: another user may make its missing
    # parent between the two (here, before ensure_root runs); before, the database landed in it.
    theirs = quire_home.parent / "theirs"
    theirs.mkdir(mode=0o755)
    os.chown(theirs, 4321, 4321)
    with pytest.raises(InvalidInput, match=f"is inside {theirs}, which belongs to another user"):
        ensure_root(Home(theirs / "home"))
    os.chown(theirs, os.geteuid(), os.getegid())  # control: yours, the home is made (0700)
    ensure_root(Home(theirs / "home"))
    assert (theirs / "home").stat().st_mode & 0o777 == 0o700


def test_a_key_file_or_token_file_in_a_folder_others_can_write_is_refused(quire_home, tmp_path):
    # Before: only the file was checked; whoever can write its folder can put another file in its place.
    folder = tmp_path / "secrets"
    folder.mkdir(mode=0o700)
    key_file = folder / "quire.key"
    key_file.write_text(KEY + "\n")
    token = folder / "store.token"
    token.write_text("the-token\n")
    for path in (key_file, token):
        path.chmod(0o600)
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'[store]\ntoken_file = "{token}"\n')
    folder.chmod(0o777)
    try:
        said = f"is inside {folder}, which is writable by others"
        with pytest.raises(keys.KeyMissing, match=f"key_file {key_file} {said}"):
            keys.key_file_value(str(key_file))
        with pytest.raises(StoreError, match=f"the token file {token} {said}"):
            store_token(Home(quire_home))
    finally:
        folder.chmod(0o700)
    assert keys.key_file_value(str(key_file)) == KEY and store_token(Home(quire_home)) == "the-token"


# -- the vault -------------------------------------------------------------------------------------


def _a_page(session) -> Path:
    for step in range(2):
        add(session, f"Kafka runbook step {step} explains how to restart the Kafka brokers safely.", entities=["Kafka"])
    synth_rebuild(session)
    return session.wiki_dir / "kafka.md"


@pytest.fixture
def elsewhere(quire_home, tmp_path):
    """A session whose vault (`wiki_dir`) is a folder of its own beside the home, 0700."""
    vault = tmp_path / "vault"
    vault.mkdir(mode=0o700)
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{vault}"\n')
    s = Session(actor="test")
    yield s
    s.close()


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o1777])
def test_a_vault_others_can_write_is_refused_and_its_hand_edits_are_not_read(others_group, cli, elsewhere, mode):
    # Before: the vault was written and read whatever its mode; a page another user wrote was taken
    # as the person's own hand edit (the page turned human-owned, its text theirs).
    page = _a_page(elsewhere)
    vault = page.parent
    page.write_text("kafka, as someone else wrote it\n")
    vault.chmod(mode)
    try:
        said = f"the vault {vault} is writable by others"
        for args in [("rebuild",), ("lint",), ("status",)]:
            result = cli(*args)
            assert result.exit_code == 1 and result.stderr.count("\n") == 1, (args, result.stderr)
            assert said in result.stderr and f"chmod go-w {vault}" in result.stderr, (args, result.stderr)
        with pytest.raises(InvalidInput, match=said):
            synth_rebuild(elsewhere)
        assert pages.get(elsewhere.db, "kafka").owner != "human"
    finally:
        vault.chmod(0o700)
    synth_rebuild(elsewhere)  # control: the same vault, yours alone, and the edit is read as the person's
    assert pages.get(elsewhere.db, "kafka").owner == "human"


def test_a_vault_others_may_read_is_used(cli, cli_json, quire_home, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir(mode=0o755)
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{vault}"\n')
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    assert cli_json("rebuild")["written"] >= 1 and any(vault.glob("*.md"))


def test_a_vault_inside_a_folder_others_can_write_is_refused_before_it_is_made(cli, quire_home, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    vault = shared / "notes" / "quire"
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{vault}"\n')
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    result = cli("rebuild")
    assert (
        result.exit_code == 1 and f"the vault {vault} is inside {shared}, which is writable by others" in result.stderr
    )
    assert f"chmod go-w {shared}" in result.stderr and not (shared / "notes").exists()
    shared.chmod(0o755)  # control
    assert cli("rebuild").exit_code == 0 and any(vault.glob("*.md"))


@ROOT_ONLY
def test_a_vault_another_user_owns_is_refused(cli, quire_home, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir(mode=0o700)
    os.chown(vault, 4321, 4321)
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{vault}"\n')
    result = cli("rebuild")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert f"the vault {vault} belongs to another user (uid 4321)" in result.stderr and "chown" in result.stderr
    assert not any(vault.iterdir())


@ROOT_ONLY
def test_a_vault_made_under_a_folder_another_user_made_first_is_refused_as_made(tmp_path):
    # The vault is checked when the session names it and again once the rebuild has made it.
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o755)
    os.chown(theirs, 4321, 4321)
    with pytest.raises(InvalidInput, match=f"the vault {theirs / 'vault'} is inside {theirs}, which belongs"):
        open_vault(theirs / "vault")
    os.chown(theirs, os.geteuid(), os.getegid())  # control
    assert open_vault(theirs / "vault") is True


def test_a_page_file_past_the_limit_is_refused_before_it_is_read(session, db, monkeypatch):
    # Before: a page file was read whole whatever its size (a symlink to some huge file, a log
    # pasted into the vault), into memory, and taken as a hand edit.
    page = _a_page(session)
    monkeypatch.setattr(vault_mod, "MAX_PAGE_BYTES", 1000)
    page.write_text("kafka " * 500)
    with pytest.raises(InvalidInput, match=r"kafka\.md is over the 1,000-byte limit; more than a page file holds"):
        synth_rebuild(session)
    assert pages.get(db, "kafka").owner != "human"
    page.write_text("kafka, my way\n")  # control: a page file of a page's size is read as the hand edit
    synth_rebuild(session)
    assert pages.get(db, "kafka").owner == "human"


def test_a_page_file_linked_outside_the_vault_is_not_read_as_a_hand_edit(session, db, tmp_path):
    # Before: a synced vault's `kafka.md -> ~/.ssh/id_ed25519` was read as the person's hand edit,
    # and the key went into the page's history (and to the server with it).
    page = _a_page(session)
    secret = tmp_path / "outside" / "id_ed25519"
    secret.parent.mkdir()
    secret.write_text("-----BEGIN OPENSSH PRIVATE KEY----- not for a wiki\n")
    page.unlink()
    page.symlink_to(secret)
    with pytest.raises(InvalidInput, match=r"kafka\.md is a symlink to .*id_ed25519, outside the vault"):
        synth_rebuild(session)
    assert pages.get(db, "kafka").owner != "human"
    assert not any("OPENSSH" in str(row) for row in db.rows("SELECT * FROM page_history"))
    alias = page.parent / "kafka-notes.txt"  # control: a link to a file inside the vault is read
    alias.write_text("kafka, my way\n")
    page.unlink()
    page.symlink_to(alias)
    synth_rebuild(session)
    assert pages.get(db, "kafka").owner == "human"


def test_a_page_file_hard_linked_outside_the_vault_is_not_read_as_a_hand_edit(session, db, tmp_path):
    # Before: `ln ~/.ssh/id_ed25519 vault/kafka.md` is a regular file to every check a symlink
    # meets, and the key was read into the page's history as the person's edit.
    page = _a_page(session)
    secret = tmp_path / "outside" / "id_ed25519"
    secret.parent.mkdir()
    secret.write_text("-----BEGIN OPENSSH PRIVATE KEY----- not for a wiki\n")
    page.unlink()
    os.link(secret, page)
    with pytest.raises(InvalidInput, match=r"kafka\.md is a hard link to a file outside the vault"):
        synth_rebuild(session)
    assert pages.get(db, "kafka").owner != "human"
    assert not any("OPENSSH" in str(row) for row in db.rows("SELECT * FROM page_history"))
    assert "OPENSSH" in secret.read_text()  # nothing written through the link either
    page.unlink()
    alias = page.parent / "kafka-notes.txt"  # control: a hard link to another file of the vault is read
    alias.write_text("kafka, my way\n")
    os.link(alias, page)
    synth_rebuild(session)
    assert pages.get(db, "kafka").owner == "human"


def test_a_folder_named_like_a_note_does_not_stop_a_forget_halfway(session, db, cli):
    # Before: `mkdir vault/scratch.md` stopped the forget after the store had forgotten the memory:
    # its page, backups and caches kept the text, and `quire forget` again found nothing to do.
    page = _a_page(session)
    (page.parent / "scratch.md").mkdir()
    step0 = db.scalar("SELECT id FROM memories WHERE content LIKE 'Kafka runbook step 0%'")
    made = doctor.backup(session.home)
    result = cli("forget", step0)
    assert result.exit_code == 0, result.stderr
    assert "step 0" not in page.read_text()
    assert b"step 0" not in Path(made["path"]).read_bytes()


def test_a_vault_file_the_forget_cannot_read_leaves_the_rest_scrubbed_and_the_rebuild_finishes(
    session, db, cli, monkeypatch
):
    # A page file quire may not read (chmod 000, as a person other than root) stopped the forget
    # halfway, the backups and snapshots unscrubbed, and a second forget did nothing. Now the rest
    # is done, the error says so in one line, and the next rebuild cuts the text out of the vault.
    page = _a_page(session)
    add(session, "Kafka runbook step 2 explains how to restart the Kafka brokers safely.", entities=["Kafka"])
    synth_rebuild(session)  # three memories: the page outlives the forget
    step0 = db.scalar("SELECT id FROM memories WHERE content LIKE 'Kafka runbook step 0%'")
    made = doctor.backup(session.home)
    real = vault_mod.read_bytes

    def unreadable(path, **kw):
        if path.name == page.name:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, **kw)

    monkeypatch.setattr(vault_mod, "read_bytes", unreadable)
    result = cli("forget", step0)
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "kafka.md: Permission denied" in result.stderr and "quire rebuild" in result.stderr
    assert b"step 0" not in Path(made["path"]).read_bytes()
    assert "step 0" in page.read_text()  # the one file it could not read
    monkeypatch.setattr(vault_mod, "read_bytes", real)  # the person gave it its permission back
    synth_rebuild(session)
    assert "step 0" not in page.read_text() and "step 2" in page.read_text()


def test_a_forget_scrubs_the_vault_past_a_link_out_of_it_and_leaves_the_file_it_names(session, db, cli, tmp_path):
    # The page reader refuses a link out of the vault; a forget, whose scrub must not stop halfway,
    # takes it as no page file of quire's: the file it names is the person's, not a copy of quire's.
    _a_page(session)
    outside = tmp_path / "elsewhere.md"
    outside.write_text("Kafka runbook step 0 explains how to restart the Kafka brokers safely.\n")
    link = session.wiki_dir / "linked.md"
    link.symlink_to(outside)
    step0 = db.scalar("SELECT id FROM memories WHERE content LIKE 'Kafka runbook step 0%'")
    session.close()
    result = cli("forget", step0)
    assert result.exit_code == 0, result.stderr
    assert "step 0" not in (session.wiki_dir / "kafka.md").read_text()
    assert link.is_symlink() and "step 0" in outside.read_text()


@pytest.mark.timeout(30)  # on the old code the read waited for a writer for ever
def test_a_fifo_note_in_the_vault_does_not_hang_the_forget_catch_up(session, db):
    # The catch-up with forgets made on another device reads every note of the vault.
    page = _a_page(session)
    fifo = page.parent / "scratch.md"
    os.mkfifo(fifo, 0o600)
    with pytest.raises(InvalidInput, match=r"scratch\.md is a FIFO \(named pipe\), where quire keeps a page file"):
        forgetting._quoted(session, set())
    fifo.unlink()
    cited = {str(row[0]) for row in db.rows("SELECT id FROM memories")}
    assert forgetting._quoted(session, cited)  # control: the notes are read, and what they quote found


# -- the folders in the home, and every folder quire writes into ----------------------------------


@pytest.mark.parametrize("folder", ["cache", "snapshots", "backups", "wiki"])
def test_a_folder_in_the_home_others_can_write_is_refused_on_every_route(cli, quire_home, folder):
    # Before: only the home itself was checked; a cache or snapshots folder others could write
    # (in a home others may pass through, 0755) had its vectors, records and page snapshots read back.
    quire_home.mkdir(parents=True)
    quire_home.chmod(0o755)
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    inside = quire_home / folder
    inside.mkdir(exist_ok=True)
    inside.chmod(0o777)
    try:
        said = f"{inside} in the quire home is writable by others"
        _every_route_refuses(cli, quire_home, said)
        assert f"chmod go-w {inside}" in cli("status").stderr
    finally:
        inside.chmod(0o700)
    assert cli("status").exit_code == 0


def test_quire_writes_into_no_folder_others_can_write(others_group, tmp_path):
    # Every write (atomic_write) goes through private_dir: a folder it did not make was left as it was.
    shared = tmp_path / "shared"
    shared.mkdir()
    for mode in (0o777, 0o775, 0o1777):
        shared.chmod(mode)
        with pytest.raises(InvalidInput, match=f"{shared} is writable by others .*, so quire does not write into it"):
            files.atomic_write(shared / "state.json", "{}")
        assert not list(shared.iterdir())
    shared.chmod(0o755)  # control: others may read it
    files.atomic_write(shared / "state.json", "{}")
    assert (shared / "state.json").read_text() == "{}"


@pytest.mark.timeout(30)  # on the old code the snapshot waited for a writer for ever
def test_a_fifo_page_file_does_not_hang_the_snapshot_before_a_rebuild(session, db, quire_home):
    page = _a_page(session)
    page.unlink()
    os.mkfifo(page, 0o600)
    kafka = pages.get(db, "kafka")
    with pytest.raises(InvalidInput, match=r"kafka\.md is a FIFO \(named pipe\), where quire keeps a page file"):
        snapshot.take_snapshot(db, page.parent, quire_home, [kafka.id])
    page.unlink()
    page.write_text("kafka, my way\n")  # control: a page file is kept as its pre-image
    name = snapshot.take_snapshot(db, page.parent, quire_home, [kafka.id])
    assert (snapshot.snapshots_dir(quire_home) / name / "files" / "kafka.md").read_text() == "kafka, my way\n"


# -- a group of one's own (umask 002) ----------------------------------------------------------------


def test_group_bits_of_the_owners_own_group_let_nobody_else_in(tmp_path):
    path = tmp_path / "f"
    path.write_text("x")
    me = pwd.getpwuid(os.geteuid())
    if grp.getgrgid(me.pw_gid).gr_name != me.pw_name:
        pytest.skip("this user's primary group is not a group of their own")
    os.chown(path, -1, me.pw_gid)
    assert files.owners_own_group(path.stat())
    path.chmod(0o660)
    assert files.untrusted(path, path.stat(), secret=True) is None
    path.chmod(0o662)  # others' bits always count
    assert files.untrusted(path, path.stat()) is not None


def test_a_home_a_vault_and_folders_above_them_in_the_owners_own_group_are_used(cli, quire_home, tmp_path, monkeypatch):
    """Debian and Ubuntu give each person a group of their own and a umask of 002: every folder they
    make is group-writable. A clone there (`make demo` keeps its home inside it) was refused."""
    me = pwd.getpwuid(os.geteuid())
    if grp.getgrgid(me.pw_gid).gr_name != me.pw_name:
        pytest.skip("this user's primary group is not a group of their own")
    old = os.umask(0o002)
    try:
        projects = tmp_path / "projects" / "quire"
        projects.mkdir(parents=True)
        home, vault = projects / ".quire-demo", projects / "vault"
        home.mkdir()
        vault.mkdir()
    finally:
        os.umask(old)
    for folder in (tmp_path / "projects", projects, home, vault):
        os.chown(folder, -1, me.pw_gid)
        assert folder.stat().st_mode & 0o777 == 0o775
    (home / "config.toml").write_text(f'wiki_dir = "{vault}"\n')
    monkeypatch.setenv("QUIRE_HOME", str(home))
    assert cli("capture", "The kiln in the shed is fired every second Saturday").exit_code == 0
    assert cli("rebuild").exit_code == 0
    assert cli("status").exit_code == 0
    # Control: the same folder in a group that holds someone else is refused.
    other = shared_group()
    if other is not None:
        os.chown(projects, -1, other)
        result = cli("status")
        assert result.exit_code == 1 and f"inside {projects}, which is writable by others" in result.stderr


@pytest.mark.parametrize("there", ["made meanwhile", "nothing", "dangling link", "folder"])
def test_a_database_file_another_quire_makes_while_this_one_looks_is_not_refused(tmp_path, monkeypatch, there):
    # Two quires opening a new home at once: this one's stat found no quire.db, the other made it an
    # instant later, and the second look (lexists) saw something, so a new empty database was refused
    # as "a regular file, where quire keeps its database" (CI, test_two_quires_opening_a_new_home_...).
    # The controls: nothing there is fine; a dangling link or a folder is still refused.
    path = tmp_path / "quire.db"
    real = os.stat

    def racing(p, *args, **kwargs):
        if there == "made meanwhile" and Path(p) == path and not os.path.lexists(path):
            path.write_bytes(b"")  # the other quire creates it right after this stat missed it
            raise FileNotFoundError(p)
        return real(p, *args, **kwargs)

    if there == "dangling link":
        path.symlink_to(tmp_path / "gone.db")
    elif there == "folder":
        path.mkdir()
    monkeypatch.setattr(os, "stat", racing)
    if there in ("made meanwhile", "nothing"):
        files.refuse_not_database(path, "its database")
    else:
        with pytest.raises(StoreError, match="where quire keeps its database"):
            files.refuse_not_database(path, "its database")


@pytest.mark.parametrize("chosen", [".", "cache", "cache/pages", "snapshots", "backups", "wiki/../cache"])
def test_a_vault_in_quires_own_folders_is_refused_before_a_page_is_written(cli, quire_home, chosen):
    # Before: `wiki_dir = "cache"` was used as asked, and `quire encrypt` (which empties the cache)
    # then deleted every page in it, hand edits too; in snapshots or backups the pages sat among
    # what rollback and restore read back, and "." wrote them beside quire.db.
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{chosen}"\n')
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    result = cli("rebuild")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "is quire's own folder" in result.stderr and "set wiki_dir to a folder of its own" in result.stderr
    assert not list(quire_home.rglob("*.md"))
    (quire_home / "config.toml").write_text('wiki_dir = "notes"\n')  # control: a folder of its own in the home
    assert cli("rebuild").exit_code == 0 and any((quire_home / "notes").glob("*.md"))


@pytest.mark.parametrize("chosen", ["/", "~", "/.", "~/"])
def test_a_vault_at_the_filesystem_root_or_the_home_folder_is_refused_before_a_page_is_written(
    cli, quire_home, chosen, monkeypatch, tmp_path
):
    """`wiki_dir = "/"` had a rebuild write index.md and notes.md into / (as root; adv18's probe)."""
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    (tmp_path / "me").mkdir()
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{chosen}"\n')
    assert cli("capture", "the boiler is serviced every October").exit_code == 0
    result = cli("rebuild")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "set wiki_dir to a folder of its own" in result.stderr, result.stderr
    assert not (tmp_path / "me" / "index.md").exists() and not Path("/index.md").exists()
