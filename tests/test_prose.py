"""`memory.text.prose`: the prose of a text, as names, page titles and topics read it. Code a
person pastes without fences (SQL, a traceback, a definition, an indented block) is left out
line by line; prose that merely starts with a keyword's word ("Select the best", "With Anna")
stays."""

from __future__ import annotations

import pytest

from memory import names
from memory.text import prose
from wiki import render

SQL = (
    "I keep writing this query at the Co-op Bank. Can it be faster?\n\n"
    "SELECT customer_id, SUM(amount) AS total\nFROM transactions\nWHERE booked_at >= '2021-01-01'\n"
    "GROUP BY customer_id\nHAVING SUM(amount) > 1000\nORDER BY total DESC;"
)


def test_pasted_sql_names_nothing_and_the_sentence_before_it_still_does():
    found = {n.name for n in names.extract(SQL)}
    assert "Co-op Bank" in found
    assert not found & {"SELECT", "GROUP BY", "ORDER BY", "HAVING SUM", "DESC", "AS", "FROM", "WHERE"}, found


@pytest.mark.parametrize(
    "code",
    [
        "Traceback (most recent call last):",
        '  File "report.py", line 12, in <module>',
        "ValueError: could not convert string to float: 'N/A'",
        "def monthly(df):",
        "from pandas import DataFrame",
        "    return df.groupby('month').sum()",
        "\tfmt.Println(total)",
        "if err != nil {",
        "}",
        "x := compute(Total)",
        "$ pip install Pandas",
        ">>> import Numpy",
    ],
)
def test_a_line_of_code_is_not_prose(code):
    assert prose(f"Why does this fail?\n{code}\nThanks Anna") == "Why does this fail?\nThanks Anna"


@pytest.mark.parametrize(
    "text",
    [
        "Select the best option for me, Anna.",
        "With Anna we went to Porto.",
        "Set up a call with Dr. Weber",
        "From Lisbon to Porto by train: 3 hours.",
        "I think so: yes.",
        "Where is the Alfama?",
    ],
)
def test_prose_that_starts_like_a_keyword_stays(text):
    assert prose(text) == text


def test_fenced_and_inline_code_are_left_out():
    assert prose("Run `GROUP BY` here:\n```sql\nSELECT 1;\n```\ndone") == "Run   here:\n \ndone"


PASTED = (
    "ok so my PI (Brandt) wants the spike counts binned per trial by friday and my code is sooo slow\n\n"
    "counts = []\nfor t in trials:\n    sub = df[df.trial == t]\n"
    "    counts.append(np.histogram(sub.time, bins=edges)[0])\n\n"
    "theres like 900 trials. any faster way"
)


def test_a_paragraph_of_code_pasted_without_fences_is_left_out_whole():
    """ "counts = []" and "for t in trials:" read as prose line by line; in a paragraph whose every line
    reads as code they are code (`memory.text.code_paragraph`)."""
    assert prose(PASTED) == (
        "ok so my PI (Brandt) wants the spike counts binned per trial by friday and my code is sooo slow\n\n"
        "theres like 900 trials. any faster way"
    )


@pytest.mark.parametrize(
    "text",
    [
        "We moved to Lisbon.\nThe flat is small = fine for now.\n\nMore soon",  # one line is not all of them
        "a = the first option\nb = the second\nwhich is better?",  # a question among them: prose
        "Shopping list:\n- eggs\n- milk",
    ],
)
def test_a_paragraph_with_a_line_of_prose_stays(text):
    assert prose(text) == text


def test_a_page_quotes_the_sentences_and_fences_the_pasted_code():
    """The phd's About me quoted "my code is sooo slow counts = \\[\\] for t in trials: sub = ..."
    as one sentence of the bullet; the code is a block under it now, as fenced code is."""
    assert [kind for kind, _ in render.pieces(PASTED)] == ["prose", "code", "prose"]
    code = render.code_lines(dict(render.pieces(PASTED))["code"])
    assert code[0] == "  ```" and "  for t in trials:" in code and code[-1] == "  ```"


def test_a_sentence_whose_aside_in_brackets_ends_before_its_colon_stays_and_code_does_not():
    said = "I'll paste it (it went out under my own name, as I've always published under my own name):"
    assert prose(f"Thanks.\n{said}\nDear Sarah") == f"Thanks.\n{said}\nDear Sarah"
    for code in ("for item in sorted(items, key=lambda x: x.when):", "Traceback (most recent call last):"):
        assert prose(f"Thanks.\n{code}\nDear Sarah") == "Thanks.\nDear Sarah"


def test_a_long_pasted_prompt_with_an_aside_in_brackets_stays_and_is_read_at_once():
    # A prompt pasted as one long line (LongMemEval has one of 692 characters): the test for an aside
    # in brackets before a colon split the words inside it every way into five, and took 4 s on that
    # line; on this one, longer, it would not end before the test's timeout.
    line = (
        "Use markdown, headings and bullet points to present all the information (keep every answer "
        + "short and plain and friendly and clear for a reader who is new to the topic, " * 30
        + "and end with a summary) in every response. Thanks Anna"
    )
    assert prose(f"Here is my prompt:\n{line}") == f"Here is my prompt:\n{line}"
