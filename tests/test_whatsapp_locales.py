"""WhatsApp chats as phones in other languages write them: 12-hour clocks marked before the time
(Japanese 午前/午後, Korean 오전/오후, Chinese 上午/下午) or after it in Arabic (ص/م) and Spanish
(a. m./p. m.), an Arabic phone's right-to-left marks between the date's numbers, and each such chat
told from its lines, imported, and imported again without a second copy."""

from __future__ import annotations

import pytest

from memory import chats, whatsapp

CASES = [
    # Spanish: "p. m." with a no-break space, or a narrow one.
    ("30/12/23, 9:15\u202fp.\u00a0m. - Ana: ¿Vienes?", "dmy", "Ana", "2023-12-30T21:15:00"),
    ("31/12/23, 12:02 a. m. - Rui: Sí", "dmy", "Rui", "2023-12-31T00:02:00"),
    # Japanese Android: the half of the day before the hour.
    ("2023/12/30 午後9:15 - 花子: 来ますか", "ymd", "花子", "2023-12-30T21:15:00"),
    ("2023/12/31 午前0:05 - 太郎: はい", "ymd", "太郎", "2023-12-31T00:05:00"),
    ("2023. 12. 30. 오후 9:15 - 민수: 안녕", "ymd", "민수", "2023-12-30T21:15:00"),
    ("2023/12/30 下午9:15 - 小明: 你好", "ymd", "小明", "2023-12-30T21:15:00"),
    # Arabic: right-to-left marks between the date's numbers, ص (AM) and م (PM) after the time.
    ("\u200f30\u200f/12\u200f/2023 9:15 م - \u200fأحمد: هل ستأتي", "dmy", "أحمد", "2023-12-30T21:15:00"),
    ("\u200f31\u200f/12\u200f/2023 10:02 ص - سارة: نعم", "dmy", "سارة", "2023-12-31T10:02:00"),
    # Arabic-Indic digits.
    ("٣٠/١٢/٢٠٢٣ ٩:١٥ م - أحمد: مرحبا", "dmy", "أحمد", "2023-12-30T21:15:00"),
]


@pytest.mark.parametrize(("line", "order", "speaker", "time"), CASES)
def test_a_header_in_another_language_is_a_message_at_its_time(line, order, speaker, time):
    assert whatsapp.looks_like(line + "\n")
    found = list(whatsapp.messages([(1, line + "\n")], order))
    assert [(s.speaker, s.time) for s in found] == [(speaker, time)]


def test_an_arabic_chat_is_told_and_imported_once(session, tmp_path):
    path = tmp_path / "WhatsApp Chat with أحمد.txt"
    path.write_text(
        "\u200f30\u200f/12\u200f/2023 9:15 م - \u200fأحمد: هل ستأتي إلى الحفلة يوم السبت مساء مع العائلة؟\n"
        "\u200f31\u200f/12\u200f/2023 10:02 ص - سارة: نعم سأحضر كعكة الليمون والنبيذ والجبن معي\n",
        encoding="utf-8",
    )
    assert chats.detect_format(path) == "whatsapp"
    report = session.import_path(path, timezone="UTC")
    assert (report.stored, report.errors) == (2, [])
    times = [t for (t,) in session.db.rows("SELECT valid_from FROM memories ORDER BY valid_from")]
    assert times == ["2023-12-30T21:15:00Z", "2023-12-31T10:02:00Z"]
    assert session.import_path(path, timezone="UTC").stored == 0


def test_a_japanese_chat_is_told_and_imported_once(session, tmp_path):
    path = tmp_path / "WhatsApp Chat with 花子.txt"
    path.write_text(
        "2023/12/30 午後9:15 - 花子: 土曜日のパーティーに来ますか？ケーキを持ってきてね\n"
        "2023/12/31 午前10:02 - 太郎: はい、レモンケーキとワインを持っていきます\n",
        encoding="utf-8",
    )
    assert chats.detect_format(path) == "whatsapp"
    report = session.import_path(path, timezone="Asia/Tokyo")
    assert (report.stored, report.errors) == (2, [])
    times = [t for (t,) in session.db.rows("SELECT valid_from FROM memories ORDER BY valid_from")]
    assert times == ["2023-12-30T12:15:00Z", "2023-12-31T01:02:00Z"]
    assert session.import_path(path, timezone="Asia/Tokyo").stored == 0


def test_lines_that_open_with_a_date_but_no_time_stay_in_their_message(session, tmp_path):
    path = tmp_path / "WhatsApp Chat with Rui.txt"
    path.write_bytes(
        (
            "\ufeff30/12/2023, 21:15 - Ana: The plan for the trip is:\r\n31/12/2023 we drive to Porto\r\n"
            "01/01/2024 - back home by night\r\n30/12/2023, 21:20 - Rui: Sounds great, I will book the hotel\r\n"
        ).encode()
    )
    assert session.import_path(path).stored == 2
    texts = [c for (c,) in session.db.rows("SELECT content FROM memories ORDER BY valid_from")]
    assert texts[0] == "The plan for the trip is:\n31/12/2023 we drive to Porto\n01/01/2024 - back home by night"
