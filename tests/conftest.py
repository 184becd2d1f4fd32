"""Shared fixtures: every test gets its own QUIRE_HOME and the deterministic fake embedder."""

from __future__ import annotations

import json
import os
import pwd
import re
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from memory import keys, life, review
from tests.zygote import Zygote

ROOT = Path(__file__).resolve().parent.parent


def _ram_tmp() -> None:
    """Every test's folders (tmp_path, the session's sqld, the fork server's files) in RAM where the
    machine has a tmpfs and TMPDIR is not set: quire fsyncs each durable write and folder, ~40 ms a
    test on a disk and nothing there, and no test can tell (nothing survives a power cut in a test).
    Set before pytest (or xdist's controller, whose folder the workers get) first asks for one."""
    shm = Path("/dev/shm")
    if "TMPDIR" not in os.environ and shm.is_dir() and os.access(shm, os.W_OK | os.X_OK):
        os.environ["TMPDIR"] = str(shm)  # subprocesses too
        tempfile.tempdir = None  # gettempdir() reads TMPDIR again


_ram_tmp()

# A chat export's clock times are read in the machine's time zone (memory/chats.py, `--timezone`):
# the tests' expected instants are UTC's, on any developer's machine (subprocesses too). A test of
# another zone sets TZ itself (tests/test_import_timezone.py).
os.environ["TZ"] = "UTC"
time.tzset()

if os.environ.get("PYTEST_XDIST_WORKER"):
    # An xdist worker is started with COLUMNS=80 and LINES=24 that the run itself never had: tables
    # a CLI subprocess prints would be cut at 80 columns instead of the 120 they get without a terminal.
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)


@pytest.fixture(autouse=True)
def quire_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    for var in [v for v in os.environ if v.startswith("QUIRE_")]:
        monkeypatch.delenv(var)
    monkeypatch.setenv("QUIRE_HOME", str(home))
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    return home


def shared_group() -> int | None:
    """A group that holds someone besides this user (so its bits let others in), or None."""
    if os.geteuid() == 0:
        return 65534  # root may give a file any group; nogroup is not root's own
    me = pwd.getpwuid(os.geteuid())
    others = [gid for gid in os.getgroups() if gid != me.pw_gid]
    return others[0] if others else None


@pytest.fixture
def others_group(tmp_path):
    """tmp_path, and everything made in it, in a group that is not the user's own (setgid): there a
    group bit lets someone else in. On a user-private-group system (umask 002) a folder's group is
    its owner's alone, and its group bits count for nothing (`files.owners_own_group`)."""
    gid = shared_group()
    if gid is None:
        pytest.skip("a group of someone else's is needed to give a file to; this user is in none")
    os.chown(tmp_path, -1, gid)
    tmp_path.chmod(tmp_path.stat().st_mode | stat.S_ISGID)
    return gid


def in_threads(work, count: int, *, timeout: float = 120) -> list[BaseException]:
    """Run work(0) ... work(count - 1) at once, each in a thread of its own; what they raised."""
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            work(i)
        except BaseException as exc:  # every failure is the caller's to assert on
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    return errors


# The passphrase of the encrypted homes the privacy and restore tests make (`keyed`).
KEY = "correct-horse-battery-staple-9"


@pytest.fixture
def keyed(monkeypatch):
    """QUIRE_KEY set to KEY, with no key left unlocked from another test before or after."""
    monkeypatch.setenv("QUIRE_KEY", KEY)
    keys._UNLOCKED.clear()
    yield
    keys._UNLOCKED.clear()


@pytest.fixture
def session(quire_home):
    from memory.session import Session

    s = Session(actor="test")
    yield s
    s.close()


@pytest.fixture
def db(session):
    return session.db


@pytest.fixture
def cap(db):
    """Capture one memory into this test's store with the fake embedder, as the CLI would:
    cap("text", type="fact", supersedes=mid, actor="mcp") -> the capture outcome (Stored, Rejected, ...)."""
    from memory.capture import capture
    from memory.embed import FakeEmbedder
    from memory.models import parse_payload

    def capture_one(content: str, *, actor: str = "cli", **payload):
        return capture(db, parse_payload({"content": content, **payload}), actor=actor, embedder=FakeEmbedder)

    return capture_one


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def cli(runner):
    """Invoke the CLI: cli("capture", "text", "--json") -> click Result (stdout/stderr split)."""
    from quire.cli import cli as group

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(group, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def cli_json(cli):
    def invoke(*args: str, input: str | None = None):
        result = cli(*args, "--json", input=input)
        assert result.exit_code == 0, result.stderr or result.stdout
        return json.loads(result.stdout)

    return invoke


def mcp_over_stdio(quire_home: Path, *, text: bool = True) -> subprocess.Popen:
    """`quire mcp` on the fake embedder, its stdio as pipes (stderr dropped), for raw JSON-RPC lines:
    text, or bytes for lines that are not UTF-8."""
    env = {**os.environ, "QUIRE_HOME": str(quire_home), "QUIRE_EMBEDDER": "fake"}
    return subprocess.Popen(
        [sys.executable, "-m", "quire.cli", "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=text,
        cwd=ROOT,
        env=env,
    )


def run_quire(*args: str, env: dict | None = None, input: str | None = None, timeout: int = 120):
    """Run `python -m quire.cli` in a real subprocess (for sys.modules, signals, exit codes)."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "quire.cli", *args],
        capture_output=True,
        text=True,
        env=full_env,
        input=input,
        timeout=timeout,
        cwd=ROOT,
    )


_zygote: list[Zygote] = []


def zygote() -> Zygote:
    """This worker's one fork server (started at its first use, closed at the end of the run)."""
    if not _zygote:
        _zygote.append(Zygote({k: v for k, v in os.environ.items() if not k.startswith("QUIRE_")}))
    return _zygote[0]


def run_forked(*args: str, env: dict | None = None, input: str | None = None, timeout: int = 120):
    """`run_quire`, forked from one interpreter that imported the CLI once (tests/zygote.py): a real
    process with its own exit status, streams and environment, without the ~1 s of a fresh start. Not
    for a test of what a fresh interpreter imports or of PYTHON* variables read at its start."""
    return zygote().run(list(args), env={**os.environ, **(env or {})}, input=input, timeout=timeout)


def run_code_forked(code: str, *args: str, env: dict[str, str], timeout: int = 120):
    """`python -c code *args` in exactly the environment `env` (nothing of this one's added), forked from
    the same server as `run_forked`: for a library call killed at its crash points, run once a point."""
    return zygote().run(list(args), env=env, timeout=timeout, code=code)


def pytest_sessionfinish(session, exitstatus):
    while _zygote:
        _zygote.pop().close()


# -- the store on a libSQL server: one sqld for the session, wiped per test ---------


@pytest.fixture(scope="session")
def sqld(tmp_path_factory):
    """A real sqld on 127.0.0.1 (a free port, a temp folder), stopped at the end of the run."""
    from eval.sqld import Server

    server = Server(tmp_path_factory.mktemp("sqld")).start()
    yield server
    server.stop()


@pytest.fixture
def server(tmp_path):
    """A sqld of this test's own, for tests that stop, kill and restart it (the shared one above
    must never stop); `tests.server_homes.restart` starts it again on its folder and port."""
    from eval.sqld import Server

    srv = Server(tmp_path / "sqld").start()
    yield srv
    srv.stop()


def wipe_server(url: str, anchor: Path) -> None:
    from memory import transfer
    from memory.db import RemoteDatabase

    db = RemoteDatabase(url, anchor=anchor)
    try:
        transfer.wipe(db)
    finally:
        db.close()


@pytest.fixture
def sqld_url(sqld, tmp_path):
    """The session server, emptied for this test."""
    wipe_server(sqld.url, tmp_path / "wipe")
    return sqld.url


@pytest.fixture(params=["file", "sqld"])
def store(request, quire_home, monkeypatch):
    """Run a test against the embedded file and against sqld: returns 'file' or the server URL."""
    if request.param == "file":
        return "file"
    url = request.getfixturevalue("sqld_url")
    monkeypatch.setenv("QUIRE_DB_URL", url)
    return url


# -- order: the longest tests first, so under xdist (`make test` runs -n auto) no worker is left
# alone with one of them at the end while the other idles. Measured with --durations: each of
# these took 15-60 s on a loaded 2-core machine (10-30 s idle), the other ~6,000 tests well under
# a second or two; a file named whole is slow in most of its tests.
SLOW_FIRST = (
    "tests/test_trust_crash.py::",
    "tests/test_crash_steps.py::",
    "tests/test_rebuild.py::test_sigkill_at_random_points",
    "tests/test_import_messenger.py::test_a_long_thread_is_read_a_file_at_a_time",
    "tests/test_import_notes.py::test_memory_for_a_folder_of_notes_does_not_grow_with_the_folder",
    "tests/test_import_notes.py::test_a_killed_notes_import_keeps_what_it_stored",
    "tests/test_import_s44.py::test_a_chat_import_killed_at_every_point_lands_the_rest_once",
    "tests/test_import_s44.py::test_a_reimport_naming_a_contact_whole_killed_at_every_point_ends_as_never_killed",
    "tests/test_import_s44.py::test_a_reimport_of_an_edited_message_killed_at_every_point_ends_as_never_killed",
    "tests/test_import_s44.py::test_a_life_change_in_an_import_killed_at_every_point_is_heard_by_the_rerun",
    "tests/test_agent_session.py::test_the_transcript_script_shows_every_step_of_the_session",
    "tests/test_cells.py::test_an_import_flags_what_the_exact_scan_flags",
    "tests/test_migrations.py::test_two_quires_opening_a_new_home_at_once_both_work",
    "tests/test_life.py::test_skipping_the_rules_that_need_an_i_or_my_changes_no_reading",
    "tests/test_chats.py::test_a_5_mb_message_lands_whole",
    "tests/test_replica.py::test_quire_serve_on_a_server_home",
    "tests/test_fuzz.py::test_rebuild_killed_twice",
    "tests/test_recall_bench.py::",
    "tests/test_ui_bench.py::",
    "tests/test_import_bench.py::",
    "tests/test_killed_rebuilds.py::",
    "tests/test_adversary_devices.py::",
    "tests/test_trust_input.py::test_reading_a_50000_message_conversation_stays_small",
    "tests/test_needles.py::test_no_sentence_a_rule_matches_is_skipped_by_the_rules_own_needles",
    "tests/test_needles.py::test_no_text_a_search_matches_is_passed_over_by_its_words_within",
    "tests/test_needles.py::test_a_groups_search_tried_where_its_needles_start_finds_what_searching_finds",
    "tests/test_needles.py::test_the_finder_holds_what_testing_each_set_holds_on_every_fixture_sentence",
    "tests/test_mcp.py::test_credentials_and_the_serve_token_never_leave",
    "tests/test_mcp_agents.py::test_every_cli_command_a_message_names_is_rewritten_as_a_tool_call",
    "tests/test_mcp_agents.py::test_the_navigation_ops_answer_the_same_on_every_route",
    "tests/test_import_damage.py::test_the_cli_through_a_running_service_reads_on_past_damage",
    "tests/test_import_damage.py::test_the_service_gives_the_same_bounded_errors",
    "tests/test_startup.py::test_probe_detects_torch_when_it_is_imported",
    "tests/test_forget_caches.py::test_a_warm_service_holds_nothing_of_a_forgotten_text",
    "tests/test_pages.py::test_hand_edit_survives_fifty_rebuilds",
    "tests/test_service.py::",
    "tests/test_secrets.py::",
    # (session 45's --durations on a loaded machine: 20-37 s each, none of them in the list above)
    "tests/test_offline.py::test_an_offline_forget_killed_at_any_step",
    "tests/test_layers.py::test_no_quire_import_hides_inside_a_function",
    "tests/test_hostile_text.py::test_a_long_run_is_read_at_once",
    "tests/test_near_duplicates.py::test_above_matches_a_brute_force_scan",
    "tests/test_packaging.py::test_the_wheel_holds_every_module_and_data_file",
    "tests/test_mcp.py::test_an_agent_walks_a_review_item",
    "tests/test_mcp_agents.py::test_requests_the_sdk_cannot_read_are_answered_with_the_request_that_would_work",
)


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not (item.nodeid.startswith(SLOW_FIRST) or item.get_closest_marker("model")))


@pytest.fixture
def zone(monkeypatch):
    """Set the machine's time zone (TZ) for the test, and the C library's with it."""

    def set_to(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_to
    monkeypatch.undo()
    time.tzset()


def chat_turns(path: Path, turns: list[tuple[str, str]]) -> Path:
    """A chat JSONL, one conversation with an assistant per turn: (day, the person's text)."""
    lines = [
        {"conversation": f"c-{n}", "role": "user", "text": text, "time": day, "title": f"chat {n}"}
        for n, (day, text) in enumerate(turns)
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def chat_replied(path: Path, turns: list[tuple[str, str]]) -> Path:
    """A chat JSONL, one conversation a turn: (time, what the person said), each with a reply."""
    lines = []
    for n, (when, text) in enumerate(turns):
        for role, said in (("user", text), ("assistant", "Sure, here you go.")):
            lines.append({"conversation": f"{path.stem}-{n}", "role": role, "text": said, "time": when, "title": "c"})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def open_pairs(cli_json) -> list[tuple[str, str]]:
    """(old, new) of every open review item, as `quire curate list` gives them."""
    return [(i["old"], i["new"]) for i in cli_json("curate", "list")["items"]]


def said_of(text: str) -> dict[str, str]:
    """What the life reading reads in one text: attribute -> value."""
    return {s.attribute: s.value for s in life.read(text)}


def changes_after(tmp_path: Path, cli_json, db, turns: list[str]) -> list[tuple[str, str]]:
    """The person's own turns imported a month apart as one chat each, and the changes found (`life_changes`)."""
    days = [f"202{3 + n // 12}-{n % 12 + 1:02d}-05T10:00:00Z" for n in range(len(turns))]
    cli_json("import", str(chat_turns(tmp_path / "c.jsonl", list(zip(days, turns, strict=True)))))
    return life_changes(db)


def life_changes(db) -> list[tuple[str, str]]:
    """(old, new) of every change an import found in a person's life: an open review item, or a
    fact superseded at once."""
    return [(i.old, i.new) for i in review.open_items(db)] + [
        (r["old"], r["new"])
        for r in db.dicts(
            "SELECT o.content AS old, n.content AS new FROM memories o JOIN memories n ON n.id = o.superseded_by "
            "WHERE o.status = 'superseded'"
        )
    ]


def about_now(cli_json) -> str:
    """About me's Now section after a rebuild."""
    cli_json("rebuild")
    body = cli_json("page", "show", "about-me")["body"]
    start = body.index("## Now")
    return body[start : body.index("\n## ", start + 1)]


# Where a refusal says the problem is: a field (`types.1`) on the library, the service and MCP, the flag
# (`--type`) on the CLI; the words after it are one wording on every route.
_WHERE = re.compile(r"(^|parameters: |invalid capture: |; )(?:--?[a-z][\w-]*|[a-z_]+(?:\.\d+)*)(?=: )")


def wording(said: str) -> str:
    """A refusal with its field or flag named alike (`WHERE`), to compare what every route says."""
    return _WHERE.sub(r"\1WHERE", said)
