"""What a hit holds however `_hit` builds it (retrieval/recall.py fills a frozen Hit's fields as one dict):
the same object Hit(...) makes, every field set, in Hit's order."""

from __future__ import annotations

from dataclasses import fields, replace

from memory.capture import capture_many
from memory.embed import FakeEmbedder
from memory.models import CapturePayload
from retrieval.recall import Hit, recall
from retrieval.scope import ALL_SPACES


def test_a_recalled_hit_is_the_hit_its_fields_make(session):
    texts = ["the billing service moved to Oslo", "Ana reviews the billing tickets", "backup of the sync service"]
    capture_many(
        session.db, [CapturePayload(content=t) for t in texts], actor="test", embedder=FakeEmbedder, check=False
    )
    session._embedder = FakeEmbedder()
    hits = recall(session, "billing service", scope=ALL_SPACES, k=5)
    assert hits
    for hit in hits:
        assert list(vars(hit)) == [f.name for f in fields(Hit)]  # every field, none more, in order
        assert Hit(**vars(hit)) == hit
        assert repr(Hit(**vars(hit))) == repr(hit)
        assert replace(hit, position=3).position == 3 and hit.position is None  # still frozen, copied as one


def test_control_a_hit_with_another_field_differs(session):
    capture_many(
        session.db,
        [CapturePayload(content="the billing service moved to Oslo")],
        actor="test",
        embedder=FakeEmbedder,
        check=False,
    )
    session._embedder = FakeEmbedder()
    (hit,) = recall(session, "billing service", scope=ALL_SPACES, k=5)
    assert Hit(**{**vars(hit), "speaker": "Ana"}) != hit
