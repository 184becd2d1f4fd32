"""The review queue: changes that wait for a person (revisions, contradictions, page revisions).

Kinds and what resolving them does:

    revision        new memory `new_id` would replace `old_id` (a Protected supersede, or a
                    contradiction of a Protected memory). accept: the new one becomes current and
                    confirmed, the old one gets valid_to/superseded_by. dismiss: a pending
                    revision becomes 'rejected' (kept for history, never recalled) and its content
                    fingerprint is tombstoned, so the same change cannot come back silently;
                    unless the old memory was replaced since the item was queued (`stale`): then
                    the dismissal only closes an overtaken change and tombstones nothing.
    contradiction   two Standard memories that look like they disagree. accept with a choice:
                    keep_new (new supersedes old; the default), keep_old (the new one is retired),
                    keep_both (no change). dismiss = keep both.
    page_revision   a machine rebuild of a page a person edited (queued by the wiki), their edits
                    merged in. accept writes it (keep_new, the default), or with the choice
                    `machine` the machine's own text (their edits dropped, kept in the page's
                    history). dismiss = the page stays as it is. The wiki knows what resolving one
                    does: `wiki.resolve` passes its handler in (`handlers={"page_revision": ...}`);
                    without one such an item is refused.

Accept and dismiss are idempotent: a second call reports `changed=False`. Resolving an item the
other way after it was resolved is a Conflict.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from memory import audit, clock, decay, gate, life, statements, supersede, tiers, tokens, tombstones
from memory.db import Database, dicts_in
from memory.errors import Conflict, InvalidInput, NotFound, QuireError, Refused, Superseded
from memory.models import retrieval_cue, title_for
from memory.text import clean as text_policy
from memory.text import clean_text as clean_text_policy

KINDS = ("revision", "contradiction", "page_revision")
STATUSES = ("pending", "awaiting_review", "accepted", "dismissed", "auto_applied")
OPEN = ("pending", "awaiting_review")
CHOICES = ("keep_new", "keep_old", "keep_both", "machine")
# Actors that are a person at a keyboard (or a file the person imports); anything else is an agent.
PERSON_ACTORS = ("cli", "person", "import")

_COLUMNS = "id, kind, subject_ids, payload, status, choice, note, created_at, created_by, resolved_at, resolved_by"


@dataclass(frozen=True)
class ReviewItem:
    id: int
    kind: str
    subject_ids: tuple[str, ...]
    payload: dict[str, Any]
    status: str
    choice: str | None
    note: str
    created_at: str
    created_by: str
    resolved_at: str | None
    resolved_by: str | None

    @property
    def old(self) -> str:
        return str(self.payload.get("old", ""))

    @property
    def new(self) -> str:
        return str(self.payload.get("new", ""))

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "old": self.old,
            "new": self.new,
            "subject_ids": list(self.subject_ids),
            "reason": self.payload.get("reason"),
            "old_id": self.payload.get("old_id"),
            "new_id": self.payload.get("new_id"),
            "choice": self.choice,
            "note": self.note,
            "created_at": self.created_at,
            "created_by": self.created_by,
            "resolved_at": self.resolved_at,
            "resolved_by": self.resolved_by,
            "payload": self.payload,
        }


@dataclass(frozen=True)
class Resolution:
    """What accept/dismiss did: `changed` is False when the item was already resolved that way."""

    item_id: int
    changed: bool
    message: str
    status: str


def _item(row: dict[str, Any]) -> ReviewItem:
    return ReviewItem(
        id=int(row["id"]),
        kind=row["kind"],
        subject_ids=tuple(json.loads(row["subject_ids"] or "[]")),
        payload=json.loads(row["payload"] or "{}"),
        status=row["status"],
        choice=row["choice"],
        note=row["note"],
        created_at=row["created_at"],
        created_by=row["created_by"],
        resolved_at=row["resolved_at"],
        resolved_by=row["resolved_by"],
    )


# -- reading -----------------------------------------------------------------------------------


def get(db: Database, item_id: int) -> ReviewItem:
    row = db.one(f"SELECT {_COLUMNS} FROM review_queue WHERE id = ?", (int(item_id),))
    if row is None:
        raise NotFound(f"no review item {item_id}; list open items with `quire curate list`")
    return _item(row)


def open_items(db: Database, *, kind: str | None = None, limit: int | None = None, offset: int = 0) -> list[ReviewItem]:
    """Open items, oldest first; `limit` and `offset` page through a long queue."""
    marks = ",".join("?" * len(OPEN))
    sql = f"SELECT {_COLUMNS} FROM review_queue WHERE status IN ({marks})"
    params: list[Any] = list(OPEN)
    if kind:
        sql += " AND kind = ?"
        params.append(kind)
    sql += " ORDER BY created_at, id"
    if limit is not None or offset:
        sql += " LIMIT ? OFFSET ?"
        params += [-1 if limit is None else limit, offset]
    return [_item(r) for r in db.dicts(sql, params)]


def open_ids(db: Database) -> list[int]:
    """The open items' ids in `open_items` order, without reading their payloads (a queue's count and order)."""
    marks = ",".join("?" * len(OPEN))
    return [
        int(r[0])
        for r in db.rows(f"SELECT id FROM review_queue WHERE status IN ({marks}) ORDER BY created_at, id", OPEN)
    ]


def all_items(db: Database, *, limit: int = 500) -> list[ReviewItem]:
    """Every item, resolved ones included, newest last."""
    rows = db.dicts(
        f"SELECT * FROM (SELECT {_COLUMNS} FROM review_queue ORDER BY id DESC LIMIT ?) ORDER BY id", (limit,)
    )
    return [_item(r) for r in rows]


def items_for_memory(db: Database, memory_id: str) -> list[ReviewItem]:
    rows = db.dicts(
        f"SELECT {_COLUMNS} FROM review_queue WHERE instr(subject_ids, ?) > 0 ORDER BY id", (json.dumps(memory_id),)
    )
    return [_item(r) for r in rows]


def decided_payloads(db: Database, reason: str) -> list[dict[str, Any]]:
    """The payloads of the revisions with this `reason` a person resolved: accepted, or dismissed by
    them (not one closed for them as overtaken or moot: that close carries a note of why)."""
    return [
        json.loads(row[0] or "{}")
        for row in db.rows(
            "SELECT payload FROM review_queue WHERE kind = 'revision' AND (status = 'accepted' "
            "OR (status = 'dismissed' AND note = '')) AND instr(payload, ?) > 0",
            (json.dumps(reason),),
        )
    ]


@dataclass(frozen=True)
class Awaiting:
    """An open change of a person's life (memory/correction.heard): `newer` would replace `older`."""

    item: int
    older: str
    newer: str
    attribute: str = ""  # what changes (memory/life.py): "home", "schedule:italian", ...
    # Every attribute it changes ("I'm a data analyst at Cdiscount" -> "I started a new job at Ubisoft
    # as a data engineer": role and employer), the first one included.
    attributes: tuple[str, ...] = ()


def awaiting(db: Database, memory_ids: Sequence[str]) -> list[Awaiting]:
    """The open life-change items either side of which is among `memory_ids`, oldest first."""
    return awaiting_among(open_changes(db), memory_ids) if memory_ids else []


def open_changes(db: Database) -> list[tuple[int, dict[str, Any]]]:
    """(item id, payload) of every open life-change item, oldest first (a warm recall keeps them
    while the store does not move: retrieval/rowcache.py). A contradiction flagged at capture whose
    two sides give one attribute of the person two values ("My plumber is Karim Benali", then "My
    plumber is now Julien Leroy") is one too (`_captured_change`): the same change, said on purpose."""
    marks = ",".join("?" * len(OPEN))
    out = []
    # Open items are few (a person walks them); the payload says which are changes of a life.
    for row in db.dicts(
        f"SELECT id, kind, payload FROM review_queue WHERE kind IN ('revision', 'contradiction') "
        f"AND status IN ({marks}) AND (kind = 'contradiction' OR instr(payload, '\"life_change\"') > 0) ORDER BY id",
        OPEN,
    ):
        payload = json.loads(row["payload"] or "{}")
        if payload.get("reason") == "life_change":
            out.append((int(row["id"]), payload))
        elif row["kind"] == "contradiction" and (change := _captured_change(db, payload)) is not None:
            out.append((int(row["id"]), change))
    return out


def _captured_change(db: Database, payload: dict[str, Any]) -> dict[str, Any] | None:
    """A contradiction's payload as a life change's (newer side as "new_id", the attributes it
    changes), or None when its sides state no attribute of the person with two values."""
    changed = life.changes(life.read(str(payload.get("old", ""))), life.read(str(payload.get("new", ""))))
    if not changed:
        return None
    new_id, old_id = str(payload.get("new_id")), str(payload.get("old_id"))
    when = {
        r["id"]: r["valid_from"]
        for r in dicts_in(db, "SELECT id, valid_from FROM memories WHERE id IN ({marks})", [new_id, old_id])
    }
    if new_id not in when or old_id not in when:
        return None
    if (when[new_id], new_id) < (when[old_id], old_id):  # captured later, said of an earlier time
        new_id, old_id = old_id, new_id
    attributes = [now.attribute for _, now in changed]
    return {"new_id": new_id, "old_id": old_id, "attribute": attributes[0], "also": attributes[1:]}


def awaiting_among(changes: list[tuple[int, dict[str, Any]]], memory_ids: Sequence[str]) -> list[Awaiting]:
    """`awaiting` over the items of `open_changes`."""
    wanted = set(memory_ids)
    out = []
    for item, payload in changes:
        new, old = str(payload.get("new_id")), str(payload.get("old_id"))
        # The earlier values of the same attribute the item lists are older than the new one too.
        olders = [old] + [str(c["id"]) for c in payload.get("candidates") or [] if isinstance(c, dict) and c.get("id")]
        if new in wanted or wanted.intersection(olders):
            first = str(payload.get("attribute") or "")
            every = (first, *(str(a) for a in payload.get("also") or [] if a))
            out += [Awaiting(item, o, new, first, every if first else ()) for o in olders]
    return out


def captured_text(items: list[ReviewItem], memory_id: str) -> str | None:
    """The text `memory_id` was captured with, when a person edited it before accepting it."""
    return next(
        (str(i.payload["proposed"]) for i in items if i.payload.get("new_id") == memory_id and "proposed" in i.payload),
        None,
    )


def details(db: Database, item: ReviewItem) -> dict[str, Any]:
    """The item plus what a person needs to decide: both memories' type, tier, dates, sources, and
    (`old_current`) the current version of the old one's chain when a person replaced it since."""
    data = item.as_json()
    if item.kind in ("revision", "contradiction"):
        for side in ("old", "new"):
            mid = item.payload.get(f"{side}_id")
            row = (
                db.one(
                    "SELECT id, memory_type, space, status, confidence, effective_confidence, stability, pinned, "
                    "valid_from, valid_to, created_at, source, source_agent FROM memories WHERE id = ?",
                    (mid,),
                )
                if mid
                else None
            )
            if row:
                row["tier"] = str(tiers.tier_of(row["memory_type"]))
                row["pinned"] = bool(row["pinned"])
                row["effective_confidence"] = decay.current(db, [row["id"]]).get(row["id"], row["effective_confidence"])
            data[f"{side}_memory"] = row
        found = supersede.replaced(db, str(item.payload["old_id"])) if item.payload.get("old_id") else None
        data["old_current"] = found[1] if found and item.is_open else None  # replaced since it was queued
    return data


# -- writing -----------------------------------------------------------------------------------


def enqueue(
    db: Database,
    kind: str,
    subject_ids: list[str] | tuple[str, ...],
    payload: dict[str, Any],
    *,
    actor: str,
    status: str = "pending",
) -> int:
    """Add an item; `payload` carries at least the `old`/`new` preview texts. Returns its id."""
    if kind not in KINDS:
        raise InvalidInput(f"unknown review kind {kind!r}; use one of {', '.join(KINDS)}")
    if status not in STATUSES:
        raise InvalidInput(f"unknown review status {status!r}; use one of {', '.join(STATUSES)}")
    with db.transaction():
        # One open item per pair: the same pair raised again (a re-run, a repeated capture) reuses it.
        same = _open_for_pair(db, kind, subject_ids)
        if same is not None:
            _told_more(db, same, kind, payload, actor)
            return same
        if kind == "page_revision":
            # One open proposal per page: a newer one replaces the older one's payload in place.
            current = _open_page_revision(db, subject_ids)
            if current is not None:
                db.execute(
                    "UPDATE review_queue SET payload = ? WHERE id = ?",
                    (json.dumps(payload, sort_keys=True, default=str), current),
                )
                audit.record(db, actor, "requeue", "review_item", str(current), kind=kind, reason=payload.get("reason"))
                return current
        item_id = db.insert(
            "INSERT INTO review_queue(kind, subject_ids, payload, status, created_at, created_by) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                kind,
                json.dumps([str(s) for s in subject_ids]),
                json.dumps(payload, sort_keys=True, default=str),
                status,
                clock.now_iso(),
                actor,
            ),
        )
        audit.record(
            db,
            actor,
            "enqueue",
            "review_item",
            str(item_id),
            kind=kind,
            subjects=[str(s) for s in subject_ids],
            reason=payload.get("reason"),
        )
    return item_id


class KindHandler(Protocol):
    """What accepting or dismissing an item of a kind this layer does not own does (the wiki's pages)."""

    def accept(self, db: Database, item: ReviewItem) -> str: ...

    def dismiss(self, db: Database, item: ReviewItem) -> str: ...


Handlers = Mapping[str, KindHandler]


def _handler(item: ReviewItem, handlers: Handlers | None) -> KindHandler:
    handler = (handlers or {}).get(item.kind)
    if handler is None:
        raise QuireError(f"item {item.id} is a {item.kind}; resolve it with `quire curate` (the wiki applies it)")
    return handler


def accept(
    db: Database,
    item_id: int,
    *,
    actor: str,
    choice: str | None = None,
    edited_text: str | None = None,
    handlers: Handlers | None = None,
    over: str | None = None,
) -> Resolution:
    """Apply the item's change (for contradictions: `choice`, default keep_new), in one transaction.

    When the memory the item changes was replaced since it was queued (a person's later word, maybe
    another device's), accepting it is refused (Superseded, in `supersede.refuse_replaced`'s words)
    and the item stays open: it would retire that newer version unseen. `over` names the current
    version a person saw and means to replace with it."""
    if choice is not None and choice not in CHOICES:
        raise InvalidInput(f"unknown choice {choice!r}; use one of {', '.join(CHOICES)}")
    with db.transaction():
        item = get(db, item_id)
        if item.status == "accepted":
            return Resolution(
                item.id,
                False,
                f"item {item.id} was already accepted ({item.resolved_at} by {item.resolved_by})",
                item.status,
            )
        if not item.is_open:
            raise Conflict(
                f"item {item.id} was already {item.status} ({item.resolved_at} by {item.resolved_by}); "
                "it cannot be accepted now — capture the change again if you still want it"
            )
        if item.kind == "revision":
            if choice not in (None, "keep_new"):
                raise InvalidInput(
                    f"item {item.id} is a revision: accept applies it (keep_new); to refuse it use "
                    f"`quire curate dismiss {item.id}`"
                )
            message = _accept_revision(db, item, actor=actor, edited_text=edited_text, over=over)
            choice = "keep_new"
        elif item.kind == "contradiction":
            choice = choice or "keep_new"
            if choice == "machine":
                raise InvalidInput(
                    f"item {item.id} is a contradiction: choose keep_new, keep_old or keep_both (machine is for pages)"
                )
            message = _accept_contradiction(db, item, choice, actor=actor, edited_text=edited_text, over=over)
        else:
            if over is not None:
                raise InvalidInput(f"item {item.id} is a page revision: `over` names a memory; accept it without")
            choice = _page_choice(item, choice, edited_text)
            message = _accept_page_revision(db, item, _handler(item, handlers), choice=choice, edited_text=edited_text)
        _close(db, item, "accepted", actor=actor, choice=choice, note="edited" if edited_text is not None else "")
        close_moot(db, [s for s in item.subject_ids], actor=actor)
    if edited_text is not None and item.kind in ("revision", "contradiction"):  # what the policy removed
        message = "; ".join([message, *text_policy(edited_text, what="edited text").notes])
    return Resolution(item.id, True, message, "accepted")


def dismiss(db: Database, item_id: int, *, actor: str, handlers: Handlers | None = None) -> Resolution:
    """Refuse the item's change. A dismissed pending revision is rejected and tombstoned (not when
    it was overtaken: `stale`)."""
    with db.transaction():
        item = get(db, item_id)
        if item.status == "dismissed":
            return Resolution(
                item.id,
                False,
                f"item {item.id} was already dismissed ({item.resolved_at} by {item.resolved_by})",
                item.status,
            )
        if not item.is_open:
            raise Conflict(
                f"item {item.id} was already {item.status} ({item.resolved_at} by {item.resolved_by}); "
                "to undo it, capture a correction with --supersedes"
            )
        if item.kind == "revision":
            message = _dismiss_revision(db, item, actor=actor)
        elif item.kind == "contradiction":
            message = (
                f"item {item.id} dismissed: kept both {item.payload.get('old_id')} and {item.payload.get('new_id')}"
            )
        else:
            message = _dismiss_page_revision(db, item, _handler(item, handlers))
        _close(db, item, "dismissed", actor=actor, choice=None, note="")
    return Resolution(item.id, True, message, "dismissed")


def _told_more(db: Database, item_id: int, kind: str, payload: dict[str, Any], actor: str) -> None:
    """An open contradiction (a guess from overlapping words) raised again as a revision (a reading of
    what changed: "home: Lisbon -> Porto", the new memory held pending) becomes that revision, so a
    Markdown note's "I moved to Porto" is the item `quire capture` of it opens. Never the other way."""
    if kind != "revision" or db.scalar("SELECT kind FROM review_queue WHERE id = ?", (item_id,)) != "contradiction":
        return
    db.execute(
        "UPDATE review_queue SET kind = ?, payload = ? WHERE id = ?",
        (kind, json.dumps(payload, sort_keys=True, default=str), item_id),
    )
    audit.record(db, actor, "requeue", "review_item", str(item_id), kind=kind, reason=payload.get("reason"))


def _open_for_pair(db: Database, kind: str, subject_ids: Sequence[Any]) -> int | None:
    if kind == "page_revision" or len(subject_ids) < 2:
        return None
    wanted = sorted(str(s) for s in subject_ids)
    marks = ",".join("?" * len(OPEN))
    for row in db.dicts(
        f"SELECT id, subject_ids FROM review_queue WHERE kind IN ('revision','contradiction') "
        f"AND status IN ({marks}) AND instr(subject_ids, ?) > 0",
        (*OPEN, json.dumps(wanted[0])),
    ):
        if sorted(json.loads(row["subject_ids"])) == wanted:
            return int(row["id"])
    return None


def last_accepted(db: Database, kind: str, subject_ids: Sequence[Any]) -> dict[str, Any] | None:
    """The payload of the latest accepted item of `kind` for these subjects, if any."""
    found = db.scalar(
        "SELECT payload FROM review_queue WHERE kind = ? AND status = 'accepted' AND subject_ids = ? "
        "ORDER BY id DESC LIMIT 1",
        (kind, json.dumps([str(s) for s in subject_ids])),
    )
    return None if found is None else dict(json.loads(found))


def _open_page_revision(db: Database, subject_ids: Sequence[Any]) -> int | None:
    marks = ",".join("?" * len(OPEN))
    found = db.scalar(
        f"SELECT id FROM review_queue WHERE kind = 'page_revision' AND status IN ({marks}) AND subject_ids = ? "
        "ORDER BY id DESC LIMIT 1",
        (*OPEN, json.dumps([str(s) for s in subject_ids])),
    )
    return None if found is None else int(found)


_LIVE = ("active", "pending_revision")


def close_moot(db: Database, memory_ids: list[str], *, actor: str) -> list[int]:
    """Close (dismissed, with an audit row) open items that a retired memory makes moot: a
    contradiction whose either side is no longer active, a revision whose new side is gone.
    Call inside the transaction that retired them."""
    closed = []
    for memory_id in memory_ids:
        for item in items_for_memory(db, memory_id):
            if not item.is_open or item.kind == "page_revision":
                continue
            sides = {k: item.payload.get(f"{k}_id") for k in ("old", "new")}
            status = {
                k: db.scalar("SELECT status FROM memories WHERE id = ?", (v,)) if v else None for k, v in sides.items()
            }
            if item.kind == "contradiction":
                gone = [sides[k] for k in sides if status[k] not in ("active",)]
            else:
                gone = [sides["new"]] if status["new"] not in _LIVE else []
            if gone:
                _close(
                    db,
                    item,
                    "dismissed",
                    actor=actor,
                    choice=None,
                    note=f"{', '.join(map(str, gone))} no longer current",
                )
                closed.append(item.id)
    return closed


# The payload fields that are one side's own words: its text, the text it was captured with, and
# the value a life change read in it (memory/correction.py `_life_changes`: "was", "now").
SIDE_WORDS = {"new": ("new", "proposed", "now"), "old": ("old", "was")}


def erase_words(db: Database, memory_id: str) -> None:
    """A forgotten memory's words out of every item that names it, open or closed: its side's
    fields and its entry among the candidates written as FORGOTTEN (a value such as "Ljubljana" is
    one word: no run of words finds it). Call inside the forget transaction."""
    gone = tombstones.FORGOTTEN
    for item in items_for_memory(db, memory_id):
        payload = dict(item.payload)
        for side, keys in SIDE_WORDS.items():
            if payload.get(f"{side}_id") == memory_id:
                payload.update({k: gone for k in keys if isinstance(payload.get(k), str)})
        if isinstance(payload.get("candidates"), list):
            payload["candidates"] = [
                {**c, "text": gone} if isinstance(c, dict) and c.get("id") == memory_id else c
                for c in payload["candidates"]
            ]
        if payload != item.payload:
            db.execute(
                "UPDATE review_queue SET payload = ? WHERE id = ?",
                (json.dumps(payload, sort_keys=True, default=str), item.id),
            )


def close_for_forgotten(db: Database, memory_id: str, *, actor: str) -> list[int]:
    """Dismiss open items a forgotten memory makes moot (call inside the forget transaction).

    A revision stays open when only its old memory was forgotten: accepting it still makes sense.
    """
    closed = []
    for item in items_for_memory(db, memory_id):
        if not item.is_open or item.kind == "page_revision":
            continue
        if item.kind == "revision" and item.payload.get("new_id") != memory_id:
            continue
        _close(db, item, "dismissed", actor=actor, choice=None, note=f"{memory_id} was forgotten")
        closed.append(item.id)
    return closed


def taken_back(db: Database, memory_id: str, *, actor: str, note: str) -> list[int]:
    """A change waiting for review that its source took back (the message reads its old text
    again): its open items dismissed with `note` and the proposal rejected, with no tombstone (no
    person dismissed it: the same edit made again is proposed again). Call inside the transaction."""
    closed = []
    for item in items_for_memory(db, memory_id):
        if item.is_open and item.kind == "revision" and item.payload.get("new_id") == memory_id:
            _close(db, item, "dismissed", actor=actor, choice=None, note=note)
            closed.append(item.id)
    db.execute(
        "UPDATE memories SET status = 'rejected', updated_at = ?, version = version + 1 "
        "WHERE id = ? AND status = 'pending_revision'",
        (clock.now_iso(), memory_id),
    )
    audit.record(db, actor, "reject", "memory", memory_id, taken_back=True, items=closed)
    return closed


def close_overtaken(db: Database, item: ReviewItem, *, actor: str, note: str) -> None:
    """Close (dismissed, with an audit row, nothing rejected or tombstoned) an open revision a
    statement said between its two sides made moot: its change was said first by that one
    (memory/correction.py). Call inside the transaction."""
    _close(db, item, "dismissed", actor=actor, choice=None, note=note)


def _close(db: Database, item: ReviewItem, status: str, *, actor: str, choice: str | None, note: str) -> None:
    marks = ",".join("?" * len(OPEN))
    db.execute(
        f"UPDATE review_queue SET status = ?, choice = ?, note = ?, resolved_at = ?, resolved_by = ? "
        f"WHERE id = ? AND status IN ({marks})",
        (status, choice, note, clock.now_iso(), actor, item.id, *OPEN),
    )
    audit.record(
        db,
        actor,
        "accept" if status == "accepted" else "dismiss",
        "review_item",
        str(item.id),
        kind=item.kind,
        choice=choice,
        note=note,
        subjects=list(item.subject_ids),
    )


# -- memory items ------------------------------------------------------------------------------


def _memory(db: Database, memory_id: str | None) -> dict[str, Any] | None:
    if not memory_id:
        return None
    return db.one(
        "SELECT id, content, memory_type, structured_fields, status, stability FROM memories WHERE id = ?", (memory_id,)
    )


def _replacing(db: Database, item: ReviewItem, over: str | None) -> str | None:
    """The version accepting `item` retires: its old memory, or the current version of that one's
    chain when a person replaced it since the item was queued and `over` names it; else Superseded."""
    old_id = item.payload.get("old_id")
    if over is not None and db.scalar("SELECT 1 FROM memories WHERE id = ?", (over,)) is None:
        raise NotFound(
            f"no memory {over!r} to accept item {item.id} over; the version to replace is the one "
            f"`quire curate show {item.id}` names"
        )
    found = supersede.replaced(db, str(old_id)) if old_id else None
    if found is None:
        if over not in (None, old_id):
            raise InvalidInput(f"item {item.id} replaces {old_id}, which is current; accept it without `over`")
        return str(old_id) if old_id else None
    by, current = found
    if over == current:
        return current
    if db.scalar("SELECT status FROM memories WHERE id = ?", (current,)) == "forgotten":
        what, keep = f"{current} was forgotten since", ""  # nothing left to retire: still the person's call
    else:
        what, keep = f"accepting review item {item.id} would retire {current} unseen", f" to keep {current}"
    raise Superseded(
        f"{supersede.replaced_words(str(old_id), by, current)}; {what}. Nothing was changed and review item "
        f"{item.id} stays open: dismiss it{keep} (`quire curate dismiss {item.id}`), or accept it over {current} "
        f"if this edit still holds (`quire curate accept {item.id} --over {current}`)"
    )


def _accept_revision(db: Database, item: ReviewItem, *, actor: str, edited_text: str | None, over: str | None) -> str:
    new = _memory(db, item.payload.get("new_id"))
    if new is None or new["status"] in ("forgotten", "rejected"):
        raise Conflict(
            f"item {item.id}: the proposed memory {item.payload.get('new_id')} is "
            f"{new['status'] if new else 'gone'}; dismiss the item with `quire curate dismiss {item.id}`"
        )
    old_id = _replacing(db, item, over)
    if edited_text is not None:
        _edit(db, item, new, edited_text, actor=actor)
    now = clock.now_iso()
    db.execute(
        "UPDATE memories SET status = 'active', stability = 'confirmed', updated_at = ?, version = version + 1 "
        "WHERE id = ?",
        (now, new["id"]),
    )
    audit.record(db, actor, "confirm", "memory", new["id"], via_review=item.id, was=new["status"])
    if item.payload.get("reason") == "life_change" and old_id:
        # Earlier values of the same attribute go to history too, oldest first: a chain, not a fork
        # (one a person replaced since is history already: left as they left it).
        for earlier in reversed(item.payload.get("candidates") or []):
            gone = not isinstance(earlier, dict) or not earlier.get("id") or earlier["id"] == old_id
            if not gone and supersede.replaced(db, str(earlier["id"])) is None:
                supersede.link(db, str(old_id), str(earlier["id"]), actor=actor)
    target, note = supersede.link(db, new["id"], old_id, actor=actor)
    message = f"accepted item {item.id}: {new['id']} is now current and confirmed"
    if target:
        message += f"; {target} is kept in history"
    return message + (f" ({note})" if note else "")


def stale(db: Database, item: ReviewItem) -> str | None:
    """The current version of the item's old memory when a person replaced it since the item was
    queued (the change proposed is no longer the one on the table), else None."""
    old_id = item.payload.get("old_id")
    found = supersede.replaced(db, str(old_id)) if old_id and item.kind == "revision" else None
    return found[1] if found else None


def _dismiss_revision(db: Database, item: ReviewItem, *, actor: str) -> str:
    new = _memory(db, item.payload.get("new_id"))
    if new is None or new["status"] != "pending_revision":
        # A person's own capture flagged as a possible contradiction: dismissing keeps both.
        return f"item {item.id} dismissed: nothing replaced; {item.payload.get('new_id')} stays as it is"
    db.execute(
        "UPDATE memories SET status = 'rejected', updated_at = ?, version = version + 1 WHERE id = ?",
        (clock.now_iso(), new["id"]),
    )
    current = stale(db, item)
    audit.record(
        db, actor, "reject", "memory", new["id"], via_review=item.id, **({"stale": current} if current else {})
    )
    if current:
        # Closing a change overtaken by a later word (what the Superseded refusal tells a person to
        # do to keep that word) judges nothing about its text: no tombstone, as for one taken back.
        return (
            f"dismissed item {item.id}: {new['id']} rejected (kept in history); {item.payload.get('old_id')} was "
            f"replaced by {current} since it was queued, so its words are not tombstoned (capture them again to "
            f"propose them over {current})"
        )
    tomb = tombstones.add(db, new["id"], kind="dismissed", reason=f"review item {item.id} dismissed", actor=actor)
    return (
        f"dismissed item {item.id}: {new['id']} rejected (kept in history); tombstone {tomb} stops the same "
        f"change from being captured again (lift it with `quire tombstones lift {tomb}`)"
    )


def _accept_contradiction(
    db: Database, item: ReviewItem, choice: str, *, actor: str, edited_text: str | None, over: str | None
) -> str:
    new = _memory(db, item.payload.get("new_id"))
    old = _memory(db, item.payload.get("old_id"))
    if choice == "keep_both":
        return f"accepted item {item.id}: kept both {item.payload.get('old_id')} and {item.payload.get('new_id')}"
    if new is None or old is None:
        raise Conflict(f"item {item.id}: one of its memories is gone; dismiss it with `quire curate dismiss {item.id}`")
    now = clock.now_iso()
    if choice == "keep_new":
        if new["status"] != "active":
            raise Conflict(f"item {item.id}: {new['id']} is {new['status']}; dismiss the item instead")
        replacing = _replacing(db, item, over)
        if edited_text is not None:
            _edit(db, item, new, edited_text, actor=actor)
        db.execute(
            "UPDATE memories SET stability = 'confirmed', updated_at = ?, version = version + 1 WHERE id = ?",
            (now, new["id"]),
        )
        audit.record(db, actor, "confirm", "memory", new["id"], via_review=item.id)
        target, note = supersede.link(db, new["id"], replacing, actor=actor)
        return f"accepted item {item.id}: {new['id']} supersedes {target or replacing}" + (f" ({note})" if note else "")
    # keep_old: the new claim never held; a zero-length validity keeps it out of as-of recall too.
    if edited_text is not None:
        raise InvalidInput("editing applies to the new text; use keep_new with an edit, or keep_old without one")
    db.execute(
        "UPDATE memories SET status = 'superseded', superseded_by = ?, valid_to = valid_from, updated_at = ?, "
        "version = version + 1 WHERE id = ? AND status = 'active'",
        (old["id"], now, new["id"]),
    )
    db.execute(
        "UPDATE memories SET stability = 'confirmed', updated_at = ?, version = version + 1 WHERE id = ? "
        "AND status = 'active'",
        (now, old["id"]),
    )
    audit.record(db, actor, "keep_old", "memory", new["id"], kept=old["id"], via_review=item.id)
    return f"accepted item {item.id}: kept {old['id']} (confirmed); {new['id']} retired"


def edited_text(text: str) -> str:
    """A person's edit of a proposed text as it would be stored (the text policy), or InvalidInput
    when the gate refuses it: the same check online and before an offline accept is queued."""
    text = clean_text_policy(text, what="edited text").strip()
    verdict = gate.check(text)
    if not verdict.passed:
        raise Refused(
            f"the edited text was refused ({verdict.reason}: {verdict.detail}); edit it again",
            reason=verdict.reason or "",
            detail=verdict.detail,
            text=text,
            space=None,
            recorded=False,
        )
    return text


def _edit(db: Database, item: ReviewItem, new: dict[str, Any], text: str, *, actor: str) -> None:
    """Replace the proposed text before accepting it (the text policy, re-gated; re-embedded later).
    The captured text stays in the audit row of the edit and in the item's payload (`proposed`)."""
    text = edited_text(text)
    fields = json.loads(new["structured_fields"] or "{}")
    title, cue = title_for(text), retrieval_cue(new["memory_type"], fields, text)
    db.execute(
        "UPDATE memories SET content = ?, content_hash = ?, title = ?, retrieval_cue = ?, embedding = NULL, "
        "embed_model = NULL, near_duplicate_of = NULL, updated_at = ?, version = version + 1 WHERE id = ?",
        (text, gate.content_hash(text), title, cue, clock.now_iso(), new["id"]),
    )
    # The lexical fold in a statement of its own: a trigger drops a fold its text's update left
    # unchanged (memory/migrations.py m021), which an edit whose fold is the old one would look like.
    lex = (tokens.lexical(text), tokens.lexical(title), tokens.lexical(cue))
    if any(lex):
        db.execute("UPDATE memories SET lex_content = ?, lex_title = ?, lex_cue = ? WHERE id = ?", (*lex, new["id"]))
    if new["memory_type"] in life.TYPES:  # what it states is what the edit says (memory/statements.py)
        statements.rewrite(db, new["id"], [said.attribute for said in life.read(text)])
    db.execute(
        "UPDATE review_queue SET payload = ? WHERE id = ?",
        (json.dumps({**item.payload, "new": text, "proposed": item.new}, sort_keys=True), item.id),
    )
    audit.record(
        db,
        actor,
        "edit",
        "memory",
        new["id"],
        via_review=item.id,
        captured=new["content"],
        before_hash=gate.content_hash(new["content"]),
        after_hash=gate.content_hash(text),
    )


# -- page items (the wiki owns what they do) -------------------------------------------------


def _page_choice(item: ReviewItem, choice: str | None, edited_text: str | None) -> str:
    """keep_new (the proposal) or machine (the machine's own text); anything else names the fix."""
    if choice not in (None, "keep_new", "machine"):
        raise InvalidInput(
            f"item {item.id} is a page revision: accept writes the proposal, `--choice machine` the machine's "
            f"own page (your edits dropped); to keep the page as it is use `quire curate dismiss {item.id}`"
        )
    if choice == "machine" and edited_text is not None:
        raise InvalidInput("--text gives the page's text itself; use it without `--choice machine`")
    return choice or "keep_new"


def _accept_page_revision(
    db: Database, item: ReviewItem, handler: KindHandler, *, choice: str, edited_text: str | None
) -> str:
    if edited_text is not None:
        item = replace(item, payload={**item.payload, "new": edited_text, "edited_text": edited_text})
    elif choice == "machine":
        machine = item.payload.get("machine", item.payload.get("new"))
        item = replace(item, payload={**item.payload, "new": machine, "merged": False, "take_machine": True})
    result = handler.accept(db, item)
    return f"accepted item {item.id}: page revision applied ({result})"


def _dismiss_page_revision(db: Database, item: ReviewItem, handler: KindHandler) -> str:
    handler.dismiss(db, item)
    return f"dismissed item {item.id}: the page keeps its current text"
