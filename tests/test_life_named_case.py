"""A name typed in lower case on About me (life17): "works at brightpath", "lives in lyon", "my bank
is mbank" show as a reader writes the names ("Brightpath", "Lyon", "mBank"), by the lists' spelling
where quire knows the name; a name typed with its capitals ("eBay", "iOS", "de Vries") stays as typed,
and a role, a diet or a place of work said by its kind ("the council") is no name."""

from __future__ import annotations

import pytest

from tests.conftest import about_now, chat_turns
from wiki import render


@pytest.mark.parametrize(
    ("attribute", "typed", "shown"),
    [
        ("employer", "brightpath", "Brightpath"),
        ("employer", "tully's on quay st", "Tully's on Quay St"),
        ("bank", "mbank", "mBank"),
        ("bank", "bank of america", "Bank of America"),
        ("phone", "iphone 13", "iPhone 13"),
        ("phone provider", "t-mobile", "T-Mobile"),
        ("doctor", "dr nowak", "Dr Nowak"),
        ("home", "lyon", "Lyon"),
        ("employer", "eBay", "eBay"),
        ("employer", "iOS Labs", "iOS Labs"),
        ("employer", "de Vries & Co", "de Vries & Co"),
        ("employer", "the council", "the council"),
        ("role", "nurse", "nurse"),
        ("diet", "vegan", "vegan"),
    ],
)
def test_a_name_typed_in_lower_case_is_shown_as_a_name(attribute, typed, shown):
    assert render._now_shown(attribute, typed)[1] == shown


def test_about_me_capitalises_names_typed_in_lower_case(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-02T10:00:00Z", "i work at brightpath as a translator and i live in lyon now, its lovely"),
            ("2024-02-02T10:00:00Z", "everything i have is in mbank now and the app keeps logging me out"),
            ("2024-03-02T10:00:00Z", "i've been vegan since new year, which plant milk has the most protein?"),
        ],
    )
    cli_json("import", str(path))
    now = about_now(cli_json)
    assert "**Employer**: Brightpath," in now and "**Home**: Lyon," in now, now
    assert "**Role**: translator," in now, now
