"""A life said without "I" (session 36: kai): a clause with no subject at a sentence's start whose verb is a
life event is the person's own; never someone else's, a plan, a pasted text or a game character's."""

from __future__ import annotations

import pytest

from memory import life


def _values(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("moved into a 3br in Oceanside w Dimas. need a couch", "home", "oceanside"),
        ("got a studio in Bremerton, 1400 a month", "home", "bremerton"),
        ("signing for an off base house in Sasebo next to the gate. anything to check", "home", "sasebo"),
        ("ok. still in the barracks on Fort Bragg so no BAH", "home", "fort bragg"),
        ("checked into VFA-102 today, tired af", "command", "vfa-102"),
        ("reported aboard USS Nimitz last week", "command", "nimitz"),
        ("im on the Carl Vinson, AO shop. inspection tmrw", "command", "carl vinson"),
        ("new duty station is NAS Whidbey Island, any tips", "duty station", "whidbey island"),
        ("homeport is Norfolk lol", "duty station", "norfolk"),
        ("got frocked to IT2 today!!", "rank", "it2"),
        ("finally promoted to E-6", "rank", "e-6"),
        ("im an HM3, corpsman at the clinic", "rank", "hm3"),
        ("my new LPO HM1 Castillo wants the logs by friday", "manager", "castillo"),
        ("my DIVO is LTJG Okafor now", "manager", "okafor"),
        ("signed up at Westside Boxing, 3x a week. how to not get hurt sparring", "gym", "westside boxing"),
        ("started the welding program at Tidewater CC today", "university", "tidewater cc"),
        ("taking Math 120 online thru Palomar, quiz friday", "university", "palomar"),
        ("hired at Alaska Airlines as a ramp agent, nights", "employer", "alaska airlines"),
        ("im on Tricare Select, how do i find a dentist", "insurance", "tricare select"),
        ("enrolled in Kaiser today thru the exchange", "insurance", "kaiser"),
        ("got a docomo sim at the airport. how do i set up data", "phone provider", "docomo"),
        ("bought a used PCX from a guy leaving, 70k yen", "car", "pcx"),
    ],
)
def test_a_life_event_said_without_a_subject_is_the_persons(text, attribute, value):
    assert _values(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("reyes got a 1br in Aiea, lucky", "home"),
        ("my brother checked into boot camp at Great Lakes", "command"),
        ("my brother checked into VFA-102 today", "command"),
        ("my buddy called. got a 1br in Aiea and loves it", "home"),
        ("my buddy called. checked into HSM-77 today", "command"),
        ("my roommate got frocked to AD2 today", "rank"),
        ("Reyes just made E-5 on the cycle", "rank"),
        ("MADE E-5. calling my mom", "rank"),  # selected on the cycle: the rank is worn when frocked
        ("might put in for Rota if it shows up", "duty station"),
        ("thinking of picking up a 4runner", "car"),
        ("thinking of signing for a house in Yamato", "home"),
        ("got a place in Tahoe for the weekend", "home"),
        ("checked into the Hilton in Vegas", "command"),
        ("my V lives in Japantown and works for Arasaka in my playthrough", "home"),
        ("my mom is on Medicare now", "insurance"),
        ("my wife started the nursing program at UH", "university"),
        ("Leilani got hired at the NEX", "employer"),
    ],
)
def test_someone_elses_a_plan_or_a_stay_is_not_read(text, attribute):
    assert attribute not in _values(text)


@pytest.mark.parametrize(
    "text",
    [
        # a NAVADMIN pasted: its names and ranks are the Navy's, not the person's
        'whats this mean: "NAVADMIN 118/24 SUBJ/CYCLE 263 ADVANCEMENT RESULTS. 1. THE FOLLOWING ARE FROCKED TO AD2. '
        'checked into HSM-51 NLT 01 MAY."',
        # an eval's block pasted
        'this is block 43 from my eval: "got frocked to AD2 ahead of peers. moved into a 2br in Chula Vista."',
        # a Reddit post pasted
        'saw this on r/navy: "just got out, moved into a 1br in Denver and hired at United as an A&P."',
    ],
)
def test_a_pasted_text_states_nothing_of_the_person(text):
    values = _values(text)
    assert not {"rank", "command", "home", "employer"} & values.keys(), values
