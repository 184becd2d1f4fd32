"""The people of a person's life by name (life17): "my wife anna", "anna (my wife)", "me and my
husband tom", "my daughter's name is zosia", "My wife is Anna." name a relation; "what's my wife's
name" finds the turn that names her, and About me's Now lists each by name, capitalised as a reader
writes a name. A name asked back, a people ("My wife is Polish") or a state ("my wife is pregnant")
names no one."""

from __future__ import annotations

import pytest

import quire
from memory import life, names
from tests.conftest import about_now, chat_turns


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("my wife anna loves hiking", "wife", "anna"),
        ("anna (my wife) is a teacher", "wife", "anna"),
        ("me and my husband tom went to rome", "husband", "tom"),
        ("my daughter's name is zosia", "daughter", "zosia"),
        ("My wife is Anna.", "wife", "Anna"),
        ("My wife is Anna and she is a nurse", "wife", "Anna"),
        ("My son is Tom, he is 4", "son", "Tom"),
        ("my mum is Danuta.", "mum", "Danuta"),
        ("My wife is French and my son is Tom.", "son", "Tom"),
        # the name without the "'s" of "has" or of what is theirs (it read "Donal's")
        ("my brother Donal's after moving to Calgary with the wife and kids", "brother", "Donal"),
        ("my sister Ola's flat in Lyon is tiny", "sister", "Ola"),
    ],
)
def test_a_relation_named_gives_the_relation_and_the_name(text, relation, name):
    assert (relation, name) in life.kin_names(text)


@pytest.mark.parametrize(
    "text",
    [
        "My wife is Polish.",
        "my wife is pregnant",
        "My son is Catholic",
        "My wife is Anna?",
        "is my wife Anna?",
        "My boss is Tom.",
        "my wife is here",
    ],
)
def test_a_people_a_state_or_a_question_names_no_relation(text):
    assert life.kin_names(text) == ()


def test_my_wife_is_anna_answers_whats_my_wifes_name():
    assert "name:partner" in life.asked("what's my wife's name")
    assert life.kin_named.__wrapped__("My wife is Anna.") == frozenset(["partner"])


def test_a_turn_naming_a_relation_is_about_the_persons_people():
    assert names.self_fact("my daughter's name is zosia and she turns 4 next week, cake ideas?") == "People"


def _turns(tmp_path):
    return chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-02T10:00:00Z", "my wife anna loves hiking, any trails near Innsbruck for a weekend?"),
            ("2024-02-02T10:00:00Z", "my daughter's name is zosia and she turns 4 next week, cake ideas?"),
            ("2024-03-04T10:00:00Z", "My sister is Ola, she is visiting us from Warsaw in March."),
            ("2024-03-05T10:00:00Z", "The weather in the mountains was lovely and the snow was deep."),
            ("2024-03-06T10:00:00Z", "We had a long lunch by the lake and then walked back to the car."),
        ],
    )


def test_about_me_lists_the_people_named_by_their_relation(tmp_path, cli_json):
    cli_json("import", str(_turns(tmp_path)))
    now = about_now(cli_json)
    assert "- **Wife**: Anna" in now, now
    assert "- **Daughter**: Zosia[^" in now and "- **Sister**: Ola[^" in now, now


def test_a_later_partner_named_is_the_current_one_and_children_are_all_listed(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "my girlfriend ana and I went to the coast for the weekend, it rained."),
            ("2024-01-02T10:00:00Z", "my girlfriend Maria says hi, we just got back from the coast, it rained."),
            ("2024-02-02T10:00:00Z", "my son piotr started school and my son Jan started nursery this week."),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    # the partner's Now line names Maria, with Ana only as who was before (tests/test_about_me_partner.py)
    partner = [line for line in now.splitlines() if line.startswith(("- **Partner**", "- **Girlfriend**"))]
    assert len(partner) == 1 and partner[0].split(";")[0].count("Maria") == 1, now
    assert "Ana" not in partner[0].split(";")[0], now
    assert "- **Son**: Piotr[^" in now and "- **Son**: Jan[^" in now, now


def test_whats_my_wifes_name_finds_the_turn_that_names_her_through_the_library(quire_home):
    with quire.open(quire_home) as q:
        q.capture("My wife is Anna, we met in Krakow at a concert years back.", type="note")
        q.capture("My wife's name day is in July and she loves the roses in the garden.", type="note")
        q.capture("My wife's name was on the wrong line of the form, what's the fix?", type="note")
        q.capture("Our holiday in Portugal was lovely, the beaches were warm.", type="note")
        hits = q.recall("what's my wife's name", k=1).results
    assert hits and "Anna" in hits[0].text


def test_forgetting_the_turn_takes_its_name_off_about_me(tmp_path, cli_json, cli):
    cli_json("import", str(_turns(tmp_path)))
    cli_json("rebuild")
    page = cli_json("page", "show", "about-me")
    assert "**Daughter**: Zosia" in page["body"]
    marker = int(page["body"].split("**Daughter**: Zosia[^m")[1].split("]")[0])
    source = next(s["memory_id"] for s in page["sources"] if s["marker"] == marker)
    assert cli("forget", source).exit_code == 0
    cli_json("rebuild")
    assert "Zosia" not in cli_json("page", "show", "about-me")["body"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("tomek and i aren't married, just together 6 yrs + a kid. do i need to do anything legal", "tomek"),
        ("married 3 weeks now and the urząd wants a new dowód bc i took tomeks name?? do i need a new ID", "tomek"),
        ("Ana and I got engaged last night!", "Ana"),
        ("Ana and I have been together for 5 years", "Ana"),
        ("I took Marco's name when we married", "Marco"),
    ],
)
def test_a_partner_said_by_what_the_two_are_is_named(text, name):
    assert life.kin_names(text) == (("partner", name),)


@pytest.mark.parametrize(
    "text",
    [
        "Ana and I are colleagues",
        "Tom and I have been friends for 10 years",
        "I took his name when we married",
        "I took the name of my grandfather",
        "should Ana and I get married?",
    ],
)
def test_two_people_who_are_no_couple_or_a_pronoun_name_no_partner(text):
    assert life.kin_names(text) == ()


def test_the_translators_partner_is_found_by_whats_my_partners_name():
    said = "married 3 weeks now and the urząd wants a new dowód bc i took tomeks name?? do i need a new ID"
    assert "name:partner" in life.asked("what's my partner's name")
    assert "partner" in life.kin_named.__wrapped__(said)
