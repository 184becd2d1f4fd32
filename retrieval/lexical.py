"""The lexical channel: SQLite FTS5 BM25 over memories_fts(content, title, cue).

The query becomes an OR of its quoted content words (stopwords dropped, so "what did I decide
about postgres" searches `decide OR postgres`); FTS5's porter tokenizer stems both sides.
"""

from __future__ import annotations

import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from memory import textcache
from memory.db import Database, FileDatabase
from memory.errors import QuireError
from memory.payback import Payback
from memory.textcache import text_cache
from memory.tokens import STOPWORDS as STOPWORDS  # the one stopword set; kept here for lexical's readers
from memory.tokens import terms as terms  # the query's content words (FTS5 terms)
from memory.tokens import words as words_of
from retrieval import tuning

if TYPE_CHECKING:
    import numpy as np


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


def corpus_size(db: Database) -> int:
    return int(db.scalar(CORPUS_SQL))


def document_frequency(db: Database, words: list[str], corpus: int) -> dict[str, int]:
    cache = _df.setdefault(db, {})
    stale = [w for w in dict.fromkeys(words) if (hit := cache.get(w)) is None or _stale(hit, corpus)]
    # Every uncounted word in one batch of reads (one round trip to a server, not one per word).
    note_counts(db, stale, db.rows_many(count_queries(stale)), corpus)
    return {w: cache[w][0] for w in words}


def _stale(hit: tuple[int, int], corpus: int) -> bool:
    # A word no memory held is counted again on every search: the plan drops a word counted 0,
    # so a cached 0 would hide the memory captured with it until the corpus grew by a tenth.
    return hit[0] == 0 or corpus > hit[1] * 1.1 + 10


def uncounted(db: Database, words: list[str]) -> list[str]:
    """The words whose document frequency was never counted on `db`, or was 0 (recall counts them in
    its first batch of reads, with the corpus size: `count_queries`, then `note_counts`)."""
    cache = _df.get(db, {})
    return [w for w in dict.fromkeys(words) if (hit := cache.get(w)) is None or hit[0] == 0]


def count_queries(words: list[str]) -> list[tuple[str, tuple[Any, ...]]]:
    return [("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ?", (match_expression([w]),)) for w in words]


def count_held(db: Database, words: list[str], state: tuple[Any, ...], corpus: int) -> None:
    """Count the uncounted `words` from the index read whole, when it was read at `state` (the row
    of STATE_SQL): the rows of `count_queries` without the statements (a warm process meets a new
    word on most queries). A word of several terms, or none, is left to `count_queries`."""
    warm = _warm.get(db)
    if warm is None:
        return
    with warm.lock:
        whole = warm.whole if warm.state == tuple(state) else None
    todo = uncounted(db, words) if whole is not None and whole.terms else []
    if whole is None or not todo:
        return
    cache = _df.setdefault(db, {})
    for word, found in zip(todo, _TOKENS.terms_of(todo), strict=True):
        if len(found) == 1 and '"' not in word:
            cache[word] = (whole.documents(found[0]), corpus)


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
    corpus = corpus_size(db) if corpus is None else corpus
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
    and the corpus size this process saw last (None when a word was never counted, or when the warm
    phrase postings will answer if the index is as it was). Recall sends it with its first batch of
    reads: one round trip fewer on a server; its answer is used only if the real plan, made once
    the corpus size has been read, runs exactly this statement."""
    cache, corpus = _df.get(db), _seen_corpus.get(db)
    if not words or cache is None or corpus is None or any(w not in cache for w in words):
        return None
    kept, and_first = _choose(words, {w: cache[w][0] for w in words}, corpus)
    warm = _warm.get(db)
    if not kept or (warm is not None and warm.stable and not db.in_transaction):
        return None
    return _first_statement(kept, and_first, limit)


def search_unfiltered(
    db: Database,
    words: list[str],
    limit: int,
    enough: int | None = None,
    corpus: int | None = None,
    guessed: tuple[tuple[str, tuple[Any, ...]], list[tuple[Any, ...]]] | None = None,
    state: tuple[Any, ...] | None = None,
) -> list[tuple[int, float]]:
    """(rowid, score) best first over the whole index; score = -bm25 (higher is better).

    `enough`: how many rows an AND-first attempt must find to stand (default `limit`); `corpus`:
    the row of CORPUS_SQL when the caller has just read it; `guessed`: a statement of `guess` and
    the rows it returned (used only if it is the statement this search runs first); `state`: the
    row of STATE_SQL read with them (the index's state, for the warm phrase postings).
    """
    words, and_first = plan(db, words, corpus)
    if not words:
        return []
    if state is not None and not db.in_transaction:
        found = _warm.setdefault(db, _Warm()).answer(db, tuple(state), words, and_first, limit, enough or limit)
        if found is not None:
            return found
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


# -- warm phrase postings: BM25 without FTS5 scoring every posting on every query ------------
#
# FTS5 has no top-k cut-off: `ORDER BY bm25(...) LIMIT n` scores every row that holds any query
# word (half of a 10k home for a 3-word query of common words: 2 ms, where the vector scan takes
# 0.6). FTS5's bm25 is a sum over the query's phrases, in their order, of a contribution that
# depends on the phrase, the row and the index's totals only (the phrase's IDF, the row's weighted
# hits and length, the mean length), and a one-phrase query returns minus that contribution. So a
# warm process keeps each phrase's rows and contributions, read once with a one-phrase query, and
# adds them up in phrase order in float64 as FTS5 does in C: the same scores to the bit, ordered as
# SQLite orders them (score, then rowid: ties come in rowid order and its sorter keeps the first).
# Any write moves the index's averages record (row and token counts, id 1) or its structure record
# (every write adds a segment and bumps a counter in it, id 10): a new state drops every posting.
# Postings are read only once a state has been seen by the recall before (a home written to
# between recalls keeps the plain query, and pays one extra tiny read); never inside a write
# transaction (FTS5 keeps its pending terms out of both records until the commit).
STATE_SQL = (
    "SELECT (SELECT block FROM memories_fts_data WHERE id = 1), (SELECT block FROM memories_fts_data WHERE id = 10)"
)
# Postings kept per database (rowid + contribution, 16 bytes each): 2M = 32 MB, least recently used out.
WARM_POSTINGS_MAX = 2_000_000

# -- a phrase's postings scored here, to the bit of FTS5's bm25 ---------------------------------
#
# A one-phrase `SELECT rowid, bm25(...)` costs about 4 us a row: FTS5 reads the row's position
# lists and its docsize record again for every row (1.5 ms for a word in 400 of 10k memories). Its
# instances come out of an fts5vocab table at a tenth of that (one row of two group_concat strings),
# and bm25 is arithmetic on them: the phrase's IDF from the rows that hold it and the averages
# record, each row's weighted frequency (its instances' column weights added in FTS5's order, from
# 0.0), its length (the docsize record, every row's read once per state) and FTS5's own expression,
# operation by operation, in float64 (fts5_aux.c, fts5Bm25Function). A compiler that fuses a
# multiply and an add (an FMA) would round differently, so the first phrase scored in a process is
# also asked of FTS5, and a difference turns this path off for the process. A word FTS5 cuts into
# several terms (a phrase, "e-mail") and a server (no temp tables, a round trip a word) keep FTS5's
# statement.
TOKENIZE = "porter unicode61"  # memories_fts's tokenizer (memory/migrations.py; a test holds them together)
COLUMNS = ("content", "title", "cue")  # memories_fts's columns, in order (FTS_WEIGHTS's order)
BM25_K1, BM25_B = 1.2, 0.75  # FTS5's constants (fts5_aux.c)
INSTANCE_TABLE = "temp.quire_fts_instance"
INSTANCE_DDL = f"CREATE VIRTUAL TABLE IF NOT EXISTS {INSTANCE_TABLE} USING fts5vocab(main, memories_fts, instance)"
INSTANCES_SQL = (
    f"SELECT group_concat(doc), group_concat(CASE col WHEN '{COLUMNS[0]}' THEN 0 WHEN '{COLUMNS[1]}' THEN 1 "
    f"ELSE 2 END, '') FROM {INSTANCE_TABLE} WHERE term = ?"
)
# Every row's docsize record (a varint of tokens per column), in one row: the ids, then the records end to end.
DOCSIZES_SQL = "SELECT group_concat(id), hex(group_concat(sz, x'')), count(*) FROM memories_fts_docsize"
# Scored here only while rowids stay below this (a dense array of row lengths: 8 bytes a rowid).
OWN_SCORING_ROWIDS_MAX = 4_000_000

# -- a small index read whole -------------------------------------------------------------------
#
# A warm process answering query after query on a store that does not move meets a word it has not
# scored on nearly every query (the bench's 50 queries hold 61 words), and each costs an instance
# read of its own (0.45 ms) and a run of FTS5's tokenizer (0.16 ms). An index of at most
# WHOLE_TOKENS_MAX tokens (about 60k memories) is read whole instead once a state has answered a
# few searches (memory.payback.Payback says when): every term with its instance count from an fts5vocab
# row table and every instance from the instance table, in one statement (one read transaction:
# both tables at one state), the instances split by the counts (both tables walk the terms in the
# index's order), and every term scored at once. A term's slice holds exactly what INSTANCES_SQL
# gives for it, and the arithmetic is elementwise, so each score is the one the term alone gets.
# 10k memories, 294k instances: about 55 ms once, 16 bytes a row a term held.
WHOLE_TOKENS_MAX = 2_000_000
VOCAB_TABLE = "temp.quire_fts_vocab"
VOCAB_DDL = f"CREATE VIRTUAL TABLE IF NOT EXISTS {VOCAB_TABLE} USING fts5vocab(main, memories_fts, row)"
WHOLE_SQL = (
    f"SELECT (SELECT group_concat(term, char(31)) FROM {VOCAB_TABLE}), (SELECT group_concat(cnt) FROM {VOCAB_TABLE}), "
    f"(SELECT group_concat(doc) FROM {INSTANCE_TABLE}), (SELECT group_concat(CASE col WHEN '{COLUMNS[0]}' THEN 0 "
    f"WHEN '{COLUMNS[1]}' THEN 1 ELSE 2 END, '') FROM {INSTANCE_TABLE})"
)


@dataclass
class _Warm:
    """One database's phrase postings at one state of its FTS5 index."""

    state: tuple[Any, ...] | None = None
    stable: bool = False  # the state was the same at the search before
    phrases: OrderedDict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=OrderedDict)
    size: int = 0
    lengths: np.ndarray | None = None  # tokens per rowid at this state (scoring here), read on first use
    scorable: bool = True  # False: this state's records could not be read (FTS5's statement answers)
    payback: Payback = field(default_factory=Payback)  # searches at this state; when to read whole
    whole: _Whole | None = None  # the index read whole at this state (see WHOLE_SQL), once due
    # `quire serve` runs reads side by side on one Database: one search at a time changes the postings.
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(
        self, db: Database, state: tuple[Any, ...], words: list[str], and_first: bool, limit: int, enough: int
    ) -> list[tuple[int, float]] | None:
        """`search` when the index is in the state the search before saw (after noting `state`), else None."""
        with self.lock:
            if state != self.state:
                self.state, self.stable, self.size = state, False, 0
                self.lengths, self.scorable, self.whole = None, True, None
                self.phrases.clear()
                self.payback.moved()
                return None
            self.stable = True
            self.payback.use()
            return self.search(db, words, and_first, limit, enough)

    def postings(self, db: Database, word: str) -> tuple[np.ndarray, np.ndarray]:
        """(rowids ascending, contributions) of one phrase, read on first use."""
        found = self.phrases.get(word)
        if found is not None:
            self.phrases.move_to_end(word)
            return found
        found = self._scored(db, word)
        if found is None:
            found = _fts5_postings(db, word)
        elif _exact.get("checked") is None:  # the first phrase scored here in this process: FTS5 says if it is exact
            fts5 = _fts5_postings(db, word)
            _exact["checked"] = same = bool(_same(found, fts5))
            found = found if same else fts5
        self.phrases[word] = found
        self.size += len(found[0])
        while self.size > WARM_POSTINGS_MAX and len(self.phrases) > 1:
            _, (dropped, _) = self.phrases.popitem(last=False)
            self.size -= len(dropped)
        return found

    def _scored(self, db: Database, word: str) -> tuple[np.ndarray, np.ndarray] | None:
        """A one-term phrase's postings scored here from its instances (None: FTS5's statement must)."""
        import numpy as np  # (see `search`)

        if not self.scorable or not isinstance(db, FileDatabase) or _exact.get("checked") is False or '"' in word:
            return None
        found = _TOKENS.terms(word)
        if len(found) != 1:
            return None
        averages = _averages(self.state[0] if self.state else None)
        if self.lengths is None:
            self.lengths = _lengths(db) if _instance_table(db) else None
            self.scorable = self.lengths is not None and averages is not None
        if not self.scorable or averages is None or self.lengths is None:
            return None
        if self.whole is None and averages[1] <= WHOLE_TOKENS_MAX and self.payback.due():
            # NONE: not readable here, asked no more at this state
            self.whole = _Whole.read(db, self.lengths, averages) or _Whole.NONE
            # ~0.2 us a token to read whole against ~0.4 ms of words met first a search at 10k memories
            self.payback.read(worth=averages[1] // 2000)
        if self.whole is not None and self.whole.terms:
            return self.whole.postings(found[0])
        docs_text, cols_text = db.rows(INSTANCES_SQL, (found[0],))[0]
        docs, cols = _parsed(docs_text or "", cols_text or "")
        if not len(docs):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
        if len(cols) != len(docs) or int(docs.max()) >= len(self.lengths):
            return None  # a row written since the lengths were read: not this state
        ids, contrib, _ = _bm25_postings(docs, cols, self.lengths, *averages)
        return ids, contrib

    def search(
        self, db: Database, words: list[str], and_first: bool, limit: int, enough: int
    ) -> list[tuple[int, float]]:
        """What the FTS5 statements of `search_unfiltered` return, from the postings."""
        import numpy as np  # (see `postings`)

        _TOKENS.terms_of(words)  # every word met first through the tokenizer at once (postings asks per word)
        parts = [self.postings(db, w) for w in words]
        rowids = np.concatenate([p[0] for p in parts])
        if not len(rowids):
            return []
        # Rows numbered densely by rowid while that costs less than sorting them (np.unique).
        dense = int(rowids.max()) < 8 * len(rowids) + 4096
        ids, at = (None, rowids) if dense else np.unique(rowids, return_inverse=True)
        # bincount adds in input order, phrase by phrase: FTS5's `score += ...` loop, in float64.
        total = np.bincount(at, weights=np.concatenate([p[1] for p in parts]))
        hits = np.bincount(at)
        if ids is None:
            ids = np.flatnonzero(hits)
            total, hits = total[ids], hits[ids]
        if and_first:
            every = hits == len(parts)
            if min(int(every.sum()), limit) >= enough:
                return _best(ids[every], total[every], limit)
        return _best(ids, total, limit)


def _parsed(docs_text: str, cols_text: str) -> tuple[np.ndarray, np.ndarray]:
    """The rowids and column numbers of group_concat'ed instances (INSTANCES_SQL's, WHOLE_SQL's)."""
    import numpy as np  # (see `_Warm.search`)

    if not docs_text:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint8)
    docs = np.fromstring(docs_text, dtype=np.int64, sep=",")  # text mode: parsed in C
    cols = np.frombuffer(cols_text.encode("ascii"), dtype=np.uint8) - ord("0")
    return docs, cols


@dataclass(frozen=True)
class _Whole:
    """A small index read whole and scored (WHOLE_SQL): term -> (start, end) into its rowids and
    their contributions, each term's slice what `_bm25_postings` makes of its instances alone."""

    terms: dict[str, tuple[int, int]]
    ids: Any  # np.ndarray of rowids, ascending within a term
    contrib: Any  # np.ndarray of float64 contributions

    NONE: ClassVar[_Whole]

    @classmethod
    def read(cls, db: Database, lengths: np.ndarray, averages: tuple[int, int]) -> _Whole | None:
        """The index read whole (None when the tables cannot be made or what they give does not add up)."""
        import numpy as np  # (see `_Warm.search`)

        try:
            db.execute(VOCAB_DDL)
        except QuireError:
            return None
        names, counts, docs_text, cols_text = db.rows(WHOLE_SQL)[0]
        if not names:
            return None
        terms = names.split("\x1f")
        sizes = np.fromstring(counts, dtype=np.int64, sep=",")
        docs, cols = _parsed(docs_text or "", cols_text or "")
        if len(sizes) != len(terms) or int(sizes.sum()) != len(docs) or len(cols) != len(docs):
            return None  # a term holding the separator, or the tables disagree: each word is read alone
        if int(docs.max()) >= len(lengths):
            return None  # a row written since the lengths were read: not this state
        ids, contrib, hits = _bm25_postings(docs, cols, lengths, *averages, sizes=sizes)
        ends = np.cumsum(hits).tolist()
        return cls(dict(zip(terms, zip([0, *ends[:-1]], ends, strict=True), strict=True)), ids, contrib)

    def postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        start, end = self.terms.get(term, (0, 0))
        return self.ids[start:end], self.contrib[start:end]

    def documents(self, term: str) -> int:
        """How many rows hold `term`: what `count_queries` counts for a word of that one term."""
        start, end = self.terms.get(term, (0, 0))
        return end - start


_Whole.NONE = _Whole({}, None, None)


def _fts5_postings(db: Database, word: str) -> tuple[np.ndarray, np.ndarray]:
    """(rowids ascending, contributions) of one phrase, from FTS5's own bm25."""
    import numpy as np  # (see `_Warm.search`)

    rows = db.rows(f"SELECT rowid, {_bm25()} FROM memories_fts WHERE memories_fts MATCH ?", (match_expression([word]),))
    rowids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    contrib = -np.fromiter((r[1] for r in rows), dtype=np.float64, count=len(rows))
    order = np.argsort(rowids, kind="stable")
    return rowids[order], contrib[order]


def _bm25_postings(
    docs: np.ndarray, cols: np.ndarray, lengths: np.ndarray, rows: int, tokens: int, sizes: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """FTS5's bm25 of a one-phrase query for every row holding it: `docs` and `cols` are its
    instances in the index's order (row, column, offset), `lengths` the tokens of each rowid, `rows`
    and `tokens` the averages record's totals. Each step is fts5Bm25Function's, in its order.
    (rowids, contributions, rows a term): with `sizes`, the instances of several terms end to end,
    `sizes` of each, every term's rows scored as it would be alone (elementwise, so to the bit)."""
    import numpy as np  # (see `_Warm.search`)

    k1, b = BM25_K1, BM25_B
    new_row = np.empty(len(docs), dtype=bool)
    new_row[0], new_row[1:] = True, docs[1:] != docs[:-1]
    starts = np.zeros(1, dtype=np.int64) if sizes is None else np.cumsum(sizes) - sizes
    new_row[starts] = True  # a term's first instance starts a row of its own
    ids = docs[new_row]
    freq = np.zeros(len(ids), dtype=np.float64)
    # ufunc.at adds one instance at a time, in order: FTS5's `aFreq[ip] += w` from 0.0.
    np.add.at(freq, np.cumsum(new_row) - 1, np.asarray(tuning.FTS_WEIGHTS, dtype=np.float64)[cols])
    hits = np.add.reduceat(new_row.astype(np.int64), starts)
    idf = np.array([_idf(rows, h) for h in hits.tolist()], dtype=np.float64)  # math.log, as FTS5's C
    avgdl = float(tokens) / float(rows)
    d = lengths[ids].astype(np.float64)
    contrib = np.repeat(idf, hits) * ((freq * (k1 + 1.0)) / (freq + k1 * ((1 - b) + (b * d) / avgdl)))
    return ids, contrib, hits


def _idf(rows: int, hits: int) -> float:
    idf = math.log((float(rows - hits) + 0.5) / (float(hits) + 0.5))
    return 1e-6 if idf <= 0.0 else idf


def _same(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> bool:
    return len(a[0]) == len(b[0]) and bool((a[0] == b[0]).all()) and a[1].tobytes() == b[1].tobytes()


# Whether this process's own bm25 matched FTS5's to the bit ("checked": True / False; absent: not yet asked).
_exact: dict[str, bool] = {}


def _instance_table(db: Database) -> bool:
    """Make the temp fts5vocab table over memories_fts on this connection (once); False when this
    SQLite will not (a build without fts5vocab): FTS5's own statement answers then."""
    if db not in _instanced:
        try:
            db.execute(INSTANCE_DDL)
        except QuireError:  # the FTS5 statement that runs instead says what is wrong, if anything
            return False
        _instanced.add(db)
    return True


_instanced: weakref.WeakSet[Database] = weakref.WeakSet()


def varints(data: bytes) -> list[int]:
    """SQLite's varints end to end (big-endian 7-bit groups, high bit set on all but the last; a
    ninth byte gives 8 bits); ValueError when the last one is cut short."""
    out, value, length = [], 0, 0
    for byte in data:
        length += 1
        if length == 9:
            out.append((value << 8) | byte)
            value, length = 0, 0
        elif byte < 0x80:
            out.append((value << 7) | byte)
            value, length = 0, 0
        else:
            value = (value << 7) | (byte & 0x7F)
    if length:
        raise ValueError("a varint is cut short")
    return out


def _averages(block: Any) -> tuple[int, int] | None:
    """(rows, tokens in every column) of the FTS5 averages record; None when it is not one."""
    if not isinstance(block, bytes) or not block:
        return None
    try:
        found = varints(block)
    except ValueError:
        return None
    if len(found) != 1 + len(COLUMNS) or found[0] <= 0:
        return None
    return found[0], sum(found[1:])


def _lengths(db: Database) -> np.ndarray | None:
    """Tokens per rowid (every column's), from every docsize record in one read; None when a
    record is not the varints of memories_fts's columns or the rowids are too many to hold densely."""
    import numpy as np  # (see `_Warm.search`)

    ids_text, sizes_hex, count = db.rows(DOCSIZES_SQL)[0]
    if not count:
        return np.zeros(1, dtype=np.int64)
    ids = np.fromstring(ids_text, dtype=np.int64, sep=",")
    raw = np.frombuffer(bytes.fromhex(sizes_hex), dtype=np.uint8)
    if len(ids) != count or int(ids.min()) < 0 or int(ids.max()) >= OWN_SCORING_ROWIDS_MAX:
        return None
    ends = np.flatnonzero(raw < 0x80)
    if len(ends) != count * len(COLUMNS) or ends[-1] != len(raw) - 1:
        return None  # not one varint per column per row (or a nine-byte one): not read here
    starts = np.empty_like(ends)
    starts[0], starts[1:] = 0, ends[:-1] + 1
    if int((ends - starts).max()) > 7:
        return None
    group = np.repeat(np.arange(len(ends)), ends - starts + 1)
    shift = 7 * (ends[group] - np.arange(len(raw)))
    values = np.add.reduceat((raw & 0x7F).astype(np.int64) << shift, starts)
    lengths = np.zeros(int(ids.max()) + 1, dtype=np.int64)
    lengths[ids] = values.reshape(count, len(COLUMNS)).sum(axis=1)
    return lengths


TOKENS_KEPT, TOKENS_WORD_MAX = 50_000, 100  # words whose terms are kept, and the longest kept (characters)


class _Tokenizer:
    """The terms FTS5 makes of a word with memories_fts's tokenizer: an in-memory FTS5 table of
    this process, so the instances of the very terms the index holds can be looked up."""

    def __init__(self) -> None:
        self.db: FileDatabase | None = None
        self.lock = threading.Lock()
        self.known: OrderedDict[str, tuple[str, ...]] = OrderedDict()

    def drop(self) -> None:
        """Keep no word (a forget: memory/textcache.py)."""
        with self.lock:
            self.known.clear()

    def terms(self, word: str) -> tuple[str, ...]:
        found = self.known.get(word)
        return found if found is not None else self.terms_of([word])[0]

    def terms_of(self, words: list[str]) -> list[tuple[str, ...]]:
        """The terms of each of `words`; those not known yet in one pass of the tokenizer (three
        statements, not three a word: 0.16 ms a word met first)."""
        with self.lock:
            new = [w for w in dict.fromkeys(words) if w not in self.known]
            made = self._tokenized(new) if new else {}
            for word, found in made.items():
                if len(word) <= TOKENS_WORD_MAX:  # a pasted blob of a word is tokenized, not kept
                    self.known[word] = found
            while len(self.known) > TOKENS_KEPT:
                self.known.popitem(last=False)
            return [made[w] if w in made else self.known[w] for w in words]

    def learn(self, words: Iterable[str]) -> int:
        """Tokenize the `words` not known yet in bulk (`learn`); how many were new (0: none, or
        more than the cache would keep beside what it holds)."""
        with self.lock:
            new = [w for w in dict.fromkeys(words) if w not in self.known and len(w) <= TOKENS_WORD_MAX]
            if not new or len(self.known) + len(new) > TOKENS_KEPT:
                return 0
        self.terms_of(new)
        return len(new)

    def _tokenized(self, words: list[str]) -> dict[str, tuple[str, ...]]:
        if self.db is None:
            self.db = FileDatabase(":memory:", configure=False)
            self.db.execute(f"CREATE VIRTUAL TABLE words USING fts5(word, tokenize = '{TOKENIZE}')")
            self.db.execute("CREATE VIRTUAL TABLE word_terms USING fts5vocab(words, instance)")
        out: dict[str, list[str]] = {w: [] for w in words}
        for start in range(0, len(words), 100):  # bound the statement's parameters
            part = words[start : start + 100]
            marks = ", ".join(f"({i + 1}, ?)" for i in range(len(part)))
            self.db.execute(f"INSERT INTO words(rowid, word) VALUES {marks}", tuple(part))
            try:
                for doc, term in self.db.rows("SELECT doc, term FROM word_terms ORDER BY doc, offset"):
                    out[part[int(doc) - 1]].append(term)
            finally:  # a word left behind would take the next call's rowid 1 (and its terms)
                self.db.execute("DELETE FROM words")
        return {w: tuple(t) for w, t in out.items()}


_TOKENS = _Tokenizer()
textcache.on_drop(_TOKENS.drop)


def learn(words: Iterable[str]) -> int:
    """Know the index terms of `words` from now on, tokenized in bulk: a home read whole hands its
    vocabulary over once (about 7 us a word at 10k memories, 57 ms for 9,600 words), where each
    word met first by a recall cost a pass of its own (three statements, ~0.1 ms a query in a warm
    process's first round of new queries: the words of the hits the floor reads, `stems`). Kept
    while the cache holds them (TOKENS_KEPT; a forget empties it); nothing when they would not fit.
    Returns how many words were new."""
    return _TOKENS.learn(words)


def terms_each(words: list[str]) -> list[frozenset[str]]:
    """The index terms of each of `words` (a query word may match any of them)."""
    return [frozenset(t) for t in _TOKENS.terms_of(words)]


def stems(text: str) -> frozenset[str]:
    """The index terms of `text` (stemmed and folded by memories_fts's tokenizer): what a query
    word must become to match it. A turn's terms are cached (a warm process asks again); a long
    text is not, so the cache stays a few megabytes."""
    return _stems(text) if len(text) <= STEMS_CACHED_CHARS else _stems.__wrapped__(text)


STEMS_CACHED_CHARS = 4000


@text_cache(maxsize=2048)
def _stems(text: str) -> frozenset[str]:
    found = words_of(text)
    return frozenset(t for terms in _TOKENS.terms_of(found) for t in terms) if found else frozenset()


def _best(ids: np.ndarray, total: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """The `limit` highest totals, ties by rowid ascending (SQLite's ORDER BY bm25 LIMIT)."""
    import numpy as np  # (see `_Warm.postings`)

    if len(total) > limit:
        keep = _over_cut(total, limit)
        ids, total = ids[keep], total[keep]
    order = np.lexsort((ids, -total))[:limit]
    return list(zip(ids[order].tolist(), total[order].tolist(), strict=True))


# `_over_cut` partitions only the totals over a cut read off every CUT_SAMPLE-th one (about 2 x limit
# of them) where a query of common words holds thousands of rows.
CUT_SAMPLE = 16


def _over_cut(total: np.ndarray, limit: int) -> np.ndarray:
    """Positions of the totals at or over the `limit`-th highest (ties at it all kept), ascending."""
    import numpy as np  # (see `_Warm.postings`)

    n = len(total)
    if n >= 4 * limit:
        sample = total[::CUT_SAMPLE]
        r = 2 * limit // CUT_SAMPLE + 2
        over = np.flatnonzero(total >= np.partition(sample, len(sample) - r)[len(sample) - r])
        if len(over) >= limit:  # the limit-th highest of every total is among them
            found = total[over]
            keep: np.ndarray = over[found >= np.partition(found, len(found) - limit)[len(found) - limit]]
            return keep
    return np.flatnonzero(total >= np.partition(total, n - limit)[n - limit])


_warm: weakref.WeakKeyDictionary[Database, _Warm] = weakref.WeakKeyDictionary()
# A forget drops the words counted and the postings held (memory/textcache.py): none of its words stay.
textcache.on_drop(_df.clear)
textcache.on_drop(_warm.clear)


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
