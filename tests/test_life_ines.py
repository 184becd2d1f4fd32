"""A twenty-third person's life in chats (tests/fixtures/ines), written blind in session 38: no rule, no
recall code and no other fixture's answers or chats read. Inês Carvalho, a Portuguese novelist who writes
in English, goes from a flat in Totterdown (Bristol) to a flat in Alfama (Lisbon) to a house in Sintra;
from teaching part-time at UWE to writing full time; from Gillian Pryce to Sarah Hurst (Curtis Brown) as
her agent; from Saltmarsh Press to Faber, under a new pen name (Nell Lobo); from Tom (they split up) to
Rui; and changes bank, mobile network, doctor, tax status (NHR), writing app, adopts a podengo and buys a
Fiat Panda. She mostly workshops fiction with the assistant: first-person stories that move to Faro,
start at a bakery, are left for the dentist, marry, bring a dog home from a shelter; her detective's bio;
a plot "what if" (quits the police, moves to Faro); role-play as her detective ("I've just been made
chief inspector"); a pasted rejection letter; a friend's memoir query. Her voice: articulate, wry, long
paragraphs, British spelling, the odd Portuguese word.

Measured blind (session 38, the real model): 2 of 15 changes found (Lisbon -> Sintra, no car -> the
Fiat Panda), 4 items of which 2 are false, the current value first for 9 of 20 questions, 4 of 5 foreign
questions flagged ("what colour was my first car?" finds the Panda's insurance turn). The fake embedder:
2 found, the same 2 false items, 8 of 20 first. The false items, both today:
- home "Faro -> Lisbon": the old statement is her first-person short story ("I moved to Faro the summer my
  father died"), read as her home; her Bristol flat ("our flat in Totterdown") is never read as a home,
  so the true Bristol -> Lisbon change is missed and this item pairs fiction with her move;
- role "full-time writer -> freelance writer": "I'm officially a full-time writer" against "I'm a freelance
  writer with income from UK publishers" (the NHR turn), a restatement; the true change (part-time at UWE
  -> full-time writer) is missed.
These are floors: a general rule may raise them, none may lower them, and no item beyond these two may
open (the test below holds the list; a rule that removes one of them should shorten it).
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 2  # changes found today (either embedder)
RANK1_FAKE = 8  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (9 of 20): each must stay first
    "where am I living these days?",
    "who's publishing my books now?",
    "what name do my crime novels come out under?",
    "which bank do I use now?",
    "which mobile network am I on?",
    "what car do I drive?",
    "where was I born?",
    "what am I allergic to?",
    "when is my birthday?",
]
UNFLAGGED_REAL = ["what colour was my first car?"]  # the foreign questions that find something close today
FALSE_TODAY = (  # the opening words of the items the key does not name, today: none other may open
    "Sorry, slow week, we finally moved to Lisbon",  # paired with her short story's move to Faro
    "Good news on the dullest front: my NHR status came through",  # "I'm a freelance writer", a restatement
)


def _no_false_item_but_todays(false_items: list[str]) -> None:
    assert [text for text in false_items if not text.startswith(FALSE_TODAY)] == []
    assert len(false_items) <= len(FALSE_TODAY)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.INES)


def test_her_fiction_role_play_and_other_peoples_news_open_no_item_beyond_todays(measured):
    _no_false_item_but_todays(measured["false_items"])
    assert measured["changes"] == 15


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.INES)
    _no_false_item_but_todays(result["false_items"])
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
