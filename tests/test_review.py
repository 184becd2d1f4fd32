"""The review queue: enqueue, accept/dismiss (idempotent), tombstoned dismissals, the curate CLI."""

from __future__ import annotations

import json

import pytest

from memory import audit, erase, review
from memory.capture import Rejected, Stored
from memory.errors import Conflict, InvalidInput, NotFound, QuireError, Superseded

TABS = "I prefer tabs for indentation in all my Python code"
SPACES = "I prefer spaces for indentation in all my Python code"


def pending_change(db, cap, actor="cli"):
    old = cap(TABS, type="preference")
    new = cap(SPACES, type="preference", supersedes=old.id, actor=actor)
    [item] = review.open_items(db)
    return old.id, new.id, item


def status(db, mid):
    return db.scalar("SELECT status FROM memories WHERE id = ?", (mid,))


def test_enqueue_get_and_open_items(db):
    a = review.enqueue(db, "page_revision", ["page:rust"], {"old": "old body", "new": "new body"}, actor="rebuild")
    b = review.enqueue(db, "contradiction", ["m1", "m2"], {"old": "x", "new": "y"}, actor="cli")
    item = review.get(db, a)
    assert (item.kind, item.subject_ids, item.old, item.new, item.status, item.created_by) == (
        "page_revision",
        ("page:rust",),
        "old body",
        "new body",
        "pending",
        "rebuild",
    )
    assert [i.id for i in review.open_items(db)] == [a, b]
    assert [i.id for i in review.open_items(db, kind="contradiction")] == [b]
    assert audit.entries(db, subject_id=str(a))[-1].action == "enqueue"
    with pytest.raises(InvalidInput):
        review.enqueue(db, "merge", [], {}, actor="cli")
    with pytest.raises(NotFound):
        review.get(db, 999)


def test_accept_is_idempotent_and_reports_whether_it_changed(db, cap):
    _old, _new, item = pending_change(db, cap)
    first = review.accept(db, item.id, actor="cli")
    audit_rows = db.scalar("SELECT count(*) FROM audit_log")
    second = review.accept(db, item.id, actor="cli")
    assert first.changed and not second.changed and "already accepted" in second.message
    assert db.scalar("SELECT count(*) FROM audit_log") == audit_rows  # a no-op writes nothing
    got = review.get(db, item.id)
    assert (got.status, got.resolved_by, got.choice) == ("accepted", "cli", "keep_new") and got.resolved_at
    with pytest.raises(Conflict):
        review.dismiss(db, item.id, actor="cli")


def test_dismiss_is_idempotent_rejects_and_tombstones_the_change(db, cap):
    old, new, item = pending_change(db, cap)
    first = review.dismiss(db, item.id, actor="cli")
    second = review.dismiss(db, item.id, actor="cli")
    assert first.changed and not second.changed
    assert status(db, new) == "rejected" and status(db, old) == "active"
    tomb = db.one("SELECT * FROM tombstones")
    assert (tomb["kind"], tomb["memory_id"]) == ("dismissed", new)
    with pytest.raises(Conflict):
        review.accept(db, item.id, actor="cli")


def test_a_dismissed_change_never_comes_back_through_capture(db, cap):
    old, _new, item = pending_change(db, cap, actor="mcp")
    review.dismiss(db, item.id, actor="cli")
    tomb = db.scalar("SELECT id FROM tombstones")
    for actor in ("mcp", "cli"):
        again = cap(SPACES + ".", type="preference", supersedes=old, actor=actor)
        assert isinstance(again, Rejected) and again.reason == "tombstoned"
        assert f"tombstone {tomb}" in again.detail
    assert review.open_items(db) == [] and status(db, old) == "active"


def test_a_dismissed_change_never_comes_back_through_import(session, tmp_path, cli, cap):
    old, _new, item = pending_change(session.db, cap)
    review.dismiss(session.db, item.id, actor="cli")
    path = tmp_path / "agent.jsonl"
    path.write_text(
        json.dumps({"content": SPACES, "type": "preference", "supersedes": old})
        + "\n"
        + json.dumps({"content": "  i prefer SPACES for indentation in all my python code ", "type": "preference"})
        + "\n"
    )
    out = cli("import", str(path), "--json")
    report = json.loads(out.stdout)
    assert (report["stored"], report["rejected"]) == (0, 2)
    assert all("tombstoned" in w for w in report["warnings"])
    assert review.open_items(session.db) == [] and status(session.db, old) == "active"


def test_lifting_the_tombstone_lets_the_person_propose_it_again(db, cap):
    from memory import tombstones

    old, new, item = pending_change(db, cap)
    review.dismiss(db, item.id, actor="cli")
    tombstones.lift(db, int(db.scalar("SELECT id FROM tombstones")), actor="cli")
    again = cap(SPACES, type="preference", supersedes=old)
    assert isinstance(again, Stored) and again.id != new
    assert status(db, again.id) == "pending_revision"


def test_accept_with_edited_text(db, cap):
    _old, new, item = pending_change(db, cap)
    res = review.accept(db, item.id, actor="cli", edited_text="I prefer four spaces for indentation in Python code")
    assert res.changed
    m = db.one("SELECT content, status, stability, embedding FROM memories WHERE id = ?", (new,))
    assert (m["content"], m["status"], m["stability"], m["embedding"]) == (
        "I prefer four spaces for indentation in Python code",
        "active",
        "confirmed",
        None,
    )
    assert review.get(db, item.id).new == m["content"] and review.get(db, item.id).payload["proposed"] == SPACES
    assert "edit" in [e.action for e in audit.entries(db, subject_id=new)]


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("I prefer four \u202espaces for indentation in Python code", "removed 1 invisible character"),
        ("I prefer four spaces\x01 for indentation in Python code", "removed 1 control character"),
    ],
)
def test_an_edit_the_text_policy_changed_says_so_as_a_capture_does(db, cap, edit, said):
    # Before: `curate accept --text` dropped a bidi override or a control character without a word
    # (a capture of the same text warns), so what was stored was not what the person was told.
    _old, new, item = pending_change(db, cap)
    res = review.accept(db, item.id, actor="cli", edited_text=edit)
    assert said in res.message and "edited text" in res.message
    assert (
        db.scalar("SELECT content FROM memories WHERE id = ?", (new,))
        == "I prefer four spaces for indentation in Python code"
    )


def test_a_clean_edit_adds_no_note(db, cap):
    _old, _new, item = pending_change(db, cap)
    res = review.accept(db, item.id, actor="cli", edited_text="I prefer four spaces for indentation in Python code")
    assert "edited text" not in res.message


def test_edited_text_goes_through_the_gate(db, cap):
    _old, new, item = pending_change(db, cap)
    with pytest.raises(InvalidInput):
        review.accept(db, item.id, actor="cli", edited_text="ok")
    assert review.get(db, item.id).status == "pending" and status(db, new) == "pending_revision"


def test_revision_accept_refuses_keep_old(db, cap):
    _, _, item = pending_change(db, cap)
    with pytest.raises(InvalidInput):
        review.accept(db, item.id, actor="cli", choice="keep_old")


def _stored(db) -> list:
    return [
        db.rows("SELECT id, status, superseded_by, version FROM memories ORDER BY id"),
        db.rows("SELECT id, status, payload FROM review_queue ORDER BY id"),
        db.scalar("SELECT count(*) FROM audit_log"),
    ]


def _replaced_meanwhile(db, cap):
    """A queued change of `old` (item `first`: a), then the person's later word accepted: b replaced old."""
    old = cap(TABS, type="preference")
    a = cap(SPACES, type="preference", supersedes=old.id)
    b = cap("I prefer two spaces for indentation in all my Python code", type="preference", supersedes=old.id)
    first, second = review.open_items(db)
    review.accept(db, second.id, actor="cli")
    return old, a, b, first


def test_a_queued_change_whose_memory_was_replaced_meanwhile_is_refused_and_stays_open(db, cap):
    # Before: accepting the older queued change followed the chain and retired the version the
    # person had accepted since (a "meanwhile" note the only trace). Now it is refused as capture
    # refuses an edit of a replaced memory, naming the current version; nothing stored changes.
    old, _a, b, first = _replaced_meanwhile(db, cap)
    before = _stored(db)
    with pytest.raises(Superseded) as refused:
        review.accept(db, first.id, actor="cli")
    said = str(refused.value)
    assert said.startswith(f"{old.id} was already superseded by {b.id}; accepting review item {first.id}"), said
    assert f"--over {b.id}`" in said and f"`quire curate dismiss {first.id}`" in said and "\n" not in said
    assert _stored(db) == before
    assert review.get(db, first.id).status == "pending" and status(db, b.id) == "active"
    with pytest.raises(Superseded):  # naming another version than the current one is no decision on it
        review.accept(db, first.id, actor="cli", over=old.id)
    assert _stored(db) == before


def test_the_card_of_a_change_whose_memory_was_replaced_meanwhile_names_the_current_version(db, cap, cli):
    old, _a, b, first = _replaced_meanwhile(db, cap)
    shown = cli("curate", "show", str(first.id))
    assert shown.exit_code == 0, shown.stderr
    assert f"{old.id} was replaced by {b.id} since this was queued" in shown.stdout
    assert f"`quire curate accept {first.id} --over {b.id}`" in shown.stdout


def test_a_person_who_saw_the_newer_version_replaces_it_with_the_queued_change_or_keeps_it(db, cap):
    old, a, b, first = _replaced_meanwhile(db, cap)
    done = review.accept(db, first.id, actor="cli", over=b.id)
    assert done.changed and f"{b.id} is kept in history" in done.message
    assert [status(db, x) for x in (old.id, a.id, b.id)] == ["superseded", "active", "superseded"]
    assert db.scalar("SELECT superseded_by FROM memories WHERE id = ?", (b.id,)) == a.id
    again = review.accept(db, first.id, actor="mcp")  # the same decision from another route or device
    assert not again.changed and "already accepted" in again.message


def test_a_person_who_keeps_the_newer_version_dismisses_the_queued_change(db, cap):
    old, a, b, first = _replaced_meanwhile(db, cap)
    assert review.dismiss(db, first.id, actor="cli").changed
    assert [status(db, x) for x in (old.id, a.id, b.id)] == ["superseded", "rejected", "active"]


def _chat_line(path, text: str):
    path.write_text(json.dumps({"conversation": "c-9", "role": "user", "text": text, "time": "2026-01-05"}) + "\n")
    return path


@pytest.mark.parametrize("route", ["library", "cli", "mcp"])
def test_dismissing_a_change_overtaken_by_a_later_word_leaves_its_words_free(db, cap, cli, tmp_path, route):
    # Before: the Superseded refusal sends a person to dismiss the overtaken change "to keep" the newer
    # version; the dismissal tombstoned the change's words, so saying them later (a capture, a chat
    # import) was refused as "forgotten". Closing an overtaken change judges nothing about its text.
    import quire

    old, a, b, first = _replaced_meanwhile(db, cap)
    if route == "cli":
        done = cli("curate", "dismiss", str(first.id))
        assert done.exit_code == 0, done.stderr
        said = done.stdout
    else:
        with quire.open(actor="cli" if route == "library" else "mcp") as q:
            said = q.dismiss(first.id).message
    assert "not tombstoned" in said and b.id in said, said
    assert db.scalar("SELECT count(*) FROM tombstones") == 0
    assert [status(db, x) for x in (old.id, a.id, b.id)] == ["superseded", "rejected", "active"]
    again = cli("capture", "--type", "preference", SPACES, "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["status"] == "stored", again.stderr
    [proposal] = review.open_items(db)  # proposed again, over the current version this time
    assert (proposal.payload["old_id"], status(db, proposal.payload["new_id"])) == (b.id, "pending_revision")
    imported = cli("import", str(_chat_line(tmp_path / "chat.jsonl", SPACES + " now")), "--json")
    assert json.loads(imported.stdout)["dropped"] == {}, imported.stdout


def test_dismissing_a_current_change_still_tombstones_it_and_says_dismissed_not_forgotten(db, cap, cli):
    _old, new, item = pending_change(db, cap)
    said = review.dismiss(db, item.id, actor="cli").message
    assert "tombstone" in said and "not tombstoned" not in said
    again = cli("capture", "--type", "preference", SPACES)
    assert again.exit_code == 1 and f"{new} dismissed in review" in again.stderr and "forgotten" not in again.stderr


def test_the_card_of_an_overtaken_change_says_dismissing_tombstones_nothing(db, cap, cli):
    _old, a, b, first = _replaced_meanwhile(db, cap)
    shown = cli("curate", "show", str(first.id)).stdout
    assert f"dismiss: {a.id} is rejected, its text not tombstoned ({b.id} replaced the old one since)" in shown


class Recorder:
    """A stand-in for the wiki's page-revision handler (wiki.resolve.PageRevisions)."""

    def __init__(self, fail: Exception | None = None):
        self.calls: list[tuple] = []
        self.fail = fail

    def accept(self, db, item):
        if self.fail:
            raise self.fail
        self.calls.append(("apply", item.id, item.new))
        return "applied"

    def dismiss(self, db, item):
        self.calls.append(("dismiss", item.id))
        return "kept"


def test_page_revision_is_handed_to_the_wiki(db):
    wiki = Recorder()
    a = review.enqueue(db, "page_revision", ["rust"], {"old": "a", "new": "b"}, actor="rebuild")
    b = review.enqueue(db, "page_revision", ["go"], {"old": "c", "new": "d"}, actor="rebuild")
    review.accept(db, a, actor="cli", edited_text="b, edited", handlers={"page_revision": wiki})
    review.dismiss(db, b, actor="cli", handlers={"page_revision": wiki})
    assert wiki.calls == [("apply", a, "b, edited"), ("dismiss", b)]
    assert [review.get(db, i).status for i in (a, b)] == ["accepted", "dismissed"]


def test_a_page_revision_without_the_wiki_is_refused_and_stays_open(db):
    a = review.enqueue(db, "page_revision", ["rust"], {"old": "a", "new": "b"}, actor="rebuild")
    with pytest.raises(QuireError, match="page_revision"):
        review.accept(db, a, actor="cli")
    with pytest.raises(QuireError, match="page_revision"):
        review.dismiss(db, a, actor="cli")
    assert review.get(db, a).status == "pending"


def test_a_failing_page_apply_leaves_the_item_open(db):
    a = review.enqueue(db, "page_revision", ["rust"], {"old": "a", "new": "b"}, actor="rebuild")
    with pytest.raises(Conflict):
        failing = Recorder(fail=Conflict("the page changed on disk; rebuild first"))
        review.accept(db, a, actor="cli", handlers={"page_revision": failing})
    assert review.get(db, a).status == "pending"
    assert [e.action for e in audit.entries(db, subject_id=str(a))] == ["enqueue"]


# -- the curate CLI (scripts) ------------------------------------------------------------------


def test_curate_on_an_empty_queue_says_so_and_exits_0(cli):
    for args in (("curate",), ("curate", "list")):
        out = cli(*args)
        assert out.exit_code == 0 and "queue is empty" in out.stdout
    assert json.loads(cli("curate", "list", "--json").stdout) == {"items": []}


def test_curate_without_a_terminal_lists_and_says_how_to_resolve(db, cli, cap):
    _, _new, item = pending_change(db, cap)
    out = cli("curate")
    assert out.exit_code == 0
    assert f"#{item.id}" in out.stdout and "revision" in out.stdout
    assert "quire curate accept ID" in out.stdout and "quire curate dismiss ID" in out.stdout
    assert review.get(db, item.id).status == "pending"


def test_curate_list_show_accept_dismiss_json(db, cli, cli_json, cap):
    old, _new, item = pending_change(db, cap)
    data = cli_json("curate", "list")
    [got] = data["items"]
    assert {k: got[k] for k in ("id", "kind", "status", "old", "new")} == {
        "id": item.id,
        "kind": "revision",
        "status": "pending",
        "old": TABS,
        "new": SPACES,
    }
    shown = cli_json("curate", "show", str(item.id))
    assert shown["new_memory"]["tier"] == "protected" and shown["old_memory"]["id"] == old
    text = cli("curate", "show", str(item.id)).stdout
    assert "[-tabs-]" in text and "{+spaces+}" in text and "preference (protected)" in text
    assert cli_json("curate", "accept", str(item.id))["changed"] is True
    assert cli_json("curate", "accept", str(item.id))["changed"] is False
    again = cli("curate", "dismiss", str(item.id))
    assert again.exit_code == 1 and "already accepted" in again.stderr
    assert cli_json("curate", "list")["items"] == []
    assert len(cli_json("curate", "list", "--all")["items"]) == 1


def test_curate_accept_choice_for_contradictions(db, cli, cap):
    cap("The build server runs on a Debian 11 virtual machine", type="fact")
    new = cap("The build server runs on a Debian 12 virtual machine", type="fact")
    [item] = review.open_items(db)
    out = cli("curate", "accept", str(item.id), "--choice", "keep_old")
    assert out.exit_code == 0 and "kept" in out.stdout
    assert status(db, new.id) == "superseded"
    bad = cli("curate", "accept", "1", "--choice", "keep_all")
    assert bad.exit_code == 2


def test_curate_unknown_item_exits_1(cli):
    out = cli("curate", "accept", "42")
    assert out.exit_code == 1 and "quire curate list" in out.stderr


def test_curate_does_not_import_torch(db, cap):
    from tests.conftest import run_quire

    pending_change(db, cap)
    res = run_quire("curate", "list", env={"PYTHONWARNINGS": "ignore", "PYTHONPROFILEIMPORTTIME": "1"})
    assert res.returncode == 0
    assert "torch" not in {line.split("|")[-1].strip().split(".")[0] for line in res.stderr.splitlines() if "|" in line}


def test_forgetting_an_edited_memory_forgets_the_text_it_was_captured_with(db, session, cap):
    """The pre-edit text is kept for history (item payload, audit row); a forget must reach it too."""
    from memory import erase

    _old, new, item = pending_change(db, cap)
    review.accept(db, item.id, actor="cli", edited_text="I prefer four spaces for indentation in Python code")
    assert erase.forget(db, new, actor="cli").changed
    for table, column in tombstones_text_columns(db):
        left = db.scalar(f"SELECT count(*) FROM {table} WHERE instr({column}, ?) > 0", (SPACES,))
        assert left == 0, f"{table}.{column} still holds the captured text"


def test_history_shows_the_text_a_memory_was_captured_with_before_its_edit(db, cap):
    from memory import history

    _old, new, item = pending_change(db, cap)
    review.accept(db, item.id, actor="cli", edited_text="I prefer four spaces for indentation in Python code")
    version = next(v for v in history.chain(db, new).versions if v.id == new)
    assert version.content.startswith("I prefer four spaces") and version.captured == SPACES
    untouched = next(v for v in history.chain(db, new).versions if v.id != new)
    assert untouched.captured is None


def tombstones_text_columns(db):
    from memory import tombstones

    return tombstones._text_columns(db)


def test_a_queued_change_whose_memory_was_forgotten_meanwhile_retires_nothing_when_accepted(db, cap):
    # The memory it changes was forgotten on purpose: accepting the change still makes sense (it
    # retires nothing), and the card says the old one is forgotten.
    old, new, item = pending_change(db, cap)
    erase.forget(db, old, actor="cli")
    assert review.details(db, review.get(db, item.id))["old_memory"]["status"] == "forgotten"
    done = review.accept(db, item.id, actor="cli")
    assert done.changed and status(db, new) == "active" and status(db, old) == "forgotten"


def test_a_queued_change_whose_replacement_was_forgotten_meanwhile_applies_to_the_version_current_again(db, cap):
    # Forgetting the current version makes the one it replaced current again (docs/forget.md, "A
    # version of a chain"): the change still queued for that one is a change of the current version
    # again, accepted as it was meant, without `--over` (before, it was refused, naming the forgotten id).
    old, a, b, first = _replaced_meanwhile(db, cap)
    done = erase.forget(db, b.id, actor="cli")
    assert f"{old.id}, the version it replaced, is current again" in done.message
    assert status(db, old.id) == "active"
    assert review.accept(db, first.id, actor="cli").changed
    assert status(db, a.id) == "active" and status(db, old.id) == "superseded"


def _walk(keys: str):
    """`quire curate`'s walk on this test's store with `keys` typed: (summary, what it printed)."""
    from quire import client, curate

    shown: list[str] = []
    typed = iter(keys)
    local = client.Local(actor="cli", keep=True)
    try:
        summary = curate.walk(
            lambda op, params: client.call(op, params, local=local),
            getkey=lambda: next(typed, "q"),
            echo=lambda text="", nl=True: shown.append(str(text)),
        )
    finally:
        local.close()
    return summary, "\n".join(shown)


def test_the_walk_accepts_a_change_over_the_version_that_replaced_its_memory(db, cap):
    # Before: the walk refused `a` (Superseded, naming `--over`) and had no key to do it; a person had
    # to leave the walk for `quire curate accept ID --over B`. Now `r` does, named on the keys line.
    old, a, b, first = _replaced_meanwhile(db, cap)
    summary, shown = _walk("ar")
    assert f"[r] accept over {b.id}" in shown and f"press r to accept it over {b.id}" in shown
    assert summary.accepted == 1 and f"{b.id} is kept in history" in shown
    assert [status(db, x) for x in (old.id, a.id, b.id)] == ["superseded", "active", "superseded"]
    assert review.get(db, first.id).status == "accepted"


def test_the_walk_says_r_is_only_for_a_replaced_memory(db, cap):
    _old, new, item = pending_change(db, cap)
    summary, shown = _walk("rq")
    keys_lines = [line for line in shown.split("\n") if line.startswith("[a]ccept")]
    assert keys_lines and not any("[r]" in line for line in keys_lines)
    assert "'r' (accept over a newer version) is for a change" in shown
    assert summary.accepted == 0 and review.get(db, item.id).is_open and status(db, new) == "pending_revision"


BAD_OVER = ["", "   ", "a b", "mem_\x00abc", "mem_\x01abc", "mem_" + "f" * 5000]


@pytest.mark.parametrize("over", BAD_OVER)
def test_a_malformed_over_is_a_usage_error_that_changes_nothing(db, cap, cli, over):
    # Before: `--over ''` (and a blank, a control character, a huge value) exited 1, as a domain
    # refusal does, in words that did not say what to give.
    _old, _a, _b, first = _replaced_meanwhile(db, cap)
    before = _stored(db)
    done = cli("curate", "accept", str(first.id), "--over", over)
    assert done.exit_code == 2, (done.exit_code, done.stderr)
    said = done.stderr.strip()
    assert (
        "\n" not in said and "invalid curate_accept parameters: --over: " in said
    )  # the library's words, the flag named
    assert "the version that replaced the old memory" in said
    assert _stored(db) == before


@pytest.mark.parametrize("over", BAD_OVER)
def test_a_malformed_over_is_refused_on_the_library_mcp_and_service_routes(db, cap, over):
    import quire

    _old, _a, _b, first = _replaced_meanwhile(db, cap)
    before = _stored(db)
    with quire.open() as q, pytest.raises(InvalidInput) as refused:
        q.accept(first.id, over=over)
    assert "over:" in str(refused.value) and "\x00" not in str(refused.value)
    assert _stored(db) == before


def test_an_over_naming_no_memory_is_a_domain_error_on_every_route(db, cap, cli):
    import quire

    _old, _a, b, first = _replaced_meanwhile(db, cap)
    before = _stored(db)
    done = cli("curate", "accept", str(first.id), "--over", "mem_000000000000")
    assert done.exit_code == 1 and "no memory 'mem_000000000000'" in done.stderr, done.stderr
    with quire.open(actor="mcp") as q, pytest.raises(NotFound):
        q.accept(first.id, over="mem_000000000000")
    assert _stored(db) == before
    with quire.open() as q:  # the library takes `over` as the other routes do
        assert q.accept(first.id, over=b.id).changed


@pytest.mark.parametrize("given", ["", "   "])
def test_an_empty_supersedes_is_refused_not_read_as_none(db, cap, cli, given):
    # Before: `capture --supersedes ''` (a script's unset $ID) stored a second memory linked to
    # nothing, exit 0, the memory it meant to replace still current. Now the payload refuses it, in
    # the same words on every route, and nothing is stored.
    import quire

    old = cap(TABS, type="preference")
    before = _stored(db)
    done = cli("capture", "--type", "preference", "--supersedes", given, SPACES)
    said = done.stderr.strip()
    assert (
        done.exit_code == 2  # a blank option the operation refuses: a usage error
        and said
        == "Error: invalid capture: --supersedes: is empty; give the id of the memory this one replaces, "
        "or leave it out"
    ), said  # the library's words, naming the flag typed
    with quire.open(actor="mcp") as q, pytest.raises(InvalidInput) as refused:
        q.capture(SPACES, type="preference", supersedes=given)
    assert str(refused.value) == said.removeprefix("Error: ").replace("--supersedes:", "supersedes:")
    assert _stored(db) == before and status(db, old.id) == "active"


def test_an_export_refused_for_a_tombstone_says_so_on_every_run_and_comes_in_once_it_is_lifted(db, cap, cli, tmp_path):
    # Before: the second import of the same export said "1 already present" (the refused message
    # was logged as processed), and after the person lifted the tombstone it still skipped it, so
    # the words never came in through that export.
    from memory import tombstones

    _old, _new, item = pending_change(db, cap)
    review.dismiss(db, item.id, actor="cli")
    chat = _chat_line(tmp_path / "chat.jsonl", SPACES)
    for _ in range(2):
        report = json.loads(cli("import", str(chat), "--json").stdout)
        assert (report["stored"], report["duplicates"], report["dropped"]) == (0, 0, {"tombstoned": 1}), report
    tomb = int(db.scalar("SELECT id FROM tombstones"))
    lifted = tombstones.lift(db, tomb, actor="cli")
    assert "stays rejected" in lifted.message
    report = json.loads(cli("import", str(chat), "--json").stdout)
    assert report["stored"] == 1, report
    assert db.scalar("SELECT count(*) FROM memories WHERE content = ? AND status != 'rejected'", (SPACES,)) == 1
    again = json.loads(cli("import", str(chat), "--json").stdout)
    assert (again["stored"], again["duplicates"]) == (0, 1), again  # now it is present


def test_curate_show_gives_a_page_revision_line_by_line_and_json_keeps_the_texts(session, db, cli):
    """A page revision is a page: `curate show` shows its change line by line (an added line `+ `,
    a removed one `- `, the person's own paragraph unchanged on its own line) where it printed the
    whole page as one line of words, its lines and headings run together; `--json` keeps both
    texts exact, and an escape sequence a hand edit put in the page is shown, not acted on."""
    from tests.test_page_merge import NOTE, PATRONI, _proposed

    _, item = _proposed(session, db)
    with db.transaction():
        db.execute(
            "UPDATE review_queue SET payload = ? WHERE id = ?",
            (json.dumps({**item.payload, "old": item.old + "\x1b[2J gone\n"}), item.id),
        )
    shown = cli("curate", "show", str(item.id))
    assert shown.exit_code == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert any(line.strip().startswith("+ - " + PATRONI) for line in lines), shown.stdout
    assert any(line.strip() == NOTE for line in lines), shown.stdout
    assert "\x1b" not in shown.stdout and "unchanged lines" in shown.stdout
    assert any(line.strip() == "- \\x1b[2J gone" for line in lines), shown.stdout
    data = json.loads(cli("curate", "show", str(item.id), "--json").stdout)
    assert data["payload"]["new"] == item.new and data["payload"]["old"] == item.old + "\x1b[2J gone\n"


def test_curate_show_of_a_one_line_change_stays_a_word_diff(db, cli, cap):
    _, _, item = pending_change(db, cap)
    shown = cli("curate", "show", str(item.id)).stdout
    assert "I prefer [-tabs-] {+spaces+} for indentation in all my Python code" in shown


def test_curate_list_names_a_page_revisions_page_and_why(session, db, cli):
    """`curate list` previewed a page revision by its proposed text, which begins with the page's
    frontmatter ('--- title: "Patroni" aliases: [...' , cut at 60 characters): the page and why it
    waits for the person now, as `curate show` and the review screen name it."""
    from tests.test_page_merge import _proposed

    _, item = _proposed(session, db)
    line = next(x for x in cli("curate", "list").stdout.splitlines() if x.startswith(f"#{item.id} "))
    slug = item.payload["slug"]
    assert f"page {slug} ({item.payload['reason']}" in line and "---" not in line, line
