"""What a person's words say about their life, read the same on every route (memory/life.py).

1. a control character inside a word (NUL, ESC, BEL, DEL, C1) neither cuts nor changes a value: the
   reading sees the text the store keeps (`memory.text.clean`), whether it reads it before or after;
2. a prompt set up for the assistant ("You are a helpful assistant.", "act as", "let's say I'm a
   nurse"), a quality ("I'm a good manager") and the assistant's own words pasted back ("I'm the
   assistant") are not the person's role;
3. About me's Now names a place one way: the name quire knows for it ("Munich" for "München");
4. a neighbourhood visited is no home, and a flat "in Shoreditch, London" is a home in London;
5. a question or a "never" states nothing, and "I don't live in Paris anymore" ends the home.
"""

from __future__ import annotations

import pytest

from memory import life, text
from tests.conftest import about_now, chat_turns
from wiki import render, synth


def _read(said: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read.__wrapped__(said)}


# -- 1. control characters ---------------------------------------------------------------------------

_CONTROLS = [chr(c) for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0))]


@pytest.mark.parametrize(
    ("said", "attribute", "value"),
    [
        ("I live in Lis{}bon now.", "home", "lisbon"),
        ("I work at Goo{}gle", "employer", "google"),
        ("I'm a nu{}rse", "role", "nurse"),
        ("J'habite à Mont{}réal", "home", "montréal"),
        ("i live in mün{}chen", "home", "munich"),
        ("my dentist is Dr Pa{}tel", "dentist", "dr patel"),
    ],
)
def test_a_control_character_inside_a_word_neither_cuts_nor_changes_the_value(said, attribute, value):
    for control in _CONTROLS:
        raw = said.format(control)
        assert _read(raw).get(attribute) == value, (repr(control), _read(raw))
        # the same reading as the text the store keeps (the capture gate, an import)
        assert life.read.__wrapped__(raw) == life.read.__wrapped__(text.clean(raw).text), repr(control)


def test_a_control_character_is_not_in_the_value_shown_or_a_name_seen():
    (said,) = life.read.__wrapped__("I moved to Mün\x00ch\x1ben last week")
    assert said.shown == "München"
    assert life.visible("Lis\x00bon\x7f") == "Lisbon" and life.visible("Mün\x9bchen") == "München"


def test_a_carriage_return_is_the_new_line_the_store_keeps():
    raw = "I live in Leeds\r\nmy sister lives in Paris\rI work at Aldi"
    assert _read(raw) == _read(text.clean(raw).text) == {"home": "leeds", "employer": "aldi"}


# -- 2. a prompt, a case put, a quality and the assistant's words are not the person's role --------------


@pytest.mark.parametrize(
    "said",
    [
        "You are a helpful assistant. I am a senior data engineer at Spotify.",
        "You are an expert travel agent. I live in Berlin and want to visit Rome.",
        "From now on, you are a senior data engineer. I am a nurse.",
        "you're my personal trainer. I work at Tesco.",
        "You are the best recruitment manager in the world. I am a marketing manager.",
        "Act as a travel agent. I am a nurse in Leeds.",
        "I want you to act as a Linux terminal. I am a developer.",
        "Pretend you are a doctor. I'm a nurse.",
        "imagine I'm a pilot",
        "Let's say I'm a nurse.",
        "Say I'm a software engineer at Google, what salary should I ask?",
        "Assume I am a lawyer.",
        "Write a cover letter as if I were a nurse.",
        "Suppose I live in Paris.",
        "say i live in berlin, what tax do i pay",
        "Let's say I drive a Honda Civic.",
        "If I were a nurse I would quit.",
        "am I a good manager?",
        "I'm a good manager.",
        "I'm a better writer than my brother.",
        "I'm the assistant, and I've been helping you plan your trip to Chicago.",
        "I'm just an assistant, I don't have personal experiences or opinions.",
        "I'm an AI assistant created to help.",
        "You are ChatGPT, a large language model. I am a nurse in Leeds.",
        "In my novel, I'm a nurse in Leeds.",
        "Respond as a pirate. I live in Leeds.",
        "Answer as if you were my doctor. I'm a nurse.",
        "Your name is Max and you are a travel agent. I live in Leeds.",
        "[INST] You are a helpful assistant. I'm a nurse. [/INST]",
    ],
)
def test_a_prompt_a_case_put_a_quality_or_the_assistants_words_state_nothing(said):
    assert _read(said) == {}, _read(said)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("You're a great teacher! I'm a nurse at St James now.", {"role": "nurse", "employer": "st james"}),
        ("You're a lifesaver, I moved to Leeds last week.", {"home": "leeds"}),
        ("You are a star. I work at Aldi.", {"employer": "aldi"}),
        ("I'm an assistant at a law firm.", {"role": "assistant"}),
        ("You are my hero. I live in Leeds.", {"home": "leeds"}),
        ("I reply as a nurse would. I'm a nurse.", {"role": "nurse"}),
        ("I'm a goalkeeper in the game on Saturday. I live in Leeds.", {"home": "leeds"}),
        ("I'm a teaching assistant at Leeds.", {"role": "teaching assistant", "employer": "leeds"}),
        ("I'm a senior data engineer at Spotify.", {"role": "senior data engineer", "employer": "spotify"}),
        ("I drive a Honda Civic.", {"car": "honda civic"}),
        # (a doubt about something else: LongMemEval)
        ("I'm not sure what ID to use since I recently got married.", {"relationship": "married"}),
        ("I don't think my boss likes me, I work at Google now.", {"employer": "google"}),
        ("I moved to Berlin almost a year ago.", {"home": "berlin"}),
        ("I almost cried, I moved to Berlin.", {"home": "berlin"}),
    ],
)
def test_praise_for_the_assistant_and_a_plain_statement_are_still_read(said, expected):
    assert _read(said) == expected


# -- 3. About me's Now names a place one way -----------------------------------------------------------


def _mem(i: int, said: str) -> synth.Mem:
    when = f"2024-0{i}-05T09:00:00Z"
    return synth.Mem(f"mem_{i:04d}", said, "identity", None, "active", when, None, when, when, "", turn="person")


def _now(*said: str) -> str:
    spec = synth.PageSpec(
        "notes::about", "notes", synth.ABOUT_TITLE, None, None, tuple(_mem(i, text) for i, text in enumerate(said, 1))
    )
    page = render.render(spec).text
    return page[page.index("## Now") : page.index("\n## ", page.index("## Now") + 1)]


@pytest.mark.parametrize(
    "said",
    [
        ("I live in München, the beer is great.", "We love Munich in the autumn, I live in Munich for good now."),
        ("I live in Munich, the beer is great.", "I live in München, the beer is great."),
        ("I live in München, the beer is great.",),
        ("i live in munich, the beer is great",),
    ],
)
def test_now_names_a_place_by_the_name_quire_knows_for_it(said):
    now = _now(*said)
    assert "- **Home**: Munich, since 2024-01-05" in now and "München" not in now and "munich" not in now, now


def test_now_names_the_place_before_and_an_origin_the_same_way():
    now = _now("I live in München, the beer is great.", "I moved to Wien last week.", "I grew up in Deutschland.")
    assert "- **Home**: Vienna, since 2024-02-05" in now and "; was Munich" in now, now
    assert "- **Origin**: Germany" in now, now
    # what a forget looks for in the page is what the page shows
    assert "**Home**: Vienna" in render.now_forms("I moved to Wien last week.")
    assert "; was Munich" in render.now_forms("I live in München, the beer is great.")


def test_a_place_no_list_knows_is_named_as_last_written():
    now = _now("I live in Zürichberg-Ost now.", "I live in Zurichberg-Ost, it's quiet.")
    assert "- **Home**: Zurichberg-Ost, since 2024-01-05" in now, now


def test_about_me_names_one_place_after_an_import(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [("2024-01-05", "I live in München and love the beer gardens."), ("2024-06-05", "I live in Munich, any tips?")],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "- **Home**: Munich, since 2024-01-05" in now and "München" not in now, now


# -- 4. a neighbourhood visited is no home; a part of a city said with its city is a home there -----------


@pytest.mark.parametrize(
    ("said", "home"),
    [
        ("I moved to a flat in Shoreditch, London", "london"),
        ("I moved to a flat in Shoreditch, London.", "london"),
        ("I live in Shoreditch in London.", "london"),
        ("I moved to a flat in Kreuzberg, Berlin.", "berlin"),
        ("I live in the Croix-Rousse area of Lyon.", "lyon"),
        ("I moved to a new apartment in Lyon.", "lyon"),
        ("We just moved into a flat in Hackney.", "hackney"),
        ("I live in Brooklyn", "brooklyn"),
        ("I live in London, in Shoreditch.", "london"),
        # a state or a country after a city is where the city is
        ("I live in Portland, Oregon.", "portland"),
        ("I live in Vancouver, Washington.", "vancouver"),
        ("We moved into a house in Brooklyn, New York.", "brooklyn"),
        ("I live in Melbourne, Victoria.", "melbourne"),
        ("I live in Paris, Texas.", "paris"),
        ("I moved to Lyon, Paris was too expensive.", "lyon"),
        ("I live in Normal, Illinois.", "normal"),
    ],
)
def test_a_part_of_a_city_said_with_its_city_is_a_home_in_the_city(said, home):
    assert _read(said) == {"home": home}


def test_the_city_a_home_is_in_is_shown_as_written():
    (said,) = life.read.__wrapped__("I moved to a flat in Shoreditch, London last month")
    assert said.shown == "London"


@pytest.mark.parametrize(
    "said",
    [
        "We went to Shoreditch for dinner.",
        "I walked around Kreuzberg.",
        "I'm staying in Kreuzberg this week.",
        "I'm actually staying in Shinjuku, so I'll definitely check out Yakiniku Jumbo Han.",  # LongMemEval
        "Since I'm staying in Haight-Ashbury, I'll probably take BART to my Airbnb.",  # LongMemEval
        "We're living in Lisbon for a few weeks.",
        "I'm also concerned about the cost of living in Toronto.",  # LongMemEval
        "When we finally arrived in Boston, I was able to adjust my schedule accordingly.",  # LongMemEval
        "I'm looking forward to getting back to normal and not having to worry about meds.",  # LongMemEval
        "I moved to a flat in the suburbs.",
    ],
)
def test_a_place_visited_or_named_otherwise_is_no_home(said):
    assert "home" not in _read(said), _read(said)


# -- 5. a question or a "never" states nothing; "don't live there anymore" ends a home ---------------------


@pytest.mark.parametrize(
    "said",
    [
        "I don't live in Paris anymore.",
        "I no longer live in Paris.",
        "We don't live in Paris any more.",
        "I'm not living in Paris anymore.",
        "i dont live in paris anymore",
    ],
)
def test_not_living_somewhere_anymore_ends_the_home(said):
    (ending,) = life.read.__wrapped__(said)
    (home,) = life.read.__wrapped__("I live in Paris and love it.")
    assert ending.attribute == "home" and life.ended(ending) and life.ended(ending, home), ending


def test_a_home_ended_in_another_spelling_is_the_home_that_ended():
    (home,) = life.read.__wrapped__("I live in München and love it.")
    for said in ("I moved out of München.", "I don't live in Munich anymore.", "I no longer live in München."):
        (ending,) = life.read.__wrapped__(said)
        assert life.ended(ending, home), (said, ending)


@pytest.mark.parametrize(
    "said",
    [
        "do I live in Berlin?",
        "Don't I live in Berlin anymore?",
        "I never worked at Google.",
        "I never lived in Paris.",
        "I never said I live in Paris.",
        "I don't think I work at Google anymore",
        "I don't live in fear anymore.",
        "My sister doesn't live in Paris anymore.",
        "I almost moved to Berlin.",
        "We nearly bought a Tesla Model 3.",
        "Not that I live in Paris or anything.",
    ],
)
def test_a_question_a_never_or_a_denial_states_nothing(said):
    assert _read(said) == {}, _read(said)


def test_an_ending_of_home_on_import_says_none_now(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [("2024-01-05", "I live in Paris and love the bakeries."), ("2024-06-05", "I don't live in Paris anymore.")],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "- **Home**: none now (don't live in Paris), since 2024-06-05" in now and "was Paris" not in now, now


# -- the same in French ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "Agis comme un agent de voyage. Je suis infirmière à Lyon.",
        "Tu es un assistant utile. Je suis infirmière.",
        "Vous êtes un expert en voyage. J'habite à Lyon.",
        "Tu es un développeur senior. Je suis infirmière.",
        "Imaginons que je suis infirmière.",
        "Supposons que j'habite à Paris.",
    ],
)
def test_a_french_prompt_or_case_put_states_nothing(said):
    assert _read(said) == {}, _read(said)


@pytest.mark.parametrize(
    ("said", "attribute", "before"),
    [
        ("Je n'habite plus à Paris.", "home", "J'habite à Paris."),
        ("On ne vit plus à Paris depuis mars.", "home", "I live in Paris."),
        ("Je ne travaille plus chez Google.", "employer", "Je travaille chez Google."),
    ],
)
def test_a_french_ending_ends_what_was_said_in_either_language(said, attribute, before):
    (ending,) = life.read.__wrapped__(said)
    (was,) = life.read.__wrapped__(before)
    assert ending.attribute == was.attribute == attribute and life.ended(ending, was), ending


def test_french_look_alikes_still_read():
    assert _read("Je suis infirmière à Lyon.") == {"role": "nurse"}
    assert _read("J'habite à Lyon.") == {"home": "lyon"}
    assert _read("Je ne travaille plus au Québec.") == {}  # a country or province is no employer


# -- a job given up ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    ["I'm no longer a nurse.", "I'm not a nurse anymore.", "I no longer work as a nurse.", "i'm not a nurse any more"],
)
def test_a_role_given_up_ends_the_role_and_is_a_change(said):
    (role,) = life.read.__wrapped__("I'm a nurse.")
    (ending,) = life.read.__wrapped__(said)
    assert ending.attribute == "role" and life.ended(ending, role) and not life.same(role, ending)
    assert life.changes((role,), (ending,)) == [(role, ending)]


@pytest.mark.parametrize("said", ["I'm not a nurse.", "I was never a nurse.", "I'm no longer a good manager."])
def test_a_role_denied_or_a_quality_lost_ends_nothing(said):
    assert _read(said) == {}, _read(said)


def test_now_says_a_role_given_up_as_none_now():
    now = _now("I'm a nurse at the Royal Infirmary.", "I'm no longer a nurse, I retrained as a baker.")
    assert "- **Role**: none now (no longer a nurse), since 2024-02-05" in now and "was nurse" not in now, now
