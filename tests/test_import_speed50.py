"""The import's session-50 short cuts read what the long way read: the JSON builder's open container
kept in locals, a message's latest possible time read from the clock once an import (again only past
it), the noise rule's first three words split off alone, and a payload's private notes written at once."""

from __future__ import annotations

import io
import itertools
import json
import random

import pytest

from memory import gate, jsonstream
from memory.models import CapturePayload, parse_payload


def _tree(rng: random.Random, depth: int) -> object:
    kind = rng.randrange(6 if depth < 5 else 3)
    if kind == 0:
        return rng.choice(["", "a", "two words", "ünïcode ✓", "x" * 40])
    if kind == 1:
        return rng.choice([0, -3, 7.25, 10**12])
    if kind == 2:
        return rng.choice([None, True, False])
    if kind == 3:
        return [_tree(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {f"k{i}": _tree(rng, depth + 1) for i in range(rng.randrange(4))}


def _items(items: list[object], **limits: object) -> list[object]:
    return list(jsonstream.array_items(io.BytesIO(json.dumps(items).encode()), **limits))  # type: ignore[arg-type]


def test_random_nested_items_are_built_as_json_reads_them():
    rng = random.Random(50)
    items = [_tree(rng, 0) for _ in range(400)]
    assert _items(items) == items


def test_a_compacted_child_skipped_for_a_limit_leaves_its_siblings_in_their_containers():
    item = {"mapping": {"a": {"t": "ok", "n": [1, {"x": 2}]}, "b": {"t": "y" * 50}, "c": {"t": "fine", "n": [3]}}}
    seen: list[tuple[object, object]] = []

    def keep(key: object, child: object) -> object:
        seen.append((key, child))
        return child

    [built] = list(
        jsonstream.array_items(
            io.BytesIO(json.dumps([item, {"after": [1]}]).encode()), max_string=20, compact={"mapping": keep}
        )
    )[:1]
    assert built["mapping"]["a"] == {"t": "ok", "n": [1, {"x": 2}]}
    assert isinstance(built["mapping"]["b"], jsonstream.Bad)
    assert built["mapping"]["c"] == {"t": "fine", "n": [3]}  # after the skip: the mapping again, not a child
    assert [k for k, _ in seen] == ["a", "b", "c"]
    assert _items([item, {"after": [1]}], max_string=100)[1] == {"after": [1]}  # control: within the limit


def test_a_key_twice_after_a_nested_container_is_still_told():
    text = b'[{"a": {"b": [1, 2]}, "c": 3, "a": 4}, {"a": {"b": 1}, "c": {"a": 2}}]'
    bad, good = list(jsonstream.array_items(io.BytesIO(text)))
    assert isinstance(bad, jsonstream.Bad) and "'a' appears twice" in bad.reason
    assert good == {"a": {"b": 1}, "c": {"a": 2}}  # control: the same key in another object is no repeat


def test_too_deep_and_too_many_are_still_refused_where_they_are():
    deep = json.dumps([{"a": [[[[1]]]]}, {"b": 1}]).encode()
    bad, good = list(jsonstream.array_items(io.BytesIO(deep), max_depth=4))
    assert isinstance(bad, jsonstream.Bad) and "nested more than 4" in bad.reason and good == {"b": 1}
    wide = json.dumps([[1, 2, 3], [1, 2]]).encode()
    bad, good = list(jsonstream.array_items(io.BytesIO(wide), max_children=2))
    assert isinstance(bad, jsonstream.Bad) and "more than 2 entries" in bad.reason and good == [1, 2]


def _noise_the_long_way(content: str) -> list[str]:
    t = content.strip()
    words = (tok for tok in t.split() if not (gate._TIMESTAMP.match(tok) or gate._TIMESTAMPISH.fullmatch(tok)))
    return list(itertools.islice(words, 3))


@pytest.mark.parametrize(
    "content",
    [
        "2024-05-01T10:00 2024-05-02 11:00:00 done",
        "2024-05-01T10:00 2024-05-02 11:00:00",
        "12:00 the boiler was serviced today at noon",
        "the boiler 2024-05-01 was serviced",
        "one two",
        "2024-05-01T10:00:00Z",
        "a\u3000b\u2028c d",
        "1234 5678 9012 3456 word",
    ],
)
def test_the_noise_rules_words_are_the_first_three_of_the_whole_split(content):
    said = gate.noise_pattern(content)
    real = _noise_the_long_way(content)
    from memory import text as text_policy

    expected = "timestamp_only" if len(real) < 3 and text_policy.meaningful_words(" ".join(real)) < 3 else None
    assert (said == "timestamp_only") == (expected == "timestamp_only")


def _claude_export(times: dict[str, object]) -> list[dict[str, object]]:
    messages = [{"sender": "human", "text": text, "created_at": when} for text, when in times.items()]
    return [{"uuid": "c-50", "name": "Times", "created_at": "2024-05-01T10:00:00Z", "chat_messages": messages}]


def test_a_message_from_the_future_is_refused_after_earlier_ones_and_a_later_import_reads_its_own_clock(
    session, tmp_path, monkeypatch
):
    monkeypatch.setenv("QUIRE_NOW", "2025-06-01T00:00:00Z")
    first = tmp_path / "conversations.json"
    times = {
        "The garden shed roof was felted in spring": "2025-03-01T09:00:00Z",
        "The boiler service is booked for next week": "2025-06-03T09:00:00Z",  # two days ahead: no time
        "The plumber came round in the late evening": "2025-06-01T12:00:00Z",  # half a day ahead: kept
    }
    first.write_text(json.dumps(_claude_export(times)), encoding="utf-8")
    report = session.import_path(first)
    assert report.stored == 3
    when = dict(session.db.rows("SELECT content, valid_from FROM memories"))
    assert when["The garden shed roof was felted in spring"] == "2025-03-01T09:00:00Z"
    assert when["The boiler service is booked for next week"] == "2024-05-01T10:00:00Z"  # the conversation's
    assert when["The plumber came round in the late evening"] == "2025-06-01T12:00:00Z"
    assert [w for w in report.warnings if "in the future" in w and "2025-06-03" in w]
    monkeypatch.setenv("QUIRE_NOW", "2025-01-01T00:00:00Z")  # the clock set back: the next import reads it
    second = tmp_path / "later" / "conversations.json"
    second.parent.mkdir()
    second.write_text(
        json.dumps(_claude_export({"The gutter was cleared of leaves in March": "2025-03-01T09:00:00Z"})),
        encoding="utf-8",
    )
    later = session.import_path(second)
    assert later.stored == 1 and [w for w in later.warnings if "in the future" in w]


def test_a_payloads_private_notes_and_space_are_what_pydantic_reads_back():
    plain = parse_payload({"content": "The shed roof was felted in spring", "entities": [], "space": None})
    assert plain.text_notes == () and plain._space_sent is None and plain.entities == []
    noted = parse_payload({"content": "The shed\x00 roof was felted", "space": " ｗｏｒｋ "})
    assert noted.text_notes and "control character" in noted.text_notes[0]
    assert noted._space_sent == "ｗｏｒｋ" and noted.space == "work"
    copied = noted.model_copy(update={"supersedes": "mem_1"})
    assert copied.text_notes == noted.text_notes and copied._space_sent == "ｗｏｒｋ"
    again = CapturePayload.model_validate(noted)  # a model given again keeps what it said
    assert again.text_notes == noted.text_notes


def test_rows_numbered_as_sqlite_numbers_them_without_returning(db):
    from memory.db import insert_numbered

    db.execute("CREATE TABLE t50(k TEXT PRIMARY KEY, v TEXT)")
    db.execute("CREATE TABLE t50_log(k TEXT)")
    db.execute("CREATE TRIGGER t50_ai AFTER INSERT ON t50 BEGIN INSERT INTO t50_log(k) VALUES (new.k); END")
    largest = "SELECT max(rowid) FROM t50"

    def read_back(keys: list[str]) -> list[int]:
        return [db.scalar("SELECT rowid FROM t50 WHERE k = ?", (k,)) for k in keys]

    with db.transaction():
        first = insert_numbered(
            db, "INSERT INTO t50(k, v) VALUES (?, ?)", [("a", "1"), ("b", "2"), ("c", "3")], largest
        )
        db.execute("DELETE FROM t50 WHERE k = 'c'")  # the largest gone: SQLite numbers on from the one before
        rows = [(f"k{i}", "x") for i in range(5000)]  # past one statement's values: several statements
        second = insert_numbered(db, "INSERT INTO t50(k, v) VALUES (?, ?)", rows, largest)
    assert first is not None and second is not None
    assert first[:2] == read_back(["a", "b"]) and second == read_back([k for k, _ in rows])
    assert second[0] == first[2]  # (c's rowid again, as SQLite numbers it)
    with db.transaction():  # control: a table numbered at random past 2**63 - 1 is read back, not told
        db.execute("INSERT INTO t50(rowid, k, v) VALUES (9223372036854775807, 'top', 'x')")
        told = insert_numbered(db, "INSERT INTO t50(k, v) VALUES (?, ?)", [("z1", "x"), ("z2", "x")], largest)
    assert told is None and all(read_back(["z1", "z2"]))
