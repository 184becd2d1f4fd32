"""The forms a junior doctor's life is told in (session 35, life25: what the fourteenth person,
tests/fixtures/tunde, showed the rules did not read), each tested here in other words: other grades,
names, places and tenses, lower case, no apostrophes, British spellings, and the near misses that must
stay unread (an exam vignette's patient, a friend's visa, a wife's new job, an offer declined, a
hypothetical).

- a grade of training as the role ("i'm an FY2", "now that im st4", "first week as a registrar"), and
  an ST3 the registrar he became
- a clinical or educational supervisor ("my new CS is dr whitfield") as the manager
- indefinite leave to remain ("ILR came through", "got my ILR") as the visa
- a marriage said in passing: "married 2 weeks now", "the missus"
- the kind of home a rent is paid on ("rent on our two-bed in sale"), "up here in leeds", "new to manchester"
- a GP by the place ("my GP at burley park"), a bank of the lists in lower case ("everything's in barclays
  now", "my kuda account"), a church started at ("we started attending RCCG kings court")
- energy drinks kept at and given up ("i survive nights on 3 monsters a shift", "haven't touched a
  monster since new year")
- a rotation's hospital ("currently doing acute medicine at leeds general"), an origin in an aside
- an exam's or a case's patient ("a 71-year-old retired teacher ... on ramipril") is not the person
"""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "grade"),
    [
        ("abeg help me. i'm an FY2, currently on nights", "fy2"),
        ("im an fy1 at the royal free", "fy1"),
        ("I'm a CT2 in Bristol and knackered", "ct2"),
        ("now that im st4 the rota is brutal", "st4"),
        ("I am an IMT2, on call tonight", "imt2"),
        ("my first week as an SHO went fine", "sho"),
        ("first week as a registrar, first med reg on call on saturday", "registrar"),
        ("I'm a med reg now, send help", "registrar"),
    ],
)
def test_a_grade_of_training_is_the_role(text, grade):
    assert _read(text)["role"] == grade


@pytest.mark.parametrize(
    "text",
    [
        "he's the other FY2 on ward 12",
        "my FY2 buddy ade is rotating to harrogate for GP training",
        "what should a CT1 bring?",
        "if i become a registrar next year i'll buy a car",
        "ade is an ST3 now",
        "my first week as an ST3 starts monday",
        "i'm a regular at the gym",
    ],
)
def test_another_doctors_grade_or_one_to_come_is_no_role(text):
    assert "role" not in _read(text)


def test_an_st3_is_the_registrar_he_became_and_an_fy2_a_grade_before():
    st3, registrar, fy2 = (life.read(t)[0] for t in ("now that I'm ST3", "first week as a registrar", "i'm an FY2"))
    assert life.same(registrar, st3)
    assert not life.same(fy2, registrar)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my clinical supervisor dr marsh wants a reflection", "dr marsh"),
        ("my new CS is dr whitfield, she's big on echo", "dr whitfield"),
        ("my educational supervisor dr okonkwo is on leave", "dr okonkwo"),
        ("my new ES is dr bello", "dr bello"),
        ("Dr Khan, my CS, wants a reflection", "dr khan"),
    ],
)
def test_a_clinical_or_educational_supervisor_is_the_manager(text, name):
    assert _read(text)["manager"] == name


@pytest.mark.parametrize(
    "text",
    ["ade's CS is dr okoye", "her clinical supervisor dr marsh is strict", "my cs is computer science"],
)
def test_someone_elses_supervisor_or_a_subject_is_no_manager(text):
    assert "manager" not in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "ILR came through!!! e don do",
        "got my ILR last week",
        "I've finally been granted indefinite leave to remain",
        "my indefinite leave to remain was granted today",
        "im on ILR now so no more visa fees",
    ],
)
def test_indefinite_leave_to_remain_is_the_visa(text):
    assert _read(text)["visa"] == "ilr"


@pytest.mark.parametrize(
    "text",
    [
        "tobi's ILR came through",
        "his ILR came through yesterday",
        "what happens if the ILR is refused, can i still work?",
        "ILR prep. 5 years on my visa in september",
        "i have ILR questions for my lawyer",
        "your application for leave to remain as the dependant partner of a Skilled Worker has been refused",
    ],
)
def test_a_friends_ilr_a_plan_or_a_refusal_is_no_visa(text):
    assert _read(text).get("visa") != "ilr"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("been married a year today", "married"),
        ("new year budget for me and the missus", "married"),
        ("the missus wants a new sofa", "married"),
    ],
)
def test_a_marriage_said_in_passing_is_the_relationship(text, value):
    assert _read(text)["relationship"] == value


@pytest.mark.parametrize(
    "text",
    [
        "they got married 2 weeks ago",
        "planning to propose to funmi in june",
    ],
)
def test_someone_elses_marriage_or_a_plan_is_no_relationship(text):
    assert "relationship" not in _read(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("rent for my room in hospital accommodation at st james is £520", "room"),
        ("rent on my 1-bed in Leith is £900", "one-bed"),
        ("rent on our maisonette in Croydon is £1,400", "maisonette"),
        ("rent for my studio near the hospital went up", "studio"),
        ("our 3-bed is freezing", "three-bed"),
        ("rent on our two-bed in sale is £1,150", "two-bed"),
    ],
)
def test_the_home_a_rent_is_paid_on_is_its_kind(text, kind):
    assert _read(text)["dwelling"] == kind


@pytest.mark.parametrize(
    "text",
    ["rent for his flat in leeds", "rent for my storage unit", "found a two-bed for me and funmi, near the tram"],
)
def test_someone_elses_or_a_flat_found_is_no_home(text):
    assert "dwelling" not in _read(text)


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("first time she's visiting us up here in leeds", "leeds"),
        ("i'm still new to leeds", "leeds"),
        ("still new to manchester and we haven't sorted council tax", "manchester"),
        ("i'm new to Bristol, where do people go out", "bristol"),
    ],
)
def test_up_here_in_and_new_to_a_city_are_the_home(text, city):
    assert _read(text)["home"] == city


@pytest.mark.parametrize(
    "text",
    [
        "my sister up here in leeds",
        "we're up here in Leeds for the weekend",
        "she's new to manchester",
        "new to python, help",
        "i'm new to the team",
        "a 34-year-old woman who recently moved to Glasgow from Lagos presents with fever",
    ],
)
def test_someone_elses_a_stay_or_no_city_is_no_home(text):
    assert "home" not in _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("my GP at burley park wants me to call at 8am", "doctor", "burley park"),
        ("my GP at Meanwood wants bloods", "doctor", "meanwood"),
        ("everything's in barclays now, how do i close the old app", "bank", "barclays"),
        ("everything is with nationwide now", "bank", "nationwide"),
        ("i send £400 to mummy every month via my kuda account", "bank", "kuda"),
        ("since we started attending RCCG kings court in manchester", "church", "rccg kings court"),
        ("we've started attending St Luke's Church", "church", "st luke's church"),
        (
            "i'm cooking party jollof for 40 people at RCCG Victory Chapel leeds this sunday",
            "church",
            "rccg victory chapel",
        ),
        ("currently doing paeds at the royal infirmary", "employer", "royal infirmary"),
        ("i'm an FY2, currently doing acute medicine at leeds general (LGI)", "employer", "leeds general"),
        ("MBBS University of Ibadan 2018 (born and raised in ibadan so UCH was home)", "origin", "ibadan"),
    ],
)
def test_a_practice_a_bank_a_church_a_hospital_and_an_origin_said_in_passing(text, attribute, value):
    assert _read(text)[attribute] == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("my GP at the hospital", "doctor"),
        ("my gp in leeds is useless", "doctor"),
        ("everything's in order now", "bank"),
        ("should i switch to monzo?", "bank"),
        ("we started attending antenatal classes", "church"),
        ("the youth fellowship will now meet on Saturdays at 5pm in the small hall", "church"),
        ("she just started at wythenshawe pharmacy", "employer"),
        ("she's a pharmacist at a boots in leeds", "employer"),
        ("if i get the manchester job, funmi will transfer to a hospital pharmacy there", "employer"),
        ("we are pleased to offer you the post of Clinical Fellow in Cardiology at Royal Stoke", "employer"),
        ("my mum (born in Lagos) is visiting", "origin"),
        ("Tayo (born in Abuja) is my cousin", "origin"),
    ],
)
def test_near_misses_of_those_stay_unread(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("honestly i survive nights on 3 monsters a shift", "now"),
        ("i survive on 2 red bulls a day", "now"),
        ("haven't touched a monster since new year", "stopped"),
        ("quit energy drinks completely and my nights are better", "stopped"),
    ],
)
def test_energy_drinks_kept_at_and_given_up(text, value):
    assert _read(text)["schedule:energy drinks"] == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("haven't touched a cigarette since march", "schedule:smoking"),
        ("havent had a drink since new year", "schedule:drinking"),
    ],
)
def test_not_touched_since_gives_a_habit_up(text, attribute):
    assert _read(text)[attribute] == "stopped"


@pytest.mark.parametrize(
    "text",
    [
        "write a teaching question for my FY1s: a 45-year-old taxi driver from Oldham who drinks 4 energy drinks a day "
        "presents with palpitations",
        "he hasn't touched a drink since",
        "haven't touched a guitar since",
    ],
)
def test_a_patients_or_someone_elses_habit_is_not_the_persons(text):
    assert not any(a.startswith("schedule:") for a in _read(text))


@pytest.mark.parametrize(
    "text",
    [
        "p2 written: a 71-year-old retired teacher who moved from Ibadan to Croydon to live with her son has "
        "creatinine 280, on ramipril and naproxen. next step?",
        "patient is a 62-year-old woman who works as a cleaner in Stockport, angina, CTCA booked",
        "mrcp q: a 58-year-old man who lives alone in Bradford and works as a bus driver presents with chest pain",
    ],
)
def test_an_exam_or_a_case_patient_says_nothing_of_the_person(text):
    assert _read(text) == {}


def test_the_person_of_an_age_and_their_child_of_one_are_still_read():
    assert _read("we moved to Leeds with our 3-year-old last spring")["home"] == "leeds"


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what grade am i", "role"),
        ("do i still drink energy drinks", "schedule:energy drinks"),
        ("what gym am i a member of", "gym"),
    ],
)
def test_a_doctors_questions_ask_their_attribute(question, attribute):
    assert attribute in life.asked(question)
