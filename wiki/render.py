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
from collections.abc import Sequence

from memory.frontmatter import scalar, sequence
from memory.text import visible
from wiki.synth import (
    KIND_ORDER,
    SECTION_NAMES,
    SECTIONS,
    Context,
    IndexEntry,
    IndexSpec,
    Link,
    Mem,
    PageSpec,
    Rendered,
    lead_tokens,
    sentences,
)

LEAD_MAX = 3
TIMELINE_MIN = 3
_INLINE = str.maketrans({"\\": "\\\\", "[": "\\[", "]": "\\]", "<": "\\<", ">": "\\>", "`": "\\`", "$": "\\$"})
_SPECIAL = re.compile(r"[\\\[\]<>`$%^]")
_LEADING = re.compile(r"^([#+*=~|:-]|\d+[.)])")
_PROSE_MARKER = re.compile(r"\[\s*(\d+)\s*\]")
_TAG_DROP = re.compile(r"[^\w/-]+")


def escape(text: str) -> str:
    """Memory text made inert inside one Markdown line: no links, no fake markers, no HTML."""
    flat = " ".join(visible(text).split())
    if _SPECIAL.search(flat):  # a str.translate walks every character in Python: only when needed
        flat = flat.translate(_INLINE).replace("%%", "\\%\\%").replace("^", "\\^")
    return _LEADING.sub(lambda m: "\\" + m.group(0), flat) if _LEADING.match(flat) else flat


def ref(n: int) -> str:
    return f"[^m{n}]"


def cite(text: str, marker: int, linker: Linker | None = None) -> str:
    """Every sentence of `text` followed by its footnote reference."""
    parts = sentences(text) or [" ".join(text.split())]
    out = []
    for s in parts:
        body = escape(s)
        out.append(f"{linker.link(body) if linker else body}{ref(marker)}")
    return " ".join(out)


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


def lead(spec: PageSpec) -> list[Mem]:
    """One to three memories whose words the page shares most (mean document frequency of their
    content tokens), newest first on ties; superseded decisions and open questions never lead."""
    pool = [m for m in spec.memories if m.section != "superseded" and not m.is_open] or list(spec.memories)
    if len(pool) == 1:
        return pool
    tokens = {m.id: lead_tokens(m.content) for m in pool}
    df: Counter[str] = Counter()
    for toks in tokens.values():
        df.update(toks)
    n = len(pool)

    def centrality(m: Mem) -> float:
        toks = tokens[m.id]
        return (sum(map(df.__getitem__, toks)) - len(toks)) / (len(toks) * max(n - 1, 1)) if toks else 0.0

    ranked = sorted(pool, key=lambda m: m.id)
    ranked.sort(key=lambda m: (m.valid_from, m.created_at), reverse=True)  # stable: newest first, then id
    ranked.sort(key=lambda m: -round(centrality(m), 9))
    count = 1 if n < 3 else 2 if n < 6 else LEAD_MAX
    return ranked[:count]


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


def _sentence(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def memory_lines(
    m: Mem, n: int, linker: Linker, ctx: Context, replaced: dict[str, int], about: frozenset[str] = frozenset()
) -> list[str]:
    """The bullet (and sub-bullets from the structured fields) a memory contributes to its section."""
    note = " (awaiting review)" if m.review else ""
    if m.section == "preference" and _field(m, "preference"):
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
        span = f"{m.valid_from[:10]} to {m.valid_to[:10]}" if m.valid_to else f"from {m.valid_from[:10]}"
        line = f"- {span}: {cite(m.content, n, linker)}"
        where = dict(ctx.elsewhere).get(m.id)
        if m.id in replaced:
            line += f" Replaced by the decision{ref(replaced[m.id])}."
        elif where is not None:
            line += f" Replaced by a decision on [[{where.slug}|{_link_label(where.title)}]]."
        return [line]
    lines = [f"- {cite(m.content, n, linker)}{note}"]
    if m.section == "decision":
        for label, names in (("Context", ("context",)), ("Considered and rejected", ("alternatives_considered",))):
            value = _field(m, *names)
            if value and value.casefold() not in about:  # "Context: refund policy" on the refund policy page
                lines.append(f"  - {label}: {linker.link(escape(value))}{ref(n)}")
    return lines


def timeline(ordered: Sequence[Mem], number: dict[str, int]) -> list[str]:
    """Memories that carry their own date (event time unlike capture time), in event order, when
    at least three do across two or more dates: fewer read fine in their sections."""
    dated = [m for m in ordered if m.section != "superseded" and m.valid_from[:10] != m.created_at[:10]]
    if len(dated) < TIMELINE_MIN or len({m.valid_from[:10] for m in dated}) < 2:
        return []
    out = []
    for m in sorted(dated, key=lambda m: (m.valid_from, m.created_at, m.id)):
        first = (sentences(m.content) or [m.content])[0]
        out.append(f"- {m.valid_from[:10]}: {escape(first)}{ref(number[m.id])}")
    return out


def open_lines(ordered: Sequence[Mem], number: dict[str, int]) -> list[str]:
    out = []
    for m in ordered:
        if not m.is_open:
            continue
        n = number[m.id]
        if m.review == "contradiction":
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


def footnote(m: Mem, n: int) -> str:
    kind = "decision, superseded" if m.section == "superseded" else m.memory_type
    bits = [f"“{escape(m.content)}”", kind, m.valid_from[:10]]
    where = source_text(m)
    if where:
        bits.append(where)
    if m.review:
        bits.append(f"awaiting review ({m.review})")
    return f"[^m{n}]: " + " · ".join(bits)


def section_lines(spec: PageSpec, ctx: Context | None = None, linker: Linker | None = None) -> list[str]:
    """The page's sections (by type, then Timeline, Changed, Open questions) as Markdown lines."""
    ctx = ctx or Context()
    linker = linker or Linker(())
    ordered = spec.ordered()
    number = {m.id: n for n, m in enumerate(ordered, start=1)}
    replaced = _replacements(spec, number)
    about = frozenset(t.casefold() for t in (spec.title, spec.entity or ""))
    by_section: dict[str, list[Mem]] = defaultdict(list)
    for m in ordered:
        by_section[m.section].append(m)
    lines: list[str] = []

    def block(heading: str, body: list[str]) -> None:
        if body:
            lines.extend([*([""] if lines else []), f"## {heading}", "", *body])

    for name, heading in SECTIONS:
        if name == "superseded":
            continue
        block(
            heading,
            [
                line
                for m in by_section.get(name, [])
                for line in memory_lines(m, number[m.id], linker, ctx, replaced, about)
            ],
        )
    block("Timeline", timeline(ordered, number))
    block(
        SECTION_NAMES["superseded"],
        [
            line
            for m in by_section.get("superseded", [])
            for line in memory_lines(m, number[m.id], linker, ctx, replaced)
        ],
    )
    block(SECTION_NAMES["open"], open_lines(ordered, number))
    return lines


def _replacements(spec: PageSpec, number: dict[str, int]) -> dict[str, int]:
    """superseded memory id -> marker of the memory on this page that replaced it."""
    return {m.supersedes: number[m.id] for m in spec.memories if m.supersedes and m.supersedes in number}


def tags(spec: PageSpec) -> list[str]:
    kinds = sorted({m.memory_type for m in spec.memories}, key=lambda t: (_KIND_RANK.get(t, 99), t))
    out = [_tag(t) for t in kinds]
    if spec.space:
        out.append(f"space/{_tag(spec.space)}")
    return [t for t in out if t]


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
    leading = lead(spec)
    summary = " ".join(cite(_sentence((sentences(m.content) or [m.content])[0]), number[m.id]) for m in leading)
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
        out.append(f"{n}. {m.id} · {kind} · {m.valid_from[:10]}")
    out.append("")
    out += [footnote(m, n) for n, m in enumerate(ordered, start=1)]
    return Rendered("\n".join(out) + "\n", summary, tuple(sources), updated)


def _link_label(title: str) -> str:
    """A title as a wikilink's label: no link syntax, no HTML, no comment or heading markup."""
    label = " ".join(visible(title).replace("|", " ").replace("[", "(").replace("]", ")").split())
    label = label.replace("<", "‹").replace(">", "›").replace("%%", "%\u2009%")
    return label.lstrip("#").lstrip() or "untitled"


def render_index(index: IndexSpec) -> str:
    """index.md: every page by space, then kind, then title."""
    out = ["---", 'title: "Index"', f"pages: {len(index.entries)}", "---", "", "# Index", ""]
    if not index.entries:
        out.append("No pages yet: capture memories, then run `quire rebuild`.")
    by_space: dict[str, list[IndexEntry]] = defaultdict(list)
    for e in index.entries:
        by_space[e.space or ""].append(e)
    for space in sorted(by_space):
        out += [f"## {escape(space) if space else 'Uncategorized'}", ""]
        for e in sorted(by_space[space], key=lambda e: (KIND_ORDER.get(e.kind, 9), e.title.casefold(), e.slug)):
            noun = "memory" if e.sources == 1 else "memories"
            out.append(f"- [[{e.slug}|{_link_label(e.title)}]] ({e.sources} {noun})")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
