"""Notes that are not named .md: a plain-text note said to be one (`--format markdown`), a folder's .markdown
notes. Before, a journal.txt could not be imported at all (auto: "cannot tell the format" naming only chat
formats; `--format markdown`: "takes a folder of notes or one .md note"), and a vault's .markdown notes were
skipped without a word though one given alone was read."""

from __future__ import annotations

import json

from memory.home import Home
from memory.session import Session

JOURNAL = (
    "Dear diary. I moved to Lisbon last spring and the light is wonderful.\n\n"
    "Work is busy; the ledger migration finally shipped on Friday.\n"
)
PARAGRAPHS = [
    "Dear diary. I moved to Lisbon last spring and the light is wonderful.",
    "Work is busy; the ledger migration finally shipped on Friday.",
]


def stored(home) -> list[str]:
    if not (home / "quire.db").exists():
        return []
    with Session(Home(home)) as s:
        return sorted(str(r[0]) for r in s.db.rows("SELECT content FROM memories WHERE status = 'active'"))


def test_a_text_file_is_no_note_unless_said_and_the_refusal_names_the_flag(cli, tmp_path, quire_home):
    path = tmp_path / "journal.txt"
    path.write_text(JOURNAL, encoding="utf-8")
    out = cli("import", str(path))
    assert out.exit_code == 1 and stored(quire_home) == []
    (line,) = out.stderr.strip().splitlines()
    assert "cannot tell the format" in line and "--format markdown to import it as a note" in line


def test_a_text_file_said_to_be_a_note_lands_as_one_once(cli, tmp_path, quire_home):
    path = tmp_path / "journal.txt"
    path.write_text(JOURNAL, encoding="utf-8")
    out = cli("import", str(path), "--format", "markdown", "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["stored"] == 2
    assert stored(quire_home) == sorted(PARAGRAPHS)  # what was acknowledged reads back identical
    again = cli("import", str(path), "--format", "markdown", "--defer-embed", "--json")
    assert json.loads(again.stdout)["stored"] == 0 and stored(quire_home) == sorted(PARAGRAPHS)


def test_a_text_note_over_the_limit_is_refused_before_it_is_read(cli, tmp_path, quire_home, monkeypatch):
    monkeypatch.setattr("memory.importer.MAX_NOTE_BYTES", 100)
    path = tmp_path / "journal.txt"
    path.write_text(JOURNAL, encoding="utf-8")
    out = cli("import", str(path), "--format", "markdown")
    assert out.exit_code == 1 and stored(quire_home) == []
    assert out.stderr.strip().splitlines() == [
        f"Error: {path} is {len(JOURNAL.encode()):,} bytes, over the 100-byte limit of one note; split it into "
        "several notes, or check the path"
    ]


def test_a_whatsapp_chat_named_txt_is_still_a_chat(cli, tmp_path, quire_home):
    # the control: auto still reads a chat's .txt as the chat it is
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text("12/03/2024, 09:15 - Anna: Hey! How is the new flat in Leeds?\n", encoding="utf-8")
    out = cli("import", str(path), "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["sessions"] == 1


def test_a_folders_markdown_notes_are_read_as_one_alone_is(cli, tmp_path, quire_home):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "a.md").write_text(PARAGRAPHS[0] + "\n", encoding="utf-8")
    (vault / "b.markdown").write_text(PARAGRAPHS[1] + "\n", encoding="utf-8")
    (vault / "c.txt").write_text("A plain text file in a vault is not one of its notes at all.\n", encoding="utf-8")
    out = cli("import", str(vault), "--defer-embed", "--json")
    assert out.exit_code == 0, out.stderr
    assert stored(quire_home) == sorted(PARAGRAPHS)
    only = tmp_path / "only"
    only.mkdir()
    (only / "b.markdown").write_text("The boiler was serviced in March by the usual engineer.\n", encoding="utf-8")
    assert cli("import", str(only), "--defer-embed").exit_code == 0  # (was: "a folder without .md notes")
