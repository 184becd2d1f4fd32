"""`quire restore` of a backup whose kind differs from the home's: a plain backup into an encrypted
home, an encrypted one into a plain home. A restore puts the backup back as it is (docs/trust.md),
it does not convert, so it refuses in one line saying what the backup is, what the home is and how
to proceed, and the home's database stays byte-identical."""

from __future__ import annotations

import shutil

TEXTS = ["the boiler is serviced every October", "Ines waters the plants on Tuesdays"]
LATER = "the bins go out on Thursday evenings"


def _backup_aside(cli, cli_json, quire_home, tmp_path):
    """Two memories, a verified backup copied out of the home (a conversion converts the home's own)."""
    for text in TEXTS:
        assert cli("capture", text).exit_code == 0
    made = cli_json("backup")
    aside = tmp_path / "aside.db"
    shutil.copyfile(made["path"], aside)
    return aside


def _refused_and_untouched(cli, cli_json, quire_home, backup, says):
    assert cli("capture", LATER).exit_code == 0
    total = cli_json("status")["total"]
    before = {p.name: p.read_bytes() for p in quire_home.glob("quire.db*")}
    result = cli("restore", str(backup))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    for words in says:
        assert words in result.stderr, result.stderr
    assert {p.name: p.read_bytes() for p in quire_home.glob("quire.db*")} == before
    assert cli_json("status")["total"] == total


def test_a_plain_backup_is_not_restored_into_an_encrypted_home(cli, cli_json, quire_home, tmp_path, keyed):
    backup = _backup_aside(cli, cli_json, quire_home, tmp_path)
    assert cli("encrypt", "--key").exit_code == 0
    says = [f"{backup} is a plaintext backup", "this home is encrypted", "quire decrypt"]
    _refused_and_untouched(cli, cli_json, quire_home, backup, says)


def test_an_encrypted_backup_is_not_restored_into_a_plain_home(cli, cli_json, quire_home, tmp_path, keyed):
    assert cli("capture", "the first memory before the home was encrypted").exit_code == 0
    assert cli("encrypt", "--key").exit_code == 0
    backup = _backup_aside(cli, cli_json, quire_home, tmp_path)
    assert cli("decrypt").exit_code == 0
    says = [f"{backup} is not a quire backup", "an encrypted one while this home is not encrypted", "quire encrypt"]
    _refused_and_untouched(cli, cli_json, quire_home, backup, says)


def test_an_empty_backup_path_is_refused_as_empty_not_as_the_folder_it_ran_in(cli, cli_json, quire_home, monkeypatch):
    # Before: `quire restore "$BACKUP"` with BACKUP unset read Path("."): ". is not a file".
    assert cli("capture", TEXTS[0]).exit_code == 0
    monkeypatch.chdir(quire_home)
    before = {p.name: p.read_bytes() for p in quire_home.glob("quire.db*")}
    for path in ("", "  "):
        result = cli("restore", path)
        assert result.exit_code == 2 and "BACKUP_FILE: is empty; give the file" in result.stderr, result.stderr
    assert {p.name: p.read_bytes() for p in quire_home.glob("quire.db*")} == before
