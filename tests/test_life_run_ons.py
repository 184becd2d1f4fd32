"""A life dictated by voice in long run-ons, a trucker's (memory/life.py's block "Dictated run-ons (session 39:
ray)", memory/vocab.py `_a_person` and `_HERE_OF_A_THING`; tests/test_life_dictated.py holds priya's lower-case
dictation). Written after the blind ray fixture, in other words than his (other towns, carriers, names, breeds):
what a run-on with no punctuation says of the person, its dictation slips ("there" for "their", "new" for "knew",
numbers spelled out, a spoken "period"), an owner-operator's words for who they haul for, and the look-alikes that
must read nothing of the person: a doctor's or a shop's town said "here in X", a person whose name is a bank's, a
load's route, someone else's lease, a plan."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a statement in the middle of a run-on with no punctuation
        ("so anyway I moved in with my sister in Tulsa last week and the truck needs tires", "home", "tulsa"),
        ("ok so i moved in with my brother in amarillo and the rent is cheap", "home", "amarillo"),
        (
            "so we closed on a little house in Shreveport Tuesday two bedroom so the dog has a yard",
            "home",
            "shreveport",
        ),
        # a doctor named with the town they practise in
        ("my new doctor here in Tulsa is Dr. Okafor and he wants me to walk more", "doctor", "dr okafor"),
        # an owner-operator's carrier and company
        (
            "I been a company driver for Schneider going on nine years and they treat me alright",
            "employer",
            "schneider",
        ),
        (
            "okay so I'm leased on with Mercer now as of last Tuesday and I'm gonna pull there step decks",
            "employer",
            "mercer",
        ),
        (
            "I got my own authority now Ortiz Hauling LLC and I'm off Mercer since March",
            "employer",
            "ortiz hauling llc",
        ),
        (
            "well I went and did it I bought my own Kenworth T680 a twenty nineteen with six hundred thousand miles",
            "car",
            "kenworth t680",
        ),
        # married or engaged, said as the person says it, with the one named
        ("me and Rhonda got married sunday at her mama's church period", "relationship", "married"),
        ("me and Rhonda got married sunday at her mama's church period", "partner", "rhonda"),
        ("Rhonda said yes so I reckon she's my fiancée now lol", "relationship", "engaged"),
        # a dog had or none, in Southern speech
        ("I got me a blue heeler from the pound in Conroe his name is Tater", "pets", "some"),
        ("been wanting a cat for the truck but I ain't got no cat right now comma what's easy", "pets", "none"),
        # a bank said as the person's, beside the people named by a bank's name below
        ("so yeah my bank is Ally now cause the credit union kept charging me", "bank", "ally"),
        # a dictation slip ("new" for "knew", spelled-out numbers) says the statement all the same
        (
            "I new it was coming so I switched my phone to T-Mobile last week cause Verizon had no signal",
            "phone provider",
            "t-mobile",
        ),
    ],
)
def test_what_a_dictated_run_on_says_of_the_person_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # "here in X" of a doctor or a shop: their town, not said as the person's home
        ("my new doctor here in Tulsa is Dr. Okafor and he wants me to walk more", "home"),
        ("the shop here in Amarillo said my brakes got another ten thousand miles", "home"),
        ("a good vet here in Shreveport looked at the dog for free", "home"),
        # a person whose name is a bank's (Marcus, Chase, Ally): said of the person, no bank
        ("I got my own authority now and I hired a dispatcher named Chase he takes ten percent of the gross", "bank"),
        ("help me write Marcus a email that I want him to quit booking me cheap loads", "bank"),
        ("I'll tell Ally to send the rate con before she books it", "bank"),
        ("my dispatcher is Chase now and he books me good loads out of Dallas", "bank"),
        # a load's route: picking up in a town is no move
        ("okay so I'm picking up in Tulsa delivering to Memphis tomorrow six am appointment", "home"),
        ("got a load of lumber going to Amarillo out of Lufkin and it's supposed to snow", "home"),
        # someone else's lease, a plan, a hypothetical, a role-play's part
        (
            "this old boy at the fuel island said he just leased on with Mercer and they got him paying tolls",
            "employer",
        ),
        (
            "thinking about getting my own authority this summer and running under my own MC instead of Mercer",
            "employer",
        ),
        ("if I ever win the lottery I'm buying a Kenworth W900 with a big sleeper", "car"),
        (
            "let's practice for a level two inspection you be the officer and I'll answer like I would okay so "
            "I'm a driver for Schneider hauling out of Tulsa",
            "employer",
        ),
        # a thing's trade, not the person's: "working for the tablet" in the next clause of a run-on
        ("nowhere I drive and now my hotspot ain't working for the ELD tablet how do I fix it", "employer"),
        # a wage earner's tax form, not a warrant officer's rank
        ("doing my taxes I'm a W2 company driver do I still get per diem period", "rank"),
        # a dispatcher or a friend moving is theirs
        ("my buddy moved in with his girlfriend in Tulsa and now he's dispatching for Mercer", "home"),
    ],
)
def test_what_is_not_the_persons_own_reads_nothing_of_it(text, attribute):
    assert attribute not in _read(text)


def test_a_plan_before_but_i_hedges_nothing_after_it_and_nothing_before_it_is_read():
    said = _read("I been thinking about a cat to ride with me but I ain't got no cat right now period")
    assert said.get("pets") == "none"
    assert "pets" not in _read("I been thinking about getting me a blue heeler to ride with me")


def test_a_trade_plied_for_a_firm_is_still_read_in_its_own_clause():
    assert _read("I drive a box truck for Penske and I like it").get("employer") == "penske"


def test_a_warrant_officers_rank_is_still_read():
    assert _read("got promoted to W2 today").get("rank") == "w2"
