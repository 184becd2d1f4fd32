"""quire: a local-first personal wiki engine with a memory layer.

The app layer: the ops registry (`quire.ops`), the library API (`quire.open`), the CLI, the warm
service and its client, the MCP server, the curate walk and the schedule. See `quire.api`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memory.errors import InvalidInput, NotFound, QuireError

if TYPE_CHECKING:
    from quire.api import Quire, open

__all__ = ["InvalidInput", "NotFound", "Quire", "QuireError", "__version__", "open"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # `quire.cli` is inside this package, so `quire --help` imports this file: the library API (and
    # with it the ops registry and pydantic) loads on first use, not on every command's start.
    if name in ("Quire", "open"):
        from quire import api

        return getattr(api, name)
    raise AttributeError(f"module 'quire' has no attribute {name!r}")
