"""One family vocabulary (memory/data/family.txt, `memory.vocab.FAMILY`): every rule of memory/life.py that
reads a family word reads it, so a word added once is read everywhere (a home at kin's, a relative asked
about by their word, a parent named without "my", a relation named with its name, "her name is ..." after
it, someone typing for them, a partner after "the"). The guard adds made-up words to the vocabulary in a
fresh interpreter, before memory.life builds its rules, and asks each rule; the control asks the same
without them, and nothing is read.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from memory import life, vocab

ROOT = Path(__file__).resolve().parent.parent

ASK = r"""
import json, sys
from memory import vocab
if sys.argv[1] == "added":
    vocab.FAMILY["zizi"] = vocab.Kin("zizi", "grandmother", called=True, owned=False, the=False)
    vocab.FAMILY["bapu"] = vocab.Kin("bapu", "father", called=True, owned=False, the=False)
    vocab.FAMILY["bae"] = vocab.Kin("bae", "wife", called=False, owned=False, the=True)
from memory import life
print(json.dumps({
    "home at kin's": [s.value for s in life.read("i'm staying with zizi for now") if s.attribute == "living with"],
    "asked by the word": sorted(life.asked("what does zizi do for work")),
    "asked after my": sorted(life.asked("how old is my zizi")),
    "asked after the": sorted(life.asked("where does the bae work")),
    "a parent named without my": life.kin_names("Bapu is Ravi Shah."),
    "named after my": life.kin_names("my zizi Rosa lives in Lyon"),
    "one relation": sorted(life.kin_named("my zizi Rosa lives in Lyon")),
    "said by any word": life.names_relation("grandmother", "zizi's soup is the best"),
    "her name after": life.kin_names("help me write a text to my zizi. her name is rosa if that matters"),
    "typing for": life.kin_names("this is kaylee typing for zizi"),
    "the partner named": life.kin_names("the bae, Sarah, says hi"),
}))
"""


def reading(words: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", ASK, words], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout)


def test_a_word_added_to_the_family_vocabulary_is_read_by_every_rule_that_reads_family_words():
    added, control = reading("added"), reading("none")
    assert added == {
        "home at kin's": ["zizi"],
        "asked by the word": ["other:grandmother"],
        "asked after my": ["other:grandmother"],
        "asked after the": ["other:wife"],
        "a parent named without my": [["bapu", "Ravi Shah"]],
        "named after my": [["zizi", "Rosa"]],
        "one relation": ["grandmother"],
        "said by any word": True,
        "her name after": [["zizi", "rosa"]],
        "typing for": [["grandchild", "kaylee"]],
        "the partner named": [["bae", "Sarah"]],
    }
    # the control: a word no list holds is read by none of them
    assert not any(control.values()), control


def test_each_word_of_the_vocabulary_is_one_relation_however_it_is_said():
    """The words the lists had each held apart meet as one relation ("nana", "gran", "teta": grandmother)."""
    assert {life.kin_key(w) for w in vocab.family("grandmother")} == {"grandmother"}
    assert {life.kin_key(w) for w in vocab.family("wife", "husband", "partner", "girlfriend")} == {"partner"}
    assert life.asked("what's my nana's name") & life.asked("what's my grandmother's name")


def test_a_word_that_means_other_things_too_names_no_one_in_lower_case_after_my():
    """The words "pop", "bro", "mrs" are relatives only after "my" and there with a capitalised name ("my pop Joe"),
    not a lower-case word that goes with the thing ("my pop music", "my bro code")."""
    assert life.kin_names("my pop Joe turned 80 today") == (("pop", "Joe"),)
    assert life.kin_names("my pop music is too loud for the neighbours") == ()
    assert life.kin_names("honestly my bro code is simple") == ()


# -- no rule hard-codes the family vocabulary again ------------------------------------------------------------
# A name's string literals that list the words of this many of the vocabulary's relations (a partner's words
# one relation, `vocab.kin_of`) are a hand copy of the vocabulary: a word added to memory/data/family.txt would
# not be read there. Such rules build their pattern from `vocab.family()` instead (life._FOR_SOMEONE, vocab._OTHERS).
COPY_OF_THE_VOCABULARY = 8
# Hand lists found and left in session 39 (each read by its own rule; reading them from the vocabulary changes
# what they read, for a READING bump of its own): a new one fails the guard, and so does one of these fixed
# and still listed here.
HAND_LISTS_LEFT = {"memory/life.py": {"_NOT_MINE", "_LIVE_WITH_KIN", "_OTHERS_BEFORE"}}


def hand_copies(source: str) -> set[str]:
    """The names assigned in `source` with a string literal that lists words of `COPY_OF_THE_VOCABULARY` relations."""
    relation = {word: vocab.kin_of(kin.relation) for word, kin in vocab.FAMILY.items()}
    found = set()
    for node in ast.parse(source).body:
        if not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Name):
            continue
        for said in (c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)):
            if (
                len({relation[w] for w in re.split(r"[^\w'-]+", said.casefold()) if w in relation})
                >= COPY_OF_THE_VOCABULARY
            ):
                found.add(node.targets[0].id)
    return found


def test_no_rule_lists_the_family_words_by_hand():
    for name in ("memory/life.py", "memory/vocab.py"):
        assert hand_copies((ROOT / name).read_text(encoding="utf-8")) == HAND_LISTS_LEFT.get(name, set()), name


def test_control_the_guard_catches_a_hand_list_and_passes_one_read_from_the_vocabulary():
    by_hand = '_FOR_SOMEONE = lazy(r"for my (?:cousin|sister|brother|mom|dad|son|daughter|wife|aunt|uncle|niece|kid)")'
    read = '_FOR_SOMEONE = lazy(r"for my " + vocab.alternation(vocab.family(owned=False)))'
    partners = '_PARTNER = ("wife", "husband", "partner", "spouse", "girlfriend", "boyfriend", "fiance", "bf", "gf")'
    assert hand_copies(by_hand) == {"_FOR_SOMEONE"}
    assert hand_copies(read) == hand_copies(partners) == set()  # (a partner's words are one relation)
