"""Session 38's weak spots, each closed as a class on every route: an id no memory can have is a usage
error naming the form of an id; a write queued offline naming a memory or review item this device's
replica does not hold is refused as online; a note that is not a regular file is named once."""

from __future__ import annotations

import json
import os
import socket

import pytest

import quire
from memory import files
from quire import ops
from tests.server_homes import device, restart
from tests.test_adversary_routes import served_post
from tests.test_adversary_s36_acknowledged import refused_on

BASE = "The staging cluster moved to the Frankfurt region in May"
ID_FORM = "is not a memory id (letters, digits, '_' or '-', like mem_1a2b3c4d5e6f)"


def _state(home):
    with quire.open(home) as q:
        return q.status().model_dump(exclude={"replica", "nightly"}), q.run("log", limit=1000)["entries"]


# --- an id that cannot exist ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "a\x01b"],
        ["forget", "a\x01b"],
        ["history", "mem abc"],
        ["pin", "../etc"],
        ["confirm", "a\x01b"],
        ["unpin", "a\u200bb"],
        ["supersede", "a\x01b", "The staging cluster moved to the Dublin region in June"],
    ],
)
def test_an_id_no_memory_can_have_is_a_usage_error_naming_the_form_of_an_id(cli, quire_home, argv):
    # Before: "no memory 'a\x01b'" with exit 1, as if such a memory might exist somewhere.
    cli("capture", BASE, "--defer-embed")
    before = _state(quire_home)
    result = cli(*argv)
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stderr.count("\n") == 1 and ID_FORM in result.stderr, result.stderr
    assert _state(quire_home) == before


@pytest.mark.parametrize("route", ["library", "service", "mcp"])
@pytest.mark.parametrize("op", ["memory_show", "forget", "history", "pin", "supersede"])
def test_every_route_refuses_an_id_no_memory_can_have_in_the_same_words(quire_home, route, op):
    params = {"memory_id": "a\x01b"} | ({"content": BASE} if op == "supersede" else {})
    said = refused_on(route, quire_home, op, params)
    assert f"memory_id: {ID_FORM}" in said, said


@pytest.mark.parametrize("value", ["a\x01b", "mem_\x1b[2J", "a\u200bb", "a\u202eb", "a\nb"])
def test_log_refuses_an_id_no_entry_can_be_about(cli, value):
    # Before: `quire log --id "a\x01b"` said "no audit entries" and exited 0.
    result = cli("log", "--id", value)
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    line = result.stderr
    assert line.count("\n") == 1 and line.startswith("Error: invalid log parameters: --id: holds the character U+")
    assert "an id is a memory's (mem_1a2b3c4d5e6f)" in line and "\x1b" not in line


@pytest.mark.parametrize("route", ["library", "service"])  # the log is no MCP tool
def test_log_s_id_is_refused_alike_on_every_route(quire_home, route):
    said = refused_on(route, quire_home, "log", {"subject_id": "a\x01b"})
    assert "subject_id: holds the character U+0001, which no id holds" in said, said


def test_log_still_finds_a_well_formed_id_and_a_space_name(cli, cli_json):
    mid = cli_json("capture", BASE, "--defer-embed")["id"]
    assert cli_json("log", "--id", mid)["entries"]
    cli("spaces", "add", "work.notes")
    assert cli_json("log", "--id", "work.notes")["entries"]


# --- offline writes naming an id this device does not hold ------------------------------------------


@pytest.mark.timeout(180)
def test_an_offline_write_naming_an_unknown_id_is_refused_as_online_and_nothing_is_queued(server, tmp_path):
    s = device(tmp_path, "laptop", server.url)
    mid = ops.run(s, "capture", {"content": BASE})["id"]
    assert ops.run(s, "recall", {"query": "staging cluster"})["results"]  # a read made the replica
    online = {}
    for op, params in (
        ("forget", {"memory_id": "mem_nothere"}),
        ("curate_accept", {"item_id": 999}),
    ):
        with pytest.raises(quire.QuireError) as caught:
            ops.run(s, op, params)
        online[op] = str(caught.value)
    s.close()
    server.stop()
    s = device(tmp_path, "laptop", server.url)
    try:
        for op, params in (
            ("forget", {"memory_id": "mem_nothere"}),
            ("pin", {"memory_id": "mem_nothere"}),
            ("supersede", {"memory_id": "mem_nothere", "content": "The staging cluster moved to Dublin in June"}),
            ("curate_accept", {"item_id": 999}),
            ("curate_dismiss", {"item_id": 999}),
        ):
            with pytest.raises(quire.QuireError) as caught:
                ops.run(s, op, params)
            said = str(caught.value)
            first = online["curate_accept" if "item_id" in params else "forget"].split(";")[0]
            assert said.startswith(f"{first} on this device") and "nothing was queued" in said, said
            assert caught.value.exit_code == 1
        assert s.outbox.count_writes() == 0
        # A memory the replica holds still queues, as before.
        assert ops.run(s, "pin", {"memory_id": mid})["status"] == "queued"
    finally:
        s.close()
    server = restart(server)
    try:
        s = device(tmp_path, "laptop", server.url)
        try:
            assert s.outbox.count() == 0
        finally:
            s.close()
    finally:
        server.stop()


@pytest.mark.timeout(180)
def test_the_cli_offline_refuses_an_unknown_id_in_one_line_and_queues_nothing(server, monkeypatch, cli, cli_json):
    monkeypatch.setenv("QUIRE_DB_URL", server.url)
    cli_json("capture", BASE)
    assert "Frankfurt" in cli("recall", "staging cluster").stdout  # a read made this device's replica
    server.stop()
    for args in (("forget", "mem_nothere"), ("supersede", "mem_nothere", BASE + " and Dublin"), ("pin", "mem_x")):
        done = cli(*args)
        assert done.exit_code == 1 and done.stdout == "", (args, done.stdout)
        [line] = done.stderr.strip().splitlines()
        assert line.startswith(f"Error: no memory '{args[1]}' on this device") and "nothing was queued" in line, line
    assert cli_json("sync", "list")["queued"] == 0


@pytest.mark.timeout(180)
def test_without_a_replica_an_offline_write_says_its_id_was_not_checked_and_sync_refuses_it(server, tmp_path):
    server.stop()
    s = device(tmp_path, "laptop", server.url)  # never reached the server: no replica to check against
    try:
        queued = ops.run(s, "forget", {"memory_id": "mem_nothere"})
        assert queued["status"] == "queued"
        assert any("memory mem_nothere was not checked" in w and "quire sync` says so" in w for w in queued["warnings"])
    finally:
        s.close()
    server = restart(server)
    try:
        s = device(tmp_path, "laptop", server.url)
        try:
            ops.run(s, "status", {})  # any command that reaches the server sends the outbox
            assert s.outbox.count_writes() == 1  # held for `quire sync` to say, not dropped unseen
            [write] = ops.run(s, "sync", {})["writes"]
            assert write["outcome"] == "refused" and "no memory 'mem_nothere'" in write["detail"], write
            assert s.outbox.count_writes() == 0
        finally:
            s.close()
    finally:
        server.stop()


# --- a note that is not a regular file --------------------------------------------------------------


def test_a_note_that_is_no_regular_file_is_named_once_with_its_fix(cli, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("We stayed at a small guesthouse near the harbour in May last year.\n")
    os.mkfifo(notes / "pipe.md")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(notes / "sock.md"))
    try:
        result = cli("import", str(notes), "--defer-embed", "--json")
    finally:
        sock.close()
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["stored"] == 1, data
    said = {e.split(":")[0]: e for e in data["errors"]}
    assert set(said) == {"pipe.md", "sock.md"}, data["errors"]
    for name, line in said.items():
        assert line.count(name) == 1 and str(notes) not in line, line  # named once, never by its whole path
        assert "not a regular file" in line and line.endswith("copy it into one; skipped"), line


def test_a_note_removed_while_the_import_runs_is_said_to_be_gone(cli, tmp_path, monkeypatch):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("We stayed at a small guesthouse near the harbour in May last year.\n")
    (notes / "b.md").write_text("The boat is kept at the north pier over the winter months.\n")
    read = files.read_regular

    def vanishing(path, **kw):
        if path.name == "b.md":
            path.unlink()
        return read(path, **kw)

    monkeypatch.setattr(files, "read_regular", vanishing)
    result = cli("import", str(notes), "--defer-embed", "--json")
    data = json.loads(result.stdout)
    assert data["stored"] == 1 and data["errors"] == ["b.md: it was removed while the import ran; skipped"], data


# --- a damaged database: the way back this home has -------------------------------------------------


def _damaged_home(cli, quire_home, *, backup: bool) -> list[str]:
    from tests.test_trust_store import _damage, _home_with_memories

    _home_with_memories(cli, quire_home.parent)
    made = [json.loads(cli("backup", "--json").stdout)["path"]] if backup else []
    _damage(quire_home / "quire.db")
    return made


@pytest.mark.parametrize("args", [["status"], ["recall", "aisle"], ["export"], ["doctor"]])
def test_a_damaged_database_without_a_backup_is_told_what_can_be_done_not_to_restore_one(cli, quire_home, args):
    # Before: every command but doctor said "(`quire restore` a backup)" to a home that had none.
    _damaged_home(cli, quire_home, backup=False)
    result = cli(*args)
    assert result.exit_code == 1
    said = result.stdout if args == ["doctor"] else result.stderr
    assert "no backup in this home" in said and "`quire store pull --force`" in said and ".dump" in said, said
    assert "`quire restore` a backup" not in said


def test_a_damaged_database_with_a_backup_is_told_which_one_to_restore(cli, quire_home):
    [newest] = _damaged_home(cli, quire_home, backup=True)
    status, doctor = cli("status"), cli("doctor", "--json")
    assert status.exit_code == 1 and f"`quire restore {newest}` (the newest backup" in status.stderr, status.stderr
    [check] = [c for c in json.loads(doctor.stdout)["checks"] if c["name"] == "database"]
    assert check["fix"].startswith(f"`quire restore {newest}`")
    assert cli("restore", newest).exit_code == 0 and cli("status").exit_code == 0  # the way named works


# --- a key glued to other text ----------------------------------------------------------------------

GH = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
GLUED = {
    "sghp": ("s" + GH, "github_token"),
    "tokenghp": ("token" + GH, "github_token"),
    "gho": ("my" + GH.replace("ghp_", "gho_"), "github_token"),
    "github_pat": ("xgithub_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "github_token"),
    "aws": ("keyAKIAIOSFODNN7EXAMPLE", "aws_access_key"),
    "aws_then_letters": ("AKIAIOSFODNN7EXAMPLEfoo", "aws_access_key"),
    "slack": ("tokxoxb-123456789012-abcdefghijkl", "slack_token"),
    "openai": ("mykeysk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "openai_key"),
    "stripe": ("keysk_live_" + "aB3" * 8, "stripe_key"),
    "google": ("keyAIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q", "google_api_key"),
    "jwt": (
        "tokeneyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "jwt",
    ),
    "url_query": ("https://maps.example.com/v1?key=AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q&z=3", "google_api_key"),
    "pem": ("xx-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----", "private_key"),
}
# Words and names that end in a key's prefix or whose letters look like one: never refused.
NOT_KEYS = [
    "task-related-notes-2024-quarterly-review-final",
    "risk-Assessment-2024-Q3-Report-Final-Version",
    "disk_test_configurationvalue",
    "network_live_StreamConfig2024x",
    "the TRANSASIAPACIFICAIRLINESX flight",
    "EURASIAN1234567890ABCDEF",
    "my desk-Setup-2024-Photos-Album-Final",
]


@pytest.mark.parametrize("name", sorted(GLUED))
def test_a_key_glued_to_other_text_is_refused_on_capture(cli, quire_home, name):
    key, kind = GLUED[name]
    result = cli("capture", f"The deploy script reads {key} from the vault on every run")
    assert result.exit_code == 1 and f"credential_leak ({kind})" in result.stderr, result.stderr
    assert _state(quire_home)[0]["total"] == 0


@pytest.mark.parametrize("text", NOT_KEYS)
def test_words_that_end_in_a_key_s_prefix_are_not_refused(cli_json, text):
    stored = cli_json("capture", f"The folder named {text} holds last year's files", "--defer-embed")
    assert stored["status"] == "stored"


def test_a_glued_key_is_refused_in_every_input(cli, cli_json, quire_home, tmp_path):
    from tests.conftest import chat_turns

    key = GLUED["tokenghp"][0]
    said = f"The deploy script reads {key} from the vault on every run"
    lines = tmp_path / "caps.jsonl"
    lines.write_text(json.dumps({"content": said}) + "\n")
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "deploy.md").write_text(said + "\n")
    chat = chat_turns(tmp_path / "chat.jsonl", [("2026-03-02T10:00:00Z", said)])
    for path in (lines, notes, chat):
        result = cli("import", str(path), "--defer-embed", "--json")
        assert "github_token" in " ".join(json.loads(result.stdout)["errors"]), (path, result.stdout)
    mid = cli_json("capture", BASE, "--defer-embed")["id"]
    edit = cli("supersede", mid, said)
    assert edit.exit_code == 1 and "credential_leak (github_token)" in edit.stderr, edit.stderr
    assert not [p for p in quire_home.rglob("*") if p.is_file() and GH.encode() in p.read_bytes()]


# --- names equal under case or width: one entity, said ------------------------------------------------


@pytest.mark.parametrize(
    ("first", "then"),
    [("Ｂｏｂ", "Bob"), ("Bob", "bob"), ("ﬁona", "fiona"), ("Straße", "STRASSE")],
)
def test_a_name_filed_under_another_spelling_of_it_is_said_and_reads_back_as_first_written(cli_json, first, then):
    # Before: "Bob" after "Ｂｏｂ" joined the entity "Ｂｏｂ" without a word.
    assert cli_json("capture", BASE, "--entity", first, "--defer-embed")["warnings"] == []
    later = cli_json("capture", "We met for coffee near the old harbour on Sunday", "--entity", then, "--defer-embed")
    assert later["warnings"] == [
        f"entity {then!r} is filed under {first!r}, as that name was first written (names that differ only in "
        "case, width, compatibility forms or accents are one entity)"
    ]
    [entity] = cli_json("entities")["entities"]
    assert entity["name"] == first and entity["memories"] == 2
    with quire.open() as q:
        assert q.run("memory_show", memory_id=later["id"])["entities"] == [first]


def test_the_same_name_in_another_normal_form_is_not_said_and_a_different_letter_stays_apart(cli_json):
    cli_json("capture", BASE, "--entity", "Zo\u00eb", "--defer-embed")
    same = cli_json("capture", "We met for coffee near the old harbour on Sunday", "--entity", "Zoe\u0308")
    assert same["warnings"] == []  # the same letters as shown: nothing to say
    # A mark that makes another letter of its script keeps two names apart: Russian "й" is not "и" (session 39:
    # a Latin letter's accent no longer does, "İzmir" and "Izmir" are one entity: tests/test_names_s39.py).
    cli_json("capture", "The ferry to the islands leaves every hour in summer", "--entity", "Йола", "--defer-embed")
    cli_json("capture", "The train to the coast leaves every two hours daily", "--entity", "Иола", "--defer-embed")
    names = sorted(e["name"] for e in cli_json("entities")["entities"])
    assert names == ["Zo\u00eb", "Иола", "Йола"], names


def test_a_space_named_in_another_case_or_width_is_said_on_every_route(cli, cli_json, quire_home):
    cli("spaces", "add", "work")
    for text, sent in (("The standup moved to ten in the morning", "Work"), ("Payroll runs on the 25th", "ｗｏｒｋ")):
        done = cli_json("capture", f"{text} this week and every week after", "--space", sent, "--defer-embed")
        assert done["warnings"] == [
            f"space {sent!r} is the space 'work' (names that differ only in case or width are one space)"
        ], done
    with quire.open(quire_home) as q:
        done = q.capture("The retro moved to four in the afternoon this week", space="ＷＯＲＫ")
        assert "space 'ＷＯＲＫ' is the space 'work'" in " ".join(done.warnings)
    status, data = served_post(
        quire_home, "capture", {"content": "The planning moved to five in the afternoon", "space": "Work"}
    )
    assert status == 200 and any("is the space 'work'" in w for w in data["result"]["warnings"]), data


def test_an_import_says_each_folded_name_once_not_on_every_line(cli, cli_json, tmp_path):
    cli_json("capture", BASE, "--entity", "Bob", "--defer-embed")
    lines = tmp_path / "caps.jsonl"
    lines.write_text(
        "".join(
            json.dumps({"content": f"Line {i} about the planning meeting with my friend", "entities": ["bob"]}) + "\n"
            for i in range(20)
        )
    )
    done = cli("import", str(lines), "--defer-embed", "--json")
    said = [w for w in json.loads(done.stdout)["warnings"] if "filed under" in w]
    assert said == [
        f"{lines.name}:1: entity 'bob' is filed under 'Bob', as that name was first written (names "
        "that differ only in case, width, compatibility forms or accents are one entity)"
    ], said
