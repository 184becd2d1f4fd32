"""Facts of a person's own life said in passing, on the way to a question (memory/life.py
`_IN_PASSING`): a pet named after its kind or breed, a blood type, service in the armed forces, a
health insurer, a thesis, who the person lives with. The held-out personas (tests/fixtures/teacher,
retiree, developer, phd) said each so, and no rule read it. Each is read in the first person only:
someone else's ("my sister is O negative", "my dad was in the navy"), a question, a plan and a
quality are not."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read(text)}


@pytest.mark.parametrize(
    ("text", "kind", "name"),
    [
        ("our kelpie Biscuit is 8 months and absolutely feral in the evenings", "dog", "biscuit"),
        ("my beagle Rusty keeps barking at the postie", "dog", "rusty"),
        ("our dog Biscuit ate a sock", "dog", "biscuit"),
        ("our dog biscuit is 3 years old", "dog", "biscuit"),
        ("my cat Luna sleeps on my keyboard", "cat", "luna"),
        ("my German Shepherd Rex hates the vacuum", "dog", "rex"),
    ],
)
def test_a_pet_named_after_its_kind_or_breed_is_read(text, kind, name):
    assert _read(text).get(kind) == name


@pytest.mark.parametrize(
    "text",
    [
        "my sister's dog Biscuit is so cute",  # someone else's
        "my dog just turned 3 years old",  # no name
        "my dog Monday morning was sick",  # a day
        "my lab Slack channel is noisy",  # a workplace, not a labrador
        "our dog is a menace",
        "my dog biscuit",  # a lower-case word without an age after it may be anything
    ],
)
def test_a_pet_is_not_read_from_look_alikes(text):
    assert not {"dog", "cat"} & _read(text).keys()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I’m O negative so lifeblood keep texting me to come back lol", "o negative"),
        ("red cross keeps calling me, they say im O negative so they want me every 8 weeks", "o negative"),
        ("my blood group is A+", "a positive"),
        ("my blood type's AB-", "ab negative"),
        ("i'm type O so everyone wants my blood", "o"),
        ("I have B positive blood", "b positive"),
        ("im o neg btw", "o negative"),
    ],
)
def test_a_blood_type_is_read(text, value):
    assert _read(text).get("blood type") == value


@pytest.mark.parametrize(
    "text",
    [
        "my sister is O negative",
        "am i O negative?",
        "if I'm O negative can I donate plasma",
        "I'm a negative person in the mornings",
        "I'm A-OK thanks",
        "the donor was O negative",
    ],
)
def test_a_blood_type_is_not_read_from_look_alikes(text):
    assert "blood type" not in _read(text)


@pytest.mark.parametrize(
    ("text", "branch"),
    [
        ("im a navy man, machinists mate 1975 to 79 on the uss forrestal", "navy"),
        ("I was in the army for 6 years", "army"),
        ("served 22 years in the navy, retired as a chief", "navy"),
        ("ex-RAF here, question about pensions", "air force"),
        ("I'm a former marine and my knees show it", "marines"),
        ("I joined the air force at 18", "air force"),
        ("i did 4 yrs in the marines", "marines"),
        ("I'm an army vet", "army"),
        ("navy veteran here", "navy"),
    ],
)
def test_service_in_the_armed_forces_is_read(text, branch):
    assert _read(text).get("military") == branch


@pytest.mark.parametrize(
    "text",
    [
        "my dad was in the navy",
        "my son is in the army now",
        "I'm a marine biologist",
        "I was in the navy yard yesterday for a tour",
        "I'm a navy wife, we move every 3 years",
        "I'm thinking of joining the army",
        "should I join the navy?",
        "I bought a navy blue dress",
        "I was in the Salvation Army shop",
    ],
)
def test_service_is_not_read_from_look_alikes(text):
    assert "military" not in _read(text)


@pytest.mark.parametrize(
    ("text", "insurer"),
    [
        ("new hire benefits finally kicked in, I picked the HSA plan so I'm on HealthPartners now", "healthpartners"),
        ("we're insured through Kaiser since the new job, the deductible is brutal", "kaiser"),
        ("I'm with Blue Cross now, is physio covered by my insurance", "blue cross"),
    ],
)
def test_a_health_insurer_said_in_passing_is_read(text, insurer):
    assert _read(text).get("insurance") == insurer


@pytest.mark.parametrize(
    "text",
    [
        "my insurance won't cover it so I'm on Lexapro",  # a medicine
        "I'm on Verizon and my phone insurance is a rip-off",  # a carrier
        "I'm on HealthPartners now",  # no word of insurance: any name
        "my sister's insurance is awful, she's on Medicaid",
    ],
)
def test_an_insurer_is_not_read_from_look_alikes(text):
    assert "insurance" not in _read(text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "3rd year phd student here, thesis is on grid cells in mouse MEC. my rate maps look blurry",
            "grid cells in mouse mec",
        ),
        ("my dissertation is about housing policy", "housing policy"),
        ("I'm writing my thesis on Byzantine coins", "byzantine coins"),
        ("my masters thesis is on soil microbes, and the lab is freezing", "soil microbes"),
    ],
)
def test_a_thesis_is_read(text, topic):
    assert _read(text).get("thesis") == topic


@pytest.mark.parametrize(
    "text",
    ["my sister's thesis is on bees", "what should my thesis be about?", "if my thesis is on bees I need a lab"],
)
def test_a_thesis_is_not_read_from_look_alikes(text):
    assert "thesis" not in _read(text)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("jonas and i finally have a place together in Eimsbüttel, no more WG fridge wars", "jonas"),
        ("my WG (me + 3 flatmates) has a fridge situation", "flatmates"),
        ("I live with my boyfriend Tom", "tom"),
        ("I live with 3 roommates", "flatmates"),
        ("I moved in with my girlfriend last month", "girlfriend"),
    ],
)
def test_who_the_person_lives_with_is_read(text, who):
    assert _read(text).get("living with") == who


@pytest.mark.parametrize(
    "text",
    [
        "I live with MS and it's exhausting",
        "I live with Type 1 diabetes",
        "my sister and her boyfriend have a place together",
        "should I move in with my boyfriend?",
        "I can live with that",
    ],
)
def test_who_the_person_lives_with_is_not_read_from_look_alikes(text):
    assert "living with" not in _read(text)


def test_a_flatshare_then_a_place_together_is_a_change():
    old = life.read("my WG (me + 3 flatmates) has a fridge situation")
    new = life.read("jonas and i finally have a place together in Eimsbüttel")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("flatmates", "jonas")]


def test_a_new_insurer_said_in_passing_changes_the_one_before():
    old = life.read("my insurance is Aetna through work")
    new = life.read("new hire benefits finally kicked in, I picked the HSA plan so I'm on HealthPartners now")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("aetna", "healthpartners")]


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what's my blood type", "blood type"),
        ("what blood type am I", "blood type"),
        ("which branch of the military did I serve in", "military"),
        ("was I in the navy", "military"),
        ("what was my phd thesis about", "thesis"),
        ("what's my dissertation on", "thesis"),
        ("what's my masters thesis about", "thesis"),
        ("who do i live with", "living with"),
        ("what's my dog called", "dog"),
    ],
)
def test_the_questions_ask_for_the_fact(question, attribute):
    assert attribute in life.asked(question)


@pytest.mark.parametrize("question", ["what's my sister's blood type", "which branch of the bank is open"])
def test_other_questions_do_not_ask_for_them(question):
    assert not {"blood type", "military"} & life.asked(question)


@pytest.mark.parametrize(
    ("text", "bank"),
    [
        ("sparkasse is charging me 6,90 a month for my girokonto. is that normal", "sparkasse"),
        ("Barclays charged me £25 for my overdraft", "barclays"),
        ("so revolut charged me for my card abroad", "revolut"),
    ],
)
def test_a_bank_said_by_what_it_charges_for_the_persons_account_is_read(text, bank):
    assert _read(text).get("bank") == bank


@pytest.mark.parametrize(
    "text",
    [
        "the gym is charging me for my card",  # no bank
        "my dad says HSBC charged him for his account",  # his
        "if Chase charges me for my account I'll leave",  # a condition
    ],
)
def test_a_bank_is_not_read_from_look_alikes(text):
    assert "bank" not in _read(text)


def test_a_bank_said_by_its_charges_then_another_is_a_change():
    old = life.read("sparkasse is charging me 6,90 a month for my girokonto now?? is that normal")
    new = life.read("everything's at DKB these days")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("sparkasse", "dkb")]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("my german B1 course at the VHS is monday evenings and the homework is killing me", "monday"),
        ("doing C1 now at the Hamburger VHS, wednesday evenings after work", "wednesday"),
        ("my B1 class is on tuesdays", "tuesday"),
        ("started A2 at the Goethe, thursday evenings", "thursday"),
    ],
)
def test_a_language_class_said_by_its_level_and_day_is_read(text, day):
    assert _read(text).get("schedule:language") == day


@pytest.mark.parametrize(
    "text",
    [
        "my B2 exam is on friday",  # once, not a class
        "my son's B1 class is on monday",  # his
        "I need a B1 visa before monday",
        "should I do B2 on thursdays?",
    ],
)
def test_a_language_level_is_not_read_from_look_alikes(text):
    assert "schedule:language" not in _read(text)


def test_a_language_class_moved_to_another_day_is_a_change():
    old = life.read("my german B1 course at the VHS is monday evenings")
    new = life.read("doing C1 now at the Hamburger VHS, wednesday evenings after work")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("monday", "wednesday")]
    assert {s.attribute: s.value for s in old}["schedule:german"] == "monday"  # its language's too


def test_a_language_class_by_its_level_answers_the_question_of_a_language_class():
    assert life.asks_for(life.asked("what evening is my german class"), "schedule:language")
    assert not life.asks_for(life.asked("what evening is my pottery class"), "schedule:language")


@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("it’s my birthday in november (the 19th) and my flatmates want to bake", "november 19"),
        ("today is my birthday, march 9, 66 years old", "march 9"),
        ("my birthday’s in October and I just know Dev is planning a surprise party", "october"),
        ("my bday is the 3rd of May", "may 3"),
        ("I was born on 12 June 1990", "june 12"),
    ],
)
def test_a_birthday_is_read(text, when):
    assert _read(text).get("birthday") == when


@pytest.mark.parametrize(
    "text",
    [
        "my son's birthday is in May",
        "it's my mum's birthday on march 3",
        "my birthday is next week",
        "if my birthday is in May we could go camping",
        "my birthday party is on march 3",
        "I was born in 1990",
    ],
)
def test_a_birthday_is_not_read_from_look_alikes(text):
    assert "birthday" not in _read(text)


@pytest.mark.parametrize("question", ["which month is my birthday", "when is my birthday", "when was I born"])
def test_a_birthday_question_asks_for_it(question):
    assert "birthday" in life.asked(question)


@pytest.mark.parametrize(
    ("text", "attribute", "day"),
    [
        ("started a wheel throwing class tuesday nights at a studio in Norwood", "schedule:pottery", "tuesday"),
        ("I take a spin class monday mornings", "schedule:spin", "monday"),
        ("I have a ceramics class thursday evenings", "schedule:pottery", "thursday"),
    ],
)
def test_a_class_and_its_day_with_no_on_between_is_read(text, attribute, day):
    assert _read(text).get(attribute) == day


@pytest.mark.parametrize(
    "text", ["my son's swim class monday", "I'm thinking of taking a yoga class tuesdays", "knife throwing is fun"]
)
def test_a_class_day_is_not_read_from_look_alikes(text):
    assert not [a for a in _read(text) if a.startswith("schedule:")]


def test_a_wheel_throwing_class_then_a_pottery_day_is_a_change():
    old = life.read("started a wheel throwing class tuesday nights at a studio in Norwood")
    new = life.read("the only pottery studio with space here runs on sunday afternoons so that's my pottery day now")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("tuesday", "sunday")]


@pytest.mark.parametrize(
    ("text", "church"),
    [
        ("the 9 oclock at queen of peace is packed, standing room only", "queen of peace"),
        ("at st albert the great they want me to run the grill at the parish picnic", "st albert"),
        ("my parish is St Luke's", "st luke"),
        ("we go to mass at Holy Family every sunday", "holy family"),
        ("the 10:30 mass at Our Lady of Lourdes is my favourite", "lady of lourdes"),
    ],
)
def test_a_church_is_read(text, church):
    assert _read(text).get("church") == church


@pytest.mark.parametrize(
    "text",
    [
        "at St Brigid's we use Canvas, can I bulk upload quiz questions",  # a school: no word of church life
        "we went to a wedding at St Patrick's church last week",  # a visit
        "I love the mass at Santa Monica pier",  # a city
        "my mom's parish is St Luke's",  # hers
        "last sunday at st albert's, father jim gave me a blessing for the trip",  # a trip said with it
    ],
)
def test_a_church_is_not_read_from_look_alikes(text):
    assert "church" not in _read(text)


def test_a_new_church_is_a_change_and_the_question_asks_for_it():
    old = life.read("at st albert the great they want me to run the grill at the parish picnic, 300 people")
    new = life.read("the 9 oclock at queen of peace is packed, standing room only")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("st albert", "queen of peace")]
    assert "church" in life.asked("which church do I go to")


def test_a_church_to_be_gone_to_is_not_yet_the_persons():
    said = _read("I'm really looking forward to attending the Easter Vigil service at St. Joseph's Church")
    assert "church" not in said
    assert _read("I attend Sunday mass at St. Mary's Church, and the sermon was moving")["church"] == "st mary"
