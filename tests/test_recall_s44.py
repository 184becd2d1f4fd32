"""Recall by class (session 44, rec30): a name said otherwise, a question asking why, and the stale answer of
who the person is with.

1. "why postgres for the ledger" against "We chose PostgreSQL for the ledger ...": FTS5 stems "postgres" and
   "postgresql" apart, so the decision ranked below every other ledger fact. The other names of a name
   (memory/data/aliases.txt, memory/tokens.other_names) join the lexical channel's words, both ways.
2. A question asking why puts a near-top row that gives a reason about its subject above the rows that only
   mention it (retrieval/recall._reason_first).
3. "whos my bf" asks who the person is with now, as "who am i dating" does (memory/life.asked), and the newest
   statement of the relationship goes above a partner named before it (retrieval/recall._partner_now).

Each rule with a control that must not fire.
"""

from __future__ import annotations

from memory import life, tokens
from retrieval.recall import search
from retrieval.scope import ALL_SPACES
from tests.test_recall import put

LEDGER = (
    "The ledger service writes 4k rows a second",
    "Ledger reconciliation runs nightly at 2am",
    "The ledger API is behind the gateway",
)


def hits(session, query: str):
    return search(session, query, k=10, touch=False, scope=ALL_SPACES).hits


def first(session, query: str) -> str:
    found = hits(session, query)
    return found[0].content if found else ""


def lexical_ranked(session, query: str) -> list[str]:
    """What the lexical channel found, in its order."""
    found = [h for h in hits(session, query) if "lexical" in h.channels]
    return [h.content for h in sorted(found, key=lambda h: h.channels["lexical"])]


# -- 1. a name said otherwise ---------------------------------------------------------------------------


def test_a_short_name_finds_the_memory_that_wrote_the_long_one(session):
    for text in LEDGER:
        put(session, text)
    put(session, "We chose PostgreSQL for the ledger because we need serializable transactions")
    assert first(session, "why postgres for the ledger").startswith("We chose PostgreSQL")
    assert lexical_ranked(session, "postgres")[:1] == [
        "We chose PostgreSQL for the ledger because we need serializable transactions"
    ]


def test_the_long_name_finds_the_short_one_and_a_name_of_several_words(session):
    put(session, "The staging cluster runs on k8s 1.29 with three nodes")
    put(session, "My sister moved to NYC in March, she lives in Astoria")
    put(session, "The staging database is a small Postgres on a VM")
    assert lexical_ranked(session, "how many nodes does the kubernetes cluster have")[:1] == [
        "The staging cluster runs on k8s 1.29 with three nodes"
    ]
    assert "NYC" in lexical_ranked(session, "who do I know in New York City")[0]
    assert "Postgres" in lexical_ranked(session, "which postgresql version is staging on")[0]


def test_control_a_common_word_or_a_different_language_is_no_other_name(session):
    put(session, "We chose PostgreSQL for the ledger because we need serializable transactions")
    put(session, "The dashboard is written in JavaScript with no framework")
    assert tokens.other_names("where is the post office") == []
    assert tokens.other_names("do we use java anywhere") == []
    assert tokens.other_names("the postgresql docs") == ["postgres", "psql"]  # the control's near miss does
    assert lexical_ranked(session, "where is the post office") == []
    assert lexical_ranked(session, "do we use java anywhere") == []
    assert lexical_ranked(session, "do we use js anywhere") == [
        "The dashboard is written in JavaScript with no framework"
    ]


# -- 2. a question asking why ----------------------------------------------------------------------------

WORK = (
    "Acme's office is in Leeds, next to the station",
    "I worked at Acme for three years as a designer",
    "Acme pays on the last Friday of the month",
    "We use Terraform for the infra",
    "Terraform state lives in an S3 bucket",
    "Terraform plans run in CI on every branch",
)
LEFT = "I left Acme because the commute was two hours each way"
CHOSE = "We went with Terraform so that every environment is reviewed in a pull request"


def test_a_why_question_is_answered_by_the_memory_that_gives_the_reason(session):
    for text in WORK:
        put(session, text)
    put(session, LEFT)
    put(session, CHOSE)
    assert first(session, "why did I leave Acme") == LEFT
    assert first(session, "why do we use Terraform") == CHOSE
    assert first(session, "what was the reason for Terraform") == CHOSE
    assert first(session, "how come I left acme") == LEFT


def test_control_a_reason_about_something_else_or_a_question_not_asking_why_moves_nothing(session):
    for text in WORK:
        put(session, text)
    put(session, LEFT)
    put(session, "I moved to York because the rent was lower")
    assert first(session, "when did I leave Acme") != LEFT  # the same subject, not asked why
    assert first(session, "where is Acme's office") == WORK[0]
    moved = [h for h in hits(session, "why did I leave Acme") if h.content.startswith("I moved to York")]
    assert all("reason" not in h.multipliers for h in moved)  # a reason, but of nothing the question names


# -- 3. the stale answer: who the person is with now ------------------------------------------------------


def test_a_partner_asked_by_the_roles_noun_asks_who_they_are_with_now():
    for query in ("whos my bf", "who is my boyfriend", "who's my gf rn", "who is my partner"):
        assert {"partner", "relationship"} <= life.asked(query), query
    # control: a partner's name asked as a name, and a question of the past, do not
    assert "relationship" not in life.asked("whats my wifes name")
    assert not life.asked("who was my boyfriend in 2022")


def _partners(session) -> None:
    put(
        session,
        "what should i get my boyfriend theo for our 3 month, he loves hiking",
        type="fact",
        valid_from="2022-04-12T20:00:00Z",
    )
    put(session, "theo is being weird again, i think im just homesick", valid_from="2022-11-09T20:00:00Z")
    put(
        session,
        "Leo asked me to be his girlfriend last night and I said yes",
        type="identity",
        valid_from="2024-04-11T20:00:00Z",
    )
    put(session, "my roommate facetimes her bf at 2am every night", valid_from="2023-01-10T20:00:00Z")


def test_the_newest_relationship_goes_above_a_partner_named_before_it(session):
    _partners(session)
    for query in ("whos my bf", "who is my boyfriend", "who am i dating", "whos my bf rn"):
        assert first(session, query).startswith("Leo asked me"), query


def test_control_a_question_of_the_past_keeps_the_partner_of_then(session):
    _partners(session)
    assert first(session, "who was my first boyfriend").startswith("what should i get my boyfriend theo")
