"""A time an exporter writes for "no time" is no time in every format and in every spelling: Unix 0
was refused (before 1990), but "1970-01-01T00:00:00Z", the same instant written as ISO text (a
converter's epoch 0, a Claude export rebuilt by a script, a WhatsApp phone whose clock was reset),
dated the message to 1970 without a word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire

TEXT = "My cousin lives in Haifa and works at the port authority office"


def _claude(path: Path, when: str) -> Path:
    conv = {
        "uuid": "c1",
        "name": "Haifa",
        "created_at": "2024-01-01T10:00:00Z",
        "chat_messages": [{"uuid": "m1", "sender": "human", "text": TEXT, "created_at": when}],
    }
    path.joinpath("conversations.json").write_text(json.dumps([conv]))
    return path / "conversations.json"


def _chatgpt(path: Path, when: str) -> Path:
    node = {"id": "a", "parent": None, "children": [], "message": {"id": "a", "author": {"role": "user"},
            "create_time": when, "content": {"content_type": "text", "parts": [TEXT]}}}  # fmt: skip
    conv = {"id": "c1", "title": "Haifa", "create_time": 1704103200, "current_node": "a", "mapping": {"a": node}}
    path.joinpath("conversations.json").write_text(json.dumps([conv]))
    return path / "conversations.json"


def _jsonl(path: Path, when: str) -> Path:
    line = {"conversation": "c1", "role": "user", "text": TEXT, "time": when, "title": "Haifa"}
    path.joinpath("chat.jsonl").write_text(json.dumps(line) + "\n")
    return path / "chat.jsonl"


def _whatsapp(path: Path, when: str) -> Path:
    day = "01/01/1970, 00:00" if when.startswith("1970") else "01/01/1989, 12:00"
    chat = f"02/01/2024, 09:00 - Anna: Happy new year to you and the family\n{day} - Anna: {TEXT}\n"
    path.joinpath("WhatsApp Chat with Anna.txt").write_text(chat)
    return path / "WhatsApp Chat with Anna.txt"


@pytest.mark.parametrize("write", [_claude, _chatgpt, _jsonl, _whatsapp], ids=lambda w: w.__name__[1:])
@pytest.mark.parametrize("when", ["1970-01-01T00:00:00Z", "1970-01-01T00:00:00+00:00", "1989-12-31T23:59:59Z"])
def test_a_time_before_1990_in_iso_text_is_said_and_not_the_messages_day(quire_home, tmp_path, write, when):
    # An export's message takes its conversation's time (a warning); a chat JSONL line, which the
    # person wrote, is refused with its line number, as Unix 0 there is.
    with quire.open(quire_home) as q:
        report = q.import_path(write(tmp_path, when))
        hits = q.recall("cousin Haifa port authority", k=1, detail=True, no_floor=True).results
    if write is _jsonl:
        assert report.stored == 0 and report.bad_units == 1
    else:
        assert hits[0].content == TEXT
        assert not hits[0].date.startswith(("1970", "1989")), hits[0].date
    said = report.errors + report.warnings
    assert any("before 1990" in line for line in said), said
