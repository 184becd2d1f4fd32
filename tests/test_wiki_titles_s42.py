"""Pages a person would not write, after importing their chats (session 42). Each class below made a page of
a fixture's vault (tests/fixtures/*, fake embedder): grace's "Aides" and wen's "Technician" (a role, each turn
its own person), tunde's "Whatsapp" and wen's "Group chat" (the chat a message goes to), marisol's "Mami" (a
family word in Spanish), dale's "House", harold's "Home" and dani's "Drive" (an everyday thing each turn says of
its own), dale's "Toy" (what a truck would be, "just a toy"); and grace's mother's dementia, whose turns saying
"grandma" had sent the whole topic to the Notes. The tests say each in other words, beside real titles still
made: a place, a person, a hobby, a product ("iPhone", "YouTube"), an acronym ("NASA")."""

from __future__ import annotations

from memory import vocab
from tests.conftest import about_now, chat_turns
from tests.test_wiki_titles_s40 import OTHER, _title, _turn
from wiki import synth


def _kept(*texts: str) -> list[tuple[str, list[str]]]:
    """The pages a topic of these turns makes (title, the texts on it), beside a topic of something else; a
    topic refused its title is titled again, as `synth.topics` does."""
    groups = [[_turn(i, t) for i, t in enumerate(texts)], [_turn(50 + i, t) for i, t in enumerate(OTHER)]]
    found = synth._kept(
        groups, synth.topic_terms(groups), retitle=lambda words: synth.topic_terms(groups, tuple(words))
    )
    return [(title, [m.content for m in on]) for on, title in found if on[0] in groups[0]]


# -- a role: each turn its own person ------------------------------------------------------------------------


def test_a_role_each_turn_says_of_its_own_person_titles_nothing():
    """grace's "my mother was a nurse aide" (a school project) and "a card for the night aides on mom's unit"
    were a page "Aides"; wen's "4 technicians" in a posting and "applied to be my technician" a "Technician"."""
    said = ["my old supervisor at the depot retired", "can the supervisor sign off my thesis draft by friday"]
    assert _kept(*said) == []
    said = ["a thank you note for the receptionists at the vet", "the hotel receptionist lost our booking"]
    assert _kept(*said) == []


def test_a_post_the_person_holds_or_a_role_with_a_subject_still_titles():
    """Controls: noor's internship ("I'm the data intern", "intern pay"), a role's turns that share a subject, a
    person, a hobby."""
    said = ["im the data intern at a hospital now", "intern pay is 24 an hour, help me budget"]
    assert [t for t, _ in _kept(*said)] == ["Intern"]
    said = ["my manager wants the quarterly forecast by friday", "the quarterly forecast my manager hated"]
    assert [t for t, _ in _kept(*said)] == ["Quarterly forecast"]
    assert _title("Kofi called about his school fees", "Kofi needs new shoes") == "Kofi"
    assert _title("i play netball thursday nights", "gave netball away when we moved") == "Netball"


# -- the chat a message goes to -------------------------------------------------------------------------------


def test_the_chat_a_message_goes_to_titles_nothing():
    """tunde's "a short whatsapp for the FY group" and "the parish whatsapp" (a rota, a youth fellowship) were a
    page "Whatsapp"; wen's goodbye to "the team group chat" and news for "the family group chat" one "Group chat"."""
    assert _kept("a reminder about the bin rota for the street whatsapp", "put the choir dates in the whatsapp") == []
    said = ["a message for the book club group chat about the venue", "tell the cousins group chat the baby is here"]
    assert _kept(*said) == []


def test_a_chat_app_talked_of_still_titles_in_its_own_case():
    """Controls: turns about the app itself, a product, an acronym typed so, a place."""
    assert _title("my whatsapp backup keeps failing", "whatsapp backup stuck at 0%") == "WhatsApp backup"
    assert _title("which youtube channel for guitar", "my youtube channel hit 100 subs") == "YouTube channel"
    assert _title("my iphone screen cracked", "iphone screen repair price") == "iPhone screen"
    assert _title("the NASA launch got moved again", "watching the NASA stream tonight") == "NASA"
    assert _title("we drove to leeds for the match", "leeds was freezing") == "Leeds"


# -- a family word in Spanish ----------------------------------------------------------------------------------


def test_a_family_word_in_spanish_is_one():
    """marisol's "mami says if I ever move back to Ponce" and "thank mami and my kids" (a night off, a state
    exam) were a page "Mami": "mami" was no word of memory/data/family.txt."""
    assert vocab.FAMILY["mami"].relation == "mother" and vocab.FAMILY["abuelo"].relation == "grandfather"
    assert _kept("abuelo wants a bigger tv for the games", "a birthday card from me and abuelo to my cousin") == []
    # lucia's "mi vieja" (her mother: a packing list, a move to Funes, coming out) was a page "Vieja"
    assert _kept("mi vieja wants me to call every sunday", "my budget: rent, gym and money for mi vieja") == []


def test_a_spanish_relatives_subject_still_titles():
    """Control: turns about one thing of the relative (her hip surgery) are a topic of it."""
    said = ["mami has hip surgery on monday", "what to pack for mami after hip surgery", "hip surgery recovery time"]
    assert [t for t, _ in _kept(*said)] == ["Hip surgery"]


# -- an everyday thing each turn says of its own -----------------------------------------------------------------


def test_an_everyday_thing_each_turn_says_of_its_own_titles_nothing():
    """dale's "the house on sunnybrook", "not a single bar out at the house" and "get the house ready" for a knee
    operation were a page "House"; dani's "drive it to the gig", "a 14 hr drive", "drives to the coast" "Drive"."""
    said = ["the cat sleeps in my room all day", "room 12 at the hotel faces the lift", "book a room for the party"]
    assert _kept(*said) == []


def test_an_everyday_thing_with_a_subject_or_a_name_still_titles():
    """Controls: a room the turns share more of (a nursery painted), a place named by a frequent word."""
    said = ["painting the nursery room sage green", "sage green nursery room needs a second coat", "nursery room rug"]
    assert [t for t, _ in _kept(*said)] == ["Nursery room"]
    assert _title("the drive to Cork takes four hours", "Cork traffic on the drive home") == "Cork"
    # a kind of thing said bare is a subject: the life fixture's diet ("no meat or fish", "eating fish again")
    said = ["I'm vegetarian, so no meat or fish", "I started eating fish again in Porto", "easy fish recipes"]
    assert [t for t, _ in _kept(*said)] == ["Fish"]


# -- what a thing would be ----------------------------------------------------------------------------------------


def test_what_a_thing_is_said_to_be_titles_nothing():
    """dale's "would that be smart for work or just a toy" and "ya its a toy" were a page "Toy" (of a Silverado)."""
    said = ["should i swap the camper for a boat or is that just a gimmick", "ya its a gimmick. keeping the camper"]
    assert synth.topic_titles([[_turn(i, t) for i, t in enumerate(said)]])[0] == "Camper"
    assert synth._judged([_turn(0, said[0]), _turn(1, said[1])]) >= {"gimmick"}


def test_a_thing_talked_of_is_no_judgement():
    """Control: a toy bought and talked of is a toy ("a chew toy", "the toy broke")."""
    said = ["the dog's chew toy broke again", "best chew toy for a puppy"]
    assert [t for t, _ in _kept(*said)] == ["Chew toy"]
    assert "toy" not in synth._judged([_turn(0, said[0]), _turn(1, said[1])])


# -- a topic refused its title is titled again --------------------------------------------------------------------


def test_a_topic_whose_title_was_a_family_word_is_titled_by_its_subject():
    """With the real model, grace's four turns of her mother's dementia (a diagnosis told to her children as
    "grandma's brain is getting tired", an FMLA form, a Medicare plan for donepezil) were a page "Grandma", then,
    refused that title, none: her turns were among the Notes."""
    said = [
        "they said alzheimers type dementia, the doctor started her on donepezil. how do I explain it to the kids, "
        "they love their nana",
        "thank you. I will tell them nana's memory is tired",
        "the FMLA form asks about flare-ups but she has dementia, what do I put for my leave",
        "her medicare plan is moving donepezil to tier 2, should I switch her plan",
    ]
    (title, on), *_ = _kept(*said)
    assert title in ("Dementia", "Donepezil") and len(on) >= 3


# -- About me: a partner before the current one ------------------------------------------------------------------


def _partner_lines(now: str) -> list[str]:
    words = ("Partner", "Girlfriend", "Boyfriend", "Wife", "Husband")
    return [line for line in now.splitlines() if any(line.startswith(f"- **{w}**") for w in words)]


def test_a_partner_before_the_current_one_is_no_line_of_their_own(tmp_path, cli_json):
    """dani's About me listed "Boyfriend: Marco" (2023, "marco and i split" in 2024) beside her girlfriend
    Jess's line."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            (
                "2023-03-02T10:00:00Z",
                "my boyfriend diego is coming to easter with my family this year (big deal lol). we're driving 5 hrs "
                "to cork and my sister nuala is hosting.",
            ),
            ("2023-09-02T10:00:00Z", "cant sleep. diego and i split tonight, it just wasnt working"),
            (
                "2024-05-02T10:00:00Z",
                "my girlfriend tess is impossible to shop for. she likes vinyl, plants, and hates clutter. budget 60",
            ),
        ],
    )
    cli_json("import", str(path))
    lines = _partner_lines(about_now(cli_json))
    assert len(lines) == 1 and "Tess" in lines[0] and "Diego" not in lines[0].split(";")[0], lines


def test_control_a_partner_named_alone_is_listed(tmp_path, cli_json):
    """Control: with no partner line of the reading, the partner named by their relation is listed."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-03-02T10:00:00Z", "my boyfriend diego is coming to easter with my family, what do I bring"),
            ("2023-04-02T10:00:00Z", "I live in Lyon now and I work as a nurse at the city hospital."),
        ],
    )
    cli_json("import", str(path))
    assert any("Diego" in line for line in _partner_lines(about_now(cli_json)))


# -- (session 42: the lead) a child's age, thanks ---------------------------------------------------------------


def test_a_childs_age_or_thanks_titles_nothing():
    """beth's "a craft a nine-year-old and a six-year-old can make" (a craft, a trunk-or-treat, a Christmas
    market) were a page "Nine-year-old"; "a thank-you note to the spouses" and "to our sponsor family" one
    "Thank-you"."""
    assert all(synth._vague(k) for k in ("nine-year-old", "18-month-old", "two-week-old", "thank-you", "thanks"))
    said = ["a craft a four-year-old can do in an hour", "keeping a four-year-old busy on a long flight"]
    assert "Four-year-old" not in [t for t, _ in _kept(*said)]
    said = ["a thank-you card for the neighbours who fed the cat", "a thank-you for the teacher at the end of term"]
    assert "Thank-you" not in [t for t, _ in _kept(*said)]


def test_a_thing_beside_an_age_or_a_thanks_still_titles():
    """Controls: a word the age goes with is the topic, and a person, a hobby."""
    assert not any(synth._vague(k) for k in ("five guys", "birthday", "bake sale", "shepherd mix", "thank"))
    said = ["a craft a four-year-old can do with felt and glue", "a felt and glue craft for a rainy afternoon"]
    assert "Four-year-old" not in [t for t, _ in _kept(*said)]
    assert _title("i play netball thursday nights", "gave netball away when we moved") == "Netball"
