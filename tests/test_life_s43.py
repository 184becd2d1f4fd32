"""What the life reading and its questions still got wrong after session 42, as classes (session 43: weak43), each
tested in other words than the fixture's that showed it (other names, places, pets, degrees), with controls:

- someone else named as the subject of a rule with no subject of its own and no "has" is theirs ("Kev joined Planet
  Fitness", "she joined the YMCA", "my brother joined the Y"), in any case; the person with them is the person too
  ("me and kev joined", "Tom and I joined": read as the person's), a word that is no name opens nothing;
- a question of the person's own thing is not answered by a text that holds it only as someone else's ("maddie
  adopted a cat named biscuit" for "whats my cats name", a friend's text pasted in quotation marks);
- a question that names a degree's level asks that level, a school after a first degree a master's or a PhD
  ("what's my masters degree in" is no MBBS; "where do i go to law school" no "sophomore at umich");
- "which town do I live in" after a home named by its building ("my flat at Wyndham Court") is answered by the
  town said before it.
"""

from __future__ import annotations

import pytest

from memory import life
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.lifesaid import first as _first
from tests.lifesaid import imported as _imported


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read(text)}


# -- someone else named as the subject, with no "has" --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Priya joined the YMCA last week and loves the pool",
        "omar just joined anytime fitness, he wants me to come",
        "lol dev joined planet fitness",
        "dev joined Planet Fitness yesterday",
        "Rosa's joined PureGym at last",
        "she joined the YMCA in March",
        "my cousin just joined the YMCA",
        "so Marcus signed up at Anytime Fitness",
        "I went running and then Dana joined the YMCA",
    ],
)
def test_a_gym_someone_else_joined_with_no_has_is_theirs(text):
    assert "gym" not in _read(text)


@pytest.mark.parametrize(
    "text, gym",
    [
        ("I joined the YMCA last week", "ymca"),
        ("finally joined Planet Fitness", "planet fitness"),
        ("Today joined Planet Fitness, first class tomorrow", "planet fitness"),
        ("me and omar joined anytime fitness", "anytime fitness"),
        ("Priya and I joined the YMCA", "ymca"),
        ("ok so joined planet fitness", "planet fitness"),
        ("after work joined the YMCA, the pool is great", "ymca"),
    ],
)
def test_control_the_persons_own_gym_or_one_joined_with_someone_is_read(text, gym):
    # (decided: "me and omar joined" is the person's too, as "Priya and I joined" was)
    assert _read(text).get("gym") == gym


@pytest.mark.parametrize(
    "text, attribute",
    [
        ("work gave me a macbook pro, how do i set up python", "laptop"),
        ("my aunt is visiting us up here in leeds next week", "home"),
    ],
)
def test_control_what_someone_did_to_the_person_is_still_the_persons(text, attribute):
    assert attribute in _read(text)


# -- a thing held only as someone else's -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "rant: jules adopted a dog called pepper without asking and now the dog chews everything. how do i raise it",
        "Her rabbit keeps escaping, my flatmate says it's fine",
        "my brother's landlord is refusing to fix the boiler, what are his rights?",
        "my friend sent me this:\n\n'Landlord: Ms Carol Price. Tenant: Mr Ade Bello. Rent: £900.'",
        '"I got into Penn Law and I\'m moving in August!!" - what should I text back?',
    ],
)
def test_a_thing_held_only_as_someone_elses_is_theirs(text):
    assert life.held_as_theirs(frozenset(["dog", "rabbit", "landlord", "law"]), text)


@pytest.mark.parametrize(
    "text",
    [
        "I adopted a dog called pepper and now the dog chews everything",
        "jules adopted a dog and we adopted one from the same litter, my dog is calmer",
        "our landlord is refusing to fix the boiler",
        "landlord still hasn't fixed the boiler",
        "the rabbit escaped again",  # ("the" refers back: no one's said, nothing theirs)
        "I study law at Leeds",
    ],
)
def test_control_the_persons_own_thing_or_one_said_bare_is_not_theirs(text):
    assert not life.held_as_theirs(frozenset(["dog", "rabbit", "landlord", "law"]), text)


def _with_a_floor(monkeypatch) -> None:
    # the fake embedder's cosines are hashed: a low floor, so a question is cut only where nothing states it
    monkeypatch.setitem(tuning.FLOOR, "fake-hash-384", {"threaded": -0.5, "alone": -0.5, "unworded": -0.5})


def test_a_question_of_the_persons_pet_is_not_answered_by_a_friends(session, tmp_path, monkeypatch):
    _with_a_floor(monkeypatch)
    turns = [
        "rant: jules adopted a dog called pepper without asking and it chews everything. how do i bring up the dog",
        "what should i cook for four people on a budget",
    ]
    _imported(session, tmp_path, turns)
    assert search(session, "whats my dogs name", k=5, touch=False, scope=ALL_SPACES).hits == []


def test_control_the_persons_own_pet_still_answers(session, tmp_path, monkeypatch):
    _with_a_floor(monkeypatch)
    said = "i adopted a dog called pepper last week and it chews everything. how do i stop the dog"
    _imported(session, tmp_path, [said, "what should i cook for four people on a budget"])
    hits = search(session, "whats my dogs name", k=5, touch=False, scope=ALL_SPACES).hits
    assert hits and hits[0].content == said


# -- a degree's level ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, asks, not_asked",
    [
        ("what's my masters in", "degree:master", "degree:bachelor"),
        ("what is my PhD in", "degree:phd", "degree:master"),
        ("where did I do my undergrad", "university:bachelor", "university:phd"),
        ("where do i go to law school", "university:master", "university"),
        ("where did I go to business school", "university:phd", "university:bachelor"),
    ],
)
def test_a_question_naming_a_level_asks_that_level(question, asks, not_asked):
    asked = life.asked(question)
    assert asks in asked and not_asked not in asked


@pytest.mark.parametrize(
    "question",
    ["what did I study", "where did I go to college", "where did i go to medical school", "where did I study law?"],
)
def test_control_a_question_naming_no_level_or_a_first_degree_asks_every_level(question):
    asked = life.asked(question)
    assert {"degree:bachelor", "degree:master"} <= asked or {"university:bachelor", "university:master"} <= asked


def test_a_masters_question_is_not_answered_by_a_bachelors(session, tmp_path, monkeypatch):
    _with_a_floor(monkeypatch)
    _imported(session, tmp_path, ["I have a BSc in Chemistry from Durham, can you check my cover letter"])
    assert search(session, "what's my masters degree in", k=5, touch=False, scope=ALL_SPACES).hits == []
    assert search(session, "what's my bachelors degree in", k=5, touch=False, scope=ALL_SPACES).hits  # (control)


# -- a home named by its building --------------------------------------------------------------------


@pytest.mark.parametrize("home", ["harbour heights", "maple court", "st john's house", "riverside apartments"])
def test_a_home_named_by_its_building_is_a_building(home):
    assert life.a_building(home)


@pytest.mark.parametrize("home", ["crescent heights", "canary wharf", "arlington heights", "church stretton", "court"])
def test_control_a_town_or_a_part_of_a_city_is_no_building(home):
    assert not life.a_building(home)


def test_the_town_is_answered_by_the_home_before_a_building(session, tmp_path):
    town = "I have now settled in a cottage in Much Wenlock, with a little garden at the back."
    building = "I moved into my flat at Harbour Heights, the retirement development by the river, on Friday."
    _imported(session, tmp_path, ["I live in a terraced house in Telford, near the station.", town, building])
    assert life.read(building)[0].value == "harbour heights"  # (the newest home: a building)
    assert _first(session, "Which town am I living in now?") == town
    assert _first(session, "where do I live now") == building  # (control: where, not the town)


def test_control_a_home_in_a_town_after_a_town_is_the_town(session, tmp_path):
    town = "I have now settled in a cottage in Much Wenlock, with a little garden at the back."
    later = "I have moved into a flat in Bridgnorth, on the high street."
    _imported(session, tmp_path, [town, later])
    assert _first(session, "Which town am I living in now?") == later


@pytest.mark.parametrize(
    "text, attribute",
    [
        ("please sign it as Dana Whitfield, thanks", "name"),  # (a request, no name as the subject)
        ("tbh lisbon broke my vegetarianism", "diet"),  # (what a place did to the person is hers)
    ],
)
def test_control_a_request_or_what_was_done_to_the_persons_own_is_read(text, attribute):
    assert attribute in _read(text)


# -- questions in the person's own words (walking harold's home as him) ------------------------------


@pytest.mark.parametrize(
    "question",
    ["what do I do with my spare time these days", "what do we do at weekends", "what do i do to unwind"],
)
def test_free_time_asks_a_hobby_not_a_job(question):
    asked = life.asked(question)
    assert "hobby" in asked and "role" not in asked


@pytest.mark.parametrize("question", ["what do I do for a living", "what do I do at work"])
def test_control_what_i_do_for_a_living_asks_the_job(question):
    assert "role" in life.asked(question)


@pytest.mark.parametrize(
    "question", ["what town is my flat in", "which village or town is our cottage in", "what city is my apartment in"]
)
def test_the_town_a_home_is_in_asks_the_home(question):
    assert "home" in life.asked(question)


def test_control_the_town_of_someone_elses_home_asks_not_mine():
    assert "home" not in life.asked("what town is my sister's flat in")


def test_the_town_of_a_flat_in_a_building_is_the_town_before(session, tmp_path):
    town = "I have now settled in a cottage in Much Wenlock, with a little garden at the back."
    building = "I moved into my flat at Harbour Heights, the retirement development by the river, on Friday."
    _imported(session, tmp_path, [town, building])
    assert _first(session, "what town is my flat in") == town


# -- a thing's colour --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, asked",
    [
        ("what colour was my first bike?", "bike colour"),
        ("what color is our front door", "door color"),
        ("which colour is my van", "van colour"),
    ],
)
def test_a_things_colour_asks_its_colour_not_the_thing(question, asked):
    assert life.asked(question) == frozenset([asked])


@pytest.mark.parametrize("question", ["what's my favourite colour", "what colour is my brother's van"])
def test_control_a_favourite_or_someone_elses_colour_asks_no_colour_of_mine(question):
    assert not any(a.endswith(" colour") for a in life.asked(question))


def _far(monkeypatch) -> None:
    # the fake embedder's hashed cosines of texts sharing a word are high: as the real model meets a question of a
    # colour with a turn about the thing (ines's "what colour was my first car?" and her Panda's insurance: 0.25)
    _with_a_floor(monkeypatch)
    monkeypatch.setattr(tuning, "STATED_ANYWAY", 2.0)
    monkeypatch.setattr(tuning, "STATED_UNNAMED", 2.0)


def test_a_things_colour_no_text_gives_is_nothing_close(session, tmp_path, monkeypatch):
    _far(monkeypatch)
    _imported(session, tmp_path, ["insurance on my old van: is third party enough for a van that age?"])
    assert search(session, "what colour is my van", k=5, touch=False, scope=ALL_SPACES).hits == []


def test_control_a_things_colour_said_by_its_word_answers(session, tmp_path, monkeypatch):
    _far(monkeypatch)
    said = "insurance on my old red van: is third party enough for a van that age?"
    _imported(session, tmp_path, [said])
    hits = search(session, "what colour is my van", k=5, touch=False, scope=ALL_SPACES).hits
    assert hits and hits[0].content == said


def test_a_things_colour_is_not_named_by_the_thing_alone_however_close(session, tmp_path, monkeypatch):
    # (beth's "what colour is our car" and "... savings and the car loan": a cosine over STATED_ANYWAY asks only
    # that a word of what is asked be held, and "car" alone is no colour of it)
    _with_a_floor(monkeypatch)
    monkeypatch.setattr(tuning, "STATED_ANYWAY", -2.0)
    monkeypatch.setattr(tuning, "STATED_UNNAMED", 2.0)
    _imported(session, tmp_path, ["set up a budget: checking, savings and the van loan, take-home is 5,900"])
    assert search(session, "what colour is my van", k=5, touch=False, scope=ALL_SPACES).hits == []
    assert search(session, "what's my van loan with", k=5, touch=False, scope=ALL_SPACES).hits  # (control)
