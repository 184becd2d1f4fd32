"""Singlish, and a life said with 'already' (session 43: jolene), each class tested in other words than the
fixture's (other names, towns, banks, telcos, clinics, hobbies, pets), with controls:

- a move done with "already" and no subject ("shifted to X already", "we shifted into our X flat already"), and
  the home she "stays" in ("i stay with my parents in X"); not someone else's move, a plan, a trip, a place the
  lists do not know, nor where she stayed "last time";
- a boss named in lower case with a bare verb after him ("my boss X send this", "new boss X start today"); not a
  colleague's new boss;
- the proposal as the engagement ("X propose already!!!"); not someone else's proposal to someone else;
- the gym used ("i use the X gym"), the studio a class pack is bought at, the clinic registered with, a weekly class
  ("i go X class every saturday") and what she does now ("now i do X"), a pet named in lower case and its death said
  by its name alone ("X died this morning ... i know rabbits ...": none now);
- Singapore's banks, telcos and towns in the lists; "my husband birthday" names no partner; "my mum name is X";
- a draft's signature under her own email names her employer; a letter pasted from someone else does not;
- the questions in Singlish ("where i stay now ah?", "which telco i using now?", "which clinic i go when sick
  now?", "what hobby i doing these days?", "where i go exercise now?", "got pet or not now?"), answered first.
"""

from __future__ import annotations

import pytest

from memory import life, review
from tests.lifesaid import first as _first
from tests.lifesaid import imported as _imported


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read(text)}


# -- a home: "shifted to X already", "i stay in X" ------------------------------------------------------------


@pytest.mark.parametrize(
    "text, home",
    [
        ("shifted to sengkang already!! the room is small but near the mrt", "sengkang"),
        ("finally shifted to hougang already, what to buy for the kitchen", "hougang"),
        ("we shifted into our toa payoh flat already, no fridge yet lol", "toa payoh"),
        ("ok update, we shifted to jurong west last week. where to eat nearby", "jurong west"),
        ("i stay with my parents in ang mo kio, so no rent for now", "ang mo kio"),
        ("we stay in clementi, near the market. what to cook for 6", "clementi"),
    ],
)
def test_a_home_said_in_singlish_is_read(text, home):
    assert _read(text).get("home") == home


@pytest.mark.parametrize(
    "text",
    [
        "my brother shifted to pasir ris already, he got his own place",  # someone else's move
        "want to shift to bishan next year if the price ok",  # a plan
        "the meeting shifted to thursday already, so annoying",  # no place
        "we stay in bangkok for 3 days, what to eat",  # a trip
        "i stay in tonight, too tired to go out",  # no place
        "last time i stay in bedok, now very far from work",  # where she stayed
        "shifted to a bigger team already, more work lol",  # no place the lists know
    ],
)
def test_control_someone_elses_move_a_plan_a_trip_or_no_place_is_no_home(text):
    assert "home" not in _read(text)


# -- a boss, a proposal ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, boss",
    [
        ("my boss darren send this, how to reply without sounding rude", "darren"),
        ("new boss wei ling start today, she from the audit side", "wei ling"),
        ("our new manager sharon join today, very chill", "sharon"),
    ],
)
def test_a_boss_named_in_lower_case_with_a_bare_verb_is_read(text, boss):
    assert _read(text).get("manager") == boss


@pytest.mark.parametrize(
    "text",
    [
        "my colleague got new boss, she very stressed",
        "my colleague new boss james start today, she scared",
        "my boss just send this, how to reply",  # no name
        "my boss kindly asked me to redo it",  # an adverb, no name
    ],
)
def test_control_a_colleagues_boss_or_no_name_is_no_manager(text):
    assert "manager" not in _read(text)


@pytest.mark.parametrize(
    "text",
    ["darren propose already!!! at gardens by the bay", "wah jason proposed last night, i cried", "Ryan proposed!"],
)
def test_a_proposal_said_with_already_is_an_engagement(text):
    assert _read(text).get("relationship") == "engaged"


@pytest.mark.parametrize(
    "text",
    [
        "daniel proposed to sherlyn already, she so happy",  # someone else's proposal
        "my brother propose already, to his girlfriend of 6 years",  # a relation, not her partner
        "should i propose to him instead lol",  # a question
    ],
)
def test_control_someone_elses_proposal_is_no_engagement_of_hers(text):
    assert _read(text).get("relationship") != "engaged"


# -- a bank, a telco, a gym, a clinic, a hobby, a pet ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, attribute, value",
    [
        ("my salary all go into my dbs account, then i transfer to my dad", "bank", "dbs"),
        ("i moved my salary crediting to uob one already, better interest", "bank", "uob"),
        ("ok ported my number to circles.life already, $20 for 100GB", "phone provider", "circles life"),
        ("why my bill so high, i on starhub postpaid", "phone provider", "starhub"),
        ("i use the gymmboxx gym at bishan, give me a leg day routine", "gym", "gymmboxx"),
        ("i signed up for a 20 class pack at pedal lab, the spin studio near my office", "gym", "pedal lab"),
        ("i registered with healthier sg at sunbeam family clinic, near my block", "doctor", "sunbeam family clinic"),
        ("i go salsa class every friday at a studio in bugis", "hobby", "salsa"),
        ("stopped salsa already, now i do muay thai at a gym in paya lebar", "hobby", "muay thai"),
        ("my rabbit oreo not eating since morning, should i worry", "rabbit", "oreo"),
    ],
)
def test_what_a_singlish_turn_says_of_her_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


def test_a_pet_said_dead_by_its_name_alone_is_none_now_where_the_turn_says_its_kind():
    said = _read("oreo died this morning. she was 6 already, i know rabbits live long but still so sad")
    assert said.get("rabbit") == "died oreo"
    assert said.get("pets") == "none"


@pytest.mark.parametrize(
    "text",
    [
        "ah gong died this morning, the wake is at the void deck",  # no pet's kind said: a person
        "my brother dog died, he very sad",  # someone else's pet
        "my brother shifted his salary to dbs already",  # (control of the bank: his)
    ],
)
def test_control_a_persons_death_or_someone_elses_pet_or_bank_is_not_hers(text):
    said = _read(text)
    assert "pets" not in said and "bank" not in said


@pytest.mark.parametrize(
    "text",
    ["i registered at the bright smile dental clinic, cleaning soon", "i signed up at the riverside physio clinic"],
)
def test_control_a_dental_or_physio_clinic_registered_with_is_no_gp(text):
    assert "doctor" not in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my husband birthday next week, where to eat below $200",
        "my wife phone spoil already, which one to buy her",
        "my boyfriend parents coming for dinner, what to cook",
    ],
)
def test_a_thing_of_the_partners_said_without_s_names_no_partner(text):
    assert "partner" not in _read(text)


def test_my_mum_name_is_names_the_mother():
    assert ("mum", "tan") in life.kin_stated("my mum name is tan siew hoon, turning 65. write birthday msg")


# -- a draft's signature -----------------------------------------------------------------------------------


def test_a_signature_under_her_own_draft_names_her_employer():
    draft = "Dear Mr Goh,\n\nPlease find the invoice attached.\n\nRegards,\nWei Ling Ong\nTan Koh & Partners\n\nok?"
    assert _read(draft).get("employer") == "tan koh partners"


def test_control_a_signature_in_a_letter_pasted_from_someone_else_names_no_employer():
    pasted = (
        'my colleague send me this, how to reply:\n\n"Dear Wei Ling,\n\nPlease call me.\n\nRegards,\nJohn Lee\n'
        'Harbour Capital"'
    )
    assert "employer" not in _read(pasted)


# -- the questions in Singlish --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, attribute",
    [
        ("where i stay now ah?", "home"),
        ("which telco i using now?", "phone provider"),
        ("what telco i on now ah", "phone provider"),
        ("which clinic i go when sick now?", "doctor"),
        ("which gp i see now?", "doctor"),
        ("what hobby i doing these days?", "hobby"),
        ("where i go exercise now?", "gym"),
        ("got pet or not now?", "pets"),
        ("darren is my bf or husband now?", "relationship"),
    ],
)
def test_a_singlish_question_asks_its_attribute(question, attribute):
    assert attribute in life.asked(question)


@pytest.mark.parametrize("question", ["which clinic my mum go now?", "where my brother exercise now?"])
def test_control_a_question_of_someone_else_asks_nothing_of_hers(question):
    asked = life.asked(question)
    assert "doctor" not in asked and "gym" not in asked


def test_her_changes_in_singlish_open_items_and_the_questions_find_the_newest(session, tmp_path):
    _imported(
        session,
        tmp_path,
        [
            "help me write a cny greeting. this year the dinner at my parents place, i stay with my parents in yishun",
            "my salary all go into my dbs account, then i transfer to my mum for household. help me budget",
            "why my phone bill so high this month $80. i on starhub postpaid, got roaming charges",
            "shifted to sengkang already!! darren and i rent a room near the mrt. what to buy first",
            "i moved my salary crediting to uob one already, better interest if spend on card. how to set up giro",
            "ok ported my number to circles.life already, $20 for 100GB. why i never do this earlier",
        ],
    )
    pairs = {(item.old.split()[0], item.new.split()[0]) for item in review.open_items(session.db)}
    assert {("help", "shifted"), ("my", "i")} <= pairs  # (the telco's is superseded outright: no item)
    assert "sengkang" in _first(session, "where i stay now ah?")
    assert "circles.life" in _first(session, "which telco i using now?")
    assert "uob" in _first(session, "which bank my salary go in now?")
