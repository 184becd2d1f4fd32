"""The nightly job's hearing again (memory/rehear.py, when a newer quire reads better) hears only what
the import heard as the person's: a note of Tom's, or a chat only Rui wrote, was not the person's at its
import and must not become theirs the night a reading improves. Reproduced: "# Tom" then "Moved to Denver
in May." and a second note of Tom's, "Lives in Chicago.", opened "home: Denver -> Chicago" in the person's
queue at the first hearing again."""

from __future__ import annotations

from pathlib import Path

from memory import rehear, statements
from memory.home import Home
from memory.session import Session
from tests.test_import_lone_sender import _changes


def _rehear(home: Path) -> int | None:
    with Session(Home(home), actor="test") as s:
        return rehear.rehear(s.db, version=statements.READING + 1)


def _toms_notes(folder: Path) -> Path:
    folder.mkdir()
    (folder / "Tom.md").write_text("# Tom\n\nMoved to Denver in May.\n", encoding="utf-8")
    (folder / "Tom again.md").write_text("# Tom\n\nLives in Chicago.\n", encoding="utf-8")
    return folder


def test_a_note_of_someone_stays_theirs_when_the_reading_improves(cli, quire_home, tmp_path):
    done = cli("import", str(_toms_notes(tmp_path / "vault")), "--json")
    assert done.exit_code == 0, done.stderr
    assert _changes(cli) == []
    assert _rehear(quire_home) == 0
    assert _changes(cli) == []


def test_control_the_persons_own_paragraphs_are_heard_again(cli, quire_home, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "journal.md").write_text(
        "We had pasta with the neighbours tonight, a long evening.\n\nThe garden needs new soil this spring.\n",
        encoding="utf-8",
    )
    assert cli("import", str(vault)).exit_code == 0
    assert _rehear(quire_home) == 2


def test_control_a_paragraph_landed_as_a_fact_before_the_note_rule_is_heard(cli, quire_home, tmp_path):
    """The guard is the type the paragraph landed with: before session 47 every paragraph landed a fact."""
    assert cli("import", str(_toms_notes(tmp_path / "vault"))).exit_code == 0
    with Session(Home(quire_home), actor="test") as s, s.db.transaction():
        s.db.execute("UPDATE memories SET memory_type = 'fact' WHERE memory_type = 'note'")
    assert _rehear(quire_home) == 2
    assert [c.split(":")[0] for c in _changes(cli)] == ["home"]  # (Tom's two homes, now the person's)
