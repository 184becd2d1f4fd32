"""A person who uses the assistant only to draft things (memory/life.py's "Drafting register"), in other
words than tests/fixtures/wen's: other names, towns, jobs and banks. Her own changes are said inside the
asks ("write a LinkedIn post saying I've joined X as Y", "make this sound warmer: "Hi Dr X, I'm your new
patient ..."", "write an out-of-office. facts:\\n- I'm a ..."): the "I" of a draft she asks for about
herself is her. What someone else wrote and she pastes (a letter to her, a recruiter's pitch, a sibling's
draft, a sample letter), a draft for someone else (a cousin's cover letter), a plan or a case put, and a
role-play stay unread. "I joined X" is an employer only where X is no gym; a restatement dated "since" is
no new job; a profession said bare after a title of it, or a city after the part of it she lives in, is
no change; a province said in passing is no home."""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import chat_replied, open_pairs


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # the facts a request lists for a draft of her own
        (
            "can you write a short out-of-office for my work email. facts:\n- I'm a nurse at St Mary's Hospital\n"
            "- off May 2-6",
            "employer",
            "st mary's hospital",
        ),
        (
            "write an auto-reply for my email. details:\n- I'm a physiotherapist at Kinetic Rehab",
            "role",
            "physiotherapist",
        ),
        # a draft of her own to be reworded, in quotation marks after the request
        (
            'make this sound friendlier: "Hi Dr Okafor, I\'m your new patient, I just moved to Leeds."',
            "doctor",
            "dr okafor",
        ),
        ('can you make this less formal: "Hello, I just moved to Halifax and need a GP."', "home", "halifax"),
        # (the control of a draft for her grandma's: her own is read)
        ('can you polish this: "I work as a nurse at St Mary\'s Hospital in Leeds."', "employer", "st mary's hospital"),
        # a job joined with its title, in a post she asks for
        (
            "write a LinkedIn post saying I've joined Boots as store manager after 3 years at Superdrug",
            "role",
            "store manager",
        ),
        # a licence, a gym by its membership, a manager by a title, a business of her own opened
        (
            "I'm registered with the Law Society of Scotland now. can you write my email signature",
            "licence",
            "law society of scotland",
        ),
        (
            "can you write an email to cancel my membership at the Southside Leisure Centre gym",
            "gym",
            "southside leisure centre",
        ),
        ("draft an email to my boss, the shift manager Priya, asking for Friday off", "manager", "priya"),
        ("can you write a note to my store manager Tom about my hours", "manager", "tom"),
        ("Instagram post pls: we opened Crumb & Co today, my own bakery in Leith!", "employer", "crumb co"),
        # a doctor written to as her own, no pets where she lives, an engagement as news to draft
        (
            "write an email to Dr. Singh at the Leith practice asking for a referral to a dermatologist",
            "doctor",
            "dr singh",
        ),
        ("no pets allowed in my building, can you help me say no to my neighbour", "pets", "none"),
        ("Ravi proposed last night!! help me write a message for the family chat", "relationship", "engaged"),
        # a home by its kind
        ("help me text my landlord, I rent the Gastown place on Water St, the heat is off", "home", "gastown"),
        ("pls draft a note to my insurer. I'm renting a flat in Mount Pleasant for now", "home", "mount pleasant"),
        ("write a housewarming invite. we're finally in our house in Kerrisdale", "home", "kerrisdale"),
        # how far along she is at a club is no part of her job
        (
            "I joined Hive Bouldering Gym, they want a member bio, I'm a beginner and a physiotherapist",
            "role",
            "physiotherapist",
        ),
    ],
)
def test_what_she_says_of_herself_inside_a_drafting_request_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    "text",
    [
        # a draft for someone else, or what someone else wrote and she pastes
        "write a cover letter for my cousin: I have 5 years at Costco",
        "write a cover letter for my cousin. facts:\n- I'm a cashier at Costco in Leeds\n- 5 years",
        # (for anyone the family vocabulary names, memory/data/family.txt, not a hand list of some)
        'can you polish this for my grandma: "I work as a nurse at St Mary\'s Hospital in Leeds."',
        'can you polish this for my fiance: "I work as a nurse at St Mary\'s Hospital in Leeds."',
        "my brother sent me his draft, can you make it sound friendlier: \"Hi Dr Okafor, I'm your new patient, "
        'I just moved to Leeds."',
        "a recruiter sent me this, can you help me say no thanks nicely?\n\"Hi Sam, I'm reaching out on behalf of "
        'Acme. I work at Acme as a recruiter in Denver."',
        "here is a sample letter:\nDear landlord, I rent the Leith flat on Easter Road and I am moving out.",
        # a plan or a case put, a role-play, someone else's news
        "if I joined Boots as store manager would I need a car?",
        "my cousin has joined Boots as store manager",
        "role-play: you're a candidate. I'm renting a flat in Mount Pleasant",
        "my sister is registered with the Nursing Council",
        "my friend opened Crumb & Co today, her own bakery",
        "no pets allowed in her building",
        "Daniel proposed to Amy last night, help me write a card",
        "if Ravi proposed, what would I say? help me write it",
        "my mom is moving to a townhouse in Steveston",
    ],
)
def test_what_she_pastes_drafts_for_others_or_imagines_states_nothing_of_her(text):
    assert _read(text) == {}


def test_a_gym_joined_is_no_employer_and_a_firm_joined_still_is():
    assert "employer" not in _read("I joined Summit Bouldering Gym last week, they want a member bio")
    assert _read("I joined Deloitte last week")["employer"] == "deloitte"


def test_a_job_restated_with_its_date_in_a_draft_is_no_new_job():
    said = _read(
        "help me write a letter for my landlord confirming my employment. "
        "I'm a senior nurse at Leeds General since March 2021"
    )
    assert "role" not in said and "employer" not in said


def test_a_province_said_in_passing_is_no_home_but_the_bank_is_read():
    said = _read("I switched everything to Tangerine now that I'm in Ontario")
    assert said == {"bank": "tangerine"}


def test_a_bare_profession_or_a_city_says_less_than_what_came_before_it():
    manager = life.Said("role", "physiotherapy lead", "physiotherapy lead", life.IDENTITY)
    bare = life.Said("role", "physiotherapist", "physiotherapist", life.IDENTITY)
    other = life.Said("role", "dentist", "dentist", life.IDENTITY)
    assert life.same(manager, bare) and life.shortens(manager, bare)
    assert not life.same(manager, other)
    part = life.Said("home", "mount pleasant", "Mount Pleasant", life.IDENTITY)
    city = life.Said("home", "vancouver", "Vancouver", life.IDENTITY)
    assert life.shortens(part, city) and not life.shortens(city, part)


def test_her_jobs_said_only_in_drafts_open_the_two_changes_and_nothing_else(tmp_path, cli_json):
    chats = chat_replied(
        tmp_path / "jobs.jsonl",
        [
            (
                "2023-01-09T10:00:00Z",
                "write an out-of-office for my work email. facts:\n"
                "- I'm a staff physiotherapist at St Paul's Hospital\n- off Jan 16-20",
            ),
            (
                "2023-07-10T10:00:00Z",
                "write a LinkedIn post saying I've joined Coastal Rehab as physiotherapy lead. thank my old team",
            ),
            (
                "2024-02-03T10:00:00Z",
                "I joined Hive Bouldering Gym. they want a member bio, can you write one, "
                "I'm a beginner and a physiotherapist",
            ),
            (
                "2024-04-18T10:00:00Z",
                "help me write an email to my landlord confirming my employment. "
                "I'm physiotherapy lead at Coastal Rehab since July 2023",
            ),
            (
                "2025-04-14T10:00:00Z",
                "LinkedIn post pls: we opened Harbour Physio today, my own clinic! I'm the owner and physiotherapist",
            ),
        ],
    )
    cli_json("import", str(chats))
    items = sorted(open_pairs(cli_json), key=lambda pair: pair[1])
    assert [(old[:14], new[:14]) for old, new in items] == [
        ("write a Linked", "LinkedIn post "),
        ("write an out-o", "write a Linked"),
    ]


def test_her_homes_said_only_in_drafts_open_the_two_moves_and_her_doctor(tmp_path, cli_json):
    chats = chat_replied(
        tmp_path / "homes.jsonl",
        [
            (
                "2023-01-15T10:00:00Z",
                "help me text my landlord, I rent the Gastown place on Water St, the heat is off again",
            ),
            (
                "2023-03-19T10:00:00Z",
                "can you write a message to Dr. Wong at the Gastown clinic asking for a blood test requisition",
            ),
            (
                "2023-07-13T10:00:00Z",
                "pls draft a note to my insurer about my address. I'm renting a flat in Mount Pleasant for now",
            ),
            (
                "2023-07-26T10:00:00Z",
                'make this sound less stiff: "Hi Dr Osei, I\'m your new patient, I just moved to Vancouver."',
            ),
            (
                "2023-10-03T10:00:00Z",
                "I switched everything to Vancity now that I'm in British Columbia. draft a note to payroll",
            ),
            (
                "2024-05-06T10:00:00Z",
                "write a casual housewarming invite for Saturday. we're finally in our house in Kerrisdale",
            ),
        ],
    )
    cli_json("import", str(chats))
    items = {(old[:18], new[:18]) for old, new in open_pairs(cli_json)}
    assert items == {
        ("help me text my la", "pls draft a note t"),
        ("pls draft a note t", "write a casual hou"),
        ("can you write a me", "make this sound le"),
    }
