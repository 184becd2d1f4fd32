"""`quire bench cells`: the cells' near-duplicate flags against every row's, on a LongMemEval file."""

from __future__ import annotations

import json
from pathlib import Path

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
