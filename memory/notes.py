"""A Markdown note as a person's folder of notes holds it (an Obsidian vault, a folder of .md files):
its title, its blocks (one memory each), the day it is about and the names it links to.

    note_title(text, stem)          frontmatter `title:`, the first `# heading`, else the file name
    note_blocks(text)               (line, text) of each bullet or paragraph
    note_day(text, stem)            the day a note is about: frontmatter `date:`/`created:`/`day:`,
                                    else a date its file name or title is (a daily note)
    links(text)                     the notes a block links to: `[[Anna Kowalska]]`, `[[People/Tomasz
                                    Builder|Tomek]]` -> "Tomasz Builder"; embeds (`![[run.png]]`)
                                    and links to other files are no names
    shown(text)                     a text as a note reads: each link the words it shows
                                    (`[[Tomasz Builder|Tomek]]` -> "Tomek"), each embed gone
    template_folders(root)          the folders an Obsidian vault keeps its templates in (its
                                    `.obsidian` settings say): `{{date}}` skeletons, not memories
    note_aliases(text)              the other names frontmatter `aliases:` (or `alias:`) gives a
                                    note, and how many it left out (not text, empty, invisible,
                                    past MAX_ALIASES)
    VaultNames.of(notes)            what a vault's notes are called (file name, title, aliases):
                                    the entity a link names (`[[Tomek]]` -> "Tomasz Builder"), the
                                    notes a paragraph names by an alias in so many words

Tags (`tags:`, inline `#tags`) name no entity: they are how a note is filed (`#daily`, `#todo`,
`#status/active` on hundreds of notes), not a thing of the person's life; an inline tag stays in
its paragraph's words, so recall finds it.

A daily note named `2026-11-02.md` is about that day: its memories are valid from it, and a date
is no entity (a page a day would be the wiki's noise, and none of them a thing of the person's).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from memory import clock, frontmatter, names
from memory.errors import InvalidInput
from memory.text import visible
from memory.tokens import name_key

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")

# The keys a note's day is written under (Obsidian's daily notes, Dataview, Jekyll and Hugo posts).
DAY_KEYS = ("date", "created", "day")
# A day a file name or title is, or begins with: 2026-11-02, 2026_11_02, 2026.11.02, 2026 11 02, 20261102
# ("2026-11-02 Monday", "2026-11-02-standup" too); the digits must end there ("2026-11-023" is none).
_DAY = re.compile(r"^\s*(\d{4})([-_. ]?)(\d{2})\2(\d{2})(?![\d])")
# A wikilink: (the embed's "!", its target, its alias): [[target#heading|alias]], ![[file.png]].
_WIKILINK = re.compile(r"(!?)\[\[([^\[\]|#^\n]*)(?:[#^][^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")
# A link to a file that is not a note: `[[scan.pdf]]`, `[[photo.jpeg]]` (a note's own name may hold dots).
_FILE = re.compile(r"\.(?!md$)[A-Za-z0-9]{1,5}$")


def note_title(text: str, stem: str) -> str:
    """Frontmatter `title:`, else the first `# heading`, else the file name: the first that shows
    something (a heading of zero-width or bidi characters alone is no title; it had cost the note
    every paragraph, each refused for an empty entity name)."""
    front = frontmatter.read(text)
    title = front.text("title")
    if title and _shows(title):
        return title
    for line in front.body.splitlines():
        head = _HEADING.match(line)
        if head and line.lstrip().startswith("# ") and _shows(head.group(1)):
            return head.group(1).strip()
    return stem.replace("-", " ").replace("_", " ").strip()


def _shows(name: str) -> bool:
    seen = visible(name)
    return bool(seen.strip()) and all(c.isprintable() or c.isspace() for c in seen)


# A note's aliases read; the rest are left out (said so): 10,000 aliases are no names of one note.
MAX_ALIASES = 100
ALIAS_KEYS = ("aliases", "alias")  # Obsidian's key, and the one it read before 0.12


def note_aliases(text: str) -> tuple[list[str], int]:
    """The names a note's frontmatter gives it besides its title (`aliases: [Tomek, TB]`, or one
    string), each once, spacing collapsed; and how many were left out: a value that is no text (a
    number, a date, `true`, a list or map inside), empty, with a control or invisible character
    only, or past the first MAX_ALIASES. An empty `aliases:` is none, not one left out."""
    try:
        front = frontmatter.read(text)
    except InvalidInput:  # never closed: the import says so for the note itself
        return [], 0
    kept: dict[str, None] = {}
    left = 0
    for key in ALIAS_KEYS:
        value = front.metadata.get(key)
        for item in value if isinstance(value, list) else [] if value is None else [value]:
            name = " ".join(item.split()) if isinstance(item, str) else None
            if name == "":  # `aliases:` left empty (a template's): nothing to say
                continue
            if name is None or not _shows(name) or len(kept) >= MAX_ALIASES:
                left += 1
            else:
                kept.setdefault(name, None)
    return list(kept), left


def note_blocks(text: str) -> list[tuple[int, str]]:
    """(line number, text) of each bullet or paragraph; headings, code and frontmatter skipped."""
    lines = text.splitlines()
    start = frontmatter.read(text).body_line
    blocks: list[tuple[int, str]] = []
    para: list[str] = []
    para_line = 0
    in_code = False

    def flush() -> None:
        if para:
            blocks.append((para_line, " ".join(p.strip() for p in para)))
            para.clear()

    for number in range(start, len(lines)):
        line = lines[number]
        if line.strip().startswith(("```", "~~~")):
            flush()
            in_code = not in_code
            continue
        if in_code:
            continue
        if not line.strip() or _HEADING.match(line):
            flush()
            continue
        bullet = _BULLET.match(line)
        if bullet:
            flush()
            blocks.append((number + 1, bullet.group(1).strip()))
            continue
        if line.startswith(("  ", "\t")) and blocks and not para:
            # continuation of the previous bullet
            n, prev = blocks[-1]
            blocks[-1] = (n, f"{prev} {line.strip()}")
            continue
        if not para:
            para_line = number + 1
        para.append(line)
    flush()
    return [(n, b) for n, b in blocks if b]


def day_of(value: str | None) -> str | None:
    """The day (YYYY-MM-DD) a text is or begins with, when it is a real one quire keeps; else None
    (a note named 0001-01-01.md lands as any other, not refused for a date no memory may have)."""
    day = _calendar(_DAY.match(value or ""))
    return day.isoformat() if day is not None and clock.MIN_YEAR <= day.year <= clock.MAX_YEAR else None


def _calendar(found: re.Match[str] | None) -> date | None:
    if found is None:
        return None
    try:
        return date(int(found.group(1)), int(found.group(3)), int(found.group(4)))
    except ValueError:  # 2026-02-30, 2026-13-01, 0000-01-01: no day
        return None


def note_day(text: str, stem: str) -> str | None:
    """The day a note is about: its frontmatter's `date:` (or `created:`, `day:`) when that is a
    day, else the day its file name is (a daily note), else the day its `# heading` is."""
    front = frontmatter.read(text)
    for key in DAY_KEYS:
        day = day_of(front.text(key))
        if day:
            return day
    return day_of(stem) or day_of(note_title(text, ""))


def is_day(title: str) -> bool:
    """Whether a note's title is a day and nothing much else ("2026-11-02", "2026-11-02 Monday"):
    such a title names no entity."""
    found = _DAY.match(title)
    return found is not None and _calendar(found) is not None and len(title[found.end() :].split()) <= 1


# The titles of a note the person keeps of themselves ("Me.md", "About me.md"): its subjectless lines are theirs
_OWN_TITLES = frozenset(["me", "myself", "about me", "about myself", "all about me"])


def is_own(title: str) -> bool:
    """Whether a note's title names the person who keeps the notes ("Me", "About me"): "Lives in Boston" in it is
    the person's life, as `quire capture "Lives in Boston"` is (a note titled "Tom" is Tom's)."""
    return " ".join(title.casefold().split()) in _OWN_TITLES


def links(text: str) -> list[str]:
    """The notes a text links to, in order, each once: the target of each `[[target|shown]]` (its
    last path part, without `#heading` or `^block`), not an embed (`![[...]]`), a link to a file
    that is not a note, or a name with a control or invisible character (no entity could be it)."""
    found: dict[str, None] = {}
    for embed, target, _ in _WIKILINK.findall(text):
        name = _last_part(target)
        if name.lower().endswith(".md"):
            name = name[:-3].rstrip()
        if embed or not name or _FILE.search(name) or not name.isprintable():  # no entity has a control
            continue
        found.setdefault(name, None)
    return list(found)


def _last_part(target: str) -> str:
    return " ".join(target.replace("\\", "/").rsplit("/", 1)[-1].split())


def shown(text: str) -> str:
    """`text` as the note reads in an editor: a link is the words it shows (its alias, else its
    target's last path part: `[[People/Anna Kowalska#Work]]` -> "Anna Kowalska"), an embed
    (`![[run.png]]`) is gone. The wiki quotes memories this way (its own links are its pages')."""
    if "[[" not in text:
        return text

    def words(found: re.Match[str]) -> str:
        if found.group(1):
            return ""
        alias = (found.group(3) or "").strip()
        return alias or _last_part(found.group(2))

    return _WIKILINK.sub(words, text)


def template_folders(root: Path) -> frozenset[Path]:
    """The folders under `root` an Obsidian vault keeps its templates in: the core Templates
    plugin's (`.obsidian/templates.json`) and Templater's. Unreadable settings name none."""
    settings = (
        (root / ".obsidian" / "templates.json", "folder"),
        (root / ".obsidian" / "plugins" / "templater-obsidian" / "data.json", "templates_folder"),
    )
    found = set()
    for path, key in settings:
        try:
            value = json.loads(path.read_text(encoding="utf-8")).get(key)
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(value, str) and value.strip().strip("/"):
            folder = (root / value.strip().strip("/")).resolve()
            if folder.is_relative_to(root.resolve()) and folder != root.resolve():
                found.add(folder)
    return frozenset(found)


# An alias found in a paragraph's words (not only in a link): at least this long, with a capital
# (or letters of a script without case), not a common word: "Tomek" and "Mama" are names; "TB",
# "me" and "2024" are matched too often as words, a lowercase alias is as often a plain word
# ("boss"), and "May" or "The" start sentences.
SPOKEN_MIN = 3


def _spoken(alias: str) -> bool:
    letters = [c for c in alias if c.isalpha()]
    whole = bool(_WORDS.match(alias)) and bool(_WORDS.search(alias[-1]))  # begins and ends with a word
    capital = any(c.isupper() or c.lower() == c.upper() for c in letters)
    count = len(_WORDS.findall(alias))
    # One word any sentence may start with, or a month or weekday ("May", "The", "Friday"): a link's only.
    common = count == 1 and alias.casefold() in names.COMMON | names.NOT_NAMES
    return whole and len(alias) >= SPOKEN_MIN and capital and count <= SPOKEN_WORDS and not common


_WORDS = re.compile(r"\w+")
SPOKEN_WORDS = 6  # the most words an alias found in a paragraph's words has


@dataclass(frozen=True)
class VaultNames:
    """What a vault's notes are called: each note's file name, title and aliases -> its title (the
    entity its paragraphs land under); None for a daily note's (a day is no entity). A name two
    notes claim is neither's; a note's own file name or title wins over another note's alias."""

    names: dict[str, str | None]
    spoken: dict[str, str] = field(default_factory=dict)  # alias as written -> title: found in words

    @classmethod
    def of(cls, found: Iterable[tuple[str, str, list[str]]]) -> VaultNames:
        """From (file stem, title, aliases) of each note."""
        own: dict[str, set[str | None]] = {}
        aka: dict[str, set[str]] = {}
        spelt: dict[str, str] = {}
        for stem, title, aliases in found:
            entity = None if is_day(title) else title
            for name in (stem, title):
                own.setdefault(name_key(name), set()).add(entity)
            if entity is not None:
                for alias in aliases:
                    aka.setdefault(name_key(alias), set()).add(entity)
                    spelt.setdefault(alias, entity)
        known = {k: next(iter(v)) for k, v in own.items() if len(v) == 1}
        known.update({k: next(iter(v)) for k, v in aka.items() if len(v) == 1 and k not in own})
        spoken = {
            a: t for a, t in spelt.items() if _spoken(a) and name_key(a) not in own and known.get(name_key(a)) == t
        }
        return cls(known, spoken)

    def named(self, link: str) -> str | None:
        """The entity a link names: the title of the note it is the file name, title or alias of,
        else the link as written; None for a day (a daily note, made or not)."""
        key = name_key(link)
        if key in self.names:
            return self.names[key]
        return None if is_day(link) else link

    def mentioned(self, text: str) -> list[str]:
        """The notes `text` names by an alias in so many words ("Tomek called" -> Tomasz Builder):
        each run of up to SPOKEN_WORDS whole words looked up as written (a dictionary look-up a
        run, however many aliases the vault has)."""
        if not self.spoken:
            return []
        seen = shown(text)
        spans = [m.span() for m in _WORDS.finditer(seen)]
        found: dict[str, None] = {}
        for i, (start, _) in enumerate(spans):
            for _, end in spans[i : i + SPOKEN_WORDS]:
                title = self.spoken.get(seen[start:end])
                if title is not None:
                    found.setdefault(title, None)
        return list(found)
