"""The libSQL server a home names, by class: a URL, token or folder with a control character in it
is refused in one line naming where it came from (urlsplit dropped a line break inside a URL
without a word: `ws://h:80\\n80` went to port 8080), and a server that is dead, silent, closes the
connection, or speaks something else is named in quire's words with what to do, exit 1 (before:
aiohttp's text, `Cannot connect to host 127.0.0.1:1 ssl:default [Connect call failed ...]` or a
status line's raw bytes)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable

import pytest

from memory.db import ws_url
from memory.errors import StoreError
from tests.conftest import run_forked


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("ws://127.0.0.1:80\n80", r"a line break (\n) at character 18"),
        ("ws://127.0.0.1:80\r\n80", r"a carriage return (\r) at character 18"),
        ("ws://db.exam\tple.org:8080", r"a tab (\t) at character 13"),
        ("ws://db.example.org:8080\x1b", "the control character U+001B at character 25"),
    ],
)
def test_a_url_with_a_control_character_inside_is_refused_not_joined(url, named):
    with pytest.raises(StoreError) as caught:
        ws_url(url)
    message = str(caught.value)
    assert named in message and "give it on one line, as ws://HOST:PORT" in message and "\n" not in message


def test_a_url_with_only_a_trailing_line_break_is_read_as_typed():
    assert ws_url("ws://127.0.0.1:8080\n") == "ws://127.0.0.1:8080"  # `$(cat url.txt)`, a file's last newline


def one_error_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("Error:"), stderr
    assert "Traceback" not in stderr and all(
        w not in stderr for w in ("aiohttp", "Errno", "ssl:default", "message=")
    ), stderr
    return lines[-1]


@pytest.mark.parametrize("blank", ["   ", ""])
def test_a_server_url_or_token_set_but_blank_is_refused_not_taken_for_the_local_file(quire_home, blank):
    # Issue 26: `QUIRE_HOME=` (set but empty) silently meant ~/.quire. The same class on the store:
    # `export QUIRE_DB_URL=$SERVER` with SERVER unset (or `url = ""`, or blanks) wrote into the local
    # file without a word, and an empty QUIRE_DB_TOKEN asked the server with no token.
    run_forked("capture", "The lisbon office opens at nine every weekday morning")
    before = (quire_home / "quire.db").read_bytes()
    done = run_forked("capture", "A memory meant for the server tonight", env={"QUIRE_DB_URL": blank})
    assert done.returncode == 1 and one_error_line(done.stderr).startswith("Error: QUIRE_DB_URL is blank")
    (quire_home / "config.toml").write_text(f'[store]\nurl = "{blank}"\n', encoding="utf-8")
    done = run_forked("capture", "Another memory meant for the server tonight")
    assert done.returncode == 1 and "[store] url in" in one_error_line(done.stderr)
    (quire_home / "config.toml").write_text('[store]\nurl = "ws://127.0.0.1:9"\n', encoding="utf-8")
    done = run_forked("status", env={"QUIRE_DB_TOKEN": blank})
    assert done.returncode == 1 and one_error_line(done.stderr).startswith("Error: QUIRE_DB_TOKEN is blank")
    assert (quire_home / "quire.db").read_bytes() == before
    (quire_home / "config.toml").write_text("", encoding="utf-8")
    listed = run_forked("recent", "--json")  # the control: unset is the file, and nothing went into it
    assert listed.returncode == 0 and "meant for the server" not in listed.stdout and "lisbon" in listed.stdout


def test_every_place_a_server_url_comes_from_refuses_a_line_break_naming_itself(quire_home):
    run_forked("capture", "The lisbon office opens at nine every weekday morning")
    done = run_forked("store", "push", "ws://127.0.0.1:80\n80")  # refused by its form: a usage error naming URL
    said = one_error_line(done.stderr)
    assert done.returncode == 2 and said.startswith("Error: URL: the server URL holds a line break"), said
    done = run_forked("status", env={"QUIRE_DB_URL": "ws://127.0.0.1:80\n80"})
    assert done.returncode == 1 and one_error_line(done.stderr).startswith("Error: QUIRE_DB_URL: the server URL holds")
    (quire_home / "config.toml").write_text('[store]\nurl = "ws://127.0.0.1:80\\n80"\n', encoding="utf-8")
    done = run_forked("status")
    assert done.returncode == 1 and "store.url: holds a line break or control character" in one_error_line(done.stderr)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"QUIRE_DB_URL": "ws://127.0.0.1:9", "QUIRE_DB_TOKEN": "abc\ndef"}, "QUIRE_DB_TOKEN holds a line break"),
        ({"QUIRE_HOME": "/tmp/quire-a\nb"}, "QUIRE_HOME holds a line break or control character"),
    ],
)
def test_a_token_or_home_with_a_line_break_inside_is_refused(quire_home, env, says):
    done = run_forked("status", env=env)
    assert done.returncode == 1 and says in one_error_line(done.stderr), done.stderr


def fake_server(kind: str) -> tuple[socket.socket, int]:
    """A listener that answers as `kind`: silent, closes at once, garbage bytes, or plain HTTP 404."""
    listener = socket.create_server(("127.0.0.1", 0))

    def answer(conn: socket.socket) -> None:
        with conn:
            if kind == "silent":
                threading.Event().wait(30)
                return
            if kind == "close":
                return
            conn.recv(65536)
            conn.sendall(b"\x00\xffnot http at all\r\n\r\n" if kind == "garbage" else b"HTTP/1.1 404 Not Found\r\n\r\n")

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=answer, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return listener, listener.getsockname()[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("refused", "nothing listens there (connection refused)"),
        ("close", "it closed the connection"),
        ("garbage", "something answers there, but not in HTTP"),
        ("http404", "something answers there, but not as a libSQL server (HTTP 404"),
        ("silent", "it did not answer in time"),
    ],
)
def test_a_dead_or_foreign_server_is_said_in_quires_words(quire_home, kind, says):
    listener = None
    if kind == "refused":
        port = free_port()
    else:
        listener, port = fake_server(kind)
    try:
        run_forked("capture", "The lisbon office opens at nine every weekday morning")
        ways = (
            (("store", "push", f"ws://127.0.0.1:{port}"), {}),
            (("store", "pull", f"ws://127.0.0.1:{port}"), {}),
            (("status",), {"QUIRE_DB_URL": f"ws://127.0.0.1:{port}"}),
        )
        for args, env in ways[:1] if kind == "silent" else ways:  # silent: 5 s each, one is enough
            done = run_forked(*args, env=env, timeout=60)
            line = one_error_line(done.stderr)
            assert done.returncode == 1 and f"ws://127.0.0.1:{port} cannot be reached: {says}" in line, (args, line)
            assert "Check that sqld runs there and the URL" in line
    finally:
        if listener is not None:
            listener.close()


def test_serve_refuses_a_host_with_a_line_break_and_names_a_host_that_is_not_here(quire_home):
    # Before: `--host "127.0.0.1\n1"` was looked up as a name, and every bind failure said
    # "use another --port", the fix for a port in use, not for a host that is not this machine.
    done = run_forked("serve", "--host", "127.0.0.1\n1", "--port", "0")
    assert done.returncode == 2 and "holds a space, line break or control character" in done.stderr
    done = run_forked("serve", "--host", "no-such-host.invalid", "--port", "0")
    line = one_error_line(done.stderr)
    assert done.returncode == 1 and "it is not an address of this machine; use --host 127.0.0.1" in line, line


def test_tls_to_a_plain_server_and_a_name_that_does_not_resolve_are_said_in_words(tmp_path):
    from memory.db import RemoteDatabase
    from memory.errors import Unreachable

    listener, port = fake_server("http404")
    try:
        for url, says in (
            (f"wss://127.0.0.1:{port}", "the TLS handshake failed (wss:// to a server without TLS"),
            ("ws://no-such-host.invalid:8080", "its host name does not resolve"),
        ):
            with pytest.raises(Unreachable) as caught:
                RemoteDatabase(url, anchor=tmp_path / "quire.db")
            message = str(caught.value)
            assert says in message and "Errno" not in message and "ssl" not in message.lower().replace("tls", ""), (
                message
            )
    finally:
        listener.close()


def websocket_server(mode: str) -> tuple[Callable[[], None], int]:
    """A WebSocket server that takes hrana's handshake, then answers garbage or closes; the first
    item stops it (its connections closed on its own loop, then the loop stopped and closed)."""
    import asyncio

    from aiohttp import web

    loop = asyncio.new_event_loop()
    runners: list[web.AppRunner] = []
    found: list[int] = []

    async def answer(request):
        ws = web.WebSocketResponse(protocols=["hrana2"])
        await ws.prepare(request)
        async for _ in ws:
            if mode == "close":
                await ws.close()
            else:
                await ws.send_str("this is not hrana {")
        return ws

    async def main() -> None:
        app = web.Application()
        app.router.add_get("/", answer)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        runners.append(runner)
        found.append(site._server.sockets[0].getsockname()[1])

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(main(), loop).result(10)

    def stop() -> None:
        asyncio.run_coroutine_threadsafe(runners[0].cleanup(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()

    return stop, found[0]


@pytest.mark.parametrize(
    ("mode", "says"),
    [("garbage", "it does not speak libSQL's protocol (hrana over WebSocket)"), ("close", "it closed the connection")],
)
def test_a_websocket_server_that_is_not_sqld_is_said_in_words(tmp_path, mode, says):
    # Before: "(HRANA_WEBSOCKET_ERROR: WebSocket was closed with code 1000: '')" and the like.
    from memory.db import RemoteDatabase
    from memory.errors import Unreachable

    stop, port = websocket_server(mode)
    try:
        with pytest.raises(Unreachable) as caught:
            RemoteDatabase(f"ws://127.0.0.1:{port}", anchor=tmp_path / "quire.db")
        assert f"cannot be reached: {says}" in str(caught.value) and "HRANA" not in str(caught.value)
    finally:
        stop()


def test_a_home_whose_path_is_not_utf8_is_refused_before_anything_is_made(tmp_path):
    # Before: the folder was made, then "the database ... refused the operation ('utf-8' codec can't
    # encode character '\udce9' ...); run `quire doctor`": Python's words, and the wrong fix.
    import os

    home = tmp_path / os.fsdecode(b"caf\xe9")
    done = run_forked("capture", "The lisbon office opens at nine every weekday morning", env={"QUIRE_HOME": str(home)})
    line = one_error_line(done.stderr)
    assert done.returncode == 1 and "is not a UTF-8 path; rename the folder" in line and "codec" not in line
    assert not home.exists()


def test_restore_of_a_backup_whose_path_is_not_utf8_names_the_fix(cli, cli_json, quire_home, tmp_path):
    import os
    import shutil

    cli_json("capture", "The lisbon office opens at nine every weekday morning")
    backup = cli_json("backup")["path"]
    odd = tmp_path / os.fsdecode(b"b\xe9.db")
    shutil.copyfile(backup, odd)
    result = cli("restore", str(odd))
    assert result.exit_code == 1 and "is not a UTF-8 path, which the database driver needs; rename it" in result.stderr
    assert "codec" not in result.stderr and cli_json("status")["total"] == 1


def test_an_offline_write_naming_an_id_no_memory_can_have_is_refused_not_queued(quire_home):
    # Online, `quire forget "mem abc"` is "no memory" at once; offline it was queued, then failed at
    # every `quire sync` and stayed in the outbox for good. Same for pin, confirm and supersede.
    env = {"QUIRE_DB_URL": "ws://127.0.0.1:9"}  # nothing listens: every write queues
    for args in (
        ("forget", "mem abc"),
        ("pin", "x!"),
        ("confirm", "mem_1/2"),
        ("supersede", "mem abc", "The deploy happens on Fridays after the billing freeze ends"),
    ):
        done = run_forked(*args, env=env)
        # A usage error (exit 2) naming the form of an id, as online: no memory can have such an id.
        assert done.returncode == 2 and "is not a memory id" in one_error_line(done.stderr), (args, done.stderr)
        assert "queued" not in done.stdout
    assert not (quire_home / "outbox.db").exists()
