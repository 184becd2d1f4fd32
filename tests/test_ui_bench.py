"""`quire bench ui` end to end on a tiny home: every screen is timed through a running service."""

from __future__ import annotations

import json

from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point

SCREENS = {"review", "review_item", "recall", "memory", "pages", "page", "entities", "spaces", "status"}


def test_bench_ui_times_every_screen_through_the_service(quire_home):
    done = run_quire("bench", "ui", "--memories", "80", "--items", "4", "--runs", "3", "--json", timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {r["screen"] for r in data["screens"]} == SCREENS
    assert data["open_items"] == 4 and data["pages"] > 0
    for row in data["screens"]:
        assert 0 < row["p50_ms"] <= row["p95_ms"], row
        assert row["round_trip_p50_ms"] > 0 and row["ops_api_p50_ms"] > 0 and row["met"] == (row["p50_ms"] < 100)
    text = run_quire("bench", "ui", "--memories", "40", "--items", "2", "--runs", "3", "--no-pages", timeout=300)
    assert text.returncode == 0, text.stderr
    assert "review_item" in text.stdout and "goal" in text.stdout and "page " not in text.stdout
