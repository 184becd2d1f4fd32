"""How long the rebuild takes to hear a big home's turns again (memory/rehear.py), and how long each
batch holds the write lock.

A throwaway home of N of the person's turns (the fixtures' own turns, each dated a day after the one
before it, a number appended so that none is a duplicate), imported with older rules simulated (a third
of the texts read as stating nothing), its wiki built; then the rebuild with the hearing due, against
the same home's rebuild with nothing due. Run with QUIRE_EMBEDDER=fake:

    QUIRE_EMBEDDER=fake PYTHONPATH=. python scripts/bench_rehear.py [N]
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path

from memory import correction, life, meta, rehear, review
from memory.home import Home
from memory.session import Session
from wiki import rebuild as rebuild_mod

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
START = 1_600_000_000  # 2020-09-13: a day a turn from there


def own_turns() -> list[str]:
    """Every fixture person's own turns (ChatGPT's user messages, Claude's human ones)."""
    found = []
    for path in sorted(FIXTURES.glob("*/chatgpt.json")):
        for conv in json.loads(path.read_text()):
            for node in conv["mapping"].values():
                msg = node.get("message") or {}
                if (msg.get("author") or {}).get("role") == "user":
                    found += [p for p in msg["content"].get("parts", []) if isinstance(p, str) and p.strip()]
    for path in sorted(FIXTURES.glob("*/claude.json")):
        for conv in json.loads(path.read_text()):
            found += [m["text"] for m in conv["chat_messages"] if m.get("sender") == "human" and m.get("text")]
    return found


def export(folder: Path, n: int, per: int = 100) -> Path:
    texts = own_turns()
    convs = []
    for c in range(0, n, per):
        mapping = {"root": {"id": "root", "message": None, "parent": None, "children": [f"n{c}"]}}
        for i in range(c, min(n, c + per)):
            mapping[f"n{i}"] = {
                "id": f"n{i}",
                "parent": "root" if i == c else f"n{i - 1}",
                "children": [f"n{i + 1}"] if i + 1 < min(n, c + per) else [],
                "message": {
                    "id": f"n{i}",
                    "author": {"role": "user"},
                    "create_time": START + 86400 * i,
                    "content": {"content_type": "text", "parts": [f"{texts[i % len(texts)]} ({i})"]},
                },
            }
        convs.append({"title": f"chat {c}", "id": f"c{c}", "create_time": START + 86400 * c, "mapping": mapping})
    path = folder / "conversations.json"
    path.write_text(json.dumps(convs))
    return path


def main(n: int) -> None:
    with tempfile.TemporaryDirectory(prefix="quire-bench-rehear-") as tmp:
        session = Session(Home(Path(tmp) / "home"), actor="import")
        real = life.read
        life.read = lambda t: () if int(hashlib.sha1(t.encode()).hexdigest(), 16) % 3 == 0 else real(t)  # type: ignore[assignment]
        started = time.perf_counter()
        try:
            session.import_path(export(Path(tmp), n))
        finally:
            life.read = real  # type: ignore[assignment]
        print(f"imported {n} turns with older rules in {time.perf_counter() - started:.1f} s", flush=True)
        with session.db.transaction():
            meta.put(session.db, "life_heard", str(rehear.READING))  # not due yet: the wiki built first
        rebuild_mod.rebuild(session)
        before = len(review.open_ids(session.db))
        due = rehear.pending(session.db, rehear.READING + 1)
        writes: list[float] = []
        act_on = correction.act_on

        def timed(*args, **kw):  # the write transaction's body: what holds the lock
            t = time.perf_counter()
            try:
                return act_on(*args, **kw)
            finally:
                writes.append(time.perf_counter() - t)

        correction.act_on = timed  # type: ignore[assignment]
        with session.db.transaction():
            meta.drop(session.db, "life_heard")
        t = time.perf_counter()
        summary = rebuild_mod.rebuild(session)
        with_hearing = time.perf_counter() - t
        correction.act_on = act_on  # type: ignore[assignment]
        t = time.perf_counter()
        again = rebuild_mod.rebuild(session)
        without = time.perf_counter() - t
        print(
            f"rebuild with the hearing due ({due} untyped turns, {summary.reheard} heard): {with_hearing:.1f} s; "
            f"the same home's next rebuild (nothing due, reheard={again.reheard}): {without:.1f} s; "
            f"open items {before} -> {len(review.open_ids(session.db))}; write transactions {len(writes)}, "
            f"the write lock held: max {max(writes) * 1e3:.0f} ms, mean {sum(writes) / len(writes) * 1e3:.0f} ms"
        )
        session.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
