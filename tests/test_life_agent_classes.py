"""An agent's notes of the person and two English misreadings (session 46), read as classes in several people's
words, each beside a near miss that stays quiet:

- An agent's third person (mem0's style, MCP, the library): "User lives in Boston", "The user moved to Chicago last
  month", "User's new employer is Stripe" are the person's, as "I" and "my" are (`life.as_the_person`); a captured
  note in those words opens the review item "I moved to Denver" opens. Not another user ("a user on Reddit moved to
  Denver", "another user", "users moved"), nor "user" as a noun's modifier ("User testing showed", "the user
  interface", "User research"), nor a name that holds it ("Userman").
- An agent's question of "the user" ("Where does the user live now?", "what car does the user drive") asks what the
  person's own asks ("where do I live now?"), so recall ranks the current home first for an agent as for the person;
  "the user interface", "the user manual", "a user on Reddit" ask nothing of the person.
"""

from __future__ import annotations

import pytest

import quire
from memory import correction, gate, life, review
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.conftest import changes_after, said_of
from tests.test_recall import put

# -- an agent's third person -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("note", "attribute", "value"),
    [
        ("User lives in Boston", "home", "boston"),
        ("The user moved to Chicago last month, new apartment in Logan Square", "home", "chicago"),
        ("the user recently relocated to Porto", "home", "porto"),
        ("User's new employer is Stripe", "employer", "stripe"),
        ("User started at Stripe", "employer", "stripe"),
        ("the user's wife is Priya", "partner", "priya"),
        ("User is a nurse", "role", "nurse"),
        ("User's been vegan since May", "diet", "vegan"),
        ("Note: user recently switched to Monzo", "bank", "monzo"),
        ("- User now works at Shopify", "employer", "shopify"),
        ("User mentioned that they moved to Denver in May", "home", "denver"),
        ("The user said she works at Stripe now", "employer", "stripe"),
        ("User says they are vegan", "diet", "vegan"),
        ("The user graduated with a degree in Computer Science.", "degree", "computer science"),
    ],
)
def test_an_agents_note_of_the_user_is_the_persons_own_statement(note, attribute, value):
    assert said_of(note).get(attribute) == value
    # the same note in the person's own words reads the same
    assert said_of(life.as_the_person(note)) == said_of(note)


@pytest.mark.parametrize(
    "text",
    [
        "User testing showed that people moved to the new flow",
        "a user on Reddit moved to Denver",
        "another user moved to Denver last year",
        "users moved to the new API in May",
        "the user interface lives in Boston's repo",
        "User research is based in Chicago",
        "Userman moved to Denver in May",
        "User: I live in Paris\nAssistant: Paris is lovely",
        "Read the user's manual before you move to Denver",
        "User mentioned that their sister moved to Denver",  # the user's sister's move, not theirs
        "User said they might move to Denver next year",  # a plan
        "Did the user move to Denver?",  # a question
    ],
)
def test_a_user_who_is_not_the_person_is_read_as_no_one(text):
    assert said_of(text) == {}


@pytest.mark.parametrize(
    ("note", "said"),
    [
        ("User lives in Boston", "I live in Boston"),
        ("User's wife is Sarah", "My wife is Sarah"),
        ("The user has two kids and doesn't drive", "I have two kids and doesn't drive"),
        ("User is now studying law", "I am now studying law"),
        ("the user studies law at night", "I study law at night"),
        ("User testing showed X", "User testing showed X"),
        # an app's spec or a request about a chat: no one's life
        ("Please respond from the user's perspective.", "Please respond from the user's perspective."),
        ("Draw whatever things the user wants.", "Draw whatever things the user wants."),
        ("3. The user can apply from the landing page", "3. The user can apply from the landing page"),
        ("views, user defined functions and joins", "views, user defined functions and joins"),
        ("so you can update the user's previous answer", "so you can update the user's previous answer"),
        ("To work, the user's phone will be paired", "To work, the user's phone will be paired"),
    ],
)
def test_the_user_is_said_in_the_first_person_only_as_a_subject(note, said):
    assert life.as_the_person(note) == said


def test_the_user_and_i_are_one_subject_and_another_user_is_another():
    # the same statement in an agent's words and the person's is not two things of one template
    assert not correction.different_subjects("User prefers tabs over spaces", "I prefer spaces over tabs")
    assert life.says_of_self("The user moved to Leeds")
    assert not life.says_of_self("a user moved to Leeds")


def test_a_short_note_of_the_user_passes_the_gate_as_one_of_i_does():
    assert gate.check("User lives in Boston").passed
    assert gate.check("I live in Boston").passed
    assert not gate.check("Users live in Boston").passed  # four words that say nothing of the person


@pytest.mark.parametrize(
    "note",
    ["User moved to Denver in May", "The user moved to Denver in May", "the user's new place is in Denver now"],
)
def test_a_captured_note_of_the_user_opens_the_review_item(note, quire_home):
    with quire.open(quire_home) as q:
        q.capture("I live in Boston with my wife Sarah and our two kids", type="identity")
        q.capture(note)
        items = review.open_items(q.session.db)
    assert [(i.old, i.new) for i in items] == [("I live in Boston with my wife Sarah and our two kids", note)]


def test_a_captured_note_of_another_user_opens_nothing(quire_home):
    with quire.open(quire_home) as q:
        q.capture("I live in Boston with my wife Sarah and our two kids", type="identity")
        q.capture("a user on Reddit moved to Denver in May")
        assert review.open_items(q.session.db) == []


# -- a bank, a carrier, a doctor, a gym or a school left for another is no job --------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I left Barclays for Monzo", "bank", "monzo"),
        ("we finally left Lloyds for Starling last month", "bank", "starling"),
        ("I finally left Santander for Nationwide", "bank", "nationwide"),
        ("I left Vodafone for giffgaff, half the price", "phone provider", "giffgaff"),
        ("I left EE for Three", "phone provider", "three"),
        ("I left Dr Patel for Dr Okafor", "doctor", "dr okafor"),
        ("I left PureGym for Anytime Fitness", "gym", "anytime fitness"),
        ("We left Hillside Primary for Oakwood Academy", "school", "oakwood academy"),
        ("I switched from Dr Patel to Dr Okafor", "doctor", "dr okafor"),
        ("I moved from EE to Three", "phone provider", "three"),
        ("I switched gyms from PureGym to Anytime Fitness", "gym", "anytime fitness"),
        ("switched from Barclays to Monzo", "bank", "monzo"),
    ],
)
def test_one_left_for_another_of_its_kind_is_that_kind_not_a_job(text, attribute, value):
    said = said_of(text)
    assert said.get(attribute) == value
    assert "employer" not in said and "origin" not in said and "home" not in said


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I left Google for Stripe", "stripe"),  # workplaces
        ("I left HSBC for Google", "google"),  # a bank left for a firm: a job
        ("I left Google for HSBC", "hsbc"),
        ("I left Barclays for Monzo, a new role in the payments team", "monzo"),  # a job said
    ],
)
def test_a_job_left_for_a_job_is_still_the_employer(text, employer):
    said = said_of(text)
    assert said.get("employer") == employer
    assert said.get("bank") != employer


@pytest.mark.parametrize(
    "text",
    [
        "My sister left Barclays for Monzo",
        "Should I leave Barclays for Monzo?",
        "I might switch from Dr Patel to Dr Okafor",
        "My mum switched from Dr Patel to Dr Okafor",
    ],
)
def test_someone_elses_or_a_planned_switch_is_not_read(text):
    assert said_of(text) == {}


def test_a_move_between_places_is_still_a_home():
    assert said_of("I moved from Leeds to York") == {"home": "york", "origin": "leeds"}
    assert said_of("we left Reading for Bristol")["home"] == "bristol"


def test_a_bank_left_for_another_changes_the_bank_and_not_the_job(tmp_path, cli_json, db):
    changes = changes_after(
        tmp_path, cli_json, db, ["I bank with Barclays", "I work at Acme as a planner", "I left Barclays for Monzo"]
    )
    assert changes == [("I bank with Barclays", "I left Barclays for Monzo")]


# -- a city and its quarter, in either order ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("city_first", "part_first", "home"),
    [
        ("I moved to Chicago, Logan Square", "I moved to Logan Square, Chicago", "chicago"),
        ("we're now in Berlin, Kreuzberg", "we're now in Kreuzberg, Berlin", "berlin"),
        ("I moved to Limassol, Germasogeia area", "I moved to Germasogeia, Limassol", "limassol"),
        ("we moved to Cebu, Lahug", "we moved to Lahug, Cebu", "cebu"),
        ("I live in London, Hackney", "I live in Hackney, London", "london"),
    ],
)
def test_a_city_and_its_quarter_read_one_home_in_either_order(city_first, part_first, home):
    assert said_of(city_first).get("home") == home
    assert said_of(part_first).get("home") == home


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("I moved to Austin, Texas", "austin"),  # a state after a city: the city
        ("I moved to Logan Square last month", "logan square"),  # a quarter alone stays the quarter
        ("I moved from Leeds to York, Acomb", "york"),
    ],
)
def test_a_place_not_said_with_its_quarter_is_read_as_before(text, home):
    assert said_of(text).get("home") == home


# -- an agent's question of "the user": asked as the person's own (`life.asked`, recall's life questions) ------------


@pytest.mark.parametrize(
    ("agents", "persons"),
    [
        ("Where does the user live now?", "where do I live now?"),
        ("where does user live", "where do I live"),
        ("What is the user's employer?", "what is my employer?"),
        ("Which bank does the user use?", "which bank do I use?"),
        ("Is the user vegan?", "am I vegan?"),
        ("What car does the user drive?", "what car do I drive?"),
        ("Who is the user's dentist?", "who is my dentist?"),
        ("Where did the user work before Stripe?", "where did I work before Stripe?"),
        ("what does the user do for work?", "what do I do for work?"),
    ],
)
def test_an_agents_question_of_the_user_asks_what_the_persons_own_asks(agents, persons):
    assert life.asked(persons)  # (the person's question asks something)
    assert life.asked(agents) == life.asked(persons)


@pytest.mark.parametrize(
    "question",
    [
        "does the user interface support dark mode?",
        "what does the user manual say about the battery?",
        "what is in the user's manual?",
        "where does a user on Reddit live?",
        "what did the user research show?",
        "which bank do users prefer?",
    ],
)
def test_control_user_as_a_thing_or_another_user_asks_nothing_of_the_person(question):
    assert life.asked(question) == frozenset()


def test_an_agents_question_of_the_user_finds_the_home_the_persons_own_finds(session, monkeypatch):
    monkeypatch.setitem(tuning.FLOOR, "fake-hash-384", {"threaded": 1.0, "alone": 1.0, "unworded": 1.0, "weak": 1.0})
    put(session, "the plumber fixed the kitchen tap for a fair price", type="fact")
    home = put(session, "I live in Braga now, the commute is long but the rent is half", type="fact")
    for i in range(20):
        put(session, f"errand {i}: the shop on the corner sells stamps and bread", type="fact")

    def first(query: str) -> list[str]:
        return [h.id for h in search(session, query, k=5, touch=False, scope=ALL_SPACES).hits][:1]

    assert first("where do I live now") == [home]
    assert first("Where does the user live now?") == [home]  # (before: no life question, nothing cleared the floor)
