"""A seventh person's life in chats (tests/fixtures/phd), written blind after every rule of
session 19, to measure what a person no rule was written for gets. A PhD student
in Tübingen who becomes a data scientist in Hamburg ("now that hamburg is home", "day 3 at
Frachtwerk", "my lead Dilnoza", "everything's at DKB these days", "my commute's the U2 now").

Measured blind (the real model): 1 of 14 changes found, 0 false items, the current value first for
7 of 20 questions, 4 of 4 foreign questions flagged. One general rule was written after (a doctor
or dentist named "Dr. X" beside the noun, in apposition, in brackets or after "the doctor I go to
now is"; "hausarzt" and "zahnarzt" as doctor and dentist): 3 of 14 and 8 of 20. Then phrasing
families, each tested in other words in tests/test_life.py (a boss in brackets, "my PI (Brandt)"; a
forum-style "3rd year phd student here"; "promoted to" a whole title; a device given, "work gave me",
or bought after a comma; a part of "my pixel 6a"; "my commute's the U2"; a ride "up the hill to the
lab"; a bank named as one; "swapped A for B"; a habit "twice a week"): 9 of 14 and 14 of 20. The attribute model reads
phrasings; many of hers are still unforeseen. This test pins that state both ways: a rule
that starts reading one of her sentences moves it out of NOT_READ (session 25: "on a ... contract at
uni tübingen", a contract names an employer, tests/test_life_forms.py) (and should be general: the
point of this fixture is that no rule is written for her alone), and nothing she says in passing
may open an item.
"""

from __future__ import annotations

import pytest

from eval import lifechanges

NOT_READ: list[str] = [
    # ("now that hamburg is home" is read: a city of memory/data/cities.txt "is home", memory/vocab.py)
    # (read since session 32, tests/test_life_passing.py: "jonas and i finally have a place together", who a
    # person lives with; "sparkasse is charging me ... for my girokonto", a bank by what it charges for an
    # account, before "everything's at DKB these days"; "doing C1 now ..., wednesday evenings", a language
    # class by its level)
]


@pytest.fixture(scope="module")
def measured() -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUIRE_EMBEDDER", "fake")
        return lifechanges.run(lifechanges.PHD)


def test_her_changes_are_mostly_unread_and_nothing_she_says_in_passing_opens_an_item(measured):
    assert measured["missed"] == NOT_READ
    assert measured["false_items"] == []
    assert measured["changes"] == 14


@pytest.mark.model
def test_with_the_real_model_every_foreign_question_is_flagged(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifechanges.run(lifechanges.PHD)
    assert [f["question"] for f in result["foreign_asked"] if not f["flagged"]] == []
