"""Rebuilds killed by SIGKILL round after round:
15 rounds of captures and a `rebuild` killed alternately at a random moment and right after its
page rows commit. No page may end human-owned (nobody edited one), and a new capture about an
entity must still rebuild its page."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT, run_code_forked, run_forked

KILL_AFTER_ROWS = (
    "import os, signal, sys\n"
    "from wiki import rebuild\n"
    "rebuild._phase_b = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
    "from quire.cli import main\n"
    "sys.argv = ['quire', 'rebuild']\n"
    "main()\n"
)
# Killed after every file is written, before the run is marked done: the files are new, the rows
# still say "pending" (the moment a random kill rarely hits, and the one that froze pages).
KILL_BEFORE_DONE = KILL_AFTER_ROWS.replace("rebuild._phase_b", "rebuild._phase_c")
ENTITIES = ("Osprey", "Heron", "Kestrel", "Plover")


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "QUIRE_HOME": str(home), "QUIRE_EMBEDDER": "fake"}


def _capture(home: Path, texts: list[tuple[str, str]]) -> None:
    from memory.home import Home
    from memory.models import parse_payload
    from memory.session import Session

    with Session(Home(home), actor="cli") as s:
        for text, entity in texts:
            assert s.capture(parse_payload({"content": text, "entities": [entity]})).status == "stored"


def _rebuild(home: Path) -> subprocess.Popen:
    argv = [sys.executable, "-m", "quire.cli", "rebuild"]
    return subprocess.Popen(argv, cwd=ROOT, env=_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_fifteen_killed_rebuilds_leave_no_page_human_owned_and_the_next_rebuild_works(tmp_path):
    from memory.db import FileDatabase

    home = tmp_path / "home"
    _capture(home, [(f"{e} the relay node forwards batch {n} to the archive", e) for e in ENTITIES for n in range(2)])
    first = run_forked("rebuild", env=_env(home))  # not killed: a forked run is enough
    assert first.returncode == 0, first.stderr
    rng = random.Random(21)
    for round_ in range(15):
        _capture(home, [(f"{e} the relay node gained uplink number {round_} this week", e) for e in ENTITIES])
        if round_ % 3:  # killed at its step: forked, as `python -c` runs it (a fresh start costs ~1 s)
            killed = run_code_forked(KILL_AFTER_ROWS if round_ % 3 == 2 else KILL_BEFORE_DONE, env=_env(home))
            assert killed.returncode == -signal.SIGKILL, killed.stderr
        else:  # killed at a random moment of a fresh `quire rebuild` (its start included, as before)
            proc = _rebuild(home)
            time.sleep(rng.uniform(0.05, 0.9))
            proc.send_signal(signal.SIGKILL)
            proc.wait(60)
            if proc.stderr:
                proc.stderr.close()
    db = FileDatabase(home / "quire.db")
    try:
        owners = db.rows("SELECT slug, owner, status FROM pages WHERE kind = 'entity' ORDER BY slug")
        assert len(owners) == 4 and all(o == "machine" and s == "active" for _, o, s in owners), owners
    finally:
        db.close()
    _capture(home, [("Osprey the relay node now also mirrors the weather feed", "Osprey")])
    done = run_forked("rebuild", "--json", env=_env(home))
    assert done.returncode == 0, done.stderr
    import json

    summary = json.loads(done.stdout)
    assert summary["written"] >= 1 and summary["revisions"] == 0, summary
    page = (home / "wiki" / "osprey.md").read_text()
    assert "weather feed" in page and "uplink number 14" in page
    db = FileDatabase(home / "quire.db")
    try:
        assert db.scalar("SELECT count(*) FROM pages WHERE owner = 'human'") == 0
        assert db.scalar("SELECT count(*) FROM review_queue WHERE kind = 'page_revision'") == 0
    finally:
        db.close()
