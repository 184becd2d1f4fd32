"""The graph channel: memories linked to the entities a query names, and to their neighbours.

Entities are found by exact (casefolded) name in the query's word n-grams. Relations form an
undirected networkx graph; entities within `GRAPH_HOPS` of a named one count at a discount.
Hub entities (linked to more than `GRAPH_HUB_CAP` memories) are skipped: "the user" or a
project's name would otherwise lift everything. The scope filter is applied in the same SQL that
fetches the linked memories, so the graph can never reach outside the scope.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from memory.db import Database, rows_in
from memory.entities import key as entity_key
from retrieval import tuning

_MAX_NGRAM = 6
_WORD = re.compile(r"[\w][\w.+#&'-]*", re.UNICODE)
# Per-database caches, invalidated by a cheap fingerprint of the table they mirror.
_names: weakref.WeakKeyDictionary[Database, tuple[Any, dict[str, int]]] = weakref.WeakKeyDictionary()
_graphs: weakref.WeakKeyDictionary[Database, tuple[Any, Any]] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class GraphResult:
    ranked: list[tuple[int, float]] = field(default_factory=list)  # (rowid, score) best first
    entities: tuple[str, ...] = ()  # entities named in the query and used
    hubs: tuple[str, ...] = ()  # named but skipped as hubs


def _entity_names(db: Database) -> dict[str, int]:
    stamp = tuple(db.rows("SELECT count(*), coalesce(max(id), 0) FROM entities")[0])
    cached = _names.get(db)
    if cached is None or cached[0] != stamp:
        cached = (stamp, {r[0]: int(r[1]) for r in db.rows("SELECT name_key, id FROM entities")})
        _names[db] = cached
    return cached[1]


def named_entities(db: Database, query: str) -> dict[int, str]:
    """Entity id -> the query words that named it (n-grams of up to six words)."""
    names = _entity_names(db)
    if not names:
        return {}
    found: dict[int, str] = {}
    raw = [w.strip(".,;:!?'\"") for w in query.split()]
    words = [w[:-2] if w.lower().endswith("'s") else w for w in raw if w]
    simple = _WORD.findall(query)
    for tokens in (words, simple):
        for n in range(min(_MAX_NGRAM, len(tokens)), 0, -1):
            for i in range(len(tokens) - n + 1):
                phrase = " ".join(tokens[i : i + n])
                entity = names.get(entity_key(phrase))
                if entity is not None and entity not in found:
                    found[entity] = phrase
    return found


def _relation_graph(db: Database) -> Any:
    stamp = tuple(db.rows("SELECT count(*), coalesce(max(id), 0) FROM relations")[0])
    cached = _graphs.get(db)
    if cached is None or cached[0] != stamp:
        import networkx as nx  # only when relations exist and a query names an entity

        graph = nx.Graph()
        graph.add_edges_from((int(a), int(b)) for a, b in db.rows("SELECT from_entity, to_entity FROM relations"))
        cached = (stamp, graph)
        _graphs[db] = cached
    return cached[1]


def _neighbours(db: Database, named: list[int]) -> dict[int, float]:
    """Entity id -> weight: 1 for named entities, GRAPH_HOP_DISCOUNT ** hops for neighbours."""
    weights = {e: 1.0 for e in named}
    if tuning.GRAPH_HOPS <= 0 or not db.scalar("SELECT 1 FROM relations LIMIT 1"):
        return weights
    import networkx as nx

    graph = _relation_graph(db)
    for entity in named:
        if entity not in graph:
            continue
        for other, hops in nx.single_source_shortest_path_length(graph, entity, cutoff=tuning.GRAPH_HOPS).items():
            if hops:
                weights[other] = max(weights.get(other, 0.0), tuning.GRAPH_HOP_DISCOUNT**hops)
    return weights


def search(db: Database, query: str, where: str, params: tuple[Any, ...], limit: int) -> GraphResult:
    """Memories linked to entities named in `query` (or their neighbours), within `where`."""
    named = named_entities(db, query)
    if not named:
        return GraphResult()
    weights = _neighbours(db, list(named))
    ids = list(weights)
    degree = dict(
        rows_in(
            db, "SELECT entity_id, count(*) FROM memory_entities WHERE entity_id IN ({marks}) GROUP BY entity_id", ids
        )
    )
    hubs = {e for e in ids if degree.get(e, 0) > tuning.GRAPH_HUB_CAP}
    kept = [e for e in ids if e not in hubs and degree.get(e, 0)]
    used = tuple(named[e] for e in named if e in kept)
    hub_names = tuple(named[e] for e in named if e in hubs)
    if not kept:
        return GraphResult([], used, hub_names)
    rows = rows_in(
        db,
        "SELECT m.rowid, me.entity_id, m.valid_from FROM memory_entities me JOIN memories m ON m.id = me.memory_id "
        f"WHERE me.entity_id IN ({{marks}}) AND {where}",
        kept,
        after=params,
    )
    score: dict[int, float] = {}
    newest: dict[int, str] = {}
    for rowid, entity, valid_from in rows:
        score[rowid] = score.get(rowid, 0.0) + weights[int(entity)]
        newest[rowid] = valid_from
    # More named entities first; then the most recent (what a person usually means by a name).
    order = sorted(score, key=lambda r: (-score[r], _neg(newest[r]), r))
    return GraphResult([(r, score[r]) for r in order[:limit]], used, hub_names)


def _neg(text: str) -> tuple[int, ...]:
    return tuple(-ord(c) for c in text)
