"""The server URL a person types or sets: refused in one line when it cannot be one, never a
traceback, and never printed with a secret in it."""

from __future__ import annotations

import pytest

from memory.db import redact, ws_url
from memory.errors import StoreError


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
