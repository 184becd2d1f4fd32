"""The lexical channel: SQLite FTS5 BM25 over memories_fts(content, title, cue).

The query becomes an OR of its quoted content words (stopwords dropped, so "what did I decide
about postgres" searches `decide OR postgres`); FTS5's porter tokenizer stems both sides.
"""

from __future__ import annotations

import weakref
from typing import Any

from memory.db import Database
from memory.tokens import STOPWORDS as STOPWORDS  # the one stopword set; kept here for lexical's readers
from memory.tokens import terms as terms  # the query's content words (FTS5 terms)
from retrieval import tuning


def match_expression(words: list[str]) -> str:
    """An FTS5 MATCH string: each word quoted (no FTS syntax survives), OR-joined."""
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in words)


def _bm25() -> str:
    c, t, q = tuning.FTS_WEIGHTS
    return f"bm25(memories_fts, {float(c)}, {float(t)}, {float(q)})"


# Per database: term -> (documents containing it, corpus size when counted). Document
# frequencies move slowly, so a count is reused until the corpus grew by a tenth.
_df: weakref.WeakKeyDictionary[Database, dict[str, tuple[int, int]]] = weakref.WeakKeyDictionary()


# The corpus size a plan compares document frequencies with: O(log n), and rowids only grow.
CORPUS_SQL = "SELECT coalesce(max(rowid), 0) FROM memories"


def _corpus_size(db: Database) -> int:
    return int(db.scalar(CORPUS_SQL))


def document_frequency(db: Database, words: list[str], corpus: int) -> dict[str, int]:
    cache = _df.setdefault(db, {})
    stale = [w for w in dict.fromkeys(words) if (hit := cache.get(w)) is None or corpus > hit[1] * 1.1 + 10]
    # Every uncounted word in one batch of reads (one round trip to a server, not one per word).
    note_counts(db, stale, db.rows_many(count_queries(stale)), corpus)
    return {w: cache[w][0] for w in words}


def uncounted(db: Database, words: list[str]) -> list[str]:
    """The words whose document frequency was never counted on `db` (recall counts them in its first
    batch of reads, with the corpus size: `count_queries`, then `note_counts`)."""
    cache = _df.get(db, {})
    return [w for w in dict.fromkeys(words) if w not in cache]


def count_queries(words: list[str]) -> list[tuple[str, tuple[Any, ...]]]:
    return [("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ?", (match_expression([w]),)) for w in words]


def note_counts(db: Database, words: list[str], found: list[list[tuple[Any, ...]]], corpus: int) -> None:
    """Remember the rows of `count_queries(words)`, counted at corpus size `corpus`."""
    cache = _df.setdefault(db, {})
    for w, rows in zip(words, found, strict=True):
        cache[w] = (int(rows[0][0]), corpus)


def plan(db: Database, words: list[str], corpus: int | None = None) -> tuple[list[str], bool]:
    """The words worth searching, and whether to try an AND of them first.

    A word in more than half the memories has a BM25 weight of ~0 (FTS5 floors the IDF), so
    dropping it leaves the ranking as it was and saves a scan of most of the index. When the
    rest still spans more than LEXICAL_AND_FIRST_POSTINGS postings, the memories holding every
    word are tried first (cheap, and they head an OR ranking anyway).
    """
    if not words:
        return [], False
    corpus = _corpus_size(db) if corpus is None else corpus
    _seen_corpus[db] = corpus
    return _choose(words, document_frequency(db, words, corpus), corpus)


def _choose(words: list[str], df: dict[str, int], corpus: int) -> tuple[list[str], bool]:
    kept = [w for w in words if df[w] and df[w] <= corpus / 2]
    if not kept:
        kept = [w for w in words if df[w]]
    postings = sum(df[w] for w in kept)
    return kept, len(kept) > 1 and postings > tuning.LEXICAL_AND_FIRST_POSTINGS


# Per database: the corpus size the last plan used (what `guess` plans with).
_seen_corpus: weakref.WeakKeyDictionary[Database, int] = weakref.WeakKeyDictionary()


def _first_statement(kept: list[str], and_first: bool, limit: int) -> tuple[str, tuple[Any, ...]]:
    """The first search a plan runs: the AND of its words when it tries that first, else their OR."""
    sql = f"SELECT rowid, {_bm25()} AS s FROM memories_fts WHERE memories_fts MATCH ? ORDER BY s LIMIT ?"
    expr = " AND ".join('"' + w.replace('"', '""') + '"' for w in kept) if and_first else match_expression(kept)
    return sql, (expr, limit)


def guess(db: Database, words: list[str], limit: int) -> tuple[str, tuple[Any, ...]] | None:
    """The first search statement of `search_unfiltered(db, words, limit)`, planned from the counts
    and the corpus size this process saw last (None when a word was never counted). Recall sends
    it with its first batch of reads: one round trip fewer on a server; its answer is used only if
    the real plan, made once the corpus size has been read, runs exactly this statement."""
    cache, corpus = _df.get(db), _seen_corpus.get(db)
    if not words or cache is None or corpus is None or any(w not in cache for w in words):
        return None
    kept, and_first = _choose(words, {w: cache[w][0] for w in words}, corpus)
    return _first_statement(kept, and_first, limit) if kept else None


def search_unfiltered(
    db: Database,
    words: list[str],
    limit: int,
    enough: int | None = None,
    corpus: int | None = None,
    guessed: tuple[tuple[str, tuple[Any, ...]], list[tuple[Any, ...]]] | None = None,
) -> list[tuple[int, float]]:
    """(rowid, score) best first over the whole index; score = -bm25 (higher is better).

    `enough`: how many rows an AND-first attempt must find to stand (default `limit`); `corpus`:
    the row of CORPUS_SQL when the caller has just read it; `guessed`: a statement of `guess` and
    the rows it returned (used only if it is the statement this search runs first).
    """
    words, and_first = plan(db, words, corpus)
    if not words:
        return []
    first = _first_statement(words, and_first, limit)
    rows = guessed[1] if guessed is not None and guessed[0] == first else db.rows(*first)
    if and_first:
        if len(rows) >= (enough or limit):
            return [(int(r[0]), -float(r[1])) for r in rows]
        rows = db.rows(first[0], (match_expression(words), limit))
    return [(int(r[0]), -float(r[1])) for r in rows]


def search_filtered(
    db: Database, words: list[str], where: str, params: tuple[Any, ...], limit: int, corpus: int | None = None
) -> list[tuple[int, float]]:
    """(rowid, score) best first among rows passing `where` (over `memories m`)."""
    words, _ = plan(db, words, corpus)
    if not words:
        return []
    rows = db.rows(
        f"SELECT m.rowid, {_bm25()} AS s FROM memories_fts JOIN memories m ON m.rowid = memories_fts.rowid "
        f"WHERE memories_fts MATCH ? AND {where} ORDER BY s LIMIT ?",
        (match_expression(words), *params, limit),
    )
    return [(int(r[0]), -float(r[1])) for r in rows]


# -- which memories may name an entity (the wiki's mention links) --------------------


def ids_matching_phrases(db: Database, phrases: list[str], *, chunk: int = 400) -> set[str]:
    """Ids of memories whose text contains any of `phrases` as FTS5 phrases (stemmed and
    diacritic-folded, so a superset of exact word matches). The wiki uses it to tokenize only the
    memories that can mention another page's entity, instead of every memory on every rebuild."""
    found: set[str] = set()
    unique = sorted({p for p in phrases if p.strip()})
    for start in range(0, len(unique), chunk):
        part = unique[start : start + chunk]
        rows = db.rows(
            "SELECT m.id FROM memories_fts JOIN memories m ON m.rowid = memories_fts.rowid WHERE memories_fts MATCH ?",
            (match_expression(part),),
        )
        found.update(r[0] for r in rows)
    return found
