"""Where a person lives and is from, as people write it (session 30, life15): a bare "I'm from
California", a place in lower case ("we moved to texas last year"), one place under its names in
several languages ("Suède" and "Sweden", "München" and "Munich"), a move said in Spanish or German,
a place in Chinese, Japanese or Korean, and a retirement said with no date.

A place is known by the lists (memory/vocab.place: countries and their names in other languages
and states or provinces from pycountry, cities from memory/data/cities.txt and their other names
from memory/data/exonyms.txt); a name typed in lower case or in a script without capitals is read
only as a place they know, so "I live in fear", "ich lebe in Angst" and "I'm from HR" read nothing.
"""

from __future__ import annotations

import pytest

from memory import life, vocab
from tests.conftest import about_now, chat_turns, life_changes


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


# -- 1. a bare origin or home, no country or state list ------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # the sentences of the brief, as written
        ("I'm from California", "origin", "california"),
        ("i am from india", "origin", "india"),
        ("I grew up in Ohio", "origin", "ohio"),
        ("we moved to texas last year", "home", "texas"),
        ("originally from São Paulo", "origin", "são paulo"),
        # siblings: casing, punctuation, persons, tenses
        # a line shouted in capitals is read as its words (life21: "I QUIT", "HEY THIS WORKS" typed on a phone)
        ("I'M FROM CALIFORNIA", "origin", "california"),
        ("im from ohio.", "origin", "ohio"),
        ("I am from India originally", "origin", "india"),
        ("We're from the UK!", "origin", "united kingdom"),
        ("we are from texas, y'all", "origin", "texas"),
        ("i grew up in ohio", "origin", "ohio"),
        ("Originally from Sao Paulo, now in Lisbon.", "origin", "sao paulo"),  # (accents: `life.same`)
        ("Born and raised in Ohio, lol", "origin", "ohio"),
        ("We moved to Texas last year", "home", "texas"),
        ("i moved to california in june", "home", "california"),
        ("I live in the UK", "home", "united kingdom"),
        ("we're living in new york city now", "home", "new york city"),
        ("j'habite à lyon maintenant", "home", "lyon"),
    ],
)
def test_a_bare_origin_or_home_is_read(text, attribute, value):
    found = _read(text)
    if attribute is None:
        assert "origin" not in found and "home" not in found, found
    else:
        assert found.get(attribute) == value, found


@pytest.mark.parametrize(
    "text",
    [
        "I'm from HR",  # a department, a company, a time: no place of the lists
        "I'm from Acme Corp",
        "I'm from the future",
        "i'm from work, can you help",
        "I'm back from Spain",  # a trip
        "I'm just home from Rome",
        "My sister is from Spain",  # someone else
        "my parents moved to texas last year",
        "I live in fear of the dentist",  # no place in lower case that the lists do not know
        "i grew up in poverty",
        "i live in a small town",
        "Where are you from, Ohio?",
        "Born in May",
        "If I moved to Texas I'd miss the rain",
        "I'm staying in the Latin Quarter, near my hotel",  # "the" before a place no list knows: a district
        "we moved to my parents' place for the summer",  # "my" is Vietnamese for the US ("Mỹ"): not here
        "i live in us",
    ],
)
def test_a_look_alike_of_an_origin_or_home_reads_none(text):
    found = _read(text)
    assert "origin" not in found and "home" not in found, found


# -- 2. one place under its names in several languages -------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("I moved to Suède", "I moved to Sweden"),
        ("I live in München", "I live in Munich"),
        ("I live in Deutschland", "I live in Germany"),
        ("j'habite à Munich maintenant", "ich wohne jetzt in München"),
        ("me mudé a Alemania", "we moved to germany"),
        ("I live in Wien", "I live in Vienna"),
        ("I'm from the US", "I'm from the United States"),
        ("I live in Firenze", "I live in Florence"),
        ("I grew up in Kiev", "I grew up in Kyiv"),
    ],
)
def test_a_place_under_another_name_is_one_place(one, other):
    (a,) = [s for s in life.read(one) if s.attribute in ("home", "origin")]
    (b,) = [s for s in life.read(other) if s.attribute in ("home", "origin")]
    assert a.value == b.value and life.same(a, b), (a, b)
    assert life.changes((a,), (b,)) == [] and life.restates((a,), (b,))


@pytest.mark.parametrize(
    ("text", "attribute", "value", "shown"),
    [
        ("j'habite à Lyon maintenant", "home", "lyon", "Lyon"),
        ("me mudé a Madrid", "home", "madrid", "Madrid"),
        ("Ahora vivo en Sevilla", "home", "sevilla", "Sevilla"),
        ("nos mudamos a barcelona", "home", "barcelona", "barcelona"),
        ("soy de México", "origin", "méxico", "México"),
        ("ich wohne jetzt in Berlin", "home", "berlin", "Berlin"),
        ("Ich wohne in München", "home", "munich", "München"),
        ("wir sind nach Hamburg gezogen", "home", "hamburg", "Hamburg"),
        ("ich komme aus Österreich", "origin", "austria", "Österreich"),
        ("Ich bin in Wien aufgewachsen", "origin", "vienna", "Wien"),
    ],
)
def test_a_move_or_an_origin_in_spanish_or_german_reads(text, attribute, value, shown):
    (said,) = [s for s in life.read(text) if s.attribute == attribute]
    assert (said.value, said.shown) == (value, shown)


@pytest.mark.parametrize(
    "text",
    [
        "ich lebe in Angst",  # German writes every noun with a capital: only a place the lists know
        "Ich wohne in einer WG",
        "Soy de buena familia",
        "mi hermana vive en Madrid",  # someone else's
        "meine Schwester wohnt in Berlin",
    ],
)
def test_a_spanish_or_german_look_alike_reads_no_place(text):
    found = _read(text)
    assert "origin" not in found and "home" not in found, found


# -- 3. Chinese, Japanese, Korean ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value", "shown"),
    [
        ("我住在东京", "home", "tokyo", "东京"),
        ("東京に住んでいます", "home", "tokyo", "東京"),
        ("서울에 살아요", "home", "seoul", "서울"),
        ("我现在住在北京市朝阳区", "home", "beijing", "北京市"),  # the place, not the street after it
        ("私は大阪に住んでいます。", "home", "osaka", "大阪"),
        ("저는 부산에서 살고 있어요", "home", "busan", "부산"),
        ("서울로 이사했어요", "home", "seoul", "서울"),
        ("我来自中国", "origin", "china", "中国"),
        ("我是北京人", "origin", "beijing", "北京"),
        ("大阪出身です", "origin", "osaka", "大阪"),
    ],
)
def test_a_place_in_chinese_japanese_or_korean_reads_as_the_place(text, attribute, value, shown):
    (said,) = [s for s in life.read(text) if s.attribute == attribute]
    assert (said.value, said.shown) == (value, shown)


@pytest.mark.parametrize(
    "text",
    [
        "我妈妈住在北京",  # my mum lives in Beijing
        "彼は東京に住んでいます",  # he lives in Tokyo
        "엄마는 서울에 살아요",  # mum lives in Seoul
        "我住在一个小公寓",  # I live in a small flat: no place, and no garbage value
        "我是老师",  # I'm a teacher
        "部屋に住んでいます",  # I live in a room
    ],
)
def test_a_cjk_look_alike_reads_no_place(text):
    found = _read(text)
    assert "origin" not in found and "home" not in found, found


# -- 4. a status with no date --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm retired", "retired"),
        ("I retired", "retired"),
        ("i'm retired now, so i have time", "retired"),
        ("I am retired.", "retired"),
        ("I've just retired from the post office", "retired"),
        ("we're both retired", "retired"),
        ("I retired last year", "retired last year"),  # a time relative to the message: kept as said
        ("I retired in 2019", "retired 2019"),
    ],
)
def test_a_retirement_with_or_without_a_date_is_read(text, value):
    assert _read(text).get("retirement") == value


@pytest.mark.parametrize(
    "text",
    ["once I'm retired I'll travel", "when I'm retired", "My dad is retired", "I'm not retired", "if I retired"],
)
def test_a_retirement_not_the_persons_or_not_yet_reads_none(text):
    assert "retirement" not in _read(text)


def test_an_undated_status_is_dated_by_its_message_and_a_restatement_is_no_change(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-03-05", "I'm retired now, what's a good hobby for the mornings?"),
            ("2024-04-01", "I'm a student now, doing an evening course in pottery."),
            ("2024-05-02", "I live in München and the beer gardens are open."),
            ("2024-07-09", "Munich in summer is great, I live in Munich since spring."),
            ("2024-08-01", "I'm retired, so I can go to the 10am class."),
        ],
    )
    cli_json("import", str(path))
    assert life_changes(db) == []  # "München" then "Munich", "retired" then "retired": restatements
    now = about_now(cli_json)
    assert "**Retirement**: retired, since 2024-03-05" in now, now
    assert "**Role**: student, since 2024-04-01" in now, now
    # one place, one line, named by the name quire knows for it (life16: it kept the first spelling)
    assert "**Home**: Munich, since 2024-05-02" in now and "was" not in now and "München" not in now, now


def test_a_move_said_in_another_language_is_a_change_from_the_same_place_in_english(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I live in Sweden and the winters are long."),
            ("2024-06-05", "j'habite en Suède depuis longtemps, et j'adore ça."),
            ("2024-09-05", "ich wohne jetzt in Berlin, und es ist toll."),
        ],
    )
    cli_json("import", str(path))
    changes = life_changes(db)
    assert len(changes) == 1 and "Berlin" in changes[0][1] and "Suède" in changes[0][0], changes


def test_a_place_is_known_in_any_case_but_a_word_only_with_its_capital():
    assert vocab.place("sweden") == vocab.place("Suède") == vocab.place("SWEDEN") == "Sweden"
    assert vocab.place("Nice") == "Nice" and vocab.place("nice") is None  # a city that is a word
    assert vocab.place("Edo") is None or vocab.place("Edo") == "Edo"  # a Nigerian state, not Tokyo's old name
    assert vocab.place("") is None and vocab.place("\x00") is None and vocab.place("x" * 10_000) is None
    assert vocab.place("../etc/passwd") is None
    assert vocab.place("my") is None and vocab.place("us") is None and vocab.place("the US") == "United States"


# -- 5. found in LongMemEval and LoCoMo turns (read wrongly, or not read) ---------------------------


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("I'm also concerned about finding a place to live in Vancouver.", "home"),  # looking, not living
        ("It made a huge difference, and I felt so much more rested when I arrived in London.", "home"),  # a trip
        ("I'm super excited to try out the butterbeer and pumpkin fizz today.", "phone provider"),  # a drink
        ("Can you help me come up with a 4-week plan for my WOW series", "internet"),  # a series of posts
        ("My TV is a Samsung 4K, the streaming service is called StreamMax.", "phone"),  # a TV
        ("I also like how the Guardians of the Galaxy movies incorporate a lot of great music.", "phone"),  # a film
        ("we first describe the major shared techniques including pre\x02dicting ing targets", "bank"),  # a word
    ],
)
def test_a_look_alike_found_in_real_turns_reads_nothing(text, attribute):
    assert attribute not in _read(text), _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I switched to Fizz last month", "phone provider", "fizz"),  # the carrier, with its capital
        ("my account is with ING now", "bank", "ing"),
        ("I just got a Galaxy S23", "phone", "galaxy s23"),
        ("We arrived in Minneapolis last week and we're staying!", "home", "minneapolis"),
        # a commute in the progressive, one value with the simple present's
        ("Since I've been taking the bus to work and trying to cut my carbon footprint, it's nice.", "commute", "bus"),
        ("I've been cycling to work since March", "commute", "bike"),
        ("I'm walking to work these days", "commute", "foot"),
        ("I cycle to work", "commute", "bike"),
    ],
)
def test_what_the_look_alikes_look_like_still_reads(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)
