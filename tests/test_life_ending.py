"""A supplier the person is ending or leaving is not theirs now: "I'm closing the Monzo account" read
as bank = Monzo, "I'm cancelling my Vodafone contract" as the carrier Vodafone, and "I'm leaving Monzo
for Starling" as Monzo (the one it leaves) where Starling is the bank it goes to. The class is the
clause's verb before the name, for every supplier kind the names vocabulary reads."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> set[tuple[str, str]]:
    return {(s.attribute, s.value) for s in life.read(text)}


@pytest.mark.parametrize(
    "text",
    [
        "I'm closing the Santander account this week, finally.",
        "I closed my Barclays account yesterday after the fees went up.",
        "I'm cancelling my Vodafone contract at the end of the month.",
        "We cancelled the Lloyds account we opened for the wedding.",
        "Getting rid of my Halifax account, it's useless.",
        "I quit Three after the outage last week.",
    ],
)
def test_a_supplier_ended_is_no_value(text):
    assert not {a for a, _ in _read(text)} & {"bank", "phone provider"}, _read(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm leaving Santander for Starling, the app is just better.", ("bank", "starling")),
        ("I switched away from EE to Three last month.", ("phone provider", "three")),
    ],
)
def test_the_one_gone_to_is_read_not_the_one_left(text, expected):
    assert expected in _read(text), _read(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I bank with Santander these days.", ("bank", "santander")),
        ("I'm with Vodafone now, the signal is better.", ("phone provider", "vodafone")),
        ("I closed the deal and moved my savings to Chase.", ("bank", "chase")),
    ],
)
def test_control_a_supplier_kept_is_still_read(text, expected):
    assert expected in _read(text), _read(text)
