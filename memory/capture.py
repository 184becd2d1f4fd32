"""The capture pipeline: validate, gate, store durably, then embed and flag near-duplicates.

A capture that passes the gate is committed before any model runs, so a missing or crashing
model never loses it: the row stays without an embedding (`pending_embed`) until `reembed`,
`recall` or `rebuild` embeds it, near-duplicate check included.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import numpy as np

from memory import audit, clock, correction, entities, gate, spaces, tiers, tombstones
from memory.db import Database, rows_in
from memory.embed import Embedder, embed_text, to_blob
from memory.errors import ModelUnavailable, NotFound, QuireError, Refused
from memory.models import CapturePayload, missing_fields, retrieval_cue, title_for
from memory.store import LIVE
from memory.vectors import VectorIndex

NEAR_DUPLICATE = 0.75  # Wenlan novelty_threshold; a soft flag only (no cosine separates dupes from related notes)


@dataclass(frozen=True)
class Stored:
    id: str
    warnings: tuple[str, ...] = ()
    pending_embed: bool = False
    near_duplicate_of: str | None = None
    status: str = "stored"


@dataclass(frozen=True)
class Duplicate:
    id: str
    warnings: tuple[str, ...] = ()
    status: str = "duplicate"


@dataclass(frozen=True)
class Rejected:
    reason: str
    detail: str
    similar_to: str | None = None
    warnings: tuple[str, ...] = ()
    status: str = "rejected"
    id: str | None = None


Outcome = Stored | Duplicate | Rejected
EmbedderSource = Callable[[], Embedder]


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The stable JSON shape of `capture --json`."""
    data: dict[str, Any] = {
        "id": outcome.id,
        "status": outcome.status,
        "reason": None,
        "warnings": list(outcome.warnings),
    }
    if isinstance(outcome, Rejected):
        data.update(reason=outcome.reason, detail=outcome.detail, similar_to=outcome.similar_to)
    if isinstance(outcome, Stored):
        data.update(pending_embed=outcome.pending_embed, near_duplicate_of=outcome.near_duplicate_of)
    return data


def new_id() -> str:
    return "mem_" + uuid.uuid4().hex[:12]


@dataclass(frozen=True)
class _Staged:
    id: str
    rowid: int
    text: str
    space: str | None
    supersedes: str | None


def capture(
    db: Database,
    payload: CapturePayload,
    *,
    actor: str = "cli",
    embedder: EmbedderSource | None = None,
    defer_embed: bool = False,
    vectors: VectorIndex | None = None,
) -> Outcome:
    """Capture one memory. `embedder` is called lazily; None or defer_embed leaves it pending."""
    return capture_many(db, [payload], actor=actor, embedder=embedder, defer_embed=defer_embed, vectors=vectors)[0]


def capture_many(
    db: Database,
    payloads: Sequence[CapturePayload],
    *,
    actor: str = "cli",
    embedder: EmbedderSource | None = None,
    defer_embed: bool = False,
    vectors: VectorIndex | None = None,
    check: bool = True,
    source_keys: Sequence[tuple[str, str]] | None = None,
    batch_size: int = 256,
    progress: Callable[[int], None] | None = None,
    waive: frozenset[str] = frozenset(),
) -> list[Outcome]:
    """Capture a batch: one write transaction to store, one embedding call, one to attach vectors.

    `check=False` skips the gate, tombstones, duplicate, contradiction and near-duplicate checks: only the
    speed benchmarks (eval/bench.py, eval/bench_store.py, scripts/) and one rebuild test use it, to seed
    synthetic rows fast; every quality eval (goldens, LoCoMo, LongMemEval) goes through `import_path` or
    `capture` with the checks, as a person's data does.
    `source_keys` marks each payload's origin (file, unit) in the import log, so re-runs skip it.
    `waive` names gate reasons that do not reject here (e.g. too_short for `import --keep-all`);
    a waived capture is stored with a warning naming the reason. Never waive credential_leak.
    """
    outcomes: list[Outcome] = []
    if source_keys:  # a file or folder named after a key (ghp_....md) puts no key in the import log
        source_keys = [(gate.redact(src), unit) for src, unit in source_keys]
    for start in range(0, len(payloads), batch_size):
        chunk = payloads[start : start + batch_size]
        keys = source_keys[start : start + batch_size] if source_keys else None
        batch = _begin(
            db, chunk, keys, actor=actor, check=check, waive=waive, embedder=embedder, defer_embed=defer_embed
        )
        outcomes += _finish(db, batch, actor=actor, vectors=vectors, check=check)
        if progress:
            progress(len(chunk))
    return outcomes


T = TypeVar("T")


def capture_stream(
    db: Database,
    batches: Iterable[tuple[T, Sequence[CapturePayload], Sequence[tuple[str, str]] | None]],
    *,
    actor: str = "cli",
    embedder: EmbedderSource | None = None,
    defer_embed: bool = False,
    vectors: VectorIndex | None = None,
    check: bool = True,
    waive: frozenset[str] = frozenset(),
) -> Iterator[tuple[T, list[Outcome] | QuireError]]:
    """`capture_many` over a stream of (tag, payloads, source keys) batches, for an import: yields
    each tag with its batch's outcomes, or with the QuireError that stopped that batch (the others
    still land), in order.

    The model encodes a batch in a worker thread while this thread stores the next one (and the
    caller reads its input) and then checks and attaches the batch before: onnxruntime releases
    the GIL, so the database work hides behind the encoding instead of adding to it. Two workers:
    the next batch's encode is queued before the one before ends, so the encoder's own threads
    (memory/onnx_model.py) never wait between batches. What each batch sees is what
    `capture_many` shows it: a batch is checked for near-duplicates against
    every earlier batch, whose vectors are attached by then. Storing a batch early changes no row
    the check before reads, except a `supersedes` (which retires its target): a batch with one
    waits until the batch before is done.
    """
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="quire-encode") as pool:
        previous: tuple[T, _Batch | QuireError] | None = None
        for tag, payloads, keys in batches:
            if previous is not None and any(p.supersedes for p in payloads):
                yield previous[0], _done(db, previous[1], actor=actor, vectors=vectors, check=check)
                previous = None
            current: _Batch | QuireError
            try:
                current = _begin(
                    db,
                    payloads,
                    keys,
                    actor=actor,
                    check=check,
                    waive=waive,
                    embedder=embedder,
                    defer_embed=defer_embed,
                    pool=pool,
                )
            except QuireError as exc:  # its transaction rolled back: nothing of it was stored
                current = exc
            if previous is not None:
                yield previous[0], _done(db, previous[1], actor=actor, vectors=vectors, check=check)
            previous = tag, current
        if previous is not None:
            yield previous[0], _done(db, previous[1], actor=actor, vectors=vectors, check=check)


def _done(
    db: Database, batch: _Batch | QuireError, *, actor: str, vectors: VectorIndex | None, check: bool
) -> list[Outcome] | QuireError:
    if isinstance(batch, QuireError):
        return batch
    try:
        return _finish(db, batch, actor=actor, vectors=vectors, check=check)
    except QuireError as exc:
        return exc


@dataclass
class _Batch:
    """A stored batch on its way to its vectors: what `_begin` did, for `_finish` to complete."""

    outcomes: list[Outcome]
    staged: list[_Staged]
    model: Embedder | None = None
    encoding: Future[np.ndarray] | None = None  # the vectors, when a worker encodes them
    unavailable: ModelUnavailable | None = None


def _begin(
    db: Database,
    payloads: Sequence[CapturePayload],
    keys: Sequence[tuple[str, str]] | None,
    *,
    actor: str,
    check: bool,
    waive: frozenset[str],
    embedder: EmbedderSource | None,
    defer_embed: bool,
    pool: ThreadPoolExecutor | None = None,
) -> _Batch:
    """Store a batch (one transaction) and, with a pool, start encoding what was stored."""
    outcomes, staged = _store(db, payloads, actor=actor, check=check, keys=keys, waive=waive)
    batch = _Batch(outcomes, staged)
    if staged and embedder is not None and not defer_embed:
        try:
            batch.model = embedder()
        except ModelUnavailable as exc:
            batch.unavailable = exc
        else:
            if pool is not None:
                batch.encoding = pool.submit(batch.model.encode, [s.text for s in staged])
    return batch


def _finish(db: Database, batch: _Batch, *, actor: str, vectors: VectorIndex | None, check: bool) -> list[Outcome]:
    """Encode (or wait for the worker), flag near-duplicates, attach the vectors; the outcomes."""
    warnings: dict[str, list[str]] = {}
    near: dict[str, tuple[str, float]] = {}
    pending = True
    if batch.model is not None:
        try:
            if batch.encoding is not None:
                matrix = batch.encoding.result()
                near = _attach(db, batch.model, batch.staged, matrix, actor=actor, vectors=vectors, check=check)
            else:
                near = _embed(db, batch.model, batch.staged, actor=actor, vectors=vectors, check=check)
            warnings = near_duplicate_warnings(near)
            pending = False
        except ModelUnavailable as exc:
            batch.unavailable = exc
    if batch.unavailable is not None:
        note = f"stored without an embedding (pending_embed): {batch.unavailable}"
        warnings = {s.id: [note] for s in batch.staged}
    outcomes: list[Outcome] = []
    for outcome in batch.outcomes:
        if isinstance(outcome, Stored):
            extra = tuple(warnings.get(outcome.id, ()))
            other = near.get(outcome.id, (None,))[0]
            outcome = Stored(outcome.id, outcome.warnings + extra, pending_embed=pending, near_duplicate_of=other)
        outcomes.append(outcome)
    return outcomes


@dataclass
class _Known:
    """What the database already holds for one batch: fetched with a few IN queries, not per capture."""

    logged: dict[tuple[str, str], str | None]
    tombstones: dict[str, tuple[Any, ...]]
    existing: dict[tuple[str, str | None], str]
    keyed: dict[str, str]  # content hash -> this home's tombstone fingerprint of the same text

    def tombstone(self, digest: str) -> tuple[Any, ...] | None:
        return self.tombstones.get(digest) or self.tombstones.get(self.keyed.get(digest, ""))

    @classmethod
    def fetch(cls, db: Database, payloads: Sequence[CapturePayload], keys: Sequence[tuple[str, str]] | None) -> _Known:
        hashes = sorted({gate.content_hash(p.content) for p in payloads})
        keyed: dict[str, str] = {}
        if tombstones.has_key(db):  # no tombstone yet: nothing to hash against
            for p in payloads:
                keyed[gate.content_hash(p.content)] = tombstones.keyed_hash(db, p.content) or ""
        logged = {}
        if keys:
            units: dict[str, set[str]] = {}
            for src, unit in keys:
                units.setdefault(src, set()).add(unit)
            for src, wanted in units.items():  # by (source, unit_key), the primary key: no table scan
                for unit, mid in rows_in(
                    db,
                    "SELECT unit_key, memory_id FROM import_log WHERE source = ? AND unit_key IN ({marks})",
                    sorted(wanted),
                    before=(src,),
                ):
                    logged[(src, unit)] = mid
        tombs = {
            r[0]: r
            for r in rows_in(
                db,
                "SELECT fingerprint, id, memory_id, created_at FROM tombstones "
                "WHERE lifted_at IS NULL AND fingerprint IN ({marks})",
                sorted(set(hashes) | set(keyed.values())),
            )
        }
        existing: dict[tuple[str, str | None], str] = {}
        for digest, space, mid in rows_in(
            db,
            f"SELECT content_hash, space, id FROM memories WHERE {LIVE} "
            "AND content_hash IN ({marks}) ORDER BY created_at DESC",
            hashes,
        ):
            existing[(digest, space)] = mid  # oldest wins (rows come newest first)
        return cls(logged, tombs, existing, keyed)


_INSERT_MEMORY = """INSERT INTO memories(id, content, memory_type, structured_fields, retrieval_cue, title, space,
       confidence, effective_confidence, stability, supersedes, supersede_mode, status, content_hash,
       valid_from, created_at, updated_at, source, source_agent)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, 'active', ?, ?, ?, ?, ?, ?)"""


@dataclass
class _Held:
    """A batch's inserts, held until a statement must see them and then written one statement a
    table: one by one they were five statements a memory, and the memories INSERT alone (its FTS
    trigger recompiled on every call) cost 146 us a message of a chat import against ~50 in one
    executemany. Audit rows keep their order; a row id is known once its memory is written."""

    memories: list[tuple[Any, ...]] = field(default_factory=list)
    links: list[tuple[str, Sequence[str]]] = field(default_factory=list)
    audit: list[tuple[str, ...]] = field(default_factory=list)
    log: list[tuple[str, str, str | None, str]] = field(default_factory=list)
    rowids: dict[str, int] = field(default_factory=dict)

    def flush(self, db: Database) -> None:
        if self.memories:
            db.executemany(_INSERT_MEMORY, self.memories)
            ids = [m[0] for m in self.memories]
            self.rowids.update(
                (mid, int(r)) for mid, r in rows_in(db, "SELECT id, rowid FROM memories WHERE id IN ({marks})", ids)
            )
        if self.links:
            entities.link_many(db, self.links)
        audit.record_many(db, self.audit)
        if self.log:
            db.executemany(
                "INSERT OR IGNORE INTO import_log(source, unit_key, memory_id, imported_at) VALUES (?, ?, ?, ?)",
                self.log,
            )
        self.memories, self.links, self.audit, self.log = [], [], [], []


def _store(
    db: Database,
    payloads: Sequence[CapturePayload],
    *,
    actor: str,
    check: bool,
    keys: Sequence[tuple[str, str]] | None,
    waive: frozenset[str] = frozenset(),
) -> tuple[list[Outcome], list[_Staged]]:
    outcomes: list[Outcome] = []
    staged: list[_Staged] = []
    space_of: dict[str | None, str | None] = {}  # requested -> resolved, once per batch
    held = _Held()
    with db.transaction():
        known = _Known.fetch(db, payloads, keys)
        for i, payload in enumerate(payloads):
            key = keys[i] if keys else None
            if key in known.logged:  # processed by an earlier run (stored or rejected): skip it
                outcomes.append(Duplicate(known.logged[key] or "", ("already imported from this source",)))
                continue
            if payload.space not in space_of:
                # A key given as the space is refused by the gate below, never named in an unknown-space error.
                keyed = bool(payload.space and gate.find_credentials(payload.space))
                space_of[payload.space] = None if keyed else spaces.resolve_write_space(db, payload.space)
            outcome, item = _store_one(
                db, payload, space_of[payload.space], actor=actor, check=check, known=known, waive=waive, held=held
            )
            outcomes.append(outcome)
            if key:
                known.logged[key] = outcome.id
                held.log.append((*key, outcome.id, clock.now_iso()))
            if item is not None:
                staged.append(item)
        held.flush(db)
    return outcomes, [replace(s, rowid=held.rowids[s.id]) for s in staged]


def _store_one(
    db: Database,
    payload: CapturePayload,
    space: str | None,
    *,
    actor: str,
    check: bool,
    known: _Known,
    held: _Held,
    waive: frozenset[str] = frozenset(),
) -> tuple[Outcome, _Staged | None]:
    digest = gate.content_hash(payload.content)
    waived: tuple[str, ...] = ()
    if check:
        refused, waived = _screen(db, payload, digest, space, actor=actor, known=known, held=held, waive=waive)
        if refused is not None:
            return refused, None
    if payload.supersedes:
        held.flush(db)  # the target may be an earlier memory of this batch
        if db.scalar("SELECT 1 FROM memories WHERE id = ?", (payload.supersedes,)) is None:
            raise NotFound(
                f"--supersedes {payload.supersedes}: no such memory; check the id with `quire recall` or `quire log`"
            )
    warnings = payload._text_notes + _field_warnings(payload) + waived
    memory_id, cue = _stage(held, payload, digest, space, actor=actor)
    known.existing.setdefault((digest, space), memory_id)
    if payload.supersedes:
        held.flush(db)
        warnings += tuple(correction.apply_supersede(db, memory_id, payload.supersedes, actor=actor))
    elif check and correction.compared(payload.type):
        held.flush(db)  # the check reads this memory and every earlier one
        warnings += tuple(correction.check_contradictions(db, memory_id, actor=actor))
    item = _Staged(memory_id, 0, embed_text(space, cue, payload.content), space, payload.supersedes)
    return Stored(memory_id, warnings), item


def _screen(
    db: Database,
    payload: CapturePayload,
    digest: str,
    space: str | None,
    *,
    actor: str,
    known: _Known,
    held: _Held,
    waive: frozenset[str],
) -> tuple[Outcome | None, tuple[str, ...]]:
    """The checks before anything is staged: the gate, tombstones, an exact duplicate. Returns the
    refusal (None to go on) and the warning for a gate reason `waive` let through."""
    content = payload.content
    verdict = gate.check(content, payload.other_texts())
    if not verdict.passed and (verdict.reason not in waive or verdict.reason == "credential_leak"):
        return _reject(db, held, content, verdict.reason or "", verdict.detail, space, actor), ()
    waived = () if verdict.passed else (f"kept although the gate says {verdict.reason} ({verdict.detail})",)
    tomb = known.tombstone(digest)
    if tomb:
        _, tomb_id, tomb_memory, tomb_at = tomb
        detail = (
            f"matches tombstone {tomb_id} (forgotten {tomb_memory or ''} on {tomb_at[:10]}); "
            f"a person can lift it with `quire tombstones lift {tomb_id}`"
        )
        # The text was forgotten on purpose: the rejection log must not hold it again.
        return _reject(db, held, None, "tombstoned", detail, space, actor), ()
    existing = known.existing.get((digest, space))
    if existing:
        return Duplicate(existing, (f"exact duplicate of {existing}; nothing written",)), ()
    return None, waived


def _field_warnings(payload: CapturePayload) -> tuple[str, ...]:
    # Plain captures (no fields at all) get no nagging; partial field sets say what is missing.
    if not payload.fields:
        return ()
    missing = missing_fields(payload.type, dict(payload.fields))
    return tuple(f"missing required field '{f}' for {payload.type} memory" for f in missing)


def _stage(held: _Held, payload: CapturePayload, digest: str, space: str | None, *, actor: str) -> tuple[str, str]:
    """Queue the memory's row, its entity links and its audit row (written by `held.flush`);
    returns the new id and the retrieval cue."""
    memory_type, content = payload.type, payload.content
    fields = dict(payload.fields)
    cue = payload.cue or retrieval_cue(memory_type, fields, content)
    confidence = tiers.confidence_for(memory_type, payload.confidence)
    memory_id = new_id()
    now = clock.now_iso()
    valid_from = clock.normalize_when(payload.valid_from) if payload.valid_from else now
    held.memories.append(
        (
            memory_id,
            content,
            memory_type,
            json.dumps(fields, sort_keys=True),
            cue,
            payload.title or title_for(content),
            space,
            confidence,
            confidence,
            payload.supersedes,
            tiers.supersede_mode(memory_type),
            digest,
            valid_from,
            now,
            now,
            payload.source,
            actor,
        )
    )
    if payload.entities:
        held.links.append((memory_id, payload.entities))
    held.audit.append(
        audit.row(
            actor,
            "capture",
            "memory",
            memory_id,
            type=memory_type,
            space=space,
            content_hash=digest,
            supersedes=payload.supersedes,
            entities=payload.entities,
        )
    )
    return memory_id, cue


def precheck(payload: CapturePayload) -> Rejected | None:
    """The gate's verdict on a capture without a database (too_short, a credential in any field,
    noise): what a capture queued offline must pass before the outbox holds it. None = passes."""
    verdict = gate.check(payload.content, payload.other_texts())
    return None if verdict.passed else Rejected(verdict.reason or "", verdict.detail)


def _reject(
    db: Database, held: _Held, content: str | None, reason: str, detail: str, space: str | None, actor: str
) -> Rejected:
    """Log a refused capture; `content=None` logs the refusal without the text (tombstoned)."""
    rid = _log_refusal(db, content, reason, detail, space, actor)
    held.audit.append(audit.row(actor, "reject", "rejected_capture", str(rid), reason=reason, detail=detail))
    return Rejected(reason, detail)


def _log_refusal(db: Database, content: str | None, reason: str, detail: str, space: str | None, actor: str) -> int:
    return db.insert(
        "INSERT INTO rejected_captures(content_redacted, reason, detail, space, source_agent, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            gate.redact(content) if content is not None else "",
            reason,
            detail,
            gate.redact(space) if space else space,
            actor,
            clock.now_iso(),
        ),
    )


def log_refused(db: Database, refused: Refused, *, actor: str) -> None:
    """The rejection log's line for a supersede or an edit the gate refused, as a refused capture
    writes it (redacted, with its audit row), in a transaction of its own: the write it belongs to
    was rolled back, or never began."""
    with db.transaction():
        rid = _log_refusal(db, refused.text, refused.reason, refused.detail, refused.space, actor)
        audit.record(db, actor, "reject", "rejected_capture", str(rid), reason=refused.reason, detail=refused.detail)


def _embed(
    db: Database, model: Embedder, staged: list[_Staged], *, actor: str, vectors: VectorIndex | None, check: bool
) -> dict[str, tuple[str, float]]:
    """Embed and store vectors; returns near-duplicates found (id -> (other id, cosine))."""
    matrix = model.encode([s.text for s in staged])
    return _attach(db, model, staged, matrix, actor=actor, vectors=vectors, check=check)


def _attach(
    db: Database,
    model: Embedder,
    staged: list[_Staged],
    matrix: np.ndarray,
    *,
    actor: str,
    vectors: VectorIndex | None,
    check: bool,
) -> dict[str, tuple[str, float]]:
    """Flag near-duplicates of freshly encoded rows, store their vectors (one transaction) and add
    them to the index; returns the near-duplicates found (id -> (other id, cosine))."""
    near: dict[str, tuple[str, float]] = {}
    if check:
        index = (
            vectors
            if vectors is not None and vectors.model_id == model.model_id
            else VectorIndex.load(db, model.model_id)
        )
        near = _near_duplicates(db, index, staged, matrix)
    with db.transaction():
        db.executemany(
            "UPDATE memories SET embedding = ?, embed_model = ?, near_duplicate_of = ? WHERE id = ?",
            [
                (to_blob(vec), model.model_id, near.get(s.id, (None,))[0], s.id)
                for s, vec in zip(staged, matrix, strict=True)
            ],
        )
        audit.record(db, actor, "embed", "batch", staged[0].id, ids=[s.id for s in staged], model=model.model_id)
    if vectors is not None and vectors.model_id == model.model_id:
        vectors.add([s.rowid for s in staged], [s.id for s in staged], matrix)
    return near


def near_duplicate_warnings(near: dict[str, tuple[str, float]]) -> dict[str, list[str]]:
    return {
        mid: [
            f"near_duplicate: {sim:.2f} similar to {other}; stored anyway. If it repeats that memory, "
            f"capture again with --supersedes {other}, or `quire forget` one of them"
        ]
        for mid, (other, sim) in near.items()
    }


def _near_duplicates(
    db: Database, index: VectorIndex, staged: list[_Staged], matrix: np.ndarray
) -> dict[str, tuple[str, float]]:
    """Best same-space active neighbour at cosine >= NEAR_DUPLICATE, earlier batch members included.

    The index yields each memory's near-top exactly (`VectorIndex.top_above`), and every row at
    or above the threshold (`VectorIndex.above`) only for a memory whose near-top has none allowed.
    Each memory's hits are walked best first, and only the space and status of the ones walked
    are read from the database (`_first_allowed`), so the reads stay a few per memory however
    many earlier rows are similar (a templated 100k import: thousands of hits per batch).
    """
    found: dict[str, tuple[str, float]] = {}
    batch_sims = matrix @ matrix.T  # earlier members of the same batch are not in the index yet

    def ranked(hits: Iterable[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        out = []
        for positions, sims in hits:
            order = np.lexsort((index.rowids[positions], -sims))  # best first; ties: lower rowid first
            out.append((index.rowids[positions[order]], index.ids[positions[order]], sims[order]))
        return out

    # The near-top of each memory's hits first: every row at or above its floor is in it, so an
    # allowed one there is the answer the whole list gives; only the memories whose near-top holds
    # none allowed (another space, the row it supersedes) read every hit. A templated 100k import
    # has hundreds of hits a memory, and re-scoring them all was most of its scan.
    top = index.top_above(matrix, NEAR_DUPLICATE)
    bests = _first_allowed(db, staged, ranked((p, s) for p, s, _ in top))
    again = [
        i
        for i, (best, (_, _, floor)) in enumerate(zip(bests, top, strict=True))
        if best is None and floor > NEAR_DUPLICATE
    ]
    if again:
        everything = ranked(index.above(matrix[again], NEAR_DUPLICATE))
        for i, best in zip(again, _first_allowed(db, [staged[i] for i in again], everything), strict=True):
            bests[i] = best
    for i, (item, best) in enumerate(zip(staged, bests, strict=True)):
        for j in np.flatnonzero(batch_sims[i, :i] >= NEAR_DUPLICATE):
            if staged[j].space == item.space and staged[j].id != item.supersedes:
                sim = float(batch_sims[i, j])
                if best is None or sim > best[1]:
                    best = (staged[j].id, sim)
        if best:
            found[item.id] = best
    return found


# Hits per memory whose row is read in the first round; the window doubles each round. 1: a
# memory's best hit is nearly always allowed (same space, active), and reading 8 a memory cost
# 53 ms a batch at 40k rows against 0.33 s for reading every hit before (cProfile, chat import).
NEAR_WINDOW = 1


def _first_allowed(
    db: Database, staged: list[_Staged], ranked: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
) -> list[tuple[str, float] | None]:
    """Per memory, its first ranked hit (rowids, ids, cosines, best first) that is an active row of
    the same space and neither the memory itself nor the one it supersedes; None if no hit is.

    The same answer as reading every hit's row at once: hits are taken in order, in windows that
    double per round, and a memory stops at its first allowed hit. Rows read once serve every memory.
    """
    best: list[tuple[str, float] | None] = [None] * len(staged)
    allowed: dict[int, str | None] = {}  # rowid -> space, for active rows with a vector
    read: set[int] = set()
    start = [0] * len(staged)
    looking = [i for i, (rowids, _, _) in enumerate(ranked) if len(rowids)]
    window = NEAR_WINDOW
    while looking:
        wanted = {int(r) for i in looking for r in ranked[i][0][start[i] : start[i] + window]} - read
        for rowid, space in rows_in(
            db,
            "SELECT rowid, space FROM memories WHERE rowid IN ({marks}) "
            "AND status = 'active' AND embedding IS NOT NULL",
            sorted(wanted),
        ):
            allowed[int(rowid)] = space
        read |= wanted
        still = []
        for i in looking:
            rowids, ids, sims = ranked[i]
            item, end = staged[i], min(start[i] + window, len(rowids))
            for j in range(start[i], end):
                rowid, other = int(rowids[j]), str(ids[j])
                if rowid in allowed and allowed[rowid] == item.space and other not in (item.id, item.supersedes):
                    best[i] = (other, float(sims[j]))
                    break
            else:
                start[i] = end
                if end < len(rowids):
                    still.append(i)
        looking, window = still, window * 2
    return best


def embed_pending(
    db: Database,
    model: Embedder,
    *,
    actor: str = "cli",
    vectors: VectorIndex | None = None,
    everything: bool = False,
    batch_size: int = 256,
    progress: Callable[[int], None] | None = None,
) -> tuple[int, list[str]]:
    """Embed rows without a vector (or with another model's, or all with `everything`).

    Returns (count, warnings). Near-duplicate checks run for rows that never had a vector.
    """
    where = "1" if everything else "(embedding IS NULL OR embed_model IS NOT ?)"
    params: tuple[Any, ...] = () if everything else (model.model_id,)
    rows = db.dicts(
        f"SELECT rowid AS r, id, space, retrieval_cue, content, supersedes, embedding IS NULL AS fresh "
        f"FROM memories WHERE {where} AND {LIVE} ORDER BY rowid",
        params,
    )
    warnings: list[str] = []
    for start in range(0, len(rows), batch_size):
        chunk = rows[start : start + batch_size]
        staged = [
            _Staged(
                r["id"], r["r"], embed_text(r["space"], r["retrieval_cue"], r["content"]), r["space"], r["supersedes"]
            )
            for r in chunk
        ]
        fresh = [s for s, r in zip(staged, chunk, strict=True) if r["fresh"]]
        stale = [s for s, r in zip(staged, chunk, strict=True) if not r["fresh"]]
        for group, check in ((fresh, True), (stale, False)):
            if group:
                found = near_duplicate_warnings(_embed(db, model, group, actor=actor, vectors=vectors, check=check))
                warnings += [f"{mid}: {w}" for mid, ws in found.items() for w in ws]
        if progress:
            progress(len(chunk))
    if rows:
        with db.transaction():
            db.execute(
                "INSERT INTO meta(key, value) VALUES ('embed_model', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (model.model_id,),
            )
            audit.record(
                db, actor, "reembed", "store", "memories", count=len(rows), model=model.model_id, everything=everything
            )
    return len(rows), warnings


def pending_count(db: Database, model_id: str) -> int:
    """Live rows without a vector of `model_id`; two indexed counts instead of a full scan (in one
    statement: one round trip to a server)."""
    missing, stale = db.rows(
        f"SELECT (SELECT count(*) FROM memories WHERE embedding IS NULL AND {LIVE}), "
        f"(SELECT count(*) FROM memories WHERE embedding IS NOT NULL AND (embed_model < ? OR embed_model > ?) "
        f"AND {LIVE})",
        (model_id, model_id),
    )[0]
    return int(missing) + int(stale)
