"""A JSON list of captures (what an agent writes with `json.dump(captures, indent=2)`), or one capture
written over several lines, imports as JSON Lines does: by item, a bad item reported under its number while
the others land, idempotent, an edited item superseding its old memory. Before, a list was refused ("a JSON
array that is neither a ChatGPT nor a Claude export") and one pretty-printed capture was four bad lines."""

from __future__ import annotations

import json

import pytest

from memory.home import Home
from memory.session import Session

STAGING = "The staging database lives on the second shard since March"
DEPLOY = "The deploy window moved to Tuesday mornings after the outage"


def active(home) -> list[str]:
    if not (home / "quire.db").exists():
        return []
    with Session(Home(home)) as s:
        return sorted(str(r[0]) for r in s.db.rows("SELECT content FROM memories WHERE status = 'active'"))


def run(cli, path):
    out = cli("import", str(path), "--defer-embed", "--json")
    return out, json.loads(out.stdout) if out.stdout.strip() else None


@pytest.mark.parametrize("indent", [2, None])
def test_a_list_of_captures_lands_by_item_and_once(cli, tmp_path, quire_home, indent):
    path = tmp_path / "captures.json"
    items = [{"content": STAGING, "type": "fact"}, 5, {"content": DEPLOY}, {"content": "x", "bogus": 1}]
    path.write_text(json.dumps(items, indent=indent), encoding="utf-8")
    out, report = run(cli, path)
    assert out.exit_code == 1 and report["stored"] == 2
    assert report["errors"][0] == "captures.json item 2: each item must be a JSON object"
    assert report["errors"][1].startswith("captures.json item 4: invalid capture: bogus: unknown key")
    assert active(quire_home) == sorted([STAGING, DEPLOY])  # what was acknowledged reads back identical
    path.write_text(json.dumps(items, indent=4, sort_keys=True), encoding="utf-8")  # re-indented: the same items
    assert run(cli, path)[1]["stored"] == 0 and active(quire_home) == sorted([STAGING, DEPLOY])


def test_one_capture_over_several_lines_is_one_capture(cli, tmp_path, quire_home):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"content": STAGING, "type": "fact"}, indent=2), encoding="utf-8")
    out, report = run(cli, path)
    assert out.exit_code == 0 and report["stored"] == 1 and report["bad_units"] == 0
    assert active(quire_home) == [STAGING]


def test_an_item_edited_supersedes_its_old_memory(cli, tmp_path, quire_home):
    path = tmp_path / "captures.json"
    path.write_text(json.dumps([{"content": STAGING}, {"content": DEPLOY}], indent=2), encoding="utf-8")
    run(cli, path)
    edited = DEPLOY.replace("Tuesday", "Wednesday")
    path.write_text(json.dumps([{"content": STAGING}, {"content": edited}], indent=2), encoding="utf-8")
    out, report = run(cli, path)
    assert out.exit_code == 0 and report["stored"] == 1
    assert active(quire_home) == sorted([STAGING, edited])
    with Session(Home(quire_home)) as s:
        assert s.db.scalar("SELECT status FROM memories WHERE content = ?", (DEPLOY,)) == "superseded"


TORN = "the file ends inside this item (cut short, or a quote, } or ] missing in it runs it on to the end)"


def test_a_torn_list_keeps_what_came_before_the_tear(cli, tmp_path, quire_home):
    path = tmp_path / "captures.json"
    path.write_text(json.dumps([{"content": STAGING}, {"content": DEPLOY}], indent=2)[:-40], encoding="utf-8")
    out, report = run(cli, path)
    assert out.exit_code == 1 and report["stored"] == 1
    assert report["errors"] == [
        f"captures.json item 2: {TORN}; the item before it was read, none after it: fix the item and import again "
        "(what landed is skipped)"
    ]
    torn = tmp_path / "torn.json"
    torn.write_text('[\n  {"content": "The deploy wind', encoding="utf-8")
    out = cli("import", str(torn))
    assert out.exit_code == 1 and out.stderr.strip().splitlines() == [
        f"error: torn.json item 1: {TORN}; no item was read: fix the file (or export it again) and import it again"
    ]  # (it said "the items before it were read" of the first item)


def test_an_item_past_a_limit_is_a_bad_unit_and_the_rest_land(cli, tmp_path, quire_home):
    path = tmp_path / "captures.json"
    deep: dict = {"content": STAGING}
    for _ in range(80):
        deep = {"content": STAGING, "fields": deep}
    path.write_text(json.dumps([deep, {"content": DEPLOY}], indent=1), encoding="utf-8")
    out, report = run(cli, path)
    assert out.exit_code == 1 and report["stored"] == 1 and report["errors"][0].startswith("captures.json item 1:")
    assert active(quire_home) == [DEPLOY]


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({"content": STAGING}) + "\n" + json.dumps({"content": DEPLOY}) + "\n",  # JSON Lines named .json
        "[]\n" + json.dumps({"content": DEPLOY}) + "\n",  # a first line `[]` and lines after it
    ],
)
def test_json_lines_named_json_are_still_lines(cli, tmp_path, quire_home, body):
    # the control: a first line that is a whole object (or `[]` with more lines) is JSON Lines
    path = tmp_path / "captures.json"
    path.write_text(body, encoding="utf-8")
    _, report = run(cli, path)
    assert DEPLOY in active(quire_home) and report["stored"] == body.count("content")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_list_saved_with_a_byte_order_mark_lands(cli, tmp_path, quire_home, encoding):
    path = tmp_path / "captures.json"
    path.write_text(json.dumps([{"content": STAGING}], indent=2), encoding=encoding)
    out, report = run(cli, path)
    assert out.exit_code == 0 and report["stored"] == 1 and active(quire_home) == [STAGING]


@pytest.mark.parametrize("odd", ["NaN", "Infinity", "18446744073709551616", '{"content": "bad \\x escape"}'])
def test_an_item_a_stream_parser_stops_at_is_one_bad_item_and_the_rest_land(cli, tmp_path, quire_home, odd):
    # Read as a stream, a number past 64 bits or a NaN (Python's json.dump writes both) stopped the whole
    # document there, and every item after it was lost to the import: each item is read on its own now.
    path = tmp_path / "captures.json"
    path.write_text(f'[\n  {{"content": "{STAGING}"}},\n  {odd},\n  {{"content": "{DEPLOY}"}}\n]\n', encoding="utf-8")
    out, report = run(cli, path)
    assert out.exit_code == 1 and report["stored"] == 2, report
    assert [e.split(":")[0] for e in report["errors"]] == ["captures.json item 2"]
    assert active(quire_home) == sorted([STAGING, DEPLOY])
