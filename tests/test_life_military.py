"""A military family's life in its own words (memory/life.py's block "An Army spouse's chats (session 42: beth)",
`_s42b_premise`, the "hygienist" of `_ROLE_NOUNS`, the arrival that is no home, and memory/vocab.py's state's
paper after a name). Written after the blind beth fixture, in other words than hers (other posts, towns, firms,
schools, names, carriers): a home by the lease signed on it, a job by "hired as" and "I start at <firm> on
<day>", a professional license by its state, the children's school by their names, a SIM's carrier, the health
plan one is on (and the premise of a question: "Now that we are on ..."), a volunteer role taken and handed on, a
pet rehomed, orders got and changed. And the look-alikes that must read nothing of the person: the service
member's own orders, promotion and unit, a friend's first-person resume pasted, a post renamed around the
family, a landing, a hotel or temporary lodging, a license to apply for, a car's plates."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a home by the lease signed on it
        (
            "We signed a lease on an apartment in Wiesbaden, ten minutes from Clay Kaserne. How do I set up the "
            "internet?",
            "home",
            "wiesbaden",
        ),
        ("I finally signed the lease on a townhouse in Tacoma. Could you help me plan the move-in?", "home", "tacoma"),
        # a job: hired as a role at a place, a start at a firm on a day
        (
            "Great news: I got hired as a pharmacy tech at Evans Army Community Hospital and start in two weeks!",
            "employer",
            "evans army community hospital",
        ),
        (
            "I got hired as a receptionist at the Baumholder dental clinic. What should I wear the first day?",
            "employer",
            "baumholder dental clinic",
        ),
        (
            "I start at Front Range Pediatrics on Tuesday, four days a week. Any tips for a new office?",
            "employer",
            "front range pediatrics",
        ),
        ("I'm a registered dental hygienist at Lakeview Smiles in Killeen.", "role", "registered dental hygienist"),
        # a professional license by its state, also where a question rests on one held
        ("My Texas nursing license finally came through! Could you update my resume?", "license", "texas"),
        ("Can I still use my Virginia teaching license after we move to Germany?", "license", "virginia"),
        # the children's school, by the first child named
        (
            "Mia and Leo are enrolled at Ramstein Elementary School for the fall. What should I bring?",
            "mia school",
            "ramstein elementary school",
        ),
        (
            "Noah is in second grade at Meadow Creek Elementary, and he loves his teacher.",
            "noah school",
            "meadow creek elementary",
        ),
        (
            "Mia and Leo start at Pine Ridge Elementary on Monday. Could you help me with lunches?",
            "mia school",
            "pine ridge elementary",
        ),
        # the carrier of a SIM got
        ("We got an Italian SIM with TIM for the kids' phones. How do I top it up?", "phone provider", "tim"),
        # the health plan one is on, said or resting under a question
        ("We're on Tricare Select now, so I can pick any civilian doctor.", "insurance", "tricare select"),
        ("Now that we are on Tricare Prime, how do I get a referral for my son?", "insurance", "tricare prime"),
        # a volunteer role taken and handed on
        ("I took over as the PTA treasurer this fall, so I have the budget to do.", "volunteer role", "pta treasurer"),
        (
            "I passed the PTO president role to Anna Liu last week, since we move in June.",
            "volunteer role",
            "handed on",
        ),
        ("I stepped down as HOA secretary after the meeting.", "volunteer role", "handed on"),
        # a named pet of the household's, and one rehomed
        ("Our dog, Maple, loves the snow. How long can she stay out?", "pets", "some"),
        ("We found Biscuit a new home with a farm family, since he cannot fly.", "pets", "none"),
        # orders got, and changed
        ("We got orders to Fort Riley for the spring. What are the schools like?", "next duty station", "fort riley"),
        (
            "The Bliss orders got cancelled, it's Lewis now. Could you tell me about Tacoma?",
            "next duty station",
            "lewis",
        ),
    ],
)
def test_what_a_military_family_says_of_itself_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # the service member's orders, promotion and unit, said the same way
        ("My husband got orders to Fort Drum for the summer. What is Watertown like?", "next duty station"),
        ("Dan pinned on SSG yesterday, and we watched the ceremony online.", "role"),
        ("Josh will be in the 3rd Brigade at Fort Riley, and his new 1SG's wife called me.", "employer"),
        ("If we got orders to Hawaii, what would BAH be for a family of four?", "next duty station"),
        ("The Millers PCS to Fort Drum this month, and we will miss them.", "home"),
        # a friend's first-person resume, pasted
        (
            "My friend Dana asked me to polish her resume. It is hers, written in first person:\n\n'I got hired as a "
            "pharmacy technician at Madigan Army Medical Center, where I manage inventory.'",
            "employer",
        ),
        ("My sister got hired as a nurse at Walter Reed last month.", "employer"),
        # a post renamed around the family is no move
        ("The post was renamed Fort Cavazos last week. We have not moved, we are in the same quarters.", "home"),
        # an arrival or a temporary stay is no home
        ("We landed in Italy on Monday and the baby is up at 3 a.m. How long does jet lag last?", "home"),
        ("We are in a hotel in El Paso for two weeks until we close on the house.", "home"),
        ("We cleared quarters and are staying at the TLF on post for three weeks until our flight.", "home"),
        ("Our neighbors signed a lease on a house in Raeford and move next week.", "home"),
        # a license to apply for, a driver's, the plates: no professional license held
        ("I need to apply for a Texas nursing license before we get there.", "license"),
        ("Should I get my Washington nursing license before the move?", "license"),
        ("My Virginia license plates expire in May.", "license"),
        ("My Colorado license came through this morning!", "car"),
        # someone else's children, plan, SIM, role, pet
        ("The Garcia kids start at Hope Mills Elementary next week.", "garcia school"),
        ("I got a SIM with more data for the trip.", "phone provider"),
        ("Her family is on Tricare Prime, and she likes it.", "insurance"),
        ("Anna agreed to be the FRG leader for the battery.", "volunteer role"),
        ("My sister found Rocky a new home last year.", "pets"),
        ("We found a new home in Tacoma for the dog and us.", "pets"),
        # a start at a gym or an hour is no job
        ("I start at the gym on Monday, three days a week.", "employer"),
    ],
)
def test_what_is_not_the_persons_own_reads_nothing(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # an account opened beside the one kept (a country's, a local one, a second, another): a second bank
        (
            "I opened an Italian account at Intesa Sanpaolo so we can pay the landlord.",
            "second bank",
            "intesa sanpaolo",
        ),
        ("I opened a second account at Ally for the vacation fund.", "second bank", "ally"),
        ("I opened another account at Capital One for the kids' allowance.", "second bank", "capital one"),
        # a switch of the bank, and an account opened that says nothing of another: the bank
        ("I switched to Chase last month because of the fees.", "bank", "chase"),
        ("I moved my money to Ally when the rates went up.", "bank", "ally"),
        ("I opened an account at Kemba credit union.", "bank", "kemba"),
    ],
)
def test_an_account_opened_beside_the_one_kept_is_no_switch_of_the_bank(text, attribute, value):
    read = _read(text)
    assert read.get(attribute) == value
    assert ("bank" in read) == (attribute == "bank")
