"""Heirs: a new page that takes the file name of a page the wiki no longer keeps.

Pages are keyed by how the wiki groups memories (an entity, a cluster's first member, a Notes
bucket); a regrouping (a cluster's first member forgotten, an upgraded home that keys pages
otherwise) makes the same page under a new key. Its old row keeps its slug (`pages.slug` is unique
over removed rows too), so the new page was `music-2.md` where `music.md` had been, and a person's
links and bookmarks to `music.md` broke. A new page is the heir of an old one, and takes its slug
(the old row gets a numbered one, `pages.retire_slug`), when

- it has the old page's title (same space, case and spacing aside), or
- it is the one new entity or cluster page that mostly holds the memories of one this run removes
  (Jaccard at least `pagemap.RECLUSTER_JACCARD`, same space: a cluster re-keyed, an entity renamed
  when the note it came from was; a Notes page split by year is no rename), whose map decisions
  it carries too; like any page whose title changed,
  it answers to the old title too (its former titles are aliases),

and the old page is one quire may hand on:

- a machine page this run removes (its file is quire's text: the scan before the plan found no
  edit), or one removed before whose file is gone (a file a person put there is theirs);
- never a person's page (hand-edited: theirs to keep, a proposal to remove it is all quire makes);
- a page a person deleted by hand: its heir takes the slug and stays deleted (`stay_deleted`), as
  the deleted page would, until `quire page restore SLUG`. A person's no is not undone by a regrouping.

    find(db, specs, existing, root)   new page key -> the row whose slug it takes
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from memory.db import Database
from wiki import pagemap, pages, synth, vault

_ORDER = ("active", "removed", "deleted")
_BY_MEMORIES = ("entity", "cluster")


def find(
    db: Database, specs: list[synth.PageSpec], existing: dict[str, pages.Page], root: Path | None
) -> dict[str, pages.Page]:
    """New page key -> the old row it inherits the slug of (each old row at most once)."""
    wanted = {s.key for s in specs}
    olds = sorted(
        (r for k, r in existing.items() if k not in wanted and r.kind != "index" and _may_leave(r, root)),
        key=lambda r: (_ORDER.index(r.status), r.slug),  # the page live until now first: its file is the one in use
    )
    # New pages, and pages removed before that come back (a rollback of the run that made one an
    # heir leaves it removed under its old page's former slug: it takes the name back).
    born = sorted(
        (s for s in specs if s.key not in existing or existing[s.key].status == "removed"), key=lambda s: s.key
    )
    if not olds or not born:
        return {}
    by_title: dict[tuple[str | None, str], list[pages.Page]] = {}
    for row in olds:
        by_title.setdefault((row.space, title_key(row.title)), []).append(row)
    heirs: dict[str, pages.Page] = {}
    for spec in born:
        again = spec.key in existing  # a row of its own: it cannot be born deleted
        found = [r for r in by_title.get((spec.space, title_key(spec.title)), ()) if not (again and _deleted(r))]
        if found:
            heirs[spec.key] = found[0]
            by_title[(spec.space, title_key(spec.title))].remove(found[0])
    taken = {r.id for r in heirs.values()}
    # By memories: entity and cluster pages (a Notes page split by year is no page renamed).
    gone = {r.id: r for r in olds if r.status == "active" and r.id not in taken and r.kind in _BY_MEMORIES}
    new = {s.page_id: s for s in born if s.key not in heirs and s.kind in _BY_MEMORIES}
    members = {pid: frozenset(m.id for m in s.memories) for pid, s in new.items()}
    for pid, old_ids in sorted(pagemap.reclustered(db, sorted(gone), members).items()):
        if len(old_ids) == 1 and gone[old_ids[0]].space == new[pid].space:
            heirs[new[pid].key] = gone[old_ids[0]]
    return heirs


def _deleted(row: pages.Page) -> bool:
    return row.status == "deleted"


def title_key(title: str) -> str:
    """What makes two titles one: case, normalisation and spacing aside."""
    return " ".join(unicodedata.normalize("NFC", title).casefold().split())


def _may_leave(row: pages.Page, root: Path | None) -> bool:
    """Whether quire may hand this page's slug on (see the module docstring)."""
    if row.status == "active":
        return row.owner == "machine"
    if row.status == "removed":
        return root is None or not vault.page_path(root, row.slug).exists()
    return row.status == "deleted"


def retired(row: pages.Page, taken: set[str]) -> str:
    """The slug an old row keeps once its heir has its own: the first numbered one free."""
    n = 2
    while vault.slug_key(vault.numbered(row.slug, n)) in taken:
        n += 1
    slug = vault.numbered(row.slug, n)
    taken.add(vault.slug_key(slug))
    return slug
