"""`quire serve` on the wire: HEAD and methods it has no handler for, and headers sent twice."""

from __future__ import annotations

import http.client
import json
import os
import socket
import threading
from contextlib import suppress

import pytest

from memory import files
from memory.errors import QuireError
from memory.home import Home
from quire import client
from tests.ui_home import Browserless, start


@pytest.fixture
def served(quire_home):
    s = start()
    try:
        yield s
    finally:
        s.stop()


def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send `request` as written (headers twice, odd methods) and read the reply to the end."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def api_request(method: str, path: str, port: int, *headers: str, body: bytes = b"") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", *headers, f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


@pytest.mark.parametrize(("path", "use"), [("/v1/service", "GET"), ("/v1/ops", "GET"), ("/v1/ops/status", "POST")])
def test_head_is_refused_as_put_is_with_allow_and_no_body(served, path, use):
    # Before: http.server's HTML 501 "Unsupported method ('HEAD')".
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    conn.request("HEAD", path, headers={"Authorization": f"Bearer {served.svc.token}"})
    reply = conn.getresponse()
    assert reply.status == 405 and reply.getheader("Allow") == use
    assert reply.getheader("Content-Type") == "application/json" and reply.read() == b""
    conn.close()
    # What it would have said, in the same words as PUT:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    conn.request("PUT", path, headers={"Authorization": f"Bearer {served.svc.token}"})
    reply = conn.getresponse()
    assert reply.status == 405 and reply.getheader("Allow") == use and json.loads(reply.read())["error"]
    conn.close()


def test_head_without_the_token_is_refused_before_anything_is_said_about_the_route(served):
    status, _, body = raw(served.port, api_request("HEAD", "/v1/service", served.port))
    assert status == 401 and body == b""


@pytest.mark.parametrize("method", ["TRACE", "CONNECT", "FROB"])
def test_a_method_http_server_has_no_handler_for_gets_the_json_405(served, method):
    auth = f"Authorization: Bearer {served.svc.token}"
    status, headers, body = raw(served.port, api_request(method, "/v1/ops/status", served.port, auth))
    assert status == 405 and headers["allow"] == "POST", body
    assert json.loads(body)["error"]["message"].startswith(f"{method} is not how /v1/ops/status is called")


def test_a_malformed_request_line_is_answered_in_json(served):
    many = "".join(f"X-{i}: 1\r\n" for i in range(200))  # past http.server's 100 headers
    status, headers, body = raw(served.port, f"GET /v1/service HTTP/1.1\r\n{many}\r\n".encode())
    assert status == 431 and headers["content-type"] == "application/json"
    assert "nothing was done" in json.loads(body)["error"]["message"]


def test_the_screens_answer_head_and_put_with_405_and_allow(served):
    web = Browserless(served).sign_in()
    for method, path, allow in [
        ("HEAD", "/status", "GET"),
        ("PUT", "/review/1", "GET, POST"),
        ("HEAD", "/static/app.css", "GET"),
    ]:
        status, headers, body = web.request(method, path)
        assert status == 405 and headers["allow"] == allow, (method, path, status, body)
        assert body == ("" if method == "HEAD" else "method not allowed; use GET, POST\n")
    assert web.request("GET", "/status")[0] == 200  # control: the screen is there for GET


@pytest.mark.parametrize("header", ["Authorization", "Cookie", "Host"])
@pytest.mark.parametrize("path", ["/v1/ops/status", "/status"])
def test_a_request_sending_a_credential_twice_is_refused_whichever_copy_is_good(served, header, path):
    # Before: the API read the first Authorization, the screens the last (a dict of the headers):
    # a request holding a good token and a bad one was served either way round.
    web = Browserless(served).sign_in()
    good = {
        "Authorization": f"Authorization: Bearer {served.svc.token}",
        "Cookie": f"Cookie: {web.cookie}",
        "Host": f"Host: 127.0.0.1:{served.port}",
    }
    bad = {"Authorization": "Authorization: Bearer nope", "Cookie": "Cookie: quire_session=nope", "Host": "Host: evil"}
    method = "POST" if path.startswith("/v1/") else "GET"
    body = b'{"params": {}}' if method == "POST" else b""
    for pair in ([good[header], bad[header]], [bad[header], good[header]]):
        others = [good[h] for h in ("Authorization", "Cookie") if h != header]
        lines = [f"{method} {path} HTTP/1.1", *pair, *others, f"Content-Length: {len(body)}"]
        if header != "Host":
            lines.insert(1, good["Host"])
        status, _, reply = raw(served.port, ("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        assert status == 400, (pair, status, reply)
        assert json.loads(reply)["error"]["message"] == f"the request sends {header} twice; send it once"
    # Control: each good copy alone is served.
    lines = [f"{method} {path} HTTP/1.1", *good.values(), f"Content-Length: {len(body)}"]
    assert raw(served.port, ("\r\n".join(lines) + "\r\n\r\n").encode() + body)[0] == 200


def test_the_session_cookie_twice_in_one_header_is_refused(served):
    web = Browserless(served).sign_in()
    value = web.cookie.split("=", 1)[1]
    for cookie in (f"quire_session=nope; quire_session={value}", f"quire_session={value}; quire_session=nope"):
        status, _, body = web.request("GET", "/status", headers={"Cookie": cookie})
        assert status == 400 and "quire_session cookie twice" in body, (cookie, status, body)
    assert web.request("GET", "/status", headers={"Cookie": f"other=1; quire_session={value}"})[0] == 200


@pytest.mark.timeout(60)  # on the old code the client waited 300 s for the stand-in's answer
def test_the_client_follows_no_serve_json_another_user_can_write(quire_home):
    # Before: whoever could write serve.json chose where the CLI sent this home's token and every request.
    listener = socket.create_server(("127.0.0.1", 0))
    got: list[bytes] = []

    def answer_401() -> None:
        conn, _ = listener.accept()
        with conn:
            got.append(conn.recv(65536))
            conn.sendall(b"HTTP/1.0 401 Unauthorized\r\nContent-Length: 2\r\n\r\n{}")

    quire_home.mkdir(parents=True)
    state = quire_home / "serve.json"
    state.write_text(json.dumps({"pid": os.getpid(), "host": "127.0.0.1", "port": listener.getsockname()[1]}))
    _HELD.append(files.lock(state))  # held, as a running service holds it
    (quire_home / "serve.token").write_text("the-token")
    os.chmod(quire_home / "serve.token", 0o600)
    os.chmod(state, 0o666)
    with pytest.raises(QuireError, match="is writable by others"):
        client.call("status", {}, home=Home(quire_home))
    # Control: the same file, private, is followed (the stand-in refuses the token: the call runs locally).
    os.chmod(state, 0o600)
    thread = threading.Thread(target=answer_401)
    thread.start()
    assert client.call("status", {}, home=Home(quire_home))["total"] == 0
    thread.join(timeout=30)
    listener.close()
    assert len(got) == 1 and b"Bearer the-token" in got[0]


# The stand-ins' locks on their serve.json, held to the end of the run (each test's home is its own).
_HELD: list[int | None] = []


def _stand_in(quire_home) -> tuple[socket.socket, list[bytes], threading.Thread]:
    """A serve.json (0600, a live pid) pointing at a listener that answers 401 once (the token
    refused: the call then runs locally) and keeps what it was sent."""
    listener = socket.create_server(("127.0.0.1", 0))
    got: list[bytes] = []

    def answer_401() -> None:
        listener.settimeout(30)
        with suppress(OSError):
            conn, _ = listener.accept()
            with conn:
                got.append(conn.recv(65536))
                conn.sendall(b"HTTP/1.0 401 Unauthorized\r\nContent-Length: 2\r\n\r\n{}")

    quire_home.mkdir(parents=True, exist_ok=True)
    state = quire_home / "serve.json"
    state.write_text(json.dumps({"pid": os.getpid(), "host": "127.0.0.1", "port": listener.getsockname()[1]}))
    os.chmod(state, 0o600)
    _HELD.append(files.lock(state))  # held, as a running service holds it (one nobody holds is stale)
    thread = threading.Thread(target=answer_401)
    thread.start()
    return listener, got, thread


@pytest.mark.timeout(60)
@pytest.mark.parametrize("mode", [0o644, 0o604, 0o640, 0o620, 0o666])
def test_the_client_sends_no_serve_token_others_can_read_or_write(others_group, quire_home, mode):
    # Before: serve.token was read and sent whatever its mode (serve.json, config.toml and the
    # store's token file were checked; the service's own bearer token was not).
    listener, got, thread = _stand_in(quire_home)
    token = quire_home / "serve.token"
    token.write_text("the-token")
    os.chmod(token, mode)
    try:
        said = r"serve\.token is (readable|writable) by others.*quire serve --stop"
        with pytest.raises(QuireError, match=said) as exc:
            client.call("status", {}, home=Home(quire_home))
        assert "\n" not in str(exc.value) and got == []
        # Control: the same token, 0600, is sent (the stand-in refuses it: the call runs locally).
        os.chmod(token, 0o600)
        assert client.call("status", {}, home=Home(quire_home))["total"] == 0
    finally:
        thread.join(timeout=30)
        listener.close()
    assert len(got) == 1 and b"Bearer the-token" in got[0]


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_the_client_sends_no_serve_token_another_user_owns(quire_home):
    listener, got, thread = _stand_in(quire_home)
    token = quire_home / "serve.token"
    token.write_text("the-token")
    os.chmod(token, 0o600)
    os.chown(token, 4321, 4321)
    try:
        with pytest.raises(QuireError, match=r"serve\.token belongs to another user"):
            client.call("status", {}, home=Home(quire_home))
        os.chown(token, os.geteuid(), os.getegid())
        assert client.call("status", {}, home=Home(quire_home))["total"] == 0
    finally:
        thread.join(timeout=30)
        listener.close()
    assert len(got) == 1 and b"Bearer the-token" in got[0]


def test_a_serve_token_left_without_a_service_is_not_read(quire_home):
    # No serve.json: the CLI runs in process, and a loose leftover token stops nothing.
    quire_home.mkdir(parents=True)
    (quire_home / "serve.token").write_text("old")
    os.chmod(quire_home / "serve.token", 0o644)
    assert client.call("status", {}, home=Home(quire_home))["total"] == 0


@pytest.mark.parametrize(
    ("line", "status"),
    [
        ("GET / HTTP/9.9", 505),
        ("GET /v1/service HTTP/2.0", 505),
        ("GET / FOO/1.0", 400),
        ("GET / HTTP/1", 400),
        ("GET / HTTP/1.x", 400),
        ("POST /v1/ops/status HTTP/1.1.1", 400),
        ("GET /v1/service", 505),
        ("GET /", 505),
    ],
)
def test_a_request_line_with_a_bad_or_no_http_version_gets_a_json_status(served, line, status):
    # Before: http.server's answer to these had no status line and no headers, only an HTML page
    # (`GET /v1/service` with no version: the service's JSON with no status line at all).
    got, headers, body = raw(served.port, f"{line}\r\n\r\n".encode())
    assert got == status and headers["content-type"] == "application/json", body
    message = json.loads(body)["error"]["message"]
    assert "send HTTP/1.1" in message and "nothing was done" in message and "\n" not in message
    # Control: the same line with a version it speaks is answered as usual (401: no token).
    assert raw(served.port, api_request("GET", "/v1/service", served.port))[0] == 401


def _screen_write(served, memory_id: str, *auths: str) -> tuple[int, bytes]:
    lines = [f"POST /memory/{memory_id}/pin HTTP/1.1", f"Host: 127.0.0.1:{served.port}", *auths, "Content-Length: 0"]
    status, _, body = raw(served.port, ("\r\n".join(lines) + "\r\n\r\n").encode())
    return status, body


@pytest.mark.parametrize("order", ["good-first", "bad-first"])
def test_a_screen_write_with_the_bearer_token_twice_is_refused_and_changes_nothing(served, order):
    # The screens take the bearer token too (a script's write needs no cookie): Authorization sent
    # twice is refused on a screen's POST as on the API, and nothing is pinned.
    memory_id = served.run("capture", content="the boiler is serviced every October by the plumber")["id"]
    good, bad = f"Authorization: Bearer {served.svc.token}", "Authorization: Bearer nope"
    pair = (good, bad) if order == "good-first" else (bad, good)
    status, body = _screen_write(served, memory_id, *pair)
    assert status == 400 and "sends Authorization twice" in json.loads(body)["error"]["message"]
    assert _pinned(served, memory_id) is False
    # Control: the good token once is a write (303 back to the memory), and it is pinned.
    assert _screen_write(served, memory_id, good)[0] == 303
    assert _pinned(served, memory_id) is True


def _pinned(served, memory_id: str) -> bool:
    return bool(served.run("memory_show", memory_id=memory_id)["pinned"])
