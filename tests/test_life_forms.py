"""A person's life said in forms the rules had not read, and words that are not their own life.

Each group: the form as a person types it (a doctor named with where they work, a pet named before
what it is, a child's school, a workplace joined, an activity done now), the same value through the
import and About me where it matters, and the look-alikes that must read nothing (someone else's, a
pasted transcript, a role-play, characters no one sees inside a value)."""

from __future__ import annotations

import pytest

import quire
from memory import life, names
from tests.conftest import chat_turns, life_changes


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


# -- 1. a doctor or a dentist named with where they work, in lower case ------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("doc patel at kettering health put me on it 2 years ago", "doctor", "dr patel"),
        ("dr nowak put me on escitalopram 10mg, is that a lot", "doctor", "dr nowak"),
        ("Dr. Singh over at the Riverside clinic upped my dose", "doctor", "dr singh"),
        ("my doc is doc patel at kettering health now", "doctor", "dr patel"),
        ("dr. lee over at bright smiles is my dentist", "dentist", "dr lee"),
        ("my dentist is dr. lee over at bright smiles", "dentist", "dr lee"),
        ("my regular now is a nurse practitioner, jen okafor at the banner clinic", "doctor", "jen okafor"),
        ("my new doctor is a nurse practitioner, Ana Ruiz", "doctor", "ana ruiz"),
        ("the dentist in the strip mall by frys, desert sky dental, pulled it", "dentist", "desert sky dental"),
        ("my dentist, bright smiles dental, wants to do a crown", "dentist", "bright smiles dental"),
    ],
)
def test_a_doctor_named_with_where_they_work_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("dr patel put me on hold for 20 minutes", "doctor"),
        ("my sisters doctor, dr patel, put her on statins", "doctor"),
        ("should i ask dr patel at kettering to put me on statins?", "doctor"),
        ("the dentist said my teeth are fine", "dentist"),
        ("my doc is ready to share, can you check it", "doctor"),
    ],
)
def test_a_doctor_look_alike_reads_no_doctor(text, attribute):
    assert attribute not in _read(text), _read(text)


def test_a_change_of_doctor_said_with_a_workplace_is_found_on_import(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "doc patel at kettering health put me on lisinopril 2 years ago"),
            ("2024-09-05", "my regular now is a nurse practitioner, jen okafor at the banner clinic"),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "doc patel" in changed[0][0] and "jen okafor" in changed[0][1], changed


# -- 2. a pet named before what it is, a pet that died, a child's school, a workplace joined -------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("biscuit, our dog, ate my sock", "dog", "biscuit"),
        ("Biscuit (our dog) ate my sock", "dog", "biscuit"),
        ("rusty my old beagle is 14 and limping", "dog", "rusty"),
        ("biscuit the little chihuahua mix i got from the humane society wont stop barking", "dog", "biscuit"),
        ("our dog biscuit died last week", "dog", "died biscuit"),
        ("Our dog Biscuit died last week.", "dog", "died biscuit"),
        ("we lost our cat Miso in march", "cat", "died miso"),
        ("biscuit, our dog, passed away on sunday", "dog", "died biscuit"),
        ("my son goes to st marys", "son school", "st marys"),
        ("My son goes to St Mary's now.", "son school", "st mary's"),
        ("my daughter started at Oakwood Primary in september", "daughter school", "oakwood primary"),
        ("i joined the council", "employer", "council"),
        ("I joined the council last month.", "employer", "council"),
        ("ive joined the nhs, first shift monday", "employer", "nhs"),
    ],
)
def test_a_name_before_its_noun_a_death_a_school_and_a_workplace_joined_are_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("Honestly, our dog is so clingy", "dog"),
        ("biscuit, my sisters dog, ate my sock", "dog"),
        ("my sisters dog biscuit died", "dog"),
        ("Rusty, our late dog, loved the beach", "dog"),
        ("my son goes to Paris next week", "son school"),
        ("my son is in Year 3", "son school"),
        ("i joined the school choir", "employer"),
        ("my dad joined the council", "employer"),
        ("I joined the council meeting late", "employer"),
    ],
)
def test_a_look_alike_of_a_pet_a_school_or_a_workplace_reads_nothing(text, attribute):
    assert attribute not in _read(text), _read(text)


def test_a_pet_that_died_is_a_change_and_no_pet_of_that_name_now(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "we got a dog called biscuit, any tips for crate training"),
            ("2024-09-05", "our dog biscuit died last week and the house is so quiet"),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "called biscuit" in changed[0][0] and "died" in changed[0][1], changed


# -- 3. an activity done now ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("doing yoga now", "schedule:yoga", "now"),
        ("i do pilates these days", "schedule:pilates", "now"),
        ("I do pilates these days.", "schedule:pilates", "now"),
        ("doing krav maga twice a week now", "schedule:krav maga", "twice a week"),
        ("I've taken up krav maga", "schedule:krav maga", "now"),
        ("got hooked on pickleball at the rec center", "schedule:pickleball", "now"),
        ("i've swapped bouldering for ultimate frisbee", "schedule:ultimate frisbee", "now"),
    ],
)
def test_an_activity_done_now_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my wife is doing yoga now",
        "my son just started swimming",
        "I started running the kitchen",
        "should i do pilates these days?",
        "I bought yoga pants now",
    ],
)
def test_someone_elses_activity_or_no_activity_reads_none(text):
    assert not [a for a in _read(text) if a.startswith("schedule:")], _read(text)


def test_an_activity_now_then_its_day_is_one_habit_and_giving_it_up_a_change():
    said = ("doing yoga now", "I do yoga on Tuesdays", "I quit yoga")
    now, day, stopped = (life.read.__wrapped__(t)[0] for t in said)
    assert life.same(now, day) and not life.same(now, stopped)


# -- 4. About me's Now after a change is accepted in review ------------------------------------------


def test_about_me_now_still_says_what_it_was_after_the_change_is_accepted(tmp_path, cli, cli_json, db):
    """Accepting a change hides the old turn, which was the only place the "was" came from: the Now
    line lost it. A forget of the old turn takes it away again."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I live in Vienna and love the coffee houses here."),
            ("2024-02-01", "I work at Kestrel Labs now."),
            ("2024-03-01", "I'm vegetarian these days, any quick dinners?"),
            ("2024-09-05", "I moved to Ljubljana in the summer, the light is wonderful."),
        ],
    )
    cli_json("import", str(path))
    (item,) = cli_json("curate", "list")["items"]
    cli_json("curate", "accept", str(item["id"]))
    cli_json("rebuild")
    body = cli_json("page", "show", "about-me")["body"]
    now = body[body.index("## Now") : body.index("## Home")]
    assert "- **Home**: Ljubljana, since 2024-09-05" in now and "; was Vienna" in now, now
    old = db.scalar("SELECT id FROM memories WHERE content LIKE '%Vienna%'")
    assert cli("forget", old).exit_code == 0
    cli_json("rebuild")
    body = cli_json("page", "show", "about-me")["body"]
    assert "Vienna" not in body and "- **Home**: Ljubljana" in body, body


# -- 5. characters no one sees inside a value ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I moved to Montr\u200féal",  # a right-to-left mark
        "I moved to Mont\u200bréal",  # a zero-width space
        "I moved to Montr\u00adéal",  # a soft hyphen
        "I moved to \ufeffMontréal",  # a byte-order mark
        "I moved to Montre\u0301al",  # "é" as "e" and a combining accent
        "I moved\u00a0to Montréal",  # a no-break space
    ],
)
def test_a_value_with_unseen_characters_is_the_same_value_shown_clean(text):
    (said,) = life.read.__wrapped__(text)
    (clean,) = life.read.__wrapped__("I moved to Montréal")
    assert said.value == clean.value == "montréal" and said.shown == "Montréal" and life.same(said, clean)


def test_a_line_separator_ends_a_line():
    assert _read("I live in Leeds\u2028my sister lives in Paris") == {"home": "leeds"}


def test_a_change_with_an_unseen_character_is_no_change_on_import(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [("2024-01-05", "I moved to Montréal last month."), ("2024-06-05", "I live in Montr\u200féal and love it.")],
    )
    cli_json("import", str(path))
    assert life_changes(db) == []


# -- 6. pasted transcripts, quoted words and role-play -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "User: I live in Paris",
        "Assistant: I work at Acme as a nurse",
        "Q: where do you live?\nA: I live in Paris",
        "[10:02] Tom: I moved to Leeds\n[10:03] Ana: I got a job at Aldi",
        "Tom: I moved to Leeds\nAna: nice, congrats",
        "pretend you are a nurse who lives in Oslo. I live in Oslo and work nights",
        "Let's role-play: I'm a barista at Costa and you're a customer",
        "act as my landlord. I live in Flat 3 and I moved to Leeds in May",
        'she texted "I moved to Leeds, my new manager is Priya" and i cried',
        "> I moved to Leeds\nwhat does she mean by this",
        "here's the message my sister sent:\nI moved to Leeds and my new manager is Priya",
        # no colon, as a person who dictates writes it: a request, a blank line, a letter's salutation
        "can you proof read this offer letter i am sending for my team\n\nDear Ms. Kulkarni,\n\n"
        "I moved to Leeds last year and I work at Paysora as a product manager.",
        "pls reply to this email from my manager\n\nHi all,\nI live in Berlin now and my new manager is Priya.",
    ],
)
def test_words_that_are_not_the_persons_own_read_nothing(text):
    assert _read(text) == {}, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("Update: I moved to Lisbon!", "home", "lisbon"),
        ("I live in Leeds.\nUser: I live in Paris", "home", "leeds"),
        ("I live in Leeds.\nLet's role-play: I'm a barista at Costa", "home", "leeds"),
        ("I moved to Lisbon. My sister said “I live in Porto now”.", "home", "lisbon"),
        # the request line is the person's own; a blank line and a greeting of their own is no letter pasted
        (
            "I moved to Leeds and wrote a letter to my old landlord\n\nHi! how do I get my deposit back?",
            "home",
            "leeds",
        ),
        ("I moved to Leeds last month\n\nHi again, what's a good gym near the station?", "home", "leeds"),
    ],
)
def test_the_persons_own_words_beside_a_paste_are_still_read(text, attribute, value):
    assert _read(text) == {attribute: value}, _read(text)


def test_a_pasted_transcript_opens_no_review_item_on_import(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I live in Leeds and work at the council."),
            ("2024-03-05", "can you summarise this chat:\nUser: I moved to Paris\nAssistant: lovely!"),
            ("2024-04-05", "pretend you are a nurse. I live in Oslo and I work at Ullevål."),
        ],
    )
    cli_json("import", str(path))
    assert life_changes(db) == []


# -- siblings: the same kinds of value said in other ways ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a doctor's noun in the person's first language, and "here" / "now" before "is"
        ("my lekarz rodzinny here is dr. nowak at the przychodnia", "doctor", "dr nowak"),
        ("my huisarts is Dr. de Vries", "doctor", "dr de vries"),
        ("my dentist here is dr. lee", "dentist", "dr lee"),
        # someone named, then who they are to the person
        ("pani kowalczyk, my dentystka here, wants a crown on the tooth", "dentist", "pani kowalczyk"),
        ("dr huffman, my dentist, says i need a crown", "dentist", "dr huffman"),
        ("my dentist of 30 years, dr huffman, says i need a crown", "dentist", "dr huffman"),
        # where a person works, said by their shifts, a trade plied for someone, a contract
        ("my saturday shifts at the ace on far hills are killing me", "employer", "ace"),
        (
            "i drive the shuttle van for the east valley senior center tues and thurs",
            "employer",
            "east valley senior center",
        ),
        ("I deliver for Deliveroo on weekends", "employer", "deliveroo"),
        ("I'm on a 65% TV-L contract at uni tübingen.", "employer", "uni tübingen"),
        ("my contract with the NHS runs out in May", "employer", "nhs"),
        # married or not
        ("tomek and i aren't married, just together 6 yrs", "relationship", "not married"),
        ("married 3 weeks now and the paperwork is endless", "relationship", "married"),
        ("we got married in june!", "relationship", "married"),
        ("I'm engaged!!", "relationship", "engaged"),
    ],
)
def test_a_sibling_form_of_a_value_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("my shift at the hospital was long", "employer"),  # a kind of place names no employer
        ("I drive my mum for her appointments", "employer"),
        ("I cook for the family on sundays", "employer"),
        ("my sister got married", "relationship"),
        ("I'm married to my job lol", "relationship"),
        ("I'm single-handedly running this", "relationship"),
        ("if we got married would my taxes change", "relationship"),
        ("my sisters dentist, dr lee, is lovely", "dentist"),
    ],
)
def test_a_sibling_look_alike_reads_nothing(text, attribute):
    assert attribute not in _read(text), _read(text)


@pytest.mark.parametrize(
    ("query", "attribute"),
    [
        ("what antidepressant do I take", "medication"),
        ("what blood pressure tablets am I on", "medication"),
        ("am I married", "relationship"),
        ("what pet do we have", "dog"),
        ("what pets do I have", "guinea pig"),
    ],
)
def test_a_question_about_a_medicine_a_marriage_or_a_pet_asks_its_attribute(query, attribute):
    assert attribute in life.asked(query)


def test_a_question_of_what_was_does_not_put_the_current_value_first(quire_home):
    """'where did I work before I retired' asks the past: the jobs the rules read (the one of now and
    the one it changes to, waiting for review) were lifted above the turn that answers it."""
    with quire.open(quire_home) as q:
        q.capture("I retired from Delphi in 2015 after 31 years at the Moraine plant, a long time.", type="identity")
        q.capture("my saturday shifts at the ace on far hills are killing me, six hours standing", type="identity")
        q.capture("i drive the shuttle van for the east valley senior center tues and thurs mornings", type="identity")
        assert len(q.review().items) == 1  # ace -> the senior center, waiting for review
        past = q.recall("where did I work before I retired", k=3).results
    assert "Delphi" in past[0].text, [h.text for h in past]


def test_a_person_named_after_its_the_noun_a_sentence_before_said_is_read():
    """'how do i ask my hausarzt for a referral? its dr. weber at the praxis': the doctor named in the
    next sentence, after the question that said whose (and no one without that sentence)."""
    said = "how do i ask my hausarzt for a referral w/o sounding rude? its dr. weber at the praxis, shes nice"
    assert _read(said) == {"doctor": "dr weber"}
    assert _read("I need to see my dentist soon. It's Dr. Lee at Bright Smiles.") == {"dentist": "dr lee"}
    assert _read("its dr. weber at the praxis") == {}
    assert "dentist" not in _read("my sister's dentist is great. its dr lee")


@pytest.mark.parametrize(
    "text",
    [
        "Honestly, our dog is a menace",
        "my cat is a diva lol",
        "my sister's dentist is great",
        "my son's teacher is so strict",
    ],
)
def test_how_a_pet_or_someone_elses_person_is_names_no_one(text):
    assert _read(text) == {}, _read(text)


def test_a_name_with_unseen_characters_is_the_name_a_page_is_titled_by():
    """The page names of a text: "Montr\\u200féal" had made a page "Montr" (the mark cut the name)."""
    assert [n.name for n in names.extract("I moved to Montr\u200féal with Ana.")] == ["Montréal", "Ana"]
    assert [n.name for n in names.extract("We met Zo\u00e9 and Zoe\u0301 in Lyon.")][:1] == ["Zoé"]


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a word that opens a sentence is no pet's name
        ("Sometimes my dog is weird", "dog"),
        ("Ugh my dog is sick", "dog"),
        ("Help my cat has fleas", "cat"),
        ("Question, our dog keeps barking", "dog"),
        ("Luckily, our dog is fine", "dog"),
        # a thing of the pet's is not the pet gone
        ("I lost my dog Rusty's lead", "dog"),
        # a kind of workplace alone is no employer
        ("I joined the firm in 2019", "employer"),
        ("I joined the law firm in 2019", "employer"),
    ],
)
def test_an_opening_word_a_pets_thing_or_a_kind_of_workplace_reads_nothing(text, attribute):
    assert attribute not in _read(text), _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("my dog is now called Max", "dog", "max"),
        ("Update: I moved to Lisbon.\nEdit: I started at Shopify.", "home", "lisbon"),  # labels are no speakers
        ("I work at Ubisoft, for a game studio in Montreal", "employer", "ubisoft"),  # no story asked for
        ("the character limit is annoying. I moved to Lisbon", "home", "lisbon"),
    ],
)
def test_what_only_looks_like_a_paste_or_a_role_play_is_still_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


def test_a_role_play_asked_of_the_assistant_is_not_the_persons_life():
    assert _read("can you act as my landlord? I live in Leeds and the boiler is broken") == {}
    assert _read("I act as a bridge between two teams. I work at Acme now.") == {"employer": "acme"}  # no request
