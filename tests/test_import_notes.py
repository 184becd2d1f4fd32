"""A folder of Markdown notes is imported in bounded batches, as it is read.

What a person relies on: a big vault does not need memory in proportion to its size, a killed
import keeps every batch it acknowledged, and running it again adds the rest and nothing twice.
"""

from __future__ import annotations

import json
import os
import random
import textwrap

import pytest

import quire
from memory import importer
from tests.conftest import run_code_forked
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point


def _vault(folder, notes: int, *, seed: int = 7) -> int:
    """`notes` notes of two bullets each in 20 sub-folders (and a hidden folder that is skipped);
    returns the bullets written."""
    rng = random.Random(seed)
    vocab = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 9))) for _ in range(4000)]
    for i in range(notes):
        sub = folder / f"topic-{i % 20}"
        sub.mkdir(parents=True, exist_ok=True)
        bullets = "\n".join("- " + " ".join(rng.choice(vocab) for _ in range(12)) for _ in range(2))
        (sub / f"note-{i}.md").write_text(f"# {rng.choice(vocab)} {i}\n\n{bullets}\n", encoding="utf-8")
    hidden = folder / ".obsidian"
    hidden.mkdir(exist_ok=True)
    (hidden / "workspace.md").write_text("- settings of the editor, never a note to import at all\n")
    return 2 * notes


def test_notes_are_stored_batch_by_batch_as_they_are_read(session, tmp_path):
    notes = tmp_path / "vault"
    _vault(notes, 400)
    seen: list[tuple[int, int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total, session.db.scalar("SELECT count(*) FROM memories")))

    report = session.import_path(notes, defer_embed=True, progress=progress)
    assert report.stored == 800 and not report.errors
    first_done, total, stored_then = seen[0]
    assert total == 400  # notes, counted before the first is read (the hidden folder left out)
    # The first batch was stored when about a third of the notes had been read, not after all of them.
    assert stored_then == importer.BATCH and first_done <= importer.BATCH // 2 + 1
    assert seen[-1][:2] == (400, 400) and [d for d, _, _ in seen] == sorted(d for d, _, _ in seen)


def _transient_peak(tmp_path, notes: int) -> float:
    """MB allocated by Python during the import beyond what is still held after it (caches that
    stay are not counted: the rules' patterns are made before), in a process of its own (forked from
    the tests' fork server: its modules imported, as a long-running quire has them)."""
    folder = tmp_path / f"vault-{notes}"
    _vault(folder, notes)
    code = textwrap.dedent(
        f"""
        import os, tracemalloc
        os.environ["QUIRE_HOME"] = {str(tmp_path / f"home-{notes}")!r}
        from memory.session import Session
        s = Session(actor="test")
        s.db
        # the life rules' patterns and needles, made at their first read and kept: made before the count
        from tests.zygote import warm
        warm()
        tracemalloc.start()
        report = s.import_path({str(folder)!r}, defer_embed=True)
        now, peak = tracemalloc.get_traced_memory()
        print(report.stored, (peak - now) / 1e6)
        """
    )
    out = run_code_forked(code, env=dict(os.environ), timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    stored, transient = out.stdout.split()
    assert int(stored) == 2 * notes
    return float(transient)


def test_memory_for_a_folder_of_notes_does_not_grow_with_the_folder(tmp_path):
    small, big = _transient_peak(tmp_path, 150), _transient_peak(tmp_path, 600)
    # Every unit held at once would be ~1.5 KB each (0.5 MB against 1.8 MB); one batch is the same at both.
    assert big < 8 and big < small * 1.3 + 0.2, (small, big)


def test_a_killed_notes_import_keeps_what_it_stored_and_a_rerun_adds_the_rest_once(tmp_path, quire_home):
    notes = tmp_path / "vault"
    bullets = _vault(notes, 700)
    assert run_quire("status").returncode == 0  # the home exists: the commits counted are the import's
    trace = tmp_path / "trace"
    whole = run_quire("import", str(notes), "--defer-embed", "--json", env={"QUIRE_FAILPOINT_TRACE": str(trace)})
    assert whole.returncode == 0 and json.loads(whole.stdout)["stored"] == bullets
    commits = sum(1 for line in trace.read_text().splitlines() if line.split()[1] == "commit.after")
    fresh = tmp_path / "home2"
    env = {"QUIRE_HOME": str(fresh)}
    assert run_quire("status", env=env).returncode == 0
    killed = run_quire(
        "import", str(notes), "--defer-embed", env={**env, "QUIRE_FAILPOINT": f"commit.after:{commits // 2}"}
    )
    assert killed.returncode == 137
    kept = json.loads(run_quire("status", "--json", env=env).stdout)["total"]
    assert 0 < kept < bullets
    again = run_quire("import", str(notes), "--defer-embed", "--json", env=env)
    data = json.loads(again.stdout)
    assert again.returncode == 0 and data["stored"] == bullets - kept and data["duplicates"] == kept
    assert json.loads(run_quire("status", "--json", env=env).stdout)["total"] == bullets


def test_odd_notes_each_cost_only_themselves_and_every_error_is_one_line(cli, tmp_path):
    notes = tmp_path / "notes"
    (notes / "sub").mkdir(parents=True)
    (notes / "a.md").write_text("The boat is kept at the north pier over the winter months.\n")
    (notes / "sub" / "b.md").write_text("The spare bike lock code is written in the red notebook.\n")
    os.symlink(notes, notes / "sub" / "loop")  # a loop back up: not followed
    os.symlink(notes / "nowhere.md", notes / "dangling.md")
    os.mkfifo(notes / "pipe.md")  # reading it would block forever
    (notes / "empty.md").write_bytes(b"")
    (notes / "nul.md").write_bytes(b"The garden tap \x00 leaks when the pressure is high in summer.\n")
    (notes / "bad\nname\x1b[2J.md").write_bytes(b"The caf\xe9 on the corner opens at seven every weekday.\n")
    (notes / "new\nline.md").write_text("The hallway light switch is behind the coat rack by the door.\n")
    result = cli("import", str(notes), "--defer-embed", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["stored"] == 4, data
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 3 and len(data["errors"]) == 3, result.stderr
    assert any(line.startswith("error: bad\\nname\\x1b[2J.md: not UTF-8") for line in errors), errors
    assert all("\x1b" not in e and "\n" not in e for e in data["errors"] + data["warnings"])
    again = cli("import", str(notes), "--defer-embed", "--json")
    assert json.loads(again.stdout)["stored"] == 0


@pytest.mark.parametrize(
    ("head", "says"),
    [
        ("---\ntitle: !!timestamp 2024-02-30\n---\n", "frontmatter holds a date that is not one (day is out of range"),
        ("---\ntitle: " + "Boiler " * 30 + "\n---\n", "the note's title is longer than 120 characters"),
        ("# " + "Boiler " * 30 + "\n", "the note's title is longer than 120 characters"),
    ],
)
def test_a_note_with_an_impossible_date_or_a_long_title_still_lands_with_a_warning(
    cli, quire_home, tmp_path, head, says
):
    # Before: `title: 2024-02-30` was a ValueError traceback that stopped the whole import (YAML
    # reads it as a date), and a title past an entity name's 120 characters refused every paragraph.
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "boiler.md").write_text(head + "\nThe boiler service is due in May every single year.\n")
    (notes / "shed.md").write_text("The garden shed roof needs new felt before the winter comes.\n")
    with quire.open(quire_home) as q:
        report = q.import_path(notes)
        assert report.stored == 2 and report.errors == [], report
        assert any(says in w for w in report.warnings), report.warnings
    again = cli("import", str(notes), "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["stored"] == 0, again.stderr


@pytest.mark.parametrize(
    ("written", "title"),
    [
        ("yes", "yes"),
        ("no", "no"),
        ("on", "on"),
        ("2024-01-01", None),  # a daily note: its day is its date, no entity (tests/test_import_vault.py)
        ("2024-02-30", "2024-02-30"),
        ("1.0", "1.0"),
        ("1.10", "1.10"),
        ("0x1F", "0x1F"),
        ("null", "null"),
        ("~", "~"),
        ('"yes"', "yes"),
        ("Boiler room", "Boiler room"),
    ],
)
def test_a_notes_frontmatter_is_kept_as_the_person_wrote_it(quire_home, tmp_path, written, title):
    # Before: YAML 1.1 read `title: yes` as True (the note's entity "True"), `1.10` as 1.1, `0x1F`
    # as 31, `~` and `null` as no title (the file name instead), and `2024-02-30` as a date that is
    # not one (a warning, the file name). A person's title, tags and aliases are the text they typed.
    from memory import frontmatter

    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "boiler.md").write_text(
        f"---\ntitle: {written}\ntags: [yes, no, 1.50]\naliases: on\n---\n\n"
        "The boiler service is due in May every single year.\n"
    )
    with quire.open(quire_home) as q:
        report = q.import_path(notes)
        assert report.stored == 1 and report.errors == [] and report.warnings == [], report
        [hit] = q.recall("boiler service", detail=True).results
        assert q.show(hit.id).entities == ([title] if title else [])
    front = frontmatter.read((notes / "boiler.md").read_text())
    assert front.texts("tags") == ["yes", "no", "1.50"] and front.texts("aliases") == ["on"]


def test_quires_own_vault_is_never_read_back_as_notes(cli, cli_json, quire_home, tmp_path):
    # Before: a person's notes folder that holds quire's vault (wiki_dir = "~/Notes/quire"), or the
    # vault itself, imported every page line as a new memory (the "[^m1]" marker defeats the
    # duplicate check) and the footnotes block as one more: each memory stored twice, from its page.
    notes = tmp_path / "Notes"
    (notes / "trips").mkdir(parents=True)
    (notes / "trips" / "lisbon.md").write_text("- The Lisbon offsite is in the old tram depot this year\n")
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(f'wiki_dir = "{notes / "quire"}"\n')
    for text in ("The garden shed was painted green last summer", "Marisol runs the planning offsite every year"):
        assert cli("capture", text).exit_code == 0
    assert cli_json("rebuild")["written"] >= 1 and any((notes / "quire").glob("*.md"))
    result = cli("import", str(notes), "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["stored"] == 1 and any("skipped quire's own folders" in w for w in report["warnings"])
    assert cli_json("status")["total"] == 3
    assert cli("capture", "Marisol moved the planning offsite to Porto this year").exit_code == 0
    assert cli_json("rebuild")["written"] >= 1
    snapshot = next((quire_home / "snapshots").glob("*/files/*.md")).parent  # copies rollback puts back
    for own in (notes / "quire", notes / "quire" / "notes.md", quire_home, snapshot):
        refused = cli("import", str(own))
        assert refused.exit_code == 1 and refused.stderr.count("\n") == 1, refused.stderr
        assert "is quire's own vault or a copy of it" in refused.stderr or "without .md notes" in refused.stderr
    assert cli_json("status")["total"] == 4


def test_a_note_named_about_me_leaves_the_about_me_page_its_name(cli, quire_home, tmp_path):
    """A note "About me.md" names an entity "About me": its page took about-me.md and the title, and
    the person's own About me (the Now section, what they are) became "About me (2)"."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "About me.md").write_text(
        "# About me\n\nI keep bees on the roof of the studio in summer.\n\n"
        "I write a newsletter about small gardens every Sunday.\n"
    )
    assert cli("import", str(notes)).exit_code == 0
    for said in ("I live in Vienna and love the coffee houses here.", "I work at Kestrel Labs as a data engineer."):
        assert cli("capture", said, "--type", "identity").exit_code == 0
    assert cli("rebuild").exit_code == 0
    page = (quire_home / "wiki" / "about-me.md").read_text()
    assert 'title: "About me"' in page and "kind: notes" in page and "## Now" in page, page
    others = [p.read_text() for p in (quire_home / "wiki").glob("about-me-*.md")]
    assert any("I keep bees on the roof" in text for text in others)
