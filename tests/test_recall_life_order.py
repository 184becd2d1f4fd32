"""Questions of the person's life that the rules read and recall had ranked something else first
(`quire eval life`, noor's "where do i live rn" and "what do i do for exercise"), asked here in other words:

- where they live, not the city, after a city then a part of it ("now that i'm in london", then "our
  flat in walthamstow"): the part goes first (retrieval/recall._part_named, `_city_named`'s other side);
- what they do, when a change waiting for review was opened on another attribute (the gym) and both
  of its statements state the activity asked (`_both_state`): the newer goes above the older.
"""

from __future__ import annotations

import pytest

from memory import correction, review
from retrieval import tuning
from retrieval.recall import _part_named, search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put


def first(session, query: str) -> str | None:
    hits = search(session, query, k=5, touch=False, scope=ALL_SPACES).hits
    return hits[0].id if hits else None


def fillers(session, n: int = 20) -> None:
    for i in range(n):
        put(session, f"note {i}: the bakery on the corner closes early on sundays")


def test_where_i_live_is_the_part_of_the_city_said_after_the_city(session):
    fillers(session)
    city = put(
        session, "i live in london now, the commute to the office is long", type="identity", valid_from="2024-03-01"
    )
    part = put(
        session,
        "now that we're in walthamstow we need a sofa under 500 for the flat",
        type="identity",
        valid_from="2024-05-01",
    )
    assert not review.open_items(session.db)  # a part of the city the home was in: no move
    with pytest.MonkeyPatch.context() as mp:  # the control: without the rule the city comes first
        mp.setattr(tuning, "CITY_ROWS", 0)
        assert first(session, "where do I live at the moment") == city
    assert first(session, "where do I live at the moment") == part
    assert first(session, "which city do I live in") == city  # the city asked: `_city_named`'s


def test_the_part_rule_unit(session, monkeypatch):
    from retrieval.recall import _Run

    run = _Run(session, "1", (), 10)
    monkeypatch.setattr(_Run, "statements", lambda run: None)  # rows of no store: their texts read
    monkeypatch.setattr(_Run, "stated_of", lambda run, rows: {})

    def row(i: int, text: str, when: str, score: float):
        return (
            {"id": f"m{i}", "memory_type": "identity", "status": "active", "content": text, "valid_from": when},
            score,
            {},
        )

    london = row(1, "i live in london now, the commute to the office is long", "2024-03-01", 3.0)
    part = row(2, "now that we're in walthamstow we need a sofa under 500 for the flat", "2024-05-01", 2.0)
    older_part = row(3, "now that we're in walthamstow we need a sofa under 500 for the flat", "2023-01-01", 2.0)
    boston = row(4, "I live in Boston now, a flat near the river", "2024-04-01", 1.0)
    asked = frozenset({"home"})
    assert _part_named(run, [london, part], asked, "where do i live")[0][0]["id"] == "m2"
    assert _part_named(run, [london, part], asked, "which city do i live in")[0][0]["id"] == "m1"
    assert _part_named(run, [london, part], asked, "where did i live before")[0][0]["id"] == "m1"
    assert _part_named(run, [london, older_part], asked, "where do i live")[0][0]["id"] == "m1"  # said before the city
    assert _part_named(run, [london, part, boston], asked, "where do i live")[0][0]["id"] == "m1"  # Boston between


LIFTING = "ive been lifting at the y 3x a week, how do i add more weight"
CLIMBING = "ok i gave up on the y bc its always packed and got really into climbing at the arch. im stuck on v2. tips?"


def test_the_newer_activity_of_a_change_opened_on_the_gym_goes_first(session):
    fillers(session)
    # Two of the person's own chat turns, read for their life as an import reads them (correction.heard):
    # the change opened is of the gym (the y, then the arch).
    older = put(session, "exercise for me nowadays: " + LIFTING, valid_from="2023-02-01")
    newer = put(session, CLIMBING + " its great exercise", valid_from="2024-02-01")
    correction.heard(session.db, [(older, "exercise for me nowadays: " + LIFTING)], actor="test")
    correction.heard(session.db, [(newer, CLIMBING + " its great exercise")], actor="test")
    assert [i.payload.get("attribute") for i in review.open_items(session.db)] == ["gym"]
    query = "what do i do for exercise nowadays"  # (it asks an activity: "schedule:class", not the gym)
    with pytest.MonkeyPatch.context() as mp:  # the control: the change is not of what it asks
        mp.setattr("retrieval.recall._both_state", lambda *args: False)
        assert first(session, query) == older
    assert first(session, query) == newer
