"""The vault: safe slugs, hand edits that survive rebuilds, page revisions, deletions, history."""

from __future__ import annotations

import json
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory import review
from memory.errors import InvalidInput
from tests.test_synth import add, rebuild
from wiki import lint, pages, resolve, vault

VAULT = Path(tempfile.gettempdir()) / "quire-slug-vault"


# -- slugs -------------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=400))
def test_any_title_gives_a_safe_slug_inside_the_vault(title):
    slug = vault.slugify(title)
    assert vault.valid_slug(slug), slug
    assert len(slug) <= vault.MAX_SLUG
    path = vault.page_path(VAULT, slug)
    assert path.parent == VAULT.resolve()
    assert path.name == f"{slug}.md"


@pytest.mark.parametrize(
    "title",
    [
        "../../etc/passwd",
        "/etc/shadow",
        "..\\..\\windows\\system32",
        "a\x00b",
        "\x01\x02\x7f",
        "CON",
        "nul",
        "Lpt1",
        "..",
        ".",
        ".git",
        "index",
        "Index",
        "x" * 10_000,
        "\n\r\t",
        "🙂🙂",
        "snapshots",
        "-",
        "a--b--",
    ],
)
def test_hostile_titles(title):
    slug = vault.slugify(title)
    assert vault.valid_slug(slug) and slug not in vault.RESERVED
    assert "/" not in slug and "\\" not in slug and "\x00" not in slug and ".." not in slug
    assert vault.page_path(VAULT, slug).parent == VAULT.resolve()


@pytest.mark.parametrize("slug", ["../x", "a/b", "a\\b", "", "index", "con", ".git", "UPPER", "x" * 81, "a\x00b", "-a"])
def test_unsafe_slugs_are_refused_even_without_slugify(slug):
    with pytest.raises(InvalidInput):
        vault.page_path(VAULT, slug)


def test_distinct_non_ascii_titles_get_distinct_slugs():
    assert vault.slugify("日本語") != vault.slugify("中文")
    assert vault.slugify("Über Café") == "uber-cafe"


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("שלום עולם", "שלום-עולם"),  # Hebrew
        ("مرحبا بالعالم", "مرحبا-بالعالم"),  # Arabic
        ("北京 2024", "北京-2024"),  # Chinese
        ("こんにちは 世界", "こんにちは-世界"),  # Japanese
        ("Москва", "москва"),  # Russian
        ("Σοφία Παπαδοπούλου", "σοφία-παπαδοπούλου"),  # Greek, lowercased
        ("สวัสดีครับ", "สวัสดีครับ"),  # Thai: its vowel signs stay with their letters
        ("नमस्ते दुनिया", "नमस्ते-दुनिया"),  # Hindi
        ("\u200fשלום\u200f", "שלום"),  # RTL marks are no part of a file name
        ("Café Москва", "cafe-москва"),  # Latin letters still as ASCII
        ("Über Café", "uber-cafe"),  # a Latin title as before
        ("Son's kindergarten", "sons-kindergarten"),  # an apostrophe inside a word joins it
        ("McDonald’s", "mcdonalds"),
        ("H&M", "hm"),
        ("Marks & Spencer", "marks-spencer"),
        ("rock 'n' roll", "rock-n-roll"),  # quotes around a word are no part of it
        ("Ольга's plan", "ольгаs-plan"),
    ],
)
def test_a_title_in_another_script_gets_a_readable_slug(title, expected):
    """A person's wiki in Hebrew had files named `page-e7eeec07.md`, one hash a page."""
    slug = vault.slugify(title)
    assert slug == expected
    assert vault.valid_slug(slug) and vault.page_path(VAULT, slug).name == f"{slug}.md"
    decomposed = unicodedata.normalize("NFD", title)  # as macOS lists a file name: the same slug
    assert vault.slugify(decomposed) == slug and unicodedata.normalize("NFC", slug) == slug


@pytest.mark.parametrize("title", ["ש" * 300, "東" * 300, "न्" * 200, "สวัสดี" * 60, "Москва " * 60])
def test_a_long_title_in_another_script_is_cut_in_bytes_and_never_inside_a_letter(title):
    slug = vault.slugify(title)
    assert vault.valid_slug(slug) and len(slug.encode()) <= vault.MAX_SLUG_BYTES and len(slug) <= vault.MAX_SLUG
    assert unicodedata.category(slug[-1])[0] != "M" or unicodedata.category(title[len(slug) - 1])[0] == "M"
    assert title.lower().replace(" ", "-").startswith(slug)  # a cut, not a mangled letter
    for n in (2, 10, 999):
        numbered = vault.numbered(slug, n)
        assert vault.valid_slug(numbered) and numbered.endswith(f"-{n}"), numbered


@pytest.mark.parametrize(
    "slug",
    ["Москва", unicodedata.normalize("NFD", "й"), "\u200fשלום", "שלום/x", "שלום\x00", "-שלום", "\u05b8שלום", "ש" * 61],
)
def test_an_unsafe_slug_in_another_script_is_refused(slug):
    """Upper case, not NFC, a bidi mark, a separator, NUL, a leading dash or mark, past the bytes."""
    assert not vault.valid_slug(slug)
    with pytest.raises(InvalidInput):
        vault.page_path(VAULT, slug)


def test_pages_titled_in_another_script_have_readable_files_that_every_route_finds(session, db):
    for i in range(2):
        add(session, f"Shabbat dinner number {i} at my aunt's flat was lovely and long.", entities=["תל אביב"])
        add(session, f"The Moscow trip number {i} went through the old town by train.", entities=["Москва"])
    rebuild(session)
    files = {p.name for p in session.wiki_dir.glob("*.md")}
    assert {"תל-אביב.md", "москва.md"} <= files and not any(f.startswith("page-") for f in files), files
    for ref in ("תל-אביב", "תל אביב", "תל-אביב.md", unicodedata.normalize("NFD", "москва.md"), "МОСКВА"):
        assert pages.find_slug(db, ref) in ("תל-אביב", "москва"), ref
    index = (session.wiki_dir / "index.md").read_text(encoding="utf-8")
    assert "[[תל-אביב|" in index and "[[москва|" in index
    report = lint.run(db, session.wiki_dir)  # every link resolves, every file is where its row says
    assert report.errors == 0 and not [f for f in report.findings if f.code in ("dangling_link", "missing_file")]


def test_an_existing_pages_slug_stays_when_the_slugger_changes_and_its_hand_edit_with_it(session, db):
    """A page slugged `page-<hash>` before other scripts kept their letters keeps that file and the
    person's edits in it: a rebuild never moves a page to a new slug."""
    for i in range(2):
        add(session, f"Shabbat dinner number {i} at my aunt's flat was lovely and long.", entities=["תל אביב"])
    rebuild(session)
    page = pages.get(db, "תל-אביב")
    db.execute("UPDATE pages SET slug = 'page-e7eeec07' WHERE id = ?", (page.id,))  # as the old slugger named it
    (session.wiki_dir / "תל-אביב.md").rename(session.wiki_dir / "page-e7eeec07.md")
    edited = (session.wiki_dir / "page-e7eeec07.md").read_text(encoding="utf-8") + "\nMy own note.\n"
    (session.wiki_dir / "page-e7eeec07.md").write_text(edited, encoding="utf-8")
    add(session, "Shabbat dinner number 3 at my aunt's flat had a new dessert.", entities=["תל אביב"])
    summary = rebuild(session)
    assert summary.hand_edits == ["page-e7eeec07"]
    assert (session.wiki_dir / "page-e7eeec07.md").read_text(encoding="utf-8") == edited
    assert not (session.wiki_dir / "תל-אביב.md").exists()
    assert pages.find_slug(db, "תל אביב") == "page-e7eeec07"


@pytest.mark.parametrize(("name", "slug"), [("Москва", "москва"), ("Postgres", "postgres")])
def test_a_new_page_never_takes_the_name_of_a_persons_file_in_another_case(session, name, slug):
    """On macOS and Windows "Postgres.md" and "postgres.md" are one file: quire would have
    overwritten the person's own note with its page."""
    session.wiki_dir.mkdir(parents=True, exist_ok=True)
    (session.wiki_dir / f"{name}.md").write_text("my own note\n", encoding="utf-8")
    for i in range(2):
        add(session, f"The replica number {i} of {name} went through the old town by train.", entities=[name])
    rebuild(session)
    assert (session.wiki_dir / f"{name}.md").read_text(encoding="utf-8") == "my own note\n"
    assert (session.wiki_dir / f"{slug}-2.md").exists() and not (session.wiki_dir / f"{slug}.md").exists()


def test_a_symlinked_page_file_is_replaced_not_followed(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    root = tmp_path / "vault"
    root.mkdir()
    (root / "evil.md").symlink_to(outside)
    vault.atomic_write(vault.page_path(root, "evil"), "page text")
    assert outside.read_text() == "keep me"
    assert (root / "evil.md").read_text() == "page text" and not (root / "evil.md").is_symlink()


# -- hand edits --------------------------------------------------------------------------------


def _postgres(session, n: int = 2) -> None:
    for i in range(n):
        add(session, f"Postgres replica number {i} streams changes from the primary server.", entities=["Postgres"])


def _open_revisions(db, page_id: str) -> list:
    return [i for i in review.open_items(db, kind="page_revision") if page_id in i.subject_ids]


def test_hand_edit_is_recorded_and_never_overwritten(session, db):
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    edited = path.read_text() + "\nMy own paragraph about failover.\n"
    path.write_text(edited)
    summary = rebuild(session)
    assert summary.hand_edits == ["postgres"] and summary.written == 0
    page = pages.get(db, "postgres")
    assert page.owner == "human" and page.body == edited
    hist = pages.history(db, page.id)
    assert [h["edited_by"] for h in hist] == ["rebuild", "fs_edit"]
    assert db.scalar("SELECT count(*) FROM audit_log WHERE action = 'fs_edit' AND subject_id = ?", (page.id,)) == 1
    assert any(c["human"] and c["edited_by"] == "fs_edit" for c in pages.changelog(db, page.id))
    # new input: a proposal goes to review, the file keeps the person's bytes
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    summary = rebuild(session)
    assert summary.revisions == 1 and path.read_text() == edited
    items = _open_revisions(db, page.id)
    assert len(items) == 1 and "Patroni" in items[0].payload["new"] and items[0].payload["old"] == edited
    # the same proposal is not queued twice
    assert rebuild(session).revisions == 0 and len(_open_revisions(db, page.id)) == 1


def test_accepting_the_machines_page_writes_it_and_returns_the_page_to_the_machine(session, db):
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    path.write_text(path.read_text() + "hand note\n")
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    rebuild(session)
    page = pages.get(db, "postgres")
    item = _open_revisions(db, page.id)[0]
    assert "hand note" in item.payload["new"]  # the proposal itself keeps the edit (tests/test_page_merge.py)
    result = resolve.accept(session, item.id, choice="machine")
    assert result.changed
    page = pages.get(db, "postgres")
    assert page.owner == "machine" and "Patroni" in path.read_text() and "hand note" not in path.read_text()
    assert vault.digest(path.read_bytes()) == page.written_hash == page.seen_hash
    # the hand-edited version is still in history
    bodies = [r[0] for r in db.rows("SELECT body FROM page_history WHERE page_id = ? ORDER BY version", (page.id,))]
    assert any("hand note" in b for b in bodies)
    # machine-owned again: the next change is written directly
    add(session, "Postgres vacuum runs with aggressive settings on the events table.", entities=["Postgres"])
    assert rebuild(session).written >= 1 and "vacuum" in path.read_text()


def test_dismissing_a_revision_keeps_the_person_text(session, db):
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    path.write_text("# Mine\n\nAll mine.\n")
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    rebuild(session)
    page = pages.get(db, "postgres")
    resolve.dismiss(session, _open_revisions(db, page.id)[0].id)
    assert path.read_text() == "# Mine\n\nAll mine.\n"
    assert rebuild(session).revisions == 0 and path.read_text() == "# Mine\n\nAll mine.\n"
    assert db.scalar("SELECT count(*) FROM audit_log WHERE action = 'page_revision_dismiss'") == 1


def test_accept_with_edited_text_keeps_the_page_human(session, db):
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    path.write_text("mine\n")
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    rebuild(session)
    item = _open_revisions(db, pages.get(db, "postgres").id)[0]
    resolve.accept(session, item.id, edited_text="my merged text\n")
    assert path.read_text() == "my merged text\n" and pages.get(db, "postgres").owner == "human"


def test_a_deleted_page_file_is_a_decision(session, db, cli):
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    path.unlink()
    summary = rebuild(session)
    assert summary.deletions == ["postgres"] and not path.exists()
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    for _ in range(3):
        rebuild(session)
        assert not path.exists()
    assert pages.get(db, "postgres").status == "deleted"
    assert "[[postgres" not in (session.wiki_dir / "index.md").read_text()
    assert db.scalar("SELECT count(*) FROM audit_log WHERE action = 'fs_delete'") == 1
    result = cli("page", "restore", "postgres")
    assert result.exit_code == 0 and "restored" in result.stdout
    rebuild(session)
    assert "Patroni" in path.read_text() and pages.get(db, "postgres").owner == "machine"


def test_changelog_keeps_twenty_machine_entries_and_every_human_one(session, db):
    _postgres(session)
    rebuild(session)
    page = pages.get(db, "postgres")
    with db.transaction():
        for i in range(5):
            pages.add_changelog(db, page.id, 100 + i, edited_by="fs_edit", summary=f"human {i}")
        for i in range(40):
            pages.add_changelog(db, page.id, 200 + i, edited_by="rebuild", summary=f"machine {i}")
    log = pages.changelog(db, page.id)
    assert sum(1 for e in log if e["human"]) == 5
    machine = [e["summary"] for e in log if not e["human"]]
    assert machine[-1] == "machine 39" and "machine 0" not in machine
    assert len(log) == 20  # 5 human + 15 newest machine


def test_page_history_is_uncapped_and_append_only(session, db):
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    for i in range(25):
        path.write_text(f"version {i}\n")
        rebuild(session)
    page = pages.get(db, "postgres")
    assert len(pages.history(db, page.id)) == 26
    with pytest.raises(Exception, match="append-only"):
        db.execute("DELETE FROM page_history")


def test_page_show_and_pages_cli(session, cli_json):
    _postgres(session)
    rebuild(session)
    listing = cli_json("pages")["pages"]
    assert {"slug": "postgres", "owner": "machine", "status": "active", "sources": 2}.items() <= next(
        r for r in listing if r["slug"] == "postgres"
    ).items()
    shown = cli_json("page", "show", "postgres")
    assert [s["status"] for s in shown["sources"]] == ["active", "active"] and shown["body"].startswith("---\n")


def test_page_show_unknown_slug_exits_1(cli):
    result = cli("page", "show", "nope")
    assert result.exit_code == 1 and "quire pages" in result.stderr


# -- the property: a hand edit survives 50 rebuilds interleaved with captures ------------------


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    captures=st.lists(st.sampled_from(["none", "postgres", "other"]), min_size=50, max_size=50),
    edit=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40),
    replace_all=st.booleans(),
)
def test_hand_edit_survives_fifty_rebuilds(captures, edit, replace_all, monkeypatch):
    from memory.home import Home
    from memory.session import Session

    with tempfile.TemporaryDirectory() as tmp:
        s = Session(Home(Path(tmp) / "home"), actor="test")
        try:
            _postgres(s)
            rebuild(s)
            path = s.wiki_dir / "postgres.md"
            human = (edit if replace_all else path.read_text() + edit).encode("utf-8")
            path.write_bytes(human)
            touched = False
            for i, what in enumerate(captures):
                if what == "postgres":
                    add(s, f"Postgres fact {i} about the replica lag alarm threshold.", entities=["Postgres"])
                    touched = True
                elif what == "other":
                    add(s, f"Kafka topic {i} keeps seven days of retention for audits.", entities=["Kafka"])
                rebuild(s)
                assert path.read_bytes() == human
            page = pages.get(s.db, "postgres")
            assert page.owner == "human" and page.seen_hash == vault.digest(human)
            items = [i for i in review.open_items(s.db, kind="page_revision") if page.id in i.subject_ids]
            assert bool(items) == touched
            fs_edits = s.db.scalar(
                "SELECT count(*) FROM page_history WHERE page_id = ? AND edited_by = 'fs_edit'", (page.id,)
            )
            assert fs_edits == 1
        finally:
            s.close()


def test_review_payload_is_json_serialisable(session, db):
    _postgres(session)
    rebuild(session)
    (session.wiki_dir / "postgres.md").write_text("mine\n")
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    rebuild(session)
    item = _open_revisions(db, pages.get(db, "postgres").id)[0]
    assert json.loads(json.dumps(item.payload))["action"] == "write" and item.payload["diff"]


def test_configured_wiki_dir_and_files_quire_did_not_write(session, quire_home, tmp_path, db):
    from memory.session import Session

    target = tmp_path / "my vault"
    target.mkdir()
    (target / "postgres.md").write_text("a note I keep here myself\n")
    (quire_home / "config.toml").write_text(f'wiki_dir = "{target}"\n')
    s = Session(actor="test")
    try:
        _postgres(s)
        rebuild(s)
        assert (target / "postgres.md").read_text() == "a note I keep here myself\n"  # never taken over
        page = next(p for p in pages.all_pages(s.db) if p.kind == "entity")
        assert page.slug != "postgres" and (target / page.filename).exists()
        assert (target / "index.md").exists() and not (quire_home / "wiki").exists()
        assert pages.details(s.db, page.slug, s.wiki_dir)["path"] == str(target.resolve() / page.filename)
    finally:
        s.close()


def test_a_read_only_vault_is_a_clear_error(session, cli):
    _postgres(session)
    session.wiki_dir.mkdir(parents=True)
    session.wiki_dir.chmod(0o500)
    try:
        result = cli("rebuild")
        assert result.exit_code == 1 and "read-only" in result.stderr and "wiki_dir" in result.stderr
    finally:
        session.wiki_dir.chmod(0o700)


# -- search ------------------------------------------------------------------------------------


def test_page_search_ranks_a_title_match_above_a_body_mention(session, db):
    from memory.errors import NotFound

    for i in range(3):
        add(session, f"Postgres replica number {i} streams changes from the primary server.", entities=["Postgres"])
    for i in range(3):
        add(session, f"Billing run {i} exports invoices to the Postgres warehouse nightly.", entities=["Billing"])
    rebuild(session)
    found = pages.search(db, "postgres invoices")
    slugs = [r["slug"] for r in found["results"]]
    assert slugs[:2] == ["postgres", "billing"] or slugs[:2] == ["billing", "postgres"]
    by_slug = {r["slug"]: r for r in found["results"]}
    assert set(by_slug["billing"]["matched"]) == {"postgres", "invoices"} and by_slug["postgres"]["matched"]
    only = pages.search(db, "postgres")["results"]
    assert only[0]["slug"] == "postgres" and only[0]["score"] > only[1]["score"]  # title beats body
    assert [r["slug"] for r in pages.search(db, "postgres", k=1)["results"]] == ["postgres"]
    assert pages.search(db, "postgres", space="uncategorized")["results"]
    assert pages.search(db, "kubernetes helm")["results"] == []
    assert all(r["kind"] != "index" for r in pages.search(db, "index pages postgres billing")["results"])
    with pytest.raises((InvalidInput, NotFound)):
        pages.search(db, "postgres", space="nowhere")


@pytest.mark.parametrize(
    "resave",
    [
        lambda b: b.replace(b"\n", b"\r\n"),  # an editor on Windows, git's autocrlf, a sync tool
        lambda b: b"\xef\xbb\xbf" + b,  # a UTF-8 BOM
        lambda b: b"\xef\xbb\xbf" + b.replace(b"\n", b"\r\n"),
    ],
)
def test_a_page_file_resaved_with_other_line_endings_is_not_a_hand_edit(session, db, resave):
    # Before: the same text with CRLF line endings (or a BOM) was taken for a person's edit: the page
    # turned human-owned, and every later rebuild only queued a revision for it instead of writing.
    _postgres(session)
    rebuild(session)
    path = session.wiki_dir / "postgres.md"
    path.write_bytes(resave(path.read_bytes()))
    summary = rebuild(session)
    assert summary.hand_edits == [] and pages.get(db, "postgres").owner == "machine"
    assert [h["edited_by"] for h in pages.history(db, pages.get(db, "postgres").id)] == ["rebuild"]
    add(session, "Postgres failover is handled by Patroni with a two node quorum.", entities=["Postgres"])
    summary = rebuild(session)
    assert summary.revisions == 0 and "Patroni" in path.read_text()
    assert pages.get(db, "postgres").owner == "machine"
    # control: a change of the text itself is still the person's edit
    path.write_text(path.read_text() + "\nMy own paragraph about failover.\n")
    assert rebuild(session).hand_edits == ["postgres"] and pages.get(db, "postgres").owner == "human"
