"""Session 37's classes, closed on every route: a path the caller gave that does not exist is a usage
error (exit 2) naming the argument or flag, whichever command takes it; a time with a fraction of a
second quire reads to the second (recall's as_of, a chat message's time) is said, not dropped without a
word; and a refusal carries its fields, so the CLI names each by the flag typed (a space name no space
can have as `--space`), while the library, the service and MCP name the parameter sent."""

from __future__ import annotations

import json
import unicodedata

import pytest

import quire
from memory.errors import QuireError
from memory.models import FieldsRefused
from tests.test_adversary_routes import served_post
from tests.test_adversary_s36_acknowledged import refused_on
from tests.test_trust_routes import _mcp_call
from tests.ui_home import start

BASE = "The staging cluster moved to the Frankfurt region in May"


def _state(home):
    with quire.open(home) as q:
        return q.status().model_dump(exclude={"replica", "nightly"})


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        # Before: `import missing` exited 1 while `capture -f missing` exited 2; restore's said "is not a file" (1).
        (["import"], "PATH"),
        (["import", "{ok}"], "PATH"),  # the second of several: none is imported
        (["import", "--format", "jsonl"], "PATH"),
        (["restore"], "BACKUP_FILE"),
        (["capture", "-f"], "--file"),
        (["eval", "folds", "--data"], "--data"),
    ],
)
def test_a_path_given_that_does_not_exist_is_a_usage_error_naming_it_on_every_command(
    cli, quire_home, tmp_path, argv, names
):
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact")
    ok = tmp_path / "ok.jsonl"
    ok.write_text(json.dumps({"content": "Our dentist moved to Elm Street last spring"}) + "\n", encoding="utf-8")
    before = _state(quire_home)
    missing = tmp_path / "no-such" / "given.jsonl"
    result = cli(*(a.format(ok=ok) for a in argv), str(missing))
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stderr.startswith(f"Error: {names}: {missing} does not exist"), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert _state(quire_home) == before


def test_a_dangling_symlink_given_to_import_is_named_as_such_not_as_missing(cli, quire_home, tmp_path):
    link = tmp_path / "export.jsonl"
    link.symlink_to(tmp_path / "gone.jsonl")
    result = cli("import", str(link))
    assert result.exit_code == 1 and "is a symlink to" in result.stderr, result.stderr


@pytest.mark.parametrize("route", ["library", "cli", "service", "mcp"])
def test_an_as_of_with_a_fraction_of_a_second_is_said_in_the_answer(quire_home, cli, route):
    # Before: "2024-05-01T10:00:00.5Z" was read as 10:00:00 with no word said.
    with quire.open(quire_home) as q:
        q.capture(BASE, type="fact", valid_from="2024-04-01")
    params = {"query": "staging cluster Frankfurt", "as_of": "2024-05-01T10:00:00.5Z", "no_floor": True}
    if route == "library":
        with quire.open(quire_home) as q:
            answer = q.run("recall", **params).model_dump()
    elif route == "service":
        status, data = served_post(quire_home, "recall", params)
        assert status == 200, data
        answer = data["result"]
    elif route == "mcp":
        answer = _mcp_call(quire_home, "recall", params).structured_content
    else:
        result = cli("recall", "--json", "--no-floor", "--as-of", params["as_of"], params["query"])
        assert result.exit_code == 0, result.stderr
        answer = json.loads(result.stdout)
    assert answer["as_of"] == "2024-05-01T10:00:00Z"
    assert answer["warnings"] == [
        "as_of: '2024-05-01T10:00:00.5Z' has a fraction of a second, which quire does not keep: "
        "read as 2024-05-01T10:00:00Z"
    ]
    assert answer["results"], answer  # read as before: the memory current then is found


def test_an_as_of_to_the_second_or_a_date_says_nothing(quire_home):
    with quire.open(quire_home) as q:
        for when in ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z", "2024-05-01"):
            answer = q.run("recall", query="staging", as_of=when).model_dump()
            assert not answer.get("warnings"), (when, answer)


def test_chat_message_times_are_kept_to_the_second_without_a_warning_a_line(quire_home, tmp_path):
    # A message's time is the app's clock, not a value the person typed and was told was stored: every
    # ChatGPT, Claude and Messenger export carries fractions of a second (1714555800.25), so a warning
    # for them would stand on every real import and teach a person to skip warnings. Kept to the second,
    # as docs/imports.md says; a date a person gives (--as-of, since, valid_from) is said when cut.
    lines = [
        {"conversation": "move", "speaker": "Ana", "role": "user", "time": "2024-05-01T09:30:00.250Z",
         "text": "I am moving to Lisbon in the spring with my partner Joao"},
        {"conversation": "move", "speaker": "Ana", "role": "user", "time": "2024-05-01T09:31:00,5+02:00",
         "text": "My sister Marta works as a nurse at the city hospital"},
    ]  # fmt: skip
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with quire.open(quire_home) as q:
        report = q.run("import", path=str(path), me="Ana", defer_embed=True)
        assert report.stored == 2 and report.warnings == [], report
        said = [q.run("memory_show", memory_id=mid).valid_from for mid in report.ids]
    assert said == ["2024-05-01T09:30:00Z", "2024-05-01T07:31:00Z"]


@pytest.mark.parametrize(
    "argv",
    [
        ["capture", "--space", "../x", "--", BASE],
        ["recall", "billing", "--space", "../x"],
        ["page", "search", "billing", "--space", "../x"],
    ],
)
def test_a_space_name_no_space_can_have_is_named_by_its_flag(cli, quire_home, argv):
    # Before: "bad space name '../x': ..." named no flag: the one refusal of its class that said no field.
    before = _state(quire_home)
    result = cli(*argv)
    assert result.exit_code == 2 and result.stderr.startswith("Error: invalid "), result.stderr
    assert ": --space: bad space name '../x'" in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1
    assert _state(quire_home) == before


@pytest.mark.parametrize("route", ["library", "service", "mcp"])
def test_a_space_name_refused_on_other_routes_names_the_parameter(quire_home, route):
    said = refused_on(route, quire_home, "recall", {"query": "billing", "space": "../x"})
    # named as the parameter sent, as every other field's refusal is (it named none)
    assert "invalid recall parameters: space: bad space name '../x'" in said and "--space" not in said, said


def test_a_refusal_carries_each_field_it_names(quire_home):
    # The library's refusal is typed: a skin names each clause's field its own way, from where it is,
    # not by reading the words back (the CLI rewrote "types.0: " by a regex).
    with pytest.raises(FieldsRefused) as caught, quire.open(quire_home) as q:
        q.run("recall", query="billing", types=["fact", "bogus"], k=0)
    refused = caught.value
    assert sorted(loc for loc, _, _ in refused.clauses) == [("k",), ("types", 1)]
    assert "types.1: must be one of identity" in str(refused)
    named = refused.said(lambda loc, where: f"<{loc[0]}>")
    assert "<types>: must be one of identity" in named and "<k>: must be at least 1" in named
    with pytest.raises(FieldsRefused) as capture, quire.open(quire_home) as q:
        q.run("capture", content=BASE, entities=["Bob", " "])
    assert [loc for loc, _, _ in capture.value.clauses] == [("entities",)]  # the list is judged whole


def _chat_and_captures(tmp_path):
    chat = tmp_path / "chat.jsonl"
    line = {"conversation": "move", "speaker": "Ana", "role": "user", "time": "2024-05-01T09:30:00Z"}
    said = {**line, "text": "I am moving to Lisbon in the spring with Joao"}
    chat.write_text(json.dumps(said) + "\n", encoding="utf-8")
    captures = tmp_path / "captures.jsonl"
    captures.write_text(json.dumps({"content": "Our dentist moved to Elm Street last spring"}) + "\n", encoding="utf-8")
    return chat, captures


def test_import_tells_the_format_once_on_the_cli(cli, quire_home, tmp_path, monkeypatch):
    # Before: the CLI read each file's head to tell its format, and the operation read it again.
    from memory import chats

    told = []
    real = chats.detect_format
    monkeypatch.setattr(chats, "detect_format", lambda path: told.append(path) or real(path))
    chat, captures = _chat_and_captures(tmp_path)
    result = cli("import", "--defer-embed", "--me", "Ana", str(chat))
    assert result.exit_code == 0, result.stderr
    assert told == [chat.absolute()]
    told.clear()
    assert cli("import", "--defer-embed", str(captures)).exit_code == 0
    assert told == [captures.absolute()]


@pytest.mark.parametrize("route", ["library", "cli", "cli via serve", "service"])
def test_a_chat_flag_on_a_later_path_that_is_no_chat_imports_none_of_them(
    cli, quire_home, tmp_path, monkeypatch, route
):
    # Before: through the library and `quire serve`, the chat was imported, then --me refused on the captures.
    chat, captures = _chat_and_captures(tmp_path)
    before = _state(quire_home)
    params = {"path": str(chat), "paths": [str(captures)], "me": "Ana", "defer_embed": True}
    if route == "library":
        with pytest.raises(QuireError) as caught, quire.open(quire_home) as q:
            q.run("import", **params)
        said = str(caught.value)
    elif route == "service":
        status, data = served_post(quire_home, "import", params)
        assert status == 400, data
        said = data["error"]["message"]
    else:
        monkeypatch.setenv("QUIRE_HOME", str(quire_home))
        running = start() if route == "cli via serve" else None  # the refusal's class crosses the wire
        try:
            result = cli("import", "--defer-embed", "--me", "Ana", str(chat), str(captures))
        finally:
            if running is not None:
                running.stop()
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        said = result.stderr
    assert "--me applies to a chat export" in said, said
    assert _state(quire_home) == before


@pytest.mark.parametrize(
    ("op", "route"),
    [("recent", "library"), ("recent", "cli"), ("recent", "mcp"), ("log", "library"), ("log", "cli")],  # log: no tool
)
def test_a_since_with_a_fraction_of_a_second_is_said_in_the_answer(quire_home, cli, route, op):
    # Before: recent's and log's `since` "2024-05-01T10:00:00.5Z" was read as 10:00:00 with no word said.
    sent = "2024-05-01T10:00:00.5Z"
    said = [f"since: '{sent}' has a fraction of a second, which quire does not keep: read as 2024-05-01T10:00:00Z"]
    if route == "library":
        with quire.open(quire_home) as q:
            answer = q.run(op, since=sent).model_dump(exclude_unset=True)
    elif route == "mcp":
        answer = _mcp_call(quire_home, op, {"since": sent}).structured_content
    else:
        result = cli(op, "--since", sent, "--json")
        assert result.exit_code == 0, result.stderr
        answer = json.loads(result.stdout)
        assert cli(op, "--since", sent).stderr == f"warning: {said[0]}\n"
    assert answer["warnings"] == said
    with quire.open(quire_home) as q:
        assert "warnings" not in q.run(op, since="2024-05-01T10:00:00Z").model_dump(exclude_unset=True)


@pytest.mark.parametrize("command", ["push", "pull"])
@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("/backups/quire.db", "the server URL is not readable"),  # a path given where a server is meant
        ("http://127.0.0.1:8080", "libSQL offers over WebSocket only; use ws://127.0.0.1:8080"),
        ("ftp://example.org:9", "is not a libSQL server URL"),
    ],
)
def test_a_server_url_refused_by_its_form_is_a_usage_error_naming_url(cli, quire_home, command, url, says):
    # Before: exit 1, as if the server had been asked and refused; the same URL given blank was exit 2.
    before = sorted(p.name for p in quire_home.iterdir()) if quire_home.exists() else []
    result = cli("store", command, url)
    assert result.exit_code == 2 and result.stderr.startswith("Error: URL: "), result.stderr
    assert says in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert (sorted(p.name for p in quire_home.iterdir()) if quire_home.exists() else []) == before


def test_names_dates_and_labels_one_device_stores_read_back_identical_on_the_other(sqld_url, tmp_path, monkeypatch):
    # The fields around a memory's text (its entities, source, date; a space's description), sent in
    # decomposed accents, other scripts and a +14:00 offset, read on a second home as the first stored them.
    import memory.session as session_mod
    from quire import ops
    from tests.server_homes import device

    monkeypatch.setattr(session_mod, "STALE_AFTER_S", 0.0)
    monkeypatch.setattr(session_mod, "HARD_STALE_S", 0.0)
    nfd = unicodedata.normalize("NFD", "Zoë Ångström")
    desk, laptop = device(tmp_path, "desk", sqld_url), device(tmp_path, "laptop", sqld_url)
    try:
        ops.run(desk, "spaces_add", {"name": "famille", "description": unicodedata.normalize("NFD", "chez Zoë, 東京")})
        sent = {
            "content": f"{BASE} with {nfd} and 田中さん",
            "entities": [nfd, "田中さん", "Олена"],
            "source": unicodedata.normalize("NFD", "café notes/東京.md"),
            "valid_from": "2024-05-01T10:00:00+14:00",
            "space": "famille",
        }
        mid = ops.run(desk, "capture", sent)["id"]
        here = ops.run(desk, "memory_show", {"memory_id": mid})
        there = ops.run(laptop, "memory_show", {"memory_id": mid})
        keys = ("content", "entities", "source", "valid_from", "space")
        assert {k: there[k] for k in keys} == {k: here[k] for k in keys}
        assert (there["content"], sorted(there["entities"]), there["source"]) == (
            sent["content"],
            sorted(sent["entities"]),
            sent["source"],
        )
        assert there["valid_from"] == "2024-04-30T20:00:00Z"
        described = {s["name"]: s["description"] for s in ops.run(laptop, "spaces_list", {})["spaces"]}
        assert described["famille"] == unicodedata.normalize("NFD", "chez Zoë, 東京")
    finally:
        desk.close()
        laptop.close()
