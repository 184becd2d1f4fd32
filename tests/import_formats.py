"""One set of conversations written in every format `quire import` reads, for tests that send the
same input class through each format (tests/test_import_siblings.py)."""

from __future__ import annotations

import json
from pathlib import Path

FORMATS = ("jsonl", "markdown", "chatgpt", "claude", "telegram", "chat-jsonl")

Conv = tuple[str, list[str]]  # (title, the person's messages / paragraphs)


def _chatgpt(convs: list[Conv]) -> list[dict]:
    out = []
    for c, (title, texts) in enumerate(convs):
        mapping: dict[str, dict] = {"root": {"id": "root", "message": None, "parent": None, "children": ["n0"]}}
        for i, text in enumerate(texts):
            mapping[f"n{i}"] = {
                "id": f"n{i}",
                "parent": "root" if i == 0 else f"n{i - 1}",
                "children": [f"n{i + 1}"] if i + 1 < len(texts) else [],
                "message": {
                    "id": f"n{i}",
                    "author": {"role": "user"},
                    "create_time": 1714550400 + i,
                    "content": {"content_type": "text", "parts": [text]},
                },
            }
        cid = f"conv-{c}"
        out.append(
            {
                "title": title,
                "id": cid,
                "conversation_id": cid,
                "create_time": 1714550400,
                "current_node": f"n{len(texts) - 1}",
                "mapping": mapping,
            }
        )
    return out


def _claude(convs: list[Conv]) -> list[dict]:
    return [
        {
            "uuid": f"c0ffee00-0000-4000-8000-00000000000{c}",
            "name": title,
            "created_at": "2024-03-15T08:01:02Z",
            "chat_messages": [
                {"uuid": f"m-{c}-{i}", "sender": "human", "text": text, "created_at": f"2024-03-15T08:0{i}:05Z"}
                for i, text in enumerate(texts)
            ],
        }
        for c, (title, texts) in enumerate(convs)
    ]


def _telegram(convs: list[Conv]) -> dict:
    """Telegram Desktop's account export: each conversation a chat of chats.list (no
    personal_information, so no sender is read as the person's without --me)."""
    chats = []
    for c, (title, texts) in enumerate(convs):
        messages = [
            {"id": 1, "type": "service", "date": "2024-05-01T08:00:00", "date_unixtime": "1714550400",
             "actor": "Ana", "action": "create_group", "text": ""},
            *(
                {"id": i + 2, "type": "message", "date": "2024-05-01T08:00:00", "date_unixtime": str(1714550400 + i),
                 "from": "Ana", "from_id": "user7", "text": text, "text_entities": [{"type": "plain", "text": text}]}
                for i, text in enumerate(texts)
            ),
        ]  # fmt: skip
        chats.append({"name": title, "type": "personal_chat", "id": 9000 + c, "messages": messages})
    return {"about": "Here is the data you requested.", "chats": {"about": "", "list": chats}}


def write(fmt: str, folder: Path, convs: list[Conv], *, newline: str = "\n", bom: bool = False) -> Path:
    """The conversations as `fmt` in `folder` (made): the path to import."""
    folder.mkdir(parents=True, exist_ok=True)
    head = "\ufeff" if bom else ""
    if fmt == "markdown":
        notes = folder / "notes"
        notes.mkdir(exist_ok=True)
        for c, (title, texts) in enumerate(convs):
            body = f"# {title}\n\n" + "\n\n".join(texts) + "\n"
            (notes / f"note-{c}.md").write_bytes((head + body).replace("\n", newline).encode("utf-8"))
        return notes
    if fmt in ("chatgpt", "claude", "telegram"):
        data = _telegram(convs) if fmt == "telegram" else _chatgpt(convs) if fmt == "chatgpt" else _claude(convs)
        path = folder / ("result.json" if fmt == "telegram" else "conversations.json")
        text = json.dumps(data, indent=1).replace("\n", newline)
    else:
        path = folder / ("captures.jsonl" if fmt == "jsonl" else "chat.jsonl")
        rows = [
            {"content": t}
            if fmt == "jsonl"
            else {"conversation": f"conv-{c}", "title": title, "speaker": "Ana", "role": "user", "text": t}
            for c, (title, texts) in enumerate(convs)
            for t in texts
        ]
        text = "".join(json.dumps(r) + newline for r in rows)
    path.write_bytes((head + text).encode("utf-8"))
    return path


def whatsapp_said(folder: Path, first: str, then: str) -> Path:
    """A WhatsApp chat in `folder` where Tom says `first`, Anna answers and Tom says `then` six days later: the
    path to import with `--me Tom`."""
    chat = folder / "WhatsApp Chat with Anna.txt"
    chat.write_text(
        f"03/01/24, 09:00 - Tom: {first}\n03/01/24, 09:02 - Anna: How is it going?\n09/01/24, 10:02 - Tom: {then}\n",
        encoding="utf-8",
    )
    return chat
