"""A space name holding a bidi override or a zero-width character is refused on every route, as a name
no space can have: "wo\u202erk" was added as the space "work" without a word, and a capture sent to it
landed in "work". Fullwidth letters still fold (an input method's "ｗｏｒｋ" is the space "work")."""

from __future__ import annotations

import pytest

import quire
from memory.errors import InvalidInput


@pytest.mark.parametrize("hidden", ["\u202e", "\u200b", "\u2066", "\ufeff"])
def test_a_name_with_a_hidden_character_is_refused_and_nothing_is_added(quire_home, cli, hidden):
    name = f"wo{hidden}rk"
    result = cli("spaces", "add", name)
    assert result.exit_code == 2 and "bad space name 'wo\\u" in result.stderr, result.stderr
    with quire.open(quire_home) as q:
        with pytest.raises(InvalidInput, match="bad space name"):
            q.run("spaces_add", name=name)
        with pytest.raises(InvalidInput, match="bad space name"):
            q.run("capture", content="The staging cluster moved to Frankfurt in May this year", space=name)
        assert [s["name"] for s in q.run("spaces_list").model_dump()["spaces"]] == []


def test_fullwidth_letters_still_fold_to_the_space_typed(quire_home, cli):
    result = cli("spaces", "add", "ｗｏｒｋ")
    assert result.exit_code == 0 and result.stdout.strip() == "added: work", result.stdout
