"""config.toml, the token file and the key file go through the one reader and decoder."""

from __future__ import annotations

import os

import pytest

from memory.errors import InvalidInput
from memory.home import Home, load_settings


def test_a_config_with_a_bom_is_read(cli_json, quire_home):
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_bytes(b'\xef\xbb\xbfwiki_dir = "vault"\n')
    assert cli_json("status")["wiki"] == str(quire_home / "vault")


def test_a_latin1_config_names_its_encoding(cli, quire_home):
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_bytes(b'wiki_dir = "caf\xe9"\n')
    result = cli("status")
    assert result.exit_code == 1 and "Latin-1" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.timeout(30)
def test_a_fifo_named_config_is_refused_not_waited_on(cli, quire_home):
    quire_home.mkdir(parents=True)
    os.mkfifo(quire_home / "config.toml")
    result = cli("status")
    assert result.exit_code == 1 and "not a regular file" in result.stderr


@pytest.mark.timeout(30)
def test_a_config_linked_to_a_device_is_named_as_one_not_sent_to_chmod(cli, quire_home):
    """/dev/zero is writable by all: the fix named was `chmod 600 config.toml`, which follows the
    link and would change /dev/zero's mode for every user of the machine."""
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").symlink_to("/dev/zero")
    result = cli("status")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "character device" in result.stderr and "chmod" not in result.stderr, result.stderr


def test_a_latin1_token_file_is_one_line(cli, quire_home, monkeypatch):
    quire_home.mkdir(parents=True)
    token = quire_home / "store.token"
    token.write_bytes(b"t\xe9st\n")
    token.chmod(0o600)
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    result = cli("status")
    assert result.exit_code == 1 and "Latin-1" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("toml", "says"),
    [
        ('[agents]\nread_only = "yes"\n', "agents.read_only: must be true or false"),
        ('[store]\nreplica = "false"\n', "store.replica: must be true or false"),
        ('[llm]\nendpoint = "http://127.0.0.1:8080/v1"\ntimeout_s = true\n', "llm.timeout_s: must be a number"),
        ('[llm]\nendpoint = "http://127.0.0.1:8080/v1"\ntimeout_s = nan\n', "llm.timeout_s: must be a finite number"),
        ('[llm]\nendpoint = "http://127.0.0.1:8080/v1"\ntimeout_s = -5\n', "llm.timeout_s: must be at least 1"),
        # urllib opens file:// and ftp:// too: a local file was read as the model's answer
        ('[llm]\nendpoint = "file:///etc/passwd"\n', "llm.endpoint: must be an http:// or https:// URL"),
        ('[llm]\nendpoint = "127.0.0.1:8080/v1"\n', "llm.endpoint: must be an http:// or https:// URL"),
        ('[llm]\nendpoint = "ftp://host/v1"\n', "llm.endpoint: must be an http:// or https:// URL"),
    ],
)
def test_a_config_value_of_the_wrong_type_or_range_is_named(cli, quire_home, toml, says):
    # Before: a quoted "yes" or "false" was read as a boolean, `timeout_s = true` as 1 second, and
    # nan or a negative timeout were taken as they were.
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(toml, encoding="utf-8")
    result = cli("status")
    assert result.exit_code == 1 and says in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize(
    ("toml", "says"),
    [
        ('[agents]\ndisabled_tool = ["forget"]\n', "agents.disabled_tool: unknown key; did you mean disabled_tools?"),
        ('Wiki_dir = "notes"\n', "Wiki_dir: unknown key; did you mean wiki_dir?"),
        ("[Agents]\nread_only = true\n", "Agents: unknown key; did you mean agents?"),
        ("zzz = 1\n", "zzz: unknown key; allowed keys: wiki_dir, key_file, llm, agents, store"),
        # [llm] is optional (None when absent): its keys were listed as none ("allowed keys: ; fix ...")
        ('[llm]\nendpoint = "http://127.0.0.1:8080/v1"\nbogus = 1\n', "allowed keys: endpoint, model, api_key_env"),
        ('[llm]\nendpoint = "http://x/v1"\nmodle = "local"\n', "llm.modle: unknown key; did you mean model?"),
    ],
)
def test_a_config_key_written_nearly_right_is_named_with_the_one_meant(cli, quire_home, toml, says):
    # Before: "agents.disabled_tool: is not valid" (the tool the person meant to take away was
    # offered, or the home refused to open, without a word on why); now the key meant, as a JSONL
    # line's near-miss key is named.
    quire_home.mkdir(parents=True)
    (quire_home / "config.toml").write_text(toml, encoding="utf-8")
    result = cli("status")
    assert result.exit_code == 1 and says in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("mode", [0o664, 0o646, 0o777, 0o620])
def test_a_config_others_can_write_is_refused_not_used(others_group, cli, quire_home, tmp_path, mode):
    # Before: read as any other; whoever could write it could point the home at their server.
    quire_home.mkdir(parents=True)
    config = quire_home / "config.toml"
    config.write_text(f'wiki_dir = "{tmp_path / "elsewhere"}"\n', encoding="utf-8")
    os.chmod(config, mode)
    result = cli("status")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert f"{config} is writable by others" in result.stderr and f"chmod 600 {config}" in result.stderr
    assert not (tmp_path / "elsewhere").exists()
    with pytest.raises(InvalidInput, match="chmod 600"):  # the library reads it through the same door
        load_settings(Home(quire_home))
    os.chmod(config, 0o600)  # control: the same file, private, is used
    assert cli("status").exit_code == 0


@pytest.mark.parametrize("mode", [0o600, 0o644, 0o400])
def test_a_private_or_read_only_config_is_used(cli_json, quire_home, mode):
    quire_home.mkdir(parents=True)
    config = quire_home / "config.toml"
    config.write_text('wiki_dir = "vault"\n', encoding="utf-8")
    os.chmod(config, mode)
    assert cli_json("status")["wiki"] == str(quire_home / "vault")


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_a_config_owned_by_another_user_is_refused(cli, quire_home):
    quire_home.mkdir(parents=True)
    config = quire_home / "config.toml"
    config.write_text('wiki_dir = "vault"\n', encoding="utf-8")
    os.chmod(config, 0o600)
    os.chown(config, 4321, 4321)
    result = cli("status")
    assert result.exit_code == 1 and "belongs to another user (uid 4321)" in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ('wiki_dir = ""', "wiki_dir"),  # was the default vault, without a word
        ('wiki_dir = "  "', "wiki_dir"),  # was a vault folder named by two spaces inside the home
        ('key_file = ""', "key_file"),
        ('[store]\ntoken_file = " "', "store.token_file"),
        ('[llm]\nendpoint = ""', "llm.endpoint"),
    ],
)
def test_a_config_path_set_to_nothing_is_refused_as_an_empty_quire_home_is(cli, quire_home, toml, key):
    # Issue 26: `QUIRE_HOME=` (set but empty) silently meant ~/.quire; the same class in config.toml.
    cli("capture", "The lisbon office opens at nine every weekday morning")
    before = (quire_home / "quire.db").read_bytes()
    (quire_home / "config.toml").write_text(toml + "\n", encoding="utf-8")
    for args in (("status",), ("rebuild",)):
        result = cli(*args)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        assert f"{key}: is empty; give " in result.stderr, result.stderr
    assert (quire_home / "quire.db").read_bytes() == before
    assert sorted(p.name for p in quire_home.iterdir() if p.name.strip() != p.name or not p.name) == []
