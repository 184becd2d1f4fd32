"""Supersede by tier, the contradiction pre-filter, history chains and as-of recall."""

from __future__ import annotations

import pytest

from memory import audit, erase, review, spaces
from memory.correction import bigram_jaccard, may_contradict
from memory.errors import Forgotten, Superseded
from memory.history import chain

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"


def row(db, mid):
    return db.one("SELECT * FROM memories WHERE id = ?", (mid,))


# -- supersede by tier ------------------------------------------------------------------------


def test_ephemeral_supersede_applies_silently_and_keeps_the_old_row(db, cap):
    old = cap("Buy oat milk and coffee beans on the way home tonight", valid_from="2024-01-01")
    new = cap("Buy soy milk and coffee beans on the way home tonight", supersedes=old.id, valid_from="2024-02-01")
    assert new.warnings == ()
    o, n = row(db, old.id), row(db, new.id)
    assert (o["status"], o["superseded_by"], o["valid_to"]) == ("superseded", new.id, "2024-02-01T00:00:00Z")
    assert (n["status"], n["supersedes"], n["stability"]) == ("active", old.id, "new")
    assert [e.action for e in audit.entries(db, subject_id=old.id)].count("supersede") == 1


def test_standard_supersede_applies_unconfirmed_and_says_so(db, cap):
    old = cap("The staging database runs PostgreSQL 14 on a single node", type="fact")
    new = cap("The staging database runs PostgreSQL 16 on a single node", type="fact", supersedes=old.id)
    assert any("unconfirmed" in w and f"quire confirm {new.id}" in w for w in new.warnings)
    assert row(db, old.id)["status"] == "superseded"
    assert row(db, new.id)["stability"] == "new"
    assert review.open_items(db) == []  # applied without a person


def test_decision_supersede_archives_the_old_one_visible(db, cap):
    from memory.store import VISIBLE

    old = cap("We decided to host the blog on a small VPS we manage ourselves", type="decision")
    new = cap("We decided to host the blog on a static site service instead", type="decision", supersedes=old.id)
    o = row(db, old.id)
    assert o["status"] == "archived" and o["status"] in VISIBLE
    assert o["valid_to"] == row(db, new.id)["valid_from"]
    assert row(db, new.id)["supersede_mode"] == "archive"


@pytest.mark.parametrize("actor", ["cli", "mcp"])
def test_protected_change_never_lands_without_accept(db, actor, cap):
    old = cap(TABS, type="preference")
    new = cap(SPACES, type="preference", supersedes=old.id, actor=actor)
    o, n = row(db, old.id), row(db, new.id)
    assert (o["status"], o["valid_to"], o["superseded_by"]) == ("active", None, None)
    assert n["status"] == "pending_revision"
    [item] = review.open_items(db)
    assert (item.kind, item.payload["new_id"], item.payload["old_id"]) == ("revision", new.id, old.id)
    assert any(f"quire curate accept {item.id}" in w for w in new.warnings)

    res = review.accept(db, item.id, actor="cli")
    assert res.changed
    o, n = row(db, old.id), row(db, new.id)
    assert (n["status"], n["stability"]) == ("active", "confirmed")
    assert (o["status"], o["superseded_by"], o["valid_to"]) == ("superseded", new.id, n["valid_from"])


def test_a_note_cannot_quietly_replace_a_preference(db, cap):
    old = cap(TABS, type="preference")
    new = cap("Actually spaces are fine for indentation in Python now", supersedes=old.id)  # type note
    assert row(db, new.id)["status"] == "pending_revision"
    assert row(db, old.id)["status"] == "active"


def test_supersede_of_a_forgotten_memory_is_refused_not_stored_as_a_new_one(db, cap):
    # It was stored as a plain new memory: an edit queued offline on a device that had not heard of
    # the forget brought the forgotten words back (tests/test_offline.py has the two devices).
    old = cap("The office wifi password rotates every first Monday of the month", type="fact")
    erase.forget(db, old.id, actor="cli")
    before = db.scalar("SELECT count(*) FROM memories")
    with pytest.raises(Forgotten, match=r"forgotten on purpose.*`quire recall QUERY`\. Nothing was stored"):
        cap("The office wifi password rotates every first Monday of the quarter", type="fact", supersedes=old.id)
    assert db.scalar("SELECT count(*) FROM memories") == before


def test_supersede_of_an_old_version_is_refused_naming_the_current_one(db, cap):
    # Before: it replaced the current version (b) quietly, with a warning; b may be a later word
    # from another device. Now: refused (Superseded, a Conflict), naming b; nothing stored.
    a = cap("The team standup happens at nine in the morning daily", type="fact")
    b = cap("The team standup happens at ten in the morning daily", type="fact", supersedes=a.id)
    c = cap("The team standup happens at eleven in the morning daily", type="fact", supersedes=b.id)
    before = db.scalar("SELECT count(*) FROM memories")
    with pytest.raises(
        Superseded,
        match=rf"{a.id} was already superseded by {b.id} \(its current version is {c.id}\); supersede {c.id} instead",
    ):
        cap("The team standup happens at noon daily", type="fact", supersedes=a.id)
    assert db.scalar("SELECT count(*) FROM memories") == before
    assert row(db, c.id)["status"] == "active" and row(db, a.id)["superseded_by"] == b.id


def test_history_shows_the_chain_both_ways_with_dates_and_statuses(db, cap):
    a = cap("The release train leaves every second Tuesday at noon", type="fact", valid_from="2024-01-01")
    b = cap(
        "The release train leaves every Tuesday at noon sharp",
        type="fact",
        supersedes=a.id,
        valid_from="2024-03-01",
    )
    c = cap(
        "The release train leaves every Wednesday at noon sharp",
        type="fact",
        supersedes=b.id,
        valid_from="2024-06-01",
    )
    for focus in (a.id, b.id, c.id):
        h = chain(db, focus)
        assert [v.id for v in h.versions] == [a.id, b.id, c.id]
        assert h.current == c.id
    v = chain(db, b.id).versions
    assert [(x.status, x.valid_from[:10], (x.valid_to or "")[:10]) for x in v] == [
        ("superseded", "2024-01-01", "2024-03-01"),
        ("superseded", "2024-03-01", "2024-06-01"),
        ("active", "2024-06-01", ""),
    ]


def test_history_cli_marks_the_focus_and_shows_pending_proposals(db, cli, cap):
    old = cap(TABS, type="preference")
    new = cap(SPACES, type="preference", supersedes=old.id)
    out = cli("history", old.id)
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines[0].startswith("*") and old.id in lines[0] and "active" in lines[0]
    assert new.id in lines[1] and "pending_revision" in lines[1] and "review #1 revision pending" in lines[1]


# -- as-of recall -----------------------------------------------------------------------------


def test_as_of_recall_returns_the_old_value_before_the_change_and_the_new_after(session, cap):
    from retrieval.recall import recall

    db = session.db
    old = cap("The billing service stores invoices in PostgreSQL", type="fact", valid_from="2023-01-10")
    new = cap(
        "The billing service stores invoices in SQLite files",
        type="fact",
        supersedes=old.id,
        valid_from="2024-05-01",
    )
    assert row(db, old.id)["valid_to"] == "2024-05-01T00:00:00Z"

    def ids(as_of):
        return [h.id for h in recall(session, "billing service invoices", as_of=as_of, touch=False)]

    assert ids("2023-06-01") == [old.id]
    assert ids("2024-04-30") == [old.id]
    assert ids("2024-05-01") == [new.id]
    assert ids("2025-01-01") == [new.id]
    assert ids("2022-01-01") == []
    assert [h.id for h in recall(session, "billing service invoices", touch=False)] == [new.id]


def test_as_of_after_accepting_a_protected_change(session, cap):
    from retrieval.recall import recall

    db = session.db
    old = cap(TABS, type="preference", valid_from="2023-01-01")
    new = cap(SPACES, type="preference", supersedes=old.id, valid_from="2024-01-01")
    before = [h.id for h in recall(session, "indentation Python", as_of="2024-06-01", touch=False)]
    assert before == [old.id]  # pending: the old one stays current, in the past and now
    review.accept(db, review.open_items(db)[0].id, actor="cli")
    assert [h.id for h in recall(session, "indentation Python", as_of="2023-06-01", touch=False)] == [old.id]
    assert [h.id for h in recall(session, "indentation Python", as_of="2024-06-01", touch=False)] == [new.id]


# -- contradiction pre-filter -------------------------------------------------------------------


def test_bigram_jaccard():
    assert bigram_jaccard("", "") == 1.0
    assert bigram_jaccard("abc", "abc") == 1.0
    assert bigram_jaccard("ab", "cd") == 0.0
    assert bigram_jaccard("Night", "night") == 1.0
    assert bigram_jaccard("night", "nacht") == pytest.approx(1 / 7)  # {ni,ig,gh,ht} vs {na,ac,ch,ht}


def test_structured_fields_rules():
    pref = lambda p, w: {"preference": p, "applies_when": w}  # noqa: E731
    assert may_contradict("preference", pref("tabs", "writing Python"), "", pref("spaces", "writing python code"), "")
    assert may_contradict("preference", pref("tabs", "writing Python"), "", pref("TABS", "writing Python"), "") is None
    assert (
        may_contradict("preference", pref("tabs", "writing Python"), "", pref("spaces", "cooking dinner"), "") is None
    )
    dec = lambda d, c: {"decision": d, "context": c}  # noqa: E731
    assert may_contradict("decision", dec("PostgreSQL", "billing store"), "", dec("SQLite", "billing store"), "")
    assert may_contradict("identity", {"claim": "lives in Berlin"}, "", {"claim": "lives in Bern"}, "")
    assert may_contradict("identity", {"claim": "lives in Berlin"}, "", {"claim": "lives in Berlin"}, "") is None
    assert (
        may_contradict(
            "fact", {"claim": "port is 5432", "domain": "db"}, "", {"claim": "port is 5433", "domain": "web"}, ""
        )
        is None
    )
    assert may_contradict("fact", {"claim": "port is 5432", "domain": "db"}, "", {"claim": "port is 5433"}, "")
    assert may_contradict("lesson", {"claim": "a"}, "x", {"claim": "b"}, "y") is None


def test_content_stands_in_for_missing_fields():
    assert may_contradict("preference", {}, TABS, {}, SPACES)
    assert may_contradict("preference", {}, TABS, {}, "I like dark mode in every editor I use") is None
    assert may_contradict(
        "fact", {}, "My name is Alice and I live in Berlin", {}, "My name is Alice and I live in Munich"
    )
    assert (
        may_contradict(
            "fact", {}, "The deploy script needs the AWS region set", {}, "Coffee in the morning before standup helps"
        )
        is None
    )


def test_a_restatement_that_only_adds_words_is_not_a_contradiction():
    short = "The build server runs on a Debian virtual machine"
    assert may_contradict("fact", {}, short, {}, short + " in the basement rack") is None
    assert may_contradict("fact", {}, short + " in the basement rack", {}, short) is None
    # What is added is a negation or a change word: that is a change, not a restatement.
    assert may_contradict("fact", {}, "I eat meat at home every day", {}, "I don't eat meat at home every day")
    assert may_contradict("fact", {}, "I live in Berlin with my family", {}, "I used to live in Berlin with my family")
    assert may_contradict(
        "fact", {}, "I live in Berlin with my family", {}, "I no longer live in Berlin with my family"
    )
    # A replaced word is still caught; so is an added word when the sides are given as claims.
    assert may_contradict("fact", {}, short, {}, "The build server runs on a Fedora virtual machine")
    assert may_contradict("fact", {"claim": "runs Debian"}, "", {"claim": "runs Debian in the rack"}, "")


def test_a_relative_day_dates_an_event_and_is_no_changed_value():
    from memory.correction import changed_value

    class_on = "My cocktail class meets {} at the community centre downtown"
    assert changed_value(class_on.format("on Thursday"), class_on.format("on Fridays"))
    assert not changed_value(class_on.format("last Thursday"), class_on.format("last Friday"))
    assert not changed_value(class_on.format("next Thursday"), class_on.format("this Friday"))


def test_importing_restatements_queues_nothing(db, cap):
    cap("The build server runs on a Debian virtual machine", type="fact")
    cap("The build server runs on a Debian virtual machine in the basement rack", type="fact")
    assert review.open_items(db) == []
    cap("The build server runs on a Fedora virtual machine in the basement rack", type="fact")
    assert len(review.open_items(db)) == 1


def test_standard_contradiction_is_queued_with_both_previews(db, cap):
    old = cap("We decided to use PostgreSQL for the billing service", type="decision")
    new = cap("We decided to use SQLite for the billing service", type="decision")
    [item] = review.open_items(db)
    assert item.kind == "contradiction" and (item.old, item.new) == (
        row(db, old.id)["content"],
        row(db, new.id)["content"],
    )
    assert any(f"review item {item.id}" in w for w in new.warnings)
    assert row(db, new.id)["status"] == "active" and row(db, old.id)["status"] == "active"


def test_contradiction_check_stays_within_type_and_space(db, cap):
    spaces.add(db, "work")
    cap("We decided to use PostgreSQL for the billing service", type="decision")
    cap("We decided to use SQLite for the billing service", type="decision", space="work")
    cap("We decided to use MySQL for the billing service", type="fact")
    cap("Water the balcony plants every Sunday morning before ten", type="decision")
    assert review.open_items(db) == []


def test_a_persons_conflicting_preference_also_waits_for_a_person(db, cap):
    # The Protected rule does not depend on the route; the CLI used to apply it at once.
    old = cap(TABS, type="preference")
    new = cap(SPACES, type="preference")
    [item] = review.open_items(db)
    assert item.kind == "revision" and item.payload["pending"] is True
    assert row(db, new.id)["status"] == "pending_revision" and row(db, old.id)["status"] == "active"
    review.accept(db, item.id, actor="cli")
    assert row(db, new.id)["status"] == "active" and row(db, old.id)["status"] == "superseded"


def test_an_agents_conflicting_preference_waits_for_a_person(db, cap):
    old = cap(TABS, type="preference")
    new = cap(SPACES, type="preference", actor="mcp")
    assert row(db, new.id)["status"] == "pending_revision"
    assert row(db, old.id)["status"] == "active"
    [item] = review.open_items(db)
    review.accept(db, item.id, actor="cli")
    assert row(db, new.id)["status"] == "active" and row(db, old.id)["status"] == "superseded"


def test_one_capture_raises_at_most_one_item_with_its_candidates_inside(db, cap):
    for city in ("Berlin", "Bremen", "Bonn", "Basel", "Bern"):
        cap(f"The company headquarters are located in {city} Germany", type="fact")
    before = len(review.open_items(db))
    new = cap("The company headquarters are located in Hamburg Germany", type="fact")
    items = [i for i in review.open_items(db) if i.payload.get("new_id") == new.id]
    assert len(review.open_items(db)) - before == 1 and len(items) == 1
    assert len(items[0].payload["candidates"]) == 2


@pytest.mark.parametrize("choice", ["keep_new", "keep_old", "keep_both"])
def test_contradiction_choices(db, choice, cap):
    old = cap("The build server runs on a Debian 11 virtual machine", type="fact", valid_from="2024-01-01")
    new = cap("The build server runs on a Debian 12 virtual machine", type="fact", valid_from="2024-05-01")
    [item] = review.open_items(db)
    res = review.accept(db, item.id, actor="cli", choice=choice)
    assert res.changed and review.get(db, item.id).choice == choice
    o, n = row(db, old.id), row(db, new.id)
    if choice == "keep_new":
        assert (o["status"], o["valid_to"], n["status"], n["stability"]) == (
            "superseded",
            "2024-05-01T00:00:00Z",
            "active",
            "confirmed",
        )
    elif choice == "keep_old":
        assert (n["status"], n["valid_to"], o["status"], o["stability"]) == (
            "superseded",
            n["valid_from"],
            "active",
            "confirmed",
        )
    else:
        assert (o["status"], n["status"]) == ("active", "active")


def test_a_contradiction_said_before_offers_the_later_word_as_the_change(db, cap):
    """A vault's June note imported before its January one (alphabetical), or a JSONL line of last
    year: the review item offered the older statement as the change, and accepting it made it
    current."""
    june = cap("We decided to use SQLite for the billing service", type="decision", valid_from="2026-06-01")
    january = cap("We decided to use PostgreSQL for the billing service", type="decision", valid_from="2026-01-10")
    [item] = review.open_items(db)
    assert item.kind == "contradiction" and (item.payload["old_id"], item.payload["new_id"]) == (january.id, june.id)
    review.accept(db, item.id, actor="cli")
    assert row(db, june.id)["status"] == "active" and row(db, january.id)["status"] != "active"


def test_a_preference_said_before_is_history_not_a_held_change(db, cap):
    now = cap(SPACES, type="preference", valid_from="2026-06-01")
    before = cap(TABS, type="preference", valid_from="2025-01-01")
    [item] = review.open_items(db)
    assert item.kind == "revision" and item.payload["pending"] is False
    assert (item.payload["old_id"], item.payload["new_id"]) == (before.id, now.id)
    assert row(db, now.id)["status"] == "active"  # the later word stays current; nothing is held
    assert any("said later" in w for w in before.warnings)
    review.accept(db, item.id, actor="cli")
    assert row(db, now.id)["status"] == "active" and row(db, before.id)["status"] == "superseded"


def test_a_vaults_later_note_read_first_is_the_change_it_names(session, tmp_path):
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "a.md").write_text("---\ndate: 2026-06-01\n---\n- We decided to host the wiki on a Hetzner box.\n")
    (vault / "b.md").write_text("---\ndate: 2026-01-10\n---\n- We decided to host the wiki on a Linode box.\n")
    session.import_path(vault)
    [item] = review.open_items(session.db)
    assert "Hetzner" in item.new and "Linode" in item.old
