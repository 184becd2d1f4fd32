"""A restore puts an older store back under a vault the later rebuilds wrote: the next rebuild
leaves the vault as a full rebuild from the restored store would, and keeps what a person wrote."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

POSTGRES = [f"Postgres replica number {i} streams changes from the primary server." for i in range(3)]
KAFKA = [f"Kafka broker number {i} keeps seven days of retention for its topics." for i in range(3)]
PATRONI = "Postgres failover is handled by Patroni with a two node quorum."
NOTE = "My own note: the replicas are rebuilt from base backups every spring."


@pytest.fixture
def pinned(monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", "2026-08-01T09:00:00Z")


def _vault(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((home / "wiki").glob("*.md"))}


def _backed_up_then_moved_on(cli, cli_json) -> Path:
    """Postgres pages built and backed up; then Kafka pages and a Patroni fact built after it."""
    for text in POSTGRES:
        cli_json("capture", text, "--entity", "Postgres")
    assert cli("rebuild").exit_code == 0
    backup = Path(cli_json("backup")["path"])
    for text in KAFKA:
        cli_json("capture", text, "--entity", "Kafka")
    cli_json("capture", PATRONI, "--entity", "Postgres")
    assert cli("rebuild").exit_code == 0
    return backup


def _pushed_then_moved_on(cli, cli_json, url: str) -> list[str]:
    """Postgres pages built and the store pushed to the server at `url`; then Kafka pages built
    after it. The Postgres memories' ids."""
    ids = [cli_json("capture", text, "--entity", "Postgres")["id"] for text in POSTGRES]
    assert cli("rebuild").exit_code == 0
    assert cli_json("store", "push", url)["verified"]
    for text in KAFKA:
        cli_json("capture", text, "--entity", "Kafka")
    assert cli("rebuild").exit_code == 0
    return ids


def _reference(backup: Path, tmp_path: Path, cli, monkeypatch, *first: str) -> dict[str, bytes]:
    """What a full rebuild from the restored store writes into a vault of its own (after the
    command `first`, when given, run on that store too)."""
    other = tmp_path / "reference"
    other.mkdir()
    shutil.copyfile(backup, other / "quire.db")
    monkeypatch.setenv("QUIRE_HOME", str(other))
    if first:
        assert cli(*first).exit_code == 0
    assert cli("rebuild", "--full").exit_code == 0
    return _vault(other)


def _rebuilt_as_quire_s(cli) -> dict:
    """The next rebuild's report, which found no page of the person's to keep or remove."""
    out = cli("rebuild", "--json")
    assert out.exit_code == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["hand_edits"] == [] and report["deletions"] == [], report
    return report


def _settled(cli) -> None:
    """A rebuild after that one writes nothing and warns of nothing."""
    again = json.loads(cli("rebuild", "--json").stdout)
    assert (again["written"], again["hand_edits"], again["warnings"]) == (0, [], []), again


def test_the_rebuild_after_a_restore_leaves_the_vault_a_full_rebuild_of_the_restored_store_would(
    cli, cli_json, quire_home, tmp_path, monkeypatch, pinned
):
    """It left kafka.md (its memories not in the restored store) and took the later postgres.md
    and index.md, which quire itself wrote, for hand edits: the pages turned human-owned, the
    index warned of them at every run and lint found a citation of a memory the store lacks."""
    backup = _backed_up_then_moved_on(cli, cli_json)
    assert "kafka.md" in _vault(quire_home)
    assert cli("restore", str(backup)).exit_code == 0
    _rebuilt_as_quire_s(cli)
    assert _vault(quire_home) == _reference(backup, tmp_path, cli, monkeypatch)
    monkeypatch.setenv("QUIRE_HOME", str(quire_home))
    _settled(cli)
    assert cli("lint").exit_code == 0


def test_a_hand_edit_made_after_the_last_rebuild_survives_the_restore(cli, cli_json, quire_home, tmp_path, pinned):
    """A file the person changed since quire wrote it is theirs: recorded as a hand edit, never
    overwritten or removed, whichever store is put back."""
    backup = _backed_up_then_moved_on(cli, cli_json)
    page = quire_home / "wiki" / "postgres.md"
    page.write_text(page.read_text().replace("\n## ", f"\n{NOTE}\n\n## ", 1))
    kafka = quire_home / "wiki" / "kafka.md"
    kafka.write_text(kafka.read_text() + f"\n{NOTE}\n")
    assert cli("restore", str(backup)).exit_code == 0
    report = json.loads(cli("rebuild", "--json").stdout)
    assert "postgres" in report["hand_edits"], report
    assert NOTE in page.read_text() and NOTE in kafka.read_text()


def test_a_forced_pull_of_an_older_store_is_rebuilt_as_a_restore_is(cli, cli_json, quire_home, sqld_url, pinned):
    """`store pull --force` puts the server's store in place of this one: the same case as a restore."""
    _pushed_then_moved_on(cli, cli_json, sqld_url)
    assert cli_json("store", "pull", sqld_url, "--force")["verified"]
    _rebuilt_as_quire_s(cli)
    assert "kafka.md" not in _vault(quire_home)
    _settled(cli)


def test_a_rollback_right_after_a_restore_takes_no_file_of_the_store_before_for_a_person_s(
    cli, cli_json, quire_home, tmp_path, monkeypatch, pinned
):
    """`quire rollback` between the restore and the next rebuild dropped the record that says which
    files quire wrote: the index was kept as "yours" and the Kafka page stayed for good."""
    backup = _backed_up_then_moved_on(cli, cli_json)
    assert cli("restore", str(backup)).exit_code == 0
    rolled = cli("rollback")
    assert rolled.exit_code == 0 and "yours" not in rolled.stdout, rolled.stdout
    assert "kafka.md" not in _vault(quire_home)
    _rebuilt_as_quire_s(cli)
    assert _vault(quire_home) == _reference(backup, tmp_path, cli, monkeypatch)


def test_a_forget_right_after_a_restore_leaves_the_next_rebuild_the_vault_a_full_rebuild_would(
    cli, cli_json, quire_home, tmp_path, monkeypatch, pinned
):
    """A forget that drops the plan record (the memory was on About me or a cluster) between the
    restore and the next rebuild took the record that says which files the store before wrote: the
    Kafka page and the later index stayed, kept as the person's."""
    lisbon = cli_json("capture", "I moved to Lisbon in the spring with my partner.")["id"]
    backup = _backed_up_then_moved_on(cli, cli_json)
    assert cli("restore", str(backup)).exit_code == 0
    assert cli("forget", lisbon).exit_code == 0
    _rebuilt_as_quire_s(cli)
    assert "kafka.md" not in _vault(quire_home)
    assert _vault(quire_home) == _reference(backup, tmp_path, cli, monkeypatch, "forget", lisbon)


def test_a_forced_pull_of_a_store_another_device_forgot_in_is_rebuilt_as_a_restore_is(
    cli, cli_json, quire_home, sqld_url, tmp_path, pinned
):
    """The rebuild after the pull first catches up with the forgets made on the server (they clear
    the caches, the plan record with them): the record that tells the store before's files from a
    person's went before they were settled, and the index and Kafka page were kept as hand edits."""
    from tests.conftest import run_forked as run_quire  # another device on the server

    ids = _pushed_then_moved_on(cli, cli_json, sqld_url)
    desktop = tmp_path / "desktop"
    desktop.mkdir()
    (desktop / "config.toml").write_text(f'[store]\nurl = "{sqld_url}"\n')
    assert run_quire("forget", ids[0], env={"QUIRE_HOME": str(desktop), "QUIRE_EMBEDDER": "fake"}).returncode == 0
    assert cli_json("store", "pull", sqld_url, "--force")["verified"]
    _rebuilt_as_quire_s(cli)
    assert "kafka.md" not in _vault(quire_home)
    _settled(cli)


@pytest.mark.parametrize("conversion", ["encrypt", "decrypt"])
def test_an_encrypt_or_decrypt_right_after_a_restore_leaves_the_next_rebuild_the_vault_a_full_rebuild_would(
    cli, cli_json, quire_home, tmp_path, monkeypatch, pinned, keyed, conversion
):
    """`quire encrypt`, `rekey` and `decrypt` drop the caches, the rebuild's plan record with them:
    between a restore and the next rebuild that record alone tells the store before's files from a
    person's, so the Kafka page and the later index stayed, kept as the person's edits."""
    if conversion == "decrypt":
        assert cli("encrypt", "--key").exit_code == 0
    backup = _backed_up_then_moved_on(cli, cli_json)
    assert cli("restore", str(backup)).exit_code == 0
    reference = None
    if conversion == "encrypt":  # the backups are encrypted with the home: the reference is built first
        reference = _reference(backup, tmp_path, cli, monkeypatch)
        monkeypatch.setenv("QUIRE_HOME", str(quire_home))
    converted = cli(conversion) if conversion == "decrypt" else cli("encrypt", "--key")
    assert converted.exit_code == 0, converted.stderr
    _rebuilt_as_quire_s(cli)
    assert "kafka.md" not in _vault(quire_home)
    if reference is None:  # a decrypt turned the backups back to plaintext
        monkeypatch.delenv("QUIRE_KEY")
        reference = _reference(backup, tmp_path, cli, monkeypatch)
    assert _vault(quire_home) == reference


def test_the_cache_deleted_right_after_a_restore_leaves_the_next_rebuild_the_vault_a_full_rebuild_would(
    cli, cli_json, quire_home, tmp_path, monkeypatch, pinned
):
    """cache/ is derived and safe to delete (README), but the rebuild's plan record in it was all
    that told the store before's files from a person's: deleted after a restore, the Kafka page and
    the later index stayed, kept as the person's edits. The restore settles them at once now."""
    backup = _backed_up_then_moved_on(cli, cli_json)
    assert cli("restore", str(backup)).exit_code == 0
    shutil.rmtree(quire_home / "cache")
    _rebuilt_as_quire_s(cli)
    assert _vault(quire_home) == _reference(backup, tmp_path, cli, monkeypatch)


def test_the_cache_deleted_right_after_a_forced_pull_changes_nothing_either(
    cli, cli_json, quire_home, sqld_url, pinned
):
    _pushed_then_moved_on(cli, cli_json, sqld_url)
    assert cli_json("store", "pull", sqld_url, "--force")["verified"]
    shutil.rmtree(quire_home / "cache")
    _rebuilt_as_quire_s(cli)
    assert "kafka.md" not in _vault(quire_home)
