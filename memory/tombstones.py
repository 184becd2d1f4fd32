"""Forget and tombstones: a forgotten or dismissed memory's fingerprint blocks it from coming back.

The fingerprint is a keyed hash (HMAC-SHA256) of the normalised content under a per-home secret
(`meta.tombstone_key`, 32 random bytes made on first use), so a later capture or import of the
same text is refused as `tombstoned` (capture.py checks it) until a person lifts the tombstone,
while the fingerprint cannot confirm a guessed text against another home's database or a
published list of hashes. The key lives in the database, not in a file beside it: a tombstone
must keep working in a backup, a restored copy or a synced replica of the same store. Tombstones
written before the key existed hold the plain content hash; capture checks both forms.

Forget means gone. `forget` rewrites every stored copy of the memory's text (content, title,
cue, fields, source; the plain content hash) to FORGOTTEN: the memory row, the full-text index
(then merged so no old segment keeps its terms), review payloads, page bodies and page history,
the rejection log and audit details. The vault files and snapshots are the wiki's to scrub
(wiki/forget.py calls `needles` and `scrub`). What stays: the memory's id and dates with status
'forgotten', the tombstone (keyed hash, a redacted stub of at most STUB_CHARS characters) and the
audit row that a forget happened. Lifting never un-forgets the memory: it only lets the text be
captured again. Capture never lifts a tombstone, and agents cannot lift one at all.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from memory import audit, clock, gate, meta
from memory.db import Database
from memory.errors import InvalidInput, NotFound
from memory.store import LIVE

LIFTERS = ("cli", "person")  # only a person at the keyboard lifts a tombstone
STUB_CHARS = 12  # the tombstone's preview: enough to recognise an entry, too little to read it
FORGOTTEN = "[forgotten]"
MIN_NEEDLE = 8  # shorter pieces of a forgotten text are not rewritten (they would hit other text)
_APPEND_ONLY = ("audit_log", "page_history")
_KEY = "tombstone_key"


def _secret(db: Database, *, create: bool) -> bytes | None:
    value = meta.get(db, _KEY)
    if value is None and create:
        value = meta.put_new(db, _KEY, secrets.token_hex(32))
    return bytes.fromhex(value) if value else None


def has_key(db: Database) -> bool:
    return meta.get(db, _KEY) is not None


def keyed_hash(db: Database, content: str, *, create: bool = False) -> str | None:
    """The tombstone fingerprint of `content` in this home (None before the first tombstone)."""
    key = _secret(db, create=create)
    if key is None:
        return None
    return hmac.new(key, gate.normalize(content).encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Tombstone:
    id: int
    fingerprint: str
    memory_id: str | None
    kind: str
    reason: str
    preview: str
    created_at: str
    created_by: str
    lifted_at: str | None
    lifted_by: str | None

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "fingerprint": self.fingerprint,
            "memory_id": self.memory_id,
            "kind": self.kind,
            "reason": self.reason,
            "preview": self.preview,
            "created_at": self.created_at,
            "created_by": self.created_by,
            "lifted_at": self.lifted_at,
            "lifted_by": self.lifted_by,
        }


@dataclass(frozen=True)
class Change:
    """Outcome of forget / lift: `changed` is False when it was already so."""

    changed: bool
    message: str
    tombstone_id: int | None = None


_COLUMNS = "id, fingerprint, memory_id, kind, reason, preview, created_at, created_by, lifted_at, lifted_by"


def _preview(content: str) -> str:
    """A redacted stub: the first few characters, never enough to read the text back."""
    text = " ".join(gate.redact(content).split())
    return text if len(text) <= STUB_CHARS else text[: STUB_CHARS - 1] + "…"


def live_for(db: Database, content: str) -> int | None:
    """The live tombstone refusing `content` (keyed or, for old tombstones, plain hash), if any."""
    prints = [p for p in (keyed_hash(db, content), gate.content_hash(content)) if p]
    marks = ",".join("?" * len(prints))
    found = db.scalar(f"SELECT id FROM tombstones WHERE fingerprint IN ({marks}) AND lifted_at IS NULL", prints)
    return None if found is None else int(found)


def add(db: Database, memory_id: str, *, kind: str, reason: str, actor: str) -> int:
    """Tombstone a memory's fingerprint (reusing a live tombstone for it); returns the tombstone id."""
    row = db.one("SELECT content FROM memories WHERE id = ?", (memory_id,))
    if row is None:
        raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
    with db.transaction():
        live = live_for(db, row["content"])
        if live is not None:
            return live
        fingerprint = keyed_hash(db, row["content"], create=True)
        tomb = db.insert(
            "INSERT INTO tombstones(fingerprint, memory_id, kind, reason, preview, created_at, created_by) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (fingerprint, memory_id, kind, reason, _preview(row["content"]), clock.now_iso(), actor),
        )
        audit.record(db, actor, "tombstone", "tombstone", str(tomb), memory_id=memory_id, kind=kind)
    return tomb


def needles(db: Database, memory_id: str, earlier: Iterable[str] = ()) -> list[str]:
    """Every form of a memory's text that a stored copy may hold, longest first (for `scrub`);
    `earlier` adds texts it held before (the text it was captured with, when a person edited it)."""
    row = db.one(
        "SELECT content, title, retrieval_cue, structured_fields, source, content_hash FROM memories WHERE id = ?",
        (memory_id,),
    )
    if row is None or row["content"] == FORGOTTEN:
        return []
    # A piece another live memory holds is that memory's too and stays: between people the cue is
    # the turn before (another memory), a source ("weekly standup") and a claim ("home: Ljubljana")
    # are shared, and a supersede keeps the sentences it did not change. Written as FORGOTTEN in
    # every row, they emptied the question a forgotten reply answered, the other memories' sources
    # and the current version's kept sentences, for good.
    pieces = {row["title"], row["retrieval_cue"], row["source"]}
    with contextlib.suppress(ValueError, AttributeError):
        pieces |= {str(v) for v in json.loads(row["structured_fields"] or "{}").values()}
    for text in (row["content"], *earlier):
        pieces |= {text, " ".join(text.split())}
        pieces |= {p.strip() for p in re.split(r"(?<=[.!?])\s+|\n+", text)}
    pieces = {p for p in pieces if p and len(p) >= MIN_NEEDLE}
    return expand([row["content_hash"], *(pieces - held_by_others(db, memory_id, pieces))])


def held_by_others(db: Database, memory_id: str, pieces: Iterable[str]) -> set[str]:
    """The pieces another live memory's content, source, field values or entity names hold, or a
    space's name. A field value that is the name of an entity other memories are linked to
    ("context": "refund policy") or of a space ("context": "personal") was written as FORGOTTEN into
    that entity or space and the keys of its pages: the forget failed, or every later rebuild did."""
    out = set()
    for piece in pieces:
        forms = (json.dumps(piece)[1:-1], json.dumps(piece, ensure_ascii=False)[1:-1])
        if db.scalar(
            f"SELECT 1 FROM memories WHERE id != ? AND {LIVE} AND (instr(content, ?) > 0 OR instr(source, ?) > 0 "
            "OR instr(structured_fields, ?) > 0 OR instr(structured_fields, ?) > 0) "
            "UNION ALL SELECT 1 FROM entities e JOIN memory_entities me ON me.entity_id = e.id "
            f"JOIN memories m ON m.id = me.memory_id WHERE me.memory_id != ? AND m.{LIVE} "
            "AND (instr(e.name, ?) > 0 OR instr(e.name_key, ?) > 0) "
            "UNION ALL SELECT 1 FROM spaces WHERE instr(name, ?) > 0 LIMIT 1",
            (memory_id, piece, piece, *forms, memory_id, piece, piece, piece),
        ):
            out.add(piece)
    return out


def expand(pieces: list[str]) -> list[str]:
    """Pieces plus their JSON-escaped forms (audit details and payloads are JSON), longest first."""
    out = set()
    for piece in pieces:
        if len(piece) < MIN_NEEDLE:
            continue
        out |= {piece, json.dumps(piece)[1:-1], json.dumps(piece, ensure_ascii=False)[1:-1]}
    return sorted(out, key=lambda p: (-len(p), p))


def _text_columns(db: Database) -> list[tuple[str, str]]:
    """(table, column) of every text column of every ordinary table (FTS shadow tables excluded:
    the index is rebuilt from the rows, then merged)."""
    found = []
    for (table,) in db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        if table.startswith("memories_fts"):
            continue
        for col in db.dicts(f"PRAGMA table_info({table})"):
            if (col["type"] or "").upper() in ("TEXT", ""):
                found.append((table, col["name"]))
    return found


def scrub(db: Database, pieces: list[str], *, skip: Collection[tuple[str, str]]) -> int:
    """Rewrite every stored copy of `pieces` to FORGOTTEN, append-only tables included (their
    guard triggers are lifted for this one statement and restored in the same transaction);
    `skip`: (table, column) that hold no text a person wrote (ids, types, statuses: a field value
    "identity" once made every identity memory's type FORGOTTEN): `memory.erase.NOT_SCRUBBED`, given by
    every caller (this module cannot import erase's table of places)."""
    if not pieces:
        return 0
    changed = 0
    with db.transaction():
        guards = db.rows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (?, ?) "
            "AND name LIKE '%no_update'",
            _APPEND_ONLY,
        )
        for name, _ in guards:
            db.execute(f"DROP TRIGGER {name}")
        for table, column in _text_columns(db):
            if (table, column) in skip:
                continue
            for piece in pieces:
                db.execute(
                    f"UPDATE {table} SET {column} = replace({column}, ?, ?) WHERE instr({column}, ?) > 0",
                    (piece, FORGOTTEN, piece),
                )
                changed += db.changes()
        for _, sql in guards:
            db.execute(sql)
        # FTS5 keeps deleted rows' terms in old segments until a merge: merge now.
        db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
    return changed


def scrub_legacy(db: Database, *, skip: Collection[tuple[str, str]], actor: str = "migration") -> int:
    """Memories forgotten before forget rewrote the text (their rows still hold it): rewrite it
    everywhere in the database now and key their tombstones. Vault files and snapshots are
    rewritten by the next rebuild (the pages no longer cite them) and pruned with old snapshots."""
    rows = db.dicts(
        "SELECT id, content, content_hash FROM memories WHERE status = 'forgotten' AND content != ?", (FORGOTTEN,)
    )
    with db.transaction():
        for row in rows:
            pieces = needles(db, row["id"])
            keyed = keyed_hash(db, row["content"], create=True)
            db.execute(
                "UPDATE tombstones SET fingerprint = ?, preview = ? WHERE fingerprint = ? OR memory_id = ?",
                (keyed, _preview(row["content"]), row["content_hash"], row["id"]),
            )
            db.execute(
                "UPDATE memories SET content = ?, title = '', retrieval_cue = '', structured_fields = '{}', "
                "source = '', content_hash = ? WHERE id = ?",
                (FORGOTTEN, keyed, row["id"]),
            )
            db.execute("DELETE FROM memory_entities WHERE memory_id = ?", (row["id"],))
            scrub(db, pieces, skip=skip)
        if rows:
            audit.record(db, actor, "forget_rescrub", "store", "memories", count=len(rows))
    return len(rows)


def lift(db: Database, tombstone_id: int, *, actor: str) -> Change:
    """Let the tombstoned text be captured again (the forgotten memory stays forgotten)."""
    if actor not in LIFTERS:
        raise InvalidInput(
            f"only a person can lift a tombstone (actor {actor!r}); run `quire tombstones lift {tombstone_id}`"
        )
    with db.transaction():
        row = db.one(f"SELECT {_COLUMNS} FROM tombstones WHERE id = ?", (int(tombstone_id),))
        if row is None:
            raise NotFound(f"no tombstone {tombstone_id}; list them with `quire tombstones list`")
        if row["lifted_at"]:
            return Change(
                False,
                f"tombstone {tombstone_id} was already lifted ({row['lifted_at']} by {row['lifted_by']})",
                int(tombstone_id),
            )
        db.execute(
            "UPDATE tombstones SET lifted_at = ?, lifted_by = ? WHERE id = ?",
            (clock.now_iso(), actor, int(tombstone_id)),
        )
        audit.record(db, actor, "lift", "tombstone", str(tombstone_id), memory_id=row["memory_id"])
    kept = "rejected" if row["kind"] == "dismissed" else "forgotten"  # a dismissed change was never forgotten
    return Change(
        True,
        f"lifted tombstone {tombstone_id}: the same text may be captured or imported again "
        f"({row['memory_id'] or 'the memory'} stays {kept})",
        int(tombstone_id),
    )


def all_tombstones(db: Database, *, include_lifted: bool = False) -> list[Tombstone]:
    where = "" if include_lifted else "WHERE lifted_at IS NULL"
    return [Tombstone(**r) for r in db.dicts(f"SELECT {_COLUMNS} FROM tombstones {where} ORDER BY id")]
