"""A person's own imported words heard again when the life rules improve.

An import reads each of the person's own turns (a chat turn of theirs to an assistant, a turn of theirs
in a chat between people, a paragraph of their notes) for their life once (memory/correction.heard):
a turn that states their home, job, partner ... is typed and compared with what they said before it.
A turn the rules of that day did not read stays an untyped note, and a later quire's better rules
would never see it: no review item, no About me line, no recall channel. So a rebuild (the nightly
job) whose quire reads with a newer `statements.READING` than the one the home's turns were heard
with hears again every live turn of theirs still untyped, oldest first, as an import with these
rules would have heard it (`correction.act_on`), in batches that each commit with a cursor, like
`statements.reread`: a killed run goes on from where it was, two devices of a server home do not both
do it, and a newer quire's reading is left alone.

What a person decided stays as it was: only a turn untouched since its import is heard (status
active, still a note or an untyped fact, version 1: never edited, confirmed or retyped by hand, nor
forgotten); a change they accepted or dismissed is not asked again (`correction.Decided`), a fact they
confirmed or edited is not superseded at once (an item asks them); an item already open is not opened
twice (`review.enqueue` reuses it).

Which turns are the person's own, as the import told them: a chat turn in a conversation with an assistant whose
speaker is no assistant (`conversations.speakers`' rule); a turn of a conversation of one speaker and no
assistant (`chats.between_people`: none, so the turns are theirs; not a Telegram chat, whose import asks whose a
one-sender chat is, nor one whose import was told whose it is: its owner); a turn in a chat between people whose
speaker the import was told is the person (`sessions.owner`: --me, or the export's own account), or, for a chat
imported before the owner was kept, the one of that export the import already read some turn of (typed, or
marked as a part played: the import hears only the person's own, so that speaker was theirs: without such a
turn, nothing of that export is heard, never a friend's "I moved to Lisbon"); a paragraph of a Markdown note
(its import log source is `md:...`) landed as a fact (one of a note of someone else lands as a note). A captured
note (by hand, or a JSONL file's) is heard when it lands (memory/capture.py `heard`, memory/importer.py), not
heard again here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from memory import audit, correction, meta, review, statements
from memory.conversations import ASSISTANT_SPEAKERS
from memory.db import Database, rows_in

_HEARD_KEY = "life_heard"  # meta: the reading every live untyped turn of the person's was heard with
_CURSOR_KEY = "life_rehearing"  # meta: "<version> <rowid>", a hearing again done up to that memory
BATCH = 500  # turns a batch: read outside the transaction, so its size costs the write lock nothing

_ASSISTANTS = ", ".join(f"'{name}'" for name in sorted(ASSISTANT_SPEAKERS))
_PLAYED = correction.PLAYED_FIELDS.replace("'", "''")
_TYPED_OR_PLAYED = f"(m2.memory_type IN ('identity', 'preference', 'fact') OR m2.structured_fields = '{_PLAYED}')"
# The person's own chat turns (memory ids), as the import told them (the module docstring).
_OWN_TURNS = (
    "SELECT st.memory_id FROM session_turns st JOIN sessions s ON s.id = st.session_id WHERE "
    f"(s.with_assistant = 1 AND lower(st.speaker) NOT IN ({_ASSISTANTS}) AND (st.speaker = 'user' "
    "OR substr(s.source, 1, instr(s.source, ':')) NOT IN ('chatgpt:', 'claude:'))) "
    # one speaker and no assistant: no chat between people, every turn the person's (not a Telegram
    # chat of one sender: a channel's posts are not theirs, the import asked whose they were; nor one
    # the import read sender by sender, its owner told: "WhatsApp Chat with Rui.txt" where only Rui wrote)
    "OR (s.with_assistant = 0 AND json_array_length(s.participants) = 1 AND s.source NOT LIKE 'telegram:%' "
    "AND s.owner IS NULL) "
    # a chat between people: the speaker the import was told is the person (--me, the export's account)
    "OR (s.with_assistant = 0 AND st.speaker = s.owner) "
    "OR (s.with_assistant = 0 AND (s.source, st.speaker) IN (SELECT s2.source, st2.speaker FROM session_turns st2 "
    "JOIN sessions s2 ON s2.id = st2.session_id JOIN memories m2 ON m2.id = st2.memory_id "
    f"WHERE s2.with_assistant = 0 AND {_TYPED_OR_PLAYED}))"
)
_OWN_NOTES = "SELECT memory_id FROM import_log WHERE source >= 'md:' AND source < 'md;'"  # (';' follows ':')
# Heard at import and untouched since: still untyped (a note, or a note's paragraph as an untyped fact).
_UNTOUCHED = (
    "m.status = 'active' AND m.memory_type IN ('note', 'fact') "
    f"AND m.structured_fields IN ('{{}}', '{_PLAYED}') AND m.version = 1"
)
# A note's paragraph lands as a fact, save one of a note of someone ("# Tom" then "Lives in Boston": Tom's,
# landed as a note, memory/importer.py): that one was not the person's at its import, nor is it here.
_OWN = f"{_UNTOUCHED} AND (m.id IN ({_OWN_TURNS}) OR (m.memory_type = 'fact' AND m.id IN ({_OWN_NOTES})))"
_BATCH_SQL = f"SELECT m.rowid, m.id, m.content FROM memories m WHERE m.rowid > ? AND {_OWN} ORDER BY m.rowid LIMIT ?"

Reader = Callable[[list[tuple[str, str]]], correction.Heard]


def _importing(source: str) -> str:
    """The meta key marking an import of `source` under way (a digest: no path is kept in it)."""
    return "importing:" + hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def killed_before(db: Database, source: str) -> bool:
    """Whether an import of `source` was marked under way (`begin_import`) and never ended: a run of it
    was killed (or failed) between storing a batch and hearing it, so its logged turns still untouched
    are to be heard as they are met again (`untouched`), as that run would have heard them; else the
    re-run found them imported and they were never heard (no About me line, no review item)."""
    return meta.get(db, _importing(source)) is not None


def begin_import(db: Database, source: str) -> bool:
    """Mark an import of `source` under way until `end_import` (before its first batch is stored);
    returns `killed_before`."""
    with db.transaction():
        killed = killed_before(db, source)
        meta.put(db, _importing(source), "1")
    return killed


def end_import(db: Database, source: str) -> None:
    with db.transaction():
        meta.drop(db, _importing(source))


def untouched(db: Database, ids: Sequence[str]) -> set[str]:
    """Of these memories, those still as their import stored them (untyped, never edited: `_UNTOUCHED`)."""
    return {
        str(r[0]) for r in rows_in(db, f"SELECT m.id FROM memories m WHERE m.id IN ({{marks}}) AND {_UNTOUCHED}", ids)
    }


def recorded(db: Database) -> int:
    """The reading the home's turns were heard with (0: unknown, heard before it was kept)."""
    value = meta.get(db, _HEARD_KEY) or ""
    return int(value) if value.isascii() and value.isdigit() else 0


def heard_from_the_start(db: Database) -> None:
    """Record this reading for a home that holds no turn of the person's yet (a new home, before its first
    import): each turn it will hold is heard at import by these rules, so its first rebuild hears none
    again (a 100,000-message history read a second time, about 2 ms an untyped turn, for nothing). A home
    an older quire imported into keeps no record: its turns are heard again once. One meta read when the
    record is there; the look for a turn only while it is not (a new home's, at once)."""
    if recorded(db) or db.scalar(f"SELECT 1 FROM memories m WHERE {_OWN} LIMIT 1") is not None:
        return
    with db.transaction():
        if not recorded(db):
            meta.put(db, _HEARD_KEY, str(statements.READING))


def pending(db: Database, version: int = statements.READING) -> int | None:
    """How many of the person's own untyped turns a hearing again with `version` has still to hear
    (None: none is due, the home's turns were heard with this reading or a newer quire's)."""
    if recorded(db) >= version:
        return None
    after = _cursor(db, version)
    if after is None:
        return None
    return int(db.scalar(f"SELECT count(*) FROM memories m WHERE m.rowid > ? AND {_OWN}", (after,)))


def _cursor(db: Database, version: int) -> int | None:
    """Where a hearing again with `version` goes on from (the rowid heard last; 0: from the start).
    None while a newer quire's is under way (another device of a server home: its rules win)."""
    return statements.cursor(db, _CURSOR_KEY, version)


def rehear(
    db: Database,
    *,
    read: Reader = correction.read_turns,
    version: int = statements.READING,
    actor: str = "rebuild",
    batch: int = BATCH,
    progress_from: int = 5000,
) -> int | None:
    """Hear again every live untyped turn of the person's when the home's were heard with an older
    reading than `version` (one meta read when not): `batch` turns at a time, read outside any
    transaction and acted on in one that moves the cursor past them, so a killed run leaves each
    turn heard or not and the next run (on any device of a server home) goes on from there. The
    version is recorded when the last batch is done. Progress on stderr past `progress_from` turns.
    Returns how many turns were heard (None: nothing was due)."""
    left = pending(db, version)
    if left is None:
        return None
    said = f"hearing again what {left} of your turns say"
    return statements.in_batches(lambda: _next(db, read, version, batch, actor), said if left >= progress_from else "")


def _next(db: Database, read: Reader, version: int, size: int, actor: str) -> int | None:
    """One batch: the turns past the cursor read (outside a transaction: about 2 ms a turn), then acted
    on in transactions of at most WRITE_TYPED turns that state something (each compared with up to 500
    statements while the write lock is held: 39 ms a turn in a 3,000-turn home at load 10 on 2 cores),
    each moving the cursor past its turns
    (as `statements._next`, whose notes hold here too). Returns how many were heard (0: another device
    moved the cursor meanwhile, so look again); None when the run is over: the version recorded, or a
    newer reading recorded or under way."""
    with db.transaction():
        after = _cursor(db, version) if recorded(db) < version else None
        rows = db.rows(_BATCH_SQL, (after, size)) if after is not None else []
    if after is None:
        return None
    if not rows:
        return _finish(db, version, after, actor)
    texts = {str(mid): str(content) for _, mid, content in rows}
    heard = read(list(texts.items()))
    done = 0
    for part in _parts([(int(rowid), str(mid)) for rowid, mid, _ in rows], heard):
        with db.transaction():
            if recorded(db) >= version or _cursor(db, version) != after:
                return done
            # as they are now: a turn forgotten, edited or typed meanwhile is left as it is
            ids = [mid for _, mid in part]
            now = rows_in(
                db,
                f"SELECT m.id, m.content, m.structured_fields FROM memories m WHERE m.id IN ({{marks}}) AND {_OWN}",
                ids,
            )
            same = {str(mid) for mid, content, _ in now if texts[str(mid)] == str(content)}
            marked = {str(mid) for mid, _, fields in now if fields != "{}"}  # (played: marked already, not again)
            correction.act_on(db, heard.among(same, marked), actor=actor, decided=_decided(db))
            after = part[-1][0]
            meta.put(db, _CURSOR_KEY, f"{version} {after}")
        done += len(part)
    return done


WRITE_TYPED = 10  # turns that state something a write transaction acts on (the write lock's hold: `_next`)


def _parts(rows: list[tuple[int, str]], heard: correction.Heard) -> list[list[tuple[int, str]]]:
    """The batch's (rowid, id) in runs of at most WRITE_TYPED turns that state something."""
    typed = {t[0] for t in heard.typed}
    parts: list[list[tuple[int, str]]] = [[]]
    count = 0
    for row in rows:
        if row[1] in typed:
            if count == WRITE_TYPED:
                parts.append([])
                count = 0
            count += 1
        parts[-1].append(row)
    return parts


def _finish(db: Database, version: int, after: int, actor: str) -> int | None:
    """Record the version once every turn past the cursor is heard: None, the run is over (0: another
    device moved the cursor meanwhile, so look again)."""
    with db.transaction():
        if recorded(db) >= version:
            return None
        if _cursor(db, version) != after:
            return 0
        meta.put(db, _HEARD_KEY, str(version))
        meta.drop(db, _CURSOR_KEY)
        if after:  # (a home with nothing to hear records its reading without a line in the log)
            audit.record(db, actor, "life_reheard", "store", "memories", reading=version)
    return None


def _decided(db: Database) -> correction.Decided:
    """The life changes a person accepted or dismissed (`correction.Decided`)."""
    changes = set()
    for payload in review.decided_payloads(db, correction.LIFE_REASON):
        attribute, was, now = (str(payload.get(k) or "") for k in ("attribute", "was", "now"))
        if attribute and now:
            changes.add((attribute, was.casefold(), now.casefold()))
    return correction.Decided(frozenset(changes))
