"""`quire schedule`: launchd, systemd and cron files, each escaped for the program that reads it,
installed, removed and checked; and the scheduler's own validators where the machine has them."""

from __future__ import annotations

import json
import os
import plistlib
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from quire import schedule

HOMES = ["plain", "my quire home", "100% sure %d %n", 'it\'s "quoted"', "zürich-日本", "$HOME and `tick`"]


def cron_to_argv(line: str) -> tuple[dict[str, str], list[str]]:
    """Do what cron does with a line: split off the five time fields, turn unescaped % into a
    newline (everything after the first goes to stdin) and drop the backslash of \\%; then what
    sh does: split words (the trailing comment is dropped by shlex's comment handling)."""
    command = line.split(None, 5)[5]
    out, i = [], 0
    while i < len(command):
        if command[i] == "\\" and command[i + 1 : i + 2] == "%":
            out.append("%")
            i += 2
            continue
        if command[i] == "%":
            break  # the rest would be stdin: nothing of ours may land there
        out.append(command[i])
        i += 1
    words = shlex.split("".join(out), comments=True)
    env = {}
    while words and "=" in words[0] and not words[0].startswith("/"):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    return env, [w for w in words if w not in (">/dev/null", "2>&1")]


def systemd_unquote(word: str) -> str:
    """systemd's reading of one word: quotes, backslash escapes, %% and $$."""
    if word.startswith('"') and word.endswith('"'):
        word = word[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return word.replace("%%", "%").replace("$$", "$")


@pytest.mark.parametrize("name", HOMES)
def test_every_scheduler_carries_the_home_path_exactly(tmp_path, name):
    home = tmp_path / name
    plan = schedule.build(home, at="04:05")
    env, argv = cron_to_argv(plan.cron())
    assert env == {"QUIRE_HOME": str(home)} and argv == list(plan.command)
    assert "\n" not in plan.cron() and plan.cron().startswith("5 * * * * ")
    environment = next(line for line in plan.service().splitlines() if line.startswith("Environment="))
    assert systemd_unquote(environment.removeprefix("Environment=")) == f"QUIRE_HOME={home}"
    agent = plistlib.loads(plan.plist())
    assert agent["EnvironmentVariables"] == {"QUIRE_HOME": str(home)}
    assert agent["ProgramArguments"] == list(plan.command)
    assert agent["StartCalendarInterval"] == {"Hour": 4, "Minute": 5}


def test_the_guard_catches_an_unescaped_percent(tmp_path):
    """Control: the cron reading above really cuts a line at a bare %."""
    line = f"5 * * * * QUIRE_HOME={tmp_path}/a%d quire rebuild"
    env, _ = cron_to_argv(line)
    assert env["QUIRE_HOME"] != f"{tmp_path}/a%d"


def test_a_line_break_in_the_home_is_refused(tmp_path):
    with pytest.raises(Exception, match="line break"):
        schedule.build(tmp_path / "two\nlines")


def test_the_command_is_rebuild_if_due_with_its_log(tmp_path):
    plan = schedule.build(tmp_path)
    assert plan.command[-3:] == ("rebuild", "--if-due", "--log")
    timer = plan.timer()
    assert "Persistent=true" in timer and "OnCalendar=*-*-* 03:17:00" in timer


def test_print_json_has_every_platform(cli_json):
    data = cli_json("schedule", "--at", "23:05")
    assert data["cron"].startswith("5 * * * * ") and "OnCalendar=*-*-* 23:05:00" in data["timer"]
    assert "<key>StartCalendarInterval</key>" in data["plist"] and data["command"][-3] == "rebuild"


@pytest.mark.parametrize("at", ["25:99", "3pm", "03:17\n", "\uff13:17", "03:\uff11\uff17"])
def test_bad_time_is_a_usage_error_as_a_blank_one(cli, at):
    # Session 35: exit 2, as `--at ""` was; "25:99" exited 1 (tests/test_adversary_s35_exit_codes.py's rule)
    result = cli("schedule", "--at", at)
    assert result.exit_code == 2 and "HH:MM" in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("at", ["", "  "])
def test_a_blank_time_is_a_usage_error_as_every_blank_value(cli, at):
    # exit 2 as `--since ""` or `--over ""`; it was 1 here, "--at '' is not a time"
    result = cli("schedule", "--at", at)
    assert result.exit_code == 2 and "--at: is empty" in result.stderr and result.stderr.count("\n") == 1


def test_two_actions_are_a_usage_error(cli):
    assert cli("schedule", "--install", "--remove").exit_code == 2


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="systemd-analyze is not on this machine")
@pytest.mark.parametrize("name", ["my quire home", "100% sure %d"])
def test_systemd_units_pass_systemd_analyze_verify(tmp_path, name, monkeypatch):
    home = tmp_path / name
    home.mkdir()
    plan = schedule.build(home)
    exe = tmp_path / "bin" / "quire"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    plan = schedule.Schedule(plan.home, plan.at, (str(exe), "rebuild", "--if-due", "--log"), plan.name)
    units = tmp_path / "units"
    schedule.install(plan, "systemd", units, enable=False)
    found = subprocess.run(
        ["systemd-analyze", "verify", "--user", str(units / f"{plan.name}.service"), str(units / f"{plan.name}.timer")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    problems = [line for line in found.stderr.splitlines() if plan.name in line or "QUIRE" in line]
    assert problems == [], found.stderr


@pytest.mark.skipif(not shutil.which("plutil"), reason="plutil (macOS) is not on this machine")
def test_launchd_agent_passes_plutil_lint(tmp_path):
    plan = schedule.build(tmp_path / "100% home")
    written = schedule.install(plan, "launchd", tmp_path / "agents", enable=False)
    assert subprocess.run(["plutil", "-lint", written["written"][0]], timeout=30).returncode == 0


def test_install_systemd_writes_units_and_records_the_schedule(cli, cli_json, tmp_path, quire_home):
    target = tmp_path / "units"
    result = cli("schedule", "--install", "--platform", "systemd", "--dir", str(target), "--no-enable")
    assert result.exit_code == 0, result.stderr
    name = schedule.build(quire_home).name
    service = (target / f"{name}.service").read_text()
    assert f"Environment=QUIRE_HOME={quire_home}" in service
    assert "systemctl --user enable --now" in result.stdout
    state = cli_json("schedule", "--status", "--platform", "systemd", "--dir", str(target))
    assert state["scheduler"] == "systemd" and state["present"] == {"service": True, "timer": True}
    assert state["next_run"] and state["last_run"] is None
    removed = cli_json("schedule", "--remove", "--platform", "systemd", "--dir", str(target), "--no-enable")
    assert len(removed["removed"]) == 2 and not list(target.iterdir())
    after = cli("schedule", "--status", "--json")  # exit 1: nothing is scheduled any more
    assert after.exit_code == 1 and json.loads(after.stdout)["scheduler"] is None


def _fake_tool(folder: Path, name: str, script: str) -> None:
    folder.mkdir(exist_ok=True)
    tool = folder / name
    tool.write_text("#!/bin/sh\n" + script)
    tool.chmod(0o755)


def test_install_cron_adds_one_marked_line_and_remove_takes_only_it(cli, tmp_path, quire_home, monkeypatch):
    """crontab is a fake that keeps the table in a file: install twice keeps one line, remove keeps
    the person's other lines."""
    table = tmp_path / "crontab.txt"
    table.write_text("0 9 * * * echo mine\n")
    tools = tmp_path / "tools"
    _fake_tool(tools, "crontab", f'if [ "$1" = "-l" ]; then cat "{table}"; else cat > "{table}"; fi\n')
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    for _ in range(2):
        assert cli("schedule", "--install", "--platform", "cron").exit_code == 0
    lines = table.read_text().splitlines()
    assert lines[0] == "0 9 * * * echo mine" and len(lines) == 2
    env, argv = cron_to_argv(lines[1])
    assert env == {"QUIRE_HOME": str(quire_home)} and argv[-3:] == ["rebuild", "--if-due", "--log"]
    assert cli("schedule", "--remove", "--platform", "cron").exit_code == 0
    assert table.read_text().splitlines() == ["0 9 * * * echo mine"]


def test_cron_install_and_remove_leave_a_home_whose_path_starts_with_this_one(cli, tmp_path, monkeypatch):
    """~/.quire and ~/.quire-work each have their line: installing or removing one (its mark is
    inside the other's line) took the other home's nightly job out of the crontab."""
    table = tmp_path / "crontab.txt"
    table.write_text("")
    tools = tmp_path / "tools"
    _fake_tool(tools, "crontab", f'if [ "$1" = "-l" ]; then cat "{table}"; else cat > "{table}"; fi\n')
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    short, longer = tmp_path / "q", tmp_path / "q-work"
    for home in (longer, short):
        monkeypatch.setenv("QUIRE_HOME", str(home))
        assert cli("schedule", "--install", "--platform", "cron").exit_code == 0
    homes = [cron_to_argv(line)[0]["QUIRE_HOME"] for line in table.read_text().splitlines()]
    assert homes == [str(longer), str(short)]
    assert cli("schedule", "--remove", "--platform", "cron").exit_code == 0  # the short one
    assert [cron_to_argv(line)[0]["QUIRE_HOME"] for line in table.read_text().splitlines()] == [str(longer)]


def test_install_enables_through_systemctl_when_it_answers(cli_json, tmp_path, monkeypatch):
    calls = tmp_path / "calls.txt"
    tools = tmp_path / "tools"
    _fake_tool(tools, "systemctl", f'echo "$@" >> "{calls}"\n')
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    done = cli_json("schedule", "--install", "--platform", "systemd", "--dir", str(tmp_path / "u"))
    assert done["enabled"] is True and done["next_steps"] == []
    assert calls.read_text().splitlines()[-1].startswith("--user enable --now quire-rebuild")


def test_install_refuses_a_home_others_can_write_and_writes_nothing(cli, tmp_path, quire_home):
    # Before: the units were written, the job enabled and its record written into the open home;
    # every nightly run then failed on the home check, in a log nobody reads.
    target = tmp_path / "units"
    quire_home.mkdir(parents=True)
    quire_home.chmod(0o777)
    try:
        result = cli("schedule", "--install", "--platform", "systemd", "--dir", str(target), "--no-enable")
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        assert f"chmod 700 {quire_home}" in result.stderr
        assert not target.exists() and not list(quire_home.iterdir())
    finally:
        quire_home.chmod(0o700)
    # Control: the same home, private, gets its schedule.
    assert cli("schedule", "--install", "--platform", "systemd", "--dir", str(target), "--no-enable").exit_code == 0
    assert len(list(target.iterdir())) == 2


@pytest.mark.parametrize("action", ["--install", "--remove", "--status"])
@pytest.mark.parametrize("folder", ["", "  "])
def test_an_empty_dir_is_refused_not_the_folder_the_command_ran_in(
    cli, tmp_path, quire_home, monkeypatch, action, folder
):
    # Before: `--dir "$UNITS"` with UNITS unset became Path("."): the units were written into (or
    # removed from, or looked for in) whatever folder the command ran in, or a folder named "  ".
    monkeypatch.chdir(tmp_path)
    name = schedule.build(quire_home).name
    (tmp_path / f"{name}.service").write_text("a unit someone keeps here\n")
    result = cli("schedule", action, "--platform", "systemd", "--dir", folder, "--no-enable")
    assert result.exit_code == 2 and "--dir: is empty; give the folder" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}.service"]
    assert (tmp_path / f"{name}.service").read_text() == "a unit someone keeps here\n"


@pytest.mark.parametrize("platform", ["systemd", "launchd"])
@pytest.mark.parametrize("char", ["\n", "\r", "\x1b", "\t"], ids=["newline", "cr", "esc", "tab"])
def test_a_control_character_in_dir_is_shown_escaped_on_one_line(cli, cli_json, tmp_path, quire_home, platform, char):
    """`schedule --install --dir` with a line break in the folder split each "wrote ..." line in two
    (an ESC acted on by the terminal): every path the text prints is one line, its control shown
    escaped; --json keeps it exact, and install, status and remove all find the files."""
    target = tmp_path / f"units{char}dir"
    shown = repr(char)[1:-1]
    installed, removed = (
        cli("schedule", action, "--platform", platform, "--dir", str(target), "--no-enable")
        for action in ("--install", "--remove")
    )
    assert installed.exit_code == 0 and removed.exit_code == 0, installed.stderr + removed.stderr
    wrote = [line for line in installed.stdout.splitlines() if line.startswith("wrote ")]
    gone = [line for line in removed.stdout.splitlines() if line.startswith("removed ")]
    assert len(wrote) == len(gone) == (2 if platform == "systemd" else 1), installed.stdout
    assert all(f"units{shown}dir/" in line for line in wrote + gone), installed.stdout + removed.stdout
    assert char == "\n" or char not in installed.stdout + removed.stdout
    data = cli_json("schedule", "--install", "--platform", platform, "--dir", str(target), "--no-enable")
    assert all(path.startswith(str(target)) for path in data["written"])
    status = cli("schedule", "--status", "--platform", platform, "--dir", str(target))
    assert status.exit_code == 0, status.stdout + status.stderr  # the files the install wrote are found


@pytest.mark.parametrize("char", ["\n", "\x1b", "\u202e", "'\\"], ids=["newline", "esc", "rtl-override", "quote"])
def test_the_launchd_step_to_paste_names_the_plist_it_wrote_whatever_its_folder_holds(
    cli, cli_json, tmp_path, quire_home, char
):
    """The step `--no-enable` prints for launchd showed a line break in the folder as \\n inside
    single quotes: pasted into a shell, launchctl got a path with a backslash in it, not the plist."""
    if not shutil.which("bash"):
        pytest.skip("no bash to paste into")
    target = tmp_path / f"agents{char}dir"
    out = cli("schedule", "--install", "--platform", "launchd", "--dir", str(target), "--no-enable")
    assert out.exit_code == 0, out.stderr
    step = out.stdout.split("enable it with:\n  ", 1)[1].splitlines()[0]
    assert step.startswith("launchctl bootstrap ")
    tools = tmp_path / "tools"
    _fake_tool(tools, "launchctl", 'printf %s "$3"\n')
    pasted = subprocess.run(
        ["bash", "-c", step],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": f"{tools}:{os.environ['PATH']}"},
    )
    written = cli_json("schedule", "--install", "--platform", "launchd", "--dir", str(target), "--no-enable")
    assert pasted.stdout == written["written"][0], (step, pasted.stdout)


def test_issue26_cron_install_without_enable_prints_the_line_to_add(cli, tmp_path, quire_home, monkeypatch):
    """Issue 26's `quire schedule --install` with cron, the fallback, and `--no-enable`: it writes no
    file and runs no command, and printed "enable it with:" over an empty line. The step is the cron
    line itself (cron reads it back to this home), and nothing touched the crontab."""
    table = tmp_path / "crontab.txt"
    table.write_text("0 9 * * * echo mine\n")
    tools = tmp_path / "tools"
    _fake_tool(tools, "crontab", f'if [ "$1" = "-l" ]; then cat "{table}"; else cat > "{table}"; fi\n')
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    done = cli("schedule", "--install", "--platform", "cron", "--no-enable")
    assert done.exit_code == 0, done.stderr
    said = done.stdout.split("add this line to your crontab (`crontab -e`):\n  ", 1)
    assert len(said) == 2, done.stdout
    env, argv = cron_to_argv(said[1].splitlines()[0])
    assert env == {"QUIRE_HOME": str(quire_home)} and argv[-3:] == ["rebuild", "--if-due", "--log"]
    assert table.read_text() == "0 9 * * * echo mine\n"


def test_issue26_status_and_remove_find_the_files_install_wrote_into_dir(cli, cli_json, tmp_path, quire_home):
    """`quire schedule --install --dir DIR` and then `--status` (as issue 26 names it, no --dir):
    the status looked in ~/.config/systemd/user, said "missing" for both units and exited 1, and
    `--remove` left the files where they were."""
    units = tmp_path / "units"
    assert cli("schedule", "--install", "--platform", "systemd", "--dir", str(units), "--no-enable").exit_code == 0
    status = cli("schedule", "--status", "--platform", "systemd")
    assert status.exit_code == 0 and "missing" not in status.stdout, status.stdout + status.stderr
    state = cli_json("schedule", "--status", "--platform", "systemd")
    assert all(Path(path).parent == units for path in state["files"].values()), state["files"]
    assert cli("schedule", "--remove", "--platform", "systemd", "--no-enable").exit_code == 0
    assert list(units.iterdir()) == []
    again = cli("schedule", "--install", "--platform", "systemd", "--no-enable", "--dir", str(tmp_path / "other"))
    assert again.exit_code == 0 and str(tmp_path / "other") in again.stdout
