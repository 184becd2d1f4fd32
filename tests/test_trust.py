"""One test per reproduced failure (nothing silently lost, forget forgets, a finishable queue)."""

from __future__ import annotations

import json

import pytest

from memory import clock
from memory.errors import InvalidInput

ID_TEXT = "The cache server stores session keys for the checkout service"


def _content(db, memory_id: str) -> str:
    return db.scalar("SELECT content FROM memories WHERE id = ?", (memory_id,))


# -- the text policy ---------------------------------------------------------------------------


def test_nul_is_removed_with_a_warning_and_nothing_after_it_is_lost(cli, db):
    result = cli("capture", "--defer-embed", "--json", input="The cache server \x00 stores keys for sessions")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert any("control character" in w for w in out["warnings"])
    assert _content(db, out["id"]) == "The cache server  stores keys for sessions"


def test_bom_is_stripped_so_the_duplicate_check_sees_the_same_text(cli, db, tmp_path):
    note = tmp_path / "note.txt"
    note.write_bytes("\ufeff".encode() + ID_TEXT.encode())
    first = json.loads(cli("capture", "-f", str(note), "--defer-embed", "--json").stdout)
    assert _content(db, first["id"]) == ID_TEXT
    again = json.loads(cli("capture", ID_TEXT, "--defer-embed", "--json").stdout)
    assert again["status"] == "duplicate" and again["id"] == first["id"]


def test_stored_text_keeps_its_normal_form_and_is_one_memory_in_either(cli, db):
    # Before: "Cafe\u0301" was stored composed ("Caf\u00e9") without a word, so what capture
    # acknowledged did not read back byte-identical. The bytes are kept; the duplicate key folds.
    decomposed = "Cafe\u0301 menus change every Monday at the corner bistro"
    out = json.loads(cli("capture", decomposed, "--defer-embed", "--json").stdout)
    assert _content(db, out["id"]) == decomposed
    composed = json.loads(cli("capture", decomposed.replace("e\u0301", "\u00e9"), "--defer-embed", "--json").stdout)
    assert composed["status"] == "duplicate" and composed["id"] == out["id"]


def test_lone_surrogate_is_refused_with_a_clear_message():
    from memory import text

    with pytest.raises(InvalidInput, match="surrogate"):
        text.clean("half a pair \ud800 here")


@pytest.mark.parametrize(
    "sentence",
    [
        "我们决定使用PostgreSQL作为账本数据库因为事务性DDL很重要",  # Chinese
        "データベースはポストグレスに移行することに決めました",  # Japanese
        "เราตัดสินใจใช้ฐานข้อมูลโพสต์เกรสสำหรับบัญชี",  # Thai
        "Мы решили перейти на PostgreSQL для учёта",  # Cyrillic (spaced)
    ],
)
def test_unspaced_scripts_pass_the_gate(cli, db, sentence):
    out = json.loads(cli("capture", sentence, "--defer-embed", "--json").stdout)
    assert out["status"] == "stored", out
    assert _content(db, out["id"]) == sentence


def test_short_unspaced_text_is_still_too_short():
    from memory import text

    assert text.meaningful_words("好的") < 5
    assert text.meaningful_words("我们决定使用PostgreSQL作为账本数据库") >= 5


# -- the date policy ---------------------------------------------------------------------------


def test_out_of_range_valid_from_is_refused_with_the_range(cli, db):
    result = cli("capture", ID_TEXT, "--valid-from", "0001-01-01", "--defer-embed")
    assert result.exit_code == 2  # a date the request refuses by its form: a usage error
    assert "1000-01-01 to 9999-12-31" in result.stderr
    assert db.scalar("SELECT count(*) FROM memories") == 0


def test_a_damaged_stored_date_does_not_break_time_recall(cli, db):
    out = json.loads(cli("capture", ID_TEXT, "--defer-embed", "--json").stdout)
    with db.transaction():  # a row written by the old code path (three-digit strftime year)
        db.execute("UPDATE memories SET valid_from = '1-01-01T00:00:00Z' WHERE id = ?", (out["id"],))
    result = cli("recall", "what changed last week in the cache server", "--json")
    assert result.exit_code == 0, result.stderr
    result = cli("recall", "cache server", "--json")
    assert result.exit_code == 0, result.stderr


def test_iso_always_writes_four_digit_years():
    from datetime import UTC, datetime

    assert clock.iso(datetime(999, 1, 2, tzinfo=UTC)) == "0999-01-02T00:00:00Z"


@pytest.mark.parametrize("as_of", ["9999-12-31", "1000-01-01", "0000-01-01", "99999-01-01", "2024-02-30"])
def test_as_of_at_the_edges_is_an_answer_or_a_plain_error(cli, as_of):
    result = cli("recall", "cache", "--as-of", as_of, "--json")
    assert result.exit_code in (0, 2), result.output  # a date no calendar has: a usage error (exit 2)
    if result.exit_code:
        assert "YYYY-MM-DD" in result.stderr and "Traceback" not in result.stderr


def test_as_of_9999_through_mcp_is_not_a_traceback(session):
    from quire import ops

    assert ops.recall(session, {"query": "cache", "as_of": "9999-12-31"})["results"] == []


# -- import, per unit --------------------------------------------------------------------------


def test_one_bad_date_in_jsonl_does_not_sink_the_good_lines(cli, db, tmp_path):
    lines = [
        {"content": "The billing service retries failed charges three times"},
        {"content": "The search service rebuilds its index every night", "valid_from": "garbage"},
        {"content": "The mail relay rejects attachments over twenty megabytes"},
        {"content": "The audit job archives rows older than one year", "type": "bogus"},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    result = cli("import", str(path), "--defer-embed", "--json")
    report = json.loads(result.stdout)
    assert report["stored"] == 2
    assert any(e.startswith("in.jsonl:2:") and "garbage" in e for e in report["errors"])
    assert any(e.startswith("in.jsonl:4:") and "type" in e for e in report["errors"])


def test_deeply_nested_line_is_a_reason_not_a_recursion_error(cli, db, tmp_path):
    path = tmp_path / "deep.jsonl"
    good = json.dumps({"content": "The billing service retries failed charges three times"})
    path.write_text("[" * 100_000 + "\n" + good + "\n")
    result = cli("import", str(path), "--defer-embed", "--json")
    report = json.loads(result.stdout)
    assert report["stored"] == 1
    assert report["errors"] and report["errors"][0].startswith("deep.jsonl:1:") and "nested" in report["errors"][0]


def test_markdown_file_with_bom_and_a_bad_encoding_file_next_to_it(cli, db, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_bytes("\ufeff---\ntitle: Ops\n---\n- The backup job runs at two in the morning\n".encode())
    (notes / "b.md").write_bytes(b"- caf\xe9 is not utf-8 text at all here\n")
    report = json.loads(cli("import", str(notes), "--defer-embed", "--json").stdout)
    assert report["stored"] == 1
    assert any(e.startswith("b.md") and "UTF-8" in e for e in report["errors"])
    assert db.scalar("SELECT count(*) FROM memories WHERE content LIKE '%' || char(65279) || '%'") == 0


# -- tracebacks --------------------------------------------------------------------------------


def test_lint_when_the_vault_is_a_file(cli, quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "wiki").write_text("not a folder")
    result = cli("lint", "--json")
    assert result.exit_code == 1
    assert "Traceback" not in result.stderr and "wiki" in result.stderr


# -- forgotten text is not written again -------------------------------------------------------


def test_recapturing_forgotten_text_keeps_it_out_of_the_rejection_log(cli, db):
    out = json.loads(cli("capture", ID_TEXT, "--defer-embed", "--json").stdout)
    assert cli("forget", out["id"]).exit_code == 0
    again = cli("capture", ID_TEXT, "--defer-embed", "--json")
    assert json.loads(again.stdout)["reason"] == "tombstoned"
    logged = [r[0] for r in db.rows("SELECT content_redacted FROM rejected_captures")]
    assert logged and not any("cache server" in (t or "") for t in logged)


# -- m005: forget means gone -------------------------------------------------------------------------

SECRET_TEXT = "Zorblatt the quartermaster keeps the spare vault keys under the blue planter"


def _everywhere(db, home, needle: str) -> list[str]:
    """Every place under the home and in the database that still holds `needle`."""
    hits = []
    tables = [r[0] for r in db.rows("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        cols = [c["name"] for c in db.dicts(f"PRAGMA table_info({table})")]
        for col in cols:
            try:
                n = db.scalar(f"SELECT count(*) FROM {table} WHERE instr(CAST({col} AS TEXT), ?) > 0", (needle,))
            except Exception:
                continue
            if n:
                hits.append(f"{table}.{col}")
    for path in home.rglob("*"):
        if path.is_file() and not path.name.startswith("quire.db") and needle.encode() in path.read_bytes():
            hits.append(str(path.relative_to(home)))
    return hits


def test_forget_removes_the_text_everywhere_and_rollback_cannot_bring_it_back(cli, quire_home):
    from memory.session import Session

    out = json.loads(cli("capture", SECRET_TEXT, "--type", "fact", "--entity", "Zorblatt", "--json").stdout)
    assert (
        cli("capture", "Zorblatt the quartermaster signs every delivery slip twice", "--entity", "Zorblatt").exit_code
        == 0
    )
    assert cli("rebuild").exit_code == 0
    assert (
        cli("capture", "Zorblatt the quartermaster orders new crates each spring", "--entity", "Zorblatt").exit_code
        == 0
    )
    assert cli("rebuild").exit_code == 0  # a snapshot now holds the page with the secret text
    assert cli("forget", out["id"], "--reason", "private").exit_code == 0
    assert cli("rebuild").exit_code == 0
    assert cli("rollback").exit_code == 0
    assert cli("rollback").exit_code in (0, 1)
    again = json.loads(cli("capture", SECRET_TEXT, "--json").stdout)
    assert again["reason"] == "tombstoned"
    with Session(actor="test") as s:
        for needle in (SECRET_TEXT, "spare vault keys under the blue planter"):
            assert _everywhere(s.db, quire_home, needle) == [], needle
        tomb = s.db.one("SELECT preview, fingerprint FROM tombstones")
        assert len(tomb["preview"]) <= 12
        from memory import gate

        assert tomb["fingerprint"] != gate.content_hash(SECRET_TEXT)  # keyed, not the plain hash
        assert s.db.scalar("SELECT count(*) FROM audit_log WHERE action = 'forget'") == 1
    raw = (quire_home / "quire.db").read_bytes()
    wal = quire_home / "quire.db-wal"
    raw += wal.read_bytes() if wal.exists() else b""
    assert b"blue planter" not in raw  # not even in freed pages or the write-ahead log


# -- a review queue a person can finish --------------------------------------------------------


def test_importing_templated_facts_does_not_flood_the_queue(cli, db, tmp_path):
    from eval.contradictions import templated_facts
    from memory import review

    path = tmp_path / "facts.jsonl"
    path.write_text("".join(json.dumps({"content": t, "type": "fact"}) + "\n" for t in templated_facts(600)))
    report = json.loads(cli("import", str(path), "--defer-embed", "--json").stdout)
    assert report["stored"] == 600
    assert len(review.open_items(db)) < 12  # goal: under 20 per 1,000


def test_one_open_item_per_new_memory_and_none_twice_for_a_pair(db):
    from memory import review
    from memory.capture import capture
    from memory.models import parse_payload

    def cap(text):
        return capture(db, parse_payload({"content": text, "type": "fact"}), actor="cli", defer_embed=True)

    for city in ("Berlin", "Bremen", "Bonn"):
        cap(f"The company headquarters are located in {city} Germany")
    new = cap("The company headquarters are located in Hamburg Germany")
    mine = [i for i in review.open_items(db) if i.payload["new_id"] == new.id]
    assert len(mine) == 1 and mine[0].payload["candidates"]
    old, new_id = mine[0].payload["old_id"], new.id
    from memory import correction

    with db.transaction():
        again = correction._enqueue(
            db,
            "contradiction",
            correction._row(db, new_id),
            correction._row(db, old),
            actor="cli",
            reason="contradiction",
            pending=False,
        )
    assert again == mine[0].id


def test_items_close_with_an_audit_row_when_a_side_is_superseded(db):
    from memory import review
    from memory.capture import capture
    from memory.models import parse_payload

    def cap(text, **kw):
        return capture(db, parse_payload({"content": text, "type": "fact", **kw}), actor="cli", defer_embed=True)

    a = cap("The build server runs on a Debian 11 virtual machine")
    b = cap("The build server runs on a Debian 12 virtual machine")
    [item] = review.open_items(db)
    cap("The build server now runs on bare metal with Debian 13 installed", supersedes=b.id)
    cap("The build server of the old lab ran Debian 10 for years", supersedes=a.id)
    assert not review.get(db, item.id).is_open
    assert db.scalar("SELECT count(*) FROM audit_log WHERE action = 'dismiss' AND subject_id = ?", (str(item.id),)) == 1


def test_templated_facts_about_different_subjects_are_not_contradictions():
    from memory.correction import changed_value, different_subjects

    assert different_subjects("The auth service runs on port 8080", "The billing service runs on port 9090")
    assert not different_subjects("The auth service runs on port 8080", "The auth service runs on port 9090")
    assert not different_subjects(
        "I prefer tabs for indentation in all my Python code", "I prefer spaces for indentation in all my Python code"
    )
    assert changed_value(
        "I have a cocktail-making class on Thursday this month", "By the way, my cocktail-making class is on Fridays"
    )


# -- one set of rules on every route -----------------------------------------------------------

ROUTE_SCENARIO = [
    ("capture", {"content": "I am a backend engineer working on payment systems", "type": "identity"}),
    ("capture", {"content": "I am a product manager working on payment systems", "type": "identity"}),
    ("capture", {"content": "I prefer tabs for indentation in all my Python code", "type": "preference"}),
    ("capture", {"content": "I prefer spaces for indentation in all my Python code", "type": "preference"}),
    ("capture", {"content": "The build server runs on a Debian 11 virtual machine", "type": "fact"}),
    ("capture", {"content": "The build server runs on a Debian 12 virtual machine", "type": "fact"}),
    ("capture", {"content": "The auth service runs on port 8080 in production", "type": "fact"}),
    ("capture", {"content": "The billing service runs on port 9090 in production", "type": "fact"}),
    ("capture", {"content": "I like short names for things", "type": "preference", "supersedes": "FIRST"}),
    ("capture", {"content": "ok", "type": "note"}),
    ("capture", {"content": "A date far out of range for this memory", "valid_from": "0001-01-01"}),
]


def _run_route(call) -> list:
    out, first = [], None
    for op, params in ROUTE_SCENARIO:
        params = dict(params)
        if params.get("supersedes") == "FIRST":
            params["supersedes"] = first
        try:
            res = call(op, params)
        except Exception as exc:  # MCP wraps errors as ToolError: compare what the message says
            out.append(("raised", "1000-01-01 to 9999-12-31" in str(exc)))
            continue
        first = first or res.get("id")
        out.append((res["status"], res.get("reason"), len(res.get("warnings", []))))
    statuses = call("status", {})
    items = call("curate_list", {})["items"]
    out.append(("items", sorted((i["kind"], i["payload"].get("pending")) for i in items)))
    out.append(("by_status", statuses.get("by_status") or statuses.get("statuses") or statuses.get("status")))
    return out


def test_the_same_scenario_gives_the_same_outcome_on_every_route(tmp_path, monkeypatch):
    from memory.home import Home
    from quire import client, mcp_server
    from tests.test_service import Served

    monkeypatch.setenv("QUIRE_NOW", "2025-06-01T12:00:00Z")
    homes = {k: Home(tmp_path / k) for k in ("inproc", "served", "mcp")}

    def inproc(op, params):
        return client.call(op, params, home=homes["inproc"])

    served = Served(homes["served"].root)
    try:

        def via_service(op, params):
            return client.call(op, params, home=homes["served"])

        results = {"inproc": _run_route(inproc), "served": _run_route(via_service)}
        assert served.requests() >= len(ROUTE_SCENARIO)
    finally:
        served.stop()
    tools = mcp_server.Tools(homes["mcp"])

    results["mcp"] = _run_route(tools.run)
    assert results["inproc"] == results["served"] == results["mcp"]
    pending = next(x for x in results["inproc"] if x[0] == "items")[1]
    assert ("revision", True) in pending  # the identity change waits for a person on every route


# -- the vault can move; a killed rebuild does not freeze pages; revisions do not pile up ------

TOPIC = [
    "Kestrel the build robot compiles the firmware every night",
    "Kestrel the build robot uploads artifacts to the shared drive",
    "Kestrel the build robot pages the on-call person on failure",
]


def _seed_topic(cli, texts=TOPIC):
    for t in texts:
        assert cli("capture", t, "--entity", "Kestrel", "--defer-embed").exit_code == 0


def test_changing_wiki_dir_writes_the_pages_into_the_new_folder(cli, db, quire_home, tmp_path):
    _seed_topic(cli)
    assert cli("rebuild").exit_code == 0
    written = sorted(p.name for p in (quire_home / "wiki").glob("*.md"))
    assert "kestrel.md" in written
    new_vault = tmp_path / "elsewhere"
    (quire_home / "config.toml").write_text(f'wiki_dir = "{new_vault}"\n')
    result = json.loads(cli("rebuild", "--json").stdout)
    assert sorted(p.name for p in new_vault.glob("*.md")) == written
    assert result["deletions"] == []
    assert db.scalar("SELECT count(*) FROM pages WHERE owner = 'human' OR status = 'deleted'") == 0
    lint = json.loads(cli("lint", "--json").stdout)
    assert lint["pages"] >= 1


def test_a_vault_that_is_not_there_is_not_a_deletion_but_a_deleted_page_is(cli, db, quire_home):
    import shutil

    _seed_topic(cli)
    assert cli("rebuild").exit_code == 0
    shutil.rmtree(quire_home / "wiki")
    assert json.loads(cli("rebuild", "--json").stdout)["deletions"] == []
    assert (quire_home / "wiki" / "kestrel.md").exists()
    (quire_home / "wiki" / "kestrel.md").unlink()
    assert json.loads(cli("rebuild", "--json").stdout)["deletions"] == ["kestrel"]
    assert cli("page", "restore", "kestrel").exit_code == 0


def test_two_rebuilds_killed_after_their_page_rows_commit_do_not_freeze_pages(cli, db, quire_home, monkeypatch):
    from wiki import rebuild

    _seed_topic(cli)
    assert cli("rebuild").exit_code == 0
    real = rebuild._phase_b

    def killed(*args, **kwargs):  # the process dies the moment phase A's page rows are committed
        raise KeyboardInterrupt

    monkeypatch.setattr(rebuild, "_phase_b", killed)
    for n in range(2):
        assert cli("capture", f"Kestrel the build robot learned trick number {n + 1} today", "--entity", "Kestrel")
        with pytest.raises(KeyboardInterrupt):
            from memory.session import Session

            with Session(actor="test") as s:
                rebuild.rebuild(s, actor="test", prose=False)
    monkeypatch.setattr(rebuild, "_phase_b", real)
    assert cli("rebuild").exit_code == 0
    assert db.scalar("SELECT count(*) FROM pages WHERE owner = 'human'") == 0
    assert "trick number 2" in (quire_home / "wiki" / "kestrel.md").read_text()


def test_page_revisions_do_not_pile_up_on_a_hand_edited_page(cli, db, quire_home):
    from memory import review

    _seed_topic(cli)
    assert cli("rebuild").exit_code == 0
    page = quire_home / "wiki" / "kestrel.md"
    page.write_text(page.read_text() + "\nMy own note about Kestrel.\n")
    for n in range(5):
        assert cli("capture", f"Kestrel the build robot passed inspection round {n + 1}", "--entity", "Kestrel")
        assert cli("rebuild").exit_code == 0
    items = review.open_items(db, kind="page_revision")
    assert len(items) == 1
    assert "inspection round 5" in items[0].new


# -- messages ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "says"),
    [
        ({"query": "x", "k": "many"}, "k: must be a whole number"),
        ({"query": ""}, "query: must not be empty"),
        ({"query": "x", "k": 10**9}, "k: must be at most 1000"),
        ({"query": "x", "bogus": 1}, "unknown parameter"),
    ],
)
def test_validation_errors_are_plain_words(session, params, says):
    from quire import ops

    with pytest.raises(InvalidInput) as err:
        ops.recall(session, params)
    assert says in str(err.value)
    assert "pydantic" not in str(err.value) and "http" not in str(err.value) and "Input should" not in str(err.value)


def test_usage_errors_exit_2_and_every_error_is_on_stderr_with_json(cli):
    bad = cli("recall", "x", "-k", "0", "--json")
    assert bad.exit_code == 2 and "Error" in bad.stderr
    rejected = cli("capture", "ok", "--json")
    assert rejected.exit_code == 1 and "too_short" in rejected.stderr
    assert json.loads(rejected.stdout)["status"] == "rejected"


def test_a_damaged_stored_date_does_not_break_rebuild_lint_or_history(cli, db):
    _seed_topic(cli)
    mid = db.scalar("SELECT id FROM memories LIMIT 1")
    with db.transaction():
        db.execute("UPDATE memories SET valid_from = '1-01-01T00:00:00Z' WHERE id = ?", (mid,))
    for args in (["rebuild", "--json"], ["lint", "--json"], ["history", mid, "--json"], ["decay"]):
        result = cli(*args)
        assert result.exit_code in (0, 1) and "Traceback" not in result.stderr, (args, result.output)


def test_memories_forgotten_by_an_older_quire_are_scrubbed_by_migration_5(cli, db):
    from memory import gate, migrations, tombstones

    out = json.loads(cli("capture", SECRET_TEXT, "--defer-embed", "--json").stdout)
    with db.transaction():  # what the old forget left: the row keeps its text, the tombstone a plain hash
        db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (out["id"],))
        db.execute(
            "INSERT INTO tombstones(fingerprint, memory_id, kind, preview, created_at) VALUES (?, ?, 'forget', ?, ?)",
            (gate.content_hash(SECRET_TEXT), out["id"], SECRET_TEXT[:80], "2025-01-01T00:00:00Z"),
        )
    with db.transaction():
        migrations.MIGRATIONS[5][1](db)
    assert db.scalar("SELECT content FROM memories WHERE id = ?", (out["id"],)) == tombstones.FORGOTTEN
    assert db.scalar("SELECT count(*) FROM audit_log WHERE instr(detail, 'blue planter') > 0") == 0
    assert db.scalar("SELECT length(preview) FROM tombstones") <= tombstones.STUB_CHARS
    assert json.loads(cli("capture", SECRET_TEXT, "--json").stdout)["reason"] == "tombstoned"


def test_ascii_text_the_policy_would_not_change_is_returned_as_it_is(monkeypatch):
    """The ASCII fast path of `clean` gives what the full policy gives, on every one- and two-character
    ASCII string (each control, CR, tab, newline, DEL beside letters) and on plain sentences."""
    from memory import text

    samples = [chr(a) for a in range(128)] + [chr(a) + chr(b) for a in range(128) for b in (9, 10, 13, 65, 127)]
    samples += ["The ledger moved to PostgreSQL 16 (ticket 4711).", "a\r\nb", "tab\there", "", "x" * 5000]
    fast = [text.clean(s) for s in samples]
    monkeypatch.setattr(text, "_ASCII_CHANGED", type("Always", (), {"search": staticmethod(lambda s: True)}))
    assert [text.clean(s) for s in samples] == fast
