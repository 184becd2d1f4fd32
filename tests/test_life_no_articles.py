"""English without articles, shaped by Ukrainian, Russian or Polish (memory/life.py's `_NO_ARTICLES`,
`_levels`, the childhood of `_in_childhood`, the dialogue lines of `_PLAYED`), in other words than
tests/fixtures/olena's: other names, cities and languages ("We are in Wrocław already three months", "I
am in Dresden from March", "I don't have car", "I passed B2! telc", "we have refugee status now", "I have
job in pharmacy now, Apteka Gemini"); and
the near misses that must stay unread: someone else's, a plan, a visit, a level needed or a course, a
childhood home, a line of a dialogue practised in German, Polish or French."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a home since then, the time said as Ukrainian says it
        ("We are in Wrocław already three months, Sofiia goes to kindergarten", "home", "wrocław"),
        ("I am in Vienna already 5 weeks and still no Meldezettel", "home", "vienna"),
        ("I am in Dresden from March. Landlord wants Schufa", "home", "dresden"),
        ("we're in Prague since October, flat is small", "home", "prague"),
        # no car, without its article
        ("I don't have car, I go by metro everywhere", "car", "none"),
        ("we do not have car still, is expensive here", "car", "none"),
        # a residence status by its own words
        ("So I have temporary protection in Czechia now", "visa", "temporary protection"),
        ("finally we got Aufenthaltserlaubnis for 2 years", "visa", "aufenthaltserlaubnis"),
        ("I received karta pobytu last week, plastic card", "visa", "karta pobytu"),
        # a language's level: the language named, or the exam's
        ("my Polish is B1 now, I can speak with neighbours", "polish level", "b1"),
        ("I passed B2! Goethe. speaking was easy", "german level", "b2"),
        ("today I got letter, C1 passed! DELF, I cried", "french level", "c1"),
        ("I have A2 in Czech? no, I have B1 in German already", "german level", "b1"),
        ("I got B2 in Spanish, finally", "spanish level", "b2"),
        # a job at a kind of place, then the firm's name after a comma
        ("I have job in pharmacy now, Apteka Gemini, only weekends", "employer", "apteka gemini"),
        (
            "I start in law office as assistant from 1 September, Kanzlei Braun & Vogel, 20 hours",
            "employer",
            "kanzlei braun vogel",
        ),
        ("I work in small shop, Żabka, near our block", "employer", "żabka"),
    ],
)
def test_an_article_less_writers_statements_are_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's, a plan, a visit
        ("my brother is in Gdańsk already two weeks", "home"),
        ("we are in Vienna already 3 days for conference, back on Sunday", "home"),
        ("if war ends we are in Odesa from June again", "home"),
        ("my sister doesn't have car", "car"),
        ("My cousin got temporary protection in Ireland", "visa"),
        ("if I got refugee status I could work legally", "visa"),
        # a level needed, planned, a course, someone else's, or of no language said
        ("I need B1 for citizenship, German is hard", "german level"),
        ("next month I start B2 course, telc exam in summer", "german level"),
        ("my son passed B1 in German, he is 12", "german level"),
        ("I passed B1", "german level"),
        ("I have B1 course on Tuesdays, Goethe institute", "german level"),
        # a kind of place alone, someone else's job, one wanted, a day or a city after the comma
        ("I work now in factory, we make windows", "employer"),
        ("my husband works in warehouse, Amazon", "employer"),
        ("I want to start in office, Deloitte, they pay more", "employer"),
        ("I work in office, Tuesday and Thursday", "employer"),
        ("I work in office, Warsaw, near metro", "employer"),
        # a childhood home: a move with an age or "as a kid"
        ("I was born in Lutsk, we moved to Rivne when I was 6.", "home"),
        ("When I was 9 we moved to Dnipro, my father got work there.", "home"),
        ("we lived in Zaporizhzhia as kids, now it is all different", "home"),
        ("I moved to Odesa at the age of 12 with my grandmother", "home"),
        ("we left Kherson for Mykolaiv when I was 8", "home"),
        ("On a déménagé à Nantes quand j'avais 9 ans.", "home"),
        ("Als ich 6 war, sind wir nach Chemnitz gezogen.", "home"),
        # a friend's CV pasted, a listing, a return planned
        (
            "I help my friend with CV:\nHanna Shevchuk\nLeipzig, Karl-Liebknecht-Str. 5\nSprachen: Deutsch B1",
            "german level",
        ),
        ("what you think: '2-Zimmer-Wohnung in Halle-Neustadt, 390 € warm, ab sofort'", "home"),
        ("If war ends I go back to Chernihiv, I think", "home"),
        # a line of a dialogue practised in another language (a part played, a title and a surname)
        ("Guten Morgen, ich bin Herr Becker, ich wohne in Hamburg und ich möchte ein Konto eröffnen.", "home"),
        ("Dzień dobry, jestem pani Kowalska, mieszkam w Gdańsku.", "home"),
        ("Let's play: you are doctor and I am patient. I live in Bremen and I have pain", "home"),
    ],
)
def test_near_misses_stay_unread(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("we moved to Porto when I was 30, for my job", "porto"),  # an adult's move may be the home still
        ("Growing up in Lutsk was hard, now I live in Lviv", "lviv"),  # the childhood is of another clause
        ("Hallo, ich bin Olha, ich wohne jetzt in Hamburg.", "hamburg"),  # herself, by her first name
        ("Wir wohnen jetzt in Leipzig.", "leipzig"),  # a German statement of her own
        ("we left Lviv for Kyiv last year", "kyiv"),  # no childhood said
    ],
)
def test_a_home_now_said_beside_a_childhood_or_in_german_is_still_read(text, value):
    assert _read(text).get("home") == value


def test_a_district_of_kharkiv_leipzig_or_krakow_said_later_is_the_same_home():
    def home(value: str) -> life.Said:
        return life.Said("home", value, value, life.IDENTITY)

    assert life.same(home("saltivka"), home("kharkiv"))
    assert life.same(home("gohlis"), home("leipzig"))
    assert life.same(home("nowa huta"), home("kraków"))
    assert not life.same(home("gohlis"), home("kraków"))  # a district of another city is a move


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("which level is my Polish", "polish level"),
        ("what is my German level now", "german level"),
        ("which status I have here", "visa"),
    ],
)
def test_questions_of_a_level_or_a_status_ask_for_it(question, attribute):
    assert attribute in life.asked(question)
