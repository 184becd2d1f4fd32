"""What a friend says of their own life answers a question about them by name: between people each
states their life in the first person ("I moved to Lisbon last week", Anna's turn), so "where does
Anna live" is asked of Anna's turns as "where do I live" is of the person's (memory/life.asked_of,
retrieval/recall._said_by). A WhatsApp chat with Anna, imported with `--me Tom`, had answered
"where does Anna live" with nothing close (the real model) and, with the floor off, her January
home above her February move with Tom's own home between them."""

from __future__ import annotations

import pytest

from memory import life

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
        ("who is Anna's partner", "anna", {"partner", "name:partner"}),
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
    [("What's my job", {"role"}), ("what is my job", {"role"}), ("where do I live", {"home"})],
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
