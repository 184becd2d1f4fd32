"""Recall ranks a typed memory by what the statements table says it states (memory/statements.py),
not by reading its text again (retrieval/recall.py `_says`): a cold `quire recall` of a life question
had compiled about 320 of the life rules to read its candidates. The ranking is the one the text gives;
a note (no rows) is still read; rows that are not this quire's reading (a re-read due, or a newer
quire's) are not taken, and the text is read.
"""

from __future__ import annotations

import pytest

from memory import capture as capture_mod
from memory import life, statements
from retrieval import recall, tuning
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put, unheard

# Every one typed (a fact or an identity), so the table holds the reading of each.
TYPED = [
    ("my car is a 2015 Honda Jazz, small but it never breaks", "fact"),
    ("my dentist is Dr Alves, on the other side of town", "fact"),
    ("I work as a nurse at the children's hospital, nights this month", "identity"),
    ("I prefer window seats on long flights", "preference"),
    ("the plumber fixed the kitchen tap for a fair price", "fact"),
    ("I live in Braga now, the commute is long but the rent is half", "fact"),
]
QUESTIONS = ["where do I live now", "who is my dentist", "what is my job", "which seat do I like on a plane"]


def _ranking(session, query):
    return [(h.id, round(h.score, 9)) for h in search(session, query, k=10, touch=False, scope=ALL_SPACES).hits]


def _unread(*_args, **_kwargs):
    raise AssertionError("recall read a typed memory's text again")


@pytest.fixture
def typed_home(session, monkeypatch):
    # Every floor high: each question goes through `_stating` (does a candidate state it?) too.
    monkeypatch.setitem(tuning.FLOOR, "fake-hash-384", {"threaded": 1.0, "alone": 1.0, "unworded": 1.0, "weak": 1.0})
    said = [put(session, text, type=kind) for text, kind in TYPED]
    for i in range(30):
        put(session, f"errand {i}: the shop on the corner sells stamps and bread", type="fact")
    assert statements.current(session.db)
    return session, said


def test_a_life_question_on_a_home_read_whole_reads_no_text_and_ranks_as_the_text_does(typed_home, monkeypatch):
    session, said = typed_home
    with monkeypatch.context() as m:  # every text read again, as before
        m.setattr(recall._Run, "stated_of", lambda run, rows: {})
        before = {q: _ranking(session, q) for q in QUESTIONS}
    assert before["where do I live now"][0][0] == said[5]
    monkeypatch.setattr(life, "read", _unread)
    assert {q: _ranking(session, q) for q in QUESTIONS} == before


def test_a_note_has_no_rows_and_its_text_is_read(session, monkeypatch):
    monkeypatch.setitem(tuning.FLOOR, "fake-hash-384", {"threaded": 1.0, "alone": 1.0, "unworded": 1.0, "weak": 1.0})
    monkeypatch.setattr(capture_mod, "heard", unheard)  # a note no one read for a life (an import of captures)
    home = put(session, "I live in Braga now, the commute is long but the rent is half")  # a note: never typed
    put(session, "the plumber fixed the kitchen tap for a fair price")
    assert statements.of(session.db, home) == []
    # Stated as the text reads it (recall._stating): it clears the floor no cosine here clears.
    assert [h.id for h in search(session, "where do I live now", k=5, touch=False, scope=ALL_SPACES).hits][:1] == [home]
    monkeypatch.setattr(life, "read", _unread)
    with pytest.raises(AssertionError, match="read a typed"):
        search(session, "where do I live now", k=5, touch=False, scope=ALL_SPACES)


@pytest.mark.parametrize("recorded", [statements.READING - 1, statements.READING + 1])
def test_rows_of_another_reading_are_not_taken(typed_home, recorded):
    # A home whose rows another reading wrote (a re-read still due; a newer quire's on another device
    # of a server home): recall reads the texts with this quire's rules, as its other steps do. Shown
    # with rows that say nothing: taken, the statement of the home would not go first.
    session, said = typed_home
    statements.drop(session.db, [said[5]])
    assert said[5] not in [mid for mid, _ in _ranking(session, "where do I live now")][:1]  # (this quire's: taken)
    session.db.execute("UPDATE meta SET value = ? WHERE key = 'statements_reading'", (str(recorded),))
    assert not statements.current(session.db)
    assert _ranking(session, "where do I live now")[0][0] == said[5]


def test_each_candidates_statements_are_read_once(typed_home, monkeypatch):
    session, _ = typed_home
    reads: list[str] = []
    real = statements.of_each
    monkeypatch.setattr(statements, "of_each", lambda db, ids: reads.extend(ids) or real(db, ids))
    monkeypatch.setattr(recall.life, "read", _unread)
    search(session, "where do I live now", k=10, touch=False, scope=ALL_SPACES)
    assert reads and len(reads) == len(set(reads))  # each memory's statements read once a recall
