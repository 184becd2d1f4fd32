"""`quire schedule`: the nightly rebuild as a cron line or a systemd user timer + service.

Nothing here calls systemctl or crontab: `install` writes the two unit files and says how to
enable them, so the person decides when the job starts running.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from memory.errors import InvalidInput
from wiki import vault

UNIT = "quire-rebuild"
_TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class Schedule:
    cron: str
    service: str
    timer: str
    command: tuple[str, ...]

    def as_json(self) -> dict:
        return {"cron": self.cron, "service": self.service, "timer": self.timer, "command": list(self.command)}


def quire_command() -> tuple[str, ...]:
    """The quire executable next to this Python (a venv's bin), else `python -m quire.cli`."""
    candidate = Path(sys.executable).parent / "quire"
    if candidate.exists() and os.access(candidate, os.X_OK):
        return (str(candidate.absolute()),)
    return (str(Path(sys.executable).absolute()), "-m", "quire.cli")


def _systemd_quote(arg: str) -> str:
    if re.fullmatch(r"[A-Za-z0-9_@%+=:,./-]+", arg):
        return arg
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build(home: Path, *, at: str = "03:17") -> Schedule:
    found = _TIME.match(at)
    if not found:
        raise InvalidInput(f"--at {at!r} is not a time; use HH:MM (24-hour), e.g. --at 03:17")
    hour, minute = int(found.group(1)), int(found.group(2))
    command = (*quire_command(), "rebuild")
    home_s = str(home)
    log = home / "rebuild.log"
    cron = (
        f"{minute} {hour} * * * QUIRE_HOME={shlex.quote(home_s)} "
        f"{' '.join(shlex.quote(c) for c in command)} >> {shlex.quote(str(log))} 2>&1"
    )
    service = "\n".join(
        [
            "[Unit]",
            "Description=quire: nightly wiki rebuild",
            "",
            "[Service]",
            "Type=oneshot",
            f"Environment={_systemd_quote('QUIRE_HOME=' + home_s)}",
            f"ExecStart={' '.join(_systemd_quote(c) for c in command)}",
            "Nice=10",
            "",
        ]
    )
    timer = "\n".join(
        [
            "[Unit]",
            "Description=quire: run the wiki rebuild every night",
            "",
            "[Timer]",
            f"OnCalendar=*-*-* {hour:02d}:{minute:02d}:00",
            "Persistent=true",
            "RandomizedDelaySec=600",
            f"Unit={UNIT}.service",
            "",
            "[Install]",
            "WantedBy=timers.target",
            "",
        ]
    )
    return Schedule(cron, service, timer, command)


def default_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "systemd" / "user"


def install(schedule: Schedule, folder: Path | None = None) -> dict:
    """Write quire-rebuild.service and .timer into `folder`; returns their paths and next steps."""
    target = (folder or default_dir()).expanduser()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidInput(f"cannot create {target} ({exc.strerror}); pass --dir to a writable folder") from None
    service = target / f"{UNIT}.service"
    timer = target / f"{UNIT}.timer"
    vault.atomic_write(service, schedule.service)
    vault.atomic_write(timer, schedule.timer)
    steps = [
        "systemctl --user daemon-reload",
        f"systemctl --user enable --now {UNIT}.timer",
        f"systemctl --user list-timers {UNIT}.timer",
    ]
    return {"service": str(service), "timer": str(timer), "next_steps": steps, "cron": schedule.cron}
