"""Page titles a person would not write, after importing their chats (session 43). Each class below titled a page
of a fixture's vault (tests/fixtures/*, fake embedder): beth's "120 Soldiers" (a count kept in a title, on a bake
sale and NCOER bullets) and "Microwave" (what dinners in temporary lodging are made with), maeve's "Sale" (of her
house, holding her son's move and a friend's will), dani's "Marketplace" (health cover), "Nashville TN" (her
agency's new office address) and "DANI RAE" (the name she releases under, in capitals); and About me's "Booking
agent: theo; was kelsey" in lower case; and names read with what follows or leads them: olena's son "Maksym 920"
(of "Maksym 920 €"), bola's stylist "Adaeze Wed-Sat" (a rota), harold's daughter "Neither Sarah", wen's "Ave SW" (an
address), priya's "Place" ("my parents place"), ray's "Beaumont Texas", dani's "Bar" (three bars). The tests say each
in other words, beside real titles still made."""

from __future__ import annotations

from memory import names
from tests.conftest import about_now, chat_turns
from tests.test_wiki_titles_s40 import OTHER, _title, _turn
from wiki import render, synth


def _kept(*texts: str) -> list[tuple[str, list[str]]]:
    """The pages a topic of these turns makes (title, the texts on it), beside a topic of something else."""
    groups = [[_turn(i, t) for i, t in enumerate(texts)], [_turn(50 + i, t) for i, t in enumerate(OTHER)]]
    found = synth._kept(groups, synth.topic_terms(groups))
    return [(title, [m.content for m in on]) for on, title in found if on[0] in groups[0]]


def _form(text: str, key: str) -> str:
    """How a text's term `key` is written (`synth._terms`), "" where it has none."""
    return next((form for k, form in synth._terms(text) if k == key), "")


# -- a count kept in a title -------------------------------------------------------------------------------------


def test_a_count_before_a_plural_is_no_part_of_its_title():
    """beth's "a bake sale for about 120 Soldiers and families" and "mentored 14 Soldiers" were "120 Soldiers"."""
    assert _form("a picnic for about 60 Scouts and their parents", "scout") == "Scouts"
    assert _form("we fed 12 Volunteers, then cleaned up", "volunteer") == "Volunteers"
    said = ["a reunion lunch for about 40 Sailors and spouses", "write up how 9 Sailors passed their boards"]
    assert _kept(*said) == []


def test_a_number_a_name_is_written_with_stays():
    """Controls: a shop and a gym whose name starts with a number keep it."""
    assert _form("we got dumplings at 99 Ranch today", "ranch") == "99 Ranch"
    assert _form("cancelling my 24 Hour Fitness membership", "hour fitness") == "24 Hour Fitness"
    assert _title("dinner at 99 Ranch on friday", "99 Ranch has the best dumplings") == "99 Ranch"


def test_the_numbers_said_in_words_are_one_list():
    """The names read counts by the wiki's list: "sixty Volunteers" is a count, as "60 Volunteers" (it knew only
    up to "fifty"); a film named by a number keeps its name."""
    assert {"one", "thirteen", "sixty", "ninety", "thousand", "million"} <= names.NUMBER_WORDS
    assert "Volunteers" not in [n.name for n in names.extract("I cooked for sixty Volunteers and their kids.")]
    assert "Marines" not in [n.name for n in names.extract("We fed thirteen Marines after the ceremony.")]
    assert [n.name for n in names.extract("Sixteen Candles is my favourite film.")] == ["Sixteen Candles"]
    assert synth._vague("seventy") and synth._vague("ninety thousand mile")


# -- what a thing is done with -------------------------------------------------------------------------------


def test_what_a_thing_is_done_with_titles_nothing():
    """beth's "easy dinners with only a microwave" and "dinners I can make with one pot and a microwave"."""
    said = ["lunches for the week I can make with only a kettle", "breakfasts in the van with one pan and a kettle"]
    assert "Kettle" not in [t for t, _ in _kept(*said)]


def test_a_thing_talked_of_or_helped_with_still_titles():
    """Controls: the thing itself talked of; what the person asks help with."""
    assert _title("my kettle is leaking from the base", "descaling the kettle with vinegar") == "Kettle"
    said = ["help me with a eulogy for my grandad", "can you help me with a eulogy, shorter this time"]
    assert [t for t, _ in _kept(*said)] == ["Eulogy"]


# -- that a thing is sold ---------------------------------------------------------------------------------------


def test_a_word_for_selling_alone_titles_nothing():
    """maeve's "the proceeds of the sale", "now sale agreed"; dani's "marketplace plan", "tell the marketplace"."""
    said = ["the sale of the flat fell through again", "the buyer for the sale wants the curtains left"]
    assert "Sale" not in [t for t, _ in _kept(*said)]
    said = ["my listing got 40 views but no calls", "should I drop the price on the listing"]
    assert "Listing" not in [t for t, _ in _kept(*said)]


def test_what_is_sold_still_titles():
    """Controls: a bake sale, a garage sale, a marketplace by its name."""
    assert _title("ideas for the school bake sale", "bake sale flyer for friday") == "Bake sale"
    assert _title("pricing stuff for our garage sale", "garage sale signs for saturday") == "Garage sale"
    said = ["sold my bike on facebook marketplace", "facebook marketplace buyer never showed"]
    assert [t for t, _ in _kept(*said)] == ["Facebook marketplace"]


# -- a name as its page is titled --------------------------------------------------------------------------------


def test_a_city_an_address_writes_with_its_state_is_titled_the_city():
    """dani's agency's "new office address is 1400 Division St, Suite 300, Nashville TN 37203": "Nashville TN"."""
    assert synth.page_title("Tulsa OK") == "Tulsa"
    assert synth.page_title("Halifax NS") == "Halifax"
    assert synth.page_title("Denver, CO") == "Denver"
    # ray's "I live in Lafayette Louisiana", "a load going to Beaumont Texas": his towns, "Lafayette", "Beaumont"
    assert synth.page_title("Tulsa Oklahoma") == "Tulsa"
    assert synth.page_title("Albuquerque New Mexico") == "Albuquerque"


def test_a_name_with_a_state_code_that_is_no_city_or_beside_the_citys_page_stays():
    """Controls: a name ending in capitals no city leads; a city with a page of its own (no two "Tulsa")."""
    assert synth.page_title("Tulsa OK", {"tulsa"}) == "Tulsa OK"
    assert synth.page_title("Apollo PA") == "Apollo PA"
    assert synth.page_title("Lincoln Middle") == "Lincoln Middle"
    assert synth.page_title("Texas Roadhouse") == "Texas Roadhouse"
    assert synth.page_title("Oklahoma City") == "Oklahoma City"


def test_a_name_in_capitals_is_titled_as_a_name():
    """dani's "i'm releasing as DANI RAE now" was a page "DANI RAE"."""
    assert synth.page_title("MAYA LEE") == "Maya Lee"
    assert synth.page_title("ROSA MARIA LOPEZ") == "Rosa Maria Lopez"


def test_an_acronym_in_capitals_stays():
    """Controls: an acronym, one or two of them, a name with a sign in it."""
    assert [synth.page_title(n) for n in ("NASA", "US ARMY", "BBC NEWS", "AT&T", "HSBC UK")] == [
        "NASA",
        "US ARMY",
        "BBC NEWS",
        "AT&T",
        "HSBC UK",
    ]


# -- About me: a person by their role, typed in lower case -------------------------------------------------------


def test_a_booking_agent_typed_in_lower_case_is_shown_as_a_name():
    """dani's About me read "Booking agent: theo; was kelsey"."""
    assert render._now_shown("booking agent", "maria") == ("Booking agent", "Maria")
    assert render._now_shown("booking agent", "none") == ("Booking agent", "none")


def test_a_booking_agent_on_about_me(tmp_path, cli_json):
    """The line as About me shows it, after an import of turns typed in lower case."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "BIG news i have a booking agent!! maria at redline touring. what do i ask her"),
            ("2024-06-02T10:00:00Z", "I live in Leeds now and I work as a nurse at the city hospital."),
        ],
    )
    cli_json("import", str(path))
    lines = [line for line in about_now(cli_json).splitlines() if line.startswith("- **Booking agent**")]
    assert lines and "Maria" in lines[0] and "maria" not in lines[0], lines


# -- an everyday thing each turn names by a word of its own ------------------------------------------------------


def test_an_everyday_thing_each_turn_names_by_a_word_before_it_titles_nothing():
    """beth's "the housing office", "the vehicle registration office on post", "a dental office" were "Office"."""
    said = ["the passport office lost my form", "which tax office handles my return", "our office closes at noon"]
    assert "Office" not in [t for t, _ in _kept(*said)]


def test_an_everyday_thing_the_turns_share_a_subject_of_still_titles():
    """Controls: one room talked of throughout; a thing with a word the turns share."""
    said = ["painting the office walls sage green", "office walls need a second coat", "office rug ideas"]
    assert [t for t, _ in _kept(*said)] == ["Office walls"]
    assert _title("my kettle is leaking from the base", "descaling the kettle with vinegar") == "Kettle"


# -- a name read with what follows it: a sum, the days worked; "Neither" before it ------------------------------


def _named(text: str) -> list[str]:
    return [n.name for n in names.extract(text)]


def test_a_sum_after_a_name_is_no_model_number():
    """olena's "Bürgergeld me and Maksym 920 €" had made every turn of her son the page "Maksym 920"."""
    assert "Tomasz" in _named("benefits for me and Tomasz 600 zł, rent paid by the council")
    assert "Tomasz 600" not in _named("benefits for me and Tomasz 600 zł, rent paid by the council")
    assert "Dana" in _named("I owe Dana 40 dollars for the tickets")


def test_a_model_number_still_names_its_model():
    """Controls: a phone and a truck by their model numbers."""
    assert "Pixel 7" in _named("I bought a Pixel 7 yesterday")
    assert "Peterbilt 389" in _named("my Peterbilt 389 needs new tires for 900 dollars")


def test_the_days_a_person_works_are_no_part_of_their_name():
    """bola's rota "me Tue-Sat, Adaeze Wed-Sat" had made her stylist's page "Adaeze Wed-Sat"."""
    found = _named("rota for may: me Mon-Fri, Kemi Thu-Sat, Saturday boy Tobi")
    assert "Kemi" in found and not any("-" in n for n in found), found


def test_neither_is_no_part_of_a_name():
    """harold's "Neither Sarah nor Ellie sews" had made his daughter's page "Neither Sarah"."""
    assert _named("Neither Ruth nor Paul can come at Easter.") == ["Ruth", "Paul"]
    assert "Ruth" in _named("Either Ruth or Paul will drive me to the station.")


def test_an_everyday_thing_counted_is_a_particular_one():
    """dani's "bar tips", "cut the bar" (from a bio) and "one bar of signal" were a page "Bar"."""
    said = ["money is patchy (bar tips and gigs)", "fine, cut the bar", "the hut has one bar of signal"]
    assert "Bar" not in [t for t, _ in _kept(*said)]


def test_a_streets_kind_with_a_quarter_of_the_city_is_no_name():
    """wen's "1020 12 Ave SW unit 805, Calgary" (a new address, a notice to end a tenancy) was a page "Ave SW"."""
    assert _named("please send it to 455 9 Ave NE, Calgary") == ["Calgary"]
    assert _named("the gym on 3rd Ave is closing") == []


def test_a_street_named_with_its_kind_stays():
    """Controls: a street by its name and kind; a street whose name starts with the word ("calle del Ave María")."""
    assert _named("I rent the place on York Ave") == ["York Ave"]
    assert "Ave María 31" in _named("my new piso is at calle del Ave María 31 in Lavapiés")


def test_where_a_relative_lives_typed_without_its_apostrophe_is_no_name():
    """priya's "engaged at my parents place in jayanagar" (typed in lower case) had made a page "Place"."""
    said = ["we had lunch at my parents flat in leeds, so many cousins came", "first christmas in our own flat lol"]
    assert not [n.name for found in names.extract_all(said) for n in found if n.name.casefold() == "flat"]


def test_a_relative_named_in_lower_case_is_still_a_name():
    """Control: "my sister jess" is Jess, beside a home said without its apostrophe."""
    said = ["my sister jess is staying at my parents place this week", "jess wants to see the new flat"]
    assert "Jess" in [n.name for found in names.extract_all(said) for n in found]
