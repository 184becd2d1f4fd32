"""Changes whose old value was never read (life20): a thing of the person's said as the subject of
its upkeep or trouble, with no "my" before it ("the 09 Octavia failed the NCT", "eir broadband keeps
dropping"), a supplier that set them up ("virgin media fella came and hooked us up"), an energy
supplier by a list (memory/data/carriers.txt: "our electric ireland bill"). Each with look-alikes
that must read nothing: a car in the news, with no year, a plan, someone else's."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("the 09 Octavia failed the NCT on a front brake disc. how much should a disc cost", "car", "octavia"),
        ("the 2012 Golf needs new tyres, what should I pay", "car", "golf"),
        ("our 2015 Corolla won't start in the cold, is it the battery", "car", "corolla"),  # ("our": read before too)
        ("the '09 Fabia failed its MOT on the brakes", "car", "fabia"),
        ("eir broadband keeps dropping every time she's on a call, is it the router", "internet", "eir"),
        ("Vodafone broadband is down again, who do I ring", "internet", "vodafone broadband"),
        ("Xfinity internet keeps cutting out at night", "internet", "xfinity"),
        ("Xfinity is down again and I work from home", "internet", "xfinity"),
        ("virgin media fella came and hooked us up today, no signal in the kitchen", "internet", "virgin media"),
        ("our electric ireland bill was €310 for two months??", "energy", "electric ireland"),
        ("my British Gas bill went up again", "energy", "british gas"),
        ("we're with Octopus now and the app is great", "energy", "octopus"),
    ],
)
def test_a_thing_said_by_its_upkeep_or_its_bill_is_the_persons(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("the Octavia is making a grinding noise braking", "car"),  # no year: restates no value alone
        ("the 2024 Civic is a great car according to the reviews", "car"),  # no upkeep: a review
        ("the 2019 Tesla Model 3 recall affected thousands of cars", "car"),
        ("my brother's 2012 Golf failed its MOT", "car"),  # his
        ("i'm not getting rid of the Octavia till it dies", "car"),
        ("might switch to Energia if they do a better deal in the autumn", "energy"),
        ("my sister said Verizon hooked her up", "phone provider"),
        ("Verizon coverage is great in New York", "phone provider"),
        ("Comcast was fined for misleading customers", "internet"),
        ("Verizon is down across the east coast, says the news", "phone provider"),
        ("so energy bills are high this winter", "energy"),
        ("an octopus has three hearts", "energy"),
    ],
)
def test_a_thing_in_the_news_someone_elses_or_planned_is_not_read(text, attribute):
    assert attribute not in _read(text), _read(text)


def test_the_chefs_car_internet_and_energy_changes_are_read_on_both_sides():
    old_car = life.read.__wrapped__("the 09 Octavia failed the NCT on a front brake disc and a wiper blade.")
    new_car = life.read.__wrapped__("the Octavia finally gave up the ghost and we got a 191 Sportage off a fella")
    assert [(a.value, b.value) for a, b in life.changes(old_car, new_car)] == [("octavia", "sportage")]
    old_net = life.read.__wrapped__("eir broadband keeps dropping every time Gráinne is on a teams call for work")
    new_net = life.read.__wrapped__("virgin media fella came and hooked us up today")
    assert [(a.value, b.value) for a, b in life.changes(old_net, new_net)] == [("eir", "virgin media")]
    old_power = life.read.__wrapped__("our electric ireland bill was €310 for two months??")
    new_power = life.read.__wrapped__("we're with Flogas for gas and electric these days")
    assert [(a.value, b.value) for a, b in life.changes(old_power, new_power)] == [("electric ireland", "flogas")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "is it ok to drink like 3 coffees a day on sertraline 50mg? been on it since the postpartum mess",
            "sertraline",
        ),
        ("can i have a glass of wine on lisinopril 20mg?", "lisinopril"),
        ("been dizzy on metformin 500 mg, normal?", "metformin"),  # (a dropped subject: read before too)
    ],
)
def test_a_medicine_asked_about_at_the_dose_the_person_is_on_is_theirs(text, value):
    assert _read(text).get("medication") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "should i try sertraline 50mg?",  # a plan
        "is it ok to take ibuprofen with sertraline?",  # no dose: a question about a medicine
        "my mum is on sertraline 50mg, is that a lot?",  # hers
        "patients on sertraline 50mg often report nausea",
        "he is on sertraline 50mg",
    ],
)
def test_a_dose_of_someone_elses_a_plan_or_no_dose_is_not_the_persons(text):
    assert "medication" not in _read(text), _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "how do you figure a handicap, my tuesday night bowling league changed to 90% of 220",
            "schedule:bowling",
            "tuesday",
        ),
        ("I'm looking for a new route for my Saturday morning cycling group.", "schedule:cycling", "saturday"),
        ("our Thursday pickleball group is moving indoors", "schedule:pickleball", "thursday"),
        ("I've been really enjoying my Monday evening Pilates class", "schedule:pilates", "monday"),
    ],
)
def test_a_weekly_activity_named_by_its_day_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister's tuesday bowling league won the cup",
        "should I join a tuesday bowling league?",
        "my monday morning team meeting ran long",
    ],
)
def test_someone_elses_league_a_plan_or_a_meeting_is_no_weekly_activity(text):
    assert not [a for a in _read(text) if a.startswith("schedule:")], _read(text)
