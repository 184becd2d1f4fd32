"""recall(): hybrid retrieval over one quire home. The entry point the CLI, wiki and MCP call.

Pipeline: embed pending captures -> read temporal cues -> compile the scope/status/type/time
filter to SQL -> run the lexical (FTS5), vector (exact cosine) and graph channels, each ranking
only rows that pass the filter -> weighted RRF -> priors -> collapse near-twins -> touch the
access counters (one transaction, one audit row).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from memory import access, audit, clock, conversations, gate, life, review, statements, tokens, vectors, vocab
from memory.db import Database, change_counters, execute_in, gather_dicts, in_queries, regroup, rows_in
from memory.embed import embed_text
from memory.errors import InvalidInput, ModelUnavailable, QuireError
from memory.textcache import text_cache
from retrieval import fusion, graph, lexical, rowcache, temporal, tuning, vector
from retrieval.scope import Filter, Scope, check_types, resolve

if TYPE_CHECKING:
    from memory.session import Session

# The first reads of every recall, independent of each other (one batch): the vector change log's
# ends, the graph change log's ends, the corpus size, the lexical index's state.
_FIRST_READS = (vectors.CHANGES_SQL, graph.CHANGES_SQL, lexical.CORPUS_SQL, lexical.STATE_SQL)
MAX_K = 1000
MAX_CONTEXT = 50
# Candidates in order: (row, score, the multipliers shown for it).
Ranked = list[tuple[dict[str, Any], float, dict[str, float]]]

# What fusion, the priors and the twin check need: read for every candidate. What only a hit shows
# (_SHOWN) is read for the hits, in the last batch: on sqld, reading those 7 columns for 100
# candidates made the candidates' read 3.95 instead of 2.81 ms p50 (load ~8, 10k memories).
# The sentence ends and how many of them are questions (the question prior's "stops" and "asks") are
# counted from the content in Python: in SQL, three replace() calls a row cost 0.3 of the 0.9 ms
# of reading 100 candidates (10k memories).
_META = (
    "m.rowid, m.id, m.memory_type, m.space, m.status, m.effective_confidence, m.stability, m.pinned, "
    "m.valid_from, m.content_hash, json_extract(m.structured_fields, '$.voice') AS voice"
)
_SHOWN = ("title", "confidence", "valid_to", "created_at", "access_count", "last_accessed", "source")
_SHOWN_SQL = f"SELECT m.id, {', '.join('m.' + c for c in _SHOWN)} FROM memories m WHERE m.id IN ({{marks}})"
_SHOWN_HELD = frozenset(_SHOWN)
# A small home read whole (rowcache.RowCache.whole_due): what fusion needs and what a hit shows.
_WHOLE_SQL = f"SELECT {_META}, m.content, {', '.join('m.' + c for c in _SHOWN)} FROM memories m"


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
    context: tuple[conversations.Turn, ...] = ()  # recall(context=N): the stored turns around it
    # One side of a change in the person's life that waits for review (memory/correction.heard):
    # {"item": review item id, "side": "newer" | "older", "other": the memory on the other side}.
    awaiting: dict[str, Any] | None = None
    speaker: str = ""  # who said it, for a memory from a conversation ("user", "ChatGPT", "Ana")

    @property
    def date(self) -> str:
        return clock.local_day(self.valid_from)  # the day on this machine's clock (valid_from stays UTC)

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
            "awaiting_review": self.awaiting,
            "speaker": self.speaker or None,
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
    # The floor (retrieval/tuning.FLOOR for the model, None when none applies) and the best
    # evidence any candidate had (`_evidence`); hits is empty when best < floor and no_floor is off.
    floor: float | None = None
    best: float | None = None
    evidence: dict[str, float] = field(default_factory=dict)  # by kind (see `_evidence`)

    @property
    def nothing_close(self) -> bool:
        """Nothing reached the floor (the hits are empty unless no_floor was asked)."""
        return self.floor is not None and self.best is not None and self.best < self.floor

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
            "floor": self.floor,
            "best": None if self.best is None else round(self.best, 4),
            "nothing_close": self.nothing_close,
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
    no_floor: bool = False,
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
        no_floor=no_floor,
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
    no_floor: bool = False,
) -> Recalled:
    """Like `recall`, returning the hits with their scope, time window and warnings.

    context: with each hit from a conversation, the stored turns up to this many positions around it.
    The stages, in order: `_plan` (scope, time cues, the filter, the first reads), `_channels`
    (lexical, vector, graph, time), `_fused` (weighted RRF, then pseudo-relevance feedback),
    `_prioritised` (the priors of PRIORS, one loop and one sort), `_newer_first` (a change in the
    person's life that waits for review: the newer statement above the older), `_collapse`
    (near-twins) and `_present` (what a hit shows, the access count, citing pages).
    """
    plan = _plan(session, query, scope, all_spaces, types, k, as_of, context, now)
    run, found = _channels(session, plan)
    floor, best = _floor(session, plan, run)
    if floor is not None and best is not None and best < floor and not no_floor:
        return _present(session, plan, run, found, [], [], {}, touch=False, explain=explain, judged=(floor, best))
    ordered = _fused(run, plan)
    asked = life.asked(query)
    ordered = _prioritised(run, ordered, found.hubs, asked, plan.qvec, tuple(plan.words), query, _agreed(run, plan))
    ordered = _reason_first(ordered, plan)
    ordered, waiting = _newer_first(run, ordered, asked, tuple(plan.words), past=life.asks_past(query))
    ordered = _part_named(
        run, _town_of_a_building(run, _city_named(run, ordered, asked, query), asked, query), asked, query
    )
    ordered = _anchored(run, ordered, asked, query)
    kept = _collapse([row for row, _, _ in ordered], k)
    return _present(
        session, plan, run, found, ordered, kept, waiting, touch=touch, explain=explain, judged=(floor, best)
    )


@dataclass
class _Plan:
    """What a query asks, read before any channel runs (and what the channels fill in)."""

    query: str
    chosen: Scope
    now: datetime
    as_of: str | None
    parsed: temporal.Parsed
    where: str
    params: tuple[Any, ...]
    depth: int
    words: list[str]
    context: int
    # The lexical channel's words: `words` and the other names of a name the query says (memory/data/aliases.txt)
    searched: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    rankings: dict[str, list[int]] = field(default_factory=dict)
    signals: dict[str, dict[int, float]] = field(default_factory=dict)
    qvec: np.ndarray | None = None
    evidence: dict[str, float] = field(default_factory=dict)
    weights: dict[str, float] = field(
        default_factory=lambda: {
            "lexical": tuning.W_LEXICAL,
            "vector": tuning.W_VECTOR,
            "graph": tuning.W_GRAPH,
            "time": tuning.W_TIME,
            "stated": tuning.W_STATED,
        }
    )

    @property
    def window(self) -> temporal.Window | None:
        return self.parsed.window


def _plan(
    session: Session,
    query: str,
    scope: Scope | str | None,
    all_spaces: bool,
    types: list[str] | tuple[str, ...] | None,
    k: int,
    as_of: str | None,
    context: int,
    now: datetime | None,
) -> _Plan:
    """Check the request; resolve the scope, the time cues and the SQL filter."""
    if not query or not query.strip():
        raise InvalidInput("the query is empty; say what to look for, e.g. quire recall 'database choice'")
    if not 1 <= k <= MAX_K:
        raise InvalidInput(f"k must be between 1 and {MAX_K}")
    if not 0 <= context <= MAX_CONTEXT:
        raise InvalidInput(f"context must be between 0 and {MAX_CONTEXT} turns")
    chosen = resolve(session.db, scope, all_spaces=all_spaces)
    now = now or clock.now()
    as_of_iso = _as_of(as_of)
    # A cue is read from the moment the recall looks back from: "last week" as of 3 March is the
    # week before it (read from now, a window after the as-of moment could hold nothing current then).
    parsed = temporal.parse(query, min(now, clock.parse_when(as_of_iso)) if as_of_iso else now)
    window = parsed.window
    hard_window = window.sql() if window and tuning.TEMPORAL_MODE == "filter" else None
    where, params = Filter(chosen, check_types(types), as_of_iso, hard_window).sql()
    depth = max(tuning.CHANNEL_DEPTH_MIN, tuning.CHANNEL_DEPTH_FACTOR * k)
    words = lexical.terms(parsed.query) if parsed.query.strip() else []
    searched = [*words, *(n for n in tokens.other_names(parsed.query) if n not in words)] if words else []
    return _Plan(query, chosen, now, as_of_iso, parsed, where, params, depth, words, context, searched)


def _channels(session: Session, plan: _Plan) -> tuple[_Run, graph.GraphResult]:
    """Run every channel over the filter; fills plan.rankings / plan.signals / plan.qvec."""
    db = session.db
    words, depth, parsed = plan.searched, plan.depth, plan.parsed
    # The change logs' ends, the corpus size and the document frequency of every query word never
    # counted, in one batch (one round trip to a server instead of one per check): the vector and
    # graph caches catch up from the ends, the lexical plan uses the rest.
    # With every word counted before, the lexical search itself goes along, as planned from what
    # this process saw last (its answer counts only if the real plan runs the same statement).
    early = _early_vector(session, plan)  # a warm session's query vector under way before the first reads
    kept = rowcache.of(db)
    token, ends = _unmoved(db, kept)
    if ends is not None:  # the store as the recall before left it: a word met first is counted in the index held
        lexical.count_held(db, words, ends[3], int(ends[2][0]))
    fresh = lexical.uncounted(db, words)
    guess = None if fresh else lexical.guess(db, words, depth * tuning.OVERFETCH)
    ends, first = _first_reads(db, kept, token, ends, [*lexical.count_queries(fresh), *([guess] if guess else [])])
    vector_ends, graph_ends, (corpus,), fts_state = ends
    lexical.note_counts(db, fresh, first[: len(fresh)], int(corpus))
    guessed = (guess, first[-1]) if guess else None
    vector_log: tuple[Any, ...] | None = vector_ends
    model = None
    try:
        model = session.embedder()
        if early is not None and _embedding_due(session, model.model_id, int(vector_ends[1])):
            early()  # the query's encode done before the encoder embeds the captures that wait
        if _embed_pending(session, model.model_id, int(vector_ends[1])):
            vector_log = None  # the log moved on: the cache reads its ends again
    except ModelUnavailable as exc:
        plan.warnings.append(f"lexical and graph search only: {exc}")

    run = _Run(session, plan.where, plan.params, depth, vector_log, int(corpus), tuple(fts_state))
    if kept is not None and token is not None:
        run.kept, run.token = kept, token

    # Every channel's candidates first, then one read of their rows through the filter (instead of
    # one per channel); admission then reads more only when too many fall outside the filter. The
    # query's vector is encoded on another core meanwhile (vector.encoding), started before the
    # first reads in a warm session.
    soon = early
    if soon is None and model is not None and parsed.query.strip():
        soon = vector.encoding(model, tokens.fold(parsed.query))  # as the words are read: "ＡＰＩ" is "API"
    lexical_raw = run.lexical_candidates(words, guessed) if words else []
    found = graph.search(db, parsed.query, plan.where, plan.params, depth, session.cache_dir, graph_ends)
    _rank(run, plan, lexical_raw, found, soon)
    return run, found


def _rank(
    run: _Run,
    plan: _Plan,
    lexical_raw: list[tuple[int, float]],
    found: graph.GraphResult,
    soon: Callable[[], np.ndarray] | None,
) -> None:
    """Every channel's candidates admitted through the filter, into plan.rankings / signals. On a
    file the lexical and graph candidates are admitted while the query's vector is encoded; on a server
    every channel's rows go in one read (one round trip). The rankings go in channel order all the
    same (RRF adds in it)."""
    words, depth, rankings, signals = plan.searched, plan.depth, plan.rankings, plan.signals
    others = [] if run.db.remote else [r for r, _ in lexical_raw[:depth]] + [r for r, _ in found.ranked]
    run.fetch(others)
    admitted = run.lexical(words, lexical_raw) if words and others else None
    vector_raw: list[tuple[int, float]] = []
    if soon is not None:
        plan.qvec = soon()
        vector_raw = run.vector_candidates(plan.qvec)
    stated = _stated(run, plan.query)
    run.fetch(
        [r for r, _ in lexical_raw[:depth]] + [r for r, _ in vector_raw[:depth]] + [r for r, _ in found.ranked] + stated
    )
    if words:
        rankings["lexical"], signals["lexical"] = admitted or run.lexical(words, lexical_raw)
    if plan.qvec is not None:
        rankings["vector"], signals["vector"] = run.vector(plan.qvec, vector_raw)
    if found.ranked:
        rankings["graph"] = [r for r, _ in found.ranked]
        signals["graph"] = dict(found.ranked)
    if plan.window is not None and not words:
        rankings["time"] = run.recent(plan.window)
    if stated:
        rankings["stated"] = [r for r in stated if r in run.rows]
    if named := _kin_named_rows(run, plan):  # (session 41: weak41)
        held = set(rankings.get("stated", []))
        rankings["stated"] = [*rankings.get("stated", []), *(r for r in named if r not in held)]


def _kin_named_rows(run: _Run, plan: _Plan) -> list[int]:
    """(session 41: weak41) For a question of a relation's name ("what are my children's names"), the candidates
    that name that relation by a name (`_names_kin`: "I need to explain to her and to my kids. Kofi is 17 and Ama is
    14"), in the vector channel's order, then the lexical's, then those of a search for the relation's every word
    (memory/life.relation_words: "what's my boy's name" and "my son Cody works offshore", which neither channel
    held): they join the statements' channel as a typed statement of it would (that turn, about her mother's
    dementia, ranked 33rd). None for a question of the past."""
    asked = frozenset(a for a in life.asked(plan.query) if a.startswith("name:"))
    if not asked or life.asks_past(plan.query):
        return []
    words = sorted({w for a in asked for w in life.relation_words(a[5:])})
    kin, _ = run.lexical(words, run.lexical_candidates(words))
    out: list[int] = []
    for rowid in dict.fromkeys([*plan.rankings.get("vector", []), *plan.rankings.get("lexical", []), *kin]):
        row = run.rows.get(rowid)
        if row is not None and _names_kin(asked, row["content"]):
            out.append(rowid)
            if len(out) >= tuning.STATED_ROWS:
                break
    return out or _kin_titled_rows(run, asked, words)


def _kin_titled_rows(run: _Run, asked: frozenset[str], words: list[str]) -> list[int]:
    """(session 44) Where no candidate names the relation asked, the chats' opening turns whose title names it and
    whose first words name someone (memory/life.kin_titled: "Sister's news and a gift", then "Marta's just moved to
    Porto"): the relation's name said by the title, which no sentence of the chat says (ines's sister)."""
    marks = " OR ".join("m.source LIKE ?" for _ in words)
    found = run.db.rows(
        f"SELECT m.rowid, m.source, m.content FROM memories m WHERE ({marks}) AND {run.where} LIMIT ?",
        (*(f"%{w}%" for w in words), *run.params, tuning.STATED_ROWS * 5),
    )
    kins = {a[5:] for a in asked}
    titled = [
        rowid for rowid, source, content in found if kins & {k for k, _ in life.kin_titled(source or "", content)}
    ]
    run.fetch(titled)
    out = [rowid for rowid in titled if rowid in run.rows][: tuning.STATED_ROWS]
    run.titled |= {run.rows[rowid]["id"] for rowid in out}
    return out


def _stated(run: _Run, query: str) -> list[int]:
    """The channel of the statements of what a question asks ("what is my job title": role,
    memory/life.asked): the newest tuning.STATED_ROWS typed memories in the filter that state it
    (memory/statements.py, newest first by the time said), however far their words and vector are
    from the question's: "my first month as GPM" holds neither, and the sister's résumé came first.
    The attribute itself, not every one the question reaches (`life.asks_for`: "what sport do I do"
    reaches every schedule, and the newest class said is no sport). The ranking decides what they
    are worth (`_asked_first`, `_newer_first`). None for a question of the past ("where did I work
    before I retired"): the newest statements are not its answer."""
    asked = life.asked(query)
    if not asked or not tuning.STATED_ROWS or life.asks_past(query):
        return []
    if "kids school" in asked:  # each child's school said by the child's name ("Ava and Theo start at ...")
        asked |= {a for a in statements.attributes_ending(run.db, " school") if life.is_a_childs_school(a)}
    return statements.newest(run.db, sorted(asked), run.where, run.params, tuning.STATED_ROWS)


def _early_vector(session: Session, plan: _Plan) -> Callable[[], np.ndarray] | None:
    """A warm session's query vector, under way before the first reads (vector.encoding); None
    before the model is loaded (a cold command loads it after them) or for a query of time cues only."""
    if session.held_vectors() is None or not plan.parsed.query.strip():
        return None
    try:
        model = session.embedder()
    except ModelUnavailable:
        return None  # said by `_channels`, which asks for the model again
    return vector.encoding(model, tokens.fold(plan.parsed.query))


def _unmoved(db: Database, kept: rowcache.RowCache | None) -> tuple[tuple[Any, ...] | None, tuple[Any, ...] | None]:
    """(the store's change counters, the first row of each of _FIRST_READS as the recall before read
    them, when the store has not moved since): with a row cache, the counters are read first."""
    if kept is None:
        return None, None
    token = change_counters(db)
    return token, kept.at(token)


def _first_reads(
    db: Database,
    kept: rowcache.RowCache | None,
    token: tuple[Any, ...] | None,
    ends: tuple[Any, ...] | None,
    more: list[tuple[str, tuple[Any, ...]]],
) -> tuple[tuple[Any, ...], list[list[tuple[Any, ...]]]]:
    """(the first row of each of _FIRST_READS, the rows of `more`), in one batch; _FIRST_READS only
    when `_unmoved` gave no `ends` (the store moved: what they read then no longer stands)."""
    found = db.rows_many([*(((q, ()) for q in _FIRST_READS) if ends is None else ()), *more])
    if ends is None:
        ends, found = tuple(r[0] for r in found[: len(_FIRST_READS)]), found[len(_FIRST_READS) :]
        if kept is not None and token is not None:
            kept.ends(token, ends)
    return ends, found


def _evidence(plan: _Plan, run: _Run, stating: Callable[[], bool | None]) -> dict[str, float]:
    """How close anything in scope came to the query: the best cosine of the vector channel among
    turns between people ("threaded": embedded with the turn before them as a cue, which lifts
    every cosine) and among everything else ("alone"; "unworded" when no memory in scope holds any
    of the query's words, "weak" when none holds half of them, which a cosine alone must then
    clear), kept apart: their floors differ."""
    found = plan.signals.get("vector", {})
    # No stored memory in scope holds any of the query's words: meaning alone has to carry it; one
    # holds some but none half of them ("weak", `_worded`): a shared common word is no match.
    alone = "alone"
    if plan.words and not plan.signals.get("lexical"):
        alone = "unworded"
    elif plan.words and not _worded(plan, run):
        alone = "weak"
    # (session 43: weak43) a row that holds what a question of the person's own asks only as someone else's is no
    # evidence of it: "maddie adopted a cat" for "whats my cats name", a friend's tenancy for "who's my landlord"
    theirs = _theirs_only(plan, run) if found else frozenset()
    best = max((cosine for rowid, cosine in found.items() if rowid not in theirs), default=-1.0)
    if found and _nothing_states(plan, run, stating, best, alone, theirs):
        return {alone: tuning.NOTHING_STATES}  # nothing in scope says it, and no cosine comes close anyway
    if not run.any_turn():  # no conversation turn among the candidates: every row stands alone
        return {alone: max(-1.0, *found.values())} if found else {}
    out: dict[str, float] = {}
    for rowid, cosine in found.items():
        row = run.rows.get(rowid)
        place = run.placed.get(row["id"]) if row is not None else None
        kind = "threaded" if place is not None and place[2] else alone
        out[kind] = max(out.get(kind, -1.0), cosine)
    return out


def _nothing_states(
    plan: _Plan, run: _Run, stating: Callable[[], bool | None], best: float, alone: str, theirs: frozenset[int]
) -> bool:
    """Whether nothing in scope says what a question about the person asks: no candidate states it
    (`_stating` False) and no memory holds any of the query's words ("unworded") with no cosine over
    tuning.STATED_ANYWAY; or none holds a word of what it asks (`_named`: "instrument", "tattoos", "film"
    held nowhere; a dog said by its breed is named) with no cosine over tuning.STATED_UNNAMED. A turn of
    the person's life meets a question of a thing it never speaks of at 0.30 to 0.35 ("what instrument
    do I play" and a role-play with her mother, "do I have any tattoos" and a night she yelled at her
    mother). `theirs`: the rows that hold its words only as someone else's (`_theirs_only`), which name nothing.
    (session 45) A question the model meets every row of the home close to (`_background`: a language it was not
    trained on) has each cosine read above that background (`_above`), and its own words name what it asks."""
    background = _foreign(plan, run, best)
    best = _above(best, background)
    if best >= tuning.STATED_UNNAMED and not _by_its_words(plan, run, theirs, background):
        return False
    own = background > 0.0
    if best < tuning.STATED_ANYWAY:
        close = alone == "unworded" or not _named(plan, run, theirs=theirs, own=own)
    else:  # (a word of it held is a thing spoken of: "does TK pay" and "the insurance job" for "health insurance")
        close = not _named(plan, run, partly=True, theirs=theirs, own=own)
    return close and stating() is False


def _foreign(plan: _Plan, run: _Run, best: float) -> float:
    """The question's background (`_background`) where it reaches tuning.FOREIGN_BACKGROUND, else 0 (every cosine
    read as it is); not read for a best cosine under it, which a median of the home hardly tops."""
    background = _background(plan, run) if best >= tuning.FOREIGN_BACKGROUND else 0.0
    return background if background >= tuning.FOREIGN_BACKGROUND else 0.0


def _background(plan: _Plan, run: _Run) -> float:
    """(session 45) The median cosine of the question with tuning.BACKGROUND_ROWS rows spread over the home's whole
    index (any scope: how close the model holds the question to what it has nothing to do with). The English-trained
    model meets an English question with the home's rows at 0.2 at most, and a French one with a French home's at 0.37
    to 0.45 (maude: "c'est quoi mon film préféré?" and her change of gym alike), where a fixed cosine floor tells
    nothing. A home of one thing only comes as close (a LongMemEval oracle haystack all about the running shoes asked
    of: 0.66); its rows hold the question's words, and no question there or in LoCoMo was judged otherwise."""
    if plan.qvec is None:
        return 0.0
    index = run.index()
    # every so many positions, a dead row's left out: no pass over the whole index (about 0.3 ms at 100k rows)
    sample = np.arange(0, len(index.rowids), max(1, len(index.rowids) // tuning.BACKGROUND_ROWS))
    sample = sample[: tuning.BACKGROUND_ROWS]
    sample = sample[index.alive[sample]]
    if not len(sample):
        return 0.0
    return float(np.median(index.vectors_at(sample) @ np.asarray(plan.qvec, dtype=np.float32)))


def _above(cosine: float, background: float) -> float:
    """A cosine read above the question's background (`_background`): the share of the way from it to 1."""
    return cosine if background <= 0.0 else (cosine - background) / max(1.0 - background, 1e-6)


def _by_its_words(plan: _Plan, run: _Run, theirs: frozenset[int], background: float = 0.0) -> bool:
    """(session 44) Whether what a question asks is said only in its own words, so a cosine over
    tuning.STATED_UNNAMED without them answers nothing: who someone of the person's is ("who's my landlord") where
    no row that close names anyone (a capitalised word inside a sentence, a title; a person of one's life is said by
    the word for them, "my landlord, Mr Holt", which `_named` looks for), or a school or an exam
    (memory/life.by_its_words: "what i score for my o levels?"). The cut was set for a diet said in other words ("no
    meat no fish for me": 0.48 to "what's my diet"); a neighbouring role's turn came as close ("letting agent is
    keeping £400 of my deposit": 0.431 to the landlord), and a savings plan's "my OA" to the O levels (0.413)."""
    if any(life.by_its_words(a, plan.query) for a in life.asked(plan.query)):
        return True
    if _ASKS_WHO.match(plan.query) is None:
        return False
    found = plan.signals.get("vector", {})
    near = {r for r, cosine in found.items() if r not in theirs and _above(cosine, background) >= tuning.STATED_UNNAMED}
    close = [run.rows.get(r) for r in near]
    return not any(row is not None and _NAMES_SOMEONE.search(row["content"]) is not None for row in close)


_ASKS_WHO = re.compile(r"\W*(?:so |and |but |ok |hey )*who(?:'s|’s|s| is| are)?\b", re.IGNORECASE)
# a name inside a sentence ("the agent, Sarah Hurst", "dr shah"), not a sentence's first word
_NAMES_SOMEONE = re.compile(r"(?<=[a-z,;:] )[A-Z][a-z]+\b|\b(?i:dr|mr|mrs|ms|miss|prof)\.? [A-Za-z]")


def _stating(plan: _Plan, run: _Run) -> bool | None:
    """Whether a candidate states an attribute of the person's own that the question asks about
    ("who is my dentist", memory/life.asked; stated as memory/life.read reads it, synonyms included:
    "my GP" states doctor); None for a question about no such attribute. Either way it decides
    before the cosine does (`_floor`): unstated and asked with none of its words held anywhere, the
    cosine is the question's frame ("I am a backend engineer" meets "who is my dentist" at 0.27, over
    the "unworded" floor); stated, the person's own words answer it however far the cosine falls
    ("we got a 191 Sportage" meets "what are we driving" at 0.22, under it)."""
    someone = _someone(run, plan.query)
    if someone is not None:
        return _stating_theirs(plan, run, *someone)
    asked = life.answered_by(frozenset(a for a in life.asked(plan.query) if not a.startswith("other:")))
    if not asked:
        return None
    if plan.rankings.get("stated"):  # the statements channel's rows state it, however far their vectors
        return True
    rows = [row for row in (run.rows.get(rowid) for rowid in plan.signals.get("vector", {})) if row is not None]
    return any(_says(run, asked, row) or _names_kin(asked, row["content"]) for row in _read_with_statements(run, rows))


def _says(run: _Run, asked: frozenset[str], row: dict[str, Any]) -> bool:
    """Whether a memory states an attribute of `asked` as memory/life.read reads its text: a typed
    memory's reading as the statements table holds it (`_Run.stated_of`), any other's text read
    (a note or a chat turn has no rows: only typed memories are read as they are stored). In a cold
    process reading the text compiles the rules it meets (memory/patterns.py: about 320 of them, 0.5
    s, for a question of where the person lives)."""
    said = run.stated_of((row,)).get(row["id"]) if _typed(row) else None
    if said is None:
        return life.matches(asked, life.read(row["content"]))
    return any(life.asks_for(asked, attribute) for attribute in said)


def _read_with_statements(run: _Run, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`rows`, their typed ones' statements read first in one go (`_Run.stated_of`)."""
    run.stated_of(rows)
    return rows


def _typed(row: dict[str, Any]) -> bool:
    """Whether the statements table holds a memory's reading (memory/statements.py: a live typed one)."""
    return row["memory_type"] in statements.TYPES and row["status"] not in ("forgotten", "rejected")


def _someone(run: _Run, query: str) -> tuple[str, str] | None:
    """(who, the question with their name written as a name) when a question asks about someone by
    name (memory/life.about_someone_else), not a relation; a name typed in lower case counts when
    someone of that name speaks in the home's chats ("where does nina live")."""
    who = life.about_someone_else(query)
    if who is None and _LOWER_SOMEONE.search(query):
        people = run.memo("people", lambda: conversations.people(run.db))
        for first in sorted({name.split()[0] for name in people if name.split()}, key=len, reverse=True):
            named = re.sub(rf"(?<![\w'])({re.escape(first)})(?![\w-])", first, query, flags=re.IGNORECASE)
            if named != query and (who := life.about_someone_else(named)) is not None:
                query = named
                break
    return (who, query) if who is not None and not life.is_relation(who) else None


# A question that may name someone in lower case: "where does nina live", "what is nina's job".
_LOWER_SOMEONE = re.compile(r"\b(?:does|did|has|is|was)\s+[a-z]|[a-z](?:'s|’s)\s", re.IGNORECASE)


def _stating_theirs(plan: _Plan, run: _Run, who: str, query: str) -> bool | None:
    """`_stating` for a question about someone by name ("where does Anna live"): True when that
    someone said it of themselves, in their own turn of a chat (`_said_by`), else None. A friend's
    chat imported from WhatsApp had answered "where does Anna live" with nothing (every turn of hers
    under the floor)."""
    theirs = life.answered_by(life.asked_of(query, who))
    if not theirs:
        return None
    rows = [row for row in (run.rows.get(rowid) for rowid in plan.signals.get("vector", {})) if row is not None]
    # None, not False, when none of theirs states it: the rules read a friend's turns too narrowly to
    # say nothing can ("What was Melanie's favorite book from her childhood?" went empty).
    return True if _said_by(run, rows, who, theirs) else None


def _said_by(run: _Run, rows: list[dict[str, Any]], who: str, theirs: frozenset[str]) -> list[dict[str, Any]]:
    """The rows that state an attribute of `theirs` (memory/life.asked_of) in a turn `who` said:
    between people each says their own life in the first person ("I moved to Lisbon last week")."""
    stated = [row for row in _read_with_statements(run, rows) if _says(run, theirs, row)]
    said = conversations.speakers_of(run.db, [row["id"] for row in stated]) if stated else {}
    named = lexical.terms_each([who])[0]
    by = {mid for mid, speaker in said.items() if named and named <= lexical.terms_each([speaker])[0]}
    return [row for row in stated if row["id"] in by]


def _names_kin(asked: frozenset[str], content: str) -> bool:
    """A question of a relation's name ("what's my sister called": "name:sister") and a memory that
    names that relation by a name ("my sister ola just moved", "ola (my sister)": memory/life.kin_named)."""
    return any(a.startswith("name:") and a[5:] in life.kin_named(content) for a in asked)


def _named(
    plan: _Plan, run: _Run, *, partly: bool = False, theirs: frozenset[int] = frozenset(), own: bool = False
) -> bool:
    """Whether a memory the lexical channel found holds a word of the query that names the attribute
    it asks about ("dentist" in "which dentist do I go to"); True when no query word names one (the
    attribute is asked in other words: "where do I live" is home). A question about the person's
    dentist where no memory says "dentist" and none states one (`_stating`) has no answer, though
    "We're going to Leicester" holds "go". An attribute of two words is named by a memory that holds
    both ("shoe size": "I need new shoes" names no size, and had found something close); `partly`,
    by one that holds either. `own`: a question of a language the model reads as all alike (`_nothing_states`)
    names it in its own words where none is the attribute's (`_naming`)."""
    named = {_naming(a, plan.words, own=own) for a in life.asked(plan.query)} - {frozenset()}
    if not named:
        return True
    # (session 43: weak43) a thing's colour is named by the thing and a colour together, never one alone: "the car
    # loan" names no car's colour
    partly = partly and not any(a.endswith((" colour", " color")) for a in life.asked(plan.query))
    # the longest naming only: "which football team do I support" asks "team" and "football team"
    wanted = [lexical.terms_each(sorted(words)) for words in named if not any(words < other for other in named)]
    lexical_rows = plan.rankings.get("lexical", [])[:WORDED_ROWS]
    rows = [row for row in (run.rows.get(rowid) for rowid in lexical_rows if rowid not in theirs) if row]
    if theirs:  # (a lexical row the vector channel did not find, read the same way)
        words = frozenset().union(*named)
        rows = [row for row in rows if not life.held_as_theirs(words, row["content"])]
    if any(_held(each, row["content"]) >= (1 if partly else len(each)) for row in rows for each in wanted):
        return True
    if any(_a_colour_named(a, rows) for a in life.asked(plan.query)):
        return True  # (session 43: weak43) "my red Fiesta" names the colour of "what colour is my car"
    # a thing said by what it is names its kind ("my blue heeler boone is 7 n limpin": "what's my dog's name")
    kinds = [a for a in life.asked(plan.query) if a in _SAID_BY_WHAT]
    near = [run.rows.get(rowid) for rowid in plan.rankings.get("vector", [])[:WORDED_ROWS]] if kinds else []
    return any(life.names_a_kind(kind, row["content"]) for kind in kinds for row in near if row is not None)


_SAID_BY_WHAT = frozenset(["dog", "cat", "instrument"])  # (memory/life.names_a_kind)


def _a_colour_named(attribute: str, rows: list[dict[str, Any]]) -> bool:
    """Whether a row holds the thing whose colour a question asks ("car colour": memory/life._s43_colour_asked)
    and a colour's word ("my red Fiesta" holds no "colour")."""
    thing, _, colour = attribute.rpartition(" ")
    if colour not in ("colour", "color") or not thing:
        return False
    wanted = lexical.terms_each([thing])
    return any(
        _held(wanted, row["content"]) and life.COLOURS & set(_WORDS.findall(row["content"].casefold())) for row in rows
    )


_WORDS = re.compile(r"[a-z]+")


def _theirs_only(plan: _Plan, run: _Run) -> frozenset[int]:
    """(session 43: weak43) The vector channel's rows that hold the words naming what a question of the person's
    own life asks (`_naming`, by their stems: "cats" is "cat") only as someone else's (memory/life.held_as_theirs):
    "maddie adopted a cat named biscuit" for "whats my cats name", a friend's text pasted in quotation marks. None
    for a question of someone else's ("where does anna live") or of no attribute."""
    naming = [_naming(a, plan.words) for a in life.asked(plan.query) if not a.startswith("other:")]
    words = frozenset().union(*(frozenset().union(*lexical.terms_each(sorted(n))) for n in naming if n))
    if not words or _someone(run, plan.query) is not None:
        return frozenset()
    rows = ((rowid, run.rows.get(rowid)) for rowid in plan.signals.get("vector", {}))
    return frozenset(rowid for rowid, row in rows if row is not None and life.held_as_theirs(words, row["content"]))


_AFTER_A_DEGREE = frozenset(life.AFTER_A_DEGREE)


def _naming(attribute: str, words: list[str], *, own: bool = False) -> frozenset[str]:
    """The query's words that name an attribute: those of its name the query holds, and with only some
    of them the query word said right after ("blood group" names "blood type" as the query says it:
    "my blood pressure" holds "blood" and names no blood type, and had found something close). `own`, where
    none of its name is held: every word of the query but a letter ("c'est quoi mon groupe sanguin?" names it by
    "groupe sanguin"; its function words are no query words, memory/tokens.STOPWORDS)."""
    if attribute.startswith("university"):  # (session 43: weak43) "law school" is named by "law" (life.asked)
        field = next((w for w, n in itertools.pairwise(words) if n == "school" and w in _AFTER_A_DEGREE), None)
        if field is not None:
            return frozenset([field])
    of = attribute.split(":")[-1].split()
    # (session 43: weak43) a word of its name in another form names it too: "whats my cats name" names "cat"
    stems = frozenset().union(*lexical.terms_each(of)) if of else frozenset()
    # (session 44) a letter names nothing alone: "kopi o kosong" held the "o" of "what i score for my o levels"
    held = frozenset(w for w in words if len(w) > 1 and (w in of or lexical.terms_each([w])[0] & stems))
    if not held and own:
        return frozenset(w for w in words if len(w) > 1)
    if not held or len(held) >= len(of):
        return held
    after = [w for i, w in enumerate(words[1:]) if words[i] in held and w not in held]
    return held | frozenset(after[:1])


def _worded(plan: _Plan, run: _Run) -> bool:
    """Whether a memory in scope holds at least half of the query's words (rounded up; any one of
    one or two). One shared word is not a match: "how do I change the oil in a motorbike" met "Big
    change: I'm on day shifts now" through "change" alone and was judged by the low "alone" floor.
    Read from the best lexical rows (`WORDED_ROWS`): a row holding more of the words ranks higher."""
    if not plan.signals.get("lexical"):
        return False
    need = (len(plan.words) + 1) // 2
    if need <= 1:
        return True
    return next(_holding(plan, run, lexical.terms_each(plan.words), need), None) is not None


def _holding(plan: _Plan, run: _Run, wanted: list[frozenset[str]], need: int) -> Iterator[dict[str, Any]]:
    """The best lexical rows (`WORDED_ROWS`) that hold at least `need` of the query's words."""
    for rowid in plan.rankings.get("lexical", [])[:WORDED_ROWS]:
        row = run.rows.get(rowid)
        if row is not None and _held(wanted, row["content"]) >= need:
            yield row


def _held(wanted: list[frozenset[str]], content: str) -> int:
    """How many of the query's words (`lexical.terms_each`: each word's stems) a text holds."""
    stems = lexical.stems(content)
    return sum(1 for w in wanted if w & stems)


# The lexical rows `_worded` reads (BM25 ranks a row holding more of the query's words higher).
WORDED_ROWS = 10


def _floor(session: Session, plan: _Plan, run: _Run) -> tuple[float | None, float | None]:
    """(the floor, the best evidence) of the kind of memory that came closest to clearing its floor
    (retrieval/tuning.FLOOR, calibrated by `quire eval floor`). No floor for a model it was not
    calibrated for, without the vector channel, for a query that is only a time cue, or for a
    question about the person's own attribute that a candidate states (`_stating`), when it falls under."""
    # `_stating` reads the candidates' texts: once, and only where it decides.
    stating = functools.cache(lambda: _stating(plan, run))
    evidence = _evidence(plan, run, stating)
    plan.evidence = evidence
    floors = tuning.FLOOR.get(session.embedder().model_id) if evidence else None
    if not evidence:
        return None, None
    if floors is None or (plan.window is not None and not plan.words):
        return None, max(evidence.values())
    of = {k: floors.get(k, floors["alone"]) for k in evidence}  # no "unworded" or "weak" floor: the "alone" one
    if tuning.NOTHING_STATES < evidence.get("alone", tuning.NOTHING_STATES) < of["alone"]:
        evidence["alone"] = max(evidence["alone"], _said_in_passing(session, plan, run))
    kind = max(evidence, key=lambda k: evidence[k] - of[k])
    if evidence[kind] < of[kind] and stating():  # under it, but the person's own words answer it
        return None, max(evidence.values())
    return of[kind], evidence[kind]


def _said_in_passing(session: Session, plan: _Plan, run: _Run) -> float:
    """The best cosine of the query with a sentence read alone, of a memory that holds the query's
    words (`_worded`'s rows; not a turn between people, whose vector its cue makes), a sentence that
    holds them itself (every one of one or two, else half: "We're going to Leicester" holds only the
    "go" of "which dentist do I go to"). A fact said in passing is one sentence of a message about
    something else, whose vector it barely moves: "quick ideas for a cake w/o dairy? im lactose
    intolerant too" meets "what am I intolerant to" at 0.05, its second sentence alone at 0.46. Read
    only where the floor would cut (`_floor`)."""
    if plan.qvec is None or not plan.words or not plan.signals.get("lexical"):
        return -1.0
    wanted = lexical.terms_each(plan.words)
    need = len(wanted) if len(wanted) <= 2 else (len(wanted) + 1) // 2
    said: list[str] = []
    for row in _holding(plan, run, wanted, need):
        place = run.placed.get(row["id"])
        if place is not None and place[2]:
            continue
        parts = life.sentences(row["content"])
        said += [part[:PASSING_CHARS] for part in parts if len(parts) > 1 and _held(wanted, part) >= need]
        if len(said) >= PASSING_SENTENCES:
            break
    if not said:
        return -1.0
    vectors_of = session.embedder().encode([embed_text(None, "", part) for part in said[:PASSING_SENTENCES]])
    return float(np.max(vectors_of @ np.asarray(plan.qvec, dtype=np.float32)))


# `_said_in_passing` encodes at most this many sentences (about 3 ms each on a laptop's core), each
# cut to the characters the model reads anyway.
PASSING_SENTENCES = 12
PASSING_CHARS = 500


def _fused(run: _Run, plan: _Plan) -> Ranked:
    """Weighted RRF x the row priors; then, when the best rows are turns between people, the
    vector channel once more from the query moved towards them (pseudo-relevance feedback)."""
    ordered = _fuse(run, plan.rankings, plan.weights, plan.now, plan.window, bool(plan.as_of))
    qvec = plan.qvec
    if qvec is not None and tuning.PRF_DOCS and tuning.PRF_WEIGHT and _threaded_top(run, ordered):
        moved = _feedback(run, qvec, [row["rowid"] for row, _, _ in ordered[: tuning.PRF_DOCS]])
        plan.rankings["vector"], plan.signals["vector"] = run.vector(moved)
        ordered = _fuse(run, plan.rankings, plan.weights, plan.now, plan.window, bool(plan.as_of))
    return ordered


def _present(
    session: Session,
    plan: _Plan,
    run: _Run,
    found: graph.GraphResult,
    ordered: Ranked,
    kept: list[dict[str, Any]],
    waiting: dict[str, dict[str, Any]],
    *,
    touch: bool,
    explain: bool,
    judged: tuple[float | None, float | None] = (None, None),
) -> Recalled:
    """The kept rows as hits: what only a hit shows, entities, places, citing pages, the access count;
    `judged`: the floor and the best evidence (`_floor`)."""
    db = session.db
    chosen, query = plan.chosen, plan.query
    detail = _detail(ordered, kept)
    ids = [row["id"] for row in kept]
    # A home read whole holds what a hit shows (kept in step with this process's access counts):
    # taken before the count below moves it. Else read, in the batch.
    held = {row["id"]: {c: row[c] for c in _SHOWN} for row in kept if row.keys() >= _SHOWN_HELD}
    held = held if len(held) == len(kept) else {}
    groups = _hit_reads(run, chosen, ids, held)
    reads = [q for group in groups for q in group]
    behind = access.of(db)
    unwritten = behind.pending(ids) if behind is not None else {}  # counted, not yet written: before this one
    rowids = [row["rowid"] for row in kept]
    found_rows = _touch(session, ids, query, reads, rowids) if touch and ids else db.rows_many(reads)
    shown_rows, entity_rows, place_rows, page_rows, speaker_rows = regroup(groups, found_rows)
    said_by: dict[str, str] = {mid: who for mid, who in speaker_rows}
    shown = held or {r[0]: dict(zip(_SHOWN, r[1:], strict=True)) for r in shown_rows}
    for mid, (added, last) in unwritten.items():
        if mid in shown:
            shown[mid]["access_count"] += added
            shown[mid]["last_accessed"] = last
    kept = [{**row, **shown[row["id"]]} for row in kept if row["id"] in shown]  # (one erased meanwhile: gone)
    extra = _Extra(_entities(entity_rows), waiting, said_by, plan.signals if explain else None)
    hits = [_hit(row, *detail[row["rowid"]], _ranks_of(run, row["rowid"]), extra) for row in kept]
    hits = _placed(db, hits, conversations.places_from(place_rows), plan.context)
    pages = _citing_pages(page_rows, ids)
    return Recalled(
        query,
        hits,
        chosen,
        plan.window,
        tuple(plan.words),
        found.entities,
        plan.as_of,
        tuple(plan.warnings),
        pages,
        floor=judged[0],
        best=judged[1],
        evidence=plan.evidence,
    )


def _detail(ordered: Ranked, kept: list[dict[str, Any]]) -> dict[int, tuple[float, dict[str, float]]]:
    """rowid -> (score, multipliers) of each kept row; the kept rows lead `ordered`, so the rows after
    the last of them are not opened (at 10k each is a cache miss)."""
    shown_ids = {row["rowid"] for row in kept}
    detail: dict[int, tuple[float, dict[str, float]]] = {}
    for row, score, mult in ordered:
        if len(detail) == len(shown_ids):
            break
        if row["rowid"] in shown_ids:
            detail[row["rowid"]] = (score, mult)
    return detail


def _hit_reads(run: _Run, chosen: Scope, ids: list[str], held: dict[str, Any]) -> list[list[tuple[str, list[Any]]]]:
    """The reads of the hits, in groups: what they show (unless `held`), entity names, conversation
    places, citing pages, speakers; sent with the access-count write (one round trip to a server;
    the reads run first, so they see the counts before this recall). Only a conversation's turns
    have a place and a speaker (`fetch` read every candidate's place); entity names and citing
    pages are looked up only when some memory has them."""
    scope_sql, scope_params = chosen.sql("p.space")
    talk = [mid for mid in ids if mid in run.placed]
    return [
        in_queries(_SHOWN_SQL, [] if held else ids),
        in_queries(_ENTITIES_SQL, ids if run.holds(_LINKED_SQL) else []),
        conversations.places_queries(talk),
        in_queries(_PAGES_SQL.format(scope=scope_sql), ids if run.holds(_CITED_SQL) else [], after=scope_params),
        conversations.speakers_queries(talk),
    ]


class _Run:
    """One query's channel runs: over-fetch unfiltered, admit through the SQL filter, fall back."""

    def __init__(
        self,
        session: Session,
        where: str,
        params: tuple[Any, ...],
        depth: int,
        vector_log: tuple[Any, Any] | None = None,
        corpus: int | None = None,
        fts_state: tuple[Any, ...] | None = None,
    ):
        self.session, self.db = session, session.db
        self.where, self.params, self.depth = where, params, depth
        self.vector_log, self.corpus = vector_log, corpus  # read by the caller (see search)
        self.fts_state = fts_state
        self.rows: dict[int, dict[str, Any]] = {}  # admitted rows (passed the filter)
        self.checked: set[int] = set()
        self.titled: set[str] = set()  # (session 44) ids of turns whose chat's title names the relation asked
        self.placed: dict[str, tuple[str, int, bool]] = {}  # memory id -> its conversation place
        self.ranks: dict[str, dict[int, int]] = {}  # channel -> rowid -> rank, of the last fusion
        self._index: Any = None
        self.kept: rowcache.RowCache | None = None  # the rows a warm process read before (and when)
        self.whole = False  # rows and placed are those of a home read whole (`fetch`): shared, read-only
        self.held: _Held | None = None  # with them, fusion's arrays of every row (`_fuse`)
        self.turns: frozenset[int] = frozenset()  # with them, the rowids of the admitted turns
        self.fetched: set[int] = set()  # with them, the rowids this recall fetched
        self.admits: np.ndarray | None = None  # with them, the mask of the rows admitted (rowcache.Admitted)
        self.token: tuple[Any, ...] = ()
        self._said: dict[str, frozenset[str]] | None = None  # `stated_of`'s, once looked up
        self._said_looked = False

    def fetch(self, rowids: list[int]) -> None:
        """Read (and admit) rows through the filter, with their conversation places (one batch);
        rows that fail the filter are remembered as checked."""
        if self.whole:
            self.fetched.update(rowids)
            return
        todo = [r for r in dict.fromkeys(rowids) if r not in self.checked]
        if self.kept is not None and todo:
            self._read_whole(self.kept)
            whole = self.kept.whole((self.where, self.params))
            if whole is not None and not self.rows and not self.placed:
                # A home read whole: every row the filter admits is at hand, with its place, for the
                # whole recall (the rowcache's own dicts, never written here: nothing to admit one
                # by one, and no later fetch of this recall reads or checks anything).
                self.rows, self.placed, self.turns, self.admits, self.held = whole
                self.whole = True
                self.fetched.update(rowids)
                return
            if whole is not None:  # read whole since this recall's first fetch: each admitted in turn
                self._admit_whole(todo, whole[0], whole[1])
                return
            known, todo = self.kept.split((self.where, self.params), todo)
            for row, place in filter(None, known.values()):
                self.rows[row["rowid"]] = row
                if place is not None:
                    self.placed[row["id"]] = place
            self.checked.update(known)
        if not todo:
            return
        # NOT INDEXED: look rows up by rowid; with a long IN list the planner would rather
        # walk the whole status index (50 ms instead of 1 ms at 100k memories).
        candidates = in_queries(
            f"SELECT {_META}, m.content FROM memories m NOT INDEXED WHERE m.rowid IN ({{marks}}) AND {self.where}",
            todo,
            after=self.params,
        )
        if self.db.remote:  # the places go in the same round trip, found by rowid
            found, placed = gather_dicts(self.db, [candidates, conversations.positions_queries(todo)])
            places = conversations.positions_from(tuple(p.values()) for p in placed)
        else:  # by the ids just read: looking the rows up again by rowid was a third of the read
            found = [row for sql, params in candidates for row in self.db.dicts(sql, params)]
            talk = self.holds(conversations.ANY_TURN_SQL)
            places = conversations.positions_of(self.db, [row["id"] for row in found]) if talk else {}
        self.placed.update(places)
        for row in found:
            _count_stops(row)
            self.rows[row["rowid"]] = row
        self.checked.update(todo)
        if self.kept is not None:
            self.kept.keep(self.token, (self.where, self.params), todo, found, places)

    def _admit_whole(self, todo: list[int], admitted: dict[int, dict[str, Any]], places: dict[str, Any]) -> None:
        rows, placed = self.rows, self.placed
        for rowid in todo:
            row = admitted.get(rowid)
            if row is not None:
                rows[rowid] = row
                if row["id"] in places:
                    placed[row["id"]] = places[row["id"]]
        self.checked.update(todo)

    def _read_whole(self, kept: rowcache.RowCache) -> None:
        """A small home that stood still for a few recalls: every row with its place in one read,
        and the rowids this recall's filter admits in another (rowcache.RowCache.whole_due)."""
        where = (self.where, self.params)
        rows_due, admitted_due = kept.whole_due(self.token, where, self.corpus)
        every: dict[int, rowcache.Entry] | None = None
        if rows_due:
            found = self.db.dicts(_WHOLE_SQL)
            talk = self.holds(conversations.ANY_TURN_SQL)
            places = conversations.every_position(self.db) if talk else {}
            now, made_under = clock.now(), fusion.tuning_now()
            for row in found:  # what fusion makes of each row, made once here and not once a candidate
                _count_stops(row)
                fusion.keep_priors(row, now, made_under)
                fusion.keep_words(row)
                row["tie"] = _tie(row)
            every = {row["rowid"]: (row, places.get(row["id"])) for row in found}
            made = _Held.of(found, made_under)
            lexical.learn(frozenset().union(*(row["words"] for row in found)))  # the home's words, at once
        admitted = None
        if admitted_due:
            found_ids = self.db.rows(f"SELECT m.rowid FROM memories m WHERE {self.where}", self.params)
            admitted = frozenset(r[0] for r in found_ids)
        if every is not None or admitted is not None:
            kept.fill(self.token, every, where, admitted, made if every is not None else None)

    def any_turn(self) -> bool:
        """Whether a row this recall fetched and admitted is a conversation's turn (`placed` holds
        every admitted turn of a home read whole: its own truth says nothing of the candidates)."""
        return bool(self.fetched & self.turns) if self.whole else bool(self.placed)

    def memo(self, key: str, read: Callable[[], Any]) -> Any:
        """`read()`, kept by a warm process while the store does not move (read each time without a row cache)."""
        return read() if self.kept is None else self.kept.memo(self.token, key, read)

    def statements(self) -> dict[str, frozenset[str]] | None:
        """`stated_of`'s readings so far; None when the home's rows are not this quire's reading."""
        if not self._said_looked:
            self._said = self.memo("statements", lambda: {} if statements.current(self.db) else None)
            self._said_looked = True
        return self._said

    def stated_of(self, rows: Iterable[dict[str, Any]]) -> dict[str, frozenset[str]]:
        """What the typed memories among `rows` state (`_typed`), by id, as the statements table holds
        it (memory/statements.py: what memory/life.read read in each as it was typed, read again when
        the rules change): one chunked read for those not read before, kept by a warm process while
        the store stands still. Empty while the home's rows are not this quire's reading
        (statements.current): then `_says` reads every text, as the rest of the ranking does."""
        said = self.statements()
        if said is None:
            return {}
        todo = [row["id"] for row in rows if _typed(row) and row["id"] not in said]
        if todo:
            said.update(statements.of_each(self.db, todo))
        return said

    def holds(self, sql: str) -> bool:
        """Whether the EXISTS query `sql` finds a row (True without a row cache: the read it spares
        would cost a round trip of its own on a server)."""
        return self.kept is None or bool(self.memo(sql, lambda: self.db.scalar(sql)))

    def positions(self, ordered: list[tuple[dict[str, Any], float, dict[str, float]]]) -> dict[str, Any]:
        """`conversations.positions_of` for the ordered rows, from what `fetch` read with them."""
        placed = self.placed
        return {row["id"]: placed[row["id"]] for row, _, _ in ordered if row["id"] in placed} if placed else {}

    def _admit(
        self,
        raw: list[tuple[int, float]],
        overfetch: int,
        exact: Any,
        wider: Callable[[], list[tuple[int, float]]] | None = None,
    ) -> tuple[list[int], dict[int, float]]:
        # Ranking the whole index and keeping the in-scope rows gives exactly the scoped ranking
        # as long as `depth` of them survive; otherwise rank again over the scoped set only.
        # Rows are checked in growing chunks: in the usual case the first `depth` all pass.
        # `wider()`: the ranking to `overfetch` rows, asked for once `raw` (its first rows) runs out.
        kept: list[tuple[int, float]] = []
        start, step = 0, self.depth
        while len(kept) < self.depth:
            if start >= len(raw) and wider is not None and len(raw) < overfetch:
                raw, wider = wider(), None
            if start >= len(raw):
                break
            chunk = raw[start : start + step]
            self.fetch([r for r, _ in chunk])
            kept += self._admitted(chunk)
            start, step = start + step, step * 2
        kept = kept[: self.depth]
        if len(kept) < self.depth and len(raw) >= overfetch:
            kept = exact()
            self.fetch([r for r, _ in kept])
            kept = [(r, s) for r, s in kept if r in self.rows][: self.depth]
        return [r for r, _ in kept], dict(kept)

    def _admitted(self, chunk: list[tuple[int, float]]) -> list[tuple[int, float]]:
        """The candidates of `chunk` the filter admits, in order (a home read whole: from its mask)."""
        mask = self.admits
        if mask is None:
            return [(r, s) for r, s in chunk if r in self.rows]
        at = np.fromiter((r for r, _ in chunk), dtype=np.int64, count=len(chunk))
        inside = (at >= 0) & (at < len(mask))
        return list(itertools.compress(chunk, (mask[np.where(inside, at, 0)] & inside).tolist()))

    def lexical_candidates(self, words: list[str], guessed: Any = None) -> list[tuple[int, float]]:
        """The whole index ranked (unfiltered), over-fetched for admission."""
        over = self.depth * tuning.OVERFETCH
        return lexical.search_unfiltered(
            self.db, words, over, enough=self.depth, corpus=self.corpus, guessed=guessed, state=self.fts_state
        )

    def lexical(self, words: list[str], raw: list[tuple[int, float]]) -> tuple[list[int], dict[int, float]]:
        return self._admit(
            raw,
            self.depth * tuning.OVERFETCH,
            lambda: lexical.search_filtered(self.db, words, self.where, self.params, self.depth, self.corpus),
        )

    def index(self) -> Any:
        """The vector cache, caught up once per query (a second vector pass reuses it)."""
        if self._index is None:
            self._index = self.session.vectors(self.vector_log)
        return self._index

    def vector_candidates(self, query: np.ndarray) -> list[tuple[int, float]]:
        """The whole index ranked for `query` (unfiltered): where the ranking is exact, the best
        `depth` only, the rest of the over-fetch ranked when admission runs out (`vector`); about 450
        fewer candidates read in float32 at 10k (vector.first_cut)."""
        index = self.index()
        first = vector.first_cut(index, self.depth, self.depth * tuning.OVERFETCH)
        return vector.search_unfiltered(index, query, first)

    def vector(
        self, query: np.ndarray, raw: list[tuple[int, float]] | None = None
    ) -> tuple[list[int], dict[int, float]]:
        index = self.index()
        over = self.depth * tuning.OVERFETCH
        raw = self.vector_candidates(query) if raw is None else raw

        def exact() -> list[tuple[int, float]]:
            scoped = np.array(
                [r[0] for r in self.db.rows(f"SELECT m.rowid FROM memories m WHERE {self.where}", self.params)],
                dtype=np.int64,
            )
            return vector.search_among(index, query, scoped, self.depth)

        return self._admit(raw, over, exact, lambda: vector.search_unfiltered(index, query, over))

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


def _count_stops(row: dict[str, Any]) -> dict[str, Any]:
    """The question prior's counts, from the content (see _META): how many sentences, how many ask."""
    text = row["content"]
    row["asks"] = text.count("?")
    # A last sentence without its stop counts too: a chat message rarely ends in one, and "ideas for a
    # cake w/o dairy? im lactose intolerant too" was read as a message that only asks.
    row["stops"] = row["asks"] + text.count(".") + text.count("!") + (_UNSTOPPED.search(text) is not None)
    return row


# Text whose last word has no sentence stop after it (emoji, brackets and quotes after it aside).
_UNSTOPPED = re.compile(r"\w[^\w.?!]*\Z")


def _threaded_top(run: _Run, ordered: list[tuple[dict[str, Any], float, dict[str, float]]]) -> bool:
    """Whether the best PRF_DOCS results are all turns of conversations between people, the only
    place feedback pays (retrieval/tuning.py)."""
    top = ordered[: tuning.PRF_DOCS]
    if not top:
        return False
    placed = run.positions(top)
    return all(row["id"] in placed and placed[row["id"]][2] for row, _, _ in top)


def _feedback(run: _Run, query: np.ndarray, top: list[int]) -> np.ndarray:
    """Pseudo-relevance feedback: the query vector moved towards the best results' vectors."""
    found = vector.vectors_of(run.index(), top)
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
) -> Ranked:
    # The ranks a hit shows: of the last fusion (`_ranks_of`; rrf's own, by channel).
    run.ranks = {channel: {rowid: rank for rank, rowid in enumerate(ranked, 1)} for channel, ranked in rankings.items()}
    # (the stated channel adds only rows no other found: it does not move the others' scale either)
    scale = fusion.best_possible(weights, [c for c, r in rankings.items() if r and c != "stated"])
    made_under = fusion.tuning_now()
    # The priors a row read whole keeps (`fusion.keep_priors`) hold when nothing of the query moves them.
    plain = bool(made_under) and not as_of and (window is None or tuning.TEMPORAL_MODE != "boost")
    if plain and run.held is not None and run.held.made_under is made_under:
        return run.held.fused(rankings, weights, scale)
    scores, _ = fusion.rrf(rankings, weights)
    rows = run.rows
    # Each entry carries its sort key ahead of it (ties: the newer memory first, then the later
    # stored, `_order`): one sort of tuples, no key call a candidate.
    keyed = []
    for rowid, fused in scores.items():
        row = rows[rowid]
        kept = row.get("priors") if plain else None
        if kept is not None and kept[0] is made_under:
            mult, product = kept[1], kept[2]
        else:
            mult, product = fusion.priors(row, now, window=window, as_of=as_of, made_under=made_under)
        value = fused * product / scale
        tie = row.get("tie")
        keyed.append((-value, tie if tie is not None else _tie(row), rowid, row, mult))
    keyed.sort()  # (the tie holds the rowid: no two keys are equal, no row is ever compared)
    return [(row, -negated, mult) for negated, _, _, row, mult in keyed]


def _ranks_of(run: _Run, rowid: int) -> dict[str, int]:
    """Channel -> the row's rank in it (1 = best), in the last fusion."""
    return {channel: ranks[rowid] for channel, ranks in run.ranks.items() if rowid in ranks}


@dataclass(frozen=True)
class _Held:
    """What `_fuse` reads of every row of a home read whole, as arrays by rowid: the product of its
    priors (made under `made_under`, `fusion.keep_priors`), its place in the tie order (`_order`),
    the row and its priors' dict. With them a recall's fusion is a few array operations over its
    candidates, and no row is opened to fuse it (at 10k a row opened is a cache miss or three)."""

    made_under: tuple[Any, ...]
    product: np.ndarray  # float64
    tie: np.ndarray  # int64: 0 for the row first among equal scores
    rows: np.ndarray  # object: the row dicts
    mults: np.ndarray  # object: their kept priors (shared dicts)

    @classmethod
    def of(cls, rows: list[dict[str, Any]], made_under: tuple[Any, ...]) -> _Held | None:
        """The arrays of `rows` (each holding its kept priors and tie); None when priors are not kept."""
        if not made_under or not rows:
            return None
        top = max(row["rowid"] for row in rows) + 1
        at = [row["rowid"] for row in rows]
        product, tie = np.ones(top, dtype=np.float64), np.zeros(top, dtype=np.int64)
        held, mults = np.full(top, None, dtype=object), np.full(top, None, dtype=object)
        product[at] = [row["priors"][2] for row in rows]
        for rowid, row in zip(at, rows, strict=True):  # (one by one: numpy would read a dict as a sequence)
            held[rowid], mults[rowid] = row, row["priors"][1]
        ordered = sorted(rows, key=lambda row: row["tie"])
        tie[[row["rowid"] for row in ordered]] = np.arange(len(ordered))
        return cls(made_under, product, tie, held, mults)

    def fused(self, rankings: dict[str, list[int]], weights: dict[str, float], scale: float) -> Ranked:
        """`_fuse`'s answer, the same floats in the same order: rrf's sums (`fusion.rrf_arrays`),
        times the kept product, over the scale; best first, ties in `_order`'s order."""
        ids, fused = fusion.rrf_arrays(rankings, weights)
        value = fused * self.product[ids] / scale
        order = np.lexsort((self.tie[ids], -value))
        at = ids[order]
        return list(zip(self.rows[at].tolist(), value[order].tolist(), self.mults[at].tolist(), strict=True))


# -- the conversation priors: each one reads the running scores and says which rows it moves ---


@dataclass(frozen=True)
class _PriorInput:
    """What every prior reads: the fused rows (in fused order), their conversation places, the hubs."""

    run: _Run
    rows: list[dict[str, Any]]
    placed: dict[str, tuple[str, int, bool]]
    hubs: tuple[str, ...]
    asked: frozenset[str] = frozenset()  # the attributes of the person the query asks about (memory/life.py)
    qvec: np.ndarray | None = None  # the query's vector (None without the vector channel)
    words: tuple[str, ...] = ()  # the query's content words (the lexical channel's)
    query: str = ""
    found: dict[str, Any] = field(default_factory=dict)  # what one prior found for a later one (the openers)
    agreed: str | None = None  # the memory both the lexical and the vector channel put first (`_agreed`)


# A prior's answer: memory id -> (its new score, the multiplier shown for it, or None to show none).
Moves = dict[str, tuple[float, float | None]]


def _own_voice(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question about the person ("what are my children's names", `_ABOUT_ME`) is answered by what
    they said as themselves: a turn mostly in a part they play or a story's text (marked at import,
    memory/correction.PLAYED_FIELDS) carries x tuning.PLAYED_PART. "you be me the adjuster ... My name
    is Luis Ortega" had ranked first for her children's names. Not for a question about a role-play
    or a story itself ("what did I say in the role-play"), nor about someone by name."""
    played = [row["id"] for row in given.rows if row.get("voice") in ("played", "other")]  # (other: another writer's)
    if not played or tuning.PLAYED_PART == 1.0 or not _ABOUT_ME.search(given.query) or _ASKS_PLAY.search(given.query):
        return {}
    return {mid: (score[mid] * tuning.PLAYED_PART, tuning.PLAYED_PART) for mid in played}


# A question about the person themself, and one about a role-play or a story (`_own_voice`).
_ABOUT_ME = re.compile(r"\b(?:i|i'm|im|i've|my|me|mine|myself)\b", re.IGNORECASE)
_ASKS_PLAY = re.compile(
    r"\b(?:role-?play\w*|pretend\w*|play(?:ed|ing)? (?:the )?(?:part|role)|stor(?:y|ies)|novels?|characters?|"
    r"scenes?|fiction|narrator|practi[cs]\w*)\b",
    re.IGNORECASE,
)


def _hub_lift(given: _PriorInput, score: dict[str, float]) -> Moves:
    """Memories linked to an entity the query names but the graph skips as a hub (a speaker of a
    whole conversation) get x tuning.HUB_MATCH: "what did Ana say about ..." prefers Ana's turns."""
    if not given.rows or not given.hubs or tuning.HUB_MATCH == 1.0:
        return {}
    ids = [row["id"] for row in given.rows]
    hub_marks = ",".join("?" * len(given.hubs))
    linked = {
        r[0]
        for r in rows_in(
            given.run.db,
            "SELECT me.memory_id FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
            f"WHERE e.name IN ({hub_marks}) AND me.memory_id IN ({{marks}})",
            ids,
            before=given.hubs,
        )
    }
    return {mid: (score[mid] * tuning.HUB_MATCH, tuning.HUB_MATCH) for mid in ids if mid in linked}


def _session_lift(given: _PriorInput, score: dict[str, float]) -> Moves:
    """Conversation turns lifted by their session and their neighbours (retrieval/tuning.py).

    Between people (a threaded session), a session whose best turns score well as a whole lifts
    all of its turns (evidence for one question tends to sit in one or two sessions), and a turn
    right next to a strong turn is lifted by a share of that turn's score (the answer is often the
    turn after the question). A person's turns to an assistant stand alone: not lifted.
    """
    if not given.rows or not (tuning.SESSION_WEIGHT or tuning.NEIGHBOUR_WEIGHT) or not given.placed:
        return {}
    by_session: dict[str, list[float]] = {}
    at: dict[tuple[str, int], float] = {}
    for mid, (sid, pos, threaded) in given.placed.items():
        if not threaded:
            continue
        by_session.setdefault(sid, []).append(score[mid])
        at[(sid, pos)] = max(at.get((sid, pos), 0.0), score[mid])
    whole = {sid: sum(sorted(v, reverse=True)[: tuning.SESSION_TOP]) for sid, v in by_session.items()}
    if not whole:
        return {}
    best = max(whole.values()) or 1.0
    moves: Moves = {}
    for row in given.rows:
        where = given.placed.get(row["id"])
        if where is None or not where[2]:
            continue
        sid, pos, _ = where
        value = score[row["id"]]
        factor = 1.0 + tuning.SESSION_WEIGHT * whole[sid] / best
        near = max(at.get((sid, pos - 1), 0.0), at.get((sid, pos + 1), 0.0))
        new = value * factor + tuning.NEIGHBOUR_WEIGHT * near
        moves[row["id"]] = (new, round(new / value, 4) if value and abs(new - value) > 1e-9 else None)
    return moves


def _opening_lift(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A person's opening message to an assistant says what the chat is about and what it starts
    from (later turns follow up on the answers): x tuning.OPENING_LIFT. A later turn of the chat
    that completes the opener for the question goes right above it (`_hand_off`)."""
    if not given.rows or tuning.OPENING_LIFT == 1.0:
        return {}
    alone = sorted({sid for sid, _, threaded in given.placed.values() if not threaded})
    if not alone:
        return {}
    first = conversations.openers(given.run.db, alone)  # one more read, only when chats with an assistant compete
    lift = tuning.OPENING_LIFT
    lifted = [row["id"] for row in given.rows if row["id"] in first and not given.placed[row["id"]][2]]
    given.found["openers"] = lifted
    given.found["before_turn_lifts"] = dict(score)  # what `_written_down` compares
    return {mid: (score[mid] * lift, lift) for mid in lifted}


def _written_down(given: _PriorInput, score: dict[str, float]) -> Moves:
    """The opening and specifics lifts are for a chat's turns (which of them holds the facts), not
    over what the person wrote down: a memory in no conversation that ranked above a turn before
    them, and holds as many of the query's words (one at least), goes right above it. "The plumber in Nantes is
    Julien Leroy, 06 98 ..." had ranked under four questions to an assistant that only said "a
    plumber" (x1.5 as openers, x1.25 for naming things); lifting every such memory alike put "I am
    learning Portuguese" over the turn naming the teacher."""
    before = given.found.get("before_turn_lifts")
    if not before or not given.words:
        return {}
    wanted = lexical.terms_each(list(given.words))
    on_its_own = [row for row in given.rows if row["id"] not in given.placed]
    turns = [row for row in given.rows if row["id"] in given.placed and score[row["id"]] > before[row["id"]]]
    held = {row["id"]: _held(wanted, row["content"]) for row in on_its_own + turns}
    moves: Moves = {}
    for row in on_its_own:
        mid = row["id"]
        over = [
            score[t["id"]]
            for t in turns
            if before[mid] > before[t["id"]] and score[t["id"]] > score[mid] and held[mid] >= max(1, held[t["id"]])
        ]
        if over:
            new = max(over) * (1 + 1e-10)  # (under a hand-off's 1e-9: a completed opener stays its chat's)
            moves[mid] = (new, round(new / score[mid], 4) if score[mid] else None)
    return moves


def _agreed(run: _Run, plan: _Plan) -> str | None:
    """The memory both the lexical and the vector channel rank first, if they agree on one."""
    lexical_first, vector_first = plan.rankings.get("lexical", [])[:1], plan.rankings.get("vector", [])[:1]
    if not lexical_first or lexical_first != vector_first:
        return None
    row = run.rows.get(lexical_first[0])
    return row["id"] if row is not None else None


def _agreed_first(given: _PriorInput, score: dict[str, float]) -> Moves:
    """The memory both channels put first goes right above an opener that only the opening lift put
    above it and that holds fewer of the query's words: "which grade did I get for the Portuguese
    homework" is answered by "...gave the Portuguese homework back with a B+", first by words and by
    meaning, and two openers of the Portuguese chats (x1.5, "Portuguese" alone) had ranked over it.
    An opener holding as many words keeps its place (half of them hold evidence: tuning.py)."""
    mid = given.agreed
    if mid is None or mid not in score or not given.words:
        return {}
    lift = tuning.OPENING_LIFT
    above = [o for o in given.found.get("openers", []) if o != mid and score[mid] < score[o] <= score[mid] * lift]
    if not above:
        return {}
    wanted = lexical.terms_each(list(given.words))
    content = {row["id"]: row["content"] for row in given.rows}
    mine = _held(wanted, content[mid])
    over = [score[o] for o in above if _held(wanted, content[o]) < mine]
    if not over:
        return {}
    new = max(over) * (1 + 1e-9)
    return {mid: (new, round(new / score[mid], 4) if score[mid] else None)}


def _states(run: _Run, asked: frozenset[str], row: dict[str, Any]) -> bool:
    """Whether a memory states what the question asks: the person's own attribute, typed from what
    they said (memory/life.read), or for a question about one of their relations ("where does my
    sister live": "other:sister") a memory that names that relation, and for a question of a relation's
    name ("what's my sister called") a memory that names them (`_names_kin`). Not a person named ("what did
    Tim cook", "other:tim"): between people (LoCoMo) every question names one, and their own turns
    rarely say their name (recall@10 81.3 -> 77.1 when names counted)."""
    if _names_kin(asked, row["content"]) or row["id"] in run.titled:
        return True
    whose = [a[6:] for a in asked if a.startswith("other:")]
    if whose:
        return life.is_relation(whose[0]) and life.names_relation(whose[0], row["content"])
    return row["memory_type"] in life.TYPES and _says(run, asked, row)


def _hand_off(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A later turn that completes its chat's lifted opener for the question (`_completions`) goes
    right above it, after every other prior (one that stands above it already is not moved)."""
    moves: Moves = {}
    for opener, taker in _completions(given, given.found.get("openers", []), score).items():
        if score[taker] < score[opener]:
            new = score[opener] * (1 + 1e-9)
            moves[taker] = (new, round(new / score[taker], 4) if score[taker] else None)
    return moves


# What the person did, in a question: the word after "did I", "have we", ... ("which train did I *book*").
_AUXILIARIES = frozenset(["did", "do", "does", "have", "has", "had", "was", "were", "will", "would"])


def _deeds(query: str) -> set[str]:
    """The words naming what the person did, read from the query's words as the lexical channel
    reads them (folded, NUL and punctuation between them count for nothing, any case)."""
    ws = tokens.words(query)
    return {ws[i + 2] for i in range(len(ws) - 2) if ws[i] in _AUXILIARIES and ws[i + 1] in ("i", "we")}


def _completions(given: _PriorInput, openers: list[str], score: dict[str, float]) -> dict[str, str]:
    """opener -> the best later turn of its chat that completes it for the question (`_completes`):
    the question asks what the chat came to."""
    if not tuning.OPENING_HANDOFF or not openers or len(given.words) < 2:
        return {}
    did = _deeds(given.query)
    focus = {i for i, w in enumerate(given.words) if w in did}
    wanted = lexical.terms_each(list(given.words))
    every = set(range(len(wanted)))

    def holds(text: str) -> set[int]:
        stems = lexical.stems(text)
        return {i for i, w in enumerate(wanted) if w & stems}

    chats = {given.placed[o][0] for o in openers}  # only the turns of a chat whose opener competes are read
    alone = [row for row in given.rows if row["id"] in given.placed and given.placed[row["id"]][0] in chats]
    held = {row["id"]: holds(row["content"]) for row in alone}
    titles = conversations.titles(given.run.db, [given.placed[o][0] for o in openers]) if focus else {}
    out: dict[str, str] = {}
    for opener in openers:
        sid, pos, _ = given.placed[opener]
        mine = held.get(opener, set())
        context = mine | holds(titles.get(sid, ""))
        takers = [
            row["id"]
            for row in alone
            if given.placed[row["id"]][0] == sid
            and given.placed[row["id"]][1] > pos
            and _completes(held[row["id"]], mine, context, focus, every)
        ]
        if takers:
            out[opener] = max(takers, key=lambda m: score[m])
    return out


def _completes(own: set[int], opener: set[int], context: set[int], focus: set[int], every: set[int]) -> bool:
    """Whether a later turn holding the query words `own` completes its opener: it holds every word
    of the query and the opener does not ("who is my Portuguese *teacher*"), or it holds the deed
    the opener lacks ("Booked the 10:09 Alfa Pendular" for "which train did I *book* to Porto") and,
    with the opener and the chat's title (`context`), every word of the query."""
    if own == every:
        return not opener >= every
    return bool((own - opener) & focus) and own | context == every


# A number, or a capitalised word that does not start a sentence (a name: "Zara", "Red Rocks",
# "Élodie", "Москва"): any cased script, one capital then lower case ("NASA", "iPhone" are not).
_NUMBER = re.compile(r"\d+")
_WORD_INSIDE = re.compile(r"(?<=[^\s.!?] )[^\W\d_]{2,}")


def _specifics(text: str) -> int:
    words = _WORD_INSIDE.findall(text)
    return len(_NUMBER.findall(text)) + sum(1 for w in words if w[0].isupper() and w[1:].islower())


def _specific_lift(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A conversation turn that names things (numbers, dates, names) is more likely the fact a
    question asks for than one that only talks (asks, thanks, reacts): x up to 1 + SPECIFIC_LIFT,
    full at SPECIFIC_ENOUGH specifics. Read from the content already fetched: no extra read."""
    if not given.rows or not tuning.SPECIFIC_LIFT or not given.placed:  # (a conversation's turns only)
        return {}
    moves: Moves = {}
    for row in given.rows:
        if row["id"] in given.placed:
            found = _specifics(row["content"])
            factor = 1.0 + tuning.SPECIFIC_LIFT * min(1.0, found / tuning.SPECIFIC_ENOUGH)
            if found:
                moves[row["id"]] = (score[row["id"]] * factor, round(factor, 4))
    return moves


def _spread(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A person's turns to an assistant stand alone, and what one question needs is spread over
    sessions: each further turn of a session ranked above is x tuning.SESSION_SPREAD. The one prior
    that reads the order so far (the running scores' order; off at 1.0, see tuning.py)."""
    if not given.rows or tuning.SESSION_SPREAD == 1.0:
        return {}
    seen: dict[str, int] = {}
    moves: Moves = {}
    for row in sorted(given.rows, key=lambda r: _order((r, score[r["id"]]))):
        where = given.placed.get(row["id"])
        if where is None or where[2]:
            continue
        n = seen.get(where[0], 0)
        seen[where[0]] = n + 1
        factor = tuning.SESSION_SPREAD**n
        moves[row["id"]] = (score[row["id"]] * factor, round(factor, 4) if n else None)
    return moves


def _asked_first(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question about an attribute of the person ("which city do I live in") is answered by the
    memories that state it (identity, preference or fact typed from what the person said): those
    within tuning.ASKED_SHARE of the best score go right above every memory that states nothing of
    it, in their own order (a change waiting for review then puts its newer statement first). The share
    is judged without the question prior: a message that states it as it asks is an answer all the
    same ("my sister ola just moved to lyon, gift ideas?" for "what is my sister called")."""
    if not given.asked or not tuning.ASKED_SHARE or not score or life.asks_past(given.query):
        return {}  # (what it was: the statements of now are no answer, and the rules may not read the old one)
    best = max(score.values())
    near = [row for row in given.rows if score[row["id"]] / fusion.asking(row) >= best * tuning.ASKED_SHARE]
    stating = {row["id"] for row in _read_with_statements(given.run, near) if _states(given.run, given.asked, row)}
    others = [value for mid, value in score.items() if mid not in stating]
    if not stating or not others:
        return {}
    low, over = min(score[mid] for mid in stating), max(others)
    if low > over:
        return {}
    factor = over / low * (1 + 1e-6) if low else 1.0
    return {mid: (score[mid] * factor, round(factor, 4)) for mid in stating}


def _partner_now(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question of who the person is with now (it asks both partner and relationship: "who am i dating", "whos
    my bf") is answered by the newest statement of their relationship among the best tuning.KIND_ROWS (dating
    someone, single again, married: memory/life.read's relationship): it goes right above every older row that
    states the partner or the relationship. What was said before it is the answer of then: "my boyfriend zaid"
    (2022) had ranked over "omar asked me to be his girlfriend" (2024), the breakup between them."""
    if not given.asked >= _PARTNERED or not given.rows or life.asks_past(given.query):
        return {}
    ranked = sorted(given.rows, key=lambda row: (-score[row["id"]], _tie(row)))[: tuning.KIND_ROWS]
    rows = _read_with_statements(given.run, ranked)
    said = [row for row in rows if _says(given.run, _RELATIONSHIP, row)]
    if not said:
        return {}
    newest = max(said, key=lambda row: row["valid_from"] or "")
    when = newest["valid_from"] or ""
    low = score[newest["id"]]
    older = [
        score[row["id"]]
        for row in rows
        if (row["valid_from"] or "") < when and score[row["id"]] >= low and _says(given.run, _PARTNERED, row)
    ]
    if not older:
        return {}
    new = max(older) * (1 + 1e-6)
    return {newest["id"]: (new, round(new / low, 4) if low else None)}


_PARTNERED = frozenset(["partner", "relationship"])
_RELATIONSHIP = frozenset(["relationship"])


def _newest_of_kind(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question about the person's present (memory/life.present: "what phone do I have") that no
    candidate states as the rules read them (`_states`: a voice they do not read, "on this flip phone,
    its a jitterbug" then "the iphone karen got me for christmas") is answered by the newest of the
    person's own turns about the kind of thing it asks, by meaning (`_of_the_kind`, over the best
    tuning.KIND_ROWS candidates) that says something of their own (`life.says_of_self`), the best of
    that newest day's: it goes right above the best of them all, when that one ranks first."""
    if given.qvec is None or not given.rows or not life.present(given.query):
        return {}
    ranked = sorted(given.rows, key=lambda row: (-score[row["id"]], _tie(row)))[: tuning.KIND_ROWS]
    asked = frozenset(a for a in given.asked if not a.startswith("other:"))
    if asked and any(_states(given.run, asked, row) for row in _read_with_statements(given.run, ranked)):
        return {}  # the rules read the answer: theirs is the order
    members = _of_the_kind(given.run, given.qvec, ranked)
    if len(members) < 2 or members[0]["id"] != ranked[0]["id"]:
        return {}
    # What goes up must say something of the person's own: not a question about another phone alone.
    saying = [row for row in members if row["id"] == ranked[0]["id"] or life.says_of_self(row["content"])]
    if life.asks_count(given.query):  # "how many bikes do I own": the newest count the person gave
        saying = [row for row in saying if life.states_count(row["content"], life.counted(given.query))] or saying
    return _newest_above(ranked, saying, score)


def _newest_above(ranked: list[dict[str, Any]], saying: list[dict[str, Any]], score: dict[str, float]) -> Moves:
    """The best of the newest day's rows of `saying` (a subset of `ranked`, best first), right above
    `ranked`'s first; nothing when it is that one. The newest day's best: a chat's later turns ("I
    think I'll send out a survey") follow up on its statement, they do not restate it."""
    day = max((row["valid_from"] or "")[:10] for row in saying)
    newest = next(row for row in ranked if row in saying and (row["valid_from"] or "")[:10] == day)
    if newest["id"] == ranked[0]["id"]:
        return {}
    new = score[ranked[0]["id"]] * (1 + 1e-6) + 1e-9
    return {newest["id"]: (new, round(new / score[newest["id"]], 4) if score[newest["id"]] else None)}


def _newest_partner(given: _PriorInput, score: dict[str, float]) -> Moves:
    """(session 44) A question of the partner's name ("whos my bf", "what's my wife's name": "name:partner") is
    answered by the newest candidate that names one (`_names_kin`), above the best: a person has one partner at a
    time, and "what should i get my boyfriend zaid" (the word asked, held) had ranked above "omar asked me to be his
    girlfriend" a year after it. Not a sister's or a child's name (one of several); not a question of the past."""
    if "name:partner" not in given.asked or not given.rows or life.asks_past(given.query):
        return {}
    ranked = sorted(given.rows, key=lambda row: (-score[row["id"]], _tie(row)))
    naming = [row for row in ranked if _names_kin(_PARTNER_NAME, row["content"])]
    return _newest_above(ranked, naming, score) if naming else {}


_PARTNER_NAME = frozenset(["name:partner"])


def _theirs_first(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question of what someone named has or is now ("where does Anna live") is answered by their
    own turns that state it (`_said_by`), above every other candidate, the newest first: between
    people no review item tracks a friend's move, and Anna's "I live in Kraków" (January) had ranked
    above her "I moved to Lisbon last week" (February), Tom's "I live in Porto" between them. A
    question of what was ("where did Anna live before", memory/life.asks_past) moves nothing. Of one
    moment (a WhatsApp minute) the later stored is the newer, never the one of the larger random id."""
    someone = _someone(given.run, given.query) if given.rows else None
    if someone is None or life.asks_past(given.query):
        return {}
    who, query = someone
    theirs = life.asked_of(query, who)
    mine = _said_by(given.run, given.rows, who, theirs) if theirs else []
    top = max(score.values(), default=0.0)
    moves: Moves = {}
    for k, row in enumerate(sorted(mine, key=lambda row: (row["valid_from"] or "", row["rowid"])), start=1):
        new = top * (1 + 1e-6 * k) + 1e-9 * k  # oldest lowest, every one above the rest
        moves[row["id"]] = (new, round(new / score[row["id"]], 4) if score[row["id"]] else None)
    return moves


def _newest_count(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question of how many of a thing the person has now ("how many dozen eggs do we have
    stocked up", "how many new postcards have I added") is answered by the newest of the best
    candidates where the person gives a count of that thing (`life.states_count`): it goes right
    above the best of them all. A thing of no kind `_newest_of_kind` knows (eggs, postcards, trips)
    had the older count, said in the question's words, first."""
    if not given.rows or not life.asks_count(given.query) or not life.present(given.query):
        return {}
    things = life.counted(given.query)
    ranked = sorted(given.rows, key=lambda row: (-score[row["id"]], _tie(row)))[: tuning.KIND_ROWS]
    counting = [row for row in ranked if things and life.states_count(row["content"], things)]
    return _newest_above(ranked, counting, score) if counting else {}


# A question of the person's present that no rule reads: "where do I currently keep my old sneakers",
# "how long have I been sticking to my daily tidying routine", "do I have a spare screwdriver", "what
# time do I wake up on Saturdays" (a present verb of the person's, or a word of now).
_NOW = re.compile(
    r"\b(?:(?:do|am|have|has) (?:i|we)|are we|i am|i'm|currently|now|these days|nowadays|so far|at the moment|"
    r"right now|most recently|at present|still)\b",
    re.IGNORECASE,
)


def _newest_restated(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A question about the person's present (`_NOW`, nothing of the past asked, nobody else's, no
    count over every session) is answered by the newest of the person's own turns among the best
    tuning.KIND_ROWS that say again what the best stating one says: it holds at least two of the
    query's words and two thirds of the IDF weight of those the best one holds (so "keep" and "old"
    of a turn about an old motorcycle do not restate "keeping my old sneakers under my bed"), one
    of them in a sentence that states. It goes right above the first. A turn that only asks ("do I
    have a spare screwdriver for that?", the question asked again) restates nothing and answers
    nothing, even when it ranks first. "Where do I currently keep my old sneakers" had "I've been
    keeping them under my bed" (May 25) above "get rid of some of my old sneakers in a shoe rack"
    (May 29)."""
    if not given.rows or not given.words or not _NOW.search(given.query):
        return {}
    if life.asks_past(given.query) or life.about_someone_else(given.query) or _adds_up(given.query):
        return {}
    if all(w.casefold() in lexical.STOPWORDS for w in given.words):
        return {}  # ("where am i from": its words name no thing; "am i doing it wrong" restates nothing of it)
    ranked = sorted(given.rows, key=lambda row: (-score[row["id"]], _tie(row)))[: tuning.KIND_ROWS]
    terms = lexical.terms_each(list(given.words))  # a word of no index term holds nothing
    weight = _weights(given.run, list(given.words))
    held = {row["id"]: [i for i, t in enumerate(terms) if t & lexical.stems(row["content"])] for row in ranked}

    def states(row: dict[str, Any]) -> bool:
        said = " ".join(s for s in life.sentences(row["content"]) if not s.endswith("?"))
        return bool(said) and any(terms[i] & lexical.stems(said) for i in held[row["id"]])

    # The best that states is what is restated: the question asked again says nothing.
    best = next((row for row in ranked if states(row)), None)
    if best is None or len(held[best["id"]]) < 2 or _answered_apart(given, ranked[0], best):
        return {}
    need = 2 / 3 * sum(weight[i] for i in held[best["id"]])

    def restates(row: dict[str, Any]) -> bool:
        found = held[row["id"]]
        return len(found) >= 2 and sum(weight[i] for i in found) >= need and states(row)

    saying = [best] + [row for row in ranked if row is not best and restates(row) and life.says_of_self(row["content"])]
    return _newest_above(ranked, saying, score) if len(saying) > 1 or best is not ranked[0] else {}


def _answered_apart(given: _PriorInput, first: dict[str, Any], best: dict[str, Any]) -> bool:
    """Whether the first row states what the question asks (the rules read it: "started the A&P program
    at Honolulu CC" for "where do i go to school") while the best row holding the query's words is
    another ("if i reenlisted id go to Whidbey next ... A&P school or stay"): what the newer turns
    restate is then not the answer, and none goes above it."""
    mine = frozenset(a for a in given.asked if not a.startswith("other:"))
    return best is not first and bool(mine) and _states(given.run, mine, _read_with_statements(given.run, [first])[0])


# A count over every session, not a value that changed: "how many different types of citrus have I
# used", "how many weeks in total", "how many weeks had I been taking classes when I invested".
_TOTAL = re.compile(r"\b(?:in total|total|different|altogether|combined|in all|when i)\b", re.IGNORECASE)


def _adds_up(query: str) -> bool:
    return life.asks_count(query) and bool(_TOTAL.search(query))


def _weights(run: _Run, words: list[str]) -> list[float]:
    """Each query word's IDF over the memories (the lexical plan's counts, read once): a word few
    memories hold ("sneakers") names the question's thing; one many hold ("keep", "old") does not.
    Not bm25's IDF (`lexical._idf`): it floors a word half the rows hold at zero, and in a small
    home every query word is one, so nothing would weigh anything."""
    corpus = run.corpus if run.corpus is not None else lexical.corpus_size(run.db)
    counts = lexical.document_frequency(run.db, words, corpus)
    return [math.log((corpus + 1) / (counts[w] + 0.5)) for w in words]


def _of_the_kind(run: _Run, qvec: np.ndarray, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of `rows`, the person's own (not turns between people) about the kind of thing the question
    asks, by meaning: the kind nearest the question (memory/life.KINDS, one prototype each) when it
    comes within tuning.KIND_CUTS[0] of it, and the rows that have that kind among their two nearest
    and come within KIND_CUTS[1] of it. None of them for a model the cuts were not chosen for."""
    cuts = tuning.KIND_CUTS.get(run.session.embedder().model_id)
    if cuts is None:
        return []
    _, prototypes = _kind_vectors(run.session)
    near = prototypes @ np.asarray(qvec, dtype=np.float32)
    kind = int(np.argmax(near))
    if near[kind] < cuts[0]:
        return []
    index = run.index()
    members = []
    for row in rows:
        place = run.placed.get(row["id"])
        found = vector.vectors_of(index, [row["rowid"]])
        if (place is not None and place[2]) or not len(found):
            continue  # a turn between people is not the person's own statement
        of = prototypes @ found[0]
        if kind in np.argsort(-of)[:2] and of[kind] >= cuts[1]:
            members.append(row)
    return members


# Per model id: the kinds' names and their prototype vectors (memory/life.KINDS), made once a process.
_KIND_VECTORS: dict[str, tuple[list[str], np.ndarray]] = {}


def _kind_vectors(session: Session) -> tuple[list[str], np.ndarray]:
    """The prototype of each kind of thing (the mean of its phrases' vectors, unit length)."""
    model = session.embedder()
    if model.model_id not in _KIND_VECTORS:
        names = list(life.KINDS)
        phrases = [p for name in names for p in life.KINDS[name]]
        vectors = model.encode(phrases)
        start, means = 0, []
        for name in names:
            end = start + len(life.KINDS[name])
            mean = vectors[start:end].mean(axis=0)
            means.append(mean / max(float(np.linalg.norm(mean)), 1e-9))
            start = end
        _KIND_VECTORS[model.model_id] = (names, np.stack(means).astype(np.float32))
    return _KIND_VECTORS[model.model_id]


def _whole_session(given: _PriorInput, score: dict[str, float]) -> Moves:
    """A session's own signal: with an assistant, the cosine of the query with the
    mean vector of the whole session (every turn of it, not only the candidates: what a person's
    chat is about as a whole), scaled between the candidate sessions' lowest and highest, lifts
    each of its turns x (1 + SESSION_WHOLE x that share)."""
    if not given.rows or not tuning.SESSION_WHOLE or given.qvec is None:
        return {}
    alone = sorted({sid for sid, _, threaded in given.placed.values() if not threaded})
    if len(alone) < 2:
        return {}
    index = given.run.index()
    cosine = {}
    for sid, rowids in conversations.members(given.run.db, alone).items():
        found = vector.vectors_of(index, rowids)
        if len(found):
            mean = found.mean(axis=0)
            cosine[sid] = float(mean @ given.qvec) / max(float(np.linalg.norm(mean)), 1e-9)
    if len(cosine) < 2:
        return {}
    low, high = min(cosine.values()), max(cosine.values())
    spread = (high - low) or 1.0
    moves: Moves = {}
    for row in given.rows:
        where = given.placed.get(row["id"])
        if where is None or where[2] or where[0] not in cosine:
            continue
        factor = 1.0 + tuning.SESSION_WHOLE * (cosine[where[0]] - low) / spread
        moves[row["id"]] = (score[row["id"]] * factor, round(factor, 4))
    return moves


Prior = Callable[[_PriorInput, dict[str, float]], Moves]
# Applied in this order, each on the scores the ones before it left (the session lift sums lifted
# scores; the spread reads the order they make); the name is the multiplier a hit shows.
PRIORS: tuple[tuple[str, Prior], ...] = (
    ("own_voice", _own_voice),
    ("named_hub", _hub_lift),
    ("session", _session_lift),
    ("opening", _opening_lift),
    ("specific", _specific_lift),
    ("written_down", _written_down),
    ("whole_session", _whole_session),
    ("spread", _spread),
    ("handoff", _hand_off),
    ("agreed", _agreed_first),
    ("asked", _asked_first),
    ("partner_now", _partner_now),
    ("newest_partner", _newest_partner),  # (session 44)
    ("newest_of_kind", _newest_of_kind),
    ("newest_count", _newest_count),
    ("newest_restated", _newest_restated),
    ("theirs", _theirs_first),
)


def _prioritised(
    run: _Run,
    ordered: Ranked,
    hubs: tuple[str, ...],
    asked: frozenset[str] = frozenset(),
    qvec: np.ndarray | None = None,
    words: tuple[str, ...] = (),
    query: str = "",
    agreed: str | None = None,
) -> Ranked:
    """Every prior of PRIORS over the fused rows in one loop, then one sort."""
    if not ordered or not (run.any_turn() or hubs or asked):  # every prior reads a place, a hub or what is asked
        return ordered
    rows = [row for row, _, _ in ordered]
    score = {row["id"]: value for row, value, _ in ordered}
    mult = {row["id"]: m for row, _, m in ordered}
    given = _PriorInput(run, rows, run.positions(ordered), hubs, asked, qvec, words, query, agreed=agreed)
    moved = False
    for label, prior in PRIORS:
        for mid, (value, shown) in prior(given, score).items():
            moved = True
            score[mid] = value
            if shown is not None:
                mult[mid] = {**mult[mid], label: shown}
    if not moved:  # no prior applies (no conversation turn, nothing asked): the fused order stands
        return ordered
    out = [(row, score[row["id"]], mult[row["id"]]) for row in rows]
    out.sort(key=_order)
    return out


def _newer_first(
    run: _Run, ordered: Ranked, asked: frozenset[str] = frozenset(), words: tuple[str, ...] = (), *, past: bool = False
) -> tuple[Ranked, dict[str, dict[str, Any]]]:
    """While a change in the person's life waits for review, its newer statement ranks right above
    the older one wherever the older one ranks (read in, if the query did not reach it); both are
    marked. Accepted, the older one is history (hidden); dismissed, nothing is moved. A question
    about one attribute ("which city do I live in") moves only the changes of that attribute: the
    old "I live in Vienna, 40 minutes by tram" also changed its commute, which it does not ask. A
    question that asks no attribute moves a change unless it met the older statement only beside
    what changed (`_beside_the_change`: "what am I allergic to" and the old GP's turn). A question of
    what was (`past`, memory/life.asks_past: "where did I work before I retired") moves nothing:
    both are marked only."""
    if not ordered:
        return ordered, {}
    changes = run.memo("open_changes", lambda: review.open_changes(run.db))
    if not changes:
        return ordered, {}
    rows = {row["id"]: row for row, _, _ in ordered}
    pairs = [
        p
        for p in review.awaiting_among(changes, list(rows))
        if (asked and (not p.attribute or any(life.asks_for(asked, a) for a in p.attributes or (p.attribute,))))
        or (asked and _both_state(run, rows, asked, p.older, p.newer))
        or (not asked and not (p.older in rows and _beside_the_change(words, rows[p.older]["content"], p.attribute)))
    ]
    if not pairs:
        return ordered, {}
    score = {row["id"]: value for row, value, _ in ordered}
    mult = {row["id"]: m for row, _, m in ordered}
    # A chain (A -> B -> C) is two items: C is read in when the query reached A or B.
    for _ in range(len(pairs)):
        missing = {p.newer for p in pairs if p.older in rows and p.newer not in rows}
        if not missing:
            break
        found = [r[0] for r in rows_in(run.db, "SELECT rowid FROM memories WHERE id IN ({marks})", sorted(missing))]
        run.fetch(found)
        added = [run.rows[r] for r in found if r in run.rows and run.rows[r]["id"] not in rows]
        if not added:
            break
        for row in added:
            rows[row["id"]], score[row["id"]], mult[row["id"]] = row, 0.0, {}
    for _ in range(0 if past else len(pairs)):  # lift along a chain until nothing moves
        moved = False
        for p in pairs:
            if p.older in rows and p.newer in rows and score[p.newer] <= score[p.older]:
                score[p.newer] = score[p.older] * (1 + 1e-6) + 1e-9
                mult[p.newer] = {**mult[p.newer], "awaiting_review": 1.0}
                moved = True
        if not moved:
            break
    marks: dict[str, dict[str, Any]] = {}
    for p in pairs:
        if p.older in rows and p.newer in rows:
            marks.setdefault(p.older, {"item": p.item, "side": "older", "other": p.newer})
            marks[p.newer] = {"item": p.item, "side": "newer", "other": p.older}
    out = [(rows[mid], score[mid], mult[mid]) for mid in rows]
    out.sort(key=_order)
    return out, marks


# A question asking why, and a text that gives a reason (`_reason_first`).
_ASKS_WHY = re.compile(
    r"\b(?:why|how come|what(?:'s|’s| is| was| were| are)? (?:the |my |our )?reasons?\b|reasons? (?:for|why|behind)\b)",
    re.IGNORECASE,
)
_GIVES_REASON = re.compile(
    r"\b(?:because|bc|cuz|'cause|so that|so (?:we|i|they|it) (?:can|could|would|don't|didn't|wouldn't)|in order to|"
    r"the reason|reasons? (?:is|was|were|being)|due to|that's why|thats why|which is why|we chose|i chose|"
    r"(?:we|i) (?:decided|picked|went with|opted for))\b",
    re.IGNORECASE,
)
# The question's words that ask for the reason, not name its subject ("what was the reason for Terraform").
_WHY_WORDS = frozenset(["why", "reason", "reasons", "come"])


def _reason_first(ordered: Ranked, plan: _Plan) -> Ranked:
    """A question asking why (`_ASKS_WHY`): among the tuning.REASON_ROWS best rows within tuning.REASON_SHARE
    of the best score, a row that gives a reason (`_GIVES_REASON`) and holds a word of the question (or another
    name of one, `plan.searched`) goes right above every row that gives none and holds at most one more of them
    (its verb: "We use Terraform for the infra" for "why do we use Terraform"): the reason, not the row that only
    mentions the subject. Nothing moves from below the share, nor past another reason."""
    if not ordered or not tuning.REASON_SHARE or not _ASKS_WHY.search(plan.query):
        return ordered
    wanted = lexical.terms_each([w for w in plan.searched if w not in _WHY_WORDS])
    best = ordered[0][1]
    top = [i for i, (_, value, _) in enumerate(ordered[: tuning.REASON_ROWS]) if value >= best * tuning.REASON_SHARE]
    held = {i: _held(wanted, ordered[i][0]["content"]) for i in top}
    reasons = {i for i in top if held[i] and _GIVES_REASON.search(ordered[i][0]["content"])}
    out = list(ordered)
    for i in sorted(reasons):
        over = [out[j][1] for j in top if j not in reasons and held[j] <= held[i] + 1 and out[j][1] > out[i][1]]
        if over:
            row, value, mult = out[i]
            new = max(over) * (1 + 1e-6)
            out[i] = (row, new, {**mult, "reason": round(new / value, 4) if value else 1.0})
    out.sort(key=_order)
    return out


def _anchored(run: _Run, ordered: Ranked, asked: frozenset[str], query: str) -> Ranked:
    """A question anchored in time (memory/life.anchored: "who was my doctor when I lived in Kinsale",
    "what work did I take up after I retired", "where was my first job") is answered by the statement
    of what it asks said at that time (`_of_then`): it goes right above the best, read in if the
    query did not reach it. The newest statement is the answer of now, not of then."""
    anchor = life.anchored(query)
    mine = sorted(a for a in asked if not a.startswith("other:"))
    if anchor is None or not mine or not ordered:
        return ordered
    said = _said_in_order(run, mine)
    marks = said if anchor.attribute is None or anchor.attribute in mine else _said_in_order(run, [anchor.attribute])
    if anchor.how == "in":
        chosen = _of_the_place(run, said, anchor.words)
    else:
        chosen = _first(said, anchor) if anchor.how == "first" else _of_then(said, marks, anchor)
    if chosen is None or chosen["id"] == ordered[0][0]["id"]:
        return ordered
    rest = [item for item in ordered if item[0]["id"] != chosen["id"]]
    mult = next((m for row, _, m in ordered if row["id"] == chosen["id"]), {})
    lifted = ordered[0][1] * (1 + 1e-6) + 1e-9
    return [(chosen, lifted, {**mult, "anchored": 1.0}), *rest]


def _of_the_place(
    run: _Run, said: list[tuple[dict[str, Any], tuple[life.Said, ...]]], place: tuple[str, ...]
) -> dict[str, Any] | None:
    """The statement of `said` (oldest first) whose value held while the person spoke of the place
    most: each of its value's times (from it until a statement of another value) counts the texts
    that name the place ("japan": "got orders to japan" is said while the old home held; "first
    weekend in japan together, we're in Yamato" while the new one did); the later wins a tie. A
    statement that names the place itself counts as one of them."""
    if not said:
        return None
    named = re.compile(r"(?<![\w'-])" + r"\s+".join(map(re.escape, place)) + r"(?![\w'-])", re.IGNORECASE)
    found = lexical.search_filtered(run.db, list(place), run.where, run.params, tuning.ANCHOR_ROWS, run.corpus)
    run.fetch([r for r, _ in found if r not in run.rows])
    times = sorted(
        row["valid_from"] or ""
        for r, _ in found
        if (row := run.rows.get(r)) is not None and named.search(row["content"])
    )
    if not times:
        return None
    best: tuple[int, int] = (0, -1)
    for i, (row, values) in enumerate(said):
        start = row["valid_from"] or ""
        end = next((r["valid_from"] or "" for r, s in said[i + 1 :] if not _same_value(s, values)), None)
        count = sum(1 for t in times if t >= start and (end is None or t < end))
        best = max(best, (count, i))
    return said[best[1]][0] if best[0] else None


def _said_in_order(run: _Run, attributes: list[str]) -> list[tuple[dict[str, Any], tuple[life.Said, ...]]]:
    """The typed memories in the filter that state one of `attributes` (the newest tuning.ANCHOR_ROWS),
    oldest first, each with what it says of them."""
    rowids = statements.newest(run.db, attributes, run.where, run.params, tuning.ANCHOR_ROWS)
    run.fetch([r for r in rowids if r not in run.rows])
    out = []
    for rowid in rowids:
        row = run.rows.get(rowid)
        said = tuple(s for s in life.read(row["content"]) if s.attribute in attributes) if row is not None else ()
        if row is not None and said:
            out.append((row, said))
    return sorted(out, key=lambda item: (item[0]["valid_from"] or "", item[0]["rowid"]))


def _of_then(
    said: list[tuple[dict[str, Any], tuple[life.Said, ...]]],
    marks: list[tuple[dict[str, Any], tuple[life.Said, ...]]],
    anchor: life.Anchor,
) -> dict[str, Any] | None:
    """The statement of `said` at the time of the anchor: the statement of `marks` that holds most of
    its words (the earliest of those), its value's time lasting until a statement of another value.
    "during": the newest said in that time (or the last before it); "after": the first after it of
    another value; "before": the last before it of another value."""
    wanted = lexical.terms_each(list(anchor.words))
    held = [(_held(wanted, row["content"]), i) for i, (row, _) in enumerate(marks)]
    best = max((n for n, _ in held), default=0)
    if not best:
        return None
    at = min(i for n, i in held if n == best)
    start, values = marks[at][0]["valid_from"] or "", marks[at][1]
    ends = [r["valid_from"] or "" for r, s in marks[at + 1 :] if not _same_value(s, values)]
    end = ends[0] if ends else None

    def other(s: tuple[life.Said, ...]) -> bool:
        return not _same_value(s, values)

    when = [(row["valid_from"] or "", row, s) for row, s in said]
    if anchor.how == "during":
        within = [row for t, row, _ in when if t >= start and (end is None or t < end)]
        before = [row for t, row, _ in when if t < start]
        return (within or before)[-1] if within or before else None
    if anchor.how == "after":
        return next((row for t, row, s in when if t > start and other(s)), None)
    return next((row for t, row, s in reversed(when) if t < start and other(s)), None)


def _first(said: list[tuple[dict[str, Any], tuple[life.Said, ...]]], anchor: life.Anchor) -> dict[str, Any] | None:
    """The earliest statement, of those whose sentence of the value holds most of the words that say
    which ("my first pharmacy job": the first said as a pharmacy's, not the café before it, nor the
    café said beside a pharmacy certificate). Having none is no first one ("i don't have a booking agent"
    before "i have a booking agent!! kelsey": session 41, dani)."""
    said = [(row, of) for row, of in said if not of or any(s.value != "none" for s in of)] or said
    wanted = lexical.terms_each(list(anchor.words))
    held = [max((_held(wanted, part) for part in _sentences_of(row["content"], of)), default=0) for row, of in said]
    return said[held.index(max(held))][0] if said else None


def _sentences_of(text: str, said: tuple[life.Said, ...]) -> list[str]:
    """The sentences of a text that name one of the values it states (all of them if none does)."""
    parts = life.sentences(text)
    shown = [s.shown.casefold() for s in said if s.shown]
    return [p for p in parts if any(v in p.casefold() for v in shown)] or parts


def _same_value(a: tuple[life.Said, ...], b: tuple[life.Said, ...]) -> bool:
    """Whether two statements give one of the same values (memory/life.same)."""
    return any(x.attribute == y.attribute and life.same(x, y) for x in a for y in b)


def _both_state(run: _Run, rows: dict[str, dict[str, Any]], asked: frozenset[str], older: str, newer: str) -> bool:
    """Whether both statements of a change waiting for review state what the question asks, though
    the change was opened on another attribute: "ive been lifting at the ccrb" then "gave up on the
    ccrb ... really into bouldering" changed the gym, and each states the activity that "what do i
    do for exercise" asks (`_says`). Only where both are candidates."""
    if older not in rows or newer not in rows:
        return False
    pair = _read_with_statements(run, [rows[older], rows[newer]])
    return all(_says(run, frozenset(a for a in asked if not a.startswith("other:")), row) for row in pair) and all(
        row["memory_type"] in life.TYPES for row in pair
    )


def _city_named(run: _Run, ordered: Ranked, asked: frozenset[str], query: str) -> Ranked:
    """A question of the city the person lives in ("which city do I live in") whose best statement of
    their home names a part of a city ("now that we're in walthamstow", memory/data/within.txt) is
    answered by the newest statement that names the city itself ("now that i'm in london"): it goes
    right above, unless a home in another city was said between them (then the city changed since).
    Among the candidates: the statements channel brings the newest statements of a home (`_stated`)."""
    if "home" not in asked or not _ASKS_CITY.search(query) or life.asks_past(query):
        return ordered
    homes = _homes(run, ordered)
    if not homes or not vocab.part_of_city(homes[0][1]):
        return ordered
    top, part = homes[0]
    said = ordered[top][0]["valid_from"]
    cities = [(i, h) for i, h in homes if h != part and vocab.within(part, h)]
    if not cities:
        return ordered
    at, city = max(cities, key=lambda c: ordered[c[0]][0]["valid_from"])
    since = ordered[at][0]["valid_from"]
    if any(since < ordered[i][0]["valid_from"] < said and h != city and not vocab.within(h, city) for i, h in homes):
        return ordered  # another city between: the part is of the city said again, not of the one before
    row, value, mult = ordered[at]
    lifted = ordered[top][1] * (1 + 1e-6) + 1e-9
    moved = (row, lifted, {**mult, "city": round(lifted / value, 4) if value else 1.0})
    return [*ordered[:top], moved, *(item for i, item in enumerate(ordered[top:], top) if i != at)]


def _town_of_a_building(run: _Run, ordered: Ranked, asked: frozenset[str], query: str) -> Ranked:
    """(session 43: weak43) `_city_named` for a home named by its building ("my flat at Wyndham Court", memory/
    life.a_building): a question of the town is answered by the newest earlier statement of a home that names no
    building ("a bungalow in Church Stretton"): it goes right above. Not where the person asks where, nor of the
    past; the building is the home's newest word, the town the one it stands in."""
    if "home" not in asked or not _ASKS_CITY.search(query) or life.asks_past(query):
        return ordered
    homes = _homes(run, ordered)
    if not homes or not life.a_building(homes[0][1]):
        return ordered
    top = homes[0][0]
    said = ordered[top][0]["valid_from"] or ""
    towns = [(i, h) for i, h in homes[1:] if (ordered[i][0]["valid_from"] or "") < said and not life.a_building(h)]
    if not towns:
        return ordered
    at, _ = max(towns, key=lambda c: ordered[c[0]][0]["valid_from"] or "")
    row, value, mult = ordered[at]
    lifted = ordered[top][1] * (1 + 1e-6) + 1e-9
    moved = (row, lifted, {**mult, "town": round(lifted / value, 4) if value else 1.0})
    return [*ordered[:top], moved, *(item for i, item in enumerate(ordered[top:], top) if i != at)]


# A question of the city or town itself, not where ("which city do I live in", "what town are we in now").
_ASKS_CITY = re.compile(r"\b(?:city|town)\b", re.IGNORECASE)


def _part_named(run: _Run, ordered: Ranked, asked: frozenset[str], query: str) -> Ranked:
    """`_city_named`'s other side: a question of where the person lives that does not ask the city
    ("where do i live rn") whose best statement of their home names a city ("now that im living in
    chicago") is answered by the newest later statement that names a part of it ("my studio in logan
    square"): it goes right above, unless a home in another city was said between them."""
    if "home" not in asked or _ASKS_CITY.search(query) or life.asks_past(query) or not _later_home(run, ordered):
        return ordered
    homes = _homes(run, ordered)
    if not homes:
        return ordered
    top, city = homes[0]
    said = ordered[top][0]["valid_from"] or ""
    parts = [(i, h) for i, h in homes if (ordered[i][0]["valid_from"] or "") > said and vocab.within(h, city)]
    if not parts:
        return ordered
    at, _ = max(parts, key=lambda c: ordered[c[0]][0]["valid_from"])
    since = ordered[at][0]["valid_from"]
    if any(
        said < (ordered[i][0]["valid_from"] or "") < since and h != city and not vocab.within(h, city) for i, h in homes
    ):
        return ordered  # a move to another city between them: the part is of a later stay, not this one
    row, value, mult = ordered[at]
    lifted = ordered[top][1] * (1 + 1e-6) + 1e-9
    moved = (row, lifted, {**mult, "city": round(lifted / value, 4) if value else 1.0})
    return [*ordered[:top], moved, *(item for i, item in enumerate(ordered[top:], top) if i != at)]


def _later_home(run: _Run, ordered: Ranked) -> bool:
    """Whether a statement of the person's home among the best tuning.CITY_ROWS rows is newer than the
    first of them, as the statements table says which state one (True without this quire's reading
    in it: the texts decide). Most questions of where one lives meet one current home, first: no text
    is read for `_part_named` (a cold process would compile the rules to read it)."""
    rows = _read_with_statements(run, [row for row, _, _ in ordered[: tuning.CITY_ROWS]])
    said = run.statements()
    if said is None:
        return True
    homes = [
        row["valid_from"] or ""
        for row in rows
        if row["memory_type"] in life.TYPES and "home" in said.get(row["id"], ())
    ]
    return any(when > homes[0] for when in homes[1:])


def _homes(run: _Run, ordered: Ranked) -> list[tuple[int, str]]:
    """(place, home) of the best tuning.CITY_ROWS rows that state the person's home (`_home_of`)."""
    rows = _read_with_statements(run, [row for row, _, _ in ordered[: tuning.CITY_ROWS]])
    return [(i, home) for i, row in enumerate(rows) if (home := _home_of(run, row))]


def _home_of(run: _Run, row: dict[str, Any]) -> str | None:
    """The home a typed memory states (memory/life.read), or None; its text is read only when the
    statements table says it states one (`_Run.stated_of`) or holds no reading of it."""
    if row["memory_type"] not in life.TYPES or "home" not in run.stated_of((row,)).get(row["id"], {"home"}):
        return None
    return next((said.value for said in life.read(row["content"]) if said.attribute == "home"), None)


def _beside_the_change(words: tuple[str, ...], older: str, attribute: str | None) -> bool:
    """Whether the query met the older memory only beside what changed: every query word it holds
    is outside the sentences that state the changed attribute. "What am I allergic to" reaches "Dr
    Mehta (my usual GP) was away ... I'm allergic to penicillin" through the allergy, and the new
    GP is no answer to it; "who do I see for checkups" holds no word of either, and is lifted."""
    if not words or not attribute:
        return False
    wanted = lexical.terms_each(list(words))
    parts = life.sentences(life.straight(older))
    stating = " ".join(part for part in parts if any(said.attribute == attribute for said in life.read(part)))
    if not stating:
        return False
    mine, there = lexical.stems(older), lexical.stems(stating)
    return any(w & mine for w in wanted) and not any(w & there for w in wanted)


def _order(item: tuple[Any, ...]) -> tuple[Any, ...]:
    """Best first; ties: the newer memory first, then the later stored (`_tie`)."""
    row, value = item[0], item[1]
    tie = row.get("tie")
    return (-value, tie if tie is not None else _tie(row))


def _tie(row: dict[str, Any]) -> tuple[str, int]:
    """How a row ranks among rows of the same score (`_order`; kept in a row read whole): the newer
    first, then the later stored. Not the id: ids are random, so two homes made from the same
    texts (an eval run and the next) broke a tie each their own way (LongMemEval oracle dev read
    83.3 or 83.8 at one commit)."""
    return (_desc(row["valid_from"]), -row["rowid"])


def _collapse(rows: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """The first k rows that are not near-twins of a better one (the same dicts, filtered)."""
    return cast(list[dict[str, Any]], fusion.collapse(rows, k))


@text_cache(maxsize=8192)
def _desc(text: str) -> str:
    """`text` turned so that ascending order is descending text order, a prefix first: each code
    point c as 0x10FFFF - c (as a tuple of -ord(c) orders, in a string of 4 bytes a character
    instead of an int object a character: 130 bytes a row read whole against 840).
    Cached: every candidate is ordered twice a recall (fusion, then the priors), and a warm
    process meets the same rows again; building it was 0.8 ms of a 10k recall."""
    return "".join([chr(_TOP - ord(c)) for c in text])


_TOP = 0x10FFFF


@dataclass(frozen=True)
class _Extra:
    """What a hit shows beside its row: entity names, a change waiting for review, the speaker, and
    the raw channel scores (explain only, else None)."""

    names: dict[str, tuple[str, ...]]
    waiting: dict[str, dict[str, Any]]
    said_by: dict[str, str]
    signals: dict[str, dict[int, float]] | None


def _hit(row: dict[str, Any], score: float, mult: dict[str, float], ranks: dict[str, int], extra: _Extra) -> Hit:
    raw = {}
    if extra.signals is not None:
        raw = {c: round(extra.signals[c][row["rowid"]], 4) for c in ranks if row["rowid"] in extra.signals.get(c, {})}
    # Its fields filled as one dict: a frozen dataclass's __init__ sets each of Hit's 27 through
    # object.__setattr__ (3 us a hit, 30 of a 10k recall's ~1.1 ms, against 0.4): the same object,
    # compared, copied (`replace`) and shown alike (tests/test_recall_hits.py).
    hit = object.__new__(Hit)
    hit.__dict__.update(
        id=row["id"],
        content=row["content"],
        memory_type=row["memory_type"],
        space=row["space"],
        score=score,
        valid_from=row["valid_from"],
        channels=dict(ranks),
        multipliers=dict(mult),  # (a row read whole shares its priors with every recall)
        status=row["status"],
        title=row["title"],
        valid_to=row["valid_to"],
        created_at=row["created_at"],
        confidence=row["confidence"],
        effective_confidence=row["effective_confidence"],
        stability=row["stability"],
        pinned=bool(row["pinned"]),
        entities=extra.names.get(row["id"], ()),
        access_count=row["access_count"],
        last_accessed=row["last_accessed"],
        source=row["source"],
        signals=raw,
        session_id=None,  # (where in a conversation: `_placed`)
        position=None,
        session_title="",
        context=(),
        awaiting=extra.waiting.get(row["id"]),
        speaker=extra.said_by.get(row["id"], ""),
    )
    return hit


def _placed(db: Database, hits: list[Hit], found: dict[str, conversations.Place], context: int) -> list[Hit]:
    """Hits with their session and position, and with `context` turns around them when asked
    (the turns around every hit in one batch of reads)."""
    placed = [(hit, found.get(hit.id)) for hit in hits]
    wanted = [place for _, place in placed if place is not None] if context else []
    turns = iter(db.rows_many([conversations.around_query(place, context) for place in wanted]))
    out = []
    for hit, place in placed:
        if place is None:
            out.append(hit)
            continue
        around = tuple(conversations.turns_from(next(turns))) if context else ()
        out.append(
            replace(
                hit, session_id=place.session_id, position=place.position, session_title=place.title, context=around
            )
        )
    return out


_ENTITIES_SQL = (
    "SELECT me.memory_id, e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
    "WHERE me.memory_id IN ({marks}) ORDER BY e.name"
)


def _entities(rows: list[tuple[Any, ...]]) -> dict[str, tuple[str, ...]]:
    """Memory id -> entity names, from the rows of _ENTITIES_SQL."""
    out: dict[str, list[str]] = {}
    for mid, name in rows:
        out.setdefault(mid, []).append(name)
    return {k: tuple(v) for k, v in out.items()}


# Whether any memory has an entity link, any page cites a memory (a home without either skips
# those reads of the hits).
_LINKED_SQL = "SELECT EXISTS (SELECT 1 FROM memory_entities)"
_CITED_SQL = "SELECT EXISTS (SELECT 1 FROM page_sources)"

# CROSS JOIN keeps SQLite's join order (the hits' sources first, by idx_page_sources_memory): with a
# plain JOIN it chose idx_pages_status and read every active page's sources (14k pages: 190 ms).
_PAGES_SQL = (
    "SELECT p.slug, p.title, ps.memory_id FROM page_sources ps CROSS JOIN pages p ON p.id = ps.page_id "
    "WHERE ps.memory_id IN ({{marks}}) AND p.status = 'active' AND {scope}"
)


def _citing_pages(rows: list[tuple[Any, ...]], ids: list[str]) -> tuple[Page, ...]:
    """Active pages of the scope citing any of `ids` (the rows of _PAGES_SQL), the page citing the
    best hit first."""
    if not ids:
        return ()
    order = {mid: i for i, mid in enumerate(ids)}
    cites: dict[tuple[str, str], set[str]] = {}
    for slug, title, mid in rows:
        cites.setdefault((slug, title), set()).add(mid)
    pages = [Page(slug, title, tuple(sorted(found, key=order.__getitem__))) for (slug, title), found in cites.items()]
    return tuple(sorted(pages, key=lambda p: (order[p.cites[0]], -len(p.cites), p.slug)))


def _as_of(value: str | None) -> str | None:
    """A date means the end of that day (what was current on it); a time is taken as given."""
    return None if value is None else clock.as_of(value)


# Per session: (model id, vector_changes seq) at the last check that found nothing to embed, so a
# warm session (quire serve) does not count unembedded rows on every query.
_embedded_upto: weakref.WeakKeyDictionary[Any, tuple[str, int]] = weakref.WeakKeyDictionary()


def _embedding_due(session: Session, model_id: str, seq: int) -> bool:
    """Whether `_embed_pending` would look for deferred captures (the log moved since it last did)."""
    return _embedded_upto.get(session) != (model_id, seq)


def _embed_pending(session: Session, model_id: str, seq: int) -> bool:
    """Embed what waits (unless nothing could have changed since the last check at `seq`, the
    vector change log's end); True when the check ran, so the log's end has to be read again."""
    if not _embedding_due(session, model_id, seq):
        return False
    for warning in session.embed_pending():
        del warning  # near-duplicate notes belong to capture; recall stays quiet about them
    seq = int(session.db.rows(vectors.CHANGES_SQL)[0][1])
    _embedded_upto[session] = (model_id, seq)
    return True


def count_access(session: Session, ids: list[str], query: str) -> None:
    """Count the access on `ids` only: a recall searched with touch=False whose answer was cut to a
    character budget afterwards counts what it showed, not the hits it left out."""
    if ids:
        _touch(session, ids, query, [])


def _touch(
    session: Session,
    ids: list[str],
    query: str,
    reads: list[tuple[str, list[Any]]],
    rowids: list[int] | tuple[int, ...] = (),
) -> list[list[tuple[Any, ...]]]:
    """Count the access on every returned memory (`rowids`: theirs, when known): one transaction,
    one audit row (on a server, sent with `reads` before it, its BEGIN and COMMIT in one round
    trip), or kept to be written behind by a warm process (memory/access.py); the rows of `reads`."""
    db = session.db
    kept = rowcache.of(db)  # the store's change counters, read in the same hold as the write
    at = clock.now_iso()
    known = len(rowids) == len(ids)
    # The query is what an agent sent: a key pasted into it is not kept (memory/gate.py).
    query = gate.redact(query)[:200]
    behind = access.of(db) if kept is not None else None
    if behind is not None:
        found = db.rows_many(reads)
        waiting = access.Waiting(tuple(ids), tuple(rowids) if known else (None,) * len(ids), query, session.actor, at)
        if behind.add(waiting):
            with suppress(QuireError):  # left waiting: the next write takes it (a store locked a moment)
                access.flush(db)
        return found
    with db.batched([*reads, *([rowcache.query()] if kept else [])]) as found:
        execute_in(
            db,
            "UPDATE memories SET access_count = access_count + 1, last_accessed = ? WHERE id IN ({marks})",
            ids,
            before=(at,),
        )
        audit.record(db, session.actor, "recall_access", "memory", ids[0], ids=ids, query=query)
    if kept is not None:
        access.tell(db, tuple(found.pop()[0]), len(ids) + 1, dict.fromkeys(rowids, (1, at)) if known else None)
    return found
