"""A damaged chat export loses the conversation holding the damage, never the ones after it.

A byte that is not UTF-8, a broken escape, a control character or a lone low surrogate inside
one conversation of a ChatGPT or Claude `conversations.json` (a lone high surrogate too, which the parser
would read as `?`): that conversation is skipped and
named with its place, every other one lands, the report counts it in `damaged`, the exit code is
1, nothing stored before changes, and importing the fixed file adds the skipped one only.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from memory import chats, jsonstream
from memory.models import parse_payload
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point
from tests.test_service import served  # noqa: F401  (the fixture)


def _claude(i: int) -> dict:
    return {
        "uuid": f"conv-{i}",
        "name": f"Title {i} MARKTITLE",
        "created_at": "2024-05-01T09:30:00Z",
        "chat_messages": [
            {
                "sender": "human",
                "text": f"Conversation {i} MARKTEXT is about the walking route around lake number {i} in spring",
                "created_at": "2024-05-01T09:31:00Z",
            }
        ],
    }


def _chatgpt(i: int) -> dict:
    message = {
        "author": {"role": "user"},
        "content": {
            "content_type": "text",
            "parts": [f"Conversation {i} MARKTEXT is about the walking route around lake number {i} in spring"],
        },
        "create_time": 1714550000 + i,
    }
    return {
        "id": f"conv-{i}",
        "title": f"Title {i} MARKTITLE",
        "create_time": 1714550000 + i,
        "current_node": "b",
        "mapping": {
            "a": {"id": "a", "parent": None, "children": ["b"], "message": None},
            "b": {"id": "b", "parent": "a", "children": [], "message": message},
        },
    }


BUILD = {"claude": _claude, "chatgpt": _chatgpt}
TITLE_KEY = {"claude": b'"name"', "chatgpt": b'"title"'}
TIME_VALUE = {"claude": b'"2024-05-01T09:31:00Z"', "chatgpt": b"1714550003}"}

# (name, what replaces the marker in the text; None: the damage goes elsewhere, see _damaged)
DAMAGE = {
    "latin1-in-text": b"caf\xe9",
    "latin1-in-title": None,
    "latin1-in-key": None,
    "latin1-in-time": None,
    "escape-cut-short": b"\\u00",
    "lone-low-surrogate": b"\\udce9",
    "lone-high-surrogate": b"\\ud800",
    "high-surrogate-then-not-low": b"\\uD83D\\u0041",
    "raw-nul": b"a\x00b",
    "raw-control": b"a\x07b",
    "a-stray-quote-free-byte": b"\xff\xfe",
}


def _conv_bytes(fmt: str, i: int) -> bytes:
    return json.dumps(BUILD[fmt](i)).encode()


def _damaged(fmt: str, i: int, kind: str) -> bytes:
    raw = _conv_bytes(fmt, i)
    if kind == "latin1-in-title":
        return raw.replace(b"MARKTITLE", b"r\xe9sum\xe9")
    if kind == "latin1-in-key":
        return raw.replace(TITLE_KEY[fmt], TITLE_KEY[fmt][:-2] + b'\xe9"', 1)
    if kind == "latin1-in-time":
        value = TIME_VALUE[fmt]
        return raw.replace(value, value[:3] + b"\xe9" + value[3:]) if value in raw else raw + b"\xe9"
    return raw.replace(b"MARKTEXT", DAMAGE[kind])


def _export(tmp_path, fmt: str, count: int, bad: dict[int, str], *, sep: bytes = b",\n") -> object:
    parts = [_damaged(fmt, i, bad[i]) if i in bad else _conv_bytes(fmt, i) for i in range(1, count + 1)]
    path = tmp_path / "conversations.json"
    path.write_bytes(b"[" + sep.join(parts) + b"]")
    return path


def _texts(db) -> list[str]:
    return [r[0] for r in db.rows("SELECT content FROM memories WHERE status = 'active' ORDER BY content")]


@pytest.mark.parametrize("fmt", ["claude", "chatgpt"])
@pytest.mark.parametrize("kind", list(DAMAGE))
def test_damage_in_one_conversation_skips_it_and_every_later_one_lands(session, tmp_path, fmt, kind):
    before = session.capture(parse_payload({"content": "Stored before the import: the spare key is under the pot"}))
    row = session.db.one("SELECT * FROM memories WHERE id = ?", (before.id,))
    path = _export(tmp_path, fmt, 5, {3: kind})
    report = session.import_path(path, defer_embed=True)
    assert report.damaged == 1 and report.stored == 4, report.errors
    assert len(report.errors) == 1 and "conversation 3 (bytes " in report.errors[0]
    texts = " ".join(_texts(session.db))
    assert all(f"Conversation {i} MARKTEXT" in texts for i in (1, 2, 4, 5)) and "Conversation 3" not in texts
    assert session.db.one("SELECT * FROM memories WHERE id = ?", (before.id,)) == row
    # The fixed file: the skipped conversation lands, nothing twice.
    path.write_bytes(b"[" + b",\n".join(_conv_bytes(fmt, i) for i in range(1, 6)) + b"]")
    again = session.import_path(path, defer_embed=True)
    assert again.stored == 1 and again.duplicates == 4 and not again.errors and again.damaged == 0
    assert sum("MARKTEXT" in t for t in _texts(session.db)) == 5


@pytest.mark.parametrize("fmt", ["claude", "chatgpt"])
def test_damage_in_the_first_and_a_later_conversation_of_a_big_export(session, tmp_path, fmt):
    # 400 conversations are several reads of the parser: the whole ones read before the bad
    # byte in the same read land too.
    path = _export(tmp_path, fmt, 400, {1: "latin1-in-text", 250: "escape-cut-short", 251: "raw-nul"})
    report = session.import_path(path, defer_embed=True)
    assert report.damaged == 3 and report.stored == 397
    assert [e.split(" (bytes")[0] for e in report.errors] == [
        f"conversations.json: conversation {n}" for n in (1, 250, 251)
    ]


@pytest.mark.parametrize("fmt", ["claude", "chatgpt"])
def test_a_file_cut_off_inside_the_last_conversation_keeps_the_ones_before(session, tmp_path, fmt):
    whole = b"[" + b",\n".join(_conv_bytes(fmt, i) for i in range(1, 6)) + b"]"
    path = tmp_path / "conversations.json"
    path.write_bytes(whole[: whole.index(b"conv-5") + 20])
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 4 and report.damaged == 1
    assert len(report.errors) == 1 and "conversation 5 is cut off" in report.errors[0]
    path.write_bytes(whole)
    again = session.import_path(path, defer_embed=True)
    assert again.stored == 1 and again.duplicates == 4 and not again.errors


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_crlf_bom_and_utf16_exports_land_whole(session, tmp_path, encoding):
    path = tmp_path / "conversations.json"
    text = "[\r\n" + ",\r\n".join(json.dumps(_claude(i), indent=1).replace("\n", "\r\n") for i in range(1, 4)) + "\r\n]"
    path.write_bytes(text.encode(encoding))
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 3 and not report.errors and report.damaged == 0


def test_a_deep_conversation_and_a_bad_byte_each_cost_only_their_own(session, tmp_path):
    path = tmp_path / "conversations.json"
    deep = b'{"uuid": "deep", "chat_messages": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    parts = [_conv_bytes("claude", 1), deep, _damaged("claude", 3, "latin1-in-text"), _conv_bytes("claude", 4)]
    path.write_bytes(b"[" + b",".join(parts) + b"]")
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 2 and report.damaged == 1
    assert any("conversation 2" in e and "nested more than" in e for e in report.errors)
    assert any(e.startswith("conversations.json: conversation 3 (bytes") for e in report.errors)


def test_the_cli_exits_1_and_its_report_counts_the_damage(cli, tmp_path):
    path = _export(tmp_path, "claude", 4, {2: "latin1-in-text"})
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["damaged"] == 1 and data["stored"] == 3
    assert "conversation 2 (bytes" in result.stderr and "Latin-1" in result.stderr
    text = cli("import", str(path), "--defer-embed")
    assert text.exit_code == 1 and "1 conversations damaged in the file" in text.stdout


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("raw-control", "a control character inside a text"),
        ("escape-cut-short", "a backslash escape JSON does not know"),
        ("a-stray-quote-free-byte", "not UTF-8"),
    ],
)
def test_damage_is_said_in_quires_words_never_the_parsers_nor_the_files_bytes(cli, tmp_path, kind, says):
    # Before: "(lexical error: invalid character inside string.)", and for bad UTF-8 yajl's message
    # with a copy of the bytes around the fault ("(right here) ------^").
    result = cli("import", str(_export(tmp_path, "claude", 3, {2: kind})), "--defer-embed")
    [line] = [ln for ln in result.stderr.splitlines() if "conversation 2" in ln]
    assert says in line, line
    assert not any(w in line for w in ("lexical error", "parse error", "right here", "json text")), line


def test_the_cli_through_a_running_service_reads_on_past_damage(served, tmp_path):  # noqa: F811
    served()
    path = _export(tmp_path, "chatgpt", 4, {3: "raw-nul"})
    result = run_quire("import", str(path), "--defer-embed", "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["damaged"] == 1 and data["stored"] == 3
    assert "conversation 3 (bytes" in result.stderr


def test_item_spans_see_brackets_and_commas_inside_texts_as_text():
    raw = b' [ {"a": "x, ] } \\" [ {"}, 17, "a \\\\", [1, [2]], {"b": "\xe9"} ]'
    spans = list(jsonstream.item_spans(io.BytesIO(raw)))
    assert [raw[s.start : s.end].strip() for s in spans] == [
        b'{"a": "x, ] } \\" [ {"}',
        b"17",
        b'"a \\\\"',
        b"[1, [2]]",
        b'{"b": "\xe9"}',
    ]
    assert all(s.closed for s in spans)
    torn = list(jsonstream.item_spans(io.BytesIO(b'[{"a": 1}, {"b": "cut')))
    assert [s.closed for s in torn] == [True, False]


def test_a_zip_export_with_a_damaged_conversation_reads_on(session, tmp_path):
    inner = _export(tmp_path, "chatgpt", 5, {2: "latin1-in-text", 4: "escape-cut-short"})
    path = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(inner, "export/conversations.json")
    inner.unlink()
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 3 and report.damaged == 2
    assert [e.split(" (bytes")[0] for e in report.errors] == [
        "chatgpt-export.zip!export/conversations.json: conversation 2",
        "chatgpt-export.zip!export/conversations.json: conversation 4",
    ]


def test_a_text_past_the_limit_and_a_bad_byte_after_it_each_cost_one_conversation(session, tmp_path):
    huge = _claude(2)
    huge["chat_messages"][0]["text"] = "long words " * (jsonstream.MAX_STRING // 11 + 10)
    parts = [_conv_bytes("claude", 1), json.dumps(huge).encode(), _damaged("claude", 3, "raw-nul")]
    path = tmp_path / "conversations.json"
    path.write_bytes(b"[" + b",".join([*parts, _conv_bytes("claude", 4)]) + b"]")
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 2 and report.damaged == 1
    assert any("conversation 2" in e and "over the 16,000,000 limit" in e for e in report.errors), report.errors
    assert any(e.startswith("conversations.json: conversation 3 (bytes") for e in report.errors)


@pytest.mark.parametrize("shift", range(-14, 3))
def test_a_surrogate_pair_cut_by_a_read_is_whole_and_a_lone_half_there_is_damage(shift):
    # The reader checks 64 KiB at a time: a pair (an emoji as ChatGPT writes it) or a lone half
    # that straddles two reads is judged whole, and a backslash before it is counted.
    for text, lone in ((b"\\ud83d\\ude00", False), (b"\\ud83d", True), (b"\\\\ud83d", False), (b"\\\\\\ud83d x", True)):
        raw = b'["' + b" " * ((1 << 16) + shift - 2) + text + b'"]'
        items = jsonstream.array_items(jsonstream.checked(io.BytesIO(raw)))
        if lone:
            with pytest.raises(jsonstream.BadByte, match="holds an unpaired surrogate"):
                list(items)
        else:
            assert next(items).endswith(json.loads(b'"' + text + b'"'))


@pytest.mark.parametrize("fmt", ["claude", "chatgpt"])
@pytest.mark.parametrize("where", ["after-the-bracket", "before-a-conversation", "after-a-conversation", "at-the-end"])
def test_a_bad_byte_between_conversations_costs_none_of_them(session, tmp_path, fmt, where):
    parts = [_conv_bytes(fmt, i) for i in range(1, 6)]
    if where == "after-the-bracket":
        parts[0] = b"\xe9 " + parts[0]
    elif where == "before-a-conversation":
        parts[2] = b"\xe9\xe9" + parts[2]
    elif where == "after-a-conversation":
        parts[1] = parts[1] + b" \xff"
    else:
        parts[4] = parts[4] + b"\xe9\n"
    path = tmp_path / "conversations.json"
    path.write_bytes(b"[" + b",\n".join(parts) + b"]")
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 5 and report.damaged == 0, report.errors
    assert len(report.errors) == 1 and "not JSON around conversation" in report.errors[0], report.errors
    assert sum("MARKTEXT" in t for t in _texts(session.db)) == 5
    path.write_bytes(b"[" + b",\n".join(_conv_bytes(fmt, i) for i in range(1, 6)) + b"]")
    again = session.import_path(path, defer_embed=True)
    assert again.stored == 0 and again.duplicates == 5 and not again.errors


def test_the_cli_exits_1_for_stray_bytes_between_conversations(cli, tmp_path):
    path = tmp_path / "conversations.json"
    path.write_bytes(b"[" + _conv_bytes("claude", 1) + b",\xe9" + _conv_bytes("claude", 2) + b"]")
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 1 and json.loads(result.stdout)["stored"] == 2
    assert [line for line in result.stderr.splitlines() if line.strip()] == [
        line for line in result.stderr.splitlines() if "not JSON around conversation 2" in line
    ]


def test_an_export_damaged_everywhere_gives_a_bounded_list_of_errors_and_exit_1(cli, tmp_path):
    count = chats.DAMAGE_LISTED + 70
    path = _export(tmp_path, "claude", count, {i: "raw-nul" for i in range(1, count + 1)})
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["damaged"] == count and data["stored"] == 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == chats.DAMAGE_LISTED + 1 and len(data["errors"]) == chats.DAMAGE_LISTED + 1
    assert f"70 more damaged places, in conversations {chats.DAMAGE_LISTED + 1} to {count}" in lines[-1]


def test_the_service_gives_the_same_bounded_errors(served, tmp_path):  # noqa: F811
    served()
    count = chats.DAMAGE_LISTED + 3
    path = _export(tmp_path, "chatgpt", count, {i: "lone-high-surrogate" for i in range(1, count + 1)})
    result = run_quire("import", str(path), "--defer-embed", "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["damaged"] == count and data["stored"] == 0 and len(data["errors"]) == chats.DAMAGE_LISTED + 1
    assert "unpaired surrogate" in data["errors"][0] and "3 more damaged places" in data["errors"][-1]
