"""How much of the review queue a person must walk, and how many real updates it catches.

    flood     open review items per 1,000 imported facts (goal: under 20), on
              - LoCoMo dev dialogue turns, every turn captured as a field-less fact, one space per
                conversation (what importing a chat log does);
              - a templated fixture written for quire: facts from templates about different
                subjects ("The auth service runs on port 8080", "The billing service ...").
    caught    on LongMemEval dev `knowledge-update` questions, the evidence turns (the user turns
              marked has_answer: the old statement and the new one) are captured in date order in
              a space of their own; a question counts as caught when a review item links a later
              evidence turn to an earlier one (goal: at least 60%).

Everything runs through the real capture pipeline (gate, tombstones, duplicates, contradiction
pre-filter) in a throwaway home, with embeddings deferred: the pre-filter uses no model.
"""

from __future__ import annotations

import itertools
import json
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from eval.datasets import load_locomo, load_longmemeval
from memory import review, spaces
from memory.capture import Stored, capture_many
from memory.db import Database
from memory.home import Home, open_db
from memory.models import CapturePayload

LOCOMO_FILE = "locomo-dev.json"
LME_FILE = "longmemeval-oracle-dev.json"

_SERVICES = ("auth", "billing", "search", "mail", "cache", "queue", "gateway", "ledger", "metrics", "backup")
_PEOPLE = ("Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")
_TEMPLATES = (
    "The {s} service runs on port {n}",
    "The {s} service is deployed in the {r} region",
    "The {s} service stores its data in {d}",
    "The {s} service is owned by the {t} team",
    "The {s} service keeps logs for {k} days",
    "{p} works on the {t} team as a {j}",
    "{p} lives in {c} and commutes by {m}",
    "{p}'s manager is {q} since the last reorganisation",
)
_FILL = {
    "r": ("eu-west", "us-east", "ap-south", "eu-north"),
    "d": ("PostgreSQL", "Redis", "SQLite", "Cassandra", "S3 buckets"),
    "t": ("platform", "payments", "growth", "infra", "data"),
    "k": ("7", "14", "30", "90"),
    "j": ("backend engineer", "designer", "product manager", "data scientist"),
    "c": ("Berlin", "Lisbon", "Oslo", "Madrid", "Vienna"),
    "m": ("train", "bike", "bus", "car"),
}


def templated_facts(count: int = 600) -> list[str]:
    """Template facts, each (template, subject) pair once: different subjects, never an update."""
    out: list[str] = []
    for i in range(count):
        template, k = _TEMPLATES[i % len(_TEMPLATES)], i // len(_TEMPLATES)
        suffix = "" if k < len(_SERVICES) else f"-{k // len(_SERVICES)}"
        values = {
            "s": _SERVICES[k % len(_SERVICES)] + suffix,
            "n": str(8000 + i),
            "p": _PEOPLE[k % len(_PEOPLE)] + ("" if k < len(_PEOPLE) else f" {chr(64 + k // len(_PEOPLE))}."),
            "q": _PEOPLE[(k + 3) % len(_PEOPLE)],
        }
        values |= {key: opts[(i * 7 + k) % len(opts)] for key, opts in _FILL.items()}
        out.append(template.format(**values))
    return out


@dataclass(frozen=True)
class Flood:
    name: str
    facts: int  # stored
    open_items: int

    @property
    def per_1000(self) -> float:
        return round(1000 * self.open_items / max(self.facts, 1), 1)


@dataclass(frozen=True)
class Caught:
    questions: int
    caught: int

    @property
    def share(self) -> float:
        return round(100 * self.caught / max(self.questions, 1), 1)


def _space(db: Database, name: str) -> str:
    spaces.add(db, name, actor="eval")
    return name


def _facts(db: Database, texts: list[str], space: str | None, dates: list[str | None] | None = None) -> list[str]:
    payloads = []
    for i, text in enumerate(texts):
        data = {"content": text[:20_000], "type": "fact", "space": space}
        if dates and dates[i]:
            data["valid_from"] = dates[i]
        try:
            payloads.append(CapturePayload.model_validate(data))
        except ValueError:
            continue
    outcomes = capture_many(db, payloads, actor="import", defer_embed=True)
    return [o.id for o in outcomes if isinstance(o, Stored)]


def flood(db: Database, name: str, groups: list[list[str]]) -> Flood:
    stored = 0
    for n, texts in enumerate(groups):
        stored += len(_facts(db, texts, _space(db, f"{name}-{n}")))
    return Flood(name, stored, len(review.open_items(db)))


def caught(db: Database, path: Path) -> Caught:
    tasks = [t for t in load_longmemeval(path, "turn", "official") if t.questions[0].category == "knowledge-update"]
    total = hit = 0
    for n, task in enumerate(tasks):
        gold = set(task.questions[0].gold)
        evidence = sorted((u for u in task.units if u.id in gold), key=lambda u: (u.date or "", u.id))
        if len(evidence) < 2:
            continue
        total += 1
        ids = _facts(db, [u.text for u in evidence], _space(db, f"lme-{n}"), [u.date for u in evidence])
        linked = {tuple(sorted(i.subject_ids)) for i in review.open_items(db)}
        if any(tuple(sorted((a, b))) in linked for a, b in itertools.combinations(ids, 2)):
            hit += 1
    return Caught(total, hit)


@dataclass(frozen=True)
class Typed:
    """Typed pairs (eval/fixtures/typed_pairs.py): does a review item open exactly for the changes?"""

    pairs: int
    changes: int
    opened: int  # items opened
    right: int  # items opened on a change

    @property
    def precision(self) -> float:
        return round(100 * self.right / max(self.opened, 1), 1)

    @property
    def recall(self) -> float:
        return round(100 * self.right / max(self.changes, 1), 1)


def typed(db: Database) -> tuple[Typed, list[tuple[str, str, str, bool]]]:
    """Each pair captured by an agent in a space of its own, old first, no --supersedes."""
    from eval.fixtures.typed_pairs import PAIRS

    opened = right = 0
    wrong: list[tuple[str, str, str, bool]] = []
    for n, (memory_type, old, new, label) in enumerate(PAIRS):
        space = _space(db, f"pair-{n}")
        before = len(review.open_items(db))
        for text in (old, new):
            payload = CapturePayload.model_validate({"content": text, "type": memory_type, "space": space})
            capture_many(db, [payload], actor="mcp", defer_embed=True)
        got = len(review.open_items(db)) > before
        opened += got
        right += got and label == "change"
        if got != (label == "change"):
            wrong.append((label, old, new, got))
    return Typed(len(PAIRS), sum(p[3] == "change" for p in PAIRS), opened, right), wrong


def heard(db: Database, path: Path) -> Caught:
    """LongMemEval dev knowledge-update, through the chat path: the evidence turns imported in date
    order as the person's turns to an assistant (memory/correction.heard); a question counts when
    a review item or a supersession links a later evidence turn to an earlier one."""
    from memory.chats import import_chats

    tasks = [t for t in load_longmemeval(path, "turn", "official") if t.questions[0].category == "knowledge-update"]
    total = hit = 0
    with tempfile.TemporaryDirectory(prefix="quire-eval-ku-") as tmp:
        for n, task in enumerate(tasks):
            gold = set(task.questions[0].gold)
            evidence = sorted((u for u in task.units if u.id in gold), key=lambda u: (u.date or "", u.id))
            if len(evidence) < 2:
                continue
            total += 1
            chat = Path(tmp) / f"ku-{n}.jsonl"
            with chat.open("w", encoding="utf-8") as fh:
                for i, u in enumerate(evidence):
                    line = {"conversation": f"ku-{n}-{i}", "role": "user", "text": u.text[:20_000]}
                    if u.date:
                        line["time"] = u.date
                    fh.write(json.dumps(line) + "\n")
                    fh.write(json.dumps({"conversation": f"ku-{n}-{i}", "role": "assistant", "text": "Noted."}) + "\n")
            report = import_chats(
                db, chat, "chat-jsonl", actor="import", defer_embed=True, space=_space(db, f"ku-{n}"), keep_all=True
            )
            hit += bool(report.changes)
    return Caught(total, hit)


def run(data: Path) -> dict:
    """Every figure, each in a fresh throwaway home."""
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="quire-eval-") as tmp:
        db = open_db(Home(Path(tmp) / "a"))
        try:
            groups = [[u.text for u in t.units] for t in load_locomo(data / LOCOMO_FILE)]
            out["locomo"] = flood(db, "locomo", groups)
        finally:
            db.close()
        db = open_db(Home(Path(tmp) / "b"))
        try:
            out["templated"] = flood(db, "templated", [templated_facts()])
        finally:
            db.close()
        db = open_db(Home(Path(tmp) / "c"))
        try:
            out["knowledge_update"] = caught(db, data / LME_FILE)
        finally:
            db.close()
        db = open_db(Home(Path(tmp) / "d"))
        try:
            out["typed"], out["typed_wrong"] = typed(db)
        finally:
            db.close()
        db = open_db(Home(Path(tmp) / "e"))
        try:
            out["knowledge_update_heard"] = heard(db, data / LME_FILE)
        finally:
            db.close()
    return out


def as_json(result: dict) -> dict:
    return {
        "locomo": asdict(result["locomo"]) | {"open_per_1000": result["locomo"].per_1000},
        "templated": asdict(result["templated"]) | {"open_per_1000": result["templated"].per_1000},
        "knowledge_update": asdict(result["knowledge_update"]) | {"caught_pct": result["knowledge_update"].share},
        "typed_pairs": asdict(result["typed"])
        | {"precision_pct": result["typed"].precision, "recall_pct": result["typed"].recall},
        "typed_pairs_wrong": [
            {"label": label, "old": old, "new": new, "opened": got} for label, old, new, got in result["typed_wrong"]
        ],
        "knowledge_update_heard": asdict(result["knowledge_update_heard"])
        | {"caught_pct": result["knowledge_update_heard"].share},
    }


def render(result: dict) -> str:
    lines = ["set                facts  open items  per 1,000 (goal < 20)"]
    for key in ("locomo", "templated"):
        f: Flood = result[key]
        lines.append(f"{f.name:<17} {f.facts:>6}  {f.open_items:>10}  {f.per_1000:>9}")
    c: Caught = result["knowledge_update"]
    lines.append(
        f"LongMemEval knowledge-update: {c.caught} of {c.questions} real updates caught ({c.share}%, goal >= 60%)"
    )
    h: Caught = result["knowledge_update_heard"]
    lines.append(
        f"  the same turns as a person's chat (the attribute model): {h.caught} of {h.questions} caught ({h.share}%)"
    )
    t: Typed = result["typed"]
    lines.append(
        f"typed pairs ({t.pairs}: {t.changes} changes, the rest restatements or unrelated): {t.opened} items opened, "
        f"precision {t.precision}%, recall {t.recall}%"
    )
    for label, old, new, got in result["typed_wrong"]:
        lines.append(f"  {'opened' if got else 'missed'} ({label}): {old!r} -> {new!r}")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m eval.contradictions [DATA_DIR]
    import sys

    from eval.harness import data_dir

    res = run(Path(sys.argv[1]) if len(sys.argv) > 1 else data_dir())
    print(json.dumps(as_json(res), indent=1))
