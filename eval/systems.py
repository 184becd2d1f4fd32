"""The "quire" system for the eval harness, and the comparison the `quire eval` commands print.

Each Task (one haystack) goes through the path a user takes: its units are written as the
generic chat JSONL (one conversation per benchmark session) and imported into a fresh temporary
QUIRE_HOME with `Session.import_path`, the function `quire import` calls (validation, gate,
tombstones, duplicates, sessions, batch embedding, valid_from = the unit's date). The one
difference is `keep_all` (`--gated` turns it off): the gate's too_short / noise_pattern verdicts
are counted, not applied, because the protocol scores every unit; the count is printed beside
the figures. Questions are answered by `retrieval.recall.search`, what `quire recall` calls, and
memories are mapped back to unit ids through their session positions.

Encoding is the slow part (~250 sentences/s on 2 cores), so unit and query vectors are cached
on disk per dataset, keyed by a hash of the exact text embedded; the dense baseline reads the
same cache. The cache lives in $QUIRE_EVAL_CACHE, else ~/.cache/quire-eval.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any, cast

import numpy as np

from eval import baselines, harness
from eval.datasets import Task, Unit, load_locomo, load_longmemeval
from eval.harness import data_dir, format_table
from memory import conversations, files
from memory.chats import ChatReport
from memory.clock import parse_when
from memory.embed import load_embedder
from memory.errors import InvalidInput
from memory.home import Home
from memory.session import Session
from retrieval.recall import search
from retrieval.scope import ALL_SPACES

__all__ = ["EmbeddingCache", "QuireSystem", "cache_dir", "compare", "to_chat_jsonl"]

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
        keys: list[Any] = []
        mats: list[Any] = []
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
            for k, vec in zip(order, vectors, strict=True):
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
        keys, vecs = np.array(self._new_keys), np.stack(self._new_vecs)
        files.atomic_write(path, lambda fh: np.savez(fh, keys=keys, vectors=vecs), prefix=f".{self.prefix}-")
        start = len(self._matrix)
        self._matrix = np.concatenate([self._matrix, np.stack(self._new_vecs)])
        self._index.update({k: start + i for i, k in enumerate(self._new_keys)})
        self._new_keys, self._new_vecs = [], []
        return path


def to_chat_jsonl(units: Sequence[Unit], path: Path, task: str) -> dict[tuple[str, int], str]:
    """Write a task's units as the generic chat JSONL `quire import` reads; (conversation, position) -> unit id.

    One conversation per benchmark session, in order. Who talks is what the data says: LoCoMo is
    two people (role user each), LongMemEval a person and an assistant (roles from the data).
    """
    where: dict[tuple[str, int], str] = {}
    positions: dict[str, int] = {}
    with path.open("w", encoding="utf-8") as fh:
        for u in units:
            conv = u.session or task
            pos = positions.get(conv, 0)
            positions[conv] = pos + 1
            where[(conv, pos)] = u.id
            line = {"conversation": conv, "speaker": u.speaker or u.role or "user", "role": u.role or "user"}
            line["text"] = u.text
            if u.date:
                line["time"] = u.date
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    return where


class QuireSystem:
    """A harness system factory: `system(task)` imports the task and returns its ranker.

    The task goes through the user's own path: converted to the generic chat JSONL, imported
    with `Session.import_path` (what `quire import` calls; `roles="all"` since the protocol
    decides which turns are units, and `keep_all` so every unit it scores lands: the count the
    gate would have dropped is kept in `gate_would_drop`), then asked with `retrieval.recall.search`
    (what `quire recall` calls). One task's home is kept at a time; call `close()` at the end.
    """

    def __init__(self, embedder, *, k: int = 50, workdir: Path | None = None, keep_all: bool = True):
        self.embedder = embedder
        self.k = k
        self.workdir = workdir
        self.keep_all = keep_all
        self._session: Any = None  # a memory.session.Session while a task runs
        self._tmp: str | None = None
        self.seconds = {"seed": 0.0, "recall": 0.0}
        self.gate_would_drop: Counter = Counter()
        self.gate_dropped: Counter = Counter()
        self.units = 0

    def __call__(self, task: Task) -> Ranker:
        self.close()
        checkpoint = getattr(self.embedder, "checkpoint", None)
        if checkpoint:
            checkpoint()
        start = time.perf_counter()
        self._tmp = tempfile.mkdtemp(prefix="quire-eval-", dir=self.workdir)
        session = Session(Home(Path(self._tmp) / "home"), actor="eval")
        session._embedder = self.embedder  # the one loaded model (behind the disk cache) for every task
        self._session = session
        export = Path(self._tmp) / "chat.jsonl"
        where = to_chat_jsonl(task.units, export, task.name)
        report = session.import_path(export, format="chat-jsonl", roles="all", keep_all=self.keep_all)
        chats = cast(ChatReport, report)  # a chat-jsonl import reports as a chat export
        # A turn holding a credential is refused (an error line each: exit 1 for a person); here it
        # is one more unit the gate dropped (counted in dropped as credential_leak), as it always was.
        other = [e for e in report.errors if "holds a credential" not in e and "hold a credential" not in e]
        if other:
            raise RuntimeError(f"{task.name}: the import reported {other[0]}")
        self.units += len(task.units)
        self.gate_would_drop.update(chats.waived)
        self.gate_dropped.update(chats.dropped)
        units_of: dict[str, list[str]] = {}
        for conv, pos, mid in conversations.turns_of_source(session.db, f"chat-jsonl:{export.resolve()}"):
            unit = where.get((conv, pos))
            if unit is not None and unit not in units_of.setdefault(mid, []):
                units_of[mid].append(unit)  # an exact repeat is one memory holding several units
        when = {q.text: q.date for q in task.questions}
        self.seconds["seed"] += time.perf_counter() - start

        def rank(query: str) -> list[str]:
            began = time.perf_counter()
            date = when.get(query)
            # A question asked on a date reads "last week" relative to that date.
            now = parse_when(date) + timedelta(hours=23, minutes=59) if date else None
            # no_floor: the benchmark scores the ranking; what the floor costs is `quire eval floor`'s figure.
            hits = search(session, query, scope=ALL_SPACES, k=self.k, touch=False, now=now, no_floor=True).hits
            self.seconds["recall"] += time.perf_counter() - began
            return list(dict.fromkeys(u for h in hits for u in units_of.get(h.id, ())))

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


def by_session(factory: Callable[[Task], Ranker]) -> Callable[[Task], Ranker]:
    """A turn ranker as a session ranker: each session at the rank of its best turn."""

    def build(task: Task) -> Ranker:
        session_of = {u.id: u.session or u.id for u in task.units}
        rank = factory(task)
        return lambda query: list(dict.fromkeys(session_of.get(t, t) for t in rank(query)))

    return build


def _gate_line(imp: dict) -> str:
    would = sum(imp["gate_would_drop"].values())
    detail = ", ".join(f"{n} {r}" for r, n in sorted(imp["gate_would_drop"].items())) or "none"
    line = f"{imp['units']} units imported; the gate would have dropped {would} ({detail})"
    if not imp["keep_all"]:
        line += f"; gated: it dropped {sum(imp['gate_dropped'].values())}"
    return line


def format_report(report: dict) -> str:
    """The harness table, with the import line (how many units the gate would have dropped) above it."""
    as_chat = report["setup"]["protocol"] == "as a chat export"
    turns = "turns: as a chat export has them (--as-chat)\n" if as_chat else ""
    return f"{turns}import: {_gate_line(report['setup']['import'])}\n{format_table(report)}"


def default_data(dataset: str) -> Path:
    return data_dir() / DATA_FILES[dataset]


def _label(path: Path) -> str:
    return path.name.split(".")[0]


def _data_path(dataset: str, path: Path | None) -> Path:
    path = Path(path) if path else default_data(dataset)
    if not path.exists():
        raise InvalidInput(f"{path} does not exist; pass --data PATH (the dev files are in shared/data)")
    return path


def _some_question(tasks: Sequence[Task], dataset: str, path: Path) -> None:
    """InvalidInput for a file with no question to score: `[]` (or items whose questions the protocol
    skips) printed recall 0.0 over 0 questions and exited 0, as if quire had found nothing."""
    if not any(task.questions for task in tasks):
        name = "LoCoMo" if dataset == "locomo" else "LongMemEval"
        raise InvalidInput(f"{path}: no question to score in it; give a {name} file that holds questions")


def compare(
    dataset: str,
    path: Path | None = None,
    *,
    limit: int | None = None,
    granularity: str = "turn",
    protocol: str = "official",
    systems: Sequence[str] = ("quire", "bm25", "dense"),
    keep_all: bool = True,
    progress: bool = True,
    as_chat: bool = False,
) -> dict[str, Any]:
    """Run quire beside the BM25 and dense baselines on a benchmark; the harness report + setup
    (`as_chat`: LoCoMo's turns as a chat export has them, `load_locomo`)."""
    path = _data_path(dataset, path)
    if dataset == "locomo" and granularity == "session":
        tasks, spec, k = load_locomo(path, "session", as_chat=as_chat), harness.LOCOMO_SESSION, 300
    elif dataset == "locomo":
        tasks, spec, k = load_locomo(path, as_chat=as_chat), harness.LOCOMO, 50
    else:
        tasks = load_longmemeval(path, cast(Any, granularity), cast(Any, protocol))
        spec, k = (harness.LME_WENLAN, 10) if protocol == "wenlan" else (harness.LME_OFFICIAL, 10)
    _some_question(tasks, dataset, path)
    started = time.perf_counter()
    cache = EmbeddingCache(load_embedder(), _label(path))
    quire = QuireSystem(cache, k=k, keep_all=keep_all)
    table: dict[str, Any] = {"quire": quire, "bm25": baselines.bm25_system, "dense": baselines.dense_system(cache)}
    if dataset == "locomo" and granularity == "session":
        table = {name: by_session(factory) for name, factory in table.items()}
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
        "granularity": granularity,
        "protocol": protocol if dataset != "locomo" else ("as a chat export" if as_chat else "official"),
        "model": cache.model_id,
        "import": {
            "path": "generic chat JSONL -> Session.import_path (quire import), recall.search (quire recall)",
            "keep_all": keep_all,
            "units": quire.units,
            "gate_would_drop": dict(quire.gate_would_drop),
            "gate_dropped": dict(quire.gate_dropped),
        },
        "embedding_cache": {"dir": str(cache.root), "hits": cache.hits, "encoded": cache.misses},
        "seconds": round(time.perf_counter() - started, 1),
    }
    if progress:
        imp = report["setup"]["import"]
        print(f"import: {_gate_line(imp)}", file=sys.stderr)
        print(f"embedding cache: {cache.hits} reused, {cache.misses} encoded ({cache.root})", file=sys.stderr)
    return report
