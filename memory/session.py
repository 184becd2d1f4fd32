"""A Session: one open home (database, settings) with the model and vector cache loaded lazily.

The CLI makes one per command; `quire serve` keeps one warm. Library functions take what they
need from it, so the same call works in both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from memory import capture as capture_mod
from memory import migrations, spaces, store
from memory.chats import ChatReport
from memory.db import Database
from memory.embed import Embedder, configured_model_id, load_embedder
from memory.home import Home, Settings, load_settings, open_db, resolve_home, wiki_dir
from memory.importer import ImportReport, import_path
from memory.models import CapturePayload
from memory.vectors import VectorIndex


class Session:
    def __init__(self, home: Home | None = None, *, actor: str = "cli"):
        self.home = home or resolve_home()
        self.actor = actor
        self.settings: Settings = load_settings(self.home)
        self.db: Database = open_db(self.home)
        self._embedder: Embedder | None = None
        self._vectors: VectorIndex | None = None
        self._saved_seq = 0

    # -- lazily loaded heavy state -----------------------------------------------------------

    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = load_embedder()
        return self._embedder

    @property
    def model_loaded(self) -> bool:
        return self._embedder is not None

    def vectors(self) -> VectorIndex:
        """The vector cache for the configured model, caught up with the database."""
        model_id = self._embedder.model_id if self._embedder else configured_model_id()
        if self._vectors is None or self._vectors.model_id != model_id:
            self._vectors = VectorIndex.load(self.db, model_id, self.home.cache_dir)
            self._saved_seq = self._vectors.seq
        elif not self._vectors.refresh(self.db):  # the change log was pruned past us: start over
            self._vectors = VectorIndex.load(self.db, model_id, self.home.cache_dir)
        return self._vectors

    def persist_vectors(self, min_changes: int = 200) -> None:
        """Save the vector cache when enough changed since it was read (cheap cold starts)."""
        if self._vectors is not None and self._vectors.seq - self._saved_seq >= min_changes:
            self._vectors.save(self.db, self.home.cache_dir)
            self._saved_seq = self._vectors.seq

    def embed_pending(self, progress: Callable[[int], None] | None = None) -> list[str]:
        """Embed deferred captures (the model is loaded by now); returns near-duplicate warnings."""
        model = self.embedder()
        if capture_mod.pending_count(self.db, model.model_id) == 0:
            return []
        _, warnings = capture_mod.embed_pending(
            self.db, model, actor=self.actor, vectors=self.vectors(), progress=progress
        )
        return warnings

    @property
    def wiki_dir(self) -> Path:
        return wiki_dir(self.home, self.settings)

    def close(self) -> None:
        try:
            self.persist_vectors()
        finally:
            self.db.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- capture ---------------------------------------------------------------------------

    def capture(self, payload: CapturePayload, *, defer_embed: bool = False) -> capture_mod.Outcome:
        vectors = None if defer_embed else self._vectors_if_model()
        outcome = capture_mod.capture(
            self.db, payload, actor=self.actor, embedder=self.embedder, defer_embed=defer_embed, vectors=vectors
        )
        return outcome

    def _vectors_if_model(self) -> VectorIndex | None:
        try:
            self.embedder()
        except Exception:  # reported by the capture itself as pending_embed
            return None
        return self.vectors()

    def import_path(
        self,
        path: Path,
        *,
        defer_embed: bool = False,
        space: str | None = None,
        progress: Callable[[int, int], None] | None = None,
        format: str = "auto",
        roles: Literal["user", "all"] = "user",
        keep_all: bool = False,
    ) -> ImportReport | ChatReport:
        """What `quire import` runs (and `quire eval`, on the benchmark converted to chat JSONL)."""
        vectors = None if defer_embed else self._vectors_if_model()
        report = import_path(
            self.db,
            path,
            actor=self.actor,
            embedder=self.embedder,
            defer_embed=defer_embed,
            space=space,
            vectors=vectors,
            progress=progress,
            format=format,
            roles=roles,
            keep_all=keep_all,
        )
        if vectors is not None:
            self.persist_vectors(min_changes=1)
        return report

    def reembed(self, *, everything: bool = False, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
        model = self.embedder()
        count, warnings = capture_mod.embed_pending(
            self.db, model, actor=self.actor, vectors=None, everything=everything, progress=progress
        )
        self._vectors = None
        self.vectors()
        if count:
            self.persist_vectors(min_changes=0)
        return {"embedded": count, "model": model.model_id, "warnings": warnings}

    # -- reading ---------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        counts = store.counts(self.db)
        model_id = configured_model_id()
        stored_models = {
            m or "none": int(n)
            for m, n in self.db.rows(f"SELECT embed_model, count(*) FROM memories WHERE {store.LIVE} GROUP BY 1")
        }
        stale = capture_mod.pending_count(self.db, model_id)
        return {
            "home": str(self.home.root),
            "database": str(self.home.db_path),
            "wiki": str(self.wiki_dir),
            "schema_version": migrations.current(self.db),
            "model": model_id,
            "embedded_with": stored_models,
            "needs_embedding": stale,
            "spaces": [s.name for s in spaces.all_spaces(self.db)],
            "default_space": spaces.default_space(self.db),
            "open_reviews": self._open_reviews(),
            **counts,
        }

    def _open_reviews(self) -> int:
        has_queue = self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'review_queue'")
        if not has_queue:
            return 0
        return int(self.db.scalar("SELECT count(*) FROM review_queue WHERE status IN ('pending','awaiting_review')"))
