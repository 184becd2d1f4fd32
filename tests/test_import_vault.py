"""A person's Obsidian vault (or any folder of Markdown notes) imported as it is written.

What a person relies on: a daily note's lines are about its day (not the day of the import), a day
is no page of its own, the names they linked (`[[Anna Kowalska]]`) are the entities of what they
wrote, the template folder is no notes, and the wiki reads their links as words, never as escaped
brackets. A link no entity could be never costs the paragraph it is in.
"""

from __future__ import annotations

import json

import pytest

from memory import notes, review
from memory.home import wiki_dir
from tests.test_synth import rebuild


def _memories(session) -> dict[str, dict]:
    """Stored text -> its row (valid_from's day) and its entities."""
    rows = session.db.dicts("SELECT id, content, valid_from FROM memories WHERE status = 'active'")
    out = {}
    for row in rows:
        names = session.db.rows(
            "SELECT e.name FROM entities e JOIN memory_entities me ON me.entity_id = e.id WHERE me.memory_id = ?",
            (row["id"],),
        )
        out[row["content"]] = {"day": (row["valid_from"] or "")[:10], "entities": sorted(n for (n,) in names)}
    return out


def _vault(root):
    (root / ".obsidian").mkdir(parents=True)
    (root / ".obsidian" / "templates.json").write_text(json.dumps({"folder": "Templates"}))
    (root / "Daily").mkdir()
    (root / "Daily" / "2026-11-02.md").write_text(
        "# 2026-11-02\n\n- Met [[Anna Kowalska]] for coffee at Café Zielony, she starts at Allegro soon.\n"
        "- Ran the charity 5k in 26:40 this morning, a new personal best!\n",
        encoding="utf-8",
    )
    (root / "Daily" / "2026-11-20.md").write_text(  # no heading: the file name is the day
        "Moved my gym membership to the Mokotów branch, near the new flat. ![[attachments/run.png]]\n",
        encoding="utf-8",
    )
    (root / "Projects").mkdir()
    (root / "Projects" / "Kitchen.md").write_text(
        "---\ndate: 2026-10-01\n---\n# Kitchen renovation\n\n"
        "We chose oak worktops over quartz for the budget, says [[People/Tomasz Builder|Tomek]].\n",
        encoding="utf-8",
    )
    (root / "Templates").mkdir()
    (root / "Templates" / "Daily template.md").write_text(
        "# {{date}}\n\n- what went well today and what I would change about it\n", encoding="utf-8"
    )
    (root / "Anna Kowalska.md").write_text(
        "Friend from uni, birthday on the fourteenth of March, loves jazz.\n", encoding="utf-8"
    )


def test_a_vault_lands_with_its_days_links_and_no_templates(session, tmp_path):
    _vault(tmp_path / "vault")
    report = session.import_path(tmp_path / "vault")
    assert not report.errors
    assert any("template folder Templates" in w for w in report.warnings)
    got = _memories(session)
    assert not [text for text in got if "what went well today" in text]  # the template is no note
    met = got["Met [[Anna Kowalska]] for coffee at Café Zielony, she starts at Allegro soon."]
    assert met == {"day": "2026-11-02", "entities": ["Anna Kowalska"]}  # the day is no entity
    run = got["Ran the charity 5k in 26:40 this morning, a new personal best!"]
    assert run == {"day": "2026-11-02", "entities": []}
    gym = next(v for k, v in got.items() if k.startswith("Moved my gym"))
    assert gym == {"day": "2026-11-20", "entities": []}  # the file name gives the day; the embed names nothing
    kitchen = next(v for k, v in got.items() if k.startswith("We chose oak"))
    assert kitchen == {"day": "2026-10-01", "entities": ["Kitchen renovation", "Tomasz Builder"]}
    anna = next(v for k, v in got.items() if k.startswith("Friend from uni"))
    assert anna["entities"] == ["Anna Kowalska"]  # the note's own title: one entity with the link to it


def test_the_wiki_reads_a_notes_links_as_words(session, tmp_path):
    _vault(tmp_path / "vault")
    session.import_path(tmp_path / "vault")
    rebuild(session)
    page = (wiki_dir(session.home) / "anna-kowalska.md").read_text(encoding="utf-8")
    assert "Met Anna Kowalska for coffee" in page or "Met [[anna-kowalska|Anna Kowalska]]" in page
    assert "\\[\\[" not in page and "Friend from uni" in page
    every = "\n".join(p.read_text(encoding="utf-8") for p in wiki_dir(session.home).glob("*.md"))
    assert "run.png" not in every and "] [^" not in every  # an embed is gone, with no marker left alone


@pytest.mark.parametrize(
    ("front", "stem", "day"),
    [
        ("---\ndate: 2025-03-04\n---\n", "2026-11-02", "2025-03-04"),  # the frontmatter wins
        ("---\ncreated: 2025-03-04T10:20:00\n---\n", "notes", "2025-03-04"),
        ("---\ndate: 2026-02-30\n---\n", "2026-11-02", "2026-11-02"),  # no such day: the file name's
        ("", "2026_11_02", "2026-11-02"),
        ("", "20261102", "2026-11-02"),
        ("", "2026-11-02 Monday", "2026-11-02"),
        ("", "2026-13-02", None),
        ("", "0001-01-01", None),  # before any day a memory may have: the paragraph lands undated
        ("---\ndate: 0999-12-31\n---\n", "2026-11-02", "2026-11-02"),
        ("", "2026-11-023", None),
        ("", "Meeting notes", None),
        ("---\ndate: [1, 2]\n---\n", "Meeting notes", None),
        ("---\ndate: {a: 1}\n---\n", "Meeting notes", None),
    ],
)
def test_the_day_a_note_is_about(front, stem, day):
    assert notes.note_day(front + "Some words about the day that was.\n", stem) == day


@pytest.mark.parametrize(
    ("title", "day"),
    [
        ("2026-11-02", True),
        ("2026 11 02", True),
        ("2026-11-02 Monday", True),
        ("0001-01-01", True),  # a day, if not one a memory may be valid from
        ("2026-11-02 team offsite plan", False),
        ("2026-02-30", False),
    ],
)
def test_a_day_is_no_entity_but_a_day_with_a_subject_is(title, day):
    assert notes.is_day(title) is day


def test_links_a_person_made_and_what_they_show():
    text = (
        "Met [[Anna Kowalska]] and [[People/Tomasz Builder#Work|Tomek]], see [[scan.pdf]], "
        "![[photo.png]], [[Anna Kowalska|Ania]] again, [[Plans.md]] and [[]] and [[x^block]]."
    )
    assert notes.links(text) == ["Anna Kowalska", "Tomasz Builder", "Plans", "x"]
    assert notes.shown(text) == "Met Anna Kowalska and Tomek, see scan.pdf, , Ania again, Plans.md and  and x."


def test_a_link_no_entity_could_be_never_costs_its_paragraph(session, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    long_name = "x" * 500
    many = " ".join(f"[[Person {i}]]" for i in range(60))
    (vault / "odd.md").write_text(
        f"- The call went well with [[{long_name}]] and the whole team today.\n"
        f"- Everyone came to the party at the lake house: {many}\n"
        "- We talked with [[Ann\x01a]] about the plan for the winter trip.\n",
        encoding="utf-8",
    )
    report = session.import_path(vault)
    assert report.stored == 3 and not report.errors, report.errors
    got = _memories(session)
    call = next(v for k, v in got.items() if k.startswith("The call went well"))
    assert call["entities"] == ["odd"]  # the 500-character link names nothing; the paragraph stays
    party = next(v for k, v in got.items() if k.startswith("Everyone came"))
    assert len(party["entities"]) == 32 and "odd" in party["entities"]  # as many names as a capture may give
    talk = next(v for k, v in got.items() if k.startswith("We talked with"))
    assert talk["entities"] == ["odd"]


def test_a_note_dated_out_of_range_still_lands(session, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "0001-01-01.md").write_text("- The oldest family letter we found was written by great grandpa.\n")
    (vault / "2099-01-01.md").write_text("- Plan the garden beds for the spring planting season carefully.\n")
    report = session.import_path(vault)
    assert report.stored == 2 and not report.errors, report.errors
    assert {v["day"] for v in _memories(session).values()} >= {"2099-01-01"}


def test_a_title_or_link_of_invisible_characters_names_nothing_and_costs_nothing(session, tmp_path):
    """adv15: a heading of only zero-width or bidi characters cost the note every paragraph (each
    refused for an empty entity name); the file name is its title then."""
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "boiler.md").write_text("# \u200b\u202e\n\n- The boiler service is due in May every single year.\n")
    (vault / "garden.md").write_text('---\ntitle: "\u200b"\n---\n- The garden needs watering twice a week.\n')
    (vault / "trip.md").write_text("- We talked with [[\u200b\u2066]] about the winter trip to the mountains.\n")
    report = session.import_path(vault)
    assert report.stored == 3 and not report.errors, report.errors
    assert sorted(e for v in _memories(session).values() for e in v["entities"]) == ["boiler", "garden", "trip"]


@pytest.mark.parametrize(
    "settings",
    ['{"folder": "../outside"}', '{"folder": "/"}', '{"folder": ""}', "not json", '["Templates"]', '{"folder": 7}'],
)
def test_odd_template_settings_skip_nothing_outside_the_vault(session, tmp_path, settings):
    vault = tmp_path / "vault"
    (vault / ".obsidian").mkdir(parents=True)
    (vault / ".obsidian" / "templates.json").write_text(settings)
    (vault / "note.md").write_text("- The garden needs watering twice a week in the summer.\n")
    (tmp_path / "outside").mkdir()
    report = session.import_path(vault)
    assert report.stored == 1 and not any("template" in w for w in report.warnings)
    assert notes.template_folders(vault) == frozenset()


def test_a_journal_is_read_for_the_persons_life_as_their_chats_are(session, tmp_path):
    """A daily journal says where the person lives and what they drive: its lines are typed as
    their chat turns are (About me's Now, a change of home to review, a changed car applied)."""
    vault = tmp_path / "journal"
    days = {
        "2026-01-10": (
            "I live in Kraków with my partner, in a small flat near the old town.",
            "My car is a 2015 Skoda Octavia, still running fine.",
        ),
        "2026-06-01": (
            "We moved to Warsaw last week, I live in Warsaw now, in Mokotów.",
            "Sold the Octavia, now I drive a 2021 Toyota Corolla hybrid.",
        ),
    }
    (vault / "Daily").mkdir(parents=True)
    for day, lines in days.items():
        (vault / "Daily" / f"{day}.md").write_text("".join(f"- {line}\n" for line in lines), encoding="utf-8")
    report = session.import_path(vault)
    assert any("home: Kraków -> Warsaw" in w for w in report.warnings), report.warnings
    types = dict(session.db.rows("SELECT content, memory_type FROM memories WHERE content LIKE 'I live in%'"))
    assert set(types.values()) == {"identity"}
    [item] = review.open_items(session.db)
    assert "Warsaw" in item.new and "Kraków" in item.old
    octavia = session.db.one("SELECT status FROM memories WHERE content LIKE 'My car is%'")
    assert octavia["status"] == "superseded"  # a fact changed applies at once, as in a chat
    rebuild(session)
    about = (wiki_dir(session.home) / "about-me.md").read_text(encoding="utf-8")
    assert "**Home**: Warsaw, since 2026-06-01" in about
