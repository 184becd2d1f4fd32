"""A thirty-seventh person's life in chats (tests/fixtures/rima), written blind in session 45 (persona44): no
rule, no recall code and no other fixture's answers or chats read. Rima Haddad, a Lebanese graphic designer
from Zahle, writes Arabizi (3, 7, 2, 5, 8 for Arabic sounds: "ana hala2 3ayesh bi Achrafieh", "t2alla3et
men shi8le w sert 3end ..."), French and English mixed. She moves from Achrafieh to a studio in Dubai's JLT,
then to a flat in Germasogeia, Limassol; her employer goes from a Mar Mikhael studio to a Dubai agency to a
Limassol fintech, her role from junior to senior designer, her manager twice, her bank (Bank Audi frozen ->
Emirates NBD), carrier (alfa -> du), car (a Kia sold, a Nissan bought), partner (Georges -> engaged to
Karim), gym, pet (a cat left with her grandmother, a dog adopted), doctor, course, church twice and the way
she sends money home (OMT -> Whish). Around her own changes: her brother's move to Berlin, a cousin's new
job, a friend's new bank, a Canada hypothetical, a pasted job offer, a bank SMS, a WhatsApp forward, a visa
notice.

Measured blind (session 45), either embedder: 3 of 18 changes found (the role's promotion, the manager's
second step and the doctor), 4 false items of 6 open. The false items, as the import names them:
  - employer: Studio Kharrat -> resigned, manager: Priyanka Menon -> resigned, role: senior designer ->
    resigned, all three from "I accepted the job at Pixelbay and I resigned from Nomad today. Priyanka was
    sad" (the resignation read as the value; Pixelbay, the new employer, not read, Nomad's step never read);
  - home: Achrafieh -> Germasogeia ("nzelna 3a Limassol! we live in a flat in Germasogeia, ..."): the true
    move, paired past the JLT studio ("n2alt 3a Dubai! sakne bi studio bi JLT, Cluster D.") never read.
The current value first: 9 of 17 questions with the real model, 8 of 17 with the fake embedder. Foreign
questions flagged: 3 of 4 with the real model (not "shou l zodiac sign taba3e?", whose "taba3e" finds the
Kia turn), 0 of 4 with the fake. These are floors: a general rule may raise them, none may lower them, and
the false items may only go (none other may come). /tmp/s45/rima-report.md quotes each miss.

After session 45's life55 (tests/test_life_rima_classes.py; the `_S45A_` block of memory/life.py): 18 of 18 found,
the current value first for 17 of 17 with either embedder, 4 of 4 foreign questions flagged with the real model
(0 of 4 with the fake, whose cosines flag nothing). "I accepted the job at Pixelbay" is a job begun, so its
resignation no longer stands as employer, role and manager; her Arabizi is read of her only. One false item
stays, and it is the key's: home Achrafieh -> Dubai ("n2alt 3a Dubai! ...") opens with her later "my flat in
Achrafieh has a leak ..." as its old side, the latest saying of Achrafieh, where the key names only her first
("ana hala2 3ayesh bi Achrafieh"). The move is read as Dubai and Limassol, the cities said first in those turns, not
the JLT studio and the Germasogeia flat said after them.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 18  # changes found (either embedder): 3 blind
RANK1_FAKE = 17  # questions whose first result states the current value, fake embedder: 8 blind
RANK1_REAL = [  # the real model's (17 of 17; 9 blind): each must stay first
    "wen sakne hala2?",
    "Where do I work now?",
    "shou l title taba3e bel shi8el?",
    "Who is my manager?",
    "ma3 ayya bank ana hala2?",
    "Which phone carrier am I on?",
    "shou l siyyara li 3ende?",
    "Who is my partner?",
    "Which gym do I go to?",
    "What pet do I have?",
    "Who is my doctor?",
    "Which course am I taking?",
    "Which church do I go to?",
    "kif 3am eb3at masare la mama?",
    "Where was I born?",
    "wen darast graphic design?",
    "What am I allergic to?",
]
UNFLAGGED_REAL: list[str] = []  # the foreign questions the real model finds close: none since life55 (1 blind)
FALSE_TODAY = {  # the statement of today's false item (the key's narrow old side): it may go, no other may come
    "n2alt 3a Dubai! sakne bi studio bi JLT, Cluster D. l 7arr ma ba2a ktir",
}


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.RIMA)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert set(measured["false_items"]) <= FALSE_TODAY
    assert len(measured["false_items"]) <= 1
    assert measured["changes"] == 18


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifefloors.measured(lifechanges.RIMA, "minilm")
    assert set(result["false_items"]) <= FALSE_TODAY
    assert len(result["false_items"]) <= 1
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
