"""What the blind kayla fixture (session 45) showed, read as classes another person hits, with sentences not from
the fixture (other misspellings, other names, towns, banks, carriers), each beside a near miss that stays quiet (a
real word near a key word, someone else's change said the same way, a plan, a question):

- Spelling by ear: a word the rules key on ("moved", "dentist", "switched", "insurance") or a word of a list's name
  ("T-Mobile", "Albuquerque") written as it sounds is read as that word, in a statement and in a question; a real
  word one letter off ("mowed", "brake", "bunk", "least") and a name of her own ("genoveva") stay as written.
- Her lower-case run-ons: a car bought after the one sold, a bank or a carrier switched to ("switched from X to Y"
  by the list X is of), an insurer she has or is on, a gym joined or gone to, a league she is in or joined (a club:
  "what league am i in"), where her own place is, a new doctor's appointment, a boss
  and a boyfriend named in lower case; read of her own clause, not a question's after a comma, a plan's or
  someone else's.
"""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import changes_after, said_of

# -- spelling by ear ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("we relocatted to Tucson last spring", "home", "tucson"),
        ("my new dentst is dr Haskins", "dentist", "dr haskins"),
        ("swiched to t-mobil last week and the signal is better", "phone provider", "t-mobile"),
        ("I just mooved to Albuquerqe for work", "home", "albuquerque"),
    ],
)
def test_a_key_word_or_a_lists_name_spelt_by_ear_is_read_as_the_word(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("word", "read_as"),
    [
        ("relocatted", "relocated"),
        ("perscription", "prescription"),
        ("insurrance", "insurance"),
        ("boyfreind", "boyfriend"),
        ("mangager", "manager"),
    ],
)
def test_a_misspelt_word_is_read_as_the_key_word_it_is_one_slip_from(word, read_as):
    assert life._s45k_spelt(f"so my {word} is here") == f"so my {read_as} is here"


@pytest.mark.parametrize(
    "text",
    [
        "i mowed the lawn at the new place",  # "mowed" is a word: no "moved"
        "my brakes squeak when i brake",  # "brake" is a word: no "break"
        "slept on the top bunk at camp",  # "bunk" is no "bank"
        "at least the lease is cheap",  # "least" stays
        "my friend genoveva joined the club",  # a name of her own, two letters from "geneva"
        "Mon dentiste est maintenant la Dre Morin",  # French, no misspelt "dentist"
        "now I go to a doctora in the clinic",  # Spanish, no misspelt "doctor"
        "we got a used Sportage off a fella",  # a car of the lists, a letter from a town
        "been gettin headaches in the mornings",  # a dropped g, no bank "Getin"
        "my dentist dr huffman says i need a crown",  # a surname near a town's name
        "took a flat in Baner near the highway",  # a place of five letters, one from a bank's word ("Banner")
        "My EAP counsellor suggested journaling",  # a British spelling, no slip of the ear
        # (the lead) a capital inside a sentence is a name's, left as written: no "Doctor", no "Manager"
        "I watched a talk by Pete Docter about Pixar",
        "My boss is Tom Mangager now",
        "I started at Insurence Partners LLC last week",
    ],
)
def test_a_real_word_or_a_name_near_a_key_word_is_left_as_written(text):
    assert life._s45k_spelt(text) == text


def test_a_question_spelt_by_ear_asks_what_the_word_asks():
    assert "dentist" in life.asked("whos my dentst")
    assert "insurance" in life.asked("whats my insurrance")


def test_a_misspelt_plan_or_someone_elses_move_is_still_no_move_of_hers():
    assert "home" not in said_of("if i ever mooved to phoenix would rent be cheaper")
    assert "home" not in said_of("my brother relocatted to tucson last month")


# -- her lower-case run-ons -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("traded in my corolla and got a used tacoma, what oil does it take", "car", "tacoma"),
        ("we switched banks to sunward credit union, how do i order checks", "bank", "sunward credit union"),
        ("switched from t-mobile to visible to save money, will my number stay", "phone provider", "visible"),
        ("now im on molina insurance thru the state, is that good", "insurance", "molina"),
        ("quit la fitness and joined the westside rec center, it has a pool", "gym", "westside rec center"),
        ("i need a new dentist since the move, i got a appointment with dr benally", "doctor", "dr benally"),
        ("my supervisor is tavita, she trains me on the register", "manager", "tavita"),
        ("my girlfreind rosalind is coming over", "partner", "rosalind"),
        ("joined a coed kickball leage on thursdays, what shoes do i need", "club", "kickball league"),
        ("my rent is 1100 for my apartmint near old town, is that high", "home", "old town"),
    ],
)
def test_her_lower_case_run_on_says_what_she_did(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("my coworker sold his civic and bought a used tacoma", "car"),  # someone else's
        ("should i switch banks to sunward credit union", "bank"),  # a question
        ("my mom switched from t-mobile to visible", "phone provider"),  # someone else's
        ("i have car insurance thru progressive", "insurance"),  # a kind of cover, no insurer
        ("my sister goes to la fitness", "gym"),  # someone else's
        ("i go to the senior center to see my grandma", "gym"),  # no gym said
        ("my mom got a appointment with dr benally", "doctor"),  # someone else's
        ("i got a appointment with dr benally for my knee", "doctor"),  # no new doctor said
        ("my boss is strict but fair", "manager"),  # how the boss is, no name
        ("my boyfriend always cooks", "partner"),  # no name
        ("my son joined a soccer league", "club"),  # someone else's
        ("my sisters apartment near old town has mice", "home"),  # someone else's
        ("my apartment is near work so i walk", "home"),  # no place named
        ("thinking about joining a kickball league", "club"),  # a plan
        ("is there a bowling league in taos", "club"),  # a question
        ("i need to break up w my boyfriend over text", "partner"),  # a word that goes on, and a plan
        ("I have moved my health insurance to the state plan", "insurance"),  # "moved" names no insurer
        ("if i switched from verizon to visible would it be cheaper", "phone provider"),  # a plan
    ],
)
def test_a_near_miss_of_hers_reads_nothing(text, attribute):
    assert attribute not in said_of(text)


def test_a_bank_switched_to_in_her_spelling_opens_a_change(tmp_path, cli_json, db):
    found = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "all my money is at wells fargoe and they keep charging me",
            "we swiched bank's to sunward credit union bc of the fees, how do i move my direct deposit",
        ],
    )
    assert any("wells fargoe" in old and "sunward" in new for old, new in found)


@pytest.mark.parametrize(
    ("text", "spelt"),
    [
        ("I switched to Verison last week", "I switched to Verizon last week"),  # a list's name, capital or not
        ("Mooved to tucson last month", "Moved to tucson last month"),  # a sentence's first word
        ("ok. Docter says rest", "ok. Doctor says rest"),
    ],
)
def test_control_a_lists_name_or_a_sentences_first_word_is_still_read_as_spelt(text, spelt):
    assert life._s45k_spelt(text) == spelt


# -- what the spelling pass holds in every process that meets a misspelling (an import's peak among them) --------


def _held_building(build) -> int:
    """Bytes still held after `build()` returns what it made (tracemalloc: what Python allocated)."""
    import tracemalloc

    tracemalloc.start()
    try:
        made = build()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del made
    return held


def test_the_spelling_index_holds_a_few_megabytes_not_a_dict_of_every_deletion():
    life._s45k_index.cache_clear()
    try:
        held = _held_building(life._s45k_index)
    finally:
        life._s45k_index.cache_clear()
    hashes, owners, words = life._s45k_index()
    assert len(hashes) == len(owners) > 40_000 and len(words) > 1_000  # (the index is whole: every deletion)
    assert held < 2_500_000, held
    assert life._s45k_word("apartmint") == "apartment" and life._s45k_word("verison") == "verizon"


def test_control_the_same_deletions_in_a_dict_hold_several_times_that():
    words = life._s45k_index()[2]

    def as_a_dict() -> dict[str, tuple[str, ...]]:
        index: dict[str, set[str]] = {}
        for word in words:
            key = word.lstrip("+")
            for gone in life._s45k_deletes(key, 2 if key in life._S45K_KEYS else 1):
                index.setdefault(gone, set()).add(word)
        return {gone: tuple(sorted(found)) for gone, found in index.items()}

    assert _held_building(as_a_dict) > 5_000_000  # (7.0 MB: the arrays hold 1.3)
