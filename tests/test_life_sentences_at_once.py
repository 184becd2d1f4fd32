"""`life.sentences` reads a text with no ".", "!", "?" or newline as one sentence at once (`_unbroken`),
without its three patterns (an import's turns: a third of its cost): the same sentences as through them."""

from __future__ import annotations

import json
from pathlib import Path

from memory import life
from memory.text import prose

FIXTURES = Path(__file__).parent / "fixtures"


def _through_the_patterns(text: str) -> list[str]:
    """`life.sentences` as it read every text before `_unbroken`."""
    kept = life._ABBREV.sub(lambda m: m.group(0).replace(".", "\u2024"), prose(text))
    kept = life._INITIALS.sub(life._kept_initials, kept)
    return [s.replace("\u2024", ".").strip() for s in life._SENTENCE.split(kept) if s and s.strip()]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _fixture_texts() -> list[str]:
    texts = []
    for path in sorted(FIXTURES.rglob("*.json")):
        texts += _strings(json.loads(path.read_text(encoding="utf-8")))
    # each cut at its first stop too: a turn of the chats' own words with none of the marks
    return texts + [t.split(".")[0].split("!")[0].split("?")[0].split("\n")[0] for t in texts]


def test_a_turn_without_a_stop_is_one_sentence_as_through_the_patterns():
    texts = _fixture_texts()
    unbroken = [t for t in texts if life._unbroken(prose(t))]
    assert len(unbroken) > 1000  # (the fast path is what most of them take)
    for text in texts:
        assert life.sentences(text) == _through_the_patterns(text), text


def test_edges_of_one_sentence_read_alike():
    for text in ["", "   ", "I moved to Lisbon", "  I moved to Lisbon  ", "a one\u2024dot leader", "`code.` I moved"]:
        assert life.sentences(text) == _through_the_patterns(text), text
    assert life.sentences("I moved to Lisbon") == ["I moved to Lisbon"]


def test_a_stop_or_a_newline_still_goes_through_the_patterns():
    """The near misses: one mark each, and the patterns' own work (a title kept, initials kept, a split)."""
    assert life.sentences("I saw Dr. Patel today") == ["I saw Dr. Patel today"]
    assert life.sentences("J.K. Rowling wrote it") == ["J.K. Rowling wrote it"]
    assert life.sentences("I moved! Now I live in Porto") == ["I moved!", "Now I live in Porto"]
    assert life.sentences("Did I move? Yes I did") == ["Did I move?", "Yes I did"]
    assert life.sentences("I moved\nto Porto") == ["I moved", "to Porto"]
    for text in ["I moved. Then I left", "a\nb", "what? no!"]:
        assert not life._unbroken(prose(text))
