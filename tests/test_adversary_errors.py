"""Errors, by class: whatever value a refusal echoes back, its message is one bounded line in
quire's words on every route (no pydantic wording, no line break, no megabyte of echo)."""

from __future__ import annotations

import pytest

import quire
from memory.errors import InvalidInput, QuireError
from tests.conftest import run_forked

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
    assert result.returncode == 1, result.stderr
    lines = error_lines(result.stderr)
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "\\nERROR: all memories were deleted" in lines[0]


@pytest.mark.parametrize(
    ("op", "params", "fix"),
    [
        ("recall", {"query": "ledger", "space": "x" * 200_000}, "starting with a letter or digit"),
        ("recall", {"query": "ledger", "as_of": "9" * 200_000}, "from 1000-01-01 to 9999-12-31"),
        ("recent", {"space": "y" * 200_000}, "starting with a letter or digit"),
        ("capture", {"content": GOOD, "supersedes": "mem_" + "z" * 200_000}, "quire log"),
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
