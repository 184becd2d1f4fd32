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
        ("I'm a teaching assistant at Leeds.", {"role": "teaching assistant", "employer": "leeds"}),
        ("I'm a senior data engineer at Spotify.", {"role": "senior data engineer", "employer": "spotify"}),
        ("I drive a Honda Civic.", {"car": "honda civic"}),
    ],
)
def test_praise_for_the_assistant_and_a_plain_statement_are_still_read(said, expected):
    assert _read(said) == expected
