"""A file sent in a WhatsApp chat is named in what lands, the same from iOS as from Android: iOS
writes "<attached: 00000034-Invoice_March_2024.pdf>", which had read as a media placeholder (the
message lost, counted as empty) or, with a caption, kept the tag and its marks in the text."""

from __future__ import annotations

from pathlib import Path

import quire
from memory import whatsapp

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
