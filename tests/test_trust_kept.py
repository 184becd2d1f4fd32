"""Files quire keeps for itself in the home (serve.json, serve.token, the lock files): a FIFO, a
device, a folder or a symlink in their place is refused in one line naming it, never waited on or
written through, and a leftover another user owns is neither used nor removed."""

from __future__ import annotations

import json
import os

import pytest

from memory.errors import QuireError
from memory.home import Home
from quire import service

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")


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
