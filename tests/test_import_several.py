"""`quire import a.jsonl b.jsonl notes/`: several files or folders import one after the other with one
report, on every route where import exists (CLI, CLI through `quire serve`, the library)."""

from __future__ import annotations

import json

import pytest

import quire
from tests.conftest import run_forked
from tests.test_service import served  # noqa: F401  (the fixture)

A = ["The release train leaves every second Tuesday morning", "The staging database restarts every Sunday at four"]
B = ["Ana leads the storage team and reviews every schema migration"]
NOTE = "# Runbook\n\n- The pager rotation changes hands every Monday at nine sharp\n"


def _inputs(tmp_path):
    a, b, notes = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "notes"
    a.write_text("".join(json.dumps({"content": t}) + "\n" for t in A))
    b.write_text("".join(json.dumps({"content": t}) + "\n" for t in B))
    notes.mkdir()
    (notes / "runbook.md").write_text(NOTE)
    return a, b, notes


def test_several_paths_import_with_one_report_and_again_add_nothing(cli, tmp_path):
    a, b, notes = _inputs(tmp_path)
    out = cli("import", str(a), str(b), str(notes), "--json")
    assert out.exit_code == 0, out.stderr
    report = json.loads(out.stdout)
    assert (report["stored"], report["duplicates"], len(report["ids"])) == (4, 0, 4)
    again = json.loads(cli("import", str(a), str(b), str(notes), "--json").stdout)
    assert (again["stored"], again["duplicates"]) == (0, 4)
    text = cli("import", str(b), str(a))
    assert text.exit_code == 0 and text.stdout.count("imported ") == 1  # one report, not one per file


def test_a_missing_or_empty_path_among_several_imports_none_of_them(cli, cli_json, tmp_path):
    a, _, _ = _inputs(tmp_path)
    missing = cli("import", str(a), str(tmp_path / "nope.jsonl"))
    assert missing.exit_code == 2 and "nope.jsonl does not exist" in missing.stderr  # a usage error (adv27)
    empty = cli("import", str(a), "")
    assert empty.exit_code == 2 and "\n" not in empty.stderr.strip()
    assert cli_json("status")["total"] == 0  # the first file was not imported before the refusal


def test_the_library_and_the_service_take_several_paths_with_the_same_report(cli, tmp_path, quire_home, served):  # noqa: F811
    a, b, notes = _inputs(tmp_path)
    with quire.open() as q:
        first = q.import_path([a, b])
        assert (first.stored, first.duplicates) == (3, 0)
        with pytest.raises(quire.InvalidInput):
            q.import_path([])
    served()
    through = run_forked("import", str(a), str(b), str(notes), "--json", env={"QUIRE_HOME": str(quire_home)})
    assert through.returncode == 0, through.stderr
    report = json.loads(through.stdout)
    assert (report["stored"], report["duplicates"]) == (1, 3)


def test_a_later_path_the_flags_do_not_fit_imports_none_of_them(cli_json, tmp_path):
    """Every path is checked as the one it is (`importer.checked`) before the first is imported: a
    chat's flag on a file of captures, or --format markdown on a file among folders, lands nothing."""
    a, b, notes = _inputs(tmp_path)
    chat = tmp_path / "chat.jsonl"
    chat.write_text(json.dumps({"conversation": "c", "speaker": "Tom", "text": "We fly to Porto in May"}) + "\n")
    with quire.open() as q:
        with pytest.raises(quire.InvalidInput, match="--me applies to a chat export"):
            q.import_path([chat, a], me="Tom")
        with pytest.raises(quire.InvalidInput, match="--format markdown takes a folder of notes"):
            q.import_path([notes, b], format="markdown")
        assert q.import_path([notes], format="markdown").stored == 1  # the control: the folder alone lands
    assert cli_json("status")["total"] == 1
