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
