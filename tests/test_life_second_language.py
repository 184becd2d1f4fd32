"""A life written in English learned after another language (memory/life.py's `_SECOND_LANGUAGE`), in
other words than tests/fixtures/lucia's: other names, other places, the shapes Spanish, Portuguese,
Italian, French and German speakers share ("I am in Lyon since march", "my boss is called Ana", "I am
senior developer", "I changed the bank for ING"), and the near misses that must stay unread (a listing,
a test persona, a plan said with "eventually", an offer imagined, a fake user's address, someone else's
new job, words asked to be said in another language)."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # present tense and "since" for a state that began
        ("I am in lyon since two months and I love it", "home", "lyon"),
        ("I'm in Porto since january, the rent is cheaper", "home", "porto"),
        ("actually I am in Munich since last year, I work remote", "home", "munich"),
        # a home taken by its contract, by the last place of it
        ("we signed the contract for the flat in rua augusta, in lisbon!", "home", "lisbon"),
        ("I signed the lease for the apartment in Kreuzberg, finally", "home", "kreuzberg"),
        # a firm: "employee of", "the new job in"
        ("now I am employee of Zalando, a german company", "employer", "zalando"),
        ("first day in the new job in Miravia, very nervous", "employer", "miravia"),
        ("my new job in Telepizza is far from home", "employer", "telepizza"),
        # a role without its article
        ("I am senior developer in a bank now", "role", "senior developer"),
        ("now I am team lead officially", "role", "team lead"),
        ("I am data analyst there since 2021", "role", "data analyst"),
        # a name "is called"
        ("my boss is called Ana, she is very strict", "manager", "ana"),
        ("my manager is called luca and he is italian", "manager", "luca"),
        # who the person is with, in a plan too
        ("I want to cook something for my girlfriend Inês and her parents", "partner", "inês"),
        ("my boyfriend joão is coming to the party", "partner", "joão"),
        # a permit and a visa held
        ("finally I have the NIE card with the residence permit", "visa", "residence permit"),
        ("I have got the student visa, I fly in august", "visa", "student"),
        ("I have the BRP with the work permit now", "visa", "work permit"),
        # a doctor as "the doctora", "Dra.", "I go to"
        ("my médico de familia in the centro de salud is the doctora Ruiz.", "doctor", "dr ruiz"),
        ("now I go to a doctor in the private clinic, Dra. Elena Costa, near my work", "doctor", "dr elena costa"),
        ("I see Dr Moreau now for the back", "doctor", "dr moreau"),
        # a gym gone to, and one in place of another
        ("I go to the Anytime Fitness near my house four times per week", "gym", "anytime fitness"),
        ("I changed the gym for a bouldering gym, Boulderwelt, is more social", "gym", "boulderwelt"),
        # pets: none, then some
        ("I don't have pets because my landlord says no", "pets", "none"),
        ("we adopted a dog! he is a mix of labrador", "pets", "some"),
        ("I rescued a kitten from the street, she is black", "pets", "some"),
    ],
)
def test_a_second_language_writers_statements_are_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a listing, a test persona, a fake user's address, a bug report's player
        ("Piso en calle del Pez 12, Malasaña, 40m2, 1.050€/mes", "home"),
        ('please make 5 personas like this: "Carla lives in Bilbao and works as a nurse"', "home"),
        ("Steps: 1. login 2. change address to Valencia 1234, Córdoba 3. save", "home"),
        # plans and conditions ("eventually" is maybe)
        ("eventually we could move to Valencia someday, she says", "home"),
        ("if they offer me the lead position I will ask for more money", "role"),
        ("eventually when I change of piso I would like a cat", "pets"),
        ("I am between madrid or barcelona for the nomad visa", "home"),
        # someone else's life
        ("my brother Pedro started in a new job in Rosario, in a bank", "employer"),
        ("núria changed to a new job in the hospital del Mar", "employer"),
        ("my sister is in Lisbon since march", "home"),
        ("Arjun is waiting for his highly qualified visa", "visa"),
        ("my ex-boyfriend tomás is with a new girl", "partner"),
        ("I want to have a conversation with my boyfriend about our future", "partner"),  # no name
        ("my boyfriend Ray says I should reward myself", "relationship"),  # his name, not the relationship
        ("Do not say I'm creative director, just make it in such a style", "role"),  # words not to write
        ("today I have 34 years :) la nona sent me an audio", "role"),  # an age
        # a time gone, a month or a field after "the new job in"
        ("when I was with my boyfriend tomás we lived in Rosario", "partner"),
        ("I start the new job in january, I am so nervous", "employer"),
        ("my new job in marketing is boring", "employer"),
        ("my new job in HR is so much paperwork", "employer"),
        ("I am support for my family since my dad died", "role"),
        ("I am owner of the dog that bit him", "role"),
        ("I am in love since the first day", "home"),
        ("I am in QA since 2020", "home"),
        ("I am in Paris since yesterday for a conference", "home"),  # a visit
        ("I'm in Berlin since 2 days on holiday", "home"),
        ("I am in Rome since last week for a conference, back on friday", "home"),
        # words asked to be said in another language, not said
        ("how I say in catalan: good morning, I work in a videogames company, I live in gràcia?", "home"),
        ("how do you say in German: I live in Munich and I am engineer", "home"),
        # a gym and a pet named as a wish or a thing
        ("I have a cat allergy so no cats for me", "pets"),
        ("I changed the gym for the morning, is less full", "gym"),
    ],
)
def test_near_misses_stay_unread(text, attribute):
    assert attribute not in _read(text)


def test_a_part_of_madrid_barcelona_or_buenos_aires_is_its_city():
    lavapies = life.Said("home", "lavapiés", "lavapiés", life.IDENTITY)
    madrid = life.Said("home", "madrid", "Madrid", life.IDENTITY)
    gracia = life.Said("home", "gràcia", "gràcia", life.IDENTITY)
    assert life.same(lavapies, madrid)
    assert not life.same(madrid, gracia)
    assert life.same(gracia, life.Said("home", "barcelona", "barcelona", life.IDENTITY))


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("We got a puppy. His name is Biscuit.", "dog", "biscuit"),
        ("I rescued a kitten! her name is mora", "cat", "mora"),
    ],
)
def test_a_pet_got_is_named_in_the_next_sentence(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    "text",
    [
        "I want to adopt a cat. her name is Luna.",  # a wish
        "We got a new car. Her name is Betsy.",  # no pet
        "my sister adopted a dog. his name is Rex.",  # hers
        "I got a dog. the name is important for me",  # no name
    ],
)
def test_a_name_after_no_pet_got_names_no_pet(text):
    assert not set(life.PET_KINDS) & set(_read(text))


@pytest.mark.parametrize(
    ("query", "attribute"),
    [
        ("how is called my sister", "name:sister"),
        ("how is called my dog", "dog"),
        ("where I was born", "origin"),
        ("where we are from", "origin"),
        ("to what I am allergic", "allergy"),
        ("what I eat normally?", "diet"),
        ("I am smoker?", "schedule:smoking"),
        ("I have a boyfriend?", "relationship"),
        ("I have pets?", "pets"),
        ("where I do sport", "gym"),
        ("which company is my mobile", "phone provider"),
        ("in which university I studied", "university"),
    ],
)
def test_a_second_language_writers_questions_ask_their_attribute(query, attribute):
    assert attribute in life.asked(query)


@pytest.mark.parametrize("query", ["how is called the capital of Peru", "where was Picasso born", "what dogs eat"])
def test_questions_of_other_things_ask_nothing_of_the_person(query):
    assert not {"name:sister", "origin", "diet", "dog"} & life.asked(query)
