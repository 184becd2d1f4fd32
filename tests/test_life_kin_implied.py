"""The people of a person's life said by what they are to the household, never by the word (life20):
the chef's wife Gráinne ("Gráinne got offered a post in UHG so it looks like we're moving"), his son
Ruairí ("our GP since Ruairí was born"), the translator's daughter Zosia ("zosia (2.5) starts at her
kita", "zosia turns 3 today"), the retiree's grandkids ("the grandkids switched schools, tyler's in
7th and emma's in 4th"). A wrong name on About me is worse than none: a niece, a thing, a pet, an
acronym, a plan, someone else's child read nothing; a name said in words wins."""

from __future__ import annotations

import pytest

import quire
from memory import life
from tests.conftest import about_now, chat_turns


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("zosia (2.5) starts eingewöhnung next week at her kita on weserstraße, tips?", "daughter", "zosia"),
        ("Ben (4yo) won't sleep past 5am, ideas?", "child", "Ben"),
        ("zosia turns 3 on aug 14 aka today 🎂 quick ideas for a cake w/o dairy?", "child", "zosia"),
        ("zosia is 4 today!! lactose-free cake that isnt sad?", "child", "zosia"),
        ("zosia's 5th bday party at home, 8 kids, 2 hrs. schedule pls", "child", "zosia"),
        ("zosia's first weeks at przedszkole nr 54 and she only speaks german 😂 should i worry?", "child", "zosia"),
        ("Tom's school is closed today so he is home with me", "child", "Tom"),
        ("Maya's homework takes her two hours every night", "daughter", "Maya"),
        ("Dr Hennessy has been our GP since Ruairí was born and he's after putting me on ramipril", "child", "Ruairí"),
        ("the grandkids switched schools this year, tyler's in 7th and emma's in 4th now", "grandkid", "tyler"),
        ("our kids are great, Leo is in year 3 and Mia's in reception", "child", "Leo"),
        ("Gráinne got offered a CNM2 post in UHG so it looks like we're moving in the summer", "partner", "Gráinne"),
        ("Mike got a new job in Denver so we are moving in June", "partner", "Mike"),
        ("Ana and I are celebrating our 10th anniversary in Rome next month", "partner", "Ana"),
        ("me and Dave are planning our wedding for june", "partner", "Dave"),
    ],
)
def test_someone_said_by_what_they_are_to_the_household_is_named(text, relation, name):
    assert (relation, name) in life.kin_implied(text), life.kin_implied(text)
    assert (relation, name) in life.kin_names(text)


@pytest.mark.parametrize(
    "text",
    [
        "my niece Emma turns 5 next week",  # a word for someone else
        "her son Tom's school is closed",
        "my friend's daughter Lily (3) is staying with us",
        "The Tesla turns 3 this year",  # a thing
        "Everything turns 3 degrees warmer by noon",
        "Today is 4 today",
        "1 # 3 = WN (3) = 4",  # an acronym in a proof
        "should zosia stay at her przedszkole or go to the szkoła podstawowa?",  # a question
        "if Emma turns 5 before september can she start school",  # a case put
        "Ana and I are colleagues and our team won an award",  # no couple
        "my sister got a job in Leeds so we are moving",  # a relation said: not implied
        "Rachel's class at the studio is three times a week",  # a class, not a school
        "Tom turns 40 today, what do I get him",  # an adult's age
        "Mike got a new job in Denver and we might be moving",  # a plan
    ],
)
def test_a_niece_a_thing_an_acronym_a_question_or_an_adult_names_no_one(text):
    assert life.kin_implied(text) == (), life.kin_implied(text)


def test_a_name_said_in_words_keeps_its_word():
    assert life.kin_names("my son Tom turns 4 today") == (("son", "Tom"),)


def test_a_question_of_a_son_or_a_daughter_is_answered_by_a_child_named_without_the_word():
    assert {"name:son", "name:child"} <= life.asked("what's my son called")
    assert {"name:daughter", "name:child"} <= life.asked("what's my daughter's name")
    assert "name:child" not in life.asked("what's my wife's name")
    assert "child" in life.kin_named.__wrapped__("our GP since Ruairí was born")


def test_the_word_a_person_calls_their_partner_by():
    assert life.partner_words("play less. my wife will be delighted") == frozenset(["wife"])
    assert life.partner_words("my friend's wife is lovely") == frozenset()
    assert life.partner_words("my mother tongue is irish") == frozenset()


def _turns(tmp_path):
    return chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "play less. my wife will be delighted"),
            ("2023-02-02T10:00:00Z", "Gráinne got offered a CNM2 post in UHG so it looks like we're moving."),
            ("2023-03-02T10:00:00Z", "zosia (2.5) starts at her kita next week and i'm more stressed than her"),
            ("2023-04-02T10:00:00Z", "zosia turns 3 today, cake ideas w/o dairy?"),
            ("2023-05-02T10:00:00Z", "Dr Hennessy has been our GP since Ruairí was born."),
            ("2023-06-02T10:00:00Z", "we got a dog named Biscuit last spring, he is a beagle."),
            ("2023-07-02T10:00:00Z", "Biscuit turns 3 today, is a puppy cake a thing?"),
        ],
    )


def test_about_me_lists_the_people_said_by_what_they_are(tmp_path, cli_json):
    cli_json("import", str(_turns(tmp_path)))
    now = about_now(cli_json)
    assert "- **Wife**: Gráinne[^" in now, now  # the word the person calls her by, said with no name
    assert "- **Daughter**: Zosia[^" in now and "**Child**: Zosia" not in now, now
    assert "- **Child**: Ruairí[^" in now, now
    assert "Biscuit" not in now.split("**Dog**")[0] and "**Child**: Biscuit" not in now, now  # a pet


def test_a_partner_named_in_words_is_not_replaced_by_one_implied(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "my wife Anna loves the coast, any walks near Galway?"),
            ("2023-02-02T10:00:00Z", "Gráinne got offered a post in UHG so it looks like we're moving."),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "- **Wife**: Anna" in now and "Gráinne" not in now, now


def test_whats_my_son_called_finds_the_turn_that_names_him_through_the_library(quire_home):
    with quire.open(quire_home) as q:
        q.capture("Dr Hennessy has been our GP since Ruairí was born, is ramipril ok with a pint?", type="note")
        q.capture("My son's football boots are too small again, what size comes next?", type="note")
        q.capture("My son called the school about the trip, the forms are due Friday.", type="note")
        q.capture("Our holiday in Kerry was lovely, the beaches were warm.", type="note")
        hits = q.recall("what's my son called", k=1).results
    assert hits and "Ruairí" in hits[0].text
