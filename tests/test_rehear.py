"""A person's own imported turns heard again when quire's life rules improve (memory/rehear.py).

A turn the rules of its import day did not read stays an untyped note; a rebuild (the nightly job)
whose quire reads with a newer reading hears it again, as an import with these rules would have. Older
rules are simulated as they look in a home: `memory.life.read` reading nothing in some turns while
they are imported (`older_rules`), the home's record of the reading its turns were heard with absent
(a home imported before it was kept). Each finding has its control.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from memory import correction, doctor, life, meta, rehear, review, statements
from memory.home import Home
from memory.session import Session
from tests import import_formats
from tests.server_homes import device
from wiki import rebuild as rebuild_mod

FIXTURES = Path(__file__).resolve().parent / "fixtures"

LEEDS = "I live in Leeds now, right by the station"
YORK = "I live in York now, the flat near the minster"
YORK_AGAIN = "I live in York, still love the flat near the minster"


@contextmanager
def older_rules(monkeypatch: pytest.MonkeyPatch, unread: Iterator[str] | set[str] | None = None) -> Iterator[None]:
    """The rules of an older quire while the block imports: they read nothing in the texts `unread`
    (None: in a third of all texts, by a digest of each: the same third in every run)."""
    real = life.read
    skipped = set(unread) if unread is not None else None

    def older(text: str) -> tuple[life.Said, ...]:
        if skipped is not None:
            return () if text in skipped else real(text)
        return () if int(hashlib.sha1(text.encode()).hexdigest(), 16) % 3 == 0 else real(text)

    with monkeypatch.context() as m:
        m.setattr(life, "read", older)
        m.setattr(rehear, "heard_from_the_start", lambda db: None)  # (an older quire kept no record)
        yield


def chat(tmp_path: Path, texts: list[str], name: str = "chats") -> Path:
    """The person's turns, in this order, as a ChatGPT export (a second apart)."""
    return import_formats.write("chatgpt", tmp_path / name, [("Life", texts)])


def state(db) -> tuple[list, list, list]:
    """What a person sees of their life: the open changes (attribute, was, now and the two turns), the
    turns superseded at once (by what), and each live turn's type."""
    items = sorted(
        (i.payload.get("attribute"), i.payload.get("was"), i.payload.get("now"), i.old, i.new)
        for i in review.open_items(db)
    )
    superseded = sorted(
        (r["old"], r["new"])
        for r in db.dicts(
            "SELECT o.content AS old, n.content AS new FROM memories o JOIN memories n ON n.id = o.superseded_by "
            "WHERE o.status = 'superseded'"
        )
    )
    types = sorted((r[0], r[1]) for r in db.rows("SELECT content, memory_type FROM memories WHERE status = 'active'"))
    return items, superseded, types


def about_me(db) -> str:
    """About me's text, without what names one home's rows (memory ids, item numbers)."""
    body = str(db.scalar("SELECT body FROM pages WHERE title = 'About me'") or "")
    return re.sub(r"mem_[0-9a-f]+|item \d+|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "#", body)  # (and when it was made)


def home_of(tmp_path: Path, name: str) -> Session:
    return Session(Home(tmp_path / name), actor="import")


# -- as a fresh import with these rules ---------------------------------------------------------


@pytest.mark.parametrize("person", ["dale", "dani", "sam"])
def test_a_rebuild_hears_again_what_older_rules_missed_as_a_fresh_import_would(person, tmp_path, monkeypatch):
    exports = [FIXTURES / person / name for name in ("chatgpt.json", "claude.json")]
    fresh, older = home_of(tmp_path, "fresh"), home_of(tmp_path, "older")
    try:
        for path in exports:
            fresh.import_path(path)
        with older_rules(monkeypatch):
            for path in exports:
                older.import_path(path)
        before = state(older.db)
        assert len(before[0]) < len(state(fresh.db)[0])  # the control: the older rules missed changes
        assert rehear.pending(older.db)
        summary = rebuild_mod.rebuild(older)
        assert summary.reheard and summary.reheard >= 20
        rebuild_mod.rebuild(fresh)  # (heard with these rules already: nothing changes)
        assert state(older.db) == state(fresh.db)
        assert about_me(older.db) == about_me(fresh.db) and "## Now" in about_me(older.db)
        items = review.open_ids(older.db)
        again = rebuild_mod.rebuild(older)
        assert again.reheard is None and review.open_ids(older.db) == items  # idempotent: once
        assert rehear.pending(older.db) is None and rehear.recorded(older.db) == statements.READING
    finally:
        fresh.close()
        older.close()


def test_a_change_heard_again_opens_its_item_and_shows_in_about_me(session, tmp_path, monkeypatch):
    with older_rules(monkeypatch, {YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK]))
    assert review.open_items(session.db) == []  # the control: the older rules read no move
    rebuild_mod.rebuild(session)
    (item,) = review.open_items(session.db)
    assert (item.old, item.new, item.payload["attribute"]) == (LEEDS, YORK, "home")
    assert "York" in about_me(session.db)


# -- what a person decided stays ----------------------------------------------------------------


@pytest.mark.parametrize("decision", ["dismiss", "accept"])
def test_a_change_a_person_decided_is_not_asked_again(decision, session, tmp_path, monkeypatch):
    # Leeds, then York (unread by the older rules), then York again: the import asked Leeds -> York of
    # the third turn, and the person decided. The second turn heard again says the same change.
    with older_rules(monkeypatch, {YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK, YORK_AGAIN]))
    (item,) = review.open_items(session.db)
    assert (item.old, item.new) == (LEEDS, YORK_AGAIN)
    with session.db.transaction():
        if decision == "dismiss":
            review.dismiss(session.db, item.id, actor="test")
        else:
            review.accept(session.db, item.id, actor="test")
    rebuild_mod.rebuild(session)
    assert review.open_items(session.db) == []
    assert review.get(session.db, item.id).status == ("dismissed" if decision == "dismiss" else "accepted")
    assert session.db.scalar("SELECT memory_type FROM memories WHERE content = ?", (YORK,)) == "identity"


def test_the_control_an_open_item_moves_to_the_turn_that_said_the_change_first(session, tmp_path, monkeypatch):
    with older_rules(monkeypatch, {YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK, YORK_AGAIN]))
    (before,) = review.open_items(session.db)
    rebuild_mod.rebuild(session)
    (item,) = review.open_items(session.db)  # one open item, not two: the later one only restated it
    assert (item.old, item.new) == (LEEDS, YORK) and item.id != before.id


def test_a_forgotten_or_confirmed_turn_and_a_hand_capture_are_left_as_they_are(session, cli, tmp_path, monkeypatch):
    said = ["I work at Paysora now, on the payments team", YORK, "I am a charge nurse on the night ward"]
    with older_rules(monkeypatch, set(said)):
        session.import_path(chat(tmp_path, said))
    ids = {text: session.db.scalar("SELECT id FROM memories WHERE content = ?", (text,)) for text in said}
    assert cli("forget", ids[said[0]]).exit_code == 0
    assert cli("confirm", ids[said[1]]).exit_code == 0
    typed_by_hand = cli("capture", "I live in Leeds now, the flat by the canal", "--json")
    captured = json.loads(typed_by_hand.stdout)["id"]
    items = review.open_items(session.db)
    rebuild_mod.rebuild(session)
    kinds = dict(session.db.rows("SELECT id, memory_type || ' ' || status FROM memories"))
    assert kinds[ids[said[0]]] == "note forgotten"
    assert kinds[ids[said[1]]] == "note active"  # confirmed by the person: as they left it
    # A captured note is heard when captured (tests/test_capture_heard.py), not again by the rebuild.
    assert kinds[captured] == "identity active"
    assert review.open_items(session.db) == items
    assert kinds[ids[said[2]]] == "identity active"  # the control: the untouched turn is heard


# -- whose turns ----------------------------------------------------------------------------------


def test_only_the_persons_own_turns_in_a_chat_between_people_are_heard(session, tmp_path, monkeypatch):
    # Tom imports his chat with Anna (the chat is named for her, so his turns are his own): his move to
    # York and Anna's to Bristol were read by no rule on the day.
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(
        "12/03/2024, 09:15 - Anna: Hey! How is the new flat?\n"
        f"12/03/2024, 09:16 - Tom: {LEEDS}\n"
        "13/03/2024, 10:00 - Anna: I live in Bristol now, the flat by the harbour\n"
        f"14/03/2024, 11:00 - Tom: {YORK}\n",
        encoding="utf-8",
    )
    bristol = "I live in Bristol now, the flat by the harbour"
    with older_rules(monkeypatch, {YORK, bristol}):
        session.import_path(path)
    rebuild_mod.rebuild(session)
    (item,) = review.open_items(session.db)
    assert (item.old, item.new) == (LEEDS, YORK)
    assert session.db.scalar("SELECT memory_type FROM memories WHERE content = ?", (bristol,)) == "note"


def _anna_and_tom(tmp_path: Path) -> Path:
    """Tom's chat with Anna (named for her, so his turns are his own): his two homes, none read on the day,
    and Anna's move between them."""
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(
        f"12/03/2024, 09:15 - Tom: {LEEDS}\n13/03/2024, 10:00 - Anna: I live in Bristol now, the flat by the harbour\n"
        f"14/03/2024, 11:00 - Tom: {YORK}\n",
        encoding="utf-8",
    )
    return path


def test_a_chat_between_people_none_of_whose_turns_was_read_is_heard_by_its_owner(session, tmp_path, monkeypatch):
    # The import keeps whose turns were the person's (sessions.owner): Tom's turns are heard again though the
    # rules of the day read none of them; Anna's move stays hers.
    bristol = "I live in Bristol now, the flat by the harbour"
    with older_rules(monkeypatch, {LEEDS, YORK, bristol}):
        session.import_path(_anna_and_tom(tmp_path))
    assert review.open_items(session.db) == []  # the control: nothing read on the day
    assert session.db.scalar("SELECT owner FROM sessions") == "Tom"
    rebuild_mod.rebuild(session)
    (item,) = review.open_items(session.db)
    assert (item.old, item.new) == (LEEDS, YORK)
    assert session.db.scalar("SELECT memory_type FROM memories WHERE content = ?", (bristol,)) == "note"


def test_a_chat_imported_before_the_owner_was_kept_none_of_whose_turns_was_read_is_not_heard(
    session, tmp_path, monkeypatch
):
    # Imported by a quire that kept no owner: whose turns they were is known only by the turns the import
    # read. None read, none heard, never a friend's move taken for the person's.
    bristol = "I live in Bristol now, the flat by the harbour"
    with older_rules(monkeypatch, {LEEDS, YORK, bristol}):
        session.import_path(_anna_and_tom(tmp_path))
    with session.db.transaction():
        session.db.execute("UPDATE sessions SET owner = NULL")
    rebuild_mod.rebuild(session)
    assert review.open_items(session.db) == []
    assert {r[0] for r in session.db.rows("SELECT memory_type FROM memories")} == {"note"}


def test_a_reimport_without_me_keeps_the_owner_it_was_told(session, tmp_path, monkeypatch):
    # A group chat (no name to tell the owner by): --me names Tom; the same file imported again without
    # --me (nothing new) keeps him, and a rebuild hears his turns.
    path = tmp_path / "WhatsApp Chat with Book club.txt"
    path.write_text(
        f"12/03/2024, 09:15 - Tom: {LEEDS}\n13/03/2024, 10:00 - Anna: Lovely!\n"
        f"13/03/2024, 10:01 - Sam: I live in Bristol now, the flat by the harbour\n14/03/2024, 11:00 - Tom: {YORK}\n",
        encoding="utf-8",
    )
    with older_rules(monkeypatch, {LEEDS, YORK, "I live in Bristol now, the flat by the harbour"}):
        session.import_path(path, me="Tom")
        session.import_path(path)
    assert session.db.scalar("SELECT owner FROM sessions") == "Tom"
    rebuild_mod.rebuild(session)
    (item,) = review.open_items(session.db)
    assert (item.old, item.new) == (LEEDS, YORK)


def test_a_notes_paragraph_is_heard_and_a_jsonl_capture_is_not(session, tmp_path, monkeypatch):
    notes = import_formats.write("markdown", tmp_path / "vault", [("Journal", [LEEDS, YORK])])
    lines = tmp_path / "captures.jsonl"
    lines.write_text(json.dumps({"content": "I live in Leeds now, the flat by the canal"}) + "\n", encoding="utf-8")
    with older_rules(monkeypatch, {YORK, "I live in Leeds now, the flat by the canal"}):
        session.import_path(notes)
        session.import_path(lines)
    rebuild_mod.rebuild(session)
    kinds = dict(session.db.rows("SELECT content, memory_type FROM memories"))
    assert kinds[YORK] == "identity" and kinds[LEEDS] == "identity"
    assert kinds["I live in Leeds now, the flat by the canal"] == "note"


# -- when, and how far ----------------------------------------------------------------------------


def test_nothing_is_heard_when_the_home_was_heard_with_these_rules_or_newer(session, tmp_path, monkeypatch):
    with older_rules(monkeypatch, {YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK]))
    for version in (statements.READING, statements.READING + 1):
        with session.db.transaction():
            meta.put(session.db, "life_heard", str(version))
        assert rehear.pending(session.db) is None and rehear.rehear(session.db) is None
        assert rebuild_mod.rebuild(session).reheard is None and review.open_items(session.db) == []
    # a newer quire's hearing under way (another device of a server home): this one waits
    with session.db.transaction():
        meta.put(session.db, "life_heard", str(statements.READING - 1))
        meta.put(session.db, "life_rehearing", f"{statements.READING + 1} 0")
    assert rehear.rehear(session.db) is None and review.open_items(session.db) == []
    with session.db.transaction():  # the control: an older record, and the same home is heard
        meta.drop(session.db, "life_rehearing")
    assert rehear.rehear(session.db) == 1 and len(review.open_items(session.db)) == 1


def test_a_run_stopped_halfway_goes_on_from_its_cursor(session, tmp_path, monkeypatch):
    texts = [LEEDS, YORK, "I work at Paysora now, on the payments team", "I am a charge nurse on the night ward"]
    with older_rules(monkeypatch, set(texts)):
        session.import_path(chat(tmp_path, texts))
    seen: list[str] = []

    def stops_after_two(turns: list[tuple[str, str]]) -> correction.Heard:
        if len(seen) >= 2:
            raise KeyboardInterrupt  # killed between batches
        seen.extend(text for _, text in turns)
        return correction.read_turns(turns)

    with pytest.raises(KeyboardInterrupt):
        rehear.rehear(session.db, read=stops_after_two, batch=2)
    assert rehear.pending(session.db) == 2  # two heard and committed, two to go
    assert rehear.rehear(session.db, batch=2) == 2  # from the cursor, not from the start
    assert seen == texts[:2] and rehear.recorded(session.db) == statements.READING
    (item,) = review.open_items(session.db)
    assert (item.old, item.new) == (LEEDS, YORK)


def test_a_turn_changed_while_its_batch_is_read_is_left_as_it_is_now(session, cli, tmp_path, monkeypatch):
    with older_rules(monkeypatch, {LEEDS, YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK]))
    york = session.db.scalar("SELECT id FROM memories WHERE content = ?", (YORK,))

    def read_while_forgetting(turns: list[tuple[str, str]]) -> correction.Heard:
        assert cli("forget", york).exit_code == 0
        return correction.read_turns(turns)

    assert rehear.rehear(session.db, read=read_while_forgetting) == 2
    assert review.open_items(session.db) == []
    assert session.db.scalar("SELECT memory_type || ' ' || status FROM memories WHERE id = ?", (york,)) == (
        "note forgotten"
    )


def test_progress_on_stderr_past_the_threshold(session, tmp_path, monkeypatch, capsys):
    with older_rules(monkeypatch, {LEEDS, YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK, "thanks, the lentil soup recipe came out really well"]))
    assert rehear.rehear(session.db, batch=1, progress_from=3) == 3
    assert "hearing again what 3 of your turns say: 3" in capsys.readouterr().err
    with session.db.transaction():
        meta.drop(session.db, "life_heard")
    assert rehear.rehear(session.db, batch=1, progress_from=2) == 1  # (the thanks only: the rest are typed now)
    assert capsys.readouterr().err == ""  # under it: quiet


def test_doctor_says_when_a_hearing_is_due(session, cli, tmp_path, monkeypatch):
    with older_rules(monkeypatch, {YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK]))
    checks = json.loads(cli("doctor", "--json").stdout)["checks"]
    (note,) = [c for c in checks if c["name"] == "hearing"]
    assert note["ok"] and note["detail"].startswith("pending: 1 untyped turn of yours")
    assert "`quire rebuild`" in note["fix"]
    assert json.loads(cli("rebuild", "--json").stdout)["reheard"] == 1
    checks = json.loads(cli("doctor", "--json").stdout)["checks"]
    assert not [c for c in checks if c["name"] == "hearing"]  # heard: nothing to say
    assert [c for c in doctor.doctor(Home(session.home.root)).checks if c.name == "statements"]


def test_a_batch_writes_in_short_transactions_each_moving_the_cursor(session, tmp_path, monkeypatch):
    # The write lock is held for a few turns that state something at a time (rehear.WRITE_TYPED), not a
    # whole batch: killed in the second, the first stays written and the cursor past it.
    texts = [LEEDS, YORK, "I work at Paysora now, on the payments team", "I am a charge nurse on the night ward"]
    with older_rules(monkeypatch, set(texts)):
        session.import_path(chat(tmp_path, texts))
    monkeypatch.setattr(rehear, "WRITE_TYPED", 1)
    act_on, calls = correction.act_on, []

    def killed_in_the_second(*args, **kw):
        calls.append(args[1].typed)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return act_on(*args, **kw)

    monkeypatch.setattr(correction, "act_on", killed_in_the_second)
    with pytest.raises(KeyboardInterrupt):
        rehear.rehear(session.db, batch=4)
    assert [len(typed) for typed in calls] == [1, 1]
    assert rehear.pending(session.db) == 3  # the first written, the rest to go
    monkeypatch.setattr(correction, "act_on", act_on)
    assert rehear.rehear(session.db, batch=4) == 3
    assert len(review.open_items(session.db)) == 1


def test_a_home_imported_with_these_rules_is_heard_again_once_and_nothing_changes(session, tmp_path):
    # A home imported before the record was kept, by a quire with these very rules: the first rebuild
    # hears its turns again (it cannot tell), and finds what the import found: no item, no type, no
    # mark again (a role-play marked at import is not marked twice).
    played = (
        "let's role-play an interview so I can practise. you be the recruiter and ask me things. ok I'm the "
        "candidate now: my job is head pastry chef at the Ritz, my job is mostly early shifts and my job title "
        "is pastry chef"
    )
    session.import_path(chat(tmp_path, [LEEDS, played, YORK, "the lentil soup recipe came out really well"]))
    with session.db.transaction():  # (imported before the record was kept: this quire's import keeps it)
        meta.drop(session.db, "life_heard")
    assert session.db.scalar("SELECT structured_fields FROM memories WHERE content = ?", (played,)) == (
        correction.PLAYED_FIELDS
    )
    before = state(session.db)
    actions = "SELECT count(*) FROM audit_log WHERE action IN ('type_life', 'mark_played', 'enqueue')"
    logged = session.db.scalar(actions)
    assert rehear.pending(session.db) == 2  # the control: due, as in a home imported a month ago
    assert rebuild_mod.rebuild(session).reheard == 2
    assert state(session.db) == before and session.db.scalar(actions) == logged


def test_a_server_home_is_heard_again_by_one_device_only(tmp_path, sqld_url, quire_home, monkeypatch):
    laptop = device(tmp_path, "laptop", sqld_url)
    phone = device(tmp_path, "phone", sqld_url)
    try:
        with older_rules(monkeypatch, {YORK}):
            laptop.import_path(chat(tmp_path, [LEEDS, YORK]))
        assert rehear.pending(phone.db) == 1
        assert rebuild_mod.rebuild(phone).reheard == 1
        assert rebuild_mod.rebuild(laptop).reheard is None  # the phone did it for both
        (item,) = review.open_items(laptop.db)
        assert (item.old, item.new) == (LEEDS, YORK)
    finally:
        laptop.close()
        phone.close()


def test_a_new_home_imported_with_these_rules_is_not_heard_again(session, tmp_path):
    """A home that held no turn of the person's records this reading at its first import: its first rebuild
    hears nothing again (before, a fresh import's every untyped turn was read a second time that night)."""
    session.import_path(chat(tmp_path, [LEEDS, YORK, "the lentil soup recipe came out really well"]))
    assert rehear.recorded(session.db) == statements.READING
    assert rehear.pending(session.db) is None and rebuild_mod.rebuild(session).reheard is None
    with session.db.transaction():  # the control: without the record the same home is heard again
        meta.drop(session.db, "life_heard")
    assert rehear.pending(session.db) == 1


def test_a_home_an_older_quire_imported_into_keeps_no_record_at_the_next_import(session, tmp_path, monkeypatch):
    with older_rules(monkeypatch, {YORK}):
        session.import_path(chat(tmp_path, [LEEDS, YORK]))
    session.import_path(chat(tmp_path, ["I moved to Hull in the spring, near the marina"], name="more"))
    assert rehear.recorded(session.db) == 0 and rehear.pending(session.db)
