"""Values of closed vocabularies (memory/vocab.py, memory/data/*.txt) read in any voice: a car, a
phone, a carrier, a bank, a pharmacy, a medicine, a city, in lower case or capitalised, in phrasings
no rule spells. Written in voices of no fixture: a nurse in Leeds who types in lower case, a student
in Lyon, a retired teacher in Kraków; and the look-alikes that must read nothing (someone else's
car, a question, a plan, a brand in a pasted advert)."""

from __future__ import annotations

import pytest

from memory import life, review, vocab
from tests.conftest import chat_turns


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


# -- each kind, in lower case and capitalised ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a nurse in Leeds, lower case, no apostrophes
        ("finally got my 2017 ford fiesta through its mot, only needed wipers", "car", "ford fiesta"),
        ("did a double on the ward and my galaxy a52 was dead by 4", "phone", "galaxy a52"),
        ("im with giffgaff now, 10 quid a month", "phone provider", "giffgaff"),
        ("pay goes into my lloyds account on the 28th", "bank", "lloyds"),
        ("picked up my prescription at the superdrug by the station", "pharmacy", "superdrug"),
        ("gp put me on sertraline 50mg in january, bit foggy still", "medication", "sertraline"),
        ("been living in leeds 3 years and still get lost in the arcades", "home", "leeds"),
        # a student in Lyon, capitalised
        ("My Peugeot 208 finally passed the contrôle technique.", "car", "peugeot 208"),
        ("I'm on Bouygues Telecom since September, the 4G at uni is fine.", "phone provider", "bouygues telecom"),
        ("Everything I have is at Boursorama now, the fees were too high elsewhere.", "bank", "boursorama"),
        ("Ever since we moved to Lyon the rent takes half my grant.", "home", "lyon"),
        ("My doctor switched me to Metformin, 500mg twice a day.", "medication", "metformin"),
        ("This iPhone 12 I got off Leboncoin keeps overheating.", "phone", "iphone 12"),
        # a retired teacher in Kraków, lower case with Polish letters dropped
        ("odkad mieszkam here in krakow i walk everywhere", "home", "krakow"),
        ("all my savings are in pko bp now", "bank", "pko bp"),
        # a name of two lists: the words around it tell which ("Santa Fe": a city and a Hyundai)
        ("I moved to Santa Fe last year", "home", "santa fe"),
        ("My Santa Fe needs new tyres", "car", "santa fe"),
        # a rule reads the make, the list the model after it: the value is both ("vw" was the car)
        ("I drive a VW Golf now", "car", "vw golf"),
        ("i have a honda civic", "car", "honda civic"),
        ("ive had my N26 account since i came to germany", "bank", "n26"),  # "had" after 've: still now
    ],
)
def test_a_value_of_a_closed_kind_is_read_in_any_phrasing(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("lower", "capitalised", "attribute"),
    [
        ("my toyota corolla needs tyres", "My Toyota Corolla needs tyres", "car"),
        ("my pixel 7 cracked again", "My Pixel 7 cracked again", "phone"),
        ("we're on vodafone for the phones", "We're on Vodafone for the phones", "phone provider"),
        ("my current account is with barclays", "My current account is with Barclays", "bank"),
        ("i get my meds at the cvs on main st", "I get my meds at the CVS on Main St", "pharmacy"),
        ("i take atorvastatin every night", "I take Atorvastatin every night", "medication"),
        ("we live in manchester now", "We live in Manchester now", "home"),
    ],
)
def test_the_same_value_is_read_in_lower_case_and_capitalised(lower, capitalised, attribute):
    assert _read(lower).get(attribute) and _read(lower).get(attribute) == _read(capitalised).get(attribute)


# -- the look-alikes: someone else's, a question, a plan, a notice --------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # someone else's
        "my brother just bought a vw golf",
        "my mum switched to ee because it was cheaper",
        "his bank is monzo and he loves it",
        "my sister moved to bristol for her masters",
        "my flatmate is on sertraline and says it helps",
        "tom works at the hsbc office in canary wharf",
        "bought a pixel 8 for my dad's birthday",
        # a question
        "should i switch from three to vodafone?",
        "is metformin safe to take with ibuprofen?",
        "which is better for students, monzo or starling?",
        # a plan, a wish, a denial, the past
        "thinking of moving to glasgow next year",
        "might get a tesla model 3 if the price drops",
        "we're moving to bordeaux in the spring",
        "i am not switching to verizon, whatever they say",
        "i used to bank with lloyds",
        "traded in the old clio last week",
        # a visit, a workplace
        "we flew to lisbon for a wedding",
        "i work at the santander branch on high street",
        # a brand in a pasted advert or notice
        "Switch to Vodafone today and we'll give you 100GB for the price of 50!",
        "Dear customer, we at Barclays have updated your terms.",
        # a place that holds a name of another list ("Lake Tahoe": a Chevrolet too), a trip
        "Sam said, \"We're traveling through Lake Tahoe! I heard it's great for kayaking.\"",
        "we drove through Santa Fe on the way",
        # a title, a job, another product of the maker, a longer name (in capitalised chat)
        "I watched Rogue One again last night.",
        "I'm interviewing for an analyst role at Barclays.",
        "We set up our new Samsung TV on Saturday.",
        "I love my Bell Zephyr helmet for the commute.",
        "I haven't been to Madrid yet.",
        "Plus the bus was late so I walked.",
        "i did a sprint triathlon on sunday",
        # a word that is a name only with a capital
        "the orange one is nicer",
        "three of us went in the end",
        "reading in bed again",
        # the past tense: what it was, not what it is
        "i was living in york until last year",
        "between 2015 and 2020 my car was a Honda Civic",
        "my car was a honda civic until march",
        "My phone was an iPhone 8 until last week",
        "we had a vw golf back then",
    ],
)
def test_what_only_resembles_the_persons_value_reads_nothing(text):
    closed = {"car", "phone", "phone provider", "internet", "bank", "pharmacy", "medication", "home"}
    assert closed.isdisjoint(_read(text)), _read(text)


def test_the_lists_are_broad():
    kinds: dict[str, int] = {}
    for found in vocab.names().values():
        for name in found:
            kinds[name.attribute] = kinds.get(name.attribute, 0) + 1
    assert kinds["home"] >= 3000
    assert all(kinds[k] >= 60 for k in ("car", "bank", "medication", "phone provider"))
    assert kinds["phone"] >= 40 and kinds["pharmacy"] >= 40 and kinds["internet"] >= 40


# -- through `quire import`: a change between two such statements opens one item ----------------


def test_a_change_of_bank_said_in_passing_opens_one_review_item(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            (
                "2024-01-05",
                "whats the best way to budget on a nurses wage, my pay goes into halifax and its gone by the 20th",
            ),
            ("2024-03-05", "my sister banks with monzo and swears by the pots"),
            ("2024-06-05", "should i move to starling? idk"),
            ("2024-09-05", "how do i set up a standing order for rent now that everything is with starling"),
        ],
    )
    cli_json("import", str(path))
    items = review.open_items(db)
    assert len(items) == 1
    assert "halifax" in items[0].old and "starling" in items[0].new


def test_a_change_of_life_in_review_says_what_changed(tmp_path, cli, cli_json):
    """Two chat turns that say a change rarely share words: `curate list` previewed the new turn and
    `curate show` gave a word diff of two unrelated sentences. Both now lead with the claim, and
    the browser's review page too."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "whats the best way to budget on a nurses wage, my pay goes into halifax and its gone"),
            ("2024-09-05", "how do i set up a standing order for rent now that everything is with starling"),
        ],
    )
    cli_json("import", str(path))
    (item,) = cli_json("curate", "list")["items"]
    listed = cli("curate", "list").output
    shown = cli("curate", "show", str(item["id"])).output
    assert "bank: halifax → starling · how do i set up" in listed, listed
    assert "  claim bank: halifax → starling\n" in shown, shown


def test_a_claim_from_a_stored_value_never_acts_on_the_terminal(tmp_path, cli, cli_json):
    """The claim line is made from the item's payload (attribute, was, now), stored apart from the
    memories' cleaned text (another device's or an older quire's item): `curate show` printed it as
    stored, so an escape sequence in it reached the terminal; the list line escaped it. Shown escaped
    on both, --json exact."""
    import json

    from memory.session import Session

    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I live in Vienna and love the coffee houses here."),
            ("2024-09-05", "I moved to Ljubljana last week."),
        ],
    )
    cli_json("import", str(path))
    (item,) = cli_json("curate", "list")["items"]
    with Session() as s, s.db.transaction():
        payload = {**item["payload"], "now": "Ljubljana\x1b[2J\u202e"}
        s.db.execute("UPDATE review_queue SET payload = ? WHERE id = ?", (json.dumps(payload), item["id"]))
    for args in (("show", str(item["id"])), ("list",)):
        out = cli("curate", *args).stdout
        assert "\x1b" not in out and "\u202e" not in out and "Ljubljana\\x1b[2J\\u202e" in out, out
    assert cli_json("curate", "list")["items"][0]["payload"]["now"] == "Ljubljana\x1b[2J\u202e"
