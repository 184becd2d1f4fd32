"""An eighth person's life in chats (tests/fixtures/retiree), written blind after session 20: no
rule, no recall code and no other fixture's answers or chats read. Dale, a widower in his late 60s,
sells the house in Dayton and moves near his daughter in Mesa; fourteen things change, each said
in passing inside a question, lowercase and run-on ("ever since i landed here in mesa", "the walls
in this sunland village double wide", "my regular now is a nurse practitioner, jen okafor", "now
that its all at desert financial", "the 9 oclock at queen of peace", "they got me on this losartan").

Measured blind (the real model): 0 of 14 changes found, no memory of his typed at all (55 notes),
0 false items, the current value first for 8 of 23 questions, 3 of 4 foreign questions flagged
("what kind of guitar do I play" answers with his pickleball). Capitalising his "i" and his proper
nouns changes none of it: the phrasings are what goes unread. These are floors: a general rule
that starts reading him may raise them, none may lower them, and nothing he says in passing (a
buddy's move, his son's new job, a truck he did not buy, a pasted insurance letter naming a doctor
he never saw) may open an item.

Session 25 (general rules, none in his words alone: a doctor named with where they work, "X, my
dentist", a practice named after its noun, a pet named before its breed, shifts, a trade plied for
someone; a question of what was lifts no current value): 11 of 14 found, 17 of 23 first (real model).
"""

from __future__ import annotations

import pytest

from eval import lifechanges

FOUND = 12  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 16  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today: each must stay first
    "what city do I live in",
    "who is my dentist",
    "what sport do I play",
    "what was my late wife's name",
    "what's my daughter's name",
    "what am I allergic to",
    "where did I work before I retired",
    "when is my birthday",
    # read by meaning (recall._newest_of_kind: the newest of his turns about the kind of thing asked)
    "what phone do I have",
    "what is my dog's name",
    # read from the closed vocabularies (memory/vocab.py: a pharmacy, a car, a bank, a carrier, a medicine)
    "which pharmacy do I use",
    "what car do I drive",
    "which bank do I use",
    "who is my cell phone provider",
    "what blood pressure medicine do I take",
    # read by general rules written after (memory/life.py: a doctor named with where they work and a nurse
    # practitioner, a practice named after the noun, a pet named before its breed, shifts and a trade
    # plied for someone; a question of what was lifts no current value, memory/life.asks_past)
    "where do I work these days",
    "who is my doctor",
    # a relation named by a name ("my son greg", "my mama danuta": memory/life.kin_named)
    "what's my son's name",
    # grandchildren by their grade after the word for them ("tyler's in 7th": memory/life.kin_implied, life20)
    "what are my grandkids' names",
    # the kind of home he lives in ("this sunland village double wide": memory/life.py "dwelling")
    "what kind of home do I live in",
    # facts said in passing ("they say im O negative", "im a navy man": memory/life.py `_IN_PASSING`)
    "what is my blood type",
    "which branch of the military did I serve in",
    "which church do I go to",  # "the 9 oclock at queen of peace": a mass by its hour at a church's name
]
UNFLAGGED_REAL: list[str] = []  # none finds something close since life24 ("what kind of guitar": `life.asked`)


@pytest.fixture(scope="module")
def measured() -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(lifechanges.RETIREE)


def test_nothing_he_says_in_passing_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 14


def test_what_is_read_of_him_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_his_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.RETIREE)
    assert result["false_items"] == []
    assert result["found"] >= FOUND
    first = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in first] == []
    assert [f["question"] for f in result["foreign_asked"] if not f["flagged"]] in ([], UNFLAGGED_REAL)
