"""`quire encrypt`, `rekey` and `decrypt` for the app: `memory.encryption` does the work; this adds
the checks only the app can make (no `quire serve` holds the home open) and names the folders of
files it seals (the wiki's snapshots)."""

from __future__ import annotations

from memory import encryption
from memory.encryption import Conversion, Method
from memory.errors import Conflict
from memory.home import Home
from quire import client
from wiki.snapshot import snapshots_dir


def free(home: Home) -> None:
    """Conflict while a `quire serve` holds the home open (its files must not change under it)."""
    if client.endpoint(home) is not None:
        raise Conflict("a `quire serve` holds this home open; stop it with `quire serve --stop`, then run this again")


def encrypt(home: Home, method: Method, *, passphrase: str | None = None) -> Conversion:
    free(home)
    return encryption.encrypt(home, method, sealed=[snapshots_dir(home.root)], passphrase=passphrase)


def rekey(home: Home, method: Method, *, passphrase: str | None = None) -> Conversion:
    free(home)
    return encryption.rekey(home, method, sealed=[snapshots_dir(home.root)], passphrase=passphrase)


def decrypt(home: Home) -> Conversion:
    free(home)
    return encryption.decrypt(home, sealed=[snapshots_dir(home.root)])
