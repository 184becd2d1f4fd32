"""Temporal cues in a query ("last week", "in March 2023", "3 days ago") as a valid-time window.

Everything is relative to the `now` passed in (recall passes `clock.now()`, so QUIRE_NOW pins
it). Windows are half-open [start, end), an open side None; a day is the one on this machine's
clock (memory/clock.py `midnight`), its ends stored UTC. The cue words are cut from the query so
they do not pollute the lexical and vector channels.

Conventions (documented for the person typing the query):
- today / yesterday: that calendar day. this week / month / year: from its start until now.
- last week / month / year: the previous calendar week (Monday to Sunday), month or year.
- past week / month / year, past|last N days|weeks|months: rolling windows ending now.
- N days ago: that day; N weeks ago: the 7 days around it; N months / years ago: that calendar
  month / year. "a" / "an" / "one" ... "twelve" count as numbers.
- last monday ... last sunday: the most recent such day before today.
- in|during 2023, in March 2023, March 2023, in March (the most recent March, this one
  included), on 2023-05-04.
- a day written out: 1 March 2024, the 3rd of March, March 1, 2024, Mar 1st (no year: the most
  recent such day, today included).
- since X: from the start of X on; after X: from the end of X on; before X: until the start of
  X. X is a year, a month name, a month and year, or a day (2023-05-04, 1 March 2024).
- A year beside a month is read as written (1899 too); a bare year from 1900 to 2099. A count of 0
  ("the last 0 days") or a year outside 1000-9998 names no window: its words stay in the query.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from memory import needles
from memory.clock import MAX_YEAR, MIN_YEAR, iso, local, local_day, midnight

_MONTHS = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_WEEKDAYS = {d: i for i, d in enumerate(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))}
_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "couple of": 2,
    "a couple of": 2,
    "few": 3,
    "a few": 3,
    "several": 3,
}

_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
# A year beside a month ("March 1899", "1 March 1899") is read as written, whatever it is: taken only
# from 1900 on, "since March 1, 1899" was "since March" of this year. A bare number is a year only
# from 1900 to 2099 ("after 5000 steps" names no year). A year outside the date policy's range
# names no window (the words stay in the query).
_YEAR = r"(?P<year>\d{4,})"
_NUM = r"(?P<n>\d{1,3}|" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + ")"
_UNIT = r"(?P<unit>day|week|month|year)s?"
_WEEKDAY = r"(?P<weekday>" + "|".join(_WEEKDAYS) + ")"


@dataclass(frozen=True)
class Window:
    """Valid time in [start, end); `cue` is the phrase that produced it."""

    start: datetime | None
    end: datetime | None
    cue: str

    def sql(self) -> tuple[str | None, str | None]:
        start, end = self.bounds()
        return (iso(start) if start else None, iso(end) if end else None)

    def bounds(self) -> tuple[datetime | None, datetime | None]:
        """The window as memories are matched to it: its days on this machine's clock, widened to
        the same days in UTC, where a day given alone (`--valid-from 2023-12-31`, a daily note) is
        stored (memory/clock.py); under UTC the two are one."""
        return _widest(self.start, min), _widest(self.end, max)

    def contains(self, when: datetime) -> bool:
        start, end = self.bounds()
        return (start is None or when >= start) and (end is None or when < end)

    def describe(self) -> str:
        return (
            f"{self.cue!r}: {days_shown(iso(self.start) if self.start else None, iso(self.end) if self.end else None)}"
        )


def _widest(moment: datetime | None, pick: Callable[[datetime, datetime], datetime]) -> datetime | None:
    if moment is None:
        return None
    try:
        return pick(moment, moment.replace(tzinfo=UTC))
    except OverflowError:
        return moment


def days_shown(start: str | None, end: str | None) -> str:
    """A window's days as a person reads them, from its stored ISO ends ([start, end)): its first and
    its last day ("2024-03-04 to 2024-03-10"), "…" for an open side. One wording for the CLI and the
    browser (the browser showed the end as given, the day after the last)."""
    first = local_day(start) if start else "…"
    last = "…"
    if end:
        last = local(datetime.fromisoformat(end.replace("Z", "+00:00")) - timedelta(seconds=1)).date().isoformat()
    return f"{first} to {last}"


@dataclass(frozen=True)
class Parsed:
    query: str  # the query without its temporal cue words
    window: Window | None


def _day(moment: datetime) -> datetime:
    """The start of `moment`'s day on this machine's clock: a day is the person's (memory/clock.py)."""
    here = local(moment)
    return midnight(here.year, here.month, here.day)


def _month_start(year: int, month: int) -> datetime:
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    return midnight(year, month, 1)


def _year_span(year: int) -> tuple[datetime, datetime]:
    return midnight(year, 1, 1), midnight(year + 1, 1, 1)


def _month_span(year: int, month: int) -> tuple[datetime, datetime]:
    return _month_start(year, month), _month_start(year, month + 1)


def _number(text: str) -> int:
    """A count of days, weeks ...; 0 names no span ("the last 0 days" was read as today, while
    `recent --days 0` is refused): not a time cue, its words stay in the query."""
    text = " ".join(text.split())
    n = int(text) if text.isdigit() else _NUMBERS[text]
    if n == 0:
        raise ValueError(text)
    return n


def _year(text: str) -> int:
    """A written year within the date policy's range (ValueError outside it: not a time cue)."""
    year = int(text)
    if not MIN_YEAR <= year < MAX_YEAR:  # the year after must exist too (a span's end)
        raise ValueError(year)
    return year


def _recent_month(now: datetime, month: int) -> int:
    """The year of the most recent `month`, this one included."""
    return now.year if month <= now.month else now.year - 1


def _period(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    """The span named by a (month? year?) match: a month of a year, a year, or a recent month."""
    groups = m.groupdict()
    month = _MONTHS[groups["month"].lower()] if groups.get("month") else None
    raw_year = groups.get("year") or groups.get("year2")
    year = _year(raw_year) if raw_year else None
    if month and year:
        return _month_span(year, month)
    if year:
        return _year_span(year)
    if month is None:  # the patterns name a month or a year: one of the two is there
        raise ValueError(m.group(0))
    return _month_span(_recent_month(now, month), month)


Span = tuple[datetime, datetime]
OpenSpan = tuple[datetime | None, datetime | None]
Rule = Callable[[re.Match[str], datetime], OpenSpan]


def _today(m: re.Match[str], now: datetime) -> Span:
    start = _day(now)
    return start, start + timedelta(days=1)


def _yesterday(m: re.Match[str], now: datetime) -> Span:
    start = _day(now) - timedelta(days=1)
    return start, start + timedelta(days=1)


def _this(m: re.Match[str], now: datetime) -> Span:
    unit = m.group("unit")
    today = _day(now)
    start = {
        "week": today - timedelta(days=today.weekday()),
        "month": today.replace(day=1),
        "year": today.replace(month=1, day=1),
    }[unit]
    return start, today + timedelta(days=1)


def _last(m: re.Match[str], now: datetime) -> Span:
    unit = m.group("unit")
    today = _day(now)
    if unit == "week":
        end = today - timedelta(days=today.weekday())
        return end - timedelta(days=7), end
    if unit == "month":
        return _month_span(today.year, today.month - 1)
    return _year_span(today.year - 1)


def _past(m: re.Match[str], now: datetime) -> Span:
    n = _number(m.group("n")) if m.group("n") else 1
    days = {"day": 1, "week": 7, "month": 30, "year": 365}[m.group("unit")] * n
    return _day(now) - timedelta(days=days), _day(now) + timedelta(days=1)


def _ago(m: re.Match[str], now: datetime) -> Span:
    n, unit = _number(m.group("n")), m.group("unit")
    today = _day(now)
    if unit == "day":
        start = today - timedelta(days=n)
        return start, start + timedelta(days=1)
    if unit == "week":
        center = today - timedelta(days=7 * n)
        return center - timedelta(days=3), center + timedelta(days=4)
    if unit == "month":
        return _month_span(today.year, today.month - n)
    return _year_span(today.year - n)


def _weekday(m: re.Match[str], now: datetime) -> Span:
    today = _day(now)
    back = (today.weekday() - _WEEKDAYS[m.group("weekday").lower()]) % 7 or 7
    start = today - timedelta(days=back)
    return start, start + timedelta(days=1)


def _on_weekday(m: re.Match[str], now: datetime) -> Span:
    """ "on Saturday": the most recent one, today included."""
    today = _day(now)
    start = today - timedelta(days=(today.weekday() - _WEEKDAYS[m.group("weekday").lower()]) % 7)
    return start, start + timedelta(days=1)


def _days_back(days: int) -> Callable[[re.Match[str], datetime], Span]:
    """The one day `days` before today ("last night": 1, "the day before yesterday": 2)."""

    def day(m: re.Match[str], now: datetime) -> Span:
        start = _day(now) - timedelta(days=days)
        return start, start + timedelta(days=1)

    return day


_LAST_NIGHT, _EARLIER_TODAY = _days_back(1), _days_back(0)


def _weekend(m: re.Match[str], now: datetime) -> Span:
    """Saturday and Sunday: "this weekend" the one of this week, "last weekend" the one before
    it, "over the weekend" and "this past weekend" the latest one begun."""
    today = _day(now)
    begun = today - timedelta(days=(today.weekday() - 5) % 7)  # the latest Saturday, today included
    this = begun if today.weekday() >= 5 else begun + timedelta(days=7)
    which = (m.group("which") or "").lower()
    start = {"this": this, "last": this - timedelta(days=7), "past": begun}.get(which, begun)
    return start, start + timedelta(days=2)


_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}  # first month (the north's)


def _season(m: re.Match[str], now: datetime) -> Span:
    """Three months from the season's first: "summer 2023", "winter 2023" (December 2023 to February
    2024); "this summer" this year's (this winter: the one that began last December in January or
    February), "last summer" the latest one ended, "in the summer" the latest one begun."""
    first = _SEASONS[m.group("season").lower()]
    which = (m.groupdict().get("which") or "").lower()
    if m.group("year"):
        year = _year(m.group("year"))
    elif which == "this":
        year = now.year - (first == 12 and now.month <= 2)
    else:
        year = now.year if now.month >= first else now.year - 1  # the latest begun
        if which in ("last", "past") and _month_start(year, first + 3) > now:
            year -= 1  # not over yet: the one before
    return _month_start(year, first), _month_start(year, first + 3)


def _part(m: re.Match[str], now: datetime) -> Span:
    """early / mid / late X: the first, middle or last third of a month (days 1-10, 11-20, 21 on)
    or of a year (January-April, May-August, September-December)."""
    start, end = _period(m, now)
    third = ("early", "mid", "late").index(m.group("part").lower())
    if end.year == start.year + 1 and start.month == end.month == 1:
        return _month_start(start.year, 1 + 4 * third), _month_start(start.year, 5 + 4 * third)
    return start + timedelta(days=10 * third), (start + timedelta(days=10 * third + 10) if third < 2 else end)


def _quarter(m: re.Match[str], now: datetime) -> Span:
    q = int(m.group("q")) if m.group("q") else _QUARTERS[m.group("qw").lower()]
    year = _year(m.group("year"))
    return _month_start(year, 3 * q - 2), _month_start(year, 3 * q + 1)


_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": 4}


def _in(m: re.Match[str], now: datetime) -> Span:
    return _period(m, now)


def _on(m: re.Match[str], now: datetime) -> Span:
    year = int(m.group("y"))
    if not MIN_YEAR <= year < MAX_YEAR:  # the date policy's range (the day after must exist too)
        raise ValueError(year)
    start = midnight(year, int(m.group("mo")), int(m.group("d")))
    return start, start + timedelta(days=1)


def _on_written(m: re.Match[str], now: datetime) -> Span:
    """The day of a written date; without a year the most recent one, today included. A lower-case
    "may" with no year is the verb ("may 2 of us join"), not the month."""
    groups = m.groupdict()
    word = groups.get("month") or groups.get("month2") or ""
    if word == "may" and not groups.get("wy"):
        raise ValueError(word)
    month, day = _MONTHS[word.lower().rstrip(".")], int(groups.get("d1") or groups.get("d2") or 0)
    year = _year(groups["wy"]) if groups.get("wy") else now.year - ((month, day) > (now.month, now.day))
    if (month, day) == (2, 29) and not groups.get("wy"):  # the most recent 29 February: a leap year's
        while not calendar.isleap(year):
            year -= 1
    start = midnight(year, month, day)  # 30 February: ValueError, the words stay in the query
    return start, start + timedelta(days=1)


def _bounded(word: str, start: datetime, end: datetime) -> OpenSpan:
    """since / from X: from X's start on; after X: from its end on; before / until / prior to X:
    until its start."""
    word = word.lower()
    if word in ("since", "from"):
        return start, None
    return (end, None) if word == "after" else (None, start)


def _since_of(span: Callable[[re.Match[str], datetime], Span]) -> Rule:
    """since / from / after X, X `span`'s day or period."""

    def since(m: re.Match[str], now: datetime) -> OpenSpan:
        return _bounded(m.group("word"), *span(m, now))

    return since


def _before_of(span: Callable[[re.Match[str], datetime], Span]) -> Rule:
    """before / until / prior to X, X `span`'s day or period."""

    def before(m: re.Match[str], now: datetime) -> OpenSpan:
        return _bounded("before", *span(m, now))

    return before


_SPAN = rf"(?:{_MONTH}(?:\s+(?:of\s+)?{_YEAR})?|(?P<year2>(?:19|20)\d{{2}}))"
# A day written out: "1 March 2024", "the 3rd of March", "March 1, 2024", "Mar 1st" (no year: the
# most recent one, today included).
_WRITTEN = (
    rf"(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
    rf"|{_MONTH.replace('?P<month>', '?P<month2>')}\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)"
    rf"(?:,?\s+(?P<wy>\d{{4,}}))?(?![\d:])"
)
# Order matters: longer, more specific phrases first; every match is cut from the query.
_DATE = r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})"

# The ends of a range ("between X and Y", "from X to Y"), each read by its own rule: a date, a day
# written out, a month (of a year) or a year; `_END` is any of them, its groups unnamed.
_POINTS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str], datetime], Span]], ...] = (
    (re.compile(_DATE + "$"), _on),
    (re.compile(_WRITTEN + "$", re.I), _on_written),
    (re.compile(_SPAN + "$", re.I), _period),
)
_END = "(?:" + "|".join(re.sub(r"\(\?P<\w+>", "(?:", p) for p in (_DATE, _WRITTEN, _SPAN)) + ")"
_DAY_ONLY = r"\d{1,2}(?:st|nd|rd|th)?"  # "between 3 and 10 March": the day of the other end's month


def _point(text: str, now: datetime) -> tuple[Span, bool]:
    """The span one end of a range names, and whether it says its year (else the most recent
    one at `now`)."""
    for pattern, rule in _POINTS:
        m = pattern.match(text)
        if m:
            said = {k: v for k, v in m.groupdict().items() if v}
            return rule(m, now), bool({"y", "wy", "year", "year2"} & said.keys())
    raise ValueError(text)


def _range(m: re.Match[str], now: datetime) -> Span:
    """between / from X and / to / until Y: from the start of X to the end of Y. An end that says no
    year is the one nearest the other end: "between December and February 2024" starts in December
    2023, "from March 2023 to June" ends in June 2023, "between December and February" spans the
    new year; a bare day takes the other end's month ("between 3 and 10 March"). Ends given the
    wrong way round ("from 10 March to 3 March") are read as the span between them."""
    a, b = " ".join(m.group("a").split()), " ".join(m.group("b").split())
    if re.fullmatch(_DAY_ONLY, a):
        (b_start, b_end), _ = _point(b, now)
        start = midnight(b_start.year, b_start.month, int(a.rstrip("stndrh")))
        return min(start, b_start), max(start + timedelta(days=1), b_end)
    (a_start, a_end), a_year = _point(a, now)
    (b_start, b_end), b_year = _point(b, now)
    if b_year and not a_year:  # the latest X at or before Y's last day
        (a_start, a_end), _ = _point(a, b_end - timedelta(days=1))
    elif a_year and not b_year:  # the first Y at or after X's first day
        (b_start, b_end), _ = _point(b, a_start + timedelta(days=364))
    elif not a_year and a_start > b_start and a_start.month != b_start.month:  # December to February
        (a_start, a_end), _ = _point(a, b_end - timedelta(days=1))
    return min(a_start, b_start), max(a_end, b_end)


_RULES: list[tuple[re.Pattern[str], Rule]] = [
    (
        re.compile(
            rf"\b(?:between|from)\s+(?:the\s+)?(?P<a>{_END}|{_DAY_ONLY})\s+(?:and|to|until|till|through|thru|-|–)\s+"
            rf"(?:the\s+)?(?P<b>{_END})(?![\w-])",
            re.I,
        ),
        _range,
    ),
    (re.compile(rf"\b(?P<word>since|after|from)\s+{_DATE}\b", re.I), _since_of(_on)),
    (re.compile(rf"\b(?:before|until|prior\s+to)\s+{_DATE}\b", re.I), _before_of(_on)),
    (re.compile(rf"\b(?:on\s+)?{_DATE}\b", re.I), _on),
    (re.compile(rf"\b(?P<word>since|after|from)\s+(?:the\s+)?{_WRITTEN}", re.I), _since_of(_on_written)),
    (re.compile(rf"\b(?:before|until|prior\s+to)\s+(?:the\s+)?{_WRITTEN}", re.I), _before_of(_on_written)),
    (re.compile(rf"\b(?:on\s+(?:the\s+)?)?{_WRITTEN}", re.I), _on_written),
    (re.compile(rf"\b(?P<word>since|after|from)\s+{_SPAN}\b", re.I), _since_of(_period)),
    (re.compile(rf"\b(?:before|until|prior\s+to)\s+{_SPAN}\b", re.I), _before_of(_period)),
    (re.compile(rf"\b(?:in\s+(?:the\s+)?)?(?P<part>early|mid|late)[\s-]+(?:in\s+)?{_SPAN}\b", re.I), _part),
    (
        re.compile(
            rf"\b(?:(?P<which>last|this|past)\s+|(?:in|during|over|throughout)\s+(?:the\s+)?)"
            rf"(?P<season>spring|summer|autumn|fall|winter)(?!(?-i:\s+[A-Z]))(?:\s+(?:of\s+)?{_YEAR})?\b",
            re.I,
        ),
        _season,
    ),
    (re.compile(rf"\b(?P<season>spring|summer|autumn|fall|winter)\s+(?:of\s+)?{_YEAR}\b", re.I), _season),
    (
        re.compile(
            rf"\b(?:in\s+)?(?:Q(?P<q>[1-4])|(?:the\s+)?(?P<qw>first|1st|second|2nd|third|3rd|fourth|4th|last)\s+"
            rf"quarter(?:\s+of)?)\s+{_YEAR}\b",
            re.I,
        ),
        _quarter,
    ),
    (re.compile(rf"\b(?:in|during|throughout)\s+(?:the\s+)?{_SPAN}\b", re.I), _in),
    (re.compile(rf"\b{_MONTH}\s+(?:of\s+)?{_YEAR}\b", re.I), _in),
    (re.compile(rf"\b(?:in\s+the\s+)?(?:past|last)\s+{_NUM}\s+{_UNIT}\b", re.I), _past),
    (re.compile(rf"\b(?:in\s+the\s+|over\s+the\s+)?past\s+(?P<n>){_UNIT}\b", re.I), _past),
    (re.compile(rf"\b{_NUM}\s+{_UNIT}\s+ago\b", re.I), _ago),
    (re.compile(rf"\blast\s+{_WEEKDAY}\b", re.I), _weekday),
    (re.compile(rf"\b(?P<word>since|after|from)\s+(?:last\s+)?{_WEEKDAY}\b", re.I), _since_of(_on_weekday)),
    (re.compile(rf"\b(?:before|until|prior\s+to)\s+(?:last\s+)?{_WEEKDAY}\b", re.I), _before_of(_on_weekday)),
    (re.compile(rf"\bon\s+(?:the\s+)?{_WEEKDAY}\b", re.I), _on_weekday),
    (re.compile(r"\b(?:over\s+the\s+|(?:this\s+)?(?P<which>last|this|past)\s+)weekend\b", re.I), _weekend),
    (re.compile(r"\b(?:the\s+)?day\s+before\s+yesterday\b", re.I), _days_back(2)),
    (re.compile(r"\blast\s+night\b", re.I), _LAST_NIGHT),
    (re.compile(r"\b(?:this\s+(?:morning|afternoon|evening)|tonight)\b", re.I), _EARLIER_TODAY),
    (re.compile(r"\blast\s+(?P<unit>week|month|year)\b", re.I), _last),
    (re.compile(r"\bthis\s+(?P<unit>week|month|year)\b", re.I), _this),
    (re.compile(r"\byesterday\b", re.I), _yesterday),
    (re.compile(r"\btoday\b", re.I), _today),
]


# Cues whose words stay in the query: what a memory says too ("my weekend hike", "the summer
# trip", "on Monday I saw the dentist"), and what a benchmark without dates to ask from (LoCoMo)
# still finds it by. Every other cue's words are cut ("last week", "in 2023", "3 days ago").
_WORDS_STAY = frozenset([_weekend, _season, _on_weekday, _LAST_NIGHT, _EARLIER_TODAY])

# (rec25) The rules a query may match, by the words every match of each holds (memory/needles.py): a warm process
# searches a query without a cue with a few of its rules, not all 30.
_SCREEN = needles.Screen([pattern for pattern, _ in _RULES])
_DIGIT = re.compile(r"\d")  # any script's digit, one character for one
# A word before a span that makes it a bound: "since last week" is from last week's start on. Not
# "from": "where did she move from 4 years ago" is no bound ("from" a date is one: `_RULES`).
_BOUND_REACH = 40  # characters before a cue its bound word is looked for in (not the whole query)
_BOUND = re.compile(r"\b(?P<word>since|after|before|until|till|prior\s+to)\s+$", re.I)


def parse(query: str, now: datetime) -> Parsed:
    """The window named by the query's temporal cues (intersected if several; a cue that would leave
    no time is passed over) and the rest."""
    start: datetime | None = None
    end: datetime | None = None
    cues: list[str] = []
    rest = query
    here: datetime | None = None  # `now` on the person's calendar, made at the first cue (a zone's lookup)
    # `rest` as the rules see it: a phrase that names no window is masked out of it, and any digit
    # is read as the ASCII one ("since ２０２３" as "since 2023", where "in March ２０２４" alone was read)
    seen = query if query.isascii() else _DIGIT.sub(lambda d: str(int(d.group())), query)
    held = frozenset(_SCREEN.holding(seen))
    for i, (pattern, rule) in enumerate(_RULES):
        if i not in held:
            continue
        pos, before = 0, seen  # each rule reads on from where it stopped: one pass, not one from the start a cue
        while (m := pattern.search(seen, pos)) is not None:
            if here is None:
                here = local(now)  # "this year", "in March": the person's calendar, not UTC's at their midnight
            try:
                s, e = rule(m, here)
            except (KeyError, ValueError, OverflowError):
                # e.g. 2023-13-45, "March 1, 0999": not a date. Its words stay in the query, and no
                # later rule reads a part of them ("since March 1, 0999" was "since March").
                seen = seen[: m.start()] + "\x00" * (m.end() - m.start()) + seen[m.end() :]
                pos = m.end()
                continue
            at = m.start()
            bound = _BOUND.search(seen, max(0, at - _BOUND_REACH), at)
            if bound and s is not None and e is not None:  # "since last week": a bound, not the span
                s, e = _bounded(bound.group("word"), s, e)
                at = bound.start()
            both = (
                (s if start is None or (s is not None and s > start) else start),
                (e if end is None or (e is not None and e < end) else end),
            )
            if both[0] is None or both[1] is None or both[0] < both[1]:
                start, end = both  # else a cue the ones before contradict: theirs stands (dates come first)
            cues.append(" ".join(rest[at : m.end()].split()))
            if rule in _WORDS_STAY and not bound:  # the words stay in the query; no later rule reads them
                seen, pos = seen[:at] + "\x00" * (m.end() - at) + seen[m.end() :], m.end()
            else:
                rest, seen, pos = rest[:at] + " " + rest[m.end() :], seen[:at] + " " + seen[m.end() :], at
        if seen is not before:  # a cue cut out joins the words around it: the rules after it are screened again
            held = frozenset(_SCREEN.holding(seen))
    if not cues:
        return Parsed(query, None)
    cleaned = re.sub(r"\s+([?.!,;:])", r"\1", " ".join(rest.split()))
    return Parsed(cleaned, Window(start, end, ", ".join(cues)))
