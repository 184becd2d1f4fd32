"""A pet said with "have" is a pet, a job resigned from is the job left, and a partner married is the partner (session
53, hunting the life reading's plain wordings by class).

- "I have a dog named Rex", "We have a cat called Luna", "I have two cats" read nothing, where "I've got a dog named
  Rex" and "we adopted a cat called Luna" read the pet: so "I don't have any pets" stayed the answer.
- "I resigned from Google" read a job left but not which ("I quit Google" needs a time: it may be the app), and "I
  resigned from Google and joined Meta" not Meta, where "I left Google and joined Meta" did.
- "I married Tom last year" read nothing, "I'm married to Tom" and "I got married to Tom" no partner, where "Tom and I
  got engaged" named him.
- "I study at MIT", "I'm studying at UCL" read no university (a university word was wanted after "study at", as "I
  study at Starbucks" is where), where "I'm a student at MIT" read it.
- "I sold my Civic and bought a Corolla" read the car "" (the article "a", read as a name typed in lower case), "I
  joined Equinox" a Chevrolet beside the gym, "I switched my phone plan to Vodafone" nothing (a "plan to" was a plan)
  and "... over to Vodafone" the attribute "phone plan provider", which no "phone provider" before it met.
- "I stopped taking metformin", "I'm off metformin now", "I came off metformin" read metformin as the medication the
  person is on (the medicines' list reads a name the clause says is theirs; a stop said so was not an ending), and
  recall gave "I stopped taking metformin" first for "what medication am I on" over the lisinopril they take.
- "I call Lisbon home now", "Lisbon is home now", "Home is Berlin now", "My home is Berlin now" read no home."""

from __future__ import annotations

import pytest

import quire
from memory import life


def _read(text: str) -> list[tuple[str, str]]:
    return [(s.attribute, s.value) for s in life.read(text)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I have a dog named Rex", [("dog", "rex"), ("pets", "some")]),
        ("I have a dog called Rex", [("dog", "rex"), ("pets", "some")]),
        ("We have a cat named Luna", [("cat", "luna"), ("pets", "some")]),
        ("I have a rabbit named Thumper", [("rabbit", "thumper"), ("pets", "some")]),
        ("I have a dog.", [("pets", "some")]),
        ("I have two cats", [("pets", "some")]),
        ("I have a dog and a cat", [("pets", "some")]),
        ("I've got a dog named Rex", [("dog", "rex")]),  # control: read before
        # controls: no pet of theirs
        ("I have a cat allergy", []),
        ("I have a dog walker named Sam", []),
        ("I have a dog-sitting gig", []),
        ("Do I have a dog?", []),
        ("If I have a cat, it will scratch everything.", []),
        ("I don't have any pets", [("pets", "none")]),
    ],
)
def test_a_pet_said_with_have(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I resigned from Google", [("employer", "left google")]),  # read "left"
        ("I resigned from Google!", [("employer", "left google")]),
        ("I resigned from Google last week", [("employer", "left google")]),  # control: read before
        ("I resigned from Google and joined Meta", [("employer", "meta")]),  # read "left"
        ("I resigned from my job at Google to join Meta", [("employer", "meta")]),
        ("I resigned from Google, then joined Meta", [("employer", "meta")]),  # read "left"
        ("I left Google, then joined Meta", [("employer", "meta")]),  # read nothing
        ("I resigned from Leeds", [("employer", "left")]),  # a city: no name of a job
        ("I resigned from the choir", [("choir", "left")]),  # control
        ("I quit Facebook", []),  # control: the app, maybe
    ],
)
def test_a_job_resigned_from(text, read):
    assert _read(text) == read


def test_a_pet_now_outranks_no_pets_in_recall(quire_home):
    """The person's latest word on their pets is what recall gives first, the earlier one kept in history."""
    with quire.open(quire_home) as q:
        q.capture("I don't have any pets")
        q.capture("I have a dog named Rex now")
        assert q.recall("what pet do I have").results[0].text == "I have a dog named Rex now"
        assert [h.text for h in q.recall("do I have any pets").results] == ["I have a dog named Rex now"]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I married Tom last year", [("relationship", "married"), ("partner", "tom")]),
        ("I just married Ana!", [("relationship", "married"), ("partner", "ana")]),
        ("I'm married to Tom", [("relationship", "married"), ("partner", "tom")]),
        ("I got married to Tom", [("relationship", "married"), ("partner", "tom")]),
        ("I got engaged to Ana last week", [("relationship", "engaged"), ("partner", "ana")]),
        ("I have been married to Tom for 10 years", [("relationship", "married"), ("partner", "tom")]),
        ("I've been happily married to Sarah for 5 years", [("relationship", "married"), ("partner", "sarah")]),
        ("Tom and I got engaged", [("relationship", "engaged"), ("partner", "tom")]),  # control: read before
        # controls: no partner of now, or none named
        ("I was married to Tom for ten years", []),
        ("I've been married twice", []),
        ("I married young", []),
        ("I married into money", []),
        ("I'm married to my job", []),
        ("My friend married Tom", []),
        ("I married Tom's sister", [("relationship", "married")]),
    ],
)
def test_a_partner_married(text, read):
    assert _read(text) == read


def test_a_partner_married_queues_a_change_of_partner(quire_home):
    with quire.open(quire_home) as q:
        q.capture("My boyfriend Sam is a chef.")
        q.capture("I married Tom last year, best day ever")
        items = q.review().items
    partners = [i["payload"] for i in items if i["payload"].get("attribute") == "partner"]
    assert [(p["was"], p["now"]) for p in partners] == [("Sam", "Tom")]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I study at MIT", [("university", "mit")]),
        ("I'm studying at UCL", [("university", "ucl")]),
        ("I'm currently studying at NYU", [("university", "nyu")]),
        ("I studied at LSE", [("university", "lse")]),
        ("I'm a student at MIT", [("role", "student"), ("university", "mit")]),  # control: read before
        # controls: no school
        ("I study at Starbucks", []),
        ("I study at NYC", []),  # a city's letters
        ("I study at KFC", []),
        ("I study at the MIT library", []),
    ],
)
def test_a_university_by_its_letters(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I sold my Civic and bought a Corolla", [("car", "corolla")]),  # read ""
        ("I sold my car and bought a Corolla", [("car", "corolla")]),
        ("sold my civic and bought a used ford f150", [("car", "ford f150")]),  # control: lower case, read before
        ("I joined Equinox", [("gym", "equinox")]),  # read a car beside it
        ("I drive an Equinox", [("car", "equinox")]),  # control
        ("I switched my phone plan to Vodafone", [("phone provider", "vodafone")]),  # read nothing
        ("I switched my phone plan to T-Mobile", [("phone provider", "t-mobile")]),
        ("I moved my mobile plan to EE", [("phone provider", "ee")]),
        ("I switched my phone plan over to Vodafone", [("phone provider", "vodafone")]),  # read "phone plan provider"
        ("I switched my insurance plan to Aviva", [("insurance", "aviva")]),
        ("I switched my phone to Verizon", [("phone provider", "verizon")]),  # control
        ("I plan to move to Berlin", []),  # control: a plan
        ("My family plan to move to Berlin", []),  # control
    ],
)
def test_a_thing_bought_or_switched(text, read):
    assert _read(text) == read


@pytest.mark.parametrize("new", ["I switched my phone plan to T-Mobile", "I switched my phone plan over to Vodafone"])
def test_a_plan_switched_replaces_the_provider(quire_home, new):
    """A provider is a fact: the new one supersedes the old at once (memory/correction.py), so recall gives it alone."""
    with quire.open(quire_home) as q:
        q.capture("My phone provider is Verizon.")
        q.capture(new)
        assert [h.text for h in q.recall("which phone provider am I on").results] == [new]
        assert q.review().items == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I stopped taking metformin", []),
        ("I stopped taking metformin last month", []),
        ("I'm off metformin now", []),
        ("I came off metformin", []),
        ("I quit taking metformin", []),
        ("I stopped metformin", []),
        ("My doctor took me off metformin", []),
        ("I stopped taking metformin and started insulin", [("medication", "insulin")]),
        # controls: taken now
        ("I'm on metformin now", [("medication", "metformin")]),
        ("I started taking metformin", [("medication", "metformin")]),
        ("I switched from metformin to Ozempic", [("medication", "ozempic")]),
    ],
)
def test_a_medicine_stopped_is_not_taken(text, read):
    assert _read(text) == read


def test_a_medicine_stopped_does_not_outrank_the_one_taken(quire_home):
    with quire.open(quire_home) as q:
        q.capture("I take lisinopril for my blood pressure")
        q.capture("I stopped taking metformin last month")
        assert q.recall("what medication am I on").results[0].text == "I take lisinopril for my blood pressure"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I call Berlin home now", [("home", "berlin")]),
        ("I now call Lisbon home", [("home", "lisbon")]),
        ("We call Lisbon home", [("home", "lisbon")]),
        ("Lisbon is home now", [("home", "lisbon")]),
        ("Paris is my home now", [("home", "paris")]),
        ("Home is Berlin now", [("home", "berlin")]),
        ("My home is Berlin now", [("home", "berlin")]),
        ("My home is in Berlin", [("home", "berlin")]),  # control: read before
        # controls: no place
        ("Home is where the heart is", []),
        ("My home is a mess", []),
        ("I call my mum's home every day", []),
        ("I call Dave at home", []),
    ],
)
def test_a_home_said_as_home(text, read):
    assert _read(text) == read


def test_a_home_said_as_home_is_a_move(quire_home):
    with quire.open(quire_home) as q:
        q.capture("I live in Porto")
        q.capture("Lisbon is home now, I love it")
        items = q.review().items
    assert [(i["payload"]["was"], i["payload"]["now"]) for i in items] == [("Porto", "Lisbon")]
