"""Vault page Markdown to safe HTML for the page screen.

markdown-it-py with raw HTML disabled (a `<script>` in a page or a memory's text comes out as
text), its link check kept (no `javascript:` or `data:` links), footnotes from mdit-py-plugins.
Before rendering, the page's own references become links: a footnote `[^mN]` gains a link to the
memory it cites (the page's sources give marker -> id), `[[slug|label]]` links to that page, and
a bare memory id links to the memory.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from memory import frontmatter

_FOOTNOTE_DEF = re.compile(r"^\[\^m(\d+)\]:(.*)$")
_WIKILINK = re.compile(r"\[\[([^\]|\n]+)(?:\|([^\]\n]+))?\]\]")
_MEMORY_ID = re.compile(r"(?<![\w/\[(])(mem_[0-9a-f]{6,40})\b")
_FENCE = re.compile(r"^\s*(```|~~~)")
_BLOCKS = frozenset({"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "td", "th"})


@lru_cache(maxsize=1)
def _md() -> MarkdownIt:
    # "js-default": CommonMark with html off and the default link validation; tables on.
    return MarkdownIt("js-default", {"html": False, "linkify": False, "typographer": False}).use(footnote_plugin)


def _label(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _link_line(line: str, sources: dict[int, str]) -> str:
    found = _FOOTNOTE_DEF.match(line)
    if found and int(found.group(1)) in sources:
        mid = sources[int(found.group(1))]
        line = f"{line} · [{mid}](/memory/{quote(mid)})"
        return line
    line = _WIKILINK.sub(lambda m: f"[{_label(m.group(2) or m.group(1))}](/page/{quote(m.group(1).strip())})", line)
    return _MEMORY_ID.sub(lambda m: f"[{m.group(1)}](/memory/{m.group(1)})", line)


def page_html(body: str, sources: list[dict[str, Any]]) -> str:
    """The page body (frontmatter dropped) as HTML, its citations linked to their memories."""
    front = frontmatter.read(body)
    text = front.body if front.present and front.problem is None else body
    markers = {int(s["marker"]): str(s["memory_id"]) for s in sources if s.get("memory_id")}
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
            out.append(line)
            continue
        out.append(line if fenced else _link_line(line, markers))
    md = _md()
    env: dict[str, Any] = {}  # the footnotes' definitions travel from the parse to the render in env
    tokens = md.parse("\n".join(out), env)
    for token in tokens:  # each block's direction from its own letters: an Arabic quote reads right to left
        if token.nesting == 1 and token.tag in _BLOCKS:
            token.attrSet("dir", "auto")
    return str(md.renderer.render(tokens, md.options, env))
