"""The floors a person's life fixture holds (tests/test_life_<person>.py): what the eval reads of
them with the fake embedder (a module's fixture) and with the real model (a marked test)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from eval import lifechanges

# One run of a person a worker per embedder: a run imports every chat into a fresh home of its own, so
# it is a function of the fixture, the code and the embedder alone, and the tests only read it (a copy
# each). Several modules measure the same person (test_life_education with the translator's and the
# developer's own modules, the chef's two real-model tests): each import with the real model is seconds.
_RUNS: dict[tuple[Path, str], dict[str, Any]] = {}


def measured(fixture: Path, embedder: str) -> dict[str, Any]:
    """`quire eval life` of one person with an embedder ("fake" or "minilm"), run once a worker."""
    if (fixture, embedder) not in _RUNS:
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("QUIRE_EMBEDDER", embedder)
            if embedder != "fake":
                mp.setenv("HF_HUB_OFFLINE", "1")  # the real model from its local copy, never the network
            _RUNS[fixture, embedder] = lifechanges.run(fixture)
    return copy.deepcopy(_RUNS[fixture, embedder])


def measured_fake(fixture: Path) -> dict[str, Any]:
    """`quire eval life` of one person with the fake embedder."""
    return measured(fixture, "fake")


def hold_with_the_real_model(
    fixture: Path, found: int, first: list[str], unflagged: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the real model: no false item, at least `found` changes, every question of `first` answered
    first, and no foreign question finds something close but those of `unflagged`."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = measured(fixture, "minilm")
    assert result["false_items"] == []
    assert result["found"] >= found
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in first if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in unflagged] == []
