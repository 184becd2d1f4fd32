"""A person's edit of a page carried into the machine's next rendering of it: a three-way merge
by lines (merge3, the merge of breezy) of the machine's text the person edited (the base), the
page as the person left it and the machine's new text.

A line the person added stays, one they removed stays removed, one they changed keeps their
change; the machine's new facts, sources and renumbered citations come in around them. Where both
changed the same lines (a person's note right under a lead paragraph that the machine rewrote),
the region is resolved, never left with conflict markers in a page: the machine's lines, less the
ones the person removed, then the lines the person wrote. The result is a proposal the person
reviews (a `page_revision` card shows its diff against their page), never written unasked.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import cast

import merge3

# Lines of a side past which no merge is tried (difflib's matching grows faster than the lines;
# a page is a few hundred): such a page gets the machine's text as its proposal, as before.
MAX_LINES = 20_000


@dataclass(frozen=True)
class Merged:
    """The merged text; how many regions both sides changed (resolved as above); whether it holds
    anything of the person's own (when not, it is the machine's text)."""

    text: str
    overlaps: int
    kept: bool


def merge(base: str, mine: str, theirs: str) -> Merged:
    """The machine's new text `theirs` with the person's edits of `base` (their page is `mine`)."""
    crlf = "\r\n" in mine  # an editor that writes CRLF gets its line ends back
    b, m, t = (_lines(text) for text in (base, mine, theirs))
    if max(len(b), len(m), len(t)) > MAX_LINES:
        return Merged(theirs, 0, False)
    out: list[str] = []
    overlaps = 0
    for region in merge3.Merge3(b, m, t).merge_regions():
        kind = region[0]
        if kind == "unchanged":
            out += b[region[1] : region[2]]
        elif kind in ("a", "same"):
            out += m[region[1] : region[2]]
        elif kind == "b":
            out += t[region[1] : region[2]]
        else:
            overlaps += 1
            _, z0, z1, a0, a1, b0, b1 = cast(tuple[str, int, int, int, int, int, int], region)
            out += _resolved(b[z0:z1], m[a0:a1], t[b0:b1])
    text = "".join(out)
    machine = "".join(t)
    last = theirs or mine  # the last line's end as the machine's text has it (the person's, if it is empty)
    if last and not last.endswith("\n"):
        text = text.removesuffix("\n")
        machine = machine.removesuffix("\n")
    kept = text != machine
    return Merged(text.replace("\n", "\r\n") if crlf else text, overlaps, kept)


def _lines(text: str) -> list[str]:
    """Lines with their ends, LF only, the last one ended too (so no line is glued to the next)."""
    text = text.replace("\r\n", "\n")
    return (text if text.endswith("\n") or not text else text + "\n").splitlines(keepends=True)


def _resolved(base: list[str], mine: list[str], theirs: list[str]) -> list[str]:
    """A region both sides changed: the machine's lines the person did not remove, then the lines
    the person wrote (a line of theirs already in the machine's is not repeated; blank lines are
    kept, they separate the person's paragraphs). A line both changed (the person fixed a word, the
    machine renumbered its citation) is merged word by word, when that is clean, in the machine's place."""
    removed = [line for line in base if line not in mine]
    written = [line for line in mine if line not in base]
    out: list[str] = []
    for line in theirs:
        if line in removed:
            continue
        if line not in base and line.strip():
            origin = _like(line, removed)
            edit = _like(origin, [w for w in written if w.strip()]) if origin is not None else None
            merged = _merged_line(origin, edit, line) if origin is not None and edit is not None else None
            if merged is not None and edit is not None:
                written.remove(edit)
                line = merged
        out.append(line)
    return out + [line for line in written if not line.strip() or line not in out]


# How alike two lines must be (difflib's ratio) to be one line changed on both sides.
ALIKE = 0.6
_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


def _like(line: str, lines: list[str]) -> str | None:
    """The line of `lines` most like `line`, if alike enough."""
    best, score = None, ALIKE
    for other in lines:
        matcher = difflib.SequenceMatcher(None, line, other, autojunk=False)
        if matcher.real_quick_ratio() >= score and matcher.quick_ratio() >= score and matcher.ratio() >= score:
            best, score = other, matcher.ratio()
    return best


def _merged_line(base: str, mine: str, theirs: str) -> str | None:
    """One line changed on both sides merged by words and marks; None where both changed the same words."""
    b, m, t = (_TOKEN.findall(x) for x in (base, mine, theirs))
    out: list[str] = []
    for region in merge3.Merge3(b, m, t).merge_regions():
        kind = region[0]
        if kind == "conflict":
            return None
        source = b if kind == "unchanged" else t if kind == "b" else m
        out += source[region[1] : region[2]]
    return "".join(out)
