"""Changes still missed at session 36's end (life33), each read as a class a different person writing the same
way hits, with sentences not from the fixtures, and a near miss that stays quiet:

- A girlfriend or a boyfriend by the texter's word ("my gf Mele", "my bf Tomasz", memory/data/family.txt):
  the partner, then a wedding is a change. "gf", "bf" mean other things too ("my gf pasta", "my bf dough"):
  a partner only with a capitalised name.
- The only exercise by its verb ("i only swim, the gym bores me"), then an activity opening the sentence with
  how often and "now" ("cycling 4 times a week now", its "doing" dropped): a change of the exercise.
- A home by its kind without an article, then where ("we live in room at Polish family, in Podgórze", "we
  sleep in hostel near Nowa Huta", "finally we got own flat in Plagwitz"): a home in a part of a city.
"""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import changes_after, said_of

# -- a girlfriend or a boyfriend by the texter's word ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("my gf Mele is coming down from Maui for the long weekend, ideas", "mele"),
        ("my bf Tomasz wants to try climbing, where do beginners go", "tomasz"),
    ],
)
def test_a_gf_or_bf_named_is_the_partner(text, partner):
    assert said_of(text).get("partner") == partner


@pytest.mark.parametrize(
    "text",
    [
        "my gf pasta recipe keeps falling apart, what binds it",  # gluten free
        "my bf dough never rises",
        "my roommate's gf Anna is staying over again",
        "should i ask my gf Mele to move in?",
    ],
)
def test_a_gf_that_is_no_one_someone_elses_or_a_question_is_no_partner(text):
    assert "partner" not in said_of(text)


def test_a_wedding_after_a_gf_named_is_a_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "my gf Mele is coming down from Maui for the long weekend, ideas",
            "got married to Mele at the beach in kona saturday!! what paperwork now",
        ],
    )
    assert [(old[:9], new[:14]) for old, new in changed] == [("my gf Mel", "got married to")]


# -- the only exercise by its verb, then an activity done now ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "exercise"),
    [
        ("i only swim, the gym bores me to tears", "swim"),
        ("honestly I only cycle these days", "cycle"),
    ],
)
def test_the_only_exercise_by_its_verb_is_read(text, exercise):
    assert said_of(text).get("exercise") == exercise


@pytest.mark.parametrize(
    "text",
    [
        "my brother only swims, the gym bores him",
        "i only run when im late for the bus",
        "do i only lift or should i add cardio?",
    ],
)
def test_someone_elses_a_when_or_a_question_is_no_only_exercise(text):
    assert "exercise" not in said_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "cycling 4 times a week now, my knees are fine so far",
        "so swimming twice a week these days at the lido",
    ],
)
def test_an_activity_how_often_and_now_is_taken_up(text):
    assert life.taken_up(life.read(text))


@pytest.mark.parametrize(
    "text",
    [
        "cycling 4 times a week from june, is that too much",  # a plan
        "is cycling 4 times a week now too much?",  # a question
        "I do yoga twice a week",  # how often, not that it is new
    ],
)
def test_a_plan_a_question_or_a_habit_is_not_taken_up(text):
    assert not life.taken_up(life.read(text))


def test_an_activity_done_now_after_the_only_exercise_is_a_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "need a plan for my back. i only swim, the gym bores me to tears",
            "cycling 4 times a week now, my knees are fine so far. what saddle height",
        ],
    )
    assert [(old[:15], new[:10]) for old, new in changed] == [("need a plan for", "cycling 4 ")]


# -- a home by its kind, no article, then where ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dwelling"),
    [
        ("Now we live in room at Polish family, Pan Nowak and his wife, in Podgórze.", "room"),
        ("we sleep in hostel for refugees near Nowa Huta, 10 people in room", "hostel"),
        ("Finally we got own flat in Plagwitz, 3 rooms!", "flat"),
    ],
)
def test_a_home_by_its_kind_without_an_article_is_read(text, dwelling):
    assert said_of(text).get("dwelling") == dwelling


@pytest.mark.parametrize(
    "text",
    [
        "we want own flat in Plagwitz, is it expensive?",  # a wish, a question
        "my sister lives in room at family in Podgórze",  # someone else's
        "we lived in hostel in Nowa Huta first",  # the past
        "if we sleep in hostel near Nowa Huta, is it safe",
    ],
)
def test_a_wish_someone_elses_or_the_past_is_no_home(text):
    assert "dwelling" not in said_of(text)


def test_a_room_then_own_flat_is_a_change_of_the_dwelling_not_the_city(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "Now we live in room at Polish family, Pan Nowak and his wife, in Podgórze. What present is normal?",
            "Finally we got own flat in Plagwitz, 3 rooms! Where is cheap furniture?",
        ],
    )
    assert [(old[:15], new[:16]) for old, new in changed] == [("Now we live in ", "Finally we got o")]


# -- a child's kindergarten by the child's name ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("mia's first days at nursery went better than i thought", "nursery"),
        ("kuba (3) starts next monday at his przedszkole on Długa, any tips?", "przedszkole"),
        ("Ben's first weeks at Kita Regenbogen and he cries every morning", "kita regenbogen"),
    ],
)
def test_a_childs_kindergarten_by_the_childs_name_is_read(text, school):
    said = said_of(text)
    assert school in said.values() and any(a.endswith(" school") for a in said)


@pytest.mark.parametrize(
    "text",
    [
        "my first week at kindergarten teaching was exhausting",  # the person's work
        "should mia stay at her nursery or move to the one near us?",  # a question
        "today's first day at nursery for half the class",
    ],
)
def test_the_persons_own_a_question_or_no_one_is_no_childs_school(text):
    assert not any(a.endswith(" school") for a in said_of(text))


def test_a_childs_next_kindergarten_is_a_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "mia (2) starts next week at her nursery on Mill Road, how do i prep her",
            "mia's first weeks at kita regenbogen and she only speaks english there, normal?",
        ],
    )
    assert [(old[:10], new[:12]) for old, new in changed] == [("mia (2) st", "mia's first ")]


# -- a shared home in a part of a city typed in lower case -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("there are 5 of us in my flatshare in hackney and the bathroom rota is chaos", "hackney"),
        ("my flat in walthamstow and the damp in the kitchen, who do i call", "walthamstow"),
    ],
)
def test_a_home_in_a_part_of_a_city_run_on_into_the_sentence_is_read(text, home):
    assert said_of(text).get("home") == home


@pytest.mark.parametrize(
    "text",
    [
        "my sisters flatshare in hackney has a huge kitchen",  # someone else's
        "is a flatshare in hackney a good idea for the kitchen",  # a question
        "my flatshare in the end and the kitchen rota",  # no place of the lists
    ],
)
def test_someone_elses_a_question_or_no_place_is_no_home(text):
    assert "home" not in said_of(text)


def test_a_flatshare_then_a_home_in_another_part_of_the_city_is_a_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "there are 5 of us in my flatshare in hackney and the bathroom rota is chaos, make a fair one",
            "now that we're in walthamstow we need a sofa under 400",
        ],
    )
    assert [(old[:12], new[:12]) for old, new in changed] == [("there are 5 ", "now that we'")]
