"""An agent's note with no subject ("Lives in Boston", mem0's style, an agent over MCP) is the person's own on every
route: the CLI, the library, MCP's capture tool and a JSONL file of captures record it, and a later "Moved to Denver"
opens the review item and comes first in recall; someone else's note ("Tom lives in Boston") does neither."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import quire
from memory import life, mem0
from tests.conftest import run_quire
from tests.test_mcp_agents import served as mcp_served
from tests.test_mcp_agents import tool
from tests.test_service import served  # noqa: F401  (the fixture)

# (the agent's note, what the person would have said) for each sample memory of mem0's style
SAMPLES = [
    ("Lives in Boston", "I live in Boston"),
    ("Works at Google as an engineer", "I work at Google as an engineer"),
    ("Has two kids, Maya and Leo", "I have two kids, Maya and Leo"),
    ("Married to Priya", "I am married to Priya"),
    ("Name is Alex", "My name is Alex"),
    ("Wife's name is Sarah", "My wife's name is Sarah"),
    ("Is vegetarian", "I am vegetarian"),
    ("Allergic to penicillin", "I am allergic to penicillin"),
    ("Prefers window seats", "I prefer window seats"),
    ("Drives a Tesla Model 3", "I drive a Tesla Model 3"),
    ("Recently moved to Denver", "I recently moved to Denver"),
    ("Currently works at Stripe", "I currently work at Stripe"),
    ("Was promoted to senior engineer", "I was promoted to senior engineer"),
    ("Working at Stripe", "I am working at Stripe"),
    ("Lives in Boston. Works at Google.", "I live in Boston. I work at Google."),
]

# notes that are not the person's: another subject first, a question, a title, a fragment, a heading naming someone
CONTROLS = [
    "Tom lives in Boston",
    "Fred lives in Boston",  # (a name that looks like a past tense: "fr-ed")
    "Sister lives in Denver",
    "My sister lives in Denver",
    "Tom: lives in Boston",
    "# Tom\nLives in Boston",
    "Lives in Boston?",
    "Lives of the Saints",
    "we talked and then lives in Boston came up",
    "Tom's wife is Sarah",
]

# (the older note, the newer one, the attribute, was, now, the question, the first answer's word)
CHANGES = [
    ("Lives in Boston with wife Sarah", "Moved to Denver in May", "home", "Boston", "Denver", "where do I live"),
    (
        "Works at Google as an engineer",
        "Currently works at Stripe as a senior engineer",
        "employer",
        "Google",
        "Stripe",
        "where do I work",
    ),
    (
        "Is vegetarian and has been for years",
        "Eats meat again since last summer",
        "diet",
        "vegetarian",
        "eats meat",
        "what do I eat",
    ),
    (
        "Married to Priya for six years",
        "Divorced from Priya this spring",
        "relationship",
        "married",
        "divorced",
        "am I married",
    ),
    (
        "Prefers window seats on long flights",
        "Prefers aisle seats now on long flights",
        "prefer:seats",
        "window",
        "aisle",
        "which seat do I prefer",
    ),
]


@pytest.mark.parametrize(("note", "said"), SAMPLES)
def test_a_subjectless_note_reads_as_the_persons_own_words(note, said):
    assert life.as_the_person(note) == said
    assert life.read(note) == life.read(said)
    assert mem0.as_person(note) == said  # (mem0's import reads the same, from the one place)


def test_the_samples_state_what_the_person_would_have_said():
    stated = {note: {s.attribute for s in life.read(note)} for note, _ in SAMPLES}
    assert stated["Lives in Boston"] == {"home"}
    assert {"employer", "role"} <= stated["Works at Google as an engineer"]
    assert "partner" in stated["Wife's name is Sarah"]
    assert stated["Is vegetarian"] == {"diet"} and stated["Allergic to penicillin"] == {"allergy"}
    assert stated["Currently works at Stripe"] == {"employer"} and stated["Drives a Tesla Model 3"] == {"car"}


@pytest.mark.parametrize("note", CONTROLS)
def test_someone_elses_note_a_question_or_a_title_is_not_the_persons(note):
    assert life.as_the_person(note) == note
    assert life.read(note) == ()


def test_the_question_side_still_asks_of_the_user():
    assert life.asked("where does the user live now") == life.asked("where do I live now") == {"home"}


def _changes(home: Path) -> list[tuple[str, str, str]]:
    with quire.open(home) as q:
        return [(i["payload"]["attribute"], i["payload"]["was"], i["payload"]["now"]) for i in q.review().items]


def _first(home: Path, question: str) -> str:
    with quire.open(home) as q:
        return q.recall(question).results[0].text


def test_the_reproduction_on_the_cli(cli):
    assert cli("capture", "Lives in Boston with wife Sarah", "--type", "identity").exit_code == 0
    assert cli("capture", "Moved to Denver in May").exit_code == 0
    listed = cli("curate", "list").stdout
    assert "nothing to review" not in listed and "home: Boston → Denver" in listed
    answer = cli("recall", "where do I live").stdout
    first = next(line for line in answer.splitlines() if re.match(r"1\s", line))
    assert "Denver" in first and "Boston" not in first


@pytest.mark.parametrize(("old", "new", "attribute", "was", "now", "question"), CHANGES)
def test_each_change_on_the_cli(cli, quire_home, old, new, attribute, was, now, question):
    assert cli("capture", old, "--type", "identity").exit_code == 0
    assert cli("capture", new).exit_code == 0
    assert _changes(quire_home) == [(attribute, was, now)]
    assert now.split()[0].casefold() in _first(quire_home, question).casefold()


@pytest.mark.parametrize(("old", "new", "attribute", "was", "now", "question"), CHANGES)
def test_each_change_through_the_library(quire_home, old, new, attribute, was, now, question):
    with quire.open(quire_home) as q:
        q.capture(old, type="identity")
        q.capture(new)
    assert _changes(quire_home) == [(attribute, was, now)]
    assert now.split()[0].casefold() in _first(quire_home, question).casefold()


def test_the_library_answers_the_agents_question_with_the_newer_home(quire_home):
    with quire.open(quire_home) as q:
        q.capture("Lives in Boston", type="identity")
        q.capture("Recently moved to Denver")
    assert _changes(quire_home) == [("home", "Boston", "Denver")]
    assert "Denver" in _first(quire_home, "where does the user live now")


@pytest.mark.parametrize(("old", "new", "attribute", "was", "now", "question"), CHANGES[:2])
def test_each_change_over_mcp(quire_home, old, new, attribute, was, now, question):
    with mcp_served(quire_home) as server:
        tool(server, "capture", {"content": old, "type": "identity"})
        tool(server, "capture", {"content": new})
    assert _changes(quire_home) == [(attribute, was, now)]
    assert now in _first(quire_home, question)


@pytest.mark.parametrize(("old", "new", "attribute", "was", "now", "question"), CHANGES[:3])
def test_each_change_from_a_jsonl_file_of_captures(cli, quire_home, tmp_path, old, new, attribute, was, now, question):
    caps = tmp_path / "caps.jsonl"
    caps.write_text(
        "\n".join(json.dumps(c) for c in ({"content": old, "type": "identity"}, {"content": new})) + "\n",
        encoding="utf-8",
    )
    assert cli("import", str(caps)).exit_code == 0
    assert _changes(quire_home) == [(attribute, was, now)]


@pytest.mark.parametrize(
    "old", ["Tom lives in Boston with wife Sarah", "Sister lives in Boston with her kids", "Lives in Boston?"]
)
def test_someone_elses_home_is_no_change_of_the_persons(cli, quire_home, old):
    cli("capture", old, "--type", "identity")
    assert cli("capture", "Moved to Denver in May").exit_code == 0
    assert _changes(quire_home) == []
    with mcp_served(quire_home) as server:  # (the same over MCP: an agent's note of Tom)
        tool(server, "capture", {"content": "Tom works at Google as an engineer", "type": "identity"})
        tool(server, "capture", {"content": "Currently works at Stripe as a senior engineer"})
    assert _changes(quire_home) == []


def test_the_reproduction_through_quire_serve(served, quire_home):  # noqa: F811  (the fixture)
    s = served()
    before = s.requests()
    for args in (("Lives in Boston with wife Sarah", "--type", "identity"), ("Moved to Denver in May",)):
        done = run_quire("capture", *args)
        assert done.returncode == 0, done.stderr
    assert s.requests() == before + 2  # (through the service, not in this process)
    assert _changes(quire_home) == [("home", "Boston", "Denver")]


def test_a_note_of_someone_is_theirs_and_a_daily_note_is_the_persons(cli, quire_home, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "Tom.md").write_text("# Tom\n\nLives in Boston with the kids.\n\nWorks at Google on search.\n")
    assert cli("import", str(vault / "Tom.md")).exit_code == 0
    assert cli("capture", "Lives in Denver with wife Sarah", "--type", "identity").exit_code == 0
    assert _changes(quire_home) == []  # (Tom's home is no home of the person's, nor a contradiction of it)
    with quire.open(quire_home) as q:
        kinds = {h.text: q.show(h.id).type for h in q.recall("Boston").results}
    assert kinds["Lives in Boston with the kids."] == "note"
    (vault / "Portland.md").write_text("# Portland\n\nA city in Oregon with good coffee and rain.\n")
    (vault / "2026-11-02.md").write_text("Moved to Portland with the whole family.\n")  # (names a note: no subject)
    assert cli("import", str(vault)).exit_code == 0
    # (the daily note's day may come before the capture's: either order is the person's one change of home)
    assert [(a, {was, now}) for a, was, now in _changes(quire_home)] == [("home", {"Denver", "Portland"})]


# A note the person keeps of themselves, by its title (the file's name, its heading or its frontmatter's title)
OWN_NOTES = [
    ("Me.md", "Lives in Boston.\n\nWorks at Google on search.\n"),
    ("About me.md", "Lives in Boston.\n"),
    ("me.md", "Lives in Boston\n"),
    ("profile.md", "---\ntitle: About Me\n---\nLives in Boston with the kids.\n"),
    ("Notes.md", "# Me\n\nLives in Boston.\n"),
]


@pytest.mark.parametrize(("name", "text"), OWN_NOTES)
def test_a_subjectless_line_of_the_persons_own_note_is_theirs_on_the_cli(cli, quire_home, tmp_path, name, text):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / name).write_text(text)
    assert cli("import", str(vault)).exit_code == 0
    assert cli("capture", "Moved to Denver in May").exit_code == 0
    assert _changes(quire_home) == [("home", "Boston", "Denver")]
    assert "Denver" in _first(quire_home, "where do I live now")


def test_a_subjectless_line_of_the_persons_own_note_is_theirs_through_the_library(quire_home, tmp_path):
    (tmp_path / "Me.md").write_text("Lives in Boston.\n\nWorks at Google on search.\n")
    with quire.open(quire_home) as q:
        q.import_path(tmp_path / "Me.md")
        q.capture("Moved to Denver in May")
        q.capture("I work at Stripe now")
    assert sorted(_changes(quire_home)) == [("employer", "Google", "Stripe"), ("home", "Boston", "Denver")]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Tom.md", "# Tom\n\nLives in Boston.\n"),
        ("Meg.md", "Lives in Boston.\n"),
        ("About Tom.md", "Lives in Boston.\n"),
        ("Me.md", "# Tom\n\nLives in Boston.\n"),  # (its heading titles it)
    ],
)
def test_a_note_titled_for_someone_else_is_still_theirs(cli, quire_home, tmp_path, name, text):
    (tmp_path / name).write_text(text)
    assert cli("import", str(tmp_path / name)).exit_code == 0
    assert cli("capture", "Moved to Denver in May").exit_code == 0
    assert _changes(quire_home) == []


def _chat(path: Path, said: list[tuple[str, str]]) -> Path:
    lines = (
        {"conversation": "c1", "title": "Catch up", "speaker": who, "role": "user", "text": text,
         "time": f"2024-06-01T09:0{n}:00Z"}
        for n, (who, text) in enumerate(said)
    )  # fmt: skip
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("speaker", "changed"), [("Rui", False), ("Ana", True)])
def test_a_chats_other_speaker_is_not_the_person_and_their_own_turn_is(cli, quire_home, tmp_path, speaker, changed):
    assert cli("capture", "Works at Stripe as a senior engineer", "--type", "identity").exit_code == 0
    said = [("Ana", "See you at the ferry on Saturday morning then"), (speaker, "Works at Google as an engineer")]
    chat = _chat(tmp_path / "chat.jsonl", said)
    assert cli("import", str(chat), "--me", "Ana").exit_code == 0
    expected = [("employer", {"Google", "Stripe"})] if changed else []
    assert [(a, {was, now}) for a, was, now in _changes(quire_home)] == expected
