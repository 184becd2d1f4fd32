"""The quire system in the eval harness: seeding through the real store, the vector cache, reports."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from eval import harness
from eval.baselines import bm25_system, dense_system
from eval.datasets import Question, Task, Unit
from eval.systems import EmbeddingCache, QuireSystem, compare

DATA = Path(os.environ.get("QUIRE_EVAL_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
LOCOMO_DEV = DATA / "locomo-dev.json"


@pytest.fixture
def fake():
    from memory.embed import FakeEmbedder

    return FakeEmbedder()


class Counting:
    """Wraps an embedder and counts the texts it really encodes."""

    def __init__(self, inner):
        self.inner, self.model_id, self.dim, self.encoded = inner, inner.model_id, inner.dim, 0

    def encode(self, texts, batch_size=64):
        self.encoded += len(texts)
        return self.inner.encode(texts, batch_size)


def _task() -> Task:
    units = (
        Unit(
            "D1:1",
            'Ana said, "I adopted a grey cat named Pixel from the shelter"',
            speaker="Ana",
            date="2023-05-08",
            session="s1",
        ),
        Unit(
            "D1:2",
            'Ben said, "Nice! I am training for the Berlin marathon in autumn"',
            speaker="Ben",
            date="2023-05-08",
            session="s1",
        ),
        Unit(
            "D2:1",
            'Ana said, "Pixel knocked my coffee off the desk this morning"',
            speaker="Ana",
            date="2023-06-01",
            session="s2",
        ),
        Unit(
            "D2:2",
            'Ben said, "My knee hurts after the long run on Sunday"',
            speaker="Ben",
            date="2023-06-01",
            session="s2",
        ),
    )
    questions = (
        Question("q1", "What is the name of Ana's cat?", ("D1:1",), "single-hop"),
        Question("q2", "Which marathon is Ben training for?", ("D1:2",), "single-hop"),
    )
    return Task("toy", units, questions)


def test_embedding_cache_reuses_vectors_across_instances(tmp_path, fake):
    model = Counting(fake)
    cache = EmbeddingCache(model, "toy", tmp_path)
    first = cache.encode(["alpha beta gamma", "delta epsilon", "alpha beta gamma"])
    assert model.encoded == 2  # the repeated text is encoded once
    assert np.allclose(first, fake.encode(["alpha beta gamma", "delta epsilon", "alpha beta gamma"]))
    cache.save()
    again = EmbeddingCache(model, "toy", tmp_path)
    assert np.allclose(again.encode(["delta epsilon"]), first[1])
    assert model.encoded == 2 and again.hits == 1
    assert EmbeddingCache(model, "other-dataset", tmp_path).encode(["delta epsilon"]).shape == (1, 384)
    assert model.encoded == 3  # caches are per dataset label


def test_quire_system_seeds_real_store_and_ranks_unit_ids(tmp_path, fake):
    cache = EmbeddingCache(fake, "toy", tmp_path / "cache")
    system = QuireSystem(cache, k=4, workdir=tmp_path)
    task = _task()
    rank = system(task)
    session = system._session
    rows = session.db.dicts(
        "SELECT content, valid_from, embedding IS NOT NULL AS embedded, source FROM memories ORDER BY rowid"
    )
    assert len(rows) == len(task.units)  # every unit landed through `quire import`'s path
    assert rows[0]["valid_from"] == "2023-05-08T00:00:00Z" and all(r["embedded"] for r in rows)
    assert session.db.scalar("SELECT count(*) FROM entities") == 2  # the speakers
    assert rank(task.questions[0].text)[0] == "D1:1"
    assert rank(task.questions[1].text)[0] == "D1:2"
    assert sorted(rank("anything at all about running")) == sorted(u.id for u in task.units)  # all 4 ranked
    system.close()
    assert not any(tmp_path.glob("quire-eval-*"))  # the task's home is removed


def test_two_people_talking_get_the_previous_turn_as_cue(tmp_path, fake):
    system = QuireSystem(EmbeddingCache(fake, "toy", tmp_path / "cache"), k=4, workdir=tmp_path)
    system(_task())
    cues = [r[0] for r in system._session.db.rows("SELECT retrieval_cue FROM memories ORDER BY rowid")]
    # the turn before with who said it, then who speaks; not across sessions
    assert cues[0] == "Ana:" and cues[1].startswith('Ana: Ana said, "I adopted') and cues[1].endswith("\nBen:")
    assert not cues[2].startswith("Ben:") and cues[2].count("\n") == 0
    system.close()


def test_harness_runs_quire_beside_baselines(tmp_path, fake):
    cache = EmbeddingCache(fake, "toy", tmp_path)
    system = QuireSystem(cache, k=50, workdir=tmp_path)
    report = harness.run(
        [_task()], {"quire": system, "bm25": bm25_system, "dense": dense_system(cache)}, harness.LOCOMO, progress=False
    )
    system.close()
    assert report["questions"] == 2
    assert report["systems"]["quire"]["recall@5"] == 100.0
    assert set(report["systems"]) == {"quire", "bm25", "dense"}


def _tiny_locomo(path: Path) -> Path:
    turns = [
        {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a grey cat named Pixel from the shelter"},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "I am training for the Berlin marathon this autumn"},
        {"speaker": "Ana", "dia_id": "D1:3", "text": "My sister is visiting from Lisbon next week"},
    ]
    sample = {
        "sample_id": "toy",
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Ben",
            "session_1": turns,
            "session_1_date_time": "1:56 pm on 8 May, 2023",
        },
        "qa": [
            {"question": "What is Ana's cat called?", "answer": "Pixel", "evidence": ["D1:1"], "category": 4},
            {
                "question": "Where is Ana's sister visiting from?",
                "answer": "Lisbon",
                "evidence": ["D1:3"],
                "category": 1,
            },
        ],
    }
    path.write_text(json.dumps([sample]), encoding="utf-8")
    return path


def test_compare_report_shape(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EVAL_CACHE", str(tmp_path / "cache"))
    report = compare("locomo", _tiny_locomo(tmp_path / "toy.json"), progress=False)
    assert report["questions"] == 2
    assert set(report["systems"]) == {"quire", "bm25", "dense"}
    assert "recall@10" in report["systems"]["quire"]
    assert set(report["per_category"]["quire"]) == {"single-hop", "multi-hop"}
    assert report["setup"]["embedding_cache"]["encoded"] > 0
    again = compare("locomo", tmp_path / "toy.json", progress=False)
    assert again["setup"]["embedding_cache"]["encoded"] == 0  # every vector came from the cache


def test_cli_eval_locomo_json(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EVAL_CACHE", str(tmp_path / "cache"))
    result = cli("eval", "locomo", "--data", str(_tiny_locomo(tmp_path / "toy.json")), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["questions"] == 2 and set(data["systems"]) == {"quire", "bm25", "dense"}
    table = cli("eval", "locomo", "--data", str(tmp_path / "toy.json"), "--limit", "1")
    assert "quire" in table.stdout and "bm25" in table.stdout and "questions: 1" in table.stdout
    missing = cli("eval", "locomo", "--data", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "--data: " in missing.stderr and "does not exist" in missing.stderr  # usage


@pytest.mark.model
@pytest.mark.skipif(not LOCOMO_DEV.exists(), reason="LoCoMo dev file not present")
def test_quire_beats_bm25_on_a_locomo_slice_with_the_real_model(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("QUIRE_EVAL_CACHE", str(tmp_path / "cache"))  # really encode: no shared cache
    report = compare("locomo", LOCOMO_DEV, limit=60, systems=("quire", "bm25"), progress=False)
    quire, bm25 = report["systems"]["quire"]["recall@10"], report["systems"]["bm25"]["recall@10"]
    assert quire >= bm25 and quire >= 50.0, report["systems"]


def test_cache_checkpoint_saves_only_past_the_threshold(tmp_path, fake):
    cache = EmbeddingCache(fake, "toy", tmp_path)
    cache.encode(["one two three", "four five six"])
    cache.checkpoint(every=3)
    assert not list(tmp_path.glob("*.npz"))
    cache.encode(["seven eight nine"])
    cache.checkpoint(every=3)
    assert len(list(tmp_path.glob("*.npz"))) == 1 and len(EmbeddingCache(fake, "toy", tmp_path)) == 3


def test_locomo_session_granularity_ranks_sessions_by_their_best_turn(tmp_path, fake):
    from eval.datasets import _evidence_session
    from eval.systems import by_session

    assert _evidence_session("D3:5") == "session_3" and _evidence_session("D:11:26") == "D:11:26"
    task = _task()
    rank = by_session(lambda t: lambda q: ["D2:2", "D1:1", "D2:1", "D1:2"])(task)
    assert rank("anything") == ["s2", "s1"]


def test_assistant_sessions_get_no_cue(tmp_path, fake):
    units = (
        Unit(
            "a:0", "I keep my bike in the hallway of the flat on Rue Marcadet", speaker="user", session="a", role="user"
        ),
        Unit(
            "a:1",
            "A wall hook would free the hallway floor for the stroller",
            speaker="assistant",
            session="a",
            role="assistant",
        ),
        Unit(
            "a:2",
            "I bought two wall hooks for the bikes at the hardware store",
            speaker="user",
            session="a",
            role="user",
        ),
    )
    task = Task("lme", units, (Question("q", "where is the bike kept", ("a:0",), "single-session-user"),))
    system = QuireSystem(EmbeddingCache(fake, "toy", tmp_path / "cache"), k=3, workdir=tmp_path)
    assert sorted(system(task)("where is the bike kept")) == ["a:0", "a:1", "a:2"]
    cues = [r[0] for r in system._session.db.rows("SELECT retrieval_cue FROM memories")]
    assert cues == ["", "", ""]
    system.close()
