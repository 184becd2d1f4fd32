"""The same input class gets the same answer on every import format (JSONL, Markdown notes,
ChatGPT, Claude, chat JSONL): the exit code, one error line on stderr naming the fix, what lands,
and nothing stored before changed."""

from __future__ import annotations

import json

import pytest

from tests.import_formats import FORMATS, write

GHP = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"  # put together at run time: no key in the repository
BOILER = "The boiler service is due in May every single year"
SHED = "The garden shed roof needs new felt before the winter comes"
KEYED = f"The heating portal login uses {GHP} as its token"


def _errors(out) -> list[str]:
    return [line for line in out.stderr.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("where", ["text", "title"])
def test_a_secret_is_refused_alike_on_every_format_and_every_run(cli, tmp_path, fmt, where):
    """A key in a message, line or paragraph refuses that unit; one in a title drops the title (no
    title in JSONL: the line is refused); either way one error line names the place and the fix,
    the rest lands, exit 1, and a re-run of the same file says the same (it said so only for a chat
    title; JSONL, notes and chat messages exited 0, the chats without a word, a re-run as `already present`)."""
    convs = [("Home", [KEYED, BOILER, SHED])] if where == "text" else [(f"keys {GHP}", [BOILER, SHED])]
    if fmt == "jsonl" and where == "title":
        path = tmp_path / "in" / "captures.jsonl"
        path.parent.mkdir()
        lines = [{"content": BOILER, "title": f"keys {GHP}"}, {"content": SHED}]
        path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    else:
        path = write(fmt, tmp_path / "in", convs)
    for run in range(2):
        out = cli("import", str(path), "--format", fmt, "--json")
        assert out.exit_code == 1, (run, out.stdout, out.stderr)
        report = json.loads(out.stdout)
        errors = _errors(out)
        assert len(errors) == 1 and "holds a credential (github_token" in errors[0], errors
        assert "remove the key" in errors[0] and GHP not in out.stdout + out.stderr
        assert report["stored"] + report["duplicates"] == (1 if fmt == "jsonl" and where == "title" else 2), report
    recall = cli("recall", "garden shed roof felt", "--json")
    assert SHED in recall.stdout and GHP not in recall.stdout


def test_a_rejection_that_is_not_a_secret_still_exits_0(cli, tmp_path):
    """Control: too short is the gate's everyday answer to a chat's `ok thanks`: counted, exit 0."""
    path = write("jsonl", tmp_path / "in", [("Home", ["ok thanks", BOILER])])
    out = cli("import", str(path), "--json")
    assert out.exit_code == 0 and json.loads(out.stdout)["rejected"] == 1 and not _errors(out)
