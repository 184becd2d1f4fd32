"""Writes memory/data/words.txt: the rest of the embedding model's whole words, those from COMMON_RANK on
(common.txt and frequent.txt hold the ones before it). With those two lists it is the model's
vocabulary of whole words, the words of a dictionary ("marble", "split", "discount"), where a name
mostly is not ("ibadan", "whatsapp"): a topic's title word typed in lower case is written as the
person's history capitalises it only when it is no such word (wiki/synth.py `Casing`: "Introduction
in Ibadan", while "mini split" stays so beside a trip to Split).

How, from the embedding model alone (nothing is fetched; no word is hand-picked here): its WordPiece
vocabulary's whole lower-case words of three letters or more, from id COMMON_RANK on, in its order.

    python scripts/vocab_words.py   # then commit memory/data/words.txt
"""

from __future__ import annotations

import json
from pathlib import Path

from memory import onnx_model

COMMON_RANK = 8000  # as scripts/vocab_common.py: the words before it are in common.txt or frequent.txt
OUT = Path(__file__).resolve().parent.parent / "memory" / "data" / "words.txt"


def main() -> None:
    vocab = json.loads((onnx_model.package_model_dir() / "tokenizer.json").read_text())["model"]["vocab"]
    found = (w for w, i in vocab.items() if i >= COMMON_RANK and w.isascii() and w.isalpha() and w.islower())
    listed = sorted((w for w in found if len(w) >= 3), key=vocab.get)
    head = (
        "# The embedding model's whole words from its id 8000 on (scripts/vocab_words.py), in its order: with\n"
        "# common.txt and frequent.txt, its vocabulary (wiki/synth.py dictionary_word).\n"
    )
    OUT.write_text(head + "\n".join(listed) + "\n", encoding="utf-8")
    print(f"{len(listed)} words written to {OUT}")


if __name__ == "__main__":
    main()
