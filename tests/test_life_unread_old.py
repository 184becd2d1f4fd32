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
        ("our 2015 Corolla won't start in the cold, is it the battery", "car", "corolla"),
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
