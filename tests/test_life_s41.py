"""What the life reading and its questions still got wrong after session 40, as classes (session 41: weak41),
each tested in other words than the fixture's that showed it (other names, places, firms), with controls:

- a relation asked by one of its words and named by another: "what are my children's names" and "my kids.
  Tomas is 9 and Lena is 6" (grace: "kids" and "children" were two relations); "my folks", "my kiddos";
- a family word that means other things too ("sis", "bro", "gf", "mrs", "folks") after "my": someone else,
  so "my sis drives a Honda Civic" is not the person's car;
- a maker's name after work done for it is an employer, not a car ("I'm a driver for Swift", ray);
- a trucker's trailer, dispatcher, diet, CDL endorsements, truck and "nobody since the divorce" (ray);
- a game asked by its name ("Do I play golf?" is not answered by bowls, harold), a vote or a team asked in
  other words, a membership's year ("Since when have I been a member of the National Trust?").
"""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read(text)}


def _answers(question: str, turn: str) -> bool:
    """Whether a turn names the relation a question asks the name of (as recall reads it: `kin_named`)."""
    return any(a.startswith("name:") and a[5:] in life.kin_named(turn) for a in life.asked(question))


# -- a relation by any of its words -----------------------------------------------------------------


@pytest.mark.parametrize(
    "question, turn",
    [
        ("What are my children's names?", "I have to tell my kids. Tomas is 9 and Lena is 6"),
        ("What are my children's names?", "my kids Tomas and Lena love the new pool"),
        ("what are my kids called", "my children, Tomas and Lena, start school in May"),
        ("what's my son's name", "my kids Tomas and Lena love the new pool"),
        ("what are my parents' names", "my folks Joe and Ann are visiting from Tulsa"),
        ("what are my children's names", "our kiddos Milo and Ivy are at camp"),
        ("what's my sister's name", "my sis Priya is visiting"),
        ("what's my wife's name", "my mrs Lena made dinner"),
    ],
)
def test_a_relation_asked_by_one_word_is_answered_by_a_turn_naming_it_by_another(question, turn):
    assert _answers(question, turn)


@pytest.mark.parametrize(
    "question, turn",
    [
        ("What are my children's names?", "my sister Priya is visiting"),
        ("what are my parents' names", "my kids Tomas and Lena love the new pool"),
        ("what are my parents' names", "thanks folks, Joe and Ann will love it"),  # "folks" of no one's
        ("what are my children's names", "my kids are 9 and 6"),  # ages of no name
    ],
)
def test_a_turn_naming_another_relation_or_none_does_not_answer(question, turn):
    assert not _answers(question, turn)


# -- a family word that means other things too, after "my" ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my sis drives a Honda Civic",
        "my little sis drives a Honda Civic",
        "my gf just got a Prius",
        "my mrs just switched to Verizon",
        "so my bro switched to T-Mobile",
        "my folks bank with Wells Fargo",
        "my folks just bought a Subaru Outback",
    ],
)
def test_a_thing_of_someone_called_by_an_owned_family_word_is_not_the_persons(text):
    assert _read(text) == {}


@pytest.mark.parametrize(
    "text, attribute, value",
    [
        ("I drive a Honda Civic", "car", "honda civic"),
        ("I bank with Wells Fargo like my folks", "bank", "wells fargo"),
        ("my sis's Honda Civic broke down so I drive a Prius now", "car", "prius"),
        ("I just switched to Verizon", "phone provider", "verizon"),
    ],
)
def test_the_persons_own_thing_beside_a_relative_is_still_theirs(text, attribute, value):
    assert _read(text).get(attribute) == value


# -- a maker's name after work done for it --------------------------------------------------------


@pytest.mark.parametrize(
    "text, employer",
    [
        ("I'm a driver for Swift hauling out of Denver", "swift"),
        ("I drive for Ford now", "ford"),
        ("I work for Toyota now", "toyota"),
    ],
)
def test_a_makers_name_after_work_for_it_is_an_employer_not_a_car(text, employer):
    read = _read(text)
    assert "car" not in read
    assert read.get("employer") == employer


@pytest.mark.parametrize("text", ["I drive a Swift", "my Swift needs new brakes", "I drive for Uber in my Civic"])
def test_a_car_driven_is_still_a_car(text):
    assert "car" in _read(text)


# -- a trucker's run-ons ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, attribute, value",
    [
        ("I been pulling a step deck about two weeks now is that normal", "trailer", "step deck"),
        ("so I'm pulling tanker now instead of dry van", "trailer", "tanker"),
        ("pulling a forty eight foot flatbed and the load shifted", "trailer", "flatbed"),
        ("ain't nobody dispatching me anymore I find my own loads", "dispatcher", "nobody"),
        ("I hired a dispatcher named Rhonda she takes five percent", "dispatcher", "rhonda"),
        ("send this to Carla my driver manager please", "dispatcher", "carla"),
        ("my wife got me eating low sodium now cause of my pressure", "diet", "low salt"),
        ("I eat whatever the diner got on the road", "diet", "whatever"),
        ("my CDL just got the tanker endorsement on it", "cdl endorsements", "tanker"),
        ("I finally got the H on my CDL now", "cdl endorsements", "hazmat"),
        ("the truck is a company truck a twenty nineteen Kenworth T680", "car", "kenworth t680"),
        ("I ain't been with nobody since the divorce and I'm lonely", "partner", "none"),
    ],
)
def test_a_truckers_run_on_states_his_trailer_dispatcher_diet_cdl_truck_and_partner(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    "text, attribute",
    [
        ("I never pulled flatbed in my life", "trailer"),
        ("I'm gonna pull reefer next year maybe", "trailer"),
        ("should I hire a dispatcher named Rhonda", "dispatcher"),
        ("I want to get the H on my CDL", "cdl endorsements"),
        ("my buddy ain't been with nobody since the divorce", "partner"),
    ],
)
def test_a_plan_a_question_a_past_or_someone_elses_is_not_read(text, attribute):
    assert attribute not in _read(text)


def test_a_truckers_change_of_trailer_is_a_change():
    old, new = life.read("I been pulling a dry van six years"), life.read("so I'm pulling flatbed now")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("dry van", "flatbed")]


@pytest.mark.parametrize(
    "question, attribute",
    [
        ("what kind of trailer am I pulling", "trailer"),
        ("who's dispatching me", "dispatcher"),
        ("what endorsements do I have on my CDL", "cdl endorsements"),
    ],
)
def test_a_truckers_questions_ask_what_he_states(question, attribute):
    assert attribute in life.asked(question)


# -- a game, a vote, a team, a membership --------------------------------------------------------------


def test_a_game_asked_by_its_name_is_not_answered_by_another_game():
    asked = life.asked("Do I play tennis?")
    assert asked == {"schedule:tennis"}
    assert life.matches(asked, life.read("I play tennis every Thursday"))
    assert not life.matches(asked, life.read("I play darts every Thursday"))


@pytest.mark.parametrize(
    "question, attribute",
    [
        ("which party I voted for", "vote"),
        ("which candidate did we vote for", "vote"),
        ("what party did we vote for", "party vote"),
        ("what baseball team do I pull for", "team"),
        ("how long have I been a member of the RSPB", "member:rspb"),
        ("How did we vote in the general election?", "general election vote"),
        ("what's my star sign", "star sign"),
        ("which insurer is the van insured with", "car insurance"),
        ("Since when have I been a member of the Royal Horticultural Society?", "member:royal horticultural society"),
    ],
)
def test_a_vote_a_team_and_a_membership_are_asked_in_other_words(question, attribute):
    assert attribute in life.asked(question)


def test_a_memberships_year_answers_since_when():
    read = life.read("I have been a Royal Horticultural Society member since 1992 and rarely go")
    assert _read("I have been a Royal Horticultural Society member since 1992 and rarely go") == {
        "member:royal horticultural society": "1992"
    }
    assert life.matches(life.asked("since when have I been a member of the Royal Horticultural Society"), read)
    assert not life.matches(life.asked("since when have I been a member of the RSPB"), read)


@pytest.mark.parametrize(
    "text",
    [
        "my wife has been a Royal Horticultural Society member since 1992",
        "I have been a member of the family since 2001",
        "if I had been a Royal Horticultural Society member since 1992 I would know",
    ],
)
def test_no_membership_of_someone_else_a_family_or_a_supposition(text):
    assert not any(a.startswith("member:") for a in _read(text))


def test_a_vote_asked_with_its_object_asks_that_vote_and_a_post_voted_into_states_none():
    """ "How did I vote in the election?" asks that vote ("election vote", named by both words: `recall._named`);
    "I have been voted in as secretary" states a post, no vote."""
    asked = life.asked("How did I vote in the election?")
    assert {"vote", "election vote"} <= asked
    assert not life.matches(asked, life.read("I have been voted in as secretary of the allotment society"))


@pytest.mark.parametrize(
    "question, asked",
    [
        ("did I ever go to college", {"university", "college"}),
        ("Did I go to uni?", {"university", "uni"}),
    ],
)
def test_a_college_ever_gone_to_is_asked_as_a_university_and_named_by_its_word(question, asked):
    assert life.asked(question) == asked
    assert life.matches(life.asked(question), life.read("I graduated from Boston College in 1998"))


def test_control_where_one_went_to_college_asks_as_before():
    assert "college" not in life.asked("where did I go to college")


@pytest.mark.parametrize(
    "question, asked",
    [("who am I hauling for now", "employer"), ("who are we driving for these days", "employer")],
)
def test_who_a_driver_hauls_for_is_asked_as_the_employer(question, asked):
    assert asked in life.asked(question)


def test_my_boy_is_a_son_asked_and_named_and_the_boys_or_oh_boy_no_one():
    assert _answers("what's my boy's name", "my son Luca starts at the fire academy in May")
    assert _answers("what's my son's name", "my boy Luca starts at the fire academy in May")
    assert not life.kin_named("me and my boys went to the game")
    assert _read("oh boy I drive a Honda Civic now") == {"car": "honda civic"}
    assert _read("my boy drives a Honda Civic") == {}


# (the lead's) A diet said without "I" is the person's unless the words before it say whose it is.
@pytest.mark.parametrize(
    "text",
    [
        "my dad is on low salt now",
        "My mum is vegetarian now, so Sunday lunch is different",
        "my grandpa has been keto since March",
        "Dad is pescatarian these days",
        "Priya is vegan now",
        "the new place around the corner is vegan these days",
    ],
)
def test_a_diet_said_of_someone_else_without_i_is_theirs(text):
    assert "diet" not in _read(text)


@pytest.mark.parametrize(
    "text, diet",
    [
        ("vegan now, and loving it", "vegan"),
        ("been keto since March and down ten pounds", "keto"),
        ("My sister and I are vegetarian now", "vegetarian"),
        ("we're pescatarian these days", "pescatarian"),
        ("my dad says I am vegan now", "vegan"),
    ],
)
def test_control_a_diet_said_without_i_or_with_we_stays_the_persons(text, diet):
    assert _read(text).get("diet") == diet


def test_moved_to_a_place_named_like_a_car_is_a_move_not_a_car():
    assert _read("we moved to Tucson last year") == {"home": "tucson"}
    assert "car" not in _read("so I finally moved to Tucson, the heat is unreal")


@pytest.mark.parametrize(
    "text, car",
    [("I switched to a Tucson, the Civic was too small", "tucson"), ("I got a Hyundai Tucson", "hyundai tucson")],
)
def test_control_a_car_named_like_a_place_is_still_a_car(text, car):
    assert _read(text).get("car") == car


# (the lead's) A pet got and named in one sentence, as in two ("I adopted a cat! her name is Empanada").
@pytest.mark.parametrize(
    "text, kind, name",
    [
        ("I adopted a cat, her name is Mango", "cat", "mango"),
        ("we got a puppy from the shelter and his name is Rex", "dog", "rex"),
        ("I got a kitten last week; its name is Pepper", "cat", "pepper"),
    ],
)
def test_a_pet_got_and_named_in_one_sentence_is_named(text, kind, name):
    assert _read(text).get(kind) == name


@pytest.mark.parametrize(
    "text",
    [
        "I got a dog for my son, his name is Leo",  # the son's name, perhaps
        "My sister adopted a cat, her name is Mango",  # her cat
        "Maybe I got a cat, her name is Tom",  # a guess
        "I got a dog and my daughter says his name is Max",
    ],
)
def test_control_a_name_that_may_be_someone_elses_names_no_pet(text):
    said = _read(text)
    assert "cat" not in said and "dog" not in said
