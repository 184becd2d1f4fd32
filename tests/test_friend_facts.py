"""What a friend says of their own life answers a question about them by name: between people each
states their life in the first person ("I moved to Lisbon last week", Anna's turn), so "where does
Anna live" is asked of Anna's turns as "where do I live" is of the person's (memory/life.asked_of,
retrieval/recall._said_by). A WhatsApp chat with Anna, imported with `--me Tom`, had answered
"where does Anna live" with nothing close (the real model) and, with the floor off, her January
home above her February move with Tom's own home between them."""

from __future__ import annotations

from pathlib import Path

import pytest

import quire
from memory import life
from memory.session import Session

CHAT = (
    "03/01/2024, 09:00 - Anna: I live in Kraków and I love it here\n"
    "03/01/2024, 09:05 - Tom: I live in Porto, by the river\n"
    "09/02/2024, 10:00 - Anna: How is the new place?\n"
    "09/02/2024, 10:02 - Anna: I moved to Lisbon last week, the flat is great\n"
    "10/02/2024, 10:02 - Tom: I work at Farfetch as a designer\n"
    "11/03/2024, 10:02 - Anna: I quit my job at the bakery\n"
)


@pytest.mark.parametrize(
    ("question", "who", "attributes"),
    [
        ("where does Anna live", "anna", {"home"}),
        ("Where does Anna work now?", "anna", {"employer"}),
        ("what is Anna's job", "anna", {"role"}),
        ("what's Anna’s job", "anna", {"role"}),
        ("is Anna married", "anna", {"relationship"}),
        ("where is Anna from", "anna", {"origin"}),
        # (session 44: "who is my partner" asks who they are with now, the relationship too, as "who am i dating")
        ("who is Anna's partner", "anna", {"partner", "name:partner", "relationship"}),
        ("what car does Anna drive", "anna", {"car"}),
    ],
)
def test_a_question_about_someone_by_name_asks_their_attribute(question, who, attributes):
    assert life.about_someone_else(question) == who
    assert life.asked(question) == {f"other:{who}"}
    assert life.asked_of(question, who) == attributes


@pytest.mark.parametrize(
    ("question", "who"),
    [("what is my sister's job", "sister"), ("where is my sister from", "sister"), ("Is my sister married", "sister")],
)
def test_a_question_about_a_relation_is_not_about_the_person(question, who):
    """ "what is my sister's job" had asked for the person's own role."""
    assert life.about_someone_else(question) == who
    assert life.asked(question) == {f"other:{who}"}


@pytest.mark.parametrize(
    ("question", "attributes"),
    [
        ("What's my job", {"role"}),
        ("what is my job", {"role"}),
        ("where do I live", {"home"}),
        # a name asked, not her life (and a child's by either word for one: "my kids. Ama is 14", session 41)
        ("what's my daughter's name", {"name:daughter", "name:child", "name:kid"}),
        ("what's my wife's name", {"name:partner"}),
    ],
)
def test_the_persons_own_questions_stay_theirs(question, attributes):
    """The control: a wh-word's "'s" is no name ("What's my job")."""
    assert life.about_someone_else(question) is None
    assert life.asked(question) == attributes


def _chat(cli_json, tmp_path):
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(CHAT, encoding="utf-8")
    cli_json("import", str(path), "--me", "Tom")


def _recall(cli_json, question: str) -> list[str]:
    return [r["content"] for r in cli_json("recall", question, "-k", "3")["results"]]


def test_a_friends_newest_statement_answers_where_they_live(cli_json, tmp_path):
    _chat(cli_json, tmp_path)
    got = _recall(cli_json, "where does Anna live")
    assert got[:2] == ["I moved to Lisbon last week, the flat is great", "I live in Kraków and I love it here"], got


@pytest.mark.parametrize("question", ["where does anna live", "Where does ANNA live now?"])
def test_a_friends_name_typed_in_lower_case_is_her_name(cli_json, tmp_path, question):
    """People type questions in lower case: a name someone in the home's chats speaks under is theirs."""
    _chat(cli_json, tmp_path)
    hits = cli_json("recall", question, "-k", "3")["results"]
    assert hits[0]["content"] == "I moved to Lisbon last week, the flat is great", hits
    assert "theirs" in hits[0]["multipliers"], hits[0]


def test_a_lower_case_word_that_is_no_speaker_names_no_one(cli_json, tmp_path):
    """The control: "does it", "does tom's" for a Tom who never speaks move nothing."""
    _chat(cli_json, tmp_path)
    for question in ("where does it live", "where does maria live"):
        hits = cli_json("recall", question, "-k", "3")["results"]
        assert all("theirs" not in (h.get("multipliers") or {}) for h in hits), (question, hits)


def test_a_question_of_where_a_friend_lived_before_moves_nothing(cli_json, tmp_path):
    """The control: what was is not what is; no turn is put first for it."""
    _chat(cli_json, tmp_path)
    hits = cli_json("recall", "where did Anna live before", "-k", "3")["results"]
    assert all("theirs" not in (h.get("multipliers") or {}) for h in hits), hits


def test_the_persons_own_question_is_not_answered_by_a_friends_turn_first(cli_json, tmp_path):
    _chat(cli_json, tmp_path)
    assert _recall(cli_json, "where do I live")[0] == "I live in Porto, by the river"


@pytest.mark.model
def test_with_the_real_model_where_a_friend_lives_is_answered_not_nothing_close(cli_json, tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    _chat(cli_json, tmp_path)
    assert _recall(cli_json, "where does Anna live")[0] == "I moved to Lisbon last week, the flat is great"


NINA = Path(__file__).parent / "fixtures" / "chats" / "WhatsApp Chat with Nina.txt"


def test_a_turn_between_people_is_embedded_with_who_says_it_and_who_said_the_one_before(session):
    """The names are in the cue (embedded with the turn, and in the cue's words): "Nina:" alone
    for her first turn; "Tom: How was the weekend?" and "Nina:" for her answer."""
    session.import_path(NINA, me="Tom")
    cues = dict(session.db.rows("SELECT content, retrieval_cue FROM memories"))
    assert cues["Hey! How was the weekend?"] == "Tom:"
    assert cues["Pickle. She's a grey tabby from the shelter in Gentbrugge"] == "Tom: NO. Name??\nNina:"


@pytest.mark.model
def test_with_the_real_model_questions_about_a_friend_by_name_find_her_turns(tmp_path, monkeypatch):
    """A friend's WhatsApp chat: her name was only in the sender field, so a question naming her met
    her turns under the floor, and 7 of these 10 came back with nothing close."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    home = quire.open(tmp_path / "home")
    home.import_path(NINA, me="Tom")

    def top(question: str, k: int = 3) -> list[str]:
        return [h.content for h in home.recall(question, k=k, detail=True).results]

    asked = {
        "what class is Nina taking": "pottery class",
        "where does Nina work": "Work is crazy",
        "what is the name of Nina's cat": "Pickle",
        "why can't Nina come to the birthday": "my sister is visiting",
        "does Nina have a pet": "adopted a cat",
        "where does Nina's sister live": "from Lyon",
    }
    for question, answer in asked.items():
        assert any(answer in text for text in top(question)), (question, top(question))
    assert top("where does Nina live")[0].startswith("Exhausting but good. We finally got the keys"), top(
        "where does Nina live"
    )
    for question in ("what is Nina's job", "what did Nina make in pottery"):
        assert top(question), question  # answered, not nothing close


def _as_before_the_names(quire_home, forget: str | None = None) -> dict[str, str]:
    """Nina's chat imported (and one turn forgotten), then its cues set back to what an import gave
    before migration 23 (the turn before alone; none on the first), as a home made then holds them:
    content -> cue."""
    with Session(actor="test") as s:
        s.import_path(NINA, me="Tom")
    if forget:
        with quire.open(quire_home) as q:
            q.forget(q.recall(forget, k=1, detail=True).results[0].id)
    with Session(actor="test") as s:
        with s.db.transaction():
            for mid, cue in s.db.rows("SELECT id, retrieval_cue FROM memories"):
                said = cue.rsplit("\n", 1)[0] if "\n" in cue else ""  # "Tom: NO. Name??\nNina:"
                old = said.split(": ", 1)[1] if said else ""
                s.db.execute("UPDATE memories SET retrieval_cue = ?, lex_cue = ? WHERE id = ?", (old, old, mid))
            s.db.execute("DELETE FROM migrations WHERE number >= 23")  # and the ones after it, as then
            s.db.execute("DROP TABLE statements")  # (migration 24's)
        s.db.execute("PRAGMA user_version = 22")
        assert s.db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'cue:nina'") == 0
        return dict(s.db.rows("SELECT content, retrieval_cue FROM memories"))


def test_a_home_made_before_names_its_turns_cues_when_opened(quire_home):
    before = _as_before_the_names(quire_home)
    assert before["Pickle. She's a grey tabby from the shelter in Gentbrugge"] == "NO. Name??"
    with Session(actor="test") as s:
        cues = dict(s.db.rows("SELECT content, retrieval_cue FROM memories"))
        # the turn before was refused (too short): its words stay the cue, and who says this one is added
        assert cues["Pickle. She's a grey tabby from the shelter in Gentbrugge"] == "NO. Name??\nNina:"
        assert cues["She already destroyed the curtains"] == "Tom: Pickle is a perfect name\nNina:"
        assert cues["Hey! How was the weekend?"] == "Tom:"
        # the words of the names are in the index: the cue's fold was written after it
        hit = s.db.scalar("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'cue:nina'")
        assert hit >= 12, hit  # her turns, and the turns that answer hers
        assert s.db.scalar("SELECT count(*) FROM audit_log WHERE action = 'cues_name_speakers'") == 1


def test_a_cue_set_otherwise_or_after_a_forgotten_turn_is_left_as_it_is(quire_home):
    """The turn after a forgotten one had its cue scrubbed by the forget: the migration never puts
    the forgotten words back, nor touches a cue that is not the one the import gave."""
    forgotten = "Near the Korenmarkt, third floor, no lift haha"
    before = _as_before_the_names(quire_home, forget=forgotten)
    after_it = "Your legs will thank you"
    mine = "Pickle is a perfect name"
    with Session(actor="test") as s:
        s.db.execute("UPDATE memories SET retrieval_cue = 'my own cue' WHERE content = ?", (mine,))
        s.db.execute("DELETE FROM migrations WHERE number >= 23")
        s.db.execute("DROP TABLE statements")
        s.db.execute("PRAGMA user_version = 22")
    with Session(actor="test") as s:
        cues = dict(s.db.rows("SELECT content, retrieval_cue FROM memories"))
    assert "Korenmarkt" not in before[after_it] and cues[after_it] == f"{before[after_it]}\nTom:".lstrip("\n")
    assert "Korenmarkt" not in cues[after_it], cues[after_it]
    assert cues[mine] == "my own cue\nTom:"  # its words kept, who says it added


def test_a_chat_with_one_other_person_needs_no_me(session, tmp_path):
    """`quire import "WhatsApp Chat with Nina.txt"`, as the README shows it: the file names the
    other person, so the other sender is you (said in a warning). It had read no one's turns as the
    person's: no About me, nothing to review."""
    chat = tmp_path / "WhatsApp Chat with Nina.txt"
    chat.write_text(
        NINA.read_text(encoding="utf-8") + "21/04/2024, 08:00 - Tom: I moved to Antwerp last week\n", "utf-8"
    )
    report = session.import_path(chat)
    toms = sum(" - Tom: " in line for line in chat.read_text(encoding="utf-8").splitlines())
    assert report.mine == toms == 13, report
    assert any("messages from 'Tom' are read as yours" in w for w in report.warnings), report.warnings


@pytest.mark.parametrize(
    ("name", "extra"),
    [
        ("WhatsApp Chat with Nina.txt", "21/04/2024, 08:00 - Marco: Who's bringing the cake?\n"),  # a group
        ("WhatsApp Chat with Marco.txt", ""),  # named for no sender
        ("chat.txt", ""),
    ],
)
def test_a_group_or_a_file_named_otherwise_takes_no_one_as_you(session, tmp_path, name, extra):
    chat = tmp_path / name
    chat.write_text(NINA.read_text(encoding="utf-8") + extra, "utf-8")
    report = session.import_path(chat)
    assert report.mine == 0 and not any("read as yours" in w for w in report.warnings), report


@pytest.mark.parametrize(
    ("text", "home", "kind"),
    [
        ("Exhausting but good. We finally got the keys to the new flat in Ghent", "gent", None),
        ("We got the keys to our new place in Leeds!", "leeds", None),
        # (the kind of home said with where it is: memory/life.py `_STUDENT`)
        ("I picked up the keys for my new apartment in Porto today", "porto", "apartment"),
    ],
)
def test_a_move_said_by_its_keys_is_a_home(text, home, kind):
    expected = [("home", home)] + ([("dwelling", kind)] if kind else [])
    assert [(s.attribute, s.value) for s in life.read(text)] == expected


@pytest.mark.parametrize(
    "text",
    ["I got the keys to the office in Leeds", "She got the keys to her new flat in Ghent", "Lost my keys in Porto"],
)
def test_keys_that_are_not_the_persons_new_home_read_none(text):
    assert [s for s in life.read(text) if s.attribute == "home"] == []
