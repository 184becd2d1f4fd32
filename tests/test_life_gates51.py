"""The life reading's cuts of session 51 (life51), each reading the same: the spelling pass tells a run of words read as
written once a process (`life._S45K_PLAIN`, emptied by a forget), a sentence's first-person words are told among its
runs in any case without lowering each (`vocab._QUICK_CASED`), `_may_hold` a finder by the pattern object."""

from __future__ import annotations

import re

from memory import life, textcache, vocab


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


def test_a_misspelt_turn_after_many_plain_ones_reads_as_it_does_alone():
    textcache.drop()
    alone = life.read.__wrapped__("I swiched to verison")
    for text in ("I switched to a new phone", "I switched to Three", "my phone is on verizon now"):
        life.read(text)
    assert life.read("I swiched to verison") == alone
    assert [s.value for s in alone] == ["verizon"]  # (the misspellings read: a provider)
    textcache.drop()


def test_a_first_person_word_is_told_in_any_case_and_only_as_a_whole_run():
    assert "I'M" in vocab._QUICK_CASED and "wE'rE" in vocab._QUICK_CASED and "MOVED" in vocab._QUICK_CASED
    assert all(word.lower() in vocab._QUICK_WORDS for word in vocab._QUICK_CASED)
    for sentence in ("I'M ON EE NOW", "WE'RE on Vodafone", "Moved to Three last week"):
        assert vocab._may_be_named(sentence, sentence.lower())
    # (controls: no such word as a whole run; "mine" and "myself" hold "m", "my" inside)
    for sentence in ("Vodafone is cheap", "mine is cheap", "myself and Three"):
        assert not vocab._may_be_named(sentence, sentence.lower())


def test_may_hold_tells_a_pattern_by_its_own_words_and_a_screened_one_by_its_pass():
    mine = re.compile(r"\bparachute (?:jump|course)\b")
    assert not life._may_hold(mine, "I went to the shops")
    assert life._may_hold(mine, "I did a parachute jump")  # (control: its words there)
    assert life._may_hold(mine, "Parachute course in Zürich")  # (not ASCII: never passed over)
    assert life._may_hold(life._ROLE_PLAY, "pretend you are my landlord") is not life._may_hold(
        life._ROLE_PLAY, "I moved to Leeds"
    )
