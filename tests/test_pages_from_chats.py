"""Pages a person wants from a chat history: tests/fixtures/life (two years of one person's
ChatGPT and Claude chats) imported and rebuilt, read as the person would read the vault."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from memory import life as life_model
from memory import names
from tests.conftest import chat_turns
from tests.test_synth import rebuild
from wiki import lint, pages, render, synth

LIFE = Path(__file__).resolve().parent / "fixtures" / "life"


def life(session, roles: str = "user") -> dict[str, str]:
    """Both exports imported, the wiki rebuilt: {file name: text}."""
    session.import_path(LIFE / "chatgpt.json", roles=roles)
    session.import_path(LIFE / "claude.json", roles=roles)
    rebuild(session)
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(session.wiki_dir.glob("*.md"))}


def kind(text: str) -> str:
    found = re.search(r"^kind: (\w+)$", text, re.MULTILINE)
    return found.group(1) if found else ""


def title(text: str) -> str:
    found = re.search(r'^title: "(.*)"$', text, re.MULTILINE)
    return found.group(1) if found else ""


def section(text: str, heading: str) -> list[str]:
    """The lines under `## heading`, up to the next heading."""
    found = re.search(rf"^## {re.escape(heading)}\n\n(.*?)(?=\n## |\Z)", text, re.MULTILINE | re.DOTALL)
    return found.group(1).strip("\n").split("\n") if found else []


def body(text: str) -> str:
    """The page without its frontmatter, map, sources and footnotes (what a person reads)."""
    return text.split("\n## Map\n")[0].split("\n## Sources\n")[0].split("---\n", 2)[-1]


# -- what pages there are ------------------------------------------------------------------------


@pytest.mark.parametrize("roles", ["user", "all"])
def test_no_page_is_about_a_speaker(session, roles):
    vault = life(session, roles)
    assert not {"user.md", "chatgpt.md", "claude.md", "assistant.md"} & set(vault)
    speakers = {"user", "assistant", "chatgpt", "claude", "human", "system", "tool"}
    assert not [t for t in map(title, vault.values()) if t.casefold() in speakers]
    assert len(vault) > 10  # one page per speaker was the whole vault


@pytest.mark.parametrize("roles", ["user", "all"])
def test_no_speaker_is_an_entity_of_a_chat_with_an_assistant(session, roles):
    # The same class as a page per speaker, in the entity list (`quire entities`, the UI's entity
    # screen, a memory's entities): "user" had been the most named entity, then ChatGPT and Claude.
    from quire import ops

    life(session, roles)
    listed = ops.run(session, "entities_list", {})
    names = {e["name"].casefold() for e in listed["entities"]}
    assert not {"user", "chatgpt", "claude", "assistant"} & names, sorted(names)[:10]
    some = session.db.scalar("SELECT id FROM memories WHERE content LIKE 'I moved to Lisbon%' LIMIT 1")
    assert "user" not in ops.run(session, "memory_show", {"memory_id": some})["entities"]


def test_people_places_organisations_and_products_named_in_the_turns_have_pages(session):
    vault = life(session)
    entity_titles = {title(t) for t in vault.values() if kind(t) == "entity"}
    for name in (
        "Vienna",
        "Lisbon",
        "Petra Novak",
        "Daniel Ferreira",
        "Anna Weber",  # "Dr. Anna Weber" and "Dr. Weber": one person
        "Rui Sousa",
        "Lena",
        "Brightline Analytics",
        "Kestrel Maps",
        "Garmin Forerunner 255",
    ):
        assert name in entity_titles, (name, sorted(entity_titles))
    # capitalised words that are no names: a sentence's first word, a weekday, a language, a line
    for not_a_name in ("Can", "My", "I", "Thursday", "Tuesday", "Italian", "U3", "A2", "Dr", "ZeroDivisionError"):
        assert not_a_name not in entity_titles
    for page, tag in (
        ("tomas.md", "person"),
        ("lisbon.md", "place"),
        ("kestrel-maps.md", "organisation"),
        ("garmin-forerunner-255.md", "product"),
    ):
        assert f'"{tag}"' in re.search(r"^tags: (.*)$", vault[page], re.MULTILINE).group(1), page
    anna = vault["anna-weber.md"]
    assert "On 2023-05-16 I have the follow-up appointment with Dr. Weber at 8:30 a.m." in anna


def test_names_come_from_the_text_and_short_forms_join_the_full_name():
    found = names.extract_all(
        [
            "My new manager is Daniel Ferreira.",
            "Daniel wants a design doc by Friday.",  # at a sentence start, known from the other turn
            "My physiotherapist Dr. Anna Weber works on St. Ulrichs Platz.",
            "On Monday I see Dr. Weber again.",
            "I bought the Garmin Forerunner 255 in the Black Friday sale.",
            "Here is a photo. Can you suggest something?",  # sentence starts, no names
            "feels too good, AUC 0.97 now",  # a score after a name is no model number ("AUC 0")
        ]
    )
    got = [[(n.name, n.kind) for n in ns] for ns in found]
    assert got[0] == [("Daniel Ferreira", "person")]
    assert got[1] == [("Daniel Ferreira", "person")]
    assert ("Anna Weber", "person") in got[2] and ("St. Ulrichs Platz", "place") in got[2]
    assert got[3] == [("Anna Weber", "person")]
    assert got[4] == [("Garmin Forerunner 255", "product")]
    assert got[5] == []
    assert got[6] == [("AUC", "thing")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love Winsor & Newton paints.", ["Winsor & Newton"]),  # had been "Winsor" and "Newton"
        ("I went to Marks & Spencer for socks.", ["Marks & Spencer"]),
        ("I bought five tops from H&M so far.", ["H&M"]),  # had been no name at all
        ("My phone plan is with AT&T now.", ["AT&T"]),
        ("I stocked up on Sweet Baby Ray's sauce.", ["Sweet Baby Ray's"]),  # had been "Sweet Baby Ray"
        ("I had lunch at McDonald's with Sam.", ["McDonald's", "Sam"]),
        ("We went to Trader Joe's on Sunday.", ["Trader Joe's"]),
        ("I love Ben & Jerry's ice cream.", ["Ben & Jerry's"]),
        ("I met Sarah's brother at the Garmin's launch.", ["Sarah", "Garmin"]),  # a possessive still is one
    ],
)
def test_a_company_made_with_an_ampersand_or_its_own_s_is_one_name(text, expected):
    assert [n.name for n in names.extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Could you list the top three sports at the 2010 Asian Games?", ["Asian Games"]),  # had been "Games"
        ("I visited the British Museum with Sam.", ["British Museum", "Sam"]),
        ("We flew to Paris, it's in the European Union.", ["Paris", "European Union"]),
        ("other Korean dishes are great", []),  # a people's word alone is no name
        ("We ate at an Italian place.", []),
    ],
)
def test_a_peoples_word_inside_a_sentence_is_the_names_own(text, expected):
    assert [n.name for n in names.extract(text)] == expected


def test_a_titled_surname_is_not_a_namesake_named_without_a_title():
    # A real history: the person's therapist "Dr. Smith" had joined "Daniel Smith", a brand of
    # watercolours named once, and her sessions were listed on its page.
    found = names.extract_all(
        [
            "I've heard great things about Winsor & Newton and Daniel Smith watercolours.",
            "I see Dr. Smith every week, and she's been helping me set boundaries.",
        ]
    )
    assert [n.name for n in found[1]] == ["Dr. Smith"]
    assert "Daniel Smith" in [n.name for n in found[0]]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yeah, the women in Game of Thrones are often praised.", ["Game of Thrones"]),
        ("I work at the Bank of America in Charlotte.", ["Bank of America", "Charlotte"]),
        ("We went to the Museum of Modern Art with Tom.", ["Museum of Modern Art", "Tom"]),
        ("I just finished Lord of the Rings again.", ["Lord of the Rings"]),
        ("Guardians of the Galaxy was fun.", ["Guardians of the Galaxy"]),
        ("My daughter got into the University of Toronto.", ["University of Toronto"]),
        ("I love House of Cards, of course.", ["House of Cards"]),
        ("I loved The Brief Wondrous Life of Oscar Wao.", ["Brief Wondrous Life of Oscar Wao"]),
        ("I just finished The Name of the Wind by Patrick Rothfuss.", ["Name of the Wind", "Patrick Rothfuss"]),
        # after "the", whatever its head word: a real history had pages "Cliffs" and "Moher"
        ("I would love to visit the Cliffs of Moher someday.", ["Cliffs of Moher"]),
        ("We sailed on the Sea of Galilee with Tom.", ["Sea of Galilee", "Tom"]),
        # a person's name is no head of an "of" name; an "of" with no name after it ends the name
        ("I met Sarah of Acme Corp yesterday.", ["Sarah", "Acme Corp"]),
        ("The Bank of the", ["Bank"]),
        ("Ask the Museum of course.", ["Museum"]),
    ],
)
def test_a_name_made_with_of_is_one_name(text, expected):
    """A series, a bank, a university named with "of" is one name: split, a history of chats about
    Game of Thrones had pages titled "Game" (a place) and "Thrones"."""
    assert [n.name for n in names.extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My favorite author is J.K. Rowling, and I usually read fantasy.",
            ["My favorite author is J.K. Rowling, and I usually read fantasy."],
        ),
        ("I also like J. R. R. Tolkien. And you?", ["I also like J. R. R. Tolkien.", "And you?"]),
        ("We watched Michael J. Fox films.", ["We watched Michael J. Fox films."]),
        ("I moved to the U.S. Then I got a job.", ["I moved to the U.S.", "Then I got a job."]),
    ],
)
def test_initials_never_end_a_sentence(text, expected):
    """A favourite author was read as "J.K" and cited mid-name ("J.K.[^m3] Rowling")."""
    assert names.sentences(text) == expected
    assert life_model.sentences(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My favorite author is J.K. Rowling, and I read fantasy.", ["J.K. Rowling"]),
        ("I also like J. R. R. Tolkien.", ["J. R. R. Tolkien"]),
        ("We watched Michael J. Fox films.", ["Michael J. Fox"]),
        ("He is taller than I. Then we left.", []),
        ("I got an A. Then I left.", []),
    ],
)
def test_a_name_with_initials_is_one_name(text, expected):
    """ "J.K. Rowling" made a page titled "Rowling" and linked "J.K. [[rowling|Rowling]]"."""
    assert [n.name for n in names.extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I read the New York Times every day.", ["New York Times"]),
        ("I moved to New York last year.", ["New York"]),
        ("New York is expensive.", ["New York"]),
        ("We flew to New Zealand.", ["New Zealand"]),
        ("I bought New Balance shoes.", ["New Balance"]),
        ("I love Good Omens.", ["Good Omens"]),
        # the sentence's own adjective, a day's name: no name
        ("New features are out in Slack.", ["Slack"]),
        ("My new Fitbit is great.", ["Fitbit"]),
        ("Happy New Year to you!", []),
        ("We celebrated Valentine's Day with Anna.", ["Anna"]),
        ("I'm preparing for the Mother's Day Market on May 8th.", ["Mother's Day Market"]),
        ("Next Tuesday I fly.", []),
    ],
)
def test_a_name_that_starts_with_an_adjective_keeps_it(text, expected):
    """A real history's "the New York Times" made a page titled "York Times"."""
    assert [n.name for n in names.extract(text)] == expected


def test_a_product_is_one_name_however_it_is_shortened():
    """A real history had pages "Dell XPS 13", "Dell XPS" and "XPS 13" for one laptop, and
    "iPhone" (a lower-case first letter) was no name at all while its "Pro" joined "MacBook Pro"."""
    texts = [
        "I am thinking of buying the Dell XPS 13 for work.",
        "Is the Dell XPS good for coding?",
        "The XPS 13 has a great screen.",
        "My iPhone 13 Pro is great, and I use my MacBook Pro daily.",
        "I read the New York Times.",
        "I moved to New York.",
    ]
    got = [[n.name for n in found] for found in names.extract_all(texts)]
    assert got[:3] == [["Dell XPS 13"]] * 3
    assert got[3] == ["iPhone 13 Pro", "MacBook Pro"]
    assert got[4:] == [["New York Times"], ["New York"]]  # another word than a model's: another name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a heading is not read on into the next line, and its title case names nothing
        ("## Key Takeaways\nThe model works well for Anna in Lisbon.", ["Anna", "Lisbon"]),
        ("### Best Practices For Remote Work\nKeep a routine.", []),
        ("Top Ten Best Practices For Remote Work", []),
        # the head of a list item, the words after a colon
        ("- Improved Performance on large inputs", []),
        ("1. Linear Regression: fits a line.", []),
        ("Notes: Sentence case words here.", []),
        ("Model: Random forest with 100 trees.", []),
        # ... while a name inside them is still read where it is inside a sentence
        ("- We met Anna at the Kestrel Maps office in Porto.", ["Anna", "Kestrel Maps", "Porto"]),
        ("Plan for the day: lunch with Dr. Weber in Lisbon.", ["Dr. Weber", "Lisbon"]),
        ("I can share it here: CONNECTION REQUEST MESSAGE SAMPLE for Anna", ["Anna"]),
    ],
)
def test_capitals_of_a_headings_a_list_items_or_a_colons_style_are_no_name(text, expected):
    """A real history's pasted answers made pages "Key Takeaways The" (a heading and its next line
    read as one sentence), "Improved Performance" and "Sentence"."""
    assert [n.name for n in names.extract(text)] == expected


def test_a_term_the_history_writes_in_lower_case_is_no_name():
    """ "Give the full description of Random forest" made a page titled "Random": a term capitalised
    in one turn is written in lower case in the others, a name never is."""
    texts = [
        "Give the full description of Random forest",
        "Compare Linear Regression and Random Forest for my thesis with Prof. Okafor.",
        "A random forest averages many trees; linear regression fits a line. The random seed matters.",
        "I asked my friend Mark to mark the date. Then we walked to Nice, and the food was nice.",
        "So Anna from Kestrel Maps sent me the Best Practices doc; she knows best practices well.",
    ]
    got = [[n.name for n in found] for found in names.extract_all(texts)]
    assert got[0] == [] and got[2] == []
    assert got[1] == ["Prof. Okafor"]
    # a person's and a place's name, though "mark" and "nice" are words too ("walked to Nice" is the city)
    assert got[3] == ["Mark", "Nice"]
    assert got[4] == ["Anna", "Kestrel Maps"]
    assert [n.name for n in names.extract("Give the full description of Random forest to Anna.")] == ["Random", "Anna"]


def test_a_liking_is_food_only_when_it_names_food_and_a_request_verb_is_no_name():
    for text in ("I like those ideas.", "I love how cute they are.", "I prefer books with complex themes."):
        assert names.self_fact(text) == "", text
    for text in ("I love pizza and can't imagine giving it up!", "I prefer oat milk in my coffee.", "I hate cilantro."):
        assert names.self_fact(text) == "Food", text
    assert names.extract("Considering reddit as a website, Explain what you liked!") == []
    for text in ("Are there any other Korean dishes?", "Very good, Thank you.", "Rachel's Ph.D. graduation was fun."):
        assert [n.name for n in names.extract(text)] in ([], ["Rachel"]), text
    assert [n.name for n in names.extract("Write a poem about Lisbon.")] == ["Lisbon"]
    assert life_model.read("My favorite author is J.K. Rowling.")[0].shown == "J.K. Rowling"


def test_a_series_talked_about_has_one_page(session, tmp_path):
    turns = [
        "How does the portrayal of female characters in Game of Thrones compare to the male ones?",
        "Yeah, I noticed that the women in Game of Thrones are often judged for their sexuality.",
        "I rewatched Game of Thrones with my sister last winter and we argued about the ending.",
    ]
    session.import_path(chat_turns(tmp_path / "chats.jsonl", [(f"2024-03-0{n + 1}", t) for n, t in enumerate(turns)]))
    rebuild(session)
    vault = {p.name: p.read_text(encoding="utf-8") for p in session.wiki_dir.glob("*.md")}
    titles = {title(t) for t in vault.values() if kind(t) == "entity"}
    assert "Game of Thrones" in titles and not {"Game", "Thrones"} & titles, sorted(titles)


def test_a_history_typed_in_lower_case_names_its_people_and_pets():
    # A retiree types without capitals: his daughter, his son and his dogs had no page (no capitalised
    # run), and one of his pages was titled "Hes". Named where he says who they are, then everywhere.
    found = names.extract_all(
        [
            "my daughter karen set this up for me on the computer",
            "rusty my old beagle is 14 and hes been limping",
            "karen called and the grandkids sang. karens husband cooked",
            "had to put rusty down tuesday",
            "my son greg got promoted to plant manager",
            "Karen thinks I should move to Arizona.",  # capitalised as usual: read as before
            "tomek and i aren't married, we're NOT in a hurry",  # who the person does things with; "NOT" shouts
        ]
    )
    got = [sorted((n.name, n.kind) for n in ns) for ns in found]
    assert got[0] == [("Karen", "person")] and got[1] == [("Rusty", "thing")]
    assert got[2] == [("Karen", "person")] and got[3] == [("Rusty", "thing")] and got[4] == [("Greg", "person")]
    assert ("Karen", "person") in got[5] and got[6] == [("Tomek", "person")]
    # look-alikes: what follows "my son" or leads "the dog" is no name when it is what they do
    for text in (
        "my son broke his arm at practice",
        "my daughter said the dog needs shots",
        "walk the dog before the rain, my wife and i agreed",
        "my friend from church brought soup",
        "my dog is limping again",
        "my husband snores like a train",
        "my son swam at the y today",
        "ordered my dog food online",
        "our dog park closed for the winter",
        "can you call me and tell me when, something is wrong and i hate it",
    ):
        assert names.extract_all([text]) == [[]], text
    # the control: a capitalising writer's lower-case words are never names
    assert names.extract_all(["My daughter karen set this up."]) == [[]]


def test_a_lower_case_history_gets_pages_of_its_people_and_none_of_its_contractions(session):
    retiree = Path(__file__).resolve().parent / "fixtures" / "retiree"
    session.import_path(retiree / "chatgpt.json")
    session.import_path(retiree / "claude.json")
    rebuild(session)
    vault = {p.name: p.read_text(encoding="utf-8") for p in sorted(session.wiki_dir.glob("*.md"))}
    entity_titles = {title(t) for t in vault.values() if kind(t) == "entity"}
    assert {"Karen", "Greg", "Rusty", "Biscuit"} <= entity_titles, sorted(entity_titles)
    all_titles = {title(t).casefold() for t in vault.values()}
    assert not all_titles & {"hes", "im", "dont", "cant", "whats", "thats"}, sorted(all_titles)
    assert "karen put me on karens family plan on verizon" in vault["karen.md"]


def test_a_turn_that_names_nothing_reaches_a_topic_page(session):
    vault = life(session)
    topics = [text for text in vault.values() if kind(text) == "cluster"]
    assert len(topics) >= 3
    turns = [m for m in synth.load_memories(session.db) if m.turn and not names.is_filler(m.content)]
    everywhere = "\n".join(body(t) for t in vault.values())
    on_topics = "\n".join(body(t) for t in topics)
    for m in turns:  # every turn but a filler is on a page
        assert synth.sentences(m.content.split("```")[0])[0][:30] in everywhere, m.content
    nameless = [m for m in turns if not m.entities]
    reached = [m for m in nameless if m.content[:30] in on_topics]
    assert len(nameless) >= 10 and len(reached) >= 3, [m.content for m in reached]


@pytest.mark.model
def test_topics_of_the_real_model_are_what_the_person_talked_about(session, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    from memory.session import Session

    real = Session(actor="test")
    try:
        vault = life(real)
    finally:
        real.close()
    topics = {title(t): body(t) for t in vault.values() if kind(t) == "cluster"}
    assert "My Italian class moved to Tuesday evenings" in topics["Italian class"]
    assert "I'm pescatarian now" in topics["Fish"] and "I'm vegetarian" in topics["Fish"]
    assert "I drink my coffee black now" in topics["Oat milk"]  # names no entity
    assert "The kitchen here is much warmer" in topics["Warmer"]  # names no entity
    assert "I swim on Saturday mornings" in topics["Swim"]
    assert not {"Suggest", "Can", "June", "Thanks"} & set(topics)


def test_topic_titles_are_the_phrases_that_set_a_topic_apart():
    def mem(i: int, text: str) -> synth.Mem:
        when = f"2024-01-{i:02d}T00:00:00Z"
        return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")

    italian = [
        mem(1, "Can you suggest a podcast for my Italian class?"),
        mem(2, "My Italian class moved to Tuesday."),
        mem(3, "Can you suggest homework for the Italian class?"),
    ]
    fish = [
        mem(4, "Can you suggest easy fish recipes?"),
        mem(5, "I cook fish recipes on Fridays."),
        mem(6, "Can you suggest fish recipes with sardines?"),
    ]
    # "suggest" is the most frequent word of both: a frequent word is not a title
    assert synth.topic_titles([italian, fish]) == ["Italian class", "Fish recipes"]
    assert synth.topic_titles([italian, fish], avoid={"italian"}) == ["Italian class", "Fish recipes"]


def test_a_topic_is_never_titled_by_a_possessive():
    def mem(i: int, text: str) -> synth.Mem:
        when = f"2024-01-{i:02d}T00:00:00Z"
        return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")

    pets = [
        mem(1, "Oliver's new bed arrived, the pup loves it."),
        mem(2, "Oliver's toys are everywhere, the kitty steals them."),
        mem(3, "We got Oliver's vaccinations done on Monday."),
    ]
    art = [mem(4, "I painted a sunset at the lake."), mem(5, "My sunset painting is in the show.")]
    titles = synth.topic_titles([pets, art])
    assert "'" not in titles[0] and "’" not in titles[0], titles
    assert synth.topic_titles([pets, art], avoid={"oliver"})[0] != "Oliver"


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-01T{i // 60:02d}:{i % 60:02d}:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")


def test_a_topic_is_named_by_what_it_is_about_not_what_was_done_or_asked():
    """Real histories had topic pages titled "Communicate" (wolves' body language), "Hoping to
    spot" (birds), "Write" ("can you write another one") and "Wondering"; and "Sneakers from Foot",
    half of Foot Locker."""
    wolves = [
        _turn(1, "It's fascinating how wolves communicate with each other through body language."),
        _turn(2, "Do other animals communicate with body language like that?"),
        _turn(3, "I had no idea cats use touch to communicate so much!"),
    ]
    birds = [
        _turn(4, "I'm hoping to spot some ospreys at the lake, which species nest there?"),
        _turn(5, "I'm hoping to spot more species of warblers in my local park."),
    ]
    letter = [
        _turn(6, "great. can you write another one, stressing how this job was meant to be"),
        _turn(7, "Write it again and expand upon the cover letter."),
    ]
    wondering = [
        _turn(8, "I was wondering if a ukulele is easier than a guitar."),
        _turn(9, "I was wondering which ukulele strings last longest."),
    ]
    shoes = [
        _turn(10, "I bought new sneakers from Foot Locker last week."),
        _turn(11, "The sneakers from Foot Locker already squeak."),
    ]
    titles = synth.topic_titles([wolves, birds, letter, wondering, shoes])
    # the birds share "hoping to spot" and "species", an everyday word two turns say (wiki18): no topic
    assert titles == ["Body language", "", "Cover letter", "Ukulele", "Foot Locker"], titles
    # Foot Locker with a page of its own: the sneakers, not half its name
    assert synth.topic_titles([wolves, birds, letter, wondering, shoes], avoid={"foot locker"})[-1] == "Sneakers"


def test_a_topic_never_holds_two_subjects_a_few_turns_bridge():
    """A real history's topic held car fuel economy and Amalfi hiking apps: among many topics, two
    small ones that one pair of turns joins were one community. Each subject is its own topic."""
    rng = np.random.default_rng(7)

    def unit(v):
        return v / np.linalg.norm(v)

    turns, vectors = [], {}

    def add(text, vector):
        turns.append(_turn(len(turns), text))
        vectors[turns[-1].id] = unit(vector)

    for words in [
        "pottery kiln glaze", "violin bow rosin", "sourdough starter flour", "chess opening gambit",
        "orchid watering roots", "kayak paddle river", "tax return deduction", "guitar chord strings",
        "marathon pace training", "aquarium filter tank", "wedding venue catering", "resume cover letter",
        "telescope lens stars", "knitting yarn needles", "beekeeping hive honey", "podcast microphone editing",
        "vegetable garden compost", "mortgage rate lender",
    ]:  # fmt: skip
        centre = unit(rng.normal(size=384))
        for k in range(6):
            add(
                f"My {words} question number {k} about the {words.split()[0]} is here",
                centre + 0.45 * unit(rng.normal(size=384)),
            )
    car, hike = unit(rng.normal(size=384)), unit(rng.normal(size=384))
    add("My car gets poor fuel economy on the highway lately", car + 0.45 * unit(rng.normal(size=384)))
    add("Would tyre pressure change the fuel economy of my car", car + 0.45 * unit(rng.normal(size=384)))
    add(
        "I checked the car fuel economy after the service and the app shows it",
        car + 0.6 * hike + 0.45 * unit(rng.normal(size=384)),
    )
    add("I want a hiking app for the Amalfi coast trails", hike + 0.6 * car + 0.45 * unit(rng.normal(size=384)))
    add("Which Amalfi trails need a hiking app offline map", hike + 0.45 * unit(rng.normal(size=384)))
    add("The Path of the Gods on the Amalfi coast was the best hiking", hike + 0.45 * unit(rng.normal(size=384)))
    found = synth.topics(turns, lambda ids: {i: vectors[i] for i in ids})
    subjects = [
        {"car" if "economy" in m.content else "hike" if "Amalfi" in m.content else "" for m in g} for g, _ in found
    ]
    assert {"car"} in subjects and {"hike"} in subjects, [(t, [m.content[:20] for m in g]) for g, t in found]
    assert dict(zip(map(frozenset, subjects), (t for _, t in found), strict=True))[frozenset({"car"})] == "Fuel economy"


def test_topics_are_deterministic(session):
    vault = life(session)
    mems = synth.load_memories(session.db)
    turns = [m for m in mems if m.turn and not names.is_filler(m.content)]
    from wiki.rebuild import _vectors

    first = synth.topics(turns, _vectors(session))
    again = synth.topics(list(turns), _vectors(session))
    assert [([m.id for m in g], t) for g, t in first] == [([m.id for m in g], t) for g, t in again]
    assert first and vault


# -- what a page says ----------------------------------------------------------------------------


def test_about_me_holds_the_persons_own_facts_by_subject_in_time(session):
    about = life(session)["about-me.md"]
    home, work, food = section(about, "Home"), section(about, "Work"), section(about, "Food")
    assert home[0].startswith("- 2023-02-06: I live in [[vienna|Vienna]]")
    assert any("I moved to [[lisbon|Lisbon]] in June 2024." in line for line in home)
    assert any("data analyst" in line for line in work) and any("senior data engineer" in line for line in work)
    assert any("new manager is [[daniel-ferreira|Daniel Ferreira]]" in line for line in work)
    assert [line.split(":")[0] for line in food] == sorted(line.split(":")[0] for line in food)  # in time
    assert "vegetarian" in food[0] and any("pescatarian" in line for line in food)
    assert any("Tuesday evenings" in line for line in section(about, "Routine"))
    assert not any("Can you suggest easy fish recipes" in line for line in about.split("\n## Map")[0].splitlines())


def test_fillers_and_thanks_never_enter_a_page(session):
    vault = life(session)
    stored = {m.content for m in synth.load_memories(session.db)}
    assert "Great, thank you so much, that really helps!" in stored  # the gate keeps it; the wiki does not
    for text in vault.values():
        for line in body(text).splitlines():
            said = re.sub(r"\[\^m\d+\]", "", line).removeprefix("- ").strip()
            assert not names.is_filler(said) or not said.strip("` "), line
            assert "that really helps" not in line and "I will do that" not in line and "Thanks again" not in line


LONGER_THANKS = [
    "Thank you so much for your help with this, I really appreciate it!",
    "Awesome, thanks again for all the help today",
    "That worked perfectly, you are a lifesaver, thanks!",
    "Haha ok that makes sense now, thank you",
]


def test_longer_thanks_never_enter_a_page(session, tmp_path):
    # Thanks past eight words, or with a word the filler list lacked ("help", "today", "now"), had
    # filled pages, and led a topic page of their own ("Awesome").
    said = "My road bike chain keeps slipping on the smallest cog when I climb the hills near Sintra."
    lines = [{"conversation": "bike", "title": "Bike", "text": t} for t in [said, *LONGER_THANKS]]
    (tmp_path / "chat.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    session.import_path(tmp_path / "chat.jsonl")
    rebuild(session)
    vault = "\n".join(p.read_text(encoding="utf-8") for p in session.wiki_dir.glob("*.md"))
    assert "smallest cog" in vault
    for thanks in LONGER_THANKS:
        assert thanks[:30] not in vault, thanks
    for statement in ("Thanks, I moved to Lisbon in June and it is great", "Thank you, the kitchen is warm now"):
        assert not names.is_filler(statement)


REQUESTS_WITHOUT_A_QUESTION_MARK = [
    "I was wondering if you could recommend a dentist in Lisbon near Alfama.",
    "Explain how the Lisbon tram passes work for someone living in Alfama.",
    "I'd love some ideas for dinner places in Alfama for my sister Lena.",
    "I need help planning a weekend in Alfama for my sister Lena.",
    "Let me know if there is a cheaper way to get around Alfama.",
]


def test_a_request_without_a_question_mark_is_asked_not_said(session, tmp_path):
    # Requests the rule did not know were listed as the person's own statements, and could lead.
    said = "I moved to Alfama in Lisbon in June 2024, the flat looks over the river."
    lines = [
        {"conversation": "alfama", "title": "Alfama", "text": t} for t in [said, *REQUESTS_WITHOUT_A_QUESTION_MARK]
    ]
    (tmp_path / "chat.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    session.import_path(tmp_path / "chat.jsonl")
    rebuild(session)
    for text in REQUESTS_WITHOUT_A_QUESTION_MARK:
        assert names.is_request(text), text
        for page in session.wiki_dir.glob("*.md"):
            page_text = page.read_text(encoding="utf-8")
            shown = [line for line in body(page_text).splitlines() if line.startswith("- ") and text[:40] in line]
            assert all(line in section(page_text, "Asked") for line in shown), (page.name, shown)
    assert not names.is_request("I wonder if I should move back to Vienna one day.")
    assert not names.is_request("I need a new dentist since I moved to Lisbon.")


def test_a_request_to_the_assistant_is_not_an_open_question(session):
    vault = life(session)
    assert not any("**Open question:**" in t for t in vault.values())
    asked = [line for t in vault.values() for line in section(t, "Asked")]
    assert any("Can you suggest a template for a design doc?" in line for line in asked)
    assert names.is_request("Can you suggest stretches before swimming?")
    assert names.is_request("Any tips for finger strength?")
    assert not names.is_request("I moved to Lisbon in June 2024. Can you suggest movers?")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My physiotherapist Dr. Anna Weber says my knee needs rest. She works on St. Ulrichs Platz.",
            ["My physiotherapist Dr. Anna Weber says my knee needs rest.", "She works on St. Ulrichs Platz."],
        ),
        ("I'm vegetarian, e.g. tofu. I eat eggs.", ["I'm vegetarian, e.g. tofu.", "I eat eggs."]),
        ("The appointment is at 8:30 a.m. Then I work.", ["The appointment is at 8:30 a.m.", "Then I work."]),
        ("I meet at 8 a.m. tomorrow with Mr. Huber.", ["I meet at 8 a.m. tomorrow with Mr. Huber."]),
        ("Mrs. Bianchi teaches it. J. R. Smith wrote it!", ["Mrs. Bianchi teaches it.", "J. R. Smith wrote it!"]),
    ],
)
def test_sentences_split_around_abbreviations(text, expected):
    assert synth.sentences(text) == expected


def test_no_page_line_ends_at_an_abbreviation(session):
    for text in life(session).values():
        assert not re.search(r"\b(Dr|Mr|Mrs|St|e\.g|i\.e)\.\[\^m", text), text


def test_pasted_code_stays_a_code_block(session):
    vault = life(session)
    page = next(t for t in vault.values() if "My pandas script for the churn report" in body(t))
    lines = body(page).splitlines()
    start = lines.index("  ```python")
    assert lines[start + 1 : start + 6] == [
        "  import pandas as pd",
        "",
        '  df = pd.read_csv("churn.csv")',
        '  monthly = df.groupby("month")["churned"].sum()',
        "  print(monthly / monthly.shift(1))",
    ]
    assert lines[start + 6] == "  ```"
    assert lines[start - 1].startswith("- My pandas script") and "[^m" in lines[start - 1]


def test_the_same_statement_from_two_exports_appears_once(session):
    vault = life(session)
    said = [line for line in section(vault["about-me.md"], "Home") if "in June 2024." in line]
    assert len(said) == 1, said
    refs = re.findall(r"\[\^m(\d+)\]", said[0].split("June 2024.")[1].split(" ")[0])
    assert len(refs) == 2  # cited to both exports' memories
    assert "The flat is in Alfama, near the Miradouro de Santa Luzia.[^m" in said[0]
    # a sentence cites only the memories that say it
    assert re.search(r"Santa Luzia\.\[\^m\d+\]( \(awaiting review\))?$", said[0])


def test_the_timeline_holds_dated_events_only(session):
    vault = life(session)
    timelines = [(name, section(t, "Timeline")) for name, t in vault.items()]
    events = [line for _, lines in timelines for line in lines]
    assert events
    for line in events:
        when = line[2:].split(":")[0]
        assert re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", when), line
        said = line.split(": ", 1)[1]
        m = int(when[5:7])
        month = ["January", "February", "March", "April", "May", "June", "July", "August", "September"]
        month += ["October", "November", "December"]
        relative = re.search(r"\byesterday\b|\blast \w+day\b", said, re.IGNORECASE)  # counted back from the day said
        assert when in said or month[m - 1] in said or relative, (
            line
        )  # the date is in the text, not the turn's timestamp
    assert not any("Can you suggest" in line for line in events)
    # the date the text names, not the day it was said (2023-03-28, 2024-02-12)
    assert any(line.startswith("- 2023-04-12: My sister Lena turns 30 on 12 April 2023.[^m") for line in events)
    assert any(line.startswith("- 2024-06-03: I start on 3 June 2024.[^m") for line in events)


def test_a_map_draws_at_most_a_dozen_nodes_and_lists_the_rest(session):
    vault = life(session)
    about = vault["about-me.md"]
    block = about.split("## Map\n\n")[1].split("\n## Sources")[0]
    drawn = block.split("```")[1].splitlines()[3:]  # after "mermaid", "mindmap", the root
    assert 0 < len(drawn) <= 12
    assert "Also on this map, not drawn:" in block and "memories cited on the page" in block
    for text in vault.values():
        if "```mermaid" in text:
            nodes = text.split("```mermaid\n")[1].split("```")[0].splitlines()[2:]
            assert len(nodes) <= 12, title(text)


# -- the wiki's promises still hold --------------------------------------------------------------


def test_every_sentence_cites_and_lint_finds_nothing_wrong(session):
    vault = life(session)
    report = lint.run(session.db, session.wiki_dir)
    assert report.errors == 0, [f for f in report.findings if f.severity == "error"]
    for name, text in vault.items():
        if name == "index.md":
            continue
        in_code = False
        for line in body(text).split("\n## Related\n")[0].splitlines():
            if line.strip().startswith("```"):
                in_code = not in_code
                continue
            if line.startswith("- ") and not in_code:
                assert line.rstrip().endswith("]") or "(awaiting review)" in line, line
                assert "[^m" in line, line


def test_a_second_rebuild_writes_nothing_and_another_home_writes_the_same_bytes(session, tmp_path, monkeypatch):
    import itertools

    from memory import capture as capture_mod
    from memory.session import Session

    monkeypatch.setenv("QUIRE_NOW", "2026-08-01T09:00:00Z")
    counter = itertools.count(1)
    monkeypatch.setattr(capture_mod, "new_id", lambda: f"mem_{next(counter):012d}")
    first = life(session)
    assert rebuild(session).written == 0
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "other"))
    counter = itertools.count(1)
    monkeypatch.setattr(capture_mod, "new_id", lambda: f"mem_{next(counter):012d}")
    other = Session(actor="test")
    try:
        assert life(other) == first
    finally:
        other.close()


def test_a_hand_edited_chat_page_is_never_overwritten(session):
    vault = life(session)
    path = session.wiki_dir / "about-me.md"
    path.write_text(vault["about-me.md"] + "\nMy own note.\n", encoding="utf-8")
    session.capture_text = None
    from memory.models import parse_payload

    session.capture(parse_payload({"content": "I live in Lisbon, in Alfama, since June 2024.", "type": "identity"}))
    rebuild(session)
    assert path.read_text(encoding="utf-8").endswith("My own note.\n")
    assert pages.get(session.db, "about-me").owner == "human"


def test_assistant_turns_are_labelled_when_imported(session):
    vault = life(session, roles="all")
    lines = [line for t in vault.values() for line in body(t).splitlines()]
    assert any(line.startswith("- ChatGPT: ") for line in lines)
    assert not any("The bus is cheaper than the train" in line for line in lines)  # the regenerated-away answer
    about = vault["about-me.md"]
    assert "ChatGPT:" not in body(about)


# -- the demo --------------------------------------------------------------------------------------

SAMPLE = Path(__file__).resolve().parents[1] / "wiki" / "sample"


def test_the_demo_imports_its_conversations_before_its_last_rebuild():
    steps = [line.strip() for line in (SAMPLE.parents[1] / "scripts" / "demo.sh").read_text().splitlines()]
    rebuilds = [i for i, line in enumerate(steps) if line.startswith("step rebuild")]
    for export in ("wiki/sample/conversations.json", "wiki/sample/claude.json"):
        assert steps.index(f"step import {export}") < rebuilds[-1]
    assert any("kind: cluster" in line for line in steps)  # it shows a topic page


def test_the_demo_sample_gives_topic_pages_and_no_speaker_page(session):
    from memory import spaces

    spaces.add(session.db, "work", actor="test", default=True)
    spaces.add(session.db, "home", actor="test")
    session.import_path(SAMPLE / "memories.jsonl")
    session.import_path(SAMPLE / "conversations.json")
    session.import_path(SAMPLE / "claude.json")
    rebuild(session)
    rebuild(session)  # "one more rebuild after make demo"
    vault = {p.name: p.read_text(encoding="utf-8") for p in session.wiki_dir.glob("*.md")}
    assert not {"user.md", "chatgpt.md", "claude.md"} & set(vault)
    topics = [t for t in vault.values() if kind(t) == "cluster" and re.search(r"source: .* #\d+ ", t)]
    assert topics, sorted(vault)
    assert any("Portuguese" in title(t) for t in topics)


def test_a_long_pasted_log_never_leads_a_page_as_prose(session, tmp_path):
    # A log pasted in one message becomes parts of 20,000 characters; a part that is only code had
    # led its pages whole, flattened into one paragraph of up to 60,000 characters.
    log = "\n".join(
        f"2024-01-0{i % 9 + 1} 12:00:{i % 60:02d} ERROR worker-{i} connection reset retry {i}" for i in range(3000)
    )
    line = {"conversation": "crash", "title": "Crash", "text": f"Here is the log from the crash:\n```\n{log}\n```"}
    (tmp_path / "chat.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    session.import_path(tmp_path / "chat.jsonl")
    rebuild(session)
    for page in session.wiki_dir.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        lead = text.split("\n# ", 1)[1].split("\n\n")[1] if "\n# " in text else ""
        assert len(lead) < 1_000 and "\\`\\`\\`" not in lead, (page.name, lead[:200])


def test_forgetting_a_pasted_script_takes_its_code_off_the_pages(session):
    from wiki.forget import forget

    vault = life(session)
    assert any('  df = pd.read_csv("churn.csv")' in t for t in vault.values())
    script = next(m for m in synth.load_memories(session.db) if "pd.read_csv" in m.content)
    forget(session, script.id, actor="test")
    for page in session.wiki_dir.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert "pd.read_csv" not in text and "monthly.shift(1)" not in text, page.name


def test_between_people_each_turn_says_who_said_it(session, tmp_path):
    lines = [
        '{"conversation": "dinner", "speaker": "Ana", "text": "I booked a table at Casa Lola for Friday."}',
        '{"conversation": "dinner", "speaker": "Bruno", "text": "Great, Casa Lola has the best bacalhau."}',
        '{"conversation": "dinner", "speaker": "Ana", "text": "Marta is coming too, she loves Casa Lola."}',
    ]
    chat = tmp_path / "chat.jsonl"
    chat.write_text("\n".join(lines) + "\n", encoding="utf-8")
    session.import_path(chat)
    rebuild(session)
    vault = {p.name: p.read_text(encoding="utf-8") for p in session.wiki_dir.glob("*.md")}
    assert "casa-lola.md" in vault and not {"ana.md", "bruno.md"} & set(vault)  # speakers are no pages
    assert "- Bruno: Great, Casa Lola has the best bacalhau.[^m" in vault["casa-lola.md"]
    assert "- Ana: I booked a table at Casa Lola for Friday.[^m" in vault["casa-lola.md"]


def test_with_the_assistants_turns_a_page_leads_and_is_titled_with_the_persons_words(session):
    vault = life(session, roles="all")
    mems = synth.load_memories(session.db)
    assistant = [m for m in mems if m.turn == "assistant"]
    person = [m for m in mems if m.turn == "person" and not names.is_request(m.content)]  # a request never leads
    assert assistant and person
    for name, text in vault.items():
        if name == "index.md":
            continue
        lead = body(text).split("\n# ", 1)[1].split("\n\n", 2)[1]
        cited = {m.id for m in mems if f"“{m.content.split(chr(10))[0][:40]}" in text}
        if not any(m.id in cited for m in person):
            continue  # a page of the assistant's words alone
        for m in assistant:
            assert not lead.startswith(synth.sentences(m.content)[0][:40]), (name, lead)


def test_a_page_leads_with_each_turns_sentence_about_it_not_its_opening_thanks(session, tmp_path):
    # A real history's pages had led with "Those all sound great!", "I think that's all for now."
    # and "Can you help me organize my schedule?": the first sentence of each leading turn.
    turns = [
        "Those all sound great! I have a therapy session with Dr. Okafor every two weeks.",
        "I think that's all for now. Dr. Okafor suggested I keep a journal before bed.",
        "Can you help me organize my schedule? I see Dr. Okafor on Wednesdays after work.",
    ]
    lines = [json.dumps({"conversation": f"c{i}", "title": "Chat", "text": t}) for i, t in enumerate(turns)]
    (tmp_path / "chat.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    session.import_path(tmp_path / "chat.jsonl")
    rebuild(session)
    page = (session.wiki_dir / "dr-okafor.md").read_text(encoding="utf-8")
    lead = body(page).split("\n# ", 1)[1].split("\n\n", 2)[1]
    assert "Okafor" in lead
    for opening in ("Those all sound great", "that's all for now", "Can you help me"):
        assert opening not in lead, lead


def test_a_lead_gives_a_sentence_once_and_a_statement_before_a_question():
    def mem(i: int, text: str) -> synth.Mem:
        when = f"2024-05-1{i}T09:00:00Z"
        return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")

    turns = [
        mem(1, "By the way, I attend the studio's Friday night social dance events. The teachers there are great."),
        mem(2, "I attend the studio's Friday night social dance events. People dress casually at the dance events."),
        mem(3, "What should I wear to the dance events? I'm going to a dance event at the studio this weekend."),
    ]
    spec = synth.PageSpec("cluster::dance", "cluster", "Dance events", None, None, tuple(turns))
    _, df = render.lead(spec)
    lead = " ".join(render.lead_sentences(spec, turns, df, {m.id: n for n, m in enumerate(turns, start=1)}))
    assert lead.count("Friday night social dance events") == 1, lead
    assert "People dress casually at the dance events." in lead, lead
    assert "What should I wear" not in lead and "going to a dance event at the studio" in lead, lead


def test_about_me_quotes_what_a_turn_tells_not_what_it_asks(session, tmp_path):
    # A real history's Food section quoted "Can I eat pizza and still get leaner? I love pizza and
    # can't imagine giving it up!" and "... Do you have any recommendations for a good gin?" whole.
    turns = [
        "Can I eat pizza and still get leaner? I'm vegetarian, and I love pizza!",
        "I live in Ghent now, near the Korenmarkt. Any tips for a rainy weekend here?",
    ]
    lines = [json.dumps({"conversation": f"c{i}", "title": "Chat", "text": t}) for i, t in enumerate(turns)]
    (tmp_path / "chat.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    session.import_path(tmp_path / "chat.jsonl")
    rebuild(session)
    about = (session.wiki_dir / "about-me.md").read_text(encoding="utf-8")
    bullets = "\n".join(line for line in body(about).splitlines() if line.startswith("- 20"))
    assert "I'm vegetarian, and I love pizza!" in bullets and "I live in Ghent now" in bullets, bullets
    assert "Can I eat pizza" not in bullets and "Any tips" not in bullets, bullets
    assert "Can I eat pizza and still get leaner?" in about  # the footnote keeps the whole turn


def _friends_vault(session, tmp_path, said: list[tuple[str, str]]) -> set[str]:
    """A chat between friends (speaker, text) imported as chat JSONL and rebuilt: the vault's file names."""
    lines = [json.dumps({"conversation": "s1", "speaker": who, "text": text}) for who, text in said]
    (tmp_path / "friends.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    session.import_path(tmp_path / "friends.jsonl")
    rebuild(session)
    return {p.name for p in session.wiki_dir.glob("*.md")}


def test_between_people_a_speaker_and_the_name_they_are_called_by_are_no_pages(session, tmp_path):
    # LoCoMo's first conversation imported as a chat between two friends had made pages "Caroline",
    # "Caro", "Bye Caroline", "Congrats Caroline", "Woohoo Melanie", "Wow Mel" and "Fri".
    said = [
        ("Caroline", "Hey Mel! Good to see you! I went to an LGBTQ support group yesterday."),
        ("Melanie", "Wow Mel is me, ha. Congrats Caroline, that support group sounds great!"),
        ("Caroline", "Thanks Mel! Last Fri I signed up for the Pride Parade with Oliver."),
        ("Melanie", "Woohoo Caroline! Bye Caroline, say hi to Oliver and to Caro from the group."),
        ("Caroline", "Bye Melanie! Oliver says hi, the Pride Parade is on Saturday."),
    ]
    vault = _friends_vault(session, tmp_path, said)
    assert "oliver.md" in vault and "pride-parade.md" in vault, sorted(vault)
    for junk in ("caroline", "melanie", "mel", "caro", "wow-mel", "bye-caroline", "congrats-caroline", "fri"):
        assert f"{junk}.md" not in vault, sorted(vault)


def test_what_the_me_sender_says_of_their_life_between_people_is_on_about_me(session, tmp_path):
    # A WhatsApp chat imported with --me: Tom's move was typed and sent to review, but no About me
    # page was made, since only a turn said as "user" (to an assistant) reached it.
    chat = tmp_path / "WhatsApp Chat with Anna.txt"
    chat.write_text(
        "03/01/24, 09:00 - Anna: I live in Kraków and I love it here\n"
        "03/01/24, 09:05 - Tom: I live in Porto, by the river\n"
        "09/01/24, 10:00 - Anna: How is the new place?\n"
        "19/01/24, 10:02 - Tom: I live in Lisbon now, the flat is great\n",
        encoding="utf-8",
    )
    session.import_path(chat, me="Tom")
    rebuild(session)
    about = (session.wiki_dir / "about-me.md").read_text(encoding="utf-8")
    assert "Lisbon, since 2024-01-19" in section(about, "Now")[0]
    assert "Kraków" not in body(about)  # Anna's home is not the person's


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        # LoCoMo's chats: a sentence's opener, capitalised there, glued to a name the history knows
        (
            ["Besides Italy, I was also in Turkey.", "We loved Italy so much.", "Nothing new besides that, Tom."],
            "Italy",
        ),
        (["Bet Max loves those hikes!", "My dog Max is a good boy.", "You bet, Jon, it was great."], "Max"),
        (["Glad PT is helping, Evan.", "My PT starts on Monday.", "So glad you came, Sam."], "PT"),
        (["Alright Sam, have fun with it.", "I met Sam at the gym."], "Sam"),
    ],
)
def test_a_sentences_opener_is_no_part_of_the_name_after_it(history, expected):
    read = [n.name for found in names.extract_all(history) for n in found]
    assert expected in read
    assert not [n for n in read if n != expected and n.endswith(" " + expected)], read


@pytest.mark.parametrize(
    "history",
    [
        ["Department of Justice filed it.", "The department was closed.", "They sued the Department of Justice."],
        ["Lake Tahoe was lovely.", "We swam in the lake, Tom and I.", "Next year Tahoe again!"],
    ],
)
def test_a_name_led_by_a_common_word_stays_whole(history):
    read = {n.name for found in names.extract_all(history) for n in found}
    assert history[0].split(" was")[0].split(" filed")[0] in read, read


def test_a_friend_chats_page_leads_with_what_was_said_not_thanks_to_a_name():
    # LoCoMo's John and Maria: a page titled "Name" led "Thanks, John. That's nice of you, John." (the
    # name they address each other by is in half the turns, so those shared most words with the page)
    def mem(i: int, who: str, text: str) -> synth.Mem:
        when = f"2024-05-{10 + i}T09:00:00Z"
        return synth.Mem(
            f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", speaker=who, turn="person"
        )

    turns = [
        mem(1, "Maria", "Thanks, John."),
        mem(2, "Maria", "That's nice of you, John. What's the photo about?"),
        mem(3, "John", "It reminds me of a little doll from my childhood that always made me feel better."),
        mem(4, "Maria", "Thanks for your support, John. That baby in the picture is adorable!"),
        mem(5, "John", "Thanks, Maria! Our one-year-old is so cute, his name is Kyle, he loves the doll."),
        mem(6, "Maria", "Wow, John, the doll looks so cute in the picture!"),
    ]
    spec = synth.PageSpec("cluster::doll", "cluster", "Doll", None, None, tuple(turns))
    leading, df = render.lead(spec)
    lead = " ".join(render.lead_sentences(spec, leading, df, {m.id: n for n, m in enumerate(turns, start=1)}))
    assert "Thanks" not in lead and "nice of you" not in lead, lead
    assert "Kyle" in lead or "childhood" in lead, lead


def test_about_me_says_a_hobby_taken_up_and_an_origin_in_words(session, tmp_path):
    # LoCoMo's Caroline with --me: About me's Now read "Origin: Sweden, since 2023-06-27" and
    # "Guitar (schedule): now, since 2023-08-28"
    chat = tmp_path / "WhatsApp Chat with Mel.txt"
    chat.write_text(
        "27/06/23, 18:00 - Caroline: This necklace is a gift from my grandma in my home country, Sweden.\n"
        "28/08/23, 18:00 - Mel: That's lovely! How's the music going?\n"
        "28/08/23, 18:05 - Caroline: I started playing acoustic guitar about five years ago, it helps me a lot.\n",
        encoding="utf-8",
    )
    session.import_path(chat, me="Caroline")
    rebuild(session)
    now = section((session.wiki_dir / "about-me.md").read_text(encoding="utf-8"), "Now")
    assert any(line.startswith("- **Origin**: Sweden[^") for line in now), now
    assert any(line.startswith("- **Guitar**: doing it now, since 2023-08-28") for line in now), now


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("I live in Lisbon and Porto now", "lisbon"),  # two cities the lists know: the first, as before life14
        ("I've lived in Lisbon and Porto", "lisbon"),
        ("We live in Bosnia and Herzegovina now", "bosnia and herzegovina"),  # one country
        ("I live in Trinidad and Tobago", "trinidad and tobago"),
    ],
)
def test_two_places_joined_by_and_are_not_one_home(text, home):
    assert [(s.attribute, s.value) for s in life_model.read(text)] == [("home", home)]


def test_a_speaker_called_by_two_letters_is_no_page(session, tmp_path):
    said = [
        ("Sam", "Hey Ev! Long time no chat. How's the new Prius treating you?"),
        ("Evan", "Hey Sam! The Prius is great, we drove it to Banff last week."),
        ("Sam", "Congrats, Ev! Banff sounds amazing, send me photos of the lakes."),
        ("Evan", "Sure! Banff was cold but the Prius handled the snow well."),
    ]
    vault = _friends_vault(session, tmp_path, said)
    assert "banff.md" in vault and "ev.md" not in vault, sorted(vault)


def test_the_index_a_person_opens_after_an_import_starts_with_about_me(session):
    """The index listed About me last, under Notes, below every name and topic: what a person opens
    first after importing their chats led them to it last."""
    files = life(session)
    index = files["index.md"]
    lines = index.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Start with [[about-me|About me]] ("))
    assert start < min(i for i, line in enumerate(lines) if line.startswith("## ")), index
    assert "- [[about-me|" not in index  # once, at the top
    # the control: every other page is still listed under its kind
    assert "## Names" in index and "## Topics" in index and "- [[notes|Notes]]" in index, index
