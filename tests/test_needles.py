"""A pattern's needles pass over only texts the pattern cannot match (memory/needles.py), so the
attribute model reads the same with them as without (tests/test_life.py runs every rule too)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory import life, needles
from tests import held


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(?:(?i:corolla|camry|land ?cruiser|mazda ?[236]|cx-[3359]0?))", {"cor", "cam", "lan", "maz", "cx-"}),
        (r"(?:(?i:galaxy [saz]\d*|huawei p))", {"gal", "hua"}),
        (r"(?:(?:mon|tues|wednes)days?)", {"mon", "tue", "wed"}),
        (r"(?<![\w'])(?:j'|je |on (?:a|habite)\b)", {"j'", "je ", "on "}),
        (r"\b(?:my|our|we) ", {"my ", "our", "we "}),
        (r"(?:\bdr|\bmr|\bmrs)", {"dr", "mr", "mrs"}),
        (r"(?:T-Mobile|EE|O2)", {"t-m", "ee", "o2"}),
        (r"x+yz", None),  # a repeat: its start only, one character: never filtered
        (r"(?:^|(?<=[\s,;(]))(?:I|i)[' ]", {"i ", "i'"}),  # the anchors are zero-width
        (r"colou?r", {"col"}),
        (r"ab?c", None),  # "a", then an optional letter: one character is all that is sure
        (r"(?:\d+|abc)", None),
        (r".*moved", None),
    ],
)
def test_the_needles_of_a_pattern(pattern, expected):
    found = needles.needles(re.compile(pattern, re.IGNORECASE))
    assert found == (frozenset(expected) if expected is not None else None)


def test_long_needles_tell_a_model_from_a_word_that_starts_like_it():
    """Three letters pass "according" for "corolla" (three templated sentences in four ran the car
    gate); the long needles pass over it, and still pass every text the pattern matches."""
    gate = re.compile("(?:corolla|camry|model [3ys])", re.IGNORECASE)
    long = needles.long_needles(gate)
    assert long == frozenset({"corolla", "camry", "model 3", "model y", "model s"})
    assert needles.absent("according to the camera", long)
    assert not needles.holds_none(needles.grams("according to the camera"), needles.needles(gate))  # short: no
    for text in ("My COROLLA", "a Model Y now", "camry"):
        assert gate.search(text) and not needles.absent(text.lower(), long)
    assert not needles.absent(None, long)  # another script: never passed over
    assert needles.long_needles(re.compile("|".join(f"w{i:03d}" for i in range(100)))) is None  # too many


def test_inner_needles_come_from_any_part_every_match_holds():
    """A rule opening with "I" ran on every sentence with an "I" in it: the words after it filter."""
    rule = re.compile(r"(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am) (?:now )?(?:a |an )?nurse at (?P<v>\w+)")
    found = needles.inner(rule)
    assert found is not None and all(len(n) >= 3 for n in found)
    for text in ("I'm a nurse at CHUM", "i am now a nurse at chum", "so I'm an nurse at X"):
        assert rule.search(text) and not needles.absent(text.lower(), found), text
    assert needles.absent("i'm a teacher at school", found)
    # a letter IGNORECASE matches with an ASCII one ("ſ" and "s") is never a needle: no filter
    folded = re.compile("(?:I|i) caſe", re.IGNORECASE)
    assert folded.search("i case") and needles.inner(folded) is None and needles.long_needles(folded) is None


def test_a_text_in_another_script_is_never_passed_over():
    """Under IGNORECASE a non-ASCII letter can match an ASCII one: such texts always run."""
    wanted = needles.needles(re.compile("(?:kia|salary)", re.IGNORECASE))
    for text in ("I drive a \u212aIA", "my \u017falary", "İPHONE"):
        assert not needles.holds_none(needles.grams(text), wanted)
    assert re.search("(?:kia|salary)", "I drive a \u212aIA", re.IGNORECASE)  # why: the Kelvin sign is a k


Gate = tuple[frozenset[str] | None, frozenset[str] | None]  # (long needles, short needles)
_GATES: list[Gate] = [(long, short) for _, long, short, _ in life._BY_OPENER]
_OPENERS = [opener for opener, _, _, _ in life._BY_OPENER]
_VOCABULARY = (
    "I i my our we Mondays keys pay kia corolla land cruiser Land Cruiser mazda3 dr. Dr Dre doc mr ms "
    "quit my job usual go-to T-Mobile ee o2 je j' nous on habite run swimming vegan keto "
    "put me in two of them girls the a , ; ( ' é ß promoted bumped started hired first day week "
    "job at is my became 20 min 's switched got found Maria Lee's"
)
_WORDS = st.sampled_from(_VOCABULARY.split())


def _filter_holds(gates: list[Gate], text: str) -> list[int]:
    """The gates a text is passed over by although their search matches it (must be none)."""
    low = text.lower() if text.isascii() else None
    found = needles.grams(text)
    return [
        i
        for i, (opener, (long, short)) in enumerate(zip(_OPENERS, gates, strict=True))
        if opener is not None
        and (needles.absent(low, long) or needles.holds_none(found, short))
        and opener.search(text)
    ]


@settings(max_examples=400, deadline=None)
@given(st.lists(_WORDS, max_size=12).map(lambda ws: " ".join(ws)), st.sampled_from(["", ".", "!", "I"]))
def test_no_text_a_gate_matches_is_passed_over(words, end):
    assert _filter_holds(_GATES, words + end) == []


def test_control_a_needle_left_out_is_caught():
    """The check above bites: with the car gate's "corolla" needle gone, a Corolla is passed over."""
    at = next(i for i, (long, _) in enumerate(_GATES) if long is not None and "corolla" in long)
    broken = list(_GATES)
    broken[at] = (frozenset(_GATES[at][0] - {"corolla"}), None)
    assert _filter_holds(broken, "I drive a Corolla") == [at]
    assert _filter_holds(_GATES, "I drive a Corolla") == []


@functools.cache  # read once a worker: five tests here check every rule or search on all of them
def _fixture_sentences() -> tuple[str, ...]:
    """Every sentence of the people's chat exports (tests/fixtures/*): the texts the rules read."""
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str) and len(value) > 12:
            texts.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted(Path(__file__).parent.glob("fixtures/*/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return tuple(dict.fromkeys(s for t in dict.fromkeys(texts) for s in life.sentences(t)))  # each once


def _passed_over(tails: list[tuple[re.Pattern[str], frozenset[str] | None]], sentences: Sequence[str]) -> list[str]:
    """Sentences a rule matches that its own needles would skip (must be none). Each rule is searched
    only in the sentences that may match it (`held`: most hold none of its words, and `re` costs what
    a text is long): every rule on every sentence, one by one, was 47 s of CPU (session 45), now 7."""
    texts = _prepared(tuple(sentences))
    return [
        texts.sentences[i]
        for pattern, tail in tails
        for i in texts.may_match(_words(pattern))
        if needles.absent(texts.lows[i], tail) and pattern.search(texts.sentences[i])
    ]


@functools.cache  # (the fixture sentences, prepared once a worker for every check that searches them)
def _prepared(sentences: tuple[str, ...]) -> held.Sentences:
    return held.Sentences(sentences)


@functools.cache  # (by pattern: a rule's words are read once)
def _words(pattern: re.Pattern[str]) -> frozenset[str] | None:
    return held.words(pattern)


# each rule's own needles, as `life._stated` makes them the first time a sentence reaches the rule
_TAILS = [(rule[2], life._rule_needles(at, rule[2])) for _, _, _, rules in life._BY_OPENER for at, rule in rules]


def test_no_sentence_a_rule_matches_is_skipped_by_the_rules_own_needles():
    sentences = _fixture_sentences()
    assert len(sentences) > 1000
    assert sum(1 for pattern, _ in _TAILS for s in sentences[:400] if pattern.search(s)) > 20  # rules do match
    assert _passed_over(_TAILS, sentences) == []


def test_no_sentence_a_drafting_gate_matches_is_skipped_by_its_needles():
    """The drafting register's gates (`life._DRAFTED`) are filtered by their own needles (`_DRAFTED_HELD`)."""
    gates = [(gate, needles.inner(gate)) for _, _, gate, _ in life._DRAFTED_RULES]
    assert all(tail for _, tail in gates)  # each gate is filtered: a sentence that holds none costs it nothing
    sentences = _fixture_sentences()
    assert sum(1 for gate, _ in gates for s in sentences if gate.search(s)) > 20  # the gates do match
    assert _passed_over(gates, sentences) == []


def test_control_a_rules_needle_left_out_is_caught():
    """The check above bites: "live in" without the home rule's "live " needle is skipped."""
    at = next(i for i, (_, tail) in enumerate(_TAILS) if tail is not None and "live " in tail)
    broken = list(_TAILS)
    broken[at] = (_TAILS[at][0], frozenset(_TAILS[at][1] - {"live "}))
    assert _passed_over(broken, ["I live in Lyon now."]) != []
    assert _passed_over(_TAILS, ["I live in Lyon now."]) == []


def _absent_one_by_one(sets: list[frozenset[str] | None], text: str) -> tuple[int, ...]:
    """The sets a text holds a needle of, tested one set at a time (what `life._stated` did before)."""
    low = text.lower() if text.isascii() else None
    return tuple(i for i, wanted in enumerate(sets) if not needles.absent(low, wanted))


_LONG_SETS = [long for long, _ in _GATES]


@settings(max_examples=400, deadline=None)
@given(st.lists(_WORDS, max_size=12).map(lambda ws: " ".join(ws)))
def test_the_finder_holds_what_testing_each_set_holds(words):
    finder = needles.Finder(_LONG_SETS)
    assert finder.holding(_low(words)) == _absent_one_by_one(_LONG_SETS, words)


def _low(text: str) -> str | None:
    return text.lower() if text.isascii() else None


def test_the_finder_holds_what_testing_each_set_holds_on_every_fixture_sentence():
    finder = needles.Finder(_LONG_SETS)
    sentences = _fixture_sentences()
    assert len(sentences) > 1000
    differ = [s for s in sentences if finder.holding(_low(s)) != _absent_one_by_one(_LONG_SETS, s)]
    assert differ == []
    assert finder.holding(None) == tuple(range(len(_LONG_SETS)))  # another script: every set runs


def test_control_the_finder_check_bites():
    """The checks above bite: a finder without the car gate's "corolla" needle skips a Corolla; an
    overlapping needle ("ee" inside "three", found with "thr") is found too."""
    at = next(i for i, wanted in enumerate(_LONG_SETS) if wanted is not None and "corolla" in wanted)
    broken = list(_LONG_SETS)
    broken[at] = frozenset(broken[at] - {"corolla"})  # type: ignore[operator]
    text = "i drive a corolla"
    assert at in _absent_one_by_one(_LONG_SETS, text)
    assert needles.Finder(broken).holding(text) != _absent_one_by_one(_LONG_SETS, text)
    assert needles.Finder([frozenset(["thr"]), None, frozenset(["ee"]), frozenset(["xx"])]).holding("three") == (
        0,
        1,
        2,
    )
    assert needles.Finder([None]).holding("anything") == (0,) and needles.Finder([]).holding("x") == ()


def test_needles_within_come_from_inside_groups_every_alternative_of_which_has_some():
    """A role-play request opens with "pretend", "(you|u) (to )? act as" or "you are a": no needle at the
    start of every alternative, "act as" and "you are" inside them."""
    found = needles.within(life._ROLE_PLAY)
    assert found is not None and {"act as", "you are", "pretend "} <= found
    for text in ("Can u act as my landlord", "From now on, you are a travel agent.", "Let's roleplay a job interview"):
        assert life._ROLE_PLAY.search(text) and life._may_hold(life._ROLE_PLAY, text), text
    assert not life._may_hold(life._ROLE_PLAY, "I moved to Lisbon with my partner")
    assert needles.within(re.compile(r"(?:ab|c)d?")) is None  # "c" alone: nothing sure of two letters
    assert needles.within(re.compile(r"(?!never here)x+yz")) is None  # what a match must not hold is no needle


# The searches `read` looks for words of before it runs them (`life._may_hold`), with the groups' ones.
_LOOKED_FOR = (
    [life._ROLE_PLAY, life._PASTED_AFTER, life._WORK, life._A_CASE]
    + [
        life._INTRODUCES,  # (session 48: life48, told by one pass a text with the four above: `life._screen`)
        life._PARTNER_GATE,
        life._S45L_GROUP_WORDS,
        life._S45K_SAYS,
    ]
    + [opener for opener, _, _, _ in life._BY_OPENER if opener is not None]
)


def test_no_text_a_search_matches_is_passed_over_by_its_words_within():
    texts = _prepared(_fixture_sentences())
    matched = [  # (searched only where it may match: `_passed_over`)
        (k, texts.sentences[i])
        for k, p in enumerate(_LOOKED_FOR)
        for i in texts.may_match(_words(p))
        if p.search(texts.sentences[i])
    ]
    assert sum(1 for k, _ in matched if k < 4) > 20  # the searches do match
    passed_over = [(_LOOKED_FOR[k].pattern[:40], s) for k, s in matched if not life._may_hold(_LOOKED_FOR[k], s)]
    assert passed_over == []


def test_a_groups_search_tried_where_its_needles_start_finds_what_searching_finds():
    """`life._opens` tries a group's search only where the sentence holds its needles' starts
    (`needles.Finder.starts`): the same answer as searching the whole sentence, on every fixture
    sentence and the near misses (a needle inside a word, another case, two needles at one place)."""
    sentences = [*_fixture_sentences(), "I got an Audi after the audit", "my AUDI", "auditing my Mazda 3", "ma"]
    differ = []
    for s in sentences:
        places = life._HELD.starts(_low(s))
        if places is not None and sorted([*places, *life._HELD.always]) != list(life._HELD.holding(_low(s))):
            differ.append(("the groups held", s))
        for group, (opener, _, _, _) in enumerate(life._BY_OPENER):
            starts = None if places is None else places.get(group)
            if opener is None or (places is not None and starts is None and group not in life._HELD.always):
                continue  # (a group whose needles the sentence does not hold is not reached)
            if life._opens(opener, s, starts) != (opener.search(s) is not None):
                differ.append((opener.pattern[:40], s))
    assert differ == []


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am) (?:now )?a nurse", {"a nurse"}),  # the longest run
        (r"\b[Mm]y (?:new )?car", {"my "}),  # "[Mm]" is one letter either case; "new " is optional
        (r"(?:cat|dog)s? (?:food|toys)", {"food", "toys"}),  # one alternative's word (the longer ones)
        (r"(?i:STRASSE)", {"strasse"}),
        (r"(?:ab)+cd", None),  # a repeat's content holds only "ab": too short to tell
        (r"(?!never here)x+yz", None),  # what a match must not hold is no word of it
        (r"(?=walks)\w+", None),  # what follows a match is no word of it either
        (r"(?:caſe|case)", None),  # "ſ" is no ASCII letter: the run stops at it
        (r"x(?:news|)y", None),  # an empty alternative holds nothing
    ],
)
def test_the_words_every_match_holds(pattern, expected):
    found = held.words(re.compile(pattern, re.IGNORECASE))
    assert found == (frozenset(expected) if expected is not None else None)


def _unheld(patterns: Sequence[re.Pattern[str]], words: Sequence[frozenset[str] | None], texts: Sequence[str]):
    """(pattern, text) pairs a pattern matches that searching by its words passes over (must be none)."""
    prepared = held.Sentences(texts)
    return [
        (p.pattern[:40], t)
        for p, wanted in zip(patterns, words, strict=True)
        for i, t in enumerate(texts)
        if p.search(t) and i not in set(prepared.may_match(wanted))
    ]


_SEARCHED = [pattern for pattern, _ in _TAILS] + _LOOKED_FOR + [gate for _, _, gate, _ in life._DRAFTED_RULES]
_NEAR = ["I LIVE IN LYON NOW.", "i'm a NURSE at chum", "MY NEW JOB starts monday", "I drive a \u212aIA now"]


def test_the_checks_above_search_every_sentence_a_pattern_matches():
    """The checks above search a pattern only where the sentence holds one of its words (`held`):
    every match of every rule and search holds one, on fixture sentences and other cases. (Session 45
    ran every pattern on all 19,703 sentences beside it: the same 108,658 matches either way.)"""
    texts = [*_fixture_sentences()[:300], *_NEAR]
    assert sum(1 for p in _SEARCHED for t in texts if p.search(t)) > 100  # they match
    assert _unheld(_SEARCHED, [_words(p) for p in _SEARCHED], texts) == []


def test_control_a_word_no_match_must_hold_is_caught():
    """The check above bites: the home rule given a word its matches need not hold ("lyon") passes
    over "I live in Paris", and the rule check above would not see its needles skip it."""
    home = next(pattern for pattern, tail in _TAILS if tail is not None and "live " in tail)
    assert _unheld([home], [frozenset(["lyon"])], ["I live in Paris now."]) != []
    assert _unheld([home], [_words(home)], ["I live in Paris now."]) == []
