"""Turns are one topic when they are about one thing, not when they say one everyday word: a real
history's short replies each said "the wife" ("the wife already boxin stuff up lol", "hash. the
wife will love it") and made one topic "Wife" of five chats; "a medicare advantage plan" and
"karens family plan on verizon" one "Plan"; "I moved to Lisbon" and "Tomasz moved to the Warsaw
office" one "Moved". Below TOPIC_SURE two turns are joined by a word of substance they share: a
word that names a thing or a name, or a phrase; an everyday word alone (memory/data/common.txt,
inflected or not) joins none."""

from __future__ import annotations

import math

from wiki import synth


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-{1 + i:02d}T10:00:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person", seq=i)


def _alike(turns: list[synth.Mem], cosine: float):
    """Vectors at `cosine` to each other, every pair: alike as the model finds two turns of a chat."""
    dim = len(turns) + 1
    vectors = {}
    for n, m in enumerate(turns):
        v = [0.0] * dim
        v[0], v[n + 1] = math.sqrt(cosine), math.sqrt(1 - cosine)
        vectors[m.id] = v
    return lambda ids: {i: vectors[i] for i in ids if i in vectors}


def _topics(texts: list[str], cosine: float = 0.45) -> list[tuple[str, int]]:
    turns = [_turn(i, t) for i, t in enumerate(texts)]
    return [(title, len(group)) for group, title in synth.topics(turns, _alike(turns, cosine))]


WIFE = [
    "ya i got my class A since 2011. lemme talk to the wife first",
    "the wife already boxin stuff up lol",
    "the wife says ill be a terrible patient. shes right",
    "the wife wrote me a list already",
    "hash. the wife will love it",
]
PLAN = [
    "getting 5 calls a day about medicare plans. i am NOT switching to a medicare advantage plan",
    "karen put me on karens family plan on verizon and said cancel the old one",
    "got this letter from the insurance, Dear Member, you have been assigned a new plan for 2025",
]
MOVED = [
    "I moved to Lisbon last week, the flat in Alfama finally worked out.",
    "I now report to Ines Carvalho, Tomasz moved to the Warsaw office.",
    "We moved the standup to Tuesdays, any tips for a short one?",
]


def test_turns_sharing_an_everyday_word_alone_are_no_topic():
    for texts in (WIFE, PLAN, MOVED):
        assert _topics(texts) == [], texts


def test_turns_sharing_a_word_of_substance_are_one_topic():
    """Near misses at the same likeness: a thing named ("nuts", "dentist"), a phrase of everyday
    words ("blood pressure"), and an everyday word said by turns the model finds alike for sure."""
    nuts = [
        "im allergic to tree nuts so no places that do pesto everything lol",
        "teta puts pine nuts in the hashweh and im allergic so i can never eat hers",
        "no nuts pls. and should i go full vegan tho",
    ]
    assert _topics(nuts) == [("Nuts", 3)]
    pressure = [
        "doc says my blood pressure is 150 over 95 at the checkup",
        "how do i bring my blood pressure down without more pills",
        "what should i get my grandson for his graduation",  # a third turn, alike and sharing nothing
    ]
    assert [n for _, n in _topics(pressure)] == [2]
    assert [n for _, n in _topics(PLAN, synth.TOPIC_SURE + 0.05)] == [3]
    # (session 41: a family word is no topic's only bond, however alike its turns: "the wife" of three is no
    # page, tests/test_wiki_titles_s41.py; "plan" above, an everyday word, still joins them)
    assert _topics(WIFE[1:4], synth.TOPIC_SURE + 0.05) == []


def test_an_inflected_everyday_word_is_everyday():
    assert synth._everyday_word("move") and synth._everyday_word("moved") and synth._everyday_word("plan")
    assert not synth._everyday_word("nuts") and not synth._everyday_word("lisbon")
    # noor's "caps counselor" (the university's counselling service) is no plural of "cap", a phd
    # student's "smoothing" of a rate map no "smooth"; "plans" is "plan"
    assert not synth._everyday_said("caps") and not synth._everyday_said("smoothing")
    assert synth._everyday_said("plans") and synth._everyday_said("moved")
