"""Session 38's faces, by class: the same input sent to the library, the CLI, `quire serve` (its API
and its screens) and MCP gets the same outcome in the same words, and a refusal changes nothing.

- An id a person pastes with a space or line break around it is read as the id on every operation:
  a queued write's key was the one id refused for it (its request model was not the shared one).
- A list that must not be empty says so in words ("keys: needs at least 1 items" before).
- A form posted to the screens is framed by the API's rules: chunks read, a Content-Length that is
  no length refused in the API's words, a body past the limit drained and refused.
- A number in a screen's address it cannot read is refused, not taken as the default (review's after=).
- The store's file is not replaced under a warm process: `store push|pull` are refused while `quire
  serve` holds the home, and a kept Session (`quire mcp`, the curate walk) opens the store again when a
  restore or pull put another file in its place."""

from __future__ import annotations

import html
import json
import socket
from types import SimpleNamespace
from urllib.parse import quote, urlencode

import anyio
import pytest

import quire
from quire import mcp_server, ops
from quire.api import Home
from quire.ops.registry import Request
from tests.test_adversary_s36_acknowledged import refused_on
from tests.test_adversary_values import http_post
from tests.test_sync_drop import FIRST, queued_keys
from tests.ui_home import Browserless, seed, start


@pytest.mark.parametrize("route", ["library", "cli", "service"])
def test_a_queued_writes_key_pasted_with_spaces_around_it_is_dropped_on_every_route(
    cli, monkeypatch, quire_home, route
):
    # Before: " w_...\n" (a key copied from `quire sync list` with its line end) was "keys.0: is not a
    # queued write's key", while a memory id pasted the same way is read as the id on every operation.
    [key] = queued_keys(cli, monkeypatch, FIRST)
    pasted = f"  {key}\n"
    if route == "library":
        with quire.open(quire_home) as q:
            dropped = q.run("sync_drop", keys=[pasted]).model_dump()
    elif route == "cli":
        out = cli("sync", "drop", "--json", pasted)
        assert out.exit_code == 0, out.output
        dropped = json.loads(out.stdout)
    else:
        running = start()
        try:
            wire = SimpleNamespace(info={"port": running.port}, token=(quire_home / "serve.token").read_text().strip())
            status, data = http_post(wire, "sync_drop", json.dumps({"params": {"keys": [pasted]}}).encode())
        finally:
            running.stop()
        assert status == 200, data
        dropped = data["result"]
    assert [d["key"] for d in dropped["dropped"]] == [key] and dropped["queued"] == 0
    assert FIRST.encode() not in (quire_home / "outbox.db").read_bytes()


def test_every_operation_reads_its_text_fields_as_every_other_does():
    # The shared request base strips a value's ends and refuses an unknown field: an operation on a
    # model of its own drifted (sync_drop refused " w_..." that every id field takes).
    own = {
        name
        for name, spec in ops.OPS.items()
        if not issubclass(spec.request, Request) and spec.request.model_config.get("str_strip_whitespace") is not True
    }
    assert own == set(), own


@pytest.mark.parametrize("route", ["library", "service"])
def test_an_empty_list_is_refused_in_words(quire_home, route):
    said = refused_on(route, quire_home, "sync_drop", {"keys": []})
    assert said == "invalid sync_drop parameters: keys: must not be empty; give at least one", said


# -- a form is framed by the API's rules -------------------------------------------------------------


def _raw(port: int, path: str, head: dict[str, str], body: bytes) -> tuple[int, str]:
    """One request written by hand (a chunked body, a Content-Length that is no length): status, body."""
    lines = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", *(f"{k}: {v}" for k, v in head.items())]
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        reply = b""
        while got := sock.recv(1 << 16):
            reply += got
    status_line, _, rest = reply.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2].decode("utf-8", "replace")


@pytest.fixture
def screens(quire_home):
    running = seed(start(), revisions=1, rebuild=False)
    try:
        yield Browserless(running).sign_in()
    finally:
        running.stop()


def _browser(web: Browserless) -> dict[str, str]:
    port = web.served.port
    return {
        "Cookie": web.cookie,
        "Origin": f"http://127.0.0.1:{port}",
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
    }


def test_a_chunked_form_is_read_by_the_screens_as_the_api_reads_a_chunked_body(screens):
    # Before: the screens read a chunked form as empty and refused it as "the form's CSRF token is
    # missing or stale; reload the page" (it was there, in the chunk); the API reads chunks.
    mid = next(iter(screens.served.ids.values()))
    form = urlencode({"csrf": screens.csrf}).encode()
    chunked = f"{len(form):x}\r\n".encode() + form + b"\r\n0\r\n\r\n"
    head = {**_browser(screens), "Transfer-Encoding": "chunked"}
    status, said = _raw(screens.served.port, f"/memory/{mid}/pin", head, chunked)
    assert status == 303, said
    assert screens.served.run("memory_show", memory_id=mid)["pinned"] is True


def test_a_content_length_that_is_no_length_is_refused_in_one_wording_by_the_api_and_the_screens(screens):
    # Before: the screens read "Content-Length: abc" as 0 and said the CSRF token was missing.
    port = screens.served.port
    mid = next(iter(screens.served.ids.values()))
    before = screens.served.run("memory_show", memory_id=mid)
    form = urlencode({"csrf": screens.csrf}).encode()
    ui_status, ui_said = _raw(port, f"/memory/{mid}/pin", {**_browser(screens), "Content-Length": "abc"}, form)
    token = screens.served.svc.token
    api_head = {"Authorization": f"Bearer {token}", "Content-Length": "abc"}
    api_status, api_said = _raw(port, "/v1/ops/pin", api_head, json.dumps({"params": {"memory_id": mid}}).encode())
    words = "the request's Content-Length 'abc' is not a length in bytes; send the body's size"
    assert (ui_status, api_status) == (400, 400)
    assert words in ui_said and json.loads(api_said)["error"]["message"] == words, (ui_said, api_said)
    assert screens.served.run("memory_show", memory_id=mid) == before


def test_a_form_past_the_screens_limit_is_refused_in_the_api_s_words_and_nothing_is_done(screens):
    mid = next(iter(screens.served.ids.values()))
    form = urlencode({"csrf": screens.csrf, "confirm": "yes", "reason": "x" * 1_000_000}).encode()
    head = {**_browser(screens), "Content-Length": str(len(form))}
    status, said = _raw(screens.served.port, f"/memory/{mid}/forget", head, form)
    assert status == 413 and "the request body is over 65,536 bytes; send less" in said, said
    assert screens.served.run("memory_show", memory_id=mid)["status"] == "active"


@pytest.mark.parametrize("after", ["abc", "１", "2.5", "0x1"])
def test_the_review_screen_refuses_an_after_it_cannot_read_as_the_pages_screen_refuses_its_from(screens, after):
    # Before: /review?after=abc quietly showed the first item; /pages?from=abc is refused.
    status, _, body = screens.request("GET", f"/review?after={quote(after)}")
    assert status == 400 and "must be a whole number" in html.unescape(body), body[-600:]
    assert f"after={after!r}" in html.unescape(body)
    status, _, body = screens.request("GET", f"/review?after={screens.served.items[0] - 1}")
    assert status == 200 and f"#{screens.served.items[0]}" in body


# -- a running service holds its home: the store's file is not moved under it ------------------------


@pytest.mark.parametrize("argv", [["store", "pull", "--force"], ["store", "push", "--force"]])
def test_store_pull_and_push_are_refused_while_quire_serve_holds_the_home(sqld_url, quire_home, cli, cli_json, argv):
    # Before: `store pull --force` renamed a new file over the one the service had open (and removed its
    # log): a capture the service acknowledged after the pull was in no store the next start opened.
    with quire.open(quire_home) as q:
        q.capture("The build server runs on a Debian 11 virtual machine", type="fact")
    assert cli_json("store", "push", sqld_url)["verified"]
    running = start()
    try:
        out = cli(*argv[:2], sqld_url, *argv[2:])
        assert out.exit_code == 1 and "a `quire serve` holds this home open" in out.stderr, out.output
        assert out.stderr.count("\n") == 1, out.stderr
        acked = running.run("capture", content="The billing team meets every Thursday afternoon in room four")
    finally:
        running.stop()
    with quire.open(quire_home) as q:
        assert q.show(acked["id"]).content.startswith("The billing team meets")
    assert not list(quire_home.glob("quire.db.replaced-*"))
    assert cli_json("store", "pull", sqld_url, "--force")["verified"]  # stopped, it runs


def _mcp_tools(home):
    server = mcp_server.build(Home(home))

    def call(name: str, args: dict) -> dict:
        async def main():
            return await server.call_tool(name, args)

        return anyio.run(main).structured_content

    return call


@pytest.mark.parametrize("replace", ["restore", "store pull --force"])
def test_what_a_running_quire_mcp_acknowledges_after_a_restore_or_pull_is_in_the_store(
    request, quire_home, cli, cli_json, replace
):
    # Before: `quire mcp` kept the Session it had opened on the file a restore (or pull) renamed away:
    # an agent's capture acknowledged after it was in the replaced copy, and its recall still read it.
    with quire.open(quire_home) as q:
        q.capture("The build server runs on a Debian 11 virtual machine", type="fact")
    if replace == "restore":
        source = cli_json("backup")["path"]
    else:
        source = request.getfixturevalue("sqld_url")
        assert cli_json("store", "push", source)["verified"]
    mcp = _mcp_tools(quire_home)
    gone = mcp("capture", {"content": "The ledger service moved to the Lisbon data centre in March"})["id"]
    out = cli("restore", source) if replace == "restore" else cli("store", "pull", source, "--force")
    assert out.exit_code == 0, out.output
    acked = mcp("capture", {"content": "The billing team meets every Thursday afternoon in room four"})["id"]
    assert acked in [r["id"] for r in mcp("recall", {"query": "billing team Thursday afternoon"})["results"]]
    assert gone not in [r["id"] for r in mcp("recall", {"query": "ledger service Lisbon data centre"})["results"]]
    with quire.open(quire_home) as q:
        assert q.show(acked).content.startswith("The billing team meets")


@pytest.mark.parametrize("convert", ["encrypt", "rekey", "decrypt"])
def test_a_key_change_while_quire_mcp_has_the_home_open_is_refused_and_changes_nothing(
    quire_home, cli, monkeypatch, convert
):
    # Before: `quire encrypt` copied its backup, then failed ("Rekeying is not supported in WAL journal
    # mode; run `quire doctor`"); every other command was refused until it was run again, and run again
    # it put that copy back over the agent's captures made since.
    with quire.open(quire_home) as q:
        q.capture("The build server runs on a Debian 11 virtual machine", type="fact")
    monkeypatch.setenv("QUIRE_KEY", "k" * 64)
    if convert != "encrypt":
        assert cli("encrypt", "--key").exit_code == 0
    mcp = _mcp_tools(quire_home)
    mcp("capture", {"content": "The ledger service moved to the Lisbon data centre in March"})
    if convert == "rekey":
        monkeypatch.delenv("QUIRE_KEY")  # a rekey is to a passphrase or the key store: the marker keeps the key
        out = cli("rekey", "--passphrase", input="a long new passphrase\na long new passphrase\n")
    else:
        out = cli(convert, *(["--key"] if convert == "encrypt" else []))
    said = out.stderr.strip().splitlines()[-1]  # after a rekey's passphrase prompts: one line
    assert out.exit_code == 1 and said.startswith("Error: another process has ") and "nothing was changed" in said
    assert not list(quire_home.glob("*.plain-backup"))
    acked = mcp("capture", {"content": "The billing team meets every Thursday afternoon in room four"})["id"]
    assert cli("status").exit_code == 0  # not wedged: no half-done conversion refuses every command
    with quire.open(quire_home) as q:
        assert q.show(acked).content.startswith("The billing team meets")


def test_an_offline_forget_from_the_screens_says_it_is_queued_and_what_it_could_not_do_as_the_cli_does(
    server, tmp_path, monkeypatch
):
    # Before: the screen flashed the queued message without the warning the CLI prints (and MCP returns),
    # that the vault files on this device still held the memory's text, on the screen that says it is
    # "gone from the store, its pages and snapshots".
    from tests.server_homes import device
    from wiki import forget as forgetting

    s = device(tmp_path, "laptop", server.url)
    with s:
        gone = ops.run(s, "capture", {"content": "Marisol from HR told me the reorganisation lands in March"})["id"]
        assert ops.run(s, "recall", {"query": "reorganisation"})["results"]  # a replica to read offline
    server.stop()

    def unwritable(session, memory_id):
        raise PermissionError(13, "Permission denied", str(tmp_path / "laptop" / "wiki" / "notes.md"))

    monkeypatch.setattr(forgetting, "scrub_here", unwritable)
    monkeypatch.setenv("QUIRE_HOME", str(tmp_path / "laptop"))
    running = start()
    try:
        web = Browserless(running).sign_in()
        status, headers, _ = web.post(f"/memory/{gone}/forget", {"confirm": "yes"})
        assert status == 303, headers
        _, _, page = web.request("GET", headers["location"])
    finally:
        running.stop()
    said = html.unescape(page)
    assert "forget queued in the outbox" in said, said[-900:]
    assert "; warning: the vault files on this device still hold its text (" in said
    assert "notes.md: Permission denied" in said
    # and not the forgotten screen, which says the memory is gone from the store, pages and snapshots
    assert headers["location"] != "/forgotten" and "data-forgotten" not in said


@pytest.mark.parametrize("route", ["library", "service"])
def test_an_operation_that_takes_no_parameters_says_so_when_given_one(quire_home, route):
    # Before: "invalid status parameters: limit: unknown parameter; allowed: " (an empty list named).
    said = refused_on(route, quire_home, "status", {"limit": 5})
    assert said == "invalid status parameters: limit: unknown parameter; status takes none", said
