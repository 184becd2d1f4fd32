"""A page regrouped under a new key keeps its file name: a person's links and bookmarks to
`music.md` still lead to the page about music after the wiki regroups its pages (a cluster page
re-keyed when its first member leaves, an upgraded home whose pages are keyed otherwise)."""

from __future__ import annotations

import random

import pytest

from memory import erase
from tests import test_rebuild_incremental as inc_tests
from tests.test_synth import add, rebuild
from wiki import pagemap, pages, vault_sync
from wiki.rebuild import rollback


def _clusters(db) -> list[tuple[str, str, str, str]]:
    return db.rows("SELECT id, key, slug, title FROM pages WHERE kind = 'cluster' AND status = 'active' ORDER BY id")


def _lunch(session, n: int = 5) -> list[str]:
    return [add(session, f"Loose thought number {k} about lunch at the office canteen.") for k in range(1, n + 1)]


def _dinner(session) -> None:
    for k in range(1, 6):
        add(session, f"Loose thought number {k} about dinner at home with the kids.")


def _replace_all(session, ids: list[str]) -> None:
    """Each memory corrected into words of another topic: the page no memory calls for goes."""
    other = (
        "The bicycle chain needs oil every spring.",
        "My passport expires in March.",
        "The boiler was serviced in June.",
        "The car insurance renews in May.",
        "The library card is in the blue drawer.",
    )
    for text, mid in zip(other, ids, strict=True):
        add(session, text, supersedes=mid)


def test_a_cluster_page_rekeyed_keeps_its_file_name(session, db):
    _lunch(session)
    rebuild(session)
    [(old_id, key, slug, title)] = _clusters(db)
    first = key.rsplit(":", 1)[1]
    erase.forget(db, first, actor="test")
    summary = rebuild(session)
    [(new_id, new_key, new_slug, new_title)] = _clusters(db)
    assert new_id != old_id and new_key != key and new_title == title
    assert new_slug == slug, "the page about the same cluster moved to another file"
    assert (session.wiki_dir / f"{slug}.md").exists()
    assert not list(session.wiki_dir.glob(f"{slug}-*.md"))
    assert summary.warnings == []


def test_a_page_removed_before_hands_its_file_name_to_a_page_of_its_title_later(session, db):
    ids = _lunch(session)
    rebuild(session)
    [(old_id, _, slug, title)] = _clusters(db)
    _replace_all(session, ids)
    rebuild(session)
    assert db.scalar("SELECT status FROM pages WHERE id = ?", (old_id,)) == "removed"
    _dinner(session)
    rebuild(session)
    [(new_id, _, new_slug, new_title)] = _clusters(db)
    assert new_id != old_id and new_title == title and new_slug == slug
    assert db.scalar("SELECT slug FROM pages WHERE id = ?", (old_id,)) == f"{slug}-2"
    assert "went to its heir" in str(pages.changelog(db, old_id)[-1]["summary"])


def test_a_hand_edited_page_is_no_heirs(session, db):
    """A person's page is theirs: the regrouped page takes another name, their file stays."""
    _lunch(session)
    rebuild(session)
    [(_, key, slug, _)] = _clusters(db)
    path = session.wiki_dir / f"{slug}.md"
    edited = path.read_text(encoding="utf-8") + "\nMy own line.\n"
    path.write_text(edited, encoding="utf-8")
    erase.forget(db, key.rsplit(":", 1)[1], actor="test")
    rebuild(session)
    assert "My own line." in path.read_text(encoding="utf-8")  # (the forgotten text is scrubbed from it)
    assert db.scalar("SELECT owner FROM pages WHERE slug = ?", (slug,)) == "human"
    assert (session.wiki_dir / f"{slug}-2.md").exists()


def test_a_file_a_person_put_where_a_removed_page_was_is_never_overwritten(session, db):
    ids = _lunch(session)
    rebuild(session)
    [(_, _, slug, _)] = _clusters(db)
    _replace_all(session, ids)
    rebuild(session)
    path = session.wiki_dir / f"{slug}.md"
    path.write_text("my own page about lunch\n", encoding="utf-8")
    _dinner(session)
    summary = rebuild(session)
    assert path.read_text(encoding="utf-8") == "my own page about lunch\n"
    [(_, _, new_slug, _)] = _clusters(db)
    assert new_slug == f"{slug}-2" and (session.wiki_dir / f"{slug}-2.md").exists()
    assert summary.warnings == []


def test_the_heir_of_a_page_deleted_by_hand_stays_deleted_until_restored(session, db):
    _lunch(session)
    rebuild(session)
    [(_, key, slug, _)] = _clusters(db)
    (session.wiki_dir / f"{slug}.md").unlink()
    assert rebuild(session).deletions == [slug]
    erase.forget(db, key.rsplit(":", 1)[1], actor="test")
    rebuild(session)
    assert not list(session.wiki_dir.glob(f"{slug}*.md")), "a page the person deleted came back"
    assert f"{slug}.md" not in (session.wiki_dir / "index.md").read_text(encoding="utf-8")
    heir = db.one("SELECT id, status FROM pages WHERE slug = ?", (slug,))
    assert heir["status"] == "deleted"
    assert rebuild(session).written == 0  # and it stays so
    assert pages.restore(db, slug, actor="test")
    rebuild(session)
    assert (session.wiki_dir / f"{slug}.md").exists()
    assert db.scalar("SELECT status FROM pages WHERE id = ?", (heir["id"],)) == "active"


def test_a_dismissed_map_node_stays_dismissed_on_the_heir(session, db):
    ids = _lunch(session)
    rebuild(session)
    [(old_id, key, slug, _)] = _clusters(db)
    first = key.rsplit(":", 1)[1]
    node = next(n for n in pagemap.nodes(db, old_id) if n.ref_kind == "memory" and n.ref_id == ids[2])
    pagemap.change(db, slug, node.id, "dismiss", actor="cli")
    erase.forget(db, first, actor="test")
    rebuild(session)
    [(new_id, _, new_slug, _)] = _clusters(db)
    assert new_slug == slug
    assert [n.status for n in pagemap.nodes(db, new_id) if n.ref_id == ids[2]] == ["dismissed"]
    text = (session.wiki_dir / f"{slug}.md").read_text(encoding="utf-8")
    assert "number 3 " not in text.split("```mermaid")[1].split("```")[0]


def test_a_rollback_of_the_run_that_handed_a_slug_on_puts_the_old_page_back(session, db):
    _lunch(session)
    rebuild(session)
    [(old_id, key, slug, _)] = _clusters(db)
    before = (session.wiki_dir / f"{slug}.md").read_bytes()
    first = key.rsplit(":", 1)[1]
    add(session, "Loose thought number 1 about lunch at the office canteen, corrected.", supersedes=first)
    rebuild(session)
    assert not (session.wiki_dir / f"{slug}-2.md").exists()
    assert rollback(session).restored[0] == slug
    assert db.scalar("SELECT slug FROM pages WHERE id = ?", (old_id,)) == slug
    assert (session.wiki_dir / f"{slug}.md").read_bytes() == before
    assert not list(session.wiki_dir.glob(f"{slug}-*.md"))
    rebuild(session)  # and the next rebuild regroups again, under the same name
    [(new_id, _, new_slug, _)] = _clusters(db)
    assert new_id != old_id and new_slug == slug


def _rekey(s, rng: random.Random, n: int) -> str:
    """The first member of a cluster page corrected or forgotten: the page comes under a new key."""
    keys = [r[0] for r in s.db.rows("SELECT key FROM pages WHERE kind = 'cluster' AND status = 'active' ORDER BY key")]
    firsts = [k.rsplit(":", 1)[1] for k in keys if k.rsplit(":", 1)[1] in inc_tests._live(s)]
    if not firsts:
        return inc_tests._change(s, rng, n)
    first = rng.choice(firsts)
    if rng.random() < 0.5:
        inc_tests._run(s, "forget", memory_id=first, reason="test")
        return "rekey_forget"
    inc_tests._run(s, "supersede", memory_id=first, content=f"Loose thought number {n} about lunch, corrected.")
    return "rekey_supersede"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_incremental_and_full_rebuilds_agree_when_pages_are_regrouped(tmp_path, monkeypatch, seed):
    rng = random.Random(seed)
    monkeypatch.setenv("QUIRE_NOW", "2026-06-01T10:00:00Z")
    home = tmp_path / "home"
    s = inc_tests._open(home)
    inc_tests._run(s, "spaces_add", name="work")
    for i in range(6):
        inc_tests._capture(s, rng, i)
    for k in range(6):
        inc_tests._run(s, "capture", content=f"Loose thought number {k} about lunch at the office canteen.")
    rebuild(s)
    inherited = 0
    for step in range(10):
        at = 10 * 60 + 30 + step * 7
        monkeypatch.setenv("QUIRE_NOW", f"2026-06-01T{at // 60:02d}:{at % 60:02d}:00Z")
        n = step * 10
        done = [_rekey(s, rng, n) if rng.random() < 0.5 else inc_tests._change(s, rng, n + k) for k in range(2)]
        _, _, mine, theirs = inc_tests._both(s, home, tmp_path)
        s = inc_tests._open(home)
        assert mine[2] == theirs[2], f"step {step} ({done}): the vault differs"
        assert mine[0] == theirs[0], f"step {step} ({done}): the pages table differs"
        assert mine[1] == theirs[1], f"step {step} ({done}): page sources differ"
        handed = s.db.scalar("SELECT count(*) FROM audit_log WHERE action = 'page_slug_inherited'")
        inherited = max(inherited, int(handed))
    s.close()
    assert inherited  # the sequence did hand a slug on


def test_a_renamed_note_keeps_its_pages_file_name_and_answers_to_its_old_title(session, db, tmp_path):
    """Anna married: her note renamed, its memories follow it (memory/importer.py) and her page,
    now titled Anna Nowak, stays at anna-kowalska.md, as any page whose title changes stays."""
    vault = tmp_path / "vault"
    vault.mkdir()
    lines = (
        "Friend from uni, works as a product designer at Allegro.\n\n"
        "She loves jazz and goes to the Jazz Jamboree every October.\n"
    )
    (vault / "Anna Kowalska.md").write_text(lines, encoding="utf-8")
    session.import_path(vault)
    rebuild(session)
    assert (session.wiki_dir / "anna-kowalska.md").exists()
    (vault / "Anna Kowalska.md").rename(vault / "Anna Nowak.md")
    session.import_path(vault)
    rebuild(session)
    page = pages.get(db, "anna-kowalska")
    assert (page.title, page.status) == ("Anna Nowak", "active")
    assert not (session.wiki_dir / "anna-nowak.md").exists()
    text = (session.wiki_dir / "anna-kowalska.md").read_text(encoding="utf-8")
    assert "# Anna Nowak" in text and '"Anna Kowalska"' in text.split("---")[1]  # an alias: old links resolve
    assert pages.find_slug(db, "Anna Nowak") == pages.find_slug(db, "Anna Kowalska") == "anna-kowalska"


def test_another_devices_vault_takes_the_heirs_file_as_quires_text_not_an_edit(session, db, tmp_path):
    """Devices sharing one store each keep a vault (wiki/vault_sync.py): on the other device the
    file of a slug handed on holds the old page's text, which that device wrote itself. It is
    refreshed to the heir's page, not left as if a person had edited it there."""
    _lunch(session)
    rebuild(session)
    other, cache = tmp_path / "other-vault", tmp_path / "other-cache"
    cache.mkdir()
    vault_sync.materialize(db, other, cache)
    vault_sync.record(db, other, cache)
    [(_, key, slug, _)] = _clusters(db)
    add(
        session,
        "Loose thought number 1 about lunch at the office canteen, corrected.",
        supersedes=key.rsplit(":", 1)[1],
    )
    rebuild(session)
    assert slug in vault_sync.materialize(db, other, cache)
    assert (other / f"{slug}.md").read_bytes() == (session.wiki_dir / f"{slug}.md").read_bytes()
    assert pages.scan(db, other, actor="test").edits == ()
