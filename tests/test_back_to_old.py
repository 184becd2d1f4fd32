"""Going back to an earlier value (A -> B -> A): the same words as a memory that is only in history
are the person's latest word, a new statement that supersedes the current one, on every route that
can state a value again. They were dropped as an exact duplicate of the superseded A, so B stayed
current: a stale answer ranked first and the last word lost. An exact duplicate of a current
memory stays a Duplicate (the control)."""

from __future__ import annotations

import json

import pytest

import quire
from memory.embed import FakeEmbedder
from memory.home import Home
from memory.session import Session
from tests.conftest import run_forked
from tests.import_formats import write
from tests.test_mcp import data, run_mcp
from tests.test_service import served  # noqa: F401  (the fixture)

LISBON = "I live in Lisbon with my partner and our two cats"
PORTO = "I live in Porto with my partner and our two cats"
TUESDAY = "The book club meets on Tuesday evenings at the old library"
THURSDAY = "The book club meets on Thursday evenings at the old library"


def _rows(home=None) -> list[tuple[str, str, str]]:
    """(content, status, id) of every memory, oldest first."""
    with Session(Home(home) if home else None) as s:
        return [
            (r[0], r[1], r[2]) for r in s.db.rows("SELECT content, status, id FROM memories ORDER BY created_at, rowid")
        ]


def _current(home=None) -> list[str]:
    return [c for c, status, _ in _rows(home) if status == "active"]


def _back_again(home=None) -> None:
    """Lisbon is current again, Porto and the first Lisbon are kept in history."""
    rows = _rows(home)
    assert [(c, s) for c, s, _ in rows] == [(LISBON, "superseded"), (PORTO, "superseded"), (LISBON, "active")], rows


# -- capture, supersede (CLI) --------------------------------------------------------------------


def _lisbon_then_porto(cli_json, *, type_: str = "fact") -> tuple[str, str]:
    a = cli_json("capture", LISBON, "--type", type_)["id"]
    b = cli_json("capture", PORTO, "--type", type_, "--supersedes", a)["id"]
    if type_ in ("identity", "preference"):
        cli_json("curate", "accept", str(cli_json("curate", "list")["items"][0]["id"]))
    return a, b


def test_capturing_an_earlier_text_again_supersedes_the_current_one(cli_json):
    a, b = _lisbon_then_porto(cli_json)
    out = cli_json("capture", LISBON, "--type", "fact")
    assert out["status"] == "stored" and out["id"] != a, out
    assert any(f"supersedes {b}" in w for w in out["warnings"]), out["warnings"]
    _back_again()
    assert cli_json("recall", "where do I live", "-k", "1")["results"][0]["id"] == out["id"]
    assert [h["id"] for h in cli_json("history", a)["versions"]] == [a, b, out["id"]]
    again = cli_json("capture", LISBON, "--type", "fact")  # now current: a duplicate of it
    assert (again["status"], again["id"]) == ("duplicate", out["id"]) and len(_rows()) == 3


def test_an_exact_duplicate_of_the_current_memory_is_still_a_duplicate(cli_json):
    """Control: the same words as what is current change nothing."""
    _a, _b = _lisbon_then_porto(cli_json)
    assert (cli_json("capture", PORTO, "--type", "fact")["status"], _current()) == ("duplicate", [PORTO])
    assert len(_rows()) == 2


def test_capture_supersedes_naming_the_current_with_the_old_text(cli_json):
    _a, b = _lisbon_then_porto(cli_json)
    out = cli_json("capture", LISBON, "--type", "fact", "--supersedes", b)
    assert out["status"] == "stored", out
    _back_again()


def test_quire_supersede_with_the_old_text_is_never_a_silent_no_op(cli_json):
    _a, b = _lisbon_then_porto(cli_json)
    out = cli_json("supersede", b, LISBON)
    assert out["status"] == "stored" and out["applied"] is True and "nothing changed" not in out["message"], out
    _back_again()
    same = cli_json("supersede", out["id"], LISBON)  # control: its own current text is still a no-op
    assert same["status"] == "duplicate" and same["applied"] is False


@pytest.mark.parametrize("explicit", [False, True])
def test_a_protected_return_waits_for_review_as_any_change(cli_json, explicit):
    _a, b = _lisbon_then_porto(cli_json, type_="preference")
    assert _current() == [PORTO]
    args = ("--supersedes", b) if explicit else ()
    out = cli_json("capture", LISBON, "--type", "preference", *args)
    assert out["status"] == "stored" and _current() == [PORTO], out  # held: Porto stays until accepted
    (item,) = cli_json("curate", "list")["items"]
    cli_json("curate", "accept", str(item["id"]))
    _back_again()


# -- imports ------------------------------------------------------------------------------------


def test_jsonl_import_of_an_earlier_text(cli_json, tmp_path):
    _a, _b = _lisbon_then_porto(cli_json)
    path = write("jsonl", tmp_path / "in", [("Home", [LISBON])])
    out = cli_json("import", str(path))
    assert out["stored"] == 1 and out["duplicates"] == 0, out
    _back_again()
    assert cli_json("import", str(path))["stored"] == 0  # a re-run changes nothing


def test_a_note_edit_undone_supersedes_the_edit(cli_json, tmp_path):
    """Not a life statement (a note's "I live in ..." is read as a chat turn's is, and a change of it
    waits for review, `correction.heard`): the edit applies."""
    notes = write("markdown", tmp_path / "in", [("Club", [TUESDAY])])
    note = notes / "note-0.md"
    cli_json("import", str(notes))
    note.write_text(note.read_text().replace(TUESDAY, THURSDAY))
    assert cli_json("import", str(notes))["stored"] == 1
    note.write_text(note.read_text().replace(THURSDAY, TUESDAY))  # the edit undone
    out = cli_json("import", str(notes))
    assert out["stored"] == 1, out
    rows = [(c, s) for c, s, _ in _rows() if c in (TUESDAY, THURSDAY)]
    assert rows == [(TUESDAY, "superseded"), (THURSDAY, "superseded"), (TUESDAY, "active")], rows
    assert cli_json("import", str(notes))["stored"] == 0  # a third run changes nothing
    note.write_text(note.read_text().replace(TUESDAY, THURSDAY))  # and the chain goes on
    assert cli_json("import", str(notes))["stored"] == 1 and _current() == [THURSDAY]


def test_a_reimport_does_not_undo_a_persons_own_supersede(cli_json, tmp_path):
    """Control: the note still says Lisbon, the person said Porto since: a re-run keeps Porto."""
    notes = write("markdown", tmp_path / "in", [("Home", [LISBON])])
    cli_json("import", str(notes))
    (a,) = [mid for _, _, mid in _rows()]
    done = cli_json("supersede", a, PORTO)
    if done.get("review_item"):  # "I live in ..." is read as the person's identity: a change waits for them
        cli_json("curate", "accept", str(done["review_item"]))
    assert cli_json("import", str(notes))["stored"] == 0 and _current() == [PORTO]


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "chat-jsonl"])
def test_a_chat_message_edited_back_supersedes_the_edit(cli_json, tmp_path, fmt):
    """Not a life statement (a change of one waits for review, `correction.heard`): the edit applies."""

    def export(text: str):
        return write(fmt, tmp_path / "in", [("Home", [text, "We water the balcony plants every evening"])])

    cli_json("import", str(export(TUESDAY)), "--format", fmt)
    assert cli_json("import", str(export(THURSDAY)), "--format", fmt)["stored"] == 1
    out = cli_json("import", str(export(TUESDAY)), "--format", fmt)
    assert out["stored"] == 1, out
    rows = [(c, s) for c, s, _ in _rows() if c in (TUESDAY, THURSDAY)]
    assert rows == [(TUESDAY, "superseded"), (THURSDAY, "superseded"), (TUESDAY, "active")], rows
    with Session() as s:
        placed = s.db.rows(
            "SELECT m.content, m.status FROM session_turns st JOIN memories m ON m.id = st.memory_id "
            "WHERE m.content IN (?, ?)",
            (TUESDAY, THURSDAY),
        )
    assert placed == [(TUESDAY, "active")]  # the message's place in its conversation holds the current text
    assert cli_json("import", str(export(TUESDAY)), "--format", fmt)["stored"] == 0  # a re-run changes nothing


# -- library, MCP, service -------------------------------------------------------------------------


def test_library_api(quire_home):
    with quire.open(quire_home, embedder=FakeEmbedder()) as q:
        a = q.capture(LISBON, type="fact").id
        b = q.supersede(a, PORTO).id
        back = q.capture(LISBON, type="fact")
        assert back.status == "stored" and back.id not in (a, b)
        again = q.supersede(back.id, PORTO)
        assert again.status == "stored" and again.applied
    assert _current() == [PORTO] and len(_rows()) == 4


def test_mcp(quire_home):
    async def scenario(s):
        a = data(await s.call_tool("capture", {"content": LISBON, "type": "fact"}))["id"]
        b = data(await s.call_tool("supersede", {"memory_id": a, "content": PORTO}))["id"]
        back = data(await s.call_tool("capture", {"content": LISBON, "type": "fact"}))
        again = data(await s.call_tool("supersede", {"memory_id": back["id"], "content": PORTO}))
        return b, back, again

    _b, back, again = run_mcp(quire_home, scenario)
    assert back["status"] == "stored" and again["status"] == "stored" and again["applied"], (back, again)
    assert _current(quire_home) == [PORTO] and len(_rows(quire_home)) == 4


def test_service(served, quire_home):  # noqa: F811
    served()
    a = json.loads(run_forked("capture", LISBON, "--type", "fact", "--json").stdout)["id"]
    sup = run_forked("supersede", a, PORTO, "--json")
    assert sup.returncode == 0, sup.stderr
    back = run_forked("capture", LISBON, "--type", "fact", "--json")
    assert json.loads(back.stdout)["status"] == "stored", back.stdout
    _back_again(quire_home)
