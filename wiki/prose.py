"""Optional prose from an OpenAI-compatible endpoint, kept only if every sentence checks out.

Configured in config.toml:

    [llm]
    endpoint = "http://127.0.0.1:8080/v1"   # llama.cpp, Ollama, vLLM ... (POST {endpoint}/chat/completions)
    model = "local"
    api_key_env = "QUIRE_LLM_KEY"           # optional: name of the env var holding a bearer token
    timeout_s = 60

The model sees the page's memories as numbered sources and writes the sections. Its text lands
only when every marker resolves to a source and every sentence is cited, with at least half of
its content tokens found in the memories it cites. Otherwise the deterministic page is kept and
the reason is returned (the rebuild audits it as `prose_rejected` and prints it on stderr).
Standard library only (urllib); no network call unless an endpoint is configured.
"""

from __future__ import annotations

import json
import os
import re
import socket
import urllib.parse
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from http.client import HTTPException
from urllib.error import HTTPError, URLError

from memory import clock
from wiki.synth import PageSpec, content_tokens, sentences

MIN_OVERLAP = 0.5
_MARKERS = re.compile(r"((?:\s*\[\s*\d+\s*\])+)")
_ONE = re.compile(r"\[\s*(\d+)\s*\]")

SYSTEM = (
    "You write one page of a personal wiki from numbered source notes. Rules: no title line; "
    "group the text under '## ' headings; write plain sentences; end every sentence with the "
    "[N] markers of the sources that support it (several like [1][3]); use only facts stated in "
    "the sources; no sources list, no links, no HTML, no code blocks."
)


@dataclass(frozen=True)
class ProseResult:
    body: str | None  # verified Markdown for the sections, or None: keep the deterministic page
    problems: tuple[str, ...] = ()


def overlap(sentence: str, source_text: str) -> float:
    """Share of the sentence's content tokens found in the source text (no tokens: 1.0)."""
    tokens = content_tokens(sentence)
    if not tokens:
        return 1.0
    have = set(content_tokens(source_text))
    return sum(t in have for t in tokens) / len(tokens)


def cited_units(line: str) -> list[tuple[str, tuple[int, ...]]]:
    """Split a line into (sentence, markers): markers attach to the sentence right before them."""
    units: list[tuple[str, tuple[int, ...]]] = []
    pieces = _MARKERS.split(line)
    for i in range(0, len(pieces), 2):
        text = pieces[i]
        marks = tuple(int(n) for n in _ONE.findall(pieces[i + 1])) if i + 1 < len(pieces) else ()
        parts = sentences(text)
        for j, part in enumerate(parts):
            units.append((part, marks if j == len(parts) - 1 else ()))
    return units


def verify(text: str, sources: Sequence[str]) -> list[str]:
    """Problems with model prose; empty means every sentence is cited, resolvable and supported."""
    problems: list[str] = []
    in_code = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("```"):
            in_code = not in_code
            problems.append("code blocks are not allowed")
            continue
        if in_code or not line or line.startswith("#"):
            continue
        if "[[" in line or "<" in line:
            problems.append(f"links or HTML are not allowed: {line[:60]!r}")
            continue
        line = re.sub(r"^([-*+]|\d+[.)])\s+", "", line)
        for sentence, marks in cited_units(line):
            if not content_tokens(sentence):
                continue  # punctuation or filler between markers
            if not marks:
                problems.append(f"uncited sentence: {sentence[:80]!r}")
                continue
            bad = [n for n in marks if not 1 <= n <= len(sources)]
            if bad:
                problems.append(f"marker [{bad[0]}] resolves to no source: {sentence[:80]!r}")
                continue
            score = overlap(sentence, " ".join(sources[n - 1] for n in marks))
            if score < MIN_OVERLAP:
                problems.append(f"unsupported sentence (overlap {score:.2f} < {MIN_OVERLAP}): {sentence[:80]!r}")
    return problems


def _request(settings, messages: list[dict]) -> str:
    url = settings.endpoint.rstrip("/") + "/chat/completions"
    body = json.dumps({"model": settings.model, "messages": messages, "temperature": 0.1}).encode()
    headers = {"Content-Type": "application/json"}
    if settings.api_key_env and os.environ.get(settings.api_key_env):
        headers["Authorization"] = f"Bearer {os.environ[settings.api_key_env]}"
    req = urllib.request.Request(url, data=body, headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=settings.timeout_s) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    return str(data["choices"][0]["message"]["content"])


def _where(settings) -> str:
    """The endpoint without user info or query (where a key could hide)."""
    try:
        parts = urllib.parse.urlsplit(settings.endpoint)
        name = f"[{parts.hostname}]" if ":" in (parts.hostname or "") else parts.hostname or ""
        host = f"{name}:{parts.port}" if parts.port else name
    except ValueError:  # a port that is no number
        return "(an unreadable URL)"
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, "", "")) if parts.scheme else "?"


def _what_failed(exc: Exception, settings) -> str:
    """What a failed call amounts to, in words (never urllib's `<urlopen error [Errno 111] ...>`);
    the page keeps its plain text either way."""
    reason = exc.reason if isinstance(exc, URLError) and not isinstance(exc, HTTPError) else exc
    if isinstance(exc, HTTPError):
        said = f"it answered HTTP {exc.code}" + (" (check api_key_env)" if exc.code in (401, 403) else "")
    elif isinstance(reason, ConnectionRefusedError):
        said = "nothing listens there (connection refused)"
    elif isinstance(reason, TimeoutError):
        said = f"it did not answer within {settings.timeout_s:g} s"
    elif isinstance(exc, HTTPException):
        said = "it does not answer in HTTP (is it the model server's port?)"
    elif isinstance(reason, socket.gaierror):
        said = "its host name does not resolve"
    elif isinstance(exc, ValueError) and "header" in str(exc).lower():  # its text holds the key: never shown
        return (
            f"the API key in ${settings.api_key_env} holds a line break or control character; the page keeps "
            "its plain text. Keep the key on one line"
        )
    elif isinstance(exc, ValueError) and "url" in str(exc).lower():
        said = "it is not an http:// or https:// URL"
    elif isinstance(exc, ValueError | KeyError | IndexError | TypeError):
        said = "its answer is not an OpenAI-style chat completion"
    else:
        said = f"the connection failed ({type(reason).__name__})"
    return f"{said}; the page keeps its plain text. Check that it runs and [llm] endpoint in config.toml"


def _clean(text: str) -> str:
    """Drop a title line or a trailing sources list the model added despite the rules."""
    lines = text.strip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    for i, line in enumerate(lines):
        if line.strip().lower() in ("## sources", "## references"):
            lines = lines[:i]
            break
    return "\n".join(lines).strip()


def write(spec: PageSpec, settings) -> ProseResult:
    """Ask the endpoint for the page's sections and verify them; never raises for model trouble."""
    ordered = spec.ordered()
    sources = [m.content for m in ordered]
    numbered = "\n".join(
        f"[{n}] ({m.memory_type}, {clock.local_day(m.valid_from)}) {' '.join(m.content.split())}"
        for n, m in enumerate(ordered, start=1)
    )
    messages = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Page: {spec.title}\n\nSources:\n{numbered}"},
    ]
    try:
        text = _clean(_request(settings, messages))
    except (URLError, HTTPException, OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        # HTTPException: an endpoint that speaks something else (BadStatusLine) stopped the rebuild
        return ProseResult(None, (f"the LLM endpoint failed ({_where(settings)}): {_what_failed(exc, settings)}",))
    if not text:
        return ProseResult(None, ("the LLM returned no text",))
    problems = verify(text, sources)
    if problems:
        return ProseResult(None, tuple(problems))
    return ProseResult(text)
