"""Session 36's changes that cross two words (life31): what three blind people (tests/fixtures/tunde, maeve,
sam) still said that opened no change, each written as a class in other words, with the look-alikes that
must open nothing.

- A partner named as a girlfriend or a boyfriend ("my girlfriend funmi's birthday"), then a wedding or an
  engagement said without a name ("married 2 weeks now"): a change of the partner (the word for them), when
  nothing was said of the relationship before. The girlfriend stays the partner, not the relationship: "my
  boyfriend Ray says" read as "dating ray" had answered marisol's "am I still married" after her divorce.
- The only exercise, or none ("At present my only exercise is a walk along the Marina", "the only sport I
  do is padel", "I don't do any sport"), then a sport taken up: a change of the person's exercise. Without
  the "only" said before, a sport taken up is one more (no change); a second one taken up after the change
  is one more too.
- A count of pets ("its just me and frijol" of "my cat frijol", "my only dog", "we have one cat"), then "we
  adopted a second cat": the count changes. A second pet without a count said before opens nothing.
"""

from __future__ import annotations

import pytest

from tests.conftest import changes_after, said_of

# -- a girlfriend or a boyfriend, then a wedding ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("my boyfriend leo's band is playing tonight, what do i wear", "leo"),
        ("my girlfriend ama's parents are visiting, what do i cook", "ama"),
    ],
)
def test_a_girlfriend_or_boyfriend_named_before_their_s_is_the_partner(text, partner):
    assert said_of(text).get("partner") == partner


@pytest.mark.parametrize(
    "text",
    [
        "my girlfriend's birthday is on friday, ideas?",
        "my sister's boyfriend leo's band is playing tonight",
        "my ex-girlfriend ama's parents are visiting",
    ],
)
def test_no_name_someone_elses_or_an_exs_is_no_partner(text):
    assert "partner" not in said_of(text)


def test_an_engagement_after_a_boyfriend_named_is_a_change_of_the_partner(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "my boyfriend leo's band is playing tonight, what do i wear",
            "we got engaged last night!! how do we tell his parents",
        ],
    )
    assert [(old[:20], new[:16]) for old, new in changed] == [("my boyfriend leo's b", "we got engaged l")]


def test_a_wedding_with_no_girlfriend_before_or_after_a_husband_opens_nothing(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "my husband Tom is away this week, quick dinners for one?",
            "my colleague priya's wedding is next week, gift ideas?",
            "we got married ten years ago today, anniversary ideas?",
        ],
    )
    assert changed == []


def test_after_a_divorce_a_boyfriend_then_an_engagement_changes_the_relationship_only(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "I'm officially divorced as of today.",
            "My boyfriend Sam's kids are staying over, what games for a 7 and 9 year old?",
            "We got engaged! Sam asked on the beach.",
        ],
    )
    assert [(old[:17], new[:14]) for old, new in changed] == [("I'm officially di", "We got engaged")]


# -- the only exercise, then a sport taken up ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "exercise"),
    [
        ("My only exercise these days is a stroll round the park at lunch.", "stroll round park"),
        ("the only sport I play is padel, twice a week", "padel"),
        ("I don't do any sport, I sit at a desk all day", "none"),
    ],
)
def test_the_only_exercise_or_none_is_read(text, exercise):
    assert said_of(text).get("exercise") == exercise


@pytest.mark.parametrize(
    "text",
    [
        "my son's only sport is football",
        "the only sport on telly tonight is golf",
        "is a daily walk my only exercise enough?",
        "my only exercise bike broke",
    ],
)
def test_someone_elses_a_question_or_a_thing_is_no_exercise(text):
    assert "exercise" not in said_of(text)


def test_a_sport_taken_up_after_the_only_exercise_is_a_change_and_a_second_one_is_not(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "My only exercise these days is a stroll round the park at lunch. Is that enough at 55?",
            "I've taken up rowing at the club on the river, what should I wear?",
            "I've taken up tennis as well, which racket for a beginner?",
        ],
    )
    assert [(old[:15], new[:21]) for old, new in changed] == [("My only exercis", "I've taken up rowing ")]


def test_a_sport_taken_up_with_no_only_exercise_before_is_no_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "I go climbing on tuesdays, best chalk?",
            "I've taken up rowing at the club on the river, what should I wear?",
        ],
    )
    assert changed == []


def test_a_letters_news_to_its_reader_is_said_not_planned():
    said = said_of("Good afternoon, You will no doubt be amused to hear that I have taken up rowing at the club.")
    assert said.get("schedule:rowing") == "now"


# -- a count of pets, then a second one ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("my dog pip sheds everywhere. its just me and pip in the flat so who cares lol", "one"),
        ("My only cat is fourteen now, should she see the vet twice a year?", "one"),
        ("We have one dog, a very spoiled spaniel.", "one"),
        ("we've adopted a second rescue dog, how do we introduce them", "two"),
    ],
)
def test_a_count_of_pets_is_read(text, count):
    assert said_of(text).get("number of pets") == count


@pytest.mark.parametrize(
    "text",
    [
        "its just me and marco now, the house is so quiet",
        "my sister got a second dog last week",
        "I have one cat and two dogs",
        "my only dog died in march",
        "my only pet peeve is people who don't indicate",
        "we have one dog bed for both of them",
        "we got a second cat tree for the hallway",
    ],
)
def test_a_person_someone_elses_pet_a_mixed_count_or_a_loss_is_no_count(text):
    assert "number of pets" not in said_of(text)


def test_a_second_pet_after_one_is_a_change_of_the_count(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "my dog pip sheds everywhere. its just me and pip in the flat so who cares lol",
            "we've adopted a second rescue dog, how do we introduce them",
        ],
    )
    assert [(old[:10], new[:16]) for old, new in changed] == [("my dog pip", "we've adopted a ")]


def test_a_second_pet_with_no_count_before_is_no_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        ["my dog pip sheds everywhere, which hoover?", "we've adopted a second rescue dog, how do we introduce them"],
    )
    assert changed == []
