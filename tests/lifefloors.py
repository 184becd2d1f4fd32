"""The floors a person's life fixture holds (tests/test_life_<person>.py): what the eval reads of
them with the fake embedder (a module's fixture) and with the real model (a marked test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from eval import lifechanges


def measured_fake(fixture: Path) -> dict[str, Any]:
    """`quire eval life` of one person with the fake embedder."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(fixture)


def hold_with_the_real_model(
    fixture: Path, found: int, first: list[str], unflagged: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the real model: no false item, at least `found` changes, every question of `first` answered
    first, and no foreign question finds something close but those of `unflagged`."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(fixture)
    assert result["false_items"] == []
    assert result["found"] >= found
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in first if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in unflagged] == []
