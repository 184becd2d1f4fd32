"""A person's edit of a page is carried into the machine's next rendering of it (a three-way merge)
instead of the choice between the machine's page (the edit gone) and the person's (the new facts
left out)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory import review
from tests.test_synth import add, rebuild
from wiki import pages, resolve
from wiki.merge import merge

LEAD = "Postgres replica number 0 streams changes from the primary server."
NOTE = "My own note: failover drills run on the first Monday of the quarter."
PATRONI = "Postgres failover is handled by Patroni with a two node quorum."
VACUUM = "Postgres vacuum runs with aggressive settings on the events table."


def _page(session):
    for i in range(2):
        add(session, f"Postgres replica number {i} streams changes from the primary server.", entities=["Postgres"])
    rebuild(session)
    return session.wiki_dir / "postgres.md"


def _noted(path, *, crlf: bool = False) -> str:
    """The page with the person's note as its own paragraph under the lead (right where a rebuilt
    lead paragraph changes too)."""
    text = path.read_text().replace("\n## ", f"\n{NOTE}\n\n## ", 1)
    path.write_bytes((text.replace("\n", "\r\n") if crlf else text).encode())
    return text


def _proposed(session, db):
    """The page with the person's note, a new fact rebuilt: (its path, the proposal)."""
    path = _page(session)
    _noted(path)
    add(session, PATRONI, entities=["Postgres"])
    rebuild(session)
    return path, _proposal(db)


def _proposal(db):
    page = pages.get(db, "postgres")
    items = [i for i in review.open_items(db, kind="page_revision") if page.id in i.subject_ids]
    assert len(items) == 1, items
    return items[0]


def test_a_new_fact_comes_into_a_page_the_person_edited_and_their_edit_stays(session, db):
    path = _page(session)
    _noted(path)
    add(session, PATRONI, entities=["Postgres"])
    assert rebuild(session).revisions == 1
    item = _proposal(db)
    assert item.payload["merged"] and NOTE in item.payload["new"] and "Patroni" in item.payload["new"]
    assert "Patroni" in item.payload["machine"] and NOTE not in item.payload["machine"]
    assert "<<<<<<<" not in item.payload["new"] and "=======" not in item.payload["new"]
    assert resolve.accept(session, item.id).changed
    text = path.read_text()
    assert NOTE in text and "Patroni" in text and pages.get(db, "postgres").owner == "human"
    # the next change is merged into the page as it now is: the base is the machine's text of the
    # accepted proposal, so the note and the first new fact stay and nothing is doubled
    add(session, VACUUM, entities=["Postgres"])
    assert rebuild(session).revisions == 1
    resolve.accept(session, _proposal(db).id)
    text = path.read_text()
    assert NOTE in text and "vacuum" in text and text.count(f"- {PATRONI}[^") == 1, text


def test_the_machines_own_page_is_a_choice_and_the_edit_stays_in_history(session, db):
    path, item = _proposed(session, db)
    resolve.accept(session, item.id, choice="machine")
    text = path.read_text()
    assert NOTE not in text and "Patroni" in text and pages.get(db, "postgres").owner == "machine"
    bodies = [r[0] for r in db.rows("SELECT body FROM page_history WHERE page_id = ?", (item.payload["page_id"],))]
    assert any(NOTE in b for b in bodies)


def test_an_edit_made_after_the_proposal_is_carried_in_when_it_is_accepted(session, db):
    path, _ = _proposed(session, db)
    later = "A second note written after the proposal was queued."
    path.write_text(path.read_text() + f"\n{later}\n")
    resolve.accept(session, _proposal(db).id)
    text = path.read_text()
    assert later in text and NOTE in text and "Patroni" in text


def test_a_crlf_page_keeps_its_line_ends_and_a_removed_line_stays_removed(session, db):
    path = _page(session)
    text = _noted(path)
    dropped = next(line for line in text.splitlines() if line.startswith("- Postgres replica number 1"))
    path.write_bytes(text.replace(dropped + "\n", "").replace("\n", "\r\n").encode())  # an editor on Windows
    add(session, PATRONI, entities=["Postgres"])
    rebuild(session)
    resolve.accept(session, _proposal(db).id)
    written = path.read_bytes()
    assert b"\r\n" in written and b"\n" not in written.replace(b"\r\n", b"")
    assert NOTE.encode() in written and b"Patroni" in written and dropped.encode() not in written


def test_a_page_nobody_edited_is_still_written_by_the_machine(session, db):
    """Control: no hand edit, no proposal: the rebuild writes the page itself."""
    path = _page(session)
    add(session, PATRONI, entities=["Postgres"])
    assert rebuild(session).revisions == 0 and "Patroni" in path.read_text()


def test_other_choices_on_a_page_revision_name_the_fix(session, db):
    path, item = _proposed(session, db)
    for choice in ("keep_old", "keep_both"):
        try:
            resolve.accept(session, item.id, choice=choice)
        except Exception as exc:  # InvalidInput, the one line a person reads
            assert "quire curate dismiss" in str(exc) and "--choice machine" in str(exc)
        else:
            raise AssertionError(f"{choice} was taken for a page revision")
    assert _proposal(db).is_open and NOTE in path.read_text()


# -- the merge itself ----------------------------------------------------------------------------


def test_the_merge_takes_each_side_where_only_one_changed():
    base = "a\nb\nc\nd\ne\n"
    assert merge(base, base, "a\nb2\nc\nd\ne\n").text == "a\nb2\nc\nd\ne\n"
    assert not merge(base, base, "a\nb2\nc\nd\ne\n").kept
    mine = "a\nb\nc\nmine\nd\ne\n"
    done = merge(base, mine, "a\nB\nc\nd\ne\nnew\n")
    assert done.text == "a\nB\nc\nmine\nd\ne\nnew\n" and done.kept and done.overlaps == 0


def test_an_overlap_keeps_the_machines_new_lines_and_the_persons_own():
    base = "# t\n\nlead\n\n## Facts\n"
    mine = "# t\n\nlead\n\nmy note\n\n## Facts\n"
    theirs = "# t\n\nnew lead\n\n## Facts\n- fact\n"
    done = merge(base, mine, theirs)
    assert done.overlaps >= 0 and "new lead\n" in done.text and "my note\n" in done.text
    assert "lead\n" not in done.text.replace("new lead\n", "") and done.text.endswith("## Facts\n- fact\n")


def test_a_word_the_person_fixed_in_a_line_the_machine_renumbered_is_one_line_with_both():
    """The person fixed a typo in a fact; a new, older fact moved every citation up by one: the page
    gets the fixed word with the new citation, not the old line beside the person's."""
    base = "## Facts\n\n- runs on PostgreSQL 16[^m1]\n- deploys after the advisory bord meets[^m2]\n"
    mine = base.replace("bord", "board")
    theirs = (
        "## Facts\n\n- first written in Go[^m1]\n- runs on PostgreSQL 16[^m2]\n"
        "- deploys after the advisory bord meets[^m3]\n"
    )
    done = merge(base, mine, theirs)
    assert done.text == theirs.replace("bord meets[^m3]", "board meets[^m3]") and done.kept
    # both changed the same word: no guess, the person's line comes after the machine's
    clash = merge(base, mine, theirs.replace("bord", "panel"))
    assert "panel meets[^m3]" in clash.text and "board meets[^m2]" in clash.text


# Short lines of a small alphabet: no two distinct ones are alike enough to be merged as one line.
LINES = st.lists(st.sampled_from(["a", "b", "c", "d", "", "note", "x y"]), max_size=12)


@settings(max_examples=200, deadline=None)
@given(base=LINES, mine=LINES, theirs=LINES)
def test_a_merge_never_leaves_markers_and_never_loses_a_line_the_person_wrote(base, mine, theirs):
    b, m, t = ("".join(f"{line}\n" for line in lines) for lines in (base, mine, theirs))
    done = merge(b, m, t).text
    out = done.splitlines()
    assert not any(line.startswith(("<<<<<<<", ">>>>>>>")) for line in out)
    assert set(out) <= set(mine) | set(theirs)
    assert all(line in out for line in mine if line.strip() and line not in base)
    if m == b:
        assert done == t
    if t == b:
        assert done == m


def test_a_huge_page_is_not_merged_and_gets_the_machines_text_as_before():
    huge = "".join(f"line {i}\n" for i in range(25_000))
    done = merge(huge, huge + "mine\n", "machine\n")
    assert done.text == "machine\n" and not done.kept
