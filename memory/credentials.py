"""Credentials in text: where they are (`find_credentials`) and the text with each one replaced by
"[REDACTED:<kind>]" (`redact`). Pure functions over a few regular expressions, no I/O, nothing else
of quire's: memory/errors.py reads every error's line through `redact`, so a key in a path or a name
a person typed is never shown on any route, and the gate (memory/gate.py) refuses a capture that
holds one. Every command imports this module (through memory/errors.py): its patterns compile at
their first use (`patterns.lazy`), not at import (21 patterns, ~3 ms of every command that never
looks for a key)."""

from __future__ import annotations

import re
import string
from typing import Any

from memory.patterns import lazy

REDACTION_PREFIX = "[REDACTED:"

# Token prefixes are found glued to the text before them ("tokenghp_...", "sghp_...", "keyAIza...",
# which hid a key from every input); the kinds whose prefix a word can end in ("task-related": "sk-",
# "disk_test_...": "sk_test_") or whose body can be a word ("EURASIA...": "ASIA") count glued only
# when what follows looks like a key (`_key_like`).

# Checked in this order; on overlap the earlier (more specific) kind names the merged span.
_TOKEN_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "private_key",
        # Whole PEM block; an unterminated block (pasted halfway) runs to end of text.
        lazy(
            r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
            r"[\s\S]*?(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
    ),
    ("jwt", lazy(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    ("anthropic_key", lazy(r"sk-ant-[A-Za-z0-9_-]{20,}")),
    ("openai_key", lazy(r"sk-[A-Za-z0-9_-]{20,}")),
    ("stripe_key", lazy(r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("github_token", lazy(r"(?:gh[psour]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})")),
    ("gitlab_token", lazy(r"glpat-[A-Za-z0-9_-]{20,}")),
    ("slack_token", lazy(r"xox[abpr]-[A-Za-z0-9-]{10,}")),
    # A key is 20 characters ending where the upper-case run ends; keys written one after another
    # are one run (one match), or the redaction of the last would unblock the end of the one
    # before it and redact() would not be a fixpoint.
    ("aws_access_key", lazy(r"(?:(?:AKIA|ASIA)[0-9A-Z]{16})+(?![0-9A-Z])")),
    # An incoming-webhook URL is the whole credential: whoever holds it posts into the channel.
    (
        "webhook_url",
        lazy(
            r"https://(?:hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}"
            r"|(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,})"
        ),
    ),
    ("google_api_key", lazy(r"AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])")),
    # A crypt(3) password hash (/etc/shadow, htpasswd): md5, bcrypt, sha256/512, yescrypt, argon2.
    (
        "password_hash",
        lazy(r"(?<![A-Za-z0-9$])\$(?:1|2[abxy]|5|6|y|7|argon2(?:id|i|d))\$[A-Za-z0-9./=,$+-]{20,}"),
    ),
]

_NEEDS_DIGIT = frozenset({"openai_key", "anthropic_key"})
_GLUED_CHECKED = frozenset({"openai_key", "stripe_key", "aws_access_key"})
_KEY_PREFIX = lazy(r"(?:proj|svcacct|admin)-")


def _glued(text: str, start: int, end: int) -> bool:
    """Whether a match is glued to a letter or digit before it (or, for an AWS key, after it)."""
    before = start > 0 and text[start - 1].isascii() and text[start - 1].isalnum()
    after = end < len(text) and text[end].isascii() and text[end].isalnum()
    return before or after


def _key_like(kind: str, found: str) -> bool:
    """Whether a match glued to the text around it is a key rather than the end of a word: for AWS a
    digit in its upper-case alphabet; else a random body (digits and both cases, a run of 20 or more
    letters and digits between its hyphens, where words joined by hyphens are short)."""
    if kind == "aws_access_key":
        return any(c.isdigit() for c in found[4:])
    body = found.split("_", 2)[2] if kind == "stripe_key" else _KEY_PREFIX.sub("", found[3:], count=1)
    longest = max(len(part) for part in re.split(r"[-_]", body))
    return (
        longest >= 20
        and any(c.isdigit() for c in body)
        and any(c.islower() for c in body)
        and any(c.isupper() for c in body)
    )


# Key/value patterns: only the value is the secret; the key name stays readable.
_AWS_SECRET = lazy(
    r"(?i)aws[_ ]secret[_ ]access[_ ]key[\"']?\s*[=:]\s*[\"']?"
    # {40,} rather than exactly 40 plus a lookahead: a boundary lookahead could be unblocked
    # once the text after it is redacted, and redact() would then not be idempotent.
    r"(?P<v>[A-Za-z0-9/+=]{40,})"
)
_BEARER = lazy(r"(?i)\bbearer\s+(?P<v>[A-Za-z0-9\-._~+/]{20,}=*)")

_SECRET_KEYS = (
    # pgpassword: PostgreSQL's PGPASSWORD, where the name glues a prefix to "password".
    "pgpassword|client_secret|secret_key|access_token|auth_token|api_key|api-key|apikey|password|passwd|secret|token|pwd"
)
_SECRET_ASSIGN = lazy(
    r"(?i)(?<![A-Za-z0-9])(?P<k>" + _SECRET_KEYS + r")[\"']?[ \t]*(?P<sep>:=|=>|[=:])[ \t]*"
    # A quoted value may be a passphrase with spaces; otherwise the value ends at whitespace.
    r"(?:(?P<q>[\"'`])(?P<qv>[^\n\"'`]+)(?P=q)|[\"'`]?(?P<uv>[^\s\"'`]+))"
)
# A connection string or URL with a password in it (postgres://app:PASSWORD@db:5432/prod,
# redis://:PASSWORD@cache): the password between the user's colon and the last @ before the host is
# the secret. No bracket in the user part, so the "[REDACTED:...]" marker that replaced a password
# is never read as a user and a password of its own (redact() stays a fixpoint).
_URL_PASSWORD = lazy(r"(?i)(?<![A-Za-z0-9+.-])[a-z][a-z0-9+.-]+://[^\s:/@?#\[\]]*:(?P<v>[^\s/?#]+)@")
# The words a documentation example puts where the password goes.
_URL_PLACEHOLDERS = frozenset({"password", "pass", "passwd", "pwd", "pw", "secret"})
# Values that are references or placeholders, not secrets.
_PLACEHOLDER = lazy(
    r"<[^>]*>\S*"  # <your-password-here>
    r"|\$\{?[A-Z_][A-Z0-9_]*\}?\W*"  # $DB_PASSWORD, ${DB_PASSWORD} (env vars are upper case)
    r"|\{\{.*"  # {{ vault.db_password }}
    r"|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+[(\[].*"  # os.getenv(X), os.environ[X], cfg.get(X)
    r"|[A-Za-z_]\w*[(\[]"  # getenv("X"): the value stopped at the quoted argument
)

KINDS = (
    "private_key",
    "jwt",
    "anthropic_key",
    "openai_key",
    "stripe_key",
    "github_token",
    "gitlab_token",
    "slack_token",
    "aws_access_key",
    "webhook_url",
    "google_api_key",
    "password_hash",
    "aws_secret",
    "bearer_token",
    "secret_assignment",
    "url_password",
)
_PRIORITY = {k: i for i, k in enumerate(KINDS)}


def _secret_assignment_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """Span of the assigned value if it looks like a real secret, else None."""
    g = "qv" if m.group("q") else "uv"
    v = m.group(g)
    if sum(not c.isspace() for c in v) < 8:
        return None
    if REDACTION_PREFIX in v:  # already redacted: keeps redact() idempotent
        return None
    if len(set(v)) == 1:  # ******** / xxxxxxxx masks
        return None
    if _PLACEHOLDER.fullmatch(v):
        return None
    if m.group("k").lower() == "pwd" and v[0] in "/~":  # shell `pwd: /home/...` output
        return None
    # Prose like "Token: authentication tokens expire hourly": an unquoted plain word after a
    # colon with the sentence carrying on is a heading, not a credential line.
    if g == "uv" and m.group("sep") == ":":
        line_rest = text[m.end() :].split("\n", 1)[0]
        if v.rstrip(string.punctuation).isalpha() and re.search(r"\w", line_rest):
            return None
    return m.start(g), m.end(g)


def _url_password_value(m: re.Match[str]) -> tuple[int, int] | None:
    """Span of a URL's password if it is one, not a placeholder ("<password>", "${DB_PASSWORD}",
    "****", "password") nor a password already redacted."""
    v = m.group("v")
    if REDACTION_PREFIX in v or len(set(v)) == 1 or v.casefold() in _URL_PLACEHOLDERS or _PLACEHOLDER.fullmatch(v):
        return None
    return m.start("v"), m.end("v")


# Every credential pattern holds one of these words: the token patterns their prefixes (as
# written, case and all), the key/value patterns their keys (any case; the AWS secret's holds
# "secret"). On ASCII text, where ignoring case is lowering (re's other case-insensitive matches
# of ASCII letters, such as the Kelvin sign for k, are not ASCII), a text without one matches no
# pattern of its group, so the group's scans are skipped: a few substring tests against twelve
# regex scans (4 a chat message: its text, source and speaker). Other text is scanned as before.
_TOKEN_WORDS = (
    "-----BEGIN",
    "eyJ",
    "sk-",
    "k_live_",
    "k_test_",
    "ghp_",
    "ghs_",
    "gho_",
    "ghu_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "xox",
    "AKIA",
    "ASIA",
    "hooks.slack.com/",
    "/api/webhooks/",
    "AIza",
    "$1$",
    "$2a$",
    "$2b$",
    "$2x$",
    "$2y$",
    "$5$",
    "$6$",
    "$7$",
    "$y$",
    "$argon2",
)
# "://": a URL's password (the url_password pattern) is always in a URL.
_KEY_WORDS = (
    "bearer",
    "secret",
    "token",
    "api_key",
    "api-key",
    "apikey",
    "passw",
    "pwd",
    "://",
)


# Whether a text holds any of the words, in one search (28 `in` scans were 2.6 us a chat turn, read
# twice: as a turn and as the next turn's cue).
_HOLDS_TOKEN_WORD = lazy("|".join(map(re.escape, _TOKEN_WORDS)))
_HOLDS_KEY_WORD = lazy("|".join(map(re.escape, _KEY_WORDS)))


def _raw_matches(text: str) -> list[tuple[str, int, int]]:
    if text.isascii():
        tokens = _HOLDS_TOKEN_WORD.search(text) is not None
        keyed = _HOLDS_KEY_WORD.search(text.lower()) is not None
    else:
        tokens = keyed = True
    return _scans(text, tokens=tokens, keyed=keyed)


def _scans(text: str, *, tokens: bool = True, keyed: bool = True) -> list[tuple[str, int, int]]:
    """The matches of the token patterns and of the key/value ones (each group when asked)."""
    out: list[tuple[str, int, int]] = []
    for kind, pat in _TOKEN_PATTERNS if tokens else ():
        for m in pat.finditer(text):
            # The digit keeps long hyphenated words ("sk-learn-compatible-...") out. Checked
            # here, not in a lookahead, which rescans the run at every "sk-" (quadratic).
            if kind in _NEEDS_DIGIT and not any(c.isdigit() for c in m.group()):
                continue
            if kind in _GLUED_CHECKED and _glued(text, m.start(), m.end()) and not _key_like(kind, m.group()):
                continue
            out.append((kind, m.start(), m.end()))
    if not keyed:
        return out
    out.extend(("aws_secret", m.start("v"), m.end("v")) for m in _AWS_SECRET.finditer(text))
    for m in _BEARER.finditer(text):
        if not m.group("v").isalpha():  # "at least one non-letter"
            out.append(("bearer_token", m.start("v"), m.end("v")))
    for m in _SECRET_ASSIGN.finditer(text):
        span = _secret_assignment_value(m, text)
        if span:
            out.append(("secret_assignment", *span))
    for m in _URL_PASSWORD.finditer(text):
        span = _url_password_value(m)
        if span:
            out.append(("url_password", *span))
    return out


def find_credentials(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of every credential, non-overlapping, sorted by start.

    Overlapping matches (a JWT after "Bearer", "api_key=sk-...") are merged into one span so
    no secret byte survives redaction; the most specific kind names it."""
    spans = sorted(_raw_matches(text), key=lambda t: (t[1], -t[2]))
    merged: list[list[Any]] = []
    for kind, s, e in spans:
        if merged and s < merged[-1][2]:
            cur = merged[-1]
            cur[2] = max(cur[2], e)
            if _PRIORITY[kind] < _PRIORITY[cur[0]]:
                cur[0] = kind
        else:
            merged.append([kind, s, e])
    return [(k, s, e) for k, s, e in merged]


_REDACT_PASSES = 8


def redact(text: str) -> str:
    """Replace every credential with "[REDACTED:<kind>]"; idempotent. Again until none is left: a match
    can end inside what only then reads as another ("ghp_" + 36 characters ending "sk", then
    "-sk-abc12345client_secret": the key's lookbehind saw a letter before its "sk" until the token was
    cut). A few passes at most (a marker is never a credential: tests/test_gate.py); bounded all the same."""
    found = find_credentials(text)
    for _ in range(_REDACT_PASSES):
        if not found:
            break
        parts: list[str] = []
        pos = 0
        for kind, s, e in found:
            parts.append(text[pos:s])
            parts.append(f"{REDACTION_PREFIX}{kind}]")
            pos = e
        parts.append(text[pos:])
        text = "".join(parts)
        found = find_credentials(text)
    return text
