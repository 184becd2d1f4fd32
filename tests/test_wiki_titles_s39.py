"""Page titles a person would write, after importing their chats. Each class below titled a page of
a fixture's vault (tests/fixtures/*: dale's "Yrs" and "Brisket (2)", grace's "Lord" and "God",
marisol's "Dios", olena's "Sie"); the tests say it in other words, beside real titles still made."""

from __future__ import annotations

from memory import names
from wiki import synth


def _turn(i: int, text: str) -> synth.Mem:
    when = f"2024-01-{1 + i:02d}T10:00:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person", seq=i)


def _title(*texts: str) -> str:
    return synth.topic_titles([[_turn(i, t) for i, t in enumerate(texts)]])[0]


def _named(text: str) -> list[str]:
    return [n.name for n in names.extract(text)]


# -- a cry, a prayer's address, German's "you": no name alone ---------------------------------------


def test_a_cry_or_a_prayers_address_is_no_name():
    assert _named("Lord give me patience, the plumber is late again") == []
    assert _named("my son passed his driving test, thank God") == []
    assert _named("the roof held in the storm, gracias a Dios") == []
    assert "Gott" not in _named("Gott, what a week at the office")


def test_germans_capitalised_you_is_no_name():
    assert "Sie" not in _named("Können Sie mir bitte die Rechnung schicken, danke")
    assert "Ihnen" not in _named("Vielen Dank, ich wünsche Ihnen ein schönes Wochenende")


def test_names_beside_them_are_still_names():
    """Controls: a person, a place, a bank, and the words inside a longer name."""
    assert "Priya" in _named("Lord, Priya called again about the rent")
    assert "Leipzig" in _named("Bitte schicken Sie die Unterlagen nach Leipzig")
    assert "ING" in _named("my pay goes to ING now, thank God")
    assert "Lord Byron" in _named("I am rereading Lord Byron with my book club")


# -- titles ------------------------------------------------------------------------------------------


def test_a_span_of_time_said_short_titles_nothing():
    assert _title("14 yrs at the plant, then I quit", "been married 30 yrs this june") != "Yrs"
    assert _title("3 wks until the move", "ran 5k three times in 2 wks") != "Wks"
    assert _title("6 mos since the surgery", "baby is 9 mos now") != "Mos"


def test_a_function_word_of_another_language_titles_nothing():
    title = _title("ella dijo que por la mañana no puede", "mi madre dijo que ella viene el sábado")
    assert title.casefold() not in {"ella", "el", "por"}
    assert _title("ich habe das Paket nicht bekommen", "das Paket ist nicht da") != "Nicht"


def test_real_titles_are_still_made():
    """Controls: a hobby, a place and a bank are titles as before."""
    assert _title("my pottery class moved to tuesdays", "pottery glaze came out cracked") == "Pottery"
    assert _title("we hiked around Sintra on saturday", "Sintra was foggy all day") == "Sintra"
    assert _title("ING charged me a fee for the transfer", "opened a savings account at ING") == "ING"


# -- one page a title ----------------------------------------------------------------------------------


def test_two_topics_titled_alike_are_one_page(monkeypatch):
    """Two communities both titled "Brisket" were "Brisket" and "Brisket (2)"; a third, "Kayak", stays."""
    texts = [
        "smoking a 14 lb brisket saturday for the grandkids",
        "brisket for the church cookout, how much for 50",
        "2 briskets and 12 lb of sausage for the party",
        "got 5 lb of leftover brisket, ideas besides tacos",
        "my kayak needs a new rudder cable",
        "kayak trip down the river with the kids",
    ]
    mems = [_turn(i, t) for i, t in enumerate(texts)]
    found = [(mems[0:2], "Brisket"), (mems[4:6], "Kayak"), (mems[2:4], "brisket")]
    monkeypatch.setattr(synth, "topics", lambda turns, vectors, avoid=(): found)
    specs = synth.group(mems, lambda ids: {})
    titles = {s.title: {m.content for m in s.memories} for s in specs if s.kind == "cluster"}
    assert set(titles) == {"Brisket", "Kayak"}
    assert titles["Brisket"] == set(texts[:4])
    assert titles["Kayak"] == set(texts[4:])


# -- what was done is no topic -------------------------------------------------------------------------


def _kept(*texts: str) -> list[str]:
    g = [_turn(i, t) for i, t in enumerate(texts)]
    return [title for _, title in synth._kept([g], synth.topic_terms([g]))]


def test_two_turns_saying_one_verb_are_no_topic():
    assert _kept("ok that helps. also i quit the choir lol", "big news! i quit the gym today, call me") == []


def test_a_thing_two_turns_name_is_still_a_topic():
    """Controls: a hobby of two turns, and a verb said by three."""
    assert _kept("my pottery class moved to tuesdays", "pottery glaze came out cracked") == ["Pottery"]
    assert _kept("I'm thinking of going keto", "these days I'm keto, what can I bake") == ["Keto"]
    assert _kept("I run before work most days", "I run the river loop", "we run the 10k in May") != []


# -- how a text should read is no topic ----------------------------------------------------------------


def test_how_a_text_should_read_titles_nothing():
    assert _kept("can you make this email shorter", "make the intro shorter pls") == []
    assert _kept("can you make it sound less pushy", "rewrite it so it sounds less pushy") == []


def test_a_thing_said_beside_make_is_still_a_topic():
    """Controls: a heater (no comparative), and "warmer" said of a thing, not asked of a text."""
    assert _kept("we got a new heater for the garage", "the heater makes a clicking noise") == ["Heater"]
    assert _kept("the kids want a warmer sleeping bag", "warmer sleeping bag for the camping trip") != []


# -- a date is no name -----------------------------------------------------------------------------


def test_a_month_and_its_day_is_no_name():
    """(session 39) wen's "off Jan 16-20" and "Jan 1" made a product page "Jan 1" (a model number after a
    name, as "Pixel 6"), and then "Jan" alone; a month and its day is a date."""
    said = [n.name for n in names.extract("I'm off Jan 16-20 and back on Jan 1, then March 14th is the audit.")]
    assert not [n for n in said if n.split()[0] in ("Jan", "March")], said


def test_a_name_or_a_model_beside_a_number_is_still_one():
    """Controls: a friend called Jan, a phone's model, a road's number."""
    said = [n.name for n in names.extract("My friend Jan got a new Pixel 6 and drove Route 66 with it.")]
    assert "Jan" in said and "Pixel 6" in said and "Route 66" in said, said


def test_a_day_of_the_calendar_titles_no_topic():
    assert synth._vague("jan 1") and synth._vague("14 march") and synth._vague("3rd oct")
    assert not synth._vague("route 66") and not synth._vague("24 hour fitness") and not synth._vague("pottery")
