"""The forms a life in mid-course is told in (session 34, life23: what the thirteenth person,
tests/fixtures/marisol, showed the rules did not read), each tested here in other words: other names,
places, tenses, lower case, no apostrophes, Spanish or slang around it, and the near misses that
must stay unread.

- a marriage ending in two steps: "me and Héctor separated last month", then "I'm officially divorced"
- a realtor's work: the role ("now that im licensed I'm a realtor"), the brokerage joined ("my first
  month with Lakeside & Palm Realty"), and the broker they work under ("Luis Ferrer, my new broker")
- a role held as "the" one ("I'm the general manager at Tuscany Table"): the employer too
- a home by the day it closed ("since the condo in Winter Park closed") or as the household's house
  ("the oven in our house in Buenaventura Lakes runs hot")
- a habit still kept ("I know I still smoke like half a pack a day"), later given up
- a job's last shift, said of the day ("tonight was my last shift at Tuscany Table"): an ending
"""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    "text",
    [
        "me and Héctor separated last month... its ok, its better this way",
        "Tom and I separated in May and I need a lawyer",
        "we've officially separated, pues. no drama",
        "me and my husband are separated now but we still co-parent",
        "me and dave separated lol",
        "ana and i have separated, ya no more",
        "we're separated but living together for the kids",
    ],
)
def test_a_couple_separated_is_read_as_separated(text):
    assert _read(text)["relationship"] == "separated"


@pytest.mark.parametrize(
    "text",
    [
        "we separated the eggs first",
        "we got separated at the airport",
        "my parents separated when I was 9",
        "we separated in 2009 and I moved back home",
        "his parents and I separated them from the other kids",
        "we separated for the day, he went to the museum",
    ],
)
def test_what_is_not_a_couple_separating_reads_no_relationship(text):
    assert "relationship" not in _read(text)


@pytest.mark.parametrize("question", ["am I still married", "am i married", "am i officially divorced"])
def test_asking_whether_still_married_asks_the_relationship(question):
    assert "relationship" in life.asked(question)


@pytest.mark.parametrize(
    ("text", "role", "employer"),
    [
        ("now that im licensed I'm a realtor with Sunstate Realty Group!!", "realtor", "sunstate realty group"),
        ("I'm a real estate agent at Compass now", "real estate agent", "compass"),
        ("im a realtor with Keller Williams Realty, se habla español", "realtor", "keller williams realty"),
        ("I'm an estate agent at Foxtons", "estate agent", "foxtons"),
        ("I'm the general manager at Tuscany Table on 192 in Kissimmee", "general manager", "tuscany table"),
        ("I'm the head chef at Nobu, pues", "head chef", "nobu"),
        ("I'm the lead developer for Stripe", "lead developer", "stripe"),
    ],
)
def test_a_role_and_where_it_is_held(text, role, employer):
    read = _read(text)
    assert (read["role"], read["employer"]) == (role, employer)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a free agent this weekend",
        "I'm an agent of chaos lol",
        "I'm the listing agent on it",
        "I'm the only engineer at Acme",
        "I'm the new manager at the gym",
    ],
)
def test_no_role_where_none_is_held(text):
    assert "role" not in _read(text) or "employer" not in _read(text)
    assert _read(text).get("role") not in ("free agent", "agent", "listing agent")


@pytest.mark.parametrize(
    "text",
    [
        "I work nights at the restaurant Thursday to Sunday and he works early.",
        "i work weekends at the hospital",
        "I work evenings at the bar near campus",
    ],
)
def test_a_kind_of_place_alone_names_no_employer(text):
    assert "employer" not in _read(text)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("my first month with Lakeside & Palm Realty and the broker wants a sign in sheet", "lakeside palm realty"),
        ("first week with Keller Williams Realty done, my broker is great", "keller williams realty"),
        ("my first day with the Acme Group team, my manager is nice", "acme group"),
        ("my first week at Shopify and my manager wants a plan", "shopify"),
    ],
)
def test_the_first_weeks_with_a_firm_name_the_employer(text, employer):
    assert _read(text)["employer"] == employer


def test_the_first_weeks_with_a_person_name_no_employer():
    assert "employer" not in _read("my first week with Sarah and my manager is ok")


@pytest.mark.parametrize(
    ("text", "manager"),
    [
        ("my broker Dana Whitcomb says I need business cards by Friday.", "dana whitcomb"),
        ("Luis Ferrer, my new broker, wants everybody to use a QR code", "luis ferrer"),
        ("Tom Reyes is my managing broker now", "tom reyes"),
        ("ok so my new broker Ana María Soto wants weekly numbers", "ana maría"),
    ],
)
def test_a_realtors_broker_named_in_full_is_their_manager(text, manager):
    assert _read(text)["manager"].startswith(manager)


@pytest.mark.parametrize(
    "text",
    [
        "my broker Charles Schwab is fine",
        "my broker Interactive Brokers",
        "my mortgage broker Sam Jones called",
        "my broker said no",
        "my broker Fidelity charges fees",
    ],
)
def test_a_broker_that_is_a_firm_or_unnamed_is_no_manager(text):
    assert "manager" not in _read(text)


@pytest.mark.parametrize("question", ["who's my broker", "whos my broker", "who is my managing broker"])
def test_asking_for_the_broker_asks_the_manager(question):
    assert "manager" in life.asked(question)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("since the condo in Winter Park closed on the 10th I keep walking around touching the walls", "winter park"),
        ("now that our house in leeds has closed we can paint", "leeds"),
        ("Since our townhouse in Austin officially closed, we need furniture", "austin"),
        ("the oven in our house in Buenaventura Lakes runs hot so tell me what to watch", "buenaventura lakes"),
        ("the wifi in our home in Porto is so slow", "porto"),
    ],
)
def test_a_home_by_the_day_it_closed_or_as_the_households_house(text, home):
    assert _read(text)["home"] == home


@pytest.mark.parametrize(
    "text",
    [
        "once the condo in Tampa closes we move",
        "if the house in Tampa closes next week",
        "our house in Tampa sold last year",
        "our old house in Ohio had a basement",
        "our home in Spain is rented out",
    ],
)
def test_a_home_not_yet_bought_or_no_longer_theirs_is_not_read(text):
    assert "home" not in _read(text)


@pytest.mark.parametrize(
    ("text", "habit"),
    [
        ("Adrián found my cigarettes... I know I still smoke like half a pack a day and I hate it.", "smoking"),
        ("i still vape tbh", "vaping"),
        ("I smoke about a pack a day, mija", "smoking"),
        ("ngl i still dip", "dip"),
        ("I smoke 20 cigarettes a day", "smoking"),
    ],
)
def test_a_habit_still_kept(text, habit):
    assert _read(text)[f"schedule:{habit}"] == "now"


@pytest.mark.parametrize(
    "text",
    ["I still smoke brisket on sundays", "I smoke a cigar sometimes", "I still smoke weed on weekends"],
)
def test_what_is_smoked_but_no_habit_is_not_read(text):
    assert not any(k.startswith("schedule:") for k in _read(text))


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("tonight was my last shift at Tuscany Table... 12 years.", "left tuscany table"),
        ("today was my last day at Acme Corp, so weird", "left acme corp"),
        ("Yesterday was my last shift at Nando's, ay bendito", "left nando's"),
        ("friday was officially my last day at Shopify lol", "left shopify"),
        ("my last shift at Boots was on friday", "left boots"),
    ],
)
def test_a_last_shift_said_of_the_day_ends_the_job(text, ended):
    read = life.read(text)
    assert [s.value for s in read if s.attribute == "employer"] == [ended]
    assert all(life.ended(s) for s in read if s.attribute == "employer")


@pytest.mark.parametrize(
    "text",
    [
        "tomorrow is my last day at Acme",
        "tonight was my last night at the Hilton, we fly home tomorrow",
        "I picked up a shift at Tesco",
    ],
)
def test_a_last_day_to_come_or_a_hotel_night_ends_no_job(text):
    assert not any(s.attribute == "employer" and life.ended(s) for s in life.read(text))


def test_the_role_held_at_a_lower_case_place_names_no_employer():
    """("im the data intern at tidewell": an internship said in passing; the form with "the" reads an
    employer only where its name is written as one, so a student's summer is not her next job.)"""
    assert "employer" not in _read("im the data intern at tidewell and my manager wants a chart")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I want it to sound nice not like im complaining pues. sign it Marisol Ortega Reyes", "marisol ortega reyes"),
        (
            "the final judgment restored my maiden name so I'm just Marisol Ortega again... a checklist?",
            "marisol ortega",
        ),
        ("my legal name is now Ana Ruiz.", "ana ruiz"),
        ("I changed my name to Sam Lee last year and the bank still has the old one", "sam lee"),
        ("im just Ana Gómez again, ya no more Pérez", "ana gómez"),
        ("please sign it as Priya Raman, thanks", "priya raman"),
        ("sign it from Maria de la Cruz", "maria de la cruz"),
    ],
)
def test_a_persons_own_full_name(text, name):
    assert _read(text)["name"] == name


@pytest.mark.parametrize(
    "text",
    [
        "sign it Love, Mom",
        "my name is on the lease",
        "sign it from The Smith Family",
        "sign it Dana",
        "can you sign it Team Rocket lol",
        "Héctor moved in with his girlfriend in Poinciana",
    ],
)
def test_no_name_where_none_of_the_persons_own_is_given(text):
    assert "name" not in _read(text)


def test_a_name_with_a_word_fewer_is_another_name():
    """A name taken back drops a word ("Marisol Ortega Reyes" -> "Marisol Ortega"): a change, not the
    same name said shorter (as "Dr Lee" is "Dr Sarah Lee")."""
    before = life.read("sign it Marisol Ortega Reyes")
    after = life.read("the final judgment restored my maiden name so I'm just Marisol Ortega again")
    assert [(a.value, b.value) for a, b in life.changes(before, after)] == [("marisol ortega reyes", "marisol ortega")]


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("what's my last name", "name"),
        ("whats my name", "name"),
        ("what is my maiden name", "name"),
        ("what's my passport number", "passport"),
        ("whats my passport no", "passport"),
        ("when does my passport expire", "passport"),
    ],
)
def test_a_name_or_a_passport_is_asked_of_the_person(question, asked):
    assert asked in life.asked(question)
