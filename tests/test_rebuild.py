"""`quire rebuild` / `rollback`: incremental, locked, snapshotted, and safe to kill."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory import erase, review
from memory.db import FileDatabase
from tests.conftest import ROOT, run_forked
from tests.test_synth import add, rebuild
from wiki import pagemap, pages, resolve, vault
from wiki.rebuild import KEEP_SNAPSHOTS, list_snapshots, rollback


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.md"))}


def _stats(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(folder.glob("*.md"))}


def _corpus(session, topics=("Postgres", "Redis", "Kafka")) -> None:
    for t in topics:
        for i in range(2):
            add(session, f"{t} runbook step {i} explains how to restart the {t} service safely.", entities=[t])


def test_second_rebuild_with_no_new_memories_writes_no_file(session, db):
    _corpus(session)
    first = rebuild(session)
    assert first.written == 3 and first.index == "written"
    before = _stats(session.wiki_dir)
    runs = db.scalar("SELECT count(*) FROM wiki_runs")
    second = rebuild(session)
    assert (second.written, second.unchanged, second.revisions, second.index) == (0, 3, 0, "unchanged")
    assert second.snapshot is None
    assert _stats(session.wiki_dir) == before
    assert db.scalar("SELECT count(*) FROM wiki_runs") == runs


def test_one_new_memory_rewrites_only_its_page_and_the_index(session):
    _corpus(session)
    rebuild(session)
    before = _stats(session.wiki_dir)
    add(session, "Kafka consumers commit offsets after the batch is stored.", entities=["Kafka"])
    summary = rebuild(session)
    assert summary.written == 1 and summary.index == "written"
    after = _stats(session.wiki_dir)
    changed = {name for name in after if after[name] != before.get(name)}
    assert changed == {"kafka.md", "index.md"}


def test_rebuild_json_summary(session, cli_json):
    _corpus(session)
    data = cli_json("rebuild")
    assert {"written", "unchanged", "revisions", "skipped", "removed", "seconds"} <= set(data)
    assert data["written"] == 3


def test_rebuild_runs_decay_and_embeds_deferred_captures(session, db, cli):
    result = cli(
        "capture", "Deferred capture about the Grafana alert routing tree.", "--defer-embed", "--entity", "Grafana"
    )
    assert result.exit_code == 0
    assert db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 1
    summary = rebuild(session)
    assert summary.embedded == 1
    assert db.scalar("SELECT count(*) FROM memories WHERE embedding IS NULL") == 0
    assert summary.decay is not None and summary.decay["scanned"] == 1


def test_a_second_runner_exits_1_with_a_clear_message(session, quire_home):
    _corpus(session)
    with vault.run_lock(quire_home):
        result = run_forked("rebuild")  # a real process held off by the lock this one holds
    assert result.returncode == 1
    assert "another quire rebuild or rollback is running" in result.stderr
    assert not (session.wiki_dir / "index.md").exists()


def test_snapshots_keep_the_last_five(session, quire_home):
    _corpus(session)
    for i in range(KEEP_SNAPSHOTS + 3):
        add(session, f"Postgres tuning note {i} sets work_mem for the reporting role.", entities=["Postgres"])
        assert rebuild(session).snapshot
    snaps = list_snapshots(quire_home)
    assert len(snaps) == KEEP_SNAPSHOTS
    manifest = json.loads((snaps[-1] / "manifest.json").read_text())
    assert manifest["page_ids"] and (snaps[-1] / "tables.json").exists()


def test_rollback_returns_to_the_prior_state_and_is_audited(session, db, cli):
    _corpus(session)
    rebuild(session)
    old = _files(session.wiki_dir)
    add(session, "Kafka consumers commit offsets after the batch is stored.", entities=["Kafka"])
    add(session, "Grafana dashboards live in the ops folder of the monorepo.", entities=["Grafana"])
    add(session, "Grafana alerts page the on-call through the pager bridge.", entities=["Grafana"])
    rebuild(session)
    new = _files(session.wiki_dir)
    assert new != old and "grafana.md" in new
    result = cli("rollback", "--json")
    assert result.exit_code == 0, result.stderr
    assert _files(session.wiki_dir) == old
    assert db.scalar("SELECT count(*) FROM audit_log WHERE action = 'rollback'") == 1
    for page in pages.all_pages(db):
        if page.status == "active":
            assert vault.digest((session.wiki_dir / page.filename).read_bytes()) == page.seen_hash
    assert pages.get(db, "grafana").status == "removed"
    # nothing was lost: the next rebuild derives the same pages again
    rebuild(session)
    assert _files(session.wiki_dir) == new
    assert rebuild(session).written == 0  # and it is not mistaken for hand edits afterwards


def test_rollback_keeps_hand_edits_and_map_decisions(session, db):
    _corpus(session)
    rebuild(session)
    add(session, "Kafka consumers commit offsets after the batch is stored.", entities=["Kafka"])
    add(session, "Redis keys expire after one day unless pinned by the job.", entities=["Redis"])
    rebuild(session)
    kafka = session.wiki_dir / "kafka.md"
    kafka.write_text("kafka, my way\n")
    redis = pages.get(db, "redis")
    node = next(n for n in pagemap.nodes(db, redis.id) if n.ref_kind == "memory")
    pagemap.change(db, "redis", node.id, "dismiss", actor="person")
    report = rollback(session, actor="test")
    assert "kafka" in report.kept and "redis" in report.restored
    assert kafka.read_text() == "kafka, my way\n" and pages.get(db, "kafka").owner == "human"
    assert db.scalar("SELECT status FROM page_map_nodes WHERE id = ?", (node.id,)) == "dismissed"


def test_rollback_with_nothing_to_undo_exits_1(cli):
    result = cli("rollback")
    assert result.exit_code == 1 and "nothing to roll back" in result.stderr


@pytest.mark.parametrize("damage", ["tables", "file", "manifest_path", "bytes", "keys"])
def test_a_damaged_snapshot_is_refused_in_one_line_and_nothing_changes(session, db, cli, damage):
    """A snapshot cut short or edited stopped `quire rollback` with a JSONDecodeError traceback (a
    page file gone: FileNotFoundError); a manifest naming ../ read a file outside the snapshot."""
    _corpus(session)
    rebuild(session)
    add(session, "Kafka consumers commit offsets after the batch is stored.", entities=["Kafka"])
    rebuild(session)
    snap = list_snapshots(session.home.root)[-1]
    if damage == "tables":
        (snap / "tables.json").write_text("{cut short")
    elif damage == "file":
        for f in (snap / "files").iterdir():
            f.unlink()
    elif damage == "bytes":
        (snap / "manifest.json").write_bytes(b"\x92\xff random bytes, no JSON")
    elif damage == "keys":
        (snap / "manifest.json").write_text("{}")
    else:
        manifest = json.loads((snap / "manifest.json").read_text())
        manifest["files"] = {pid: "../../../quire.db" for pid in manifest["files"]}
        (snap / "manifest.json").write_text(json.dumps(manifest))
    before = _files(session.wiki_dir), db.rows("SELECT * FROM pages ORDER BY id")
    result = cli("rollback")
    assert result.exit_code == 1, result.stderr
    assert "is damaged" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    # In quire's words, not Python's ("'utf-8' codec can't decode byte 0x92", "JSONDecodeError: Expecting")
    python = ("codec", "DecodeError", "Expecting", "Errno", "KeyError", "FileNotFoundError", "TypeError")
    assert not any(w in result.stderr for w in python), result.stderr
    assert (_files(session.wiki_dir), db.rows("SELECT * FROM pages ORDER BY id")) == before


def test_pages_whose_memories_all_went_away(session, db):
    _corpus(session)
    rebuild(session)
    for mid in [r[0] for r in db.rows("SELECT id FROM memories WHERE content LIKE 'Redis%'")]:
        erase.forget(db, mid, actor="test")
    summary = rebuild(session)
    assert summary.removed == 1 and not (session.wiki_dir / "redis.md").exists()
    assert "[[redis" not in (session.wiki_dir / "index.md").read_text()
    # a page a person owns is never removed by the machine: a removal is proposed instead
    (session.wiki_dir / "kafka.md").write_text("my kafka notes\n")
    for mid in [r[0] for r in db.rows("SELECT id FROM memories WHERE content LIKE 'Kafka%'")]:
        erase.forget(db, mid, actor="test")
    summary = rebuild(session)
    assert summary.revisions == 1 and (session.wiki_dir / "kafka.md").read_text() == "my kafka notes\n"
    item = next(i for i in review.open_items(db, kind="page_revision"))
    assert item.payload["action"] == "remove"
    resolve.accept(session, item.id)
    assert not (session.wiki_dir / "kafka.md").exists() and pages.get(db, "kafka").status == "removed"


def test_an_interrupted_write_is_finished_not_taken_for_a_hand_edit(session, db, monkeypatch):
    from wiki import rebuild as rebuild_mod

    _corpus(session)
    rebuild(session)
    old = _files(session.wiki_dir)
    add(session, "Kafka consumers commit offsets after the batch is stored.", entities=["Kafka"])

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("killed between the database commit and the file writes")

    monkeypatch.setattr(rebuild_mod, "_phase_b", crash)
    with pytest.raises(KeyboardInterrupt):
        rebuild(session)
    assert _files(session.wiki_dir) == old
    assert db.scalar("SELECT count(*) FROM pages WHERE pending_write = 1") >= 1
    monkeypatch.undo()
    summary = rebuild(session)
    assert summary.repaired >= 1 and summary.hand_edits == [] and summary.deletions == []
    assert "offsets" in (session.wiki_dir / "kafka.md").read_text()
    assert all(p.owner == "machine" for p in pages.all_pages(db))
    assert db.scalar("SELECT count(*) FROM wiki_runs WHERE status = 'interrupted'") == 1


# -- SIGKILL at random points ------------------------------------------------------------------


def _seed(home: Path, n_topics: int, per_topic: int, round_: int) -> None:
    """Capture n_topics x per_topic memories straight through the library (fake embedder)."""
    from memory.capture import capture_many
    from memory.embed import load_embedder
    from memory.home import Home
    from memory.models import CapturePayload
    from memory.session import Session

    s = Session(Home(home), actor="seed")
    try:
        payloads = [
            CapturePayload(
                content=f"Service {t} runbook round {round_} step {i}: restart worker pool {t}-{i} "
                f"after draining its queue.",
                type="note",
                entities=[f"Service{t}"],
            )
            for t in range(n_topics)
            for i in range(per_topic)
        ]
        capture_many(s.db, payloads, actor="seed", embedder=load_embedder, check=False)
    finally:
        s.close()


def _proc_env(home: Path) -> dict:
    return {**os.environ, "QUIRE_HOME": str(home), "QUIRE_EMBEDDER": "fake", "QUIRE_NOW": "2026-08-01T09:00:00Z"}


def _quire(home: Path, *args: str, fresh: bool = False) -> subprocess.CompletedProcess:
    """A run's outcome; `fresh` for the run whose time sets the kill window, a new interpreter as
    the killed runs are (forked, the window would end before their rebuild had begun)."""
    if not fresh:
        return run_forked(*args, env=_proc_env(home), timeout=300)
    return subprocess.run(
        [sys.executable, "-m", "quire.cli", *args],
        cwd=ROOT,
        env=_proc_env(home),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_sigkill_at_random_points_leaves_old_or_new_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", "2026-08-01T09:00:00Z")
    base = tmp_path / "base"
    _seed(base, n_topics=150, per_topic=4, round_=1)
    assert _quire(base, "rebuild").returncode == 0
    old = _files(base / "wiki")
    _seed(base, n_topics=150, per_topic=2, round_=2)  # every page changes
    expected = tmp_path / "expected"
    shutil.copytree(base, expected)
    started = time.perf_counter()
    assert _quire(expected, "rebuild", fresh=True).returncode == 0
    duration = time.perf_counter() - started
    new = _files(expected / "wiki")
    assert set(new) == set(old) and all(new[k] != old[k] for k in new if k != "index.md")

    rng = random.Random(11)
    for attempt in range(4):
        work = tmp_path / f"kill{attempt}"
        shutil.copytree(base, work)
        proc = subprocess.Popen(
            [sys.executable, "-m", "quire.cli", "rebuild"],
            cwd=ROOT,
            env=_proc_env(work),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.2, duration))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        # every page is the old or the new bytes, nothing else
        now = _files(work / "wiki")
        assert set(now) == set(old)
        for name, data in now.items():
            assert data in (old[name], new[name]), f"attempt {attempt}: {name} is neither old nor new"
        db = FileDatabase(work / "quire.db")
        assert db.scalar("PRAGMA integrity_check") == "ok"
        committed = db.scalar("SELECT count(*) FROM wiki_runs WHERE status != 'rolled_back'")
        for row in db.dicts("SELECT slug, seen_hash FROM pages WHERE pending_write = 0 AND status = 'active'"):
            assert vault.digest((work / "wiki" / f"{row['slug']}.md").read_bytes()) == row["seen_hash"]
        db.close()
        if committed == 2:  # the killed run got its database changes in: roll it back
            result = _quire(work, "rollback")
            assert result.returncode == 0, result.stderr
        assert _files(work / "wiki") == old, f"attempt {attempt}: not back to the prior state"
        # and a full rebuild afterwards reaches exactly the state an uninterrupted run reaches
        result = _quire(work, "rebuild", "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["hand_edits"] == []
        assert _files(work / "wiki") == new


def test_a_file_saved_during_the_rebuild_is_not_overwritten(session, db, monkeypatch):
    from wiki import rebuild as rebuild_mod

    _corpus(session)
    rebuild(session)
    add(session, "Kafka consumers commit offsets after the batch is stored.", entities=["Kafka"])
    real = rebuild_mod._phase_b

    def person_saves_first(root, to_write, to_remove, progress, summary):
        (root / "kafka.md").write_text("saved by a person mid-rebuild\n")
        real(root, to_write, to_remove, progress, summary)

    monkeypatch.setattr(rebuild_mod, "_phase_b", person_saves_first)
    summary = rebuild(session)
    assert (session.wiki_dir / "kafka.md").read_text() == "saved by a person mid-rebuild\n"
    assert any("changed while the rebuild ran" in w for w in summary.warnings)
    monkeypatch.undo()
    after = rebuild(session)
    assert after.hand_edits == ["kafka"] and pages.get(db, "kafka").owner == "human"
    assert (session.wiki_dir / "kafka.md").read_text() == "saved by a person mid-rebuild\n"


def test_the_decay_pass_runs_at_most_every_twelve_hours(session, monkeypatch):
    _corpus(session)
    monkeypatch.setenv("QUIRE_NOW", "2026-09-01T01:00:00Z")
    assert rebuild(session).decay["scanned"] == 6
    monkeypatch.setenv("QUIRE_NOW", "2026-09-01T12:00:00Z")
    assert "skipped" in rebuild(session).decay
    monkeypatch.setenv("QUIRE_NOW", "2026-09-01T13:30:00Z")
    assert rebuild(session).decay["scanned"] == 6


def test_a_moved_vault_is_said_to_get_its_files_back_not_to_finish_an_interrupted_rebuild(cli, quire_home):
    # Before: "finished 2 writes an interrupted rebuild left undone" after wiki_dir moved.
    for text in (
        "We moved the ledger to PostgreSQL 16 for its transactional DDL",
        "The ledger runs its reconciliation at two",
    ):
        assert cli("capture", text, "--entity", "ledger").exit_code == 0
    assert cli("rebuild").exit_code == 0
    with (quire_home / "config.toml").open("a", encoding="utf-8") as fh:
        fh.write(f'\nwiki_dir = "{(quire_home / "vault2").as_posix()}"\n')
    out = cli("rebuild")
    assert out.exit_code == 0 and "page files missing from the vault" in out.stdout and "interrupted" not in out.stdout
    assert (quire_home / "vault2" / "ledger.md").exists()
