"""Errors, by class: whatever value a refusal echoes back, its message is one bounded line in
quire's words on every route (no pydantic wording, no line break, no megabyte of echo)."""

from __future__ import annotations

import http.client
import json

import pytest

import quire
from memory.errors import InvalidInput, QuireError
from tests.conftest import run_forked
from tests.test_service import served  # noqa: F401  (the fixture)

GOOD = "The staging cluster moved to the Frankfurt region in May"


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


@pytest.mark.parametrize(
    "args",
    [
        ("capture", GOOD, "--supersedes", "mem_a\nERROR: all memories were deleted"),
        ("import", "notes\nERROR: all memories were deleted.jsonl"),
    ],
)
def test_a_value_with_a_newline_is_echoed_on_the_one_error_line(quire_home, args):
    # Before: "Error: --supersedes mem_a" and a second stderr line that reads as quire's own.
    result = run_forked(*args)
    assert result.returncode == (2 if args[0] == "import" else 1), result.stderr  # a missing PATH: usage
    lines = error_lines(result.stderr)
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "\\nERROR: all memories were deleted" in lines[0]


@pytest.mark.parametrize(
    ("op", "params", "fix"),
    [
        ("recall", {"query": "ledger", "space": "x" * 200_000}, "starting with a letter or digit"),
        ("recall", {"query": "ledger", "as_of": "9" * 200_000}, "from 1000-01-01 to 9999-12-31"),
        ("recent", {"space": "y" * 200_000}, "starting with a letter or digit"),
        ("capture", {"content": GOOD, "supersedes": "mem_" + "z" * 200_000}, "`quire recall QUERY`"),
        ("capture", {"content": GOOD, "valid_from": "2" * 200_000}, "from 1000-01-01 to 9999-12-31"),
        ("recall", {"query": "ledger", "types": ["nope"] * 10_000}, "or note"),
    ],
)
def test_a_huge_value_gives_a_short_message_that_still_names_the_fix(quire_home, op, params, fix):
    # Before: the whole value came back in the message (200 KB on one stderr line, in the service's
    # JSON and in an agent's context), or one clause per bad list item (10,000 of them).
    with quire.open(quire_home) as q, pytest.raises(QuireError) as caught:
        q.run(op, **params)
    message = str(caught.value)
    assert len(message) <= 1_000 and "\n" not in message, message[:300]
    assert message.endswith(fix) or fix in message[-400:], message


def test_a_message_is_one_line_of_escapes_for_controls_and_lone_surrogates():
    message = str(InvalidInput("no memory 'a\nb\r\x1b[2J\u2028\ud800'; find ids with `quire recall QUERY`"))
    assert message == "no memory 'a\\nb\\r\\x1b[2J\\u2028\\ud800'; find ids with `quire recall QUERY`"
    message.encode("utf-8")  # printable to any UTF-8 stream


LONE = [
    ("recall", {"query": "ledger \ud800"}),
    ("forget", {"memory_id": "mem_x", "reason": "a\udfffb"}),
    ("page_read", {"slug": "\ud800"}),
    ("recent", {"since": "\ud800"}),
]


@pytest.mark.parametrize(("op", "params"), LONE)
def test_a_lone_surrogate_is_refused_in_quires_words(quire_home, op, params):
    # Before: "query: Input should be a valid string, unable to parse raw data as a unicode string".
    with quire.open(quire_home) as q, pytest.raises(InvalidInput) as caught:
        q.run(op, **params)
    message = str(caught.value)
    assert "unpaired surrogate" in message and "Input should" not in message, message


def test_http_refuses_a_lone_surrogate_escape_in_quires_words(served):  # noqa: F811
    s = served()
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    body = rb'{"params": {"query": "where is \ud800 the ledger"}}'  # valid JSON text, no valid Unicode
    conn.request("POST", "/v1/ops/recall", body=body, headers={"Authorization": f"Bearer {s.token}"})
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    assert reply.status == 400 and data["error"]["type"] == "InvalidInput"
    assert "unpaired surrogate" in data["error"]["message"] and "Input should" not in data["error"]["message"]
