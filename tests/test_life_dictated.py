"""A life said in lower case, unpunctuated, in passing (memory/life.py `_DICTATED`).

A person who dictates writes no capital and no full stop, in other Englishes ("i'm in bangalore
only", "kindly do the needful"), and says a change as what it takes for granted ("now that we're
in X", "since joining X", "six weeks into being married"). Each reading has its look-alikes that
must not read: someone else's, a question, a plan, a pasted text, the next clause of a run-on.
"""

from __future__ import annotations

import pytest

from memory import life, vocab


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # where a person lives, said as the reason of what follows, in lower case
        ("now that i'm in london the handover calls are at 8 30 am for me", "home", "london"),
        ("now that we're in pune we are doing a housewarming", "home", "pune"),
        ("since we're back in wroclaw for good the kids need a school", "home", "wroclaw"),
        ("Now that I'm in Toronto, what winter boots do I need", "home", "toronto"),
        ("as i'm based in leeds now which trains go to york", "home", "leeds"),
        # Indian English "only" / "itself" after the place: where they are
        ("the data is in UTC and i'm in bangalore only so use IST for the week boundaries", "home", "bengaluru"),
        ("i'm in chennai itself so send the courier here", "home", "chennai"),
        # a job taken, said as the time since
        ("since joining paysora two weeks back my manager wants a 30 60 90 day plan", "employer", "paysora"),
        ("since i joined Stripe last month my team has shipped twice", "employer", "stripe"),
        ("after joining acme the onboarding was a mess", "employer", "acme"),
        # a company's "we"
        ("i need a PRD for sellers here at flipkart we have lot of sellers complaining", "employer", "flipkart"),
        # a manager named in lower case, a verb after the name
        ("my manager helen wants a 30 60 90 day plan from me", "manager", "helen"),
        ("forward this to my boss rohit and the category heads", "manager", "rohit"),
        ("my new manager priya said the offsite is on", "manager", "priya"),
        # a role taken, said as the first days in it
        ("my first month as GPM is almost done and i have 3 PMs reporting to me", "role", "gpm"),
        ("first week as a senior engineer and already on call", "role", "senior engineer"),
        ("i'm a senior pm with 7 years experience", "role", "senior pm"),
        # a visa
        ("my skilled worker visa got approved today yayy", "visa", "skilled worker"),
        ("i'm on a student visa so i can only work 20 hours", "visa", "student"),
        ("need a cover letter for my standard visitor visa application", "visa", "standard visitor"),
        ("I have an H-1B visa and want to change jobs", "visa", "h-1b"),
        # married, said as the time since
        ("six weeks into being married and i still haven't sent thank you notes", "relationship", "married"),
        ("3 months into married life and we argue about dishes", "relationship", "married"),
        ("since we got married my name on the bank account is wrong", "relationship", "married"),
        # a commute by its line
        ("my victoria line commute is 35 min each way", "commute", "victoria line"),
        ("my bus commute is so long", "commute", "bus"),
        # a GP's practice in lower case
        ("ok so i registered and my gp at the spitalfields practice has called me", "doctor", "spitalfields practice"),
        ("registered at forest road group practice last week since we moved", "doctor", "forest road group practice"),
        ("we've just registered with the Riverside Medical Centre", "doctor", "riverside medical centre"),
        # no car (a car got later is a change from none)
        ("we don't have a car and i never learned to drive", "car", "none"),
        ("I have no car so I cycle everywhere", "car", "none"),
        # a gym of the list in lower case, a gym let go, an activity by its style
        ("i took my puregym membership in aldgate give me a plan", "gym", "puregym"),
        ("my back is better and i let the gym lapse", "gym", "left"),
        ("ever since i started iyengar yoga my back pain is much better", "schedule:yoga", "now"),
        # Indian English diets
        ("i'm pure veg and i go to gym 4 days a week", "diet", "vegetarian"),
        ("so i'm eggetarian now arjun convinced me", "diet", "eggetarian"),
    ],
)
def test_a_dictated_statement_is_read(text: str, attribute: str, value: str) -> None:
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a stay, not a home ("for the week" of the next clause is no stay: above)
        ("now that i'm in london for a few days what should i see", "home"),
        ("i'm in goa only for the weekend", "home"),
        # no place of the lists
        ("now that i'm in a better mood let's plan", "home"),
        ("now that we're in agreement send the contract", "home"),
        # someone else's, a plan, a question
        ("now that she's in london she calls less", "home"),
        ("should i move to london now that i'm in a new job", "home"),
        # joining what is no employer
        ("since joining weight watchers i lost 5kg", "employer"),
        ("since joining the gym i feel better about work", "employer"),
        ("arjun just joined ocado technology as a data engineer", "employer"),
        ("i got an offer from paysora", "employer"),
        ("here at home we eat early", "employer"),
        ("here at bangalore we have a lot of rain", "employer"),
        # a manager's name only where one is named
        ("my manager approved my leave", "manager"),
        ("my manager wrote me a great review", "manager"),
        ("my manager thinks i should apply", "manager"),
        ("arjun's manager helen wants a plan", "manager"),
        # a first month of someone else's, or no role
        ("her first month as GPM went badly", "role"),
        ("my first month as a member of the club", "role"),
        # a payment card, not a visa; someone else's visa
        ("my visa card got declined at tesco", "visa"),
        ("arjun's skilled worker visa got approved", "visa"),
        ("my sister's student visa got approved", "visa"),
        # someone else's marriage, a plan
        ("divya got engaged last week", "relationship"),
        ("the wedding is fixed for 11 february in bangalore itself", "relationship"),
        # a practice that is no one's GP
        ("my dentist at the high street practice is lovely", "doctor"),
        ("should i register at the forest road group practice", "doctor"),
        # a car had, a car wanted
        ("if we don't have a car we can't go", "car"),
        ("my sister doesn't have a car", "car"),
        # a commute that names no way of going
        ("my long commute is killing me", "commute"),
        # a style without an activity
        ("i started power naps at lunch", "schedule:naps"),
    ],
)
def test_a_look_alike_is_not_read(text: str, attribute: str) -> None:
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i work at tesco only so i get a discount", "tesco"),
        ("i work at tesco itself yaar", "tesco"),
    ],
)
def test_an_indian_english_particle_is_no_part_of_a_name(text: str, value: str) -> None:
    assert _read(text)["employer"] == value


def test_a_run_on_clause_hedged_before_is_not_the_next_ones() -> None:
    """In a run-on with no comma, "would" of one clause is not the next clause's: the sim was got."""
    text = (
        "landed last week i opened a monzo because no other bank would open account without proof of address "
        "and got my giffgaff sim at the airport itself"
    )
    assert _read(text).get("phone provider") == "giffgaff"
    # the hedge of the clause the name is in still holds
    assert "phone provider" not in _read("i might switch and got quotes, maybe my giffgaff sim would go")
    assert vocab.stated("i was thinking to sell the car and got my honda serviced") == [("car", "honda", "Honda")]


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what visa am I on", "visa"),
        ("which type of visa do I have", "visa"),
        ("what exercise do I do", "gym"),
        ("what exercise do I do", "schedule:class"),
    ],
)
def test_the_questions_ask_what_is_read(question: str, attribute: str) -> None:
    assert attribute in life.asked(question)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # where the person grew up, said after the place (a part of a city of memory/data/within.txt too)
        ("we got engaged at my parents place in jayanagar where i grew up", "origin", "jayanagar"),
        ("dinner at a cafe in Leeds where I was born", "origin", "leeds"),
        # a school by its classmates
        ("write a message to my IIM kozhikode batchmates who are in london", "university", "iim kozhikode"),
        ("my Stanford classmates are meeting up", "university", "stanford"),
        # an email going to the manager is no plan ("going to" before a person: where it goes)
        ("make this email more professional its going to my manager rohit and the category heads", "manager", "rohit"),
    ],
)
def test_said_in_passing_after_the_value(text: str, attribute: str, value: str) -> None:
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("my sister lives in a flat in kemptown where she grew up", "origin"),
        ("my school batchmates are all married", "university"),
        ("my office classmates from the course", "university"),
        ("i'm going to my manager to ask if i should move to Paris", "home"),
        ("i'm going to move to Paris", "home"),
    ],
)
def test_said_in_passing_look_alikes(text: str, attribute: str) -> None:
    assert attribute not in _read(text)


def test_a_part_of_a_city_said_after_the_city_is_no_move() -> None:
    """ "now that we're in walthamstow" after "now that i'm in london": the city said again by its part;
    another city, or another part of it, is a move."""
    london = _said("now that i'm in london the calls are early")
    walthamstow = _said("now that we're in walthamstow we are doing a housewarming")
    croydon = _said("now that we're in croydon the commute is long")
    leeds = _said("now that we're in leeds the commute is long")
    assert life.same(london, walthamstow) and life.same(walthamstow, london)
    assert not life.same(london, leeds)
    assert not life.same(walthamstow, croydon)
    assert life.changes((london,), (leeds,)) and not life.changes((london,), (walthamstow,))


def _said(text: str) -> life.Said:
    (said,) = [s for s in life.read(text) if s.attribute == "home"]
    return said


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("here at paysora na we ship fast", "employer", "paysora"),
        ("since joining infosys itself my team has grown", "employer", "infosys"),
        ("my manager helen na she wants a deck", "manager", "helen"),
        ("can we prepone the pilot yaar i'm in pune itself", "home", "pune"),
    ],
)
def test_a_particle_after_a_value_is_no_part_of_it(text: str, attribute: str, value: str) -> None:
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    "text",
    ["PFA my itinerary i'm going to london for 3 weeks", "my boss kindly asked me", "my manager only wants numbers"],
)
def test_a_particle_is_never_a_value(text: str) -> None:
    assert not {"home", "manager", "employer"} & set(_read(text))


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a visit said in the clause
        ("as i'm in london next week can we meet for coffee", "home"),
        ("i'm in delhi only till friday then back home", "home"),
        ("now that i'm in berlin for work i need a sim", "home"),
        # a particle that says no place ("please", "also" after a city: a request, a visit)
        ("i'm in paris please recommend a restaurant", "home"),
        # a practice that is no GP's
        ("registered at the high street dental practice last week", "doctor"),
        ("i signed up at the riverside physio clinic", "doctor"),
        ("we've registered with the vets at oak lane surgery", "doctor"),
    ],
)
def test_a_visit_or_another_practice_is_not_read(text: str, attribute: str) -> None:
    assert attribute not in _read(text)
