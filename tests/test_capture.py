"""The capture pipeline: outcomes, duplicates, near-duplicates, pending embeds, audit."""

from __future__ import annotations

import json

from memory import audit
from memory.capture import Duplicate, Rejected, Stored, capture, capture_many
from memory.embed import FakeEmbedder
from memory.models import parse_payload

TEXT = "We chose libSQL for the store because it keeps vectors inline with rows"


def payload(content=TEXT, **kw):
    return parse_payload({"content": content, **kw})


def fake():
    return FakeEmbedder()


def test_stored_row_has_embedding_cue_tier_and_audit(db):
    out = capture(db, payload(type="decision", fields={"decision": "use libSQL", "context": "storage"}), embedder=fake)
    assert isinstance(out, Stored) and not out.pending_embed
    row = db.one("SELECT * FROM memories WHERE id = ?", (out.id,))
    assert row["retrieval_cue"] == "What was decided about use libSQL and why?"
    assert row["supersede_mode"] == "archive"
    assert row["confidence"] == 0.70  # Standard ceiling
    assert row["embedding"] is not None and len(row["embedding"]) == 384 * 4
    assert row["embed_model"] == "fake-hash-384"
    actions = [e.action for e in audit.entries(db, subject_id=out.id)]
    assert actions[0] == "capture" and "embed" in actions


def test_protected_and_ephemeral_ceilings(db):
    ident = capture(
        db, payload("I am a backend engineer who mostly writes Python and SQL", type="identity"), embedder=fake
    )
    note = capture(db, payload("Remember to water the plants on the balcony every Sunday"), embedder=fake)
    assert db.scalar("SELECT confidence FROM memories WHERE id = ?", (ident.id,)) == 0.90
    assert db.scalar("SELECT confidence FROM memories WHERE id = ?", (note.id,)) == 0.50


def test_exact_duplicate_returns_existing_id_and_writes_nothing(db):
    first = capture(db, payload(), embedder=fake)
    before = (db.scalar("SELECT count(*) FROM memories"), db.scalar("SELECT count(*) FROM audit_log"))
    again = capture(
        db, payload("  we chose LIBSQL for the store because it keeps vectors inline with rows. "), embedder=fake
    )
    assert isinstance(again, Duplicate) and again.id == first.id
    assert (db.scalar("SELECT count(*) FROM memories"), db.scalar("SELECT count(*) FROM audit_log")) == before


def test_same_content_in_another_space_is_not_a_duplicate(db):
    from memory import spaces

    spaces.add(db, "home")
    first = capture(db, payload(), embedder=fake)
    other = capture(db, payload(space="home"), embedder=fake)
    assert isinstance(other, Stored) and other.id != first.id


def test_near_duplicate_is_stored_with_a_warning_naming_the_other(db):
    first = capture(db, payload(), embedder=fake)
    near = capture(db, payload("We chose libSQL for our store since it keeps vectors inline with rows"), embedder=fake)
    assert isinstance(near, Stored)
    assert near.near_duplicate_of == first.id
    assert any(first.id in w and w.startswith("near_duplicate") for w in near.warnings)
    assert db.scalar("SELECT near_duplicate_of FROM memories WHERE id = ?", (near.id,)) == first.id


def test_unrelated_capture_gets_no_near_duplicate_warning(db):
    capture(db, payload(), embedder=fake)
    other = capture(db, payload("The cat prefers sleeping on the warm windowsill in the afternoon"), embedder=fake)
    assert other.near_duplicate_of is None and not other.warnings


def test_near_duplicate_inside_one_batch(db):
    outs = capture_many(
        db, [payload(), payload("We chose libSQL for our store since it keeps vectors inline with rows")], embedder=fake
    )
    assert outs[1].near_duplicate_of == outs[0].id


def test_rejection_is_recorded_redacted(db):
    secret = "ghp_" + "Q7x" * 12
    out = capture(db, payload(f"the deploy token for the ci pipeline is {secret} keep it safe"), embedder=fake)
    assert isinstance(out, Rejected) and out.reason == "credential_leak"
    assert secret not in out.detail
    row = db.one("SELECT content_redacted, reason FROM rejected_captures")
    assert secret not in row["content_redacted"] and "[REDACTED:" in row["content_redacted"]
    assert db.scalar("SELECT count(*) FROM memories") == 0


def test_deferred_capture_is_durable_then_embedded_with_near_duplicate_check(session):
    first = session.capture(payload())
    deferred = session.capture(
        payload("We chose libSQL for our store since it keeps vectors inline with rows"), defer_embed=True
    )
    assert isinstance(deferred, Stored) and deferred.pending_embed
    assert session.db.scalar("SELECT embedding IS NULL FROM memories WHERE id = ?", (deferred.id,)) == 1
    warnings = session.embed_pending()
    assert session.db.scalar("SELECT embedding IS NULL FROM memories WHERE id = ?", (deferred.id,)) == 0
    assert any(first.id in w for w in warnings)
    assert session.db.scalar("SELECT near_duplicate_of FROM memories WHERE id = ?", (deferred.id,)) == first.id


def test_model_failure_keeps_the_capture_pending(db):
    from memory.errors import ModelUnavailable

    def broken():
        raise ModelUnavailable("the embedding model could not be loaded (test); reinstall it")

    out = capture(db, payload(), embedder=broken)
    assert isinstance(out, Stored) and out.pending_embed
    assert any("pending_embed" in w for w in out.warnings)
    assert db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 1


def test_changed_model_is_detected_and_reembed_fixes_it(session):
    out = session.capture(payload())
    with session.db.transaction():
        session.db.execute("UPDATE memories SET embed_model = 'old-model' WHERE id = ?", (out.id,))
    assert session.status()["needs_embedding"] == 1
    result = session.reembed()
    assert result["embedded"] == 1
    assert session.status()["needs_embedding"] == 0
    assert session.db.scalar("SELECT embed_model FROM memories WHERE id = ?", (out.id,)) == "fake-hash-384"


def test_entities_are_linked_case_insensitively(db):
    a = capture(db, payload(entities=["Quire"]), embedder=fake)
    b = capture(
        db, payload("Recall in Quire fuses BM25 and cosine with reciprocal rank", entities=["quire"]), embedder=fake
    )
    assert db.scalar("SELECT count(*) FROM entities") == 1
    assert db.scalar("SELECT count(*) FROM memory_entities") == 2
    assert a.id != b.id


def test_a_batch_links_its_entities_spelt_as_they_first_appear_and_audits_in_order(db):
    """One batch: a new entity named twice in two spellings, a rejection between two captures, a
    repeated name in one memory. The held inserts land as one-at-a-time inserts would."""
    texts = [
        "Alice moved the staging database to the new cluster in March",
        "ok",  # rejected by the gate (too short), between the two captures
        "ALICE prefers the blue notebook for meeting notes and todo lists",
    ]
    entities = [["alice", "Bob"], [], ["ALICE", "Alice"]]
    outcomes = capture_many(db, [payload(t, entities=e) for t, e in zip(texts, entities, strict=True)], embedder=fake)
    assert [o.status for o in outcomes] == ["stored", "rejected", "stored"]
    assert sorted(r[0] for r in db.rows("SELECT name FROM entities")) == ["Bob", "alice"]
    assert db.scalar("SELECT count(*) FROM memory_entities") == 3
    actions = [(e.action, e.subject_id) for e in audit.entries(db) if e.action in ("capture", "reject")]
    assert [a for a, _ in actions] == ["capture", "reject", "capture"]
    assert actions[0][1] == outcomes[0].id and actions[2][1] == outcomes[2].id
    rowids = dict(db.rows("SELECT id, rowid FROM memories"))
    vectors = dict(db.rows("SELECT id, embedding IS NOT NULL FROM memories"))
    assert rowids[outcomes[0].id] < rowids[outcomes[2].id] and all(vectors.values())


def test_fts_indexes_content_title_and_cue(db):
    out = capture(
        db,
        payload(type="preference", fields={"preference": "tabs over spaces", "applies_when": "editing Go"}),
        embedder=fake,
    )
    rowid = db.scalar("SELECT rowid FROM memories WHERE id = ?", (out.id,))
    hits = [r[0] for r in db.rows("SELECT rowid FROM memories_fts WHERE memories_fts MATCH 'prefer'")]
    assert rowid in hits


def test_structured_fields_round_trip(db):
    out = capture(
        db, payload(type="gotcha", fields={"claim": "libsql raises ValueError", "verified": True}), embedder=fake
    )
    fields = json.loads(db.scalar("SELECT structured_fields FROM memories WHERE id = ?", (out.id,)))
    assert fields == {"claim": "libsql raises ValueError", "verified": True}


def test_a_field_longer_than_a_memory_is_refused_before_it_is_read(cli, db, monkeypatch):
    """A field's text is embedded and read as the content is: unbounded, a 4,000,000-character claim was stored
    after 17 s and 1.4 GB (session 48). Refused at the edge, in one line, before any reading; nothing stored."""
    from memory import life, store
    from memory.models import CONTENT_MAX

    def unread(text: str):
        raise AssertionError(f"a {len(text)}-character text was read")

    monkeypatch.setattr(life, "read", unread)
    result = cli("capture", "--type", "fact", "--field", "claim=" + "x" * (CONTENT_MAX + 1), TEXT)
    assert result.exit_code == 2
    assert f"field claim is longer than {CONTENT_MAX} characters" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert store.export(db) == []


def test_control_a_field_as_long_as_a_memory_is_kept(cap, db):
    from memory.models import CONTENT_MAX

    claim = "libSQL keeps vectors inline " + "x" * (CONTENT_MAX - 28)
    assert len(claim) == CONTENT_MAX
    outcome = cap(TEXT, type="fact", fields={"claim": claim})
    assert isinstance(outcome, Stored)
    from memory import store

    assert store.get(db, outcome.id).fields["claim"] == claim
