"""Retrieval goldens: the rankings quire gives on a fixed fixture set, and how far they drift.

The fixture set (`eval/fixtures/recall.jsonl`, written for quire: ~40 memories, ~17 queries with
graded relevance and annotated hard negatives) is seeded into a throwaway home and ranked with
the deterministic fake embedder and a pinned clock. Two golden files hold rankings:

- `goldens/retrieval_ranking.anchor.json`: loose gate, mean rank-biased overlap >= 0.85. Only
  re-anchored on purpose, by deleting the file and refreshing.
- `goldens/retrieval_ranking.current.json`: tight gate, mean RBO >= 0.95. Refreshed on purpose
  after an intended ranking change: `quire eval goldens --refresh` or
  `python -m eval.goldens --refresh`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eval import env
from memory import files, spaces
from memory.embed import FAKE_ID
from memory.home import Home
from memory.session import Session
from retrieval.recall import recall
from retrieval.scope import ALL_SPACES
from wiki.forget import forget

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "recall.jsonl"
GOLDENS = ROOT / "goldens"
ANCHOR = GOLDENS / "retrieval_ranking.anchor.json"
CURRENT = GOLDENS / "retrieval_ranking.current.json"
ANCHOR_MIN = 0.85
CURRENT_MIN = 0.95
RBO_P = 0.9  # top-weighted: the first 10 ranks carry ~86% of the weight
TOP_K = 10
NOW = "2024-06-12T12:00:00Z"


def rbo(a: Sequence[str], b: Sequence[str], p: float = RBO_P) -> float:
    """Extrapolated rank-biased overlap (Webber, Moffat & Zobel 2010) of two rankings, in [0, 1].

    1.0 for identical lists (two empty lists included), 0.0 for disjoint ones.
    """
    depth = max(len(a), len(b))
    if depth == 0:
        return 1.0
    seen_a: set[str] = set()
    seen_b: set[str] = set()
    overlap = 0
    total = 0.0
    for d in range(1, depth + 1):
        x = a[d - 1] if d <= len(a) else None
        y = b[d - 1] if d <= len(b) else None
        # X_d = |A_d & B_d| grows by [x in B_d] + [y in A_(d-1)].
        if y is not None:
            seen_b.add(y)
        if x is not None:
            overlap += x in seen_b
        if y is not None:
            overlap += y in seen_a
        if x is not None:
            seen_a.add(x)
        total += (overlap / d) * p**d
    return float((overlap / depth) * p**depth + (1 - p) / p * total)


def ndcg(ranked: Sequence[str], grades: dict[str, int], k: int = TOP_K) -> float:
    """Graded nDCG@k with gain 2^g - 1 (a quality figure for the fixture set, not a gate)."""
    dcg = sum((2 ** grades.get(key, 0) - 1) / math.log2(i + 2) for i, key in enumerate(ranked[:k]))
    ideal = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(sorted(grades.values(), reverse=True)[:k]))
    return dcg / ideal if ideal else 0.0


def load_fixtures(path: Path = FIXTURES) -> dict[str, list[dict[str, Any]]]:
    kinds: dict[str, list[dict[str, Any]]] = {"space": [], "memory": [], "query": [], "about": []}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            item = json.loads(line)
            if item.get("kind") not in kinds:
                raise ValueError(f"{path.name}:{number}: unknown kind {item.get('kind')!r}")
            kinds[item["kind"]].append(item)
    return kinds


def fixture_hash(path: Path = FIXTURES) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _pinned_env():
    return env.pinned(QUIRE_EMBEDDER="fake", QUIRE_NOW=NOW)


_PAYLOAD_KEYS = ("content", "type", "fields", "space", "entities", "valid_from")


def _superseders(items: list[dict[str, Any]]) -> dict[str, str]:
    """Fixture key of each superseded memory -> key of the memory that replaces it: the one of
    the same space and type whose valid_from is its valid_to (exactly one, or the set is broken)."""
    out = {}
    for old in items:
        if old.get("status") not in ("superseded", "archived"):
            continue
        new = [
            m["key"]
            for m in items
            if m.get("space") == old.get("space")
            and m.get("type") == old.get("type")
            and m.get("valid_from") == old.get("valid_to")
            and m is not old
        ]
        if len(new) != 1:
            raise ValueError(f"fixture {old['key']}: {len(new)} memories could supersede it; expected exactly one")
        out[old["key"]] = new[0]
    return out


def _import(session, rows: list[dict[str, Any]], path: Path) -> dict[str, Any]:
    """`quire import` of a captures JSONL (the function the command calls, gate included)."""
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    report = session.import_path(path, format="jsonl")
    if report.errors or report.rejected or report.duplicates:
        detail = "; ".join([*report.errors, *(w for w in report.warnings if "rejected" in w)])[:300]
        raise ValueError(f"the fixture set did not import cleanly ({detail}); every fixture memory must land")
    return report.as_json()


def _seed(session, fixtures: dict[str, list[dict[str, Any]]], folder: Path) -> tuple[dict[str, str], dict[str, int]]:
    """Seed the fixture memories the way a person would; returns (memory id -> fixture key, counts).

    `quire spaces add`; `quire import` of the memories as a captures JSONL; a second import of
    the memories that replace another, naming it (`supersedes`, as `quire capture --supersedes`
    does: the old one gets its valid_to and status from the supersede path); then `quire forget`.
    The gate, tombstones, duplicate and contradiction checks all run, as for a person.
    """
    for space in fixtures["space"]:
        spaces.add(session.db, space["name"], default=space.get("default", False), actor="eval")
    items = fixtures["memory"]
    replaces = _superseders(items)
    later = set(replaces.values())
    payload = {m["key"]: {k: v for k, v in m.items() if k in _PAYLOAD_KEYS} for m in items}
    first = _import(session, [payload[m["key"]] for m in items if m["key"] not in later], folder / "memories.jsonl")
    id_of = {_content_key(c, items): mid for mid, c in session.db.rows("SELECT id, content FROM memories")}
    second = [
        {**payload[new], "supersedes": id_of[old]} for m in items for old, new in replaces.items() if new == m["key"]
    ]
    then = _import(session, second, folder / "replacements.jsonl") if second else {"stored": 0}
    id_of = {_content_key(c, items): mid for mid, c in session.db.rows("SELECT id, content FROM memories")}
    for m in items:
        if m.get("status") == "forgotten":
            forget(session, id_of[m["key"]], actor="eval", reason="fixture: forgotten")
    statuses = dict(session.db.rows("SELECT id, status FROM memories"))
    wrong = [m["key"] for m in items if statuses.get(id_of[m["key"]]) != m.get("status", "active")]
    if wrong:
        raise ValueError(f"fixtures {', '.join(wrong)}: the user path gave another status than the fixture says")
    forgotten = sum(m.get("status") == "forgotten" for m in items)
    counts = {"imported": first["stored"] + then["stored"], "superseding": len(second), "forgotten": forgotten}
    return {mid: key for key, mid in id_of.items()}, counts


def _content_key(content: str, items: list[dict[str, Any]]) -> str:
    return next(m["key"] for m in items if m["content"] == content)


def snapshot(path: Path = FIXTURES) -> dict[str, Any]:
    """Rank every fixture query; the golden file's content."""
    fixtures = load_fixtures(path)
    with _pinned_env(), tempfile.TemporaryDirectory(prefix="quire-goldens-") as tmp:
        session = Session(Home(Path(tmp) / "home"), actor="eval")
        try:
            key_of, seeded = _seed(session, fixtures, Path(tmp))
            queries = []
            for q in fixtures["query"]:
                scope = ALL_SPACES if q.get("scope", "all") == "all" else q["scope"]
                hits = recall(session, q["query"], scope=scope, k=TOP_K, as_of=q.get("as_of"), touch=False)
                ranked = [key_of[h.id] for h in hits]
                queries.append(
                    {
                        "key": q["key"],
                        "query": q["query"],
                        "scope": q.get("scope", "all"),
                        "as_of": q.get("as_of"),
                        "ranked": ranked,
                        "scores": [round(h.score, 4) for h in hits],
                        "ndcg@10": round(ndcg(ranked, q["relevant"]), 4),
                    }
                )
        finally:
            session.db.close()

    return {
        "fixture_set_hash": fixture_hash(path),
        "embedder": FAKE_ID,
        "now": NOW,
        "top_k": TOP_K,
        "rbo_p": RBO_P,
        "queries": queries,
        "seeded": seeded,
    }


def compare(now: dict[str, Any], golden: dict[str, Any]) -> dict[str, Any]:
    """Per-query RBO of `now` against `golden`, and the mean and minimum."""
    before = {q["key"]: q["ranked"] for q in golden["queries"]}
    per_query = {q["key"]: round(rbo(q["ranked"], before.get(q["key"], [])), 4) for q in now["queries"]}
    values = list(per_query.values())
    return {
        "mean_rbo": round(sum(values) / len(values), 4) if values else 1.0,
        "min_rbo": min(values) if values else 1.0,
        "per_query": per_query,
        "same_fixtures": now["fixture_set_hash"] == golden.get("fixture_set_hash"),
    }


def _write(path: Path, data: dict[str, Any]) -> None:
    files.atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def check(refresh: bool = False) -> dict[str, Any]:
    """Compare today's rankings with both goldens; `refresh` rewrites current (and a missing anchor)."""
    now = snapshot()
    report: dict[str, Any] = {
        "seeded": now.pop("seeded"),  # how the fixtures went in; not part of the golden file
        "queries": len(now["queries"]),
        "mean_ndcg@10": round(sum(q["ndcg@10"] for q in now["queries"]) / max(len(now["queries"]), 1), 4),
    }
    for name, path, floor in (("anchor", ANCHOR, ANCHOR_MIN), ("current", CURRENT, CURRENT_MIN)):
        if path.exists():
            result = compare(now, json.loads(path.read_text(encoding="utf-8")))
            result["floor"] = floor
            result["passed"] = result["mean_rbo"] >= floor
        else:
            result = {"missing": True, "passed": False, "floor": floor}
        report[name] = result
    if refresh:
        _write(CURRENT, now)
        report["refreshed"] = [str(CURRENT)]
        if not ANCHOR.exists():
            _write(ANCHOR, now)
            report["refreshed"].append(str(ANCHOR))
    report["rankings"] = {q["key"]: q["ranked"] for q in now["queries"]}
    return report


def render(report: dict[str, Any]) -> str:
    seeded = report["seeded"]
    lines = [
        f"seeded as a person would (`quire import`, gate on): {seeded['imported']} memories, "
        f"{seeded['superseding']} of them superseding one, then {seeded['forgotten']} forgotten",
        f"{report['queries']} fixture queries; graded nDCG@10 {report['mean_ndcg@10']:.3f}",
    ]
    for name in ("anchor", "current"):
        r = report[name]
        if r.get("missing"):
            lines.append(f"{name:8s} missing (create it with --refresh)")
            continue
        verdict = "ok" if r["passed"] else "DRIFTED"
        stale = "" if r["same_fixtures"] else " (fixtures changed since it was written)"
        lines.append(
            f"{name:8s} mean RBO {r['mean_rbo']:.3f} (floor {r['floor']}), min {r['min_rbo']:.3f}: {verdict}{stale}"
        )
        worst = sorted(r["per_query"].items(), key=lambda kv: kv[1])[:3]
        if not r["passed"]:
            lines += [f"         {key}: {value:.3f}" for key, value in worst]
    for path in report.get("refreshed", []):
        lines.append(f"wrote {path}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m eval.goldens", description="Check or refresh the retrieval goldens."
    )
    parser.add_argument("--refresh", action="store_true", help="rewrite the current snapshot (and a missing anchor)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = check(refresh=args.refresh)
    print(json.dumps(report, indent=2) if args.json else render(report))
    return 0 if args.refresh or (report["anchor"]["passed"] and report["current"]["passed"]) else 1


if __name__ == "__main__":
    sys.exit(main())
