"""The older ended issues' reproductions (2-14), run as each issue words them: what a person did,
the command, and what they saw. Each test names its issue and the words it takes from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire
from memory.errors import QuireError

DECISION = "We decided that refunds above 500 euros need a second approver in the admin tool"
SHARED = [
    ("Retrying webhooks without idempotency keys created duplicate refunds; always send an idempotency key", "lesson"),
    ("Ask Ana about the refund approval limits before the quarterly planning meeting", "note"),
]


def _entity_names(home) -> list[str]:
    with quire.open(home) as q:
        return [e["name"] for e in q.run("entities_list").model_dump()["entities"]]


def _vault_text(home) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((home / "wiki").rglob("*.md")))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("context", "refund policy"),  # the sample's own line: a field value that is the shared entity's name
        ("context", "Refund Policy"),  # another case of it (the entity's key is lower case)
        ("source", "refund policy"),  # the source, another piece forget rewrites
    ],
)
def test_issue9_forget_then_rebuild_then_rollback_keeps_a_shared_entity_and_never_brings_the_text_back(
    cli, quire_home, field, value
):
    # Issue 9: "`forget ID`, `rebuild`, `rollback`". Before: when the forgotten memory's field (or source)
    # held the name of an entity other memories share, forget wrote that entity and its page's key as
    # "[forgotten]", and every later `rebuild` failed ("FOREIGN KEY constraint failed") for good.
    with quire.open(quire_home) as q:
        q.add_space("work", default=True)
        payload = {"fields": {"decision": "second approver above 500 EUR", "context": "refund policy"}}
        if field == "source":
            payload["source"] = value
        else:
            payload["fields"]["context"] = value
        forgotten = q.capture(DECISION, type="decision", entities=["refund policy", "admin tool"], **payload).id
        for text, kind in SHARED:
            q.capture(text, type=kind, entities=["refund policy"])
    assert cli("rebuild").exit_code == 0
    assert "second approver" in (quire_home / "wiki" / "refund-policy.md").read_text(encoding="utf-8")
    assert cli("forget", forgotten).exit_code == 0
    rebuilt = cli("rebuild")
    assert rebuilt.exit_code == 0, rebuilt.stderr
    page = (quire_home / "wiki" / "refund-policy.md").read_text(encoding="utf-8")
    assert page.startswith('---\ntitle: "refund policy"'), page[:200]
    assert "duplicate refunds" in page and "second approver" not in page
    assert "refund policy" in _entity_names(quire_home)
    rolled = cli("rollback")
    assert rolled.exit_code == 0, rolled.stderr
    assert "second approver" not in _vault_text(quire_home)
    again = cli("rebuild")
    assert again.exit_code == 0, again.stderr
    assert "second approver" not in _vault_text(quire_home)
    assert b"second approver" not in (quire_home / "quire.db").read_bytes()


def test_issue9_forget_of_a_memory_whose_field_names_its_lone_entity_still_removes_that_name(cli, quire_home):
    # The control: an entity only the forgotten memory named still goes with it.
    with quire.open(quire_home) as q:
        q.add_space("work", default=True)
        gone = q.capture(
            "We decided the Wexford vendor handles card disputes from now on",
            type="decision",
            entities=["Wexford vendor"],
            fields={"decision": "vendor handles disputes", "context": "Wexford vendor"},
        ).id
        q.capture(SHARED[0][0], type="lesson", entities=["refund policy"])
    assert cli("rebuild").exit_code == 0
    assert cli("forget", gone).exit_code == 0
    assert cli("rebuild").exit_code == 0
    assert "Wexford vendor" not in _entity_names(quire_home)
    assert "Wexford" not in _vault_text(quire_home)


@pytest.mark.parametrize("added", ["[[nowhere-page]]", "\nSee [[Nowhere Page]] before the next planning.\n"])
def test_issue5_lint_finds_a_dangling_wikilink_a_person_added_at_the_end_of_a_page(cli, quire_home, added):
    # Issue 5: "`quire lint`: ... dangling wikilinks ...; exit 1 when it finds an error". Before: every line
    # after the "## Sources" heading (the end of the file, where a person appends) went unread.
    with quire.open(quire_home) as q:
        q.add_space("work", default=True)
        for text, kind in [(DECISION, "decision"), *SHARED]:
            q.capture(text, type=kind, entities=["refund policy"])
    assert cli("rebuild").exit_code == 0
    assert cli("lint").exit_code == 0
    page = quire_home / "wiki" / "refund-policy.md"
    page.write_text(page.read_text(encoding="utf-8") + added, encoding="utf-8")
    target = added.split("[[")[1].split("]]")[0]
    found = cli("lint", "--json")
    assert found.exit_code == 1, found.stdout
    assert [f["detail"] for f in json.loads(found.stdout)["findings"] if f["code"] == "dangling_link"] == [
        f"[[{target}]] points to no page"
    ]
    assert cli("rebuild").exit_code == 0  # the hand edit is recorded: the person's page gets a warning
    after = json.loads(cli("lint", "--json").stdout)["findings"]
    assert [f["severity"] for f in after if f["code"] == "dangling_link"] == ["warning"]


def _records(home, ids: list[str]) -> list[dict]:
    with quire.open(home) as q:
        return [q.show(i).model_dump(include={"content", "type", "space", "status", "entities"}) for i in ids]


KEPT = [
    ("I am a backend engineer at a payments company", "identity", "personal"),
    ("We decided to keep the family budget in one shared spreadsheet", "decision", "personal"),
    ("The dentist appointment moved to Thursday mornings at nine", "fact", "personal"),
]


@pytest.mark.parametrize(
    "value",
    ["identity", "decision", "personal", "forgotten", "superseded", "archived", "revision", "contradiction"],
)
def test_issue9_forget_of_a_memory_whose_field_value_is_a_type_status_or_space_name_leaves_every_other_memory_as_it_was(
    cli, quire_home, value
):
    # Issue 9: "Forget means gone" for the memory, and nothing else changes. Before: the forget wrote every
    # stored copy of the memory's field values as "[forgotten]" in every text column: --field claim=identity
    # made every identity memory's type "[forgotten]", and claim=personal (a space's name) failed the forget
    # on its foreign key, so the memory could not be forgotten at all.
    with quire.open(quire_home) as q:
        q.add_space("personal", description="life at home")
        kept = [q.capture(text, type=kind, space=space, entities=["household"]).id for text, kind, space in KEPT]
        gone = q.capture(
            "The office plants need watering every Tuesday morning", type="fact", fields={"claim": value}
        ).id
    assert cli("rebuild").exit_code == 0
    before = _records(quire_home, kept)
    forgot = cli("forget", gone)
    assert forgot.exit_code == 0, forgot.stderr
    with quire.open(quire_home) as q:
        assert [
            q.show(i).model_dump(include={"content", "type", "space", "status", "entities"}) for i in kept
        ] == before
        assert q.show(gone).status == "forgotten"
        assert [s["name"] for s in q.run("spaces_list").model_dump()["spaces"]] == ["personal"]
    rebuilt = cli("rebuild")
    assert rebuilt.exit_code == 0, rebuilt.stderr
    assert "office plants" not in _vault_text(quire_home)
    assert b"office plants" not in (quire_home / "quire.db").read_bytes()


SAMPLE = Path(__file__).resolve().parent.parent / "wiki" / "sample"


@pytest.mark.parametrize("given", ["jsonl", "chat-jsonl"])
@pytest.mark.parametrize(("export", "found"), [("conversations.json", "chatgpt"), ("claude.json", "claude")])
@pytest.mark.parametrize("route", ["cli", "library"])
def test_issue12_an_export_given_as_json_lines_is_one_line_naming_its_format(
    cli, quire_home, given, export, found, route
):
    # Issue 12: "`quire import PATH [--format auto|chatgpt|claude|chat-jsonl|jsonl|markdown]`, detected
    # automatically with an override". Before: a ChatGPT conversations.json given --format chat-jsonl (or
    # jsonl) printed an "invalid JSON" error for each of its 300 lines; the other overrides say in one line.
    path = SAMPLE / export
    if route == "cli":
        result = cli("import", str(path), "--format", given)
        assert result.exit_code == 1
        said = result.stderr
    else:
        with quire.open(quire_home) as q, pytest.raises(QuireError) as refused:
            q.import_path(str(path), format=given)
        said = f"Error: {refused.value}\n"
    assert said.count("\n") == 1, said
    assert f"use --format {found} (or leave --format out)" in said
    with quire.open(quire_home) as q:
        assert q.status().total == 0


def test_issue11_rollback_on_a_device_whose_newest_shared_rebuild_ran_on_another_says_so(sqld_url, tmp_path):
    # Issue 11: "Everything that works on the embedded file works remotely: ... rebuild ...; where a feature
    # cannot work remotely, a clear error says so". Before: the desktop's `rollback` after the laptop's
    # rebuild said the laptop's snapshot "is gone (quire keeps the last 5)", which it never had.
    from tests.conftest import run_forked

    def on(device: str) -> dict:
        return {"QUIRE_HOME": str(tmp_path / device), "QUIRE_DB_URL": sqld_url, "QUIRE_EMBEDDER": "fake"}

    assert run_forked("capture", "The greenhouse heater turns on below five degrees", env=on("laptop")).returncode == 0
    assert run_forked("rebuild", env=on("desktop")).returncode == 0
    assert run_forked("capture", "The greenhouse door sticks when the air is humid", env=on("laptop")).returncode == 0
    assert run_forked("rebuild", env=on("laptop")).returncode == 0
    refused = run_forked("rollback", env=on("desktop"))
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1 and "another device sharing the store ran it" in refused.stderr
    assert run_forked("rollback", env=on("laptop")).returncode == 0


@pytest.mark.parametrize("time", ["0001-01-01T00:00:00Z", "10000-01-01", 253402300800, 1e300])
def test_issue9_a_chat_message_time_outside_the_range_is_refused_with_the_range(cli, quire_home, tmp_path, time):
    # Issue 9: "dates outside the supported range (say 1000-9999) are refused at the edge with the range in
    # the message"; `--valid-from 0001-01-01` says it. Before: a chat line's time of year 1 or 10000 was
    # "cannot read the time", as if it were no date at all.
    lines = [
        {"conversation": "ferry", "speaker": "Maya", "role": "user", "text": text, "time": when}
        for text, when in [
            ("We booked the ferry to Flores for the second week of June", time),
            ("The ferry back leaves on Sunday afternoon at four", "2024-05-02T09:00:00Z"),
        ]
    ]
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 1
    assert f"chat.jsonl:1: the time {str(time)!r} is outside the supported range (1000-01-01 to 9999-12-31)" in (
        result.stderr
    )
    with quire.open(quire_home) as q:
        assert q.status().total == 1


def test_issue11_two_devices_rebuilding_in_one_second_take_two_snapshot_names(sqld_url, tmp_path):
    # The same, with both devices' clocks on one second: each numbered its own snapshots from 0001, so
    # the laptop's rebuild and the desktop's took one name, and the desktop "rolled back" the laptop's
    # rebuild with its own earlier snapshot (restoring pre-images of another rebuild). Found when the
    # test above ran fast enough to put both rebuilds in one second.
    from tests.conftest import run_forked

    def on(device: str) -> dict:
        return {
            "QUIRE_HOME": str(tmp_path / device),
            "QUIRE_DB_URL": sqld_url,
            "QUIRE_EMBEDDER": "fake",
            "QUIRE_NOW": "2026-03-01T10:00:00",
        }

    assert run_forked("capture", "The greenhouse heater turns on below five degrees", env=on("laptop")).returncode == 0
    assert run_forked("rebuild", env=on("desktop")).returncode == 0
    assert run_forked("capture", "The greenhouse door sticks when the air is humid", env=on("laptop")).returncode == 0
    assert run_forked("rebuild", env=on("laptop")).returncode == 0
    names = {p.name for device in ("laptop", "desktop") for p in (tmp_path / device / "snapshots").iterdir()}
    assert len(names) == 2, names
    refused = run_forked("rollback", env=on("desktop"))
    assert refused.returncode == 1 and "another device sharing the store ran it" in refused.stderr, refused.stderr


def test_issue9_the_legacy_rescrub_leaves_types_and_statuses_as_forget_does(quire_home):
    # The sibling on the other caller of the scrub: migration 5 rescrubs rows an older quire forgot
    # without rewriting their text. A field value "identity" there rewrote every identity memory's type
    # to "[forgotten]", as forget itself did before (the columns left alone were forget's only).
    from memory import migrations, tombstones
    from memory.db import FileDatabase

    with quire.open(quire_home) as q:
        kept = q.capture("I grew up in Porto and moved to Lisbon for university", type="identity").id
        old = q.capture("The claim on this fact was typed by hand", type="fact", fields={"claim": "identity"}).id
    db = FileDatabase(quire_home / "quire.db")
    try:
        db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (old,))  # as an older quire left it
        migrations.m005_forget_means_gone(db)
        assert db.scalar("SELECT memory_type FROM memories WHERE id = ?", (kept,)) == "identity"
        assert db.scalar("SELECT content FROM memories WHERE id = ?", (old,)) == tombstones.FORGOTTEN
    finally:
        db.close()
