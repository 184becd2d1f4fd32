"""`quire encrypt`, `rekey` and `decrypt` for the app: `memory.encryption` does the work; this adds
the checks only the app can make (no `quire serve` holds the home open) and names the folders of
files it seals (the wiki's snapshots)."""

from __future__ import annotations

import contextlib

from memory import encryption
from memory.encryption import Conversion, Method
from memory.errors import Conflict, QuireError
from memory.home import Home
from memory.session import Session
from quire import client
from wiki import incremental
from wiki.snapshot import snapshots_dir


def free(home: Home) -> None:
    """Conflict while a `quire serve` holds the home open (its files must not change under it)."""
    if client.endpoint(home) is not None:
        raise Conflict("a `quire serve` holds this home open; stop it with `quire serve --stop`, then run this again")


def settle(home: Home) -> None:
    """The vault files the last rebuild wrote from another store (a restore or a forced pull) settled
    at once: each page this store has marked to be written again, the others' files removed, a
    person's edits kept (wiki/incremental.py). The rebuild's plan record alone tells those files
    from a person's, and it is a cache: `quire encrypt`, `rekey`, `decrypt` drop it, and so may the
    person (cache/ is safe to delete), after which they were kept as the person's edits."""
    if not home.db_path.is_file() or not home.cache_dir.is_dir():  # nothing written from a store yet
        return
    with contextlib.suppress(QuireError), Session(home, send_outbox=False) as session:  # the command says why
        if not session.remote:
            incremental.settle_another_store(session, session.actor)


def encrypt(home: Home, method: Method, *, passphrase: str | None = None) -> Conversion:
    free(home)
    settle(home)
    return encryption.encrypt(home, method, sealed=[snapshots_dir(home.root)], passphrase=passphrase)


def rekey(home: Home, method: Method, *, passphrase: str | None = None) -> Conversion:
    free(home)
    settle(home)
    return encryption.rekey(home, method, sealed=[snapshots_dir(home.root)], passphrase=passphrase)


def decrypt(home: Home) -> Conversion:
    free(home)
    settle(home)
    return encryption.decrypt(home, sealed=[snapshots_dir(home.root)])
