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
from quire.ops.memories import ImportRequest
from tests.test_adversary_routes import served_post
from tests.test_trust_routes import _mcp_call

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
NOT_TEXT = {
    # (name, bytes, words the refusal says): each was "cannot tell the format" (8,000 bytes or less)
    # or a dozen "bad units" of a PNG's "lines"
    "small-binary": ("data.bin", bytes(range(256)) * 20, "is binary data, not text"),
    "nuls": ("export.txt", b"\x00" * 5000, "is binary data, not text"),
    "png-named-json": ("conversations.json", PNG, "is a PNG image, not text"),
    "png-named-jsonl": ("notes.jsonl", PNG, "is a PNG image, not text"),
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
