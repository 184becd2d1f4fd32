"""A fifth person's life in chats (tests/fixtures/developer), written blind like the teacher: a
backend developer who moves from Philadelphia to Minneapolis, pastes code without fences (SQL, Go,
tracebacks, YAML: "UPDATE patients SET home_city = 'Pittsburgh'", "manager := ..."), and says
his life in US everyday English ("we made it to Minneapolis!!", "started my new gig at", "got
bumped to senior", "Dr. Anjali Rao does my cleanings now", "ported my number over to Mint Mobile").

Measured blind, after the teacher's rules (the real model): 0 of 13 changes found, the current
value first for 6 of 19 questions, 2 of 4 foreign questions flagged, no code word a page title.
NOT_READ pins what is still not read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import lifechanges
from memory import life

FIXTURE = Path(__file__).parent / "fixtures" / "developer"
KEY = json.loads((FIXTURE / "answers.json").read_text())
PAGES = json.loads((FIXTURE / "pages.json").read_text())

# "I'm on HealthPartners now" is read: "I'm on X" in a sentence that speaks of insurance ("I picked the
# HSA plan so ..."), X no medicine nor carrier (memory/life.py `_INSURED`, tests/test_life_passing.py).
NOT_READ: list[str] = []


@pytest.fixture(scope="module")
def measured() -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(lifechanges.DEVELOPER)


def test_each_change_the_rules_can_read_is_found_and_no_chatter_or_code_opens_an_item(measured):
    assert measured["missed"] == NOT_READ
    assert measured["false_items"] == []


@pytest.mark.model
def test_with_the_real_model_the_current_value_comes_first(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.DEVELOPER)
    wrong = {a["question"] for a in result["asked"] if not a["rank1"]}
    # his college is never asked by name (his girlfriend is: "my girlfriend Ines", memory/life.kin_named)
    assert wrong <= {"where did I go to college"}, wrong
    assert len([f for f in result["foreign_asked"] if f["flagged"]]) >= 3


def test_his_pasted_code_titles_no_page_and_his_people_and_places_have_pages(cli, cli_json):
    for name in ("chatgpt.json", "claude.json"):
        cli_json("import", str(FIXTURE / name))
    assert cli("rebuild").exit_code == 0
    listed = cli_json("pages")
    titles = {p["title"] for p in (listed["pages"] if isinstance(listed, dict) else listed)}
    assert not titles & set(PAGES["must_not"]), titles & set(PAGES["must_not"])
    assert {"Ines", "Minneapolis", "Tallgrass Freight", "Brindle Health", "Marisol Ferrer"} <= titles, titles


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("we've been in Philadelphia since 2018 and never had a jump like this", "home", "philadelphia"),
        ("we made it to Minneapolis!! drove the uhaul 17 hrs.", "home", "minneapolis"),
        ("hey so I'm a backend dev at Brindle Health (python/postgres mostly)", "employer", "brindle health"),
        ("started my new gig at Tallgrass Freight on monday.", "employer", "tallgrass freight"),
        ("perf review szn. I'm a SWE II and want to make the case", "role", "swe"),
        ("got bumped to senior this cycle!! 🎉", "role", "senior"),
        ("my manager Colleen says I should write it up", "manager", "colleen"),
        ("my dentist Dr. Feldman on Girard Ave says I grind my teeth", "dentist", "dr feldman"),
        (
            "found a dentist in northeast mpls finally, Dr. Anjali Rao does my cleanings now.",
            "dentist",
            "dr anjali rao",
        ),
        ("our apartment lease in Fishtown is up in june", "tenure", "rent"),
        ("we closed on a condo in Northeast yesterday!!!", "tenure", "own"),
        ("lifting at Planet Fitness I cannot hit my protein", "gym", "planet fitness"),
        ("cancelled planet fitness finally and joined the downtown YMCA.", "gym", "ymca"),
        ("traded the civic for a used 2019 Subaru Outback", "car", "subaru outback"),
        ("I'm on T-Mobile and the signal in the office is bad", "phone provider", "t-mobile"),
        ("ported my number over to Mint Mobile, $15/mo", "phone provider", "mint mobile"),
        ("my usual is a cortado from the spot by the office", "usual order", "cortado"),
        ("fully converted to iced oat lattes, it's my default order now", "usual order", "iced oat lattes"),
        ("been vegetarian for like 5 years but since I started lifting", "diet", "vegetarian"),
        ("started eating fish again after 8 yrs veg, so pescatarian now I guess.", "diet", "pescatarian"),
        ("i climb at the Fishtown bouldering gym wednesday nights", "schedule:climbing", "wednesday"),
        (
            "my climbing night moved to thursdays since the crew I found here all go then.",
            "schedule:climbing",
            "thursday",
        ),
    ],
)
def test_a_statement_of_his_life_is_read(text, attribute, value):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(attribute) == value, found


@pytest.mark.parametrize(
    "text",
    [
        "Ines just got promoted to charge nurse on her unit",
        "my friend got bumped to senior",
        "my old roommate Kev just moved to Chicago",
        "we put an offer on a condo in Uptown and got outbid",
        "got an offer from Stripe (remote) but I turned it down",
        "UPDATE patients SET home_city = 'Pittsburgh' WHERE clinic_id = 17;",
        "manager := s.routeManager.WithTimeout(5 * time.Second)",
        "we flew to Denver for a wedding and made it to Denver by noon",
    ],
)
def test_what_states_nothing_of_his_is_not_read(text):
    read = {s.attribute for s in life.read(text)}
    assert not read & {"home", "employer", "role", "manager", "tenure", "gym", "car"}, read


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what's my level at work", "role"),
        ("what do I drive", "car"),
        ("what's my usual coffee order", "usual order"),
        ("who's my phone carrier", "phone provider"),
        ("who's my accountant", "accountant"),
    ],
)
def test_a_question_names_what_it_asks(question, attribute):
    assert attribute in life.asked(question)


def test_a_question_about_my_health_insurance_asks_what_my_insurance_says():
    assert life.asks_for(life.asked("who's my health insurance with"), "insurance")


@pytest.mark.parametrize(
    "text",
    [
        "My dentist is really nice, she explains everything",
        "my car is broken again",
        "my phone is dead, can you remind me later",
        "My plumber is coming on Friday, should I turn the water off?",
        "My landlord is being difficult about the deposit",
    ],
)
def test_how_a_thing_is_never_replaces_which_it_is(text):
    """A fact supersedes the one before it: "my dentist is really nice" must not replace "My
    dentist is Dr. Feldman", nor "my car is broken" the Civic."""
    assert life.read(text) == (), life.read(text)
