"""Retrieval goldens: RBO itself, and today's rankings against the anchor and current snapshots."""

from __future__ import annotations

import json

import pytest

from eval import goldens
from eval.goldens import rbo


def test_rbo_bounds_and_top_weighting():
    ranked = list("abcdefghij")
    assert rbo(ranked, ranked) == pytest.approx(1.0)
    assert rbo(list("abc"), list("xyz")) == 0.0
    assert rbo([], []) == 1.0
    swap_top = rbo(ranked, list("bacdefghij"))
    swap_bottom = rbo(ranked, list("abcdefghji"))
    assert 0.85 < swap_top < swap_bottom < 1.0  # a change at the top costs more
    assert rbo(ranked, list("abcdefghij"[::-1])) < 0.7


def test_fixture_set_is_well_formed():
    fixtures = goldens.load_fixtures()
    keys = {m["key"] for m in fixtures["memory"]}
    assert len(keys) == len(fixtures["memory"]) >= 40
    assert len(fixtures["query"]) >= 15
    for q in fixtures["query"]:
        assert set(q["relevant"]) <= keys and set(q.get("hard_negatives", {})) <= keys, q["key"]
        assert max(q["relevant"].values()) >= 2, q["key"]  # every query has a clear answer


@pytest.fixture(scope="module")
def today():
    return goldens.snapshot()


@pytest.mark.parametrize(
    ("path", "floor"), [(goldens.ANCHOR, goldens.ANCHOR_MIN), (goldens.CURRENT, goldens.CURRENT_MIN)]
)
def test_rankings_match_goldens(today, path, floor):
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert golden["fixture_set_hash"] == today["fixture_set_hash"], (
        "eval/fixtures/recall.jsonl changed: refresh with `python -m eval.goldens --refresh`"
    )
    result = goldens.compare(today, golden)
    worst = sorted(result["per_query"].items(), key=lambda kv: kv[1])[:3]
    assert result["mean_rbo"] >= floor, f"rankings drifted from {path.name}: worst {worst}"


def test_fixture_rankings_respect_scope_status_and_answers(today):
    fixtures = goldens.load_fixtures()
    by_key = {m["key"]: m for m in fixtures["memory"]}
    queries = {q["key"]: q for q in fixtures["query"]}
    top_right = 0
    for result in today["queries"]:
        q = queries[result["key"]]
        ranked = result["ranked"]
        best = max(q["relevant"].values())
        assert any(q["relevant"].get(k) == best for k in ranked[:3]), f"{q['key']}: no best answer in the top 3"
        top_right += ranked[0] in q["relevant"]
        for key in ranked:
            memory = by_key[key]
            if q.get("scope", "all") != "all":
                assert memory.get("space") == q["scope"], f"{q['key']}: {key} is outside the scope"
            if not q.get("as_of"):
                assert memory.get("status", "active") in ("active", "archived"), f"{q['key']}: {key} is hidden"
    # The fake embedder is a bag of trigrams; even so most first results must be relevant.
    assert top_right >= 0.8 * len(today["queries"])


def test_refresh_writes_current(tmp_path, monkeypatch):
    monkeypatch.setattr(goldens, "CURRENT", tmp_path / "current.json")
    monkeypatch.setattr(goldens, "ANCHOR", tmp_path / "anchor.json")
    report = goldens.check(refresh=True)
    assert report["current"].get("missing") and len(report["refreshed"]) == 2
    again = goldens.check()
    assert again["current"]["passed"] and again["current"]["mean_rbo"] == 1.0


def test_the_fixtures_go_in_through_the_users_import_with_every_check(monkeypatch):
    from memory import capture

    real, seen = capture._store, []

    def store(db, payloads, *, check, **kw):
        seen.append(check)
        return real(db, payloads, check=check, **kw)

    monkeypatch.setattr(capture, "_store", store)
    snap = goldens.snapshot()
    assert seen and all(seen)  # never check=False: the gate, duplicate and contradiction checks ran
    fixtures = goldens.load_fixtures()
    assert snap["seeded"]["imported"] == len(fixtures["memory"]) and snap["seeded"]["superseding"] == 2
