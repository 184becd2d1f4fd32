"""Every operation an outside caller may run, defined once: `op(session, request) -> response model`.

The library API (`quire.open`), the CLI, the warm service (`quire serve`) and MCP are four skins over
this registry (`OPS`): each operation has a pydantic request model (extra="forbid": parameters come
from a person's flags or an agent's tool call), a pydantic response model that the operation returns
(every key declared; `run_model` gives the model to the library, `run` its dict, exactly what the CLI
prints with --json), an effect (read / write / destructive) and a one-line title. The MCP
tools, their JSON schemas, bounds, enums and effect annotations are generated from it; the service
dispatches it; the CLI parses flags into a request, calls `quire.client.call` and renders.
The actor recorded in the audit log is `session.actor`.

Module level stays light (pydantic, no numpy, torch or networkx): every CLI command imports this
module, so the ops whose work pulls numpy or networkx (recall, rebuild, lint, maps) import it in
their body; `--help` and `capture --defer-embed` stay fast that way.

A package by noun: `registry` holds the plumbing (`op`, `OPS`, `run`, `run_model`, `respond`, the
request and response bases); each other module holds one noun's requests, responses and ops. This
module imports them all (importing one registers its ops) and offers every name as `quire.ops.X`,
so `from quire import ops; ops.run(...)`, `ops.OPS` and `ops.RecallRequest` read as they always did.
A new op goes into the module of its noun; a new noun is a module here and a line below.
"""

from __future__ import annotations

from memory import outbox
from quire.ops.registry import *  # noqa: F403 (the plumbing, as quire.ops.X)
from quire.ops.registry import OPS, QUEUES_OFFLINE, _apply_queued

# Importing a noun registers its ops, and OPS keeps this order (the MCP tools and GET /v1/ops list
# it): keep the lines as they are, a new noun at the end.
# isort: off
from quire.ops.memories import *  # noqa: F403
from quire.ops.search import *  # noqa: F403
from quire.ops.confidence import *  # noqa: F403
from quire.ops.home import *  # noqa: F403
from quire.ops.curation import *  # noqa: F403
from quire.ops.wiki import *  # noqa: F403
from quire.ops.devices import *  # noqa: F403
# isort: on

WRITES = frozenset(name for name, spec in OPS.items() if spec.writes)
# Run one at a time in the service: writes, and reads that do bookkeeping writes (recall embeds
# deferred captures and counts accesses: a repeat cannot harm it, so it is not in WRITES).
EXCLUSIVE = WRITES | {name for name, spec in OPS.items() if spec.exclusive}


def _register_appliers() -> None:
    for name in QUEUES_OFFLINE:
        outbox.APPLIERS[name] = _apply_queued


_register_appliers()
