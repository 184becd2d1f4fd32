"""Two homes of the same memories give the same `quire map --json` and the same page maps. A map's
edges (a page to the pages it links) had been listed by their ids, hashes of node ids made from
random memory ids: the Lisbon page listed Pottery, Biscuit, Marta in one home and Marta, Biscuit,
Pottery in the other. Edges now go in the order their nodes are listed (`wiki.pagemap._edge_order`).
Ids are random by design, so each id is renamed by the order it first appears before the bytes
are compared."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import quire
from tests.conftest import run_forked

# Each topic's last turn names Marta and Lisbon: their pages link every topic page, whose keys (and
# so their map nodes' and edges' ids) hold a random memory id.
TOPICS = {
    "pottery": [
        "I signed up for a pottery class on Saturdays",
        "The pottery teacher showed us how to center the clay on the wheel",
        "My first pottery bowl came out lopsided but I love it",
        "Glazing the pottery bowl took all afternoon with Marta in Lisbon",
    ],
    "hiking": [
        "We went hiking in the mountains near the lake",
        "The hiking trail was steep and muddy after the rain",
        "I bought new hiking boots for the mountain trip",
        "Next month we plan a hiking weekend with a tent with Marta in Lisbon",
    ],
    "dog": [
        "We adopted a dog from the shelter, his name is Biscuit",
        "Biscuit the dog chewed my shoes again",
        "Took Biscuit the dog to the vet for his shots",
        "Biscuit loves the dog park by the river with Marta in Lisbon",
    ],
}

_IDS = re.compile(r"\b(?:mem_[0-9a-f]+|page_[0-9a-f]{12}|[ne][0-9a-f]{15})\b")


def _chat(path: Path) -> Path:
    lines = []
    for day, said in enumerate(TOPICS.values(), start=1):
        for n, text in enumerate(said):
            who = "Anna" if n % 2 else "Tom"
            lines.append(f"0{day}/03/2024, 10:0{n} - {who}: {text}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _renamed(text: str) -> str:
    """Each random id as the order it first appears in the text ("id1", "id2", ...)."""
    seen: dict[str, str] = {}
    return _IDS.sub(lambda m: seen.setdefault(m.group(0), f"id{len(seen) + 1}"), text)


def _home(home: Path, chat: Path, ids, monkeypatch) -> tuple[dict[str, str], dict[str, str]]:
    """The pages and every page's `quire map SLUG --json` of a home whose memory ids come from `ids`."""
    from memory import capture

    monkeypatch.setattr(capture, "new_id", lambda: f"mem_{next(ids):012x}")
    q = quire.open(home)
    q.import_path(chat, me="Tom")
    q.rebuild()
    slugs = [p["slug"] for p in q.pages().pages]
    q.close()
    env = {"QUIRE_HOME": str(home)}
    maps = {}
    for slug in slugs:
        out = run_forked("map", slug, "--json", env=env)
        assert out.returncode == 0, out.stderr
        maps[slug] = _renamed(out.stdout)
    pages = {p.name: _renamed(p.read_text(encoding="utf-8")) for p in sorted((home / "wiki").glob("*.md"))}
    return maps, pages


def test_two_homes_of_the_same_chat_give_the_same_map_json_and_page_maps(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    monkeypatch.setenv("QUIRE_NOW", "2024-03-09T12:00:00Z")
    chat = _chat(tmp_path / "WhatsApp Chat with Anna.txt")
    rising_maps, rising_pages = _home(tmp_path / "a", chat, itertools.count(1), monkeypatch)
    falling_maps, falling_pages = _home(tmp_path / "b", chat, itertools.count(10**9, -1), monkeypatch)
    linked = {slug: len(json.loads(m)["edges"]) for slug, m in rising_maps.items()}
    assert max(linked.values()) >= 3, linked  # a page that links three pages or more: an order to keep
    assert rising_maps.keys() == falling_maps.keys()
    for slug in rising_maps:
        assert rising_maps[slug] == falling_maps[slug], slug
    assert rising_pages == falling_pages


def test_a_maps_edges_follow_its_nodes(tmp_path, monkeypatch):
    """The edges of `quire map --json` are listed as the nodes they lead to are."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    chat = _chat(tmp_path / "WhatsApp Chat with Anna.txt")
    maps, _ = _home(tmp_path / "a", chat, itertools.count(10**9, -7), monkeypatch)
    checked = 0
    for text in maps.values():
        shown = json.loads(text)
        place = {n["id"]: i for i, n in enumerate(shown["nodes"])}
        order = [(place[e["from_node"]], place[e["to_node"]]) for e in shown["edges"]]
        assert order == sorted(order)
        checked += len(order) > 2
    assert checked
