"""Two exports of one life imported one after the other (ChatGPT's, then Claude's): a statement of the
second falls between two of the first in time. The review queue must hold the changes as they
happened, not the ones the import order made (memory/correction.py `_said_between`,
`_ended_since_changed`; found on tests/fixtures/marisol):

- "I still smoke" (2022), "I quit smoking last year" (2024) opened an item; then the other export's
  "its been 3 months since I quit" (late 2023): the change is that one's, and the 2024 item only
  restates it (closed, nothing rejected)
- "I'm the general manager at Tuscany Table" (2022), "I'm a realtor with Sunstate" (2023-03) opened
  the job's change; then "tonight was my last shift at Tuscany Table" (2023-02): the ending is in that
  change already and opens no item of its own
"""

from __future__ import annotations

from tests.conftest import chat_replied, open_pairs


def test_a_change_said_between_an_items_two_sides_closes_the_later_restatement(tmp_path, cli_json):
    first = chat_replied(
        tmp_path / "first.jsonl",
        [
            (
                "2022-07-30T10:00:00Z",
                "Adrián found my cigarettes in the car... I know I still smoke like half a pack a day.",
            ),
            (
                "2024-03-12T10:00:00Z",
                "new doctor form, can you help me write it short: allergies, and I quit smoking last year",
            ),
        ],
    )
    second = chat_replied(
        tmp_path / "second.jsonl",
        [
            (
                "2023-10-01T10:00:00Z",
                "its been 3 months since I quit smoking!!! ideas to reward myself that aren't food lol",
            )
        ],
    )
    cli_json("import", str(first))
    assert [new[:20] for _, new in open_pairs(cli_json)] == ["new doctor form, can"]
    cli_json("import", str(second))
    items = open_pairs(cli_json)
    assert len(items) == 1
    old, new = items[0]
    assert "still smoke" in old and "3 months since I quit" in new


def test_a_later_value_said_between_stays_its_own_change(tmp_path, cli_json):
    """(Not a restatement: a move to Bristol between Leeds and York is a change of its own, and the
    York item stays.)"""
    first = chat_replied(
        tmp_path / "first.jsonl",
        [
            (
                "2022-01-10T10:00:00Z",
                "I live in Leeds and I need a running route. Something flat please, my knee hurts.",
            ),
            ("2024-05-01T10:00:00Z", "We moved to York last month. What should I sort out first? The council tax?"),
        ],
    )
    second = chat_replied(
        tmp_path / "second.jsonl",
        [
            (
                "2023-01-10T10:00:00Z",
                "We moved to Bristol last week. Which GP surgery should I register with? I have asthma.",
            )
        ],
    )
    cli_json("import", str(first))
    cli_json("import", str(second))
    news = [new for _, new in open_pairs(cli_json)]
    assert any("York" in n for n in news) and any("Bristol" in n for n in news)


def test_a_job_ended_between_it_and_the_next_job_opens_no_item_of_its_own(tmp_path, cli_json):
    first = chat_replied(
        tmp_path / "first.jsonl",
        [
            ("2022-01-20T10:00:00Z", "I'm the general manager at Tuscany Table on 192 and I need a server schedule"),
            ("2023-03-06T10:00:00Z", "now that im licensed I'm a realtor with Sunstate Realty Group!! business cards?"),
        ],
    )
    second = chat_replied(
        tmp_path / "second.jsonl",
        [
            (
                "2023-02-25T10:00:00Z",
                "tonight was my last shift at Tuscany Table... 12 years. help me write a thank you note",
            )
        ],
    )
    cli_json("import", str(first))
    cli_json("import", str(second))
    items = open_pairs(cli_json)
    assert not any("last shift" in new for _, new in items)
    assert any("Tuscany Table" in old and "Sunstate" in new for old, new in items)


def test_a_job_ended_with_nothing_after_it_is_still_a_change(tmp_path, cli_json):
    cli_json(
        "import",
        str(
            chat_replied(
                tmp_path / "only.jsonl",
                [
                    (
                        "2022-01-20T10:00:00Z",
                        "I'm the general manager at Tuscany Table on 192 and I need a server schedule",
                    ),
                    (
                        "2023-02-25T10:00:00Z",
                        "tonight was my last shift at Tuscany Table... 12 years. help me write a note",
                    ),
                ],
            )
        ),
    )
    assert any("last shift" in new for _, new in open_pairs(cli_json))
