"""Telegram's one-chat export of a personal chat only the other person wrote in (a chat with Rui, where
only Rui wrote) reads nothing of the person's life, as WhatsApp's "WhatsApp Chat with Rui.txt" does, and
says so with the same warning naming --me: it had read nothing silently. Given --me, the same file then
reads Rui's turns, once."""

from __future__ import annotations

import json
from pathlib import Path

from memory import rehear, statements
from memory.home import Home
from memory.session import Session
from tests.test_import_lone_sender import _changes

SAID = (
    (1710234900, "I live in Lisbon now, near Alfama"),
    (1710234960, "I work at Google since March"),
    (1715767200, "I moved to Porto last week"),
    (1715767260, "I work at Stripe now"),
)


def _export(tmp_path: Path, senders: tuple[str, ...] = ("Rui",), name: str = "Rui") -> Path:
    """A Telegram Desktop one-chat export (result.json) of a personal chat named `name`."""
    messages = [
        {"id": i + 1, "type": "message", "date": "2024-03-12T09:15:00", "date_unixtime": str(at),
         "from": senders[i % len(senders)], "from_id": f"user{70 + i % len(senders)}", "text": text,
         "text_entities": [{"type": "plain", "text": text}]}
        for i, (at, text) in enumerate(SAID)
    ]  # fmt: skip
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"name": name, "type": "personal_chat", "id": 4242, "messages": messages}), "utf-8")
    return path


def test_a_personal_chat_only_the_other_wrote_in_warns_and_reads_nothing(cli, quire_home, tmp_path):
    done = cli("import", str(_export(tmp_path)), "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["stored"] == 4 and report["changes"] == []
    assert report["warnings"] == [
        "result.json: the chat is with 'Rui', its one sender, so no message of it is read as yours; "
        "give --me 'Rui' if 'Rui' is you"
    ]
    assert _changes(cli) == []
    with Session(Home(quire_home), actor="test") as s:
        assert rehear.rehear(s.db, version=statements.READING + 1) == 0  # nor the night a reading improves
    assert _changes(cli) == []


def test_its_warnings_advice_reads_the_turns_already_in_once(cli, quire_home, tmp_path):
    export = _export(tmp_path)
    assert cli("import", str(export)).exit_code == 0
    again = json.loads(cli("import", str(export), "--me", "Rui", "--json").stdout)
    assert again["stored"] == 0 and len(again["changes"]) == 2
    assert json.loads(cli("import", str(export), "--me", "Rui", "--json").stdout)["changes"] == []
    assert _changes(cli) == ["employer: Google -> Stripe", "home: Lisbon -> Porto"]


def test_a_personal_chat_named_for_neither_sender_says_it_cannot_tell(cli, quire_home, tmp_path):
    done = cli("import", str(_export(tmp_path, ("Rui", "Ana"), name="Rui P")), "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["changes"] == []
    assert any("cannot tell which sender is you" in w and "--me" in w for w in report["warnings"])


def test_control_a_chat_of_two_named_for_one_reads_the_other_as_the_person(cli, quire_home, tmp_path):
    """Ana writes the first and third messages (her home and move): the chat is with Rui, so Ana is you."""
    done = cli("import", str(_export(tmp_path, ("Ana", "Rui"))), "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert any("the messages from 'Ana' are read as yours" in w for w in report["warnings"])
    assert not any("cannot tell" in w or "one sender" in w for w in report["warnings"])
    assert _changes(cli) == ["home: Lisbon -> Porto"]


def test_control_an_account_export_is_not_said_to_be_one_chat(cli, quire_home, tmp_path):
    """An export of several chats (no personal_information) whose first chat only Rui wrote in is not "the chat
    with 'Rui'": the warning is a one-chat export's."""
    one = json.loads(_export(tmp_path).read_text("utf-8"))
    mia = {
        **one,
        "name": "Mia",
        "id": 4343,
        "messages": [{**m, "from": "Mia", "from_id": "user9", "text": "Mia: " + m["text"]} for m in one["messages"]],
    }
    path = tmp_path / "account.json"
    path.write_text(json.dumps({"about": "", "chats": {"about": "", "list": [one, mia]}}), "utf-8")
    done = cli("import", str(path), "--format", "telegram", "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["stored"] == 8 and report["changes"] == []
    assert not any("one sender" in w for w in report["warnings"])
