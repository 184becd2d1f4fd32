"""A life typed on a phone (memory/life.py `_typed_out`, `_PHONE_TYPED`; memory/vocab.py): dropped g's,
"n" for "and", no apostrophes, "teh", a word or a line shouted in capitals, and the changes a
small-business owner or a retiree takes for granted as they ask something else ("now that its my own
outfit, X", "bein the owner now", "since we got out to the lake in X", "traded the ford in on a X",
"moved everything ... to X Credit Union", "our new church home, X", "shes my primary now", "set up my
account at X", "i QUIT the dip"). Each reading in several phrasings and Englishes, and its
look-alikes that must read nothing: someone else's, a question, a plan or a wish, a joke, a text pasted.
"""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


def _shown(text: str) -> dict[str, str]:
    return {s.attribute: s.shown for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a move out of town, said as the time since
        ("since we got out to the lake in kingsland i been tryin for white bass", "home", "kingsland"),
        ("ever since we moved down to the coast near rockport the AC runs all day", "home", "rockport"),
        ("Since we retired to Florida I golf every day", "home", "florida"),
        ("now that we moved back to ohio i need a new dentist", "home", "ohio"),
        ("since we moved out to the country in Hillsboro we have a well", "home", "hillsboro"),
        # a business of one's own, by its name
        (
            "now that its my own outfit, Hutchins Heating & Air, i gotta get the word out",
            "employer",
            "hutchins heating air",
        ),
        ("It's my own business now, Lakeside Bakery, and I do the books at night.", "employer", "lakeside bakery"),
        ("running my own shop: Tread & Co. Need a logo", "employer", "tread co"),
        # years at a place of work
        ("been at Alamo Air going on 9 yrs n they still use a invoice from 1995", "employer", "alamo air"),
        ("I've been at Initech for six years and want a raise", "employer", "initech"),
        ("ive been at Kroger going on 12 years", "employer", "kroger"),
        # a role, being it now
        ("bein the owner now i gotta price in insurance", "role", "owner"),
        ("so, being a manager now, I have to write reviews", "role", "manager"),
        ("im the crew foreman, boss wants em lookin more professional", "role", "crew foreman"),
        # a bank money was moved to, by what its name says it is
        (
            "finally closed out usaa n moved everything, personal n the LLC, to Inks Lake Credit Union in burnet",
            "bank",
            "inks lake credit union",
        ),
        ("we switched our accounts over to First National Bank last month", "bank", "first national bank"),
        ("we been with USAA since i was a private", "bank", "usaa"),
        # a church home, or a church by its denomination and what its people do together
        ("first potluck at our new church home, Cornerstone Baptist out here", "church", "cornerstone baptist"),
        ("Our church is Grace Fellowship now.", "church", "grace fellowship"),
        ("potluck at First Baptist on Bandera this sunday, need somethin that feeds 40", "church", "first baptist"),
        ("bible study at Grace Methodist tonight, what should I bring", "church", "grace methodist"),
        # a doctor who has the person on something, or is their primary now
        ("my VA doc, Dr. Patel over at audie murphy, has me on lisinopril 10mg", "doctor", "dr patel"),
        (
            "got my first appt with Dr. Whitaker at the VA clinic in cedar park, shes my primary now",
            "doctor",
            "dr whitaker",
        ),
        ("Dr. Osei, who's my GP now, wants bloods done", "doctor", "dr osei"),
        ("my family doctor, Dr. Lam, is retiring", "doctor", "dr lam"),
        # a supplier
        ("my equipment all comes from Johnstone Supply on perrin beitel", "supplier", "johnstone supply"),
        ("set up my account at Winsupply in marble falls, they carry goodman n rheem", "supplier", "winsupply"),
        ("I buy all my lumber from Sutherlands", "supplier", "sutherlands"),
        # a tobacco or drink habit, kept at or given up
        ("been dippin copenhagen since basic training n the wife is on me to quit", "schedule:dip", "now"),
        ("i QUIT the dip back in march, 60 days clean", "schedule:dip", "stopped"),
        ("I stopped smoking in 2019", "schedule:smoking", "stopped"),
        ("finally kicked the cigs", "schedule:smoking", "stopped"),
        ("I've been smoking for 20 years", "schedule:smoking", "now"),
        ("gave up the booze last year", "schedule:drinking", "stopped"),
        ("I quit vaping after new year", "schedule:vaping", "stopped"),
        # a car traded in on another, a phone held "this old"
        ("traded the ford in on a 2021 silverado 2500, gas", "car", "silverado 2500"),
        ("I traded my corolla in on a 2021 RAV4", "car", "rav4"),
        ("this old iphone 8 wont hold a charge past lunch", "phone", "iphone 8"),
        ("we got att thru the family plan", "phone provider", "att"),
        # an instrument, a shoe size, a plate
        ("I play the cello", "schedule:cello", "now"),
        ("i been playin guitar since i was 12", "schedule:guitar", "now"),
        ("my shoe size is 10.5", "shoe size", "10 5"),
        ("I wear a size 11 shoe", "shoe size", "11"),
        ("my license plate is 7ABC123", "license plate", "7abc123"),
        ("our reg is AB12 CDE", "license plate", "ab12 cde"),
    ],
)
def test_a_life_typed_on_a_phone_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, life.read(text)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's
        ("my son moved everything to Navy Federal Credit Union", "bank"),
        ("my buddy ron bought a bass boat", "car"),
        ("customer in horseshoe bay just switched to propane for her furnace", "energy"),
        ("my sister has this old iphone 8", "phone"),
        ("travis just took a job with katy fire dept, him n his girlfriend movin to katy", "employer"),
        ("her own business, Bloom Florals, is doing great", "employer"),
        ("amber n her husband are splittin up. she moved her n kaylee to boerne", "home"),
        ("my bride retired from Northside ISD after 31 yrs teachin 3rd grade", "employer"),
        ("my wife stopped smoking last year", "schedule:smoking"),
        # a question, a plan, a wish, a case put
        ("thinkin bout goin out on my own", "employer"),
        ("what if i sold the silverado n got a ram 2500 with the cummins", "car"),
        ("should i move everything to Inks Lake Credit Union?", "bank"),
        ("now shes talkin bout sellin out n movin to florida, panama city beach", "home"),
        ("if it was my own business, Acme Ltd, I'd charge more", "employer"),
        ("i'm trying to quit smoking", "schedule:smoking"),
        ("I'd quit smoking if I could", "schedule:smoking"),
        ("should I set up an account at Ferguson for parts", "supplier"),
        # a trip, not a move; smoking meat, drinking coffee; a joke; a song
        ("since we got down to the beach in Malibu for the weekend it's rained", "home"),
        ("been smoking brisket since 5", "schedule:smoking"),
        ("I stopped drinking coffee", "schedule:drinking"),
        ("the wife says im married to that truck", "relationship"),
        ("I play guitar hero with the kids", "schedule:guitar"),
        ("I picked up the keys for my new apartment", "schedule:keys"),  # (keys to a door, no keyboard)
        ("my old iphone 8 died", "phone"),
        # a bank's name is no supplier; a carrier's no employer; a city no employer
        ("set up my account at Chase, they have good terms on parts loans", "supplier"),
        ("we've been with Verizon for 10 years", "employer"),
        ("been at London for 2 years", "employer"),
        ("I've been with Geico for 3 years, but I heard they have better rates", "employer"),  # (LongMemEval)
        ("the most challenging part of starting my own business, I'd say it's juggling", "employer"),  # (LongMemEval)
        ("I sang in the choir at St. Mary's Church a few weeks ago", "church"),  # (LongMemEval: once)
        # a doctor's appointment is no doctor's name
        ("got my first dr appt next week, shes my primary now", "doctor"),
    ],
)
def test_look_alikes_read_nothing(text, attribute):
    assert attribute not in _read(text), life.read(text)


def test_phone_typing_reads_as_the_rules_spell_it():
    # "n" for "and", a dropped g, a missing apostrophe, "teh": the hedge of a plan is read as one
    assert "employer" not in _read("thinkin bout goin out on my own")
    assert _read("we're movin to Denver next month") == {}  # a plan, as "moving to" is
    assert _read("bein the owner now") == {"role": "owner"}
    # "n" between words only: code and a lone letter are left as they are
    assert life._typed_out("for n in range(3)") == "for n in range(3)"
    assert life._typed_out("me n one helper") == "me and one helper"
    assert life._typed_out("a bout of flu") == "a bout of flu"
    assert life._typed_out("talkin bout it") == "talking about it"
    assert life._typed_out("teh letters") == "the letters"
    # "begin", "cabin", "Austin": words that end in "in" of their own
    assert life._typed_out("begin at the cabin in Austin") == "begin at the cabin in Austin"


def test_a_shouted_word_or_line_is_read_and_shown_in_lower_case():
    said = life.read("i QUIT the dip back in march")
    assert [(s.attribute, s.value, s.shown) for s in said] == [("schedule:dip", "stopped", "stopped")]
    assert _read("we FINALLY MOVED TO DENVER") == {"home": "denver"}
    assert _shown("WE MOVED TO DENVER LAST YEAR") == {"home": "denver"}
    # acronyms stay: "USAA", "LLC", "HVAC" are not shouted words
    assert life._typed_out("we bank with USAA n the LLC too") == "we bank with USAA and the LLC too"
    assert _shown("we been with USAA since i was a private") == {"bank": "USAA"}


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("we do mostly residential here in san antonio", "since we got out to the lake in kingsland"),
        (
            "been at Alamo Air going on 9 yrs",
            "now that its my own outfit, Hutchins Heating & Air, i gotta get the word out",
        ),
        ("im the crew foreman, boss wants em lookin good", "bein the owner now i gotta price in insurance"),
        ("my 2015 F-150 with the 5.0 is at 148k miles", "traded the ford in on a 2021 silverado 2500, gas"),
        (
            "we been with USAA since i was a private",
            "finally closed out usaa n moved everything to Inks Lake Credit Union",
        ),
        (
            "potluck at First Baptist on Bandera this sunday",
            "first potluck at our new church home, Cornerstone Baptist",
        ),
        (
            "my VA doc, Dr. Patel over at audie murphy, has me on lisinopril",
            "Dr. Whitaker at the clinic, shes my primary now",
        ),
        ("my equipment all comes from Johnstone Supply", "set up my account at Winsupply, they carry goodman"),
        ("been dippin copenhagen since basic training", "i QUIT the dip back in march"),
        ("this old iphone 8 wont hold a charge", "kaylee got me set up on this new galaxy s23"),
        ("we got att thru the family plan", "switched us to verizon cause att dont get a bar"),
    ],
)
def test_each_change_is_one_attribute_with_another_value(before, after):
    assert life.changes(life.read(before), life.read(after)), (life.read(before), life.read(after))


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what truck do I drive", "car"),
        ("what vehicle do we have", "car"),
        ("where do I bank", "bank"),
        ("who do we bank with", "bank"),
        ("where do I buy my equipment", "supplier"),
        ("who's my supplier", "supplier"),
        ("do I still dip", "schedule:dip"),
        ("do I still smoke", "schedule:smoking"),
        ("what musical instrument do I play", "instrument"),
        ("what's my shoe size", "shoe size"),
        ("what's my license plate number", "license plate"),
        ("what's my granddaughter's name", "name:grandchild"),
        ("what's my grandson's name", "name:grandchild"),
    ],
)
def test_the_questions_of_them_ask_their_attribute(question, attribute):
    assert attribute in life.asked(question)


def test_an_instrument_question_is_answered_by_any_instrument_played():
    asked = life.asked("what instrument do I play")
    assert life.matches(asked, life.read("I play the cello"))
    assert life.matches(asked, life.read("i been playin guitar since i was 12"))
    assert not life.matches(asked, life.read("I play tennis on Tuesdays"))
    # two instruments are two schedules: the second is no change of the first
    assert life.changes(life.read("I play the cello"), life.read("I'm learning the violin")) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("this is kaylee typing for grandpa. he had his knee done", (("grandchild", "kaylee"),)),
        ("kaylee here again typing for grandpa. PT says he needs to bend it", (("grandchild", "kaylee"),)),
        ("Hi, it's Sam, typing for my dad", (("child", "Sam"),)),
        ("my bride Darlene retired", (("bride", "Darlene"),)),
    ],
)
def test_someone_who_types_for_the_person_or_a_bride_is_named(text, names):
    assert life.kin_names(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "kaylee is typing for her school paper",  # no one typed for
        "this is typing for grandpa",  # no name
        "i am typing for grandpa",  # a pronoun
        "Tom typing for my boss today",  # no kin
    ],
)
def test_typing_for_someone_names_no_kin_where_no_one_is_named(text):
    assert life.kin_names(text) == ()
