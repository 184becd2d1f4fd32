"""Page titles a person would write, after importing their chats (session 40). Each class below titled a
page of a fixture's vault (tests/fixtures/*: grace's "Mom at lunch", "Bedroom" and "Email", ines's
"Person", the teacher's "Dug", dale's "Furnace" of two subjects); the tests say it in other words, beside
real titles still made: a place, a person, a hobby, a product."""

from __future__ import annotations

from wiki import synth

OTHER = ["My sister moved to Lisbon for her new job.", "The bakery on the corner sells sourdough loaves."]


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-{1 + i:02d}T10:00:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person", seq=i)


def _title(*texts: str) -> str:
    """The title of a topic of these turns, against a topic of something else."""
    groups = [[_turn(i, t) for i, t in enumerate(texts)], [_turn(50 + i, t) for i, t in enumerate(OTHER)]]
    return synth.topic_titles(groups)[0]


def _kept(*texts: str) -> list[tuple[str, list[str]]]:
    """The pages a topic of these turns makes: (title, the texts on it)."""
    g = [_turn(i, t) for i, t in enumerate(texts)]
    return [(title, [m.content for m in on]) for on, title in synth._kept([g], synth.topic_terms([g]))]


# -- a word for anyone ---------------------------------------------------------------------------------


def test_a_word_for_anyone_titles_nothing():
    """ines's "first person" of two stories' narrators and "a person" in a third were a page "Person"."""
    said = [
        "the story is told in first person, a woman of sixty",
        "new draft, still first person but an older narrator",
        "is a person who hates dogs believable",
    ]
    assert _kept(*said) == []
    assert synth._vague("person") and synth._vague("somebody") and synth._vague("everybody")


def test_a_place_or_a_trade_beside_them_still_titles():
    """Controls: a place, a personal trainer."""
    assert _title("a person in Leeds knows her", "somebody in Leeds ever calls") == "Leeds"
    assert _title("my personal trainer moved my sessions", "personal trainer says squat more") == "Personal trainer"


# -- when, not what ------------------------------------------------------------------------------------


def test_a_meal_or_a_time_of_day_said_as_when_titles_nothing():
    """grace's "I can be with mom at lunch" and "go see mom at lunch" were a page "Mom at lunch"."""
    assert synth._vague("mom at lunch") and synth._vague("gym at noon") and synth._vague("run at dawn")
    assert _kept("gym at noon with dad", "dad at noon again, gym closed") == []
    said = ["I can call dad at lunch most days", "walking at lunch helps my back", "dad wants to meet at lunch"]
    assert _kept(*said) == []


def test_a_meal_itself_still_titles():
    """Controls: dinners a person hosts, a place for lunch, a night shift."""
    hosted = [
        "doing a dinner for six on saturday",
        "he is coming to dinner, what do I cook",
        "a surprise dinner for him",
    ]
    assert [title for title, _ in _kept(*hosted)] == ["Dinner"]
    assert not synth._vague("lunch at nando's") and not synth._vague("dinner party") and not synth._vague("lunch")
    assert not synth._vague("night shift")


# -- an everyday word in the plural --------------------------------------------------------------------


def test_an_everyday_word_in_the_plural_needs_three_turns_as_in_the_singular():
    """grace's "a house in Reynoldsburg, 4 bedrooms" and "a condo in Westerville now, 2 bedroom" were a page
    "Bedroom": "bedroom" is an everyday word (memory/data/frequent.txt), "bedrooms" had not been."""
    assert _title("our flat has 3 bedrooms", "a 2 bedroom condo near the park") == ""
    assert synth.everyday("bedroom", 2, ["bedrooms", "bedroom"]) and synth.everyday("plan", 2, ["plans"])


def test_a_rarer_word_or_three_turns_still_title():
    """Controls: a rarer word two turns share, three turns of the everyday one, a hobby in the plural."""
    said = ["I moved into a flat with 3 bedrooms", "a 2 bedroom condo near the park costs less", "is a condo worth it"]
    assert [title for title, _ in _kept(*said)] == ["Condo"]
    assert _title("our flat has 3 bedrooms", "a 2 bedroom condo near the park", "paint the bedrooms blue") == "Bedrooms"
    assert _title("we rent kayaks at the lake", "kayaks are cheaper in autumn") == "Kayaks"


# -- what was done -------------------------------------------------------------------------------------


def test_a_verbs_past_ends_no_title():
    """The teacher's "better fill in the hole biscuit dug" and "biscuit has dug up the garden" were a page
    "Dug"; a past said after a name is no verb by `_only_done`, so the word itself tells."""
    assert _kept("better fill in the hole the dog dug", "the puppy dug under the fence again") == []
    assert _kept("my kids hiked to the falls", "the falls were icy when we hiked up") == []
    assert synth._past("swam") and synth._past("hiked") and synth._past("cried") and synth._past("hugged")


def test_a_name_a_participle_leads_or_a_noun_in_ed_still_titles():
    """Controls: a dog's name, a dessert a participle leads, a hobby, nouns that end so, a name capitalised."""
    assert [t for t, _ in _kept("better fill in the hole biscuit dug", "biscuit has dug up the lawn again")] == [
        "Biscuit"
    ]
    assert _title("frozen yogurt place opened downtown", "frozen yogurt again tonight") == "Frozen yogurt"
    assert _title("we went hiking up at the falls", "hiking boots for the falls trail") == "Hiking"
    assert not any(synth._past(w) for w in ("shed", "speed", "shred", "hundred", "Wicked", "shot", "rose"))


# -- a medium, not a subject ---------------------------------------------------------------------------


def test_how_a_thing_is_sent_titles_a_topic_only_where_nothing_concrete_does():
    """grace's "a short email to my manager", "reply to the HR email" and "my email signature" (days off,
    part time, a certificate) were a page "Email"."""
    said = ["write a short email to my landlord about the leak", "reply to the landlord email", "my email signature"]
    assert _title(*said) == "Landlord"


def test_an_email_itself_or_a_letter_named_still_titles():
    """Controls: a hacked email account (nothing else in common), a cover letter, a product."""
    assert _title("my email got hacked last night", "the email password reset did not work") == "Email"
    assert _title("need a cover letter for the loan app", "cover letter for the lender, keep it short") == (
        "Cover letter"
    )
    assert _title("the Garmin watch strap broke", "new strap for the Garmin watch") == "Garmin watch"


# -- one subject a page ----------------------------------------------------------------------------------


BOILER = [
    "cant kneel to fix a boiler since the knee surgery, the army doc says rest",
    "army pension letter needs my service dates",
    "a landlord wants her boiler moved to the garage",
    "the landlord says the heat pump is noisy",
]


def test_turns_held_by_their_title_alone_bring_no_other_subject():
    """dale's "Furnace" held a VA claim for a knee ("cant kneel to work on furnaces") with a loan's cover
    letter (both "army"), and a furnace moved to propane with a sunroom (both a "customer")."""
    said = [*BOILER, "boiler service is due in may"]
    assert _kept(*said) == [("Boiler", [said[0], said[2], said[4]])]


def test_turns_that_share_more_than_their_title_keep_what_they_bring():
    """Control: two of the turns that say it share a garage: the army and the landlord stay on the page."""
    said = [*BOILER, "the boiler in the garage is leaking"]
    assert _kept(*said) == [("Boiler", said)]


def test_a_turn_saying_a_word_of_the_title_stays_on_its_page():
    """Control: the life fixture's "I started an Italian evening class" stays on "Italian class" where the
    ferry terminal and the carbonara recipe each brought by one turn go."""
    said = [
        "the italian class meets by the ferry terminal",
        "ferry terminal parking is awful",
        "italian class homework is a carbonara recipe",
        "carbonara recipe without cream",
        "I signed up for an italian evening course",
    ]
    assert _kept(*said) == [("Italian class", [said[0], said[2], said[4]])]
    # one turn bringing one more is one subject still (arjun's "Selenium" kept its three turns)
    one = [*said[:2], "italian class homework is a poem", "italian class moved to fridays"]
    assert _kept(*one) == [("Italian class", one)]


# -- a number said in words ------------------------------------------------------------------------------


def test_a_number_said_in_words_titles_nothing():
    """ray dictates his years: "a twenty twenty one Freightliner", "my taxes for twenty twenty two" were a
    page "Twenty twenty"."""
    assert synth._vague("twenty twenty") and synth._vague("forty five") and synth._vague("seventy")
    said = ["she turns thirty one in june", "my lease ends in twenty twenty six", "we paid twenty twenty for it"]
    assert not any("twenty" in title.casefold() for title, _ in _kept(*said))


def test_a_name_with_a_number_word_still_titles():
    """Controls: a name beside its number word is a thing ("Five Guys", "Seven Sisters")."""
    assert not synth._vague("five guys") and not synth._vague("seven sisters")
    assert _title("lunch at Five Guys again", "Five Guys fries are too salty") == "Five Guys"
