"""WhatsApp's exported chats in: Android's .txt and iOS's zip, the date order told from the file,
nobody's words (system lines, media placeholders) left out, bad lines reported while the rest lands."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from memory import chats, whatsapp

ANDROID = """\
12/30/23, 9:15 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, \
can read or listen to them. Tap to learn more.
12/30/23, 9:15 PM - Anna Kowalska: Are you coming to the party on Saturday?
12/30/23, 9:17 PM - Tom: Yes! I'll bring the lemon cake
and a bottle of the Portuguese wine
12/31/23, 10:02 AM - Anna Kowalska: <Media omitted>
12/31/23, 10:03 AM - Anna Kowalska: The party is at my new flat in Lisbon, Rua das Flores 12 <This message was edited>
1/2/24, 8:00 AM - Tom added Ben
1/2/24, 12:05 AM - Tom: My new job at Acme starts on Monday, wish me luck
"""

# iOS: the zip's _chat.txt, day-first with seconds, its own lines marked with a left-to-right mark,
# a number not in the contacts wrapped in bidi marks, a non-contact's name after "~ ".
IOS = (
    "\ufeff[28.11.23, 18:40:12] Family: \u200eMessages and calls are end-to-end encrypted.\n"
    "[28.11.23, 18:41:03] Mama: Grandma's birthday dinner is on the 9th at Casa Mia\n"
    "[28.11.23, 18:42:30] \u202a+48 601 234 567\u202c: Which Casa Mia, the one on Długa street?\n"
    "\u200e[28.11.23, 18:43:01] Mama: \u200eimage omitted\n"
    "[29.11.23, 07:02:45] ~\u202fKasia: I'll book the table for eight people at seven\n"
)


def _turns(db) -> list[tuple]:
    return db.rows(
        "SELECT s.title, st.position, st.speaker, m.content, m.valid_from FROM session_turns st "
        "JOIN sessions s ON s.id = st.session_id JOIN memories m ON m.id = st.memory_id ORDER BY st.position"
    )


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_an_android_chat_lands_as_a_session_between_its_senders(session, tmp_path):
    path = _write(tmp_path / "WhatsApp Chat with Anna Kowalska.txt", ANDROID)
    assert chats.detect_format(path) == "whatsapp"
    report = session.import_path(path)
    assert (report.format, report.errors, report.conversations, report.messages) == ("whatsapp", [], 1, 5)
    assert report.empty == 1  # the media placeholder; the system lines are nobody's message
    assert _turns(session.db) == [
        ("Anna Kowalska", 0, "Anna Kowalska", "Are you coming to the party on Saturday?", "2023-12-30T21:15:00Z"),
        (
            "Anna Kowalska",
            1,
            "Tom",
            "Yes! I'll bring the lemon cake\nand a bottle of the Portuguese wine",
            "2023-12-30T21:17:00Z",
        ),
        (
            "Anna Kowalska",
            3,
            "Anna Kowalska",
            "The party is at my new flat in Lisbon, Rua das Flores 12",
            "2023-12-31T10:03:00Z",
        ),
        ("Anna Kowalska", 4, "Tom", "My new job at Acme starts on Monday, wish me luck", "2024-01-02T00:05:00Z"),
    ]
    # Between people: each sender is the entity of their turns, the turn before is the cue.
    named = session.db.rows(
        "SELECT e.name, count(*) FROM memory_entities me JOIN entities e ON e.id = me.entity_id GROUP BY e.name"
    )
    assert dict(named) == {"Anna Kowalska": 2, "Tom": 2}
    again = session.import_path(path)
    assert (again.stored, again.duplicates) == (0, 4)


def test_an_ios_zip_is_read_by_its_chat_text_without_its_own_marks(session, tmp_path):
    path = tmp_path / "WhatsApp Chat - Family.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("_chat.txt", IOS)
        archive.writestr("00000012-PHOTO-2023-11-28-18-43-01.jpg", b"\xff\xd8\xff")
    assert chats.detect_format(path) == "whatsapp"
    report = session.import_path(path)
    assert report.errors == []
    assert not [w for w in report.warnings if "invisible" in w]  # its own marks are no characters removed
    assert [(t[0], t[2], t[4]) for t in _turns(session.db)] == [
        ("Family", "Mama", "2023-11-28T18:41:03Z"),
        ("Family", "+48 601 234 567", "2023-11-28T18:42:30Z"),
        ("Family", "Kasia", "2023-11-29T07:02:45Z"),
    ]
    assert report.empty == 1


@pytest.mark.parametrize(
    ("lines", "first"),
    [
        (["13/01/24, 09:00 - A: one", "01/02/24, 09:00 - B: two"], "2024-01-13T09:00:00"),  # 13 is a day
        (["01/13/24, 09:00 - A: one", "02/01/24, 09:00 - B: two"], "2024-01-13T09:00:00"),  # 13 is a day
        # Every date reads both ways: the order under which the chat runs forward is the one.
        (["01/12/23, 09:00 - A: one", "02/01/23, 09:00 - B: two"], "2023-01-12T09:00:00"),  # not 1 Dec, then 2 Jan
        (["12/01/23, 09:00 - A: one", "01/02/23, 09:00 - B: two"], "2023-01-12T09:00:00"),  # not 1 Dec, then 2 Jan
        (["2024-01-13 09:00 - A: one"], "2024-01-13T09:00:00"),
        (["[2024/01/13, 9:00:05 PM] A: one"], "2024-01-13T21:00:05"),
        (["1/13/24, 12:30\u202fAM - A: one"], "2024-01-13T00:30:00"),
    ],
)
def test_the_date_order_is_told_from_the_file(lines, first):
    numbered = list(enumerate([line + "\n" for line in lines], 1))
    survey = whatsapp.survey(numbered)
    assert not survey.guessed
    assert next(iter(whatsapp.messages(numbered, survey.order))).time == first


def test_dates_that_read_both_ways_are_read_day_first_and_said_so(session, tmp_path):
    path = _write(tmp_path / "chat.txt", "03/04/24, 10:00 - Ana: We land at 10 in Porto\n03/04/24, 10:05 - Rui: ok\n")
    report = session.import_path(path)
    assert any("day-first" in w and "month-first" in w for w in report.warnings)
    assert _turns(session.db)[0][4] == "2024-04-03T10:00:00Z"


def test_a_line_that_is_no_moment_keeps_its_message_and_says_why(session, tmp_path):
    text = (
        "31/01/24, 10:00 - Ana: The plumber comes on Friday morning\n"
        "30/02/24, 10:00 - Rui: The invoice for the boiler is in the drawer\n"  # no 30 February
        "31/01/24, 13:00 PM - Ana: The spare key is under the blue flower pot\n"  # 13 PM
        "31/01/99, 10:00 - Rui: Nothing here happened in 2099, this line is from the future\n"
    )
    report = session.import_path(_write(tmp_path / "chat.txt", text))
    assert report.stored == 4 and report.errors == []
    warned = " ".join(report.warnings)
    assert "2024-02-30" in warned and "12-hour clock" in warned and "in the future" in warned
    days = [t[4] for t in _turns(session.db)]
    assert days == ["2024-01-31T10:00:00Z"] * 4  # the chat's first time stands in


def test_bad_input_is_refused_in_a_line_naming_the_fix(cli, tmp_path):
    empty = _write(tmp_path / "empty.txt", "")
    system_only = _write(tmp_path / "sys.txt", "12/30/23, 9:15 PM - Messages and calls are end-to-end encrypted.\n")
    prose = _write(tmp_path / "notes.txt", "Shopping: milk, eggs\nCall the dentist\n")
    result = cli("import", str(empty))
    assert result.exit_code == 1 and "empty" in result.stderr
    result = cli("import", "--format", "whatsapp", str(system_only))
    assert result.exit_code == 1
    assert "holds no WhatsApp message" in result.stderr and "Export chat" in result.stderr
    result = cli("import", str(prose))
    assert result.exit_code == 1 and "--format chatgpt|claude|whatsapp" in result.stderr
    zipped = tmp_path / "photos.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("IMG_0001.jpg", b"\xff\xd8")
    result = cli("import", str(zipped))
    assert result.exit_code == 1 and "_chat.txt" in result.stderr


def test_hostile_lines_cost_only_themselves(session, tmp_path, monkeypatch):
    monkeypatch.setattr(chats, "MAX_LINE_BYTES", 4096)
    text = (
        "01/31/24, 10:00 - Ana: Before the long line\x00 with a NUL\n"
        + "x" * 10_000
        + "\n"
        + "01/31/24, 10:01 - Rui: After the long line, the meeting moved to Thursday\n"
        + "01/31/24, 10:02 - "
        + "N" * 200
        + ": a sender name no one has\n"
        + "01/31/24, 10:03 - Ana: 東京の会議は木曜日に移りました 🎉\n"
    )
    path = tmp_path / "chat.txt"
    path.write_bytes(text.encode("utf-8"))
    report = session.import_path(path, format="whatsapp")
    assert any(":2: a line over the 4,096-byte limit" in e for e in report.errors)
    contents = [t[3] for t in _turns(session.db)]
    assert contents == [
        "Before the long line with a NUL",
        "After the long line, the meeting moved to Thursday",
        "東京の会議は木曜日に移りました 🎉",
    ]


def test_a_later_export_of_the_same_chat_adds_only_what_is_new(session, tmp_path):
    first = tmp_path / "june" / "WhatsApp Chat with Anna Kowalska.txt"
    first.parent.mkdir()
    _write(first, ANDROID)
    session.import_path(first)
    later = tmp_path / "july" / "WhatsApp Chat with Anna Kowalska.txt"
    later.parent.mkdir()
    _write(later, ANDROID + "1/3/24, 9:00 AM - Anna Kowalska: The housewarming moved to the 20th\n")
    report = session.import_path(later)
    assert (report.stored, report.duplicates) == (1, 4)
    assert session.db.scalar("SELECT count(*) FROM memories WHERE status = 'active'") == 5


CHATTY = [
    "01/05/24, 18:00 - Ana: See you at the climbing gym tomorrow at six",
    "01/05/24, 18:01 - Rui: See you at the gym tomorrow, I will bring the rope",
    "01/06/24, 18:00 - Ana: See you at the climbing gym on Friday at six instead",
    "01/06/24, 18:01 - Rui: See you at the gym on Friday, I will bring the rope again",
]


def test_a_later_export_that_dropped_the_oldest_messages_edits_nothing(session, tmp_path):
    # A chat past WhatsApp's export limit loses its oldest messages, so every place shifts: a
    # message now at a place where a like-worded one was is not its edit (WhatsApp marks edits).
    path = _write(tmp_path / "chat.txt", "\n".join(CHATTY) + "\n")
    session.import_path(path)
    _write(path, "\n".join(CHATTY[2:]) + "\n01/07/24, 09:00 - Ana: See you at the climbing gym on Sunday at six then\n")
    report = session.import_path(path)
    assert report.stored == 1 and report.errors == []
    assert session.db.scalar("SELECT count(*) FROM memories WHERE status = 'active'") == 5
    assert session.db.scalar("SELECT count(*) FROM memories WHERE supersedes IS NOT NULL") == 0
    # Each message keeps its place: the new one follows the old four, where its context is.
    said = [line.split(": ", 1)[1] for line in CHATTY] + ["See you at the climbing gym on Sunday at six then"]
    assert [(t[1], t[3]) for t in _turns(session.db)] == list(enumerate(said))
    again = session.import_path(path)  # and a re-run of the later export adds nothing
    assert (again.stored, again.errors) == (0, [])


def test_a_message_whatsapp_marks_as_edited_supersedes_the_old_text(session, tmp_path):
    path = _write(tmp_path / "chat.txt", "\n".join(CHATTY) + "\n")
    session.import_path(path)
    edited = [*CHATTY[:2], CHATTY[2].replace("on Friday", "on Saturday") + " <This message was edited>", CHATTY[3]]
    _write(path, "\n".join(edited) + "\n")
    report = session.import_path(path)
    assert report.stored == 1
    old = session.db.rows("SELECT content, status FROM memories WHERE content LIKE '%Friday at six instead'")
    assert [status for _, status in old] == ["superseded"]
    assert session.db.scalar("SELECT count(*) FROM memories WHERE status = 'active' AND content LIKE '%Saturday%'") == 1


def test_a_long_chat_is_handed_on_in_slices_with_one_verdict_between_people(session, tmp_path, monkeypatch):
    monkeypatch.setattr(chats, "SLICE", 7)
    said = [f"{'Ana' if i % 2 else 'Rui'}: on day {i} we paint the fence" for i in range(30)]
    lines = [f"01/{1 + i // 24:02d}/24, {i % 24:02d}:00 - {text}" for i, text in enumerate(said)]
    report = session.import_path(_write(tmp_path / "chat.txt", "\n".join(lines) + "\n"))
    assert (report.conversations, report.messages, report.stored) == (1, 30, 30)
    cues = session.db.rows("SELECT retrieval_cue FROM memories m JOIN session_turns st ON st.memory_id = m.id")
    # every turn but the first has the one before as its cue, across slices; each names its own speaker
    assert sum(1 for (c,) in cues if "\n" in c) == 29 and all(c.endswith(("Ana:", "Rui:")) for (c,) in cues)


def test_titles_come_from_the_file_names_whatsapp_gives():
    assert whatsapp.title("WhatsApp Chat with Anna Kowalska.txt") == "Anna Kowalska"
    assert whatsapp.title("WhatsApp-Chat mit Oma.txt") == "Oma"
    assert whatsapp.title("Chat de WhatsApp con Lucía.txt") == "Lucía"
    assert whatsapp.title("WhatsApp Chat - Family.zip", "_chat.txt") == "Family"
    assert whatsapp.title("holiday.txt") == "holiday"


def test_a_survey_of_many_senders_holds_a_few():
    lines = ((i, f"01/31/24, 10:00 - Sender {i}: hello there\n") for i in range(1, 200_001))
    survey = whatsapp.survey(lines)
    assert survey.messages == 200_000 and len(survey.speakers) == 3


LIFE = [
    "03/01/24, 09:00 - Anna: I live in Kraków and I love it here",
    "03/01/24, 09:05 - Tom: I live in Porto, by the river",
    "09/01/24, 10:00 - Anna: How is the new place?",
    "09/01/24, 10:02 - Tom: I live in Lisbon now, the flat is great",
]


def _life_chat(tmp_path: Path) -> Path:
    return _write(tmp_path / "WhatsApp Chat with Anna.txt", "\n".join(LIFE) + "\n")


def _typed(db) -> dict[str, str]:
    return dict(db.rows("SELECT content, memory_type FROM memories WHERE status != 'forgotten'"))


@pytest.mark.parametrize("me", ["Tom", "tom", " ＴＯＭ ", "Tom\u200b"])
def test_me_names_whose_turns_are_the_persons_own_life(session, tmp_path, me):
    # Between people nobody's turn was read as the person's: "I live in Lisbon now" said by the
    # person who exported the chat changed nothing in About me.
    report = session.import_path(_life_chat(tmp_path), me=me)
    typed = _typed(session.db)
    assert typed["I live in Lisbon now, the flat is great"] != "note"
    assert typed["I live in Porto, by the river"] != "note"
    assert typed["I live in Kraków and I love it here"] == "note"  # Anna's life is not the person's
    assert any("Lisbon" in line for line in report.changes)


def test_without_me_nobodys_turn_is_read_as_the_persons(session, tmp_path):
    # (a file named for neither sender: "WhatsApp Chat with Anna.txt" says the other one is you)
    chat = _write(tmp_path / "chat.txt", "\n".join(LIFE) + "\n")
    report = session.import_path(chat)
    assert set(_typed(session.db).values()) == {"note"} and report.changes == []


def test_without_me_a_chat_named_for_anna_reads_the_other_sender_as_the_person(session, tmp_path):
    report = session.import_path(_life_chat(tmp_path))
    typed = _typed(session.db)
    assert typed["I live in Lisbon now, the flat is great"] != "note"
    assert typed["I live in Kraków and I love it here"] == "note"  # Anna's life is not the person's
    assert any("Lisbon" in line for line in report.changes)


def test_me_is_checked_on_every_route_before_anything_is_read(cli, session, quire_home, tmp_path):
    import quire

    path = _life_chat(tmp_path)
    for bad, said in [
        ("", "is empty"),
        ("\x00\u200b", "is empty"),
        ("x" * 121, "is longer than 120 characters; give your name"),
    ]:
        out = cli("import", "--me", bad, str(path))
        # The library's, the service's and MCP's line, naming the flag typed (`--me:`), exit 2.
        assert out.exit_code == 2 and said in out.stderr and "invalid import parameters: --me: " in out.stderr, (
            out.stderr
        )
        with quire.open(quire_home) as q:
            with pytest.raises(Exception, match=said):
                q.import_path(path, me=bad)
            with pytest.raises(Exception, match=said):
                q.run("import", path=str(path), me=bad)
    notes = _write(tmp_path / "n.jsonl", '{"content": "The boiler was serviced in March by Jan"}\n')
    out = cli("import", "--me", "Tom", str(notes))
    assert out.exit_code == 2 and "--me applies to a chat export" in out.stderr
    assert session.db.scalar("SELECT count(*) FROM memories") == 0


def test_a_me_no_sender_has_is_said(session, tmp_path):
    report = session.import_path(_life_chat(tmp_path), me="Thomas")
    assert any("no message is from 'Thomas'" in w for w in report.warnings)


def test_me_says_nothing_of_a_chat_with_an_assistant(session, tmp_path):
    chat = [{"conversation": "plans", "role": "user", "text": "I live in Lisbon now and I love the light here"}]
    path = _write(tmp_path / "chat.jsonl", "\n".join(json.dumps(line) for line in chat) + "\n")
    report = session.import_path(path, me="Tom")
    assert not [w for w in report.warnings if "no message is from" in w]


@pytest.mark.parametrize(
    ("said", "text", "edited"),
    [
        ("Ana: The plumber comes on Friday <This message was edited>", "The plumber comes on Friday", True),
        ("Ana: Er kommt am Freitag <Diese Nachricht wurde bearbeitet>", "Er kommt am Freitag", True),
        ("Ana: Use <br> for a line break", "Use <br> for a line break", False),
        ("Ana: the tag ends the line <b>", "the tag ends the line <b>", False),
        ("Ana: closing it here </b>", "closing it here </b>", False),
        ("Ana: I <3 you", "I <3 you", False),
    ],
)
def test_the_edit_mark_is_a_phrase_in_brackets_in_any_language(said, text, edited):
    numbered = [(1, f"01/31/24, 10:00 - {said}\n")]
    found = next(iter(whatsapp.messages(numbered, "mdy")))
    assert (found.text, found.edited) == (text, edited)


def test_a_media_placeholder_is_no_edit():
    found = next(iter(whatsapp.messages([(1, "01/31/24, 10:00 - Ana: <Media omitted>\n")], "mdy")))
    assert (found.text, found.edited) == ("", False)


BOTH_WAYS = (
    "03/04/24, 10:00 - Ana: We land at 10 in Porto\n03/04/24, 10:05 - Rui: I will wait at arrivals with the car\n"
)


@pytest.mark.parametrize(("order", "day"), [("mdy", "2024-03-04T10:00:00Z"), ("dmy", "2024-04-03T10:00:00Z")])
def test_date_order_says_how_a_chat_that_reads_both_ways_is_read(session, tmp_path, order, day):
    report = session.import_path(_write(tmp_path / "chat.txt", BOTH_WAYS), date_order=order)
    assert report.errors == [] and not [w for w in report.warnings if "day-first" in w]
    assert _turns(session.db)[0][4] == day


def test_date_order_is_the_same_on_every_route(cli, session, quire_home, tmp_path):
    import quire

    path = _write(tmp_path / "chat.txt", BOTH_WAYS)
    out = cli("import", "--date-order", "mdy", "--json", str(path))
    assert out.exit_code == 0, out.stderr
    assert not [w for w in json.loads(out.stdout)["warnings"] if "day-first" in w]
    days = session.db.rows("SELECT valid_from FROM memories ORDER BY valid_from")
    assert {d for (d,) in days} == {"2024-03-04T10:00:00Z", "2024-03-04T10:05:00Z"}
    with quire.open(quire_home) as q, pytest.raises(Exception, match="dmy, mdy or ymd"):
        q.run("import", path=str(path), date_order="myd")
    out = cli("import", "--date-order", "myd", str(path))
    assert out.exit_code == 2 and "dmy, mdy or ymd" in out.stderr


def test_a_date_order_the_dates_cannot_have_is_refused_and_nothing_stored(cli, session, tmp_path):
    path = _write(tmp_path / "chat.txt", "31/01/24, 10:00 - Ana: The plumber comes on Friday\n")
    with pytest.raises(Exception, match=r"cannot be read as mdy.*they read as dmy"):
        session.import_path(path, date_order="mdy")
    out = cli("import", "--date-order", "ymd", str(path))
    assert out.exit_code == 1 and "cannot be read as ymd" in out.stderr and "--date-order" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert session.db.scalar("SELECT count(*) FROM memories") == 0


def test_date_order_is_refused_where_it_does_not_apply_on_every_route(cli, session, quire_home, tmp_path):
    import quire

    chat = _write(tmp_path / "chat.jsonl", json.dumps({"conversation": "c", "text": "We fly to Porto on 03/04"}) + "\n")
    notes = _write(tmp_path / "n.jsonl", '{"content": "The boiler was serviced in March by Jan"}\n')
    for path in (chat, notes):
        out = cli("import", "--date-order", "dmy", str(path))
        assert out.exit_code == 2 and "--date-order applies to a WhatsApp chat" in out.stderr, out.stderr
        refused = pytest.raises(Exception, match="--date-order applies to a WhatsApp chat")
        with quire.open(quire_home) as q, refused:
            q.import_path(path, date_order="dmy")
    assert session.db.scalar("SELECT count(*) FROM memories") == 0


@pytest.mark.parametrize(
    "placeholder",
    [
        "Bild weggelassen",
        "Diese Nachricht wurde gelöscht.",
        "image absente",
        "imagen omitida",
        "imagem ocultada",
        "figurinha omitida",
        "immagine omessa",
        "afbeelding weggelaten",
        "изображение отсутствует",
        "стикер не добавлен",
    ],
)
def test_ios_media_placeholders_in_other_languages_are_nobodys_words(session, tmp_path, placeholder):
    text = (
        "[28.11.23, 18:41:03] Mama: Grandma's birthday dinner is on the 9th at Casa Mia\n"
        f"[28.11.23, 18:43:01] Mama: \u200e{placeholder}\n"  # as iOS writes it, after a left-to-right mark
        f"[28.11.23, 18:44:01] Kasia: {placeholder}\n"  # and without the mark
        "[29.11.23, 07:02:45] Kasia: I'll book the table for eight people at seven\n"
    )
    report = session.import_path(_write(tmp_path / "chat.txt", text), format="whatsapp", keep_all=True)
    assert (report.messages, report.empty, report.errors) == (4, 2, [])
    assert [t[3] for t in _turns(session.db)] == [
        "Grandma's birthday dinner is on the 9th at Casa Mia",
        "I'll book the table for eight people at seven",
    ]


def test_words_like_a_placeholder_are_still_a_message():
    for said in ("Zucker weggelassen", "the image omitted from the slides", "Bild weggelassen, sorry"):
        found = next(iter(whatsapp.messages([(1, f"01/31/24, 10:00 - Ana: {said}\n")], "mdy")))
        assert found.text == said


def test_an_ios_chat_unpacked_from_its_zip_is_told_a_whatsapp_chat(session, tmp_path):
    # iOS's _chat.txt opens with "[": it had been taken for a JSON list, and read as JSONL lines.
    path = _write(tmp_path / "_chat.txt", IOS)
    assert chats.detect_format(path) == "whatsapp"
    report = session.import_path(path)
    assert (report.format, report.errors, report.stored) == ("whatsapp", [], 3)


def test_whatsapps_own_notices_are_counted_never_stored(session, tmp_path):
    path = _write(tmp_path / "WhatsApp Chat with Anna Kowalska.txt", ANDROID)
    report = session.import_path(path)
    assert report.notices == 2  # "Messages and calls are end-to-end encrypted", "Tom added Ben"
    assert not session.db.scalar("SELECT count(*) FROM memories WHERE content LIKE '%encrypted%'")
    assert session.import_path(path).notices == 2


def test_a_chat_named_for_anna_is_read_twice_not_three_times_to_tell_who_you_are(session, tmp_path, monkeypatch):
    # The survey that tells the date order also gives the senders the other one is picked from.
    reads = []
    real = chats._text_lines

    def counted(source, report=None, **how):
        reads.append(source.name)
        return real(source, report, **how)

    monkeypatch.setattr(chats, "_text_lines", counted)
    report = session.import_path(_life_chat(tmp_path))
    assert any("messages from 'Tom' are read as yours" in w for w in report.warnings)
    assert reads == ["WhatsApp Chat with Anna.txt"] * 2
