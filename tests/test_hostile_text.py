"""Long runs of one thing in a message (spaces of a pasted table, a line of dots, initials, a signature
repeated) are read in time that grows with the text, not with its square: each was read in seconds at
16,000 characters and in minutes at 200,000 (a chat export's message is split at 20,000, a rebuild reads
every one of them again). The sizes here took the old code far past each test's timeout; what the
reading says of the sentence beside the run is checked as it was.
"""

from __future__ import annotations

import pytest

from memory import life, names
from memory.text import code_line, prose

MOVE = "I moved to Lyon last week.\n"
RUNS = {
    "spaces": " " * 200_000,
    "tabs": "\t" * 200_000,
    "dots": "." * 200_000,
    "bangs": "!" * 200_000,
    "initials": "A.B. " * 40_000,
    "titles": "Dr. " * 50_000,
    "signature": "Kind regards, " * 15_000,
    "capitals": "Mr " * 350_000,
}


def _home(said: tuple[life.Said, ...]) -> list[str]:
    return [s.shown for s in said if s.attribute == "home"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("run", sorted(RUNS))
def test_a_long_run_is_read_at_once_and_the_sentence_before_it_still_is(run):
    text = MOVE + RUNS[run] + "\nThanks, Anna."
    assert _home(life.read(text)) == ["Lyon"]
    found = {n.name for n in names.extract(text)}
    assert "Lyon" in found
    assert prose(text).startswith(MOVE)


@pytest.mark.timeout(60)
def test_a_line_of_spaces_is_no_code_and_an_indented_line_still_is():
    assert not code_line(" " * 200_000)
    assert code_line("    return total")  # four spaces, then code
    assert code_line("\tx = 1")
    assert code_line(" " * 100_000 + "total = a + b;")
    assert not code_line("  I moved to Lyon last week.")


def test_an_aside_before_a_colon_is_prose_with_or_without_an_indent():
    """The guard for a sentence whose aside in brackets ends it before a colon (session 38) held only at a
    line's first character: an indent of one space let it through, and the sentence was left out as code."""
    said = "I'll paste it (it went out under my own name, as I've always published under my own name):"
    for indent in ("", " ", "  "):
        assert not code_line(indent + said)
    assert code_line("  for item in sorted(items, key=lambda x: x.when):")


@pytest.mark.timeout(60)
def test_a_name_of_many_words_gives_its_short_forms_at_once():
    texts = ["We met " + "Mr " * 350_000 + "Smith at noon.", "I bought a Dell XPS 13 for work. The XPS 13 is fast."]
    found = names.extract_all(texts)
    assert "XPS 13" in {n.name for n in found[1]} or "Dell XPS 13" in {n.name for n in found[1]}


def test_initials_before_a_name_stay_one_name():
    assert life.sentences("I love J. R. R. Tolkien. Then we left.") == ["I love J. R. R. Tolkien.", "Then we left."]
    assert life.sentences("J.K. Rowling wrote it. We read it.") == ["J.K. Rowling wrote it.", "We read it."]


@pytest.mark.timeout(90)
def test_a_whatsapp_message_of_a_long_run_of_spaces_lands_at_once_with_its_edit_mark_read(session, tmp_path):
    """WhatsApp's edit mark was looked for from every space of a run (4 s for 40,000 spaces; a chat of a
    few such messages took 9 minutes to import)."""
    spaces = " " * 300_000
    chat = (
        f"12/31/23, 9:00 PM - Anna: I moved to Lyon last week.{spaces}see you\n"
        f"12/31/23, 9:01 PM - Tom: Great news, see you soon{spaces}<This message was edited>\n"
    )
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(chat, encoding="utf-8")
    report = session.import_path(path, format="whatsapp", roles="all")
    assert report.errors == []
    texts = [row[0] for row in session.db.rows("SELECT content FROM memories ORDER BY content")]
    assert any(t.startswith("Great news, see you soon") and "<This message" not in t for t in texts)
    assert any(t.startswith("I moved to Lyon last week.") for t in texts)


@pytest.mark.timeout(60)
def test_a_long_query_asks_in_time_as_its_length_not_its_square():
    """(session 42) `life.asked`'s patterns say "which ... my ... live" with gaps: a 2,100-character "what i
    what i ..." took 2.2 s and one of 20,000 would take minutes; it reads the query's question sentence now
    (`life.asked_window`, at most ASKED_MOST characters)."""
    for text in ("what i " * 3000, "what we i " * 2000, "which state is my " * 1200 + "licence"):
        life.asked(text)


def test_a_long_query_still_asks_its_question():
    """The question of a long query is read wherever the person put it; a short one whole."""
    context = "We moved twice last year and the paperwork never ends. " * 20
    assert "bank" in life.asked(context + "Anyway, which bank do I use?")
    assert "bank" in life.asked("Which bank do I use? " + context)
    assert "home" in life.asked("where do I live now")
    assert life.asked_window("x " * 10) == "x " * 10
    assert len(life.asked_window("what i " * 3000)) <= life.ASKED_MOST
