"""The `quire` command line, one module per noun over one set of operations (`quire.ops`).

`app` holds the group and the plumbing (call, emit, uses, NOT_OPS), `render` how results look in a
terminal; each other module registers its commands on the group when imported here.
"""

from quire.cli import backups, devices, home, measure, memories, recall, review, service, ui, wiki
from quire.cli.app import NOT_OPS, cli, main

__all__ = ["NOT_OPS", "cli", "main"]
_COMMANDS = (backups, devices, home, measure, memories, recall, review, service, ui, wiki)  # registered on import
