"""What an Obsidian vault calls its notes: a note's `aliases:` are names of the note's entity (a
link `[[Tomek]]` to an alias of "Tomasz Builder" names Tomasz Builder, and a paragraph that
mentions "Tomek" in so many words lands on his page too), a link by file name names the note's
title, a link to a daily note names no entity, and tags are no entities. Hostile aliases (huge,
empty, NUL, 10,000 of them, numbers, maps) name nothing and cost no paragraph."""

from __future__ import annotations

import re

import pytest

from memory import notes
from memory.home import wiki_dir
from tests.test_import_vault import _memories
from tests.test_synth import add, rebuild


def _people(root, front: str = "aliases: [Tomek, TB]\n") -> None:
    (root / "People").mkdir(parents=True, exist_ok=True)
    (root / "People" / "Tomasz Builder.md").write_text(
        f"---\n{front}---\nBuilder from Mokotów, quotes in pounds and fixes fast.\n", encoding="utf-8"
    )


def _daily(root, *lines: str) -> None:
    (root / "Daily").mkdir(parents=True, exist_ok=True)
    (root / "Daily" / "2026-11-02.md").write_text("".join(f"- {line}\n" for line in lines), encoding="utf-8")


def _entities(session, start: str) -> list[str]:
    return next(v["entities"] for k, v in _memories(session).items() if k.startswith(start))


def test_a_link_to_an_alias_names_the_note_it_is_an_alias_of(session, tmp_path):
    _people(tmp_path / "v")
    _daily(tmp_path / "v", "Lunch with [[Tomek]] about the kitchen tiles.", "[[TB|the builder]] sent the quote.")
    report = session.import_path(tmp_path / "v")
    assert not report.errors and not report.warnings
    assert _entities(session, "Lunch with") == ["Tomasz Builder"]
    assert _entities(session, "[[TB|") == ["Tomasz Builder"]
    names = {n for (n,) in session.db.rows("SELECT name FROM entities")}
    assert "Tomek" not in names and "TB" not in names


def test_a_paragraph_naming_an_alias_in_words_lands_on_the_notes_entity(session, tmp_path):
    _people(tmp_path / "v", "aliases: [Tomek, TB, May]\n")
    _daily(
        tmp_path / "v",
        "Tomek called about the tiles arriving late.",
        "The tomekite mineral is not a person.",  # inside a word: no mention
        "Paid TB for the first stage.",  # two letters: only as a link (too many words are two letters)
        "May the tiles come early, said nobody.",  # a common word ("May", his alias too): only as a link
    )
    session.import_path(tmp_path / "v")
    assert _entities(session, "Tomek called") == ["Tomasz Builder"]
    assert _entities(session, "The tomekite") == []
    assert _entities(session, "Paid TB") == []
    assert _entities(session, "May the tiles") == []


def test_a_link_by_file_name_names_the_notes_title_and_a_daily_note_names_none(session, tmp_path):
    root = tmp_path / "v"
    (root / "People").mkdir(parents=True)
    (root / "People" / "tb.md").write_text("# Tomasz Builder\n\nBuilder from Mokotów.\n", encoding="utf-8")
    _daily(root, "Met the builder")
    (root / "Notes.md").write_text("Call [[tb]] back, as planned on [[2026-11-02]].\n", encoding="utf-8")
    session.import_path(root)
    assert _entities(session, "Call [[tb]]") == ["Notes", "Tomasz Builder"]


def test_an_alias_two_notes_claim_or_a_notes_own_name_is_nobodys_alias(session, tmp_path):
    root = tmp_path / "v"
    _people(root, "aliases: [Tom, Anna Kowalska]\n")
    (root / "People" / "Tom Jones.md").write_text("---\naliases: Tom\n---\nSinger.\n", encoding="utf-8")
    (root / "Anna Kowalska.md").write_text("Friend from uni.\n", encoding="utf-8")
    _daily(root, "Tom rang about [[Tom]] and [[Anna Kowalska]].")
    session.import_path(root)
    assert _entities(session, "Tom rang") == ["Anna Kowalska", "Tom"]


@pytest.mark.parametrize(
    "front",
    [
        "aliases: " + "x" * 5000 + "\n",
        "aliases: ''\n",
        'aliases: ["Tom\\0ek", "\\u200b"]\n',
        "aliases: [" + ", ".join(f"name{n}" for n in range(10_000)) + "]\n",
        "aliases: [2024, true, 3.5, 2026-11-02, null]\n",
        "aliases: {a: {b: [Tomek]}}\n",
        "aliases: [[Tomek, [deeper]], {x: y}]\n",
        "aliases: Tomek\naliases: TB\n",  # a key twice: YAML this reader refuses
    ],
)
def test_hostile_aliases_name_nothing_and_cost_no_paragraph(session, tmp_path, front):
    root = tmp_path / "v"
    _people(root, front)
    _daily(root, "Paid the 2024 invoice to name1 today, on time.")
    report = session.import_path(root)
    assert not report.errors
    got = _memories(session)
    assert _entities(session, "Builder from") == ["Tomasz Builder"]
    assert _entities(session, "Paid the 2024") == []
    assert len(got) == 2
    assert all(len(w) < 300 for w in report.warnings)


def test_ten_thousand_aliases_are_read_as_the_first_hundred_and_said_so(session, tmp_path):
    root = tmp_path / "v"
    _people(root, "aliases: [" + ", ".join(f"Name{n}" for n in range(10_000)) + "]\n")
    _daily(root, "Met [[Name5]] and [[Name500]] at the new site in Wola.")
    report = session.import_path(root)
    assert _entities(session, "Met [[Name5]]") == ["Name500", "Tomasz Builder"]
    assert any("10,000 aliases" in w and "first 100" in w for w in report.warnings)


def test_tags_are_no_entities_and_an_inline_tag_stays_in_its_words(session, tmp_path):
    root = tmp_path / "v"
    (root / "Projects").mkdir(parents=True)
    (root / "Projects" / "Apollo.md").write_text(
        "---\ntags: [project, active]\n---\nThe #apollo launch moved to March #todo.\n\n"
        "The budget is 45,000 zł including the launch party. #budget\n",
        encoding="utf-8",
    )
    session.import_path(root)
    got = _memories(session)
    assert got["The #apollo launch moved to March #todo."]["entities"] == ["Apollo"]
    names = {n for (n,) in session.db.rows("SELECT name FROM entities")}
    assert names == {"Apollo"}
    add(session, "Apollo needs a second rehearsal before the launch in March.", entities=["Apollo"])
    rebuild(session)
    page = (wiki_dir(session.home) / "apollo.md").read_text(encoding="utf-8")
    # The trailing tag files its sentence: one citation after both, not a tag cited on its own.
    assert re.search(r"launch party\. \\?#budget\[\^m\d\]", page), page
    assert "party.[^m" not in page


def test_note_aliases_reads_a_list_or_one_string():
    assert notes.note_aliases("---\naliases: Tomek\n---\nx\n") == (["Tomek"], 0)
    assert notes.note_aliases("---\naliases:\n  - Tomek\n  - ' TB  '\n  - Tomek\n---\n") == (["Tomek", "TB"], 0)
    assert notes.note_aliases("---\nalias: Tomek\n---\n") == (["Tomek"], 0)  # the older key
    assert notes.note_aliases("no frontmatter") == ([], 0)
    # Every scalar is the text as typed (memory/frontmatter.py): "2024" is an alias (a link's), a map is none.
    assert notes.note_aliases("---\naliases: [2024, Tom, {a: b}, [c]]\n---\n") == (["2024", "Tom"], 2)
    assert notes.note_aliases("---\naliases:\n---\n") == ([], 0)


def test_a_vaults_aliases_past_its_bound_are_not_read_and_said_once(session, tmp_path, monkeypatch):
    from memory import importer

    monkeypatch.setattr(importer, "MAX_VAULT_ALIASES", 3)
    root = tmp_path / "v"
    _people(root, "aliases: [Tomek, TB]\n")
    (root / "People" / "Zofia Nowak.md").write_text("---\naliases: [Zosia, ZN]\n---\nNeighbour, keeps bees.\n")
    _daily(root, "Tomek and Zosia met at the allotment gate this morning.")
    report = session.import_path(root)
    assert _entities(session, "Tomek and Zosia") == ["Tomasz Builder"]
    assert [w for w in report.warnings if "not read" in w] == [
        "People/Zofia Nowak.md and the notes after it: their aliases are not read (the vault's first 3 are); "
        "their titles and file names still name them"
    ]
