"""Forget across the wiki: the memory layer rewrites the database (memory/erase.py lists every
place, `PLACES`); this module adds the forms pages render (escaped sentences), then finishes what
lives outside the database and in the page tables it owns:

- machine pages the forget leaves without a live memory (a cluster whose memories are all
  forgotten, the page of an entity only the forgotten memory named) are dropped whole: rows,
  history, map, file, their names in the index and in the snapshots;
- the vault files: whole sentences everywhere, every run of RUN words in the memory's pages
  (the cut-off start a map node shows: "Marisol Quenby from HR told me in confidence…");
- the snapshots, the same way (so `rollback` cannot bring the text back);
- the caches on disk (vector files, graph.json, cluster states, the plan record): removed, rebuilt from the rows.

Another device learns of a forget from the shared rows: `clean_device` (run by its rebuild and
rollback) takes the forgotten memories' text out of that device's vault files, snapshots and
caches before anything there is read as a hand edit, snapshotted or restored: the text it cuts is
what its own files quote for the forgotten ids (their footnotes), since the server no longer
holds it. A file a person edited there is stored with those runs cut (memory/erase.py
`scrub_page_text`).

A vault file rewritten here gets its new digest recorded as what quire wrote and saw, so the
next rebuild does not take the rewrite for a hand edit.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from memory import audit, doctor, erase, files, gate, tombstones
from memory.db import Database, FileDatabase, ReplicaDatabase, rows_in
from memory.errors import QuireError, StoreError, Unreachable
from memory.home import home_key
from memory.keys import Sealer, is_sealed
from memory.store import LIVE
from wiki import incremental, render, snapshot, synth, vault, vault_sync

FORGOTTEN = tombstones.FORGOTTEN
_CACHE_GLOBS = ("vectors-*", "wiki-clusters*", "wiki-plan*", "graph.json", "graph-*.json")
_FORGET_WHY = (
    "a forget removed the plan record (the memory was a chat turn, on a cluster, topic, About me or Notes "
    "page, or the only one to link an entity: the record may hold names or titles made of it)"
)
_SEEN = "forgets-seen.json"  # per device: the last forget audit row this device cleaned up after


def _rendered(db: Database, memory_id: str, content: str) -> list[str]:
    """The forms a page renders of a memory's text (its sentences escaped, code kept as lines), less
    what another live memory says too (memory/tombstones.py needles)."""
    parts = synth.sentences(content)
    rendered = [render.escape(p) for p in parts] + [render.escape(content)]
    rendered += [p for p in render.rendered_forms(content) if p not in rendered]  # code kept as lines
    kept = tombstones.held_by_others(db, memory_id, [*parts, content])
    held = _now_said_by_others(db, memory_id) | {render.escape(k) for k in kept} | kept
    return [p for p in rendered if p not in held]


def forget(session, memory_id: str, *, actor: str, reason: str = "") -> tombstones.Change:
    db: Database = session.db
    settle_moves(session, db)  # a forget queued offline scrubbed this device's files already
    row = db.one("SELECT content FROM memories WHERE id = ?", (memory_id,))
    rendered = []
    if row is not None and row["content"] != FORGOTTEN:
        rendered = _rendered(db, memory_id, row["content"])
    pieces = tombstones.needles(db, memory_id) if row is not None else []
    reach = erase.Reach()
    change = erase.forget(db, memory_id, actor=actor, reason=reason, extra=rendered, reach=reach)
    if change.changed:
        everything = sorted(set(pieces) | set(tombstones.expand(rendered)), key=lambda p: (-len(p), p))
        names = sorted(set(reach.names), key=lambda n: (-len(n), n))
        # The memory is forgotten in the store now, and a retry has nothing left to find the copies
        # by: a vault file quire cannot read (chmod 000) stopped the forget here, leaving the text
        # in the snapshots, caches and backups for good. The vault's error is raised at the end.
        failed: Exception | None = None
        try:
            # Right after a restore the plan record alone tells the store before's files from a
            # person's; a forget may drop it, so they are settled first (as the next rebuild would).
            if not db.remote:
                incremental.settle_another_store(session, actor)
            dropped = _drop_pages(db, session.wiki_dir, reach, actor=actor)
            linked = _slugs(db, reach.pages)
            _scrub_vault(db, session.wiki_dir, everything, reach.runs, linked, names, actor=actor, memory_id=memory_id)
        except (QuireError, OSError) as exc:
            failed, dropped = exc, {}
        scrub_snapshots(session.home.root, everything, reach.runs, reach.pages, dropped, names, session.sealer)
        # The plan record holds page titles and entity names, never a memory's text: it stays (and
        # the clustering states, which hold only the memories no entity page takes) when the memory
        # sat on entity pages only and none of what is scrubbed is in it; the next rebuild then
        # takes the forget incrementally.
        keep = not reach.entity_keys and incremental.survives_forget(session, memory_id, [*everything, *names])
        clear_caches(session, keep_plan=keep)
        if not keep:
            incremental.dropped_by(session, _FORGET_WHY)
        if row is not None and row["content"] != FORGOTTEN:
            _drop_queued(session, gate.content_hash(row["content"]))
        change = _forget_in_backups(session, memory_id, change, actor=actor, reason=reason, extra=rendered)
        if failed is not None:
            raise _unfinished(memory_id, failed)  # not marked seen: the next rebuild's clean_device finishes it
        _mark_seen(session, db)
    elif row is not None and row["content"] == FORGOTTEN and clean_device(session):
        # A forget killed after its commit left the vault, snapshots and backups for the next rebuild;
        # the person's second `quire forget` ("already forgotten") finishes them now instead.
        change = tombstones.Change(
            True,  # files changed, though the store had it forgotten already
            f"{change.message}; finished an interrupted forget in the vault, snapshots and backups",
            change.tombstone_id,
        )
    return change


def _now_said_by_others(db: Database, memory_id: str) -> set[str]:
    """The Now values ("**Home**: Ljubljana") another live memory of the same pages reads too: the
    line is that memory's as well, and cutting it emptied About me's Now of a value still held."""
    out: set[str] = set()
    for (content,) in db.rows(
        "SELECT DISTINCT m.content FROM page_sources ps JOIN page_sources mine ON mine.page_id = ps.page_id "
        f"JOIN memories m ON m.id = ps.memory_id WHERE mine.memory_id = ? AND m.id != ? AND m.{LIVE}",
        (memory_id, memory_id),
    ):
        out.update(render.now_forms(content))
    return out


def _unfinished(memory_id: str, exc: Exception) -> StoreError:
    """The one line a forget the vault stopped ends with: what is done, and what finishes it (a
    second `quire forget` finds the memory forgotten and does nothing)."""
    why = f"{exc.filename}: {exc.strerror}" if isinstance(exc, OSError) else str(exc).split("; ")[0].split(": ")[0]
    return StoreError(
        f"{memory_id} is forgotten in the store, snapshots, caches and backups, but the vault stopped the scrub "
        f"({why}); fix that file, then run `quire rebuild`, which cuts the text out of the vault"
    )


def _forget_in_backups(
    session, memory_id: str, change: tombstones.Change, *, actor: str, reason: str, extra: list[str]
) -> tombstones.Change:
    """The home's backups (`quire backup`, the nightly's) and the database files a `store pull
    --force` or a `quire restore` kept beside it (`doctor.kept_aside`) hold the memory too: it is forgotten in
    each of them the same way, so `quire restore` brings back a database where it stays forgotten.
    A backup that cannot be opened or rewritten is removed rather than kept with the text."""
    notes = forget_in_copies(session, [memory_id], actor=actor, reason=reason, extra=extra)
    if not notes:
        return change
    return tombstones.Change(
        change.changed, f"{change.message}; also forgotten in backup(s) {', '.join(notes)}", change.tombstone_id
    )


def local_copies(session) -> list[Path]:
    """Every database file of this home besides its store: backups, the files a `store pull
    --force` or a `quire restore` kept beside it (quire.db.replaced-*, quire.db.before-restore-*)
    and, for a home whose store moved to a server (`quire store push`), its own quire.db from
    before the move."""
    db_path = session.home.db_path
    kept = doctor.kept_aside(session.home)
    if session.remote and db_path.is_file():
        kept.append(db_path)
    return [*doctor.list_backups(session.home), *sorted(kept)]


def forget_in_copies(
    session, memory_ids: list[str], *, actor: str, reason: str = "", extra: Sequence[str] = ()
) -> list[str]:
    """Forget the memories in every local copy that holds one (`local_copies`); a copy that cannot
    be opened or rewritten is removed rather than kept with the text. The names of the copies."""
    notes = []
    for path in local_copies(session):
        try:
            copy = FileDatabase(path, encryption_key=home_key(session.home))
        except QuireError:
            copy = None
        try:
            if copy is not None:
                held = [
                    str(r[0])
                    for r in rows_in(
                        copy,
                        "SELECT id FROM memories WHERE id IN ({marks}) AND content != ?",
                        memory_ids,
                        after=(FORGOTTEN,),
                    )
                ]
                for memory_id in held:
                    erase.forget(copy, memory_id, actor=actor, reason=reason, extra=list(extra))
                if held:
                    notes.append(path.name)
                continue
        except QuireError:
            pass
        finally:
            if copy is not None:
                copy.close()
        for stale in path.parent.glob(path.name + "*"):  # the file and its -wal / -shm
            stale.unlink(missing_ok=True)
        notes.append(f"{path.name} (removed: it could not be rewritten)")
    return notes


def _drop_queued(session, digest: str) -> None:
    """The same text queued on this device while offline: it would be refused as tombstoned at
    sync, so it leaves the outbox now (and the file is compacted)."""
    box = session.outbox
    dropped = 0
    for entry in box.pending():
        content = entry.payload.get("content")
        if isinstance(content, str) and gate.content_hash(content) == digest:
            box.done(entry.key)
            dropped += 1
    if dropped:
        box.compact()


def _slugs(db: Database, page_ids: set[str]) -> set[str]:
    return {str(r[0]) for r in rows_in(db, "SELECT slug FROM pages WHERE id IN ({marks})", sorted(page_ids))}


def _drop_pages(db: Database, root: Path, reach: erase.Reach, *, actor: str) -> dict[str, dict[str, str]]:
    """Machine pages left with nothing live to say: dropped whole. Returns {page id: {title, slug}}."""
    dropped = _pages_left_empty(db, reach)
    if not dropped:
        return {}
    ids = sorted(dropped)
    names = sorted(
        {v for d in dropped.values() for v in (d["title"], d["entity"]) if len(v) >= 3}, key=lambda n: (-len(n), n)
    )
    slugs = [d["slug"] for d in dropped.values()]
    with db.transaction(), erase.unguarded(db):
        _delete_pages(db, ids)
        # Their names and slugs: out of the index and any page that linked them, and of their audit rows.
        _blank_names(db, ids, [*names, *sorted(slugs, key=lambda n: (-len(n), n))])
        audit.record(db, actor, "forget_pages", "pages", ids[0], count=len(ids))
    if root.is_dir():
        for slug in slugs:
            with contextlib.suppress(Exception):
                vault.remove(vault.page_path(root, slug))
        for path in sorted(root.glob("*.md")):
            _rewrite(db, path, lambda text: _replace_all(text, [*names, *slugs]))
    for page_id in ids:
        dropped[page_id]["names"] = json.dumps([*names, *slugs])
    return dropped


def _pages_left_empty(db: Database, reach: erase.Reach) -> dict[str, dict[str, str]]:
    """The machine pages of `reach` about an entity only the memory named, or citing nothing live."""
    if not reach.pages:
        return {}
    keys = {f"entity:{k}" for k in reach.entity_keys}
    dropped: dict[str, dict[str, str]] = {}
    for page in db.dicts(
        "SELECT id, key, slug, kind, title, entity, owner FROM pages WHERE id IN ({})".format(
            ",".join("?" * len(reach.pages))
        ),
        sorted(reach.pages),
    ):
        if page["owner"] == "human" or page["kind"] not in ("entity", "cluster"):
            continue
        lone_entity = page["kind"] == "entity" and any(page["key"].endswith(":" + k.split(":", 1)[1]) for k in keys)
        live = db.scalar(
            "SELECT count(*) FROM page_sources ps JOIN memories m ON m.id = ps.memory_id "
            "WHERE ps.page_id = ? AND m.status != 'forgotten'",
            (page["id"],),
        )
        if lone_entity or not live:
            dropped[page["id"]] = {"title": page["title"] or "", "slug": page["slug"], "entity": page["entity"] or ""}
    return dropped


def _delete_pages(db: Database, ids: list[str]) -> None:
    """The pages' rows, their maps (the nodes pointing at them too) and their history."""
    marks = ",".join("?" * len(ids))
    nodes = [
        r[0] for r in db.rows(f"SELECT id FROM page_map_nodes WHERE ref_kind = 'page' AND ref_id IN ({marks})", ids)
    ]
    nodes += [r[0] for r in db.rows(f"SELECT id FROM page_map_nodes WHERE page_id IN ({marks})", ids)]
    if nodes:
        nm = ",".join("?" * len(nodes))
        db.execute(f"DELETE FROM page_map_edges WHERE from_node IN ({nm}) OR to_node IN ({nm})", [*nodes, *nodes])
        db.execute(f"UPDATE page_map_nodes SET parent_id = NULL WHERE parent_id IN ({nm})", nodes)
        db.execute(f"DELETE FROM page_map_nodes WHERE id IN ({nm})", nodes)
    for table, column in (
        ("page_map_edges", "page_id"),
        ("page_maps", "page_id"),
        ("page_sources", "page_id"),
        ("page_changelog", "page_id"),
        ("page_history", "page_id"),
        ("pages", "id"),
    ):
        db.execute(f"DELETE FROM {table} WHERE {column} IN ({marks})", ids)


def _blank_names(db: Database, ids: list[str], names: list[str]) -> None:
    marks = ",".join("?" * len(ids))
    for name in names:
        for table, column in (("pages", "body"), ("page_history", "body"), ("pages", "summary")):
            db.execute(
                f"UPDATE {table} SET {column} = replace({column}, ?, ?) WHERE instr({column}, ?) > 0",
                (name, FORGOTTEN, name),
            )
        db.execute(
            f"UPDATE audit_log SET detail = replace(detail, ?, ?) WHERE subject_id IN ({marks}) "
            "AND instr(detail, ?) > 0",
            (name, FORGOTTEN, *ids, name),
        )


def _replace_all(text: str, pieces: list[str]) -> str:
    for piece in sorted(pieces, key=lambda n: (-len(n), n)):
        if piece:
            text = text.replace(piece, FORGOTTEN)
    return text


def _rewrite(db: Database, path: Path, change, *, actor: str = "cli", memory_id: str = "") -> tuple[str, str] | None:
    """Rewrite one vault file; returns (digest before, digest after) when it changed."""
    old = vault.read_bytes(path, outside="skip")  # a link out of the vault: the file it names is not quire's
    if old is None:
        return None
    try:
        text = old.decode("utf-8")
    except UnicodeDecodeError:
        return None
    new = change(text)
    if new == text:
        return None
    vault.atomic_write(path, new)
    before, after = vault.digest(old), vault.digest(new)
    with db.transaction():
        for column in ("seen_hash", "written_hash", "prev_hash"):
            db.execute(f"UPDATE pages SET {column} = ? WHERE {column} = ?", (after, before))
        audit.record(db, actor, "forget_file", "page_file", path.name, memory_id=memory_id, hash=after, before=before)
    return before, after


def _scrub_vault(
    db: Database,
    root: Path,
    pieces: list[str],
    runs: set[tuple[str, ...]],
    linked: set[str],
    names: list[str],
    *,
    actor: str,
    memory_id: str,
) -> None:
    if not root.is_dir():
        return
    for path in sorted(root.glob("*.md")):
        if not path.is_file():  # a folder or a FIFO named like a note holds no copy of quire's
            continue
        mine = path.stem in linked

        def change(text: str, mine: bool = mine) -> str:
            for piece in pieces:
                text = text.replace(piece, FORGOTTEN)
            return _replace_all(erase.cut_runs(text, runs), names) if mine else text

        _rewrite(db, path, change, actor=actor, memory_id=memory_id)


def _read_snap(path: Path, sealer: Sealer | None) -> tuple[str, bool] | None:
    """A snapshot file's text and whether it was sealed (an encrypted home seals them)."""
    try:
        raw = files.read_cache(path)
    except OSError:
        return None
    sealed = is_sealed(raw)
    if sealed and sealer is None:
        raise StoreError(f"{path} is sealed and this home has no key open; forget needs the key")
    try:
        return (sealer.open(raw) if sealed and sealer else raw).decode("utf-8"), sealed
    except UnicodeDecodeError:
        return None


def _write_snap(path: Path, text: str, sealed: bool, sealer: Sealer | None) -> None:
    data = text.encode("utf-8")
    vault.atomic_write(path, sealer.seal(data) if sealed and sealer else data)


def scrub_snapshots(
    home_root: Path,
    pieces: list[str],
    runs: set[tuple[str, ...]],
    page_ids: set[str],
    dropped: dict[str, dict[str, str]] | None = None,
    lone_names: list[str] | None = None,
    sealer: Sealer | None = None,
) -> int:
    """Rewrite every snapshot: whole pieces everywhere, word runs in the rows and files of
    `page_ids`, and the dropped pages taken out (rows, file, their names elsewhere)."""
    dropped = dropped or {}
    names = sorted({n for d in dropped.values() for n in json.loads(d.get("names", "[]"))}, key=lambda n: (-len(n), n))

    def fix(value, linked: bool):
        if isinstance(value, str):
            for piece in pieces:
                value = value.replace(piece, FORGOTTEN)
            value = _replace_all(value, names)
            return _replace_all(erase.cut_json_runs(value, runs), lone_names or []) if linked else value
        return value

    changed = 0
    for folder in snapshot.list_snapshots(home_root) + sorted(snapshot.snapshots_dir(home_root).glob(".tmp-*")):
        changed += _scrub_snapshot(folder, fix, page_ids, dropped, sealer)
    return changed


def _scrub_snapshot(
    folder: Path,
    fix: Callable[[Any, bool], Any],
    page_ids: set[str],
    dropped: dict[str, dict[str, str]],
    sealer: Sealer | None,
) -> int:
    """One snapshot through `fix` (its rows, then its files); how many of its files changed."""
    manifest_path, tables_path = folder / "manifest.json", folder / "tables.json"
    read = _read_snap(tables_path, sealer)
    listed = _read_snap(manifest_path, sealer)  # sealed too in a snapshot taken before `quire encrypt`
    try:
        manifest = json.loads(listed[0]) if listed else None
        tables = json.loads(read[0]) if read else None
    except ValueError:
        return 0
    if tables is None or read is None or manifest is None or listed is None:
        return 0
    changed = 0
    tables_sealed = read[1]
    files = manifest.get("files", {})
    mine = {files.get(pid) for pid in page_ids if files.get(pid)}
    new_tables: dict[str, list[dict]] = {}
    for table, rows in tables.items():
        column = "id" if table == "pages" else "page_id"
        new_tables[table] = [
            {k: fix(v, r.get(column) in page_ids) for k, v in r.items()} for r in rows if r.get(column) not in dropped
        ]
    for pid in dropped:
        name = files.pop(pid, None)
        if name:
            with contextlib.suppress(OSError):
                (folder / "files" / name).unlink()
    manifest["page_ids"] = [p for p in manifest.get("page_ids", []) if p not in dropped]
    if new_tables != tables:
        _write_snap(tables_path, json.dumps(new_tables, ensure_ascii=False, sort_keys=True), tables_sealed, sealer)
        changed += 1
    _write_snap(manifest_path, json.dumps(manifest, indent=1, sort_keys=True), listed[1], sealer)
    for path in sorted((folder / "files").glob("*")):
        got = _read_snap(path, sealer)
        if got is None:
            continue
        text, sealed = got
        new = fix(text, path.name in mine)
        if new != text:
            _write_snap(path, new, sealed, sealer)
            changed += 1
    return changed


def clear_caches(session, *, keep_plan: bool = False) -> None:
    """The derived files on disk that may hold the memory (its vector, its names): removed (with
    `keep_plan`, the rebuild's plan record and clustering states are kept: they hold nothing of a
    memory that sat on entity pages only); the next command rebuilds them from the rows."""
    folders = {session.home.cache_dir}
    with contextlib.suppress(Exception):
        folders.add(session.state_dir)
    for folder in folders:
        if not folder.is_dir():
            continue
        for pattern in _CACHE_GLOBS:
            if keep_plan and pattern in ("wiki-plan*", "wiki-clusters*"):
                continue
            for path in folder.rglob(pattern):
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    with contextlib.suppress(OSError):
                        path.unlink()
    session._vectors = None


# -- another device ----------------------------------------------------------------------------


def _mark_seen(session, db: Database) -> None:
    last = db.rows("SELECT id, subject_id FROM audit_log WHERE action = 'forget' ORDER BY id DESC LIMIT 1")
    _write_seen(session.state_dir / _SEEN, last[0] if last else None)


def _write_seen(path: Path, row: Any) -> None:
    """The last forget row cleaned up after, with the memory it forgot: the record checks itself
    against the store when read (`_unseen`)."""
    record = {"last": int(row[0]), "memory": str(row[1])} if row is not None else {"last": 0}
    files.private_dir(path.parent)
    vault.atomic_write(path, json.dumps(record))


def _last_seen(path: Path) -> tuple[int, str | None]:
    """The last forget audit row this device cleaned up after and the memory it forgot, as
    `_write_seen` wrote them; anything else there (`{"last": null}`, a list, 1e400: a TypeError or
    OverflowError on every rebuild) is 0: look at every forget again."""
    try:
        found = json.loads(files.read_kept(path, limit=4096) or b"{}")
    except (OSError, ValueError, QuireError):
        return 0, None
    last = found.get("last", 0) if isinstance(found, dict) else 0
    memory = found.get("memory") if isinstance(found, dict) else None
    if type(last) is not int or not 0 <= last < 2**63:
        return 0, None
    return last, memory if isinstance(memory, str) else None


def _unseen(db: Database, path: Path) -> list[Any]:
    """The forget rows since the record's, when the store holds that row as the record says (one
    indexed read); a record the store cannot have written (an id past its last row, 10**18, which
    skipped every forget from then on; a row that is no forget, or forgot another memory: a record
    from another store, or from before a restore) is no record: every forget is looked at again."""
    seen, memory = _last_seen(path)
    query = "SELECT id, subject_id FROM audit_log WHERE action = 'forget' AND id >= ? ORDER BY id"
    rows = db.rows(query, (seen,))
    if seen == 0:
        return list(rows)
    if rows and int(rows[0][0]) == seen and (memory is None or str(rows[0][1]) == memory):
        return list(rows[1:])
    return list(db.rows(query, (0,)))


def clean_device(session) -> int:
    """Catch this device up with the forgets made anywhere since it last looked (one indexed read
    when there are none): the forgotten memories' text out of its vault, snapshots and caches.
    Returns how many forgets it cleaned up after."""
    db: Database = session.db
    settle_moves(session, db)
    path = session.state_dir / _SEEN
    rows = _unseen(db, path)
    if not rows:
        return 0
    if not db.remote:  # right after a restore or a forced pull: before the caches (the plan record) go
        incremental.settle_another_store(session, session.actor)
    ids = {str(r[1]) for r in rows}
    texts = _quoted(session, ids)
    runs = erase.grams(texts)
    if runs:
        root = session.wiki_dir
        if root.is_dir():
            records = vault_sync.load(session.state_dir)
            moved = {}
            dead = erase.not_live(db)  # read once: a server's round trip per page file was the cost
            for file in sorted(root.glob("*.md")):
                done = _rewrite(
                    db,
                    file,
                    lambda text: erase.cut_runs(text, runs - erase.kept_runs(db, text, ids, dead)),
                    actor=session.actor,
                )
                if done:
                    moved[done[0]] = done[1]
            if moved and records:  # a file this device had not changed stays "not changed here"
                vault_sync.save(session.state_dir, {k: moved.get(v, v) for k, v in records.items()})
        everyone = {str(r[0]) for r in db.rows("SELECT id FROM pages")}
        scrub_snapshots(session.home.root, [], runs, everyone, sealer=session.sealer)
    # This device's backups and older database files hold the rows whole: forgotten there as here.
    forget_in_copies(session, sorted(ids), actor=session.actor)
    clear_caches(session)
    _write_seen(path, rows[-1])
    return len(rows)


def _quoted(session, memory_ids: set[str]) -> list[str]:
    """What this device's own copies quote of these memories: the footnotes and map labels of its
    vault files and snapshots (the server no longer holds the text)."""
    out: list[str] = []
    sources: list[str] = []
    root = session.wiki_dir
    if root.is_dir():
        # vault.read_bytes: a FIFO there blocked the forget for ever, a symlink's target was read
        read = [vault.read_bytes(p, outside="skip") for p in sorted(root.glob("*.md"))]
        sources += [raw.decode("utf-8", "replace") for raw in read if raw]
    for folder in snapshot.list_snapshots(session.home.root):
        with contextlib.suppress(StoreError):  # a sealed snapshot without the key: nothing to learn there
            sources += [got[0] for p in sorted((folder / "files").glob("*")) if (got := _read_snap(p, session.sealer))]
        with contextlib.suppress(OSError, ValueError, StoreError):
            got = _read_snap(folder / "tables.json", session.sealer)
            tables = json.loads(got[0]) if got else {}
            sources += [str(r.get("body") or "") for r in tables.get("pages", [])]
            out += [
                str(r.get("label") or "")
                for r in tables.get("page_map_nodes", [])
                if r.get("ref_kind") == "memory" and r.get("ref_id") in memory_ids
            ]
    for text in sources:
        out += erase.quoted_in_page(text, memory_ids)
    return [t for t in out if t]


# -- a forget queued offline (a server home while the server is down) --------------------------

_MOVED = "forget-moved.json"  # per device: vault files an offline forget rewrote, digest before -> after


def scrub_here(session, memory_id: str) -> int:
    """A forget queued while the server is down: its text leaves this device's vault files and
    snapshots at once (forgetting is a privacy action; the server erases the rows at the sync).
    What to cut is read from the replica (the memory's text, the pages citing it) and from the
    files' own footnotes. The store cannot be written here, so the digests of the files rewritten
    are kept (`forget-moved.json`) and recorded as quire's own writes when the server answers
    (`settle_moves`): the next rebuild takes none of them for a hand edit. Returns the files changed."""
    ids = {memory_id}
    content, pieces, cited, linked, dead = "", [], set(), set(), set(ids)
    try:
        db = session.db  # the replica: the caller runs this as a read
        row = db.one("SELECT content FROM memories WHERE id = ?", (memory_id,))
        content = str(row["content"]) if row is not None and row["content"] != FORGOTTEN else ""
        pieces = _rendered(db, memory_id, content) if content else []
        cited = {str(r[0]) for r in db.rows("SELECT page_id FROM page_sources WHERE memory_id = ?", (memory_id,))}
        linked = _slugs(db, cited)
        dead |= erase.not_live(db)
    except Unreachable:  # no replica on this device yet: what the files' own footnotes quote of it
        db = None
    runs = erase.grams([*_quoted(session, ids), *([content] if content else [])])
    moved = 0
    root = session.wiki_dir
    for path in sorted(root.glob("*.md")) if root.is_dir() else []:
        if not path.is_file():
            continue

        def change(text: str, mine: bool = path.stem in linked) -> str:
            text = _replace_all(text, pieces)
            if mine or memory_id in text:  # a page citing it (here or in the replica): its runs go too
                text = erase.cut_runs(text, runs - erase.kept_runs(cast(Database, db), text, ids, dead))
            return text

        moved += _rewrite_here(session, path, change)
    if db is None:  # which pages cite it is not known here: the runs are cut from every page, as clean_device does
        cited = _snapshot_page_ids(session)
    scrub_snapshots(session.home.root, pieces, runs, cited, sealer=session.sealer)
    return moved


def _snapshot_page_ids(session) -> set[str]:
    out: set[str] = set()
    for folder in snapshot.list_snapshots(session.home.root):
        with contextlib.suppress(OSError, ValueError, StoreError):
            got = _read_snap(folder / "manifest.json", session.sealer)
            out |= {str(p) for p in (json.loads(got[0]).get("page_ids") or [])} if got else set()
    return out


def _rewrite_here(session, path: Path, change: Callable[[str], str]) -> int:
    """One vault file rewritten without the store (offline): the move (file, digest before, after) is
    recorded first, so a process killed between the two leaves a record `settle_moves` checks against
    the file, never a rewritten file nobody recorded (the next rebuild took it for a hand edit)."""
    old = vault.read_bytes(path, outside="skip")
    if old is None:
        return 0
    try:
        text = old.decode("utf-8")
    except UnicodeDecodeError:
        return 0
    new = change(text)
    if new == text:
        return 0
    before, after = vault.digest(old), vault.digest(new)
    record = session.home.cache_dir / _MOVED  # the vault is the home's, whichever server it shares
    files.private_dir(record.parent)
    vault.atomic_write(record, json.dumps([*_moves(record), [path.name, before, after]]))
    vault.atomic_write(path, new)
    with contextlib.suppress(Unreachable):  # the store's id never learnt on this device: no record yet
        seen = vault_sync.load(session.state_dir)
        if seen:  # a file this device had not changed stays "not changed here"
            vault_sync.save(session.state_dir, {k: after if v == before else v for k, v in seen.items()})
    return 1


def _moves(path: Path) -> list[list[str]]:
    try:
        found = json.loads(files.read_kept(path, limit=64 << 20) or b"[]")
    except (OSError, ValueError, QuireError):
        return []
    if not isinstance(found, list):
        return []
    return [[str(x) for x in m] for m in found if isinstance(m, list) and len(m) == 3]


def _done_moves(root: Path, moves: list[list[str]]) -> list[tuple[str, str]]:
    """The recorded moves the files on disk went through: of each file's moves in order, those up to
    the one whose result the file holds now (one recorded but killed before its write is left out)."""
    out: list[tuple[str, str]] = []
    for name in dict.fromkeys(m[0] for m in moves):
        mine = [(b, a) for n, b, a in moves if n == name]
        try:  # a name no page can have (a person's own note, a record tampered with): no page row moved
            raw = vault.read_bytes(vault.page_path(root, name.removesuffix(".md"), allow_index=True), outside="skip")
        except (QuireError, OSError):
            continue
        now = vault.digest(raw) if raw is not None else None
        last = max((i for i, (_, a) in enumerate(mine) if a == now), default=-1)
        out += mine[: last + 1]
    return out


def settle_moves(session, db: Database) -> None:
    """The vault files an offline forget rewrote, recorded as what quire wrote and saw (the store
    answers again): run before a forget or a rebuild reads the vault."""
    path = session.home.cache_dir / _MOVED
    if isinstance(db, ReplicaDatabase) or not path.exists():  # a read on the replica writes nothing
        return
    moved = _done_moves(session.wiki_dir, _moves(path))
    if moved:
        with db.transaction():
            for before, after in moved:
                for column in ("seen_hash", "written_hash", "prev_hash"):
                    db.execute(f"UPDATE pages SET {column} = ? WHERE {column} = ?", (after, before))
                audit.record(db, session.actor, "forget_file", "page_file", "offline", hash=after, before=before)
    path.unlink(missing_ok=True)
