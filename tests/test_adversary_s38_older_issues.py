"""The older ended issues' reproductions (2-14), run as each issue words them: what a person did,
the command, and what they saw. Each test names its issue and the words it takes from it."""

from __future__ import annotations

import json

import pytest

import quire

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
