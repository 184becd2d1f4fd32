"""What the blind ava fixture (session 43) showed, read as classes a different person writing the same way hits,
with sentences not from the fixture (other names, places, banks, carriers), each beside a near miss that stays
quiet (someone else's change said the same way, a game character's, a pasted test account's, a plan):

- A writer who types everything in lower case names her bank, manager, home, employer, clinic and gym in lower
  case ("my credit union is rivermark", "my new manager is marcus okafor, he ...", "i moved into my own studio in
  sellwood", "i start at ledgerline on march 4"): read where the frame says what the name is.
- A life said without "I" ("sold the honda fit to a college kid",
  "first week done. officially a ux writer now"), and a role's middle step said so ("qa contractor", "qa tester",
  "ux writer", "senior ux writer": the contract's word is the same job, the new title a change).
- A name changed: the name signed ("hi it's alex again") and the one gone by now ("i go by ava now"): "goes by";
  the legal one ("legal name is still alex on paper", "my name change went through, i'm officially ava lindqvist"):
  the name, as "my legal name is still samantha reyes" is read.
- A lowercase sentence after an aside closed ("... devastated). my new manager is ...") is a sentence of its own.
"""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import changes_after, chat_replied, open_pairs, said_of

# -- names in lower case, where the frame says what they are -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "quick one: my credit union is golden valley and they're offering a savings thing. useful?",
            "bank",
            "golden valley",
        ),
        ("my bank is still firstmark, is their app any good", "bank", "firstmark"),
        ("my new manager is priyanka das, she came over from the payments team", "manager", "priyanka das"),
        ("my boss is tomas weber and he wants a status doc by friday", "manager", "tomas weber"),
        ("ok so i rent a room in a shared house in ballard with three other people", "home", "ballard"),
        ("i moved into my own apartment in echo park this weekend, what do i update", "home", "echo park"),
        ("jen and i signed the lease on a two-bedroom in noe valley and moved in sunday", "home", "noe valley"),
        ("they said yes to $70k. i start at brightwave on april 2", "employer", "brightwave"),
        ("i switched to cedar hill clinic for my hrt, the np is great", "doctor", "cedar hill clinic"),
        ("i boulder at the spot like twice a week and my fingers hurt", "gym", "spot"),
        ("i'm still climbing at mesa rim 3x a week", "gym", "mesa rim"),
        ("my birthday's coming up (i'm tragically single, so it's a solo cake)", "relationship", "single"),
    ],
)
def test_a_name_in_lower_case_is_read_where_the_frame_says_what_it_is(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("my bank is terrible and charges me for everything", "bank"),
        ("my credit union is closing the branch near me", "bank"),
        ("my manager is super chill about remote days", "manager"),
        ("my friend's manager is dana cole, she sounds awful", "manager"),
        ("my sister rents a room in a shared house in ballard", "home"),
        ("i rent a room in a shared house in fear of my landlord", "home"),
        ("i start at 9 on monday, is that early", "employer"),
        ("i start at the gym on monday", "employer"),
        ("my brother switched to cedar hill clinic for his care", "doctor"),
        ("i climb at night mostly", "gym"),
        ("karin is extremely single and loves it", "relationship"),
    ],
)
def test_the_same_frames_of_someone_else_or_of_nothing_stay_quiet(text, attribute):
    assert attribute not in said_of(text)


# -- a life said without "I" ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("sold the toyota corolla to a neighbour for $3k cash. carless now", "car", "sold toyota corolla"),
        ("first week done. officially a data analyst now (badge and everything)", "role", "data analyst"),
        ("i'm tired of being a night nurse on a contract that never ends", "role", "night nurse"),
        ("joined crunch fitness on 5th (the 24h one). the squat racks are always taken", "gym", "crunch fitness"),
        (
            "bio: grew up in tulsa, went to oklahoma state for nursing, moved to denver in 2020",
            "university",
            "oklahoma state",
        ),
        (
            "the clinic switched me from gel to injections — 50mg testosterone cypionate a week",
            "medication",
            "testosterone cypionate",
        ),
    ],
)
def test_a_life_said_without_i_is_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("sold the idea to my manager, we're doing it", "car"),
        ("jules sold the honda civic to her cousin", "car"),
        ("officially a problem now (the leak)", "role"),
        ("might switch to visible if they fix coverage", "phone provider"),
        ("my sister was born in tulsa, went to oklahoma state for nursing", "university"),
        ("went to boston college for a visit with my cousin", "university"),
        ("my manager switched me to nights starting monday", "medication"),
        ("my mom's doctor switched her to metformin, 500mg", "medication"),
    ],
)
def test_the_same_words_of_no_change_of_hers_stay_quiet(text, attribute):
    assert attribute not in said_of(text)


def test_a_roles_middle_step_is_its_own_change(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "hi, i'm a data contractor at northwind and the dashboards never end",
            "i'm tired of being a data analyst on a contract that renews every quarter",
            "first week done. officially a data engineer now (my title in the system and everything)",
            "boss just told me i got promoted to senior data engineer!! write me a short post",
        ],
    )
    assert sorted((old[:12], new[:12]) for old, new in changed) == [
        ("first week d", "boss just to"),
        ("i'm tired of", "first week d"),
    ]


# -- a name changed ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("hey it's sam again. my lead wants the test plan by friday", "goes by", "sam"),
        ("so i go by jamie now (they/them) and i want to tell my team", "goes by", "jamie"),
        ("legal name is still robert on paper for now, so payroll is weird", "name", "robert"),
        ("my name change went through, i'm officially rosa marquez. what do i update first?", "name", "rosa marquez"),
    ],
)
def test_a_name_signed_gone_by_or_made_legal_is_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("my friend jules came out too, she changed her name to june and moved to olympia", "goes by"),
        ("my friend jules came out too, she changed her name to june and moved to olympia", "name"),
        ("my rogue changed her name to nyx after the guild war", "name"),
        ("user moved to Berlin, changed name to Test User, after profile update the screen says hi", "name"),
        ("i go by bus now that the car is gone", "goes by"),
        ("hi it's me again, quick question about css", "goes by"),
        ("my legal name is samantha on everything still but i go by sam now", "name"),
        ("i'm officially done with this sprint", "name"),
        ("i'm officially ava lindqvist's biggest fan", "name"),
        ("jules said her legal name is still julian on paper", "name"),
    ],
)
def test_someone_elses_name_a_characters_a_test_users_or_a_bus_is_no_name_of_hers(text, attribute):
    assert attribute not in said_of(text)


def test_a_name_gone_by_and_a_legal_name_change_are_two_changes(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "hey it's sam again. can you make my bug report less rude",
            "so i go by jamie now (they/them), draft me a slack message for my team",
            "legal name is still samuel on paper for now. how do i change my display names",
            "my name change finally went through, i'm officially jamie ortiz. what do i update first?",
        ],
    )
    assert sorted((old[:12], new[:12]) for old, new in changed) == [
        ("hey it's sam", "so i go by j"),
        ("legal name i", "my name chan"),
    ]


# -- a lowercase sentence after an aside closed ---------------------------------------------------------------


def test_a_name_gone_by_a_gym_by_its_kind_and_a_hormone_by_its_name_are_asked():
    assert "goes by" in life.asked("what name do you go by these days? no, what name do i go by?")
    assert life.asked("what's my legal name now?") == frozenset(["name"])
    assert "gym" in life.asked("which bouldering gym do i go to?")
    assert "medication" in life.asked("what testosterone am i on these days?")


def test_a_lowercase_sentence_after_an_aside_closed_is_its_own():
    text = (
        "tom left the company (he's off to a startup, good for him). my new manager is lena park, she ran design ops."
    )
    assert said_of(text).get("manager") == "lena park"
    assert life.sentences(text)[1].startswith("my new manager")


# -- a city heard late between two of its parts --------------------------------------------------------------


def test_a_city_heard_late_between_two_of_its_parts_keeps_the_move_between_them(tmp_path, cli_json):
    """(memory/correction.py `_said_between`) "chicago" from the second export, said between "logan square" and
    "pilsen" of the first, is alike both sides: it says neither move first, and the move stays."""
    first = chat_replied(
        tmp_path / "first.jsonl",
        [
            ("2022-01-10T10:00:00Z", "ok so i rent a room in a shared house in logan square with three other people"),
            ("2023-06-10T10:00:00Z", "signed the lease!! i moved into my own studio in pilsen this weekend"),
        ],
    )
    second = chat_replied(
        tmp_path / "second.jsonl",
        [("2022-09-01T10:00:00Z", "bio for a zine: born in peoria, moved to chicago for a job, stayed for the lake")],
    )
    cli_json("import", str(first))
    cli_json("import", str(second))
    assert [(old[:12], new[:12]) for old, new in open_pairs(cli_json)] == [("ok so i rent", "signed the l")]
