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
After session 38's classes (memory/life.py's "Fiction beside a life", tested in other words in
tests/test_life_fiction.py): 13 of 15 found with either embedder, 0 false items, the current value first for
18 of 20 questions (fake 18), 4 of 5 foreign flagged. A story's text she pastes for feedback, the scene she
plays and the paragraphs after "Here's the opening:" say nothing of her (the Faro story is no home, so her
Totterdown flat -> Lisbon is found); a working writer's agent, publisher, pen name, tax status and writing app
are read, "full-time writer" then "freelance writer" is one job, a plan left running ("I'm on giffgaff still,
technically, because I forgot to cancel") no value now, and an item moves to the old value said later by the
other export (the January GP letter); "where did I do my MA?" asks for her degree, not her mother, and "We
met on the MA at the University of East Anglia" answers it. Missed: "My partner Tom" -> "Tom and I have split
up" -> "I've been seeing someone — Rui" (both through the breakup: read as the partner ended, it opens an item
tests/fixtures/rowan's key holds false, the partner before a breakup being what the next one changes; read as
single, it comes first for rowan's "who am I seeing" above the partner named after it; so it is left unread).
These are floors: a general rule may raise them, none may lower them.

Session 44 (life46, tests/test_life_s44.py): her sister is named by a chat's title and its opening words ("Sister's
news and a gift", then "Marta's just moved to Porto with the kids"; no sentence says "my sister Marta"), which
answers "what's my sister called?" (memory/life.kin_titled; the move stays Marta's, no item): 19 of 20 first with
either embedder (the real model had flagged the question as nothing close; the fake one gave "...texts her sister").
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 14  # changes found (either embedder): 2 blind; 14 since session 42 (weak42: "Tom and I have split up")
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder (8 blind; 19: session 44)
RANK1_REAL = [  # the real model's (19 of 20; 9 blind): each must stay first
    "where am I living these days?",
    "am I still teaching, or what do I do for a living now?",
    "who's my agent at the moment?",
    "who's publishing my books now?",
    "what name do my crime novels come out under?",
    "who am I with these days?",
    "which bank do I use now?",
    "which mobile network am I on?",
    "who's my doctor now?",
    "how am I taxed now?",
    "which app do I write in now?",
    "have I got a dog?",
    "what car do I drive?",
    "where was I born?",
    "what am I allergic to?",
    "where did I do my MA?",
    "what's the dog called?",
    "when is my birthday?",
    "what's my sister called?",  # (session 44: life46: the chat "Sister's news and a gift" opening "Marta's just ...")
]
UNFLAGGED_REAL: list[str] = []  # (session 43: weak43: the first car's colour asks a colour, which nothing gives)


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.INES)


def test_her_fiction_role_play_and_other_peoples_news_open_no_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 15


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.INES, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
