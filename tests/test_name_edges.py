"""Where a name starts and ends, and which words are never one: titles and companies made with
"and", a subtitle after a colon, a people's word at a sentence's start, a template's labels, common
words that are names only where the sentence says so; and a page of a name never takes the title
or the file of a page quire writes itself (About me, Notes, the index)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from memory import names
from tests.test_synth import _mem, add, rebuild
from wiki import synth


def found(text: str) -> list[str]:
    return [n.name for n in names.extract(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I just finished Pride and Prejudice last night.", ["Pride and Prejudice"]),  # had been "Pride", "Prejudice"
        ("We saw Romeo and Juliet at the Globe.", ["Romeo and Juliet", "Globe"]),
        ("I bought socks at Marks and Spencer.", ["Marks and Spencer"]),
        ("She works at Procter and Gamble now.", ["Procter and Gamble"]),
        ("Pride and Prejudice is my favourite book.", ["Pride and Prejudice"]),
        ("I loved Pride & Prejudice.", ["Pride & Prejudice"]),
        ("Have you read “Wind and Truth” yet?", ["Wind and Truth"]),  # quoted: one title
        ("I'm reading Shadows and Bone this week.", ["Shadows and Bone"]),  # what is read: one title
        ("I love Ben and Jerry's ice cream.", ["Ben and Jerry's"]),
    ],
)
def test_a_title_or_a_company_made_with_and_is_one_name(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # two people stay two: no list, quote or cue says the two are one name
        (["Anna and Tom came over yesterday.", "I met Anna at the gym."], [["Anna", "Tom"], ["Anna"]]),
        (["We had dinner with Anna and Tom in Porto."], [["Anna", "Tom", "Porto"]]),
        (["I stayed at Anna and Tom's place."], [["Anna", "Tom"]]),  # two owners, not a shop
        (["I got a card from Sarah and Mike."], [["Sarah", "Mike"]]),
        # the history that writes a name with "&" and with "and" has it once, as written with "&"
        (["Pride & Prejudice is great.", "I finished Pride and Prejudice."], [["Pride & Prejudice"]] * 2),
    ],
)
def test_two_people_joined_by_and_stay_two_names(texts, expected):
    assert [[n.name for n in f] for f in names.extract_all(texts)] == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["Italian Food is the best."], [[]]),  # had been "Food"
        (["Korean Barbecue night was fun."], [[]]),  # had been "Barbecue"
        (["British Airways lost my bag."], [[]]),  # had been "Airways"
        # the whole phrase where the history names it inside a sentence
        (
            ["British Airways lost my bag.", "I flew British Airways to Rome."],
            [["British Airways"], ["British Airways", "Rome"]],
        ),
        (["Italian Food is the best.", "I cook Italian Food at home."], [["Italian Food"], ["Italian Food"]]),
        # what must stay: a people's word leading a known place, and inside a sentence
        (["I visited the British Museum with Sam."], [["British Museum", "Sam"]]),
        (["New Zealand was beautiful."], [["New Zealand"]]),
    ],
)
def test_a_peoples_word_at_a_sentence_start_never_leaves_its_noun_as_a_name(texts, expected):
    assert [[n.name for n in f] for f in names.extract_all(texts)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I entered the Kaggle competition Titanic: Machine Learning from Disaster.", ["Kaggle", "Titanic"]),
        ("Titanic: Machine Learning from Disaster is my first project.", []),  # had been "Disaster"
        ("My notes: Getting Started with Rust in Lisbon", []),
        # a name after a colon in a sentence of lower-case words is still a name
        ("Plan for the day: lunch with Dr. Weber in Lisbon.", ["Dr. Weber", "Lisbon"]),
        ("I can share it here: CONNECTION REQUEST MESSAGE SAMPLE for Anna", ["Anna"]),
        ("Update: we drove from Porto to Lisbon.", ["Porto", "Lisbon"]),
    ],
)
def test_a_subtitle_after_a_colon_never_leaves_its_tail_as_a_name(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Step 1: open the box.", []),  # had been a product "Step 1"
        ("Follow Step 2 and then Step 3 carefully.", []),
        ("Here is the template. Subject: Meeting. Message: see you at Acme Labs.", ["Acme Labs"]),
        ("I bought the Garmin Forerunner 255 yesterday.", ["Garmin Forerunner 255"]),  # a model number stays
    ],
)
def test_a_templates_labels_are_no_names(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My friend Will came over.", [("Will", "person")]),  # had been no name
        ("My brother Will is visiting.", [("Will", "person")]),
        ("We went to Nice last summer.", [("Nice", "place")]),
        ("I lived in Nice for a year.", [("Nice", "place")]),
        # anywhere else they are the words they look like
        ("Will you help me with this?", []),
        ("Nice work on the report, Anna.", [("Anna", "thing")]),
        ("It Will be fine, the weather is Nice.", []),
    ],
)
def test_will_and_nice_are_names_only_where_the_sentence_says_so(text, expected):
    assert [(n.name, n.kind) for n in names.extract(text)] == expected


@pytest.mark.parametrize("name", ["Notes", "About me", "Index", "NOTES"])
def test_a_name_never_takes_the_title_of_a_page_quire_writes(name):
    """A project named "Notes" had taken the title, and the page of what no other page took was
    "Notes (2)"; an entity "Index" was titled as quire's own index."""
    mems = [_mem(i, space=None, entities=[name]) for i in (1, 2)]
    mems += [_mem(3, space=None), _mem(4, space=None, mtype="preference"), _mem(5, space=None, mtype="preference")]
    specs = synth.group(mems, lambda ids: {})
    titles = {(s.kind, s.title) for s in specs}
    assert {("notes", "Notes"), ("notes", "About me")} <= titles, titles
    entity = next(s.title for s in specs if s.kind == "entity")
    assert entity.casefold() not in ("notes", "about me", "index"), entity


def test_a_name_never_takes_the_file_of_a_page_quire_writes(session):
    """An entity "Notes!" (another title, the same slug) had taken notes.md, and the Notes page was
    notes-2.md."""
    for text in ("The Notes! app syncs my lists.", "Notes! keeps crashing on the phone."):
        add(session, text, type="fact", entities=["Notes!"])
    add(session, "The boiler was serviced in March.", type="fact")
    rebuild(session)
    notes = (session.wiki_dir / "notes.md").read_text(encoding="utf-8")
    assert "The boiler was serviced in March." in notes
    assert "syncs my lists" not in notes
    assert any("syncs my lists" in p.read_text(encoding="utf-8") for p in session.wiki_dir.glob("notes-*.md"))


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # a title in quotes is one name; read word by word its small words had ended it
        (['podcasts like "My Brother, My Brother and Me" and "improv4humans".'], [["My Brother, My Brother and Me"]]),
        (['I\'m interested in "The Women in the Castle".'], [["Women in the Castle"]]),
        (
            ['In 1987 Lakoff wrote "Women, Fire, and Dangerous Things" on categories.'],
            [["Lakoff", "Women, Fire, and Dangerous Things"]],
        ),
        # ... and the same title unquoted elsewhere in the history is that name, not its words
        (
            [
                'Games like "Ticket to Ride" and "Settlers of Catan".',
                "I think Ticket to Ride and Settlers of Catan win.",
            ],
            [["Ticket to Ride", "Settlers of Catan"]] * 2,
        ),
        # "The" leads it as it leads any name: one page with the unquoted name
        (
            ['I loved "The Alice Network".', "The Alice Network was written by Kate Quinn."],
            [["Alice Network"], ["Alice Network", "Kate Quinn"]],
        ),
        # quoted words that are no title
        (['It was "fine", said Anna.'], [["Anna"]]),
        (['I said "Thank You" to Anna.'], [["Anna"]]),
        (['He wrote "see you soon" to Tom.'], [["Tom"]]),
    ],
)
def test_a_title_in_quotes_is_one_name(texts, expected):
    assert [[n.name for n in f] for f in names.extract_all(texts)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I got Lucas' new toys at Petco for Lucas.", ["Lucas", "Petco"]),  # had been "Lucas'" and "Lucas"
        ("Maria: so proud of you. Awesome John, thanks!", ["John"]),  # had been "Awesome John"
        ("Wonderful Anna, you did it!", ["Anna"]),
        ("Yo Tim, what is up with Anna?", ["Tim", "Anna"]),  # had been "Yo Tim"
        ("Adding NYC to my list was fun.", []),  # had been "Adding NYC"
        ("Definitely Star Wars is the best.", ["Star Wars"]),  # had been "Definitely Star Wars"
        # ... while a name that starts so stays whole
        ("Beijing Airport is huge.", ["Beijing Airport"]),
        ("We sang Amazing Grace at the service.", ["Amazing Grace"]),
        ("I love Gambian visual art.", []),  # had been "Gambian"
        ("We drove through Texas with Nigerian friends.", ["Texas"]),
        ("The Texas Parks and Wildlife Department's habitat plan.", ["Texas Parks and Wildlife Department"]),
        ("I met Anna and Tom Smith.", ["Anna", "Tom Smith"]),  # no institution's word: two people
        ("We shopped at Trader Joe's and Boots' new store.", ["Trader Joe's", "Boots'"]),  # their own 's stays
        # a closing single quote is no part of a name (a pasted lease had made a page "Landlord'")
        (
            "Made between Arbor Crest Properties LLC ('Landlord') and Noor Haddad.",
            ["Arbor Crest Properties LLC", "Landlord", "Noor Haddad"],
        ),
        ("He called it 'Project Falcon' and left.", ["Project Falcon"]),
        ("We met at ‘Tully’ and went on.", ["Tully"]),
    ],
)
def test_an_owner_a_greeting_and_a_peoples_word_are_no_names_of_their_own(text, expected):
    assert found(text) == expected


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-01T00:{i:02d}:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")


def test_a_topic_is_never_titled_by_an_adjective_a_verb_of_seeming_or_a_greeting():
    """Real histories had topic pages titled "Young", "Dangerous", "Political", "Sound delicious" and
    "Hey John"; the adjective may still lead a phrase ("Political debates")."""
    young = [
        _turn(1, "I was so young when I first painted."),
        _turn(2, "When I was young my mom took me to pottery."),
        _turn(3, "Young artists need support and pottery classes."),
    ]
    danger = [
        _turn(4, "Hiking the ridge alone can be dangerous in winter."),
        _turn(5, "Is it dangerous to hike the ridge after rain?"),
        _turn(6, "The ridge trail is dangerous when icy."),
    ]
    food = [
        _turn(7, "These all sound delicious!"),
        _turn(8, "Those recipes sound delicious, thanks."),
        _turn(9, "The lentil recipes look great."),
    ]
    hey = [
        _turn(10, "Hey John, how was the food drive?"),
        _turn(11, "Hey John! The food drive was a success."),
        _turn(12, "Hey John, want to volunteer again?"),
    ]
    politics = [
        _turn(13, "Political ads are everywhere this year."),
        _turn(14, "I avoid political debates at dinner."),
        _turn(15, "My uncle loves political debates."),
    ]
    titles = synth.topic_titles([young, danger, food, hey, politics])
    assert titles == ["Pottery", "Ridge", "Recipes", "Food drive", "Political debates"], titles


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        (  # Chinese: a title of its own characters, not a whole clause ("我喜欢健身房的游泳池")
            [
                ["我今天去了健身房。", "健身房人很多。", "我喜欢健身房的游泳池。"],
                ["我的猫生病了。", "猫不想吃东西。", "我带猫去看兽医。"],
            ],
            ["健身房", "猫"],
        ),
        (  # Japanese: its particles are no part of a title
            [
                ["毎朝ジョギングをします。", "ジョギングは楽しいです。", "雨の日もジョギングに行きます。"],
                ["猫が好きです。", "猫と遊びました。"],
            ],
            ["ジョギング", "猫"],
        ),
        (  # Hebrew: "my" is no part of one ("הכלב שלי", my dog)
            [
                ["הלכתי לים עם הכלב שלי.", "הכלב שלי אוהב את הים.", "בים היה קר היום."],
                ["אני לומדת ספרדית כל ערב.", "השיעור בספרדית היה קשה.", "ספרדית היא שפה יפה."],
            ],
            ["הכלב", "ספרדית"],
        ),
        (  # Russian and Polish: their own words
            [
                ["Мы ходили в спортзал вечером.", "В спортзал я хожу по вторникам."],
                ["Моя собака любит гулять.", "Собака спит весь день."],
            ],
            ["Спортзал", "Собака"],
        ),
        (
            [
                ["Mój pies źle się czuje.", "Pies nie chce jeść.", "Pies jest zdrowy."],
                ["Czytam książkę o ogrodach.", "Ta książkę czytam codziennie."],
            ],
            ["Pies", "Książkę"],
        ),
    ],
)
def test_a_topic_of_another_script_is_titled_in_its_own_words(groups, expected):
    n = iter(range(1, 60))
    assert synth.topic_titles([[_turn(next(n), text) for text in g] for g in groups]) == expected


def test_a_topic_between_people_is_never_titled_by_a_speaker():
    """A LoCoMo chat between John and Maria had a topic titled "Hey John", then "John": a speaker is on
    no page, and titles none."""
    said = [
        ("Maria", "Hey John, the food drive went well."),
        ("John", "Maria, the cans arrived!"),
        ("Maria", "John, see you at the drive."),
        ("Maria", "Hey John, thanks for the food drive."),
    ]
    turns = [replace(_turn(i, text), speaker=who) for i, (who, text) in enumerate(said, start=1)]
    specs = synth.group(turns, lambda ids: {i: [1.0, 0.0, 0.0] for i in ids})
    assert [s.title for s in specs if s.kind == "cluster"] == ["Food drive"], [s.title for s in specs]


def test_a_participle_or_an_ing_adjective_alone_titles_no_topic():
    """LoCoMo's chats had topics titled "Motivated", "Inspiring" and "Land in rural"."""
    run = [
        _turn(1, "I felt so motivated after the marathon training."),
        _turn(2, "Staying motivated for marathon training is hard."),
        _turn(3, "That talk was inspiring, so inspiring!"),
    ]
    land = [
        _turn(4, "We bought land in rural Texas for the orchard."),
        _turn(5, "Owning land in rural areas means an orchard at last."),
    ]
    assert synth.topic_titles([run, land]) == ["Marathon training", "Orchard"]


@pytest.mark.parametrize("word", ["Throughout", "Meanwhile", "Honestly", "Gradually", "Besides"])
def test_a_topic_is_never_titled_by_a_preposition_or_an_adverb(word):
    """LoCoMo's topics were titled "Throughout": a word that links or says how names no topic, however
    many turns open with it."""
    group = [
        _turn(1, f"{word} the year I kept painting."),
        _turn(2, f"{word}, my sister helped me with the move."),
        _turn(3, f"{word} I felt calm at the lake."),
    ]
    other = [_turn(4, "The dogs love the park."), _turn(5, "The dogs ran in the park.")]
    assert synth.topic_titles([group, other])[0] != word
    assert synth.cluster_title(group) != word


def test_a_dish_is_one_name_and_a_page_only_when_the_person_returns_to_it():
    """ "I made a Quinoa and Veggie Bowl" had made pages "Quinoa" and "Veggie Bowl"; a dish made once
    and talked over in one chat is a meal, not a page; made again another day, it is one page."""
    assert found("I made a Quinoa and Veggie Bowl for dinner.") == ["Quinoa and Veggie Bowl"]
    assert found("Dinner for Anna and Tom tonight.") == ["Anna", "Tom"]  # two people still
    bowl = (("quinoa and veggie bowl", "Quinoa and Veggie Bowl"),)

    def said(i: int, day: str, text: str) -> synth.Mem:
        return replace(_turn(i, text), valid_from=f"{day}T10:00:00Z", entities=bowl)

    once = [
        said(1, "2024-01-01", "I made a Quinoa and Veggie Bowl."),
        said(2, "2024-01-01", "The Quinoa and Veggie Bowl was good."),
    ]
    again = [*once, said(3, "2024-03-09", "Made the Quinoa and Veggie Bowl again tonight.")]
    flat = lambda ids: {i: [1.0, 0.0, 0.0] for i in ids}  # noqa: E731
    assert "Quinoa and Veggie Bowl" not in [s.title for s in synth.group(once, flat)]
    assert "Quinoa and Veggie Bowl" in [s.title for s in synth.group(again, flat) if s.kind == "entity"]


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        (  # Thai: no spaces between words; a clause is no title, its opening is
            [
                ["วันนี้ฉันไปยิมตอนเช้ากับเพื่อน", "ยิมคนเยอะมากวันนี้", "ฉันชอบสระว่ายน้ำที่ยิม"],
                ["The dogs love the park.", "The dogs ran in the park.", "We walk to the park daily."],
            ],
            ["วันนี้ฉันไปยิมตอ…", "Park"],
        ),
        (  # Chinese said once each: no half of two words ("身房然"), no character of "today" ("天")
            [
                ["我今天去了健身房然后和朋友一起吃了晚饭", "昨天下雨了所以没出门"],
                ["我的猫生病了。", "猫不想吃东西。"],
            ],
            ["我今天去了健身房…", "猫"],
        ),
    ],
)
def test_a_topic_in_a_script_without_spaces_is_never_titled_by_a_whole_sentence(groups, expected):
    n = iter(range(1, 60))
    titles = synth.topic_titles([[_turn(next(n), text) for text in g] for g in groups])
    assert titles == expected
    assert all(len(t) <= synth.FIRST_CHARS for t in titles)


def test_a_thai_word_is_one_word_with_its_vowel_signs():
    """Thai vowel signs are combining marks: a word had been cut at each ("นไปย มตอนเช" titled a page)."""
    assert synth._PHRASE_WORD.findall("แมว ยิม") == ["แมว", "ยิม"]
    assert synth._PHRASE_WORD.findall("नमस्ते दोस्त") == ["नमस्ते", "दोस्त"]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Absolutely, John. They're always there for us.", "Absolutely, John. They're always there…"),
        ("Cool! What did it look like?", "Cool! What did it look like?"),
        ("By the way, who was that main actress in Harry Potter?", "By the way, who was that…"),
        ("我今天去了健身房然后和朋友一起吃了晚饭", "我今天去了健身房…"),
    ],
)
def test_a_title_of_nothing_shared_is_a_short_opening_that_says_it_goes_on(text, title):
    """LoCoMo's topics of short replies sharing no word were titled by a whole sentence of up to 80
    characters ("Awesome, John! Sounds like it's really making a difference. The little one is…")."""
    assert synth.first_words(text) == title


@pytest.mark.parametrize(
    ("word", "group"),
    [
        ("Memories", ["So many memories of that summer at the lake.", "Good memories.", "Memories of the lake."]),
        ("Place", ["My cousin needs a new place near the clinic.", "Finding a place near the clinic is hard."]),
        ("Event", ["The event was packed.", "What an event at the shelter!", "The shelter event raised a lot."]),
        ("Notes", ["I keep notes on everything.", "My notes on the sourdough starter.", "Sourdough notes helped."]),
    ],
)
def test_a_word_that_holds_anything_titles_no_topic(word, group):
    """A friend chat's topics were titled "Memories", "Place" and "Event" (LoCoMo, imported as
    WhatsApp): a word any subject can fill says nothing of this one; its subject titles it."""
    turns = [_turn(i, text) for i, text in enumerate(group, start=1)]
    other = [_turn(8, "The dogs love the park."), _turn(9, "The dogs ran in the park.")]
    title = synth.topic_titles([turns, other])[0]
    assert title != word and word.casefold() not in title.casefold().split(), title


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("The toughest thing is that we had to say goodbye to Max. He was family.", "Max", "thing"),
        ("I talked to Marta about the move yesterday.", "Marta", "thing"),
        ("We went to Lisbon in May, the trams were full.", "Lisbon", "place"),
        ("A trip to Kyoto is what we want next spring.", "Kyoto", "place"),
        ("Welcome to Porto, the river is right there.", "Porto", "place"),
    ],
)
def test_to_names_a_place_only_after_a_way_of_going(text, name, kind):
    """A friend's chat tagged John's late dog a place: "say goodbye to Max" names who, not where."""
    assert [(n.name, n.kind) for n in names.extract_all([text])[0] if n.name == name] == [(name, kind)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a blind fixture's pasted emails made pages titled "PFA", "Feb" and "IST BST"
        (
            "pls correct grammar Dear Sir, PFA the final guest count for the reception on 11th Feb. Kindly revert",
            [],
        ),
        ("the standup is at 8 30 am IST which is 4 am BST for the london team", []),
        ("FYI the offsite moved to 3rd Oct, RSVP by EOD", []),
        ("Dear Helen, I would like to apply for leave from 2nd Feb to 23rd Feb", ["Helen"]),  # the name stays
        ("I met Jan and Aisha at the Tate on Sunday", ["Jan", "Aisha", "Tate"]),  # "Jan" is a first name too
    ],
)
def test_office_shorthand_abbreviated_months_and_time_zones_are_no_names(text, expected):
    assert found(text) == expected


DRAFTS = [
    "pls correct grammar Dear Sir, the final guest count for the reception is 450. Kindly revert.\n\nRegards,\nPriya",
    "make this better Dear Helen, I would like to apply for leave from 2nd Feb for my wedding.\n\nThanks,\nPriya",
    "write a reply to Rohit saying the Flipkart sellers dashboard ships friday\n\nBest,\nPriya",
    "my landlord sent this what should i reply\n\nHi all, Priya will be moving out on 30 April.\n\nThanks,\nGareth",
]


def test_the_name_that_signs_the_persons_drafts_is_their_own():
    assert names.signed(DRAFTS) == {"Priya"}
    assert names.signed(DRAFTS[:2] + DRAFTS[3:]) == set()  # twice is a pasted letter's, not yet theirs
    # a name signing fewer than half of the signed texts is someone else's letters, pasted
    assert names.signed([*DRAFTS, *(d.replace("Priya", n) for d in DRAFTS[:3] for n in ("Gareth", "Ola"))]) == set()
    assert names.signed(["thanks Priya", "Thanks, Priya, that helps a lot", "regards"]) == set()  # no sign-off


def test_the_persons_own_name_is_no_page_of_theirs():
    """A blind fixture's emails, drafted with an assistant and signed "Regards,\\nPriya", had made a
    page titled "Priya" of them: the person herself, as a page titled "user" had been."""
    mems = [_turn(i, text) for i, text in enumerate(DRAFTS + [d.replace("Regards,\nPriya", "") for d in DRAFTS[:2]])]
    synth.turn_entities(mems)
    named = {k for m in mems for k, _ in m.entities}
    assert "priya" not in named and {"helen", "rohit"} <= named
    control = [_turn(i, text.replace("Priya", "Asha", 1)) for i, text in enumerate(DRAFTS[3:] * 3)]
    synth.turn_entities(control)  # the landlord's letter pasted three times: Asha is named, not signing
    assert "asha" in {k for m in control for k, _ in m.entities}
