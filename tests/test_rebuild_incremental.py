"""The incremental rebuild plan (wiki/incremental.py): after any sequence of changes, the vault and
the pages table are byte for byte what a full rebuild of a copy of the same home makes."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

from memory.errors import InvalidInput, Superseded
from memory.home import Home
from memory.session import Session
from quire import ops
from wiki import incremental, pagemap, vault
from wiki.rebuild import rebuild

ENTITIES = ["Postgres", "Redis", "Kafka", "Nginx", "Vault"]
CHANGES = (
    *("capture", "capture", "capture", "supersede", "forget", "pin", "edit", "edit_same_stat"),
    *("delete_file", "dismiss_node", "review", "lone"),
)
PAGE_COLUMNS = (
    "id, key, slug, kind, title, space, entity, summary, body, input_hash, written_hash, seen_hash, prev_hash, "
    "pending_write, proposed_hash, owner, version, status, created_at, updated_at, former_titles"
)


def _open(home: Path) -> Session:
    return Session(Home(home), actor="test")


def _state(s: Session) -> tuple:
    db = s.db
    rows = db.rows(f"SELECT {PAGE_COLUMNS} FROM pages ORDER BY id")
    sources = db.rows("SELECT page_id, marker, memory_id FROM page_sources ORDER BY page_id, marker")
    files = {p.name: p.read_bytes() for p in sorted(s.wiki_dir.glob("*.md"))}
    return rows, sources, files


def _run(s: Session, op: str, **params):
    return ops.run_model(s, op, params)


def _capture(s: Session, rng: random.Random, n: int) -> str:
    ents = rng.sample(ENTITIES, rng.choice([1, 1, 2]))
    kind = rng.choice(["fact", "decision", "lesson", "note"])
    text = f"{ents[0]} note {n}: the {rng.choice(['backup', 'deploy', 'index'])} runs after {ents[-1]} restarts."
    space = rng.choice([{}, {}, {"space": "work"}])  # an entity's pages per space
    return _run(s, "capture", content=text, type=kind, entities=ents, **space).id


def _live(s: Session) -> list[str]:
    return [r[0] for r in s.db.rows("SELECT id FROM memories WHERE status = 'active' ORDER BY id")]


def _hand_edit(s: Session, rng: random.Random, *, keep_stat: bool) -> None:
    files = sorted(p for p in s.wiki_dir.glob("*.md") if p.name != "index.md")
    if not files:
        return
    path = rng.choice(files)
    st = path.stat()
    raw = path.read_bytes()
    if keep_stat:  # same size, mtime put back: only the ctime (and the hash) tell
        flipped = raw.replace(b"a", b"e", 1) if b"a" in raw else raw.replace(b"e", b"a", 1)
        with open(path, "r+b") as f:
            f.write(flipped)
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    else:
        path.write_bytes(raw + b"\nA line of my own.\n")


def _dismiss_node(s: Session, rng: random.Random) -> None:
    slugs = [
        r[0] for r in s.db.rows("SELECT slug FROM pages WHERE status = 'active' AND kind != 'index' ORDER BY slug")
    ]
    rng.shuffle(slugs)
    for slug in slugs:
        page_id = s.db.scalar("SELECT id FROM pages WHERE slug = ?", (slug,))
        nodes = [n for n in pagemap.nodes(s.db, page_id) if n.parent_id is not None and n.status != "dismissed"]
        if nodes:
            pagemap.change(s.db, slug, rng.choice(nodes).id, "dismiss", actor="test")
            return


def _review(s: Session, rng: random.Random) -> None:
    items = _run(s, "curate_list").model_dump()["items"]
    if items:
        item = rng.choice(items)
        if rng.random() >= 0.5:
            _run(s, "curate_dismiss", item_id=item["id"])
            return
        try:
            _run(s, "curate_accept", item_id=item["id"])
        except Superseded:  # its memory was replaced since (another item accepted): refused, nothing changed
            _run(s, "curate_dismiss", item_id=item["id"])  # as the refusal tells a person to


def _change(s: Session, rng: random.Random, n: int) -> str:
    live = _live(s)
    what = rng.choice(CHANGES)
    if what == "capture" or not live:
        _capture(s, rng, n)
    elif what == "lone":  # no entity: a cluster or notes page (the full plan)
        _run(s, "capture", content=f"Loose thought number {n} about lunch.")
    elif what == "supersede":
        _run(s, "supersede", memory_id=rng.choice(live), content=f"Changed: step {n} now runs at night.")
    elif what == "forget":
        _run(s, "forget", memory_id=rng.choice(live), reason="test")
    elif what == "pin":
        _run(s, rng.choice(["pin", "unpin"]), memory_id=rng.choice(live))
    else:
        return _change_other(s, rng, n, what)
    return what


def _both(s: Session, home: Path, tmp: Path) -> tuple:
    """Rebuild the home (its own plan) and, in its place (the same vault path), a copy of it taken
    just before with the full plan: (summary, full summary, state, full state). Closes `s`."""
    s.close()
    saved, done = tmp / "saved", tmp / "done"
    shutil.copytree(home, saved)
    s = _open(home)
    try:
        inc = rebuild(s)
        mine = _state(s)
    finally:
        s.close()
    shutil.move(home, done)
    shutil.move(saved, home)
    other = _open(home)
    try:
        full = rebuild(other, full=True)
        theirs = _state(other)
    finally:
        other.close()
    shutil.rmtree(home)
    shutil.move(done, home)
    assert full.plan == "full"
    return inc, full, mine, theirs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_incremental_rebuilds_match_a_full_rebuild_after_random_changes(tmp_path, monkeypatch, seed):
    rng = random.Random(seed)
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:00:00Z")
    home = tmp_path / "home"
    s = _open(home)
    _run(s, "spaces_add", name="work")
    for i in range(14):
        _capture(s, rng, i)
    rebuild(s)
    plans = []
    minute = 0
    for step in range(12):
        minute += rng.choice([1, 7, -3])  # the clock also moves backwards
        at = 10 * 60 + 30 + minute
        monkeypatch.setenv("QUIRE_NOW", f"2026-06-01T{at // 60:02d}:{at % 60:02d}:00Z")
        done = [_change(s, rng, step * 10 + k) for k in range(rng.choice([1, 1, 2, 3]))]
        inc, full, mine, theirs = _both(s, home, tmp_path)
        plans.append(inc.plan)
        s = _open(home)
        assert mine[2] == theirs[2], f"step {step} ({done}): the vault differs"
        assert mine[0] == theirs[0], f"step {step} ({done}): the pages table differs"
        assert mine[1] == theirs[1], f"step {step} ({done}): page sources differ"
        assert (inc.written, inc.removed, inc.index) == (full.written, full.removed, full.index)
    s.close()
    assert "incremental" in plans  # the sequence did exercise the incremental plan


LIFE = Path(__file__).resolve().parent / "fixtures" / "life"
CHAT_CHANGES = (
    *("capture", "capture", "capture", "supersede", "supersede", "forget", "forget", "pin", "edit"),
    *("edit_same_stat", "dismiss_node", "dismiss_review", "review", "forget_turn", "forget_loose", "lone"),
    "delete_file",
)
# What the incremental plan takes on a chat home; a step of these alone may still take the full
# plan only for what it did to the pages (a page came or went, a cluster's title changed), said so.
CLAIMED = {"capture", "supersede", "forget", "pin", "edit", "edit_same_stat", "dismiss_node", "dismiss_review", "lone"}
PAGES_CAME_OR_WENT = (
    "an entity page comes or goes",
    "an entity page lost its last memory",
    "a new memory makes a cluster page (its first members leave Notes)",
    "a new memory makes a Notes page",
    "the Notes page splits by year",
    "a new preference or identity may make an About me page",
    "a cluster page's title changes as it grows",
)


def _chat_home(home: Path, rng: random.Random) -> Session:
    """Two years of one person's chats imported (tests/fixtures/life), a few captures beside them."""
    s = _open(home)
    _run(s, "spaces_add", name="work")
    s.import_path(LIFE / "chatgpt.json", roles="user")
    s.import_path(LIFE / "claude.json", roles="user")
    for i in range(8):
        _capture(s, rng, i)
    return s


def _not_turns(s: Session, *, entity_pages: bool) -> list[str]:
    """Live memories that are no chat turn: on entity pages only (as the last plan placed them), one
    for each of its entities, each entity linked by another memory too (a forget erases an entity
    only it links, with its pages and the plan record); or the rest."""
    rec, _ = incremental.load(s)
    if rec is None:  # an earlier change of the step dropped it (a forget on another page)
        return []
    ids = [r[0] for r in s.db.rows("SELECT id FROM memories WHERE status = 'active' ORDER BY id")]
    held = rec.holders(set(ids) - set(rec.turns))
    only = {m for m in held if all(k.startswith("entity:") for k in held[m])}
    if not entity_pages:
        return sorted(set(held) - only)
    lone = {
        r[0]
        for r in s.db.rows(
            "SELECT me.memory_id FROM memory_entities me WHERE NOT EXISTS (SELECT 1 FROM memory_entities o "
            "JOIN memories m ON m.id = o.memory_id WHERE o.entity_id = me.entity_id AND o.memory_id != me.memory_id "
            "AND m.status != 'forgotten')"
        )
    }
    return [m for m in ids if m in only and m not in lone and len(held[m]) == len(rec.ments.get(m, ()))]


def _chat_capture(s: Session, rng: random.Random, n: int) -> None:
    """A memory about what the chats made pages of (or the seeded entities)."""
    paged = [r[0] for r in s.db.rows("SELECT entity FROM pages WHERE kind = 'entity' AND status = 'active'")]
    ents = rng.sample(sorted(set(paged)) or ENTITIES, 1) + rng.sample(ENTITIES, rng.choice([0, 0, 1]))
    kind = rng.choice(["fact", "decision", "decision", "preference", "lesson", "note"])
    text = f"{ents[0]} update {n}: the {rng.choice(['plan', 'booking', 'schedule'])} moved after {ents[-1]} called."
    _run(s, "capture", content=text, type=kind, entities=ents)


def _chat_change(s: Session, rng: random.Random, n: int) -> str:
    what = rng.choice(CHAT_CHANGES)
    mine = _not_turns(s, entity_pages=True)
    if what == "capture" or (what in ("supersede", "forget", "pin") and not mine):
        _chat_capture(s, rng, n)
        return "capture"
    if what == "supersede":
        _run(s, "supersede", memory_id=rng.choice(mine), content=f"Corrected {n}: it now happens on Thursday evenings.")
    elif what == "forget":
        _run(s, "forget", memory_id=rng.choice(mine), reason="test")
    elif what == "pin":
        _run(s, rng.choice(["pin", "unpin"]), memory_id=rng.choice(mine))
    elif what == "forget_turn":
        # any turn, one a review item quotes too: its words are cut out of the item's payload
        turns = {r[0] for r in s.db.rows("SELECT memory_id FROM session_turns")} & set(_live(s))
        _run(s, "forget", memory_id=rng.choice(sorted(turns)), reason="test")
    elif what == "forget_loose":  # a memory on a Notes, About me or cluster page
        loose = _not_turns(s, entity_pages=False)
        if loose:
            _run(s, "forget", memory_id=rng.choice(loose), reason="test")
    else:
        return _change_other(s, rng, n, what)
    return what


def _change_other(s: Session, rng: random.Random, n: int, what: str) -> str:
    """The changes a chat home shares with the other homes."""
    if what == "lone":
        _run(s, "capture", content=f"Loose thought number {n} about lunch at the office.")
    elif what in ("edit", "edit_same_stat"):
        _hand_edit(s, rng, keep_stat=what == "edit_same_stat")
    elif what == "delete_file":
        files = [p for p in s.wiki_dir.glob("*.md") if p.name != "index.md"]
        if files:
            rng.choice(sorted(files)).unlink()
    elif what == "dismiss_node":
        _dismiss_node(s, rng)
    elif what == "dismiss_review":  # the memories it named (chat turns among them) keep their pages
        items = _run(s, "curate_list").model_dump()["items"]
        if items:
            _run(s, "curate_dismiss", item_id=rng.choice(items)["id"])
    else:
        _review(s, rng)
    return what


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_on_a_chat_home_incremental_rebuilds_match_a_full_rebuild(tmp_path, monkeypatch, seed):
    rng = random.Random(seed)
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:00:00Z")
    home = tmp_path / "home"
    s = _chat_home(home, rng)
    assert s.db.scalar("SELECT count(*) FROM session_turns") > 40
    rebuild(s)
    taken = []
    for step in range(16):
        at = 10 * 60 + 30 + step * 7
        monkeypatch.setenv("QUIRE_NOW", f"2026-06-01T{at // 60:02d}:{at % 60:02d}:00Z")
        done = {_chat_change(s, rng, step * 10 + k) for k in range(rng.choice([1, 1, 2]))}
        inc, full, mine, theirs = _both(s, home, tmp_path)
        s = _open(home)
        assert mine[2] == theirs[2], f"step {step} ({done}): the vault differs"
        assert mine[0] == theirs[0], f"step {step} ({done}): the pages table differs"
        assert mine[1] == theirs[1], f"step {step} ({done}): page sources differ"
        assert (inc.written, inc.removed, inc.index) == (full.written, full.removed, full.index)
        if done <= CLAIMED:
            assert inc.plan == "incremental" or inc.plan_reason in PAGES_CAME_OR_WENT, (step, done, inc.plan_reason)
            taken.append(inc.plan)
    s.close()
    assert taken.count("incremental") >= 3  # the sequence did exercise the incremental plan


def _home_with_pages(tmp_path: Path) -> Session:
    s = _open(tmp_path / "home")
    for i, ent in enumerate(ENTITIES * 2):
        _run(s, "capture", content=f"{ent} runbook step {i}: restart {ent} after the backup.", entities=[ent])
    rebuild(s)
    return s


def test_one_new_memory_takes_the_incremental_plan_and_first_rebuild_says_why(tmp_path):
    s = _open(tmp_path / "home")
    for i, ent in enumerate(ENTITIES * 2):
        _run(s, "capture", content=f"{ent} runbook step {i}: restart {ent} after the backup.", entities=[ent])
    first = rebuild(s)
    assert first.plan == "full" and "first rebuild" in first.plan_reason
    _run(s, "capture", content="Redis keeps its snapshot on the second disk.", entities=["Redis"])
    second = rebuild(s)
    assert (second.plan, second.plan_reason) == ("incremental", "")
    assert second.written == 1 and second.index == "written"
    assert rebuild(s, full=True).plan_reason == "--full asked for the full plan"
    s.close()


def test_an_edit_that_keeps_size_and_mtime_is_still_kept(tmp_path):
    s = _home_with_pages(tmp_path)
    path = s.wiki_dir / "redis.md"
    st = path.stat()
    raw = path.read_bytes()
    edited = raw.replace(b"restart", b"RESTART", 1)
    assert len(edited) == len(raw)
    with open(path, "r+b") as f:
        f.write(edited)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    summary = rebuild(s)
    assert summary.plan == "incremental" and summary.hand_edits == ["redis"]
    assert s.db.scalar("SELECT owner FROM pages WHERE slug = 'redis'") == "human"
    assert path.read_bytes() == edited
    s.close()


def test_a_page_file_deleted_by_hand_takes_the_full_plan_and_stays_deleted(tmp_path):
    s = _home_with_pages(tmp_path)
    (s.wiki_dir / "kafka.md").unlink()
    summary = rebuild(s)
    assert summary.deletions == ["kafka"] and summary.plan == "full"
    assert "deleted" in summary.plan_reason
    assert not (s.wiki_dir / "kafka.md").exists()
    _run(s, "capture", content="Kafka retention is seven days.", entities=["Kafka"])
    later = rebuild(s)
    assert later.plan == "incremental" and not (s.wiki_dir / "kafka.md").exists()
    s.close()


def test_a_rebuild_killed_after_its_rows_then_an_incremental_one_gives_the_full_result(tmp_path, monkeypatch):
    from wiki import rebuild as rebuild_mod

    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:00:00Z")
    home = tmp_path / "home"
    s = _home_with_pages(tmp_path)
    _run(s, "capture", content="Nginx reloads without dropping connections.", entities=["Nginx"])
    s.close()
    shutil.copytree(home, tmp_path / "before")
    s = _open(home)

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # the process dies between the rows (phase A) and the files (phase B)

    with monkeypatch.context() as m:
        m.setattr(rebuild_mod, "_phase_b", killed)
        with pytest.raises(KeyboardInterrupt):
            rebuild(s)
    after = rebuild(s)
    assert after.plan == "full" and "did not finish" in after.plan_reason
    mine = _state(s)
    s.close()
    shutil.move(home, tmp_path / "done")
    shutil.move(tmp_path / "before", home)
    other = _open(home)
    rebuild(other, full=True)
    theirs = _state(other)
    other.close()
    assert mine[2] == theirs[2] and mine[0] == theirs[0]


def test_a_damaged_or_foreign_record_takes_the_full_plan(tmp_path):
    s = _home_with_pages(tmp_path)
    record = s.state_dir / "wiki-plan.bin"
    record.write_bytes(b"{not json")
    _run(s, "capture", content="Vault seals at boot.", entities=["Vault"])
    assert "damaged" in rebuild(s).plan_reason
    _run(s, "capture", content="Vault unseal needs three keys.", entities=["Vault"])
    assert rebuild(s).plan == "incremental"
    s.db.execute("UPDATE meta SET value = 'other' WHERE key = 'wiki_plan_token'")
    assert "not the one" in rebuild(s).plan_reason
    s.close()


def test_a_record_with_one_byte_changed_is_never_read_as_a_plan(tmp_path):
    s = _home_with_pages(tmp_path)
    record = s.state_dir / "wiki-plan.bin"
    raw = bytearray(record.read_bytes())
    middle = len(raw) // 2
    raw[middle] ^= 0x01  # still well-formed to marshal, most likely: a different plan, not an error
    record.write_bytes(bytes(raw))
    _run(s, "capture", content="Vault seals at boot.", entities=["Vault"])
    assert "damaged" in rebuild(s).plan_reason
    s.close()


def test_two_rebuilds_at_once_are_refused(tmp_path):
    from memory.errors import Conflict

    s = _home_with_pages(tmp_path)
    with vault.run_lock(s.home.root, "rebuild"), pytest.raises(Conflict):
        rebuild(s)
    s.close()


def test_a_rollback_makes_the_next_rebuild_plan_everything(tmp_path):
    from wiki.rebuild import rollback

    s = _home_with_pages(tmp_path)
    _run(s, "capture", content="Postgres vacuums at night.", entities=["Postgres"])
    assert rebuild(s).plan == "incremental"
    rollback(s, actor="test")
    after = rebuild(s)
    assert after.plan == "full" and "no record" in after.plan_reason
    s.close()


def test_full_from_the_cli_and_the_library(tmp_path, monkeypatch, cli_json, quire_home):
    import quire

    cli_json("capture", "Kafka keeps seven days of logs.", "--entity", "Kafka")
    cli_json("capture", "Kafka brokers restart one at a time.", "--entity", "Kafka")
    assert cli_json("rebuild")["plan"] == "full"
    cli_json("capture", "Kafka topics have three replicas.", "--entity", "Kafka")
    assert cli_json("rebuild")["plan"] == "incremental"
    forced = cli_json("rebuild", "--full")
    assert (forced["plan"], forced["plan_reason"]) == ("full", "--full asked for the full plan")
    with quire.open(quire_home) as q:
        assert q.rebuild(full=True).plan_reason == "--full asked for the full plan"
        assert q.rebuild().plan == "incremental"


def test_an_encrypted_home_keeps_its_plan_record_sealed(cli_json, quire_home, monkeypatch):
    from memory import keys

    monkeypatch.setenv("QUIRE_KEY", "correct-horse-battery-staple-9")
    keys._UNLOCKED.clear()
    try:
        cli_json("capture", "Marisol Quenby keeps seven days of logs.", "--entity", "Marisol Quenby")
        cli_json("capture", "Marisol Quenby restarts brokers one at a time.", "--entity", "Marisol Quenby")
        cli_json("rebuild")
        cli_json("encrypt", "--key")
        assert cli_json("rebuild")["plan"] == "full"
        cli_json("capture", "Marisol Quenby wants three replicas.", "--entity", "Marisol Quenby")
        assert cli_json("rebuild")["plan"] == "incremental"
        cache = quire_home / "cache"
        assert (cache / "wiki-plan.sealed").exists() and not (cache / "wiki-plan.bin").exists()
        assert b"Quenby" not in (cache / "wiki-plan.sealed").read_bytes()
    finally:
        keys._UNLOCKED.clear()


@pytest.mark.parametrize("what", ["folder", "fifo"])
@pytest.mark.parametrize("full", [False, True])
def test_a_page_file_replaced_by_a_folder_or_a_fifo_is_refused_in_one_line(tmp_path, what, full):
    # A folder raised IsADirectoryError (a traceback); a FIFO blocked the rebuild for ever.
    s = _home_with_pages(tmp_path)
    path = s.wiki_dir / "redis.md"
    path.unlink()
    _run(s, "capture", content="Redis keeps its snapshot on the second disk.", entities=["Redis"])
    before = _state(s)
    path.mkdir() if what == "folder" else os.mkfifo(path)
    with pytest.raises(InvalidInput, match=r"redis\.md is (a folder|a FIFO \(named pipe\)).*move it out of the vault"):
        rebuild(s, full=full)
    path.rmdir() if what == "folder" else path.unlink()
    assert _state(s) == before  # nothing written, no page row changed
    assert rebuild(s).plan == "full"  # the file deleted by hand: the page stays deleted, as for any deletion
    s.close()


def test_on_a_chat_home_everyday_changes_take_the_incremental_plan(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:00:00Z")
    s = _open(tmp_path / "home")
    s.import_path(LIFE / "chatgpt.json", roles="user")
    assert rebuild(s).plan == "full"
    lisbon = _run(s, "capture", content="Lisbon flat: the lease renews every March.", entities=["Lisbon"]).id
    first = rebuild(s)
    assert (first.plan, first.plan_reason, first.written) == ("incremental", "", 1)  # a page the turns made
    decided = _run(s, "capture", content="Lisbon move: we rent in Alfama first.", type="decision", entities=["Lisbon"])
    assert rebuild(s).plan == "incremental"
    _run(s, "supersede", memory_id=decided.id, content="Lisbon move: we rent in Graça first, not Alfama.")
    assert rebuild(s).plan == "incremental"
    _run(s, "capture", content="The dentist moved my cleaning to the first week of July this year.")
    loose = rebuild(s)  # no entity: Notes (or a cluster), placed as the full pass would
    assert (loose.plan, loose.plan_reason, loose.written) == ("incremental", "", 1)
    _run(s, "forget", memory_id=lisbon, reason="test")
    assert rebuild(s).plan == "incremental"
    turn = s.db.scalar("SELECT memory_id FROM session_turns ORDER BY memory_id LIMIT 1")
    _run(s, "forget", memory_id=turn, reason="test")
    after = rebuild(s)
    assert after.plan == "full" and after.plan_reason.startswith("a forget removed the plan record")
    s.close()


def test_a_new_memory_joins_its_cluster_page_as_a_full_rebuild_would(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:00:00Z")
    home = tmp_path / "home"
    s = _home_with_pages(tmp_path)
    for n, minute in ((1, 11), (2, 12), (3, 13)):
        monkeypatch.setenv("QUIRE_NOW", f"2026-06-01T10:{minute}:00Z")
        _run(s, "capture", content=f"Loose thought number {n} about lunch at the office canteen.")
    rebuild(s)  # three alike: a cluster page (the full plan: it comes)
    assert s.db.scalar("SELECT count(*) FROM pages WHERE kind = 'cluster' AND status = 'active'") == 1
    for n, minute in ((4, 14), (5, 15)):
        monkeypatch.setenv("QUIRE_NOW", f"2026-06-01T10:{minute}:00Z")
        _run(s, "capture", content=f"Loose thought number {n} about lunch at the office canteen.")
        inc, _, mine, theirs = _both(s, home, tmp_path)
        s = _open(home)
        assert (inc.plan, inc.plan_reason, inc.written) == ("incremental", "", 1)
        assert mine == theirs
    on_cluster = "SELECT count(*) FROM page_sources ps JOIN pages p ON p.id = ps.page_id WHERE p.kind = 'cluster'"
    assert s.db.scalar(on_cluster) == 5
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:01:00Z")  # captured before the cluster's last memory
    _run(s, "capture", content="Loose thought number 6 about lunch at the office canteen.")
    assert rebuild(s).plan_reason == "a new memory no entity page takes is not the last in capture order"
    s.close()


def _unhashed(sources: list[Path]) -> set[str]:
    """Modules a rebuild runs (of the layers pages are made from) whose file the plan's code digest leaves out."""
    import sys

    import wiki.rebuild  # noqa: F401  (every module a rebuild runs is loaded by now)

    root = Path(incremental.__file__).resolve().parent.parent
    hashed = {p.resolve() for p in sources}
    loaded = {Path(m.__file__).resolve() for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
    layers = [root / layer for layer in ("memory", "retrieval", "wiki")]
    return {str(p.relative_to(root)) for p in loaded if any(p.is_relative_to(d) for d in layers) and p not in hashed}


def test_the_plan_record_is_keyed_to_every_module_pages_are_made_from():
    """A page of an unchanged memory is kept as the record says only while the code that made it
    is the same: the names read from a chat turn (memory/names.py), the person's life
    (memory/life.py, its word lists) shape pages as much as wiki/ does. Before, only wiki/'s own
    files were hashed, and an upgrade that read names otherwise left the old entity pages up."""
    assert _unhashed(incremental.sources()) == set()
    # control: the digest as it was (the wiki's files alone) misses the modules that read the text
    wiki_only = [p for p in incremental.sources() if p.parent.name == "wiki"]
    assert {"memory/names.py", "memory/life.py"} <= _unhashed(wiki_only)


def test_new_code_for_what_pages_are_made_from_takes_the_full_plan(tmp_path, monkeypatch):
    s = _home_with_pages(tmp_path)
    _run(s, "capture", content="Vault seals at boot.", entities=["Vault"])
    assert rebuild(s).plan == "incremental"
    monkeypatch.setattr(incremental, "_code_digest", lambda: "names read another way")
    _run(s, "capture", content="Vault unseal needs three keys.", entities=["Vault"])
    after = rebuild(s)
    assert after.plan == "full" and "quire" in after.plan_reason
    s.close()
