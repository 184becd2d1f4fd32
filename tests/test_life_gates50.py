"""The life reading's gates of session 50 (life50) skip work only where it cannot change what is read: three finders'
needles told in one pass over a sentence, word lists looked for in one pass, a turn's word runs found once, code
searched for only where a backtick is, and the rules' patterns one text in every process (their kept needles read)."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

from memory import life, needles, text, textcache, vocab
from tests.test_life_sentences_at_once import _fixture_texts

_TEXTS = list(dict.fromkeys(_fixture_texts()))[::5]  # (a sample of every fixture: the gates' proof, not a timing)


def test_one_pass_tells_what_the_three_finders_tell_of_every_sentence():
    seen = 0
    for one in _TEXTS:
        for sentence in life.sentences(one):
            if not sentence.isascii():
                continue
            low = sentence.lower()
            assert life._told(low) == (
                life._HELD.starts(low),
                (life._WRITER_HELD.holding(low), life._DRAFTED_HELD.holding(low)),
            ), sentence
            seen += 1
    assert seen > 1000
    textcache.drop()
    assert life._LAST_TOLD[0] == life._UNTOLD  # (a forget: nothing of the last sentence held)


def test_a_writers_rule_is_read_where_its_words_are_and_passed_over_where_none_is():
    said = life._writer_said("I've just switched all my banking to Monzo", "")
    assert [s.attribute for s in said] == ["bank"]  # (control: its words there, read)
    assert life._told("i've just switched all my banking to monzo")[1][0]
    assert life._told("i've just opened an account with monzo")[1][0] == ()  # (the gate: none of its words)
    assert life._writer_said("I've just opened an account with Monzo", "") == []


def test_a_finder_put_in_its_place_is_the_one_the_pass_reads(monkeypatch):
    low = "i play drums"
    assert life._told(low)[0]  # (made of `_HELD`, and the sentence kept)
    monkeypatch.setattr(life, "_HELD", needles.Finder([frozenset(["drum"])]))
    assert life._told(low)[0] == {0: [7]}  # (the same sentence, told again by the finder put in place)


def test_a_word_list_held_in_one_pass_is_what_looking_for_each_word_finds():
    lists = [life._REASON_WORDS, life._ROUTINE_WORDS, life._CV_WORDS, life._CEFR_LEVELS, vocab._UPKEEP_NEEDLES]
    lists.append(text._CODE_HOLDS)
    for words in lists:
        holds = needles.Holds(words)
        for one in _TEXTS:
            for said in (one, one.lower()):
                assert holds(said) == any(map(said.__contains__, words)), (words, said)
    assert needles.Holds(["a", ""])("xyz") and not needles.Holds([])("xyz")  # ("" is in every text; none in none)
    assert life._a_level("I passed B1 last week") and not life._a_level("I passed my exam")  # (control, gate)
    assert not life._owns_a_cv("I moved to Porto")  # (the gate: none of the words of a CV)


def test_misspelt_words_are_read_from_the_word_runs_as_the_search_found_them():
    for one in _TEXTS:
        assert life._s45k_spelt.__wrapped__(one) == _spelt_before(one), one
    assert life._s45k_spelt("I swiched from verison to crikcet") == "I switched from verizon to cricket"
    assert life._s45k_spelt("a verison-like plan") == "a verison-like plan"  # (a run before a hyphen: not taken)
    assert life._s45k_spelt("I moved to Porto") == "I moved to Porto"  # (control: nothing misspelt)


def _spelt_before(said: str) -> str:
    unknown = set(map(str.lower, life._S45K_WORD.findall(said))).difference(vocab.model_words())
    if all(life._s45k_word(word) is None for word in unknown):
        return said
    return life._S45K_WORD.sub(life._s45k_fixed, said)


def test_the_first_person_words_of_a_sentence_are_found_in_its_runs():
    for one in _TEXTS:
        for sentence in life.sentences(one):
            low = sentence.lower() if sentence.isascii() else None
            before = low is None or not vocab._QUICK_WORDS.isdisjoint(vocab.WORD_RUN.findall(low))
            if low is not None and before:
                assert vocab._may_be_named(sentence, low), sentence
    assert vocab.found("We got a Pixel 8")  # (control: "we" among its runs)
    assert not vocab.found("They love the Pixel 8")  # (the gate: no first-person word, no upkeep)


def test_code_is_left_out_only_where_a_backtick_is():
    assert text.prose("run `rm -rf` now") == "run   now"  # (control: inline code still left out)
    assert text.prose("```\nI live in Paris\n```\nI live in Lyon") == " \nI live in Lyon"
    said = "I live in Paris, it's my home"
    assert text.prose(said) is said  # (the gate: no backtick, nothing searched)
    for one in _TEXTS:
        assert text.prose(one) == _prose_before(one), one


def _prose_before(said: str) -> str:
    said = text._INLINE.sub(" ", text._FENCED.sub(" ", said))
    if "\n" not in said and not text.code_line(said):
        return said
    parts = text.paragraphs(said)
    if any(text.code_paragraph(part) for part in parts):
        said = "\n\n".join(part for part in parts if not text.code_paragraph(part))
    return "\n".join(line for line in said.split("\n") if not text.code_line(line))


def test_an_ascii_word_folds_as_the_accents_path_folds_it():
    for a in range(128):
        for b in range(0, 128, 3):
            word = chr(a) + chr(b) + "Ab"
            folded = unicodedata.normalize("NFKD", word.translate(vocab._FOLD))
            assert vocab.fold(word) == "".join(ch for ch in folded if not unicodedata.combining(ch)).lower()
    assert vocab.fold("Wrocław") == "wroclaw"  # (not ASCII: the accents path)


def test_the_misspelling_index_is_in_order_and_finds_every_deletion_of_its_words():
    hashes, owners, words = life._s45k_index()
    pairs = list(zip(hashes, owners, strict=True))
    assert pairs == sorted(pairs) and len(set(pairs)) == len(pairs)
    for word in words[::97]:
        key = word.lstrip("+")
        for gone in life._s45k_deletes(key, 2 if key in life._S45K_KEYS else 1):
            assert word in life._s45k_near(gone, 0), (word, gone)
    assert life._s45k_word("verison") == "verizon"


def test_every_rules_pattern_is_one_text_in_every_process_so_its_kept_needles_are_read():
    script = "from memory import life, needles; print(sorted(needles.kept_key(p) for _, _, p, _ in life._RULES))"
    keys = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(keys) == 1  # (a set's order is its hashes': a pattern joined from one differed by process)
    instruments = [p for _, _, p, _ in life._RULES if "(?P<thing>(?i:" in p.pattern and "french horn" in p.pattern]
    assert instruments and all(needles.kept_key(p) in life._kept() for p in instruments)
    assert [s.attribute for s in life.read("I play the cello")] == ["schedule:cello"]


def test_a_text_opening_with_i_the_or_my_is_no_note_without_a_subject():
    for one in [*_TEXTS, "The wife's car", "User lives in Boston", "My. name", "We're in Lyon", "Our? house"]:
        assert life.subjectless(one) == _subjectless_before(one), one
    assert life.subjectless("The cat is mine") == "The cat is mine"  # (the gate: its first word is none)
    assert life.subjectless("Lives in Boston") != "Lives in Boston"  # (control: a verb with no subject, read)
    assert life.subjectless("Theo lives in Boston") == "Theo lives in Boston"  # (a name: still read so, by the search)


def _subjectless_before(said: str) -> str:
    out: list[str] = []
    at = 0
    while (opening := life._S47_OPENING.match(said, at)) is not None and opening.group("end") != "?":
        rest = opening.group("rest") or ""
        told = life._s47_said(opening.group("word"), rest.strip()) if life._S47_TITLE.match(rest) is None else None
        if told is None:
            break
        out += [said[at : opening.start("word")], told, opening.group("end")]
        at = opening.end()
    return "".join(out) + said[at:] if out else said
