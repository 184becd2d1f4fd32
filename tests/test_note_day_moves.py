"""A note's day corrected after it was imported (frontmatter `date:` fixed, a daily note renamed to
the right day's file is a new note and lands as one): re-imported, the memories of its paragraphs move
to the new day in place (their valid_from; the move is in the audit log and the report), since a
day is a fact about when the person wrote, not what; nothing is superseded or duplicated."""

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
