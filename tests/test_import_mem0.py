"""A mem0 export (`get_all` saved as JSON: a list, or {"results": [...]}) imported without losing a memory.

Before: `quire import mem0.json` refused the list ("neither a ChatGPT nor a Claude export") and read
{"results": [...]} as one bad capture ("results: unknown key"): nothing of a person's mem0 memories landed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire
from memory import importer, mem0, review
from memory.errors import InvalidInput, UsageMistake
from tests.conftest import run_quire
from tests.test_service import served  # noqa: F401  (the fixture)

BOSTON = {"id": "m-boston", "memory": "Lives in Boston", "user_id": "alex", "hash": "h1", "metadata": None,
          "created_at": "2023-02-25T23:57:00.108347-07:00", "updated_at": None}  # fmt: skip
DENVER = {"id": "m-denver", "memory": "Moved to Denver in May", "user_id": "alex", "hash": "h2",
          "created_at": "2024-05-20T10:00:00.5-07:00", "updated_at": "2024-05-21T10:00:00-07:00"}  # fmt: skip


def _memory(key: str, text: object, **more: object) -> dict[str, object]:
    return {"id": key, "memory": text, "user_id": "alex", "created_at": "2023-06-01T12:00:00Z", **more}


def _file(tmp_path: Path, memories: list, *, v2: bool = False, name: str = "mem0.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"results": memories, "total": len(memories)} if v2 else memories), encoding="utf-8")
    return path


def _import(home: Path, path: Path, **kw):
    with quire.open(home) as q:
        return q.import_path(path, **kw)


def _rows(home: Path) -> list[tuple[str, str, str]]:
    with quire.open(home) as q:
        return [
            tuple(r) for r in q.session.db.rows("SELECT content, valid_from, status FROM memories ORDER BY content")
        ]


def _changes(home: Path) -> list[tuple[str, str]]:
    with quire.open(home) as q:
        return [(i.old, i.new) for i in review.open_items(q.session.db)]


@pytest.mark.parametrize("v2", [False, True])
def test_each_memory_lands_as_mem0_had_it_dated_when_mem0_made_it(quire_home, tmp_path, v2):
    report = _import(quire_home, _file(tmp_path, [BOSTON, _memory("m2", "Is vegetarian")], v2=v2))
    assert (report.stored, report.errors) == (2, [])
    assert _rows(quire_home) == [
        ("Is vegetarian", "2023-06-01T12:00:00Z", "active"),
        ("Lives in Boston", "2023-02-26T06:57:00Z", "active"),  # -07:00 honoured, the fraction read
    ]


def test_a_file_whose_memories_open_with_their_text_is_told_too(quire_home, tmp_path):
    path = tmp_path / "mem0.json"
    path.write_text('[{"memory": "Lives in Boston", "id": "m1", "user_id": "alex"}]', encoding="utf-8")
    assert _import(quire_home, path).stored == 1
    # the control: a list of captures is still read as captures
    path.write_text('[{"content": "Lives in Boston with two cats and a dog"}]', encoding="utf-8")
    assert _import(quire_home, path).stored == 1
    assert len(_rows(quire_home)) == 2


def test_the_same_file_twice_adds_nothing(quire_home, tmp_path):
    path = _file(tmp_path, [BOSTON, DENVER])
    _import(quire_home, path)
    again = _import(quire_home, path)
    assert (again.stored, again.duplicates) == (0, 2)
    assert len(_rows(quire_home)) == 2


def test_a_move_opens_one_review_item_oldest_first_whatever_the_files_order(quire_home, tmp_path):
    _import(quire_home, _file(tmp_path, [DENVER, BOSTON]))
    assert _changes(quire_home) == [("Lives in Boston", "Moved to Denver in May")]


def test_two_exports_one_after_the_other_open_the_move_once(quire_home, tmp_path):
    _import(quire_home, _file(tmp_path, [BOSTON], name="first.json"))
    _import(quire_home, _file(tmp_path, [BOSTON, DENVER], name="second.json"))  # the later export holds both
    assert _changes(quire_home) == [("Lives in Boston", "Moved to Denver in May")]


@pytest.mark.parametrize("text", ["Sister lives in Denver", "Friend Tom moved to Austin"])
def test_someone_elses_move_opens_nothing_of_the_persons(quire_home, tmp_path, text):
    _import(quire_home, _file(tmp_path, [BOSTON, _memory("other", text, created_at="2024-01-01T00:00:00Z")]))
    assert _changes(quire_home) == []  # the control: the person still lives in Boston
    assert [r[0] for r in _rows(quire_home)] == sorted(["Lives in Boston", text])


def test_an_edit_in_mem0_supersedes_the_old_text_kept_in_history(quire_home, tmp_path):
    _import(quire_home, _file(tmp_path, [_memory("m1", "Works at Stripe as a data engineer")]))
    edited = _memory("m1", "Works at Plaid as a data engineer", updated_at="2024-02-01T00:00:00Z")
    report = _import(quire_home, _file(tmp_path, [edited], name="later.json"))
    assert report.stored == 1
    # an identity's edit waits for the person as every import's does; the old text stays until they accept
    assert _rows(quire_home) == [
        ("Works at Plaid as a data engineer", "2023-06-01T12:00:00Z", "pending_revision"),
        ("Works at Stripe as a data engineer", "2023-06-01T12:00:00Z", "active"),
    ]
    # the control: the older export imported after it stores nothing and supersedes nothing back
    older = _import(quire_home, _file(tmp_path, [_memory("m1", "Works at Stripe as a data engineer")], name="o.json"))
    assert older.stored == 0
    assert [r[2] for r in _rows(quire_home)] == ["pending_revision", "active"]
    # the control: the same text with only a later updated_at is no edit
    touched = _memory("m2", "Prefers window seats on long flights")
    _import(quire_home, _file(tmp_path, [touched], name="t1.json"))
    same = _import(quire_home, _file(tmp_path, [{**touched, "updated_at": "2024-03-01T00:00:00Z"}], name="t2.json"))
    assert (same.stored, same.duplicates) == (0, 1)


def test_several_users_are_refused_naming_them_and_me_picks_one(quire_home, tmp_path):
    path = _file(tmp_path, [BOSTON, {**_memory("s1", "Lives in Lisbon"), "user_id": "sam"}])
    with pytest.raises(UsageMistake, match=r"alex \(1\), sam \(1\); pick yours with --me"):
        _import(quire_home, path)
    assert _rows(quire_home) == []
    report = _import(quire_home, path, me="sam")
    assert [r[0] for r in _rows(quire_home)] == ["Lives in Lisbon"]
    assert any("other mem0 users left out: alex" in w for w in report.warnings)


def test_an_agents_memories_are_its_notes_never_the_persons_life(quire_home, tmp_path):
    agent = {"id": "g1", "memory": "Lives in Paris", "agent_id": "travel-bot", "created_at": "2024-06-01T00:00:00Z"}
    _import(quire_home, _file(tmp_path, [BOSTON, agent]))
    assert _changes(quire_home) == []
    with quire.open(quire_home) as q:
        kinds = dict(q.session.db.rows("SELECT content, memory_type FROM memories"))
    assert kinds == {"Lives in Boston": "identity", "Lives in Paris": "note"}


def test_memories_that_name_no_one_are_the_persons(quire_home, tmp_path):
    anon = [{k: v for k, v in m.items() if k != "user_id"} for m in (BOSTON, DENVER)]
    _import(quire_home, _file(tmp_path, anon))
    assert _changes(quire_home) == [("Lives in Boston", "Moved to Denver in May")]


def test_bad_memories_are_named_the_rest_lands(quire_home, tmp_path, cli):
    memories = [
        _memory("a", "Lives in Boston"),
        {"id": "b", "user_id": "alex"},  # no text
        _memory("c", 42),
        _memory("d", "Has a dog named Max\x00\x07"),
        _memory("e", "x " * 500_000),  # 1 MB
        _memory("a", "Lives in Boston again"),  # the id again
        _memory("f", "Prefers window seats", created_at="garbage"),
        _memory("g", "Is vegetarian", created_at="2999-01-01T00:00:00Z"),
        "Lives in Lisbon",  # no object
    ]
    path = _file(tmp_path, memories)
    deep = {**_memory("h", "Drives a Tesla"), "metadata": json.loads("[" * 100 + "]" * 100)}
    path.write_text(path.read_text()[:-1] + ", " + json.dumps(deep) + "]", encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 1
    for named in (
        "memory 2 (id b)",
        "memory 3 (id c)",
        "memory 5 (id e)",
        "memory 6 (id a)",
        "memory 9:",
        "memory 10:",
    ):
        assert named in result.stderr
    assert 'memory 2 (id b): has no text ("memory" is missing)' in result.stderr
    assert 'memory 3 (id c): has no text ("memory" is a number)' in result.stderr  # (JSON's words, not "a int")
    assert "memory 7 (id f): created_at: cannot read the time 'garbage'" in result.stderr
    assert "memory 8 (id g): created_at: the time '2999-01-01T00:00:00Z' is in the future" in result.stderr
    landed = [r[0] for r in _rows(quire_home)]
    assert landed == ["Has a dog named Max", "Is vegetarian", "Lives in Boston", "Prefers window seats"]


def test_an_empty_export_says_nothing_to_import(quire_home, tmp_path):
    for memories, v2 in (([], False), ([], True)):
        with pytest.raises(InvalidInput, match=r"(nothing|no conversations) to import"):
            _import(quire_home, _file(tmp_path, memories, v2=v2))


def test_a_torn_file_keeps_what_came_before(quire_home, tmp_path):
    path = tmp_path / "torn.json"
    path.write_text(json.dumps([BOSTON, DENVER])[:-40], encoding="utf-8")
    report = _import(quire_home, path, format="mem0")
    assert report.stored == 1 and report.errors


def test_a_big_file_is_streamed(quire_home, tmp_path):
    path = tmp_path / "big.json"
    with path.open("w", encoding="utf-8") as fh:
        fh.write("[")
        fh.write(
            ",".join(json.dumps(_memory(f"n{i}", f"Visited museum number {i} in the old town")) for i in range(2000))
        )
        fh.write("]")
    report = _import(quire_home, path)
    assert (report.stored, report.errors) == (2000, [])


@pytest.mark.parametrize(
    ("said", "heard"),
    [
        ("Lives in Boston", "I live in Boston"),
        ("Married to Priya", "I am married to Priya"),
        ("Name is Alex", "My name is Alex"),
        ("Watches anime", "I watch anime"),
        ("User lives in Boston", "User lives in Boston"),
        ("Sister lives in Denver", "Sister lives in Denver"),  # the control: someone else's, as it is
    ],
)
def test_a_memory_is_said_as_the_persons_words_for_reading_only(said, heard):
    assert mem0.as_person(said) == heard


def test_the_cli_refuses_several_users_as_a_usage_mistake_and_me_imports_one(quire_home, tmp_path, cli, cli_json):
    path = _file(tmp_path, [BOSTON, DENVER, {**_memory("s1", "Lives in Lisbon"), "user_id": "sam"}], v2=True)
    refused = cli("import", str(path))
    assert refused.exit_code == 2 and "--me USER_ID" in refused.stderr and "sam (1)" in refused.stderr
    done = cli_json("import", str(path), "--me", "alex")
    assert done["stored"] == 2
    assert any("review item" in w for w in done["warnings"]), done["warnings"]
    # the control: --me names no user of the file
    assert cli("import", str(path), "--me", "nobody").exit_code == 2


def test_the_service_route_hears_a_mem0_file_too(served, quire_home, tmp_path):  # noqa: F811
    s = served()
    before = s.requests()
    done = run_quire("import", str(_file(tmp_path, [DENVER, BOSTON])), "--json")
    assert done.returncode == 0, done.stderr
    assert s.requests() == before + 1  # (through the service, not in this process)
    assert _changes(quire_home) == [("Lives in Boston", "Moved to Denver in May")]


def test_a_killed_import_hears_at_its_rerun_what_it_stored_unheard(quire_home, tmp_path, monkeypatch):
    path = _file(tmp_path, [BOSTON, DENVER])

    def killed(*_args, **_kw):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(importer.correction, "heard", killed)
        with pytest.raises(KeyboardInterrupt):
            _import(quire_home, path)
    assert _changes(quire_home) == [] and len(_rows(quire_home)) == 2  # stored, never heard
    _import(quire_home, path)
    assert _changes(quire_home) == [("Lives in Boston", "Moved to Denver in May")]
    again = _import(quire_home, path)  # the control: heard once, not twice
    assert not any("review item" in w for w in again.warnings) and len(_changes(quire_home)) == 1
