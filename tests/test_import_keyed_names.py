"""A credential in a name an import reads (a file's, a chat's, a sender's) is never shown: every error and
warning says it as its kind, on every format. Session 48's warnings for a chat of one sender, or of
senders none of whom the chat is named for, quoted the chat's title and the senders' names as they were,
so "WhatsApp Chat with keys ghp_....txt" printed the key (a title holding a key is itself refused)."""

from __future__ import annotations

import json

import pytest

GHP = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"  # put together at run time: no key in the repository
SHOWN = "[REDACTED:github_token]"


def _said(out) -> str:
    return out.stdout + out.stderr


def _stored(cli) -> str:
    """Every current memory as `quire export` writes it (there was a `quire list` here, which is no
    command: its empty output held no key whatever was stored)."""
    out = cli("export")
    assert out.exit_code == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize("json_", [True, False])
def test_a_one_sender_chat_named_with_a_key(cli, tmp_path, json_):
    chat = tmp_path / f"WhatsApp Chat with keys {GHP}.txt"
    chat.write_text(
        "12/03/2024, 09:15 - Rui: I live in Lisbon now, near Alfama\n"
        "15/05/2024, 10:00 - Rui: I moved to Porto last week\n",
        encoding="utf-8",
    )
    out = cli("import", str(chat), *(["--json"] if json_ else []))
    assert GHP not in _said(out)
    assert f"a chat named 'keys {SHOWN}'" in _said(out) and "give --me 'Rui' if 'Rui' is you" in _said(out)
    stored = _stored(cli)
    assert "I moved to Porto last week" in stored and GHP not in stored


def test_a_sender_named_with_a_key_in_a_group(cli, tmp_path):
    chat = tmp_path / "WhatsApp Chat with Family.txt"
    chat.write_text(
        f"12/03/2024, 09:15 - Rui {GHP}: I live in Lisbon now, near Alfama\n"
        "12/03/2024, 09:16 - Ana: nice, see you at the weekend then\n",
        encoding="utf-8",
    )
    out = cli("import", str(chat), "--json")
    assert GHP not in _said(out)
    (said,) = [w for w in json.loads(out.stdout)["warnings"] if "cannot tell which sender is you" in w]
    assert f"'Rui {SHOWN}'" in said and "'Ana'" in said


def test_a_telegram_personal_chat_named_with_a_key(cli, tmp_path):
    said = [("1710234900", "I live in Lisbon now, near Alfama"), ("1715767200", "I moved to Porto last week")]
    messages = [
        {"id": i + 1, "type": "message", "date": "2024-03-12T09:15:00", "date_unixtime": at, "from": "Rui",
         "from_id": "user7", "text": text, "text_entities": [{"type": "plain", "text": text}]}
        for i, (at, text) in enumerate(said)
    ]  # fmt: skip
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"name": f"keys {GHP}", "type": "personal_chat", "id": 1, "messages": messages}))
    out = cli("import", str(path), "--json")
    assert GHP not in _said(out)
    assert any("one sender" in w and SHOWN in w for w in json.loads(out.stdout)["warnings"])


def test_a_note_and_a_captures_file_named_with_a_key(cli, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / f"boiler {GHP}.md").write_text("# Boiler\n\nThe boiler was serviced in May by Hendrik.\n")
    out = cli("import", str(vault), "--json")
    assert GHP not in _said(out) and SHOWN in _said(out)
    captures = tmp_path / f"captures {GHP}.jsonl"
    captures.write_text('{"content": "ok"}\n')
    out = cli("import", str(captures), "--json")
    assert GHP not in _said(out) and SHOWN in _said(out)
    assert _stored(cli) == ""  # the note's source is its file's name, which holds the key: refused


def test_control_a_name_without_a_key_is_shown_as_it_is(cli, tmp_path):
    chat = tmp_path / "WhatsApp Chat with Family.txt"
    chat.write_text("12/03/2024, 09:15 - Rui: I live in Lisbon now, near Alfama\n", encoding="utf-8")
    out = cli("import", str(chat), "--json")
    assert any("'Rui' is the one sender of a chat named 'Family'" in w for w in json.loads(out.stdout)["warnings"])


def test_a_chat_jsonl_file_named_with_a_key_writes_no_key_when_a_turn_is_redated(cli, tmp_path, db):
    # A re-imported turn whose time was edited is redated, and the audit log names the line it came from:
    # the chat JSONL reader named it by the file's own name, key and all (the other formats' by `Source.name`).
    path = tmp_path / f"chat {GHP}.jsonl"
    line = {"conversation": "c1", "role": "user", "text": "I moved to Lisbon last week, the flat in Alfama worked out"}
    path.write_text(json.dumps({**line, "time": "2024-03-12T09:15:00Z"}) + "\n", encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0
    path.write_text(json.dumps({**line, "time": "2024-03-13T09:15:00Z"}) + "\n", encoding="utf-8")
    out = cli("import", str(path), "--json")
    assert out.exit_code == 0 and GHP not in _said(out), out.stderr
    redated = db.rows("SELECT detail FROM audit_log WHERE action = 'memory_redate'")
    (source,) = [json.loads(detail)["source"] for (detail,) in redated]
    assert source == f"chat {SHOWN}.jsonl:1"
