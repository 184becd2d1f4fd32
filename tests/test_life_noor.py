"""A twelfth person's life in chats (tests/fixtures/noor), written blind in session 33: no rule, no
recall code and no other fixture's answers or chats read. Noor, a Lebanese-American student from
Dearborn, goes to Ann Arbor, a semester in Amman, and Chicago for her first job; she changes major,
diet, sport, relationship, car, car insurance, phone, medication, therapist, city, home, employer,
role, carrier, bank and gym. She types in lower case with no apostrophes, slang ("ngl", "lowkey",
"fr", "its giving"), emoji and Arabic words (teta, baba, yalla), and says each change inside a
request ("since i switched to public health im taking ...", "omar asked me to be his girlfriend").

Measured blind (session 33, the real model): 4 of 16 changes found, 3 false items, the current value
first for 9 of 25 questions, 2 of 6 foreign questions flagged; "when is my birthday" came back empty.
After life22's general rules for a student's life (memory/life.py `_STUDENT`, tested in other words
in tests/test_life_student.py): 18 of 18 found (the key holds two more true changes since, each
quoted from both sides: Amman, then back in Ann Arbor; the cafe, then the lab), 19 of 25 first with
the real model, 15 with the fake one, 3 of 6 foreign flagged. These are floors: a general rule that
starts reading her may raise them, none may lower them, and nothing she says of others (her
sister's, roommates', best friend's and family's changes), nothing announced before it happens or
considered and dropped (the move, the transfer, the offer declined, "should i go full vegan"),
nothing of a story or a homework case, and nothing pasted (a syllabus, a lease, an offer email, a
friend's text) may open an item.

Session 44 (life46, tests/test_life_s44.py): "whos my bf" gave "what should i get my boyfriend zaid" (the boyfriend
before her breakup), as "omar asked me to be his girlfriend" named no boyfriend (read only as "dating omar"): one who
asked her to be theirs now names the partner, and the newest partner named answers a question of the partner's name.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests.lifesaid import first as _first

FOUND = 18  # changes found today (either embedder: the patterns and vocabularies do not depend on it)
RANK1_FAKE = 15  # questions whose first result states the current value, fake embedder
# No item the key does not name: "ok car insurance question. im 22, just got my civic" (ChatGPT, August 22)
# had opened none -> civic at import, before the Claude export brought "bought my first car!!! a 2015 honda
# civic" (August 15); since session 34 (life23, memory/correction.py `_said_between`) the earlier-said
# statement's own item closes the later one, which only restated it.
KNOWN_FALSE: list[str] = []
RANK1_REAL = [  # the real model's, today: each must stay first
    "am i vegetarian",
    "who am i dating",
    "what car do i drive",
    "who is my car insurance with",
    "what phone do i have",
    "what meds am i on",
    "who is my therapist",
    "what city do i live in",
    "where do i work",
    "whats my job title",
    "what carrier am i on",
    "what bank do i use",
    "what gym do i go to",
    "whats my sisters name",
    "when is my birthday",
    "what am i allergic to",
    "what did i minor in",
    "where did i go to college",
    "who is my best friend",
    "where do i live rn",  # session 35: the part of the city said after it (retrieval/recall._part_named)
    "what do i do for exercise",  # session 35: a change opened on the gym, both stating the activity
    "where is my family from originally",  # session 35: an origin is no question of the past (life.asks_past)
]
# the foreign questions that find something close today: no other may join them (session 43: weak43 flags maddie's
# cat, a text held only as another's, and hana's law school, a school after a first degree; the blood type too)
UNFLAGGED_REAL: list[str] = []


def _unknown_false(result: dict) -> list[str]:
    return [f for f in result["false_items"] if not any(f.startswith(k) for k in KNOWN_FALSE)]


@pytest.fixture(scope="module")
def measured() -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(lifechanges.NOOR)


def test_nothing_she_says_of_others_plans_or_pastes_opens_an_item(measured):
    assert _unknown_false(measured) == []
    assert measured["changes"] == 18


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.NOOR)
    assert _unknown_false(result) == []
    assert result["found"] >= FOUND
    first = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in first] == []
    unflagged = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in unflagged if q not in UNFLAGGED_REAL] == []


@pytest.mark.parametrize("question", ["whos my bf", "who's my boyfriend", "what's my boyfriend's name"])
def test_her_boyfriend_is_the_one_who_asked_her_not_the_one_before(session, question):
    # (session 44: life46) "omar asked me to be his girlfriend" names him her boyfriend (memory/life.kin_stated), and
    # the newest partner named answers (retrieval/recall._newest_partner): "my boyfriend zaid" had come first
    for name in ("chatgpt.json", "claude.json"):
        session.import_path(lifechanges.NOOR / name)
    assert _first(session, question).startswith("omar asked me to be his girlfriend")
