"""`quire lint`: check the vault as it is on disk, hand edits included.

Errors (exit 1): a citation (`[^mN]` footnote, or a `[N]` marker on older pages) with no entry N
in the page's Sources list, a source that names no memory, a page citing a forgotten /
superseded / rejected / pending memory, a footnote referenced and never defined, frontmatter that
is not valid YAML, and on a machine-owned page a `[[wikilink]]` to no page (a file name, title
or frontmatter alias in the vault, or a note a cited memory was imported from) and a footnote
defined and never referenced. Warnings: those last two on a page a person owns (links to pages not
written yet are normal there), orphan pages (no other page links to them), stale pages (their
inputs changed since they were written: run `quire rebuild`), missing files.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

from memory import frontmatter
from memory.db import Database, rows_in
from memory.errors import InvalidInput
from wiki import pages, synth, vault
from wiki.rebuild import plan

_MARKER = re.compile(r"(?<![\\\[])\[(\d+)\](?![(\]])")
_FOOTNOTE_REF = re.compile(r"(?<!\\)\[\^([^\]\s\\]+)\](?!:)")
_FOOTNOTE_DEF = re.compile(r"^\[\^([^\]\s\\]+)\]:")
_CITATION = re.compile(r"^m(\d+)$")
_SOURCE = re.compile(r"^(\d+)\.\s+(\S+)")


@dataclass(frozen=True)
class Finding:
    severity: str  # error | warning
    code: str
    page: str
    detail: str


@dataclass(frozen=True)
class LintReport:
    findings: tuple[Finding, ...]
    pages: int

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity == "warning" for f in self.findings)

    def as_json(self) -> dict:
        return {
            "pages": self.pages,
            "errors": self.errors,
            "warnings": self.warnings,
            "findings": [asdict(f) for f in self.findings],
        }


@dataclass(frozen=True)
class Parsed:
    markers: tuple[int, ...]  # citation numbers: [^mN] footnote references and legacy [N] markers
    sources: dict[int, str]  # marker -> memory id, from the "## Sources" list
    links: tuple[str, ...]
    refs: tuple[str, ...] = ()  # footnote labels referenced
    notes: tuple[str, ...] = ()  # footnote labels defined
    aliases: tuple[str, ...] = ()  # frontmatter aliases
    problem: str | None = None  # frontmatter that does not parse


def parse(text: str) -> Parsed:
    """Markers, the Sources list and wikilink targets of a page, ignoring code blocks and frontmatter."""
    markers: list[int] = []
    sources: dict[int, str] = {}
    links: list[str] = []
    refs: list[str] = []
    notes: list[str] = []
    lines = text.splitlines()
    try:
        front = frontmatter.read(text)
    except InvalidInput as exc:
        front = frontmatter.Front(body=text, problem=str(exc))
    start = front.body_line
    in_code = in_sources = False
    for line in lines[start:]:
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        if stripped.startswith("#"):
            in_sources = stripped.lstrip("#").strip().lower() == "sources"
            continue
        definition = _FOOTNOTE_DEF.match(line)
        if definition:
            notes.append(definition.group(1))
            line = line[definition.end() :]
        elif in_sources and (found := _SOURCE.match(stripped)):
            sources[int(found.group(1))] = found.group(2)
            continue
        # Any other line under Sources is read as text: a person appends at the end of a file, after
        # the Sources list, and a [[link]] added there went unchecked.
        labels = _FOOTNOTE_REF.findall(line)
        refs += labels
        markers += [int(c.group(1)) for c in map(_CITATION.match, labels) if c]
        markers += [int(n) for n in _MARKER.findall(line)]
        links += [t.strip() for t in pages.WIKILINK.findall(line)]
    return Parsed(
        tuple(markers), sources, tuple(links), tuple(refs), tuple(notes), tuple(front.texts("aliases")), front.problem
    )


def run(db: Database, root: Path, *, stale: bool = True) -> LintReport:
    vault.require_folder(root)
    rows = [p for p in pages.all_pages(db) if p.status == "active"]
    parsed, inbound, findings = _read_pages(rows, root)
    sources = {mid for p in parsed.values() for mid in p.sources.values()}
    names = {p.slug.casefold() for p in rows} | {p.title.casefold() for p in rows}
    names |= {f.stem.casefold() for f in root.glob("*.md")} if root.is_dir() else set()
    names |= {a.casefold() for one in parsed.values() for a in one.aliases}
    names |= _note_targets(db, sources)
    statuses = _statuses(db, sources)
    for page in rows:
        found = parsed.get(page.slug)
        if found is not None:
            findings += _citation_findings(page, found, statuses)
            findings += _page_findings(page, found, names, inbound)
    if stale:
        findings += _stale(db, root)
    findings.sort(key=lambda f: (f.severity != "error", f.page, f.code, f.detail))
    return LintReport(tuple(findings), sum(1 for p in rows if p.kind != "index"))


def _read_pages(rows: list[pages.Page], root: Path) -> tuple[dict[str, Parsed], dict[str, int], list[Finding]]:
    """Each page's file parsed (slug -> Parsed), links into each page from the others (the index's
    do not count), and a finding for every page whose file is gone."""
    parsed: dict[str, Parsed] = {}
    inbound: dict[str, int] = defaultdict(int)
    findings: list[Finding] = []
    for page in rows:
        raw = vault.read_bytes(page.path(root))
        if raw is None:
            detail = f"{page.filename} is not in the vault; `quire rebuild` records it as deleted"
            findings.append(Finding("warning", "missing_file", page.slug, detail))
            continue
        parsed[page.slug] = parse(raw.decode("utf-8", errors="replace"))
        for target in set(parsed[page.slug].links):
            if page.kind != "index":
                inbound[target.casefold()] += 1
    return parsed, inbound, findings


def _citation_findings(page: pages.Page, found: Parsed, statuses: dict[str, str]) -> list[Finding]:
    """Every [N] has a source entry, and every source names a memory a page may cite."""
    findings = [
        Finding("error", "unresolved_citation", page.slug, f"[{n}] has no entry {n} under Sources")
        for n in sorted(set(found.markers))
        if n not in found.sources
    ]
    for n, mid in sorted(found.sources.items()):
        status = statuses.get(mid)
        if status is None:
            findings.append(Finding("error", "unresolved_citation", page.slug, f"source {n} names no memory ({mid})"))
        elif status not in synth.PAGE_STATUSES:
            detail = f"source {n} is {mid}, which is {status}; run `quire rebuild`"
            findings.append(Finding("error", "cites_inactive", page.slug, detail))
    return findings


def _page_findings(page: pages.Page, found: Parsed, names: set[str], inbound: dict[str, int]) -> list[Finding]:
    """Front matter, footnotes, wikilinks and orphans (a person's page gets warnings, not errors)."""
    severity = "warning" if page.owner == "human" else "error"
    findings = [Finding("error", "frontmatter", page.slug, found.problem)] if found.problem else []
    for label in sorted(set(found.refs) - set(found.notes)):
        findings.append(Finding("error", "undefined_footnote", page.slug, f"[^{label}] has no footnote text"))
    for label in sorted(set(found.notes) - set(found.refs)):
        findings.append(Finding(severity, "unused_footnote", page.slug, f"footnote [^{label}] is never cited"))
    for target in sorted(set(found.links)):
        if target.casefold() not in names:
            findings.append(Finding(severity, "dangling_link", page.slug, f"[[{target}]] points to no page"))
    if page.kind != "index" and not (inbound.get(page.slug.casefold()) or inbound.get(page.title.casefold())):
        findings.append(Finding("warning", "orphan", page.slug, "no other page links here (only the index)"))
    return findings


def _statuses(db: Database, ids: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    listed = sorted(ids)
    out.update({r[0]: r[1] for r in rows_in(db, "SELECT id, status FROM memories WHERE id IN ({marks})", listed)})
    return out


def _note_targets(db: Database, ids: set[str]) -> set[str]:
    """Imported notes the cited memories came from, as wikilink targets (`people/ana` for
    people/ana.md): they are pages of the person's own vault, which quire's folder sits in."""
    out: set[str] = set()
    listed = sorted(ids)
    for (source,) in rows_in(
        db, "SELECT DISTINCT source FROM memories WHERE id IN ({marks}) AND lower(source) LIKE '%.md'", listed
    ):
        out.add(" ".join(source.split())[:-3].casefold())
    return out


def _stale(db: Database, root: Path) -> list[Finding]:
    out = []
    for item in plan(db, root=root).items:
        if item.row is None or item.row.version == 0:
            if item.action == "write" and item.kind != "index":
                out.append(Finding("warning", "stale", item.slug, "page not written yet; run `quire rebuild`"))
            continue
        if item.action in ("write", "remove"):
            out.append(
                Finding("warning", "stale", item.slug, "its memories changed since it was written; run `quire rebuild`")
            )
        elif item.action in ("revision", "remove_revision"):
            out.append(
                Finding(
                    "warning",
                    "stale",
                    item.slug,
                    "its memories changed since you edited it; `quire rebuild` will queue a revision for review",
                )
            )
    return out
