"""A word read where a relative's name goes that is no one's name (session 39). Every fixture's
About me listed some: "Daughter: Condo", "Father: Kumasi", "Kids: Texas", "Mother: Home", "Son:
Anymore", "Uncle: Diabetic" (grace), "Husband: Stayed" (olena), "Bride: Already", "Husband: Nicely",
"Aunt: Couldn't", "Brother: Roof" (with kunle lost), "Parents: Marcus". Four classes, tested here
in other words, each with the names the same forms must still give:
- a word before ", my <relation>" that is a place ("born in Lagos, my mother..."), a thing ("a
  caravan, my husband..."), one item of a list ("jo, my dad, priya, ..."), or lower case from one who
  writes names with capitals ("next month, my sister has the keys"); a plural relation ("Sara is in
  Leeds, my parents are...") names no one person;
- a lower-case word after "my <relation>" that goes on the sentence: an adverb ("my wife barely
  sleeps"), a negation ("my son wouldn't eat"), a verb before its preposition ("my cousin emigrated
  to Canada");
- a word refused before its relation leaves the relation to name who follows ("the garden shed, my
  brother tomasz built it": Tomasz)."""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import about_now, chat_turns
from wiki import render


@pytest.mark.parametrize(
    "text",
    [
        "I grew up in Lagos, my mother was a seamstress and my father drove a bus.",
        "Sara lives near Bristol, my parents are in Hull now.",
        "I go back next month, my sister has the keys to the flat.",
        "We bought a caravan, my husband loves it more than the house.",
        "presents for jo, my dad, priya, my nan and the neighbours, budget 200",
        "my blood pressure is high, my grandad was hypertensive, what should I ask the GP?",
        "my wife barely sleeps since the baby came, any tips",
        "my son wouldn't eat his dinner again, ideas for picky eaters",
        "my cousin emigrated to Canada last year and wants a reference letter",
        "my aunt never calls but my uncle honestly thinks she is fine",
        "Thank Olu, my parents, the whole team at the shop for the support this year.",
    ],
)
def test_a_word_that_is_no_ones_name_names_no_relative(text):
    assert life.kin_names(text) == (), life.kin_names(text)


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("Anna, my wife, is a nurse at the Royal.", "wife", "Anna"),
        ("I met Kwabena, my partner, at church in 2019.", "partner", "Kwabena"),
        ("tobi (my cousin) is visiting from Abuja next week", "cousin", "tobi"),
        ("we need to fix the garden shed, my brother tomasz built it badly", "brother", "tomasz"),
        ("what should I get my boyfriend zaid for our anniversary", "boyfriend", "zaid"),
        ("my sister ola just moved to lyon for her postdoc", "sister", "ola"),
        ("my son greg got promoted to plant manager", "son", "greg"),
        ("my brother ahmed needs help with his fees", "brother", "ahmed"),
    ],
)
def test_the_same_forms_still_name_a_relative(text, relation, name):
    assert (relation, name) in life.kin_names(text), life.kin_names(text)


def test_about_me_lists_the_people_named_and_no_word_as_a_relative(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-02T10:00:00Z", "I was born in Accra, my father was a teacher and my mother a trader."),
            (
                "2024-02-02T10:00:00Z",
                "I have a flat, my son at uni, my mother. Kojo is not at home anymore, my son moved out.",
            ),
            (
                "2024-03-02T10:00:00Z",
                "My husband stayed in Kumasi for the funeral. Efua, my sister, flies in Friday.",
            ),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "- **Sister**: Efua[^" in now and "- **Origin**: Accra[^" in now, now
    for relation in ("Father", "Mother", "Son", "Husband"):
        assert f"- **{relation}**:" not in now, now


def test_about_me_writes_names_and_places_typed_in_lower_case_as_names(tmp_path, cli_json):
    """(session 39) A fast typist's home, partner, therapist and date typed in lower case were shown so
    ("Home: kingsland", "Girlfriend: núria; was matías", "Therapist: dr. reyes", "dating omar"), while
    the same person's employer and bank were capitalised: every name on the Now lines is written as one."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "3 of us in my flatshare in shoreditch and the kitchen is a mess, a rota?"),
            ("2023-06-02T10:00:00Z", "my therapist is dr. okonkwo, she wants me to journal every day. ideas?"),
            ("2024-01-02T10:00:00Z", "we broke up last month. im dating yusuf now, help me plan a first trip"),
            ("2024-03-02T10:00:00Z", "since we got out to the lake in burnet i been tryin for bass, tips?"),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "Burnet" in now and "was Shoreditch" in now, now
    assert "Dr. Okonkwo" in now and "dating Yusuf" in now, now
    for typed in ("burnet", "shoreditch", "dr. okonkwo", "yusuf"):
        assert typed not in now, now


@pytest.mark.parametrize(
    "text",
    [
        "I have my first appointment with my new doctor Dr. Alvarado at the clinic on Thursday",
        "got my second interview with my old manager next week, nervous",
        "I have my last session with my physio on Friday, then I'm on my own",
    ],
)
def test_a_preference_of_function_words_alone_is_no_preference(text):
    """(session 39: marisol) "my first appointment with my new doctor" read "First appointment (prefer):
    with my" onto About me."""
    assert not [s for s in life.read(text) if s.attribute.startswith("prefer:")], life.read(text)


def test_a_birthday_and_an_allergy_hold_for_good_and_a_month_is_written_as_one(tmp_path, cli_json):
    """(session 39) "Birthday: march, since 2022-03-20" and "Allergy: tree nuts, since 2022-02-20" read as
    if the person was born, or became allergic, the day they first said so; and an allergy said beside a
    question reached no About me at all (no heading held it)."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2022-03-20T10:00:00Z", "I live in Leeds now and my birthday is in march, plan me a housewarming"),
            ("2022-04-02T10:00:00Z", "I'm allergic to sesame, what snacks can I take on a hike?"),
            ("2022-06-02T10:00:00Z", "I work at Leeds General as a nurse, how do I ask for nights?"),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "- **Birthday**: March[^" in now and "- **Allergy**: sesame[^" in now, now
    for line in now.splitlines():
        assert "since" not in line or line.startswith(("- **Home**", "- **Employer**", "- **Role**")), now


@pytest.mark.parametrize(
    ("attribute", "typed", "shown"),
    [
        ("church", "queen of peace", "Queen of Peace"),
        ("dog", "biscuit", "Biscuit"),
        ("car insurance", "geico", "Geico"),
        ("partner", "tomek", "Tomek"),
        ("car", "none", "none"),  # no car: no name to write
        ("partner", "Kavya", "Kavya"),
    ],
)
def test_a_now_line_writes_a_name_typed_in_lower_case_as_a_name(attribute, typed, shown):
    assert render._now_shown(attribute, typed)[1] == shown
