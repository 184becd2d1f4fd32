"""A student's life as a student types it (memory/life.py `_STUDENT`): lower case, no apostrophes,
slang ("ngl", "lowkey", "fr", "rn"), emoji, a dropped "i", Arabic kin words, and each change said
inside a request. Written after the blind noor fixture, in other words than hers: each reading in
several phrasings and other Englishes, and its look-alikes (someone else's, a question, a plan or a
wish, a pasted text) that must read nothing."""

from __future__ import annotations

import pytest

from memory import life, vocab


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a major, a pre-med track with its subject, a switch said in a sentence of school
        ("ok so im pre-med bio, sophomore at osu. taking orgo and stats", "studying", "pre-med biology"),
        ("I'm premed, hoping for a good MCAT", "studying", "pre-med"),
        ("im a junior econ major and i need help w my resume", "studying", "economics"),
        ("I'm a psych major at a small college in Ohio", "studying", "psychology"),
        ("since i switched to public health im taking two more electives this semester", "studying", "public health"),
        ("I switched my major to computer science last spring", "studying", "computer science"),
        ("ngl i changed majors to poli sci and im so much happier", "studying", "political science"),
        # a minor
        ("im officially adding a data science minor", "minor", "data science"),
        ("I'm minoring in statistics, which classes overlap", "minor", "statistics"),
        ("my minor is econ fyi", "minor", "economics"),
        # the school a student is at, said in lower case after the year they are in
        ("im a sophomore at umich and i live in a dorm", "university", "umich"),
        ("I'm a first-year student at Queen's University", "university", "queen's university"),
        # a diet given up
        ("so im eating meat again and honestly im happy", "diet", "eats meat"),
        ("ngl amman broke my vegetarianism", "diet", "eats meat"),
        ("i started eating meat again after the marathon", "diet", "eats meat"),
        ("I'm no longer vegetarian, what's a good steak marinade", "diet", "eats meat"),
        ("im not vegan anymore lol", "diet", "not vegan"),
        # a relationship begun
        ("omar asked me to be his girlfriend last night 🥹🥹", "relationship", "dating omar"),
        ("Priya asked me to be her girlfriend at the gig!!", "relationship", "dating priya"),
        ("im dating jonas now, help me plan a first trip", "relationship", "dating jonas"),
        ("Sam and I are officially together", "relationship", "dating sam"),
        ("he asked me to be his girlfriend 😭", "relationship", "in a relationship"),
        # a gym joined or kept at, in a sentence of keeping fit
        ("joined first ascent in avondale and the setting is so much harder here 😭", "gym", "first ascent"),
        ("he also climbs and my membership at planet rock is the best $45 i spend", "gym", "planet rock"),
        ("ive been lifting at the ccrb 3x a week but i copy tiktok girls", "gym", "ccrb"),
        ("got really into bouldering at Movement Gowanus, v3s are hard", "gym", "movement gowanus"),
        # a sport taken up
        ("ok i gave up on lifting and got really into bouldering", "schedule:bouldering", "now"),
        ("I've been swimming twice a week at the leisure centre", "schedule:swimming", "twice a week"),
        # a job said with when it is worked
        ("and i work weekends at cedarline cafe, sat 7-2 and sun 8-1", "employer", "cedarline cafe"),
        ("I work Saturdays at Joe's Diner to pay rent", "employer", "joe's diner"),
        # a counsellor by the service, a new therapist named after a comma
        ("my caps counselor gave me a thought record worksheet", "therapist", "caps counselor"),
        ("My EAP counsellor suggested journaling", "therapist", "eap counsellor"),
        (
            "found my new therapist through my work insurance, dr. reyes, first session is thursday",
            "therapist",
            "dr reyes",
        ),
        # a home come back to for a year of school; where the person is, before a question
        ("back in ann arbor for senior year 🫡 help me plan my week", "home", "ann arbor"),
        ("finally back in Leeds for second year, what should I cook", "home", "leeds"),
        ("now that im in amman how do i not get a huge phone bill", "home", "amman"),
        # the kind of home with where it is
        ("help me decorate my studio in logan square on like $400", "dwelling", "studio"),
        ("me and my roommates have lived in our apartment on packard for a year", "dwelling", "apartment"),
        # a car's insurer, the carrier of a parents' plan
        ("i got my own geico policy last week but the car is still registered in ohio", "car insurance", "geico"),
        ("im on my parents progressive policy rn but the car is in my name", "car insurance", "progressive"),
        ("im still on my parents verizon plan and baba will kill me", "phone provider", "verizon"),
        ("I'm on my mum's EE plan until I graduate", "phone provider", "ee"),
        # a bank said in lower case, a diary line that drops its "i"
        ("my paycheck goes into my dfcu checking", "bank", "dfcu"),
        ("opened a chase account bc theres no dfcu anywhere near me", "bank", "chase"),
        # a medicine changed by someone, after a clause that is not about it
        ("the nausea never went away so my psychiatrist switched me to zoloft, 50mg", "medication", "zoloft"),
        # the town a student comes from, where their parents' home is
        ("im still living at my parents house in dearborn bc i didnt get housing", "origin", "dearborn"),
        ("I'm back at my folks' place in Cork for the summer", "origin", "cork"),
        # a birthday by its age, an allergy, a family's origin
        ("my 21st is on march 22 and my friends want to do dinner", "birthday", "march 22"),
        ("My 30th birthday is on the 4th of July", "birthday", "july 4"),
        ("sit down. also im allergic to tree nuts so no pesto", "allergy", "tree nuts"),
        ("I'm severely allergic to penicillin", "allergy", "penicillin"),
        ("our family is from bint jbeil in south lebanon if that matters lol", "family origin", "lebanon"),
        ("My parents are originally from Syria.", "family origin", "syria"),
    ],
)
def test_a_students_statement_is_read(text: str, attribute: str, value: str) -> None:
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's
        ("simone switched to nursing", "studying"),
        ("my sister switched to public health this semester", "studying"),
        ("my little sister yasmine is a junior at fordson", "university"),
        ("my sister got really into bouldering at planet rock", "gym"),
        ("my roommate got really into bouldering at planet rock", "gym"),
        ("teta asked if fish counts", "diet"),
        ("my dad is eating meat again", "diet"),
        ("maddie asked her to be his girlfriend", "relationship"),
        ("she asked me to be her bridesmaid", "relationship"),
        ("baba is finally switching the family plan to t-mobile after i left", "phone provider"),
        # a question, a plan, a wish, a case put
        ("should i go full vegan tho or is that too much", "diet"),
        ("i cant imagine eating meat again", "diet"),
        ("should i switch to public health? my classes are killing me", "studying"),
        ("im lowkey thinking about switching my major to econ", "studying"),
        ("what if omar asked me to be his girlfriend", "relationship"),
        ("should i start dating again", "relationship"),
        ("im moving to chicago after graduation, what neighborhoods are good", "home"),
        # a switch that is no major ("switched to verizon"), a date that is no relationship
        ("i switched to verizon and the signal is better", "studying"),
        ("its giving single on valentines again 🫠 jk i have a date on thursday!!", "relationship"),
        # a gym named by a place or no name; a membership of a shop; a job joined
        ("ive been lifting at home 3x a week", "gym"),
        ("I've been swimming at the pool twice a week", "gym"),
        ("I've been climbing at the Fishtown bouldering gym twice a week", "gym"),
        ("got hooked on pickleball at the rec center", "gym"),
        ("my membership at costco just renewed", "gym"),
        ("I joined Google last month and my team is great", "gym"),
        ("my sister works weekends at target", "employer"),
        ("should i work weekends at the cafe", "employer"),
        # a counsellor by a kind, a therapist with no name
        ("my couples therapist said we should talk more", "therapist"),
        ("my career counselor gave me a list of firms", "therapist"),
        # a home by a place that is no place of the lists, or a studio of work
        ("my studio in the garage is finally set up for pottery", "dwelling"),
        ("my apartment on airbnb got a bad review", "dwelling"),
        ("I clean specific areas in my apartment on Sundays", "dwelling"),  # (LongMemEval)
        ("and finally moved into my new apartment on March 15th", "dwelling"),
        ("And I joined the classes to find like-minded people, yoga too", "gym"),  # (LoCoMo)
        # a stay, not a home
        ("back in london for a week, where should I eat", "home"),
        ("back at my parents in dearborn for the summer bc the lease ends", "home"),
        ("my sister lives at my parents house in dearborn", "origin"),
        ("should i move back to my parents house in dearborn", "origin"),
        ("I drove down to my parents' place in Virginia for Easter", "origin"),  # (LongMemEval)
        ("I'm back home at my parents' place in Leeds for Christmas", "origin"),
        # a birthday of another, an age that is no birthday
        ("my son's 21st is on march 22", "birthday"),
        ("my 5th is on monday", "birthday"),
        # pasted text
        ("my best friend sent me this: 'i got into columbia law and im moving to new york in august!!!'", "home"),
    ],
)
def test_a_look_alike_is_not_read(text: str, attribute: str) -> None:
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("joined first ascent fr, the setting is brutal at this gym", "first ascent"),
        ("joined first ascent 😭 the gym setting is so hard", "first ascent"),
        ("ngl my membership at planet rock rn is the only gym i can afford", "planet rock"),
    ],
)
def test_slang_and_emoji_are_no_part_of_a_name(text: str, value: str) -> None:
    assert _read(text).get("gym") == value


def test_an_internship_is_no_change_of_the_role() -> None:
    """A summer's internship is held beside a job ("im the data intern at tidewell" while still a
    research assistant): its own attribute, so "still a research assistant" after it is no change."""
    assert _read("im the data intern at tidewell and my manager wants a rolling average")["internship"] == "data intern"
    assert "role" not in _read("I'm a software engineering intern at Google")
    assert _read("im a research assistant in dr okafors lab at sph")["role"] == "research assistant"


def test_a_part_of_chicago_said_after_chicago_is_no_move() -> None:
    chicago = life.Said("home", "chicago", "chicago", life.IDENTITY)
    assert life.same(chicago, life.Said("home", "logan square", "logan square", life.IDENTITY))
    assert vocab.within("avondale", "chicago")
    assert not life.same(chicago, life.Said("home", "ann arbor", "ann arbor", life.IDENTITY))


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what did i minor in", "minor"),
        ("whats my minor", "minor"),
        ("who am i dating", "relationship"),
        ("am I seeing anyone", "relationship"),
        ("what carrier am i on", "phone provider"),
        ("which mobile network am I on", "phone provider"),
        ("what am i allergic to", "allergy"),
        ("where is my family from originally", "family origin"),
        ("whats my job title", "role"),
        ("wheres my internship", "internship"),
        ("whats my license plate number", "license plate"),
        ("whats my cats name", "cat"),
    ],
)
def test_the_questions_ask_what_is_read(question: str, attribute: str) -> None:
    assert attribute in life.asked(question)


@pytest.mark.parametrize(
    ("who", "text"),
    [
        ("father", "baba owns an auto repair shop on warren"),
        ("grandmother", "teta is teaching me kibbeh this weekend"),
        ("grandmother", "gonna go cry and eat tetas kaak"),
        ("aunt", "khalto made way too much food again"),
        ("uncle", "3ammo drove us to the airport"),
        ("mother", "mama packed like 40 containers of food"),
    ],
)
def test_an_arabic_kin_word_names_a_relation(who: str, text: str) -> None:
    assert life.names_relation(who, text)


def test_a_parent_called_by_their_word_is_someone_else() -> None:
    """A question of "what does baba do for work" asks of her father, not of her own job."""
    assert life.asked("what does baba do for work") == frozenset(["other:father"])
    assert life.about_someone_else("where does mom live now") == "mother"
    assert life.is_relation("teta")
