"""A Session: one open home (database, settings) with the model and vector cache loaded lazily.

The CLI makes one per command; `quire serve` keeps one warm. Library functions take what they
need from it, so the same call works in both.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from memory import capture as capture_mod
from memory import clock, keys, migrations, outbox, spaces, store
from memory.chats import ChatReport
from memory.db import Database, RemoteDatabase
from memory.embed import Embedder, configured_model_id, load_embedder
from memory.errors import QuireError, Unreachable
from memory.home import (
    Home,
    Settings,
    describe_store,
    home_key,
    load_settings,
    open_store,
    resolve_home,
    store_url,
    wiki_dir,
)
from memory.importer import ImportReport, import_path
from memory.models import CapturePayload
from memory.vectors import VectorIndex

RECONNECT_EVERY_S = 2.0
AUTO = outbox.AUTO_ATTEMPTS


class Session:
    def __init__(
        self,
        home: Home | None = None,
        *,
        actor: str = "cli",
        send_outbox: bool = True,
        embedder: Embedder | None = None,
    ):
        self.home = home or resolve_home()
        self.actor = actor
        self.settings: Settings = load_settings(self.home)
        self.remote = store_url(self.home, self.settings) is not None
        # An encrypted home: the outbox is encrypted with the same key, snapshots are sealed, and
        # no vector or graph cache is written (memory.keys says why).
        self.key = home_key(self.home)
        self.sealer = keys.Sealer.for_key(self.key) if self.key is not None else None
        self.outbox = outbox.Outbox(self.home.root / "outbox.db", key=self.key)
        self.offline: Unreachable | None = None
        self._db: Database | RemoteDatabase | None = None
        try:
            self._db = open_store(self.home, self.settings)
        except Unreachable as exc:
            if not self.remote:
                raise
            self.offline = exc  # captures queue locally; everything else says so
        self._embedder: Embedder | None = embedder  # given by a library caller, else loaded on first use
        self._vectors: VectorIndex | None = None
        self._store_id: str | None = None
        self._saved_seq = 0
        self._last_attempt = time.monotonic()
        if send_outbox and self._db is not None and self.remote and self.outbox.count(max_attempts=AUTO):
            self.sync(max_attempts=AUTO)  # any command that reaches the server sends what waited

    @property
    def db(self) -> Database | RemoteDatabase:
        if self.remote and (self._db is None or self._db.broken) and not getattr(self._db, "in_transaction", False):
            self._reconnect()
        if self._db is None:
            queued = self.outbox.count()
            raise Unreachable(
                f"{self.offline}; {queued} write(s) queued in {self.outbox.path} "
                "(captures still queue; `quire sync` sends them once the server answers)"
            )
        return self._db

    # -- lazily loaded heavy state -----------------------------------------------------------

    @property
    def state_dir(self) -> Path:
        """This store's state on this device. For a server: a folder named by a hash of its URL and
        database id (never the token), so one home that switches servers keeps them apart."""
        if not self.remote:
            return self.home.cache_dir
        if self._store_id is None:
            db = self.db
            self._store_id = db.identity() if isinstance(db, RemoteDatabase) else "file"
        return self.home.cache_dir / f"store-{self._store_id}"

    @property
    def cache_dir(self) -> Path | None:
        """Where caches derived from memories (vectors, graph) are kept: `state_dir`, or None for an
        encrypted home, whose caches live in memory only (they would hold its memories in clear)."""
        return None if self.key is not None else self.state_dir

    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = load_embedder()
        return self._embedder

    @property
    def model_loaded(self) -> bool:
        return self._embedder is not None

    @property
    def model_id(self) -> str:
        """The model this session embeds with: the one a library caller passed in, else the
        configured one (known without loading it)."""
        return self._embedder.model_id if self._embedder else configured_model_id()

    def vectors(self, changes: tuple[Any, Any] | None = None) -> VectorIndex:
        """The vector cache for the configured model, caught up with the database (`changes`: the
        change log's ends, when the caller has just read them; see VectorIndex.refresh)."""
        model_id = self.model_id
        if self._vectors is None or self._vectors.model_id != model_id:
            self._vectors = VectorIndex.load(self.db, model_id, self.cache_dir)
            self._saved_seq = self._vectors.seq
        elif not self._vectors.refresh(self.db, changes):  # the change log was pruned past us: start over
            self._vectors = VectorIndex.load(self.db, model_id, self.cache_dir)
        return self._vectors

    def persist_vectors(self, min_changes: int = 200) -> None:
        """Save the vector cache when enough changed since it was read (cheap cold starts)."""
        folder = self.cache_dir
        if folder is not None and self._vectors is not None and self._vectors.seq - self._saved_seq >= min_changes:
            self._vectors.save(self.db, folder)
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
            if self._db is not None:
                self.persist_vectors()
        except Unreachable:
            pass  # the cache is derived state: a later command catches up
        finally:
            self.outbox.close()
            if self._db is not None:
                self._db.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- capture ---------------------------------------------------------------------------

    def capture(self, payload: CapturePayload, *, defer_embed: bool = False) -> capture_mod.Outcome | outbox.Queued:
        if not self.remote:
            vectors = None if defer_embed else self._vectors_if_model()
            return capture_mod.capture(
                self.db, payload, actor=self.actor, embedder=self.embedder, defer_embed=defer_embed, vectors=vectors
            )
        key = outbox.new_key()
        if self._db is None:
            refused = capture_mod.precheck(payload)
            if refused is not None:  # the outbox holds only what passed the gate
                return refused
            return self._queue(key, payload)
        try:
            return self._capture_once(key, payload, defer_embed=defer_embed)
        except Unreachable as exc:
            # Committed or not is unknown: the key makes the later send a no-op if it was.
            self._vectors = None  # may hold the rolled-back row; reloaded from the cache file
            self.offline = exc
            refused = capture_mod.precheck(payload)
            if refused is not None:
                return refused
            return self._queue(key, payload)

    def _reconnect(self) -> None:
        """A warm session (quire serve) outlives a server restart: try again, at most every 2 s."""
        now = time.monotonic()
        if now - self._last_attempt < RECONNECT_EVERY_S:
            return
        self._last_attempt = now
        if self._db is not None:
            self._db.close()
            self._db = None
            self._vectors = None
        try:
            self._db = open_store(self.home, self.settings)
            self.offline = None
        except Unreachable as exc:
            self.offline = exc
            return
        if self.outbox.count(max_attempts=AUTO):
            self.sync(max_attempts=AUTO)

    def _capture_once(self, key: str, payload: CapturePayload, *, defer_embed: bool) -> capture_mod.Outcome:
        """One capture and its idempotency key in one server transaction (the embedding too)."""
        db = self.db
        vectors = None if defer_embed else self._vectors_if_model()
        with db.transaction():
            done = outbox.applied(db, key)
            if done is not None:
                return capture_mod.Duplicate(done.get("id") or "", ("already applied (sent before)",))
            outcome = capture_mod.capture(
                db, payload, actor=self.actor, embedder=self.embedder, defer_embed=defer_embed, vectors=vectors
            )
            outbox.claim(db, key, "capture", capture_mod.outcome_json(outcome))
        return outcome

    def _queue(self, key: str, payload: CapturePayload) -> outbox.Queued:
        data = payload.model_dump(mode="json")
        if not data.get("valid_from"):
            data["valid_from"] = clock.now_iso()  # when it was said, not when the server heard it
        self.outbox.enqueue(key, "capture", data)
        where = describe_store(self.home, self.settings)
        return outbox.Queued(key, (f"{where} is unreachable: queued in the outbox; `quire sync` sends it",))

    def sync(self, *, max_attempts: int | None = None) -> dict[str, Any]:
        """Send the outbox, oldest first; stops at the first unreachable moment (bounded).

        Each entry's outcome is reported in `items` (key, outcome, id, reason, detail): `sent`
        (stored on the server), `duplicate` (the server had the text), `already_applied` (an
        earlier send landed), `refused` (the gate or a tombstone refused it; it leaves the
        outbox, the reason says why) or `failed` (kept in the outbox with the error)."""
        sent, skipped, refused, failed, stopped = 0, 0, 0, [], ""
        items: list[dict[str, Any]] = []
        entries = self.outbox.pending(max_attempts=max_attempts)
        remaining = self.outbox.count()
        if entries or self.remote:
            self.db  # noqa: B018 (raises the offline error, with the queue's size, when there is no server)
        for entry in entries:
            item: dict[str, Any] = {"key": entry.key, "id": None, "reason": None, "detail": None}
            try:
                payload = CapturePayload.model_validate(entry.payload)
                # Queued before the gate ran offline (an older quire): never sent with a secret.
                outcome: capture_mod.Outcome | None = capture_mod.precheck(payload)
                if outcome is None:
                    outcome = self._capture_once(entry.key, payload, defer_embed=True)
            except Unreachable as exc:
                self._vectors = None
                self.offline = exc
                stopped = str(exc)
                break
            except QuireError as exc:  # refused for good (e.g. --supersedes a memory now gone): kept, reported
                self.outbox.failed(entry.key, str(exc))
                failed.append({"key": entry.key, "error": str(exc)})
                items.append({**item, "outcome": "failed", "reason": "error", "detail": str(exc)})
                continue
            self.outbox.done(entry.key)
            remaining -= 1
            item["id"] = outcome.id or None
            if isinstance(outcome, capture_mod.Rejected):
                refused += 1
                items.append({**item, "outcome": "refused", "reason": outcome.reason, "detail": outcome.detail})
            elif isinstance(outcome, capture_mod.Duplicate) and outcome.warnings[:1] == (
                "already applied (sent before)",
            ):
                skipped += 1
                items.append({**item, "outcome": "already_applied"})
            elif isinstance(outcome, capture_mod.Duplicate):
                sent += 1
                items.append({**item, "outcome": "duplicate", "detail": "; ".join(outcome.warnings)})
            else:
                sent += 1
                items.append({**item, "outcome": "sent"})
        if entries:
            self.outbox.compact()  # what left the queue leaves the file too
        return {
            "store": describe_store(self.home, self.settings),
            "sent": sent,
            "already_applied": skipped,
            "refused": refused,
            "failed": failed,
            "queued": remaining,
            "stopped": stopped or None,
            "items": items,
        }

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
            # A killed run stored its last batches before their vectors: this one finishes them
            # (with their near-duplicate check), so a re-run leaves nothing pending.
            report.warnings.extend(self.embed_pending())
            # Catch the cache up with the change log (cheap: the vectors it added are not read back)
            # and save it, streamed: the next command maps it instead of rebuilding it from the rows.
            self.vectors()
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
        model_id = self.model_id
        stored_models = {
            m or "none": int(n)
            for m, n in self.db.rows(f"SELECT embed_model, count(*) FROM memories WHERE {store.LIVE} GROUP BY 1")
        }
        stale = capture_mod.pending_count(self.db, model_id)
        return {
            "home": str(self.home.root),
            "database": describe_store(self.home, self.settings),
            "queued_writes": self.outbox.count(),
            "wiki": str(self.wiki_dir),
            "schema_version": migrations.current(self.db),
            "model": model_id,
            "embedded_with": stored_models,
            "needs_embedding": stale,
            "spaces": [s.name for s in spaces.all_spaces(self.db)],
            "default_space": spaces.default_space(self.db),
            "open_reviews": self._open_reviews(),
            **counts,
            **({"outbox_damaged": self.outbox.damaged} if self.outbox.damaged else {}),
        }

    def _open_reviews(self) -> int:
        has_queue = self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'review_queue'")
        if not has_queue:
            return 0
        return int(self.db.scalar("SELECT count(*) FROM review_queue WHERE status IN ('pending','awaiting_review')"))
