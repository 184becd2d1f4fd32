"""About me names the current partner once: the partner reading's Now line (with since and was)
is not repeated by the word last used for them ("Fiancé: Ray" beside "Partner: Ray"), and a
fiancé still so called after the wedding is not listed as a fiancé."""

from __future__ import annotations

from tests.conftest import about_now, chat_turns


def _partner_lines(now: str) -> list[str]:
    words = ("Partner", "Fiancé", "Fiance", "Fiancée", "Husband", "Wife", "Girlfriend", "Boyfriend")
    return [line for line in now.splitlines() if any(line.startswith(f"- **{w}**") for w in words)]


def test_a_fiance_named_after_a_husband_is_the_one_partner_line(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2022-03-01T10:00:00Z", "my husband Héctor wants the kids on weekends, help me write the schedule."),
            ("2024-05-01T10:00:00Z", "my fiancé Ray and I are looking at venues in Winter Park, what should I ask."),
        ],
    )
    cli_json("import", str(path))
    lines = _partner_lines(about_now(cli_json))
    assert len(lines) == 1, lines
    assert "Ray" in lines[0] and "was Héctor" in lines[0], lines


def test_control_a_later_girlfriend_is_the_one_partner_named(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "my girlfriend ana and I went to the coast for the weekend, it rained."),
            ("2024-01-02T10:00:00Z", "my girlfriend Maria says hi, we just got back from the coast, it rained."),
            ("2024-02-02T10:00:00Z", "my son piotr started school and my son Jan started nursery this week."),
        ],
    )
    cli_json("import", str(path))
    lines = _partner_lines(about_now(cli_json))
    assert len(lines) == 1 and ": Maria" in lines[0] and ": Ana" not in lines[0], lines


def test_the_partner_line_says_the_word_they_are_called_and_after_a_wedding_no_fiance(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "my fiancé Arjun and I are booking the venue in Bangalore for december."),
            ("2023-12-20T10:00:00Z", "we got married last week!! help me write thank you notes to the guests."),
            ("2024-02-02T10:00:00Z", "my fiancé Arjun still forgets the bins, write him a funny reminder note."),
        ],
    )
    cli_json("import", str(path))
    lines = _partner_lines(about_now(cli_json))
    assert len(lines) == 1 and lines[0].startswith("- **Partner**: Arjun"), lines


def test_control_a_wife_named_is_the_wife_line_with_its_day(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-01-02T10:00:00Z", "my wife Anna wants to repaint the kitchen, which colours go with oak?"),
            ("2023-02-02T10:00:00Z", "my daughter Zosia started nursery this week, she loves it."),
        ],
    )
    cli_json("import", str(path))
    lines = _partner_lines(about_now(cli_json))
    assert len(lines) == 1 and lines[0].startswith("- **Wife**: Anna, since 2023-01-02"), lines
