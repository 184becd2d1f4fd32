"""A topic is never titled by a verb of another language the edge words cover: a French speaker's
turns ("Le plombier vient mardi", "Ma sœur Camille vient nous voir en août") shared only "vient"
(comes), and a page was titled "Vient"."""

from __future__ import annotations

from wiki import synth


def _mem(i: int, text: str) -> synth.Mem:
    when = f"2026-01-0{i}T00:00:00Z"
    return synth.Mem(f"m{i}", text, "note", None, "active", when, None, when, when, "", (), turn="person")


def test_a_french_verb_of_coming_going_or_must_never_names_a_topic():
    group = [
        _mem(1, "Le plombier vient mardi pour la chasse d'eau qui fuit, je dois couper l'eau avant ?"),
        _mem(2, "Ma sœur Camille vient nous voir à Nantes en août, qu'est-ce qu'on peut faire avec elle ?"),
        _mem(3, "Mon dentiste vient de partir, je dois trouver un autre cabinet."),
    ]
    other = [_mem(4, "The pension office called about the forms."), _mem(5, "The pension forms are done.")]
    titles = [synth.cluster_title(group), *synth.topic_titles([group, other])]
    # (a group that shares nothing is titled by its first turn's opening, as any is)
    assert not {"vient", "dois", "peut", "faire"} & {t.casefold() for t in titles}, titles
    # the English words of the list stay edge words, and a French word of substance is none
    assert synth._edge("vient") and synth._edge("dois") and synth._edge("came")
    assert not synth._edge("plombier") and not synth._edge("dentiste")
