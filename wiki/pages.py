"""Pages as rows and files: history, changelog, hand edits, page revisions from the review queue.

Hand edits are sacred. quire keeps the hash of the bytes it last wrote (`written_hash`) and of the
bytes it last saw (`seen_hash`). A file that differs from `seen_hash` was changed by a person:
the new text is recorded (page_history, changelog, audit `fs_edit`) and the page becomes
human-owned, after which a rebuild only proposes (a `page_revision` review item) and never
overwrites. A page file a person deleted is a decision too: it is recorded (`fs_delete`) and the
page is not recreated until the person runs `quire page restore SLUG` (or puts a file back).
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from typing import Any

from memory import audit, clock, erase, files, frontmatter, gate, review, spaces
from memory.db import Database, dicts_in
from memory.errors import InvalidInput, NotFound
from memory.tokens import fold, name_key, terms, words
from wiki import merge, vault

CHANGELOG_CAP = 20
# Changelog entries a person caused; the FIFO cap never drops them.
HUMAN_EDITORS = frozenset({"fs_edit", "fs_delete", "revision_accept", "revision_dismiss", "restore"})
# `[[target]]`, `[[target|alias]]`, `[[target#heading]]`: the target alone names the page (the
# linter reads a page's links with it too).
WIKILINK = re.compile(r"\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]")

_COLUMNS = (
    "id, key, slug, kind, title, space, entity, summary, body, input_hash, written_hash, seen_hash, "
    "prev_hash, pending_write, proposed_hash, owner, version, status, created_at, updated_at, former_titles"
)
MAX_FORMER_TITLES = 10


@dataclass(frozen=True)
class Page:
    id: str
    key: str
    slug: str
    kind: str
    title: str
    space: str | None
    entity: str | None
    summary: str
    body: str
    input_hash: str
    written_hash: str | None
    seen_hash: str | None
    prev_hash: str | None
    pending_write: bool
    proposed_hash: str | None
    owner: str
    version: int
    status: str
    created_at: str
    updated_at: str
    former_titles: str = "[]"  # JSON list: the titles it had before, newest last

    @property
    def filename(self) -> str:
        return f"{self.slug}.md"

    def path(self, root: Path) -> Path:
        return vault.page_path(root, self.slug, allow_index=self.kind == "index")


_PAGE_DEFAULTS = {f.name: f.default for f in fields(Page) if f.default is not MISSING}


def _page(row: dict[str, Any]) -> Page:
    # The row's columns are the fields (_COLUMNS): set in one dict update, not the frozen
    # __init__'s setattr per field (a rebuild reads every page row twice).
    page = object.__new__(Page)
    d = page.__dict__
    d.update(_PAGE_DEFAULTS)
    d.update(row)
    d["pending_write"] = bool(row["pending_write"])
    return page


def titles_before(row: Page | None, title: str) -> tuple[str, ...]:
    """The titles a page had before `title` (what its aliases keep so old links resolve)."""
    if row is None:
        return ()
    try:
        kept = [str(t) for t in json.loads(row.former_titles or "[]") if isinstance(t, str)]
    except ValueError:
        kept = []
    if row.version > 0 and row.title and row.title != title:
        kept.append(row.title)
    out: list[str] = []
    for t in reversed(kept):  # newest first, each once, never the current title
        if t.casefold() != title.casefold() and t.casefold() not in {o.casefold() for o in out}:
            out.append(t)
    return tuple(reversed(out[:MAX_FORMER_TITLES]))


def get(db: Database, slug: str) -> Page:
    row = db.one(f"SELECT {_COLUMNS} FROM pages WHERE slug = ?", (slug,))
    if row is None:
        raise NotFound(f"no page {slug!r}; list pages with `quire pages`")
    return _page(row)


def by_id(db: Database, page_id: str) -> Page:
    row = db.one(f"SELECT {_COLUMNS} FROM pages WHERE id = ?", (page_id,))
    if row is None:
        raise NotFound(f"no page with id {page_id!r}; list pages with `quire pages`")
    return _page(row)


def all_pages(db: Database, *, bodies: bool = True) -> list[Page]:
    """Every page row; with `bodies=False` each body reads "" (a rebuild's plan needs the few it
    writes back or puts in the review queue, and reads those again with `by_id`)."""
    columns = _COLUMNS if bodies else _COLUMNS.replace(" body,", " '' AS body,")
    return [_page(r) for r in db.dicts(f"SELECT {columns} FROM pages ORDER BY slug")]


def by_ids(db: Database, page_ids: Iterable[str]) -> dict[str, Page]:
    """These page rows by id, without their bodies (see `all_pages`)."""
    columns = _COLUMNS.replace(" body,", " '' AS body,")
    return {
        r["id"]: _page(r)
        for r in dicts_in(db, f"SELECT {columns} FROM pages WHERE id IN ({{marks}})", sorted(set(page_ids)))
    }


def stamp_rows(db: Database) -> list[tuple[str, str, str, str | None, bool]]:
    """(id, slug, kind, the hash its file should have (None when it should be absent), whether that
    is quire's own text) of every page quire wrote once: what the incremental plan's file stamps
    are checked against."""
    return [
        (r[0], r[1], r[2], r[3] if r[4] == "active" else None, machine_written(r[5], r[3], r[6]))
        for r in db.rows("SELECT id, slug, kind, seen_hash, status, owner, written_hash FROM pages WHERE version > 0")
    ]


def machine_written(owner: str, seen_hash: str | None, written_hash: str | None) -> bool:
    """Whether the page's file, as quire last saw it, is what quire wrote (not a person's text)."""
    return owner == "machine" and seen_hash is not None and seen_hash == written_hash


# -- history and changelog ---------------------------------------------------------------------


def add_history(db: Database, page_id: str, version: int, body: str, *, edited_by: str, input_hash: str = "") -> None:
    """Every version is kept (uncapped, append-only by trigger)."""
    db.execute(
        "INSERT INTO page_history(page_id, version, body, body_hash, input_hash, edited_by, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (page_id, version, body, vault.digest(body), input_hash, edited_by, clock.now_iso()),
    )


def add_changelog(db: Database, page_id: str, version: int, *, edited_by: str, summary: str) -> None:
    """Append an entry, then drop the oldest machine entries beyond 20; a person's entries stay."""
    human = edited_by in HUMAN_EDITORS
    db.execute(
        "INSERT INTO page_changelog(page_id, version, at, edited_by, human, summary) VALUES (?, ?, ?, ?, ?, ?)",
        (page_id, version, clock.now_iso(), edited_by, int(human), summary),
    )
    excess = int(db.scalar("SELECT count(*) FROM page_changelog WHERE page_id = ?", (page_id,))) - CHANGELOG_CAP
    if excess > 0:
        db.execute(
            "DELETE FROM page_changelog WHERE id IN (SELECT id FROM page_changelog WHERE page_id = ? AND human = 0 "
            "ORDER BY id LIMIT ?)",
            (page_id, excess),
        )


def changelog(db: Database, page_id: str) -> list[dict[str, Any]]:
    return db.dicts(
        "SELECT version, at, edited_by, human, summary FROM page_changelog WHERE page_id = ? ORDER BY id", (page_id,)
    )


def history(db: Database, page_id: str) -> list[dict[str, Any]]:
    return db.dicts(
        "SELECT version, body_hash, input_hash, edited_by, created_at, length(body) AS chars "
        "FROM page_history WHERE page_id = ? ORDER BY version",
        (page_id,),
    )


def set_sources(db: Database, page_id: str, memory_ids: list[str] | tuple[str, ...]) -> None:
    db.execute("DELETE FROM page_sources WHERE page_id = ?", (page_id,))
    db.executemany(
        "INSERT INTO page_sources(page_id, marker, memory_id) VALUES (?, ?, ?)",
        [(page_id, n, mid) for n, mid in enumerate(memory_ids, start=1)],
    )


# -- hand edits --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScanReport:
    edits: tuple[str, ...] = ()  # slugs a person edited (recorded now)
    deletions: tuple[str, ...] = ()  # slugs a person deleted (recorded now)
    repairs: tuple[str, ...] = ()  # page ids an interrupted rebuild left half-written (to rewrite)
    finished_removals: int = 0
    secrets: tuple[str, ...] = ()  # one line per edit that held a credential (kept redacted)


def _text(raw: bytes, slug: str) -> tuple[str, list[str]]:
    """A hand-edited page file as the text quire keeps of it, and what the person should know: a
    file that is not UTF-8 (a Latin-1 é) is kept with U+FFFD in its place and named, and a NUL is
    dropped and named (the driver cut the text at it: everything after was lost without a word).
    The file itself stays as the person left it."""
    notes = []
    try:
        text = files.decode(raw)
    except InvalidInput as exc:
        text = raw.decode("utf-8", errors="replace")
        notes.append(f"{slug}: the hand edit is {exc}; quire's copy has U+FFFD in place of those bytes")
    if "\x00" in text:
        notes.append(f"{slug}: the hand edit holds {text.count(chr(0))} NUL character(s); quire's copy leaves them out")
        text = text.replace("\x00", "")
    return text, notes


def scan(
    db: Database, root: Path, *, actor: str, only: str | None = None, only_ids: set[str] | None = None
) -> ScanReport:
    """Compare every page file with what quire last saw; record what a person changed.

    `only` limits the scan to one page id (used before applying a revision), `only_ids` to those
    (the files whose stat changed since the last rebuild, wiki.incremental).
    """
    edits, deletions, repairs, secrets = [], [], [], []
    removed = 0
    # Without the bodies (most files are as quire saw them): _record_edit reads the one it needs.
    columns = _COLUMNS.replace(" body,", " '' AS body,")
    if only_ids is not None:
        found = dicts_in(db, f"SELECT {columns} FROM pages WHERE version > 0 AND id IN ({{marks}})", sorted(only_ids))
        rows = sorted(found, key=lambda r: r["slug"])
    else:
        where, params = ("WHERE version > 0 AND id = ?", (only,)) if only else ("WHERE version > 0", ())
        rows = db.dicts(f"SELECT {columns} FROM pages {where} ORDER BY slug", params)
    for page in [_page(r) for r in rows]:
        path = page.path(root)
        raw = vault.read_bytes(path)
        seen = vault.digest(raw) if raw is not None else None
        if page.status == "removed":
            if raw is not None and page.pending_write and seen in (page.written_hash, page.prev_hash):
                vault.remove(path)  # a removal the last rebuild did not get to finish
                removed += 1
            continue
        if page.status == "deleted":
            if raw is not None:  # the person put a file back: theirs, and the page lives again
                secrets += _record_edit(db, page, raw, actor=actor, revived=True)
                edits.append(page.slug)
            continue
        if page.pending_write and (raw is None or seen == page.prev_hash):
            repairs.append(page.id)  # our own write was interrupted: not a person's doing
            continue
        if raw is None:
            _record_delete(db, page, actor=actor)
            deletions.append(page.slug)
        elif seen != page.seen_hash and not _resaved(db, page, raw, actor=actor):
            secrets += _record_edit(db, page, raw, actor=actor)
            edits.append(page.slug)
    return ScanReport(tuple(edits), tuple(deletions), tuple(repairs), removed, tuple(secrets))


def _resaved(db: Database, page: Page, raw: bytes, *, actor: str) -> bool:
    """The page's own text saved again with CRLF or CR line endings or a BOM (an editor on Windows,
    git's autocrlf, a sync tool): not a person's edit. What quire saw becomes this file, the page
    stays the machine's (or the person's) as it was, and the next write puts quire's bytes back.
    (The same text with LF on a device that shares the server with the one that saved it with CRLF
    is the same case the other way round.)"""
    try:
        text = files.decode(raw)
    except InvalidInput:
        return False
    if text.replace("\r\n", "\n").replace("\r", "\n") != db.scalar("SELECT body FROM pages WHERE id = ?", (page.id,)):
        return False
    with db.transaction():
        db.execute("UPDATE pages SET seen_hash = ? WHERE id = ?", (vault.digest(raw), page.id))
        audit.record(db, actor, "fs_resave", "page", page.id, slug=page.slug, after_hash=vault.digest(raw))
    return True


def held_secrets(slug: str, text: str) -> tuple[str, list[str]]:
    """`text` with every credential redacted, and the line that says so (none when it held none):
    a key pasted into a page file stays in that file, the person's, but never enters quire's copy
    (the pages table, its history, snapshots, other devices, page_read for agents)."""
    kinds = sorted({kind for kind, _, _ in gate.find_credentials(text)})
    if not kinds:
        return text, []
    note = f"{slug}: the hand edit holds a credential ({', '.join(kinds)}); quire keeps it redacted"
    return gate.redact(text), [note + ", remove it from the file"]


def _record_edit(db: Database, page: Page, raw: bytes, *, actor: str, revived: bool = False) -> list[str]:
    """Record a person's edit of a page file; the lines about credentials it held (kept redacted)."""
    text, notes = _text(raw, page.slug)
    text = erase.scrub_page_text(db, text)  # an edit of a stale file keeps no forgotten text
    text, secrets = held_secrets(page.slug, text)
    secrets = notes + secrets
    seen = vault.digest(raw)
    page = by_id(db, page.id)  # with its body (scan reads none)
    with db.transaction():
        version = page.version + 1
        db.execute(
            "UPDATE pages SET body = ?, seen_hash = ?, owner = 'human', status = 'active', pending_write = 0, "
            "prev_hash = NULL, version = ?, updated_at = ? WHERE id = ?",
            (text, seen, version, clock.now_iso(), page.id),
        )
        add_history(db, page.id, version, text, edited_by="fs_edit")
        added, dropped = _line_delta(page.body, text)
        summary = f"edited by hand (+{added} -{dropped} lines)" + ("; file put back after deletion" if revived else "")
        add_changelog(db, page.id, version, edited_by="fs_edit", summary=summary)
        audit.record(
            db,
            actor,
            "fs_edit",
            "page",
            page.id,
            slug=page.slug,
            before_hash=page.seen_hash,
            after_hash=seen,
            version=version,
            revived=revived,
        )
    return secrets


def _record_delete(db: Database, page: Page, *, actor: str) -> None:
    with db.transaction():
        version = page.version + 1
        db.execute(
            "UPDATE pages SET status = 'deleted', owner = 'human', seen_hash = NULL, pending_write = 0, "
            "prev_hash = NULL, "
            "version = ?, updated_at = ? WHERE id = ?",
            (version, clock.now_iso(), page.id),
        )
        add_history(db, page.id, version, "", edited_by="fs_delete")
        add_changelog(
            db,
            page.id,
            version,
            edited_by="fs_delete",
            summary=f"file deleted by hand; not recreated until `quire page restore {page.slug}`",
        )
        audit.record(
            db, actor, "fs_delete", "page", page.id, slug=page.slug, before_hash=page.seen_hash, version=version
        )


def _line_delta(old: str, new: str) -> tuple[int, int]:
    added = dropped = 0
    for line in difflib.ndiff(old.splitlines(), new.splitlines()):
        if line.startswith("+ "):
            added += 1
        elif line.startswith("- "):
            dropped += 1
    return added, dropped


def diff(old: str, new: str, *, limit: int = 200) -> str:
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), "current", "proposed", lineterm="", n=1))
    if len(lines) > limit:
        lines = [*lines[:limit], f"... {len(lines) - limit} more diff lines"]
    return "\n".join(lines)


# -- page revisions (the review queue calls these) ---------------------------------------------


def queue_revision(
    db: Database,
    page: Page,
    *,
    proposed: str,
    input_hash: str,
    sources: list[str],
    action: str,
    reason: str,
    actor: str,
) -> int | None:
    """Put the machine's proposal for a human-owned page into the review queue (once per proposal).

    A page to write is proposed with the person's edits carried in (`wiki.merge`: a three-way
    merge with the machine's text they edited), so accepting it adds what changed and keeps their
    edit; the machine's own text rides along (`machine`), the base of the next merge."""
    if page.proposed_hash == input_hash:
        return None
    machine, merged = proposed, None
    base = machine_base(db, page.id) if action == "write" and proposed else None
    if base is not None and base != page.body:
        merged = merge.merge(base, page.body, proposed)
        proposed = merged.text if merged.kept else proposed
    with db.transaction():
        item = review.enqueue(
            db,
            "page_revision",
            [page.id],
            {
                "page_id": page.id,
                "slug": page.slug,
                "title": page.title,
                "action": action,
                "reason": reason,
                "old": page.body,
                "new": proposed,
                "input_hash": input_hash,
                "sources": list(sources),
                "base_version": page.version,
                "diff": diff(page.body, proposed),
                "machine": machine,
                "merged": bool(merged and merged.kept),
                "overlaps": merged.overlaps if merged else 0,
            },
            actor=actor,
        )
        db.execute(
            "UPDATE pages SET proposed_hash = ?, updated_at = ? WHERE id = ?", (input_hash, clock.now_iso(), page.id)
        )
    return item


def machine_base(db: Database, page_id: str) -> str | None:
    """The machine's text a person's page was edited from: the page the last rebuild (or rollback,
    which puts back only machine pages) wrote, or the machine's text of the revision accepted last
    (what its merge was made from); None if none."""
    rows = db.rows(
        "SELECT body, edited_by FROM page_history WHERE page_id = ? AND body != '' "
        "AND edited_by IN ('rebuild', 'revision_accept', 'rollback') ORDER BY version DESC, id DESC LIMIT 1",
        (page_id,),
    )
    if not rows:
        return None
    body, by = rows[0]
    accepted = review.last_accepted(db, "page_revision", [page_id]) if by == "revision_accept" else None
    return str(accepted.get("machine", accepted.get("new", body))) if accepted else str(body)


def _payload(item: Any) -> dict[str, Any]:
    payload = item.payload if hasattr(item, "payload") else item["payload"]
    if isinstance(payload, str):
        import json

        payload = json.loads(payload)
    return dict(payload)


def apply_revision(db: Database, item: Any, root: Path, *, actor: str = "review") -> str:
    """Accept a page revision: write the proposed text; the page is machine-owned again, or stays
    the person's when the proposal carries their edits (`merged`).

    An `edited_text` in the payload (the person rewrote the proposal) is written instead and the
    page stays human-owned. Any unrecorded hand edit is saved to history first.
    """
    payload = _payload(item)
    page = by_id(db, str(payload.get("page_id") or ""))
    scan(db, root, actor=actor, only=page.id)
    page = by_id(db, page.id)
    path = page.path(root)
    edited = payload.get("edited_text")
    version = page.version + 1
    now = clock.now_iso()
    with db.transaction():
        if payload.get("action") == "remove" and edited is None:
            vault.remove(path)
            db.execute(
                "UPDATE pages SET status = 'removed', owner = 'machine', seen_hash = NULL, pending_write = 0, "
                "proposed_hash = NULL, input_hash = ?, version = ?, updated_at = ? WHERE id = ?",
                (payload.get("input_hash", ""), version, now, page.id),
            )
            set_sources(db, page.id, [])
            add_history(db, page.id, version, "", edited_by="revision_accept")
            add_changelog(db, page.id, version, edited_by="revision_accept", summary="removal accepted in review")
            audit.record(db, actor, "page_revision_apply", "page", page.id, slug=page.slug, change="remove")
            return f"removed {page.filename}"
        text = str(edited if edited is not None else payload.get("new", ""))
        if not text.strip():
            raise InvalidInput(f"review item for {page.slug} has no proposed text; dismiss it instead")
        mine = edited is not None or bool(payload.get("merged"))
        if edited is None and not payload.get("take_machine") and page.body != payload.get("old", page.body):
            # Edited again since the proposal was made: the newer edit is carried in, not overwritten.
            later = merge.merge(str(payload.get("old", "")), page.body, text)
            text, mine = later.text, mine or later.kept
        vault.atomic_write(path, text)
        owner = "human" if mine else "machine"
        written = vault.digest(text)
        db.execute(
            "UPDATE pages SET body = ?, written_hash = ?, seen_hash = ?, owner = ?, status = 'active', "
            "pending_write = 0, "
            "prev_hash = NULL, proposed_hash = NULL, input_hash = ?, version = ?, updated_at = ? WHERE id = ?",
            (text, written, written, owner, payload.get("input_hash", ""), version, now, page.id),
        )
        if payload.get("sources") is not None:
            set_sources(db, page.id, list(payload["sources"]))
        add_history(db, page.id, version, text, edited_by="revision_accept", input_hash=payload.get("input_hash", ""))
        add_changelog(
            db,
            page.id,
            version,
            edited_by="revision_accept",
            summary="machine revision accepted in review" + (" (edited)" if edited is not None else ""),
        )
        audit.record(db, actor, "page_revision_apply", "page", page.id, slug=page.slug, owner=owner, hash=written)
    return f"wrote {page.filename}; the page is {owner}-owned"


def dismiss_revision(db: Database, item: Any, *, actor: str = "review") -> str:
    """Dismiss a page revision: the person's text stays; the same proposal is not queued again."""
    payload = _payload(item)
    page = by_id(db, str(payload.get("page_id") or ""))
    with db.transaction():
        add_changelog(
            db,
            page.id,
            page.version,
            edited_by="revision_dismiss",
            summary="machine revision dismissed; the page keeps its text",
        )
        audit.record(
            db, actor, "page_revision_dismiss", "page", page.id, slug=page.slug, input_hash=payload.get("input_hash")
        )
    return f"{page.filename} keeps its text"


def retire_slug(db: Database, page_id: str, slug: str, *, heir: str, heir_slug: str, actor: str) -> None:
    """A page the wiki no longer keeps hands its slug (`heir_slug`) on to the page that is its heir
    (wiki/heirs.py: a new page, or a removed one come back, whose row then takes it) and keeps
    `slug` from now on (call in the rebuild's transaction, before the heir's row is written). A
    changelog line and an audit row say where the old slug went."""
    old = db.scalar("SELECT slug FROM pages WHERE id = ?", (page_id,))
    had = db.scalar("SELECT slug FROM pages WHERE id = ?", (heir,))
    if had is not None:  # the heir's own slug may be the one the old page takes: free it first
        db.execute("UPDATE pages SET slug = ? WHERE id = ?", (f"~{heir}", heir))
    db.execute("UPDATE pages SET slug = ? WHERE id = ?", (slug, page_id))
    if had is not None:
        db.execute("UPDATE pages SET slug = ? WHERE id = ?", (heir_slug, heir))
    version = int(db.scalar("SELECT version FROM pages WHERE id = ?", (page_id,)) or 0)
    add_changelog(db, page_id, version, edited_by="rebuild", summary=f"{old}.md went to its heir; this page is {slug}")
    audit.record(db, actor, "page_slug_inherited", "page", page_id, slug=slug, before=old, heir=heir)


def restore(db: Database, slug: str, *, actor: str) -> bool:
    """Undo a person's deletion of a page file: the next rebuild writes it again (machine-owned). By
    slug: the caller reads a title or file name with `resolve`, once, for its own message too."""
    page = get(db, slug)
    if page.status != "deleted":
        return False
    with db.transaction():
        # pending_write: quire owes this file a write, so its absence is not read as a new deletion.
        db.execute(
            "UPDATE pages SET status = 'active', owner = 'machine', input_hash = '', seen_hash = NULL, "
            "prev_hash = NULL, pending_write = 1, proposed_hash = NULL, updated_at = ? WHERE id = ?",
            (clock.now_iso(), page.id),
        )
        add_changelog(db, page.id, page.version, edited_by="restore", summary="restored; the next rebuild writes it")
        audit.record(db, actor, "page_restore", "page", page.id, slug=slug)
    return True


# -- reading -----------------------------------------------------------------------------------


def listing(db: Database, *, limit: int | None = None, offset: int = 0) -> list[dict[str, Any]]:
    """Every page but the index, for `quire pages` (or `limit` of them from `offset`: one screen)."""
    # The screenful is chosen first, then only its sources counted (counting every page's sources
    # before the sort took 160 ms at 14k pages).
    rows = db.dicts(
        "SELECT p.slug, p.title, p.space, p.kind, p.owner, p.status, p.version, p.updated_at, "
        "(SELECT count(*) FROM page_sources s WHERE s.page_id = p.id) AS sources FROM ("
        "SELECT id, slug, title, space, kind, owner, status, version, updated_at FROM pages WHERE kind != 'index' "
        "ORDER BY coalesce(space, ''), slug LIMIT ? OFFSET ?) p ORDER BY coalesce(p.space, ''), p.slug",
        (-1 if limit is None else limit, offset),
    )
    return rows


def listed(db: Database) -> int:
    """How many pages `listing` lists."""
    return int(db.scalar("SELECT count(*) FROM pages WHERE kind != 'index'"))


def details(db: Database, slug: str, root: Path) -> dict[str, Any]:
    """A page (by slug, title or file name) with its sources (and their current status), changelog,
    history and open revisions."""
    page = get(db, resolve(db, slug))
    sources = db.dicts(
        "SELECT ps.marker, ps.memory_id, m.memory_type AS type, m.status, m.valid_from FROM page_sources ps "
        "LEFT JOIN memories m ON m.id = ps.memory_id WHERE ps.page_id = ? ORDER BY ps.marker",
        (page.id,),
    )
    open_items = db.rows(
        "SELECT id FROM review_queue WHERE kind = 'page_revision' AND status IN ('pending','awaiting_review') "
        "AND instr(subject_ids, ?) > 0 ORDER BY id",
        (f'"{page.id}"',),
    )
    return {
        "slug": page.slug,
        "id": page.id,
        "title": page.title,
        "space": page.space,
        "kind": page.kind,
        "entity": page.entity,
        "owner": page.owner,
        "status": page.status,
        "version": page.version,
        "path": str(page.path(root)),
        "summary": page.summary,
        "updated_at": page.updated_at,
        "sources": sources,
        "changelog": changelog(db, page.id),
        "history": history(db, page.id),
        "open_revisions": [r[0] for r in open_items],
        "body": page.body,
    }


def without_memories(text: str, markers: Iterable[int], ids: Iterable[str], contents: Iterable[str]) -> str:
    """`text` (a page's body or summary) with every line that shows one of these memories left out:
    a line citing its marker ([^mN], the footnote too), the Sources line naming its id, a line that
    quotes its opening words, and a map label that is the start of its text (labels are cut with
    "…", and carry no marker)."""
    cites = tuple(f"[^m{int(n)}]" for n in markers)
    names = tuple(ids)
    starts = [c.strip() for c in contents if c.strip()]
    openings = [c[:40] for c in starts if len(c) >= 12]

    def shows(line: str) -> bool:
        label = line.strip().rstrip("…").strip()
        return (
            any(c in line for c in cites)
            or any(i in line for i in names)
            or any(o in line for o in openings)
            or (len(label) >= 12 and any(c.startswith(label) for c in starts))
        )

    return "\n".join(line for line in text.split("\n") if not shows(line))


def cited_by(db: Database, memory_id: str) -> list[dict[str, Any]]:
    """The pages that cite a memory, with the marker it has on each ([N] in the body)."""
    return db.dicts(
        "SELECT p.slug, p.title, ps.marker FROM page_sources ps JOIN pages p ON p.id = ps.page_id "
        "WHERE ps.memory_id = ? AND p.kind != 'index' ORDER BY p.slug",
        (memory_id,),
    )


def find_slug(db: Database, ref: str) -> str | None:
    """The slug a person or agent means by `ref`: a slug, a file name (`ledger-service.md`, with or
    without a folder), a title in any case ("Ledger Service"), or the link Obsidian copies
    (`[[ledger-service|alias]]`, `[[ledger-service#Heading]]`); None when no page matches."""
    ref = ref.strip()
    link = WIKILINK.fullmatch(ref)
    if link is not None:
        ref = link.group(1).strip()
    name = ref.replace("\\", "/").rsplit("/", 1)[-1]
    stem = name[:-3] if name.lower().endswith(".md") else name
    # Folded too: a fullwidth "ｌｅｄｇｅｒ" names the page "ledger" as the plain word does; NFC: a
    # file name macOS lists decomposed ("москва" with a combining breve) names the page "москва".
    nfc = unicodedata.normalize("NFC", stem)
    for candidate in dict.fromkeys((ref, stem, stem.lower(), nfc, nfc.lower(), fold(stem).lower())):
        if db.scalar("SELECT 1 FROM pages WHERE slug = ?", (candidate,)) is not None:
            return candidate
    # A title: a page's now, then one it had (a renamed page answers to its old name, as its aliases
    # do in the vault), then a removed page's (`quire page show` of a page gone still finds it).
    folded = name_key(ref)
    rows = db.rows("SELECT slug, title, status, former_titles FROM pages ORDER BY kind = 'index', slug")
    live = [r for r in rows if r[2] == "active"]
    for slug, title, _, _ in live:
        if name_key(str(title)) == folded:
            return str(slug)
    for slug, _, _, former in live:
        if any(name_key(t) == folded for t in _former(former)):
            return str(slug)
    return next((str(slug) for slug, title, _, _ in rows if name_key(str(title)) == folded), None)


def _former(raw: str | None) -> list[str]:
    try:
        found = json.loads(raw or "[]")
    except ValueError:
        return []
    return [t for t in found if isinstance(t, str)] if isinstance(found, list) else []


def resolve(db: Database, ref: str) -> str:
    """The slug of the page `ref` names (`find_slug`), else NotFound naming the way to find one: every
    command that takes a page (show, restore, map and its changes) reads the same three names."""
    slug = find_slug(db, ref)
    if slug is None:
        raise NotFound(f"no page {ref!r} (by slug, title or file name); list pages with `quire pages`")
    return slug


# -- search ------------------------------------------------------------------------------------

# A query word in the title counts most, then in the summary; body mentions count up to five.
TITLE_WEIGHT = 3.0
SUMMARY_WEIGHT = 2.0
BODY_MENTIONS = 5


def search(db: Database, query: str, *, space: str | None = None, k: int = 10) -> dict[str, Any]:
    """Pages (the index excepted) matching the words of `query`, best first: slug, title, summary,
    score (mean over the query's words) and the words that matched. `space`: only its pages
    ('uncategorized' = pages of no space). Pages are few (one per cluster or entity), so a scan
    is exact and fast; no model is loaded."""
    wanted = terms(query)
    sql = (
        "SELECT slug, title, space, kind, summary, body, owner, updated_at FROM pages "
        "WHERE kind != 'index' AND status = 'active'"
    )
    args: tuple[Any, ...] = ()
    if space is not None:
        if space.lower() == spaces.UNCATEGORIZED:
            sql += " AND space IS NULL"
        else:
            sql += " AND space = ?"
            args = (spaces.require(db, space),)
    results = []
    for row in db.dicts(sql, args):
        counts = {name: _word_counts(row[name]) for name in ("title", "summary", "body")}
        counts["title"] = _word_counts(" ".join([row["title"] or "", *_aliases(row["body"])]))
        matched = [w for w in wanted if any(w in c for c in counts.values())]
        if not matched:
            continue
        results.append(
            {
                "slug": row["slug"],
                "title": row["title"],
                "space": row["space"],
                "kind": row["kind"],
                "summary": row["summary"],
                "owner": row["owner"],
                "updated_at": row["updated_at"],
                "score": round(_score(counts, matched) / max(len(wanted), 1), 4),
                "matched": matched,
            }
        )
    results.sort(key=lambda r: (-r["score"], r["slug"]))
    return {"query": query, "terms": wanted, "results": results[:k]}


def _aliases(body: str | None) -> list[str]:
    """A page's frontmatter aliases: names it answers to as to its title (About me to the person's own
    name, a renamed page to its former title); none where the frontmatter does not parse."""
    if not body or "aliases:" not in body:
        return []
    try:
        return frontmatter.read(body).texts("aliases")
    except InvalidInput:
        return []


def _score(counts: dict[str, dict[str, int]], matched: list[str]) -> float:
    return sum(
        TITLE_WEIGHT * min(counts["title"].get(w, 0), 1)
        + SUMMARY_WEIGHT * min(counts["summary"].get(w, 0), 1)
        + min(counts["body"].get(w, 0), BODY_MENTIONS) / BODY_MENTIONS
        for w in matched
    )


def _word_counts(text: str | None) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in words(text or ""):
        counts[word] = counts.get(word, 0) + 1
    return counts
