"""Recall's time cues as every route answers them: one window, the same hits, the same days shown
(the CLI, the CLI through `quire serve`, the library, MCP, the browser), with --as-of, and from a
careless or hostile query."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

import pytest

import quire
from tests.test_trust_routes import _mcp_call
from tests.ui_home import Browserless, start

NOW = "2024-06-12T15:00:00Z"  # a Wednesday
BOILER = "the boiler was serviced by Tomasz"


@pytest.fixture
def served(quire_home, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", NOW)
    s = start()
    try:
        yield s
    finally:
        s.stop()


def _cue_line(text: str) -> str:
    found = re.search(r"time cue (.*)", html.unescape(re.sub(r"<[^>]+>", "", text)))
    assert found, text
    return found.group(1)


@pytest.mark.parametrize(
    ("query", "days"),
    [
        ("when was the boiler serviced last week", "2024-06-03 to 2024-06-09"),
        ("the boiler between 3 and 9 June 2024", "2024-06-03 to 2024-06-09"),
        ("the boiler since last week", "2024-06-03 to …"),
        ("the boiler before June 10, 2024", "… to 2024-06-09"),
    ],
)
def test_a_cue_shows_the_same_days_in_the_terminal_and_the_browser(served, cli, query, days):
    # Before: the browser's recall screen showed a window's end as stored, the day after its last
    # ("last week": 2024-06-03 to 2024-06-10), where the CLI showed its last day (2024-06-09).
    served.run("capture", content=BOILER, valid_from="2024-06-05T12:00:00Z")
    through_service = cli("recall", query)  # a running `quire serve` answers the CLI
    assert through_service.exit_code == 0, through_service.output
    assert f": {days} (boost)" in through_service.stdout.splitlines()[0]
    assert BOILER in through_service.stdout
    web = Browserless(served).sign_in()
    status, _, page = web.request("GET", f"/recall?q={quote(query)}&space=*")
    assert status == 200
    assert _cue_line(page).split(": ", 1)[1].startswith(f"{days} (boost)")
    assert BOILER in html.unescape(page)


def test_a_cue_gives_one_window_and_the_same_hits_on_every_route(quire_home, cli, cli_json, monkeypatch):
    monkeypatch.setenv("QUIRE_NOW", NOW)
    query = "the boiler between 3 and 9 June 2024"
    with quire.open(quire_home) as q:
        q.capture(BOILER, valid_from="2024-06-05T12:00:00Z")
        q.capture("the boiler was bled in winter", valid_from="2024-01-05T12:00:00Z")
        library = q.recall(query, detail=True)
    answer = cli_json("recall", query)
    mcp = _mcp_call(quire_home, "recall", {"query": query, "detail": True}).structured_content
    window = {"cue": query.removeprefix("the boiler "), "start": "2024-06-03T00:00:00Z", "end": "2024-06-10T00:00:00Z"}
    for route in (dict(library.window or {}), answer["window"], mcp["window"]):
        assert {k: route[k] for k in window} == window
    assert [h["id"] for h in library.expanded()] == [h["id"] for h in answer["results"]]
    assert [h["id"] for h in answer["results"]] == [h["id"] for h in mcp["results"]]


def test_as_of_a_date_is_the_end_of_that_day_on_every_route(quire_home, cli_json, monkeypatch):
    # Before: the op's date type made "2024-03-03" its first second before recall read it, so on
    # every route (library, CLI, MCP, service, browser) a memory of that noon was not current "as of
    # 2024-03-03", though --help and the docs say a date means the end of that day.
    monkeypatch.setenv("QUIRE_NOW", NOW)
    with quire.open(quire_home) as q:
        mid = q.capture(BOILER, valid_from="2024-03-03T12:00:00Z").id
        library = q.recall("boiler serviced", as_of="2024-03-03", no_floor=True)
    assert [h.id for h in library.results] == [mid] and library.as_of == "2024-03-03T23:59:59Z"
    answer = cli_json("recall", "boiler serviced", "--as-of", "2024-03-03", "--no-floor")
    assert [h["id"] for h in answer["results"]] == [mid]
    mcp = _mcp_call(quire_home, "recall", {"query": "boiler serviced", "as_of": "2024-03-03", "no_floor": True})
    assert [h["id"] for h in mcp.structured_content["results"]] == [mid]
    before = cli_json("recall", "boiler serviced", "--as-of", "2024-03-02", "--no-floor")
    assert before["results"] == []  # the day before: not yet


def test_a_cue_is_read_from_the_as_of_moment(quire_home, cli, cli_json, monkeypatch):
    # Before: "last weekend" as of 5 March was the weekend before now (June): a window after the
    # moment recall looks back from, which can hold nothing current then, shown as the cue's days.
    monkeypatch.setenv("QUIRE_NOW", NOW)
    with quire.open(quire_home) as q:
        q.capture("a weekend hike up Pen y Fan with Sam", valid_from="2024-03-02T10:00:00Z")
    answer = cli_json("recall", "hike last weekend", "--as-of", "2024-03-05")
    assert (answer["window"]["start"], answer["window"]["end"]) == ("2024-03-02T00:00:00Z", "2024-03-04T00:00:00Z")
    shown = cli("recall", "hike last weekend", "--as-of", "2024-03-05")
    assert "'last weekend': 2024-03-02 to 2024-03-03" in shown.stdout
    now = cli_json("recall", "hike last weekend")  # without --as-of: from now, as before
    assert now["window"]["start"] == "2024-06-08T00:00:00Z"


HOSTILE = [
    "last\x00week boiler",
    "boiler since \u200flast week",
    "boiler \u202ebetween 3 and 9 June 2024",
    "boiler in ２０２４",
    "boiler Q1 ２０２４ and since ٢٠٢٣",
    "boiler 去年 の 夏 last summer",
    ("since last weekend between 1 and 2 March 2024 " * 60)[:2000],
    "9" * 2000,
]


@pytest.mark.parametrize("query", HOSTILE)
def test_a_hostile_cue_answers_on_every_route(served, cli, quire_home, query):
    served.run("capture", content=BOILER, valid_from="2024-06-05T12:00:00Z")
    service = served.run("recall", query=query, detail=True)
    web = Browserless(served).sign_in()
    status, _, page = web.request("GET", f"/recall?q={quote(query)}&space=*")
    assert status == 200
    if service["window"]:  # the cue is the person's words: an override in it ends with its element
        assert f"<bdi>{html.escape(service['window']['cue'], quote=False)}</bdi>" in page
    if "\x00" not in query:  # a NUL cannot be an argument of a process
        assert cli("recall", query, "--json").exit_code == 0
    served.stop()
    with quire.open(quire_home) as q:
        window = q.recall(query, detail=True).window
    keys = ("cue", "start", "end", "mode")
    assert ({k: dict(window)[k] for k in keys} if window else None) == service["window"]
    assert _mcp_call(quire_home, "recall", {"query": query}).structured_content is not None
