"""The life reading's work grows with the text, not with its square: a pasted blob or a long run of
sentences must not stall a capture or an import. Found (session 48): one 1,000-letter word after "I moved
to" took 3.7 s and 560 MB (its two-letter deletions for the spelling pass: 500,000 strings), and 1,100
sentences of "I moved to Porto." took 1.6 s (each clause searched the whole text for a gym word). Bounded
by counting the work, not by a clock."""

from __future__ import annotations

import random
import re

import pytest

from memory import life


def test_an_overlong_word_is_no_misspelling_and_makes_no_deletions(monkeypatch):
    def refuse(word: str, most: int) -> set[str]:
        raise AssertionError(f"deletions of a {len(word)}-letter word")

    monkeypatch.setattr(life, "_s45k_near", refuse)
    rng = random.Random(1)
    blob = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(1000))
    assert life._s45k_word(blob) is None
    assert life.read(f"I moved to {blob}") == ()


def test_control_a_misspelt_word_is_still_read(monkeypatch):
    """The bound is exact: a word within reach of the index's longest is still weighed."""
    assert len("apartmint") <= life._s45k_longest() + 2
    assert life._s45k_word("apartmint") == "apartment"


class _Counting:
    def __init__(self, pattern: re.Pattern[str]):
        self.pattern, self.calls = pattern, 0

    def search(self, text: str):
        self.calls += 1
        return self.pattern.search(text)


@pytest.mark.parametrize("sentences", [10, 400])
def test_the_gates_of_a_long_text_are_read_once(monkeypatch, sentences):
    gates = {attribute: _Counting(gate) for attribute, gate in life._S45K_GATED.items()}
    monkeypatch.setattr(life, "_S45K_GATED", gates)
    life._s45k_read("I moved to Porto. " * sentences)
    assert {a: g.calls for a, g in gates.items()} == dict.fromkeys(gates, 1)


def test_control_a_gated_reading_still_reads():
    said = life._s45k_read("ok so i switched gyms, i joined planet fitness last week")
    assert [s.attribute for s in said] == ["gym"]


# A run of spaces (16,000 pasted spaces or tabs: 2.3 s) or of "\n " (8,000 of them: 0.4 s) was read again from each
# of its spaces to its end by the clause split's joining word (`\s+(?:bc|because|but|so)`): found session 48.
_OLD_CLAUSES = re.compile(r"[.!?\n]+|,\s*|\s+(?:bc|because|but|so)\s+")


class _Splitting:
    def __init__(self, pattern: re.Pattern[str]):
        self.pattern, self.given = pattern, []

    def split(self, text: str) -> list[str]:
        self.given.append(text)
        return self.pattern.split(text)


def test_a_later_space_of_a_run_never_starts_the_joining_split():
    """Only the run's first space is tried: a later one ends where it does, so it cannot match where it did not."""
    run = " " * 40 + "\t" * 40
    assert life._S45K_CLAUSES.match(run + "so it goes", 0) is not None
    assert all(life._S45K_CLAUSES.match(run + "so it goes", at) is None for at in range(1, len(run)))


def test_a_run_of_newlines_and_spaces_reaches_the_split_as_one_newline(monkeypatch):
    splitting = _Splitting(life._S45K_CLAUSES)
    monkeypatch.setattr(life, "_S45K_CLAUSES", splitting)
    life._s45k_clauses("i sold my car" + "\n " * 8000 + "so i bought a civic")
    assert [re.findall(r"\s*\n\s*", text) for text in splitting.given] == [["\n "]]


@pytest.mark.parametrize("gap", [" " * 5000, "\t" * 5000, "\n " * 3000, " \n" * 3000, "\n" * 3000])
def test_control_a_long_run_still_splits_and_reads(gap):
    said = life._s45k_read(f"my boss is dwayne{gap}so i joined a coed softball league")
    assert sorted(s.attribute for s in said) == ["club", "manager"]


def test_control_the_clauses_are_the_ones_the_old_split_gave():
    rng = random.Random(48)
    pieces = [
        " ",
        "  ",
        "\n",
        "\n\n",
        "\t",
        "\r",
        "\u00a0",
        ",",
        ".",
        "!",
        "so",
        "bc",
        "but",
        "because",
        "sob",
        "x",
        "my",
    ]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 16)))
        old = [c.strip() for c in _OLD_CLAUSES.split(text)]
        kept = [
            c
            for c in old
            if c and not life._S45K_ASKS.search(c.casefold()) and not life._S45K_HEDGE.search(c.casefold())
        ]
        assert life._s45k_clauses(text) == kept, repr(text)


# A pasted text's request line (`_PASTED_AFTER`): its end was looked for after each of the line's words, so a long
# line of them (20,000 characters of "https://example.com/..." links, "she said ... she said ...") read it again
# and again: 1.7 s a text. Found session 48; the line's end is now looked at once, before its words.
_OLD_PASTED_AFTER = re.compile(
    r"^[^\n]*\b(?i:transcript|conversation|chat log|email|e-mail|message|text|texts|letter|note|post|comment|review|"
    r"reply|response|wrote|writes|said|says|sent|posted|tweeted|texted|screenshot|translate|translation|proofread|"
    r"proof read|paste|pasted|copied|forwarded|dialogue|script|example|sample|template)\b[^\n]*(?::[ \t]*$|"
    r"(?=\n[ \t]*\n[ \t]*(?i:dear|hi|hello|hey|good (?:morning|afternoon|evening)|to whom)\b[^\n]{0,60}$))",
    re.M,
)


def test_a_request_line_is_looked_for_at_its_end_first():
    """The words are looked for only in a line that ends as a request does: a line of thousands of them that
    does not is passed over at its end, before any of them is tried."""
    assert life._PASTED_AFTER.pattern.startswith("^(?=[^\\n]*(?::[ \\t]*$|")
    line = "she said hi and " * 2000
    assert life._PASTED_AFTER.search(line) is None
    assert life._PASTED_AFTER.search(line + "this is the text:\nDear Ana").span() == (0, len(line) + 17)


def test_control_the_request_lines_are_the_ones_the_old_search_found():
    rng = random.Random(48)
    pieces = ["\n", "\n\n", " ", "\t", ":", "said", "text", "texts", "example", "dear", "Hi", "x", ",", "e-mail", "é"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 14)))
        found = [m.span() for m in life._PASTED_AFTER.finditer(text)]
        assert found == [m.span() for m in _OLD_PASTED_AFTER.finditer(text)], repr(text)
