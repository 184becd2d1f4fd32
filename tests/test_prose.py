"""`memory.text.prose`: the prose of a text, as names, page titles and topics read it. Code a
person pastes without fences (SQL, a traceback, a definition, an indented block) is left out
line by line; prose that merely starts with a keyword's word ("Select the best", "With Anna")
stays."""

from __future__ import annotations

import pytest

from memory import names
from memory.text import prose

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
