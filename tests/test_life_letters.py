"""A life told in letters, a retired widower's (memory/life.py's block "Letters from a retired widower (session 40:
harold)", with `_having_done`, `_granted`, `_TRAINED_AS`, the concession of `_BUT_I` and memory/vocab.py
`_KEPT_AFTER`; tests/test_life_formal.py holds maeve's letters). Written after the blind harold fixture, in other
words than his (other towns, firms, names, churches): what a letter's formal register says of the person between
its greeting and its sign-off ("I am now settled in", "I have been voted in as", "has become my main interest",
"I am now registered with", "whom I met at", "Having switched X to Y, I", the fact a request rests on), and the
look-alikes that must read nothing of the person: a relative's change said the same formal way, a bill or a plan
(no switch), a case put."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


def _letter(body: str, greeting: str = "Dear Claude,", sign_off: str = "Yours sincerely,\nWinifred") -> str:
    return f"{greeting}\n\n{body}\n\n{sign_off}"


@pytest.mark.parametrize(
    ("body", "attribute", "value"),
    [
        # a home by its kind, then its place
        (
            "I am now settled in a one-bedroom cottage in Much Wenlock, with a view of the Edge. Could you help me "
            "with the address labels?",
            "home",
            "much wenlock",
        ),
        ("We are nicely settled into a terraced house near Hexham, and the garden is small.", "home", "hexham"),
        (
            "I live in the old farmhouse on Mill Lane in Bakewell, which my husband and I bought in 1981.",
            "home",
            "bakewell",
        ),
        # a post one is voted or elected into, as a letter says it
        (
            "I have been voted in as secretary of the Ledbury allotment society, heaven help them.",
            "role",
            "secretary",
        ),
        ("I have been duly elected as chairman of the parish council at the annual meeting.", "role", "chairman"),
        # registered with a dentist or a GP, by name
        (
            "I am now registered with a dentist in Tenbury, Mr Adeyemi at the Teme Dental Practice.",
            "dentist",
            "mr adeyemi",
        ),
        ("I am now registered with Dr Fairbrother and she seems very thorough.", "doctor", "dr fairbrother"),
        # the GP of a practice who asks or tells the person
        (
            "Dr Hussain at Castlefields Surgery has asked me to cut down on salt before my review.",
            "doctor",
            "dr hussain",
        ),
        # widowed, said as on one's own since a death
        ("I have been on my own since Arthur died, and the house is very quiet.", "relationship", "widowed"),
        ("I have been alone since my wife passed away in the spring.", "relationship", "widowed"),
        # a pastime by the words of a letter
        ("Gardening has been my great consolation since Dennis passed away.", "hobby", "gardening"),
        (
            "My knee has put paid to the tennis, and the Ludlow family history society has become my main interest.",
            "hobby",
            "ludlow family history society",
        ),
        # a church started at, with the vicar's plan after it in its own clause
        (
            "I have started going to St Michael's in Ledbury, and the rector has asked me to read next Sunday.",
            "church",
            "st michael",
        ),
        # a participle clause done by the main clause's "I"
        (
            "Having switched the gas and electricity to EDF Energy last month, I am now offered a smart meter.",
            "energy",
            "edf energy",
        ),
        (
            "Having moved my phone over to Tesco Mobile in the summer, I find the signal far better.",
            "phone provider",
            "tesco mobile",
        ),
        # the fact a request rests on is said, not asked
        (
            "Could you suggest a menu for Sunday, bearing in mind that I go to the early service at St Mary's and "
            "am out until noon?",
            "church",
            "st mary",
        ),
        # a saint's name ends at its "'s" ("St Oswald's and shall" was no church)
        ("I sing in the choir at St Oswald's and shall be late on Sunday.", "church", "st oswald"),
        # the firm a career was spent with, said beside the retirement
        (
            "I have been retired since 2009, after twenty-six years with Fairley Dunmore & Partners in Leicester.",
            "employer",
            "fairley dunmore partners",
        ),
        # a car in hand by the upkeep it needs now
        ("My old Skoda Octavia is due its MOT and the garage has quoted me £60.", "car", "skoda octavia"),
        # a concession states a fact after a hedge
        (
            "I should like it to sound as though I am not lonely, although I have been on my own since Brian died.",
            "relationship",
            "widowed",
        ),
    ],
)
def test_what_a_letter_says_of_the_writer_between_its_greeting_and_sign_off_is_read(body, attribute, value):
    assert _read(_letter(body)).get(attribute) == value
    assert _read(_letter(body, "Good morning,", "Kind regards,\nW. Hale")).get(attribute) == value


@pytest.mark.parametrize(
    ("body", "attribute"),
    [
        # a relative's change said the same formal way
        ("My sister is now settled in a bungalow in Leominster and loves it.", "home"),
        ("Sarah has been voted in as chair of the governors.", "role"),
        ("My brother has been on his own since Maureen died.", "relationship"),
        ("Her garden has become her main interest since she retired.", "hobby"),
        ("My husband's dentist, Mrs Lowe, is registered with the practice in Ross.", "dentist"),
        ("Ronald's new GP at Oakfield Surgery is a Dr Mensah, who has asked him to rest.", "doctor"),
        ("Having switched her bank to First Direct, Sarah finds the telephone people very helpful.", "bank"),
        ("Having switched the gas to EDF Energy, my daughter now has a smart meter.", "energy"),
        # a bill or a plan is no switch
        ("Having decided to switch the gas to EDF Energy, I am reading the terms.", "energy"),
        ("Having paid the EDF Energy bill for the flat, I find it rather high.", "energy"),
        ("Having thought about moving to a flat in Malvern, I have decided to stay put.", "home"),
        # a case put, and a clause that only sounds like one
        ("It sounds as though I live in Malvern, which I do not.", "home"),
        # years spent with a person are no firm
        ("I have been retired since 2009, after forty years with Dorothy at my side.", "employer"),
        # what one trained as is no job now
        ("I am a surveyor by training and rather like maps.", "role"),
        # a former car is the past ("my old <car>" with no upkeep now)
        ("My old Skoda Octavia was a faithful servant.", "car"),
    ],
)
def test_what_is_not_the_writers_own_or_not_now_reads_nothing_of_it(body, attribute):
    assert attribute not in _read(_letter(body))


def test_a_letter_from_someone_is_no_draft_so_the_retirement_it_comes_with_is_read():
    said = _read(_letter("I have had a letter from the council about my rates. I have been retired since 2011."))
    assert said.get("role") == "left"
    # a letter drafted still holds back a role dated since
    assert "role" not in _read("Could you write a letter for me? I have been a teacher since 2011.")


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("What is my main hobby these days?", "hobby"),
        ("What is my chief interest now?", "hobby"),
        ("Do I hold any honorary position?", "role"),
        ("Have I a companion at present?", "relationship"),
        ("Do I still drive a car?", "car"),
        ("Which company did I spend my working life with?", "employer"),
        ("How did I vote in the general election?", "vote"),
    ],
)
def test_a_letter_writers_questions_ask_the_attribute_his_statements_are_read_as(question, attribute):
    assert attribute in life.asked(question)
