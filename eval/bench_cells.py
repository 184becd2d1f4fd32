"""`quire bench cells`: an import's near-duplicate check over cells (memory/cells.py) against the
exact scan of every row, on a person's real chat turns (LongMemEval's user turns).

The store is the turns before the last `batches` x 256; each of those batches is checked as an
import checks it, once through the cells and once through every row, in the same process. The
cells are cut as a store of `like` rows would cut them (as many cells, so each memory reads the
same share of the rows): a 30,000-turn sample stands for a 100,000-message history.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from eval import datasets
from memory import cells
from memory.capture import NEAR_DUPLICATE
from memory.chats import BATCH
from memory.embed import embed_text, load_embedder
from memory.errors import InvalidInput
from memory.vectors import VectorIndex

LONGEST = 600  # characters: longer turns are pasted documents, not what a person says


def user_turns(path: Path, turns: int, seed: int = 2) -> list[str]:
    """Up to `turns` distinct user turns of a LongMemEval file, shuffled (the same ones each run)."""
    seen: dict[str, None] = {}
    for entry in datasets.read_json(path):
        sessions = entry.get("haystack_sessions")
        for session in sessions if isinstance(sessions, list) else []:
            for turn in session if isinstance(session, list) else []:
                text = turn.get("content") if isinstance(turn, dict) else None
                if turn.get("role") == "user" and isinstance(text, str) and text and len(text) < LONGEST:
                    seen.setdefault(text, None)
    found = list(seen)
    random.Random(seed).shuffle(found)
    return found[:turns]


def run(data: Path, turns: int = 36_000, batches: int = 20, like: int = 100_000) -> dict[str, Any]:
    texts = user_turns(data, turns)
    if len(texts) < 2 * batches * BATCH:
        raise InvalidInput(
            f"{data} holds {len(texts)} usable user turns; give at least {2 * batches * BATCH} "
            "(a LongMemEval_S file, or fewer --batches)"
        )
    vectors = load_embedder().encode([embed_text(None, "", t) for t in texts])
    base = len(texts) - batches * BATCH
    index = VectorIndex("bench-cells", vectors.shape[1])
    index.add(list(range(1, base + 1)), [f"m{i}" for i in range(base)], vectors[:base])
    index.cells_from, index.cell_rows = 0, max(1, round(base * cells.ROWS_PER_CELL / like))
    queries = [vectors[base + b * BATCH : base + (b + 1) * BATCH] for b in range(batches)]
    through_cells, cells_seconds = _best_each(index, queries)
    cut = index.cell_count
    index.cells_from = len(texts) + 1  # every row read
    exact, exact_seconds = _best_each(index, queries)
    flagged = [i for i, (row, _) in enumerate(exact) if row >= 0]
    missed = sum(through_cells[i][0] < 0 for i in flagged)
    same = sum(through_cells[i][0] == exact[i][0] for i in flagged)
    return {
        "turns": len(texts),
        "store_rows": base,
        "memories_checked": batches * BATCH,
        "like_rows": like,
        "cells": cut,
        "rows_per_cell": index.cell_rows,
        "probes": cells.PROBES,
        "flagged_exact": len(flagged),
        "missed": missed,
        "missed_share": round(missed / max(len(flagged), 1), 4),
        "same_neighbour_share": round(same / max(len(flagged), 1), 4),
        "flagged_only_by_cells": sum(row >= 0 and exact[i][0] < 0 for i, (row, _) in enumerate(through_cells)),
        "ms_a_batch_cells": round(cells_seconds / batches * 1e3, 1),
        "ms_a_batch_every_row": round(exact_seconds / batches * 1e3, 1),
    }


def _best_each(index: VectorIndex, batches: list[np.ndarray]) -> tuple[list[tuple[int, float]], float]:
    """Each memory's best neighbour at NEAR_DUPLICATE or above (position, cosine; -1 for none), and
    the seconds the batches took."""
    out: list[tuple[int, float]] = []
    spent = 0.0
    for batch in batches:
        start = time.perf_counter()
        top = index.top_above(batch, NEAR_DUPLICATE)
        spent += time.perf_counter() - start
        out += [(int(p[np.argmax(s)]), float(s.max())) if len(p) else (-1, 0.0) for p, s, _ in top]
    return out, spent


def render(d: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"{d['memories_checked']} memories checked against a store of {d['store_rows']} user turns "
            f"({d['turns']} read), cut as {d['like_rows']} rows would be: {d['cells']} cells of about "
            f"{d['rows_per_cell']} rows, {d['probes']} read a memory",
            f"every row read: {d['flagged_exact']} near a memory (cosine >= {NEAR_DUPLICATE})",
            f"through the cells: {d['missed']} of them missed ({d['missed_share']:.2%}), the same neighbour named "
            f"for {d['same_neighbour_share']:.2%}; flagged that every row would not flag: {d['flagged_only_by_cells']}",
            f"a batch of {BATCH}: {d['ms_a_batch_cells']} ms through the cells, {d['ms_a_batch_every_row']} ms "
            f"reading every row (at {d['store_rows']} rows, in cells as small as {d['like_rows']} rows would "
            "have: the time at that size is `quire bench import`'s)",
        ]
    )
