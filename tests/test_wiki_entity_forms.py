"""A word of a longer name stands for it only where it is no name of its own: dale's vault had put
every turn of the VA on a page titled "VA Form 21-526EZ" (the form's name begins with "VA"), lucia's
every turn of Valencia and of the barrio Embajadores on pages of addresses she pasted ("Valencia
1234", "Embajadores 45"); and a company with its legal form and without it is one page (dale had
"Hutchins Heating & Air" and "Hutchins Heating & Air LLC")."""

from __future__ import annotations

from memory import names


def _names(texts: list[str]) -> list[list[str]]:
    return [[n.name for n in ns] for ns in names.extract_all(texts)]


def test_an_acronym_is_its_own_name_not_the_first_word_of_a_longer_one():
    got = _names(
        [
            "i filled in VA Form 21-526EZ last night",
            "the VA says my claim is in",
            "renew my UK Visas account",
            "my UK licence is only a year old",
        ]
    )
    assert got == [["VA Form 21-526EZ"], ["VA"], ["UK Visas"], ["UK"]]


def test_a_place_is_its_own_name_not_an_address_on_its_street():
    got = _names(
        [
            "bug: change address to Valencia 1234 and save, error 500",
            "my friend asked me to go to Valencia for a weekend",
            "1) Piso exterior en calle de Embajadores 45, 950€/mes",
            "my doctor is in the centro de salud Embajadores",
        ]
    )
    assert got == [["Valencia 1234"], ["Valencia"], ["Embajadores 45"], ["Embajadores"]]


def test_a_name_and_its_model_number_or_legal_form_are_one():
    got = _names(
        [
            "how do i file a LLC in texas, want it to be Hutchins Heating & Air LLC",
            "now that its my own outfit, Hutchins Heating & Air, i gotta get the word out",
            "its in the LLC's name",
            "I bought the Garmin Forerunner 255 in the sale",
            "the Garmin battery lasts a week",
        ]
    )
    assert got[:3] == [["Hutchins Heating & Air LLC"]] * 3
    assert got[3:] == [["Garmin Forerunner 255"]] * 2
