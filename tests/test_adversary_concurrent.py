"""Two processes writing one home at once: captures from the CLI while an import runs in another
process are each acknowledged and each read back, and so is every line the import says it stored
(on a local home, and with `quire serve` running, where both go through the service)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import quire
from tests.conftest import run_forked
from tests.test_service import served  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parent.parent
LINES = 1200


def _export(tmp_path: Path) -> Path:
    path = tmp_path / "many.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for i in range(LINES):
            text = f"The import line number {i} says warehouse shelf {i * 7} holds blue boxes"
            out.write(json.dumps({"content": text}) + "\n")
    return path


@pytest.mark.parametrize("through", ["local", "serve"])
def test_captures_during_an_import_are_each_acknowledged_and_read_back(quire_home, tmp_path, served, through):  # noqa: F811
    with quire.open(quire_home) as q:
        q.capture("The first note makes the home before either writer starts")
    if through == "serve":
        served()
    env = {**os.environ, "QUIRE_HOME": str(quire_home)}
    importing = subprocess.Popen(
        [sys.executable, "-m", "quire.cli", "import", str(_export(tmp_path)), "--json"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    acknowledged, running = [], []
    try:
        for n in range(6):
            done = run_forked("capture", f"Concurrent capture number {n} about the garden shed roof felt", "--json")
            assert done.returncode == 0, done.stderr
            said = json.loads(done.stdout)
            assert said["status"] == "stored", said
            acknowledged.append(said["id"])
            running.append(importing.poll() is None)
        out, err = importing.communicate(timeout=600)
    finally:
        importing.kill()
    assert importing.returncode == 0, err
    assert running[0], "the import ended before the first capture: the writers did not overlap"
    report = json.loads(out)
    assert report["stored"] == LINES and report["errors"] == []
    with quire.open(quire_home) as q:
        for mid in acknowledged + report["ids"]:
            assert q.show(mid).status == "active", mid
        assert q.run("status").total == 1 + LINES + len(acknowledged)
