"""A memory's text is within 20,000 characters as it is stored, whichever op sends it.

Capture counts after the text policy (CR LF is one character, controls go); supersede and
`curate accept --text` counted the text as sent: the same 20,005 characters of a Windows file
were stored by capture and refused by supersede ("content: is longer than 20000 characters").
"""

from __future__ import annotations

import pytest

import quire
from memory.errors import QuireError
from memory.models import CONTENT_MAX, TOO_LONG_FIX
from quire.ops import registry
from tests.test_trust_routes import _mcp_call

LINE = "The Lisbon office opens at ten on weekdays now\r\n"  # 48 characters, 47 once stored
WINDOWS = LINE * (CONTENT_MAX // 47)  # 20,425 as sent, 19,975 stored
OVER = "word " * (CONTENT_MAX // 5) + "more"  # 20,004 characters however counted


def _first(q) -> str:
    return q.capture("The Lisbon office opens at nine on weekdays for everyone").id


def test_a_windows_text_within_the_limit_once_stored_is_taken_by_capture_and_supersede_alike(quire_home):
    assert len(WINDOWS) > CONTENT_MAX >= len(WINDOWS.replace("\r\n", "\n").strip())
    with quire.open(quire_home) as q:
        captured = q.capture(WINDOWS)
        assert q.show(captured.id).content == WINDOWS.replace("\r\n", "\n").strip()
        old = _first(q)
        new = q.run("supersede", memory_id=old, content=WINDOWS)
        assert q.show(new.id).content == q.show(captured.id).content


def test_over_the_limit_however_counted_is_refused_by_both_in_one_wording(quire_home):
    with quire.open(quire_home) as q:
        old = _first(q)
        said = []
        for call in (lambda: q.capture(OVER), lambda: q.run("supersede", memory_id=old, content=OVER)):
            with pytest.raises(QuireError) as refused:
                call()
            said.append(str(refused.value).split(": ", 1)[1])
        assert said[0] == said[1] == f"content: is longer than {CONTENT_MAX} characters; {TOO_LONG_FIX}", said
        assert q.show(old).status == "active"


def test_the_cli_and_mcp_take_the_windows_text_as_the_library_does(quire_home, cli_json):
    with quire.open(quire_home) as q:
        old, other = _first(q), q.capture("The Porto office opens at nine on weekdays for everyone").id
    done = cli_json("supersede", old, WINDOWS)
    assert done["applied"] is True
    six = WINDOWS.replace(" ten ", " six ")  # the same length, another text (the same one is a duplicate)
    result = _mcp_call(quire_home, "supersede", {"memory_id": other, "content": six}).structured_content
    assert result["applied"] is True


@pytest.mark.parametrize(("op", "field"), [("supersede", "content"), ("curate_accept", "text")])
def test_agents_still_read_the_limit_in_the_tool_schema(op, field):
    schema = registry.OPS[op].request.model_json_schema()["properties"][field]
    limits = [schema.get("maxLength")] + [a.get("maxLength") for a in schema.get("anyOf", [])]
    assert CONTENT_MAX in limits, schema


def test_accepting_a_review_item_with_a_windows_text_takes_it_too(quire_home):
    with quire.open(quire_home) as q:
        old = q.capture("I live in Lisbon near the river with my partner", type="identity").id
        queued = q.run("supersede", memory_id=old, content="I live in Porto near the river with my partner")
        assert queued.review_item is not None
        done = q.run("curate_accept", item_id=queued.review_item, text=WINDOWS)
        assert done.changed
        current = done.message.split(": ")[1].split(" ")[0]
        assert q.show(current).content == WINDOWS.replace("\r\n", "\n").strip()
