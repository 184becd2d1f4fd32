"""A result stdout cannot take is an error, never a traceback nor a silent success: `quire export >
memories.jsonl` on a full disk printed a Python traceback, and with stdout closed (`>&-`) every
reading command printed nothing and exited 0, so a person could not tell the file was cut short."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import quire
from tests.test_service import served  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parent.parent
READS = [("export",), ("export", "--json"), ("recent",), ("status", "--json"), ("recall", "garden shed")]


def _seeded(home) -> None:
    with quire.open(home) as q:
        for n in range(3):
            q.capture(f"The garden shed roof number {n} needs new felt before the winter comes")


def _run(home, args, stdout) -> subprocess.CompletedProcess:
    env = {**os.environ, "QUIRE_HOME": str(home)}
    closing = stdout == "closed"
    return subprocess.run(
        [sys.executable, "-m", "quire.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL if closing else stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        preexec_fn=(lambda: os.close(1)) if closing else None,  # a child with no stdout
    )


@pytest.mark.parametrize("args", READS)
def test_a_full_disk_under_stdout_is_one_line_and_exit_1(quire_home, args):
    _seeded(quire_home)
    with open("/dev/full", "w") as full:
        done = _run(quire_home, args, full)
    assert done.returncode == 1, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("Error: could not write the result to stdout (No space left on device)"), line


@pytest.mark.parametrize("args", READS)
def test_a_closed_stdout_is_said_not_a_silent_success(quire_home, args):
    _seeded(quire_home)
    done = _run(quire_home, args, "closed")
    assert done.returncode == 1 and done.stderr.strip() == (
        "Error: stdout is closed, so the result went nowhere; run the command with its output open"
    ), done.stderr


def test_through_the_service_the_same(quire_home, served):  # noqa: F811
    _seeded(quire_home)
    s = served()
    asked = s.requests()
    with open("/dev/full", "w") as full:
        done = _run(quire_home, ("export",), full)
    assert s.requests() > asked and done.returncode == 1
    assert "could not write the result to stdout" in done.stderr and "Traceback" not in done.stderr


def test_the_control_an_open_stdout_takes_the_export_whole(quire_home, tmp_path):
    _seeded(quire_home)
    with open(tmp_path / "out.jsonl", "w") as out:
        done = _run(quire_home, ("export",), out)
    assert done.returncode == 0 and done.stderr == ""
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 3
