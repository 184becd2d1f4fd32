"""The `meta` table has one owner (memory/meta.py): its keys read and written through one helper, and
a guard that fails when another module writes SQL on the table again (with its control)."""

from __future__ import annotations

import re
from pathlib import Path

from memory import meta

ROOT = Path(__file__).resolve().parent.parent
# The driver probes the table (db.py cannot import meta: meta imports it) and the migrations create
# it and read it in triggers; every other module goes through memory/meta.py.
OWNERS = {"memory/meta.py", "memory/db.py", "memory/migrations.py"}
META_SQL = re.compile(r"\b(?:FROM|INTO|UPDATE|TABLE)\s+meta\b", re.IGNORECASE)


def meta_sql(source: str) -> list[str]:
    return [line.strip() for line in source.splitlines() if META_SQL.search(line)]


def outside_owner() -> dict[str, list[str]]:
    found = {}
    for folder in ("memory", "retrieval", "wiki", "eval", "quire"):
        for file in sorted((ROOT / folder).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            if path not in OWNERS and (lines := meta_sql(file.read_text(encoding="utf-8"))):
                found[path] = lines
    return found


def test_only_the_owner_writes_sql_on_meta():
    assert outside_owner() == {}, "read and write meta keys through memory/meta.py (get, put, put_new, drop)"


def test_the_guard_catches_a_read_an_upsert_and_a_delete_elsewhere():
    source = (
        'x = db.scalar("SELECT value FROM meta WHERE key = ?", (k,))\n'
        'db.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (k, v))\n'
        "db.execute(\"delete from meta where key = 'a'\")\n"
        'note = "the metadata FROM metadata_table"\n'
    )
    assert len(meta_sql(source)) == 3


def test_put_replaces_and_get_reads_back_what_was_kept(db):
    assert meta.get(db, "s35_probe") is None
    meta.put(db, "s35_probe", "one")
    meta.put(db, "s35_probe", "two ünï\u200b")
    assert meta.get(db, "s35_probe") == "two ünï\u200b"
    meta.drop(db, "s35_probe")
    assert meta.get(db, "s35_probe") is None
    meta.drop(db, "s35_probe")  # dropping what is not there is no error


def test_put_new_keeps_the_first_value(db):
    assert meta.put_new(db, "s35_secret", "first") == "first"
    assert meta.put_new(db, "s35_secret", "second") == "first"
    assert meta.get(db, "s35_secret") == "first"


def test_a_home_has_an_id(db):
    assert re.fullmatch(r"[0-9a-f]{16}", meta.db_id(db))
