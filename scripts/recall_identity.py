#!/usr/bin/env python3
"""Every hit of a fixed set of recalls, as JSON, to compare two checkouts byte for byte: a speed
change to recall must leave the ranked ids and scores (and all a hit shows) as they were.

`bench SIZE`: the warm bench's home (`quire bench recall`: SIZE synthetic memories, hash vectors)
and its 200 queries, then the first 50 again (rows a warm process has kept). `locomo` /
`longmemeval`: the dev sets imported as `quire eval` does, each question asked three times (the
second counting its access). Memory and session ids are seeded and the bench's clock is pinned
(QUIRE_NOW: ties rank the newer memory first), so two runs of one checkout print the same bytes.
`--write-behind` (bench) has the session count accesses as `quire serve` does (written behind).
Run it with each checkout first on the path, then compare:

    PYTHONPATH=/path/to/old .venv/bin/python scripts/recall_identity.py bench 10000 old.json
    PYTHONPATH=$PWD .venv/bin/python scripts/recall_identity.py bench 10000 new.json
    cmp old.json new.json
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

_seeded = random.Random(0)
uuid.uuid4 = lambda: uuid.UUID(int=_seeded.getrandbits(128), version=4)  # ids that repeat run to run

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
FILES = {"locomo": "locomo-dev.json", "longmemeval": "longmemeval-oracle-dev.json"}


# What a hit shows beside its id and score (the score as repr: every bit of it); the session by its
# title, as its id is made from the temporary folder the import ran in.
FIELDS = (
    "channels",
    "multipliers",
    "access_count",
    "status",
    "entities",
    "session_title",
    "position",
    "speaker",
    "awaiting",
)


def shown(found: Any) -> list[Any]:
    hits = [[h.id, repr(h.score), *(getattr(h, f) for f in FIELDS)] for h in found.hits]
    return [hits, [[p.slug, list(p.cites)] for p in found.pages]]


def bench(size: int) -> list[Any]:
    from eval import bench as bench_mod
    from memory.capture import capture_many
    from memory.home import Home
    from memory.models import CapturePayload
    from memory.session import Session
    from retrieval.recall import search
    from retrieval.scope import ALL_SPACES

    os.environ.setdefault("QUIRE_NOW", "2026-06-01T12:00:00Z")
    embedder = bench_mod._RandomEmbedder()
    texts = bench_mod.synthetic_memories(max(size, 100_000))
    asked = bench_mod._bench_queries(texts, 200)
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(Home(Path(tmp) / "home"), actor="bench")
        session._embedder = embedder
        if WRITE_BEHIND:  # as `quire serve` counts accesses (memory/access.py)
            session.write_behind()
        payloads = [CapturePayload(content=t) for t in texts[:size]]
        capture_many(session.db, payloads, actor="bench", embedder=lambda: embedder, check=False, batch_size=2000)
        out = [shown(search(session, q, scope=ALL_SPACES, k=10)) for q in asked[:5] + asked + asked[:50]]
        session.close()
    return out


def dev(dataset: str) -> list[Any]:
    import eval.systems as systems

    out: list[Any] = []
    search = systems.search

    def asked(session: Any, query: str, **kw: Any) -> Any:
        for touch in (False, True, False):
            found = search(session, query, **{**kw, "touch": touch})
            out.append([query, touch, *shown(found)])
        return found

    systems.search = asked
    systems.compare(dataset, DATA / FILES[dataset], systems=("quire",), progress=False)
    return out


WRITE_BEHIND = False


def main(argv: list[str]) -> int:
    global WRITE_BEHIND
    WRITE_BEHIND = "--write-behind" in argv
    argv = [a for a in argv if a != "--write-behind"]
    if len(argv) not in (2, 3) or argv[0] not in ("bench", *FILES) or (argv[0] == "bench") != (len(argv) == 3):
        print(__doc__.split("\n\n")[-1].strip() if __doc__ else "", file=sys.stderr)
        return 2
    found = bench(int(argv[1])) if argv[0] == "bench" else dev(argv[0])
    Path(argv[-1]).write_text(json.dumps(found, default=str))
    print(f"{len(found)} recalls -> {argv[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
