"""The life reading's gate of session 51 (life51): a rule is tried only where a sentence holds a needle of every part
of it its matches all hold (`needles.parts`), not only of its best part's; a part's needles are substrings every match
holds, so a rule passed over could never have matched, and one whose every part is there is tried and reads."""

from __future__ import annotations

import re

from memory import life, needles, textcache
from tests.test_life_gates49 import _every_group_joined
from tests.test_needles import _fixture_sentences, _passed_over

_NURSE = re.compile(r"(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am) (?:now )?(?:a |an )?nurse at (?P<v>\w+)")


def test_the_parts_of_a_pattern_are_needles_every_match_holds_beside_its_best():
    best = needles.within(_NURSE, needles.LONG_MOST)
    parts = needles.parts(_NURSE, needles.LONG_MOST)
    assert best is not None and parts  # (the "I'm" part and the "nurse at" part each have their own)
    said = "I'm now a nurse at Guys"
    assert _NURSE.search(said) and all(not needles.absent(said.lower(), one) for one in (best, *parts))
    for text in ("she is a nurse at Guys", "I'm now a teacher at Eton"):  # (one part's needles absent: no match)
        assert _NURSE.search(text) is None
        assert any(needles.absent(text.lower(), one) for one in (best, *parts))


def test_a_part_another_implies_is_not_kept_and_a_pattern_with_no_needles_has_no_parts():
    assert needles.parts(re.compile(r"x+yz")) == ()
    for one in needles.parts(_NURSE, needles.LONG_MOST):
        assert not needles._implies(needles.within(_NURSE, needles.LONG_MOST) or frozenset(), one)


def test_no_sentence_a_rule_matches_is_skipped_by_any_of_its_parts_needles():
    sentences = _fixture_sentences()
    parts = [
        (rule[2], one)
        for at, rule in enumerate(life._RULES)
        if life._rule_needles(at, rule[2]) is not None
        for one in life._PARTS[at]
    ]
    assert len(parts) > 300  # (most rules have a part besides their best)
    assert _passed_over(parts, sentences) == []


def _rotating_rule() -> int:
    return next(at for at, rule in enumerate(life._RULES) if "rotating (?:through|in)" in rule[2].pattern)


def test_a_rule_whose_second_parts_needles_are_absent_is_not_tried(monkeypatch):
    monkeypatch.setattr(life, "_JOINS", [])
    _every_group_joined()
    at = _rotating_rule()
    ran: list[int] = []
    matches = life._matches
    monkeypatch.setattr(life, "_matches", lambda rule, *rest: ran.append(rule) or matches(rule, *rest))
    textcache.drop()
    other = "She is working in cardiology at St Mary's"  # (its best part's " at " and " in " there, no "I'm")
    assert not needles.absent(other.lower(), life._rule_needles(at, life._RULES[at][2]))
    assert life.read(other) == ()
    assert at not in ran
    textcache.drop()
    mine = "I'm working in cardiology at St Mary's"  # (control: every part there, the rule tried and read)
    assert [(s.attribute, s.value) for s in life.read(mine)] == [("employer", "st mary's")]
    assert at in ran
    textcache.drop()


def test_a_rule_of_a_group_not_joined_is_skipped_by_its_parts_too(monkeypatch):
    monkeypatch.setattr(life, "_JOINS", [])
    monkeypatch.setattr(life, "_JOIN_AFTER", 10**9)  # (no group joins: each rule's parts looked for one by one)
    at = _rotating_rule()
    ran: list[int] = []
    matches = life._matches
    monkeypatch.setattr(life, "_matches", lambda rule, *rest: ran.append(rule) or matches(rule, *rest))
    textcache.drop()
    assert life.read("She is working in cardiology at St Mary's") == () and at not in ran
    textcache.drop()
    assert [s.value for s in life.read("I'm working in cardiology at St Mary's")] == ["st mary's"] and at in ran
    textcache.drop()


def test_the_runs_read_as_written_are_told_once_and_a_misspelling_beside_them_is_still_read():
    textcache.drop()
    assert not life._S45K_PLAIN  # (a forget empties them: no word of a text held after it)
    plain = "we moved to a new apartment"
    assert life._s45k_spelt(plain) is plain
    assert {"moved", "apartment"} <= life._S45K_PLAIN
    # (control: the same runs beside a misspelt one, and a misspelling told after them, are read as before)
    assert life._s45k_spelt.__wrapped__("we moved to a new apartmnet") == "we moved to a new apartment"
    assert "apartmnet" not in life._S45K_PLAIN
    assert life._s45k_spelt.__wrapped__("I swiched from verison to crikcet") == "I switched from verizon to cricket"
    textcache.drop()
    assert not life._S45K_PLAIN
