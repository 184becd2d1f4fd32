"""Time in one place: ISO-8601 UTC strings that sort as text, and date parsing for input."""

from __future__ import annotations

import os
import re
from datetime import UTC, date, datetime, timedelta

from memory.errors import InvalidInput


def now() -> datetime:
    """The current UTC time; QUIRE_NOW (ISO date or time) pins it for demos and tests."""
    pinned = os.environ.get("QUIRE_NOW")
    if pinned:
        return parse_when(pinned)
    return datetime.now(UTC).replace(microsecond=0)


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def now_iso() -> str:
    return iso(now())


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_when(text: str) -> datetime:
    """Parse `YYYY-MM-DD` or an ISO date-time (naive means UTC); raise InvalidInput otherwise."""
    value = text.strip()
    try:
        if _DATE.match(value):
            return datetime.combine(date.fromisoformat(value), datetime.min.time(), UTC)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput(f"cannot read the date {text!r}; use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def normalize_when(text: str) -> str:
    """An input date or time as quire's stored ISO string."""
    return iso(parse_when(text))


def days_between(earlier: str | None, later: datetime) -> float:
    if not earlier:
        return 0.0
    delta: timedelta = later - parse_when(earlier)
    return max(delta.total_seconds() / 86400.0, 0.0)
