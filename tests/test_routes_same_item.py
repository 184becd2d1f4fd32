"""The same two statements of the person's life open the same review item on every route. A Markdown
journal's "I moved to Porto" (its paragraphs land as facts, so the contradiction check ran first) opened
a "contradiction" guess with no "home: Lisbon -> Porto" while its new memory was held as a pending
revision; `quire capture` and a JSONL file opened the revision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SAID = ("I live in Lisbon now, near Alfama.", "I moved to Porto last week, a new start.")


def _items(cli) -> list[tuple[str, str, str, str]]:
    listed = cli("curate", "list", "--json")
    assert listed.exit_code == 0, listed.stderr
    return [
        (i["kind"], i["payload"].get("attribute"), i["payload"].get("was"), i["payload"].get("now"))
        for i in json.loads(listed.stdout)["items"]
    ]


def _by_capture(cli, tmp_path: Path) -> None:
    for text in SAID:
        assert cli("capture", text).exit_code == 0


def _by_jsonl(cli, tmp_path: Path) -> None:
    path = tmp_path / "said.jsonl"
    path.write_text("".join(json.dumps({"content": t}) + "\n" for t in SAID), encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0


def _by_markdown(cli, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "journal.md").write_text("\n\n".join(SAID) + "\n", encoding="utf-8")
    assert cli("import", str(vault)).exit_code == 0


@pytest.mark.parametrize("route", [_by_capture, _by_jsonl, _by_markdown], ids=["capture", "jsonl", "markdown"])
def test_a_move_opens_one_revision_on_every_route(cli, quire_home, tmp_path, route):
    route(cli, tmp_path)
    assert _items(cli) == [("revision", "home", "Lisbon", "Porto")]
    accepted = cli("curate", "accept", "1")
    assert accepted.exit_code == 0, accepted.stderr
    assert "is now current" in accepted.stdout


def test_control_a_fact_that_is_no_life_statement_stays_a_contradiction(cli, quire_home, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "api.md").write_text(
        "The payments API allows 100 requests a second per merchant.\n\n"
        "The payments API allows 200 requests a second per merchant.\n",
        encoding="utf-8",
    )
    assert cli("import", str(vault)).exit_code == 0
    assert [kind for kind, *_ in _items(cli)] == ["contradiction"]
