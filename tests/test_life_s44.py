"""What the life reading still missed for the people we have, as classes (session 44: life46), each tested in other
words than the fixture's that showed it (other medicines, pets, groups, names), with controls that must not fire:

- a medicine in another form (its ester or how it is taken) is a change: "testosterone" then "testosterone
  cypionate" (ava: estradiol pills, then estradiol valerate injections), not the medicine said again;
- a pet of a kind added beside the one named before ("our dog Biscuit (a beagle, 9)", then "we adopted a second
  dog, a collie called Moss") is both named, an item that says the addition (ava: miso, then tofu);
- a role held in a group the person plays in and given up ("I GM for my cousins", "I stepped down as GM") is a
  change of the volunteer role (ava: "i DM for a group", "i finally quit DMing");
- one who asked the person to be theirs names the partner, and "whos my gf" is answered by the newest partner
  named (noor: "omar asked me to be his girlfriend" after "my boyfriend zaid").
"""

from __future__ import annotations

import json

import pytest

from memory import life, review
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.lifesaid import first as _first
from tests.lifesaid import imported as _imported


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read(text)}


def _changes(session) -> set[tuple[str, str]]:
    return {(str(i.payload.get("was")), str(i.payload.get("now"))) for i in review.open_items(session.db)}


# -- a medicine in another form ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "was, now",
    [
        ("testosterone", "testosterone cypionate"),
        ("estradiol valerate", "estradiol cypionate"),
        ("testosterone gel", "testosterone"),
        ("estradiol", "estradiol patches"),
    ],
)
def test_a_medicine_in_another_form_is_another_value(was, now):
    a, b = (life.Said("medication", v, v, life.FACT) for v in (was, now))
    assert not life.same(a, b)


@pytest.mark.parametrize(
    "was, now",
    [("estradiol", "Estradiol"), ("levothyroxine", "levothyroxine sodium"), ("sertraline", "sertraline")],
)
def test_control_a_medicine_said_again_with_no_other_form_is_the_same(was, now):
    a, b = (life.Said("medication", v, v, life.FACT) for v in (was, now))
    assert life.same(a, b)


def test_a_switch_to_another_form_opens_an_item(session, tmp_path):
    _imported(
        session,
        tmp_path,
        [
            "my endo started me on testosterone gel last spring, how do i stop it smearing on my shirts",
            "the clinic switched me from gel to injections — 100mg testosterone cypionate every two weeks. tips?",
        ],
    )
    assert ("testosterone", "testosterone cypionate") in _changes(session)


# -- a pet added beside the one named before ----------------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, name",
    [
        ("our dog Biscuit (a beagle, 9) hates the vet, how do i get him in the car", "dog", "biscuit"),
        ("my rabbit clover (lop, 2, a menace) chewed the charger again", "rabbit", "clover"),
    ],
)
def test_a_pet_named_before_a_parenthesis_is_read(text, kind, name):
    assert _read(text).get(kind) == name


@pytest.mark.parametrize(
    "text", ["my dog (biscuit) is sick", "my sister's dog Biscuit (a beagle) is staying with us", "my dog (not ours)"]
)
def test_control_no_name_before_the_parenthesis_or_someone_elses_pet_is_not(text):
    assert "dog" not in _read(text)


def test_a_second_pet_named_is_added_to_the_one_before(session, tmp_path):
    _imported(
        session,
        tmp_path,
        [
            "our dog Biscuit (a beagle, 9) hates the vet, how do i get him in the car",
            "we just adopted a second dog, a collie called Moss. how do we introduce them?",
        ],
    )
    assert ("Biscuit", "Biscuit and Moss") in _changes(session)


@pytest.mark.parametrize(
    "later",
    [
        "we adopted a second dog last week! any tips?",  # (no name: nothing to add)
        "my sister adopted a second dog called Moss, she's thrilled",  # (hers)
        "we are thinking of adopting a second dog, maybe a collie called Moss",  # (a plan)
    ],
)
def test_control_a_second_pet_unnamed_someone_elses_or_planned_adds_nothing(session, tmp_path, later):
    _imported(session, tmp_path, ["our dog Biscuit (a beagle, 9) hates the vet, how do i get him in the car", later])
    assert not any(was == "Biscuit" for was, _ in _changes(session))


# -- a role in a group held and given up -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("I GM for my cousins every other sunday, we are on session 40", "gm"),
        ("I'm the captain of our five-a-side team, we play on mondays", "captain"),
        ("I stepped down as GM last month, Priya runs it now", "handed on"),
        ("i stopped coaching the under-10s after the season ended", "handed on"),
        ("I'm no longer the DM.", "handed on"),
    ],
)
def test_a_groups_role_held_or_given_up_is_read(text, value):
    assert _read(text).get("volunteer role") == value


@pytest.mark.parametrize(
    "text",
    [
        "Sam quit GMing the group after the finale",
        "I might quit coaching the team next year",
        "I'm the host for tonight, what snacks?",
        "i'm a player (not DM) in a second campaign on sundays",
        "my brother stepped down as captain",
    ],
)
def test_control_someone_elses_a_plan_a_party_or_a_player_is_no_role(text):
    assert "volunteer role" not in _read(text)


def test_a_groups_role_given_up_opens_an_item_and_is_asked(session, tmp_path):
    _imported(
        session,
        tmp_path,
        [
            "I GM for my cousins every other sunday, we are on session 40. give me a villain",
            "I stepped down as GM last month, Priya runs it now, so I finally get to play a bard",
        ],
    )
    assert ("GM", "handed on GM") in _changes(session)
    assert "volunteer role" in life.asked("am i still the GM for my cousins?")
    assert "volunteer role" not in life.asked("am i still on the team?")  # (control: no role of a group's)


# -- one who asked the person to be theirs ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["Kemal asked me to be his boyfriend last night!!", "so jo asked me to be her girlfriend lol"]
)
def test_one_who_asked_the_person_to_be_theirs_names_the_partner(text):
    assert "partner" in life.kin_named(text)


@pytest.mark.parametrize(
    "text",
    [
        "he asked me to be his girlfriend",
        "my sister asked me to be her bridesmaid",
        "maddie said jake asked her to be his girlfriend",
    ],
)
def test_control_no_name_another_ask_or_someone_elses_names_no_partner(text):
    assert "partner" not in life.kin_named(text)


def test_the_partners_name_is_the_newest_named(session, tmp_path):
    newest = "jo asked me to be her girlfriend last night!! help me plan a first proper date"
    _imported(
        session,
        tmp_path,
        [
            "my girlfriend lena wants to go to lisbon, what should we see",
            "ok sent. im single i guess. gonna eat ice cream",
            newest,
        ],
    )
    assert _first(session, "whos my gf") == newest
    assert _first(session, "what's my girlfriend's name") == newest


# -- what is said only in its own words: a cosine alone does not answer it ---------------------------------------


def _every_cosine_close(monkeypatch) -> None:
    # the fake embedder's cosines are hashed: every one clears the cuts, so only the words decide (tunde's landlord
    # met his letting agent's turn at 0.431 with the real model, over STATED_UNNAMED's 0.40)
    monkeypatch.setitem(
        tuning.FLOOR, "fake-hash-384", {"threaded": -0.5, "alone": -0.5, "unworded": -0.5, "weak": -0.5}
    )
    monkeypatch.setattr(tuning, "STATED_ANYWAY", -1.0)
    monkeypatch.setattr(tuning, "STATED_UNNAMED", -1.0)


def _hits(session, question: str) -> list:
    return search(session, question, k=5, touch=False, scope=ALL_SPACES).hits


def test_who_someone_is_is_not_answered_by_a_neighbouring_roles_turn(session, tmp_path, monkeypatch):
    _every_cosine_close(monkeypatch)
    _imported(
        session,
        tmp_path,
        [
            "the hygienist scraped my gums raw and the receptionist overcharged me, write a firm complaint",
            "risotto tips?",
        ],
    )
    assert _hits(session, "who's my dentist") == []
    assert _hits(session, "whos my dentist?") == []


def test_control_a_turn_naming_someone_or_a_what_question_is_still_answered(session, tmp_path, monkeypatch):
    _every_cosine_close(monkeypatch)
    named = "the hygienist at Dr Patel's scraped my gums raw, write a firm complaint"
    diet = "no meat no fish for me these days, suggest some high protein dinners"
    _imported(session, tmp_path, [named, diet])
    assert _hits(session, "who's my dentist")  # (a name: what no rule reads may answer it)
    assert _hits(session, "what's my diet")  # (a diet is said in other words: the cosine answers)


@pytest.mark.parametrize(
    "question, asked",
    [
        ("what did I get in my GCSEs", "exam:gcses"),
        ("how did i do in my a levels", "exam:a levels"),
        ("where did I go to elementary school", "primary school"),
        ("which junior school did i go to?", "primary school"),
    ],
)
def test_an_exam_or_a_primary_school_is_asked(question, asked):
    assert asked in life.asked(question)


@pytest.mark.parametrize(
    "question", ["what's a good A level score", "which school do the kids go to", "what time did I get up"]
)
def test_control_no_exam_of_mine_or_another_school_is_not(question):
    assert not any(life.by_its_words(a) for a in life.asked(question))


def test_an_exam_no_turn_names_is_nothing_close(session, tmp_path, monkeypatch):
    _every_cosine_close(monkeypatch)
    _imported(session, tmp_path, ["my savings goal is 10k in my ISA by 30, realistic?", "i went to Leeds Uni for law"])
    assert _hits(session, "what did I get in my GCSEs") == []
    assert _hits(session, "where did I go to primary school") == []


def test_control_an_exam_or_a_school_a_turn_names_is_answered(session, tmp_path, monkeypatch):
    _every_cosine_close(monkeypatch)
    _imported(
        session,
        tmp_path,
        ["got my GCSE results today: seven 9s and two 8s!", "i went to Rosyth Primary then Temasek Poly"],
    )
    assert _hits(session, "what did I get in my GCSEs")
    assert _hits(session, "where did I go to primary school")


# -- a relation named by a chat's title, their name by its first words ------------------------------------------


@pytest.mark.parametrize(
    "source, content, named",
    [
        (
            "Brother's big move #1",
            "Tomasz has finally moved to Gdańsk, new flat, new job. Housewarming ideas?",
            "brother",
        ),
        ("Mum's 70th #1", "Helen turns 70 next month and wants nothing, ideas?", "mother"),
        ("my dad's retirement #1", "So Pete just retired after 40 years at the depot, card wording?", "father"),
    ],
)
def test_a_relation_titled_and_a_name_opening_the_chat_is_named(source, content, named):
    assert [kin for kin, _ in life.kin_titled(source, content)] == [named]


@pytest.mark.parametrize(
    "source, content",
    [
        ("Tom's sister's wedding #1", "Anna is getting married in June, what do I wear"),  # (someone else's relation)
        ("Sisters of the Moon review #1", "Marta is great in it"),  # (no relation's possessive)
        ("Brother's big move #4", "Tomasz says thanks for the ideas"),  # (not the chat's opening turn)
        ("Brother's big move #1", "I just heard he's moving"),  # (no name opens it)
        ("Brother's big move #1", "Tuesday is moving day, what do I pack"),  # (a day, no name)
    ],
)
def test_control_someone_elses_relation_a_later_turn_or_no_name_opening_names_no_one(source, content):
    assert life.kin_titled(source, content) == ()


def _titled(tmp_path, chats: list[tuple[str, str]]):
    lines = [
        {"conversation": f"t-{n}", "role": "user", "text": text, "time": f"2024-0{n + 1}-05T10:00:00Z", "title": title}
        for n, (title, text) in enumerate(chats)
    ]
    path = tmp_path / "titled.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_a_relation_named_by_a_chats_title_answers_their_name(session, tmp_path):
    said = "Tomasz has finally moved to Gdańsk, new flat, new job. Housewarming ideas that travel well?"
    chats = [
        ("Brother's big move", said),
        ("Budget help", "I need a budget, and my brother keeps borrowing money from me"),
    ]
    session.import_path(_titled(tmp_path, chats))
    assert _first(session, "what's my brother called?") == said


def test_control_a_chat_titled_by_no_relation_names_no_one(session, tmp_path):
    said = "Tomasz has finally moved to Gdańsk, new flat, new job. Housewarming ideas that travel well?"
    chats = [("Big move", said), ("Budget help", "I need a budget, and my brother keeps borrowing money from me")]
    session.import_path(_titled(tmp_path, chats))
    assert _first(session, "what's my brother called?") != said
