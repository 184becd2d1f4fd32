"""The one text policy: every text a person or agent hands quire passes through `clean` first.

    Unicode normal form         kept as sent: "e" + U+0301 reads back as it was given (what was
                                acknowledged reads back identical); the keys that match text
                                (`gate.normalize` for duplicates, `tokens.fold` for search and names)
                                fold NFC and NFD alike, so both forms are one memory and one word
    BOM (U+FEFF) at the start   stripped (an editor artefact, never meant as text)
    CR LF / CR                  become LF (one line ending everywhere; not worth a warning)
    NUL, other C0, DEL, C1      removed, with a warning that names how many were removed: the
                                driver cuts text at NUL, so keeping it would lose the rest silently
    tab, newline                kept
    bidi overrides, isolates,   removed, with a warning: U+202A-202E and U+2066-2069 reorder what
    zero-width space, joiner    a terminal or page shows (text that reads other than it is), and
    (U+200B, U+2060, U+FEFF)    U+200B / U+2060 / an inner U+FEFF hide inside words; ZWJ and ZWNJ
                                (U+200D, U+200C) stay, since scripts and emoji need them
    lone surrogates             refused (InvalidInput): they cannot be stored as UTF-8, so no
                                faithful copy exists; the message says how to fix the input

What `clean` returns is what is stored, and it reads back byte-identical.

`meaningful_words` counts words script by script for the capture gate: scripts written without
spaces (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar, Tibetan) count every two letters
as a word, since a character-level count is what a segmenter's output averages to for them.
"""

from __future__ import annotations

import itertools
import json
import re
import string
import unicodedata
from dataclasses import dataclass
from typing import Any

from memory import needles
from memory.errors import InvalidInput

_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
INVISIBLE = re.compile("[\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]")
# What a one-line value (a URL, a path, a token, a host) never holds inside: a control character
# or a line break, which urlsplit drops and a header or a file name would take as given.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# What `clean` can change in ASCII text: a control character or CR (no BOM, invisible or surrogate
# is ASCII). Without one, ASCII text is returned as it is (6 values a chat message).
_ASCII_CHANGED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class Cleaned:
    text: str
    notes: tuple[str, ...] = ()
    controls: int = 0  # control characters removed (NUL and the like)
    invisible: int = 0  # bidi and zero-width characters removed


_WHOLE = re.compile(r"-?[0-9]+")  # [0-9], not \d: "١٢" and "７" are \d, and int() reads "1_000" and "+5"


def whole_number(value: str) -> int | None:
    """A whole number as a person types one on a command line or in an address: ASCII digits after an
    optional minus, spaces around it; None for anything else, which every route refuses alike (the
    library, the service and MCP take no text for a number: "١٢" was twelve on the CLI and the screens)."""
    found = value.strip()
    return int(found) if _WHOLE.fullmatch(found) else None


def unpaired(value: Any = None, at: str = "") -> str:
    """The one wording of a lone surrogate on every route and field (a JSON "\\ud800" escape, a
    Python str holding half a UTF-16 pair), after the name of the field that holds it: what it is
    (the first one `value` holds, and `at`, where) and the fix."""
    char = first_surrogate(value)
    where = ", ".join(x for x in (f"U+{ord(char):04X}" if char else "", at) if x)
    return (
        f"holds an unpaired surrogate{f' ({where})' if where else ''}, half of a character whose other half is "
        "missing; replace it with the character meant (or delete it)"
    )


def first_surrogate(value: Any) -> str | None:
    """The first lone surrogate in `value` (a text, or the texts and keys of a list or object)."""
    if isinstance(value, str):
        bad = _SURROGATE.search(value)
        return bad.group() if bad else None
    items = [x for kv in value.items() for x in kv] if isinstance(value, dict) else value
    for item in items if isinstance(items, (list, tuple)) else ():
        found = first_surrogate(item)
        if found:
            return found
    return None


def clean(value: str, *, what: str = "text") -> Cleaned:
    """Apply the text policy to one value; raise InvalidInput for text that cannot be stored."""
    if value.isascii() and not _ASCII_CHANGED.search(value):
        return Cleaned(value)
    bad = _SURROGATE.search(value)
    if bad:
        raise InvalidInput(f"{what} {unpaired(value, f'character {bad.start()}')}")
    notes: list[str] = []
    text = value.lstrip("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    removed = len(_CONTROLS.findall(text))
    if removed:
        text = _CONTROLS.sub("", text)
        plural = "s" if removed > 1 else ""
        notes.append(f"{what}: removed {removed} control character{plural} (NUL or similar) that cannot be stored")
    hidden = len(INVISIBLE.findall(text))
    if hidden:
        text = INVISIBLE.sub("", text)
        plural = "s" if hidden > 1 else ""
        notes.append(f"{what}: removed {hidden} invisible character{plural} (bidi override or zero-width)")
    return Cleaned(text, tuple(notes), removed, hidden)


def visible(text: str) -> str:
    """`text` without the characters that reorder or hide what a page or terminal shows."""
    return INVISIBLE.sub("", text) if INVISIBLE.search(text) else text


def escaped(text: str) -> str:
    """`text` for one line of a terminal: a line break, tab, control or invisible character shown
    as its escape (\\n, \\x1b, \\u202e), never acted on."""
    hidden = (CONTROL, INVISIBLE)
    if not any(p.search(text) for p in hidden):
        return text
    return "".join(c.encode("unicode_escape").decode() if any(p.match(c) for p in hidden) else c for c in text)


def clean_text(value: str, *, what: str = "text") -> str:
    """`clean` for values where a silent removal is fine to report nowhere (names, keys)."""
    return clean(value, what=what).text


def clean_tree(value: Any, notes: list[str], *, what: str = "text") -> Any:
    """Clean every string inside a JSON-like value (dict keys included), collecting notes."""
    if isinstance(value, str):
        result = clean(value, what=what)
        notes.extend(result.notes)
        return result.text
    if isinstance(value, dict):
        return {
            (clean_tree(k, notes, what=f"{k!s}") if isinstance(k, str) else k): clean_tree(v, notes, what=str(k))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [clean_tree(v, notes, what=what) for v in value]
    return value


# ---------------------------------------------------------------------------
# words, by script

_ASCII_PUNCT = str.maketrans("", "", string.punctuation)
# Unspaced scripts: Thai, Lao, Tibetan, Myanmar, Khmer, Hiragana, Katakana, CJK, Hangul is spaced.
_UNSPACED = (
    (0x0E00, 0x0EFF),  # Thai, Lao
    (0x0F00, 0x0FFF),  # Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified
    (0xF900, 0xFAFF),  # CJK compatibility
    (0x20000, 0x3134F),  # CJK extensions B-G
)
CHARS_PER_WORD = 2


def _unspaced(ch: str) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _UNSPACED)


_ANY_UNSPACED = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _UNSPACED) + "]")


def meaningful_words(text: str, most: int | None = None) -> int:
    """Words that carry meaning: whitespace tokens (ASCII punctuation removed, non-empty, longer
    than one char or a single alphanumeric) plus, for unspaced scripts, one per two letters. Read
    in NFKC, as words are matched (memory/tokens.py `fold`): halfwidth katakana ("ﾃｽﾄｻｰﾊﾞｰ") was
    one word where the same letters in fullwidth were four, and a capture of it was too_short.
    `most`: count no further (the gate asks only whether a text reaches its minimum)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    if not _ANY_UNSPACED.search(text):
        # No unspaced script: each token is one piece, as below, without a per-character pass
        # (a 13-word chat message: 170 us down to 8 us, timeit; 6% of a chat import's CPU before).
        words = (1 for tok in text.split() if (w := tok.translate(_ASCII_PUNCT)) and (len(w) > 1 or w.isalnum()))
        return sum(words if most is None else itertools.islice(words, most))
    n = _words_by_script(text)
    return n if most is None else min(n, most)


def _words_by_script(text: str) -> int:
    """`meaningful_words`, character by character (any text; the fast path must agree with it)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)  # a no-op when called from meaningful_words
    n = 0
    for tok in text.split():
        unspaced = sum(1 for c in tok if _unspaced(c) and unicodedata.category(c)[0] == "L")
        rest = "".join(c for c in tok if not _unspaced(c))
        if unspaced:
            n += (unspaced + CHARS_PER_WORD - 1) // CHARS_PER_WORD
        # Latin runs inside unspaced text ("使用PostgreSQL作为") count as words of their own.
        for piece in re.split(r"[^\w]+", rest) if unspaced else [rest]:
            w = piece.translate(_ASCII_PUNCT)
            if w and (len(w) > 1 or w.isalnum()):
                n += 1
    return n


class DuplicateKey(InvalidInput):
    """A JSON object a person or agent wrote holds one key twice."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`object_pairs_hook` for every JSON a person or agent writes (request bodies, MCP lines, JSONL
    imports): an object holding a key twice is refused. Python's json keeps the last one without a
    word, so `{"k": 1, "k": 50}` would run with a value nobody can see was chosen."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(
                    f"the key {key[:80]!r} appears twice in one JSON object; keep one of them "
                    "(quire does not guess which one you meant)"
                )
            seen.add(key)
    return out


def json_loads(raw: str | bytes) -> Any:
    """`json.loads` for JSON a person or agent wrote: a duplicate key is a DuplicateKey (InvalidInput)."""
    return json.loads(raw, object_pairs_hook=unique_keys)


def json_error(exc: json.JSONDecodeError) -> str:
    """A line that is not JSON, in one line naming the fix. Python's own text for a raw control
    character ends in "at", which read "at at column 21"."""
    what = exc.msg.removesuffix(" at")
    hint = " (write a control character as an escape, e.g. \\u0000)" if "control character" in what else ""
    return f"invalid JSON ({what} at column {exc.colno}){hint}; fix that line and import again (what landed is skipped)"


def json_depth_exceeds(raw: bytes, limit: int) -> bool:
    """Whether JSON bytes nest deeper than `limit`, found by a scan that never recurses.

    Parsers recurse per level (`json.loads` raises RecursionError, ijson builds a prefix per
    level, quadratic in depth), so untrusted input is measured before anything parses it."""
    depth = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


# Code a person pastes without fences, one line at a time: SQL clauses, a definition or an import,
# a shell or REPL prompt, a traceback, a line that ends or opens a block, an operator between
# spaces, or an indented line. "SELECT ... GROUP BY ... ORDER BY total DESC;" was read as the names
# "GROUP BY", "ORDER BY" and "DESC", and each became a page.
_CODE_LINE = re.compile(
    r"(?:(?:SELECT|FROM|WHERE|GROUP BY|ORDER BY|HAVING|LIMIT|(?:LEFT |RIGHT |INNER |OUTER |CROSS )?JOIN|"
    r"INSERT INTO|UPDATE|DELETE FROM|CREATE (?:TABLE|INDEX|VIEW)|ALTER TABLE|WITH|UNION|VALUES|SET)\b"
    r"|(?:def|class|func|fn|package|import|from [\w.]+ import|#include|>>>|\$|Traceback \(most|at [\w.$]+\()\s"
    r"|File \"|[\w.]+(?:Error|Exception|Warning): "
    r"|.*(?:[;{}]|=>)[ \t]*$"
    # (not a sentence whose aside in brackets ends it before a colon: "I'll paste it (it went out under my
    # own name, as I've always published under my own name):", session 38's ines; its five spaces are the
    # first five, so a long line is not split every way into five: one of 692 characters took 4 s)
    r"|(?![A-Z][^\n]* \((?:[^()\n ]* ){5}[^()\n]*\):[ \t]*$).*\):[ \t]*$"
    r"|.*(?<=\s)(?:==|!=|=>|->|:=|\+=|-=|&&|\|\|)\s"
    r"|(?:(?<= {4})|(?<=\t))\S)",
)


def code_line(line: str) -> bool:
    """Whether one line reads as code (`_CODE_LINE`), tried once after its indent: the pattern opened with
    `[ \\t]*`, and every shorter indent was tried again with each `.*` alternative, so a line of 16,000
    spaces (a pasted table, a padded export) took 7 s to read and a long message of them minutes."""
    indent = len(line) - len(line.lstrip(" \t"))
    if not indent and "\n" not in line and not _may_be_code(line):
        return False
    return _CODE_LINE.match(line, indent) is not None


# (session 48: life48) What every match of `_CODE_LINE` at the start of a line with no indent and no newline holds:
# one of its openings, one of its words or operators inside, or one of its endings. Its `.*` alternatives tried
# backwards from the line's end on every line of prose: ~5 us a turn of an import.
_CODE_OPENS = (
    *("SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "LEFT ", "RIGHT ", "INNER ", "OUTER "),
    *("CROSS ", "JOIN", "INSERT INTO", "UPDATE", "DELETE FROM", "CREATE ", "ALTER TABLE", "WITH", "UNION", "VALUES"),
    *("SET", "def", "class", "func", "fn", "package", "import", "from ", "#include", ">>>", "$", "Traceback (most"),
    *("at ", 'File "'),
)
_CODE_HOLDS = ("Error: ", "Exception: ", "Warning: ", "==", "!=", "=>", "->", ":=", "+=", "-=", "&&", "||")
_CODE_ENDS = (";", "{", "}", "=>", "):")
_HOLDS_CODE = needles.Holds(_CODE_HOLDS)  # (all of them in one pass)


def _may_be_code(line: str) -> bool:
    """False only where `_CODE_LINE` cannot match a line with no indent and no newline (`_CODE_OPENS` ...)."""
    return line.startswith(_CODE_OPENS) or _HOLDS_CODE(line) or line.rstrip(" \t").endswith(_CODE_ENDS)


_FENCED = re.compile(r"```.*?(?:```|$)", re.DOTALL)
_INLINE = re.compile(r"`[^`\n]*`")
# A line that reads as code inside a paragraph of code (`code_paragraph`), not alone: an assignment,
# a block's opening line, a call or a bracket closing.
_LOOSE_CODE = re.compile(
    r"^[ \t]*(?:[\w.\[\]'\"]+[ \t]*(?:=|\+=|-=)[ \t]*\S|(?:for|if|elif|else|while|try|except|with|return)\b.*:[ \t]*$"
    r"|[\w.]+\(.*\)[ \t]*$|[)\]}]+[ \t]*[;,]?[ \t]*$)"
)
_PARAGRAPHS = re.compile(r"\n[ \t]*\n")


def code_paragraph(paragraph: str) -> bool:
    """Whether a paragraph is code pasted without fences: two lines or more, every one of them reading
    as code (`_CODE_LINE`, or `_LOOSE_CODE` among them: "counts = []", "for t in trials:")."""
    lines = [line for line in paragraph.split("\n") if line.strip()]
    return len(lines) >= 2 and all(code_line(line) or _LOOSE_CODE.match(line) for line in lines)


def paragraphs(text: str) -> list[str]:
    """A text's paragraphs (parted by a blank line), as written."""
    return _PARAGRAPHS.split(text)


def prose(text: str) -> str:
    """The prose of a text: fenced and inline code, paragraphs of code (`code_paragraph`) and the lines
    that read as code, left out."""
    if "`" in text:  # (every match of `_FENCED` and `_INLINE` holds one: a turn without skips both searches)
        text = _INLINE.sub(" ", _FENCED.sub(" ", text))
    if "\n" not in text and not code_line(text):
        return text
    parts = paragraphs(text)
    if any(code_paragraph(part) for part in parts):
        text = "\n\n".join(part for part in parts if not code_paragraph(part))
    return "\n".join(line for line in text.split("\n") if not code_line(line))
