"""quire: a local-first personal wiki engine with a memory layer.

The app layer: the ops registry (`quire.ops`), the library API (`quire.open`), the CLI, the warm
service and its client, the MCP server, the curate walk and the schedule. See `quire.api`.
"""

from memory.errors import InvalidInput, NotFound, QuireError
from quire.api import Quire, open

__all__ = ["InvalidInput", "NotFound", "Quire", "QuireError", "__version__", "open"]
__version__ = "0.1.0"
