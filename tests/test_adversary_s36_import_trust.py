"""What `quire import` is given, by class, on every route: a file that is not text is refused as
what it is, whatever its size or name; a UTF-16 export is read; a giant first line does not make
telling the format read it whole; a person's name has one limit wherever it is taken."""

from __future__ import annotations

import io
import json
import os

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory import chats, files, jsonstream
from memory.errors import InvalidInput, QuireError
from memory.models import ENTITY_NAME_MAX, ME_MAX
from quire.cli import cli as group
from quire.ops.memories import ImportRequest
from tests.test_adversary_routes import served_post
from tests.test_import_telegram import _chat, _kind_of, _msg, _write
from tests.test_trust_routes import _mcp_call

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
NOT_TEXT = {
    # (name, bytes, words the refusal says): each was "cannot tell the format" (8,000 bytes or less)
    # or a dozen "bad units" of a PNG's "lines"
    "small-binary": ("data.bin", bytes(range(256)) * 20, "is binary data, not text"),
    "nuls": ("export.txt", b"\x00" * 5000, "is binary data, not text"),
    "png-named-json": ("conversations.json", PNG, "is a PNG image, not text"),
    "png-named-jsonl": ("notes.jsonl", PNG, "is a PNG image, not text"),
    "gzip": (
        "conversations.json.gz",
        b"\x1f\x8b\x08\x00" + bytes(200),
        "is gzip-compressed data, not text; import reads JSONL, Markdown notes, chat exports (JSON, text or their "
        ".zip): unpack it first and give what it holds",
    ),
    "utf16-no-bom": (
        "notes.jsonl",
        '{"content": "The team offsite is planned for June"}\n'.encode("utf-16-le"),
        "is UTF-16LE text without a byte order mark; re-save it as UTF-8 (iconv -f UTF-16LE -t UTF-8",
    ),
}


def _state(home):
    with quire.open(home) as q:
        return q.status().model_dump(exclude={"replica"})


@pytest.mark.parametrize("route", ["library", "cli", "cli-format", "serve"])
@pytest.mark.parametrize("case", NOT_TEXT)
def test_a_file_that_is_not_text_is_refused_as_what_it_is_on_every_route(tmp_path, monkeypatch, cli, route, case):
    name, data, says = NOT_TEXT[case]
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture("The staging cluster moved to the Frankfurt region in May", type="fact")
    before = _state(home)
    path = tmp_path / name
    path.write_bytes(data)
    if route == "library":
        with pytest.raises(QuireError) as refused, quire.open(home) as q:
            q.import_path(path)
        said = str(refused.value)
    elif route.startswith("cli"):
        given = ["--format", "jsonl"] if route == "cli-format" else []
        result = cli("import", str(path), *given)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        said = result.stderr
    else:
        status, answer = served_post(home, "import", {"path": str(path)})
        assert status == 400, answer
        said = answer["error"]["message"]
    assert says in said and "cannot tell the format" not in said, said
    assert _state(home) == before


def test_a_utf16_chat_export_with_its_byte_order_mark_is_read(quire_home, tmp_path):
    turn = "I am moving to Lisbon in the spring of next year with my partner"
    export = [
        {
            "title": "Trip",
            "create_time": 1700000000,
            "mapping": {
                "a": {
                    "id": "a",
                    "message": {
                        "author": {"role": "user"},
                        "content": {"content_type": "text", "parts": [turn]},
                        "create_time": 1700000000,
                    },
                    "parent": None,
                    "children": [],
                }
            },
        }
    ]
    path = tmp_path / "conversations.json"
    path.write_bytes("\ufeff".encode("utf-16-le") + json.dumps(export).encode("utf-16-le"))
    with quire.open(quire_home) as q:
        report = q.import_path(path)
        assert report.stored == 1 and report.format == "chatgpt", report
        assert q.show(report.ids[0]).content == turn


@pytest.mark.parametrize(
    "data",
    [
        b'{"content": "The team offsite is planned for June this year"}\n{"content": "x\x00y"}\n',  # a stray NUL
        b'{"content": "The build log said \x1b[31mred\x1b[0m and the deploy went out on Friday"}\n',  # escapes
        "Ça a été un été très chaud à Montréal, vraiment très chaud cette année".encode("latin-1"),
    ],
)
def test_text_with_a_stray_nul_escapes_or_latin1_is_not_called_binary(tmp_path, data):
    assert files.binary_kind(data) is None


def test_telling_the_format_of_a_giant_one_line_file_reads_only_its_head(tmp_path):
    # A 300 MB JSONL export of one line was parsed whole to find its first keys (one string, held in
    # memory, its time growing as its square: 60 MB took 9 s, and the format was told twice per
    # import), before the JSONL reader refused the line for its length.
    path = tmp_path / "chat.jsonl"
    with open(path, "wb") as fh:
        fh.write(b'{"text": "')
        fh.write(b"word " * (6 * jsonstream.FIRST_KEYS_BYTES // 5))
        fh.write(b'", "conversation": "c"}\n')
    before = _read_bytes()
    assert chats.detect_format(path) == "jsonl"
    assert _read_bytes() - before < 2 * jsonstream.FIRST_KEYS_BYTES
    with quire.open(tmp_path / "home") as q:
        report = q.import_path(path)
    assert report.stored == 0 and "over the 1,000,000-byte limit" in " ".join(report.errors), report


def test_first_keys_still_finds_keys_after_a_long_first_value():
    data = b'{"text": "' + b"a" * 2_000_000 + b'", "conversation": "c"}\n'
    assert jsonstream.first_keys(io.BytesIO(data), frozenset({"conversation"})) == {"text", "conversation"}


def _read_bytes() -> int:
    if not os.path.exists("/proc/self/io"):
        pytest.skip("counts bytes read through /proc")
    with open("/proc/self/io") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("rchar:"))


def test_a_persons_name_has_one_limit_wherever_it_is_taken():
    # `--me` was offered to programs as up to 4,096 characters (the import request's schema), while
    # it was refused past 120, as a chat line's speaker and an entity's name are.
    schema = ImportRequest.model_json_schema()["properties"]["me"]["anyOf"][0]
    speaker = chats.ChatLine.model_json_schema()["properties"]["speaker"]["anyOf"][0]
    assert schema["maxLength"] == speaker["maxLength"] == ME_MAX == ENTITY_NAME_MAX


@pytest.mark.parametrize("route", ["library", "cli", "serve"])
def test_a_name_past_the_limit_is_refused_in_one_line_on_every_route(tmp_path, monkeypatch, cli, route):
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    chat = tmp_path / "chat.txt"
    chat.write_text("12/01/2024, 10:00 - Bob: hello there\n12/01/2024, 10:01 - Ann: I moved to Lisbon\n")
    me = "A" * (ME_MAX + 1)
    with quire.open(home):
        pass
    before = _state(home)
    if route == "library":
        with pytest.raises(InvalidInput) as refused, quire.open(home) as q:
            q.run("import", path=str(chat), me=me)
        said = str(refused.value)
    elif route == "cli":
        result = cli("import", str(chat), "--me", me)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        said = result.stderr
    else:
        status, answer = served_post(home, "import", {"path": str(chat), "me": me})
        assert status == 400, answer
        said = answer["error"]["message"]
    assert f"me: is longer than {ME_MAX} characters; give your name as the chat shows" in said, said
    assert _state(home) == before


@pytest.mark.parametrize("route", ["library", "cli", "serve", "mcp"])
def test_a_supersedes_past_an_ids_length_is_refused_by_it_on_every_route(tmp_path, monkeypatch, cli, route):
    # Before: it was looked up and refused as "no such memory" (exit 1 on the CLI), echoing all 5,000
    # characters, where the other id fields (memory_id, subject_id) refuse it by its length.
    given, says = "mem_" + "0" * 5000, "supersedes: is longer than 100 characters; memory ids look like mem_"
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture("The staging cluster moved to the Frankfurt region in May", type="fact")
    before = _state(home)
    content = "The staging cluster moved to the Lisbon region in June"
    if route == "library":
        with pytest.raises(InvalidInput) as refused, quire.open(home) as q:
            q.capture(content, supersedes=given)
        said = str(refused.value)
    elif route == "cli":
        result = cli("capture", content, "--supersedes", given)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        said = result.stderr
    elif route == "serve":
        status, answer = served_post(home, "capture", {"content": content, "supersedes": given})
        assert status == 400, answer
        said = answer["error"]["message"]
    else:
        with pytest.raises(ToolError) as refused:
            _mcp_call(home, "capture", {"content": content, "supersedes": given})
        said = str(refused.value)
    assert says in said and len(said) < 400, said
    assert _state(home) == before


@pytest.mark.parametrize("how", ["file", "stdin"])
@pytest.mark.parametrize(
    ("data", "says"),
    [
        (PNG, "is a PNG image, not text; capture reads the memory as text"),
        (b"\x00" * 100, "is binary data, not text"),
        ("The staging cluster moved to Frankfurt in May".encode("utf-16-le"), "is UTF-16LE text without a byte order"),
    ],
    ids=["png", "nuls", "utf16-no-bom"],
)
def test_capture_from_a_file_or_stdin_that_is_not_text_names_what_it_is(quire_home, tmp_path, runner, how, data, says):
    # Before: a PNG was "not UTF-8 text (... it looks like Latin-1)", a file of NULs "content: must not be
    # empty", and ASCII in UTF-16 without its BOM was stored with "removed 45 control characters".
    path = tmp_path / "note.txt"
    path.write_bytes(data)
    args = ["capture", "-f", str(path)] if how == "file" else ["capture"]
    result = runner.invoke(group, args, input=data if how == "stdin" else None, catch_exceptions=False)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert says in result.stderr, result.stderr
    with quire.open(quire_home) as q:
        assert q.status().total == 0


def test_capture_of_utf16_with_its_bom_reads_back_as_typed(quire_home, tmp_path, cli):
    said = "The staging cluster moved to Zürich in May, not to Łódź"
    path = tmp_path / "note.txt"
    path.write_bytes("\ufeff".encode("utf-16-le") + said.encode("utf-16-le"))
    result = cli("capture", "-f", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    with quire.open(quire_home) as q:
        assert q.show(json.loads(result.stdout)["id"]).content == said


def test_a_note_in_a_folder_that_is_not_text_is_named_so_and_the_rest_lands(quire_home, tmp_path):
    # Before: a PNG named .md was "not UTF-8 text (... Latin-1)", a note of NULs "content: must not be
    # empty", and one in UTF-16 without its BOM was stored with its NULs removed; given alone, each
    # file was already refused as what it is.
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.md").write_bytes(PNG)
    (folder / "b.md").write_bytes(b"\x00" * 3000)
    (folder / "c.md").write_bytes("# Trip\n\nWe are moving to Lisbon in the spring of next year.\n".encode("utf-16-le"))
    (folder / "d.md").write_text("# Work\n\nThe staging cluster moved to Frankfurt in May this year.\n")
    with quire.open(quire_home) as q:
        report = q.import_path(folder)
        errors = sorted(report.errors)
        assert [e.split(":")[0] for e in errors] == ["a.md", "b.md", "c.md"], errors
        assert "is a PNG image, not text" in errors[0] and "is binary data, not text" in errors[1], errors
        assert "is UTF-16LE text without a byte order mark" in errors[2], errors
        assert [q.show(i).content for i in report.ids] == ["The staging cluster moved to Frankfurt in May this year."]


@pytest.mark.parametrize("length", [ME_MAX - 20, ME_MAX])
def test_a_long_name_given_to_me_finds_its_telegram_messages(session, tmp_path, length):
    # Before: Telegram's and Messenger's senders were cut at WhatsApp's 80 characters while --me took
    # 120: a 100-character name matched none of its messages ("no message is from ..."), and the
    # person's "I live in Lisbon" was read as someone else's.
    name = ("Maria " + "Conceição " * 20)[:length].strip()
    messages = [
        _msg(2, "Anna Kowalska", "Are you coming to the party on Saturday evening?", minute=1),
        _msg(3, name, "I live in Lisbon now, the flat is on Rua das Flores near the river", minute=2),
        _msg(4, "Bob Stone", "Great, I will bring the lemon cake from the bakery", minute=3),
    ]
    path = _write(tmp_path / "result.json", _chat(messages, name="Party", kind="private_group"))
    report = session.import_path(path, me=name)
    assert not [w for w in report.warnings if "no message is from" in w], report.warnings
    speakers = session.db.rows("SELECT DISTINCT speaker FROM session_turns ORDER BY speaker")
    assert name in [row[0] for row in speakers]
    assert _kind_of(session.db, "I live in Lisbon%") != "note"  # the person's own life


CHAT_LINE = '{{"conversation": "c", "speaker": "Ann", "role": "user", "text": "{}"}}\n'
LONG_LINES = {
    "jsonl": ("notes.jsonl", '{{"content": "{}"}}\n'),
    "chat-jsonl": ("chat.jsonl", CHAT_LINE),
    "whatsapp": ("chat.txt", "01/31/24, 10:00 - Ann: {}\n"),
}


@pytest.mark.parametrize("fmt", LONG_LINES)
def test_a_line_past_the_limit_is_refused_in_one_wording_by_every_reader_and_the_rest_lands(
    quire_home, tmp_path, monkeypatch, fmt
):
    # Before: "line is over the ...; split it up" (JSONL), "line over the ...; split it up" (chat JSONL),
    # "a line over the ...; left out" (WhatsApp), from two MAX_LINE_BYTES constants.
    monkeypatch.setattr(chats, "MAX_LINE_BYTES", 4096)
    name, line = LONG_LINES[fmt]
    kept = "The staging cluster moved to the Frankfurt region in May this year"
    path = tmp_path / name
    path.write_text(line.format("We moved the team offsite to Porto in June") + "x" * 10_000 + "\n" + line.format(kept))
    with quire.open(quire_home) as q:
        report = q.import_path(path, format=fmt)
        assert report.errors == [f"{name}:2: {chats.line_too_long()}"], report.errors
        assert "a line over the 4,096-byte limit; split it up" in report.errors[0]
        assert kept in [q.show(i).content for i in report.ids]
