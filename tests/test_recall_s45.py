"""Recall by class (session 45, rec31): "nothing close" for a question in a language the model was not trained on.

The English-trained model meets any French question with any French turn at 0.48 to 0.63 (maude), over the fixed
cosine floor that tells a question of a thing the person never speaks of (tuning.STATED_UNNAMED), so her questions
of a blood type, a favourite film and an instrument found "something close". Where the question's background (the
median cosine over a sample of the home, retrieval/recall._background) is as high as tuning.FOREIGN_BACKGROUND, each
cosine is read above it, and the question's own words name what it asks (none is the attribute's English name).

The model that meets everything close is played by the fake embedder with one direction shared by every text
(`Alike`): a home whose every pair is near, as the real model's French homes are. Each rule with a control.
"""

from __future__ import annotations

import numpy as np
import pytest

from memory.embed import FakeEmbedder
from retrieval import tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put

# Turns of a French life that say nothing of a blood type, a film or an instrument (maude's, shortened)
HER_LIFE = (
    "Je suis analyste QA chez Mékinac Logiciel depuis trois ans",
    "On a déménagé dans un 5½ à Limoilou, le loyer est correct",
    "Je joue dans une ligue de dek hockey le mardi soir",
    "J'ai transféré mon compte à la Banque Nationale",
    "Ma soeur Émilie vient d'être engagée chez Hydro-Québec",
    "Je vais à mon gym Énergie Cardio trois fois par semaine",
)
SHARED = 0.9  # the weight of the direction every text shares: a median cosine near 0.45, as maude's French


@pytest.fixture(autouse=True)
def floors(monkeypatch):
    """Floors under every cosine the fake embedder makes (it has none, retrieval/tuning.FLOOR): only "nothing close"
    (recall._nothing_states) empties an answer."""
    monkeypatch.setitem(
        tuning.FLOOR, FakeEmbedder.model_id, {k: -0.5 for k in ("threaded", "alone", "unworded", "weak")}
    )


class Alike(FakeEmbedder):
    """The fake embedder with a direction every text shares: every pair of texts close, as a model meets every
    pair of a language it was not trained on."""

    def __init__(self, shared: float = SHARED) -> None:
        self.shared = shared

    def encode(self, texts, batch_size: int = 64) -> np.ndarray:
        out = super().encode(texts, batch_size)
        out[:, 0] += self.shared
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def home(session, embedder: FakeEmbedder, lines=HER_LIFE) -> None:
    session._embedder = embedder
    for line in lines:
        put(session, line)


def flagged(session, query: str) -> bool:
    """Whether recall says nothing close (no hit at all)."""
    return not search(session, query, k=5, touch=False, scope=ALL_SPACES).hits


# -- 1. the cosine read above the question's background ------------------------------------------------------


def test_a_question_of_what_her_life_never_says_is_nothing_close_where_every_pair_is_close(session):
    home(session, Alike())
    # (the model meets it close: over the fixed floor, as the real model's 0.48 to 0.63)
    vectors = session.embedder().encode(["je joue de quel instrument de musique?", *HER_LIFE])
    assert float(np.max(vectors[1:] @ vectors[0])) >= tuning.STATED_UNNAMED
    assert flagged(session, "je joue de quel instrument de musique?")


def test_a_question_of_what_she_says_is_still_answered_where_every_pair_is_close(session):
    home(session, Alike(), (*HER_LIFE, "Je joue de la guitare depuis que j'ai douze ans, un instrument usagé"))
    assert not flagged(session, "je joue de quel instrument de musique?")


def test_where_the_background_is_low_the_fixed_floor_judges(session):
    """(control) A model that shares less between texts: the question comes as close to her hockey turn as the real
    model's French (over tuning.STATED_UNNAMED), but the home's background is under tuning.FOREIGN_BACKGROUND, so
    nothing is read above it and the close turn is something close, as before."""
    home(session, Alike(0.45))
    vectors = session.embedder().encode(["je joue de quel instrument de musique?", *HER_LIFE])
    cosines = vectors[1:] @ vectors[0]
    assert float(np.max(cosines)) >= tuning.STATED_UNNAMED
    assert float(np.median(cosines)) < tuning.FOREIGN_BACKGROUND
    assert not flagged(session, "je joue de quel instrument de musique?")


# -- 2. her own words name what she asks ------------------------------------------------------------------------


def test_a_french_question_is_named_by_its_own_words(session):
    home(session, Alike())
    assert flagged(session, "c'est quoi mon groupe sanguin?")
    assert flagged(session, "c'est quoi mon film préféré?")


def test_a_french_question_whose_words_a_turn_holds_is_not_nothing_close(session):
    """(control) A turn that holds the question's own words ("film", "préféré"), though no rule reads a
    favourite film in it: the thing is spoken of."""
    home(session, Alike(), (*HER_LIFE, "On a revu mon film préféré hier soir avec Camille, Incendies"))
    assert not flagged(session, "c'est quoi mon film préféré?")


@pytest.mark.parametrize("query", ["OÙ J'HABITE MAINTENANT?", "c'est quoi ma banque?"])
def test_her_own_changes_are_still_answered_where_every_pair_is_close(session, query):
    """(control) maude's questions of her own life, answered by her French turns."""
    home(session, Alike())
    assert not flagged(session, query)
