"""What the blind maricel fixture (session 45) showed, read as classes another person hits, with sentences not from
the fixture (other towns, employers, banks, carriers, pets, doctors), each beside a near miss that stays quiet
(someone else's change said the same way, a plan, a what-if, a past, a pasted message):

- A Filipina's life said in Taglish: a move ("lumipat na kami sa X"), here now ("andito na ako sa X"), where she
  lives by its kind ("nakatira ako sa condo sa X"), a job ("X ako sa Y", "first day ko sa Y", "nag-resign na ako
  sa X, sa Y na ako ngayon"), a role ("na-promote na ako as X"), a boss ("TL ko si Ma'am X", "bago kong boss si X"),
  a shift ("night shift na ako"), a bank ("X ang payroll account ko", "nag-open ako ng X account"), an e-wallet
  ("nagbabayad ako thru X", "X na gamit ko ngayon"), a remittance service ("X na lng ako"), a carrier ("X
  prepaid ako", "X na sim ko"), a partner ("bf ko si X", "si X na jowa ko"), a gym ("nag-join ako sa X Gym"), a
  pet ("aso ko si X", "nag-adopt ako ng puspin, si X"), a dentist or a doctor ("Dra. X na dentist ko"), a car or a
  motorbike of the lists ("ung Honda Beat ko"), an allergy ("allergic ako sa X").
- Each only of her ("ako", "ko"): not "si ate lumipat na sa X", "sa X na sya ngayon", "TL ni Bea si X"; not a plan
  ("balak ko sanang", "iniisip ko", "kung sakaling"), nor a past ("dati").
- Her questions in Taglish ask those areas ("san ako nakatira ngayon?", "sino jowa ko?"), and a thing asked in
  Taglish asks what the English question asks ("ano blood type ko?"); a tattoo is said by its word, so where no
  turn holds it the question is told as nothing close, however close her Taglish turns come.
"""

from __future__ import annotations

import pytest

from memory import life
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.conftest import changes_after, said_of
from tests.lifesaid import imported

# -- each area, read of her, in other words -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("lumipat na kami sa Davao last month, ang init pala dito haha", "home", "davao"),
        ("andito na ako sa Doha, ang lamig ng aircon sa office", "home", "doha"),
        ("nakatira ako sa condo sa Mandaluyong, 15k a month lng", "home", "mandaluyong"),
        ("nurse ako sa St. Luke's sa BGC, 12-hour shift kami", "employer", "st luke's"),
        ("first day ko sa Concentrix kanina, ang daming training", "employer", "concentrix"),
        ("nag-resign na ako sa Concentrix, sa Accenture na ako ngayon", "employer", "accenture"),
        ("nagtatrabaho ako sa Jollibee Foods ngayon as cashier", "employer", "jollibee foods"),
        ("na-promote na ako as supervisor, ang saya!!", "role", "supervisor"),
        ("TL ko si Ma'am Joy, mabait nmn sya", "manager", "joy"),
        ("bago kong boss si Sir Mark, strict sya sa AHT", "manager", "mark"),
        ("night shift na ako starting monday, pano mag adjust", "shift", "night"),
        ("Metrobank ang payroll account ko kaya dun ako nag-iipon", "bank", "metrobank"),
        ("nag-open ako ng UnionBank account para sa ipon", "bank", "unionbank"),
        ("nagbabayad ako ng bills thru ShopeePay kc may cashback", "e-wallet", "shopeepay"),
        ("GCash na gamit ko ngayon, mas madali", "e-wallet", "gcash"),
        ("TNT prepaid ako, pano mag unli data", "phone provider", "tnt"),
        ("DITO na sim ko, mas mabilis pala", "phone provider", "dito"),
        ("bf ko si Paolo, 1 year na kami", "partner", "paolo"),
        ("si Migs na jowa ko ngayon, engineer sya", "partner", "migs"),
        ("nag-join ako sa Fitness First sa Robinsons, 2k a month", "gym", "fitness first"),
        ("aso ko si Bantay, 5 years old na", "pet", "bantay"),
        ("nag-adopt ako ng puspin, si Muning, galing sa PAWS", "pet", "muning"),
        ("Dra. Reyes na dentist ko, sa Makati ung clinic", "dentist", "dr reyes"),
        ("doctor ko si Dr. Cruz sa Medical City", "doctor", "dr cruz"),
        ("nasira ung Honda Beat ko kahapon, magkano kaya", "car", "honda beat"),
        ("allergic ako sa mani, pano mag order sa resto", "allergy", "mani"),
        ("ok Western Union na lng ako, mas mabilis", "remittance", "western union"),
        ("naka-Globe ako dati, Smart na ngayon", "phone provider", "smart"),  # the one before said with "dati"
        ("sa Accenture na ako ngayon, mas malaki sweldo", "employer", "accenture"),
        ("sa Iloilo na ako ngayon!", "home", "iloilo"),
        ("nag-switch ako sa Maya kc mas mataas interest", "e-wallet", "maya"),
        ("RCBC na payroll account ko ngayon", "bank", "rcbc"),
        ("nagpapadala ako kay mama thru Palawan Express kada 15th", "remittance", "palawan express"),
    ],
)
def test_a_change_of_her_life_said_in_taglish_is_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("si ate lumipat na sa Calgary, caregiver sya dun", "home"),  # someone else's move
        ("balak ko sanang lumipat sa Cebu next year", "home"),  # a plan (no "ako" after the verb either)
        ("iniisip ko lumipat na ako sa Davao, ok ba?", "home"),  # a thought
        ("andito na ako sa Tokyo for vacation, ano magandang puntahan?", "home"),  # a trip
        ("lumipat na ako sa TaskUs", "home"),  # no place
        ("si kuya Jun nag-resign na sa Grab, sa Lalamove na sya ngayon", "employer"),  # his job
        ("first week ko sa Riyadh, ang init", "employer"),  # a place, no employer
        ("dati CSR ako sa Convergys sa Ortigas", "employer"),  # a past
        ("TL ni Bea si Sir Mark, strict daw", "manager"),  # someone else's boss
        ("si Bea nag-open ng UnionBank account", "bank"),  # someone else's bank
        ("ilagay ko ba ung ipon ko sa Maya savings?", "bank"),  # an e-wallet is no bank
        ("may GCash na din si nanay kaya nagsesend sya thru GCash", "e-wallet"),  # hers, not mine
        ("Smart na daw si kuya, mas mabilis daw", "phone provider"),  # his carrier
        ("jowa ni ate si Mark, taga Bacolod", "partner"),  # someone else's partner
        ("iiwan ko muna si Chuchay kay Carlo", "partner"),  # a dog left with him: no partner said
        ("nag-enroll ako sa UP Open University for MA", "gym"),  # a school, no gym
        ("aso ni tita si Brownie, ang kulit", "pet"),  # someone else's pet
        ("binenta ko na ung Honda Beat ko kay kuya", "car"),  # sold
        ("isasara ko na ba ung BDO ko?", "car"),  # a bank, no car
        ("lumipat kami sa Ormoc nung bata ako", "home"),  # a childhood's move
        ("naka-Globe ako dati", "phone provider"),  # a past
        ("sa Gold's na ako ngayon, mas malapit", "employer"),  # a gym, no work said
        ("sa Riyadh na ako magtatrabaho next year", "home"),  # a plan ("mag-": what will be)
        ("what if sa Dubai na lng ako instead of Riyadh", "home"),  # a what-if
        ("ano mas mura pag padala pauwi, Enjaz or Western Union?", "remittance"),  # asked, not chosen
        ("si ate Western Union na lng daw sya", "remittance"),  # her sister's
    ],
)
def test_the_same_frames_said_of_someone_else_or_planned_read_nothing(text, attribute):
    assert attribute not in said_of(text)


def test_a_pasted_sms_or_offer_reads_nothing_of_hers():
    pasted = (
        'pa check kung scam to: "You have sent PHP 6,000.00 to JUAN D. via GCash. We are pleased to offer you the '
        'position of Staff Nurse at Mediclinic. Lumipat kami sa bagong bahay sa Tacloban."'
    )
    said = said_of(pasted)
    assert not {"e-wallet", "role", "home", "employer"} & set(said)


# -- the changes, imported -----------------------------------------------------------------------------------


def test_her_changes_each_open_one_item_and_another_persons_none(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "nakatira ako sa bedspace sa Sampaloc, Manila, 3k lng a month. pano magluto ng tinola?",
            "TNT prepaid ako, pano mag register ng unli data?",
            "aso ko si Bantay, ayaw kumain ng dog food. normal ba?",
            "si ate lumipat na sa Calgary last week haha",
            "lumipat na ako sa Davao!! condo sa Lanang. pano makatipid sa kuryente?",
            "GOMO na sim ko ngayon, nag port ako ng number. ilang araw ba bago ma-activate?",
            "nag-adopt ako ng puspin, si Muning, galing sa PAWS. ano mga bakuna?",
        ],
    )
    assert sorted((old[:14], new[:14]) for old, new in changed) == [
        ("TNT prepaid ak", "GOMO na sim ko"),
        ("aso ko si Bant", "nag-adopt ako "),
        ("nakatira ako s", "lumipat na ako"),
    ]


# -- what she asks -------------------------------------------------------------------------------------------


def test_what_she_asks_in_taglish_is_asked():
    assert "home" in life.asked("saan ba ako nakatira ngayon?")
    assert "employer" in life.asked("san na ako nagtatrabaho?")
    assert "role" in life.asked("ano posisyon ko ngayon?")
    assert "manager" in life.asked("sino supervisor ko ngayon?")
    assert "shift" in life.asked("ano shift ko this week?")
    assert "bank" in life.asked("anong bank ang gamit ko?")
    assert "e-wallet" in life.asked("ano e-wallet ko ngayon?")
    assert "e-wallet" in life.asked("What e-wallet do I use?")
    assert "partner" in life.asked("sino bf ko ngayon?")
    assert "gym" in life.asked("saan ako nag-gygym ngayon?")
    assert "pets" in life.asked("may aso ba ako?")
    assert "dentist" in life.asked("sino ang dentist ko?")
    assert "car" in life.asked("ano sasakyan ko ngayon?")
    assert "origin" in life.asked("taga saan ako?")
    assert "allergy" in life.asked("ano allergy ko?")
    assert "remittance" in life.asked("ano pang padala ko kay mama?")


def test_someone_elses_in_taglish_asks_nothing_of_hers():
    assert "partner" not in life.asked("sino jowa ni ate?")
    assert "home" not in life.asked("saan nakatira si kuya?")
    assert "pets" not in life.asked("may aso ba si tita?")


def test_a_thing_asked_in_taglish_asks_what_the_english_question_asks():
    assert "blood type" in life.asked("ano blood type ko?")
    assert "shoe size" in life.asked("ano size ng sapatos ko?")
    assert "favourite:anime" in life.asked("anong paborito kong anime?")
    assert "tattoos" in life.asked("ilan tattoo ko?")
    assert "favourite:anime" not in life.asked("anong paborito ni ate na anime?")


def _every_cosine_close(monkeypatch) -> None:
    # the fake embedder's cosines are hashed: every one clears the cuts, so only the words decide (her Taglish turns
    # met "ilan tattoo ko?" over STATED_UNNAMED with the real model, by "ko" and "ng")
    monkeypatch.setitem(
        tuning.FLOOR, "fake-hash-384", {"threaded": -0.5, "alone": -0.5, "unworded": -0.5, "weak": -0.5}
    )
    monkeypatch.setattr(tuning, "STATED_ANYWAY", -1.0)
    monkeypatch.setattr(tuning, "STATED_UNNAMED", -1.0)


def _hits(session, question: str) -> list:
    return search(session, question, k=5, touch=False, scope=ALL_SPACES).hits


def test_a_tattoo_no_turn_names_is_nothing_close(session, tmp_path, monkeypatch):
    _every_cosine_close(monkeypatch)
    imported(session, tmp_path, ["sweldo ko 6,500 riyals, ung ipon ko sa BPI pa rin", "nag-try ako ng zumba kagabi"])
    assert _hits(session, "ilan tattoo ko?") == []
    # (the lead) asked in English a cosine as near carries it, as "I got inked last summer" answers it in other
    # words (tests/test_recall_roles.py): by its words only in Taglish, whose every pair of turns is close
    assert _hits(session, "do I have any tattoos?")


def test_control_a_tattoo_a_turn_names_is_answered(session, tmp_path, monkeypatch):
    _every_cosine_close(monkeypatch)
    imported(session, tmp_path, ["nagpa-tattoo ako ng sampaguita sa braso, masakit pala", "sweldo ko 6,500 riyals"])
    assert _hits(session, "ilan tattoo ko?")
