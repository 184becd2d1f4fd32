"""The lexical channel: SQLite FTS5 BM25 over memories_fts(content, title, cue).

The query becomes an OR of its quoted content words (stopwords dropped, so "what did I decide
about postgres" searches `decide OR postgres`); FTS5's porter tokenizer stems both sides.
"""

from __future__ import annotations

import re

from memory.db import Database
from retrieval import tuning

# English function words and question scaffolding: they match nearly every memory, and BM25
# would still let a rare one ("whom") outweigh a content word.
STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing done down during each else ever few for
from further get got had has have having he her here hers herself him himself his how i if in
into is it its itself just let me might more most much must my myself no nor not now of off on
once only or other ought our ours ourselves out over own per quite rather really same shall she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up upon us very was we were what whatever when where whether which
while who whom whose why will with within without would yet you your yours yourself yourselves
s t d ll m re ve y don didn doesn isn aren wasn weren hasn haven hadn won wouldn shouldn couldn
anything something everything tell know think said say says thing things kind like
""".split())

_WORD = re.compile(r"\w+", re.UNICODE)


def terms(query: str) -> list[str]:
    """Content words of the query, lowercased, in order, without repeats.

    When every word is a stopword ("who am I?"), all of them are kept rather than none.
    """
    words = list(dict.fromkeys(w.lower() for w in _WORD.findall(query)))
    kept = [w for w in words if w not in STOPWORDS and not w.startswith("_")]
    return kept or words


def match_expression(words: list[str]) -> str:
    """An FTS5 MATCH string: each word quoted (no FTS syntax survives), OR-joined."""
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in words)


def _bm25() -> str:
    c, t, q = tuning.FTS_WEIGHTS
    return f"bm25(memories_fts, {float(c)}, {float(t)}, {float(q)})"


def search_unfiltered(db: Database, words: list[str], limit: int) -> list[tuple[int, float]]:
    """(rowid, score) best first over the whole index; score = -bm25 (higher is better)."""
    if not words:
        return []
    rows = db.rows(
        f"SELECT rowid, {_bm25()} AS s FROM memories_fts WHERE memories_fts MATCH ? ORDER BY s LIMIT ?",
        (match_expression(words), limit),
    )
    return [(int(r[0]), -float(r[1])) for r in rows]


def search_filtered(db: Database, words: list[str], where: str, params: tuple, limit: int) -> list[tuple[int, float]]:
    """(rowid, score) best first among rows passing `where` (over `memories m`)."""
    if not words:
        return []
    rows = db.rows(
        f"SELECT m.rowid, {_bm25()} AS s FROM memories_fts JOIN memories m ON m.rowid = memories_fts.rowid "
        f"WHERE memories_fts MATCH ? AND {where} ORDER BY s LIMIT ?",
        (match_expression(words), *params, limit),
    )
    return [(int(r[0]), -float(r[1])) for r in rows]
