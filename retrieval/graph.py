"""The graph channel: memories linked to the entities a query names, and to their neighbours.

Entities are found by exact (casefolded) name in the query's word n-grams. Relations form an
undirected networkx graph; entities within `GRAPH_HOPS` of a named one count at a discount.
Hub entities (linked to more than `GRAPH_HUB_CAP` memories) are skipped: "the user" or a
project's name would otherwise lift everything. The scope filter is applied in the same SQL that
fetches the linked memories, so the graph can never reach outside the scope.
"""

from __future__ import annotations

import contextlib
import json
import re
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory import files, meta, textcache
from memory.db import Database, gather, in_queries, rows_in
from memory.entities import key as entity_key
from memory.tokens import fold
from retrieval import tuning

_MAX_NGRAM = 6
_WORD = re.compile(r"[\w][\w.+#&'-]*", re.UNICODE)
CACHE_FORMAT = 1
# Where the change log starts and ends: what a refresh checks first. Two subqueries: SQLite reads
# a lone min() or max() off the index, but `SELECT min(seq), max(seq)` scans the whole log (10k
# memories: 2.24 ms against 0.03 ms per call, on every recall).
CHANGES_SQL = "SELECT (SELECT min(seq) FROM graph_changes), (SELECT coalesce(max(seq), 0) FROM graph_changes)"
# Changes caught up before the cache file is written again (below this, a cold start reads them).
SAVE_AFTER_CHANGES = 100
# The graph of each open database, kept for the life of the process and caught up on every search.
_graphs: weakref.WeakKeyDictionary[Database, EntityGraph] = weakref.WeakKeyDictionary()
textcache.on_drop(_graphs.clear)  # a forget: the names of its lone entities go too (memory/textcache.py)


class EntityGraph:
    """Entity names and relation edges of one database, as this device last saw them.

    Saved under the session's cache folder (`graph.json`; derived: deleting it loses nothing) with
    the position in `graph_changes` (migration 10) it reflects. A cold command reads that file and
    then only the entity and relation rows changed since; a missing, damaged or foreign file, or a
    change log that no longer reaches back that far, means one full read. Memory status and space
    are not kept here: each search applies them in its own SQL.
    """

    def __init__(self) -> None:
        self.seq = 0
        self.names: dict[str, int] = {}  # name_key -> entity id
        self.keys: dict[int, str] = {}  # entity id -> name_key
        self.edges: dict[int, tuple[int, int]] = {}  # relation id -> (from_entity, to_entity)
        self.rows_read = 0  # database rows this object has read (entities, relations, change log)
        self.saved_seq: int | None = None  # the position of the cache file this was read from
        self._nx: Any = None

    @classmethod
    def load(cls, db: Database, cache_dir: Path | None = None) -> EntityGraph:
        """From the cache file when it is usable, else from the database; then catch up."""
        path = cache_path(cache_dir) if cache_dir else None
        graph = cls()
        if path is not None and path.exists():
            try:
                graph._read(db, path)
            except (OSError, ValueError, TypeError, KeyError):
                graph = cls()  # a damaged or foreign cache is only a slower start
        if graph.saved_seq is None:
            graph._full(db)
        elif not graph.refresh(db):
            graph = cls()
            graph._full(db)
        return graph

    def _read(self, db: Database, path: Path) -> None:
        data = json.loads(files.read_cache(path).decode("utf-8"))  # a FIFO there hung every recall
        if data["format"] != CACHE_FORMAT:
            raise ValueError("cache written for another format")
        if data["db_id"] != _db_id(db):
            raise ValueError("cache written for another database")
        self.seq = int(data["seq"])
        for entity, name_key in data["entities"]:
            self._set_entity(int(entity), str(name_key))
        for relation, a, b in data["relations"]:
            self.edges[int(relation)] = (int(a), int(b))
        self.saved_seq = self.seq

    def _full(self, db: Database) -> None:
        # The position first: a change made while the rows are read is applied again, harmlessly.
        self.seq = _latest(db)
        self.rows_read += 1
        entities = db.rows("SELECT id, name_key FROM entities")
        relations = db.rows("SELECT id, from_entity, to_entity FROM relations")
        self.rows_read += len(entities) + len(relations)
        for entity, name_key in entities:
            self._set_entity(int(entity), name_key)
        self.edges = {int(r): (int(a), int(b)) for r, a, b in relations}
        self._nx = None

    def _set_entity(self, entity: int, name_key: str) -> None:
        old = self.keys.get(entity)
        if old is not None and self.names.get(old) == entity:
            del self.names[old]
        self.keys[entity] = name_key
        self.names[name_key] = entity

    def _drop_entity(self, entity: int) -> None:
        old = self.keys.pop(entity, None)
        if old is not None and self.names.get(old) == entity:
            del self.names[old]

    def refresh(self, db: Database, changes: tuple[Any, Any] | None = None) -> bool:
        """Apply the changes recorded since `seq`; False when they were pruned (full read needed).

        changes: the row of CHANGES_SQL when the caller read it already (batched with its other reads)."""
        oldest, latest = changes if changes is not None else db.rows(CHANGES_SQL)[0]
        self.rows_read += 1
        latest = int(latest)
        if latest == self.seq or (changes is not None and latest < self.seq):
            return True  # (ends read before another caller caught this graph up: nothing to apply)
        if oldest is None or int(oldest) > self.seq + 1 or latest < self.seq:
            return False
        changed = db.rows(
            "SELECT DISTINCT kind, row_id FROM graph_changes WHERE seq > ? AND seq <= ?", (self.seq, latest)
        )
        self.rows_read += len(changed)
        entities = sorted({int(r) for k, r in changed if k == "e"})
        relations = sorted({int(r) for k, r in changed if k == "r"})
        if entities:
            rows = rows_in(db, "SELECT id, name_key FROM entities WHERE id IN ({marks})", entities)
            self.rows_read += len(rows)
            for entity in entities:
                self._drop_entity(entity)
            for entity, name_key in rows:
                self._set_entity(int(entity), name_key)
        if relations:
            rows = rows_in(db, "SELECT id, from_entity, to_entity FROM relations WHERE id IN ({marks})", relations)
            self.rows_read += len(rows)
            for relation in relations:
                self.edges.pop(relation, None)
            for relation, a, b in rows:
                self.edges[int(relation)] = (int(a), int(b))
            self._nx = None
        self.seq = latest
        return True

    def relation_graph(self) -> Any:
        """The relations as an undirected networkx graph (built when first needed)."""
        if self._nx is None:
            import networkx as nx  # only when relations exist and a query names an entity

            graph = nx.Graph()
            graph.add_edges_from(self.edges[r] for r in sorted(self.edges))
            self._nx = graph
        return self._nx

    def save(self, db: Database, cache_dir: Path) -> Path:
        """Write the cache file (atomically); it records the change-log position it reflects."""
        path = cache_path(cache_dir)
        data = {
            "format": CACHE_FORMAT,
            "db_id": _db_id(db),
            "seq": self.seq,
            "entities": sorted([e, k] for e, k in self.keys.items()),
            "relations": sorted([r, a, b] for r, (a, b) in self.edges.items()),
        }
        files.atomic_write(path, json.dumps(data, separators=(",", ":")))
        self.saved_seq = self.seq
        return path


def cache_path(cache_dir: Path) -> Path:
    return cache_dir / "graph.json"


def _latest(db: Database) -> int:
    return int(db.scalar("SELECT coalesce(max(seq), 0) FROM graph_changes"))


def _db_id(db: Database) -> str:
    """Identity of the database (a cache copied next to another database must not be used)."""
    return meta.db_id(db)


def entity_graph(db: Database, cache_dir: Path | None = None, changes: tuple[Any, Any] | None = None) -> EntityGraph:
    """This process's graph of `db`, caught up with it; read from (and saved to) `cache_dir`.
    `changes`: the row of CHANGES_SQL, when the caller has just read it."""
    graph = _graphs.get(db)
    if graph is None:
        graph = EntityGraph.load(db, cache_dir)
    elif not graph.refresh(db, changes):
        graph = EntityGraph.load(db, None)
    _graphs[db] = graph
    behind = None if graph.saved_seq is None else graph.seq - graph.saved_seq
    if cache_dir is not None and (behind is None or behind >= SAVE_AFTER_CHANGES):
        with contextlib.suppress(OSError):  # a cache that cannot be written is only a slower start
            graph.save(db, cache_dir)
    return graph


@dataclass(frozen=True)
class GraphResult:
    ranked: list[tuple[int, float]] = field(default_factory=list)  # (rowid, score) best first
    entities: tuple[str, ...] = ()  # entities named in the query and used
    hubs: tuple[str, ...] = ()  # named but skipped as hubs


def named_entities(db: Database, query: str, cache_dir: Path | None = None) -> dict[int, str]:
    """Entity id -> the query words that named it (n-grams of up to six words)."""
    return _named(entity_graph(db, cache_dir).names, query)


def _named(names: dict[str, int], query: str) -> dict[int, str]:
    if not names:
        return {}
    found: dict[int, str] = {}
    query = fold(query)  # "ＬＥＤＧＥＲ．" names "ledger" as "ledger." does (its punctuation is then ASCII)
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


def _neighbours(entities: EntityGraph, named: list[int]) -> dict[int, float]:
    """Entity id -> weight: 1 for named entities, GRAPH_HOP_DISCOUNT ** hops for neighbours."""
    weights = {e: 1.0 for e in named}
    if tuning.GRAPH_HOPS <= 0 or not entities.edges:
        return weights
    import networkx as nx

    graph = entities.relation_graph()
    for entity in named:
        if entity not in graph:
            continue
        for other, hops in nx.single_source_shortest_path_length(graph, entity, cutoff=tuning.GRAPH_HOPS).items():
            if hops:
                weights[other] = max(weights.get(other, 0.0), tuning.GRAPH_HOP_DISCOUNT**hops)
    return weights


def search(
    db: Database,
    query: str,
    where: str,
    params: tuple[Any, ...],
    limit: int,
    cache_dir: Path | None = None,
    changes: tuple[Any, Any] | None = None,
) -> GraphResult:
    """Memories linked to entities named in `query` (or their neighbours), within `where`.

    `cache_dir`: where this device keeps its copy of the graph (the session's cache folder);
    `changes`: the row of CHANGES_SQL, when the caller has just read it."""
    entities = entity_graph(db, cache_dir, changes)
    named = _named(entities.names, query)
    if not named:
        return GraphResult()
    weights = _neighbours(entities, list(named))
    ids = list(weights)
    # The degrees (which entities are hubs) and the hubs' exclusion in the same SQL as the linked
    # rows: two independent reads, one round trip to a server.
    degrees, rows = gather(
        db,
        [
            in_queries(
                "SELECT entity_id, count(*) FROM memory_entities WHERE entity_id IN ({marks}) GROUP BY entity_id", ids
            ),
            in_queries(
                "SELECT m.rowid, me.entity_id, m.valid_from FROM memory_entities me "
                "JOIN memories m ON m.id = me.memory_id "
                "WHERE me.entity_id IN ({marks}) AND me.entity_id NOT IN (SELECT entity_id FROM memory_entities "
                f"WHERE entity_id IN ({{marks}}) GROUP BY entity_id HAVING count(*) > ?) AND {where}",
                ids,
                after=(tuning.GRAPH_HUB_CAP, *params),
            ),
        ],
    )
    degree = dict(degrees)
    hubs = {e for e in ids if degree.get(e, 0) > tuning.GRAPH_HUB_CAP}
    kept = [e for e in ids if e not in hubs and degree.get(e, 0)]
    used = tuple(named[e] for e in named if e in kept)
    hub_names = tuple(named[e] for e in named if e in hubs)
    if not kept:
        return GraphResult([], used, hub_names)
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
