"""The life reading's gates of session 49 (life49) skip work only where it cannot change what is read: an ASCII text
with nothing `straight` changes is left as it is, a rule that opens with "^" is tried at 0 only where the text starts
as it does, and a joined group's rules are told from its one pass over a sentence, not looked for one by one."""

from __future__ import annotations

import re
import unicodedata

from memory import life, needles, textcache
from tests.test_life_sentences_at_once import _fixture_texts

_TEXTS = list(dict.fromkeys(_fixture_texts()))[::7]  # (a sample of every fixture: the gates' proof, not a timing)


def _straight_before(text: str) -> str:
    text = text.replace("\r\n", "\n").translate(life._CLEAN)
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def test_an_ascii_text_with_nothing_to_clean_is_left_as_it_is():
    text = "I live in Lisbon now"
    assert life.straight(text) is text  # (the gate: no translation made)
    assert life.straight("I live in Lis\x00bon\r\nnow") == "I live in Lisbon\nnow"  # (control: still cleaned)
    assert life.straight("I live in Lis\x7fbon") == "I live in Lisbon"
    assert life.straight("I\u2019m in Montr\u200f\u00e9al") == "I'm in Montr\u00e9al"  # (not ASCII: as before)
    assert [life.read("I live in Lis\x00bon")[0].value] == ["lisbon"]


def test_straight_is_what_it_was_on_every_fixture_text_and_every_ascii_character():
    for text in [*_TEXTS, "".join(map(chr, range(128))), "a\rb", "a\r\nb", "tab\there"]:
        assert life.straight(text) == _straight_before(text)


def test_a_rule_that_opens_with_a_caret_is_tried_at_0_only_where_the_text_starts_as_it_does():
    served = re.compile(r"(?:^|(?<=\s))(?:I|i) served|^(?:and |so )?served in the")
    heads, zero = needles.openings(served) or (frozenset(), True)
    assert heads == {"i s"} and zero == ("and", "i s", "ser", "so ")
    assert needles.places("the army served in the war", heads, zero) == []  # (the gate: not at 0)
    assert needles.places("served in the navy", heads, zero) == [0]  # (control: it starts so)
    assert needles.places("so served in the navy", heads, zero) == [0]
    assert needles.places("then i served in the navy", heads, zero) == [5]
    anything = re.compile(r"^(?:\w+ )?served|(?<=\s)served")  # (what follows "^" is not literal: 0 stays a place)
    assert needles.openings(anything) == (frozenset({"ser"}), True)
    assert needles.places("we served", *needles.openings(anything)) == [0, 3]


def test_every_match_of_every_rule_starts_where_its_openings_say():
    sentences = [s for text in _TEXTS if life.read(text) for s in life.sentences(text) if s.isascii()][:400]
    assert len(sentences) > 200
    caret = 0
    for at, (_, _, pattern, _) in enumerate(life._RULES):
        opening = needles.openings(pattern)
        if opening is None:
            continue
        caret += isinstance(opening[1], tuple)
        for sentence in sentences:
            low = sentence.lower()
            starts = {m.start() for m in pattern.finditer(sentence)}
            assert starts <= set(needles.places(low, *opening)), (at, sentence)
    assert caret > 100  # (most rules open "(?:^|(?<=[\s,;(]))(?:I|i)...": their heads at 0 are told)


def _every_group_joined() -> None:
    joins = life._joins()
    last = len(life._BY_OPENER) - 1
    for group in range(last + 1):
        joins.new = 10**9 if group == last else -(10**9)  # (the finder made once, at the last)
        life._tails_joined(joins, group)


def test_a_joined_groups_rule_runs_only_where_the_sentence_holds_its_needles(monkeypatch):
    monkeypatch.setattr(life, "_JOINS", [])
    _every_group_joined()
    ran: list[int] = []
    matches = life._matches
    monkeypatch.setattr(life, "_matches", lambda at, *rest: ran.append(at) or matches(at, *rest))
    textcache.drop()
    assert [s.attribute for s in life.read("I play drums")] == ["schedule:drums"]  # (control: its needles there)
    drums = next(at for at in ran if life._RULES[at][2].search("I play drums"))  # (the rule that read it)
    ran.clear()
    textcache.drop()
    assert life.read("I play with words") == ()
    assert drums not in ran  # (the gate: "drum" is not in it, and its rule was not run)
    textcache.drop()


def test_the_rules_told_by_the_joined_pass_are_those_whose_needles_a_sentence_holds(monkeypatch):
    monkeypatch.setattr(life, "_JOINS", [])
    _every_group_joined()
    for text in _TEXTS[::3]:
        for sentence in life.sentences(text):
            if not sentence.isascii():
                continue
            low = sentence.lower()
            _, held, joined = life._groups_to_try(low, life._HELD.starts(low))
            for group in joined:
                for at, (_, _, pattern, _) in life._BY_OPENER[group][3]:
                    assert (at in held) is not needles.absent(low, life._rule_needles(at, pattern)), (at, sentence)
    textcache.drop()


def test_the_kept_needles_of_every_rule_are_what_making_them_finds():
    kept = life._kept()
    made = {needles.kept_key(p): needles.within_and_openings(p, needles.LONG_MOST) for _, _, p, _ in life._RULES}
    held = [key for key in made if key in kept]
    assert len(held) >= 0.9 * len(made), "most rules have no kept needles: run python scripts/life_needles.py"
    assert [key for key in held if kept[key] != made[key]] == []  # (an entry is exactly what making finds)


def test_a_rule_whose_pattern_changed_is_not_read_from_a_kept_entry():
    pattern = life._RULES[0][2]
    changed = re.compile(pattern.pattern + "|I moved to (?P<x>Mars)", pattern.flags)
    assert needles.kept_key(pattern) in life._kept()
    assert needles.kept_key(changed) not in life._kept()  # (the gate: its key is of its own text)
    line = needles.kept_line(changed, needles.within_and_openings(changed, needles.LONG_MOST))
    assert needles.kept_read([line])[needles.kept_key(changed)] == needles.within_and_openings(
        changed, needles.LONG_MOST
    )
    assert needles.kept_read(["# a comment", ""]) == {}
