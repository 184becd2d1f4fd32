"""The "quire" system for the eval harness, and the comparison the `quire eval` commands print.

Each Task (one haystack) is seeded through quire's real write path: a fresh temporary
QUIRE_HOME and Session, `memory.capture.capture_many(..., check=False)` (gate, tombstones and
duplicate checks bypassed so every unit lands), batch embedding of `[space] cue \\n content`,
valid_from = the unit's date. Questions are answered by `retrieval.recall.recall(touch=False)`,
and memory ids are mapped back to unit ids.

Encoding is the slow part (~250 sentences/s on 2 cores), so unit and query vectors are cached
on disk per dataset, keyed by a hash of the exact text embedded; the dense baseline reads the
same cache. The cache lives in $QUIRE_EVAL_CACHE, else ~/.cache/quire-eval.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

from eval.datasets import Task, Unit

__all__ = ["DEFAULT_SEEDING", "EmbeddingCache", "QuireSystem", "Seeding", "cache_dir", "compare"]

Ranker = Callable[[str], list[str]]


def cache_dir() -> Path:
    raw = os.environ.get("QUIRE_EVAL_CACHE")
    return Path(raw).expanduser() if raw else Path.home() / ".cache" / "quire-eval"


class EmbeddingCache:
    """An embedder that remembers every vector it made, on disk, keyed by sha256(text).

    Looks like quire's Embedder (model_id, dim, encode), so it can stand in for the model in a
    Session. New vectors are appended as shard files; nothing is ever rewritten.
    """

    def __init__(self, model, label: str, root: Path | None = None):
        self.model = model
        self.model_id = model.model_id
        self.dim = model.dim
        self.root = root or cache_dir()
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{label}-{model.model_id}")
        self.prefix = safe
        self._index: dict[str, int] = {}
        self._matrix = np.zeros((0, self.dim), dtype=np.float32)
        self._new_keys: list[str] = []
        self._new_vecs: list[np.ndarray] = []
        self.hits = self.misses = 0
        self._load()

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

    def _load(self) -> None:
        if not self.root.exists():
            return
        keys, mats = [], []
        for path in sorted(self.root.glob(f"{self.prefix}.*.npz")):
            try:
                with np.load(path, allow_pickle=False) as data:
                    keys.extend(str(k) for k in data["keys"])
                    mats.append(np.asarray(data["vectors"], dtype=np.float32))
            except (OSError, ValueError, KeyError):
                continue  # a torn shard only costs re-encoding
        if mats:
            self._matrix = np.concatenate(mats)
            self._index = {k: i for i, k in enumerate(keys)}

    def __len__(self) -> int:
        return len(self._index) + len(self._new_keys)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        fresh = {k: i for i, k in enumerate(self._new_keys)}
        for row, text in enumerate(texts):
            k = self.key(text)
            if k in self._index:
                out[row] = self._matrix[self._index[k]]
            elif k in fresh:
                out[row] = self._new_vecs[fresh[k]]
            else:
                missing.setdefault(k, []).append(row)
        self.hits += len(texts) - sum(len(v) for v in missing.values())
        if missing:
            order = list(missing)
            vectors = self.model.encode([texts[missing[k][0]] for k in order], batch_size=batch_size)
            self.misses += len(order)
            for k, vec in zip(order, vectors):
                for row in missing[k]:
                    out[row] = vec
                self._new_keys.append(k)
                self._new_vecs.append(np.asarray(vec, dtype=np.float32))
        return out

    def checkpoint(self, every: int = 2000) -> None:
        """Save once enough new vectors piled up (a long run that dies keeps most of its work)."""
        if len(self._new_keys) >= every:
            self.save()

    def save(self) -> Path | None:
        """Write the vectors made since the last save as one new shard (atomic rename)."""
        if not self._new_keys:
            return None
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / f"{self.prefix}.{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:6]}.npz"
        tmp = path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            np.savez(fh, keys=np.array(self._new_keys), vectors=np.stack(self._new_vecs))
        os.replace(tmp, path)
        start = len(self._matrix)
        self._matrix = np.concatenate([self._matrix, np.stack(self._new_vecs)])
        self._index.update({k: start + i for i, k in enumerate(self._new_keys)})
        self._new_keys, self._new_vecs = [], []
        return path


@dataclass(frozen=True)
class Seeding:
    """How benchmark units become quire memories (each choice measured in retrieval/tuning.py).

    cue: what goes in the retrieval cue (embedded with the content and FTS-indexed):
      "" nothing; "prev" the previous turn of the same session; "date" the unit's date.
    speaker_entity: link each memory to its speaker as an entity (graph channel).
    """

    cue: str = ""
    speaker_entity: bool = True
    cue_chars: int = 300


# Per benchmark, chosen on the dev split (figures in retrieval/tuning.py): LoCoMo turns answer
# each other between two people, so the previous turn is the cue ("what question does this
# answer?"); LongMemEval user turns to an assistant stand alone, and a cue there only dilutes.
DEFAULT_SEEDING = {"locomo": Seeding(cue="prev"), "longmemeval": Seeding()}


def _cue(units: Sequence[Unit], i: int, seeding: Seeding) -> str:
    parts = []
    for kind in seeding.cue.split("+") if seeding.cue else ():
        if kind == "prev" and i > 0 and units[i - 1].session == units[i].session:
            parts.append(units[i - 1].text)
        elif kind == "next" and i + 1 < len(units) and units[i + 1].session == units[i].session:
            parts.append(units[i + 1].text)
        elif kind == "date" and units[i].date:
            parts.append(units[i].date)
    text = " ".join(" | ".join(parts).split())
    return text[: seeding.cue_chars]


class QuireSystem:
    """A harness system factory: `system(task)` seeds the task and returns its ranker.

    One task's home is kept at a time (the previous one is closed when the next task starts);
    call `close()` at the end. `k` is how deep each ranking goes (the metrics' largest k).
    """

    def __init__(self, embedder, *, k: int = 50, seeding: Seeding = Seeding(), workdir: Path | None = None):
        self.embedder = embedder
        self.k = k
        self.seeding = seeding
        self.workdir = workdir
        self._session = None
        self._tmp: str | None = None
        self.seconds = {"seed": 0.0, "recall": 0.0}

    def __call__(self, task: Task) -> Ranker:
        from memory.capture import capture_many
        from memory.clock import parse_when
        from memory.home import Home
        from memory.models import CapturePayload
        from memory.session import Session
        from retrieval.recall import recall
        from retrieval.scope import ALL_SPACES

        self.close()
        checkpoint = getattr(self.embedder, "checkpoint", None)
        if checkpoint:
            checkpoint()
        start = time.perf_counter()
        self._tmp = tempfile.mkdtemp(prefix="quire-eval-", dir=self.workdir)
        session = Session(Home(Path(self._tmp) / "home"), actor="eval")
        session._embedder = self.embedder  # the one loaded model (behind the disk cache) for every task
        self._session = session
        units = task.units
        payloads = [
            CapturePayload.model_construct(  # no validation: benchmark turns may exceed capture limits
                content=u.text,
                type="note",
                fields={},
                space=None,
                entities=[u.speaker] if (self.seeding.speaker_entity and u.speaker) else [],
                supersedes=None,
                valid_from=u.date,
                title=None,
                cue=_cue(units, i, self.seeding) or None,
                source=u.id,
                confidence=None,
            )
            for i, u in enumerate(units)
        ]
        outcomes = capture_many(
            session.db, payloads, actor="eval", embedder=lambda: self.embedder, check=False, batch_size=512
        )
        unit_of = {o.id: u.id for o, u in zip(outcomes, units)}
        when = {q.text: q.date for q in task.questions}
        self.seconds["seed"] += time.perf_counter() - start

        def rank(query: str) -> list[str]:
            began = time.perf_counter()
            date = when.get(query)
            # A question asked on a date reads "last week" relative to that date.
            now = parse_when(date) + timedelta(hours=23, minutes=59) if date else None
            hits = recall(session, query, scope=ALL_SPACES, k=self.k, touch=False, now=now)
            self.seconds["recall"] += time.perf_counter() - began
            return [unit_of[h.id] for h in hits]

        return rank

    def close(self) -> None:
        if self._session is not None:
            self._session.db.close()
            self._session = None
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


# -- the comparison `quire eval` prints ----------------------------------------------------------

DATA_FILES = {"locomo": "locomo-dev.json", "longmemeval": "longmemeval-oracle-dev.json"}


def default_data(dataset: str) -> Path:
    from eval.harness import data_dir

    return data_dir() / DATA_FILES[dataset]


def _label(path: Path) -> str:
    return path.name.split(".")[0]


def compare(
    dataset: str,
    path: Path | None = None,
    *,
    limit: int | None = None,
    granularity: str = "turn",
    protocol: str = "official",
    systems: Sequence[str] = ("quire", "bm25", "dense"),
    seeding: Seeding | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Run quire beside the BM25 and dense baselines on a benchmark; the harness report + setup."""
    from eval import baselines, harness
    from eval.datasets import load_locomo, load_longmemeval
    from memory.embed import load_embedder
    from memory.errors import InvalidInput

    path = Path(path) if path else default_data(dataset)
    if not path.exists():
        raise InvalidInput(f"{path} does not exist; pass --data PATH (the dev files are in shared/data)")
    if dataset == "locomo":
        tasks, spec, k = load_locomo(path), harness.LOCOMO, 50
    else:
        tasks = load_longmemeval(path, granularity, protocol)
        spec, k = (harness.LME_WENLAN, 10) if protocol == "wenlan" else (harness.LME_OFFICIAL, 10)
    seeding = seeding or DEFAULT_SEEDING[dataset]
    started = time.perf_counter()
    cache = EmbeddingCache(load_embedder(), _label(path))
    quire = QuireSystem(cache, k=k, seeding=seeding)
    table = {"quire": quire, "bm25": baselines.bm25_system, "dense": baselines.dense_system(cache)}
    unknown = [s for s in systems if s not in table]
    if unknown:
        raise InvalidInput(f"unknown system(s) {', '.join(unknown)}; choose from {', '.join(table)}")
    try:
        report = harness.run(tasks, {s: table[s] for s in systems}, spec, limit=limit, progress=progress)
    finally:
        quire.close()
        cache.save()
    report["setup"] = {
        "dataset": dataset,
        "data": str(path),
        "limit": limit,
        "granularity": granularity if dataset != "locomo" else "turn",
        "protocol": protocol if dataset != "locomo" else "official",
        "model": cache.model_id,
        "seeding": {"cue": seeding.cue, "speaker_entity": seeding.speaker_entity},
        "embedding_cache": {"dir": str(cache.root), "hits": cache.hits, "encoded": cache.misses},
        "seconds": round(time.perf_counter() - started, 1),
    }
    if progress:
        print(f"embedding cache: {cache.hits} reused, {cache.misses} encoded ({cache.root})", file=sys.stderr)
    return report
