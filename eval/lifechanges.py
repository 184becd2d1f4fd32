"""Changes in a person's life, measured on the chat fixture tests/fixtures/lifechanges/.

Imports the ChatGPT and Claude exports into a throwaway home through `quire import`'s path and
reads the answer key (answers.json):

    found     changes of the key that opened a review item (or, for facts, superseded) pairing the
              statement it starts from with the one that changes it
    false     review items the key does not name (restatements, plans, other people's lives...)
    rank 1    the key's questions whose first recall result states the current value

`quire eval life` prints it; QUIRE_EMBEDDER picks the model (unset: the real one).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from memory import review
from memory.home import Home
from memory.session import Session
from retrieval.recall import search
from retrieval.scope import ALL_SPACES

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "lifechanges"


def run(fixture: Path = FIXTURE, k: int = 5) -> dict[str, Any]:
    key = json.loads((fixture / "answers.json").read_text())
    with tempfile.TemporaryDirectory(prefix="quire-eval-life-") as tmp:
        session = Session(Home(Path(tmp) / "home"), actor="import")
        try:
            for name in ("chatgpt.json", "claude.json"):
                session.import_path(fixture / name)
            items = review.open_items(session.db)
            superseded = session.db.dicts(
                "SELECT o.content AS old, n.content AS new FROM memories o JOIN memories n ON n.id = o.superseded_by "
                "WHERE o.status = 'superseded'"
            )
            pairs = [(i.old, i.new) for i in items] + [(r["old"], r["new"]) for r in superseded]
            found = [c for c in key["changes"] if any(c["from"] in o and c["to"] in n for o, n in pairs)]
            false = [n for o, n in pairs if not any(c["from"] in o and c["to"] in n for c in key["changes"])]
            asked = []
            for q in {c["question"]: c["current"] for c in key["changes"]}.items():
                hits = search(session, q[0], scope=ALL_SPACES, k=k, touch=False).hits
                asked.append(
                    {
                        "question": q[0],
                        "current": q[1],
                        "rank1": bool(hits) and q[1].casefold() in hits[0].content.casefold(),
                        "top": hits[0].content[:100] if hits else None,
                    }
                )
        finally:
            session.close()
    return {
        "changes": len(key["changes"]),
        "found": len(found),
        "missed": [c["to"] for c in key["changes"] if c not in found],
        "items": len(items),
        "false_items": false,
        "questions": len(asked),
        "rank1": sum(a["rank1"] for a in asked),
        "asked": asked,
    }


def latest_first(path: Path | None = None) -> dict[str, Any]:
    """LongMemEval dev knowledge-update questions (oracle: the evidence sessions): the share where
    the latest evidence turn ranks above every earlier (stale) one. A stale turn the top 10 does not
    hold counts as ranked below; a latest turn it does not hold, as not above."""
    from eval.datasets import load_longmemeval
    from eval.harness import data_dir
    from eval.systems import EmbeddingCache, QuireSystem
    from memory.embed import load_embedder

    path = path or data_dir() / "longmemeval-oracle-dev.json"
    tasks = [t for t in load_longmemeval(path, "turn", "official") if t.questions[0].category == "knowledge-update"]
    cache = EmbeddingCache(load_embedder(), path.name.split(".")[0])
    system = QuireSystem(cache, k=10)
    total = above = 0
    try:
        for task in tasks:
            q = task.questions[0]
            date = {u.id: u.date or "" for u in task.units}
            evidence = sorted((g for g in q.gold if g in date), key=lambda g: (date[g], g))
            if len(evidence) < 2 or date[evidence[-1]] == date[evidence[0]]:
                continue
            total += 1
            ranked = system(task)(q.text)
            at = {u: i for i, u in enumerate(ranked)}
            latest = at.get(evidence[-1], 10**6)
            stale = [at.get(g, 10**6 + 1) for g in evidence[:-1] if date[g] < date[evidence[-1]]]
            above += latest < min(stale)
    finally:
        system.close()
        cache.save()
    return {"questions": total, "latest_first": above, "share": round(100 * above / max(total, 1), 1)}


def render(result: dict[str, Any]) -> str:
    lines = [
        f"changes found: {result['found']} of {result['changes']}"
        + (f" (missed: {', '.join(result['missed'])})" if result["missed"] else ""),
        f"false items: {len(result['false_items'])} of {result['items']} open",
        f"current value at rank 1: {result['rank1']} of {result['questions']} questions",
    ]
    for a in result["asked"]:
        lines.append(f"  {'ok ' if a['rank1'] else 'NO '} {a['question']!r} -> {a['top']!r}")
    if "knowledge_update" in result:
        ku = result["knowledge_update"]
        lines.append(
            f"LongMemEval dev knowledge-update: the latest evidence above the stale one in {ku['latest_first']} "
            f"of {ku['questions']} questions ({ku['share']}%)"
        )
    return "\n".join(lines)


if __name__ == "__main__":  # python -m eval.lifechanges
    print(render(run()))
