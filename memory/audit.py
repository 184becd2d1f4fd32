"""The append-only audit log: one row per mutation, written in the mutation's transaction."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memory import clock
from memory.db import Database, insert_many
from memory.errors import InvalidInput

# Who made a change, as the audit log names it: a short lowercase name ("cli", "mcp", "my-agent").
# One rule for every route (the service's requests, the library's `quire.open(actor=...)`): a NUL
# was cut by the driver ("a\x00b" read back "a"), a newline broke `quire log`'s lines.
ACTOR = re.compile(r"^[a-z][a-z0-9_-]{0,31}\Z")  # \Z: "$" also matches before a final newline


def checked_actor(actor: object) -> str:
    """`actor` if it is a name the audit log can keep; InvalidInput naming the rule otherwise."""
    if not isinstance(actor, str) or not ACTOR.match(actor):
        raise InvalidInput(
            "actor must be a short lowercase name such as 'cli', 'mcp' or 'my-agent' "
            "(a letter, then up to 31 letters, digits, '-' or '_')"
        )
    return actor


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: str
    actor: str
    action: str
    subject_kind: str
    subject_id: str
    detail: dict[str, Any]


# The detail's JSON: one encoder for every row (`json.dumps` with these options builds a new one
# each call, half its cost for an audit row's small dict; the text is the same).
_DETAIL = json.JSONEncoder(sort_keys=True, default=str).encode


def row(actor: str, action: str, subject_kind: str, subject_id: str, **detail: Any) -> tuple[str, ...]:
    """One audit row's values, for `record_many`."""
    return stamped(clock.now_iso(), actor, action, subject_kind, subject_id, detail)


def stamped(
    at: str, actor: str, action: str, subject_kind: str, subject_id: str, detail: dict[str, Any]
) -> tuple[str, ...]:
    """`row` at the time `at`: a batch's rows stamped with its transaction's one instant."""
    return (at, actor, action, subject_kind, str(subject_id), _DETAIL(detail))


def captured(
    at: str,
    actor: str,
    memory_id: str,
    memory_type: str,
    space: str | None,
    digest: str,
    supersedes: str | None,
    entities: Sequence[str],
) -> tuple[str, ...]:
    """`stamped` for a capture's row ("capture", "memory"), its detail's JSON written out: the same
    text as the encoder's (keys sorted, ASCII), 2 us against 6 through it, once a memory of an import."""
    detail = (
        f'{{"content_hash": {_quoted(digest)}, "entities": [{", ".join(map(_quoted, entities))}], '
        f'"space": {_maybe(space)}, "supersedes": {_maybe(supersedes)}, "type": {_quoted(memory_type)}}}'
    )
    return (at, actor, "capture", "memory", memory_id, detail)


_quoted = json.encoder.encode_basestring_ascii  # what the encoder writes for a text (ensure_ascii)


def _maybe(value: str | None) -> str:
    return "null" if value is None else _quoted(value)


def record(db: Database, actor: str, action: str, subject_kind: str, subject_id: str, **detail: Any) -> None:
    """Append one row. Must run inside the transaction that makes the change."""
    record_many(db, [row(actor, action, subject_kind, subject_id, **detail)])


def record_many(db: Database, rows: Sequence[tuple[str, ...]]) -> None:
    """Append `row`s in order, one statement for all. Must run inside the transaction that makes the changes."""
    if not db.in_transaction:
        action = rows[0][2] if rows else "?"
        raise RuntimeError(
            f"audit.record({action}) outside a transaction: the change and its audit row must commit together"
        )
    if len(rows) == 1:
        db.execute(_INSERT, rows[0])
    elif rows:
        insert_many(db, _INSERT, rows)


INSERT_SQL = "INSERT INTO audit_log(at, actor, action, subject_kind, subject_id, detail) VALUES (?, ?, ?, ?, ?, ?)"
_INSERT = INSERT_SQL


def entries(
    db: Database, *, since: str | None = None, subject_id: str | None = None, limit: int = 200
) -> list[AuditEntry]:
    """Newest last. `since` is an ISO date or time; `subject_id` matches the subject or ids in the detail."""
    clauses, params = [], []
    if since:
        clauses.append("at >= ?")
        params.append(since)
    if subject_id:
        clauses.append("(subject_id = ? OR instr(detail, ?) > 0)")
        params += [subject_id, json.dumps(subject_id)]
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    rows = db.rows(
        f"SELECT id, at, actor, action, subject_kind, subject_id, detail FROM "
        f"(SELECT * FROM audit_log {where} ORDER BY id DESC LIMIT ?) ORDER BY id",
        (*params, limit),
    )
    return [AuditEntry(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6])) for r in rows]
