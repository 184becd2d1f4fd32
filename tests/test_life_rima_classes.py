"""What the blind rima fixture (session 45) showed, read as classes another person hits, with sentences not from the
fixture (other towns, employers, banks, carriers, pets, churches), each beside a near miss that stays quiet (someone
else's change said the same way, a plan, a what-if, a past, a pasted message):

- In English, a job begun said with "the job" ("I got the job at X", "I accepted the position at X") beside the job
  left in the same turn: the new employer is the value, and the ending ("resigned") stands for none of employer,
  role or manager; a job resigned with no new one still ends it, and "the job offer ... but" begins nothing. A
  title before a manager's name ("the CTO Sam is my manager") is no part of the name.
- A Lebanese life said in Arabizi (2 3 5 7 8 for Arabic sounds) and French: a move ("n2alna 3a X"), where she lives
  ("sakne bi X"), a job ("sert 3end X"), a boss ("le boss X"), a bank ("fata7et account bi X"), a carrier ("5adet X
  SIM"), a car of the lists ("eshtarayt X", "l X taba3e"), an engagement ("t5atabet la X"), a gym or a course
  ("sajjalt bi X"), a pet ("tabanet bisse esma X"), a church ("ba7dar l quddas bi X"), a remittance service
  ("ba3at ... 3abr X"), where she is from ("men X asalan"), an allergy ("3ende allergy 3al X").
- Each only of her: not "5ayye ... n2al 3a X", "sa7bti Lara fata7et account bi X" (her "fata7et" is also "she
  opened"); not a plan ("iza", "badde", "3am fakker"), nor a past ("kenet sakne bi X").
- Her questions in Arabizi ask those areas ("wen sakne hala2?", "shou l siyyara li 3ende?"), and "what pet do I
  have?" asks a pet read without its kind too.
"""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import changes_after, said_of

# -- English: a job begun beside the job left ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I accepted the job at Globex and I resigned from Initech yesterday. Marta cried", "globex"),
        ("I got the job at Wayne Enterprises and I quit Acme today", "wayne enterprises"),
        ("I accepted the position at Deloitte, I handed in my resignation at KPMG this morning", "deloitte"),
    ],
)
def test_a_job_begun_beside_the_job_left_is_the_new_employer_and_no_ending(text, value):
    said = said_of(text)
    assert said.get("employer") == value
    assert "role" not in said and "manager" not in said  # (the resignation took them as its value)


def test_a_job_begun_beside_the_job_left_opens_the_employers_change_only(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "I'm a junior analyst at Initech. how do I ask for a raise?",
            "I got promoted to senior analyst at Initech! we celebrated",
            "my manager at Initech is Rob Hale, he is very direct. how do I give feedback upward?",
            "I accepted the job at Globex and I resigned from Initech today. Rob was sad",
        ],
    )
    assert sorted((old[:20], new[:20]) for old, new in changed) == [
        ("I'm a junior analyst", "I accepted the job a"),  # Initech -> Globex
        ("I'm a junior analyst", "I got promoted to se"),  # the promotion; no role nor manager "resigned" after it
    ]


def test_control_a_job_resigned_with_no_new_one_still_ends_it():
    assert said_of("I resigned from Initech today. my boss was sad").get("employer") == "left"


@pytest.mark.parametrize(
    "text",
    [
        "I accepted the job offer from Globex but I'm not sure about the commute",  # an offer, not a job begun
        "should I accept the job at Globex?",  # a question
        "my sister got the job at Globex last week",  # hers
        "I took the job at face value",  # no job
    ],
)
def test_control_the_job_not_begun_by_her_reads_no_employer(text):
    assert "employer" not in said_of(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the CTO Sam Ortiz became my boss in May", "sam ortiz"),
        ("w l CFO Dana is my manager now, ktir strict", "dana"),
        ("Dana Reyes is my manager now", "dana reyes"),  # control: a name with no title is read as before
    ],
)
def test_a_title_before_a_managers_name_is_no_part_of_it(text, value):
    assert said_of(text).get("manager") == value


# -- Arabizi: each area, read of her, in other words ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("n2alna 3a Doha l shahr l madi, l 7arr ktir", "home", "doha"),
        ("Yesterday n2alna 3a Amman, l bet fadi", "home", "amman"),  # a word opening her news, no one's name
        ("ana saken bi Hamra, 7ad l AUB", "home", "hamra"),
        ("sakne bi sha22a zghire bi Jounieh, l ijar ghali", "home", "jounieh"),
        ("sert 3end Publicis bi Dubai, l start bokra", "employer", "publicis"),
        ("bshte8el 3end Murex hala2, ktir busy", "employer", "murex"),
        ("le boss Nadim Aoun badde l deck la bokra", "manager", "nadim aoun"),
        ("fata7et account bi Mashreq, l app ktir mnee7a", "bank", "mashreq"),
        ("kel masare 3ale2in bi Byblos Bank, shou fiye a3mel?", "bank", "byblos bank"),
        ("5adet touch SIM l yom, bye bye alfa", "phone provider", "touch"),
        ("3ende line Etisalat postpaid, ghalye ktir", "phone provider", "etisalat"),
        ("eshtarayt Toyota Yaris mosta3mle!", "car", "toyota yaris"),
        ("l Hyundai Accent taba3e 3am ta3mel sot", "car", "hyundai accent"),
        ("t5atabet la Elie!! ana ktir happy", "partner", "elie"),
        ("Ziad my boyfriend badde ysefer, shou a3mel?", "partner", "ziad"),
        ("sajjalt bi Fitness First bi JBR, 4 marrat bel jem3a", "gym", "fitness first"),
        ("sajjalt bi photography course online, weekends", "class", "photography"),
        ("tabanet bisse esma Loulou men l shelter!", "pet", "loulou"),
        ("3ende kalb esmo Rocky, shou a3mlo akl?", "pet", "rocky"),
        ("mnro7 3al quddas bi Saint Joseph bi Achrafieh", "church", "saint joseph"),
        ("ba3at la baba $200 kel shahr 3abr Western Union", "remittance", "western union"),
        ("ana men Tripoli asalan, bas tarabet bi Beirut", "origin", "tripoli"),
        ("3ende allergy 3al peanuts, shou bakol bel wedding?", "allergy", "peanuts"),
    ],
)
def test_a_change_of_her_life_said_in_arabizi_is_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("5ayye Sami n2al 3a Paris, la2a shi8le hunik", "home"),  # her brother's move ("n2al", no "I")
        ("iza n2alna 3a Doha, shou l visa?", "home"),  # a what-if
        ("kenet sakne bi Hamra abel l azme", "home"),  # a past
        ("n2alt 3a Nomad Creative", "home"),  # no place
        ("Le boss Gilles veut qu'on refasse la démo lundi", "manager"),  # French "le boss": anyone's
        ("ibn 3ammi sert 3end Murex", "employer"),  # her cousin's (the verb typed as hers)
        ("3ende interview bi Publicis bi Dubai Media City", "employer"),  # an interview, no job
        ("sa7bti Lara fata7et account bi Mashreq w hiye happy", "bank"),  # her friend's ("fata7et": she opened)
        ("Maya fata7et account bi Emirates NBD", "bank"),  # a name before the verb: hers
        ("badde eftah account bi Mashreq", "bank"),  # a plan
        ("b3t l Kia Picanto la jar mama", "car"),  # sold, not hers now
        ("l Bank Audi taba3e ma3 ykhalle es7ab", "car"),  # a bank, no car
        ("sa7bti t5atabet la Fadi", "partner"),  # her friend's engagement
        ("sajjalt bi ALBA la sene l jeye", "gym"),  # a school, no gym
        ("khalto 3enda bisse esma Loulou", "pet"),  # her aunt's cat ("3enda": she has)
        ("teta ba7dar l quddas bi Mar Elias", "church"),  # her grandmother's church
        ("mama ba3atetle $100 3abr OMT", "remittance"),  # money sent to her
    ],
)
def test_the_same_frames_said_of_someone_else_or_planned_read_nothing(text, attribute):
    assert attribute not in said_of(text)


# -- the changes, imported -----------------------------------------------------------------------------------


def test_her_changes_each_open_one_item_and_another_persons_none(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "ana saken bi Hamra, l kahraba ma 3am teje. shou a3mel?",
            "3ende line touch prepaid, shou a7san package?",
            "3ende bisse esma Loulou, shou l akl l sa7i?",
            "5ayye Sami n2al 3a Paris, mama 3am tebke",
            "n2alna 3a Doha! l 7arr ktir bas l shi8el mnee7",
            "5adet Ooredoo SIM l yom, shou l a7san plan?",
            "tabanet kalb esmo Rocky men l shelter! shou l vaccines?",
        ],
    )
    assert sorted((old[:14], new[:14]) for old, new in changed) == [
        ("3ende bisse es", "tabanet kalb e"),
        ("3ende line tou", "5adet Ooredoo "),
        ("ana saken bi H", "n2alna 3a Doha"),
    ]


# -- what she asks -------------------------------------------------------------------------------------------


def test_what_she_asks_in_arabizi_is_asked():
    assert "home" in life.asked("wen saken hala2?")
    assert "employer" in life.asked("wen bshte8el hala2?")
    assert "role" in life.asked("shou l position taba3e?")
    assert "manager" in life.asked("meen l boss taba3e?")
    assert "bank" in life.asked("ma3 ayya bank ana?")
    assert "phone provider" in life.asked("ma3 ayya line ana hala2?")
    assert "car" in life.asked("shou l sayyara taba3e?")
    assert "partner" in life.asked("meen l fiancé taba3e?")
    assert "church" in life.asked("ayya kneese bro7?")
    assert "remittance" in life.asked("kif 3am ba3at masari la baba?")
    assert "origin" in life.asked("men wen ana asalan?")
    assert "allergy" in life.asked("3ala shou 3ende allergy?")
    assert "star sign" in life.asked("shou l borj taba3e?")


def test_someone_elses_in_arabizi_asks_nothing_of_hers():
    assert "home" not in life.asked("wen sakne sa7bti Lara?")
    assert "car" not in life.asked("shou l siyyara taba3 5ayye?")
    assert "manager" not in life.asked("meen l boss taba3 Karim?")


def test_what_pet_do_i_have_asks_a_pet_read_without_its_kind():
    assert "pet" in life.asked("What pet do I have?")
    assert "pet" not in life.asked("What pet does my sister have?")
