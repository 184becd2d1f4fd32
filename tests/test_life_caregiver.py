"""A caregiver's life inside her talk of other people's (memory/life.py's block "Other people's lives around a
caregiver", memory/vocab.py `_not_had`). Written after the blind grace fixture, in other words than hers
(other names, places, firms, cars): what is read of the person's own life, and its look-alikes that must
read nothing of hers: a role-played part, a car only priced or found, a company only called, a bank's name
said as where she works, a thing of hers someone else does something with, and a relative's life said in
the same message as her own."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a part handed out for a role-play: its lines are the part's
        (
            "help me rehearse a deposition. you be the opposing lawyer and grill me. ok I'm the witness. "
            "I live on Birch Street in Dayton and I work for FedEx",
            "employer",
        ),
        (
            "help me rehearse a deposition. you be the opposing lawyer and grill me. ok I'm the witness. "
            "I live on Birch Street in Dayton and I work for FedEx",
            "street",
        ),
        ("can you role play with me, you be my dad in 1979. I live in Toledo and I drive a Corolla", "home"),
        ("let me be the landlord and you be the tenant. I moved to Akron last spring", "home"),
        # a car or a phone only found, seen or priced: shopping, not owning
        ("I found a used Sienna 2018 with 60k miles for $24,000 on Broad street, is that a fair price", "car"),
        ("we saw a certified Highlander at the dealer, 41k miles, worth it?", "car"),
        ("I priced a new Pixel 8 at Best Buy, 699, should I wait", "phone"),
        # a company only called, emailed or spoken to: not switched to
        ("ok I called AT&T, the account is closed now", "phone provider"),
        ("I spent an hour on hold with Chase about the fraud alert", "bank"),
        ("I emailed Wells Fargo twice and nobody answers", "bank"),
        # a bank's (or an insurer's) name said as where the person works
        ("I'm a senior underwriter at Nationwide and we are swamped with renewals", "bank"),
        ("I'm full time in the office at KeyBank, 8 to 5, and my dad cannot be alone", "bank"),
        ("I'm part time at Ally now, mornings only", "bank"),
        ("my take home from Fifth Third is about $4,100 a month, rent is $1,500", "bank"),
        ("I left TD after 11 years, so weird not to badge in", "bank"),
        # a thing of the person's someone else does something with: nothing restated
        ("ok. he can learn to park in my Civic at the mall lot", "car"),
        ("my daughter scraped my RAV4 on the garage door", "car"),
    ],
)
def test_what_is_not_the_persons_own_life_reads_nothing_of_it(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # the same names, had: the frame decides
        ("bought the certified Highlander, traded the Sienna in, they gave me $6,000", "car", "highlander"),
        ("I bank with Fifth Third and the app is fine", "bank", "fifth third"),
        ("I just switched to T-Mobile, kept my number", "phone provider", "t-mobile"),
        ("my Civic is a 2012 with 190k miles and it needs brakes", "car", "civic"),
        # a role-play asked for after the person's own line: the line before is still theirs
        ("I moved to Akron last spring.\nlet me be the landlord and you be the tenant", "home", "akron"),
    ],
)
def test_the_same_names_said_as_the_persons_own_still_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a home by its kind and its place
        ("we closed!!! I'm in a townhouse in Kettering now, 3 bedroom, close to the hospital", "home", "kettering"),
        ("I'm in a little apartment in Hilliard since the divorce", "home", "hilliard"),
        # a doctor of her own, by "now"
        ("I changed my own doctor, I'm with Dr. Mensah at Riverside now, first physical friday", "doctor", "dr mensah"),
        ("I'm now with Dr. Alvarez, he listens", "doctor", "dr alvarez"),
        # full time or part time, and back
        ("I talked to HR and I went part time, 30 hours a week, mon to thurs", "schedule:work", "part time"),
        ("big news, I am back to full time, all remote", "schedule:work", "full time"),
        ("I'm full time at the warehouse, 7 to 3, and my dad needs rides", "schedule:work", "full time"),
        # a professional designation, in capitals
        ("I have my CPA but not the CFP yet", "certification", "cpa"),
        ("passed the last exam!!! I'm officially a CFP now", "certification", "cfp"),
        # a gym by what she does there
        ("I swim at the Westerville YMCA on tuesdays with my neighbor", "gym", "westerville ymca"),
        # someone she is seeing
        ("I have been seeing someone, Kojo, we met at church", "relationship", "dating kojo"),
        # a diet said as a name
        ("I am on low carb now, no bread no rice", "diet", "low carb"),
        # a claims job
        ("I'm a workers comp claims examiner now, all remote", "role", "workers comp claims examiner"),
        # a church gone to, said beside what someone else does there and how often
        (
            "we started going to Grace Lutheran in Dublin, they have a Twi service once a month",
            "church",
            "grace lutheran",
        ),
    ],
)
def test_her_own_life_said_inside_her_talk_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # a relative's life, said with her word for them
        ("Dad moved to a memory care unit in Dublin last week and he hates the food", "home"),
        ("my son is in an apartment in Clintonville now with two roommates", "home"),
        ("Mom's doctor is Dr. Feld at Riverside", "doctor"),
        ("her new neurologist is Dr. Okafor, he is very patient", "doctor"),
        ("my sister went part time after the baby", "schedule:work"),
        ("my daughter is seeing someone, Marcus, from her school", "relationship"),
        ("my mom walks at the Y on mondays", "gym"),
        # an appointment, a plan, the past, a student
        ("I'm with Dr. Okafor at mom's appointment, what should I ask him", "doctor"),
        ("I'm seeing Dr. Patel tomorrow about my knee", "relationship"),
        ("if I went part time we could not pay the mortgage", "schedule:work"),
        ("I'm a full time student again at 45, lord help me", "schedule:work"),
        ("I used to swim at the YMCA before the move", "gym"),
        ("I have my MRI tomorrow at 9", "certification"),
        ("we went to St. Luke's Church once for a funeral", "church"),
    ],
)
def test_a_relatives_life_or_a_plan_reads_nothing_of_hers(text, attribute):
    assert attribute not in _read(text)


def test_her_own_change_and_a_relatives_in_one_message_read_hers_only():
    read = _read(
        "Dad moved to memory care in Kettering so I sold the house and I'm in a condo in Beavercreek now, "
        "10 minutes from him. his new neurologist is Dr. Shah"
    )
    assert read.get("home") == "beavercreek"
    assert "doctor" not in read
    mine_not_his = _read("Mom moved to memory care so I sold the house and got a condo near her")
    assert mine_not_his.get("home") is None  # no place of hers named, and memory care is Mom's


@pytest.mark.parametrize(
    ("text", "whose"),
    [
        ("my mama's doctor is Dr. Feld at Riverside", "mama doctor"),
        ("my mom's doctor is Dr. Feld at Riverside", "mom doctor"),
        ("my grandpa's doctor is Dr. Feld at Riverside", "grandpa doctor"),
    ],
)
def test_a_relatives_doctor_by_any_family_word_is_theirs_not_hers(text, whose):
    read = _read(text)
    assert read.get(whose) == "dr feld"
    assert "doctor" not in read


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("who is my cell with these days", "phone provider"),
        ("who's our phone plan with", "phone provider"),
        ("who's my savings account with", "bank"),
        ("am I still part time", "schedule:work"),
        ("do I work full-time", "schedule:work"),
        ("did I ever get my PMP", "certification"),
        ("have I passed the CFA yet", "certification"),
    ],
)
def test_what_she_asks_of_her_own_life_is_asked(question, attribute):
    assert attribute in life.asked(question)


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("did I get my car fixed", "certification"),
        ("is my sister full time now", "schedule:work"),
        ("who is my sister's phone with", "phone provider"),
    ],
)
def test_look_alike_questions_ask_no_such_thing_of_hers(question, attribute):
    assert attribute not in life.asked(question)


def test_her_children_named_by_their_ages_after_the_word_for_them_are_hers():
    named = life.kin_names("I have to explain it to my kids. Yaw is 16 and Esi is 12 and they adore her")
    assert named == (("kids", "Yaw"), ("kids", "Esi"))
    assert life.kin_names("I have to explain it to my kids. They are 16 and 12") == ()
    assert life.kin_names("I love my kids. Tuesday is 12 hours of driving") == ()
    assert life.kin_names("my sister's kids. Yaw is 16") == ()
