"""WhatsApp chat files as people have them: Android's and iOS's own forms, marks, placeholders and
edit marks, a BOM, CRLF, UTF-16, an empty file, a file saved again as Latin-1. Each imports right,
or is refused in one line (exit 1) with nothing stored, alike on every route."""

from __future__ import annotations

import json

import pytest

import quire
from memory.errors import QuireError
from tests.ui_home import start

CHAT = (
    "31/12/2023, 10:00 - Anna: The fireworks start at midnight on the bridge\n"
    "31/12/2023, 10:05 - Tom: I will meet you at the bridge with the kids\n"
)
SAID = ["The fireworks start at midnight on the bridge", "I will meet you at the bridge with the kids"]

# iOS: bracketed times with seconds, its own lines and placeholders opened by a left-to-right mark,
# a narrow no-break space in the text, a deleted message, an edit mark, CRLF and a BOM.
IOS = (
    "\ufeff[31/12/2023, 10:00:00] Anna: \u200eMessages and calls are end-to-end encrypted.\r\n"
    "\u200e[31/12/2023, 10:00:02] Anna: \u200eimage omitted\r\n"
    "[31/12/2023, 10:00:05] Anna: The fireworks start at midnight on the bridge\r\n"
    "[31/12/2023, 10:01:00] Tom: I\u2019ll bring the kids\u202fand the dog to the bridge\r\n"
    "\u200e[31/12/2023, 10:02:00] Tom: \u200eThis message was deleted.\r\n"
    "[31/12/2023, 10:03:00] Anna: See you there, by the lamp post on the left <This message was edited>\r\n"
)


TURNS = "SELECT m.content FROM session_turns st JOIN memories m ON m.id = st.memory_id ORDER BY st.position, st.part"


def _contents(db) -> list[str]:
    return [c for (c,) in db.rows(TURNS)]


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(CHAT.encode("utf-8"), id="utf-8"),
        pytest.param(b"\xef\xbb\xbf" + CHAT.replace("\n", "\r\n").encode("utf-8"), id="bom-crlf"),
        pytest.param(CHAT.encode("utf-16"), id="utf-16-bom"),
        pytest.param(b"\xfe\xff" + CHAT.encode("utf-16-be"), id="utf-16-be-bom"),
    ],
)
def test_an_android_chat_in_any_encoding_whatsapp_or_a_phone_writes_lands_alike(session, tmp_path, raw):
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_bytes(raw)
    report = session.import_path(path)
    assert (report.errors, report.stored) == ([], 2)
    assert sorted(_contents(session.db)) == sorted(SAID)


def test_an_ios_chat_keeps_only_words_people_said(session, tmp_path):
    path = tmp_path / "WhatsApp Chat - Anna.txt"
    path.write_text(IOS, encoding="utf-8")
    report = session.import_path(path)
    assert report.errors == [] and report.notices == 1 and report.empty == 2
    assert _contents(session.db) == [
        "The fireworks start at midnight on the bridge",
        "I\u2019ll bring the kids\u202fand the dog to the bridge",
        "See you there, by the lamp post on the left",
    ]


def test_a_long_message_of_many_lines_is_one_message(session, tmp_path):
    recipe = "\n".join(f"Step {n}: stir the sauce for a minute and taste it again" for n in range(1, 3001))
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_text(f"31/12/2023, 10:00 - Anna: Grandma's recipe:\n{recipe}\n{CHAT}", encoding="utf-8")
    report = session.import_path(path)
    assert report.errors == [] and report.messages == 3
    first = session.db.rows("SELECT speaker, count(*) FROM session_turns WHERE position = 0 GROUP BY speaker")
    assert first == [("Anna", first[0][1])]  # one message, in as many parts as it is long
    assert "Step 3000: stir" in "".join(_contents(session.db))


LATIN = (
    "31/12/2023, 10:00 - Anna: Café à la crème sur le pont à minuit\n31/12/2023, 10:05 - Tom: Oui, à demain\n"
).encode("latin-1")


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        pytest.param(b"", "is empty", id="empty"),
        pytest.param(b"\n \n", "holds no WhatsApp message", id="blank"),
        pytest.param(LATIN, "not UTF-8 text (byte 0xe9 at offset 29", id="latin-1"),
        pytest.param(CHAT.encode("utf-8") + b"31/12/2023, 10:09 - Anna: caf\xe9\n", "not UTF-8 text", id="a-bad-byte"),
    ],
)
def test_a_file_that_is_no_chat_is_refused_in_one_line_on_every_route_and_nothing_lands(
    cli, session, quire_home, tmp_path, raw, said
):
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_bytes(raw)
    out = cli("import", "--format", "whatsapp", str(path))
    assert out.exit_code == 1 and said in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
    with quire.open(quire_home) as q, pytest.raises(QuireError, match=said.replace("(", r"\(")):
        q.import_path(path, format="whatsapp")
    running = start()
    try:
        out = cli("import", "--format", "whatsapp", "--json", str(path))
        assert out.exit_code == 1 and said in out.stderr, out.stderr
    finally:
        running.stop()
    assert session.db.scalar("SELECT count(*) FROM memories") == 0
    assert session.db.scalar("SELECT count(*) FROM sessions") == 0


def test_the_service_reads_a_bom_and_crlf_chat_as_the_library_does(cli, quire_home, tmp_path):
    path = tmp_path / "WhatsApp Chat with Anna.txt"
    path.write_bytes(b"\xef\xbb\xbf" + CHAT.replace("\n", "\r\n").encode("utf-8"))
    running = start()
    try:
        out = cli("import", "--json", str(path))
        assert out.exit_code == 0, out.stderr
        assert running.svc.requests > 0
    finally:
        running.stop()
    assert json.loads(out.stdout)["stored"] == 2
