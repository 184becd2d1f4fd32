"""The steps tests/test_trust_crash.py did not kill yet: a capture, an import of several paths at
once with its embedding (not deferred), and a review decision (accept, dismiss). Each is killed at
every crash point in turn (memory/failpoints.py); the next run of the same command finishes, and
the store ends as one run that was never killed leaves it: nothing acknowledged lost, nothing twice.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.test_trust_crash import _every_point, _rows, _run

pytestmark = pytest.mark.timeout(1800)

TABS = "I prefer tabs over spaces for indentation in the monorepo"
SPACES = "I prefer four spaces over tabs for indentation in the monorepo"
ATLAS = "The Atlas service moved to the Frankfurt region in May after the audit"


def _state(home: Path) -> tuple:
    """What a person relies on, without times or ids: each memory's text, status and whether it is
    embedded (recall by meaning finds it), and each review item's status and choice."""
    memories = _rows(
        home / "quire.db", "SELECT content, status, embedding IS NOT NULL FROM memories ORDER BY content, status"
    )
    items = _rows(home / "quire.db", "SELECT kind, status, coalesce(choice, '') FROM review_queue ORDER BY id")
    return memories, items


def _as_never_killed(tmp: Path, *args: str):
    """A check: the home is as the probe (the same command, never killed) left its copy."""

    def check(home: Path, line: str) -> None:
        # A row committed before its vector (killed between) is embedded by the next recall, which
        # finds it; after that the store is as the never-killed run's.
        found = _run(home, "recall", "Atlas service Frankfurt region", "--json")
        assert found.returncode == 0, (line, found.stderr)
        assert ATLAS in [h["content"] for h in json.loads(found.stdout)["results"]], line
        assert _state(home) == _state(tmp / "probe"), line

    return check


def _home(tmp: Path) -> Path:
    template = tmp / "template"
    template.mkdir()
    old = _run(template, "capture", TABS, "--type", "preference", "--json")
    assert old.returncode == 0, old.stderr
    return template


def test_a_capture_killed_at_every_point_is_stored_once_by_the_rerun(tmp_path):
    template = _home(tmp_path)
    args = ("capture", ATLAS, "--type", "fact", "--entity", "Atlas")
    assert _every_point(template, tmp_path, args, _as_never_killed(tmp_path)) >= 2
    memories, _ = _state(tmp_path / "probe")
    assert (ATLAS, "active", 1) in memories  # the control: the probe stored it, embedded


def test_an_import_of_several_paths_killed_at_every_point_lands_each_once_embedded(tmp_path):
    template = _home(tmp_path)
    lines = tmp_path / "in" / "facts.jsonl"
    lines.parent.mkdir()
    lines.write_text(
        "".join(
            json.dumps({"content": f"The {name} service runs on host {i} in Frankfurt"}) + "\n"
            for i, name in enumerate(["Atlas", "Borealis", "Cygnus"])
        )
    )
    notes = tmp_path / "in" / "notes"
    notes.mkdir()
    (notes / "atlas.md").write_text(f"# Atlas\n\n{ATLAS}\n")
    (notes / "boiler.md").write_text("# Boiler\n\nThe boiler is serviced every October by the landlord's plumber\n")
    args = ("import", str(lines), str(notes))
    assert _every_point(template, tmp_path, args, _as_never_killed(tmp_path)) >= 4
    memories, _ = _state(tmp_path / "probe")
    assert len(memories) == 6 and all(embedded for *_, embedded in memories), memories


@pytest.mark.parametrize("decision", ["accept", "dismiss"])
def test_a_review_decision_killed_at_every_point_is_made_once_by_the_rerun(tmp_path, decision):
    template = _home(tmp_path)
    old = json.loads(_run(template, "recent", "--json").stdout)["results"][0]["id"]
    change = _run(template, "capture", SPACES, "--type", "preference", "--supersedes", old, "--json")
    assert change.returncode == 0 and "review item 1" in change.stdout, change.stdout
    assert _run(template, "capture", ATLAS, "--type", "fact").returncode == 0
    assert _every_point(template, tmp_path, ("curate", decision, "1"), _as_never_killed(tmp_path)) >= 1
    memories, items = _state(tmp_path / "probe")
    assert items == [("revision", "accepted" if decision == "accept" else "dismissed", items[0][2])], items
    current = {text for text, status, _ in memories if status == "active"}
    assert (SPACES if decision == "accept" else TABS) in current and ATLAS in current, memories
    shutil.rmtree(tmp_path / "probe")


def test_a_supersede_killed_at_every_point_replaces_the_memory_once(tmp_path):
    template = _home(tmp_path)
    first = _run(template, "capture", ATLAS.replace("Frankfurt", "Dublin"), "--type", "fact", "--json")
    assert first.returncode == 0, first.stderr
    old = json.loads(first.stdout)["id"]
    assert _every_point(template, tmp_path, ("supersede", old, ATLAS), _as_never_killed(tmp_path)) >= 2
    memories, _ = _state(tmp_path / "probe")
    assert (ATLAS, "active", 1) in memories and (ATLAS.replace("Frankfurt", "Dublin"), "superseded", 1) in memories
