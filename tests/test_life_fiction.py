"""A person who writes fiction with the assistant (memory/life.py's "Fiction beside a life"), in other words
than tests/fixtures/ines's: other names, towns, agents and apps. The text of a story she pastes for feedback
(a paragraph all in quotation marks, the paragraphs after a line that introduces a story, a chapter, a
prologue), a ghostwritten memoir's page, a screenplay's lines, quoted dialogue and a scene she plays say
nothing of her, on every attribute; what she says around them in the same turn still does. The things a
working writer has are read (an agent, a publisher, a pen name, a tax status, the app she writes in), as
are a pet never had, a home by its flat, a subject taught, someone new, a bank everything was
moved to, a degree she met someone on, and a plan left running by mistake is no value now; a degree asked by
its letters ("where did I do my MA?") is no question about her mother."""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import changes_after, chat_turns, life_changes, said_of


@pytest.mark.parametrize(
    "text",
    [
        # a story's opening in quotation marks of its own, after a line that says what it is
        "I've been stuck on this one all month. It's a first-person piece, a man in his fifties. Here's the "
        "opening:\n\n'I moved to Inverness the winter my wife left, because nobody there had known us as a pair. "
        "I took a job at the distillery and I did not call my brother.'\n\nIs the distillery too neat?",
        # the same story with no quotation marks, the question after it
        "New short story, rough. Here's the first page:\n\nI started at the cannery in Peterhead on a Monday. "
        "By Friday I had married the foreman's daughter, which my mother never forgave.\n\nDoes the pace work?",
        # a ghostwriter's draft of a client's memoir
        "I'm ghostwriting a memoir for a client, a retired pilot. Here's the prologue:\n\nI moved to Nairobi in "
        "1979 and flew for Kenya Airways for twenty years. I married Wanjiru in the cathedral there.\n\n"
        "Does it sound like a man of seventy?",
        # a screenwriter's scene
        "Scene for the screenplay:\n\nINT. KITCHEN - NIGHT\n\nMARA: I quit my job at the bank today.\n\n"
        "JOE: You what?\n\nIs the reveal too early?",
        # a diary interlude of a character, in curly quotation marks
        "Book three, the widow's diary, near the end:\n\n‘We bought the house in Kinsale the spring Daniel died, "
        "and I have lived in it alone since, with a greyhound called Pip.’",
        # a scene she plays, her lines after the request
        "Let's run the interview scene. I'll play the inspector; you play the landlord.\n\n'I've just been made "
        "detective sergeant, Mr Byrne, and I live two doors from you in Salthill.'",
    ],
)
def test_the_text_of_her_fiction_says_nothing_of_her(text):
    assert said_of(text) == {}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # her aside after the story, in the same turn
        (
            "Here's the opening of the new story:\n\n'I brought the cat home from the rescue in Galway and she "
            "slept on the radiator for a week.'\n\nIs it too quiet a start? I've never had a cat, so tell me if "
            "the radiator is wrong.",
            "pets",
            "none",
        ),
        # her news before the story, in the same turn
        (
            "We finally moved to Dundee last week, so I'm writing again.\n\nHere's a scene from the novel:\n\n"
            "'I moved to Oban the year the ferry stopped running.'\n\nToo bleak?",
            "home",
            "dundee",
        ),
        # a short quotation inside her sentence is no passage
        (
            "My editor calls it my 'Sunday supplement reflex' and I've moved the whole novel into Scrivener.",
            "writing app",
            "scrivener",
        ),
    ],
)
def test_what_she_says_around_her_fiction_is_still_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


def test_a_draft_of_her_own_to_reword_is_hers_and_a_storys_or_someone_elses_is_not():
    own = "can you polish this for my LinkedIn:\n\n'I've joined Boots as store manager after three years at Superdrug.'"
    assert said_of(own).get("role") == "store manager"
    story = "tighten this paragraph of my novel:\n\n'I joined Boots as store manager the winter my father died.'"
    theirs = "Amy sent me her speech, can you tighten it:\n\n'I joined Boots as store manager the winter I met Amy.'"
    assert "role" not in said_of(story)
    assert "role" not in said_of(theirs)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I had coffee with my agent, Priya Nair, who has been with me since the first book.", "agent", "priya nair"),
        (
            "Quick news: I'm with Tom Lavery at Janklow now, which is a proper agency with a lobby.",
            "agent",
            "tom lavery",
        ),
        ("I get royalties from my publisher, Canongate, twice a year.", "publisher", "canongate"),
        ("Picador want the trilogy, a three-book deal, and we've accepted Picador's offer.", "publisher", "picador"),
        ("I've signed a two-book deal with Bloomsbury!", "publisher", "bloomsbury"),
        ("It went out under my name, as I've always written under my own name.", "pen name", "own name"),
        (
            "The publisher wants a pen name for the thrillers, and I've decided: I'm going to be Ada Finch.",
            "pen name",
            "ada finch",
        ),
        ("I file a self-assessment every April and lose a weekend to it.", "tax status", "self-assessment"),
        ("Good news: my IFICI status was approved last week.", "tax status", "ifici"),
        ("I write everything in Obsidian, it syncs to my phone.", "writing app", "obsidian"),
        ("I've moved my whole manuscript into Google Docs so my editor can comment.", "writing app", "google docs"),
        ("my médica de família, Dra. Ana Reis, wants my old records", "doctor", "dr ana reis"),
        ("We're having eight for dinner in the tiny kitchen of our flat in Stockbridge.", "home", "stockbridge"),
        ("I teach history part-time at Gresham's, Tuesdays and Thursdays.", "role", "history teacher"),
        (
            "Slightly awkward: I've been seeing someone — Callum, who runs the bookshop.",
            "relationship",
            "dating callum",
        ),
        ("We adopted a galgo called Lua from the shelter.", "dog", "lua"),
        (
            "We met on the MSc at the University of Stirling and shared a flat.",
            "university:master",
            "university of stirling",
        ),
        (
            "I've switched everything over to Starling and I'm closing the Barclays account, because I bank "
            "with Barclays for the cashback.",
            "bank",
            "starling",
        ),
    ],
)
def test_a_working_writers_things_and_her_plain_news_are_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        (
            "I'm still on Vodafone, technically, because I forgot to cancel the plan when I got the new number.",
            "phone provider",
        ),
        ("I've never had a cat before, and now Miso sleeps on my feet.", "pets"),
        ("We kept the keys to our old flat in Leith for a month.", "home"),
        ("The estate agent, Vítor, lied about the fire.", "agent"),
        ("I've used my real name on everything so far, and I'm going to be Ada Finch only if they insist.", "pen name"),
        ("I've moved everything to Lisbon.", "writing app"),
        ("Should I accept Picador's offer for the book?", "publisher"),
    ],
)
def test_a_leftover_a_past_someone_elses_or_an_ask_is_not_read(text, attribute):
    assert attribute not in said_of(text)


def test_a_trade_said_with_how_it_is_done_is_one_job_and_part_time_another():
    def role(value: str) -> life.Said:
        return life.Said("role", value, value, life.IDENTITY)

    assert life.same(role("full-time illustrator"), role("freelance illustrator"))
    assert life.same(role("self-employed illustrator"), role("illustrator"))
    assert not life.same(role("part-time illustrator"), role("full-time illustrator"))
    assert not life.same(role("freelance illustrator"), role("freelance translator"))


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("who's my literary agent these days?", "agent"),
        ("who publishes my novels now?", "publisher"),
        ("what's my pen name?", "pen name"),
        ("what name do my thrillers come out under?", "pen name"),
        ("what's my tax status?", "tax status"),
        ("what app do I draft in?", "writing app"),
        ("have we got a cat?", "cat"),
        ("where did I do my MA?", "university:master"),
        ("where did I do my BSc?", "university:bachelor"),
    ],
)
def test_her_questions_ask_for_them(question, attribute):
    assert attribute in life.asked(question)


def test_her_ma_in_lower_case_is_still_her_mother():
    assert life.asked("how is my ma doing?") != life.asked("where did I do my MA?")
    assert life.asked("where does my ma live?") == frozenset(["other:mother"])


def test_her_story_opens_no_change_and_her_own_move_and_agent_do(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "We're doing dinner in the kitchen of our flat in Stockbridge on Saturday; one guest is vegan.",
            "I had coffee with my agent, Priya Nair, who has been with me since the first book. She's retiring.",
            "Feedback please. It's a first-person story. Here's the opening:\n\n'I moved to Oban the year the ferry "
            "stopped running, and I took a room above the chandler's.'\n\nToo bleak?",
            "Sorry, slow week: we finally moved to Dundee, a flat by the river. What can I cook with two hobs?",
            "Priya went early, so I'm with Tom Lavery at Janklow now, a proper agency. How long is a synopsis?",
        ],
    )
    pairs = {(old[:12], new[:12]) for old, new in changed}
    assert pairs == {("We're doing ", "Sorry, slow "), ("I had coffee", "Priya went e")}


def test_the_old_value_said_later_by_another_export_is_where_the_change_starts(tmp_path, cli_json, db):
    first = [
        ("2023-01-05T10:00:00Z", "My GP is Dr Hale at the Abbey practice. She sorted my asthma inhaler last year."),
        (
            "2023-06-05T10:00:00Z",
            "I finally have a médica de família — my médica de família, Dra. Ana Reis. Can she get my notes?",
        ),
    ]
    later = [
        (
            "2023-03-05T10:00:00Z",
            "Before we go: my GP, Dr Hale, has been very good about my knee. What should a summary letter hold?",
        )
    ]
    cli_json("import", str(chat_turns(tmp_path / "a.jsonl", first)))
    cli_json("import", str(chat_turns(tmp_path / "b.jsonl", later)))
    assert {(old[:12], new[:12]) for old, new in life_changes(db)} == {("Before we go", "I finally ha")}
