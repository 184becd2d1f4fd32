"""`quire rebuild`, the nightly job, and `quire rollback`.

One rebuild, under an exclusive lock on $QUIRE_HOME/rebuild.lock:

1. decay pass; what typed memories state read again when the reading's rules changed
   (memory/statements.reread, resumable), and the person's own untyped turns heard again
   (memory/rehear.py, resumable); then embed deferred captures (their pages need vectors);
2. scan the vault: a file a person changed or deleted is recorded and its page becomes theirs;
3. plan: synthesize every page, hash its inputs (cited memories' id, content, status, type,
   updated_at ..., links, render version, map revision) and compare with the stored hash;
4. if anything changes: snapshot the pre-images of exactly the pages about to change (rows of
   the page tables as JSON + their files) under $QUIRE_HOME/snapshots/<ts>-<n>/, keep the last 5;
5. phase A, one transaction: page rows, sources, history, changelog, map suggestions, review items
   for human-owned pages, audit rows, each written page marked `pending_write`;
6. phase B: atomic file writes (temp, fsync, rename; one folder fsync at the end);
7. phase C: clear `pending_write`, close the run.

A kill anywhere leaves each file with its old or its new bytes: before phase A commits nothing
changed; after it, the next rebuild sees `pending_write` and finishes the write instead of taking
the half-done state for a hand edit. Snapshots and `rollback` live in wiki/snapshot.py.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from memory import audit, clock, conversations, decay, files, life, meta, rehear, statements
from memory.capture import pending_count
from memory.db import Database
from memory.embed import configured_model_id
from memory.errors import ModelUnavailable, QuireError, StoreError
from memory.home import trusted_vault
from memory.vectors import cache_path
from wiki import forget as forgetting
from wiki import heirs as heirs_mod
from wiki import incremental, pagemap, pages, prose, render, snapshot, synth, vault, vault_sync
from wiki.snapshot import KEEP_SNAPSHOTS, list_snapshots, snapshots_dir, take_snapshot

__all__ = ["KEEP_SNAPSHOTS", "list_snapshots", "rebuild", "rollback", "snapshots_dir", "take_snapshot"]

INDEX_KEY = "index"
REMOVE_HASH = "remove"

Progress = Callable[[int, int], None]


@dataclass
class Summary:
    written: int = 0
    unchanged: int = 0
    revisions: int = 0
    skipped: int = 0
    removed: int = 0
    repaired: int = 0
    index: str = "unchanged"
    hand_edits: list[str] = field(default_factory=list)
    deletions: list[str] = field(default_factory=list)
    pages: int = 0
    memories: int = 0
    seconds: float = 0.0
    snapshot: str | None = None
    run: int | None = None
    decay: dict | None = None
    restated: int | None = None  # typed memories read again with newer rules (None: none was due)
    reheard: int | None = None  # the person's untyped turns heard again with newer rules (None: none was due)
    embedded: int = 0
    prose: int = 0
    prose_rejected: int = 0
    warnings: list[str] = field(default_factory=list)
    plan: str = "full"  # full | incremental (wiki/incremental.py)
    plan_reason: str = ""  # why the full plan, when it was

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Item:
    """One page in the plan."""

    key: str
    kind: str
    title: str
    space: str | None
    entity: str | None
    slug: str
    page_id: str
    action: str  # write | unchanged | revision | skip | remove | remove_revision | repair
    input_hash: str
    spec: synth.PageSpec | None = None
    links: synth.Context = field(default_factory=synth.Context)  # links both ways, aliases
    row: pages.Page | None = None
    index: synth.IndexSpec | None = None
    spec_hash: str = ""  # synth.spec_hash(spec, links), hashed once by the plan and reused when writing
    heir: pages.Page | None = None  # the old page whose slug this new one takes (wiki/heirs.py)
    retire: str = ""  # that old page's slug from now on


@dataclass
class Plan:
    items: list[Item]
    memories: int
    record: incremental.Record | None = None  # what the next incremental plan starts from
    totals: tuple[int, int, int] | None = None  # (pages, unchanged, skipped) of an incremental plan

    def by_action(self, *actions: str) -> list[Item]:
        return [i for i in self.items if i.action in actions]

    @property
    def changes(self) -> list[Item]:
        return self.by_action("write", "revision", "remove", "remove_revision", "repair", "stay_deleted")


def _input_hash(spec_hash: str, map_revision: int) -> str:
    return hashlib.sha256(f"{spec_hash}:{map_revision}".encode()).hexdigest()


def _assign_slugs(
    specs: list[synth.PageSpec],
    existing: dict[str, pages.Page],
    foreign: set[str],
    heirs: dict[str, pages.Page] | None = None,
) -> tuple[dict[str, str], dict[str, str]]:
    """Slugs of existing pages stay (a page slugged before titles in other scripts kept their
    letters keeps its `page-<hash>` file, and the hand edits in it); a new page never takes a slug
    in use, nor the name of a file a person keeps in the vault (quire never overwrites a file it did
    not write), nor one a case- or normalisation-blind file system (macOS, Windows) takes for either
    (`vault.slug_key`). quire's own pages (About me, Notes) take theirs first: an entity "Notes!"
    had taken notes.md, and the Notes page was notes-2.md. A new page that is an old one's heir
    (wiki/heirs.py) takes its slug; the old row's slug from then on is the second mapping (by id)."""
    heirs = heirs or {}
    taken = {vault.slug_key(p.slug) for p in existing.values()} | {vault.slug_key(f) for f in foreign}
    slugs: dict[str, str] = {}
    for spec in sorted(specs, key=lambda s: s.kind != "notes"):
        row = heirs.get(spec.key) or existing.get(spec.key)
        if spec.key in heirs and spec.key in existing:  # a removed page come back: it gives up its slug
            taken.discard(vault.slug_key(existing[spec.key].slug))
        if row is not None:
            slugs[spec.key] = row.slug
            continue
        base = vault.slugify(spec.title)
        candidates = [base] + ([vault.slugify(f"{spec.title} {spec.space}")] if spec.space else [])
        slug = next((c for c in candidates if vault.slug_key(c) not in taken), None)
        n = 2
        while slug is None:
            trial = vault.numbered(base, n)
            slug = trial if vault.slug_key(trial) not in taken else None
            n += 1
        taken.add(vault.slug_key(slug))
        slugs[spec.key] = slug
    return slugs, {row.id: heirs_mod.retired(row, taken) for _, row in sorted(heirs.items())}


def _hand_on(items: list[Item], heirs: dict[str, pages.Page], retired: dict[str, str]) -> None:
    """Each heir item names the old page it takes the slug of (and what that page's slug becomes);
    an heir of a page deleted by hand stays deleted; an old page removed in this run is removed
    under its new slug (no file: its heir's write takes its file's place)."""
    for item in items:
        old = heirs.get(item.key) if item.spec is not None else None
        if old is not None:
            item.heir, item.retire = old, retired[old.id]
            if old.status == "deleted":
                item.action = "stay_deleted"
        elif item.spec is None and item.page_id in retired:
            item.slug = retired[item.page_id]


def _decide(row: pages.Page | None, ih: str, repairs: set[str]) -> str:
    if row is None or row.status == "removed":
        return "write"
    if row.status == "deleted":
        return "skip" if ih != row.input_hash else "unchanged"
    if row.owner == "human" and row.id in repairs:
        return "repair"  # a person's page missing from a moved or recreated vault: their text goes back
    if row.owner == "human":
        return "unchanged" if ih in (row.input_hash, row.proposed_hash) else "revision"
    if ih != row.input_hash:
        return "write"
    return "repair" if row.id in repairs else "unchanged"


def plan(
    db: Database,
    vectors: synth.VectorSource | None = None,
    *,
    repairs: set[str] | None = None,
    states: dict[str, synth.ClusterState] | None = None,
    root: Path | None = None,
) -> Plan:
    """What a rebuild would do now (reads only; `states` is the clustering cache, see synth;
    `root` the vault, whose files quire did not write are never taken over)."""
    repairs = repairs or set()
    upto = incremental.current_seq(db)  # before any read: a change made meanwhile is seen next time
    sessions = conversations.assistant_sessions(db)
    mems = synth.load_memories(db)
    if vectors is None:
        vectors = synth.blob_vectors(db, configured_model_id())
    specs = synth.group(mems, vectors, states, synth.chat_titles(db, mems))
    existing = {p.key: p for p in pages.all_pages(db, bodies=False)}  # Item.row: no body (see _phase_a)
    known = {p.slug for p in existing.values()}
    foreign = (
        {f.stem for f in root.glob("*.md") if f.stem not in known} if root is not None and root.is_dir() else set()
    )
    heirs = heirs_mod.find(db, specs, existing, root)
    slugs, retired = _assign_slugs(specs, existing, foreign, heirs)
    deleted = {k for k, row in existing.items() if row.status == "deleted"}
    deleted |= {k for k, row in heirs.items() if row.status == "deleted"}  # an heir stays deleted
    linkable = {k: s for k, s in slugs.items() if k not in deleted}
    former = {
        spec.key: pages.titles_before(heirs.get(spec.key) or existing.get(spec.key), spec.title) for spec in specs
    }
    named: dict[str, list[str]] = {}
    links = synth.context(specs, linkable, former, db, named_out=named)
    revs = pagemap.revisions(db)
    items = _spec_items(specs, existing, slugs, links, revs, repairs)
    items += _removals(existing, wanted={s.key for s in specs})
    _hand_on(items, heirs, retired)
    items.append(_index_item(items, existing.get(INDEX_KEY), repairs))
    record = _record(items, mems, named, linkable, upto, synth.open_reviews(db), sessions)
    record.clusters = {space: [st.digest, len(st.ids), []] for space, st in (states or {}).items()}
    return Plan(items, len(mems), record)


def _record(
    items: list[Item],
    mems: list[synth.Mem],
    named: dict[str, list[str]],
    linkable: dict[str, str],
    upto: int,
    reviews: dict[str, str],
    sessions: list[int],
) -> incremental.Record:
    """What the next rebuild's incremental plan starts from (wiki/incremental.py)."""
    recs = {i.key: incremental.page_rec(i, i.spec, i.links, i.key in linkable) for i in items if i.spec is not None}
    removals = {i.key: (i.page_id, i.action) for i in items if i.spec is None and i.kind != "index"}
    sups = {m.id: str(m.supersedes) for i in items if i.spec is not None for m in i.spec.memories if m.supersedes}
    turns, turn_counts = synth.turn_record(mems)
    return incremental.Record(
        "",
        "",
        upto,
        recs,
        removals,
        named,
        {m.id: [k for k, _ in m.entities] for m in mems if m.entities},
        sups,
        turns,
        turn_counts,
        sessions,
        {},
        len(mems),
        reviews,
    )


def incremental_plan(db: Database, rec: incremental.Record, d: incremental.Delta, repairs: set[str]) -> Plan:
    """The plan of the pages `d` recomputed; every other page keeps its recorded decision."""
    keys = [k for k in rec.pages if k in d.specs]
    sticky = [pid for pid, action in rec.removals.values() if action != "unchanged"]
    index_id = synth.page_id_for(INDEX_KEY)
    rows = pages.by_ids(db, [rec.pages[k].page_id for k in keys] + sorted(d.changed_pages) + sticky + [index_id])
    items: list[Item] = []
    for key in keys:
        p, spec, ctx, sh = rec.pages[key], d.specs[key], d.links[key], d.hashes[key]
        row = rows.get(p.page_id)
        if row is None:
            raise incremental.Fallback("a page row the plan record names is gone")
        ih = _input_hash(sh, d.revs.get(p.page_id, 0))
        action = _decide(row, ih, repairs)
        items.append(
            Item(key, p.kind, p.title, p.space, p.entity, p.slug, p.page_id, action, ih, spec, ctx, row, spec_hash=sh)
        )
        rec.pages[key] = incremental.page_rec(items[-1], spec, ctx, p.linked)
    gone = {r.key: r for r in rows.values() if r.key not in rec.pages and r.kind != "index"}
    for item in _removals(gone, wanted=set()):
        items.append(item)
        rec.removals[item.key] = (item.page_id, item.action)
    for key in [k for k in rec.removals if k in gone and gone[k].status != "active"]:
        del rec.removals[key]
    entries = tuple(
        synth.IndexEntry(
            p.slug,
            p.title,
            p.space,
            p.kind,
            len(d.specs[k].memories if k in d.specs else p.members),
            p.kind == "notes" and k.endswith(":about"),  # as synth.is_about
        )
        for k, p in rec.pages.items()
        if p.indexed
    )
    items.append(_index_from(entries, rows.get(index_id), repairs))
    actions = [p.action for p in rec.pages.values()]
    unchanged = actions.count("unchanged") + sum(1 for _, a in rec.removals.values() if a == "unchanged")
    rec.memories, rec.reviews, rec.watermark = d.memories, d.reviews, d.watermark
    return Plan(items, d.memories, rec, (len(rec.pages), unchanged, actions.count("skip")))


def _spec_items(
    specs: list[synth.PageSpec],
    existing: dict[str, pages.Page],
    slugs: dict[str, str],
    links: dict[str, synth.Context],
    revs: dict[str, int],
    repairs: set[str],
) -> list[Item]:
    """One item per page the memories call for, with what to do about it."""
    items: list[Item] = []
    for spec in specs:
        row = existing.get(spec.key)
        sh = synth.spec_hash(spec, links[spec.key])
        ih = _input_hash(sh, revs.get(spec.page_id, 0))
        items.append(
            Item(
                spec.key,
                spec.kind,
                spec.title,
                spec.space,
                spec.entity,
                slugs[spec.key],
                spec.page_id,
                _decide(row, ih, repairs),
                ih,
                spec,
                links[spec.key],
                row,
                spec_hash=sh,
            )
        )
    return items


def _removals(existing: dict[str, pages.Page], *, wanted: set[str]) -> list[Item]:
    """Active pages no memory calls for any more: removed, or (a person's page) a proposal to."""
    items = []
    for key, row in sorted(existing.items()):
        if key in wanted or row.kind == "index" or row.status != "active":
            continue
        if row.owner == "human":
            action = "unchanged" if row.proposed_hash == REMOVE_HASH else "remove_revision"
        else:
            action = "remove"
        items.append(
            Item(key, row.kind, row.title, row.space, row.entity, row.slug, row.id, action, REMOVE_HASH, row=row)
        )
    return items


def _index_item(items: list[Item], row: pages.Page | None, repairs: set[str]) -> Item:
    """The index page: an entry for every page the plan keeps."""
    entries = tuple(
        synth.IndexEntry(i.slug, i.title, i.space, i.kind, len(i.spec.memories), synth.is_about(i.spec))
        for i in items
        if i.spec is not None and incremental.indexed(i)
    )
    return _index_from(entries, row, repairs)


def _index_from(entries: tuple[synth.IndexEntry, ...], row: pages.Page | None, repairs: set[str]) -> Item:
    index = synth.IndexSpec(entries)
    ih = index.hash()
    return Item(
        INDEX_KEY,
        "index",
        "Index",
        None,
        None,
        "index",
        synth.page_id_for(INDEX_KEY),
        _decide(row, ih, repairs),
        ih,
        row=row,
        index=index,
    )


# -- the run -----------------------------------------------------------------------------------


DECAY_EVERY_HOURS = 12
_DECAY_KEY = "wiki_decay_at"


def _decay(db: Database, actor: str) -> dict | None:
    """The decay pass (memory.decay), at most every 12 hours: its rates are per day, so a second
    rebuild the same evening would only spend time (0.3 s at 10k memories) to change nothing."""
    last = meta.get(db, _DECAY_KEY)
    if last and clock.days_between(last, clock.now()) * 24 < DECAY_EVERY_HOURS and last <= clock.now_iso():
        return {"skipped": f"ran at {last}; the pass runs at most every {DECAY_EVERY_HOURS} hours"}
    report = decay.run(db, actor=actor)
    with db.transaction():
        meta.put(db, _DECAY_KEY, clock.now_iso())
    return report.as_json()


def _restate(db: Database, summary: Summary, actor: str) -> int | None:
    """What typed memories state, read again when this quire's rules are newer than the home's
    (memory/statements.reread)."""
    return _by_the_rules(
        summary, "reading what memories state again", lambda: statements.reread(db, _stated, actor=actor)
    )


def _rehear(db: Database, summary: Summary, actor: str) -> int | None:
    """The person's own turns the rules of their import did not read, heard again when this quire's
    rules are newer (memory/rehear.py): a change they state opens its review item as an import with
    these rules would have."""
    return _by_the_rules(summary, "hearing your own turns again", lambda: rehear.rehear(db, actor=actor))


def _by_the_rules(summary: Summary, doing: str, run: Callable[[], int | None]) -> int | None:
    """A run of the rules over the home (`_restate`, `_rehear`). A reading that fails on some older text is
    a bug of the rules, but it must not stop the wiki every night: a warning, and the run goes on from its
    cursor next time."""
    try:
        return run()
    except QuireError:
        raise
    except Exception as exc:  # the rules' bug, not the store's: the name only (a message could quote a memory)
        summary.warnings.append(
            f"{doing} stopped ({type(exc).__name__}); the wiki was rebuilt, and the next rebuild tries again "
            "from where it stopped (`quire doctor` shows it pending)"
        )
        return None


def _stated(text: str) -> list[str]:
    """The attributes a text states, as a typed capture records them (memory/capture.py)."""
    return [said.attribute for said in life.read(text)]


def _embed(session, summary: Summary) -> None:
    waiting = pending_count(session.db, session.model_id)
    if not waiting:
        return
    try:
        summary.warnings += session.embed_pending()
        summary.embedded = waiting
    except ModelUnavailable as exc:
        summary.warnings.append(f"{waiting} memories have no embedding and go to Notes pages for now: {exc}")


def _vectors(session) -> synth.VectorSource | None:
    if not session.db.scalar("SELECT 1 FROM memories WHERE embedding IS NOT NULL LIMIT 1"):
        return None
    index = session.vectors()
    if session.cache_dir is not None and not cache_path(session.cache_dir, index.model_id).exists():
        index.save(session.db, session.cache_dir)  # the next rebuild reads one file, not every blob
    return synth.index_vectors(index)


def _states_path(session) -> Path:
    # Cluster states hold page titles and embedding sums: sealed like the database when it is encrypted.
    return session.state_dir / ("wiki-clusters.sealed" if session.sealer else "wiki-clusters.npz")


def _load_states(session) -> dict:
    path = _states_path(session)
    if not path.exists():
        return {}
    try:
        raw = files.read_cache(path)  # a FIFO there hung every rebuild
        return synth.load_states(io.BytesIO(session.sealer.open(raw) if session.sealer else raw))
    except (OSError, QuireError):
        return {}  # derived state: a damaged file is only a slower run


def _save_states(session, states: dict) -> None:
    path = _states_path(session)
    files.private_dir(path.parent)
    data = synth.states_bytes(states)
    files.atomic_write(path, session.sealer.seal(data) if session.sealer else data, sync_dir=False)


def rebuild(
    session, *, actor: str = "rebuild", progress: Progress | None = None, prose: bool = True, full: bool = False
) -> Summary:
    """Bring the vault in line with the memories; see the module docstring for the steps. `full`
    takes the full plan whatever the record of the last one says (wiki/incremental.py)."""
    started = time.perf_counter()
    summary = Summary()
    db: Database = session.db
    root: Path = session.wiki_dir
    with vault.run_lock(session.home.root, "rebuild"):
        fresh = _open_vault(root)  # a rebuild that cannot write the vault fails before it changes anything
        summary.decay = _decay(db, actor)
        summary.restated = _restate(db, summary, actor)
        summary.reheard = _rehear(db, summary, actor)
        _embed(session, summary)
        vault.clean_temp(root)
        # Forgets made on another device: their text out of this device's files before any is read.
        forgetting.clean_device(session)
        with db.transaction():
            db.execute("UPDATE wiki_runs SET status = 'interrupted' WHERE status = 'writing'")
        if db.remote:  # other devices' page changes reach this device's vault first
            vault_sync.materialize(db, root, session.state_dir)
        rec, why = (None, "--full asked for the full plan") if full else incremental.load(session)
        if rec is None and not db.remote:  # a record of this store is never another's (nor read twice)
            incremental.settle_another_store(session, actor)
        if rec is not None and fresh:
            rec, why = None, "the vault is new or empty"
        _adopt_vault(db, root, fresh=fresh, actor=actor)
        _settle(db, root)
        the_plan, looked_at = _make_plan(session, rec, why, summary, actor)
        _count(the_plan, summary)
        changes = the_plan.changes
        if changes:
            _write(session, the_plan, changes, summary, progress, actor=actor, prose=prose, started=started)
        if not db.remote and the_plan.record is not None:
            _keep_record(session, the_plan, looked_at)
        if db.remote:
            vault_sync.record(db, root, session.state_dir)
    summary.seconds = round(time.perf_counter() - started, 3)
    return summary


def _open_vault(root: Path) -> bool:
    """Make sure the vault is a writable folder; whether it was new or empty."""
    vault.require_folder(root)
    fresh = not root.is_dir() or not any(root.glob("*.md"))
    try:
        files.private_dir(root)
    except OSError as exc:
        raise StoreError(
            f"cannot create the vault {root} ({exc.strerror}); set wiki_dir in config.toml to a writable folder"
        ) from None
    trusted_vault(root)  # checked again as made: another user may have made a missing parent (in /tmp) first
    _require_writable(root)
    return fresh


def _require_writable(root: Path) -> None:
    if not vault.writable(root):
        raise StoreError(
            f"cannot write the vault {root}: it is read-only; fix its permissions "
            "or set wiki_dir in config.toml to a writable folder"
        )


def _make_plan(
    session, rec: incremental.Record | None, why: str, summary: Summary, actor: str
) -> tuple[Plan, set[str]]:
    """The incremental plan when the record can be trusted, else the full one (and why); the page
    ids whose files were looked at."""
    db: Database = session.db
    root: Path = session.wiki_dir
    if rec is not None:
        looked_at = incremental.suspects(rec, root)
        scanned = pages.scan(db, root, actor=actor, only_ids=looked_at)
        _note_scan(summary, scanned)
        try:
            loose = incremental.Loose(synth.blob_vectors(db, session.model_id), partial(_load_states, session))
            d = incremental.delta(db, rec, scanned=looked_at, repairs=set(scanned.repairs), loose=loose)
            the_plan = incremental_plan(db, rec, d, set(scanned.repairs))
            summary.plan = "incremental"
            return the_plan, looked_at
        except incremental.Fallback as exc:
            why = str(exc)
    scanned = pages.scan(db, root, actor=actor)
    _note_scan(summary, scanned)
    states = _load_states(session)
    # The ids too: the incremental plan continues from the saved state (two memories with the same
    # vector would leave the digest as it was).
    known = {k: (v.digest, v.ids) for k, v in states.items()}
    the_plan = plan(db, _vectors(session), repairs=set(scanned.repairs), states=states, root=root)
    if {k: (v.digest, v.ids) for k, v in states.items()} != known:
        _save_states(session, states)
    summary.plan, summary.plan_reason = "full", why
    return the_plan, set()


def _note_scan(summary: Summary, scanned: pages.ScanReport) -> None:
    summary.hand_edits = sorted(set(summary.hand_edits) | set(scanned.edits))
    summary.warnings += list(scanned.secrets)
    summary.deletions = sorted(set(summary.deletions) | set(scanned.deletions))


def _count(the_plan: Plan, summary: Summary) -> None:
    summary.memories = the_plan.memories
    if the_plan.totals is not None:
        summary.pages, summary.unchanged, summary.skipped = the_plan.totals
        return
    summary.pages = sum(1 for i in the_plan.items if i.kind != "index" and i.spec is not None)
    summary.unchanged = sum(1 for i in the_plan.items if i.action == "unchanged" and i.kind != "index")
    summary.skipped = sum(1 for i in the_plan.items if i.action == "skip")


def _write(
    session,
    the_plan: Plan,
    changes: list[Item],
    summary: Summary,
    progress: Progress | None,
    *,
    actor: str,
    prose: bool,
    started: float,
) -> None:
    """Snapshot, then phases A, B and C (see the module docstring)."""
    db: Database = session.db
    root: Path = session.wiki_dir
    _require_writable(root)
    bodies = _prose(session, changes, summary) if prose else {}
    incremental.drop(session)  # a run killed from here leaves no record: the next plan is full
    summary.snapshot = take_snapshot(db, root, session.home.root, [i.page_id for i in changes], session.sealer)
    run_id, to_write, to_remove = _phase_a(db, changes, bodies, summary, actor=actor)
    summary.run = run_id
    _phase_b(root, to_write, to_remove, progress, summary)
    _phase_c(db, run_id, summary, actor=actor, started=started)


def _settle_record(db: Database, rec: incremental.Record, the_plan: Plan) -> None:
    """Pages this run wrote (or queued for review) that the next plan would find unchanged are
    recorded so, with the map revision their write left: the next rebuild need not plan them again."""
    moved = [i for i in the_plan.items if i.action not in ("unchanged", "skip") and i.kind != "index"]
    if not moved:
        return
    revs = pagemap.revisions_of(db, [i.page_id for i in moved])
    rows = pages.by_ids(db, [i.page_id for i in moved])
    for item in moved:
        row = rows.get(item.page_id)
        if row is None:
            continue
        p = rec.pages.get(item.key)
        if p is None:
            if item.key in rec.removals and row.status != "active":
                del rec.removals[item.key]  # removed: no longer a page the plan looks at
            elif item.key in rec.removals:
                rec.removals[item.key] = (item.page_id, _removals({item.key: row}, wanted=set())[0].action)
            continue
        ih = _input_hash(p.spec_hash, revs.get(item.page_id, 0))
        if _decide(row, ih, set()) == "unchanged":
            p.raw[12] = "unchanged"


def _keep_record(session, the_plan: Plan, looked_at: set[str]) -> None:
    """Stamp the page files and keep the plan for the next rebuild."""
    rec = the_plan.record
    assert rec is not None
    db: Database = session.db
    root: Path = session.wiki_dir
    rec.fingerprint = incremental.fingerprint(session)
    _settle_record(db, rec, the_plan)
    if the_plan.totals is None:
        rec.stamps = incremental.stamp_all(db, root)
    else:
        ids = looked_at | {i.page_id for i in the_plan.items}
        for page_id, row in pages.by_ids(db, ids).items():
            expected = row.seen_hash if row.status == "active" else None
            machine = pages.machine_written(row.owner, row.seen_hash, row.written_hash)
            got = incremental.stamp(root, row.slug, row.kind, expected, machine)
            if got is None or row.version == 0:
                rec.stamps.pop(page_id, None)
            else:
                rec.stamps[page_id] = got
    incremental.save(session, rec)


def rollback(session, *, actor: str = "cli") -> snapshot.RollbackReport:
    """`quire rollback` (wiki/snapshot.py), after this device's snapshots and files are rid of what
    another device forgot: a rollback never restores a page version built from a forgotten memory."""
    with vault.run_lock(session.home.root, "rollback"):
        forgetting.clean_device(session)
        # Right after a restore: the files of the store before it are not the person's edits, and
        # stay marked for the next rebuild when the rollback leaves their pages alone.
        found = [] if session.db.remote else incremental.settle_another_store(session, actor)
        incremental.drop(session)  # pages and maps put back wholesale: the next rebuild plans them all
    report = snapshot.rollback(session, actor=actor)
    if found:
        with vault.run_lock(session.home.root, "rollback"):
            incremental.settle_another_store(session, actor, found)
    return report


def _settle(db: Database, root: Path) -> None:
    """Writes a killed run finished on disk (its file is what the row says it wrote) but never
    marked done: done now. Left pending, the next write kept the older prev_hash, and a second
    kill before that write made the file on disk (the first run's) match neither hash: the scan
    took it for a hand edit and the page turned human-owned though nobody edited it."""
    pending = db.rows("SELECT id, slug, kind, seen_hash, status FROM pages WHERE pending_write = 1 AND version > 0")
    settled = []
    for page_id, slug, kind, seen_hash, status in pending:
        try:
            raw = vault.read_bytes(vault.page_path(root, slug, allow_index=kind == "index"))
        except QuireError:
            continue
        on_disk = vault.digest(raw) if raw is not None else None
        if (status == "active" and on_disk is not None and on_disk == seen_hash) or (
            status == "removed" and on_disk is None
        ):
            settled.append(page_id)
    if settled:
        with db.transaction():
            incremental.mark_own(db)
            db.executemany("UPDATE pages SET pending_write = 0, prev_hash = NULL WHERE id = ?", [(i,) for i in settled])
            audit.record(db, "rebuild", "settle_writes", "pages", settled[0], pages=settled)
            incremental.unmark_own(db)


_VAULT_KEY = "wiki_vault"


def _adopt_vault(db: Database, root: Path, *, fresh: bool, actor: str) -> None:
    """A vault that moved (wiki_dir changed) or is not there (a new, empty folder) is not a person
    deleting every page: each live page whose file is missing here is marked as an unfinished
    write, so the scan repairs it (written into this folder, a person's own text included) instead
    of recording a deletion. Files already here (the folder moved along) are compared as usual.
    A page file missing from the same, existing vault is still a deletion."""
    here = str(root.resolve())
    before = meta.get(db, _VAULT_KEY)
    moved = before is not None and before != here
    if before == here and not fresh:
        return
    with db.transaction():
        if moved or fresh:
            for row in db.dicts("SELECT id, slug, kind FROM pages WHERE version > 0 AND status = 'active'"):
                if not vault.page_path(root, row["slug"], allow_index=row["kind"] == "index").exists():
                    db.execute("UPDATE pages SET pending_write = 1, prev_hash = NULL WHERE id = ?", (row["id"],))
        meta.put(db, _VAULT_KEY, here)
        audit.record(db, actor, "vault_adopt", "vault", here, before=before, moved=moved, fresh=fresh)


def _prose(session, changes: list[Item], summary: Summary) -> dict[str, tuple[str | None, tuple[str, ...]]]:
    settings = getattr(session.settings, "llm", None)
    if settings is None:
        return {}

    out = {}
    for item in changes:
        if item.spec is None or item.action not in ("write", "revision"):
            continue
        result = prose.write(item.spec, settings)
        out[item.key] = (result.body, result.problems)
        if result.body is None:
            summary.prose_rejected += 1
            summary.warnings.append(f"{item.slug}: LLM prose rejected, deterministic page kept: {result.problems[0]}")
        else:
            summary.prose += 1
    return out


def _render(db: Database, item: Item, body: str | None) -> tuple[str, str, tuple[str, ...], str]:
    """(text, summary line, sources, final input hash) after the map suggestion pass."""
    if item.index is not None:
        return render.render_index(item.index), "", (), item.input_hash
    assert item.spec is not None
    report = pagemap.suggest(db, item.page_id, pagemap.proposal(item.spec, item.links))
    ih = _input_hash(item.spec_hash or synth.spec_hash(item.spec, item.links), report.revision)
    block = pagemap.page_block(db, item.spec, item.links, report.nodes)
    rendered = render.render(synth.with_details(db, item.spec), ctx=item.links, map_block=block, body=body)
    return rendered.text, rendered.summary, rendered.sources, ih


def _ensure_row(db: Database, item: Item) -> pages.Page:
    if item.row is not None:
        return item.row
    now = clock.now_iso()
    db.execute(
        "INSERT INTO pages(id, key, slug, kind, title, space, entity, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (item.page_id, item.key, item.slug, item.kind, item.title, item.space, item.entity, now, now),
    )
    return pages.by_id(db, item.page_id)


@dataclass(frozen=True)
class FileOp:
    """A file phase B writes (text) or removes (None), and what may be on disk before it does:
    anything else appeared during the run (a person saving the file) and is left alone."""

    slug: str
    text: str | None
    before: frozenset[str]  # hashes quire knows for this file
    may_be_missing: bool

    @classmethod
    def of(cls, slug: str, row: pages.Page | None, text: str | None, heir: pages.Page | None = None) -> FileOp:
        # An heir's file is its old page's until written.
        inherited = frozenset(h for h in (heir.seen_hash, heir.prev_hash) if h) if heir is not None else frozenset()
        if row is None:
            return cls(slug, text, inherited, True)
        known = frozenset(h for h in (row.seen_hash, row.prev_hash) if h) | inherited
        missing = row.version == 0 or row.pending_write or row.status == "removed" or row.seen_hash is None
        return cls(slug, text, known, missing)

    def safe(self, current: bytes | None) -> bool:
        if current is None:
            return self.may_be_missing or self.text is None
        found = vault.digest(current)
        return found in self.before or (self.text is not None and found == vault.digest(self.text))


def _phase_a(
    db: Database, changes: list[Item], bodies: dict, summary: Summary, *, actor: str
) -> tuple[int, list[FileOp], list[FileOp]]:
    """The rows of every change, in one transaction: the files to write and to remove after it."""
    to_write: list[FileOp] = []
    to_remove: list[FileOp] = []
    now = clock.now_iso()
    with db.transaction():
        incremental.mark_own(db)
        run_id = db.insert(
            "INSERT INTO wiki_runs(started_at, status, snapshot) VALUES (?, 'writing', ?)", (now, summary.snapshot)
        )
        formers = pagemap.formers(db)
        for new, olds in _reclustered(db, changes).items():  # read before a removal drops the sources
            formers.setdefault(new, []).extend(olds)
        for item in changes:  # an heir's slug is free before any row takes it (wiki/heirs.py)
            if item.heir is not None:
                pages.retire_slug(db, item.heir.id, item.retire, heir=item.page_id, heir_slug=item.slug, actor=actor)
                if item.heir.id not in formers.get(item.page_id, ()):
                    formers.setdefault(item.page_id, []).append(item.heir.id)
        for item in changes:
            if item.action == "stay_deleted":
                _stage_deleted_heir(db, item, formers, actor=actor)
            elif item.action in ("repair", "remove", "remove_revision"):
                _stage_gone(db, item, summary, to_write, to_remove, actor=actor)
            else:
                _stage_page(db, item, bodies, summary, to_write, formers, actor=actor)
        for page_id in pages.by_ids(db, formers):  # the pages this run left as they were
            for old in formers.pop(page_id):
                pagemap.carry(db, old, page_id, actor=actor)
        incremental.unmark_own(db)
    return run_id, to_write, to_remove


def _reclustered(db: Database, changes: list[Item]) -> dict[str, list[str]]:
    """Cluster pages this run removes whose cluster it writes under a new key (pagemap.reclustered),
    by the new page's id."""
    gone = [i.row.id for i in changes if i.kind == "cluster" and i.action == "remove" and i.row is not None]
    born = {
        i.page_id: frozenset(m.id for m in i.spec.memories)
        for i in changes
        if i.kind == "cluster"
        and i.action == "write"
        and i.spec is not None
        and (i.row is None or i.row.status == "removed")
    }
    return pagemap.reclustered(db, gone, born)


def _stage_deleted_heir(db: Database, item: Item, formers: dict[str, list[str]], *, actor: str) -> None:
    """The heir of a page a person deleted by hand: its row, deleted as that page was (no file;
    `quire page restore SLUG` brings it back), so the regrouping does not undo the person's no."""
    assert item.heir is not None
    now = clock.now_iso()
    db.execute(
        "INSERT INTO pages(id, key, slug, kind, title, space, entity, input_hash, owner, version, status, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'machine', 1, 'deleted', ?, ?)",
        (item.page_id, item.key, item.slug, item.kind, item.title, item.space, item.entity, item.input_hash, now, now),
    )
    pages.add_history(db, item.page_id, 1, "", edited_by="rebuild", input_hash=item.input_hash)
    pages.add_changelog(
        db,
        item.page_id,
        1,
        edited_by="rebuild",
        summary=f"kept deleted: the page you deleted ({item.heir.title}) regrouped; `quire page restore {item.slug}`",
    )
    audit.record(db, actor, "page_stay_deleted", "page", item.page_id, slug=item.slug, heir_of=item.heir.id)
    for old in formers.pop(item.page_id, ()):
        pagemap.carry(db, old, item.page_id, actor=actor)


def _stage_gone(
    db: Database, item: Item, summary: Summary, to_write: list[FileOp], to_remove: list[FileOp], *, actor: str
) -> None:
    """A page whose file went missing (repair), or that no memory calls for any more (remove; a
    person's page: a proposal to remove it)."""
    assert item.row is not None
    if item.action == "repair":
        to_write.append(FileOp.of(item.slug, item.row, pages.by_id(db, item.row.id).body))
        summary.repaired += 1
    elif item.action == "remove":
        _remove(db, item, actor=actor)
        to_remove.append(FileOp.of(item.slug, item.row, None))
        summary.removed += 1
    elif (
        pages.queue_revision(
            db,
            pages.by_id(db, item.row.id),  # with its body (plan rows carry none)
            proposed="",
            input_hash=REMOVE_HASH,
            sources=[],
            action="remove",
            reason="its memories no longer call for this page (too few are left); the machine would remove it",
            actor=actor,
        )
        is not None
    ):
        summary.revisions += 1


def _stage_page(
    db: Database,
    item: Item,
    bodies: dict,
    summary: Summary,
    to_write: list[FileOp],
    formers: dict[str, list[str]],
    *,
    actor: str,
) -> None:
    """A page to write, or (a person's page whose memories changed) a revision to propose;
    `formers`: the pages whose maps' decisions go to a page before its suggestion pass."""
    row = _ensure_row(db, item)
    for old in formers.pop(row.id, ()):
        pagemap.carry(db, old, row.id, actor=actor)
    body, problems = bodies.get(item.key, (None, ()))
    if problems:
        audit.record(db, actor, "prose_rejected", "page", item.page_id, slug=item.slug, problems=list(problems))
    text, line, sources, ih = _render(db, item, body)
    if item.action == "revision":
        if (
            pages.queue_revision(
                db,
                pages.by_id(db, row.id),  # with its body (plan rows carry none)
                proposed=text,
                input_hash=ih,
                sources=list(sources),
                action="write",
                reason="its memories changed since you edited it",
                actor=actor,
            )
            is not None
        ):
            summary.revisions += 1
        return
    _write_row(db, row, item, text, line, sources, ih, actor=actor)
    to_write.append(FileOp.of(item.slug, item.row, text, item.heir))
    if item.kind == "index":
        summary.index = "written"
    else:
        summary.written += 1


def _write_row(
    db: Database, row: pages.Page, item: Item, text: str, line: str, sources: tuple[str, ...], ih: str, *, actor: str
) -> None:
    version = row.version + 1
    written = vault.digest(text)
    before = {r[0] for r in db.rows("SELECT memory_id FROM page_sources WHERE page_id = ?", (row.id,))}
    db.execute(
        "UPDATE pages SET title = ?, space = ?, entity = ?, summary = ?, body = ?, input_hash = ?, "
        # A write still pending (its run was killed) keeps prev_hash: that is what is on disk.
        "prev_hash = CASE WHEN pending_write = 1 THEN prev_hash ELSE seen_hash END, "
        "written_hash = ?, seen_hash = ?, pending_write = 1, proposed_hash = NULL, "
        "owner = 'machine', status = 'active', version = ?, updated_at = ?, former_titles = ? WHERE id = ?",
        (
            item.title,
            item.space,
            item.entity,
            line,
            text,
            ih,
            written,
            written,
            version,
            clock.now_iso(),
            json.dumps(list(item.links.former), ensure_ascii=False),
            row.id,
        ),
    )
    pages.set_sources(db, row.id, sources)
    pages.add_history(db, row.id, version, text, edited_by="rebuild", input_hash=ih)
    added, dropped = len(set(sources) - before), len(before - set(sources))
    note = "created" if row.version == 0 else ("re-created" if row.status == "removed" else "rebuilt")
    pages.add_changelog(
        db,
        row.id,
        version,
        edited_by="rebuild",
        summary=f"{note}: {len(sources)} sources (+{added} -{dropped})" if item.kind != "index" else note,
    )
    audit.record(
        db,
        actor,
        "page_write",
        "page",
        row.id,
        slug=item.slug,  # an heir's row read before it took its slug names the one it had
        version=version,
        hash=written,
        sources_added=added,
        sources_dropped=dropped,
    )


def _remove(db: Database, item: Item, *, actor: str) -> None:
    row = item.row
    assert row is not None
    version = row.version + 1
    db.execute(
        "UPDATE pages SET status = 'removed', prev_hash = CASE WHEN pending_write = 1 THEN prev_hash "
        "ELSE seen_hash END, pending_write = 1, input_hash = ?, "
        "version = ?, updated_at = ? WHERE id = ?",
        (REMOVE_HASH, version, clock.now_iso(), row.id),
    )
    pages.set_sources(db, row.id, [])
    pages.add_history(db, row.id, version, "", edited_by="rebuild_remove")
    pages.add_changelog(
        db, row.id, version, edited_by="rebuild", summary="removed: its memories no longer call for this page"
    )
    audit.record(db, actor, "page_remove", "page", row.id, slug=row.slug, version=version)


# Page files written at once. Each write still fsyncs its own file before the rename, but fsyncs
# issued together share the file system's journal commits: a full rebuild at 10k memories (1,420
# pages) took 16.6 / 17.9 s of wall time with one writer and 10.7 / 13.1 s with 8 (4 and 16: no
# better than 8), CPU time unchanged (/tmp-free bench: `quire bench rebuild --sizes 10000`).
WRITERS = 8


def _apply(root: Path, op: FileOp) -> str | None:
    """Write or remove one file unless a person changed it meanwhile; returns that warning."""
    path = vault.page_path(root, op.slug, allow_index=op.slug == "index")
    if not op.safe(vault.read_bytes(path)):
        return f"{path.name} changed while the rebuild ran; left as it is (the next rebuild records the edit)"
    if op.text is None:
        vault.remove(path)
    else:
        vault.atomic_write(path, op.text, sync_dir=False)
    return None


def _phase_b(
    root: Path, to_write: list[FileOp], to_remove: list[FileOp], progress: Progress | None, summary: Summary
) -> None:
    total = len(to_write) + len(to_remove)
    done = 0
    try:
        # Writes before removals, as one at a time did: a removal never races a write of its slug.
        for ops in (to_write, to_remove):
            with ThreadPoolExecutor(max_workers=WRITERS) as pool:
                for warning in pool.map(partial(_apply, root), ops):
                    if warning:
                        summary.warnings.append(warning)
                    done += 1
                    if progress:
                        progress(done, total)
        vault.fsync_dir(root)
    except OSError as exc:
        # The rows already say what the files should be (pending_write): the next rebuild finishes.
        raise StoreError(
            f"writing the vault {root} failed after {done} of {total} files ({exc.strerror}); "
            "fix the folder, then run `quire rebuild` again to finish"
        ) from None


def _phase_c(db: Database, run_id: int, summary: Summary, *, actor: str, started: float) -> None:
    summary.seconds = round(time.perf_counter() - started, 3)
    counts = {k: getattr(summary, k) for k in ("written", "unchanged", "revisions", "skipped", "removed", "repaired")}
    with db.transaction():
        incremental.mark_own(db)
        db.execute("UPDATE pages SET pending_write = 0, prev_hash = NULL WHERE pending_write = 1")
        db.execute(
            "UPDATE wiki_runs SET status = 'done', finished_at = ?, summary = ? WHERE id = ? AND status = 'writing'",
            (clock.now_iso(), json.dumps(counts), run_id),
        )
        audit.record(
            db, actor, "rebuild", "wiki_run", str(run_id), snapshot=summary.snapshot, index=summary.index, **counts
        )
        incremental.unmark_own(db)
