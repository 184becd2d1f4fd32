"""A relation's name asked by one word for them and said with another (session 41: weak41): "what are my children's
names" is answered first by "... to my kids. Milo is 12 and Ivy is 9" said in a message about something else (grace's
"my kids. Kofi is 17 and Ama is 14", about her mother's dementia, ranked 33rd): the turns that name the relation join
the statements' channel (retrieval/recall._kin_named_rows). The controls: a turn naming another relation, and a
question of the past, are not lifted by it.
"""

from __future__ import annotations

from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put

BURIED = (
    "the vet says the dog needs a dental cleaning, can you explain what they do under anaesthetic so I can tell "
    "my kids. Milo is 12 and Ivy is 9 and they are worried sick about her"
)


def first(session, query: str) -> str | None:
    hits = search(session, query, k=5, touch=False, scope=ALL_SPACES).hits
    return hits[0].content if hits else None


def fillers(session) -> None:
    """Turns that hold the question's words and name no child."""
    for text in (
        "what are good names for a book club, something about children's classics",
        "children's names that were popular in the 1950s in Ireland, for a novel I am writing",
        "list the names of the planets for a children's quiz night at the library",
        "what are the names of the main characters in the children's show we watched",
        "I need names for three new wifi networks at the office",
        "my sister Priya starts her new job on monday, gift ideas?",
    ):
        put(session, text)
    for n in range(30):  # a long history: the buried turn is far down every channel
        put(session, f"names for the children's choir concert number {n}, my favourite carols and the names of songs")


def test_a_childs_name_said_with_another_word_for_children_comes_first(session):
    fillers(session)
    put(session, BURIED)
    for query in ("what are my children's names", "what are my kids called", "what's my son's name"):
        assert "Milo" in (first(session, query) or ""), query


def test_control_a_turn_naming_another_relation_is_not_lifted_for_a_childs_name(session):
    fillers(session)
    assert "Priya" not in (first(session, "what are my children's names") or "")
    assert "Priya" in (first(session, "what is my sister's name") or "")


def test_a_turn_no_channel_held_is_found_by_the_relations_other_word(session):
    """ "what's my boy's name": the turn that says "my son Luca" holds neither "boy" nor "name", and a long history
    of boats' names keeps it out of every channel's first rows (ray's "my son Cody works offshore")."""
    for n in range(150):  # (more than a channel hands to fusion: tuning.CHANNEL_DEPTH_MIN)
        put(session, f"name ideas for a boat, number {n}: something a boy would like, a good name for the harbour")
    put(session, "my son Luca wants to train as an electrician after school, what does an apprenticeship pay")
    assert "Luca" in (first(session, "what's my boy's name") or "")
