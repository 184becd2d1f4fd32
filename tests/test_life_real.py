"""Forms read from real chats (LoCoMo and LongMemEval dev turns, session 29): a grade is no carrier, a
name joined by "and" stays whole, a working week said by how it changed, where a person comes from
beside where they live, a retirement dated by a year or planned, and what friends say of their own
lives in a chat between two people. Each with its look-alikes that must read nothing."""

from __future__ import annotations

import pytest

from memory import life, names


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


def _said(text: str) -> tuple[life.Said, ...]:
    return life.read.__wrapped__(text)


# -- a grade is no carrier -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I got an A1 in maths",
        "I got an A1 in my maths exam",
        "I scored an A1 in maths",
        "I got A1 for maths",
        "got an A1 on my chemistry test!",
        "I got an O2 in Irish",  # a Leaving Cert grade, and a carrier's name
        "i got a h1 in english and an o2 in irish",
        "I got two A1s in maths and physics",
        "I got an A1 overall",
    ],
)
def test_a_grade_shaped_like_a_carrier_is_no_carrier(text):
    assert "phone provider" not in _read(text), _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm with A1 now", "a1"),
        ("I switched to A1 last month", "a1"),
        ("I got A1 in Vienna", "a1"),
        ("I switched to O2 in March", "o2"),
        ("I'm on O2 for my phone", "o2"),
    ],
)
def test_the_carrier_of_that_name_is_still_read(text, value):
    assert _read(text).get("phone provider") == value


# -- a name joined by "and" or "&" stays whole -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("My favourite food is Mac and Cheese", "favourite:food", "mac and cheese"),
        ("my favourite food is mac and cheese", "favourite:food", "mac and cheese"),
        ("my favourite dinner is fish and chips on a friday", "favourite:dinner", "fish and chips"),
        ("My favorite cartoon is Tom and Jerry.", "favourite:cartoon", "tom and jerry"),
        ("My favorite show is Rick and Morty", "favourite:show", "rick and morty"),
        ("I work at Marks and Spencer now", "employer", "marks and spencer"),
        ("I work at Procter and Gamble", "employer", "procter and gamble"),
        ("I work at Marks & Spencer.", "employer", "marks spencer"),
        ("I moved to Trinidad and Tobago", "home", "trinidad and tobago"),
        ("We live in Bosnia and Herzegovina since 2019", "home", "bosnia and herzegovina"),
    ],
)
def test_a_name_made_with_and_is_read_whole(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I work at Google and Jane works at Meta", "employer", "google"),
        ("I work at Google and I love it", "employer", "google"),
        ("I moved to Leeds and started a new job", "home", "leeds"),
        ("my favourite food is pizza and pasta is a close second", "favourite:food", "pizza"),
        ("my manager is Priya and Tom is my mentor", "manager", "priya"),
    ],
)
def test_an_and_that_goes_on_with_the_sentence_ends_the_name(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


def test_one_name_written_with_and_or_with_ampersand_is_one_value():
    said = life.read.__wrapped__("I work at Marks & Spencer.")
    assert life.changes(said, life.read.__wrapped__("I work at Marks and Spencer now")) == []
    assert life.restates(said, life.read.__wrapped__("I work at Marks and Spencer now"))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My favourite food is Mac and Cheese.", "Mac and Cheese"),
        ("I love Mac and Cheese", "Mac and Cheese"),
        ("We had Fish and Chips in Brighton", "Fish and Chips"),
        ("My favourite show is Succession and Tom is obsessed too", "Succession"),
        ("My favorite band is Florence and The Machine", "Florence and The Machine"),
        ("I shop at Marks & Spencer", "Marks & Spencer"),
        ("We watched Tom and Jerry", "Tom and Jerry"),
    ],
)
def test_a_page_named_with_and_keeps_the_whole_name(text, name):
    found = [n.name for n in names.extract(text)]
    assert name in found and not {"Mac", "Cheese", "Fish", "Chips", "Florence"} & set(found), found


def test_two_people_joined_by_and_stay_two_pages():
    assert {n.name for n in names.extract("My favourite people are Anna and Tom.")} == {"Anna", "Tom"}


# -- a working week said by how it changed ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I've gone down to three days a week", "schedule:work", "three days a week"),
        ("I've gone down to 3 days a week now", "schedule:work", "3 days a week"),
        ("I went down to four days a week in March", "schedule:work", "four days a week"),
        ("I'm down to three days a week", "schedule:work", "three days a week"),
        ("I've cut down to three days a week", "schedule:work", "three days a week"),
        ("I've gone up to five days a week", "schedule:work", "five days a week"),
        ("I'm on four days a week now", "schedule:work", "four days a week"),
        ("I work 30 hours a week", "hours:work", "30 hours a week"),
        ("I've gone down to 30 hours a week", "hours:work", "30 hours a week"),
        ("I cut my hours to 24 a week", "hours:work", "24 hours a week"),
        ("I've reduced my hours to 20 hours a week", "hours:work", "20 hours a week"),
        ("I do thirty hours a week", "hours:work", "30 hours a week"),
        ("I'm doing 37.5 hours a week", "hours:work", "37.5 hours a week"),
        ("I work 40 hours a week at Zalando.", "hours:work", "40 hours a week"),
        ("I'm down to 3 days a week at the Royal Free", "schedule:work", "3 days a week"),
    ],
)
def test_a_working_week_said_by_how_it_changed_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I've gone down to three days a week at the gym",
        "I'm going down to three days a week in May",
        "my wife has gone down to three days a week",
        "should I go down to three days a week?",
        "I'll go down to three days a week",
        "I worked 60 hours a week at my old job",
        "I study 20 hours a week",
        "I do 10 hours a week of volunteering",
    ],
)
def test_a_working_week_of_someone_else_or_of_a_plan_reads_nothing(text):
    assert not {"schedule:work", "hours:work"} & set(_read(text)), _read(text)


def test_fewer_days_or_hours_a_week_are_a_change_and_the_same_number_is_not():
    five, three = _said("I work Monday to Friday"), _said("I've gone down to three days a week")
    assert [(o.value, n.value) for o, n in life.changes(five, three)] == [
        ("monday tuesday wednesday thursday friday", "three days a week")
    ]
    forty, thirty = _said("I work 40 hours a week"), _said("I've gone down to 30 hours a week")
    assert [(o.value, n.value) for o, n in life.changes(forty, thirty)] == [("40 hours a week", "30 hours a week")]
    assert life.restates(thirty, _said("I do thirty hours a week now"))
    assert life.asked("how many hours a week do I work") == {"hours:work"}
    assert life.asked("how many days a week do I work") == {"schedule:work"}


# -- where a person comes from, beside where they live ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I moved from Sweden", "sweden"),
        ("I'm originally from Sweden", "sweden"),
        ("I grew up in Sweden", "sweden"),
        ("I moved here from Sweden five years ago", "sweden"),
        ("I was born in Manila, Philippines", "manila"),
        ("I was born and raised in Ohio", "ohio"),
        ("I'm originally from the UK but live in Spain", "united kingdom"),  # one place however it is named
        ("We emigrated from Poland in 2004", "poland"),
        ("This necklace is a gift from my grandma in my home country, Sweden.", "sweden"),
        ("I became well-known in my hometown of Mandeville", "mandeville"),
        ("My hometown is Leeds", "leeds"),
        ("Je viens de Suède", "sweden"),  # in French or English: one place
        ("Je suis originaire du Québec", "québec"),
        ("J'ai grandi à Lyon", "lyon"),
    ],
)
def test_where_a_person_comes_from_is_their_origin(text, value):
    assert _read(text).get("origin") == value, _read(text)
    assert "home" not in _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("driving to opole for wigilia. back home in opole where i grew up my mom makes pierogi", "opole"),
        ("I went back to Leeds, where I was born", "leeds"),
        ("We visited the village in Kent where I grew up", "kent"),
    ],
)
def test_a_place_named_before_where_i_grew_up_is_the_origin(text, value):
    assert _read(text).get("origin") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    ["back at the house where I grew up", "in the town where I grew up", "in sunny leeds where i grew up"],
)
def test_a_place_typed_in_lower_case_before_where_i_grew_up_is_an_origin_only_as_a_city(text):
    assert "origin" not in _read(text), _read(text)


def test_a_move_from_one_place_to_another_is_origin_and_home():
    assert _read("I moved from Sweden to Berlin") == {"origin": "sweden", "home": "berlin"}
    assert _read("I moved to Berlin from Sweden") == {"origin": "sweden", "home": "berlin"}
    assert _read("Je suis née en Suède, mais j'habite à Montréal") == {"origin": "sweden", "home": "montréal"}
    origin = _said("I'm originally from Sweden")
    assert life.changes(origin, _said("I moved to Berlin")) == []  # a home is no change of origin


@pytest.mark.parametrize(
    "text",
    [
        "I was born in May",
        "I was born in March 1990",
        "my mom was born in Dublin",
        "My sister grew up in Leeds",
        "I grew up in a traditional household",
        "when I grew up in Leeds I had a dog",
        "If I moved from Sweden I would miss it",
        "I came from Paris yesterday",
        "je viens de déménager à Lyon",
        "Ma mère est née à Lyon",
    ],
)
def test_a_look_alike_of_an_origin_reads_none(text):
    assert "origin" not in _read(text), _read(text)


def test_origin_is_asked_apart_from_home():
    for query in ("where did I grow up", "where am I from", "where was I born", "what is my hometown"):
        assert life.asked(query) == {"origin"}, query
    assert life.asked("where do I live") == {"home"}


# -- a retirement dated by a year, or planned ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I retired in 2019", "retired 2019"),
        ("I retired in March 2019", "retired 2019"),
        ("I retired from Delphi in 2015 after 31 years", "retired 2015"),
        ("I've been retired since 2015", "retired 2015"),
        ("I took early retirement in 2020", "retired 2020"),
        ("I'll retire next year", "planned next year"),
        ("I retire next year", "planned next year"),
        ("I'm retiring in 2027", "planned 2027"),
        ("I'm going to retire next spring", "planned next spring"),
        ("I plan to retire in 2030", "planned 2030"),
        ("J'ai pris ma retraite en 2019", "retired 2019"),
        ("Je suis à la retraite depuis 2015", "retired 2015"),
        ("Je prends ma retraite l'année prochaine", "planned next year"),
        ("Je vais prendre ma retraite en 2027", "planned 2027"),
    ],
)
def test_a_retirement_dated_or_planned_is_read(text, value):
    assert _read(text).get("retirement") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my dad retired in 2019",
        "if I retire next year I'll move to the coast",
        "should I retire next year?",
        "I'm thinking about retiring next year",
        "I might retire next year",
        "Si je prends ma retraite l'année prochaine",
        "Mon père a pris sa retraite en 2019",
    ],
)
def test_a_retirement_of_someone_else_or_a_wish_reads_none(text):
    assert "retirement" not in _read(text), _read(text)


def test_a_planned_retirement_then_a_done_one_is_a_change():
    planned, done = _said("I'll retire next year"), _said("I retired in 2025")
    assert [(o.value, n.value) for o, n in life.changes(planned, done)] == [("planned next year", "retired 2025")]
    assert life.asked("when did I retire") == {"retirement"}


# -- what friends say of their own lives (LoCoMo: two people talking) -------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I'm lucky to have my husband and kids; they keep me motivated.", "relationship", "married"),
        ("Speaking of special moments, my wife and I just left for our European vacation!", "relationship", "married"),
        ("My husband has been a great help with cooking.", "relationship", "married"),
        ("I just signed up for a pottery class yesterday.", "schedule:pottery", "now"),
        ("I started playing acoustic guitar about five years ago.", "schedule:guitar", "now"),
        ("Been busy volunteering. Just started doing aerial yoga, it's great.", "schedule:aerial yoga", "now"),
        ("That's when I started painting.", "schedule:painting", "now"),
        ("I joined a choir last month", "schedule:choir", "now"),
    ],
)
def test_what_a_friend_says_of_their_own_life_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my ex-wife lives in Leeds",
        "my late husband loved this song",
        "my husband-to-be is great",
        "I hope to meet my future wife one day",
        "my sister's husband is a chef",
        "my wife passed away last year",
        "my husband and I are separating",
        "If my wife agrees, we'll go",
        "I started painting the house",
        "I started drawing up plans",
        "I started piano lessons for my son",
        "my daughter started piano",
    ],
)
def test_a_look_alike_of_a_friends_own_life_reads_nothing_of_it(text):
    said = _read(text)
    assert said.get("relationship") != "married" and not any(a.startswith("schedule:") for a in said), said


@pytest.mark.parametrize(
    ("text", "origin"),
    [("I am from Sweden originally", "sweden"), ("I'm from Kraków, originally, but Berlin is home now", "kraków")],
)
def test_an_origin_said_with_originally_after_the_place(text, origin):
    assert ("origin", origin) in [(s.attribute, s.value) for s in life.read(text)]


@pytest.mark.parametrize(
    "text",
    ["My wife is from Sweden originally", "Are you from Sweden originally?", "I'm from the billing team originally"],
)
def test_originally_after_someone_elses_place_reads_no_origin(text):
    assert "origin" not in [s.attribute for s in life.read(text)]
