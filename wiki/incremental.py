"""The incremental plan: a rebuild after k changed memories plans the pages they feed, not all.

What changed comes from `wiki_changes` (migration 20): triggers log every memory row, entity
link, entity, chat turn, page row and page map revision (the rebuild's own writes excepted), in one
monotonic sequence that no clock moves. After each finished rebuild the plan is kept in a record
($state_dir/wiki-plan.bin, sealed like the database when it is encrypted): every page's members,
entities, context and spec hash, each memory's named entity pages and entity keys, who supersedes
whom, the open reviews, what the chat turns were made into, each space's clustering state digest
and the memories placed since, a stat stamp of every page file, and the change sequence it covers.

The next rebuild reads the changes after that sequence and recomputes the pages the changed
memories feed (their members, entities, related links, mentions both ways, "replaced by" links,
index entries) from the record plus those pages' memories; everything else keeps its recorded
hash. A changed memory may sit on entity pages, before and after, with no entity page coming or
going and each one's name kept (a chat turn may spell it otherwise than a link does). A new memory
no entity page takes is placed as synth places it, last in capture order: the greedy pass continues
from the clustering state the last full plan saved and the record's tail of memories placed since
(synth.place_after), and it lands on its cluster's page (the title unchanged), About me, or its
Notes bucket when that page is there and stays one page. A memory whose open review alone changed
keeps its pages. Supersessions recompute "replaced by" on the pages holding a memory whose
replacement changed.

Chat turns: what synthesis reads over every turn together (a turn's entities from names read
across all turns, who said it, the topic pages, the turns naming each entity) is kept in the
record from the last full load, and holds while no turn changed: a turn row or a turn's memory
changing, or a session gaining the assistant, takes the full plan. So does anything else this
plan cannot make exact: a first rebuild, a new quire, another schema, model or vault, an entity
renamed or deleted, a changed memory on a cluster, topic, About me or Notes page (the pass over
those memories is order-dependent), a new one that makes a page come or a title change, a page
file deleted by hand, the record missing, damaged or older than the store; the rebuild says why
(`Summary.plan_reason`). `quire rebuild --full` always takes it. A forget keeps the record (and the
cluster states) only when the memory sat on entity pages and nothing it scrubs is in the record.

Page files: a file whose (inode, size, mtime, ctime) matches its stamp is taken as quire left it;
any difference and the scan reads and hashes it as before. A stamp is only kept after the file's
bytes hashed to what the row says (stat first, then read: a write after the stat changes the stat).
ctime is set by the kernel on every write and cannot be put back by `touch`, so an edit that keeps
size and restores mtime is still seen; only a clock set back by root defeats it, and `--full`
hashes every file.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import json
import marshal
import os
import secrets
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from memory import audit, conversations, files, meta, migrations
from memory.db import Database
from memory.errors import QuireError
from wiki import pagemap, pages, synth, vault

RECORD_VERSION = 2  # 2: chat turns, supersessions
_TOKEN_KEY = "wiki_plan_token"
_PRUNED_KEY = "wiki_changes_pruned"
_WRITER_KEY = "wiki_writer"  # a rebuild's own page writes: the change triggers skip them (migrations)
_DROPPED = "wiki-plan.dropped"  # why the record went, when a forget removed it
# Above this many changed memories the full plan costs about what the incremental one would.
MAX_CHANGES = 2000
# The layers a page is made from: the wiki's code, and the memory and retrieval code it reads
# through (names read from a turn, the person's life, the word lists in memory/data). Only the
# wiki's own files were hashed: a changed reading of names or of a life left every page of an
# unchanged memory as the old code made it until a `--full` rebuild.
_LAYERS = ("memory", "retrieval", "wiki")


class Fallback(Exception):
    """The incremental plan cannot be trusted here; the message says why."""


_FIELDS: tuple[str, ...] = (
    "key",
    "kind",
    "title",
    "space",
    "entity",
    "slug",
    "page_id",
    "members",
    "entities_raw",
    "ctx_raw",
)
_FIELDS += ("spec_hash", "indexed", "action", "linked")


class PageRec:
    """One page of the record, kept as the plain list it is stored as (most are only looked at)."""

    __slots__ = ("_ctx", "_ents", "raw")
    _ents: tuple[tuple[str, str], ...] | None

    def __init__(self, raw: list[Any], ctx: synth.Context | None = None) -> None:
        if len(raw) != len(_FIELDS):
            raise ValueError("a page record of another shape")
        self.raw, self._ctx, self._ents = raw, ctx, None

    key = property(lambda self: self.raw[0])
    kind = property(lambda self: self.raw[1])
    title = property(lambda self: self.raw[2])
    space = property(lambda self: self.raw[3])
    entity = property(lambda self: self.raw[4])
    slug = property(lambda self: self.raw[5])
    page_id = property(lambda self: self.raw[6])
    members = property(lambda self: self.raw[7])
    spec_hash = property(lambda self: self.raw[10])
    indexed = property(lambda self: self.raw[11])  # listed in the index (not skipped, not deleted)
    action = property(lambda self: self.raw[12])  # what the last plan decided
    linked = property(lambda self: self.raw[13])  # other pages may link to it (not deleted)

    @property
    def entities(self) -> tuple[tuple[str, str], ...]:
        if self._ents is None:
            self._ents = tuple((e[0], e[1]) for e in self.raw[8])
        return self._ents

    @property
    def ctx(self) -> synth.Context:
        if self._ctx is None:
            self._ctx = _ctx(self.raw[9])
        return self._ctx

    def mention_ids(self) -> list[str]:
        return [x[2] for x in self.raw[9][1]]

    def lite(self) -> synth.PageSpec:
        return synth.PageSpec(self.key, self.kind, self.title, self.space, self.entity, (), self.entities)


@dataclass
class Record:
    fingerprint: str
    token: str
    watermark: int
    pages: dict[str, PageRec]  # in plan order (the index lists them so)
    removals: dict[str, tuple[str, str]]  # key -> (page id, action) of pages no memory calls for
    named: dict[str, list[str]]  # memory id -> keys of the entity pages its text names
    ments: dict[str, list[str]]  # memory id -> its entity keys
    sups: dict[str, str]  # memory id -> the id it supersedes, for every memory on a page that does
    turns: dict[str, list[Any]]  # chat turn id -> [speaker, turn, entities] (synth.turn_record)
    turn_counts: dict[str, int]  # "space\x1fentity key" -> turns that name it (fillers aside)
    sessions: list[int]  # conversations.assistant_sessions
    clusters: dict[str, list[Any]]  # space -> [cluster state digest, its ids, [[id, cluster], ...] placed since]
    memories: int  # visible memories
    reviews: dict[str, str]
    stamps: dict[str, list[Any]] = field(default_factory=dict)  # page id -> [slug, index?, stat...]

    def holders(self, ids: set[str]) -> dict[str, list[str]]:
        """Memory id -> keys of the pages that held it, for these ids."""
        out: dict[str, list[str]] = {}
        for rec in self.pages.values():
            if not ids.isdisjoint(rec.members):
                for m in ids.intersection(rec.members):
                    out.setdefault(m, []).append(rec.key)
        return out


# -- the record on disk ------------------------------------------------------------------------


def _path(session) -> Path:
    return session.state_dir / ("wiki-plan.sealed" if session.sealer else "wiki-plan.bin")


def sources() -> list[Path]:
    """Every file of the layers pages are made from (their code and data), in a fixed order."""
    root = Path(__file__).resolve().parent.parent
    found = [p for layer in _LAYERS for p in (root / layer).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


@functools.cache
def _code_digest() -> str:
    """The code this process makes pages with (read once: it does not change under a running process)."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for path in sources():
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def fingerprint(session) -> str:
    """What every recorded hash assumes: quire's wiki code, its rules, the schema, the model, the vault."""
    h = hashlib.sha256(_code_digest().encode())
    rules = (
        RECORD_VERSION,
        synth.RENDER_VERSION,
        synth.TITLE_VERSION,
        synth.CLUSTER_COSINE,
        synth.CLUSTER_MIN,
        synth.NOTES_MAX,
        synth.ENTITY_MIN,
        synth.MAX_LINKS,
        migrations.current(session.db),
        session.model_id,
        str(session.wiki_dir.resolve()),
        sys.version,
        marshal.version,
    )
    h.update(json.dumps(rules, default=str).encode())
    return h.hexdigest()


def _link(d: synth.Link) -> list[Any]:
    return [d.slug, d.title, d.page_id, list(d.shared)]


def _unlink(d: list[Any]) -> synth.Link:
    return synth.Link(d[0], d[1], d[2], tuple(d[3]))


def _ctx_json(c: synth.Context) -> list[Any]:
    return [
        [_link(x) for x in c.related],
        [_link(x) for x in c.mentions],
        [_link(x) for x in c.backlinks],
        [[mid, _link(x)] for mid, x in c.elsewhere],
        list(c.aliases),
        c.slug,
        list(c.former),
    ]


def _ctx(d: list[Any]) -> synth.Context:
    return synth.Context(
        tuple(_unlink(x) for x in d[0]),
        tuple(_unlink(x) for x in d[1]),
        tuple(_unlink(x) for x in d[2]),
        tuple((mid, _unlink(x)) for mid, x in d[3]),
        tuple(d[4]),
        d[5],
        tuple(d[6]),
    )


def _dump(rec: Record) -> bytes:
    # marshal: plain lists, strings and numbers only, written and read in C (JSON took 80 ms at 10k
    # memories, each way); its format is Python's own, so the fingerprint names the version.
    data = [
        RECORD_VERSION,
        rec.fingerprint,
        rec.token,
        rec.watermark,
        [p.raw for p in rec.pages.values()],
        {k: list(v) for k, v in rec.removals.items()},
        rec.named,
        rec.ments,
        rec.sups,
        rec.turns,
        rec.turn_counts,
        rec.sessions,
        rec.clusters,
        rec.memories,
        rec.reviews,
        rec.stamps,
    ]
    body = marshal.dumps(data)
    return hashlib.sha256(body).digest() + body


def _undump(raw: bytes) -> Record:
    # Tens of thousands of small lists at once: the cyclic collector would run over them again and
    # again while they are made (none of them can be in a cycle).
    # marshal is not made to read damaged bytes safely: nothing reaches it that fails its checksum.
    body = raw[32:]
    if len(raw) < 32 or hashlib.sha256(body).digest() != raw[:32]:
        raise ValueError("a checksum that does not match")
    paused = gc.isenabled()
    gc.disable()
    try:
        d = marshal.loads(body)
    finally:
        if paused:
            gc.enable()
    if not isinstance(d, list) or len(d) != 16 or d[0] != RECORD_VERSION:
        raise ValueError("another record version")
    recs = {p[0]: PageRec(p) for p in d[4]}
    return Record(
        str(d[1]),
        str(d[2]),
        int(d[3]),
        recs,
        {k: (v[0], v[1]) for k, v in d[5].items()},
        dict(d[6]),
        dict(d[7]),
        dict(d[8]),
        dict(d[9]),
        dict(d[10]),
        list(d[11]),
        dict(d[12]),
        int(d[13]),
        dict(d[14]),
        dict(d[15]),
    )


def load(session) -> tuple[Record | None, str]:
    """The record of the last finished rebuild, or None and why it cannot be used."""
    db: Database = session.db
    if db.remote:
        return None, "the store is shared with other devices (their changes reach this vault as a whole)"
    path = _path(session)
    if not path.exists():
        with contextlib.suppress(OSError, UnicodeDecodeError):
            return None, files.read_cache(session.state_dir / _DROPPED).decode("utf-8")
        return None, "no record of the last rebuild's plan (first rebuild, or the last one did not finish)"
    try:
        raw = files.read_cache(path)  # a FIFO there hung every rebuild
        if session.sealer is not None:
            raw = session.sealer.open(raw)
        rec = _undump(raw)
    except (OSError, ValueError, KeyError, IndexError, TypeError, EOFError, AttributeError, QuireError):
        return None, f"the plan record {path.name} is damaged"
    if rec.fingerprint != fingerprint(session):
        return None, "quire, its schema, the embedding model or the vault changed since the last rebuild"
    if rec.token != meta.get(db, _TOKEN_KEY):
        return None, "the store is not the one the plan record was made from (restored or replaced)"
    pruned = int(meta.get(db, _PRUNED_KEY) or 0)
    if rec.watermark < pruned or rec.watermark > current_seq(db):
        return None, "the change log does not cover the time since the last rebuild"
    return rec, ""


def dropped_by(session, why: str) -> None:
    """The record was removed (a forget): what the next rebuild says takes the full plan."""
    files.private_dir(session.state_dir)
    files.atomic_write(session.state_dir / _DROPPED, why.encode("utf-8"), sync_dir=False)


def survives_forget(session, memory_id: str, needles: Iterable[str]) -> bool:
    """Whether the plan record may outlive a forget (wiki.forget clears every other derived cache):
    the memory was no chat turn and sat on entity pages only (no title is made of its text), and
    no needle the forget scrubs from the vault is in the record, in any case."""
    try:
        raw = files.read_cache(_path(session))
        if session.sealer is not None:
            raw = session.sealer.open(raw)
        rec = _undump(raw)
    except (OSError, ValueError, KeyError, IndexError, TypeError, EOFError, AttributeError, QuireError):
        return False
    held = rec.holders({memory_id}).get(memory_id, ())
    if memory_id in rec.turns or any(rec.pages[k].kind != "entity" for k in held):
        return False
    body = raw.lower()
    return not any(n.lower().encode("utf-8", "surrogatepass") in body for n in needles if n.strip())


def drop(session) -> None:
    """Before a rebuild writes: a run killed from here on leaves no record, so the next is full.
    Both names go: a record left from before the store was encrypted (or decrypted) is stale."""
    for name in ("wiki-plan.bin", "wiki-plan.sealed"):
        files.remove_kept(session.state_dir / name)


def save(session, rec: Record) -> None:
    """Keep the record; changes it covers leave the log (never on a shared store: see `load`)."""
    db: Database = session.db
    rec.token = secrets.token_hex(8)
    drop(session)
    path = _path(session)
    files.private_dir(path.parent)
    data = _dump(rec)
    with contextlib.suppress(FileNotFoundError):
        (session.state_dir / _DROPPED).unlink()
    with db.transaction():
        mark_own(db)
        meta.put(db, _TOKEN_KEY, rec.token)
        meta.put(db, _PRUNED_KEY, str(rec.watermark))
        db.execute("DELETE FROM wiki_changes WHERE seq <= ?", (rec.watermark,))
        unmark_own(db)
        # Written inside the transaction: a kill before the commit leaves a record whose token
        # the store does not hold, which `load` refuses.
        files.atomic_write(path, session.sealer.seal(data) if session.sealer else data, sync_dir=False)


def current_seq(db: Database) -> int:
    """The last change's number: AUTOINCREMENT keeps it after the rows leave the log."""
    kept = db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'wiki_changes'")
    return max(int(kept or 0), int(db.scalar("SELECT coalesce(max(seq), 0) FROM wiki_changes") or 0))


def changes_since(db: Database, seq: int, upto: int) -> list[tuple[str, str]]:
    return [
        (str(k), str(r))
        for k, r in db.rows("SELECT kind, row_id FROM wiki_changes WHERE seq > ? AND seq <= ?", (seq, upto))
    ]


# -- page file stamps --------------------------------------------------------------------------


def _stat(path: Path) -> list[int] | None:
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def stamp(root: Path, slug: str, kind: str, expected: str | None, machine: bool = False) -> list[Any] | None:
    """[slug, index?, stat, quire's own text?] when the file is what its row says (absent: stat []),
    else None."""
    path = vault.page_path(root, slug, allow_index=kind == "index")
    st = _stat(path)
    if st is None:
        return [slug, kind == "index", [], False] if expected is None else None
    if expected is None:
        return None
    raw = vault.read_bytes(path)
    if raw is None or vault.digest(raw) != expected or _stat(path) != st:
        return None
    return [slug, kind == "index", st, machine]


def stamp_all(db: Database, root: Path) -> dict[str, list[Any]]:
    out = {}
    for page_id, slug, kind, expected, machine in pages.stamp_rows(db):
        got = stamp(root, slug, kind, expected, machine)
        if got is not None:
            out[page_id] = got
    return out


def another_store_s_files(session) -> list[tuple[str, bool, str]]:
    """(slug, index?, hash) of the page files the last rebuild wrote as quire's own text and nobody
    touched since, when that rebuild ran on another store than this one (a `quire restore` of an
    older backup, a `store pull --force`): output of memories this store may not hold, not a
    person's edits. Empty when the record is this store's, or missing or unreadable (then every
    file is judged against the store alone, as before)."""
    db: Database = session.db
    try:
        raw = files.read_cache(_path(session))
        rec = _undump(session.sealer.open(raw) if session.sealer is not None else raw)
    except (OSError, ValueError, KeyError, IndexError, TypeError, EOFError, AttributeError, QuireError):
        return []
    if rec.token == meta.get(db, _TOKEN_KEY):
        return []
    out = []
    for slug, index, st, *machine in rec.stamps.values():
        path = vault.page_path(session.wiki_dir, slug, allow_index=index)
        if not (st and machine and machine[0]) or _stat(path) != st:
            continue  # absent, a person's page, or changed since: the scan judges it
        raw_page = vault.read_bytes(path)
        if raw_page is not None:
            out.append((slug, index, vault.digest(raw_page)))
    return out


def settle_another_store(
    session, actor: str, found: list[tuple[str, bool, str]] | None = None
) -> list[tuple[str, bool, str]]:
    """After a restore (or a forced pull), the files the last rebuild wrote from the store before it
    are quire's text of memories this store may not hold: each page this store has is written again
    from it (an unfinished write, repaired by the scan, not a person's edit), and a file of a page it
    does not have (or removed, or a person deleted) is taken away, so the vault ends as a full
    rebuild of this store would leave it. A file a person changed is not among them: theirs, kept.
    `found`: those files, read before (a rollback drops the record they come from); returned."""
    db: Database = session.db
    found = another_store_s_files(session) if found is None else found
    if not found:
        return found
    rows = {r[0]: r[1:] for r in db.rows("SELECT slug, id, seen_hash, status FROM pages WHERE version > 0")}
    again, gone = [], []
    for slug, index, digest in found:
        path = vault.page_path(session.wiki_dir, slug, allow_index=index)
        raw = vault.read_bytes(path)
        if raw is None or vault.digest(raw) != digest:
            continue  # written or removed since (a rollback put its own page back)
        page_id, seen, status = rows.get(slug, (None, None, None))
        if status == "active" and seen != digest:
            again.append((digest, page_id))
        elif status != "active" and vault.remove(path):
            gone.append(slug)
    if again or gone:
        with db.transaction():
            db.executemany("UPDATE pages SET pending_write = 1, prev_hash = ? WHERE id = ?", again)
            audit.record(
                db, actor, "vault_of_another_store", "vault", str(session.wiki_dir), rewritten=len(again), removed=gone
            )
    return found


def suspects(rec: Record, root: Path) -> set[str]:
    """Page ids whose file's stat differs from its stamp, or that have none: the scan hashes these."""
    out = set()
    # Plain path strings: the slugs were checked when the files were stamped, and a stat decides
    # only which files get hashed (vault.page_path's checks cost 50 us a page).
    folder = str(root)
    for page_id, (slug, _, st, *_) in rec.stamps.items():
        try:
            now = os.stat(os.path.join(folder, slug + ".md"))
        except (FileNotFoundError, NotADirectoryError):
            if st:
                out.add(page_id)
            continue
        except (OSError, ValueError):
            out.add(page_id)
            continue
        if [now.st_ino, now.st_size, now.st_mtime_ns, now.st_ctime_ns] != st:
            out.add(page_id)
    known = set(rec.stamps)
    out.update(p.page_id for p in rec.pages.values() if p.page_id not in known)
    out.update(pid for pid, _ in rec.removals.values() if pid not in known)
    return out


# -- the delta ---------------------------------------------------------------------------------


@dataclass
class Delta:
    """What the incremental plan recomputed: full specs, contexts and spec hashes of these pages."""

    specs: dict[str, synth.PageSpec]
    links: dict[str, synth.Context]
    hashes: dict[str, str]
    changed_pages: set[str]  # page ids whose rows changed outside the rebuild
    revs: dict[str, int]  # map revisions of the pages in `specs`
    reviews: dict[str, str]
    watermark: int
    memories: int


@dataclass
class Loose:
    """What placing a new memory that no entity page takes needs: vectors as the full plan reads
    them, and the clustering states it saved (wiki.rebuild), loaded when first asked for."""

    vectors: Callable[[list[str]], dict] | None = None
    states: Callable[[], dict[str, synth.ClusterState]] | None = None
    _loaded: dict[str, synth.ClusterState] | None = None

    def state(self, space: str) -> synth.ClusterState | None:
        if self._loaded is None:
            self._loaded = self.states() if self.states is not None else {}
        return self._loaded.get(space)


def delta(db: Database, rec: Record, *, scanned: set[str], repairs: set[str], loose: Loose | None = None) -> Delta:
    """The pages k changed memories feed (see the module docstring), or `Fallback`."""
    upto = current_seq(db)  # first: a change made while this runs is seen again next time
    changed_mems, changed_pages, maps = _changes(db, rec, upto)
    changed_pages |= scanned
    reviews = synth.open_reviews(db)
    # A memory whose open review alone changed keeps its pages (no grouping reads a review).
    reviewed = {k for k in set(reviews) | set(rec.reviews) if reviews.get(k) != rec.reviews.get(k)} - changed_mems
    _check_turns(db, rec, changed_mems)
    changed_mems |= reviewed
    if len(changed_mems) > MAX_CHANGES:
        raise Fallback(f"{len(changed_mems)} memories changed: the full plan costs no more")
    fresh = {m.id: m for m in synth.load_memories(db, sorted(changed_mems), rec.turns)}
    held = rec.holders(changed_mems)
    slugs, lite = _linkable(rec)
    moves = _placements(db, rec, changed_mems - reviewed, fresh, held, loose or Loose())
    for mid in reviewed & fresh.keys():
        for key in held.get(mid, ()):
            moves.pages.setdefault(key, set(rec.pages[key].members))
    specs = _new_specs(db, rec, moves, fresh)
    named = _named(fresh, slugs, lite)
    links = _contexts(rec, specs, named, changed_mems, slugs, lite)
    sups, replaced = _supersessions(rec, changed_mems, fresh)
    by_id = {p.page_id: k for k, p in rec.pages.items()}
    again = {by_id[i] for i in changed_pages | maps | repairs if i in by_id}
    again |= {k for k, p in rec.pages.items() if p.action not in ("unchanged", "skip")}
    again |= {k for k, c in links.items() if c != rec.pages[k].ctx}  # links to or from a changed page
    holding = _holding(rec, moves, replaced)  # where a replacement changed: "replaced by" links
    again |= holding
    _check_rows(db, rec, changed_pages)
    missing = [k for k in again if k not in specs]
    if missing:
        specs.update(_reload(db, rec, missing))
    links.update(_elsewhere(rec, moves, specs, links, sups, slugs, lite, holding))
    hashes = {}
    for key, spec in specs.items():
        ctx = links.get(key, rec.pages[key].ctx)
        links[key] = ctx
        same = key not in moves.pages and ctx == rec.pages[key].ctx
        hashes[key] = rec.pages[key].spec_hash if same else synth.spec_hash(spec, ctx)
    _remember(rec, named, fresh, changed_mems, sups)
    revs = pagemap.revisions_of(db, [rec.pages[k].page_id for k in specs])
    # Memories changed in the log are no chat turns (`_check_turns`), and every other visible
    # memory is on a page: held before <=> visible before. A review changes no memory's status.
    logged = changed_mems - reviewed
    memories = rec.memories - sum(1 for mid in logged if held.get(mid)) + len(logged & fresh.keys())
    return Delta(specs, links, hashes, changed_pages, revs, reviews, upto, memories)


def _remember(rec: Record, named: dict, fresh: dict, changed: set[str], sups: dict[str, str]) -> None:
    """What the record keeps of the changed memories for the next plan."""
    rec.named.update(named)
    for mid in changed:
        if mid not in named:
            rec.named.pop(mid, None)
        m = fresh.get(mid)
        if m is not None and m.entities:
            rec.ments[mid] = [k for k, _ in m.entities]
        else:
            rec.ments.pop(mid, None)
    rec.sups = sups


def _changes(db: Database, rec: Record, upto: int) -> tuple[set[str], set[str], set[str]]:
    """Changed memory ids, page ids (rows) and page ids (maps) since the record."""
    mems: set[str] = set()
    page_ids: set[str] = set()
    maps: set[str] = set()
    for kind, row_id in changes_since(db, rec.watermark, upto):
        if kind in ("m", "l"):
            mems.add(row_id)
        elif kind == "p":
            page_ids.add(row_id)
        elif kind == "r":
            maps.add(row_id)
        elif kind == "e":
            raise Fallback("an entity was renamed or deleted")
        else:
            raise Fallback("chat turns were imported or changed")
    return mems, page_ids, maps


def _check_turns(db: Database, rec: Record, changed: set[str]) -> None:
    """What synthesis reads over every chat turn together (their entities, `turn_entities`; their
    topics; who said each) is kept from the record: it holds while no turn changed. New, changed or
    removed turn rows are in the log ('s'); a turn's memory row is a changed memory that is a turn;
    a session that gained the assistant changes who said its turns without a turn row changing."""
    if rec.turns and conversations.assistant_sessions(db) != rec.sessions:
        raise Fallback("a chat session changed (who said its turns)")
    if changed and (rec.turns.keys() & changed or conversations.turns_among(db, sorted(changed))):
        raise Fallback("a chat turn changed")


@dataclass
class _Moves:
    pages: dict[str, set[str]] = field(default_factory=dict)  # page key -> members now (affected pages)

    def members(self, rec: Record, key: str) -> Any:
        return self.pages[key] if key in self.pages else rec.pages[key].members


def _placed_by_pass(key: str) -> str:
    kind = key.split(":", 1)[0]
    return "an About me page" if kind == "notes" and key.endswith(":about") else f"a {kind} page"


def _placements(db: Database, rec: Record, changed: set[str], fresh: dict, held: dict, loose: Loose) -> _Moves:
    """Where each changed memory was and is: entity pages, or (a new memory, `_loose_home`) the
    page the pass over the memories no entity page takes gives it; else `Fallback`."""
    pass_ = "(the memories no entity page takes are placed by one pass over them all: a new one goes last)"
    for mid in changed:
        for key in held.get(mid, ()):
            if rec.pages[key].kind != "entity":
                raise Fallback(f"a memory on {_placed_by_pass(key)} changed {pass_}")
    keys = {k for mid in changed for k in rec.ments.get(mid, ())}
    for m in (fresh[mid] for mid in changed if mid in fresh):
        if m.space == "":
            raise Fallback("a changed memory has an empty space")
        keys.update(k for k, _ in m.entities)
    _check_entity_pages(db, rec, keys, fresh)
    moves = _Moves()
    for mid in changed:
        for key in held.get(mid, ()):
            moves.pages.setdefault(key, set(rec.pages[key].members)).discard(mid)
    # in capture order: the pass over the memories no entity page takes places them so
    for m in sorted((fresh[mid] for mid in changed if mid in fresh), key=lambda m: (m.created_at, m.seq, m.id)):
        homes = [f"entity:{m.space or ''}:{k}" for k, _ in m.entities]
        homes = [h for h in homes if h in rec.pages]
        if not homes:
            homes = [_loose_home(db, rec, m, loose, moves)]
        for key in homes:
            moves.pages.setdefault(key, set(rec.pages[key].members)).add(m.id)
    return moves


def _loose_home(db: Database, rec: Record, m: synth.Mem, loose: Loose, moves: _Moves) -> str:
    """The page a new memory that no entity page takes lands on, as synth._group_space places it:
    the cluster the greedy pass puts it in (it comes last in capture order), when that cluster is a
    page already; else About me (a preference or identity) or its Notes bucket, when that page is
    there and stays one page. Anything else (a page that comes, a title that changes): `Fallback`."""
    space = m.space or ""
    if loose.vectors is None:
        raise Fallback("a new memory no entity page takes, and no vectors to place it with")
    found = loose.vectors([m.id])
    if m.id in found:
        members = _cluster_of(db, rec, m, found, loose)
        if len(members) == synth.CLUSTER_MIN:
            raise Fallback("a new memory makes a cluster page (its first members leave Notes)")
        if len(members) > synth.CLUSTER_MIN:
            key = f"cluster:{space}:{members[0]}"
            if key not in rec.pages:
                raise Fallback("a new memory joins a cluster the plan record has no page for")
            return key
    if m.memory_type in synth.PERSONAL:
        if f"notes:{space}:about" not in rec.pages:
            raise Fallback("a new preference or identity may make an About me page")
        return f"notes:{space}:about"
    return _notes_home(rec, space, m, moves)


def _cluster_of(db: Database, rec: Record, m: synth.Mem, found: dict, loose: Loose) -> list[str]:
    """Members of the cluster a new memory joins (synth.place_after), after the state the last full
    plan saved and the memories placed since (the record's tail), which it joins."""
    space = m.space or ""
    entry = rec.clusters.get(space)
    state = loose.state(space)
    if entry is None or state is None or [state.digest, len(state.ids)] != entry[:2]:
        raise Fallback("the clustering state is not the one the plan record was made with")
    tail = entry[2]
    last = tail[-1][0] if tail else (state.ids[-1] if state.ids else None)
    if last is not None:
        before = synth.load_memories(db, [last], rec.turns)
        if not before or (m.created_at, m.seq) <= (before[0].created_at, before[0].seq):
            raise Fallback("a new memory no entity page takes is not the last in capture order")
    if tail and loose.vectors is not None:
        found.update(loose.vectors([str(t[0]) for t in tail]))
    if any(str(t[0]) not in found for t in tail):
        raise Fallback("a clustered memory has no vector")
    members = synth.place_after(state, tail, found, m)
    group = _group_of(state, tail, members)
    grown = len(members) - 1
    if grown >= synth.CLUSTER_MIN and grown < synth.TITLE_SAMPLE:
        firsts = synth.load_memories(db, members[: synth.TITLE_SAMPLE], rec.turns)
        if len(firsts) != min(len(members), synth.TITLE_SAMPLE) or synth.cluster_title(firsts) != state.titles[group]:
            raise Fallback("a cluster page's title changes as it grows")
    tail.append([m.id, group])
    return members


def _group_of(state: synth.ClusterState, tail: list[Any], members: list[str]) -> int:
    """The cluster number of `members` (a new cluster: the next number)."""
    if len(members) == 1:
        return max([len(state.sums) if state.ids else 0, *(int(t[1]) + 1 for t in tail)])
    first = members[0]
    if first in state.ids:
        return state.assign[state.ids.index(first)]
    return int(next(t[1] for t in tail if t[0] == first))


def _notes_home(rec: Record, space: str, m: synth.Mem, moves: _Moves) -> str:
    """The Notes page of `m`'s bucket (synth.notes_buckets), when it is there and stays one page."""
    base = f"notes:{space}:"
    sizes = {k[len(base) :]: len(moves.members(rec, k)) for k in rec.pages if k.startswith(base)}
    sizes.pop("about", None)
    total = sum(sizes.values())
    if total + 1 <= synth.NOTES_MAX:
        if "" not in sizes:
            raise Fallback("a new memory makes a Notes page")
        return base
    if total <= synth.NOTES_MAX:
        raise Fallback("the Notes page splits by year")
    year, month = m.valid_from[:4], m.valid_from[:7]
    if year in sizes and sizes[year] + 1 > synth.NOTES_MAX:
        raise Fallback("a year's Notes page splits by month")
    for bucket in (year, month):
        if bucket in sizes:
            return base + bucket
    raise Fallback("a new memory makes a Notes page")


def _check_entity_pages(db: Database, rec: Record, keys: set[str], fresh: dict) -> None:
    """No entity page comes or goes: an entity's memories are its linked memories that are no chat
    turn (counted here) and the turns that name it (kept from the record)."""
    counts = synth.entity_counts(db, sorted(keys), turns=not rec.turns) if keys else {}
    spaces = {p.space for p in rec.pages.values()} | {m.space for m in fresh.values()}
    for space in spaces:
        for ekey in keys:
            n = counts.get((space or "", ekey), 0) + rec.turn_counts.get(f"{space or ''}\x1f{ekey}", 0)
            if (f"entity:{space or ''}:{ekey}" in rec.pages) != (n >= synth.ENTITY_MIN):
                raise Fallback("an entity page comes or goes")


def _new_specs(db: Database, rec: Record, moves: _Moves, fresh: dict) -> dict[str, synth.PageSpec]:
    wanted = sorted({mid for ids in moves.pages.values() for mid in ids} - set(fresh))
    mems = dict(fresh)
    mems.update({m.id: m for m in synth.load_memories(db, wanted, rec.turns)})
    out = {}
    for key, ids in moves.pages.items():
        if not ids:
            raise Fallback("an entity page lost its last memory")
        if any(i not in mems for i in ids):
            raise Fallback("a page's memory changed without a trace in the change log")
        p = rec.pages[key]
        chosen = tuple(sorted((mems[i] for i in ids), key=lambda m: (m.created_at, m.seq, m.id)))
        ekey = key.split(":", 2)[2]
        # The page is named by the first of its memories (capture order) that names the entity:
        # a chat turn may spell it otherwise than the entity a capture links.
        if p.kind == "entity" and next((n for m in chosen for k, n in m.entities if k == ekey), None) != p.entity:
            raise Fallback("an entity page's name changed (its first memory spells it otherwise)")
        ents = tuple(sorted({e for m in chosen for e in m.entities}))
        out[key] = synth.PageSpec(key, p.kind, p.title, p.space, p.entity, chosen, ents)
    return out


def _reload(db: Database, rec: Record, keys: list[str]) -> dict[str, synth.PageSpec]:
    """Full specs of pages whose members did not change (their rows or maps did)."""
    wanted = sorted({mid for k in keys for mid in rec.pages[k].members})
    mems = {m.id: m for m in synth.load_memories(db, wanted, rec.turns)}
    out = {}
    for key in keys:
        p = rec.pages[key]
        if any(i not in mems for i in p.members):
            raise Fallback("a page's memory changed without a trace in the change log")
        chosen = tuple(mems[i] for i in p.members)
        out[key] = synth.PageSpec(key, p.kind, p.title, p.space, p.entity, chosen, p.entities)
    return out


# -- supersessions: "replaced by" links (synth.elsewhere) ---------------------------------------


def _supersessions(rec: Record, changed: set[str], fresh: dict) -> tuple[dict[str, str], set[str]]:
    """Every memory on a page that supersedes another -> that one, after the change; and the
    superseded ids whose replacement (or its page) may have changed."""
    sups = {k: v for k, v in rec.sups.items() if k not in changed}
    replaced = {rec.sups[mid] for mid in changed if mid in rec.sups}
    for m in fresh.values():
        if m.supersedes:
            sups[m.id] = m.supersedes
            replaced.add(m.supersedes)
    return sups, replaced


def _holding(rec: Record, moves: _Moves, ids: set[str]) -> set[str]:
    """Keys of the pages that hold any of `ids` now, and the pages whose members changed."""
    out = set(moves.pages)
    if ids:
        out |= {k for k in rec.pages if k not in moves.pages and not ids.isdisjoint(rec.pages[k].members)}
        out |= {k for k, now in moves.pages.items() if not ids.isdisjoint(now)}
    return out


def _elsewhere(
    rec: Record,
    moves: _Moves,
    specs: dict[str, synth.PageSpec],
    links: dict[str, synth.Context],
    sups: dict[str, str],
    slugs: dict[str, str],
    lite: _Lite,
    keys: set[str],
) -> dict[str, synth.Context]:
    """New contexts of `keys` (all in `specs`) with their "replaced by" links recomputed as
    synth.context does: a superseded memory's replacement is the memory that supersedes it, on the
    first page (plan order) that holds it."""
    if not sups and not any(rec.pages[k].ctx.elsewhere for k in keys):
        return {}
    by_old: dict[str, list[str]] = {}
    for new, old in sups.items():
        by_old.setdefault(old, []).append(new)
    replaced_by: dict[str, str] = {}
    for key in keys:
        for m in specs[key].memories:
            found = by_old.get(m.id, ())
            if len(found) > 1:
                raise Fallback("a memory is superseded by two that are both on pages")
            if found:
                replaced_by[m.id] = found[0]
    wanted = set(replaced_by.values())
    holder: dict[str, synth.PageSpec] = {}
    for key in rec.pages:  # plan order
        if wanted.isdisjoint(moves.members(rec, key)):
            continue
        for mid in wanted.intersection(moves.members(rec, key)):
            holder.setdefault(mid, lite[key])
        wanted -= holder.keys()
        if not wanted:
            break
    out = {}
    for key in keys:
        ctx = links.get(key, rec.pages[key].ctx)
        out[key] = replace(ctx, elsewhere=synth.elsewhere(specs[key], replaced_by, holder, slugs))
    return out


class _Lite(dict):
    """Page key -> a spec without memories (key, title, space, entities), made when first asked for."""

    def __init__(self, rec: Record) -> None:
        super().__init__()
        self.rec = rec

    def __missing__(self, key: str) -> synth.PageSpec:
        spec = self[key] = self.rec.pages[key].lite()
        return spec


def _linkable(rec: Record) -> tuple[dict[str, str], _Lite]:
    slugs = {p.raw[0]: p.raw[5] for p in rec.pages.values() if p.raw[13]}
    return slugs, _Lite(rec)


def _named(fresh: dict, slugs: dict[str, str], lite: _Lite) -> dict[str, list[str]]:
    """Memory id -> keys of the entity pages each changed memory's text names now."""
    if not fresh:
        return {}
    entity_pages = [lite[p.raw[0]] for p in lite.rec.pages.values() if p.raw[1] == "entity"]
    names, firsts = synth.entity_names(entity_pages, slugs)
    by_space: dict[str | None, list[synth.Mem]] = {}
    for m in fresh.values():
        by_space.setdefault(m.space, []).append(m)
    holders = [synth.PageSpec(f"x:{s}", "notes", "", s, None, tuple(ms)) for s, ms in by_space.items()]
    found = synth._named(holders, firsts, names)
    return {mid: [p.key for p in specs] for mid, specs in found.items()}


def _contexts(
    rec: Record,
    specs: dict[str, synth.PageSpec],
    named: dict[str, list[str]],
    changed: set[str],
    slugs: dict[str, str],
    lite: _Lite,
) -> dict[str, synth.Context]:
    """New contexts of the pages whose members changed and of the pages linked to them: related
    links, mentions (what a page's memories name) and backlinks (who names a page)."""
    if not specs:
        return {}
    for key, spec in specs.items():
        lite[key] = replace(lite[key], entities=spec.entities)
    rel_keys, rel = _related(rec, specs, slugs, lite)
    all_named = {**{k: v for k, v in rec.named.items() if k not in changed}, **named}
    mentions = {}
    for key, spec in specs.items():
        named_pages = ([lite[k] for k in all_named.get(m.id, ())] for m in spec.memories)
        mentions[key] = synth.mentions_of(lite[key], slugs, named_pages) if key in slugs else {}
    by_id = {p.raw[6]: p.raw[0] for p in rec.pages.values()}
    back_keys = set(rel_keys)  # entity pages named (or no longer) by a changed page; pages whose related changed
    for key in specs:
        now = {lite[k].page_id for k in mentions[key]}
        back_keys |= {by_id[i] for i in now ^ set(rec.pages[key].mention_ids()) if i in by_id}
    namers: dict[str, list[str]] = {}
    for k, p in rec.pages.items():
        for i in p.mention_ids() if k not in mentions else [lite[x].page_id for x in mentions[k]]:
            target = by_id.get(i)
            if target in back_keys:
                namers.setdefault(target, []).append(k)
    out = {}
    for key in sorted(rel_keys | back_keys | set(specs)):
        old = rec.pages[key].ctx
        related_ = rel.get(key, old.related) if key in rel_keys else old.related
        ments = synth.sorted_links(mentions[key]) if key in mentions else old.mentions
        backs = old.backlinks
        if key in back_keys:
            found = {
                k: synth.Link(slugs[k], lite[k].title, lite[k].page_id, ()) for k in namers.get(key, ()) if k in slugs
            }
            backs = synth.backlinks_of(found, related_) if found else ()
        out[key] = replace(old, related=related_, mentions=ments, backlinks=backs)
    return out


def _related(
    rec: Record, specs: dict[str, synth.PageSpec], slugs: dict[str, str], lite: _Lite
) -> tuple[set[str], dict[str, tuple[synth.Link, ...]]]:
    """Related links of the changed pages and of every page sharing an entity they gained or lost,
    computed over just the pages that share an entity with those."""
    holding: dict[tuple[str | None, str], list[str]] = {}
    for p in rec.pages.values():
        for e in p.raw[8]:
            holding.setdefault((p.raw[3], e[0]), []).append(p.raw[0])
    changed_ents = {(specs[k].space, e[0]) for k in specs for e in set(specs[k].entities) ^ set(rec.pages[k].entities)}
    rel_keys = set(specs) | {k for se in changed_ents for k in holding.get(se, ())}
    ents_of = {(lite[k].space, e[0]) for k in rel_keys for e in lite[k].entities}
    near = rel_keys | {k for se in ents_of for k in holding.get(se, ())}
    return rel_keys, synth.related([lite[k] for k in sorted(near)], slugs, only=rel_keys)


def _check_rows(db: Database, rec: Record, changed_pages: set[str]) -> None:
    """Rows changed outside the rebuild: what the plan keeps of them must still hold."""
    if not changed_pages:
        return
    rows = pages.by_ids(db, changed_pages)
    keys = {p.page_id: p for p in rec.pages.values()}
    for page_id, row in rows.items():
        p = keys.get(page_id)
        if p is None:
            if row.kind != "index" and row.key not in rec.removals and row.status == "active":
                raise Fallback("a page the plan did not know appeared")
            continue
        if (row.status != "deleted") != p.linked:
            raise Fallback("a page file was deleted or brought back by hand")
        if pages.titles_before(row, p.title) != p.ctx.former:
            raise Fallback("a page's former titles changed")
    if any(i not in rows for i in changed_pages):
        raise Fallback("a page row was deleted")


# -- the record after a plan -------------------------------------------------------------------


def page_rec(item: Any, spec: synth.PageSpec, ctx: synth.Context, linked: bool) -> PageRec:
    raw = [
        spec.key,
        spec.kind,
        spec.title,
        spec.space,
        spec.entity,
        item.slug,
        spec.page_id,
        [m.id for m in spec.memories],
        [list(e) for e in spec.entities],
        _ctx_json(ctx),
        item.spec_hash,
        indexed(item),
        item.action,
        linked,
    ]
    return PageRec(raw, ctx)


def indexed(item: Any) -> bool:
    """Whether the index lists this plan item's page (not skipped, not deleted by hand)."""
    return item.action not in ("skip", "stay_deleted") and not (item.row and item.row.status == "deleted")


def mark_own(db: Database) -> None:
    """In a rebuild's own transaction: its page writes are not changes for the next plan."""
    meta.put(db, _WRITER_KEY, "1")


def unmark_own(db: Database) -> None:
    meta.drop(db, _WRITER_KEY)
