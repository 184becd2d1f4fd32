"""A fast texter's life as he types it (memory/life.py `_TEXTING`): lower case, "lol", "rn", "w" for
"with", and "I" dropped at a sentence's start ("got the job at ...", "switched to ..."). Written after
the blind sam fixture, in other words than his (other names, places, apps, banks): each reading, and
its look-alikes that must read nothing (someone else's, a plan or a wish, a pasted order or listing, a
character in a game)."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a job taken, "I" dropped or said
        ("got the job at riverside medical center!! i start monday", "employer", "riverside medical center"),
        ("finally got the job at Trader Joe's, what do i wear day one", "employer", "trader joe's"),
        ("ngl got the job at kroger lol, how do i ask for weekends off", "employer", "kroger"),
        ("sooo ok so yess got the job at publix", "employer", "publix"),
        # a supplier switched to: one the lists know
        ("switched to mint mobile bc verizon was robbing me. how do i keep my number", "phone provider", "mint mobile"),
        ("ok so switched to t-mobile last week, the signal at my job is better", "phone provider", "t-mobile"),
        ("moved my direct deposit from wells fargo to ally bc the fees were insane", "bank", "ally"),
        ("switched my paycheck over to Navy Federal, when does it hit", "bank", "navy federal"),
        # a new doctor named after a comma
        (
            "found a new doctor in austin, dr. nguyen at the clinic on lamar. how do i get records",
            "doctor",
            "dr nguyen",
        ),
        ("got a new pcp, Dr. Alvarez, she seems chill", "doctor", "dr alvarez"),
        # a gig app, said with "I" or without, added with "too"
        ("i started driving lyft too, do i need a second phone mount", "gig", "lyft"),
        ("been doing instacart on weekends and its kinda fun ngl", "gig", "instacart"),
        ("i deliver for grubhub after class", "gig", "grubhub"),
        # a legal name, in capitals or (where "legal" says it) in lower case
        ("court date went fine, my name is legally Daniel Ortiz now 😭", "name", "daniel ortiz"),
        ("my legal name is still jessica park and i hate it", "name", "jessica park"),
        # pronouns, and the pronoun the person is called by
        ("i told my boss im they/them and he was cool abt it", "pronouns", "they/them"),
        ("my pronouns are she/her btw", "pronouns", "she/her"),
        ("everyone at work still calls me he and its wearing me down", "pronouns", "he/him"),
        # a home by the place the person is a resident of (a place of the lists)
        ("officially a denver resident lol, new license came today", "home", "denver"),
        ("im a florida resident now so do i still pay out of state tuition", "home", "florida"),
        # who the person lives with
        ("me and jordan got our own place in midtown!! help me budget", "living with", "jordan"),
        ("priya and i found a flat near the canal, what do we need for move in", "living with", "priya"),
        ("im living w my brother rn till i save up", "living with", "brother"),
        ("im staying at my moms place now, its temporary", "living with", "mom"),
        ("i live w three roommates in a duplex and the fridge is chaos", "living with", "flatmates"),
        # a manager named in lower case, before what they do
        ("my shift supervisor tanya wants me to close every friday", "manager", "tanya"),
        ("my new manager luis is kinda intense lol", "manager", "luis"),
        # a school, and a switch to a program at one
        ("im at ACC for my gen eds, doing bio online", "university", "acc"),
        ("i switched to the dental hygiene program at lone star, classes start in jan", "university", "lone star"),
        # a health plan: a parent's, then one got through work
        ("im still on my dads insurance til 26 so idk", "insurance", "parents"),
        ("got on the aetna plan thru work, does it cover therapy", "insurance", "aetna"),
        # who the person is dating
        ("me and my girlfriend ana want a weekend trip under 300", "relationship", "dating ana"),
    ],
)
def test_a_texters_statement_is_read(text: str, attribute: str, value: str) -> None:
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's
        ("my sister switched to verizon and loves it", "phone provider"),
        ("dani got the job at heb, so proud of her", "employer"),
        ("my roommate drives for lyft at night", "gig"),
        ("my sisters supervisor mike is a nightmare", "manager"),
        ("her pronouns are she/her", "pronouns"),
        ("dani and ruben got their own place in 2015", "living with"),
        ("my brother found a new doctor, dr. shah", "doctor"),
        # plans, wishes and hypotheticals
        ("might switch to visible if metro keeps dropping calls", "phone provider"),
        ("if i moved my direct deposit to chase would it come early", "bank"),
        ("if i got the job at the airport i could quit dashing", "employer"),
        ("thinking abt driving for uber on weekends", "gig"),
        ("me and marco wanna get our own place next year", "living with"),
        # not a supplier, a home, or a kind of place alone
        ("switched to decaf bc my heart was racing", "phone provider"),
        ("got the job at the hospital!!", "employer"),
        ("staying at my moms for the weekend, what should i bring", "living with"),
        ("got on the meal plan thru school", "insurance"),
        ("my name is sam btw", "name"),
        ("my name is jake paul lol", "name"),
        # quoted or pasted from someone else, or after a subject named earlier in the sentence
        ('my roommate texted me "got the job at aldi!! so hyped"', "employer"),
        ("my cousin sent me this:\ngot the job at aldi!! start monday", "employer"),
        ("look what my ex posted:\nswitched to visible and honestly never going back", "phone provider"),
        ("dani quit and got the job at aldi", "employer"),
        ("my sister called. got the job at heb!! so proud of her", "employer"),
        ("tay switched to visible", "phone provider"),
        # pasted orders and listings, and a character in a game
        ("Listing: 2BR in Midtown\nofficially a houston resident required for this lease", "home"),
        ("Deliver to: 1400 Main St Apt 2\nOrder: 2x burrito bowl", "home"),
        ("starting a campaign!! my character lives in Neverwinter and works as a smith", "home"),
        ("for my campaign: i am Brakka, i got the job at the Yawning Portal as a bouncer", "employer"),
    ],
)
def test_a_look_alike_is_not_read(text: str, attribute: str) -> None:
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i still work at kroger tho and drive at night", "kroger"),
        ("i work at target lol and its fine", "target"),
        ("im allergic to penicillin tho, is that a problem?", "penicillin"),
    ],
)
def test_a_trailing_discourse_word_is_no_part_of_a_value(text: str, value: str) -> None:
    found = {s.attribute: s.value for s in life.read(text)}
    assert value in found.values()


def test_a_job_restated_with_tho_is_no_new_employer() -> None:
    """ "i still work at brew tho" after "im a barista at brew haus" says the same job again."""
    before = life.read("im a barista at brew haus in midtown")
    after = life.read("i still work at brew tho and drive at night")
    assert life.restates(before, after)
    assert life.changes(before, after) == []


def test_a_gig_added_changes_the_gig_and_a_breakup_the_relationship() -> None:
    gig = life.changes(life.read("i dash for grubhub after my shifts"), life.read("i started driving lyft too"))
    assert [(a.value, b.value) for a, b in gig] == [("grubhub", "lyft")]
    dating = life.changes(
        life.read("me and my boyfriend theo want a cheap date idea"), life.read("we broke up. im single again")
    )
    assert [(a.value, b.value) for a, b in dating] == [("dating theo", "single")]


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what pronouns do i use at work", "pronouns"),
        ("what are my pronouns", "pronouns"),
        ("what apps do i drive for", "gig"),
        ("who do i live with rn", "living with"),
    ],
)
def test_the_questions_ask_what_is_read(question: str, attribute: str) -> None:
    assert attribute in life.asked(question)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("write a bday text to my grandma. keep it short. her name is lupe if that helps", [("grandma", "lupe")]),
        ("my dads name is hector", [("dad", "hector")]),
        ("my brother is flying in friday. his name is mateo btw", [("brother", "mateo")]),
        # not the relation: a pet or a partner of theirs between, or the other's pronoun
        ("my sister got a puppy. her name is bella", []),
        ("my mom got a new boyfriend, his name is tom", []),
        ("my dad called. her name is ana", []),
        ("we adopted a second cat!!! her name is mango", []),
    ],
)
def test_a_relation_named_in_a_later_sentence(text: str, named: list[tuple[str, str]]) -> None:
    assert list(life.kin_names(text)) == named


def test_one_more_said_by_its_place_is_a_count_and_a_kind_of_thing_is_not() -> None:
    """ "how many dogs do i have" is answered by "we adopted a second dog", not by "4 dog beds"."""
    assert life.states_count("we rescued a second dog!! his name is pepper", ("dog",))
    assert not life.states_count("they have like 3 dog beds at this point", ("dog",))
    assert not life.states_count("give me a second, my dog is barking", ("dog",))
