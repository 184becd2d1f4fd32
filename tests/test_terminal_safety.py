"""What a reading command prints of stored text is safe for a terminal: a bidi override, isolate or
direction mark, or an escape sequence, in a memory, an entity name, a title, a source or an input
echoed in an error, is never acted on (stored before the text policy removed it, written by an older
quire or another device on a shared server)."""

from __future__ import annotations

import json

import pytest

from memory.session import Session

HOSTILE = "\u202eevil\u202c \u2067isolated\u2069 \u200fmarked\u200e \x1b[2J\x1b]0;pwned\x07 \x9b31m"
FORBIDDEN = ["\u202e", "\u202c", "\u2067", "\u2069", "\u200f", "\u200e", "\x1b", "\x07", "\x9b"]


def _spoofed(home_cli_json) -> str:
    """A memory, its entity, title, cue and source holding the hostile characters in the store."""
    mid = home_cli_json(
        "capture", "Ana keeps the harbour office keys in the blue drawer", "--entity", "Harbour", "--type", "fact"
    )["id"]
    with Session() as s, s.db.transaction():
        s.db.execute(
            "UPDATE memories SET content = ?, title = ?, retrieval_cue = ?, source = ? WHERE id = ?",
            (f"Ana keeps the harbour office keys {HOSTILE}", f"keys {HOSTILE}", f"cue {HOSTILE}", HOSTILE, mid),
        )
        s.db.execute("UPDATE entities SET name = ? WHERE name_key = 'harbour'", (f"Harbour {HOSTILE}",))
    return mid


def _with_a_review_and_pages(cli, cli_json) -> None:
    old = cli_json("capture", "I prefer the night train over flying to Porto", "--type", "preference")["id"]
    new = "I prefer flying over the night train to Porto now"
    cli_json("capture", new, "--type", "preference", "--supersedes", old)
    with Session() as s, s.db.transaction():
        said = json.dumps(f"Porto {HOSTILE}")[1:-1]  # the payload stays JSON
        s.db.execute("UPDATE review_queue SET payload = replace(payload, 'Porto', ?)", (said,))
    assert cli("rebuild").exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ("entities",),
        ("recall", "harbour office keys"),
        ("recent",),
        ("show", "{id}"),
        ("history", "{id}"),
        ("show", "mem_\u202e\x1b[2Jbogus"),  # an error that echoes its input
        ("recall", "harbour \x1b[2J\u202e", "--type", "fact"),
        ("curate",),  # not a terminal: the list
        ("curate", "list"),
        ("curate", "show", "1"),
        ("pages",),
        ("page", "show", "harbour"),
        ("page", "search", "harbour"),
        ("lint",),
        ("status",),
    ],
)
def test_no_reading_command_prints_a_bidi_control_or_an_escape_sequence(cli, cli_json, args):
    mid = _spoofed(cli_json)
    if args[0] in ("curate", "pages", "page", "lint"):
        _with_a_review_and_pages(cli, cli_json)
    out = cli(*[a.format(id=mid) for a in args])
    shown = out.stdout + out.stderr
    assert not [c for c in FORBIDDEN if c in shown], (args, shown)
    if args[0] in ("entities", "curate", "show") and args[-1] != "mem_\u202e\x1b[2Jbogus":
        assert "evil" in shown, (args, shown)  # the hostile text was there, its words still readable


def test_the_json_keeps_the_stored_text_as_it_is_written_as_escapes(cli, cli_json):
    # --json is for programs: the stored value is given whole, not cleaned; but a bidi control or C1
    # character in it is written as JSON's \uXXXX escape, so the terminal it is read in never acts on it.
    mid = _spoofed(cli_json)
    for args in (("entities", "--json"), ("show", mid, "--json"), ("recall", "harbour office keys", "--json")):
        out = cli(*args).stdout
        assert not [c for c in FORBIDDEN if c in out], args
        assert any(HOSTILE in text for text in _strings(json.loads(out))), args  # the same value, whole


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [s for v in value for s in _strings(v)] if isinstance(value, list) else []


def test_a_line_break_saved_by_an_editor_on_windows_is_a_line_break_not_an_escape():
    from quire.cli.app import shown

    assert shown("first line\r\nsecond line\n") == "first line\nsecond line\n"
    assert shown("over\rwritten") == "over\\rwritten"  # a lone carriage return would overwrite the line
