"""Conversations imported from chat exports (the `sessions` table), and which memory holds which
message. Not to be confused with memory.session, an open home.

A session is keyed by (source, conversation id in the source), so importing the same export
again finds it again. `session_turns` maps (session, position, part) to the memory holding that
message; positions count every message of the conversation (assistant turns and dropped ones
included), so gaps show where something was not kept.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from memory import clock, gate
from memory.db import Database, gather, in_queries, insert_many, rows_in


@dataclass(frozen=True)
class Place:
    """Where a memory sits in a conversation (its first occurrence, if it was said twice)."""

    session_id: str
    position: int
    title: str


@dataclass(frozen=True)
class Turn:
    position: int
    speaker: str
    memory_id: str
    content: str


@dataclass(frozen=True)
class SessionSpan:
    """What an import learnt about one conversation: merged into the stored session row."""

    source: str
    conversation: str
    title: str
    started_at: str | None
    ended_at: str | None
    participants: tuple[str, ...]
    with_assistant: bool
    messages: int
    # the speaker whose turns are the person's own in a chat between people (--me, or the export's own
    # account), as the import was told it: a later quire's rules hear that speaker's turns again
    # (memory/rehear.py) even where the rules of the import's day read none of them. '' in a chat of one
    # sender read sender by sender: none of it is the person's (None: not told, a one-sender chat is theirs)
    owner: str | None = None


def session_id(source: str, conversation: str) -> str:
    digest = hashlib.sha256(f"{source}\x00{conversation}".encode()).hexdigest()[:16]
    return f"ses_{digest}"


def owners(db: Database, ids: Sequence[str]) -> dict[str, str | None]:
    """The owner each of the sessions `ids` that exist was told (`SessionSpan.owner`)."""
    return {str(sid): owner for sid, owner in rows_in(db, "SELECT id, owner FROM sessions WHERE id IN ({marks})", ids)}


def upsert_session(db: Database, span: SessionSpan) -> str:
    """Create the session or widen it (time span, participants, message count). Call inside a transaction."""
    sid = session_id(span.source, span.conversation)
    row = db.one(
        "SELECT started_at, ended_at, participants, with_assistant, messages FROM sessions WHERE id = ?", (sid,)
    )
    if row is None:
        db.execute(
            "INSERT INTO sessions(id, source, conversation, title, started_at, ended_at, participants, "
            "with_assistant, messages, created_at, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                sid,
                span.source,
                span.conversation,
                span.title,
                span.started_at,
                span.ended_at,
                json.dumps(list(span.participants), ensure_ascii=False),
                int(span.with_assistant),
                span.messages,
                clock.now_iso(),
                span.owner,
            ),
        )
        return sid
    people = list(json.loads(row["participants"]))
    people += [p for p in span.participants if p not in people]
    starts = [t for t in (row["started_at"], span.started_at) if t]
    ends = [t for t in (row["ended_at"], span.ended_at) if t]
    db.execute(
        "UPDATE sessions SET started_at = ?, ended_at = ?, participants = ?, with_assistant = ?, messages = ?, "
        "owner = CASE WHEN ? IS NULL OR (? = '' AND coalesce(owner, '') != '') THEN owner ELSE ? END WHERE id = ?",
        (
            min(starts) if starts else None,
            max(ends) if ends else None,
            json.dumps(people, ensure_ascii=False),
            int(bool(row["with_assistant"]) or span.with_assistant),
            max(int(row["messages"]), span.messages),
            # an import told no owner, or told none of it is the person's (''), keeps the one an earlier was told
            span.owner,
            span.owner,
            span.owner,
            sid,
        ),
    )
    return sid


def respan(db: Database, sid: str) -> None:
    """The session's time span from its turns' memories as they are dated now: a re-import that
    moved them (memory/chats.py `_redate`) leaves no span of the times read before. Call inside a
    transaction."""
    row = db.one(
        "SELECT min(m.valid_from) AS started, max(m.valid_from) AS ended FROM session_turns st "
        "JOIN memories m ON m.id = st.memory_id WHERE st.session_id = ? AND m.status = 'active'",
        (sid,),
    )
    if row is not None and row["started"] is not None:
        db.execute("UPDATE sessions SET started_at = ?, ended_at = ? WHERE id = ?", (row["started"], row["ended"], sid))


def link_turns(db: Database, rows: Iterable[tuple[str, int, int, str, str]]) -> None:
    """(session id, position, part, memory id, speaker) rows; a row already there is kept (idempotent)."""
    insert_many(
        db,
        "INSERT OR IGNORE INTO session_turns(session_id, position, part, memory_id, speaker) VALUES (?, ?, ?, ?, ?)",
        list(rows),
    )


def relink_turns(db: Database, rows: Iterable[tuple[str, int, int, str, str]]) -> None:
    """Point places at new memories (a message edited in place in a re-imported export)."""
    db.executemany(
        "INSERT INTO session_turns(session_id, position, part, memory_id, speaker) VALUES (?, ?, ?, ?, ?) "
        # the speaker too: a WhatsApp contact's name read whole now ("Work" was "Work: Ana" cut at its colon)
        "ON CONFLICT(session_id, position, part) DO UPDATE SET memory_id = excluded.memory_id, "
        "speaker = excluded.speaker",
        list(rows),
    )


def rename_turns(db: Database, rows: Iterable[tuple[str, str, int, int, str]]) -> None:
    """(whole name, session, position, part, cut name): a place's speaker read whole, its memory kept."""
    db.executemany(
        "UPDATE session_turns SET speaker = ? WHERE session_id = ? AND position = ? AND part = ? AND speaker = ?",
        list(rows),
    )


def drop_participant(db: Database, sid: str, name: str) -> None:
    """Take `name` out of the session's participants once none of its turns is theirs (a cut name read whole)."""
    row = db.one(
        "SELECT participants FROM sessions WHERE id = ? AND NOT EXISTS "
        "(SELECT 1 FROM session_turns WHERE session_id = ? AND speaker = ?)",
        (sid, sid, name),
    )
    if row is None:
        return
    people = [p for p in json.loads(row["participants"]) if p != name]
    db.execute("UPDATE sessions SET participants = ? WHERE id = ?", (json.dumps(people, ensure_ascii=False), sid))


def places(db: Database, memory_ids: Sequence[str]) -> dict[str, Place]:
    """Session and position of each memory that came from a conversation."""
    return places_from(gather(db, [places_queries(memory_ids)])[0])


def places_queries(memory_ids: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """The reads of `places` (for `memory.db.gather`, batched with a caller's other reads)."""
    return in_queries(_PLACES.format(where="WHERE st.memory_id IN ({marks}) "), list(dict.fromkeys(memory_ids)))


def every_place(db: Database) -> dict[str, Place]:
    """`places` of every memory that came from a conversation, in one read (a rebuild's chat titles:
    the turns of a whole home, which `places` read in lists of 500 ids)."""
    return places_from(db.rows(_PLACES.format(where="")))


_PLACES = (
    "SELECT st.memory_id, st.session_id, st.position, s.title FROM session_turns st "
    "JOIN sessions s ON s.id = st.session_id {where}ORDER BY st.position DESC, st.session_id DESC"
)


def speakers_queries(memory_ids: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """Who said each memory, for the ids that came from a conversation (the reads, for `gather`)."""
    return in_queries(
        "SELECT memory_id, speaker FROM session_turns WHERE memory_id IN ({marks})", list(dict.fromkeys(memory_ids))
    )


def members(db: Database, session_ids: Sequence[str]) -> dict[str, list[int]]:
    """session id -> the rowids of every memory placed in it (a session's whole text)."""
    out: dict[str, list[int]] = {}
    for sid, rowid in rows_in(
        db,
        "SELECT st.session_id, m.rowid FROM session_turns st JOIN memories m ON m.id = st.memory_id "
        "WHERE st.session_id IN ({marks})",
        list(dict.fromkeys(session_ids)),
    ):
        out.setdefault(sid, []).append(int(rowid))
    return out


def titles(db: Database, session_ids: Sequence[str]) -> dict[str, str]:
    """session id -> its conversation's title ('' when the export gave none)."""
    return {
        str(sid): str(title)
        for sid, title in rows_in(
            db, "SELECT id, title FROM sessions WHERE id IN ({marks})", list(dict.fromkeys(session_ids))
        )
    }


def places_from(rows: Sequence[tuple[Any, ...]]) -> dict[str, Place]:
    out: dict[str, Place] = {}
    for mid, sid, pos, title in rows:
        # The earliest position wins (rows come latest first), whichever session holds it: the place
        # `positions_of` gives the priors, so a memory said in two chats shows the one it ranked by
        # (ordered by session id first, the shown chat was the one whose random id sorted last).
        out[mid] = Place(sid, int(pos), title)
    return out


def positions_of(db: Database, memory_ids: Sequence[str]) -> dict[str, tuple[str, int, bool]]:
    """memory id -> (session id, first position, threaded), for the ids that came from a conversation.

    threaded: the session is between people (no assistant, two or more speakers), where each
    turn leans on the turns around it (memory.chats.between_people makes the same call).
    """
    return positions_from(rows_in(db, _POSITIONS.format(ids="{marks}"), list(dict.fromkeys(memory_ids))))


# Whether any memory came from a conversation (a warm recall in a home without any skips their places).
ANY_TURN_SQL = "SELECT EXISTS (SELECT 1 FROM session_turns)"

_POSITIONS = (
    "SELECT st.memory_id, st.session_id, min(st.position), s.with_assistant, "
    "json_array_length(s.participants) FROM session_turns st JOIN sessions s ON s.id = st.session_id "
    "WHERE st.memory_id IN ({ids}) GROUP BY st.memory_id"
)


def every_position(db: Database) -> dict[str, tuple[str, int, bool]]:
    """`positions_of` for every memory that came from a conversation (a warm recall reading a small home whole)."""
    return positions_from(db.rows(_POSITIONS.format(ids="SELECT memory_id FROM session_turns")))


def positions_queries(rowids: Sequence[int]) -> list[tuple[str, list[Any]]]:
    """The reads of `positions_of` for memories given by rowid (recall batches them with its read
    of the same rows: one round trip to a server); `positions_from` turns their rows into its answer."""
    return in_queries(
        _POSITIONS.format(ids="SELECT id FROM memories WHERE rowid IN ({marks})"), list(dict.fromkeys(rowids))
    )


def positions_from(rows: Iterable[Sequence[Any]]) -> dict[str, tuple[str, int, bool]]:
    return {mid: (sid, int(pos), not assistant and int(people) >= 2) for mid, sid, pos, assistant, people in rows}


def around(db: Database, place: Place, n: int) -> list[Turn]:
    """The stored turns within n positions of `place` (itself included), in conversation order.

    Only live memories show: a forgotten or superseded turn leaves a gap, never its old text.
    """
    return turns_from(db.rows(*around_query(place, n)))


def around_query(place: Place, n: int) -> tuple[str, tuple[Any, ...]]:
    """The read of `around` (for `Database.rows_many`: the turns around every hit in one batch)."""
    return (
        "SELECT st.position, st.speaker, st.memory_id, m.content FROM session_turns st "
        "JOIN memories m ON m.id = st.memory_id "
        "WHERE st.session_id = ? AND st.position BETWEEN ? AND ? AND m.status = 'active' "
        "ORDER BY st.position, st.part",
        (place.session_id, place.position - n, place.position + n),
    )


def turns_from(rows: Sequence[tuple[Any, ...]]) -> list[Turn]:
    return [Turn(int(p), s, mid, c) for p, s, mid, c in rows]


def turns_of_source(db: Database, source: str) -> list[tuple[str, int, str]]:
    """(conversation, position, memory id) of every linked turn imported from `source`."""
    return [
        (conv, int(pos), mid)
        for conv, pos, mid in db.rows(
            "SELECT s.conversation, st.position, st.memory_id FROM session_turns st "
            "JOIN sessions s ON s.id = st.session_id WHERE s.source = ? ORDER BY s.conversation, st.position",
            (source,),
        )
    ]


def openers(db: Database, session_ids: Sequence[str]) -> set[str]:
    """Ids of the memories at the first stored position of each of `session_ids` (a conversation's opening turn)."""
    ids = list(dict.fromkeys(session_ids))
    return {
        str(mid)
        for (mid,) in rows_in(
            db,
            "SELECT st.memory_id FROM session_turns st JOIN (SELECT session_id, min(position) AS first "
            "FROM session_turns WHERE session_id IN ({marks}) GROUP BY session_id) f "
            "ON f.session_id = st.session_id AND st.position = f.first",
            ids,
        )
    }


ASSISTANT_SPEAKERS = frozenset(["assistant", "chatgpt", "claude", "gpt", "ai", "bot", "gemini", "copilot"])


# A memory (`m`) that is no chat turn, as `speakers` tells them: a clause for queries of the memories.
NOT_A_TURN = (
    "NOT EXISTS (SELECT 1 FROM session_turns st JOIN sessions s ON s.id = st.session_id WHERE st.memory_id = m.id)"
)


def assistant_sessions(db: Database) -> list[int]:
    """[sessions, sessions with the assistant]: `speakers` reads the second, and a re-import may
    turn it on for a session without adding a turn."""
    row = db.rows("SELECT count(*), coalesce(sum(with_assistant), 0) FROM sessions")[0]
    return [int(row[0]), int(row[1])]


def turns_among(db: Database, memory_ids: Sequence[str]) -> set[str]:
    """Which of these memories are chat turns (as `speakers` tells them)."""
    return {
        str(r[0])
        for r in rows_in(
            db,
            "SELECT DISTINCT st.memory_id FROM session_turns st JOIN sessions s ON s.id = st.session_id "
            "WHERE st.memory_id IN ({marks})",
            list(dict.fromkeys(memory_ids)),
        )
    }


def speakers(db: Database) -> dict[str, tuple[str, bool]]:
    """Every memory that is a chat turn -> (its speaker, whether an assistant said it): what the
    wiki needs to keep speakers off its pages and the assistant's words apart from the person's.
    A turn said twice (a re-imported export) keeps its first speaker."""
    out: dict[str, tuple[str, bool]] = {}
    for mid, speaker, source, with_assistant in db.rows(
        "SELECT st.memory_id, st.speaker, s.source, s.with_assistant FROM session_turns st "
        "JOIN sessions s ON s.id = st.session_id ORDER BY st.session_id, st.position, st.part"
    ):
        name = str(speaker or "")
        tool = str(source).split(":", 1)[0] in ("chatgpt", "claude")
        assistant = name.casefold() in ASSISTANT_SPEAKERS or (bool(with_assistant) and tool and name != "user")
        out.setdefault(str(mid), (name, assistant))
    return out


def people(db: Database) -> set[str]:
    """Who spoke in a conversation between people (no assistant in it): each one a person by what
    the export says, whatever their name looks like (roles such as "user" left out)."""
    found = db.rows(
        "SELECT DISTINCT st.speaker FROM session_turns st JOIN sessions s ON s.id = st.session_id "
        "WHERE s.with_assistant = 0 AND st.speaker != ''"
    )
    roles = {"user", "human", "system", "tool", "me", "you", *ASSISTANT_SPEAKERS}
    return {str(r[0]) for r in found if str(r[0]).casefold() not in roles}


def speakers_of(db: Database, memory_ids: Sequence[str]) -> dict[str, str]:
    """Who said each memory that came from a conversation (its first occurrence)."""
    out: dict[str, str] = {}
    for mid, speaker in rows_in(
        db,
        "SELECT memory_id, speaker FROM session_turns WHERE memory_id IN ({marks}) ORDER BY position DESC",
        list(dict.fromkeys(memory_ids)),
    ):
        out[str(mid)] = str(speaker)  # the earliest position wins (rows come latest first)
    return out


# -- a turn's cue ---------------------------------------------------------------------------------

CUE_CHARS = 300  # how much of the previous turn becomes the cue (see retrieval/tuning.py)
NAME_CHARS = 80  # how much of a speaker's name the cue holds (the previous turn's and this one's)


def cue_of(previous: str) -> str:
    """The turn before, as far as a cue holds it (CUE_CHARS), a credential in it redacted."""
    return gate.redact(" ".join(previous.split())[:CUE_CHARS])


def turn_cue(previous: str, speaker: str, before: str) -> str:
    """A turn between people's retrieval cue: the turn it answers with who said it, then who says
    this one ("Tom: How is the new place?\nAnna:"). The names are embedded with the turn, as the
    benchmark's turns ("Anna said, ...") always were: LoCoMo's chats imported as WhatsApp exports,
    the names only in the sender field, had 53% of questions with an answer in the top 5 and 28%
    with nothing close ("where does Anna live" met her turns under the floor); with them (and the
    floor calibrated on that form), 73% and 1.3% (docs/recall.md)."""
    said, who, by = cue_of(previous), _name_of(speaker), _name_of(before)
    if said and by:
        said = f"{by}: {said}"
    if not who:
        return said
    return f"{said}\n{who}:" if said else f"{who}:"


def _name_of(speaker: str) -> str:
    return gate.redact(" ".join(speaker.split())[:NAME_CHARS])


_NAMED = re.compile(r"(?:^|\n)[^\n]{1," + str(NAME_CHARS) + r"}:$")


def names_speaker(cue: str) -> bool:
    """Whether a retrieval cue is a turn between people's (`turn_cue`: who says it, last, on a line
    of its own): its vector holds the names and the turn before, not only its own words."""
    return _NAMED.search(cue) is not None
