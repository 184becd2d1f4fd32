"""About me quotes what a turn tells of the person (render.told): the sentences kept are the turn's
own, split once, each cited as it was said; the questions around them are left out."""

from __future__ import annotations

from wiki import render, synth


def _turn(text: str) -> synth.Mem:
    when = "2024-03-04T09:00:00Z"
    return synth.Mem("mem_0001", text, "identity", None, "active", when, None, when, when, "", turn="person")


def _bullet(text: str) -> str:
    lines = render.memory_lines(_turn(text), 1, render.Linker([]), synth.Context(), {}, dated=True)
    return "\n".join(lines)


def test_the_sentences_told_are_cited_as_the_turn_splits_them():
    # "a.m." ends a sentence only before a capital: once the question between is left out, the two
    # statements joined and split again had read as one ("... 9 a.m. lunch is at noon.[^m1]")
    text = "I start work at 9 a.m. Can you help me plan my mornings? lunch is at noon with the team."
    assert _bullet(text) == "- 2024-03-04: I start work at 9 a.m.[^m1] lunch is at noon with the team.[^m1]"


def test_a_turn_of_statements_only_or_with_code_is_quoted_whole():
    assert _bullet("I live in Lyon. I work nights.") == "- 2024-03-04: I live in Lyon.[^m1] I work nights.[^m1]"
    assert _bullet("Thanks! I live in Lyon.") == "- 2024-03-04: I live in Lyon.[^m1]"
    code = "my PI wants it by friday\n\n```\nx = 1\n```\nCan you check it?"
    lines = _bullet(code).split("\n")
    assert lines[0] == "- 2024-03-04: my PI wants it by friday[^m1] Can you check it?[^m1]", lines
    assert lines[1:] == ["  ```", "  x = 1", "  ```"]
