"""Hostile values, by class: a value no file, column or JSON reader can hold is refused in one
line on every route, and nothing stored changes."""

from __future__ import annotations

import http.client
import json

import pytest

import quire
from memory.errors import InvalidInput
from tests.test_service import served  # noqa: F401  (the fixture)


@pytest.mark.parametrize("path", ["\x00", "notes\x00.jsonl", "/tmp/a\x00/b"])
def test_import_refuses_a_path_holding_nul_in_one_line(quire_home, path):
    # Before: ValueError("embedded null byte") from os.stat, a traceback in the library.
    with quire.open(quire_home) as q, pytest.raises(InvalidInput) as caught:
        q.import_path(path)
    assert "NUL character" in str(caught.value) and "check the path" in str(caught.value)


def http_post(s, op: str, body: bytes) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    conn.request("POST", f"/v1/ops/{op}", body=body, headers={"Authorization": f"Bearer {s.token}"})
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    return reply.status, data


def test_the_service_refuses_an_import_path_holding_nul(served):  # noqa: F811
    # Before: 500 "quire serve failed on this request (ValueError); see its log".
    status, data = http_post(served(), "import", rb'{"params": {"path": "notes\u0000.jsonl"}}')
    assert status == 400 and data["error"]["type"] == "InvalidInput", data
    assert "NUL character" in data["error"]["message"]


NON_FINITE = [
    rb'{"params": {"content": "The lisbon office opens at nine every weekday morning", "type": "fact", '
    rb'"fields": {"claim": NaN}}}',
    rb'{"params": {"content": "The porto office opens at ten every weekday morning", "type": "fact", '
    rb'"fields": {"claim": -Infinity}}}',
]


@pytest.mark.parametrize("body", NON_FINITE)
def test_the_service_refuses_a_field_that_is_nan_or_infinity(served, body):  # noqa: F811
    # Before: stored, and `quire show --json` printed `"claim": NaN`, which no JSON reader takes.
    s = served()
    status, data = http_post(s, "capture", body)
    assert status == 400 and data["error"]["message"] == "invalid capture: fields.claim: must be a finite number"
    status, data = http_post(s, "status", b"{}")
    assert data["result"]["total"] == 0


def test_a_jsonl_line_with_a_nan_field_is_one_bad_unit(quire_home, tmp_path):
    lines = [
        '{"content": "The lisbon office opens at nine each weekday morning", "type": "fact", "fields": {"claim": NaN}}',
        '{"content": "The porto office opens at ten every weekday morning", "type": "fact", "confidence": Infinity}',
        '{"content": "The madrid office opens at eleven every weekday morning", "type": "fact"}',
    ]
    path = tmp_path / "offices.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with quire.open(quire_home) as q:
        report = q.import_path(path)
        assert report.stored == 1 and len(report.errors) == 2, report
        assert "offices.jsonl:1: invalid capture: fields.claim: must be a finite number" in report.errors
        assert (
            "offices.jsonl:2: invalid capture: confidence: must be a finite number; give a number from 0.0 to 1.0"
            in report.errors
        )
        for hit in q.recent().results:
            json.dumps(q.show(hit["id"]).model_dump(), allow_nan=False)  # every record is JSON


def test_supersede_refuses_a_nan_field_as_capture_does(quire_home):
    with quire.open(quire_home) as q:
        old = q.capture("The lisbon office opens at nine every weekday morning", type="fact").id
        with pytest.raises(InvalidInput) as caught:
            q.supersede(old, "The lisbon office opens at ten every weekday morning", fields={"claim": float("nan")})
        assert str(caught.value) == "invalid supersede parameters: fields.claim: must be a finite number"
        assert q.show(old).status == "active"


NEW_TEXT = "give the new text that replaces the memory's"


def test_supersede_with_a_text_that_cleans_to_nothing_names_supersede(quire_home, cli):
    # Before: "invalid capture: content: must not be empty", naming an operation nobody called.
    with quire.open(quire_home) as q:
        old = q.capture("The lisbon office opens at nine every weekday morning", type="fact").id
        for text in ["\x00", "\u200b\u202e"]:
            with pytest.raises(InvalidInput) as caught:
                q.supersede(old, text)
            assert str(caught.value) == f"invalid supersede parameters: content: must not be empty; {NEW_TEXT}"
        assert q.show(old).status == "active"
    result = cli("supersede", old, "\u200b")
    assert result.exit_code == 2  # a blank argument: a usage error, refused before any call
    assert result.stderr.strip() == f"Error: invalid supersede parameters: content: must not be empty; {NEW_TEXT}"
    # "" fails the request's own check, not the cleaned text's: the same words
    result = cli("supersede", old, "")
    assert (
        result.exit_code == 2
        and result.stderr.strip() == f"Error: invalid supersede parameters: content: must not be empty; {NEW_TEXT}"
    )


OPEN_WINDOWS = [
    ("what did we decide about the ledger since March", "start"),
    ("the ledger after 2020", "start"),
    ("the ledger before June 2024", "end"),
]


@pytest.mark.parametrize(("query", "bounded"), OPEN_WINDOWS)
def test_a_time_cue_open_on_one_side_answers_on_every_route(quire_home, cli, query, bounded):
    # Before: "since March" (the README's own example), "after 2020" and "before June 2024" made a
    # window with one side None, which the response model refused: "RecallResponse does not fit the
    # result (string_type window.end); a bug in quire", exit 1, on every route.
    from tests.test_trust_routes import _mcp_call

    with quire.open(quire_home) as q:
        q.capture("We moved the ledger to PostgreSQL 16 for its transactional DDL", type="decision")
        window = q.recall(query).window
    assert window is not None and window[bounded] is not None
    assert window["end" if bounded == "start" else "start"] is None
    result = cli("recall", query)
    assert result.exit_code == 0 and "time cue" in result.stdout and "…" in result.stdout, result.output
    assert _mcp_call(quire_home, "recall", {"query": query})


def test_chat_jsonl_takes_unix_seconds_and_refuses_in_quires_words(quire_home, tmp_path):
    # Before: `"time": 1714555800` was refused as "must be a text" while the refusal of a bad time
    # said "use ISO 8601 ... or Unix seconds"; a long speaker or an unknown role came back in
    # pydantic's words ("String should have at most 120 characters", "Input should be 'user', ...").
    base = {"conversation": "family", "speaker": "Ana", "role": "user"}
    rows = [
        {**base, "text": "Dinner is at seven at the usual Italian place downtown.", "time": 1714555800},
        {**base, "text": "The babysitter arrives at half past six on Friday evening.", "speaker": "x" * 200},
        {**base, "text": "Grandma lands at the airport on Sunday around noon.", "role": "ROOT"},
        {**base, "text": "The school trip to the science museum is next Thursday.", "time": True},
    ]
    path = tmp_path / "family.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with quire.open(quire_home) as q:
        report = q.import_path(path, format="chat-jsonl")
        assert report.stored == 1, report
        assert report.errors == [
            "family.jsonl:2: invalid chat line: speaker: is longer than 120 characters; "
            "shorten it to 120 characters or fewer",
            "family.jsonl:3: invalid chat line: role: must be one of user, assistant, system or tool",
            "family.jsonl:4: invalid chat line: time: must be an ISO 8601 text (e.g. 2024-05-01T09:30Z) "
            "or Unix seconds",
        ]
        (hit,) = q.recent(days=36500).results
        assert q.show(hit["id"]).valid_from.startswith("2024-05-01T09:30")


@pytest.mark.parametrize("actor", ["cli\n", "mcp\n"])
def test_the_service_refuses_an_actor_with_a_final_newline(served, actor):  # noqa: F811
    # Before: the actor pattern ended in "$", which also matches before a final newline, so
    # "cli\n" was taken and written into the audit log as the actor of the capture.
    s = served()
    body = json.dumps({"params": {"content": "The lisbon office opens at nine every weekday"}, "actor": actor})
    status, data = http_post(s, "capture", body.encode())
    assert status == 400 and "actor must be a short lowercase name" in data["error"]["message"], data
    assert http_post(s, "status", b"{}")[1]["result"]["total"] == 0


@pytest.mark.parametrize("name", ["work\n", "x" * 63 + "\n"])
def test_a_space_or_slug_pattern_takes_no_final_newline(name):
    from memory.models import valid_space_name
    from wiki.vault import valid_slug

    with pytest.raises(InvalidInput, match="bad space name"):
        valid_space_name(name)
    assert not valid_slug(name.lower())


def test_a_hand_edit_with_a_nul_or_latin1_bytes_keeps_the_rest_and_says_so(quire_home):
    # Before: the copy quire keeps of a hand-edited page was cut at a NUL (the driver stops there:
    # "here." and everything after was gone) and a Latin-1 byte became U+FFFD, without a word.
    with quire.open(quire_home) as q:
        for n in range(3):
            q.capture(f"The lisbon office number {n} opens at nine every weekday morning", entities=["Lisbon"])
        q.rebuild()
        path = quire_home / "wiki" / "lisbon.md"
        before = path.read_bytes()
        path.write_bytes(before + b"\nA hand note: caf\xe9 and a NUL \x00 here. And more after it.\n")
        summary = q.rebuild()
        said = " ".join(summary.warnings)
        assert "lisbon: the hand edit is not UTF-8 text (byte 0xe9" in said and "U+FFFD" in said, said
        assert "lisbon: the hand edit holds 1 NUL character(s)" in said, said
        body = q.page("lisbon").body
        assert "caf\ufffd and a NUL  here. And more after it." in body and "\x00" not in body
        assert q.page("lisbon").owner == "human"
    assert path.read_bytes().endswith(b"\x00 here. And more after it.\n")  # the file is the person's, as left


@pytest.mark.parametrize(
    ("op", "params", "field"),
    [
        ("forget", {"reason": "dup\x00licate of the porto note"}, "reason"),
        ("spaces_add", {"name": "work", "description": "the day\x00job"}, "description"),
        ("forget", {"reason": "dup\ud800licate"}, "reason"),
    ],
)
def test_a_text_stored_as_given_refuses_nul_instead_of_reading_back_cut(quire_home, op, params, field):
    # Before: "dup\x00licate ..." was acknowledged and read back "dup" (the driver cuts at NUL).
    with quire.open(quire_home) as q:
        mid = q.capture("The lisbon office opens at nine every weekday morning").id
        with pytest.raises(InvalidInput, match=f"{field}: holds (a NUL character|an unpaired surrogate)"):
            q.run(op, **({"memory_id": mid} if op == "forget" else {}), **params)
        assert q.show(mid).status == "active" and q.spaces().spaces == []


def test_import_of_an_empty_path_is_refused_not_the_current_folder(cli, quire_home, monkeypatch, tmp_path):
    # Before: `quire import ""` became Path(".") and imported every note of the folder it ran in.
    (tmp_path / "note.md").write_text("- The lisbon office opens at nine every weekday morning\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for path in ("", "  "):
        result = cli("import", path)
        assert result.exit_code == 2 and "is empty; give the file or folder to import" in result.stderr
    assert not (quire_home / "quire.db").exists() or cli("status", "--json").stdout.count('"total": 0') == 1


def test_log_since_empty_is_refused_as_recall_as_of_empty_is(cli):
    # A blank option the operation refuses is a usage error (exit 2), as a blank argument is.
    result = cli("log", "--since", "")
    assert result.exit_code == 2 and "since: the date is empty" in result.stderr, result.stderr


ID_FIX = "give the id whose entries to show (a memory's, a review item's or a space's name), or leave it out"


@pytest.mark.parametrize("subject", ["", "   "])
def test_log_about_an_empty_id_is_refused_on_every_route(cli, quire_home, served, subject):  # noqa: F811
    # Before: `quire log --id ""` (and subject_id "" from the library or the service) filtered nothing
    # and printed the whole log, exit 0, as if every entry were about that id.
    with quire.open(quire_home) as q:
        q.capture("The lisbon office opens at nine every weekday morning")
        with pytest.raises(InvalidInput, match="subject_id: must not be empty"):
            q.log(subject_id=subject)
    result = cli("log", "--id", subject)
    said = f"subject_id: must not be empty; {ID_FIX}"
    flagged = said.replace("subject_id:", "--id:")  # the CLI names the flag typed; the others the parameter
    assert result.exit_code == 2 and result.stderr.strip().endswith(flagged), result.stderr
    assert result.stdout == ""
    status, data = http_post(served(), "log", json.dumps({"params": {"subject_id": subject}}).encode())
    assert status == 400 and data["error"]["message"] == f"invalid log parameters: {said}"


def test_a_note_or_file_whose_name_is_not_utf8_is_named_with_the_fix(cli, quire_home, tmp_path):
    # Before: each block of the note was refused for an entity "not valid Unicode; re-save the input
    # as UTF-8" (the text was fine: its name was not), and a JSONL file so named was "send it as UTF-8".
    import os

    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / os.fsdecode(b"n\xe9.md")).write_text("- The porto office opens at ten every weekday morning\n")
    (notes / "ok.md").write_text("- The faro office opens at eight every weekday morning\n")
    result = cli("import", str(notes))
    assert result.exit_code == 1 and "n\\udce9.md: its name is not UTF-8 (byte 0xe9); rename it" in result.stderr
    assert "imported 1 new" in result.stdout
    named = tmp_path / os.fsdecode(b"caf\xe9.jsonl")
    named.write_text('{"content": "The lisbon office opens at nine every weekday morning"}\n')
    result = cli("import", str(named))
    assert result.exit_code == 2 and "is not a UTF-8 name; rename it and import again" in result.stderr


@pytest.mark.parametrize("query", ["Cafe\u0301 Lisboa", "Caf\u00e9 Lis\u200bboa"])
def test_a_query_finds_the_words_capture_stored_whatever_its_normal_form(quire_home, query):
    # Before: capture stores text in NFC without zero-width characters (the text policy), but a query
    # was tokenized as sent: "Cafe\u0301" was the word "cafe" and "Lis\u200bboa" the words "lis" and
    # "boa", so page_search found no page on any route and recall searched words no memory holds.
    from tests.test_trust_routes import _mcp_call

    with quire.open(quire_home) as q:
        q.capture("The Café Lisboa on the corner opens at nine every weekday morning")
        q.rebuild()
        assert q.recall(query, detail=True).terms == ["café", "lisboa"]
        assert [page["slug"] for page in q.page_search(query).results] == ["notes"]
    found = _mcp_call(quire_home, "page_search", {"query": query})
    assert [page["slug"] for page in found.structured_content["results"]] == ["notes"]


def test_a_new_description_for_a_space_that_exists_is_stored_not_dropped(cli, quire_home, served):  # noqa: F811
    # Before: `quire spaces add work --description second` on an existing space answered
    # {"changed": false}, exit 0, on every route, and `spaces list` still read the first description.
    with quire.open(quire_home) as q:
        q.add_space("work", description="the day job")
        assert q.add_space("work", description="the day job").changed is False
        assert q.add_space("work", description="the day job, and its meetings").changed is True
        assert q.add_space("work").changed is False  # no description given: the one stored stays
    assert cli("spaces", "add", "work", "--description", "the office").exit_code == 0
    s = served()
    body = json.dumps({"params": {"name": "work", "description": "the office, its people"}}).encode()
    assert http_post(s, "spaces_add", body) == (200, {"result": {"name": "work", "changed": True, "default": False}})
    (space,) = http_post(s, "spaces_list", b"{}")[1]["result"]["spaces"]
    assert space["description"] == "the office, its people"
    log = http_post(s, "log", json.dumps({"params": {"subject_id": "work"}}).encode())[1]["result"]["entries"]
    assert [e["action"] for e in log] == ["space_add", "space_describe", "space_describe", "space_describe"]


QUERY_FIX = "query: must not be empty (it holds only control or invisible characters); give the words to look for"


@pytest.mark.parametrize("query", ["\x00", "\u200b", "\ufeff", "\u202e", " \x00\x01 ", "\x7f"])
def test_a_query_of_only_control_or_invisible_characters_is_refused_as_a_blank_one(quire_home, query, cli, served):  # noqa: F811
    # `recall "   "` is refused ("must not be empty"); a query holding only a NUL, a zero-width space
    # or a BOM was taken as a query and answered with the best hits of nothing, on every route.
    with quire.open() as q:
        q.capture("The cache server stores keys for the session layer")
        for op in ("recall", "page_search"):
            with pytest.raises(InvalidInput, match="query: must not be empty"):
                q.run(op, query=query)
    if "\x00" not in query:  # argv cannot hold a NUL
        for args in (("recall", query), ("page", "search", query)):
            result = cli(*args)
            # a usage error on the CLI (exit 2), in the words of every other route, naming what to give
            assert result.exit_code == 2 and QUERY_FIX in result.stderr, result.stderr
    status, data = http_post(served(), "recall", json.dumps({"params": {"query": query}}).encode())
    assert status == 400 and QUERY_FIX in data["error"]["message"], data


@pytest.mark.parametrize(
    "said", ["Work stuff\nsecond line", "tabs\there", "the \u202edrawkcab\u202c office", "x\u200by"]
)
def test_a_space_description_is_one_line_of_what_it_shows_on_every_route(cli, quire_home, served, said):  # noqa: F811
    # Before: a description with a line break or a tab was stored as sent and broke `quire spaces`;
    # a bidi override in it reversed what `spaces`, the UI and an agent's spaces_list showed.
    result = cli("spaces", "add", "work", "--description", said)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr  # its form: usage
    assert "description" in result.stderr and "one line" in result.stderr
    with quire.open(quire_home) as q:
        with pytest.raises(InvalidInput, match="one line"):
            q.add_space("work", description=said)
        assert q.spaces().spaces == []
    s = served()
    status, body = http_post(s, "spaces_add", json.dumps({"params": {"name": "work", "description": said}}).encode())
    assert status == 400 and "one line" in json.dumps(body)
    assert http_post(s, "spaces_list", b"{}")[1]["result"]["spaces"] == []


def test_a_blank_entity_is_refused_with_its_fix_on_every_route(cli, quire_home, tmp_path):
    """`--entity "$NAME"` with NAME unset was dropped without a word (CLI and library alike): the
    memory was stored without the entity the person meant to give it."""
    import json as json_

    import quire
    from memory.errors import InvalidInput

    for blank in ("", "   "):
        shown = cli("capture", "The shed roof needs new felt before winter", "--entity", blank)
        assert shown.exit_code == 2 and "an entity name is empty" in shown.stderr
        with quire.open(quire_home) as q, pytest.raises(InvalidInput, match="an entity name is empty"):
            q.capture("The shed roof needs new felt before winter", entities=[blank])
    lines = tmp_path / "caps.jsonl"
    lines.write_text(json_.dumps({"content": "The gutter needs clearing in November", "entities": [""]}) + "\n")
    report = cli("import", str(lines), "--json")
    assert json_.loads(report.stdout)["bad_units"] == 1
    with quire.open(quire_home) as q:
        assert q.recent().results == []
