"""A chat JSONL file that names its senders and nothing more is read as a WhatsApp chat of those senders is
(session 49: trust49): a conversation only Rui wrote, imported without --me, is no one's ("I moved to Porto" from
Rui had opened a review item in the person's queue), and a warning names --me; a conversation whose lines say
`"role": "user"` themselves is the person's, as ever. The CLI and the library alike; the nightly hearing again
(memory/rehear.py) and a re-import with --me agree with the import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire
from memory.home import Home
from memory.session import Session
from tests.test_import_lone_sender import _changes
from tests.test_rehear_agrees import _rehear

RUI = [
    ("2024-03-12T09:15:00Z", "I live in Lisbon now, near Alfama"),
    ("2024-03-12T09:16:00Z", "I work at Google since March"),
    ("2024-05-15T10:00:00Z", "I moved to Porto last week"),
    ("2024-05-15T10:01:00Z", "I work at Stripe now"),
]
RUIS = ["employer: Google -> Stripe", "home: Lisbon -> Porto"]


def _lines(path: Path, conversation: str = "family-group", role: str | None = None, who=("Rui",)) -> Path:
    """RUI's four turns said in turn by `who`, each line with `role` when given."""
    rows = [
        {"conversation": conversation, "speaker": who[n % len(who)], **({"role": role} if role else {}), "text": t}
        | {"time": when}
        for n, (when, t) in enumerate(RUI)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _import(cli, path: Path, *flags: str) -> dict:
    done = cli("import", str(path), *flags, "--json")
    assert done.exit_code == 0, done.stderr
    return json.loads(done.stdout)


def test_the_reproduction_one_named_sender_without_me_is_no_ones(cli, quire_home, tmp_path):
    report = _import(cli, _lines(tmp_path / "chat.jsonl"))
    assert report["stored"] == 4 and report["changes"] == []
    (said,) = [w for w in report["warnings"] if "one sender" in w]
    assert "'Rui' is the one sender of a chat named 'family-group'" in said
    assert said.endswith("give --me 'Rui' if 'Rui' is you")
    assert _changes(cli) == []


def test_the_warning_is_on_stderr_without_json(cli, quire_home, tmp_path):
    done = cli("import", str(_lines(tmp_path / "chat.jsonl")))
    assert done.exit_code == 0, done.stderr
    assert "nothing of it is read for your life; give --me 'Rui' if 'Rui' is you" in done.stderr


def test_a_conversation_named_for_its_one_sender_is_theirs(cli, quire_home, tmp_path):
    report = _import(cli, _lines(tmp_path / "chat.jsonl", conversation="Rui"))
    assert report["changes"] == []
    assert any(
        "the chat is with 'Rui', its one sender, so no message of it is read as yours" in w for w in report["warnings"]
    )


def test_control_lines_that_say_role_user_are_the_persons(cli, quire_home, tmp_path):
    report = _import(cli, _lines(tmp_path / "chat.jsonl", role="user"))
    assert len(report["changes"]) == 2
    assert not any("--me" in w for w in report["warnings"])
    assert _changes(cli) == RUIS


def test_control_a_conversation_with_an_assistant_is_the_users(cli, quire_home, tmp_path):
    path = _lines(tmp_path / "chat.jsonl")
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"conversation": "family-group", "role": "assistant", "text": "Congratulations!"}) + "\n")
    assert len(_import(cli, path)["changes"]) == 2


def test_control_lines_with_no_speaker_are_the_users(cli, quire_home, tmp_path):
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps({"conversation": "c", "text": t, "time": w}) + "\n" for w, t in RUI))
    assert len(_import(cli, path)["changes"]) == 2


@pytest.mark.parametrize(("me", "changes"), [("Rui", RUIS), ("Ana", [])])
def test_me_names_whose_it_is(cli, quire_home, tmp_path, me, changes):
    report = _import(cli, _lines(tmp_path / "chat.jsonl"), "--me", me)
    assert _changes(cli) == changes
    if not changes:
        assert any("no message is from 'Ana', so none was read as yours" in w for w in report["warnings"])


@pytest.mark.parametrize(("me", "changes"), [(None, []), ("Rui", RUIS)])
def test_the_library_route_reads_the_same(cli, quire_home, tmp_path, me, changes):
    with quire.open(quire_home) as q:
        report = q.import_path(_lines(tmp_path / "chat.jsonl"), me=me)
    assert any("give --me 'Rui'" in w for w in report.warnings) == (me is None)
    assert _changes(cli) == changes


def test_a_group_without_me_says_none_was_read_as_yours(cli, quire_home, tmp_path):
    report = _import(cli, _lines(tmp_path / "chat.jsonl", who=("Ana", "Rui")))
    assert report["changes"] == []
    assert any("cannot tell which sender is you" in w and "--me" in w for w in report["warnings"])


def test_a_chat_named_for_one_of_two_is_the_others_as_whatsapps_is(cli, quire_home, tmp_path):
    report = _import(cli, _lines(tmp_path / "chat.jsonl", conversation="Rui", who=("Ana", "Rui")))
    assert any("the chat is with 'Rui', so the messages from 'Ana' are read as yours" in w for w in report["warnings"])
    assert _changes(cli) == ["home: Lisbon -> Porto"]  # Ana's move; Rui's job is not hers


@pytest.mark.parametrize("role", [None, "user"])
def test_the_nightly_hearing_again_agrees_with_the_import(cli, quire_home, tmp_path, role):
    """Rui's four turns are typed or not at import; a fifth that states nothing is heard again only if the import
    read the conversation as the person's."""
    path = _lines(tmp_path / "chat.jsonl", role=role)
    line = {"conversation": "family-group", "speaker": "Rui", "text": "We had a long lunch by the river today"}
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line | ({"role": role} if role else {})) + "\n")
    report = _import(cli, path)
    before = _changes(cli)
    assert len(report["changes"]) == len(before) == (0 if role is None else 2)
    assert _rehear(quire_home) == (0 if role is None else 1)
    assert _changes(cli) == before


def test_importing_again_with_me_hears_the_turns_already_in(cli, quire_home, tmp_path):
    path = _lines(tmp_path / "chat.jsonl")
    line = {"conversation": "family-group", "speaker": "Rui", "text": "We had a long lunch by the river today"}
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    assert _import(cli, path)["changes"] == []
    again = _import(cli, path, "--me", "Rui")
    assert again["stored"] == 0 and len(again["changes"]) == 2
    assert _changes(cli) == RUIS
    assert _rehear(quire_home) == 1 and _changes(cli) == RUIS  # (Rui's now: the untyped turn heard, none twice)


@pytest.mark.parametrize("name", ["chat.jsonl", "WhatsApp Chat with Family.txt"])
def test_a_session_imported_before_its_owner_was_kept_agrees_once_the_file_is_imported_again(
    cli, quire_home, tmp_path, name
):
    """A one-sender session of an import before session 48 (or a chat JSONL one before this) keeps no owner, and
    nothing stored tells whether --me named its sender then: the nightly hearing again hears it as the person's
    (tests/test_import_lone_sender.py). Importing the file again today tells it: no one's, and heard no more."""
    if name.endswith(".jsonl"):
        path = _lines(tmp_path / name)
    else:
        path = tmp_path / name
        path.write_text("".join(f"12/03/2024, 09:1{n} - Rui: {t}\n" for n, (_, t) in enumerate(RUI)), "utf-8")
    assert cli("import", str(path)).exit_code == 0
    with Session(Home(quire_home), actor="test") as s, s.db.transaction():
        s.db.execute("UPDATE sessions SET owner = NULL")
    again = _import(cli, path)
    assert again["stored"] == 0 and again["changes"] == []
    assert _rehear(quire_home) == 0
    assert _changes(cli) == []
