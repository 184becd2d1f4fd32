"""Commands that need no embedding import no model runtime; those that do never import torch."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PROBE = """
import json, sys
from quire.cli import cli
try:
    cli(sys.argv[1:], prog_name="quire", standalone_mode=False)
except SystemExit:
    pass
heavy = [m for m in ("torch", "sentence_transformers", "transformers", "onnxruntime") if m in sys.modules]
print("HEAVY=" + json.dumps(heavy), file=sys.stderr)
print("LIFE=" + json.dumps("memory.life" in sys.modules), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["status"],
        ["capture", "--defer-embed", "The wiki rebuild runs every night at two in the morning"],
        ["spaces", "list"],
    ],
)
def test_light_commands_do_not_import_torch(quire_home, args):
    env = {"QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "minilm", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    marker = [line for line in result.stderr.splitlines() if line.startswith("HEAVY=")]
    assert marker, result.stderr
    assert json.loads(marker[-1][6:]) == []


def test_probe_detects_torch_when_it_is_imported(quire_home):
    """Control: the probe would notice a heavy import."""
    probe = PROBE.replace("from quire.cli import cli", "from quire.cli import cli\nimport torch")
    env = {"QUIRE_HOME": str(quire_home), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", probe, "--help"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert '"torch"' in result.stderr


def _life_read(args: list[str], quire_home, probe: str = PROBE) -> bool:
    env = {"QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "fake", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    marker = [line for line in result.stderr.splitlines() if line.startswith("LIFE=")]
    assert marker, result.stderr
    return bool(json.loads(marker[-1][5:]))


@pytest.mark.parametrize("args", [["--help"], ["capture", "--help"], ["recall", "--help"]])
def test_help_does_not_import_the_life_reading(quire_home, args):
    """`quire --help` prints a capture's refusal wording (memory/refusals.py), never runs the gate: the
    life reading it uses is ~70 ms of a cold start (a third of `--help`'s)."""
    assert not _life_read(args, quire_home)


def test_life_probe_notices_the_gate(quire_home):
    """Control: importing the gate (as `quire/cli/memories.py` did for `gate.refusal`) loads the reading."""
    probe = PROBE.replace("from quire.cli import cli", "from quire.cli import cli\nimport memory.gate")
    assert _life_read(["--help"], quire_home, probe)


@pytest.mark.model
@pytest.mark.parametrize("args", [["recall", "nightly rebuild"], ["capture", "The backup runs before the rebuild"]])
def test_model_commands_run_on_onnxruntime_without_torch(quire_home, args):
    """recall and a non-deferred capture embed with onnxruntime; torch and transformers stay out."""
    env = {"QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "minilm", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert json.loads([x for x in lines if x.startswith("HEAVY=")][-1][6:]) == ["onnxruntime"]
