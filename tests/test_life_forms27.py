"""Session 36's forms of a life (life27): what two blind people (tests/fixtures/tunde, tests/fixtures/lucia)
still said that was not read, each written as a class in other words, with the look-alikes that must stay
unread.

- A blood type listed beside the person's own allergy or next of kin, as on a card for a wallet ("i'm
  allergic to penicillin (rash as a kid), O negative, next of kin funmi"); "my blood group is A negative"
  is A negative, not A. Not a patient's, someone else's, or a case pasted.
- A doctor's first degree (MBBS, MBChB, MB BS) is a bachelor's of medicine, and where it was taken a
  school ("I did my MBBS at University of Lagos"); a line of the person's own CV ("update my CV: MBBS
  University of Ibadan 2018") says both. Not a colleague's CV, a job's requirements, or someone else's.
- A parent named without "my" as the person's own ("mummy is folake adeyemi if that matters", "Dad is
  Tunde Bakare."), a full name after "my mum is", a wife called "the missus, Bisi", a name in lower case
  before its "'s" ("my girlfriend funmi's birthday"). Not how a parent is ("mum is fine", "dad is pretty
  sick", "Mum is Irish"), nor someone else's parent.
- A firm worked in, said "in" for "at" and "actually" for "currently" by one whose first language says so
  ("actually I work in Monedita, is a fintech"): the employer now. Not the past ("actually I worked in"),
  a department, a field or a place, nor someone else's.
- A grade said in a "now that" clause ("now that I'm ST3") was read already: tunde's key lists it as a
  change from FY2 beside "first week as a registrar", an ST3 being a registrar (`life._ROLE_KINDS`), so
  the two are one value and the second opens no item of its own (kept here as a guard, in other words).

Not read here (life31 pairs them, tests/test_life_forms31.py: the girlfriend is the partner, and a wedding
said without a name changes a partner named as a girlfriend): "married 2 weeks now" after "my girlfriend
funmi's birthday" (tunde's key pairs them). Read as
the relationship ("dating funmi", so a wedding after it is a change), "my girlfriend X" makes marisol's "my
boyfriend Ray says" (six months after "I'm officially divorced") the newest statement of the relationship,
and recall answered "am I still married" with it, not the divorce (her floor with the real model). It needs
a marital question answered by marital statements only (retrieval), or a change of the partner's word paired
across attributes (memory/correction.py); neither is the reading's.
"""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import said_of

# -- a blood type listed beside the person's own medical facts ----------------------------------------


@pytest.mark.parametrize(
    ("text", "blood"),
    [
        ("For my lanyard: I'm allergic to latex, AB+, no other meds", "ab positive"),
        (
            "card for my purse pls: I am allergic to peanuts and shellfish; B negative; epipen in the front pocket",
            "b negative",
        ),
        ("emergency card for the bike: A positive, next of kin Maria Lopez 07700 900123", "a positive"),
        ("my blood group is A negative, I give every 16 weeks", "a negative"),
        ("My blood type is B positive.", "b positive"),
    ],
)
def test_a_blood_type_listed_beside_the_persons_own_allergy_or_next_of_kin_is_read(text, blood):
    assert said_of(text).get("blood type") == blood


@pytest.mark.parametrize(
    "text",
    [
        "32M, FY2 on call, presents with chest pain, allergic to penicillin, O negative. next step?",
        "a 71-year-old patient presents with melaena; she is allergic to penicillin, O negative, what do you give?",
        "she's allergic to penicillin, O negative, next of kin her son",
        "my son is allergic to nuts, A negative, next of kin his dad",
        "if I'm allergic to penicillin, O negative, what antibiotic would they give me?",
        "the donor card says allergic to nothing, O negative",
    ],
)
def test_a_blood_type_of_a_patient_someone_else_or_a_hypothetical_is_not_the_persons(text):
    assert "blood type" not in said_of(text)


# -- a doctor's first degree, and a line of the person's own CV ------------------------------------------


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("I did my MBChB at the University of Cape Town before moving here", "university of cape town"),
        ("I got my MBBS from Makerere University in 2016", "makerere university"),
        ("I have an MB BS from the University of Lagos", "university of lagos"),
        (
            "fix my resume pls. MBChB University of Nairobi 2015, internship at KNH, then the UK",
            "university of nairobi",
        ),
        ("my CV needs a clean education section: BSc Economics, University of Leeds, 2014", "university of leeds"),
    ],
)
def test_a_first_degree_and_where_it_was_taken_are_read(text, school):
    said = said_of(text)
    assert said.get("university:bachelor") == school, said
    assert said.get("degree:bachelor", "").startswith("bachelor"), said


def test_a_doctors_first_degree_is_a_bachelors_of_medicine():
    assert said_of("I have an MBBS from UCL")["degree:bachelor"] == "bachelor medicine"
    assert said_of("I did my MBChB at Glasgow")["degree:bachelor"] == "bachelor medicine"


@pytest.mark.parametrize(
    "text",
    [
        "review ade's CV pls: MBBS University of Lagos 2017, FY1 in Lagos, came to the UK 2019",
        "compare my CV with ade's: MBBS University of Lagos 2017, FY1 Lagos",
        "help with my CV. My wife's: MBChB University of Cape Town 2012",
        "Requirements: MBBS University of London 2010 or equivalent, full GMC registration",
        "she did her MBBS at the University of Ibadan",
        "the consultant: MBChB University of Manchester 1998, MD 2006. what do I ask him?",
        "should I do my MBBS at the University of Lagos or abroad?",
    ],
)
def test_a_degree_of_someone_else_a_job_or_a_question_is_not_the_persons(text):
    said = said_of(text)
    assert not any(a.startswith(("university", "degree")) for a in said), said


# -- a relation named in words the reading did not take ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rel", "name"),
    [
        ("mama is rosa delgado if the bank asks, the transfer is from her", "mama", "rosa delgado"),
        ("Dad is Tunde Bakare. he wants the form by friday", "dad", "Tunde Bakare"),
        ("Mum's name is Graciela, she is 64", "mum", "Graciela"),
        ("My mother is Ana Souza and she lives in Porto", "mother", "Ana Souza"),
        ("the missus, Bisi, says the rice is too salty", "missus", "Bisi"),
        ("the wife (Sarah) wants a quieter hotel", "wife", "Sarah"),
        ("my boyfriend kwame's mum is visiting next week", "boyfriend", "kwame"),
    ],
)
def test_a_relation_named_without_my_a_full_name_or_beside_the_word_is_read(text, rel, name):
    assert (rel, name) in life.kin_stated(text)


def test_a_wife_named_beside_the_missus_is_the_partner():
    assert said_of("the missus, Bisi, says the rice is too salty").get("partner") == "bisi"
    assert life.kin_named("the missus, Bisi, says hi") == frozenset(["partner"])
    assert life.kin_named("mama is rosa delgado if the bank asks") == frozenset(["mother"])


@pytest.mark.parametrize(
    "text",
    [
        "mum is fine, thanks for asking",
        "dad is pretty sick, the GP wants bloods",
        "mummy is so tired after the flight",
        "mum is proper vexed with me lol",
        "baba is gonna cry. perfect",
        "Mum is Irish so she wants a proper fry",
        "mum is in hospital since tuesday",
        "his mum is Folake Adeyemi",
        "Mum is doing better today",
        "the missus, as usual, says no",
        "my sister it's fine",
        "Mum is rosa delgado",  # (in lower case, read only from one who types all in lower case)
    ],
)
def test_how_a_parent_is_or_someone_elses_parent_names_no_one(text):
    assert life.kin_stated(text) == ()


# -- a firm worked in, said with "in" and "actually" --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("hi, actually I work in Globant, is a consultancy, and I need a test plan", "globant"),
        ("I work in Mercado Libre since 2021 as backend developer", "mercado libre"),
        ("now I work in Talentia S.L. with a hybrid contract", "talentia"),
        ("Actually I work in Zenvia, it's a startup of messaging, and my boss asked me a report", "zenvia"),
    ],
)
def test_a_firm_worked_in_said_with_in_is_the_employer_now(text, employer):
    assert said_of(text).get("employer") == employer


@pytest.mark.parametrize(
    "text",
    [
        "actually I worked in Globant, is a consultancy, for two years",
        "my sister works in Globant, is a consultancy",
        "actually I work in Cardiology since May",
        "I work in London since 2019",
        "I work in Ward 12 since the summer",
        "actually I work in marketing, not sales",
        "if I work in Globant, is a consultancy, do I need a visa?",
    ],
)
def test_the_past_someone_elses_a_department_or_a_place_is_no_employer(text):
    assert "employer" not in said_of(text)


# -- a grade said in a "now that" clause (read before this session: a guard) -------------------------------


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("now that im CT2 i need a new portfolio, help", "ct2"),
        ("now that i'm a registrar i do the med reg bleep", "registrar"),
        ("Now that I am an SHO, the nights are worse", "sho"),
    ],
)
def test_a_grade_said_in_a_now_that_clause_is_the_role(text, role):
    assert said_of(text).get("role") == role


@pytest.mark.parametrize(
    "text", ["now that she's a registrar she is never home", "if I was a registrar I'd be paid more"]
)
def test_someone_elses_grade_or_a_wish_is_not_the_role(text):
    assert "role" not in said_of(text)
