"""Peak memory of importing ONE ChatGPT conversation of N messages (bounded resources).

    python scripts/long_conversation.py 300000            # read + import (--defer-embed), prints JSON
    python scripts/long_conversation.py 300000 --read     # the reader alone (no database)

Writes the export into a temp folder, imports it into a temp QUIRE_HOME with the fake embedder,
and prints messages, seconds and the peak RSS (ru_maxrss). Before the streaming reader one
conversation of 100,000 messages asked for a 37 GiB near-duplicate matrix; 300,000 peaked at 2.09 GB.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path


def write_export(n: int, out: Path) -> None:
    with out.open("w") as fh:
        fh.write('[{"id": "long", "title": "one long conversation", "create_time": 1700000000, "mapping": {')
        for j in range(n):
            text = f"Message {j} of the long conversation about topic {j % 997}, place {j % 389}, {j * 7919 % 100003}"
            node = {
                "id": f"n{j}",
                "parent": f"n{j - 1}" if j else None,
                "children": [f"n{j + 1}"] if j < n - 1 else [],
                "message": {
                    "author": {"role": "user" if j % 2 == 0 else "assistant"},
                    "create_time": 1700000000 + j,
                    "content": {"content_type": "text", "parts": [text]},
                    "metadata": {"model_slug": "x", "finish_details": {"type": "stop"}},
                },
            }
            fh.write(("," if j else "") + json.dumps(f"n{j}") + ":" + json.dumps(node))
        fh.write(f'}}, "current_node": "n{n - 1}"}}]')


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300_000
    tmp = Path(tempfile.mkdtemp(prefix="quire-long-"))
    export = tmp / "conversations.json"
    write_export(n, export)
    os.environ.setdefault("QUIRE_EMBEDDER", "fake")
    os.environ["QUIRE_HOME"] = str(tmp / "home")
    start = time.monotonic()
    if "--read" in sys.argv:
        from memory import chats

        report = chats.ChatReport()
        count = sum(len(c.messages) for c in chats.read_chatgpt(export, report))
        result = {"messages": count, "errors": report.errors[:3]}
    else:
        from memory.session import Session

        r = Session(actor="bench").import_path(export, roles="all", defer_embed=True)
        result = {"messages": r.messages, "stored": r.stored, "errors": r.errors[:3]}
    result |= {
        "export_mb": round(export.stat().st_size / 1e6, 1),
        "seconds": round(time.monotonic() - start, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
