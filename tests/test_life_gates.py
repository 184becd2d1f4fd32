"""The life reading's cheap gates (session 47: lifespeed47) skip a search only where it cannot match: a text that
holds the gated word is read as before, and over the fixtures' texts a gate that says "none" is never wrong."""

from __future__ import annotations

import re

from memory import life, textcache, vocab
from tests.test_life_sentences_at_once import _fixture_texts

_TEXTS = list(dict.fromkeys(_fixture_texts()))[::7]  # (a sample of every fixture: the gates' proof, not a timing)


def test_a_name_of_the_lists_is_still_found_behind_each_of_finds_gates():
    assert vocab.stated("Vodafone Broadband is down again")  # no first-person word: an upkeep word
    assert not vocab.stated("Vodafone Broadband is great")  # (control: neither)
    assert vocab.stated("this old iphone 8 wont hold a charge")  # "this old"
    assert not vocab.found("that iphone 8 looks good")  # (control)
    assert [f.shown for f in vocab.found("got a pixel 8 last week")] == ["pixel 8"]  # a dropped subject's verb
    assert [f.shown for f in vocab.found("I moved to Paris")] == ["Paris"]  # a name of one word
    assert not vocab.found("I moved to a new place")  # (control: "a" and "new" open names, but none is here)


def test_finds_gates_say_none_only_where_its_searches_find_none():
    for text in _TEXTS:
        for sentence in life.sentences(text):
            low = sentence.lower() if sentence.isascii() else None
            if not vocab._may_be_named(sentence, low):
                assert not any(p.search(sentence) for p in (vocab._QUICK, vocab._THIS_OLD, vocab._UPKEEP_WORDS))
            if low is not None and not vocab._may_name(vocab._TOKEN.findall(low)):
                assert vocab.found(sentence) == []


def test_a_word_typed_on_a_phone_is_still_spelt_out():
    assert life._typed_out("thinkin bout movin n stuff") == "thinking about moving and stuff"
    assert life._typed_out("i QUIT the dip") == "i quit the dip"
    assert life.read("i QUIT the dip")  # (a shouted word of the list: no "in" word, no typo, still read)
    assert life._typed_out("we begin within Austin, KNOW it") == "we begin within Austin, KNOW it"  # (control)


def test_the_phone_words_gate_says_none_only_where_the_search_finds_none():
    for text in _TEXTS:
        if life._PHONE_RUNS.isdisjoint(vocab.WORD_RUN.findall(text)):
            assert life._PHONE_WORD.search(text) is None


def test_a_misspelt_key_word_is_still_read_and_a_word_of_the_dictionary_left_as_written():
    assert life._s45k_spelt("we moovd to a new apartmnet") == "we moovd to a new apartment"
    text = "we moved to a new apartment near the station"
    assert life._s45k_spelt(text) is text  # (control: every word a word)
    for text in _TEXTS:
        fixed = re.compile(life._S45K_WORD.pattern).sub(life._s45k_fixed, text)
        assert life._s45k_spelt(text) == fixed


def test_a_club_a_group_of_one_rule_and_a_pasted_letter_are_read_behind_their_gates():
    assert [s.attribute for s in life.read("I joined a book club")] == ["book club"]
    assert life.read("I joined a book nook") == ()  # (control: no word of a group)
    assert [s.attribute for s in life.read("I play drums")] == ["schedule:drums"]  # a group's one rule
    assert life.read("I play with words") == ()  # (control: the rule's words are not there)
    assert life.read("I live in Paris now.")
    assert life.read("can you proof read this letter:\nDear Ms. Kulkarni, I live in Paris now.") == ()


def test_a_group_passed_over_by_its_rules_needles_reads_every_text_as_a_group_tried(monkeypatch):
    texts = _TEXTS[::5]
    monkeypatch.setattr(life, "_JOINS", [])  # (no group joined: each tried by its own search)
    monkeypatch.setattr(life, "_JOIN_AFTER", 10**9)
    textcache.drop()
    tried = [life.read(text) for text in texts]
    assert life._JOINS[-1].held is None
    monkeypatch.setattr(life, "_JOINS", [])
    joins = life._joins()
    last = len(life._BY_OPENER) - 1
    for group in range(last + 1):  # every group joined, whatever this process read before
        joins.new = 10**9 if group == last else -(10**9)  # (the finder made once, at the last)
        life._tails_joined(joins, group)
    assert joins.held is not None and len(joins.held[2]) > len(life._BY_OPENER) // 2
    textcache.drop()
    assert [life.read(text) for text in texts] == tried
    assert [s.attribute for s in life.read("I play drums")] == ["schedule:drums"]  # (a joined group's rule)
    assert life.read("I play with words") == ()
    textcache.drop()


def test_a_word_typed_without_its_apostrophe_is_still_spelt():
    assert life._unspelled("im a nurse and i dont drive") == "i'm a nurse and i don't drive"
    assert life._unspelled("Im sure we dont") == life._UNSPELLED.sub(life._spelled, "Im sure we dont")
    assert life._unspelled("the dentist wont do implants") == "the dentist won't do implants"
    assert life._unspelled("the font is important") == "the font is important"  # (control: no such word)
    for text in _TEXTS:
        if life._UNSPELLED_RUNS.isdisjoint(vocab.WORD_RUN.findall(text)):
            assert life._UNSPELLED.search(text) is None
