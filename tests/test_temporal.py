"""Temporal cues in recall queries: the window each phrase names, and what is left of the query."""

from __future__ import annotations

import pytest

from memory import clock, needles
from memory.clock import parse_when
from memory.errors import InvalidInput
from retrieval.temporal import parse

NOW = parse_when("2024-06-12T15:00:00Z")  # a Wednesday

# query -> (query left for the lexical/vector channels, start day, last day inclusive); None = open
CASES = [
    ("what did I do today", "what did I do", "2024-06-12", "2024-06-12"),
    ("yesterday's standup notes", "'s standup notes", "2024-06-11", "2024-06-11"),
    ("decisions last week about the db", "decisions about the db", "2024-06-03", "2024-06-09"),
    ("postgres last month", "postgres", "2024-05-01", "2024-05-31"),
    ("trips last year", "trips", "2023-01-01", "2023-12-31"),
    ("this week", "", "2024-06-10", "2024-06-12"),
    ("this month", "", "2024-06-01", "2024-06-12"),
    ("3 days ago lunch", "lunch", "2024-06-09", "2024-06-09"),
    ("two weeks ago", "", "2024-05-26", "2024-06-01"),
    ("a month ago", "", "2024-05-01", "2024-05-31"),
    ("2 years ago", "", "2022-01-01", "2022-12-31"),
    ("last monday standup", "standup", "2024-06-10", "2024-06-10"),
    ("last wednesday", "", "2024-06-05", "2024-06-05"),
    ("past month changes", "changes", "2024-05-13", "2024-06-12"),
    ("meetings in the last 2 weeks", "meetings", "2024-05-29", "2024-06-12"),
    ("what we chose in 2023", "what we chose", "2023-01-01", "2023-12-31"),
    ("during 2022 hiring", "hiring", "2022-01-01", "2022-12-31"),
    ("trip in March 2023", "trip", "2023-03-01", "2023-03-31"),
    ("March 2023 trip", "trip", "2023-03-01", "2023-03-31"),
    ("in March", "", "2024-03-01", "2024-03-31"),
    ("in November", "", "2023-11-01", "2023-11-30"),  # the most recent November
    ("since 2022 what changed", "what changed", "2022-01-01", None),
    ("after 2022", "", "2023-01-01", None),
    ("since March", "", "2024-03-01", None),
    ("since May 2023", "", "2023-05-01", None),
    ("tools before 2023", "tools", None, "2022-12-31"),
    ("before March", "", None, "2024-02-29"),
    ("before Sept 2021", "", None, "2021-08-31"),
    ("on 2024-01-05 what", "what", "2024-01-05", "2024-01-05"),
    ("since 2022 and before March 2023", "and", "2022-01-01", "2023-02-28"),  # cues intersect
    # A day as X, as a year or a month is: "since 2024-03-01" was the one day 2024-03-01 (the "on"
    # rule took the date and left "since" in the query), "before 2024-03-01" that day too.
    ("what changed since 2024-03-01", "what changed", "2024-03-01", None),
    ("from 2024-03-01", "", "2024-03-01", None),
    ("after 2024-03-01", "", "2024-03-02", None),
    ("decisions before 2024-03-01", "decisions", None, "2024-02-29"),
    ("until 2024-03-01 and since 2023-12-31", "and", "2023-12-31", "2024-02-29"),
    # A day written out is a day, as 2024-03-01 is: "since 1 March 2024" was the month of March with
    # "since 1" left in the query, "since March 1, 2024" from 1 March of this year, "1, 2024" left.
    ("what changed since 1 March 2024", "what changed", "2024-03-01", None),
    ("since March 1, 2024 what did I do", "what did I do", "2024-03-01", None),
    ("after the 3rd of March 2024", "", "2024-03-04", None),
    ("decisions before 1 March 2024", "decisions", None, "2024-02-29"),
    ("what happened on 12 Dec 2023?", "what happened?", "2023-12-12", "2023-12-12"),
    ("standup on March 1st", "standup", "2024-03-01", "2024-03-01"),
    ("Dec 25 dinner", "dinner", "2023-12-25", "2023-12-25"),  # no year: the most recent one
    ("June 12 lunch", "lunch", "2024-06-12", "2024-06-12"),  # today included
    # A range is one span from its first end to its last: two ends were two cues intersected, so
    # "between June 2023 and March 2024" began in March 2024 and ended in June 2023 (nothing in it).
    ("what happened between March 3 and March 10, 2024", "what happened", "2024-03-03", "2024-03-10"),
    ("between 3 and 10 March 2024", "", "2024-03-03", "2024-03-10"),
    ("from the 3rd of March to the 10th of March 2024", "", "2024-03-03", "2024-03-10"),
    ("jobs from 2019 to 2021", "jobs", "2019-01-01", "2021-12-31"),
    ("between June 2023 and March 2024", "", "2023-06-01", "2024-03-31"),
    ("between 2023-01-05 and 2023-01-09 lunch", "lunch", "2023-01-05", "2023-01-09"),
    ("from March 2023 until June", "", "2023-03-01", "2023-06-30"),  # June of the same year
    ("between December and February 2024", "", "2023-12-01", "2024-02-29"),  # December before
    ("between December and February", "", "2023-12-01", "2024-02-29"),
    ("between 1 March and 3 March", "", "2024-03-01", "2024-03-03"),
    ("from 2024-03-10 to 2024-03-01", "", "2024-03-01", "2024-03-10"),  # the wrong way round
    ("between 10 March and 3 March", "", "2024-03-03", "2024-03-10"),
    # How a person asks about their days: weekends, parts of a day, of a month or a year, seasons,
    # quarters; and any span as a bound ("since last week" was last week, "since" left as a word).
    # A weekend's, a weekday's, a season's and a part of a day's words stay in the query: a memory
    # says them too ("my weekend hike").
    ("what did I do last weekend", "what did I do last weekend", "2024-06-08", "2024-06-09"),
    ("plans for this weekend", "plans for this weekend", "2024-06-15", "2024-06-16"),
    ("over the weekend", "over the weekend", "2024-06-08", "2024-06-09"),
    ("this past weekend", "this past weekend", "2024-06-08", "2024-06-09"),
    ("what did I eat on Saturday", "what did I eat on Saturday", "2024-06-08", "2024-06-08"),
    ("standup on Wednesday", "standup on Wednesday", "2024-06-12", "2024-06-12"),  # today included
    ("the day before yesterday", "", "2024-06-10", "2024-06-10"),
    ("last night", "last night", "2024-06-11", "2024-06-11"),
    ("this morning", "this morning", "2024-06-12", "2024-06-12"),
    ("early March 2024", "", "2024-03-01", "2024-03-10"),
    ("in late March", "", "2024-03-21", "2024-03-31"),
    ("mid-2022", "", "2022-05-01", "2022-08-31"),
    ("late 2023", "", "2023-09-01", "2023-12-31"),
    ("last summer", "last summer", "2023-06-01", "2023-08-31"),  # the latest one over
    ("in the summer", "in the summer", "2024-06-01", "2024-08-31"),  # the latest one begun
    ("winter 2023", "winter 2023", "2023-12-01", "2024-02-29"),
    ("this winter", "this winter", "2024-12-01", "2025-02-28"),
    ("Q1 2024", "", "2024-01-01", "2024-03-31"),
    ("the third quarter of 2023", "", "2023-07-01", "2023-09-30"),
    ("a few days ago", "", "2024-06-09", "2024-06-09"),
    ("a couple of weeks ago", "", "2024-05-26", "2024-06-01"),
    ("what changed since last week", "what changed", "2024-06-03", None),
    ("since yesterday", "", "2024-06-11", None),
    ("notes before yesterday", "notes", None, "2024-06-10"),
    ("after last weekend", "", "2024-06-10", None),
    ("since Monday", "", "2024-06-10", None),
    ("where did she move from 4 years ago", "where did she move from", "2020-01-01", "2020-12-31"),  # no bound
    # Cues that contradict: the first stands (dates are read first), never a window with no time.
    ("what did Maria do last weekend before April 10, 2023", "what did Maria do last weekend", None, "2023-04-09"),
    ("since 2024 and before 2023", "and", "2024-01-01", None),
    # Digits of another script are digits: "in March ２０２４" was read, "since ２０２３" was not.
    ("since \uff12\uff10\uff12\uff13", "", "2023-01-01", None),
    ("notes in \uff12\uff10\uff12\uff14", "notes", "2024-01-01", "2024-12-31"),
    ("on \u0662\u0660\u0662\u0664-03-01", "", "2024-03-01", "2024-03-01"),
    # A year beside a month is read as written, before 1900 too: "since March 1, 1899" was "since
    # March" of this year (", 1899" left in the query), a different window without a word.
    ("letters since March 1, 1899", "letters", "1899-03-01", None),
    ("since March 1899", "", "1899-03-01", None),
    ("deeds before 1 March 1899", "deeds", None, "1899-02-28"),
    ("in March 1850", "", "1850-03-01", "1850-03-31"),
    # No year: the most recent 29 February (a leap year's); in 2025 it was "since February", the
    # day refused and the month taken from what was left.
    ("since Feb 29", "", "2024-02-29", None),
]


@pytest.mark.parametrize(("query", "rest", "first", "last"), CASES)
def test_cue_windows(query, rest, first, last):
    parsed = parse(query, NOW)
    assert parsed.window is not None, query
    start, end = parsed.window.start, parsed.window.end
    assert start is None or end is None or start < end, "a window that holds no time"
    assert (start.date().isoformat() if start else None) == first
    assert (end.date().isoformat() if end else None) == (None if last is None else _next_day(last))
    assert parsed.query == rest


@pytest.mark.parametrize(
    "query",
    [
        "what may happen to the release",  # "may" the verb, not the month
        "postgres connection pooling",
        "the 2023-13-45 build",  # not a date
        "march of the penguins documentary",
        "between 3 and 5 people came",  # a range of numbers, not of days
        "from me to you",
        "I fall asleep late",  # "fall" the verb, not the season
        "my summer job",
        "what do I do on the weekend",  # a habit, not one weekend
        "Mondays are for planning",
        "who ran the Spring Fling Market",  # a name, not the season
        # A count of 0 names no span (was today, where `recent --days 0` is refused).
        "notes from the last 0 days",
        "past 0 weeks",
        "in the past 0 months",
        "0 days ago",
        # A written year outside the date policy's range: no window, and no part of it read as one
        # ("since March 1, 0999" was "since March" of this year).
        "since March 1, 0999",
        "since March 1, 9999",
        "since March 1, 12345",
        "before 1 March 0999",
        "after 5000 steps",  # a bare number is a year only from 1900 to 2099
        "since Feb 29, 2023",  # no such day: no window, not "since February"
        "summer 0999",  # a season's or a quarter's year outside the range too (they were windows)
        "Q1 0999",
    ],
)
def test_no_cue_leaves_query_alone(query):
    parsed = parse(query, NOW)
    assert parsed.window is None
    assert parsed.query == query


def test_window_contains_is_half_open():
    window = parse("yesterday", NOW).window
    assert window.contains(parse_when("2024-06-11T23:59:59Z"))
    assert not window.contains(parse_when("2024-06-12T00:00:00Z"))
    assert not window.contains(parse_when("2024-06-10T23:59:59Z"))


def _next_day(day: str) -> str:
    from datetime import date, timedelta

    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def test_the_clock_s_caches_answer_as_the_first_call_does(monkeypatch):
    """Dates are parsed and normalized once per text and the time formatted once per second: a
    text read again gives the same answer, a bad one raises every time, a pin set or changed
    between calls is read."""
    for _ in range(2):
        assert clock.normalize_when("2024-05-01T09:30:00+02:00") == "2024-05-01T07:30:00Z"
        assert clock.parse_when(" 2024-05-01 ") == parse_when("2024-05-01")
        for bad in ("2024-13-01", "10000-01-01", "next week"):
            with pytest.raises(InvalidInput):
                clock.normalize_when(bad)
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T12:00:00Z")
    assert clock.now_iso() == "2026-06-01T12:00:00Z"
    monkeypatch.setenv("QUIRE_NOW", "2027-01-02")
    assert clock.now_iso() == "2027-01-02T00:00:00Z" == clock.iso(clock.now())
    monkeypatch.delenv("QUIRE_NOW")
    before = clock.iso(clock.now())
    stamped = clock.now_iso()
    assert before <= stamped <= clock.iso(clock.now()) and stamped.startswith("20")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("9999-12-31T23:59:59-05:00", "outside the supported range"),  # read, but past 9999 in UTC
        ("10000-01-01", "outside the supported range"),  # a five-digit year was "cannot read"
        ("0999-12-31", "outside the supported range"),
        ("2024-02-30", "cannot read the date"),
        ("next week", "cannot read the date"),
    ],
)
def test_a_date_past_the_range_is_said_to_be_so_not_unreadable(text, says):
    with pytest.raises(InvalidInput, match=says) as raised:
        clock.parse_when(text)
    # The kind, not the wording, is what a caller tells apart (a chat's message time says it in its own words).
    assert isinstance(raised.value, clock.OutOfRange) == (says == "outside the supported range")
    assert clock.parse_when("9999-12-31T23:59:59+05:00") == parse_when("9999-12-31T18:59:59Z")


@pytest.mark.parametrize("pinned", ["yesterday", "2024-02-30", "0000-01-01"])
def test_a_pinned_time_that_is_no_date_names_quire_now(monkeypatch, pinned):
    # "cannot read the date 'yesterday'" on a capture that gave no date sent people hunting
    # through their text for it: the error names the variable it came from and the way out.
    monkeypatch.setenv("QUIRE_NOW", pinned)
    for ask in (clock.now, clock.now_iso):
        with pytest.raises(InvalidInput, match=r"^QUIRE_NOW=.*unset QUIRE_NOW for the real time$"):
            ask()


@pytest.mark.parametrize("query", ["may 2 of us join the trip", "Feb 30 2024 party", "chapter 40 March"])
def test_words_that_only_look_like_a_written_day_stay_in_the_query(query):
    parsed = parse(query, NOW)
    assert parsed.window is None and parsed.query == query


def test_recall_reads_a_written_year_before_1900_and_refuses_a_count_of_0_as_a_flag_does(cli, cli_json):
    """Through `quire recall`: "since March 1, 1899" is an open window from that day (everything
    after it matches), not "since March" of this year, which hid a 2020 memory; "the last 0 days"
    is no window (its words are searched), as `recent --days 0` is a usage error, not today."""
    deeds = "The deeds of the old mill house are kept at the county archive"
    mid = cli_json("capture", deeds, "--valid-from", "2020-05-01")["id"]
    found = cli_json("recall", "mill house deeds since March 1, 1899")
    assert found["window"]["start"].startswith("1899-03-01") and found["window"]["end"] is None
    assert mid in [r["id"] for r in found["results"]]
    zero = cli_json("recall", "mill house deeds in the last 0 days")
    assert zero.get("window") is None and mid in [r["id"] for r in zero["results"]]
    assert cli("recent", "--days", "0").exit_code == 2


def test_the_29th_of_february_without_a_year_is_the_last_leap_year_s():
    parsed = parse("since Feb 29", parse_when("2026-03-10T12:00:00Z"))
    assert parsed.window is not None and parsed.window.start == parse_when("2024-02-29") and parsed.query == ""


def test_a_warm_process_screens_the_rules_and_reads_every_query_the_same(monkeypatch):
    """(rec25) From the third query on, a rule is searched only in a query holding a word every match of it holds
    (memory/needles.Screen); a cue cut out joins the words around it ("since last week 2023"), so the rules after
    it are screened again. Every query reads as it read with every rule searched, window and words left."""
    from retrieval import temporal

    queries = [case[0] for case in CASES] + [
        "since last week 2023 notes",
        "between March and last week",
        "the summer of 2023 trip",
        "early 2024 plans",
        "Q3 2023 review",
        "before last friday",
        "on Monday I saw the dentist",
        "the summer Olympics",  # a season before a capital: no cue (the control of a near miss)
        "from 4 years ago, where did she move",
        "ſince March",  # not ASCII: nothing screened out
        "notes about the billing deploy",
    ]
    every = [pattern for pattern, _ in temporal._RULES]
    monkeypatch.setattr(temporal, "_SCREEN", needles.Screen(every, after=10**9))
    searched = [parse(q, NOW) for q in queries]
    monkeypatch.setattr(temporal, "_SCREEN", needles.Screen(every, after=1))
    assert [parse(q, NOW) for q in queries] == searched
    assert temporal._SCREEN.finder is not None and searched[-1].window is None and searched[0].window is not None


def test_a_time_already_in_the_stored_form_is_kept_only_when_it_is_a_real_time():
    """A chat's message time arrives as the stored form (2024-05-01T09:30:00Z) and is taken as it
    is; the same form naming no real moment (a 29 February of a common year, hour 24, second 60, a
    year before 1000) is refused in the words any unread date gets. Control: a leap day is kept."""
    assert clock.normalize_when("2024-02-29T23:59:59Z") == "2024-02-29T23:59:59Z"
    assert clock.normalize_when("1000-01-01T00:00:00Z") == "1000-01-01T00:00:00Z"
    for bad in ("2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T09:30:60Z"):
        with pytest.raises(InvalidInput, match="cannot read the date"):
            clock.normalize_when(bad)
    with pytest.raises(clock.OutOfRange):
        clock.normalize_when("0999-12-31T23:59:59Z")
    with pytest.raises(InvalidInput):
        clock.normalize_when("２024-05-01T09:30:00Z")  # fullwidth digits: not the stored form
