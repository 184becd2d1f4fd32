"""Commands that need no embedding never import torch or sentence-transformers."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PROBE = """
import json, sys
from wiki.cli import cli
try:
    cli(sys.argv[1:], prog_name="quire", standalone_mode=False)
except SystemExit:
    pass
heavy = [m for m in ("torch", "sentence_transformers", "transformers") if m in sys.modules]
print("HEAVY=" + json.dumps(heavy), file=sys.stderr)
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
    probe = PROBE.replace("from wiki.cli import cli", "from wiki.cli import cli\nimport torch")
    env = {"QUIRE_HOME": str(quire_home), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", probe, "--help"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert '"torch"' in result.stderr
