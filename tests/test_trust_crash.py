"""Atomic moves and crash points proven, not sampled.

Every commit (before and after), every atomic file write (after fsync, after rename) and the named
steps of backup, restore, push and pull are failpoints (memory/failpoints.py). For each command
the test records the points one run reaches, then for every point in turn copies a prepared home,
kills the command there (os._exit, as SIGKILL would), and checks what a person relies on: the
next run finishes, nothing acknowledged is lost, no page turns human-owned, a target is either as
it was or whole and new.

Each run is a real process killed for real, forked from one that imported the CLI once
(tests/zygote.py): a fresh interpreter per run cost most of these tests' time.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from memory.failpoints import KILLED
from tests.conftest import ROOT, zygote

# Each test runs a command once per crash point (10-40 points, three runs each): minutes on a
# loaded machine, so past the suite's default limit on purpose.
pytestmark = pytest.mark.timeout(1800)


def _run(home: Path, *args: str, point: str | None = None, trace: Path | None = None, env: dict | None = None):
    full = {k: v for k, v in os.environ.items() if not k.startswith("QUIRE_")}
    full |= {"QUIRE_HOME": str(home), "QUIRE_EMBEDDER": "fake", **(env or {})}
    if point:
        full["QUIRE_FAILPOINT"] = point
    if trace:
        full["QUIRE_FAILPOINT_TRACE"] = str(trace)
    return zygote().run(list(args), env=full, timeout=180)  # the worker's fork server, shared with run_forked


def _points(home: Path, tmp: Path, *args: str, env: dict | None = None) -> list[str]:
    trace = tmp / "trace.txt"
    trace.unlink(missing_ok=True)
    result = _run(home, *args, trace=trace, env=env)
    assert result.returncode == 0, result.stderr
    return trace.read_text().splitlines() if trace.exists() else []


def _rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _facts(tmp: Path, n: int, tag: str) -> Path:
    path = tmp / f"{tag}.jsonl"
    path.write_text(
        "".join(
            json.dumps(
                {
                    "content": f"{tag} fact {i}: the {['Atlas', 'Borealis', 'Cygnus'][i % 3]} service runs on host {i}",
                    "entities": [["Atlas", "Borealis", "Cygnus"][i % 3]],
                }
            )
            + "\n"
            for i in range(n)
        )
    )
    return path


def _every_point(template: Path, tmp: Path, args: tuple[str, ...], check, env: dict | None = None) -> int:
    """Kill `args` at each of its points in turn (on a fresh copy of `template`); `check(home)` after
    the next run. Returns the number of points proven."""
    points = _points(_copy(template, tmp / "probe"), tmp, *args, env=env)
    assert points, "the command reached no failpoint"
    for line in points:
        n = line.split()[0]
        home = _copy(template, tmp / f"at-{n}")
        killed = _run(home, *args, point=n, env=env)
        assert killed.returncode == KILLED, (line, killed.stderr)
        again = _run(home, *args, env=env)
        assert again.returncode == 0, (line, again.stderr)
        check(home, line)
        shutil.rmtree(home)
    return len(points)


def _copy(template: Path, dest: Path) -> Path:
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(template, dest, symlinks=True)
    return dest


def _no_human_pages(home: Path, line: str) -> None:
    owned = _rows(home / "quire.db", "SELECT slug FROM pages WHERE owner = 'human'")
    assert owned == [], (line, owned)


def test_import_killed_at_every_point_loses_nothing_and_the_rerun_finishes(tmp_path):
    template = tmp_path / "template"
    template.mkdir()
    facts = _facts(tmp_path, 12, "import")

    def check(home: Path, line: str) -> None:
        n = _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0]
        assert n == 12, (line, n)

    proven = _every_point(template, tmp_path, ("import", str(facts), "--defer-embed"), check)
    assert proven >= 2


def test_rebuild_killed_at_every_point_never_turns_a_page_human_owned(tmp_path):
    template = tmp_path / "template"
    assert _run(template, "import", str(_facts(tmp_path, 9, "first")), "--defer-embed").returncode == 0
    assert _run(template, "rebuild").returncode == 0
    assert _run(template, "import", str(_facts(tmp_path, 6, "second")), "--defer-embed").returncode == 0

    def check(home: Path, line: str) -> None:
        _no_human_pages(home, line)
        assert _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0] == 15
        again = _run(home, "import", str(_facts(tmp_path, 3, "third")), "--defer-embed")
        assert again.returncode == 0
        after = _run(home, "rebuild", "--json")
        assert after.returncode == 0, (line, after.stderr)
        _no_human_pages(home, line)

    assert _every_point(template, tmp_path, ("rebuild",), check) >= 4


def test_forget_killed_at_every_point_finishes_on_the_rerun(tmp_path):
    template = tmp_path / "template"
    stored = _run(template, "capture", "Marisol Quenby from HR told me in confidence about the reorg", "--json")
    mid = json.loads(stored.stdout)["id"]
    assert _run(template, "import", str(_facts(tmp_path, 4, "other")), "--defer-embed").returncode == 0
    assert _run(template, "rebuild").returncode == 0

    def check(home: Path, line: str) -> None:
        left = _rows(home / "quire.db", "SELECT count(*) FROM memories WHERE content LIKE '%Quenby%'")[0][0]
        assert left == 0, line
        assert _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0] >= 4
        _no_human_pages(home, line)

    assert _every_point(template, tmp_path, ("forget", mid), check) >= 2


def test_forget_killed_at_every_point_leaves_no_copy_once_rerun(tmp_path):
    # A forget killed after its commit left its text in the vault, the snapshots and the backups, and
    # the person's second `quire forget` said "already forgotten (nothing changed)", exit 0: only the
    # next rebuild cleaned them. The rerun finishes them itself.
    template = tmp_path / "template"
    secret = "Marisol Quenby from HR told me in confidence about the reorg"
    mid = json.loads(_run(template, "capture", secret, "--entity", "Marisol Quenby", "--json").stdout)["id"]
    other = "Marisol Quenby organises the quarterly team offsite in the mountains"
    assert _run(template, "capture", other, "--entity", "Marisol Quenby").returncode == 0
    assert _run(template, "rebuild").returncode == 0
    assert _run(template, "backup").returncode == 0

    def check(home: Path, line: str) -> None:
        held = [str(p.relative_to(home)) for p in home.rglob("*") if p.is_file() and b"in confidence" in p.read_bytes()]
        assert held == [], (line, held)
        assert "(nothing changed)" in _run(home, "forget", mid).stdout  # finished: a third run finds nothing

    assert _every_point(template, tmp_path, ("forget", mid), check) >= 4


def test_rollback_killed_at_every_point_is_finished_by_the_rerun_not_doubled(tmp_path):
    # A rollback killed after its commit, before its files were written, left its pages pending and
    # the vault with the rebuild's files; the rerun then rolled back the rebuild before it as well
    # (two rebuilds undone for one asked). The rerun finishes the first rollback instead.
    template = tmp_path / "template"
    assert _run(template, "import", str(_facts(tmp_path, 6, "first")), "--defer-embed").returncode == 0
    assert _run(template, "rebuild").returncode == 0
    assert _run(template, "import", str(_facts(tmp_path, 6, "second")), "--defer-embed").returncode == 0
    assert _run(template, "rebuild").returncode == 0
    points = _points(_copy(template, tmp_path / "count"), tmp_path, "rollback")
    # Once the rollback's last commit is in, it is done: a second rollback is a new one.
    done_at = [int(line.split()[0]) for line in points if line.endswith("commit.after")][-1]

    def check(home: Path, line: str) -> None:
        rolled = _rows(home / "quire.db", "SELECT id FROM wiki_runs WHERE status = 'rolled_back' ORDER BY id")
        assert len(rolled) == (1 if int(line.split()[0]) < done_at else 2), (line, rolled)
        _no_human_pages(home, line)
        assert _rows(home / "quire.db", "SELECT count(*) FROM pages WHERE pending_write = 1")[0][0] == 0, line
        for slug, status, seen in _rows(home / "quire.db", "SELECT slug, status, seen_hash FROM pages"):
            on_disk = home / "wiki" / f"{slug}.md"
            assert on_disk.exists() == (status == "active"), (line, slug, status)
            if status == "active":  # the file is the one the row says is there
                assert hashlib.sha256(on_disk.read_bytes()).hexdigest() == seen, (line, slug)
        after = _run(home, "rebuild", "--json")
        assert after.returncode == 0, (line, after.stderr)
        _no_human_pages(home, line)

    assert _every_point(template, tmp_path, ("rollback",), check) >= 4


def test_backup_killed_at_every_point_leaves_no_half_backup(tmp_path):
    template = tmp_path / "template"
    assert _run(template, "import", str(_facts(tmp_path, 8, "b")), "--defer-embed").returncode == 0

    def check(home: Path, line: str) -> None:
        backups = sorted((home / "backups").glob("quire-*.db"))
        assert backups and not list((home / "backups").glob(".quire-*")), line
        for b in backups:  # every finished backup is whole
            assert _rows(b, "PRAGMA integrity_check") == [("ok",)]
            assert _rows(b, "SELECT count(*) FROM memories")[0][0] == 8

    assert _every_point(template, tmp_path, ("backup",), check) >= 3


def test_restore_killed_at_every_point_leaves_the_old_file_or_the_backup(tmp_path):
    template = tmp_path / "template"
    assert _run(template, "import", str(_facts(tmp_path, 5, "r")), "--defer-embed").returncode == 0
    made = json.loads(_run(template, "backup", "--json").stdout)["path"]
    assert _run(template, "import", str(_facts(tmp_path, 3, "later")), "--defer-embed").returncode == 0
    rel = Path(made).relative_to(template)

    points = _points(_copy(template, tmp_path / "probe"), tmp_path, "restore", str(tmp_path / "probe" / rel))
    for line in points:
        n = line.split()[0]
        home = _copy(template, tmp_path / f"at-{n}")
        killed = _run(home, "restore", str(home / rel), point=n)
        assert killed.returncode == KILLED, (line, killed.stderr)
        count = _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0]
        assert count in (5, 8), (line, count)  # the old file, or the backup whole
        assert _run(home, "restore", str(home / rel)).returncode == 0
        assert _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0] == 5
        shutil.rmtree(home)


def test_push_force_killed_at_every_point_leaves_the_server_as_it_was_or_whole(tmp_path, sqld_url):
    from memory.db import RemoteDatabase

    old = tmp_path / "old"
    assert _run(old, "import", str(_facts(tmp_path, 4, "old")), "--defer-embed").returncode == 0
    assert _run(old, "store", "push", sqld_url).returncode == 0
    template = tmp_path / "template"
    assert _run(template, "import", str(_facts(tmp_path, 7, "new")), "--defer-embed").returncode == 0

    def server_count() -> int:
        db = RemoteDatabase(sqld_url, anchor=tmp_path / "x.db")
        try:
            return int(db.scalar("SELECT count(*) FROM memories"))
        finally:
            db.close()

    probe = _copy(template, tmp_path / "probe")
    # A copy is a new file to the open check: its first command checks it in full and stamps it,
    # points the template's own runs do not reach. Settled first, the probe counts only the push's.
    assert _run(probe, "status").returncode == 0
    points = _points(probe, tmp_path, "store", "push", sqld_url, "--force")
    assert any("push.wiped" in p for p in points)
    for line in points:
        n = line.split()[0]
        assert _run(old, "store", "push", sqld_url, "--force").returncode == 0  # the server as it was
        killed = _run(template, "store", "push", sqld_url, "--force", point=n)
        assert killed.returncode == KILLED, (line, killed.stderr)
        assert server_count() in (4, 7), line  # never wiped, never half
        again = _run(template, "store", "push", sqld_url, "--force")
        assert again.returncode == 0, (line, again.stderr)
        assert server_count() == 7


def test_pull_force_killed_at_every_point_leaves_the_home_as_it_was_or_whole(tmp_path, sqld_url):
    server_home = tmp_path / "server-home"
    assert _run(server_home, "import", str(_facts(tmp_path, 6, "srv")), "--defer-embed").returncode == 0
    assert _run(server_home, "store", "push", sqld_url).returncode == 0
    template = tmp_path / "template"
    assert _run(template, "import", str(_facts(tmp_path, 3, "local")), "--defer-embed").returncode == 0

    points = _points(_copy(template, tmp_path / "probe"), tmp_path, "store", "pull", sqld_url, "--force")
    for line in points:
        n = line.split()[0]
        home = _copy(template, tmp_path / f"at-{n}")
        killed = _run(home, "store", "pull", sqld_url, "--force", point=n)
        assert killed.returncode == KILLED, (line, killed.stderr)
        count = _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0]
        assert count in (3, 6), (line, count)  # the old file, or the pulled one whole: never an empty home
        again = _run(home, "store", "pull", sqld_url, "--force", "--json")
        assert again.returncode == 0, (line, again.stderr)
        assert _rows(home / "quire.db", "SELECT count(*) FROM memories")[0][0] == 6
        kept = json.loads(again.stdout)["previous"]
        assert kept and Path(kept).exists()
        shutil.rmtree(home)


def test_sync_killed_at_every_point_lands_each_queued_capture_exactly_once(tmp_path, sqld_url):
    from memory.db import RemoteDatabase
    from tests.conftest import wipe_server

    template = tmp_path / "template"
    offline = {"QUIRE_DB_URL": "ws://127.0.0.1:9"}
    for i in range(3):
        queued = _run(template, "capture", f"Queued offline capture number {i} about the Lisbon office", env=offline)
        assert queued.returncode == 0 and "queued" in queued.stdout, queued.stderr
    online = {"QUIRE_DB_URL": sqld_url}

    def landed() -> int:
        db = RemoteDatabase(sqld_url, anchor=tmp_path / "x.db")
        try:
            return int(db.scalar("SELECT count(*) FROM memories WHERE content LIKE 'Queued offline capture%'"))
        finally:
            db.close()

    points = _points(_copy(template, tmp_path / "probe"), tmp_path, "sync", env=online)
    assert sum("commit" in p for p in points) >= 3
    for line in points:
        wipe_server(sqld_url, tmp_path / "wipe")
        n = line.split()[0]
        home = _copy(template, tmp_path / f"at-{n}")
        killed = _run(home, "sync", point=n, env=online)
        assert killed.returncode == KILLED, (line, killed.stderr)
        again = _run(home, "sync", "--json", env=online)
        assert again.returncode == 0, (line, again.stderr)
        assert landed() == 3, line  # each exactly once: the idempotency key holds across the kill
        shutil.rmtree(home)


def test_a_forked_run_exits_as_a_fresh_interpreter_does_and_dies_at_its_point(tmp_path):
    """The fork server is only a faster `python -m quire.cli`: the same status and output, a real kill."""
    from tests.conftest import run_quire

    home = tmp_path / "home"
    env = {"QUIRE_HOME": str(home)}
    offline = {"QUIRE_DB_URL": "ws://127.0.0.1:9"}  # the server client's loop thread and session, refused
    for args, extra in (
        (["nosuchcommand"], {}),
        (["forget", "999999"], {}),
        (["stats", "--json"], {}),
        (["sync"], offline),
    ):
        fresh, forked = run_quire(*args, env=env | extra), _run(home, *args, env=extra)
        assert (forked.returncode, forked.stdout, forked.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert {run_quire("nosuchcommand", env=env).returncode, _run(home, "forget", "999999").returncode} == {1, 2}
    killed = _run(home, "capture", "Killed before this capture commits", point="commit.before")
    assert killed.returncode == KILLED and killed.stdout == ""
    assert _rows(home / "quire.db", "SELECT count(*) FROM memories WHERE content LIKE 'Killed%'") == [(0,)]
    assert _run(home, "capture", "After the kill the next one lands", "--json").returncode == 0


def test_a_forked_script_exits_as_python_c_does_and_dies_at_its_point(tmp_path):
    """`run_code_forked` is only a faster `python -c`: the same argv, status, output and traceback."""
    from tests.conftest import run_code_forked

    env = {k: v for k, v in os.environ.items() if not k.startswith("QUIRE_")}
    for code in (
        "import sys\nprint(sys.argv, flush=True)",
        "import sys\nsys.exit(sys.argv[1])",
        "raise SystemExit(3)",
        "print('before')\n1 / 0",
    ):
        fresh = subprocess.run(
            [sys.executable, "-c", code, "two words"], capture_output=True, text=True, env=env, cwd=ROOT
        )
        forked = run_code_forked(code, "two words", env=env)
        assert (forked.returncode, forked.stdout, forked.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    db = tmp_path / "kill.db"
    script = (
        "import sys\nfrom memory.db import FileDatabase\ndb = FileDatabase(sys.argv[1])\n"
        "with db.transaction():\n    db.execute('CREATE TABLE IF NOT EXISTS t (x)')\n"
        "    db.execute('INSERT INTO t VALUES (1)')\nprint(db.scalar('SELECT count(*) FROM t'))"
    )
    killed = run_code_forked(script, str(db), env=env | {"QUIRE_FAILPOINT": "commit.before"})
    assert (killed.returncode, killed.stdout, killed.stderr) == (KILLED, "", "")
    again = run_code_forked(script, str(db), env=env)
    assert (again.returncode, again.stdout) == (0, "1\n")  # the killed one's row never landed


@pytest.mark.model
def test_a_forked_run_whose_encoder_left_its_thread_pool_exits(tmp_path):
    """The real encoder spreads an import's chunks over a pool it keeps: its idle workers end only
    when threading's exit hook tells them, which a forked run must call as the interpreter does."""
    facts = _facts(tmp_path, 130, "pool")  # more than one chunk of 64: the pool is used
    env = {"QUIRE_EMBEDDER": "minilm", "QUIRE_ENCODER_THREADS": "2", "HF_HUB_OFFLINE": "1"}
    done = _run(tmp_path / "home", "import", str(facts), "--json", env=env)
    assert done.returncode == 0 and json.loads(done.stdout)["stored"] == 130, done.stderr


def test_encrypt_killed_at_every_point_then_a_capture_then_encrypt_again(tmp_path):
    """Past its marker a killed `quire encrypt` has already converted the files: the next encrypt
    must finish it, never put the plaintext copy back over them (that lost every write made since
    and left a plaintext file under an encrypted marker). Until then no command opens the home."""
    from memory import keys
    from tests.test_privacy import KEY, TEXTS, leaks, windows

    base, env = tmp_path / "base", {"QUIRE_KEY": KEY}
    for text in TEXTS:
        assert _run(base, "capture", text, "--entity", "Marisol Quenby", env=env).returncode == 0
    assert _run(base, "rebuild", env=env).returncode == 0
    probe = tmp_path / "probe"
    shutil.copytree(base, probe)
    points = _points(probe, tmp_path, "encrypt", "--key", env=env)
    assert len(points) >= 8
    for n in range(1, len(points) + 1):
        home = tmp_path / f"killed-{n}"
        shutil.copytree(base, home)
        assert _run(home, "encrypt", "--key", point=str(n), env=env).returncode == KILLED
        capture = _run(home, "capture", "Zanzibar pelican rehearsal notes for Thursday", env=env)
        stored = capture.returncode == 0
        assert stored or "did not finish" in capture.stderr, (n, capture.stderr)
        again = _run(home, "encrypt", "--key", env=env)
        assert again.returncode == 0, (n, again.stderr)
        status = _run(home, "status", "--json", env=env)
        assert status.returncode == 0, (n, status.stderr)
        assert json.loads(status.stdout)["total"] == 3 + stored, n
        assert keys.encrypted(home) and not list(home.glob("*.plain-backup")), n
        assert leaks(home, [w for t in TEXTS for w in windows(t)] + [b"Zanzibar pelican"]) == [], n


def test_decrypt_killed_at_every_point_then_decrypt_again(tmp_path):
    """A killed `quire decrypt` is undone or finished by the next one: the home opens in clear with
    every memory, no copy is left, and its snapshots are readable (a rollback works)."""
    from memory import keys
    from tests.test_privacy import KEY, LATER, TEXTS

    base, env = tmp_path / "base", {"QUIRE_KEY": KEY}
    for text in TEXTS:
        assert _run(base, "capture", text, "--entity", "Marisol Quenby", env=env).returncode == 0
    assert _run(base, "encrypt", "--key", env=env).returncode == 0
    assert _run(base, "capture", LATER, "--entity", "Marisol Quenby", env=env).returncode == 0
    assert _run(base, "rebuild", env=env).returncode == 0
    probe = tmp_path / "probe"
    shutil.copytree(base, probe)
    points = _points(probe, tmp_path, "decrypt", env=env)
    assert len(points) >= 4
    for n in range(1, len(points) + 1):
        home = tmp_path / f"killed-{n}"
        shutil.copytree(base, home)
        assert _run(home, "decrypt", point=str(n), env=env).returncode == KILLED
        again = _run(home, "decrypt", env=env)
        assert again.returncode == 0, (n, again.stderr)
        assert not keys.encrypted(home) and not list(home.glob("*.plain-backup")), n
        status = _run(home, "status", "--json")
        assert status.returncode == 0 and json.loads(status.stdout)["total"] == 4, (n, status.stderr)
        sealed = [p for p in (home / "snapshots").rglob("*") if p.is_file() and keys.is_sealed(p.read_bytes())]
        assert sealed == [], n
        back = _run(home, "rollback")
        assert back.returncode == 0, (n, back.stderr)


def test_a_notes_reimport_with_an_edit_killed_at_every_point_supersedes_once(tmp_path):
    """A note's paragraph edited, the re-import killed at each point: the next run leaves the old
    text superseded by the new exactly once (no duplicate, nothing lost)."""
    from tests.test_reimport_edits import FRIDGE, TAP, TAP_FIXED, _note

    template = tmp_path / "template"
    template.mkdir()
    notes = _note(tmp_path / "notes", TAP, FRIDGE)
    assert _run(template, "import", str(notes), "--defer-embed").returncode == 0
    _note(notes, TAP_FIXED, FRIDGE)

    def check(home: Path, line: str) -> None:
        rows = dict(_rows(home / "quire.db", "SELECT content, status FROM memories"))
        assert rows == {TAP: "superseded", TAP_FIXED: "active", FRIDGE: "active"}, (line, rows)

    assert _every_point(template, tmp_path, ("import", str(notes), "--defer-embed"), check) >= 2


@pytest.mark.parametrize("fmt", ["chatgpt", "chat-jsonl"])
def test_a_chat_import_killed_at_every_point_loses_nothing(tmp_path, fmt):
    """The chat formats as JSONL above: killed anywhere, the next run stores each message once."""
    from tests.import_formats import write

    template = tmp_path / "template"
    template.mkdir()
    texts = [f"the {name} service moved to host {i} in the spring" for i, name in enumerate(["Atlas", "Cygnus"] * 3)]
    path = write(fmt, tmp_path / "in", [("Hosts", texts[:3]), ("More hosts", texts[3:])])

    def check(home: Path, line: str) -> None:
        rows = sorted(r[0] for r in _rows(home / "quire.db", "SELECT content FROM memories"))
        assert rows == sorted(texts), (line, rows)

    assert _every_point(template, tmp_path, ("import", str(path), "--format", fmt, "--defer-embed"), check) >= 2
