"""`quire schedule`: print or install the nightly rebuild (never calls systemctl)."""

from __future__ import annotations

import shlex


def test_print_shows_a_cron_line_and_systemd_units(cli, quire_home):
    result = cli("schedule", "--print")
    assert result.exit_code == 0
    out = result.stdout
    cron = next(line for line in out.splitlines() if line.startswith("17 3 * * * "))
    words = shlex.split(cron)
    assert f"QUIRE_HOME={quire_home}" in words and words[-4] == "rebuild"
    assert "[Timer]" in out and "OnCalendar=*-*-* 03:17:00" in out and "Persistent=true" in out
    assert "Type=oneshot" in out and "ExecStart=" in out


def test_print_json_and_custom_time(cli_json):
    data = cli_json("schedule", "--at", "23:05")
    assert data["cron"].startswith("5 23 * * * ") and "OnCalendar=*-*-* 23:05:00" in data["timer"]
    assert data["command"][-1] == "rebuild"


def test_bad_time_exits_1(cli):
    result = cli("schedule", "--at", "25:99")
    assert result.exit_code == 1 and "HH:MM" in result.stderr


def test_install_writes_units_and_explains_how_to_enable(cli, tmp_path, quire_home):
    target = tmp_path / "units"
    result = cli("schedule", "--install", "--dir", str(target))
    assert result.exit_code == 0
    service = (target / "quire-rebuild.service").read_text()
    timer = (target / "quire-rebuild.timer").read_text()
    assert f"Environment=QUIRE_HOME={quire_home}" in service and service.splitlines()[-1].startswith("Nice=")
    assert "WantedBy=timers.target" in timer and "Unit=quire-rebuild.service" in timer
    assert "systemctl --user enable --now quire-rebuild.timer" in result.stdout


def test_install_quotes_a_home_with_spaces(cli, tmp_path, monkeypatch):
    home = tmp_path / "my quire home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    target = tmp_path / "units"
    assert cli("schedule", "--install", "--dir", str(target)).exit_code == 0
    service = (target / "quire-rebuild.service").read_text()
    assert f'Environment="QUIRE_HOME={home}"' in service
