r"""The one tokenizer and stopword set for words: lexical search (FTS5 terms), page search, the
contradiction pre-filter's word overlap and the near-duplicate collapse in recall.

A word is a run of Unicode word characters (`\w+`) of the text's compatibility fold (`fold`: NFKC,
so fullwidth "ＡＰＩ", the ligature "ﬁ", "²" or "①" are the plain letters and digits they stand
for), lowercased (not casefolded: FTS5's unicode61 tokenizer folds case the same way, so a query
term matches what the index holds; the index holds the same fold, see `memories_fts` in
memory/migrations.py m021), with the few letters whose case fold is not their lowercase ("ß" is
"ss", a final "ς" is "σ") spelt as folded on both sides (m022).

Deliberately separate, each for a measured reason said where it lives: the entity matcher
(retrieval/graph.py: names such as "C++" or "node.js" keep their punctuation), the synthesis
faithfulness tokens (wiki: Wenlan's 4+ letter alphanumerics, its published check), the BM25
baseline (eval/baselines.py: the tokenizer the LongMemEval authors ran) and the fake embedder
(memory/embed.py: the goldens' rankings are pinned to it).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from memory.text import visible
from memory.textcache import text_cache

WORD = re.compile(r"\w+", re.UNICODE)


def fold(text: str) -> str:
    """`text` as words are matched (never as it is stored): NFKC, without bidi controls or zero-width
    characters. NFC alone left "ＡＰＩ ｋｅｙ" and "API key" with no word in common."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", visible(text))


# The letters whose case fold (str.casefold) is not their lowercase: FTS5's unicode61 lowercases
# "STRASSE" to "strasse" but keeps "straße" as it is, so "Straße" and "STRASSE" shared no word (and
# Greek "ΟΔΟΣ", lowercased to "οδοσ" by FTS5 and "οδος" by Python, none). Both sides of the index
# read through this: the stored text (`lexical`) and the query's words (`words`).
_CASELESS = str.maketrans({"ß": "ss", "ẞ": "ss", "ς": "σ"})
CASELESS = frozenset("ßẞς")  # what migration 22 refolds existing rows for


def lexical(text: str) -> str | None:
    """What the lexical index holds for a stored text when that differs from the text (None: the
    text itself, which is nearly every text and costs the row nothing)."""
    folded = fold(text)
    if any(c in folded for c in CASELESS):  # (translate reads every character through a dict: 6 us a title)
        folded = folded.translate(_CASELESS)
    return None if folded == text else folded


def name_key(name: str) -> str:
    """A name or title compared with another: folded, casefolded, whitespace collapsed."""
    return " ".join(fold(name).casefold().split())


def words(text: str) -> list[str]:
    """Every word of `text`, lowercased, in order, read through `fold`. A query sent decomposed
    ("Cafe\u0301": the word "cafe"), with a hidden U+200B ("led\u200bger": "led", "ger") or in
    fullwidth ("ＡＰＩ": "api") missed the words capture stored; "STRASSE" is the word of "Straße"."""
    return [w.lower().translate(_CASELESS) for w in WORD.findall(fold(text))]


@text_cache(maxsize=65536)
def word_set(text: str) -> frozenset[str]:
    """The distinct words of `text` (cached: the contradiction pre-filter asks for the same texts often)."""
    return frozenset(words(text))


# English function words and question scaffolding: they match nearly every memory, and BM25
# would still let a rare one ("whom") outweigh a content word.
STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "done",
        "down",
        "during",
        "each",
        "else",
        "ever",
        "few",
        "for",
        "from",
        "further",
        "get",
        "got",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "me",
        "might",
        "more",
        "most",
        "much",
        "must",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "per",
        "quite",
        "rather",
        "really",
        "same",
        "shall",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "upon",
        "us",
        "very",
        "was",
        "we",
        "were",
        "what",
        "whatever",
        "when",
        "where",
        "whether",
        "which",
        "while",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "within",
        "without",
        "would",
        "yet",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "d",
        "ll",
        "m",
        "re",
        "ve",
        "y",
        "don",
        "didn",
        "doesn",
        "isn",
        "aren",
        "wasn",
        "weren",
        "hasn",
        "haven",
        "hadn",
        "won",
        "wouldn",
        "shouldn",
        "couldn",
        "anything",
        "something",
        "everything",
        "tell",
        "know",
        "think",
        "said",
        "say",
        "says",
        "thing",
        "things",
        "kind",
        "like",
        # French function words and question scaffolding, for a person who asks in French: "qui est
        # mon plombier" was matched on "est" and "mon" (rare in an English store, so BM25 weighed them
        # over "plombier") and put "Mon dentiste est ..." first. Not the ones English spells too
        # ("son", "pour", "comment", "c" as in C): those stay content words.
        "au",
        "aux",
        "avec",
        "ce",
        "ces",
        "cet",
        "cette",
        "ça",
        "chez",
        "dans",
        "de",
        "des",
        "du",
        "elle",
        "elles",
        "est",
        "et",
        "il",
        "ils",
        "j",
        "je",
        "l",
        "la",
        "le",
        "les",
        "leur",
        "leurs",
        "lui",
        "ma",
        "mais",
        "mes",
        "moi",
        "mon",
        "ne",
        "nos",
        "notre",
        "nous",
        "ou",
        "où",
        "pas",
        "qu",
        "quand",
        "que",
        "quel",
        "quelle",
        "quelles",
        "quels",
        "qui",
        "quoi",
        "sa",
        "ses",
        "sont",
        "suis",
        "ta",
        "tes",
        "toi",
        "ton",
        "tu",
        "un",
        "une",
        "vos",
        "votre",
        "vous",
        # Arabizi's "my", said after the noun ("l siyyara taba3e": my car): no content word of a question, as
        # "mon" is not ("shou l zodiac sign taba3e?" had named the star sign by "sign taba3e", which a turn about
        # her car held: "l Kia Picanto taba3e")
        "taba3e",
        "taba3i",
        "tab3i",
    ]
)


def terms(query: str) -> list[str]:
    """Content words of the query, lowercased, in order, without repeats.

    When every word is a stopword ("who am I?"), all of them are kept rather than none.
    """
    found = list(dict.fromkeys(words(query)))
    kept = [w for w in found if w not in STOPWORDS and not w.startswith("_")]
    return kept or found


_ALIASES = Path(__file__).resolve().parent / "data" / "aliases.txt"


@functools.cache
def _alias_groups() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The lines of data/aliases.txt, each a group of names as word tuples (`words`)."""
    groups = []
    for line in _ALIASES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            groups.append(tuple(tuple(words(name)) for name in line.split("|") if words(name)))
    return tuple(groups)


def other_names(text: str) -> list[str]:
    """The other names (data/aliases.txt) of each name `text` says as whole words, a name of several
    words as one phrase ("new york city"), in the list's order, none `text` says itself: "postgres"
    gives "postgresql" and "psql"; "post" and "java" give nothing."""
    said = words(text)
    if not said:
        return []
    joined = " " + " ".join(said) + " "
    out: list[str] = []
    for group in _alias_phrases():
        held = [padded in joined for padded, _ in group]
        if any(held):
            out += [name for (_, name), h in zip(group, held, strict=True) if not h]
    return list(dict.fromkeys(out))


@functools.cache
def _alias_phrases() -> tuple[tuple[tuple[str, str], ...], ...]:
    """`_alias_groups`, each name's words joined once, as (" name ", "name"): every recall reads them."""
    return tuple(tuple((f" {' '.join(n)} ", " ".join(n)) for n in group) for group in _alias_groups())
