"""A rejected credential's bytes appear nowhere: database, WAL, audit, logs, output."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point

SECRETS = {
    "github": "ghp_" + "Zq9" * 12,
    "aws": "AKIA" + "Q3ZV7KX2M4PLW8RT",
    "stripe": "sk_live_" + "a1B2c3D4" * 3,
    "slack": "xoxb-" + "1234567890-abcdefABCDEF",
}


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_secret_bytes_never_stored_or_printed(quire_home, kind):
    secret = SECRETS[kind]
    assert run_quire("capture", "A harmless first memory so the database and WAL exist already").returncode == 0
    result = run_quire("capture", f"for the release pipeline we use the credential {secret} on the runner", "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["reason"] == "credential_leak"
    assert secret not in result.stdout + result.stderr
    status = run_quire("status", "--json")
    assert json.loads(status.stdout)["rejected_captures"] == 1
    log = run_quire("log", "--json")
    assert secret not in log.stdout + log.stderr
    needle = secret.encode()
    for path in quire_home.rglob("*"):
        if path.is_file():
            assert needle not in path.read_bytes(), f"secret found in {path.name}"
