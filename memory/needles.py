"""Needles: the few short strings one of which every match of a pattern starts with, so a text
that holds none of them is passed over without running the pattern.

Python's `re` tries every alternative of an alternation at every place in a text: a gate of 60
car models (`(?i:corolla|camry|...)`) cost 70 us a sentence, and the attribute model's gates most
of `life.read` (0.3 ms a text on an import). The needles of a pattern are read from its parse
(`re._parser`, the tree `re.compile` itself builds): literal characters from its start, through
groups, alternatives, small character sets and zero-width assertions, up to NEEDLE characters;
where a pattern's start is not literal (a repeat, a category, any character) there are none.

`holds_none` is exact as a filter: a text it passes over cannot match. The text and the needles
are compared lowercased (a superset of any case rule), and only ASCII texts are filtered: under
IGNORECASE a non-ASCII letter may match an ASCII one ("K" KELVIN SIGN and "k", "ſ" and "s").
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence

# The parse tree `re.compile` builds and its opcodes: stdlib, private (no stubs), stable since 3.11;
# a change of shape only makes `needles` return None (the pattern then always runs).
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

import ahocorasick

# Characters a needle: 3 tell words apart, and a sentence has few pieces (`grams`: those of 3 and 2).
NEEDLE = 3
_SHORTEST = 2  # a pattern whose needles could be one character is never filtered
_CHARSET_MOST = 8  # a set of up to this many literal characters is a branch; larger ones end the needle
_ZERO_WIDTH = frozenset([sre.AT, sre.ASSERT, sre.ASSERT_NOT])


def needles(pattern: re.Pattern[str], length: int = NEEDLE) -> frozenset[str] | None:
    """Lowercased strings of 2 to `length` characters one of which every match starts with, or None
    when the pattern's start is not literal enough to tell (then the pattern always runs)."""
    try:
        tree = sre_parse.parse(pattern.pattern, pattern.flags)
    except Exception:  # the private parser changed: the pattern just always runs
        return None
    heads, _ = _heads(list(tree), length)
    if not heads or any(len(h) < _SHORTEST for h in heads) or _folds_to_ascii(heads):
        return None
    return frozenset(h.lower() for h in heads)


# Letters IGNORECASE matches with an ASCII one ("ſ" with "s", the Kelvin sign with "k"): a needle
# holding one may match an ASCII text that does not hold it, so such a pattern is not filtered.
_ASCII_FOLDS = frozenset("\u0131\u017f\u212a\u0130")


def _folds_to_ascii(heads: set[str]) -> bool:
    return any(not _ASCII_FOLDS.isdisjoint(h) for h in heads)


# Longer needles, looked for as substrings: "corolla" tells a car model from "according", where its
# three letters "cor" pass three templated sentences in four. A substring test costs ~60 ns, so a
# pattern with at most LONG_MOST of them is filtered this way (no grams made); more, by `grams`.
LONG = 8
LONG_MOST = 64


def long_needles(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """`needles` of up to LONG characters when there are at most LONG_MOST of them, else None."""
    found = needles(pattern, LONG)
    return found if found is not None and len(found) <= LONG_MOST else None


def inner(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Long needles of some part every match holds, not only of its start: every match of a sequence
    holds a match of each of its suffixes, so the needles of any suffix filter as well as the
    start's ("I'm now a nurse": "I" starts it, " now a " or "nurse" tell it). The suffix whose
    needles are fewest at their shortest longest, or None."""
    tree = _tree(pattern)
    return None if tree is None else _longest([_suffix_needles(tree[at:]) for at in range(len(tree))], LONG_MOST)


def _tree(pattern: re.Pattern[str]) -> list[Any] | None:
    """The pattern's parsed sequence, or None if the private parser fails (then no filter)."""
    try:
        return list(sre_parse.parse(pattern.pattern, pattern.flags))
    except Exception:  # the private parser changed
        return None


def _longest(found: list[frozenset[str] | None], most: int) -> frozenset[str] | None:
    """Of the sets found, the one of at most `most` needles whose shortest is longest (the first of equals)."""
    best: frozenset[str] | None = None
    for one in found:
        if one is not None and len(one) <= most and (best is None or min(map(len, one)) > min(map(len, best))):
            best = one
    return best


def within(pattern: re.Pattern[str], most: int = 512) -> frozenset[str] | None:
    """Long needles every match holds somewhere, looked for further in than `inner`: in a sequence's
    suffix (`inner`), or in one of its groups every alternative of which has some (a match of a group
    is a match of one alternative, and every match of a sequence holds a match of each of its parts).
    A pattern that is one alternation of role-play requests ("pretend ...", "(?:you|u) (?:to )?act
    as", "you are a ...") has none at its start, and "act as", "you are" inside. At most `most`
    needles (more are looked for in one pass of a `Finder`, not one by one: `absent`); None if none."""
    tree = _tree(pattern)
    return None if tree is None else _within(tree, 0, most)


_DEEPEST = 6  # groups inside groups looked into


def _within(items: list[Any], depth: int, most: int) -> frozenset[str] | None:
    """`within` of a parsed sequence: the needles of its suffixes longest at their shortest (`inner`'s),
    or where none has any, of its parts (parsing is most of a rule's first use: one look inside only
    where needed)."""
    found = [_suffix_needles(items[at:]) for at in range(len(items))]
    deeper = depth < _DEEPEST and all(one is None for one in found)  # (the groups only where no suffix tells)
    for op, av in items if deeper else ():
        if op is sre.SUBPATTERN:
            found.append(_within(list(av[-1]), depth + 1, most))
        elif op is sre.BRANCH:
            each = [_within(list(alternative), depth + 1, most) for alternative in av[1]]
            found.append(None if any(e is None for e in each) else frozenset().union(*each))  # type: ignore[arg-type]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] >= 1:
            found.append(_within(list(av[2]), depth + 1, most))
    return _longest(found, most)


def _suffix_needles(items: list[Any]) -> frozenset[str] | None:
    """The long needles a sequence's matches start with, if there are few and none is short."""
    heads, _ = _heads(items, LONG)
    if not heads or len(heads) > LONG_MOST or min(map(len, heads)) < _SHORTEST + 1 or _folds_to_ascii(heads):
        return None
    return frozenset(h.lower() for h in heads)


def absent(low: str | None, wanted: frozenset[str] | None) -> bool:
    """True only when a text (lowercased, None for a non-ASCII one) holds none of the long needles."""
    # map over the bound method runs in C: a generator's frame per needle was most of a gate's cost.
    return low is not None and wanted is not None and not any(map(low.__contains__, wanted))


class Finder:
    """Which of many needle sets a lowercased text holds a needle of, in one pass (Aho-Corasick, in
    C): `absent` set by set cost a third of `life.read`, 136 gates a sentence each testing its
    needles one substring search at a time. A set of None (its pattern not filtered) is always held."""

    def __init__(self, sets: Sequence[frozenset[str] | None], labels: Sequence[int] | None = None):
        self.always = frozenset(i for i, wanted in enumerate(sets) if wanted is None)
        self.everything = tuple(range(len(sets)))
        owners: dict[str, list[int]] = {}
        for i, wanted in enumerate(sets):
            for needle in wanted or ():
                owners.setdefault(needle, []).append(i)
        self._automaton = ahocorasick.Automaton()
        for needle, sets_of in owners.items():  # (with the labels of its sets: `present_labelled`)
            of = () if labels is None else tuple(sorted({labels[i] for i in sets_of}))
            self._automaton.add_word(needle, (len(needle) - 1, tuple(sets_of), of))
        if owners:
            self._automaton.make_automaton()
        self._empty = not owners

    def holding(self, low: str | None) -> tuple[int, ...]:
        """The sets (by index, in order) a text holds a needle of, with every unfiltered one; every
        set for a text that is not ASCII (`absent` passes none of those over either)."""
        if low is None:
            return self.everything
        if self._empty:
            return tuple(sorted(self.always))
        held = set(self.always)
        for _, (_, sets_of, _) in self._automaton.iter(low):
            held.update(sets_of)
        return tuple(sorted(held))

    def present_labelled(self, low: str) -> tuple[set[int], set[int]]:
        """The sets an ASCII text holds a needle of (unfiltered ones not among them) and their labels (`labels`),
        in one pass, as sets for set operations."""
        held: set[int] = set()
        labelled: set[int] = set()
        if not self._empty:
            for _, (_, sets_of, labels_of) in self._automaton.iter(low):
                held.update(sets_of)
                labelled.update(labels_of)
        return held, labelled

    def holds_any(self, low: str | None) -> bool:
        """Whether `holding` holds any set: its first needle found ends the pass (`life._may_hold`'s question)."""
        if low is None:
            return bool(self.everything)
        return bool(self.always) or (not self._empty and next(self._automaton.iter(low), None) is not None)

    def starts(self, low: str | None) -> dict[int, list[int]] | None:
        """Where in a text the needles of each set it holds start (a set it holds none of is not
        there; an unfiltered one neither: look it up with `always`), or None for a text that is not
        ASCII. Every match of a pattern whose needles are these starts at one of them."""
        if low is None:
            return None
        found: dict[int, list[int]] = {}
        if self._empty:
            return found
        for end, (back, sets_of, _) in self._automaton.iter(low):
            for i in sets_of:
                if i in found:
                    found[i].append(end - back)
                else:
                    found[i] = [end - back]
        return found


class Joint:
    """Several finders' needles in one automaton: one pass over a lowercased ASCII text tells what `starts` of the
    first and `holding` of each of the others tell, each as its own pass would (session 50: life50; `life.read`
    passed over each sentence once a finder, ~1 us a pass before its first needle)."""

    def __init__(self, first: Finder, *others: Finder):
        self.finders = (first, *others)
        self._always = tuple(other.always for other in others)
        found: dict[str, list[Any]] = {}
        for k, finder in enumerate(self.finders):
            for needle, (back, sets_of, _) in finder._automaton.items() if not finder._empty else ():
                entry = found.setdefault(needle, [back, (), []])
                if k:
                    entry[2].append((k - 1, sets_of))
                else:
                    entry[1] = sets_of
        self._automaton = ahocorasick.Automaton()
        for needle, (back, starting, holding) in found.items():  # (the others' sets only where a needle has some)
            self._automaton.add_word(needle, (back, starting, tuple(holding)))
        if found:
            self._automaton.make_automaton()
        self._empty = not found

    def tell(self, low: str) -> tuple[dict[int, list[int]], tuple[tuple[int, ...], ...]]:
        """`starts(low)` of the first finder and `holding(low)` of each other, of an ASCII text (`low`, lowered)."""
        starts: dict[int, list[int]] = {}
        held = [set(always) for always in self._always]
        for end, (back, starting, holding) in () if self._empty else self._automaton.iter(low):
            for i in starting:
                if i in starts:
                    starts[i].append(end - back)
                else:
                    starts[i] = [end - back]
            for k, sets_of in holding:
                held[k].update(sets_of)
        return starts, tuple(tuple(sorted(sets)) for sets in held)


class Holds:
    """Whether a text holds any of some strings, told in one pass (Aho-Corasick, in C): `any(map(text.__contains__,
    words))` looked for them one at a time, ~0.15 us a string (3.7 us a bench turn for 21 words; session 50)."""

    def __init__(self, words: Sequence[str]):
        self._automaton = ahocorasick.Automaton()
        for word in words:
            self._automaton.add_word(word, None)
        if words:
            self._automaton.make_automaton()
        self._empty, self._always = not words, "" in words  # ("" is in every text)

    def __call__(self, text: str) -> bool:
        return self._always or (not self._empty and next(self._automaton.iter(text), None) is not None)


class Screen:
    """Which patterns of a list a text may match: those it holds a word of that every match of each
    holds (`within`, one `Finder` pass), every one for a text that is not ASCII. Made at the
    `after`-th text asked of (every pattern parsed again: a command that reads a text or two, a cold
    `quire recall`, does not pay it; a warm process does, once)."""

    def __init__(self, patterns: Sequence[re.Pattern[str]], after: int = 3):
        self.patterns = tuple(patterns)
        self.after = after
        self.asked = 0
        self.finder: Finder | None = None

    def holding(self, text: str) -> Sequence[int]:
        """The indexes of the patterns `text` may match, in order (all of them until the screen is made)."""
        finder = self.finder
        if finder is None:
            self.asked += 1
            if self.asked < self.after:
                return range(len(self.patterns))
            finder = self.finder = Finder([within(pattern) for pattern in self.patterns])
        return finder.holding(text.lower() if text.isascii() else None)


def grams(text: str) -> frozenset[str] | None:
    """The 2- and 3-character pieces of an ASCII text, lowercased (None for other text: not filtered)."""
    if not text.isascii():
        return None
    low = text.lower()
    return frozenset([low[i : i + NEEDLE] for i in range(len(low) - 2)] + [low[i : i + 2] for i in range(len(low) - 1)])


def holds_none(found: frozenset[str] | None, wanted: frozenset[str] | None) -> bool:
    """True only when a text with these grams cannot match a pattern with these needles."""
    return found is not None and wanted is not None and found.isdisjoint(wanted)


def _heads(items: list[Any], length: int = NEEDLE) -> tuple[set[str], bool]:
    """The strings (up to `length` characters) a match of `items` starts with, and whether each is
    all of its match (True) or the literal start ended inside (False: nothing may be added after it)."""
    heads = {""}
    for op, av in items:
        if all(len(h) >= length for h in heads):
            return heads, False
        if op in _ZERO_WIDTH:
            continue
        step = _step(op, av, length)
        if step is None:
            return heads, False
        nexts, whole = step
        heads = {(h + n)[:length] for h in heads for n in nexts}
        if not whole:
            return heads, False
    return heads, True


def _step(op: Any, av: Any, length: int) -> tuple[set[str], bool] | None:
    """What one parse item adds to every head: (strings, whole), or None where literals end."""
    if op is sre.LITERAL:
        return {chr(av)}, True
    if op is sre.IN and len(av) <= _CHARSET_MOST and all(kind is sre.LITERAL for kind, _ in av):
        return {chr(code) for _, code in av}, True
    if op is sre.SUBPATTERN:
        return _heads(list(av[-1]), length)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] >= 1:  # at least once: its start, then unknown
        heads, _ = _heads(list(av[2]), length)
        return heads, False
    if op is sre.BRANCH:
        branches = [_heads(list(alternative), length) for alternative in av[1]]
        return set().union(*(h for h, _ in branches)), all(whole for _, whole in branches)
    return None


# (session 48: life48) Where a match can start, for running a pattern only there: `re` tries a rule that
# opens with "(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am) ..." at every place of a sentence, ~5 us a rule a sentence
# that holds its words and states nothing. An alternative that opens with "^" (not MULTILINE) can start at 0
# only; an optional part is a branch (with it, without it); a repeat's first pass starts it, then the start
# ends (`_STOP`). More heads than OPENINGS_MOST, or too many paths, and there are none (the pattern runs along).
OPENINGS_MOST = 16
_SHORTENED_FROM = 4  # heads past this many are cut to their first two characters where that makes fewer
_PATHS_MOST = 4000
_STOP: tuple[Any, ...] = (None,)  # a frame that ends every head reaching it (what follows is not literal)
_ANCHORS = frozenset([sre.AT_BEGINNING, sre.AT_BEGINNING_STRING])


# What `openings` says of a match at 0: True, one may start there whatever the text is; a tuple, only where the
# text starts with one of these (lowercased: what follows the pattern's "^", session 49: life49); False, none but
# where a head starts.
Zero = bool | tuple[str, ...]


def within_and_openings(
    pattern: re.Pattern[str], most: int = 512
) -> tuple[frozenset[str] | None, tuple[frozenset[str], Zero] | None]:
    """`within` and `openings` of a pattern from one parse (parsing is most of the cost of each)."""
    tree = _tree(pattern)
    return (None, None) if tree is None else (_within(tree, 0, most), openings(pattern, tree))


def openings(pattern: re.Pattern[str], tree: list[Any] | None = None) -> tuple[frozenset[str], Zero] | None:
    """The lowercased strings of 2 to NEEDLE characters one of which every match starts with, and whether a
    match may also start at 0 ("^", `Zero`): every place a match of the pattern starts at, in an ASCII text, is
    one where a head starts, or 0 (where `Zero` says). None when the pattern's start is not literal enough to
    tell. `tree`: its parse."""
    tree = _tree(pattern) if tree is None else tree
    if tree is None or pattern.flags & re.MULTILINE:
        return None
    found: set[str] = set()
    state: dict[str, Any] = {"zero": False, "paths": 0, "anchored": set()}
    if not _open(((tuple(tree), 0),), "", found, state) or _folds_to_ascii(found):
        return None
    heads = {h.lower() for h in found}
    if len(heads) > _SHORTENED_FROM and len(shorter := {h[:_SHORTEST] for h in heads}) < len(heads):
        heads = shorter  # ("i a", "i c", "i f", ...: "i " is one look along the text, each of them one)
    anchored = {h.lower() for h in state["anchored"]}
    zero: Zero = state["zero"] or (tuple(sorted(anchored)) if 0 < len(anchored) <= OPENINGS_MOST else bool(anchored))
    return (frozenset(heads), zero) if len(heads) <= OPENINGS_MOST else None


def _open(frames: tuple[Any, ...], prefix: str, found: set[str], state: dict[str, Any]) -> bool:
    """Add the heads of the matches of `frames` (the rest of the pattern, innermost sequence first) that open with
    `prefix`; False where one cannot be told (too short, too many paths)."""
    state["paths"] += 1
    if state["paths"] > _PATHS_MOST:
        return False
    if len(prefix) >= NEEDLE or not frames or frames[0] is None:
        found.add(prefix[:NEEDLE])
        return len(prefix) >= _SHORTEST
    items, at = frames[0]
    if at >= len(items):
        return _open(frames[1:], prefix, found, state)
    op, av = items[at]
    rest = ((items, at + 1), *frames[1:])
    if op is sre.AT and av in _ANCHORS and not prefix:
        return _anchored(rest, state)  # (this way a match starts at 0 only)
    if op in _ZERO_WIDTH:
        return _open(rest, prefix, found, state)
    if op is sre.LITERAL:
        return _open(rest, prefix + chr(av), found, state)
    if op is sre.IN and len(av) <= _CHARSET_MOST and all(kind is sre.LITERAL for kind, _ in av):
        return all(_open(rest, prefix + chr(code), found, state) for _, code in av)
    if op is sre.SUBPATTERN:
        return not av[1] & re.MULTILINE and _open(((tuple(av[-1]), 0), *rest), prefix, found, state)
    if op is sre.BRANCH:
        return all(_open(((tuple(alternative), 0), *rest), prefix, found, state) for alternative in av[1])
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        low, high, body = av
        after = rest if high == 1 else _STOP  # (once at most: what follows is known; more: not)
        return _open(((tuple(body), 0), *after), prefix, found, state) and (
            low >= 1 or _open(rest, prefix, found, state)
        )
    return _open(_STOP, prefix, found, state)  # a character of a class, any character: the head ends


def _anchored(rest: tuple[Any, ...], state: dict[str, Any]) -> bool:
    """A way of a match that starts at 0 ("^"), then `rest`: the heads of `rest` where they can be told (a text
    starts with one of them: `Zero`), else a match may start at 0 whatever the text (`state["zero"]`)."""
    if state["zero"] is True:
        return True  # (told already: any text may match at 0)
    heads: set[str] = set()
    inner: dict[str, Any] = {"zero": False, "paths": state["paths"], "anchored": set()}
    told = _open(rest, "", heads, inner) and not inner["zero"] and not inner["anchored"] and not _folds_to_ascii(heads)
    state["paths"] = inner["paths"]
    if told:
        state["anchored"] |= heads
    else:
        state["zero"] = True
    return True


def places(low: str, heads: frozenset[str], zero: Zero) -> list[int]:
    """Where in a lowercased ASCII text a match with these `openings` may start, in order."""
    out = [0] if zero is True or (zero and low.startswith(zero)) else []
    for head in heads:
        at = low.find(head)
        while at >= 0:
            out.append(at)
            at = low.find(head, at + 1)
    return sorted(set(out)) if len(out) > 1 else out


# (session 49: life49) A pattern's `within_and_openings` kept in a file from one process to the next: making them parses
# the pattern again (~1.7 ms a rule of memory/life.py). An entry is of the pattern, its flags and this VERSION of the
# functions above (`kept_key`): bump VERSION with any change of what they find, and a file made before is not read.
VERSION = 2
Made = tuple[frozenset[str] | None, tuple[frozenset[str], Zero] | None]


def kept_key(pattern: re.Pattern[str]) -> str:
    """The key of a pattern's kept needles: its text, its flags and VERSION, hashed."""
    said = f"{VERSION}\0{pattern.flags}\0{pattern.pattern}".encode()
    return hashlib.blake2b(said, digest_size=10).hexdigest()


def kept_line(pattern: re.Pattern[str], made: Made) -> str:
    """One line of a file of kept needles: the key, a tab, the needles as JSON."""
    within, opening = made
    told = (
        None
        if opening is None
        else [sorted(opening[0]), list(opening[1]) if isinstance(opening[1], tuple) else opening[1]]
    )
    return kept_key(pattern) + "\t" + json.dumps({"w": None if within is None else sorted(within), "o": told})


def kept_read(lines: Sequence[str]) -> dict[str, Made]:
    """The needles of a file of `kept_line`s, by key (a line that is no entry is passed over)."""
    out: dict[str, Made] = {}
    for line in lines:
        key, tab, said = line.partition("\t")
        if not tab or line.startswith("#"):
            continue
        entry = json.loads(said)
        within = None if entry["w"] is None else frozenset(entry["w"])
        told = entry["o"]
        if told is None:
            out[key] = (within, None)
        else:
            zero: Zero = tuple(told[1]) if isinstance(told[1], list) else bool(told[1])
            out[key] = (within, (frozenset(told[0]), zero))
    return out
