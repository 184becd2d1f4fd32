"""The capture pipeline: validate, gate, store durably, then embed and flag near-duplicates.

A capture that passes the gate is committed before any model runs, so a missing or crashing
model never loses it: the row stays without an embedding (`pending_embed`) until `reembed`,
`recall` or `rebuild` embeds it, near-duplicate check included.
"""

from __future__ import annotations

import json
import os
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, cast

import numpy as np

from memory import (
    audit,
    clock,
    conversations,
    correction,
    entities,
    gate,
    life,
    meta,
    rehear,
    spaces,
    statements,
    supersede,
    tiers,
    tokens,
    tombstones,
)
from memory.db import Database, bulk_cache, insert_many, insert_numbered, rows_in
from memory.embed import Embedder, embed_text, to_blob
from memory.errors import Forgotten, ModelUnavailable, NotFound, QuireError, Refused
from memory.models import CapturePayload, missing_fields, retrieval_cue, title_for
from memory.store import HISTORY, HISTORY_STATUSES, LIVE
from memory.vectors import VectorIndex

NEAR_DUPLICATE = 0.75  # Wenlan novelty_threshold; a soft flag only (no cosine separates dupes from related notes)


@dataclass(frozen=True)
class Stored:
    id: str
    warnings: tuple[str, ...] = ()
    pending_embed: bool = False
    near_duplicate_of: str | None = None
    status: str = "stored"


# The warning of a capture stored although the gate refuses it (a reason `waive` let through).
WAIVED = "kept although the gate says "


@dataclass(frozen=True)
class Duplicate:
    id: str
    warnings: tuple[str, ...] = ()
    status: str = "duplicate"
    # An earlier run of this import stored this very unit from this place of this source (`_logged`),
    # not the same words from elsewhere: what memory/chats.py `_redate` moves to a time read otherwise.
    logged: bool = False


@dataclass(frozen=True)
class Rejected:
    reason: str
    detail: str
    similar_to: str | None = None
    warnings: tuple[str, ...] = ()
    status: str = "rejected"
    id: str | None = None


Outcome = Stored | Duplicate | Rejected
_Said = TypeVar("_Said")  # a typed outcome (one of Outcome, or an outbox's Queued): a frozen dataclass with warnings
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


def noted(outcome: _Said, notes: tuple[str, ...]) -> _Said:
    """`outcome` (any typed outcome: Stored, Duplicate, Rejected, an outbox's Queued) with what the text
    policy changed of its payload first among its warnings: a cleaned capture that came back Duplicate
    or Rejected said only "exact duplicate", never that its text had been changed."""
    said: Any = outcome
    missing = tuple(n for n in notes if n not in said.warnings)
    return cast(_Said, replace(said, warnings=missing + tuple(said.warnings))) if missing else outcome


class _Ids:
    """New memory ids: 6 random hex digits drawn once a process, then a counter of 6 from a random start.
    The ids one process makes sort together, so an import's rows go to a few pages of every index on
    a memory id (memories' own key, session_turns, statements, memory_entities): all-random ids put
    each of a batch's 256 rows on its own page of each, and the memories INSERT and its commit cost
    85 us a row at 100k rows against 59 (`quire bench import`). Two processes' ids meet only if they
    draw the same 24 bits and their counters overlap: less likely than two all-random 48-bit ids
    meeting in a home of 100k. A forked child draws its own (`os.register_at_fork`); a counter that
    runs out draws again. The order of ids says nothing the store relies on
    (tests/test_import_same_moment.py)."""

    def __init__(self) -> None:
        self.forked()

    def forked(self) -> None:
        """A fresh draw and lock (in a forked child the lock may be held by a thread it does not have)."""
        self._lock = threading.Lock()
        self._draw()

    def _draw(self) -> None:
        self._prefix = os.urandom(3).hex()
        self._next = int.from_bytes(os.urandom(3), "big")

    def new(self) -> str:
        with self._lock:
            if self._next > 0xFFFFFF:
                self._draw()
            at, self._next = self._next, self._next + 1
            return f"mem_{self._prefix}{at:06x}"


_IDS = _Ids()
os.register_at_fork(after_in_child=_IDS.forked)


def new_id() -> str:
    """A new memory id: "mem_" and 12 hex digits (`_Ids`)."""
    return _IDS.new()


@dataclass(slots=True)
class _Staged:
    """A memory staged in a batch, on its way to its vector: its row id is set once its row is written
    (`_store`), not by building it again (a frozen dataclass's fields cost 0.1 us each to set)."""

    id: str
    rowid: int
    text: str
    space: str | None
    supersedes: str | None
    cue: str = ""  # its retrieval cue (part of `text`): a chat turn's is the turn before it
    content: str = ""

    def repeats(self, content: str) -> bool:
        """Whether this memory may be a near-duplicate of one saying `content`: any memory, but a
        turn between people (its cue names the speakers: memory/conversations.names_speaker) only
        of one whose words it repeats (NEAR_WORDS), as its vector meets every turn of its chat on
        the names."""
        if not self.cue or not conversations.names_speaker(self.cue):
            return True
        return correction.word_jaccard(self.content, content) >= NEAR_WORDS

    def cued_by(self, content: str) -> bool:
        """Whether `content` is the text this memory's cue was read from (between people, a turn's
        cue is the turn before it: memory/chats.py). Its vector holds that text, so the two are
        close by construction, not because one repeats the other: 208 of the 252 near-duplicate
        flags of a 419-message WhatsApp chat were a turn and the one it answered."""
        said = " ".join(content.split())
        return bool(self.cue and said) and (said.startswith(self.cue) or self.cue.startswith(said))


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


def hearable(payload: CapturePayload) -> bool:
    """Whether a capture is read for the person's life (`heard`; a file of captures: memory/importer.py): a
    note, its type said or the default. A typed capture keeps the contradiction check; an edit (`supersedes`)
    is the person's own decision."""
    return payload.type == "note" and not payload.supersedes


def heard(db: Database, payload: CapturePayload, outcome: Outcome, *, actor: str) -> Outcome:
    """A note a person captured (`Session.capture`: the CLI, the library, MCP, the UI, a queued capture at
    `quire sync`) read for their life as a paragraph of their imported notes is (`correction.heard`): the
    same words have the same outcome by every route (a file of captures: the importer hears each batch's).
    `capture_many` and `capture_stream` (benchmarks, evals seeding rows) never hear."""
    if not isinstance(outcome, Stored | Duplicate) or not hearable(payload):
        return outcome
    if isinstance(outcome, Duplicate) and not rehear.untouched(db, [outcome.id]):
        return outcome  # heard before (a note that states something is typed when heard)
    # (a duplicate still untouched: a capture killed after its commit and before its hearing, captured again)
    said = correction.heard(db, [(outcome.id, payload.content)], actor=actor)
    return replace(outcome, warnings=(*outcome.warnings, *said)) if said else outcome


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

    Each batch is encoded before it is stored: a worker thread encodes it (onnxruntime releases
    the GIL) while this thread stores the batch before, and its rows are then written with their
    vectors and near-duplicate flags in one transaction, not inserted and then updated. Batches
    land one after the other, so each is checked against every earlier batch exactly as
    `capture_many` checks it. Two workers: the next batch's encode is queued before the one
    before ends, so the encoder's own threads (memory/onnx_model.py) never wait between batches.
    What is sent to the encoder is what the batch will store as far as can be told before it
    lands (not logged by an earlier run, through the gate); a row whose text was not encoded
    ahead is encoded when it lands, so the vectors are the same either way.
    """
    with bulk_cache(db), ThreadPoolExecutor(max_workers=2, thread_name_prefix="quire-encode") as pool:
        previous: tuple[T, _Ahead] | None = None
        for tag, payloads, keys in batches:
            source = None if defer_embed else embedder
            current = _ahead(db, payloads, keys, check=check, waive=waive, embedder=source, pool=pool)
            if previous is not None:
                yield (
                    previous[0],
                    _landed_batch(db, previous[1], actor=actor, vectors=vectors, check=check, waive=waive),
                )
            previous = tag, current
        if previous is not None:
            yield previous[0], _landed_batch(db, previous[1], actor=actor, vectors=vectors, check=check, waive=waive)


@dataclass
class _Ahead:
    """A batch read ahead of its landing: the gate's verdicts (made once) and the encode started
    for the texts it will store, by text."""

    payloads: Sequence[CapturePayload]
    keys: Sequence[tuple[str, str]] | None
    verdicts: list[gate.GateVerdict | None]
    model: Embedder | None = None
    texts: dict[str, int] = field(default_factory=dict)  # embed text -> row of the encoding
    # Per payload, the (space, cue, encoder's text) made here, for `_store` to take where it lands in that
    # space (`_Told`); None where none was made.
    told: list[_Told | None] = field(default_factory=list)
    encoding: Future[np.ndarray] | None = None
    unavailable: ModelUnavailable | None = None


def _ahead(
    db: Database,
    payloads: Sequence[CapturePayload],
    keys: Sequence[tuple[str, str]] | None,
    *,
    check: bool,
    waive: frozenset[str],
    embedder: EmbedderSource | None,
    pool: ThreadPoolExecutor,
) -> _Ahead:
    """Start encoding what a batch will store: not logged by an earlier run, through the gate.
    Only reads: the batch's own transaction (`_landed_batch`) decides again with what it sees."""
    logged = _Known.logged_keys(db, keys) if keys else {}
    done = [keys is not None and keys[i] in logged for i in range(len(payloads))]  # skipped when they land
    verdicts = [
        None if d or not check else gate.check(p.content, p.other_texts()) for p, d in zip(payloads, done, strict=True)
    ]
    ahead = _Ahead(payloads, keys, verdicts)
    if embedder is None or not payloads:
        return ahead
    try:
        ahead.model = embedder()
    except ModelUnavailable as exc:
        ahead.unavailable = exc
        return ahead
    space_of: dict[str | None, str | None] = {}
    ahead.told = [None] * len(payloads)
    for i, payload in enumerate(payloads):
        verdict = verdicts[i]
        if done[i] or (verdict is not None and _refused(verdict, waive)):
            continue
        if payload.space not in space_of:
            try:
                space_of[payload.space] = _write_space(db, payload.space)
            except QuireError:  # refused when it lands, with its reason
                continue
        space, cue = space_of[payload.space], _cue(payload)
        text = embed_text(space, cue, payload.content)
        ahead.told[i] = (space, cue, text)
        ahead.texts.setdefault(text, len(ahead.texts))
    if ahead.texts:
        ahead.encoding = pool.submit(ahead.model.encode, list(ahead.texts))
    return ahead


def _refused(verdict: gate.GateVerdict, waive: frozenset[str]) -> bool:
    """Whether the gate's verdict refuses the capture (a waived reason lets it through, never a credential)."""
    return not verdict.passed and (verdict.reason not in waive or verdict.reason == "credential_leak")


def _write_space(db: Database, requested: str | None) -> str | None:
    """The space a capture is written to; a key given as the space is refused by the gate, never
    named in an unknown-space error."""
    keyed = bool(requested and gate.find_credentials(requested))
    return None if keyed else spaces.resolve_write_space(db, requested)


def _landed_batch(
    db: Database, ahead: _Ahead, *, actor: str, vectors: VectorIndex | None, check: bool, waive: frozenset[str]
) -> list[Outcome] | QuireError:
    """Store a batch read ahead, its rows with their vectors and near-duplicate flags, in one
    transaction; its outcomes, or the QuireError that rolled it back."""
    matrix = None
    if ahead.encoding is not None:
        try:
            matrix = ahead.encoding.result()
        except ModelUnavailable as exc:
            ahead.unavailable = exc
    model = ahead.model if ahead.unavailable is None else None
    embedded = _Embedded(model, ahead.texts, matrix, vectors, check=check) if model is not None else None
    try:
        outcomes, staged = _store(
            db,
            ahead.payloads,
            actor=actor,
            check=check,
            keys=ahead.keys,
            waive=waive,
            verdicts=ahead.verdicts,
            embedded=embedded,
            told=ahead.told,
        )
    except QuireError as exc:  # its transaction rolled back: nothing of it was stored
        return exc
    batch = _Batch(outcomes, staged, model, unavailable=ahead.unavailable)
    if embedded is None or not staged:
        return _with_vectors(batch, {}, pending=embedded is None)
    if vectors is not None and vectors.model_id == embedded.model.model_id:
        vectors.add([s.rowid for s in staged], [s.id for s in staged], embedded.matrix)
    return _with_vectors(batch, embedded.near, pending=False)


@dataclass
class _Batch:
    """A stored batch on its way to its vectors: what `_begin` did, for `_finish` to complete."""

    outcomes: list[Outcome]
    staged: list[_Staged]
    model: Embedder | None = None
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
) -> _Batch:
    """Store a batch (one transaction) and load the model that `_finish` encodes it with."""
    outcomes, staged = _store(db, payloads, actor=actor, check=check, keys=keys, waive=waive)
    batch = _Batch(outcomes, staged)
    if staged and embedder is not None and not defer_embed:
        try:
            batch.model = embedder()
        except ModelUnavailable as exc:
            batch.unavailable = exc
    return batch


def _finish(db: Database, batch: _Batch, *, actor: str, vectors: VectorIndex | None, check: bool) -> list[Outcome]:
    """Encode, flag near-duplicates, attach the vectors; the outcomes."""
    near: dict[str, tuple[str, float]] = {}
    if batch.model is not None:
        try:
            near = _embed(db, batch.model, batch.staged, actor=actor, vectors=vectors, check=check)
        except ModelUnavailable as exc:
            batch.unavailable = exc
    return _with_vectors(batch, near, pending=batch.model is None or batch.unavailable is not None)


def _with_vectors(batch: _Batch, near: dict[str, tuple[str, float]], *, pending: bool) -> list[Outcome]:
    """A batch's outcomes once its vectors are attached (or left pending): the near-duplicate
    warnings, or the note that the rows wait for an embedding."""
    warnings = near_duplicate_warnings(near)
    if batch.unavailable is not None:
        note = f"stored without an embedding (pending_embed): {batch.unavailable}"
        warnings = {s.id: [note] for s in batch.staged}
    outcomes: list[Outcome] = []
    for outcome in batch.outcomes:
        if isinstance(outcome, Stored):
            extra = tuple(warnings.get(outcome.id, ()))
            other = near.get(outcome.id, (None,))[0]
            # Most of an import's rows: nothing to add, the outcome kept as it is (not built again).
            if extra or (outcome.pending_embed, outcome.near_duplicate_of, outcome.status) != (
                pending,
                other,
                "stored",
            ):
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
    # (content hash, space) -> the newest memory in those words that is only in history (superseded)
    history: dict[tuple[str, str | None], str] = field(default_factory=dict)
    lifted: set[str] = field(default_factory=set)  # fingerprints of tombstones a person lifted
    spellings: dict[str, str] = field(default_factory=dict)  # entity name_key -> its first spelling
    folded: set[str] = field(default_factory=set)  # the name and space foldings said: once a batch, not each line

    def once(self, said: Iterable[str]) -> tuple[str, ...]:
        """The lines of `said` not said yet in this batch (an import naming "bob" 500 times says it once)."""
        new = tuple(w for w in dict.fromkeys(said) if w not in self.folded)
        self.folded.update(new)
        return new

    def respelt(self, db: Database, names: Sequence[str]) -> tuple[str, ...]:
        """A warning for each name filed under an entity spelt otherwise (stored, or earlier in this batch):
        one lookup a batch for each name, so a chat import naming its few speakers asks once."""
        new = [n for n in names if entities.key(n) not in self.spellings]
        if new:
            found = entities.spelt(db, new)
            for n in new:
                self.spellings.setdefault(entities.key(n), found.get(entities.key(n), n.strip()))
        return tuple(
            entities.filed_under(n, self.spellings[entities.key(n)])
            for n in dict.fromkeys(names)
            if unicodedata.normalize("NFC", self.spellings[entities.key(n)]) != unicodedata.normalize("NFC", n.strip())
        )

    def tombstone(self, digest: str) -> tuple[Any, ...] | None:
        return self.tombstones.get(digest) or self.tombstones.get(self.keyed.get(digest, ""))

    def reopened(self, key: tuple[str, str] | None, digest: str) -> bool:
        """Whether a unit an earlier run refused is in words a person has since let back in (its
        tombstone lifted, none live): read afresh, not skipped as already imported."""
        if key is None or key not in self.logged or self.logged[key] is not None or self.tombstone(digest):
            return False
        return digest in self.lifted or self.keyed.get(digest, "") in self.lifted

    def retired(self, db: Database, by: str) -> None:
        """The memories `by` just superseded move from current to history: a later capture of this
        batch in their words states them again, it does not repeat them."""
        for mid, digest, space in db.rows(
            f"SELECT id, content_hash, space FROM memories WHERE superseded_by = ? AND {HISTORY}",
            (by,),
        ):
            if self.existing.get((digest, space)) == mid:
                del self.existing[(digest, space)]
            self.history[(digest, space)] = mid

    def restated(self, db: Database, key: tuple[str, str], payload: CapturePayload) -> bool:
        """Whether a unit an earlier run logged states its old text again over what replaced it (a
        note or chat message edited A -> B -> A): its memory is in history and the unit supersedes
        the current version of that memory's chain. Then it lands as a new statement; any other
        logged unit is skipped (a re-run must not undo a person's own supersede)."""
        memory_id = self.logged.get(key)
        if not memory_id or not payload.supersedes:
            return False
        status = db.scalar("SELECT status FROM memories WHERE id = ?", (memory_id,))
        if status not in HISTORY_STATUSES:
            return False
        return supersede.current_version(db, memory_id) == payload.supersedes

    @classmethod
    def fetch(
        cls,
        db: Database,
        payloads: Sequence[CapturePayload],
        keys: Sequence[tuple[str, str]] | None,
        digests: list[str],
    ) -> _Known:
        """`digests`: each payload's `gate.content_hash` (made once a batch: NFKC, casefold and sha256)."""
        hashes = sorted(set(digests))
        keyed: dict[str, str] = {}
        if tombstones.has_key(db):  # no tombstone yet: nothing to hash against
            for p, digest in zip(payloads, digests, strict=True):
                keyed[digest] = tombstones.keyed_hash(db, p.content) or ""
        logged = cls.logged_keys(db, keys) if keys else {}
        found = rows_in(
            db,
            "SELECT fingerprint, id, memory_id, created_at, kind, lifted_at FROM tombstones "
            "WHERE fingerprint IN ({marks})",
            sorted(set(hashes) | set(keyed.values())),
        )
        tombs = {r[0]: r[:5] for r in found if r[5] is None}
        lifted = {str(r[0]) for r in found if r[5] is not None}
        existing: dict[tuple[str, str | None], str] = {}
        history: dict[tuple[str, str | None], str] = {}
        for digest, space, mid, status in rows_in(
            db,
            f"SELECT content_hash, space, id, status FROM memories WHERE {LIVE} "
            "AND content_hash IN ({marks}) ORDER BY created_at DESC, rowid DESC",
            hashes,
        ):
            if status in HISTORY_STATUSES:  # superseded: the same words again are a new statement
                history.setdefault((digest, space), mid)  # newest wins
            else:
                existing[(digest, space)] = mid  # oldest wins (rows come newest first)
        return cls(logged, tombs, existing, keyed, history, lifted)

    @staticmethod
    def logged_keys(db: Database, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], str | None]:
        """The keys an earlier run logged, with the memory each gave (None: refused)."""
        logged: dict[tuple[str, str], str | None] = {}
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
        return logged


def logged_keys(db: Database, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], str | None]:
    """Of these (source, unit key)s, those an earlier import logged, with the memory each gave (None: refused)."""
    return _Known.logged_keys(db, keys)


def unlog(db: Database, memory_id: str) -> None:
    """Forget that an import gave `memory_id` (a change its source took back): the same unit met
    again is read afresh, not skipped as already imported."""
    db.execute("DELETE FROM import_log WHERE memory_id = ?", (memory_id,))


def imported_from(db: Database, source: str) -> list[tuple[str, str | None, str | None, str | None]]:
    """(unit key, memory id, its status, its text) of every unit an earlier import logged from
    `source`, oldest first; the id is None for a unit that was refused."""
    return db.rows(
        "SELECT l.unit_key, l.memory_id, m.status, m.content FROM import_log l "
        "LEFT JOIN memories m ON m.id = l.memory_id WHERE l.source = ? ORDER BY l.imported_at, m.rowid",
        (gate.redact(source),),
    )


# lex_*: the texts' compatibility fold for the lexical index (memory.tokens.lexical), NULL when the same.
_INSERT_MEMORY = """INSERT INTO memories(id, content, memory_type, structured_fields, retrieval_cue, title, space,
       confidence, effective_confidence, stability, supersedes, supersede_mode, status, content_hash,
       valid_from, created_at, updated_at, source, source_agent, lex_content, lex_title, lex_cue)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
# The same row with its vector, its model and its near-duplicate flag (`_Embedded`): no UPDATE after.
_INSERT_EMBEDDED = """INSERT INTO memories(id, content, memory_type, structured_fields, retrieval_cue, title, space,
       confidence, effective_confidence, stability, supersedes, supersede_mode, status, content_hash,
       valid_from, created_at, updated_at, source, source_agent, lex_content, lex_title, lex_cue,
       embedding, embed_model, near_duplicate_of)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""


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
    relog: list[tuple[str, str, str | None, str]] = field(default_factory=list)  # a logged unit stated again
    said: list[tuple[str, list[str]]] = field(default_factory=list)  # what a typed memory states (memory/statements.py)
    rowids: dict[str, int] = field(default_factory=dict)
    embedded: bool = False  # the held memories carry their vector, model and flag (_INSERT_EMBEDDED)

    def flush(self, db: Database) -> None:
        if self.memories:
            self.rowids.update(_written(db, _INSERT_EMBEDDED if self.embedded else _INSERT_MEMORY, self.memories))
        if self.links:
            entities.link_many(db, self.links)
        statements.record(db, self.said)
        audit.record_many(db, self.audit)
        if self.log:
            insert_many(
                db,
                "INSERT OR IGNORE INTO import_log(source, unit_key, memory_id, imported_at) VALUES (?, ?, ?, ?)",
                self.log,
            )
        if self.relog:  # the unit's log row now names the memory that states it again
            db.executemany(
                "UPDATE import_log SET memory_id = ?, imported_at = ? WHERE source = ? AND unit_key = ?",
                [(mid, at, src, unit) for src, unit, mid, at in self.relog],
            )
        self.memories, self.links, self.audit, self.log, self.relog, self.said = [], [], [], [], [], []
        self.embedded = False


def _written(db: Database, sql: str, rows: list[tuple[Any, ...]]) -> Iterable[tuple[str, int]]:
    """Insert memories' rows; each one's id and rowid. Numbered as SQLite numbers them (`insert_numbered`:
    memories has no AUTOINCREMENT and no trigger writes to it), else read back by id."""
    numbered = insert_numbered(db, sql, rows, "SELECT max(rowid) FROM memories")
    if numbered is not None and len(numbered) == len(rows):
        return zip((r[0] for r in rows), numbered, strict=True)
    found = rows_in(db, "SELECT id, rowid FROM memories WHERE id IN ({marks})", [r[0] for r in rows])
    return ((str(mid), int(rowid)) for mid, rowid in found)


def _store(
    db: Database,
    payloads: Sequence[CapturePayload],
    *,
    actor: str,
    check: bool,
    keys: Sequence[tuple[str, str]] | None,
    waive: frozenset[str] = frozenset(),
    verdicts: Sequence[gate.GateVerdict | None] | None = None,
    embedded: _Embedded | None = None,
    told: Sequence[_Told | None] = (),
) -> tuple[list[Outcome], list[_Staged]]:
    """Screen and store a batch in one transaction; with `embedded`, its rows are written with their vectors.
    `verdicts`: the gate's, made for these payloads already (`_ahead`); `told`: what it made of each (`_Told`)."""
    outcomes: list[Outcome] = []
    staged: list[_Staged] = []
    space_of: dict[str | None, str | None] = {}  # requested -> resolved, once per batch
    held = _Held()
    with db.transaction():
        now = clock.now_iso()  # the batch's one instant: its rows, audit rows and log rows
        digests = [gate.content_hash(p.content) for p in payloads]
        known = _Known.fetch(db, payloads, keys, digests)
        for i, payload in enumerate(payloads):
            key, digest = keys[i] if keys else None, digests[i]
            restated = key is not None and key in known.logged and known.restated(db, key, payload)
            restated = restated or known.reopened(key, digest)
            if key in known.logged and not restated:  # processed by an earlier run (stored or rejected): skip it
                again = _logged(payload, known.logged[key], check=check, waive=waive, tomb=known.tombstone(digest))
                if again is not None:
                    outcomes.append(again)
                    continue
                restated = True  # refused before, let through now (--keep-all): its log row names what it gives
            if payload.space not in space_of:
                space_of[payload.space] = _write_space(db, payload.space)
            outcome, item = _store_one(
                db,
                payload,
                digest,
                space_of[payload.space],
                actor=actor,
                check=check,
                known=known,
                waive=waive,
                held=held,
                verdict=verdicts[i] if verdicts else None,
                now=now,
                told=_told_in(told, i, space_of[payload.space]),
            )
            outcomes.append(outcome)
            if key:
                known.logged[key] = outcome.id
                (held.relog if restated else held.log).append((*key, outcome.id, now))
            if item is not None:
                staged.append(item)
        if embedded is not None and staged:
            embedded.attach(db, staged, held, actor=actor)
        held.flush(db)
    for item in staged:
        item.rowid = held.rowids[item.id]
    return outcomes, staged


def _told_in(told: Sequence[_Told | None], i: int, space: str | None) -> _Told | None:
    """What `_ahead` made of payload `i`, where it was made for the space it lands in (else made again)."""
    said = told[i] if told else None
    return said if said is not None and said[0] == space else None


def _logged(
    payload: CapturePayload,
    memory_id: str | None,
    *,
    check: bool,
    waive: frozenset[str] = frozenset(),
    tomb: tuple[Any, ...] | None = None,
) -> Outcome | None:
    """A unit an earlier run of the import processed. One it refused is refused again, with the
    gate's reason (every run says so alike: not "already imported", which it never was); nothing is
    written for it. None: a refused unit this run lets through (`waive`, i.e. `--keep-all`): read
    it afresh."""
    if memory_id is None and tomb is not None:
        return Rejected("tombstoned", _tombstone_detail(tomb))
    if memory_id is None and check:
        verdict = gate.check(payload.content, payload.other_texts())
        if _refused(verdict, waive):
            return Rejected(verdict.reason or "", verdict.detail)
        return None
    return Duplicate(memory_id or "", ("already imported from this source",), logged=True)


def _store_one(
    db: Database,
    payload: CapturePayload,
    digest: str,
    space: str | None,
    *,
    actor: str,
    check: bool,
    known: _Known,
    held: _Held,
    waive: frozenset[str] = frozenset(),
    verdict: gate.GateVerdict | None = None,
    now: str | None = None,
    told: _Told | None = None,
) -> tuple[Outcome, _Staged | None]:
    waived: tuple[str, ...] = ()
    if check:
        if verdict is None:
            verdict = gate.check(payload.content, payload.other_texts())
        refused, waived = _screen(db, payload, digest, space, verdict, actor=actor, known=known, held=held, waive=waive)
        if refused is not None:
            return noted(refused, payload.text_notes), None
    earlier = known.history.get((digest, space)) if check and not payload.supersedes else None
    if earlier:
        held.flush(db)  # the chain may have moved on within this batch
        payload, waived = _back_to(db, payload, earlier, waived)
    if payload.supersedes:
        held.flush(db)  # the target may be an earlier memory of this batch
        status = db.scalar("SELECT status FROM memories WHERE id = ?", (payload.supersedes,))
        if status is None:
            raise NotFound(
                f"--supersedes {payload.supersedes}: no such memory; check the id with `quire recall` or `quire log`"
            )
        if status == "forgotten":  # forgotten on purpose (maybe on another device while this queued)
            raise Forgotten(
                f"--supersedes {payload.supersedes}: that memory was forgotten on purpose and its text erased, so "
                "no edit of it is kept (nor stored as a new memory: that would bring its words back); find a "
                "current memory with `quire recall QUERY`. Nothing was stored"
            )
        supersede.refuse_replaced(db, payload.supersedes)
    warnings = payload.text_notes + _field_warnings(payload) + waived
    if payload.entities or payload.space:  # nothing to say of a capture naming neither (every chat turn)
        warnings += known.once(_folded_names(db, payload, space, known))
    memory_id, cue = _stage(held, payload, digest, space, actor=actor, now=now or clock.now_iso(), told=told)
    known.existing.setdefault((digest, space), memory_id)
    if payload.supersedes:
        held.flush(db)
        warnings += tuple(correction.apply_supersede(db, memory_id, payload.supersedes, actor=actor))
        known.retired(db, memory_id)
    elif check and correction.compared(payload.type):
        held.flush(db)  # the check reads this memory and every earlier one
        warnings += tuple(correction.check_contradictions(db, memory_id, actor=actor))
    text = told[2] if told is not None else embed_text(space, cue, payload.content)
    item = _Staged(memory_id, 0, text, space, payload.supersedes, cue, payload.content)
    return Stored(memory_id, warnings), item


def _back_to(
    db: Database, payload: CapturePayload, earlier: str, notes: tuple[str, ...]
) -> tuple[CapturePayload, tuple[str, ...]]:
    """A capture in the words of `earlier`, a memory only in history (A -> B, now A again): the
    person's latest word, so it supersedes the current version of that chain by the tier rules (a
    Protected one waits for review), and the old history stays. Unchanged when the chain has no
    active head (forgotten, or a change waiting): then it is a new memory."""
    current = supersede.current_version(db, earlier)
    if current == earlier or db.scalar("SELECT status FROM memories WHERE id = ?", (current,)) != "active":
        return payload, notes
    note = f"the same text as {earlier}, an earlier version in history: stated again, it supersedes {current}"
    return payload.model_copy(update={"supersedes": current}), (*notes, note)


def _screen(
    db: Database,
    payload: CapturePayload,
    digest: str,
    space: str | None,
    verdict: gate.GateVerdict,
    *,
    actor: str,
    known: _Known,
    held: _Held,
    waive: frozenset[str],
) -> tuple[Outcome | None, tuple[str, ...]]:
    """The checks before anything is staged: the gate's verdict, tombstones, an exact duplicate.
    Returns the refusal (None to go on) and the warning for a gate reason `waive` let through."""
    content = payload.content
    if _refused(verdict, waive):
        return _reject(db, held, content, verdict.reason or "", verdict.detail, space, actor), ()
    waived = () if verdict.passed else (f"{WAIVED}{verdict.reason} ({verdict.detail})",)
    tomb = known.tombstone(digest)
    if tomb:
        # The text was forgotten on purpose: the rejection log must not hold it again.
        return _reject(db, held, None, "tombstoned", _tombstone_detail(tomb), space, actor), ()
    existing = known.existing.get((digest, space))
    if existing:
        existing = _duplicated(db, held, payload, digest, space, existing)
    if existing:
        return Duplicate(existing, (f"exact duplicate of {existing}; nothing written",)), ()
    return None, waived


def _tombstone_detail(tomb: tuple[Any, ...]) -> str:
    _, tomb_id, tomb_memory, tomb_at, kind = tomb
    how = "dismissed in review" if kind == "dismissed" else "forgotten"  # a dismissal is no forget: say which
    return (
        f"matches tombstone {tomb_id} ({tomb_memory or 'a memory'} {how} on {tomb_at[:10]}); "
        f"a person can lift it with `quire tombstones lift {tomb_id}`"
    )


def _duplicated(
    db: Database, held: _Held, payload: CapturePayload, digest: str, space: str | None, found: str
) -> str | None:
    """The memory a capture in the same words as `found` repeats. Of a Protected type with fields,
    only one of that type with the same fields: the same words with another `claim` are a change
    of what the person says about themselves, stored and held for review (the contradiction
    check), never dropped as an exact duplicate."""
    if not payload.fields or tiers.tier_of(payload.type) is not tiers.Tier.PROTECTED:
        return found
    held.flush(db)  # one in the same words may be held in this batch, not written yet
    fields = json.loads(json.dumps(payload.fields, sort_keys=True))
    for memory_id, memory_type, stored in db.rows(
        f"SELECT id, memory_type, structured_fields FROM memories WHERE {LIVE} AND content_hash = ? AND space IS ? "
        f"AND NOT {HISTORY} ORDER BY created_at, rowid",
        (digest, space),
    ):
        if memory_type != payload.type or json.loads(stored or "{}") == fields:
            return str(memory_id)
    return None


def _folded_names(db: Database, payload: CapturePayload, space: str | None, known: _Known) -> tuple[str, ...]:
    """What a capture says of a name filed under another spelling of it: an entity ("bob", "Ｂｏｂ": the
    entity "Bob") and the space ("Work", "ｗｏｒｋ": the space "work"), merged without a word before."""
    said = known.respelt(db, payload.entities) if payload.entities else ()
    sent = payload._space_sent or payload.space
    if sent and space and sent != space:
        said += (f"space {sent!r} is the space {space!r} (names that differ only in case or width are one space)",)
    return said


def _field_warnings(payload: CapturePayload) -> tuple[str, ...]:
    # Plain captures (no fields at all) get no nagging; partial field sets say what is missing.
    if not payload.fields:
        return ()
    missing = missing_fields(payload.type, dict(payload.fields))
    return tuple(f"missing required field '{f}' for {payload.type} memory" for f in missing)


def _stage(
    held: _Held,
    payload: CapturePayload,
    digest: str,
    space: str | None,
    *,
    actor: str,
    now: str,
    told: _Told | None = None,
) -> tuple[str, str]:
    """Queue the memory's row, its entity links and its audit row (written by `held.flush`), stamped
    `now` (its batch's instant); returns the new id and the retrieval cue (`told`'s, made ahead)."""
    memory_type, content = payload.type, payload.content
    fields = dict(payload.fields)
    cue = told[1] if told is not None else _cue(payload)
    confidence = tiers.confidence_for(memory_type, payload.confidence)
    memory_id = new_id()
    valid_from = clock.normalize_when(payload.valid_from) if payload.valid_from else now
    title = payload.title or title_for(content)
    held.memories.append(
        (
            memory_id,
            content,
            memory_type,
            _FIELDS(fields) if fields else "{}",  # (the encoder's text for no field, without its 1 us)
            cue,
            title,
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
            lex_content := _lexical(content),
            lex_content if title == content else _lexical(title),  # (a short turn is its own title: folded once)
            _lexical(cue),
        )
    )
    if payload.entities:
        held.links.append((memory_id, payload.entities))
    if memory_type in life.TYPES:  # (the contradiction check reads it too: one reading, kept by life.read)
        held.said.append((memory_id, [said.attribute for said in life.read(content)]))
    held.audit.append(
        audit.captured(now, actor, memory_id, memory_type, space, digest, payload.supersedes, payload.entities)
    )
    return memory_id, cue


# A memory's fields as stored: `json.dumps(fields, sort_keys=True)`'s text from one encoder (dumps
# with an option builds a new encoder each call, most of its cost for a chat turn's empty fields).
_FIELDS = json.JSONEncoder(sort_keys=True).encode


def _lexical(text: str) -> str | None:
    """`tokens.lexical`: None at once for an ASCII text (nothing to fold, no caseless letter), and
    at once for an ASCII text cut with "…" (`title_for`: most titles of an import's turns), which
    NFKC reads as three dots (9 us through `fold` on a loaded machine)."""
    if text.isascii():
        return None
    if text[-1] == "…" and text[:-1].isascii():
        return text[:-1] + "..."
    return tokens.lexical(text)


# A payload's (write space, retrieval cue, encoder's text), made once where its batch is read ahead (`_ahead`).
_Told = tuple[str | None, str, str]


def _cue(payload: CapturePayload) -> str:
    """The retrieval cue a capture is stored (and embedded) with."""
    return payload.cue or retrieval_cue(payload.type, dict(payload.fields), payload.content)


def precheck(payload: CapturePayload) -> Rejected | None:
    """The gate's verdict on a capture without a database (too_short, a credential in any field,
    noise): what a capture queued offline must pass before the outbox holds it. None = passes."""
    verdict = gate.check(payload.content, payload.other_texts())
    return None if verdict.passed else noted(Rejected(verdict.reason or "", verdict.detail), payload.text_notes)


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


class _Embedded:
    """A batch's vectors, encoded ahead (`_ahead`), written with its rows by `_store`: the
    near-duplicate check, then each row's vector, model and flag in its INSERT (a row an early
    flush wrote already, before a `supersedes`, gets them by UPDATE, as `_attach` does)."""

    def __init__(
        self,
        model: Embedder,
        texts: dict[str, int],
        encoded: np.ndarray | None,
        vectors: VectorIndex | None,
        *,
        check: bool,
    ):
        self.model, self.texts, self.encoded, self.vectors, self.check = model, texts, encoded, vectors, check
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.near: dict[str, tuple[str, float]] = {}

    def attach(self, db: Database, staged: list[_Staged], held: _Held, *, actor: str) -> None:
        self.matrix = self._rows(staged)
        model_id = self.model.model_id
        self.near, flag = _flagged(db, model_id, staged, self.matrix, self.vectors, check=self.check)
        written = [s.id for s in staged if s.id in held.rowids]
        if written:  # flushed before a supersedes: their rows exist
            db.executemany(_SET_EMBEDDING, [(*flag[mid], mid) for mid in written])
        held.memories = [(*row, *flag[row[0]]) for row in held.memories]
        held.embedded = True
        held.audit.append(audit.row(actor, "embed", "batch", staged[0].id, ids=[s.id for s in staged], model=model_id))

    def _rows(self, staged: list[_Staged]) -> np.ndarray:
        """The staged rows' vectors, in order; a text not encoded ahead is encoded now."""
        missing = list(dict.fromkeys(s.text for s in staged if s.text not in self.texts or self.encoded is None))
        if not missing and self.encoded is not None:  # one gather, not a view a row stacked (0.52 -> 0.13 us a row)
            return np.asarray(self.encoded[[self.texts[s.text] for s in staged]], dtype=np.float32)
        late = self.model.encode(missing) if missing else np.zeros((0, 0), dtype=np.float32)
        at = {t: i for i, t in enumerate(missing)}
        rows = [late[at[s.text]] if s.text in at else self.encoded[self.texts[s.text]] for s in staged]  # type: ignore[index]
        return np.asarray(np.stack(rows), dtype=np.float32)


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
    near, flag = _flagged(db, model.model_id, staged, matrix, vectors, check=check)
    with db.transaction():
        db.executemany(_SET_EMBEDDING, [(*flag[s.id], s.id) for s in staged])
        audit.record(db, actor, "embed", "batch", staged[0].id, ids=[s.id for s in staged], model=model.model_id)
    if vectors is not None and vectors.model_id == model.model_id:
        vectors.add([s.rowid for s in staged], [s.id for s in staged], matrix)
    return near


# A stored row's vector, its model and its near-duplicate flag, once encoded (`_flagged`).
_SET_EMBEDDING = "UPDATE memories SET embedding = ?, embed_model = ?, near_duplicate_of = ? WHERE id = ?"


def _flagged(
    db: Database, model_id: str, staged: list[_Staged], matrix: np.ndarray, vectors: VectorIndex | None, *, check: bool
) -> tuple[dict[str, tuple[str, float]], dict[str, tuple[bytes, str, str | None]]]:
    """The near-duplicates of freshly encoded rows (id -> (other id, cosine)), and each row's
    vector, model and flag as they are stored (id -> the three)."""
    near: dict[str, tuple[str, float]] = {}
    if check:
        index = vectors if vectors is not None and vectors.model_id == model_id else VectorIndex.load(db, model_id)
        near = _near_duplicates(db, index, staged, matrix)
    stored = {s.id: (to_blob(vec), model_id, near.get(s.id, (None,))[0]) for s, vec in zip(staged, matrix, strict=True)}
    return near, stored


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

    The index yields each memory's near-top (`VectorIndex.top_above`: exact, but for a batch of
    an import over a big store, which reads each memory's nearest cells only: memory/cells.py),
    and every row at or above the threshold (`VectorIndex.above`, exact) only for a memory whose
    near-top has none allowed.
    Each memory's hits are walked best first, and only the space and status of the ones walked
    are read from the database (`_first_allowed`), so the reads stay a few per memory however
    many earlier rows are similar (a templated 100k import: thousands of hits per batch).
    """
    found: dict[str, tuple[str, float]] = {}
    batch_sims = matrix @ matrix.T  # earlier members of the same batch are not in the index yet

    def ranked(hits: Iterable[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        # Every memory's hits in one sort (by memory, best first, ties: lower rowid first) and
        # one gather, then a view per memory: a sort and three gathers a memory were ~8 us each.
        listed = list(hits)
        counts = [len(positions) for positions, _ in listed]
        positions = np.concatenate([p for p, _ in listed] or [np.zeros(0, dtype=np.int64)])
        sims = np.concatenate([s for _, s in listed] or [np.zeros(0, dtype=np.float32)])
        owner = np.repeat(np.arange(len(listed)), counts)
        order = np.lexsort((index.rowids[positions], -sims, owner))
        rowids, ids, sims = index.rowids[positions[order]], index.ids[positions[order]], sims[order]
        ends = np.cumsum(counts).tolist()
        return [(rowids[e - n : e], ids[e - n : e], sims[e - n : e]) for n, e in zip(counts, ends, strict=True)]

    # The near-top of each memory's hits first: every row at or above its floor is in it, so an
    # allowed one there is the answer the whole list gives; only the memories whose near-top holds
    # none allowed (another space, the row it supersedes) read every hit. A templated 100k import
    # has hundreds of hits a memory, and re-scoring them all was most of its scan.
    # A chat turn whose near-top is only the turn it answers (its cue) reads no further: its other
    # hits all rank below that turn, close by construction, and a second scan of every row for
    # most turns of a chat between people would cost an import over a big store more than its encode.
    top = index.top_above(matrix, NEAR_DUPLICATE)
    cued: set[int] = set()
    bests = _first_allowed(db, staged, ranked((p, s) for p, s, _ in top), cued)
    again = [
        i
        for i, (best, (_, _, floor)) in enumerate(zip(bests, top, strict=True))
        if best is None and floor > NEAR_DUPLICATE and i not in cued
    ]
    if again:
        everything = ranked(index.above(matrix[again], NEAR_DUPLICATE))
        for i, best in zip(again, _first_allowed(db, [staged[i] for i in again], everything, set()), strict=True):
            bests[i] = best
    for i, earlier in _in_batch(staged, batch_sims).items():
        held = bests[i]
        if earlier is not None and (held is None or earlier[1] > held[1]):  # as the walk of every member did
            bests[i] = earlier
    for item, best in zip(staged, bests, strict=True):
        if best:
            found[item.id] = best
    return found


def _in_batch(staged: list[_Staged], sims: np.ndarray) -> dict[int, tuple[str, float] | None]:
    """Per memory with an earlier member of its batch at cosine >= NEAR_DUPLICATE: the best such
    member it may be a near-duplicate of (same space, not the one it supersedes, not the turn its
    cue was read from, its words repeated: `_first_allowed`'s rules), the lowest place on a tie;
    None if none is allowed. One mask and one argmax over the batch's pairs for the memories
    without a cue or a supersede (a chat with an assistant, a note): a search of each memory's
    row of the batch, one numpy call each, was a per-message Python loop."""
    close = np.tril(sims >= NEAR_DUPLICATE, k=-1)
    who = np.flatnonzero(close.any(axis=1))
    if not len(who):
        return {}
    code: dict[str | None, int] = {}
    space = np.array([code.setdefault(s.space, len(code)) for s in staged])
    plain = np.array([not s.cue and not s.supersedes for s in staged])  # every same-space pair allowed
    masked = np.where(close & (space[:, None] == space[None, :]), sims, -np.inf)
    first = masked.argmax(axis=1)  # the first of equal maxima: the lowest place
    allowed = masked[np.arange(len(staged)), first] != -np.inf
    out: dict[int, tuple[str, float] | None] = {}
    for i in who.tolist():
        item = staged[i]
        if plain[i]:
            j = int(first[i])
            out[i] = (staged[j].id, float(sims[i, j])) if allowed[i] else None
            continue
        out[i] = None
        for j in np.flatnonzero(close[i]).tolist():
            other = staged[j]
            if other.space != item.space or other.id == item.supersedes:
                continue
            if item.cued_by(other.content) or not item.repeats(other.content):
                continue
            sim, held = float(sims[i, j]), out[i]
            if held is None or sim > held[1]:
                out[i] = (other.id, sim)
    return out


# How many of its words a turn between people shares with another memory to be its near-duplicate
# (`_Staged.repeats`): its vector holds the turn before and both speakers' names, so two short turns
# of one chat meet on those alone (370 of a 419-turn WhatsApp chat's turns were flagged; 95 before
# the names, 252 before its replies were let go).
NEAR_WORDS = 0.5


# Hits per memory whose row is read in the first round; the window doubles each round. 1: a
# memory's best hit is nearly always allowed (same space, active), and reading 8 a memory cost
# 53 ms a batch at 40k rows against 0.33 s for reading every hit before (cProfile, chat import).
NEAR_WINDOW = 1


def _first_allowed(
    db: Database, staged: list[_Staged], ranked: list[tuple[np.ndarray, np.ndarray, np.ndarray]], cued: set[int]
) -> list[tuple[str, float] | None]:
    """Per memory, its first ranked hit (rowids, ids, cosines, best first) that is an active row of
    the same space and neither the memory itself, the one it supersedes nor the one its cue was
    read from (`_Staged.cued_by`: the memories passed over for that go into `cued`); None if no hit is.

    The same answer as reading every hit's row at once: hits are taken in order, in windows that
    double per round, and a memory stops at its first allowed hit. Rows read once serve every memory.
    """
    best: list[tuple[str, float] | None] = [None] * len(staged)
    # `+status`: with 20 rowids or more SQLite's planner read idx_memories_status (every active row,
    # 15 ms a batch at 100k rows, growing with the store) and checked each against the list; the
    # rowid lookups are 1.4 ms. The same rows.
    allowed: dict[int, str | None] = {}  # rowid -> space, for active rows with a vector
    said: dict[int, str] = {}  # rowid -> content, read only where a memory has a cue to compare
    column = "content" if any(s.cue for s in staged) else "''"
    read: set[int] = set()
    start = [0] * len(staged)
    looking = [i for i, (rowids, _, _) in enumerate(ranked) if len(rowids)]
    window = NEAR_WINDOW
    while looking:
        wanted = {int(r) for i in looking for r in ranked[i][0][start[i] : start[i] + window]} - read
        for rowid, space, content in rows_in(
            db,
            f"SELECT rowid, space, {column} FROM memories WHERE rowid IN ({{marks}}) "
            "AND +status = 'active' AND embedding IS NOT NULL",
            sorted(wanted),
        ):
            allowed[int(rowid)], said[int(rowid)] = space, content
        read |= wanted
        still = []
        for i in looking:
            rowids, ids, sims = ranked[i]
            item, end = staged[i], min(start[i] + window, len(rowids))
            for j in range(start[i], end):
                rowid, other = int(rowids[j]), str(ids[j])
                if rowid not in allowed or allowed[rowid] != item.space or other in (item.id, item.supersedes):
                    continue
                if item.cued_by(said[rowid]) or not item.repeats(said[rowid]):
                    cued.add(i)  # (its other hits are alike by the same cue: no second scan of every row)
                    continue
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
                r["id"],
                r["r"],
                embed_text(r["space"], r["retrieval_cue"], r["content"]),
                r["space"],
                r["supersedes"],
                r["retrieval_cue"],
                r["content"],
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
            meta.put(db, "embed_model", model.model_id)
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
