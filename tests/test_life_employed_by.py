"""A job said in the other common wordings is the employer (session 52, hunting trust50's leftovers by class).

- "I've been at Monzo for two years" read a bank, "I've been at Apple for 3 years" nothing: a name of the lists (a
  bank, a carrier, a pharmacy, a car maker, a phone maker) was no employer after "been at", and a name that opened
  a city's ("Apple" of "Apple Valley", "New" of "New York") was taken for that city.
- "I started at Walgreens in March" read the pharmacy beside the employer (a bank alone was left out), "I left
  Toyota in June" a car; "I left Apple last month" nothing, "I left New York last year" an employer.
- "I'm employed by Acme" and "I do nights at Meta" read nothing for any name; "I work for the man" read "man".
- "I study at the University of Leeds" read no university, though "I studied at" did.

By every route: tests/test_life_employer_routes.py."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> list[tuple[str, str]]:
    return [(s.attribute, s.value) for s in life.read(text)]


BRANDS = ["Monzo", "Barclays", "Apple", "Tesla", "Toyota", "Samsung", "Verizon", "Vodafone", "CVS", "Walgreens"]


@pytest.mark.parametrize("brand", BRANDS)
@pytest.mark.parametrize("form", ["I've been at {} for two years", "I have been at {} for 3 years."])
def test_a_while_at_a_listed_company_is_a_job_there(form, brand):
    assert _read(form.format(brand)) == [("employer", brand.casefold())]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I've been at New Relic for 2 years", [("employer", "new relic")]),  # not New York
        ("I've been at Meta for two years", [("employer", "meta")]),  # not the Colombian region
        ("I left Google and joined Meta", [("employer", "meta")]),
        ("I started at Walgreens in March", [("employer", "walgreens")]),  # not the pharmacy beside it
        ("I've been with Verizon for 10 years", [("phone provider", "verizon")]),  # control: a customer's "with"
        ("I bank with Monzo", [("bank", "monzo")]),  # control
        ("I pick up my meds at CVS", [("pharmacy", "cvs")]),  # control
        ("I've been at London for 2 years", []),  # control: a city
        ("I've been at New York for 2 years", []),  # control: a city's whole name
    ],
)
def test_a_company_of_the_lists_and_a_city(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I left Apple last month", [("employer", "left apple")]),  # a job left ("Apple Valley" took it)
        ("I got laid off from Apple", [("employer", "left apple")]),
        ("I left my job at Apple", [("employer", "left apple")]),
        ("I left Toyota in June", [("employer", "left toyota")]),  # no car beside it
        ("I left New York last year", []),  # control: a city by another of its names (read "left new york")
        ("I left Germany last year", []),  # control: a country (read "left germany")
        ("I left Leeds last month", []),  # control
        ("I left Apple Valley last year", []),  # control: the city's whole name
        ("I drive a Toyota", [("car", "toyota")]),  # control
    ],
)
def test_a_job_left_at_a_company_whose_name_opens_a_city(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I'm employed by Acme", "acme"),
        ("I am now employed at the NHS", "nhs"),
        ("I'm employed by the council.", "council"),
        ("I'm employed with Monzo", "monzo"),
        ("I do nights at Meta", "meta"),
        ("I do night shifts at Tesco", "tesco"),
        ("I'm doing shifts at the Royal Free", "royal free"),
        ("I work for the government", "government"),  # control: a body in lower case still is one
    ],
)
def test_employed_by_and_shifts_at_a_place(text, employer):
    assert [v for a, v in _read(text) if a == "employer"] == [employer]


@pytest.mark.parametrize(
    "text",
    [
        "I work for the man",  # an idiom: no company called "man"
        "I work for the woman who owns the bakery",
        "I was employed by Acme",  # once, not now
        "I'm employed by a startup",  # no name
        "I do mornings at Pure Gym",  # hours spent there, no job
        "I do weekends at Center Parcs",
    ],
)
def test_control_no_employer(text):
    assert [v for a, v in _read(text) if a == "employer"] == []


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("I study at the University of Leeds", "university of leeds"),
        ("I study part-time at the University of Leeds", "university of leeds"),
        ("I'm studying at Leeds University", "leeds university"),
        ("i study at leeds uni", "leeds uni"),
    ],
)
def test_studying_at_a_university(text, school):
    assert [v for a, v in _read(text) if a == "university"] == [school]


def test_control_studying_at_a_cafe_is_no_university():
    assert _read("I study at Starbucks most evenings") == []
