"""The same input class gets the same answer on every import format (JSONL, Markdown notes,
ChatGPT, Claude, chat JSONL): the exit code, one error line on stderr naming the fix, what lands,
and nothing stored before changed."""

from __future__ import annotations

import json

import pytest

from memory.errors import InvalidInput
from memory.models import TOO_LONG_FIX
from tests.import_formats import FORMATS, write
from tests.test_service import served  # noqa: F401  (the fixture)

GHP = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"  # put together at run time: no key in the repository
BOILER = "The boiler service is due in May every single year"
SHED = "The garden shed roof needs new felt before the winter comes"
KEYED = f"The heating portal login uses {GHP} as its token"


def _errors(out) -> list[str]:
    return [line for line in out.stderr.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("where", ["text", "title"])
def test_a_secret_is_refused_alike_on_every_format_and_every_run(cli, tmp_path, fmt, where):
    """A key in a message, line or paragraph refuses that unit; one in a title drops the title (no
    title in JSONL: the line is refused); either way one error line names the place and the fix,
    the rest lands, exit 1, and a re-run of the same file says the same (it said so only for a chat
    title; JSONL, notes and chat messages exited 0, the chats without a word, a re-run as `already present`)."""
    convs = [("Home", [KEYED, BOILER, SHED])] if where == "text" else [(f"keys {GHP}", [BOILER, SHED])]
    if fmt == "jsonl" and where == "title":
        path = tmp_path / "in" / "captures.jsonl"
        path.parent.mkdir()
        lines = [{"content": BOILER, "title": f"keys {GHP}"}, {"content": SHED}]
        path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    else:
        path = write(fmt, tmp_path / "in", convs)
    for run in range(2):
        out = cli("import", str(path), "--format", fmt, "--json")
        assert out.exit_code == 1, (run, out.stdout, out.stderr)
        report = json.loads(out.stdout)
        errors = _errors(out)
        assert len(errors) == 1 and "holds a credential (github_token" in errors[0], errors
        assert "remove the key" in errors[0] and GHP not in out.stdout + out.stderr
        assert report["stored"] + report["duplicates"] == (1 if fmt == "jsonl" and where == "title" else 2), report
    recall = cli("recall", "garden shed roof felt", "--json")
    assert SHED in recall.stdout and GHP not in recall.stdout


def test_a_rejection_that_is_not_a_secret_still_exits_0(cli, tmp_path):
    """Control: too short is the gate's everyday answer to a chat's `ok thanks`: counted, exit 0."""
    path = write("jsonl", tmp_path / "in", [("Home", ["ok thanks", BOILER])])
    out = cli("import", str(path), "--json")
    assert out.exit_code == 0 and json.loads(out.stdout)["rejected"] == 1 and not _errors(out)


def _stored(cli) -> list[tuple[str, str]]:
    from memory.session import Session

    with Session() as s:
        return sorted((r[0], r[1]) for r in s.db.rows("SELECT id, content FROM memories ORDER BY id"))


def _blank(fmt: str, tmp_path, content: bytes):
    path = write(fmt, tmp_path / "in", [("Home", [BOILER])])
    (path / "note-0.md" if fmt == "markdown" else path).write_bytes(content)
    return path


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("content", [b"", b"  \n\r\n\t \n", "\ufeff\n".encode()], ids=["empty", "blank", "bom"])
def test_nothing_to_import_is_one_error_and_exit_1_on_every_format(cli, tmp_path, fmt, content):
    """A file (or a folder's only note) of 0 bytes, blank lines or a bare BOM: exit 1, one line
    saying there is nothing to import, what was stored before unchanged. A 0-byte file said so,
    while blank JSONL, chat JSONL and a folder of blank notes exited 0 without a word."""
    cli("capture", SHED)
    before = _stored(cli)
    out = cli("import", str(_blank(fmt, tmp_path, content)), "--format", fmt)
    assert out.exit_code == 1, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and ("nothing to import" in lines[0] or "is empty" in lines[0]), lines
    assert _stored(cli) == before


@pytest.mark.parametrize("fmt", FORMATS)
def test_crlf_a_bom_and_a_repeated_unit_land_once_on_every_format(cli, tmp_path, fmt):
    """The same units saved with CRLF and a BOM are the same units (a re-import adds nothing), and
    a unit given twice in one file is stored once."""
    first = cli("import", str(write(fmt, tmp_path / "lf", [("Home", [BOILER, BOILER, SHED])])), "--format", fmt)
    assert first.exit_code == 0 and json.loads(cli("status", "--json").stdout)["total"] == 2, first.stderr
    again = write(fmt, tmp_path / "crlf", [("Home", [BOILER, BOILER, SHED])], newline="\r\n", bom=True)
    out = cli("import", str(again), "--format", fmt, "--json")
    assert out.exit_code == 0 and json.loads(out.stdout)["stored"] == 0, out.stdout
    assert {c for _, c in _stored(cli)} == {BOILER, SHED}


@pytest.mark.parametrize("fmt", ["jsonl", "chat-jsonl"])
def test_a_line_that_is_not_json_names_its_fix(cli, tmp_path, fmt):
    """A raw control character in a JSON line: one error naming the line and the fix (Python's text
    read `Invalid control character at at column 21`), the other lines land."""
    path = write(fmt, tmp_path / "in", [("Home", [BOILER, SHED])])
    path.write_bytes(path.read_bytes().replace(b"boiler", b"boi\x01ler"))
    out = cli("import", str(path), "--format", fmt)
    assert out.exit_code == 1
    (line,) = [e for e in out.stderr.splitlines() if e.startswith("error: ")]
    assert ":1: invalid JSON" in line and " at at " not in line and "escape" in line and "fix that line" in line
    assert {c for _, c in _stored(cli)} == {SHED}


@pytest.mark.parametrize("fmt", ["markdown", "chatgpt", "claude", "telegram", "chat-jsonl"])
def test_a_text_past_the_capture_limit_lands_in_parts_in_notes_as_in_chats(cli, tmp_path, fmt):
    """A 100,000-character paragraph of a note lands in parts, as a chat message does; it was
    refused whole (exit 1) while the same text in a chat landed."""
    long = " ".join(f"w{i}" for i in range(20_000))  # ~120,000 characters, one line
    out = cli("import", str(write(fmt, tmp_path / "in", [("Home", [long, SHED])])), "--format", fmt, "--json")
    assert out.exit_code == 0, out.stderr
    stored = [c for _, c in _stored(cli)]
    assert len(stored) > 2 and all(len(c) <= 20_000 for c in stored)
    assert sorted(" ".join(c for c in stored if c != SHED).split()) == sorted(long.split())  # every word, once


def test_a_jsonl_capture_past_the_limit_names_the_fix(cli, tmp_path):
    """JSONL lines are capture payloads: one past 20,000 characters is refused as `quire capture`
    refuses it, and the error now says what to do."""
    out = cli("import", str(write("jsonl", tmp_path / "in", [("Home", ["x " * 15_000, SHED])])))
    assert out.exit_code == 1 and TOO_LONG_FIX in out.stderr


@pytest.mark.parametrize("fmt", ["jsonl", "markdown", "chatgpt"])
def test_the_library_the_cli_and_the_service_agree_on_a_secret_and_on_nothing_to_import(
    quire_home,
    tmp_path,
    served,  # noqa: F811
    fmt,
):
    """`quire.open().import_path` gives the refusal line in `errors` (what the CLI turns into exit 1);
    the CLI through a running service answers the same file with the same line and exit 1; a blank
    file is the same InvalidInput on the library and exit 1 through the service."""
    import quire
    from memory.errors import InvalidInput
    from tests.conftest import run_forked

    path = write(fmt, tmp_path / "in", [("Home", [KEYED, BOILER, SHED])])
    with quire.open() as q:
        report = q.import_path(path, format=fmt, defer_embed=True)
        (line,) = report.errors
        assert report.stored == 2 and "holds a credential (github_token" in line and GHP not in line
        with pytest.raises(InvalidInput, match="nothing to import"):
            q.import_path(_blank(fmt, tmp_path / "blank", b"\n \n"), format=fmt)
    served()
    done = run_forked("import", str(path), "--format", fmt, "--json")
    assert done.returncode == 1 and json.loads(done.stdout)["errors"] == [line]
    assert f"error: {line}" in done.stderr and GHP not in done.stdout + done.stderr
    blank = run_forked("import", str(_blank(fmt, tmp_path / "blank2", b"\n \n")), "--format", fmt)
    assert blank.returncode == 1 and "nothing to import" in blank.stderr


@pytest.mark.parametrize(
    ("fmt", "said", "spelt"),
    [
        ("chatgpt", '"role": "user"', '"role": "USER"'),
        ("chatgpt", '"role": "user"', '"role": "\\uff35\\uff53\\uff45\\uff52"'),  # fullwidth "Ｕｓｅｒ"
        ("claude", '"sender": "human"', '"sender": "Human"'),
        ("chat-jsonl", '"role": "user"', '"role": "USER"'),
    ],
)
def test_a_role_in_another_case_or_width_is_that_role_on_every_chat_format(cli, tmp_path, fmt, said, spelt):
    # Before: the exports skipped the person's "USER" / "Human" messages without a word (stored 0,
    # exit 0) and the chat JSONL refused the line; the role is matched as a name is, by its fold.
    path = write(fmt, tmp_path / "in", [("Home", [BOILER, SHED])])
    raw = path.read_text(encoding="utf-8")
    assert said in raw
    path.write_text(raw.replace(said, spelt), encoding="utf-8")
    out = cli("import", str(path), "--format", fmt, "--json")
    assert out.exit_code == 0 and _errors(out) == [], out.stderr
    found = json.loads(cli("recall", "garden shed roof felt", "--json").stdout)["results"]
    assert SHED in [r["content"] for r in found]
    found = json.loads(cli("recall", "boiler service due in May", "--json").stdout)["results"]
    assert BOILER in [r["content"] for r in found]


@pytest.mark.parametrize(
    ("space", "says"), [("", "bad space name ''"), ("  ", "bad space name ''"), ("nosuch", "unknown space 'nosuch'")]
)
def test_import_refuses_a_blank_or_unknown_space_before_reading_a_unit(cli, cli_json, tmp_path, space, says):
    # `capture --space ""`, `recall --space ""` and `recent --space ""` are refused; `import --space ""`
    # was taken as no space (the units landed uncategorized), and an unknown one failed every unit on a
    # line of its own. Every format, one line, nothing stored.
    lines = tmp_path / "facts.jsonl"
    lines.write_text('{"content": "The team offsite is planned for the second week of June this year"}\n')
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "garden.md").write_text("The garden shed needs a new roof before the winter storms arrive\n")
    for path in (lines, notes):
        result = cli("import", str(path), "--space", space)
        code = 1 if space.strip() else 2  # a blank one is a usage error, as on every command taking --space
        assert result.exit_code == code and result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert cli_json("status")["total"] == 0


def test_an_offline_import_with_a_name_no_space_can_have_is_refused_not_queued(cli, tmp_path, quire_home, monkeypatch):
    # Offline, `import --space ""` (or "bad name!") was queued, then failed at every `quire sync` and
    # stayed in the outbox; `capture --space ""` offline is refused at once.
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")  # nothing listens: every write queues
    lines = tmp_path / "facts.jsonl"
    lines.write_text('{"content": "The team offsite is planned for the second week of June this year"}\n')
    for space, code in (("", 2), ("bad name!", 2)):  # a usage error, as on every command taking --space
        result = cli("import", str(lines), "--space", space)
        assert result.exit_code == code and "bad space name" in result.stderr and "queued" not in result.stdout
    assert not (quire_home / "outbox.db").exists()


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "telegram", "chat-jsonl"])
def test_a_conversation_title_with_a_line_break_is_one_line_on_every_chat_format(cli, cli_json, tmp_path, fmt):
    # Before: "Trip<newline>planning" was the session's title and every message's source as sent,
    # a line break inside in `recall --json` and wherever a session is named.
    texts = ["We should book the ferry to the island for the second week of August"]
    path = write(fmt, tmp_path / fmt, [("Trip\nplanning\tnotes", texts)])
    assert cli("import", str(path)).exit_code == 0
    (hit,) = cli_json("recall", "ferry to the island", "--detail", "-k", "1")["results"]
    assert hit["session_title"] == "Trip planning notes" and hit["source"].startswith("Trip planning notes")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_reimport_counts_what_the_gate_refused_as_refused_again(cli, tmp_path, fmt):
    """The same file imported twice: a unit the gate refused the first time (too short, noise) is
    counted as rejected again with its reason, not as `already present` (it never was); what landed
    is already present. The second report said 2 already present, 0 rejected on every format."""
    path = write(fmt, tmp_path / "in", [("Home", ["ok thanks", BOILER])])
    first = json.loads(cli("import", str(path), "--format", fmt, "--json").stdout)
    again = cli("import", str(path), "--format", fmt, "--json")
    second = json.loads(again.stdout)
    assert (first["stored"], first["rejected"]) == (1, 1), first
    assert (second["stored"], second["duplicates"], second["rejected"]) == (0, 1, 1), second
    assert again.exit_code == 0 and not _errors(again)
    assert any("rejected (too_short" in w for w in first["warnings"]) == any(
        "rejected (too_short" in w for w in second["warnings"]
    )
    assert first.get("dropped") == second.get("dropped")


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "telegram", "chat-jsonl"])
def test_keep_all_on_a_reimport_keeps_what_the_first_run_refused(cli, tmp_path, fmt):
    """A chat imported, then again with --keep-all: the message the gate called too short lands
    now (counted in kept_anyway), as it would have on a first run with --keep-all; it was skipped
    as already imported, so --keep-all did nothing to a file imported before."""
    path = write(fmt, tmp_path / "in", [("Home", ["ok thanks", BOILER])])
    cli("import", str(path), "--format", fmt, "--json")
    out = cli("import", str(path), "--format", fmt, "--keep-all", "--json")
    report = json.loads(out.stdout)
    assert (report["stored"], report["duplicates"], report["rejected"]) == (1, 1, 0), report
    assert report["kept_anyway"] == {"too_short": 1}
    stored = [content for _, content in _stored(cli)]
    assert "ok thanks" in stored and BOILER in stored
    third = json.loads(cli("import", str(path), "--format", fmt, "--keep-all", "--json").stdout)
    # nothing kept this time: kept_anyway counted the waived message again on every run
    assert (third["stored"], third["duplicates"], third["kept_anyway"]) == (0, 2, {}), third


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "telegram", "chat-jsonl"])
def test_reimport_counts_through_the_service_and_the_library(cli, served, tmp_path, fmt):  # noqa: F811
    """The re-import's counts (a refused message rejected again, --keep-all keeping it then) as the
    CLI reports them through a running `quire serve`, and as the library's import_path gives them."""
    import quire

    path = write(fmt, tmp_path / "in", [("Home", ["ok thanks", BOILER])])
    served()
    runs = [cli("import", str(path), "--format", fmt, *extra, "--json") for extra in ((), (), ("--keep-all",))]
    reports = [json.loads(r.stdout) for r in runs]
    assert [(r["stored"], r["duplicates"], r["rejected"]) for r in reports] == [(1, 0, 1), (0, 1, 1), (1, 1, 0)]
    assert [r.get("kept_anyway") or {} for r in reports] == [{}, {}, {"too_short": 1}]
    shown = cli("import", str(path), "--format", fmt, "--keep-all")
    assert "imported 0 new, 2 already present, 0 rejected" in shown.stdout, shown.stdout
    assert "kept" not in shown.stdout  # nothing kept anyway this run
    other = tmp_path / "lib"
    with quire.open(other) as q:
        first, again = q.import_path(path, format=fmt), q.import_path(path, format=fmt, keep_all=True)
    assert (first.stored, first.rejected, again.stored, again.duplicates, again.kept_anyway) == (
        1,
        1,
        1,
        1,
        {"too_short": 1},
    )


@pytest.mark.parametrize("fmt", ["jsonl", "markdown"])
@pytest.mark.parametrize("flags", [("--keep-all",), ("--roles", "all"), ("--keep-all", "--roles", "all")])
def test_keep_all_and_roles_on_captures_or_notes_are_refused_on_every_route(cli, quire_home, tmp_path, fmt, flags):
    """--keep-all and --roles all read a chat's messages: on a JSONL file of captures or notes they did
    nothing, and the report counted the short line the person asked to keep as rejected, exit 0,
    without a word why. Now a usage line naming the fix (exit 2), the operation's refusal on the
    library's routes, and nothing stored."""
    import quire

    path = write(fmt, tmp_path / "in", [("Home", ["ok thanks", BOILER])])
    out = cli("import", str(path), *flags)
    assert out.exit_code == 2, out.output
    line = out.stderr.strip().splitlines()[-1]
    assert "to a chat export" in line and "leave" in line and "--format chatgpt" in line, line
    kw = {"keep_all": "--keep-all" in flags, "roles": "all" if "all" in flags else "user"}
    with quire.open(quire_home) as q:
        with pytest.raises(InvalidInput, match=r"appl(y|ies) to a chat export"):
            q.import_path(path, **kw)
        with pytest.raises(InvalidInput, match=r"appl(y|ies) to a chat export"):
            q.run("import", path=str(path.absolute()), **kw)  # the operation, as the service runs it
    assert _stored(cli) == []
    plain = json.loads(cli("import", str(path), "--json").stdout)  # without them: as before
    assert (plain["stored"], plain["rejected"]) == (1, 1)
