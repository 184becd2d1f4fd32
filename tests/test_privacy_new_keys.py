"""A new key or passphrase too weak to protect a home is refused on every route (the CLI's prompt,
`--key` from QUIRE_KEY or key_file, the library's `quire.privacy`), as a usage mistake (exit 2)
that says how long it must be, and nothing is changed: the home stays plaintext and readable.
Before: `QUIRE_KEY=abc quire encrypt --key` encrypted a home under a three-letter key, and the
library took any non-empty passphrase while its message said "at least 8 characters"."""

from __future__ import annotations

import pytest

from memory import keys
from memory.errors import UsageMistake
from memory.home import Home
from quire import privacy

TEXT = "Marisol Quenby prefers the quiet corner office near the east stairwell"


@pytest.fixture
def filled(cli, quire_home, monkeypatch):
    assert cli("capture", TEXT).exit_code == 0
    monkeypatch.delenv("QUIRE_KEY", raising=False)
    monkeypatch.setattr(keys, "keyring_available", lambda: False)
    yield quire_home
    keys._UNLOCKED.clear()


def _unchanged(cli, home) -> None:
    assert not keys.encrypted(home)
    assert not list(home.glob("*" + keys.CONVERSION_BACKUP))
    found = cli("recall", "Quenby corner office", "--json")
    assert found.exit_code == 0 and TEXT in found.stdout


@pytest.mark.parametrize("key", ["abc", "x" * (keys.LEAST_KEY - 1), "0123456789abcde\x01", "0123456789abcdef\x1b[2J"])
def test_a_short_or_unprintable_given_key_is_refused_before_anything_changes(cli, filled, monkeypatch, key):
    monkeypatch.setenv("QUIRE_KEY", key)
    done = cli("encrypt", "--key")
    assert done.exit_code == 2, done.stderr
    line = done.stderr.strip()
    assert "\n" not in line and ("at least 16" in line or "control characters" in line) and "Traceback" not in line
    monkeypatch.delenv("QUIRE_KEY")
    _unchanged(cli, filled)


def test_a_short_key_in_key_file_is_refused_the_same(cli, filled):
    key_file = filled.parent / "home.key"
    key_file.write_text("tooshort\n")
    key_file.chmod(0o600)
    (filled / "config.toml").write_text(f'key_file = "{key_file}"\n')
    done = cli("encrypt", "--key")
    assert done.exit_code == 2 and "has 8 characters: give at least 16" in done.stderr
    (filled / "config.toml").unlink()
    _unchanged(cli, filled)


def test_a_short_passphrase_is_refused_at_the_prompt(cli, filled):
    done = cli("encrypt", "--passphrase", input="short\nshort\n")
    assert done.exit_code == 2 and "at least 8 characters" in done.stderr
    _unchanged(cli, filled)


@pytest.mark.parametrize("phrase", [None, "", "seven77"])
def test_the_library_refuses_a_short_passphrase_as_the_cli_does(cli, filled, phrase):
    with pytest.raises(UsageMistake, match="at least 8 characters"):
        privacy.encrypt(Home(filled), "passphrase", passphrase=phrase)
    _unchanged(cli, filled)


def test_control_a_key_and_a_passphrase_of_the_least_length_are_taken(cli, filled, monkeypatch):
    """The control: the rule bites only below its bounds."""
    monkeypatch.setenv("QUIRE_KEY", "k" * keys.LEAST_KEY)
    done = cli("encrypt", "--key")
    assert done.exit_code == 0, done.stderr
    assert keys.encrypted(filled) and TEXT in cli("recall", "Quenby corner office", "--json").stdout
    assert keys.new_passphrase("eight888") == "eight888"
