"""`quire lint`: what it flags, and its exit code."""

from __future__ import annotations

from memory import erase
from tests.test_synth import add, rebuild
from wiki import lint, pages, vault


def _wiki(session) -> None:
    for topic in ("Postgres", "Redis"):
        for i in range(2):
            add(session, f"{topic} runbook step {i} explains how to restart {topic} safely.", entities=[topic])
    add(session, "Postgres and Redis both run on the database hosts in rack four.", entities=["Postgres", "Redis"])
    rebuild(session)


def _codes(report: lint.LintReport) -> set[tuple[str, str, str]]:
    return {(f.severity, f.code, f.page) for f in report.findings}


def test_a_fresh_wiki_has_no_errors(session, cli_json, cli):
    _wiki(session)
    data = cli_json("lint")
    assert data["errors"] == 0 and data["pages"] == 2
    assert cli("lint").exit_code == 0


def test_unresolved_citation_is_an_error_and_exits_1(session, cli):
    _wiki(session)
    path = session.wiki_dir / "redis.md"
    path.write_text(path.read_text().replace("## Related", "An invented claim. [9]\n\n## Related"))
    result = cli("lint")
    assert result.exit_code == 1
    assert "unresolved_citation" in result.stdout and "[9]" in result.stdout


def test_a_source_naming_no_memory_is_unresolved(session):
    _wiki(session)
    path = session.wiki_dir / "redis.md"
    path.write_text(path.read_text().replace("1. mem_", "1. mem_bogus"))
    report = lint.run(session.db, session.wiki_dir, stale=False)
    assert ("error", "unresolved_citation", "redis") in _codes(report)


def test_citing_a_forgotten_memory_is_an_error_until_rebuild(session, db):
    _wiki(session)
    mid = db.scalar("SELECT id FROM memories WHERE content LIKE 'Redis runbook step 0%'")
    erase.forget(db, mid, actor="test")
    report = lint.run(db, session.wiki_dir)
    assert ("error", "cites_inactive", "redis") in _codes(report)
    assert ("warning", "stale", "redis") in _codes(report)
    rebuild(session)
    report = lint.run(db, session.wiki_dir)
    assert report.errors == 0 and not any(f.code == "stale" for f in report.findings)


def test_dangling_wikilink_is_an_error_on_machine_pages_and_a_warning_on_human_ones(session, db):
    _wiki(session)
    path = session.wiki_dir / "redis.md"
    text = path.read_text().replace("## Related\n", "## Related\n\n- [[no-such-page|Nowhere]]\n")
    # as if quire had written it (machine-owned): the link is quire's defect
    path.write_text(text)
    with db.transaction():
        db.execute(
            "UPDATE pages SET body = ?, seen_hash = ?, written_hash = ? WHERE slug = 'redis'",
            (text, vault.digest(text), vault.digest(text)),
        )
    assert ("error", "dangling_link", "redis") in _codes(lint.run(db, session.wiki_dir, stale=False))
    with db.transaction():
        db.execute("UPDATE pages SET owner = 'human' WHERE slug = 'redis'")
    assert ("warning", "dangling_link", "redis") in _codes(lint.run(db, session.wiki_dir, stale=False))


def test_orphans_and_stale_pages_are_warnings(session, db):
    _wiki(session)
    for i in range(3):
        add(session, f"The office plant number {i} gets water on Mondays and Thursdays.", entities=[f"Plant{i}"])
    rebuild(session)
    report = lint.run(db, session.wiki_dir)
    notes = next(p.slug for p in pages.all_pages(db) if p.kind in ("notes", "cluster"))
    assert ("warning", "orphan", notes) in _codes(report)
    assert ("warning", "orphan", "redis") not in _codes(report)  # postgres links to it
    add(session, "Redis keys expire after one day unless pinned by the job.", entities=["Redis"])
    report = lint.run(db, session.wiki_dir)
    assert ("warning", "stale", "redis") in _codes(report) and report.errors == 0


def test_parse_ignores_code_blocks_escapes_and_frontmatter():
    text = (
        '---\ntitle: "[1]"\n---\n\n# T\n\nA claim. [1] Escaped \\[2\\] stays text.\n\n```\n[3] in code\n```\n\n'
        "- [[target|Alias]] and [[other#Section]]\n\n## Sources\n\n1. mem_a · fact · 2026-01-01\n"
    )
    parsed = lint.parse(text)
    assert parsed.markers == (1,) and parsed.sources == {1: "mem_a"} and parsed.links == ("target", "other")
