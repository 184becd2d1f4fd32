"""Which memories count as near duplicates: same space, active, cosine >= NEAR_DUPLICATE only.

Run on both first passes of `VectorIndex.above` (float32 scan, int8 bound then float32), so a
candidate the int8 pass drops or a row the database filter lets through shows up here.
"""

from __future__ import annotations

import numpy as np
import pytest

from memory import capture as capture_mod
from memory import quantized, spaces, vectors
from memory.capture import NEAR_DUPLICATE, Stored, capture
from memory.embed import FakeEmbedder, to_blob
from memory.errors import QuireError
from memory.models import parse_payload
from memory.session import Session
from memory.vectors import VectorIndex

PROBE = "We chose libSQL for the store because it keeps vectors inline with rows"
CLOSE = [
    "We chose libSQL for our store since it keeps vectors inline with rows",
    "We chose libSQL for the store because it keeps the vectors inline with rows",
    "We chose libSQL for the store as it keeps vectors inline with the rows",
]


def fake():
    return FakeEmbedder()


def store(db, content, **kw):
    out = capture(db, parse_payload({"content": content, **kw}), embedder=fake)
    assert isinstance(out, Stored)
    return out.id


@pytest.fixture(params=["float32", "int8"])
def first_pass(request, monkeypatch):
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0 if request.param == "int8" else 10**9)
    return request.param


def _distractors(db):
    """A close memory in another space, one superseded, one forgotten: none may count."""
    spaces.add(db, "work", actor="test")
    other_space = store(db, PROBE, space="work")
    superseded = store(db, CLOSE[1])
    forgotten = store(db, CLOSE[2])
    db.execute("UPDATE memories SET status = 'superseded' WHERE id = ?", (superseded,))
    db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (forgotten,))
    return {other_space, superseded, forgotten}


def test_other_space_superseded_and_forgotten_are_not_near_duplicates(db, first_pass):
    embedder = FakeEmbedder()
    sims = embedder.encode(CLOSE[1:]) @ embedder.encode([PROBE])[0]
    assert (sims >= NEAR_DUPLICATE).all()  # each would count if it were an active memory of this space
    _distractors(db)
    probe = capture(db, parse_payload({"content": PROBE}), embedder=fake)
    assert isinstance(probe, Stored)
    assert probe.near_duplicate_of is None and not probe.warnings
    assert db.scalar("SELECT near_duplicate_of FROM memories WHERE id = ?", (probe.id,)) is None


def test_the_active_same_space_memory_is_found_among_distractors(db, first_pass):
    ignored = _distractors(db)
    active = store(db, CLOSE[0])
    probe = capture(db, parse_payload({"content": PROBE}), embedder=fake)
    assert probe.near_duplicate_of == active and active not in ignored
    assert any(active in w for w in probe.warnings)


def test_superseded_memory_is_not_flagged_against_its_successor(db, first_pass):
    old = store(db, CLOSE[0])
    new = capture(db, parse_payload({"content": PROBE, "supersedes": old}), embedder=fake)
    assert isinstance(new, Stored) and new.near_duplicate_of is None


@pytest.mark.parametrize("k", [6, 40, 256])  # 40 and more at once: the wide (u8 x s8) kernel; 256: an import batch
def test_above_matches_a_brute_force_scan_on_both_passes(monkeypatch, k):
    rng = np.random.default_rng(3)
    dim, n = 384, max(3000, 80 * k)
    queries = rng.standard_normal((k, dim)).astype(np.float32)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    noise = rng.standard_normal((n, dim)).astype(np.float32)
    owner = rng.integers(k, size=n)
    noise -= (noise * queries[owner]).sum(axis=1, keepdims=True) * queries[owner]
    noise /= np.linalg.norm(noise, axis=1, keepdims=True)
    target = rng.uniform(0.6, 0.9, size=n).astype(np.float32)  # many rows just either side of 0.75
    rows = target[:, None] * queries[owner] + np.sqrt(1 - target**2)[:, None] * noise
    rows = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    rows[4] = queries[0]  # rowid 5: identical to a query, then dropped
    index = VectorIndex("m", dim)
    half = n // 2  # rows in both the base matrix and the in-memory tail
    index.add(list(range(1, half + 1)), [f"mem_{i}" for i in range(half)], rows[:half])
    assert len(index.matrix) == half
    index.add(list(range(half + 1, n + 1)), [f"mem_{i}" for i in range(half, n)], rows[half:])
    index._drop(5)  # a dead row never counts
    # The float32 pass's own products: a row on the 0.75 edge falls either way between two BLAS orders.
    exact = index.scores(np.ascontiguousarray(queries.T))
    monkeypatch.setattr(vectors, "RESCORE_PAIRS", 7)  # the exact re-score in many small slices
    for first in (10**9, 0):
        monkeypatch.setattr(vectors, "QUANTIZED_FROM", first)
        found = index.above(queries, NEAR_DUPLICATE)
        for j in range(k):
            want = {p for p in np.flatnonzero(exact[:, j] >= NEAR_DUPLICATE) if index.alive[p]}
            positions, sims = found[j]
            assert set(positions.tolist()) == want
            assert np.allclose(sims, exact[positions, j], atol=1e-5)
        narrowed = index.top_above(queries, NEAR_DUPLICATE)
        listed = 0
        for j, (positions, sims, floor) in enumerate(narrowed):
            live = np.flatnonzero(index.alive)
            best = exact[live, j].max()
            assert floor >= NEAR_DUPLICATE and (best < NEAR_DUPLICATE or floor <= best + 1e-6)
            want = {p for p in live if exact[p, j] >= floor}
            assert set(positions.tolist()) == want  # every live row at or above the floor, no other
            assert np.allclose(sims, exact[positions, j], atol=1e-5)
            listed += len(positions)
        assert listed < sum(len(p) for p, _ in found) / 4  # the near-top only, not every hit
    assert not index.alive[4] and all(4 not in positions for positions, _ in found)


def test_without_the_wide_kernel_a_full_batch_scans_float32_and_finds_the_same(monkeypatch):
    """A CPU whose u8 x s8 kernel is refused would run a batch of 256 queries through the s8 x s8
    kernel, about three times a float32 product: the scan takes float32 instead, same hits."""
    rng = np.random.default_rng(8)
    rows = rng.standard_normal((3000, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    noise = rng.uniform(0.02, 0.06, (1500, 1)) * rng.standard_normal((1500, 384))
    rows[1500:] = rows[:1500] + noise.astype(np.float32)  # each a cosine of 0.6 to 0.9 from its twin
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    index = VectorIndex("m", 384)
    index.add(list(range(1, 2001)), [f"mem_{i}" for i in range(2000)], rows[:2000])
    queries = rows[2000:2256]
    monkeypatch.setattr(vectors, "QUANTIZED_FROM", 0)
    int8_hits = index.above(queries, NEAR_DUPLICATE)
    ran = []
    dots = quantized.dots
    monkeypatch.setattr(quantized, "dots", lambda r, q: ran.append(q.shape) or dots(r, q))
    monkeypatch.setattr(quantized, "_sessions", {quantized._WIDE_MODEL: False})  # refused by its probe
    float_hits = index.above(queries, NEAR_DUPLICATE)
    assert ran == []  # no int8 dots for a full batch
    exact = index.scores(np.ascontiguousarray(queries.T))
    assert sum(len(p) for p, _ in float_hits) > 100
    for j, ((pos, sims), (pos8, _)) in enumerate(zip(float_hits, int8_hits, strict=True)):
        assert set(pos.tolist()) == set(pos8.tolist()) == set(np.flatnonzero(exact[:, j] >= NEAR_DUPLICATE).tolist())
        assert np.allclose(sims, exact[pos, j], atol=1e-5)
    few = index.above(queries[:3], NEAR_DUPLICATE)  # a capture's few queries still take the int8 pass
    assert ran and [len(p) for p, _ in few] == [len(p) for p, _ in float_hits[:3]]


def _on_the_cut(rng, rows, k):
    """int8-like dots and row scales, and per query a cut that one row's estimate meets exactly
    (the same float32 product the scan compares), that row scoring below zero on every other
    query: it is a candidate only through the score on its cut."""
    raw = rng.integers(-(10**5), 10**5, (rows, k)).astype(np.int32)
    row_scale = rng.uniform(0.0008, 0.004, rows).astype(np.float32)
    on = rng.choice(rows, size=k, replace=False)
    raw[on] = -np.abs(raw[on]) - 1
    raw[on, np.arange(k)] = rng.integers(10**4, 10**5, k)
    cut = raw[on, np.arange(k)].astype(np.float32) * row_scale[on]
    return raw, row_scale, cut.astype(np.float32)


def test_candidate_rows_keep_every_row_that_reaches_its_cut_even_on_the_edge(monkeypatch):
    """The scan compares a row's best score over each query's cut, in float32 ratios that round;
    a row whose estimate equals its query's cut exactly must still be a candidate."""
    rng = np.random.default_rng(11)
    missed_without_margin = 0
    for _ in range(200):
        raw, row_scale, cut = _on_the_cut(rng, 64, 16)
        live = rng.random(64) > 0.1
        est = raw.astype(np.float32) * row_scale[:, None]
        want = set(np.flatnonzero(live & (est >= cut[None, :]).any(axis=1)).tolist())
        got = set(vectors._candidates(raw, row_scale, live, cut).tolist())
        assert want <= got and all(live[list(got)])
        with monkeypatch.context() as m:
            m.setattr(vectors, "RATIO_MARGIN", np.float32(0))
            missed_without_margin += not want <= set(vectors._candidates(raw, row_scale, live, cut).tolist())
    assert missed_without_margin  # the margin is what keeps them: without it some edge rows are lost


# -- the walk over ranked hits, and the pipelined import: the same answers as reading everything --


def _brute_force(db, index, staged, matrix):
    """The near-duplicate rule read off everything: every row's cosine, every row's space and status."""
    sims = np.asarray(index.matrix) @ matrix.T
    allowed = dict(db.rows("SELECT rowid, space FROM memories WHERE status = 'active' AND embedding IS NOT NULL"))
    found, passed_over = {}, 0
    for i, item in enumerate(staged):
        best = None
        order = np.lexsort((index.rowids, -sims[:, i]))
        for p in order:
            if sims[p, i] < NEAR_DUPLICATE:
                break
            rowid, other = int(index.rowids[p]), str(index.ids[p])
            if index.alive[p] and allowed.get(rowid, "?") == item.space and other not in (item.id, item.supersedes):
                best = (other, float(sims[p, i]))
                break
            passed_over += bool(index.alive[p])
        for j in range(i):
            sim = float(matrix[i] @ matrix[j])
            same = staged[j].space == item.space and staged[j].id != item.supersedes
            if sim >= NEAR_DUPLICATE and same and (best is None or sim > best[1]):
                best = (staged[j].id, sim)
        if best:
            found[item.id] = best
    return found, passed_over


def _same(got, want):
    assert {mid: other for mid, (other, _) in got.items()} == {mid: other for mid, (other, _) in want.items()}
    assert all(got[mid][1] == pytest.approx(sim, abs=1e-5) for mid, (_, sim) in want.items())


def _templated(n, seed):
    from eval.bench import synthetic_memories

    return synthetic_memories(n, seed=seed)


@pytest.mark.parametrize("window", [1, 8])
def test_walking_ranked_hits_finds_what_reading_every_hit_finds(db, first_pass, monkeypatch, window):
    """Templated chat messages (hundreds of hits a memory), most of the close rows in another space,
    superseded or forgotten behind the index's back, and a batch that repeats itself: the walk, in
    windows of 1 (a round per hit) or 8, names the same memory at the same cosine as the full read."""
    monkeypatch.setattr(capture_mod, "NEAR_WINDOW", window)
    spaces.add(db, "work", actor="test")
    texts = _templated(1500, seed=5)
    payloads = [parse_payload({"content": t, "space": None if i % 6 else "work"}) for i, t in enumerate(texts)]
    capture_mod.capture_many(db, payloads, embedder=fake, check=False)
    index = VectorIndex.load(db, FakeEmbedder.model_id)
    rowids = [r[0] for r in db.rows("SELECT rowid FROM memories ORDER BY rowid")]
    for rowid in rowids[::7]:
        db.execute("UPDATE memories SET status = 'superseded' WHERE rowid = ?", (rowid,))
    for rowid in rowids[3::11]:  # forgotten: no text, no vector, a tombstone; the index not told yet
        db.execute("UPDATE memories SET status = 'forgotten', embedding = NULL WHERE rowid = ?", (rowid,))
    batch = _templated(40, seed=9)[:37] + texts[:2] + [texts[0]]  # the last repeats one in the batch
    staged = [
        capture_mod._Staged(f"mem_new{i:03d}", 10_000 + i, t, None if i % 4 == 0 else "work", None)
        for i, t in enumerate(batch)
    ]
    target = db.scalar("SELECT id FROM memories WHERE content = ?", (texts[1],))
    staged[-2] = capture_mod._Staged(staged[-2].id, staged[-2].rowid, texts[1], None, target)  # supersedes it
    matrix = FakeEmbedder().encode([s.text for s in staged])
    want, passed_over = _brute_force(db, index, staged, matrix)
    full_reads = []
    every_hit = VectorIndex.above
    monkeypatch.setattr(VectorIndex, "above", lambda self, q, t: full_reads.append(len(q)) or every_hit(self, q, t))
    got = capture_mod._near_duplicates(db, index, staged, matrix)
    _same(got, want)
    # the near-top served most memories; those whose near-top held none allowed read every hit
    assert len(full_reads) == 1 and 0 < full_reads[0] < len(staged)
    assert len(want) >= 10 and passed_over > 2 * len(staged)  # memories walk past disallowed hits first
    assert any(other.startswith("mem_new") for other, _ in want.values())  # a batch member won somewhere
    assert got.get(staged[-2].id, ("",))[0] != target  # its own text, cosine 1, but it supersedes that one


def test_an_empty_index_finds_only_batch_members(db):
    texts = [PROBE, *CLOSE, "The cat prefers sleeping on the warm windowsill in the afternoon"]
    staged = [capture_mod._Staged(f"mem_b{i}", i + 1, t, None, None) for i, t in enumerate(texts)]
    matrix = FakeEmbedder().encode(texts)
    index = VectorIndex(FakeEmbedder.model_id)
    got = capture_mod._near_duplicates(db, index, staged, matrix)
    _same(got, _brute_force(db, index, staged, matrix)[0])
    assert set(got) == {"mem_b1", "mem_b2", "mem_b3"} and "mem_b4" not in got


def _import_batches(db, batches, pipelined):
    """Outcomes per batch: through `capture_stream` (pipelined) or `capture_many` one batch at a time."""
    if pipelined:
        return [
            done
            for _, done in capture_mod.capture_stream(
                db, ((i, p, k) for i, (p, k) in enumerate(batches)), embedder=fake
            )
        ]
    out = []
    for payloads, keys in batches:
        try:
            out.append(capture_mod.capture_many(db, payloads, embedder=fake, source_keys=keys))
        except QuireError as exc:
            out.append(exc)
    return out


def _shape(db, results):
    """What a person sees, with each memory id replaced by its place (ids are random)."""
    place = {}
    for b, done in enumerate(results):
        for i, outcome in enumerate(done if isinstance(done, list) else []):
            if outcome.id:
                place.setdefault(outcome.id, f"{b}.{i}")

    def named(text):
        for mid, where in place.items():
            text = text.replace(mid, where)
        return text

    shape = []
    for done in results:
        if not isinstance(done, list):
            shape.append(("error", named(str(done))))
            continue
        for o in done:
            near = getattr(o, "near_duplicate_of", None)
            shape.append((o.status, named(o.id or ""), named(near or ""), tuple(named(w) for w in o.warnings)))
    rows = db.rows(
        "SELECT id, status, near_duplicate_of, embedding IS NOT NULL, embed_model, supersedes "
        "FROM memories ORDER BY rowid"
    )
    # The audit log and the import log as a person reads them: same rows, same details, same order.
    audited = db.rows("SELECT actor, action, subject_kind, subject_id, detail FROM audit_log ORDER BY id")
    logged = db.rows("SELECT source, unit_key, memory_id FROM import_log ORDER BY source, unit_key")
    return (
        shape,
        [(named(r[0]), r[1], named(r[2] or ""), r[3], r[4], named(r[5] or "")) for r in rows],
        [(a, b, c, named(d), named(e)) for a, b, c, d, e in audited],
        [(a, b, named(c or "")) for a, b, c in logged],
    )


def test_the_pipelined_import_stores_and_flags_what_one_batch_at_a_time_does(tmp_path, monkeypatch):
    """Across batches and inside them: near-duplicates, exact duplicates, a re-imported unit, a
    batch that supersedes a memory of the batch before, and a batch that fails (the others land)."""
    texts = _templated(120, seed=2)
    keys = [("chat:test", f"unit-{i}") for i in range(len(texts))]
    results = {}
    monkeypatch.setenv("QUIRE_NOW", "2026-03-04T05:06:07Z")  # both stamp the same times (a second may turn between)
    for pipelined in (False, True):
        monkeypatch.setenv("QUIRE_HOME", str(tmp_path / str(pipelined)))
        with Session(actor="test") as s:
            first = _import_batches(s.db, [([parse_payload({"content": t}) for t in texts[:30]], keys[:30])], False)
            old = first[0][3].id

            def batch(lo, hi, **extra):
                return [parse_payload({"content": t, **extra}) for t in texts[lo:hi]], keys[lo:hi]

            revised = parse_payload({"content": texts[3] + " (revised)", "supersedes": old})
            broken = parse_payload({"content": texts[70] + " again", "supersedes": "mem_000000000000"})
            batches = [
                batch(30, 60),
                ([*batch(60, 65)[0], parse_payload({"content": texts[40]})], [*keys[60:65], ("chat:test", "x")]),
                ([revised, *batch(65, 70)[0]], [("chat:test", "rev"), *keys[65:70]]),
                ([broken, *batch(70, 80)[0]], [("chat:test", "broken"), *keys[70:80]]),
                batch(80, 120),
                batch(25, 35),  # already imported from this source
            ]
            results[pipelined] = (first, _shape(s.db, first + _import_batches(s.db, batches, pipelined)))
    serial, pipelined = results[False][1], results[True][1]
    assert pipelined[0] == serial[0] and pipelined[1] == serial[1]
    assert pipelined[2] == serial[2] and pipelined[3] == serial[3]
    statuses = [o[0] for o in serial[0]]
    assert "error" in statuses and "duplicate" in statuses and any(o[2] for o in serial[0])


def test_a_batch_is_encoded_ahead_and_lands_with_its_vectors_before_the_next_is_stored(db, monkeypatch):
    """The next batch's encode starts before the batch before lands, and each batch is stored (its
    rows with their vectors, in one transaction) only after the one before: a `supersedes` of it
    sees its target as `capture_many` does, and no row is written twice."""
    events = []
    store = capture_mod._store
    monkeypatch.setattr(
        capture_mod, "_store", lambda db, p, **kw: events.append(f"store {p[0].content[:1]}") or store(db, p, **kw)
    )

    class Told(FakeEmbedder):
        def encode(self, texts, batch_size=64):
            events.append(f"encode {texts[0][:1]}")
            return super().encode(texts, batch_size)

    told = Told()
    old = capture(
        db, parse_payload({"content": "0 the ledger moved to PostgreSQL sixteen last spring"}), embedder=fake
    ).id
    events.clear()
    texts = _templated(6, seed=4)

    def batches(supersede):
        at = 3 if supersede else 0
        events.append("read 1")
        yield 1, [parse_payload({"content": "1 " + texts[at]})], None
        events.append("read 2")
        yield 2, [parse_payload({"content": "2 " + texts[at + 1]})], None
        extra = {"supersedes": old} if supersede else {}
        events.append("read 3")
        yield 3, [parse_payload({"content": "3 " + texts[at + 2], **extra})], None

    changes = db.scalar("SELECT count(*) FROM vector_changes")
    list(capture_mod.capture_stream(db, batches(False), embedder=lambda: told))
    assert db.scalar("SELECT count(*) FROM vector_changes") - changes == 3  # each row written once, vector and all
    assert [e for e in events if e.startswith("store")] == ["store 1", "store 2", "store 3"]
    assert sorted(e for e in events if e.startswith("encode")) == ["encode 1", "encode 2", "encode 3"]
    assert events.index("read 2") < events.index("store 1") and events.index("read 3") < events.index("store 2")
    events.clear()
    changes = db.scalar("SELECT count(*) FROM vector_changes")
    done = list(capture_mod.capture_stream(db, batches(True), embedder=lambda: told))
    # A row that supersedes is written before its target retires (the target may be in its batch),
    # then given its vector: 2 + 2, and 1 for the retired target.
    assert db.scalar("SELECT count(*) FROM vector_changes") - changes == 5
    assert db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 0
    assert [tag for tag, _ in done] == [1, 2, 3] and isinstance(done[2][1][0], Stored)
    assert db.scalar("SELECT status FROM memories WHERE id = ?", (old,)) == "superseded"


def test_a_deferred_import_stream_never_loads_the_model(db):
    """`--defer-embed` through the stream: every row stored pending, and the model not even asked for."""

    def no_model():
        raise AssertionError("the model was asked for")

    batches = ((i, [parse_payload({"content": t})], None) for i, t in enumerate(_templated(3, seed=5)))
    done = [out for _, out in capture_mod.capture_stream(db, batches, embedder=no_model, defer_embed=True)]
    assert all(isinstance(o, Stored) and o.pending_embed for out in done for o in out)
    assert db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 3


# A chat between people: each turn is embedded with the turn it answers as its cue, so a short
# reply sits close to that turn by construction; a repeat is still a repeat.
SAID = "We booked the cottage in Cornwall for the second week of August with the dogs"
REPLY = "Lovely, count me in for that"


def test_a_turn_is_no_near_duplicate_of_the_turn_it_answers(db, first_pass):
    said = store(db, SAID)
    vec = FakeEmbedder().encode([SAID, capture_mod.embed_text(None, SAID, REPLY)])
    assert vec[0] @ vec[1] >= NEAR_DUPLICATE  # the cue alone would make it one
    reply = capture(db, parse_payload({"content": REPLY + " again please", "cue": SAID}), embedder=fake)
    assert isinstance(reply, Stored) and reply.near_duplicate_of is None and said
    # A turn that repeats what was said is flagged all the same, whatever its cue.
    again = capture(db, parse_payload({"content": SAID + " again", "cue": "Where are we going?"}), embedder=fake)
    assert isinstance(again, Stored) and again.near_duplicate_of == said


def test_in_one_batch_the_turn_answered_is_no_near_duplicate_either(db):
    payloads = [
        parse_payload({"content": SAID}),
        parse_payload({"content": REPLY + " again please", "cue": SAID}),
        parse_payload({"content": SAID + " again", "cue": "Where are we going?"}),
    ]
    first, reply, again = capture_mod.capture_many(db, payloads, embedder=fake)
    assert reply.near_duplicate_of is None
    assert again.near_duplicate_of == first.id


def test_a_chat_between_people_is_not_reported_as_its_own_near_duplicates(session, tmp_path, monkeypatch):
    """The report a person reads after importing a WhatsApp chat: replies are not repeats."""
    monkeypatch.setattr(session, "_embedder", FakeEmbedder())
    chat = tmp_path / "WhatsApp Chat with Sam.txt"
    chat.write_text(
        f"02/03/2024, 10:00 - Sam: {SAID}\n"
        f"02/03/2024, 10:01 - Alex: {REPLY}, and the dogs will love it\n"
        f"02/03/2024, 10:02 - Sam: {SAID}, remember to pack\n",
        encoding="utf-8",
    )
    report = session.import_path(chat)
    assert report.stored == 3
    assert report.near_duplicates == 1  # the third repeats the first; the reply repeats nothing


@pytest.mark.parametrize(("words", "flagged"), [(capture_mod.NEAR_WORDS, False), (0.0, True)])
def test_two_replies_to_one_turn_are_no_near_duplicates_of_each_other(db, monkeypatch, words, flagged):
    """Each turn between people is embedded with who said the turn it answers and who says it (its
    cue): two replies to one message meet on that alone (370 of a 419-turn WhatsApp chat's turns
    were flagged). A turn is a near-duplicate only when its own words repeat the other's
    (NEAR_WORDS); the control (0.0: any words) flags the second reply."""
    monkeypatch.setattr(capture_mod, "NEAR_WORDS", words)
    payloads = [
        parse_payload({"content": SAID}),
        parse_payload({"content": "Sounds lovely, count me in", "cue": f"Sam: {SAID}\nAlex:"}),
        parse_payload({"content": "Cannot make that week sadly", "cue": f"Sam: {SAID}\nJo:"}),
        parse_payload({"content": SAID + " again, as I said", "cue": "Jo: Cannot make that week sadly\nSam:"}),
    ]
    first, _, second_reply, again = capture_mod.capture_many(db, payloads, embedder=fake)
    assert (second_reply.near_duplicate_of is not None) is flagged, second_reply
    if not flagged:
        assert again.near_duplicate_of == first.id  # a repeat is flagged whatever its cue


def test_equal_hits_name_the_lowest_allowed_rowid_for_each_memory_of_a_batch(db, first_pass):
    """Rows with one vector (equal cosines, to the bit): the first of them superseded, the next in
    another space; each memory of a batch names the lowest rowid its own rules allow, a memory with
    no hit between two with many reads none of theirs, and an unrelated text (the control) nothing."""
    spaces.add(db, "work", actor="test")
    first = store(db, CLOSE[0])
    db.execute("UPDATE memories SET status = 'superseded' WHERE id = ?", (first,))
    in_work = store(db, CLOSE[1], space="work")
    plain = [store(db, text) for text in CLOSE]
    vector = to_blob(FakeEmbedder().encode([PROBE])[0])  # five texts, one vector
    db.execute("UPDATE memories SET embedding = ? WHERE embedding IS NOT NULL", (vector,))
    index = VectorIndex.load(db, FakeEmbedder.model_id)
    texts = [PROBE, "Tuesday's dentist appointment moved to nine in the morning", PROBE, PROBE]
    staged = [
        capture_mod._Staged(f"mem_new{i}", 10_000 + i, t, space, supersedes)
        for i, (t, space, supersedes) in enumerate(
            [(texts[0], None, None), (texts[1], None, None), (texts[2], "work", None), (texts[3], None, plain[0])]
        )
    ]
    matrix = FakeEmbedder().encode(texts)
    got = capture_mod._near_duplicates(db, index, staged, matrix)
    want, _ = _brute_force(db, index, staged, matrix)
    _same(got, want)
    assert got["mem_new0"][0] == plain[0]  # not the superseded first row, nor the one in "work"
    assert "mem_new1" not in got  # the control
    assert got["mem_new2"][0] == in_work
    # plain[0] is the one it supersedes; mem_new0, in its batch at the same cosine, does not displace plain[1]
    assert got["mem_new3"][0] == plain[1]
    cosines = {np.float32(sim).tobytes() for _, sim in got.values()}
    assert len(cosines) == 1  # the same vector: one cosine, to the bit
