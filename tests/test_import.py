"""`quire import`: JSONL payloads and folders of Markdown notes, idempotent on re-run."""

from __future__ import annotations

import json

import pytest

from memory.errors import QuireError

NOTE = """---
title: Release process
tags: [ops]
---
# Release process

- Releases are cut from the main branch every second Wednesday
- The changelog is generated from conventional commit messages
  and reviewed by the release captain

We stopped publishing nightly builds because nobody used them and they cost CI minutes.

```
make release   # this code block is not a memory
```
"""


def write_vault(root):
    (root / "ops").mkdir(parents=True)
    (root / "ops" / "release-process.md").write_text(NOTE, encoding="utf-8")
    (root / "People.md").write_text(
        "# Ana Lima\n\nAna leads the storage team and reviews every schema migration.\n", encoding="utf-8"
    )
    (root / ".obsidian").mkdir()
    (root / ".obsidian" / "ignored.md").write_text(
        "- This hidden folder note must never be imported at all", encoding="utf-8"
    )
    (root / "broken.md").write_text(
        "---\ntitle: never closed\n- A bullet under broken frontmatter that is skipped\n", encoding="utf-8"
    )
    (root / "latin.md").write_bytes("- Caf\xe9 notes written in an old latin-1 editor long ago".encode("latin-1"))


def test_markdown_folder_import(cli, db, tmp_path):
    vault = tmp_path / "vault"
    write_vault(vault)
    result = cli("import", str(vault), "--json")
    report = json.loads(result.stdout)
    assert report["stored"] == 4, report
    assert result.exit_code == 1  # two bad files are reported
    assert any(e.startswith("broken.md") and "frontmatter" in e for e in report["errors"])
    assert any(e.startswith("latin.md") and "UTF-8" in e for e in report["errors"])
    rows = db.dicts("SELECT content, memory_type, source FROM memories ORDER BY content")
    assert {r["memory_type"] for r in rows} == {"fact"}
    contents = [r["content"] for r in rows]
    assert (
        "The changelog is generated from conventional commit messages and reviewed by the release captain" in contents
    )
    assert not any("make release" in c or "hidden folder" in c for c in contents)
    sources = {r["source"] for r in rows}
    assert sources == {"ops/release-process.md", "People.md"}
    titles = {r[0] for r in db.rows("SELECT name FROM entities")}
    assert titles == {"Release process", "Ana Lima"}


def test_reimport_is_idempotent(cli, db, tmp_path):
    vault = tmp_path / "vault"
    write_vault(vault)
    cli("import", str(vault))
    before = (
        db.scalar("SELECT count(*) FROM memories"),
        db.scalar("SELECT count(*) FROM audit_log"),
        db.scalar("SELECT count(*) FROM rejected_captures"),
    )
    again = json.loads(cli("import", str(vault), "--json").stdout)
    assert again["stored"] == 0 and again["duplicates"] == 4
    after = (
        db.scalar("SELECT count(*) FROM memories"),
        db.scalar("SELECT count(*) FROM audit_log"),
        db.scalar("SELECT count(*) FROM rejected_captures"),
    )
    assert after == before


def test_jsonl_import_with_types_spaces_and_entities(cli, cli_json, db, tmp_path):
    cli("spaces", "add", "work")
    dump = tmp_path / "memories.jsonl"
    rows = [
        {
            "content": "I am the maintainer of the quire storage layer and its migrations",
            "type": "identity",
            "fields": {"claim": "maintainer of the storage layer"},
            "space": "work",
        },
        {
            "content": "Prefer small pull requests that change one thing at a time",
            "type": "preference",
            "fields": {"preference": "small pull requests", "applies_when": "code review"},
            "entities": ["code review"],
        },
        {"content": "ok"},
    ]
    dump.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    result = cli("import", str(dump), "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert (report["stored"], report["rejected"]) == (2, 1)
    assert db.scalar("SELECT space FROM memories WHERE memory_type = 'identity'") == "work"
    assert db.scalar("SELECT count(*) FROM rejected_captures WHERE reason = 'too_short'") == 1
    again = json.loads(cli("import", str(dump), "--json").stdout)
    assert (again["stored"], again["rejected"], again["duplicates"]) == (0, 1, 2)  # refused again, not present
    assert db.scalar("SELECT count(*) FROM rejected_captures") == 1


def test_import_unknown_space_line_is_reported(cli, tmp_path):
    dump = tmp_path / "m.jsonl"
    dump.write_text(
        json.dumps({"content": "The office wifi password rotates on the first of each month", "space": "ghost"})
        + "\n"
        + json.dumps({"content": "The office plants are watered by whoever arrives first on Monday"})
        + "\n"
    )
    result = cli("import", str(dump), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["errors"] == ["m.jsonl:1: unknown space 'ghost'; create it with `quire spaces add ghost`"]
    assert report["stored"] == 1  # the good line still lands


KEYS = ["type", "fields", "space", "entities", "supersedes", "valid_from", "title", "cue", "source", "confidence"]


def test_a_jsonl_key_set_to_null_is_a_key_not_given_as_on_every_op_route(cli, tmp_path):
    # Before: `"type": null`, `"fields": null`, `"entities": null` and `"source": null` on a JSONL line
    # were refused ("unknown type", "must be a list", ...), where capture through the library, the
    # CLI, MCP and the service takes a null as not given and stores the memory.
    lines = tmp_path / "nulls.jsonl"
    texts = [f"The boiler service for flat number {n} is due in May every year" for n in range(len(KEYS))]
    lines.write_text("".join(json.dumps({"content": t, key: None}) + "\n" for t, key in zip(texts, KEYS, strict=True)))
    result = cli("import", str(lines), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["stored"] == len(KEYS), result.stderr
    shown = json.loads(cli("recall", "boiler service flat due", "-k", "20", "--json").stdout)["results"]
    assert sorted(r["content"] for r in shown) == sorted(texts)
    assert {r["type"] for r in shown} == {"note"}


def test_an_import_leaves_the_host_programs_collector_as_it_found_it(session, tmp_path):
    """An import raises the garbage collector's thresholds while it runs (it makes and drops
    millions of objects); a library caller's own settings are back afterwards, after a failed
    import too, and two imports at once restore the settings from before the first."""
    import gc

    from memory import importer

    lines = tmp_path / "caps.jsonl"
    lines.write_text(
        "".join(json.dumps({"content": f"Fact {i} about the lighthouse keeper's log"}) + "\n" for i in range(3))
    )
    seen: list[tuple[int, ...]] = []
    before = gc.get_threshold()
    gc.set_threshold(1234, 7, 9)
    try:
        session.import_path(lines, progress=lambda *_: seen.append(gc.get_threshold()))
        assert seen and all(t == importer._GC_THRESHOLDS for t in seen)
        assert gc.get_threshold() == (1234, 7, 9)
        with pytest.raises(QuireError):
            session.import_path(tmp_path / "missing.jsonl")
        assert gc.get_threshold() == (1234, 7, 9)
        first, second = importer._collecting_rarely(), importer._collecting_rarely()
        first.__enter__()
        second.__enter__()
        first.__exit__(None, None, None)  # the first import ends while the second runs
        assert gc.get_threshold() == importer._GC_THRESHOLDS
        second.__exit__(None, None, None)
        assert gc.get_threshold() == (1234, 7, 9)
    finally:
        gc.set_threshold(*before)


def test_a_chat_history_that_repeats_itself_gets_one_line_for_its_near_duplicates(cli, tmp_path):
    """A real chat history repeats itself: a line each ("near_duplicate: 0.89 similar to ...; capture
    again with --supersedes ...") was 47 of a 528-message history's lines, advice for one capture,
    and buried the warnings that need the person. The text output counts them in one line; --json
    lists each with the memory it is near."""
    from tests.conftest import chat_turns

    turns = [
        (f"2024-03-{day:02d}", f"The sourdough starter needs feeding twice a day in winter, batch {day}")
        for day in range(1, 9)
    ]
    export = chat_turns(tmp_path / "chats.jsonl", turns)
    shown = cli("import", str(export))
    assert shown.exit_code == 0, shown.stderr
    lines = [line for line in shown.stderr.splitlines() if "near_duplicate" in line]
    assert len(lines) == 1 and "7 imported memories are near-duplicates" in lines[0], shown.stderr
    again = chat_turns(tmp_path / "again.jsonl", [(d, t.replace("sourdough", "rye")) for d, t in turns])
    listed = cli("import", str(again), "--json")
    report = json.loads(listed.stdout)
    assert report["near_duplicates"] == 8 and sum(": near_duplicate: " in w for w in report["warnings"]) == 8


def test_a_few_near_duplicates_are_still_listed_one_by_one(cli, tmp_path):
    from tests.conftest import chat_turns

    turns = [
        ("2024-03-01", "The sourdough starter needs feeding twice a day in winter, first"),
        ("2024-03-02", "The sourdough starter needs feeding twice a day in winter, again"),
    ]
    shown = cli("import", str(chat_turns(tmp_path / "chats.jsonl", turns)))
    lines = [line for line in shown.stderr.splitlines() if "near_duplicate" in line]
    assert len(lines) == 1 and "similar to mem_" in lines[0], shown.stderr
