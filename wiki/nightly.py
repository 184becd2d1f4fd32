"""The nightly rebuild's record on this device: when it last ran, how it ended, whether it is due.

Per device, not per store: the vault is this device's, so a server home's other devices keep
their own record. The record is `nightly.json` in the home (counts and times only, never memory
text); the readable log is `rebuild.log`, one line a run, rotated by size so it never grows forever.

A run is due when the last successful rebuild is older than the most recent scheduled slot
(today at the schedule's time once it has passed, else yesterday's): a scheduler that calls
`quire rebuild --if-due` hourly, at login or on wake catches up a missed night exactly once.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory import clock, files
from memory.errors import InvalidInput
from memory.files import atomic_write, private_dir

STATE = "nightly.json"
RECORD_LIMIT = 64 << 10  # the record is a few short lines
LOG = "rebuild.log"
LOG_BYTES = 256 * 1024  # one line a run: about three years of nights before the first rotation
LOG_KEEP = 3  # rebuild.log.1 .. .3
DEFAULT_AT = "03:17"
_TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)", re.ASCII)  # ASCII: "３:17" was kept as the time, as typed
OVERDUE = timedelta(days=1)


@dataclass(frozen=True)
class Record:
    last_run: str | None = None  # ISO UTC of the last attempt
    last_outcome: str | None = None  # "ok" or "failed"
    last_line: str | None = None  # the outcome as the log has it
    last_success: str | None = None
    at: str = DEFAULT_AT  # the schedule's local time of day, HH:MM
    scheduler: str | None = None  # "systemd", "launchd" or "cron" once `quire schedule --install` ran
    installed_at: str | None = None
    folder: str | None = None  # the --dir the files were written to (None: the scheduler's own folder)


def parse_at(at: str) -> tuple[int, int]:
    found = _TIME.fullmatch(at)
    if not found:
        raise InvalidInput(f"--at {at!r} is not a time; use HH:MM (24-hour), e.g. --at 03:17")
    return int(found.group(1)), int(found.group(2))


def read(home: Path) -> Record:
    """The record; a missing or unreadable file is an empty record (it is rebuilt by the next run)."""
    try:
        # read before the home is checked (the overdue notice), so never waited on: a FIFO there hung every command
        data = json.loads(files.read_kept(home / STATE, limit=RECORD_LIMIT) or b"{}")
        if not isinstance(data, dict):  # `[]` or `null` there was a traceback on every command
            return Record()
        known: dict[str, Any] = {
            k: v for k, v in data.items() if k in Record.__dataclass_fields__ and (v is None or isinstance(v, str))
        }
        at = known.get("at", DEFAULT_AT)
        known["at"] = at if isinstance(at, str) and _TIME.fullmatch(at) else DEFAULT_AT
        return Record(**known)
    except (OSError, ValueError, TypeError, InvalidInput):
        return Record()


def _write(home: Path, record: Record) -> None:
    private_dir(home)
    atomic_write(home / STATE, json.dumps(asdict(record), indent=2) + "\n", mode=0o600)


def set_schedule(home: Path, *, at: str, scheduler: str | None, folder: Path | None = None) -> Record:
    """Remember the installed schedule (None: removed) and the folder its files went to."""
    parse_at(at)
    old = read(home)
    record = Record(
        **{
            **asdict(old),
            "at": at,
            "scheduler": scheduler,
            "installed_at": clock.iso(clock.now()) if scheduler else None,
            "folder": str(folder.expanduser().absolute()) if scheduler and folder else None,
        }
    )
    _write(home, record)
    return record


def outcome_line(summary: dict[str, Any] | None, error: str | None) -> str:
    if error is not None:
        return f"failed: {' '.join(error.split())[:500]}"
    assert summary is not None
    return (
        f"ok: {summary['written']} written, {summary['unchanged']} unchanged, {summary['revisions']} revisions queued, "
        f"{summary['removed']} removed in {summary['seconds']:.1f} s"
    )


def record_run(home: Path, summary: dict[str, Any] | None, error: str | None = None) -> Record:
    """Note one rebuild (its summary, or the error that ended it), from whichever route ran it."""
    now = clock.iso(clock.now())
    line = outcome_line(summary, error)
    old = read(home)
    record = Record(
        **{
            **asdict(old),
            "last_run": now,
            "last_outcome": "failed" if error is not None else "ok",
            "last_line": line,
            "last_success": old.last_success if error is not None else now,
        }
    )
    _write(home, record)
    return record


def log_line(home: Path, line: str) -> None:
    """Append one outcome line (stamped now) to rebuild.log, rotated past LOG_BYTES into
    rebuild.log.1 .. .LOG_KEEP (files.open_log: a FIFO or symlink there is refused, not written)."""
    private_dir(home)
    data = f"{clock.iso(clock.now())} {line}\n".encode()
    with files.open_log(home / LOG, rotate_at=LOG_BYTES, keep=LOG_KEEP, adding=len(data)) as fh:
        fh.write(data)


def last_slot(at: str, now: datetime) -> datetime:
    """The most recent scheduled time at or before `now` (the schedule's time is local)."""
    hour, minute = parse_at(at)
    local = now.astimezone()
    slot = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if slot > local:
        slot -= timedelta(days=1)
    return slot.astimezone(UTC)


def next_slot(at: str, now: datetime) -> datetime:
    return last_slot(at, now) + timedelta(days=1)


def _when(text: str | None) -> datetime | None:
    """A time the record holds; one without its offset (quire writes UTC, "...Z") is no time: it was a
    TypeError against the aware clock on every command."""
    try:
        found = datetime.fromisoformat(text) if text else None
    except ValueError:
        return None
    return found if found is not None and found.utcoffset() is not None else None


def due_now(home: Path) -> bool:
    return is_due(read(home), clock.now())


def is_due(record: Record, now: datetime) -> bool:
    success = _when(record.last_success)
    # a success after now (9999-12-31 written there, or a clock put back) said "not due" for ever
    return success is None or success < last_slot(record.at, now) or success > now


def overdue_notice(record: Record, now: datetime) -> str | None:
    """One line for the next command when a scheduled rebuild has not succeeded for over a day."""
    if record.scheduler is None:
        return None
    since = _when(record.last_success) or _when(record.installed_at)
    if since is None or now - since <= OVERDUE:
        return None
    days = (now - since).days
    what = "last succeeded" if record.last_success else "has not run since it was scheduled"
    return (
        f"the nightly rebuild {what} {days} day{'s' if days != 1 else ''} ago; "
        "run `quire rebuild --if-due` (and `quire schedule --status` to see why)"
    )


def state(home: Path, now: datetime | None = None) -> dict[str, Any]:
    """What `quire status` and `quire schedule --status` show."""
    now = now or clock.now()
    record = read(home)
    return {
        **{k: v for k, v in asdict(record).items() if k != "folder"},  # `quire schedule --status` names the files
        "due": is_due(record, now),
        "next_run": clock.iso(next_slot(record.at, now)) if record.scheduler else None,
        "log": str(home / LOG),
    }
