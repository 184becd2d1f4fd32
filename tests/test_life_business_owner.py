"""A business owner's own life beside her business's "we" (memory/life.py's block "A business's 'we' beside its
owner's life", memory/vocab.py's ended contract). Written after the blind bola fixture, in other words than
hers (other trades, names, towns, firms): what is read of the owner's own life (a chair rented, working for
herself, a second job beside the business, a manager named with where, a home rented by its kind, a GP
registered with, a church or gym or surgery said as "I'm with X now", a gym by the class she goes to there, a
contract that ended before the carrier she moved to), and its look-alikes that read nothing of hers: the
business's moves, bank, supplier and staff, said in the same message as her own."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a chair (a booth, a station) rented in someone's salon or barbershop: she works for herself there
        ("quick one, I rent a booth at Fade Kings on Deansgate so my clients book me direct", "role", "chair renter"),
        ("I'm renting a station at Studio Nine in Leith, £150 a week", "role", "chair renter"),
        # working for herself, said as the reason for a question
        (
            "tax return again. I'm self-employed, just the bakery. do I need to register for VAT?",
            "employer",
            "self-employed",
        ),
        # a second job taken beside the business she still owns: two roles at once, the job is her employer
        (
            "I own a bakery and I've started at Asda on weekends, the shop is still mine",
            "employer",
            "asda",
        ),
        # a manager named with where: the second job's
        ("my line manager at the academy is Grace Mensah, she's lovely", "manager", "grace mensah"),
        ("my new boss at Boots is Priya Shah", "manager", "priya shah"),
        # a home rented by its kind: where, and the kind
        ("I've left the flat, I'm renting a small house in Bramley with the boys now", "home", "bramley"),
        ("I've left the flat, I'm renting a small house in Bramley with the boys now", "dwelling", "house"),
        # a GP (a dentist) registered with, said with no subject
        (
            "registered with a new GP at Elm Tree Surgery since the move, do I need my records",
            "doctor",
            "elm tree surgery",
        ),
        ("we've registered with the dentist at Bright Smiles Clinic", "dentist", "bright smiles clinic"),
        # "I'm with X now", and the noun after it says what X is
        (
            "I'm with Grace Chapel Kirkstall now, the church near the school, lovely people",
            "church",
            "grace chapel kirkstall",
        ),
        ("I'm with Gymbox now, the gym by the office", "gym", "gymbox"),
        ("I'm with Oakfield Surgery now, the practice round the corner", "doctor", "oakfield surgery"),
        # a gym by the class she goes to there
        ("my spin class at the Leyton Leisure Lagoon is doing a charity ride", "gym", "leyton leisure lagoon"),
        ("my Tuesday yoga class at Triyoga is full again", "gym", "triyoga"),
        # a staple eaten every day: the diet (a low-carb one after it is a change)
        ("the nurse says my sugar is high. I eat bread nearly every day, toast, sandwiches", "diet", "bread every day"),
        ("I eat plantain every day lol", "diet", "plantain every day"),
        # a trade's qualification by its level
        (
            "I've done six years on the tools, I have my BTEC level 3 since 2015, my customers trust me",
            "certification",
            "btec level 3",
        ),
        # a contract that ended is not the carrier now: the one moved to is
        ("my Vodafone contract finished so I've moved to Lebara, £8 a month", "phone provider", "lebara"),
        ("my O2 plan ran out, I'm on Three now", "phone provider", "three"),
    ],
)
def test_the_owners_own_life_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # the business's "we": a shop moved, its account, its supplier, its staff
        ("big news, we moved the barbershop to a bigger unit on Deansgate!! help me plan the first week", "home"),
        ("caption pls: WE'VE MOVED! Find us at 40 Hoe Street, Walthamstow", "home"),
        ("our bakery moved to Gloucester Road last week", "home"),
        ("the business account is with Starling now, the old bank charged per transaction", "bank"),
        ("we changed supplier to Capital Hair and Beauty, the trade discount is better", "bank"),
        ("we've taken on a new barber, Marcus, he starts tuesday", "manager"),
        # someone else's, or not hers now
        ("I'm with Tom now, my church friend, at the market", "church"),
        ("my sister is self-employed now, she does nails from home", "employer"),
        ("I used to rent a chair at Cutz in Leeds before I opened up", "role"),
        ("my daughter's swim class at the Aquatics Centre moved to Fridays", "gym"),
        ("my Vodafone contract finished last month, what should I switch to?", "phone provider"),
        # a carrier, a bank or a supplier of the lists moved to is no home
        ("my Vodafone contract finished so I've moved to Lebara", "home"),
        ("we moved to Monzo for the personal accounts, the salon stays with Tide", "home"),
        ("we've moved to Octopus Energy, cheaper for the house", "home"),
        # a meal is no diet, nor what she did once, nor someone else's qualification
        ("I eat lunch at my desk every day, is that bad", "diet"),
        ("I used to eat rice every day back home", "diet"),
        ("my son has his NVQ level 2 now", "certification"),
        # two names starting at a school: the children's; "a shop and I" starting somewhere: no school
        ("I run a cafe and I've started at Lidl on Sundays", "kids school"),
    ],
)
def test_the_business_and_other_people_read_nothing_of_hers(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # the business's move and her own in one message: her home is hers, the shop's street is not
        ("we moved the barbershop to a bigger unit on Deansgate and I moved house to Stockport", "home", "stockport"),
        ("we moved the shop to Mare Street last month, and we've moved into a flat in Leyton too", "home", "leyton"),
        ("we moved our salon to Hackney and we moved house to Enfield", "home", "enfield"),
        # the business's bank and hers in one message
        ("the business account is with Starling now but my own account is with Lloyds", "bank", "lloyds"),
        (
            "we changed supplier to Capital Hair and Beauty, and I switched my personal account to Nationwide",
            "bank",
            "nationwide",
        ),
        # owning the business, and a second job beside it
        ("I'm a shop owner now and I've started at Asda on weekends", "role", "shop owner"),
        ("I'm a shop owner now and I've started at Asda on weekends", "employer", "asda"),
    ],
)
def test_in_one_message_the_business_and_her_own_are_told_apart(text, attribute, value):
    assert _read(text).get(attribute) == value


def test_a_move_from_a_rented_flat_to_a_rented_house_is_a_change_of_both_home_and_its_kind():
    before = life.read("need ideas for our flat on Harehills Lane, it's tiny")
    after = life.read("I'm renting a little house in Bramley with the kids now")
    changed = {old.attribute: (old.value, new.value) for old, new in life.changes(before, after)}
    assert changed.get("dwelling") == ("flat", "house")


def test_a_chair_renter_who_opens_her_own_salon_changes_her_role():
    before = life.read("I rent a chair at Fade Kings on Deansgate so my clients book me direct")
    after = life.read("we open on friday!! I'm a salon owner now")
    changed = {old.attribute: (old.value, new.value) for old, new in life.changes(before, after)}
    assert changed.get("role") == ("chair renter", "salon owner")


def test_working_for_herself_then_a_second_job_changes_the_employer():
    before = life.read("self assessment time. I'm self-employed, no employer, just the bakery")
    after = life.read("I've started at Leeds City College as a part-time assessor, the bakery is still mine")
    changed = {old.attribute: (old.value, new.value) for old, new in life.changes(before, after)}
    assert changed.get("employer") == ("self-employed", "leeds city college")


def test_a_staple_eaten_every_day_then_low_carb_changes_the_diet():
    before = life.read("my GP says my sugar is borderline. I eat bread nearly every day, what do I do")
    after = life.read("I'm doing low carb now, two weeks in")
    changed = {old.attribute: (old.value, new.value) for old, new in life.changes(before, after)}
    assert changed.get("diet") == ("bread every day", "low carb")


@pytest.mark.parametrize("question", ["what plumbing qualification do I have", "what qualifications do I have"])
def test_a_question_of_her_qualification_asks_the_certification(question):
    assert "certification" in life.asked(question)


def test_a_place_that_is_also_a_banks_name_moved_to_is_still_a_home():
    assert _read("I moved to Santander last spring")["home"] == "santander"


def test_children_named_by_their_ages_in_brackets_beside_a_separation_read_only_the_separation():
    said = _read(
        "me and Femi have separated. how do I explain it to Ife (11) and Bisi (7) without them blaming themselves"
    )
    # (the separation ends the partner too since session 42: weak42, a breakup's class; no child is read)
    assert said == {"relationship": "separated", "partner": "none"}
