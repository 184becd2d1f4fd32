"""Page titles a person would not write, after importing their chats (session 46). Each class below titled a page of
a fixture's vault (tests/fixtures/*, fake embedder): a place said beside an organisation's name taken for that name's
short form, olena's every "Leipzig" on a page "Jobcenter Leipzig" (a letter's heading) beside her page "Jobcenter",
arjun's "India" on a page "HDFC India"; a country's three-letter code, olena's "UKR" (her PESEL status) beside her
page "Ukraine". The tests say each in other words, beside real titles still made."""

from __future__ import annotations

from memory import names, vocab
from tests.conftest import chat_turns
from tests.test_wiki_titles_s40 import OTHER, _turn
from tests.test_wiki_titles_s43 import _kept
from wiki import synth


def _named_all(*texts: str) -> list[list[str]]:
    return [[n.name for n in found] for found in names.extract_all(list(texts))]


# -- a place beside an organisation's name -------------------------------------------------------------------------


def test_a_city_said_alone_is_the_city_not_the_office_named_after_it():
    """A benefits office named with its city once, the office and the city each said alone elsewhere."""
    found = _named_all(
        "my caseworker at the Arbeitsamt wants my payslips by friday",
        "the letter says Arbeitsamt Dresden at the top, what does it want",
        "we moved to Dresden in spring and the flat is small",
        "is the tram in Dresden cheaper with a monthly pass",
    )
    assert found[2] == ["Dresden"] and found[3] == ["Dresden"], found
    assert "Arbeitsamt" in found[0], found


def test_a_country_said_alone_is_the_country_not_the_bank_named_after_it():
    found = _named_all(
        "I keep my savings with Kotak since college",
        "some interest came in at Kotak India last month, do I declare it",
        "we fly to India for the wedding in november",
    )
    assert found[2] == ["India"], found


def test_a_surname_that_is_also_a_city_stays_the_persons():
    """Control: a person's surname said alone, once as a person, is still theirs (not the city of that name)."""
    found = _named_all(
        "I met Anna Lincoln at the conference, she runs the lab",
        "and Lincoln called me back about the grant",
    )
    assert found[1] == ["Anna Lincoln"], found


def test_a_place_never_said_alone_leaves_the_name_whole():
    """Control: an office always named with its city is that office's name."""
    found = _named_all(
        "my interview at PureGym Croydon is on monday",
        "PureGym Croydon called back, they want me for the morning shifts",
    )
    assert found == [["PureGym Croydon"], ["PureGym Croydon"]], found


# -- one page for a name and its other forms -----------------------------------------------------------------------


def _display(*shown: str) -> tuple[set[str], dict[str, str]]:
    keys = {synth.entity_key(s): s for s in shown}
    return set(keys), keys


def test_a_country_code_is_folded_into_the_countrys_page():
    assert vocab.country_code("POL") == "Poland"
    assert synth.folded_names(*_display("POL", "Poland", "Kraków")) == {"pol": "poland"}


def test_a_country_code_without_its_countrys_page_or_in_lower_case_keeps_its_own():
    """Controls: "USA" with no page of the United States; an acronym no country's ("CDL"); "Pol" a word."""
    assert synth.folded_names(*_display("USA", "Texas", "CDL")) == {}
    assert vocab.country_code("Pol") is None and vocab.country_code("CDL") is None


def test_an_organisation_with_its_place_after_it_is_the_organisation():
    paged, display = _display("Arbeitsamt", "Arbeitsamt Dresden", "Kotak", "Kotak India")
    display |= {"dresden": "Dresden", "india": "India"}  # (the places said alone, with no page of their own)
    assert synth.folded_names(paged, display) == {"arbeitsamt dresden": "arbeitsamt", "kotak india": "kotak"}


def test_a_name_with_a_word_after_it_is_another_thing():
    """Controls: "Apple Store" is a shop, not the company; "Target Field" a ballpark; a person's surname that is a
    city's name where the history names no such city."""
    paged, display = _display("Apple", "Apple Store", "Target", "Target Field", "Anna", "Anna Lincoln")
    assert synth.folded_names(paged, display | {"store": "Store", "field": "Field"}) == {}


def test_a_code_and_an_office_are_on_the_pages_a_person_keeps(tmp_path, cli_json):
    """The vault as a rebuild makes it: the code's turns on the country's page, the office's city its own page."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "the PESEL says status POL on the card, is that right for a resident"),
            ("2024-02-09T10:00:00Z", "what does POL mean on my permit, my friend has another one"),
            ("2024-03-02T10:00:00Z", "we lived in Poland two years before, near Gdańsk"),
            ("2024-03-09T10:00:00Z", "do I pay tax in Poland for the months I worked there"),
            ("2024-04-02T10:00:00Z", "the Arbeitsamt wants my payslips by friday, what do I send"),
            ("2024-04-09T10:00:00Z", "the letter says Arbeitsamt Dresden at the top, what does it want"),
            ("2024-05-02T10:00:00Z", "we moved to Dresden in spring and the flat is small"),
            ("2024-05-09T10:00:00Z", "is the tram in Dresden cheaper with a monthly pass"),
            ("2024-06-02T10:00:00Z", "can the Arbeitsamt cut my money if I say no to a job"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    titles = [p["title"] for p in cli_json("pages")["pages"]]
    assert "POL" not in titles and "Poland" in titles, titles
    assert "Arbeitsamt Dresden" not in titles and "Arbeitsamt" in titles and "Dresden" in titles, titles


# -- a word said only in letters pasted to be rewritten ------------------------------------------------------------


def _titles(*texts: str) -> list[str]:
    return [t for t, _ in _kept(*texts)]


def test_a_word_said_only_inside_letters_pasted_for_editing_titles_nothing():
    """Three requests to fix a pasted text, each text naming refunds (a complaint, a memo, a job offer)."""
    said = [
        'rewrite this paragraph so it reads better\n\n"Customers ask about refunds and we cannot keep up with them."',
        "can you make this memo more formal\n\nHi team, the refunds report moves to Friday because the data is late.",
        "pls proof read this for my new hire\n\nDear Tom, you will own refunds for the north region from March.",
    ]
    assert "Refund" not in _titles(*said) and "Refunds" not in _titles(*said), _titles(*said)


def test_a_word_the_request_itself_says_still_titles():
    """Control: the person's own subject, asked about in their own words, beside the same pasted letters."""
    said = [
        "our refunds backlog is huge, how do other shops handle refunds faster",
        "can you make this memo more formal\n\nHi team, the refunds report moves to Friday because the data is late.",
        "I want to cut refunds time to two days, what should I measure for refunds",
    ]
    assert any(t.casefold().startswith("refund") for t in _titles(*said)), _titles(*said)


# -- an everyday word over a name the person types in lower case ---------------------------------------------------


def _title(*texts: str, history: tuple[str, ...] = ()) -> str:
    """The title `topic_terms` gives a topic of these turns, beside a topic of something else (and `history`)."""
    groups = [[_turn(i, t) for i, t in enumerate(texts)], [_turn(50 + i, t) for i, t in enumerate((*OTHER, *history))]]
    return synth.topic_titles(groups)[0]


_STUDIO = [
    "i test games at brightforge studios now and my lead hates my bug titles. make this one plain: crash in the cellar",
    "at brightforge we are about to patch the save system, what should a save/load test matrix cover",
    "'old save versions loading after the patch' is the one that will hurt, adding it in bold",
]


def test_a_name_typed_in_lower_case_titles_over_an_everyday_word():
    """Two turns of a tester's work at a studio typed in lower case, the studio capitalised in a draft elsewhere."""
    history = ("pls make this sound better: Hi Sam, I've been on the Brightforge contract for a year now",)
    assert _title(*_STUDIO, history=history) == "Brightforge"


def test_an_everyday_word_titles_where_no_name_is_written_so():
    """Control: the same turns with the studio never capitalised anywhere keep an everyday word (no name to take)."""
    assert _title(*_STUDIO) != "Brightforge"


def test_a_company_or_a_pet_with_a_words_name_still_titles():
    """Controls: a card reader called Square, an app called Notion, a bank called Monzo, a shop called Target, a
    dog called Biscuit: names that are words (or none) stay their topics' titles."""
    square = ["I moved my card reader to Square last week", "Square charges less per tap than my old reader"]
    assert _title(*square, "Square sent me a new reader for the market stall") == "Square"
    assert (
        _title("I keep my budget in Notion now", "my Notion template for groceries broke, fix the formula") == "Notion"
    )
    assert _title("moved my savings pot to Monzo", "Monzo rounds up every card payment, is that worth it") == "Monzo"
    assert _title("Biscuit chewed the sofa again", "took Biscuit to the vet for her shots") == "Biscuit"
    target = ["the Target on 5th has the cheapest diapers", "Target price matched the stroller"]
    assert _title(*target, "returned the car seat at Target, no receipt needed") == "Target"


# -- the everyday words of the language a history is typed in ------------------------------------------------------

_GYM = ["saan maganda mag gym sa Cebu", "ano magandang gym shoes", "pano mag deadlift", "gym sched ko mon wed fri"]


def _kept_titles(first: list[str], third: list[str]) -> list[str]:
    """The topics kept of three groups (`first`, a gym's, `third`), the history's backdrop read from them twice."""
    groups = [[_turn(i + 20 * n, t) for i, t in enumerate(texts)] for n, texts in enumerate((first, _GYM, third))]
    behind = synth.backdrop([m.content for g in groups for m in g] * 2)
    return [t for _, t in synth._kept(groups, synth.topic_terms(groups), behind=behind)]


def test_a_word_of_the_persons_own_language_said_all_through_titles_nothing():
    """Taglish turns that each say "talaga" (really) of a different thing: it titles no page."""
    first = ["talaga pagod ako sa trabaho", "talaga ang mahal ng kuryente", "talaga sobrang init sa bahay"]
    third = ["talaga masarap ang adobo ni mama", "talaga nakakamiss ang probinsya", "talaga mahal na ang bigas"]
    titles = _kept_titles(first, third)
    assert "Talaga" not in titles and "Gym" in titles, titles


def test_a_place_said_all_through_still_titles():
    """Control: a city the history says all through is a word the model knows, and titles its topic."""
    first = ["London rent is crazy this year", "London buses vs the tube for work", "moving flats again in London"]
    third = ["London in winter is so grey", "best London markets for a saturday", "London council tax band question"]
    assert "London" in _kept_titles(first, third)


# -- a name cut with its "and" ---------------------------------------------------------------------------------


def test_a_name_before_and_i_ends_before_the_and():
    """rima's "I accepted the job at Pixelbay and I resigned from Nomad today" was a page "Pixelbay and"."""
    assert [n.name for n in names.extract("I took the job at Brightline and I told my boss today")] == ["Brightline"]


def test_a_name_made_with_and_after_a_job_stays_whole():
    """Control: a shop with "and" in its name, after the same cue, is one name."""
    assert [n.name for n in names.extract("I took the job at Marks and Spencer last week")] == ["Marks and Spencer"]


# -- the person's own name, said by someone writing on their account -------------------------------------------


def test_the_account_owners_name_has_no_page_when_another_writes_on_it(tmp_path, cli_json):
    """A husband writing on his wife's account and naming her: glenda's husband's turns had made a page "Glenda"."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "Hi! Our dog Pepper needs her shots, what should the vet check at 9 years old?"),
            ("2024-03-02T10:00:00Z", "ed here on marthas account. whats a good winter tire for a 2015 outback"),
            ("2024-04-02T10:00:00Z", "this is marthas husband. my wife martha says i should ask about my knee"),
            ("2024-05-02T10:00:00Z", "Pepper ate a sock this morning, should I call the vet or wait?"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    titles = [p["title"] for p in cli_json("pages")["pages"]]
    assert "Martha" not in titles, titles
    assert "Pepper" in titles, titles


def test_a_name_whose_account_money_goes_into_keeps_its_page(tmp_path, cli_json):
    """Control: someone else's bank account is theirs, and their name still has a page."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "I paid the deposit into Martha's account, how do I get a receipt from her"),
            ("2024-03-02T10:00:00Z", "Martha says the flat is free from May, what should I check before moving"),
            ("2024-04-02T10:00:00Z", "what do I ask Martha about the boiler before I sign"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    assert "Martha" in [p["title"] for p in cli_json("pages")["pages"]]
