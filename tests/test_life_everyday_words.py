"""An everyday word typed in lower case where a name may stand is no name of the person's life: "I work at scale"
and "Works at scale with Postgres" said how the person works and read the employer "scale"; "I'm dating around" read
"in a relationship". A name typed in lower case still reads: "i work at target" (a list's name), "I work at stripe"
(no everyday word, data/common.txt), "i'm dating sam". By every route a person's words come in."""

from __future__ import annotations

from pathlib import Path

import pytest

import quire
from memory import life
from tests.import_formats import write
from tests.test_mcp_agents import served as mcp_served
from tests.test_mcp_agents import tool

# a lower-case everyday word right after "at": how the person works, not where
NOT_AN_EMPLOYER = [
    "Works at scale with Postgres",
    "I work at scale",
    "I work at speed",
    "i work at scale lol",
    "I now work at scale",
    "I've been working at scale for years",
    "currently working at scale on data pipelines",
    "We work at scale here",
    "I started at speed",
    "I got a job at random",
    "im working at capacity rn",
    "My new job at scale",
]
# a name in lower case, a list's name, a capital, a firm said by its kind: still an employer
EMPLOYERS = [
    ("I work at Google scale", "google"),
    ("I work at google", "google"),
    ("I work at stripe", "stripe"),
    ("i work at target lol", "target"),  # (Target Pharmacy, data/pharmacies.txt)
    ("I started at target last week", "target"),
    ("i work at tesco now", "tesco"),
    ("I work at Scale", "scale"),  # (with a capital: a firm's name)
    ("I work at Scale AI", "scale ai"),
    ("i work at the council", "council"),
    ("I work for jeff", "jeff"),  # (a name after "for", not "at")
]


@pytest.mark.parametrize("text", NOT_AN_EMPLOYER)
def test_an_everyday_word_after_at_is_no_employer(text):
    assert [s for s in life.read(text) if s.attribute == "employer"] == []


@pytest.mark.parametrize(("text", "employer"), EMPLOYERS)
def test_a_name_in_lower_case_is_still_an_employer(text, employer):
    assert [s.value for s in life.read(text) if s.attribute == "employer"] == [employer]


@pytest.mark.parametrize(
    ("text", "home"),
    [("I live in boston", "boston"), ("I moved to boston", "boston"), ("we live in leeds now", "leeds")],
)
def test_a_place_in_lower_case_is_still_a_home(text, home):
    assert [s.value for s in life.read(text) if s.attribute == "home"] == [home]


@pytest.mark.parametrize("text", ["I live in peace", "I moved to tears", "I live in fear", "I'm based in reality"])
def test_an_everyday_word_after_in_or_to_is_no_home(text):
    assert life.read(text) == ()


@pytest.mark.parametrize(
    "text", ["I'm dating around", "I'm dating nobody", "I'm dating no one", "I'm dating apps", "I'm dating myself"]
)
def test_dating_no_one_in_particular_is_no_relationship(text):
    assert life.read(text) == ()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm dating someone", "in a relationship"),
        ("I'm dating someone new", "in a relationship"),
        ("I'm dating Sam", "dating sam"),
        ("i'm dating sam", "dating sam"),
    ],
)
def test_dating_someone_is_still_a_relationship(text, value):
    assert [s.value for s in life.read(text) if s.attribute == "relationship"] == [value]


def _changes(home: Path) -> list[tuple[str, str, str]]:
    with quire.open(home) as q:
        return [(i["payload"]["attribute"], i["payload"]["was"], i["payload"]["now"]) for i in q.review().items]


OLD = "I work at Google on the search team."
SCALE = "These days I work at scale with Postgres."
STRIPE = "i work at stripe now"


@pytest.mark.parametrize(("new", "changed"), [(SCALE, []), (STRIPE, [("employer", "Google", "stripe")])])
def test_on_the_cli(cli, quire_home, new, changed):
    assert cli("capture", OLD).exit_code == 0
    assert cli("capture", new).exit_code == 0
    assert _changes(quire_home) == changed


@pytest.mark.parametrize(("new", "changed"), [(SCALE, []), (STRIPE, [("employer", "Google", "stripe")])])
def test_through_the_library_and_mcp(quire_home, new, changed):
    with quire.open(quire_home) as q:
        q.capture(OLD)
        q.capture(new)
    assert _changes(quire_home) == changed
    with mcp_served(quire_home) as server:
        tool(server, "capture", {"content": "Works at scale on the payments data team"})
    assert _changes(quire_home) == changed


@pytest.mark.parametrize("fmt", ["jsonl", "markdown", "chatgpt", "claude"])
@pytest.mark.parametrize(("new", "changed"), [(SCALE, False), (STRIPE, True)])
def test_from_each_import(cli, quire_home, tmp_path, fmt, new, changed):
    path = write(fmt, tmp_path / "export", [("Work", [OLD, new])])
    assert cli("import", str(path)).exit_code == 0
    with quire.open(quire_home) as q:  # (one revision on every route: a note's too, review._told_more)
        items = [(i["kind"], i["old"], i["new"]) for i in q.review().items]
    assert items == ([("revision", OLD, new)] if changed else [])
