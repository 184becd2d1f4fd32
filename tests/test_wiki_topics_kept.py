"""The topic pages a person keeps after importing their chats (wiki22). kai's vault (a Navy sailor) had
pages "Check", "Room", "Summer break", "Hour Fitness" beside "About me": a word everyone says about
everything that two turns shared in passing, a phrase one turn said, a name that lost its number, a
phrase run across a full stop. Each class below with texts of its own, and a control that still
gets its page."""

from __future__ import annotations

import numpy as np

from memory.entities import key as entity_key
from wiki import synth


def _turn(i: int, text: str, entities: tuple[tuple[str, str], ...] = ()) -> synth.Mem:
    when = f"2024-01-01T{i // 60:02d}:{i % 60:02d}:00Z"
    return synth.Mem(
        f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", entities, turn="person", seq=i
    )


_n = iter(range(1, 10_000))
OTHER = ["My sister moved to Lisbon for her new job.", "The bakery on the corner sells sourdough loaves."]


def _title(texts: list[str]) -> str:
    """The title of a topic of these turns, against a topic of something else."""
    return synth.topic_titles([[_turn(next(_n), t) for t in texts], [_turn(next(_n), t) for t in OTHER]])[0]


def _said(texts: list[str]) -> tuple[str, int]:
    title, said, _ = synth.topic_terms([[_turn(next(_n), t) for t in texts], [_turn(next(_n), t) for t in OTHER]])[0]
    return title, said


def test_a_name_that_starts_with_a_number_keeps_it():
    """ "24 Hour Fitness" was titled "Hour Fitness", "99 Ranch" "Ranch"; "7-Eleven" titled nothing."""
    gym = ["renewed my 24 Hour Fitness membership, the one by the mall", "24 hour fitness charged me twice this month"]
    assert _title(gym) == "24 Hour Fitness"
    assert _title(["grabbed dumplings at 99 Ranch after work", "99 Ranch has the cheapest bok choy"]) == "99 Ranch"
    store = ["stopped at 7-Eleven for coffee on the drive up", "the 7-Eleven by the school closes at midnight now"]
    assert _title(store) == "7-Eleven"
    # the control: a number before a word that names nothing is how many, and no part of the title
    assert _title(["doing a 5 day juice cleanse, so hungry", "the 5 day juice cleanse is brutal"]) == "Juice cleanse"
    assert not synth._a_numbered_name("10AM") and not synth._a_numbered_name("2nd") and synth._a_numbered_name("3M")


def test_a_phrase_never_runs_across_a_full_stop():
    """ "mom. leilanis in honolulu" had made a phrase "Mom leilanis" (two turns: a page)."""
    assert _title(["call mom. dana says the dog is limping", "mom. dana took him to the vet"]) == "Dana"
    # the control: the same words in one clause are a phrase
    assert _title(["call mom dana about the dog", "mom dana took the dog to the vet"]) == "Mom dana"


def test_an_everyday_word_that_names_a_thing_needs_three_turns():
    """kai's "Room" (a barracks room), dale's "Phone": two turns sharing a word everyone says of
    everything; a rarer word they share titles the topic instead, else it is no topic."""
    assert _title(
        ["how do i fit more stuff in my dorm, the room is tiny", "my room at the dorm smells like paint"]
    ) == ("Dorm")
    assert _title(["my phone screen cracked again", "phone battery dies by noon"]) == ""
    # the controls: three turns that say it, a rare word two say, the word written as a name
    three = ["my phone screen cracked again", "phone battery dies by noon", "should i get a new phone or fix it"]
    assert _title(three) == "Phone"
    assert _title(["I play netball thursday nights", "gave netball away when we moved"]) == "Netball"
    assert _title(["flying to York for the weekend", "York has the best train museum"]) == "York"
    assert _title(["is insurance in michigan always this high", "the car is still registered in michigan"]) == (
        "Michigan"
    )
    assert "room" in synth._frequent() and "netball" not in synth._frequent()


def test_a_letters_greeting_to_the_assistant_titles_nothing():
    """maeve's letters each opened "Dear ChatGPT,": a page was titled so."""
    title, said = _said(["Dear ChatGPT,\n\nmy tomato plants have blight", "Dear ChatGPT,\n\nshould I stake the beans"])
    assert "chatgpt" not in title.casefold() and said < 2
    assert _said(["Dear ChatGPT,\n\nmy tomato plants have blight", "Dear ChatGPT,\n\nstake the tomato plants?"]) == (
        "Tomato plants",
        2,
    )


def _vectors(turns: list[synth.Mem], same: list[list[int]]) -> synth.VectorSource:
    """Each list of turn positions one direction: a topic by its vectors."""
    base = np.eye(8, dtype=np.float32)
    at = {i: base[g] + 0.05 * base[(g + 1) % 8] for g, group in enumerate(same) for i in group}
    found = {m.id: at[i] for i, m in enumerate(turns) if i in at}
    return lambda ids: {i: found[i] for i in ids if i in found}


def test_a_topic_no_two_turns_name_gets_no_page():
    """kai's "Summer break": three turns alike in vectors, a GI Bill, his mother and a VA doctor, of
    which one said "summer break"."""
    texts = [
        "does the housing allowance pay during summer break",
        "mom. her sister is in town anyway",
        "enrolled in health care today, how do i pick a doctor",
        "I play netball thursday nights in a social comp",
        "gave netball away when we moved and joined a rowing club",
    ]
    turns = [_turn(next(_n), t) for t in texts]
    found = synth.topics(turns, _vectors(turns, [[0, 1, 2], [3, 4]]))
    assert [title for _, title in found] == ["Netball"]  # the control: two turns say it


def test_a_topic_whose_every_turn_names_a_thing_with_a_page_is_on_that_page():
    """kai's four turns of his bank each named Navy Federal (one in lower case): a page "Check" stood
    beside the page "Navy Federal", and the lower-case turn was on neither."""
    bank = (entity_key("Harbor Credit Union"), "Harbor Credit Union")
    texts = [
        ("moved my savings to Harbor Credit Union last week", (bank,)),
        ("Harbor Credit Union pays 4% on savings now", (bank,)),
        ("should i keep checking at harbor credit union or switch", ()),
        ("harbor credit union or a local bank for checking", ()),
        ("I play netball thursday nights in a social comp", ()),
        ("gave netball away when we moved and joined a rowing club", ()),
    ]
    turns = [_turn(next(_n), t, e) for t, e in texts]
    specs = synth.group(turns, _vectors(turns, [[0, 1, 2, 3], [4, 5]]))
    page = next(s for s in specs if s.title == "Harbor Credit Union")
    assert {m.id for m in page.memories} == {m.id for m in turns[:4]}
    assert [s.title for s in specs if s.kind == "cluster"] == ["Netball"]  # the control


def test_a_turn_on_a_topics_page_is_about_its_topic():
    """kai's "Moms bday" held "ideas for xmas for my wife": alike in vectors, about nothing of it."""
    texts = [
        "asking my chief for leave for my dads retirement party in Tulsa",
        "gift for my dads retirement party, he fishes a lot",
        "what to get my sister for her graduation, she likes plants",
        "booked the Tulsa flight, landing friday night",  # says no "retirement party", shares Tulsa: stays
        "I play netball thursday nights in a social comp",
        "gave netball away when we moved and joined a rowing club",
    ]
    turns = [_turn(next(_n), t) for t in texts]
    found = synth.topics(turns, _vectors(turns, [[0, 1, 2, 3], [4, 5]]))
    pages = {title: [m.content for m in g] for g, title in found}
    assert pages["Retirement party"] == [texts[0], texts[1], texts[3]], pages
    assert pages["Netball"] == texts[4:]  # the control


def test_thanks_and_an_adverb_title_nothing():
    """olena's "dziękuję," and maeve's "Admirably brief. Many thanks, M." titled pages."""
    assert _said(["dziękuję, the clinic was easy to find", "dziękuję. I will go early tomorrow"])[1] < 2
    assert _said(["Comfortably short. Many thanks, M.", "Comfortably done. Many thanks, M."])[1] < 2
    # the control: what the thanks were for, said twice, still titles
    assert _title(["dziękuję, the clinic was easy to find", "dziękuję, the clinic opens early"]) == "Clinic"


# wiki23: what each person's vault still showed over all the fixture people after wiki22.


def _group(texts: list[tuple[str, tuple[tuple[str, str], ...]]], same: list[list[int]], titles=()) -> list:
    turns = [_turn(next(_n), t, e) for t, e in texts]
    return synth.group(turns, _vectors(turns, same), titles=titles)


def _name(name: str) -> tuple[str, str]:
    return (entity_key(name), name)


def test_a_title_typed_in_lower_case_is_written_as_the_history_writes_it():
    """priya's "need a sql query" turns were a page "Sql" under chats titled "Weekly return rate SQL";
    "my whatsapp chats" a page "Whatsapp" under "WhatsApp transfer"; tunde's "introduction in ibadan"
    kept a lower-case city his CV writes "University of Ibadan"."""
    casing = synth.Casing(
        [
            "need a sql query for churn by week",
            "how do i move my whatsapp chats to the new phone",
            "MBBS, University of Ibadan, then two years in Leeds",
            "brisket stuck at 160 for hours. HELP",
            "help me pick a wood",
            "our trip to Split was lovely",
            "Serving Kingsland, Granite Shoals and the lake",
        ],
        ["Churn by week SQL", "WhatsApp transfer"],
    )
    assert casing.written("Sql") == "SQL"
    assert casing.written("Whatsapp") == "WhatsApp"
    assert casing.written("Introduction in ibadan") == "Introduction in Ibadan"
    assert casing.written("Granite shoals") == "Granite Shoals"
    # the controls: a word shouted once is no name, a word of the dictionary another name capitalises
    # stays as typed, a word nothing writes otherwise stays
    assert casing.written("Help") == "Help"
    assert casing.written("Mini split") == "Mini split"
    assert casing.written("Brisket") == "Brisket"
    # and on the page: a topic of two turns titled as its chats write it
    texts = [("need a sql query for churn by week", ()), ("the sql for monthly cohorts is slow", ())]
    texts += [("I play netball thursday nights", ()), ("gave netball away when we moved", ())]
    specs = _group(texts, [[0, 1], [2, 3]], titles=("Monthly cohorts SQL",))
    assert sorted(s.title for s in specs if s.kind == "cluster") == ["Netball", "SQL"]


def test_two_turns_sharing_one_word_about_two_other_things_are_no_topic():
    """kai's "is there a military discount" (T-Mobile) and "veteran discount on verizon real?" were a
    page "Discount": the word said in passing by two turns about two phone companies."""
    texts = [
        ("im with Telstra, 60 a month. is there a student discount", (_name("Telstra"),)),
        ("moved to Optus now. pensioner discount on optus real?", (_name("Optus"),)),
        ("I play netball thursday nights", ()),
        ("gave netball away when we moved", ()),
    ]
    found = _group(texts, [[0, 1], [2, 3]])
    assert [s.title for s in found if s.kind == "cluster"] == ["Netball"]  # the control: turns naming nothing
    # the controls: names sharing a word (two churches' potlucks), a second word both say, a third turn
    potluck = [
        ("potluck at Grace Methodist on sunday, need something for 40", (_name("Grace Methodist"),)),
        ("first potluck at Wesley Methodist, something that travels well", (_name("Wesley Methodist"),)),
    ]
    assert _topics([*potluck, *texts[2:]], [[0, 1], [2, 3]]) == ["Netball", "Potluck"]
    phones = [texts[0], ("moved to Optus now. student discount on optus real?", (_name("Optus"),))]
    assert _topics([*phones, *texts[2:]], [[0, 1], [2, 3]]) == ["Netball", "Student discount"]
    third = [*texts[:2], ("switched to Vodafone, any discount there", (_name("Vodafone"),))]
    assert _topics(third, [[0, 1, 2]]) == ["Discount"]
    # and two naming, in any case, a name with a page are on its page (kai's "ill stay w navy federal for
    # checking. open an Ally for the EF" beside "move the checking to a local bank", at Navy Federal)
    bank = _name("Harbor Credit Union")
    banking = [
        ("owe 9k on the car loan thru Harbor Credit Union", (bank,)),
        ("keep the emergency fund at Harbor Credit Union or move it", (bank,)),
        ("ill stay w harbor credit union for checking. open a Marcus for the EF", (_name("Marcus"),)),
        ("still banking w Harbor Credit Union, move the checking to Summit Bank?", (bank, _name("Summit Bank"))),
    ]
    specs = _group(banking, [[0, 1, 2, 3]])
    assert [len(s.memories) for s in specs if s.title == "Harbor Credit Union"] == [4]


def _topics(texts: list[tuple[str, tuple[tuple[str, str], ...]]], same: list[list[int]]) -> list[str]:
    return sorted(s.title for s in _group(texts, same) if s.kind == "cluster")


def test_a_turn_joined_to_a_topic_by_a_name_with_its_own_page_is_on_that_page_only():
    """kai's "Great Lakes" (his boot camp) held "my mom started at the KTA in Hilo as a manager" by the
    "Hilo" of his bio: Hilo has its page, which holds that turn."""
    hilo = _name("Hilo")
    texts = [
        ("short bio for the newsletter: born in Hilo, boot camp at great lakes, likes fishing", (hilo,)),
        ("my brother went to great lakes too, boot camp was rough", ()),
        ("my mom started at the market in Hilo as a manager, write her a card", (hilo,)),
        ("flew back to Hilo for the weekend, the rain never stops", (hilo,)),
        ("I play netball thursday nights", ()),
        ("gave netball away when we moved", ()),
    ]
    specs = _group(texts, [[0, 1, 2], [3], [4, 5]])
    pages = {s.title: [m.content for m in s.memories] for s in specs}
    assert pages["Boot camp"] == [texts[0][0], texts[1][0]], pages
    assert texts[2][0] in pages["Hilo"]
    assert pages["Netball"] == [texts[4][0], texts[5][0]]  # the control


def test_a_word_of_hindi_typed_in_latin_letters_titles_nothing():
    """arjun's turns of his move ("Dublin mein settle ho rahe hain", "abhi Dublin mein hi hoon"), Dublin
    a page of its own, were a page "Mein" (in)."""

    def said(texts: list[str]) -> tuple[str, int]:
        groups = [[_turn(next(_n), t) for t in texts], [_turn(next(_n), t) for t in OTHER]]
        title, n, _ = synth.topic_terms(groups, avoid=[entity_key("Dublin")])[0]
        return title, n

    assert said(["Dublin mein settle ho rahe hain slowly", "abhi Dublin mein hi hoon till december"])[1] < 2
    # the control: what they share besides
    assert said(["Dublin mein flat hunting ho raha hai", "flat hunting in Dublin is brutal yaar"]) == (
        "Flat hunting",
        2,
    )
