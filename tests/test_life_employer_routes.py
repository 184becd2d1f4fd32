"""After "I work at Google", what a person says next queues a change of employer or not, the same by every route their
words come in: the CLI's capture, the library, three import formats and a WhatsApp chat. A student's school is no
job (session 51: "I'm a grad student at Stanford" queued Google as replaced by Stanford); a job said "been at" or
"employed by" is one (session 52: "I've been at Monzo for two years" read a bank, "I'm employed by Acme" nothing), and
so is a job taken (session 53: "I got a job as a barista at Starbucks" read nothing); "I left NYC last year" is a move
(it read the employer "left nyc")."""

from __future__ import annotations

from pathlib import Path

import pytest

import quire
from tests.import_formats import whatsapp_said, write
from tests.lifesaid import employer_changes, review_items

OLD = "I work at Google on the search team."
ROUTED = [
    ("I'm a grad student at Stanford these days", False),  # session 51: a school, no job
    ("I'm a software engineer at Stripe these days", True),  # control: a job elsewhere replaces Google
    ("I've been at Monzo for two years now", True),  # session 52: the reproduction, a change of job
    ("I'm employed by Acme these days", True),
    ("I've been with Monzo for two years now", False),  # control: a bank's customer
    ("I left NYC last year", False),  # session 53: a city by its letters, no job left
    ("I got a job as a barista at Starbucks", True),  # session 53: a job taken, with its place
]


@pytest.mark.parametrize(("new", "changed"), ROUTED)
def test_on_the_cli(cli, quire_home, new, changed):
    assert cli("capture", OLD).exit_code == 0
    assert cli("capture", new).exit_code == 0
    assert bool(employer_changes(quire_home)) is changed


@pytest.mark.parametrize(("new", "changed"), ROUTED)
def test_through_the_library(quire_home, new, changed):
    with quire.open(quire_home) as q:
        q.capture(OLD)
        q.capture(new)
    assert bool(employer_changes(quire_home)) is changed


@pytest.mark.parametrize("fmt", ["jsonl", "chatgpt", "chat-jsonl"])
@pytest.mark.parametrize(("new", "changed"), ROUTED)
def test_from_each_import(cli, quire_home, tmp_path, fmt, new, changed):
    path = write(fmt, tmp_path / "export", [("Work", [OLD, new])])
    assert cli("import", str(path)).exit_code == 0
    assert review_items(quire_home) == ([("revision", OLD, new)] if changed else [])


@pytest.mark.parametrize(("new", "changed"), ROUTED)
def test_from_a_whatsapp_chat(cli, quire_home, tmp_path: Path, new, changed):
    assert cli("import", "--me", "Tom", str(whatsapp_said(tmp_path, OLD, new))).exit_code == 0
    assert review_items(quire_home) == ([("revision", OLD, new)] if changed else [])
