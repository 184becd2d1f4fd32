"""A credential in what an error echoes (a path, an id, a name a person typed) is never shown, on any
route: every QuireError's line is read through `credentials.redact` (memory/errors.py), and so is every
usage error's (quire/cli/app.py). Session 49 redacted the import report's lines and a chat's names;
an error raised as an exception still said "x ghp_....jsonl holds only blank lines" with the key."""

from __future__ import annotations

import pytest

import quire
from memory.errors import InvalidInput, QuireError
from tests.test_adversary_classes import _routes_answer
from tests.test_adversary_routes import BASE, served_post
from tests.ui_home import start

GHP = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"  # put together at run time: no key in the repository
SHOWN = "[REDACTED:github_token]"


def test_the_reported_case_holds_only_blank_lines(cli, tmp_path):
    path = tmp_path / f"x {GHP}.jsonl"
    path.write_text("\n  \n\n", encoding="utf-8")
    out = cli("import", str(path), "--format", "jsonl")
    assert out.exit_code == 1, out.stderr
    assert GHP not in out.stderr and out.stderr.count("\n") == 1
    assert f"x {SHOWN}.jsonl holds only blank lines" in out.stderr


@pytest.mark.parametrize(
    ("name", "body", "says"),
    [
        (f"notes {GHP}.md", "\n\n", "the note holds no paragraph"),
        (f"x {GHP}.jsonl", "", "is empty"),
        (f"dir {GHP}", None, "is a folder without .md notes"),
        (f"conversations {GHP}.json", "[]", "is an empty list"),
    ],
)
def test_an_import_error_naming_a_file_with_a_key(cli, tmp_path, name, body, says):
    path = tmp_path / name
    if body is None:
        path.mkdir()
    else:
        path.write_text(body, encoding="utf-8")
    out = cli("import", str(path))
    assert out.exit_code == 1 and says in out.stderr, out.stderr
    assert GHP not in out.stderr and SHOWN in out.stderr


def test_a_usage_error_echoing_a_key(cli, tmp_path):
    out = cli("import", str(tmp_path / f"missing {GHP}.json"))  # click's own check: the path does not exist
    assert out.exit_code == 2 and "does not exist" in out.stderr, out.stderr
    assert GHP not in out.stderr and f"missing {SHOWN}.json" in out.stderr


def test_a_space_named_with_a_key(cli):
    out = cli("recall", "dentist appointment", "--space", GHP)
    assert out.exit_code == 1 and "unknown space" in out.stderr, out.stderr
    assert GHP not in out.stderr and SHOWN in out.stderr


@pytest.mark.parametrize(("op", "params", "says"), [("memory_show", {"memory_id": GHP}, "no memory")])
def test_every_route_says_an_echoed_key_as_its_kind(tmp_path, monkeypatch, cli, op, params, says):
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture(BASE, type="fact")
    said = _routes_answer(home, cli, op, params, 1)
    assert set(said) >= {"library", "mcp", "cli", "service", "cli via serve"}, said
    for route, (outcome, line) in said.items():
        assert outcome == "refused" and says in line, (route, line)
        assert GHP not in line and SHOWN in line, (route, line)


def test_an_import_of_a_keyed_path_on_the_library_the_service_and_the_cli_through_it(tmp_path, monkeypatch, cli):
    # (import is the person's operation: MCP does not offer it to agents)
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    path = tmp_path / f"x {GHP}.jsonl"
    path.write_text("\n  \n", encoding="utf-8")
    with pytest.raises(QuireError) as refused, quire.open(home) as q:
        q.run("import", path=str(path), format="jsonl")
    status, data = served_post(home, "import", {"path": str(path), "format": "jsonl"})
    assert status == 400, data
    lines = [str(refused.value), data["error"]["message"]]
    running = start()
    try:
        before = running.svc.requests
        out = cli("import", str(path), "--format", "jsonl")
        assert running.svc.requests > before and out.exit_code == 1, out.stderr
        lines.append(out.stderr)
    finally:
        running.stop()
    for line in lines:
        assert "holds only blank lines" in line and GHP not in line and SHOWN in line, line


def test_control_a_name_without_a_key_is_shown_as_it_is(cli, tmp_path):
    path = tmp_path / "x ghp_short.jsonl"  # not a key: too short to be one
    path.write_text("\n  \n", encoding="utf-8")
    out = cli("import", str(path), "--format", "jsonl")
    assert out.exit_code == 1 and "x ghp_short.jsonl holds only blank lines" in out.stderr, out.stderr


def test_the_error_keeps_what_it_was_given():
    # Only the line is redacted: the exception's argument, which code may read back, is what was raised.
    error = InvalidInput(f"{GHP}: no such thing")
    assert str(error) == f"{SHOWN}: no such thing" and error.args == (f"{GHP}: no such thing",)
