"""A job said as the work done or as a job taken is the person's role, and a city said by its letters is no
employer (session 53, hunting the life reading's leftovers by class).

- "I work as a cashier", "I'm working as a waiter" read nothing: the jobs that may be a hobby or a trait alone
  ("a keen baker", `_JOBS_AT_A_PLACE`) were read only before a place, even after "work as", which says a job.
- "I got a job as a nurse", "I took a job as a barista at Starbucks", "I've been working as a nurse for two years",
  "I'm employed as a nurse" read nothing of either; "I started volunteering as a nurse" read a job.
- "I work as a cook for the summer" read the employer "summer", "I'm a cashier at the local Tesco" the employer
  "local", "I'm a photographer at weddings" the employer "weddings".
- "I work as a farmer", "I'm a driver at Uber": no list held these jobs.
- "I left NYC last year", "I left LA in March" read the employers "left nyc" and "left la": no list knows a city
  by its letters, so a move read as a job left; and "I live in NYC", then "I live in New York City now" queued a
  move.

By every route: tests/test_life_employer_routes.py (the employer), and below (the role)."""

from __future__ import annotations

import pytest

import quire
from memory import life
from tests.lifesaid import review_items


def _read(text: str) -> list[tuple[str, str]]:
    return [(s.attribute, s.value) for s in life.read(text)]


@pytest.mark.parametrize("job", life._JOBS_AT_A_PLACE)
@pytest.mark.parametrize("form", ["I work as a {}", "I'm working as a {} these days", "I got a job as a {}"])
def test_a_job_said_as_work_is_the_role(form, job):
    article_fixed = form.replace(" a {}", " an {}") if job[0] in "aeiou" else form
    assert _read(article_fixed.format(job)) == [("role", job)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I took a job as a barista at Starbucks", [("role", "barista"), ("employer", "starbucks")]),
        ("I got a job as a pilot with Ryanair", [("role", "pilot"), ("employer", "ryanair")]),
        ("I've accepted a position as a lecturer at UCL", [("role", "lecturer"), ("employer", "ucl")]),
        ("I got a job as a nurse", [("role", "nurse")]),  # a job of the roles' own list too
        ("I've been working as a nurse for two years", [("role", "nurse")]),  # (read nothing, any job)
        ("I have been working as a cashier since May", [("role", "cashier")]),
        ("I'm employed as a cashier", [("role", "cashier")]),
        ("I have a job as a waiter", [("role", "waiter")]),
        ("I started working as a cashier in June", [("role", "cashier")]),
        ("I work nights as a cashier", [("role", "cashier"), ("shift", "night")]),
        ("I work as a support worker", [("role", "support worker")]),  # read "support"
        (
            "I've been working as a marketing specialist at XYZ Corporation for the past 2 years",  # LongMemEval S
            [("employer", "xyz corporation"), ("role", "marketing specialist")],
        ),
        ("I've been employed as a cashier at Tesco for 3 years", [("employer", "tesco"), ("role", "cashier")]),
        ("I'm employed as a nurse at St Mary's", [("role", "nurse"), ("employer", "st mary's")]),
        ("I started volunteering as a nurse", []),  # a volunteer's, no job (read the role nurse)
        ("I got a job as a student ambassador", []),
        ("I work as a cook for the summer", [("role", "cook")]),  # read the employer "summer"
        ("I work as a cashier at the local Tesco", [("role", "cashier")]),  # read the employer "local"
        ("I work for the local council", [("employer", "local council")]),  # control: one name
        ("I'm a waiter at weddings", []),  # read the employer "weddings"
        ("I'm a photographer at weddings", [("role", "photographer")]),
        ("I work at the events company", [("employer", "events company")]),  # control
        ("I work as a farmer", [("role", "farmer")]),  # (a job no list held)
        ("I'm a driver at Uber", [("role", "driver"), ("employer", "uber")]),
        ("I'm a good driver", []),  # control: a trait
        ("I am a builder at heart without the room. Everyone steals my tools.", []),  # LongMemEval S: no employer
        ("I work at the nearby hospital", [("employer", "nearby hospital")]),  # control
        # controls: no job of the person's now
        ("I'm a cashier", []),  # (a job alone after "I'm a": a hobby or a trait as often, "a keen baker")
        ("I'm a keen baker", []),
        ("I got offered a job as a cashier", []),
        ("I applied for a job as a cashier", []),
        ("I never got a job as a pilot", []),
        ("I used to work as a cashier", []),
        ("My sister works as a cashier", []),
        ("I work as a dentist's receptionist", []),  # not the dentist
        ("I got a job as a pilot's assistant", []),
    ],
)
def test_a_job_taken_and_its_controls(text, read):
    assert _read(text) == read


LETTERS = ["NYC", "NY", "LA", "SF", "DC", "NOLA", "ATL", "KL", "HK", "CDMX"]


@pytest.mark.parametrize("city", LETTERS)
@pytest.mark.parametrize("form", ["I left {} last year", "I left {} in March", "I've been at {} for two years"])
def test_a_city_by_its_letters_is_no_job(form, city):
    assert _read(form.format(city)) == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I left Google last year", [("employer", "left google")]),  # control
        ("I left LA Fitness last year", [("employer", "left la fitness")]),  # a gym chain: a name opened by them
        ("I left SF Express in May", [("employer", "left sf express")]),  # a courier
        ("I live in NYC", [("home", "new york city")]),  # a home: the city, however it is written
        ("I left la casa last year", []),  # control: lower case is no city's letters
    ],
)
def test_the_letters_only_whole_and_in_capitals(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    ("letters", "name"),
    [
        ("NYC", "New York City"),
        ("NY", "New York"),
        ("LA", "Los Angeles"),
        ("SF", "San Francisco"),
        ("KL", "Kuala Lumpur"),
    ],
)
def test_a_home_said_by_its_letters_then_its_name_is_no_change(quire_home, letters, name):
    """ "I live in NYC", then "I live in New York City now" queued NYC -> New York City, a move that never was."""
    with quire.open(quire_home) as q:
        q.capture(f"I live in {letters}")
        q.capture(f"I live in {name} now, love it")
        q.capture("I moved to Lisbon last month")  # control: a move
    assert review_items(quire_home) == [("revision", f"I live in {name} now, love it", "I moved to Lisbon last month")]


def test_a_new_job_said_as_work_queues_a_change_of_role(quire_home):
    with quire.open(quire_home) as q:
        q.capture("I work as a nurse at the Royal Free.")
        q.capture("I'm working as a cashier these days")
    assert ("revision", "I work as a nurse at the Royal Free.", "I'm working as a cashier these days") in review_items(
        quire_home
    )
