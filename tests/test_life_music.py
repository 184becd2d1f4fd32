"""A touring musician's life as classes (session 41, life42: what tests/fixtures/dani said and was not read),
each in other words than the fixture's (other names, places, firms and bands), with the near misses that stay
quiet: a bandmate's or a partner's change said the same way, a first-person lyric pasted (lines cut by " / "),
a third-person bio, a plan and a question.

- A home by its kind as a texter says it ("our condo in denver", "living in a room in a shared flat in leeds
  now", "new apartment in portland!!"), and a move back to an earlier city is a change again; a part of a city
  said before the city ("east nashville", then "back in nashville") is no move.
- A band played in, gone solo, a new band ("i play drums in the copper kings", "officially solo now", "i'm the
  new bassist in glass harbor").
- A day job and full-time music ("i've been waiting tables at luigi's", "new day job: teaching piano at the
  keyhole", "full-time touring now").
- A label signed with and the deal undone ("i signed with cold creek records", "the cold creek deal fell
  through, still unsigned").
- A booking agent: none, one, another ("i don't have a booking agent", "got a booking agent!! marcus from
  eastbound booking", "signed with priya at redline talent").
- "X and i split", then a partner named ("my boyfriend ross is ...": a name ending in "s").
- A health plan one is on ("i'm on an obamacare plan", "finally on the sag-aftra health plan").
- A stage name ("i perform as lady vinyl", "i'm releasing as PRIYA K now").
- The doctor seen, then a new one ("saw my doctor today, dr. chen ...", "got a new doctor finally, dr. ...").

And what recall answers of them: "who was my first booking agent" the first one named, not the turn that had
none (retrieval/recall.py `_first`); "what part of leeds was i living in" asks the past.
"""

from __future__ import annotations

import pytest

from memory import life
from memory.home import Home
from memory.session import Session
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.conftest import changes_after, chat_turns, said_of


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("landlord is raising the rent on our condo in denver again, how do i push back", "home", "denver"),
        ("living in a room in a shared flat in leeds now, 3 flatmates and one bathroom", "home", "leeds"),
        ("we're in!! new apartment in portland, 1br, the cat loves the window", "home", "portland"),
        ("i play drums in the copper kings and our singer is a nightmare lol", "band", "copper kings"),
        ("officially solo now, scary but good", "band", "solo"),
        ("i'm the new bassist in glass harbor!! first rehearsal thursday", "band", "glass harbor"),
        ("i've been waiting tables at luigi's for a year, need a shift swap text", "day job", "luigi's"),
        ("new day job: teaching piano at the keyhole, 5 students so far", "day job", "keyhole"),
        ("gave notice at the keyhole. full-time touring now, wish me luck", "day job", "full-time touring"),
        ("i signed with cold creek records!! 3 record deal, tiny label", "label", "cold creek records"),
        ("the cold creek deal fell through, still unsigned. ugh", "label", "independent"),
        ("i don't have a booking agent yet, doing it all myself", "booking agent", "none"),
        ("got a booking agent!! marcus from eastbound booking", "booking agent", "marcus"),
        ("signed with priya at redline talent today, she's great", "booking agent", "priya"),
        ("tomás and i split last night. help me write a text to my mom", "partner", "none"),
        ("my boyfriend ross is coming to the show friday", "partner", "ross"),
        ("i'm on an obamacare plan, the deductible is insane", "insurance", "obamacare"),
        ("finally on the sag-aftra health plan!! what do i do with the old one", "insurance", "sag-aftra"),
        ("i perform as lady vinyl but my legal name is priya", "stage name", "lady vinyl"),
        ("i'm releasing as PRIYA K now, there's too many priyas", "stage name", "priya k"),
        ("saw my doctor today, dr. chen at the free clinic, about my wrist", "doctor", "dr chen"),
    ],
)
def test_a_musicians_own_life_is_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's band, job, deal, agent, breakup, plan or name, said the same way
        ("our old guitarist ty just joined a punk band called gutter saints", "band"),
        ("jess is the new singer in velvet static", "band"),
        ("ty is officially solo now", "band"),
        ("my roommate's been bartending at the blue heron for years", "day job"),
        ("jess got a new job at Waterloo Records!!! she's so happy", "day job"),
        ("ty's record deal fell through", "label"),
        ("jess has a booking agent now", "booking agent"),
        ("my bandmate signed with an agent at wildhorse touring", "booking agent"),
        ("ty and his girlfriend split tonight", "partner"),
        ("jess is on a marketplace plan, premiums went up", "insurance"),
        ("jess performs as lady vinyl", "stage name"),
        ("jess saw her doctor today, dr. chen", "doctor"),
        # a lyric pasted, its lines cut by " / ": a move, a job quit, a breakup sung
        ("new verse: i quit my job at the mill / moved down to memphis in the rain", "home"),
        ("me and jo split on a tuesday / i kept the dog and the rain", "partner"),
        # a third-person bio
        (
            "Priya Kumar is a Denver-based songwriter, lead guitarist of The Copper Kings. She now performs solo",
            "band",
        ),
        # a plan, a question, a thing that only sounds like one
        ("jess and i are moving to austin in august, 14 hr drive", "home"),
        ("i'm going solo next year i think", "band"),
        ("thinking about getting on the union health plan", "insurance"),
        ("should i get on the union health plan?", "insurance"),
        ("i'm thinking about releasing as DANI RAE", "stage name"),
        ("new apartment off south congress would be like 2k, worth it", "home"),
        ("living in a van in portland sounds fun", "home"),
        ("our apartment in paris for the week has no AC", "home"),
        ("i play guitar in drop d mostly", "band"),
        ("i sing in the church choir on sundays", "band"),
        ("i perform as a duo with jess", "stage name"),
        ("we split the bill at the diner", "partner"),
        ("the house deal fell through, ugh", "label"),
        ("i signed the lease today", "label"),
        ("i'm on the family plan with my mom", "insurance"),
        ("i'm on a payment plan for the er bill, insurance won't cover it", "insurance"),
        ("i play in goal for my sunday team", "band"),
        ("i sing in italian mostly", "band"),
        ("i'm serving at the wedding on saturday", "day job"),
        ("i'm teaching a class at the library on saturday", "day job"),
        ("i'm recording under pressure lol", "stage name"),
        # a label's town is no home
        ("i signed with cold creek records!! small indie label here in nashville", "home"),
    ],
)
def test_what_others_do_a_song_a_bio_or_a_plan_says_nothing(text, attribute):
    assert attribute not in said_of(text)


def test_a_move_and_a_move_back_are_two_changes_and_the_city_after_its_part_none(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "landlord is raising the rent on our condo in denver again, how do i push back",
            "living in a room in a shared house in east nashville now, 4 roommates, chore chart pls",
            "now that i'm back in nashville the scene here is unreal",
            "we're in!! new apartment in denver, 1br, the cat loves the window",
        ],
    )
    assert sorted((old[:12], new[:12]) for old, new in changed) == [
        ("landlord is ", "living in a "),
        ("living in a ", "we're in!! n"),
    ]


def test_a_band_then_solo_then_a_new_band(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "i play drums in the copper kings and our singer is a nightmare lol",
            "our old guitarist ty just joined a punk band called gutter saints",
            "officially solo now, scary but good",
            "i'm the new bassist in glass harbor!! first rehearsal thursday",
        ],
    )
    assert sorted((old[:10], new[:10]) for old, new in changed) == [
        ("i play dru", "officially"),
        ("officially", "i'm the ne"),
    ]


def test_a_day_job_another_then_full_time_music(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "i've been waiting tables at luigi's for a year, need a shift swap text",
            "new day job: teaching piano at the keyhole, 5 students so far",
            "gave notice at the keyhole. full-time touring now, wish me luck",
        ],
    )
    assert sorted((old[:10], new[:10]) for old, new in changed) == [
        ("i've been ", "new day jo"),
        ("new day jo", "gave notic"),
    ]


def test_a_label_signed_with_then_the_deal_fallen_through(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "i signed with cold creek records!! 3 record deal, tiny label",
            "ty's record deal fell through",
            "the cold creek deal fell through, still unsigned. ugh",
        ],
    )
    assert [(old[:10], new[:10]) for old, new in changed] == [("i signed w", "the cold c")]


def test_no_booking_agent_then_one_then_another(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "i don't have a booking agent yet, doing it all myself",
            "got a booking agent!! marcus from eastbound booking",
            "jess has a booking agent now",
            "signed with priya at redline talent today, she's great",
        ],
    )
    assert sorted((old[:10], new[:10]) for old, new in changed) == [
        ("got a book", "signed wit"),
        ("i don't ha", "got a book"),
    ]


def test_a_split_then_a_new_partner(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "my boyfriend tomás is coming to the show friday, what do i wear",
            "ty and his girlfriend split tonight",
            "tomás and i split last night. help me write a text to my mom",
            "my boyfriend ross is coming to the show friday",
        ],
    )
    assert sorted((old[:10], new[:10]) for old, new in changed) == [
        ("my boyfrie", "tomás and "),
        ("tomás and ", "my boyfrie"),
    ]


def test_a_health_plan_a_stage_name_and_a_doctor_changed(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "i'm on an obamacare plan, the deductible is insane, what counts as income",
            "i perform as lady vinyl but my legal name is priya, which goes on the form",
            "saw my doctor today, dr. chen at the free clinic, about my wrist",
            "finally on the sag-aftra health plan!! what do i do with the old one",
            "i'm releasing as PRIYA K now, there's too many priyas. what do i update",
            "got a new doctor finally, dr. maya ortiz at one medical. what do i ask",
        ],
    )
    assert sorted((old[:10], new[:10]) for old, new in changed) == [
        ("i perform ", "i'm releas"),
        ("i'm on an ", "finally on"),
        ("saw my doc", "got a new "),
    ]


# -- what recall answers: the first of a kind, a question of the past ------------------------------------------

AGENTS = [
    ("2023-03-05T10:00:00Z", "i don't have a booking agent yet, doing it all myself. pitch email pls"),
    ("2023-09-05T10:00:00Z", "got a booking agent!! marcus from eastbound booking. is 10% of guarantees normal"),
    ("2024-06-05T10:00:00Z", "signed with priya at redline talent today. how do i tell the venues"),
]


def test_the_first_booking_agent_is_the_first_named_not_having_none(quire_home, tmp_path):
    with Session(Home(quire_home), actor="import") as s:
        s.import_path(chat_turns(tmp_path / "chats.jsonl", AGENTS))
        first, now = (
            search(s, q, scope=ALL_SPACES, k=3, touch=False).hits[0].content
            for q in ("who was my first booking agent", "who's my booking agent now")
        )
    assert "marcus" in first
    assert "priya" in now  # control: the present is the newest


@pytest.mark.parametrize(
    ("question", "past"),
    [
        ("what part of leeds was i living in", True),
        ("where did i live in portugal", False),  # (a place: recall's anchor, `_placed`)
        ("who was my first booking agent", True),
        ("where do i live now", False),  # controls: the present
        ("who's my booking agent now", False),
        ("what band am i in rn", False),
    ],
)
def test_a_home_lived_in_and_the_first_of_a_kind_are_asked_of_the_past(question, past):
    assert life.asks_past(question) is past
