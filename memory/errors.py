"""quire's exceptions. Only the app layer (quire/) turns them into exit codes and HTTP statuses:
each class carries both, so the CLI, the service's API and the browser screens answer one error
with one status and one line (a subclass inherits its parent's).

QuireError                  a domain error: exit 1, message says what to do             HTTP 500
├── NotFound                no memory / item / page with that id                          404
├── InvalidInput            a capture, field, date or file that cannot be accepted        400
│   ├── UsageMistake        a value given that cannot be used as given (exit 2 on the CLI)
│   ├── Forgotten           a write naming a memory that was forgotten
│   ├── Refused             the gate (or a tombstone) refused a write's text: logged, redacted
│   └── UnknownSpace        a space that was never added (`quire spaces add NAME`)
├── Conflict                someone else changed it first (revision guard, busy lock)     409
│   └── Superseded          an edit of a memory another version already replaced
├── StoreError              the database refused (locked, read-only, corrupt)             503
│   ├── SchemaTooNew        the database was written by a newer quire
│   └── Unreachable         the libSQL server cannot be reached (offline)
└── ModelUnavailable        the embedding model cannot be loaded                          503

503 is "this home cannot answer now", with the reason and its fix in the message: a client of
`quire serve` tells it from the service's own 503 (stopping: try in-process) by the error's type.
"""

from __future__ import annotations

import re

from memory.credentials import redact

# What would break an error's one line or the stream it is written to: line breaks and other
# controls (a value echoed back, such as an id or a path with a newline, split the message) and
# lone surrogates (stderr and JSON cannot encode them).
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
MAX_MESSAGE = 1000  # characters; a message that echoes a huge value keeps its start and its end


def one_line(message: str) -> str:
    """`message` as one bounded line: controls shown as escapes (a newline as \\n), and a message
    past MAX_MESSAGE cut in its middle (the echoed value), keeping the end that says what to do."""
    if _UNPRINTABLE.search(message):
        message = _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], message)
    if len(message) > MAX_MESSAGE:
        message = f"{message[: MAX_MESSAGE * 6 // 10]} … {message[-MAX_MESSAGE * 3 // 10 :]}"
    return message


class QuireError(Exception):
    """Base of every error quire reports to a person: its text is always one bounded line, on
    every route (the CLI's stderr, the service's JSON, MCP, the library), whatever value it echoes,
    and never shows a credential: a key in a path or a name a person typed ("notes ghp_....md")
    is said as "[REDACTED:github_token]" (the file is still found: only the message is redacted)."""

    exit_code = 1
    status = 500  # HTTP, on the service's API and the browser screens alike

    def __str__(self) -> str:
        return one_line(redact(super().__str__()))


class NotFound(QuireError):
    """No object with that id."""

    status = 404


class InvalidInput(QuireError):
    """Input that cannot be accepted; nothing was written."""

    status = 400


class UsageMistake(InvalidInput):
    """A value the caller gave that cannot be used as given, whatever the data says (a chat's flag on
    notes): the usage error it is on the CLI (exit 2), told only once the operation read what the path
    holds (`quire import` tells the format in the operation, once, on every route)."""

    exit_code = 2


class Forgotten(InvalidInput):
    """The memory was forgotten (its text erased): a write naming it (an edit, a pin) is refused,
    and one queued offline on another device is dropped at its sync, never retried with its text."""


class Refused(InvalidInput):
    """A supersede's text or a review edit refused by the gate or a tombstone. Every route logs it
    the same way, as a refused capture is logged: one redacted line in the rejection log
    (rejected_captures), written where the store is (the file, or the server when it answers).
    `recorded`: that line is already written (a local supersede's capture wrote it)."""

    def __init__(
        self,
        message: str,
        *,
        reason: str = "",
        detail: str = "",
        text: str | None = None,
        space: str | None = None,
        recorded: bool = True,  # as the client rebuilds it from `quire serve`'s answer: logged there
    ):
        super().__init__(message)
        self.reason, self.detail, self.text, self.space, self.recorded = reason, detail, text, space, recorded


class UnknownSpace(InvalidInput):
    """A space that does not exist."""


class Conflict(QuireError):
    """A concurrent change won; retry."""

    status = 409


class Superseded(Conflict):
    """An edit (`supersedes`) of a memory a newer version already replaced: it would retire that
    newer version unseen. Nothing is stored; the message names the current version to edit."""


class StoreError(QuireError):
    """The database refused the operation."""

    status = 503


class SchemaTooNew(StoreError):
    """The database's schema is newer than this quire."""


class Unreachable(StoreError):
    """The libSQL server did not answer; a write's outcome may be unknown."""


class ModelUnavailable(QuireError):
    """The embedding model could not be loaded."""

    status = 503


class ModelUntrusted(ModelUnavailable):
    """A file or folder of the embedding model another user could change: no runtime loads it."""
