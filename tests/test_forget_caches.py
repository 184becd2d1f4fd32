"""A warm process (quire serve, quire mcp, a library caller) keeps what it read: words of texts,
rows, word counts. After a forget, by that process or another on the same home, nothing of the
forgotten text is served or held there: every cache of memory texts is emptied
(memory/textcache.py). The check looks at every string the process can reach."""

from __future__ import annotations

import gc

import pytest

from memory.home import Home
from memory.session import Session
from quire import ops
from tests.ui_home import start

# Built at run time: no constant of this module holds the word the test looks for.
WORD = "".join(map(chr, (122, 121, 120, 113, 117, 111, 114, 98, 108, 97, 116)))


def held(needle: str) -> list[str]:
    """Every string reachable from the collector's objects that holds `needle` (lowercased)."""
    gc.collect()
    seen: set[int] = set()
    found: list[str] = []
    todo = gc.get_objects()
    while todo:
        obj = todo.pop()
        if id(obj) in seen or obj is todo or obj is found:
            continue
        seen.add(id(obj))
        for ref in gc.get_referents(obj):
            if isinstance(ref, str):
                if ref is not needle and needle in ref.lower():
                    found.append(ref)
            elif id(ref) not in seen:
                todo.append(ref)
    return found


def _texts(word: str) -> tuple[str, str]:
    kept = "Marisol Quenby says the budget freeze starts on the first of July"
    return f"Marisol Quenby says the {word.title()} budget freeze starts on the first of June", kept


@pytest.mark.parametrize("who", ["the service", "another process"])
def test_a_warm_service_holds_nothing_of_a_forgotten_text(quire_home, who):
    # Before: the word caches (words, bigrams, life statements, names, stems), the rows recall kept,
    # the counted words and the entity graph's names held the forgotten text until evicted. The
    # control: the kept memory's words are still found.
    running = start()
    try:
        gone_text, kept = _texts(WORD)
        gone = running.run("capture", content=gone_text, type="fact", entities=["Marisol Quenby", WORD.title()])["id"]
        running.run("capture", content=kept, type="fact", entities=["Marisol Quenby"])
        for query in (f"{WORD} budget", "Marisol budget freeze", "when does the budget freeze start", f"{WORD} news"):
            running.run("recall", query=query)
        running.run("rebuild")  # pages, names on maps, the entity graph
        running.run("page_search", query=WORD)
        for page in running.run("pages")["pages"]:
            running.run("page_read", slug=page["slug"])
        running.run("entities_list")
        del gone_text
        if who == "the service":
            running.run("forget", memory_id=gone)
        else:
            with Session(Home(quire_home)) as other:
                ops.run(other, "forget", {"memory_id": gone})
        hits = running.run("recall", query="budget freeze")["results"]
        assert [h["id"] for h in hits] != [] and all(WORD not in h["text"].lower() for h in hits)
        assert held(WORD) == []
        assert held("july")  # the control: what is not forgotten is still there to be found
    finally:
        running.stop()
