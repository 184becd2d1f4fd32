"""`quire export` by class: a seeded mix of memories (spaces, types, fields, entities, odd dates,
other scripts, superseded, forgotten and held-for-review ones) exported, imported into a second
home and exported again reads back identical; what was superseded, forgotten or waits for review is
never carried over as current. `quire import -` is refused naming what to do."""

from __future__ import annotations

import json
import random

import pytest

import quire

SEEDS = [3, 23, 2026]
WORDS = [
    "ledger",
    "boiler",
    "garden",
    "Kraków",
    "東京",
    "Zażółć",
    "shelf",
    "river",
    "felt",
    "winter",
    "payments",
    "cluster",
    "Lisbon",
    "Ωμέγα",
]
DATES = ["2024-02-29", "1000-01-01", "9999-12-31", "2024-03-01T10:00:00+05:30", "2023-12-31T23:59:59-11:00", None]


def _text(rng: random.Random, n: int) -> str:
    return f"Note {n}: the " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))) + " stays put"


def _fill(q, rng: random.Random) -> dict[str, set[str]]:
    """Memories of every kind; the texts that must not be current in any copy."""
    q.run("spaces_add", name="work")
    gone: dict[str, set[str]] = {"superseded": set(), "forgotten": set(), "pending": set()}
    for n in range(24):
        kind = rng.choice(["note", "fact", "decision", "lesson"])
        fields = {"decision": "keep it", "context": "why"} if kind == "decision" else {}
        made = q.capture(
            _text(rng, n),
            type=kind,
            fields=fields,
            space=rng.choice([None, "work"]),
            entities=rng.sample(["ledger", "Kraków", "東京"], rng.randint(0, 2)),
            valid_from=rng.choice(DATES),
            source=rng.choice(["", "https://example.org/a b", "notes/day.md"]),
        )
        roll = rng.random()
        if roll < 0.15:
            old = q.show(made.id).content
            q.run("supersede", memory_id=made.id, content=_text(rng, n + 100))
            gone["superseded"].add(old)
        elif roll < 0.3:
            gone["forgotten"].add(q.show(made.id).content)
            q.run("forget", memory_id=made.id)
    who = q.capture("I live in Lisbon near the river with my partner", type="identity").id
    q.run("supersede", memory_id=who, content="I live in Porto near the river with my partner")
    gone["pending"].add("I live in Porto near the river with my partner")
    return gone


@pytest.mark.parametrize("seed", SEEDS)
def test_an_export_reimported_into_a_second_home_reads_back_identical(tmp_path, cli, monkeypatch, seed):
    first, second = tmp_path / "first", tmp_path / "second"
    with quire.open(first) as q:
        gone = _fill(q, random.Random(seed))
    monkeypatch.setenv("QUIRE_HOME", str(first))
    exported = cli("export")
    assert exported.exit_code == 0, exported.stderr
    lines = [json.loads(line) for line in exported.stdout.splitlines()]
    texts = {line["content"] for line in lines}
    for why, said in gone.items():
        assert not texts & said, (why, texts & said)  # never carried over as current
    (tmp_path / "copy.jsonl").write_text(exported.stdout, encoding="utf-8")
    monkeypatch.setenv("QUIRE_HOME", str(second))
    assert cli("spaces", "add", "work").exit_code == 0
    done = cli("import", str(tmp_path / "copy.jsonl"), "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["stored"] == len(lines)
    again = cli("export")
    assert sorted(again.stdout.splitlines()) == sorted(exported.stdout.splitlines())
    with quire.open(second) as q:
        assert {r["status"] for r in q.run("recent", days=36500, limit=500).results} == {"active"}
        waiting = json.dumps(q.run("curate_list").items, ensure_ascii=False)
        assert "Porto" not in waiting  # the change waiting for review in the first home stayed behind


def test_the_same_export_imported_again_adds_nothing(tmp_path, cli, monkeypatch):
    home = tmp_path / "home"
    with quire.open(home) as q:
        _fill(q, random.Random(7))
    monkeypatch.setenv("QUIRE_HOME", str(home))
    (tmp_path / "copy.jsonl").write_text(cli("export").stdout, encoding="utf-8")
    done = json.loads(cli("import", str(tmp_path / "copy.jsonl"), "--json").stdout)
    assert done["stored"] == 0 and done["errors"] == []


def test_import_of_stdin_is_refused_naming_the_file_to_write(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no file named "-" here
    done = cli("import", "-", input='{"content": "The boiler service is due in May every year"}\n')
    assert done.exit_code == 2
    assert "- (stdin) is not read by import; save it to a file first" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
