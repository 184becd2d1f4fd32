"""Session 43: the older ended issues' reproductions (2-14) run as each issue words them, and the
siblings an adversary found beside them. Each test names its issue and what it takes from it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from memory import whatsapp
from tests.conftest import ROOT, run_forked

# A contact saved as "Work: Ana": WhatsApp writes the name whole before the message's ": ".
WORK_ANA = """\
12/01/2024, 09:00 - Work: Ana: Did you send the quarterly report to finance yet?
12/01/2024, 09:05 - Ben Costa: Yes, I sent it this morning with the appendix attached
12/01/2024, 09:07 - Work: Ana: Great, then we can close the ticket for the audit today
12/01/2024, 09:09 - Ben Costa: note: the audit team wants the raw files too
"""


def _said(cli, query: str) -> list[tuple[str, str]]:
    result = cli("recall", query, "--all-spaces", "-k", "10", "--json")
    assert result.exit_code == 0, result.stderr
    return sorted((r["speaker"], r["content"]) for r in json.loads(result.stdout)["results"])


def test_issue12_a_whatsapp_contact_whose_name_holds_a_colon_is_one_sender(cli, tmp_path):
    # Issue 12 (chat exports in, speaker as an entity): a contact named "Work: Ana" was cut at its first
    # colon, so her messages were Work's and began "Ana: ..."; Ben's one "note: ..." stays his own words.
    path = tmp_path / "WhatsApp Chat with Work: Ana.txt"
    path.write_text(WORK_ANA, encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 0, result.stderr
    assert "the chat is with 'Work: Ana'" in result.stderr  # the chat's name finds its sender: Ben is the person
    said = _said(cli, "quarterly report audit ticket raw files appendix")
    assert ("Work: Ana", "Did you send the quarterly report to finance yet?") in said
    assert ("Work: Ana", "Great, then we can close the ticket for the audit today") in said
    assert ("Ben Costa", "note: the audit team wants the raw files too") in said
    assert not [speaker for speaker, _ in said if speaker == "Work"]


@pytest.mark.parametrize(
    ("lines", "senders"),
    [
        # a sender whose messages go on with different words before a colon: their own words
        (["Ana: Re: the trip is on", "Ana: note: buy milk", "Ana: hello there"], ["Ana"]),
        # one message cannot tell a contact "Ana: Re" from Ana saying "Re: ..."
        (["Ana: Re: the trip is on", "Ben: fine by me"], ["Ana", "Ben"]),
        # a sentence before the colon is no name's end
        (["Ana: I think this is it: the red one", "Ana: I think this is it: the blue one"], ["Ana"]),
        # two contacts saved under one prefix, each with two messages or more
        (
            ["Work: Ana: the report is done", "Work: Ben: thanks", "Work: Ana: sent it", "Work: Ben: great"],
            ["Work: Ana", "Work: Ben"],
        ),
        # ... but a prefix one of whose messages is its own words stays a sender of its own
        (["Work: Ana: the report", "Work: Ana: sent", "Work: Ben: thanks", "Work: all good here"], ["Work"]),
        # iOS, and a name in another script
        (["Praca: Ania: Cześć, jak leci?", "Praca: Ania: Do jutra"], ["Praca: Ania"]),
        (["工作: 安娜: 明天见", "工作: 安娜: 好的"], ["工作: 安娜"]),
    ],
)
def test_issue12_only_a_name_every_message_repeats_is_joined(lines, senders):
    text = "".join(f"[28.11.23, 18:4{i}:12] {line}\n" for i, line in enumerate(lines))
    found = whatsapp.survey(enumerate(text.splitlines(keepends=True), 1))
    assert [name for name, _ in found.counts] == senders
    said = list(whatsapp.messages(enumerate(text.splitlines(keepends=True), 1), found.order, joined=found.joined))
    assert [(s.speaker, s.text) for s in said] == [
        (name, line[len(name) + 2 :])
        for line in lines
        for name in [max((n for n in senders if line.startswith(n + ": ")), key=len)]
    ]


def test_issue12_a_joined_sender_keeps_its_own_messages_apart_from_a_shorter_namesake(tmp_path):
    # "Work" never speaks alone here; a message of "Work: Ana" whose text holds another colon keeps it
    text = (
        "12/01/2024, 09:00 - Work: Ana: Agenda: budget, hiring, offsite\n"
        "12/01/2024, 09:01 - Work: Ana: Done for today\n"
    )
    lines = list(enumerate(text.splitlines(keepends=True), 1))
    found = whatsapp.survey(lines)
    said = list(whatsapp.messages(lines, found.order, joined=found.joined))
    assert [(s.speaker, s.text) for s in said] == [
        ("Work: Ana", "Agenda: budget, hiring, offsite"),
        ("Work: Ana", "Done for today"),
    ]


@pytest.mark.parametrize("host", ["", "   "])
def test_issue6_a_blank_host_is_a_usage_error_not_a_warning_about_listening_on_nothing(host):
    # Issue 6: "never another interface unless the person passes --host explicitly, with a warning".
    # Before: `--host ""` warned "listening on : other machines ..." and then listened on 127.0.0.1.
    done = run_forked("serve", "--host", host, "--port", "0")
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert "--host: is empty; leave --host out to listen on 127.0.0.1" in lines[0]


def test_issue6_a_host_that_is_not_here_is_one_line_and_a_reachable_one_is_warned_once_it_listens(quire_home):
    done = run_forked("serve", "--host", "no-such-host.invalid", "--port", "0")
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1 and len(lines) == 1 and "not an address of this machine" in lines[0], done.stderr
    # 127.0.0.2 is this machine's (all of 127/8 is loopback) but not the default: warned, and it serves
    proc = subprocess.Popen(
        [sys.executable, "-m", "quire.cli", "serve", "--host", "127.0.0.2", "--json"],
        cwd=ROOT,
        env={**os.environ, "QUIRE_HOME": str(quire_home)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        info = json.loads(proc.stdout.readline())
        assert info["host"] == "127.0.0.2"
    finally:
        stopped = run_forked("serve", "--stop")
        _, err = proc.communicate(timeout=60)
    assert stopped.returncode == 0, stopped.stderr
    assert err.decode().count("warning: listening on 127.0.0.2: other machines") == 1, err.decode()


@pytest.mark.parametrize(
    ("bench", "items"),
    [
        ("locomo", []),
        ("longmemeval", []),
        ("locomo", [{"sample_id": "a", "qa": [], "conversation": {"speaker_a": "Ana", "speaker_b": "Ben"}}]),
    ],
    ids=["locomo-empty", "longmemeval-empty", "locomo-no-qa"],
)
def test_issue3_a_benchmark_file_without_questions_is_refused_not_scored_zero(cli, tmp_path, bench, items):
    # Issue 3: `quire eval locomo --data PATH --json` prints the figures over the file's questions. Before:
    # a file with none printed recall 0.0 over 0 questions and exited 0, as if quire had found nothing.
    data = tmp_path / "bench.json"
    data.write_text(json.dumps(items), encoding="utf-8")
    result = cli("eval", bench, "--data", str(data), "--json")
    assert result.exit_code == 1, result.stdout
    assert result.stdout == ""
    assert "no question to score in it; give a" in result.stderr and "Traceback" not in result.stderr


def test_issue9_the_table_rows_run_as_worded(cli, db):
    # Issue 9's table, word for word: `printf 'The cache server \x00 stores keys' | quire capture --defer-embed`
    result = cli("capture", "--defer-embed", input="The cache server \x00 stores keys")
    assert result.exit_code == 0 and result.stdout.startswith("stored mem_"), result.stderr
    assert "removed 1 control character" in result.stderr
    assert db.rows("SELECT content FROM memories") == [("The cache server  stores keys",)]
    # `capture '我们决定使用PostgreSQL作为账本数据库因为事务性DDL很重要'`: stored, not too_short
    cjk = cli("capture", "我们决定使用PostgreSQL作为账本数据库因为事务性DDL很重要")
    assert cjk.exit_code == 0 and cjk.stdout.startswith("stored mem_"), cjk.stderr
    # `capture '…' --valid-from 0001-01-01`: refused with the range, nothing stored
    old = cli("capture", "We moved the staging cluster to the new region", "--valid-from", "0001-01-01")
    assert old.exit_code == 2 and "from 1000-01-01 to 9999-12-31" in old.stderr
    assert db.rows("SELECT count(*) FROM memories") == [(2,)]
    # then `recall 'what changed last week'` and `recall x --as-of 9999-12-31`: answers, not tracebacks
    for args in (["what changed last week"], ["x", "--as-of", "9999-12-31"]):
        answer = cli("recall", *args)
        assert answer.exit_code == 0 and "Traceback" not in answer.stderr, answer.stderr
    # CLI `capture 'I am a product manager …' --type identity` against an existing identity: held for a person
    assert (
        cli("capture", "I am a software engineer working on the payments platform", "--type", "identity").exit_code == 0
    )
    pm = cli("capture", "I am a product manager …", "--type", "identity", "--json")
    assert pm.exit_code == 0, pm.stderr
    assert "held for review as item" in " ".join(json.loads(pm.stdout)["warnings"])
    recalled = json.loads(cli("recall", "what is my job", "--type", "identity", "--json").stdout)["results"]
    assert [r["content"] for r in recalled if r["status"] == "active"] == [
        "I am a software engineer working on the payments platform"
    ]
