"""A page spec rendered as an Obsidian page: frontmatter, an extractive lead, sections that read
as a page, links both ways, the map, and footnote citations a reader can follow.

Every claim ends with `[^mN]`; footnote N gives the memory's own sentence, its type, date and where
it came from, and Sources item N keeps its id for tools. Pure: the same spec and context always
give the same bytes (everything sorted, nothing reads the clock; `updated` is the newest
`updated_at` of the cited memories). Memory text is escaped so it can never forge a link, a
footnote, a heading or HTML; the only links are the ones this module writes.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime

from memory import clock, life, names, vocab
from memory.frontmatter import scalar, sequence
from memory.text import code_paragraph, paragraphs, visible
from wiki.synth import (
    KIND_ORDER,
    PERSONAL,
    SECTION_NAMES,
    SECTIONS,
    STOPWORDS,
    Context,
    IndexEntry,
    IndexSpec,
    Link,
    Mem,
    PageSpec,
    Rendered,
    is_about,
    lead_tokens,
    sentences,
    speakers,
    speaks,
    words,
)

LEAD_MAX = 3
TIMELINE_MIN = 3
_INLINE = str.maketrans({"\\": "\\\\", "[": "\\[", "]": "\\]", "<": "\\<", ">": "\\>", "`": "\\`", "$": "\\$"})
_SPECIAL = re.compile(r"[\\\[\]<>`$%^]")
_LEADING = re.compile(r"^([#+*=~|:-]|\d+[.)])")
_PROSE_MARKER = re.compile(r"\[\s*(\d+)\s*\]")
_TAG_DROP = re.compile(r"[^\w/-]+")

_day = clock.local_day  # a page's dates are the days on this machine's clock, not UTC's


def escape(text: str) -> str:
    """Memory text made inert inside one Markdown line: no links, no fake markers, no HTML."""
    flat = " ".join(visible(text).split())
    if _SPECIAL.search(flat):  # a str.translate walks every character in Python: only when needed
        flat = flat.translate(_INLINE).replace("%%", "\\%\\%").replace("^", "\\^")
    return _LEADING.sub(lambda m: "\\" + m.group(0), flat) if _LEADING.match(flat) else flat


def ref(n: int) -> str:
    return f"[^m{n}]"


Also = dict[str, list[int]]  # a sentence's words -> markers of other memories that say it too


def said(sentence: str) -> str:
    """What two sentences must share to be the same statement: their words, casefolded."""
    return " ".join(words(sentence))


def cite(text: str, marker: int, linker: Linker | None = None, also: Also | None = None) -> str:
    """Every sentence of `text` followed by its footnote reference, and by those of the other
    memories that say that sentence too (`also`)."""
    return cite_sentences(sentences(text) or [" ".join(text.split())], marker, linker, also)


def cite_sentences(parts: Sequence[str], marker: int, linker: Linker | None = None, also: Also | None = None) -> str:
    """`cite` of sentences already split (as the memory's text splits them, never joined and split again)."""
    out: list[str] = []
    for s in parts:
        body = escape(s)
        if not body and out:  # a sentence that was an embed alone (`![[run.png]]`) shows nothing
            continue
        more = also.get(said(s), ()) if also else ()
        out.append(f"{linker.link(body) if linker else body}{ref(marker)}{''.join(ref(n) for n in more)}")
    return " ".join(out)


_FENCE = re.compile(r"```([^\n`]*)\n(.*?)(?:```|$)", re.DOTALL)  # a block: the fence ends its line


def pieces(text: str) -> list[tuple[str, str]]:
    """("prose", text) and ("code", block) pieces of a memory, in order: a fenced code block
    stays a block (its lines kept), and so does a paragraph of code pasted without fences
    (`memory.text.code_paragraph`: "counts = []\nfor t in trials:\n    sub = ..." had been quoted as
    a sentence of the bullet, its brackets escaped); everything else is prose."""
    out: list[tuple[str, str]] = []
    at = 0
    for found in _FENCE.finditer(text):
        out += _unfenced(text[at : found.start()])
        body = found.group(2).strip("\n")
        if body.strip():
            out.append(("code", (found.group(1).strip() + "\n" + body)))
        at = found.end()
    return out + _unfenced(text[at:])


def _unfenced(text: str) -> list[tuple[str, str]]:
    if not text.strip():
        return []
    if "\n" not in text.strip():
        return [("prose", text)]
    out: list[tuple[str, str]] = []
    for part in paragraphs(text):
        if code_paragraph(part):
            out.append(("code", "\n" + part.strip("\n")))
        elif out and out[-1][0] == "prose":
            out[-1] = ("prose", out[-1][1] + "\n\n" + part)
        elif part.strip():
            out.append(("prose", part))
    return out


def prose(text: str) -> str:
    """A memory's text without its code blocks (what a lead or a timeline quotes)."""
    parts = pieces(text)
    return " ".join(p for kind, p in parts if kind == "prose") if any(kind == "code" for kind, _ in parts) else text


def code_lines(block: str, indent: str = "  ") -> list[str]:
    """A code block as fenced lines under a bullet; the fence longer than any backtick run inside."""
    lang, _, body = block.partition("\n")
    lang = re.sub(r"[^\w+#.-]", "", lang)[:20]
    longest = max((len(r) for r in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    lines = [line.replace("\t", "    ").rstrip() for line in body.split("\n")]
    return [f"{indent}{fence}{lang}", *[f"{indent}{line}" if line else "" for line in lines], f"{indent}{fence}"]


def rendered_forms(text: str) -> list[str]:
    """The pieces of a memory's text as pages write them (escaped sentences, code lines): what
    forgetting it must find in the vault."""
    out = [escape(s) for s in sentences(prose(text))] + now_forms(text)
    for kind, piece in pieces(text):
        if kind == "code":
            out += [line for line in piece.split("\n", 1)[-1].split("\n") if len(line.strip()) >= 8]
    return out


def now_forms(text: str) -> list[str]:
    """The values About me's Now section and lead show for a memory's text (`now`, `_kin_now`)."""
    out = []
    for said in life.read(text):
        label, value = (escape(x) for x in _now_shown(said.attribute, said.shown))
        out += [f"**{label}**: {value}", f"{label}: {value}.", f"; was {value}"]
    for rel, name in life.kin_names(text):
        label, value = escape(_kin_label(rel)), escape(_a_name(name))
        out += [f"**{label}**: {value}", f"{label}: {value}."]
    return out


def cite_block(
    m: Mem, n: int, linker: Linker | None = None, also: Also | None = None, lead: str = "", *, telling: bool = False
) -> list[str]:
    """A memory as a bullet: its prose cited sentence by sentence, its code blocks fenced below
    (`telling`: a turn without code quotes only what it tells of the person, `told`)."""
    parts = pieces(m.content)
    if all(kind == "prose" for kind, _ in parts):
        said = sentences(m.content) or [" ".join(m.content.split())]
        return [f"- {lead}{cite_sentences((told(said) if telling else None) or said, n, linker, also)}"]
    text = " ".join(cite(p, n, linker, also) for kind, p in parts if kind == "prose")
    out = [f"- {lead}{text}" if text else f"- {lead}Pasted code{ref(n)}"]
    for kind, p in parts:
        if kind == "code":
            out += code_lines(p)
    return out


class Linker:
    """Turns the first mention of another page's entity in the page text into a wikilink."""

    def __init__(self, mentions: Sequence[Link]):
        self.pending = sorted(mentions, key=lambda link: -len(link.shared[0]))
        self.patterns = {
            link.slug: re.compile(
                r"(?<![\w\\])(" + r"\s+".join(re.escape(escape(w)) for w in link.shared[0].split()) + r")(?!\w)",
                re.IGNORECASE,
            )
            for link in self.pending
        }

    def link(self, text: str) -> str:
        for link in list(self.pending):
            pieces = re.split(r"(\[\[[^\]]*\]\])", text)  # never link inside a link just written
            for i in range(0, len(pieces), 2):
                found = self.patterns[link.slug].search(pieces[i])
                if found:
                    a, b = found.span(1)
                    pieces[i] = f"{pieces[i][:a]}[[{link.slug}|{found.group(1)}]]{pieces[i][b:]}"
                    self.pending.remove(link)
                    break
            text = "".join(pieces)
        return text


# -- the parts of a page -----------------------------------------------------------------------


def lead(spec: PageSpec) -> tuple[list[Mem], Counter[str]]:
    """One to three memories whose words the page shares most (mean document frequency of their
    content tokens), newest first on ties; superseded decisions never lead, nor a request, nor the
    assistant or an open question while the person said something else. With them, the document
    frequency of each content token over those that could lead (`lead_sentences` ranks by it)."""
    said = [m for m in spec.memories if m.section != "superseded" and not (m.turn and names.is_request(m.content))]
    said = [m for m in said if m.turn != "assistant"] or said  # a page leads with the person's words
    pool = [m for m in said if not m.is_open] or said or list(spec.memories)
    ordered = spec.ordered()
    repeats = duplicates(ordered, {m.id: n for n, m in enumerate(ordered, start=1)})[1]
    pool = [m for m in pool if m.id not in repeats] or pool  # the same words twice lead once
    pool = [m for m in pool if prose(m.content).strip()] or pool  # a pasted block alone says no sentence
    addressed = _addressed(spec.memories)
    # what a memory says, less its thanks, questions and the names it addresses: "Thanks, John!" or
    # "Wow, that looks great!" share a word with the whole page and had led friend chats' pages
    saying = {m.id: [x for x in sentences(prose(m.content)) if _says(x)] for m in pool}
    tokens = {
        m.id: {t for x in saying[m.id] or [prose(m.content)] for t in lead_tokens(x) if t not in addressed}
        for m in pool
    }
    df: Counter[str] = Counter()
    for toks in tokens.values():
        df.update(toks)
    if len(pool) == 1:
        return pool, df
    n = len(pool)

    def centrality(m: Mem) -> float:
        toks = tokens[m.id]
        return (sum(map(df.__getitem__, toks)) - len(toks)) / (len(toks) * max(n - 1, 1)) if toks else 0.0

    ranked = sorted(pool, key=lambda m: m.id)
    # stable: newest first, the later stored first in one moment (`Mem.seq`), then id
    ranked.sort(key=lambda m: (m.valid_from, m.created_at, m.seq), reverse=True)
    ranked.sort(key=lambda m: (not saying[m.id], len(tokens[m.id]) < LEAD_WORDS, -round(centrality(m), 9)))
    count = 1 if n < 3 else 2 if n < 6 else LEAD_MAX
    return ranked[:count], df


LEAD_WORDS = 3  # content words a memory needs to lead before one with fewer


def _addressed(mems: Sequence[Mem]) -> frozenset[str]:
    """The words of the names the page's chat turns are said by, and of the short forms they call each
    other by ("Caroline", and "Mel" of Melanie: `synth.speaks`), no word of what the page is about."""
    speaking = speakers(m.speaker for m in mems if m.turn)
    if not speaking:
        return frozenset()
    heard = {w for m in mems if m.turn for w in words(m.content)}
    return frozenset({w for s in speaking for w in s.split()} | {w for w in heard if speaks(w, speaking)})


def lead_sentences(spec: PageSpec, leading: list[Mem], df: Counter[str], number: dict[str, int]) -> list[str]:
    """The lead: one sentence of each leading memory, cited. A chat turn's first sentence is often
    no statement of the page's ("Those all sound great!", "I think that's all for now." had led
    real pages), so each memory gives its sentence that names the page's entity or topic, says something
    rather than asks or thanks, and shares most words with the page (`_best_sentence`); a sentence
    another leading memory already gave ("By the way, I attend ..." and "I attend ...") is not given twice."""
    named = frozenset(words(spec.title)) - STOPWORDS if spec.kind in ("entity", "cluster") else frozenset()
    taken: list[set[str]] = []
    out = []
    for m in leading:
        sentence = _lead_sentence(m.content, df, named, taken)
        taken.append(lead_tokens(sentence))
        out.append(cite(sentence, number[m.id]))
    return out


def _field(m: Mem, *names: str) -> str:
    for name in names:
        value = m.fields.get(name)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value if v not in (None, ""))
        if value not in (None, "") and not isinstance(value, dict | bool):
            return " ".join(str(value).split())
    return ""


_JOINERS = frozenset(["when", "while", "if", "for", "in", "on", "at", "during", "before", "after", "whenever", "with"])


def _when(applies: str) -> str:
    """ "writing tests" -> "when writing tests"; "code review" -> "for code review"."""
    first = applies.split()[0].casefold()
    if first in _JOINERS:
        return applies
    return f"when {applies}" if first.endswith("ing") else f"for {applies}"


def _lead_sentence(
    text: str, df: Counter[str] | None = None, named: frozenset[str] = frozenset(), taken: Sequence[set[str]] = ()
) -> str:
    """A lead's sentence of prose (`_best_sentence`); of a memory that is only a code block, its
    first line, cut (a 20,000-character log had led its page whole, flattened into one paragraph)."""
    said = sentences(prose(text))
    if said:
        return _sentence(_best_sentence(said, df or Counter(), named, taken))
    first = next(
        (line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("```")), ""
    )
    return _sentence(first if len(first) <= LEAD_LINE else first[: LEAD_LINE - 1].rstrip() + "…")


LEAD_LINE = 160  # the most of a code block's first line a lead quotes


def _best_sentence(said: list[str], df: Counter[str], named: frozenset[str], taken: Sequence[set[str]] = ()) -> str:
    """The sentence that leads for its memory: one the lead does not hold yet (`taken`: the content
    words of those it holds); a statement naming the page's entity or topic (`named`: its title's
    words), then any statement, before a question, a request or a filler; then the one sharing most
    content words with the page's other memories (three are enough: past that the earlier sentence,
    the one the memory opened with, stays ahead); then the first."""
    if len(said) == 1:
        return said[0]

    def rank(i: int) -> tuple[bool, bool, bool, bool, int, bool, int]:
        s = said[i]
        toks = lead_tokens(s)
        fresh = not toks or not any(toks <= t for t in taken)
        says = _says(s)
        said_words = words(s)
        names_it = bool(named) and not (
            named.isdisjoint(said_words) and named.isdisjoint(w[:-1] for w in said_words if w[-1:] == "s")
        )
        shared = sum(1 for t in toks if df[t] >= 2)
        return fresh, says and names_it, says, names_it, min(shared, 3), len(toks) >= 3, -i

    return said[max(range(len(said)), key=rank)]


def _sentence(text: str) -> str:
    text = text.rstrip().rstrip(":;,")  # "Here is the log from the crash:" leads as a sentence
    return text if text.endswith((".", "!", "?")) else text + "."


def memory_lines(
    m: Mem,
    n: int,
    linker: Linker,
    ctx: Context,
    replaced: dict[str, int],
    about: frozenset[str] = frozenset(),
    also: Also | None = None,
    dated: bool = False,
) -> list[str]:
    """The bullet (and sub-bullets from the structured fields) a memory contributes to its section.
    `also`: markers of memories saying its sentences too (cited with them); `dated`: the bullet
    starts with the day it was said (About me reads as a history)."""
    note = " (awaiting review)" if m.review else ""
    if m.section == "preference" and _field(m, "preference") and not m.turn:  # a turn reads in its own words
        when = _field(m, "applies_when")
        strength = _field(m, "strength")
        text = f"Prefers {_field(m, 'preference')}" + (f" {_when(when)}" if when else "")
        text += f" ({strength})" if strength else ""
        lines = [f"- {linker.link(escape(_sentence(text)))}{ref(n)}{note}"]
        rejected = _field(m, "alternatives_rejected")
        if rejected:
            lines.append(f"  - Rather than: {escape(rejected)}{ref(n)}")
        return lines
    if m.section == "superseded":
        span = f"{_day(m.valid_from)} to {_day(m.valid_to)}" if m.valid_to else f"from {_day(m.valid_from)}"
        line = f"- {span}: {cite(m.content, n, linker)}"
        where = dict(ctx.elsewhere).get(m.id)
        if m.id in replaced:
            line += f" Replaced by the decision{ref(replaced[m.id])}."
        elif where is not None:
            line += f" Replaced by a decision on [[{where.slug}|{_link_label(where.title)}]]."
        return [line]
    # Whose words: the assistant's, or another person's in a chat between people ("user" is you).
    label = f"{escape(m.speaker)}: " if m.turn and m.speaker and m.speaker != "user" else ""
    label = (f"{_day(m.valid_from)}: " if dated else "") + label
    lines = cite_block(m, n, linker, also, label, telling=dated)
    lines[0] += note
    if m.section == "decision":
        for label, names in (("Context", ("context",)), ("Considered and rejected", ("alternatives_considered",))):
            value = _field(m, *names)
            if value and value.casefold() not in about:  # "Context: refund policy" on the refund policy page
                lines.append(f"  - {label}: {linker.link(escape(value))}{ref(n)}")
    return lines


def _says(sentence: str) -> bool:
    """A sentence that says something: not a question, a request or thanks ("Thanks for your support,
    John." led a friend chat's page)."""
    return not (
        sentence.endswith("?")
        or names.is_request(sentence)
        or names.is_filler(sentence)
        or words(sentence)[:1] in (["thanks"], ["thank"])
    )


def told(said: Sequence[str]) -> list[str] | None:
    """What a turn tells of the person, for About me's bullets: of its sentences (`said`, a turn
    without code), those that say something (not a question, a request or thanks), when it has both
    kinds; None: quote it whole. A real history's Food section had quoted "Can I eat pizza and still
    get leaner? I love pizza and can't imagine giving it up!" and "... Do you have any recommendations
    for a good gin?" whole. A question that states the person's life as it asks (memory/life.read) is
    kept: "my lekarz rodzinny here is dr. nowak ..., how do i get her my records?" had given way to "do
    i need them translated lol". The sentences kept are cited as split: joined and split again, "I start
    at 9 a.m." and a "lunch is at noon." after a question left out had read as one sentence."""
    kept = [s for s in said if _says(s) or life.read(s)]
    return kept if kept and len(kept) < len(said) else None


def timeline(ordered: Sequence[Mem], number: dict[str, int], same: dict[str, Also] | None = None) -> list[str]:
    """Dated events, in event order, when at least three fall on two or more dates (fewer read
    fine in their sections): a memory that carries its own date (event time unlike capture time),
    or a chat turn whose text names a date ("On 2024-11-19", "12 October 2024", "yesterday", "last
    Tuesday": counted back from the day it was said on the person's clock), shown with that date and
    the sentence that names it. A turn's own timestamp is not an event."""
    same = same or {}
    events: list[tuple[str, Mem, str]] = []
    for m in ordered:
        if m.section == "superseded" or m.id not in number:
            continue
        if m.turn:
            found = names.event_date(prose(m.content), _day(m.valid_from))  # the person's day, not UTC's
            if found is not None:
                events.append((found.when, m, found.sentence))
        elif _day(m.valid_from) != _day(m.created_at):
            events.append((_day(m.valid_from), m, (sentences(prose(m.content)) or [m.content])[0]))
    if len(events) < TIMELINE_MIN or len({when for when, _, _ in events}) < 2:
        return []
    out = []
    for when, m, sentence in sorted(events, key=lambda e: (e[0], e[1].valid_from, e[1].created_at, e[1].seq, e[1].id)):
        refs = ref(number[m.id]) + "".join(ref(k) for k in same.get(m.id, {}).get(said(sentence), ()))
        out.append(f"- {when}: {escape(sentence)}{refs}")
    return out


def open_lines(ordered: Sequence[Mem], number: dict[str, int]) -> list[str]:
    out = []
    for m in ordered:
        if not m.is_open:
            continue
        n = number[m.id]
        if m.review_kind == "contradiction":
            tag = "Contradiction awaiting review (`quire curate`)"
        elif m.review:
            tag = "A change awaiting review (`quire curate`)"
        else:
            tag = "Open question"
        out.append(f"- **{tag}:** {cite(m.content, n)}")
    return out


def source_text(m: Mem) -> str:
    """Where a memory came from, for its footnote: an imported note as a wikilink, a named source,
    the agent that captured it. (A conversation's title and time slot in here once memories carry
    their session.)"""
    bits = []
    source = " ".join(m.source.split())
    if source.lower().endswith(".md") and _safe_target(source[:-3]):
        target = source[:-3]
        bits.append(f"from [[{target}|{_link_label(target.rsplit('/', 1)[-1])}]]")
    elif source:
        bits.append(f"source: {escape(source)}")
    if m.source_agent:
        bits.append(f"captured via {escape(m.source_agent)}")
    return " · ".join(bits)


def _safe_target(target: str) -> bool:
    return bool(target) and not any(c in target for c in "[]|#^\n") and ".." not in target.split("/")


def said_at(stored: str) -> str:
    """When a chat turn was said, for its footnote: its day and time of day (HH:MM) on the person's
    clock, as the Timeline's days are, so one of ten turns of a day can be found in the chat; its day
    alone when the export gave a day only (stored at its UTC midnight) or the value is damaged."""
    day = _day(stored)
    try:
        moment = datetime.fromisoformat(stored)
    except (TypeError, ValueError):
        return day
    if moment.tzinfo is None or (not moment.utcoffset() and moment.time() == datetime.min.time()):
        return day
    try:
        return f"{day} {clock.local(moment):%H:%M}"
    except (ValueError, OverflowError, OSError):
        return day


def footnote(m: Mem, n: int) -> str:
    kind = "decision, superseded" if m.section == "superseded" else m.memory_type
    bits = [f"“{escape(m.content)}”", kind, said_at(m.valid_from) if m.turn else _day(m.valid_from)]
    where = source_text(m)
    if where:
        bits.append(where)
    if m.review:
        bits.append(f"awaiting review ({m.review_kind})")
    return f"[^m{n}]: " + " · ".join(bits)


def section_lines(spec: PageSpec, ctx: Context | None = None, linker: Linker | None = None) -> list[str]:
    """The page's sections (by type, then Timeline, Changed, Open questions) as Markdown lines."""
    ctx = ctx or Context()
    linker = linker or Linker(())
    ordered = spec.ordered()
    number = {m.id: n for n, m in enumerate(ordered, start=1)}
    replaced = _replacements(spec, number)
    about = frozenset(t.casefold() for t in (spec.title, spec.entity or ""))
    same, repeats = duplicates(ordered, number)
    shown = [m for m in ordered if m.id not in repeats]
    by_section = _by_section(spec, shown)
    lines: list[str] = []

    def block(heading: str, body: list[str]) -> None:
        if body:
            lines.extend([*([""] if lines else []), f"## {heading}", "", *body])

    def cited(mems: Iterable[Mem], *, full: bool = True, personal: bool = False) -> list[str]:
        if not full:  # superseded decisions: no subject, no duplicates
            return [line for m in mems for line in memory_lines(m, number[m.id], linker, ctx, replaced)]
        return [
            line
            for m in mems
            for line in memory_lines(m, number[m.id], linker, ctx, replaced, about, same.get(m.id), personal)
        ]

    if is_about(spec):
        block("Now", [line for line, _ in now(shown, number)])
    for attribute in ABOUT_HEADINGS:  # About me: what the person said of their life, by subject, in time
        dated = sorted(by_section.get("about:" + attribute, []), key=lambda m: (m.valid_from, m.seq, m.id))
        block(attribute, cited(dated, personal=True))
    for name, heading in SECTIONS:
        if name != "superseded":
            block(heading, cited(by_section.get(name, [])))
    block("Asked", cited(by_section.get("asked", [])))
    block("Timeline", timeline(shown, number, same))
    block(SECTION_NAMES["superseded"], cited(by_section.get("superseded", []), full=False))
    block(SECTION_NAMES["open"], open_lines(shown, number))
    return lines


def now(shown: Sequence[Mem], number: dict[str, int]) -> list[tuple[str, str]]:
    """About me's first section, and its lead: each thing of the person's life their own words on
    the page give a value (home, employer, diet, a class they take...), with the latest value, the
    day it was first said and the value before it, as (line, its lead sentence). Below it the page
    keeps the history, by subject, in the person's words. A forget finds these forms of a memory's
    values (`rendered_forms`)."""
    said: dict[str, list[tuple[life.Said, list[Mem]]]] = {}  # attribute -> runs of one value, in time
    for m in sorted(shown, key=lambda m: (m.valid_from, m.seq, m.id)):
        if m.turn == "assistant" or m.section == "superseded":
            continue
        for found in life.read(m.content):
            runs = said.setdefault(found.attribute, [])
            if runs and life.same(runs[-1][0], found):
                runs[-1][1].append(m)
                if len(found.value.split()) > len(runs[-1][0].value.split()) or (  # "council" said in full
                    found.attribute in _PLACES and not life.ended(found)  # a place: as it was last written
                ):
                    runs[-1] = (found, runs[-1][1])
            else:
                runs.append((found, [m]))
    _ended_by_name(said)
    out = []
    left = _job_left(said)
    for attribute in sorted(said, key=_now_order):
        runs = said[attribute]
        value, told = runs[-1]
        if left is not None and attribute in life.JOB_BOUND and told[-1].valid_from <= left[1][0].valid_from:
            out.append(_ended_with_job(attribute, value, told, left, number))
            continue
        cites = ref(number[told[0].id])
        label, now = (escape(x) for x in _now_shown(attribute, value.shown))  # an activity's name: the person's words
        # an ending ("biscuit died", a habit stopped) is no value now: "Dog: none now (biscuit died)"
        current = f"none now ({escape(value.shown)})" if life.ended(value) else now
        timeless = attribute.partition(":")[0] in TIMELESS  # not "Origin: Sweden, since"
        since = "" if timeless else f", since {_day(told[0].valid_from)}"
        line = f"- **{label}**: {current}{since}{cites}"
        if len(runs) > 1 and not life.ended(value, runs[-2][0]):  # what it was before, cited by its marker
            line += f"; was {escape(_now_shown(attribute, runs[-2][0].shown)[1])}{ref(number[runs[-2][1][-1].id])}"
        elif len(runs) == 1 and (before := _was(value, told)) is not None and not life.ended(value, before):
            # a change accepted in review: the old turn is hidden
            line += f"; was {escape(_now_shown(attribute, before.shown)[1])}"
        waits = any(m.under_review(attribute) for m in told)  # an item on this attribute, not another the turn states
        out.append((line + (" (awaiting review)" if waits else ""), f"{label}: {current}.{cites}"))
    partner = said["partner"][-1][0] if "partner" in said else None
    kin, word = _kin_now(shown, number, None if partner is None or life.ended(partner) else partner.value)
    return [_partner_called(line, word, said) for line in out] + kin


def _ended_by_name(said: dict[str, list[tuple[life.Said, list[Mem]]]]) -> None:
    """(session 43: weak43) A named pet's line ends where a later statement of no pet names it ("we found Pickles
    a new home": "Cat: none now (rehomed Pickles)", memory/life.ended_by_name), not "Cat: Pickles" beside
    "Pets: none (rehomed Pickles)"."""
    for attribute in [a for a in said if a in life.PET_KINDS and "pets" in said]:
        value, told = said[attribute][-1]
        for later, by in said["pets"]:
            ending = life.ended_by_name(value, later) if by[0].valid_from >= told[-1].valid_from else None
            if ending is not None:
                said[attribute].append((ending, by))
                break


# Words for a partner before a wedding: after "married" the partner line says Partner, not Fiancé.
_UNWED = frozenset(["fiancé", "fiance", "fiancée", "fiancee", "girlfriend", "boyfriend"])


def _partner_called(
    line: tuple[str, str], word: str | None, said: dict[str, list[tuple[life.Said, list[Mem]]]]
) -> tuple[str, str]:
    """The partner's Now line labelled by the word the person last called them ("Wife: Anna, since
    ..."), where a kin line named the same person (`_kin_now`); a fiancé or a girlfriend so called
    before a wedding the person has since said is the Partner."""
    marriage = said.get("relationship")
    wed = marriage is not None and marriage[-1][0].value == "married"
    if word is None or (wed and word.casefold() in _UNWED) or not line[1].startswith("Partner: "):
        return line
    label = escape(_kin_label(word))
    return line[0].replace("- **Partner**: ", f"- **{label}**: ", 1), label + line[1][len("Partner") :]


# The relations a person has one of at a time: a later name is the current one ("my girlfriend Ana",
# then "my girlfriend Maria"); of the others (children, siblings, friends) every name said is listed.
_ONE_AT_A_TIME = frozenset(["partner", "mother", "father"])


def _kin_now(
    shown: Sequence[Mem], number: dict[str, int], partner: str | None = None
) -> tuple[list[tuple[str, str]], str | None]:
    """About me's Now lines of the people the person names by their relation ("my wife anna", "anna
    (my wife)", "my daughter's name is zosia": "Wife: Anna", "Daughter: Zosia"), one line a name,
    cited by the turn that first said it, the relation as they last called it (`life.kin_names`).
    Then those named by what they are to the household (`life.kin_implied`: "Child: Ruairí"), where
    no word names them or the relation: a name said in words wins (`_implied_kin`). The current
    `partner` of the Now lines above (with since and was) is not listed again: its word is returned
    with the lines, and labels that line instead (`_partner_called`); nor is a partner named before them,
    who is no one's partner now (dani's "my boyfriend marco", listed "Boyfriend: Marco" beside her
    girlfriend Jess's line two years after "marco and i split")."""
    named: dict[str, dict[str, tuple[str, str, Mem]]] = {}  # relation -> name -> (word, name shown, first said)
    mine = [m for m in sorted(shown, key=lambda m: (m.valid_from, m.seq, m.id)) if _persons(m)]
    for m in mine:
        for rel, name in life.kin_stated(m.content):
            _kin_said(named, rel, name, m)
    _implied_kin(named, mine)
    out, word = [], None
    for key in sorted(named):
        for rel, name, m in named[key].values():
            if key == "partner" and partner is not None and name.casefold() == partner.casefold():
                word = rel
                continue
            if key == "partner" and partner is not None:
                continue  # (session 42: wiki27) a partner before the current one: dani's "Boyfriend: Marco" beside Jess
            label, value, cites = escape(_kin_label(rel)), escape(name), ref(number[m.id])
            out.append((f"- **{label}**: {value}{cites}", f"{label}: {value}.{cites}"))
    return out, word


def _persons(m: Mem) -> bool:
    """A memory of the person's own words that still holds (not the assistant's, not superseded)."""
    return m.turn != "assistant" and m.section != "superseded"


def _kin_said(named: dict[str, dict[str, tuple[str, str, Mem]]], rel: str, name: str, m: Mem) -> None:
    """One name of a relation said by `m`: a later partner's replaces the one before (`_ONE_AT_A_TIME`)."""
    key, whose = life.kin_key(rel), named.setdefault(life.kin_key(rel), {})
    if key in _ONE_AT_A_TIME and name.casefold() not in whose:
        whose.clear()
    first = whose[name.casefold()][2] if name.casefold() in whose else m
    whose[name.casefold()] = (rel, _a_name(name), first)


def _implied_kin(named: dict[str, dict[str, tuple[str, str, Mem]]], mine: Sequence[Mem]) -> None:
    """The people named by what they are to the household, added to `named`: none whose name is
    listed already, under any relation, or is a pet's (a dog "turns 3" too); a partner only where no
    partner is named in words, by the word the person calls them ("my wife will be delighted": Wife),
    and a child of a sex the turns tell (daughter, son) once, not again as a child."""
    listed = {name for whose in named.values() for name in whose}
    pets = {s.value for m in mine for s in life.read(m.content) if s.attribute in life.PET_KINDS}
    words = {w for m in mine for w in life.partner_words(m.content)}
    found = [(rel, name, m) for m in mine for rel, name in life.kin_implied(m.content)]
    sexed = {name.casefold() for rel, name, _ in found if rel in ("son", "daughter")}
    for rel, name, m in found:
        folded = name.casefold()
        if folded in listed or folded in pets or (rel == "child" and folded in sexed):
            continue
        if rel == "partner":
            if named.get("partner") and folded not in named["partner"]:
                continue
            rel = next(iter(words)) if len(words) == 1 else "partner"
        _kin_said(named, rel, name, m)


def _kin_label(rel: str) -> str:
    """A relation as a Now label: "Wife", "Mum", "Little sister" is "Sister"."""
    return rel[:1].upper() + rel[1:]


def _a_name(name: str) -> str:
    """A person's name as a reader writes it: "anna" typed in lower case is "Anna"; a name with a
    capital anywhere ("McDonald", "de Vries", "Anna") is kept as written."""
    return name[:1].upper() + name[1:] if name.islower() else name


def _job_left(said: dict[str, list[tuple[life.Said, list[Mem]]]]) -> tuple[life.Said, list[Mem]] | None:
    """The employer's latest run when it is an ending (a job left, lost, quit), else None."""
    runs = said.get("employer")
    return runs[-1] if runs and life.ended(runs[-1][0]) else None


def _ended_with_job(
    attribute: str, value: life.Said, told: Sequence[Mem], left: tuple[life.Said, list[Mem]], number: dict[str, int]
) -> tuple[str, str]:
    """A Now line for a value of the job that was said before the job ended: none now, since the
    ending's day, cited by the ending, and what it was, cited by its own turn."""
    label, was = (escape(x) for x in _now_shown(attribute, value.shown))
    ending, by = left
    cites = ref(number[by[0].id])
    current = f"none now ({escape(ending.shown)})"
    line = f"- **{label}**: {current}, since {_day(by[0].valid_from)}{cites}; was {was}{ref(number[told[-1].id])}"
    return line, f"{label}: {current}.{cites}"


def _was(value: life.Said, told: Sequence[Mem]) -> life.Said | None:
    """The value a memory of the run replaced, read from the hidden memory it superseded."""
    for m in told:
        for found in life.read(m.was) if m.was else ():
            if found.attribute == value.attribute and not life.same(found, value):
                return found
    return None


def _now_order(attribute: str) -> tuple[int, str]:
    heading = names.heading_of(attribute)
    return (ABOUT_HEADINGS.index(heading) if heading in ABOUT_HEADINGS else len(ABOUT_HEADINGS)), attribute


# Values that hold for good, a Now line gives no "since": where one comes from, a degree held and the
# school it was taken at, of any level ("degree:master", "university:phd": memory/life.EDUCATION, SCHOOLS).
# A birthday, a blood type and an allergy hold for good too: "since" the day they were first said read as
# if the person was born or became allergic that day (session 39: "Birthday: march, since 2022-03-20").
TIMELESS = frozenset(["origin", "degree", "university", "high school", "birthday", "blood type", "allergy"])


# Education's labels: "Master's degree", not "Master (degree)"; "University (master's)".
_LEVELS = {"bachelor": "Bachelor's", "master": "Master's", "phd": "PhD", "associate": "Associate"}


def _now_shown(attribute: str, shown: str) -> tuple[str, str]:
    """The label and value of a Now line: an activity taken up with no day said is "Guitar: doing it
    now" (it read "Guitar (schedule): now")."""
    if attribute.startswith("schedule:") and shown == "now":
        return _now_label(attribute).removesuffix(" (schedule)"), "doing it now"
    if attribute in _PLACES:  # one name a place: "Munich" said "München" or "munich" too (`vocab.place`)
        return _now_label(attribute), vocab.place(shown) or _as_named(shown)  # ("kingsland": "Kingsland")
    if attribute in _NAMED:  # a name typed in lower case: "brightpath" is "Brightpath", "mbank" "mBank"
        return _now_label(attribute), _as_named(shown)
    if attribute == "birthday":  # "march 3": "March 3", as a month is written
        return _now_label(attribute), _MONTH.sub(lambda m: m.group(0).capitalize(), shown)
    if attribute == "relationship" and (who := _WITH_SOMEONE.search(shown)) is not None:  # "dating Omar"
        return _now_label(attribute), shown[: who.end()] + _as_named(shown[who.end() :])
    kind, _, level = attribute.partition(":")
    if kind == "degree" and level in _LEVELS:
        return ("PhD" if level == "phd" else f"{_LEVELS[level]} degree"), shown
    if kind == "university" and level in _LEVELS:
        return f"University ({_LEVELS[level] if level == 'phd' else _LEVELS[level].lower()})", shown
    return _now_label(attribute), shown


# A place is named in Now by the name quire knows for it (its English name, `vocab.place`): the
# person who wrote "München" in March and "Munich" in June lives in one city, and the line should not
# change its name with each turn; a place no list knows, by the spelling the person wrote last.
_PLACES = frozenset(["home", "origin"])


# The things of a person's life a Now line names by a proper name (a company, a bank, a doctor), which
# a person typing fast writes in lower case; not a role, a diet or a schedule ("nurse", "vegan").
_NAMED = frozenset(
    [
        "employer",
        "manager",
        "bank",
        "phone provider",
        "internet",
        "pharmacy",
        "car",
        "phone",
        "gym",
        "doctor",
        "dentist",
        "kids school",
        "university",
        "childminder",
        "supplier",
        "street",
        # (session 39: every fixture's About me) a person's own people and name, typed in lower case as
        # the rest of a fast typist's turn is: "Partner: arjun", "Therapist: dr. reyes", "was samantha reyes"
        "partner",
        "therapist",
        "physiotherapist",
        "landlord",
        "name",
        # and the things of a life a Now line now shows more of (a question's turn is About me's too):
        # "Church: queen of peace", "Dog: biscuit", "Car insurance: geico", "Laptop: macbook"
        "church",
        "car insurance",
        "health insurance provider",
        "energy",
        "laptop",
        "agent",
        # (session 43: wiki28) a texter's agent and the name she goes by, typed in lower case: "Booking agent:
        # theo; was kelsey", "Stage name: ...; was dani reyes"
        "booking agent",
        "stage name",
        "publisher",
        "writing app",
        "dog",
        "cat",
        "guinea pig",
    ]
)
# Values of a named thing that say there is none ("Car: Fiat Panda; was none"): no name to capitalise.
_NO_NAME = frozenset(["none", "no", "nothing", "none now", "own name"])
_MONTH = re.compile(r"\b(?:" + "|".join(sorted({*clock.MONTHS, *names.MONTH_SHORT}, key=len, reverse=True)) + r")\b")
# A relationship with someone by name ("dating omar", "engaged to núria"): the name as a reader writes it.
_WITH_SOMEONE = re.compile(r"(?:^|(?<= ))(?:dating|seeing|engaged to|married to|with) (?=\S)")
# Words inside a name that stay in lower case ("Bank of America", "de Vries", "Tully's on Quay St"): a
# person's particles are the reader's own (`life.NAME_PARTICLES`: "dr van der berg" is "Dr van der Berg").
_NAME_PARTICLES = frozenset(["of", "the", "and", "on", "at", "in", "for", "y", "&", *life.NAME_PARTICLES])


def _as_named(shown: str) -> str:
    """A name as a reader writes it: as a list of names writes it (`vocab.written`: "mbank" is
    "mBank"); else typed all in lower case, each word capitalised but its particles ("tully's on quay
    st": "Tully's on Quay St"); a name with a capital anywhere ("eBay", "de Vries", "iOS") as typed."""
    if shown.casefold() in _NO_NAME:
        return shown
    known = vocab.written(shown)
    if known is not None and (shown.islower() or known.casefold() == shown.casefold()):
        return known
    if not shown.islower() or shown.startswith(("the ", "a ", "an ")):
        return shown  # ("the council": a place of work said by its kind, no name)
    words = shown.split(" ")
    return " ".join(
        w if (i and w in _NAME_PARTICLES) or not w[:1].isalpha() else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def _now_label(attribute: str) -> str:
    """ "home" -> "Home", "schedule:italian" -> "Italian (schedule)", "schedule:dr smith" -> "Dr.
    Smith (schedule)" (a person seen, by title and name, not "Dr smith")."""
    kind, _, what = attribute.partition(":")
    words = (what or kind).replace("_", " ").split()
    title = words[0].rstrip(".") if words else ""
    if len(words) > 1 and title in names.TITLES:  # "Dr." and "Mrs." abbreviate, "Sir", "Dame" and "Herr" do not
        dot = "" if title in names.UNDOTTED_TITLES else "."
        words = [title.capitalize() + dot, *(w if w in _NAME_PARTICLES else w[:1].upper() + w[1:] for w in words[1:])]
    shown = " ".join(words)
    return f"{shown[:1].upper()}{shown[1:]}" + (f" ({kind})" if what else "")


def _by_section(spec: PageSpec, shown: list[Mem]) -> dict[str, list[Mem]]:
    """The memories shown, by the section they are listed in ("about:<heading>" on About me)."""
    by_section: dict[str, list[Mem]] = defaultdict(list)
    personal = is_about(spec)
    for m in shown:
        attribute = _about(m) if m.turn and personal else ""
        if attribute:
            by_section["about:" + attribute].append(m)
        elif m.turn and names.is_request(m.content):
            by_section["asked"].append(m)  # asked of the assistant: not an open question
        else:
            by_section[m.section].append(m)
    return by_section


ABOUT_HEADINGS = (*(name for name, _ in names.SELF_FACTS), "Also")


def _about(m: Mem) -> str:
    """The heading of About me a turn goes under: the subject it states, else "Also" for a turn
    the import typed as the person's identity or preference."""
    return names.self_fact(m.content) or ("Also" if m.memory_type in PERSONAL else "")


def duplicates(ordered: Sequence[Mem], number: dict[str, int]) -> tuple[dict[str, Also], set[str]]:
    """The memories that say nothing another memory of the page does not (the same fact from two
    exports, a message pasted twice, a sentence repeated from a longer turn): each is left out,
    and its marker cited after the sentences it repeats, where the other memory says them.
    Longer memories claim their sentences first. Returns (memory id -> Also, repeated ids)."""
    keys: dict[str, tuple[str, ...]] = {}
    for m in ordered:
        found = tuple(dict.fromkeys(said(s) for s in sentences(prose(m.content))))
        keys[m.id] = tuple(k for k in found if k)
    owner: dict[str, str] = {}  # sentence -> the memory that says it on this page
    same: dict[str, Also] = {}
    repeats: set[str] = set()
    for m in sorted(ordered, key=lambda m: (-len(keys[m.id]), number[m.id])):
        mine = keys[m.id]
        if "```" in m.content or not mine:
            continue
        if all(k in owner for k in mine):
            repeats.add(m.id)
            for k in mine:
                same.setdefault(owner[k], {}).setdefault(k, []).append(number[m.id])
            continue
        for k in mine:
            owner.setdefault(k, m.id)
    for also in same.values():
        for markers in also.values():
            markers.sort()
    return same, repeats


def _replacements(spec: PageSpec, number: dict[str, int]) -> dict[str, int]:
    """superseded memory id -> marker of the memory on this page that replaced it."""
    return {m.supersedes: number[m.id] for m in spec.memories if m.supersedes and m.supersedes in number}


def tags(spec: PageSpec) -> list[str]:
    kinds = sorted({m.memory_type for m in spec.memories}, key=lambda t: (_KIND_RANK.get(t, 99), t))
    out = [_tag(t) for t in kinds]
    named = entity_kind(spec)
    if named:
        out.append(named)
    if spec.space:
        out.append(f"space/{_tag(spec.space)}")
    return [t for t in out if t]


def entity_kind(spec: PageSpec) -> str:
    """person, place, organisation or product: what the chat turns of an entity page say its
    name is ("my friend Tomás", "in Lisbon", "at Kestrel Maps"); "" when unsure or not all turns."""
    if spec.kind != "entity" or not spec.entity or not all(m.turn for m in spec.memories):
        return ""
    key = " ".join(spec.entity.casefold().split())
    votes: Counter[str] = Counter()
    for found in names.extract_all([m.content for m in spec.memories]):
        votes.update(n.kind for n in found if " ".join(n.name.casefold().split()) == key and n.kind != "thing")
    return sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if votes else ""


_KIND_RANK = {name: i for i, (name, _) in enumerate(SECTIONS)}


def _tag(text: str) -> str:
    return _TAG_DROP.sub("-", text.strip().lower()).strip("-/") or ""


def frontmatter_lines(spec: PageSpec, ctx: Context, sources: Sequence[str], updated: str) -> list[str]:
    lines = ["---", f"title: {scalar(spec.title)}"]
    if ctx.aliases:
        lines.append(f"aliases: {sequence(list(ctx.aliases))}")
    lines += [
        f"tags: {sequence(tags(spec))}",
        f"space: {scalar(spec.space) if spec.space else 'null'}",
        f"kind: {spec.kind}",
        f"sources: {sequence(list(sources))}",
        f"updated: {scalar(updated)}",
        "---",
    ]
    return lines


def _prose_body(body: str) -> list[str]:
    """Verified model prose, its [N] markers turned into footnote references."""
    return [_PROSE_MARKER.sub(lambda m: ref(int(m.group(1))), line) for line in body.strip("\n").split("\n")]


def render(
    spec: PageSpec, *, ctx: Context | Sequence[Link] = (), map_block: str = "", body: str | None = None
) -> Rendered:
    """The page file: frontmatter, title, lead, sections (or `body`, verified prose), related
    pages, mentioned in, the map, sources and the footnotes."""
    if not isinstance(ctx, Context):
        ctx = Context(related=tuple(ctx))
    ordered = spec.ordered()
    sources = [m.id for m in ordered]
    number = {m.id: n for n, m in enumerate(ordered, start=1)}
    linker = Linker(ctx.mentions)
    current: list[tuple[str, str]] = []
    if is_about(spec):  # leads with what is true now, as its first section
        repeats = duplicates(ordered, number)[1]
        current = now([m for m in ordered if m.id not in repeats], number)
    summary = " ".join([first for _, first in current[:LEAD_MAX]] or lead_sentences(spec, *lead(spec), number))
    if is_about(spec) and spec.entity:  # the person's own name first: a search for it lands on About me
        summary = " ".join(filter(None, [f"Name: {escape(spec.entity)}.", summary]))
    lines = section_lines(spec, ctx, linker) if body is None else _prose_body(body)
    updated = max(m.updated_at for m in spec.memories)
    out = [*frontmatter_lines(spec, ctx, sources, updated), "", f"# {escape(spec.title)}", "", summary, "", *lines]
    if ctx.related:
        out += ["", "## Related", ""]
        for link in ctx.related:
            out.append(f"- [[{link.slug}|{_link_label(link.title)}]] (shares {escape(', '.join(link.shared))})")
    if ctx.backlinks:
        out += ["", "## Mentioned in", ""]
        out += [f"- [[{link.slug}|{_link_label(link.title)}]]" for link in ctx.backlinks]
    if map_block:
        out += ["", "## Map", "", map_block.rstrip("\n")]
    out += ["", "## Sources", ""]
    for n, m in enumerate(ordered, start=1):
        kind = "decision, superseded" if m.section == "superseded" else m.memory_type
        out.append(f"{n}. {m.id} · {kind} · {_day(m.valid_from)}")
    out.append("")
    out += [footnote(m, n) for n, m in enumerate(ordered, start=1)]
    return Rendered("\n".join(out) + "\n", summary, tuple(sources), updated)


def _link_label(title: str) -> str:
    """A title as a wikilink's label: no link syntax, no HTML, no comment or heading markup."""
    label = " ".join(visible(title).replace("|", " ").replace("[", "(").replace("]", ")").split())
    label = label.replace("<", "‹").replace(">", "›").replace("%%", "%\u2009%")
    return label.lstrip("#").lstrip() or "untitled"


# The index's headings of each kind of page, in KIND_ORDER: an entity page's name and a topic's
# read alike, and one list of both ran "Zumba" into "Anosmic" with nothing to say why.
_KIND_HEADINGS = {"entity": "Names", "cluster": "Topics", "notes": "Notes"}


def render_index(index: IndexSpec) -> str:
    """index.md: every page by space (a home of no space has no space heading), About me first (what a
    person opens after an import: it had been the last line, under Notes, below every name and topic),
    then by kind, then title."""
    out = ["---", 'title: "Index"', f"pages: {len(index.entries)}", "---", "", "# Index", ""]
    if not index.entries:
        out.append("No pages yet: capture memories, then run `quire rebuild`.")
    by_space: dict[str, list[IndexEntry]] = defaultdict(list)
    for e in index.entries:
        by_space[e.space or ""].append(e)
    spaced = list(by_space) != [""]
    for space in sorted(by_space):
        if spaced:
            out += [f"## {escape(space) if space else 'Uncategorized'}", ""]
        by_kind: dict[str, list[IndexEntry]] = defaultdict(list)
        for e in by_space[space]:
            if not e.about:
                by_kind[e.kind].append(e)
        for e in sorted((e for e in by_space[space] if e.about), key=lambda e: e.slug):
            out += [f"Start with [[{e.slug}|{_link_label(e.title)}]] ({e.sources} {_memories(e.sources)}).", ""]
        for kind in sorted(by_kind, key=lambda k: (KIND_ORDER.get(k, 9), k)):
            out += [f"{'###' if spaced else '##'} {_KIND_HEADINGS.get(kind, kind.capitalize())}", ""]
            for e in sorted(by_kind[kind], key=lambda e: (e.title.casefold(), e.slug)):
                out.append(f"- [[{e.slug}|{_link_label(e.title)}]] ({e.sources} {_memories(e.sources)})")
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _memories(n: int) -> str:
    return "memory" if n == 1 else "memories"
