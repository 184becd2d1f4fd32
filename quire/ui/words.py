"""A library message in the screens' words, as `quire.mcp_server.next_call` puts it in an agent's:
the library names the CLI command that fixes a problem (`quire curate dismiss 4`) and refuses a
parameter by the operation's and the field's names ("invalid curate_show parameters: item_id: ...");
a person at a browser gets the screen and button that fix it, and the names the screen uses.

One place: every error page, flash and note the screens show goes through `screen_words`."""

from __future__ import annotations

import re
from collections.abc import Callable

from quire import ops

Rewrite = str | Callable[[re.Match[str]], str]

# A command the library names -> where the screens do the same (a screen's path, its button), in order:
# the first pattern that matches a command wins. A command no screen runs stays, said to be for a terminal.
SCREENS: tuple[tuple[str, Rewrite], ...] = (
    (r"`quire curate show (\d+)`", r"item \1's card on the review screen (/review/\1)"),
    (r"`quire curate dismiss (\d+)`", r"Dismiss on item \1's card (/review/\1)"),
    (r"`quire curate accept (\d+) --over ([\w-]+)`", r"Replace \2 on item \1's card (/review/\1)"),
    (r"`quire curate accept (\d+)[^`]*`", r"Accept on item \1's card (/review/\1)"),
    (r"`quire curate[^`]*`", "the review screen (/review)"),
    (r"`quire recall[^`]*`", "the recall screen (/recall)"),
    (r"`quire (?:pages|page show)[^`]*`", "the pages screen (/pages)"),
    (r"`quire status[^`]*`", "the status screen (/status)"),
    (r"`quire entities[^`]*`", "the entities screen (/entities)"),
    (r"`quire spaces`", "the spaces screen (/spaces)"),
    (r"`quire (pin|unpin|confirm|forget) ([\w-]+)`", lambda m: f"{m[1].capitalize()} on /memory/{m[2]}"),
    (r"`(quire [^`]*)`", r"`\1` in a terminal"),
)
# A request field -> the name a person sees on the screens (the address's, or the box's).
FIELDS = {
    "item_id": "item number",
    "memory_id": "memory id",
    "types": "type",
    "as_of": "as of",
    "offset": "from",
    "query": "search words",
    "slug": "page",
    "over": "the version to replace",
    "text": "the edited text",
}
_INVALID = re.compile(r"\binvalid ([a-z_]+) parameters: (.*)")


def screen_words(message: str) -> str:
    """`message` with each CLI command and operation's field named as the screens name it."""
    found = _INVALID.search(message)
    if found and found[1] in ops.OPS:
        message = message[: found.start()] + _fields(found[1], found[2])
    for pattern, rewrite in SCREENS:
        message = re.sub(pattern, rewrite, message)
    return message


def _fields(op: str, clauses: str) -> str:
    """ "k: must be at least 1; as_of: cannot read ..." with each field (or list entry, `types.0`) of
    the operation named as the screen names it: its box or address name, never a Python identifier."""
    names = "|".join(sorted(ops.OPS[op].request.model_fields, key=len, reverse=True))
    if not names:
        return clauses

    def named(m: re.Match[str]) -> str:
        return m[1] + FIELDS.get(m[2], m[2].replace("_", " ")) + ": "

    return re.sub(rf"(^|; )({names})(?:\.\d+)*: ", named, clauses)
