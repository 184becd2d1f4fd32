"""A word typed in lower case is a name only where the person writes names that way: the blind noor
fixture had a page titled "Job" of "i use R and some python from my lab job" ("lab" read as the
dog, "job" as its name). A lower-case word after a word that introduces a name ("my lab", "my
friend") is a common noun where the same history writes it after "a", "the", "her" ("got a job",
"quits her job"), or in lower case in a text that capitalises its names ("I love my job at
Google"); a person who types every name in lower case ("sam" everywhere) keeps their names."""

from __future__ import annotations

from memory import names
from tests.test_own_name import _export, _named

NOOR = [
    "add that i use R and some python from my lab job and that im adding a data science minor",
    "maddie got a job at amazon in seattle so shes checked out of everything",
    "my narrator salma quits her job at the bakery and moves to paris",
    "my best friend hana goes to wayne, hana says its cheaper",
]


def test_a_common_noun_after_a_word_that_introduces_names_is_no_name():
    named = _named(NOOR)
    assert "job" not in named, named
    assert "hana" in named  # a friend named in lower case stays a name


def test_a_name_typed_lower_case_everywhere_stays_a_name():
    """Near miss: a person who writes "sam" everywhere, and a dog called after a common word it is
    never written as ("my dog biscuit"): both names."""
    texts = [
        "my roommate sam keeps eating my leftovers",
        "sam and i are splitting the rent now",
        "my dog biscuit ate a whole sock lol",
        "biscuit needs her shots next week",
    ]
    named = _named(texts)
    assert {"sam", "biscuit"} <= named, named


def test_how_the_same_person_writes_other_names_decides():
    """A person who capitalises names ("Sam" in a written-out turn) keeps "my roommate sam" from a quick
    lower-case one; "my lab job" from one who writes "I love my job at Google" is no name."""
    capitalising = [
        "I met Sam at the Chicago office and we talked about the move to Denver.",
        "my roommate sam keeps eating my leftovers",
    ]
    assert "sam" in _named(capitalising)
    job = ["I love my job at Google and the team in Zurich.", "i use R and python from my lab job"]
    assert "job" not in _named(job)


def test_one_kin_word_names_one_person():
    """ "cheaper, my best friend hana": the friend is hana, the word before is no name."""
    text = "wayne is closer to home, cheaper, my best friend hana goes there"
    assert [n.name for n in names.extract(text)] == ["Hana"]
    assert "anna" in {n.name.casefold() for n in names.extract("anna, my wife, loves the lake")}


def test_an_imported_lower_case_history_has_no_page_titled_job(tmp_path, monkeypatch):
    import quire

    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    more = [
        "the lab job pays 15 an hour, is that ok for a student",
        "jordan said nice job on the sql thing",
        "hana and i are going to the detroit art museum, hana loves it",
    ]
    q = quire.open(tmp_path / "home")
    q.import_path(_export(tmp_path / "conversations.json", [*NOOR, *more]))
    q.rebuild()
    q.close()
    pages = [p.read_text(encoding="utf-8") for p in (tmp_path / "home" / "wiki").glob("*.md")]
    titles = {text.split("\ntitle: ", 1)[1].split("\n", 1)[0].strip('"') for text in pages}
    assert "Job" not in titles, titles
    assert "Hana" in titles, titles
