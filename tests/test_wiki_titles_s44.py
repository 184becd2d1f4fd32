"""Page titles a person would not write, after importing their chats (session 44). Each class below titled a page of
a fixture's vault (tests/fixtures/*, fake embedder): a name cut short, lucia's "Monedita S" (of "Monedita S.A.")
and wen's "West" (of "Shoppers Drug Mart on West 4th"); a word and a year, grace's "Odyssey 2019" (her van, "the
Odyssey" after); a common word alone of two things, wen's "Deposit" (a payroll deposit, a rental deposit) and
dale's "Furnace" (furnaces he can no longer kneel to, a customer's furnace); beth's "House" (five houses, held by
"housing"); bola's "Checklist" (two checklists of nothing in common); and a word of a listing for sale, marisol's
"Pool" (one feature each of two listings). The tests say each in other words, beside real titles still made."""

from __future__ import annotations

from memory import names
from memory.entities import key as entity_key
from tests.conftest import chat_turns
from tests.test_wiki_titles_s40 import OTHER, _turn
from tests.test_wiki_titles_s43 import _kept
from wiki import synth


def _named(text: str) -> list[str]:
    return [n.name for n in names.extract(text)]


def _titles(*texts: str) -> list[str]:
    return [t for t, _ in _kept(*texts)]


# -- a name cut short --------------------------------------------------------------------------------------------


def test_a_legal_form_with_dots_is_no_part_of_the_name():
    """lucia's "the company is Monedita S.A." was a page "Monedita S" (the name she says is "Monedita")."""
    assert _named("my contract is with Paloma Viajes S.L. until june") == ["Paloma Viajes"]
    assert _named("the invoice from Lumen Tecnologia S.A. came today") == ["Lumen Tecnologia"]


def test_a_legal_form_without_dots_and_initials_stay():
    """Controls: an undotted legal form is the name's, an initial is a person's."""
    assert _named("my contract is with Acme Inc now") == ["Acme Inc"]
    assert _named("I applied to Siemens AG in Munich") == ["Siemens AG", "Munich"]
    assert _named("we watched Michael J. Fox in the old film") == ["Michael J. Fox"]


def test_a_street_numbered_after_a_quarter_of_the_city_keeps_its_number():
    """wen's "a staff pharmacist at Shoppers Drug Mart on West 4th" and "the West 4th team" were a page "West"."""
    assert _named("the bakery on East 12th closes early") == ["East 12th"]
    assert _named("we moved to North 3rd Street last year") == ["North 3rd Street"]


def test_an_ordinal_after_another_name_is_not_read_with_it():
    """Controls: a date's ordinal beside a name, a quarter's name with no number."""
    assert "West Ham" in _named("West Ham play on the 4th")
    assert _named("see you on the 4th at Lidl") == ["Lidl"]


# -- a word and a year -------------------------------------------------------------------------------------------


def test_a_things_model_year_is_no_part_of_its_title():
    """grace's "a used Odyssey 2019 with 52k miles", then "borrow the Odyssey", was a page "Odyssey 2019"."""
    said = ["looking at a Sienna 2018 with 60k miles", "the Sienna needs new brakes already"]
    assert synth.page_title("Sienna 2018", frozenset(), said) == "Sienna"


def test_a_name_with_its_year_stays_where_it_is_never_said_without_it():
    """Controls: a tournament, an edition of software always said with the year; a page of the short name."""
    said = ["tickets for Euro 2024 in Munich", "Euro 2024 final was so tense"]
    assert synth.page_title("Euro 2024", frozenset(), said) == "Euro 2024"
    assert synth.page_title("Office 2019", frozenset(), ["my Office 2019 licence expired"]) == "Office 2019"
    said = ["looking at a Sienna 2018 with 60k miles", "the Sienna needs new brakes already"]
    assert synth.page_title("Sienna 2018", {"sienna"}, said) == "Sienna 2018"
    assert synth.page_title("Pixel 6", frozenset(), ["my Pixel 6 broke", "the Pixel is dead"]) == "Pixel 6"


def test_a_van_with_its_year_on_the_vault(tmp_path, cli_json):
    """The page as a rebuild titles it, after an import of turns that name the van with its year, then without."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "I found a used Sienna 2018 with 60k miles at a dealer, is 24k fair?"),
            ("2024-03-02T10:00:00Z", "my son wants to borrow the Sienna on fridays, can I add him to my insurance?"),
            ("2024-04-02T10:00:00Z", "the Sienna needs new tires, what is a fair price for four?"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    titles = [p["title"] for p in cli_json("pages")["pages"]]
    assert "Sienna" in titles and "Sienna 2018" not in titles, titles


# -- a common word alone, of two things ----------------------------------------------------------------------------


def test_a_kind_of_a_thing_and_another_one_title_nothing():
    """wen's "a payroll deposit came a day late" and "deposit back, keys to the concierge"; dale's "cant kneel to
    work on furnaces" and "her furnace"."""
    said = [
        "the bank fined me because a paycheck deposit bounced, never happened in years",
        "moving out in may, deposit back please, keys with the caretaker",
    ]
    assert _titles(*said) == []
    said = [
        "my shoulder is shot from years of fixing boilers, help me write up a disability claim",
        "a customer wants her boiler serviced for free because I fitted it",
    ]
    assert _titles(*said) == []


def test_one_thing_said_twice_still_titles():
    """Controls: a hobby said plainly twice, one kind in both, the one known already, a place typed lower case."""
    assert _titles("I play netball thursday nights", "gave netball away when we moved") == ["Netball"]
    assert _titles("the kitchen table wobbles", "sanding the kitchen table this weekend") == ["Kitchen table"]
    assert _titles("feeding my sourdough starter twice a day", "the starter smells like nail polish") == ["Starter"]
    said = ["here in freiburg nothing is open on sundays", "how do i close the sparkasse freiburg account"]
    assert _titles(*said) == ["Freiburg"]


def test_the_titles_word_said_as_another_holds_no_turn():
    """beth's "move out of housing" and "after years of base housing" held five houses to a page "House"."""
    said = [
        "our neighbours sold their house and move out of housing next week, a goodbye card please",
        "my aunt found our old dog a home with a friend who has a big house and a garden",
        "we finally bought a house in Tulsa after ten years of army housing! first things to do?",
    ]
    assert "House" not in _titles(*said)


def test_a_house_the_turns_share_more_of_still_titles():
    """Control: turns of one house, by where it is."""
    said = ["our house in Leeds has damp in the cellar", "the house in Leeds: who fixes damp walls?"]
    assert _titles(*said) == ["House in Leeds"]


# -- the form an answer is asked in --------------------------------------------------------------------------------


def test_the_form_an_answer_is_asked_in_titles_nothing_alone():
    """bola's "a checklist for the first week in the new place" and "a checklist for observing a level 2 learner"."""
    said = ["make me a checklist for moving the office to the new unit", "a checklist for my puppy's first vet visit"]
    assert _titles(*said) == []
    said = ["a timeline for the wedding day please", "timeline for my thesis chapters, due in june"]
    assert _titles(*said) == []


def test_a_form_the_turns_share_a_subject_of_still_titles():
    """Control: two checklists of one camping trip are a page."""
    said = ["make me a packing checklist for camping in Snowdonia", "camping checklist: add a tent and midge spray"]
    assert _titles(*said) == ["Checklist"]


# -- a word of a listing for sale --------------------------------------------------------------------------------


def test_one_item_of_a_list_of_what_a_thing_has_titles_nothing():
    """marisol's listings, "2 bath pool home at ..., new roof 2021, screened lanai, 2 car garage, no HOA" and
    "updated kitchen, covered parking, community pool", were a page "Pool"."""
    said = [
        "write the ad: bright 3 bed semi, big garden, new kitchen, off-street parking, sauna in the cellar.",
        "ad copy for the flat: quiet 2 bed, gym downstairs, concierge, roof terrace, shared sauna.",
    ]
    assert "Sauna" not in _titles(*said)


def test_a_thing_said_outside_a_list_still_titles():
    """Controls: the thing talked of, and once in a list beside that."""
    assert _titles("the sauna at the gym is broken again", "sauna after the swim, then home") == ["Sauna"]
    said = ["the sauna at the gym is broken again", "gym bag: towel, goggles, cap, lock, sauna sandals"]
    assert _titles(*said) == ["Sauna"]


# -- (later the same session) an owner's "'s", a vague noun after a phrase, a typist's particles and verbs -----------


def test_an_owner_keeps_its_apostrophe_in_a_title():
    """nurse's "Inès's school is École Jean-Macé" and "Inès’s school is École Saint-Jean" were "Inès school"."""
    said = ["Tomás's nursery closes at noon on fridays", "Tomás's nursery wants a form signed"]
    assert _titles(*said) == ["Tomás's nursery"]


def test_an_owner_said_alone_is_titled_as_before():
    """Control: a phrase of no owner, and an owner's "'s" before a name (no phrase of it)."""
    assert _titles("swim club on tuesdays again", "swim club moved to the big pool") == ["Swim club"]


def test_a_phrase_a_vague_noun_follows_is_no_title():
    """marisol's "I almost had a heart attack in the Target parking lot" and "cried in the Target parking lot"."""
    said = ["I locked my keys in the car in the Costco parking lot", "a dent from the Costco parking lot again"]
    assert not {"Costco parking", "Parking"} & set(_titles(*said))


def test_a_phrase_no_vague_noun_follows_still_titles():
    """Control: the same words where nothing vague follows them."""
    said = ["parking permit for the new flat", "my parking permit expired, how do I renew"]
    assert _titles(*said) == ["Parking permit"]


def test_a_clause_ending_particle_titles_nothing():
    """jolene's "i not changing my surname lah" and "not my salary lah just the quiz" were a page "Lah"."""
    assert _titles("dont need so fancy lah, just simple", "ok can lah, send me the link") == []
    assert synth._edge("lah") and synth._edge("lor")


def test_a_verb_or_a_thing_after_a_relative_typed_in_lower_case_is_no_name():
    """jolene's "my mum change to the polyclinic" and "my mum name is lee mei ling" were pages "Change", "Name"."""
    said = ["my dad change to night shift already", "my dad name is tan ah kow", "my sister pay for the flight"]
    assert not [n.name for found in names.extract_all(said) for n in found]


def test_a_relative_named_in_lower_case_is_still_their_name():
    """Control: "my mum joyce" is her name."""
    said = ["my mum joyce is turning 60 next week", "joyce wants a small dinner only"]
    assert "Joyce" in [n.name for found in names.extract_all(said) for n in found]


# -- a person with a page, said with an accent ---------------------------------------------------------------------


def _titled(avoid: list[str], *texts: str) -> str:
    """The title of a topic of these turns, against a topic of something else, with pages of the names `avoid`."""
    groups = [[_turn(i, t) for i, t in enumerate(texts)], [_turn(50 + i, t) for i, t in enumerate(OTHER)]]
    return synth.topic_titles(groups, [entity_key(name) for name in avoid])[0]


def test_a_name_with_a_page_titles_no_topic_whatever_its_accents():
    """marisol's "me and Héctor separated", "Héctor moved in with his girlfriend" (and five more turns) were a page
    "Héctor" beside his own, "Héctor Luis Reyes": entity keys are written without accents, the topics' words with."""
    assert _titled(["Ramón Luis Vega"], *_RAMON) == "Custody schedule"


def test_a_name_with_no_page_still_titles():
    """Control: the same turns where no page has his name."""
    assert _titled([], *_RAMON) == "Ramón"
    assert _titled(["Ramon Luis Vega"], *(t.replace("ó", "o") for t in _RAMON)) == "Custody schedule"


_RAMON = [
    "me and Ramón split up, we need a custody schedule",
    "Ramón wants to change the custody schedule again",
    "Ramón moved to Tampa with his girlfriend",
]


# -- an abbreviation made a verb; a thing said once by what it is, then as someone's ---------------------------------


def test_an_abbreviation_made_a_verb_is_no_name():
    """kai's "we're both PCSing, military clause" and "a guy PCSing out" were a page "PCSing"."""
    assert _named("tell the landlord we are PCSing in june, military clause") == []
    assert _named("I DMed the seller on Etsy twice") == ["Etsy"]


def test_an_abbreviation_or_its_plural_is_still_a_name():
    """Controls: the abbreviation, its plural."""
    assert _named("my PCS orders came through today") == ["PCS"]
    assert _named("I manage 3 PMs at the bank now") == ["PMs"]


def test_a_thing_said_once_by_what_it_is_then_as_someones_is_titled_by_what_it_is():
    """ray's "checked my blood pressure", "check my pressure twice a day", "my pressure ain't coming down"."""
    said = ["the doctor says my blood sugar is high", "my sugar was 140 this morning", "how do I get my sugar down"]
    assert _titles(*said) == ["Blood sugar"]


def test_a_thing_of_several_kinds_or_said_of_no_one_keeps_its_word():
    """Controls: dinners of several kinds, two kinds of one thing."""
    said = ["my birthday dinner for six, vegetarian menu", "he is coming for dinner on saturday", "a surprise dinner"]
    assert _titles(*said) == ["Dinner"]
    said = ["my blood sugar is high", "my fasting sugar was 140 this morning", "how do I get my sugar down"]
    assert _titles(*said) == ["Sugar"]


# -- a name of two words typed in lower case --------------------------------------------------------------------


def _lower_read(*said: str) -> set[str]:
    return {n.name for found in names.extract_all(list(said)) for n in found}


def test_a_name_of_two_words_typed_in_lower_case_is_read_whole():
    """jolene's "my brother jun wei enlisted", "jun wei posted to kranji camp", "from me and jun wei" were pages
    "Jun" and "Jun wei"."""
    assert _lower_read("my cousin wei jie is in town", "wei jie wants chicken rice", "dinner with wei jie") == {
        "Wei Jie"
    }
    assert _lower_read("my mum mei ling turning 60", "mei ling wants a small party") == {"Mei Ling"}


def test_a_name_typed_in_lower_case_with_what_it_does_after_it_is_one_word():
    """Controls: what the person does said twice alike; a word after the name once; a short verb in -ing."""
    assert _lower_read("my son jack swims on tuesdays", "jack swims well") == {"Jack"}
    assert _lower_read("my son jack loves trains", "jack loves lego too") == {"Jack"}
    assert _lower_read("my sister jess is staying over", "jess wants the new flat") == {"Jess"}
    assert _lower_read("my son leo sing in the choir", "leo sing loud") == {"Leo"}


# -- an everyday thing said as someone's --------------------------------------------------------------------------


def test_an_everyday_thing_said_as_someones_is_a_particular_one():
    """harold's "shall not be home until a quarter past twelve", a crossword's "New partner's home in the country"
    and "a care home in Telford" were a page "Home"."""
    said = [
        "i wont be home until 9 tonight, what can i prep",
        "clue: my aunt's home in the country (7), any ideas",
        "mum moved into a care home in leeds, what do i bring",
    ]
    assert _titles(*said) == []


def test_an_everyday_thing_said_bare_is_still_a_subject():
    """Control: home itself, said bare in each turn."""
    assert _titles("working from home all week", "home feels so quiet now", "missing home a lot lately") == ["Home"]
