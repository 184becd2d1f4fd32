"""Writes wiki/data/frequent.txt: the everyday words that do name a thing ("room", "phone", "truck",
"park"), which, like the ones of common.txt that name none, title a topic page on their own only when
three of its turns or more say them. kai's two turns of a barracks room were a page "Room", dale's two
of a phone "Phone", maeve's two that said she would telephone someone "Telephone": a word everyone says
about everything, which two turns share in passing, is no topic a person returns to (docs/pages.md).

How, from the embedding model alone (nothing is fetched; no word is hand-picked here): its WordPiece
vocabulary lists whole words by how often they occur in the text it was made from; the words before
vocab_common.COMMON_RANK that common.txt does not hold (those over its concrete-abstract mark).

    python scripts/vocab_frequent.py   # after vocab_common.py; then commit wiki/data/frequent.txt
"""

from __future__ import annotations

import json
from pathlib import Path

from memory import onnx_model

COMMON_RANK = 8000  # as scripts/vocab_common.py: a vocabulary id below this is an everyday word
DATA = Path(__file__).resolve().parent.parent / "wiki" / "data"


def main() -> None:
    vocab = json.loads((onnx_model.package_model_dir() / "tokenizer.json").read_text())["model"]["vocab"]
    found = (w for w, i in vocab.items() if i < COMMON_RANK and w.isascii() and w.isalpha() and w.islower())
    common = {w.strip() for w in (DATA / "common.txt").read_text(encoding="utf-8").splitlines()}
    listed = sorted((w for w in found if len(w) >= 3 and w not in common), key=vocab.get)
    head = (
        "# Everyday words naming a thing (scripts/vocab_frequent.py): the embedding model's vocabulary up\n"
        "# to its id 8000 less common.txt's, in its order; one of these alone titles a topic only when three\n"
        "# of its turns or more say it (wiki/synth.py).\n"
    )
    (DATA / "frequent.txt").write_text(head + "\n".join(listed) + "\n", encoding="utf-8")
    print(f"{len(listed)} words written to {DATA / 'frequent.txt'}")


if __name__ == "__main__":
    main()
