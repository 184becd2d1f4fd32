"""A person's education, read from what they write (memory/life.py `_EDUCATION`).

A degree is held for good and more come: each level is an attribute of its own ("degree:master"
beside "degree:bachelor"; "degree" where no level is said), so a master's after a bachelor's is no
change, the same level said with another field is one. Where each was taken is "university[:level]".
What the person studies now is "studying", one value: a PhD begun after a master's, or dropped, is a
change of what they do now and opens a review item. The phrasings are the ones of LongMemEval's user
turns and the fixtures' ("i have an MA in applied linguistics", "I did CS at Purdue"); the look-alikes
are what must not be read as the person's education.
"""

from __future__ import annotations

import pytest

import quire
from eval import lifechanges
from memory import life, review
from memory.capture import Stored, capture
from memory.embed import FakeEmbedder
from memory.models import parse_payload
from tests import lifefloors
from tests.conftest import chat_turns

EDUCATION = set(life.EDUCATION) | set(life.SCHOOLS) | {"high school"}


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text) if s.attribute in EDUCATION}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the translator fixture's one statement of it, in passing, in lower case
        (
            "whats a fair per word rate for DE>PL legal in 2023? i have an MA in applied linguistics and 6 yrs of this",
            {"degree:master": "master applied linguistics"},
        ),
        ("I studied economics at Leeds", {"degree": "economics", "university": "leeds"}),
        # a field ends where the chat goes on: a filler word, an emoji, a slash
        ("i have an MA in applied linguistics btw, does that help", {"degree:master": "master applied linguistics"}),
        ("i have an MA in applied linguistics 🤓", {"degree:master": "master applied linguistics"}),
        ("I have a degree in CS lol", {"degree": "computer science"}),
        ("I have a BSc in Computer Science/Maths", {"degree:bachelor": "bachelor computer science"}),
        ("I graduated with a degree in Business Administration", {"degree": "business administration"}),
        ("I have a BSc in Computer Science", {"degree:bachelor": "bachelor computer science"}),
        ("I have a BS in biology", {"degree:bachelor": "bachelor biology"}),
        # two degrees in one breath: two attributes
        (
            "I have a bachelor's in economics and a master's in finance",
            {"degree:bachelor": "bachelor economics", "degree:master": "master finance"},
        ),
        (
            "I did a BA in history, then an MA in politics",
            {"degree:bachelor": "bachelor history", "degree:master": "master politics"},
        ),
        ("I have a PhD in physics and a master plan", {"degree:phd": "phd physics"}),
        ("I majored in psychology", {"degree:bachelor": "bachelor psychology"}),
        ("My major was Human Resource Management", {"degree:bachelor": "bachelor human resource management"}),
        ("my degree is in chemistry", {"degree": "chemistry"}),
        (
            "my undergraduate degree is in business administration",
            {"degree:bachelor": "bachelor business administration"},
        ),
        ("I have an MBA", {"degree:master": "master business administration"}),
        ("I have an associate's degree in nursing", {"degree:associate": "associate nursing"}),
        (
            "I have a PhD in political and economic geography from Trinity College Dublin in 2009",
            {"degree:phd": "phd political and economic geography", "university:phd": "trinity college dublin"},
        ),
        (
            "I did my masters in data science at UCL",
            {"degree:master": "master data science", "university:master": "ucl"},
        ),
        (
            "I completed my Bachelor's degree in Business Administration from the University of Michigan in 2015",
            {"degree:bachelor": "bachelor business administration", "university:bachelor": "university of michigan"},
        ),
        ("I graduated from UCLA in 2018", {"university": "ucla"}),
        (
            "I graduated from University of Wisconsin Madison, WI with a Bachelor of Business Administration",
            {"university:bachelor": "university of wisconsin madison wi"},
        ),
        ("I went to Leeds University", {"university": "leeds university"}),
        ("i went to leeds uni", {"university": "leeds uni"}),
        (
            "I attended the University of Michigan for my undergraduate studies",
            {"university:bachelor": "university of michigan"},
        ),
        ("I graduated from Lincoln High School in 2010", {"high school": "lincoln high school"}),
        # the developer fixture's: "CS" is computer science, whatever way it is said
        (
            "I did CS at Purdue and a bunch of us want a reunion weekend",
            {"degree": "computer science", "university": "purdue"},
        ),
        # what the person studies now, and a study ended
        ("I'm doing a PhD in computational linguistics", {"studying": "phd computational linguistics"}),
        ("I'm studying computer science, and I'm interested in internships", {"studying": "computer science"}),
        ("I'm in the second year of my PhD", {"studying": "phd"}),
        ("I've started a master's in data science", {"studying": "master data science"}),
        (
            "I'm currently pursuing my Master's degree in Data Science at New York University",
            {"studying": "master data science", "university:master": "new york university"},
        ),
        ("I dropped out of my PhD last month", {"studying": "stopped"}),
        ("I dropped out of college", {"studying": "stopped"}),
        ("I just finished my PhD!", {"degree:phd": "phd", "studying": "stopped"}),
    ],
)
def test_a_statement_of_the_persons_education_is_read(text, expected):
    assert _read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my daughter studies law",
        "my sister did her masters in Leeds",
        "I studied for my exam",
        "I studied hard",
        "I'm studying the docs",
        "I'm studying the impact of social media on mental health in young adults",
        "I studied the impact of neuron dropping on decoder performance",
        "studied abroad programs for students",
        "we need a degree of freedom here",
        "I have a degree of certainty",
        "it's 30 degrees outside",
        "as a teacher I went to college fairs",
        "I went to the college library",
        "I went to Austin, Texas, for a friend's bachelor party in May",
        "I recently went to the Governors Ball Music Festival with my college friends",
        "I attended a conference at Stanford University",
        "I did a presentation at Google",
        "I did maths homework with my son",
        "should I study CS?",
        "what should I study?",
        "If I did a PhD in physics I'd be broke",
        "I'm considering pursuing a Master's degree in Data Science",
        "I'm planning to do a masters in economics next year",
        "You are a professor of physics. Explain entropy to a student.",
        "Act as a career coach. I have a PhD in chemistry and no job.",
        "I have MS and it's hard some days",
        "that's BS",
        "I have a master plan",
        "I have a PhD student who needs help with her thesis",
        "I have a master's thesis due on Friday",
        "my degree is useless",
        "I'm studying Spanish on Duolingo",
        "I graduated from college in 2012",
        "I graduated with a 3.8 GPA",
        "I have a bachelor party next week",
        "I dropped out of college when I was 19",
        "A user graduated with a degree in Computer Science.",  # (session 46: "The user" is the person)
        "",
        "\x00I have an MA\x00 in \x01",
    ],
)
def test_what_is_not_the_persons_education_is_not_read(text):
    assert _read(text) == {}


def test_assistant_prose_and_a_pasted_text_are_not_the_persons():
    pasted = 'Can you proofread this bio:\n"Dr. Lee holds a PhD in physics from MIT and a BSc in maths."'
    assert _read(pasted) == {}


def test_other_scripts_and_huge_text_read_nothing_and_end():
    assert _read("我有应用语言学硕士学位") == {}
    assert _read("I have an MA in " + "x " * 20000) == {}


@pytest.mark.parametrize(
    "question",
    [
        "what did I study",
        "what degree do I have",
        "What degree did I graduate with?",
        "what did I major in",
        "what's my degree in",
        "whats my degree",
        "what was my major",
        "what am I studying",
    ],
)
def test_a_question_of_what_the_person_studied_asks_every_degree(question):
    assert life.asked(question) == frozenset(life.EDUCATION)


@pytest.mark.parametrize(
    "question",
    [
        "where did I go to college",
        "where did I go to university",
        "where did I go to uni",
        "where did I study",
        "where do I study",
        "which university did I graduate from",
        "where did I attend college",
        "what's my alma mater",
    ],
)
def test_a_question_of_where_the_person_studied_asks_every_school(question):
    assert life.asked(question) == frozenset(life.SCHOOLS)


@pytest.mark.parametrize(
    "question, asked",
    [
        # (session 43: weak43) a level named asks that level and what names none, not every level: "what's my
        # masters degree in" had been answered by a doctor's MBBS (tests/test_life_s43.py)
        ("what is my PhD on", {"degree", "degree:phd", "studying"}),
        ("what's my PhD about", {"degree", "degree:phd", "studying"}),
        ("where did I do my masters", {"university", "university:master"}),
        # ("Bachelor's" names no one)
        ("Where did I complete my Bachelor's degree in Computer Science?", {"university", "university:bachelor"}),
    ],
)
def test_a_question_naming_a_level_asks_that_level(question, asked):
    assert life.asked(question) == frozenset(asked)


@pytest.mark.parametrize(
    "question",
    [
        "where did I go on holiday",
        "what should I study",
        "how many degrees is it outside",
        "what degree should I bake bread at",
        "what did I do last weekend",
        "what did I read last week",
        "where do I do my laundry",
        "where did I attend the conference",
        "where did I take ma for her birthday",
        "what's my master password",
    ],
)
def test_other_questions_ask_no_education(question):
    assert not life.asked(question) & EDUCATION


def test_someone_elses_education_is_theirs():
    assert life.asked("what did my daughter study") == frozenset(["other:daughter"])
    assert life.asked_of("where did Anna go to college", "anna") == frozenset(life.SCHOOLS)


@pytest.mark.parametrize(
    ("old", "new", "change"),
    [
        # a master's does not end a bachelor's: another level, another attribute
        ("I have a BSc in Computer Science", "I did my masters in data science at UCL", False),
        # a level said alone is a short form of the same level with its field
        ("I have a masters", "I have an MA in applied linguistics", False),
        ("I have a PhD in physics", "I just finished my PhD!", False),
        # the same level with another field, the same degree at another school: a change
        ("I have a BSc in Computer Science", "I have a BSc in Biology", True),
        ("I did my masters at UCL", "I did my masters at LSE", True),
        # what the person studies now: a PhD begun after a master's, or dropped, is a change
        ("I'm doing a master's in data science", "I'm doing a PhD in machine learning", True),
        ("I'm doing a PhD in machine learning", "I dropped out of my PhD last month", True),
        ("I'm studying computer science", "I'm doing a master's in computer science", False),
    ],
)
def test_which_education_is_a_change(old, new, change):
    assert bool(life.changes(life.read(old), life.read(new))) is change


def test_a_study_dropped_is_no_value_now():
    (said,) = [s for s in life.read("I dropped out of my PhD last month") if s.attribute == "studying"]
    assert life.ended(said)


def test_an_imported_chat_history_opens_an_item_for_a_phd_begun_and_none_for_another_degree(tmp_path, cli_json, db):
    chats = chat_turns(
        tmp_path / "chats.jsonl",
        [
            ("2023-01-05T10:00:00Z", "I have a BSc in Computer Science. any tips for a data science portfolio?"),
            ("2023-03-01T10:00:00Z", "I'm doing a master's in data science now, how do I cite a dataset in APA?"),
            ("2023-06-01T10:00:00Z", "also I have an MBA, does that help for product roles?"),
            ("2024-10-01T10:00:00Z", "I'm doing a PhD in machine learning now! how do I read papers faster?"),
        ],
    )
    cli_json("import", str(chats))
    items = review.open_items(db)
    assert [(i.payload.get("attribute"), i.old, i.new) for i in items] == [
        (
            "studying",
            "I'm doing a master's in data science now, how do I cite a dataset in APA?",
            "I'm doing a PhD in machine learning now! how do I read papers faster?",
        )
    ]


def test_a_typed_capture_of_a_second_degree_opens_nothing(db):
    for text in ("I have a BSc in Computer Science from Purdue", "I have an MSc in Statistics from Leeds"):
        stored = capture(db, parse_payload({"content": text, "type": "identity"}), actor="mcp", embedder=FakeEmbedder)
        assert isinstance(stored, Stored)
    assert review.open_items(db) == []


@pytest.mark.model
@pytest.mark.parametrize(
    ("fixture", "question"),
    [
        # "i have an MA in applied linguistics", said in passing in a question about rates: "nothing close"
        (lifechanges.TRANSLATOR, "what did I study"),
        # "I did CS at Purdue": a climbing turn had ranked first
        (lifechanges.DEVELOPER, "where did I go to college"),
    ],
)
def test_with_the_real_model_the_persons_own_words_answer_what_they_studied(monkeypatch, fixture, question):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifefloors.measured(fixture, "minilm")  # the run its own module holds too, once a worker
    (asked,) = [a for a in result["asked"] if a["question"] == question]
    assert asked["rank1"], asked
    assert result["false_items"] == []


def test_about_me_gives_education_its_heading_and_no_since(tmp_path, monkeypatch):
    """A degree held and the school it was taken at hold for good: Now gives no "since" (as for an
    origin), names them "Master's degree" and "University (master's)" (not "Master (degree)"), and the
    turn goes under Education, not Also."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    turns = [
        ("2024-01-05", "I live in Kraków with my partner, any tips for the winter?"),
        ("2024-02-01", "I did my masters in applied linguistics at the University of Warsaw."),
        ("2024-03-01", "I work at Brightpath as a translator now."),
    ]
    home = quire.open(tmp_path / "home")
    home.import_path(chat_turns(tmp_path / "c.jsonl", turns))
    home.rebuild()
    about = home.page("about-me").body
    lines = about.splitlines()
    degree = next(line for line in lines if line.startswith("- **Master's degree**: "))
    school = next(line for line in lines if line.startswith("- **University (master's)**: "))
    assert degree.startswith("- **Master's degree**: masters in applied linguistics[^m") and "since" not in degree
    assert school.startswith("- **University (master's)**: University of Warsaw[^m") and "since" not in school
    education = about[about.index("## Education") :]
    assert "I did my masters in applied linguistics" in education.split("\n## ")[0]
