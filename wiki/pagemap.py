"""Page maps: a mind map per page whose dismissals are tombstones.

A node is identified by its fingerprint `ref_kind ␟ ref_id ␟ parent_ref` (U+001F between parts;
`parent_ref` is "~" for the root and its children, else the parent's `ref_kind ␟ ref_id`), unique
per page. The suggestion pass only ever inserts (`ON CONFLICT DO NOTHING`), so a dismissed row
blocks the same node forever: it cannot be updated, resurrected or overwritten by a machine. Only
a person changes a node (dismiss, pin, accept), and every such change bumps `page_maps.revision`
with `UPDATE ... WHERE revision = base`, so two concurrent editors cannot both win.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from memory import audit, clock, supersede
from memory.db import Database, rows_in
from memory.errors import Conflict, InvalidInput, NotFound
from memory.tokens import name_key
from wiki import pages
from wiki.synth import PAGE_STATUSES, SECTION_NAMES, open_reviews, page_id_for, page_title
from wiki.synth import SECTION_NAMES as names

SEP = "\x1f"
ROOT_PARENT = "~"
ANY_PARENT = "*"  # in _Offers.dismissed: a memory dismissed itself is dismissed under every section
REF_KINDS = ("memory", "entity", "page", "section")
STATUSES = ("suggested", "active", "dismissed")
MAX_MEMORY_NODES = 30
MAX_ENTITY_NODES = 20
MAP_NODES = 12  # nodes drawn (the root aside): more render as an overlapping blob; the rest are listed

_COLUMNS = (
    "id, page_id, parent_id, rank, ref_kind, ref_id, label, status, pinned, fingerprint, provenance, "
    "decided_by, created_at, updated_at"
)


@dataclass(frozen=True)
class Node:
    id: str
    page_id: str
    parent_id: str | None
    rank: float
    ref_kind: str
    ref_id: str
    label: str | None
    status: str
    pinned: bool
    fingerprint: str
    provenance: str
    decided_by: str | None
    created_at: str
    updated_at: str

    @property
    def ref(self) -> str:
        return f"{self.ref_kind}{SEP}{self.ref_id}"

    def as_json(self, live: bool | None = None, label: str | None = None) -> dict:
        data = {
            "id": self.id,
            "parent_id": self.parent_id,
            "rank": self.rank,
            "ref_kind": self.ref_kind,
            "ref_id": self.ref_id,
            "label": label or self.label,
            "status": self.status,
            "pinned": self.pinned,
            "decided_by": self.decided_by,
        }
        if live is not None:
            data["ref_state"] = "live" if live else "dangling"
        return data


@dataclass(frozen=True)
class Created:
    node: Node


@dataclass(frozen=True)
class Duplicate:
    node: Node


@dataclass(frozen=True)
class Tombstoned:
    node: Node  # the dismissed row that blocked the insert


CreateOutcome = Created | Duplicate | Tombstoned


@dataclass(frozen=True)
class SuggestReport:
    created: int
    duplicate: int
    tombstoned: int
    revision: int
    nodes: tuple[Node, ...] = ()  # every node of the page after the pass (saves the map block a read)


@dataclass(frozen=True)
class MapChange:
    """What a person's dismiss / pin / accept did; `changed` is False when it was already so."""

    page: str
    node: Node
    changed: bool
    message: str
    revision: int
    affected: tuple[str, ...] = ()


# -- fingerprints ------------------------------------------------------------------------------


def validate_component(*parts: str) -> None:
    for part in parts:
        if SEP in part:
            raise InvalidInput("a page-map ref_kind or ref_id may not contain U+001F (the fingerprint separator)")


def fingerprint(ref_kind: str, ref_id: str, parent_ref: str) -> str:
    validate_component(ref_kind, ref_id)
    if ref_kind not in REF_KINDS:
        raise InvalidInput(f"unknown page-map ref_kind {ref_kind!r}; use one of {', '.join(REF_KINDS)}")
    return f"{ref_kind}{SEP}{ref_id}{SEP}{parent_ref}"


def node_id(page_id: str, fp: str) -> str:
    """Deterministic: the same node of the same page always has the same id."""
    return "n" + hashlib.sha1(f"{page_id}{SEP}{fp}".encode()).hexdigest()[:15]


def _node(row: Sequence) -> Node:
    return Node(
        row[0],
        row[1],
        row[2],
        float(row[3]),
        row[4],
        row[5],
        row[6],
        row[7],
        bool(row[8]),
        row[9],
        row[10],
        row[11],
        row[12],
        row[13],
    )


def get_node(db: Database, page_id: str, fp: str) -> Node | None:
    rows = db.rows(f"SELECT {_COLUMNS} FROM page_map_nodes WHERE page_id = ? AND fingerprint = ?", (page_id, fp))
    return _node(rows[0]) if rows else None


def nodes(db: Database, page_id: str) -> list[Node]:
    rows = db.rows(f"SELECT {_COLUMNS} FROM page_map_nodes WHERE page_id = ? ORDER BY rank, fingerprint", (page_id,))
    return [_node(r) for r in rows]


def revision(db: Database, page_id: str) -> int:
    """0 means the page has no map yet."""
    return int(db.scalar("SELECT revision FROM page_maps WHERE page_id = ?", (page_id,)) or 0)


def revisions(db: Database) -> dict[str, int]:
    return {r[0]: int(r[1]) for r in db.rows("SELECT page_id, revision FROM page_maps")}


def revisions_of(db: Database, page_ids: Iterable[str]) -> dict[str, int]:
    """`revisions` of these pages only."""
    found = rows_in(db, "SELECT page_id, revision FROM page_maps WHERE page_id IN ({marks})", sorted(set(page_ids)))
    return {r[0]: int(r[1]) for r in found}


# -- inserting (the suggestion pass) -----------------------------------------------------------


def ensure_map(db: Database, page_id: str) -> Node:
    """The map row and its root node (revision 1 when new); returns the root."""
    now = clock.now_iso()
    with db.transaction():
        db.execute(
            "INSERT INTO page_maps(page_id, revision, created_at, updated_at) VALUES (?, 1, ?, ?) "
            "ON CONFLICT(page_id) DO NOTHING",
            (page_id, now, now),
        )
        outcome = _insert(
            db, page_id, None, "page", page_id, ROOT_PARENT, rank=0, status="active", provenance={"pass": "init"}
        )
    return outcome.node


def _insert(
    db: Database,
    page_id: str,
    parent_id: str | None,
    ref_kind: str,
    ref_id: str,
    parent_ref: str,
    *,
    rank: float,
    status: str,
    provenance: dict,
) -> CreateOutcome:
    fp = fingerprint(ref_kind, ref_id, parent_ref)
    nid = node_id(page_id, fp)
    now = clock.now_iso()
    # RETURNING hands back the new row: one statement per created node instead of three (insert,
    # changes(), select), which is most of what a full rebuild's map pass costs.
    created = db.rows(
        f"INSERT INTO page_map_nodes({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, 0, ?, ?, NULL, ?, ?) "
        f"ON CONFLICT(page_id, fingerprint) DO NOTHING RETURNING {_COLUMNS}",
        (nid, page_id, parent_id, rank, ref_kind, ref_id, status, fp, json.dumps(provenance, sort_keys=True), now, now),
    )
    if created:
        return Created(_node(created[0]))
    node = get_node(db, page_id, fp)
    assert node is not None
    if node.status == "dismissed":
        return Tombstoned(node)
    return Duplicate(node)


_EDGE_INSERT = (
    "INSERT INTO page_map_edges(id, page_id, from_node, to_node, kind, status, provenance, created_at) "
    "VALUES (?, ?, ?, ?, ?, 'suggested', '{\"pass\":\"suggest\"}', ?) "
    "ON CONFLICT(page_id, from_node, to_node, kind) DO NOTHING"
)


def _edge_row(page_id: str, from_node: str, to_node: str, kind: str = "suggested", *, now: str) -> tuple:
    eid = "e" + hashlib.sha1(f"{page_id}{SEP}{from_node}{SEP}{to_node}{SEP}{kind}".encode()).hexdigest()[:15]
    return (eid, page_id, from_node, to_node, kind, now)


@dataclass(frozen=True)
class Proposal:
    """What the page offers its map: sections with their memories, entities, linked pages."""

    sections: tuple[tuple[str, tuple[str, ...]], ...]  # (section name, memory ids)
    entities: tuple[str, ...]  # entity keys
    pages: tuple[str, ...]  # linked page ids
    # (entity key, the id its own page has): one subject, drawn as the entity or as its page, so a
    # dismissal of either form blocks the other (an entity node dismissed came back as a page
    # node once the entity's second memory gave it a page).
    twins: tuple[tuple[str, str], ...] = ()


def _pages(links) -> tuple:
    """The linked pages of a wiki.synth.Context (related, mentioned, mentioned in), or a plain
    sequence of links."""
    return links.linked_pages() if hasattr(links, "linked_pages") else tuple(links)


def proposal(spec, links) -> Proposal:
    """The nodes a page spec (wiki.synth.PageSpec) suggests, in display order: its type sections
    (Changed among them), then Open questions; entities; every page it links to or is linked from."""
    by_section: dict[str, list[str]] = {}  # insertion order = citation order
    opened: list[str] = []
    for n, m in enumerate(spec.ordered()):
        ids = by_section.setdefault(m.section, [])
        if n < MAX_MEMORY_NODES:  # a map of hundreds of leaves helps nobody; the page lists them all
            ids.append(m.id)
            if m.is_open:
                opened.append(m.id)
    sections = [(name, tuple(ids)) for name, ids in by_section.items()]
    if opened:
        sections.append(("open", tuple(opened)))

    links = _pages(links)
    linked = {link.page_id for link in links}
    prefix = spec.space or ""
    # The page's own entity is its root; an entity with its own linked page appears as that page.
    twins = tuple((k, page_id_for(f"entity:{prefix}:{k}")) for k, _ in spec.entities)
    ents = tuple(k for k, pid in twins if pid not in linked | {spec.page_id})[:MAX_ENTITY_NODES]
    return Proposal(tuple(sections), ents, tuple(link.page_id for link in links), twins)


def suggest(db: Database, page_id: str, prop: Proposal) -> SuggestReport:
    """Insert-only suggestion pass for one page; bumps the revision once if anything was created.

    The page's nodes are read once and the new ones written in one batch: a full rebuild creates
    every node of every page, and a statement per node was most of its map pass."""
    with db.transaction():
        root = ensure_map(db, page_id)
        base = revision(db, page_id)
        offer = _Offers(page_id, {n.fingerprint: n for n in nodes(db, page_id)}, clock.now_iso())
        offer.index_dismissed(db)
        outcomes, edges = _offer_all(prop, root, offer)
        if offer.rows:
            # ON CONFLICT DO NOTHING still guards the rule that a dismissed row is never overwritten.
            db.executemany(
                f"INSERT INTO page_map_nodes({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, 0, ?, ?, NULL, ?, ?) "
                "ON CONFLICT(page_id, fingerprint) DO NOTHING",
                offer.rows,
            )
        if edges:
            db.executemany(_EDGE_INSERT, edges)
        created = sum(isinstance(o, Created) for o in outcomes)
        now = offer.now
        current = _bump(db, page_id, base, now=now, page_label=page_id) if created else base
        db.execute("UPDATE page_maps SET generated_at = ? WHERE page_id = ?", (now, page_id))
        return SuggestReport(
            created,
            sum(isinstance(o, Duplicate) for o in outcomes),
            sum(isinstance(o, Tombstoned) for o in outcomes),
            current,
            tuple(offer.known.values()),
        )


@dataclass
class _Offers:
    """One suggestion pass's offers: a node is created (queued in `rows`) only where its
    fingerprint is unknown; a known one is a duplicate, a dismissed one stays dismissed."""

    page_id: str
    known: dict[str, Node]
    now: str
    rows: list[tuple] = field(default_factory=list)
    dismissed: dict[tuple[str, str, str], Node] = field(default_factory=dict)

    def index_dismissed(self, db: Database) -> None:
        """Dismissed nodes by (parent ref, kind, subject): an entity's subject is its name key
        refolded, so a dismissal made under a key a migration has since refolded or merged
        ("straße gmbh" into "strasse gmbh", migration 22) still holds; a memory's is also the
        current version of its chain, so a dismissed fact does not come back as its correction
        (`quire supersede` made a new node of the new version). A memory dismissed itself, not with
        its section's branch, is dismissed under every section (a superseded decision moves to
        Changed, and came back there)."""
        by_id = {node.id: node for node in self.known.values()}
        for node in self.known.values():
            if node.status != "dismissed":
                continue
            parent_ref = node.fingerprint.split(SEP, 2)[2]
            self.dismissed.setdefault((parent_ref, node.ref_kind, _subject(node.ref_kind, node.ref_id)), node)
            parent = by_id.get(node.parent_id or "")
            if node.ref_kind == "memory" and parent is not None and parent.status != "dismissed":
                for ref in {node.ref_id, supersede.current_version(db, node.ref_id)}:
                    self.dismissed.setdefault((ANY_PARENT, "memory", ref), node)

    def __call__(
        self, parent: Node, ref_kind: str, ref_id: str, rank: float, basis: str, twin: tuple[str, str] | None = None
    ) -> CreateOutcome:
        parent_ref = ROOT_PARENT if parent.parent_id is None else parent.ref
        fp = fingerprint(ref_kind, ref_id, parent_ref)
        found = self.known.get(fp)
        if found is not None:
            return Tombstoned(found) if found.status == "dismissed" else Duplicate(found)
        for kind, ref in ((ref_kind, ref_id), *([twin] if twin else [])):
            subject = _subject(kind, ref)
            gone = self.dismissed.get((parent_ref, kind, subject)) or self.dismissed.get((ANY_PARENT, kind, subject))
            if gone is not None:  # the same subject, dismissed in another form: it stays dismissed
                return Tombstoned(gone)
        provenance = json.dumps({"pass": "suggest", "basis": basis}, sort_keys=True)
        row = (node_id(self.page_id, fp), self.page_id, parent.id, rank, ref_kind, ref_id, None, "suggested", 0, fp)
        self.rows.append((*row[:6], "suggested", fp, provenance, self.now, self.now))
        self.known[fp] = node = _node((*row, provenance, None, self.now, self.now))
        return Created(node)


def _subject(ref_kind: str, ref_id: str) -> str:
    return name_key(ref_id) if ref_kind == "entity" else ref_id


def _offer_all(prop: Proposal, root: Node, offer: _Offers) -> tuple[list[CreateOutcome], list[tuple]]:
    """Offer the proposal's sections (with their memories), entities and linked pages under the
    root, ranked in that order; the edges to linked pages that were created."""
    outcomes: list[CreateOutcome] = []
    rank = 0
    for section, memory_ids in prop.sections:
        rank += 1
        sec = offer(root, "section", f"{offer.page_id}#{section}", rank, "section")
        outcomes.append(sec)
        if isinstance(sec, Tombstoned):
            continue  # a dismissed section hides its branch; nothing to add under it
        outcomes.extend(offer(sec.node, "memory", mid, i, "source") for i, mid in enumerate(memory_ids, start=1))
    page_of = dict(prop.twins)
    entity_of = {pid: k for k, pid in prop.twins}
    for ekey in prop.entities:
        rank += 1
        twin = ("page", page_of[ekey]) if ekey in page_of else None
        outcomes.append(offer(root, "entity", ekey, rank, "entity", twin))
    edges: list[tuple] = []
    for other in prop.pages:
        rank += 1
        out = offer(root, "page", other, rank, "link", ("entity", entity_of[other]) if other in entity_of else None)
        outcomes.append(out)
        if isinstance(out, Created):
            edges.append(_edge_row(offer.page_id, root.id, out.node.id, now=offer.now))
    return outcomes, edges


def _bump(db: Database, page_id: str, base: int, *, now: str, page_label: str) -> int:
    db.execute(
        "UPDATE page_maps SET revision = revision + 1, updated_at = ? WHERE page_id = ? AND revision = ?",
        (now, page_id, base),
    )
    if db.changes() == 0:
        current = revision(db, page_id)
        raise Conflict(
            f"the map of {page_label} changed meanwhile (revision {current}, you had {base}); "
            f"look again with `quire map {page_label}` and retry"
        )
    return base + 1


# -- carrying a person's decisions to the page a page became ------------------------------------


_CARRY_INSERT = (
    f"INSERT INTO page_map_nodes({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT(page_id, fingerprint) DO UPDATE SET status = excluded.status, pinned = excluded.pinned, "
    "decided_by = excluded.decided_by, updated_at = excluded.updated_at"
)


def formers(db: Database) -> dict[str, list[str]]:
    """Entity pages whose key no entity has any more because a migration refolded it or merged
    its entity into a twin ("ＬＥＤＧＥＲ" into "ledger", migrations 21 and 22), by the id of the
    page their entity's memories are on now: that page carries their maps' decisions (`carry`)."""
    keys = {str(k) for (k,) in db.rows("SELECT name_key FROM entities")}
    out: dict[str, list[str]] = defaultdict(list)
    for pid, key, space in db.rows("SELECT id, key, space FROM pages WHERE kind = 'entity' ORDER BY id"):
        prefix = f"entity:{space or ''}:"
        if not str(key).startswith(prefix) or str(key)[len(prefix) :] in keys:
            continue
        now = prefix + name_key(str(key)[len(prefix) :])
        if now != key and now[len(prefix) :] in keys:
            out[page_id_for(now)].append(str(pid))
    return dict(out)


# How much of a cluster page's membership a new cluster page must hold to be the same cluster under
# another key (synth keys a cluster by its first member: when that one leaves, the key changes).
RECLUSTER_JACCARD = 0.5


def reclustered(db: Database, gone: Sequence[str], born: dict[str, frozenset[str]]) -> dict[str, list[str]]:
    """Cluster pages a rebuild removes (`gone`, ids) by the id of the one new cluster page (`born`:
    id -> its memory ids) whose members are mostly theirs (Jaccard >= RECLUSTER_JACCARD): the same
    cluster re-keyed, which carries their maps' decisions (`carry`). A page that mostly went to two
    new pages, or to none, carries nothing: neither is the page a person decided on."""
    if not gone or not born:
        return {}
    had: dict[str, set[str]] = defaultdict(set)
    for page_id, memory_id in rows_in(
        db, "SELECT page_id, memory_id FROM page_sources WHERE page_id IN ({marks})", sorted(gone)
    ):
        had[str(page_id)].add(str(memory_id))
    out: dict[str, list[str]] = defaultdict(list)
    for old in sorted(gone):
        members = had.get(old, set())
        near = [new for new, now in born.items() if members and _jaccard(members, now) >= RECLUSTER_JACCARD]
        if len(near) == 1:
            out[near[0]].append(old)
    return dict(out)


def _jaccard(a: set[str] | frozenset[str], b: set[str] | frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def carry(db: Database, old_page: str, new_page: str, *, actor: str) -> int:
    """Move the decisions a person made on `old_page`'s map (dismissed, pinned, accepted) to the
    map of `new_page`, the page its entity became (call inside a transaction, with both pages'
    rows there); the old map goes. A node the new map has already takes the later of a person's
    two decisions, and the carried one over a machine's suggestion. A dismissed section is carried
    as the nodes under it, each dismissed: on the new page the section holds memories the person
    never dismissed. Returns the nodes carried."""
    old = nodes(db, old_page)
    decided = [n for n in old if n.decided_by is not None and n.parent_id is not None]
    decided = [n for n in decided if not (n.ref_kind == "section" and n.status == "dismissed")]
    if decided:
        root = ensure_map(db, new_page)
        here = {n.fingerprint: n for n in nodes(db, new_page)}
        moved = [(n, _moved_fp(n, old_page, new_page)) for n in decided]
        rows = [(n, fp) for n, fp in moved if _carried_wins(n, here.get(fp))]
        db.executemany(_CARRY_INSERT, [_carried_row(n, fp, new_page, root) for n, fp in rows])
        now = clock.now_iso()
        rev = _bump(db, new_page, revision(db, new_page), now=now, page_label=new_page)
        audit.record(db, actor, "map_carry", "page", new_page, from_page=old_page, nodes=len(rows), revision=rev)
    db.execute("DELETE FROM page_map_edges WHERE page_id = ?", (old_page,))
    db.execute("DELETE FROM page_map_nodes WHERE page_id = ?", (old_page,))
    db.execute("DELETE FROM page_maps WHERE page_id = ?", (old_page,))
    return len(decided) + _carry_links(db, old_page, new_page, actor=actor)


def _carry_links(db: Database, old_page: str, new_page: str, *, actor: str) -> int:
    """Other maps' decided nodes of the old page become nodes of the new one (a link to the twin's
    page a person dismissed was drawn again as the link to the merged page)."""
    rows = db.rows(
        f"SELECT {_COLUMNS} FROM page_map_nodes WHERE ref_kind = 'page' AND ref_id = ? AND decided_by IS NOT NULL",
        (old_page,),
    )
    by_page: dict[str, list[Node]] = defaultdict(list)
    for node in map(_node, rows):
        by_page[node.page_id].append(node)
    for page, links in by_page.items():
        here = {n.fingerprint: n for n in nodes(db, page)}
        root = next(n for n in here.values() if n.parent_id is None)
        moved = [(n, fingerprint("page", new_page, n.fingerprint.split(SEP, 2)[2])) for n in links]
        gone = [n.id for n in links]
        db.executemany("DELETE FROM page_map_edges WHERE from_node = ? OR to_node = ?", [(i, i) for i in gone])
        db.executemany("DELETE FROM page_map_nodes WHERE id = ?", [(i,) for i in gone])
        if page != new_page:  # a link of the merged page to itself is no node at all
            db.executemany(
                _CARRY_INSERT, [_carried_row(n, fp, page, root) for n, fp in moved if _carried_wins(n, here.get(fp))]
            )
        rev = _bump(db, page, revision(db, page), now=clock.now_iso(), page_label=page)
        audit.record(
            db, actor, "map_carry", "page", page, from_page=old_page, to_page=new_page, links=gone, revision=rev
        )
    return len(rows)


def _rekey(ref: str, old_page: str, new_page: str) -> str:
    """A section's ref (`page#section`) or a parent ref naming one, on the new page."""
    for head in ("", f"section{SEP}"):
        if ref.startswith(f"{head}{old_page}#"):
            return f"{head}{new_page}{ref[len(head) + len(old_page) :]}"
    return ref


def _moved_fp(node: Node, old_page: str, new_page: str) -> str:
    ref_id = _rekey(node.ref_id, old_page, new_page) if node.ref_kind == "section" else node.ref_id
    return fingerprint(node.ref_kind, ref_id, _rekey(node.fingerprint.split(SEP, 2)[2], old_page, new_page))


def _carried_wins(carried: Node, there: Node | None) -> bool:
    return there is None or there.decided_by is None or there.updated_at < carried.updated_at


def _carried_row(node: Node, fp: str, page: str, root: Node) -> tuple:
    kind, ref_id, parent_ref = fp.split(SEP, 2)
    parent = root.id if parent_ref == ROOT_PARENT else node_id(page, f"{parent_ref}{SEP}{ROOT_PARENT}")
    provenance = json.dumps({"pass": "carry", "from": node.page_id}, sort_keys=True)
    return (
        *(node_id(page, fp), page, parent, node.rank, kind, ref_id, node.label, node.status, int(node.pinned), fp),
        *(provenance, node.decided_by, node.created_at, node.updated_at),
    )


# -- reading and drawing -----------------------------------------------------------------------


def sibling_order(node: Node, places: Mapping[tuple[str, str], int]) -> tuple:
    """A node's place among its siblings: its rank, then, on a tie (a later rebuild offers a node at
    the rank an older one keeps), its kind and its place on the page today (`places`: a memory as
    the page cites it, an entity by its name key, a linked page by its title), which every home of
    the same memories shares. The fingerprint comes last: it is built from memory ids, random in
    every home, and had put a later note above or below an older one home by home."""
    return (node.rank, node.ref_kind, places.get((node.ref_kind, node.ref_id), len(places)), node.fingerprint)


def visible(all_nodes: Iterable[Node], live: Mapping[tuple[str, str], int]) -> dict[str | None, list[Node]]:
    """Children by parent id, keeping nodes that are not dismissed, whose ref is live (`live`: ref ->
    its place on the page, `sibling_order`) and whose ancestors are visible too (the root is always
    visible)."""
    children: dict[str | None, list[Node]] = defaultdict(list)
    for n in all_nodes:
        children[n.parent_id].append(n)
    out: dict[str | None, list[Node]] = defaultdict(list)
    roots = [n for n in children.get(None, []) if n.ref_kind == "page"]
    stack = list(roots)
    out[None] = roots
    while stack:
        parent = stack.pop()
        for child in sorted(children.get(parent.id, []), key=lambda n: sibling_order(n, live)):
            if child.status == "dismissed" or (child.ref_kind, child.ref_id) not in live:
                continue
            out[parent.id].append(child)
            stack.append(child)
    return out


# (session 45: wiki30) "&" stays: "AT&T", "A&P" and "Hutchins Heating & Air LLC" were drawn "AT T", "A P" and
# "Hutchins Heating Air LLC" (";" goes, so no "&...;" a renderer would read as a character is left).
_LABEL_DROP = re.compile(r"[^\w .,'/+?!&-]+", re.UNICODE)


def clean_label(text: str, limit: int = 48) -> str:
    """A mindmap label Mermaid cannot misread: no brackets, quotes, colons or markup."""
    flat = " ".join(_LABEL_DROP.sub(" ", text.replace("_", " ")).split())
    if len(flat) > limit:
        cut = flat[:limit].rsplit(" ", 1)[0] or flat[:limit]
        flat = cut.rstrip(" .,") + "…"
    return flat or "untitled"


def mermaid(
    root_title: str, tree: dict[str | None, list[Node]], labels: dict[tuple[str, str], str], limit: int = MAP_NODES
) -> str:
    """The visible map as a fenced Mermaid mindmap block of at most `limit` nodes besides the root,
    chosen level by level (the root's branches first, in rank order); the nodes not drawn follow
    the block as a list, so nothing on the map is lost."""
    lines = ["```mermaid", "mindmap", f"  root(({clean_label(root_title)}))"]
    roots = tree.get(None, [])

    def text(node: Node) -> str:
        return node.label or labels.get((node.ref_kind, node.ref_id), node.ref_id)

    drawn: set[str] = set()
    level = list(tree.get(roots[0].id, [])) if roots else []
    while level and len(drawn) < limit:
        following: list[Node] = []
        for node in level:
            if len(drawn) < limit:
                drawn.add(node.id)
                following.extend(tree.get(node.id, []))
        level = following
    rest: list[Node] = []

    def walk(parent: Node, depth: int) -> None:
        for child in tree.get(parent.id, []):
            if child.id in drawn:
                lines.append("  " * (depth + 1) + clean_label(text(child)))
            else:
                rest.append(child)
            walk(child, depth + 1)

    if roots:
        walk(roots[0], 1)
    lines.append("```")
    if rest:
        named = [clean_label(text(node)) for node in rest if node.ref_kind != "memory"]
        cited = sum(node.ref_kind == "memory" for node in rest)
        more = [", ".join(named)] if named else []
        if cited:
            more.append(f"{cited} {'memory' if cited == 1 else 'memories'} cited on the page")
        lines += ["", "Also on this map, not drawn: " + "; and ".join(more) + "."]
    return "\n".join(lines)


def live_and_labels(spec, links) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], str]]:
    """Which refs the page currently has, each with its place on the page (`sibling_order`), and how
    to label them."""
    labels: dict[tuple[str, str], str] = {}
    pid = spec.page_id
    for m in spec.ordered():  # as the page cites them
        labels[("memory", m.id)] = m.title or m.content
        for section in (m.section, "open") if m.is_open else (m.section,):
            labels[("section", f"{pid}#{section}")] = names[section]
    for ekey, name in spec.entities:  # by name key, titled as its page would be (`synth.page_title`)
        said = [m.content for m in spec.memories if any(k == ekey for k, _ in m.entities)]
        labels[("entity", ekey)] = page_title(name, said=said)
    for link in sorted(_pages(links), key=lambda link: (link.title.casefold(), link.slug)):
        labels[("page", link.page_id)] = link.title
    return {ref: n for n, ref in enumerate(labels)}, labels


def page_block(db: Database, spec, links, known: Sequence[Node] | None = None) -> str:
    """The page's Mermaid block; `known` is the page's nodes when the caller has just read them."""
    live, labels = live_and_labels(spec, links)
    return mermaid(spec.title, visible(nodes(db, spec.page_id) if known is None else known, live), labels)


# -- a person's changes ------------------------------------------------------------------------


def _page(db: Database, ref: str) -> dict:
    """The page `ref` names by slug, title or file name (`pages.resolve`)."""
    row = db.one("SELECT id, slug, title, status FROM pages WHERE slug = ?", (pages.resolve(db, ref),))
    if row is None:
        raise NotFound(f"no page {ref!r}; list pages with `quire pages`")
    return row


def resolve(db: Database, page_id: str, ref: str, slug: str) -> Node:
    """A node by id or unique id prefix."""
    ref = ref.strip()
    if not ref:
        raise InvalidInput("give a node id (or a unique prefix) as shown by `quire map PAGE`")
    rows = db.rows(
        f"SELECT {_COLUMNS} FROM page_map_nodes WHERE page_id = ? AND substr(id, 1, ?) = ? ORDER BY id",
        (page_id, len(ref), ref),
    )
    if not rows:
        raise NotFound(f"no node {ref!r} on the map of {slug}; see the ids with `quire map {slug}`")
    if len(rows) > 1:
        ids = ", ".join(r[0] for r in rows[:5])
        raise InvalidInput(f"node prefix {ref!r} matches {len(rows)} nodes ({ids}...); type more of the id")
    return _node(rows[0])


def _descendants(db: Database, page_id: str, node: Node) -> list[Node]:
    children: dict[str | None, list[Node]] = defaultdict(list)
    for n in nodes(db, page_id):
        children[n.parent_id].append(n)
    out, stack = [], [node]
    while stack:
        for child in children.get(stack.pop().id, []):
            out.append(child)
            stack.append(child)
    return out


def change(
    db: Database, slug: str, ref: str, action: str, *, actor: str, base_revision: int | None = None
) -> MapChange:
    """dismiss | pin | accept a node, as a person. Idempotent; guarded by the map revision.

    dismiss also dismisses the node's branch; accept makes a suggested node active and is how a
    person undoes a dismissal (the suggestion pass never can).
    """
    if action not in ("dismiss", "pin", "accept"):
        raise InvalidInput(f"unknown map action {action!r}; use dismiss, pin or accept")
    with db.transaction():
        page = _page(db, slug)
        slug = page["slug"]
        node = resolve(db, page["id"], ref, slug)
        base = revision(db, page["id"]) if base_revision is None else base_revision
        now = clock.now_iso()
        decided = _node_decision(db, page["id"], slug, node, action, actor=actor, now=now)
        if isinstance(decided, str):  # already so: nothing written
            return MapChange(slug, node, False, decided, revision(db, page["id"]))
        affected, message = decided
        new_rev = _bump(db, page["id"], base, now=now, page_label=slug)
        audit.record(
            db,
            actor,
            f"map_{action}",
            "page_map_node",
            node.id,
            page=slug,
            page_id=page["id"],
            fingerprint=node.fingerprint.replace(SEP, "|"),
            was=node.status,
            nodes=affected,
            revision=new_rev,
        )
        fresh = get_node(db, page["id"], node.fingerprint)
        assert fresh is not None
    return MapChange(slug, fresh, True, message + f" (map revision {new_rev})", new_rev, tuple(affected))


def _node_decision(
    db: Database, page_id: str, slug: str, node: Node, action: str, *, actor: str, now: str
) -> tuple[list[str], str] | str:
    """Write one person's decision on `node` (inside change()'s transaction, which audits it):
    the nodes it changed and what to say, or only what to say when it was already so."""
    if action == "dismiss":
        if node.parent_id is None:
            raise InvalidInput(f"the root of {slug}'s map cannot be dismissed; dismiss its branches instead")
        if node.status == "dismissed":
            return f"{node.id} was already dismissed"
        targets = [node] + [n for n in _descendants(db, page_id, node) if n.status != "dismissed"]
        db.executemany(
            "UPDATE page_map_nodes SET status = 'dismissed', decided_by = ?, updated_at = ? WHERE id = ?",
            [(actor, now, n.id) for n in targets],
        )
        under = f" and {len(targets) - 1} node(s) under it" if len(targets) > 1 else ""
        return [n.id for n in targets], f"dismissed {node.id}{under}"
    if action == "pin":
        if node.pinned:
            return f"{node.id} was already pinned"
        db.execute(
            "UPDATE page_map_nodes SET pinned = 1, decided_by = ?, updated_at = ? WHERE id = ?", (actor, now, node.id)
        )
        return [node.id], f"pinned {node.id}"
    if node.status == "active":
        return f"{node.id} was already active"
    db.execute(
        "UPDATE page_map_nodes SET status = 'active', decided_by = ?, updated_at = ? WHERE id = ?",
        (actor, now, node.id),
    )
    return [node.id], f"accepted {node.id}" + (" (its dismissal is undone)" if node.status == "dismissed" else "")


def show(db: Database, slug: str) -> dict:
    """The map of a page: revision, every node (dismissed ones too) with its ref state, edges."""
    page = _page(db, slug)
    pid = page["id"]
    live, labels = _db_live(db, pid)
    all_nodes = nodes(db, pid)
    depth: dict[str, int] = {}
    by_id = {n.id: n for n in all_nodes}

    def level(n: Node) -> int:
        if n.id not in depth:
            depth[n.id] = 0 if n.parent_id is None or n.parent_id not in by_id else level(by_id[n.parent_id]) + 1
        return depth[n.id]

    ordered = _tree_order(all_nodes, live)
    rows = []
    for n in ordered:
        is_live = n.parent_id is None or (n.ref_kind, n.ref_id) in live
        label = labels.get((n.ref_kind, n.ref_id)) if n.parent_id is not None else page["title"]
        rows.append({**n.as_json(live=is_live, label=label), "depth": level(n)})
    edges = _edge_order(
        db.dicts("SELECT id, from_node, to_node, kind, status FROM page_map_edges WHERE page_id = ?", (pid,)), ordered
    )
    row = db.one("SELECT revision, generated_at FROM page_maps WHERE page_id = ?", (pid,))
    return {
        "page": page["slug"],
        "page_id": pid,
        "title": page["title"],
        "revision": row["revision"] if row else 0,
        "generated_at": row["generated_at"] if row else None,
        "nodes": rows,
        "edges": edges,
    }


def _edge_order(edges: list[dict], ordered: Sequence[Node]) -> list[dict]:
    """Edges in the order the nodes they join are listed (a node's place on the page, its title),
    then by kind: an edge's id is a hash of node ids made from random memory ids, and ordered by it two
    homes of the same memories listed one page's edges in different orders. An edge whose node is gone
    goes last, by its id."""
    place = {n.id: i for i, n in enumerate(ordered)}
    end = len(place)
    return sorted(
        edges, key=lambda e: (place.get(e["from_node"], end), place.get(e["to_node"], end), e["kind"], e["id"])
    )


def _tree_order(all_nodes: list[Node], places: Mapping[tuple[str, str], int]) -> list[Node]:
    children: dict[str | None, list[Node]] = defaultdict(list)
    ids = {n.id for n in all_nodes}
    for n in all_nodes:
        children[n.parent_id if n.parent_id in ids else None].append(n)
    out: list[Node] = []

    def walk(parent: str | None) -> None:
        for child in sorted(children.get(parent, []), key=lambda n: sibling_order(n, places)):
            out.append(child)
            walk(child.id)

    walk(None)
    return out


def _db_live(db: Database, page_id: str) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], str]]:
    """Live refs from what the page cites now (memories still visible, their sections and entities),
    each with its place on the page (`sibling_order`: a memory by its marker), and their labels."""
    names = SECTION_NAMES
    reviews = open_reviews(db)
    labels: dict[tuple[str, str], str] = {}
    marks = ",".join("?" * len(PAGE_STATUSES))
    for mid, title, content, mtype, status in db.rows(
        "SELECT m.id, m.title, m.content, m.memory_type, m.status "
        "FROM page_sources ps JOIN memories m ON m.id = ps.memory_id "
        f"WHERE ps.page_id = ? AND m.status IN ({marks}) ORDER BY ps.marker",
        (page_id, *PAGE_STATUSES),
    ):
        labels[("memory", mid)] = title or content
        section = "superseded" if status == "archived" and mtype == "decision" else mtype
        opened = mid in reviews or content.rstrip().endswith("?")
        for sec in (section, "open") if opened else (section,):
            labels[("section", f"{page_id}#{sec}")] = names.get(sec, sec)
    for ekey, name in db.rows(
        "SELECT DISTINCT e.name_key, e.name "
        "FROM page_sources ps JOIN memory_entities me ON me.memory_id = ps.memory_id "
        "JOIN entities e ON e.id = me.entity_id WHERE ps.page_id = ? ORDER BY e.name_key",
        (page_id,),
    ):
        labels[("entity", ekey)] = name
    for pid, title in db.rows(
        "SELECT p.id, p.title FROM page_map_nodes n JOIN pages p ON p.id = n.ref_id "
        "WHERE n.page_id = ? AND n.ref_kind = 'page' AND p.status = 'active' ORDER BY p.title, p.slug",
        (page_id,),
    ):
        labels[("page", pid)] = title
    return {ref: n for n, ref in enumerate(labels)}, labels
