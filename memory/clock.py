"""Time in one place: ISO-8601 UTC strings that sort as text, and date parsing for input."""

from __future__ import annotations

import functools
import os
import re
from datetime import UTC, date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from memory.errors import InvalidInput

# The months as English writes them, January first (names, the life reading and the eval read dates with them).
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)


def now() -> datetime:
    """The current UTC time; QUIRE_NOW (ISO date or time) pins it for demos and tests."""
    pinned = os.environ.get("QUIRE_NOW")
    if pinned:
        return _pinned(pinned)[0]
    return datetime.now(UTC).replace(microsecond=0)


_last_pin: tuple[str, datetime, str] | None = None


def _pinned(text: str) -> tuple[datetime, str]:
    """QUIRE_NOW read and formatted once per value (a rebuild asks the time for every map node);
    an invalid value raises every time, as parse_when does."""
    global _last_pin
    found = _last_pin
    if found is None or found[0] != text:
        try:
            moment = parse_when(text)
        except InvalidInput as exc:  # the person must learn where the date came from
            raise InvalidInput(f"QUIRE_NOW={text[:40]!r}: {exc}; or unset QUIRE_NOW for the real time") from None
        found = _last_pin = (text, moment, iso(moment))
    return found[1], found[2]


def iso(moment: datetime) -> str:
    """quire's stored form: always a four-digit year, so stored dates sort and parse as text."""
    m = moment.astimezone(UTC) if moment.tzinfo else moment
    return f"{m.year:04d}-{m.month:02d}-{m.day:02d}T{m.hour:02d}:{m.minute:02d}:{m.second:02d}Z"


_last_now: tuple[datetime, str] | None = None


def now_iso() -> str:
    """`iso(now())`, each second formatted once (an import stamps several rows a message)."""
    global _last_now
    pinned = os.environ.get("QUIRE_NOW")
    if pinned:
        return _pinned(pinned)[1]
    moment = datetime.now(UTC).replace(microsecond=0)
    found = _last_now
    if found is None or found[0] != moment:
        found = _last_now = (moment, iso(moment))
    return found[1]


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LEADING_YEAR = re.compile(r"^(\d{4,})-")  # five digits and more: a year past the range, said so
# What a date must look like before it is read: a day, alone or with a time after "T" or a space. Python reads
# more ("2024-W18" as its week's Monday, "2024-W18-3" as its Wednesday), which the hint does not offer and
# an as-of read as the Monday's first second, not the end of a day or week: refused as any unread form is.
_DAY_SHAPED = re.compile(r"^\d{4}-\d{2}-\d{2}(?:$|[T ])")

# The date policy: every date quire takes or stores is ISO 8601 UTC with a four-digit year in
# this range. Outside it, date arithmetic (a day's end, a week back) can overflow and the year
# cannot be written in four digits; no memory a person keeps needs it.
MIN_YEAR, MAX_YEAR = 1000, 9999
RANGE = f"{MIN_YEAR}-01-01 to {MAX_YEAR}-12-31"
HINT = f"use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS from {RANGE}"
# "" or blanks: never "now" nor "no date" unsaid; one refusal on every date field and route.
EMPTY = f"the date is empty; {HINT}, or leave it out"


class OutOfRange(InvalidInput):
    """A date read, but outside the supported range: a caller that says so in its own words (a
    chat's message time) catches this, not the message's wording."""


def in_range(moment: datetime) -> bool:
    return MIN_YEAR <= moment.year <= MAX_YEAR


def parse_when(text: str) -> datetime:
    """Parse `YYYY-MM-DD` or an ISO date-time (naive means UTC) within the supported range;
    raise InvalidInput otherwise, with the accepted forms and range in the message."""
    return _parsed(text) if isinstance(text, str) else _parse(text)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> datetime:
    """`_parse`, cached (datetimes are immutable; an invalid text raises every time): a chat
    message's time is read, checked and stored."""
    return _parse(text)


def _parse(text: str) -> datetime:
    value = text.strip() if isinstance(text, str) else ""
    hint = HINT
    if not value:
        raise InvalidInput(EMPTY)
    lead = _LEADING_YEAR.match(value)
    if lead and not MIN_YEAR <= int(lead.group(1)) <= MAX_YEAR:
        raise OutOfRange(f"the date {text!r} is outside the supported range; {hint}")
    try:
        if _DATE.match(value):
            moment = datetime.combine(date.fromisoformat(value), datetime.min.time(), UTC)
        elif not _DAY_SHAPED.match(value):
            raise ValueError(value)
        else:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
    except (ValueError, OverflowError):
        raise InvalidInput(f"cannot read the date {text!r}; {hint}") from None
    try:
        moment = moment.astimezone(UTC).replace(microsecond=0)
    except OverflowError:  # read, but its offset takes it past year 9999 (or before year 1) in UTC
        raise OutOfRange(f"the date {text!r} is outside the supported range; {hint}") from None
    if not in_range(moment):  # a time zone offset can push 9999-12-31T23:00-05:00 past the end
        raise OutOfRange(f"the date {text!r} is outside the supported range; {hint}")
    return moment


@functools.lru_cache(maxsize=8192)
def read_when(stored: str | None) -> datetime | None:
    """Read a date already in the database; never raises (a damaged or out-of-range value,
    e.g. written by an older quire, reads as None and the caller treats it as unknown).
    Cached (datetimes are immutable): recall reads every candidate's date for its priors."""
    if not stored:
        return None
    try:
        return parse_when(stored)
    except InvalidInput:
        return None


# A person's days are their machine's: a chat's clock times are read in its zone (memory/chats.py),
# a memory's day is shown in it (`local_day`), and "on 31 December" names its local day
# (retrieval/temporal.py). What is stored stays UTC; TZ=Europe/Berlin (or /etc/localtime) says which.
ZONE_MAX = 64  # characters of a time zone's name (the longest IANA name is 32)


def machine_zone() -> tzinfo | None:
    """The machine's time zone by its IANA name (TZ, else /etc/localtime's link), so a time the clock
    skips or repeats reads as it does under that name; None when it has none (the C library's local
    time is then used: `local`)."""
    named = os.environ.get("TZ")
    if named is None:
        try:
            link = os.readlink("/etc/localtime")
        except OSError:
            return None
        named = link.rpartition("zoneinfo/")[2] if "zoneinfo/" in link else ""
    return _zone(named.lstrip(":").strip() or "UTC")


@functools.lru_cache(maxsize=16)
def _zone(name: str) -> tzinfo | None:
    if not (len(name) <= ZONE_MAX and name.isprintable()):
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # a path, a folder ("Europe"), no such zone
        return None


def local(moment: datetime) -> datetime:
    """`moment` (aware) on this machine's clock."""
    zone = machine_zone()
    return moment.astimezone(zone) if zone is not None else moment.astimezone()


def midnight(year: int, month: int, day: int) -> datetime:
    """The start of a day on this machine's clock (ValueError for no such day)."""
    zone = machine_zone()
    return datetime(year, month, day, tzinfo=zone) if zone is not None else datetime(year, month, day).astimezone()


def local_day(stored: str | None) -> str:
    """The day (YYYY-MM-DD) a stored instant falls on, on this machine's clock: a message said at
    00:30 in Berlin is stored at 23:30Z the day before and shown on its own day. A day given alone
    (`--valid-from 2023-12-31`, a daily note) is stored at its UTC midnight and shown as that day
    in any zone; a time with no offset or a damaged value: its first ten characters, as stored."""
    if not stored:
        return ""
    try:
        moment = datetime.fromisoformat(stored)
        if moment.tzinfo is None or moment.utcoffset() or moment.time() != datetime.min.time():
            return local(moment).date().isoformat() if moment.tzinfo is not None else stored[:10]
        return stored[:10]
    except (ValueError, OverflowError, OSError):
        return stored[:10]


def end_of_day(moment: datetime) -> datetime:
    """The last second of `moment`'s day (no overflow at 9999-12-31)."""
    return moment.replace(hour=23, minute=59, second=59, microsecond=0)


def as_of(text: str) -> str:
    """An as-of moment as stored ISO text: a date alone means the end of that day (what was current
    on it), a time is taken as given. On every route: the op's date type made "2024-03-03" its
    first second before recall saw it, so a memory of that noon was not yet current."""
    moment = parse_when(text)
    if isinstance(text, str) and _DATE.match(text.strip()):
        moment = end_of_day(moment)
    return iso(moment)


# A time's fraction of a second ("10:00:00.123Z", what JavaScript's toISOString writes): quire stores
# to the second (stored times sort as text), so a fraction that is not zero is said where it is dropped.
_FRACTION = re.compile(r"\d:\d\d[.,]\d*[1-9]")


def to_the_second(text: object) -> str | None:
    """What storing `text` (a date a person or agent gave) dropped, in words for the acknowledgement:
    its fraction of a second; None when it is kept as given (or is no date: its own check refuses it)."""
    if not isinstance(text, str) or not _FRACTION.search(text):
        return None
    try:
        stored = normalize_when(text)
    except InvalidInput:
        return None
    return f"{text.strip()!r} has a fraction of a second, which quire does not keep: stored as {stored}"


def normalize_when(text: str) -> str:
    """An input date or time as quire's stored ISO string."""
    if isinstance(text, str):
        return _normalized(text)
    return iso(parse_when(text))


@functools.lru_cache(maxsize=4096)
def _normalized(text: str) -> str:
    """Cached (a pure function of the text; an invalid one raises every time, as exceptions are not
    cached): a chat message's time is normalized when it is read, validated and stored."""
    if _STORED.match(text) and int(text[:4]) >= MIN_YEAR:
        try:  # already the stored form (a chat's message times, each new): valid is all it needs
            datetime.fromisoformat(text[:-1])
            return text
        except ValueError:
            pass  # refused below, in parse_when's words
    return iso(parse_when(text))


# `iso`'s form exactly (no offset, no fraction): a text of it that reads as a time is its own normal form.
_STORED = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z\Z")


def days_between(earlier: str | None, later: datetime) -> float:
    moment = read_when(earlier)
    if moment is None:
        return 0.0
    delta: timedelta = later - moment
    return max(delta.total_seconds() / 86400.0, 0.0)
