"""Import leftovers: chats say what the text policy removed as JSONL and notes do, one refused unit
is counted once in the summary, and a single note or a folder given a file's format names the fix."""

from __future__ import annotations

import json

import pytest

from tests.import_formats import FORMATS, write
from tests.test_import_siblings import BOILER, KEYED, SHED


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "chat-jsonl"])
def test_a_chat_import_says_what_it_removed_in_one_line(cli, tmp_path, fmt):
    """NUL in three messages and the title: one warning with the counts (chats removed it silently)."""
    dirty = [
        BOILER.replace("boiler", "boi\x00ler"),
        SHED.replace("shed", "sh\x00ed"),
        "The attic light \x01flickers at night",
    ]
    out = cli("import", str(write(fmt, tmp_path / "in", [("Ho\x00me", dirty)])), "--format", fmt)
    assert out.exit_code == 0, out.stderr
    lines = [w for w in out.stderr.splitlines() if "control character" in w]
    assert len(lines) == 1 and "removed 4 control characters (NUL or similar)" in lines[0], out.stderr
    assert "3 messages" in lines[0] and "1 title" in lines[0]


def test_a_clean_chat_import_warns_nothing(cli, tmp_path):
    """Control."""
    out = cli("import", str(write("chatgpt", tmp_path / "in", [("Home", [BOILER])])), "--format", "chatgpt")
    assert out.exit_code == 0 and "removed" not in out.stderr


@pytest.mark.parametrize("fmt", FORMATS)
def test_one_refused_unit_is_counted_once(cli, tmp_path, fmt):
    path = write(fmt, tmp_path / "in", [("Home", [KEYED, BOILER])])
    out = cli("import", str(path), "--format", fmt)
    assert out.exit_code == 1
    assert "1 rejected, 0 bad units" in out.stdout, out.stdout  # it said "1 rejected, 1 bad units"
    assert json.loads(cli("import", str(path), "--format", fmt, "--json").stdout)["bad_units"] == 0


def test_a_bad_line_is_still_a_bad_unit(cli, tmp_path):
    """Control: a line that is not JSON is a bad unit, not a rejection."""
    path = tmp_path / "c.jsonl"
    path.write_text('{"content": "' + BOILER + '"}\nnot json at all\n')
    out = cli("import", str(path))
    assert out.exit_code == 1 and "0 rejected, 1 bad units" in out.stdout


def test_a_single_note_lands_as_its_folder_would_land_it(cli, cli_json, tmp_path):
    # `quire import note.md` said "cannot tell the format" (then: import the folder). One note lands
    # as its folder's import lands it: importing the folder afterwards adds nothing, and an edit of
    # the note imported alone supersedes, as in a folder.
    folder = write("markdown", tmp_path / "in", [("Home", [BOILER]), ("Shed", [SHED])])
    note = folder / "note-0.md"
    first = cli_json("import", str(note))
    assert first["stored"] == 1, first
    assert cli_json("import", str(folder))["stored"] == 1  # only the other note is new
    note.write_text(note.read_text().replace(BOILER, BOILER.replace("boiler", "old boiler", 1)))
    again = cli_json("import", str(note))
    assert again["stored"] == 1 and again["duplicates"] == 0, again
    assert cli_json("import", str(folder))["stored"] == 0


def test_a_single_note_without_a_paragraph_is_nothing_to_import(cli, tmp_path):
    note = tmp_path / "empty.md"
    note.write_text("# Only a title\n")
    out = cli("import", str(note))
    lines = out.stderr.strip().splitlines()
    assert out.exit_code == 1 and len(lines) == 1 and "the note holds no paragraph" in lines[0], out.stderr


@pytest.mark.parametrize("fmt", ["jsonl", "chatgpt", "claude", "chat-jsonl"])
def test_a_folder_with_a_files_format_is_a_usage_error(cli, tmp_path, fmt):
    folder = write("markdown", tmp_path / "in", [("Home", [BOILER])])
    out = cli("import", str(folder), "--format", fmt)
    lines = out.stderr.strip().splitlines()
    assert out.exit_code == 2 and len(lines) == 1 and "--format markdown" in lines[0], out.stderr
