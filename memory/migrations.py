"""Numbered schema migrations.

Each migration runs in one transaction together with its record in `migrations` and the new
`PRAGMA user_version`; a database whose user_version is newer than the last migration here is
refused untouched. Never edit an applied migration: add a new one.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from memory import audit, conversations, entities, erase, life, statements, tokens, tombstones
from memory.db import Database, schema_too_new

Migration = Callable[[Database], None]
MIGRATIONS: dict[int, tuple[str, Migration]] = {}


def migration(number: int) -> Callable[[Migration], Migration]:
    """Register a migration; numbers are unique and applied in ascending order."""

    def register(fn: Migration) -> Migration:
        if number in MIGRATIONS:
            raise ValueError(f"migration {number} registered twice ({MIGRATIONS[number][0]}, {fn.__name__})")
        MIGRATIONS[number] = (fn.__name__, fn)
        return fn

    return register


def latest() -> int:
    return max(MIGRATIONS)


def current(db: Database) -> int:
    return int(db.scalar("PRAGMA user_version") or 0)


def check_not_newer(db: Database) -> int:
    """The store's schema version; SchemaTooNew when a newer quire wrote it."""
    version = current(db)
    if version > latest():
        raise schema_too_new(db.label, version, latest())
    return version


def apply(db: Database, up_to: int | None = None) -> list[int]:
    """Apply pending migrations (up to `up_to`); returns the numbers applied."""
    version = check_not_newer(db)
    done: list[int] = []
    for number in sorted(MIGRATIONS):
        if number <= version or (up_to is not None and number > up_to):
            continue
        name, fn = MIGRATIONS[number]
        with db.transaction():
            if current(db) >= number:  # another quire opening the same new home applied it while this one waited
                continue
            fn(db)
            db.execute(
                "INSERT INTO migrations(number, name, applied_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%SZ','now'))",
                (number, name),
            )
            db.execute(f"PRAGMA user_version = {int(number)}")
        done.append(number)
    return done


def _run(db: Database, sql: str) -> None:
    """Execute `;`-separated statements one by one (triggers keep their inner `;`)."""
    buffer = ""
    for piece in sql.split(";\n"):
        buffer = f"{buffer};\n{piece}" if buffer else piece
        stripped = buffer.strip()
        if stripped.upper().startswith("CREATE TRIGGER") and not stripped.upper().endswith("END"):
            continue
        if stripped:
            db.execute(stripped)
        buffer = ""


@migration(1)
def m001_core(db: Database) -> None:
    _run(
        db,
        """
CREATE TABLE IF NOT EXISTS migrations (
    number INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE spaces (
    name TEXT PRIMARY KEY,
    description TEXT NOT NULL DEFAULT '',
    is_default INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
CREATE TABLE memories (
    id TEXT PRIMARY KEY,
    content TEXT NOT NULL,
    memory_type TEXT NOT NULL,
    structured_fields TEXT NOT NULL DEFAULT '{}',
    retrieval_cue TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    space TEXT REFERENCES spaces(name),
    confidence REAL NOT NULL,
    effective_confidence REAL NOT NULL,
    stability TEXT NOT NULL DEFAULT 'new' CHECK (stability IN ('new','learned','confirmed')),
    pinned INTEGER NOT NULL DEFAULT 0,
    supersedes TEXT,
    superseded_by TEXT,
    supersede_mode TEXT NOT NULL DEFAULT 'hide' CHECK (supersede_mode IN ('hide','archive')),
    status TEXT NOT NULL DEFAULT 'active'
        CHECK (status IN ('active','pending_revision','superseded','archived','forgotten','rejected')),
    content_hash TEXT NOT NULL,
    near_duplicate_of TEXT,
    valid_from TEXT NOT NULL,
    valid_to TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    access_count INTEGER NOT NULL DEFAULT 0,
    last_accessed TEXT,
    source TEXT NOT NULL DEFAULT '',
    source_agent TEXT NOT NULL DEFAULT 'cli',
    embedding F32_BLOB(384),
    embed_model TEXT,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX idx_memories_hash ON memories(content_hash, space);
CREATE INDEX idx_memories_status ON memories(status, space, memory_type);
CREATE INDEX idx_memories_supersedes ON memories(supersedes) WHERE supersedes IS NOT NULL;
CREATE INDEX idx_memories_unembedded ON memories(id) WHERE embedding IS NULL;
CREATE VIRTUAL TABLE memories_fts USING fts5(content, title, cue, tokenize = 'porter unicode61');
CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories WHEN new.status != 'forgotten' BEGIN
    INSERT INTO memories_fts(rowid, content, title, cue)
    VALUES (new.rowid, new.content, new.title, new.retrieval_cue);
END;
CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.rowid;
END;
CREATE TRIGGER memories_fts_au AFTER UPDATE OF content, title, retrieval_cue, status ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.rowid;
    INSERT INTO memories_fts(rowid, content, title, cue)
    SELECT new.rowid, new.content, new.title, new.retrieval_cue WHERE new.status != 'forgotten';
END;
CREATE TABLE rejected_captures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    content_redacted TEXT NOT NULL,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    similar_to TEXT,
    space TEXT,
    source_agent TEXT NOT NULL DEFAULT 'cli',
    created_at TEXT NOT NULL
);
CREATE TABLE tombstones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fingerprint TEXT NOT NULL,
    memory_id TEXT,
    kind TEXT NOT NULL DEFAULT 'forget',
    reason TEXT NOT NULL DEFAULT '',
    preview TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    created_by TEXT NOT NULL DEFAULT 'cli',
    lifted_at TEXT,
    lifted_by TEXT
);
CREATE UNIQUE INDEX idx_tombstones_live ON tombstones(fingerprint) WHERE lifted_at IS NULL;
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    subject_kind TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX idx_audit_subject ON audit_log(subject_id);
CREATE INDEX idx_audit_at ON audit_log(at);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TABLE entities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL DEFAULT 'concept',
    created_at TEXT NOT NULL
);
CREATE TABLE memory_entities (
    memory_id TEXT NOT NULL REFERENCES memories(id),
    entity_id INTEGER NOT NULL REFERENCES entities(id),
    PRIMARY KEY (memory_id, entity_id)
);
CREATE INDEX idx_memory_entities_entity ON memory_entities(entity_id);
CREATE TABLE relations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    from_entity INTEGER NOT NULL REFERENCES entities(id),
    to_entity INTEGER NOT NULL REFERENCES entities(id),
    relation_type TEXT NOT NULL DEFAULT 'related_to',
    source_memory_id TEXT REFERENCES memories(id),
    created_at TEXT NOT NULL
);
CREATE TABLE vector_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    mem_rowid INTEGER NOT NULL
);
CREATE TRIGGER vector_changes_ai AFTER INSERT ON memories BEGIN
    INSERT INTO vector_changes(mem_rowid) VALUES (new.rowid);
END;
CREATE TRIGGER vector_changes_au AFTER UPDATE OF embedding, embed_model, status ON memories BEGIN
    INSERT INTO vector_changes(mem_rowid) VALUES (new.rowid);
END;
CREATE TABLE import_log (
    source TEXT NOT NULL,
    unit_key TEXT NOT NULL,
    memory_id TEXT,
    imported_at TEXT NOT NULL,
    PRIMARY KEY (source, unit_key)
)
""",
    )
    db.execute("INSERT INTO meta(key, value) VALUES ('db_id', lower(hex(randomblob(8))))")


# -- m002: review queue and correction (curation) ----------------------------------------------


@migration(2)
def m002_review_queue(db: Database) -> None:
    """The review queue a person walks (`quire curate`): revisions, contradictions, page revisions."""
    _run(
        db,
        """
CREATE TABLE review_queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('revision','contradiction','page_revision')),
    subject_ids TEXT NOT NULL DEFAULT '[]',
    payload TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending','awaiting_review','accepted','dismissed','auto_applied')),
    choice TEXT,
    note TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    created_by TEXT NOT NULL DEFAULT 'cli',
    resolved_at TEXT,
    resolved_by TEXT
);
CREATE INDEX idx_review_open ON review_queue(created_at, id) WHERE status IN ('pending','awaiting_review');
CREATE INDEX idx_memories_superseded_by ON memories(superseded_by) WHERE superseded_by IS NOT NULL
""",
    )


# -- m003: pages, page history, page maps (wiki) -----------------------------------------------


@migration(3)
def m003_pages(db: Database) -> None:
    """Wiki pages (derived, except the human decisions on them), their history and page maps.

    pages.body is the text quire believes is on disk; written_hash the bytes quire last wrote;
    seen_hash the bytes last seen there (a file that differs was edited by a person);
    prev_hash/pending_write let a rebuild killed mid-write finish its own write instead of
    mistaking it for a hand edit. page_history is uncapped and append-only.
    """
    _run(
        db,
        """
CREATE TABLE pages (
    id TEXT PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    slug TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('entity','cluster','notes','index')),
    title TEXT NOT NULL,
    space TEXT,
    entity TEXT,
    summary TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    input_hash TEXT NOT NULL DEFAULT '',
    written_hash TEXT,
    seen_hash TEXT,
    prev_hash TEXT,
    pending_write INTEGER NOT NULL DEFAULT 0,
    proposed_hash TEXT,
    owner TEXT NOT NULL DEFAULT 'machine' CHECK (owner IN ('machine','human')),
    version INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','removed','deleted')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX idx_pages_status ON pages(status, space);
CREATE TABLE page_sources (
    page_id TEXT NOT NULL REFERENCES pages(id),
    marker INTEGER NOT NULL,
    memory_id TEXT NOT NULL,
    PRIMARY KEY (page_id, marker)
);
CREATE INDEX idx_page_sources_memory ON page_sources(memory_id);
CREATE TABLE page_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    page_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    body_hash TEXT NOT NULL,
    input_hash TEXT NOT NULL DEFAULT '',
    edited_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (page_id, version)
);
CREATE TRIGGER page_history_no_update BEFORE UPDATE ON page_history BEGIN
    SELECT RAISE(ABORT, 'page_history is append-only');
END;
CREATE TRIGGER page_history_no_delete BEFORE DELETE ON page_history BEGIN
    SELECT RAISE(ABORT, 'page_history is append-only');
END;
CREATE TABLE page_changelog (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    page_id TEXT NOT NULL REFERENCES pages(id),
    version INTEGER NOT NULL,
    at TEXT NOT NULL,
    edited_by TEXT NOT NULL,
    human INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT ''
);
CREATE INDEX idx_page_changelog_page ON page_changelog(page_id, id);
CREATE TABLE page_maps (
    page_id TEXT PRIMARY KEY REFERENCES pages(id),
    revision INTEGER NOT NULL DEFAULT 0,
    map_schema INTEGER NOT NULL DEFAULT 1,
    generated_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE page_map_nodes (
    id TEXT PRIMARY KEY,
    page_id TEXT NOT NULL REFERENCES pages(id),
    parent_id TEXT,
    rank REAL NOT NULL DEFAULT 0,
    ref_kind TEXT NOT NULL CHECK (ref_kind IN ('memory','entity','page','section')),
    ref_id TEXT NOT NULL,
    label TEXT,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('suggested','active','dismissed')),
    pinned INTEGER NOT NULL DEFAULT 0,
    fingerprint TEXT NOT NULL,
    provenance TEXT NOT NULL DEFAULT '{}',
    decided_by TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX idx_pmn_fp ON page_map_nodes(page_id, fingerprint);
CREATE INDEX idx_pmn_status ON page_map_nodes(page_id, status);
CREATE TABLE page_map_edges (
    id TEXT PRIMARY KEY,
    page_id TEXT NOT NULL REFERENCES pages(id),
    from_node TEXT NOT NULL REFERENCES page_map_nodes(id),
    to_node TEXT NOT NULL REFERENCES page_map_nodes(id),
    kind TEXT NOT NULL CHECK (kind IN ('link','suggested')),
    label TEXT,
    status TEXT NOT NULL DEFAULT 'suggested' CHECK (status IN ('suggested','active','dismissed')),
    provenance TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    CHECK (from_node <> to_node),
    UNIQUE (page_id, from_node, to_node, kind)
);
CREATE TABLE wiki_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('writing','done','interrupted','rolled_back')),
    snapshot TEXT,
    summary TEXT NOT NULL DEFAULT '{}'
)
""",
    )


# -- m004+: recall and later work --------------------------------------------------------------


@migration(4)
def m004_embed_model_index(db: Database) -> None:
    # Lets "which rows need (re-)embedding" use an index instead of scanning every row (200 ms at 100k).
    db.execute("CREATE INDEX idx_memories_embed_model ON memories(embed_model)")


# -- m005: forget means gone ------------------------------------------------------------


@migration(5)
def m005_forget_means_gone(db: Database) -> None:
    """Rows forgotten by an older quire still hold their text: rewrite it out of every table and
    key their tombstones (HMAC under the per-home secret, `meta.tombstone_key`). No schema change."""
    tombstones.scrub_legacy(db, skip=erase.NOT_SCRUBBED, actor="migration")  # types, statuses, ids: no text


# -- m008: pages ---------------------------------------------------------------------


@migration(8)
def m008_page_former_titles(db: Database) -> None:
    # A page's earlier titles (JSON list), kept as frontmatter aliases so old [[links]] still resolve.
    db.execute("ALTER TABLE pages ADD COLUMN former_titles TEXT NOT NULL DEFAULT '[]'")


# -- m006: conversations -------------------------------------------------------------


@migration(6)
def m006_sessions(db: Database) -> None:
    # A conversation imported from a chat export. `key` is (source, conversation id in the source),
    # so re-importing the same export finds its session again. participants: JSON list of speakers.
    # session_turns: which memory holds which message. A message split in parts has one row per
    # part; a repeated message (an exact duplicate) points at the memory that already holds the text.
    _run(
        db,
        """
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    conversation TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    started_at TEXT,
    ended_at TEXT,
    participants TEXT NOT NULL DEFAULT '[]',
    with_assistant INTEGER NOT NULL DEFAULT 0,
    messages INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (source, conversation)
);
CREATE TABLE session_turns (
    session_id TEXT NOT NULL REFERENCES sessions(id),
    position INTEGER NOT NULL,
    part INTEGER NOT NULL DEFAULT 0,
    memory_id TEXT NOT NULL,
    speaker TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (session_id, position, part)
) WITHOUT ROWID;
CREATE INDEX idx_session_turns_memory ON session_turns(memory_id);
""",
    )


# -- m007: the store on a libSQL server ----------------------------------------------


@migration(7)
def m007_applied_writes(db: Database) -> None:
    # Idempotency keys of writes sent from a device's outbox (or retried after an unknown outcome):
    # a key is claimed in the same transaction as its write, so a second send finds it and skips.
    _run(
        db,
        """
CREATE TABLE applied_writes (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT '{}',
    applied_at TEXT NOT NULL
)""",
    )


# -- m010: the entity graph refreshed per device -------------------------------------


@migration(10)
def m010_graph_changes(db: Database) -> None:
    # Which entity and relation rows changed, in order, so each device's graph cache
    # (retrieval/graph.py) reads only what changed since it last looked. kind: 'e' (entities.id)
    # or 'r' (relations.id). Memory status and space are not here: the graph applies them in the
    # SQL of each search, never in what it keeps.
    _run(
        db,
        """
CREATE TABLE graph_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    row_id INTEGER NOT NULL
);
CREATE TRIGGER graph_changes_entity_ai AFTER INSERT ON entities BEGIN
    INSERT INTO graph_changes(kind, row_id) VALUES ('e', new.id);
END;
CREATE TRIGGER graph_changes_entity_au AFTER UPDATE OF id, name_key ON entities BEGIN
    INSERT INTO graph_changes(kind, row_id) VALUES ('e', old.id);
    INSERT INTO graph_changes(kind, row_id) VALUES ('e', new.id);
END;
CREATE TRIGGER graph_changes_entity_ad AFTER DELETE ON entities BEGIN
    INSERT INTO graph_changes(kind, row_id) VALUES ('e', old.id);
END;
CREATE TRIGGER graph_changes_relation_ai AFTER INSERT ON relations BEGIN
    INSERT INTO graph_changes(kind, row_id) VALUES ('r', new.id);
END;
CREATE TRIGGER graph_changes_relation_au AFTER UPDATE OF id, from_entity, to_entity ON relations BEGIN
    INSERT INTO graph_changes(kind, row_id) VALUES ('r', old.id);
    INSERT INTO graph_changes(kind, row_id) VALUES ('r', new.id);
END;
CREATE TRIGGER graph_changes_relation_ad AFTER DELETE ON relations BEGIN
    INSERT INTO graph_changes(kind, row_id) VALUES ('r', old.id);
END
""",
    )


# -- m019: the status and pages screens at 100k memories ---------------------------


@migration(19)
def m019_status_and_listing_indexes(db: Database) -> None:
    # `quire status` counts live rows per embedding model; on (embed_model) alone every row's
    # status was read from the table (rows carry 1.5 KB vectors): 150 ms at 100k. With status in
    # the index the count reads the index only. Its prefix serves every use of the old index.
    db.execute("CREATE INDEX idx_memories_embed_model_status ON memories(embed_model, status)")
    db.execute("DROP INDEX IF EXISTS idx_memories_embed_model")
    # The pages list in its own order (wiki.pages.listing), so a screenful is read from the index
    # instead of sorting every page row, bodies and all (14k pages: 44 MB read, 55 ms).
    db.execute("CREATE INDEX idx_pages_listing ON pages(coalesce(space, ''), slug, kind)")


# -- m020: what changed since the last rebuild ----------------------------------------------


@migration(20)
def m020_wiki_changes(db: Database) -> None:
    # What a page may depend on, logged as it changes, so a rebuild plans only the pages the
    # changed rows feed (wiki/incremental.py). kind: 'm' a memory (row_id its id), 'l' a memory's
    # entity links, 'e' an entity, 's' a chat turn, 'p' a page row and 'r' a page map's revision
    # changed by anything but the rebuild itself (which marks its own transactions with the meta
    # row `wiki_writer`). The partial index finds a killed run's unfinished writes without reading
    # every page row (bodies and all).
    # Columns a recall touches (last_accessed, access counts, decay's confidence) are left out:
    # no page shows them, and logging them would make every search a change.
    page_cols = (
        "slug, kind, title, space, entity, body, input_hash, seen_hash, written_hash, proposed_hash, owner, status, "
        "version, pending_write, prev_hash, former_titles"
    )
    mem_cols = (
        "content, memory_type, space, status, valid_from, valid_to, created_at, updated_at, title, supersedes, "
        "embedding, embed_model, structured_fields, source, source_agent"
    )
    changed = " OR ".join(f"old.{c.strip()} IS NOT new.{c.strip()}" for c in mem_cols.split(","))
    page_changed = " OR ".join(f"old.{c.strip()} IS NOT new.{c.strip()}" for c in page_cols.split(","))
    mine = "NOT EXISTS (SELECT 1 FROM meta WHERE key = 'wiki_writer')"
    _run(
        db,
        f"""
CREATE TABLE wiki_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    row_id TEXT NOT NULL
);
CREATE TRIGGER wiki_changes_memory_ai AFTER INSERT ON memories BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('m', new.id);
END;
CREATE TRIGGER wiki_changes_memory_au AFTER UPDATE ON memories WHEN {changed} OR old.id IS NOT new.id BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('m', old.id);
    INSERT INTO wiki_changes(kind, row_id) VALUES ('m', new.id);
END;
CREATE TRIGGER wiki_changes_memory_ad AFTER DELETE ON memories BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('m', old.id);
END;
CREATE TRIGGER wiki_changes_link_ai AFTER INSERT ON memory_entities BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('l', new.memory_id);
END;
CREATE TRIGGER wiki_changes_link_au AFTER UPDATE ON memory_entities BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('l', old.memory_id);
    INSERT INTO wiki_changes(kind, row_id) VALUES ('l', new.memory_id);
END;
CREATE TRIGGER wiki_changes_link_ad AFTER DELETE ON memory_entities BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('l', old.memory_id);
END;
CREATE TRIGGER wiki_changes_entity_au AFTER UPDATE ON entities WHEN old.name IS NOT new.name
    OR old.name_key IS NOT new.name_key OR old.id IS NOT new.id BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('e', old.id);
END;
CREATE TRIGGER wiki_changes_entity_ad AFTER DELETE ON entities BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('e', old.id);
END;
CREATE TRIGGER wiki_changes_turn_ai AFTER INSERT ON session_turns BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('s', new.memory_id);
END;
CREATE TRIGGER wiki_changes_turn_au AFTER UPDATE ON session_turns BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('s', new.memory_id);
END;
CREATE TRIGGER wiki_changes_turn_ad AFTER DELETE ON session_turns BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('s', old.memory_id);
END;
CREATE TRIGGER wiki_changes_page_ai AFTER INSERT ON pages WHEN {mine} BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('p', new.id);
END;
CREATE TRIGGER wiki_changes_page_au AFTER UPDATE ON pages WHEN ({page_changed} OR old.id IS NOT new.id) AND {mine} BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('p', old.id);
    INSERT INTO wiki_changes(kind, row_id) VALUES ('p', new.id);
END;
CREATE TRIGGER wiki_changes_page_ad AFTER DELETE ON pages WHEN {mine} BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('p', old.id);
END;
CREATE TRIGGER wiki_changes_map_ai AFTER INSERT ON page_maps WHEN {mine} BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('r', new.page_id);
END;
CREATE TRIGGER wiki_changes_map_au AFTER UPDATE ON page_maps
    WHEN (old.revision IS NOT new.revision OR old.page_id IS NOT new.page_id) AND {mine} BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('r', old.page_id);
    INSERT INTO wiki_changes(kind, row_id) VALUES ('r', new.page_id);
END;
CREATE TRIGGER wiki_changes_map_ad AFTER DELETE ON page_maps WHEN {mine} BEGIN
    INSERT INTO wiki_changes(kind, row_id) VALUES ('r', old.page_id);
END;
CREATE INDEX idx_pages_pending ON pages(id) WHERE pending_write = 1
""",
    )


# -- m021: words match across compatibility forms -------------------------------------------

# Which of a column's fold the FTS index takes: the fold, unless this statement changed the text
# and left its fold as it was (a writer that knows nothing of folds: the fold is stale).
_LEX = (
    "CASE WHEN new.lex_{c} IS NOT NULL AND (old.{t} IS new.{t} OR old.lex_{c} IS NOT new.lex_{c}) "
    "THEN new.lex_{c} ELSE new.{t} END"
)
_STALE = "old.{t} IS NOT new.{t} AND old.lex_{c} IS new.lex_{c}"
_LEX_COLUMNS = (("content", "content"), ("title", "title"), ("cue", "retrieval_cue"))


def _fold_triggers() -> str:
    each = ", ".join(_LEX.format(c=c, t=t) for c, t in _LEX_COLUMNS)
    stale = " OR ".join(f"(new.lex_{c} IS NOT NULL AND {_STALE.format(c=c, t=t)})" for c, t in _LEX_COLUMNS)
    nulled = ", ".join(
        f"lex_{c} = CASE WHEN {_STALE.format(c=c, t=t)} THEN NULL ELSE lex_{c} END" for c, t in _LEX_COLUMNS
    )
    return f"""
DROP TRIGGER memories_fts_ai;
DROP TRIGGER memories_fts_au;
CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories WHEN new.status != 'forgotten' BEGIN
    INSERT INTO memories_fts(rowid, content, title, cue) VALUES (new.rowid, coalesce(new.lex_content, new.content),
        coalesce(new.lex_title, new.title), coalesce(new.lex_cue, new.retrieval_cue));
END;
CREATE TRIGGER memories_fts_au AFTER UPDATE OF content, title, retrieval_cue, status, lex_content, lex_title, lex_cue
    ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.rowid;
    INSERT INTO memories_fts(rowid, content, title, cue) SELECT new.rowid, {each} WHERE new.status != 'forgotten';
END;
CREATE TRIGGER memories_lex_stale AFTER UPDATE OF content, title, retrieval_cue ON memories WHEN {stale} BEGIN
    UPDATE memories SET {nulled} WHERE rowid = new.rowid;
END
"""


@migration(21)
def m021_lexical_fold(db: Database) -> None:
    """The lexical index holds each text's compatibility fold (memory.tokens.fold: NFKC), so
    "ＡＰＩ ｋｅｙ" and "API key" share their words; the stored text is untouched. lex_*: the fold
    where it differs from the text (NULL nearly always); entity keys are folded the same way."""
    for c, _ in _LEX_COLUMNS:
        db.execute(f"ALTER TABLE memories ADD COLUMN lex_{c} TEXT")
    _run(db, _fold_triggers())
    # Only rows holding a non-ASCII character can fold to something else (their byte length differs).
    rows = db.rows(
        "SELECT rowid, content, title, retrieval_cue FROM memories WHERE status != 'forgotten' "
        "AND length(CAST(content || title || retrieval_cue AS BLOB)) != length(content || title || retrieval_cue)"
    )
    lex = [(*(tokens.lexical(v) for v in texts), rowid) for rowid, *texts in rows]
    folded = [row for row in lex if any(v is not None for v in row[:3])]
    db.executemany("UPDATE memories SET lex_content = ?, lex_title = ?, lex_cue = ? WHERE rowid = ?", folded)
    rekeyed = _refold_entities(db)
    # Said only when it changed something: a fresh store (a server `store push` migrates, then
    # empties every table, the append-only audit log included) must stay empty.
    if folded or rekeyed:
        audit.record(db, "migration", "lexical_fold", "store", "memories", memories=len(folded), entities=rekeyed)


def _refold_entities(db: Database) -> int:
    """Entity keys with a compatibility form take their folded key, unless another entity has it
    (two entities are not merged behind anyone's back; the old key keeps matching its own name)."""
    taken = {str(k) for (k,) in db.rows("SELECT name_key FROM entities")}
    changed = 0
    for entity, name, old in db.rows("SELECT id, name, name_key FROM entities"):
        new = tokens.name_key(str(name))
        if new != old and new not in taken:
            db.execute("UPDATE entities SET name_key = ? WHERE id = ?", (new, entity))
            taken.add(new)
            changed += 1
    return changed


@migration(22)
def m022_caseless_fold(db: Database) -> None:
    """The lexical index holds "Straße" as "Strasse" (memory.tokens.lexical: the letters whose case
    fold is not their lowercase), so "STRASSE" finds it; and two entities whose names are one name
    once folded ("Ａｃｍｅ" and "Acme", kept apart by migration 21) become one: the older keeps its
    name, the other's links and relations move to it, and the audit log says which were merged."""
    texts = "content || ' ' || title || ' ' || retrieval_cue"
    letters = sorted(tokens.CASELESS)
    rows = db.rows(
        f"SELECT rowid, content, title, retrieval_cue FROM memories WHERE status != 'forgotten' "
        f"AND ({' OR '.join(f'instr({texts}, ?) > 0' for _ in letters)})",
        tuple(letters),
    )
    folded = [(*(tokens.lexical(v) for v in each), rowid) for rowid, *each in rows]
    db.executemany("UPDATE memories SET lex_content = ?, lex_title = ?, lex_cue = ? WHERE rowid = ?", folded)
    merged = _merge_folded_entities(db)
    if folded or merged:  # said only when it changed something (a fresh store stays empty: see m021)
        audit.record(db, "migration", "caseless_fold", "store", "memories", memories=len(folded), merged=merged)


def _merge_folded_entities(db: Database, keyed: Callable[[str], str] = tokens.name_key) -> list[list[str]]:
    """Entities whose names share one key (tokens.name_key, or `keyed`) merged into the oldest: [[kept, merged]]."""
    by_key: dict[str, list[tuple[int, str]]] = {}
    for entity, name in db.rows("SELECT id, name FROM entities ORDER BY id"):
        by_key.setdefault(keyed(str(name)), []).append((int(entity), str(name)))
    merged = []
    for key, group in by_key.items():
        if len(group) < 2:
            continue
        (kept, kept_name), *others = group
        for other, other_name in others:
            db.execute(
                "INSERT OR IGNORE INTO memory_entities(memory_id, entity_id) "
                "SELECT memory_id, ? FROM memory_entities WHERE entity_id = ?",
                (kept, other),
            )
            db.execute("DELETE FROM memory_entities WHERE entity_id = ?", (other,))
            # A relation between the twins would be the entity's relation to itself once they are one.
            db.execute(
                "DELETE FROM relations WHERE from_entity IN (?, ?) AND to_entity IN (?, ?)", (kept, other, kept, other)
            )
            db.execute("UPDATE relations SET from_entity = ? WHERE from_entity = ?", (kept, other))
            db.execute("UPDATE relations SET to_entity = ? WHERE to_entity = ?", (kept, other))
            db.execute("DELETE FROM entities WHERE id = ?", (other,))
            merged.append([kept_name, other_name])
        if not db.scalar("SELECT 1 FROM entities WHERE name_key = ?", (key,)):
            db.execute("UPDATE entities SET name_key = ? WHERE id = ?", (key, kept))
    return merged


@migration(23)
def m023_cues_name_speakers(db: Database) -> None:
    """A turn between people's cue names who says it and who said the turn it answers
    (memory/conversations.turn_cue: "Tom: How is the new place?\\nAnna:"): each cue an import stored
    before, the turn before alone, is written so (its words indexed again). Its vector keeps the old
    cue until `quire reembed --all` embeds it again. A cue that is not the one the import gave (the
    turn before was refused, or it was set another way) is left as it is."""
    sessions = [
        str(sid)
        for sid, who in db.rows("SELECT id, participants FROM sessions WHERE with_assistant = 0")
        if len(set(json.loads(str(who) or "[]"))) >= 2
    ]
    changed = [change for sid in sessions for change in _named_cues(db, sid)]
    for cue, mid in changed:
        db.execute("UPDATE memories SET retrieval_cue = ? WHERE id = ?", (cue, mid))
        db.execute("UPDATE memories SET lex_cue = ? WHERE id = ?", (tokens.lexical(cue), mid))  # after the cue
    if changed:
        audit.record(db, "migration", "cues_name_speakers", "store", "memories", memories=len(changed))


def _named_cues(db: Database, session_id: str) -> list[tuple[str, str]]:
    """(new cue, memory id) for each turn of a session between people whose cue names no speaker:
    the turn before and who said it, when that turn is stored and the cue is its start, else the
    cue as it is (the turn before was refused, or the cue was scrubbed by a forget); then who says it."""
    rows = db.rows(
        "SELECT st.position, st.speaker, m.id, m.content, m.retrieval_cue FROM session_turns st "
        "JOIN memories m ON m.id = st.memory_id WHERE st.session_id = ? AND m.status != 'forgotten' "
        "ORDER BY st.position, st.part",
        (session_id,),
    )
    texts: dict[int, list[str]] = {}
    said_by: dict[int, str] = {}
    for position, speaker, _, content, _ in rows:
        texts.setdefault(int(position), []).append(str(content))
        said_by.setdefault(int(position), str(speaker))
    out: dict[str, str] = {}
    for position, speaker, mid, _, cue in rows:
        cue, named = str(cue or ""), conversations.turn_cue("", str(speaker), "")
        if str(mid) in out or not named or cue == named or cue.endswith("\n" + named):
            continue  # named already (a turn imported since), or a speaker without a name
        previous = " ".join(texts.get(int(position) - 1, []))
        if previous and cue == conversations.cue_of(previous):
            out[str(mid)] = conversations.turn_cue(previous, str(speaker), said_by[int(position) - 1])
        else:
            out[str(mid)] = f"{cue}\n{named}" if cue else named
    return [(cue, mid) for mid, cue in out.items()]


# -- m024: what the person's memories state, by attribute ------------------------------


@migration(24)
def m024_statements(db: Database) -> None:
    """The attributes each typed memory states (memory/statements.py), for recall's channel of the
    statements of what a question asks: read here for every memory an older quire typed (about 0.3 ms
    a memory; progress on stderr past 5,000)."""
    _run(
        db,
        """
CREATE TABLE statements (
    memory_id TEXT NOT NULL REFERENCES memories(id),
    attribute TEXT NOT NULL,
    PRIMARY KEY (memory_id, attribute)
) WITHOUT ROWID;
CREATE INDEX idx_statements_attribute ON statements(attribute, memory_id)""",
    )
    stating = statements.backfill(db, lambda text: [said.attribute for said in life.read(text)])
    statements.read_now(db)  # read with this quire's rules: a new home has no re-read pending
    if stating:
        audit.record(db, "migration", "statements", "store", "memories", memories=stating)


@migration(25)
def m025_unaccented_entity_keys(db: Database) -> None:
    """Two entities whose names differ only in accents ("İzmir" and "Izmir", "Kraków" and "Krakow",
    memory.entities.key) become one: the older keeps its name (as first written), the other's memory
    links and relations move to it, and the audit log says which were merged; every other entity's
    key is written as the new key reads it, so a lookup by either spelling finds it."""
    merged = _merge_folded_entities(db, entities.key)
    rekeyed = [
        (new, int(entity))
        for entity, name, old in db.rows("SELECT id, name, name_key FROM entities")
        if (new := entities.key(str(name))) != old
    ]
    db.executemany("UPDATE entities SET name_key = ? WHERE id = ?", rekeyed)
    if merged or rekeyed:  # said only when it changed something (a fresh store stays empty: see m021)
        audit.record(
            db, "migration", "unaccented_entity_keys", "store", "entities", merged=merged, rekeyed=len(rekeyed)
        )


@migration(26)
def m026_session_owner(db: Database) -> None:
    """A session of a chat between people keeps whose turns were the person's own (`sessions.owner`: the
    speaker --me named, or the export's own account), so a later quire's rules hear that speaker's turns
    again (memory/rehear.py) where the import's rules read none of them. Sessions imported before keep no
    owner: their person's turns are found as before (a turn of theirs the import typed)."""
    if "owner" not in {str(row[1]) for row in db.rows("PRAGMA table_info(sessions)")}:  # (a re-run after a reset)
        _run(db, "ALTER TABLE sessions ADD COLUMN owner TEXT")
