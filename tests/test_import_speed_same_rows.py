"""The import's short cuts write what the long way wrote: a capture's audit detail written out is the
encoder's text, and a text told `plain` is one the text policy returns as it is."""

from __future__ import annotations

import pytest

from memory import audit, text
from memory.models import parse_payload, plain

DETAILS = [
    ("note", None, "ab" * 32, None, []),
    ("preference", "work", "0f" * 32, "mem_abcdef000001", ["Bob"]),
    ("fact", "ｗｏｒｋ", "12" * 32, None, ['Ann "the quote"', "Zoë \\ back", "tab\there", "line\nbreak", "\u202e"]),
    ("identity", "space with ünïcode ✓", "ff" * 32, "mem_x", ["🙂", "名前", ""]),
]


@pytest.mark.parametrize("case", DETAILS)
def test_a_captures_audit_detail_is_the_encoders_text(case):
    memory_type, space, digest, supersedes, entities = case
    row = audit.captured("2025-01-02T03:04:05Z", "cli", "mem_1", memory_type, space, digest, supersedes, entities)
    detail = {"type": memory_type, "space": space, "content_hash": digest, "supersedes": supersedes}
    encoded = audit.stamped(
        "2025-01-02T03:04:05Z", "cli", "capture", "memory", "mem_1", {**detail, "entities": entities}
    )
    assert row == encoded


@pytest.mark.parametrize(
    "value",
    [
        "I moved to Lyon last spring",
        "",
        "a\tb",
        "two\nlines",
        "cr\r\nlf",
        "nul\x00here",
        "del\x7f",
        "é",
        "\u202eabc",
        "\ufeffbom",
    ],
)
def test_a_plain_text_is_one_clean_keeps_as_it_is(value):
    if plain(value):
        assert text.clean(value) == text.Cleaned(value)
    # the control: what clean changes or notes is never told plain
    if text.clean(value) != text.Cleaned(value):
        assert not plain(value)


def test_a_payloads_notes_read_through_the_property_are_its_private_notes():
    payload = parse_payload({"content": "I moved to Lyon\x00 last spring", "source": "chat\u202e #1", "cue": None})
    assert payload.text_notes == payload._text_notes
    assert len(payload.text_notes) == 2
    assert parse_payload({"content": "I moved to Lyon last spring"}).text_notes == ()
