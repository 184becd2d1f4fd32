"""Words every match of a pattern holds, read off its parse here, apart from memory/needles.py: the
checks that run every rule or search on every fixture sentence (tests/test_needles.py,
tests/test_life.py) search only the ASCII sentences that hold one, since a sentence that holds none
cannot match. Python's `re` tries a pattern at every place of a text, so a search costs what the
text is long; joining the sentences into one text costs as much (measured, session 45), so the
saving has to come from searching fewer of them.

Sound because: a match of a sequence is its items' matches one after the other, so it holds every
run of literal characters standing in the sequence (a group's content counts as standing in it);
a match of an alternation is a match of one alternative, so it holds one alternative's word; a
repeat of at least one holds its content's. Compared lowercased, and only in ASCII sentences (under
IGNORECASE an ASCII letter also matches "ſ", the Kelvin sign, ...: `Sentences.may_match`).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator, Sequence
from re import _constants as sre  # type: ignore[attr-defined]  # (the parse `re.compile` builds)
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

SHORTEST = 3  # a word shorter than this is in most sentences: no use
MOST = 64  # more words than this are no filter worth its cost
_DEEPEST = 8


def words(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Lowercased strings one of which every match of `pattern` holds, or None if none is known."""
    return _sequence(list(sre_parse.parse(pattern.pattern, pattern.flags)), 0)


def _letter(op: Any, av: Any) -> str | None:
    """The one ASCII character (lowercased) an item matches, in either case, or None."""
    if op is sre.LITERAL and 0 < av < 128:
        return chr(av).lower()
    if op is sre.IN and av and all(kind is sre.LITERAL and 0 < code < 128 for kind, code in av):
        lowered = {chr(code).lower() for _, code in av}  # "[Mm]": one letter in either case
        return lowered.pop() if len(lowered) == 1 else None
    return None


def _flat(items: list[Any]) -> Iterator[tuple[Any, Any]]:
    """A sequence's items, with each group's content in its place (a group matches its content)."""
    for op, av in items:
        if op is sre.SUBPATTERN:
            yield from _flat(list(av[-1]))
        else:
            yield op, av


def _sequence(items: list[Any], depth: int) -> frozenset[str] | None:
    """The best word set of a sequence: one of its literal runs, or of its alternations' or repeats'."""
    found: list[frozenset[str] | None] = []
    run = ""
    for op, av in _flat(items):
        letter = _letter(op, av)
        if letter is not None:
            run += letter
            continue
        found.append(frozenset([run]) if run else None)  # (anything else ends the run, zero-width too)
        run = ""
        if depth >= _DEEPEST:
            continue
        if op is sre.BRANCH:
            each = [_sequence(list(alternative), depth + 1) for alternative in av[1]]
            found.append(None if any(e is None for e in each) else frozenset().union(*each))  # type: ignore[arg-type]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] >= 1:
            found.append(_sequence(list(av[2]), depth + 1))
    found.append(frozenset([run]) if run else None)
    usable = [f for f in found if f and len(f) <= MOST and min(map(len, f)) >= SHORTEST]
    return max(usable, key=lambda f: (min(map(len, f)), -len(f)), default=None)


class Sentences:
    """Sentences, and which of them may match a pattern given its `words`."""

    def __init__(self, sentences: Sequence[str]):
        self.sentences = tuple(sentences)
        self.lows = [s.lower() if s.isascii() else None for s in self.sentences]  # lowered once, not once a word
        self._others = [i for i, low in enumerate(self.lows) if low is None]
        self._by_word: dict[str, list[int]] = {}  # the ASCII sentences holding a word, by the word
        # All of them in one text, a NUL between two (no word holds one, so none is found across two):
        # a word is looked for once, not once a sentence.
        self._joined = "\x00".join(low or "" for low in self.lows)
        self._starts = list(itertools.accumulate((len(low or "") + 1 for low in self.lows[:-1]), initial=0))

    def may_match(self, wanted: frozenset[str] | None) -> list[int]:
        """The places, in order, of the sentences a pattern with these words may match: every one not
        ASCII (under IGNORECASE "ſ" matches "s"), and the ASCII ones holding a word."""
        if wanted is None:
            return list(range(len(self.sentences)))
        places = set(self._others)
        for word in wanted:
            if word not in self._by_word:
                self._by_word[word] = self._holding(word)
            places.update(self._by_word[word])
        return sorted(places)

    def _holding(self, word: str) -> list[int]:
        """The places of the ASCII sentences holding `word` (a NUL-free string)."""
        found, at = [], self._joined.find(word)
        while at != -1:
            i = bisect.bisect_right(self._starts, at) - 1
            found.append(i)  # (then on from the next sentence: one find a sentence holding it)
            at = self._joined.find(word, self._starts[i + 1]) if i + 1 < len(self._starts) else -1
        return [i for i in found if self.lows[i] is not None]
