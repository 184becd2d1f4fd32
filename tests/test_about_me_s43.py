"""About me shows an attribute ended as ended on every line that shows it (session 43: weak43; beth's "Cat:
Pickles" had stayed beside "Pets: none (rehomed)", and "Volunteer role: handed on (FRG leader)" read as a value):
a pet rehomed by its name ends the line that names the pet, a role handed on is none now. Other words than
beth's: a dog rehomed, a PTA treasurer stepped down from; controls: a pet kept, another pet rehomed, a role held."""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import about_now, chat_turns


def _now(tmp_path, cli_json, turns: list[str]) -> str:
    days = [f"2024-{n + 1:02d}-05" for n in range(len(turns))]
    cli_json("import", str(chat_turns(tmp_path / "c.jsonl", list(zip(days, turns, strict=True)))))
    return about_now(cli_json)


def test_a_pet_rehomed_by_its_name_ends_its_own_line(tmp_path, cli_json):
    now = _now(
        tmp_path,
        cli_json,
        [
            "Our dog, Bramble, has started limping after walks. Should I worry?",
            "We found Bramble a new home with my aunt, since we move overseas in May. How do I tell the kids?",
        ],
    )
    assert "**Dog**: none now (rehomed Bramble), since 2024-02-05" in now, now
    assert "**Dog**: Bramble" not in now, now


def test_control_a_pet_kept_beside_another_rehomed_keeps_its_line(tmp_path, cli_json):
    now = _now(
        tmp_path,
        cli_json,
        [
            "Our dog, Bramble, has started limping after walks. Should I worry?",
            "We rehomed Biscuit last month, the flat was too small for two.",
        ],
    )
    assert "**Dog**: Bramble, since 2024-01-05" in now, now


def test_a_role_handed_on_is_none_now(tmp_path, cli_json):
    now = _now(
        tmp_path,
        cli_json,
        [
            "I agreed to be the PTA treasurer, so I now run the budget for the spring fair.",
            "I stepped down as PTA treasurer last week. Can you help me write a handover note?",
        ],
    )
    assert "**Volunteer role**: none now (handed on" in now and "was PTA treasurer" in now, now


def test_control_a_role_held_is_its_value():
    (said,) = [s for s in life.read("I agreed to be the PTA treasurer, so I run the budget.") if s.attribute]
    assert not life.ended(said)


@pytest.mark.parametrize(
    "value, later, ends",
    [
        (("cat", "miso", "Miso"), ("pets", "none", "none (rehomed Miso)"), True),
        (("cat", "miso", "Miso"), ("pets", "none", "none (rehomed Tofu)"), False),
        (("cat", "miso", "Miso"), ("pets", "none", "none (rehomed)"), False),
        (("car", "miso", "Miso"), ("pets", "none", "none (rehomed Miso)"), False),
    ],
)
def test_a_named_pet_is_ended_only_by_its_own_name(value, later, ends):
    said = life.ended_by_name(life.Said(*value, life.FACT), life.Said(*later, life.FACT))
    assert (said is not None and life.ended(said)) == ends
