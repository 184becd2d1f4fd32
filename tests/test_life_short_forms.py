"""One value said once in short and once in full is one value, not a change; and the Now line of
About me for a thing that ended says there is none now.

A person types "council" one day and "Leeds City Council" the next, "dr lee" and "Dr. Sarah Lee",
"the fabia" and "our 2016 skoda fabia", "St Mary's" and "st marys", "Montreal" and "Montréal": each
pair is one employer, one doctor, one car, one school, one city. Read as two values, each opened a
false change in review. A word that says something (a level, "new" York, "vegan") still is a change."""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import about_now, chat_turns, life_changes


def _said(text: str) -> dict[str, life.Said]:
    return {said.attribute: said for said in life.read.__wrapped__(text)}


def _one(first: str, then: str) -> tuple[life.Said, life.Said]:
    a, b = _said(first), _said(then)
    (attribute,) = set(a) & set(b)
    return a[attribute], b[attribute]


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I work at the council now.", "I work at Leeds City Council."),
        ("i work at the council", "i work at leeds city council"),
        ("i work for the nhs", "I work for NHS England now."),
        ("I work at Google.", "I work at Google UK."),
        ("I work at the hospital.", "I work at St James Hospital."),
        ("I work at Marks and Spencer.", "I work at Marks & Spencer."),
        ("My doctor is Dr Lee.", "My doctor is Dr. Sarah Lee."),
        ("my doctor is dr lee", "my gp is dr sarah lee"),
        ("my doctor is Doctor Lee", "My GP is Dr Lee."),
        ("My dentist is Dr. S. Lee.", "My dentist is Dr Sarah Lee."),
        ("we got a dog called biscuit", "biscuit, our dog, ate my sock"),
        ("my partner is Sam", "my partner is Sam Jones"),
        ("I drive a Civic.", "I drive a Honda Civic."),
        ("my car is a fabia", "our own car finally!! a 2016 skoda fabia"),
        ("My son goes to Saint Mary's now.", "my son goes to st marys"),
        ("I moved to Montreal.", "I moved to Montréal."),
        ("My new manager is Marc-André.", "My new manager is Marc André Tremblay."),
        ("My manager is Tremblay.", "My new manager is Marc-André Tremblay."),
        ("I bank with Starling.", "I bank with Starling Bank."),
        ("My dentist is Mrs Kowalczyk.", "pani kowalczyk, my dentystka here, wants a crown"),
        ("I work at Acme Ltd.", "I work at Acme Inc. now"),
        ("I'm on a contract at uni tübingen", "I work at the University of Tübingen."),
    ],
)
def test_a_value_said_short_and_in_full_is_one_value(first, then):
    a, b = _one(first, then)
    assert life.same(a, b) and life.same(b, a), (a, b)


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I'm an engineer.", "I'm a senior engineer."),  # a promotion
        ("I moved to York.", "I moved to New York."),  # another city
        ("I work at Leeds City Council.", "I work at York Council."),
        ("My doctor is Dr Lee.", "My doctor is Dr Chen."),
        ("My doctor is Dr Sarah Lee.", "My doctor is Dr Tom Lee."),
        ("I'm vegetarian.", "I'm vegan."),
        ("we got a dog called biscuit", "our dog biscuit died last week"),  # a death is a change
        ("I drive a Honda Civic.", "I drive a Honda Jazz."),
    ],
)
def test_a_word_that_says_something_is_still_a_change(first, then):
    a, b = _one(first, then)
    assert not life.same(a, b) and not life.same(b, a), (a, b)


@pytest.mark.parametrize(
    ("text", "value", "shown"),
    [
        ("My dentist is Dr. S. Lee now.", "dr s lee", "Dr. S. Lee"),  # an initial after a title: one name
        ("I work at Marks & Spencer.", "marks spencer", "Marks & Spencer"),  # "&" inside a name
    ],
)
def test_a_name_with_an_initial_or_an_ampersand_is_read_whole(text, value, shown):
    (said,) = life.read.__wrapped__(text)
    assert (said.value, said.shown) == (value, shown)


def test_an_employer_said_short_then_in_full_opens_no_change_and_now_says_it_in_full(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I work at the council, the planning team is lovely."),
            ("2024-03-05", "I work at Leeds City Council and the pension scheme is confusing, help?"),
            ("2024-05-05", "my doctor is dr lee, she is great"),
            ("2024-07-05", "My GP is Dr. Sarah Lee, she wants bloods done. What should I ask?"),
        ],
    )
    cli_json("import", str(path))
    assert life_changes(db) == []
    now = about_now(cli_json)
    assert "**Employer**: Leeds City Council, since 2024-01-05" in now and "; was" not in now, now
    assert "**Doctor**: Dr. Sarah Lee, since 2024-05-05" in now, now


def test_a_change_after_a_short_form_is_still_a_change(tmp_path, cli_json, db):
    """The hospital, then St James Hospital, is one employer; Leeds General Hospital after them is
    another: the run's value is the one said in full, not the word both share."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I work at the hospital, nights mostly."),
            ("2024-03-05", "I work at St James Hospital, on the cardiac ward."),
            ("2024-09-05", "I work at Leeds General Hospital now, days!"),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "Leeds General" in changed[0][1], changed
    now = about_now(cli_json)
    assert "**Employer**: Leeds General Hospital" in now and "; was St James Hospital" in now, now


def test_about_me_now_for_a_pet_that_died_says_none_now(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-02", "I live in Leeds, near the park."),
            ("2024-01-05", "I work at Kestrel Labs. We got a dog called biscuit, any tips for crate training"),
            ("2024-09-05", "I work at Kestrel Labs still. Our dog biscuit died last week and the house is so quiet"),
        ],
    )
    cli_json("import", str(path))
    for item in cli_json("curate", "list")["items"]:
        cli_json("curate", "accept", str(item["id"]))
    now = about_now(cli_json)
    assert "**Dog**: none now (biscuit died), since 2024-09-05" in now and "was biscuit" not in now, now


def test_about_me_now_for_a_habit_given_up_says_none_now_and_what_it_was(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "My yoga class is on Tuesdays, any stretches for tight hips?"),
            ("2024-09-05", "I quit yoga, my back was not having it."),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "**Yoga (schedule)**: none now (stopped), since 2024-09-05" in now and "; was Tuesdays" in now, now


# -- the name of someone in the person's life: "what's my sister called" ------------------------------


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("what's my sister's name", "name:sister"),
        ("what is my sister called", "name:sister"),
        ("what's my girlfriend's name", "name:partner"),
        ("what's my husband's name", "name:partner"),
        ("what's my mom's name", "name:mother"),
        ("what's my son called", "name:son"),
        ("who is my partner", "name:partner"),
    ],
)
def test_a_question_of_a_relations_name_asks_for_it(question, asked):
    assert asked in life.asked(question)


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("my sister ola just moved to lyon for her postdoc", "sister"),
        ("ola (my sister) is thinking of leaving lyon", "sister"),
        ("Tasha, my sister, lives in Tucson", "sister"),
        ("my girlfriend Ines is a nurse", "partner"),
        ("I met my partner Sam at uni", "partner"),
        ("back home in opole where i grew up my mama danuta wants us there by 3pm", "mother"),
        ("my daughter karen set this up for me", "daughter"),
        ("My sister's name is Camille; she lives in Lyon", "sister"),
        ("my husband is called Dev", "partner"),
    ],
)
def test_a_relation_named_by_a_name_is_read(text, relation):
    assert relation in life.kin_named(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister lives in Porto",
        "my mum got a new phone",
        "my son and i went fishing",
        "my partner works nights",
        "my partner says hi",
        "is my sister Ola coming to the party?",
        "i told my sister",
        "my sisters dog is cute",
    ],
)
def test_a_relation_without_a_name_names_none(text):
    assert life.kin_named(text) == frozenset()


def test_what_is_my_sister_called_is_answered_first_by_the_turn_that_names_her(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "my sister ola just moved to lyon for her postdoc, gift ideas?"),
            ("2024-02-05", "what should my sister call her sourdough starter? she wants a funny name"),
            ("2024-03-05", "my sister's name day is next week, what do people give for a name day?"),
            ("2024-04-05", "is it weird to name a cat after my sister? asking for a name"),
        ],
    )
    cli_json("import", str(path))
    for question in ("what's my sister's name", "what is my sister called"):
        hits = cli_json("recall", question, "-k", "3")["results"]
        assert "ola just moved" in hits[0]["content"], (question, [h["content"][:40] for h in hits])


# -- a class named with its level and where it is held ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "my german B1 course at the VHS is monday evenings and the homework is killing me",
            "schedule:german",
            "monday",
        ),
        ("My yoga class at the leisure centre is on Tuesdays.", "schedule:yoga", "tuesday"),
        ("my beginners salsa class is on fridays", "schedule:salsa", "friday"),
    ],
)
def test_a_class_with_its_level_or_its_place_is_read_as_its_subject(text, attribute, value):
    assert {s.attribute: s.value for s in life.read.__wrapped__(text)}.get(attribute) == value


def test_a_level_names_no_class_of_its_own():
    assert "schedule:german" in life.asked("what evening is my german class")
    said = {s.attribute: s.value for s in life.read.__wrapped__("my german B1 course is on mondays")}
    # (a german class; as a class of a language by its level, schedule:language too: tests/test_life_passing.py)
    assert said == {"schedule:german": "monday", "schedule:language": "monday"}


# -- the kind of home a person lives in ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the walls in this sunland village double wide are thin as paper, any cheap way to soundproof", "double wide"),
        ("we live in a double-wide outside Mesa", "double wide"),
        ("we live in a mobile home now", "mobile home"),
        ("our narrow boat is moored at Braunston", "narrowboat"),
        ("my double wide needs a new roof", "double wide"),
    ],
)
def test_the_kind_of_home_a_person_lives_in_is_read(text, value):
    assert {s.attribute: s.value for s in life.read.__wrapped__(text)}.get("dwelling") == value
    assert life.asked("what kind of home do I live in") == {"dwelling"}


@pytest.mark.parametrize(
    "text",
    [
        "my parents double wide is falling apart",
        "if we bought a double wide would it hold value",
        "I saw this double wide for sale online, is it a good deal?",
        "our mobile home park has a pool",
        "we watched a show about tiny houses",
        "my sisters houseboat leaks",
    ],
)
def test_a_home_that_is_not_the_persons_reads_no_kind_of_home(text):
    assert "dwelling" not in {s.attribute for s in life.read.__wrapped__(text)}


# -- the street a person's home is on -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "what herbs grow ok on a north facing balcony? the new mieszkanie on kosciuszki has one finally",
            "kosciuszki",
        ),
        ("our flat on Rua das Flores is tiny", "rua das flores"),
        ("we live on Elm Street now", "elm street"),
        ("i live on maple ave", "maple ave"),
        ("I live on Abbey Road", "abbey road"),
    ],
)
def test_the_street_a_home_is_on_is_read(text, value):
    assert {s.attribute: s.value for s in life.read.__wrapped__(text)}.get("street") == value
    assert "street" in life.asked("what street is my flat on")


@pytest.mark.parametrize(
    "text",
    [
        "the flat on the 4th floor is noisy",
        "my house on fire lol",
        "our flat on airbnb got booked",
        "my sister's flat on Baker Street",
        "I put my flat on the market",
        "if i sell the house on shroyer road what do i need to do first",
        "i live on coffee these days",
        "I live on Long Island",
        "we live on the same street as my mum",
        "I live on a quiet street",
    ],
)
def test_a_street_look_alike_reads_no_street(text):
    assert "street" not in {s.attribute for s in life.read.__wrapped__(text)}


def test_a_street_said_short_and_in_full_is_one_street():
    (a,) = life.read.__wrapped__("the new mieszkanie on kosciuszki has a balcony")
    # (the kind of home is read beside it: memory/life.py `_STUDENT`)
    (b,) = [s for s in life.read.__wrapped__("our flat on Kościuszki Street is cold") if s.attribute == "street"]
    assert life.same(a, b)


def test_a_change_after_a_short_form_of_the_old_value_is_found_on_import(tmp_path, cli_json, db):
    """ "the council" said between "York Council" and "Leeds City Council" is York Council said short:
    the move to Leeds is still a change (compared with "council", it had been taken for a restatement)."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-02", "I work at York Council, in planning."),
            ("2024-03-05", "I work at the council still, the pension is confusing."),
            ("2024-09-05", "I work at Leeds City Council now, new team!"),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "York Council" in changed[0][0] and "Leeds City" in changed[0][1], changed
