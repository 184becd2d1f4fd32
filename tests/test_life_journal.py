"""A journal's register (session 37: rowan): dated entries ("4/9 — Got my placement.") whose changes are
told as what happened ("Closed on a small house in Bend today", "Started with a new therapist in Bend,
Marcy Lindqvist"). Each shape is read here in other words (other names and places) than rowan's; a
novel's character, a dream, a student's or a sister's life, a plan and a pasted memo read nothing."""

from __future__ import annotations

import pytest

from memory import life


def _values(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a dated entry's heading is no part of its first sentence
        (
            "Fri 3/8 — First week at Jefferson Elementary. I'm a 2nd grade teacher now.",
            "employer",
            "jefferson elementary",
        ),
        ("Wed 9/4 — Today was my last day at Yellowstone. Cried in the car.", "employer", "left yellowstone"),
        (
            "2/1 — Opened an account at Rogue Credit Union so my paycheck lands somewhere local.",
            "bank",
            "rogue credit union",
        ),
        ("11/30 - Got a membership at Granite Peak Climbing Gym on the north end.", "gym", "granite peak climbing gym"),
        ("11/2 — Closed on a little house in Kalispell today. Three bedrooms.", "home", "kalispell"),
        ("11/2 — Closed on a little house in Kalispell today. Three bedrooms.", "tenure", "own"),
        # where they live, by what the home is
        ("I live in staff housing in Yosemite Valley again, same cabin as last year.", "home", "yosemite valley"),
        ("Rented a room in a flat on the south side of Glasgow, £500 a month.", "home", "glasgow"),
        ("I rented a room in a house on the Eastside of Spokane, two housemates.", "home", "spokane"),
        ("I'm renting a tiny cabin off Pine Ridge Road, no cell service.", "tenure", "rent"),
        # who and what, told as what happened
        ("6/2 — Started with a new therapist in Tacoma, Ines Varga, on Tuesdays.", "therapist", "ines varga"),
        ("Started seeing a new counselor, Dr. Osei. She's calm.", "therapist", "dr osei"),
        ("Priya and I have been dating for two months. She climbs.", "partner", "priya"),
        ("I don't have a cat but I want one so bad.", "pets", "none"),
        (
            "My checking is with Summit Federal Credit Union and my pay goes there.",
            "bank",
            "summit federal credit union",
        ),
        ("I'm a backcountry ranger this summer, mostly trail patrol.", "role", "backcountry ranger"),
        ("My principal, Mr. Okafor, wants our lesson plans by Monday.", "manager", "mr okafor"),
    ],
)
def test_a_journal_entry_tells_the_change_it_records(text, attribute, value):
    assert _values(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a novel's characters
        (
            "Chapter 3: Mara took the job at the lighthouse and rented a room in a house on the east side of Portland.",
            "home",
        ),
        ("In chapter 2, Wren started with a new therapist in Boise, Ada Moss.", "therapist"),
        ("Mara and Cal have been dating for years in the book.", "partner"),
        # a dream
        ("I dreamed I moved to Alaska and rented a room on the edge of Nome.", "home"),
        ("Had a weird dream that I moved to Anchorage for a job.", "home"),
        ("Dreamt I was back at Zion and had to move into the lodge.", "home"),
        # students' and family's lives
        ("One of my students told me her family rented a room on the Westside of Medford.", "home"),
        ("Her dad got a membership at Crunch Fitness.", "gym"),
        ("My sister called. Opened an account at Rogue Credit Union yesterday, she says.", "bank"),
        ("my principal, Mr. Reed, gave us detention for running", "manager"),
        # plans and what-ifs
        ("If I took the Yellowstone job I'd be renting a little cabin in Gardiner.", "tenure"),
        ("If I opened an account at Rogue Credit Union I'd get a bonus.", "bank"),
        ("Sky and I are planning to hike the Highline together.", "partner"),
        ("Mara and I are going out tonight for tacos.", "partner"),
        ("Cal and I are together at the lake this weekend.", "partner"),
        # a memo pasted, a realtor's closing
        ('Got this memo: "All seasonal employees must vacate assigned housing in West Glacier by October 15."', "home"),
        ("Closed on a house in Boise for my clients today, first sale of the year.", "home"),
        ("I don't have a dog here with me, she's at my mom's.", "pets"),
        ("set up my account at Winsupply in marble falls, they carry goodman", "bank"),  # a supplier's account
    ],
)
def test_what_is_not_their_own_change_reads_nothing(text, attribute):
    assert attribute not in _values(text)


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("who am I seeing", "partner"),
        ("who are we dating these days", "partner"),
        ("what town am I in now", "home"),
        ("which city do we live in", "home"),
        ("where do I climb", "gym"),
    ],
)
def test_a_journal_keepers_question_asks_for_the_attribute(question, attribute):
    assert attribute in life.asked(question)


def test_a_date_heading_is_not_a_sentence_but_a_date_inside_one_is_kept():
    assert _values("3/14 — I live in Boise now.")["home"] == "boise"
    assert "home" not in _values("Moving on 3/14 - I might live in Boise by then?")


@pytest.mark.parametrize(
    ("before", "after", "attribute"),
    [
        (
            "My partner Alex drove up Sunday and we ate by the river.",
            "Priya and I have been dating for a month now.",
            "partner",
        ),
        (
            "Landlord says cats are fine, which matters because I don't have a cat but I want one.",
            "I adopted a tabby from the shelter.",
            "pets",
        ),
        (
            "I'm renting a tiny cabin off Pine Ridge Road.",
            "11/2 — Closed on a little house in Kalispell today.",
            "tenure",
        ),
        (
            "I live in staff housing in Yosemite Valley again.",
            "Rented a room in a flat on the south side of Fresno.",
            "home",
        ),
        ("My checking is with Summit Federal Credit Union.", "2/1 — Opened an account at Rogue Credit Union.", "bank"),
        (
            "Add my therapist, Dr. Hana Sato, to the budget.",
            "Started with a new therapist in Tacoma, Ines Varga.",
            "therapist",
        ),
        ("I'm a backcountry ranger this summer.", "I'm a student teacher at Garfield Middle School now.", "role"),
    ],
)
def test_the_later_entry_is_a_change_of_the_earlier_one(before, after, attribute):
    assert attribute in {old.attribute for old, _ in life.changes(life.read(before), life.read(after))}
