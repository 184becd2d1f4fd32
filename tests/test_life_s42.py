"""What the life reading and its questions still got wrong after session 41, as classes (session 42: weak42),
each tested in other words than the fixture's that showed it (other names, places, breeds), with controls:

- a breakup ends the partner: "X and I broke up", "we split up", "I broke up with X", "X dumped me" is no partner
  now (dani's "marco and i split", ines's "Tom and I have split up", rowan's "Sky and I broke up": one class, and
  the keys of rowan, bola and marisol read the next partner as a change from the breakup, as dani's and ines's do);
- "am i still with X" asks the partner, after the statements naming X: the breakup comes first, not the partner
  after it (dani's "am i still with marco");
- the age a first came at, said once ("i got my first guitar at 12"), and its question;
- a home named in passing, "my flat in X" in a sentence about something else (not a friend's, a listing, a market);
- a pet got in a dialect's words or by its breed ("I got me a rat terrier ... his name is Boudreaux", ray);
- a car's model said as a place ("moved to the Sierra foothills", "the Tucson area");
- a diet with no subject of its own after another's "has" ("Kev has been vegan since May": the match opens at "been");
- one check for every rule whose match opens with no subject of its own: someone else as the subject of the verb
  that runs into it ("Omar has joined the Y", "Lena has signed with Northbound Artists").
"""

from __future__ import annotations

import pytest

from memory import life
from tests.lifesaid import first as _first
from tests.lifesaid import imported as _imported


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read(text)}


# -- a breakup ends the partner ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "long week. Priya and I broke up on Sunday, not dramatic, just done",
        "I've been quiet because Lars and I have separated.",
        "me and Dev split up last month, can you help me sort the lease",
        "I broke up with Noah yesterday and I feel weirdly fine",
        "Kim dumped me. help me write something to my friends",
        "we ended things on Friday, the distance was too much",
        "we ended it, the long distance was too much for both of us",
    ],
)
def test_a_breakup_said_by_the_person_is_no_partner_now(text):
    assert _read(text).get("partner") == "none"


@pytest.mark.parametrize(
    "text",
    [
        "my parents split up when I was ten",
        "Jess broke up with her boyfriend and she's staying with us",
        "we split the bill four ways",
        "Omar and I split a pizza after the gig",
        "the meeting ran long so we ended it.",
        "she left me for a drummer / we broke up in the rain / now the radio plays",  # a lyric's lines
        "should I break up with Noah?",
    ],
)
def test_control_someone_elses_breakup_a_thing_split_a_lyric_or_a_question_ends_no_partner(text):
    assert "partner" not in _read(text)


def test_am_i_still_with_someone_is_answered_by_the_breakup_not_the_partner_after(session, tmp_path):
    breakup = "ugh. Priya and I broke up last night, two years and it just stopped working"
    _imported(
        session,
        tmp_path,
        [
            # (more than one short sentence: the change waits for review, both stay in recall, as in dani's chats)
            "my girlfriend Priya wants to do a weekend in Porto. plan me two days, she hates museums and loves food",
            breakup,
            "my boyfriend Noah is a chef, what do I cook for someone who cooks for a living",
        ],
    )
    assert _first(session, "am I still with Priya") == breakup
    assert "Noah" in _first(session, "who am I dating")
    assert "Noah" in _first(session, "am I still with Noah")  # (control: no breakup after him, the newest)


@pytest.mark.parametrize(
    "question, who",
    [
        ("am i still with marco", "marco"),
        ("Am I still seeing Jordan?", "jordan"),
        ("are Tom and I still together", "tom"),
    ],
)
def test_still_with_someone_asks_the_partner_after_them(question, who):
    assert "partner" in life.asked(question)
    assert life.anchored(question) == life.Anchor("after", (who,), "partner")


@pytest.mark.parametrize("question", ["am I still with Verizon", "is Sam still with Priya", "am i still with it"])
def test_control_still_with_a_carrier_or_of_someone_else_asks_no_partner_of_mine(question):
    assert "partner" not in life.asked(question)


# -- the age a first came at ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, attribute, age",
    [
        ("lol that riff. i got my first guitar at 12 and it was the first song i learned", "age:first guitar", "12"),
        ("I bought my first car at 17, a rusty Corsa", "age:first car", "17"),
        ("I ran my first marathon at 40!", "age:first marathon", "40"),
    ],
)
def test_the_age_a_first_came_at_is_read(text, attribute, age):
    assert _read(text).get(attribute) == age


@pytest.mark.parametrize(
    "text", ["my son got his first bike at 5", "I had my first class at 9am", "I got my first paycheck at 16:30"]
)
def test_control_someone_elses_first_or_a_time_is_no_age(text):
    assert not any(a.startswith("age:") for a in _read(text))


def test_the_age_of_a_first_is_asked_and_answered_first(session, tmp_path):
    said = "haha that song. I got my first drum kit at 14 and drove my parents mad"
    _imported(
        session,
        tmp_path,
        [
            "how old do kids have to be to take drum lessons, my nephew is 6",
            said,
            "my first gig was at a wedding, how old should a drummer be to play bars in Texas",
        ],
    )
    assert life.asked("how old was I when I got my first drum kit") == frozenset(["age:first drum kit"])
    assert _first(session, "how old was I when I got my first drum kit") == said


# -- a home named in passing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, home",
    [
        ("the boiler in my apartment in Astoria died again, who do I call", "astoria"),
        ("the heating in my place in Fremantle is broken and it's winter", "fremantle"),
        ("mould keeps coming back in the bathroom of my flat in Clontarf, any fix", "clontarf"),
        ("is it normal that my new condo in Ballard has no dishwasher", "ballard"),
    ],
)
def test_a_home_named_in_passing_is_the_persons(text, home):
    assert _read(text).get("home") == home


@pytest.mark.parametrize(
    "text",
    [
        "my friend's flat in Clontarf has the same mould",
        "a flat in Clontarf for 1,400 a month, is that fair",
        "flats in Clontarf are expensive these days",
        "I'm selling my flat in Clontarf, how do I price it",
        "my old flat in Clontarf had mould too",
        "we moved out of my flat in Clontarf in May",
        "I'm renting my flat in Clontarf out while I'm away",
        "my apartment in Astoria for a few weeks, then we go home",
    ],
)
def test_control_anothers_a_listing_a_market_or_a_home_that_goes_is_no_home(text):
    assert "home" not in _read(text)


# -- a pet got in a dialect's words or by its breed ----------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, name",
    [
        ("so I got me a blue heeler from the pound in Opelousas his name is Tater and he rides along", "dog", "tater"),
        ("we picked us up a beagle yesterday, her name is Daisy", "dog", "daisy"),
        ("I got myself a kitten! her name is Miso", "cat", "miso"),
        ("I adopted a greyhound, his name is Rocket", "dog", "rocket"),
    ],
)
def test_a_pet_got_in_dialect_or_by_breed_and_named_is_named(text, kind, name):
    assert _read(text).get(kind) == name


@pytest.mark.parametrize(
    "text",
    [
        "my buddy got him a beagle, his name is Duke",
        "I got him a beagle for his birthday, his name is Duke",
        "I got a hot dog, its name is Frank",
    ],
)
def test_control_a_pet_someone_else_got_or_no_pet_is_not_the_persons(text):
    assert not {"dog", "cat"} & set(_read(text))


# -- a car's model said as a place --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "we moved to the Sierra foothills last spring",
        "we bought a cabin in the Tahoe basin",
        "we moved to the Tucson area in March",
        "we rented a place on the Kona coast",
        "we drove through the Yukon for a week",
    ],
)
def test_a_car_model_said_as_a_place_is_no_car(text):
    assert "car" not in _read(text)


@pytest.mark.parametrize(
    "text, car",
    [
        ("I left my phone in the Tahoe", "tahoe"),
        ("I just bought a Tahoe", "tahoe"),
        ("my Sierra needs new brakes", "sierra"),
        ("I switched to a Tucson, the Civic was too small", "tucson"),
    ],
)
def test_control_a_car_named_like_a_place_is_still_a_car(text, car):
    assert _read(text).get("car") == car


# -- a diet with no subject of its own, after someone else's "has" ------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Kev has been vegan since May", "the new place has been vegan since it opened", "Priya had been keto for a year"],
)
def test_a_diet_after_someone_elses_has_is_theirs(text):
    assert "diet" not in _read(text)


@pytest.mark.parametrize(
    "text", ["been vegan since May", "I moved here and have been vegan since May", "we have been vegan since May"]
)
def test_control_the_persons_own_diet_with_have_or_no_subject_is_theirs(text):
    assert _read(text).get("diet") == "vegan"


# -- one check for every rule with no subject of its own -------------------------------------------------------
# (`life._not_the_persons`: someone named, or "she", "he", "they", "who", as the subject of a verb that runs into a
# match that opens with no "I" of its own; each of these was read as the person's before)


@pytest.mark.parametrize(
    "text, attribute",
    [
        ("Omar has joined the Y", "gym"),  # the gym joined ("joined X")
        ("she has just joined Anytime Fitness, the one by the station", "gym"),
        ("Tomasz has been vegan since the spring", "diet"),  # the bare diet ("been vegan since")
        ("Lena has signed with Northbound Artists", "name"),  # a name signed with
    ],
)
def test_a_rule_with_no_subject_refuses_what_someone_else_did(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    "text, attribute, value",
    [
        ("joined the Y!! first class tomorrow", "gym", "y"),
        ("So I have joined Anytime Fitness", "gym", "anytime fitness"),
        ("the session in Naughton's is thursdays so thats my bodhrán night sorted", "schedule:bodhrán", "thursday"),
        ("and the good thing is ain't nobody dispatching me, I pick my own loads", "dispatcher", "nobody"),
    ],
)
def test_control_the_persons_own_with_no_subject_or_a_possessive_before_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value
