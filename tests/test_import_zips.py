"""Zips people have that are no chat export: a zipped notes folder, an empty zip. Each is one line
naming what to do, exit 1, nothing stored."""

from __future__ import annotations

import zipfile
from pathlib import Path


def test_a_zipped_notes_folder_is_told_to_be_unzipped(cli, tmp_path: Path):
    # A zipped Obsidian vault had been told it lacked a conversations.json, which it never had.
    with zipfile.ZipFile(tmp_path / "vault.zip", "w") as archive:
        archive.writestr("vault/People/Tomasz.md", "# Tomasz\n\nTomek fixed the boiler at the cottage in March.\n")
    result = cli("import", str(tmp_path / "vault.zip"))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: {tmp_path / 'vault.zip'} is a zip of Markdown notes; unzip it and import the folder "
        "(quire import FOLDER)"
    ]


def test_an_empty_zip_is_said_to_be_empty(cli, tmp_path: Path, quire_home: Path):
    # A zip of no files opens with the end-of-archive mark (PK\x05\x06): it had read as no zip at all.
    zipfile.ZipFile(tmp_path / "export.zip", "w").close()
    result = cli("import", str(tmp_path / "export.zip"))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: {tmp_path / 'export.zip'} is an empty zip: nothing to import; download the export again"
    ]
