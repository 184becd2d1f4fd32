"""A config typo a person checking health must see: `[agents] disabled_tools` names a tool quire
does not have. `quire mcp` refuses to start on it, but `quire status` and `quire doctor` said all was
well, on every route that shows status (library, CLI, the service, MCP's own refusal, the browser)."""

from __future__ import annotations

import json

import pytest

import quire
from memory.errors import InvalidInput
from memory.home import Home
from quire import mcp_server
from tests.ui_home import Browserless, start

TYPO = '[agents]\ndisabled_tools = ["forgett"]\n'


@pytest.fixture
def typo(quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text(TYPO)
    return quire_home


def said_once(line: str, home) -> None:
    assert f"{home / 'config.toml'}: agents.disabled_tools: no tool is named 'forgett' (did you mean forget?)" in line
    assert "fix the file" in line


def test_status_names_an_unknown_disabled_tool_on_the_cli(typo, cli):
    result = cli("status")
    assert result.exit_code == 0, result.stderr
    [line] = [x for x in result.stdout.splitlines() if x.startswith("config:")]
    said_once(line, typo)
    data = json.loads(cli("status", "--json").stdout)
    [problem] = data["config_problems"]
    said_once(problem, typo)


def test_doctor_fails_on_an_unknown_disabled_tool_and_names_it(typo, cli):
    result = cli("doctor")
    assert result.exit_code == 1
    [line] = [x for x in result.stdout.splitlines() if x.startswith("FAIL  config:")]
    said_once(line, typo)
    checks = {c["name"]: c for c in json.loads(cli("doctor", "--json").stdout)["checks"]}
    assert checks["config"]["ok"] is False and checks["database"]["ok"] is True


def test_a_clean_config_has_no_problem_and_doctor_passes(quire_home, cli):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text('[agents]\ndisabled_tools = ["forget"]\n')
    assert json.loads(cli("status", "--json").stdout)["config_problems"] == []
    assert cli("doctor").exit_code == 0


def test_library_and_mcp_say_the_same_line(typo):
    with quire.open(typo) as q:
        [problem] = q.run("status").config_problems  # type: ignore[attr-defined]
    said_once(problem, typo)
    with pytest.raises(InvalidInput) as refused:
        mcp_server.build(Home(typo))
    assert str(refused.value) == problem


def test_the_service_and_the_browser_status_screen_show_it(typo):
    served = start()
    try:
        [problem] = served.run("status")["config_problems"]
        said_once(problem, typo)
        status, _, page = Browserless(served).sign_in().request("GET", "/status")
        assert status == 200
        assert "no tool is named &#39;forgett&#39; (did you mean forget?)" in page
    finally:
        served.stop()


# -- the replica's record: a store id quire never wrote ----------------------------------------------


@pytest.mark.timeout(180)
@pytest.mark.parametrize("state", ['{"store_id": "../../../escaped", "synced_at": 1}', '{"store_id": 7}', "{", ""])
def test_an_offline_read_with_a_bad_replica_record_names_the_record_and_the_fix(server, tmp_path, state):
    # Before: "reads need the server until this device has its replica, made by the first command run
    # while the server answers": this device had its replica; the record beside it was damaged.
    from memory.errors import Unreachable
    from quire import ops
    from tests.server_homes import device

    s = device(tmp_path, "laptop", server.url)
    ops.run(s, "capture", {"content": "The VPN gateway moved to the Frankfurt region last month"})
    ops.run(s, "recall", {"query": "VPN gateway"})
    record = s.replica_path.parent / "state.json"
    s.close()
    server.stop()
    if state:
        record.write_text(state)
    else:
        record.unlink()
    before = record.read_bytes() if state else None
    s = device(tmp_path, "laptop", server.url)
    try:
        with pytest.raises(Unreachable) as refused:
            ops.run(s, "recall", {"query": "VPN gateway Frankfurt"})
    finally:
        s.close()
    said = str(refused.value)
    assert "until this device has its replica" not in said, said
    assert str(record) in said and "`quire status`" in said, said
    assert "\n" not in said
    assert (record.read_bytes() if record.exists() else None) == before  # never written over offline
