"""Capture quality gate: too_short, credential_leak, noise_pattern (Wenlan §2.2), plus
redaction and duplicate fingerprints. Pure functions, no I/O."""

from __future__ import annotations

import hashlib
import itertools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from memory import life
from memory import text as _text

# Re-exported: most callers redact through the gate they already read (credentials.py holds them).
from memory.credentials import REDACTION_PREFIX as REDACTION_PREFIX
from memory.credentials import find_credentials as find_credentials
from memory.credentials import redact as redact

MIN_WORDS = 5


@dataclass(frozen=True)
class GateVerdict:
    reason: str | None  # None = passes; else "too_short" | "credential_leak" | "noise_pattern"
    detail: str = ""  # word count, credential kind or noise pattern name; never the secret

    @property
    def passed(self) -> bool:
        return self.reason is None


PASS = GateVerdict(None)


# ---------------------------------------------------------------------------
# too_short


def meaningful_words(text: str) -> int:
    """Script-aware word count (memory/text.py): unspaced scripts such as Chinese or Thai count too."""
    return _text.meaningful_words(text)


# ---------------------------------------------------------------------------
# noise patterns (lowercased, trimmed text; Wenlan order)


def import_refusal(where: str, detail: str) -> str:
    """The one error line every import format gives for a unit refused for a credential: the kind
    and the field, never the key, and the fix."""
    return (
        f"{where}: refused: it holds a credential ({detail}); nothing of it was stored: "
        "remove the key from the file and import again (what landed is skipped)"
    )


_PREAMBLES = ("you are a ", "you are an ", "your role is ", "as an ai", "as a helpful")
_SYSTEM_MARKERS = ("<<sys>>", "[/inst]", "### instruction")
# Substring matches, as in Wenlan ("must" also hits "mustard"; kept for parity).
_INSTRUCTION_KEYWORDS = ("must", "always", "never", "ensure", "shall", "do not")
_HEARTBEAT_EXACT = frozenset({"heartbeat", "health check", "ping", "pong", "status: ok", "alive"})
_HEARTBEAT_PREFIXES = ("heartbeat ", "health check ")
_ACKS = frozenset({"ok", "done", "ack", "received", "noted", "yes", "no", "confirmed", "acknowledged", "roger", "copy"})
_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_TIMESTAMPISH = re.compile(r"[0-9\-:TZ]{4,}")

NOISE_PATTERNS = (
    "system_prompt_preamble",
    "system_prompt_markers",
    "instruction_density",
    "heartbeat",
    "single_word_ack",
    "timestamp_only",
)


def _keyword_count(s: str) -> int:
    return sum(1 for k in _INSTRUCTION_KEYWORDS if k in s)


def noise_pattern(content: str) -> str | None:
    """Name of the first noise pattern the content matches, or None."""
    t = content.strip()
    low = t.lower()
    if low.startswith(_PREAMBLES):
        return "system_prompt_preamble"
    if any(m in low for m in _SYSTEM_MARKERS) or (low.startswith("system:") and _keyword_count(low) >= 3):
        return "system_prompt_markers"
    if _keyword_count(low[:200]) >= 4:
        return "instruction_density"
    if low in _HEARTBEAT_EXACT or low.startswith(_HEARTBEAT_PREFIXES):
        return "heartbeat"
    if low in _ACKS:
        return "single_word_ack"
    # Original case: "T"/"Z" separators are uppercase in ISO timestamps. Three tokens that are no
    # timestamp settle it, so the rest of a long message is not matched token by token.
    # The first three tokens split off alone first (a chat turn's whole text split for three words: ~1 us).
    head = t.split(None, 3)
    real = [tok for tok in head[:3] if not (_TIMESTAMP.match(tok) or _TIMESTAMPISH.fullmatch(tok))]
    if len(real) < 3 and len(head) > 3:  # a timestamp among them, and more text: read on as before
        words = (tok for tok in t.split() if not (_TIMESTAMP.match(tok) or _TIMESTAMPISH.fullmatch(tok)))
        real = list(itertools.islice(words, 3))
    if len(real) < 3 and _text.meaningful_words(" ".join(real)) < 3:  # one token of Chinese can be a sentence
        return "timestamp_only"
    return None


# ---------------------------------------------------------------------------
# gate


def check(content: str, others: Iterable[tuple[str, str]] = ()) -> GateVerdict:
    """Run the rules in order; the first hit rejects. Tombstones are checked elsewhere.

    `others` are the capture's other texts as (field, value): source, entities, field values,
    title, cue, space. A credential in any of them refuses the capture as in the content; the
    detail names the kind and the field, never the secret."""
    for where, value in others:
        found = find_credentials(value)
        if found:
            return GateVerdict("credential_leak", f"{found[0][0]} in {where}")
    n = _text.meaningful_words(content, most=MIN_WORDS)  # (counted no further than the rule reads)
    stated = n < MIN_WORDS and bool(life.read(content))
    if n < MIN_WORDS and not stated:  # "I live in Lyon", "I'm vegan now": short, and kept
        word = "word" if n == 1 else "words"
        return GateVerdict("too_short", f"{n} meaningful {word} (need {MIN_WORDS})")
    creds = find_credentials(content)
    if creds:
        return GateVerdict("credential_leak", creds[0][0])
    name = noise_pattern(content)
    if name and not (stated and name == "timestamp_only"):  # ("Is vegetarian": two words that say a life)
        return GateVerdict("noise_pattern", name)
    return PASS


# ---------------------------------------------------------------------------
# duplicate fingerprints


def normalize(content: str) -> str:
    """NFKC, casefold, whitespace collapsed, trailing . ! ? dropped."""
    s = unicodedata.normalize("NFKC", content).casefold()
    # split/join, not a \s+ substitution and strip: the same text (str.split and re's \s take the
    # same whitespace, str.isspace), a third of the time (8.7 -> 3.2 us a chat message, loaded machine).
    # rstrip, not a "[.!?]+$" regex: that rescans every interior run of dots (quadratic).
    return " ".join(s.split()).rstrip(" .!?")


def content_hash(content: str) -> str:
    return hashlib.sha256(normalize(content).encode("utf-8")).hexdigest()
