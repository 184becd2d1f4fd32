"""Pages a person would not write, after importing their chats (session 41). Each class below made a page of
a fixture's vault (tests/fixtures/*, fake embedder): noor's "Msu", ray's "Pot", maeve's "Table" and "Son" and
grace's "Mom" (turns of several subjects held together by what the whole history says, or by a family word
alone), ray's "Thousand miles"; and two About me lines, ines's "Grandmother: Nell" and noor's "Diet: broke my
vegetarianism". The tests say each in other words, beside real titles and lines still made: a place, a
person, a hobby, a product, an acronym typed as one ("NASA", "UCLA")."""

from __future__ import annotations

from memory import life
from tests.test_wiki_titles_s40 import _title, _turn
from wiki import synth


def _kept(*texts: str, history: tuple[str, ...] = (), own: str = "") -> list[tuple[str, list[str]]]:
    """The pages a topic of these turns makes (title, the texts on it), in a history of these turns and
    `history`'s (what the whole history says is its backdrop, `synth.backdrop`), of a person named `own`."""
    g = [_turn(i, t) for i, t in enumerate(texts)]
    behind = synth.backdrop([*texts, *history])
    titles = synth.topic_terms([g], [own] if own else [])
    return [(title, [m.content for m in on]) for on, title in synth._kept([g], titles, behind=behind)]


# -- an acronym typed in lower case ------------------------------------------------------------------------


def test_an_acronym_typed_in_lower_case_is_titled_in_capitals():
    """noor's "she wants to do nursing at msu" and "yasmine started at msu this fall" were a page "Msu"."""
    assert _title("my cousin got into fsu for engineering", "fsu sent the housing forms today") == "FSU"
    assert _title("the hvac guy comes on friday", "hvac filter is due again") == "HVAC"
    assert synth.acronym("cpr") and synth.acronym("tsa") and synth.acronym("bmw")


def test_an_acronym_typed_in_capitals_a_word_or_a_name_stays_as_typed():
    """Controls: NASA and UCLA as typed, "nasa" a word of the model's vocabulary, a place, a person, a hobby."""
    assert _title("the NASA launch got moved again", "watching the NASA stream tonight") == "NASA"
    assert _title("UCLA offered her a place", "visiting UCLA in april") == "UCLA"
    assert _title("we drove to leeds for the match", "leeds was freezing") == "Leeds"
    assert _title("i play netball thursday nights", "gave netball away when we moved") == "Netball"
    assert not any(synth.acronym(w) for w in ("nasa", "ucla", "kofi", "stan", "pot", "brie", "spa"))
    # (nor a word typed short: "bday" is no BDAY, "xmas" no XMAS, "tsp" no TSP)
    assert _title("planning her bday dinner", "bday cake ideas for a 7 year old") == "Bday"
    assert not any(synth.acronym(w) for w in ("xmas", "tsp", "ppl", "mrs", "km"))


# -- what the whole history says holds no turn to a topic ------------------------------------------------

SIGNED = tuple(f"Good morning, a question about item {n}. Kind regards, Orla" for n in range(12))


def test_a_word_the_whole_history_says_holds_no_turn_to_a_topic():
    """maeve signs every letter "Kind regards, Maeve": her "Table" held fifteen letters (a blood pressure
    chart, a cottage's kitchen, a handbook's contents, a lurcher's lead) by her name; ray's "truck" (one turn
    in eight) held his phone's signal and a broker beside a crock pot."""
    said = [
        "Could you draw up a timetable for the choir rehearsals? Kind regards, Orla",
        "My timetable for the choir has changed again. Kind regards, Orla",
        "Is a harness better than a collar for a lurcher? Kind regards, Orla",
        "How do I renew my passport from abroad? Kind regards, Orla",
    ]
    assert _kept(*said, history=SIGNED, own="Orla") == [("Timetable", said[:2])]
    assert "orla" in synth.backdrop([*said, *SIGNED])


def test_a_word_few_turns_say_still_holds_its_turns():
    """Control: beside the signature every turn has, a place and a choir a few turns say still hold the
    turns that say them to the topic."""
    said = [
        "my timetable for choir in Galway changed",
        "the choir timetable is posted online",
        "we rehearse in Galway on thursdays now",
    ]
    assert _kept(*said, history=SIGNED, own="Orla") == [("Timetable", said)]
    assert not {"galway", "choir"} & synth.backdrop([*said, *SIGNED])


# -- a family word alone -----------------------------------------------------------------------------------


def test_a_family_word_that_is_all_its_turns_share_titles_nothing():
    """grace's "Mom": "get mom ready for church", "mom's memory care is in Westerville", "that's mom's hair
    and nails", "mom's pharmacy copays" (a church, a house sale, a phone bill, a budget) shared only "mom"."""
    said = [
        "how do I get dad to the dentist without a fight",
        "dad's pension came in short this month",
        "the plumber says dad's boiler needs replacing",
    ]
    assert _kept(*said) == []
    said = ["my son needs new football boots", "my son's school trip costs 300", "my son wants a gaming laptop"]
    assert _kept(*said) == []


def test_another_family_word_holds_no_family_words_turns_nor_do_two_make_a_title():
    """noor's "Teta" (a graduation speech, a budget, a visit) was held by "mama" in two of its turns; arjun's
    "Mummy papa" (a move on retiring, a visa) was two family words."""
    said = ["a toast thanking mum and gran at the wedding", "gran's pension and mum's rent this month", "gran flies in"]
    assert _kept(*said) == []
    assert _kept("mummy papa want a new sofa", "mummy papa booked flights for diwali") == []


def test_a_family_word_with_a_subject_or_a_name_still_titles():
    """Controls: turns about one thing of the person (dad's dementia), a relative's name, a person's page."""
    said = [
        "dad's dementia is worse this week",
        "the dementia nurse visits dad on fridays",
        "dad keeps forgetting his dementia meds",
    ]
    assert [t for t, _ in _kept(*said)] == ["Dementia"]
    assert _title("Kofi called about his school fees", "Kofi needs new shoes") == "Kofi"


# -- a thing each turn names as another ---------------------------------------------------------------------


def test_a_thing_each_turn_names_as_another_titles_nothing():
    """ray's "twelve volt crock pot" and "I drink a pot of coffee a day" were a page "Pot"."""
    assert _kept("my new rice cooker bowl cracked", "I eat a bowl of porridge every morning") == []
    assert _kept("the glass of wine at dinner was too sweet", "stained glass class on tuesday was fun") == []


def test_one_thing_named_alike_or_a_food_named_two_ways_still_titles():
    """Controls: "the kitchen table" twice, a hobby said bare, a product, a dish named two ways (no "of")."""
    said = ["sanding the kitchen table this weekend", "the kitchen table needs a second coat"]
    assert [t for t, _ in _kept(*said)] == ["Kitchen table"]
    said = ["smoking a packer brisket saturday", "got 5 lb of leftover brisket, ideas"]
    assert [t for t, _ in _kept(*said)] == ["Brisket"]
    assert _title("the Garmin watch strap broke", "new strap for the Garmin watch") == "Garmin watch"


# -- a number said in words and what it counts -------------------------------------------------------------


def test_a_number_said_in_words_with_its_unit_titles_nothing():
    """ray's "four hundred and ten thousand miles" on a Peterbilt and "eighty thousand miles" on a Tacoma
    were a page "Thousand miles"."""
    assert synth._vague("thousand mile") and synth._vague("ten milligram") and synth._vague("two week")
    assert synth._vague("mile") and synth._vague("gallon")  # (keys are stemmed: "miles", "gallons")
    said = ("bought a truck with four hundred thousand miles on it", "the DPF was cleaned fifty thousand miles ago")
    assert _title(*said) not in ("Miles", "Thousand miles")
    assert not synth._vague("five guy") and not synth._vague("seven sister") and not synth._vague("yard")
    assert not synth._vague("pound") and not synth._vague("foot") and not synth._vague("second")


def test_the_afternoon_is_a_time_as_the_morning_is():
    """harold's letters open "Good afternoon,": four of them (a funeral, a house sale, a son's truck, a GP)
    were a page "Afternoon". Control: "afternoon tea", a thing, stays a title."""
    assert synth._vague("afternoon") and synth._vague("good afternoon")
    assert not synth._vague("afternoon tea")


# -- About me: whose relative, and a diet that is a diet ----------------------------------------------------


def test_a_name_after_my_relation_and_a_comma_that_goes_on_is_not_theirs():
    """ines: "Lobo for my grandmother, Nell because nobody in England can say Inês" listed "Grandmother: Nell"."""
    assert life.kin_stated("I'll sign it Hart for my uncle, Sam because it sounds right.") == ()
    assert life.kin_stated("Rosa after my aunt, Bea since she raised me.") == ()


def test_a_name_in_apposition_is_still_theirs():
    """Controls: "my sister, Ola, lives in Lyon", "my grandmother Nell", "I called my aunt, Bea, today"."""
    assert life.kin_stated("My sister, Ola, lives in Lyon.") == (("sister", "Ola"),)
    assert life.kin_stated("I visited my grandmother Nell in Cork.") == (("grandmother", "Nell"),)
    assert life.kin_stated("I called my aunt, Bea, today.") == (("aunt", "Bea"),)


def test_a_diet_given_up_reads_as_the_diet_now():
    """noor's "amman broke my vegetarianism" was About me's "Diet: broke my vegetarianism", rowan's "Diet:
    I'm not vegetarian anymore"; the value was "eats meat" all along, the line now says it."""
    for said in ("honestly lisbon broke my vegetarianism", "I'm not vegetarian anymore", "i eat meat again"):
        (diet,) = [s for s in life.read(said) if s.attribute == "diet"]
        assert (diet.value, diet.shown) == ("eats meat", "eats meat")
    (vegan,) = life.read("I'm no longer vegan.")
    assert vegan.shown == "not vegan"


def test_a_diet_said_is_shown_as_said():
    """Control: a diet taken up is shown in the person's words."""
    (diet,) = life.read("I'm pescatarian now.")
    assert diet.shown == "pescatarian"


def test_a_choir_left_ends_as_a_gym_does():
    """maeve's "I have left the choir" was About me's "Choir: left; was Kinsale Community Choir"."""
    (left,) = life.read("We have both left the choir.")
    assert left.attribute == "choir" and life.ended(left)


def test_a_choir_joined_is_no_ending():
    """Control: the choir joined is the value, not an end."""
    (joined,) = life.read("I have joined the Kinsale Community Choir.")
    assert joined.attribute == "choir" and not life.ended(joined)
