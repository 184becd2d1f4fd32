"""Forgetting a memory: its text rewritten out of every stored copy, its fingerprint tombstoned,
and the review items it makes moot closed. Above the tombstones and the review queue, which it
both uses (the queue tombstones a dismissed change, so the two could not live in either).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from memory import audit, clock, entities, gate, names, review, statements, supersede, textcache
from memory.db import Database, rows_in
from memory.errors import NotFound, StoreError
from memory.store import LIVE
from memory.tombstones import FORGOTTEN, Change, add, expand, live_for, needles, scrub

# -- where a memory's text can land ----------------------------------------------------------------
#
# Every text column of every table, and what forget does to it. `cleared`: the memory's own row
# is emptied. `runs`: every run of RUN words of the forgotten text is cut out of it (a cut-off map
# label, a neighbour turn's cue, a recall query), in every row (`runs`) or in the rows that belong
# to the memory's pages and sessions (`linked`: a common phrase in an unrelated page stays).
# `pieces`: whole sentences and forms of the text are rewritten (memory/tombstones.py `scrub`),
# never a run of words: another memory's own text is its own. `dropped`: rows only the forgotten
# memory used are deleted (entities named by it alone, its relations, its machine pages).
# `none`: holds no text a person wrote (ids, dates, enums, hashes, counts), with why.
# tests/test_forget_everywhere.py reads the schema: a new text column fails until it is listed here.
CLEARED, RUNS, LINKED, PIECES, DROPPED, NONE = "cleared", "runs", "linked", "pieces", "dropped", "none"
PLACES: dict[tuple[str, str], str] = {
    ("memories", "content"): CLEARED,  # other rows: PIECES (none another live memory holds)
    ("memories", "title"): CLEARED,
    ("memories", "retrieval_cue"): CLEARED,  # other rows: RUNS (a chat turn's cue is the turn before)
    ("memories", "structured_fields"): CLEARED,
    ("memories", "source"): CLEARED,  # other rows: LINKED (a chat turn's source names its conversation's title)
    ("memories", "content_hash"): CLEARED,  # becomes the keyed fingerprint
    ("memories", "embedding"): CLEARED,
    # The lexical fold of content, title and cue (m021). Other rows: a scrub that rewrites their text
    # leaves their fold as it was, and a trigger drops it then (memories_lex_stale), so no copy stays.
    ("memories", "lex_content"): CLEARED,
    ("memories", "lex_title"): CLEARED,
    ("memories", "lex_cue"): CLEARED,
    ("memories", "id"): NONE,
    ("memories", "memory_type"): NONE,
    ("memories", "space"): NONE,
    ("memories", "stability"): NONE,
    ("memories", "supersedes"): NONE,
    ("memories", "superseded_by"): NONE,
    ("memories", "supersede_mode"): NONE,
    ("memories", "status"): NONE,
    ("memories", "near_duplicate_of"): NONE,
    ("memories", "valid_from"): NONE,
    ("memories", "valid_to"): NONE,
    ("memories", "created_at"): NONE,
    ("memories", "updated_at"): NONE,
    ("memories", "last_accessed"): NONE,
    ("memories", "source_agent"): NONE,
    ("memories", "embed_model"): NONE,
    ("rejected_captures", "content_redacted"): RUNS,
    ("rejected_captures", "detail"): RUNS,
    ("rejected_captures", "reason"): NONE,
    ("rejected_captures", "similar_to"): NONE,
    ("rejected_captures", "space"): NONE,
    ("rejected_captures", "source_agent"): NONE,
    ("rejected_captures", "created_at"): NONE,
    ("tombstones", "reason"): RUNS,
    ("tombstones", "preview"): NONE,  # at most STUB_CHARS redacted characters, by design
    ("tombstones", "fingerprint"): NONE,
    ("tombstones", "memory_id"): NONE,
    ("tombstones", "kind"): NONE,
    ("tombstones", "created_at"): NONE,
    ("tombstones", "created_by"): NONE,
    ("tombstones", "lifted_at"): NONE,
    ("tombstones", "lifted_by"): NONE,
    ("audit_log", "detail"): RUNS,  # capture rows, recall queries (whole query when it found the memory)
    ("audit_log", "at"): NONE,
    ("audit_log", "actor"): NONE,
    ("audit_log", "action"): NONE,
    ("audit_log", "subject_kind"): NONE,
    ("audit_log", "subject_id"): NONE,
    ("entities", "name"): DROPPED,  # when no other live memory names it (a chat turn: or mentions it)
    ("entities", "name_key"): DROPPED,
    ("entities", "kind"): NONE,
    ("entities", "created_at"): NONE,
    ("memory_entities", "memory_id"): DROPPED,
    ("statements", "memory_id"): DROPPED,  # what the memory stated (memory/statements.py)
    ("statements", "attribute"): DROPPED,  # an attribute can hold a name ("inès school")
    ("relations", "relation_type"): DROPPED,
    ("relations", "source_memory_id"): DROPPED,
    ("relations", "created_at"): NONE,
    ("import_log", "source"): PIECES,  # a file path or export name
    ("import_log", "unit_key"): NONE,  # a digest
    ("import_log", "memory_id"): NONE,
    ("import_log", "imported_at"): NONE,
    ("review_queue", "payload"): RUNS,  # and the memory's own fields, whole (review.erase_words: "now": "Lisbon")
    ("review_queue", "note"): RUNS,
    ("review_queue", "subject_ids"): NONE,
    ("review_queue", "kind"): NONE,
    ("review_queue", "status"): NONE,
    ("review_queue", "choice"): NONE,
    ("review_queue", "created_at"): NONE,
    ("review_queue", "created_by"): NONE,
    ("review_queue", "resolved_at"): NONE,
    ("review_queue", "resolved_by"): NONE,
    ("pages", "body"): LINKED,  # and the vault file; machine pages left with no live memory: DROPPED
    ("pages", "summary"): LINKED,
    ("pages", "title"): LINKED,
    ("pages", "former_titles"): LINKED,
    ("pages", "key"): DROPPED,  # an entity page named only by the forgotten memory
    ("pages", "slug"): DROPPED,
    ("pages", "entity"): DROPPED,
    ("pages", "id"): NONE,
    ("pages", "kind"): NONE,
    ("pages", "space"): NONE,
    ("pages", "input_hash"): NONE,
    ("pages", "written_hash"): NONE,
    ("pages", "seen_hash"): NONE,
    ("pages", "prev_hash"): NONE,
    ("pages", "proposed_hash"): NONE,
    ("pages", "owner"): NONE,
    ("pages", "status"): NONE,
    ("pages", "created_at"): NONE,
    ("pages", "updated_at"): NONE,
    ("page_sources", "page_id"): NONE,
    ("page_sources", "memory_id"): NONE,
    ("page_history", "body"): LINKED,
    ("page_history", "page_id"): NONE,
    ("page_history", "body_hash"): NONE,
    ("page_history", "input_hash"): NONE,
    ("page_history", "edited_by"): NONE,
    ("page_history", "created_at"): NONE,
    ("page_changelog", "summary"): LINKED,
    ("page_changelog", "page_id"): NONE,
    ("page_changelog", "at"): NONE,
    ("page_changelog", "edited_by"): NONE,
    ("page_maps", "page_id"): NONE,
    ("page_maps", "generated_at"): NONE,
    ("page_maps", "created_at"): NONE,
    ("page_maps", "updated_at"): NONE,
    ("page_map_nodes", "label"): LINKED,  # the cut-off start of the memory ("… told me in confidence…")
    ("page_map_nodes", "provenance"): LINKED,
    ("page_map_nodes", "ref_id"): DROPPED,  # nodes of the memory, of its lone entities, of dropped pages
    ("page_map_nodes", "id"): NONE,
    ("page_map_nodes", "page_id"): NONE,
    ("page_map_nodes", "parent_id"): NONE,
    ("page_map_nodes", "ref_kind"): NONE,
    ("page_map_nodes", "status"): NONE,
    ("page_map_nodes", "fingerprint"): NONE,  # ref kind and id only
    ("page_map_nodes", "decided_by"): NONE,
    ("page_map_nodes", "created_at"): NONE,
    ("page_map_nodes", "updated_at"): NONE,
    ("page_map_edges", "label"): LINKED,
    ("page_map_edges", "provenance"): LINKED,
    ("page_map_edges", "id"): NONE,
    ("page_map_edges", "page_id"): NONE,
    ("page_map_edges", "from_node"): NONE,
    ("page_map_edges", "to_node"): NONE,
    ("page_map_edges", "kind"): NONE,
    ("page_map_edges", "status"): NONE,
    ("page_map_edges", "created_at"): NONE,
    ("wiki_runs", "summary"): RUNS,
    ("wiki_runs", "started_at"): NONE,
    ("wiki_runs", "finished_at"): NONE,
    ("wiki_runs", "status"): NONE,
    ("wiki_runs", "snapshot"): NONE,
    ("sessions", "title"): LINKED,  # a conversation's title, when the memory is one of its turns
    ("sessions", "participants"): PIECES,
    ("sessions", "owner"): PIECES,  # the person's own speaker name in a chat between people, as a turn's speaker
    ("sessions", "id"): NONE,
    ("sessions", "source"): PIECES,
    ("sessions", "conversation"): NONE,  # the export's conversation id
    ("sessions", "started_at"): NONE,
    ("sessions", "ended_at"): NONE,
    ("sessions", "created_at"): NONE,
    ("session_turns", "session_id"): NONE,
    ("session_turns", "memory_id"): NONE,
    ("session_turns", "speaker"): PIECES,
    ("applied_writes", "result"): RUNS,  # and every line naming the memory (_blank_result_lines)
    ("applied_writes", "key"): NONE,
    ("applied_writes", "kind"): NONE,
    ("applied_writes", "applied_at"): NONE,
    ("graph_changes", "kind"): NONE,
    ("wiki_changes", "kind"): NONE,  # what changed: m, l, e, s, p
    ("wiki_changes", "row_id"): NONE,  # a memory, entity or page id
    ("meta", "value"): RUNS,
    ("meta", "key"): NONE,
    ("migrations", "name"): NONE,
    ("migrations", "applied_at"): NONE,
    ("spaces", "name"): NONE,
    ("spaces", "description"): PIECES,
    ("spaces", "created_at"): NONE,
}
# Columns the scrub of a forgotten memory's pieces leaves alone: those holding no text a person wrote
# (a field value "identity" or a space's name rewrote every identity memory's type, or failed the
# forget on its foreign key), and the labels of rows the forget deletes by the memory's id.
NOT_SCRUBBED = frozenset(
    [place for place, how in PLACES.items() if how == NONE]
    + [("statements", "attribute"), ("relations", "relation_type")]
)
# Outside the database (the wiki layer scrubs them: wiki/forget.py; docs/forget.md lists them all).
FILES = (
    "the vault's page files (LINKED runs in the memory's pages; dropped pages' files removed; index names)",
    "snapshots/*/tables.json and snapshots/*/files/* (as the pages; dropped pages taken out)",
    "cache/: vector cache files, graph.json, wiki-clusters.npz (removed; rebuilt from the rows)",
    "outbox.db (only what passed the gate; secure_delete, checkpointed and vacuumed after a sync)",
    "backups/*.db, quire.db.replaced-*, quire.db.before-restore-*, a server home's quire.db from before "
    "`store push` (forgotten in each)",
    "another device's vault, snapshots, caches and those files (cleaned by that device's next rebuild or rollback)",
)

RUN = 3  # words: a run this long of a forgotten text is cut from every derived copy
_WORD = re.compile(r"\w+")


def grams(texts: Iterable[str], n: int = RUN) -> set[tuple[str, ...]]:
    """Every run of n words (case-folded) of the texts."""
    out: set[tuple[str, ...]] = set()
    for text in texts:
        words = [w.casefold() for w in _WORD.findall(text or "")]
        out |= {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}
    return out


def cut_runs(text: str, runs: set[tuple[str, ...]], n: int = RUN) -> str:
    """`text` with every stretch made of runs of `runs` replaced by FORGOTTEN (the words between
    the first and last of a stretch go with it, punctuation and markup included)."""
    if not runs or not text:
        return text
    words = [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(text)]
    covered = [False] * len(words)
    for i in range(len(words) - n + 1):
        if tuple(w[2] for w in words[i : i + n]) in runs:
            for j in range(i, i + n):
                covered[j] = True
    if not any(covered):
        return text
    out, pos, i = [], 0, 0
    while i < len(words):
        if not covered[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(words) and covered[j + 1]:
            j += 1
        out += [text[pos : words[i][0]], FORGOTTEN]
        pos = words[j][1]
        i = j + 1
    out.append(text[pos:])
    return "".join(out)


def cut_json_runs(value: str, runs: set[tuple[str, ...]]) -> str:
    """`cut_runs` for a column that may hold JSON (a review payload, an audit detail, a provenance):
    the runs are cut out of each string in it, keys included, never across its structure (a run
    reading on from a value through the next key once cut a payload into broken JSON). A value
    that is not a JSON object or list is cut as text."""
    if not value.lstrip().startswith(("{", "[")):
        return cut_runs(value, runs)
    try:
        parsed = json.loads(value)
    except ValueError:
        return cut_runs(value, runs)
    cut = _cut_strings(parsed, runs)
    if cut == parsed:
        return value
    # the column's own style when it is one json.dumps writes (key order is kept by loads)
    for style in ({}, {"ensure_ascii": False}, {"separators": (",", ":")}):
        if json.dumps(parsed, **style) == value:
            return json.dumps(cut, **style)
    return json.dumps(cut)


def _cut_strings(value: Any, runs: set[tuple[str, ...]]) -> Any:
    if isinstance(value, str):
        return cut_runs(value, runs)
    if isinstance(value, list):
        return [_cut_strings(v, runs) for v in value]
    if isinstance(value, dict):
        return {cut_runs(k, runs): _cut_strings(v, runs) for k, v in value.items()}
    return value


def _like_patterns(runs: set[tuple[str, ...]]) -> list[str]:
    """LIKE filters for the rows that may hold a run. LIKE folds case for ASCII only, so a word
    with other letters ("Müller") is left to the Python check (a wildcard in the pattern)."""
    return sorted({"%" + "%".join(w if w.isascii() else "" for w in run) + "%" for run in runs})


def scrub_runs(
    db: Database, table: str, column: str, runs: set[tuple[str, ...]], *, where: str = "", params: Sequence[Any] = ()
) -> int:
    """Cut the runs out of table.column (rows found with LIKE, cut in Python, written by rowid)."""
    changed = 0
    patterns = _like_patterns(runs)
    for start in range(0, len(patterns), 40):
        chunk = patterns[start : start + 40]
        found = db.rows(
            f"SELECT rowid, {column} FROM {table} WHERE ({' OR '.join([f'{column} LIKE ?'] * len(chunk))}) {where}",
            [*chunk, *params],
        )
        for rowid, value in found:
            if not isinstance(value, str):
                continue
            new = cut_json_runs(value, runs)
            if new != value:
                db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (new, rowid))
                changed += 1
    return changed


_SOURCE_LINE = re.compile(r"^(\d+)\. (mem_[0-9a-f]+)\b", re.M)
_FOOTNOTE = re.compile(r"^\[\^m(\d+)\]: “(.*?)”", re.M)


def quoted_in_page(text: str, memory_ids: set[str]) -> list[str]:
    """The texts a rendered page quotes for these memories (its footnotes, matched through its
    Sources list): how a device finds a forgotten memory's words in its own stale files."""
    numbers = {n for n, mid in _SOURCE_LINE.findall(text) if mid in memory_ids}
    return [quote for n, quote in _FOOTNOTE.findall(text) if n in numbers]


def scrub_page_text(db: Database, text: str) -> str:
    """A page text a person saved on a device with stale files: every run of the forgotten memories
    it quotes cut out, so the hand edit stored for every device holds none of them."""
    cited = sorted(set(re.findall(r"mem_[0-9a-f]{12}", text)))
    if not cited:
        return text
    gone = {
        str(r[0]) for r in rows_in(db, "SELECT id FROM memories WHERE status = 'forgotten' AND id IN ({marks})", cited)
    }
    if not gone:
        return text
    return cut_runs(text, grams(quoted_in_page(text, gone)) - kept_runs(db, text, gone))


def kept_runs(db: Database, text: str, gone: set[str], dead: set[str] | None = None) -> set[tuple[str, ...]]:
    """The runs a page quotes of its live memories, other than `gone`: theirs, never cut from it (a
    sentence a kept memory shares with a forgotten one went from its quote, for good in a hand edit).
    `dead`: every memory that is not live, read once for many pages (else looked up here)."""
    cited = sorted({mid for _, mid in _SOURCE_LINE.findall(text)} - gone)
    if not cited:
        return set()
    if dead is not None:
        return grams(quoted_in_page(text, set(cited) - dead))
    live = {str(r[0]) for r in rows_in(db, f"SELECT id FROM memories WHERE {LIVE} AND id IN ({{marks}})", cited)}
    return grams(quoted_in_page(text, live))


def not_live(db: Database) -> set[str]:
    """The ids of the memories that no longer count (forgotten, rejected)."""
    return {str(r[0]) for r in db.rows(f"SELECT id FROM memories WHERE NOT ({LIVE})")}


@dataclass
class Reach:
    """What one forget touched beyond the memory's row, for the wiki layer to finish on disk."""

    runs: set[tuple[str, ...]] = field(default_factory=set)
    pages: set[str] = field(default_factory=set)  # page ids that cited or mapped the memory
    names: list[str] = field(default_factory=list)  # entity names only the forgotten memory used
    entity_keys: list[str] = field(default_factory=list)
    kept_keys: list[str] = field(default_factory=list)  # of lone entities whose name another memory says


@contextlib.contextmanager
def unguarded(db: Database) -> Iterator[None]:
    """Lift the append-only guards of audit_log and page_history inside the caller's transaction."""
    guards = db.rows(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('audit_log', 'page_history') "
        "AND (name LIKE '%no_update' OR name LIKE '%no_delete')"
    )
    for name, _ in guards:
        db.execute(f"DROP TRIGGER {name}")
    try:
        yield
    finally:
        for _, sql in guards:
            db.execute(sql)


def _reach(db: Database, memory_id: str, texts: list[str]) -> tuple[Reach, list[int], list[str]]:
    """What the forget must reach beyond the row: word runs, the memory's pages, its lone entities
    (named by no other memory that is not forgotten), its sessions."""
    reach = Reach(runs=grams(texts))
    reach.pages = {
        str(r[0])
        for r in db.rows(
            "SELECT page_id FROM page_sources WHERE memory_id = ? UNION "
            "SELECT page_id FROM page_map_nodes WHERE ref_kind = 'memory' AND ref_id = ? UNION "
            # a page that cited it in an older version only (it was superseded, then forgotten)
            "SELECT page_id FROM page_history WHERE instr(body, ?) > 0",
            (memory_id, memory_id, memory_id),
        )
    }
    lone = db.rows(
        "SELECT e.id, e.name, e.name_key FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
        "WHERE me.memory_id = ? AND NOT EXISTS (SELECT 1 FROM memory_entities o JOIN memories m ON m.id = o.memory_id "
        "WHERE o.entity_id = e.id AND o.memory_id != ? AND m.status != 'forgotten')",
        (memory_id, memory_id),
    )
    reach.names = [str(r[1]) for r in lone]
    reach.entity_keys = [str(r[2]) for r in lone]
    sessions = [
        str(r[0]) for r in db.rows("SELECT DISTINCT session_id FROM session_turns WHERE memory_id = ?", (memory_id,))
    ]
    if sessions:  # a chat turn: its pages map the names its text mentions (wiki/synth.turn_entities)
        for key, name in _mentioned_alone(db, memory_id, texts[0]):
            if key not in reach.entity_keys:
                reach.names.append(name)
                reach.entity_keys.append(key)
    # Pages of those entities (and the pages that mapped them) are the memory's too.
    for key in reach.entity_keys:
        reach.pages |= {
            str(r[0])
            for r in db.rows(
                "SELECT page_id FROM page_map_nodes WHERE ref_kind = 'entity' AND ref_id = ? UNION "
                "SELECT id FROM pages WHERE kind = 'entity' AND key LIKE ?",
                (key, f"entity:%:{key}"),
            )
        }
    # The pages quoting the other turns of its conversations: their footnotes give each turn's
    # source, which names the conversation's title (an assistant titles a chat from its first turn).
    reach.pages |= {
        str(r[0])
        for r in rows_in(
            db,
            "SELECT DISTINCT ps.page_id FROM page_sources ps JOIN session_turns st ON st.memory_id = ps.memory_id "
            "WHERE st.session_id IN ({marks})",
            sessions,
        )
    }
    _leave_what_others_say(db, memory_id, reach)
    return reach, [int(r[0]) for r in lone], sessions


def _leave_what_others_say(db: Database, memory_id: str, reach: Reach) -> None:
    """Runs and lone names a live memory of the same pages says in its own words are its own: cut,
    they took its quote and its Now line ("Home: Ljubljana") out of About me, and out of a hand
    edited one for good. Its entity still goes when no other memory is linked to it."""
    kept: set[tuple[str, ...]] = set()
    texts = rows_in(
        db,
        f"SELECT DISTINCT m.content FROM page_sources ps JOIN memories m ON m.id = ps.memory_id "
        f"WHERE ps.page_id IN ({{marks}}) AND m.id != ? AND m.{LIVE}",
        sorted(reach.pages),
        after=(memory_id,),
    )
    # The open review items quote their memories too (a change before any rebuild is on no page).
    reviewed: set[str] = set()
    for (subjects,) in db.rows("SELECT subject_ids FROM review_queue WHERE status IN ('pending', 'awaiting_review')"):
        with contextlib.suppress(ValueError, TypeError):
            reviewed |= {str(i) for i in json.loads(subjects) if i != memory_id}
    texts += rows_in(db, f"SELECT content FROM memories WHERE {LIVE} AND id IN ({{marks}})", sorted(reviewed))
    for (content,) in texts:
        kept |= grams([content]) & reach.runs
    reach.runs -= kept
    said = {n for n in reach.names if _said_elsewhere(db, memory_id, n)}
    reach.kept_keys = [entities.key(n) for n in said]
    reach.names = [n for n in reach.names if n not in said]


def _said_elsewhere(db: Database, memory_id: str, name: str) -> bool:
    """Whether another live memory's text has `name` as a word of its own (not "Ana" in "banana")."""
    for (content,) in db.rows(
        f"SELECT content FROM memories WHERE id != ? AND {LIVE} AND instr(lower(content), lower(?)) > 0 LIMIT 50",
        (memory_id, name),
    ):
        if _cut_word(content.casefold(), name.casefold()) != content.casefold():
            return True
    return False


def _mentioned_alone(db: Database, memory_id: str, content: str) -> list[tuple[str, str]]:
    """(key, name) of each name the text mentions (memory/names.py) that no other memory still
    counted mentions or is linked to: what only this one put on its pages' maps."""
    out = []
    for found in names.extract(content):
        key = entities.key(found.name)
        other = db.scalar(
            f"SELECT 1 FROM memories WHERE id != ? AND {LIVE} AND instr(lower(content), lower(?)) > 0 "
            "UNION ALL SELECT 1 FROM entities e JOIN memory_entities me ON me.entity_id = e.id "
            "WHERE e.name_key = ? AND me.memory_id != ? LIMIT 1",
            (memory_id, found.name, key, memory_id),
        )
        if other is None:
            out.append((key, found.name))
    return out


def _scrub_reach(db: Database, memory_id: str, reach: Reach, lone: list[int], sessions: list[str]) -> None:
    """Cut the memory's word runs out of every RUNS place, and of the LINKED places of its pages and
    sessions; drop its lone entities and relations; blank the recall queries that found it."""
    runs = reach.runs
    linked = sorted(reach.pages)
    with unguarded(db):
        for (table, column), how in PLACES.items():
            if how == RUNS:
                scrub_runs(db, table, column, runs)
        scrub_runs(db, "memories", "retrieval_cue", runs, where="AND id != ?", params=(memory_id,))
        _scrub_linked_pages(db, runs, linked)
        for sid in sessions:
            scrub_runs(db, "sessions", "title", runs, where="AND id = ?", params=(sid,))
            # Each turn's source is "<title> #<place>": the title's copies go with it.
            turns = "AND id IN (SELECT memory_id FROM session_turns WHERE session_id = ?)"
            scrub_runs(db, "memories", "source", runs, where=turns, params=(sid,))
        _blank_recall_queries(db, memory_id)
        _blank_result_lines(db, memory_id)
        review.erase_words(db, memory_id)  # its own fields in the items naming it (a value is one word)
        _scrub_lone_names(db, memory_id, reach, linked)
    _drop_lone_entities(db, memory_id, reach, lone)


# The places of a page (by its id column) the memory's word runs are cut out of.
PAGE_PLACES = (
    ("pages", "body", "id"),
    ("pages", "summary", "id"),
    ("pages", "title", "id"),
    ("pages", "former_titles", "id"),
    ("page_history", "body", "page_id"),
    ("page_changelog", "summary", "page_id"),
    ("page_map_nodes", "label", "page_id"),
    ("page_map_nodes", "provenance", "page_id"),
    ("page_map_edges", "label", "page_id"),
    ("page_map_edges", "provenance", "page_id"),
)


def _scrub_linked_pages(db: Database, runs: set[tuple[str, ...]], linked: list[str]) -> None:
    for start in range(0, len(linked), 200):
        ids = linked[start : start + 200]
        marks = ",".join("?" * len(ids))
        for table, column, key in PAGE_PLACES:
            scrub_runs(db, table, column, runs, where=f"AND {key} IN ({marks})", params=ids)


def _blank_recall_queries(db: Database, memory_id: str) -> None:
    """A recall that found the memory: its query asked about it, whatever its words."""
    for rowid, detail in db.rows(
        "SELECT rowid, detail FROM audit_log WHERE action = 'recall_access' AND instr(detail, ?) > 0",
        (f'"{memory_id}"',),
    ):
        with contextlib.suppress(ValueError, TypeError):
            data = json.loads(detail)
            if data.get("query"):
                data["query"] = FORGOTTEN
                db.execute("UPDATE audit_log SET detail = ? WHERE rowid = ?", (json.dumps(data, sort_keys=True), rowid))


def _blank_result_lines(db: Database, memory_id: str) -> None:
    """A write's recorded result (a server's applied_writes, read back when a send is retried)
    holds the lines the write reported, and a line about the memory says what it read in it
    ("mem_a changes mem_b (home: Vienna -> Lisbon)"): one word, no run of three finds it. Every
    string of the result that names the memory, beyond its bare id, is written as FORGOTTEN."""

    def blank(value: Any) -> Any:
        if isinstance(value, str):
            return FORGOTTEN if memory_id in value and value.strip() != memory_id else value
        if isinstance(value, list):
            return [blank(v) for v in value]
        if isinstance(value, dict):
            return {k: blank(v) for k, v in value.items()}
        return value

    for rowid, result in db.rows("SELECT rowid, result FROM applied_writes WHERE instr(result, ?) > 0", (memory_id,)):
        with contextlib.suppress(ValueError, TypeError):
            data = json.loads(result)
            new = blank(data)
            if new != data:
                db.execute("UPDATE applied_writes SET result = ? WHERE rowid = ?", (json.dumps(new), rowid))


def _scrub_lone_names(db: Database, memory_id: str, reach: Reach, linked: list[str]) -> None:
    """Names only this memory used: out of its own audit rows (the capture's entity list) and
    out of its pages (a map node names the entity)."""
    if reach.names and linked:
        _scrub_names_in_revisions(db, sorted(set(reach.names), key=lambda n: (-len(n), n)), linked)
    cut = set(reach.names) | (set(reach.entity_keys) - set(reach.kept_keys))
    for name in sorted(cut, key=lambda n: (-len(n), n)):
        for form in {name, json.dumps(name)[1:-1]}:
            db.execute(
                "UPDATE audit_log SET detail = replace(detail, ?, ?) WHERE subject_id = ? AND instr(detail, ?) > 0",
                (form, FORGOTTEN, memory_id, form),
            )
            for start in range(0, len(linked), 200):
                ids = linked[start : start + 200]
                marks = ",".join("?" * len(ids))
                for table, column, key in (("pages", "body", "id"), ("page_history", "body", "page_id")):
                    db.execute(
                        f"UPDATE {table} SET {column} = replace({column}, ?, ?) "
                        f"WHERE {key} IN ({marks}) AND instr({column}, ?) > 0",
                        (form, FORGOTTEN, *ids, form),
                    )


def _scrub_names_in_revisions(db: Database, names: list[str], linked: list[str]) -> None:
    """Names only the forgotten memory used, out of its pages' revisions in review (waiting or
    resolved): each holds the page's texts, whose map names the entity ("Ljubljana" stayed in a hand
    edited About me's revision after the turn that said it was forgotten). Each text of the item is
    scrubbed, never its keys."""
    pages = set(linked)

    def cut(value: Any) -> Any:
        if isinstance(value, str):
            for name in names:
                value = _cut_word(value, name)
            return value
        if isinstance(value, list):
            return [cut(v) for v in value]
        return {k: cut(v) for k, v in value.items()} if isinstance(value, dict) else value

    for item_id, payload in db.rows("SELECT id, payload FROM review_queue WHERE kind = 'page_revision'"):
        with contextlib.suppress(ValueError, TypeError):
            data = json.loads(payload)  # its text as JSON writes it: "Zürich" is Z\u00fcrich there
            if isinstance(data, dict) and data.get("page_id") in pages and (scrubbed := cut(data)) != data:
                db.execute(
                    "UPDATE review_queue SET payload = ? WHERE id = ?", (json.dumps(scrubbed, sort_keys=True), item_id)
                )


def _cut_word(text: str, name: str) -> str:
    """`text` with each `name` standing as a word of its own (a key cut out of "start" would take "art"
    with it) written as FORGOTTEN. No regex: `re` keeps each pattern it compiles, the forgotten name in it."""
    out, at = [], 0
    while name and (found := text.find(name, at)) >= 0:
        end = found + len(name)
        alone = (found == 0 or not _word_char(text[found - 1])) and (end == len(text) or not _word_char(text[end]))
        out.append(text[at:found] + (FORGOTTEN if alone else name))
        at = end
    return "".join(out) + text[at:] if out else text


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _drop_lone_entities(db: Database, memory_id: str, reach: Reach, lone: list[int]) -> None:
    """The memory's relations, the entities only it named, and their map nodes with their edges."""
    db.execute(
        "DELETE FROM relations WHERE source_memory_id = ?",
        (memory_id,),
    )
    if lone:
        marks = ",".join("?" * len(lone))
        db.execute(f"DELETE FROM relations WHERE from_entity IN ({marks}) OR to_entity IN ({marks})", [*lone, *lone])
        db.execute(f"DELETE FROM memory_entities WHERE entity_id IN ({marks})", lone)
        db.execute(f"DELETE FROM entities WHERE id IN ({marks})", lone)
    for key in reach.entity_keys:
        nodes = [
            r[0] for r in db.rows("SELECT id FROM page_map_nodes WHERE ref_kind = 'entity' AND ref_id = ?", (key,))
        ]
        for start in range(0, len(nodes), 200):
            ids = nodes[start : start + 200]
            marks = ",".join("?" * len(ids))
            db.execute(f"DELETE FROM page_map_edges WHERE from_node IN ({marks}) OR to_node IN ({marks})", [*ids, *ids])
            db.execute(f"UPDATE page_map_nodes SET parent_id = NULL WHERE parent_id IN ({marks})", ids)
            db.execute(f"DELETE FROM page_map_nodes WHERE id IN ({marks})", ids)


def forget(
    db: Database,
    memory_id: str,
    *,
    actor: str,
    reason: str = "",
    extra: list[str] | None = None,
    reach: Reach | None = None,
) -> Change:
    """Forget a memory: out of FTS, vectors, graph and pages, every stored copy of its text
    rewritten (memory/tombstones.py says which), and its fingerprint tombstoned. `extra` adds forms of
    the text other layers render (a page's escaped sentences)."""
    reason = gate.redact(reason)  # a key pasted into the reason is not kept (tombstone, audit)
    try:
        return _forget_here(db, memory_id, actor=actor, reason=reason, extra=extra, reach=reach)
    finally:
        textcache.drop()  # nothing of the text stays in this process's caches either


def forgotten_count(db: Database) -> int:
    """How many memories were forgotten: a long-running process that sees it move drops its caches."""
    return int(db.scalar("SELECT count(*) FROM memories WHERE status = 'forgotten'"))


def _forget_here(
    db: Database, memory_id: str, *, actor: str, reason: str, extra: list[str] | None, reach: Reach | None
) -> Change:
    if db.remote:
        # sqld refuses PRAGMA secure_delete and VACUUM over its protocol: the rows (and the FTS
        # segments, merged below) are rewritten; the server's free pages are the server's to reclaim.
        return _forget(db, memory_id, actor=actor, reason=reason, extra=extra, reach=reach)
    # Zero freed space as the rows are rewritten, so the old text is not left in free pages.
    db.execute("PRAGMA secure_delete = ON")
    try:
        return _forget(db, memory_id, actor=actor, reason=reason, extra=extra, reach=reach)
    finally:
        db.execute("PRAGMA secure_delete = OFF")
        # Pages freed earlier (before this forget, without secure_delete) may still hold the text:
        # VACUUM rewrites the file from live rows only; the checkpoint clears the write-ahead log.
        # A busy store keeps working; the rows themselves are rewritten.
        with contextlib.suppress(StoreError):
            db.execute("VACUUM")
            db.rows("PRAGMA wal_checkpoint(TRUNCATE)")


def _forget(
    db: Database, memory_id: str, *, actor: str, reason: str, extra: list[str] | None, reach: Reach | None
) -> Change:
    with db.transaction():
        row = db.one("SELECT status, content FROM memories WHERE id = ?", (memory_id,))
        if row is None:
            raise NotFound(f"no memory {memory_id!r}; find ids with `quire recall QUERY` or `quire log`")
        if row["content"] == FORGOTTEN:
            found = db.scalar(
                "SELECT id FROM tombstones WHERE memory_id = ? AND lifted_at IS NULL ORDER BY id DESC LIMIT 1",
                (memory_id,),
            )
            live = None if found is None else int(found)
        else:
            live = live_for(db, row["content"])
        if row["status"] == "forgotten" and (live is not None or row["content"] == FORGOTTEN):
            return Change(False, f"{memory_id} was already forgotten (tombstone {live})", live)
        captured = review.captured_text(review.items_for_memory(db, memory_id), memory_id)
        pieces = needles(db, memory_id, [captured] if captured else [])
        full = db.one(
            "SELECT content, title, retrieval_cue, structured_fields FROM memories WHERE id = ?", (memory_id,)
        )
        assert full is not None  # read in this transaction just above
        texts = [full["content"], full["title"], captured or "", *(extra or [])]
        with contextlib.suppress(ValueError, AttributeError):
            texts += [str(v) for v in json.loads(full["structured_fields"] or "{}").values()]
        found, lone, sessions = _reach(db, memory_id, texts)
        if reach is not None:
            reach.runs, reach.pages, reach.names = found.runs, found.pages, found.names
            reach.entity_keys, reach.kept_keys = found.entity_keys, found.kept_keys
        if row["status"] != "forgotten":
            # The embedding goes too: a forgotten memory must not come back through any vector path.
            db.execute(
                "UPDATE memories SET status = 'forgotten', embedding = NULL, embed_model = NULL, updated_at = ?, "
                "version = version + 1 WHERE id = ?",
                (clock.now_iso(), memory_id),
            )
            audit.record(db, actor, "forget", "memory", memory_id, reason=reason, was=row["status"])
        current = supersede.mend_after_forget(db, memory_id, row["status"], actor=actor)
        tomb = add(db, memory_id, kind="forget", reason=reason, actor=actor)
        closed = review.close_for_forgotten(db, memory_id, actor=actor)
        fingerprint = db.scalar("SELECT fingerprint FROM tombstones WHERE id = ?", (tomb,))
        db.execute(
            "UPDATE memories SET content = ?, title = '', retrieval_cue = '', structured_fields = '{}', source = '', "
            "content_hash = ?, lex_content = NULL, lex_title = NULL, lex_cue = NULL WHERE id = ?",
            (FORGOTTEN, fingerprint, memory_id),
        )
        scrub(db, sorted(set(pieces) | set(expand(extra or [])), key=lambda p: (-len(p), p)), skip=NOT_SCRUBBED)
        _scrub_reach(db, memory_id, found, lone, sessions)
        db.execute("DELETE FROM memory_entities WHERE memory_id = ?", (memory_id,))
        statements.drop(db, [memory_id])
    return Change(True, _forgot(memory_id, tomb, current, closed), tomb)


def _forgot(memory_id: str, tomb: int, current: list[str], closed: list[int]) -> str:
    """The forget's answer: its tombstone, the version made current again, the review items closed."""
    again = f"; {', '.join(current)}, the version it replaced, is current again (forget it too if it should go)"
    closed_note = f"; closed review item(s) {', '.join(map(str, closed))}" if closed else ""
    return (
        f"forgot {memory_id}; tombstone {tomb} refuses the same text from now on "
        f"(undo with `quire tombstones lift {tomb}`){again if current else ''}{closed_note}"
    )
