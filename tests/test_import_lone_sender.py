"""A chat of people where one sender wrote everything is that sender's, not the person's, once the
person is known: imported with --me naming someone else, or named for that sender ("WhatsApp Chat with
Rui.txt" where only Rui wrote). Rui's move and new job had opened review items in the person's life."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire

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
