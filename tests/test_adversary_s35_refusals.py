"""Refusals that say what to do, by class over every operation's request: a number out of its bounds
names the whole range to type in, a text past its length names its fix, from one place
(memory.models: LENGTH_FIXES, too_long), the same words on every route."""

from __future__ import annotations

import re

import pytest

import quire
from memory.errors import InvalidInput
from memory.models import CONTENT_MAX, TOO_LONG_FIX, CapturePayload
from quire import ops
from quire.ops.registry import OPS


def _bounds(info) -> tuple[object, object]:
    low = high = None
    for bound in info.metadata:
        low = getattr(bound, "ge", getattr(bound, "gt", low))
        high = getattr(bound, "le", getattr(bound, "lt", high))
    return low, high


def _fields(kind):
    found = []
    for name, spec in sorted(OPS.items()):
        for field, info in spec.request.model_fields.items():
            if kind(info):
                found.append((name, field, info))
    return found


RANGED = _fields(lambda info: any(hasattr(b, "ge") or hasattr(b, "le") for b in info.metadata))
LONG = _fields(
    lambda info: (
        any(hasattr(b, "max_length") for b in info.metadata)
        and "str" in str(info.annotation)
        and "list" not in str(info.annotation)
    )
)


def test_the_walks_see_the_fields_they_are_about():
    assert ("recent", "days") in {(o, f) for o, f, _ in RANGED}
    assert ("spaces_add", "description") in {(o, f) for o, f, _ in LONG}


@pytest.mark.parametrize(("op", "field", "info"), RANGED, ids=[f"{o}-{f}" for o, f, _ in RANGED])
def test_a_number_out_of_range_names_the_range_to_type(op, field, info):
    # Before: "recent: days: must be at least 1" named one end; a person typing `--days -1` learned
    # neither the other end nor that a whole number is wanted.
    low, high = _bounds(info)
    bad = (low - 1) if low is not None else (high + 1)
    if isinstance(bad, float):
        bad = low - 0.5 if low is not None else high + 0.5
    said = ops.refusal(op, {field: bad}, {field})
    assert said is not None, (op, field, bad)
    kind = "a whole number" if isinstance(low if low is not None else high, int) else "a number"
    if high is not None and high < 2**31 and low is not None:
        assert f"; give {kind} from {low} to {high}" in said, said
    elif low is not None:
        assert f"; give {kind} of {low} or more" in said, said


@pytest.mark.parametrize(("op", "field", "info"), LONG, ids=[f"{o}-{f}" for o, f, _ in LONG])
def test_a_text_past_its_length_says_what_to_do(op, field, info):
    # Before: only a memory's text past 20,000 characters named a next step (added by matching the
    # refusal's words in the registry); a title, query, description or id past its limit did not.
    limit = next(b.max_length for b in info.metadata if hasattr(b, "max_length"))
    said = ops.refusal(op, {field: "a" * (limit + 1)}, {field})
    assert said is not None, (op, field)
    if f"{field}: is longer than" in said:
        assert re.search(rf"{field}: is longer than \d+ characters; \w", said), said
    else:  # a field's own check spoke first (a date that cannot be read, an unknown zone): with its fix
        assert re.search(rf"{field}: [^;]*[;:] (use|give|shorten) ", said), said


@pytest.mark.parametrize("field", ["title", "cue", "source", "content"])
def test_a_capture_field_past_its_length_says_what_to_do(field):
    limit = CapturePayload.model_fields[field].metadata
    limit = next(b.max_length for b in limit if hasattr(b, "max_length"))
    said = ops.refusal("capture", {"content": "x y z w v", field: "a" * (limit + 1)}, {field})
    fix = TOO_LONG_FIX if field == "content" else f"shorten it to {limit} characters or fewer"
    assert said == f"invalid capture: {field}: is longer than {limit} characters; {fix}", said


def test_other_length_refusals_say_what_to_do_too(quire_home):
    with quire.open(quire_home) as q:
        for call, says in (
            (lambda: q.capture("the nightly job runs at four", entities=["e" * 200]), "shorten it to 120"),
            (lambda: q.show("m" * 101), "memory ids look like"),
            (lambda: q.run("import", path="/tmp/x.jsonl", me="n" * 200), "give your name as the chat shows"),
        ):
            with pytest.raises(InvalidInput) as refused:
                call()
            assert says in str(refused.value), str(refused.value)


def test_the_cli_says_the_range_of_recent_days(cli):
    result = cli("recent", "--days", "-1")
    assert result.exit_code == 2, result.stderr
    assert result.stderr.strip() == (
        "Error: invalid recent parameters: --days: must be at least 1; give a whole number from 1 to 36500"
    )


def test_the_memory_text_fix_is_said_once(quire_home):
    # The fix is in the refusal itself now; the registry's word-matching appended it a second time
    # wherever a message already held it.
    with quire.open(quire_home) as q, pytest.raises(InvalidInput) as refused:
        q.capture("w " * CONTENT_MAX)
    assert str(refused.value).count(TOO_LONG_FIX) == 1, str(refused.value)
