"""The server URL a person types or sets: refused in one line when it cannot be one, never a
traceback, and never printed with a secret in it."""

from __future__ import annotations

import pytest

from memory.db import redact, ws_url
from memory.errors import StoreError
from tests.conftest import run_forked as run_quire  # a real process: the driver's panic aborted it


@pytest.mark.parametrize(
    "url",
    ["", "ws://", "ws://[::1", "ws://a b", "ws://x\x00y", "ws://127.0.0.1:99999", "ws://127.0.0.1:abc", "file:///etc"],
)
def test_a_url_that_cannot_be_a_server_is_refused_with_the_form_to_use(url):
    with pytest.raises(StoreError, match="ws://HOST:PORT"):
        ws_url(url)


@pytest.mark.parametrize(
    ("url", "normal"),
    [
        ("ws://127.0.0.1:8080", "ws://127.0.0.1:8080"),
        (" WS://db.example.org:8080 ", "ws://db.example.org:8080"),
        ("ws://[::1]:8080", "ws://[::1]:8080"),
        ("libsql://db.example.org", "wss://db.example.org"),
        ("libsql://db.example.org?tls=0", "ws://db.example.org"),
    ],
)
def test_a_server_url_is_normalised(url, normal):
    assert ws_url(url) == normal


def test_http_is_refused_naming_the_websocket_url():
    with pytest.raises(StoreError, match=r"use ws://db\.example\.org:8080"):
        ws_url("http://db.example.org:8080")


def test_redact_drops_user_info_and_query_and_keeps_ipv6_brackets():
    assert redact("ws://me:s3cret@[::1]:8080/x?authToken=abc") == "ws://[::1]:8080/x"
    assert "s3cret" not in redact("ws://me:s3cret@host:1") and redact("ws://[::1") == "(an unreadable URL)"


@pytest.mark.parametrize(
    "url", ["libsql://%00", "ws://%41:8080", "ws://127.0.0.1:8080/a b", "ws://db..example.org:8080"]
)
def test_a_url_the_driver_cannot_take_is_refused_before_it_is_given_one(url):
    # Before: accepted, then libSQL's Rust URI parser panicked (a Rust backtrace, exit 120) on a '%'
    # in the host or a space in the path, and "db..example.org" failed in the IDNA codec as "the
    # database refused the operation; run `quire doctor`".
    with pytest.raises(StoreError, match=r"is not readable.*ws://HOST:PORT"):
        ws_url(url)


def test_the_cli_says_one_line_for_a_server_url_the_driver_cannot_take(tmp_path):
    env = {"QUIRE_HOME": str(tmp_path / "home"), "QUIRE_EMBEDDER": "fake", "QUIRE_DB_URL": "ws://%41:8080"}
    result = run_quire("status", "--json", env=env)
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "the server URL is not readable" in result.stderr and "panicked" not in result.stderr
