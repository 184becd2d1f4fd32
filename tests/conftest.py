"""Shared fixtures: every test gets its own QUIRE_HOME and the deterministic fake embedder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def quire_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    for var in [v for v in os.environ if v.startswith("QUIRE_")]:
        monkeypatch.delenv(var)
    monkeypatch.setenv("QUIRE_HOME", str(home))
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    return home


@pytest.fixture
def session(quire_home):
    from memory.session import Session

    s = Session(actor="test")
    yield s
    s.close()


@pytest.fixture
def db(session):
    return session.db


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def cli(runner):
    """Invoke the CLI: cli("capture", "text", "--json") -> click Result (stdout/stderr split)."""
    from wiki.cli import cli as group

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(group, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def cli_json(cli):
    def invoke(*args: str, input: str | None = None):
        result = cli(*args, "--json", input=input)
        assert result.exit_code == 0, result.stderr or result.stdout
        return json.loads(result.stdout)

    return invoke


def run_quire(*args: str, env: dict | None = None, input: str | None = None, timeout: int = 120):
    """Run `python -m wiki.cli` in a real subprocess (for sys.modules, signals, exit codes)."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "wiki.cli", *args],
        capture_output=True,
        text=True,
        env=full_env,
        input=input,
        timeout=timeout,
        cwd=ROOT,
    )
