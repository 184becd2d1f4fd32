"""A topic page is titled by what its turns are about, or is no page (wiki18). The persona homes had
pages titled "Catch", "Offer", "Team", "Guy", "Client": two turns that shared an everyday word in
passing ("is there a catch" of two phone plans), which names nothing a person could find. Such a
word (memory/data/common.txt, from the embedding model's own vocabulary: scripts/vocab_common.py)
titles a topic alone only when three of its turns say it."""

from __future__ import annotations

import numpy as np

from wiki import synth


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-01T{i // 60:02d}:{i % 60:02d}:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person", seq=i)


CATCH = [
    "I'm on T-Mobile and they keep pushing the iphone 12 for free if I trade in. is there a catch",
    "ported my number over to Mint Mobile, 15 a month. is there a catch with deprioritization",
]
OFFER = [
    "got an offer from Stripe but I turned it down, the equity was vague",
    "we put an offer on a condo in Uptown and got outbid by 30k cash",
    "we closed on a condo in Northeast yesterday, HOA is 410 a month",
    "our apartment lease renews in march and the landlord wants more",
]
NETBALL = [
    "I play netball thursday nights in a social comp and my knee is clicking",
    "gave netball away when we moved and joined a rowing club",
]
# (three turns: "park", a word everyone says, titles two turns no more than "room" or "phone", wiki22)
DOGS = ["The dogs love the park by the river.", "The dogs ran in the park all morning.", "We walk to the park daily."]


def _groups(*texts: list[str]) -> list[list[synth.Mem]]:
    n = iter(range(1, 1000))
    return [[_turn(next(n), t) for t in group] for group in texts]


def test_two_turns_sharing_only_an_everyday_word_are_no_topic():
    titles = synth.topic_titles(_groups(CATCH, NETBALL, DOGS))
    assert titles == ["", "Netball", "Park"], titles
    # the control: the word is everyday, and named the page before (`everyday` is what stops it)
    assert synth.everyday("catch", 2, ["catch"]) and not synth.everyday("netball", 2, ["netball"])


def test_a_rarer_word_the_turns_share_titles_the_topic_instead_of_an_everyday_one():
    assert synth.topic_titles(_groups(OFFER, DOGS))[0] == "Condo"


def test_an_everyday_word_three_turns_say_still_titles_the_topic():
    plans = [
        "getting calls every day about medicare plans, I will not switch plan",
        "karen put me on her family plan and said cancel the old one",
        "the insurance letter says my plan changes in january",
    ]
    assert synth.topic_titles(_groups(plans, DOGS))[0] == "Plan"
    assert not synth.everyday("plan", 3, ["plan"])


def test_a_phrase_with_an_everyday_word_is_a_title():
    lunch = [
        "my manager wants a team lunch next friday near the office",
        "the team lunch got moved to the italian place downstairs",
    ]
    assert synth.topic_titles(_groups(lunch, DOGS))[0] == "Team lunch"


def test_everyday_words_come_from_the_models_vocabulary_not_a_list_of_titles():
    common = synth._common()
    assert len(common) > 3000  # the model's frequent words, not the handful that titled pages
    assert {"catch", "offer", "plan", "team", "guy", "client"} <= common
    assert not {"netball", "pottery", "dentist", "kitchen", "coffee", "greyhound"} & common


def test_turns_of_no_topic_get_no_topic_page():
    """Through `topics`: the two "catch" turns are close neighbours, and still make no page."""
    texts = [*CATCH, *NETBALL]
    turns = [_turn(i, t) for i, t in enumerate(texts, start=1)]
    base = np.eye(8, dtype=np.float32)
    near = {0: base[0], 1: base[0] + 0.1 * base[1], 2: base[2], 3: base[2] + 0.1 * base[3]}
    vectors = {m.id: near[i] for i, m in enumerate(turns)}
    found = synth.topics(turns, lambda ids: {i: vectors[i] for i in ids if i in vectors})
    assert [title for _, title in found] == ["Netball"]
