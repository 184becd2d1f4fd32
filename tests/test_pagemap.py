"""Page maps: fingerprints, insert-only suggestions, tombstoned dismissals, revision guard, CLI."""

from __future__ import annotations

import pytest

from memory import erase, migrations
from memory.errors import Conflict, InvalidInput
from memory.models import parse_payload
from memory.tokens import name_key
from tests.test_synth import add, rebuild
from wiki import pagemap, pages, synth
from wiki.rebuild import plan


def _page(session, n: int = 3):
    for i in range(n):
        add(session, f"Redis shard number {i} holds session tokens for the web tier.", entities=["Redis", f"Shard{i}"])
    add(session, "Shard0 runs on the older hardware in rack seven.", entities=["Shard0"])
    rebuild(session)
    return pages.get(session.db, "redis")


def _node(db, page_id: str, ref_kind: str, ref_id: str) -> pagemap.Node:
    return next(n for n in pagemap.nodes(db, page_id) if n.ref_kind == ref_kind and n.ref_id == ref_id)


def test_fingerprint_layout_and_separator_rejection():
    assert pagemap.fingerprint("memory", "mem_1", "~") == "memory\x1fmem_1\x1f~"
    assert pagemap.fingerprint("memory", "mem_1", "section\x1fp#fact") == "memory\x1fmem_1\x1fsection\x1fp#fact"
    with pytest.raises(InvalidInput, match="U\\+001F"):
        pagemap.fingerprint("memory", "mem\x1f1", "~")
    with pytest.raises(InvalidInput):
        pagemap.fingerprint("mem\x1fory", "x", "~")
    with pytest.raises(InvalidInput):
        pagemap.fingerprint("bogus", "x", "~")


def test_tree_fingerprints_use_parent_refs(session, db):
    page = _page(session)
    nodes = pagemap.nodes(db, page.id)
    root = next(n for n in nodes if n.parent_id is None)
    assert root.fingerprint == f"page\x1f{page.id}\x1f~"
    section = next(n for n in nodes if n.ref_kind == "section")
    assert section.fingerprint.endswith("\x1f~") and section.parent_id == root.id
    memory = next(n for n in nodes if n.ref_kind == "memory")
    assert memory.fingerprint.endswith(f"\x1fsection\x1f{section.ref_id}") and memory.parent_id == section.id


def test_suggest_outcomes_are_named(session, db):
    """A new node is Created, the same one again a Duplicate that changes nothing, a dismissed one
    Tombstoned: the pass never updates a row it finds."""
    page = _page(session)
    offer = pagemap.Proposal(sections=(), entities=("newthing",), pages=())
    first = pagemap.suggest(db, page.id, offer)
    node = next(n for n in first.nodes if n.ref_id == "newthing")
    again = pagemap.suggest(db, page.id, offer)
    assert (first.created, again.created, again.duplicate) == (1, 0, 1)
    assert again.revision == first.revision  # nothing created, no new revision
    assert pagemap.get_node(db, page.id, node.fingerprint) == node  # the duplicate changed nothing
    pagemap.change(db, "redis", node.id, "dismiss", actor="test")
    blocked = pagemap.suggest(db, page.id, offer)
    assert (blocked.created, blocked.tombstoned) == (0, 1)
    assert pagemap.get_node(db, page.id, node.fingerprint).status == "dismissed"


def test_a_dismissed_node_never_returns(session, db, cli):
    page = _page(session)
    shard = _node(db, page.id, "entity", "shard1")
    memory = next(n for n in pagemap.nodes(db, page.id) if n.ref_kind == "memory")
    assert cli("map", "dismiss", "redis", shard.id[:8]).exit_code == 0
    assert cli("map", "dismiss", "redis", memory.id).exit_code == 0
    spec = next(s for s in synth.synthesize(db) if s.key == page.key)
    for i in range(50):
        pagemap.suggest(db, page.id, pagemap.proposal(spec, ()))  # a bare suggestion pass
        if i % 10 == 0:
            add(session, f"Redis eviction run {i} freed memory on the cache tier.", entities=["Redis"])
            rebuild(session)
    for n in (shard, memory):
        row = db.one("SELECT status, decided_by FROM page_map_nodes WHERE id = ?", (n.id,))
        assert row == {"status": "dismissed", "decided_by": "cli"}
    assert (
        db.scalar(
            "SELECT count(*) FROM page_map_nodes WHERE page_id = ? AND fingerprint = ?", (page.id, shard.fingerprint)
        )
        == 1
    )
    body = (session.wiki_dir / "redis.md").read_text()
    mermaid = body.split("```mermaid")[1].split("```")[0]
    assert "Shard1" not in mermaid and "Shard0" in mermaid


def test_a_dismissed_entity_does_not_come_back_as_its_page_nor_the_page_as_the_entity(session, db):
    """An entity node and the node of the entity's own page are one subject: Shard1 dismissed as
    an entity stayed off the map only until a second memory gave Shard1 a page, then came back as
    a page node; the page node dismissed came back as the entity once the page went."""
    page = _page(session)
    pagemap.change(db, "redis", _node(db, page.id, "entity", "shard1").id, "dismiss", actor="test")
    add(session, "Shard1 was moved to the newer hardware in rack two.", entities=["Shard1"])
    rebuild(session)
    shard1_page = synth.page_id_for("entity::shard1")
    assert pages.get(db, "shard1").id == shard1_page  # it has a page now, linked from Redis's
    assert not [n for n in pagemap.nodes(db, page.id) if n.ref_id == shard1_page]
    mermaid = (session.wiki_dir / "redis.md").read_text().split("```mermaid")[1].split("```")[0]
    assert "Shard1" not in mermaid and "Shard0" in mermaid

    shard0_page = synth.page_id_for("entity::shard0")
    pagemap.change(db, "redis", _node(db, page.id, "page", shard0_page).id, "dismiss", actor="test")
    lone = db.scalar("SELECT id FROM memories WHERE content LIKE 'Shard0 runs%'")
    erase.forget(db, lone, actor="test")  # Shard0 is left with one memory: no page of its own
    rebuild(session)
    assert not [n for n in pagemap.nodes(db, page.id) if n.ref_kind == "entity" and n.ref_id == "shard0"]


def test_an_entity_dismissed_under_a_key_since_refolded_stays_dismissed(session, db):
    """Migration 22 refolds entity keys ("straße" became "strasse") and merges the twins: a node
    dismissed under the old key came back under the new one."""
    page = _page(session)
    node = _node(db, page.id, "entity", "shard2")
    pagemap.change(db, "redis", node.id, "dismiss", actor="test")
    old = pagemap.fingerprint("entity", "SHARD2", "~")  # a key as an older quire wrote it
    db.execute(
        "UPDATE page_map_nodes SET id = ?, ref_id = 'SHARD2', fingerprint = ? WHERE id = ?",
        (pagemap.node_id(page.id, old), old, node.id),
    )
    rebuild(session, full=True)
    assert [
        n.status for n in pagemap.nodes(db, page.id) if n.ref_kind == "entity" and "shard2" in n.ref_id.lower()
    ] == ["dismissed"]


def test_a_dismissed_memory_does_not_come_back_as_its_correction_nor_under_changed(session, db):
    """A decision dismissed from the map came back twice once it was superseded: its new version as
    a new node under Decisions, and the old one under Changed."""
    page = _page(session)
    old = add(session, "We decided Redis keeps sessions for seven days.", type="decision", entities=["Redis"])
    rebuild(session)
    pagemap.change(db, "redis", _node(db, page.id, "memory", old).id, "dismiss", actor="test")
    new = add(
        session, "We decided Redis keeps sessions for thirty days.", type="decision", entities=["Redis"], supersedes=old
    )
    rebuild(session)
    assert "## Changed" in (session.wiki_dir / "redis.md").read_text()  # the old one is on the page, off the map
    drawn = [(n.ref_id, n.status) for n in pagemap.nodes(db, page.id) if n.ref_id in (old, new)]
    assert drawn == [(old, "dismissed")]
    mermaid = (session.wiki_dir / "redis.md").read_text().split("```mermaid")[1].split("```")[0]
    assert "seven days" not in mermaid and "thirty days" not in mermaid


def test_dismissing_a_section_hides_its_branch_and_accept_undoes_it(session, db):
    page = _page(session)
    section = next(n for n in pagemap.nodes(db, page.id) if n.ref_kind == "section")
    change = pagemap.change(db, "redis", section.id, "dismiss", actor="test")
    assert change.changed and len(change.affected) >= 2  # the section and its memories
    assert all(
        db.scalar("SELECT status FROM page_map_nodes WHERE id = ?", (nid,)) == "dismissed" for nid in change.affected
    )
    rebuild(session)
    assert "    Notes" not in (session.wiki_dir / "redis.md").read_text()
    again = pagemap.change(db, "redis", section.id, "dismiss", actor="test")
    assert not again.changed
    undo = pagemap.change(db, "redis", section.id, "accept", actor="test")
    assert undo.changed and "undone" in undo.message
    rebuild(session)
    assert "    Notes" in (session.wiki_dir / "redis.md").read_text()


def test_the_suggestion_pass_cannot_update_a_pinned_or_accepted_row(session, db):
    page = _page(session)
    node = _node(db, page.id, "entity", "shard2")
    pagemap.change(db, "redis", node.id, "pin", actor="test")
    pagemap.change(db, "redis", node.id, "accept", actor="test")
    before = db.one("SELECT * FROM page_map_nodes WHERE id = ?", (node.id,))
    item = next(i for i in plan(db).items if i.key == page.key)  # the same proposal the rebuild made
    report = pagemap.suggest(db, page.id, pagemap.proposal(item.spec, item.links))
    assert report.created == 0 and report.duplicate > 0
    assert db.one("SELECT * FROM page_map_nodes WHERE id = ?", (node.id,)) == before


def test_revision_guard_refuses_a_stale_base(session, db, cli):
    page = _page(session)
    base = pagemap.revision(db, page.id)
    a = _node(db, page.id, "entity", "shard1")
    b = _node(db, page.id, "entity", "shard2")
    pagemap.change(db, "redis", a.id, "pin", actor="one", base_revision=base)
    with pytest.raises(Conflict, match="changed meanwhile"):
        pagemap.change(db, "redis", b.id, "pin", actor="two", base_revision=base)
    assert db.scalar("SELECT pinned FROM page_map_nodes WHERE id = ?", (b.id,)) == 0  # nothing half-applied
    result = cli("map", "pin", "redis", b.id, "--revision", str(base))
    assert result.exit_code == 1 and "quire map redis" in result.stderr


def test_root_cannot_be_dismissed(session, db):
    page = _page(session)
    root = next(n for n in pagemap.nodes(db, page.id) if n.parent_id is None)
    with pytest.raises(InvalidInput, match="root"):
        pagemap.change(db, "redis", root.id, "dismiss", actor="test")


def test_map_cli_show_prefix_and_errors(session, db, cli, cli_json):
    page = _page(session)
    data = cli_json("map", "redis")
    assert data["page"] == "redis" and data["revision"] == pagemap.revision(db, page.id)
    kinds = {n["ref_kind"] for n in data["nodes"]}
    assert kinds == {"page", "section", "memory", "entity"}
    assert all(n["ref_state"] == "live" for n in data["nodes"])
    text = cli("map", "redis")
    assert text.exit_code == 0 and "section: Notes" in text.stdout
    ambiguous = cli("map", "pin", "redis", "n")
    assert ambiguous.exit_code == 1 and "matches" in ambiguous.stderr
    missing = cli("map", "pin", "redis", "zzz")
    assert missing.exit_code == 1 and "quire map redis" in missing.stderr
    assert cli("map", "pin", "nosuchpage", "n1").exit_code == 1
    node = next(n for n in data["nodes"] if n["ref_kind"] == "entity")
    pinned = cli_json("map", "pin", "redis", node["id"])
    assert pinned["changed"] and pinned["node"]["pinned"]
    assert not cli_json("map", "pin", "redis", node["id"])["changed"]
    accepted = cli_json("map", "accept", "redis", node["id"])
    assert accepted["node"]["status"] == "active"
    assert db.scalar("SELECT count(*) FROM audit_log WHERE action IN ('map_pin', 'map_accept')") == 2


def test_forgotten_memory_node_becomes_dangling_and_leaves_the_mermaid(session, db):

    page = _page(session)
    mem = next(n for n in pagemap.nodes(db, page.id) if n.ref_kind == "memory")
    erase.forget(db, mem.ref_id, actor="test")
    rebuild(session)
    shown = pagemap.show(db, "redis")
    state = next(n for n in shown["nodes"] if n["id"] == mem.id)
    assert state["ref_state"] == "dangling" and state["status"] != "dismissed"
    assert mem.ref_id not in (session.wiki_dir / "redis.md").read_text()


def test_new_sections_are_map_nodes_with_the_same_tombstone_rule(session, db):
    page = _page(session)
    add(session, "Should the Redis shards move to the new rack before the spring sale?", entities=["Redis"])
    add(session, "The web tier runbook says to flush Redis before a failover.", entities=["Web tier"])
    add(session, "The web tier autoscaler adds two nodes at eighty percent load.", entities=["Web tier"])
    rebuild(session)
    body = (session.wiki_dir / "redis.md").read_text()
    mermaid = body.split("```mermaid")[1].split("```")[0]
    assert "    Open questions\n      Should the Redis shards move" in mermaid
    assert "    Web tier\n" in mermaid  # the page naming Redis ("Mentioned in") is a page node
    opened = _node(db, page.id, "section", f"{page.id}#open")
    assert opened.fingerprint == f"section\x1f{page.id}#open\x1f~"
    pagemap.change(db, "redis", opened.id, "dismiss", actor="test")
    add(session, "Is the Redis maxmemory policy still allkeys-lru after the upgrade?", entities=["Redis"])
    rebuild(session)
    mermaid = (session.wiki_dir / "redis.md").read_text().split("```mermaid")[1].split("```")[0]
    assert (
        "Open questions" not in mermaid
        and db.scalar("SELECT status FROM page_map_nodes WHERE id = ?", (opened.id,)) == "dismissed"
    )
    live = {n["ref_id"]: n["ref_state"] for n in pagemap.show(db, "redis")["nodes"] if n["ref_kind"] == "section"}
    assert live[f"{page.id}#open"] == "live"


def _twins(session, db, *, twin_first: bool) -> tuple[str, str, str]:
    """Two entities a store at schema 21 could hold apart ("ＬＥＤＧＥＲ" kept its old key beside
    "ledger", migration 21), each with its page: (the twin's page id, the twin's memory, the ledger page id)."""
    if twin_first:
        db.execute("INSERT INTO entities(name, name_key, created_at) VALUES ('ＬＥＤＧＥＲ', 'ｌｅｄｇｅｒ', 'x')")
    for i in range(2):
        add(session, f"The ledger export number {i} runs nightly on the batch host.", entities=["Ledger"])
    if not twin_first:
        db.execute("INSERT INTO entities(name, name_key, created_at) VALUES ('ＬＥＤＧＥＲ', 'ｌｅｄｇｅｒ', 'x')")
    twin = db.scalar("SELECT id FROM entities WHERE name_key = 'ｌｅｄｇｅｒ'")
    mids = [add(session, f"The ledger archive {n} keeps seven years of invoices.") for n in ("one", "two")]
    db.executemany("INSERT INTO memory_entities(memory_id, entity_id) VALUES (?, ?)", [(m, twin) for m in mids])
    rebuild(session, full=True)
    return synth.page_id_for("entity::ｌｅｄｇｅｒ"), mids[0], synth.page_id_for("entity::ledger")


@pytest.mark.parametrize(("twin_first", "dismissed"), [(False, "memory"), (True, "memory"), (False, "section")])
def test_a_dismissal_on_a_merged_twins_page_stays_dismissed_on_the_page_it_joins(session, db, twin_first, dismissed):
    """Migration 22 merges entities whose names fold to one key: the twin's page went with its
    entity, and a memory a person had dismissed from that page's map came back on the merged page.
    A section dismissed there hides what it held, not the merged page's other memories in it."""
    twin_page, mid, ledger_page = _twins(session, db, twin_first=twin_first)
    slug = db.scalar("SELECT slug FROM pages WHERE id = ?", (twin_page,))
    node = _node(db, twin_page, "memory", mid)
    pagemap.change(db, slug, node.parent_id if dismissed == "section" else node.id, "dismiss", actor="cli")
    db.execute("PRAGMA user_version = 21")  # as the store was before this quire
    db.execute("DELETE FROM migrations WHERE number >= 22")
    db.execute("DROP TABLE statements")  # (migration 24's: a store before 22 had none)
    migrations.apply(db)
    assert db.scalar("SELECT count(*) FROM entities WHERE name_key = 'ledger'") == 1
    rebuild(session)
    merged = pages.by_id(db, ledger_page)
    assert merged.status == "active" and mid in (session.wiki_dir / f"{merged.slug}.md").read_text()
    assert [(n.status, n.decided_by) for n in pagemap.nodes(db, ledger_page) if n.ref_id == mid] == [
        ("dismissed", "cli")
    ]
    mermaid = (session.wiki_dir / f"{merged.slug}.md").read_text().split("```mermaid")[1].split("```")[0]
    assert "archive one" not in mermaid and "ledger export number 0" in mermaid
    assert ("archive two" in mermaid) == (dismissed == "memory")
    assert not pagemap.nodes(db, twin_page)  # the twin's map went with it, not left to come back


def test_a_dismissal_on_a_page_whose_entity_key_was_refolded_stays_dismissed(session, db):
    """Migration 21 refolds a lone entity's key ("ａｐｉ" became "api"): its page is another page
    then, and what a person had dismissed from the old one's map came back on it."""
    db.execute("INSERT INTO entities(name, name_key, created_at) VALUES ('ＡＰＩ', 'ａｐｉ', 'x')")
    entity = db.scalar("SELECT id FROM entities WHERE name_key = 'ａｐｉ'")
    mids = [add(session, f"The API gateway {n} rejects unsigned requests.") for n in ("north", "south")]
    db.executemany("INSERT INTO memory_entities(memory_id, entity_id) VALUES (?, ?)", [(m, entity) for m in mids])
    rebuild(session, full=True)
    old_page = synth.page_id_for("entity::ａｐｉ")
    slug = db.scalar("SELECT slug FROM pages WHERE id = ?", (old_page,))
    pagemap.change(db, slug, _node(db, old_page, "memory", mids[0]).id, "dismiss", actor="cli")
    assert migrations._refold_entities(db) == 1
    rebuild(session)
    new_page = synth.page_id_for("entity::api")
    assert [n.status for n in pagemap.nodes(db, new_page) if n.ref_id == mids[0]] == ["dismissed"]
    assert [n.status for n in pagemap.nodes(db, new_page) if n.ref_id == mids[1]] == ["suggested"]


def test_a_dismissed_link_to_a_merged_twins_page_stays_dismissed_as_the_link_to_the_page_it_joins(session, db):
    """Another page's map linked to the twin's page; a person dismissed that node, and once
    migration 22 merged the twins the link came back as the merged page's node."""
    for n in ("one", "two"):
        add(session, f"Redis replica {n} serves the ledger reports.", entities=["Redis"])
    twin_page, _, ledger_page = _twins(session, db, twin_first=False)
    db.executemany(  # the twin's memories mention Redis too: Redis's page links to the twin's page
        "INSERT INTO memory_entities(memory_id, entity_id) SELECT memory_id, (SELECT id FROM entities "
        "WHERE name_key = 'redis') FROM memory_entities WHERE entity_id = ?",
        [(db.scalar("SELECT id FROM entities WHERE name_key = 'ｌｅｄｇｅｒ'"),)],
    )
    rebuild(session, full=True)
    redis = pages.get(db, "redis")
    link = next(n for n in pagemap.nodes(db, redis.id) if n.ref_id in (twin_page, "ｌｅｄｇｅｒ"))
    pagemap.change(db, "redis", link.id, "dismiss", actor="cli")
    db.execute("PRAGMA user_version = 21")
    db.execute("DELETE FROM migrations WHERE number >= 22")
    db.execute("DROP TABLE statements")  # (migration 24's: a store before 22 had none)
    migrations.apply(db)
    rebuild(session)
    drawn = [n for n in pagemap.nodes(db, redis.id) if n.ref_id in (ledger_page, "ledger") and n.status != "dismissed"]
    assert drawn == []
    mermaid = (session.wiki_dir / "redis.md").read_text().split("```mermaid")[1].split("```")[0]
    assert [line for line in mermaid.splitlines() if name_key(line) == "ledger"] == []


def _cluster_pages(db) -> list[tuple[str, str, str]]:
    return db.rows("SELECT id, key, slug FROM pages WHERE kind = 'cluster' AND status = 'active' ORDER BY id")


@pytest.mark.parametrize("how", ["forget", "supersede"])
def test_map_decisions_on_a_cluster_page_follow_it_when_reclustering_gives_it_a_new_key(session, db, how):
    """A cluster page is keyed by its first member: when that one leaves (forgotten, corrected) the
    nightly re-clustering makes the same cluster a page of another key, and a memory a person had
    dismissed from the old page's map (or pinned on it) came back undecided on the new one."""
    for n in range(1, 6):
        add(session, f"Loose thought number {n} about lunch at the office canteen.")
    rebuild(session)
    [(old_page, key, slug)] = _cluster_pages(db)
    first = key.rsplit(":", 1)[1]
    members = [n for n in pagemap.nodes(db, old_page) if n.ref_kind == "memory" and n.ref_id != first]
    dismissed, pinned = members[0], members[1]
    pagemap.change(db, slug, dismissed.id, "dismiss", actor="cli")
    pagemap.change(db, slug, pinned.id, "pin", actor="cli")
    if how == "forget":
        erase.forget(db, first, actor="test")
    else:
        session.capture(
            parse_payload(
                {"content": "Loose thought number 1 about lunch at the office canteen, corrected.", "supersedes": first}
            )
        )
    rebuild(session)
    [(new_page, new_key, _)] = _cluster_pages(db)
    assert new_page != old_page and new_key != key  # re-keyed
    decided = {n.ref_id: (n.status, n.pinned, n.decided_by) for n in pagemap.nodes(db, new_page) if n.decided_by}
    assert decided.get(dismissed.ref_id) == ("dismissed", False, "cli")
    assert decided.get(pinned.ref_id) == (pinned.status, True, "cli")
    assert not pagemap.nodes(db, old_page)  # the old map went with its page, not left to come back


def test_a_cluster_page_carries_its_decisions_only_to_the_one_new_cluster_that_mostly_holds_it(session, db):
    for n in range(1, 6):
        add(session, f"Loose thought number {n} about lunch at the office canteen.")
    rebuild(session)
    [(old_page, _, _)] = _cluster_pages(db)
    five = sorted(r[0] for r in db.rows("SELECT memory_id FROM page_sources WHERE page_id = ?", (old_page,)))
    assert len(five) == 5
    assert pagemap.reclustered(db, [old_page], {"p_a": frozenset(five[:4])}) == {"p_a": [old_page]}
    assert pagemap.reclustered(db, [old_page], {"p_a": frozenset([*five[:3], "mem_x"])}) == {"p_a": [old_page]}
    assert pagemap.reclustered(db, [old_page], {"p_a": frozenset(five[:2])}) == {}  # 2 of 5: another cluster
    split = {"p_a": frozenset(five[:3]), "p_b": frozenset(five[2:])}  # 3 of 5 each: neither is the page
    assert pagemap.reclustered(db, [old_page], split) == {}
