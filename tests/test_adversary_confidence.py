"""Confirm, pin and unpin change the effective confidence every route shows, as the design's formula
gives it now (`/work/shared/DESIGN.md`, "Decay"; `memory/decay.py`):

    effective = confidence × 1/(1 + rate × days since last use) × (1 + 0.1 × ln(1 + reads))

with rate 0 once confirmed or pinned. The stored column is what the last `quire decay` run wrote, so
a memory nobody used for eleven months showed its first day's 0.70 on `show` until the nightly run,
and `confirm` then "changed" nothing: every reader now gives the value as of now, the same on the
library, the CLI, the CLI through `quire serve`, the service, MCP, the browser and the review card."""

from __future__ import annotations

import html
import json
import math
import re

import pytest

import quire
from tests.test_adversary_readback import _mcp_call, served_post
from tests.ui_home import Browserless, start

THEN, NOW = "2026-01-01", "2026-12-01"  # 334 days apart
DAYS = 334
FACT = "The staging cluster moved to the Frankfurt region in May"


def decayed(confidence: float, rate: float, days: float, reads: int = 0) -> float:
    return confidence / (1 + rate * days) * (1 + 0.1 * math.log1p(reads))


def _ui(mid: str) -> float:
    running = start()
    try:
        status, _, body = Browserless(running).sign_in().request("GET", f"/memory/{mid}")
    finally:
        running.stop()
    assert status == 200, body[-300:]
    return float(re.search(r"\(effective ([0-9.]+)\)", html.unescape(body)).group(1))


def shown(home, cli, mid: str) -> dict[str, float]:
    """The effective confidence of `mid` on every reader that does not count as a use."""
    with quire.open(home) as q:
        seen = {"library": q.show(mid).effective_confidence}
    result = cli("show", "--json", mid)
    seen["cli"] = json.loads(result.stdout)["effective_confidence"]
    text = cli("show", mid).stdout
    seen["cli text"] = float(re.search(r"\(effective ([0-9.]+)\)", text).group(1))
    seen["mcp"] = _mcp_call(home, "memory_show", {"memory_id": mid}).structured_content["effective_confidence"]
    seen["service"] = served_post(home, "memory_show", {"memory_id": mid})[1]["result"]["effective_confidence"]
    seen["ui"] = _ui(mid)
    running = start()
    try:
        seen["cli via serve"] = json.loads(cli("show", "--json", mid).stdout)["effective_confidence"]
    finally:
        running.stop()
    return seen


def _agree(seen: dict[str, float], expected: float) -> None:
    coarse = {"cli text", "ui"}  # shown to two decimals
    for route, value in seen.items():
        assert value == pytest.approx(expected, abs=0.006 if route in coarse else 1e-5), (route, seen)


def _aged(home, monkeypatch, text: str = FACT, kind: str = "fact") -> str:
    monkeypatch.setenv("QUIRE_NOW", THEN)
    with quire.open(home) as q:
        mid = q.capture(text, type=kind).id
    monkeypatch.setenv("QUIRE_NOW", NOW)
    return mid


@pytest.mark.parametrize("route", ["library", "cli", "mcp", "service"])
def test_confirm_shows_the_restored_confidence_on_every_route(quire_home, monkeypatch, cli, route):
    mid = _aged(quire_home, monkeypatch)
    _agree(shown(quire_home, cli, mid), decayed(0.7, 0.01, DAYS))  # before: 0.70 on every reader
    if route == "library":
        with quire.open(quire_home) as q:
            said = q.run("confirm", memory_id=mid).effective_confidence
    elif route == "cli":
        said = json.loads(cli("confirm", "--json", mid).stdout)["effective_confidence"]
    elif route == "mcp":
        said = _mcp_call(quire_home, "confirm", {"memory_id": mid}).structured_content["effective_confidence"]
    else:
        said = served_post(quire_home, "confirm", {"memory_id": mid})[1]["result"]["effective_confidence"]
    assert said == pytest.approx(0.7, abs=1e-5)
    _agree(shown(quire_home, cli, mid), 0.7)


def test_pin_and_unpin_show_the_same_value_the_answer_gave(quire_home, monkeypatch, cli):
    mid = _aged(quire_home, monkeypatch, "The billing service restarts every night at three in the morning", "note")
    _agree(shown(quire_home, cli, mid), decayed(0.5, 0.05, DAYS))
    pinned = json.loads(cli("pin", "--json", mid).stdout)["effective_confidence"]
    assert pinned == pytest.approx(0.5, abs=1e-5)
    _agree(shown(quire_home, cli, mid), pinned)
    unpinned = json.loads(cli("unpin", "--json", mid).stdout)["effective_confidence"]
    assert unpinned == pytest.approx(decayed(0.5, 0.05, DAYS), abs=1e-5)  # decays again from its last use
    _agree(shown(quire_home, cli, mid), unpinned)


def test_recall_shows_the_confidence_show_gives_before_its_own_read(quire_home, monkeypatch, cli):
    """A recall hit gives the effective confidence of the reads it shows (`access_count`, before its
    own), as `show` gave it just before, on every route; its read then counts (a use restarts the
    clock), and `show` says so at once where the stored column waited for the nightly run."""
    mid = _aged(quire_home, monkeypatch)
    hit = next(h for h in json.loads(cli("recall", "--json", "staging cluster").stdout)["results"] if h["id"] == mid)
    assert hit["access_count"] == 0
    assert hit["effective_confidence"] == pytest.approx(decayed(0.7, 0.01, DAYS), abs=1e-5)
    _agree(shown(quire_home, cli, mid), decayed(0.7, 0.01, 0, reads=1))
    detail = _mcp_call(quire_home, "recall", {"query": "staging cluster", "detail": True}).structured_content
    again = next(h for h in detail["results"] if h["id"] == mid)
    assert again["effective_confidence"] == pytest.approx(decayed(0.7, 0.01, 0, reads=again["access_count"]), abs=1e-5)
    with quire.open(quire_home) as q:
        library = next(h for h in q.recall("staging cluster", detail=True).expanded() if h["id"] == mid)
    assert library["effective_confidence"] == pytest.approx(
        decayed(0.7, 0.01, 0, reads=library["access_count"]), abs=1e-5
    )


def test_the_review_card_shows_each_sides_effective_confidence(quire_home, monkeypatch, cli):
    old = _aged(quire_home, monkeypatch, "I prefer the train over driving for weekend trips", "preference")
    with quire.open(quire_home) as q:
        q.capture("I prefer driving over the train for weekend trips now", type="preference", supersedes=old)
        item = q.run("curate_list").model_dump()["items"][0]["id"]
        card = q.run("curate_show", item_id=item).model_dump()
    expected = decayed(0.9, 0.001, DAYS)
    assert card["old_memory"]["effective_confidence"] == pytest.approx(expected, abs=1e-5)
    _agree(shown(quire_home, cli, old), card["old_memory"]["effective_confidence"])
    text = cli("curate", "show", str(item)).stdout
    assert f"confidence 0.90 (effective {expected:.2f})" in text, text
