"""A Session: one open home (database, settings) with the model and vector cache loaded lazily.

The CLI makes one per command; `quire serve` keeps one warm. Library functions take what they
need from it, so the same call works in both.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from memory import access, clock, erase, files, integrity, keys, migrations, outbox, rehear, spaces, store, textcache
from memory import capture as capture_mod
from memory.chats import ChatReport
from memory.db import Database, RemoteDatabase, ReplicaDatabase
from memory.embed import Embedder, configured_model_id, load_embedder
from memory.errors import Conflict, Forgotten, NotFound, QuireError, Refused, StoreError, Superseded, Unreachable
from memory.home import (
    OWN_FOLDERS,
    Home,
    Settings,
    describe_store,
    home_key,
    load_settings,
    open_store,
    resolve_home,
    store_token,
    store_url,
    wiki_dir,
)
from memory.importer import ImportReport, import_path
from memory.models import CapturePayload
from memory.vectors import VectorIndex

RECONNECT_EVERY_S = 2.0
AUTO = outbox.AUTO_ATTEMPTS
# The replica of a server home: opening it syncs it. A read syncs it first, waiting, when
# this device wrote since, the clock moved back or the last sync is older than HARD_STALE_S; when
# it is older than STALE_AFTER_S only, the pull runs on a thread beside the read (the answer is at
# most HARD_STALE_S old). After a sync that could not reach the server, reads answer from the
# replica as it is, saying how old it is, and try again after RETRY_OFFLINE_S.
STALE_AFTER_S = 2.0
_STORE_ID = re.compile(r"[0-9a-f]{16}")  # RemoteDatabase.identity: a folder name under the home's cache
_LAST_EPOCH = 253402300799.0  # 9999-12-31T23:59:59Z: the last second a datetime holds
HARD_STALE_S = 30.0  # past it a read waits for the sync; between the two the pull runs beside the read
RETRY_OFFLINE_S = 10.0


class _Route(threading.local):
    """Per thread (the service runs reads side by side): is the running operation a read, and did
    it answer from a replica that could not be synced."""

    read = False
    offline_read = False


@dataclass
class _SyncTally:
    """What one `Session.sync` sent, skipped, refused and failed, entry by entry."""

    sent: int = 0
    skipped: int = 0  # already applied: an earlier send landed
    refused: int = 0
    failed: list[dict[str, Any]] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)  # one per queued capture
    writes: list[dict[str, Any]] = field(default_factory=list)  # the outcome of each other queued write
    errors: list[str] = field(default_factory=list)  # the error lines of the writes sent (an import's refused units)

    def write(self, key: str, done: dict[str, Any]) -> None:
        self.errors.extend(done.get("errors") or ())
        outcome_of = done.get("outcome")
        if outcome_of in ("sent", "sent_held"):
            self.sent += 1
        elif outcome_of == "already_applied":
            self.skipped += 1
        elif outcome_of in ("failed", "conflict_held", "refused_held"):
            self.failed.append({"key": key, "error": done.get("detail") or outcome_of})
        self.writes.append(done)

    def capture(self, item: dict[str, Any], outcome: capture_mod.Outcome) -> None:
        if isinstance(outcome, capture_mod.Rejected):
            self.refused += 1
            self.items.append({**item, "outcome": "refused", "reason": outcome.reason, "detail": outcome.detail})
        elif isinstance(outcome, capture_mod.Duplicate) and outcome.warnings[:1] == ("already applied (sent before)",):
            self.skipped += 1
            self.items.append({**item, "outcome": "already_applied"})
        elif isinstance(outcome, capture_mod.Duplicate):
            self.sent += 1
            self.items.append({**item, "outcome": "duplicate", "detail": "; ".join(outcome.warnings)})
        else:
            self.sent += 1
            self.items.append({**item, "outcome": "sent"})


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
        # An encrypted home: the outbox is encrypted with the same key, snapshots and the vector
        # cache are sealed, and no graph cache is written (memory.keys says why).
        self.key = home_key(self.home)
        self.sealer = keys.Sealer.for_key(self.key) if self.key is not None else None
        self.cache_sealer = keys.Sealer.for_cache(self.key) if self.key is not None else None
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
        self._applying = False  # inside apply_write: a capture inside raises Unreachable, never queues
        self._route = _Route()
        self._replica: ReplicaDatabase | None = None
        self._replica_failed_at = -math.inf
        self._puller: threading.Thread | None = None
        # Reads on a server home come from a replica on this device; not for an encrypted home (the
        # replica would hold its memories in clear) nor with `[store] replica = false`.
        self.replica_enabled = self.remote and self.key is None and self.settings.store.replica
        if send_outbox and self._db is not None and self.remote and self.outbox.count(max_attempts=AUTO):
            self.sync(max_attempts=AUTO)  # any command that reaches the server sends what waited

    @property
    def db(self) -> Database | RemoteDatabase:
        """The store an operation uses: the replica for a read on a server home, else the server
        (or the file)."""
        if self._route.read and self.replica_enabled:
            replica = self._read_replica()
            if replica is not None:
                return replica
        return self._server_db()

    def _server_db(self) -> Database | RemoteDatabase:
        if self.remote and (self._db is None or self._db.broken) and not getattr(self._db, "in_transaction", False):
            self._reconnect()
        if self._db is None:
            raise Unreachable(
                f"{self.offline}; {self._no_offline_read() if self._route.read else ''}{self.outbox.said()}"
            )
        return self._db

    def _no_offline_read(self) -> str:
        """Why a read cannot answer while the server is out of reach, and when it will: the
        replica a device reads from offline is made by its first command that reaches the server."""
        if self.replica_enabled:
            return (
                "reads need the server until this device has its replica, made by the first command run "
                "while the server answers (`quire status` will do); "
            )
        why = "an encrypted home keeps none" if self.key is not None else "`[store] replica = false` in config.toml"
        return f"this device keeps no replica to read offline ({why}), so reads wait for the server; "

    # -- lazily loaded heavy state -----------------------------------------------------------

    @property
    def state_dir(self) -> Path:
        """This store's state on this device. For a server: a folder named by a hash of its URL and
        database id (never the token), so one home that switches servers keeps them apart."""
        if not self.remote:
            return self.home.cache_dir
        if self._store_id is None:
            try:
                db = self._server_db()
                self._store_id = db.identity() if isinstance(db, RemoteDatabase) else "file"
                self._save_replica_state(store_id=self._store_id)
            except Unreachable as exc:
                known = self._replica_state().get("store_id")  # offline: the id the server gave before
                if not (isinstance(known, str) and _STORE_ID.fullmatch(known)):  # "../..": caches outside the home
                    raise self._no_store_id(exc) from None
                self._store_id = known
        return self.home.cache_dir / f"store-{self._store_id}"

    def _no_store_id(self, exc: Unreachable) -> Unreachable:
        """Offline, with a replica whose record (state.json) holds no store id quire wrote: said as
        that, and left as it is. Before, the line said reads wait "until this device has its replica",
        which it had: the person was sent to look for a replica, not at the damaged record."""
        record = self.replica_path.parent / "state.json"
        if not self.replica_path.exists():
            return exc  # no replica here yet: the line that says so is the right one
        what = "is missing" if not record.exists() else "holds no store id quire wrote (damaged or edited)"
        return Unreachable(
            f"{self.offline or 'the server cannot be reached'}; this device's replica record {record} {what}, "
            "so offline reads cannot tell which caches are this store's: "
            "run `quire status` once the server answers (it writes the record again); "
            f"{self.outbox.said()}"
        )

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
            self._vectors = self._load_vectors(model_id)
            # Rebuilt from the rows (no cache, or a damaged, foreign or tampered one): written at
            # close, so the next command does not pay for it again.
            self._saved_seq = self._vectors.seq if self._vectors.from_cache or not len(self._vectors.rowids) else -1
        elif not self._vectors.refresh(self.db, changes):  # the change log was pruned past us: start over
            self._vectors = self._load_vectors(model_id)
        return self._vectors

    def held_vectors(self) -> VectorIndex | None:
        """The vector cache as this session holds it now, without catching it up with the store (None
        when none is loaded for the configured model, or the model is not): a warm recall starts its
        scan on it before it reads the change log, and checks the log afterwards."""
        index = self._vectors
        return index if index is not None and self._embedder is not None and index.model_id == self.model_id else None

    def _load_vectors(self, model_id: str) -> VectorIndex:
        if self.cache_sealer is not None:  # an encrypted home: the sealed cache, opened into memory
            return VectorIndex.load(self.db, model_id, self.state_dir, sealer=self.cache_sealer)
        return VectorIndex.load(self.db, model_id, self.cache_dir)

    def persist_vectors(self, min_changes: int = 200) -> None:
        """Save the vector cache when enough changed since it was read (cheap cold starts); sealed
        for an encrypted home."""
        if self._vectors is None:
            return
        if self._vectors.seq - self._saved_seq < min_changes and self._saved_seq >= 0:
            return
        # Caught up first: a memory another process forgot since this index was read would be
        # written back to disk as live (a warm `quire mcp` or library session saving at its close).
        try:
            current = self._vectors.refresh(self.db)
        except StoreError:  # cannot be caught up now (a server gone): not written, a later command saves it
            return
        if not current:
            self._vectors = None  # behind its change log: the next reader builds it from the rows
            return
        if self.cache_sealer is not None:
            self._vectors.save_sealed(self.db, self.state_dir, self.cache_sealer)
        elif self.cache_dir is not None:
            self._vectors.save(self.db, self.cache_dir)
        else:
            return
        self._saved_seq = self._vectors.seq

    def embed_pending(self, progress: Callable[[int], None] | None = None) -> list[str]:
        """Embed deferred captures (the model is loaded by now); returns near-duplicate warnings.
        On a replica with the server down they wait (a read cannot write them): lexical until then."""
        model = self.embedder()
        if capture_mod.pending_count(self.db, model.model_id) == 0:
            return []
        try:
            _, warnings = capture_mod.embed_pending(
                self.db, model, actor=self.actor, vectors=self.vectors(), progress=progress
            )
        except Unreachable:
            if not isinstance(self.db, ReplicaDatabase):
                raise
            return []
        return warnings

    @property
    def wiki_dir(self) -> Path:
        return wiki_dir(self.home, self.settings)

    def write_behind(self) -> None:
        """Keep recall's access counts and write them a batch at a time (memory/access.py): for a
        process that answers many recalls (`quire serve`, `quire mcp`). A server home's reads keep
        theirs in the outbox already."""
        if self._db is not None and not self.remote:
            access.enable(self._db)

    def flush_access(self) -> None:
        """Write the access counts recalls left waiting (memory/access.py); a store that refuses the
        write now (locked a moment) keeps them waiting for the next."""
        if self._db is not None and not self._db.broken:
            with suppress(QuireError):
                access.flush(self._db)

    def catch_up_forgets(self) -> None:
        """Empty this process's caches of memory texts (memory/textcache.py) when a memory was
        forgotten since it last looked, by this process or another on the same home: a warm process
        (quire serve, quire mcp, a library caller) then serves and holds nothing of the text."""
        with suppress(StoreError):  # unreachable now: nothing is read from it either (the op says so)
            if textcache.moved(str(self.home.root), erase.forgotten_count(self.db)):
                self.flush_access()  # the recalls' queries waiting to be written leave with their words blanked
                textcache.drop()

    def close(self, *, persist: bool = True) -> None:
        """The end of a command. `persist`: save a rebuilt vector cache (not after a refusal: a
        command that changed nothing leaves the home's files as they were)."""
        try:
            self.flush_access()
            if self._db is not None and persist:
                self.persist_vectors()
        except Unreachable:
            pass  # the cache is derived state: a later command catches up
        finally:
            if self._replica is not None:
                self._send_deferred_quietly()  # the end of a command: its recalls' access counts
                if self._puller is not None:
                    self._puller.join(5)
                self._replica.close()
            self.outbox.close()
            if self._db is not None:
                self._db.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        self.close(persist=kind is None)

    # -- the replica -----------------------------------------------------------

    @contextmanager
    def route(self, effect: str) -> Iterator[None]:
        """Run one operation: a read (effect "read") uses the replica on a server home; anything
        else the server, and the replica syncs before the next read (so that read sees it)."""
        before = (self._route.read, self._route.offline_read)
        self._route.read, self._route.offline_read = effect == "read", False
        try:
            yield
        finally:
            if effect != "read" and self._replica is not None:
                self._replica.dirty = True
                self._send_deferred_quietly()  # reads' bookkeeping rides on writes, not on reads
            self._route.read = before[0]
            if before[0]:
                self._route.offline_read = before[1]

    @property
    def replica_path(self) -> Path:
        url = store_url(self.home, self.settings) or ""
        digest = hashlib.sha256(url.encode()).hexdigest()[:16]
        return self.home.cache_dir / f"replica-{digest}" / "quire.db"

    def _replica_state(self) -> dict[str, Any]:
        try:
            found = json.loads(files.read_kept(self.replica_path.parent / "state.json", limit=64 << 10) or b"{}")
            return found if isinstance(found, dict) else {}
        except (OSError, ValueError, QuireError):  # anything but the file quire wrote: as if none
            return {}

    def _save_replica_state(self, **changes: Any) -> None:
        folder = self.replica_path.parent
        with suppress(OSError):
            files.private_dir(folder)
            state = {**self._replica_state(), **changes}
            files.atomic_write(folder / "state.json", json.dumps(state), sync_dir=False)  # owner-only, whole

    def _read_replica(self) -> ReplicaDatabase | None:
        """The replica, synced first when it is older than the bound (None: no copy here yet)."""
        replica = self._replica
        now = time.monotonic()
        if replica is None:
            url = store_url(self.home, self.settings) or ""
            http = url.replace("ws://", "http://", 1).replace("wss://", "https://", 1)
            replica = ReplicaDatabase(
                self.replica_path,
                http,
                token=store_token(self.home, self.settings),
                writer=self._server_db,
                defer=self._defer,
            )
            self._replica = replica
            try:
                replica.open()
                self._synced(replica)
                self._know_store()
            except Unreachable:
                self._replica_failed_at = now
            except QuireError:
                self.replica_enabled = False  # e.g. a refused token: the server path says why
                replica.close()
                self._replica = None
                return None
        elif not replica.in_transaction and self._stale(replica) and now - self._replica_failed_at > RETRY_OFFLINE_S:
            if self._must_wait(replica):
                try:
                    replica.sync()
                    self._synced(replica)
                except Unreachable:
                    self._replica_failed_at = now
            else:
                self._pull_in_background(replica)
        if not replica.readable:
            return None
        # An older quire never reads a newer schema: online the server's open refuses it; offline
        # the replica (synced from a server a newer quire migrated) is all there is to check.
        migrations.check_not_newer(replica)
        if not replica.in_transaction and not replica.online:
            self._route.offline_read = True
        return replica

    def _defer(self, statements: list[tuple[str, list[Any]]]) -> None:
        """Keep a replica read's blind writes (access counts) in the outbox for the next sync.

        A damaged outbox is never written to, and a read does not fail for its bookkeeping: the
        counts are dropped (`status` and `doctor` name the file and what to do)."""
        encoded = [[sql, [_encode(p) for p in params]] for sql, params in statements]
        with suppress(integrity.Damaged):
            self.outbox.enqueue(outbox.new_key(), outbox.DEFERRED, {"statements": encoded})

    def send_deferred(self) -> int:
        """Send deferred bookkeeping, a batch per server transaction with every entry's key claimed
        in it (a batch whose answer was lost fails on the second send: then one by one, each
        checked). Returns how many were applied; Unreachable leaves the rest queued."""
        sent = 0
        while True:
            batch = self.outbox.deferred()
            if not batch:
                return sent
            db = self._server_db()
            # A recall's query waiting here while another device forgot what it found: blanked.
            forgotten = str(db.scalar("SELECT max(created_at) FROM tombstones") or "")
            settled = {
                e.key: access.settle_deferred(
                    [[sql, [_decode(p) for p in params]] for sql, params in e.payload.get("statements") or []],
                    forgotten,
                )
                for e in batch
            }
            try:
                with db.batched():
                    for entry in batch:
                        outbox.claim(db, entry.key, outbox.DEFERRED, {})
                        for sql, params in settled[entry.key]:
                            db.execute(sql, params)
            except Unreachable:
                raise
            except QuireError:  # a key was applied already: each alone, checked
                for entry in batch:
                    with db.transaction():
                        if outbox.applied(db, entry.key) is None:
                            outbox.claim(db, entry.key, outbox.DEFERRED, {})
                            for sql, params in settled[entry.key]:
                                db.execute(sql, params)
            self.outbox.done_many([e.key for e in batch])
            sent += len(batch)
            if len(batch) < outbox.DEFER_BATCH:
                return sent

    def _send_deferred_quietly(self) -> None:
        if self._db is None or self._db.broken or self._db.in_transaction or self._applying:
            return
        with suppress(QuireError):  # left queued: the next command or `quire sync` sends it
            self.send_deferred()

    def _must_wait(self, replica: ReplicaDatabase) -> bool:
        """Sync before this read (this device wrote since, the replica is offline or older than
        HARD_STALE_S, or the clock moved back); else it is refreshed in the background."""
        if replica.dirty or not replica.online or replica.synced_at is None:
            return True
        age = time.time() - replica.synced_at
        return age < 0 or age > HARD_STALE_S

    def _pull_in_background(self, replica: ReplicaDatabase) -> None:
        running = self._puller
        if running is not None and running.is_alive():
            return

        def pull() -> None:
            try:
                replica.pull()
                self._synced(replica)
            except Unreachable:
                self._replica_failed_at = time.monotonic()
            except QuireError:
                replica.dirty = True  # diverged or damaged: the next read rebuilds it, waiting

        self._puller = threading.Thread(target=pull, name="quire-replica-pull", daemon=True)
        self._puller.start()

    def _stale(self, replica: ReplicaDatabase) -> bool:
        if replica.dirty or replica.synced_at is None:
            return True
        age = time.time() - replica.synced_at
        return age < 0 or age > STALE_AFTER_S  # a clock that moved back proves nothing: sync

    def _know_store(self) -> None:
        """Record the server's store id beside the replica while the server answers: offline, the
        caches' folder (`state_dir`) is found by it. A replica made by a command that never needed
        that folder (`quire status`) was there, and offline reads still said there was none."""
        if self._store_id is None and self._db is not None:
            with suppress(QuireError):
                self.state_dir  # noqa: B018 (computes and saves the id)

    def _synced(self, replica: ReplicaDatabase) -> None:
        self._save_replica_state(synced_at=replica.synced_at)

    def replica_note(self) -> dict[str, Any] | None:
        """How old the replica that answered the last read is, when it could not be synced first."""
        if not self._route.offline_read or self._replica is None:
            return None
        synced = _epoch(self._replica.synced_at or self._replica_state().get("synced_at"))
        age = None if synced is None else time.time() - float(synced)
        when = clock.iso(datetime.fromtimestamp(float(synced), UTC)) if synced is not None else None
        if age is None:
            how_old = "never synced on this device"
        elif age < 0:
            how_old = f"last synced {when}, which is in the future by this device's clock (check the clock)"
            age = None
        else:
            how_old = f"last synced {when} ({_span(age)} ago)"
        return {
            "offline": True,
            "synced_at": when,
            "age_s": None if age is None else round(age, 1),
            "path": str(self._replica.path),
            "message": f"{describe_store(self.home, self.settings)} is unreachable: answered from this "
            f"device's replica, {how_old}",
        }

    # -- capture ---------------------------------------------------------------------------

    def capture(self, payload: CapturePayload, *, defer_embed: bool = False) -> capture_mod.Outcome | outbox.Queued:
        if not self.remote:
            vectors = None if defer_embed else self._vectors_if_model()
            # Heard after the capture's commit (its embedding is not held inside the write lock), as an import hears
            # each batch after it lands.
            outcome = capture_mod.capture(
                self.db, payload, actor=self.actor, embedder=self.embedder, defer_embed=defer_embed, vectors=vectors
            )
            return capture_mod.heard(self.db, payload, outcome, actor=self.actor)
        key = outbox.new_key()
        if self._db is None:
            refused = capture_mod.precheck(payload)
            if refused is not None:  # the outbox holds only what passed the gate
                return refused
            return self._queue(key, payload)
        try:
            return self._capture_once(key, payload, defer_embed=defer_embed)
        except Unreachable as exc:
            if self._applying:  # part of a queued or keyed write: that write queues (or stays) as a whole
                raise
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
                return capture_mod.noted(
                    capture_mod.Duplicate(done.get("id") or "", ("already applied (sent before)",)), payload._text_notes
                )
            outcome = capture_mod.capture(
                db, payload, actor=self.actor, embedder=self.embedder, defer_embed=defer_embed, vectors=vectors
            )
            outcome = capture_mod.heard(db, payload, outcome, actor=self.actor)  # in the key's transaction: once
            outbox.claim(db, key, "capture", capture_mod.outcome_json(outcome))
        return outcome

    def _queue(self, key: str, payload: CapturePayload) -> outbox.Queued:
        data = payload.model_dump(mode="json")
        if not data.get("valid_from"):
            data["valid_from"] = clock.now_iso()  # when it was said, not when the server heard it
        self.outbox.enqueue(key, "capture", data)
        where = describe_store(self.home, self.settings)
        queued = outbox.Queued(key, (f"{where} is unreachable: queued in the outbox; `quire sync` sends it",))
        return capture_mod.noted(queued, payload._text_notes)  # what the text policy changed: said now, not at the sync

    def sync(self, *, max_attempts: int | None = None) -> dict[str, Any]:
        """Send the outbox, oldest first; stops at the first unreachable moment (bounded).

        Each entry's outcome is reported in `items` (key, outcome, id, reason, detail): `sent`
        (stored on the server), `duplicate` (the server had the text), `already_applied` (an
        earlier send landed), `refused` (the gate or a tombstone refused it; it leaves the
        outbox, the reason says why) or `failed` (kept in the outbox with the error)."""
        tally, stopped = _SyncTally(), ""
        bookkeeping, deferred_sent = 0, False
        entries = self.outbox.pending(max_attempts=max_attempts)
        if self.outbox.damaged and max_attempts is None:  # its writes cannot be read: never "sent 0"
            raise integrity.Damaged(self.outbox.damaged)
        if entries or self.remote:
            self.db  # noqa: B018 (raises the offline error, with the queue's size, when there is no server)
        for entry in entries:
            if entry.kind == outbox.DEFERRED:  # bookkeeping from replica reads: sent in batches
                if not deferred_sent:
                    try:
                        bookkeeping = self.send_deferred()
                    except Unreachable as exc:
                        self.offline = exc
                        stopped = str(exc)
                        break
                    deferred_sent = True
                continue
            if entry.kind != "capture":  # another write queued offline: run by its applier
                done = self._send_write(entry, interactive=max_attempts is None)
                if done is None:
                    stopped = str(self.offline or "the server stopped answering")
                    break
                tally.write(entry.key, done)
                continue
            stopped = self._sync_capture(entry, tally, interactive=max_attempts is None) or ""
            if stopped:
                break
        if entries:
            self.outbox.compact()  # what left the queue leaves the file too
        return {
            "store": describe_store(self.home, self.settings),
            "sent": tally.sent,
            "already_applied": tally.skipped,
            "refused": tally.refused,
            "failed": tally.failed,
            "queued": self.outbox.count(),  # counted again: another process (quire serve) may have sent some
            "stopped": stopped or None,
            "items": tally.items,
            "writes": tally.writes,
            "errors": tally.errors,
            "bookkeeping": bookkeeping,
        }

    def queued_writes(self) -> dict[str, Any]:
        """The writes waiting in this device's outbox, oldest first (the first outbox.SEND_LIMIT;
        recall's deferred bookkeeping left out, in the list and in the count), with the server's last
        refusal of each: read offline too."""
        entries = [e for e in self.outbox.pending() if e.kind != outbox.DEFERRED]
        if self.outbox.damaged:
            raise integrity.Damaged(self.outbox.damaged)
        return {"writes": [_queued_row(e) for e in entries], "queued": self.outbox.count_writes()}

    def drop_queued(self, keys: list[str]) -> dict[str, Any]:
        """Take queued writes out of the outbox unsent, all or none (memory/outbox.Outbox.drop): a
        write the server will never take, which every `quire sync` would otherwise fail on. Works
        offline: only this device's queue is read."""
        dropped = self.outbox.drop(keys)
        self.outbox.compact(vacuum=True)
        return {"dropped": [_queued_row(e) for e in dropped], "queued": self.outbox.count_writes()}

    def _sync_capture(self, entry: outbox.Entry, tally: _SyncTally, *, interactive: bool) -> str | None:
        """Send one queued capture and count its outcome; why sending stopped (the server went
        unreachable), else None."""
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
            return str(exc)
        except Forgotten as exc:  # it --supersedes a memory forgotten meanwhile: dropped with its text
            self.outbox.done(entry.key)
            tally.refused += 1
            tally.items.append({**item, "outcome": "refused", "reason": "forgotten", "detail": str(exc)})
            return None
        except Superseded as exc:  # another version came first (maybe another device's): as a queued supersede
            if not interactive:  # sent by another command: held until `quire sync` reports it
                self.outbox.hold(entry.key, f"conflict: {exc}", AUTO)
                tally.failed.append({"key": entry.key, "error": f"conflict: {exc}"})
                tally.items.append({**item, "outcome": "conflict_held", "reason": "superseded", "detail": str(exc)})
                return None
            self.outbox.done(entry.key)  # reported once, dropped: it would be refused at every sync
            tally.items.append({**item, "outcome": "conflict", "reason": "superseded", "detail": str(exc)})
            return None
        except QuireError as exc:  # refused for good (e.g. --supersedes a memory now gone): kept, reported
            self.outbox.failed(entry.key, str(exc))
            tally.failed.append({"key": entry.key, "error": str(exc)})
            tally.items.append({**item, "outcome": "failed", "reason": "error", "detail": str(exc)})
            return None
        self.outbox.done(entry.key)
        tally.capture({**item, "id": outcome.id or None}, outcome)
        return None

    # -- every other write, queued offline ------------------------------------------

    def apply_write(self, key: str, kind: str, fn: Callable[[], dict[str, Any]], *, atomic: bool = True) -> Any:
        """Run one write on the server with its idempotency key: the key is claimed in the write's
        own transaction (`atomic`), so a write sent twice is applied once. A long write (import:
        content-idempotent, its own batches) claims the key after it ends. Returns (result, already)."""
        db = self.db
        self._applying = True
        try:
            if not atomic:
                done = outbox.applied(db, key)
                if done is not None:
                    return done, True
                result = fn()
                with db.transaction():
                    if outbox.applied(db, key) is None:
                        outbox.claim(db, key, kind, result)
                return result, False
            with db.transaction():
                done = outbox.applied(db, key)
                if done is not None:
                    return done, True
                result = fn()
                outbox.claim(db, key, kind, result)
            return result, False
        finally:
            self._applying = False

    def queue_write(self, key: str, kind: str, params: dict[str, Any]) -> dict[str, Any]:
        """Keep a write in the outbox (the server is unreachable); the queued answer's fields."""
        self.outbox.enqueue(key, kind, {"params": params, "queued_on": clock.now_iso()})
        where = describe_store(self.home, self.settings)
        hidden = " (hidden on this device until then)" if kind == "forget" else ""
        return {
            "status": "queued",
            "queued": key,
            "op": kind,
            "message": f"{where} is unreachable: {kind} queued in the outbox{hidden}; `quire sync` sends it",
            "errors": [],
            "warnings": [],
        }

    def forgotten_here(self) -> set[str]:
        """Memories a queued forget names: recall, pages and history hide them on this device."""
        return self.outbox.forgotten() if self.remote else set()

    def _send_write(self, entry: outbox.Entry, *, interactive: bool) -> dict[str, Any] | None:
        """One queued write: its outcome (sent, already_applied, conflict, refused, failed), or None
        when the server stopped answering (the entry stays, and the sync stops: order is kept)."""
        applier = outbox.APPLIERS.get(entry.kind)
        item: dict[str, Any] = {"key": entry.key, "kind": entry.kind, "outcome": "", "detail": None}
        if applier is None:  # quire.ops registers the appliers; a bare library session cannot run it
            self.offline = self.offline or Unreachable(f"no applier for queued {entry.kind} in this process")
            return None
        params = dict(entry.payload.get("params") or {})
        try:
            result, already = self.apply_write(entry.key, entry.kind, lambda: applier(self, entry.kind, params))
        except Unreachable as exc:
            self._vectors = None
            self.offline = exc
            return None
        except Conflict as exc:  # decided on another device meanwhile: reported, never overwritten
            if "busy" in str(exc):  # the server is busy, not a decision: stays queued, try again later
                self.offline = Unreachable(str(exc))
                return None
            if not interactive:
                self.outbox.hold(entry.key, f"conflict: {exc}", AUTO)
                return {**item, "outcome": "conflict_held", "detail": f"conflict: {exc}"}
            self.outbox.done(entry.key)
            return {**item, "outcome": "conflict", "detail": str(exc)}
        except (NotFound, Forgotten) as exc:  # e.g. the memory was erased on another device: nothing to apply
            if isinstance(exc, NotFound) and not interactive:
                # An id no memory (or review item) on the server has, queued unchecked offline: held for
                # `quire sync` to say, not dropped unseen by whichever command happened to send it.
                self.outbox.hold(entry.key, f"refused: {exc}", AUTO)
                return {**item, "outcome": "refused_held", "detail": f"refused: {exc}"}
            self.outbox.done(entry.key)
            return {**item, "outcome": "refused", "detail": str(exc)}
        except Refused as exc:  # the gate or a tombstone on the server: as a queued capture refused there
            with suppress(StoreError):  # logged as the server logs that capture (the write was rolled back)
                capture_mod.log_refused(self._server_db(), exc, actor=self.actor)
            self.outbox.done(entry.key)
            return {**item, "outcome": "refused", "reason": exc.reason, "detail": str(exc)}
        except QuireError as exc:
            self.outbox.failed(entry.key, str(exc))
            return {**item, "outcome": "failed", "detail": str(exc)}
        changed = result.get("changed") if isinstance(result, dict) else None
        detail = result.get("message") if isinstance(result, dict) else None
        # A write that landed in part says what it refused (an import's unit holding a key), as it
        # would have said online, on every send: the recorded result of an earlier one holds them too.
        errors = [str(e) for e in result.get("errors") or ()] if isinstance(result, dict) else []
        if errors and not interactive:
            # Sent by another command, whose answer is not this write's: the entry stays, held, so
            # `quire sync` says the lines (it sends it again: already applied, the recorded errors).
            self.outbox.hold(entry.key, f"sent; {len(errors)} error line(s) to read: run `quire sync`", AUTO)
            return {**item, "outcome": "sent_held", "detail": detail, "changed": changed, "errors": errors}
        self.outbox.done(entry.key)
        outcome = "already_applied" if already else "sent"
        return {**item, "outcome": outcome, "detail": detail, "changed": changed, "errors": errors}

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
        me: str | None = None,
        date_order: str | None = None,
        timezone: str | None = None,
    ) -> ImportReport | ChatReport:
        """What `quire import` runs (and `quire eval`, on the benchmark converted to chat JSONL)."""
        rehear.heard_from_the_start(self.db)  # (a new home: its turns are heard by these rules, not again)
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
            own=self._own_folders(),
            me=me,
            date_order=date_order,
            timezone=timezone,
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

    def _own_folders(self) -> tuple[Path, ...]:
        """What is never read back as notes: the vault (unless refused: its own command says why)
        and the home's folders that keep copies of its pages (snapshots) or other derived files."""
        folders = tuple(self.home.root / name for name in OWN_FOLDERS)
        try:
            return (self.wiki_dir, *folders)
        except QuireError:
            return folders

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
            "queued_writes": self.outbox.count_writes(),
            "queued_held": self.outbox.count_held(),
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


def _queued_row(entry: outbox.Entry) -> dict[str, Any]:
    """A queued write as `quire sync list` and `drop` show it (its payload, the person's text, left out)."""
    return {
        "key": entry.key,
        "kind": entry.kind,
        "queued_at": entry.queued_at,
        "attempts": entry.attempts,
        "error": entry.last_error,
    }


def _encode(value: Any) -> Any:
    return {"b64": base64.b64encode(value).decode()} if isinstance(value, bytes) else value


def _decode(value: Any) -> Any:
    return base64.b64decode(value["b64"]) if isinstance(value, dict) else value


def _epoch(value: Any) -> float | None:
    """A sync time as the replica's record holds it, or None for one quire never writes there (a
    string, 1e300, a negative one): those were a ValueError or OverflowError on every offline read."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0 <= value <= _LAST_EPOCH else None


def _span(seconds: float) -> str:
    if seconds < 90:
        return f"{int(seconds)} s"
    if seconds < 5400:
        return f"{int(seconds // 60)} min"
    if seconds < 172_800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"
