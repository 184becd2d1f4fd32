"""A key given twice, by class: whatever a person or an agent writes (a request body, an MCP line, a
JSONL or chat line, a screen's query or form, config.toml) is refused in one line naming the key,
and nothing is stored. Before, every JSON reader kept the last one without a word: `"k": 1, "k":
50` ran with 50, `"type": "fact", "type": "note"` stored a note."""

from __future__ import annotations

import html
import json
import threading
from pathlib import Path

import pytest

import quire
from memory import text
from memory.errors import InvalidInput
from tests.conftest import mcp_over_stdio
from tests.test_adversary_routes import call, stdio_answers
from tests.test_adversary_values import http_post
from tests.test_service import served  # noqa: F401  (the fixture)
from tests.ui_home import Browserless, seed, start

TWICE = "appears twice in one JSON object; keep one of them"


def test_the_one_reader_refuses_a_key_twice_at_any_depth_and_keeps_everything_else():
    assert text.json_loads('{"a": {"b": 1}, "c": [{"d": 2}]}') == {"a": {"b": 1}, "c": [{"d": 2}]}
    for raw in ('{"k": 1, "k": 50}', '{"params": {"fields": {"claim": "a", "claim": "b"}}}', '[{"x": 1, "x": 1}]'):
        with pytest.raises(InvalidInput, match=TWICE):
            text.json_loads(raw)


@pytest.mark.parametrize(
    ("body", "key"),
    [
        (
            b'{"params": {"content": "The lisbon office opens at nine every weekday", "type": "fact", "type": "note"}}',
            "type",
        ),
        (
            b'{"params": {"content": "The porto office opens at ten every weekday", "fields": {"claim": "a", '
            b'"claim": "b"}}}',
            "claim",
        ),
        (
            b'{"params": {"content": "The faro office opens at eight every weekday"}, "params": {"content": "x"}}',
            "params",
        ),
    ],
)
def test_the_service_refuses_a_key_twice_and_stores_nothing(served, body, key):  # noqa: F811
    s = served()
    status, data = http_post(s, "capture", body)
    assert status == 400 and data["error"]["type"] == "InvalidInput", data
    message = data["error"]["message"]
    assert f"the key '{key}' {TWICE}" in message and "nothing was done" in message and "\n" not in message
    assert http_post(s, "status", b"{}")[1]["result"]["total"] == 0


def test_mcp_refuses_a_key_twice_with_the_requests_id_and_runs_nothing(quire_home):
    lines = [
        call(1, "recall", '{"query": "where is the ledger", "k": 1, "k": 50}'),
        call(
            2, "capture", '{"content": "The lisbon office opens at nine every weekday", "type": "fact", "type": "note"}'
        ),
        '{"jsonrpc": "2.0", "id": 3, "id": 4, "method": "tools/call", "params": {"name": "status", "arguments": {}}}',
        r'{"jsonrpc": "2.0", "id": "a\ud800", "method": "tools/call", "params": {"name": "status", "name": "x"}}',
        call(5, "status", "{}"),
    ]
    answers = stdio_answers(quire_home, lines, expected=5)
    assert "the key 'name' appears twice" in answers[None]["error"]["message"]  # an id no reply can carry
    for n, key in ((1, "k"), (2, "type"), (3, "id")):
        message = answers[n]["error"]["message"]
        assert f"the key '{key}' {TWICE}" in message and "nothing was done" in message, answers[n]
    assert answers[5]["result"]["isError"] is False
    assert json.loads(answers[5]["result"]["content"][0]["text"])["total"] == 0


def test_a_jsonl_line_with_a_key_twice_is_one_bad_unit(quire_home, tmp_path):
    path = tmp_path / "captures.jsonl"
    path.write_text(
        '{"content": "The lisbon office opens at nine every weekday", "type": "fact", "type": "note"}\n'
        '{"content": "The porto office opens at ten every weekday morning"}\n',
        encoding="utf-8",
    )
    with quire.open(quire_home) as q:
        report = q.import_path(path)
        assert report.stored == 1 and len(report.errors) == 1, report
        assert "captures.jsonl:1: the key 'type' " + TWICE in report.errors[0]
        assert q.status().total == 1 and all("lisbon" not in h.text for h in q.recall("lisbon office").results)


def test_a_chat_line_with_a_key_twice_is_one_bad_unit(quire_home, tmp_path):
    path = tmp_path / "chat.jsonl"
    line = {"conversation": "c1", "role": "user", "time": "2026-01-02T10:00:00Z"}
    path.write_text(
        json.dumps({**line, "text": "The lisbon office opens at nine every weekday morning"})[:-1]
        + ', "text": "no, ten"}\n'
        + json.dumps({**line, "text": "The porto office opens at ten every weekday morning"})
        + "\n",
        encoding="utf-8",
    )
    with quire.open(quire_home) as q:
        report = q.import_path(path)
        assert any("chat.jsonl:1: the key 'text' " + TWICE in e for e in report.errors), report.errors
        assert report.stored == 1 and all("lisbon" not in h.text for h in q.recall("lisbon office").results)


def test_the_ui_refuses_a_query_field_twice(quire_home):
    s = start()
    try:
        web = Browserless(seed(s)).sign_in()
        status, _, body = web.request("GET", "/recall?q=billing&k=1&k=50")
        assert status == 400 and "gives 'k' twice; give it once" in html.unescape(body), body[-800:]
        status, _, body = web.request("GET", "/recall?q=%FF")
        assert status == 400 and "not UTF-8" in html.unescape(body), body[-800:]
        assert web.request("GET", "/recall?q=billing&k=3")[0] == 200
    finally:
        s.stop()


def test_config_names_the_line_that_sets_a_key_twice(cli, quire_home):
    quire_home.mkdir()
    (quire_home / "config.toml").write_text('[store]\nurl = "ws://a:1"\nurl = "ws://b:1"\n', encoding="utf-8")
    result = cli("status")
    assert result.exit_code == 1
    assert "'url = \"ws://b:1\"' sets a key (or table) set before; keep one" in result.stderr, result.stderr


def test_a_note_whose_frontmatter_sets_a_key_twice_names_it_and_still_lands(quire_home, tmp_path):
    # Before: PyYAML kept the last `title` without a word.
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "office.md").write_text(
        "---\ntitle: Lisbon office\ntags: [work]\ntitle: Porto office\n---\n"
        "- The office opens at nine every weekday morning\n",
        encoding="utf-8",
    )
    with quire.open(quire_home) as q:
        report = q.import_path(notes)
        assert report.stored == 1, report
    said = " ".join(report.warnings + report.errors)
    assert "office.md: frontmatter is not valid YAML at line 4: the key 'title' is set twice; keep one" in said, said


def test_an_export_conversation_holding_a_key_twice_is_skipped_and_named_the_rest_land(quire_home, tmp_path):
    # Before: the streaming reader kept the last one, as json does.
    source = (Path(__file__).parent / "fixtures" / "chats" / "chatgpt.json").read_text(encoding="utf-8")
    first = '"title": "Sourdough starter troubleshooting",'
    assert first in source
    path = tmp_path / "conversations.json"
    path.write_text(source.replace(first, first + ' "title": "x",', 1), encoding="utf-8")
    with quire.open(quire_home) as q:
        report = q.import_path(path, roles="all")
        assert report.errors == [
            "conversations.json: conversation 1: the key 'title' appears twice in one object (an edited or damaged "
            "file); skipped"
        ]
        assert report.stored > 0 and report.conversations == 1


def test_mcp_refuses_a_line_that_is_not_utf8_instead_of_storing_replacement_characters(quire_home):
    # Before: the SDK's reader decoded stdin with errors="replace": a Latin-1 "é" became U+FFFD,
    # and the capture was stored so. A line is a request quire reads in UTF-8, or refuses.

    from tests.test_adversary_routes import INIT

    capture = call(2, "capture", '{"content": "The caf\xe9 on the corner opens at nine every weekday"}')
    lines = [json.dumps(INIT).encode(), b'{"jsonrpc": "2.0", "method": "notifications/initialized"}']
    lines += [capture.encode("latin-1"), call(3, "status", "{}").encode()]
    server = mcp_over_stdio(quire_home, text=False)
    answers: dict = {}
    killer = threading.Timer(30, server.kill)  # an answer that never comes fails the test, never hangs it
    killer.start()
    try:
        assert server.stdin and server.stdout
        server.stdin.write(b"".join(line + b"\n" for line in lines))
        server.stdin.flush()
        while not {2, 3} <= set(answers) and (line := server.stdout.readline()):
            answer = json.loads(line)
            answers[answer.get("id")] = answer
    finally:
        killer.cancel()
        server.kill()
        server.wait(30)
    message = answers[2]["error"]["message"]
    assert "that line is not UTF-8 text (byte 0xe9 at offset" in message and "Nothing was done" in message
    assert json.loads(answers[3]["result"]["content"][0]["text"])["total"] == 0


def test_mcp_refuses_a_line_past_the_one_request_limit_with_its_id_and_reads_on(quire_home):
    # Before: the SDK read a line of any length whole (a runaway agent's gigabyte line, all in memory).
    huge = call(7, "capture", '{"content": "' + "lisbon office " * 400_000 + '"}')
    answers = stdio_answers(quire_home, [huge, call(8, "status", "{}")], expected=2)
    assert "that line is over the 4,194,304-byte limit of one request" in answers[7]["error"]["message"]
    assert json.loads(answers[8]["result"]["content"][0]["text"])["total"] == 0


def test_the_service_refuses_a_request_that_gives_its_length_twice(served):  # noqa: F811
    # Before: the first Content-Length framed the body and the second was ignored, a header given
    # twice read last-wins' mirror image; the bytes past it were read as the next request.
    import socket

    s = served()
    body = b'{"params": {"content": "The lisbon office opens at nine every weekday morning"}}'
    head = (
        f"POST /v1/ops/capture HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {s.token}\r\n"
        f"Content-Length: {len(body)}\r\nContent-Length: 2\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", s.info["port"]), timeout=30) as conn:
        conn.sendall(head.encode() + body)
        reply = conn.makefile("rb").read().decode()  # to the end: the connection is closed after it
    assert reply.startswith("HTTP/1.") and " 400 " in reply.split("\r\n")[0], reply
    assert "gives its length twice" in reply
    assert http_post(s, "status", b"{}")[1]["result"]["total"] == 0


# -- a key written nearly right ------------------------------------------------------------------------

NEAR = [
    ("ｃｏｎｔｅｎｔ", '"ｃｏｎｔｅｎｔ"', "content"),
    ("Content", "Content", "content"),
    (" content", '" content"', "content"),
    ("content ", '"content "', "content"),
    ("contnet", "contnet", "content"),
    ("Valid-From", "Valid-From", "valid_from"),
]


@pytest.mark.parametrize(("key", "shown", "meant"), NEAR)
def test_a_near_miss_key_is_refused_naming_the_key_it_was_meant_as(quire_home, tmp_path, key, shown, meant):
    # Before: "content: is required; ｃｏｎｔｅｎｔ: unknown key; allowed keys: content, type, ..."
    # (a key of spaces or fullwidth letters looked like the allowed one, and the missing content was a
    # second cause). Now one clause, the key quoted as written and the one it was probably meant as,
    # on a JSONL line and a capture alike; nothing stored.
    line = {key: "The staging cluster moved to Oslo in the spring"}
    if meant != "content":
        line = {"content": "The staging cluster moved to Oslo in the spring", key: "2024-03-01"}
    path = tmp_path / "lines.jsonl"
    path.write_text(json.dumps(line, ensure_ascii=False) + "\n")
    says = f"invalid capture: {shown}: unknown key; did you mean {meant}?"
    with quire.open(quire_home) as q:
        [error] = q.run("import", path=str(path)).model_dump()["errors"]
        assert error == f"lines.jsonl:1: {says} (a key is written exactly so: lowercase, no spaces)", error
        with pytest.raises(InvalidInput) as refused:
            q.run("capture", **line)
        assert str(refused.value).startswith(says), refused.value
        assert q.status().total == 0


def test_a_key_near_nothing_still_lists_the_allowed_keys(quire_home):
    with (
        quire.open(quire_home) as q,
        pytest.raises(InvalidInput, match="zzz: unknown key; allowed keys: content, type"),
    ):
        q.run("capture", content="The staging cluster moved to Oslo in the spring", zzz="x")


def test_issue12_a_chat_line_imported_as_format_jsonl_lists_the_keys_once_and_names_the_format(quire_home, tmp_path):
    # Issue 12's generic chat JSONL (`{"conversation", "speaker", "role", "text", "time"}`) given to
    # `quire import PATH --format jsonl`: the refusal repeated "allowed keys: content, type, ..." for
    # each of the line's keys and never named the format that reads it. Nothing is stored either way.
    line = {
        "conversation": "Trip planning",
        "speaker": "Ana",
        "role": "user",
        "text": "We should book the night train to Vienna for the conference in May",
        "time": "2024-03-02T10:00:00Z",
    }
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps(line) + "\n")
    with quire.open(quire_home) as q:
        [error] = q.run("import", path=str(path), format="jsonl").model_dump()["errors"]
        assert error.count("allowed keys") == 1 and "speaker: unknown key" in error, error
        assert "--format chat-jsonl" in error, error
        assert q.status().total == 0
        assert q.run("import", path=str(path), format="chat-jsonl").stored == 1  # the format it names reads it
