"""The import's short cuts write what the long way wrote: a capture's audit detail written out is
the encoder's text, a text told `plain` is one the text policy keeps as it is, a title's lexical
form is the fold's, and a unit an import logged already is neither encoded again nor stored twice."""

from __future__ import annotations

import pytest

from eval.bench import synthetic_memories
from memory import audit, capture, text, tokens
from memory.capture import Duplicate, Stored
from memory.embed import FakeEmbedder
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


def _stream(db, batches, told):
    return [(tag, out) for tag, out in capture.capture_stream(db, batches, embedder=lambda: told)]


def test_a_unit_logged_already_is_not_encoded_again_and_lands_as_it_did(db):
    """A unit an earlier batch of the same import logged (a conversation twice in an export), or an
    earlier import: not sent to the encoder again, and told "already imported" as before. The
    control: a unit of a source nothing logged is encoded."""

    sent: list[str] = []

    class Told(FakeEmbedder):
        def encode(self, texts, batch_size=64):
            sent.extend(texts)
            return super().encode(texts, batch_size)

    told = Told()
    texts = synthetic_memories(8, seed=11)

    def batches(src, at):
        for n in range(3):  # the third batch repeats the first's units
            units = [0, 1] if n != 1 else [2, 3]
            yield n, [parse_payload({"content": texts[at + u]}) for u in units], [(src, f"u{u}") for u in units]

    first = _stream(db, batches("chat:a", 0), told)
    assert [type(o).__name__ for o in first[0][1] + first[1][1]] == ["Stored"] * 4
    assert all(isinstance(o, Duplicate) and o.logged for o in first[2][1])
    assert [o.id for o in first[2][1]] == [o.id for o in first[0][1]]
    assert len(sent) == 4 and not any(texts[0] in s or texts[1] in s for s in sent[2:])
    sent.clear()
    again = _stream(db, batches("chat:a", 0), told)  # an earlier import logged them all
    assert sent == [] and all(isinstance(o, Duplicate) for _, out in again for o in out)
    other = _stream(db, batches("chat:b", 4), told)  # the control: another source, its own units
    assert sent and isinstance(other[0][1][0], Stored)


@pytest.mark.parametrize(
    "value",
    [
        "The mobile app needs a review of feature flags because latency doubled in Jun…",
        "…",
        "a…",
        "Straße…",  # not ASCII before the ellipsis: the long way
        "ends … not at the end",
        "two……",
        "plain ascii",
        "ＡＰＩ key…",
        "zero\u200bwidth…",
    ],
)
def test_a_titles_lexical_form_is_the_folds(value):
    assert capture._lexical(value) == tokens.lexical(value)


@pytest.mark.parametrize(
    "value", ["Straße", "STRASSE", "ΟΔΟΣ", "οδος", "Ｓｔｒａßｅ…", "ẞ", "café", "naïve ς end", "plain"]
)
def test_the_lexical_form_folds_every_caseless_letter(value):
    folded = tokens.fold(value).translate(tokens._CASELESS)
    assert tokens.lexical(value) == (None if folded == value else folded)
