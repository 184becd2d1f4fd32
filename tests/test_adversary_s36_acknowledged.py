"""What was acknowledged reads back identical, or the acknowledgement says what changed, on every
route (the library, the CLI in-process and through `quire serve`, the service, MCP, an import line):
a decomposed accent is kept as sent (and is one memory and one word with its composed form); a time
with a fraction of a second, which quire stores to the second, is said so in the warnings; and a
refusal on the CLI names the flag a person typed, not a pydantic location (`types.0`)."""

from __future__ import annotations

import json
import unicodedata

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory.errors import QuireError
from tests.test_adversary_routes import served_post
from tests.test_trust_routes import _mcp_call
from tests.ui_home import start

BASE = "The staging cluster moved to the Frankfurt region in May"
ROUTES = ("library", "cli", "cli via serve", "service", "mcp", "import")


def _capture(route: str, home, cli, params: dict) -> tuple[str, list[str]]:
    """(the new memory's id, the warnings its acknowledgement gave)."""
    if route == "library":
        with quire.open(home) as q:
            answer = q.run("capture", **params).model_dump()
        return answer["id"], answer["warnings"]
    if route == "mcp":
        answer = _mcp_call(home, "capture", params).structured_content
        return answer["id"], answer["warnings"]
    if route == "service":
        status, data = served_post(home, "capture", params)
        assert status == 200, data
        return data["result"]["id"], data["result"]["warnings"]
    if route == "import":
        path = home.parent / "line.jsonl"
        path.write_text(json.dumps(params) + "\n", encoding="utf-8")
        with quire.open(home) as q:
            report = q.run("import", path=str(path))
        assert report.stored == 1, report
        return report.ids[0], [w.split(": ", 1)[1] for w in report.warnings]
    argv = ["capture", "--json", *(a for k in ("valid_from",) if k in params for a in ("--valid-from", params[k]))]
    running = start() if route == "cli via serve" else None
    try:
        result = cli(*argv, "--", params["content"])
    finally:
        if running is not None:
            running.stop()
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    return answer["id"], answer["warnings"]


def _fresh(tmp_path, monkeypatch, name: str):
    home = tmp_path / name
    monkeypatch.setenv("QUIRE_HOME", str(home))
    return home


@pytest.mark.parametrize("route", ROUTES)
def test_a_decomposed_accent_reads_back_as_sent_and_is_one_memory_with_its_composed_form(
    tmp_path, monkeypatch, cli, route
):
    # Before: "Zoe\u0308" was stored "Zo\u00eb" (NFC) with no word said: show gave other bytes than sent.
    home = _fresh(tmp_path, monkeypatch, route.replace(" ", "-"))
    sent = unicodedata.normalize("NFD", f"{BASE}, said Zoë Ångström of the café")
    assert sent != unicodedata.normalize("NFC", sent)
    mid, warnings = _capture(route, home, cli, {"content": sent})
    assert warnings == []
    with quire.open(home) as q:
        assert q.show(mid).content == sent
        again = q.run("capture", content=unicodedata.normalize("NFC", sent)).model_dump()
        assert (again["status"], again["id"]) == ("duplicate", mid)  # one memory in either form
        assert mid in [h["id"] for h in q.recall("Zoë café", k=5).expanded()]  # composed words find it
    assert _mcp_call(home, "memory_show", {"memory_id": mid}).structured_content["content"] == sent


@pytest.mark.parametrize("route", ROUTES)
def test_a_fraction_of_a_second_dropped_is_said_in_the_acknowledgement(tmp_path, monkeypatch, cli, route):
    # Before: "2024-05-01T10:00:00.123Z" (JavaScript's toISOString) was stored 2024-05-01T10:00:00Z, no word said.
    home = _fresh(tmp_path, monkeypatch, route.replace(" ", "-"))
    mid, warnings = _capture(route, home, cli, {"content": BASE, "valid_from": "2024-05-01T10:00:00.123Z"})
    with quire.open(home) as q:
        assert q.show(mid).valid_from == "2024-05-01T10:00:00Z"
    assert warnings == [
        "valid_from: '2024-05-01T10:00:00.123Z' has a fraction of a second, which quire does not keep: "
        "stored as 2024-05-01T10:00:00Z"
    ]


def test_a_time_to_the_second_or_a_zero_fraction_is_stored_without_a_word(tmp_path, monkeypatch, cli):
    home = _fresh(tmp_path, monkeypatch, "whole")
    texts = (BASE, "The billing service pages the on-call engineer at night", "Our dentist moved to Elm Street")
    for content, when in zip(texts, ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z", "2024-05-01"), strict=True):
        _, warnings = _capture("library", home, cli, {"content": content, "valid_from": when})
        assert warnings == [], when


@pytest.mark.parametrize("route", ["library", "cli", "mcp"])
def test_supersede_says_the_fraction_of_a_second_it_dropped(tmp_path, monkeypatch, cli, route):
    home = _fresh(tmp_path, monkeypatch, route)
    with quire.open(home) as q:
        old = q.capture(BASE, type="fact").id
    params = {"memory_id": old, "content": f"{BASE}, then to Paris", "valid_from": "2024-05-01T10:00:00,5"}
    if route == "library":
        with quire.open(home) as q:
            answer = q.run("supersede", **params).model_dump()
    elif route == "mcp":
        answer = _mcp_call(home, "supersede", params).structured_content
    else:
        result = cli("supersede", "--json", "--valid-from", params["valid_from"], old, params["content"])
        assert result.exit_code == 0, result.stderr
        answer = json.loads(result.stdout)
    with quire.open(home) as q:
        assert q.show(answer["id"]).valid_from == "2024-05-01T10:00:00Z"
    assert any("'2024-05-01T10:00:00,5' has a fraction of a second" in w for w in answer["warnings"]), answer


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        # Before: "types.0: must be one of ..." (and the second --type's bad value was `types.0` too).
        (["recall", "billing", "--type", "fact", "--type", "bogus"], "invalid recall parameters: --type: must be"),
        (["recent", "--type", "bogus"], "invalid recent parameters: --type: must be one of identity"),
        (["recall", "billing", "--as-of", "2026-02-30"], "invalid recall parameters: --as-of: cannot read the date"),
        (["recall", "billing", "-k", "0"], "invalid recall parameters: -k: must be at least 1"),
        (["capture", "--entity", " ", "--", BASE], "invalid capture: --entity: an entity name is empty"),
        (["capture", "--field", "bogus=1", "--", BASE], "invalid capture: --field: unknown field(s) bogus"),
        (["log", "-n", "0"], "invalid log parameters: -n: must be at least 1"),  # it said `limit`
    ],
)
def test_a_cli_refusal_names_the_flag_a_person_typed(cli, argv, says):
    result = cli(*argv)
    assert result.exit_code == 2 and result.stderr.startswith(f"Error: {says}"), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


def refused_on(route: str, quire_home, op: str, params: dict) -> str:
    """The refusal of `op` with `params` as the library, the service or MCP says it (each must refuse)."""
    if route == "library":
        with pytest.raises(QuireError) as caught, quire.open(quire_home) as q:
            q.run(op, **params)
        return str(caught.value)
    if route == "service":
        status, data = served_post(quire_home, op, params)
        assert status == 400, data
        return str(data["error"]["message"])
    with pytest.raises(ToolError) as caught:
        _mcp_call(quire_home, op, params)
    return str(caught.value)


@pytest.mark.parametrize("route", ["library", "service", "mcp"])
def test_other_routes_name_the_parameter_they_were_sent(quire_home, route):
    said = refused_on(route, quire_home, "recall", {"query": "billing", "types": ["fact", "bogus"]})
    assert "types.1: must be one of identity" in said, said


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "locomo", "--data"],
        ["eval", "longmemeval", "--data"],
        ["eval", "contradictions", "--data"],
        ["eval", "floor", "--data"],
        ["eval", "folds", "--data"],
        ["bench", "cells", "--data"],
        ["capture", "--file"],
    ],
)
def test_a_path_given_that_does_not_exist_is_a_usage_error_naming_its_flag(cli, tmp_path, argv):
    # Before: `eval locomo --data missing` exited 1 ("pass --data PATH"), `eval folds --data missing` 1 with
    # a traceback's words, `bench cells --data missing` 2, `capture -f missing` 1: one rule now.
    missing = tmp_path / "no-such" / "data.json"
    result = cli(*argv, str(missing))
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stderr.startswith(f"Error: {argv[-1]}: ") and "does not exist" in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("route", ["library", "service", "mcp", "import"])
def test_an_entity_name_made_one_line_is_said_in_the_acknowledgement(tmp_path, monkeypatch, cli, route):
    # Before: "Acme\nCorp" (a paste's line break) was stored "Acme Corp" with no word said.
    home = _fresh(tmp_path, monkeypatch, route)
    mid, warnings = _capture(route, home, cli, {"content": BASE, "entities": ["Acme\nCorp", "Bob", " Ada  Lovelace "]})
    with quire.open(home) as q:
        assert sorted(q.show(mid).entities) == ["Acme Corp", "Ada Lovelace", "Bob"]
    made = "the line break, tab or run of spaces inside the name sent made one space (a name is one line)"
    assert warnings == [
        f"entities: 'Acme Corp' is stored with {made}",
        f"entities: 'Ada Lovelace' is stored with {made}",
    ]
