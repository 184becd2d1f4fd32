"""`quire curate` walked through a real pseudo-terminal: keys in, rendered items and summary out."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time

import pytest

from memory import review
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"


def _controlling_terminal() -> None:
    """In the child: a new session whose controlling terminal is the pty (so ^C sends SIGINT), with
    SIGINT handled as in a person's shell: a runner started in the background (`make test &`, nohup)
    ignores it, and the child would inherit that and never see ^C."""
    import fcntl
    import signal
    import termios

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A child process on the slave side of a pty; we read its screen and type keys."""

    def __init__(self, args: list[str], env: dict[str, str]):
        self.master, slave = os.openpty()
        self.proc = subprocess.Popen(
            args,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            close_fds=True,
            preexec_fn=_controlling_terminal,
        )
        os.close(slave)
        self.buf = ""
        self.seen = ""

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 4096)
        except OSError:  # EIO: the child closed the terminal
            data = b""
        if not data:
            return False
        text = ANSI.sub("", data.decode("utf-8", errors="replace")).replace("\r\n", "\n")
        self.buf += text
        self.seen += text
        return True

    def expect(self, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or (not self._read(min(left, 1.0)) and text not in self.buf):
                raise AssertionError(f"never saw {text!r}; screen so far:\n{self.seen[-3000:]}")
        cut = self.buf.index(text) + len(text)
        before, self.buf = self.buf[:cut], self.buf[cut:]
        return before

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 60) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self._read(0.5):
            if self.proc.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                break
        code = self.proc.wait(timeout=max(deadline - time.monotonic(), 1))
        os.close(self.master)
        return code


@pytest.fixture
def term(quire_home):
    opened: list[Terminal] = []

    def start(*args: str, **env: str) -> Terminal:
        full = {k: v for k, v in os.environ.items() if k not in ("EDITOR", "VISUAL")}
        full.update({"TERM": "xterm", "COLUMNS": "120", "LINES": "40", **env})
        t = Terminal([PYTHON, "-m", "quire.cli", "curate", *args], full)
        opened.append(t)
        return t

    yield start
    for t in opened:
        if t.proc.poll() is None:
            os.killpg(t.proc.pid, 9)
            t.proc.wait()


def status(db, mid):
    return db.scalar("SELECT status FROM memories WHERE id = ?", (mid,))


@pytest.fixture
def two_items(db, cap):
    old = cap(TABS, type="preference")
    new = cap(SPACES, type="preference", supersedes=old.id)
    d11 = cap("The build server runs on a Debian 11 virtual machine", type="fact")
    d12 = cap("The build server runs on a Debian 12 virtual machine", type="fact")
    assert [i.kind for i in review.open_items(db)] == ["revision", "contradiction"]
    return old.id, new.id, d11.id, d12.id


def test_walk_accept_then_dismiss_with_summary(db, term, two_items):
    old, new, d11, d12 = two_items
    t = term()
    screen = t.expect("> ")
    assert "[1/2] revision #1 (supersede)" in screen
    assert "[-tabs-] {+spaces+}" in screen
    assert "preference (protected)" in screen and "confidence 0.90" in screen and "valid from" in screen
    t.send("a")
    t.expect("accepted item 1")
    screen = t.expect("> ")
    assert "[2/2] contradiction #2" in screen and "[-11-] {+12+}" in screen and "fact (standard)" in screen
    assert "[o] keep old" in screen
    t.send("d")
    t.expect("dismissed")
    t.expect("done: 1 accepted, 1 dismissed, 0 skipped; 0 still open")
    assert t.finish() == 0
    assert (status(db, new), status(db, old)) == ("active", "superseded")
    assert (status(db, d11), status(db, d12)) == ("active", "active")
    assert review.open_items(db) == []


def test_walk_skip_unknown_key_and_quit_leave_items_open(db, term, two_items):
    t = term()
    t.expect("> ")
    t.send("x")
    t.expect("unknown key 'x'")
    t.expect("> ")
    t.send("s")
    t.expect("[2/2]")
    t.expect("> ")
    t.send("q")
    t.expect("done: 0 accepted, 0 dismissed, 1 skipped; 2 still open (`quire curate` to continue)")
    assert t.finish() == 0
    assert [i.status for i in review.open_items(db)] == ["pending", "pending"]


def test_walk_keep_old_on_a_contradiction(db, term, two_items):
    _old, new, d11, d12 = two_items
    t = term()
    t.expect("> ")
    t.send("o")  # not for revisions
    t.expect("'o' (keep old) is for contradictions")
    t.send("s")
    t.expect("[2/2]")
    t.expect("> ")
    t.send("o")
    t.expect(f"kept {d11} (confirmed)")
    t.expect("done: 1 accepted, 0 dismissed, 1 skipped; 1 still open")
    assert t.finish() == 0
    assert (status(db, d11), status(db, d12)) == ("active", "superseded")
    assert status(db, new) == "pending_revision"


def test_walk_edit_by_prompt_then_accept(db, term, two_items):
    old, new, *_ = two_items
    t = term()
    t.expect("> ")
    t.send("e")
    t.expect("new text")
    t.send("I prefer four spaces for indentation in my Python code\r")
    t.expect("accepted item 1")
    t.expect("> ")
    t.send("q")
    t.expect("done: 1 accepted, 0 dismissed, 0 skipped; 1 still open")
    assert t.finish() == 0
    assert (
        db.scalar("SELECT content FROM memories WHERE id = ?", (new,))
        == "I prefer four spaces for indentation in my Python code"
    )
    assert (status(db, new), status(db, old)) == ("active", "superseded")


def test_walk_edit_with_editor(db, term, two_items, tmp_path):
    _old, new, *_ = two_items
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\nprintf 'I prefer three spaces for indentation in Python\\n' > \"$1\"\n")
    editor.chmod(0o755)
    t = term(EDITOR=str(editor))
    t.expect("> ")
    t.send("e")
    t.expect("accepted item 1")
    t.expect("> ")
    t.send("q")
    assert t.finish() == 0
    assert (
        db.scalar("SELECT content FROM memories WHERE id = ?", (new,))
        == "I prefer three spaces for indentation in Python"
    )


def test_walk_on_an_empty_queue(term):
    t = term()
    t.expect("nothing to review: the queue is empty")
    assert t.finish() == 0


def test_ctrl_c_quits_with_a_summary(db, term, two_items):
    t = term()
    t.expect("> ")
    t.send("\x03")
    t.expect("done: 0 accepted, 0 dismissed, 0 skipped; 2 still open")
    assert t.finish() == 0


def test_ctrl_c_typed_after_a_key_keeps_the_key_then_quits(db, term, two_items):
    """At the key prompt ^C is a key (read as q), not a signal that would flush the typed-ahead s."""
    t = term()
    t.expect("> ")
    t.send("s\x03")
    t.expect("done: 0 accepted, 0 dismissed, 1 skipped; 2 still open")
    assert t.finish() == 0


def test_enter_on_an_empty_edit_cancels_instead_of_accepting(db, term, two_items):
    _old, new, *_ = two_items
    t = term()
    t.expect("> ")
    t.send("e")
    t.expect("new text")
    t.send("\r")
    t.expect("edit cancelled")
    t.expect("> ")
    t.send("q")
    t.expect("2 still open")
    assert t.finish() == 0
    assert (
        status(db, new) == "pending_revision"
        and db.scalar("SELECT content FROM memories WHERE id = ?", (new,)) == SPACES
    )


@pytest.mark.parametrize("key", ["\x04", "\x03"])
def test_ctrl_d_or_ctrl_c_at_the_edit_prompt_leaves_the_item_and_exits_cleanly(db, term, two_items, key):
    _old, new, *_ = two_items
    t = term()
    t.expect("> ")
    t.send("e")
    t.expect("new text")
    time.sleep(0.5)  # let the prompt reach its read: a ^C sent earlier races the terminal mode switch
    t.send(key)
    t.expect("2 still open")
    assert t.finish() == 0
    assert "Traceback" not in t.seen and "Aborted" not in t.seen
    assert status(db, new) == "pending_revision"


def test_an_edit_keeps_the_captured_text_in_the_log(db, term, two_items):
    _old, new, *_ = two_items
    t = term()
    t.expect("> ")
    t.send("e")
    t.expect("new text")
    t.send("I prefer four spaces for indentation in my Python code\r")
    t.expect("accepted item 1")
    t.send("q")
    assert t.finish() == 0
    detail = db.scalar("SELECT detail FROM audit_log WHERE action = 'edit' AND subject_id = ?", (new,))
    assert SPACES in detail


def test_the_walk_ends_with_one_line_once_a_newer_quire_migrated_the_store(
    db, term, two_items, quire_home, monkeypatch
):
    # Before: the choice was answered "error: ... schema version ..." and the walk asked again, for
    # ever refusing every key. Now it ends as every other command does: the one line, exit 1.
    from memory import migrations
    from memory.home import Home, open_db

    t = term()
    t.expect("> ")
    newer = migrations.latest() + 1
    monkeypatch.setitem(migrations.MIGRATIONS, newer, ("m_newer", lambda db: None))
    open_db(Home(quire_home)).close()
    monkeypatch.delitem(migrations.MIGRATIONS, newer)
    t.send("a")
    t.expect(f"schema version {newer} but this quire knows only up to {newer - 1}")
    assert t.finish() == 1
    assert t.seen.count("knows only up to") == 1 and "Error: " in t.seen  # the CLI's line, not the walk's retry
    # This test's own connection watches the schema too: past SCHEMA_RECHECK_S its read would be
    # refused as rightly as the walk's was (a flaky failure when the walk took over 2 s).
    db.watch_schema(newer)
    assert [i.kind for i in review.open_items(db)] == ["revision", "contradiction"]
