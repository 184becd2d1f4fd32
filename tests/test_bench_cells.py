"""`quire bench cells`: the cells' near-duplicate flags against every row's, on a LongMemEval file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.bench import synthetic_memories


def _longmemeval(path: Path, user_turns: int) -> Path:
    """A LongMemEval-shaped file: sessions of user turns (the bench's templated texts, many of
    them near one another) with an assistant's answer after each."""
    texts = synthetic_memories(user_turns, seed=5)
    sessions = [
        [
            turn
            for text in texts[lo : lo + 10]
            for turn in ({"role": "user", "content": text}, {"role": "assistant", "content": "ok"})
        ]
        for lo in range(0, len(texts), 10)
    ]
    path.write_text(json.dumps([{"question_id": "q1", "haystack_sessions": sessions}]))
    return path


def test_the_cells_flag_what_every_row_flags_or_say_how_many_they_miss(cli, tmp_path):
    data = _longmemeval(tmp_path / "lme.json", 1200)
    result = cli(
        "bench", "cells", "--data", str(data), "--turns", "1200", "--batches", "2", "--like", "20000", "--json"
    )
    assert result.exit_code == 0, result.stderr
    d = json.loads(result.stdout)
    assert (d["turns"], d["store_rows"], d["memories_checked"]) == (1200, 688, 512)
    assert d["cells"] > 10  # cut as 20,000 rows would be: 688 rows in ~500-row cells would be one
    assert d["flagged_exact"] > 100  # templated turns: most have a neighbour
    assert 0 <= d["missed"] <= d["flagged_exact"] * 0.2
    assert d["flagged_only_by_cells"] == 0  # a flag needs a real cosine over the line: never more
    assert d["same_neighbour_share"] >= 0.8


def test_too_few_turns_is_one_line_naming_the_fix(cli, tmp_path):
    data = _longmemeval(tmp_path / "lme.json", 300)
    result = cli("bench", "cells", "--data", str(data), "--turns", "1200", "--batches", "2")
    assert result.exit_code == 1
    assert "usable user turns; give at least 1024" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    missing = cli("bench", "cells", "--data", str(tmp_path / "nowhere.json"))
    assert missing.exit_code == 2 and "does not exist" in missing.stderr


DAMAGED = {
    "not-json.json": (b"not json", "cannot read it as a benchmark file"),
    "an-object.json": (b'{"a": 1}', "not a list of LoCoMo or LongMemEval items"),
    "not-objects.json": (b'[1, "x"]', "not a list of LoCoMo or LongMemEval items"),
    "torn.json.xz": (b"\xfd7zXZ torn", "cannot read it as a benchmark file"),
    "not-utf8.json": (b'["\xff"]', "cannot read it as a benchmark file"),
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
@pytest.mark.parametrize("command", [("bench", "cells"), ("eval", "longmemeval"), ("eval", "locomo")])
def test_a_damaged_benchmark_file_is_one_line_naming_it_on_every_command(cli, tmp_path, name, command):
    """Before: `quire eval longmemeval --data` (and locomo, and the new bench) on a file that was
    not a benchmark's printed a JSONDecodeError, TypeError or AttributeError traceback."""
    content, said = DAMAGED[name]
    path = tmp_path / name
    path.write_bytes(content)
    result = cli(*command, "--data", str(path))
    assert result.exit_code == 1, result.stderr
    assert said in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("command", "item", "kind"),
    [
        (("eval", "locomo"), {"conversation": 5}, "LoCoMo"),
        (("eval", "longmemeval"), {"question_id": "q1", "haystack_sessions": 7}, "LongMemEval"),
    ],
)
def test_an_item_of_the_wrong_shape_is_named_by_its_place(cli, tmp_path, command, item, kind):
    path = tmp_path / "items.json"
    path.write_text(json.dumps([item]))
    result = cli(*command, "--data", str(path))
    assert result.exit_code == 1 and f"item 1 is not a {kind} item" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
