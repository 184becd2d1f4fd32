"""A relative's name typed in lower case that ends in s ("my girlfriend jess is impossible to shop for", "my
roommate jess got hired", "my boyfriend matías and his friends"): `life.kin_stated` read no name, since a
lower-case word ending in s after a relation is most often a verb ("my sister lives in Leeds"); dani's About
me kept "Boyfriend: Marco" from it (session 42, found by wiki27). Read where what follows says it is a name."""

from __future__ import annotations

import pytest

from memory import life


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("my girlfriend tess is coming for dinner on friday", ("girlfriend", "tess")),
        ("my brother james and i are driving up to see mum", ("brother", "james")),
        ("my roommate carlos got a new job at the bakery", ("roommate", "carlos")),
        ("my wife lois says the kitchen needs painting", ("wife", "lois")),
        ("my girlfriend ruth is coming over", ("girlfriend", "ruth")),  # (as before: no s)
    ],
)
def test_a_lower_case_name_ending_in_s_is_read_where_what_follows_says_so(text, named):
    assert named in life.kin_stated(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister plays tennis on sundays",  # a verb's -s with its object
        "my brother lives in leeds now",  # a verb of the list
        "my dad cooks dinner and my mum cleans up",
        "my grandparents visit twice a year",
    ],
)
def test_a_verb_after_a_relation_is_no_name(text):
    assert life.kin_stated(text) == ()
