"""A WhatsApp line that opens like a message ("date, time - Word: text") but is not one: a plan or
an old message pasted into a message, and notices that quote a name holding a colon. Real senders,
a group's member who spoke once among them, keep their messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory import whatsapp

# Tom pastes the plan for tomorrow; its lines read like headers from "Breakfast" and "Lunch".
PLAN = """\
31/12/2023, 09:58 - Anna: Are we still on for the trip tomorrow?
31/12/2023, 10:00 - Tom: Yes! The plan for tomorrow:
01/01/2024, 09:00 - Breakfast: at the hotel, the terrace opens at nine
01/01/2024, 12:00 - Lunch: Trattoria da Enzo in Trastevere
31/12/2023, 10:05 - Anna: Perfect, see you at Termini station then
31/12/2023, 10:06 - Tom: I'll bring the tickets and the guidebook
"""


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _turns(db) -> list[tuple[str, str]]:
    return db.rows(
        "SELECT st.speaker, m.content FROM session_turns st JOIN memories m ON m.id = st.memory_id ORDER BY st.position"
    )


def test_a_plan_pasted_into_a_message_stays_in_it_and_the_other_sender_is_still_you(session, tmp_path):
    report = session.import_path(_write(tmp_path / "WhatsApp Chat with Anna.txt", PLAN))
    assert report.errors == [] and report.messages == 4
    turns = _turns(session.db)
    assert [speaker for speaker, _ in turns] == ["Anna", "Tom", "Anna", "Tom"]
    assert turns[1][1] == (
        "Yes! The plan for tomorrow:\n01/01/2024, 09:00 - Breakfast: at the hotel, the terrace opens at nine\n"
        "01/01/2024, 12:00 - Lunch: Trattoria da Enzo in Trastevere"
    )
    # A third "sender" had hidden who the person is: the chat is with Anna, so Tom is you.
    assert any("messages from 'Tom' are read as yours" in w for w in report.warnings), report.warnings
    span = session.db.one("SELECT participants, messages, ended_at FROM sessions")
    assert json.loads(span["participants"]) == ["Anna", "Tom"] and span["messages"] == 4
    assert span["ended_at"] == "2023-12-31T10:06:00Z"  # not the plan's 2024-01-01


def test_a_lowercase_word_before_a_colon_between_two_is_the_message_before(session, tmp_path):
    chat = (
        "14/03/2024, 17:40 - Ola: Notes from the school meeting\n"
        "14/03/2024, 17:41 - meeting: agenda was the trip to Gdańsk and the fees\n"
        "14/03/2024, 17:45 - Piotr: Thanks, I'll pay the fee tomorrow\n"
        "15/03/2024, 08:10 - Ola: Great, the bus leaves at seven\n"
        "15/03/2024, 08:12 - Piotr: I'll tell Zosia tonight\n"
    )
    report = session.import_path(_write(tmp_path / "school.txt", chat))  # named for neither
    assert report.messages == 4
    assert _turns(session.db)[0] == (
        "Ola",
        "Notes from the school meeting\n14/03/2024, 17:41 - meeting: agenda was the trip to Gdańsk and the fees",
    )


GROUP = """\
02/05/2024, 18:00 - Ana: Who is coming to the barbecue on Saturday?
02/05/2024, 18:02 - Rui: Me, with the kids and a salad
02/05/2024, 18:03 - Marta: Count me in, I'll bring the grill charcoal
02/05/2024, 18:05 - kasia: I can come after four, is that fine?
02/05/2024, 18:06 - Ana: Sure, after four is perfect
02/05/2024, 18:07 - Rui: See you all there
02/05/2024, 18:08 - Marta: Great
"""


def test_a_groups_member_who_spoke_once_in_time_keeps_her_message(session, tmp_path):
    report = session.import_path(_write(tmp_path / "WhatsApp Chat with Barbecue.txt", GROUP))
    assert report.messages == 7
    assert ("kasia", "I can come after four, is that fine?") in _turns(session.db)


def test_an_old_message_quoted_into_a_group_chat_stays_in_the_quoting_one(session, tmp_path):
    quoted = GROUP.replace(
        "02/05/2024, 18:05 - kasia: I can come after four, is that fine?\n",
        "02/05/2024, 18:05 - Ana: Remember last year?\n03/05/2023, 21:14 - Bartek: the grill is on fire, bring water\n",
    )
    session.import_path(_write(tmp_path / "WhatsApp Chat with Barbecue.txt", quoted))
    turns = _turns(session.db)
    assert "Bartek" not in {speaker for speaker, _ in turns}
    assert ("Ana", "Remember last year?\n03/05/2023, 21:14 - Bartek: the grill is on fire, bring water") in turns


@pytest.mark.parametrize(
    "notice",
    [
        'Anna changed the subject to "Trip: Rome"',
        "Anna changed the group name to \u201cTrip: Rome\u201d",
        "Anna hat den Betreff zu \u201eTrip: Rom\u201c geändert",
        "Anna a modifié le sujet en \u00ab Trip : Rome \u00bb",
        "Anna がグループ名を「旅行: ローマ」に変更しました",
    ],
)
def test_a_notice_quoting_a_name_with_a_colon_is_no_message(notice):
    found = list(whatsapp.messages([(1, f"31/12/2023, 10:06 - {notice}\n")], "dmy"))
    assert found == []


def test_a_file_of_one_line_is_its_senders_message_whatever_the_name():
    lines = [(1, "31/12/2023, 10:00 - meeting: agenda\n")]
    found = whatsapp.survey(lines)
    assert whatsapp.strays(found, found.order) == frozenset()
    assert [(s.speaker, s.text) for s in whatsapp.messages(lines, found.order)] == [("meeting", "agenda")]


def test_the_cli_reads_a_pasted_plan_as_the_library_does(cli, tmp_path):
    path = _write(tmp_path / "WhatsApp Chat with Anna.txt", PLAN)
    out = cli("import", "--json", str(path))
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["messages"] == 4


def test_a_pasted_log_with_dates_and_no_sender_stays_in_the_message_with_its_lines(session, tmp_path):
    # "29/12/2023, 23:58 - server stopped" has no "Name: ": it read as a notice, which closed Tom's
    # message, and the log's next lines were no message's: dropped without a word.
    chat = (
        "31/12/2023, 10:00 - Anna: Why is the shop's website down?\n"
        "31/12/2023, 10:02 - Tom: The log says:\n"
        "29/12/2023, 23:58 - server stopped\n"
        "disk full on /var, 0 bytes left\n"
        "31/12/2023, 10:04 - Anna: Can you clear the old backups?\n"
        "31/12/2023, 10:05 - Anna joined using this group's invite link\n"
        "31/12/2023, 10:06 - Tom: Done, it is back up\n"
    )
    report = session.import_path(_write(tmp_path / "shop.txt", chat))
    assert report.notices == 1  # the join, in its place in time, is WhatsApp's own
    assert _turns(session.db)[1] == (
        "Tom",
        "The log says:\n29/12/2023, 23:58 - server stopped\ndisk full on /var, 0 bytes left",
    )


def test_a_message_sent_offline_hours_before_does_not_swallow_the_lines_before_it(session, tmp_path):
    # Rui wrote on a flight at 15:10 and it arrived at 18:20: WhatsApp places it when it arrived,
    # with the time it was written. Kasia's one message and the join before it keep their place.
    chat = GROUP.replace(
        "02/05/2024, 18:06 - Ana: Sure, after four is perfect\n",
        "02/05/2024, 18:05 - Marta added Kasia\n"
        "02/05/2024, 18:06 - Kasia: Hi all, thanks for adding me\n"
        "02/05/2024, 15:10 - Rui: Landing at six, I'll bring the beer\n",
    )
    report = session.import_path(_write(tmp_path / "WhatsApp Chat with Barbecue.txt", chat))
    assert report.notices == 1
    assert ("Kasia", "Hi all, thanks for adding me") in _turns(session.db)
