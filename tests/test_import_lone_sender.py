"""A chat of people where one sender wrote everything is that sender's, not the person's, once the
person is known: imported with --me naming someone else, or named for that sender ("WhatsApp Chat with
Rui.txt" where only Rui wrote). Rui's move and new job had opened review items in the person's life."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire
from memory import rehear, statements
from memory.home import Home
from memory.session import Session

RUI = """\
12/03/2024, 09:15 - Rui: I live in Lisbon now, near Alfama
12/03/2024, 09:16 - Rui: I work at Google since March
15/05/2024, 10:00 - Rui: I moved to Porto last week
15/05/2024, 10:01 - Rui: I work at Stripe now
"""


def _chat(tmp_path: Path, name: str = "WhatsApp Chat with Rui.txt") -> Path:
    path = tmp_path / name
    path.write_text(RUI, encoding="utf-8")
    return path


def _changes(cli) -> list[str]:
    """The open review items as "attribute: was -> now"."""
    listed = cli("curate", "list", "--json")
    assert listed.exit_code == 0, listed.stderr
    return sorted(
        f"{i['payload']['attribute']}: {i['payload']['was']} -> {i['payload']['now']}"
        for i in json.loads(listed.stdout)["items"]
    )


def test_the_reproduction_with_me_naming_someone_else_opens_nothing(cli, quire_home, tmp_path):
    done = cli("import", str(_chat(tmp_path)), "--me", "Ana", "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["stored"] == 4 and report["changes"] == []
    assert any("no message is from 'Ana', so none was read as yours" in w for w in report["warnings"])
    assert _changes(cli) == []


def test_a_chat_named_for_its_one_sender_is_theirs_and_says_how_to_claim_it(cli, quire_home, tmp_path):
    done = cli("import", str(_chat(tmp_path)), "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["changes"] == []
    (said,) = [w for w in report["warnings"] if "its one sender" in w]
    assert "the chat is with 'Rui', its one sender, so no message of it is read as yours" in said
    assert said.endswith("give --me 'Rui' if 'Rui' is you")
    assert _changes(cli) == []


@pytest.mark.parametrize("name", ["WhatsApp Chat with Rui.txt", "WhatsApp Chat with Family.txt"])
def test_the_library_route_reads_the_same(cli, quire_home, tmp_path, name):
    with quire.open(quire_home) as q:
        q.import_path(_chat(tmp_path, name), me="Ana")
    assert _changes(cli) == []


def test_control_the_sender_named_by_me_is_the_person(cli, quire_home, tmp_path):
    done = cli("import", str(_chat(tmp_path)), "--me", "Rui", "--json")
    assert done.exit_code == 0, done.stderr
    assert len(json.loads(done.stdout)["changes"]) == 2
    assert _changes(cli) == ["employer: Google -> Stripe", "home: Lisbon -> Porto"]


def test_control_a_chat_of_two_still_reads_the_persons_own_turns(cli, quire_home, tmp_path):
    chat = tmp_path / "WhatsApp Chat with Rui.txt"
    chat.write_text(
        "12/03/2024, 09:15 - Ana: I live in Lisbon now, near Alfama\n"
        "12/03/2024, 09:16 - Rui: nice! I work at Google since March\n"
        "15/05/2024, 10:00 - Ana: I moved to Porto last week\n",
        encoding="utf-8",
    )
    done = cli("import", str(chat), "--json")
    assert done.exit_code == 0, done.stderr
    assert len(json.loads(done.stdout)["changes"]) == 1  # Ana's move, read without --me: the chat is with Rui


# -- session 48: a one-sender chat named for no one, whose chat is told for the nightly hearing, --me later --

FAMILY_ONE = "WhatsApp Chat with Family.txt"


def _rehear(home: Path) -> int | None:
    """The nightly job's hearing again, as a newer quire's reading does it (memory/rehear.py)."""
    with Session(Home(home), actor="test") as s:
        return rehear.rehear(s.db, version=statements.READING + 1)


def test_a_one_sender_chat_named_for_no_one_is_not_read_as_the_persons(cli, quire_home, tmp_path):
    done = cli("import", str(_chat(tmp_path, FAMILY_ONE)), "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["changes"] == []
    (said,) = [w for w in report["warnings"] if "one sender" in w]
    assert "'Rui' is the one sender of a chat named 'Family'" in said and said.endswith(
        "give --me 'Rui' if 'Rui' is you"
    )
    assert _changes(cli) == []


def test_a_group_without_me_says_none_was_read_as_yours(cli, quire_home, tmp_path):
    chat = tmp_path / "WhatsApp Chat with Family.txt"
    chat.write_text(RUI + "15/05/2024, 10:05 - Ana: congrats on the move, see you soon\n", encoding="utf-8")
    done = cli("import", str(chat), "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["changes"] == []
    assert any("cannot tell which sender is you" in w and "--me" in w for w in report["warnings"])


@pytest.mark.parametrize("name", ["WhatsApp Chat with Rui.txt", FAMILY_ONE])
@pytest.mark.parametrize("me", [None, "Ana"])
def test_the_nightly_hearing_again_keeps_a_chat_the_import_said_was_not_the_persons(
    cli, quire_home, tmp_path, name, me
):
    """A newer reading (statements.READING) hears the person's untyped turns again: it had heard every
    one-sender chat's turns as the person's, so Rui's move reached the review queue the next night."""
    done = cli("import", str(_chat(tmp_path, name)), *(["--me", me] if me else []), "--json")
    assert done.exit_code == 0, done.stderr
    assert _rehear(quire_home) == 0
    assert _changes(cli) == []


def test_control_a_one_sender_chat_imported_before_its_owner_was_kept_is_heard_as_before(cli, quire_home, tmp_path):
    """The guard is the told owner: a session of one sender that names none (an import before session 48)
    is the person's, as it was."""
    assert cli("import", str(_chat(tmp_path, FAMILY_ONE))).exit_code == 0
    with Session(Home(quire_home), actor="test") as s, s.db.transaction():
        s.db.execute("UPDATE sessions SET owner = NULL")
    assert _rehear(quire_home) == 4
    assert _changes(cli) == ["employer: Google -> Stripe", "home: Lisbon -> Porto"]


@pytest.mark.parametrize("name", ["WhatsApp Chat with Rui.txt", FAMILY_ONE])
def test_importing_again_with_me_hears_the_turns_already_in(cli, quire_home, tmp_path, name):
    """The warning says "give --me 'Rui' if 'Rui' is you": doing so on the same file must read them."""
    chat = _chat(tmp_path, name)
    assert json.loads(cli("import", str(chat), "--json").stdout)["changes"] == []
    again = cli("import", str(chat), "--me", "Rui", "--json")
    assert again.exit_code == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["stored"] == 0 and len(report["changes"]) == 2
    assert _changes(cli) == ["employer: Google -> Stripe", "home: Lisbon -> Porto"]
    third = json.loads(cli("import", str(chat), "--me", "Rui", "--json").stdout)
    assert third["changes"] == []  # told the same owner: nothing heard twice
    assert _changes(cli) == ["employer: Google -> Stripe", "home: Lisbon -> Porto"]


def test_importing_a_group_again_with_me_hears_that_senders_turns(cli, quire_home, tmp_path):
    chat = tmp_path / "WhatsApp Chat with Family.txt"
    chat.write_text(
        "12/03/2024, 09:15 - Ana: I live in Lisbon now, near Alfama\n"
        "12/03/2024, 09:16 - Rui: I work at Google since March\n"
        "15/05/2024, 10:00 - Ana: I moved to Porto last week\n"
        "15/05/2024, 10:01 - Rui: I work at Stripe now\n",
        encoding="utf-8",
    )
    assert json.loads(cli("import", str(chat), "--json").stdout)["changes"] == []
    again = json.loads(cli("import", str(chat), "--me", "Ana", "--json").stdout)
    assert len(again["changes"]) == 1
    assert _changes(cli) == ["home: Lisbon -> Porto"]  # Ana's; Rui's job is not hers
