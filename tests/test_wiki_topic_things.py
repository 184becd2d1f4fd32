"""A thing a topic's turns name, said by a few of them that are alike among themselves and not like
the rest, is a topic of its own: priya's two turns of a job offer from deliveroo were on the page
"Sellers" of her work at flipkart, and no page of her vault said "Deliveroo". The measured likeness
below is MiniLM's, of the nine turns of that page (tests/fixtures/priya)."""

from __future__ import annotations

import numpy as np

from wiki import synth

SELLERS = [
    "hi can you help me write a PRD for a returns insights dashboard for sellers here at flipkart",
    "yes draft it and in rollout put 10 percent sellers first then full rollout after 2 weeks",
    "can you make this email more professional its going to my manager rohit and the category heads",
    "write a retro doc template for big billion days for my pod what went well what didnt",
    "i'm leaving on 10 march and need a handover doc for my pod what sections should it have",
    "deliveroo offered me a lead pm role with 10 percent more base but i just got promoted here",
    "have decided to turn down deliveroo help me write a polite decline email to their recruiter sophie",
    "rewrite this problem statement so its sharper: Sellers are facing lot of issues with returns",
    "for the tell me about a time you failed question i want to use the story where we launched seller coupons",
]
MEASURED = """
1.00 0.22 0.49 0.35 0.35 0.21 0.16 0.49 0.41
0.22 1.00 0.35 0.24 0.14 0.27 0.24 0.38 0.30
0.49 0.35 1.00 0.36 0.33 0.27 0.43 0.34 0.36
0.35 0.24 0.36 1.00 0.59 0.17 0.17 0.18 0.42
0.35 0.14 0.33 0.59 1.00 0.18 0.10 0.07 0.10
0.21 0.27 0.27 0.17 0.18 1.00 0.44 0.19 0.21
0.16 0.24 0.43 0.17 0.10 0.44 1.00 0.23 0.26
0.49 0.38 0.34 0.18 0.07 0.19 0.23 1.00 0.34
0.41 0.30 0.36 0.42 0.10 0.21 0.26 0.34 1.00
"""


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-{1 + i:02d}T10:00:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person", seq=i)


def _parts(texts: list[str], sims) -> list[tuple[str, list[int]]]:
    mems = [_turn(i, t) for i, t in enumerate(texts)]
    sims = np.array(sims, dtype=float)
    np.fill_diagonal(sims, -1.0)  # as synth.topics holds them
    things = synth._Things(mems, [synth._substance(t) for t in texts], sims, set())
    parts = things.split(list(range(len(texts))))
    return [(synth.topic_titles([[mems[i] for i in p]])[0], p) for p in parts]


def test_a_company_a_topic_swallowed_is_a_topic_of_its_own():
    sims = [[float(x) for x in row.split()] for row in MEASURED.strip().splitlines()]
    parts = _parts(SELLERS, sims)
    assert ("Deliveroo", [5, 6]) in parts
    assert any(title == "Sellers" and {0, 1, 7, 8} <= set(p) for title, p in parts)


def test_a_thing_its_turns_say_apart_but_are_not_alike_in_stays():
    """The same nine turns, every pair alike as much: nothing sets deliveroo's turns apart."""
    sims = [[0.4] * len(SELLERS) for _ in SELLERS]
    assert [p for _, p in _parts(SELLERS, sims)] == [list(range(len(SELLERS)))]


def test_a_plural_after_to_is_a_thing_not_a_verb():
    """A plural after "to" ("allergic to cashews") had read "cashew" as a verb: priya's turns of her
    allergy had no title."""
    turns = [
        _turn(
            0,
            "i'm pure veg and i go to gym 4 days a week suggest some high protein dinners that i can make in 20 min "
            "in my 1bhk in indiranagar the kitchen is very small only two burners and also i'm allergic to cashews "
            "so no kaju in any gravy please",
        ),
        _turn(
            1,
            "so i'm eggetarian now arjun convinced me and honestly my protein is so much better give me 5 quick egg "
            "breakfasts no cashews of course",
        ),
    ]
    assert synth.topic_titles([turns]) == ["Cashews"]
