"""Words taken for names in a person's pasted lists and Army shorthand (session 42).

beth (tests/fixtures/beth, an Army spouse) had entity pages "Sofa" (the head of a movers' inventory item,
"Item 046 - Sofa, 3-cushion", one page with her "SOFA status"), "Soldiers" ("mentored 14 Soldiers") and
"SGT" (a rank alone: "promotion to SGT", "Congratulations to SGT and Mrs. Lopez"); her husband's résumé
bullets run into one line read "Led" as a name. Each class is said here in other words (other lists,
ranks, counts and bullets), beside the names that stay: a person opening a list item, a place a number
counts things of, a titled doctor, a film named by a rank ("Captain Marvel"), a company opening a bullet,
a brand in a list (a maker is a fair entity: "Ashley", "IKEA" stay)."""

from __future__ import annotations

from memory import names


def _names(*texts: str) -> list[list[str]]:
    """The names each text mentions, read together as one history (`names.extract_all`)."""
    return [[n.name for n in found] for found in names.extract_all(list(texts))]


def _kinds(text: str) -> dict[str, str]:
    return {n.name: n.kind for n in names.extract(text)}


# -- a list item's head ----------------------------------------------------------------------------------


def test_the_head_of_a_numbered_item_run_into_a_line_is_no_name():
    """ "Item 046 - Sofa, 3-cushion ... Item 047 - Dresser" made a page "Sofa"; the same in a storage list."""
    listed = "Item 12 - Lamp, brass, dented Item 13 - Mirror, oval, IKEA, chipped Item 14 - Rug, wool"
    assert _names(listed) == [["IKEA"]]  # a maker in the list stays
    assert _names("Item 7 - Bookcase, oak\nItem 8 - Wardrobe, Ashley, two doors") == [["Ashley"]]
    assert _names("7 - Bookcase, oak, and 8 - Wardrobe") == [[]]


def test_a_bullet_run_into_a_line_opens_a_clause():
    """A bullet's mark inside a line (" - ", " • ") starts a clause: its first capitalised word is a name
    only where the history names it elsewhere, as at a sentence's start."""
    assert _names("Packing today • Wrapped the plates • Labelled boxes") == [[]]
    assert _names("Tasks - Ordered the cake - Booked the hall") == [[]]
    # controls: a person or a company the history names elsewhere, and a name of two words, stay
    assert _names("Party plan - Anna will bring the cake", "I called Anna yesterday.") == [["Anna"], ["Anna"]]
    assert _names("My update - Google offered me a job", "I interviewed at Google.") == [["Google"], ["Google"]]
    assert "Rose Barracks" in _names("Errands - Rose Barracks housing office at 9")[0]


def test_a_list_item_at_a_line_start_still_names_what_the_history_names():
    """Control: "- Anna will bring the cake" (a list item's head) is Anna where Anna is known."""
    assert _names("- Anna will bring the cake\n- Tom brings chairs", "I met Anna and Tom.")[0] == ["Anna", "Tom"]
    assert _names("- Anna will bring the cake") == [[]]  # (as before: a list's head alone names nothing)


# -- a capitalised plural after a number -----------------------------------------------------------------


def test_a_capitalised_plural_a_number_counts_is_no_name():
    """ "mentored 14 Soldiers, 3 of whom" and "120 Soldiers and families" made a page "Soldiers"."""
    assert _names("He trained 30 Sailors, 4 of whom made rate.") == [[]]
    assert _names("We fed 200 Guests and staff at the gala.") == [[]]
    assert _names("We met twelve Volunteers and 3 Chaplains there.") == [[]]


def test_a_name_after_a_number_stays():
    """Controls: a place a number counts things of ("2 Paris hotels"), a name known elsewhere after a count
    ("3 Marines" where the history names the Marines: the service is an organisation, the count is of its
    people), a time and a name ("at 7 James called")."""
    assert _names("We compared 2 Paris hotels and 3 Texas towns.") == [["Paris", "Texas"]]
    assert _names("3 Marines were deployed with him.", "He joined the Marines in 2010.") == [["Marines"], ["Marines"]]
    assert _names("At 7 James called me.", "My friend James is visiting.")[0] == ["James"]
    assert _names("We tried 5 Starbucks locations.") == [["Starbucks"]]


# -- ranks -----------------------------------------------------------------------------------------------


def test_a_rank_is_a_title_and_alone_no_name():
    """ "SSG Kowalski" is a person, as "Dr. Smith" is (the rank kept before a surname alone, as the title
    is); "SGT" alone ("promotion to SGT", "SGT and Mrs. Lopez") made a page "SGT"."""
    found = _kinds("LT Miller and CDR Park met COL Hayes; SFC Ortiz came too.")
    assert found == {"LT Miller": "person", "CDR Park": "person", "COL Hayes": "person", "SFC Ortiz": "person"}
    assert _kinds("I ran into Sgt. Lopez and Capt Reyes at the PX.") == {
        "Sgt. Lopez": "person",
        "Capt Reyes": "person",
        "PX": "place",
    }
    assert _kinds("Our new commander, MAJ Daniel Whitaker, and his wife Lauren") == {
        "Daniel Whitaker": "person",
        "Lauren": "person",
    }
    assert _names("He was promoted to SFC in May.", "Congratulations to CPL and Mrs. Ortiz!") == [[], ["Mrs. Ortiz"]]
    assert names.sentences("I saw Sgt. Lopez at the PX.") == ["I saw Sgt. Lopez at the PX."]


def test_titles_and_ranks_spelt_out_stay_as_written():
    """Controls: a doctor's title reads as before; a rank spelt out leads a film's or a company's name."""
    assert _kinds("I saw Dr Smith today.") == {"Dr. Smith": "person"}
    assert _names("We watched Captain Marvel with friends from General Motors.") == [
        ["Captain Marvel", "General Motors"]
    ]
    assert _names("Col du Galibier was steep.", "We climbed the Col du Galibier.")[1] == ["Col du Galibier"]


# -- what was done, opening a bullet ---------------------------------------------------------------------


def test_what_was_done_opening_a_bullet_is_no_part_of_a_name():
    """ "- Led his section" read "Led"; "- Coordinated Kestrel Maps onboarding" read "Coordinated Kestrel Maps"."""
    assert _names("- Coordinated Kestrel Maps onboarding", "I work at Kestrel Maps.")[0] == ["Kestrel Maps"]
    assert _names("Managed Acme Corp's budget - Led a team of 5 - Trained 12 Soldiers") == [["Acme Corp"]]
    # controls: a first name in -ed opening a sentence, and one a name's own "Led"
    assert _names("Ahmed Khan joined us last week.") == [["Ahmed Khan"]]
    assert _names("Mildred Hayes is my aunt.") == [["Mildred Hayes"]]
