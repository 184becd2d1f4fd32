"""A file sent in a chat is named in what lands, the same from iOS as from Android and Telegram: iOS
writes "<attached: 00000034-Invoice_March_2024.pdf>", which had read as a media placeholder (the
message lost, counted as empty) or, with a caption, kept the tag and its marks in the text."""

from __future__ import annotations

import json
from pathlib import Path

import quire
from memory import whatsapp
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point
from tests.test_service import served  # noqa: F401  (the fixture)

LRM = "\u200e"
IOS = (
    f"[13.03.24, 21:05:00] Anna: {LRM}<attached: 00000034-Invoice_March_2024.pdf>\n"
    f"[13.03.24, 21:08:00] Anna: {LRM}<attached: 00000035-PHOTO-2024-03-13-21-08-00.jpg>\n"
    "This is the kitchen tile we picked for the new flat\n"
    "[13.03.24, 21:09:00] Tom: Lovely tile, the grey one goes well with the oak\n"
)
ANDROID = (
    "13/03/2024, 21:05 - Anna: Invoice_March_2024.pdf (file attached)\n"
    "13/03/2024, 21:08 - Anna: PHOTO-2024-03-13-21-08-00.jpg (file attached)\n"
    "This is the kitchen tile we picked for the new flat\n"
    "13/03/2024, 21:09 - Tom: Lovely tile, the grey one goes well with the oak\n"
)


def _texts(chat: str) -> list[str]:
    return [said.text for said in whatsapp.messages(enumerate(chat.splitlines(keepends=True), 1), "dmy")]


def test_an_ios_attachment_is_named_as_android_names_it():
    assert (
        _texts(IOS)
        == _texts(ANDROID)
        == [
            "Invoice_March_2024.pdf (file attached)",
            "PHOTO-2024-03-13-21-08-00.jpg (file attached)\nThis is the kitchen tile we picked for the new flat",
            "Lovely tile, the grey one goes well with the oak",
        ]
    )


def test_an_ios_chat_with_files_lands_as_the_android_one(tmp_path: Path):
    landed = {}
    for name, chat in (("ios", IOS), ("android", ANDROID)):
        path = tmp_path / name / "WhatsApp Chat with Anna.txt"
        path.parent.mkdir()
        path.write_text(chat, encoding="utf-8")
        with quire.open(tmp_path / f"home-{name}") as q:
            report = q.import_path(path, keep_all=True)
            hits = q.recall("Invoice_March_2024.pdf", k=3, detail=True).results
        landed[name] = (report.stored, report.empty, {h.content for h in hits})
    assert landed["ios"] == landed["android"]
    assert landed["ios"][:2] == (3, 0) and "Invoice_March_2024.pdf (file attached)" in landed["ios"][2]


def _telegram(path: Path, *extra: dict) -> Path:
    base = {"type": "message", "date": "2024-03-01T10:03:00", "date_unixtime": "1709287380", "from": "Tom"}
    msgs = [
        {**base, "id": 1, "text": "Here are the papers for the Porto weekend we talked about"},
        *({**base, "id": 2 + i, **e} for i, e in enumerate(extra)),
    ]
    out = path / "result.json"
    out.write_text(json.dumps({"name": "Anna", "type": "personal_chat", "id": 7, "messages": msgs}))
    return out


def test_a_telegram_document_is_named_as_whatsapp_names_a_file(tmp_path: Path):
    # Telegram names a document in `file_name`; without a caption it had landed as nothing (empty).
    doc = {"file": "files/Booking_Confirmation_Porto.pdf", "file_name": "Booking_Confirmation_Porto.pdf"}
    path = _telegram(
        tmp_path,
        {**doc, "mime_type": "application/pdf", "text": ""},
        {**doc, "file_name": "Insurance_Porto.pdf", "text": ["The ", {"type": "bold", "text": "insurance"}, " too"]},
        {"file": "stickers/s.webp", "file_name": "sticker.webp", "media_type": "sticker", "text": ""},
    )
    with quire.open(tmp_path / "home") as q:
        report = q.import_path(path, keep_all=True)
        hits = q.recall("Booking_Confirmation_Porto.pdf Insurance_Porto.pdf", k=5, detail=True, no_floor=True)
    assert report.empty == 1  # the sticker: its file is no document anyone named
    assert {h.content for h in hits.results} >= {
        "Booking_Confirmation_Porto.pdf (file attached)",
        "Insurance_Porto.pdf (file attached)\nThe insurance too",
    }


def _claude_export(path: Path) -> Path:
    msg = {"sender": "human", "created_at": "2024-03-01T10:00:00Z"}
    convs = [
        {
            "uuid": "c1",
            "name": "Lease",
            "created_at": "2024-03-01T10:00:00Z",
            "chat_messages": [
                {**msg, "uuid": "m1", "text": "", "attachments": [{"file_name": "Lease_Agreement_2024.pdf",
                 "file_type": "pdf", "file_size": 5, "extracted_content": "Clause one ..."}], "files": []},
                {**msg, "uuid": "m2", "text": "Is this damp patch something the landlord must fix?",
                 "attachments": [], "files": [{"file_name": "bathroom_ceiling.jpg"}]},
            ],
        }
    ]  # fmt: skip
    out = path / "conversations.json"
    out.write_text(json.dumps(convs))
    return out


def _chatgpt_export(path: Path) -> Path:
    message = {"id": "a", "author": {"role": "user"}, "create_time": 1709287200,
               "content": {"content_type": "multimodal_text", "parts": [
                   {"content_type": "image_asset_pointer", "asset_pointer": "file-service://file-x"},
                   "Is this damp patch something the landlord must fix?"]},
               "metadata": {"attachments": [{"id": "file-x", "name": "bathroom_ceiling.jpg"}]}}  # fmt: skip
    conv = {"id": "c1", "title": "Lease", "create_time": 1709287200, "current_node": "a",
            "mapping": {"a": {"id": "a", "parent": None, "children": [], "message": message}}}  # fmt: skip
    out = path / "conversations.json"
    out.write_text(json.dumps([conv]))
    return out


def _landed(home: Path, path: Path) -> set[str]:
    with quire.open(home) as q:
        q.import_path(path, keep_all=True)
        return {h.content for h in q.recall("landlord damp lease", k=5, detail=True, no_floor=True).results}


def test_a_file_given_to_claude_is_named(tmp_path: Path):
    # Claude's export names a message's files in `attachments` (text it read) and `files` (images);
    # a file sent without words had landed as nothing, and the names were dropped everywhere.
    assert _landed(tmp_path / "home", _claude_export(tmp_path)) == {
        "Lease_Agreement_2024.pdf (file attached)",
        "bathroom_ceiling.jpg (file attached)\nIs this damp patch something the landlord must fix?",
    }


def test_a_file_given_to_chatgpt_is_named_as_claudes(tmp_path: Path):
    assert _landed(tmp_path / "home", _chatgpt_export(tmp_path)) == {
        "bathroom_ceiling.jpg (file attached)\nIs this damp patch something the landlord must fix?"
    }


def test_files_are_named_the_same_through_a_running_service(served, quire_home, tmp_path: Path):  # noqa: F811
    chat = tmp_path / "WhatsApp Chat with Anna.txt"
    chat.write_text(IOS, encoding="utf-8")
    claude = _claude_export(tmp_path)
    served()
    result = run_quire("import", str(chat), str(claude), "--keep-all", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["empty"] == 0
    found = run_quire("recall", "Invoice_March_2024.pdf Lease_Agreement_2024.pdf", "-k", "9", "--no-floor", "--json")
    texts = {hit.get("text", hit.get("content")) for hit in json.loads(found.stdout)["results"]}
    assert {"Invoice_March_2024.pdf (file attached)", "Lease_Agreement_2024.pdf (file attached)"} <= texts
