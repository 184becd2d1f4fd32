"""Writes memory/data/frequent.txt: the everyday words that do name a thing ("room", "phone", "truck",
"park"), which, like the ones of common.txt that name none, title a topic page on their own only when
three of its turns or more say them. kai's two turns of a barracks room were a page "Room", dale's two
of a phone "Phone", maeve's two that said she would telephone someone "Telephone": a word everyone says
about everything, which two turns share in passing, is no topic a person returns to (docs/pages.md).

How, from the embedding model alone (nothing is fetched; no word is hand-picked here): its WordPiece
vocabulary lists whole words by how often they occur in the text it was made from; the words before
vocab_common.COMMON_RANK that common.txt does not hold (those over its concrete-abstract mark).

    python scripts/vocab_frequent.py   # after vocab_common.py; then commit memory/data/frequent.txt
"""

from __future__ import annotations

from pathlib import Path

from vocab_common import common_words

DATA = Path(__file__).resolve().parent.parent / "memory" / "data"


def main() -> None:
    common = {w.strip() for w in (DATA / "common.txt").read_text(encoding="utf-8").splitlines()}
    listed = [w for w in common_words() if w not in common]
    head = (
        "# Everyday words naming a thing (scripts/vocab_frequent.py): the embedding model's vocabulary up\n"
        "# to its id 8000 less common.txt's, in its order; one of these alone titles a topic only when three\n"
        "# of its turns or more say it (wiki/synth.py).\n"
    )
    (DATA / "frequent.txt").write_text(head + "\n".join(listed) + "\n", encoding="utf-8")
    print(f"{len(listed)} words written to {DATA / 'frequent.txt'}")


if __name__ == "__main__":
    main()
