"""quire's exceptions. Only the CLI layer turns them into exit codes.

QuireError                  a domain error: exit 1, message says what to do
├── NotFound                no memory / item / page with that id
├── InvalidInput            a capture, field, date or file that cannot be accepted
├── UnknownSpace            a space that was never added (`quire spaces add NAME`)
├── Conflict                someone else changed it first (revision guard, busy lock)
├── StoreError              the database refused (locked, read-only, corrupt)
│   ├── SchemaTooNew        the database was written by a newer quire
│   └── Unreachable         the libSQL server cannot be reached (offline)
└── ModelUnavailable        the embedding model cannot be loaded
"""

from __future__ import annotations


class QuireError(Exception):
    """Base of every error quire reports to a person."""

    exit_code = 1


class NotFound(QuireError):
    """No object with that id."""


class InvalidInput(QuireError):
    """Input that cannot be accepted; nothing was written."""


class UnknownSpace(InvalidInput):
    """A space that does not exist."""


class Conflict(QuireError):
    """A concurrent change won; retry."""


class StoreError(QuireError):
    """The database refused the operation."""


class SchemaTooNew(StoreError):
    """The database's schema is newer than this quire."""


class Unreachable(StoreError):
    """The libSQL server did not answer; a write's outcome may be unknown."""


class ModelUnavailable(QuireError):
    """The embedding model could not be loaded."""
