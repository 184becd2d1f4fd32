"""Exports as a person has them on disk: an empty file named by what it should have been, and the
folder an export unpacks to (Telegram's DataExport with result.json, an unzipped WhatsApp chat or
ChatGPT export) answered with the file to import, in one line."""

from __future__ import annotations

import zipfile

import pytest


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("WhatsApp Chat with Anna.txt", "WhatsApp"),
        ("_chat.txt", "WhatsApp"),
        ("result.json", "Telegram"),
        ("conversations.json", "conversations.json"),
    ],
)
def test_an_empty_export_names_what_to_export_again(cli, session, tmp_path, name, said):
    path = tmp_path / name
    path.write_bytes(b"")
    out = cli("import", str(path))
    assert out.exit_code == 1 and "is empty" in out.stderr and said in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    if said != "conversations.json":
        assert "conversations.json" not in out.stderr


@pytest.mark.parametrize(("member", "said"), [("_chat.txt", "WhatsApp"), ("DataExport/result.json", "Telegram")])
def test_an_empty_export_in_a_zip_names_what_to_export_again(cli, session, tmp_path, member, said):
    path = tmp_path / "WhatsApp Chat - Mama.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(member, "")
    out = cli("import", str(path))
    assert out.exit_code == 1 and "is empty" in out.stderr and said in out.stderr, out.stderr
    assert "--format" not in out.stderr


@pytest.mark.parametrize(
    ("inside", "text"),
    [
        ("DataExport_2024-01-05/result.json", '{"name": "Anna", "type": "personal_chat", "id": 1, "messages": []}'),
        ("result.json", '{"name": "Anna", "type": "personal_chat", "id": 1, "messages": []}'),
        ("WhatsApp Chat with Anna/WhatsApp Chat with Anna.txt", "12/30/23, 9:15 PM - Anna: Hi there\n"),
        ("chatgpt-export/conversations.json", "[]"),
    ],
)
def test_a_folder_an_export_unpacked_to_names_the_file_to_import(cli, session, tmp_path, inside, text):
    folder = tmp_path / "Downloads"
    (folder / inside).parent.mkdir(parents=True, exist_ok=True)
    (folder / inside).write_text(text, encoding="utf-8")
    (folder / "photos").mkdir(exist_ok=True)
    out = cli("import", str(folder))
    assert out.exit_code == 1, out.stderr
    assert str(folder / inside) in out.stderr and "import" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert session.db.scalar("SELECT count(*) FROM memories") == 0
