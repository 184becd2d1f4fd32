"""A text longer than one memory holds (memory.models.CONTENT_MAX) is refused with what to do, in one
line, with one exit code, on every route that takes a memory's text (capture, supersede, an accept's
text; a file or stdin given to `quire capture`), and nothing is stored. It said only "content: is
longer than 20000 characters" (and a file or stdin past a megabyte "split it up")."""

from __future__ import annotations

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory.errors import InvalidInput
from memory.models import CONTENT_MAX, TOO_LONG_FIX
from quire.mcp_server import next_call
from tests.conftest import run_forked
from tests.test_adversary_routes import served_post
from tests.test_service import served  # noqa: F401  (the fixture)
from tests.test_trust_routes import _mcp_call

OVER = "word " * (CONTENT_MAX // 5) + "more"  # 20,004 characters however counted
FIRST = "The Lisbon office opens at nine on weekdays for everyone"
SAID = f"is longer than {CONTENT_MAX} characters; {TOO_LONG_FIX}"


def _count(home) -> int:
    with quire.open(home) as q:
        return q.run("status").total


def _calls(q, old: str, item: int):
    return {
        "capture": lambda: q.capture(OVER),
        "supersede": lambda: q.run("supersede", memory_id=old, content=OVER),
        "curate_accept": lambda: q.run("curate_accept", item_id=item, text=OVER),
    }


def _seed(q) -> tuple[str, int]:
    old = q.capture(FIRST).id
    who = q.capture("I live in Lisbon near the river with my partner", type="identity").id
    queued = q.run("supersede", memory_id=who, content="I live in Porto near the river with my partner")
    return old, queued.review_item


def test_the_library_refuses_a_long_text_with_what_to_do_on_every_op_taking_one(quire_home):
    with quire.open(quire_home) as q:
        old, item = _seed(q)
        before = q.run("status").total
        for name, call in _calls(q, old, item).items():
            with pytest.raises(InvalidInput) as refused:
                call()
            said = str(refused.value)
            assert said.endswith(SAID) and "\n" not in said, (name, said)
        assert q.run("status").total == before
        assert q.show(old).status == "active"
        assert q.run("curate_list").items[0]["id"] == item  # the review item is still open


def test_the_markdown_import_the_refusal_names_really_takes_the_text(quire_home, tmp_path, cli):
    note = tmp_path / "long.md"
    long = "word " * 6_000  # 30,000 characters: two parts (a tail of a few words is left out as too short)
    note.write_text(long + "\n")
    done = cli("import", str(note))
    assert done.exit_code == 0, done.stderr
    with quire.open(quire_home) as q:
        stored = [r["content"] for r in q.run("export").memories]
    assert stored and all(len(c) <= CONTENT_MAX for c in stored)
    assert len(stored) == 2 and sum(c.count("word") for c in stored) == 6_000


@pytest.mark.parametrize("how", ["argument", "file", "stdin", "file past a megabyte", "stdin past a megabyte"])
def test_the_cli_refuses_it_in_one_line_exit_2_and_stores_nothing(quire_home, tmp_path, cli, how):
    # Session 35: a text past its length is refused by the request's form, a usage error (exit 2) as a
    # blank one is, from every source (argument, file, stdin, past a megabyte or not); it was exit 1.
    big = OVER if "megabyte" not in how else "word " * 250_000
    path = tmp_path / "long.txt"
    path.write_text(big)
    args = {"argument": ("capture", big), "file": ("capture", "-f", str(path))}.get(how, ("capture", "-f", str(path)))
    if how.startswith("stdin"):
        args = ("capture",)
    before = _count(quire_home)
    done = cli(*args, input=big if how.startswith("stdin") else None)
    assert done.exit_code == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.endswith(TOO_LONG_FIX), line
    assert _count(quire_home) == before


def test_supersede_through_the_cli_and_the_service_says_the_same(quire_home, served):  # noqa: F811
    # The CLI with a service running refuses it before the call (exit 2, the request's form); the
    # service itself, asked directly, refuses it in the same words (400).
    with quire.open(quire_home) as q:
        old = q.capture(FIRST).id
    s = served()
    done = run_forked("supersede", old, OVER)
    capture = run_forked("capture", OVER)
    for out, name in ((done, "supersede parameters"), (capture, "capture")):
        assert out.returncode == 2, out.stderr
        assert out.stderr.strip() == f"Error: invalid {name}: content: {SAID}", out.stderr
    s.stop()
    status, data = served_post(quire_home, "supersede", {"memory_id": old, "content": OVER})
    assert status == 400 and data["error"]["message"] == f"invalid supersede parameters: content: {SAID}", data
    with quire.open(quire_home) as q:
        assert q.show(old).status == "active" and q.run("status").total == 1


def test_mcp_refuses_it_naming_the_call_that_works(quire_home):
    with quire.open(quire_home) as q:
        old, item = _seed(q)
    before = _count(quire_home)
    for name, args in (
        ("capture", {"content": OVER}),
        ("supersede", {"memory_id": old, "content": OVER}),
        ("curate_accept", {"item_id": item, "text": OVER}),
    ):
        with pytest.raises(ToolError) as refused:
            _mcp_call(quire_home, name, args)
        said = str(refused.value)
        assert "split it into several memories, each in its own capture(content=...) call" in said, said
        assert "quire import" not in said and "\n" not in said
    with quire.open(quire_home) as q:
        assert q.show(old).status == "active" and q.run("status").total == before


def test_the_agents_rewrite_is_of_the_fix_the_library_gives():
    # the control: the rewrite matches the words TOO_LONG_FIX has, so a change of them is seen here
    assert next_call(TOO_LONG_FIX) == "split it into several memories, each in its own capture(content=...) call"
