"""A note in a file of captures is heard as the same note captured alone is.

Before: `quire capture "I moved to Chicago last month..."` after "I live in Boston" opened a review item (home:
Boston -> Chicago), a Markdown note's paragraph in those words too, but `quire import caps.jsonl` holding that
capture stored it and opened nothing ("nothing to review: the queue is empty").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire
from memory import correction, importer
from memory.capture import capture_many
from memory.embed import FakeEmbedder
from memory.models import parse_payload
from tests.conftest import run_quire
from tests.test_capture_heard import BOSTON, CHICAGO, _capture, _changes, _ids
from tests.test_service import served  # noqa: F401  (the fixture)


def _file(tmp_path: Path, *rows: dict, listed: bool = False) -> Path:
    """A file of captures: JSON Lines, or (`listed`) one JSON list written over several lines."""
    if listed:
        path = tmp_path / "caps.json"
        path.write_text(json.dumps(list(rows), indent=2) + "\n", encoding="utf-8")
    else:
        path = tmp_path / "caps.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _import(route: str, quire_home: Path, cli_json, path: Path) -> list[str]:
    """Import `path` by `route` (the report's warnings)."""
    if route == "cli":
        return cli_json("import", str(path))["warnings"]
    with quire.open(quire_home) as q:
        return q.import_path(path).warnings


def _types(quire_home: Path) -> dict[str, str]:
    with quire.open(quire_home) as q:
        return {str(c): str(t) for c, t in q.session.db.rows("SELECT content, memory_type FROM memories")}


def _captured_alone(tmp_path: Path, cli_json) -> list[str]:
    """What `quire capture` of the same note says in a home of its own (its change lines, ids left out)."""
    alone = tmp_path / "alone"
    _capture("library", alone, cli_json, BOSTON, type="identity")
    return _ids(_capture("library", alone, cli_json, CHICAGO))


@pytest.mark.parametrize(
    ("route", "row", "listed"),
    [
        ("library", {"content": CHICAGO}, False),  # the default type
        ("cli", {"content": CHICAGO}, False),
        ("cli", {"content": CHICAGO, "type": "note"}, True),  # said, in a JSON list of captures
    ],
)
def test_a_note_in_a_file_of_captures_opens_the_item_the_note_captured_alone_opens(
    route, row, listed, quire_home, cli_json, tmp_path
):
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    said = _import(route, quire_home, cli_json, _file(tmp_path, row, listed=listed))
    assert _changes(quire_home) == [(BOSTON, CHICAGO)]
    changed = [w for w in _ids(said) if "changes" in w]
    assert changed and set(changed) <= set(_captured_alone(tmp_path, cli_json)), said


def test_the_service_route_hears_the_file_too(served, quire_home, cli_json, tmp_path):  # noqa: F811
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    path = _file(tmp_path, {"content": CHICAGO})
    s = served()
    before = s.requests()
    done = run_quire("import", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert s.requests() == before + 1  # (through the service, not in this process)
    said = json.loads(done.stdout)["warnings"]
    assert any("review item" in w for w in said), said
    assert _changes(quire_home) == [(BOSTON, CHICAGO)]


def test_a_file_of_captures_on_a_server_home_is_heard(store, quire_home, cli_json, tmp_path):
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    said = _import("library", quire_home, cli_json, _file(tmp_path, {"content": CHICAGO}))
    assert _changes(quire_home) == [(BOSTON, CHICAGO)] and any("review item" in w for w in said), said


@pytest.mark.parametrize(
    "control",
    [
        "My sister moved to Denver last month with her husband",  # someone else's move
        "We might move to Denver next year, still deciding",  # a plan, not a change
    ],
)
def test_a_note_in_a_file_that_states_no_change_of_the_persons_life_opens_nothing(
    control, quire_home, cli_json, tmp_path
):
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    said = _import("cli", quire_home, cli_json, _file(tmp_path, {"content": control}))
    assert _changes(quire_home) == [] and not [w for w in said if "changes" in w], said


def test_a_typed_capture_in_a_file_keeps_the_contradiction_check_it_had(quire_home, cli_json, tmp_path):
    """A `fact` in the file is not heard: it lands as `capture_many` lands it (the path imports took before)."""
    row = {"content": CHICAGO, "type": "fact"}
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    _import("cli", quire_home, cli_json, _file(tmp_path, row))
    before = tmp_path / "before"
    _capture("library", before, cli_json, BOSTON, type="identity")
    with quire.open(before) as q:
        capture_many(q.session.db, [parse_payload(row)], embedder=FakeEmbedder, actor="import")
    assert _changes(quire_home) == _changes(before) and _types(quire_home) == _types(before)
    assert _types(quire_home)[CHICAGO] == "fact"  # (heard, it would be typed as the home it states)


def test_a_file_imported_twice_opens_one_item_and_hears_nothing_twice(quire_home, cli_json, tmp_path, monkeypatch):
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    path = _file(tmp_path, {"content": CHICAGO}, {"content": "Walked the dog along the lake shore this morning"})
    first = _import("cli", quire_home, cli_json, path)
    heard: list[list[tuple[str, str]]] = []
    real = correction.heard
    monkeypatch.setattr(correction, "heard", lambda db, turns, **kw: heard.append(turns) or real(db, turns, **kw))
    again = _import("cli", quire_home, cli_json, path)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)]
    assert any("review item" in w for w in first) and not any("review item" in w for w in again), again
    assert heard == []  # the second run's duplicates are left as the first run heard them


def test_a_killed_import_hears_at_its_rerun_the_notes_it_stored_unheard(quire_home, cli_json, tmp_path, monkeypatch):
    """Killed after a batch landed and before it was heard: the re-run finds the notes imported, still
    untouched, and hears them then, once; a run after that hears nothing."""
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    path = _file(tmp_path, {"content": CHICAGO})

    def killed(*_args, **_kw):
        raise KeyboardInterrupt  # (the failpoint test in tests/test_import_s44.py kills a real process)

    with monkeypatch.context() as m:
        m.setattr(importer.correction, "heard", killed)
        with pytest.raises(KeyboardInterrupt):
            _import("library", quire_home, cli_json, path)
    assert _changes(quire_home) == [] and CHICAGO in _types(quire_home)  # stored, never heard
    said = _import("library", quire_home, cli_json, path)
    assert _changes(quire_home) == [(BOSTON, CHICAGO)] and any("review item" in w for w in said), said
    again = _import("library", quire_home, cli_json, path)  # (the control: heard once, not twice)
    assert not any("review item" in w for w in again), again


def test_a_friends_chat_turn_exported_and_imported_into_another_home_is_not_the_persons_move(
    quire_home, cli, cli_json, tmp_path, monkeypatch
):
    """`quire export` writes each chat turn as a note naming where it was said ("Ana #0"): a friend's "I moved
    to Lisbon" moved into another home is not the person's move. (The near-miss: the same words captured by
    the person in a file, no source named, open the item: the first test.)"""
    chat = tmp_path / "WhatsApp Chat with Ana.txt"
    chat.write_text(
        "12/01/2024, 09:00 - Ana: I moved to Lisbon last month, new flat near the river\n"
        "12/01/2024, 09:05 - Sam: Wow that is great news, congratulations on the move\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "phone"))
    cli_json("import", str(chat))
    exported = cli("export")
    assert exported.exit_code == 0, exported.stderr
    lines = tmp_path / "moved.jsonl"
    lines.write_text(exported.stdout, encoding="utf-8")
    assert '"source": "Ana #0"' in exported.stdout  # (the shape this control stands on)
    monkeypatch.setenv("QUIRE_HOME", str(quire_home))
    _capture("library", quire_home, cli_json, BOSTON, type="identity")
    said = _import("cli", quire_home, cli_json, lines)
    assert _changes(quire_home) == [] and not [w for w in said if "changes" in w], said
