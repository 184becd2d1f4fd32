"""A life written in the formal register of letters (memory/life.py's `_FORMAL`), in other words than
tests/fixtures/maeve's: other names, towns, roles, banks and pets, in the shapes a letter-writer uses (the
perfect tense and the passive, no contraction: "I have relocated to a flat overlooking the quay in Cobh",
"I have been appointed treasurer of ...", "We are now both patients of Dr. X", "My Bupa policy is due for
renewal"), each a change when a later letter says another value; and the near misses that must stay
unread: someone else's move, appointment or registration, a plan or a case put ("were I to", "should I"),
an email pasted from someone else, and a character reference written for someone ("she has been
appointed")."""

from __future__ import annotations

import pytest

from memory import life


def _read(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in life.read(text)}


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        # a home by its kind, with what it looks on to, and a town it is in, outside or near
        ("I have now relocated to a flat overlooking the quay in Cobh, and I must tell the bank.", "home", "cobh"),
        ("Tomás and I have moved into a farmhouse outside Dingle, with a view of the bay.", "home", "dingle"),
        ("We have moved to a small house by the sea near Howth.", "home", "howth"),
        # a home being sold says where it is, in a plan too
        ("I am considering selling our family home in Ranelagh, which is far too large for one.", "home", "ranelagh"),
        ("Before we sell our house in Galway, the garden must be seen to.", "home", "galway"),
        # a role appointed, elected, or accepted onto a panel as
        ("I have been appointed treasurer of the Sligo Tidy Towns committee.", "role", "treasurer"),
        ("I have been elected vice-chair of the Westport Historical Society.", "role", "vice-chair"),
        (
            "I have been accepted onto the roster of the Leinster Arbitration Board as a part-time arbitrator.",
            "role",
            "part-time arbitrator",
        ),
        ("I have been taken on by the county council as a planning officer.", "role", "planning officer"),
        # retired since: no job now
        ("I have been retired since last June, after thirty years as a pharmacist.", "role", "left"),
        # widowed, then seeing someone
        ("I have been a widower since Nora died in 2016.", "relationship", "widowed"),
        (
            "His name is Ciarán, and we have been seeing one another since the summer.",
            "relationship",
            "in a relationship",
        ),
        ("I have been seeing Ruairí for some months now.", "relationship", "dating ruairí"),
        # a doctor registered with, or a patient of
        ("I have registered with Dr. Fionnuala Breen at the health centre in Tramore.", "doctor", "dr fionnuala breen"),
        ("We are now both patients of Dr. Colm Daly in Clifden.", "doctor", "dr colm daly"),
        ("I am now a patient of Dr Ahmed at the Blackrock Clinic.", "doctor", "dr ahmed"),
        # a bank: an account closed and everything moved
        (
            "I have closed the N26 account and moved everything to the Bantry Credit Union.",
            "bank",
            "bantry credit union",
        ),
        ("We have moved our savings to the Nationwide Building Society.", "bank", "nationwide"),
        # a pet adopted by its breed or kind, and none kept since
        ("We have adopted a retired greyhound, a gentle old boy.", "pets", "some"),
        ("I have taken in a stray cat, whom I have named Pangur.", "pets", "some"),
        ("I have not kept a cat since Muffin died.", "pets", "none"),
        # a health insurer by its plan or policy
        ("My Bupa policy is due for renewal and the premium has gone up again.", "health insurance provider", "bupa"),
        ("Our Aviva health plan covers the hospital but not the physiotherapy.", "health insurance provider", "aviva"),
        # a car called old for its age, said by its age
        ("My old Toyota Corolla, which is now fifteen years old, has failed its NCT.", "car", "toyota corolla"),
        # a choir joined and left
        (
            "I have joined the Dún Laoghaire Choral Society, having not sung in years.",
            "choir",
            "dún laoghaire choral society",
        ),
        ("With regret I have resigned from the choir, as the rehearsals clash with my work.", "choir", "left"),
        # where the person grew up, said of their childhood
        ("My father fished every summer of my childhood in Killybegs.", "origin", "killybegs"),
    ],
)
def test_a_letter_writers_statements_are_read(text, attribute, value):
    assert _read(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        # someone else's move, appointment, doctor, bank or pet
        ("My son has relocated to a flat overlooking the lake in Toronto.", "home"),
        ("Aoife and Cathal have moved into a house outside Vancouver.", "home"),
        ("Aoife has been appointed chair of the board of the Vancouver Arts Trust.", "role"),
        ("My daughter-in-law has registered with Dr. Singh at the clinic.", "doctor"),
        ("Declan is a patient of Dr. Walsh in Skibbereen.", "doctor"),
        ("My sister has moved everything to the Bandon Credit Union.", "bank"),
        ("My neighbour has adopted a rescue lurcher.", "pets"),
        ("My brother is selling our family home in Bantry.", "home"),
        # a plan or a case put
        ("Were I to move to Portugal for the winters, what would become of my pension?", "home"),
        ("Should I take up golf, would the club accept a beginner of my age?", "schedule:golf"),
        ("If I were appointed chair of the board, I should resign from the panel.", "role"),
        ("We are considering a move to a cottage near Clonakilty in the spring.", "home"),
        # the past: a former car
        ("My old Volvo was a very good car.", "car"),
        # a choir is no employer, and leaving it ends no job
        ("I have joined the Kinsale Gospel Choir.", "employer"),
        ("I have resigned from the choir.", "employer"),
        # a character reference written for someone: hers, not the writer's
        (
            "I have known Ms. Deirdre Lynch for ten years. She has been appointed an associate solicitor with "
            "Fitzgerald Hanley in Limerick, and she has relocated to an apartment overlooking the Shannon in Limerick.",
            "role",
        ),
        (
            "I have known Ms. Deirdre Lynch for ten years. She has been appointed an associate solicitor with "
            "Fitzgerald Hanley in Limerick, and she has relocated to an apartment overlooking the Shannon in Limerick.",
            "home",
        ),
        # an email pasted from someone else
        (
            'Dear Maeve, I have received the following: "I have been appointed chair of the trust and have moved '
            'into a cottage outside Schull." What do you make of it?',
            "role",
        ),
        # "seeing" friends is no relationship; a childhood elsewhere than a place
        ("My sister and I have been seeing each other a great deal.", "relationship"),
        ("My childhood in the 1960s was a happy one.", "origin"),
        # a plan or policy of something else than health
        ("My Vodafone plan is due for renewal.", "health insurance provider"),
    ],
)
def test_near_misses_stay_unread(text, attribute):
    assert attribute not in _read(text)


@pytest.mark.parametrize(
    ("old", "new", "attribute"),
    [
        (
            "I am thinking of selling our house in Terenure.",
            "I have now relocated to a flat overlooking the sea in Bray.",
            "home",
        ),
        ("I have been retired since March.", "I have been accepted onto the panel as a part-time mediator.", "role"),
        (
            "I have been accepted onto the panel as a part-time mediator.",
            "I have been appointed chair of the board.",
            "role",
        ),
        ("I have been a widow since Seán died.", "We have been seeing one another since Christmas.", "relationship"),
        ("My GP, Dr. Moran, is very good.", "I have registered with Dr. Kelly at the new practice.", "doctor"),
        ("I have not kept a dog since the children were small.", "We have adopted a rescue whippet.", "pets"),
        ("My VHI plan is due for renewal.", "I have moved my health insurance to Laya.", "health insurance provider"),
        ("I have joined the Clonmel Choral Society.", "I have resigned from the choral society.", "choir"),
    ],
)
def test_a_later_letter_changes_what_an_earlier_one_said(old, new, attribute):
    assert [(a.attribute, b.attribute) for a, b in life.changes(life.read(old), life.read(new))] == [
        (attribute, attribute)
    ]


@pytest.mark.parametrize(
    ("query", "attribute"),
    [
        ("What position do I hold at present?", "role"),
        ("What work did I take up after I retired?", "role"),
        ("With whom do I bank at present?", "bank"),
        ("Have we a dog?", "pets"),
        ("Who is my health insurer?", "health insurance provider"),
        ("Do I still sing in the choir?", "choir"),
    ],
)
def test_a_letter_writers_questions_ask_their_attribute(query, attribute):
    assert attribute in life.asked(query)
