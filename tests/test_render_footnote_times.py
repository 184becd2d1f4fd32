"""A chat turn's footnote says when it was said to the minute, on the person's clock (wiki18): it
had said "source: <conversation> #3" and the day only, so a person with ten turns in a day could
not find the one a page cites. A day given alone (an export with no time) stays a day."""

from __future__ import annotations

import re

import quire
from wiki import render, synth


def _turn(i: int, text: str, said: str, turn: str = "person") -> synth.Mem:
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", said, None, said, said, "", turn=turn, seq=i)


def test_a_turns_footnote_gives_its_time_on_the_persons_clock(zone):
    zone("Asia/Tokyo")
    # 08:30 on 11 March in Tokyo is 23:30 on 10 March UTC
    closed = _turn(1, "We closed on the flat!", "2024-03-10T23:30:00Z")
    line = render.footnote(closed, 1)
    assert " · note · 2024-03-11 08:30" in line, line
    zone("Europe/Berlin")
    assert " · note · 2024-03-11 00:30" in render.footnote(closed, 1)


def test_two_turns_of_one_day_have_footnotes_a_person_can_tell_apart(zone):
    zone("UTC")
    first = render.footnote(_turn(1, "Booked the table.", "2024-03-10T09:05:41Z"), 1)
    second = render.footnote(_turn(2, "Booked the table.", "2024-03-10T17:40:02Z", turn="assistant"), 2)
    assert "2024-03-10 09:05" in first and "2024-03-10 17:40" in second


def test_a_day_alone_a_note_and_a_damaged_time_keep_their_day(zone):
    zone("America/Los_Angeles")
    # an export that gave the day only: stored at its UTC midnight, shown as that day, with no time
    assert " · 2024-03-05 · " in render.footnote(_turn(1, "Moved in.", "2024-03-05T00:00:00Z"), 1) + " · "
    note = synth.Mem("mem_0002", "A note.", "note", None, "active", "2024-03-05T18:30:00Z", None, "", "", "")
    assert render.footnote(note, 1).endswith(" · note · 2024-03-05")  # not a turn: the day, as before
    for damaged in ("2024-03-0x", "", "not a time", "2024-13-45T99:00:00Z", "9999-12-31T23:59:59-12:00"):
        line = render.footnote(_turn(3, "Odd.", damaged), 1)  # never a traceback, never a made-up time
        assert line.endswith(f" · note · {render._day(damaged)}"), line


def test_the_page_of_an_imported_chat_cites_each_turn_with_its_minute(tmp_path, monkeypatch, zone):
    zone("UTC")
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    chat = tmp_path / "WhatsApp Chat with Anna.txt"
    chat.write_text(
        "".join(
            f"0{day}/03/2024, {hour}:{minute} - {who}: We talked about Biscuit the dog and his walk number {n}\n"
            for n, (day, hour, minute, who) in enumerate(
                [(1, "09", "05", "Tom"), (1, "09", "47", "Anna"), (1, "18", "20", "Tom"), (2, "07", "15", "Anna")]
            )
        ),
        encoding="utf-8",
    )
    with quire.open(tmp_path / "home") as q:
        q.import_path(chat, me="Tom")
        q.rebuild()
    notes = [line for p in (tmp_path / "home" / "wiki").glob("*.md") for line in p.read_text().splitlines()]
    cited = {m.group(1) for line in notes if (m := re.match(r"\[\^m\d+\]: .* · (2024-03-0\d \d\d:\d\d) · ", line))}
    assert {"2024-03-01 09:05", "2024-03-01 09:47", "2024-03-01 18:20", "2024-03-02 07:15"} <= cited, notes
