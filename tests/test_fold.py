"""Words match across Unicode compatibility forms (fullwidth, ligatures, super/subscripts, circled
digits, halfwidth katakana) on every route, and the stored text still reads back as captured."""

from __future__ import annotations

import json

import pytest

import quire
from memory import migrations
from memory.db import FileDatabase
from memory.errors import InvalidInput
from memory.session import Session
from tests.test_adversary_values import http_post
from tests.test_service import served  # noqa: F401  (the fixture)
from tests.test_trust_routes import _mcp_call

# (what was captured, what is asked): each pair shares its words only once folded (NFKC).
PAIRS = [
    ("ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ happens every ninety days for payments", "API key rotation"),
    ("API key rotation happens every ninety days for payments", "ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ"),
    ("The ﬁrewall conﬁguration lives in the infra repository now", "firewall configuration"),
    ("The CO₂ sensor in the lab reads high on Monday mornings", "CO2"),
    ("Turn the key on valve ③ before the boiler is restarted", "3"),
    ("ﾃｽﾄ ｻｰﾊﾞｰ hosts the staging copy of the payments service", "テスト サーバー"),
]


def _lexical(hits) -> list[str]:
    return [h.id for h in hits if "lexical" in (h.channels or {})]


@pytest.mark.parametrize(("stored", "asked"), PAIRS)
def test_a_compatibility_form_matches_its_plain_form_and_reads_back_as_captured(store, quire_home, stored, asked):
    # Before: FTS5 indexed "ＡＰＩ" as the word "ａｐｉ" and the query's "api" matched nothing
    # lexically (the vector channel alone found it, or nothing did); the same either way round.
    with quire.open(quire_home) as q:
        mid = q.capture(stored, type="fact").id
        q.capture("The lisbon office opens at nine every weekday morning", type="fact")  # a row that must not match
        assert _lexical(q.recall(asked, detail=True).results) == [mid]
        assert q.show(mid).content == stored  # the fold is for matching only


def test_a_word_no_memory_holds_still_matches_nothing(quire_home):
    # The control: folding does not make unrelated words match.
    with quire.open(quire_home) as q:
        q.capture("ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ happens every ninety days for payments", type="fact")
        assert _lexical(q.recall("ledger migration", detail=True).results) == []


def test_every_route_folds_the_query_the_same_way(quire_home, cli):
    with quire.open(quire_home) as q:
        mid = q.capture("API key rotation happens every ninety days for payments", type="fact").id
    asked = "ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ"
    found = _mcp_call(quire_home, "recall", {"query": asked, "explain": True}).structured_content
    assert [r["id"] for r in found["results"]][:1] == [mid] and "lexical" in found["results"][0]["channels"]
    result = cli("recall", asked, "--json", "--explain")
    assert result.exit_code == 0, result.stderr
    body = json.loads(result.stdout)
    assert body["results"][0]["id"] == mid and "lexical" in body["results"][0]["channels"]


def test_an_entity_named_in_fullwidth_is_the_same_entity(quire_home):
    # Before: entity keys were casefolded only, so "ＬＥＤＧＥＲ" and "ledger" were two entities.
    with quire.open(quire_home) as q:
        a = q.capture("We moved the ledger to PostgreSQL 16 for its transactional DDL", entities=["ledger"]).id
        b = q.capture("The ledger nightly export now runs at two in the morning", entities=["ＬＥＤＧＥＲ"]).id
        assert set(q.show(a).entities) == {"ledger"} and set(q.show(b).entities) == {"ledger"}


def test_an_edit_and_a_forget_keep_the_fold_in_step(quire_home, db, cap):
    # The lex_* columns hold folded text: a writer that rewrites the text without them must not
    # leave the old words findable, and a forgotten memory keeps no copy there.
    mid = cap("ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ happens every ninety days for payments", type="fact").id
    with db.transaction():
        db.execute("UPDATE memories SET content = 'The lisbon office opens at nine every weekday' WHERE id = ?", (mid,))
    assert db.one("SELECT lex_content FROM memories WHERE id = ?", (mid,))["lex_content"] is None
    assert db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'content:rotation'") == 0
    assert db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'content:lisbon'") == 1
    assert db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'title:rotation'") == 1
    other = cap("ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ for the ledger service happens every month", type="fact").id
    with quire.open() as q:
        q.forget(other)
    row = db.one("SELECT lex_content, lex_title, lex_cue FROM memories WHERE id = ?", (other,))
    assert row == {"lex_content": None, "lex_title": None, "lex_cue": None}
    assert db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'rotation'") == 1  # mid's title


def test_an_existing_home_is_refolded_on_open(quire_home):
    # A home made before migration 21 holds fullwidth text indexed as it is; opening it refolds.
    quire_home.mkdir(parents=True, exist_ok=True)
    old = FileDatabase(quire_home / "quire.db")
    migrations.apply(old, up_to=20)
    with old.transaction():
        old.execute(
            "INSERT INTO memories(id, content, memory_type, confidence, effective_confidence, content_hash, "
            "valid_from, created_at, updated_at, title) VALUES ('mem_1', ?, 'fact', 0.7, 0.7, 'h', "
            "'2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', ?)",
            ("ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ happens every ninety days", "ＡＰＩ ｋｅｙ"),
        )
        old.execute(
            "INSERT INTO entities(name, name_key, kind, created_at) VALUES (?, ?, 'concept', 'x')",
            ("ＬＥＤＧＥＲ", "ｌｅｄｇｅｒ"),
        )
    assert old.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'api'") == 0
    old.close()
    s = Session(actor="test")
    try:
        assert s.db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'api'") == 1
        assert s.db.scalar("SELECT content FROM memories WHERE id = 'mem_1'").startswith("ＡＰＩ")
        assert s.db.scalar("SELECT name_key FROM entities WHERE name = 'ＬＥＤＧＥＲ'") == "ledger"
    finally:
        s.close()


def test_a_page_title_in_fullwidth_finds_its_page(quire_home):
    with quire.open(quire_home) as q:
        q.capture("The Café Lisboa on the corner opens at nine every weekday morning")
        q.rebuild()
        assert q.page("ｎｏｔｅｓ").slug == "notes"


def test_a_query_naming_an_entity_in_fullwidth_reaches_it_through_the_graph(quire_home):
    # Before: the graph channel looked the query's n-grams up by casefold only, so "ＬＥＤＧＥＲ"
    # named no entity.
    with quire.open(quire_home) as q:
        mid = q.capture("We moved it to PostgreSQL 16 for its transactional DDL", entities=["ledger"]).id
        hits = q.recall("ＬＥＤＧＥＲ", detail=True)
        assert hits.entities == ["LEDGER"] and "graph" in (hits.results[0].channels or {})
        assert hits.results[0].id == mid


def test_a_space_or_a_field_name_in_fullwidth_is_the_plain_name_on_every_route(quire_home, cli):
    # Before: "bad space name 'ｗｏｒｋ'" and "unknown field(s) ｄｅｃｉｓｉｏｎ", where the plain
    # names were taken; the value of a field is kept as sent.
    with quire.open(quire_home) as q:
        q.add_space("work")
        assert q.add_space("ｗｏｒｋ").changed is False
        mid = q.capture(
            "We moved the ledger to PostgreSQL 16 for its transactional DDL",
            type="decision",
            space="ｗｏｒｋ",
            fields={"ｄｅｃｉｓｉｏｎ": "ｌｅｄｇｅｒ on PostgreSQL"},
        ).id
        shown = q.show(mid)
        assert shown.space == "work" and shown.fields == {"decision": "ｌｅｄｇｅｒ on PostgreSQL"}
        assert [h.id for h in q.recall("ledger", space="ｗｏｒｋ").results] == [mid]
    result = cli("recall", "ledger", "--space", "ｗｏｒｋ", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["results"][0]["id"] == mid, result.stderr
    found = _mcp_call(quire_home, "recall", {"query": "ledger", "space": "ｗｏｒｋ"}).structured_content
    assert [r["id"] for r in found["results"]] == [mid]
    # The control: a name that folds to no valid name is still refused.
    with (
        quire.open(quire_home) as q,
        pytest.raises(InvalidInput, match="bad space name 'ｗｏｒｋ！' \\(read as 'work!'\\)"),
    ):
        q.add_space("ｗｏｒｋ！")


def test_a_space_name_of_invisible_characters_is_refused_by_the_name_sent(cli, quire_home):
    # Before: "bad space name ''", a name the person never typed.
    for args in (
        ["spaces", "add", "\u200b"],
        ["capture", "a note", "--space", "\u200b\u200d"],
        ["recall", "a", "--space", "\u200b"],
    ):
        result = cli(*args)
        assert result.exit_code in (1, 2) and "bad space name '\\u200b" in result.stderr, (args, result.stderr)
        assert "(read as '" in result.stderr
    with quire.open(quire_home) as q:
        for call in (lambda: q.add_space("\u200b"), lambda: q.recall("a", space="\u200b")):
            with pytest.raises(InvalidInput, match="bad space name '\\\\u200b' \\(read as ''\\)"):
                call()
    with pytest.raises(Exception, match="bad space name"):
        _mcp_call(quire_home, "recall", {"query": "a", "space": "\u200b"})


def test_the_service_folds_as_the_library_does(served, quire_home):  # noqa: F811
    # The warm service (the UI's backend) runs the same ops: a fullwidth capture found by plain words.
    s = served()
    body = {
        "params": {"content": "ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ happens every ninety days for payments", "type": "fact"}
    }
    status, data = http_post(s, "capture", json.dumps(body).encode())
    assert status == 200, data
    mid = data["result"]["id"]
    status, data = http_post(
        s, "recall", json.dumps({"params": {"query": "API key rotation", "explain": True}}).encode()
    )
    assert status == 200 and data["result"]["results"][0]["id"] == mid, data
    assert "lexical" in data["result"]["results"][0]["channels"]


def test_halfwidth_katakana_counts_its_words_as_fullwidth_does(quire_home):
    # Before: "ﾃｽﾄｻｰﾊﾞｰﾊｽﾃｰｼﾞﾝｸﾞ用です" was too_short (3 meaningful words) where the same letters in
    # fullwidth katakana were stored: halfwidth katakana is not in the unspaced scripts' ranges.
    with quire.open(quire_home) as q:
        stored = q.capture("ﾃｽﾄｻｰﾊﾞｰﾊｽﾃｰｼﾞﾝｸﾞ用です")
        assert stored.status == "stored", stored
        assert q.show(stored.id).content == "ﾃｽﾄｻｰﾊﾞｰﾊｽﾃｰｼﾞﾝｸﾞ用です"
        assert q.capture("ﾃｽﾄ").reason == "too_short"  # the control: a short one still is


@pytest.mark.parametrize(
    ("asked", "encoded"), [("ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ", "API key rotation"), ("API key rotation", None)]
)
def test_the_query_is_embedded_as_its_words_are_read(quire_home, monkeypatch, asked, encoded):
    # The vector channel embedded a fullwidth query as sent: the real model gave it no cosine above
    # the floor, so "ＡＰＩ ｋｅｙ ｒｏｔａｔｉｏｎ" said "nothing close" though its words matched.
    # The control: a plain query is embedded as it is.
    from retrieval import vector

    seen: list[str] = []
    real = vector.encoding

    def spy(model, text):
        seen.append(text)
        return real(model, text)

    monkeypatch.setattr(vector, "encoding", spy)
    with quire.open(quire_home) as q:
        q.capture("API key rotation happens every ninety days for the payments team", type="fact")
        q.recall(asked)
    assert seen and set(seen) == {encoded or asked}


@pytest.mark.parametrize(
    ("stored", "asked"),
    [
        ("We walked down the Hauptstraße to the old bakery on Sunday", "HAUPTSTRASSE"),
        ("We walked down the HAUPTSTRASSE to the old bakery on Sunday", "Hauptstraße"),
        ("We walked down the Hauptstrasse to the old bakery on Sunday", "hauptstraße"),
        ("Η ΟΔΟΣ προς το λιμάνι κλείνει κάθε Κυριακή για τον αγώνα", "οδος"),
    ],
)
def test_a_word_matches_its_case_fold_not_only_its_lowercase(quire_home, stored, asked):
    # Before: FTS5 lowercased "STRASSE" to "strasse" and kept "straße"; Python lowercased a final
    # "Σ" to "ς" where FTS5 holds "σ": the same word in another case matched nothing lexically.
    with quire.open(quire_home) as q:
        mid = q.capture(stored, type="fact").id
        q.capture("The lisbon office opens at nine every weekday morning", type="fact")
        assert _lexical(q.recall(asked, detail=True).results) == [mid]
        assert q.show(mid).content == stored


def test_an_existing_home_is_refolded_for_the_case_fold_and_its_folded_twins_merged(quire_home):
    # A home migrated to 21 holds "Straße" as is, and two entities migration 21 left apart because
    # their names fold to one key ("ＬＥＤＧＥＲ" kept its old key beside "ledger").
    quire_home.mkdir(parents=True, exist_ok=True)
    old = FileDatabase(quire_home / "quire.db")
    migrations.apply(old, up_to=21)
    with old.transaction():
        for mid, text in (("mem_1", "We walked down the Hauptstraße to the bakery"), ("mem_2", "The ledger moved")):
            old.execute(
                "INSERT INTO memories(id, content, memory_type, confidence, effective_confidence, content_hash, "
                "valid_from, created_at, updated_at, title) VALUES (?, ?, 'fact', 0.7, 0.7, ?, "
                "'2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', 'walk')",
                (mid, text, mid),
            )
        for name, key in (("ledger", "ledger"), ("ＬＥＤＧＥＲ", "ｌｅｄｇｅｒ")):
            old.execute("INSERT INTO entities(name, name_key, created_at) VALUES (?, ?, 'x')", (name, key))
        old.execute("INSERT INTO memory_entities VALUES ('mem_1', 2), ('mem_2', 1), ('mem_2', 2)")
        old.execute("INSERT INTO entities(name, name_key, created_at) VALUES ('Postgres', 'postgres', 'x')")
        old.execute("INSERT INTO relations(from_entity, to_entity, created_at) VALUES (2, 1, 'x'), (2, 3, 'x')")
    assert old.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'hauptstrasse'") == 0
    old.close()
    s = Session(actor="test")
    try:
        assert s.db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'hauptstrasse'") == 1
        assert s.db.scalar("SELECT content FROM memories WHERE id = 'mem_1'").endswith("Hauptstraße to the bakery")
        assert s.db.rows("SELECT id, name, name_key FROM entities ORDER BY id") == [
            (1, "ledger", "ledger"),
            (3, "Postgres", "postgres"),
        ]
        assert sorted(s.db.rows("SELECT memory_id, entity_id FROM memory_entities")) == [("mem_1", 1), ("mem_2", 1)]
        assert s.db.rows("SELECT from_entity, to_entity FROM relations") == [(1, 3)]  # none of it to itself
        said = s.db.scalar("SELECT detail FROM audit_log WHERE action = 'caseless_fold'")
        assert json.loads(said)["merged"] == [["ledger", "ＬＥＤＧＥＲ"]]
    finally:
        s.close()
    with quire.open(quire_home) as q:  # both memories are reached through the one entity
        assert {h.id for h in q.recall("ＬＥＤＧＥＲ", detail=True).results} >= {"mem_1", "mem_2"}


def test_a_space_name_in_another_case_is_that_space_on_every_route(quire_home, cli, tmp_path):
    # Before: "Work" beside "work" was a second space (spaces add said changed), recall --space Work
    # was "unknown space", and `spaces add ｗｏｒｋ` answered with the name "ｗｏｒｋ", not the space it is.
    with quire.open(quire_home) as q:
        q.add_space("work")
        assert (q.add_space("Work").name, q.add_space("Work").changed) == ("work", False)
        assert q.add_space("ｗｏｒｋ").name == "work"
        mid = q.capture("We moved the ledger to PostgreSQL 16 for its transactional DDL", space="WORK").id
        assert q.show(mid).space == "work"
        assert [h.id for h in q.recall("ledger", space="Work").results] == [mid]
        assert [s["name"] for s in q.spaces().spaces] == ["work"]
    lines = tmp_path / "in.jsonl"
    lines.write_text(json.dumps({"content": "The billing service runs on Postgres 15 nightly", "space": "Work"}) + "\n")
    result = cli("import", str(lines), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["stored"] == 1, result.stderr
    added = cli("spaces", "add", "WORK")
    assert added.exit_code == 0 and added.stdout == "unchanged: work\n", added.stderr
    found = cli("recall", "billing Postgres", "--space", "Work", "--json")
    assert json.loads(found.stdout)["results"][0]["space"] == "work", found.stderr


def test_a_memory_captured_in_fullwidth_is_embedded_as_its_words_are_read(tmp_path):
    # Before: the query was embedded as its fold, the memory as typed: the model read "ｌｅｄｇｅｒ"
    # as other tokens (the fake embedder as none), so the plain question was not close to it.
    vectors = []
    for home, text in (
        ("plain", "The ledger nightly export now runs at two in the morning"),
        (
            "wide",
            "Ｔｈｅ ｌｅｄｇｅｒ ｎｉｇｈｔｌｙ ｅｘｐｏｒｔ ｎｏｗ ｒｕｎｓ ａｔ ｔｗｏ ｉｎ ｔｈｅ ｍｏｒｎｉｎｇ",
        ),
    ):
        with quire.open(tmp_path / home) as q:
            mid = q.capture(text, type="fact").id
            assert q.show(mid).content == text  # stored as captured
            vectors.append(q.session.db.scalar("SELECT embedding FROM memories WHERE id = ?", (mid,)))
    assert vectors[0] == vectors[1]  # the same words: the same vector
