"""Writes memory/data/common.txt: the everyday words that name no particular thing, which title a topic
page on their own only when three of its turns or more say them ("Catch", "Offer", "Plan", "Team",
"Guy", "Client" titled pages of the persona homes a person could neither tell apart nor find, each
from two turns that shared the word in passing: docs/pages.md).

How, from the embedding model alone (nothing is fetched; no word is hand-picked here):
- everyday: the model's WordPiece vocabulary (all-MiniLM-L6-v2's, BERT's uncased one) lists its whole
  words in the order they were added, which is by how often they occur in the text it was made from
  ("the", "of", "and", ...); the words before COMMON_RANK are everyday ("client" 7396, "pottery"
  11378, "dentist" 24385);
- naming no particular thing: of those, the ones under CONCRETE on the concrete-abstract axis of
  scripts/vocab_abstract.py ("kitchen", "coffee", "snow", "football" are over it and still title a
  topic of two turns; "plan", "offer", "catch", "guy", "team" are under it).

    python scripts/vocab_common.py   # then commit memory/data/common.txt
"""

from __future__ import annotations

import json
from pathlib import Path

from vocab_abstract import scores  # this folder's script: run as `python scripts/vocab_common.py`

from memory import onnx_model

COMMON_RANK = 8000  # a vocabulary id below this is an everyday word
CONCRETE = 0.07  # a projection on the concrete-abstract axis at or over which a word names a thing
OUT = Path(__file__).resolve().parent.parent / "memory" / "data" / "common.txt"


def common_words() -> list[str]:
    """The model's whole lower-case words of three letters or more before COMMON_RANK, in its order."""
    vocab = json.loads((onnx_model.package_model_dir() / "tokenizer.json").read_text())["model"]["vocab"]
    found = (w for w, i in vocab.items() if i < COMMON_RANK and w.isascii() and w.isalpha() and w.islower())
    return sorted((w for w in found if len(w) >= 3), key=vocab.get)


def main() -> None:
    words = common_words()
    found = scores(words)
    listed = [w for w in words if found[w] < CONCRETE]
    head = (
        "# Everyday words naming no particular thing (scripts/vocab_common.py): the embedding model's\n"
        "# vocabulary up to its id 8000, under 0.07 on its concrete-abstract axis, in its order; one of these\n"
        "# alone titles a topic only when three of its turns or more say it (wiki/synth.py).\n"
    )
    OUT.write_text(head + "\n".join(listed) + "\n", encoding="utf-8")
    print(f"{len(listed)} of {len(words)} words written to {OUT}")


if __name__ == "__main__":
    main()
