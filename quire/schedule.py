"""`quire schedule`: the nightly rebuild where people are: a launchd agent on macOS, a systemd user
timer on Linux, cron as the fallback.

Every scheduler runs `quire rebuild --if-due --log`: it rebuilds only when the last successful
rebuild is older than the last scheduled slot (`wiki.nightly`), and writes its one-line outcome to
the home's rotated `rebuild.log`. The schedulers also start it where a closed laptop would miss the
night: systemd's `Persistent=true` and launchd's calendar interval run a missed job on wake, and
the cron line runs hourly, so `--if-due` catches up within the hour.

Each file is escaped for the program that reads it: cron turns `%` into a newline (escaped `\\%`),
systemd reads `%` as a specifier (`%%`) and `$` as a variable (`$$`), launchd's plist is XML
(written by plistlib).
"""

from __future__ import annotations

import hashlib
import os
import plistlib
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from memory import text as text_policy
from memory.errors import InvalidInput, QuireError
from memory.files import atomic_write
from memory.home import Home, trusted_home
from wiki import nightly

Platform = Literal["systemd", "launchd", "cron"]
PLATFORMS: tuple[Platform, ...] = ("systemd", "launchd", "cron")
UNIT = "quire-rebuild"
LABEL = "dev.quire.rebuild"
CRON_MARK = "# quire nightly rebuild for "


@dataclass(frozen=True)
class Schedule:
    home: Path
    at: str
    command: tuple[str, ...]
    name: str  # the unit / agent name: one per home

    @property
    def hour_minute(self) -> tuple[int, int]:
        return nightly.parse_at(self.at)

    def cron(self) -> str:
        # Hourly at the schedule's minute: `--if-due` rebuilds once a night and catches up after a sleep.
        # cron makes every unescaped % a newline (the backslash is removed before the shell runs it);
        # the trailing shell comment marks the line as this home's for --install / --remove.
        minute = self.hour_minute[1]
        env = f"QUIRE_HOME={shlex.quote(str(self.home))}"
        command = " ".join(shlex.quote(c) for c in self.command)
        line = f"{minute} * * * * {env} {command} >/dev/null 2>&1 {CRON_MARK}{self.home}"
        return line.replace("%", "\\%")

    def service(self) -> str:
        return "\n".join(
            [
                "[Unit]",
                "Description=quire: nightly wiki rebuild",
                "",
                "[Service]",
                "Type=oneshot",
                f"Environment={_systemd_quote('QUIRE_HOME=' + str(self.home))}",
                f"ExecStart={' '.join(_systemd_quote(c) for c in self.command)}",
                "Nice=10",
                "",
            ]
        )

    def timer(self) -> str:
        hour, minute = self.hour_minute
        return "\n".join(
            [
                "[Unit]",
                "Description=quire: run the wiki rebuild every night",
                "",
                "[Timer]",
                f"OnCalendar=*-*-* {hour:02d}:{minute:02d}:00",
                "Persistent=true",
                "RandomizedDelaySec=600",
                f"Unit={self.name}.service",
                "",
                "[Install]",
                "WantedBy=timers.target",
                "",
            ]
        )

    def plist(self) -> bytes:
        hour, minute = self.hour_minute
        agent = {
            "Label": f"{LABEL}.{self.name.removeprefix(UNIT).strip('-') or 'default'}",
            "ProgramArguments": list(self.command),
            "EnvironmentVariables": {"QUIRE_HOME": str(self.home)},
            "StartCalendarInterval": {"Hour": hour, "Minute": minute},
            "RunAtLoad": True,  # a login after a missed night catches up (--if-due makes it a no-op otherwise)
            "ProcessType": "Background",
            "LowPriorityIO": True,
            "StandardOutPath": "/dev/null",
            "StandardErrorPath": "/dev/null",
        }
        return plistlib.dumps(agent, sort_keys=False)

    def as_json(self) -> dict[str, Any]:
        return {
            "home": str(self.home),
            "at": self.at,
            "command": list(self.command),
            "cron": self.cron(),
            "service": self.service(),
            "timer": self.timer(),
            "plist": self.plist().decode("utf-8"),
            "name": self.name,
        }


def _systemd_quote(arg: str) -> str:
    """One systemd word: % is a specifier and $ a variable, so both are doubled; quoted when needed."""
    arg = arg.replace("%", "%%").replace("$", "$$")
    if re.fullmatch(r"[A-Za-z0-9_@%+=:,./-]+", arg):
        return arg
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def quire_command() -> tuple[str, ...]:
    """The quire executable next to this Python (a venv's bin), else `python -m quire.cli`."""
    candidate = Path(sys.executable).parent / "quire"
    if candidate.exists() and os.access(candidate, os.X_OK):
        return (str(candidate.absolute()),)
    return (str(Path(sys.executable).absolute()), "-m", "quire.cli")


def _name(home: Path) -> str:
    default = (Path.home() / ".quire").absolute()
    if home == default:
        return UNIT
    return f"{UNIT}-{hashlib.sha256(str(home).encode('utf-8', 'surrogateescape')).hexdigest()[:8]}"


def build(home: Path, *, at: str = nightly.DEFAULT_AT) -> Schedule:
    nightly.parse_at(at)
    if "\n" in str(home) or "\r" in str(home) or "\0" in str(home):
        raise InvalidInput("the home path holds a line break or NUL, which no scheduler can carry; move the home")
    return Schedule(home, at, (*quire_command(), "rebuild", "--if-due", "--log"), _name(home))


def default_platform() -> Platform:
    if sys.platform == "darwin":
        return "launchd"
    if shutil.which("systemctl"):
        return "systemd"
    return "cron"


def default_dir(platform: Platform) -> Path:
    if platform == "launchd":
        return Path.home() / "Library" / "LaunchAgents"
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "systemd" / "user"


def files(schedule: Schedule, platform: Platform, folder: Path | None) -> dict[str, Path]:
    """Where this home's files for `platform` are: `folder`, else the one `--install --dir` wrote them
    to (`--status` and `--remove` without --dir had looked in the scheduler's folder and found none),
    else the scheduler's own."""
    record = nightly.read(schedule.home)
    if folder is None and record.folder and record.scheduler == platform:
        folder = Path(record.folder)
    target = (folder or default_dir(platform)).expanduser()
    if platform == "systemd":
        return {"service": target / f"{schedule.name}.service", "timer": target / f"{schedule.name}.timer"}
    if platform == "launchd":
        return {"plist": target / f"{LABEL}.{schedule.name.removeprefix(UNIT).strip('-') or 'default'}.plist"}
    return {}


def _run(argv: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return subprocess.CompletedProcess(argv, 127, "", str(exc))


def _crontab() -> list[str]:
    listed = _run(["crontab", "-l"])
    if listed.returncode == 127:
        raise QuireError("crontab is not installed; use --print and add the line to your scheduler by hand")
    return listed.stdout.splitlines() if listed.returncode == 0 else []  # 1: no crontab yet


def _set_crontab(lines: list[str]) -> None:
    written = _run(["crontab", "-"], "\n".join(lines) + ("\n" if lines else ""))
    if written.returncode != 0:
        raise QuireError(f"crontab refused the change ({written.stderr.strip()[:200]}); add the line by hand")


def _cron_mark(home: Path) -> str:
    return f"{CRON_MARK}{home}".replace("%", "\\%")


def _is_mine(line: str, home: Path) -> bool:
    """Whether a crontab line is this home's: the mark ends it. Not "holds the mark": the mark of
    ~/.quire is inside the line of ~/.quire-work, so installing or removing one home's job took
    the other home's line with it."""
    return line.endswith(_cron_mark(home))


def shell_word(word: str) -> str:
    """One word of a command a person pastes: shlex's quoting, or bash and zsh's $'...' when it holds
    a line break, control or invisible character (shown escaped on one line, a quoted \\n pasted as
    a backslash and an n: launchctl was given a path that is not the plist)."""
    if text_policy.escaped(word) == word:
        return shlex.quote(word)
    return "$'" + text_policy.escaped(word.replace("\\", "\\\\").replace("'", "\\'")) + "'"


def install(schedule: Schedule, platform: Platform, folder: Path | None = None, *, enable: bool = True) -> dict:
    """Write the scheduler's files (and, with `enable`, tell the scheduler); returns what was done."""
    # A home quire refuses would get a job that fails every night, and its schedule record written
    # into a folder others can write: refused here, before any file is written, as every route is.
    trusted_home(Home(schedule.home))
    written: list[str] = []
    steps: list[str] = []
    enabled = False
    paths = files(schedule, platform, folder or default_dir(platform))  # never the last install's --dir
    try:
        for key, path in paths.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            content = {"service": schedule.service, "timer": schedule.timer}.get(key)
            atomic_write(path, content() if content else schedule.plist())
            written.append(str(path))
    except OSError as exc:
        raise InvalidInput(f"cannot write the schedule ({exc.strerror}); pass --dir to a writable folder") from None
    commands: list[list[str]] = []
    if platform == "systemd":
        commands = [
            ["systemctl", "--user", "daemon-reload"],
            ["systemctl", "--user", "enable", "--now", f"{schedule.name}.timer"],
        ]
    elif platform == "launchd":
        commands = [["launchctl", "bootstrap", f"gui/{os.getuid()}", str(paths["plist"])]]
    steps = [" ".join(shell_word(word) for word in argv) for argv in commands]
    if enable and platform == "cron":
        _set_crontab([line for line in _crontab() if not _is_mine(line, schedule.home)] + [schedule.cron()])
        enabled = True
    elif enable and shutil.which(commands[0][0]):
        enabled = all(_run(argv).returncode == 0 for argv in commands)
    nightly.set_schedule(schedule.home, at=schedule.at, scheduler=platform, folder=folder)
    return {
        "platform": platform,
        "written": written,
        "enabled": enabled,
        "next_steps": [] if enabled else steps,
        "cron": schedule.cron(),
    }


def remove(schedule: Schedule, platform: Platform, folder: Path | None = None, *, enable: bool = True) -> dict:
    """Stop and delete this home's schedule; says what it removed (nothing is an answer, not an error)."""
    removed: list[str] = []
    paths = files(schedule, platform, folder)
    if enable and platform == "systemd" and shutil.which("systemctl"):
        _run(["systemctl", "--user", "disable", "--now", f"{schedule.name}.timer"])
    if enable and platform == "launchd" and shutil.which("launchctl") and paths["plist"].exists():
        _run(["launchctl", "bootout", f"gui/{os.getuid()}", str(paths["plist"])])
    for path in paths.values():
        if path.exists():
            path.unlink()
            removed.append(str(path))
    if enable and platform == "cron" and shutil.which("crontab"):
        lines = _crontab()
        kept = [line for line in lines if not _is_mine(line, schedule.home)]
        if len(kept) != len(lines):
            _set_crontab(kept)
            removed.append("crontab line")
    nightly.set_schedule(schedule.home, at=schedule.at, scheduler=None)
    return {"platform": platform, "removed": removed}


def status(schedule: Schedule, platform: Platform, folder: Path | None = None) -> dict:
    """The last run, its outcome, the next run, and whether the scheduler's files are in place."""
    state = nightly.state(schedule.home)
    present = {key: path.exists() for key, path in files(schedule, platform, folder).items()}
    recorded = state["scheduler"]
    return {
        **state,
        "platform": platform,
        "files": {k: str(p) for k, p in files(schedule, platform, folder).items()},
        "present": present,
        # What `--status` answers by its exit code, as `quire serve --status` does: installed, files in place.
        "scheduled": bool(recorded) and (recorded != platform or all(present.values())),
    }
