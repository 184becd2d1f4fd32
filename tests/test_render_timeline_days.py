"""A topic page's Timeline dates what a chat turn tells by the person's own calendar: a day and month
without a year ("on 5 January") take the year of the day the message was said on this machine's
clock, and "yesterday" or "last Tuesday" become the day before, or the Tuesday before, that local
day, not the UTC one the message is stored at."""

from __future__ import annotations

from memory import names
from wiki import render, synth


def _turn(i: int, text: str, said: str) -> synth.Mem:
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", said, None, said, said, "", turn="person", seq=i)


def _timeline(*mems: synth.Mem) -> list[str]:
    return render.timeline(list(mems), {m.id: n for n, m in enumerate(mems, start=1)})


# Two dated events apart from the one a test is about: a timeline needs three on two dates.
_OTHERS = (
    _turn(91, "My sister Lena turns 30 on 12 April 2023.", "2023-03-28T10:00:00Z"),
    _turn(92, "I start the new job on 3 June 2024.", "2024-02-12T10:00:00Z"),
)


def test_a_day_and_month_said_just_after_new_year_in_berlin_take_the_new_year(zone):
    zone("Europe/Berlin")
    # 00:30 on 1 January 2024 in Berlin is stored as 23:30 on 31 December 2023 (UTC)
    said = _turn(1, "The concert is on 5 January, I got two tickets.", "2023-12-31T23:30:00Z")
    lines = _timeline(said, *_OTHERS)
    assert "- 2024-01-05: The concert is on 5 January, I got two tickets.[^m1]" in lines, lines


def test_yesterday_is_the_day_before_the_local_day_the_message_was_said(zone):
    zone("Asia/Tokyo")
    # 08:30 on 11 March in Tokyo is 23:30 on 10 March UTC: yesterday is 10 March, not 9 March
    said = _turn(1, "We closed on the flat yesterday!", "2024-03-10T23:30:00Z")
    lines = _timeline(said, *_OTHERS)
    assert "- 2024-03-10: We closed on the flat yesterday!\\[^m1\\]" not in lines  # (never escaped twice)
    assert "- 2024-03-10: We closed on the flat yesterday![^m1]" in lines, lines
    zone("America/Los_Angeles")
    # 15:30 on 10 March in Los Angeles: yesterday is 9 March
    assert "- 2024-03-09: We closed on the flat yesterday![^m1]" in _timeline(said, *_OTHERS)


def test_last_weekday_is_the_one_before_the_local_day():
    # said on Wednesday 17 January 2024 (UTC here, the day alone): last Tuesday is the 16th
    assert names.event_date("It was -28 last Tuesday, the dog refused to go out.", "2024-01-17") == names.Dated(
        "2024-01-16", "It was -28 last Tuesday, the dog refused to go out."
    )
    # said on a Tuesday: last Tuesday is a week before, never the same day
    assert names.event_date("We moved last tuesday.", "2024-01-16").when == "2024-01-09"  # type: ignore[union-attr]
    assert names.event_date("I had my interview the day before yesterday.", "2024-03-01").when == "2024-02-28"  # type: ignore[union-attr]


def test_a_date_the_text_names_wins_and_words_of_now_are_no_event():
    # a date named outright is the event's, whatever "yesterday" says around it
    assert names.event_date("Yesterday I booked the flight for 3 June 2024.", "2024-02-12").when == "2024-06-03"  # type: ignore[union-attr]
    # "today", "tonight", "last week" and a bare weekday name no single day: no event
    for text in (
        "I went to the gym today.",
        "Dinner with Ana tonight.",
        "It rained all last week.",
        "See you Tuesday.",
    ):
        assert names.event_date(text, "2024-02-12") is None, text
    # no day said: a relative day resolves to nothing
    assert names.event_date("We closed on the flat yesterday!", "") is None
    # "yesterday's" is the word too; a word that only holds it is not
    assert names.event_date("Yesterday's storm took the fence down.", "2024-02-12").when == "2024-02-11"  # type: ignore[union-attr]
    assert names.event_date("The band Yesterdayz played.", "2024-02-12") is None
    assert names.event_date("a not-yesterday kind of mood", "2024-02-12") is None
    # a day said before the calendar's first, or none at all: nothing to count back from
    assert names.event_date("We met the day before yesterday.", "0001-01-02") is None
    assert names.event_date("We met yesterday.", "2024-02-30") is None
