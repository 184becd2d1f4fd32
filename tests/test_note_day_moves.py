"""A note read again after it was imported: its day corrected (frontmatter `date:` fixed, a daily
note renamed to the right day's file), the note renamed or moved, a link the vault now reads as an
alias. The memories of its paragraphs take what the note says now in place (their valid_from, their
source, their names; each change in the audit log and the report): a day is a fact about when,
not what; nothing is superseded or duplicated."""

from __future__ import annotations

import json

from memory.session import Session

TAP = "The kitchen tap drips again, the plumber comes on the third at nine."
FRIDGE = "The fridge was defrosted and the seal cleaned with warm vinegar water."


def _write(folder, date: str | None, *paras: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    front = f"---\ndate: {date}\n---\n" if date else ""
    (folder / "House.md").write_text(front + "\n\n".join(paras) + "\n", encoding="utf-8")


def _days(quire_home) -> dict[str, tuple[str, str]]:
    with Session() as s:
        return {r[0]: (r[1][:10], r[2]) for r in s.db.rows("SELECT content, valid_from, status FROM memories")}


def test_a_notes_corrected_date_moves_its_memories_to_the_new_day(cli, cli_json, tmp_path, quire_home):
    notes = tmp_path / "notes"
    _write(notes, "2026-11-02", TAP, FRIDGE)
    assert cli_json("import", str(notes))["stored"] == 2
    _write(notes, "2026-10-02", TAP, FRIDGE)  # the person had typed the wrong month
    again = cli_json("import", str(notes))
    assert (again["stored"], again["duplicates"]) == (0, 2), again
    assert any("House.md" in w and "2026-10-02" in w and "2 memories" in w for w in again["warnings"]), again
    days = _days(quire_home)
    assert days == {TAP: ("2026-10-02", "active"), FRIDGE: ("2026-10-02", "active")}
    with Session() as s:
        moved = s.db.rows("SELECT detail FROM audit_log WHERE action = 'memory_redate'")
        assert len(moved) == 2
        assert {json.loads(d)["before"][:10] for (d,) in moved} == {"2026-11-02"}
    third = cli_json("import", str(notes))
    assert third["stored"] == 0 and not [w for w in third["warnings"] if "House.md" in w]  # nothing moves again
    hits = cli_json("recall", "plumber tap drips")["results"]
    assert hits and hits[0]["valid_from"][:10] == "2026-10-02"


def test_a_date_taken_away_or_a_paragraph_in_another_note_moves_nothing(cli_json, tmp_path, quire_home):
    notes = tmp_path / "notes"
    _write(notes, "2026-11-02", TAP)
    cli_json("import", str(notes))
    _write(notes, None, TAP)  # no day now: not a correction of the day, the memory keeps it
    (notes / "Other.md").write_text(f"---\ndate: 2025-01-01\n---\n{TAP}\n", encoding="utf-8")
    again = cli_json("import", str(notes))
    assert again["stored"] == 0
    assert _days(quire_home)[TAP] == ("2026-11-02", "active")  # the same words in another note: that note's own


def _names(mid_text: str) -> tuple[str, list[str]]:
    with Session() as s:
        [(mid, source)] = s.db.rows(
            "SELECT id, source FROM memories WHERE content = ? AND status = 'active'", (mid_text,)
        )
        names = sorted(
            n
            for (n,) in s.db.rows(
                "SELECT e.name FROM entities e JOIN memory_entities me ON me.entity_id = e.id WHERE me.memory_id = ?",
                (mid,),
            )
        )
    return source, names


FRIEND = "Friend from uni, works as a product designer at Allegro, birthday in March."
JAZZ = "Lunch with [[Anna Kowalska]] at Charlotte, she got promoted to lead designer."


def test_a_renamed_note_is_read_again_where_it_is_and_under_its_new_title(cli_json, tmp_path, quire_home):
    vault = tmp_path / "vault"
    (vault / "People").mkdir(parents=True)
    (vault / "People" / "Anna Kowalska.md").write_text(FRIEND + "\n", encoding="utf-8")
    (vault / "Inbox.md").write_text(JAZZ + "\n", encoding="utf-8")
    cli_json("import", str(vault))
    assert _names(FRIEND) == ("People/Anna Kowalska.md", ["Anna Kowalska"])
    # She married: the note renamed, her old name kept as its alias (so the old links still lead to her).
    (vault / "People" / "Anna Kowalska.md").unlink()
    (vault / "People" / "Anna Nowak.md").write_text(f"---\naliases: [Anna Kowalska]\n---\n{FRIEND}\n", encoding="utf-8")
    again = cli_json("import", str(vault))
    assert (again["stored"], again["duplicates"]) == (0, 2), again
    assert _names(FRIEND) == ("People/Anna Nowak.md", ["Anna Nowak"])
    assert _names(JAZZ) == ("Inbox.md", ["Anna Nowak", "Inbox"])  # the old name's link is her alias now
    said = " ".join(again["warnings"])
    assert "People/Anna Nowak.md: 1 memory stored from it under its old name cites it where it is now" in said, said
    assert "Inbox.md: 1 memory names what its links and title name now" in said, said
    third = cli_json("import", str(vault))
    assert not third["warnings"]  # nothing to read again


def test_a_copied_note_moves_nothing_and_its_original_keeps_its_memories(cli_json, tmp_path, quire_home):
    vault = tmp_path / "vault"
    (vault / "People").mkdir(parents=True)
    (vault / "People" / "Anna Kowalska.md").write_text(FRIEND + "\n", encoding="utf-8")
    cli_json("import", str(vault))
    (vault / "Anna copy.md").write_text(FRIEND + "\n", encoding="utf-8")
    cli_json("import", str(vault))
    assert _names(FRIEND) == ("People/Anna Kowalska.md", ["Anna Kowalska"])


def test_a_daily_note_renamed_to_the_right_day_moves_its_memories_there(cli_json, tmp_path, quire_home):
    daily = tmp_path / "vault" / "Daily"
    daily.mkdir(parents=True)
    (daily / "2026-11-02.md").write_text(f"- {TAP}\n", encoding="utf-8")
    cli_json("import", str(tmp_path / "vault"))
    (daily / "2026-11-02.md").rename(daily / "2026-11-03.md")  # written on the third, filed on the second
    again = cli_json("import", str(tmp_path / "vault"))
    assert again["stored"] == 0
    assert _days(quire_home)[TAP] == ("2026-11-03", "active")
    assert _names(TAP) == ("Daily/2026-11-03.md", [])


def test_a_line_that_named_a_note_by_its_alias_follows_the_note_when_it_is_renamed(cli_json, tmp_path, quire_home):
    vault = tmp_path / "vault"
    (vault / "People").mkdir(parents=True)
    (vault / "People" / "Anna Kowalska.md").write_text(f"---\naliases: [Ania]\n---\n{FRIEND}\n", encoding="utf-8")
    (vault / "Inbox.md").write_text("Lunch with Ania at Charlotte, she got promoted to lead designer.\n")
    cli_json("import", str(vault))
    assert _names("Lunch with Ania at Charlotte, she got promoted to lead designer.")[1] == ["Anna Kowalska", "Inbox"]
    (vault / "People" / "Anna Kowalska.md").rename(vault / "People" / "Anna Nowak.md")
    cli_json("import", str(vault))
    assert _names("Lunch with Ania at Charlotte, she got promoted to lead designer.")[1] == ["Anna Nowak", "Inbox"]


def test_the_same_words_from_another_folders_note_are_not_taken_for_a_rename(cli_json, tmp_path, quire_home):
    """One note imported from its own folder, its words also in a note of a vault imported before:
    that note is not "gone" (it is in another folder), so nothing of it moves."""
    vault = tmp_path / "vault"
    (vault / "Daily").mkdir(parents=True)
    (vault / "Daily" / "2026-11-02.md").write_text(f"- {FRIEND}\n", encoding="utf-8")
    cli_json("import", str(vault))
    (vault / "People").mkdir()
    (vault / "People" / "Anna Kowalska.md").write_text(FRIEND + "\n", encoding="utf-8")
    cli_json("import", str(vault / "People" / "Anna Kowalska.md"))
    assert _names(FRIEND) == ("Daily/2026-11-02.md", [])
    assert _days(quire_home)[FRIEND] == ("2026-11-02", "active")
