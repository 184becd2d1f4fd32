"""A topic page of a friend's chat is titled by what was talked about, not by the abstract word every
turn of it fills ("Kindness", "Difference", "Support" titled LoCoMo's pages about a homeless shelter,
a food drive, a dog): an abstract term weighs ABSTRACT_WEIGHT, judged by the embedding model's own
concrete-abstract axis (wiki/data/abstract.txt), not by a list of words someone typed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from wiki import synth

ROOT = Path(__file__).resolve().parent.parent


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-03-{1 + i % 28:02d}T10:{i % 60:02d}:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")


def _groups(*texts: list[str]) -> list[list[synth.Mem]]:
    n = iter(range(1, 1000))
    return [[_turn(next(n), text) for text in group] for group in texts]


def test_a_concrete_term_titles_the_topic_over_an_abstract_word_said_more_often():
    """Every turn says "difference", three say "shelter": the page is "Shelter" (it was "Difference")."""
    shelter, dog = _groups(
        [
            "I volunteered at the homeless shelter today, it really makes a difference.",
            "The shelter needs more blankets, every bit makes a difference.",
            "You make such a difference to people.",
            "We cooked dinner at the shelter; small acts make a difference.",
        ],
        [
            "Max the dog chewed my slippers again.",
            "Took Max the dog to the vet this morning.",
            "The dog park was muddy after the rain.",
        ],
    )
    assert synth.topic_titles([shelter, dog])[0] == "Shelter"


def test_an_abstract_title_stays_where_nothing_concrete_sets_the_topic_apart():
    """The weight lowers an abstract term, it does not forbid it: a topic only of kindness is "Kindness"."""
    kind, dog = _groups(
        [
            "Your kindness means so much to me.",
            "Kindness is contagious, honestly.",
            "Thank you for the kindness you showed.",
        ],
        [
            "Max the dog chewed my slippers again.",
            "Took Max the dog to the vet this morning.",
        ],
    )
    assert synth.topic_titles([kind, dog])[0] == "Kindness"


def _seeds() -> tuple[set[str], set[str]]:
    spec = importlib.util.spec_from_file_location("vocab_abstract", ROOT / "scripts" / "vocab_abstract.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.CONCRETE), set(module.ABSTRACT)


def test_abstractness_is_the_axis_of_the_model_not_the_seed_words():
    """Words in neither seed list are judged by the axis: feelings and qualities abstract, things,
    places and activities concrete; a phrase by its last word; a word the model does not know concrete."""
    concrete_seeds, abstract_seeds = _seeds()
    abstract = ["kindness", "worries", "happiness", "feelings", "support", "difference", "balance", "goals"]
    concrete = ["pottery", "shelter", "yoga", "kayaking", "castle", "piano", "tournament", "beer", "hike"]
    assert not (set(abstract) | set(concrete)) & (concrete_seeds | abstract_seeds)
    assert [w for w in abstract if not synth.abstract(synth._stem(w))] == []
    assert [w for w in concrete if synth.abstract(synth._stem(w))] == []
    assert synth.abstract("acts of kindness") and not synth.abstract("support group")
    assert not synth.abstract("zzyzzx")


def test_the_word_file_ships_with_the_wiki_package():
    """An installed quire reads wiki/data/abstract.txt: pyproject's package data names it."""
    assert '"wiki.data" = ["*.txt"]' in (ROOT / "pyproject.toml").read_text()
    assert synth._ABSTRACT_FILE.is_file() and len(synth._abstract()) > 1000


def test_a_cluster_of_a_long_chat_or_of_notes_is_titled_alike():
    """Past TOPIC_MAX turns (a friend's chat of years) and for notes, the greedy clusters are titled by
    the phrase most of their memories share (`cluster_title`): there too four memories saying
    "difference" title the cluster less than three saying "shelter"; a name is never weighed down."""
    (shelter,) = _groups(
        [
            "I volunteered at the homeless shelter today, it really makes a difference.",
            "The shelter needs more blankets, every bit makes a difference.",
            "You make such a difference to people.",
            "We cooked dinner at the shelter; small acts make a difference.",
        ]
    )
    assert synth.cluster_title(shelter) == "Shelter"
    (kind,) = _groups(["Your kindness means so much.", "Thank you for the kindness you showed."])
    assert synth.cluster_title(kind) == "Kindness"


def test_a_name_that_is_an_abstract_word_is_a_name():
    """A friend called Hope, mentioned too seldom for a page of her own, still titles the topic of her
    (the entity the import found in the turns); the same word with no one of that name weighs less."""

    def hope(i: int, text: str, named: bool) -> synth.Mem:
        entities = (("hope", "Hope"),) if named else ()
        return synth.Mem(
            f"mem_{i:04d}",
            text,
            "note",
            None,
            "active",
            f"2024-03-0{i}T10:00:00Z",
            None,
            "2024-03-01T10:00:00Z",
            "2024-03-01T10:00:00Z",
            "",
            turn="person",
            entities=entities,
        )

    texts = [
        "Hope moved into the flat upstairs.",
        "Hope lent me her ladder.",
        "Hope and I fixed the ladder.",
        "Hope is painting the flat.",
    ]
    other = _groups(["Max the dog chewed my slippers again.", "Took Max the dog to the vet this morning."])[0]
    named = [hope(i, t, True) for i, t in enumerate(texts, 1)]
    plain = [hope(i, t, False) for i, t in enumerate(texts, 1)]
    assert synth.topic_titles([named, other])[0] == "Hope"
    assert synth.topic_titles([plain, other])[0] != "Hope"
