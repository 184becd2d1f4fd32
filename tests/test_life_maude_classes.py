"""What the blind maude fixture (session 44) showed, read as classes another person hits, with sentences not from
the fixture (other towns, employers, banks, carriers, pets, schools), each beside a near miss that stays quiet
(someone else's change said the same way, a plan, a pasted message):

- A Québécoise's life said in Québec French and franglais: a home moved into ("on a déménagé dans un 4½ à X") or
  ended up in ("chu rendue à X"), a job ("je suis X chez Y", "je commence chez Y ... comme X"), a boss ("mon
  boss X", "ma nouvelle boss, X"), a bank ("toute mon argent est à la caisse X", "j'ai transféré mon compte à X"),
  a carrier ("je suis avec X pour mon cell", "j'ai switché mon cell chez X"), a gym ("je vais à mon gym X",
  "je fais de la boxe chez X"), a car of the lists ("ma Corolla 2014"), a pet named or adopted and named after,
  a family doctor (none yet, then "la Dre X"), a school ("je fais un bac à l'X"), a language class ("je prends
  des cours d'allemand"), a hobby ("je joue dans une ligue de X", "je me suis inscrite à un atelier de X").
- Her questions in Québec French ask those areas ("je travaille où astheure?", "c'est quoi mon animal?"), and a kin
  named in French ("ma soeur Émilie") answers "c'est quoi le nom de ma soeur?".
- The eval counts a first result that states the current value without its accents ("Levis" for "Lévis").
"""

from __future__ import annotations

import pytest

from memory import life, vocab
from tests.conftest import changes_after, said_of

# -- each area, read of her, in other words -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("Enfin, on a déménagé dans un 4½ à Sherbrooke, les boîtes sont partout.", "home", "sherbrooke"),
        (
            "Je vis dans mon condo au Plateau-Mont-Royal depuis 2019, pis le chauffage est cher.",
            "home",
            "plateau-mont-royal",
        ),
        ("Bon ben chu rendu à Gatineau! Le pont est toujours bouché.", "home", "gatineau"),
        ("Je suis technicienne comptable chez Groupe Boréal depuis deux ans.", "employer", "groupe boréal"),
        (
            "J'ai eu l'offre! Je commence chez Solutions Tadoussac lundi comme analyste d'affaires.",
            "employer",
            "solutions tadoussac",
        ),
        ("J'ai eu l'offre! Je commence chez Solutions Tadoussac lundi comme analyste d'affaires.", "role", "analyst"),
        ("Mon boss Gaétan veut le rapport pour vendredi, help.", "manager", "gaétan"),
        ("Ma nouvelle patronne, Sylvie Gagnon, est ben correcte.", "manager", "sylvie gagnon"),
        ("Tout mon argent est à la caisse Populaire depuis que je suis petit.", "bank", "populaire"),
        ("J'ai transféré mon compte à la Banque Laurentienne le mois passé.", "bank", "banque laurentienne"),
        ("Chu avec Bell pour mon cell pis c'est rendu 90$ par mois.", "phone provider", "bell"),
        ("J'ai changé mon forfait chez Koodo, 40$ pour 50 gigs.", "phone provider", "koodo"),
        ("Je vais à mon gym Nautilus Plus le matin avant la job.", "gym", "nautilus plus"),
        ("Maintenant je fais de la boxe chez Club Montcalm le lundi.", "gym", "club montcalm"),
        ("Ma Corolla 2014 fait un drôle de bruit en freinant.", "car", "corolla 2014"),
        ("Mon chien Caramel a mangé une chaussette, je fais quoi?", "pet", "caramel"),
        ("J'ai adopté une chatte au refuge! Mousse, une tigrée de 3 ans.", "pet", "mousse"),
        ("J'ai encore pas de médecin de famille après trois ans d'attente.", "doctor", "none"),
        ("J'ai enfin un médecin de famille, le Dr Bouchard au CLSC.", "doctor", "dr bouchard"),
        ("Je fais un bac en sciences infirmières à l'UQAR à temps plein.", "university", "uqar"),
        (
            "Je fais une maîtrise en génie à l'Université de Sherbrooke depuis l'automne.",
            "university",
            "université de sherbrooke",
        ),
        ("Je suis stagiaire chez Banque de Montréal cet été.", "employer", "banque de montréal"),
        ("Je prends des cours d'allemand le lundi au cégep.", "language class", "allemand"),
        ("Je joue dans une ligue de balle molle le jeudi soir.", "hobby", "balle molle"),
        ("Je me suis inscrit à un cours de céramique au centre culturel.", "hobby", "céramique"),
    ],
)
def test_a_change_of_her_life_said_in_quebec_french_is_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("Ma soeur a déménagé dans un 3½ à Rimouski avec son chum.", "home"),  # someone else's move
        ("Si jamais on déménage dans un condo à Gatineau, c'est-tu plus cher?", "home"),  # a plan
        ("Chu rendue à l'étape de la mise en page, ça avance.", "home"),  # "rendue à" a stage, not a place
        ("Mon frère est ingénieur chez Hydro-Québec depuis lundi.", "employer"),  # someone else's job
        ("Mon frère commence chez Desjardins comme analyste lundi.", "role"),
        ("Le boss de Camille, Martin, est toujours fâché.", "manager"),  # someone else's boss
        ("Je pense transférer mon compte à la Banque Laurentienne, bonne idée?", "bank"),  # a plan
        ("Ma mère est avec Bell pour son cell depuis 20 ans.", "phone provider"),  # someone else's carrier
        ("Ma Visa est rendue à 3000$ pis je capote.", "car"),  # a card, no car
        ("Le chien de ma voisine, Rocky, jappe toute la nuit.", "pet"),  # someone else's pet
        ("On voudrait adopter un chien! Pruneau, c'est un beau nom?", "pet"),  # a plan
        ("Ma soeur a pas de médecin de famille non plus.", "doctor"),  # someone else's
        ("Des fois je pense faire un bac à l'UQAM, pros/cons?", "university"),  # a thought, no school
        ("Ma coloc prend des cours d'italien, moi non.", "language class"),  # someone else's class
        ("Mon chum joue dans une ligue de hockey cosom le mardi.", "hobby"),  # someone else's league
    ],
)
def test_the_same_frames_said_of_someone_else_or_planned_read_nothing(text, attribute):
    assert attribute not in said_of(text)


def test_a_pasted_message_in_french_quotes_reads_nothing():
    pasted = (
        "C'est-tu du phishing? « Bonjour, j'ai transféré votre compte à la Banque Nordique. Je suis avec vous pour "
        "votre cell. Cliquez ici. »"
    )
    said = said_of(pasted)
    assert "bank" not in said and "phone provider" not in said


# -- the changes, imported -----------------------------------------------------------------------------------


def test_her_changes_each_open_one_item_and_another_persons_none(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "Je vis dans mon 4½ au Vieux-Longueuil, le loyer est de 1200$. Comment je fais un budget?",
            "Chu avec Bell pour mon cell pis ma facture est rendue à 95$.",
            "Mon chat Filou dort toute la journée, c'est normal?",
            "Ma soeur a déménagé dans un condo à Laval, elle capote.",
            "On a déménagé dans un 5½ à Sherbrooke! Comment je change mon adresse?",
            "Ok c'est fait, j'ai switché mon cell chez Fizz. Comment je garde mon numéro?",
            "On a adopté un chien au refuge! Nougat, un mix labrador de 3 ans. Des conseils?",
        ],
    )
    assert sorted((old[:14], new[:14]) for old, new in changed) == [
        ("Chu avec Bell ", "Ok c'est fait,"),
        ("Je vis dans mo", "On a déménagé "),
        ("Mon chat Filou", "On a adopté un"),
    ]


# -- what she asks -------------------------------------------------------------------------------------------


def test_what_she_asks_in_quebec_french_is_asked():
    assert "employer" in life.asked("je travaille où astheure?")
    assert "pet" in life.asked("c'est quoi mon animal?")
    assert "university" in life.asked("j'étudie quoi, pis où?")
    assert "language class" in life.asked("quelle langue j'apprends?")
    assert "hobby" in life.asked("c'est quoi mon hobby?")
    assert "name:brother" in life.asked("c'est quoi le nom de mon frère?")
    assert "origin" in life.asked("Où chu née?")
    assert "origin" not in life.asked("Où est née ma soeur?")


def test_a_thing_asked_in_french_asks_what_the_english_question_asks():
    assert "favourite:book" in life.asked("c'est quoi mon livre préféré?")
    assert "blood type" in life.asked("Quel est mon groupe sanguin?")
    assert "instrument" in life.asked("je joue de quel instrument?")
    assert "shoe size" in life.asked("c'est quoi ma pointure?")
    assert life.asked("c'est quoi le livre préféré de ma blonde?") & {"favourite:book"} == set()
    assert life.asked("c'est quoi le hobby de ma soeur?") & {"hobby", "pet", "employer"} == set()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Mon frère Jean-Philippe commence à l'université lundi.", {"brother"}),
        ("Ma mère Hélène trouve sa résidence tranquille.", {"mother"}),
        ("Ma grande soeur Julie vient souper.", {"sister"}),
        ("Ma soeur a déménagé à Laval.", set()),  # a verb, no name
        ("La soeur de Camille, Julie, est fine.", set()),  # someone else's sister
    ],
)
def test_a_kin_named_in_french_answers_what_their_name_is(text, named):
    assert life.kin_named(text) == named


# -- the eval: a value typed without its accents --------------------------------------------------------------


def test_the_eval_counts_a_value_typed_without_its_accents():
    assert vocab.fold("Lévis") in vocab.fold("our condo in LEVIS two weeks ago")
    assert vocab.fold("Québec") == vocab.fold("quebec")
    assert vocab.fold("Lévis") not in vocab.fold("our condo in Laval")
