"""Resources, one bad unit, input decoding: every file through one reader.

Only regular files are read (a FIFO or a /dev/zero symlink refused at once), one decoder (UTF-8
with or without a BOM, UTF-16 with a BOM, anything else named), a zip export read from the zip,
limits checked on every event of the stream (a 100,000-deep value anywhere in an export costs its
conversation, fast, in bounded memory), and a malformed node reported by place while the rest lands.
Tests that could eat the machine on a regression run in a subprocess under an address-space limit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import zipfile

import pytest

from tests.conftest import ROOT

NAMED_CASE = (
    '[{"id":"c","mapping":{"a":{"id":"a","message":{"author":"user","content":{"parts":'
    '["Author as string message about the hiking trip plan"]}}}},"current_node":"a"}]'
)


def _good_conv(i: int) -> dict:
    text = f"Conversation {i} is about planning the garden beds and the tomato seedlings number {i}"
    return {
        "id": f"good-{i}",
        "title": f"garden {i}",
        "mapping": {
            "root": {"id": "root", "message": None, "parent": None, "children": ["m"]},
            "m": {
                "id": "m",
                "parent": "root",
                "children": [],
                "message": {"author": {"role": "user"}, "content": {"content_type": "text", "parts": [text]}},
            },
        },
        "current_node": "m",
    }


def _bounded(code: str, tmp_path, *, mem_mb: int = 1500, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run `code` in a fresh interpreter under an address-space limit (a regression fails, it does
    not take the machine down) with the test's QUIRE_HOME. Peak memory is read from VmHWM: Linux
    carries ru_maxrss across exec, so a child of a big pytest would report the parent's peak."""
    prelude = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({mem_mb << 20}, {mem_mb << 20}))\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ},
    )


# -- one bad unit ----------------------------------------------------------------------------------


def test_the_named_malformed_node_is_reported_by_place_not_raised(cli, tmp_path):
    path = tmp_path / "c.json"
    path.write_text(NAMED_CASE)
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 1
    assert "conversation 1 message 0" in result.stderr and "'author' is a text" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "bad",
    [
        {"author": "user"},
        {"parent": {"x": 1}},
        {"current_node": ["a"]},
        {"metadata": ["x"]},
        {"parts": 12345},
        {"content": "just text"},
        {"message": ["not", "a", "message"]},
        {"node": 7},
    ],
)
def test_one_malformed_node_among_600_conversations_costs_only_itself(session, tmp_path, bad):
    convs = [_good_conv(i) for i in range(600)]
    broken = convs[300]
    node = broken["mapping"]["m"]
    msg = node["message"]
    if "author" in bad:
        msg["author"] = bad["author"]
    elif "parent" in bad:
        node["parent"] = bad["parent"]
    elif "current_node" in bad:
        broken["current_node"] = bad["current_node"]
    elif "metadata" in bad:
        msg["metadata"] = bad["metadata"]
    elif "parts" in bad:
        msg["content"]["parts"] = bad["parts"]
    elif "content" in bad:
        msg["content"] = bad["content"]
    elif "message" in bad:
        node["message"] = bad["message"]
    else:
        broken["mapping"]["m"] = bad["node"]
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(convs))
    report = session.import_path(path, defer_embed=True)
    good = 599 if "current_node" not in bad else 600  # a bad current_node falls back to the newest leaf
    assert report.stored == good, report.errors
    assert report.errors and all("conversation 301" in e for e in report.errors)
    again = session.import_path(path, defer_embed=True)  # a re-run finishes and adds nothing
    assert again.stored == 0 and again.duplicates == good


def test_a_bad_claude_message_and_a_bad_chat_line_cost_only_themselves(session, tmp_path):
    msgs = [{"sender": "human", "text": f"Claude message {i} about the old wooden fence posts"} for i in range(5)]
    msgs[2] = {"sender": "human", "text": {"nested": "wrong"}, "content": 5}
    msgs[3] = ["not", "a", "message"]
    path = tmp_path / "claude.json"
    path.write_text(json.dumps([{"uuid": "u", "name": "fence", "chat_messages": msgs}]))
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 3 and any("message 3" in e for e in report.errors)
    lines = tmp_path / "chat.jsonl"
    rows = [{"conversation": "x", "text": f"Line {i} about the neighbourhood bakery opening hours"} for i in range(4)]
    body = [json.dumps(r) for r in rows]
    body[1] = json.dumps({"conversation": "x", "text": 12345})
    body.insert(2, "[" * 100_000)
    lines.write_text("\n".join(body) + "\n")
    report = session.import_path(lines, format="chat-jsonl", defer_embed=True)
    assert report.stored == 3 and any(":2:" in e for e in report.errors) and any(":3:" in e for e in report.errors)


# -- resources --------------------------------------------------------------------------------------


def test_a_100000_deep_extra_value_deep_in_an_export_is_refused_fast_in_bounded_memory(tmp_path):
    # The depth check used to read only the first 64 KB: 307 KB of good conversations first.
    convs = [_good_conv(i) for i in range(800)]
    body = json.dumps(convs)[:-1]
    deep = (
        ', {"id": "deep", "mapping": {"m": {"id": "m", "parent": null, "children": [], "message": '
        '{"author": {"role": "user"}, "content": {"content_type": "text", "parts": ["deep one"]}, '
        '"metadata": {"extra": ' + "[" * 100_000 + "]" * 100_000 + '}}}}, "current_node": "m"}'
    )
    path = tmp_path / "conversations.json"
    path.write_text(body + deep + ", " + json.dumps(_good_conv(900)) + "]")
    assert path.stat().st_size > 300_000
    result = _bounded(
        f"""
        import json, resource, time
        from memory.session import Session
        s = Session(actor="test")
        t = time.monotonic()
        r = s.import_path({str(path)!r}, defer_embed=True)
        hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1]
        out = {{"stored": r.stored, "errors": r.errors, "s": time.monotonic() - t, "rss_mb": int(hwm) / 1024}}
        print(json.dumps(out))
        """,
        tmp_path,
        mem_mb=1500,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["stored"] == 801  # every good conversation, the one after the deep value too
    assert any("conversation 801" in e and "nested more than" in e for e in out["errors"])
    assert out["rss_mb"] < 800


@pytest.mark.parametrize("name", ["data.jsonl", "notes.md", "conversations.json"])
def test_a_fifo_is_refused_not_waited_on(cli, tmp_path, name):
    folder = tmp_path / "in"
    folder.mkdir()
    fifo = folder / name
    os.mkfifo(fifo)
    target = fifo
    if name.endswith(".md"):  # in a folder of notes: that note is reported, the others land
        (folder / "good.md").write_text("- A good note about the choir rehearsal in the old church hall\n")
        target = folder
    result = subprocess.run(
        [sys.executable, "-m", "quire.cli", "import", str(target), "--defer-embed"],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
    )
    assert result.returncode == 1
    assert "FIFO" in result.stderr and "regular file" in result.stderr


def test_a_dev_zero_symlink_named_jsonl_is_refused_at_once(tmp_path):
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    result = _bounded(
        f"""
        from memory.session import Session
        from memory.errors import InvalidInput
        try:
            Session(actor="test").import_path({str(link)!r}, defer_embed=True)
        except InvalidInput as exc:
            print("refused:", exc)
        """,
        tmp_path,
        mem_mb=1000,
        timeout=60,
    )
    assert "refused:" in result.stdout and "character device" in result.stdout, result.stderr[-1000:]


def test_a_symlink_loop_is_named_as_such(cli, tmp_path):
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop)
    result = cli("import", str(loop), "--defer-embed")
    assert result.exit_code == 1 and "symlink loop" in result.stderr and "does not exist" not in result.stderr


def test_a_jsonl_line_of_a_gigabyte_is_refused_as_it_is_read(tmp_path):
    path = tmp_path / "big.jsonl"
    with path.open("wb") as fh:
        fh.write(b'{"content": "A first good line about the weekly farmers market on Saturday mornings"}\n')
        fh.write(b'{"content": "' + b"x" * (50 << 20))  # 50 MB, no newline, never held whole
        fh.write(b'"}\n{"content": "A last good line about the library book club meeting on Thursdays"}\n')
    result = _bounded(
        f"""
        from memory.session import Session
        r = Session(actor="test").import_path({str(path)!r}, defer_embed=True)
        print(r.stored, r.errors)
        """,
        tmp_path,
        mem_mb=700,
    )
    assert result.returncode == 0, result.stderr[-1000:]
    assert result.stdout.startswith("2 ") and "big.jsonl:2" in result.stdout and "limit" in result.stdout


# -- input decoding ---------------------------------------------------------------------------------


def test_a_utf8_bom_at_the_start_of_a_jsonl_file(tmp_path):
    # The reproduction as written: printf '\xef\xbb\xbf{"content":...}\n' > f.jsonl; quire import f.jsonl
    path = tmp_path / "f.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"content":"The first line of this file starts with a byte order mark for sure"}\n')
    result = subprocess.run(
        [sys.executable, "-m", "quire.cli", "import", str(path), "--defer-embed", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["stored"] == 1


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_claude_export_with_a_bom_or_in_utf16_lands(session, tmp_path, encoding):
    text = "A Claude export with a byte order mark about the café on Rue Mouffetard"
    path = tmp_path / "conversations.json"
    data = [{"uuid": "u", "name": "café", "chat_messages": [{"sender": "human", "text": text}]}]
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode(encoding))
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 1 and not report.errors
    assert session.db.scalar("SELECT content FROM memories") == text


def test_a_latin1_export_is_named_latin1_not_a_download_cut_short(cli, tmp_path):
    path = tmp_path / "conversations.json"
    raw = json.dumps(
        [{"uuid": "u", "name": "cafe", "chat_messages": [{"sender": "human", "text": "Je suis allé au café du coin"}]}],
        ensure_ascii=False,
    ).encode("latin-1")
    path.write_bytes(raw)
    result = cli("import", str(path), "--defer-embed")
    assert result.exit_code == 1
    assert "Latin-1" in result.stderr and "cut short" not in result.stderr and "\\x" not in result.stderr


def test_latin1_lines_and_notes_are_reported_by_unit_and_the_rest_lands(session, tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(
        b'{"content": "A plain UTF-8 line about the cycling route along the river"}\n'
        b'{"content": "Une ligne en Latin-1 sur le caf\xe9 du village et ses cro\xefssants"}\n'
        b'{"content": "Another UTF-8 line about the swimming pool schedule in summer"}\n'
    )
    report = session.import_path(path, defer_embed=True)
    assert report.stored == 2 and len(report.errors) == 1 and "mixed.jsonl:2" in report.errors[0]
    assert "Latin-1" in report.errors[0]
    notes = tmp_path / "vault"
    notes.mkdir()
    (notes / "good.md").write_text("- A good note about the pottery class on Wednesday evenings\n")
    (notes / "bad.md").write_bytes(b"- Une note Latin-1 sur la boulangerie pr\xe8s de la gare centrale\n")
    (notes / "bom16.md").write_bytes("- A UTF-16 note about the hiking club meeting place\n".encode("utf-16"))
    report = session.import_path(notes, defer_embed=True)
    assert report.stored == 2 and len(report.errors) == 1 and report.errors[0].startswith("bad.md")


def test_a_zip_export_is_read_from_the_zip(cli, session, tmp_path):
    path = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("chat.html", "<html></html>")
        archive.writestr("conversations.json", json.dumps([_good_conv(1), _good_conv(2)]))
    result = cli("import", str(path), "--defer-embed", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["stored"] == 2
    empty = tmp_path / "other.zip"
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("readme.txt", "nothing")
    result = cli("import", str(empty), "--defer-embed")
    assert result.exit_code == 1 and "without a conversations.json" in result.stderr


def test_capture_from_a_fifo_is_refused_and_a_bom_or_utf16_file_reads_back_clean(cli_json, tmp_path):
    fifo = tmp_path / "note.txt"
    os.mkfifo(fifo)
    result = subprocess.run(
        [sys.executable, "-m", "quire.cli", "capture", "-f", str(fifo), "--defer-embed"],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
    )
    assert result.returncode == 1 and "FIFO" in result.stderr
    text = "The boiler service is booked for the second Tuesday of every March"
    for name, raw in (("bom.txt", b"\xef\xbb\xbf" + text.encode()), ("u16.txt", (text + " too").encode("utf-16"))):
        (tmp_path / name).write_bytes(raw)
        stored = cli_json("capture", "-f", str(tmp_path / name), "--defer-embed")
        shown = cli_json("show", stored["id"])
        assert shown["content"].startswith("The boiler") and "\ufeff" not in shown["content"]


def test_one_long_conversation_is_read_as_records_and_stored_a_batch_at_a_time(session, tmp_path, monkeypatch):
    from memory import chats
    from scripts.long_conversation import write_export

    path = tmp_path / "conversations.json"
    write_export(3000, path)
    sizes: list[int] = []
    real = chats.capture_stream

    def spy(db, batches, **kw):
        def counted():
            for units, payloads, keys in batches:
                sizes.append(len(payloads))
                yield units, payloads, keys

        return real(db, counted(), **kw)

    monkeypatch.setattr(chats, "capture_stream", spy)
    report = session.import_path(path, roles="all", defer_embed=True)
    assert report.stored == 3000 and report.conversations == 1 and not report.errors
    assert max(sizes) <= chats.BATCH  # never the whole conversation in one capture batch
    assert session.db.scalar("SELECT messages FROM sessions") == 3000


def test_reading_a_50000_message_conversation_stays_small(tmp_path):
    from scripts.long_conversation import write_export

    path = tmp_path / "conversations.json"
    write_export(50_000, path)
    result = _bounded(
        f"""
        import json, resource
        from memory import chats
        r = chats.ChatReport()
        n = sum(len(c.messages) for c in chats.read_chatgpt({str(path)!r}, r))
        hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1]
        print(json.dumps({{"n": n, "mb": int(hwm) / 1024}}))
        """,
        tmp_path,
        mem_mb=2000,
    )
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["n"] == 50_000
    assert out["mb"] < 150, out  # the JSON tree of every node was ~4x this
