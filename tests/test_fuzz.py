"""Hostile input on every command and MCP tool (hypothesis), and rebuilds killed with SIGKILL.

Invariants, for every generated case:
  - no traceback, ever (an uncaught exception in the CLI is a failure of this suite);
  - exit code 0, 1 (a domain error) or 2 (a usage error), and a non-zero exit says why on stderr;
  - a failed command changes nothing stored (a digest of every table before and after); a refused
    capture only adds its line to the rejection log (and its audit row);
  - what a capture acknowledges is what reads back.

The profile is bounded for CI (2 cores; the whole `make test` stays ~10 min): QUIRE_FUZZ=deep
runs ten times more examples locally.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import run_code_forked, run_forked

settings.register_profile(
    "ci",
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "deep",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("deep" if os.environ.get("QUIRE_FUZZ") == "deep" else "ci")

GOOD = "The staging database lives on the second shard since the March migration"

# -- strategies --------------------------------------------------------------------------------

controls = st.sampled_from(["\x00", "\x01", "\x07", "\x1b", "\x7f", "\x85", "\r", "\r\n", "\ufeff", "\u2028", "\t"])
any_text = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=80),
    st.lists(st.one_of(st.text(max_size=12), controls), max_size=12).map("".join),
    st.builds(lambda n, c: c * n, st.integers(19_990, 20_010), st.sampled_from(["a", "é", "字", " "])),
    st.sampled_from(["", " ", "\x00", "-", "--help", "$(rm -rf /)", "' OR 1=1 --", "我们决定使用PostgreSQL"]),
)
numbers = st.one_of(
    st.integers(-(2**63), 2**63),
    st.sampled_from(["0", "-1", "1e309", "nan", "inf", "99999999999999999999999", "0x10", " 3 "]),
).map(str)
dates = st.one_of(
    st.builds(lambda y, m, d: f"{y:04d}-{m:02d}-{d:02d}", st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32)),
    st.builds(lambda y: f"{y}-01-01", st.integers(-99999, 99999)),
    st.sampled_from(["9999-12-31", "0001-01-01", "1000-01-01", "9999-12-31T23:59:59-05:00", "garbage", "", "2024-2-3"]),
)
paths = st.one_of(
    st.sampled_from(["..", "../..", "../../etc/passwd", "con", "nul", "index", "a\x00b", "/", ".", "-", "~"]),
    st.builds(lambda n: "a" * n, st.integers(200, 5000)),
    st.text(max_size=40),
)
ids = st.one_of(paths, st.sampled_from(["mem_000000000000", "mem_", "%", "_"]), numbers)

# -- harness -----------------------------------------------------------------------------------


def digest(home: Path) -> str:
    """Every row of every table (the rejection log and its audit rows aside), as one hash."""
    from memory.db import FileDatabase

    db = FileDatabase(home / "quire.db")
    try:
        h = hashlib.sha256()
        for (table,) in db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            if table.startswith("memories_fts") or table in ("rejected_captures", "audit_log"):
                continue
            # Every column in order: a WITHOUT ROWID table (session_turns) has no rowid to sort by.
            width = len(db.rows(f"PRAGMA table_info({table})"))
            order = ", ".join(str(i) for i in range(1, width + 1))
            for row in db.rows(f"SELECT * FROM {table} ORDER BY {order}"):
                h.update(repr(row).encode())
        h.update(repr(db.rows("SELECT action FROM audit_log WHERE action != 'reject' ORDER BY id")).encode())
        return h.hexdigest()
    finally:
        db.close()


@pytest.fixture
def home(quire_home):
    from memory.session import Session

    runner = CliRunner()
    from quire.cli import cli

    assert runner.invoke(cli, ["capture", GOOD, "--defer-embed"]).exit_code == 0
    with Session(actor="test"):
        pass
    return quire_home


def invoke(args: list[str], input: str | None = None):
    from quire.cli import cli

    result = CliRunner().invoke(cli, args, input=input, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"traceback from quire {args!r}:\n{tb}")
    return result


def check(home: Path, args: list[str], input: str | None = None):
    before = digest(home)
    result = invoke(args, input=input)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    assert "Traceback" not in result.stderr
    if result.exit_code:
        assert result.stderr.strip(), f"quire {args!r} exited {result.exit_code} without saying why"
        assert "pydantic" not in result.stderr and "errors.pydantic.dev" not in result.stderr
        if not (result.exit_code == 1 and '"rejected"' in result.stdout):
            assert digest(home) == before, f"quire {args!r} failed but changed the database"
    return result


# -- capture: acknowledged reads back ----------------------------------------------------------


@given(text=any_text, memory_type=st.sampled_from(["note", "fact", "identity", "bogus", ""]), when=dates)
def test_capture_any_text_type_and_date(home, text, memory_type, when):
    from memory import text as policy
    from memory.db import FileDatabase

    args = ["capture", "--defer-embed", "--json", "--type", memory_type, "--valid-from", when, "--", text]
    result = check(home, args)
    if result.exit_code == 0:
        out = json.loads(result.stdout)
        if out["status"] == "stored":
            db = FileDatabase(home / "quire.db")
            stored = db.scalar("SELECT content FROM memories WHERE id = ?", (out["id"],))
            db.close()
            assert stored == policy.clean(text).text.strip()


@given(text=any_text)
def test_capture_from_stdin_bytes(home, text):
    check(home, ["capture", "--defer-embed", "--json"], input=text)


@given(key=any_text, value=any_text, entity=any_text, source=any_text, space=paths)
def test_capture_fields_entities_source_space(home, key, value, entity, source, space):
    args = ["capture", GOOD + " again", "--defer-embed", "--type", "fact", "--field", f"{key}={value}"]
    check(home, [*args, "--entity", entity, "--source", source, "--space", space])


# -- reading commands ---------------------------------------------------------------------------


@given(query=any_text, k=numbers, as_of=dates, space=paths)
def test_recall(home, query, k, as_of, space):
    check(home, ["recall", "--json", "-k", k, "--as-of", as_of, "--space", space, "--", query])


@given(since=dates, n=numbers, memory_id=ids)
def test_log_and_history(home, since, n, memory_id):
    check(home, ["log", "--json", "--since", since, "-n", n])
    check(home, ["history", "--json", "--", memory_id])


@given(slug=paths)
def test_pages_and_maps(home, slug):
    check(home, ["page", "show", "--json", "--", slug])
    check(home, ["page", "restore", "--", slug])
    check(home, ["map", "--json", "--", slug])


@given(item=numbers, choice=st.sampled_from(["keep_new", "keep_old", "keep_both", "x", ""]))
def test_curate_ids_and_choices(home, item, choice):
    check(home, ["curate", "show", "--json", "--", item])
    check(home, ["curate", "accept", "--choice", choice, "--", item])
    check(home, ["curate", "dismiss", "--", item])
    check(home, ["tombstones", "lift", "--", item])


@given(memory_id=ids, name=paths)
def test_forget_pin_and_spaces(home, memory_id, name):
    for verb in ("forget", "pin", "unpin", "confirm"):
        check(home, [verb, "--", memory_id])
    check(home, ["spaces", "add", "--", name])


# -- import: every unit reported, good ones land ------------------------------------------------

jsonl_line = st.one_of(
    st.fixed_dictionaries(
        {"content": any_text},
        optional={"type": st.text(max_size=10), "valid_from": dates, "fields": st.dictionaries(any_text, any_text)},
    ).map(json.dumps),
    st.builds(lambda n: "[" * n, st.integers(1, 50_000)),
    st.builds(lambda n: '{"content": "' + "x" * n + '"}', st.integers(1, 30_000)),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
    st.sampled_from(["{}", "[]", "null", '{"content": 5}', '{"content": "ok", "extra": 1}', "{", '"\\ud800"']),
)


@given(lines=st.lists(jsonl_line, max_size=6))
def test_import_any_jsonl(home, tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("imp") / "in.jsonl"
    body = "\n".join([*lines, json.dumps({"content": "The fuzzing harness imported this good line safely"})])
    path.write_bytes(body.encode("utf-8", "surrogatepass"))
    # Per unit: bad lines are errors (exit 1, each on stderr) while the good ones land.
    result = invoke(["import", str(path), "--defer-embed", "--json"])
    assert result.exit_code in (0, 1) and "Traceback" not in result.stderr
    report = json.loads(result.stdout)
    assert (result.exit_code == 1) == bool(report["errors"])
    assert all(f"error: {e}" in result.stderr for e in report["errors"])
    assert report["stored"] + report["duplicates"] >= 1  # the good line always lands


# -- config values and the home itself ----------------------------------------------------------


@given(value=any_text)
def test_config_values(home, value):
    before = set(Path.cwd().iterdir())
    # Relative (resolved inside the home), so a generated "/" can never point a rebuild at the disk root.
    wiki_dir = json.dumps("vault-" + value)
    (home / "config.toml").write_text(f"wiki_dir = {wiki_dir}\n", encoding="utf-8", errors="surrogatepass")
    for args in (["status", "--json"], ["lint", "--json"], ["rebuild", "--json"]):
        check(home, args) if (home / "quire.db").exists() else invoke(args)
    assert set(Path.cwd().iterdir()) == before  # nothing written outside the home


COMMANDS = [
    ["status", "--json"],
    ["recall", "x", "--json"],
    ["capture", GOOD, "--defer-embed"],
    ["lint", "--json"],
    ["rebuild", "--json"],
    ["curate", "list", "--json"],
    ["log", "--json"],
    ["tombstones", "list", "--json"],
]


@pytest.mark.parametrize("damage", ["random", "empty", "directory", "truncated"])
def test_a_damaged_home_is_reported_not_a_traceback(quire_home, damage):
    quire_home.mkdir(parents=True, exist_ok=True)
    db = quire_home / "quire.db"
    if damage == "random":
        db.write_bytes(os.urandom(8192))
    elif damage == "empty":
        db.write_bytes(b"")
    elif damage == "directory":
        db.mkdir()  # stands in for an unreadable file (the suite may run as root)
    else:
        invoke(["capture", GOOD, "--defer-embed"])
        db.write_bytes(db.read_bytes()[:5000])
        for extra in quire_home.glob("quire.db-*"):
            extra.unlink()
    for args in COMMANDS:
        result = invoke(args)
        assert result.exit_code in (0, 1, 2), (args, result.output)
        if result.exit_code:
            assert result.stderr.strip()


def test_a_vault_that_is_a_file(home):
    (home / "wiki").write_text("not a folder")
    for args in (["lint", "--json"], ["rebuild", "--json"], ["rollback"], ["pages", "--json"]):
        result = check(home, args)
        assert result.exit_code in (0, 1)


# -- MCP tools: a domain error is a ToolError that says what to do, never "quire failed" ----------


@given(text=any_text, when=dates, k=st.integers(-5, 10**6), slug=paths, item=st.integers(-(2**63), 2**63))
def test_mcp_tools(home, text, when, k, slug, item):
    from mcp.server.mcpserver.exceptions import ToolError

    from memory.home import Home
    from quire import mcp_server

    tools = mcp_server.Tools(Home(home))
    calls = [
        lambda: tools.capture(content=text, valid_from=when),
        lambda: tools.recall(query=text or "x", as_of=when, k=max(1, min(k, 100))),
        lambda: tools.run("recall", {"query": text, "k": k}),
        lambda: tools.page_read(slug=slug),
        lambda: tools.page_search(query=text or "x"),
        lambda: tools.curate_accept(item_id=item),
        lambda: tools.forget(memory_id=slug),
    ]
    for call in calls:
        try:
            call()
        except ToolError as exc:
            assert "quire failed" not in str(exc), str(exc)
            assert "pydantic" not in str(exc)


# -- SIGKILL during rebuild, twice, at the moment page rows commit ---------------------------------

KILL_AFTER_PHASE_A = (
    "import os, signal, sys\n"
    "from wiki import rebuild\n"
    "rebuild._phase_b = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
    "from quire.cli import main\n"
    "sys.argv = ['quire', 'rebuild']\n"
    "main()\n"
)


def _quire(home: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "QUIRE_HOME": str(home), "QUIRE_EMBEDDER": "fake"}
    if code is None:  # a plain command: forked from the interpreter that imported the CLI once
        return run_forked(*args, env=env)
    return run_code_forked(code, env=env)  # a script: forked from the same one, as `python -c` runs it


def test_rebuild_killed_twice_as_page_rows_commit_then_finishes(tmp_path):
    home, twin = tmp_path / "killed", tmp_path / "twin"
    facts = [f"Osprey the relay node forwards batch {n} to the archive" for n in range(4)]
    for h in (home, twin):
        for f in facts:
            assert _quire(h, "capture", f, "--entity", "Osprey", "--defer-embed").returncode == 0
        assert _quire(h, "rebuild").returncode == 0
    for n in range(2):
        for h in (home, twin):
            more = f"Osprey the relay node gained uplink number {n} this week"
            assert _quire(h, "capture", more, "--entity", "Osprey", "--defer-embed").returncode == 0
        killed = _quire(home, code=KILL_AFTER_PHASE_A)
        assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert _quire(home, "rebuild").returncode == 0
    assert _quire(twin, "rebuild").returncode == 0
    from memory.db import FileDatabase

    db = FileDatabase(home / "quire.db")
    assert db.scalar("SELECT count(*) FROM pages WHERE owner = 'human' OR status = 'deleted'") == 0
    db.close()
    page = (home / "wiki" / "osprey.md").read_text()
    assert "uplink number 1" in page and "uplink number 0" in page
    assert sorted(p.name for p in (home / "wiki").glob("*.md")) == sorted(p.name for p in (twin / "wiki").glob("*.md"))
