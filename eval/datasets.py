"""Loaders that turn the external benchmarks into retrieval tasks.

A `Task` is one independent haystack: one LoCoMo conversation, or one LongMemEval question
(each LongMemEval question has its own private haystack). Protocol details follow
`shared/reference/benchmarks.md`; the source code each rule mirrors is named where it matters.
"""

from __future__ import annotations

import json
import lzma
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from memory import clock
from memory.errors import InvalidInput

__all__ = [
    "LOCOMO_CATEGORIES",
    "Question",
    "Task",
    "Unit",
    "load_locomo",
    "load_longmemeval",
]


@dataclass(frozen=True)
class Unit:
    """One retrievable document (a dialog turn, or a session)."""

    id: str
    text: str
    speaker: str | None = None
    date: str | None = None  # ISO YYYY-MM-DD when known
    session: str | None = None
    role: str | None = None  # "user" / "assistant" for LongMemEval, None for LoCoMo


@dataclass(frozen=True)
class Question:
    """A query with its gold unit ids. `gold` may name ids absent from the haystack."""

    id: str
    text: str
    gold: tuple[str, ...]
    category: str
    date: str | None = None


@dataclass(frozen=True)
class Task:
    """One independent haystack and the questions asked against it."""

    name: str
    units: tuple[Unit, ...]
    questions: tuple[Question, ...]


# Verified mapping (task_eval/evaluation.py comments + evaluation_stats.py column order);
# mem0 / Zep / memorybench use different, wrong ones.
LOCOMO_CATEGORIES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}

_MONTHS = {m: i for i, m in enumerate(clock.MONTHS, start=1)}
_LOCOMO_DATE = re.compile(r"on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})")
_LME_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})")


def _locomo_date(value: str | None) -> str | None:
    """'1:56 pm on 8 May, 2023' -> '2023-05-08' (parsed by hand: %B depends on locale)."""
    m = _LOCOMO_DATE.search(value or "")
    if not m or m.group(2).lower() not in _MONTHS:
        return None
    return f"{int(m.group(3)):04d}-{_MONTHS[m.group(2).lower()]:02d}-{int(m.group(1)):02d}"


def _lme_date(value: str | None) -> str | None:
    """'2023/05/20 (Sat) 02:21' -> '2023-05-20'."""
    m = _LME_DATE.search(value or "")
    if not m:
        return None
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"


def read_json(path: str | Path) -> list[dict]:
    """A benchmark file's items (a JSON list of objects; `.xz` decompressed), or InvalidInput
    naming what is wrong with the file."""
    path = Path(path)
    try:
        if path.suffix == ".xz":
            with lzma.open(path, "rt", encoding="utf-8") as fh:
                data = json.load(fh)
        else:
            with path.open(encoding="utf-8") as fh:
                data = json.load(fh)
    except (OSError, EOFError, lzma.LZMAError, UnicodeDecodeError, ValueError) as exc:
        raise InvalidInput(
            f"{path}: cannot read it as a benchmark file ({str(exc)[:120]}); give a LoCoMo or LongMemEval JSON file"
        ) from None
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise InvalidInput(f"{path}: not a list of LoCoMo or LongMemEval items (JSON objects); give one of their files")
    return data


@contextmanager
def _shape(path: str | Path, n: int, kind: str) -> Iterator[None]:
    """Reading item n of a benchmark file: a damaged item is an InvalidInput naming its place."""
    try:
        yield
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        raise InvalidInput(
            f"{path}: item {n} is not a {kind} item ({type(exc).__name__}: {str(exc)[:80]}); give a {kind} file"
        ) from None


# --------------------------------------------------------------------------- LoCoMo


def _locomo_text(turn: dict, as_chat: bool = False) -> str:
    if as_chat:  # as a person's chat export has it: the words, the speaker only as the sender
        return str(turn["text"])
    # Exact dialog format of the official LoCoMo retrieval code (snap-research/LoCoMo task_eval).
    text = f'{turn["speaker"]} said, "{turn["text"]}"'
    if "blip_caption" in turn:
        text += f" and shared {turn['blip_caption']}"
    return text


def _evidence_session(dia_id: str) -> str:
    """'D3:5' -> 'session_3'; a malformed id stays as it is (it matches no session: a miss)."""
    m = re.fullmatch(r"D(\d+):\d+", dia_id.strip())
    return f"session_{int(m.group(1))}" if m else dia_id


def load_locomo(
    path: str | Path, granularity: Literal["turn", "session"] = "turn", *, as_chat: bool = False
) -> list[Task]:
    """One Task per conversation; units are dialog turns keyed by `dia_id`.

    as_chat: each turn's text as a chat export gives it (no `<speaker> said, "..."`, no image
    caption), the speaker only as the sender: what a person's own import of such a chat holds.

    granularity "session": the same units, but each question's gold is the set of sessions holding
    its evidence; systems rank sessions by their best turn (eval.systems.by_session).

    Every QA item is kept (adversarial included, as in the paper's recall). Evidence strings are
    kept verbatim: malformed ones ("D8:6; D9:17", "D:11:26") match no unit and so count as misses,
    as in the official code; empty evidence scores 1 in `metrics.locomo_recall`.
    """
    tasks = []
    for n, sample in enumerate(read_json(path), 1):
        with _shape(path, n, "LoCoMo"):
            tasks.append(_locomo_task(sample, granularity, as_chat))
    return tasks


def _locomo_task(sample: dict, granularity: str, as_chat: bool = False) -> Task:
    """One LoCoMo conversation as a Task (`load_locomo`)."""
    conv = sample["conversation"]
    # Some conversations list more *_date_time keys than sessions: iterate real sessions only.
    session_nums = sorted(
        int(k.split("_")[1]) for k, v in conv.items() if re.fullmatch(r"session_\d+", k) and isinstance(v, list)
    )
    units = []
    for n in session_nums:
        date = _locomo_date(conv.get(f"session_{n}_date_time"))
        for turn in conv[f"session_{n}"]:
            units.append(
                Unit(
                    id=turn["dia_id"],
                    text=_locomo_text(turn, as_chat),
                    speaker=turn.get("speaker"),
                    date=date,
                    session=f"session_{n}",
                )
            )
    sid = sample["sample_id"]

    def gold(qa: dict) -> tuple[str, ...]:
        evidence = tuple(qa.get("evidence") or ())
        if granularity == "session":
            return tuple(dict.fromkeys(_evidence_session(e) for e in evidence))
        return evidence

    questions = tuple(
        Question(
            id=f"{sid}:q{i}",
            text=qa["question"],
            gold=gold(qa),
            category=LOCOMO_CATEGORIES[int(qa["category"])],
        )
        for i, qa in enumerate(sample["qa"])
    )
    return Task(name=f"locomo/{sid}", units=tuple(units), questions=questions)


# --------------------------------------------------------------------------- LongMemEval


def _lme_task_official(entry: dict, granularity: str) -> Task | None:
    """Official protocol (LongMemEval src/retrieval/run_retrieval.py): user turns only.

    Gold = user `has_answer` turns inside sessions whose id contains "answer" (the official code
    renames the rest to "noans..."); at session level, those sessions that hold such a turn.
    """
    units: list[Unit] = []
    gold: list[str] = []
    sessions = zip(entry["haystack_session_ids"], entry["haystack_sessions"], entry["haystack_dates"], strict=False)
    for sid, turns, raw_date in sessions:
        date = _lme_date(raw_date)
        is_evidence_session = "answer" in sid
        user = [(i, t) for i, t in enumerate(turns) if t["role"] == "user"]
        if granularity == "session":
            # Official joins with " "; "\n" keeps turn boundaries and is the same to [a-z0-9]+
            # tokenisers and near-identical to embedders.
            text = "\n".join(t["content"] for _, t in user)
            units.append(Unit(id=sid, text=text, date=date, session=sid, role="user"))
            if is_evidence_session and any(t.get("has_answer") for _, t in user):
                gold.append(sid)
        else:
            for i, t in user:
                uid = f"{sid}:{i}"
                units.append(Unit(id=uid, text=t["content"], date=date, session=sid, role="user"))
                if is_evidence_session and t.get("has_answer"):
                    gold.append(uid)
    # Official reporting drops abstention questions; questions without user-side gold are
    # dropped too (benchmarks.md: 419 of 500 on the full oracle).
    if "_abs" in entry["question_id"] or not gold:
        return None
    return _lme_task(entry, units, gold)


def _lme_task_wenlan(entry: dict) -> Task | None:
    """Wenlan protocol (7xuanlu/wenlan eval/longmemeval.rs): memories = user turns + assistant
    turns with has_answer; relevant = every has_answer turn; questions without one are skipped
    (abstention questions with evidence stay in, as in Wenlan)."""
    units: list[Unit] = []
    gold: list[str] = []
    sessions = zip(entry["haystack_session_ids"], entry["haystack_sessions"], entry["haystack_dates"], strict=False)
    for sid, turns, raw_date in sessions:
        date = _lme_date(raw_date)
        for i, t in enumerate(turns):
            if t["role"] != "user" and not t.get("has_answer"):
                continue
            uid = f"{sid}:{i}"
            units.append(Unit(id=uid, text=t["content"], date=date, session=sid, role=t["role"]))
            if t.get("has_answer"):
                gold.append(uid)
    if not gold:
        return None
    return _lme_task(entry, units, gold)


def _lme_task(entry: dict, units: list[Unit], gold: list[str]) -> Task:
    qid = entry["question_id"]
    question = Question(
        id=qid,
        text=entry["question"],
        gold=tuple(gold),
        category=entry["question_type"],
        date=_lme_date(entry.get("question_date")),
    )
    return Task(name=f"lme/{qid}", units=tuple(units), questions=(question,))


def load_longmemeval(
    path: str | Path,
    granularity: Literal["turn", "session"] = "turn",
    protocol: Literal["official", "wenlan"] = "official",
) -> list[Task]:
    """One Task per LongMemEval question (oracle or S; `.xz` files are decompressed).

    Turn unit ids are f"{session_id}:{i}", i = 0-based position in the session's full turn list
    (assistant turns included), so ids agree between protocols. Session unit id = session id.
    """
    if granularity not in ("turn", "session"):
        raise ValueError(f"granularity must be 'turn' or 'session', not {granularity!r}")
    if protocol not in ("official", "wenlan"):
        raise ValueError(f"protocol must be 'official' or 'wenlan', not {protocol!r}")
    if protocol == "wenlan" and granularity != "turn":
        raise ValueError("the wenlan protocol is turn-level only")
    tasks = []
    for n, entry in enumerate(read_json(path), 1):
        with _shape(path, n, "LongMemEval"):
            task = _lme_task_official(entry, granularity) if protocol == "official" else _lme_task_wenlan(entry)
        if task is not None:
            tasks.append(task)
    return tasks
