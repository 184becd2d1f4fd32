"""Eval harness: hand-computed metric values, loaders on the real dev files, harness shape."""

from __future__ import annotations

import math
import os
from collections import Counter
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from eval import metrics as M
from eval.baselines import bm25_ranker, bm25_system, dense_ranker, rrf_ranker, tokenize
from eval.datasets import Question, Task, Unit, load_locomo, load_longmemeval
from eval.harness import LME_OFFICIAL, LME_WENLAN, LOCOMO, format_table, run

DATA = Path(os.environ.get("QUIRE_EVAL_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
LOCOMO_DEV = DATA / "locomo-dev.json"
LME_ORACLE_DEV = DATA / "longmemeval-oracle-dev.json"
needs_locomo = pytest.mark.skipif(not LOCOMO_DEV.exists(), reason="LoCoMo dev file not present")
needs_lme = pytest.mark.skipif(not LME_ORACLE_DEV.exists(), reason="LongMemEval dev file not present")

L2 = math.log2
approx = pytest.approx


# --------------------------------------------------------------------------- metrics


def test_locomo_recall_fractional_and_quirks():
    ranked = ["a", "b", "c", "d"]
    assert M.locomo_recall(ranked, ["b", "x"], k=2) == 0.5
    assert M.locomo_recall(ranked, ["b", "x"], k=1) == 0.0
    assert M.locomo_recall(ranked, ["a", "d"], k=4) == 1.0
    # Empty evidence scores 1 (official code), even with nothing retrieved.
    assert M.locomo_recall([], [], k=5) == 1.0
    # Counted over the evidence list, duplicates included.
    assert M.locomo_recall(ranked, ["b", "b", "x"], k=2) == approx(2 / 3)
    # A malformed evidence string matches nothing: a miss.
    assert M.locomo_recall(["D8:6", "D9:17"], ["D8:6; D9:17"], k=10) == 0.0


def test_recall_any_and_all():
    ranked = ["a", "b", "c"]
    assert M.recall_any(ranked, {"b", "c"}, k=2) == 1.0
    assert M.recall_all(ranked, {"b", "c"}, k=2) == 0.0
    assert M.recall_all(ranked, {"b", "c"}, k=3) == 1.0
    assert M.recall_any(ranked, {"z"}, k=3) == 0.0
    # Python any([]) / all([]), exactly as LongMemEval's eval_utils.py.
    assert M.recall_any(ranked, set(), k=3) == 0.0
    assert M.recall_all(ranked, set(), k=3) == 1.0


def test_ndcg_any_official_discount():
    # DCG = rel1 + rel2/log2(2) + rel3/log2(3) + rel4/log2(4): ranks 1 and 2 weigh the same.
    ranked = ["x", "g1", "y", "g2"]
    dcg = 1 / L2(2) + 1 / L2(4)  # 1.5
    ideal = 1 + 1 / L2(2)  # 2.0
    assert M.ndcg_any(ranked, {"g1", "g2"}, k=4) == approx(dcg / ideal) == approx(0.75)
    # A single gold id at rank 2 is as good as rank 1 under this discount...
    assert M.ndcg_any(["x", "g"], {"g"}, k=2) == 1.0
    # ...but not under the standard one.
    assert M.ndcg_standard(["x", "g"], {"g"}, k=2) == approx(1 / L2(3))
    # The ideal counts every gold id (capped at k), so a missed one costs.
    assert M.ndcg_any(["g1", "x"], {"g1", "g2"}, k=2) == approx(0.5)
    # Gold not retrieved / no gold.
    assert M.ndcg_any(["a", "b"], {"g"}, k=2) == 0.0
    assert M.ndcg_any(["a", "b"], set(), k=2) == 0.0
    # Cut at k.
    assert M.ndcg_any(["a", "b", "g"], {"g"}, k=2) == 0.0


def test_fractional_recall():
    ranked = ["a", "g1", "b", "g2"]
    gold = {"g1", "g2", "g3"}
    assert M.fractional_recall(ranked, gold, k=2) == approx(1 / 3)
    assert M.fractional_recall(ranked, gold, k=4) == approx(2 / 3)
    # Sets: a duplicate gold id counts once (unlike locomo_recall). Empty gold -> 0 (Wenlan).
    assert M.fractional_recall(ranked, ["g1", "g1"], k=2) == 1.0
    assert M.fractional_recall(ranked, [], k=2) == 0.0


def test_mrr():
    assert M.mrr(["a", "g", "b"], {"g"}) == 0.5
    assert M.mrr(["g", "h"], {"g", "h"}) == 1.0
    assert M.mrr(["a", "b"], {"g"}) == 0.0
    # Only the top 10 count (Wenlan returns 10 results).
    assert M.mrr([f"x{i}" for i in range(10)] + ["g"], {"g"}) == 0.0
    assert M.mrr([f"x{i}" for i in range(10)] + ["g"], {"g"}, k=11) == approx(1 / 11)


def test_ndcg_wenlan_vs_standard_when_gold_missed():
    ranked = ["g1", "x", "y"]
    gold = {"g1", "g2"}  # g2 never retrieved
    # Wenlan: ideal from the retrieved grades [1, 0, 0] -> perfect.
    assert M.ndcg_wenlan(ranked, gold, k=10) == 1.0
    # Standard: ideal from both gold ids -> 1 / (1 + 1/log2(3)).
    assert M.ndcg_standard(ranked, gold, k=10) == approx(1 / (1 + 1 / L2(3))) == approx(0.6131, abs=1e-4)


def test_ndcg_wenlan_details():
    # Misordered but retrieved: DCG 1/log2(3), ideal 1.
    assert M.ndcg_wenlan(["x", "g"], {"g"}, k=10) == approx(1 / L2(3))
    # Nothing relevant retrieved -> 0.
    assert M.ndcg_wenlan(["x", "y"], {"g"}, k=10) == 0.0
    # Gold beyond Wenlan's 10 results is invisible to the ideal too.
    ranked = [f"x{i}" for i in range(10)] + ["g"]
    assert M.ndcg_wenlan(ranked, {"g"}, k=10) == 0.0
    # NDCG@5 grades all 10 returned results: a gold at rank 7 enters the ideal.
    ranked = ["g1", "a", "b", "c", "d", "e", "g2", "f", "h", "i"]
    assert M.ndcg_wenlan(ranked, {"g1", "g2"}, k=5) == approx(1 / (1 + 1 / L2(3)))
    # With both gold ids retrieved the two definitions agree.
    assert M.ndcg_wenlan(ranked, {"g1", "g2"}, k=10) == approx(M.ndcg_standard(ranked, {"g1", "g2"}, k=10))


def test_ndcg_standard():
    ranked = ["x", "g1", "y", "g2"]
    dcg = 1 / L2(3) + 1 / L2(5)
    ideal = 1 + 1 / L2(3)
    assert M.ndcg_standard(ranked, {"g1", "g2"}, k=4) == approx(dcg / ideal) == approx(0.6509, abs=1e-4)
    assert M.ndcg_standard(["g"], {"g"}, k=10) == 1.0
    assert M.ndcg_standard(["a"], set(), k=10) == 0.0


def test_mean():
    assert M.mean([]) == 0.0
    assert M.mean([1.0, 0.0, 0.5]) == 0.5
    assert M.mean(x for x in (2.0, 4.0)) == 3.0


# --------------------------------------------------------------------------- baselines


UNITS = (
    Unit("u1", "Caroline went to the LGBTQ support group yesterday"),
    Unit("u2", "Melanie painted a sunrise over the lake"),
    Unit("u3", "They talked about camping with the kids"),
)


def test_tokenize():
    assert tokenize("Hello, World! It's 2023 -- OK?") == ["hello", "world", "it", "s", "2023", "ok"]
    assert tokenize("") == []


def test_bm25_ranker_ranks_every_unit():
    rank = bm25_ranker(UNITS)
    out = rank("When did Melanie paint a sunrise?")
    assert out[0] == "u2" and sorted(out) == ["u1", "u2", "u3"]
    assert rank("support group")[0] == "u1"
    # No matching token: every score ties, haystack order is kept.
    assert rank("zzz") == ["u1", "u2", "u3"]
    assert bm25_ranker(())("anything") == []


class _FakeEmbedder:
    """Bag of words over a fixed vocabulary, L2-normalised (the quire embedder protocol)."""

    vocab: ClassVar[list[str]] = ["support", "group", "sunrise", "lake", "camping", "kids", "paint", "painted"]

    def encode(self, texts):
        out = np.zeros((len(texts), len(self.vocab)), dtype=np.float32)
        for row, text in enumerate(texts):
            for tok in tokenize(text):
                if tok in self.vocab:
                    out[row, self.vocab.index(tok)] += 1.0
            norm = np.linalg.norm(out[row])
            if norm:
                out[row] /= norm
        return out


def test_dense_ranker_cosine():
    rank = dense_ranker(UNITS, _FakeEmbedder())
    assert rank("a sunrise over a lake") == ["u2", "u1", "u3"]
    assert rank("camping with kids")[0] == "u3"
    assert rank("support")[0] == "u1"


def test_rrf_ranker():
    fused = rrf_ranker([lambda q: ["a", "b", "c"], lambda q: ["c", "b", "a"]], k=60)
    # a and c: 1/61 + 1/63 = 0.032266 > b: 2/62 = 0.032258; a/c tie keeps first-seen order.
    assert fused("q") == ["a", "c", "b"]


# --------------------------------------------------------------------------- loaders


@needs_locomo
def test_load_locomo_dev():
    tasks = load_locomo(LOCOMO_DEV)
    assert len(tasks) == 5
    assert [t.name for t in tasks] == [f"locomo/conv-{n}" for n in (26, 41, 43, 47, 49)]
    assert sum(len(t.questions) for t in tasks) == 1020
    assert sum(len(t.units) for t in tasks) == 2960
    cats = Counter(q.category for t in tasks for q in t.questions)
    assert cats == {"single-hop": 419, "adversarial": 232, "temporal": 157, "multi-hop": 151, "open-domain": 61}

    first = tasks[0].units[0]
    assert first == Unit(
        id="D1:1",
        text='Caroline said, "Hey Mel! Good to see you! How have you been?"',
        speaker="Caroline",
        date="2023-05-08",  # "1:56 pm on 8 May, 2023"
        session="session_1",
        role=None,
    )
    with_image = next(u for u in tasks[0].units if u.id == "D1:5")
    assert with_image.text.endswith('." and shared a photo of a dog walking past a wall with a painting of a woman')
    assert all(u.date for t in tasks for u in t.units)
    # Unit ids are unique inside a conversation.
    assert all(len({u.id for u in t.units}) == len(t.units) for t in tasks)

    q0 = tasks[0].questions[0]
    assert q0.text == "When did Caroline go to the LGBTQ support group?"
    assert (q0.gold, q0.category) == (("D1:3",), "temporal")
    # Quirks kept verbatim: empty evidence and malformed ids.
    gold = [q.gold for t in tasks for q in t.questions]
    assert sum(1 for g in gold if not g) == 2
    assert any("D8:6; D9:17" in g for g in gold)


@needs_lme
def test_load_longmemeval_oracle_official_turn():
    tasks = load_longmemeval(LME_ORACLE_DEV, "turn", "official")
    # 250 dev questions - abstention - questions with no user-side gold (full set: 419 of 500).
    assert len(tasks) == 210
    assert all(len(t.questions) == 1 for t in tasks)
    assert not any("_abs" in t.questions[0].id for t in tasks)
    # 15 abstention questions and 25 assistant-only-evidence ones drop out.
    assert Counter(t.questions[0].category for t in tasks) == {
        "temporal-reasoning": 64,
        "multi-session": 60,
        "knowledge-update": 36,
        "single-session-user": 32,
        "single-session-preference": 15,
        "single-session-assistant": 3,
    }
    for t in tasks:
        ids = {u.id for u in t.units}
        assert all(u.role == "user" for u in t.units)
        assert set(t.questions[0].gold) <= ids and t.questions[0].gold
    q = tasks[0].questions[0]
    assert q.id == "gpt4_2655b836" and q.date == "2023-04-10" and q.category == "temporal-reasoning"
    u = tasks[0].units[0]
    assert (u.id, u.session, u.date) == ("answer_4be1b6b4_2:0", "answer_4be1b6b4_2", "2023-04-10")


@needs_lme
def test_load_longmemeval_oracle_session_and_wenlan():
    sessions = load_longmemeval(LME_ORACLE_DEV, "session", "official")
    assert len(sessions) == 210
    first = sessions[0]
    assert first.questions[0].gold == ("answer_4be1b6b4_2", "answer_4be1b6b4_3")
    assert first.units[0].id == "answer_4be1b6b4_2" and "\n" in first.units[0].text

    wenlan = load_longmemeval(LME_ORACLE_DEV, "turn", "wenlan")
    # Skips only questions with no has_answer turn at all; abstention ones with evidence stay.
    assert len(wenlan) == 240
    assert sum(1 for t in wenlan if "_abs" in t.questions[0].id) == 5
    roles = Counter(u.role for t in wenlan for u in t.units)
    assert roles["assistant"] > 0
    for t in wenlan:
        by_id = {u.id: u for u in t.units}
        assert all(g in by_id for g in t.questions[0].gold)
        assert all(u.role == "user" or u.id in t.questions[0].gold for u in t.units)

    with pytest.raises(ValueError):
        load_longmemeval(LME_ORACLE_DEV, "session", "wenlan")


# --------------------------------------------------------------------------- harness


def _toy_task(name: str, n_questions: int) -> Task:
    units = tuple(Unit(f"u{i}", f"text {i}") for i in range(5))
    qs = tuple(
        Question(f"{name}:q{i}", f"q{i}", (f"u{i % 5}",), "even" if i % 2 == 0 else "odd") for i in range(n_questions)
    )
    return Task(name, units, qs)


def test_run_exact_values_and_limit():
    tasks = [_toy_task("t1", 3), _toy_task("t2", 3)]

    def perfect(task):
        def rank(q):
            gold = f"u{int(q[1:]) % 5}"
            return [gold] + [u.id for u in task.units if u.id != gold]

        return rank

    def reversed_(task):
        return lambda q: [u.id for u in reversed(task.units)]

    systems = {"perfect": perfect, "rev": reversed_}
    report = run(tasks, systems, LME_WENLAN, limit=4, progress=False, keep_scores=True)
    assert report["questions"] == 4
    assert report["question_ids"] == ["t1:q0", "t1:q1", "t1:q2", "t2:q0"]
    assert report["systems"]["perfect"] == {"recall@5": 100.0, "mrr@10": 1.0, "ndcg@10": 1.0, "ndcg_std@10": 1.0}
    # rev ranks u4..u0: gold u0,u1,u2,u0 sit at ranks 5,4,3,5.
    assert report["systems"]["rev"]["mrr@10"] == round((1 / 5 + 1 / 4 + 1 / 3 + 1 / 5) / 4, 3)
    assert report["categories"] == {"even": 3, "odd": 1}
    assert report["per_category"]["rev"]["odd"]["mrr@10"] == 0.25
    assert report["scores"]["rev"]["recall@5"] == [1.0, 1.0, 1.0, 1.0]


@needs_locomo
def test_harness_two_locomo_tasks_bm25():
    tasks = load_locomo(LOCOMO_DEV)[:2]  # 199 + 193 questions
    report = run(tasks, {"bm25": bm25_system}, LOCOMO, limit=250, progress=False)
    assert report["questions"] == 250
    assert set(report) >= {"questions", "systems", "per_category"}
    metrics = ["recall@5", "recall@10", "recall@25", "recall@50"]
    values = report["systems"]["bm25"]
    assert list(values) == metrics
    assert all(0.0 <= values[m] <= 100.0 for m in metrics)
    assert values["recall@5"] <= values["recall@10"] <= values["recall@25"] <= values["recall@50"]
    assert all(v == round(v, 1) for v in values.values())
    per_cat = report["per_category"]["bm25"]
    assert list(per_cat) == ["single-hop", "multi-hop", "temporal", "open-domain", "adversarial"]
    assert sum(report["categories"].values()) == 250
    assert all(list(v) == metrics for v in per_cat.values())

    table = format_table(report)
    assert "bm25" in table and "recall@50" in table and "multi-hop (" in table


def test_presets_names():
    assert [m.name for m in LOCOMO] == ["recall@5", "recall@10", "recall@25", "recall@50"]
    assert [m.name for m in LME_OFFICIAL] == ["recall_all@5", "recall_all@10", "ndcg_any@5", "ndcg_any@10"]
    assert [(m.name, m.percent) for m in LME_WENLAN] == [
        ("recall@5", True),
        ("mrr@10", False),
        ("ndcg@10", False),
        ("ndcg_std@10", False),
    ]


def test_eval_modules_import_no_heavy_dependencies():
    import subprocess
    import sys

    code = (
        "import sys, eval.datasets, eval.metrics, eval.baselines, eval.harness; "
        "heavy = {'torch', 'sentence_transformers', 'transformers'} & set(sys.modules); "
        "assert not heavy, heavy"
    )
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)
