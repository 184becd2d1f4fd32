"""recall(): hybrid retrieval over one quire home. The entry point the CLI, wiki and MCP call.

Pipeline: embed pending captures -> read temporal cues -> compile the scope/status/type/time
filter to SQL -> run the lexical (FTS5), vector (exact cosine) and graph channels, each ranking
only rows that pass the filter -> weighted RRF -> priors -> collapse near-twins -> touch the
access counters (one transaction, one audit row).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from memory import audit, clock, sessions
from memory.db import Database, dicts_in, execute_in, rows_in
from memory.errors import InvalidInput, ModelUnavailable
from retrieval import fusion, graph, lexical, temporal, tuning, vector
from retrieval.scope import Filter, Scope, check_types, resolve

if TYPE_CHECKING:
    from memory.session import Session

MAX_K = 1000
MAX_CONTEXT = 50

# What fusion and the priors need (narrow); the rest is read only for the rows returned.
_META = (
    "m.rowid, m.id, m.memory_type, m.space, m.status, m.effective_confidence, m.stability, m.pinned, "
    "m.valid_from, m.content_hash, "
    # sentence ends, and how many of them are questions (for the question prior)
    "length(m.content) - length(replace(replace(replace(m.content, '?', ''), '.', ''), '!', '')) AS stops, "
    "length(m.content) - length(replace(m.content, '?', '')) AS asks"
)
_DETAIL = (
    "m.rowid, m.content, m.title, m.confidence, m.valid_to, m.created_at, m.access_count, m.last_accessed, m.source"
)


@dataclass(frozen=True)
class Hit:
    """One recalled memory, with why it ranked where it did."""

    id: str
    content: str
    memory_type: str
    space: str | None
    score: float  # fused score x priors, scaled so ~1.0 = first in every channel with neutral priors
    valid_from: str
    channels: dict[str, int]  # channel -> rank in that channel (1 = best)
    multipliers: dict[str, float]  # priors that moved the score (those equal to 1 are left out)
    status: str = "active"
    title: str = ""
    valid_to: str | None = None
    created_at: str = ""
    confidence: float = 0.0
    effective_confidence: float = 0.0
    stability: str = "new"
    pinned: bool = False
    entities: tuple[str, ...] = ()
    access_count: int = 0  # before this recall
    last_accessed: str | None = None
    source: str = ""
    signals: dict[str, float] = field(default_factory=dict)  # raw channel scores (explain only)
    session_id: str | None = None  # the conversation it came from (chat imports), and where in it
    position: int | None = None
    session_title: str = ""
    context: tuple[sessions.Turn, ...] = ()  # recall(context=N): the stored turns around it

    @property
    def date(self) -> str:
        return self.valid_from[:10]

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "content": self.content,
            "type": self.memory_type,
            "space": self.space,
            "score": round(self.score, 4),
            "date": self.date,
            "channels": self.channels,
            "multipliers": self.multipliers,
            "status": self.status,
            "title": self.title,
            "valid_from": self.valid_from,
            "valid_to": self.valid_to,
            "confidence": self.confidence,
            "effective_confidence": self.effective_confidence,
            "stability": self.stability,
            "pinned": self.pinned,
            "entities": list(self.entities),
            "access_count": self.access_count,
            "last_accessed": self.last_accessed,
            "source": self.source,
            "session_id": self.session_id,
            "position": self.position,
            "session_title": self.session_title,
            **({"signals": self.signals} if self.signals else {}),
            **(
                {
                    "context": [
                        {"position": t.position, "speaker": t.speaker, "id": t.memory_id, "content": t.content}
                        for t in self.context
                    ]
                }
                if self.context
                else {}
            ),
        }


@dataclass(frozen=True)
class Page:
    """A wiki page that cites some of the recalled memories."""

    slug: str
    title: str
    cites: tuple[str, ...]  # the recalled memory ids it cites, in recall order


@dataclass(frozen=True)
class Recalled:
    """A recall with its context: the scope it ran in, the time window read from the query."""

    query: str
    hits: list[Hit]
    scope: Scope
    window: temporal.Window | None = None
    terms: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    as_of: str | None = None
    warnings: tuple[str, ...] = ()
    pages: tuple[Page, ...] = ()  # wiki pages (in scope) that cite the hits

    def as_json(self) -> dict[str, Any]:
        window = None
        if self.window:
            start, end = self.window.sql()
            window = {"cue": self.window.cue, "start": start, "end": end, "mode": tuning.TEMPORAL_MODE}
        return {
            "query": self.query,
            "scope": self.scope.label,
            "as_of": self.as_of,
            "window": window,
            "terms": list(self.terms),
            "entities": list(self.entities),
            "warnings": list(self.warnings),
            "results": [h.as_json() for h in self.hits],
            "pages": [{"slug": p.slug, "title": p.title, "cites": list(p.cites)} for p in self.pages],
        }


def recall(
    session: Session,
    query: str,
    *,
    scope: Scope | str | None = None,
    types: list[str] | tuple[str, ...] | None = None,
    k: int = 10,
    as_of: str | None = None,
    explain: bool = False,
    touch: bool = True,
    now: datetime | None = None,
    context: int = 0,
) -> list[Hit]:
    """The k best memories for `query`, best first.

    scope: a Scope (e.g. `retrieval.scope.ALL_SPACES`), a space name, 'uncategorized', or None
    for the default (the default space if one is set, else all spaces). as_of: a date or time;
    returns what was current then. touch: count the access (access_count, last_accessed).
    now: the moment temporal cues are relative to (default clock.now()).
    """
    return search(
        session,
        query,
        scope=scope,
        types=types,
        k=k,
        as_of=as_of,
        explain=explain,
        touch=touch,
        now=now,
        context=context,
    ).hits


def search(
    session: Session,
    query: str,
    *,
    scope: Scope | str | None = None,
    all_spaces: bool = False,
    types: list[str] | tuple[str, ...] | None = None,
    k: int = 10,
    as_of: str | None = None,
    explain: bool = False,
    touch: bool = True,
    now: datetime | None = None,
    context: int = 0,
) -> Recalled:
    """Like `recall`, returning the hits with their scope, time window and warnings.

    context: with each hit from a conversation, the stored turns up to this many positions around it.
    """
    db = session.db
    if not query or not query.strip():
        raise InvalidInput("the query is empty; say what to look for, e.g. quire recall 'database choice'")
    if not 1 <= k <= MAX_K:
        raise InvalidInput(f"k must be between 1 and {MAX_K}")
    if not 0 <= context <= MAX_CONTEXT:
        raise InvalidInput(f"context must be between 0 and {MAX_CONTEXT} turns")
    chosen = resolve(db, scope, all_spaces=all_spaces)
    now = now or clock.now()
    as_of_iso = _as_of(as_of)
    parsed = temporal.parse(query, now)
    window = parsed.window
    hard_window = window.sql() if window and tuning.TEMPORAL_MODE == "filter" else None
    where, params = Filter(chosen, check_types(types), as_of_iso, hard_window).sql()
    warnings: list[str] = []

    model = None
    try:
        model = session.embedder()
        _embed_pending(session, model.model_id)
    except ModelUnavailable as exc:
        warnings.append(f"lexical and graph search only: {exc}")

    depth = max(tuning.CHANNEL_DEPTH_MIN, tuning.CHANNEL_DEPTH_FACTOR * k)
    run = _Run(session, where, params, depth)
    words = lexical.terms(parsed.query) if parsed.query.strip() else []
    rankings: dict[str, list[int]] = {}
    signals: dict[str, dict[int, float]] = {}

    if words:
        rankings["lexical"], signals["lexical"] = run.lexical(words)
    qvec = None
    if model is not None and parsed.query.strip():
        qvec = model.encode([parsed.query])[0]
        rankings["vector"], signals["vector"] = run.vector(qvec)
    found = graph.search(db, parsed.query, where, params, depth, session.cache_dir)
    if found.ranked:
        rankings["graph"] = [r for r, _ in found.ranked]
        signals["graph"] = dict(found.ranked)
        run.fetch(rankings["graph"])
    if window is not None and not words:
        rankings["time"] = run.recent(window)

    weights = {"lexical": tuning.W_LEXICAL, "vector": tuning.W_VECTOR, "graph": tuning.W_GRAPH, "time": tuning.W_TIME}
    ordered = _fuse(run, rankings, weights, now, window, bool(as_of_iso))
    if qvec is not None and tuning.PRF_DOCS and tuning.PRF_WEIGHT and _threaded_top(db, ordered):
        moved = _feedback(session, qvec, [row["rowid"] for row, _, _ in ordered[: tuning.PRF_DOCS]])
        rankings["vector"], signals["vector"] = run.vector(moved)
        ordered = _fuse(run, rankings, weights, now, window, bool(as_of_iso))
    ordered = _spread(db, _opening_lift(db, _session_lift(db, _hub_lift(db, ordered, found.hubs))))

    kept = _collapse(run, [row for row, _, _ in ordered], k)
    detail = {row["rowid"]: (score, mult) for row, score, mult in ordered}
    names = _entities(db, [row["id"] for row in kept])
    _, ranks = fusion.rrf(rankings, weights)
    hits = []
    for row in kept:
        score, mult = detail[row["rowid"]]
        raw = {
            c: round(signals[c][row["rowid"]], 4)
            for c in ranks.get(row["rowid"], {})
            if row["rowid"] in signals.get(c, {})
        }
        hits.append(
            _hit(row, score, ranks.get(row["rowid"], {}), mult, names.get(row["id"], ()), raw if explain else {})
        )
    hits = _placed(db, hits, context)
    if touch and hits:
        _touch(session, hits, query)
    pages = _citing_pages(db, chosen, [h.id for h in hits])
    return Recalled(query, hits, chosen, window, tuple(words), found.entities, as_of_iso, tuple(warnings), pages)


class _Run:
    """One query's channel runs: over-fetch unfiltered, admit through the SQL filter, fall back."""

    def __init__(self, session: Session, where: str, params: tuple[Any, ...], depth: int):
        self.session, self.db = session, session.db
        self.where, self.params, self.depth = where, params, depth
        self.rows: dict[int, dict[str, Any]] = {}  # admitted rows (passed the filter)
        self.checked: set[int] = set()

    def fetch(self, rowids: list[int]) -> None:
        """Read (and admit) rows through the filter; rows that fail it are remembered as checked."""
        todo = [r for r in dict.fromkeys(rowids) if r not in self.checked]
        # NOT INDEXED: look rows up by rowid; with a long IN list the planner would rather
        # walk the whole status index (50 ms instead of 1 ms at 100k memories).
        for row in dicts_in(
            self.db,
            f"SELECT {_META} FROM memories m NOT INDEXED WHERE m.rowid IN ({{marks}}) AND {self.where}",
            todo,
            after=self.params,
        ):
            self.rows[row["rowid"]] = row
        self.checked.update(todo)

    def details(self, rowids: list[int]) -> None:
        """Add the wide columns (content ...) to admitted rows that lack them."""
        todo = [r for r in rowids if "content" not in self.rows[r]]
        for row in dicts_in(
            self.db, f"SELECT {_DETAIL} FROM memories m NOT INDEXED WHERE m.rowid IN ({{marks}})", todo
        ):
            self.rows[row["rowid"]].update(row)

    def _admit(self, raw: list[tuple[int, float]], overfetch: int, exact: Any) -> tuple[list[int], dict[int, float]]:
        # Ranking the whole index and keeping the in-scope rows gives exactly the scoped ranking
        # as long as `depth` of them survive; otherwise rank again over the scoped set only.
        # Rows are checked in growing chunks: in the usual case the first `depth` all pass.
        kept: list[tuple[int, float]] = []
        start, step = 0, self.depth
        while start < len(raw) and len(kept) < self.depth:
            chunk = raw[start : start + step]
            self.fetch([r for r, _ in chunk])
            kept += [(r, s) for r, s in chunk if r in self.rows]
            start, step = start + step, step * 2
        kept = kept[: self.depth]
        if len(kept) < self.depth and len(raw) >= overfetch:
            kept = exact()
            self.fetch([r for r, _ in kept])
            kept = [(r, s) for r, s in kept if r in self.rows][: self.depth]
        return [r for r, _ in kept], dict(kept)

    def lexical(self, words: list[str]) -> tuple[list[int], dict[int, float]]:
        over = self.depth * tuning.OVERFETCH
        raw = lexical.search_unfiltered(self.db, words, over, enough=self.depth)
        return self._admit(
            raw, over, lambda: lexical.search_filtered(self.db, words, self.where, self.params, self.depth)
        )

    def vector(self, query: np.ndarray) -> tuple[list[int], dict[int, float]]:
        index = self.session.vectors()
        over = self.depth * tuning.OVERFETCH
        raw = vector.search_unfiltered(index, query, over)

        def exact() -> list[tuple[int, float]]:
            scoped = np.array(
                [r[0] for r in self.db.rows(f"SELECT m.rowid FROM memories m WHERE {self.where}", self.params)],
                dtype=np.int64,
            )
            return vector.search_among(index, query, scoped, self.depth)

        return self._admit(raw, over, exact)

    def recent(self, window: temporal.Window) -> list[int]:
        """In-window memories, newest first: the channel for a query that is only a time cue."""
        start, end = window.sql()
        rows = self.db.rows(
            f"SELECT m.rowid FROM memories m WHERE {self.where} AND m.valid_from >= ? AND m.valid_from < ? "
            f"ORDER BY m.valid_from DESC, m.rowid DESC LIMIT ?",
            (*self.params, start or "", end or "9999", self.depth),
        )
        ranked = [int(r[0]) for r in rows]
        self.fetch(ranked)
        return ranked


def _threaded_top(db: Database, ordered: list[tuple[dict[str, Any], float, dict[str, float]]]) -> bool:
    """Whether the best PRF_DOCS results are all turns of conversations between people, the only
    place feedback pays (retrieval/tuning.py)."""
    top = [row["id"] for row, _, _ in ordered[: tuning.PRF_DOCS]]
    if not top:
        return False
    placed = sessions.positions_of(db, top)
    return all(mid in placed and placed[mid][2] for mid in top)


def _feedback(session: Session, query: np.ndarray, top: list[int]) -> np.ndarray:
    """Pseudo-relevance feedback: the query vector moved towards the best results' vectors."""
    found = vector.vectors_of(session.vectors(), top)
    if not len(found):
        return query
    moved = query + tuning.PRF_WEIGHT * found.mean(axis=0)
    unit: np.ndarray = (moved / max(float(np.linalg.norm(moved)), 1e-9)).astype(np.float32)
    return unit


def _fuse(
    run: _Run,
    rankings: dict[str, list[int]],
    weights: dict[str, float],
    now: datetime,
    window: temporal.Window | None,
    as_of: bool,
) -> list[tuple[dict[str, Any], float, dict[str, float]]]:
    scores, _ = fusion.rrf(rankings, weights)
    scale = fusion.best_possible(weights, [c for c, r in rankings.items() if r])
    scored = []
    for rowid, fused in scores.items():
        row = run.rows[rowid]
        mult = fusion.multipliers(row, now, window=window, as_of=as_of)
        scored.append((row, fused * fusion.product(mult) / scale, mult))
    # Ties: the newer memory first, then the id (stable across runs).
    scored.sort(key=lambda item: (-item[1], _desc(item[0]["valid_from"]), item[0]["id"]))
    return scored


def _hub_lift(
    db: Database, ordered: list[tuple[dict[str, Any], float, dict[str, float]]], hubs: tuple[str, ...]
) -> list[tuple[dict[str, Any], float, dict[str, float]]]:
    """Memories linked to an entity the query names but the graph skips as a hub (a speaker of a
    whole conversation) get x tuning.HUB_MATCH: "what did Ana say about ..." prefers Ana's turns."""
    if not ordered or not hubs or tuning.HUB_MATCH == 1.0:
        return ordered
    ids = [row["id"] for row, _, _ in ordered]
    hub_marks = ",".join("?" * len(hubs))
    linked = {
        r[0]
        for r in rows_in(
            db,
            "SELECT me.memory_id FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
            f"WHERE e.name IN ({hub_marks}) AND me.memory_id IN ({{marks}})",
            ids,
            before=hubs,
        )
    }
    out = [
        (row, value * tuning.HUB_MATCH, {**mult, "named_hub": tuning.HUB_MATCH})
        if row["id"] in linked
        else (row, value, mult)
        for row, value, mult in ordered
    ]
    out.sort(key=lambda item: (-item[1], _desc(item[0]["valid_from"]), item[0]["id"]))
    return out


def _session_lift(
    db: Database, ordered: list[tuple[dict[str, Any], float, dict[str, float]]]
) -> list[tuple[dict[str, Any], float, dict[str, float]]]:
    """Conversation turns lifted by their session and their neighbours (retrieval/tuning.py).

    Between people (a threaded session), a session whose best turns score well as a whole lifts
    all of its turns (evidence for one question tends to sit in one or two sessions), and a turn
    right next to a strong turn is lifted by a share of that turn's score (the answer is often the
    turn after the question). A person's turns to an assistant stand alone: not lifted.
    """
    if not ordered or not (tuning.SESSION_WEIGHT or tuning.NEIGHBOUR_WEIGHT):
        return ordered
    placed = sessions.positions_of(db, [row["id"] for row, _, _ in ordered])
    if not placed:
        return ordered
    score = {row["id"]: value for row, value, _ in ordered}
    by_session: dict[str, list[float]] = {}
    at: dict[tuple[str, int], float] = {}
    for mid, (sid, pos, threaded) in placed.items():
        if not threaded:
            continue
        by_session.setdefault(sid, []).append(score[mid])
        at[(sid, pos)] = max(at.get((sid, pos), 0.0), score[mid])
    whole = {sid: sum(sorted(v, reverse=True)[: tuning.SESSION_TOP]) for sid, v in by_session.items()}
    if not whole:
        return ordered
    best = max(whole.values()) or 1.0
    lifted = []
    for row, value, mult in ordered:
        where = placed.get(row["id"])
        if where is None or not where[2]:
            lifted.append((row, value, mult))
            continue
        sid, pos, _ = where
        factor = 1.0 + tuning.SESSION_WEIGHT * whole[sid] / best
        near = max(at.get((sid, pos - 1), 0.0), at.get((sid, pos + 1), 0.0))
        new = value * factor + tuning.NEIGHBOUR_WEIGHT * near
        mult = {**mult, "session": round(new / value, 4)} if value and abs(new - value) > 1e-9 else mult
        lifted.append((row, new, mult))
    lifted.sort(key=lambda item: (-item[1], _desc(item[0]["valid_from"]), item[0]["id"]))
    return lifted


def _opening_lift(
    db: Database, ordered: list[tuple[dict[str, Any], float, dict[str, float]]]
) -> list[tuple[dict[str, Any], float, dict[str, float]]]:
    """A person's opening message to an assistant says what the chat is about and what it starts
    from (later turns follow up on the answers): x tuning.OPENING_LIFT."""
    if not ordered or tuning.OPENING_LIFT == 1.0:
        return ordered
    placed = sessions.positions_of(db, [row["id"] for row, _, _ in ordered])
    alone = sorted({sid for sid, _, threaded in placed.values() if not threaded})
    if not alone:
        return ordered
    first = sessions.openers(db, alone)
    out = [
        (row, value * tuning.OPENING_LIFT, {**mult, "opening": tuning.OPENING_LIFT})
        if row["id"] in first and not placed[row["id"]][2]
        else (row, value, mult)
        for row, value, mult in ordered
    ]
    out.sort(key=lambda item: (-item[1], _desc(item[0]["valid_from"]), item[0]["id"]))
    return out


def _spread(
    db: Database, ordered: list[tuple[dict[str, Any], float, dict[str, float]]]
) -> list[tuple[dict[str, Any], float, dict[str, float]]]:
    """A person's turns to an assistant stand alone, and what one question needs is spread over
    sessions: each further turn of a session already ranked above is x tuning.SESSION_SPREAD."""
    if not ordered or tuning.SESSION_SPREAD == 1.0:
        return ordered
    placed = sessions.positions_of(db, [row["id"] for row, _, _ in ordered])
    seen: dict[str, int] = {}
    out = []
    for row, value, mult in ordered:
        where = placed.get(row["id"])
        if where is None or where[2]:
            out.append((row, value, mult))
            continue
        n = seen.get(where[0], 0)
        seen[where[0]] = n + 1
        factor = tuning.SESSION_SPREAD**n
        out.append((row, value * factor, {**mult, "spread": round(factor, 4)} if n else mult))
    out.sort(key=lambda item: (-item[1], _desc(item[0]["valid_from"]), item[0]["id"]))
    return out


def _collapse(run: _Run, rows: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """The first k rows that are not near-twins of a better one (content read only as needed)."""
    kept: list[dict[str, Any]] = []
    upto = 0
    while len(kept) < k and upto < len(rows):
        upto = min(len(rows), max(upto * 2, k + 10))
        run.details([row["rowid"] for row in rows[:upto]])
        kept = cast(list[dict[str, Any]], fusion.collapse(rows[:upto], k))  # the same dicts, filtered
    return kept


def _desc(text: str) -> tuple[int, ...]:
    return tuple(-ord(c) for c in text)


def _hit(
    row: dict[str, Any],
    score: float,
    ranks: dict[str, int],
    mult: dict[str, float],
    entities: tuple[str, ...],
    signals: dict[str, float],
) -> Hit:
    return Hit(
        id=row["id"],
        content=row["content"],
        memory_type=row["memory_type"],
        space=row["space"],
        score=score,
        valid_from=row["valid_from"],
        channels=dict(ranks),
        multipliers=mult,
        status=row["status"],
        title=row["title"],
        valid_to=row["valid_to"],
        created_at=row["created_at"],
        confidence=row["confidence"],
        effective_confidence=row["effective_confidence"],
        stability=row["stability"],
        pinned=bool(row["pinned"]),
        entities=entities,
        access_count=row["access_count"],
        last_accessed=row["last_accessed"],
        source=row["source"],
        signals=signals,
    )


def _placed(db: Database, hits: list[Hit], context: int) -> list[Hit]:
    """Hits with their session and position, and with `context` turns around them when asked."""
    found = sessions.places(db, [h.id for h in hits])
    out = []
    for hit in hits:
        place = found.get(hit.id)
        if place is None:
            out.append(hit)
            continue
        around = tuple(sessions.around(db, place, context)) if context else ()
        out.append(
            replace(
                hit, session_id=place.session_id, position=place.position, session_title=place.title, context=around
            )
        )
    return out


def _entities(db: Database, ids: list[str]) -> dict[str, tuple[str, ...]]:
    if not ids:
        return {}
    out: dict[str, list[str]] = {}
    for mid, name in rows_in(
        db,
        "SELECT me.memory_id, e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
        "WHERE me.memory_id IN ({marks}) ORDER BY e.name",
        ids,
    ):
        out.setdefault(mid, []).append(name)
    return {k: tuple(v) for k, v in out.items()}


def _citing_pages(db: Database, scope: Scope, ids: list[str]) -> tuple[Page, ...]:
    """Active pages of the scope citing any of `ids`, the page citing the best hit first."""
    if not ids:
        return ()
    scope_sql, scope_params = scope.sql("p.space")
    rows = rows_in(
        db,
        "SELECT p.slug, p.title, ps.memory_id FROM page_sources ps JOIN pages p ON p.id = ps.page_id "
        f"WHERE ps.memory_id IN ({{marks}}) AND p.status = 'active' AND {scope_sql}",
        ids,
        after=scope_params,
    )
    order = {mid: i for i, mid in enumerate(ids)}
    cites: dict[tuple[str, str], set[str]] = {}
    for slug, title, mid in rows:
        cites.setdefault((slug, title), set()).add(mid)
    pages = [Page(slug, title, tuple(sorted(found, key=order.__getitem__))) for (slug, title), found in cites.items()]
    return tuple(sorted(pages, key=lambda p: (order[p.cites[0]], -len(p.cites), p.slug)))


def _as_of(value: str | None) -> str | None:
    """A date means the end of that day (what was current on it); a time is taken as given."""
    if value is None:
        return None
    moment = clock.parse_when(value)
    if len(value.strip()) == 10:
        moment = clock.end_of_day(moment)
    return clock.iso(moment)


# Per session: (model id, vector_changes seq) at the last check that found nothing to embed, so a
# warm session (quire serve) does not count unembedded rows on every query.
_embedded_upto: weakref.WeakKeyDictionary[Any, tuple[str, int]] = weakref.WeakKeyDictionary()


def _embed_pending(session: Session, model_id: str) -> None:
    seq = int(session.db.scalar("SELECT coalesce(max(seq), 0) FROM vector_changes"))
    if _embedded_upto.get(session) == (model_id, seq):
        return
    for warning in session.embed_pending():
        del warning  # near-duplicate notes belong to capture; recall stays quiet about them
    seq = int(session.db.scalar("SELECT coalesce(max(seq), 0) FROM vector_changes"))
    _embedded_upto[session] = (model_id, seq)


def _touch(session: Session, hits: list[Hit], query: str) -> None:
    """Count the access on every returned memory: one transaction, one audit row."""
    db = session.db
    ids = [h.id for h in hits]
    with db.transaction():
        execute_in(
            db,
            "UPDATE memories SET access_count = access_count + 1, last_accessed = ? WHERE id IN ({marks})",
            ids,
            before=(clock.now_iso(),),
        )
        audit.record(db, session.actor, "recall_access", "memory", ids[0], ids=ids, query=query[:200])
