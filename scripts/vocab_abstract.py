"""Writes wiki/data/abstract.txt: the words a topic page is not named by when a concrete term sets
its turns apart as well ("Kindness", "Difference", "Balance" titled pages of a friend's chat that
were about a homeless shelter, a food drive, a dog).

How: every whole lower-case word of the embedding model's own vocabulary (all-MiniLM-L6-v2's
WordPiece, about 21,000 words) is embedded alone and placed on a concrete-abstract axis: the mean
vector of a few dozen plainly concrete words (things, animals, places, foods) less that of a few
dozen plainly abstract ones (qualities, feelings, ideas). A word well on the abstract side is
listed. The seeds below are the only hand-picked words; the axis ranks the whole vocabulary, so
words no one listed ("positivity", "worries", "happiness") are judged alike (measured in
docs/pages.md). Nothing is fetched: the model is the one quire embeds with.

    python scripts/vocab_abstract.py   # then commit wiki/data/abstract.txt
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from memory import onnx_model
from memory.embed import OnnxMiniLMEmbedder


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


CONCRETE = _words(
    "dog cat horse cow bird fish rabbit car truck bus bicycle boat airplane train house apartment kitchen "
    "bedroom garage table chair sofa bed lamp door window hammer knife spoon plate cup bottle shoe jacket hat "
    "shirt phone laptop camera guitar violin drum ball bread apple banana cheese pizza soup coffee tea milk "
    "river lake mountain forest beach island garden park street bridge city village hospital school church "
    "museum restaurant office farm stone rock sand tree flower grass"
)
ABSTRACT = _words(
    "idea truth freedom justice courage honesty patience hope belief meaning purpose value concept reason "
    "wisdom trust respect attitude virtue faith fairness dignity gratitude compassion empathy generosity "
    "sympathy loyalty integrity humility notion essence mindset motivation inspiration optimism sincerity "
    "acceptance awareness significance importance relevance"
)
THRESHOLD = -0.025  # a word's projection on the axis (cosine units) at or below which it is abstract
OUT = Path(__file__).resolve().parent.parent / "wiki" / "data" / "abstract.txt"


def vocabulary() -> list[str]:
    """The model's whole lower-case words of three letters or more (no "##" pieces, no digits)."""
    vocab = json.loads((onnx_model.package_model_dir() / "tokenizer.json").read_text())["model"]["vocab"]
    return sorted((w for w in vocab if w.isascii() and w.isalpha() and w.islower() and len(w) >= 3), key=vocab.get)


def axis(encoder: OnnxMiniLMEmbedder) -> np.ndarray:
    concrete = np.asarray(encoder.encode(list(CONCRETE)), dtype=np.float64).mean(axis=0)
    abstract = np.asarray(encoder.encode(list(ABSTRACT)), dtype=np.float64).mean(axis=0)
    return concrete - abstract


def scores(words: list[str]) -> dict[str, float]:
    encoder = OnnxMiniLMEmbedder()
    direction = axis(encoder)
    vectors = np.asarray(encoder.encode(words, batch_size=256), dtype=np.float64)
    return dict(zip(words, (vectors @ direction).tolist(), strict=True))


def main() -> None:
    words = vocabulary()
    found = scores(words)
    listed = sorted(w for w, s in found.items() if s <= THRESHOLD)
    head = (
        "# Abstract words (scripts/vocab_abstract.py): the model's vocabulary placed on a concrete-abstract\n"
        "# axis of its own embeddings; a topic term ending in one of these weighs less (wiki/synth.py).\n"
    )
    OUT.write_text(head + "\n".join(listed) + "\n", encoding="utf-8")
    print(f"{len(listed)} of {len(found)} words written to {OUT}")


if __name__ == "__main__":
    main()
