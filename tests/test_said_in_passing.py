"""A fact said in passing: a person's messages to an assistant state their life inside questions
about something else ("quick ideas for a cake w/o dairy? im lactose intolerant too"). The message's
vector is the cake's; the fact is one sentence of it. The floor read only that vector and answered
"what am I intolerant to" with nothing close (0.05 against a floor of 0.15; the sentence alone
0.46, retrieval/recall._said_in_passing), and the question prior read the message as one that only
asks (its last sentence has no full stop), ranking it under an unrelated one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import quire

MESSAGES = [
    ("2023-05-22T20:00:00", "my dentist says i need a root canal 😬 how bad is it honestly. scale 1-10"),
    (
        "2023-08-14T20:00:00",
        (
            "zosia turns 3 on aug 14 aka today 🎂 quick ideas for a cake w/o dairy? her friends come over at 4 and "
            "our oven is tiny. im lactose intolerant too so pls no milk anything"
        ),
    ),
    ("2023-09-02T20:00:00", "what herbs grow ok on a north facing balcony? it gets maybe 2h of sun"),
    (
        "2023-10-11T20:00:00",
        (
            "sore throat again and i have a deadline friday, what can i take to get through the week?? the "
            "pharmacy near me closes at 6. im allergic to penicillin btw so not that"
        ),
    ),
    ("2023-11-20T20:00:00", "how do i get the wine stain out of a wool rug, we had people over and it was chaos"),
    ("2024-01-05T20:00:00", "packing list for 3 days in vienna in january pls. i get cold easily"),
    ("2024-02-14T20:00:00", "is it weird to book a table for one on valentines day lol"),
    ("2024-03-03T20:00:00", "my bike chain keeps slipping on the big gear, fix? its an old steel frame thing"),
]


def _home(tmp_path, monkeypatch, real: bool):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm" if real else "fake")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    rows = "\n".join(json.dumps({"content": text, "valid_from": when}) for when, text in MESSAGES)
    (tmp_path / "notes.jsonl").write_text(rows + "\n", encoding="utf-8")
    home = quire.open(tmp_path / "home")
    home.import_path(tmp_path / "notes.jsonl")
    return home


TRANSLATOR = Path(__file__).parent / "fixtures" / "translator" / "chatgpt.json"


@pytest.mark.model
def test_with_the_real_model_a_fact_said_in_passing_answers_first(tmp_path, monkeypatch):
    """The translator's ChatGPT export (tests/fixtures/translator): "what am I intolerant to" came
    back nothing close (best 0.12, floor 0.15), her cake message second with the floor off."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    home = quire.open(tmp_path / "home")
    home.import_path(TRANSLATOR)
    found = home.recall("what am I intolerant to", k=3, detail=True)
    assert not found.nothing_close, (found.best, found.floor)
    assert "im lactose intolerant" in found.results[0].content, [h.content for h in found.results]


@pytest.mark.model
@pytest.mark.parametrize(
    ("question", "said"),
    [("what am I intolerant to", "lactose intolerant"), ("what am i allergic to", "allergic to penicillin")],
)
def test_with_the_real_model_facts_said_in_passing_rank_first(tmp_path, monkeypatch, question, said):
    home = _home(tmp_path, monkeypatch, real=True)
    found = home.recall(question, k=3, detail=True)
    assert not found.nothing_close, (found.best, found.floor)
    assert said in found.results[0].content, [h.content for h in found.results]


@pytest.mark.model
@pytest.mark.parametrize("question", ["what's my shoe size", "what is my blood type", "who is my lawyer"])
def test_with_the_real_model_what_no_message_says_is_still_nothing_close(tmp_path, monkeypatch, question):
    home = _home(tmp_path, monkeypatch, real=True)
    assert home.recall(question, k=3, detail=True).nothing_close


def test_a_message_that_asks_and_then_states_is_not_read_as_one_that_only_asks(tmp_path, monkeypatch):
    """Its last sentence has no full stop, as a chat message's rarely does: it counts as a sentence."""
    home = _home(tmp_path, monkeypatch, real=False)
    hits = home.recall("lactose intolerant", k=8, detail=True, no_floor=True).results
    asking = {h.content.split(",")[0][:12]: h.multipliers.get("question") for h in hits}
    assert asking["zosia turns "] == 0.8333  # one of its three sentences asks
    assert asking["what herbs g"] == 0.75  # "what herbs ...? it gets maybe 2h of sun"
    assert asking["my dentist s"] is None  # "...how bad is it honestly. scale 1-10": no question mark


def test_about_me_quotes_the_question_that_states_the_persons_life(tmp_path, monkeypatch):
    """About me's bullets leave out a turn's questions (`wiki.render.told`), and the translator's
    family doctor was stated in one: "my lekarz rodzinny here is dr. nowak ..., how do i get her my
    records from berlin?" gave way to "do i need them translated lol", which says nothing of a doctor."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    home = quire.open(tmp_path / "home")
    home.import_path(TRANSLATOR)
    home.import_path(TRANSLATOR.with_name("claude.json"))
    home.rebuild()
    about = home.page("about-me").body
    people = about[about.index("## People") :]
    line = next(line for line in people.splitlines() if "2024-06-30" in line)
    assert "my lekarz rodzinny here is dr. nowak" in line, line
    work = about[about.index("## Work") : about.index("\n## ", about.index("## Work") + 1)].splitlines()
    assert any("first week at brightpath's localization team" in line for line in work), work
