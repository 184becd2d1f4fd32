"""Synthesis: grouping, deterministic rendering, citations that resolve, golden pages."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import numpy as np

from memory import capture as capture_mod
from memory import spaces
from memory.models import parse_payload
from wiki import lint, render, synth

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "goldens" / "pages"
# Refresh on purpose: QUIRE_UPDATE_GOLDENS=1 .venv/bin/pytest tests/test_synth.py -k golden
# (read at import: the autouse fixture clears QUIRE_* variables before each test)
UPDATE_GOLDENS = os.environ.get("QUIRE_UPDATE_GOLDENS") == "1"
PINNED = "2026-08-01T09:00:00Z"


def add(session, content: str, **fields):
    """Capture one memory (fake embedder) and return its id."""
    outcome = session.capture(parse_payload({"content": content, **fields}))
    assert outcome.id, outcome
    return outcome.id


def rebuild(session, **kw):
    from wiki.rebuild import rebuild as run

    return run(session, **kw)


def load_fixture(session, monkeypatch) -> list[str]:
    """The golden fixture set with pinned ids and time."""
    counter = itertools.count(1)
    monkeypatch.setattr(capture_mod, "new_id", lambda: f"mem_{next(counter):012d}")
    monkeypatch.setenv("QUIRE_NOW", PINNED)
    spaces.add(session.db, "work", actor="test")
    spaces.add(session.db, "home", actor="test")
    ids: list[str] = []
    for line in (GOLDEN / "fixture.jsonl").read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if str(data.get("supersedes", "")).startswith("#"):
            data["supersedes"] = ids[int(data["supersedes"][1:]) - 1]
        ids.append(add(session, data.pop("content"), **data))
    return ids


def vault_files(session) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(session.wiki_dir.glob("*.md"))}


# -- grouping ----------------------------------------------------------------------------------


def _mem(i: int, space: str | None = "work", entities=(), status="active", mtype="fact", day=1) -> synth.Mem:
    when = f"2026-01-{day:02d}T00:00:{i:02d}Z"
    return synth.Mem(
        f"mem_{i:04d}",
        f"memory number {i} about things",
        mtype,
        space,
        status,
        when,
        None,
        when,
        when,
        f"m{i}",
        tuple((e.lower(), e) for e in entities),
    )


def test_entity_pages_need_two_memories_in_the_same_space():
    mems = [
        _mem(1, entities=["Kafka"]),
        _mem(2, entities=["Kafka"]),
        _mem(3, space="home", entities=["Kafka"]),
        _mem(4, entities=["Solo"]),
    ]
    specs = synth.group(mems, lambda ids: {})
    entity_pages = [s for s in specs if s.kind == "entity"]
    assert [(s.space, s.title, [m.id for m in s.memories]) for s in entity_pages] == [
        ("work", "Kafka", ["mem_0001", "mem_0002"])
    ]
    # what no page took lands on a per-space notes page; spaces never mix
    notes = {s.space: [m.id for m in s.memories] for s in specs if s.kind == "notes"}
    assert notes == {"home": ["mem_0003"], "work": ["mem_0004"]}


def test_greedy_centroid_clusters_need_three_members_at_cosine_060():
    rng = np.random.default_rng(3)
    base = rng.normal(size=384)
    other = rng.normal(size=384)

    def near(v, noise):
        w = v + rng.normal(size=384) * noise
        return (w / np.linalg.norm(w)).astype(np.float32)

    mems = [_mem(i) for i in range(1, 8)]
    vectors = {
        mems[0].id: near(base, 0.2),
        mems[1].id: near(base, 0.2),
        mems[2].id: near(base, 0.2),
        mems[3].id: near(other, 0.2),
        mems[4].id: near(other, 0.2),  # a pair: too small for a page
        mems[5].id: near(rng.normal(size=384), 0.0),
        mems[6].id: near(base, 0.2),
    }
    specs = synth.group(mems, lambda ids: {i: vectors[i] for i in ids if i in vectors})
    clusters = [s for s in specs if s.kind == "cluster"]
    assert len(clusters) == 1
    assert [m.id for m in clusters[0].memories] == ["mem_0001", "mem_0002", "mem_0003", "mem_0007"]
    assert clusters[0].key == "cluster:work:mem_0001"  # keyed by the first member: stable as it grows
    leftover = next(s for s in specs if s.kind == "notes")
    assert [m.id for m in leftover.memories] == ["mem_0004", "mem_0005", "mem_0006"]


def test_only_visible_memories_are_grouped(session, db):
    keep = add(session, "The billing service retries failed charges three times.", type="fact", entities=["Billing"])
    gone = add(session, "The billing service sends invoices on the first day.", type="fact", entities=["Billing"])
    held = add(session, "The billing service stores card tokens at the provider.", type="fact", entities=["Billing"])
    old = add(session, "The billing service was written in PHP before the rewrite.", type="fact", entities=["Billing"])
    with db.transaction():
        db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (gone,))
        db.execute("UPDATE memories SET status = 'pending_revision' WHERE id = ?", (held,))
        db.execute("UPDATE memories SET status = 'superseded' WHERE id = ?", (old,))
    cited = {m.id for s in synth.synthesize(db) for m in s.memories}
    assert cited == {keep}


def test_archived_decisions_go_under_superseded_decisions(session):
    first = add(session, "We decided to host the docs on a static site generator.", type="decision", entities=["Docs"])
    add(
        session,
        "We decided to host the docs inside the product help center.",
        type="decision",
        entities=["Docs"],
        supersedes=first,
    )
    spec = next(s for s in synth.synthesize(session.db) if s.kind == "entity")
    text = render.render(spec).text
    assert "## Decisions" in text and "## Changed" in text
    changed = text.split("## Changed")[1].split("## ")[0]
    # the old decision, dated, and what replaced it (cited, since it is on the same page)
    assert "static site generator" in changed and "help center" not in changed
    assert "Replaced by the decision[^m1]" in changed


# -- rendering ---------------------------------------------------------------------------------


def test_rendering_is_deterministic_and_never_reads_the_clock(session, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", "2026-02-01T10:00:00Z")
    add(session, "The search index is rebuilt every Sunday night from the replica.", type="fact", entities=["Search"])
    add(session, "The search index uses BM25 with a title boost of two.", type="fact", entities=["Search"])
    monkeypatch.setenv("QUIRE_NOW", "2027-12-31T23:59:59Z")
    first = [render.render(s).text for s in synth.synthesize(session.db)]
    monkeypatch.setenv("QUIRE_NOW", "2030-06-01T00:00:00Z")
    second = [render.render(s).text for s in synth.synthesize(session.db)]
    assert first == second
    assert 'updated: "2026-02-01T10:00:00Z"' in first[0]
    assert "2027" not in first[0] and "2030" not in first[0]


def test_every_sentence_carries_its_marker_and_sources_list_the_memory(session):
    mid = add(
        session,
        "The cache holds thirty days. It is purged on deploy! Does it survive restarts?",
        type="fact",
        entities=["Cache"],
    )
    add(session, "The cache lives on the local NVMe disk of each worker.", type="fact", entities=["Cache"])
    spec = next(s for s in synth.synthesize(session.db) if s.kind == "entity")
    text = render.render(spec).text
    n = spec.ordered().index(next(m for m in spec.memories if m.id == mid)) + 1
    assert (
        f"The cache holds thirty days.[^m{n}] It is purged on deploy![^m{n}] Does it survive restarts?[^m{n}]" in text
    )
    assert f"{n}. {mid} · fact · " in text
    assert (
        f"[^m{n}]: “The cache holds thirty days. It is purged on deploy! Does it survive restarts?” · fact · " in text
    )
    # a question is marked as open
    assert "**Open question:** The cache holds thirty days." in text


def test_memory_text_cannot_forge_markers_links_or_html(session):
    add(
        session,
        "Arrays like a[3] and [[Secret Page]] and <script>x</script> stay text in notes.",
        type="fact",
        entities=["Parser"],
    )
    add(session, "# Heading-looking line should not become a heading in the page.", type="fact", entities=["Parser"])
    spec = next(s for s in synth.synthesize(session.db) if s.kind == "entity")
    text = render.render(spec).text
    parsed = lint.parse(text)
    assert set(parsed.markers) == {1, 2}
    assert parsed.links == ()
    assert "<script>" not in text
    assert "\n# Heading" not in text


def test_every_citation_resolves_to_a_visible_memory(session, monkeypatch):
    load_fixture(session, monkeypatch)
    rebuild(session, prose=False)
    files = vault_files(session)
    assert len(files) >= 5
    statuses = dict(session.db.rows("SELECT id, status FROM memories"))
    for name, raw in files.items():
        parsed = lint.parse(raw.decode())
        assert set(parsed.markers) <= set(parsed.sources), name
        if name != "index.md":
            assert parsed.markers, f"{name} cites nothing"
        for mid in parsed.sources.values():
            assert statuses[mid] in synth.PAGE_STATUSES, (name, mid)


def test_golden_pages(session, monkeypatch):
    load_fixture(session, monkeypatch)
    rebuild(session, prose=False)
    files = vault_files(session)
    if UPDATE_GOLDENS:
        for old in GOLDEN.glob("*.md"):
            old.unlink()
        for name, raw in files.items():
            (GOLDEN / name).write_bytes(raw)
    expected = {p.name: p.read_bytes() for p in sorted(GOLDEN.glob("*.md"))}
    assert sorted(files) == sorted(expected), "page set differs; refresh with QUIRE_UPDATE_GOLDENS=1 if intended"
    for name in files:
        assert files[name] == expected[name], f"{name} differs from goldens/pages; refresh with QUIRE_UPDATE_GOLDENS=1"


def test_same_memories_same_bytes_in_another_home(session, monkeypatch, tmp_path):
    from memory.home import Home
    from memory.session import Session

    load_fixture(session, monkeypatch)
    rebuild(session, prose=False)
    other = Session(Home(tmp_path / "other"), actor="test")
    try:
        load_fixture(other, monkeypatch)
        rebuild(other, prose=False)
        assert vault_files(other) == vault_files(session)
    finally:
        other.close()


def test_clustering_resumes_from_its_saved_state_with_identical_results(tmp_path):
    rng = np.random.default_rng(8)
    centres = rng.normal(size=(6, 384))
    mems = [_mem(i, day=1 + i % 28) for i in range(1, 120)]
    vectors = {}
    for i, m in enumerate(mems):
        v = centres[i % 6] * 4 + rng.normal(size=384) * (0.3 if i % 5 else 3.0)
        vectors[m.id] = (v / np.linalg.norm(v)).astype(np.float32)
    fresh, full_state = synth.cluster(mems, vectors)
    _, head = synth.cluster(mems[:70], vectors)
    synth.save_states({"work": head}, tmp_path / "c.npz")
    loaded = synth.load_states(tmp_path / "c.npz")["work"]
    resumed, state = synth.cluster(mems, vectors, loaded)
    assert [[m.id for m in g] for g in resumed] == [[m.id for m in g] for g in fresh]
    assert state.titles == full_state.titles and state.digest == full_state.digest
    # a vector that changed inside the saved prefix (re-embedding) forces a fresh pass
    vectors[mems[3].id] = -vectors[mems[3].id]
    again, _ = synth.cluster(mems, vectors, loaded)
    assert [[m.id for m in g] for g in again] == [[m.id for m in g] for g in synth.cluster(mems, vectors)[0]]
    # a memory gone from the prefix (forgotten) also forces a fresh pass
    fewer = mems[:10] + mems[11:]
    assert [[m.id for m in g] for g in synth.cluster(fewer, vectors, loaded)[0]] == [
        [m.id for m in g] for g in synth.cluster(fewer, vectors)[0]
    ]


def test_notes_pages_split_by_year_then_month_only_when_big():
    few = [_mem(i) for i in range(1, 6)]
    assert list(synth.notes_buckets(few)) == [""] and synth.notes_title("") == "Notes"
    many = [
        synth.Mem(
            f"m{i:03d}",
            "x",
            "note",
            None,
            "active",
            f"{2024 + (i % 2)}-{1 + i % 12:02d}-03T00:00:00Z",
            None,
            "t",
            "t",
            "",
        )
        for i in range(120)
    ]
    buckets = synth.notes_buckets(many)
    assert all(len(b) == 7 for b in buckets)  # 60 a year: too many, so months
    assert sum(len(v) for v in buckets.values()) == 120
    assert synth.notes_title("2024-03") == "Notes, March 2024" and synth.notes_title("2025") == "Notes, 2025"
    mid = many[:80]  # 40 a year: one page per year
    assert sorted(synth.notes_buckets(mid)) == ["2024", "2025"]


def test_the_chat_titles_are_those_of_the_turns_given(session, tmp_path):
    """`chat_titles` names the chats the given memories were said in (their titles write a topic's name),
    read in one pass over every turn: a chat none of them was said in is left out (the control)."""
    from tests.conftest import chat_turns

    session.import_path(
        chat_turns(
            tmp_path / "chats.jsonl",
            [
                ("2024-03-01", "We booked the ferry to Flores for June"),
                ("2024-03-02", "The pottery class moved to Tuesdays"),
            ],
        )
    )
    mems = synth.load_memories(session.db)
    turns = [m for m in mems if m.turn]
    assert len(turns) == 2
    assert synth.chat_titles(session.db, mems) == ("chat 0", "chat 1")
    flores = [m for m in turns if "Flores" in m.content]
    assert synth.chat_titles(session.db, flores) == ("chat 0",)
    assert synth.chat_titles(session.db, [m for m in mems if not m.turn]) == ()
