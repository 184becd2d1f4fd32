"""Secrets are refused in every field a person or agent can send, on every route, before anything
is written anywhere. The fake keys are put
together at run time, so no literal secret sits in the repository."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point
from tests.test_mcp import run_mcp, text
from tests.test_service import Served

GHP = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"  # the issue's key, as written
SK = "sk-" + "proj-" + "Zx81Qw27Er64Ty93Ui05Op36AsDf72Gh"
RUNBOOK = "Deploy runbook step for the billing service restart procedure tonight"


def _home_bytes(home: Path) -> bytes:
    """Every byte quire keeps in the home: databases, their logs, the vault, caches, snapshots."""
    return b"".join(p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file())


def _leaks(home: Path, *secrets: str) -> list[str]:
    raw = _home_bytes(home)
    return [s for s in secrets if s.encode() in raw or s[:12].encode() in raw]


def test_the_issue_reproduction_a_key_in_source_is_never_stored(quire_home):
    # `capture "Deploy runbook step …" --source ghp_…`; `grep -c ghp_ quire.db` gave 1
    done = run_quire("capture", RUNBOOK, "--source", GHP)
    assert done.returncode == 1 and "credential_leak" in done.stderr and GHP not in done.stderr + done.stdout
    assert b"ghp_" not in (quire_home / "quire.db").read_bytes()
    assert not _leaks(quire_home, GHP)


@pytest.mark.parametrize(
    "args",
    [
        ["--source", GHP],
        ["--entity", GHP],
        ["--entity", f"billing {SK}"],
        ["--type", "fact", "--field", f"claim={GHP}"],
        ["--type", "fact", "--field", "claim=restarts", "--field", "source=password=Tr0ub4dor-horse-9"],
    ],
)
def test_a_key_in_any_capture_field_is_refused_everywhere(cli, quire_home, args):
    out = cli("capture", RUNBOOK, *args, "--json")
    assert out.exit_code == 1, out.stdout
    data = json.loads(out.stdout)
    assert data["status"] == "rejected" and data["reason"] == "credential_leak"
    assert data["detail"].split(" in ")[0] in ("github_token", "openai_key", "secret_assignment")
    assert GHP not in out.stdout + out.stderr and SK not in out.stdout + out.stderr
    assert cli("rebuild").exit_code == 0
    recall = cli("recall", "billing service restart runbook", "--json")
    assert recall.exit_code == 0 and json.loads(recall.stdout)["results"] == []
    assert not _leaks(quire_home, GHP, SK, "Tr0ub4dor-horse-9")


def test_jsonl_markdown_and_chat_titles_with_keys_are_refused(cli, quire_home, tmp_path):
    lines = tmp_path / "notes.jsonl"
    lines.write_text(
        json.dumps({"content": RUNBOOK, "title": f"the key {GHP}"})
        + "\n"
        + json.dumps({"content": "The billing service restarts nightly at two in the morning", "source": SK})
        + "\n"
        + json.dumps({"content": "The payroll batch runs on the last Friday of every month"})
        + "\n"
    )
    out = cli("import", str(lines), "--json")
    assert json.loads(out.stdout)["stored"] == 1
    md = tmp_path / "vault"
    md.mkdir()
    (md / "ops.md").write_text(f"---\ntitle: ops {GHP}\n---\n\nThe ops rota changes every second Monday morning.\n")
    cli("import", str(md), "--json")
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        "\n".join(
            json.dumps(line)
            for line in [
                {
                    "conversation": "c1",
                    "title": f"keys {SK}",
                    "speaker": "Ana",
                    "text": "The boiler service is due in May",
                },
                {"conversation": "c1", "speaker": "Ben", "text": f"Use {GHP} for the heating portal login page"},
                {"conversation": "c1", "speaker": "Ana", "text": "The heating portal shows the boiler history too"},
                {"conversation": GHP, "speaker": "Ana", "text": "The second conversation is about the garden shed"},
                {"conversation": "c3", "speaker": f"bot {SK}", "text": "A speaker whose name holds a key speaks here"},
            ]
        )
        + "\n"
    )
    out = cli("import", str(chat), "--format", "chat-jsonl", "--json")
    report = json.loads(out.stdout)
    assert report["stored"] >= 2, report
    assert any("conversation title holds a credential" in e for e in report["errors"])
    assert GHP not in out.stdout and SK not in out.stdout
    assert cli("rebuild").exit_code == 0
    assert not _leaks(quire_home, GHP, SK)


def test_the_offline_outbox_refuses_a_key_before_anything_is_written(cli, quire_home, monkeypatch):
    # `QUIRE_DB_URL=ws://127.0.0.1:9 quire capture "… sk-proj-… …"`
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    for content in (
        f"The staging deploy key is {SK} for the billing job",
        "Use password=hunter2hunter2 on the staging database box tonight",
    ):
        out = cli("capture", content, "--json")
        assert out.exit_code == 1 and json.loads(out.stdout)["reason"] == "credential_leak"
    out = cli("capture", RUNBOOK, "--source", GHP, "--json")
    assert out.exit_code == 1 and json.loads(out.stdout)["reason"] == "credential_leak"
    assert cli("capture", "ok", "--json").exit_code == 1  # too short is the gate's too
    assert not (quire_home / "outbox.db").exists()
    queued = cli("capture", "The staging database box is rebooted every Sunday at noon", "--json")
    assert json.loads(queued.stdout)["status"] == "queued"
    assert not _leaks(quire_home, SK, GHP, "hunter2hunter2")


def _sqld_home(monkeypatch, url):
    monkeypatch.setenv("QUIRE_DB_URL", url)


def test_sync_reports_each_item_and_leaves_no_refused_text_in_the_outbox(
    sqld_url, cli, cli_json, monkeypatch, quire_home
):
    from memory.home import Home
    from memory.outbox import Outbox, new_key

    _sqld_home(monkeypatch, sqld_url)
    gone = cli_json("capture", "The quarterly audit binder lives in the grey cabinet")["id"]
    assert cli("forget", gone).exit_code == 0
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    assert cli_json("capture", "The quarterly audit binder lives in the grey cabinet")["status"] == "queued"
    assert cli_json("capture", "The office plants are watered every Tuesday morning")["status"] == "queued"
    # An entry an older quire queued without the gate: it must never reach the server.
    box = Outbox(Home(quire_home).root / "outbox.db")
    box.enqueue(new_key(), "capture", {"content": f"The staging deploy key is {SK} for the billing job"})
    box.close()
    monkeypatch.setenv("QUIRE_DB_URL", sqld_url)
    out = cli("sync", "--json")
    report = json.loads(out.stdout)
    outcomes = [(i["outcome"], i["reason"]) for i in report["items"]]
    assert outcomes == [("refused", "tombstoned"), ("sent", None), ("refused", "credential_leak")], report
    assert report["sent"] == 1 and report["refused"] == 2 and report["queued"] == 0
    assert SK not in out.stdout
    text_out = cli("sync")
    assert "sent 0" in text_out.stdout
    monkeypatch.setenv("QUIRE_DB_URL", "ws://127.0.0.1:9")
    assert cli_json("capture", "The office kettle is descaled on the first of each month")["status"] == "queued"
    monkeypatch.setenv("QUIRE_DB_URL", sqld_url)
    lines = cli("sync").stdout.splitlines()
    assert lines[0].startswith("w_") and lines[0].split(": ")[1].startswith("sent mem_"), lines
    assert lines[-1].startswith("sent 1, already applied 0, refused 0, failed 0"), lines
    raw = b"".join(p.read_bytes() for p in quire_home.glob("outbox.db*"))
    assert SK.encode() not in raw and b"grey cabinet" not in raw and b"office plants" not in raw


def test_a_key_is_refused_over_mcp_and_the_service_in_every_field(quire_home):
    async def scenario(s):
        out = []
        for args in (
            {"content": RUNBOOK, "source": GHP},
            {"content": RUNBOOK, "entities": [GHP]},
            {"content": RUNBOOK, "type": "fact", "fields": {"claim": SK}},
            {"content": RUNBOOK, "title": GHP},
        ):
            out.append(await s.call_tool("capture", args))
        return out

    for result in run_mcp(quire_home, scenario):
        assert result.is_error and "credential_leak" in text(result)
        assert GHP not in text(result) and SK not in text(result)
    service = Served(quire_home)
    try:
        done = run_quire("capture", RUNBOOK, "--entity", GHP, "--json")
        assert done.returncode == 1 and json.loads(done.stdout)["reason"] == "credential_leak"
    finally:
        service.stop()
    assert not _leaks(quire_home, GHP, SK)


def test_the_gate_names_the_field_never_the_secret():
    from memory import gate
    from memory.models import parse_payload

    p = parse_payload({"content": RUNBOOK, "entities": ["billing"], "fields": {}, "source": f"see {GHP}"})
    verdict = gate.check(p.content, p.other_texts())
    assert verdict.reason == "credential_leak" and verdict.detail == "github_token in source"
    assert gate.check(RUNBOOK, parse_payload({"content": RUNBOOK, "source": "a chat"}).other_texts()).passed


def test_a_key_in_a_recall_query_or_a_forget_reason_is_not_kept(cli, cli_json, quire_home):
    mid = cli_json("capture", RUNBOOK)["id"]
    assert cli("recall", f"billing service restart {SK}").exit_code == 0
    assert cli("forget", mid, "--reason", f"pasted {GHP} by mistake").exit_code == 0
    assert not _leaks(quire_home, SK, GHP)


def test_a_key_in_a_space_name_or_description_is_refused(cli, quire_home):
    for args in (["spaces", "add", GHP], ["spaces", "add", "billing", "--description", f"uses {SK}"]):
        out = cli(*args)
        assert out.exit_code == 1 and "credential" in out.stderr and GHP not in out.stderr and SK not in out.stderr
    out = cli("capture", RUNBOOK, "--space", GHP, "--json")
    assert out.exit_code == 1 and json.loads(out.stdout)["reason"] == "credential_leak" and GHP not in out.stderr
    assert not _leaks(quire_home, GHP, SK)


PG = "postgres://report:" + "Hx7qPz93Lmw9" + "@db.internal:5432/sales"


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "chat-jsonl"])
def test_a_key_in_a_chat_exports_path_is_kept_redacted_like_the_other_formats(cli, quire_home, tmp_path, fmt):
    # A JSONL or Markdown import kept its source redacted; a chat export's path went whole into
    # sessions.source and the import log (`grep ghp_ quire.db` found it).
    from tests import import_formats

    made = import_formats.write(fmt, tmp_path / "x", [("Lunch plans", [RUNBOOK])])
    path = made.with_name(f"{made.stem}-{GHP}{made.suffix}")
    made.rename(path)
    for _ in range(2):  # the same export again: the same (redacted) source, nothing imported twice
        assert cli("import", str(path), "--format", fmt).exit_code == 0
    assert not _leaks(quire_home, GHP)
    from memory.session import Session

    with Session() as s:
        assert s.db.scalar("SELECT count(*) FROM memories") == 1
        assert s.db.scalar("SELECT count(*) FROM sessions") == 1


def test_a_connection_strings_password_is_refused_in_a_field_a_query_and_a_title(cli, cli_json, quire_home, tmp_path):
    password = PG.split(":")[2].split("@")[0]
    out = cli("capture", f"{RUNBOOK} against {PG}", "--json")
    assert out.exit_code == 1 and json.loads(out.stdout)["detail"] == "url_password"
    assert cli("capture", RUNBOOK, "--source", PG).exit_code == 1
    assert cli("capture", RUNBOOK).exit_code == 0
    assert cli("recall", f"runbook {PG}").exit_code == 0
    chat = tmp_path / "chat.jsonl"
    line = {"conversation": "c1", "title": f"db {PG}", "speaker": "Ana", "text": "The billing job restarts at noon"}
    chat.write_text(json.dumps(line) + "\n")
    done = cli("import", str(chat))
    assert "url_password" in done.stderr and password not in done.stdout + done.stderr
    assert not _leaks(quire_home, password)
